//! `payctl proxy`: a proxy in front of any base URL of the API (staging,
//! production, a sandbox) that checks every exchange against the contract
//! (the OpenAPI document), reports violations, and can record the session
//! as a fixture that `payctl fixtures run` replays into a sandbox and
//! `payctl parity` compares a sandbox's answers with.
//!
//! - [`forward`]: one exchange: read, check, forward, check, answer;
//! - [`report`]: violations on stderr and in headers, `-o json` lines, the
//!   summary on exit, and the proxy's own error answers;
//! - [`receiver`]: with `--receiver`, the service's webhook deliveries
//!   relayed to the partner's receiver, their event types recorded.

mod forward;
mod receiver;
mod report;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use clap::Args;

use crate::cli::Globals;
use crate::commands::sandbox::ready_file::ReadyFile;
use crate::contract::Contract;
use crate::exit;
use crate::fixtures::record::Recorder;
use crate::output::Format;

/// The default address: the sandbox's port plus one.
pub const DEFAULT_PORT: u16 = 4243;
/// The receiver side's default address: the proxy's port plus one.
pub const RECEIVER_PORT: u16 = 4244;

pub const EXAMPLES: &str = "Point the integration at the proxy's address (default http://127.0.0.1:4243) instead of \
the API's. Ctrl-C stops it and prints a summary. Exit codes: 0 stopped, 2 usage, 5 the address, the spec or the \
recording file failed.

Examples:
  payctl proxy --upstream https://staging.example --record ticket-123.json
  payctl proxy --upstream https://staging.example --record t.json --receiver http://127.0.0.1:8000
  payctl proxy --upstream http://127.0.0.1:4242 --listen 127.0.0.1:0 --ready-file proxy.json &
  payctl proxy --upstream http://127.0.0.1:4242 --strict      # refuse what breaks the contract
  payctl proxy --upstream http://127.0.0.1:4242 -o json | jq 'select(.violations != [])'";

#[derive(Debug, Args)]
pub struct ProxyArgs {
    /// Base URL every request is forwarded to (staging, production, or a sandbox).
    #[arg(long, value_name = "URL", value_hint = clap::ValueHint::Url)]
    pub upstream: String,
    /// Address to listen on; port 0 picks a free port.
    #[arg(long, value_name = "ADDR", default_value_t = SocketAddr::from(([127, 0, 0, 1], DEFAULT_PORT)))]
    pub listen: SocketAddr,
    /// Record every exchange and its answer as a fixture (secrets never written), replayable with
    /// `payctl fixtures run` and comparable with `payctl parity`.
    #[arg(long, value_name = "FILE")]
    pub record: Option<PathBuf>,
    /// Refuse a request that breaks the contract (400 PROXY_REQUEST_INVALID, not forwarded) and
    /// replace an answer that breaks it (502 PROXY_RESPONSE_INVALID).
    #[arg(long)]
    pub strict: bool,
    /// OpenAPI document (JSON) to check against, instead of the one built in.
    #[arg(long, value_name = "FILE")]
    pub spec: Option<PathBuf>,
    /// Also write `{"proxy_url": ..., "upstream": ...}` to FILE (mode 0600) once listening, as
    /// `payctl sandbox --ready-file` does (its port when listening on :0); removed when it stops.
    #[arg(long, value_name = "FILE")]
    pub ready_file: Option<PathBuf>,
    /// The partner's webhook receiver: listen for the service's deliveries too (point the webhook
    /// endpoint at --receiver-listen), relay each unchanged to this URL, and record each event's
    /// type with --record (compared by `payctl parity`).
    #[arg(long, value_name = "URL", value_hint = clap::ValueHint::Url)]
    pub receiver: Option<String>,
    /// Address the receiver side listens on (with --receiver); port 0 picks a free port.
    #[arg(long, value_name = "ADDR", default_value_t = SocketAddr::from(([127, 0, 0, 1], RECEIVER_PORT)), requires = "receiver")]
    pub receiver_listen: SocketAddr,
    /// Seconds to wait for the upstream's answer before answering 502.
    #[arg(long, value_name = "SECONDS", default_value_t = 60, value_parser = clap::value_parser!(u64).range(1..=3600))]
    pub timeout: u64,
}

pub async fn run(args: ProxyArgs, globals: &Globals) -> anyhow::Result<()> {
    let ready_file = args.ready_file.as_deref().map(ReadyFile::start).transpose()?;
    let outcome = serve(args, globals, ready_file.as_ref()).await;
    if let Some(file) = &ready_file {
        file.finish(&outcome);
    }
    outcome
}

async fn serve(args: ProxyArgs, globals: &Globals, ready_file: Option<&ReadyFile>) -> anyhow::Result<()> {
    let upstream = crate::config::parse_url(&args.upstream, "--upstream").map_err(|e| exit::usage(format!("{e:#}")))?;
    let contract = match &args.spec {
        Some(path) => Contract::from_file(path).map_err(|e| exit::local(format!("--spec: {e:#}")))?,
        None => Contract::embedded()?,
    };
    let shown = report::shown_url(&upstream);
    let receiver_url = args
        .receiver
        .as_deref()
        .map(|url| crate::config::parse_url(url, "--receiver").map_err(|e| exit::usage(format!("{e:#}"))))
        .transpose()?;
    let recorder = args.record.as_deref().map(|path| Recorder::create(path, &shown)).transpose()?;
    if !args.listen.ip().is_loopback() {
        crate::say!(
            "warning: listening on {}, reachable from other machines: anyone who reaches it can call {} through \
             it and read its answers. Use a loopback address (127.0.0.1) unless you mean to share it.",
            args.listen,
            shown,
        );
    }
    crate::limits::raise_open_files();
    let listener = tokio::net::TcpListener::bind(args.listen)
        .await
        .map_err(|e| exit::local(format!("cannot listen on {}: {e}", args.listen)))?;
    let receiver_listener = match &receiver_url {
        Some(_) => Some(
            tokio::net::TcpListener::bind(args.receiver_listen)
                .await
                .map_err(|e| exit::local(format!("cannot listen on {}: {e}", args.receiver_listen)))?,
        ),
        None => None,
    };
    let stop = crate::signals::StopSignal::install()?;
    // Lines only when asked for (a terminal or not); `-o junit` is refused.
    let json = Format::asked(globals.format())? == Some(Format::Json);
    let (recording, writer) = report::Recording::start(recorder);
    let proxy = Arc::new(forward::Proxy::new(
        contract,
        upstream,
        args.strict,
        json,
        Duration::from_secs(args.timeout),
        recording,
    )?);
    let address = listener.local_addr()?;
    let receiver_address = receiver_listener.as_ref().map(|l| l.local_addr()).transpose()?;
    if let Some(file) = ready_file {
        let mut line = serde_json::json!({"proxy_url": format!("http://{address}"), "upstream": shown});
        if let Some(at) = receiver_address {
            line["receiver_url"] = serde_json::json!(format!("http://{at}"));
        }
        file.ready_with(&line)?;
    }
    if let (Some(at), Some(url)) = (receiver_address, &receiver_url) {
        crate::say!(
            "Receiver listening on http://{at}, relaying webhook deliveries to {}{}.",
            report::shown_url(url),
            if args.record.is_some() { "; recording their event types" } else { "" },
        );
    }
    proxy.announce(address);
    let app = axum::Router::new().fallback(forward::handle).with_state(proxy.clone());
    // Both sides stop on the one signal.
    let (stopped, mut on_stop) = tokio::sync::watch::channel(false);
    tokio::spawn(async move {
        stop.wait().await;
        let _ = stopped.send(true);
    });
    let mut on_receiver_stop = on_stop.clone();
    let relay = match (receiver_listener, receiver_url) {
        (Some(listener), Some(url)) => {
            let state = Arc::new(receiver::Receiver::new(url, Duration::from_secs(args.timeout), proxy.clone())?);
            let app = axum::Router::new().fallback(receiver::relay).with_state(state);
            Some(tokio::spawn(payctl_sandbox::serve_bounded(listener, app, async move {
                let _ = on_receiver_stop.wait_for(|s| *s).await;
            })))
        }
        _ => None,
    };
    // The sandbox's own server loop: the same header-read, idle and body
    // timeouts, so half-sent requests cannot pile up here either.
    payctl_sandbox::serve_bounded(listener, app, async move {
        let _ = on_stop.wait_for(|s| *s).await;
    })
    .await;
    if let Some(relay) = relay {
        let _ = relay.await;
    }
    let recorded = proxy.finish();
    drop(proxy);
    let written = writer.finish();
    report::summary(&recorded, &written);
    if let Some(failure) = written.failure {
        return Err(exit::local(failure));
    }
    Ok(())
}
