//! The payments API, served in-process over SQLite.
//!
//! `payctl sandbox` runs this crate; tests embed it on `127.0.0.1:0`.
//! [`Sandbox::open`] prepares the database (migrations, demo data, fresh
//! keys) and [`Sandbox::serve`] answers requests until its shutdown future
//! resolves, then finishes in-flight requests and closes the database.
//!
//! The crate is closed: its modules are private, and this root is its
//! interface (what the CLI runs a sandbox with), besides [`testing`], what
//! tests check inside it. A ratchet test holds both.
//!
//! # Layout
//! - [`api`]: HTTP handlers, one module per noun; the route table
//!   (`api::routes`) from which the router and the OpenAPI document are
//!   built; each operation's layers as one middleware (`api::layers`).
//!   A handler parses its request into the typed value its work takes
//!   (every bad field in one 400), makes one call into a flow (`New*` for
//!   the money and customer flows) or the store for its work (a fault rule
//!   or a snapshot's load first finds the endpoint or partner it names),
//!   and builds the view.
//! - [`operation`]: what an operation is (credential, purpose, error
//!   dialect, `Idempotency-Key` rule) and the lookup by id or path: what
//!   the layers beneath the handlers read, so only `api`, the console and
//!   this facade import `api`.
//! - [`console`]: the web console at `/console`: server-rendered pages
//!   that read on reader connections and act through the API router.
//! - [`auth`]: bearer tokens (the emulated identity provider), API keys and
//!   the control token; middleware that identifies the caller; the guard
//!   that bounds password hashing and throttles failed sign-ins; `payctl`'s
//!   signed reads on its own behalf, and the one answer to "is this the
//!   partner's integration talking" (`auth::principal::speaker`).
//! - [`flows`]: every state machine (quotes, transactions, payments,
//!   transfers and swaps, customer verification and what happens next in
//!   it): moves and triggers over the states of `payctl_domain::states`,
//!   one exhaustive step function each, and the engine that carries a step
//!   out (row, postings, events, timed moves, timeline) in one transaction;
//!   opening accounts and wallets; which beneficiary a payout may pay.
//! - [`store`]: SQL, one module per noun, rows in and rows out: it owns
//!   its rows (an event, a stored key, a priced quote, a log record, a page
//!   request) and imports nothing of the crate above it, only `db`,
//!   `error`, `ids`, `secrets` and `clock` (and `payctl_domain`). Paging
//!   for every list is `store::paging` (a noun states its query, the cursor
//!   is added there); the 404 of a record (code and noun) is the `impl
//!   Owned` beside its SQL, and every lookup by public id that answers a
//!   record's 404 goes through `store::owned`, flows' `current` included
//!   (the console, which shows its own page for what is missing, and
//!   sign-in find records directly; the few other finds answer no 404, and
//!   a test lists them). [`db`]: the writer thread, the
//!   reader pool (an in-memory database's reads on the caller's thread when
//!   its connection is free), the migrations, and the database's files on disk
//!   (owner-only modes, the lock that allows one process per file, start-up
//!   failures explained), a full disk answered with 507.
//! - [`idempotency`]: the `Idempotency-Key` layer for every POST: one
//!   request per key at a time, answers committed with the work, secrets
//!   shown once withheld from replays.
//! - [`ledger`]: double-entry postings; balances that always sum to zero.
//! - [`quoting`]: rates (an application's override, the global one, the
//!   table), the markup that applies and fees for every quote form and
//!   transfer kind, and the fee simulation; nothing that delivers nothing is
//!   priced.
//! - [`schedule`]: the runner of timed moves (what a move does is `flows`').
//! - [`events`]: the outbox that records events with the change causing them.
//! - [`http`]: the server loop (HTTP/1.1, header-read, body-read and idle
//!   timeouts, graceful shutdown), the `Host` check against DNS
//!   rebinding, request ids, extractors that fail with the API's
//!   envelope (duplicate members refused), the page request and its opaque
//!   cursor (the SQL is `store::paging`), fallbacks, the hot header names
//!   and the `X-Sandbox-Clock` header. [`error`]: that envelope.
//! - [`clock`], [`ids`], [`secrets`]: sandbox time (a global clock and one
//!   per TEST application), public ids, randomness.
//! - The pure rules (addresses, IBANs, countries, e-mail addresses,
//!   assets, exact decimals, money in minor units, pricing arithmetic,
//!   corridors and rates, the account support matrix, who a payout may pay,
//!   text, timestamps, when a fault rule fires, how the go-live review
//!   judges a session, every flow's states, secret shapes, redaction, log
//!   export) are the `payctl-domain` crate, which the CLI shares; the
//!   vocabularies (states, kinds, networks...) are `payctl_wire` enums.
//! - [`seed`]: the demo user, partner, applications and keys; [`reset`]:
//!   back to the seeded state; [`fork`]: a new TEST application holding a
//!   copy of another's world (the copy's SQL is `store::fork`);
//!   [`snapshot`]: a world as a portable JSON document, and loading one. [`state`]: what every handler shares.
//! - [`webhooks`]: endpoints (the limit per application, secrets minted and
//!   sealed), signatures, and the delivery dispatcher (fair shares per
//!   endpoint and per application).
//! - [`faults`]: fault rules, and the faults they inject into a TEST
//!   application's requests.
//! - [`rate_limit`], [`request_log`]: per-key limits and the request log of
//!   every key-authenticated request, redacted by `payctl_domain::redact`,
//!   and the go-live review's last answer and turn per application.
//! - [`testing`]: for tests only, what they check inside the crate.

mod api;
mod auth;
mod clock;
mod console;
mod db;
mod error;
mod events;
mod faults;
mod flows;
mod fork;
mod http;
mod idempotency;
mod ids;
mod ledger;
mod operation;
mod quoting;
mod rate_limit;
mod request_log;
mod reset;
mod schedule;
mod secrets;
mod seed;
mod snapshot;
mod state;
mod store;
pub mod testing;
mod webhooks;

use std::future::Future;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};
use std::sync::OnceLock;

use anyhow::Context;
use payctl_wire::DASHBOARD_CLIENT_ID;
use payctl_wire::sandbox::ReadyLine;

pub use db::{PgUrl, Storage};
pub use rate_limit::RateLimits;
pub use reset::ResetPoint;

use crate::db::{Db, DbThreads};
pub use crate::secrets::Keys;
use crate::secrets::MasterKey;
use crate::state::{AppState, SandboxState};

/// The port `payctl sandbox` listens on by default.
pub const DEFAULT_PORT: u16 = 4242;

/// The OpenAPI document the sandbox serves at `/v1/openapi.json`.
pub fn openapi_document() -> utoipa::openapi::OpenApi {
    api::openapi()
}

/// The `operationId`s of the partner API (the operations a fault rule can
/// name: called with an API key, and not `/sandbox/...`).
pub fn partner_operation_ids() -> Vec<String> {
    api::routes::table()
        .into_iter()
        .map(|d| d.operation)
        .filter(|op| op.is_partner_api())
        .map(|op| op.id().to_owned())
        .collect()
}

/// Serves `router` on `listener` with the sandbox's own server loop and its
/// bounds (a request head within 10 s, no body stalled for 10 s, idle
/// connections closed after 10 s) until `shutdown` resolves: what `payctl
/// proxy` listens with.
pub async fn serve_bounded(
    listener: tokio::net::TcpListener,
    router: axum::Router,
    shutdown: impl Future<Output = ()> + Send + 'static,
) {
    http::server::serve(listener, router, http::server::HEADER_READ_TIMEOUT, shutdown).await;
}

/// How to run a sandbox.
#[derive(Debug, Clone)]
pub struct SandboxConfig {
    pub storage: Storage,
    /// Per-key rate limits; `None` turns them off.
    pub rate_limit: Option<rate_limit::RateLimits>,
}

impl SandboxConfig {
    /// The defaults: 100 requests per minute and 5,000 per hour per key.
    pub fn new(storage: Storage) -> Self {
        SandboxConfig { storage, rate_limit: Some(rate_limit::RateLimits::default()) }
    }
}

/// A prepared sandbox, ready to serve.
pub struct Sandbox {
    state: AppState,
    router: axum::Router,
    threads: DbThreads,
    log_writer: request_log::Writer,
    control_token: String,
    seeded: seed::Seeded,
    /// Held until the database is closed: one process per database file.
    lock: Option<db::files::DatabaseLock>,
    header_read_timeout: std::time::Duration,
    secrets_reset: Option<SecretsReset>,
    /// Webhook signing secrets sealed again under the key at this start,
    /// when another key is accepted beside it (a rotation).
    sealed_again: Option<usize>,
    /// The demo user's password this start (the published one unless
    /// [`Sandbox::set_demo_password`] chose another).
    demo_password: String,
    /// Host names requests may name besides loopback and the listen address.
    allowed_hosts: Vec<String>,
    /// Whether this start set the reset point (see [`Sandbox::owns_reset_point`]).
    owns_reset_point: bool,
}

/// What a start with a new key (`--reset-secrets`) left behind.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SecretsReset {
    /// Webhook endpoints whose signing secret must be rotated before they
    /// receive anything again.
    pub endpoints: i64,
    /// Stored `Idempotency-Key` answers dropped (retries run again).
    pub answers_dropped: usize,
}

impl Sandbox {
    /// Opens and migrates the database, seeds it when empty, and mints this
    /// start's keys and control token. A database file another sandbox
    /// holds is refused before anything in it is touched, and so is one
    /// that holds data without its key file.
    pub async fn open(config: SandboxConfig) -> anyhow::Result<Sandbox> {
        Self::open_with_keys(config, Keys::default()).await
    }

    /// [`Sandbox::open`], saying where the master key comes from ([`Keys`]).
    /// [`Keys::reset`] starts over with a new key (`--reset-secrets`): then
    /// what the old key sealed cannot be opened, stored `Idempotency-Key`
    /// answers are dropped, and every webhook endpoint's signing secret
    /// stays unusable until rotated ([`Sandbox::secrets_reset`] says how
    /// many). With [`Keys::accepted`], webhook signing secrets sealed under
    /// the accepted key are sealed again under the key
    /// ([`Sandbox::sealed_again`]).
    pub async fn open_with_keys(config: SandboxConfig, keys: Keys) -> anyhow::Result<Sandbox> {
        if let Storage::Postgres(url) = &config.storage {
            // The driver blocks on a runtime of its own: off this one.
            let opening = url.clone();
            let (db, threads) = tokio::task::spawn_blocking(move || Db::open_postgres(&opening)).await??;
            // Seeding comes after the key file is made: a start that finds
            // the database seeded finds the first start's key file too.
            let seeded = db.read(|conn| Ok(store::settings::get(conn, store::settings::SEED_USER)?.is_some())).await?;
            let master_key = MasterKey::open_shared(&keys, url, !seeded)?;
            return Self::start(config, keys, master_key, None, (db, threads)).await;
        }
        let (master_key, lock) = match &config.storage {
            Storage::Postgres(_) => unreachable!("opened above"),
            Storage::Memory => (MasterKey::open(&keys, None)?, None),
            Storage::File(path) => {
                let explain = |e| db::files::explain(path, e);
                if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
                    std::fs::create_dir_all(dir)
                        .with_context(|| format!("cannot create the data directory {}", dir.display()))
                        .map_err(explain)?;
                }
                let lock = db::files::DatabaseLock::acquire(path).map_err(explain)?;
                db::files::check_header(path)?;
                (MasterKey::open(&keys, Some(path)).map_err(explain)?, Some(lock))
            }
        };
        let (db, threads) = Db::open(&config.storage).map_err(|e| match &config.storage {
            Storage::File(path) => db::files::explain(path, e),
            _ => e,
        })?;
        Self::start(config, keys, master_key, lock, (db, threads)).await
    }

    /// Everything after the database is open and the key known. A start on
    /// a database other processes share leaves the reset point where the
    /// start that seeded it put it.
    async fn start(
        config: SandboxConfig,
        keys: Keys,
        master_key: MasterKey,
        lock: Option<db::files::DatabaseLock>,
        (db, threads): (Db, DbThreads),
    ) -> anyhow::Result<Sandbox> {
        let secrets_reset = match (keys.reset, &config.storage) {
            (true, Storage::File(_) | Storage::Postgres(_)) => Some(
                db.write(|tx| {
                    Ok(SecretsReset {
                        answers_dropped: idempotency::forget_all(tx)?,
                        endpoints: store::webhooks::count_all(tx)?,
                    })
                })
                .await?,
            ),
            _ => None,
        };
        let sealed_again = if master_key.accepts_another() {
            let master = master_key.clone();
            Some(db.write(move |tx| webhooks::seal_again(tx, &master)).await?)
        } else {
            None
        };
        let clock = std::sync::Arc::new(db.read(store::applications::load_clocks).await?);

        let now = clock.now();
        let seeded = db.write(move |tx| seed::seed(tx, seed::DEMO_PASSWORD_HASH, now)).await?;
        // Until `--seed` fixtures move it, a reset returns to the demo data.
        let owns_reset_point = seeded.created || !config.storage.is_shared();
        if owns_reset_point {
            db.write(reset::mark).await?;
        }
        // A shared database's keys are looked up where they are (see
        // `auth::api_keys::authenticate`): no index to build.
        let stored_keys = if config.storage.is_shared() {
            Vec::new()
        } else {
            db.read(|conn| Ok(store::api_keys::all_usable(conn)?)).await?
        };
        let faults = db.read(faults::Faults::load).await?;

        // Processes that share a database answer to one control token (and,
        // while the key is rotated, to the accepted key's as well).
        let control_tokens = if config.storage.is_shared() {
            master_key.shaped_tokens("control-token-v1", payctl_domain::credentials::CONTROL_TOKEN)
        } else {
            vec![auth::principal::new_control_token()]
        };
        let control_token = control_tokens[0].clone();
        let (request_log, log_writer) = request_log::start(db.clone());
        let (logins, tool_reads) = match config.storage.is_shared() {
            true => (
                auth::login_guard::LoginGuard::default().counting_in(db.clone()),
                auth::tool_reads::ToolReads::taking_in(db.clone()),
            ),
            false => Default::default(),
        };
        let state = AppState::new(SandboxState {
            db,
            clock,
            keys: Default::default(),
            jwt: auth::jwt::JwtKey::new(master_key.verifying("jwt-hs256-v1")),
            master_key,
            storage: config.storage,
            control_token_hashes: control_tokens.iter().map(|token| secrets::sha256(token.as_bytes())).collect(),
            dummy_password_hash: seed::DEMO_PASSWORD_HASH.to_owned(),
            logins,
            base_url: OnceLock::new(),
            rate_limiter: config.rate_limit.map(rate_limit::RateLimiter::new),
            request_log,
            in_flight: Default::default(),
            large_bodies: Default::default(),
            operations: OnceLock::new(),
            faults,
            reviews: Default::default(),
            tool_reads,
        });
        for key in stored_keys {
            state.keys.insert(key);
        }
        let router = api::router(state.clone());
        release_startup_memory();
        bound_large_allocations();
        Ok(Sandbox {
            state,
            router,
            threads,
            log_writer,
            control_token,
            seeded,
            lock,
            header_read_timeout: http::server::HEADER_READ_TIMEOUT,
            secrets_reset,
            sealed_again,
            demo_password: seed::DEMO_PASSWORD.to_owned(),
            allowed_hosts: Vec::new(),
            owns_reset_point,
        })
    }

    /// Gives the demo user this password instead of the published one (a
    /// sandbox reachable from other machines must not answer to a password
    /// everyone knows); the ready line carries it.
    pub async fn set_demo_password(&mut self, password: &str) -> anyhow::Result<()> {
        let owned = password.to_owned();
        let slot = self.state.logins.hash_slot_unlimited().await;
        let hash = slot
            .run(move || auth::password::hash(&owned))
            .await
            .context("the password-hashing threads are gone")?
            .map_err(|e| anyhow::anyhow!("cannot hash the demo password: {e}"))?;
        self.state
            .db
            .write(move |tx| Ok(store::users::set_password_hash(tx, seed::DEMO_USERNAME, &hash)?))
            .await
            .map_err(|e| anyhow::anyhow!("cannot set the demo password: {}", e.message))?;
        self.demo_password = password.to_owned();
        Ok(())
    }

    /// Host names (`sandbox.test`, `dev.example.com`) requests may name in
    /// their `Host` header besides loopback and the listen address (see
    /// [`http::host`]).
    pub fn with_allowed_hosts(mut self, hosts: Vec<String>) -> Self {
        self.allowed_hosts = hosts;
        self
    }

    /// Another header-read and idle timeout than the default 10 s (for
    /// tests that watch connections being closed).
    pub fn with_header_read_timeout(mut self, timeout: std::time::Duration) -> Self {
        self.header_read_timeout = timeout;
        self
    }

    /// What starting over with a new key left to do, when this start did.
    pub fn secrets_reset(&self) -> Option<&SecretsReset> {
        self.secrets_reset.as_ref()
    }

    /// How many webhook signing secrets this start sealed again under the
    /// key, when another key is accepted beside it.
    pub fn sealed_again(&self) -> Option<usize> {
        self.sealed_again
    }

    /// The ready line for a sandbox listening on `addr`.
    pub fn ready_line(&self, addr: SocketAddr) -> ReadyLine {
        let base_url = base_url_for(addr);
        ReadyLine {
            auth_url: format!("{base_url}/auth/realms/sandbox"),
            console_url: format!("{base_url}{}", console::CONSOLE),
            base_url,
            client_id: DASHBOARD_CLIENT_ID.to_owned(),
            username: seed::DEMO_USERNAME.to_owned(),
            password: self.demo_password.clone(),
            partner_id: self.seeded.partner_id.clone(),
            test_application_id: self.seeded.test_application_id.clone(),
            test_api_key: self.seeded.test_api_key.clone(),
            live_application_id: self.seeded.live_application_id.clone(),
            live_api_key: self.seeded.live_api_key.clone(),
            control_token: self.control_token.clone(),
            database: match &self.state.storage {
                Storage::Memory => "memory".to_owned(),
                Storage::File(p) => p.display().to_string(),
                Storage::Postgres(url) => url.to_string(),
            },
            version: env!("CARGO_PKG_VERSION").to_owned(),
        }
    }

    /// Whether this start set the reset point: every start does, but one on
    /// a PostgreSQL database that already held data, which the start that
    /// found it empty set up, and where seeding fixtures again would repeat
    /// them.
    pub fn owns_reset_point(&self) -> bool {
        self.owns_reset_point
    }

    /// A handle to mark the reset point once seeding fixtures have run.
    pub fn reset_point(&self) -> reset::ResetPoint {
        reset::ResetPoint(self.state.clone())
    }

    /// Serves until `shutdown` resolves; then stops accepting, lets
    /// in-flight requests finish, stops the background tasks (webhook
    /// dispatcher, scheduled moves), and closes the database.
    pub async fn serve(
        self,
        listener: tokio::net::TcpListener,
        shutdown: impl Future<Output = ()> + Send + 'static,
    ) -> anyhow::Result<()> {
        let addr = listener.local_addr()?;
        let _ = self.state.base_url.set(base_url_for(addr));
        if let Some(lock) = &self.lock {
            lock.announce(&base_url_for(addr)).context("cannot write the database's lock file")?;
        }
        let (stop_tasks, tasks_stop) = tokio::sync::watch::channel(false);
        let background = [
            tokio::spawn(webhooks::dispatcher::run(self.state.clone(), tasks_stop.clone())),
            tokio::spawn(schedule::run(self.state.clone(), tasks_stop)),
        ];
        let state = self.state.clone();
        drop(self.state);
        let shutdown = async move {
            shutdown.await;
            // Requests held by a fault stop waiting, so shutdown is prompt.
            state.faults.stop();
        };
        let router = http::host::guard(self.router, addr, self.allowed_hosts);
        http::server::serve(listener, router, self.header_read_timeout, shutdown).await;
        let _ = stop_tasks.send(true);
        for task in background {
            let _ = task.await;
        }
        // The router is gone; flush the request log before the database closes.
        self.log_writer.stop().await;
        tokio::task::spawn_blocking(move || self.threads.join()).await?;
        // Only now, with the database closed, may another sandbox open it.
        drop(self.lock);
        Ok(())
    }
}

/// Serves every glibc allocation of 1 MiB or more from its own mapping,
/// returned to the operating system when freed. glibc otherwise raises
/// that threshold to the size of the largest block freed so far, so after
/// the first password check every 19 MiB Argon2 buffer comes from the
/// heap, where a burst of checks leaves it fragmented: 256 concurrent
/// sign-ins kept 185 MB resident this way, 29 MB with the threshold fixed.
/// This is glibc's heap only: the `payctl` binary allocates with mimalloc
/// (see its `main.rs`; the same burst peaks at 110 MB there and leaves
/// 26 MB), so there it bounds SQLite's allocations, while a program that
/// links this library with the system allocator (the test suite) gets all
/// of it.
fn bound_large_allocations() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: mallopt only changes glibc's allocation parameters; it may be
    // called at any time from any thread.
    unsafe {
        libc::mallopt(libc::M_MMAP_THRESHOLD, 1 << 20);
    }
}

/// Hands glibc's heap that start-up used and freed (SQLite migrating and
/// seeding; everything, under the system allocator) back to the operating
/// system. glibc keeps freed pages for reuse otherwise, and an idle sandbox
/// would carry them. mimalloc returns what it frees by itself.
fn release_startup_memory() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: malloc_trim only walks glibc's own free lists and has no
    // preconditions; it may be called at any time from any thread.
    unsafe {
        libc::malloc_trim(0);
    }
}

/// The URL clients use: an unspecified bind address (`0.0.0.0`) is reached
/// through loopback.
pub fn base_url_for(addr: SocketAddr) -> String {
    let ip = match addr.ip() {
        IpAddr::V4(ip) if ip.is_unspecified() => IpAddr::V4(Ipv4Addr::LOCALHOST),
        IpAddr::V6(ip) if ip.is_unspecified() => IpAddr::V6(Ipv6Addr::LOCALHOST),
        ip => ip,
    };
    format!("http://{}", SocketAddr::new(ip, addr.port()))
}
