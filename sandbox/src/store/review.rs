//! What the go-live review reads (request logs, delivery attempts,
//! subscriptions) and the drills: SQL only. The checks are
//! `domain::review`'s.

use axum::http::Method;
use payctl_domain::time::Timestamp;
use payctl_wire::faults::{AppliedFault, FaultKind};
use payctl_wire::webhooks::{DeliveryRole, DeliveryStatus, Verdict, WebhookStatus};
use std::collections::BTreeSet;

use rusqlite::params;

use crate::db::sql::{Conn, OptionalExtension};
use crate::error::ApiError;
use crate::store::method;

/// A logged request as the review reads it.
#[derive(Debug, Clone)]
pub struct LoggedRequest {
    pub log_id: String,
    pub correlation_id: String,
    pub api_key_id: String,
    pub method: Method,
    pub path: String,
    pub query: Option<String>,
    pub status: u16,
    pub error_code: Option<String>,
    pub operation_id: Option<String>,
    pub fault: Option<FaultKind>,
    /// The client went away before the answer it would have had.
    pub client_gone: bool,
    pub key_hash: Option<String>,
    pub body_hash: Option<String>,
    pub request_id_sent: bool,
    pub retry_after: Option<u64>,
    /// Real arrival time (Unix ms); the sandbox time for records written
    /// before it was kept.
    pub real_at: i64,
}

/// Up to `limit` of the application's requests from `from` (its sandbox
/// clock), in the order they arrived (their ids are minted at arrival), after
/// the one with id `after`: the review reads its window in such pages, so
/// it never holds it whole and a page never holds a connection long.
pub fn requests(
    conn: &Conn<'_>,
    application_id: i64,
    from: Timestamp,
    after: Option<&str>,
    limit: usize,
) -> Result<Vec<LoggedRequest>, ApiError> {
    Ok(conn
        .prepare_cached(
            "SELECT public_id, correlation_id, api_key_id, method, path, query, status_code, error_code, operation_id,
                    fault, idempotency_key_hash, body_hash, request_id_sent, retry_after,
                    COALESCE(real_at, requested_at)
             FROM request_logs WHERE application_id = ?1 AND public_id > ?3 AND requested_at >= ?2
             ORDER BY public_id LIMIT ?4",
        )?
        .query_map(
            params![application_id, from.millis(), after.unwrap_or(""), i64::try_from(limit).unwrap_or(i64::MAX)],
            |r| {
                let fault = r.get::<_, Option<String>>(9)?.and_then(|f| serde_json::from_str::<AppliedFault>(&f).ok());
                Ok(LoggedRequest {
                    log_id: r.get(0)?,
                    correlation_id: r.get(1)?,
                    api_key_id: r.get(2)?,
                    method: method(r, 3, "request_logs.method")?,
                    path: r.get(4)?,
                    query: r.get(5)?,
                    status: r.get(6)?,
                    error_code: r.get(7)?,
                    operation_id: r.get(8)?,
                    client_gone: fault.as_ref().is_some_and(|f| f.client_gone),
                    fault: fault.map(|f| f.fault.kind),
                    key_hash: r.get(10)?,
                    body_hash: r.get(11)?,
                    request_id_sent: r.get(12)?,
                    retry_after: r.get::<_, Option<i64>>(13)?.and_then(|s| u64::try_from(s).ok()),
                    real_at: r.get(14)?,
                })
            },
        )?
        .collect::<Result<_, _>>()?)
}

/// A delivery attempt as the review reads it.
#[derive(Debug, Clone)]
pub struct SeenAttempt {
    pub delivery_id: String,
    pub request_id: String,
    pub event: String,
    pub role: DeliveryRole,
    pub fault_kind: Option<FaultKind>,
    pub verdict: Option<Verdict>,
    pub delivery_failed: bool,
}

/// Each attempt at the application's endpoints from `from`, oldest first,
/// handed to `each` as it is read.
pub fn each_attempt(
    conn: &Conn<'_>,
    application_id: i64,
    from: Timestamp,
    mut each: impl FnMut(SeenAttempt),
) -> Result<(), ApiError> {
    let mut stmt = conn.prepare_cached(
        "SELECT d.public_id, a.request_id, e.type, d.role, a.fault_kind, a.verdict, d.status = ?3
         FROM webhook_attempts a JOIN webhook_deliveries d ON d.id = a.delivery_id
         JOIN webhook_endpoints w ON w.id = d.endpoint_id JOIN events e ON e.id = d.event_id
         WHERE w.application_id = ?1 AND a.attempted_at >= ?2 ORDER BY a.attempted_at, a.id",
    )?;
    let rows = stmt.query_map(params![application_id, from.millis(), DeliveryStatus::Failed], |r| {
        Ok(SeenAttempt {
            delivery_id: r.get(0)?,
            request_id: r.get(1)?,
            event: r.get(2)?,
            role: r.get(3)?,
            fault_kind: r.get(4)?,
            verdict: r.get(5)?,
            delivery_failed: r.get(6)?,
        })
    })?;
    for row in rows {
        each(row?);
    }
    Ok(())
}

/// What the review reads of an application, in counts and latest ids: it
/// changes whenever a request is logged or pruned, an attempt is made, a
/// delivery fails, or a drill starts or ends, whichever process did it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Version {
    logged: (i64, String),
    attempts: (i64, i64, i64),
    drills: (i64, i64, i64),
}

/// The application's [`Version`] now.
pub fn version(conn: &Conn<'_>, application_id: i64) -> Result<Version, ApiError> {
    Ok(conn.query_row_cached(
        "SELECT l.n, l.latest, a.n, a.latest, a.failed, d.n, d.latest, d.ended
         FROM (SELECT COUNT(*) AS n, COALESCE(MAX(public_id), '') AS latest FROM request_logs
               WHERE application_id = ?1) l,
              (SELECT COUNT(*) AS n, COALESCE(MAX(a.id), 0) AS latest,
                      COUNT(CASE WHEN d.status = ?2 THEN 1 END) AS failed
               FROM webhook_attempts a JOIN webhook_deliveries d ON d.id = a.delivery_id
               JOIN webhook_endpoints w ON w.id = d.endpoint_id WHERE w.application_id = ?1) a,
              (SELECT COUNT(*) AS n, COALESCE(MAX(id), 0) AS latest, COUNT(ended_at) AS ended FROM drills
               WHERE application_id = ?1) d",
        params![application_id, DeliveryStatus::Failed],
        |r| {
            Ok(Version {
                logged: (r.get(0)?, r.get(1)?),
                attempts: (r.get(2)?, r.get(3)?, r.get(4)?),
                drills: (r.get(5)?, r.get(6)?, r.get(7)?),
            })
        },
    )?)
}

/// The event types the application's enabled endpoints subscribe to, in
/// order. (Each endpoint's list is JSON text, read here rather than by the
/// database's own JSON functions, which differ between backends.)
pub fn subscribed_events(conn: &Conn<'_>, application_id: i64) -> Result<Vec<String>, ApiError> {
    let mut events = BTreeSet::new();
    let lists = conn
        .prepare_cached("SELECT events FROM webhook_endpoints WHERE application_id = ?1 AND status = ?2")?
        .query_map(params![application_id, WebhookStatus::Enabled], |r| r.get::<_, String>(0))?
        .collect::<Result<Vec<_>, _>>()?;
    for list in lists {
        let list: Vec<String> = serde_json::from_str(&list)
            .map_err(|e| ApiError::internal(format_args!("webhook_endpoints.events: {e}")))?;
        events.extend(list);
    }
    Ok(events.into_iter().collect())
}

/// The time of the application's first logged request.
pub fn first_request(conn: &Conn<'_>, application_id: i64) -> Result<Option<Timestamp>, ApiError> {
    Ok(conn
        .query_row_cached(
            "SELECT MIN(requested_at) FROM request_logs WHERE application_id = ?1",
            [application_id],
            |r| r.get::<_, Option<i64>>(0),
        )?
        .map(Timestamp::from_millis))
}

/// A drill of an application.
#[derive(Debug, Clone)]
pub struct DrillRow {
    pub id: i64,
    pub started_at: Timestamp,
    pub ended_at: Option<Timestamp>,
    /// The public ids of its rules.
    pub rules: Vec<String>,
}

/// The application's latest drill.
pub fn latest_drill(conn: &Conn<'_>, application_id: i64) -> Result<Option<DrillRow>, ApiError> {
    let row = conn
        .query_row_cached(
            "SELECT id, started_at, ended_at, rules FROM drills WHERE application_id = ?1 ORDER BY id DESC LIMIT 1",
            [application_id],
            |r| Ok((r.get::<_, i64>(0)?, r.get::<_, i64>(1)?, r.get::<_, Option<i64>>(2)?, r.get::<_, String>(3)?)),
        )
        .optional()?;
    Ok(row.map(|(id, started, ended, rules)| DrillRow {
        id,
        started_at: Timestamp::from_millis(started),
        ended_at: ended.map(Timestamp::from_millis),
        rules: serde_json::from_str(&rules).unwrap_or_default(),
    }))
}

/// Whether a drill of the application ran at some time from `from` on:
/// one still running, or one that ended then or later.
pub fn drilled_since(conn: &Conn<'_>, application_id: i64, from: Timestamp) -> Result<bool, ApiError> {
    Ok(conn.query_row_cached(
        "SELECT EXISTS (SELECT 1 FROM drills WHERE application_id = ?1 AND (ended_at IS NULL OR ended_at >= ?2))",
        params![application_id, from.millis()],
        |r| r.get(0),
    )?)
}

pub fn start_drill(conn: &Conn<'_>, application_id: i64, now: Timestamp, rules: &[String]) -> Result<(), ApiError> {
    let rules = serde_json::to_string(rules).map_err(ApiError::internal)?;
    conn.execute_cached(
        "INSERT INTO drills (application_id, started_at, rules) VALUES (?1, ?2, ?3)",
        params![application_id, now.millis(), rules],
    )?;
    Ok(())
}

pub fn end_drill(conn: &Conn<'_>, id: i64, now: Timestamp) -> Result<(), ApiError> {
    conn.execute_cached(
        "UPDATE drills SET ended_at = ?2 WHERE id = ?1 AND ended_at IS NULL",
        params![id, now.millis()],
    )?;
    Ok(())
}
