//! The plain path and its hints, as a newcomer meets them: `quotes create`
//! then `quotes accept`, which names the next step, then
//! `transactions create`; an unknown quote says quotes are not listed; an
//! error about `--expires-at` names the flag; a short balance reads in
//! major units; `--json` works like `-o json` (on a terminal too); flags of
//! a fixed set take any case; every list's JSON has `next_cursor` at its top.

use serde_json::{Value, json};

use super::Home;
use super::transfer::bank_beneficiary;

fn quote_args(amount: &str) -> Vec<&str> {
    vec!["quotes", "create", "--corridor", "uae", "--from", "AED", "--amount-minor", amount, "--to", "EUR"]
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn quote_accept_then_transactions_create_each_naming_the_next_step() {
    let home = Home::initialised().await;
    let ben = bank_beneficiary(&home.sb).await;
    // `--kind bank` works as `--environment test` does: one case rule.
    let mut args = quote_args("100000");
    args.extend(["--kind", "bank", "-o", "json"]);
    let created = home.run(&args, None).await.ok();
    let quote = created.json()["id"].as_str().unwrap().to_owned();
    assert_eq!(created.json()["destination_kind"], "BANK");
    let accepted = home.run(&["quotes", "accept", &quote, "-o", "json"], None).await.ok();
    let next = format!("`payctl transactions create --quote {quote} --beneficiary BENEFICIARY_ID`");
    assert!(accepted.stderr.contains(&next), "{}", accepted.stderr);
    let sent = home.run(&["transactions", "create", "--quote", &quote, "--beneficiary", &ben, "--json"], None).await;
    let txn = sent.ok();
    let id = txn.json()["id"].as_str().unwrap().to_owned();
    assert_eq!(txn.json()["quote_id"], quote.as_str());
    assert!(txn.stderr.contains(&format!("Follow it with `payctl transactions get {id}`")), "{}", txn.stderr);
    // Its errors name the flags.
    let again = home.run(&["transactions", "create", "--beneficiary", &ben], None).await;
    assert_eq!(again.code, Some(1), "{}", again.stderr);
    assert!(again.stderr.contains("--quote"), "{}", again.stderr);

    // An unknown quote: quotes are not listed, so the hint says what to do instead.
    let unknown = home.run(&["quotes", "get", "01938a4e-7c1a-7b32-9a5e-0c7d3f1e2a4b"], None).await;
    assert_eq!(unknown.code, Some(1));
    assert!(unknown.stderr.contains("quotes are not listed"), "{}", unknown.stderr);
    assert!(!unknown.stderr.contains("lists them"), "{}", unknown.stderr);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn errors_name_flags_and_amounts_read_in_major_units() {
    let home = Home::logged_in().await;
    let bad = home.run(&["keys", "create", "--show-secret", "--expires-at", "tomorrow"], None).await;
    assert_eq!(bad.code, Some(1), "{}", bad.stderr);
    assert!(bad.stderr.contains("--expires-at"), "{}", bad.stderr);
    assert!(!bad.stderr.contains("expires_at"), "{}", bad.stderr);

    let customer = crate::support::factories::customer(&home.sb, &home.sb.test_key(), true).await;
    let payout = json!({"customer_id": customer, "source": {"asset": "USDC"},
        "destination": {"asset": "USDC", "network": "polygon", "address": crate::support::factories::EVM_WALLET},
        "amount": "25"});
    let short = home.run(&["transfers", "create", "--kind", "PAYOUT", "--data", &payout.to_string()], None).await;
    assert_eq!(short.code, Some(1), "{}", short.stderr);
    assert!(short.stderr.contains("INSUFFICIENT_FUNDS"), "{}", short.stderr);
    assert!(short.stderr.contains("25.000000 USDC (25000000 minor units)"), "{}", short.stderr);
    assert!(short.stderr.contains("holds 0.000000 USDC (0 minor units)"), "{}", short.stderr);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_lists_json_has_its_cursor_at_the_top_and_flags_take_any_case() {
    let home = Home::initialised().await;
    let ben = bank_beneficiary(&home.sb).await;
    for amount in ["10000", "20000"] {
        home.run(&super::transfer::transfer_args(amount, &ben, &["--yes"]), None).await.ok();
    }
    let first = home.json(&["transactions", "list", "--limit", "1", "--json"]).await;
    let cursor = first["next_cursor"].as_str().expect("next_cursor at the top").to_owned();
    assert_eq!(first["pagination"]["next_cursor"], cursor.as_str(), "the API's envelope kept: {first}");
    assert_eq!(first["pagination"]["has_more"], true);
    let second = home.json(&["transactions", "list", "--limit", "1", "--cursor", &cursor, "-o", "json"]).await;
    assert_ne!(second["data"][0]["id"], first["data"][0]["id"]);
    assert_eq!(second["next_cursor"], Value::Null);
    // Other lists as before: one next_cursor, no pagination.
    let customers = home.json(&["customers", "list", "--limit", "1", "--status", "APPROVED"]).await;
    assert!(customers.get("pagination").is_none() && customers.get("next_cursor").is_some(), "{customers}");
    assert_eq!(customers["data"][0]["kyb_status"], "approved");
    let both = home.run(&["customers", "list", "--json", "-o", "table"], None).await;
    assert_eq!(both.code, Some(2), "{}", both.stderr);
}
