//! Payments (spec 2.9): SQL only. The state machine that drives them is
//! `flows::payments`.

use payctl_domain::asset::Asset;
use payctl_domain::decimal::format_minor;
use payctl_domain::money::MinorUnit;
use payctl_domain::states::payments::State;
use payctl_domain::time::Timestamp;
use payctl_wire::page::Page;
use payctl_wire::payments::{CollectionInstructions, CollectionMethod, Payment};
use rusqlite::params;

use crate::db::sql::{self, Conn, OptionalExtension};
use crate::error::ApiError;
use crate::store::paging::Listing;
use crate::store::paging::PageRequest;
use crate::store::{NotFound, Owned, sql_text};
use payctl_wire::error::ErrorCode;

/// A stored payment with the internal ids that never leave the server.
#[derive(Debug, Clone)]
pub struct Row {
    pub id: i64,
    pub application_id: i64,
    pub customer_id: i64,
    pub status: State,
    pub source_amount: MinorUnit,
    pub fee: MinorUnit,
    /// `source_amount - fee`: what is converted.
    pub net_amount: MinorUnit,
    pub destination_amount: MinorUnit,
    pub payment: Payment,
}

/// A payment to store, priced by its quote.
pub struct NewRow<'a> {
    pub public_id: &'a str,
    pub application_id: i64,
    pub quote: &'a super::quotes::Row,
    pub customer_id: i64,
    pub collection_method: CollectionMethod,
    pub virtual_iban: &'a str,
    pub reference: &'a str,
    pub funds_due_at: Timestamp,
}

const SELECT: &str = "SELECT p.id, p.application_id, p.customer_id, p.public_id, p.status, q.public_id, c.public_id,
        p.collection_method, p.virtual_iban, p.reference, p.source_asset, p.destination_asset,
        p.source_amount_minor, p.fee_minor, p.destination_amount_minor, p.exchange_rate, p.funds_due_at,
        p.funds_received_at, p.settled_at, p.expired_at, p.created_at, p.updated_at, p.failed_at, p.failure_reason
    FROM payments p JOIN quotes q ON q.id = p.quote_id JOIN customers c ON c.id = p.customer_id";

fn from_row(r: &sql::Row<'_>) -> rusqlite::Result<Row> {
    let (source, destination): (Asset, Asset) = (r.get(10)?, r.get(11)?);
    let (sd, dd) = (source.decimals, destination.decimals);
    let (amount, fee, out): (MinorUnit, MinorUnit, MinorUnit) = (r.get(12)?, r.get(13)?, r.get(14)?);
    let status: State = r.get(4)?;
    Ok(Row {
        id: r.get(0)?,
        application_id: r.get(1)?,
        customer_id: r.get(2)?,
        status,
        source_amount: amount,
        fee,
        net_amount: amount.checked_sub(fee).map_err(|e| {
            rusqlite::Error::FromSqlConversionFailure(
                13,
                rusqlite::types::Type::Integer,
                format!("fee {fee} taken from source amount {amount}: {e}").into(),
            )
        })?,
        destination_amount: out,
        payment: Payment {
            id: r.get(3)?,
            status,
            quote_id: r.get(5)?,
            customer_id: r.get(6)?,
            collection_instructions: CollectionInstructions {
                method: r.get(7)?,
                iban: r.get(8)?,
                reference: r.get(9)?,
                amount: format_minor(amount.as_u64(), sd),
                amount_minor: amount.to_string(),
                currency: source.code.to_owned(),
                pay_by: super::iso_at(r.get(16)?),
            },
            source_currency: source.code.to_owned(),
            destination_currency: destination.code.to_owned(),
            source_amount: format_minor(amount.as_u64(), sd),
            fee: format_minor(fee.as_u64(), sd),
            destination_amount: format_minor(out.as_u64(), dd),
            source_amount_minor: amount.to_string(),
            fee_minor: fee.to_string(),
            destination_amount_minor: out.to_string(),
            exchange_rate: r.get(15)?,
            funds_received_at: super::iso(r.get(17)?),
            settled_at: super::iso(r.get(18)?),
            expired_at: super::iso(r.get(19)?),
            created_at: super::iso_at(r.get(20)?),
            updated_at: super::iso_at(r.get(21)?),
            failed_at: super::iso(r.get(22)?),
            failure_reason: r.get(23)?,
        },
    })
}

pub fn insert(conn: &Conn<'_>, new: &NewRow<'_>, now: Timestamp) -> Result<Row, ApiError> {
    let q = new.quote;
    conn.execute_cached(
        "INSERT INTO payments (public_id, application_id, quote_id, customer_id, status, collection_method,
             virtual_iban, reference, source_asset, destination_asset, source_amount_minor, fee_minor,
             destination_amount_minor, exchange_rate, funds_due_at, created_at, updated_at)
         VALUES (?1, ?2, ?3, ?4, ?15, ?16, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?14)",
        params![
            new.public_id,
            new.application_id,
            q.id,
            new.customer_id,
            new.virtual_iban,
            new.reference,
            q.source_asset,
            q.destination_asset,
            q.source_amount,
            q.fee,
            q.destination_amount,
            q.rate,
            new.funds_due_at.millis(),
            now.millis(),
            State::AwaitingFunds,
            new.collection_method,
        ],
    )?;
    find(conn, Some(new.application_id), new.public_id)?.ok_or_else(|| ApiError::internal("payment vanished"))
}

/// A payment by public id, limited to one application unless `None`.
pub fn find(conn: &Conn<'_>, application_id: Option<i64>, public_id: &str) -> Result<Option<Row>, ApiError> {
    let sql = sql_text!("{SELECT} WHERE p.public_id = ?1 AND (p.application_id = ?2 OR ?2 IS NULL)");
    Ok(conn.query_row_cached(sql, params![public_id, application_id], from_row).optional()?)
}

impl Owned for Row {
    type Scope = Option<i64>;
    type Found = Row;
    const NOT_FOUND: NotFound = NotFound { code: ErrorCode::NotFound, noun: "payment" };

    fn find(conn: &Conn<'_>, scope: Option<i64>, id: &str) -> Result<Option<Row>, ApiError> {
        find(conn, scope, id)
    }
}

/// Moves a payment from `from` to `to` as of `at`, stamping the time
/// column of `to` (and the reason of a failure or expiry). False when it
/// was elsewhere.
pub fn advance(
    conn: &Conn<'_>,
    id: i64,
    from: State,
    to: State,
    reason: Option<&str>,
    at: Timestamp,
) -> Result<bool, ApiError> {
    let sql = match to {
        State::AwaitingFunds => return Err(ApiError::internal("a payment never returns to awaiting_funds")),
        State::FundsReceived => {
            "UPDATE payments SET status = ?3, funds_received_at = ?4, failure_reason = ?5, updated_at = ?4
             WHERE id = ?1 AND status = ?2"
        }
        State::Settled => {
            "UPDATE payments SET status = ?3, settled_at = ?4, failure_reason = ?5, updated_at = ?4
             WHERE id = ?1 AND status = ?2"
        }
        State::Expired => {
            "UPDATE payments SET status = ?3, expired_at = ?4, failure_reason = ?5, updated_at = ?4
             WHERE id = ?1 AND status = ?2"
        }
        State::Failed => {
            "UPDATE payments SET status = ?3, failed_at = ?4, failure_reason = ?5, updated_at = ?4
             WHERE id = ?1 AND status = ?2"
        }
    };
    Ok(conn.execute_cached(sql, params![id, from.as_str(), to.as_str(), at.millis(), reason])? == 1)
}

/// Filters of the list; `None` means any.
pub struct Filter {
    pub status: Option<State>,
    pub from: Option<Timestamp>,
    pub to: Option<Timestamp>,
}

/// The application's payments, newest first.
pub fn list(
    conn: &Conn<'_>,
    application_id: i64,
    filter: &Filter,
    page: &PageRequest,
) -> Result<Page<Payment>, ApiError> {
    static LIST: Listing<4> = Listing::new(
        &[
            SELECT,
            " WHERE p.application_id = ?1 AND (p.status = ?2 OR ?2 IS NULL) AND (p.created_at >= ?3 OR ?3 IS NULL)
             AND (p.created_at <= ?4 OR ?4 IS NULL)",
        ],
        "p.public_id",
    );
    let (from, to) = (filter.from.map(Timestamp::millis), filter.to.map(Timestamp::millis));
    LIST.page(conn, [&application_id, &filter.status, &from, &to], page, |r| from_row(r).map(|r| r.payment), |p| &p.id)
}
