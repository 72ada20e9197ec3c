//! Password sign-ins under attack: a burst of wrong passwords costs a few
//! hashes and locks the username it guessed at, not the sandbox; failures
//! from one address lock that address (every loopback address being one);
//! the console's sign-in follows the same rules as the token endpoint.

use std::net::IpAddr;
use std::time::{Duration, Instant};

use payctl_sandbox::testing::{ADDRESS_FREE, MAX_LOCK, USERNAME_FREE};
use reqwest::StatusCode;
use serde_json::json;

use crate::console::Browser;
use crate::support::{Reply, TestSandbox, spawn_sandbox};

fn form<'a>(username: &'a str, password: &'a str) -> [(&'static str, &'a str); 4] {
    [("grant_type", "password"), ("client_id", "partner-console"), ("username", username), ("password", password)]
}

/// A password login from `client` (another loopback address stands for another machine).
async fn login_from(sb: &TestSandbox, client: &reqwest::Client, username: &str, password: &str) -> Reply {
    let url = format!("{}/protocol/openid-connect/token", sb.ready.auth_url);
    sb.send(client.post(url).form(&form(username, password))).await
}

fn client_at(address: &str) -> reqwest::Client {
    reqwest::Client::builder().local_address(address.parse::<IpAddr>().unwrap()).build().unwrap()
}

async fn create_user(sb: &TestSandbox, username: &str) {
    let r = sb.post("/sandbox/users", &sb.control(), json!({"username": username, "password": "password-123"})).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
}

#[track_caller]
fn assert_throttled(reply: &Reply, error: &str) -> u64 {
    assert_eq!(reply.status, StatusCode::TOO_MANY_REQUESTS, "{}", reply.body);
    assert_eq!(reply.body["error"], error, "{}", reply.body);
    assert!(reply.body["error_description"].as_str().unwrap().contains("try again in"), "{}", reply.body);
    let wait: u64 = reply.header("retry-after").expect("Retry-After").parse().unwrap();
    assert!((1..=MAX_LOCK.as_secs()).contains(&wait), "{wait}");
    wait
}

#[tokio::test]
async fn a_burst_of_wrong_passwords_costs_a_few_hashes_and_locks_only_its_username() {
    let sb = spawn_sandbox().await;
    create_user(&sb, "other-user").await;
    let demo = sb.ready.username.clone();
    let burst: Vec<_> = (0..256)
        .map(|n| {
            let (http, url, demo) =
                (sb.http.clone(), format!("{}/protocol/openid-connect/token", sb.ready.auth_url), demo.clone());
            tokio::spawn(async move {
                let password = format!("wrong-{n}");
                let r = http.post(url).form(&form(&demo, &password)).send().await.unwrap();
                let retry_after = r.headers().get("retry-after").is_some();
                (r.status(), r.json::<serde_json::Value>().await.unwrap(), retry_after)
            })
        })
        .collect();
    // Another user signs in while the burst is queued and hashing.
    let started = Instant::now();
    let good = sb.token(&form("other-user", "password-123")).await;
    let took = started.elapsed();
    assert_eq!(good.status, StatusCode::OK, "{}", good.body);
    // Without the bounds every guess is hashed at once and this takes many seconds.
    assert!(took < Duration::from_secs(3), "another user's sign-in took {took:?}");

    let mut hashed = 0;
    for task in burst {
        let (status, body, retry_after) = task.await.unwrap();
        match status.as_u16() {
            401 => {
                assert_eq!(body["error"], "invalid_grant");
                hashed += 1;
            }
            429 => {
                assert!(["slow_down", "temporarily_unavailable"].contains(&body["error"].as_str().unwrap()), "{body}");
                assert!(retry_after, "a 429 says when to try again");
            }
            other => panic!("unexpected {other}: {body}"),
        }
    }
    let cores = std::thread::available_parallelism().unwrap().get();
    assert!(hashed >= USERNAME_FREE as usize, "the allowance is checked: {hashed}");
    assert!(
        hashed <= USERNAME_FREE as usize + cores,
        "{hashed} guesses were checked; the rest must be refused unhashed"
    );

    // The right password is refused too while the username is locked, before any check.
    let locked = sb.token(&form(&demo, &sb.ready.password)).await;
    let wait = assert_throttled(&locked, "slow_down");
    // The same username in another case is the same username.
    assert_throttled(&sb.token(&form(&demo.to_uppercase(), &sb.ready.password)).await, "slow_down");
    tokio::time::sleep(Duration::from_secs(wait)).await;
    let ok = sb.token(&form(&demo, &sb.ready.password)).await;
    assert_eq!(ok.status, StatusCode::OK, "the lock ends after Retry-After: {}", ok.body);
}

#[tokio::test]
async fn failures_from_one_address_lock_that_address_only() {
    let sb = spawn_sandbox().await;
    let here = client_at("127.0.0.1");
    for n in 0..ADDRESS_FREE {
        // A different username each time: each stays under its own allowance.
        let r = login_from(&sb, &here, &format!("nobody-{n}@example.com"), "guess-123").await;
        assert_eq!(r.status, StatusCode::UNAUTHORIZED, "attempt {n}: {}", r.body);
    }
    assert_throttled(&login_from(&sb, &here, "someone-else@example.com", "guess-123").await, "slow_down");
    assert_throttled(&login_from(&sb, &here, &sb.ready.username, &sb.ready.password).await, "slow_down");
    // Every loopback address is this machine: moving to another buys nothing.
    // (Another machine's address is not affected; see the guard's unit tests.)
    let elsewhere = client_at("127.0.0.2");
    assert_throttled(&login_from(&sb, &elsewhere, &sb.ready.username, &sb.ready.password).await, "slow_down");
}

#[tokio::test]
async fn the_console_sign_in_is_throttled_like_the_token_endpoint() {
    let sb = spawn_sandbox().await;
    let mut browser = Browser::new(&sb);
    for _ in 0..USERNAME_FREE {
        let page = browser.try_sign_in(&sb.ready.username, "not-the-password").await;
        assert_eq!(page.status, StatusCode::UNAUTHORIZED, "{}", page.html);
    }
    let page = browser.try_sign_in(&sb.ready.username, &sb.ready.password).await;
    assert_eq!(page.status, StatusCode::TOO_MANY_REQUESTS, "{}", page.html);
    let wait: u64 = page.headers.get("retry-after").unwrap().to_str().unwrap().parse().unwrap();
    assert!(page.text().contains("too many failed sign-ins"), "{}", page.html);
    assert!(page.text().contains(&format!("Wait {wait} s")), "{}", page.html);
    assert!(page.headers.get("set-cookie").into_iter().all(|c| !c.to_str().unwrap().starts_with("payctl_console=")));
    // The token endpoint counts the console's failures: the same lock.
    assert_throttled(&sb.token(&form(&sb.ready.username, &sb.ready.password)).await, "slow_down");
    tokio::time::sleep(Duration::from_secs(wait)).await;
    browser.sign_in(&sb.ready.username, &sb.ready.password).await;
}
