//! `payctl beneficiaries create`: `POST /v1/beneficiaries`.

use payctl_wire::beneficiaries::{BANK_ACCOUNT, Beneficiary, CreateAccount, CreateBeneficiary, STABLECOIN_WALLET};
use reqwest::Method;

use super::CreateArgs;
use crate::commands::resource::{Cred, Session};
use crate::context::Ctx;
use crate::exit;

/// The API's fields by the flags that set them.
const FLAGS: &[(&str, &str)] = &[
    ("customer_id", "--customer"),
    ("type", "--type"),
    ("full_name", "--full-name"),
    ("country", "--country"),
    ("gov_id_ref", "--gov-id-ref"),
    ("account.destination_asset", "--asset"),
    ("account.iban", "--iban"),
    ("account.bank_name", "--bank-name"),
    ("account.bank_country", "--bank-country"),
    ("account.routing", "--routing"),
    ("account.network", "--network"),
    ("account.address", "--address"),
    ("account.is_default", "--default"),
];

pub async fn run(ctx: Ctx, args: CreateArgs) -> anyhow::Result<()> {
    let bank = args.iban.is_some() || args.bank_name.is_some() || args.bank_country.is_some() || args.routing.is_some();
    let wallet = args.network.is_some() || args.address.is_some();
    // The kind is implied by the flags; `--data` may carry it instead.
    let kind = match (bank, wallet) {
        (true, true) => {
            return Err(exit::usage(
                "bank account flags (--iban, --bank-name, --bank-country, --routing) and wallet flags (--network, --address) cannot be mixed",
            ));
        }
        (true, false) => Some(BANK_ACCOUNT.to_owned()),
        (false, true) => Some(STABLECOIN_WALLET.to_owned()),
        (false, false) => None,
    };
    let flags = CreateBeneficiary {
        customer_id: args.customer,
        beneficiary_type: args.beneficiary_type,
        full_name: args.full_name,
        country: args.country,
        gov_id_ref: args.gov_id_ref,
        account: Some(CreateAccount {
            kind,
            destination_asset: args.asset,
            iban: args.iban,
            bank_name: args.bank_name,
            bank_country: args.bank_country,
            routing: args.routing,
            network: args.network,
            address: args.address,
            is_default: args.default.then_some(true),
        }),
    };
    let body = args.data.body(&flags)?;
    let s = Session::open_with(ctx, Cred::Key, FLAGS).await?;
    let beneficiary: Beneficiary = s.call(Method::POST, "/v1/beneficiaries", Some(&body)).await?;
    s.created(format_args!("beneficiary {} with a {} account", beneficiary.id, beneficiary.account.kind));
    s.print(&beneficiary)
}
