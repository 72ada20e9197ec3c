//! Webhook deliveries as the dispatcher works them (`webhook_deliveries`,
//! `webhook_attempts`): SQL only. When and how a delivery is sent is
//! `webhooks::dispatcher`'s rule; which faults shape it, `faults`'.
//!
//! Times: `next_attempt_at` is on the application's clock (what the API
//! shows); `next_attempt_runs_at` is the same instant on the global clock,
//! which the dispatcher compares with, so every write of one writes both.

use payctl_domain::time::Timestamp;
use payctl_wire::applications::Environment;
use payctl_wire::events::EventType;
use payctl_wire::faults::{AppliedFault, FaultKind};
use payctl_wire::webhooks::{DeliveryRole, DeliveryStatus, Verdict, WebhookStatus};
use rusqlite::params;

use crate::db::sql::{Conn, OptionalExtension};
use crate::error::ApiError;
use crate::ids;
use crate::secrets::Sealed;

/// One due delivery, with everything needed to send it.
#[derive(Debug, Clone)]
pub struct Due {
    pub delivery_id: i64,
    pub attempt_count: i64,
    pub endpoint_id: i64,
    pub endpoint_public_id: String,
    pub url: String,
    pub sealed: Sealed,
    pub event_row_id: i64,
    pub event_public_id: String,
    pub event_type: EventType,
    pub resource_id: String,
    pub data: String,
    pub created_at: i64,
    pub application_id: i64,
    /// Its application's partner.
    pub partner_id: i64,
    /// Whether its application is a TEST one (faults apply to those only).
    pub is_test: bool,
    pub role: DeliveryRole,
    pub fault: Option<AppliedFault>,
    /// Whether the fault rules were consulted before its first attempt.
    pub faults_decided: bool,
}

/// For every enabled endpoint, its oldest `per_endpoint` deliveries due at
/// `now` (global clock), in due order; and when the next pending one that
/// is not yet due falls due.
pub fn due(conn: &Conn<'_>, now: Timestamp, per_endpoint: i64) -> Result<(Vec<Due>, Option<i64>), ApiError> {
    let mut stmt = conn.prepare_cached(super::sql_text!(
        "SELECT d.id, d.attempt_count, w.id, w.public_id, w.url, w.secret_nonce, w.secret_sealed,
                e.id, e.public_id, e.type, e.resource_id, e.data, e.created_at, w.application_id,
                a.environment = '{test}', d.role, d.fault, d.faults_decided, a.partner_id
         FROM webhook_endpoints w
         JOIN webhook_deliveries d ON d.id IN (
             SELECT x.id FROM webhook_deliveries x
             WHERE x.endpoint_id = w.id AND x.status = '{pending}' AND x.next_attempt_runs_at <= ?1
             ORDER BY x.next_attempt_runs_at, x.id LIMIT ?2)
         JOIN events e ON e.id = d.event_id
         JOIN applications a ON a.id = w.application_id
         WHERE w.status = '{enabled}'
         ORDER BY d.next_attempt_runs_at, d.id",
        test = Environment::Test,
        pending = DeliveryStatus::Pending,
        enabled = WebhookStatus::Enabled,
    ))?;
    let due = stmt
        .query_map(params![now.millis(), per_endpoint], |r| {
            Ok(Due {
                delivery_id: r.get(0)?,
                attempt_count: r.get(1)?,
                endpoint_id: r.get(2)?,
                endpoint_public_id: r.get(3)?,
                url: r.get(4)?,
                sealed: Sealed { nonce: r.get(5)?, ciphertext: r.get(6)? },
                event_row_id: r.get(7)?,
                event_public_id: r.get(8)?,
                event_type: r.get(9)?,
                resource_id: r.get(10)?,
                data: r.get(11)?,
                created_at: r.get(12)?,
                application_id: r.get(13)?,
                is_test: r.get(14)?,
                role: r.get(15)?,
                fault: fault(r.get(16)?),
                faults_decided: r.get(17)?,
                partner_id: r.get(18)?,
            })
        })?
        .collect::<Result<Vec<_>, _>>()?;
    let next: Option<i64> = conn
        .prepare_cached(super::sql_text!(
            "SELECT MIN(next_attempt_runs_at) FROM webhook_deliveries
             WHERE status = '{}' AND next_attempt_runs_at > ?1",
            DeliveryStatus::Pending
        ))?
        .query_row([now.millis()], |r| r.get(0))?;
    Ok((due, next))
}

/// A stored fault, read back.
pub fn fault(text: Option<String>) -> Option<AppliedFault> {
    text.and_then(|t| serde_json::from_str(&t).ok())
}

fn fault_text(fault: &AppliedFault) -> Result<String, ApiError> {
    serde_json::to_string(fault).map_err(ApiError::internal)
}

/// One attempt as it went.
#[derive(Debug, Clone)]
pub struct Attempt {
    pub number: i64,
    pub request_id: String,
    pub attempted_at: Timestamp,
    pub status_code: Option<u16>,
    pub latency_ms: i64,
    pub error: Option<String>,
    /// Where it went and the signature header it carried (`None` when
    /// nothing was sent).
    pub url: Option<String>,
    pub signature: Option<String>,
    pub fault_kind: Option<FaultKind>,
    pub verdict: Option<Verdict>,
}

/// Records attempt `attempt.number` and moves the delivery on: succeeded,
/// failed after its last allowed attempt, or pending again at `retry_at`
/// (application clock). `false` when the delivery is gone or another
/// attempt was recorded first.
pub fn record(
    conn: &Conn<'_>,
    delivery_id: i64,
    attempt: &Attempt,
    succeeded: bool,
    now: Timestamp,
    retry_at: Timestamp,
) -> Result<bool, ApiError> {
    let changed = conn.execute_cached(
        "UPDATE webhook_deliveries SET attempt_count = ?2, updated_at = ?3, faults_decided = 1,
             status = CASE WHEN ?4 THEN ?6 WHEN ?2 >= attempt_limit THEN ?7 ELSE ?8 END,
             next_attempt_at = CASE WHEN ?4 OR ?2 >= attempt_limit THEN NULL ELSE CAST(?5 AS BIGINT) END,
             next_attempt_runs_at = CASE WHEN ?4 OR ?2 >= attempt_limit THEN NULL
                 ELSE CAST(?5 AS BIGINT) - (SELECT a.clock_offset_millis FROM webhook_endpoints w
                     JOIN applications a ON a.id = w.application_id WHERE w.id = webhook_deliveries.endpoint_id)
                 END
         WHERE id = ?1 AND attempt_count = ?2 - 1",
        params![
            delivery_id,
            attempt.number,
            now.millis(),
            succeeded,
            retry_at.millis(),
            DeliveryStatus::Succeeded,
            DeliveryStatus::Failed,
            DeliveryStatus::Pending
        ],
    )?;
    if changed == 0 {
        return Ok(false);
    }
    conn.execute_cached(
        "INSERT INTO webhook_attempts (delivery_id, number, request_id, attempted_at, status_code,
             latency_ms, error, url, signature, fault_kind, verdict)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)",
        params![
            delivery_id,
            attempt.number,
            attempt.request_id,
            attempt.attempted_at.millis(),
            attempt.status_code,
            attempt.latency_ms,
            attempt.error,
            attempt.url,
            attempt.signature,
            attempt.fault_kind.map(FaultKind::as_str),
            attempt.verdict.map(Verdict::as_str),
        ],
    )?;
    Ok(true)
}

/// How many deliveries an event (by public id) has: one per endpoint it
/// was queued for.
pub fn count_for_event(conn: &Conn<'_>, event_public_id: &str) -> Result<u32, ApiError> {
    Ok(conn.query_row_cached(
        "SELECT COUNT(*) FROM webhook_deliveries d JOIN events e ON e.id = d.event_id WHERE e.public_id = ?1",
        [event_public_id],
        |r| r.get(0),
    )?)
}

/// Whether a delivery still waits for its first attempt with the fault
/// rules not yet consulted.
pub fn undecided(conn: &Conn<'_>, delivery_id: i64) -> Result<bool, ApiError> {
    Ok(conn
        .query_row_cached(
            super::sql_text!(
                "SELECT 1 FROM webhook_deliveries
                 WHERE id = ?1 AND status = '{}' AND attempt_count = 0 AND faults_decided = 0",
                DeliveryStatus::Pending
            ),
            [delivery_id],
            |_| Ok(()),
        )
        .optional()?
        .is_some())
}

/// Notes that the fault rules were consulted before the first attempt, and
/// the fault that shaped the delivery, if any.
pub fn decided(conn: &Conn<'_>, delivery_id: i64, fault: Option<&AppliedFault>) -> Result<(), ApiError> {
    conn.execute_cached(
        "UPDATE webhook_deliveries SET faults_decided = 1, fault = ?2 WHERE id = ?1",
        params![delivery_id, fault.map(fault_text).transpose()?],
    )?;
    Ok(())
}

/// Holds a delivery until `until` (application clock) by `fault`; an
/// out-of-order one also waits `behind` a later event about that resource.
pub fn hold(
    conn: &Conn<'_>,
    delivery_id: i64,
    fault: &AppliedFault,
    until: Timestamp,
    behind: Option<&str>,
) -> Result<(), ApiError> {
    conn.execute_cached(
        "UPDATE webhook_deliveries SET faults_decided = 1, fault = ?2, held_behind = ?4, next_attempt_at = ?3,
             next_attempt_runs_at = ?3 - (SELECT a.clock_offset_millis FROM webhook_endpoints w
                 JOIN applications a ON a.id = w.application_id WHERE w.id = webhook_deliveries.endpoint_id)
         WHERE id = ?1",
        params![delivery_id, fault_text(fault)?, until.millis(), behind],
    )?;
    Ok(())
}

/// Adds a copy of a delivery (a `duplicate` or a `probe`), attempted once.
/// It waits, pending with no next attempt, until [`release_copy`] gives it
/// one.
pub fn add_copy(
    conn: &Conn<'_>,
    of: i64,
    role: DeliveryRole,
    fault: &AppliedFault,
    now: Timestamp,
) -> Result<(), ApiError> {
    conn.execute_cached(
        "INSERT INTO webhook_deliveries (public_id, endpoint_id, event_id, status, attempt_limit, next_attempt_at,
             next_attempt_runs_at, created_at, updated_at, role, fault, faults_decided)
         SELECT ?2, endpoint_id, event_id, ?6, 1, NULL, NULL, ?3, ?3, ?4, ?5, 1 FROM webhook_deliveries WHERE id = ?1",
        params![of, ids::prefixed("dlv"), now.millis(), role, fault_text(fault)?, DeliveryStatus::Pending],
    )?;
    Ok(())
}

/// The copies of the event `event_row_id` to `endpoint_id` that wait for a
/// next attempt, oldest first, with the fault that added each.
pub fn waiting_copies(
    conn: &Conn<'_>,
    endpoint_id: i64,
    event_row_id: i64,
) -> Result<Vec<(i64, Option<AppliedFault>)>, ApiError> {
    Ok(conn
        .prepare_cached(super::sql_text!(
            "SELECT id, fault FROM webhook_deliveries
             WHERE endpoint_id = ?1 AND status = '{pending}' AND next_attempt_runs_at IS NULL AND event_id = ?2
                 AND role <> '{genuine}'
             ORDER BY id",
            pending = DeliveryStatus::Pending,
            genuine = DeliveryRole::Genuine.as_str(),
        ))?
        .query_map([endpoint_id, event_row_id], |r| Ok((r.get(0)?, fault(r.get(1)?))))?
        .collect::<Result<_, _>>()?)
}

/// Gives a waiting copy its attempt, due at `at` (application clock).
pub fn release_copy(conn: &Conn<'_>, delivery_id: i64, at: Timestamp) -> Result<(), ApiError> {
    conn.execute_cached(
        "UPDATE webhook_deliveries SET next_attempt_at = ?2,
             next_attempt_runs_at = ?2 - (SELECT a.clock_offset_millis FROM webhook_endpoints w
                 JOIN applications a ON a.id = w.application_id WHERE w.id = webhook_deliveries.endpoint_id)
         WHERE id = ?1",
        params![delivery_id, at.millis()],
    )?;
    Ok(())
}

/// Releases the out-of-order deliveries to `endpoint_id` held behind
/// `resource_id` for an event earlier than `event_row_id`: they are due at
/// `now` (application clock).
pub fn release_held(
    conn: &Conn<'_>,
    endpoint_id: i64,
    resource_id: &str,
    event_row_id: i64,
    now: Timestamp,
) -> Result<(), ApiError> {
    conn.execute_cached(
        super::sql_text!(
            "UPDATE webhook_deliveries SET held_behind = NULL, next_attempt_at = ?4,
                 next_attempt_runs_at = ?4 - (SELECT a.clock_offset_millis FROM webhook_endpoints w
                     JOIN applications a ON a.id = w.application_id WHERE w.id = webhook_deliveries.endpoint_id)
             WHERE endpoint_id = ?1 AND held_behind = ?2 AND status = '{}' AND event_id < ?3",
            DeliveryStatus::Pending
        ),
        params![endpoint_id, resource_id, event_row_id, now.millis()],
    )?;
    Ok(())
}
