//! `payctl sandbox`: serve the API locally until SIGINT or SIGTERM,
//! optionally seeded with fixtures before the ready line, with a banner
//! that ends with the exact command pointing the CLI at it; and the verbs
//! on a running sandbox: `reset` (back to the seeded state), `clock`
//! (show or advance sandbox time), `faults` (rules that make it fail on
//! purpose), `drill` (start or end the faults the go-live review
//! needs), `fork` (a copy of an application's world in a new one),
//! `delete` (a TEST application and its world gone) and `snapshot` (that
//! world as a portable file, saved or loaded); and
//! `wait`, for CI, on a sandbox started with `--ready-file`. A `--seed`
//! file is a fixture, or a snapshot loaded into the TEST application.
//! [`in_memory`] serves a throwaway sandbox inside another command.

mod clock;
mod delete;
mod drill;
mod faults;
mod fork;
pub mod in_memory;
pub mod ready_file;
mod reset;
mod snapshot;
mod wait;

pub use clock::parse_duration;

use std::path::PathBuf;

use anyhow::Context;
use payctl_sandbox::{Keys, Sandbox, SandboxConfig, Storage};
use tracing_subscriber::EnvFilter;

use crate::cli::{Globals, SandboxArgs};
use crate::fixtures::runner::{Credentials, Runner};

#[derive(Debug, clap::Subcommand)]
pub enum SandboxCommand {
    /// Wipe a running sandbox back to its seeded state (POST /sandbox/reset).
    #[command(after_help = reset::HELP)]
    Reset {
        /// The sandbox's ready line: its base URL and control token.
        #[arg(long, value_name = "FILE")]
        ready: Option<PathBuf>,
    },
    /// Show the sandbox clock, or move it forward (`clock advance 3m`).
    #[command(after_help = clock::HELP, args_conflicts_with_subcommands = true)]
    Clock(clock::ClockArgs),
    /// Fault rules: make the sandbox fail on purpose (5xx, 429, timeouts, lost answers).
    #[command(subcommand)]
    Faults(faults::FaultsCommand),
    /// Start or end a drill: the faults the go-live review (`payctl review`) needs to judge a session.
    #[command(subcommand)]
    Drill(drill::DrillCommand),
    /// Fork an application: a new TEST application holding a copy of its world (POST /sandbox/fork).
    #[command(after_help = fork::HELP)]
    Fork(fork::ForkArgs),
    /// Delete a TEST application and its whole world (DELETE /sandbox/applications/{id}).
    #[command(after_help = delete::HELP)]
    Delete {
        /// The TEST application (a fork, a loaded snapshot).
        #[arg(value_name = "APP_ID")]
        id: String,
        /// The sandbox's ready line: its base URL and control token.
        #[arg(long, value_name = "FILE")]
        ready: Option<PathBuf>,
    },
    /// Save an application's world to a file, or load one into a new application.
    #[command(subcommand)]
    Snapshot(snapshot::SnapshotCommand),
    /// Wait for a sandbox started with --ready-file to serve; fail with its error if it died.
    #[command(after_help = wait::HELP)]
    Wait(wait::WaitArgs),
}

pub async fn run(args: SandboxArgs, globals: &Globals) -> anyhow::Result<()> {
    match args.command {
        Some(SandboxCommand::Reset { ready }) => return reset::run(globals, ready.as_deref()).await,
        Some(SandboxCommand::Clock(clock)) => return clock::run(globals, clock).await,
        Some(SandboxCommand::Faults(command)) => return faults::run(globals, command).await,
        Some(SandboxCommand::Drill(command)) => return drill::run(globals, command).await,
        Some(SandboxCommand::Fork(args)) => return fork::run(globals, args).await,
        Some(SandboxCommand::Delete { id, ready }) => return delete::run(globals, &id, ready.as_deref()).await,
        Some(SandboxCommand::Snapshot(command)) => return snapshot::run(globals, command).await,
        Some(SandboxCommand::Wait(args)) => return wait::run(args).await,
        None => {}
    }
    // Written first, so that `sandbox wait` learns of any failure from here on.
    let ready_file = args.ready_file.as_deref().map(ready_file::ReadyFile::start).transpose()?;
    let json = crate::output::Format::asked(globals.format())? == Some(crate::output::Format::Json);
    let outcome = serve(args, json, ready_file.as_ref()).await;
    if let Some(file) = &ready_file {
        file.finish(&outcome);
    }
    outcome
}

/// Serves until SIGINT or SIGTERM; the ready line goes to the terminal
/// (or stdout with `--json`) and to the ready file, if any.
async fn serve(
    args: SandboxArgs,
    globals_json: bool,
    ready_file: Option<&ready_file::ReadyFile>,
) -> anyhow::Result<()> {
    // Fixtures are checked before anything starts: a typo is a usage error.
    let mut seeds = Vec::new();
    for file in &args.seed {
        seeds.push(match snapshot::read_if_snapshot(file)? {
            Some(snapshot) => Seed::Snapshot(file.display().to_string(), snapshot),
            None => {
                let (label, fixture) = crate::commands::fixtures::load(file)?;
                Seed::Fixture(label, fixture)
            }
        });
    }
    // Warnings and errors unless PAYCTL_LOG says otherwise; a plain level
    // needs none of the directive parsing a filter from the variable does.
    let log = tracing_subscriber::fmt().with_writer(std::io::stderr);
    match EnvFilter::try_from_env("PAYCTL_LOG") {
        Ok(filter) => log.with_env_filter(filter).init(),
        Err(_) => log.with_max_level(tracing_subscriber::filter::LevelFilter::WARN).init(),
    }
    // Every connection is a descriptor: the most the system allows.
    crate::limits::raise_open_files();
    let storage = match args.db {
        _ if args.in_memory => Storage::Memory,
        Some(storage) => storage,
        None => Storage::File(default_database()?),
    };
    if let Storage::Postgres(url) = &storage {
        url.check().map_err(|e| crate::exit::usage(format!("--db: {e:#}")))?;
    }
    // Every start sets the demo user's password: processes that share a
    // database must all set the same one, or each start would lock the
    // others' ready lines out.
    if storage.is_shared() && !args.listen.ip().is_loopback() && args.demo_password.is_none() {
        return Err(crate::exit::usage(format!(
            "a sandbox on PostgreSQL listening on {} needs --demo-password (or PAYCTL_SANDBOX_DEMO_PASSWORD), the \
             same for every process that shares the database: each start sets the demo user's password",
            args.listen
        )));
    }
    if !args.listen.ip().is_loopback() {
        crate::say!(
            "warning: listening on {}, reachable from other machines. The demo user's password is {} (see the \
             ready line); use a loopback address (127.0.0.1) unless you mean to share it.",
            args.listen,
            if args.demo_password.is_some() { "the one given" } else { "random" }
        );
    }
    // The database first: a second sandbox on the same file is refused
    // with the first one's address, not with "address in use" on its port.
    let keys = Keys { file: args.key_file.clone(), accepted: args.accept_key_file.clone(), reset: args.reset_secrets };
    let mut sandbox = Sandbox::open_with_keys(SandboxConfig { storage, rate_limit: args.rate_limit.0 }, keys)
        .await
        .context("cannot start the sandbox")?
        .with_allowed_hosts(args.allowed_host.clone());
    if let Some(password) = demo_password(args.listen, args.demo_password.as_deref()) {
        sandbox.set_demo_password(&password).await.context("cannot start the sandbox")?;
    }
    if let Some(reset) = sandbox.secrets_reset() {
        crate::say!(
            "warning: --reset-secrets: the database now has a new key file. {} webhook endpoint(s) cannot sign \
             deliveries until their secret is rotated (POST /v1/webhooks/{{id}}/secret/rotate, or `payctl webhooks \
             rotate-secret ID`); their deliveries fail meanwhile, saying so. {} stored Idempotency-Key answer(s) were \
             dropped, and tokens and console forms from before no longer work.",
            reset.endpoints,
            reset.answers_dropped
        );
    }
    if let (Some(sealed_again), Some(accepted)) = (sandbox.sealed_again(), &args.accept_key_file) {
        crate::say!(
            "note: the key in {} is still accepted beside this one: what it sealed opens and what it signed \
             verifies. {sealed_again} webhook signing secret(s) were sealed again under this key. Stop accepting it \
             once every process uses this key and the answers it sealed have expired (24 hours).",
            accepted.display()
        );
    }
    let listener = tokio::net::TcpListener::bind(args.listen)
        .await
        .with_context(|| format!("cannot listen on {}", args.listen))?;
    // Signal handlers go in before the ready line: a script may send
    // SIGTERM the moment it has read it.
    let shutdown = shutdown_signal()?;
    let ready = sandbox.ready_line(listener.local_addr()?);
    let reset_point = sandbox.reset_point();
    let owns_reset_point = sandbox.owns_reset_point();
    let (abort, aborted) = tokio::sync::oneshot::channel::<()>();
    let serving = tokio::spawn(sandbox.serve(listener, async move {
        tokio::select! {
            _ = shutdown => {}
            _ = aborted => {}
        }
    }));
    if !seeds.is_empty() && !owns_reset_point {
        crate::say!(
            "note: the database already holds what another process set up, --seed included; the seed files are not \
             applied again"
        );
    } else if !seeds.is_empty() {
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
    if let Some(file) = ready_file
        && let Err(e) = file.ready(&ready)
    {
        let _ = abort.send(());
        let _ = serving.await;
        return Err(e.context("the sandbox stopped"));
    }
    // `--json` (or `-o json`): the ready line on stdout, for scripts.
    if globals_json {
        crate::output::json_line(&ready)?;
    } else {
        crate::say!(
            "payctl sandbox {version} is ready\n\n  base_url      {base}\n  console       {console}\n  auth_url      {auth}\n  client_id     {client}\n  username      {user}\n  password      {password}\n  partner_id    {partner}\n  TEST app      {test_app}\n  TEST API key  {test_key}\n  LIVE app      {live_app}\n  LIVE API key  {live_key}\n  control token {control}\n  database      {db}\n\n{next}\n\nPress Ctrl-C to stop.",
            next = next_steps(&ready),
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

/// The demo user's password when it is not the published one: the one
/// given, else a random one on an address other machines can reach.
fn demo_password(listen: std::net::SocketAddr, given: Option<&str>) -> Option<String> {
    match given {
        Some(password) => Some(password.to_owned()),
        None if listen.ip().is_loopback() => None,
        None => Some(format!("payctl-{}", uuid::Uuid::new_v4().simple())),
    }
}

/// Runs the seed fixtures in order with every credential of the ready line.
/// A `--seed` file: a fixture, or a snapshot (`payctl-snapshot/...`).
enum Seed {
    Fixture(String, crate::fixtures::Fixture),
    Snapshot(String, serde_json::Value),
}

/// Runs the fixtures; loads each snapshot into the ready line's TEST
/// application (which must hold nothing yet).
async fn seed(ready: &payctl_wire::sandbox::ReadyLine, seeds: &[Seed]) -> anyhow::Result<()> {
    let mut runner = Runner::new(&ready.base_url, Credentials::from_ready(ready))?;
    for seed in seeds {
        match seed {
            Seed::Fixture(label, fixture) => runner.run(label, fixture, false).await.1?,
            Seed::Snapshot(label, document) => snapshot::seed(ready, document)
                .await
                .map_err(|e| crate::exit::with_code(crate::exit::code_for(&e), format!("{label}: {e}")))?,
        }
    }
    Ok(())
}

/// What the banner ends with: the commands that point the CLI at this
/// sandbox with its TEST key, copied as they are.
fn next_steps(ready: &payctl_wire::sandbox::ReadyLine) -> String {
    format!(
        "Next, in another terminal: store the TEST key in your profile, then log in for apps, keys and pricing:\n  \
         payctl config init --base-url {} --api-key {} --app {}\n  \
         payctl login --username {}",
        ready.base_url, ready.test_api_key, ready.test_application_id, ready.username
    )
}

/// A running sandbox, as `reset`, `clock`, `faults`, `drill` and `payctl
/// review` reach it: its base URL and credentials by the rules of `payctl
/// fixtures run` ([`crate::commands::fixtures::credentials`]).
pub struct Running {
    pub ctx: crate::context::Ctx,
    creds: crate::fixtures::runner::Credentials,
    pub client: crate::client::Client,
}

impl Running {
    pub fn open(globals: &Globals, ready: Option<&std::path::Path>) -> anyhow::Result<Running> {
        let ctx = crate::context::Ctx::load(globals)?;
        let ready = ready.map(crate::commands::fixtures::read_ready).transpose()?;
        let (base, creds) = crate::commands::fixtures::credentials(&ctx, ready.as_ref())?;
        let client = crate::client::Client::new(base, globals.verbose, globals.request_id.clone(), None)?
            .with_idempotency_key(globals.idempotency_key.clone());
        Ok(Running { ctx, creds, client })
    }

    /// `PAYCTL_CONTROL_TOKEN`, else the ready line's.
    pub fn control(&self) -> anyhow::Result<crate::client::Auth> {
        self.creds.control.clone().map(crate::client::Auth::Bearer).ok_or_else(|| {
            crate::exit::auth(
                "no control token: pass --ready FILE (the sandbox's ready line) or set PAYCTL_CONTROL_TOKEN",
            )
        })
    }

    /// `--api-key` / `PAYCTL_API_KEY`, else the ready line's TEST key, else
    /// the profile's (whose absence the profile's lookup explains).
    pub fn key(&self) -> anyhow::Result<crate::client::Auth> {
        match &self.creds.test_key {
            Some(key) => Ok(crate::client::Auth::Key(key.clone())),
            None => self.ctx.api_key(),
        }
    }

    /// The shared [`Session`](crate::commands::resource::Session) of the
    /// resource commands, with the TEST key.
    fn key_session(self) -> anyhow::Result<crate::commands::resource::Session> {
        let auth = self.key()?;
        Ok(crate::commands::resource::Session { ctx: self.ctx, client: self.client, auth })
    }

    /// The shared session with the control token.
    fn control_session(self) -> anyhow::Result<crate::commands::resource::Session> {
        let auth = self.control()?;
        Ok(crate::commands::resource::Session { ctx: self.ctx, client: self.client, auth })
    }
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
