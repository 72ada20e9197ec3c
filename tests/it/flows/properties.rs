//! Random sequences of every flow on a file-backed sandbox: transactions
//! (completed and failed by hand, or left to the clock), payments (funded
//! or left to expire), payins, payouts, bridges and swaps, with amounts
//! from 1 to 10^15 minor units and the magic endings, random clock
//! advances and restarts. Whatever the sequence, once the clock has run
//! past every timer: every flow is final, each emitted exactly one
//! `settlement.created` and one final event, the ledger balances per asset,
//! nothing is left in flight and no balance but `external` is negative.
//! And no request ever answered 5xx.

use std::path::Path;

use payctl_sandbox::{SandboxConfig, Storage};
use proptest::prelude::*;
use proptest::test_runner::{Config, TestCaseError, TestRunner};
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::support::factories::{EVM_WALLET, accepted, beneficiary_of, customer, transaction_quote};
use crate::support::{Reply, TestSandbox, spawn_with_config};

#[derive(Debug, Clone)]
enum Op {
    /// AED → EUR to a bank beneficiary; amount in fils.
    Transaction(u64),
    /// By hand, on the latest transaction.
    Complete,
    Fail,
    /// A legacy quote AED → USDC and a payment on it; amount in fils.
    Payment(u64),
    /// By hand, on the latest payment.
    Fund,
    /// AED in from outside to the customer's USDC.
    Payin(u64),
    /// The customer's USDC out to an AED bank beneficiary; amount in µUSDC.
    Payout(u64),
    Bridge(u64),
    Swap(u64),
    Advance(i64),
    Restart,
}

fn amount() -> impl Strategy<Value = u64> {
    prop_oneof![
        1u64..1_000,
        1_000u64..10_000_000,
        10_000_000u64..1_000_000_000_000_000,
        (1u64..100_000).prop_map(|n| n * 100 + 13),
        (1u64..100_000).prop_map(|n| n * 100 + 99),
    ]
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        3 => amount().prop_map(Op::Transaction),
        1 => Just(Op::Complete),
        1 => Just(Op::Fail),
        2 => amount().prop_map(Op::Payment),
        1 => Just(Op::Fund),
        2 => amount().prop_map(Op::Payin),
        2 => amount().prop_map(Op::Payout),
        1 => amount().prop_map(Op::Bridge),
        1 => amount().prop_map(Op::Swap),
        2 => (1i64..200).prop_map(Op::Advance),
        1 => Just(Op::Restart),
    ]
}

/// µUSDC as the decimal string transfers take for stablecoins.
fn coins(minor: u64) -> String {
    format!("{}.{:06}", minor / 1_000_000, minor % 1_000_000)
}

fn fils(minor: u64) -> String {
    format!("{}.{:02}", minor / 100, minor % 100)
}

async fn spawn(db: &Path) -> TestSandbox {
    spawn_with_config(SandboxConfig { storage: Storage::File(db.to_owned()), rate_limit: None }).await
}

/// What a sequence works with, kept across restarts.
struct World {
    customer: String,
    eur: String,
    aed: String,
    transactions: Vec<String>,
    payments: Vec<String>,
}

/// An answer is fine when it is a success or a clean refusal.
fn sound(r: &Reply, what: &str) -> Result<(), TestCaseError> {
    let s = r.status.as_u16();
    prop_assert!(s < 500, "{what} answered {s}: {}", r.body);
    if s >= 400 {
        prop_assert!(r.body["error"]["code"].is_string(), "{what}: {s} without the envelope: {}", r.body);
    }
    Ok(())
}

async fn apply(sb: &TestSandbox, w: &mut World, op: &Op) -> Result<(), TestCaseError> {
    let key = sb.test_key();
    let transfer = |path: &'static str, body: Value| sb.post(path, &key, body);
    match op {
        Op::Transaction(amount) => {
            let q = transaction_quote(sb, &key, "uae", ("AED", "EUR"), &amount.to_string(), None).await;
            sound(&q, "a quote")?;
            if q.status == StatusCode::CREATED {
                let id = accepted(sb, &key, &q.body).await;
                let body = json!({"quote_id": id, "beneficiary_id": w.eur});
                let idem = uuid::Uuid::new_v4().to_string();
                let t = sb
                    .send(
                        sb.request(Method::POST, "/v1/transactions", &key).header("Idempotency-Key", idem).json(&body),
                    )
                    .await;
                sound(&t, "a transaction")?;
                if t.status == StatusCode::CREATED {
                    w.transactions.push(t.body["id"].as_str().unwrap().to_owned());
                }
            }
        }
        Op::Complete | Op::Fail => {
            if let Some(id) = w.transactions.last() {
                let action = if matches!(op, Op::Complete) { "complete" } else { "fail" };
                let r = sb.post(&format!("/sandbox/transactions/{id}/{action}"), &key, json!(null)).await;
                sound(&r, action)?;
            }
        }
        Op::Payment(amount) => {
            let body = json!({"from_customer_id": w.customer, "source_amount": fils(*amount), "source_currency": "AED",
                "to": {"type": "WALLET", "currency": "USDC", "address": EVM_WALLET}});
            let q = sb.send(sb.request(Method::GET, "/v1/quotes", &key).json(&body)).await;
            sound(&q, "a legacy quote")?;
            if q.status == StatusCode::CREATED {
                let id = q.body["id"].as_str().unwrap();
                let a = sb.post(&format!("/v1/quotes/{id}/accept"), &key, json!(null)).await;
                prop_assert_eq!(a.status, StatusCode::OK, "{}", a.body);
                let body = json!({"quote_id": id, "collection_method": "VIRTUAL_IBAN"});
                let idem = uuid::Uuid::new_v4().to_string();
                let p = sb
                    .send(sb.request(Method::POST, "/v1/payments", &key).header("Idempotency-Key", idem).json(&body))
                    .await;
                sound(&p, "a payment")?;
                if p.status == StatusCode::CREATED {
                    w.payments.push(p.body["id"].as_str().unwrap().to_owned());
                }
            }
        }
        Op::Fund => {
            if let Some(id) = w.payments.last() {
                sound(&sb.post(&format!("/sandbox/payments/{id}/fund"), &key, json!(null)).await, "fund")?;
            }
        }
        Op::Payin(amount) => {
            let body = json!({"customer_id": w.customer, "source": {"asset": "AED"}, "destination": {"asset": "USDC"},
                "amount": amount.to_string()});
            sound(&transfer("/v1/payins", body).await, "a payin")?;
        }
        Op::Payout(amount) => {
            let body = json!({"customer_id": w.customer, "source": {"asset": "USDC"},
                "destination": {"asset": "AED", "beneficiary_id": w.aed}, "amount": coins(*amount)});
            sound(&transfer("/v1/payouts", body).await, "a payout")?;
        }
        Op::Bridge(amount) => {
            let body = json!({"customer_id": w.customer,
                "source": {"asset": "USDC", "network": "polygon", "address": EVM_WALLET},
                "destination": {"asset": "USDC", "network": "base", "address": EVM_WALLET}, "amount": coins(*amount)});
            sound(&transfer("/v1/bridging", body).await, "a bridge")?;
        }
        Op::Swap(amount) => {
            let body = json!({"customer_id": w.customer,
                "source": {"asset": "USDC", "network": "ethereum", "address": EVM_WALLET},
                "destination": {"asset": "USDT", "network": "polygon", "address": EVM_WALLET}, "amount": coins(*amount)});
            sound(&transfer("/v1/onchain-fx", body).await, "a swap")?;
        }
        Op::Advance(seconds) => {
            let r = sb.post("/sandbox/clock/advance", &key, json!({"seconds": seconds})).await;
            prop_assert_eq!(r.status, StatusCode::OK, "{}", r.body);
        }
        // The caller restarts: the sandbox must be stopped before it reopens its file.
        Op::Restart => {}
    }
    Ok(())
}

async fn run(ops: Vec<Op>) -> Result<(), TestCaseError> {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("sandbox.db");
    let mut sb = spawn(&db).await;
    let key = sb.test_key();
    let cust = customer(&sb, &key, true).await;
    let mut w = World {
        eur: beneficiary_of(&sb, &key, &cust, "EUR").await,
        aed: beneficiary_of(&sb, &key, &cust, "AED").await,
        customer: cust,
        transactions: Vec::new(),
        payments: Vec::new(),
    };
    for op in &ops {
        if matches!(op, Op::Restart) {
            sb.shutdown().await;
            sb = spawn(&db).await;
            continue;
        }
        apply(&sb, &mut w, op).await?;
    }
    // Past every timer: payments expire after 24 h.
    let r = sb.post("/sandbox/clock/advance", &sb.test_key(), json!({"seconds": 90_000})).await;
    prop_assert_eq!(r.status, StatusCode::OK);
    sb.shutdown().await;
    check(&db)
}

fn check(db: &Path) -> Result<(), TestCaseError> {
    let conn = rusqlite::Connection::open_with_flags(db, rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY).unwrap();
    let unfinished: Vec<String> = conn
        .prepare(
            "SELECT 'transaction ' || public_id || ' ' || state FROM transactions WHERE state NOT IN ('COMPLETED', 'FAILED')
             UNION ALL SELECT 'payment ' || public_id || ' ' || status FROM payments
                 WHERE status NOT IN ('settled', 'expired', 'failed')
             UNION ALL SELECT 'transfer ' || public_id || ' ' || status FROM transfers
                 WHERE status NOT IN ('completed', 'failed')",
        )
        .unwrap()
        .query_map([], |r| r.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    prop_assert!(unfinished.is_empty(), "flows left unfinished: {unfinished:?}");
    // Per flow: how many created and final events it emitted.
    let counts: Vec<(String, i64, i64)> = conn
        .prepare(
            "SELECT f.public_id,
                 (SELECT COUNT(*) FROM events e WHERE e.resource_id = f.public_id AND e.type = 'settlement.created'),
                 (SELECT COUNT(*) FROM events e WHERE e.resource_id = f.public_id
                      AND e.type IN ('settlement.completed', 'settlement.failed'))
             FROM (SELECT public_id FROM transactions UNION ALL SELECT public_id FROM payments
                   UNION ALL SELECT public_id FROM transfers) f",
        )
        .unwrap()
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    for (id, created, ended) in &counts {
        prop_assert_eq!(
            (*created, *ended),
            (1, 1),
            "flow {} emitted {} created and {} final events",
            id,
            created,
            ended
        );
    }
    payctl_sandbox::testing::verify_ledger(&conn).map_err(TestCaseError::fail)?;
    let held: i64 = conn
        .query_row("SELECT COALESCE(SUM(balance_minor), 0) FROM accounts WHERE purpose = 'in_flight'", [], |r| r.get(0))
        .unwrap();
    prop_assert_eq!(held, 0, "value left in flight after every flow ended");
    Ok(())
}

#[test]
fn every_flow_ends_with_one_final_event_and_a_balanced_ledger() {
    let mut runner = TestRunner::new(Config { cases: 12, failure_persistence: None, ..Config::default() });
    runner
        .run(&prop::collection::vec(op(), 4..16), |ops| {
            let rt = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().unwrap();
            rt.block_on(run(ops))
        })
        .unwrap();
}
