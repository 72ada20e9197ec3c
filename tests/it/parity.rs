//! `payctl parity` as users meet it: a session recorded through `payctl
//! proxy --record` (a child process) in front of a "real service" (a small
//! HTTP server that answers as the sandbox behind it does, but for known,
//! deliberate differences), then replayed by `payctl parity` (a child
//! process starting its own sandbox, or `--against` another) and compared.
//! It reports exactly the planted differences at their steps and pointers,
//! nothing for a recording of an unmodified sandbox, never a secret, and
//! JUnit that parses as CI tools read it.

use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};

use crate::cli::Home;
use crate::proxy::start;
use crate::support::{Auth, TestSandbox, factories};

/// An id no object has: the "real service" refuses it with another code.
const NO_SUCH_CUSTOMER: &str = "01938a4e-7c1a-7b32-9a5e-0c7d3f1e2a4b";

struct Real {
    upstream: String,
    http: reqwest::Client,
}

/// The event the "real service" never delivers.
const NEVER_DELIVERED: &str = "customer.kyb_approved";

/// Forwards to the sandbox behind it and alters three known answers: the
/// customer read gains a `risk_rating`, a completed transaction reads as
/// `SETTLED`, and the unknown customer is refused with `CUS_9999`. And it
/// misses an event: a webhook endpoint is registered behind it without
/// `customer.kyb_approved` (its answer still lists it), so that event is
/// never delivered.
async fn real(State(real): State<Arc<Real>>, method: Method, uri: Uri, headers: HeaderMap, body: Bytes) -> Response {
    let mut subscribed = None;
    let body = match serde_json::from_slice::<Value>(&body) {
        Ok(mut sent) if method == Method::POST && uri.path() == "/v1/webhooks" => {
            subscribed = Some(sent["events"].clone());
            sent["events"].as_array_mut().unwrap().retain(|e| e != NEVER_DELIVERED);
            Bytes::from(sent.to_string())
        }
        _ => body,
    };
    let mut request = real.http.request(method.clone(), format!("{}{uri}", real.upstream)).body(body);
    for (name, value) in &headers {
        if !matches!(name.as_str(), "host" | "content-length" | "connection") {
            request = request.header(name, value);
        }
    }
    let answer = request.send().await.unwrap();
    let status = answer.status();
    let mut out = HeaderMap::new();
    for (name, value) in answer.headers() {
        if !matches!(name.as_str(), "content-length" | "transfer-encoding" | "connection") {
            out.insert(name.clone(), value.clone());
        }
    }
    let bytes = answer.bytes().await.unwrap();
    let Ok(mut body) = serde_json::from_slice::<Value>(&bytes) else {
        return (status, out, bytes).into_response();
    };
    let path = uri.path();
    if let Some(events) = subscribed {
        body["events"] = events;
    } else if method == Method::GET && path == format!("/v1/customers/{NO_SUCH_CUSTOMER}") {
        body["error"]["code"] = json!("CUS_9999");
    } else if method == Method::GET && path.starts_with("/v1/customers/") {
        body["risk_rating"] = json!("low");
    } else if method == Method::GET && path.starts_with("/v1/transactions/") && body["state"] == "COMPLETED" {
        body["state"] = json!("SETTLED");
    }
    (StatusCode::from_u16(status.as_u16()).unwrap(), out, body.to_string()).into_response()
}

/// Starts the "real service" in front of `upstream`; answers its base URL.
async fn real_service(upstream: &str) -> String {
    let state = Arc::new(Real { upstream: upstream.to_owned(), http: reqwest::Client::new() });
    let app = axum::Router::new().fallback(real).with_state(state);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    url
}

/// A POST with an `Idempotency-Key`, as a partner's client sends it; a
/// `null` body is none.
async fn post(via: &TestSandbox, path: &str, key: &Auth, body: Value) -> crate::support::Reply {
    let request =
        via.request(reqwest::Method::POST, path, key).header("Idempotency-Key", uuid::Uuid::new_v4().to_string());
    via.send(if body.is_null() { request } else { request.json(&body) }).await
}

/// The session a partner ran: a webhook endpoint at `hooks` for every
/// event (its signing secret answered), a customer approved and read, a
/// beneficiary (an IBAN), a quote accepted, a transaction completed and
/// read, an unknown customer read. Answers the secrets the session saw and
/// the endpoint's id.
async fn session(via: &TestSandbox, key: &Auth, hooks: &str) -> (Vec<String>, String) {
    let hook = post(via, "/v1/webhooks", key, json!({"url": hooks, "events": crate::webhooks::ALL})).await;
    assert_eq!(hook.status, StatusCode::CREATED, "{}", hook.body);
    assert_eq!(hook.body["events"], json!(crate::webhooks::ALL), "{}", hook.body);
    let whsec = hook.body["secret"].as_str().unwrap().to_owned();
    let email = format!("{}@example.com", uuid::Uuid::new_v4().simple());
    let customer = post(
        via,
        "/v1/customers",
        key,
        json!({"type": "business", "legal_name": "Acme Trading LLC", "email": email, "country": "AE",
                   "verification_level": "standard", "tax_id": "TRN-100200300"}),
    )
    .await;
    assert_eq!(customer.status, StatusCode::CREATED, "{}", customer.body);
    let customer_id = customer.body["id"].as_str().unwrap().to_owned();
    post(via, &format!("/sandbox/customers/{customer_id}/approve"), key, json!(null)).await;
    via.get(&format!("/v1/customers/{customer_id}"), key).await;
    let beneficiary = post(
        via,
        "/v1/beneficiaries",
        key,
        json!({"customer_id": customer_id, "type": "business", "full_name": "Jane Doe", "country": "DE",
                   "account": {"kind": "BANK_ACCOUNT", "destination_asset": "EUR", "iban": factories::DE_IBAN,
                               "bank_name": "Commerzbank", "bank_country": "DE"}}),
    )
    .await;
    assert_eq!(beneficiary.status, StatusCode::CREATED, "{}", beneficiary.body);
    let quote = post(
        via,
        "/v1/transactions/quote",
        key,
        json!({"corridor_id": "uae", "source_asset": "AED", "source_amount_minor": "100000",
                   "destination_asset": "EUR", "destination_kind": "BANK", "customer_id": customer_id}),
    )
    .await;
    assert_eq!(quote.status, StatusCode::CREATED, "{}", quote.body);
    let quote_id = quote.body["id"].as_str().unwrap().to_owned();
    post(via, &format!("/v1/transactions/quote/{quote_id}/accept"), key, json!(null)).await;
    let transaction = post(
        via,
        "/v1/transactions",
        key,
        json!({"quote_id": quote_id, "beneficiary_id": beneficiary.body["id"].as_str().unwrap()}),
    )
    .await;
    let txn = transaction.body["id"].as_str().unwrap().to_owned();
    post(via, &format!("/sandbox/transactions/{txn}/complete"), key, json!(null)).await;
    via.get(&format!("/v1/transactions/{txn}"), key).await;
    let missing = via.get(&format!("/v1/customers/{NO_SUCH_CUSTOMER}"), key).await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND, "{}", missing.body);
    let secrets = vec![whsec, factories::DE_IBAN.to_owned(), via.ready.test_api_key.clone()];
    (secrets, hook.body["id"].as_str().unwrap().to_owned())
}

/// Records the session through `payctl proxy --record` in front of
/// `upstream`, with the webhook endpoint at the proxy's receiver side,
/// which relays to the partner's receiver; waits for every delivery the
/// sandbox made to reach it (each signed with the endpoint's secret, as
/// sent) before stopping the proxy. Answers the secrets the session saw.
async fn record(home: &Home, upstream: &str, file: &std::path::Path) -> Vec<String> {
    let partner = crate::webhooks::Receiver::start().await;
    let args = ["--upstream", upstream, "--record", file.to_str().unwrap(), "--receiver", &partner.url];
    let proxy = start(home, &[&args[..], &["--receiver-listen", "127.0.0.1:0"]].concat()).await;
    let via = proxy.client(&home.sb);
    let key = home.sb.test_key();
    let (secrets, hook) = session(&via, &key, &proxy.receiver_url()).await;
    let deliveries = loop {
        let page = home.sb.get(&format!("/v1/webhooks/{hook}/deliveries"), &key).await;
        let data = page.body["data"].as_array().unwrap().clone();
        if !data.is_empty() && data.iter().all(|d| d["status"] == "succeeded") {
            break data;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    };
    let got = partner.received();
    assert_eq!(got.len(), deliveries.len(), "{got:?}");
    for delivery in &got {
        assert!(crate::webhooks::ALL.contains(&delivery.header("x-service-event")), "{delivery:?}");
        assert!(crate::webhooks::verifies(delivery, &secrets[0]), "relayed as sent, signature and all: {delivery:?}");
    }
    let (code, _, stderr) = proxy.stop().await;
    assert_eq!(code, Some(0), "{stderr}");
    secrets
}

/// `payctl ARGS` run in `dir`: (exit code, stdout, stderr).
async fn in_dir(home: &Home, dir: &std::path::Path, args: &[&str]) -> crate::cli::Run {
    let mut cmd = home.command(args);
    cmd.current_dir(dir);
    tokio::task::spawn_blocking(move || {
        let out = cmd.output().unwrap();
        crate::cli::Run {
            code: out.status.code(),
            stdout: String::from_utf8(out.stdout).unwrap(),
            stderr: String::from_utf8(out.stderr).unwrap(),
        }
    })
    .await
    .unwrap()
}

fn differences(report: &Value) -> Vec<(String, String, String)> {
    report["steps"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|s| s["differences"].as_array().unwrap().iter())
        .map(|d| {
            (
                d["step"].as_str().unwrap().to_owned(),
                d["pointer"].as_str().unwrap().to_owned(),
                d["kind"].as_str().unwrap().to_owned(),
            )
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn parity_reports_exactly_the_real_services_differences_and_nothing_else() {
    let home = Home::new().await;
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("ticket-123.json");
    let upstream = real_service(&home.sb.ready.base_url).await;
    let secrets = record(&home, &upstream, &file).await;
    let text = std::fs::read_to_string(&file).unwrap();
    for secret in &secrets {
        assert!(!text.contains(secret.as_str()), "the recording holds {secret}:\n{text}");
    }
    // The file stays a fixture `fixtures run` replays... up to the step the real service answers differently.
    let file = file.to_str().unwrap();

    let run = home.run(&["parity", file, "-o", "json"], None).await;
    assert_eq!(run.code, Some(7), "{}", run.all());
    let report = run.json();
    let names: Vec<&str> = report["steps"].as_array().unwrap().iter().map(|s| s["step"].as_str().unwrap()).collect();
    let at = |suffix: &str| names.iter().find(|n| n.ends_with(suffix)).unwrap().to_string();
    let planted = vec![
        // The real service answers a member the sandbox lacks: `missing` in the sandbox.
        (at("s4-get-customers"), "/risk_rating".to_owned(), "missing".to_owned()),
        (at("s10-get-transactions"), "/state".to_owned(), "enum".to_owned()),
        (at("s11-get-customers"), "/error/code".to_owned(), "error_code".to_owned()),
        // The real service never delivered customer.kyb_approved; the sandbox did: one more than recorded.
        ("events".to_owned(), "/events/-".to_owned(), "event".to_owned()),
    ];
    assert_eq!(differences(&report), planted, "{report:#}");
    let state = &report["steps"].as_array().unwrap().iter().find(|s| s["step"] == at("s10-get-transactions")).unwrap()
        ["differences"][0];
    assert_eq!((state["recorded"].as_str(), state["sandbox"].as_str()), (Some("SETTLED"), Some("COMPLETED")));
    assert!(state["why"].as_str().unwrap().contains("the recorded value is not one of them"), "{state}");
    let extra = &report["steps"].as_array().unwrap().iter().find(|s| s["step"] == at("s4-get-customers")).unwrap()["differences"]
        [0];
    assert_eq!(extra["recorded"], "low");
    assert!(extra["sandbox"].is_null());
    let event = &report["steps"].as_array().unwrap().last().unwrap()["differences"][0];
    assert_eq!((event["recorded"].clone(), event["sandbox"].as_str()), (Value::Null, Some(NEVER_DELIVERED)));
    let recorded: Value = serde_json::from_str(&text).unwrap();
    let events = recorded["events"].as_array().unwrap();
    assert!(!events.is_empty() && events.iter().all(|e| e["type"] != NEVER_DELIVERED), "{events:?}");
    let steps = report["steps"].as_array().unwrap();
    assert!(steps.iter().all(|s| s["outcome"] != "not_replayed"), "{report:#}");
    assert_eq!(report["differences"], 4);
    let compared = report["compared"].as_u64().unwrap();
    assert_eq!(report["same"].as_u64().unwrap(), compared - 4);
    let reads = report["operations"].as_array().unwrap().iter().find(|o| o["operation"] == "getCustomer").unwrap();
    assert_eq!(
        (reads["compared"].as_u64(), reads["same"].as_u64(), reads["percent_same"].as_f64()),
        (Some(2), Some(0), Some(0.0))
    );

    // The table and JUnit: the same findings, no secret, stable names.
    let table = in_dir(&home, dir.path(), &["parity", "ticket-123.json"]).await;
    assert_eq!(table.code, Some(7), "{}", table.all());
    for secret in &secrets {
        assert!(!table.all().contains(secret.as_str()), "the report shows {secret}");
    }
    assert!(table.stdout.contains("/risk_rating  missing: \"low\" -> null"), "{}", table.stdout);
    assert!(table.stdout.contains("getCustomer"), "{}", table.stdout);
    // sandbox/README.md's worked example is this very run's output.
    let readme =
        std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("sandbox/README.md")).unwrap();
    let after = readme.split("<!-- parity-example -->").nth(1).expect("sandbox/README.md has the parity example");
    let shown = after.split("```text\n").nth(1).unwrap().split("```").next().unwrap();
    assert_eq!(shown, table.stdout, "sandbox/README.md's parity example is not what parity prints");
    let junit = home.run(&["parity", file, "-o", "junit"], None).await;
    assert_eq!(junit.code, Some(7), "{}", junit.all());
    let xml = roxmltree::Document::parse(&junit.stdout).unwrap();
    let cases: Vec<roxmltree::Node> = xml.descendants().filter(|n| n.has_tag_name("testcase")).collect();
    assert_eq!(cases.len(), steps.len());
    let failed: Vec<&str> = cases
        .iter()
        .filter(|c| c.children().any(|n| n.has_tag_name("failure")))
        .map(|c| c.attribute("name").unwrap())
        .collect();
    let named = |n: &str| format!("{:03} {n}", names.iter().position(|x| *x == n).unwrap() + 1);
    assert_eq!(
        failed,
        [
            named(&at("s4-get-customers")),
            named(&at("s10-get-transactions")),
            named(&at("s11-get-customers")),
            named("events")
        ]
    );
    assert!(cases.iter().all(|c| c.attribute("classname") == Some("payctl.parity")));
    let suite = xml.descendants().find(|n| n.has_tag_name("testsuite")).unwrap();
    assert_eq!(suite.attribute("failures"), Some("4"));
    for secret in &secrets {
        assert!(!junit.stdout.contains(secret.as_str()), "the JUnit report shows {secret}");
    }
    let again = home.run(&["parity", file, "-o", "junit"], None).await;
    assert_eq!(again.stdout, junit.stdout, "two runs over the same answers write the same bytes");

    // Ignoring the four pointers leaves nothing: exit 0.
    let ignored = home
        .run(
            &[
                "parity",
                file,
                "--ignore",
                "/risk_rating",
                "--ignore",
                "/state",
                "--ignore",
                "/error/code",
                "--ignore",
                "/events",
            ],
            None,
        )
        .await;
    assert_eq!(ignored.code, Some(0), "{}", ignored.all());
    assert!(
        ignored.stdout.contains("12 of 12 compared step(s) the same (100.0 %), 0 difference(s)."),
        "{}",
        ignored.stdout
    );
    let bad = home.run(&["parity", file, "--ignore", "state"], None).await;
    assert_eq!(bad.code, Some(2), "{}", bad.all());
    assert!(bad.stderr.contains("--ignore \"state\": write a JSON pointer"), "{}", bad.stderr);
}

/// A fixture without recorded answers (written by hand, or recorded before
/// answers were kept) has nothing to compare: a usage error that says how
/// to get one.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_file_without_recorded_answers_is_refused_with_the_way_to_record_one() {
    let home = Home::new().await;
    let file = crate::fixtures::write(
        home.dir.path(),
        "old.json",
        json!({"version": 1, "name": "old", "steps": [
            {"name": "clock", "method": "GET", "path": "/sandbox/clock", "auth": "test_key"}]}),
    );
    let run = home.run(&["parity", &file], None).await;
    assert_eq!(run.code, Some(2), "{}", run.all());
    assert!(run.stderr.contains("no step holds a recorded answer"), "{}", run.stderr);
    assert!(run.stderr.contains("payctl proxy --upstream URL --record FILE"), "{}", run.stderr);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_recording_of_an_unmodified_sandbox_is_the_same_here_and_against_another() {
    let home = Home::new().await;
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("same.json");
    record(&home, &home.sb.ready.base_url.clone(), &file).await;
    let file = file.to_str().unwrap();
    let run = home.run(&["parity", file, "-o", "json"], None).await;
    assert_eq!(run.code, Some(0), "{}", run.all());
    let report = run.json();
    assert_eq!(differences(&report), [], "{report:#}");
    assert_eq!(report["percent_same"], 100.0);
    assert_eq!(report["compared"], 12, "{report:#}");
    let events = report["steps"].as_array().unwrap().last().unwrap();
    assert_eq!((events["step"].as_str(), events["outcome"].as_str()), (Some("events"), Some("same")), "{report:#}");

    // --against a second sandbox, with its ready line.
    let second = Home::new().await;
    let ready = dir.path().join("ready.json");
    std::fs::write(&ready, serde_json::to_string(&second.sb.ready).unwrap()).unwrap();
    let run = home
        .run(&["parity", file, "--against", &second.sb.ready.base_url, "--ready", ready.to_str().unwrap()], None)
        .await;
    assert_eq!(run.code, Some(0), "{}", run.all());
    assert!(run.stdout.contains(&format!("replayed into {}", second.sb.ready.base_url)), "{}", run.stdout);
    assert!(run.stdout.contains("(100.0 %), 0 difference(s)."), "{}", run.stdout);
    let customers = second.sb.get("/v1/customers", &second.sb.test_key()).await;
    assert!(
        customers.body["data"].as_array().unwrap().iter().any(|c| c["legal_name"] == "Acme Trading LLC"),
        "the replay went to the second sandbox"
    );

    // --against with the profile's credentials (no ready line): the sandbox the session was recorded against.
    let home = Home::init(home).await;
    let run = home.run(&["parity", file, "--against", &home.sb.ready.base_url.clone()], None).await;
    assert_eq!(run.code, Some(0), "{}", run.all());
    assert!(run.stdout.contains("(100.0 %), 0 difference(s)."), "{}", run.stdout);
}
