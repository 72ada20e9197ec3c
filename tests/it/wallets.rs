//! Wallets: the public address check and partner wallets (upsert, list,
//! validation, isolation).

use reqwest::StatusCode;
use serde_json::json;

use crate::support::{Auth, spawn_sandbox};

const EVM: &str = "0x52908400098527886E0F7030069857D2E4169EE7";
const EVM_OTHER: &str = "0xde709f2102306220921060314715629080e2fb77";
const TRON: &str = "TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7";

#[tokio::test]
async fn validate_is_public_and_answers_valid_or_why_not() {
    let sb = spawn_sandbox().await;
    let ok = sb.get(&format!("/v1/wallets/validate?address={EVM}&network=ethereum"), &Auth::None).await;
    assert_eq!(ok.status, StatusCode::OK, "{}", ok.body);
    assert_eq!(ok.body, json!({"valid": true, "format": "EVM", "network": "ethereum"}));

    let tron = sb.get(&format!("/v1/wallets/validate?address={TRON}&network=tron"), &Auth::None).await;
    assert_eq!(tron.body, json!({"valid": true, "format": "TRON", "network": "tron"}));

    // A mixed-case EVM address with one letter's case flipped fails its checksum.
    let bad = EVM.replace('E', "e");
    let r = sb.get(&format!("/v1/wallets/validate?address={bad}&network=polygon"), &Auth::None).await;
    assert_eq!(r.status, StatusCode::OK);
    assert_eq!(r.body["valid"], false);
    assert_eq!(r.body["format"], "EVM");
    assert_eq!(r.body["reason"], "address checksum does not match");

    // An EVM address on Solana is the wrong shape there.
    let r = sb.get(&format!("/v1/wallets/validate?address={EVM}&network=solana"), &Auth::None).await;
    assert_eq!(r.body["valid"], false);
    assert_eq!(r.body["format"], "SOLANA");
    assert!(r.body["reason"].as_str().is_some_and(|s| !s.is_empty()));

    // Credentials, even bogus ones, are ignored.
    let r = sb.get(&format!("/v1/wallets/validate?address={EVM}&network=base"), &Auth::Bearer("nonsense".into())).await;
    assert_eq!(r.body["valid"], true);
    let r = sb.get(&format!("/v1/wallets/validate?address={EVM}&network=base"), &sb.test_key()).await;
    assert_eq!(r.body["valid"], true);
}

#[tokio::test]
async fn validate_rejects_missing_or_unknown_parameters() {
    let sb = spawn_sandbox().await;
    let r = sb.get("/v1/wallets/validate", &Auth::None).await;
    r.assert_error(400, "VAL_0001");
    assert_eq!(r.detail_fields(), vec!["address", "network"]);
    let r = sb.get(&format!("/v1/wallets/validate?address={EVM}"), &Auth::None).await;
    r.assert_error(400, "VAL_0001");
    assert_eq!(r.detail_fields(), vec!["network"]);
    let r = sb.get(&format!("/v1/wallets/validate?address={EVM}&network=Ethereum"), &Auth::None).await;
    r.assert_error(400, "VAL_0001");
    assert_eq!(r.detail_fields(), vec!["network"]);
    assert!(r.body["error"]["details"][0]["message"].as_str().unwrap().contains("ethereum"));
    let r = sb.get("/v1/wallets/validate?address=&network=bitcoin", &Auth::None).await;
    assert_eq!(r.detail_fields(), vec!["address", "network"]);
}

#[tokio::test]
async fn put_upserts_by_network_and_role() {
    let sb = spawn_sandbox().await;
    let bearer = sb.login().await;
    assert_eq!(sb.get("/v1/partner-wallets", &bearer).await.body, json!({"data": []}));

    let body = json!({"network": "ethereum", "walletRole": "PARTNER_MARGIN", "address": EVM});
    let first = sb.put("/v1/partner-wallets", &bearer, body.clone()).await;
    assert_eq!(first.status, StatusCode::CREATED, "{}", first.body);
    assert_eq!(first.body["network"], "ethereum");
    assert_eq!(first.body["walletRole"], "PARTNER_MARGIN");
    assert_eq!(first.body["address"], EVM);
    assert_eq!(first.body["createdAt"], first.body["updatedAt"]);

    // The same body again: the same record, untouched.
    sb.advance_clock(60).await;
    let again = sb.put("/v1/partner-wallets", &bearer, body).await;
    assert_eq!(again.status, StatusCode::OK);
    assert_eq!(again.body, first.body);

    // A new address for the same key replaces it; updatedAt moves.
    let changed = sb
        .put(
            "/v1/partner-wallets",
            &bearer,
            json!({"network": "ethereum", "walletRole": "PARTNER_MARGIN", "address": EVM_OTHER}),
        )
        .await;
    assert_eq!(changed.status, StatusCode::OK);
    assert_eq!(changed.body["id"], first.body["id"]);
    assert_eq!(changed.body["address"], EVM_OTHER);
    assert_eq!(changed.body["createdAt"], first.body["createdAt"]);
    assert_ne!(changed.body["updatedAt"], first.body["updatedAt"]);

    // Another role or network is another wallet.
    let fees = sb
        .put("/v1/partner-wallets", &bearer, json!({"network": "ethereum", "walletRole": "FEES", "address": EVM}))
        .await;
    assert_eq!(fees.status, StatusCode::CREATED);
    let tron = sb
        .put("/v1/partner-wallets", &bearer, json!({"network": "tron", "walletRole": "SETTLEMENT", "address": TRON}))
        .await;
    assert_eq!(tron.status, StatusCode::CREATED);

    let list = sb.get("/v1/partner-wallets", &bearer).await;
    let keys: Vec<(String, String, String)> = list.body["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| (w["network"].to_string(), w["walletRole"].to_string(), w["address"].to_string()))
        .collect();
    assert_eq!(
        keys,
        vec![
            ("\"ethereum\"".into(), "\"FEES\"".into(), format!("\"{EVM}\"")),
            ("\"ethereum\"".into(), "\"PARTNER_MARGIN\"".into(), format!("\"{EVM_OTHER}\"")),
            ("\"tron\"".into(), "\"SETTLEMENT\"".into(), format!("\"{TRON}\"")),
        ]
    );
}

#[tokio::test]
async fn put_validates_every_field() {
    let sb = spawn_sandbox().await;
    let bearer = sb.login().await;
    let r = sb
        .put(
            "/v1/partner-wallets",
            &bearer,
            json!({"network": "ethereum", "walletRole": "PARTNER_MARGIN", "address": TRON}),
        )
        .await;
    r.assert_error(400, "VAL_0001");
    assert_eq!(r.detail_fields(), vec!["address"]);
    assert_eq!(r.body["error"]["details"][0]["code"], "invalid");
    assert!(r.body["error"]["details"][0]["message"].as_str().unwrap().contains("ethereum"));

    let r = sb
        .put(
            "/v1/partner-wallets",
            &bearer,
            json!({"network": "bitcoin", "walletRole": "PARTNER_MARGIN", "address": EVM}),
        )
        .await;
    assert_eq!(r.detail_fields(), vec!["network"]);
    let r = sb
        .put("/v1/partner-wallets", &bearer, json!({"network": "ethereum", "walletRole": "TREASURY", "address": EVM}))
        .await;
    r.assert_error(400, "VAL_0001");
    assert_eq!(r.detail_fields(), vec!["walletRole"]);
    let r = sb.put("/v1/partner-wallets", &bearer, json!({"network": "ethereum", "walletRole": "FEES"})).await;
    assert_eq!(r.detail_fields(), vec!["address"]);
    let r = sb
        .put(
            "/v1/partner-wallets",
            &bearer,
            json!({"network": "ethereum", "walletRole": "FEES", "address": EVM, "memo": "x"}),
        )
        .await;
    assert_eq!(r.detail_fields(), vec!["memo"]);
    // Nothing was stored.
    assert_eq!(sb.get("/v1/partner-wallets", &bearer).await.body, json!({"data": []}));
}

#[tokio::test]
async fn partner_wallets_need_a_bearer_and_are_per_partner() {
    let sb = spawn_sandbox().await;
    let bearer = sb.login().await;
    sb.get("/v1/partner-wallets", &Auth::None).await.assert_error(401, "ATH_0001");
    sb.get("/v1/partner-wallets", &sb.test_key()).await.assert_error(401, "ATH_0001");
    let body = json!({"network": "base", "walletRole": "PARTNER_MARGIN", "address": EVM});
    sb.put("/v1/partner-wallets", &sb.test_key(), body.clone()).await.assert_error(401, "ATH_0001");

    sb.put("/v1/partner-wallets", &bearer, body.clone()).await;
    let other = sb.other_partner().await;
    assert_eq!(sb.get("/v1/partner-wallets", &other).await.body, json!({"data": []}));
    // The other partner's wallet with the same key is its own record.
    let theirs = sb.put("/v1/partner-wallets", &other, body).await;
    assert_eq!(theirs.status, StatusCode::CREATED);
    assert_eq!(sb.get("/v1/partner-wallets", &bearer).await.body["data"].as_array().unwrap().len(), 1);
}
