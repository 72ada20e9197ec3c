//! Reads `payctl` makes on its own behalf, told apart from the partner's
//! integration by a signed marker ([`payctl_domain::tool_read`]): admission
//! checks the marker against the request and the key it authenticates
//! with, and takes each nonce once. A marker that fails any check is
//! ignored, so the request counts as the integration's, like any other.
//!
//! Nonces are kept for two windows, at most [`NONCES_PER_KEY`] per API key
//! (past that, further markers of that key count as the integration's until
//! older nonces age out): one key's tool cannot fill the sandbox's memory.
//! Processes that share a PostgreSQL database take nonces there
//! (`store::tool_nonces`, by the same bound), so a marker replayed to
//! another process is refused as it is by the first.

use std::collections::HashMap;
use std::sync::Mutex;

use payctl_domain::tool_read::{self, WINDOW_MS};

use crate::db::Db;
use crate::store::tool_nonces;

/// The most nonces kept for one API key within two windows: a `logs tail`
/// polling each second uses 120.
pub const NONCES_PER_KEY: usize = 2_000;

/// The nonces taken, by API key, with when each may be forgotten.
#[derive(Default)]
pub struct ToolReads {
    taken: Mutex<HashMap<i64, HashMap<String, i64>>>,
    /// The database nonces are taken in when processes share it.
    stored: Option<Db>,
}

impl ToolReads {
    /// The nonces of a process that shares `db` with others: taken there.
    pub fn taking_in(db: Db) -> Self {
        ToolReads { taken: Mutex::default(), stored: Some(db) }
    }

    /// Whether `header` marks this request (`method`, `path_and_query`,
    /// sent with `api_key`, whose id is `key_id`) as the tool's own read at
    /// real time `now_ms`; takes its nonce when it does.
    pub async fn admit(
        &self,
        header: &str,
        api_key: &str,
        key_id: i64,
        method: &str,
        path_and_query: &str,
        now_ms: i64,
    ) -> bool {
        let Some(marker) = tool_read::verify(header, api_key, method, path_and_query) else { return false };
        if (marker.at_ms - now_ms).abs() > WINDOW_MS {
            return false;
        }
        let forget_at = now_ms + 2 * WINDOW_MS;
        if let Some(db) = &self.stored {
            let most = NONCES_PER_KEY as i64;
            let taken = db
                .tally(move |conn| Ok(tool_nonces::take(conn, key_id, &marker.nonce, now_ms, forget_at, most)?))
                .await;
            return taken.unwrap_or_else(|e| {
                tracing::warn!(error = %e, "a tool read's nonce could not be taken; the read counts as the integration's");
                false
            });
        }
        let Ok(mut taken) = self.taken.lock() else { return false };
        let nonces = taken.entry(key_id).or_default();
        nonces.retain(|_, forget_at| *forget_at > now_ms);
        if nonces.len() >= NONCES_PER_KEY || nonces.contains_key(&marker.nonce) {
            return false;
        }
        nonces.insert(marker.nonce, forget_at);
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_marker_is_taken_once_and_only_while_fresh() {
        let reads = ToolReads::default();
        let m = tool_read::sign("k", "GET", "/v1/logs", 10_000, "a");
        assert!(reads.admit(&m, "k", 1, "GET", "/v1/logs", 10_500).await);
        assert!(!reads.admit(&m, "k", 1, "GET", "/v1/logs", 10_600).await, "the same nonce again");
        let late = tool_read::sign("k", "GET", "/v1/logs", 10_000, "b");
        assert!(!reads.admit(&late, "k", 1, "GET", "/v1/logs", 10_000 + WINDOW_MS + 1).await, "too old");
        let other = tool_read::sign("k", "GET", "/v1/logs", 10_000, "c");
        assert!(!reads.admit(&other, "k", 1, "GET", "/v1/customers", 10_000).await, "signed for another request");
    }

    #[tokio::test]
    async fn one_key_keeps_a_bounded_number_of_nonces() {
        let reads = ToolReads::default();
        for n in 0..NONCES_PER_KEY {
            assert!(reads.admit(&tool_read::sign("k", "GET", "/p", 0, &n.to_string()), "k", 1, "GET", "/p", 0).await);
        }
        assert!(!reads.admit(&tool_read::sign("k", "GET", "/p", 0, "x"), "k", 1, "GET", "/p", 0).await);
        assert!(reads.admit(&tool_read::sign("j", "GET", "/p", 0, "x"), "j", 2, "GET", "/p", 0).await, "another key");
        let later = 2 * WINDOW_MS + 1;
        assert!(reads.admit(&tool_read::sign("k", "GET", "/p", later, "y"), "k", 1, "GET", "/p", later).await);
    }
}
