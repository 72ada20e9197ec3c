//! The marker of a read `payctl` makes on its own behalf (`logs tail`
//! polling, `trigger` reading what became of a delivery, `review`, `open`,
//! `listen`, a `--wait`): the sandbox neither logs, faults, rate-limits nor
//! judges such a read, since it is not the partner's integration talking.
//!
//! A fixed header could be copied by an integration to hide its own polls
//! from the go-live review, so the marker is a signature of the one request
//! it comes with: `t=<unix ms>,n=<nonce>,s=<hex>`, where `s` is an
//! HMAC-SHA256, keyed by a key derived from the API key the request
//! authenticates with, of the method, the path with its query, `t` and `n`.
//! The sandbox admits it only on a `GET` within [`WINDOW_MS`] of its own
//! clock, and only once per nonce: a header copied from another request,
//! replayed later or sent twice is worthless, and the request counts as the
//! integration's.

use hmac::{Hmac, Mac};
use sha2::{Digest, Sha256};

/// How far a marker's time may be from the sandbox's real clock.
pub const WINDOW_MS: i64 = 60_000;
/// The longest nonce taken (a UUID's 36 characters fit).
pub const MAX_NONCE: usize = 64;

/// Separates this use of the key from any other (a webhook signature, say).
const CONTEXT: &[u8] = b"payctl tool read v1";

/// The marker for `method path_and_query` at `at_ms` with `nonce`, sent
/// with `api_key`.
pub fn sign(api_key: &str, method: &str, path_and_query: &str, at_ms: i64, nonce: &str) -> String {
    let s = to_hex(&mac(api_key, method, path_and_query, at_ms, nonce));
    format!("t={at_ms},n={nonce},s={s}")
}

/// A marker read back: its time and nonce, once its signature checks out
/// for this request and key. Freshness and single use are the caller's.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Marker {
    pub at_ms: i64,
    pub nonce: String,
}

/// Checks `header` against the request it came with; `None` when it is
/// malformed or signed for another request or key.
pub fn verify(header: &str, api_key: &str, method: &str, path_and_query: &str) -> Option<Marker> {
    let mut at_ms = None;
    let mut nonce = None;
    let mut signature = None;
    for part in header.split(',') {
        match part.trim().split_once('=')? {
            ("t", v) => at_ms = Some(v.parse::<i64>().ok()?),
            ("n", v) if !v.is_empty() && v.len() <= MAX_NONCE => nonce = Some(v),
            ("s", v) => signature = Some(from_hex(v)?),
            _ => return None,
        }
    }
    let (at_ms, nonce, signature) = (at_ms?, nonce?, signature?);
    let mut mac = keyed(api_key);
    mac.update(&message(method, path_and_query, at_ms, nonce));
    mac.verify_slice(&signature).ok()?;
    Some(Marker { at_ms, nonce: nonce.to_owned() })
}

fn keyed(api_key: &str) -> Hmac<Sha256> {
    let mut derive = Sha256::new();
    derive.update(CONTEXT);
    derive.update([0]);
    derive.update(api_key.as_bytes());
    <Hmac<Sha256> as Mac>::new_from_slice(&derive.finalize()).expect("HMAC takes any key length")
}

fn message(method: &str, path_and_query: &str, at_ms: i64, nonce: &str) -> Vec<u8> {
    format!("{}\n{path_and_query}\n{at_ms}\n{nonce}", method.to_ascii_uppercase()).into_bytes()
}

fn mac(api_key: &str, method: &str, path_and_query: &str, at_ms: i64, nonce: &str) -> Vec<u8> {
    let mut mac = keyed(api_key);
    mac.update(&message(method, path_and_query, at_ms, nonce));
    mac.finalize().into_bytes().to_vec()
}

fn to_hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn from_hex(text: &str) -> Option<Vec<u8>> {
    if text.len() != 64 {
        return None;
    }
    (0..text.len()).step_by(2).map(|i| u8::from_str_radix(text.get(i..i + 2)?, 16).ok()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_marker_holds_for_its_own_request_and_key_only() {
        let m = sign("sk_test_a", "GET", "/v1/logs?limit=5", 1_000, "n1");
        assert_eq!(
            verify(&m, "sk_test_a", "GET", "/v1/logs?limit=5"),
            Some(Marker { at_ms: 1_000, nonce: "n1".into() })
        );
        assert_eq!(verify(&m, "sk_test_b", "GET", "/v1/logs?limit=5"), None, "another key");
        assert_eq!(verify(&m, "sk_test_a", "GET", "/v1/logs?limit=6"), None, "another query");
        assert_eq!(verify(&m, "sk_test_a", "GET", "/v1/customers"), None, "another path");
        assert_eq!(verify(&m.replace("t=1000", "t=2000"), "sk_test_a", "GET", "/v1/logs?limit=5"), None);
        assert_eq!(verify("true", "sk_test_a", "GET", "/v1/logs"), None);
        assert_eq!(verify("t=1,n=x,s=zz", "sk_test_a", "GET", "/v1/logs"), None);
    }
}
