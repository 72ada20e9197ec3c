//! TEST-only operations (payments, legacy quotes, the simulation routes)
//! refuse a LIVE key with 403 ATH_0002 before they look at its request:
//! no body, a malformed one, a wrong content type or a missing or bad
//! Idempotency-Key changes nothing (spec 4.2, 4.4, 5.9).

use reqwest::Method;

use crate::support::{Auth, Reply, TestSandbox, spawn_sandbox};

const SOME_ID: &str = "0190f5c4-7a1b-7cde-8f00-000000000001";

/// One request as a client might send it: method, path, headers, body.
struct Probe {
    method: Method,
    path: String,
    headers: Vec<(&'static str, String)>,
    body: Option<(&'static str, &'static str)>,
}

fn probe(method: Method, path: &str) -> Probe {
    Probe { method, path: path.to_owned(), headers: Vec::new(), body: None }
}

impl Probe {
    fn header(mut self, name: &'static str, value: impl Into<String>) -> Probe {
        self.headers.push((name, value.into()));
        self
    }

    fn body(mut self, content_type: &'static str, body: &'static str) -> Probe {
        self.body = Some((content_type, body));
        self
    }

    async fn send(&self, sb: &TestSandbox, auth: &Auth) -> Reply {
        let mut request = sb.request(self.method.clone(), &self.path, auth);
        for (name, value) in &self.headers {
            request = request.header(*name, value);
        }
        if let Some((content_type, body)) = self.body {
            request = request.header("content-type", content_type).body(body);
        }
        sb.send(request).await
    }
}

/// Each probe, and what a TEST key gets for it: the validation error a
/// LIVE key must never see first.
fn probes() -> Vec<(Probe, u16, &'static str)> {
    let json = "application/json";
    vec![
        (probe(Method::GET, "/v1/quotes"), 415, "UNSUPPORTED_MEDIA_TYPE"),
        (probe(Method::GET, "/v1/quotes").body(json, "{not json"), 400, "VAL_0001"),
        (probe(Method::POST, "/v1/quotes").body(json, r#"{"bogus": 1}"#), 400, "VAL_0001"),
        (probe(Method::POST, "/v1/quotes").body("text/plain", "amount=5"), 415, "UNSUPPORTED_MEDIA_TYPE"),
        (probe(Method::POST, &format!("/v1/quotes/{SOME_ID}/accept")), 404, "NOT_FOUND"),
        (probe(Method::GET, &format!("/v1/quotes/{SOME_ID}")), 404, "NOT_FOUND"),
        (probe(Method::POST, "/v1/payments").body(json, "{}"), 400, "IDM_0002"),
        (
            probe(Method::POST, "/v1/payments").header("Idempotency-Key", "x".repeat(300)).body(json, "{}"),
            400,
            "VAL_0001",
        ),
        (
            probe(Method::POST, "/v1/payments").header("Idempotency-Key", "k").body("text/plain", "x"),
            415,
            "UNSUPPORTED_MEDIA_TYPE",
        ),
        (probe(Method::GET, "/v1/payments?limit=1000&status=nope"), 400, "VAL_0001"),
        (probe(Method::GET, &format!("/v1/payments/{SOME_ID}")), 404, "NOT_FOUND"),
        (probe(Method::POST, "/sandbox/clock/advance").body(json, r#"{"seconds": "soon"}"#), 400, "VAL_0001"),
        (probe(Method::POST, "/sandbox/events/trigger").body(json, "[]"), 400, "VAL_0001"),
        (probe(Method::PUT, "/sandbox/rates").body("text/plain", "AED GBP 1000"), 415, "UNSUPPORTED_MEDIA_TYPE"),
        (probe(Method::POST, &format!("/sandbox/payments/{SOME_ID}/fund")), 404, "NOT_FOUND"),
        (probe(Method::POST, &format!("/sandbox/customers/{SOME_ID}/approve")), 404, "CNT_0001"),
    ]
}

#[tokio::test]
async fn a_live_key_is_refused_before_its_request_is_read() {
    let sb = spawn_sandbox().await;
    for (probe, test_status, test_code) in probes() {
        let what = format!("{} {}", probe.method, probe.path);
        let as_test = probe.send(&sb, &sb.test_key()).await;
        assert_eq!(as_test.status.as_u16(), test_status, "{what} with a TEST key: {}", as_test.body);
        as_test.assert_error(test_status, test_code);

        let as_live = probe.send(&sb, &sb.live_key()).await;
        let error = as_live.assert_error(403, "ATH_0002");
        assert!(error["message"].as_str().unwrap().contains("TEST keys only"), "{what}: {}", as_live.body);
        assert_eq!(error["details"], serde_json::json!([]), "{what}: nothing about the request");
    }
}
