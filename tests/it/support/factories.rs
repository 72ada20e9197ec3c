//! Test factories: the records most tests need before the behaviour they
//! check (a verified customer, a beneficiary, an accepted quote), made
//! through the API the way a partner would, with unique emails so tests
//! can share a sandbox.

use reqwest::StatusCode;
use serde_json::{Value, json};

use super::{Auth, TestSandbox};

/// An EVM address valid on ethereum, polygon, base...
pub const EVM_WALLET: &str = "0x52908400098527886E0F7030069857D2E4169EE7";
/// A valid German IBAN.
pub const DE_IBAN: &str = "DE89370400440532013000";

/// A new customer of the key's application (approved when `approve`, by
/// the control token so LIVE keys can have verified customers too);
/// returns its id.
pub async fn customer(sb: &TestSandbox, auth: &Auth, approve: bool) -> String {
    customer_named(sb, auth, "Acme Trading LLC", approve).await
}

/// [`customer`] with a legal name of the caller's choosing.
pub async fn customer_named(sb: &TestSandbox, auth: &Auth, legal_name: &str, approve: bool) -> String {
    let email = format!("{}@example.com", uuid::Uuid::new_v4().simple());
    let body = json!({"type": "business", "legal_name": legal_name, "email": email, "country": "AE",
                      "verification_level": "standard", "tax_id": "TRN-100200300"});
    let r = sb.post("/v1/customers", auth, body).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    let id = r.body["id"].as_str().unwrap().to_owned();
    if approve {
        let a = sb.post(&format!("/sandbox/customers/{id}/approve"), &sb.control(), json!(null)).await;
        assert_eq!(a.status, StatusCode::OK, "{}", a.body);
    }
    id
}

/// A beneficiary of `customer_id` receiving `asset`: a USDC or USDT wallet
/// on ethereum, or a bank account for a fiat asset; returns its id.
pub async fn beneficiary_of(sb: &TestSandbox, auth: &Auth, customer_id: &str, asset: &str) -> String {
    let account = match asset {
        "USDC" | "USDT" => json!({"kind": "STABLECOIN_WALLET", "destination_asset": asset, "network": "ethereum",
                                  "address": EVM_WALLET}),
        _ => json!({"kind": "BANK_ACCOUNT", "destination_asset": asset, "iban": DE_IBAN,
                    "bank_name": "Commerzbank", "bank_country": "DE"}),
    };
    let body = json!({"customer_id": customer_id, "type": "business", "full_name": "Acme", "country": "DE",
                      "account": account});
    let r = sb.post("/v1/beneficiaries", auth, body).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    r.body["id"].as_str().unwrap().to_owned()
}

/// A beneficiary receiving `asset` of a new, verified customer.
pub async fn verified_beneficiary(sb: &TestSandbox, auth: &Auth, asset: &str) -> String {
    let customer = customer(sb, auth, true).await;
    beneficiary_of(sb, auth, &customer, asset).await
}

/// A transaction quote on `corridor` (answers the whole reply, so tests
/// can look at refusals too).
pub async fn transaction_quote(
    sb: &TestSandbox,
    auth: &Auth,
    corridor: &str,
    pair: (&str, &str),
    amount: &str,
    customer: Option<&str>,
) -> super::Reply {
    let mut body = json!({"corridor_id": corridor, "source_asset": pair.0, "source_amount_minor": amount,
                          "destination_asset": pair.1, "destination_kind": "BANK"});
    if let Some(c) = customer {
        body["customer_id"] = json!(c);
    }
    sb.post("/v1/transactions/quote", auth, body).await
}

/// An accepted transaction quote; returns its id.
pub async fn accepted(sb: &TestSandbox, auth: &Auth, quote: &Value) -> String {
    let id = quote["id"].as_str().unwrap();
    let r = sb.post(&format!("/v1/transactions/quote/{id}/accept"), auth, json!(null)).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    id.to_owned()
}
