//! Transactions (spec 2.8, 4.3): SQL only. The state machine is
//! `flows::transactions`.

use payctl_domain::decimal::Decimal;
use payctl_domain::money::MinorUnit;
use payctl_domain::states::transactions::State;
use payctl_domain::time::Timestamp;
use payctl_wire::error::ErrorCode;
use payctl_wire::page::TransactionPage;
use rusqlite::params;

use crate::db::sql::{self, Conn, OptionalExtension};
use crate::error::ApiError;
use crate::store::paging::Listing;
use crate::store::paging::{PageRequest, transaction_envelope};
use crate::store::{NotFound, Owned, sql_text, typed};

/// A stored transaction.
#[derive(Debug, Clone)]
pub struct Row {
    pub id: i64,
    pub application_id: i64,
    pub public_id: String,
    pub external_id: String,
    pub state: State,
    pub quote_id: String,
    pub beneficiary_id: String,
    /// The sending customer: the beneficiary's owner.
    pub customer_id: String,
    pub source_asset: String,
    pub destination_asset: String,
    pub source_amount: MinorUnit,
    pub fee: MinorUnit,
    /// `source_amount - fee`: what reaches the beneficiary's side.
    pub net_amount: MinorUnit,
    pub destination_amount: MinorUnit,
    pub exchange_rate: Decimal,
    pub failure_reason: Option<String>,
    pub created_at: Timestamp,
    pub updated_at: Timestamp,
    pub completed_at: Option<Timestamp>,
}

/// A transaction to store.
pub struct NewRow<'a> {
    pub public_id: &'a str,
    pub external_id: &'a str,
    pub application_id: i64,
    /// Internal id of the quote consumed.
    pub quote_id: i64,
    /// Public id of a beneficiary of the application.
    pub beneficiary_id: &'a str,
    pub source_asset: &'a str,
    pub destination_asset: &'a str,
    pub source_amount: MinorUnit,
    pub fee: MinorUnit,
    pub destination_amount: MinorUnit,
    pub exchange_rate: Decimal,
}

const SELECT: &str = "SELECT t.id, t.application_id, t.public_id, t.external_id, t.state, q.public_id, b.public_id,
        c.public_id, t.source_asset, t.destination_asset, t.source_amount_minor, t.fee_minor,
        t.destination_amount_minor, t.exchange_rate, t.failure_reason, t.created_at, t.updated_at, t.completed_at,
        t.source_amount_minor - t.fee_minor
    FROM transactions t JOIN quotes q ON q.id = t.quote_id JOIN beneficiaries b ON b.id = t.beneficiary_id
        JOIN customers c ON c.id = b.customer_id";

fn from_row(r: &sql::Row<'_>) -> rusqlite::Result<Row> {
    let state: String = r.get(4)?;
    Ok(Row {
        id: r.get(0)?,
        application_id: r.get(1)?,
        public_id: r.get(2)?,
        external_id: r.get(3)?,
        state: State::parse(&state).ok_or_else(|| super::bad_value(4, &state))?,
        quote_id: r.get(5)?,
        beneficiary_id: r.get(6)?,
        customer_id: r.get(7)?,
        source_asset: r.get(8)?,
        destination_asset: r.get(9)?,
        source_amount: r.get(10)?,
        fee: r.get(11)?,
        net_amount: r.get(18)?,
        destination_amount: r.get(12)?,
        exchange_rate: typed(r, 13, "transactions.exchange_rate")?,
        failure_reason: r.get(14)?,
        created_at: Timestamp::from_millis(r.get(15)?),
        updated_at: Timestamp::from_millis(r.get(16)?),
        completed_at: r.get::<_, Option<i64>>(17)?.map(Timestamp::from_millis),
    })
}

pub fn insert(conn: &Conn<'_>, new: &NewRow<'_>, now: Timestamp) -> Result<Row, ApiError> {
    conn.execute_cached(
        "INSERT INTO transactions (public_id, external_id, application_id, quote_id, beneficiary_id, state,
             source_asset, destination_asset, source_amount_minor, fee_minor, destination_amount_minor,
             exchange_rate, created_at, updated_at)
         VALUES (?1, ?2, ?3, ?4, (SELECT id FROM beneficiaries WHERE application_id = ?3 AND public_id = ?5),
             ?13, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?12)",
        params![
            new.public_id,
            new.external_id,
            new.application_id,
            new.quote_id,
            new.beneficiary_id,
            new.source_asset,
            new.destination_asset,
            new.source_amount,
            new.fee,
            new.destination_amount,
            new.exchange_rate,
            now.millis(),
            State::Pending,
        ],
    )?;
    find(conn, Some(new.application_id), new.public_id)?.ok_or_else(|| ApiError::internal("transaction vanished"))
}

/// A transaction by id or `external_id`, limited to one application unless
/// `None` (the sandbox operator).
pub fn find(conn: &Conn<'_>, application_id: Option<i64>, id: &str) -> Result<Option<Row>, ApiError> {
    let sql =
        sql_text!("{SELECT} WHERE (t.public_id = ?1 OR t.external_id = ?1) AND (t.application_id = ?2 OR ?2 IS NULL)");
    Ok(conn.query_row_cached(sql, params![id, application_id], from_row).optional()?)
}

impl Owned for Row {
    type Scope = Option<i64>;
    type Found = Row;
    const NOT_FOUND: NotFound = NotFound { code: ErrorCode::TransactionNotFound, noun: "transaction" };

    fn find(conn: &Conn<'_>, application_id: Option<i64>, id: &str) -> Result<Option<Row>, ApiError> {
        find(conn, application_id, id)
    }
}

static LIST: Listing<1> = Listing::new(&[SELECT, " WHERE t.application_id = ?1"], "t.public_id");

pub fn list(conn: &Conn<'_>, application_id: i64, page: &PageRequest) -> Result<TransactionPage<Row>, ApiError> {
    let rows = LIST.page(conn, [&application_id], page, from_row, |t| &t.public_id)?;
    Ok(transaction_envelope(rows))
}

/// Moves a transaction from `from` to `to` as of `at`: `COMPLETED` stamps
/// `completed_at`, `FAILED` records the reason. False when it was elsewhere.
pub fn advance(
    conn: &Conn<'_>,
    id: i64,
    from: State,
    to: State,
    failure_reason: Option<&str>,
    at: Timestamp,
) -> Result<bool, ApiError> {
    let changed = conn.execute_cached(
        "UPDATE transactions SET state = ?3, failure_reason = ?4, updated_at = ?5,
             completed_at = CASE WHEN ?3 = ?6 THEN ?5 ELSE completed_at END
         WHERE id = ?1 AND state = ?2",
        params![id, from, to, failure_reason, at.millis(), State::Completed],
    )?;
    Ok(changed == 1)
}
