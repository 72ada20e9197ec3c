//! `payctl proxy` as a child process in front of an in-process sandbox (or
//! a small fake upstream): answers pass through unchanged, violations are
//! reported with their JSON pointers, `--strict` refuses them in the
//! envelope, the recording holds no secret of the session and replays into
//! a fresh sandbox to the same states, survives `kill -9`, and an upstream
//! that is down answers 502 while the proxy keeps serving.

use std::io::{BufRead, BufReader};
use std::process::Child;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::cli::Home;
use crate::support::{Auth, Reply, TestSandbox, factories};

/// A running `payctl proxy`, its address, and what it printed so far.
pub struct ProxyChild {
    child: Child,
    url: String,
    stdout: Arc<Mutex<Vec<String>>>,
    stderr: Arc<Mutex<Vec<String>>>,
    readers: Vec<std::thread::JoinHandle<()>>,
}

fn lines_of(stream: impl std::io::Read + Send + 'static, into: Arc<Mutex<Vec<String>>>) -> std::thread::JoinHandle<()> {
    std::thread::spawn(move || {
        for line in BufReader::new(stream).lines().map_while(Result::ok) {
            into.lock().unwrap().push(line);
        }
    })
}

/// Starts `payctl proxy --listen 127.0.0.1:0 ARGS` and waits for its address.
pub async fn start(home: &Home, args: &[&str]) -> ProxyChild {
    let mut all = vec!["proxy", "--listen", "127.0.0.1:0"];
    all.extend_from_slice(args);
    let mut child = home.command(&all).spawn().unwrap();
    let stdout = Arc::new(Mutex::new(Vec::new()));
    let stderr = Arc::new(Mutex::new(Vec::new()));
    let readers = vec![
        lines_of(child.stdout.take().unwrap(), stdout.clone()),
        lines_of(child.stderr.take().unwrap(), stderr.clone()),
    ];
    let deadline = std::time::Instant::now() + Duration::from_secs(30);
    let url = loop {
        let found =
            stderr.lock().unwrap().iter().find_map(|l| {
                l.strip_prefix("Proxy listening on ").map(|rest| rest.split(',').next().unwrap().to_owned())
            });
        if let Some(url) = found {
            break url;
        }
        assert!(std::time::Instant::now() < deadline, "the proxy did not start: {:?}", stderr.lock().unwrap());
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    ProxyChild { child, url, stdout, stderr, readers }
}

impl ProxyChild {
    /// A handle on the proxy that the support helpers drive like a sandbox.
    pub fn client(&self, sb: &TestSandbox) -> TestSandbox {
        let mut ready = sb.ready.clone();
        ready.base_url = self.url.clone();
        ready.auth_url = format!("{}/auth/realms/sandbox", self.url);
        TestSandbox::attach(ready)
    }

    /// The receiver side's address (`--receiver`), as announced before the proxy's.
    pub fn receiver_url(&self) -> String {
        let stderr = self.stderr.lock().unwrap();
        let line = stderr.iter().find_map(|l| l.strip_prefix("Receiver listening on ")).expect("a receiver side");
        line.split(',').next().unwrap().to_owned()
    }

    fn stderr(&self) -> String {
        self.stderr.lock().unwrap().join("\n")
    }

    /// Whether stderr shows `text` within a few seconds (it is read on a thread).
    async fn said(&self, text: &str) -> bool {
        for _ in 0..200 {
            if self.stderr().contains(text) {
                return true;
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        false
    }

    /// SIGTERM, then the exit code and everything printed.
    pub async fn stop(mut self) -> (Option<i32>, Vec<String>, String) {
        let pid = self.child.id().to_string();
        assert!(std::process::Command::new("kill").args(["-TERM", &pid]).status().unwrap().success());
        let readers = std::mem::take(&mut self.readers);
        let status = tokio::task::block_in_place(|| {
            let status = self.child.wait().unwrap();
            for reader in readers {
                reader.join().unwrap();
            }
            status
        });
        let stdout = self.stdout.lock().unwrap().clone();
        let stderr = self.stderr.lock().unwrap().join("\n");
        (status.code(), stdout, stderr)
    }
}

impl Drop for ProxyChild {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The answer's body through the proxy equals the direct one, byte for
/// byte, and it carries `X-Payctl-Violations: 0`.
#[track_caller]
fn same(via: &Reply, direct: &Reply) {
    assert_eq!(via.status, direct.status, "{}", via.body);
    assert_eq!(via.header("content-type"), direct.header("content-type"));
    assert_eq!(String::from_utf8_lossy(&via.raw), String::from_utf8_lossy(&direct.raw), "the proxy changed the answer");
    assert_eq!(via.header("x-payctl-violations"), Some("0"), "{:?}", via.headers.get_all("x-payctl-violation"));
}

/// A POST through the proxy, then the same POST straight to the sandbox
/// with the same `Idempotency-Key`: the sandbox answers the stored answer,
/// which must be what the proxy returned.
/// A `null` body is none: the operations that take none get none.
async fn post_both(proxy: &TestSandbox, sb: &TestSandbox, path: &str, auth: &Auth, body: Value) -> Reply {
    let key = uuid::Uuid::new_v4().to_string();
    let build = |to: &TestSandbox| {
        let request = to.request(Method::POST, path, auth).header("Idempotency-Key", &key);
        if body.is_null() { request } else { request.json(&body) }
    };
    let via = proxy.send(build(proxy)).await;
    let direct = sb.send(build(sb)).await;
    assert_eq!(direct.header("idempotent-replayed"), Some("true"), "{path}: {}", direct.body);
    if direct.header("secret-withheld") == Some("true") {
        // A secret is shown once: the replay withholds it, the rest is the same.
        let mut shown = via.body.clone();
        shown["secret"] = Value::Null;
        assert_eq!(shown, direct.body, "{path}");
        assert_eq!(via.header("x-payctl-violations"), Some("0"));
    } else {
        same(&via, &direct);
    }
    via
}

async fn get_both(proxy: &TestSandbox, sb: &TestSandbox, path: &str, auth: &Auth) -> Reply {
    let via = proxy.get(path, auth).await;
    same(&via, &sb.get(path, auth).await);
    via
}

/// The whole flow: customer, approval, beneficiary, quote, accept,
/// transaction (completed), webhook endpoint, a dashboard user, then a
/// quote that expires on the upstream's clock before it is accepted.
/// Answers the values the recording must not hold, and the expiry's code.
async fn flow(proxy: &TestSandbox, sb: &TestSandbox) -> (Vec<String>, String) {
    let key = sb.test_key();
    let login = proxy
        .token(&[
            ("grant_type", "password"),
            ("client_id", "partner-console"),
            ("username", &sb.ready.username),
            ("password", &sb.ready.password),
        ])
        .await;
    assert_eq!(login.status, StatusCode::OK, "{}", login.body);
    let bearer = Auth::Bearer(login.body["access_token"].as_str().unwrap().to_owned());
    let me = get_both(proxy, sb, "/v1/auth/me", &bearer).await;
    assert_eq!(me.body["username"], sb.ready.username);
    let email = format!("{}@example.com", uuid::Uuid::new_v4().simple());
    let customer = post_both(
        proxy,
        sb,
        "/v1/customers",
        &key,
        json!({"type": "business", "legal_name": "Acme Trading LLC", "email": email, "country": "AE",
               "verification_level": "standard", "tax_id": "TRN-100200300"}),
    )
    .await;
    let customer_id = customer.body["id"].as_str().unwrap().to_owned();
    post_both(proxy, sb, &format!("/sandbox/customers/{customer_id}/approve"), &key, json!(null)).await;
    get_both(proxy, sb, &format!("/v1/customers/{customer_id}"), &key).await;
    let beneficiary = post_both(
        proxy,
        sb,
        "/v1/beneficiaries",
        &key,
        json!({"customer_id": customer_id, "type": "business", "full_name": "Jane Doe", "country": "DE",
               "account": {"kind": "BANK_ACCOUNT", "destination_asset": "EUR", "iban": factories::DE_IBAN,
                           "bank_name": "Commerzbank", "bank_country": "DE"}}),
    )
    .await;
    let beneficiary_id = beneficiary.body["id"].as_str().unwrap().to_owned();
    let quote_body = json!({"corridor_id": "uae", "source_asset": "AED", "source_amount_minor": "100000",
                            "destination_asset": "EUR", "destination_kind": "BANK", "customer_id": customer_id});
    let quote = post_both(proxy, sb, "/v1/transactions/quote", &key, quote_body.clone()).await;
    let quote_id = quote.body["id"].as_str().unwrap().to_owned();
    post_both(proxy, sb, &format!("/v1/transactions/quote/{quote_id}/accept"), &key, json!(null)).await;
    let transaction =
        post_both(proxy, sb, "/v1/transactions", &key, json!({"quote_id": quote_id, "beneficiary_id": beneficiary_id}))
            .await;
    let txn = transaction.body["id"].as_str().unwrap().to_owned();
    post_both(proxy, sb, &format!("/sandbox/transactions/{txn}/complete"), &key, json!(null)).await;
    let done = get_both(proxy, sb, &format!("/v1/transactions/{txn}"), &key).await;
    assert_eq!(done.body["state"], "COMPLETED");
    let hook = post_both(
        proxy,
        sb,
        "/v1/webhooks",
        &key,
        json!({"url": "http://127.0.0.1:9/webhooks", "events": ["settlement.completed"]}),
    )
    .await;
    let whsec = hook.body["secret"].as_str().unwrap().to_owned();
    assert!(whsec.starts_with("whsec_"));
    let user = format!("support-{}@example.com", uuid::Uuid::new_v4().simple());
    post_both(proxy, sb, "/sandbox/users", &sb.control(), json!({"username": user, "password": "s3cret-passw0rd"}))
        .await;
    // A quote that the partner accepts too late: on staging, time passes;
    // here the upstream's clock is moved outside the proxy.
    let late = post_both(proxy, sb, "/v1/transactions/quote", &key, quote_body).await;
    sb.advance_clock(200).await;
    let expired = proxy
        .send(
            proxy
                .request(
                    Method::POST,
                    &format!("/v1/transactions/quote/{}/accept", late.body["id"].as_str().unwrap()),
                    &key,
                )
                .header("Idempotency-Key", uuid::Uuid::new_v4().to_string()),
        )
        .await;
    assert!(expired.status.is_client_error(), "{}", expired.body);
    assert_eq!(expired.header("x-payctl-violations"), Some("0"), "{}", expired.body);
    let code = expired.body["error"]["code"].as_str().unwrap().to_owned();
    let secrets = vec![
        sb.ready.test_api_key.clone(),
        sb.ready.control_token.clone(),
        sb.ready.password.clone(),
        login.body["access_token"].as_str().unwrap().to_owned(),
        login.body["refresh_token"].as_str().unwrap().to_owned(),
        whsec,
        factories::DE_IBAN.to_owned(),
        "s3cret-passw0rd".to_owned(),
    ];
    (secrets, code)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_full_flow_through_the_proxy_is_answered_as_directly_and_its_recording_replays() {
    let home = Home::new().await;
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("ticket-123.json");
    let proxy = start(&home, &["--upstream", &home.sb.ready.base_url, "--record", file.to_str().unwrap()]).await;
    let (secrets, expired_code) = flow(&proxy.client(&home.sb), &home.sb).await;
    let (code, _, stderr) = proxy.stop().await;
    assert_eq!(code, Some(0), "{stderr}");
    assert!(stderr.contains("; 0 violation(s)."), "{stderr}");
    assert!(!stderr.contains("expected"), "no violation line: {stderr}");
    assert!(stderr.contains(&format!("Recording: {}", file.display())), "{stderr}");

    let text = std::fs::read_to_string(&file).unwrap();
    for secret in &secrets {
        assert!(!text.contains(secret.as_str()), "the recording holds {secret}:\n{text}");
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        assert_eq!(std::fs::metadata(&file).unwrap().permissions().mode() & 0o777, 0o600);
    }
    let fixture: Value = serde_json::from_str(&text).unwrap();
    let steps = fixture["steps"].as_array().unwrap();
    let auths: Vec<&str> = steps.iter().map(|s| s["auth"].as_str().unwrap()).collect();
    for kind in ["bearer", "test_key", "control"] {
        assert!(auths.contains(&kind), "{auths:?}");
    }
    assert!(!text.contains("openid-connect"), "logins are not recorded");
    let wait = steps.iter().find(|s| s["name"].as_str().unwrap().contains("-clock-")).expect("a clock step");
    assert!(wait["body"]["seconds"].as_i64().unwrap() >= 199, "{wait}");
    assert_eq!(steps.last().unwrap()["expect"]["error_code"], expired_code.as_str());

    // Support replays it into a fresh sandbox: every step answers as recorded.
    let fresh = Home::new().await;
    let ready = dir.path().join("ready.json");
    std::fs::write(&ready, serde_json::to_string(&fresh.sb.ready).unwrap()).unwrap();
    let run = fresh.run(&["fixtures", "run", "--ready", ready.to_str().unwrap(), file.to_str().unwrap()], None).await;
    assert_eq!(run.code, Some(0), "{}", run.all());
    let states = |sb: &TestSandbox| {
        let sb = TestSandbox::attach(sb.ready.clone());
        async move {
            let list = sb.get("/v1/transactions", &sb.test_key()).await;
            list.body["data"].as_array().unwrap().iter().map(|t| t["state"].clone()).collect::<Vec<_>>()
        }
    };
    assert_eq!(states(&fresh.sb).await, states(&home.sb).await);
    assert_eq!(states(&fresh.sb).await, vec![json!("COMPLETED")]);
    // And again into the same sandbox: the customer's email and the user's username are new on
    // every run, so nothing the API refuses to repeat is repeated.
    assert!(text.contains("@${run}.example.com"), "{text}");
    let again = fresh.run(&["fixtures", "run", "--ready", ready.to_str().unwrap(), file.to_str().unwrap()], None).await;
    assert_eq!(again.code, Some(0), "{}", again.all());
    assert_eq!(states(&fresh.sb).await, vec![json!("COMPLETED"), json!("COMPLETED")]);
}

/// An id the recorded calls use that none of them created (here the TEST
/// application's, made before the recording began) cannot be rewritten: the
/// recording names it in its description and the proxy warns of it, as
/// `logs export` does.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ids_no_recorded_call_created_are_named_and_warned_of() {
    let home = Home::new().await;
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("keys.json");
    let proxy = start(&home, &["--upstream", &home.sb.ready.base_url, "--record", file.to_str().unwrap()]).await;
    let through = proxy.client(&home.sb);
    let app = home.sb.ready.test_application_id.clone();
    let key = home.sb.test_key();
    let customer = post_both(&through, &home.sb, "/v1/customers", &key, crate::faults::customer_body()).await;
    let id = customer.body["id"].as_str().unwrap().to_owned();
    get_both(&through, &home.sb, &format!("/v1/customers/{id}"), &key).await;
    get_both(&through, &home.sb, &format!("/v1/applications/{app}/keys"), &home.sb.login().await).await;
    let (code, _, stderr) = proxy.stop().await;
    assert_eq!(code, Some(0), "{stderr}");
    assert!(stderr.contains("warning: 1 id(s) no recorded call created stay literal"), "{stderr}");
    assert!(stderr.contains(&app), "{stderr}");
    let fixture: Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    let description = fixture["description"].as_str().unwrap();
    assert!(description.contains(&format!("{app} (from s3-get-keys)")), "{description}");
    assert!(!description.contains(&id), "the customer's id is a reference to the step that made it: {description}");
    assert_eq!(fixture["steps"][1]["path"], "/v1/customers/${s1-post-customers.id}");
}

/// Requests breaking the contract in each way, sent through `proxy`.
async fn bad_requests(proxy: &TestSandbox, sb: &TestSandbox) -> Vec<(Reply, &'static str, &'static str)> {
    let key = sb.test_key();
    let quote = |amount: Value, kind: &str| {
        json!({"corridor_id": "uae", "source_asset": "AED", "source_amount_minor": amount,
               "destination_asset": "EUR", "destination_kind": kind})
    };
    let integer = proxy.post("/v1/transactions/quote", &key, quote(json!(100000), "BANK")).await;
    let no_key = proxy
        .send(proxy.request(Method::POST, "/v1/transactions", &key).json(
            &json!({"quote_id": uuid::Uuid::now_v7().to_string(), "beneficiary_id": uuid::Uuid::now_v7().to_string()}),
        ))
        .await;
    let unknown = proxy
        .post(
            "/v1/customers",
            &key,
            json!({"type": "business", "legal_name": "A", "email": "a@example.com", "country": "AE",
                   "verification_level": "standard", "tax_id": "T-1", "nickname": "ace"}),
        )
        .await;
    let bad_enum = proxy.post("/v1/transactions/quote", &key, quote(json!("100000"), "SIDEWAYS")).await;
    vec![
        (integer, "request body /source_amount_minor: expected a string, saw 100000", "source_amount_minor"),
        (no_key, "request header /Idempotency-Key: expected a value (required), saw nothing", "Idempotency-Key"),
        (unknown, "request body /nickname: expected no such field, saw \"ace\"", "nickname"),
        (
            bad_enum,
            "request body /destination_kind: expected one of [\"WALLET\",\"BANK\",\"STABLECOIN\"], saw \"SIDEWAYS\"",
            "destination_kind",
        ),
    ]
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn request_violations_are_reported_by_pointer_and_refused_with_strict() {
    let home = Home::new().await;
    let proxy = start(&home, &["--upstream", &home.sb.ready.base_url, "-o", "json"]).await;
    for (reply, line, _) in bad_requests(&proxy.client(&home.sb), &home.sb).await {
        // Forwarded: the sandbox's own refusal comes back, with the proxy's finding.
        assert!(reply.status.is_client_error(), "{}", reply.body);
        assert_eq!(reply.header("x-payctl-violations"), Some("1"), "{line}");
        assert_eq!(reply.header("x-payctl-violation"), Some(line));
        assert!(proxy.said(line).await, "{}", proxy.stderr());
    }
    let (code, stdout, stderr) = proxy.stop().await;
    assert_eq!(code, Some(0), "{stderr}");
    assert!(stderr.contains("Proxied 4 exchange(s); 4 violation(s)."), "{stderr}");
    assert!(stderr.contains("  createTransactionQuote: 2 (2 in requests, 0 in answers)"), "{stderr}");
    assert!(stderr.contains("(POST /v1/transactions) request header /Idempotency-Key"), "{stderr}");
    let exchanges: Vec<Value> = stdout.iter().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(exchanges.len(), 4, "{stdout:?}");
    assert_eq!(exchanges[0]["operation"], "createTransactionQuote");
    assert_eq!(exchanges[0]["outcome"], "forwarded");
    assert_eq!(exchanges[0]["violations"][0]["pointer"], "/source_amount_minor");
    assert_eq!(exchanges[0]["violations"][0]["in"], "body");
    assert_eq!(exchanges[1]["violations"][0]["in"], "header");

    let posts = |sb: &TestSandbox| {
        let sb = TestSandbox::attach(sb.ready.clone());
        async move { sb.logs_where(&sb.test_key(), "method=POST&limit=100", |r| r.len() >= 3).await.len() }
    };
    let before = posts(&home.sb).await;
    let strict = start(&home, &["--upstream", &home.sb.ready.base_url, "--strict"]).await;
    for (reply, line, field) in bad_requests(&strict.client(&home.sb), &home.sb).await {
        let error = reply.assert_error(400, "PROXY_REQUEST_INVALID");
        assert!(error["message"].as_str().unwrap().contains("not sent"), "{error}");
        assert_eq!(reply.detail_fields(), [field], "{error}");
        assert_eq!(error["details"][0]["message"], line);
        assert_eq!(reply.header("x-payctl-violations"), Some("1"));
    }
    // Nothing refused reached the sandbox: its request log has no new POST.
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(posts(&home.sb).await, before);
    let (code, _, stderr) = strict.stop().await;
    assert_eq!(code, Some(0), "{stderr}");
    assert!(stderr.contains("4 refused"), "{stderr}");
}

/// An upstream answering `GET /v1/customers/{id}` with a customer missing
/// `legal_name` and a numeric `type`.
async fn bad_upstream() -> String {
    let body = json!({"id": "01938a4e-7c1a-7b32-9a5e-0c7d3f1e2a4b", "type": 5, "email": "a@example.com",
        "country": "AE", "country_name": "United Arab Emirates", "verification_level": "standard", "tax_id": "T",
        "kyb_status": "approved", "created_at": "2026-11-21T10:00:00.000Z", "updated_at": "2026-11-21T10:00:00.000Z"})
    .to_string();
    let app = axum::Router::new().route(
        "/v1/customers/{id}",
        axum::routing::get(move || {
            let body = body.clone();
            async move { ([(axum::http::header::CONTENT_TYPE, "application/json")], body) }
        }),
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, app).await });
    url
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn response_violations_are_reported_and_withheld_with_strict() {
    let home = Home::new().await;
    let upstream = bad_upstream().await;
    let direct = home.sb.http.get(format!("{upstream}/v1/customers/x")).send().await.unwrap().bytes().await.unwrap();
    let path = "/v1/customers/01938a4e-7c1a-7b32-9a5e-0c7d3f1e2a4b";
    let lines = [
        "response body /legal_name: expected a value (required field), saw nothing",
        "response body /type: expected a string, saw 5",
        r#"response body /type: expected one of ["business","individual"], saw 5"#,
    ];
    let proxy = start(&home, &["--upstream", &upstream]).await;
    let client = proxy.client(&home.sb);
    let reply = client.get(path, &home.sb.test_key()).await;
    assert_eq!(reply.status, StatusCode::OK);
    assert_eq!(reply.raw, direct.to_vec(), "passed through unchanged");
    assert_eq!(reply.header("x-payctl-violations"), Some("3"));
    let shown: Vec<&str> = reply.headers.get_all("x-payctl-violation").iter().map(|v| v.to_str().unwrap()).collect();
    assert_eq!(shown, lines);
    for line in lines {
        assert!(proxy.said(&format!("getCustomer (GET {path}) {line}")).await, "{}", proxy.stderr());
    }
    drop(proxy);

    let strict = start(&home, &["--upstream", &upstream, "--strict"]).await;
    let reply = strict.client(&home.sb).get(path, &home.sb.test_key()).await;
    let error = reply.assert_error(502, "PROXY_RESPONSE_INVALID");
    assert!(error["message"].as_str().unwrap().contains(&upstream), "{error}");
    // `type` breaks two rules of the document: not a string, and not one of its values.
    let invalid = ("type".to_owned(), "invalid".to_owned());
    assert_eq!(reply.detail_issues(), [("legal_name".into(), "required".into()), invalid.clone(), invalid]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_proxy_killed_mid_session_leaves_a_fixture_that_runs() {
    let home = Home::new().await;
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("partial.json");
    let mut proxy = start(&home, &["--upstream", &home.sb.ready.base_url, "--record", file.to_str().unwrap()]).await;
    let client = proxy.client(&home.sb);
    let key = home.sb.test_key();
    let customer = factories::customer(&client, &key, true).await;
    factories::beneficiary_of(&client, &key, &customer, "EUR").await;
    let quote = factories::transaction_quote(&client, &key, "uae", ("AED", "EUR"), "100000", None).await;
    assert_eq!(quote.status, StatusCode::CREATED, "{}", quote.body);
    // The customer, its approval (by the control token), the beneficiary, the quote.
    let deadline = std::time::Instant::now() + Duration::from_secs(10);
    while std::fs::read_to_string(&file)
        .ok()
        .and_then(|t| serde_json::from_str::<Value>(&t).ok())
        .map_or(0, |f| f["steps"].as_array().map_or(0, Vec::len))
        < 4
    {
        assert!(std::time::Instant::now() < deadline, "the recording did not reach 4 steps");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    proxy.child.kill().unwrap(); // SIGKILL: no chance to tidy up
    proxy.child.wait().unwrap();
    let leftovers: Vec<String> =
        std::fs::read_dir(dir.path()).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    assert_eq!(leftovers, ["partial.json"]);

    let fresh = Home::new().await;
    let ready = dir.path().join("ready.json");
    std::fs::write(&ready, serde_json::to_string(&fresh.sb.ready).unwrap()).unwrap();
    let run = fresh.run(&["fixtures", "run", "--ready", ready.to_str().unwrap(), file.to_str().unwrap()], None).await;
    assert_eq!(run.code, Some(0), "{}", run.all());
    let customers = fresh.sb.get("/v1/customers", &fresh.sb.test_key()).await;
    assert_eq!(customers.body["data"][0]["kyb_status"], "approved");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_upstream_that_is_down_answers_502_and_the_proxy_keeps_serving() {
    let home = Home::new().await;
    // A port nothing listens on, until the upstream comes up on it.
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let upstream = format!("http://127.0.0.1:{port}");
    let proxy = start(&home, &["--upstream", &upstream]).await;
    let client = proxy.client(&home.sb);
    for _ in 0..2 {
        let reply = client.get("/v1/customers", &home.sb.test_key()).await;
        let error = reply.assert_error(502, "PROXY_UPSTREAM_ERROR");
        let message = error["message"].as_str().unwrap();
        assert!(message.contains(&upstream) && message.contains("refused"), "{message}");
    }
    let listener = tokio::net::TcpListener::bind(("127.0.0.1", port)).await.unwrap();
    let app = axum::Router::new().route("/health", axum::routing::get(|| async { "ok" }));
    tokio::spawn(async move { axum::serve(listener, app).await });
    let reply = client.get("/health", &Auth::None).await;
    assert_eq!((reply.status, reply.raw.as_slice()), (StatusCode::OK, b"ok".as_slice()));
    let (code, _, stderr) = proxy.stop().await;
    assert_eq!(code, Some(0), "{stderr}");
    assert!(stderr.contains("Proxied 3 exchange(s)") && stderr.contains("2 without an answer"), "{stderr}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bad_upstream_or_spec_is_refused_before_listening() {
    let home = Home::new().await;
    let run = home.run(&["proxy", "--upstream", "not a url"], None).await;
    assert_eq!(run.code, Some(2), "{}", run.all());
    assert!(run.stderr.contains("--upstream"), "{}", run.stderr);
    let run = home.run(&["proxy", "--upstream", "http://127.0.0.1:9", "--spec", "/nonexistent.json"], None).await;
    assert_eq!(run.code, Some(5), "{}", run.all());
    assert!(run.stderr.contains("--spec"), "{}", run.stderr);
    // The document a sandbox serves, from a file, is a contract like the built-in one.
    let spec = home.dir.path().join("openapi.json");
    std::fs::write(&spec, &home.sb.get("/v1/openapi.json", &Auth::None).await.raw).unwrap();
    let proxy = start(&home, &["--upstream", &home.sb.ready.base_url, "--spec", spec.to_str().unwrap()]).await;
    assert!(proxy.stderr().contains(&format!("checking against {}", spec.display())), "{}", proxy.stderr());
    let reply = proxy.client(&home.sb).get("/v1/customers?limit=5", &home.sb.test_key()).await;
    assert_eq!((reply.status, reply.header("x-payctl-violations")), (StatusCode::OK, Some("0")), "{}", reply.body);
}

/// The recording is written as the ready file is: through a new private
/// file created exclusively under an unpredictable name. A symlink planted
/// beside it under the name an older version used (its pid) is never
/// followed: the file it points at is untouched, and the recording is a
/// plain file of mode 0600.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_planted_symlink_beside_the_recording_is_never_followed() {
    use std::os::unix::fs::PermissionsExt;
    let home = Home::new().await;
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("session.json");
    let victim = dir.path().join("victim.txt");
    std::fs::write(&victim, "precious\n").unwrap();
    let proxy = start(&home, &["--upstream", &home.sb.ready.base_url, "--record", file.to_str().unwrap()]).await;
    // The names a writer that used its pid would take.
    let pid = proxy.child.id();
    std::os::unix::fs::symlink(&victim, dir.path().join(format!(".session.json.{pid}.tmp"))).unwrap();
    let client = proxy.client(&home.sb);
    assert_eq!(client.get("/v1/customers", &home.sb.test_key()).await.status, StatusCode::OK);
    let (code, _, stderr) = proxy.stop().await;
    assert_eq!(code, Some(0), "{stderr}");
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "precious\n", "the planted link was followed");
    let meta = std::fs::symlink_metadata(&file).unwrap();
    assert!(meta.file_type().is_file(), "the recording is a file of its own");
    assert_eq!(meta.permissions().mode() & 0o777, 0o600);
    assert!(std::fs::read_to_string(&file).unwrap().contains("/v1/customers"));
}

/// A secret used as a member name, and a console sign-in link's token, are
/// redacted in violation lines as values are, on stderr and in `-o json`;
/// one used as a query parameter's name (ignored, as the API ignores an
/// unknown parameter) is printed nowhere either.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn violations_redact_secrets_in_names_and_sign_in_link_tokens() {
    let home = Home::new().await;
    let sb = &home.sb;
    let proxy = start(&home, &["--upstream", &sb.ready.base_url, "-o", "json"]).await;
    let client = proxy.client(sb);
    let key = sb.test_key();
    let secret = sb.ready.test_api_key.clone();
    let r = client.get(&format!("/v1/customers?{secret}=1"), &key).await;
    assert_eq!(r.header("x-payctl-violations"), Some("0"));
    let email = format!("{}@example.com", uuid::Uuid::new_v4().simple());
    let body = json!({"type": "business", "legal_name": "Acme", "email": email, "country": "AE",
        "verification_level": "standard", "tax_id": "1", secret.clone(): 1});
    let r = client.post("/v1/customers", &key, body).await;
    r.assert_error(400, "VAL_0001");
    let token = "9f2c".repeat(16);
    let r = client.send(client.http.get(client.url(&format!("/console/link/{token}")))).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert!(proxy.said("/console/link/[REDACTED]").await, "{}", proxy.stderr());
    let (_, stdout, stderr) = proxy.stop().await;
    let printed = format!("{}\n{stderr}", stdout.join("\n"));
    assert!(printed.contains("no such field"), "{printed}");
    for hidden in [&secret[8..], token.as_str()] {
        assert!(!printed.contains(hidden), "printed {hidden}:\n{printed}");
    }
    for line in &stdout {
        let _: Value = serde_json::from_str(line).unwrap();
    }
}

/// Half-sent request heads are closed by the proxy after its header-read
/// timeout (10 s), as by the sandbox, while others are served.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_proxy_closes_half_sent_requests() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let home = Home::new().await;
    let proxy = start(&home, &["--upstream", &home.sb.ready.base_url]).await;
    let addr = proxy.url.trim_start_matches("http://").to_owned();
    let opened = std::time::Instant::now();
    let mut half = Vec::new();
    for _ in 0..50 {
        let mut stream = tokio::net::TcpStream::connect(&addr).await.unwrap();
        stream.write_all(b"GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ").await.unwrap();
        half.push(stream);
    }
    let client = proxy.client(&home.sb);
    assert_eq!(client.get("/health", &Auth::None).await.status, StatusCode::OK);
    let deadline = opened + Duration::from_secs(10 + 8);
    for stream in &mut half {
        let mut buf = [0u8; 256];
        let left = deadline.saturating_duration_since(std::time::Instant::now());
        let read = tokio::time::timeout(left, stream.read(&mut buf)).await;
        assert!(
            matches!(read, Ok(Ok(0)) | Ok(Err(_))),
            "a half-sent request is still open after {:?}",
            opened.elapsed()
        );
    }
    assert!(opened.elapsed() >= Duration::from_secs(9));
}

/// What the redactor used to miss never reaches a recording: members named
/// `pwd`, `pass`, `credential`, `auth` or `cookie` (any case, in any word
/// of the name), JSON held in a string, and IBANs written with dashes or
/// no-break spaces.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_recording_holds_none_of_the_secrets_the_redactor_used_to_miss() {
    let home = Home::new().await;
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("session.json");
    let proxy = start(&home, &["--upstream", &home.sb.ready.base_url, "--record", file.to_str().unwrap()]).await;
    let client = proxy.client(&home.sb);
    let key = home.sb.test_key();
    let body = json!({
        "type": "business", "legal_name": "Acme", "country": "AE", "verification_level": "standard", "tax_id": "1",
        "email": format!("{}@example.com", uuid::Uuid::new_v4().simple()),
        "pwd": "hidden-one", "db_pass": "hidden-two", "credentials": {"user": "hidden-three"},
        "basicAuth": "hidden-four", "session_cookie": "hidden-five",
        "payload": json!({"password": "hidden-six", "note": "kept"}).to_string(),
        "memo": "to GB82-WEST-1234-5698-7654-32 and GB82\u{a0}WEST\u{a0}1234\u{a0}5698\u{a0}7654\u{a0}32",
    });
    let r = client.post("/v1/customers", &key, body).await;
    r.assert_error(400, "VAL_0001");
    client.get("/v1/customers?auth=hidden-seven&limit=5", &key).await;
    // Stopping drains the recording's writer.
    let (code, _, stderr) = proxy.stop().await;
    assert_eq!(code, Some(0), "{stderr}");
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.contains("/v1/customers"), "{text}");
    for hidden in ["hidden-", "WEST", "5698"] {
        assert!(!text.contains(hidden), "the recording holds {hidden}:\n{text}");
    }
    assert!(text.contains("kept"), "the rest of the JSON in a string is kept:\n{text}");
}

/// `--ready-file` tells a script where a proxy on port 0 listens, as the
/// sandbox's does, and goes when the proxy stops.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_ready_file_names_the_port_it_picked_and_goes_when_it_stops() {
    let home = Home::new().await;
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("proxy.json");
    let proxy = start(&home, &["--upstream", &home.sb.ready.base_url, "--ready-file", file.to_str().unwrap()]).await;
    let line: Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    assert_eq!(line["proxy_url"], proxy.url.as_str(), "{line}");
    assert_eq!(line["upstream"], home.sb.ready.base_url.trim_end_matches('/'), "{line}");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        assert_eq!(std::fs::metadata(&file).unwrap().permissions().mode() & 0o777, 0o600);
    }
    let health = reqwest::get(format!("{}/health", line["proxy_url"].as_str().unwrap())).await.unwrap();
    assert!(health.status().is_success());
    let (code, _, stderr) = proxy.stop().await;
    assert_eq!(code, Some(0), "{stderr}");
    assert!(!file.exists(), "the ready file names a proxy that is gone");
}

/// The proxy and the sandbox keep one contract for query parameters an
/// operation does not have: ignored, so `?colour=red` is answered 200 and
/// is no violation; an unknown body field is refused by both.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_unknown_query_parameter_is_ignored_by_both_and_an_unknown_body_field_refused_by_both() {
    let home = Home::new().await;
    let proxy = start(&home, &["--upstream", &home.sb.ready.base_url]).await;
    let through = proxy.client(&home.sb);
    let key = home.sb.test_key();
    let via = through.get("/v1/customers?colour=red", &key).await;
    assert_eq!(via.status, StatusCode::OK, "{}", via.body);
    assert_eq!(via.header("x-payctl-violations"), Some("0"), "{:?}", via.headers);
    let mut body = crate::faults::customer_body();
    body["colour"] = json!("red");
    let refused = through
        .send(through.request(Method::POST, "/v1/customers", &key).header("Idempotency-Key", "u-1").json(&body))
        .await;
    assert_eq!(refused.status.as_u16(), 400, "{}", refused.body);
    assert_eq!(refused.header("x-payctl-violations"), Some("1"), "{:?}", refused.headers);
    let (code, _, stderr) = proxy.stop().await;
    assert_eq!(code, Some(0), "{stderr}");
}

/// `--receiver`: a delivery the partner's receiver refuses is answered to
/// the service as refused, retried by it, relayed again, and recorded once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_retried_delivery_is_relayed_each_time_and_recorded_once() {
    let home = Home::new().await;
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("hooks.json");
    let partner = crate::webhooks::Receiver::start().await;
    partner.answer(&[503]);
    let args = ["--upstream", &home.sb.ready.base_url, "--record", file.to_str().unwrap(), "--receiver", &partner.url];
    let proxy = start(&home, &[&args[..], &["--receiver-listen", "127.0.0.1:0"]].concat()).await;
    let via = proxy.client(&home.sb);
    let key = home.sb.test_key();
    let hook = crate::webhooks::create(&via, &key, &proxy.receiver_url(), &["settlement.completed"]).await;
    let fired = via.post("/sandbox/events/trigger", &key, json!({"event": "settlement.completed"})).await;
    assert!(fired.status.is_success(), "{}", fired.body);
    let got = partner.wait_for(2).await;
    assert_eq!((got[0].answered, got[1].answered), (503, 200));
    assert_eq!(got[0].body, got[1].body, "the same event, relayed as sent");
    assert!(crate::webhooks::verifies(&got[1], hook["secret"].as_str().unwrap()));
    let (code, _, stderr) = proxy.stop().await;
    assert_eq!(code, Some(0), "{stderr}");
    let recorded: Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    assert_eq!(recorded["events"], json!([{"type": "settlement.completed"}]), "{recorded:#}");
    assert!(stderr.contains("1 webhook event(s)"), "{stderr}");
}
