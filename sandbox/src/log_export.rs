//! Request logs as a fixture that replays them: the transformation behind
//! `payctl logs export` and the console's "export as fixture", in one place
//! so both write the same file for the same logs.
//!
//! Two things make a replay recreate the same relations rather than fail:
//! - redacted values (`[REDACTED]`) become `${env.REDACTED_<FIELD>}`
//!   placeholders, listed in the description, for the user to fill in;
//! - ids of objects created earlier in the sequence become references to
//!   the step that created them. The logs hold requests only, so the
//!   creating step is found by reading each id back (`GET <collection>/<id>`,
//!   through whatever the caller passes to [`origins`]) and matching its
//!   `created_at` with the last successful `POST` to that collection that
//!   started at or before it.
//!
//! The fixture format itself (and its checks) is the CLI's, documented in
//! `fixtures/README.md`; [`Fixture`] is the part of it an export writes.

use std::collections::{BTreeSet, HashMap};
use std::future::Future;

use payctl_wire::logs::{REDACTED, REDACTED_NON_JSON, RequestLog};
use serde::Serialize;
use serde_json::Value;

/// The fixture format's version.
pub const FIXTURE_VERSION: u32 = 1;
/// Every exported step replays with the TEST key.
const TEST_KEY: &str = "test_key";

/// An exported fixture, serialised as the fixture format's fields in its
/// order.
#[derive(Debug, Clone, Serialize)]
pub struct Fixture {
    pub version: u32,
    pub name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    pub steps: Vec<Step>,
}

#[derive(Debug, Clone, Serialize)]
pub struct Step {
    pub name: String,
    pub method: String,
    pub path: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub body: Option<Value>,
    pub auth: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub expect: Option<Expect>,
}

#[derive(Debug, Clone, Serialize)]
pub struct Expect {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub status: Option<u16>,
}

/// Reading the logs is how a sequence was watched, not part of it: the
/// logs in the order things happened (the API lists newest first), without
/// `GET /v1/logs`.
pub fn replay_order(mut logs: Vec<RequestLog>) -> Vec<RequestLog> {
    logs.reverse();
    logs.retain(|l| !(l.method == "GET" && l.path == "/v1/logs"));
    logs
}

/// Literal text written so that the fixture format reads it back as that
/// text and no reference (`${` opens one; `$${` is the escape).
pub fn escape(s: &str) -> String {
    s.replace("${", "$${")
}

/// Ids as the API mints them: UUIDs, or `prefix_` + 32 hex digits.
pub fn is_id(s: &str) -> bool {
    if uuid::Uuid::try_parse(s).is_ok() && s.len() == 36 {
        return true;
    }
    match s.split_once('_') {
        Some((prefix, rest)) => {
            (2..=8).contains(&prefix.len())
                && prefix.bytes().all(|b| b.is_ascii_lowercase())
                && rest.len() >= 16
                && rest.bytes().all(|b| b.is_ascii_alphanumeric())
        }
        None => false,
    }
}

/// The ids a request mentions, with a hint of their kind (the path segment
/// before the id, or a body key without `_id`).
fn mentions(log: &RequestLog) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let segments: Vec<&str> = log.path.split('/').collect();
    for (i, seg) in segments.iter().enumerate() {
        if is_id(seg) {
            out.push(((*seg).to_owned(), i.checked_sub(1).map(|p| segments[p]).unwrap_or("").to_owned()));
        }
    }
    for pair in log.query.as_deref().unwrap_or("").split('&') {
        if let Some((key, value)) = pair.split_once('=')
            && is_id(value)
        {
            out.push((value.to_owned(), key.trim_end_matches("_id").to_owned()));
        }
    }
    if let Some(body) = &log.request_body {
        body_ids(body, "", &mut out);
    }
    out
}

fn body_ids(value: &Value, key: &str, out: &mut Vec<(String, String)>) {
    match value {
        Value::String(s) if is_id(s) => out.push((s.clone(), key.trim_end_matches("_id").to_owned())),
        Value::Array(items) => items.iter().for_each(|v| body_ids(v, key, out)),
        Value::Object(map) => map.iter().for_each(|(k, v)| body_ids(v, k, out)),
        _ => {}
    }
}

/// A successful `POST` to a collection: a candidate creator.
fn collection_of(log: &RequestLog) -> Option<&str> {
    let created = log.method == "POST" && (200..300).contains(&log.status_code);
    (created && !log.path.split('/').any(is_id)).then_some(log.path.as_str())
}

fn related(collection: &str, hint: &str) -> bool {
    let last = collection.rsplit('/').next().unwrap_or("");
    let common = last.chars().zip(hint.chars()).take_while(|(a, b)| a == b).count();
    !hint.is_empty() && common >= hint.len().min(last.len()).min(5)
}

/// For each id created within the sequence, the index of the creating log.
/// `logs` are oldest first.
///
/// First every mentioned id is read back to learn its collection and
/// `created_at`; then, per collection, objects in creation order (time,
/// then id: ids sort by creation) take the earliest unclaimed create whose
/// request window holds that time. A create whose object is never
/// mentioned later is skipped over, and two creates in one millisecond go
/// to their objects in order.
pub async fn origins<F, Fut>(logs: &[RequestLog], mut read_back: F) -> HashMap<String, usize>
where
    F: FnMut(String) -> Fut,
    Fut: Future<Output = Option<Value>>,
{
    let mut seen: BTreeSet<String> = BTreeSet::new();
    // collection -> [(created_at millis, id)]
    let mut objects: HashMap<&str, Vec<(i64, String)>> = HashMap::new();
    for (j, log) in logs.iter().enumerate() {
        for (id, hint) in mentions(log) {
            if !seen.insert(id.clone()) {
                continue;
            }
            let mut collections: Vec<&str> = Vec::new();
            for c in logs[..j].iter().filter_map(collection_of) {
                if !collections.contains(&c) {
                    collections.push(c);
                }
            }
            // Likely collections first; every one is confirmed by reading the id back.
            collections.sort_by_key(|c| !related(c, &hint));
            for collection in collections {
                let Some(object) = read_back(format!("{collection}/{id}")).await else {
                    continue;
                };
                if let Some(at) = object["created_at"].as_str().and_then(millis) {
                    objects.entry(collection).or_default().push((at, id.clone()));
                    break;
                }
            }
        }
    }
    assign(logs, objects)
}

/// Per collection, objects in creation order take the earliest unclaimed
/// successful `POST` to it whose request window holds their `created_at`.
fn assign(logs: &[RequestLog], objects: HashMap<&str, Vec<(i64, String)>>) -> HashMap<String, usize> {
    let mut found = HashMap::new();
    for (collection, mut ids) in objects {
        ids.sort();
        let mut creates = logs.iter().enumerate().filter(|(_, l)| collection_of(l) == Some(collection)).peekable();
        for (at, id) in ids {
            // Log times are whole milliseconds: allow one either side.
            while let Some((i, log)) = creates.peek() {
                let start = millis(&log.requested_at).unwrap_or(i64::MAX);
                let end = millis(&log.responded_at).unwrap_or(i64::MIN);
                if end + 1 < at {
                    creates.next();
                    continue;
                }
                if start - 1 <= at {
                    found.insert(id.clone(), *i);
                    creates.next();
                }
                break;
            }
        }
    }
    found
}

fn millis(iso: &str) -> Option<i64> {
    crate::clock::Timestamp::parse_rfc3339(iso).map(|t| t.millis())
}

/// The fixture: one step per log, oldest first.
pub fn build(name: &str, logs: &[RequestLog], origins: &HashMap<String, usize>) -> Fixture {
    let names: Vec<String> = logs.iter().enumerate().map(|(i, log)| step_name(i, log)).collect();
    let mut placeholders = BTreeSet::new();
    let mut bodiless = Vec::new();
    let steps = logs
        .iter()
        .enumerate()
        .map(|(i, log)| {
            let refer = |id: &str| -> Option<String> {
                origins.get(id).filter(|&&at| at < i).map(|&at| format!("${{{}.id}}", names[at]))
            };
            let path: Vec<String> = log.path.split('/').map(|seg| refer(seg).unwrap_or_else(|| escape(seg))).collect();
            let mut path = path.join("/");
            if let Some(query) = log.query.as_deref().filter(|q| !q.is_empty()) {
                let pairs: Vec<String> = query
                    .split('&')
                    .map(|pair| match pair.split_once('=') {
                        Some((k, v)) if v == REDACTED => {
                            format!("{}={}", escape(k), placeholder(k, &mut placeholders))
                        }
                        Some((k, v)) => format!("{}={}", escape(k), refer(v).unwrap_or_else(|| escape(v))),
                        None => escape(pair),
                    })
                    .collect();
                path = format!("{path}?{}", pairs.join("&"));
            }
            let body = match &log.request_body {
                // The API keeps nothing of a body that was not JSON.
                Some(Value::String(s)) if s == REDACTED_NON_JSON => {
                    bodiless.push(names[i].clone());
                    None
                }
                other => other.as_ref().map(|b| rewrite(b, "", &refer, &mut placeholders)),
            };
            Step {
                name: names[i].clone(),
                method: log.method.clone(),
                path,
                body,
                auth: TEST_KEY,
                expect: Some(Expect { status: Some(log.status_code) }),
            }
        })
        .collect();
    let mut description = format!(
        "Exported from {} request log(s), {} to {}; replays them with the TEST key.",
        logs.len(),
        logs.first().map_or("-", |l| l.requested_at.as_str()),
        logs.last().map_or("-", |l| l.requested_at.as_str()),
    );
    if !placeholders.is_empty() {
        let vars: Vec<&str> = placeholders.iter().map(String::as_str).collect();
        description.push_str(&format!(
            " Values the API redacted are placeholders: set {} before running it.",
            vars.join(", ")
        ));
    }
    if !bodiless.is_empty() {
        description.push_str(&format!(
            " Requests whose body was not JSON are not kept by the API; these steps send none: {}.",
            bodiless.join(", ")
        ));
    }
    Fixture { version: FIXTURE_VERSION, name: name.to_owned(), description: Some(description), steps }
}

fn step_name(i: usize, log: &RequestLog) -> String {
    let noun = log.path.split('/').rfind(|s| !s.is_empty() && !is_id(s)).unwrap_or("root");
    let noun: String = noun.chars().map(|c| if c.is_ascii_alphanumeric() { c } else { '-' }).take(40).collect();
    format!("s{}-{}-{noun}", i + 1, log.method.to_ascii_lowercase())
}

fn placeholder(key: &str, placeholders: &mut BTreeSet<String>) -> String {
    let field: String =
        key.chars().map(|c| if c.is_ascii_alphanumeric() { c.to_ascii_uppercase() } else { '_' }).collect();
    let var = format!("REDACTED_{}", if field.is_empty() { "VALUE".to_owned() } else { field });
    let out = format!("${{env.{var}}}");
    placeholders.insert(var);
    out
}

fn rewrite(
    value: &Value,
    key: &str,
    refer: &dyn Fn(&str) -> Option<String>,
    placeholders: &mut BTreeSet<String>,
) -> Value {
    match value {
        Value::String(s) if s == REDACTED => Value::String(placeholder(key, placeholders)),
        Value::String(s) => Value::String(refer(s).unwrap_or_else(|| escape(s))),
        Value::Array(items) => Value::Array(items.iter().map(|v| rewrite(v, key, refer, placeholders)).collect()),
        Value::Object(map) => {
            Value::Object(map.iter().map(|(k, v)| (k.clone(), rewrite(v, k, refer, placeholders))).collect())
        }
        other => other.clone(),
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn log(method: &str, path: &str, query: Option<&str>, status: u16, body: Option<Value>, at: &str) -> RequestLog {
        serde_json::from_value(json!({
            "id": "log", "method": method, "path": path, "query": query, "status_code": status, "duration_ms": 1,
            "correlation_id": "c", "api_key_id": "k", "error_code": null, "request_body": body,
            "requested_at": at, "responded_at": at,
        }))
        .unwrap()
    }

    const CUST: &str = "01938a4e-7c1a-7b32-9a5e-0c7d3f1e2a4b";

    #[test]
    fn creators_are_matched_in_creation_order() {
        let t = |ms: u32| format!("2026-11-21T10:00:00.{ms:03}Z");
        let logs = vec![
            log("POST", "/v1/customers", None, 201, None, &t(1)), // its object is never mentioned
            log("POST", "/v1/customers", None, 400, None, &t(5)), // refused: created nothing
            log("POST", "/v1/customers", None, 201, None, &t(10)), // two creates in one millisecond
            log("POST", "/v1/customers", None, 201, None, &t(10)),
            log("POST", "/v1/webhooks", None, 201, None, &t(20)),
            log("GET", "/v1/customers/x", None, 200, None, &t(30)),
        ];
        let objects = HashMap::from([
            (
                "/v1/customers",
                vec![(millis(&t(10)).unwrap(), "b".to_owned()), (millis(&t(10)).unwrap(), "a".to_owned())],
            ),
            ("/v1/webhooks", vec![(millis(&t(21)).unwrap(), "w".to_owned())]),
        ]);
        let found = assign(&logs, objects);
        assert_eq!(found, HashMap::from([("a".to_owned(), 2), ("b".to_owned(), 3), ("w".to_owned(), 4)]));
    }

    #[test]
    fn recognises_ids() {
        assert!(is_id(CUST));
        assert!(is_id("acc_01938a4e7c1a7b329a5e0c7d3f1e2a4b"));
        for not in ["customers", "v1", "AE", "acc_", "Acc_01938a4e7c1a7b329a5e", "trn-100200300", "hello_world"] {
            assert!(!is_id(not), "{not}");
        }
    }
}
