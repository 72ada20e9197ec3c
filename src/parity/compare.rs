//! One step's recorded answer against the sandbox's: the differences, each
//! at a JSON pointer with its kind.
//!
//! What is compared, and why:
//! - the status, the error code, and the headers a partner's code acts on
//!   (`Content-Type`'s media type, `Idempotent-Replayed`,
//!   `Secret-Withheld` by value; `Retry-After` and `X-RateLimit-*` by
//!   presence, their numbers being the moment's);
//! - the shape: a member on one side only (`missing`: recorded, not in the
//!   sandbox; `extra`: the reverse), a different JSON type, a different
//!   array length (except the `data` page of a list, which holds whatever
//!   the service held before the session: its items are matched by id,
//!   and only those the recording ties to objects the session created are
//!   compared; the page's own flags, `has_more`, are not);
//! - values the document enumerates (`enum`), booleans, values tied by
//!   the recording to an earlier step (a reference: the replay must answer
//!   with the object it created), and values the session's requests sent
//!   (`value`: an amount, a currency, a name);
//! - never values that legitimately differ: those whose format the
//!   document gives as a time, a URL or a UUID, ids (by their prefix and
//!   shape), and anything else no request determined (rates and amounts
//!   derived from them, signatures, cursors, messages).
//!
//! `--ignore POINTER` leaves a field out; `--compare POINTER` compares its
//! value whatever the rules above say. A pointer's `*` token matches any
//! one token (`/data/*/fee`), and a pointer covers what is under it.

use std::collections::{BTreeMap, HashSet};

use serde::Serialize;
use serde_json::Value;

use super::fields::{Document, Field};

/// What kind of difference.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    Status,
    ErrorCode,
    Missing,
    Extra,
    Type,
    Enum,
    Value,
    /// A webhook event the recording has and the replay did not cause, or
    /// the other way round.
    Event,
}

impl Kind {
    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Status => "status",
            Kind::ErrorCode => "error_code",
            Kind::Missing => "missing",
            Kind::Extra => "extra",
            Kind::Type => "type",
            Kind::Enum => "enum",
            Kind::Value => "value",
            Kind::Event => "event",
        }
    }
}

/// One difference. `recorded` and `sandbox` are the values on each side
/// (`null` where a side has none).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Difference {
    pub step: String,
    pub pointer: String,
    pub kind: Kind,
    pub recorded: Value,
    pub sandbox: Value,
    /// What would explain it, where the sandbox knows.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub why: Option<String>,
}

/// An answer: status (`None`: the connection closed without one), the
/// headers by lower-case name, the body.
#[derive(Debug, Clone, Default)]
pub struct Answer {
    pub status: Option<u16>,
    pub headers: BTreeMap<String, String>,
    pub body: Value,
}

/// `--ignore` and `--compare` pointers.
#[derive(Debug, Clone, Default)]
pub struct Rules {
    pub ignore: Vec<String>,
    pub compare: Vec<String>,
}

impl Rules {
    /// Checks each pointer's syntax; the error names the flag.
    pub fn new(ignore: Vec<String>, compare: Vec<String>) -> Result<Rules, String> {
        for (flag, pointers) in [("--ignore", &ignore), ("--compare", &compare)] {
            for p in pointers {
                if !(p.is_empty() || p.starts_with('/') || p.starts_with("header:")) {
                    return Err(format!(
                        "{flag} {p:?}: write a JSON pointer into the answer (/data/0/state, /fees/*/amount) or \
                         header:NAME"
                    ));
                }
            }
        }
        Ok(Rules { ignore, compare })
    }

    /// Whether `--ignore` leaves `pointer` out.
    pub fn ignores(&self, pointer: &str) -> bool {
        Self::covers(&self.ignore, pointer)
    }

    fn covers(patterns: &[String], pointer: &str) -> bool {
        patterns.iter().any(|p| {
            if let (Some(a), Some(b)) = (p.strip_prefix("header:"), pointer.strip_prefix("header:")) {
                return a.eq_ignore_ascii_case(b);
            }
            let want: Vec<&str> = p.split('/').collect();
            let got: Vec<&str> = pointer.split('/').collect();
            !p.starts_with("header:")
                && want.len() <= got.len()
                && want.iter().zip(&got).all(|(w, g)| *w == "*" || w == g)
        })
    }
}

/// The values the session's requests sent so far (bodies, path segments,
/// query values), as the replay sent them.
#[derive(Debug, Default)]
pub struct Sent {
    values: HashSet<String>,
}

impl Sent {
    pub fn add(&mut self, value: &Value) {
        match value {
            Value::String(s) if !s.is_empty() => {
                self.values.insert(s.clone());
            }
            Value::Number(n) => {
                self.values.insert(n.to_string());
            }
            Value::Array(items) => items.iter().for_each(|v| self.add(v)),
            Value::Object(map) => map.values().for_each(|v| self.add(v)),
            _ => {}
        }
    }

    /// A request path: its segments and its query's values.
    pub fn add_path(&mut self, path: &str) {
        let (path, query) = path.split_once('?').unwrap_or((path, ""));
        for segment in path.split('/').filter(|s| !s.is_empty()) {
            self.values.insert(percent_encoding::percent_decode_str(segment).decode_utf8_lossy().into_owned());
        }
        for (_, value) in form_urlencoded::parse(query.as_bytes()) {
            self.values.insert(value.into_owned());
        }
    }

    fn holds(&self, value: &Value) -> bool {
        match value {
            Value::String(s) => self.values.contains(s),
            Value::Number(n) => self.values.contains(&n.to_string()),
            _ => false,
        }
    }
}

/// The recorded side of a step: its answer (the body resolved in the
/// replay's scope), and the pointers whose recorded strings held a
/// reference: `tied` where it resolved (to the replay's object), `loose`
/// where it could not (an earlier step was not answered as recorded).
#[derive(Debug, Default)]
pub struct Recorded {
    pub answer: Answer,
    pub error_code: Option<String>,
    pub tied: HashSet<String>,
    pub loose: HashSet<String>,
}

/// What the comparison needs beyond the two answers.
pub struct Context<'a> {
    pub step: &'a str,
    pub document: &'a Document,
    /// The operation's method and path template in the document, when it has it.
    pub operation: Option<(&'a str, &'a str)>,
    /// The request's path, for explanations.
    pub path: &'a str,
    pub sent: &'a Sent,
    pub rules: &'a Rules,
}

/// Headers compared by value (media type only for `Content-Type`).
const VALUE_HEADERS: &[&str] =
    &["content-type", payctl_wire::IDEMPOTENT_REPLAYED_HEADER, payctl_wire::SECRET_WITHHELD_HEADER];
/// Headers compared by presence.
const PRESENCE_HEADERS: &[&str] = &["retry-after", "x-ratelimit-limit", "x-ratelimit-remaining", "x-ratelimit-reset"];

/// Every difference between the recorded answer and the sandbox's.
pub fn compare(cx: &Context, recorded: &Recorded, got: &Answer) -> Vec<Difference> {
    let mut out = Vec::new();
    let mut push = |pointer: String, kind: Kind, recorded: Value, sandbox: Value, why: Option<String>| {
        out.push(Difference { step: cx.step.to_owned(), pointer, kind, recorded, sandbox, why })
    };
    let want = &recorded.answer;
    if want.status != got.status {
        let why = status_why(cx, got);
        push(String::new(), Kind::Status, json_status(want.status), json_status(got.status), why);
    }
    let got_code = got.body.pointer("/error/code").and_then(Value::as_str).map(str::to_owned);
    if recorded.error_code != got_code && !Rules::covers(&cx.rules.ignore, "/error/code") {
        push(
            "/error/code".to_owned(),
            Kind::ErrorCode,
            recorded.error_code.clone().map_or(Value::Null, Value::String),
            got_code.map_or(Value::Null, Value::String),
            None,
        );
    }
    // Headers only where the recording kept some (older recordings kept none).
    if !want.headers.is_empty() {
        for name in VALUE_HEADERS.iter().chain(PRESENCE_HEADERS) {
            let pointer = format!("header:{name}");
            if Rules::covers(&cx.rules.ignore, &pointer) {
                continue;
            }
            let by_value = VALUE_HEADERS.contains(name) || Rules::covers(&cx.rules.compare, &pointer);
            let media = |v: &String| {
                if *name == "content-type" {
                    v.split(';').next().unwrap_or("").trim().to_ascii_lowercase()
                } else {
                    v.clone()
                }
            };
            match (want.headers.get(*name).map(media), got.headers.get(*name).map(media)) {
                (Some(a), None) => push(pointer, Kind::Missing, Value::String(a), Value::Null, None),
                (None, Some(b)) => push(pointer, Kind::Extra, Value::Null, Value::String(b), None),
                (Some(a), Some(b)) if by_value && a != b => {
                    push(pointer, Kind::Value, Value::String(a), Value::String(b), None)
                }
                _ => {}
            }
        }
    }
    // Bodies are compared when both sides answered with the same status:
    // otherwise the status says it all.
    if want.status == got.status && want.status.is_some() {
        let schema = cx.operation.and_then(|(m, t)| cx.document.answer_schema(m, t, got.status.unwrap_or(0)));
        let page = want.body.get("data").is_some_and(Value::is_array);
        let mut walk = Walk { cx, recorded, schema, page, out: Vec::new() };
        walk.value(&mut Vec::new(), &want.body, &got.body);
        out.extend(walk.out);
    }
    out
}

fn json_status(status: Option<u16>) -> Value {
    status.map_or_else(|| Value::String("no answer".to_owned()), Value::from)
}

/// Why the sandbox answered another status, where it can tell.
fn status_why(cx: &Context, got: &Answer) -> Option<String> {
    match got.status {
        Some(429) => Some(
            "the sandbox's rate limit refused it: replay into a sandbox started with `--rate-limit off`".to_owned(),
        ),
        Some(404) if cx.path.starts_with("/sandbox/") => {
            Some("the sandbox has no such simulation route (or not for this object)".to_owned())
        }
        Some(404) if cx.operation.is_none() => Some("the API's document has no such operation".to_owned()),
        _ => None,
    }
}

struct Walk<'a> {
    cx: &'a Context<'a>,
    /// The answer is a page of a list (a top-level `data` array).
    page: bool,
    recorded: &'a Recorded,
    schema: Option<&'a Value>,
    out: Vec<Difference>,
}

fn pointer_of(tokens: &[String]) -> String {
    tokens.iter().map(|t| format!("/{}", t.replace('~', "~0").replace('/', "~1"))).collect()
}

fn type_name(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "boolean",
        Value::Number(_) => "number",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    }
}

impl Walk<'_> {
    fn field(&self, tokens: &[String]) -> Field {
        self.cx.document.field(self.schema, tokens)
    }

    fn push(&mut self, pointer: String, kind: Kind, recorded: Value, sandbox: Value, why: Option<String>) {
        self.out.push(Difference { step: self.cx.step.to_owned(), pointer, kind, recorded, sandbox, why });
    }

    /// Whether the document describes the member, said for a member one
    /// side lacks: which side keeps to the contract.
    fn described(&self, tokens: &[String]) -> String {
        if self.field(tokens).described {
            "the API's document describes this field".to_owned()
        } else {
            "the API's document does not describe this field".to_owned()
        }
    }

    fn value(&mut self, tokens: &mut Vec<String>, want: &Value, got: &Value) {
        let pointer = pointer_of(tokens);
        let rules = self.cx.rules;
        if !pointer.is_empty() && Rules::covers(&rules.ignore, &pointer) {
            return;
        }
        // The error code is compared on its own.
        if pointer == "/error/code" || self.recorded.loose.contains(&pointer) {
            return;
        }
        let forced = !pointer.is_empty() && Rules::covers(&rules.compare, &pointer);
        match (want, got) {
            (Value::Object(a), Value::Object(b)) => {
                for (key, w) in a {
                    tokens.push(key.clone());
                    match b.get(key) {
                        Some(g) => self.value(tokens, w, g),
                        None => {
                            let at = pointer_of(tokens);
                            if !Rules::covers(&rules.ignore, &at) {
                                let why = Some(self.described(tokens));
                                self.push(at, Kind::Missing, w.clone(), Value::Null, why);
                            }
                        }
                    }
                    tokens.pop();
                }
                for (key, g) in b.iter().filter(|(k, _)| !a.contains_key(*k)) {
                    tokens.push(key.clone());
                    let at = pointer_of(tokens);
                    if !Rules::covers(&rules.ignore, &at) {
                        let why = Some(self.described(tokens));
                        self.push(at, Kind::Extra, Value::Null, g.clone(), why);
                    }
                    tokens.pop();
                }
            }
            (Value::Array(a), Value::Array(b)) => {
                // A list's page holds what the service held before the
                // session: its items are matched by id, and only those the
                // recording ties to objects the session created are compared.
                let page = self.page && tokens.len() == 1 && tokens[0] == "data";
                if page && !forced {
                    for (i, w) in a.iter().enumerate() {
                        if !self.recorded.tied.contains(&format!("{pointer}/{i}/id")) {
                            continue;
                        }
                        if let Some(g) = b.iter().find(|g| g.get("id") == w.get("id")) {
                            tokens.push(i.to_string());
                            self.value(tokens, w, g);
                            tokens.pop();
                        }
                    }
                    return;
                }
                if a.len() != b.len() {
                    self.push(
                        format!("{pointer}/length"),
                        Kind::Value,
                        Value::from(a.len()),
                        Value::from(b.len()),
                        None,
                    );
                }
                for (i, (w, g)) in a.iter().zip(b).enumerate() {
                    tokens.push(i.to_string());
                    self.value(tokens, w, g);
                    tokens.pop();
                }
            }
            (w, g) if type_name(w) != type_name(g) => {
                let field = self.field(tokens);
                let varies = field.varies() || [w, g].iter().any(|v| v.as_str().is_some_and(is_id_like));
                if forced || !varies {
                    let why = Some(format!("recorded a {}, the sandbox answered a {}", type_name(w), type_name(g)));
                    self.push(pointer, Kind::Type, w.clone(), g.clone(), why);
                }
            }
            (w, g) if w == g => {}
            (w, g) => {
                let field = self.field(tokens);
                if let Some(allowed) = field.allowed.as_ref().filter(|_| !forced) {
                    let why = if allowed.contains(w) {
                        None
                    } else {
                        Some(format!(
                            "the API's document allows {}; the recorded value is not one of them",
                            allowed.iter().map(|v| v.to_string()).collect::<Vec<_>>().join(", ")
                        ))
                    };
                    self.push(pointer, Kind::Enum, w.clone(), g.clone(), why);
                    return;
                }
                // A page's own flags (`has_more`) say what else the service held.
                let decided = forced
                    || (w.is_boolean() && !(self.page && tokens.len() == 1))
                    || self.recorded.tied.contains(&pointer)
                    || (!field.varies() && !w.as_str().is_some_and(is_id_like) && self.cx.sent.holds(w));
                if decided {
                    let why = if self.recorded.tied.contains(&pointer) {
                        Some("the recording ties this value to an earlier step's object".to_owned())
                    } else if self.cx.sent.holds(w) {
                        Some("the session's requests sent the recorded value".to_owned())
                    } else {
                        None
                    };
                    self.push(pointer, Kind::Value, w.clone(), g.clone(), why);
                }
            }
        }
    }
}

/// An id by its prefix and shape (`txn_0193…`, a UUID).
fn is_id_like(s: &str) -> bool {
    payctl_domain::log_export::is_id(s)
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn doc() -> Document {
        Document::from_value(json!({
            "paths": {"/v1/things": {"post": {"responses": {
                "201": {"content": {"application/json": {"schema": {"type": "object", "properties": {
                    "id": {"type": "string"},
                    "state": {"type": "string", "enum": ["pending", "completed", "failed"]},
                    "amount": {"type": "string"},
                    "rate": {"type": "string"},
                    "created_at": {"type": "string", "format": "date-time"},
                    "url": {"type": "string", "format": "uri"},
                    "customer_id": {"type": "string"},
                    "legs": {"type": "array", "items": {"type": "object"}},
                    "live": {"type": "boolean"},
                    "data": {"type": "array", "items": {"type": "object", "properties": {
                        "state": {"type": "string", "enum": ["pending", "completed", "failed"]}
                    }}}
                }}}}}
            }}}}
        }))
    }

    fn answer(status: u16, body: Value) -> Answer {
        Answer { status: Some(status), headers: BTreeMap::new(), body }
    }

    fn run(recorded: &Recorded, got: &Answer, rules: &Rules) -> Vec<(String, Kind)> {
        let document = doc();
        let mut sent = Sent::default();
        sent.add(&json!({"amount": "100.00", "name": "Acme"}));
        sent.add_path("/v1/things?currency=EUR");
        let cx = Context {
            step: "s1",
            document: &document,
            operation: Some(("POST", "/v1/things")),
            path: "/v1/things",
            sent: &sent,
            rules,
        };
        let mut found: Vec<(String, Kind)> =
            compare(&cx, recorded, got).into_iter().map(|d| (d.pointer, d.kind)).collect();
        found.sort_by(|a, b| a.0.cmp(&b.0));
        found
    }

    fn recorded(body: Value) -> Recorded {
        Recorded { answer: answer(201, body), ..Recorded::default() }
    }

    const BASE: &str = r#"{"id": "txn_0193aaaaaaaaaaaaaaaaaaaaaaaaaaaa", "state": "pending", "amount": "100.00",
        "rate": "1.0842", "created_at": "2026-11-21T10:00:00Z", "url": "https://partner.example/hook",
        "customer_id": "c1", "currency": "EUR", "name": "Acme", "legs": [{"n": 1}, {"n": 2}], "live": false,
        "message": "Created."}"#;

    #[test]
    fn what_legitimately_differs_is_never_reported() {
        let want: Value = serde_json::from_str(BASE).unwrap();
        let mut got = want.clone();
        got["id"] = json!("txn_0193bbbbbbbbbbbbbbbbbbbbbbbbbbbb");
        got["rate"] = json!("1.0911");
        got["created_at"] = json!("2026-11-27T21:00:00Z");
        got["url"] = json!("http://127.0.0.1:4242/sandbox/webhook-sink");
        got["message"] = json!("Created!");
        assert_eq!(run(&recorded(want), &answer(201, got), &Rules::default()), []);
    }

    #[test]
    fn shape_enums_sent_values_and_ties_are_reported_by_pointer() {
        let want: Value = serde_json::from_str(BASE).unwrap();
        let mut got = want.clone();
        got["state"] = json!("complete");
        got["amount"] = json!("99.00");
        got["currency"] = json!("USD");
        got["legs"] = json!([{"n": 1}]);
        got["live"] = json!(true);
        got["name"] = json!(7);
        got["extra"] = json!({"a": 1});
        got.as_object_mut().unwrap().remove("message");
        got["customer_id"] = json!("c2");
        let mut rec = recorded(want);
        rec.tied.insert("/customer_id".into());
        let found = run(&rec, &answer(201, got.clone()), &Rules::default());
        let want_found = [
            ("/amount", Kind::Value),
            ("/currency", Kind::Value),
            ("/customer_id", Kind::Value),
            ("/extra", Kind::Extra),
            ("/legs/length", Kind::Value),
            ("/live", Kind::Value),
            ("/message", Kind::Missing),
            ("/name", Kind::Type),
            ("/state", Kind::Enum),
        ];
        let want_found: Vec<(String, Kind)> = want_found.iter().map(|(p, k)| (p.to_string(), *k)).collect();
        assert_eq!(found, want_found);
        // --ignore drops a field; --compare compares one the rules leave out.
        let rules = Rules::new(vec!["/extra".into(), "/legs".into()], vec!["/rate".into()]).unwrap();
        got["rate"] = json!("2.0");
        let found = run(&rec, &answer(201, got), &rules);
        assert!(found.contains(&("/rate".into(), Kind::Value)), "{found:?}");
        assert!(!found.iter().any(|(p, _)| p.starts_with("/extra") || p.starts_with("/legs")), "{found:?}");
    }

    #[test]
    fn a_page_compares_the_sessions_own_objects_matched_by_id() {
        let want = json!({"data": [
            {"id": "c_old_aaaaaaaaaaaaaaaa", "state": "failed"},
            {"id": "c1", "state": "pending"}
        ], "has_more": true});
        let got = json!({"data": [{"id": "c1", "state": "completed"}], "has_more": false});
        let mut rec = recorded(want);
        rec.tied.insert("/data/1/id".into());
        assert_eq!(run(&rec, &answer(201, got), &Rules::default()), [("/data/1/state".into(), Kind::Enum)]);
    }

    #[test]
    fn status_error_code_and_headers() {
        let mut rec = Recorded {
            answer: answer(409, json!({"error": {"code": "QTE_0002", "message": "expired"}})),
            error_code: Some("QTE_0002".into()),
            ..Recorded::default()
        };
        rec.answer.headers.insert("content-type".into(), "application/json".into());
        rec.answer.headers.insert("idempotent-replayed".into(), "true".into());
        rec.answer.headers.insert("x-ratelimit-remaining".into(), "97".into());
        let mut got = answer(409, json!({"error": {"code": "QTE_0003", "message": "used"}}));
        got.headers.insert("content-type".into(), "application/json; charset=utf-8".into());
        got.headers.insert("x-ratelimit-remaining".into(), "12".into());
        assert_eq!(
            run(&rec, &got, &Rules::default()),
            [("/error/code".into(), Kind::ErrorCode), ("header:idempotent-replayed".into(), Kind::Missing)]
        );
        let codes = run(&rec, &got, &Rules::default());
        assert_eq!(codes.len(), 2, "the rate limit's numbers are the moment's: {codes:?}");
        got.status = Some(404);
        let found = run(&rec, &got, &Rules::default());
        assert_eq!(found[0], (String::new(), Kind::Status));
        assert!(Rules::new(vec!["state".into()], vec![]).is_err());
    }
}
