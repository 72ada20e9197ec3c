//! What every handler shares: the database, the clocks, the key index and
//! the signing keys. Cloning is an `Arc` bump.

use std::sync::{Arc, OnceLock};

use crate::auth::api_keys::KeyIndex;
use crate::auth::jwt::JwtKey;
use crate::auth::login_guard::LoginGuard;
use crate::clock::Clocks;
use crate::db::{Db, Storage};
use crate::faults::Faults;
use crate::idempotency;
use crate::operation::Operations;
use crate::rate_limit::RateLimiter;
use crate::request_log;
use crate::secrets::MasterKey;

pub struct SandboxState {
    pub db: Db,
    /// Shared with write jobs, which date what they do on these clocks.
    pub clock: Arc<Clocks>,
    pub keys: KeyIndex,
    pub jwt: JwtKey,
    pub master_key: MasterKey,
    pub storage: Storage,
    /// SHA-256 of this run's control token (on a shared database, of the
    /// key's and the accepted key's; see [`crate::secrets::MasterKey::shaped_tokens`]).
    pub control_token_hashes: Vec<[u8; 32]>,
    /// An Argon2 hash of nothing, verified against when a username is
    /// unknown so that login timing does not reveal which users exist.
    pub dummy_password_hash: String,
    /// Bounds password hashing and throttles failed sign-ins.
    pub logins: LoginGuard,
    /// Set once the listener is bound.
    pub base_url: OnceLock<String>,
    /// Per-key limits; `None` when turned off.
    pub rate_limiter: Option<RateLimiter>,
    /// Where finished requests go to be logged.
    pub request_log: request_log::Sink,
    /// Requests answering an `Idempotency-Key`, so the next with it waits.
    pub in_flight: idempotency::InFlight,
    /// Who reads a body above the default limit now (one per partner).
    pub large_bodies: crate::http::body::LargeBodies,
    /// The route table's operations, set when the router is built.
    pub operations: OnceLock<Arc<Operations>>,
    /// Fault rules.
    pub faults: Faults,
    /// The last go-live review of each application, and whose runs now.
    pub reviews: crate::request_log::reviews::Reviews,
    /// The nonces of `payctl`'s signed reads on its own behalf.
    pub tool_reads: crate::auth::tool_reads::ToolReads,
}

#[derive(Clone)]
pub struct AppState(Arc<SandboxState>);

impl AppState {
    pub fn new(state: SandboxState) -> Self {
        AppState(Arc::new(state))
    }

    pub fn base_url(&self) -> String {
        self.base_url.get().cloned().unwrap_or_else(|| "http://127.0.0.1".to_owned())
    }

    /// `{auth_url}`: the emulated identity provider's realm.
    pub fn auth_url(&self) -> String {
        format!("{}/auth/realms/sandbox", self.base_url())
    }
}

impl std::ops::Deref for AppState {
    type Target = SandboxState;
    fn deref(&self) -> &SandboxState {
        &self.0
    }
}
