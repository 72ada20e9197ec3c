//! `payctl payments` and `payctl swaps` against the sandbox: create a
//! payment for an accepted legacy quote, fund it, list it; start a swap and
//! read it back in the spec's swap shape.

use serde_json::json;

use super::Home;
use crate::legacy_quotes::{WALLET, accepted_quote, customer, fix_rate};

#[tokio::test]
async fn payments_create_fund_list_get() {
    let home = Home::initialised().await;
    fix_rate(&home.sb).await;
    let cust = customer(&home.sb, "cli-pay@example.com", true).await;
    let quote = accepted_quote(&home.sb, &cust, "1000.00").await;

    let run = home.run(&["payments", "create", "--quote", &quote, "--output", "json"], None).await.ok();
    let payment = run.json();
    assert_eq!(payment["status"], "awaiting_funds");
    let iban = payment["collection_instructions"]["iban"].as_str().unwrap();
    assert!(run.stderr.contains(iban), "the instructions are shown: {}", run.stderr);
    let id = payment["id"].as_str().unwrap();

    let funded = home.json(&["payments", "fund", id, "--output", "json"]).await;
    assert_eq!(funded["status"], "funds_received");
    let got = home.json(&["payments", "get", id, "--output", "json"]).await;
    assert_eq!(got["id"], id);
    let listed = home.json(&["payments", "list", "--status", "funds_received", "--output", "json"]).await;
    assert_eq!(listed["data"][0]["id"], id);

    // The same quote cannot pay twice.
    let again = home.run(&["payments", "create", "--quote", &quote], None).await;
    assert_eq!(again.code, Some(1));
    assert!(again.stderr.contains("IDM_0002"), "{}", again.stderr);
}

#[tokio::test]
async fn swaps_create_and_get() {
    let home = Home::initialised().await;
    let cust = customer(&home.sb, "cli-fx@example.com", true).await;
    let tron = payctl_domain::address::generate(payctl_domain::address::Network::Tron, &[7; 32]);
    let body = json!({"customer_id": cust, "source": {"asset": "USDC", "network": "ethereum", "address": WALLET},
        "destination": {"asset": "USDT", "network": "tron", "address": tron}, "amount": "250"})
    .to_string();
    let swap = home.json(&["swaps", "create", "--data", &body, "--output", "json"]).await;
    let fx = swap["fx_id"].as_str().unwrap();
    assert!(fx.starts_with("fx_"));
    home.sb.advance_clock(15).await;
    let got = home.json(&["swaps", "get", fx, "--output", "json"]).await;
    assert_eq!(got["status"], "completed");
    let transfer = home.json(&["transfers", "get", fx, "--output", "json"]).await;
    assert_eq!(transfer["kind"], "onchain_fx");
}
