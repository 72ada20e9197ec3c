//! Transfers (spec 2.11, 4.12): SQL only. The state machine is
//! `flows::transfers`.

use rusqlite::{Connection, OptionalExtension, params};

use crate::clock::Timestamp;
use crate::db::CachedSql;
use crate::error::ApiError;

/// One side of a stored transfer.
#[derive(Debug, Clone, Default)]
pub struct Side {
    pub asset: String,
    pub network: Option<String>,
    pub address: Option<String>,
    /// Public id of the beneficiary (payouts to a bank).
    pub beneficiary_id: Option<String>,
}

/// A stored transfer (or one about to be stored: ids then unset).
#[derive(Debug, Clone)]
pub struct Row {
    pub id: i64,
    pub public_id: String,
    pub application_id: i64,
    pub kind: String,
    pub status: String,
    /// Internal and public id of the customer.
    pub customer_id: i64,
    pub customer_public_id: String,
    pub quote_public_id: Option<String>,
    pub source: Side,
    pub destination: Side,
    pub source_amount_minor: u64,
    pub fee_minor: u64,
    pub network_fee_minor: u64,
    pub destination_amount_minor: u64,
    pub exchange_rate: String,
    pub failure_reason: Option<String>,
    pub created_at: Timestamp,
    pub updated_at: Timestamp,
    pub completed_at: Option<Timestamp>,
}

const SELECT: &str = "SELECT t.id, t.public_id, t.application_id, t.kind, t.status, t.customer_id, c.public_id,
        q.public_id, t.source_asset, t.source_network, t.source_address, t.destination_asset,
        t.destination_network, t.destination_address, b.public_id, t.source_amount_minor, t.fee_minor,
        t.network_fee_minor, t.destination_amount_minor, t.exchange_rate, t.failure_reason, t.created_at,
        t.updated_at, t.completed_at
    FROM transfers t JOIN customers c ON c.id = t.customer_id LEFT JOIN quotes q ON q.id = t.quote_id
        LEFT JOIN beneficiaries b ON b.id = t.beneficiary_id";

fn from_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<Row> {
    let minor = |i: usize| -> rusqlite::Result<u64> {
        u64::try_from(r.get::<_, i64>(i)?)
            .map_err(|e| rusqlite::Error::FromSqlConversionFailure(i, rusqlite::types::Type::Integer, Box::new(e)))
    };
    Ok(Row {
        id: r.get(0)?,
        public_id: r.get(1)?,
        application_id: r.get(2)?,
        kind: r.get(3)?,
        status: r.get(4)?,
        customer_id: r.get(5)?,
        customer_public_id: r.get(6)?,
        quote_public_id: r.get(7)?,
        source: Side { asset: r.get(8)?, network: r.get(9)?, address: r.get(10)?, beneficiary_id: None },
        destination: Side { asset: r.get(11)?, network: r.get(12)?, address: r.get(13)?, beneficiary_id: r.get(14)? },
        source_amount_minor: minor(15)?,
        fee_minor: minor(16)?,
        network_fee_minor: minor(17)?,
        destination_amount_minor: minor(18)?,
        exchange_rate: r.get(19)?,
        failure_reason: r.get(20)?,
        created_at: Timestamp::from_millis(r.get(21)?),
        updated_at: Timestamp::from_millis(r.get(22)?),
        completed_at: r.get::<_, Option<i64>>(23)?.map(Timestamp::from_millis),
    })
}

fn as_i64(v: u64) -> Result<i64, ApiError> {
    i64::try_from(v).map_err(|_| ApiError::invalid_field("amount", "out_of_range", "is too large"))
}

/// Stores `new` as `pending` (its `id`, status and times are ignored).
pub fn insert(conn: &Connection, new: &Row, now: Timestamp) -> Result<Row, ApiError> {
    conn.execute_cached(
        "INSERT INTO transfers (public_id, application_id, kind, status, customer_id, quote_id, source_asset,
             source_network, source_address, destination_asset, destination_network, destination_address,
             beneficiary_id, source_amount_minor, fee_minor, network_fee_minor, destination_amount_minor,
             exchange_rate, created_at, updated_at)
         VALUES (?1, ?2, ?3, 'pending', ?4,
             (SELECT id FROM quotes WHERE public_id = ?5 AND application_id = ?2), ?6, ?7, ?8, ?9, ?10, ?11,
             (SELECT id FROM beneficiaries WHERE public_id = ?12 AND application_id = ?2), ?13, ?14, ?15, ?16,
             ?17, ?18, ?18)",
        params![
            new.public_id,
            new.application_id,
            new.kind,
            new.customer_id,
            new.quote_public_id,
            new.source.asset,
            new.source.network,
            new.source.address,
            new.destination.asset,
            new.destination.network,
            new.destination.address,
            new.destination.beneficiary_id,
            as_i64(new.source_amount_minor)?,
            as_i64(new.fee_minor)?,
            as_i64(new.network_fee_minor)?,
            as_i64(new.destination_amount_minor)?,
            new.exchange_rate,
            now.millis()
        ],
    )?;
    find(conn, Some(new.application_id), &new.public_id)?.ok_or_else(|| ApiError::internal("transfer vanished"))
}

/// A transfer by public id, limited to one application unless `None`.
pub fn find(conn: &Connection, application_id: Option<i64>, public_id: &str) -> Result<Option<Row>, ApiError> {
    let sql = format!("{SELECT} WHERE t.public_id = ?1 AND (?2 IS NULL OR t.application_id = ?2)");
    Ok(conn.query_row_cached(&sql, params![public_id, application_id], from_row).optional()?)
}

/// Moves a transfer from `from` to `to` as of `at`; a move to `completed`
/// stamps `completed_at`, one to `failed` records `failure_reason`.
/// Returns whether the transfer was in `from`.
pub fn advance(
    conn: &Connection,
    id: i64,
    from: &str,
    to: &str,
    failure_reason: Option<&str>,
    at: Timestamp,
) -> Result<bool, ApiError> {
    let changed = conn.execute_cached(
        "UPDATE transfers SET status = ?3, failure_reason = ?4, updated_at = ?5,
             completed_at = CASE WHEN ?3 = 'completed' THEN ?5 ELSE completed_at END
         WHERE id = ?1 AND status = ?2",
        params![id, from, to, failure_reason, at.millis()],
    )?;
    Ok(changed == 1)
}
