//! `payctl sandbox fork`: `POST /sandbox/fork`, a new TEST application
//! holding a copy of one application's world (the TEST key's own, or with
//! the control token the one `--app` names). Its key goes into a profile
//! with `--save-profile NAME`, or is printed with `--show-secret`; the
//! answer maps each original id to its copy's.

use std::path::PathBuf;

use clap::Args;
use payctl_wire::sandbox::{ForkApplication, Forked};
use reqwest::Method;

use super::Running;
use crate::cli::Globals;
use crate::commands::resource::Session;
use crate::output::{self, Format};

pub const HELP: &str = "The fork holds a copy of the application's world: customers and their verification, \
beneficiaries, accounts and balances, the ledger, quotes, transactions, payments, transfers with their pending \
moves, customer markups, rates, webhook endpoints (with new signing secrets), fault rules and the clock. Request \
logs, deliveries and keys are not copied. Every record gets a new id; -o json prints the map (ids) from each \
original id to its copy's.

Examples:
  payctl sandbox fork --save-profile checkout-test    # then: payctl --profile checkout-test ...
  payctl sandbox fork --name 'ticket 4411' -o json --show-secret | jq -r .api_key.client_secret
  payctl sandbox fork --app APP_ID --ready ready.json --save-profile copy   # the control token's";

#[derive(Debug, Args)]
pub struct ForkArgs {
    /// With the control token: fork this TEST application (else the TEST key's own).
    #[arg(long, value_name = "APP_ID")]
    pub app: Option<String>,
    /// The new application's name (default: the original's, followed by " (fork)").
    #[arg(long)]
    pub name: Option<String>,
    #[command(flatten)]
    pub keep: Keep,
    /// The sandbox's ready line: base URL, TEST key and control token.
    #[arg(long, value_name = "FILE")]
    pub ready: Option<PathBuf>,
}

/// What to do with the new application's secrets, shown once.
#[derive(Debug, Args)]
pub struct Keep {
    /// Store the new application's key as profile NAME (with this base URL); the current profile stays.
    #[arg(long, value_name = "NAME")]
    pub save_profile: Option<String>,
    /// Print the new key's secret and the webhook signing secrets.
    #[arg(long)]
    pub show_secret: bool,
}

/// The API's fields by the flags that set them, for its errors.
const FLAGS: &[(&str, &str)] = &[("application_id", "--app"), ("name", "--name")];

pub async fn run(globals: &Globals, args: ForkArgs) -> anyhow::Result<()> {
    let running = Running::open(globals, args.ready.as_deref())?;
    let session = if args.app.is_some() { running.control_session()? } else { running.key_session()? };
    let session = Session { client: session.client.with_flags(FLAGS), ..session };
    let body = serde_json::to_value(ForkApplication { application_id: args.app, name: args.name })?;
    let forked: Forked = session.call(Method::POST, "/sandbox/fork", Some(&body)).await?;
    finish(session, forked, &args.keep, "Forked")
}

/// Keeps or shows a new world's secrets as asked, and prints it: shared by
/// `fork` and `snapshot load`.
pub fn finish(session: Session, mut forked: Forked, keep: &Keep, verb: &str) -> anyhow::Result<()> {
    let Session { mut ctx, client, .. } = session;
    let Some(secret) = forked.api_key.as_ref().and_then(|k| k.client_secret.clone()) else {
        return Err(crate::exit::secret_withheld(
            "api_key.client_secret",
            "create a key for the new application with `payctl keys create --app APP_ID --save`",
        ));
    };
    if let Some(profile) = &keep.save_profile {
        crate::commands::config::init::save_key(
            &mut ctx,
            client.base(),
            &secret,
            Some(forked.application.id.clone()),
            profile,
            true,
        )?;
    }
    if !keep.show_secret {
        if let Some(key) = &mut forked.api_key {
            key.client_secret = key.client_secret.as_ref().map(|_| "***".to_owned());
        }
        if let Some(secrets) = &mut forked.webhook_secrets {
            secrets.values_mut().for_each(|s| *s = "***".to_owned());
        }
    }
    crate::say!(
        "{verb} {} into application {} ({}): {} record(s) copied, {} id(s) mapped; not copied: {}.",
        forked.forked_from,
        forked.application.id,
        forked.application.name,
        forked.copied.values().sum::<i64>(),
        forked.ids.len(),
        forked.not_copied.join(", ")
    );
    if keep.save_profile.is_none() && !keep.show_secret {
        crate::say!(
            "Its key is not kept: pass --save-profile NAME to store it in a profile, or --show-secret to print it."
        );
    }
    if ctx.output == Format::Json {
        return output::json(&forked);
    }
    output::line(&output::safe::text(&format!("application {}", forked.application.id)))?;
    if keep.show_secret {
        output::line(&output::safe::text(&format!("api key {secret}")))?;
        for (endpoint, s) in forked.webhook_secrets.iter().flatten() {
            output::line(&output::safe::text(&format!("webhook {endpoint} secret {s}")))?;
        }
    }
    Ok(())
}
