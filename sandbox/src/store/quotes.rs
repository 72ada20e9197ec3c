//! Quotes of every form (spec 2.7, 3.1, 4.2) in one table: rows in, rows
//! out. Their life (accepted once, used once, the derived `EXPIRED`) is
//! `flows::quotes`; the two moves here are conditional updates, so of two
//! racing writers exactly one sees its move happen.

use payctl_domain::asset::Asset;
use payctl_domain::decimal::Decimal;
use payctl_domain::money::MinorUnit;
pub use payctl_domain::states::quotes::{Form, State};
use payctl_domain::time::Timestamp;
use payctl_wire::legacy_quotes::RecipientType;
use payctl_wire::pricing::MarkupSource;
use payctl_wire::transactions::DestinationKind;
use rusqlite::params;

use crate::db::sql::{self, Conn, OptionalExtension};
use crate::error::ApiError;
use crate::ids;
use crate::store::{NotFound, Owned, sql_text, typed};
use payctl_wire::error::ErrorCode;

/// How long a quote's rate is locked (spec 8: 3 minutes).
pub const VALIDITY_SECONDS: i64 = 180;

/// A priced movement.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Priced {
    pub source: Asset,
    pub destination: Asset,
    pub source_amount: MinorUnit,
    pub corridor_fee: MinorUnit,
    /// The platform fee (the markup).
    pub fee: MinorUnit,
    /// What is converted: the amount less both fees.
    pub net_source: MinorUnit,
    pub exchange_rate: Decimal,
    pub network_fee: MinorUnit,
    /// What arrives, after the network fee; always above zero.
    pub destination_amount: MinorUnit,
    /// `customer`, `partner` or `default`: which markup set the fee.
    pub markup_source: MarkupSource,
}

/// A quote to store; the form-specific fields are `None` when unused.
pub struct NewQuote<'a> {
    pub application_id: i64,
    pub form: Form,
    /// Internal id of the sending customer, if any.
    pub customer_id: Option<i64>,
    pub priced: &'a Priced,
    pub corridor: Option<String>,
    pub destination_kind: Option<DestinationKind>,
    pub recipient_type: Option<RecipientType>,
    pub destination_address: Option<String>,
}

/// A stored quote.
#[derive(Debug, Clone)]
pub struct Row {
    pub id: i64,
    pub public_id: String,
    pub application_id: i64,
    pub form: Form,
    /// Public id of the sending customer.
    pub customer_public_id: Option<String>,
    pub source_asset: Asset,
    pub destination_asset: Asset,
    pub source_amount: MinorUnit,
    pub fee: MinorUnit,
    pub net_source: MinorUnit,
    pub destination_amount: MinorUnit,
    pub rate: Decimal,
    pub markup_source: MarkupSource,
    pub corridor_fee: Option<MinorUnit>,
    pub corridor: Option<String>,
    pub destination_kind: Option<DestinationKind>,
    pub recipient_type: Option<RecipientType>,
    pub destination_address: Option<String>,
    /// As stored: `CREATED`, `ACCEPTED` or `USED`.
    pub status: State,
    pub expires_at: Timestamp,
    pub accepted_at: Option<Timestamp>,
    pub created_at: Timestamp,
}

impl Row {
    /// Whether the lock has run out at `now`.
    pub fn is_expired(&self, now: Timestamp) -> bool {
        now >= self.expires_at
    }
}

const SELECT: &str = "SELECT q.id, q.public_id, q.application_id, q.form, q.customer_id, c.public_id,
        q.source_asset, q.destination_asset, q.source_amount_minor, q.fee_minor, q.net_source_minor,
        q.destination_amount_minor, q.rate, q.markup_source, q.corridor_fee_minor, q.corridor,
        q.destination_kind, q.recipient_type, q.destination_address, q.status, q.expires_at, q.accepted_at,
        q.used_by, q.used_at, q.created_at, q.updated_at
    FROM quotes q LEFT JOIN customers c ON c.id = q.customer_id";

fn from_row(r: &sql::Row<'_>) -> rusqlite::Result<Row> {
    let ts = |i: usize| -> rusqlite::Result<Option<Timestamp>> {
        Ok(r.get::<_, Option<i64>>(i)?.map(Timestamp::from_millis))
    };
    Ok(Row {
        id: r.get(0)?,
        public_id: r.get(1)?,
        application_id: r.get(2)?,
        form: r.get(3)?,
        customer_public_id: r.get(5)?,
        source_asset: r.get(6)?,
        destination_asset: r.get(7)?,
        source_amount: r.get(8)?,
        fee: r.get(9)?,
        net_source: r.get(10)?,
        destination_amount: r.get(11)?,
        rate: typed(r, 12, "quotes.rate")?,
        markup_source: r.get(13)?,
        corridor_fee: r.get(14)?,
        corridor: r.get(15)?,
        destination_kind: r.get(16)?,
        recipient_type: r.get(17)?,
        destination_address: r.get(18)?,
        status: r.get(19)?,
        expires_at: Timestamp::from_millis(r.get(20)?),
        accepted_at: ts(21)?,
        created_at: Timestamp::from_millis(r.get(24)?),
    })
}

/// Stores a new `CREATED` quote locked until `now` + [`VALIDITY_SECONDS`]
/// (`flows::quotes::create` prices it first).
pub fn insert(conn: &Conn<'_>, new: &NewQuote<'_>, now: Timestamp) -> Result<Row, ApiError> {
    let public_id = ids::uuid();
    let p = new.priced;
    let corridor_fee = (new.form == Form::Corridor).then_some(p.corridor_fee);
    conn.execute_cached(
        "INSERT INTO quotes (public_id, application_id, form, customer_id, source_asset, destination_asset,
             source_amount_minor, fee_minor, net_source_minor, destination_amount_minor, rate, markup_source,
             corridor_fee_minor, corridor, destination_kind, recipient_type, destination_address, status,
             expires_at, created_at, updated_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?20, ?18, ?19, ?19)",
        params![
            public_id,
            new.application_id,
            new.form.as_str(),
            new.customer_id,
            p.source.code,
            p.destination.code,
            p.source_amount,
            p.fee,
            p.net_source,
            p.destination_amount,
            p.exchange_rate,
            p.markup_source,
            corridor_fee,
            new.corridor,
            new.destination_kind,
            new.recipient_type,
            new.destination_address,
            now.plus_seconds(VALIDITY_SECONDS).millis(),
            now.millis(),
            State::Created.as_str(),
        ],
    )?;
    find(conn, new.application_id, &public_id)?.ok_or_else(|| ApiError::internal("quote vanished after insert"))
}

/// A quote of the application (any form); another application's is `None`.
pub fn find(conn: &Conn<'_>, application_id: i64, public_id: &str) -> Result<Option<Row>, ApiError> {
    let sql = sql_text!("{SELECT} WHERE q.application_id = ?1 AND q.public_id = ?2");
    Ok(conn.query_row_cached(sql, params![application_id, public_id], from_row).optional()?)
}

/// The spec's code for an unknown quote is the generic `NOT_FOUND`.
impl Owned for Row {
    type Scope = i64;
    type Found = Row;
    const NOT_FOUND: NotFound = NotFound { code: ErrorCode::NotFound, noun: "quote" };

    fn find(conn: &Conn<'_>, scope: i64, id: &str) -> Result<Option<Row>, ApiError> {
        find(conn, scope, id)
    }
}

/// `CREATED` → `ACCEPTED` at `now`; false when the quote was no longer
/// `CREATED`.
pub fn mark_accepted(conn: &Conn<'_>, id: i64, now: Timestamp) -> Result<bool, ApiError> {
    let changed = conn.execute_cached(
        "UPDATE quotes SET status = ?3, accepted_at = ?2, updated_at = ?2 WHERE id = ?1 AND status = ?4",
        params![id, now.millis(), State::Accepted.as_str(), State::Created.as_str()],
    )?;
    Ok(changed == 1)
}

/// `ACCEPTED` → `USED` by `used_by` at `now`, only within the lock; false
/// when the quote was not accepted, already used, or its lock had run out.
pub fn mark_used(conn: &Conn<'_>, id: i64, used_by: &str, now: Timestamp) -> Result<bool, ApiError> {
    let changed = conn.execute_cached(
        "UPDATE quotes SET status = ?4, used_by = ?2, used_at = ?3, updated_at = ?3
         WHERE id = ?1 AND status = ?5 AND expires_at > ?3",
        params![id, used_by, now.millis(), State::Used.as_str(), State::Accepted.as_str()],
    )?;
    Ok(changed == 1)
}
