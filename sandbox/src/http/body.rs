//! A request's body, read once.
//!
//! The operation's layers ([`crate::api::layers`]) read the body of every
//! request that has one (not `GET` nor `HEAD`) right after admission, up
//! to the operation's own limit ([`crate::operation::Operation::body_limit`],
//! [`super::BODY_LIMIT`] unless the route table says otherwise), and put
//! what everything above needs in the request's extensions as one
//! [`Received`]: the bytes, the body parsed as a JSON document, its digest
//! as canonical JSON and the digest of the `Idempotency-Key` sent (the
//! document and its digest made when first asked for). The request log,
//! idempotency and the handler's extractor all read that; none reads or
//! parses the body again.
//! A body above the limit is answered 413 `PAYLOAD_TOO_LARGE` in the
//! envelope ([`unreadable`]; at once, unread, when its `Content-Length`
//! says so), one that stops arriving 408.
//!
//! An operation whose limit is above the default (loading a snapshot)
//! holds a body that large in memory while it is handled, so one partner
//! reads at most one such body at a time ([`LargeBodies`]): a second one
//! is answered 429 `RATE_LIMITED` with `Retry-After: 1` before its body is
//! read.

use std::collections::HashSet;
use std::sync::{Arc, Mutex};

use axum::body::{Body, Bytes};
use axum::extract::Request;
use axum::http::Method;
use payctl_wire::error::ErrorCode;

use crate::error::ApiError;
use crate::secrets;

/// What the layers read of a request once, in its extensions.
#[derive(Debug, Clone, Default)]
pub struct Received {
    /// The body; `None` for `GET` and `HEAD`, whose body is never read.
    pub bytes: Option<Bytes>,
    /// [`key_hash`] of the `Idempotency-Key` header, when it is text.
    pub key_hash: Option<String>,
    /// [`digest`] of the body, made when first asked for (a request that
    /// is neither logged nor sent with a key never needs it).
    body_hash: std::sync::OnceLock<[u8; 32]>,
    /// The body as a JSON document whose members are each named once,
    /// parsed when first asked for: by the digest or by the handler's
    /// extractor, whichever comes first, and used by both (a snapshot load
    /// parsed its 2 MB once for each).
    document: std::sync::OnceLock<Option<Arc<serde_json::Value>>>,
}

impl Received {
    /// [`digest`] of the body; `None` for `GET` and `HEAD`.
    pub fn body_hash(&self) -> Option<[u8; 32]> {
        let bytes = self.bytes.as_ref()?;
        Some(*self.body_hash.get_or_init(|| digest(self.document(), bytes)))
    }

    /// The body as a document ([`super::unique_members::parse`]) when it is
    /// one; `None` when it is not (or for `GET` and `HEAD`).
    pub fn document(&self) -> Option<&serde_json::Value> {
        let bytes = self.bytes.as_ref()?;
        self.document.get_or_init(|| super::unique_members::parse(bytes).ok().map(Arc::new)).as_deref()
    }

    /// The body's digest in hex (what the request log keeps).
    pub fn body_hash_hex(&self) -> Option<String> {
        self.body_hash().map(|digest| crate::secrets::hex(&digest))
    }
}

/// Reads the request's body (up to `limit` bytes) and puts it, with its
/// digests, in the request's extensions; the request keeps the bytes as
/// its body. A body that cannot be read leaves the request with an empty
/// one, and the refusal to answer with.
pub async fn receive(request: Request, limit: usize) -> (Request, Option<ApiError>) {
    let key_hash = request.headers().get(super::headers::IDEMPOTENCY_KEY).and_then(|v| v.to_str().ok()).map(key_hash);
    if request.method() == Method::GET || request.method() == Method::HEAD {
        let mut request = request;
        // The hot path: a read without a key carries nothing more.
        if key_hash.is_some() {
            request.extensions_mut().insert(Received { key_hash, ..Received::default() });
        }
        return (request, None);
    }
    // A body declared larger than the limit is refused before any of it is read.
    let declared = request.headers().get(axum::http::header::CONTENT_LENGTH).and_then(|v| v.to_str().ok());
    if declared.and_then(|n| n.parse::<u64>().ok()).is_some_and(|n| n > limit as u64) {
        return (request.map(|_| Body::empty()), Some(too_large(limit)));
    }
    let (mut parts, body) = request.into_parts();
    let (bytes, refused) = match axum::body::to_bytes(body, limit).await {
        Ok(bytes) => (bytes, None),
        Err(e) => (Bytes::new(), Some(unreadable(&e, limit))),
    };
    parts.extensions.insert(Received { bytes: Some(bytes.clone()), key_hash, ..Received::default() });
    (Request::from_parts(parts, Body::from(bytes)), refused)
}

/// Why a body read in full (up to `limit`) failed: it stopped arriving
/// (408, see [`super::server::BODY_READ_TIMEOUT`]) or it is too large (413).
pub fn unreadable(error: &axum::Error, limit: usize) -> ApiError {
    if super::extract::timed_out(error) { super::extract::stopped_arriving() } else { too_large(limit) }
}

fn too_large(limit: usize) -> ApiError {
    ApiError::new(ErrorCode::PayloadTooLarge, format!("the request body is larger than the {} limit", size(limit)))
}

/// `1 MiB`, `32 MiB`: a body limit as the API's messages and the document
/// state it.
pub fn size(limit: usize) -> String {
    const MIB: usize = 1024 * 1024;
    if limit.is_multiple_of(MIB) { format!("{} MiB", limit / MIB) } else { format!("{limit} bytes") }
}

/// The form an `Idempotency-Key` is kept in: the hex SHA-256 of the key as
/// sent, so a client that uses a secret as its key (it should not, but
/// some do) leaves no trace of it in the database.
pub fn key_hash(key: &str) -> String {
    secrets::hex(&secrets::sha256(key.as_bytes()))
}

/// What two requests with the same body share: the SHA-256 of the body as
/// canonical JSON (object keys sorted, no whitespace) when it is a JSON
/// document naming each member once (`document`), of the raw bytes otherwise.
fn digest(document: Option<&serde_json::Value>, bytes: &[u8]) -> [u8; 32] {
    match document {
        Some(document) => {
            let mut canonical = Vec::with_capacity(bytes.len());
            write_canonical(document, &mut canonical);
            secrets::sha256(&canonical)
        }
        None => secrets::sha256(bytes),
    }
}

fn write_canonical(value: &serde_json::Value, out: &mut Vec<u8>) {
    use serde_json::Value;
    match value {
        Value::Object(map) => {
            let mut entries: Vec<_> = map.iter().collect();
            entries.sort_by(|a, b| a.0.cmp(b.0));
            out.push(b'{');
            for (i, (k, v)) in entries.into_iter().enumerate() {
                if i > 0 {
                    out.push(b',');
                }
                out.extend_from_slice(&serde_json::to_vec(k).unwrap_or_default());
                out.push(b':');
                write_canonical(v, out);
            }
            out.push(b'}');
        }
        Value::Array(items) => {
            out.push(b'[');
            for (i, v) in items.iter().enumerate() {
                if i > 0 {
                    out.push(b',');
                }
                write_canonical(v, out);
            }
            out.push(b']');
        }
        scalar => out.extend_from_slice(&serde_json::to_vec(scalar).unwrap_or_default()),
    }
}

/// Who is reading a body above the default limit right now: a partner
/// (by row id), or the operator (`None`), at most one each.
#[derive(Debug, Default)]
pub struct LargeBodies(Arc<Mutex<HashSet<Option<i64>>>>);

/// One large body's place; given back when dropped.
#[derive(Debug)]
pub struct Reading {
    readers: Arc<Mutex<HashSet<Option<i64>>>>,
    reader: Option<i64>,
}

impl LargeBodies {
    /// The place of `reader` (a partner's row id, `None` for the operator)
    /// if it reads no other large body now; else the 429 to answer.
    pub fn take(&self, reader: Option<i64>, limit: usize) -> Result<Reading, ApiError> {
        let mut readers = self.0.lock().unwrap_or_else(|e| e.into_inner());
        if !readers.insert(reader) {
            return Err(crate::rate_limit::refusal(
                format!(
                    "another request of this partner with a body of up to {} (a snapshot load) is being handled; \
                     one partner sends one such body at a time: retry in 1 s, once it is answered",
                    size(limit)
                ),
                1,
            ));
        }
        Ok(Reading { readers: self.0.clone(), reader })
    }
}

impl Drop for Reading {
    fn drop(&mut self) {
        self.readers.lock().unwrap_or_else(|e| e.into_inner()).remove(&self.reader);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The digest a request's body gets, as [`receive`] leaves it.
    fn body_hash(text: &'static [u8]) -> [u8; 32] {
        Received { bytes: Some(Bytes::from_static(text)), ..Received::default() }.body_hash().unwrap()
    }

    #[test]
    fn the_digest_is_of_canonical_json() {
        let a = body_hash(br#"{"b": 1, "a": {"y": [1, 2], "x": null}}"#);
        assert_eq!(a, body_hash(br#"{"a":{"x":null,"y":[1,2]},"b":1}"#), "order and whitespace aside");
        assert_ne!(a, body_hash(br#"{"a":{"x":null,"y":[2,1]},"b":1}"#));
        assert_eq!(body_hash(b"not json"), secrets::sha256(b"not json"));
        let twice = br#"{"a": 1, "a": 1}"#;
        assert_eq!(body_hash(twice), secrets::sha256(twice), "a member named twice makes no document");
    }

    #[test]
    fn the_document_is_parsed_once() {
        let received = Received { bytes: Some(Bytes::from_static(br#"{"a": [1, 2]}"#)), ..Received::default() };
        let first: *const serde_json::Value = received.document().unwrap();
        received.body_hash();
        assert!(std::ptr::eq(first, received.document().unwrap()), "the digest read the same document");
    }

    #[test]
    fn one_large_body_per_reader_at_a_time() {
        let bodies = LargeBodies::default();
        let first = bodies.take(Some(1), 32 << 20).unwrap();
        let refused = bodies.take(Some(1), 32 << 20).unwrap_err();
        assert_eq!((refused.code, refused.retry_after), (ErrorCode::RateLimited, Some(1)));
        assert!(refused.message.contains("32 MiB"), "{}", refused.message);
        let other = bodies.take(Some(2), 32 << 20).expect("another partner reads its own");
        let operator = bodies.take(None, 32 << 20).expect("the operator reads its own");
        drop(first);
        drop(bodies.take(Some(1), 32 << 20).expect("given back when answered"));
        drop((other, operator));
        assert!(bodies.0.lock().unwrap().is_empty());
    }

    #[test]
    fn sizes_read_as_the_messages_state_them() {
        assert_eq!(size(super::super::BODY_LIMIT), "1 MiB");
        assert_eq!(size(32 * 1024 * 1024), "32 MiB");
        assert_eq!(size(1000), "1000 bytes");
    }
}
