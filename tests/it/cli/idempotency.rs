//! A create or money movement through the CLI never happens twice: every
//! `POST` carries an Idempotency-Key (`--idempotency-key KEY`, else one
//! made for the run); when its answer is lost for good the CLI prints the
//! key and the exact command that retries it, and that retry is answered
//! with the stored original, reported as a replay.

use serde_json::json;

use super::Home;
use crate::legacy_quotes::{customer, fix_rate};

/// The command line the error prints after "run:".
fn retry_command(stderr: &str) -> Vec<String> {
    let line = stderr
        .lines()
        .skip_while(|l| !l.contains("To retry it safely"))
        .nth(1)
        .unwrap_or_else(|| panic!("no retry command in: {stderr}"))
        .trim()
        .to_owned();
    shell_words(&line)
}

/// Splits a line as a POSIX shell does, for the quoting the CLI prints
/// (bare words and single quotes).
fn shell_words(line: &str) -> Vec<String> {
    let (mut words, mut word, mut quoted, mut open) = (Vec::new(), String::new(), false, false);
    for c in line.chars() {
        match c {
            '\'' => {
                quoted = !quoted;
                open = true;
            }
            ' ' if !quoted => {
                if open || !word.is_empty() {
                    words.push(std::mem::take(&mut word));
                }
                open = false;
            }
            c => word.push(c),
        }
    }
    if open || !word.is_empty() {
        words.push(word);
    }
    words
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_payin_whose_answers_are_all_lost_prints_its_key_and_the_retry_replays_it() {
    let home = Home::initialised().await;
    fix_rate(&home.sb).await;
    let cust = customer(&home.sb, "payin-cli@example.com", true).await;
    let rule = home
        .run(&["sandbox", "faults", "add", "--operation", "createTransfer", "--kind", "drop-response"], None)
        .await
        .ok()
        .json();
    let body =
        json!({"customer_id": cust, "source": {"asset": "AED"}, "destination": {"asset": "USDC"}, "amount": "100000"})
            .to_string();
    let lost = home.run(&["transfers", "create", "--kind", "payin", "--data", &body], None).await;
    assert_eq!(lost.code, Some(4), "{}", lost.stderr);
    assert!(lost.stderr.contains("It was sent with Idempotency-Key "), "{}", lost.stderr);
    let words = retry_command(&lost.stderr);
    assert_eq!(words[0], "payctl");
    assert_eq!(&words[1..6], ["transfers", "create", "--kind", "payin", "--data"]);
    assert_eq!(words[6], body, "the body is quoted so the shell gives it back whole");
    assert_eq!(words[7], "--idempotency-key");
    let key = words[8].clone();
    assert!(lost.stderr.contains(&format!("Idempotency-Key {key}")), "{}", lost.stderr);

    home.run(&["sandbox", "faults", "rm", rule["id"].as_str().unwrap()], None).await.ok();
    let args: Vec<&str> = words[1..].iter().map(String::as_str).collect();
    let retried = home.run(&args, None).await.ok();
    assert!(retried.stderr.contains("Replayed the original answer: transfer "), "{}", retried.stderr);
    assert!(!retried.stderr.contains("Created transfer"), "{}", retried.stderr);
    // One payin was made, never two: the customer holds what one payin of
    // the amount gives, as a second customer paid in once directly does.
    let control = customer(&home.sb, "payin-control@example.com", true).await;
    let once = json!({"customer_id": control, "source": {"asset": "AED"}, "destination": {"asset": "USDC"}, "amount": "100000"});
    let r = home.sb.post("/v1/payins", &home.sb.test_key(), once).await;
    assert_eq!(r.status.as_u16(), 201, "{}", r.body);
    home.sb.advance_clock(15).await;
    let usdc = |id: String| {
        let sb = &home.sb;
        async move {
            let accounts = sb.get(&format!("/v1/customers/{id}/accounts"), &sb.test_key()).await.body;
            accounts.as_array().unwrap().iter().find(|a| a["asset"] == "USDC").map(|a| a["balance_minor"].clone())
        }
    };
    let (paid, expected) = (usdc(cust).await, usdc(control).await);
    assert!(expected.is_some(), "the control payin completed");
    assert_eq!(paid, expected, "one payin, never two");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_given_key_is_sent_and_running_the_command_again_reports_a_replay() {
    let home = Home::initialised().await;
    let body = crate::faults::customer_body().to_string();
    let args = ["customers", "create", "--data", &body, "--idempotency-key", "onboard-acme-1", "-o", "json"];
    let first = home.run(&args, None).await.ok();
    assert!(first.stderr.contains("Created customer "), "{}", first.stderr);
    let again = home.run(&args, None).await.ok();
    assert!(again.stderr.contains("Replayed the original answer: customer "), "{}", again.stderr);
    assert_eq!(first.json()["id"], again.json()["id"]);
    let customers = home.sb.get("/v1/customers", &home.sb.test_key()).await;
    assert_eq!(customers.body["data"].as_array().unwrap().len(), 1, "{}", customers.body);

    let bad = home.run(&["customers", "create", "--data", &body, "--idempotency-key", "two words"], None).await;
    assert_eq!(bad.code, Some(2), "{}", bad.stderr);
    assert!(bad.stderr.contains("printable ASCII characters without spaces"), "{}", bad.stderr);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn api_takes_headers_a_body_file_a_key_and_shows_the_status_and_headers() {
    let home = Home::initialised().await;
    let customer = crate::faults::customer_body().to_string();
    let file = home.dir.path().join("customer.json");
    std::fs::write(&file, &customer).unwrap();
    let data = format!("@{}", file.display());
    let args = [
        "api",
        "POST",
        "/v1/customers",
        "--data",
        &data,
        "--idempotency-key",
        "api-key-1",
        "-H",
        "X-Request-ID: ticket-1234",
        "-i",
    ];
    let first = home.run(&args, None).await.ok();
    let (head, body) = first.stdout.split_once("\n\n").unwrap_or_else(|| panic!("{}", first.stdout));
    assert!(head.starts_with("HTTP/1.1 201 Created"), "{head}");
    assert!(head.to_ascii_lowercase().contains("\nx-request-id: ticket-1234"), "the header was sent: {head}");
    let created: serde_json::Value = serde_json::from_str(body).unwrap();
    let again = home.run(&args, None).await.ok();
    assert!(again.stdout.to_ascii_lowercase().contains("idempotent-replayed: true"), "{}", again.stdout);
    assert!(again.stderr.contains("Replayed the original answer"), "{}", again.stderr);
    let piped = home.run(&["api", "POST", "/v1/customers", "--data", "@-"], Some(&customer)).await;
    assert_eq!(piped.code, Some(1), "the same email again is refused: {}", piped.stderr);
    assert!(piped.stderr.contains("DUPLICATE_EMAIL"), "{}", piped.stderr);
    let customers = home.sb.get("/v1/customers", &home.sb.test_key()).await;
    assert_eq!(customers.body["data"][0]["id"], created["id"], "{}", customers.body);
    assert_eq!(customers.body["data"].as_array().unwrap().len(), 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_read_that_gets_no_answer_does_not_say_it_may_have_been_carried_out() {
    let home = Home::initialised().await;
    home.run(&["sandbox", "faults", "add", "--operation", "listCustomers", "--kind", "reset"], None).await.ok();
    let read = home.run(&["customers", "list"], None).await;
    assert_eq!(read.code, Some(4), "{}", read.stderr);
    assert!(read.stderr.contains("no answer from"), "{}", read.stderr);
    assert!(!read.stderr.contains("carried out"), "a read changes nothing: {}", read.stderr);
    assert!(!read.stderr.contains("Idempotency-Key"), "{}", read.stderr);
}
