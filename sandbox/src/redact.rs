//! The one redactor for everything the sandbox keeps about a request.
//!
//! Request logs (spec 2.15) must never hold secrets, passwords, tokens,
//! IBANs, account numbers, card data or provider payloads. Two rules, applied
//! recursively to JSON bodies and to query strings alike:
//! - by name: a member whose key names a secret (see [`is_sensitive_key`])
//!   keeps its key but its whole value becomes `[REDACTED]`, whatever it is;
//! - by content: any string that is, or contains a word that is, a valid
//!   IBAN or an API key secret (`sk_test_…`, `sk_live_…`) becomes
//!   `[REDACTED]` wherever it appears, so a secret under an innocent name
//!   (`"note": "pay GB82 WEST 1234 5698 7654 32"`) is caught too.
//!
//! A body that is not JSON cannot be inspected, so it is not kept at all.
//! Headers go through the same two rules by name and value ([`headers`]);
//! the credential headers ([`CREDENTIAL_HEADERS`]) are dropped before that,
//! so not even their names reach a log.

use payctl_wire::logs::{REDACTED, REDACTED_NON_JSON};
use serde_json::Value;

use crate::domain::iban::Iban;

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

/// Whether a JSON member or query parameter of this name holds a secret.
pub fn is_sensitive_key(key: &str) -> bool {
    let key = key.to_ascii_lowercase().replace('-', "_");
    SENSITIVE_FRAGMENTS.iter().any(|f| key.contains(f)) || key.split('_').any(|w| SENSITIVE_WORDS.contains(&w))
}

/// Whether a string value holds an IBAN or an API key secret.
pub fn is_sensitive_value(value: &str) -> bool {
    if looks_like_key_secret(value) || is_iban(value) {
        return true;
    }
    let words: Vec<&str> = value.split(|c: char| c.is_whitespace() || ",;:()[]{}\"'<>".contains(c)).collect();
    if words.iter().any(|w| looks_like_key_secret(w) || is_iban(w)) {
        return true;
    }
    // An IBAN in paper format inside text: four-character groups.
    (0..words.len()).any(|start| {
        let mut joined = String::new();
        words[start..].iter().take(9).any(|w| {
            joined.push_str(w);
            (15..=34).contains(&joined.len()) && is_iban(&joined)
        })
    })
}

fn is_iban(s: &str) -> bool {
    (15..=42).contains(&s.len()) && Iban::parse(s).is_ok()
}

fn looks_like_key_secret(s: &str) -> bool {
    let s = s.trim();
    s.starts_with("sk_test_") || s.starts_with("sk_live_")
}

/// Headers that carry a credential: never kept, redacted or not.
pub const CREDENTIAL_HEADERS: &[&str] = &["authorization", "x-api-key", "cookie", "set-cookie", "proxy-authorization"];

/// Headers as a JSON object (name in lower case → value; a repeated header
/// joined with `, `), credential headers left out and the rest redacted by
/// name and value. A value that is not text is not kept.
pub fn headers(map: &axum::http::HeaderMap) -> Value {
    let mut out = serde_json::Map::new();
    for name in map.keys() {
        if CREDENTIAL_HEADERS.contains(&name.as_str()) {
            continue;
        }
        let values: Vec<&str> = map.get_all(name).iter().filter_map(|v| v.to_str().ok()).collect();
        let joined = values.join(", ");
        let kept =
            if is_sensitive_key(name.as_str()) || is_sensitive_value(&joined) { REDACTED.to_owned() } else { joined };
        out.insert(name.as_str().to_owned(), Value::String(kept));
    }
    Value::Object(out)
}

/// Redacts a JSON value in place.
pub fn value(v: &mut Value) {
    match v {
        Value::Object(map) => {
            for (key, member) in map.iter_mut() {
                if is_sensitive_key(key) {
                    *member = Value::String(REDACTED.to_owned());
                } else {
                    value(member);
                }
            }
        }
        Value::Array(items) => items.iter_mut().for_each(value),
        Value::String(s) if is_sensitive_value(s) => *s = REDACTED.to_owned(),
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

/// A query string with the values of sensitive parameters redacted.
pub fn query(raw: &str) -> String {
    let mut out = form_urlencoded::Serializer::new(String::new());
    for (name, v) in form_urlencoded::parse(raw.as_bytes()) {
        if is_sensitive_key(&name) || is_sensitive_value(&v) {
            out.append_pair(&name, REDACTED);
        } else {
            out.append_pair(&name, &v);
        }
    }
    out.finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn headers_lose_credentials_and_keep_the_rest_redacted_by_name_and_value() {
        let mut map = axum::http::HeaderMap::new();
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
            json!({"x-webhook-secret": REDACTED, "x-note": REDACTED, "content-type": "application/json",
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
    fn sensitive_values_anywhere_in_a_string() {
        assert!(is_sensitive_value(IBAN));
        assert!(is_sensitive_value("gb82 west 1234 5698 7654 32"));
        assert!(is_sensitive_value("please pay GB82 WEST 1234 5698 7654 32 today"));
        assert!(is_sensitive_value("to GB82WEST12345698765432, thanks"));
        assert!(is_sensitive_value("sk_test_abcdefghijklmnopqrstuvwxyz012345"));
        assert!(is_sensitive_value("key sk_live_abc"));
        // A wrong check digit is not an IBAN: nothing to hide.
        assert!(!is_sensitive_value("GB83WEST12345698765432"));
        assert!(!is_sensitive_value("Acme Trading LLC"));
        assert!(!is_sensitive_value("2026-11-21T22:03:00.000Z"));
    }

    #[test]
    fn bodies_are_redacted_recursively() {
        let raw = json!({
            "seconds": 1,
            "password": "x",
            "nested": {"iban": {"any": "shape"}, "note": format!("to {IBAN}"), "ok": "keep"},
            "list": [IBAN, "keep", {"client_secret": 5}],
            "Card": {"number": "4111111111111111"},
        });
        let stored = body(raw.to_string().as_bytes()).unwrap();
        assert_eq!(
            stored,
            json!({
                "seconds": 1,
                "password": REDACTED,
                "nested": {"iban": REDACTED, "note": REDACTED, "ok": "keep"},
                "list": [REDACTED, "keep", {"client_secret": REDACTED}],
                "Card": REDACTED,
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
            query("limit=5&token=abc&account=GB82WEST12345698765432"),
            "limit=5&token=%5BREDACTED%5D&account=%5BREDACTED%5D"
        );
        assert_eq!(query("endpoint=%2Fv1%2Fcustomers"), "endpoint=%2Fv1%2Fcustomers");
        assert_eq!(query(""), "");
    }
}
