//! `payctl sandbox`: serve the API locally until SIGINT or SIGTERM.

use std::io::Write;
use std::path::PathBuf;

use anyhow::Context;
use payctl_sandbox::{Sandbox, SandboxConfig, Storage};
use tracing_subscriber::EnvFilter;

use crate::cli::SandboxArgs;

pub async fn run(args: SandboxArgs) -> anyhow::Result<()> {
    tracing_subscriber::fmt()
        .with_env_filter(EnvFilter::try_from_env("PAYCTL_LOG").unwrap_or_else(|_| EnvFilter::new("warn")))
        .with_writer(std::io::stderr)
        .init();
    let storage = if args.in_memory {
        Storage::Memory
    } else {
        Storage::File(match args.db {
            Some(path) => path,
            None => default_database()?,
        })
    };
    if !args.listen.ip().is_loopback() {
        eprintln!(
            "warning: listening on {}, reachable from other machines. The sandbox has demo credentials; \
             use a loopback address (127.0.0.1) unless you mean to share it.",
            args.listen
        );
    }
    let listener = tokio::net::TcpListener::bind(args.listen)
        .await
        .with_context(|| format!("cannot listen on {}", args.listen))?;
    let sandbox = Sandbox::open(SandboxConfig { storage, rate_limit: args.rate_limit.0 })
        .await
        .context("cannot start the sandbox")?;
    // Signal handlers go in before the ready line: a script may send
    // SIGTERM the moment it has read it.
    let shutdown = shutdown_signal()?;
    let ready = sandbox.ready_line(listener.local_addr()?);
    if args.json {
        let mut stdout = std::io::stdout().lock();
        serde_json::to_writer(&mut stdout, &ready)?;
        stdout.write_all(b"\n")?;
        stdout.flush()?;
    } else {
        eprintln!(
            "payctl sandbox {version} is ready\n\n  base_url      {base}\n  auth_url      {auth}\n  client_id     {client}\n  username      {user}\n  password      {password}\n  partner_id    {partner}\n  TEST app      {test_app}\n  TEST API key  {test_key}\n  LIVE app      {live_app}\n  LIVE API key  {live_key}\n  control token {control}\n  database      {db}\n\nPress Ctrl-C to stop.",
            version = ready.version,
            base = ready.base_url,
            auth = ready.auth_url,
            client = ready.client_id,
            user = ready.username,
            password = ready.password,
            partner = ready.partner_id,
            test_app = ready.test_application_id,
            test_key = ready.test_api_key,
            live_app = ready.live_application_id,
            live_key = ready.live_api_key,
            control = ready.control_token,
            db = ready.database,
        );
    }
    sandbox.serve(listener, shutdown).await
}

fn default_database() -> anyhow::Result<PathBuf> {
    let dirs = directories::ProjectDirs::from("dev", "payctl", "payctl")
        .context("cannot find a data directory for this user; pass --db PATH or --in-memory")?;
    Ok(dirs.data_dir().join("sandbox.db"))
}

/// Registers for SIGINT and SIGTERM now; the future resolves on the first.
#[cfg(unix)]
fn shutdown_signal() -> anyhow::Result<impl std::future::Future<Output = ()>> {
    use tokio::signal::unix::{SignalKind, signal};
    let mut interrupt = signal(SignalKind::interrupt()).context("cannot listen for SIGINT")?;
    let mut terminate = signal(SignalKind::terminate()).context("cannot listen for SIGTERM")?;
    Ok(async move {
        tokio::select! {
            _ = interrupt.recv() => {}
            _ = terminate.recv() => {}
        }
    })
}

#[cfg(not(unix))]
fn shutdown_signal() -> anyhow::Result<impl std::future::Future<Output = ()>> {
    Ok(async {
        let _ = tokio::signal::ctrl_c().await;
    })
}
