//! `payctl listen`: receive the service's webhooks on this machine.
//!
//! It serves HTTP on 127.0.0.1, registers a webhook endpoint pointing at it
//! with the profile's API key (the sandbox accepts `http://` on loopback),
//! keeps the endpoint's secret in memory only, verifies every delivery's
//! signature with [`signature`], prints each event, optionally forwards the
//! raw body and headers to the developer's own server, and deletes the
//! endpoint on Ctrl-C or SIGTERM so no stale endpoint keeps collecting
//! failed deliveries.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use clap::Args;
use payctl_wire::events::EventType;
use payctl_wire::webhooks::{CreateWebhook, WebhookWithSecret};
use reqwest::{Method, Url};
use serde_json::Value;

use crate::commands::resource::{Cred, Session};
use crate::commands::webhooks::signature::{self, DEFAULT_TOLERANCE_SECS};
use crate::config;
use crate::context::Ctx;
use crate::exit;
use crate::output::Format;

pub const EXAMPLES: &str =
    "Prints \"Ready\" on stderr once the endpoint is registered. Each verified event is printed on
stdout (one JSON line with --output json) and, with --forward-to, POSTed with its raw body and original headers to
that URL. Deliveries whose signature does not verify are answered 400 and not forwarded. Ctrl-C deletes the endpoint.

Examples:
  payctl listen
  payctl listen --forward-to http://localhost:3000/webhooks --events settlement.completed,settlement.failed
  payctl listen --output json | jq -r .event";

#[derive(Debug, Args)]
pub struct ListenArgs {
    /// Forward each verified delivery to this URL, raw body and original headers.
    #[arg(long, value_name = "URL")]
    pub forward_to: Option<String>,
    /// Event types to receive, comma-separated [default: all].
    #[arg(long, value_delimiter = ',', value_name = "EVENT,...")]
    pub events: Vec<String>,
    /// Local port to listen on; 0 picks a free one.
    #[arg(long, default_value_t = 0)]
    pub port: u16,
}

struct Receiver {
    secret: String,
    output: Format,
    forward: Option<(reqwest::Client, Url)>,
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
    // Registered before anything is announced, so a signal right after
    // "Ready" is handled, not fatal.
    let stop = crate::signals::StopSignal::install()?;
    let listener = tokio::net::TcpListener::bind(SocketAddr::from(([127, 0, 0, 1], args.port)))
        .await
        .map_err(|e| exit::usage(format!("cannot listen on 127.0.0.1:{}: {e}", args.port)))?;
    let local = listener.local_addr()?;
    let s = Session::open(ctx, Cred::Key).await?;
    let body = serde_json::to_value(CreateWebhook {
        url: format!("http://{local}/webhooks"),
        description: Some("payctl listen".to_owned()),
        events,
    })?;
    let created: WebhookWithSecret = s.call(Method::POST, "/v1/webhooks", Some(&body)).await?;
    let id = created.endpoint.id.clone();
    let forward = match forward_url {
        Some(url) => Some((reqwest::Client::builder().timeout(FORWARD_TIMEOUT).build()?, url)),
        None => None,
    };
    let receiver = Arc::new(Receiver { secret: created.secret, output: s.ctx.output, forward });
    let app = Router::new().fallback(receive).with_state(receiver);
    crate::say!(
        "Listening on http://{local}/webhooks as webhook endpoint {id} ({}).",
        created.endpoint.events.join(", ")
    );
    if let Some(url) = &args.forward_to {
        crate::say!("Forwarding verified deliveries to {url}.");
    }
    crate::say!("Ready. Press Ctrl-C to stop.");
    let served = axum::serve(listener, app).with_graceful_shutdown(stop.wait()).await;
    // The endpoint goes whatever happened to the server.
    let deleted = s.client.call(Method::DELETE, &format!("/v1/webhooks/{id}"), &s.auth, None).await;
    served.map_err(|e| anyhow::anyhow!("the local receiver failed: {e}"))?;
    deleted
        .map_err(|e| e.context(format!("could not delete webhook endpoint {id}; run `payctl webhooks delete {id}`")))?;
    crate::say!("Deleted webhook endpoint {id}.");
    Ok(())
}

async fn receive(State(rx): State<Arc<Receiver>>, headers: HeaderMap, body: Bytes) -> StatusCode {
    let header = headers.get(signature::HEADER).and_then(|v| v.to_str().ok()).unwrap_or("");
    if let Err(why) = signature::verify(&rx.secret, header, &body, DEFAULT_TOLERANCE_SECS, signature::now()) {
        crate::say!("Rejected a delivery: {why}");
        return StatusCode::BAD_REQUEST;
    }
    print_event(rx.output, &body);
    if let Some((client, url)) = &rx.forward {
        let mut request = client.post(url.clone()).body(body.clone());
        for (name, value) in &headers {
            if !HOP_HEADERS.contains(&name.as_str()) {
                request = request.header(name.as_str(), value.as_bytes());
            }
        }
        match request.send().await {
            Ok(answer) => crate::say!("  forwarded to {url}: {}", answer.status()),
            Err(e) => crate::say!("  forwarding to {url} failed: {e}"),
        }
    }
    StatusCode::OK
}

fn print_event(format: Format, body: &[u8]) {
    let Ok(event) = serde_json::from_slice::<Value>(body) else {
        crate::say!("A verified delivery whose body is not JSON ({} bytes).", body.len());
        return;
    };
    match format {
        Format::Json => println!("{event}"),
        Format::Table => {
            let subject = event
                .as_object()
                .and_then(|m| m.iter().find(|(k, v)| k.ends_with("_id") && v.is_string()))
                .map(|(k, v)| format!(" {k}={}", v.as_str().unwrap_or_default()))
                .unwrap_or_default();
            let text = |f: &str| event[f].as_str().unwrap_or("-").to_owned();
            println!("{}  {}  {}{subject}", text("timestamp"), text("event"), text("id"));
        }
    }
}
