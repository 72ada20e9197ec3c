//! The sign-in guard and the sign-in links hold under one client's abuse:
//! usernames longer than any user's are refused before any work (so the
//! failure table cannot be grown with them), rotating through loopback
//! addresses buys no further allowance, and one user's links cannot push
//! out another's.

use std::net::IpAddr;
use std::time::{Duration, Instant};

use futures::future::join_all;
use reqwest::StatusCode;
use serde_json::{Value, json};

use super::start;
use crate::support::{Auth, TestSandbox};

fn from(address: IpAddr) -> reqwest::Client {
    reqwest::Client::builder().local_address(address).timeout(Duration::from_secs(30)).build().unwrap()
}

async fn sign_in(sb: &TestSandbox, http: &reqwest::Client, username: &str, password: &str) -> (StatusCode, Value) {
    let r = http
        .post(format!("{}/protocol/openid-connect/token", sb.ready.auth_url))
        .form(&[
            ("grant_type", "password"),
            ("client_id", "partner-console"),
            ("username", username),
            ("password", password),
        ])
        .send()
        .await
        .unwrap();
    let status = r.status();
    (status, r.json().await.unwrap_or(Value::Null))
}

#[tokio::test]
async fn long_usernames_are_refused_unchecked_and_every_loopback_address_is_one_client() {
    let running = start(&[]);
    let sb = &running.sb;
    let huge = "u".repeat(1_000_000);
    let before = running.status_kb("VmRSS");
    running.reset_peak();
    let started = Instant::now();
    let answers = join_all((0..100u8).map(|n| {
        let http = from(IpAddr::from([127, 0, n, 1 + n % 200]));
        let username = format!("{n}{huge}");
        async move { sign_in(sb, &http, &username, "wrong-password").await }
    }))
    .await;
    for (status, body) in &answers {
        assert_eq!(*status, StatusCode::BAD_REQUEST, "{body}");
        assert_eq!(body["error"], "invalid_request");
        assert!(body["error_description"].as_str().unwrap().contains("128 characters"), "{body}");
    }
    // No hash ran: 100 Argon2 checks would take seconds on two cores.
    assert!(started.elapsed() < Duration::from_secs(20), "{:?}", started.elapsed());
    let grown_mb = running.status_kb("VmHWM").saturating_sub(before) / 1024;
    assert!(grown_mb < 200, "100 sign-ins with 1 MB usernames grew the sandbox by {grown_mb} MB");
    let (status, _) = sign_in(sb, &reqwest::Client::new(), &sb.ready.username, &sb.ready.password).await;
    assert_eq!(status, StatusCode::OK, "the demo user still signs in");

    // 20 failures from as many loopback addresses exhaust one allowance:
    // the next attempt, from yet another one, is locked out.
    for n in 0..20u8 {
        let (status, body) =
            sign_in(sb, &from(IpAddr::from([127, 1, n, 9])), &format!("nobody{n}@example.com"), "x").await;
        assert_eq!(status, StatusCode::UNAUTHORIZED, "{body}");
    }
    let (status, body) = sign_in(sb, &from(IpAddr::from([127, 2, 0, 9])), "someone@example.com", "x").await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "a new loopback address is the same client: {body}");
    assert_eq!(body["error"], "slow_down");
}

/// Mints a sign-in link for `bearer`'s user; its URL.
async fn link(sb: &TestSandbox, bearer: &Auth) -> String {
    let r = sb.post("/console/sign-in-links", bearer, json!({})).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    r.body["url"].as_str().unwrap().to_owned()
}

async fn opens(sb: &TestSandbox, url: &str) -> StatusCode {
    sb.send(sb.http.get(url)).await.status
}

#[tokio::test]
async fn one_users_sign_in_links_cannot_push_out_anothers() {
    let running = start(&[]);
    let sb = &running.sb;
    let victim = sb.login().await;
    let victims = link(sb, &victim).await;
    let (_, attacker) = sb.other_partner_user().await;
    let first_of_attackers = link(sb, &attacker).await;
    for chunk in (0..1_000).collect::<Vec<_>>().chunks(100) {
        join_all(chunk.iter().map(|_| link(sb, &attacker))).await;
    }
    assert_eq!(opens(sb, &victims).await, StatusCode::SEE_OTHER, "another user's link still signs in");
    assert_eq!(opens(sb, &first_of_attackers).await, StatusCode::BAD_REQUEST, "the user's own oldest link went");
}
