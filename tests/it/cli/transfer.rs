//! `payctl transfer` through the binary: the guided flow with `--yes --wait`
//! to COMPLETED and to FAILED, a safe re-run with the printed
//! Idempotency-Key, and the refusals that happen before anything is sent.

use serde_json::{Value, json};

use super::{Home, Run};
use crate::customers::create_customer;
use crate::support::TestSandbox;

/// A customer with a EUR bank beneficiary, made through the API; answers
/// the beneficiary's id.
pub async fn bank_beneficiary(sb: &TestSandbox) -> String {
    let key = sb.test_key();
    let email = format!("{}@example.com", uuid::Uuid::new_v4().simple());
    let customer = create_customer(sb, &key, &email).await;
    let approve = format!("/sandbox/customers/{}/approve", customer["id"].as_str().unwrap());
    assert_eq!(sb.post(&approve, &key, json!(null)).await.status, 200, "a sender must be verified");
    let body = json!({"customer_id": customer["id"], "type": "business", "full_name": "Acme GmbH", "country": "DE",
        "account": {"kind": "BANK_ACCOUNT", "destination_asset": "EUR", "iban": "DE89370400440532013000",
                    "bank_name": "Commerzbank", "bank_country": "DE"}});
    let r = sb.post("/v1/beneficiaries", &key, body).await;
    assert_eq!(r.status, 201, "{}", r.body);
    r.body["id"].as_str().unwrap().to_owned()
}

/// `payctl transfer` of `amount` AED minor units into EUR on a bank account.
pub fn transfer_args<'a>(amount: &'a str, beneficiary: &'a str, extra: &[&'a str]) -> Vec<&'a str> {
    let mut args = vec!["transfer", "--corridor", "uae", "--from", "AED", "--amount-minor", amount, "--to", "EUR"];
    args.extend(["--kind", "BANK", "--beneficiary", beneficiary, "-o", "json"]);
    args.extend(extra);
    args
}

async fn transactions(sb: &TestSandbox) -> Vec<Value> {
    sb.get("/v1/transactions?limit=100", &sb.test_key()).await.body["data"].as_array().unwrap().clone()
}

/// Runs a `--wait` transfer and, once its transaction exists, moves the
/// sandbox clock past settlement while the CLI is polling.
async fn transfer_and_settle(home: &Home, amount: &str, beneficiary: &str) -> Run {
    let mut cmd = home.command(&transfer_args(amount, beneficiary, &["--yes", "--wait"]));
    let child = tokio::task::spawn_blocking(move || cmd.spawn().unwrap().wait_with_output().unwrap());
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
    while transactions(&home.sb).await.is_empty() {
        assert!(std::time::Instant::now() < deadline, "the CLI never created the transaction");
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    home.sb.advance_clock(31).await;
    let out = child.await.unwrap();
    Run {
        code: out.status.code(),
        stdout: String::from_utf8(out.stdout).unwrap(),
        stderr: String::from_utf8(out.stderr).unwrap(),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_guided_transfer_with_yes_and_wait_completes() {
    let home = Home::initialised().await;
    let ben = bank_beneficiary(&home.sb).await;
    let run = transfer_and_settle(&home, "100000", &ben).await.ok();
    let txn = run.json();
    assert_eq!(txn["state"], "COMPLETED", "{}", run.stderr);
    assert_eq!(txn["beneficiary_id"], ben.as_str());
    assert_eq!(txn["source_asset"], "AED");
    assert_eq!(txn["destination_asset"], "EUR");
    assert_eq!(txn["source_amount_minor"], "100000");
    assert!(txn["completed_at"].is_string());
    // The summary renders minor units with each asset's decimals.
    assert!(run.stderr.contains("You send:      1,000.00 AED"), "{}", run.stderr);
    assert!(
        run.stderr.contains(&format!("They receive:  {}", eur(&txn["destination_amount_minor"]))),
        "{}",
        run.stderr
    );
    assert!(run.stderr.contains("Idempotency-Key: "), "{}", run.stderr);
    assert!(run.stderr.contains("is COMPLETED"), "{}", run.stderr);
    // The quote was accepted and consumed by this one transaction.
    let quote_path = format!("/v1/transactions/quote/{}", txn["quote_id"].as_str().unwrap());
    assert_eq!(home.sb.get(&quote_path, &home.sb.test_key()).await.body["status"], "USED");
    assert_eq!(transactions(&home.sb).await.len(), 1);
}

fn eur(minor: &Value) -> String {
    let minor = minor.as_str().unwrap();
    let padded = format!("{minor:0>3}");
    let (units, cents) = padded.split_at(padded.len() - 2);
    let grouped: Vec<String> =
        units.as_bytes().rchunks(3).rev().map(|c| String::from_utf8(c.to_vec()).unwrap()).collect();
    format!("{}.{cents} EUR", grouped.join(","))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_failed_transaction_exits_1_with_its_reason() {
    let home = Home::initialised().await;
    let ben = bank_beneficiary(&home.sb).await;
    let run = transfer_and_settle(&home, "100013", &ben).await;
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    let txn = run.json();
    assert_eq!(txn["state"], "FAILED");
    assert!(txn["failure_reason"].is_string());
    assert!(run.stderr.contains(&format!("transaction {} FAILED", txn["id"].as_str().unwrap())), "{}", run.stderr);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rerunning_with_the_printed_key_replays_the_same_transaction() {
    let home = Home::initialised().await;
    let ben = bank_beneficiary(&home.sb).await;
    let first = home.run(&transfer_args("25000", &ben, &["--yes"]), None).await.ok();
    let txn = first.json();
    assert_eq!(txn["state"], "PENDING");
    let key = first
        .stderr
        .lines()
        .find_map(|l| l.strip_prefix("Idempotency-Key: "))
        .and_then(|rest| rest.split_whitespace().next())
        .unwrap_or_else(|| panic!("no key printed: {}", first.stderr))
        .to_owned();
    let again = home.run(&transfer_args("25000", &ben, &["--yes", "--idempotency-key", &key]), None).await.ok();
    assert_eq!(again.json()["id"], txn["id"]);
    assert_eq!(again.json()["quote_id"], txn["quote_id"]);
    assert_eq!(transactions(&home.sb).await.len(), 1, "no second transaction");
    // A key the API would refuse is a usage error before anything is sent.
    let bad = home.run(&transfer_args("25000", &ben, &["--yes", "--idempotency-key", "has space"]), None).await;
    assert_eq!(bad.code, Some(2), "{}", bad.stderr);
    assert!(bad.stderr.contains("--idempotency-key"), "{}", bad.stderr);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn nothing_is_sent_without_a_confirmation() {
    let home = Home::initialised().await;
    let ben = bank_beneficiary(&home.sb).await;
    let no_yes = home.run(&transfer_args("10000", &ben, &[]), None).await;
    assert_eq!(no_yes.code, Some(2), "{}", no_yes.stderr);
    assert!(no_yes.stderr.contains("--yes"), "{}", no_yes.stderr);
    // A LIVE key needs --confirm-live on top of --yes.
    let live = home.sb.ready.live_api_key.clone();
    let mut args = vec!["--api-key", live.as_str()];
    args.extend(transfer_args("10000", &ben, &["--yes"]));
    let refused = home.run(&args, None).await;
    assert_eq!(refused.code, Some(2), "{}", refused.stderr);
    assert!(refused.stderr.contains("--confirm-live"), "{}", refused.stderr);
    assert!(!refused.stderr.contains("Idempotency-Key"), "refused before anything was sent");
    assert!(transactions(&home.sb).await.is_empty());
    // A refusal by the API is exit 1 with its code: a beneficiary that does not exist.
    let unknown = home.run(&transfer_args("10000", "0190a0a0-0000-7000-8000-000000000000", &["--yes"]), None).await;
    assert_eq!(unknown.code, Some(1), "{}", unknown.stderr);
    assert!(unknown.stderr.contains("BEN_0001"), "{}", unknown.stderr);
}

#[cfg(unix)]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn stopping_the_wait_exits_0_and_says_how_to_check_later() {
    use std::io::{BufRead, BufReader, Read};

    let home = Home::initialised().await;
    let ben = bank_beneficiary(&home.sb).await;
    let mut cmd = home.command(&transfer_args("30000", &ben, &["--yes", "--wait"]));
    let run = tokio::task::spawn_blocking(move || {
        let mut child = cmd.spawn().unwrap();
        let mut stderr = BufReader::new(child.stderr.take().unwrap());
        let mut seen = String::new();
        // The stop signal is installed before this line is printed.
        while !seen.contains("Waiting for transaction") {
            assert!(stderr.read_line(&mut seen).unwrap() > 0, "exited early: {seen}");
        }
        let pid = child.id().to_string();
        assert!(std::process::Command::new("kill").args(["-TERM", &pid]).status().unwrap().success());
        stderr.read_to_string(&mut seen).unwrap();
        let out = child.wait_with_output().unwrap();
        Run { code: out.status.code(), stdout: String::from_utf8(out.stdout).unwrap(), stderr: seen }
    })
    .await
    .unwrap()
    .ok();
    let txn = run.json();
    assert!(["PENDING", "PROCESSING"].contains(&txn["state"].as_str().unwrap()), "{txn}");
    let hint = format!("payctl transactions get {}", txn["id"].as_str().unwrap());
    assert!(run.stderr.contains(&hint), "{}", run.stderr);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn missing_quote_flags_are_usage_errors_before_anything_is_sent() {
    let home = Home::initialised().await;
    let ben = bank_beneficiary(&home.sb).await;
    let cases: &[(&[&str], &str)] = &[
        (&["transfer", "--corridor", "uae", "--amount-minor", "1000", "--to", "EUR", "--kind", "BANK"], "--from"),
        (&["transfer", "--corridor", "uae", "--from", "AED", "--to", "EUR", "--kind", "BANK"], "--amount-minor"),
        (&["transfer", "--corridor", "uae", "--from", "AED", "--amount-minor", "1000", "--kind", "BANK"], "--to"),
        (&["transfer", "--corridor", "uae", "--from", "AED", "--amount-minor", "1000", "--to", "EUR"], "--kind"),
    ];
    for (args, flag) in cases {
        let mut args = args.to_vec();
        args.extend(["--beneficiary", ben.as_str(), "--yes"]);
        let run = home.run(&args, None).await;
        assert_eq!(run.code, Some(2), "{flag}: {}", run.stderr);
        assert!(run.stderr.contains(&format!("missing {flag}")), "{flag}: {}", run.stderr);
        assert!(!run.stderr.contains("Idempotency-Key"), "refused before a key was printed: {}", run.stderr);
        assert!(!run.stderr.contains("source_asset"), "{}", run.stderr);
    }
    let negative = home.run(&transfer_args("-5", &ben, &["--yes"]), None).await;
    assert_eq!(negative.code, Some(2), "{}", negative.stderr);
    assert!(negative.stderr.contains("positive whole number"), "{}", negative.stderr);
    // Nothing reached the API: no quote was even attempted. Logs are written
    // in the background, so a known request after the runs (the second
    // customer, after the beneficiary's) is waited for before counting.
    let key = home.sb.test_key();
    create_customer(&home.sb, &key, &format!("{}@example.com", uuid::Uuid::new_v4().simple())).await;
    let customers = |logs: &[Value]| logs.iter().filter(|l| l["path"] == "/v1/customers").count();
    let logs = home.sb.logs_where(&key, "method=POST", |l| customers(l) >= 2).await;
    assert_eq!(customers(&logs), 2, "the known request was logged: {logs:?}");
    let quotes = logs.iter().filter(|l| l["path"] == "/v1/transactions/quote").count();
    assert_eq!(quotes, 0, "{logs:?}");
}
