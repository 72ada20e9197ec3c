//! "My webhook never arrived": `webhooks deliveries` shows each delivery's
//! last result (the receiver's status, or why there was none) on the
//! terminal, `webhooks redeliver DELIVERY_ID` finds the endpoint itself,
//! and `events resend EVENT_ID` redelivers an event to every endpoint that
//! got it.

use serde_json::json;

use super::Home;
use super::pty::on_a_terminal;
use crate::webhooks::Receiver;

/// A loopback URL nothing listens on.
async fn closed_url() -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}/hook", listener.local_addr().unwrap());
    drop(listener);
    url
}

/// Waits until the endpoint's newest delivery has `attempts` attempts.
async fn attempted(home: &Home, hook: &str, attempts: u64) -> serde_json::Value {
    for _ in 0..150 {
        let page = home.sb.get(&format!("/v1/webhooks/{hook}/deliveries"), &home.sb.test_key()).await.body;
        if page["data"][0]["attempt_count"].as_u64().is_some_and(|n| n >= attempts) {
            return page["data"][0].clone();
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    panic!("no attempt on {hook}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn deliveries_show_why_a_webhook_never_arrived_and_redeliver_finds_its_endpoint() {
    let home = Home::initialised().await;
    let key = home.sb.test_key();
    let refused = crate::webhooks::create(&home.sb, &key, &closed_url().await, &["customer.kyb_rejected"]).await;
    let refused = refused["id"].as_str().unwrap().to_owned();
    let answering = Receiver::start().await;
    answering.answer(&[503]);
    let unhappy = crate::webhooks::create(&home.sb, &key, &answering.url, &["customer.kyb_rejected"]).await;
    let unhappy = unhappy["id"].as_str().unwrap().to_owned();
    let event = home.sb.post("/sandbox/events/trigger", &key, json!({"event": "customer.kyb_rejected"})).await;
    assert_eq!(event.status, 201, "{}", event.body);
    attempted(&home, &refused, 1).await;
    let delivery = attempted(&home, &unhappy, 1).await;

    // On a 100-column terminal: the reason is there, not only in -o json.
    let (shown, code) = on_a_terminal(&home, 100, &["webhooks", "deliveries", &refused]).await;
    assert_eq!(code, 0, "{shown}");
    assert!(shown.contains("LAST RESULT"), "{shown}");
    assert!(shown.contains("Connection refused"), "{shown}");
    let (shown, _) = on_a_terminal(&home, 100, &["webhooks", "deliveries", &unhappy]).await;
    assert!(shown.contains("HTTP 503"), "{shown}");

    // Redelivered by its id alone: the endpoint is found from it.
    let id = delivery["id"].as_str().unwrap();
    let again = home.run(&["webhooks", "redeliver", id, "-o", "json"], None).await.ok();
    assert_eq!(again.json()["webhook_id"], unhappy.as_str(), "{}", again.stderr);
    assert!(again.stderr.contains(&format!("(endpoint {unhappy})")), "{}", again.stderr);
    let got = answering.wait_for(2).await;
    assert_eq!(got[0].body, got[1].body, "the same delivery, sent again");
    let unknown = home.run(&["webhooks", "redeliver", "dlv_01938a4e7c1a7b329a5e0c7d3f1e2a4b"], None).await;
    assert_eq!(unknown.code, Some(1), "{}", unknown.stderr);
    assert!(unknown.stderr.contains("no endpoint of this application has a delivery"), "{}", unknown.stderr);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn events_resend_redelivers_an_event_to_every_endpoint_that_got_it() {
    let home = Home::initialised().await;
    let key = home.sb.test_key();
    let (one, two, other) = (Receiver::start().await, Receiver::start().await, Receiver::start().await);
    crate::webhooks::create(&home.sb, &key, &one.url, &["customer.kyb_approved"]).await;
    crate::webhooks::create(&home.sb, &key, &two.url, &["customer.kyb_approved", "settlement.created"]).await;
    crate::webhooks::create(&home.sb, &key, &other.url, &["settlement.created"]).await;
    let event = home.sb.post("/sandbox/events/trigger", &key, json!({"event": "customer.kyb_approved"})).await;
    let id = event.body["id"].as_str().unwrap().to_owned();
    // A later event of another type, delivered too: not resent.
    home.sb.post("/sandbox/events/trigger", &key, json!({"event": "settlement.created"})).await;
    one.wait_for(1).await;
    two.wait_for(2).await;
    other.wait_for(1).await;

    let run = home.run(&["events", "resend", &id, "-o", "json"], None).await.ok();
    assert_eq!(run.json()["data"].as_array().unwrap().len(), 2, "{}", run.stdout);
    assert!(run.stderr.contains(&format!("Redelivering event {id}: 2 delivery(ies) queued now")), "{}", run.stderr);
    let again = one.wait_for(2).await;
    assert_eq!(again[1].json()["id"], id.as_str());
    let again = two.wait_for(3).await;
    assert_eq!(again[2].json()["id"], id.as_str());
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    assert_eq!(other.received().len(), 1, "an endpoint that never got the event gets nothing");

    let unknown = home.run(&["events", "resend", "evt_01938a4e7c1a7b329a5e0c7d3f1e2a4b"], None).await;
    assert_eq!(unknown.code, Some(1));
    assert!(unknown.stderr.contains("no endpoint of this application has a delivery of event"), "{}", unknown.stderr);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn trigger_overrides_what_its_flow_sends_and_the_event_follows() {
    let home = Home::initialised().await;
    let key = home.sb.test_key();
    let receiver = Receiver::start().await;
    crate::webhooks::create(&home.sb, &key, &receiver.url, &["customer.kyb_approved"]).await;
    let args = ["trigger", "customer.kyb_approved", "--override", "data.legal_name=Overridden Trading LLC"];
    let run = home.run(&args, None).await.ok();
    assert!(run.stderr.contains("Changed customer: legal_name = \"Overridden Trading LLC\"."), "{}", run.stderr);
    // Piped, it prints the same one-line summary as on a terminal, not the steps' transcript.
    assert!(run.stdout.starts_with("Fired customer.kyb_approved as event evt_"), "{}", run.stdout);
    assert_eq!(run.stdout.lines().count(), 1, "{}", run.stdout);
    let got = receiver.wait_for(1).await;
    assert_eq!(got[0].json()["data"]["legal_name"], "Overridden Trading LLC");
    // --add puts a field the fixture does not send; an amount keeps its type (a string).
    let args = [
        "trigger",
        "settlement.created",
        "--add",
        "beneficiary:account.is_default=true",
        "--override",
        "quote:source_amount_minor=250000",
        "-o",
        "json",
    ];
    let run = home.run(&args, None).await.ok();
    let steps = run.json()["fixtures"][0]["steps"].clone();
    let ben =
        steps.as_array().unwrap().iter().find(|s| s["step"] == "beneficiary").unwrap()["response"]["body"].clone();
    assert_eq!(ben["account"]["is_default"], true, "{ben}");
    let txn =
        steps.as_array().unwrap().iter().find(|s| s["step"] == "transaction").unwrap()["response"]["body"].clone();
    assert_eq!(txn["source_amount_minor"], "250000", "{txn}");
    // Mistakes are usage errors that say what the fixture has.
    let typo = home.run(&["trigger", "customer.kyb_approved", "--override", "customer:legal_nmae=X"], None).await;
    assert_eq!(typo.code, Some(2), "{}", typo.stderr);
    assert!(typo.stderr.contains("its body has"), "{}", typo.stderr);
    let step = home.run(&["trigger", "customer.kyb_approved", "--add", "ghost:x=1"], None).await;
    assert_eq!(step.code, Some(2));
    assert!(step.stderr.contains("its steps: customer, approve"), "{}", step.stderr);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn deliveries_show_each_fault_and_the_verdict_on_its_answer() {
    let home = Home::initialised().await;
    let key = home.sb.test_key();
    // A receiver that takes everything: the forged probe is accepted.
    let lax = Receiver::start().await;
    let hook = crate::webhooks::create(&home.sb, &key, &lax.url, &["customer.kyb_approved"]).await;
    let hook = hook["id"].as_str().unwrap().to_owned();
    let rule = json!({"match": {"event": "*"}, "fault": {"kind": "forged_signature"}, "times": 1});
    assert_eq!(home.sb.post("/sandbox/faults", &key, rule).await.status, 201);
    let event = home.sb.post("/sandbox/events/trigger", &key, json!({"event": "customer.kyb_approved"})).await;
    assert_eq!(event.status, 201, "{}", event.body);
    lax.wait_for(2).await;
    for _ in 0..100 {
        let page = home.sb.get(&format!("/v1/webhooks/{hook}/deliveries"), &key).await.body;
        let judged = page["data"].as_array().unwrap().iter().filter(|d| !d["attempts"][0]["verdict"].is_null()).count();
        if judged == 2 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    let shown = home.run(&["webhooks", "deliveries", &hook, "-o", "table"], None).await.ok().stdout;
    let header = shown.lines().find(|l| l.contains("LAST RESULT")).unwrap_or_else(|| panic!("{shown}"));
    assert!(header.contains("FAULT") && header.contains("VERDICT"), "{shown}");
    let probe = shown.lines().find(|l| l.contains("forged_signature probe")).unwrap_or_else(|| panic!("{shown}"));
    assert!(probe.contains("accepted_forgery"), "the lax receiver took the forgery: {probe}");
    assert!(probe.contains("HTTP 200 in "), "{probe}");
    let genuine = shown.lines().find(|l| l.contains("probed (forged_signature)")).unwrap_or_else(|| panic!("{shown}"));
    let cells: Vec<&str> = genuine.split(['│', '┆']).map(str::trim).collect();
    assert!(cells.contains(&"ok"), "the genuine delivery answered 2xx: {genuine}");
}

/// A probe the receiver refused, as a correct one must, is no red
/// `failed`: the CLI says `refused as expected`, the words the console uses.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_probe_refused_correctly_reads_as_refused_as_expected() {
    use crate::webhooks::faults::{FaultReceiver, Policy, deliveries, endpoint};
    let home = Home::initialised().await;
    let key = home.sb.test_key();
    let careful = FaultReceiver::start(Policy::Verifying).await;
    let hook = endpoint(&home.sb, &key, &careful, &["customer.kyb_approved"]).await;
    let rule = json!({"match": {"event": "*"}, "fault": {"kind": "forged_signature"}, "times": 1});
    assert_eq!(home.sb.post("/sandbox/faults", &key, rule).await.status, 201);
    let event = home.sb.post("/sandbox/events/trigger", &key, json!({"event": "customer.kyb_approved"})).await;
    assert_eq!(event.status, 201, "{}", event.body);
    careful.wait_for(2).await;
    for _ in 0..100 {
        let judged =
            deliveries(&home.sb, &key, &hook).await.iter().filter(|d| !d["attempts"][0]["verdict"].is_null()).count();
        if judged == 2 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    let shown = home.run(&["webhooks", "deliveries", &hook, "-o", "table"], None).await.ok().stdout;
    let probe = shown.lines().find(|l| l.contains("forged_signature probe")).unwrap_or_else(|| panic!("{shown}"));
    assert!(probe.contains("refused as expected"), "{probe}");
    assert!(!probe.contains("failed"), "{probe}");
    // JSON keeps the API's status.
    let json = home.run(&["webhooks", "deliveries", &hook, "-o", "json"], None).await.ok().json();
    assert!(json["data"].as_array().unwrap().iter().any(|d| d["role"] == "probe" && d["status"] == "failed"), "{json}");
}
