//! The one redactor for everything the sandbox keeps about a request.
//!
//! Request logs (spec 2.15) must never hold secrets, passwords, tokens,
//! IBANs, account numbers, card data or provider payloads. Two rules, applied
//! alike to JSON bodies (recursively, member names included), query
//! strings, paths and the stored `X-Request-ID`:
//! - by name: a member or parameter whose name names a secret (see
//!   [`is_sensitive_key`]) keeps its name but its whole value becomes
//!   `[REDACTED]`, whatever it is; a string that holds JSON is read as JSON
//!   and redacted by the same rules;
//! - by content ([`text`]): inside any string, wherever it starts, every
//!   secret the sandbox mints, recognised by its prefix (`sk_test_`,
//!   `sk_live_`, `whsec_`, `ctl_`, `rt_` refresh tokens, and JWTs
//!   `eyJ….….…`), becomes `[REDACTED]`, and every valid IBAN (structure and
//!   check digits verified; electronic format, or grouped by spaces, dashes
//!   or non-breaking spaces; any case) becomes
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
    "pwd",
    "passphrase",
    "credential",
    "cookie",
];

/// Whole words (between `_`, `-` or other punctuation, or where a lower-case
/// letter meets an upper-case one: `userPass`) that mark a key as
/// sensitive: `card` alone would also match `discard`, `pass` `passport`,
/// `auth` `author`.
const SENSITIVE_WORDS: &[&str] = &["card", "pan", "pin", "pass", "auth"];

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
    let lower: String = key.chars().map(|c| if c == '-' { '_' } else { c.to_ascii_lowercase() }).collect();
    SENSITIVE_FRAGMENTS.iter().any(|f| lower.contains(f)) || words(key).any(|w| SENSITIVE_WORDS.contains(&w.as_str()))
}

/// The words of a name, in lower case: split at anything that is not a
/// letter or digit, and where a lower-case letter or digit meets an
/// upper-case one (`basicAuth` is `basic`, `auth`).
fn words(key: &str) -> impl Iterator<Item = String> + '_ {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut previous_lower = false;
    for c in key.chars() {
        if !c.is_alphanumeric() {
            words.push(std::mem::take(&mut word));
            previous_lower = false;
            continue;
        }
        if c.is_uppercase() && previous_lower {
            words.push(std::mem::take(&mut word));
        }
        previous_lower = c.is_lowercase() || c.is_ascii_digit();
        word.extend(c.to_lowercase());
    }
    words.push(word);
    words.into_iter().filter(|w| !w.is_empty())
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
/// single separators do not break (a space, a dash or a non-breaking space
/// between two of them: the paper format groups by four), scanned for a
/// country code, two check digits and that country's length, then verified
/// by [`Iban::parse`] (registry structure and mod-97 check).
fn ibans(text: &str, hits: &mut Vec<(Range<usize>, Marker)>) {
    if !has_run_of(text, iban::SHORTEST) {
        return;
    }
    let mut run: Vec<RunChar> = Vec::new();
    let mut chars = text.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        if c.is_ascii_alphanumeric() {
            let grouped = run.last().is_some_and(|last: &RunChar| last.end < i && text[last.end..i] != *" ");
            run.push(RunChar { upper: c.to_ascii_uppercase() as u8, start: i, end: i + 1, after_group: grouped });
            continue;
        }
        let joins =
            is_separator(c) && !run.is_empty() && chars.peek().is_some_and(|(_, next)| next.is_ascii_alphanumeric());
        if !joins {
            ibans_in_run(&run, hits);
            run.clear();
        }
    }
    ibans_in_run(&run, hits);
}

/// What may stand between the groups of an IBAN written for people: a
/// space, a dash, or a no-break, narrow no-break, figure or thin space.
fn is_separator(c: char) -> bool {
    matches!(c, ' ' | '-' | '\u{00A0}' | '\u{202F}' | '\u{2007}' | '\u{2009}')
}

/// A letter or digit of a run: upper-cased, its bytes in the text, and
/// whether a separator other than a plain space comes before it.
struct RunChar {
    upper: u8,
    start: usize,
    end: usize,
    after_group: bool,
}

/// Whether a run as [`ibans`] reads them is `len` characters long: when
/// none is, no IBAN fits, and the runs need not be collected.
fn has_run_of(text: &str, len: usize) -> bool {
    let mut run = 0;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c.is_ascii_alphanumeric() {
            run += 1;
            if run >= len {
                return true;
            }
            continue;
        }
        let joins = is_separator(c) && run > 0 && chars.peek().is_some_and(char::is_ascii_alphanumeric);
        if !joins {
            run = 0;
        }
    }
    false
}

fn ibans_in_run(run: &[RunChar], hits: &mut Vec<(Range<usize>, Marker)>) {
    for start in 0..run.len() {
        let Some([a, b, c, d]) = run.get(start..start + 4) else { return };
        let [a, b, c, d] = [a.upper, b.upper, c.upper, d.upper];
        if !(a.is_ascii_alphabetic() && b.is_ascii_alphabetic() && c.is_ascii_digit() && d.is_ascii_digit()) {
            continue;
        }
        let Some(len) = iban::length_for(&[a, b]) else { continue };
        let Some(candidate) = run.get(start..start + len) else { continue };
        // Dashes and the other separators split the paper format's groups of
        // four, counted from the country code; anywhere else they part ids
        // (a UUID's groups), not an IBAN's.
        if candidate.iter().enumerate().skip(1).any(|(k, ch)| ch.after_group && k % 4 != 0) {
            continue;
        }
        let compact: String = candidate.iter().map(|ch| char::from(ch.upper)).collect();
        if let Ok(found) = Iban::parse(&compact) {
            hits.push((candidate[0].start..candidate[len - 1].end, Marker::Iban(found.country().to_owned())));
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
            string(&values.join(", ")).into_owned()
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
            if let Cow::Owned(redacted) = string(s) {
                *s = redacted;
            }
        }
        _ => {}
    }
}

/// A string value: JSON held in it (`"{\"password\": …}"`, as some
/// clients nest a payload) is redacted as JSON, by name and content, and
/// written back compact; any other text by content ([`text`]). Borrowed
/// unchanged when there is nothing to hide.
pub fn string(s: &str) -> Cow<'_, str> {
    let trimmed = s.trim_start();
    if (trimmed.starts_with('{') || trimmed.starts_with('['))
        && let Ok(mut nested) = serde_json::from_str::<Value>(s)
    {
        let before = nested.clone();
        value(&mut nested);
        return if nested == before { Cow::Borrowed(s) } else { Cow::Owned(nested.to_string()) };
    }
    text(s)
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
        let value = if is_sensitive_key(&name) { Cow::Borrowed(REDACTED) } else { string(&v) };
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

/// The console's one-time sign-in links (`payctl open`) carry their token
/// as the segment after this; the token is random, so no rule by content
/// could find it.
const SIGN_IN_LINK: &str = "/console/link/";

/// A request path with secrets and IBANs redacted in each segment, read
/// percent-decoded (so `GB82%20WEST…` is found too), and the token of a
/// console sign-in link; segments without one stay exactly as sent.
pub fn path(raw: &str) -> Cow<'_, str> {
    if let Some(rest) = raw.strip_prefix(SIGN_IN_LINK)
        && !rest.is_empty()
    {
        let after = rest.find('/').map_or("", |i| &rest[i..]);
        return Cow::Owned(format!("{SIGN_IN_LINK}{REDACTED}{}", path(after)));
    }
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
        assert!(has_run_of("GB82 WEST 1234 5698 7654 32", 15));
        assert!(has_run_of("GB82-WEST-1234-5698-7654-32", 15));
        assert!(!has_run_of("GB82  WEST 1234", 15), "two spaces end a run");
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
            "pwd",
            "db_pwd",
            "pass",
            "user_pass",
            "userPass",
            "PASS",
            "credential",
            "credentials",
            "aws_credentials",
            "auth",
            "basicAuth",
            "x-auth",
            "Cookie",
            "session_cookie",
            "passphrase",
        ] {
            assert!(is_sensitive_key(key), "{key}");
        }
        for key in [
            "name",
            "amount_minor",
            "discard",
            "currency",
            "spin_rate",
            "email",
            "tax_id",
            "passport_country",
            "author",
            "authority",
            "bypass",
            "compass",
        ] {
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
        assert_eq!(text("GB82-WEST-1234-5698-7654-32"), gb, "dashes");
        assert_eq!(
            text("pay GB82\u{a0}WEST\u{a0}1234\u{a0}5698\u{a0}7654\u{a0}32."),
            format!("pay {gb}."),
            "no-break spaces"
        );
        assert_eq!(
            text("GB82\u{202f}WEST\u{202f}1234\u{202f}5698\u{202f}7654\u{202f}32"),
            gb,
            "narrow no-break spaces"
        );
        // Dashes that do not group by four from the country code part ids, not an IBAN.
        assert_eq!(text("GB82WES-T12345698765432"), "GB82WES-T12345698765432");
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
    fn json_inside_a_string_is_redacted_as_json() {
        let inner = json!({"password": "hunter2", "note": format!("to {IBAN}"), "amount": 5}).to_string();
        let stored =
            body(json!({"payload": inner, "list": [json!({"pwd": "x"}).to_string()]}).to_string().as_bytes()).unwrap();
        let payload: Value = serde_json::from_str(stored["payload"].as_str().unwrap()).unwrap();
        assert_eq!(payload, json!({"password": REDACTED, "note": "to [REDACTED:IBAN:GB]", "amount": 5}));
        assert_eq!(stored["list"][0], json!({"pwd": REDACTED}).to_string());
        // JSON with nothing to hide, and text that only looks like JSON, stay as sent.
        assert_eq!(string("{ \"a\": 1 }"), "{ \"a\": 1 }");
        assert_eq!(string("[not json"), "[not json");
        assert_eq!(query("data=%7B%22auth%22%3A%22x%22%7D"), "data=%7B%22auth%22%3A%22%5BREDACTED%5D%22%7D");
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
        assert_eq!(path("/console/link/0f3a9c1d2e"), "/console/link/[REDACTED]", "a sign-in link's token");
        assert_eq!(path("/console/link/"), "/console/link/");
        assert_eq!(path("/console/apps/x/logs"), "/console/apps/x/logs");
    }
}
