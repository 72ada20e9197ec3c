//! The money flows as partners meet them at their edges: amounts that
//! would deliver nothing, flows whose last step cannot be made, senders
//! that are not verified, corridor ids, and the events every flow sends.
//! `properties` drives random sequences of every flow to their ends.

mod events;
mod properties;

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::support::factories::{self, accepted, beneficiary_of, customer, customer_named, transaction_quote};
use crate::support::{Auth, TestSandbox, spawn_sandbox};
use crate::transactions::{new_key, post_txn};
use crate::webhooks::{Receiver, create as create_endpoint};

/// The error message of a refusal, after checking its status and code.
fn refused(reply: &crate::support::Reply, status: u16, code: &str) -> String {
    reply.assert_error(status, code)["message"].as_str().unwrap().to_owned()
}

/// The smallest amount an INVALID_AMOUNT message names, in minor units.
fn smallest_named(message: &str) -> u64 {
    let tail = message.split('(').next_back().unwrap();
    tail.trim_end_matches(" minor units)").parse().unwrap_or_else(|_| panic!("no smallest amount in {message}"))
}

#[tokio::test]
async fn no_quote_delivers_nothing_and_the_refusal_names_the_smallest_amount_that_works() {
    let sb = spawn_sandbox().await;
    let key = sb.test_key();
    let bearer = sb.login().await;
    let markup = json!({"kind": "BPS", "value": 100, "min_fee": 500});
    assert!(sb.put("/v1/pricing/markup", &bearer, markup).await.status.is_success());

    // 300 fils all go in the 5.00 minimum fee: nothing would reach GBP.
    let r = transaction_quote(&sb, &key, "uae", ("AED", "GBP"), "300", None).await;
    let message = refused(&r, 422, "INVALID_AMOUNT");
    assert_eq!(r.detail_fields(), vec!["source_amount_minor"]);
    let smallest = smallest_named(&message);
    // 505: 5 fils left after the fee, 5 × 0.214823 = 1.07 → 1 penny.
    assert_eq!(smallest, 505, "{message}");
    let just = transaction_quote(&sb, &key, "uae", ("AED", "GBP"), &smallest.to_string(), None).await;
    assert_eq!(just.status, StatusCode::CREATED, "{}", just.body);
    assert_eq!(just.body["destination_amount_minor"], "1");
    let below = transaction_quote(&sb, &key, "uae", ("AED", "GBP"), &(smallest - 1).to_string(), None).await;
    assert_eq!(smallest_named(&refused(&below, 422, "INVALID_AMOUNT")), smallest);
    // The simulation answers the same, and so does the legacy form.
    let sim = sb.get("/v1/pricing/simulate?source_amount=300&source_currency=AED&dest_currency=GBP", &bearer).await;
    assert_eq!(smallest_named(&refused(&sim, 422, "INVALID_AMOUNT")), smallest);

    // Without any markup one fil still converts to nothing.
    let other = sb.other_partner().await;
    let (_, theirs) = sb.new_app_key(&other, "TEST").await;
    let r = transaction_quote(&sb, &Auth::Key(theirs), "uae", ("AED", "GBP"), "1", None).await;
    assert_eq!(smallest_named(&refused(&r, 422, "INVALID_AMOUNT")), 5, "5 × 0.214823 = 1.07");

    // A transfer pays the network fee out of what it converts: a bridge of
    // less than the fee delivers nothing either.
    let cust = customer(&sb, &key, true).await;
    let wallet = factories::EVM_WALLET;
    let bridge = json!({"customer_id": cust, "source": {"asset": "USDC", "network": "polygon", "address": wallet},
        "destination": {"asset": "USDC", "network": "base", "address": wallet}, "amount": "0.1"});
    let balances_before = sb.get("/v1/balances", &key).await.body;
    let r = sb.post("/v1/bridging", &key, bridge).await;
    // 1 % with a 500-unit minimum fee, then 0.10 USDC to the chain.
    assert_eq!(smallest_named(&refused(&r, 422, "INVALID_AMOUNT")), 101_011, "{}", r.body);
    assert!(sb.get("/v1/transactions", &key).await.body["data"].as_array().unwrap().is_empty());
    // Nothing was stored: past the time a bridge would have completed, no
    // value has moved through the USDC float or into `in_flight`.
    sb.advance_clock(20).await;
    assert_eq!(sb.get("/v1/balances", &key).await.body, balances_before, "a refused bridge moved value");
}

/// The USDC float's balance and what unfinished flows hold in USDC.
async fn usdc_float_and_held(sb: &TestSandbox, key: &Auth) -> (i64, i64) {
    let r = sb.get("/v1/balances", key).await;
    let of = |purpose: &str| {
        r.body["data"]
            .as_array()
            .unwrap()
            .iter()
            .find(|a| a["purpose"] == purpose && a["asset"] == "USDC")
            .map_or(if purpose == "float" { 10_000_000_000_000 } else { 0 }, |a| {
                a["balance_minor"].as_str().unwrap().parse().unwrap()
            })
    };
    (of("float"), of("in_flight"))
}

#[tokio::test]
async fn a_flow_whose_last_step_cannot_be_made_fails_refunds_and_says_so() {
    let sb = spawn_sandbox().await;
    let key = sb.test_key();
    let receiver = Receiver::start().await;
    create_endpoint(&sb, &key, &receiver.url, &["settlement.completed", "settlement.failed"]).await;
    let cust = customer(&sb, &key, true).await;
    let payin = |amount: &str| json!({"customer_id": cust, "source": {"asset": "AED"}, "destination": {"asset": "USDC"}, "amount": amount});
    // What can be known at creation is checked then: 10^12 AED would need
    // more USDC than the float holds, so nothing is stored.
    let r = sb.post("/v1/payins", &key, payin("1000000000000")).await;
    assert!(refused(&r, 422, "INSUFFICIENT_FUNDS").contains("USDC"), "{}", r.body);

    // Two payins of 6,000,000 USDC each: each fits the 10,000,000 USDC float
    // when created, only one fits when they complete.
    let first = sb.post("/v1/payins", &key, payin("2203500000")).await;
    let second = sb.post("/v1/payins", &key, payin("2203500000")).await;
    assert_eq!((first.status, second.status), (StatusCode::CREATED, StatusCode::CREATED), "{}", second.body);
    sb.advance_clock(5).await;
    let (_, held) = usdc_float_and_held(&sb, &key).await;
    assert_eq!(held, 0, "the source is AED: nothing is held in USDC");
    sb.advance_clock(10).await;
    let mut states = Vec::new();
    for t in [&first, &second] {
        states.push(sb.get(&format!("/v1/transfers/{}", t.body["id"].as_str().unwrap()), &key).await.body);
    }
    assert_eq!(states[0]["status"], "completed");
    assert_eq!(states[1]["status"], "failed", "{}", states[1]);
    let reason = states[1]["failure_reason"].as_str().unwrap();
    assert!(reason.contains("insufficient funds"), "{reason}");
    // The failed payin's AED went back out: nothing is left in flight, and
    // the customer got only the first payin's USDC.
    let aed_held = sb.get("/v1/balances", &key).await.body["data"]
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["purpose"] == "in_flight" && a["asset"] == "AED")
        .map(|a| a["balance_minor"].clone());
    assert_eq!(aed_held, Some(json!("0")));
    let accounts = sb.get(&format!("/v1/customers/{cust}/accounts"), &key).await.body;
    let usdc = accounts.as_array().unwrap().iter().find(|a| a["asset"] == "USDC").unwrap();
    assert_eq!(usdc["balance_minor"], states[0]["destination"]["amount_minor"]);
    // One final event each, the failure with its reason.
    let got: Vec<Value> = receiver.wait_for(2).await.iter().map(|r| r.json()).collect();
    let ends: Vec<(&str, &str)> =
        got.iter().map(|e| (e["event"].as_str().unwrap(), e["payment_id"].as_str().unwrap())).collect();
    let ids = (states[0]["id"].as_str().unwrap(), states[1]["id"].as_str().unwrap());
    assert!(
        ends.contains(&("settlement.completed", ids.0)) && ends.contains(&("settlement.failed", ids.1)),
        "{ends:?}"
    );
    let failed = got.iter().find(|e| e["event"] == "settlement.failed").unwrap();
    assert_eq!(failed["data"]["reason"], reason);
}

#[tokio::test]
async fn transactions_check_the_sender_like_every_other_flow() {
    let sb = spawn_sandbox().await;
    let key = sb.test_key();
    let (alice, bob) = (customer(&sb, &key, true).await, customer(&sb, &key, true).await);
    let bobs = beneficiary_of(&sb, &key, &bob, "EUR").await;
    let transaction = |quote: String, ben: &str| {
        let body = json!({"quote_id": quote, "beneficiary_id": ben});
        let sb = &sb;
        async move { post_txn(sb, &sb.test_key(), &new_key(), body).await }
    };
    // A quote for Alice cannot pay Bob's beneficiary.
    let q = transaction_quote(&sb, &key, "uae", ("AED", "EUR"), "100000", Some(&alice)).await;
    let for_alice = accepted(&sb, &key, &q.body).await;
    let r = transaction(for_alice.clone(), &bobs).await;
    let said = refused(&r, 400, "VAL_0001");
    assert!(said.contains(&format!("belongs to customer {bob}, but the payout is sent by customer {alice}")), "{said}");
    assert_eq!(r.detail_fields(), vec!["beneficiary_id"]);
    // A rejected sender is stopped by the compliance gate, as in payments.
    let rejected = customer_named(&sb, &key, "Reject Me Ltd", false).await;
    sb.post(&format!("/sandbox/customers/{rejected}/reject"), &key, json!(null)).await;
    let theirs = beneficiary_of(&sb, &key, &rejected, "EUR").await;
    let q = transaction_quote(&sb, &key, "uae", ("AED", "EUR"), "100000", Some(&rejected)).await;
    let r = transaction(accepted(&sb, &key, &q.body).await, &theirs).await;
    assert!(refused(&r, 403, "CMP_0001").contains("kyb_status rejected"));
    // Without customer_id the sender is the beneficiary's customer: still
    // pending here, so refused; approved, the same quote goes through.
    let pending = customer(&sb, &key, false).await;
    let ben = beneficiary_of(&sb, &key, &pending, "EUR").await;
    let q = transaction_quote(&sb, &key, "uae", ("AED", "EUR"), "100000", None).await;
    let anonymous = accepted(&sb, &key, &q.body).await;
    refused(&transaction(anonymous.clone(), &ben).await, 403, "CMP_0001");
    sb.post(&format!("/sandbox/customers/{pending}/approve"), &key, json!(null)).await;
    let ok = transaction(anonymous, &ben).await;
    assert_eq!(ok.status, StatusCode::CREATED, "{}", ok.body);
    // Refusals leave the quote usable.
    let q = sb.get(&format!("/v1/transactions/quote/{for_alice}"), &key).await;
    assert_eq!(q.body["status"], "ACCEPTED");
}

#[tokio::test]
async fn corridor_ids_are_the_code_and_the_pairs_the_corridor_list_shows() {
    let sb = spawn_sandbox().await;
    let key = sb.test_key();
    let r = transaction_quote(&sb, &key, "nonsense", ("AED", "EUR"), "100000", None).await;
    let message = refused(&r, 422, "UNSUPPORTED_COMBINATION");
    assert!(message.ends_with("use uae or AED-EUR"), "{message}");
    assert_eq!(r.detail_fields(), vec!["corridor_id"]);
    let r = transaction_quote(&sb, &key, "AED-GBP", ("AED", "EUR"), "100000", None).await;
    assert!(refused(&r, 422, "UNSUPPORTED_COMBINATION").contains("AED-GBP does not carry AED to EUR"));
    for old in ["uae-eur", "UAE", "us-to-wallet"] {
        let r = transaction_quote(&sb, &key, old, ("AED", "EUR"), "100000", None).await;
        r.assert_error(422, "UNSUPPORTED_COMBINATION");
    }
    // Every id the corridor list shows quotes its own pair, and its code too.
    let listed = sb.get("/v1/pricing/corridors", &sb.login().await).await.body;
    for c in listed["data"].as_array().unwrap() {
        let pair = (c["source_asset"].as_str().unwrap(), c["destination_asset"].as_str().unwrap());
        for id in [c["id"].as_str(), c["code"].as_str()].into_iter().flatten() {
            let q = transaction_quote(&sb, &key, id, pair, "10000000", None).await;
            assert_eq!(q.status, StatusCode::CREATED, "{id} {pair:?}: {}", q.body);
            assert_eq!(q.body["corridor_id"], id);
        }
    }
}

/// `n` webhook deliveries, as JSON.
async fn deliveries(receiver: &Receiver, n: usize) -> Vec<Value> {
    receiver.wait_for(n).await.iter().map(|r| r.json()).collect()
}

#[tokio::test]
async fn settlement_events_name_the_payment_and_have_one_shape_whoever_sends_them() {
    let sb = spawn_sandbox().await;
    let key = sb.test_key();
    let receiver = Receiver::start().await;
    create_endpoint(&sb, &key, &receiver.url, &["settlement.created", "settlement.completed"]).await;
    let ben = factories::verified_beneficiary(&sb, &key, "EUR").await;
    let q = transaction_quote(&sb, &key, "uae", ("AED", "EUR"), "100000", None).await;
    let t =
        post_txn(&sb, &key, &new_key(), json!({"quote_id": accepted(&sb, &key, &q.body).await, "beneficiary_id": ben}))
            .await;
    sb.advance_clock(30).await;
    let real = deliveries(&receiver, 2).await;
    let id = t.body["id"].as_str().unwrap();
    assert_eq!(real[1]["event"], "settlement.completed");
    assert_eq!(real[1]["payment_id"], id, "spec section 6: settlement.completed names the payment_id");
    assert_eq!(real[1]["data"]["status"], "SETTLED");
    assert_eq!(real[1]["data"]["external_id"], t.body["external_id"]);
    let triggered = sb.post("/sandbox/events/trigger", &key, json!({"event": "settlement.completed"})).await;
    assert_eq!(triggered.status, StatusCode::CREATED, "{}", triggered.body);
    let sample = deliveries(&receiver, 3).await.pop().unwrap();
    assert_eq!(events::shape(&sample), events::shape(&real[1]), "one shape per event type");
}
