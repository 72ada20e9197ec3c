//! `payctl events`: the webhook events of the application, by id. The API
//! has no route for events themselves; they are reached through their
//! deliveries (`webhooks::lookup`).

mod resend;

use clap::Subcommand;

use crate::context::Ctx;

#[derive(Debug, Subcommand)]
pub enum EventsCommand {
    /// Deliver an event again to every endpoint that got it (one more attempt each, now).
    #[command(after_help = "The event's deliveries are found on the application's endpoints (each endpoint's \
deliveries are read newest first, down to the event), and each is redelivered: the same body, signed again, one \
more attempt now. The event id is a delivery's `id` field (evt_...), as `payctl listen` and \
`payctl webhooks deliveries` show it.

Examples:
  payctl events resend evt_0193...
  payctl events resend evt_0193... --output json")]
    Resend {
        /// The event's id (evt_...): a delivery's `id` field, the EVENT ID column of `payctl webhooks deliveries`.
        event_id: String,
    },
}

pub async fn run(ctx: Ctx, cmd: EventsCommand) -> anyhow::Result<()> {
    match cmd {
        EventsCommand::Resend { event_id } => resend::run(ctx, &event_id).await,
    }
}
