//! `payctl accounts` through the binary: create, list, get, balances and a
//! customer's ledger accounts.

use super::Home;
use super::customers::create;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn create_list_get_and_balances() {
    let home = Home::initialised().await;
    let fiat = home
        .json(&[
            "accounts",
            "create",
            "--type",
            "fiat",
            "--currency",
            "AED",
            "--corridor",
            "uae",
            "--label",
            "main",
            "-o",
            "json",
        ])
        .await;
    let id = fiat["id"].as_str().unwrap().to_owned();
    assert_eq!(fiat["type"], "fiat");
    assert_eq!(fiat["currency"], "AED");
    assert_eq!(fiat["status"], "active");
    assert_eq!(fiat["balance_minor"], "0");
    let wallet = home
        .json(&[
            "accounts",
            "create",
            "--type",
            "stablecoin",
            "--currency",
            "USDC",
            "--network",
            "base",
            "--wallet-mode",
            "mpc",
            "-o",
            "json",
        ])
        .await;
    assert!(wallet["address"].as_str().unwrap().starts_with("0x"));
    let list = home.json(&["accounts", "list", "-o", "json"]).await;
    let ids: Vec<&str> = list["data"].as_array().unwrap().iter().map(|a| a["id"].as_str().unwrap()).collect();
    assert_eq!(ids, [wallet["id"].as_str().unwrap(), id.as_str()]);
    assert_eq!(home.json(&["accounts", "get", &id, "-o", "json"]).await, fiat);
    let balances = home.json(&["accounts", "balances", "-o", "json"]).await;
    let rows = balances["data"].as_array().unwrap();
    let mine = rows.iter().find(|a| a["id"] == id.as_str()).expect("the new account has a balance row");
    assert_eq!(mine["purpose"], "settlement");
    assert_eq!(mine["asset"], "AED");
    assert_eq!(mine["balance_minor"], "0");
    let table = home.run(&["accounts", "balances", "-o", "table"], None).await.ok();
    // People read balances in major units with their asset.
    assert!(table.stdout.contains("BALANCE"), "{}", table.stdout);
    assert!(table.stdout.contains("0.00 AED"), "{}", table.stdout);
    let dup = home.run(&["accounts", "create", "--type", "fiat", "--currency", "AED", "--corridor", "uae"], None).await;
    assert_eq!(dup.code, Some(1));
    assert!(dup.stderr.contains("DUPLICATE_ACCOUNT"), "{}", dup.stderr);
    let unsupported =
        home.run(&["accounts", "create", "--type", "fiat", "--currency", "EUR", "--corridor", "uae"], None).await;
    assert!(unsupported.stderr.contains("UNSUPPORTED_COMBINATION"), "{}", unsupported.stderr);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_new_customer_has_no_ledger_accounts() {
    let home = Home::initialised().await;
    let customer = create(&home, "c@x.example", "C").await["id"].as_str().unwrap().to_owned();
    let accounts = home.json(&["accounts", "customer", &customer, "-o", "json"]).await;
    assert_eq!(accounts, serde_json::json!([]), "the API's own shape: an array");
    let unknown = home.run(&["accounts", "customer", "0190a0a0-0000-7000-8000-000000000000"], None).await;
    assert_eq!(unknown.code, Some(1));
    assert!(unknown.stderr.contains("CNT_0001"), "{}", unknown.stderr);
}
