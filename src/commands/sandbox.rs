//! `payctl sandbox`: serve the API locally until SIGINT or SIGTERM,
//! optionally seeded with fixtures before the ready line; and
//! `payctl sandbox reset`, which wipes a running sandbox back to that
//! seeded state.

use std::io::Write;
use std::path::PathBuf;

use anyhow::Context;
use payctl_sandbox::{Sandbox, SandboxConfig, Storage};
use tracing_subscriber::EnvFilter;

use crate::cli::{Globals, SandboxArgs};
use crate::fixtures::runner::{Credentials, Runner};

#[derive(Debug, clap::Subcommand)]
pub enum SandboxCommand {
    /// Wipe a running sandbox back to its seeded state (POST /sandbox/reset).
    #[command(after_help = RESET_HELP)]
    Reset {
        /// The sandbox's ready line: its base URL and control token.
        #[arg(long, value_name = "FILE")]
        ready: Option<PathBuf>,
    },
}

const RESET_HELP: &str = "Deletes everything created after seeding (the demo data and any --seed fixtures):
customers, beneficiaries, accounts, webhooks, logs, events, keys, users... Seeded records,
this start's ready-line keys and the clock stay.

The control token comes from PAYCTL_CONTROL_TOKEN, else the ready line; the base URL from
--base-url / PAYCTL_BASE_URL, else the ready line, else the profile.

Examples:
  payctl sandbox reset --ready ready.json
  PAYCTL_CONTROL_TOKEN=ctl_... payctl sandbox reset --base-url http://127.0.0.1:4242";

pub async fn run(args: SandboxArgs, globals: &Globals) -> anyhow::Result<()> {
    if let Some(SandboxCommand::Reset { ready }) = &args.command {
        return reset(globals, ready.as_deref()).await;
    }
    // Fixtures are checked before anything starts: a typo is a usage error.
    let mut seeds = Vec::new();
    for file in &args.seed {
        seeds.push(crate::commands::fixtures::load(file)?);
    }
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
    let reset_point = sandbox.reset_point();
    let (abort, aborted) = tokio::sync::oneshot::channel::<()>();
    let serving = tokio::spawn(sandbox.serve(listener, async move {
        tokio::select! {
            _ = shutdown => {}
            _ = aborted => {}
        }
    }));
    if !seeds.is_empty() {
        if let Err(e) = seed(&ready, &seeds).await {
            // The handle shares the sandbox's state, which must go for it to close.
            drop(reset_point);
            let _ = abort.send(());
            let _ = serving.await;
            return Err(e.context("seeding failed; the sandbox stopped"));
        }
        reset_point.mark().await?;
    }
    // The handle shares the sandbox's state, which must go for it to close.
    drop(reset_point);
    if args.json {
        let mut stdout = std::io::stdout().lock();
        serde_json::to_writer(&mut stdout, &ready)?;
        stdout.write_all(b"\n")?;
        stdout.flush()?;
    } else {
        eprintln!(
            "payctl sandbox {version} is ready\n\n  base_url      {base}\n  console       {console}\n  auth_url      {auth}\n  client_id     {client}\n  username      {user}\n  password      {password}\n  partner_id    {partner}\n  TEST app      {test_app}\n  TEST API key  {test_key}\n  LIVE app      {live_app}\n  LIVE API key  {live_key}\n  control token {control}\n  database      {db}\n\nPress Ctrl-C to stop.",
            version = ready.version,
            base = ready.base_url,
            console = ready.console_url,
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
    let served = serving.await.context("the sandbox task failed")?;
    drop(abort);
    served
}

/// Runs the seed fixtures in order with every credential of the ready line.
async fn seed(
    ready: &payctl_wire::sandbox::ReadyLine,
    seeds: &[(String, crate::fixtures::Fixture)],
) -> anyhow::Result<()> {
    let mut runner = Runner::new(&ready.base_url, Credentials::from_ready(ready))?;
    for (label, fixture) in seeds {
        runner.run(label, fixture, false).await.1?;
    }
    Ok(())
}

async fn reset(globals: &Globals, ready: Option<&std::path::Path>) -> anyhow::Result<()> {
    let ctx = crate::context::Ctx::load(globals)?;
    let ready = ready.map(crate::commands::fixtures::read_ready).transpose()?;
    let base = match (&ready, &globals.base_url) {
        (Some(r), None) => {
            reqwest::Url::parse(&r.base_url).map_err(|e| crate::exit::usage(format!("ready line base_url: {e}")))?
        }
        _ => ctx.base_url()?,
    };
    let token =
        std::env::var("PAYCTL_CONTROL_TOKEN").ok().or_else(|| ready.map(|r| r.control_token)).ok_or_else(|| {
            crate::exit::auth(
                "no control token: pass --ready FILE (the sandbox's ready line) or set PAYCTL_CONTROL_TOKEN",
            )
        })?;
    let client = crate::client::Client::new(base, globals.verbose, globals.request_id.clone(), None)?;
    let done = client.call(reqwest::Method::POST, "/sandbox/reset", &crate::client::Auth::Bearer(token), None).await?;
    match ctx.output {
        crate::output::Format::Json => crate::output::json(&done)?,
        crate::output::Format::Table => {
            let total: i64 = done["deleted"].as_object().map_or(0, |m| m.values().filter_map(|v| v.as_i64()).sum());
            println!("Reset: {total} row(s) deleted; sandbox time {}.", done["now"].as_str().unwrap_or("?"));
        }
    }
    Ok(())
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
