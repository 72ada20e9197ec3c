//! The dispatcher: sends due deliveries and records every attempt.
//!
//! It wakes when a commit recorded events (the database signals it after
//! the commit, so what it reads is already durable), when the clock is
//! advanced, a delivery is re-queued or an attempt ends, at the next
//! pending delivery's due time, and otherwise every 250 ms. Each pass reads
//! the due rows (`next_attempt_at` at or before sandbox time) and sends
//! each in its own task.
//!
//! **Fair shares.** Attempts in flight are capped per endpoint
//! ([`PER_ENDPOINT`]), per application ([`PER_APPLICATION`]), per partner
//! ([`PER_PARTNER`]) and in all ([`CONCURRENCY`]), and a pass reads at most
//! a few due deliveries of each endpoint, oldest first, then offers them a
//! slot fairly: one partner's after another's, within a partner one
//! application's after another's, within an application one endpoint's
//! after another's (each in due order). A partner's first
//! [`RESERVED_PER_PARTNER`] attempts never wait for the sandbox-wide pool,
//! so however many applications, endpoints and hanging receivers other
//! partners have, each partner's due delivery starts at once. A receiver
//! that never answers therefore holds its own endpoint's slots (each for
//! at most [`TIMEOUT`]) and its backlog waits behind them, while every
//! other endpoint's due delivery starts at once: one endpoint's backlog is
//! never read ahead of another's due row, and never occupies another's
//! slot, and no partner holds more than its share.
//!
//! Because deliveries are rows, whatever was pending when the sandbox
//! stopped is sent after the next start; an attempt cut short by shutdown
//! is simply not recorded and runs again.
//!
//! **Several processes on one database** (PostgreSQL) send through one of
//! them at a time, the one holding the database's dispatch lock
//! ([`crate::db::Db::dispatches`]): so each delivery is sent once, and
//! the shares and bounds above hold across processes. A process killed
//! mid-delivery loses the lock with its connection, and another takes over
//! within a second; the attempts it had in flight were not recorded, so
//! they are sent again: the documented at-least-once retry of an attempt
//! that got no answer.

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use tokio::sync::watch;
use tokio::task::JoinSet;

use super::faults::{self, Shaped};
use crate::clock::real_now;
use crate::error::ApiError;
use crate::state::AppState;
use crate::store;
use crate::store::deliveries::{Attempt, Due};
use crate::webhooks;

/// Attempts per delivery before it is `failed` (spec 8).
pub const MAX_ATTEMPTS: i64 = 10;
/// How long a receiver has to answer.
pub const TIMEOUT: Duration = Duration::from_secs(10);
/// Attempts in flight at once to one endpoint: a receiver that hangs holds
/// at most these, and its other deliveries wait for them.
pub const PER_ENDPOINT: usize = 4;
/// Attempts in flight at once for one application, across its endpoints.
pub const PER_APPLICATION: usize = 16;
/// Attempts in flight at once for one partner, across its applications.
pub const PER_PARTNER: usize = 32;
/// Attempts in flight at once in the whole sandbox (besides each partner's
/// reserved ones).
pub const CONCURRENCY: usize = 256;
/// Attempts a partner may always have in flight, even when the sandbox-wide
/// pool is full: so the pool bounds the sandbox at `CONCURRENCY` plus this
/// many per partner with deliveries, and no partner ever waits for it.
pub const RESERVED_PER_PARTNER: usize = PER_ENDPOINT;
pub const USER_AGENT: &str = "Service-Webhook/1.0";
const POLL: Duration = Duration::from_millis(250);
const MAX_ERROR_LEN: usize = 500;

/// Seconds before the attempt after attempt `number` (1-based): 1, 2, 4, …
pub fn backoff_seconds(number: i64) -> i64 {
    1i64 << (number - 1).clamp(0, 30)
}

/// The JSON body: every attempt of a delivery (and every endpoint)
/// receives the same bytes.
fn payload(job: &Due) -> String {
    webhooks::payload(&crate::store::events::EventRow {
        public_id: &job.event_public_id,
        event_type: job.event_type,
        resource_id: &job.resource_id,
        data: &job.data,
        created_at: job.created_at,
    })
}

/// The attempts in flight, counted per endpoint, application and partner.
#[derive(Default)]
struct Slots {
    deliveries: HashSet<i64>,
    endpoints: HashMap<i64, usize>,
    applications: HashMap<i64, usize>,
    partners: HashMap<i64, usize>,
    /// Deliveries whose attempt ended since the pass's rows were read: those
    /// rows are stale (they predate the attempt), so the pass leaves them
    /// to the next one rather than send them again.
    ended_since_read: HashSet<i64>,
}

impl Slots {
    /// Takes a slot for `job` when its endpoint, its application and the
    /// sandbox all have one free (and it is not already in flight).
    fn take(&mut self, job: &Due) -> bool {
        let endpoint = self.endpoints.get(&job.endpoint_id).copied().unwrap_or(0);
        let application = self.applications.get(&job.application_id).copied().unwrap_or(0);
        let partner = self.partners.get(&job.partner_id).copied().unwrap_or(0);
        let pool_full = self.deliveries.len() >= CONCURRENCY && partner >= RESERVED_PER_PARTNER;
        if pool_full
            || endpoint >= PER_ENDPOINT
            || application >= PER_APPLICATION
            || partner >= PER_PARTNER
            || self.ended_since_read.contains(&job.delivery_id)
            || !self.deliveries.insert(job.delivery_id)
        {
            return false;
        }
        *self.endpoints.entry(job.endpoint_id).or_default() += 1;
        *self.applications.entry(job.application_id).or_default() += 1;
        *self.partners.entry(job.partner_id).or_default() += 1;
        true
    }

    /// Gives back the slot of an attempt that ended (it was recorded).
    fn ended(&mut self, job: &Due) {
        self.ended_since_read.insert(job.delivery_id);
        self.give_back(job);
    }

    fn give_back(&mut self, job: &Due) {
        self.deliveries.remove(&job.delivery_id);
        release(&mut self.endpoints, job.endpoint_id);
        release(&mut self.applications, job.application_id);
        release(&mut self.partners, job.partner_id);
    }
}

fn release(counts: &mut HashMap<i64, usize>, id: i64) {
    if let Some(n) = counts.get_mut(&id) {
        *n -= 1;
        if *n == 0 {
            counts.remove(&id);
        }
    }
}

/// Runs until `stop` turns true (or its sender is dropped). In-flight
/// attempts are abandoned at that point, unrecorded, so shutdown is prompt.
pub async fn run(state: AppState, mut stop: watch::Receiver<bool>) {
    let mut client = Client::NotYet;
    let wake = state.db.outbox().clone();
    let slots: Arc<Mutex<Slots>> = Arc::default();
    let mut tasks = JoinSet::new();
    let mut dispatches = state.db.dispatches();
    'dispatch: loop {
        // Processes that share a database take turns: one sends at a time.
        while !*dispatches.borrow_and_update() {
            tokio::select! {
                changed = stop.changed() => if changed.is_err() || *stop.borrow() { break 'dispatch },
                changed = dispatches.changed() => if changed.is_err() { break 'dispatch },
            }
        }
        while tasks.try_join_next().is_some() {}
        let mut pause = POLL;
        slots.lock().unwrap_or_else(|p| p.into_inner()).ended_since_read.clear();
        match due(&state).await {
            Ok(Pass { due, next_due_in }) => {
                pause = next_due_in.map_or(POLL, |d| d.min(POLL));
                for job in due {
                    // Without a client nothing can be delivered (it said
                    // why); the rows stay pending for a later start.
                    let Some(client) = client.get().cloned() else { break 'dispatch };
                    if !slots.lock().unwrap_or_else(|p| p.into_inner()).take(&job) {
                        continue;
                    }
                    // Decided here, one delivery after another in the
                    // pass's order, so the same events meet the same faults.
                    let job = match faults::shape(&state, job).await {
                        Ok(Shaped::Send(job)) => job,
                        Ok(Shaped::NotNow(job)) => {
                            slots.lock().unwrap_or_else(|p| p.into_inner()).ended(&job);
                            continue;
                        }
                        Err((job, e)) => {
                            tracing::warn!(error = %e, "cannot apply the fault rules to a webhook delivery");
                            slots.lock().unwrap_or_else(|p| p.into_inner()).give_back(&job);
                            continue;
                        }
                    };
                    let (state, slots, wake) = (state.clone(), slots.clone(), wake.clone());
                    tasks.spawn(async move {
                        let sent = attempt(&state, &client, &job).await;
                        if let Err(e) = record(&state, &job, sent).await {
                            tracing::warn!(error = %e, "cannot record a webhook attempt");
                        }
                        slots.lock().unwrap_or_else(|p| p.into_inner()).ended(&job);
                        wake.notify_one();
                    });
                }
            }
            Err(e) => tracing::warn!(error = %e, "cannot read due webhook deliveries"),
        }
        tokio::select! {
            changed = stop.changed() => if changed.is_err() || *stop.borrow() { break 'dispatch },
            _ = wake.notified() => {}
            _ = tokio::time::sleep(pause) => {}
        }
    }
    tasks.shutdown().await;
}

/// The HTTP client deliveries go out with, built when the first delivery
/// is due: a sandbox that never delivers never touches the TLS and HTTP
/// client code, about 0.8 MB of an idle sandbox's memory (BENCHMARKS.md).
enum Client {
    NotYet,
    Ready(reqwest::Client),
    /// It could not be built (logged once): nothing is delivered.
    Failed,
}

impl Client {
    /// The client, built on the first call; `None` when it cannot be.
    fn get(&mut self) -> Option<&reqwest::Client> {
        if matches!(self, Client::NotYet) {
            *self = match reqwest::Client::builder()
                .timeout(TIMEOUT)
                .redirect(reqwest::redirect::Policy::none())
                .user_agent(USER_AGENT)
                .build()
            {
                Ok(c) => Client::Ready(c),
                Err(e) => {
                    tracing::error!(error = %e, "cannot build the webhook HTTP client; webhooks will not be delivered");
                    Client::Failed
                }
            };
        }
        match self {
            Client::Ready(c) => Some(c),
            Client::NotYet | Client::Failed => None,
        }
    }
}

/// `items` grouped by `key` (groups in the order their first item comes,
/// items in their order), then dealt one from each group in turn.
fn round_robin<T, K: Eq + std::hash::Hash>(items: Vec<T>, key: impl Fn(&T) -> K) -> Vec<Vec<T>> {
    let mut index: HashMap<K, usize> = HashMap::new();
    let mut groups: Vec<Vec<T>> = Vec::new();
    for item in items {
        let at = *index.entry(key(&item)).or_insert_with(|| {
            groups.push(Vec::new());
            groups.len() - 1
        });
        groups[at].push(item);
    }
    groups
}

/// Takes one from each list in turn until all are empty.
fn interleave<T>(lists: Vec<Vec<T>>) -> Vec<T> {
    let total = lists.iter().map(Vec::len).sum();
    let mut iters: Vec<std::vec::IntoIter<T>> = lists.into_iter().map(Vec::into_iter).collect();
    let mut out = Vec::with_capacity(total);
    while out.len() < total {
        for it in &mut iters {
            out.extend(it.next());
        }
    }
    out
}

/// The due deliveries in the order they are offered a slot: partners in
/// turn, within each its applications in turn, within each its endpoints in
/// turn, each endpoint's in due order.
fn fair_order(due: Vec<Due>) -> Vec<Due> {
    let partners = round_robin(due, |d| d.partner_id).into_iter().map(|partner| {
        let applications = round_robin(partner, |d| d.application_id)
            .into_iter()
            .map(|application| interleave(round_robin(application, |d| d.endpoint_id)))
            .collect();
        interleave(applications)
    });
    interleave(partners.collect())
}

/// What one pass found: the due deliveries, in the fair order, and how
/// long until the next pending one falls due.
struct Pass {
    due: Vec<Due>,
    next_due_in: Option<Duration>,
}

/// Reads, for every enabled endpoint, its oldest due deliveries: twice
/// [`PER_ENDPOINT`], so those already in flight (at most that many, and the
/// oldest) never hide the ones that could start. A backlog of thousands at
/// one endpoint costs one short index range, and every other endpoint's due
/// rows are read in the same pass.
async fn due(state: &AppState) -> Result<Pass, ApiError> {
    let now = state.clock.now();
    let per_endpoint = (2 * PER_ENDPOINT) as i64;
    let (due, next) = state.db.read(move |conn| store::deliveries::due(conn, now, per_endpoint)).await?;
    let next_due_in = next.map(|at| Duration::from_millis(u64::try_from(at - now.millis()).unwrap_or(0)));
    Ok(Pass { due: fair_order(due), next_due_in })
}

/// Sends one attempt of `job`, shaped by its fault, and says how it went.
async fn attempt(state: &AppState, client: &reqwest::Client, job: &Due) -> Attempt {
    let request_id = crate::ids::uuid();
    let attempted_at = state.clock.app_now(job.application_id);
    let started = Instant::now();
    let shaping = faults::shaping(job);
    let mut sent_signature = None;
    let result = match webhooks::open(&state.master_key, &job.endpoint_public_id, &job.sealed) {
        Err(_) => Err(format!(
            "nothing was sent: the endpoint's signing secret cannot be opened with this sandbox's key (the \
             database's key file was replaced, e.g. by --reset-secrets); rotate the secret (POST \
             /v1/webhooks/{}/secret/rotate), then redeliver",
            job.endpoint_public_id
        )),
        Ok(secret) => {
            let body = payload(job);
            // Real time: receivers compare `t` with their own clock.
            let sent = faults::sign(shaping, &secret, real_now().unix_seconds(), body);
            sent_signature = Some(sent.signature.clone());
            client
                .post(&job.url)
                .header("X-Service-Signature", sent.signature)
                .header("X-Service-Event", job.event_type.as_str())
                .header("X-Request-ID", &request_id)
                .header(reqwest::header::CONTENT_TYPE, "application/json")
                .body(sent.body)
                .send()
                .await
                .map_err(|e| describe(&e))
        }
    };
    let latency_ms = i64::try_from(started.elapsed().as_millis()).unwrap_or(i64::MAX);
    let (status_code, error) = match result {
        Ok(response) if response.status().is_success() => (Some(response.status().as_u16()), None),
        Ok(response) => {
            let code = response.status().as_u16();
            (Some(code), Some(format!("the receiver answered {code}; only 2xx counts as delivered")))
        }
        Err(message) => (None, Some(message.chars().take(MAX_ERROR_LEN).collect())),
    };
    Attempt {
        number: job.attempt_count + 1,
        request_id,
        attempted_at,
        status_code,
        latency_ms,
        error,
        url: Some(job.url.clone()),
        signature: sent_signature,
        fault_kind: shaping,
        verdict: Some(faults::verdict(job.role, shaping, status_code, latency_ms)),
    }
}

fn describe(e: &reqwest::Error) -> String {
    use std::error::Error;
    let mut text = if e.is_timeout() {
        format!("no answer within {} s", TIMEOUT.as_secs())
    } else if e.is_connect() {
        "cannot connect to the receiver".to_owned()
    } else {
        "the request failed".to_owned()
    };
    let mut source = e.source();
    while let Some(cause) = source {
        text.push_str(": ");
        text.push_str(&cause.to_string());
        source = cause.source();
    }
    text
}

/// Stores the attempt and moves the delivery on: succeeded, failed after
/// its last allowed attempt, or pending again after the backoff; then does
/// what the delivery's fault asks once its first attempt is out (copies,
/// probes) and releases what waited for a later event about its resource.
async fn record(state: &AppState, job: &Due, attempt: Attempt) -> Result<(), ApiError> {
    let now = state.clock.app_now(job.application_id);
    let application_id = job.application_id;
    let job = job.clone();
    let recorded = state
        .db
        .write(move |tx| {
            let succeeded = attempt.error.is_none();
            let retry_at = now.plus_seconds(backoff_seconds(attempt.number));
            // Not recorded: the endpoint was deleted meanwhile.
            if !store::deliveries::record(tx, job.delivery_id, &attempt, succeeded, now, retry_at)? {
                return Ok(());
            }
            faults::after_attempt(tx, &job, attempt.number, succeeded, now)
        })
        .await;
    // The go-live review judges the attempts.
    state.request_log.changes().changed(application_id);
    recorded
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::secrets::Sealed;
    use payctl_wire::webhooks::DeliveryRole;

    #[test]
    fn backoff_doubles_from_one_second() {
        let delays: Vec<i64> = (1..MAX_ATTEMPTS).map(backoff_seconds).collect();
        assert_eq!(delays, vec![1, 2, 4, 8, 16, 32, 64, 128, 256]);
    }

    fn job(delivery_id: i64, endpoint_id: i64, application_id: i64) -> Due {
        Due {
            delivery_id,
            attempt_count: 0,
            endpoint_id,
            endpoint_public_id: "wh".into(),
            url: "http://127.0.0.1/".into(),
            sealed: Sealed { nonce: vec![], ciphertext: vec![] },
            event_public_id: "evt_1".into(),
            event_type: payctl_wire::events::EventType::SettlementCompleted,
            resource_id: "p".into(),
            data: "{}".into(),
            created_at: 0,
            application_id,
            partner_id: application_id,
            event_row_id: 1,
            is_test: true,
            role: DeliveryRole::Genuine,
            fault: None,
            faults_decided: false,
        }
    }

    #[test]
    fn slots_cap_each_endpoint_and_application_apart() {
        let mut slots = Slots::default();
        let mut id = 0;
        let mut next = |endpoint, application| {
            id += 1;
            job(id, endpoint, application)
        };
        // One endpoint fills its share; the next of its deliveries waits.
        for _ in 0..PER_ENDPOINT {
            assert!(slots.take(&next(1, 1)));
        }
        let waiting = next(1, 1);
        assert!(!slots.take(&waiting));
        // The same application's other endpoints go on up to the application's share.
        let mut others = Vec::new();
        for e in 0..(PER_APPLICATION - PER_ENDPOINT) {
            let j = next(100 + e as i64, 1);
            assert!(slots.take(&j));
            others.push(j);
        }
        assert!(!slots.take(&next(999, 1)), "the application's share is full");
        // Another application is untouched by all of it.
        assert!(slots.take(&next(2, 2)));
        // A delivery already in flight is not started twice.
        let first = job(1, 1, 1);
        assert!(!slots.take(&first));
        slots.give_back(&first);
        assert!(slots.take(&waiting), "a freed endpoint slot is taken by its next delivery");
        for j in &others {
            slots.give_back(j);
        }
        assert_eq!(slots.applications[&1], PER_ENDPOINT);
        assert!(!slots.endpoints.contains_key(&100), "released counts are removed, so the maps stay small");
    }

    #[test]
    fn a_partner_is_capped_across_its_applications_and_keeps_a_reserve_in_a_full_pool() {
        let mut slots = Slots::default();
        let mut id = 0;
        let mut next = |endpoint: i64, application: i64, partner: i64| {
            id += 1;
            Due { partner_id: partner, ..job(id, endpoint, application) }
        };
        // Partner 1, many applications of four endpoints each: it stops at its share.
        let mut taken = 0;
        for app in 0..20 {
            for endpoint in 0..4 {
                if slots.take(&next(app * 10 + endpoint, app, 1)) {
                    taken += 1;
                }
            }
        }
        assert_eq!(taken, PER_PARTNER);
        // A full pool still lets another partner start its reserved attempts.
        for p in 2..100 {
            while slots.deliveries.len() < CONCURRENCY && slots.take(&next(1000 + p, 1000 + p, p)) {}
        }
        assert!(slots.deliveries.len() >= CONCURRENCY);
        for n in 0..RESERVED_PER_PARTNER {
            assert!(slots.take(&next(5000 + n as i64, 5000, 500)), "reserved attempt {n}");
        }
        assert!(!slots.take(&next(6000, 5000, 500)), "beyond its reserve a partner waits for the pool");
    }

    #[test]
    fn the_pass_offers_slots_to_partners_then_applications_then_endpoints_in_turn() {
        let mut due = Vec::new();
        // Partner 1: application 10 (endpoints 100, 101) and 11 (endpoint 110), many deliveries each.
        for n in 0..3 {
            for (endpoint, app) in [(100, 10), (101, 10), (110, 11)] {
                due.push(Due { partner_id: 1, ..job(endpoint * 10 + n, endpoint, app) });
            }
        }
        // Partner 2's one delivery comes last in due order.
        due.push(Due { partner_id: 2, ..job(9999, 200, 20) });
        let order: Vec<(i64, i64)> = fair_order(due).iter().map(|d| (d.partner_id, d.endpoint_id)).collect();
        assert_eq!(order[..2], [(1, 100), (2, 200)], "partner 2 goes second, not last");
        let partner_one: Vec<i64> = order.iter().filter(|(p, _)| *p == 1).map(|(_, e)| *e).collect();
        assert_eq!(partner_one[..4], [100, 110, 101, 110], "applications in turn, then endpoints in turn");
    }

    #[test]
    fn payload_has_the_event_id_resource_id_and_raw_data() {
        let due = Due {
            resource_id: "p\"1".into(),
            data: r#"{"status":"SETTLED"}"#.into(),
            created_at: 1_700_000_000_123,
            ..job(1, 1, 1)
        };
        let v: serde_json::Value = serde_json::from_str(&payload(&due)).unwrap();
        assert_eq!(
            v,
            serde_json::json!({"id": "evt_1", "event": "settlement.completed",
                "timestamp": "2023-11-14T22:13:20.123Z", "payment_id": "p\"1", "data": {"status": "SETTLED"}})
        );
    }
}
