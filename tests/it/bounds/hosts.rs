//! DNS rebinding: a page on `attacker.example` that makes its name resolve
//! to 127.0.0.1 sends requests carrying `Host: attacker.example:PORT` and
//! its own `Origin`. The sandbox refuses them (403 `HOST_NOT_ALLOWED`)
//! before anything else: no token for the published demo password, no
//! console page. Loopback names and addresses are served, and a name given
//! with `--allowed-host` too.

use reqwest::StatusCode;
use serde_json::Value;

use super::start;
use crate::support::TestSandbox;

/// The password grant with the ready line's demo user, as a rebinding page
/// would send it: `Host` and `Origin` of `host`.
async fn token_as(sb: &TestSandbox, host: &str) -> (StatusCode, Value) {
    let r = sb
        .http
        .post(sb.url("/auth/realms/sandbox/protocol/openid-connect/token"))
        .header("Host", host)
        .header("Origin", format!("http://{host}"))
        .form(&[
            ("grant_type", "password"),
            ("client_id", "partner-console"),
            ("username", sb.ready.username.as_str()),
            ("password", sb.ready.password.as_str()),
        ])
        .send()
        .await
        .unwrap();
    let status = r.status();
    (status, r.json().await.unwrap_or(Value::Null))
}

async fn console_as(sb: &TestSandbox, host: &str) -> StatusCode {
    sb.http.get(sb.url("/console/sign-in")).header("Host", host).send().await.unwrap().status()
}

#[tokio::test]
async fn requests_naming_another_host_are_refused_and_allowed_hosts_served() {
    let running = start(&[]);
    let sb = &running.sb;
    let port = sb.addr.port();
    let attacker = format!("attacker.example:{port}");
    let (status, body) = token_as(sb, &attacker).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
    assert_eq!(body["error"]["code"], "HOST_NOT_ALLOWED", "{body}");
    assert!(body["error"]["message"].as_str().unwrap().contains("--allowed-host"), "{body}");
    assert!(body.get("access_token").is_none());
    assert_eq!(console_as(sb, &attacker).await, StatusCode::FORBIDDEN);
    let api = sb.http.get(sb.url("/health")).header("Host", "localhost.attacker.example").send().await.unwrap();
    assert_eq!(api.status(), StatusCode::FORBIDDEN);

    for host in [format!("127.0.0.1:{port}"), format!("localhost:{port}"), format!("[::1]:{port}")] {
        assert_eq!(token_as(sb, &host).await.0, StatusCode::OK, "{host}");
        assert_eq!(console_as(sb, &host).await, StatusCode::OK, "{host}");
    }
    drop(running);

    let running = start(&["--allowed-host", "attacker.example"]);
    let sb = &running.sb;
    let port = sb.addr.port();
    assert_eq!(token_as(sb, &format!("attacker.example:{port}")).await.0, StatusCode::OK, "allowed on purpose");
    assert_eq!(token_as(sb, &format!("other.example:{port}")).await.0, StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn a_given_demo_password_replaces_the_published_one() {
    let running = start(&["--demo-password", "a-password-of-ours"]);
    let sb = &running.sb;
    assert_eq!(sb.ready.password, "a-password-of-ours");
    let host = sb.addr.to_string();
    assert_eq!(token_as(sb, &host).await.0, StatusCode::OK);
    let published = sb
        .token(&[
            ("grant_type", "password"),
            ("client_id", "partner-console"),
            ("username", sb.ready.username.as_str()),
            ("password", "payctl-demo-password"),
        ])
        .await;
    assert_eq!(published.status, StatusCode::UNAUTHORIZED, "{}", published.body);
}
