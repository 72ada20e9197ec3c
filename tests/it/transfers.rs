//! Transfers: one model, four kinds (payin, payout, bridge, onchain_fx),
//! the single door and the granular doors, each reaching its final state on
//! the sandbox clock with balanced ledger postings.

use payctl_domain::address::{self, Network};
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::legacy_quotes::{WALLET, accepted_quote, customer, fix_rate};
use crate::support::{Reply, TestSandbox, spawn_sandbox};
use crate::webhooks::{Receiver, create as create_endpoint};

fn tron() -> String {
    address::generate(Network::Tron, &[7; 32])
}

async fn post(sb: &TestSandbox, path: &str, body: Value) -> Reply {
    sb.post(path, &sb.test_key(), body).await
}

async fn created(sb: &TestSandbox, path: &str, body: Value) -> Value {
    let r = post(sb, path, body).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    r.body
}

async fn balance(sb: &TestSandbox, customer_id: &str, asset: &str) -> String {
    let r = sb.get(&format!("/v1/customers/{customer_id}/accounts"), &sb.test_key()).await;
    r.body
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["asset"] == asset)
        .map_or("0".to_owned(), |a| a["balance_minor"].as_str().unwrap().to_owned())
}

async fn status(sb: &TestSandbox, id: &str) -> Value {
    sb.get(&format!("/v1/transfers/{id}"), &sb.test_key()).await.body
}

/// A verified customer holding 250 USDC, funded by a completed payin.
async fn funded_customer(sb: &TestSandbox, email: &str) -> String {
    fix_rate(sb).await;
    let cust = customer(sb, email, true).await;
    let payin =
        json!({"customer_id": cust, "source": {"asset": "AED"}, "destination": {"asset": "USDC"}, "amount": "100000"});
    let t = created(sb, "/v1/payins", payin).await;
    sb.advance_clock(15).await;
    assert_eq!(status(sb, t["id"].as_str().unwrap()).await["status"], "completed");
    cust
}

#[tokio::test]
async fn a_payin_credits_the_customer_after_processing() {
    let sb = spawn_sandbox().await;
    fix_rate(&sb).await;
    let cust = customer(&sb, "in@example.com", true).await;
    let body = json!({"kind": "payin", "customer_id": cust, "source": {"asset": "AED"}, "destination": {"asset": "USDC"}, "amount": "100050"});
    let t = created(&sb, "/v1/transfers", body).await;
    let id = t["id"].as_str().unwrap();
    assert!(id.starts_with("tr_"), "{id}");
    assert_eq!(t["kind"], "payin");
    assert_eq!(t["status"], "pending");
    assert_eq!(t["customer_id"], cust);
    assert_eq!(t["quote_id"], Value::Null);
    assert_eq!(
        t["source"],
        json!({"asset": "AED", "network": null, "address": null, "beneficiary_id": null, "amount": "1000.50", "amount_minor": "100050"})
    );
    assert_eq!(t["destination"]["amount"], "250.125000");
    assert_eq!(t["exchange_rate"], "0.25");
    assert_eq!(t["fees"], json!({"platform_fee": "0.00", "network_fee": "0.000000"}));
    assert_eq!(t["completed_at"], Value::Null);
    sb.advance_clock(5).await;
    assert_eq!(status(&sb, id).await["status"], "processing");
    assert_eq!(balance(&sb, &cust, "USDC").await, "0");
    sb.advance_clock(10).await;
    let done = status(&sb, id).await;
    assert_eq!(done["status"], "completed");
    assert!(done["completed_at"].is_string());
    assert_eq!(balance(&sb, &cust, "USDC").await, "250125000");
}

#[tokio::test]
async fn payouts_spend_the_balance_to_a_wallet_or_a_beneficiary() {
    let sb = spawn_sandbox().await;
    let cust = funded_customer(&sb, "out@example.com").await;
    let to_wallet = json!({"customer_id": cust, "source": {"asset": "USDC"}, "destination": {"asset": "USDC", "network": "polygon", "address": WALLET}, "amount": "100"});
    let t = created(&sb, "/v1/payouts", to_wallet).await;
    assert_eq!(t["kind"], "payout");
    assert_eq!(t["fees"]["network_fee"], "0.100000");
    assert_eq!(t["destination"]["amount"], "99.900000");
    assert_eq!(balance(&sb, &cust, "USDC").await, "150000000", "charged at creation");
    // A beneficiary's bank account in USD.
    let ben = sb
        .post("/v1/beneficiaries", &sb.test_key(), json!({"customer_id": cust, "type": "individual", "full_name": "Ann Lee", "country": "DE",
            "account": {"kind": "BANK_ACCOUNT", "destination_asset": "USD", "iban": "DE89370400440532013000", "bank_name": "B", "bank_country": "DE"}}))
        .await;
    assert_eq!(ben.status, StatusCode::CREATED, "{}", ben.body);
    let bid = ben.body["id"].as_str().unwrap();
    let to_bank = json!({"customer_id": cust, "source": {"asset": "USDC"}, "destination": {"asset": "USD", "beneficiary_id": bid}, "amount": "50.5"});
    let b = created(&sb, "/v1/payouts", to_bank).await;
    assert_eq!(b["destination"]["beneficiary_id"], bid);
    assert_eq!(b["destination"]["amount"], "50.50");
    assert_eq!(balance(&sb, &cust, "USDC").await, "99500000");
    // More than the balance: nothing stored.
    let too_much = json!({"customer_id": cust, "source": {"asset": "USDC"}, "destination": {"asset": "USDC", "network": "polygon", "address": WALLET}, "amount": "1000"});
    post(&sb, "/v1/payouts", too_much).await.assert_error(422, "INSUFFICIENT_FUNDS");
    let to_tron = json!({"customer_id": cust, "source": {"asset": "USDC"}, "destination": {"asset": "USDT", "network": "tron", "address": tron()}, "amount": "2"});
    let w = created(&sb, "/v1/payouts", to_tron).await;
    assert_eq!(w["fees"]["network_fee"], "1.000000");
    assert_eq!(w["destination"]["amount"], "1.000000");
    post(&sb, "/v1/payouts", json!({"customer_id": cust, "source": {"asset": "USDC"}, "destination": {"asset": "EUR", "beneficiary_id": bid}, "amount": "1"}))
        .await
        .assert_error(422, "UNSUPPORTED_COMBINATION");
    post(&sb, "/v1/payouts", json!({"customer_id": cust, "source": {"asset": "USDC"}, "destination": {"asset": "USD", "beneficiary_id": "0190a0a0-0000-7000-8000-000000000000"}, "amount": "1"}))
        .await
        .assert_error(404, "BEN_0001");
    // Another customer's beneficiary exists, but is not this customer's to pay: the transaction's answer.
    let other = customer(&sb, "other@example.com", true).await;
    let theirs = json!({"customer_id": other, "source": {"asset": "USDC"}, "destination": {"asset": "USD", "beneficiary_id": bid}, "amount": "1"});
    let r = post(&sb, "/v1/payouts", theirs).await;
    r.assert_error(400, "VAL_0001");
    assert_eq!(r.detail_fields(), ["destination.beneficiary_id"]);
    assert!(
        r.body["error"]["message"].as_str().unwrap().contains(&format!("belongs to customer {cust}")),
        "{}",
        r.body
    );
    sb.advance_clock(15).await;
    for id in [&t["id"], &b["id"], &w["id"]] {
        assert_eq!(status(&sb, id.as_str().unwrap()).await["status"], "completed");
    }
    assert_eq!(balance(&sb, &cust, "USDC").await, "97500000");
}

#[tokio::test]
async fn the_magic_amount_fails_and_refunds_the_customer() {
    let sb = spawn_sandbox().await;
    let cust = funded_customer(&sb, "fail@example.com").await;
    let body = json!({"customer_id": cust, "source": {"asset": "USDC"}, "destination": {"asset": "USDC", "network": "base", "address": WALLET}, "amount": "10.000013"});
    let t = created(&sb, "/v1/payouts", body).await;
    assert_eq!(balance(&sb, &cust, "USDC").await, "239999987");
    sb.advance_clock(5).await;
    let failed = status(&sb, t["id"].as_str().unwrap()).await;
    assert_eq!(failed["status"], "failed");
    assert!(failed["failure_reason"].as_str().unwrap().contains("13"));
    assert_eq!(balance(&sb, &cust, "USDC").await, "250000000", "refunded");
    sb.advance_clock(60).await;
    assert_eq!(status(&sb, t["id"].as_str().unwrap()).await["status"], "failed", "final");
}

#[tokio::test]
async fn a_bridge_moves_one_coin_between_networks_with_validated_addresses() {
    let sb = spawn_sandbox().await;
    let cust = customer(&sb, "bridge@example.com", true).await;
    let ok = json!({"customer_id": cust, "source": {"asset": "USDT", "network": "ethereum", "address": WALLET},
        "destination": {"asset": "USDT", "network": "tron", "address": tron()}, "amount": "25.5"});
    let t = created(&sb, "/v1/bridging", ok.clone()).await;
    assert_eq!(t["kind"], "bridge");
    assert_eq!(t["exchange_rate"], "1");
    assert_eq!(t["source"]["network"], "ethereum");
    assert_eq!(t["destination"]["network"], "tron");
    assert_eq!(t["destination"]["amount"], "24.500000");
    let bad = |patch: &dyn Fn(&mut Value)| {
        let mut b = ok.clone();
        patch(&mut b);
        b
    };
    let r = post(&sb, "/v1/bridging", bad(&|b| b["destination"]["address"] = json!(WALLET))).await;
    r.assert_error(400, "VAL_0001");
    assert_eq!(r.detail_fields(), vec!["destination.address"]);
    let r = post(&sb, "/v1/bridging", bad(&|b| b["source"]["address"] = json!("0x123"))).await;
    assert_eq!(r.detail_fields(), vec!["source.address"]);
    let r = post(
        &sb,
        "/v1/bridging",
        bad(&|b| b["destination"] = json!({"asset": "USDC", "network": "polygon", "address": WALLET})),
    )
    .await;
    assert_eq!(r.detail_fields(), vec!["destination.asset"]);
    let r = post(
        &sb,
        "/v1/bridging",
        bad(&|b| b["destination"] = json!({"asset": "USDT", "network": "ethereum", "address": WALLET})),
    )
    .await;
    assert_eq!(r.detail_fields(), vec!["destination.network"]);
    let r = post(&sb, "/v1/bridging", bad(&|b| b["source"] = json!({"asset": "AED", "network": "moon"}))).await;
    assert_eq!(
        r.detail_fields(),
        vec!["source.asset", "source.network", "source.address", "amount", "destination.asset"]
    );
    let r = post(
        &sb,
        "/v1/bridging",
        bad(&|b| b["destination"] = json!({"asset": "USDT", "network": "base", "address": WALLET})),
    )
    .await;
    r.assert_error(422, "UNSUPPORTED_COMBINATION");
    let r = post(&sb, "/v1/bridging", bad(&|b| b["amount"] = json!("1.0000001"))).await;
    assert_eq!(r.detail_fields(), vec!["amount"]);
    let r = post(&sb, "/v1/bridging", bad(&|b| b["amount"] = json!("0.5"))).await;
    let e = r.assert_error(422, "INVALID_AMOUNT");
    assert!(
        e["message"]
            .as_str()
            .unwrap()
            .contains("the smallest amount that delivers anything is 1.000001 USDT (1000001 minor units)"),
        "{e}"
    );
    sb.advance_clock(15).await;
    assert_eq!(status(&sb, t["id"].as_str().unwrap()).await["status"], "completed");
}

#[tokio::test]
async fn a_swap_has_the_fields_of_the_spec_and_fires_both_ramp_events() {
    let sb = spawn_sandbox().await;
    let key = sb.test_key();
    let cust = customer(&sb, "fx@example.com", true).await;
    let receiver = Receiver::start().await;
    create_endpoint(&sb, &key, &receiver.url, &["on_ramp.completed", "off_ramp.completed"]).await;
    let body = json!({"customer_id": cust, "source": {"asset": "USDC", "network": "ethereum", "address": WALLET},
        "destination": {"asset": "USDT", "network": "tron", "address": tron()}, "amount": "250"});
    let s = created(&sb, "/v1/onchain-fx", body).await;
    let fx = s["fx_id"].as_str().unwrap();
    assert!(fx.starts_with("fx_"), "{fx}");
    assert_eq!(s["quote_id"], Value::Null);
    assert_eq!(s["status"], "pending");
    assert_eq!((s["source_currency"].as_str(), s["destination_currency"].as_str()), (Some("USDC"), Some("USDT")));
    assert_eq!((s["source_network"].as_str(), s["destination_network"].as_str()), (Some("ethereum"), Some("tron")));
    assert_eq!(s["source_address"], WALLET);
    assert_eq!(s["destination_address"], tron());
    assert_eq!(s["source_amount"], "250.000000");
    assert_eq!(s["destination_amount"], "249.000000");
    assert_eq!(s["exchange_rate"], "1");
    assert_eq!(s["fees"], json!({"platform_fee": "0.000000", "network_fee": "1.000000"}));
    assert!(s["created_at"].as_str().unwrap().ends_with('Z'));
    assert_eq!(s["completed_at"], Value::Null);
    sb.advance_clock(5).await;
    assert_eq!(sb.get(&format!("/v1/onchain-fx/{fx}"), &key).await.body["status"], "processing");
    sb.advance_clock(10).await;
    let done = sb.get(&format!("/v1/onchain-fx/{fx}"), &key).await.body;
    assert_eq!(done["status"], "completed");
    assert!(done["completed_at"].is_string());
    assert_eq!(status(&sb, fx).await["kind"], "onchain_fx", "also a transfer");
    let got: Vec<Value> = receiver.wait_for(2).await.iter().map(|r| r.json()).collect();
    let names: Vec<&str> = got.iter().map(|e| e["event"].as_str().unwrap()).collect();
    assert_eq!(names, vec!["on_ramp.completed", "off_ramp.completed"]);
    assert!(got.iter().all(|e| e["payment_id"] == fx && e["data"]["payment_type"] == "onchain_fx"), "{got:?}");
    // Swap rules.
    let same = json!({"customer_id": cust, "source": {"asset": "USDC", "network": "ethereum", "address": WALLET},
        "destination": {"asset": "USDC", "network": "polygon", "address": WALLET}, "amount": "1"});
    assert_eq!(post(&sb, "/v1/onchain-fx", same).await.detail_fields(), vec!["destination.asset"]);
    // A bridge is not a swap.
    let bridge = json!({"customer_id": cust, "source": {"asset": "USDC", "network": "ethereum", "address": WALLET},
        "destination": {"asset": "USDC", "network": "polygon", "address": WALLET}, "amount": "10"});
    let b = created(&sb, "/v1/bridging", bridge).await;
    sb.get(&format!("/v1/onchain-fx/{}", b["id"].as_str().unwrap()), &key).await.assert_error(404, "NOT_FOUND");
    sb.get("/v1/transfers/tr_nope", &key).await.assert_error(404, "NOT_FOUND");
}

#[tokio::test]
async fn the_single_door_and_the_common_errors() {
    let sb = spawn_sandbox().await;
    let r = post(&sb, "/v1/transfers", json!({})).await;
    r.assert_error(400, "VAL_0001");
    assert_eq!(r.detail_fields(), vec!["kind", "customer_id", "amount"]);
    let r = post(&sb, "/v1/transfers", json!({"kind": "teleport"})).await;
    assert!(r.detail_fields().contains(&"kind".to_owned()));
    let r = post(&sb, "/v1/payins", json!({"kind": "payout"})).await;
    assert_eq!(r.detail_fields(), vec!["kind", "customer_id", "source", "destination", "amount"]);
    let r = post(&sb, "/v1/payins", json!({"customer_id": "x", "source": {"asset": "USDC", "network": "ethereum"}, "destination": {"asset": "USDC", "address": WALLET}, "amount": "1.5"})).await;
    assert_eq!(r.detail_fields(), vec!["customer_id", "source.asset", "source.network", "destination.address"]);
    let r = post(&sb, "/v1/transfers", json!({"kind": "payin", "unknown": 1})).await;
    r.assert_error(400, "VAL_0001");
    let pending = customer(&sb, "pending@example.com", false).await;
    let payin = |c: &str| json!({"customer_id": c, "source": {"asset": "AED"}, "destination": {"asset": "USDC"}, "amount": "1000"});
    post(&sb, "/v1/payins", payin(&pending)).await.assert_error(403, "CMP_0001");
    post(&sb, "/v1/payins", payin("0190a0a0-0000-7000-8000-000000000000")).await.assert_error(404, "CNT_0001");
    let ok = customer(&sb, "ok@example.com", true).await;
    post(
        &sb,
        "/v1/payins",
        json!({"customer_id": ok, "source": {"asset": "AED"}, "destination": {"asset": "JPY"}, "amount": "1000"}),
    )
    .await
    .assert_error(422, "UNSUPPORTED_COMBINATION");
    // Same key, other body: 409 IDM_0001 (the layer is shared).
    let send = |body: Value| {
        sb.send(
            sb.request(reqwest::Method::POST, "/v1/payins", &sb.test_key())
                .header("Idempotency-Key", "t-1")
                .json(&body),
        )
    };
    let first = send(payin(&ok)).await;
    assert_eq!(first.status, StatusCode::CREATED);
    assert_eq!(send(payin(&ok)).await.raw, first.raw);
    send(json!({"customer_id": ok})).await.assert_error(409, "IDM_0001");
}

#[tokio::test]
async fn a_quote_locks_the_price_and_is_consumed_once() {
    let sb = spawn_sandbox().await;
    let key = sb.test_key();
    fix_rate(&sb).await;
    let cust = customer(&sb, "quoted@example.com", true).await;
    let quote = accepted_quote(&sb, &cust, "400.00").await;
    // The rate changes after the quote; the transfer keeps the quoted one.
    sb.put("/sandbox/rates", &sb.control(), json!({"source": "AED", "destination": "USDC", "rate": "0.2"})).await;
    let body =
        json!({"customer_id": cust, "source": {"asset": "AED"}, "destination": {"asset": "USDC"}, "quote_id": quote});
    let t = created(&sb, "/v1/payins", body.clone()).await;
    assert_eq!(t["quote_id"], quote);
    assert_eq!(t["destination"]["amount"], "100.000000");
    assert_eq!(sb.get(&format!("/v1/quotes/{quote}"), &key).await.body["status"], "USED");
    post(&sb, "/v1/payins", body).await.assert_error(400, "IDM_0002");
    let other = accepted_quote(&sb, &cust, "10").await;
    let r = post(
        &sb,
        "/v1/payins",
        json!({"customer_id": cust, "source": {"asset": "AED"}, "destination": {"asset": "USDT"}, "quote_id": other}),
    )
    .await;
    assert_eq!(r.detail_fields(), vec!["quote_id"]);
    let r = post(&sb, "/v1/payins", json!({"customer_id": cust, "source": {"asset": "AED"}, "destination": {"asset": "USDC"}, "quote_id": other, "amount": "5"})).await;
    assert_eq!(r.detail_fields(), vec!["amount"]);
    let missing = json!({"customer_id": cust, "source": {"asset": "AED"}, "destination": {"asset": "USDC"}, "quote_id": "0190a0a0-0000-7000-8000-000000000000"});
    post(&sb, "/v1/payins", missing).await.assert_error(404, "NOT_FOUND");
}
