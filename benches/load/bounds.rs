//! One partner's attack on what every partner shares, against another
//! partner's latency (`benches/bounds.sh`): the loads of the five
//! shared-capacity findings, each against a fresh sandbox.
//!
//! Partner A is the ready line's (its TEST key, its dashboard user);
//! partner B is made here (a user by the control token, its partner, a TEST
//! application and key). `--pid` is the sandbox's, for its memory.
//!
//! - `partners`: A has `--applications` TEST applications with four
//!   endpoints each at a port that never accepts and `--events` events each;
//!   then B triggers `--count` events at once to a receiver that answers at
//!   once, each timed from its trigger's answer to its arrival.
//! - `review`: A logs `--requests` short requests and the review of them is
//!   timed, with the sandbox's peak memory over it; the same with
//!   `--long` requests whose URLs are 60 KB; then `--rounds` rounds of B's
//!   writes (`POST /v1/customers`, one after another) for `--seconds` each:
//!   alone, beside four looping reviews of A with nothing new logged,
//!   beside four clients of A looping on `GET /v1/customers` (the same
//!   traffic with no review in it: what any looping client costs), and
//!   beside four looping reviews while A keeps logging (so each review
//!   reads its window again). The figures are each round's and, at the
//!   top level, the median of the rounds.
//! - `bodies`: A sends `--bodies` requests with bodies of `--size` bytes
//!   across four applications, and the sandbox's memory (its in-memory
//!   database included) is read before and after.
//! - `rules`: B's reads (`GET /v1/customers/{id}`) with no rule, then after A
//!   adds up to `--rules` small rules over ten applications (as many as the
//!   sandbox accepts), then A's `--big` rules with 900 KB paths and the
//!   sandbox's memory after them.
//! - `held`: A holds `--held` requests open with a one-minute `latency`
//!   fault, then B's reads are timed (with a 15 s limit each); then the same
//!   with `--held` sign-ins whose form body stops arriving.
//! - `usernames`: `--attempts` failed sign-ins with 1 MB usernames from
//!   rotating `127.0.x.y` addresses, and the sandbox's memory before and
//!   after; then 60 wrong passwords from 60 loopback addresses, counting how
//!   many were checked before the address allowance ran out.

use std::net::IpAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use clap::Subcommand;
use futures::future::join_all;
use serde_json::{Value, json};
use tokio::io::AsyncWriteExt;

use super::isolation::bearer;
use super::{Api, id, percentile_ms};

#[derive(Subcommand)]
pub enum Load {
    Partners {
        #[arg(long, default_value_t = 40)]
        applications: usize,
        #[arg(long, default_value_t = 10)]
        events: usize,
        #[arg(long, default_value_t = 20)]
        count: usize,
    },
    Review {
        #[arg(long, default_value_t = 50_000)]
        requests: usize,
        #[arg(long, default_value_t = 2_000)]
        long: usize,
        #[arg(long, default_value_t = 10)]
        seconds: u64,
        #[arg(long, default_value_t = 1)]
        rounds: usize,
    },
    Bodies {
        #[arg(long, default_value_t = 1_000)]
        bodies: usize,
        #[arg(long, default_value_t = 500_000)]
        size: usize,
    },
    Rules {
        #[arg(long, default_value_t = 10_000)]
        rules: usize,
        #[arg(long, default_value_t = 200)]
        big: usize,
    },
    Held {
        #[arg(long, default_value_t = 1_100)]
        held: usize,
    },
    Usernames {
        #[arg(long, default_value_t = 450)]
        attempts: usize,
    },
}

/// What every load needs besides its own numbers.
pub struct Context {
    pub api: Arc<Api>,
    pub username: String,
    pub password: String,
    pub control: String,
    pub pid: u32,
}

pub async fn run(cx: Context, load: Load) -> anyhow::Result<String> {
    match load {
        Load::Partners { applications, events, count } => partners(&cx, applications, events, count).await,
        Load::Review { requests, long, seconds, rounds } => review(&cx, requests, long, seconds, rounds).await,
        Load::Bodies { bodies, size } => large_bodies(&cx, bodies, size).await,
        Load::Rules { rules, big } => fault_rules(&cx, rules, big).await,
        Load::Held { held } => held_requests(&cx, held).await,
        Load::Usernames { attempts } => usernames(&cx, attempts).await,
    }
}

/// A field of `/proc/PID/status`, in MB.
fn status_mb(pid: u32, field: &str) -> f64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix(&format!("{field}:")))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<f64>().ok())
        .map_or(0.0, |kb| kb / 1024.0)
}

/// Starts counting the peak resident size afresh.
fn reset_peak(pid: u32) {
    let _ = std::fs::write(format!("/proc/{pid}/clear_refs"), "5");
}

async fn dashboard(cx: &Context, token: &str, path: &str, body: Value) -> anyhow::Result<Value> {
    let r = cx.api.http.post(format!("{}{path}", cx.api.base_url)).bearer_auth(token).json(&body).send().await?;
    let status = r.status();
    let body: Value = r.json().await?;
    anyhow::ensure!(status.is_success(), "POST {path}: {status} {body}");
    Ok(body)
}

/// A new TEST application of the token's partner, with a key.
async fn application(cx: &Context, token: &str) -> anyhow::Result<Api> {
    let app = dashboard(cx, token, "/v1/applications", json!({"name": "bench", "environment": "TEST"})).await?;
    let key = dashboard(cx, token, &format!("/v1/applications/{}/keys", id(&app)?), json!({})).await?;
    let key = key["client_secret"].as_str().ok_or_else(|| anyhow::anyhow!("no key: {key}"))?.to_owned();
    Ok(Api { http: cx.api.http.clone(), base_url: cx.api.base_url.clone(), key })
}

/// Partner B: a user of its own, its partner, a TEST application and key.
async fn partner_b(cx: &Context) -> anyhow::Result<Api> {
    let name = format!("partner-b-{}@example.com", uuid::Uuid::new_v4().simple());
    let created = cx
        .api
        .http
        .post(format!("{}/sandbox/users", cx.api.base_url))
        .bearer_auth(&cx.control)
        .json(&json!({"username": name, "password": "bench-password"}))
        .send()
        .await?;
    anyhow::ensure!(created.status().is_success(), "cannot create a user: {}", created.status());
    let token = bearer(&cx.api.http, &cx.api.base_url, &name, "bench-password").await?;
    let n = uuid::Uuid::new_v4().simple();
    dashboard(
        cx,
        &token,
        "/v1/auth/register",
        json!({"company_name": format!("B {n}"), "email": format!("b-{n}@example.com")}),
    )
    .await?;
    application(cx, &token).await
}

fn sorted(mut latencies: Vec<Duration>) -> Vec<Duration> {
    latencies.sort();
    latencies
}

fn summary(latencies: &[Duration]) -> Value {
    json!({"n": latencies.len(), "p50_ms": percentile_ms(latencies, 50), "p95_ms": percentile_ms(latencies, 95),
           "p99_ms": percentile_ms(latencies, 99), "max_ms": percentile_ms(latencies, 100)})
}

async fn partners(cx: &Context, applications: usize, events: usize, count: usize) -> anyhow::Result<String> {
    let hanging = std::net::TcpListener::bind("127.0.0.1:0")?;
    let hanging_url = format!("http://{}/hook", hanging.local_addr()?);
    let token = bearer(&cx.api.http, &cx.api.base_url, &cx.username, &cx.password).await?;
    let mut apps = Vec::new();
    for _ in 0..applications {
        apps.push(application(cx, &token).await?);
    }
    for chunk in apps.chunks(8) {
        let made: Vec<anyhow::Result<()>> = join_all(chunk.iter().map(|app| async {
            for _ in 0..4 {
                app.post("/v1/webhooks", &json!({"url": hanging_url, "events": ["settlement.created"]})).await?;
            }
            for _ in 0..events {
                app.post("/sandbox/events/trigger", &json!({"event": "settlement.created"})).await?;
            }
            Ok(())
        }))
        .await;
        made.into_iter().collect::<anyhow::Result<Vec<()>>>()?;
    }
    tokio::time::sleep(Duration::from_secs(2)).await;

    let b = partner_b(cx).await?;
    let arrivals: Arc<std::sync::Mutex<Vec<(String, Instant)>>> = Arc::default();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
    let url = format!("http://{}/fast", listener.local_addr()?);
    let seen = arrivals.clone();
    let app = axum::Router::new().route(
        "/fast",
        axum::routing::post(move |body: axum::Json<Value>| async move {
            let event = body["payment_id"].as_str().unwrap_or_default().to_owned();
            seen.lock().unwrap_or_else(|e| e.into_inner()).push((event, Instant::now()));
            axum::http::StatusCode::OK
        }),
    );
    tokio::spawn(async move { axum::serve(listener, app).await });
    b.post("/v1/webhooks", &json!({"url": url, "events": ["settlement.completed"]})).await?;
    let mut due = Vec::new();
    for n in 0..count {
        let event = format!("b-{n}");
        b.post("/sandbox/events/trigger", &json!({"event": "settlement.completed", "resource_id": event})).await?;
        due.push((event, Instant::now()));
    }
    let deadline = Instant::now() + Duration::from_secs(90);
    while arrivals.lock().unwrap_or_else(|e| e.into_inner()).len() < count && Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    let seen = arrivals.lock().unwrap_or_else(|e| e.into_inner()).clone();
    let late = sorted(
        due.iter()
            .filter_map(|(event, at)| {
                seen.iter().find(|(e, _)| e == event).map(|(_, t)| t.saturating_duration_since(*at))
            })
            .collect(),
    );
    drop(hanging);
    Ok(json!({"applications": applications, "endpoints": applications * 4, "events_each": events,
              "b_delivered": late.len(), "b_missing": count - late.len(), "b_late": summary(&late)})
    .to_string())
}

/// `n` requests of `app`, 64 at a time, each to `url(i)`.
async fn log_requests(app: &Api, n: usize, url: impl Fn(usize) -> String) -> anyhow::Result<()> {
    let mut sent = 0;
    while sent < n {
        let batch: Vec<String> = (sent..(sent + 64).min(n)).map(&url).collect();
        sent += batch.len();
        join_all(
            batch
                .into_iter()
                .map(|u| app.http.get(format!("{}{u}", app.base_url)).header("X-API-Key", &app.key).send()),
        )
        .await;
    }
    Ok(())
}

/// One review of `app`, timed, with the sandbox's peak memory over it.
async fn timed_review(cx: &Context, app: &Api) -> anyhow::Result<Value> {
    let before = status_mb(cx.pid, "VmRSS");
    reset_peak(cx.pid);
    let at = Instant::now();
    let r = app.http.get(format!("{}/sandbox/review", app.base_url)).header("X-API-Key", &app.key).send().await?;
    let status = r.status();
    let _ = r.bytes().await?;
    let ms = at.elapsed().as_secs_f64() * 1000.0;
    anyhow::ensure!(status.is_success(), "review: {status}");
    Ok(json!({"ms": (ms * 10.0).round() / 10.0, "rss_before_mb": before, "peak_mb": status_mb(cx.pid, "VmHWM")}))
}

/// B's writes one after another for `seconds`, while `beside` runs.
async fn writes_beside(b: &Api, seconds: u64, beside: impl std::future::Future<Output = ()>) -> anyhow::Result<Value> {
    let deadline = Instant::now() + Duration::from_secs(seconds);
    let writes = async {
        let mut latencies = Vec::new();
        while Instant::now() < deadline {
            let at = Instant::now();
            let body = json!({"type": "business", "legal_name": "B Trading LLC", "country": "AE",
                "email": format!("b-{}@example.com", uuid::Uuid::new_v4().simple()),
                "verification_level": "standard", "tax_id": "TRN-1"});
            b.post("/v1/customers", &body).await?;
            latencies.push(at.elapsed());
        }
        anyhow::Ok(latencies)
    };
    let (latencies, ()) = tokio::join!(writes, async {
        tokio::select! {
            () = beside => {}
            () = tokio::time::sleep_until(deadline.into()) => {}
        }
    });
    Ok(summary(&sorted(latencies?)))
}

/// Four clients of `app` asking for its review in a loop (and, with
/// `logging`, a fifth sending a request between them) until dropped.
async fn looping_reviews(app: &Api, logging: bool) {
    looping(app, "/sandbox/review", logging).await;
}

/// Four clients of `app` asking for `path` in a loop (and, with `logging`,
/// a fifth sending a request between them) until dropped.
async fn looping(app: &Api, path: &str, logging: bool) {
    let reviewers = (0..4).map(|_| async {
        loop {
            if let Ok(r) = app.http.get(format!("{}{path}", app.base_url)).header("X-API-Key", &app.key).send().await {
                let _ = r.bytes().await;
            }
        }
    });
    let logger = async {
        if logging {
            loop {
                let _ =
                    app.http.get(format!("{}/v1/customers", app.base_url)).header("X-API-Key", &app.key).send().await;
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
        }
        std::future::pending::<()>().await;
    };
    tokio::join!(join_all(reviewers), logger);
}

async fn review(cx: &Context, requests: usize, long: usize, seconds: u64, rounds: usize) -> anyhow::Result<String> {
    let token = bearer(&cx.api.http, &cx.api.base_url, &cx.username, &cx.password).await?;
    let short_app = application(cx, &token).await?;
    log_requests(&short_app, requests, |i| format!("/v1/customers/{}", uuid::Uuid::from_u128(i as u128))).await?;
    let short = timed_review(cx, &short_app).await?;
    let long_app = application(cx, &token).await?;
    let half = "a".repeat(30_000);
    log_requests(&long_app, long, |i| format!("/v1/customers/{i}{half}?note={half}")).await?;
    let long_review = timed_review(cx, &long_app).await?;

    let b = partner_b(cx).await?;
    // Alone and beside each load in turn, round after round, so that the
    // machine's own drift touches every phase alike.
    let mut each = Vec::new();
    for _ in 0..rounds.max(1) {
        let alone = writes_beside(&b, seconds, std::future::pending()).await?;
        let cached = writes_beside(&b, seconds, looping_reviews(&short_app, false)).await?;
        let gets = writes_beside(&b, seconds, looping(&short_app, "/v1/customers", false)).await?;
        let fresh = writes_beside(&b, seconds, looping_reviews(&short_app, true)).await?;
        each.push(json!({"b_writes_alone": alone, "b_writes_beside_reviews_nothing_new": cached,
                         "b_writes_beside_looping_gets": gets, "b_writes_beside_reviews_while_logging": fresh}));
    }
    let mut out = json!({"requests": requests, "review": short, "long_requests": long, "long_review": long_review,
                         "rounds": each});
    for phase in [
        "b_writes_alone",
        "b_writes_beside_reviews_nothing_new",
        "b_writes_beside_looping_gets",
        "b_writes_beside_reviews_while_logging",
    ] {
        let median = |field: &str| {
            let number = |v: &Value| v.as_f64().or_else(|| v.as_str().and_then(|s| s.parse().ok()));
            let mut v: Vec<f64> = each.iter().filter_map(|r| number(&r[phase][field])).collect();
            v.sort_by(f64::total_cmp);
            v.get(v.len() / 2).copied()
        };
        out[phase] = json!({"p50_ms": median("p50_ms"), "p99_ms": median("p99_ms"), "n": median("n")});
    }
    Ok(out.to_string())
}

/// A's `bodies` requests with bodies of `size` bytes over four
/// applications (16 at a time), and the sandbox's memory before and after:
/// with an in-memory database, what the log keeps of them.
async fn large_bodies(cx: &Context, bodies: usize, size: usize) -> anyhow::Result<String> {
    let token = bearer(&cx.api.http, &cx.api.base_url, &cx.username, &cx.password).await?;
    let mut apps = Vec::new();
    for _ in 0..4 {
        apps.push(application(cx, &token).await?);
    }
    let before = status_mb(cx.pid, "VmRSS");
    let filler = "x".repeat(size.saturating_sub(16));
    let at = Instant::now();
    let all: Vec<usize> = (0..bodies).collect();
    for chunk in all.chunks(16) {
        join_all(chunk.iter().map(|&n| {
            let app = &apps[n % apps.len()];
            let body = format!(r#"{{"note":"{n:06}{filler}"}}"#);
            async move {
                let _ = app
                    .http
                    .post(format!("{}/v1/customers", app.base_url))
                    .header("X-API-Key", &app.key)
                    .header("Content-Type", "application/json")
                    .body(body)
                    .send()
                    .await;
            }
        }))
        .await;
    }
    let seconds = at.elapsed().as_secs_f64();
    // A read of the log waits for every record queued before it: the
    // memory is read once all of them are written.
    let _ = apps[0]
        .http
        .get(format!("{}/v1/logs?limit=1", apps[0].base_url))
        .header("X-API-Key", &apps[0].key)
        .send()
        .await;
    Ok(json!({"bodies": bodies, "size": size, "seconds": (seconds * 10.0).round() / 10.0,
              "rss_before_mb": before, "rss_after_mb": status_mb(cx.pid, "VmRSS"), "peak_mb": status_mb(cx.pid, "VmHWM")})
    .to_string())
}

/// B's reads of one customer, one after another, `n` of them.
async fn reads(b: &Api, customer: &str, n: usize) -> anyhow::Result<Value> {
    let mut latencies = Vec::with_capacity(n);
    for _ in 0..n {
        let at = Instant::now();
        let r =
            b.http.get(format!("{}/v1/customers/{customer}", b.base_url)).header("X-API-Key", &b.key).send().await?;
        anyhow::ensure!(r.status().is_success(), "read: {}", r.status());
        let _ = r.bytes().await?;
        latencies.push(at.elapsed());
    }
    Ok(summary(&sorted(latencies)))
}

async fn fault_rules(cx: &Context, wanted: usize, big: usize) -> anyhow::Result<String> {
    let b = partner_b(cx).await?;
    let customer = id(&b
        .post(
            "/v1/customers",
            &json!({"type": "business", "legal_name": "B", "country": "AE", "verification_level": "standard",
                    "tax_id": "1", "email": format!("b-{}@example.com", uuid::Uuid::new_v4().simple())}),
        )
        .await?)?;
    reads(&b, &customer, 200).await?;
    let none = reads(&b, &customer, 2_000).await?;
    let token = bearer(&cx.api.http, &cx.api.base_url, &cx.username, &cx.password).await?;
    let mut apps = Vec::new();
    for _ in 0..10 {
        apps.push(application(cx, &token).await?);
    }
    let add = |app: &Api, body: Value| {
        let request = app
            .http
            .post(format!("{}/sandbox/faults", app.base_url))
            .header("X-API-Key", &app.key)
            .header("Idempotency-Key", uuid::Uuid::new_v4().to_string())
            .json(&body);
        async move { request.send().await.map(|r| r.status().as_u16()).unwrap_or(0) }
    };
    let small = json!({"match": {"operation_id": "listCustomers", "method": "GET"}, "fault": {"kind": "error"}});
    let mut accepted = 0;
    let mut refused = 0;
    for chunk in (0..wanted).collect::<Vec<_>>().chunks(64) {
        let statuses = join_all(chunk.iter().map(|i| add(&apps[i % apps.len()], small.clone()))).await;
        accepted += statuses.iter().filter(|s| **s == 201).count();
        refused += statuses.iter().filter(|s| **s != 201).count();
    }
    let with_rules = reads(&b, &customer, 2_000).await?;
    let rss_before_big = status_mb(cx.pid, "VmRSS");
    let path = format!("/v1/customers/{}", "a".repeat(900_000));
    let mut big_accepted = 0;
    for i in 0..big {
        let body = json!({"match": {"path": path}, "fault": {"kind": "reset"}});
        if add(&apps[i % apps.len()], body).await == 201 {
            big_accepted += 1;
        }
    }
    Ok(json!({"b_reads_no_rules": none, "small_rules_asked": wanted, "small_rules_accepted": accepted,
              "small_rules_refused": refused, "b_reads_with_rules": with_rules, "big_rules_asked": big,
              "big_rules_accepted": big_accepted, "rss_before_big_mb": rss_before_big,
              "rss_after_big_mb": status_mb(cx.pid, "VmRSS")})
    .to_string())
}

/// B's reads, each given 15 s: how many were answered, and how fast.
async fn reads_under_load(b: &Api, n: usize) -> Value {
    let http = reqwest::Client::builder().timeout(Duration::from_secs(15)).build().unwrap_or_default();
    let mut latencies = Vec::new();
    let mut failed = 0;
    for _ in 0..n {
        let at = Instant::now();
        match http.get(format!("{}/v1/customers", b.base_url)).header("X-API-Key", &b.key).send().await {
            Ok(r) if r.status().is_success() => latencies.push(at.elapsed()),
            _ => failed += 1,
        }
    }
    let mut out = summary(&sorted(latencies));
    out["failed"] = json!(failed);
    out
}

async fn held_requests(cx: &Context, held: usize) -> anyhow::Result<String> {
    let b = partner_b(cx).await?;
    let a = cx.api.clone();
    let holders: Vec<_> = (0..held)
        .map(|_| {
            let http = reqwest::Client::builder().timeout(Duration::from_secs(90)).build().unwrap_or_default();
            let request = http
                .get(format!("{}/v1/customers", a.base_url))
                .header("X-API-Key", &a.key)
                .header("X-Sandbox-Fault", "latency; delay_ms=60000");
            tokio::spawn(async move { request.send().await.map(|r| r.status().as_u16()).unwrap_or(0) })
        })
        .collect();
    tokio::time::sleep(Duration::from_secs(3)).await;
    let answered_at_once = holders.iter().filter(|h| h.is_finished()).count();
    let latency = reads_under_load(&b, 5).await;
    for h in &holders {
        h.abort();
    }

    // Sign-ins whose body stops arriving, with no credentials at all.
    let addr = a.base_url.trim_start_matches("http://").to_owned();
    let mut partial = Vec::new();
    let mut refused_connections = 0;
    for _ in 0..held {
        match tokio::time::timeout(Duration::from_secs(2), tokio::net::TcpStream::connect(&addr)).await {
            Ok(Ok(mut stream)) => {
                let head = format!(
                    "POST /auth/realms/sandbox/protocol/openid-connect/token HTTP/1.1\r\nHost: {addr}\r\n\
                     Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 200\r\n\r\ngrant_type=pass"
                );
                let _ = stream.write_all(head.as_bytes()).await;
                partial.push(stream);
            }
            _ => refused_connections += 1,
        }
    }
    tokio::time::sleep(Duration::from_secs(1)).await;
    let partial_latency = reads_under_load(&b, 5).await;
    drop(partial);
    Ok(json!({"held_asked": held, "answered_at_once": answered_at_once, "b_reads_while_held": latency,
              "partial_bodies": held, "partial_not_connected": refused_connections,
              "b_reads_while_partial_bodies": partial_latency})
    .to_string())
}

async fn usernames(cx: &Context, attempts: usize) -> anyhow::Result<String> {
    let huge = "u".repeat(1_000_000);
    let before = status_mb(cx.pid, "VmRSS");
    reset_peak(cx.pid);
    let mut statuses = std::collections::BTreeMap::<u16, usize>::new();
    let at = Instant::now();
    for chunk in (0..attempts).collect::<Vec<_>>().chunks(30) {
        let answers = join_all(chunk.iter().map(|&i| {
            let from = IpAddr::from([127, 0, (i / 250) as u8, (i % 250) as u8 + 1]);
            let http = reqwest::Client::builder().local_address(from).build().unwrap_or_default();
            let username = format!("{i}{huge}");
            let url = format!("{}/auth/realms/sandbox/protocol/openid-connect/token", cx.api.base_url);
            async move {
                let form = [
                    ("grant_type", "password"),
                    ("client_id", "partner-console"),
                    ("username", &username),
                    ("password", "wrong"),
                ];
                http.post(url).form(&form).send().await.map(|r| r.status().as_u16()).unwrap_or(0)
            }
        }))
        .await;
        for s in answers {
            *statuses.entry(s).or_default() += 1;
        }
    }
    let took = at.elapsed().as_secs_f64();
    let (after, peak) = (status_mb(cx.pid, "VmRSS"), status_mb(cx.pid, "VmHWM"));

    // Wrong passwords from as many loopback addresses.
    let mut checked = 0;
    let mut refused = 0;
    for i in 0..60u8 {
        let http = reqwest::Client::builder().local_address(IpAddr::from([127, 3, i, 7])).build()?;
        let form = [
            ("grant_type", "password"),
            ("client_id", "partner-console"),
            ("username", &*format!("nobody-{i}@example.com")),
            ("password", "wrong"),
        ];
        let status = http
            .post(format!("{}/auth/realms/sandbox/protocol/openid-connect/token", cx.api.base_url))
            .form(&form)
            .send()
            .await?
            .status()
            .as_u16();
        match status {
            401 => checked += 1,
            _ => refused += 1,
        }
    }
    Ok(json!({"attempts": attempts, "statuses": statuses, "seconds": (took * 10.0).round() / 10.0,
              "rss_before_mb": before, "rss_after_mb": after, "peak_mb": peak,
              "rotating_addresses": {"attempts": 60, "checked": checked, "refused": refused}})
    .to_string())
}
