//! Examples of the main requests and responses, by schema name: every
//! request body or response whose schema is that name shows it, and a page
//! of it shows it as its one item. Values are what the sandbox answers in
//! the flow customer → quote → accept → beneficiary → transaction; the
//! lint in CI checks each against its schema.

use serde_json::{Value, json};
use utoipa::openapi::{Content, OpenApi, RefOr};

pub fn table() -> Vec<(&'static str, Value)> {
    vec![
        (
            "CreateCustomer",
            json!({
                "type": "business", "legal_name": "Acme Trading LLC", "email": "finance@acme.example",
                "country": "AE", "verification_level": "standard", "tax_id": "100234567800003"
            }),
        ),
        (
            "Customer",
            json!({
                "id": "019a5c1e-0b6f-7a42-8d1e-5b2f0c9d7e31", "type": "business", "legal_name": "Acme Trading LLC",
                "email": "finance@acme.example", "country": "AE", "country_name": "United Arab Emirates",
                "verification_level": "standard", "tax_id": "100234567800003", "kyb_status": "approved",
                "kyb_decided_at": "2026-03-02T09:14:05.120Z", "created_at": "2026-03-02T09:14:02.311Z",
                "updated_at": "2026-03-02T09:14:05.120Z"
            }),
        ),
        (
            "CreateTransactionQuote",
            json!({
                "corridor_id": "uae", "source_asset": "AED", "source_amount_minor": "100000",
                "destination_asset": "EUR", "destination_kind": "BANK",
                "customer_id": "019a5c1e-0b6f-7a42-8d1e-5b2f0c9d7e31"
            }),
        ),
        (
            "TransactionQuote",
            json!({
                "id": "019a5c1e-2d40-7c11-9e0b-7f3a1c2d4e58", "status": "ACCEPTED",
                "expires_at": "2026-03-02T09:17:06.004Z", "accepted_at": "2026-03-02T09:14:07.532Z",
                "rate": "0.249221", "source_asset": "AED", "destination_asset": "EUR",
                "source_amount_minor": "100000", "fee_minor": "0", "net_source_minor": "100000",
                "destination_amount_minor": "24922", "markup_source": "default", "corridor_id": "uae",
                "destination_kind": "BANK", "customer_id": "019a5c1e-0b6f-7a42-8d1e-5b2f0c9d7e31",
                "created_at": "2026-03-02T09:14:06.004Z"
            }),
        ),
        (
            "CreateBeneficiary",
            json!({
                "customer_id": "019a5c1e-0b6f-7a42-8d1e-5b2f0c9d7e31", "type": "business",
                "full_name": "Berliner Handel GmbH", "country": "DE",
                "account": {
                    "kind": "BANK_ACCOUNT", "destination_asset": "EUR", "iban": "DE89370400440532013000",
                    "bank_name": "Commerzbank", "bank_country": "DE"
                }
            }),
        ),
        (
            "Beneficiary",
            json!({
                "id": "019a5c1e-3a91-7e05-b6c4-0d8e2f1a3b76", "customer_id": "019a5c1e-0b6f-7a42-8d1e-5b2f0c9d7e31",
                "type": "business", "full_name": "Berliner Handel GmbH", "country": "DE", "gov_id_ref": null,
                "account": {
                    "kind": "BANK_ACCOUNT", "destination_asset": "EUR", "is_default": true,
                    "iban": "DE89370400440532013000", "bank_name": "Commerzbank", "bank_country": "DE"
                },
                "created_at": "2026-03-02T09:14:08.190Z", "updated_at": "2026-03-02T09:14:08.190Z"
            }),
        ),
        (
            "CreateTransaction",
            json!({
                "quote_id": "019a5c1e-2d40-7c11-9e0b-7f3a1c2d4e58",
                "beneficiary_id": "019a5c1e-3a91-7e05-b6c4-0d8e2f1a3b76"
            }),
        ),
        (
            "Transaction",
            json!({
                "id": "019a5c1e-4b22-7f90-a1d3-6c5e8b7a9f02", "external_id": "txn_019a5c1e4b227f90a1d36c5e8b7a9f02",
                "state": "PENDING", "quote_id": "019a5c1e-2d40-7c11-9e0b-7f3a1c2d4e58",
                "beneficiary_id": "019a5c1e-3a91-7e05-b6c4-0d8e2f1a3b76", "source_asset": "AED",
                "destination_asset": "EUR", "source_amount_minor": "100000", "fee_minor": "0",
                "destination_amount_minor": "24922", "exchange_rate": "0.249221", "failure_reason": null,
                "created_at": "2026-03-02T09:14:09.018Z", "updated_at": "2026-03-02T09:14:09.018Z",
                "completed_at": null
            }),
        ),
    ]
}

/// Shows each example on every media type whose schema is its name.
pub fn add(api: &mut OpenApi) {
    let table = table();
    let example = |content: &mut Content| {
        let Some(RefOr::Ref(reference)) = &content.schema else { return };
        let name = super::schema_name(&reference.ref_location);
        let (item, page) = match name.split_once('_') {
            Some(("Page", item)) => (item, Some("next_cursor")),
            Some(("TransactionPage", item)) => (item, Some("pagination")),
            _ => (name, None),
        };
        let Some((_, value)) = table.iter().find(|(n, _)| *n == item) else { return };
        content.example = Some(match page {
            Some("next_cursor") => json!({"data": [value], "next_cursor": null}),
            Some(_) => json!({"data": [value], "pagination": {"has_more": false, "next_cursor": null}}),
            None => value.clone(),
        });
    };
    for item in api.paths.paths.values_mut() {
        for (_, op) in super::operations(item) {
            if let Some(body) = op.request_body.as_mut() {
                body.content.values_mut().for_each(example);
            }
            for response in op.responses.responses.values_mut() {
                if let RefOr::T(response) = response {
                    response.content.values_mut().for_each(example);
                }
            }
        }
    }
}
