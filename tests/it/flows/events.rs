//! The seven event bodies `sandbox/README.md` shows are what receivers get:
//! each documented body has the keys and value types of a real delivery
//! from a real flow, so the documentation cannot drift from the code.

use reqwest::StatusCode;
use serde_json::{Map, Value, json};

use crate::support::factories::{self, accepted, beneficiary_of, customer, customer_named, transaction_quote};
use crate::support::spawn_sandbox;
use crate::transactions::{new_key, post_txn};
use crate::webhooks::{ALL, Receiver, create as create_endpoint};

const README: &str = include_str!("../../../sandbox/README.md");

/// A body with every leaf replaced by its JSON type, keys sorted.
pub fn shape(value: &Value) -> Value {
    match value {
        Value::Object(map) => Value::Object(map.iter().map(|(k, v)| (k.clone(), shape(v))).collect::<Map<_, _>>()),
        Value::Array(items) => Value::Array(items.iter().map(shape).collect()),
        Value::String(_) => json!("string"),
        Value::Number(_) => json!("number"),
        Value::Bool(_) => json!("bool"),
        Value::Null => json!("null"),
    }
}

/// The `json` code blocks of the README that are event bodies, by event.
fn documented() -> Vec<(String, Value)> {
    README
        .split("```json\n")
        .skip(1)
        .filter_map(|block| block.split("\n```").next())
        .filter_map(|body| serde_json::from_str::<Value>(body).ok())
        .filter_map(|v| Some((v.get("event")?.as_str()?.to_owned(), v)))
        .collect()
}

#[tokio::test]
async fn the_documented_event_bodies_are_what_receivers_get() {
    let sb = spawn_sandbox().await;
    let key = sb.test_key();
    let receiver = Receiver::start().await;
    let all = ALL;
    // A payin funds a customer, who then pays out to a bank: the ramps.
    let cust = customer(&sb, &key, true).await;
    create_endpoint(&sb, &key, &receiver.url, &all).await;
    let payin =
        json!({"customer_id": cust, "source": {"asset": "AED"}, "destination": {"asset": "USDC"}, "amount": "367250"});
    assert_eq!(sb.post("/v1/payins", &key, payin).await.status, StatusCode::CREATED);
    sb.advance_clock(15).await;
    let aed = beneficiary_of(&sb, &key, &cust, "AED").await;
    let payout = json!({"customer_id": cust, "source": {"asset": "USDC"}, "destination": {"asset": "AED", "beneficiary_id": aed},
        "amount": "10"});
    let r = sb.post("/v1/payouts", &key, payout).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    sb.advance_clock(15).await;
    // Transactions: one that settles, one that fails (amount ending in 13).
    for amount in ["100000", "100013"] {
        let ben = factories::verified_beneficiary(&sb, &key, "EUR").await;
        let q = transaction_quote(&sb, &key, "uae", ("AED", "EUR"), amount, None).await;
        let body = json!({"quote_id": accepted(&sb, &key, &q.body).await, "beneficiary_id": ben});
        assert_eq!(post_txn(&sb, &key, &new_key(), body).await.status, StatusCode::CREATED);
    }
    sb.advance_clock(30).await;
    let rejected = customer_named(&sb, &key, "Falcon Trading LLC", false).await;
    sb.post(&format!("/sandbox/customers/{rejected}/reject"), &key, json!(null)).await;

    let got: Vec<Value> = receiver.wait_for(13).await.iter().map(|r| r.json()).collect();
    if std::env::var_os("PAYCTL_PRINT_EVENTS").is_some() {
        for e in &got {
            println!("{e:#}");
        }
    }
    let docs = documented();
    let names: Vec<&str> = docs.iter().map(|(name, _)| name.as_str()).collect();
    assert_eq!(names, all, "one documented body per event type, in the order of spec section 6");
    for (event, doc) in &docs {
        // The payin's and payout's events stand for the ramps; transactions
        // for settlements. Pick the delivery of the documented flow.
        let kind = doc["data"]["payment_type"].as_str();
        let real = got
            .iter()
            .find(|e| e["event"] == event.as_str() && e["data"]["payment_type"].as_str() == kind)
            .unwrap_or_else(|| panic!("no {event} delivery of a {kind:?} flow"));
        assert_eq!(
            shape(doc),
            shape(real),
            "sandbox/README.md documents {event} as\n{doc:#}\nbut a real delivery is\n{real:#}"
        );
    }
}
