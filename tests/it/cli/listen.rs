//! `payctl listen` as a child process: it registers its endpoint, verifies
//! and prints a triggered event, forwards it, and on SIGTERM disables the
//! endpoint and exits 0; the endpoint and its secret are the profile's from
//! one run to the next (`--print-secret` prints it); a reader of its output
//! that goes away stops it at once.

use std::io::{BufRead, BufReader};
use std::process::Child;
use std::time::Duration;

use serde_json::{Value, json};
use tokio::sync::mpsc;

use super::Home;
use super::webhooks::{capture, next};

/// Starts `payctl listen ARGS`, waits for "Ready", and answers the child,
/// its endpoint id, and its stdout lines as they come.
async fn start(home: &Home, args: &[&str]) -> (Child, String, mpsc::UnboundedReceiver<String>) {
    let (child, endpoint, _, lines, _) = start_full(home, args).await;
    (child, endpoint, lines)
}

/// [`start`], also answering the signing secret it printed and its later stderr lines.
async fn start_full(
    home: &Home,
    args: &[&str],
) -> (Child, String, String, mpsc::UnboundedReceiver<String>, mpsc::UnboundedReceiver<String>) {
    let (err_tx, err_rx) = mpsc::unbounded_channel();
    let mut child = home.command(args).spawn().unwrap();
    let stderr = child.stderr.take().unwrap();
    let stdout = child.stdout.take().unwrap();
    let (ready_tx, ready_rx) = tokio::sync::oneshot::channel();
    std::thread::spawn(move || {
        let mut ready_tx = Some(ready_tx);
        let mut endpoint = String::new();
        let mut secret = String::new();
        for line in BufReader::new(stderr).lines().map_while(Result::ok) {
            if let Some(rest) = line.split("webhook endpoint ").nth(1) {
                endpoint = rest.split_whitespace().next().unwrap_or_default().to_owned();
            }
            if let Some(rest) = line.strip_prefix("Webhook signing secret: ") {
                secret = rest.split_whitespace().next().unwrap_or_default().to_owned();
            }
            if line.starts_with("Ready")
                && let Some(tx) = ready_tx.take()
            {
                let _ = tx.send((endpoint.clone(), secret.clone()));
            }
            let _ = err_tx.send(line.clone());
            eprintln!("listen: {line}");
        }
    });
    let (line_tx, line_rx) = mpsc::unbounded_channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            let _ = line_tx.send(line);
        }
    });
    let (endpoint, secret) = tokio::time::timeout(Duration::from_secs(20), ready_rx).await.expect("no Ready").unwrap();
    (child, endpoint, secret, line_rx, err_rx)
}

async fn stop(home: &Home, mut child: Child, endpoint: &str) {
    let pid = child.id().to_string();
    assert!(std::process::Command::new("kill").args(["-TERM", &pid]).status().unwrap().success());
    let status = tokio::task::spawn_blocking(move || child.wait().unwrap()).await.unwrap();
    assert_eq!(status.code(), Some(0));
    let kept = home.sb.get(&format!("/v1/webhooks/{endpoint}"), &home.sb.test_key()).await;
    assert_eq!(kept.body["status"], "disabled", "kept for the next run, receiving nothing: {}", kept.body);
}

async fn trigger(home: &Home, event: &str) -> Value {
    let reply = home.sb.post("/sandbox/events/trigger", &home.sb.test_key(), json!({"event": event})).await;
    assert_eq!(reply.status, 201, "{}", reply.body);
    assert_eq!(reply.body["deliveries"], 1);
    reply.body.clone()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn listen_receives_verifies_and_prints_a_triggered_event_then_cleans_up() {
    let home = Home::initialised().await;
    let (child, endpoint, mut lines) = start(&home, &["listen", "--output", "json"]).await;
    assert!(endpoint.starts_with("wh_"), "{endpoint}");
    let registered = home.sb.get(&format!("/v1/webhooks/{endpoint}"), &home.sb.test_key()).await;
    assert_eq!(registered.status, 200);
    assert!(registered.body["url"].as_str().unwrap().starts_with("http://127.0.0.1:"));
    assert_eq!(registered.body["events"].as_array().unwrap().len(), 7, "every event type by default");
    let event = trigger(&home, "customer.kyb_approved").await;
    let line = tokio::time::timeout(Duration::from_secs(10), lines.recv()).await.expect("no event printed").unwrap();
    let printed: Value = serde_json::from_str(&line).unwrap();
    assert_eq!(printed["id"], event["id"]);
    assert_eq!(printed["event"], "customer.kyb_approved");
    // The sandbox saw a 200; it records the attempt just after the answer.
    let mut recorded = Value::Null;
    for _ in 0..100 {
        let deliveries = home.sb.get(&format!("/v1/webhooks/{endpoint}/deliveries"), &home.sb.test_key()).await;
        recorded = deliveries.body["data"][0].clone();
        if recorded["status"] != "pending" {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(recorded["status"], "succeeded", "{recorded}");
    assert_eq!(recorded["attempts"][0]["status_code"], 200);
    // A forged delivery is refused and not printed.
    let forged = reqwest::Client::new()
        .post(registered.body["url"].as_str().unwrap())
        .header("x-service-signature", "t=1,v1=00")
        .body("{}")
        .send()
        .await
        .unwrap();
    assert_eq!(forged.status(), 400);
    stop(&home, child, &endpoint).await;
    assert!(lines.recv().await.is_none(), "nothing else was printed");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn listen_forwards_the_raw_body_and_headers() {
    let home = Home::initialised().await;
    let (url, mut rx) = capture().await;
    let (child, endpoint, mut lines) =
        start(&home, &["listen", "--forward-to", &url, "--events", "settlement.failed", "-o", "table"]).await;
    let event = trigger(&home, "settlement.failed").await;
    let (headers, body) = next(&mut rx).await;
    let forwarded: Value = serde_json::from_slice(&body).unwrap();
    assert_eq!(forwarded["id"], event["id"]);
    assert_eq!(headers["x-service-event"], "settlement.failed");
    assert!(headers["x-service-signature"].to_str().unwrap().starts_with("t="));
    assert_eq!(headers["user-agent"], "Service-Webhook/1.0");
    // Without --output json, one readable line: timestamp, type, event id, resource id.
    let line = tokio::time::timeout(Duration::from_secs(10), lines.recv()).await.unwrap().unwrap();
    let id = event["id"].as_str().unwrap();
    assert!(line.contains("settlement.failed") && line.contains(id), "{line}");
    assert!(line.contains(&format!("payment_id={}", event["resource_id"].as_str().unwrap())), "{line}");
    stop(&home, child, &endpoint).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn listen_shows_its_secret_and_prints_the_raw_body_the_app_can_verify() {
    let home = Home::initialised().await;
    let (url, mut rx) = capture().await;
    let (child, endpoint, secret, mut lines, _) =
        start_full(&home, &["listen", "--forward-to", &url, "--events", "customer.kyb_approved", "-o", "json"]).await;
    assert!(secret.starts_with("whsec_"), "the signing secret is printed on start: {secret:?}");
    trigger(&home, "customer.kyb_approved").await;
    let (headers, body) = next(&mut rx).await;
    let line = tokio::time::timeout(Duration::from_secs(10), lines.recv()).await.unwrap().unwrap();
    // The line is the body as it was sent, byte for byte, not re-serialised.
    assert_eq!(line.as_bytes(), &body[..]);
    // The app behind --forward-to verifies what it got with the printed secret.
    let payload = home.dir.path().join("body.json");
    std::fs::write(&payload, &body).unwrap();
    let sig = headers["x-service-signature"].to_str().unwrap().to_owned();
    home.run(
        &["webhooks", "verify", "--secret", &secret, "--header", &sig, "--payload", payload.to_str().unwrap()],
        None,
    )
    .await
    .ok();
    stop(&home, child, &endpoint).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_failed_forward_names_its_reason() {
    let home = Home::initialised().await;
    let closed = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let to = format!("http://127.0.0.1:{closed}/hooks");
    let (child, endpoint, _, _lines, mut errors) =
        start_full(&home, &["listen", "--forward-to", &to, "--events", "customer.kyb_approved"]).await;
    trigger(&home, "customer.kyb_approved").await;
    let failed = tokio::time::timeout(Duration::from_secs(10), async {
        loop {
            let line = errors.recv().await.unwrap();
            if line.contains("forwarding to") {
                return line;
            }
        }
    })
    .await
    .expect("no forward reported");
    assert!(failed.to_lowercase().contains("connection refused"), "{failed}");
    assert!(!failed.contains("error sending request"), "{failed}");
    // The line names the delivery it is about: the event's type and id, and the attempt.
    assert!(failed.starts_with("customer.kyb_approved evt_"), "{failed}");
    assert!(failed.contains(" (attempt "), "{failed}");
    stop(&home, child, &endpoint).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_endpoint_and_its_secret_are_the_profiles_from_one_run_to_the_next() {
    let home = Home::initialised().await;
    let printed = home.run(&["listen", "--print-secret"], None).await.ok();
    let secret = printed.stdout.trim().to_owned();
    assert!(secret.starts_with("whsec_") && !printed.stdout.trim().contains('\n'), "{}", printed.stdout);
    let (child, first, shown, _, _) = start_full(&home, &["listen", "--events", "customer.kyb_approved"]).await;
    assert_eq!(shown, secret, "the run uses the secret --print-secret printed");
    let registered = home.sb.get(&format!("/v1/webhooks/{first}"), &home.sb.test_key()).await.body;
    assert_eq!(
        (registered["status"].as_str(), registered["events"].clone()),
        (Some("enabled"), json!(["customer.kyb_approved"]))
    );
    stop(&home, child, &first).await;
    // Again, on another port: the same endpoint, pointed there, and the same secret.
    let (child, second, again, mut lines, _) = start_full(&home, &["listen", "-o", "json"]).await;
    assert_eq!((second.as_str(), again.as_str()), (first.as_str(), secret.as_str()));
    let event = trigger(&home, "customer.kyb_rejected").await;
    let line = tokio::time::timeout(Duration::from_secs(10), lines.recv()).await.expect("no event").unwrap();
    assert_eq!(serde_json::from_str::<Value>(&line).unwrap()["id"], event["id"]);
    stop(&home, child, &second).await;
    let all = home.sb.get("/v1/webhooks", &home.sb.test_key()).await.body;
    assert_eq!(all["data"].as_array().unwrap().len(), 1, "one endpoint, not one per run: {all}");
    // Rotated elsewhere, or deleted: the next run still has a secret that signs.
    let rotated = home.run(&["webhooks", "rotate-secret", &first, "--show-secret", "-o", "json"], None).await.ok();
    let elsewhere = rotated.json()["secret"].as_str().unwrap().to_owned();
    let (child, third, after_rotation, _, _) = start_full(&home, &["listen"]).await;
    assert_eq!(third, first);
    assert!(after_rotation != secret && after_rotation != elsewhere && after_rotation.starts_with("whsec_"));
    stop(&home, child, &third).await;
    home.run(&["webhooks", "delete", &first], None).await.ok();
    let (child, fourth, _, _, _) = start_full(&home, &["listen"]).await;
    assert_ne!(fourth, first, "a deleted endpoint is replaced");
    stop(&home, child, &fourth).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reader_that_goes_away_stops_it_at_once() {
    let home = Home::initialised().await;
    let script = format!("'{}' listen -o json | head -1", env!("CARGO_BIN_EXE_payctl"));
    let mut child = std::process::Command::new("bash")
        .args(["-c", &script])
        .env("PAYCTL_CONFIG_DIR", home.dir.path())
        .env("PAYCTL_CREDENTIAL_STORE", "file")
        .env_remove("PAYCTL_BASE_URL")
        .env_remove("PAYCTL_API_KEY")
        .env_remove("PAYCTL_PROFILE")
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let stderr = BufReader::new(child.stderr.take().unwrap());
    let (ready_tx, ready_rx) = tokio::sync::oneshot::channel();
    let (lines_tx, mut stderr_lines) = mpsc::unbounded_channel();
    std::thread::spawn(move || {
        let mut ready_tx = Some(ready_tx);
        for line in stderr.lines().map_while(Result::ok) {
            if line.starts_with("Ready")
                && let Some(tx) = ready_tx.take()
            {
                let _ = tx.send(());
            }
            let _ = lines_tx.send(line);
        }
    });
    tokio::time::timeout(Duration::from_secs(20), ready_rx).await.expect("no Ready").unwrap();
    let event = trigger(&home, "customer.kyb_approved").await;
    // One event, and no second one: `head` has its line and goes; listen follows.
    let started = std::time::Instant::now();
    let shell = child.id().to_string();
    let waited = tokio::time::timeout(
        Duration::from_secs(10),
        tokio::task::spawn_blocking(move || child.wait_with_output().unwrap()),
    )
    .await;
    let Ok(out) = waited else {
        // Stop the listen the shell started before failing.
        let _ = std::process::Command::new("pkill").args(["-TERM", "-P", &shell]).status();
        panic!("listen did not stop when its reader went away");
    };
    let out = out.unwrap();
    assert!(started.elapsed() < Duration::from_secs(8), "took {:?}", started.elapsed());
    assert_eq!(out.status.code(), Some(0));
    let line = String::from_utf8(out.stdout).unwrap();
    assert_eq!(serde_json::from_str::<Value>(line.trim()).unwrap()["id"], event["id"]);
    // Every stderr line, up to its end (the reader thread may still be
    // passing on the last ones when the process has gone).
    let mut said = String::new();
    let drained = tokio::time::timeout(Duration::from_secs(10), async {
        while let Some(l) = stderr_lines.recv().await {
            said.push_str(&l);
            said.push('\n');
        }
    })
    .await;
    assert!(drained.is_ok(), "stderr did not end: {said}");
    assert!(said.contains("Disabled webhook endpoint"), "{said}");
    let hooks = home.sb.get("/v1/webhooks", &home.sb.test_key()).await.body;
    assert_eq!(hooks["data"][0]["status"], "disabled", "{hooks}");
}

/// Waits for a stderr line containing every one of `parts`.
async fn said(errors: &mut mpsc::UnboundedReceiver<String>, parts: &[&str]) -> String {
    tokio::time::timeout(Duration::from_secs(15), async {
        loop {
            let line = errors.recv().await.expect("listen's stderr closed");
            if parts.iter().all(|p| line.contains(p)) {
                return line;
            }
        }
    })
    .await
    .unwrap_or_else(|_| panic!("no line with {parts:?}"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn forward_to_relays_every_delivery_forged_ones_included_and_marks_faults_and_answers() {
    let home = Home::initialised().await;
    let key = home.sb.test_key();
    // An app that accepts everything: listen must not refuse the forgery for it.
    let app = crate::webhooks::Receiver::start().await;
    let (child, endpoint, _, _lines, mut errors) =
        start_full(&home, &["listen", "--forward-to", &app.url, "--events", "customer.kyb_approved"]).await;
    let rule = json!({"match": {"event": "*"}, "fault": {"kind": "forged_signature"}, "times": 1});
    assert_eq!(home.sb.post("/sandbox/faults", &key, rule).await.status, 201);
    trigger(&home, "customer.kyb_approved").await;
    let got = app.wait_for(2).await;
    assert_eq!(got[0].body, got[1].body, "the probe carries the genuine body");
    let signatures: Vec<&str> = got.iter().map(|r| r.header("x-service-signature")).collect();
    assert_ne!(signatures[0], signatures[1], "one of them signed with a wrong secret, forwarded as it came");
    let mark = said(&mut errors, &["forged_signature probe", "the app answered 200"]).await;
    assert!(mark.contains("verdict accepted_forgery") && mark.contains("verify the signature"), "{mark}");
    // The sandbox judged the app's own answer, relayed by listen.
    let page = home.sb.get(&format!("/v1/webhooks/{endpoint}/deliveries"), &key).await.body;
    let verdicts: Vec<&str> =
        page["data"].as_array().unwrap().iter().map(|d| d["attempts"][0]["verdict"].as_str().unwrap_or("-")).collect();
    assert!(verdicts.contains(&"accepted_forgery") && verdicts.contains(&"ok"), "{page}");

    // An app that fails: the sandbox sees its 503, not a 200 from listen, and retries.
    app.always(503);
    trigger(&home, "customer.kyb_approved").await;
    let refused = said(&mut errors, &["a plain delivery", "the app answered 503"]).await;
    assert!(refused.contains("verdict refused_genuine"), "{refused}");
    let page = home.sb.get(&format!("/v1/webhooks/{endpoint}/deliveries"), &key).await.body;
    let newest = &page["data"][0];
    assert_eq!(newest["attempts"][0]["status_code"], 503, "{newest}");
    assert_eq!(newest["status"], "pending", "the app's failure is retried: {newest}");
    stop(&home, child, &endpoint).await;
}

/// The key's remaining budget this minute, as a read reports it.
async fn budget(home: &Home) -> i64 {
    let reply = home.sb.get("/v1/customers?limit=1", &home.sb.test_key()).await;
    reply.headers["x-ratelimit-remaining"].to_str().unwrap().parse().unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_burst_of_deliveries_spends_none_of_the_keys_budget_on_listens_reads() {
    let home = Home::initialised().await;
    let (child, endpoint, mut lines) = start(&home, &["listen", "--events", "customer.kyb_approved"]).await;
    let before = budget(&home).await;
    for _ in 0..6 {
        trigger(&home, "customer.kyb_approved").await;
    }
    for _ in 0..6 {
        tokio::time::timeout(Duration::from_secs(10), lines.recv()).await.expect("an event line").unwrap();
    }
    // Long enough for every read listen would make (it gives an attempt up after its third).
    tokio::time::sleep(Duration::from_millis(2500)).await;
    // Six triggers and the test's own read; listen's reads are the tool's own.
    let spent = before - budget(&home).await - 6 - 1;
    assert_eq!(spent, 0, "listen's reads of the delivery list spent the integration's budget");
    stop(&home, child, &endpoint).await;
}
