//! `payctl listen`: receive the service's webhooks on this machine.
//!
//! It serves HTTP on 127.0.0.1 and points the profile's listen endpoint at
//! it ([`endpoint`]: one per profile, kept across runs with its signing
//! secret, created the first time) with the profile's API key (the sandbox
//! accepts `http://` on loopback). It prints the signing secret on stderr
//! (as `stripe listen` does: an app behind `--forward-to` needs it to verify
//! what it gets; `--print-secret` prints it alone, for scripts), verifies
//! every delivery's signature with [`signature`], prints each event (with
//! `--output json`, the raw body as sent), optionally forwards the raw body
//! and headers to the developer's own server, and disables the endpoint on
//! Ctrl-C, SIGTERM or a closed stdout (noticed when the reader goes, not at
//! the next event), so no delivery queues for a receiver that is gone.

mod endpoint;

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
use crate::commands::webhooks::signature::{self, DEFAULT_TOLERANCE_SECS};
use crate::config;
use crate::context::Ctx;
use crate::exit;
use crate::output::Format;

pub const EXAMPLES: &str = "Prints the endpoint's signing secret, then \"Ready\", on stderr once the endpoint is \
registered: give the secret to the app behind --forward-to so it can verify what it receives. The endpoint and its \
secret are the profile's, kept from one run to the next (the secret stays the same), so the app is configured \
once. Each verified event is printed on stdout (with --output json, its raw body as sent, one line each) and, with \
--forward-to, POSTed with its raw body and original headers to that URL. Deliveries whose signature does not \
verify are answered 400 and not forwarded. Ctrl-C, or a reader of stdout that goes away, stops it and disables \
the endpoint until the next run.

Examples:
  payctl listen
  payctl listen --forward-to http://localhost:3000/webhooks \\
      --events settlement.completed,settlement.failed
  payctl listen --output json | jq -r .event
  payctl listen --print-secret > whsec.txt    # the profile's signing secret, for the app";

#[derive(Debug, Args)]
pub struct ListenArgs {
    /// Forward each verified delivery to this URL, raw body and original headers.
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
    let id = kept.endpoint.id.clone();
    let forward = match forward_url {
        Some(url) => Some((reqwest::Client::builder().timeout(FORWARD_TIMEOUT).build()?, url)),
        None => None,
    };
    crate::say!("Listening on http://{local}/webhooks as webhook endpoint {id} ({}).", kept.endpoint.events.join(", "));
    let kept_how = if kept.new { "new, and kept for this profile" } else { "the same as before for this profile" };
    crate::say!("Webhook signing secret: {} ({kept_how}; `payctl listen --print-secret` prints it)", kept.secret);
    let receiver = Arc::new(Receiver {
        secret: kept.secret,
        output: s.ctx.output,
        forward,
        reader_gone: tokio::sync::Notify::new(),
    });
    let gone = receiver.clone();
    let app = Router::new().fallback(receive).with_state(receiver);
    if let Some(url) = &args.forward_to {
        crate::say!("Forwarding verified deliveries to {url}.");
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
    if let Err(why) = signature::verify(&rx.secret, header, &body, DEFAULT_TOLERANCE_SECS, signature::now()) {
        crate::say!("Rejected a delivery: {why}");
        return StatusCode::BAD_REQUEST;
    }
    if let Err(e) = print_event(rx.output, &body) {
        if crate::exit::is_closed_pipe(&e) {
            rx.reader_gone.notify_one();
        } else {
            crate::say!("cannot print an event: {e}");
        }
    }
    if let Some((client, url)) = &rx.forward {
        let mut request = client.post(url.clone()).body(body.clone());
        for (name, value) in &headers {
            if !HOP_HEADERS.contains(&name.as_str()) {
                request = request.header(name.as_str(), value.as_bytes());
            }
        }
        match request.send().await {
            Ok(answer) => crate::say!("  forwarded to {url}: {}", answer.status()),
            Err(e) => crate::say!("  forwarding to {url} failed: {}", crate::client::root_cause(&e)),
        }
    }
    StatusCode::OK
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
