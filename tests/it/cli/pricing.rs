//! `payctl pricing` through the binary: partner and customer markups,
//! corridors, simulation.

use super::Home;
use crate::customers::create_customer;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn markup_set_get_clear_and_simulate() {
    let home = Home::logged_in().await;
    // Overrides are for the partner's own customers.
    let customer = create_customer(&home.sb, &home.sb.test_key(), "priced@example.com").await;
    let customer = customer["id"].as_str().unwrap();
    let default = home.json(&["pricing", "markup", "get", "-o", "json"]).await;
    assert_eq!(default["source"], "default");
    let set = home
        .json(&["pricing", "markup", "set", "--kind", "bps", "--value", "100", "--min-fee", "50", "-o", "json"])
        .await;
    assert_eq!(set["source"], "partner");
    assert_eq!(set["value"], 100);
    assert_eq!(set["min_fee"], 50);
    assert_eq!(home.json(&["pricing", "markup", "get", "-o", "json"]).await, set);
    let custom = home
        .json(&[
            "pricing",
            "markup",
            "set",
            "--customer",
            customer,
            "--kind",
            "flat",
            "--value",
            "500",
            "--currency",
            "AED",
            "-o",
            "json",
        ])
        .await;
    assert_eq!(custom["source"], "customer");
    assert_eq!(custom["customer_id"], customer);
    let applied = home.json(&["pricing", "markup", "get", "--customer", customer, "-o", "json"]).await;
    assert_eq!(applied["kind"], "FLAT");
    let sim = home
        .json(&[
            "pricing",
            "simulate",
            "--amount",
            "100000",
            "--from",
            "AED",
            "--to",
            "USD",
            "--customer",
            customer,
            "-o",
            "json",
        ])
        .await;
    assert_eq!(sim["fee_minor"], "500");
    assert_eq!(sim["net_source_minor"], "99500");
    home.run(&["pricing", "markup", "clear", "--customer", customer], None).await.ok();
    let back = home.json(&["pricing", "markup", "get", "--customer", customer, "-o", "json"]).await;
    assert_eq!(back["source"], "partner");
    let partner_sim =
        home.json(&["pricing", "simulate", "--amount", "100000", "--from", "AED", "--to", "USD", "-o", "json"]).await;
    assert_eq!(partner_sim["fee_minor"], "1000", "100 bps of 1000.00 AED");
    assert_eq!(partner_sim["rate_source"], "table");
    let decimals = home.run(&["pricing", "simulate", "--amount", "10.50", "--from", "AED", "--to", "USD"], None).await;
    assert_eq!(decimals.code, Some(1));
    assert!(decimals.stderr.contains("--amount: "), "{}", decimals.stderr);
    let too_high = home.run(&["pricing", "markup", "set", "--kind", "bps", "--value", "10001"], None).await;
    assert_eq!(too_high.code, Some(1));
    let no_customer = home.run(&["pricing", "markup", "clear"], None).await;
    assert_eq!(no_customer.code, Some(2));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn corridors_are_listed() {
    let home = Home::logged_in().await;
    let list = home.json(&["pricing", "corridors", "-o", "json"]).await;
    let pairs: Vec<String> = list["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| format!("{}>{}", c["source_asset"].as_str().unwrap(), c["destination_asset"].as_str().unwrap()))
        .collect();
    assert!(pairs.contains(&"AED>USD".to_owned()), "{pairs:?}");
    assert_eq!(pairs.len(), 16);
}
