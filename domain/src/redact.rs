//! The one redactor for everything the sandbox keeps about a request.
//!
//! Request logs (spec 2.15) must never hold secrets, passwords, tokens,
//! IBANs, account numbers, card data or provider payloads. Two rules, applied
//! alike to JSON bodies (recursively, member names included), query
//! strings, paths and the stored `X-Request-ID`:
//! - by name: a member or parameter whose name names a secret (see
//!   [`is_sensitive_key`]) keeps its name but its whole value becomes
//!   `[REDACTED]`, whatever it is;
//! - by content ([`text`]): inside any string, wherever it starts, every
//!   secret the sandbox mints, recognised by its prefix (`sk_test_`,
//!   `sk_live_`, `whsec_`, `ctl_`, `rt_` refresh tokens, and JWTs
//!   `eyJ….….…`), becomes `[REDACTED]`, and every valid IBAN (structure and
//!   check digits verified; electronic or paper format, any case) becomes
//!   `[REDACTED:IBAN:<country>]`; the text around them is kept, so
//!   `"Pay GB82WEST12345698765432."` is stored as
//!   `"Pay [REDACTED:IBAN:GB]."`.
//!
//! A body that is not JSON cannot be inspected, so it is not kept at all.
//! Headers go through the same two rules by name and value ([`headers`]);
//! the credential headers ([`CREDENTIAL_HEADERS`]) are dropped before that,
//! so not even their names reach a log.

use std::borrow::Cow;
use std::ops::Range;

use payctl_wire::logs::{REDACTED, REDACTED_NON_JSON, redacted_iban};
use percent_encoding::{AsciiSet, CONTROLS, percent_decode_str, utf8_percent_encode};
use serde_json::Value;

use crate::credentials;
use crate::iban::{self, Iban};

/// Fragments that mark a key as sensitive wherever they occur in it
/// (compared in lower case, with `-` read as `_`).
const SENSITIVE_FRAGMENTS: &[&str] = &[
    "secret",
    "password",
    "passwd",
    "token",
    "authorization",
    "api_key",
    "apikey",
    "iban",
    "account_number",
    "accountnumber",
    "card_number",
    "cardnumber",
    "cvv",
    "cvc",
    "provider_payload",
    "raw_provider",
    "private_key",
];

/// Whole words (between `_`) that mark a key as sensitive: `card` alone
/// would also match `discard`.
const SENSITIVE_WORDS: &[&str] = &["card", "pan", "pin"];

/// The secrets the sandbox mints: their prefix, and how many random
/// alphanumerics must follow it to count. The distinctive prefixes count
/// with any tail (a partial key is still hidden); the short ones need a
/// tail as long as no ordinary word has (`sysctl_x` and `start_time` stay).
const MINTED: &[(&str, usize)] = &[
    (credentials::TEST_KEY.prefix, 1),
    (credentials::LIVE_KEY.prefix, 1),
    (credentials::WEBHOOK_SECRET.prefix, 1),
    (credentials::CONTROL_TOKEN.prefix, 16),
    (credentials::REFRESH_TOKEN.prefix, 32),
];

/// A JWT's header is base64url of a JSON object, so it starts with `eyJ`
/// (`{"`); this many characters of it at least, then two more segments.
const JWT_MIN_HEADER: usize = 10;

/// Whether a JSON member or query parameter of this name holds a secret.
pub fn is_sensitive_key(key: &str) -> bool {
    let key: String = key.chars().map(|c| if c == '-' { '_' } else { c.to_ascii_lowercase() }).collect();
    SENSITIVE_FRAGMENTS.iter().any(|f| key.contains(f)) || key.split('_').any(|w| SENSITIVE_WORDS.contains(&w))
}

/// What a span of text is replaced with.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Marker {
    Secret,
    Iban(String),
}

/// `text` with every minted secret and every valid IBAN in it replaced by
/// its marker; borrowed unchanged when there is none.
pub fn text(text: &str) -> Cow<'_, str> {
    let mut hits = Vec::new();
    minted_secrets(text, &mut hits);
    jwts(text, &mut hits);
    ibans(text, &mut hits);
    if hits.is_empty() {
        return Cow::Borrowed(text);
    }
    // Overlapping hits become one span, so no part of either survives.
    hits.sort_by_key(|(range, _)| (range.start, std::cmp::Reverse(range.end)));
    let mut spans: Vec<(Range<usize>, Marker)> = Vec::with_capacity(hits.len());
    for (range, marker) in hits {
        match spans.last_mut() {
            Some((last, kind)) if range.start < last.end => {
                last.end = last.end.max(range.end);
                if *kind != marker {
                    *kind = Marker::Secret;
                }
            }
            _ => spans.push((range, marker)),
        }
    }
    let mut out = String::with_capacity(text.len());
    let mut from = 0;
    for (range, marker) in spans {
        out.push_str(&text[from..range.start]);
        match marker {
            Marker::Secret => out.push_str(REDACTED),
            Marker::Iban(country) => out.push_str(&redacted_iban(&country)),
        }
        from = range.end;
    }
    out.push_str(&text[from..]);
    Cow::Owned(out)
}

/// Each minted prefix, wherever it occurs, with the alphanumerics after it.
fn minted_secrets(text: &str, hits: &mut Vec<(Range<usize>, Marker)>) {
    // Every prefix has an underscore: text without one (ids, most paths and
    // correlation ids) holds none, and costs one scan instead of five.
    if !text.contains('_') {
        return;
    }
    for &(prefix, min_tail) in MINTED {
        for (start, _) in text.match_indices(prefix) {
            let tail_start = start + prefix.len();
            let tail = text[tail_start..].bytes().take_while(u8::is_ascii_alphanumeric).count();
            if tail >= min_tail {
                hits.push((start..tail_start + tail, Marker::Secret));
            }
        }
    }
}

/// `eyJ…` header, payload and signature in base64url, dot-separated.
fn jwts(text: &str, hits: &mut Vec<(Range<usize>, Marker)>) {
    let b64 = |b: &u8| b.is_ascii_alphanumeric() || *b == b'-' || *b == b'_';
    for (start, _) in text.match_indices("eyJ") {
        let bytes = &text.as_bytes()[start..];
        let header = bytes.iter().take_while(|b| b64(b)).count();
        if header < JWT_MIN_HEADER || bytes.get(header) != Some(&b'.') {
            continue;
        }
        let payload = bytes[header + 1..].iter().take_while(|b| b64(b)).count();
        let after_payload = header + 1 + payload;
        if payload == 0 || bytes.get(after_payload) != Some(&b'.') {
            continue;
        }
        let signature = bytes[after_payload + 1..].iter().take_while(|b| b64(b)).count();
        hits.push((start..start + after_payload + 1 + signature, Marker::Secret));
    }
}

/// Every valid IBAN, found by structure: letters and digits in runs that
/// single spaces do not break (the paper format groups by four), scanned
/// for a country code, two check digits and that country's length, then
/// verified by [`Iban::parse`] (registry structure and mod-97 check).
fn ibans(text: &str, hits: &mut Vec<(Range<usize>, Marker)>) {
    let bytes = text.as_bytes();
    if !has_run_of(bytes, iban::SHORTEST) {
        return;
    }
    // (upper-cased character, its byte offset) of the current run.
    let mut run: Vec<(u8, usize)> = Vec::new();
    for (i, &b) in bytes.iter().enumerate() {
        if b.is_ascii_alphanumeric() {
            run.push((b.to_ascii_uppercase(), i));
            continue;
        }
        let joins = b == b' ' && !run.is_empty() && bytes.get(i + 1).is_some_and(u8::is_ascii_alphanumeric);
        if !joins {
            ibans_in_run(&run, hits);
            run.clear();
        }
    }
    ibans_in_run(&run, hits);
}

/// Whether a run as [`ibans`] reads them is `len` characters long: when
/// none is, no IBAN fits, and the runs need not be collected.
fn has_run_of(bytes: &[u8], len: usize) -> bool {
    let mut run = 0;
    for (i, &b) in bytes.iter().enumerate() {
        if b.is_ascii_alphanumeric() {
            run += 1;
            if run >= len {
                return true;
            }
            continue;
        }
        let joins = b == b' ' && run > 0 && bytes.get(i + 1).is_some_and(u8::is_ascii_alphanumeric);
        if !joins {
            run = 0;
        }
    }
    false
}

fn ibans_in_run(run: &[(u8, usize)], hits: &mut Vec<(Range<usize>, Marker)>) {
    for start in 0..run.len() {
        let Some(&[(a, _), (b, _), (c, _), (d, _)]) = run.get(start..start + 4) else { return };
        if !(a.is_ascii_alphabetic() && b.is_ascii_alphabetic() && c.is_ascii_digit() && d.is_ascii_digit()) {
            continue;
        }
        let Some(len) = iban::length_for(&[a, b]) else { continue };
        let Some(candidate) = run.get(start..start + len) else { continue };
        let compact: String = candidate.iter().map(|&(c, _)| char::from(c)).collect();
        if let Ok(found) = Iban::parse(&compact) {
            let (first, last) = (candidate[0].1, candidate[len - 1].1);
            hits.push((first..last + 1, Marker::Iban(found.country().to_owned())));
        }
    }
}

/// Headers that carry a credential: never kept, redacted or not.
pub const CREDENTIAL_HEADERS: &[&str] = &["authorization", "x-api-key", "cookie", "set-cookie", "proxy-authorization"];

/// Headers as a JSON object (name in lower case → value; a repeated header
/// joined with `, `), credential headers left out and the rest redacted by
/// name and value. A value that is not text is not kept.
pub fn headers(map: &http::HeaderMap) -> Value {
    let mut out = serde_json::Map::new();
    for name in map.keys() {
        if CREDENTIAL_HEADERS.contains(&name.as_str()) {
            continue;
        }
        let kept = if is_sensitive_key(name.as_str()) {
            REDACTED.to_owned()
        } else {
            let values: Vec<&str> = map.get_all(name).iter().filter_map(|v| v.to_str().ok()).collect();
            text(&values.join(", ")).into_owned()
        };
        out.insert(name.as_str().to_owned(), Value::String(kept));
    }
    Value::Object(out)
}

/// Redacts a JSON value in place: by name, then by content, member names
/// included.
pub fn value(v: &mut Value) {
    match v {
        Value::Object(map) => {
            // Members are redacted in place; only a name that itself holds a
            // secret or an IBAN (rare) costs a second key.
            let mut renamed = Vec::new();
            for (key, member) in map.iter_mut() {
                if is_sensitive_key(key) {
                    *member = Value::String(REDACTED.to_owned());
                } else {
                    value(member);
                }
                if let Cow::Owned(clean) = text(key) {
                    renamed.push((key.clone(), clean));
                }
            }
            for (key, clean) in renamed {
                if let Some(member) = map.remove(&key) {
                    map.insert(clean, member);
                }
            }
        }
        Value::Array(items) => items.iter_mut().for_each(value),
        Value::String(s) => {
            if let Cow::Owned(redacted) = text(s) {
                *s = redacted;
            }
        }
        _ => {}
    }
}

/// What a request log keeps of a body: null when empty, the redacted JSON,
/// or a marker when the body is not JSON.
pub fn body(bytes: &[u8]) -> Option<Value> {
    if bytes.iter().all(u8::is_ascii_whitespace) {
        return None;
    }
    match serde_json::from_slice::<Value>(bytes) {
        Ok(mut v) => {
            value(&mut v);
            Some(v)
        }
        Err(_) => Some(Value::String(REDACTED_NON_JSON.to_owned())),
    }
}

/// A query string with sensitive parameters' values redacted, and secrets
/// and IBANs redacted wherever they appear in names or values.
pub fn query(raw: &str) -> String {
    let mut out = form_urlencoded::Serializer::new(String::new());
    for (name, v) in form_urlencoded::parse(raw.as_bytes()) {
        let value = if is_sensitive_key(&name) { Cow::Borrowed(REDACTED) } else { text(&v) };
        out.append_pair(&text(&name), &value);
    }
    out.finish()
}

/// What a path segment may not hold unencoded.
const SEGMENT: &AsciiSet = &CONTROLS
    .add(b' ')
    .add(b'"')
    .add(b'#')
    .add(b'%')
    .add(b'/')
    .add(b'<')
    .add(b'>')
    .add(b'?')
    .add(b'`')
    .add(b'{')
    .add(b'}');

/// A request path with secrets and IBANs redacted in each segment, read
/// percent-decoded (so `GB82%20WEST…` is found too); segments without one
/// stay exactly as sent.
pub fn path(raw: &str) -> Cow<'_, str> {
    let redacted = |segment: &str| match text(&percent_decode_str(segment).decode_utf8_lossy()) {
        Cow::Borrowed(_) => None,
        Cow::Owned(redacted) => Some(utf8_percent_encode(&redacted, SEGMENT).to_string()),
    };
    // Nearly every path has nothing to hide: checked without building anything.
    if raw.split('/').all(|segment| redacted(segment).is_none()) {
        return Cow::Borrowed(raw);
    }
    let segments: Vec<Cow<'_, str>> =
        raw.split('/').map(|segment| redacted(segment).map_or(Cow::Borrowed(segment), Cow::Owned)).collect();
    Cow::Owned(segments.join("/"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::credentials::Shape;
    use serde_json::json;

    #[test]
    fn every_minted_prefix_has_an_underscore() {
        // What lets `minted_secrets` skip text without one.
        assert!(MINTED.iter().all(|(prefix, _)| prefix.contains('_')));
    }

    #[test]
    fn runs_are_measured_as_ibans_reads_them() {
        assert!(has_run_of(b"GB82 WEST 1234 5698 7654 32", 15));
        assert!(!has_run_of(b"GB82  WEST 1234", 15), "two spaces end a run");
        assert!(!has_run_of(b"01a21379-044a-74e6-b9c4-5dcdd1a6af61", 15));
        assert_eq!(path("/v1/customers/GB82WEST12345698765432"), format!("/v1/customers/{}", redacted_iban("GB")));
        assert_eq!(
            path("/v1/customers/01a21379-044a-74e6-b9c4-5dcdd1a6af61"),
            "/v1/customers/01a21379-044a-74e6-b9c4-5dcdd1a6af61"
        );
    }

    #[test]
    fn headers_lose_credentials_and_keep_the_rest_redacted_by_name_and_value() {
        let mut map = http::HeaderMap::new();
        map.insert("x-api-key", "sk_test_abc".parse().unwrap());
        map.insert("authorization", "Bearer x".parse().unwrap());
        map.insert("cookie", "payctl_console=abc".parse().unwrap());
        map.insert("x-webhook-secret", "anything".parse().unwrap());
        map.insert("x-note", "paid to GB82 WEST 1234 5698 7654 32".parse().unwrap());
        map.insert("content-type", "application/json".parse().unwrap());
        map.append("accept", "text/html".parse().unwrap());
        map.append("accept", "application/json".parse().unwrap());
        assert_eq!(
            headers(&map),
            json!({"x-webhook-secret": REDACTED, "x-note": "paid to [REDACTED:IBAN:GB]", "content-type": "application/json",
                "accept": "text/html, application/json"})
        );
    }

    const IBAN: &str = "GB82WEST12345698765432";

    #[test]
    fn sensitive_names_in_any_case_and_spelling() {
        for key in [
            "password",
            "client_secret",
            "Authorization",
            "X-API-Key",
            "refresh_token",
            "access_token",
            "iban",
            "beneficiary_IBAN",
            "account_number",
            "accountNumber",
            "card",
            "card_cvv",
            "provider_payload",
            "raw_provider_response",
            "pin",
        ] {
            assert!(is_sensitive_key(key), "{key}");
        }
        for key in ["name", "amount_minor", "discard", "currency", "spin_rate", "email", "tax_id"] {
            assert!(!is_sensitive_key(key), "{key}");
        }
    }

    #[test]
    fn ibans_anywhere_become_their_country_marker() {
        let gb = "[REDACTED:IBAN:GB]";
        assert_eq!(text(IBAN), gb);
        assert_eq!(text("Pay GB82WEST12345698765432."), format!("Pay {gb}."));
        assert_eq!(text("iban=GB82WEST12345698765432"), format!("iban={gb}"));
        assert_eq!(text("gb82 west 1234 5698 7654 32"), gb);
        assert_eq!(text("please pay GB82 WEST 1234 5698 7654 32 today"), format!("please pay {gb} today"));
        assert_eq!(text("to GB82WEST12345698765432, thanks"), format!("to {gb}, thanks"));
        assert_eq!(text("x1GB82WEST12345698765432yz"), format!("x1{gb}yz"), "glued to other text");
        assert_eq!(text("(DE89370400440532013000/GB82WEST12345698765432)"), "([REDACTED:IBAN:DE]/[REDACTED:IBAN:GB])");
        // A wrong check digit is not an IBAN: nothing to hide.
        for kept in ["GB83WEST12345698765432", "Acme Trading LLC", "2026-11-21T22:03:00.000Z", "DE89 3704"] {
            assert_eq!(text(kept), kept);
        }
    }

    /// A secret of the shape, with a tail no word has.
    fn minted(shape: Shape) -> String {
        let tail: String = "q7Zx2Lm9Kp4Wv8Rt3Ny6Hb1Gc5Fd0Js7Ea2Uo9Ik4Pl".chars().cycle().take(shape.random).collect();
        format!("{}{tail}", shape.prefix)
    }

    #[test]
    fn every_minted_secret_is_hidden_wherever_it_starts() {
        let mut secrets: Vec<String> = credentials::MINTED.into_iter().map(minted).collect();
        secrets.push("eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl_-x".to_owned());
        for secret in &secrets {
            for (before, after) in [("", ""), ("key ", "."), ("x=", "&y"), ("glued", "on"), ("\"", "\"")] {
                let stored = text(&format!("{before}{secret}{after}")).into_owned();
                assert!(!stored.contains(&secret[secret.len() - 20..]), "{stored}");
                assert!(stored.contains(REDACTED), "{stored}");
            }
        }
        assert_eq!(text("key sk_live_abc, done"), "key [REDACTED], done");
        for kept in ["sk_test_", "sysctl_max", "start_time", "eyJ alone", "eyJhbGciOiJIUzI1NiJ9 no dots"] {
            assert_eq!(text(kept), kept);
        }
    }

    #[test]
    fn bodies_are_redacted_recursively() {
        let raw = json!({
            "seconds": 1,
            "password": "x",
            "nested": {"iban": {"any": "shape"}, "note": format!("to {IBAN}"), "ok": "keep"},
            "list": [IBAN, "keep", {"client_secret": 5}],
            "Card": {"number": "4111111111111111"},
            IBAN: "as a name",
        });
        let stored = body(raw.to_string().as_bytes()).unwrap();
        assert_eq!(
            stored,
            json!({
                "seconds": 1,
                "password": REDACTED,
                "nested": {"iban": REDACTED, "note": "to [REDACTED:IBAN:GB]", "ok": "keep"},
                "list": ["[REDACTED:IBAN:GB]", "keep", {"client_secret": REDACTED}],
                "Card": REDACTED,
                "[REDACTED:IBAN:GB]": "as a name",
            })
        );
        assert!(!stored.to_string().contains("WEST"));
    }

    #[test]
    fn empty_and_non_json_bodies() {
        assert_eq!(body(b""), None);
        assert_eq!(body(b"  \n"), None);
        assert_eq!(body(b"password=hunter2"), Some(Value::String(REDACTED_NON_JSON.to_owned())));
        assert_eq!(body(b"42"), Some(json!(42)));
    }

    #[test]
    fn query_strings() {
        assert_eq!(
            query("limit=5&token=abc&account=GB82WEST12345698765432&note=pay+sk_test_abc+now"),
            "limit=5&token=%5BREDACTED%5D&account=%5BREDACTED%3AIBAN%3AGB%5D&note=pay+%5BREDACTED%5D+now"
        );
        assert_eq!(query("endpoint=%2Fv1%2Fcustomers"), "endpoint=%2Fv1%2Fcustomers");
        assert_eq!(query(""), "");
    }

    #[test]
    fn paths() {
        assert_eq!(path("/v1/customers/0190f5c4-7a1b"), "/v1/customers/0190f5c4-7a1b");
        assert_eq!(path("/v1/customers/%7Bx%7D"), "/v1/customers/%7Bx%7D", "unchanged segments stay as sent");
        assert_eq!(path("/v1/customers/GB82WEST12345698765432"), "/v1/customers/[REDACTED:IBAN:GB]");
        assert_eq!(path("/v1/x/GB82%20WEST%201234%205698%207654%2032/y"), "/v1/x/[REDACTED:IBAN:GB]/y");
        assert_eq!(path("/v1/customers/a%20sk_test_abc"), "/v1/customers/a%20[REDACTED]");
    }
}
