//! The dispatcher: sends due deliveries and records every attempt.
//!
//! It wakes when a commit recorded events (the database signals it after
//! the commit, so what it reads is already durable), when the clock is
//! advanced or a delivery is re-queued, and otherwise every 250 ms. Each
//! pass reads the due rows (`next_attempt_at` at or before sandbox time) and
//! sends each in its own task, at most [`CONCURRENCY`] at once, so a slow
//! receiver occupies one slot and never holds up the others. Because
//! deliveries are rows, whatever was pending when the sandbox stopped is
//! sent after the next start; an attempt cut short by shutdown is simply
//! not recorded and runs again.

use std::collections::HashSet;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use rusqlite::params;
use tokio::sync::{Semaphore, watch};
use tokio::task::JoinSet;

use crate::clock::{Timestamp, real_now};
use crate::db::CachedSql;
use crate::error::ApiError;
use crate::state::AppState;
use crate::webhooks::{self, Sealed};

/// Attempts per delivery before it is `failed` (spec 8).
pub const MAX_ATTEMPTS: i64 = 10;
/// How long a receiver has to answer.
pub const TIMEOUT: Duration = Duration::from_secs(10);
/// Deliveries in flight at once.
pub const CONCURRENCY: usize = 16;
pub const USER_AGENT: &str = "Service-Webhook/1.0";
const POLL: Duration = Duration::from_millis(250);
const BATCH: usize = 64;
const MAX_ERROR_LEN: usize = 500;

/// Seconds before the attempt after attempt `number` (1-based): 1, 2, 4, …
pub fn backoff_seconds(number: i64) -> i64 {
    1i64 << (number - 1).clamp(0, 30)
}

/// One due delivery, with everything needed to send it.
struct Due {
    delivery_id: i64,
    attempt_count: i64,
    endpoint_public_id: String,
    url: String,
    sealed: Sealed,
    event_public_id: String,
    event_type: String,
    resource_type: String,
    resource_id: String,
    data: String,
    created_at: i64,
    application_id: i64,
}

impl Due {
    /// The JSON body: every attempt of a delivery (and every endpoint)
    /// receives the same bytes.
    fn payload(&self) -> String {
        webhooks::payload(&webhooks::EventRow {
            public_id: &self.event_public_id,
            event_type: &self.event_type,
            resource_type: &self.resource_type,
            resource_id: &self.resource_id,
            data: &self.data,
            created_at: self.created_at,
        })
    }
}

struct Outcome {
    request_id: String,
    /// Where the attempt went, and the signature header it carried.
    url: String,
    signature: Option<String>,
    attempted_at: Timestamp,
    status_code: Option<u16>,
    latency_ms: i64,
    error: Option<String>,
}

/// Runs until `stop` turns true (or its sender is dropped). In-flight
/// attempts are abandoned at that point, unrecorded, so shutdown is prompt.
pub async fn run(state: AppState, mut stop: watch::Receiver<bool>) {
    let client = match reqwest::Client::builder()
        .timeout(TIMEOUT)
        .redirect(reqwest::redirect::Policy::none())
        .user_agent(USER_AGENT)
        .build()
    {
        Ok(c) => c,
        Err(e) => {
            tracing::error!(error = %e, "cannot build the webhook HTTP client; webhooks will not be delivered");
            return;
        }
    };
    let wake = state.db.outbox().clone();
    let permits = Arc::new(Semaphore::new(CONCURRENCY));
    let in_flight: Arc<Mutex<HashSet<i64>>> = Arc::default();
    let mut tasks = JoinSet::new();
    loop {
        while tasks.try_join_next().is_some() {}
        match due(&state, &in_flight).await {
            Ok(batch) => {
                for job in batch {
                    let Ok(permit) = permits.clone().try_acquire_owned() else { break };
                    in_flight.lock().unwrap_or_else(|p| p.into_inner()).insert(job.delivery_id);
                    let (state, client, in_flight, wake) =
                        (state.clone(), client.clone(), in_flight.clone(), wake.clone());
                    tasks.spawn(async move {
                        let outcome = attempt(&state, &client, &job).await;
                        if let Err(e) = record(&state, &job, outcome).await {
                            tracing::warn!(error = %e, "cannot record a webhook attempt");
                        }
                        in_flight.lock().unwrap_or_else(|p| p.into_inner()).remove(&job.delivery_id);
                        drop(permit);
                        wake.notify_one();
                    });
                }
            }
            Err(e) => tracing::warn!(error = %e, "cannot read due webhook deliveries"),
        }
        tokio::select! {
            changed = stop.changed() => if changed.is_err() || *stop.borrow() { break },
            _ = wake.notified() => {}
            _ = tokio::time::sleep(POLL) => {}
        }
    }
    tasks.shutdown().await;
}

async fn due(state: &AppState, in_flight: &Arc<Mutex<HashSet<i64>>>) -> Result<Vec<Due>, ApiError> {
    let busy: HashSet<i64> = in_flight.lock().unwrap_or_else(|p| p.into_inner()).clone();
    let limit = (BATCH + busy.len()) as i64;
    let now = state.clock.now().millis();
    let rows = state
        .db
        .read(move |conn| {
            let mut stmt = conn.prepare_cached(
                "SELECT d.id, d.attempt_count, w.public_id, w.url, w.secret_nonce, w.secret_sealed,
                        e.public_id, e.type, e.resource_type, e.resource_id, e.data, e.created_at, w.application_id
                 FROM webhook_deliveries d
                 JOIN webhook_endpoints w ON w.id = d.endpoint_id
                 JOIN events e ON e.id = d.event_id
                 WHERE d.status = 'pending' AND d.next_attempt_runs_at <= ?1 AND w.status = 'enabled'
                 ORDER BY d.next_attempt_runs_at, d.id LIMIT ?2",
            )?;
            let rows = stmt
                .query_map(params![now, limit], |r| {
                    Ok(Due {
                        delivery_id: r.get(0)?,
                        attempt_count: r.get(1)?,
                        endpoint_public_id: r.get(2)?,
                        url: r.get(3)?,
                        sealed: Sealed { nonce: r.get(4)?, ciphertext: r.get(5)? },
                        event_public_id: r.get(6)?,
                        event_type: r.get(7)?,
                        resource_type: r.get(8)?,
                        resource_id: r.get(9)?,
                        data: r.get(10)?,
                        created_at: r.get(11)?,
                        application_id: r.get(12)?,
                    })
                })?
                .collect::<Result<Vec<_>, _>>()?;
            Ok(rows)
        })
        .await?;
    Ok(rows.into_iter().filter(|d| !busy.contains(&d.delivery_id)).collect())
}

async fn attempt(state: &AppState, client: &reqwest::Client, job: &Due) -> Outcome {
    let request_id = crate::ids::uuid();
    let attempted_at = state.clock.app_now(job.application_id);
    let started = Instant::now();
    let mut sent_signature = None;
    let result = match webhooks::open(&state.master_key, &job.endpoint_public_id, &job.sealed) {
        Err(e) => Err(e.message.to_string()),
        Ok(secret) => {
            let body = job.payload();
            // Real time: receivers compare `t` with their own clock.
            let t = real_now().unix_seconds();
            let signature = format!("t={t},v1={}", webhooks::signature(&secret, t, body.as_bytes()));
            sent_signature = Some(signature.clone());
            client
                .post(&job.url)
                .header("X-Service-Signature", signature)
                .header("X-Service-Event", &job.event_type)
                .header("X-Request-ID", &request_id)
                .header(reqwest::header::CONTENT_TYPE, "application/json")
                .body(body)
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
    Outcome {
        request_id,
        url: job.url.clone(),
        signature: sent_signature,
        attempted_at,
        status_code,
        latency_ms,
        error,
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
/// its last allowed attempt, or pending again after the backoff.
async fn record(state: &AppState, job: &Due, outcome: Outcome) -> Result<(), ApiError> {
    let (delivery_id, number) = (job.delivery_id, job.attempt_count + 1);
    let now = state.clock.app_now(job.application_id);
    state
        .db
        .write(move |tx| {
            let next = now.plus_seconds(backoff_seconds(number)).millis();
            let changed = tx.execute_cached(
                "UPDATE webhook_deliveries SET attempt_count = ?2, updated_at = ?3,
                     status = CASE WHEN ?4 THEN 'succeeded' WHEN ?2 >= attempt_limit THEN 'failed' ELSE 'pending' END,
                     next_attempt_at = CASE WHEN ?4 OR ?2 >= attempt_limit THEN NULL ELSE ?5 END,
                     next_attempt_runs_at = CASE WHEN ?4 OR ?2 >= attempt_limit THEN NULL
                         ELSE ?5 - (SELECT a.clock_offset_millis FROM webhook_endpoints w
                             JOIN applications a ON a.id = w.application_id WHERE w.id = webhook_deliveries.endpoint_id)
                         END
                 WHERE id = ?1 AND attempt_count = ?2 - 1",
                params![delivery_id, number, now.millis(), outcome.error.is_none(), next],
            )?;
            // Zero rows: the endpoint was deleted meanwhile; nothing to record.
            if changed == 1 {
                tx.execute_cached(
                    "INSERT INTO webhook_attempts (delivery_id, number, request_id, attempted_at, status_code,
                         latency_ms, error, url, signature) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
                    params![
                        delivery_id,
                        number,
                        outcome.request_id,
                        outcome.attempted_at.millis(),
                        outcome.status_code,
                        outcome.latency_ms,
                        outcome.error,
                        outcome.url,
                        outcome.signature
                    ],
                )?;
            }
            Ok(())
        })
        .await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backoff_doubles_from_one_second() {
        let delays: Vec<i64> = (1..MAX_ATTEMPTS).map(backoff_seconds).collect();
        assert_eq!(delays, vec![1, 2, 4, 8, 16, 32, 64, 128, 256]);
    }

    #[test]
    fn payload_has_the_event_id_resource_id_and_raw_data() {
        let due = Due {
            delivery_id: 1,
            attempt_count: 0,
            endpoint_public_id: "wh".into(),
            url: "http://127.0.0.1/".into(),
            sealed: Sealed { nonce: vec![], ciphertext: vec![] },
            event_public_id: "evt_1".into(),
            event_type: "settlement.completed".into(),
            resource_type: "transaction".into(),
            resource_id: "p\"1".into(),
            data: r#"{"status":"SETTLED"}"#.into(),
            created_at: 1_700_000_000_123,
            application_id: 1,
        };
        let v: serde_json::Value = serde_json::from_str(&due.payload()).unwrap();
        assert_eq!(
            v,
            serde_json::json!({"id": "evt_1", "event": "settlement.completed",
                "timestamp": "2023-11-14T22:13:20.123Z", "payment_id": "p\"1", "data": {"status": "SETTLED"}})
        );
    }
}
