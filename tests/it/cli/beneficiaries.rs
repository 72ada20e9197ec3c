//! `payctl beneficiaries` through the binary: bank and wallet accounts from
//! flags, list by customer, get.

use super::Home;
use super::customers::create;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn create_with_a_bank_account_then_list_and_get() {
    let home = Home::initialised().await;
    let customer = create(&home, "ops@acme.example", "Acme").await["id"].as_str().unwrap().to_owned();
    let bank = home
        .json(&[
            "beneficiaries",
            "create",
            "--customer",
            &customer,
            "--type",
            "individual",
            "--full-name",
            "Jane Doe",
            "--country",
            "DE",
            "--iban",
            "de89 3704 0044 0532 0130 00",
            "--bank-name",
            "Commerzbank",
            "--bank-country",
            "DE",
            "--asset",
            "EUR",
            "--routing",
            "COBADEFFXXX",
            "--default",
            "-o",
            "json",
        ])
        .await;
    let id = bank["id"].as_str().unwrap().to_owned();
    assert_eq!(bank["customer_id"], customer.as_str());
    assert_eq!(bank["account"]["kind"], "BANK_ACCOUNT");
    assert_eq!(bank["account"]["iban"], "DE89370400440532013000");
    assert_eq!(bank["account"]["destination_asset"], "EUR");
    assert_eq!(bank["account"]["routing"], "COBADEFFXXX");
    assert_eq!(bank["account"]["is_default"], true);
    let wallet = home
        .json(&[
            "beneficiaries",
            "create",
            "--customer",
            &customer,
            "--type",
            "business",
            "--full-name",
            "Acme",
            "--country",
            "AE",
            "--network",
            "ethereum",
            "--address",
            "0x52908400098527886E0F7030069857D2E4169EE7",
            "--asset",
            "USDC",
            "-o",
            "json",
        ])
        .await;
    assert_eq!(wallet["account"]["kind"], "STABLECOIN_WALLET");
    assert_eq!(wallet["account"]["address_format"], "EVM");
    let list = home.json(&["beneficiaries", "list", "--customer", &customer, "-o", "json"]).await;
    let ids: Vec<&str> = list["data"].as_array().unwrap().iter().map(|b| b["id"].as_str().unwrap()).collect();
    assert_eq!(ids, [wallet["id"].as_str().unwrap(), id.as_str()]);
    assert_eq!(home.json(&["beneficiaries", "get", &id, "-o", "json"]).await, bank);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn mixed_account_flags_are_a_usage_error_and_bad_fields_are_listed() {
    let home = Home::initialised().await;
    let customer = create(&home, "ops@acme.example", "Acme").await["id"].as_str().unwrap().to_owned();
    let mixed = home
        .run(&["beneficiaries", "create", "--customer", &customer, "--iban", "x", "--network", "ethereum"], None)
        .await;
    assert_eq!(mixed.code, Some(2), "{}", mixed.stderr);
    assert!(mixed.stderr.contains("cannot be mixed"), "{}", mixed.stderr);
    let bad =
        home.run(&["beneficiaries", "create", "--customer", &customer, "--iban", "DE00", "--asset", "EUR"], None).await;
    assert_eq!(bad.code, Some(1));
    // Named by the flags that set them.
    for flag in ["--type", "--full-name", "--country", "--iban", "--bank-name"] {
        assert!(bad.stderr.contains(&format!("\n  {flag}: ")), "{flag}: {}", bad.stderr);
    }
    let no_customer = home.run(&["beneficiaries", "list"], None).await;
    assert_eq!(no_customer.code, Some(2));
    assert!(no_customer.stderr.contains("--customer"), "{}", no_customer.stderr);
}
