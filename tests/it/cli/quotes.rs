//! `payctl quotes` and `payctl transactions` through the binary.

use super::Home;
use super::transfer::{bank_beneficiary, transfer_args};

fn create_args(amount: &str) -> Vec<&str> {
    vec![
        "quotes",
        "create",
        "--corridor",
        "uae",
        "--from",
        "AED",
        "--amount-minor",
        amount,
        "--to",
        "EUR",
        "--kind",
        "BANK",
        "-o",
        "json",
    ]
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn quotes_create_get_and_accept_once() {
    let home = Home::initialised().await;
    let quote = home.json(&create_args("100000")).await;
    let id = quote["id"].as_str().unwrap().to_owned();
    assert_eq!(quote["status"], "CREATED");
    assert_eq!(quote["source_asset"], "AED");
    assert_eq!(quote["destination_asset"], "EUR");
    assert_eq!(quote["destination_kind"], "BANK");
    assert_eq!(quote["corridor_id"], "uae");
    assert_eq!(quote["source_amount_minor"], "100000");
    let net: u64 = quote["net_source_minor"].as_str().unwrap().parse().unwrap();
    let fee: u64 = quote["fee_minor"].as_str().unwrap().parse().unwrap();
    assert_eq!(net + fee, 100000);
    assert_eq!(home.json(&["quotes", "get", &id, "-o", "json"]).await, quote);
    let accepted = home.run(&["quotes", "accept", &id, "-o", "json"], None).await.ok();
    assert_eq!(accepted.json()["status"], "ACCEPTED");
    assert!(accepted.json()["accepted_at"].is_string());
    assert_eq!(accepted.json()["rate"], quote["rate"]);
    let again = home.run(&["quotes", "accept", &id], None).await;
    assert_eq!(again.code, Some(1));
    assert!(again.stderr.contains("QTE_0002"), "{}", again.stderr);
    // --data with a flag over it.
    let data = r#"{"corridor_id":"uae","source_asset":"AED","source_amount_minor":"5000","destination_asset":"EUR","destination_kind":"BANK"}"#;
    let from_data = home.json(&["quotes", "create", "--data", data, "--amount-minor", "7000", "-o", "json"]).await;
    assert_eq!(from_data["source_amount_minor"], "7000");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn quote_errors_have_their_codes() {
    let home = Home::initialised().await;
    let missing = home.run(&["quotes", "create", "--from", "AED"], None).await;
    assert_eq!(missing.code, Some(1));
    // The API's fields are named by the flags that set them.
    for flag in ["--corridor", "--amount-minor", "--to", "--kind"] {
        assert!(missing.stderr.contains(&format!("\n  {flag}: ")), "{flag}: {}", missing.stderr);
    }
    assert!(!missing.stderr.contains("source_amount_minor"), "{}", missing.stderr);
    let kind = home.run(&["quotes", "create", "--kind", "CASH"], None).await;
    assert_eq!(kind.code, Some(2));
    let unknown = home.run(&["quotes", "get", "0190a0a0-0000-7000-8000-000000000000"], None).await;
    assert_eq!(unknown.code, Some(1));
    assert!(unknown.stderr.contains("NOT_FOUND"), "{}", unknown.stderr);
    let bad_id = home.run(&["quotes", "accept", "../x"], None).await;
    assert_eq!(bad_id.code, Some(2));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn transactions_list_follows_the_pagination_envelope_and_get_reads_one() {
    let home = Home::initialised().await;
    let ben = bank_beneficiary(&home.sb).await;
    let mut ids = Vec::new();
    for amount in ["10000", "20000"] {
        let args = transfer_args(amount, &ben, &["--yes"]);
        ids.push(home.json(&args).await["id"].as_str().unwrap().to_owned());
    }
    ids.reverse();
    let all = home.json(&["transactions", "list", "--limit", "1", "--all", "-o", "json"]).await;
    let got: Vec<&str> = all["data"].as_array().unwrap().iter().map(|t| t["id"].as_str().unwrap()).collect();
    assert_eq!(got, ids, "newest first, every page");
    assert_eq!(all["pagination"], serde_json::json!({"has_more": false, "next_cursor": null}));
    let one = home.run(&["transactions", "list", "--limit", "1", "-o", "json"], None).await.ok().json();
    assert_eq!(one["data"].as_array().unwrap().len(), 1);
    assert_eq!(one["pagination"]["has_more"], true);
    assert!(one["pagination"]["next_cursor"].is_string());
    let table = home.run(&["transactions", "list", "--limit", "1", "-o", "table"], None).await.ok();
    assert!(table.stdout.contains(&ids[0]), "{}", table.stdout);
    assert!(table.stderr.contains("--all"), "{}", table.stderr);
    let first = &all["data"][0];
    let by_external = home.json(&["transactions", "get", first["external_id"].as_str().unwrap(), "-o", "json"]).await;
    assert_eq!(&by_external, first);
    let unknown = home.run(&["transactions", "get", "0190a0a0-0000-7000-8000-000000000000"], None).await;
    assert_eq!(unknown.code, Some(1));
    assert!(unknown.stderr.contains("TXN_0001"), "{}", unknown.stderr);
}
