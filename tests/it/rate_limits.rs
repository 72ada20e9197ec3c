//! Per-key rate limits: the exact 101st request, the headers on every
//! key-authenticated answer, separate budgets per key, configured limits,
//! `off`, and the `--rate-limit` flag.

use payctl_sandbox::RateLimits;
use payctl_sandbox::{SandboxConfig, Storage};
use reqwest::StatusCode;
use serde_json::json;

use crate::sandbox_binary::{signal, start, wait};
use crate::support::{Auth, Reply, spawn_sandbox, spawn_with_config};

fn unix_now() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_secs() as i64
}

fn header_i64(reply: &Reply, name: &str) -> i64 {
    reply.header(name).unwrap_or_else(|| panic!("{name} missing")).parse().unwrap()
}

#[tokio::test]
async fn the_101st_request_in_a_minute_is_refused() {
    let sb = spawn_sandbox().await;
    let key = sb.test_key();
    let mut resets = vec![];
    for i in 0..100 {
        // Errors count and carry the headers too.
        let path = if i % 10 == 9 { "/v1/logs?limit=0" } else { "/v1/logs" };
        let reply = sb.get(path, &key).await;
        assert_eq!(reply.status, if i % 10 == 9 { StatusCode::BAD_REQUEST } else { StatusCode::OK });
        assert_eq!(header_i64(&reply, "x-ratelimit-limit"), 100);
        assert_eq!(header_i64(&reply, "x-ratelimit-remaining"), 99 - i);
        resets.push(header_i64(&reply, "x-ratelimit-reset"));
    }
    let now = unix_now();
    assert!(resets.iter().all(|r| *r == resets[0]), "one window: {resets:?}");
    assert!((now + 1..=now + 61).contains(&resets[0]), "reset {} vs now {now}", resets[0]);

    let refused = sb.get("/v1/logs", &key).await;
    let error = refused.assert_error(429, "RATE_LIMITED");
    assert!(error["message"].as_str().unwrap().contains("100 per minute"));
    assert_eq!(header_i64(&refused, "x-ratelimit-limit"), 100);
    assert_eq!(header_i64(&refused, "x-ratelimit-remaining"), 0);
    assert_eq!(header_i64(&refused, "x-ratelimit-reset"), resets[0]);
    let retry_after = header_i64(&refused, "retry-after");
    assert!((1..=60).contains(&retry_after), "{retry_after}");
    assert!(resets[0] - unix_now() <= retry_after + 1);

    // The budget is the key's, on every route it can call.
    let sim = sb.post("/sandbox/clock/advance", &key, json!({"seconds": 1})).await;
    sim.assert_error(429, "RATE_LIMITED");
    // Another key, even of the same partner, has its own budget.
    let live = sb.get("/v1/logs", &sb.live_key()).await;
    assert_eq!(live.status, StatusCode::OK);
    assert_eq!(header_i64(&live, "x-ratelimit-remaining"), 99);
    // Credentials that are not API keys are not limited and get no headers.
    let control = sb.get("/sandbox/clock", &sb.control()).await;
    assert_eq!(control.status, StatusCode::OK);
    assert_eq!(control.header("x-ratelimit-limit"), None);
    // A request refused by authentication is not counted against anyone.
    let unknown = sb.get("/v1/logs", &Auth::Key("sk_test_unknown".into())).await;
    unknown.assert_error(401, "ATH_0001");
    assert_eq!(unknown.header("x-ratelimit-limit"), None);
}

#[tokio::test]
async fn configured_limits_and_refusals_are_logged() {
    let sb = spawn_with_config(SandboxConfig {
        storage: Storage::Memory,
        rate_limit: Some(RateLimits { per_minute: 3, per_hour: 10 }),
    })
    .await;
    let key = sb.test_key();
    for remaining in [2, 1, 0] {
        let r = sb.get("/sandbox/clock", &key).await;
        assert_eq!(r.status, StatusCode::OK);
        assert_eq!(header_i64(&r, "x-ratelimit-limit"), 3);
        assert_eq!(header_i64(&r, "x-ratelimit-remaining"), remaining);
    }
    let refused = sb.post("/sandbox/clock/advance", &key, json!({"seconds": 5, "password": "p"})).await;
    refused.assert_error(429, "RATE_LIMITED");
    assert!(refused.body["error"]["message"].as_str().unwrap().contains("3 per minute, 10 per hour"));
    // Nothing ran: the clock did not move.
    let clock = sb.get("/sandbox/clock", &sb.control()).await;
    assert_eq!(clock.body["offset_seconds"], 0);

    // A second key of the same application reads the refusal in the logs.
    let bearer = sb.login().await;
    let second = sb.post(&format!("/v1/applications/{}/keys", sb.ready.test_application_id), &bearer, json!({})).await;
    let second = Auth::Key(second.body["client_secret"].as_str().unwrap().to_owned());
    let logs = sb.logs_where(&second, "status_code_gte=429&status_code_lte=429", |r| !r.is_empty()).await;
    assert_eq!(logs.len(), 1, "{logs:?}");
    assert_eq!(logs[0]["path"], "/sandbox/clock/advance");
    assert_eq!(logs[0]["error_code"], "RATE_LIMITED");
    assert_eq!(logs[0]["request_body"], json!({"seconds": 5, "password": "[REDACTED]"}));
}

#[tokio::test]
async fn off_means_no_limits_and_no_headers() {
    let sb = spawn_with_config(SandboxConfig { storage: Storage::Memory, rate_limit: None }).await;
    let key = sb.test_key();
    for _ in 0..150 {
        let r = sb.get("/sandbox/clock", &key).await;
        assert_eq!(r.status, StatusCode::OK);
        assert_eq!(r.header("x-ratelimit-limit"), None);
        assert_eq!(r.header("x-ratelimit-remaining"), None);
    }
}

#[tokio::test]
async fn the_flag_sets_the_limits_of_the_binary() {
    let http = reqwest::Client::new();
    for (flag, limit) in [("2/3", Some("2")), ("off", None)] {
        let (child, ready) = start(&["--in-memory", "--json", "--listen", "127.0.0.1:0", "--rate-limit", flag]);
        let mut statuses = vec![];
        for _ in 0..3 {
            let reply = http
                .get(format!("{}/v1/logs", ready.base_url))
                .header("X-API-Key", &ready.test_api_key)
                .send()
                .await
                .unwrap();
            assert_eq!(reply.headers().get("x-ratelimit-limit").map(|v| v.to_str().unwrap()), limit, "{flag}");
            statuses.push(reply.status().as_u16());
        }
        let expected = if limit.is_some() { [200, 200, 429] } else { [200, 200, 200] };
        assert_eq!(statuses, expected, "{flag}");
        signal(&child, "TERM");
        assert!(wait(child).success(), "{flag}");
    }
}

#[test]
fn the_flag_rejects_bad_values_with_usage_errors() {
    for bad in ["0", "ten", "100/50", "5/"] {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_payctl"))
            .args(["sandbox", "--in-memory", "--listen", "127.0.0.1:0", "--rate-limit", bad])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{bad}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains("--rate-limit") && stderr.contains("PER_MINUTE/PER_HOUR"), "{bad}: {stderr}");
    }
}
