//! What an export keeps of a session that met faults, so its replay fails
//! where the original did:
//!
//! - **The fault each request met**, in the request's own
//!   `X-Sandbox-Fault` header (`drop_response`, `error; status=502`): the
//!   replay faults exactly those requests, whichever rule (or header)
//!   faulted them and whatever rules the replaying sandbox has. The
//!   requests that managed rules (`/sandbox/faults`, and `/sandbox/drill`,
//!   which installs a drill's rules) are therefore left out: replayed, a
//!   rule would fire a second time on other requests.
//! - **What the client saw**: a step whose connection was cut (`timeout`,
//!   `reset`, `drop_response`) expects no answer (`expect.no_answer`); an
//!   injected `error` or `rate_limit` expects its status.
//! - **The keys retries shared**: requests that carried the same
//!   `Idempotency-Key` share one in the replay (`${run}-k1`, fresh for each
//!   run), so a same-key retry replays the original answer and a retry
//!   without the key runs again, as they did.
//! - **Answers that never arrived**: an id created by a request whose
//!   answer was lost is referred to through the retry that replayed it.

use std::collections::HashMap;

use payctl_wire::faults::SANDBOX_FAULT_HEADER;
use payctl_wire::logs::{LogMethod, RequestLog};

/// The routes that manage fault rules, whose requests an export leaves
/// out: the rules' own, and the go-live drill's, which installs rules.
pub const RULE_PATHS: [&str; 2] = ["/sandbox/faults", "/sandbox/drill"];

/// Whether a logged request managed fault rules.
pub fn manages_rules(log: &RequestLog) -> bool {
    RULE_PATHS.iter().any(|p| log.path.strip_prefix(p).is_some_and(|rest| rest.is_empty() || rest.starts_with('/')))
}

/// The header that reproduces the fault a request met, as
/// `(name, value)`; `None` when it met none.
pub fn header(log: &RequestLog) -> Option<(String, String)> {
    let value = log.fault.as_ref()?.fault.header_value()?;
    Some((canonical_header(), value))
}

fn canonical_header() -> String {
    // `x-sandbox-fault` as people write it.
    SANDBOX_FAULT_HEADER.split('-').map(capitalised).collect::<Vec<_>>().join("-")
}

fn capitalised(word: &str) -> String {
    let mut chars = word.chars();
    chars.next().map(|c| c.to_ascii_uppercase().to_string() + chars.as_str()).unwrap_or_default()
}

/// Whether the client got no answer to this request.
pub fn unanswered(log: &RequestLog) -> bool {
    log.status_code == 0 || log.fault.as_ref().is_some_and(|f| f.fault.cuts_the_connection())
}

/// The replay's `Idempotency-Key` of each request: requests that carried
/// the same key (the log keeps its hash, never the key) share one,
/// numbered in order of first use. Only a POST honours one.
pub fn keys(logs: &[RequestLog]) -> Vec<Option<String>> {
    let mut numbers: HashMap<&str, usize> = HashMap::new();
    logs.iter()
        .map(|log| {
            let hash = log.idempotency_key_hash.as_deref().filter(|_| log.method == LogMethod::Post)?;
            let next = numbers.len() + 1;
            Some(format!("${{run}}-k{}", numbers.entry(hash).or_insert(next)))
        })
        .collect()
}

/// For each request, the earlier request it repeats: the same key, method,
/// path and body. Its replay must send exactly what that one sent (the
/// same synthetic values), or the API would answer 409 where it replayed.
pub fn repeats(logs: &[RequestLog], keys: &[Option<String>]) -> Vec<Option<usize>> {
    (0..logs.len())
        .map(|j| {
            let key = keys[j].as_ref()?;
            (0..j).find(|&i| {
                keys[i].as_ref() == Some(key)
                    && logs[i].method == logs[j].method
                    && logs[i].path == logs[j].path
                    && logs[i].request_body == logs[j].request_body
            })
        })
        .collect()
}

/// For each request whose answer never arrived, the first later request
/// that repeats it and was answered: the replay reads what the lost answer
/// held from there.
pub fn answered_by(logs: &[RequestLog], repeats: &[Option<usize>]) -> Vec<Option<usize>> {
    (0..logs.len())
        .map(|i| {
            if !unanswered(&logs[i]) {
                return None;
            }
            (i + 1..logs.len()).find(|&j| repeats[j] == Some(i) && !unanswered(&logs[j]))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use payctl_wire::faults::FaultKind;
    use serde_json::json;

    use super::*;

    fn log(method: &str, path: &str, status: u16, key: Option<&str>, fault: Option<FaultKind>) -> RequestLog {
        serde_json::from_value(json!({
            "id": "log", "method": method, "path": path, "query": null, "status_code": status, "duration_ms": 1,
            "correlation_id": "c", "idempotency_key_hash": key, "api_key_id": "k", "error_code": null,
            "request_body": {"a": 1}, "requested_at": "t", "responded_at": "t",
            "fault": fault.map(|kind| json!({"rule_id": "flt_1", "kind": kind, "status": (kind == FaultKind::Error).then_some(502)})),
        }))
        .unwrap()
    }

    #[test]
    fn retries_share_keys_and_lost_answers_are_read_from_their_replay() {
        let logs = vec![
            log("POST", "/v1/customers", 201, Some("a"), Some(FaultKind::DropResponse)),
            log("POST", "/v1/customers", 201, Some("a"), None),
            log("POST", "/v1/customers", 201, None, None),
            log("GET", "/v1/customers", 0, Some("a"), Some(FaultKind::Reset)),
            log("POST", "/v1/customers", 502, Some("b"), Some(FaultKind::Error)),
            log("POST", "/v1/customers", 201, Some("b"), None),
        ];
        let keys = keys(&logs);
        assert_eq!(keys[0].as_deref(), Some("${run}-k1"));
        assert_eq!(keys[1], keys[0]);
        assert_eq!((keys[2].as_deref(), keys[3].as_deref()), (None, None), "no key; a GET's is ignored");
        assert_eq!((keys[4].as_deref(), keys[5].as_deref()), (Some("${run}-k2"), Some("${run}-k2")));
        let repeats = repeats(&logs, &keys);
        assert_eq!(repeats, [None, Some(0), None, None, None, Some(4)]);
        assert_eq!(answered_by(&logs, &repeats), [Some(1), None, None, None, None, None]);
        assert_eq!(header(&logs[0]), Some(("X-Sandbox-Fault".to_owned(), "drop_response".to_owned())));
        assert_eq!(header(&logs[4]).map(|h| h.1).as_deref(), Some("error; status=502"));
        assert_eq!(header(&logs[1]), None);
        assert!(unanswered(&logs[0]) && unanswered(&logs[3]) && !unanswered(&logs[4]));
        assert!(manages_rules(&log("DELETE", "/sandbox/faults/flt_1", 204, None, None)));
        assert!(!manages_rules(&log("GET", "/sandbox/faultsy", 404, None, None)));
        assert!(manages_rules(&log("POST", "/sandbox/drill", 201, None, None)));
    }
}
