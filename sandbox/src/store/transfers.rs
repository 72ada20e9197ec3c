//! Transfers (spec 2.11, 4.12): SQL only. The state machine is
//! `flows::transfers`.

use payctl_domain::address::Network;
use payctl_domain::asset::Asset;
use payctl_domain::decimal::Decimal;
use payctl_domain::money::MinorUnit;
use payctl_domain::states::transfers::{Kind, State};
use payctl_domain::time::Timestamp;
use rusqlite::params;

use crate::db::sql::{self, Conn, OptionalExtension};
use crate::error::ApiError;
use crate::store::paging::Listing;
use crate::store::{NotFound, Owned, sql_text, typed};
use payctl_wire::error::ErrorCode;

/// One side of a stored transfer.
#[derive(Debug, Clone)]
pub struct Side {
    pub asset: Asset,
    pub network: Option<Network>,
    pub address: Option<String>,
    /// Public id of the beneficiary (payouts to a bank).
    pub beneficiary_id: Option<String>,
}

/// A stored transfer.
#[derive(Debug, Clone)]
pub struct Row {
    pub id: i64,
    pub public_id: String,
    pub application_id: i64,
    pub kind: Kind,
    pub status: State,
    /// Internal and public id of the customer.
    pub customer_id: i64,
    pub customer_public_id: String,
    pub quote_public_id: Option<String>,
    pub source: Side,
    pub destination: Side,
    pub source_amount: MinorUnit,
    pub fee: MinorUnit,
    /// `source_amount - fee`: what is converted.
    pub net_amount: MinorUnit,
    /// In the destination asset, out of the converted amount.
    pub network_fee: MinorUnit,
    /// What the destination receives, after the network fee.
    pub destination_amount: MinorUnit,
    pub exchange_rate: Decimal,
    pub failure_reason: Option<String>,
    pub created_at: Timestamp,
    pub updated_at: Timestamp,
    pub completed_at: Option<Timestamp>,
}

/// A transfer to store, `pending`.
#[derive(Debug, Clone)]
pub struct NewRow<'a> {
    pub public_id: &'a str,
    pub application_id: i64,
    pub kind: Kind,
    /// Internal id of the customer.
    pub customer_id: i64,
    pub quote_public_id: Option<&'a str>,
    pub source: &'a Side,
    pub destination: &'a Side,
    pub source_amount: MinorUnit,
    pub fee: MinorUnit,
    pub network_fee: MinorUnit,
    pub destination_amount: MinorUnit,
    pub exchange_rate: Decimal,
}

const SELECT: &str = "SELECT t.id, t.public_id, t.application_id, t.kind, t.status, t.customer_id, c.public_id,
        q.public_id, t.source_asset, t.source_network, t.source_address, t.destination_asset,
        t.destination_network, t.destination_address, b.public_id, t.source_amount_minor, t.fee_minor,
        t.network_fee_minor, t.destination_amount_minor, t.exchange_rate, t.failure_reason, t.created_at,
        t.updated_at, t.completed_at, t.source_amount_minor - t.fee_minor
    FROM transfers t JOIN customers c ON c.id = t.customer_id LEFT JOIN quotes q ON q.id = t.quote_id
        LEFT JOIN beneficiaries b ON b.id = t.beneficiary_id";

fn from_row(r: &sql::Row<'_>) -> rusqlite::Result<Row> {
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
        source_amount: r.get(15)?,
        fee: r.get(16)?,
        net_amount: r.get(24)?,
        network_fee: r.get(17)?,
        destination_amount: r.get(18)?,
        exchange_rate: typed(r, 19, "transfers.exchange_rate")?,
        failure_reason: r.get(20)?,
        created_at: Timestamp::from_millis(r.get(21)?),
        updated_at: Timestamp::from_millis(r.get(22)?),
        completed_at: r.get::<_, Option<i64>>(23)?.map(Timestamp::from_millis),
    })
}

/// Stores `new` as `pending`; returns it as stored.
pub fn insert(conn: &Conn<'_>, new: &NewRow<'_>, now: Timestamp) -> Result<Row, ApiError> {
    conn.execute_cached(
        "INSERT INTO transfers (public_id, application_id, kind, status, customer_id, quote_id, source_asset,
             source_network, source_address, destination_asset, destination_network, destination_address,
             beneficiary_id, source_amount_minor, fee_minor, network_fee_minor, destination_amount_minor,
             exchange_rate, created_at, updated_at)
         VALUES (?1, ?2, ?3, ?19, ?4,
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
            new.source_amount,
            new.fee,
            new.network_fee,
            new.destination_amount,
            new.exchange_rate,
            now.millis(),
            State::Pending,
        ],
    )?;
    find(conn, Some(new.application_id), new.public_id)?.ok_or_else(|| ApiError::internal("transfer vanished"))
}

/// A transfer by public id, limited to one application unless `None`.
pub fn find(conn: &Conn<'_>, application_id: Option<i64>, public_id: &str) -> Result<Option<Row>, ApiError> {
    let sql = sql_text!("{SELECT} WHERE t.public_id = ?1 AND (t.application_id = ?2 OR ?2 IS NULL)");
    Ok(conn.query_row_cached(sql, params![public_id, application_id], from_row).optional()?)
}

impl Owned for Row {
    type Scope = Option<i64>;
    type Found = Row;
    const NOT_FOUND: NotFound = NotFound { code: ErrorCode::NotFound, noun: "transfer" };

    fn find(conn: &Conn<'_>, scope: Option<i64>, id: &str) -> Result<Option<Row>, ApiError> {
        find(conn, scope, id)
    }
}

/// Moves a transfer from `from` to `to` as of `at`; a move to `completed`
/// stamps `completed_at`, one to `failed` records `failure_reason`.
/// Returns whether the transfer was in `from`.
pub fn advance(
    conn: &Conn<'_>,
    id: i64,
    from: State,
    to: State,
    failure_reason: Option<&str>,
    at: Timestamp,
) -> Result<bool, ApiError> {
    let changed = conn.execute_cached(
        "UPDATE transfers SET status = ?3, failure_reason = ?4, updated_at = ?5,
             completed_at = CASE WHEN ?3 = ?6 THEN ?5 ELSE completed_at END
         WHERE id = ?1 AND status = ?2",
        params![id, from, to, failure_reason, at.millis(), State::Completed],
    )?;
    Ok(changed == 1)
}

/// The application's transfers, newest first; `kind` narrows them to one
/// kind (swaps are `onchain_fx`).
pub fn list(
    conn: &Conn<'_>,
    application_id: i64,
    kind: Option<Kind>,
    page: &crate::store::paging::PageRequest,
) -> Result<payctl_wire::page::Page<Row>, ApiError> {
    static LIST: Listing<2> =
        Listing::new(&[SELECT, " WHERE t.application_id = ?1 AND (t.kind = ?2 OR ?2 IS NULL)"], "t.public_id");
    LIST.page(conn, [&application_id, &kind.map(Kind::as_str)], page, from_row, |t| &t.public_id)
}
