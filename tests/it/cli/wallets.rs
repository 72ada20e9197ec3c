//! `payctl wallets` through the binary: validation exit codes without any
//! credential, and the partner's wallets.

use super::Home;

const EVM: &str = "0x52908400098527886E0F7030069857D2E4169EE7";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn validate_exits_0_when_valid_and_1_with_the_reason_when_not() {
    // No profile and no key: the route is public.
    let home = Home::new().await;
    let base = home.sb.ready.base_url.clone();
    let ok = home
        .run(&["--base-url", &base, "wallets", "validate", "--network", "ethereum", EVM, "-o", "json"], None)
        .await
        .ok();
    assert_eq!(ok.json()["valid"], true);
    assert_eq!(ok.json()["format"], "EVM");
    let tampered = EVM.replace("E7", "e7");
    let bad = home
        .run(&["--base-url", &base, "wallets", "validate", "--network", "ethereum", &tampered, "-o", "json"], None)
        .await;
    assert_eq!(bad.code, Some(1), "{}", bad.stderr);
    assert_eq!(bad.json()["valid"], false);
    let reason = bad.json()["reason"].as_str().unwrap().to_owned();
    assert!(bad.stderr.contains(&reason), "{}", bad.stderr);
    let network = home.run(&["--base-url", &base, "wallets", "validate", "--network", "bitcoin", EVM], None).await;
    assert_eq!(network.code, Some(1));
    assert!(network.stderr.contains("VAL_0001"), "{}", network.stderr);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn partner_wallets_set_and_list() {
    let home = Home::logged_in().await;
    let set = home
        .json(&["wallets", "partner", "set", "--network", "ethereum", "--role", "FEES", "--address", EVM, "-o", "json"])
        .await;
    assert_eq!(set["walletRole"], "FEES");
    assert_eq!(set["address"], EVM);
    let list = home.json(&["wallets", "partner", "list", "-o", "json"]).await;
    assert_eq!(list["data"], serde_json::json!([set]));
    let role = home
        .run(&["wallets", "partner", "set", "--network", "ethereum", "--role", "OTHER", "--address", EVM], None)
        .await;
    assert_eq!(role.code, Some(2));
    let address = home
        .run(&["wallets", "partner", "set", "--network", "ethereum", "--role", "FEES", "--address", "0x12"], None)
        .await;
    assert_eq!(address.code, Some(1));
    assert!(address.stderr.contains("address"), "{}", address.stderr);
}
