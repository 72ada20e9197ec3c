//! `payctl pricing simulate`: `GET /v1/pricing/simulate`. The amount is
//! passed through as typed, so the API (not a float here) judges it.

use payctl_wire::pricing::Simulation;

use super::SimulateArgs;
use crate::commands::resource::{Cred, Session, query};
use crate::context::Ctx;

pub async fn run(ctx: Ctx, args: SimulateArgs) -> anyhow::Result<()> {
    let path = query(
        "/v1/pricing/simulate",
        &[
            ("source_amount", Some(args.amount.as_str())),
            ("source_currency", Some(args.from.as_str())),
            ("dest_currency", Some(args.to.as_str())),
            ("exchange_rate", args.rate.as_deref()),
            ("customer_id", args.customer.as_deref()),
        ],
    );
    let flags = &[
        ("source_amount", "--amount"),
        ("source_currency", "--from"),
        ("dest_currency", "--to"),
        ("exchange_rate", "--rate"),
        ("customer_id", "--customer"),
    ];
    Session::open_with(ctx, Cred::Bearer, flags).await?.show::<Simulation>(&path).await
}
