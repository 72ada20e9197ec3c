//! Who is calling: dashboard users (bearer JWTs from the emulated identity
//! provider), server-to-server callers (API keys), and the sandbox operator
//! (the control token). Password checks go through the [`login_guard`];
//! [`tool_reads`] tells `payctl`'s reads on its own behalf from the
//! integration's, and [`principal::speaker`] is the one answer to "is this
//! the partner's integration talking".

pub mod api_keys;
pub mod jwt;
pub mod login_guard;
pub mod password;
pub mod principal;
pub mod token_endpoint;
pub mod tool_reads;

pub use principal::{ControlCaller, DashboardUser, InProcess, KeyCaller, OwnRead};
