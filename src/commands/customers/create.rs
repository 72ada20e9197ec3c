//! `payctl customers create`: `POST /v1/customers`.

use payctl_wire::customers::{CreateCustomer, Customer};
use reqwest::Method;

use super::CreateArgs;
use crate::commands::resource::{Cred, Session};
use crate::context::Ctx;

pub async fn run(ctx: Ctx, args: CreateArgs) -> anyhow::Result<()> {
    let flags = CreateCustomer {
        customer_type: args.customer_type,
        legal_name: args.legal_name,
        email: args.email,
        country: args.country,
        verification_level: args.verification_level,
        tax_id: args.tax_id,
    };
    let body = args.data.body(&flags)?;
    let flags = &[
        ("type", "--type"),
        ("legal_name", "--legal-name"),
        ("email", "--email"),
        ("country", "--country"),
        ("verification_level", "--verification-level"),
        ("tax_id", "--tax-id"),
    ];
    let s = Session::open_with(ctx, Cred::Key, flags).await?;
    let customer: Customer = s.call(Method::POST, "/v1/customers", Some(&body)).await?;
    s.created(format_args!("customer {}; verification is {}", customer.id, customer.kyb_status));
    s.print(&customer)
}
