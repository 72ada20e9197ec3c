//! Accounts: settlement accounts and wallets (flat error codes), customer
//! ledger accounts, and the application's balances.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::support::{Auth, TestSandbox, spawn_sandbox};

async fn create_customer(sb: &TestSandbox, key: &Auth) -> String {
    let r = sb
        .post(
            "/v1/customers",
            key,
            json!({"type": "business", "legal_name": "Acme", "email": "acme@example.com", "country": "AE",
                   "verification_level": "standard", "tax_id": "TRN-1"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    r.body["id"].as_str().unwrap().to_owned()
}

#[tokio::test]
async fn opens_fiat_and_stablecoin_accounts() {
    let sb = spawn_sandbox().await;
    let key = sb.test_key();
    let fiat = sb
        .post("/v1/accounts", &key, json!({"type": "fiat", "currency": "AED", "corridor": "uae", "label": "Ops"}))
        .await;
    assert_eq!(fiat.status, StatusCode::CREATED, "{}", fiat.body);
    let f = &fiat.body;
    assert!(f["id"].as_str().unwrap().starts_with("acc_"));
    assert_eq!(
        (f["type"].as_str(), f["status"].as_str(), f["currency"].as_str()),
        (Some("fiat"), Some("active"), Some("AED"))
    );
    assert_eq!(f["corridor"], "uae");
    assert_eq!(f["network"], Value::Null);
    assert_eq!(f["label"], "Ops");
    assert_eq!(f["balance_minor"], "0");

    let mpc = sb
        .post(
            "/v1/accounts",
            &key,
            json!({"type": "stablecoin", "currency": "USDC", "network": "solana", "wallet_mode": "mpc"}),
        )
        .await;
    assert_eq!(mpc.status, StatusCode::CREATED, "{}", mpc.body);
    let address = mpc.body["address"].as_str().unwrap().to_owned();
    let check = sb.get(&format!("/v1/wallets/validate?network=solana&address={address}"), &Auth::None).await;
    assert_eq!(check.body["valid"], true, "the provisioned address is valid for its network: {}", check.body);

    let own = "0x52908400098527886E0F7030069857D2E4169EE7";
    let custody = sb
        .post("/v1/accounts", &key, json!({"type": "stablecoin", "currency": "USDT", "network": "ethereum", "wallet_mode": "self_custody", "external_address": own}))
        .await;
    assert_eq!(custody.status, StatusCode::CREATED, "{}", custody.body);
    assert_eq!(custody.body["address"], own);
    assert_eq!(custody.body["wallet_mode"], "self_custody");

    let got = sb.get(&format!("/v1/accounts/{}", mpc.body["id"].as_str().unwrap()), &key).await;
    assert_eq!(got.body, mpc.body);
    let list = sb.get("/v1/accounts?limit=2", &key).await;
    assert_eq!(list.body["data"][0]["id"], custody.body["id"]);
    assert_eq!(list.body["data"][1]["id"], mpc.body["id"]);
    assert!(list.body["next_cursor"].is_string());
    // Another application's account is not found; the flat family's 404.
    sb.get(&format!("/v1/accounts/{}", mpc.body["id"].as_str().unwrap()), &sb.live_key())
        .await
        .assert_error(404, "NOT_FOUND");
}

#[tokio::test]
async fn duplicates_conflict() {
    let sb = spawn_sandbox().await;
    let key = sb.test_key();
    let body = json!({"type": "stablecoin", "currency": "USDC", "network": "base", "wallet_mode": "mpc"});
    assert_eq!(sb.post("/v1/accounts", &key, body.clone()).await.status, StatusCode::CREATED);
    sb.post("/v1/accounts", &key, body.clone()).await.assert_error(409, "DUPLICATE_ACCOUNT");
    // The same configuration in another application is fine.
    assert_eq!(sb.post("/v1/accounts", &sb.live_key(), body).await.status, StatusCode::CREATED);
    let fiat = json!({"type": "fiat", "currency": "AED", "corridor": "uae"});
    assert_eq!(sb.post("/v1/accounts", &key, fiat.clone()).await.status, StatusCode::CREATED);
    sb.post("/v1/accounts", &key, fiat).await.assert_error(409, "DUPLICATE_ACCOUNT");
}

#[tokio::test]
async fn malformed_requests_are_validation_errors_listing_every_field() {
    let sb = spawn_sandbox().await;
    let key = sb.test_key();
    let cases = [
        (json!({}), vec!["type", "currency"]),
        (json!({"type": "savings", "currency": "AED"}), vec!["type"]),
        (json!({"type": "fiat", "currency": "XYZ"}), vec!["currency", "corridor"]),
        (
            json!({"type": "fiat", "currency": "AED", "corridor": "uae", "network": "base", "wallet_mode": "mpc"}),
            vec!["network", "wallet_mode"],
        ),
        (json!({"type": "stablecoin", "currency": "USDC"}), vec!["network", "wallet_mode"]),
        (
            json!({"type": "stablecoin", "currency": "USDC", "network": "bitcoin", "wallet_mode": "hot"}),
            vec!["network", "wallet_mode"],
        ),
        (
            json!({"type": "stablecoin", "currency": "USDC", "network": "base", "wallet_mode": "self_custody"}),
            vec!["external_address"],
        ),
        (
            json!({"type": "stablecoin", "currency": "USDC", "network": "base", "wallet_mode": "self_custody", "external_address": "0x123"}),
            vec!["external_address"],
        ),
        (
            json!({"type": "stablecoin", "currency": "USDC", "network": "base", "wallet_mode": "mpc", "external_address": "0x52908400098527886E0F7030069857D2E4169EE7"}),
            vec!["external_address"],
        ),
        (
            json!({"type": "stablecoin", "currency": "USDC", "network": "base", "wallet_mode": "mpc", "corridor": "uae", "label": "x".repeat(129)}),
            vec!["label", "corridor"],
        ),
        (json!({"type": "fiat", "currency": "AED", "corridor": "uae", "extra": 1}), vec!["extra"]),
    ];
    for (body, fields) in cases {
        let r = sb.post("/v1/accounts", &key, body.clone()).await;
        r.assert_error(400, "VALIDATION_ERROR");
        let mut got = r.detail_fields();
        got.sort();
        let mut want: Vec<String> = fields.iter().map(|f| f.to_string()).collect();
        want.sort();
        assert_eq!(got, want, "{body}");
    }
    assert_eq!(sb.get("/v1/accounts", &key).await.body["data"], json!([]), "nothing was stored");
}

#[tokio::test]
async fn combinations_outside_the_matrix_are_unsupported() {
    let sb = spawn_sandbox().await;
    let key = sb.test_key();
    for body in [
        json!({"type": "fiat", "currency": "EUR", "corridor": "uae"}),
        json!({"type": "fiat", "currency": "AED", "corridor": "europe"}),
        json!({"type": "fiat", "currency": "USDC", "corridor": "uae"}),
        json!({"type": "stablecoin", "currency": "USDC", "network": "tron", "wallet_mode": "mpc"}),
        json!({"type": "stablecoin", "currency": "USDT", "network": "stellar", "wallet_mode": "mpc"}),
        json!({"type": "stablecoin", "currency": "AED", "network": "base", "wallet_mode": "mpc"}),
    ] {
        sb.post("/v1/accounts", &key, body.clone()).await.assert_error(422, "UNSUPPORTED_COMBINATION");
    }
}

#[tokio::test]
async fn accounts_routes_use_flat_auth_codes() {
    let sb = spawn_sandbox().await;
    let body = json!({"type": "fiat", "currency": "AED", "corridor": "uae"});
    sb.post("/v1/accounts", &Auth::None, body.clone()).await.assert_error(401, "UNAUTHORIZED");
    sb.post("/v1/accounts", &Auth::Key("sk_test_nope".into()), body).await.assert_error(401, "UNAUTHORIZED");
    sb.get("/v1/accounts", &sb.login().await).await.assert_error(401, "UNAUTHORIZED");
}

#[tokio::test]
async fn idempotency_key_on_account_creation() {
    let sb = spawn_sandbox().await;
    let body = json!({"type": "stablecoin", "currency": "USDT", "network": "tron", "wallet_mode": "mpc"});
    let send = || {
        sb.send(
            sb.request(reqwest::Method::POST, "/v1/accounts", &sb.test_key())
                .header("Idempotency-Key", "acct-1")
                .json(&body),
        )
    };
    let first = send().await;
    let second = send().await;
    assert_eq!(first.status, StatusCode::CREATED);
    assert_eq!(second.raw, first.raw, "the same wallet, not a duplicate error");
    assert_eq!(second.header("idempotent-replayed"), Some("true"));
}

#[tokio::test]
async fn customer_accounts_and_balances() {
    let sb = spawn_sandbox().await;
    let key = sb.test_key();
    let customer = create_customer(&sb, &key).await;
    let accounts = sb.get(&format!("/v1/customers/{customer}/accounts"), &key).await;
    assert_eq!(accounts.status, StatusCode::OK, "{}", accounts.body);
    assert_eq!(accounts.body, json!([]), "a new customer holds nothing yet");
    sb.get(&format!("/v1/customers/{customer}/accounts"), &sb.live_key()).await.assert_error(404, "CNT_0001");
    sb.get("/v1/customers/00000000-0000-7000-8000-000000000000/accounts", &key).await.assert_error(404, "CNT_0001");
    sb.get(&format!("/v1/customers/{customer}/accounts"), &Auth::None).await.assert_error(401, "ATH_0001");

    let wallet = sb
        .post(
            "/v1/accounts",
            &key,
            json!({"type": "stablecoin", "currency": "USDC", "network": "base", "wallet_mode": "mpc"}),
        )
        .await;
    let balances = sb.get("/v1/balances", &key).await;
    assert_eq!(balances.status, StatusCode::OK);
    let data = balances.body["data"].as_array().unwrap();
    let entry = data.iter().find(|a| a["id"] == wallet.body["id"]).unwrap();
    assert_eq!(entry["purpose"], "wallet");
    assert_eq!(entry["balance_minor"], "0");
    assert_eq!(entry["status"], "ACTIVE");
    assert_eq!(entry["asset"], "USDC");
}
