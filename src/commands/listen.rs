//! `payctl listen`: receive the service's webhooks on this machine.
//!
//! It serves HTTP on 127.0.0.1 and points the profile's listen endpoint at
//! it ([`endpoint`]: one per profile, kept across runs with its signing
//! secret, created the first time) with the profile's API key (the sandbox
//! accepts `http://` on loopback). It prints the signing secret on stderr
//! (as `stripe listen` does: an app behind `--forward-to` needs it to verify
//! what it gets; `--print-secret` prints it alone, for scripts), verifies
//! every delivery's signature with [`signature`], prints each event (with
//! `--output json`, the raw body as sent), and disables the endpoint on
//! Ctrl-C, SIGTERM or a closed stdout (noticed when the reader goes, not at
//! the next event), so no delivery queues for a receiver that is gone.
//!
//! With `--forward-to` it is a relay, not a receiver: every delivery,
//! forged or stale ones included, goes to the developer's server with its
//! exact bytes and headers, and the sandbox gets that server's status, so
//! the app does the verifying and the sandbox's verdicts grade the app.
//! Either way [`marks`] says which deliveries a fault shaped and how their
//! answers were judged.

mod endpoint;
mod marks;

use std::io::IsTerminal;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use clap::Args;
use payctl_wire::events::EventType;
use reqwest::Url;
use serde_json::Value;

use crate::commands::resource::{Cred, Session};
use crate::config;
use crate::context::Ctx;
use crate::exit;
use crate::output::Format;
use crate::signature::{self, DEFAULT_TOLERANCE_SECS};

pub const EXAMPLES: &str = "Prints the endpoint's signing secret, then \"Ready\", on stderr once the endpoint is \
registered: give the secret to the app behind --forward-to so it can verify what it receives. The endpoint and its \
secret are the profile's, kept from one run to the next (the secret stays the same), so the app is configured \
once. Each verified event is printed on stdout (with --output json, its raw body as sent, one line each). Without \
--forward-to, deliveries whose signature does not verify (or is more than 300 s old) are answered 400. With \
--forward-to, every delivery, forged ones included, is POSTed with its exact body and headers to that URL and the \
sandbox gets the app's status (502 when the app cannot be reached), so the app does the verifying. A delivery \
that a fault rule shaped (a duplicate, a forged, stale or tampered probe, ...) or whose answer was not what a \
correct receiver gives is marked on stderr with the answer and the sandbox's verdict. Ctrl-C, or a reader of \
stdout that goes away, stops it and disables the endpoint until the next run.

Examples:
  payctl listen
  payctl listen --forward-to http://localhost:3000/webhooks \\
      --events settlement.completed,settlement.failed
  payctl listen --output json | jq -r .event
  payctl listen --print-secret > whsec.txt    # the profile's signing secret, for the app";

#[derive(Debug, Args)]
pub struct ListenArgs {
    /// Forward every delivery to this URL, exact body and headers, and answer with its status.
    #[arg(long, value_name = "URL")]
    pub forward_to: Option<String>,
    /// Event types to receive, comma-separated [default: all].
    #[arg(long, value_delimiter = ',', value_name = "EVENT,...", add = crate::complete::events())]
    pub events: Vec<String>,
    /// Local port to listen on; 0 picks a free one.
    #[arg(long, default_value_t = 0)]
    pub port: u16,
    /// Print the profile's listen signing secret on stdout and exit (creating the endpoint,
    /// disabled, if there is none yet): for scripts that configure the app behind --forward-to.
    #[arg(long)]
    pub print_secret: bool,
}

struct Receiver {
    secret: String,
    output: Format,
    forward: Option<(reqwest::Client, Url)>,
    /// Told when stdout is closed: nobody reads the events any more.
    reader_gone: tokio::sync::Notify,
    attempts: Arc<marks::Attempts>,
}

/// Headers that describe the hop rather than the delivery; the forward sets its own.
const HOP_HEADERS: &[&str] = &["host", "content-length", "connection", "transfer-encoding"];

/// A forward must answer well within the sender's 10 s limit, which the
/// delivery waits on.
const FORWARD_TIMEOUT: Duration = Duration::from_secs(5);

pub async fn run(ctx: Ctx, args: ListenArgs) -> anyhow::Result<()> {
    let forward_url = args.forward_to.as_deref().map(|u| config::parse_url(u, "--forward-to")).transpose()?;
    let events: Vec<String> = if args.events.is_empty() {
        EventType::ALL.iter().map(|e| e.as_str().to_owned()).collect()
    } else {
        args.events
    };
    if args.print_secret {
        let mut s = Session::open(ctx, Cred::Key).await?;
        // Until a run says where it listens, the endpoint points nowhere and delivers nothing.
        let kept = endpoint::take(&mut s, PARKED_URL, events, false).await?;
        crate::say!("The signing secret of webhook endpoint {} (profile {}).", kept.endpoint.id, s.ctx.profile);
        return crate::output::line(&kept.secret);
    }
    // Registered before anything is announced, so a signal right after
    // "Ready" is handled, not fatal.
    let stop = crate::signals::StopSignal::install()?;
    let listener = tokio::net::TcpListener::bind(SocketAddr::from(([127, 0, 0, 1], args.port)))
        .await
        .map_err(|e| exit::usage(format!("cannot listen on 127.0.0.1:{}: {e}", args.port)))?;
    let local = listener.local_addr()?;
    let mut s = Session::open(ctx, Cred::Key).await?;
    let kept = endpoint::take(&mut s, &format!("http://{local}/webhooks"), events, true).await?;
    let s = Arc::new(s);
    let id = kept.endpoint.id.clone();
    let forward = match forward_url {
        Some(url) => Some((reqwest::Client::builder().timeout(FORWARD_TIMEOUT).build()?, url)),
        None => None,
    };
    crate::say!(
        "Listening on http://{local}/webhooks as webhook endpoint {id} ({}).",
        kept.endpoint.events.iter().map(|e| e.as_str()).collect::<Vec<_>>().join(", ")
    );
    let kept_how = if kept.new { "new, and kept for this profile" } else { "the same as before for this profile" };
    crate::say!("Webhook signing secret: {} ({kept_how}; `payctl listen --print-secret` prints it)", kept.secret);
    let receiver = Arc::new(Receiver {
        secret: kept.secret,
        output: s.ctx.output,
        forward,
        reader_gone: tokio::sync::Notify::new(),
        attempts: marks::Attempts::new(s.clone(), id.clone()),
    });
    let gone = receiver.clone();
    let app = Router::new().fallback(receive).with_state(receiver);
    if let Some(url) = &args.forward_to {
        crate::say!("Forwarding every delivery to {url}, forged ones included: the app answers the sandbox.");
    }
    crate::say!("Ready. Press Ctrl-C to stop.");
    let stopped = async move {
        tokio::select! {
            () = stop.wait() => {}
            () = gone.reader_gone.notified() => {}
            () = crate::output::stdout_closed() => {}
        }
    };
    let served = axum::serve(listener, app).with_graceful_shutdown(stopped).await;
    // The endpoint stops receiving whatever happened to the server.
    let parked = endpoint::disable(&s, &id).await;
    served.map_err(|e| anyhow::anyhow!("the local receiver failed: {e}"))?;
    parked?;
    crate::say!("Disabled webhook endpoint {id} until the next `payctl listen`.");
    Ok(())
}

/// Where an endpoint made by `--print-secret` points until a run takes it:
/// loopback, port 9 (discard), and disabled besides.
const PARKED_URL: &str = "http://127.0.0.1:9/webhooks";

async fn receive(State(rx): State<Arc<Receiver>>, headers: HeaderMap, body: Bytes) -> StatusCode {
    let header = headers.get(signature::HEADER).and_then(|v| v.to_str().ok()).unwrap_or("");
    let verified = signature::verify(&rx.secret, header, &body, DEFAULT_TOLERANCE_SECS, signature::now());
    let tag = delivery_tag(&headers, &body);
    match &verified {
        Ok(_) => {
            if let Err(e) = print_event(rx.output, &body) {
                if crate::exit::is_closed_pipe(&e) {
                    rx.reader_gone.notify_one();
                } else {
                    crate::say!("cannot print an event: {e}");
                }
            }
        }
        Err(why) if rx.forward.is_none() => crate::say!("Rejected {tag}: {why}"),
        Err(why) => {
            crate::say!("{tag} does not verify ({why}): forwarded all the same, for the app to refuse.")
        }
    }
    let (answer, answered_by) = match &rx.forward {
        None if verified.is_ok() => (StatusCode::OK, "payctl listen"),
        None => (StatusCode::BAD_REQUEST, "payctl listen"),
        Some((client, url)) => (forward(client, url, &headers, body, &tag).await, "the app"),
    };
    // Marked once the sandbox has recorded the attempt, which is after this answer.
    if let Some(request_id) = headers.get("x-request-id").and_then(|v| v.to_str().ok()) {
        rx.attempts.mark(request_id.to_owned(), answered_by);
    }
    answer
}

/// What every line about a delivery names it by: its event's type and id,
/// and the attempt's `X-Request-ID` (its `request_id` in the delivery list):
/// `settlement.completed evt_… (attempt 4f1c…)`.
fn delivery_tag(headers: &HeaderMap, body: &[u8]) -> String {
    let text = |name: &str| headers.get(name).and_then(|v| v.to_str().ok()).map(crate::output::safe::text);
    let event = text("x-service-event").map_or_else(|| "a delivery".to_owned(), |e| e.into_owned());
    let id = serde_json::from_slice::<serde_json::Value>(body)
        .ok()
        .and_then(|v| v["id"].as_str().map(|id| crate::output::safe::text(id).into_owned()));
    let mut tag = match id {
        Some(id) => format!("{event} {id}"),
        None => event,
    };
    if let Some(attempt) = text("x-request-id") {
        tag.push_str(&format!(" (attempt {attempt})"));
    }
    tag
}

/// Sends the delivery on exactly as it came and answers with the app's
/// status, or 502 when the app gave none (so the sandbox retries it).
async fn forward(client: &reqwest::Client, url: &Url, headers: &HeaderMap, body: Bytes, tag: &str) -> StatusCode {
    let mut request = client.post(url.clone()).body(body);
    for (name, value) in headers {
        if !HOP_HEADERS.contains(&name.as_str()) {
            request = request.header(name.as_str(), value.as_bytes());
        }
    }
    match request.send().await {
        Ok(answer) => {
            crate::say!("{tag}: forwarded to {url}: {}", answer.status());
            StatusCode::from_u16(answer.status().as_u16()).unwrap_or(StatusCode::BAD_GATEWAY)
        }
        Err(e) => {
            crate::say!("{tag}: forwarding to {url} failed: {}", crate::client::root_cause(&e));
            StatusCode::BAD_GATEWAY
        }
    }
}

/// `--output json`: the body exactly as it was sent and signed (made safe
/// only on a terminal, where escapes keep it the same JSON); a table line
/// otherwise.
fn print_event(format: Format, body: &[u8]) -> anyhow::Result<()> {
    let Ok(text) = std::str::from_utf8(body) else {
        crate::say!("A verified delivery whose body is not UTF-8 ({} bytes).", body.len());
        return Ok(());
    };
    match format {
        Format::Json => {
            let raw = text.trim_end_matches(['\n', '\r']);
            if std::io::stdout().is_terminal() {
                crate::output::line(&crate::output::safe::json_text(raw))
            } else {
                crate::output::line(raw)
            }
        }
        Format::Table => {
            let Ok(event) = serde_json::from_str::<Value>(text) else {
                crate::say!("A verified delivery whose body is not JSON ({} bytes).", body.len());
                return Ok(());
            };
            let subject = event
                .as_object()
                .and_then(|m| m.iter().find(|(k, v)| k.ends_with("_id") && v.is_string()))
                .map(|(k, v)| format!(" {k}={}", v.as_str().unwrap_or_default()))
                .unwrap_or_default();
            let text = |f: &str| event[f].as_str().unwrap_or("-").to_owned();
            let line = format!("{}  {}  {}{subject}", text("timestamp"), text("event"), text("id"));
            crate::output::line(&crate::output::safe::text(&line))
        }
    }
}
