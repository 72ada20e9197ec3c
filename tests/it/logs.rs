//! Request logs: what is recorded for key-authenticated requests, the
//! redaction of bodies and query strings, every filter of `GET /v1/logs`,
//! scoping to the caller's application, and the flush at shutdown.

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::support::{Auth, TestSandbox, spawn_sandbox, spawn_with};

const IBAN: &str = "GB82WEST12345698765432";

/// The `api_key_id` of the seeded TEST key.
async fn test_key_id(sb: &TestSandbox) -> String {
    let bearer = sb.login().await;
    let keys = sb.get(&format!("/v1/applications/{}/keys", sb.ready.test_application_id), &bearer).await;
    let prefix = &sb.ready.test_api_key[..14];
    let key = keys.body["data"].as_array().unwrap().iter().find(|k| k["prefix"] == prefix).unwrap();
    key["api_key_id"].as_str().unwrap().to_owned()
}

fn paths(records: &[Value]) -> Vec<(String, String, u64)> {
    records
        .iter()
        .map(|r| {
            (
                r["method"].as_str().unwrap().to_owned(),
                r["path"].as_str().unwrap().to_owned(),
                r["status_code"].as_u64().unwrap(),
            )
        })
        .collect()
}

#[tokio::test]
async fn a_rejected_post_is_logged_with_its_body_redacted() {
    let sb = spawn_sandbox().await;
    let key = sb.test_key();
    let body = json!({
        "seconds": 1,
        "iban": IBAN,
        "password": "x",
        "client_secret": sb.ready.live_api_key,
        "note": "pay GB82 WEST 1234 5698 7654 32 please",
        "nested": [{"account_number": "12345678", "amount_minor": 100}],
        "reference": "kept as is",
    });
    let reply = sb
        .send(sb.request(Method::POST, "/sandbox/clock/advance", &key).header("X-Request-ID", "redact-1").json(&body))
        .await;
    reply.assert_error(400, "VAL_0001");

    let records = sb.logs_where(&key, "method=POST", |r| !r.is_empty()).await;
    assert_eq!(records.len(), 1, "{records:?}");
    let log = &records[0];
    assert_eq!(log["path"], "/sandbox/clock/advance");
    assert_eq!(log["status_code"], 400);
    assert_eq!(log["error_code"], "VAL_0001");
    assert_eq!(log["correlation_id"], "redact-1");
    assert_eq!(log["api_key_id"], test_key_id(&sb).await);
    assert_eq!(log["query"], Value::Null);
    assert!(log["duration_ms"].is_u64());
    assert!(log["requested_at"].as_str().unwrap().ends_with('Z'));
    assert!(log["responded_at"].as_str().unwrap() >= log["requested_at"].as_str().unwrap());
    assert_eq!(
        log["request_body"],
        json!({
            "seconds": 1,
            "iban": "[REDACTED]",
            "password": "[REDACTED]",
            "client_secret": "[REDACTED]",
            "note": "pay [REDACTED:IBAN:GB] please",
            "nested": [{"account_number": "[REDACTED]", "amount_minor": 100}],
            "reference": "kept as is",
        })
    );
    let raw = String::from_utf8(sb.get("/v1/logs", &key).await.raw).unwrap();
    for secret in ["WEST", "12345678", &sb.ready.live_api_key, &sb.ready.test_api_key] {
        assert!(!raw.contains(secret), "{secret} leaked into the logs");
    }
}

#[tokio::test]
async fn gets_have_no_body_and_queries_and_non_json_bodies_are_redacted() {
    let sb = spawn_sandbox().await;
    let key = sb.test_key();
    let q = format!("limit=5&access_token=abc&account={IBAN}");
    assert_eq!(sb.get(&format!("/sandbox/clock?{q}"), &key).await.status, StatusCode::OK);
    let form = sb
        .send(
            sb.request(Method::POST, "/sandbox/clock/advance", &key)
                .header("Content-Type", "text/plain")
                .body(format!("iban={IBAN}")),
        )
        .await;
    form.assert_error(415, "UNSUPPORTED_MEDIA_TYPE");

    let records = sb.logs_where(&key, "endpoint=/sandbox", |r| r.len() == 2).await;
    assert_eq!(
        paths(&records),
        [("POST".into(), "/sandbox/clock/advance".into(), 415), ("GET".into(), "/sandbox/clock".into(), 200)]
    );
    assert_eq!(records[0]["request_body"], "[REDACTED: non-JSON body]");
    assert_eq!(records[1]["request_body"], Value::Null);
    assert_eq!(records[1]["error_code"], Value::Null);
    assert_eq!(records[1]["query"], "limit=5&access_token=%5BREDACTED%5D&account=%5BREDACTED%3AIBAN%3AGB%5D");
}

#[tokio::test]
async fn every_filter_narrows_the_list() {
    let sb = spawn_sandbox().await;
    let key = sb.test_key();
    let start = sb.get("/sandbox/clock", &sb.control()).await.body["now"].as_str().unwrap().to_owned();
    // Five logged requests; the control-token calls in between are not logged.
    assert_eq!(sb.get("/sandbox/clock", &key).await.status, StatusCode::OK);
    sb.post("/sandbox/clock/advance", &key, json!({"seconds": 0})).await.assert_error(400, "VAL_0001");
    sb.advance_clock(3600).await;
    // Half-way through the jump: after the first requests, before the next.
    let later = (chrono::DateTime::parse_from_rfc3339(&start).unwrap() + chrono::Duration::seconds(1800))
        .to_utc()
        .to_rfc3339_opts(chrono::SecondsFormat::Millis, true);
    assert_eq!(sb.post("/sandbox/clock/advance", &key, json!({"seconds": 1})).await.status, StatusCode::OK);
    sb.get("/v1/logs?limit=0", &key).await.assert_error(400, "VAL_0001");
    let all = sb.logs_where(&key, "limit=100", |r| r.len() >= 4).await;
    // The polling itself is logged too: drop the reads of /v1/logs that succeeded.
    let ours: Vec<_> = paths(&all).into_iter().filter(|p| !(p.1 == "/v1/logs" && p.2 == 200)).collect();
    assert_eq!(
        ours,
        [
            ("GET".into(), "/v1/logs".into(), 400),
            ("POST".into(), "/sandbox/clock/advance".into(), 200),
            ("POST".into(), "/sandbox/clock/advance".into(), 400),
            ("GET".into(), "/sandbox/clock".into(), 200),
        ]
    );

    let check = |query: &'static str, expected: Vec<(&'static str, &'static str, u64)>| {
        let sb = &sb;
        let key = key.clone();
        async move {
            let reply = sb.get(&format!("/v1/logs?{query}"), &key).await;
            assert_eq!(reply.status, StatusCode::OK, "{query}: {}", reply.body);
            let got: Vec<_> = paths(reply.body["data"].as_array().unwrap())
                .into_iter()
                .filter(|p| !(p.1 == "/v1/logs" && p.2 == 200))
                .collect();
            let expected: Vec<_> = expected.into_iter().map(|(m, p, s)| (m.to_owned(), p.to_owned(), s)).collect();
            assert_eq!(got, expected, "{query}");
        }
    };
    check("method=post", vec![("POST", "/sandbox/clock/advance", 200), ("POST", "/sandbox/clock/advance", 400)]).await;
    check(
        "endpoint=/sandbox/clock/advance",
        vec![("POST", "/sandbox/clock/advance", 200), ("POST", "/sandbox/clock/advance", 400)],
    )
    .await;
    check(
        "endpoint=/sandbox/clock/",
        vec![
            ("POST", "/sandbox/clock/advance", 200),
            ("POST", "/sandbox/clock/advance", 400),
            ("GET", "/sandbox/clock", 200),
        ],
    )
    .await;
    check("endpoint=/sandbox/clo", vec![]).await;
    check("status_code_gte=400", vec![("GET", "/v1/logs", 400), ("POST", "/sandbox/clock/advance", 400)]).await;
    check("status_code_gte=200&status_code_lte=299&method=POST", vec![("POST", "/sandbox/clock/advance", 200)]).await;
    check(
        "status_code_lte=399&endpoint=/sandbox",
        vec![("POST", "/sandbox/clock/advance", 200), ("GET", "/sandbox/clock", 200)],
    )
    .await;

    // Dates compare with the sandbox clock when the request arrived.
    let to = urlencode(&later);
    let from = urlencode(&start);
    let early = format!("from_date={from}&to_date={to}&endpoint=/sandbox");
    let reply = sb.get(&format!("/v1/logs?{early}"), &key).await;
    assert_eq!(
        paths(reply.body["data"].as_array().unwrap()),
        [("POST".into(), "/sandbox/clock/advance".into(), 400), ("GET".into(), "/sandbox/clock".into(), 200),]
    );
    let reply = sb.get(&format!("/v1/logs?from_date={to}&endpoint=/sandbox"), &key).await;
    assert_eq!(paths(reply.body["data"].as_array().unwrap()), [("POST".into(), "/sandbox/clock/advance".into(), 200)]);
    let reply = sb.get("/v1/logs?to_date=2000-01-01T00:00:00%2B04:00", &key).await;
    assert_eq!(reply.body["data"], json!([]));

    // Pages of one, newest first, then the cursor walks the rest.
    let mut seen = vec![];
    let mut cursor = String::new();
    loop {
        let reply = sb.get(&format!("/v1/logs?endpoint=/sandbox&limit=1&cursor={cursor}"), &key).await;
        let data = reply.body["data"].as_array().unwrap();
        assert!(data.len() <= 1);
        seen.extend(paths(data));
        match reply.body["next_cursor"].as_str() {
            Some(c) => cursor = c.to_owned(),
            None => break,
        }
    }
    assert_eq!(seen.len(), 3, "{seen:?}");
    assert_eq!(seen[2], ("GET".into(), "/sandbox/clock".into(), 200));
}

fn urlencode(s: &str) -> String {
    s.replace('+', "%2B").replace(':', "%3A")
}

#[tokio::test]
async fn bad_filters_are_all_listed_in_one_answer() {
    let sb = spawn_sandbox().await;
    let key = sb.test_key();
    let reply = sb
        .get(
            "/v1/logs?method=FETCH&endpoint=v1&status_code_gte=600&status_code_lte=x&from_date=yesterday&to_date=2026-01-01&limit=101&cursor=zz",
            &key,
        )
        .await;
    reply.assert_error(400, "VAL_0001");
    assert_eq!(
        reply.detail_fields(),
        ["method", "endpoint", "status_code_gte", "status_code_lte", "from_date", "to_date", "limit", "cursor"]
    );
    let crossed = sb.get("/v1/logs?status_code_gte=500&status_code_lte=200", &key).await;
    crossed.assert_error(400, "VAL_0001");
    assert_eq!(crossed.detail_fields(), ["status_code_gte"]);
    let unknown = sb.get("/v1/logs?status=200", &key).await;
    unknown.assert_error(400, "VAL_0001");
    assert_eq!(unknown.detail_fields(), ["status"]);
    // Credentials: no key, or a bearer token, is 401.
    sb.get("/v1/logs", &Auth::None).await.assert_error(401, "ATH_0001");
    sb.get("/v1/logs", &sb.login().await).await.assert_error(401, "ATH_0001");
}

#[tokio::test]
async fn logs_belong_to_the_callers_application() {
    let sb = spawn_sandbox().await;
    let bearer = sb.login().await;
    let (_, other) = sb.new_app_key(&bearer, "TEST").await;
    let other = Auth::Key(other);
    let live = sb.live_key();
    assert_eq!(sb.get("/sandbox/clock", &sb.test_key()).await.status, StatusCode::OK);
    assert_eq!(sb.get("/sandbox/clock", &other).await.status, StatusCode::OK);
    // A LIVE key may read its logs; its refused simulation call is not logged
    // (authentication refused it before the log layer).
    sb.get("/sandbox/clock", &live).await.assert_error(403, "ATH_0002");

    let mine = sb.logs_where(&sb.test_key(), "endpoint=/sandbox", |r| !r.is_empty()).await;
    assert_eq!(mine.len(), 1);
    let theirs = sb.logs_where(&other, "endpoint=/sandbox", |r| !r.is_empty()).await;
    assert_eq!(theirs.len(), 1);
    assert_ne!(mine[0]["id"], theirs[0]["id"]);
    assert_ne!(mine[0]["api_key_id"], theirs[0]["api_key_id"]);
    // The LIVE application's log holds nothing of the refused call, then
    // only its own first read of /v1/logs.
    sb.logs_where(&live, "", <[_]>::is_empty).await;
    sb.logs_where(&live, "", |r| r.len() == 1 && r[0]["path"] == "/v1/logs").await;
}

#[tokio::test]
async fn a_read_of_the_log_finds_every_request_answered_before_it() {
    let sb = spawn_sandbox().await;
    let key = sb.test_key();
    // Sixty answers at once: the writer is still busy with them when the
    // read arrives, so a read that did not wait would miss some.
    let sent = (0..60).map(|n| {
        let sb = &sb;
        let key = &key;
        async move {
            let id = format!("burst-{n}");
            let reply = sb.send(sb.request(Method::GET, "/v1/customers", key).header("X-Request-ID", &id)).await;
            assert_eq!(reply.status, StatusCode::OK, "{}", reply.body);
            id
        }
    });
    let ids = futures::future::join_all(sent).await;
    let read = sb.request(Method::GET, "/v1/logs?limit=100&endpoint=/v1/customers", &key);
    let page = sb.send(read.header("X-Request-ID", "the-read")).await;
    let logged: Vec<&str> =
        page.body["data"].as_array().unwrap().iter().filter_map(|r| r["correlation_id"].as_str()).collect();
    for id in &ids {
        assert!(logged.contains(&id.as_str()), "{id} answered before the read, missing from {logged:?}");
    }
    // The review reads the same log: every one of them (and the read) is judged.
    let review = sb.get("/sandbox/review", &key).await;
    assert_eq!(review.status, StatusCode::OK, "{}", review.body);
    let request_id = review.body["checks"].as_array().unwrap().iter().find(|c| c["id"] == "REQUEST_ID_SENT").unwrap();
    assert_eq!(request_id["status"], "pass", "{request_id:#}");
}

#[tokio::test]
async fn queued_records_are_written_before_shutdown_completes() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("sandbox.db");
    let first = spawn_with(payctl_sandbox::Storage::File(db.clone())).await;
    for i in 0..20 {
        let r = first
            .send(
                first
                    .request(Method::GET, "/sandbox/clock", &first.test_key())
                    .header("X-Request-ID", format!("flush-{i}")),
            )
            .await;
        assert_eq!(r.status, StatusCode::OK);
    }
    let old_key = Auth::Key(first.ready.test_api_key.clone());
    first.shutdown().await;

    let second = spawn_with(payctl_sandbox::Storage::File(db)).await;
    let reply = second.get("/v1/logs?endpoint=/sandbox&limit=100", &old_key).await;
    let ids: Vec<_> = reply.body["data"].as_array().unwrap().iter().map(|r| r["correlation_id"].clone()).collect();
    assert_eq!(ids.len(), 20, "every record survived the restart: {ids:?}");
    assert_eq!(ids[0], "flush-19");
    assert_eq!(ids[19], "flush-0");
}
