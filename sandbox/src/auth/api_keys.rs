//! API key secrets and the in-memory index that authenticates them.
//!
//! A secret looks like `sk_test_` or `sk_live_` (a readable environment
//! marker) followed by 32 random alphanumerics (~190 bits). Only its SHA-256
//! is stored. Every key-authenticated request looks its key up here rather
//! than in SQLite: the index maps the secret's public prefix to candidate
//! keys and compares hashes in constant time. It is loaded at start and
//! updated after each commit that creates, revokes or deactivates.
//!
//! A process that shares its database with others ([`Storage::is_shared`])
//! cannot know from its own index what another created or revoked a moment
//! ago, so [`authenticate`] looks each key up in the database there: a key
//! works on every process as soon as it is made, and a revoked one is
//! refused on every process as soon as its revocation commits.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, RwLock};

use payctl_domain::credentials::{self, KEY_PREFIX_LEN};
use payctl_domain::time::Timestamp;
use payctl_wire::applications::Environment;
use subtle::ConstantTimeEq;

use crate::error::ApiError;
use crate::state::AppState;
pub use crate::store::api_keys::{KeyIdentity, NewSecret, StoredKey};
use crate::{secrets, store};

/// A new secret for a key of `environment`.
pub fn mint(environment: Environment) -> NewSecret {
    let secret = secrets::mint(match environment {
        Environment::Test => credentials::TEST_KEY,
        Environment::Live => credentials::LIVE_KEY,
    });
    NewSecret { prefix: secret[..KEY_PREFIX_LEN].to_owned(), hash: secrets::sha256(secret.as_bytes()), secret }
}

/// Who a valid key speaks for. Cheap to clone.
#[derive(Debug, Clone)]
pub struct KeyCaller(Arc<KeyIdentity>);

impl std::ops::Deref for KeyCaller {
    type Target = KeyIdentity;
    fn deref(&self) -> &KeyIdentity {
        &self.0
    }
}

impl KeyCaller {
    pub fn new(identity: KeyIdentity) -> Self {
        KeyCaller(Arc::new(identity))
    }

    pub fn is_test(&self) -> bool {
        self.environment == Environment::Test
    }

    /// 403 unless this is a TEST key: payments, legacy quotes and the
    /// simulation routes are TEST-only (spec 5.9).
    pub fn require_test(&self, what: &str) -> Result<(), ApiError> {
        if self.is_test() {
            Ok(())
        } else {
            Err(ApiError::forbidden(format!("{what} is available to TEST keys only; this is a LIVE key")))
        }
    }
}

/// What every call of a deactivated application's keys is answered (spec 4: 403 `ATH_0002`).
pub fn deactivated() -> ApiError {
    ApiError::forbidden("the application of this API key is deactivated")
}

struct IndexedKey {
    hash: [u8; 32],
    caller: KeyCaller,
    expires_at: Option<Timestamp>,
    application_active: AtomicBool,
}

impl IndexedKey {
    fn new(key: StoredKey) -> Self {
        IndexedKey {
            hash: key.hash,
            caller: KeyCaller::new(key.identity),
            expires_at: key.expires_at,
            application_active: AtomicBool::new(key.application_active),
        }
    }

    /// The found key's caller, unless it expired or its application is
    /// deactivated.
    fn admit(&self, now_of: impl Fn(i64) -> Timestamp) -> Result<KeyCaller, ApiError> {
        if self.expires_at.is_some_and(|at| at <= now_of(self.caller.application_id)) {
            return Err(ApiError::unauthorized("the API key has expired"));
        }
        if !self.application_active.load(Ordering::Acquire) {
            return Err(deactivated());
        }
        Ok(self.caller.clone())
    }
}

fn invalid() -> ApiError {
    ApiError::unauthorized("the API key is invalid or has been revoked")
}

/// Authenticates `secret` as [`KeyIndex::authenticate`] does: from this
/// process's index, or, on a database other processes share, from the
/// database (which also brings this process's clock of the key's
/// application up to the database's, since another process may have moved
/// it).
pub async fn authenticate(state: &AppState, secret: &str) -> Result<KeyCaller, ApiError> {
    let now_of = |app| state.clock.app_now(app);
    if !state.storage.is_shared() {
        return state.keys.authenticate(secret, now_of);
    }
    if secret.len() > 128 || secret.len() < KEY_PREFIX_LEN {
        return Err(invalid());
    }
    let hash = secrets::sha256(secret.as_bytes());
    let (key, clock_offset) =
        state.db.read(move |conn| Ok(store::api_keys::usable_by_hash(conn, &hash)?)).await?.ok_or_else(invalid)?;
    state.clock.set_app_offset_millis(key.identity.application_id, clock_offset);
    IndexedKey::new(key).admit(now_of)
}

#[derive(Default)]
pub struct KeyIndex {
    by_prefix: RwLock<HashMap<String, Vec<Arc<IndexedKey>>>>,
}

impl KeyIndex {
    pub fn insert(&self, key: StoredKey) {
        let prefix = key.prefix.clone();
        self.write().entry(prefix).or_default().push(Arc::new(IndexedKey::new(key)));
    }

    /// Forgets a revoked key.
    pub fn remove(&self, key_id: i64) {
        let mut map = self.write();
        for keys in map.values_mut() {
            keys.retain(|k| k.caller.key_id != key_id);
        }
        map.retain(|_, keys| !keys.is_empty());
    }

    /// Forgets every key of a deleted application.
    pub fn remove_application(&self, application_id: i64) {
        let mut map = self.write();
        for keys in map.values_mut() {
            keys.retain(|k| k.caller.application_id != application_id);
        }
        map.retain(|_, keys| !keys.is_empty());
    }

    pub fn set_application_active(&self, application_id: i64, active: bool) {
        for keys in self.read().values() {
            for k in keys.iter().filter(|k| k.caller.application_id == application_id) {
                k.application_active.store(active, Ordering::Release);
            }
        }
    }

    pub fn clear(&self) {
        self.write().clear();
    }

    /// 401 ATH_0001 for a missing, unknown, revoked or expired key (expiry
    /// on the key's application's clock, `now_of(application_id)`); 403
    /// ATH_0002 when the key's application is deactivated.
    pub fn authenticate(&self, secret: &str, now_of: impl Fn(i64) -> Timestamp) -> Result<KeyCaller, ApiError> {
        if secret.len() > 128 {
            return Err(invalid());
        }
        let prefix = secret.get(..KEY_PREFIX_LEN).ok_or_else(invalid)?;
        let hash = secrets::sha256(secret.as_bytes());
        let found = {
            let map = self.read();
            let candidates = map.get(prefix).ok_or_else(invalid)?;
            candidates.iter().find(|k| bool::from(k.hash.ct_eq(&hash))).cloned().ok_or_else(invalid)?
        };
        found.admit(now_of)
    }

    fn read(&self) -> std::sync::RwLockReadGuard<'_, HashMap<String, Vec<Arc<IndexedKey>>>> {
        self.by_prefix.read().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn write(&self) -> std::sync::RwLockWriteGuard<'_, HashMap<String, Vec<Arc<IndexedKey>>>> {
        self.by_prefix.write().unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use payctl_wire::error::ErrorCode;

    fn stored(secret: &NewSecret, key_id: i64, expires_at: Option<Timestamp>) -> StoredKey {
        StoredKey {
            prefix: secret.prefix.clone(),
            hash: secret.hash,
            expires_at,
            application_active: true,
            identity: KeyIdentity {
                key_id,
                key_public_id: format!("k{key_id}"),
                application_id: 1,
                application_public_id: "app".into(),
                partner_id: 1,
                environment: Environment::Test,
            },
        }
    }

    #[test]
    fn secrets_have_marker_prefix_and_entropy() {
        let s = mint(Environment::Live);
        assert!(s.secret.starts_with("sk_live_") && s.secret.len() == 40);
        assert_eq!(s.prefix, &s.secret[..14]);
        assert_ne!(mint(Environment::Test).secret, mint(Environment::Test).secret);
    }

    #[test]
    fn authenticates_only_the_exact_secret() {
        let index = KeyIndex::default();
        let s = mint(Environment::Test);
        index.insert(stored(&s, 1, None));
        let now = |_| Timestamp::from_millis(0);
        assert_eq!(index.authenticate(&s.secret, now).unwrap().key_id, 1);
        let mut wrong = s.secret.clone();
        wrong.pop();
        wrong.push(if s.secret.ends_with('a') { 'b' } else { 'a' });
        for bad in [wrong.as_str(), "", "sk_test_", "é", &s.prefix, &"x".repeat(500)] {
            assert_eq!(index.authenticate(bad, now).unwrap_err().code, ErrorCode::InvalidCredential, "{bad}");
        }
        index.remove(1);
        assert_eq!(index.authenticate(&s.secret, now).unwrap_err().code, ErrorCode::InvalidCredential);
    }

    #[test]
    fn expiry_and_deactivation() {
        let index = KeyIndex::default();
        let s = mint(Environment::Test);
        index.insert(stored(&s, 1, Some(Timestamp::from_millis(1000))));
        assert!(index.authenticate(&s.secret, |_| Timestamp::from_millis(999)).is_ok());
        let e = index.authenticate(&s.secret, |_| Timestamp::from_millis(1000)).unwrap_err();
        assert_eq!(e.code, ErrorCode::InvalidCredential);
        index.set_application_active(1, false);
        let e = index.authenticate(&s.secret, |_| Timestamp::from_millis(0)).unwrap_err();
        assert_eq!(e.code, ErrorCode::Forbidden);
    }
}
