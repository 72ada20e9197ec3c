//! Webhook endpoints, their deliveries and every delivery attempt.

use payctl_domain::credentials;
use payctl_domain::time::Timestamp;
use payctl_wire::events::EventType;
use payctl_wire::faults::FaultKind;
use payctl_wire::page::Page;
use payctl_wire::webhooks::{Delivery, DeliveryAttempt, WebhookEndpoint};
use payctl_wire::webhooks::{DeliveryRole, DeliveryStatus, Verdict, WebhookStatus};
use rusqlite::{ToSql, params};

use crate::db::sql::{self, Conn, OptionalExtension};
use crate::error::ApiError;
use crate::ids;
use crate::secrets::Sealed;
use crate::store::paging::Listing;
use crate::store::paging::PageRequest;
use crate::store::{NotFound, Owned};
use payctl_wire::error::ErrorCode;

const SELECT_ENDPOINT: &str = "SELECT id, public_id, url, description, events, status, secret_hint,
        created_at, updated_at FROM webhook_endpoints";

fn endpoint_row(r: &sql::Row<'_>) -> rusqlite::Result<(i64, WebhookEndpoint)> {
    let events: String = r.get(4)?;
    let hint: String = r.get(6)?;
    Ok((
        r.get(0)?,
        WebhookEndpoint {
            id: r.get(1)?,
            url: r.get(2)?,
            description: r.get(3)?,
            events: serde_json::from_str(&events)
                .map_err(|e| rusqlite::Error::FromSqlConversionFailure(4, rusqlite::types::Type::Text, Box::new(e)))?,
            status: r.get(5)?,
            masked_secret: credentials::WEBHOOK_SECRET.masked(&hint),
            created_at: super::iso_at(r.get(7)?),
            updated_at: super::iso_at(r.get(8)?),
        },
    ))
}

pub fn count(conn: &Conn<'_>, application_id: i64) -> sql::Result<i64> {
    conn.query_row_cached("SELECT COUNT(*) FROM webhook_endpoints WHERE application_id = ?1", [application_id], |r| {
        r.get(0)
    })
}

/// The fields of a new endpoint, checked.
pub struct NewEndpoint<'a> {
    pub public_id: &'a str,
    pub url: &'a str,
    pub description: Option<&'a str>,
    pub events: &'a [EventType],
    pub sealed: Sealed,
    pub hint: &'a str,
}

/// Endpoints of every application (each one's secret sealed under the key).
pub fn count_all(conn: &Conn<'_>) -> sql::Result<i64> {
    conn.query_row_cached("SELECT COUNT(*) FROM webhook_endpoints", [], |r| r.get(0))
}

pub fn insert(
    conn: &Conn<'_>,
    application_id: i64,
    new: NewEndpoint<'_>,
    now: Timestamp,
) -> Result<WebhookEndpoint, ApiError> {
    conn.execute_cached(
        "INSERT INTO webhook_endpoints (public_id, application_id, url, description, events, status,
             secret_nonce, secret_sealed, secret_hint, created_at, updated_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?10, ?6, ?7, ?8, ?9, ?9)",
        params![
            new.public_id,
            application_id,
            new.url,
            new.description,
            serde_json::to_string(new.events)?,
            new.sealed.nonce,
            new.sealed.ciphertext,
            new.hint,
            now.millis(),
            WebhookStatus::Enabled
        ],
    )?;
    find(conn, application_id, new.public_id)?.map(|e| e.1).ok_or_else(|| ApiError::internal("endpoint vanished"))
}

/// An endpoint of this application; another application's is `None` (404).
pub fn find(conn: &Conn<'_>, application_id: i64, public_id: &str) -> sql::Result<Option<(i64, WebhookEndpoint)>> {
    let sql = format!("{SELECT_ENDPOINT} WHERE application_id = ?1 AND public_id = ?2");
    conn.query_row_cached(&sql, params![application_id, public_id], endpoint_row).optional()
}

/// Endpoints are an application's.
impl Owned for WebhookEndpoint {
    type Scope = i64;
    type Found = (i64, WebhookEndpoint);
    const NOT_FOUND: NotFound = NotFound { code: ErrorCode::NotFound, noun: "webhook endpoint" };

    fn find(conn: &Conn<'_>, scope: i64, id: &str) -> Result<Option<(i64, WebhookEndpoint)>, ApiError> {
        Ok(find(conn, scope, id)?)
    }
}

pub fn list(conn: &Conn<'_>, application_id: i64, page: &PageRequest) -> Result<Page<WebhookEndpoint>, ApiError> {
    static LIST: Listing<1> = Listing::new(&[SELECT_ENDPOINT, " WHERE application_id = ?1"], "public_id");
    LIST.page(conn, [&application_id], page, |r| endpoint_row(r).map(|e| e.1), |e| &e.id)
}

/// Writes the endpoint's editable fields back.
pub fn update(conn: &Conn<'_>, id: i64, endpoint: &WebhookEndpoint, now: Timestamp) -> Result<(), ApiError> {
    conn.execute_cached(
        "UPDATE webhook_endpoints SET url = ?2, description = ?3, events = ?4, status = ?5, updated_at = ?6
         WHERE id = ?1",
        params![
            id,
            endpoint.url,
            endpoint.description,
            serde_json::to_string(&endpoint.events)?,
            endpoint.status,
            now.millis()
        ],
    )?;
    Ok(())
}

pub fn set_secret(conn: &Conn<'_>, id: i64, sealed: &Sealed, hint: &str, now: Timestamp) -> sql::Result<()> {
    conn.execute_cached(
        "UPDATE webhook_endpoints SET secret_nonce = ?2, secret_sealed = ?3, secret_hint = ?4, updated_at = ?5
         WHERE id = ?1",
        params![id, sealed.nonce, sealed.ciphertext, hint, now.millis()],
    )?;
    Ok(())
}

/// Every endpoint's sealed secret: (row id, public id, sealed).
pub fn sealed_secrets(conn: &Conn<'_>) -> sql::Result<Vec<(i64, String, Sealed)>> {
    conn.prepare("SELECT id, public_id, secret_nonce, secret_sealed FROM webhook_endpoints ORDER BY id")?
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?, Sealed { nonce: r.get(2)?, ciphertext: r.get(3)? })))?
        .collect()
}

/// Puts a sealed secret in place without touching the endpoint's times: a
/// copied endpoint's own new secret (the copy reads like the original), or
/// the same secret sealed again under a rotated key.
pub fn set_sealed_secret(conn: &Conn<'_>, id: i64, sealed: &Sealed, hint: &str) -> sql::Result<()> {
    conn.execute_cached(
        "UPDATE webhook_endpoints SET secret_nonce = ?2, secret_sealed = ?3, secret_hint = ?4 WHERE id = ?1",
        params![id, sealed.nonce, sealed.ciphertext, hint],
    )?;
    Ok(())
}

/// Deletes the endpoint with its deliveries and their attempts.
pub fn delete(conn: &Conn<'_>, id: i64) -> sql::Result<()> {
    conn.execute_cached("DELETE FROM webhook_endpoints WHERE id = ?1", [id])?;
    Ok(())
}

/// Queues one delivery of an event to every enabled endpoint of its
/// application subscribed to its type, each given `attempt_limit`
/// attempts; returns how many. (Each endpoint's list is JSON text, read
/// here rather than by the database's own JSON functions, which differ
/// between backends.)
pub fn enqueue(
    conn: &Conn<'_>,
    application_id: i64,
    event_id: i64,
    event_type: EventType,
    now: Timestamp,
    attempt_limit: i64,
) -> sql::Result<usize> {
    let mut stmt = conn.prepare_cached(
        "SELECT id, events FROM webhook_endpoints WHERE application_id = ?1 AND status = ?2 ORDER BY id",
    )?;
    let endpoints = stmt.query_map(params![application_id, WebhookStatus::Enabled], |r| {
        let events: String = r.get(1)?;
        let events: Vec<EventType> = serde_json::from_str(&events)
            .map_err(|e| rusqlite::Error::FromSqlConversionFailure(1, rusqlite::types::Type::Text, Box::new(e)))?;
        Ok((r.get::<_, i64>(0)?, events.contains(&event_type)))
    })?;
    let mut queued = 0;
    for endpoint in endpoints {
        let (endpoint, subscribed) = endpoint?;
        if !subscribed {
            continue;
        }
        conn.execute_cached(
            "INSERT INTO webhook_deliveries (public_id, endpoint_id, event_id, status, attempt_limit,
                 next_attempt_at, next_attempt_runs_at, created_at, updated_at)
             VALUES (?1, ?2, ?3, ?7, ?4, ?5,
                 ?5 - (SELECT clock_offset_millis FROM applications WHERE id = ?6), ?5, ?5)",
            params![
                ids::prefixed("dlv"),
                endpoint,
                event_id,
                attempt_limit,
                now.millis(),
                application_id,
                DeliveryStatus::Pending
            ],
        )?;
        queued += 1;
    }
    Ok(queued)
}

const SELECT_DELIVERY: &str = "SELECT d.id, d.public_id, w.public_id, e.public_id, e.type, d.status,
        d.attempt_count, d.next_attempt_at, d.created_at, d.updated_at, d.role, d.fault
    FROM webhook_deliveries d JOIN webhook_endpoints w ON w.id = d.endpoint_id JOIN events e ON e.id = d.event_id";

fn delivery_row(r: &sql::Row<'_>) -> rusqlite::Result<(i64, Delivery)> {
    Ok((
        r.get(0)?,
        Delivery {
            id: r.get(1)?,
            webhook_id: r.get(2)?,
            event_id: r.get(3)?,
            event: r.get(4)?,
            status: r.get(5)?,
            attempt_count: r.get(6)?,
            next_attempt_at: super::iso(r.get(7)?),
            created_at: super::iso_at(r.get(8)?),
            updated_at: super::iso_at(r.get(9)?),
            attempts: Vec::new(),
            role: {
                let role: String = r.get(10)?;
                DeliveryRole::parse(&role).ok_or_else(|| super::bad_value(10, &role))?
            },
            fault: super::deliveries::fault(r.get(11)?),
        },
    ))
}

/// The columns [`attempt_row`] reads, first in a `webhook_attempts` query.
const ATTEMPT_COLUMNS: &str = "number, request_id, attempted_at, status_code, latency_ms, error, fault_kind, verdict";

fn attempt_row(r: &sql::Row<'_>) -> rusqlite::Result<DeliveryAttempt> {
    Ok(DeliveryAttempt {
        number: r.get(0)?,
        request_id: r.get(1)?,
        attempted_at: super::iso_at(r.get(2)?),
        status_code: r.get(3)?,
        latency_ms: r.get::<_, i64>(4)?.max(0).unsigned_abs(),
        error: r.get(5)?,
        fault_kind: r.get::<_, Option<String>>(6)?.as_deref().and_then(FaultKind::parse),
        verdict: match r.get::<_, Option<String>>(7)? {
            Some(v) => Some(Verdict::parse(&v).ok_or_else(|| super::bad_value(7, &v))?),
            None => None,
        },
    })
}

fn with_attempts(conn: &Conn<'_>, (id, mut delivery): (i64, Delivery)) -> sql::Result<Delivery> {
    let sql = format!("SELECT {ATTEMPT_COLUMNS} FROM webhook_attempts WHERE delivery_id = ?1 ORDER BY number");
    delivery.attempts = conn.prepare_cached(&sql)?.query_map([id], attempt_row)?.collect::<Result<_, _>>()?;
    Ok(delivery)
}

/// A page of deliveries, each with its attempts.
fn page_with_attempts(conn: &Conn<'_>, page: Page<(i64, Delivery)>) -> Result<Page<Delivery>, ApiError> {
    let data = page.data.into_iter().map(|row| with_attempts(conn, row)).collect::<Result<_, _>>()?;
    Ok(Page { data, next_cursor: page.next_cursor })
}

pub fn deliveries(conn: &Conn<'_>, endpoint_id: i64, page: &PageRequest) -> Result<Page<Delivery>, ApiError> {
    static LIST: Listing<1> = Listing::new(&[SELECT_DELIVERY, " WHERE d.endpoint_id = ?1"], "d.public_id");
    let rows = LIST.page(conn, [&endpoint_id], page, delivery_row, |(_, d)| &d.id)?;
    page_with_attempts(conn, rows)
}

pub fn delivery(conn: &Conn<'_>, endpoint_id: i64, public_id: &str) -> Result<Option<(i64, Delivery)>, ApiError> {
    let sql = format!("{SELECT_DELIVERY} WHERE d.endpoint_id = ?1 AND d.public_id = ?2");
    let Some((id, d)) = conn.query_row_cached(&sql, params![endpoint_id, public_id], delivery_row).optional()? else {
        return Ok(None);
    };
    Ok(Some((id, with_attempts(conn, (id, d))?)))
}

/// Deliveries are an endpoint's (by its internal id).
impl Owned for Delivery {
    type Scope = i64;
    type Found = (i64, Delivery);
    const NOT_FOUND: NotFound = NotFound { code: ErrorCode::NotFound, noun: "delivery" };

    fn find(conn: &Conn<'_>, scope: i64, id: &str) -> Result<Option<(i64, Delivery)>, ApiError> {
        delivery(conn, scope, id)
    }
}

/// Queues an attempt now. A pending delivery only moves its next attempt
/// forward; a finished one becomes pending for exactly one more attempt.
pub fn redeliver(conn: &Conn<'_>, delivery_id: i64, now: Timestamp) -> sql::Result<()> {
    conn.execute_cached(
        "UPDATE webhook_deliveries SET
             attempt_limit = CASE WHEN status = ?3 THEN attempt_limit ELSE attempt_count + 1 END,
             status = ?3, next_attempt_at = ?2, updated_at = ?2,
             next_attempt_runs_at = ?2 - (SELECT a.clock_offset_millis FROM webhook_endpoints w
                 JOIN applications a ON a.id = w.application_id WHERE w.id = webhook_deliveries.endpoint_id)
         WHERE id = ?1",
        params![delivery_id, now.millis(), DeliveryStatus::Pending],
    )?;
    Ok(())
}

/// An application's clock moved `delta_millis` ahead: its pending
/// deliveries come due that much sooner on the global clock.
pub fn shift_application(conn: &Conn<'_>, application_id: i64, delta_millis: i64) -> Result<(), ApiError> {
    conn.execute_cached(
        super::sql_text!(
            "UPDATE webhook_deliveries SET next_attempt_runs_at = next_attempt_runs_at - ?2
             WHERE status = '{}' AND endpoint_id IN (SELECT id FROM webhook_endpoints WHERE application_id = ?1)",
            DeliveryStatus::Pending
        ),
        params![application_id, delta_millis],
    )?;
    Ok(())
}

/// Filters of an application's delivery list; `None` means any.
#[derive(Debug, Default, Clone)]
pub struct DeliveryFilter {
    /// An endpoint's public id.
    pub endpoint: Option<String>,
    /// An event type, e.g. `settlement.completed`.
    pub event: Option<String>,
    /// An event's public id.
    pub event_id: Option<String>,
    /// `pending`, `succeeded` or `failed`.
    pub status: Option<String>,
}

/// The deliveries of every endpoint of an application, newest first, each
/// with its attempts.
pub fn deliveries_of_application(
    conn: &Conn<'_>,
    application_id: i64,
    filter: &DeliveryFilter,
    page: &PageRequest,
) -> Result<Page<Delivery>, ApiError> {
    static LIST: Listing<5> = Listing::new(
        &[
            SELECT_DELIVERY,
            " WHERE w.application_id = ?1 AND (w.public_id = ?2 OR ?2 IS NULL)
           AND (e.type = ?3 OR ?3 IS NULL) AND (e.public_id = ?4 OR ?4 IS NULL) AND (d.status = ?5 OR ?5 IS NULL)",
        ],
        "d.public_id",
    );
    let filters = [&application_id as &dyn ToSql, &filter.endpoint, &filter.event, &filter.event_id, &filter.status];
    let rows = LIST.page(conn, filters, page, delivery_row, |(_, d)| &d.id)?;
    page_with_attempts(conn, rows)
}

/// One attempt as sent: where it went and the signature header it carried
/// (`None` for attempts recorded before these were kept).
#[derive(Debug, Clone)]
pub struct SentAttempt {
    pub attempt: DeliveryAttempt,
    pub url: Option<String>,
    pub signature: Option<String>,
}

/// A delivery of this application by id, with every attempt as sent;
/// another application's is `None`.
pub fn delivery_sent(
    conn: &Conn<'_>,
    application_id: i64,
    public_id: &str,
) -> Result<Option<(Delivery, Vec<SentAttempt>)>, ApiError> {
    let sql = format!("{SELECT_DELIVERY} WHERE w.application_id = ?1 AND d.public_id = ?2");
    let Some((id, delivery)) =
        conn.query_row_cached(&sql, params![application_id, public_id], delivery_row).optional()?
    else {
        return Ok(None);
    };
    let sql = format!(
        "SELECT {ATTEMPT_COLUMNS}, url, signature FROM webhook_attempts WHERE delivery_id = ?1 ORDER BY number"
    );
    let attempts = conn
        .prepare_cached(&sql)?
        .query_map([id], |r| Ok(SentAttempt { attempt: attempt_row(r)?, url: r.get(8)?, signature: r.get(9)? }))?
        .collect::<Result<_, _>>()?;
    Ok(Some((delivery, attempts)))
}
