//! The load generator `benches/run.sh` uses for what `wrk` cannot measure:
//! flows of dependent requests, and webhook deliveries.
//!
//! - `flows`: concurrent workers each repeat create quote → accept →
//!   create transaction (each request with its own `Idempotency-Key`) for a
//!   fixed time; reports completed flows per second and the latency of every
//!   request.
//! - `webhooks`: listens on loopback, registers itself for
//!   `settlement.created`, then creates transactions one after another and
//!   times each from sending `POST /v1/transactions` (the state change) to
//!   the moment its delivery arrives (the receiver answers 200 right away).
//!
//! - `console`: an open console page: signs in to the web console and
//!   fetches the application's request log page the way the page's script
//!   refreshes it (every `--interval-ms`), for a fixed time; reports the
//!   refreshes and their latency. Run beside `wrk` to see what an open page
//!   costs the API.
//!
//! - `latency`: what `payctl proxy` adds: one customer, then
//!   `GET /v1/customers/{id}` one request at a time on one kept-alive
//!   connection, straight to the sandbox and through the proxy (`--proxy`,
//!   its base URL) in alternating blocks, so drift over the run touches both
//!   alike; reports p50 and p99 of each and their differences, and how many
//!   answers through the proxy reported a violation.
//! - `fairness` and `logins`: one partner's hanging receiver or password
//!   guessing against everyone else (see [`isolation`]).
//! - `bounds`: the loads of one partner using up what everyone shares
//!   (deliveries, reviews, rules, held requests, sign-ins), against another
//!   partner's latency (see [`bounds`]).
//!
//! Each prints one JSON object on stdout. Every non-2xx answer counts as an
//! error and the first one is printed on stderr.

mod bounds;
mod isolation;

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::Router;
use axum::routing::post;
use clap::{Parser, Subcommand};
use serde_json::{Value, json};

#[derive(Parser)]
struct Args {
    /// The sandbox's base URL (from its ready line).
    #[arg(long)]
    base_url: String,
    /// A TEST API key (from its ready line); start the sandbox with `--rate-limit off`.
    #[arg(long)]
    key: String,
    #[command(subcommand)]
    measure: Measure,
}

#[derive(Subcommand)]
enum Measure {
    Flows {
        #[arg(long, default_value_t = 64)]
        concurrency: usize,
        #[arg(long, default_value_t = 10)]
        seconds: u64,
    },
    Webhooks {
        #[arg(long, default_value_t = 200)]
        count: usize,
    },
    Console {
        /// A dashboard user (the ready line's `username` and `password`).
        #[arg(long)]
        username: String,
        #[arg(long)]
        password: String,
        /// The application whose request log page stays open.
        #[arg(long)]
        application: String,
        #[arg(long, default_value_t = 10)]
        seconds: u64,
        /// The page script's refresh interval.
        #[arg(long, default_value_t = 2000)]
        interval_ms: u64,
    },
    Latency {
        /// The base URL of a `payctl proxy --upstream <base-url>`.
        #[arg(long)]
        proxy: String,
        /// Requests each way.
        #[arg(long, default_value_t = 5000)]
        requests: usize,
    },
    Fairness {
        /// A dashboard user of the key's partner (the ready line's), to make partner B's application.
        #[arg(long)]
        username: String,
        #[arg(long)]
        password: String,
        #[arg(long, default_value_t = 500)]
        backlog: usize,
        #[arg(long, default_value_t = 200)]
        count: usize,
        #[arg(long, default_value_t = 20)]
        retries: usize,
    },
    Bounds {
        /// The ready line's dashboard user (partner A's) and control token.
        #[arg(long)]
        username: String,
        #[arg(long)]
        password: String,
        #[arg(long)]
        control: String,
        /// The sandbox's process id, for its memory.
        #[arg(long)]
        pid: u32,
        #[command(subcommand)]
        load: bounds::Load,
    },
    Logins {
        /// The ready line's control token (to create the user who signs in during the bursts).
        #[arg(long)]
        control: String,
        /// The username the first burst guesses at (the ready line's).
        #[arg(long)]
        username: String,
        #[arg(long, default_value_t = 256)]
        burst: usize,
        #[arg(long, default_value_t = 10)]
        seconds: u64,
    },
}

struct Api {
    http: reqwest::Client,
    base_url: String,
    key: String,
}

impl Api {
    /// POSTs `body` with a fresh Idempotency-Key; the answer's JSON on 2xx.
    async fn post(&self, path: &str, body: &Value) -> anyhow::Result<Value> {
        let reply = self
            .http
            .post(format!("{}{path}", self.base_url))
            .header("X-API-Key", &self.key)
            .header("Idempotency-Key", uuid::Uuid::new_v4().to_string())
            .json(body)
            .send()
            .await?;
        let status = reply.status();
        let body: Value = reply.json().await?;
        anyhow::ensure!(status.is_success(), "POST {path}: {status} {body}");
        Ok(body)
    }
}

fn id(body: &Value) -> anyhow::Result<String> {
    body["id"].as_str().map(str::to_owned).ok_or_else(|| anyhow::anyhow!("no id in {body}"))
}

/// A verified customer with a USDC wallet beneficiary; returns the
/// beneficiary's id.
async fn beneficiary(api: &Api) -> anyhow::Result<String> {
    let customer = api
        .post(
            "/v1/customers",
            &json!({"type": "business", "legal_name": "Load Trading LLC", "email": format!("load-{}@example.com",
                    uuid::Uuid::new_v4().simple()), "country": "AE", "verification_level": "standard",
                    "tax_id": "TRN-1"}),
        )
        .await?;
    // A transaction's sender must have passed verification.
    api.post(&format!("/sandbox/customers/{}/approve", id(&customer)?), &Value::Null).await?;
    let account = json!({"kind": "STABLECOIN_WALLET", "destination_asset": "USDC", "network": "ethereum",
                         "address": "0x52908400098527886E0F7030069857D2E4169EE7"});
    let body = json!({"customer_id": id(&customer)?, "type": "business", "full_name": "Load Trading LLC",
                      "country": "AE", "account": account});
    id(&api.post("/v1/beneficiaries", &body).await?)
}

/// An accepted quote of 1 USD into USDC; returns its id.
async fn accepted_quote(api: &Api, latencies: &mut Vec<Duration>) -> anyhow::Result<String> {
    let body = json!({"corridor_id": "USD-USDC", "source_asset": "USD", "source_amount_minor": "100",
                      "destination_asset": "USDC", "destination_kind": "STABLECOIN"});
    let started = Instant::now();
    let quote = id(&api.post("/v1/transactions/quote", &body).await?)?;
    latencies.push(started.elapsed());
    let started = Instant::now();
    api.post(&format!("/v1/transactions/quote/{quote}/accept"), &Value::Null).await?;
    latencies.push(started.elapsed());
    Ok(quote)
}

fn percentile_ms(sorted: &[Duration], p: usize) -> String {
    if sorted.is_empty() {
        return "null".to_owned();
    }
    let at = (sorted.len() * p).div_ceil(100).clamp(1, sorted.len()) - 1;
    format!("{:.2}", sorted[at].as_secs_f64() * 1000.0)
}

async fn flows(api: Arc<Api>, concurrency: usize, seconds: u64) -> anyhow::Result<String> {
    let beneficiary = Arc::new(beneficiary(&api).await?);
    let started = Instant::now();
    let deadline = started + Duration::from_secs(seconds);
    let workers: Vec<_> = (0..concurrency)
        .map(|_| {
            let (api, beneficiary) = (api.clone(), beneficiary.clone());
            tokio::spawn(async move {
                let (mut latencies, mut flows, mut errors) = (Vec::new(), 0u64, 0u64);
                while Instant::now() < deadline {
                    let flow = async {
                        let quote = accepted_quote(&api, &mut latencies).await?;
                        let at = Instant::now();
                        let body = json!({"quote_id": quote, "beneficiary_id": *beneficiary});
                        api.post("/v1/transactions", &body).await?;
                        latencies.push(at.elapsed());
                        anyhow::Ok(())
                    };
                    match flow.await {
                        Ok(()) => flows += 1,
                        Err(e) => {
                            if errors == 0 {
                                eprintln!("error: {e}");
                            }
                            errors += 1;
                        }
                    }
                }
                (latencies, flows, errors)
            })
        })
        .collect();
    let (mut latencies, mut done, mut errors) = (Vec::new(), 0, 0);
    for worker in workers {
        let (l, f, e) = worker.await?;
        latencies.extend(l);
        done += f;
        errors += e;
    }
    let elapsed = started.elapsed().as_secs_f64();
    latencies.sort();
    Ok(format!(
        r#"{{"flows": {done}, "seconds": {elapsed:.2}, "flows_per_s": {:.0}, "requests": {}, "p50_ms": {}, "p99_ms": {}, "errors": {errors}}}"#,
        done as f64 / elapsed,
        latencies.len(),
        percentile_ms(&latencies, 50),
        percentile_ms(&latencies, 99),
    ))
}

async fn webhooks(api: Arc<Api>, count: usize) -> anyhow::Result<String> {
    let arrived: Arc<Mutex<HashMap<String, Instant>>> = Arc::default();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
    let url = format!("http://{}/hook", listener.local_addr()?);
    let receiver = Router::new().route(
        "/hook",
        post({
            let arrived = arrived.clone();
            move |body: axum::Json<Value>| async move {
                let at = Instant::now();
                // `payment_id` names the flow of a settlement event.
                if let Some(id) = body["payment_id"].as_str() {
                    arrived.lock().unwrap_or_else(|e| e.into_inner()).insert(id.to_owned(), at);
                }
                "ok"
            }
        }),
    );
    tokio::spawn(async move { axum::serve(listener, receiver).await });
    api.post("/v1/webhooks", &json!({"url": url, "events": ["settlement.created"]})).await?;
    let beneficiary = beneficiary(&api).await?;

    let mut sent: Vec<(String, Instant)> = Vec::with_capacity(count);
    let mut ignored = Vec::new();
    for _ in 0..count {
        let quote = accepted_quote(&api, &mut ignored).await?;
        let at = Instant::now();
        let txn = api.post("/v1/transactions", &json!({"quote_id": quote, "beneficiary_id": beneficiary})).await?;
        sent.push((id(&txn)?, at));
    }
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let received = arrived.lock().unwrap_or_else(|e| e.into_inner()).len();
        if received >= count || Instant::now() > deadline {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let arrived = arrived.lock().unwrap_or_else(|e| e.into_inner());
    let mut latencies: Vec<Duration> =
        sent.iter().filter_map(|(id, at)| arrived.get(id).map(|got| got.saturating_duration_since(*at))).collect();
    latencies.sort();
    Ok(format!(
        r#"{{"deliveries": {}, "missing": {}, "p50_ms": {}, "p99_ms": {}, "max_ms": {}}}"#,
        latencies.len(),
        count - latencies.len(),
        percentile_ms(&latencies, 50),
        percentile_ms(&latencies, 99),
        percentile_ms(&latencies, 100),
    ))
}

/// The cookies a response sets, as `name=value` pairs.
fn cookies(response: &reqwest::Response) -> Vec<String> {
    response
        .headers()
        .get_all("set-cookie")
        .iter()
        .filter_map(|v| v.to_str().ok()?.split(';').next().map(str::to_owned))
        .filter(|c| !c.ends_with('='))
        .collect()
}

/// The value of the hidden field `name` in a page.
fn field(html: &str, name: &str) -> Option<String> {
    let marker = format!("name=\"{name}\" value=\"");
    let start = html.find(&marker)? + marker.len();
    Some(html[start..start + html[start..].find('"')?].to_owned())
}

struct ConsolePage {
    username: String,
    password: String,
    application: String,
    seconds: u64,
    interval: Duration,
}

async fn console(api: Arc<Api>, page: ConsolePage) -> anyhow::Result<String> {
    let http = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build()?;
    let form = http.get(format!("{}/console/sign-in", api.base_url)).send().await?;
    let jar = cookies(&form);
    let csrf = field(&form.text().await?, "csrf").ok_or_else(|| anyhow::anyhow!("no sign-in form"))?;
    let signed_in = http
        .post(format!("{}/console/sign-in", api.base_url))
        .header("cookie", jar.join("; "))
        .form(&[("csrf", csrf.as_str()), ("username", &page.username), ("password", &page.password)])
        .send()
        .await?;
    anyhow::ensure!(signed_in.status() == reqwest::StatusCode::SEE_OTHER, "sign-in: {}", signed_in.status());
    let session = cookies(&signed_in).join("; ");
    let url = format!("{}/console/apps/{}/logs", api.base_url, page.application);
    let deadline = Instant::now() + Duration::from_secs(page.seconds);
    let (mut latencies, mut errors) = (Vec::new(), 0u64);
    let mut tick = tokio::time::interval(page.interval);
    while Instant::now() < deadline {
        tick.tick().await;
        let started = Instant::now();
        let answer = http.get(&url).header("cookie", &session).header("x-console-live", "log-rows").send().await;
        match answer {
            Ok(r) if r.status().is_success() => {
                r.bytes().await?;
                latencies.push(started.elapsed());
            }
            other => {
                if errors == 0 {
                    eprintln!("error: {other:?}");
                }
                errors += 1;
            }
        }
    }
    latencies.sort();
    Ok(format!(
        r#"{{"refreshes": {}, "p50_ms": {}, "p99_ms": {}, "errors": {errors}}}"#,
        latencies.len(),
        percentile_ms(&latencies, 50),
        percentile_ms(&latencies, 99),
    ))
}

/// Direct and proxied reads of one customer, alternating blocks.
async fn latency(api: Arc<Api>, proxy: String, requests: usize) -> anyhow::Result<String> {
    let customer = id(&api
        .post(
            "/v1/customers",
            &json!({"type": "business", "legal_name": "Latency Trading LLC", "email": format!("latency-{}@example.com",
                    uuid::Uuid::new_v4().simple()), "country": "AE", "verification_level": "standard",
                    "tax_id": "TRN-1"}),
        )
        .await?)?;
    let path = format!("/v1/customers/{customer}");
    // One connection each way, kept alive, as an integration's client would.
    let direct_client = reqwest::Client::builder().pool_max_idle_per_host(1).build()?;
    let proxy_client = reqwest::Client::builder().pool_max_idle_per_host(1).build()?;
    let direct_url = format!("{}{path}", api.base_url);
    let proxy_url = format!("{}{path}", proxy.trim_end_matches('/'));
    let (mut direct, mut proxied) = (Vec::with_capacity(requests), Vec::with_capacity(requests));
    let (mut errors, mut violations) = (0usize, 0usize);
    const BLOCKS: usize = 20;
    const WARM_UP: usize = 200;
    for block in 0..=BLOCKS {
        let count = if block == 0 { WARM_UP } else { requests / BLOCKS };
        for (client, url, into) in
            [(&direct_client, &direct_url, &mut direct), (&proxy_client, &proxy_url, &mut proxied)]
        {
            for _ in 0..count {
                let started = Instant::now();
                let reply = client.get(url.as_str()).header("X-API-Key", &api.key).send().await?;
                let status = reply.status();
                let flagged = reply.headers().get("x-payctl-violations").is_some_and(|v| v != "0");
                reply.bytes().await?;
                let took = started.elapsed();
                if !status.is_success() {
                    errors += 1;
                    if errors == 1 {
                        eprintln!("error: GET {url}: {status}");
                    }
                }
                violations += usize::from(flagged);
                if block > 0 {
                    into.push(took);
                }
            }
        }
    }
    direct.sort();
    proxied.sort();
    // Microseconds matter here: the percentiles unrounded.
    let ms = |sorted: &[Duration], p: usize| match sorted.len() {
        0 => f64::NAN,
        n => sorted[(n * p).div_ceil(100).clamp(1, n) - 1].as_secs_f64() * 1000.0,
    };
    Ok(format!(
        r#"{{"requests": {}, "direct_p50_ms": {:.3}, "direct_p99_ms": {:.3}, "proxy_p50_ms": {:.3}, "proxy_p99_ms": {:.3}, "added_p50_ms": {:.3}, "added_p99_ms": {:.3}, "errors": {errors}, "violations": {violations}}}"#,
        direct.len(),
        ms(&direct, 50),
        ms(&direct, 99),
        ms(&proxied, 50),
        ms(&proxied, 99),
        ms(&proxied, 50) - ms(&direct, 50),
        ms(&proxied, 99) - ms(&direct, 99),
    ))
}

fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build()?;
    let api = Arc::new(Api {
        http: reqwest::Client::builder().pool_max_idle_per_host(256).build()?,
        base_url: args.base_url.trim_end_matches('/').to_owned(),
        key: args.key,
    });
    let report = runtime.block_on(async move {
        match args.measure {
            Measure::Flows { concurrency, seconds } => flows(api, concurrency, seconds).await,
            Measure::Webhooks { count } => webhooks(api, count).await,
            Measure::Console { username, password, application, seconds, interval_ms } => {
                let interval = Duration::from_millis(interval_ms.max(1));
                console(api, ConsolePage { username, password, application, seconds, interval }).await
            }
            Measure::Latency { proxy, requests } => latency(api, proxy, requests).await,
            Measure::Fairness { username, password, backlog, count, retries } => {
                isolation::fairness(api, isolation::Fairness { username, password, backlog, count, retries }).await
            }
            Measure::Bounds { username, password, control, pid, load } => {
                bounds::run(bounds::Context { api, username, password, control, pid }, load).await
            }
            Measure::Logins { control, username, burst, seconds } => {
                isolation::logins(api, isolation::Logins { control, username, burst, seconds }).await
            }
        }
    })?;
    println!("{report}");
    Ok(())
}
