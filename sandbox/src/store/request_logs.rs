//! Request logs: batch inserts from the background writer, the filtered
//! list of `GET /v1/logs`, and one record with its exchange (the console).

use axum::body::Bytes;
use axum::http::{HeaderMap, Method};
use payctl_domain::faults::Counters;
use payctl_domain::time::Timestamp;
use payctl_wire::faults::AppliedFault;
use payctl_wire::logs::{RequestLog, TruncatedBody};
use payctl_wire::page::Page;
use rusqlite::{ToSql, params};

use crate::db::sql::{self, Conn, OptionalExtension};
use crate::error::ApiError;
use crate::store::paging::Listing;
use crate::store::paging::PageRequest;

/// One finished request, ready to insert (its exchange redacted by the
/// request log's writer first).
#[derive(Debug, Clone)]
pub struct Record {
    pub public_id: String,
    pub application_id: i64,
    pub api_key_id: String,
    pub method: Method,
    pub path: String,
    pub query: Option<String>,
    pub status_code: u16,
    pub duration_ms: i64,
    pub correlation_id: String,
    pub error_code: Option<&'static str>,
    /// The redacted body, as much of it as a record keeps.
    pub request_body: Option<KeptBody>,
    pub requested_at: Timestamp,
    pub responded_at: Timestamp,
    /// The injected fault, if any.
    pub fault: Option<AppliedFault>,
    /// What the review judges the request by (see [`Judged`]).
    pub judged: Judged,
    /// The counters of the fault rules the request counted (by rule row
    /// id), stored in the write that stores the record.
    pub counted: Vec<(i64, Counters)>,
    pub exchange: Exchange,
}

/// What the go-live review needs of a request beyond what the log shows.
#[derive(Debug, Clone, Default)]
pub struct Judged {
    /// The route table's id of the operation.
    pub operation_id: Option<String>,
    /// `http::body::key_hash` of the `Idempotency-Key` sent, never the key.
    pub idempotency_key_hash: Option<String>,
    /// `http::body::digest` of a request with a body, in hex.
    pub body_hash: Option<String>,
    /// Whether the client sent its own `X-Request-ID`.
    pub request_id_sent: bool,
    /// The `Retry-After` seconds the answer carried.
    pub retry_after: Option<u64>,
    /// Real time the request arrived, Unix milliseconds.
    pub real_at: i64,
}

/// The headers and answer of a request, in the stages the log takes them
/// through.
#[derive(Debug, Clone, Default)]
pub enum Exchange {
    /// Not kept.
    #[default]
    None,
    /// As the request path captured it (credential headers already gone);
    /// never stored in this form.
    Captured(Box<Captured>),
    /// Redacted, as JSON text: what is stored.
    Kept(Kept),
}

/// An exchange as the request path captured it.
#[derive(Debug, Clone)]
pub struct Captured {
    pub request_headers: HeaderMap,
    pub response_headers: HeaderMap,
    /// `None` when the body was too large or streamed.
    pub response_body: Option<Bytes>,
}

/// An exchange redacted, as JSON text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Kept {
    pub request_headers: String,
    pub response_headers: String,
    pub response_body: Option<String>,
}

/// A request's redacted body as a record keeps it: whole when it is at
/// most `request_log::MAX_KEPT_REQUEST_BODY` bytes, else its start; with the whole
/// text's size and SHA-256 either way, so that a body given up later (to
/// the partner's bound, `request_log::Retention::body_bytes`) still says what it was.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeptBody {
    pub text: String,
    pub size: usize,
    pub sha256: String,
}

/// Inserts records (and the exchanges kept with them) in one statement
/// preparation each; answers the bytes of body the records keep, per
/// partner (a record with a body is filed under its partner for the
/// partner's bound, [`body_bytes`]).
pub fn insert_batch(conn: &Conn<'_>, records: &[Record]) -> Result<Vec<(i64, u64)>, ApiError> {
    let mut stmt = conn.prepare_insert_cached(
        "INSERT INTO request_logs (public_id, application_id, api_key_id, method, path, query, status_code,
             duration_ms, correlation_id, error_code, request_body, requested_at, responded_at, fault,
             operation_id, idempotency_key_hash, body_hash, request_id_sent, retry_after, real_at,
             partner_id, body_size, body_sha256, body_kept)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19, ?20,
             ?21, ?22, ?23, ?24)",
    )?;
    let mut partner_of = conn.prepare_cached("SELECT partner_id FROM applications WHERE id = ?1")?;
    let mut kept: Vec<(i64, u64)> = Vec::new();
    let mut exchanges = conn.prepare_cached(
        "INSERT INTO request_log_exchanges (log_id, application_id, request_headers, response_headers, response_body)
         VALUES (?1, ?2, ?3, ?4, ?5)",
    )?;
    for r in records {
        let body = r.request_body.as_ref();
        let partner_id = match body {
            Some(_) => Some(partner_of.query_row([r.application_id], |row| row.get::<_, i64>(0))?),
            None => None,
        };
        if let (Some(partner_id), Some(body)) = (partner_id, body) {
            let bytes = body.text.len() as u64;
            match kept.iter_mut().find(|(p, _)| *p == partner_id) {
                Some((_, sum)) => *sum += bytes,
                None => kept.push((partner_id, bytes)),
            }
        }
        let log_id = stmt.insert(params![
            r.public_id,
            r.application_id,
            r.api_key_id,
            r.method.as_str(),
            r.path,
            r.query,
            r.status_code,
            r.duration_ms,
            r.correlation_id,
            r.error_code,
            body.map(|b| &b.text),
            r.requested_at.millis(),
            r.responded_at.millis(),
            r.fault.as_ref().map(serde_json::to_string).transpose().map_err(ApiError::internal)?,
            r.judged.operation_id,
            r.judged.idempotency_key_hash,
            r.judged.body_hash,
            r.judged.request_id_sent,
            r.judged.retry_after.map(|s| i64::try_from(s).unwrap_or(i64::MAX)),
            r.judged.real_at,
            partner_id,
            body.map(|b| i64::try_from(b.size).unwrap_or(i64::MAX)),
            body.map(|b| &b.sha256),
            body.map_or(0, |b| i64::try_from(b.text.len()).unwrap_or(i64::MAX)),
        ])?;
        // Only the redacted form is ever stored.
        if let Exchange::Kept(k) = &r.exchange {
            exchanges.execute(params![
                log_id,
                r.application_id,
                k.request_headers,
                k.response_headers,
                k.response_body
            ])?;
        }
    }
    Ok(kept)
}

/// The bytes of request body a partner's records keep, counted exactly.
pub fn body_bytes(conn: &Conn<'_>, partner_id: i64) -> Result<u64, ApiError> {
    let sum: i64 = conn.query_row_cached(
        "SELECT CAST(COALESCE(SUM(body_kept), 0) AS BIGINT) FROM request_logs WHERE partner_id = ?1 AND body_kept > 0",
        [partner_id],
        |r| r.get(0),
    )?;
    Ok(sum.max(0).unsigned_abs())
}

/// Gives up the bodies of a partner's oldest records, across its
/// applications, until at most `target` of its `kept` bytes stay; answers
/// the bytes that stay. A record that gives its body up keeps the body's
/// size and digest, and is shown as truncated with nothing kept.
pub fn give_up_bodies(conn: &Conn<'_>, partner_id: i64, mut kept: u64, target: u64) -> Result<u64, ApiError> {
    let mut oldest = conn.prepare_cached(
        "SELECT id, body_kept FROM request_logs WHERE partner_id = ?1 AND body_kept > 0 ORDER BY id LIMIT 256",
    )?;
    let mut give_up =
        conn.prepare_cached("UPDATE request_logs SET request_body = NULL, body_kept = 0 WHERE id = ?1")?;
    while kept > target {
        let rows = oldest
            .query_map([partner_id], |r| Ok((r.get::<_, i64>(0)?, r.get::<_, i64>(1)?)))?
            .collect::<Result<Vec<_>, _>>()?;
        if rows.is_empty() {
            return Ok(0);
        }
        for (id, bytes) in rows {
            give_up.execute([id])?;
            kept = kept.saturating_sub(bytes.max(0).unsigned_abs());
            if kept <= target {
                break;
            }
        }
    }
    Ok(kept)
}

/// Deletes an application's records older than its newest `keep`.
pub fn prune(conn: &Conn<'_>, application_id: i64, keep: usize) -> Result<usize, ApiError> {
    let Some(offset) = keep.checked_sub(1) else {
        return Ok(conn.execute_cached("DELETE FROM request_logs WHERE application_id = ?1", [application_id])?);
    };
    // With fewer than `keep` records the subquery is NULL and nothing matches.
    Ok(conn.execute_cached(
        "DELETE FROM request_logs WHERE application_id = ?1 AND public_id <
             (SELECT public_id FROM request_logs WHERE application_id = ?1 ORDER BY public_id DESC LIMIT 1 OFFSET ?2)",
        params![application_id, i64::try_from(offset).unwrap_or(i64::MAX)],
    )?)
}

/// Forgets the exchanges of an application's records older than its
/// newest `keep`; their summaries stay.
pub fn prune_exchanges(conn: &Conn<'_>, application_id: i64, keep: usize) -> Result<usize, ApiError> {
    // Below the newest `keep`th record; with none kept, all of them.
    let offset = keep.checked_sub(1).map(|o| i64::try_from(o).unwrap_or(i64::MAX));
    Ok(conn.execute_cached(
        "DELETE FROM request_log_exchanges WHERE application_id = ?1 AND (log_id <
             (SELECT id FROM request_logs WHERE application_id = ?1 ORDER BY public_id DESC LIMIT 1 OFFSET ?2)
             OR ?2 IS NULL)",
        params![application_id, offset],
    )?)
}

/// The filters of `GET /v1/logs`, validated; `None` means no filter.
#[derive(Debug, Default, Clone)]
pub struct LogFilter {
    pub method: Option<String>,
    /// A path without trailing `/`: matches itself and everything below it.
    pub endpoint: Option<String>,
    pub status_code_gte: Option<u16>,
    pub status_code_lte: Option<u16>,
    pub from: Option<Timestamp>,
    pub to: Option<Timestamp>,
}

const COLUMNS: &str = "public_id, method, path, query, status_code, duration_ms, correlation_id, api_key_id,
        error_code, request_body, requested_at, responded_at, fault, idempotency_key_hash, body_size, body_sha256,
        body_kept";

fn log_row(r: &sql::Row<'_>) -> rusqlite::Result<RequestLog> {
    let body: Option<String> = r.get(9)?;
    // Records from before bodies were bounded carry no size: kept whole.
    let size: Option<i64> = r.get(14)?;
    let truncated = match size {
        Some(size) if r.get::<_, i64>(16)? < size => Some(TruncatedBody {
            size: size.max(0).unsigned_abs(),
            sha256: r.get::<_, Option<String>>(15)?.unwrap_or_default(),
            prefix: body.clone().unwrap_or_default(),
        }),
        _ => None,
    };
    Ok(RequestLog {
        id: r.get(0)?,
        method: r.get(1)?,
        path: r.get(2)?,
        query: r.get(3)?,
        status_code: r.get(4)?,
        duration_ms: r.get::<_, i64>(5)?.max(0).unsigned_abs(),
        correlation_id: r.get(6)?,
        idempotency_key_hash: r.get(13)?,
        api_key_id: r.get(7)?,
        error_code: r.get(8)?,
        request_body: if truncated.is_some() { None } else { json(body) },
        request_body_truncated: truncated,
        requested_at: super::iso_at(r.get(10)?),
        responded_at: super::iso_at(r.get(11)?),
        fault: r.get::<_, Option<String>>(12)?.and_then(|f| serde_json::from_str(&f).ok()),
    })
}

fn json(text: Option<String>) -> Option<serde_json::Value> {
    text.and_then(|t| serde_json::from_str(&t).ok())
}

/// One record with what was kept of its exchange (all `None` once it was
/// pruned, or when the writer kept summaries only).
#[derive(Debug, Clone)]
pub struct LogDetail {
    pub log: RequestLog,
    pub request_headers: Option<serde_json::Value>,
    pub response_headers: Option<serde_json::Value>,
    pub response_body: Option<serde_json::Value>,
}

/// A record of this application by id; another application's is `None`.
pub fn find(conn: &Conn<'_>, application_id: i64, public_id: &str) -> Result<Option<LogDetail>, ApiError> {
    let sql = format!(
        "SELECT {COLUMNS}, x.request_headers, x.response_headers, x.response_body
         FROM request_logs LEFT JOIN request_log_exchanges x ON x.log_id = request_logs.id
         WHERE request_logs.application_id = ?1 AND public_id = ?2"
    );
    Ok(conn
        .query_row_cached(&sql, params![application_id, public_id], |r| {
            Ok(LogDetail {
                log: log_row(r)?,
                request_headers: json(r.get(17)?),
                response_headers: json(r.get(18)?),
                response_body: json(r.get(19)?),
            })
        })
        .optional()?)
}

pub fn list(
    conn: &Conn<'_>,
    application_id: i64,
    filter: &LogFilter,
    page: &PageRequest,
) -> Result<Page<RequestLog>, ApiError> {
    static LIST: Listing<7> = Listing::new(
        &[
            "SELECT ",
            COLUMNS,
            "
         FROM request_logs
         WHERE application_id = ?1
           AND (method = ?2 OR ?2 IS NULL)
           AND (path = ?3 OR ?3 IS NULL OR substr(path, 1, length(?3) + 1) = ?3 || '/')
           AND (status_code >= ?4 OR ?4 IS NULL)
           AND (status_code <= ?5 OR ?5 IS NULL)
           AND (requested_at >= ?6 OR ?6 IS NULL)
           AND (requested_at <= ?7 OR ?7 IS NULL)",
        ],
        "public_id",
    );
    let (from, to) = (filter.from.map(Timestamp::millis), filter.to.map(Timestamp::millis));
    let filters: [&dyn ToSql; 7] = [
        &application_id,
        &filter.method,
        &filter.endpoint,
        &filter.status_code_gte,
        &filter.status_code_lte,
        &from,
        &to,
    ];
    LIST.page(conn, filters, page, log_row, |l| &l.id)
}
