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
//! ([`PER_ENDPOINT`]), per application ([`PER_APPLICATION`]) and in all
//! ([`CONCURRENCY`]), and a pass reads at most a few due deliveries of each
//! endpoint, oldest first, then starts them in due order wherever their
//! endpoint and application have a free slot. A receiver that never
//! answers therefore holds its own endpoint's slots (each for at most
//! [`TIMEOUT`]) and its backlog waits behind them, while every other
//! endpoint's due delivery starts at once: one endpoint's backlog is never
//! read ahead of another's due row, and never occupies another's slot.
//!
//! Because deliveries are rows, whatever was pending when the sandbox
//! stopped is sent after the next start; an attempt cut short by shutdown
//! is simply not recorded and runs again.

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
/// Attempts in flight at once in the whole sandbox.
pub const CONCURRENCY: usize = 256;
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
    webhooks::payload(&webhooks::EventRow {
        public_id: &job.event_public_id,
        event_type: &job.event_type,
        resource_type: &job.resource_type,
        resource_id: &job.resource_id,
        data: &job.data,
        created_at: job.created_at,
    })
}

/// The attempts in flight, counted per endpoint and per application.
#[derive(Default)]
struct Slots {
    deliveries: HashSet<i64>,
    endpoints: HashMap<i64, usize>,
    applications: HashMap<i64, usize>,
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
        if self.deliveries.len() >= CONCURRENCY
            || endpoint >= PER_ENDPOINT
            || application >= PER_APPLICATION
            || self.ended_since_read.contains(&job.delivery_id)
            || !self.deliveries.insert(job.delivery_id)
        {
            return false;
        }
        *self.endpoints.entry(job.endpoint_id).or_default() += 1;
        *self.applications.entry(job.application_id).or_default() += 1;
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
    'dispatch: loop {
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
                    // Decided here, one delivery after another in due
                    // order, so the same events meet the same faults.
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

/// What one pass found: the due deliveries, in due order, and how long
/// until the next pending one falls due.
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
    Ok(Pass { due, next_due_in })
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
                .header("X-Service-Event", &job.event_type)
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
    let job = job.clone();
    state
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
        .await
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
            event_type: "settlement.completed".into(),
            resource_type: "transaction".into(),
            resource_id: "p".into(),
            data: "{}".into(),
            created_at: 0,
            application_id,
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
