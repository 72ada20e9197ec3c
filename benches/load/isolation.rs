//! Loads where one partner's trouble must stay its own (`benches/isolation.sh`).
//!
//! - `fairness`: partner A's receiver never answers and has a backlog of
//!   `--backlog` deliveries; partner B (a second application) triggers
//!   `--count` events one after another and each is timed from sending the
//!   trigger to the delivery's arrival; then `--retries` events whose first
//!   attempt B's receiver refuses (500), timing how late each retry comes
//!   after its due time (1 s after the first attempt).
//! - `logins`: `--burst` concurrent wrong passwords for one username while
//!   another user signs in (timed); the same burst spread over as many
//!   usernames from another loopback address while a user signs in from a
//!   third (every loopback address is one client to the sandbox, so that
//!   sign-in meets the allowance the burst used up); then one client
//!   guessing one username as fast as it is answered for `--seconds`,
//!   counting the guesses actually checked.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::Router;
use axum::http::StatusCode;
use axum::routing::post;
use serde_json::{Value, json};

use super::{Api, id, percentile_ms};

/// When each event (by its `payment_id`) arrived, every attempt.
type Arrivals = Arc<Mutex<HashMap<String, Vec<Instant>>>>;

async fn receivers(arrivals: Arrivals) -> anyhow::Result<String> {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
    let base = format!("http://{}", listener.local_addr()?);
    let app = Router::new()
        .route(
            "/hang",
            post(|| async {
                tokio::time::sleep(Duration::from_secs(3600)).await;
                StatusCode::OK
            }),
        )
        .route(
            "/fast",
            post(move |body: axum::Json<Value>| async move {
                let at = Instant::now();
                let event = body["payment_id"].as_str().unwrap_or_default().to_owned();
                let mut seen = arrivals.lock().unwrap_or_else(|e| e.into_inner());
                let attempts = seen.entry(event.clone()).or_default();
                attempts.push(at);
                // A retry event's first attempt is refused, so it is tried again 1 s later.
                if event.starts_with("retry-") && attempts.len() == 1 {
                    StatusCode::INTERNAL_SERVER_ERROR
                } else {
                    StatusCode::OK
                }
            }),
        );
    tokio::spawn(async move { axum::serve(listener, app).await });
    Ok(base)
}

async fn trigger(api: &Api, event: &str, resource: &str) -> anyhow::Result<()> {
    api.post("/sandbox/events/trigger", &json!({"event": event, "resource_id": resource})).await.map(|_| ())
}

/// The identity provider's password grant.
fn password_grant(http: &reqwest::Client, base_url: &str, username: &str, password: &str) -> reqwest::RequestBuilder {
    http.post(format!("{base_url}/auth/realms/sandbox/protocol/openid-connect/token")).form(&[
        ("grant_type", "password"),
        ("client_id", "partner-console"),
        ("username", username),
        ("password", password),
    ])
}

/// A dashboard bearer token for `username`.
pub async fn bearer(http: &reqwest::Client, base_url: &str, username: &str, password: &str) -> anyhow::Result<String> {
    let body: Value = password_grant(http, base_url, username, password).send().await?.json().await?;
    body["access_token"].as_str().map(str::to_owned).ok_or_else(|| anyhow::anyhow!("login refused: {body}"))
}

/// A second TEST application of the user's partner, with a key.
async fn second_application(api: &Api, username: &str, password: &str) -> anyhow::Result<Api> {
    let token = bearer(&api.http, &api.base_url, username, password).await?;
    let post = |path: String, body: Value| {
        api.http.post(format!("{}{path}", api.base_url)).bearer_auth(&token).json(&body).send()
    };
    let app: Value =
        post("/v1/applications".into(), json!({"name": "partner B", "environment": "TEST"})).await?.json().await?;
    let key: Value = post(format!("/v1/applications/{}/keys", id(&app)?), json!({})).await?.json().await?;
    let key = key["client_secret"].as_str().ok_or_else(|| anyhow::anyhow!("no key: {key}"))?.to_owned();
    Ok(Api { http: api.http.clone(), base_url: api.base_url.clone(), key })
}

pub struct Fairness {
    pub username: String,
    pub password: String,
    pub backlog: usize,
    pub count: usize,
    pub retries: usize,
}

pub async fn fairness(api: Arc<Api>, load: Fairness) -> anyhow::Result<String> {
    let arrivals: Arrivals = Arc::default();
    let base = receivers(arrivals.clone()).await?;
    api.post("/v1/webhooks", &json!({"url": format!("{base}/hang"), "events": ["settlement.created"]})).await?;
    for n in 0..load.backlog {
        trigger(&api, "settlement.created", &format!("backlog-{n}")).await?;
    }
    let b = second_application(&api, &load.username, &load.password).await?;
    b.post("/v1/webhooks", &json!({"url": format!("{base}/fast"), "events": ["settlement.completed"]})).await?;
    let mut sent = Vec::with_capacity(load.count);
    for n in 0..load.count {
        let event = format!("ontime-{n}");
        let at = Instant::now();
        trigger(&b, "settlement.completed", &event).await?;
        sent.push((event, at));
        // One after another, each delivered before the next is sent.
        let deadline = Instant::now() + Duration::from_secs(15);
        while !arrivals.lock().unwrap_or_else(|e| e.into_inner()).contains_key(&sent[n].0) && Instant::now() < deadline
        {
            tokio::time::sleep(Duration::from_millis(1)).await;
        }
    }
    for n in 0..load.retries {
        trigger(&b, "settlement.completed", &format!("retry-{n}")).await?;
    }
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let done = {
            let seen = arrivals.lock().unwrap_or_else(|e| e.into_inner());
            (0..load.retries).all(|n| seen.get(&format!("retry-{n}")).is_some_and(|a| a.len() >= 2))
        };
        if done || Instant::now() > deadline {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let seen = arrivals.lock().unwrap_or_else(|e| e.into_inner());
    let mut delivered: Vec<Duration> =
        sent.iter().filter_map(|(event, at)| seen.get(event).map(|a| a[0].saturating_duration_since(*at))).collect();
    delivered.sort();
    let mut late: Vec<Duration> = (0..load.retries)
        .filter_map(|n| {
            let a = seen.get(&format!("retry-{n}")).filter(|a| a.len() >= 2)?;
            Some(a[1].saturating_duration_since(a[0]).saturating_sub(Duration::from_secs(1)))
        })
        .collect();
    late.sort();
    Ok(format!(
        r#"{{"backlog": {}, "deliveries": {}, "missing": {}, "p50_ms": {}, "p99_ms": {}, "max_ms": {}, "retries": {}, "retry_late_p50_ms": {}, "retry_late_max_ms": {}}}"#,
        load.backlog,
        delivered.len(),
        load.count - delivered.len(),
        percentile_ms(&delivered, 50),
        percentile_ms(&delivered, 99),
        percentile_ms(&delivered, 100),
        late.len(),
        percentile_ms(&late, 50),
        percentile_ms(&late, 100),
    ))
}

pub struct Logins {
    pub control: String,
    pub username: String,
    pub burst: usize,
    pub seconds: u64,
}

fn client_at(address: &str) -> anyhow::Result<reqwest::Client> {
    Ok(reqwest::Client::builder().local_address(address.parse::<IpAddr>()?).pool_max_idle_per_host(512).build()?)
}

/// One password attempt: its status and OAuth error code.
async fn attempt(http: &reqwest::Client, base_url: &str, username: &str, password: &str) -> (u16, String) {
    let sent = password_grant(http, base_url, username, password).send().await;
    match sent {
        Ok(r) => {
            let status = r.status().as_u16();
            let body: Value = r.json().await.unwrap_or(Value::Null);
            (status, body["error"].as_str().unwrap_or("").to_owned())
        }
        Err(e) => (0, e.to_string()),
    }
}

/// `burst` wrong passwords at once from `from` (for `username`, or each for
/// a username of its own), while `good` signs in from `good_from`.
async fn burst(
    base_url: &str,
    from: &str,
    username: Option<&str>,
    count: usize,
    good: (&str, &str, &str),
) -> anyhow::Result<String> {
    let http = client_at(from)?;
    let started = Instant::now();
    let attempts: Vec<_> = (0..count)
        .map(|n| {
            let (http, base_url) = (http.clone(), base_url.to_owned());
            let username = username.map_or_else(|| format!("nobody-{n}@example.com"), str::to_owned);
            tokio::spawn(async move { attempt(&http, &base_url, &username, &format!("wrong-{n}")).await })
        })
        .collect();
    let (good_user, good_password, good_from) = good;
    let good_http = client_at(good_from)?;
    let at = Instant::now();
    let (good_status, _) = attempt(&good_http, base_url, good_user, good_password).await;
    let good_ms = at.elapsed().as_secs_f64() * 1000.0;
    let mut counts: HashMap<String, usize> = HashMap::new();
    for a in attempts {
        let (status, error) = a.await?;
        *counts.entry(format!("{status} {error}")).or_default() += 1;
    }
    let burst_ms = started.elapsed().as_secs_f64() * 1000.0;
    Ok(format!(
        r#"{{"burst": {count}, "answers": {}, "burst_ms": {burst_ms:.0}, "good_login_status": {good_status}, "good_login_ms": {good_ms:.1}}}"#,
        serde_json::to_string(&counts)?
    ))
}

pub async fn logins(api: Arc<Api>, load: Logins) -> anyhow::Result<String> {
    let other = format!("bench-{}", uuid::Uuid::new_v4().simple());
    let created = api
        .http
        .post(format!("{}/sandbox/users", api.base_url))
        .bearer_auth(&load.control)
        .json(&json!({"username": other, "password": "bench-password"}))
        .send()
        .await?;
    anyhow::ensure!(created.status().is_success(), "cannot create a user: {}", created.status());
    let good = (other.as_str(), "bench-password", "127.0.0.1");
    let one_username = burst(&api.base_url, "127.0.0.1", Some(&load.username), load.burst, good).await?;
    let spread =
        burst(&api.base_url, "127.0.0.3", None, load.burst, (other.as_str(), "bench-password", "127.0.0.2")).await?;

    // One client guessing one username as fast as it is answered.
    let http = client_at("127.0.0.4")?;
    let target = format!("guessed-{}@example.com", uuid::Uuid::new_v4().simple());
    let deadline = Instant::now() + Duration::from_secs(load.seconds);
    let (mut checked, mut refused) = (0u64, 0u64);
    while Instant::now() < deadline {
        match attempt(&http, &api.base_url, &target, "guess").await {
            (401, _) => checked += 1,
            (429, _) => refused += 1,
            (status, error) => anyhow::bail!("unexpected answer to a guess: {status} {error}"),
        }
    }
    Ok(format!(
        r#"{{"one_username": {one_username}, "many_usernames": {spread}, "guessing": {{"seconds": {}, "checked": {checked}, "refused": {refused}, "checked_per_s": {:.2}}}}}"#,
        load.seconds,
        checked as f64 / load.seconds as f64
    ))
}
