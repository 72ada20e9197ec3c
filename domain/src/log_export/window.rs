//! An export of part of the logs (a `--from` window, a filter) must still
//! replay: the objects its requests refer to may have been created before
//! the window, and a literal id exists only in the recorded sandbox.
//!
//! So the requests that created them are pulled in from the rest of the
//! log, with the earlier changes made to those objects (an approval, a
//! quote's acceptance), and then whatever those requests refer to, until
//! nothing more is needed. An id no logged request created (seeded data,
//! an object older than the log's retention, one made with the dashboard
//! login) stays literal, and the export says which and where.

use std::collections::{BTreeSet, HashMap, HashSet};
use std::future::Future;
use std::sync::Mutex;

use payctl_wire::logs::{LogMethod, RequestLog};
use serde_json::Value;

use super::origins::{Origin, creates, mentioned_ids, origins, origins_of};

/// The requests to export and where each id they mention comes from.
#[derive(Debug)]
pub struct Completed {
    /// The selected requests and those pulled in, in replay order.
    pub logs: Vec<RequestLog>,
    /// Positions in `logs` of the requests pulled in from outside the selection.
    pub pulled: Vec<usize>,
    pub origins: HashMap<String, Origin>,
    /// Ids no request of `logs` creates, each with the position of the
    /// first request mentioning it.
    pub literal: Vec<(String, usize)>,
}

/// The selected logs (oldest first) with the origin of every id they
/// create, and the ids they mention but do not create: an export of the
/// whole log, or the first look at part of one.
pub async fn within<F, Fut>(selection: Vec<RequestLog>, read_back: F) -> Completed
where
    F: FnMut(String) -> Fut,
    Fut: Future<Output = Option<Value>>,
{
    let found = origins(&selection, read_back).await;
    let literal = literal_ids(&selection, &found);
    Completed { logs: selection, pulled: Vec::new(), origins: found, literal }
}

/// The selection completed from `everything` (the application's log up to
/// the selection's end, oldest first) by [`complete`]. A selected log no
/// longer in `everything` (pruned meanwhile) is kept anyway.
pub async fn with_earlier<F, Fut>(selection: &[RequestLog], mut everything: Vec<RequestLog>, read_back: F) -> Completed
where
    F: FnMut(String) -> Fut,
    Fut: Future<Output = Option<Value>>,
{
    let present: HashSet<String> = everything.iter().map(|l| l.id.clone()).collect();
    everything.extend(selection.iter().filter(|l| !present.contains(&l.id)).cloned());
    let chosen: HashSet<&str> = selection.iter().map(|l| l.id.as_str()).collect();
    let selected: Vec<bool> = everything.iter().map(|l| chosen.contains(l.id.as_str())).collect();
    complete(&everything, &selected, read_back).await
}

/// `all` is the application's log up to the end of the selection, in
/// replay order (oldest first); `selected` says which of them were asked
/// for. `read_back` is that of [`origins`]; it may be called for the same
/// path more than once, so callers going over the network cache it.
pub async fn complete<F, Fut>(all: &[RequestLog], selected: &[bool], mut read_back: F) -> Completed
where
    F: FnMut(String) -> Fut,
    Fut: Future<Output = Option<Value>>,
{
    let first_selected = selected.iter().position(|s| *s).unwrap_or(all.len());
    let mut pulled: BTreeSet<usize> = BTreeSet::new();
    // Ids read back: only an object that exists is traced to a create
    // outside the selection (the guess by collection, for an endpoint since
    // deleted, is left to the requests exported anyway).
    let readable: Mutex<BTreeSet<String>> = Mutex::default();
    let readable = &readable;
    let mut recording = |path: String| {
        let answer = read_back(path.clone());
        async move {
            let object = answer.await;
            if object.is_some()
                && let Some((_, id)) = path.rsplit_once('/')
                && let Ok(mut readable) = readable.lock()
            {
                readable.insert(id.to_owned());
            }
            object
        }
    };
    loop {
        let needed = |i: usize| selected[i] || pulled.contains(&i);
        // The requests needed so far, and every other create as a candidate creator.
        let seq: Vec<usize> = (0..all.len()).filter(|&i| needed(i) || creates(&all[i])).collect();
        let logs: Vec<RequestLog> = seq.iter().map(|&i| all[i].clone()).collect();
        let wanted: BTreeSet<String> =
            seq.iter().filter(|&&i| needed(i)).flat_map(|&i| mentioned_ids(&all[i])).collect();
        let found = origins_of(&logs, |id| wanted.contains(id), &mut recording).await;
        let mut grew = false;
        for id in &wanted {
            let Some(origin) = found.get(id) else { continue };
            let creator = seq[origin.step];
            if selected[creator] || !readable.lock().is_ok_and(|r| r.contains(id)) {
                continue;
            }
            grew |= pulled.insert(creator);
            // What was done to the object before the window, so it replays in the same state.
            for (i, log) in all.iter().enumerate().take(first_selected).skip(creator + 1) {
                if log.method != LogMethod::Get
                    && (200..300).contains(&log.status_code)
                    && mentioned_ids(log).contains(id)
                {
                    grew |= pulled.insert(i);
                }
            }
        }
        if !grew {
            break;
        }
    }
    let kept: Vec<usize> = (0..all.len()).filter(|&i| selected[i] || pulled.contains(&i)).collect();
    let logs: Vec<RequestLog> = kept.iter().map(|&i| all[i].clone()).collect();
    let origins = origins(&logs, &mut recording).await;
    let pulled = kept.iter().enumerate().filter(|(_, i)| pulled.contains(i)).map(|(j, _)| j).collect();
    let literal = literal_ids(&logs, &origins);
    Completed { logs, pulled, origins, literal }
}

/// Ids mentioned in `logs` that no request of theirs creates.
pub fn literal_ids(logs: &[RequestLog], origins: &HashMap<String, Origin>) -> Vec<(String, usize)> {
    let mut literal: Vec<(String, usize)> = Vec::new();
    for (j, log) in logs.iter().enumerate() {
        for id in mentioned_ids(log) {
            let placed = origins.get(&id).is_some_and(|o| o.step < j);
            if !placed && !literal.iter().any(|(seen, _)| *seen == id) {
                literal.push((id, j));
            }
        }
    }
    literal
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::log_export::tests::log;

    const CUST: &str = "01938a4e-7c1a-7b32-9a5e-0c7d3f1e2a4b";
    const OTHER: &str = "01938a4e-7c1a-7b32-9a5e-0c7d3f1e2aff";
    const QUOTE: &str = "01938a4e-7c1a-7b32-9a5e-0c7d3f1e2a99";

    fn t(ms: u32) -> String {
        format!("2026-11-21T10:00:00.{ms:03}Z")
    }

    /// Objects as the sandbox would answer them: created at a time.
    fn read(path: String) -> std::future::Ready<Option<Value>> {
        let at = |ms| Some(json!({"id": path.rsplit('/').next().unwrap(), "created_at": t(ms)}));
        std::future::ready(match path.as_str() {
            p if p == format!("/v1/customers/{CUST}") => at(10),
            p if p == format!("/v1/customers/{OTHER}") => at(20),
            p if p == format!("/v1/transactions/quote/{QUOTE}") => at(40),
            _ => None,
        })
    }

    #[tokio::test]
    async fn creators_and_earlier_changes_are_pulled_in_and_the_rest_stays_out() {
        let all = vec![
            log("POST", "/v1/customers", None, 201, Some(json!({"legal_name": "A"})), &t(10)),
            log("POST", "/v1/customers", None, 201, Some(json!({"legal_name": "B"})), &t(20)),
            log("POST", &format!("/sandbox/customers/{CUST}/approve"), None, 200, None, &t(30)),
            log("POST", &format!("/sandbox/customers/{OTHER}/approve"), None, 200, None, &t(31)),
            log("POST", "/v1/transactions/quote", None, 201, Some(json!({"customer_id": CUST})), &t(40)),
            log("GET", &format!("/v1/customers/{CUST}"), None, 200, None, &t(45)),
            // The window: accepts the quote, reads a customer nobody logged creating.
            log("POST", &format!("/v1/transactions/quote/{QUOTE}/accept"), None, 200, None, &t(50)),
            log("GET", "/v1/customers/01938a4e-7c1a-7b32-9a5e-000000000000", None, 404, None, &t(60)),
        ];
        let selected = [false, false, false, false, false, false, true, true];
        let done = complete(&all, &selected, read).await;
        let kept: Vec<&str> = done.logs.iter().map(|l| l.path.as_str()).collect();
        assert_eq!(
            kept,
            [
                "/v1/customers".to_owned(),
                format!("/sandbox/customers/{CUST}/approve"),
                "/v1/transactions/quote".to_owned(),
                format!("/v1/transactions/quote/{QUOTE}/accept"),
                "/v1/customers/01938a4e-7c1a-7b32-9a5e-000000000000".to_owned(),
            ]
        );
        assert_eq!(done.logs[0].request_body, Some(json!({"legal_name": "A"})), "the quote's customer, not the other");
        assert_eq!(done.pulled, [0, 1, 2]);
        assert_eq!(done.origins[QUOTE].step, 2);
        assert_eq!(done.origins[CUST].step, 0);
        assert_eq!(done.literal, [("01938a4e-7c1a-7b32-9a5e-000000000000".to_owned(), 4)]);
    }
}
