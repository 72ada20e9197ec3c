//! For tests only: the insides that tests of this crate and of the
//! workspace check directly (rules with no HTTP edge of their own, values
//! a test must agree with). Not part of the sandbox's interface: nothing
//! here is promised to stay, and no program but a test uses it. Everything
//! else of the crate is private behind the facade in the crate root.

pub use crate::auth::api_keys::{KeyIdentity, KeyIndex, StoredKey, mint as mint_api_key};
pub use crate::auth::jwt::JwtKey;
pub use crate::auth::login_guard::{ADDRESS_FREE, MAX_LOCK, USERNAME_FREE};
pub use crate::db::postgres_url;
pub use crate::http::pagination::{PageQuery, PageRequest};
pub use crate::idempotency::stored_key;
pub use crate::secrets::{MasterKey, Sealed};
pub use crate::webhooks::dispatcher::PER_ENDPOINT;
pub use crate::webhooks::signature;

/// `ledger::verify` on a SQLite connection.
pub fn verify_ledger(conn: &rusqlite::Connection) -> Result<(), String> {
    crate::ledger::verify(&conn.into())
}
