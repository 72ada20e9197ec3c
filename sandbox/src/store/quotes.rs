//! Quotes of every form (spec 2.7, 3.1, 4.2) in one table.
//!
//! The transaction-quote flow, the legacy `GET /v1/quotes` form and the
//! alternate `POST /v1/quotes` form differ in their requests and answers but
//! share a life: priced once, locked for [`VALIDITY_SECONDS`] of sandbox
//! time, accepted once, consumed once. That life lives here so every form
//! obeys the same rules:
//! - `CREATED` → `ACCEPTED` by [`accept`], only before `expires_at`
//!   (400 QTE_0001 after; 409 QTE_0002 when no longer `CREATED`);
//! - `ACCEPTED` → `USED` by [`consume`], exactly once, inside the consumer's
//!   write transaction and still within the lock (400 IDM_0002 otherwise);
//! - `EXPIRED` is never stored: a `CREATED` quote read at or after its
//!   `expires_at` shows `EXPIRED` ([`Row::status_at`]).

use payctl_wire::error::ErrorCode;
use rusqlite::{Connection, OptionalExtension, params};

use crate::clock::Timestamp;
use crate::db::CachedSql;
use crate::domain::money::MinorUnit;
use crate::error::ApiError;
use crate::ids;
use crate::quoting::Priced;

/// How long a quote's rate is locked (spec 8: 3 minutes).
pub const VALIDITY_SECONDS: i64 = 180;

/// Which request created a quote.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Form {
    /// `POST /v1/transactions/quote`.
    Transaction,
    /// `GET /v1/quotes` with a JSON body.
    Legacy,
    /// `POST /v1/quotes` with a corridor.
    Corridor,
}

impl Form {
    pub fn as_str(self) -> &'static str {
        match self {
            Form::Transaction => "transaction",
            Form::Legacy => "legacy",
            Form::Corridor => "corridor",
        }
    }

    fn parse(s: &str) -> Form {
        match s {
            "legacy" => Form::Legacy,
            "corridor" => Form::Corridor,
            _ => Form::Transaction,
        }
    }
}

/// A quote to store; the form-specific fields are `None` when unused.
pub struct NewQuote<'a> {
    pub application_id: i64,
    pub form: Form,
    /// Internal id of the sending customer, if any.
    pub customer_id: Option<i64>,
    pub priced: &'a Priced,
    pub corridor: Option<String>,
    pub destination_kind: Option<String>,
    pub recipient_type: Option<String>,
    pub destination_address: Option<String>,
}

/// A stored quote.
#[derive(Debug, Clone)]
pub struct Row {
    pub id: i64,
    pub public_id: String,
    pub application_id: i64,
    pub form: Form,
    pub customer_id: Option<i64>,
    /// Public id of the sending customer.
    pub customer_public_id: Option<String>,
    pub source_asset: String,
    pub destination_asset: String,
    pub source_amount: MinorUnit,
    pub fee: MinorUnit,
    pub net_source: MinorUnit,
    pub destination_amount: MinorUnit,
    pub rate: String,
    pub markup_source: String,
    pub corridor_fee: Option<MinorUnit>,
    pub corridor: Option<String>,
    pub destination_kind: Option<String>,
    pub recipient_type: Option<String>,
    pub destination_address: Option<String>,
    /// As stored: `CREATED`, `ACCEPTED` or `USED`.
    pub status: String,
    pub expires_at: Timestamp,
    pub accepted_at: Option<Timestamp>,
    pub used_by: Option<String>,
    pub used_at: Option<Timestamp>,
    pub created_at: Timestamp,
    pub updated_at: Timestamp,
}

impl Row {
    /// Whether the lock has run out at `now`.
    pub fn is_expired(&self, now: Timestamp) -> bool {
        now >= self.expires_at
    }

    /// The status a reader sees at `now`: a `CREATED` quote past its lock
    /// is `EXPIRED`; an accepted or used one keeps its stored status.
    pub fn status_at(&self, now: Timestamp) -> &str {
        if self.status == "CREATED" && self.is_expired(now) { "EXPIRED" } else { &self.status }
    }
}

const SELECT: &str = "SELECT q.id, q.public_id, q.application_id, q.form, q.customer_id, c.public_id,
        q.source_asset, q.destination_asset, q.source_amount_minor, q.fee_minor, q.net_source_minor,
        q.destination_amount_minor, q.rate, q.markup_source, q.corridor_fee_minor, q.corridor,
        q.destination_kind, q.recipient_type, q.destination_address, q.status, q.expires_at, q.accepted_at,
        q.used_by, q.used_at, q.created_at, q.updated_at
    FROM quotes q LEFT JOIN customers c ON c.id = q.customer_id";

fn from_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<Row> {
    let form: String = r.get(3)?;
    let ts = |i: usize| -> rusqlite::Result<Option<Timestamp>> {
        Ok(r.get::<_, Option<i64>>(i)?.map(Timestamp::from_millis))
    };
    Ok(Row {
        id: r.get(0)?,
        public_id: r.get(1)?,
        application_id: r.get(2)?,
        form: Form::parse(&form),
        customer_id: r.get(4)?,
        customer_public_id: r.get(5)?,
        source_asset: r.get(6)?,
        destination_asset: r.get(7)?,
        source_amount: r.get(8)?,
        fee: r.get(9)?,
        net_source: r.get(10)?,
        destination_amount: r.get(11)?,
        rate: r.get(12)?,
        markup_source: r.get(13)?,
        corridor_fee: r.get(14)?,
        corridor: r.get(15)?,
        destination_kind: r.get(16)?,
        recipient_type: r.get(17)?,
        destination_address: r.get(18)?,
        status: r.get(19)?,
        expires_at: Timestamp::from_millis(r.get(20)?),
        accepted_at: ts(21)?,
        used_by: r.get(22)?,
        used_at: ts(23)?,
        created_at: Timestamp::from_millis(r.get(24)?),
        updated_at: Timestamp::from_millis(r.get(25)?),
    })
}

/// Stores a new `CREATED` quote locked until `now` + [`VALIDITY_SECONDS`].
pub fn insert(conn: &Connection, new: &NewQuote<'_>, now: Timestamp) -> Result<Row, ApiError> {
    let public_id = ids::uuid();
    let p = new.priced;
    let corridor_fee = (new.form == Form::Corridor).then_some(p.corridor_fee);
    conn.execute_cached(
        "INSERT INTO quotes (public_id, application_id, form, customer_id, source_asset, destination_asset,
             source_amount_minor, fee_minor, net_source_minor, destination_amount_minor, rate, markup_source,
             corridor_fee_minor, corridor, destination_kind, recipient_type, destination_address, status,
             expires_at, created_at, updated_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, 'CREATED', ?18, ?19, ?19)",
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
            p.exchange_rate.to_string(),
            p.markup_source,
            corridor_fee,
            new.corridor,
            new.destination_kind,
            new.recipient_type,
            new.destination_address,
            now.plus_seconds(VALIDITY_SECONDS).millis(),
            now.millis()
        ],
    )?;
    find(conn, new.application_id, &public_id)?.ok_or_else(|| ApiError::internal("quote vanished after insert"))
}

/// A quote of the application (any form); another application's is `None`.
pub fn find(conn: &Connection, application_id: i64, public_id: &str) -> Result<Option<Row>, ApiError> {
    let sql = format!("{SELECT} WHERE q.application_id = ?1 AND q.public_id = ?2");
    Ok(conn.query_row_cached(&sql, params![application_id, public_id], from_row).optional()?)
}

/// `CREATED` → `ACCEPTED`, before the lock runs out. Expired: 400
/// QTE_0001. Already accepted or used: 409 QTE_0002 (checked first: a quote
/// accepted in time stays accepted, whatever the clock says now).
pub fn accept(conn: &Connection, quote: &Row, now: Timestamp) -> Result<Row, ApiError> {
    if quote.status != "CREATED" {
        return Err(ApiError::conflict(
            ErrorCode::QuoteAlreadyAccepted,
            format!("quote {} is already accepted", quote.public_id),
        ));
    }
    if quote.is_expired(now) {
        return Err(ApiError::new(
            ErrorCode::QuoteExpired,
            format!("quote {} expired at {}; request a new quote", quote.public_id, quote.expires_at),
        ));
    }
    let changed = conn.execute_cached(
        "UPDATE quotes SET status = 'ACCEPTED', accepted_at = ?2, updated_at = ?2 WHERE id = ?1 AND status = 'CREATED'",
        params![quote.id, now.millis()],
    )?;
    if changed != 1 {
        return Err(ApiError::conflict(
            ErrorCode::QuoteAlreadyAccepted,
            format!("quote {} is already accepted", quote.public_id),
        ));
    }
    find(conn, quote.application_id, &quote.public_id)?.ok_or_else(|| ApiError::internal("quote vanished"))
}

/// `ACCEPTED` → `USED` by `used_by`, exactly once: the conditional update
/// runs in the caller's write transaction (on the single writer), so of
/// many consumers racing for one quote exactly one sees it change. A quote
/// not accepted, already used, or whose lock ran out is 400 IDM_0002, the
/// code the specification gives for "quote not accepted".
pub fn consume(conn: &Connection, quote: &Row, used_by: &str, now: Timestamp) -> Result<Row, ApiError> {
    let refuse = |why: String| {
        Err(ApiError::new(ErrorCode::IdempotencyRequired, format!("quote {} cannot be used: {why}", quote.public_id)))
    };
    let changed = conn.execute_cached(
        "UPDATE quotes SET status = 'USED', used_by = ?2, used_at = ?3, updated_at = ?3
         WHERE id = ?1 AND status = 'ACCEPTED' AND expires_at > ?3",
        params![quote.id, used_by, now.millis()],
    )?;
    if changed == 1 {
        return find(conn, quote.application_id, &quote.public_id)?.ok_or_else(|| ApiError::internal("quote vanished"));
    }
    let current = find(conn, quote.application_id, &quote.public_id)?.unwrap_or_else(|| quote.clone());
    match current.status.as_str() {
        "CREATED" => refuse("it is not accepted; accept it first".to_owned()),
        "USED" => refuse("it has already been used".to_owned()),
        _ => refuse(format!("its rate lock ended at {}; request a new quote", current.expires_at)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::db::{Db, Storage};
    use crate::domain::asset::asset;
    use crate::domain::decimal::Decimal;

    fn priced() -> Priced {
        Priced {
            source: asset("USD").unwrap(),
            destination: asset("EUR").unwrap(),
            source_amount: MinorUnit::new(10_000),
            corridor_fee: MinorUnit::ZERO,
            fee: MinorUnit::new(100),
            net_source: MinorUnit::new(9_900),
            exchange_rate: Decimal::parse_positive("0.9").unwrap(),
            network_fee: MinorUnit::ZERO,
            destination_amount: MinorUnit::new(8_910),
            markup_source: "partner",
        }
    }

    #[tokio::test]
    async fn a_quote_is_accepted_once_and_consumed_once_within_its_lock() {
        let (db, _t) = Db::open(&Storage::Memory).unwrap();
        db.write(|tx| {
            let app = crate::store::applications::insert_bare(tx)?;
            let p = priced();
            let new = NewQuote {
                application_id: app,
                form: Form::Transaction,
                customer_id: None,
                priced: &p,
                corridor: Some("c1".into()),
                destination_kind: Some("BANK".into()),
                recipient_type: None,
                destination_address: None,
            };
            let t0 = Timestamp::from_millis(1_000_000);
            let q = insert(tx, &new, t0)?;
            assert_eq!(
                (q.status.as_str(), q.rate.as_str(), q.destination_amount),
                ("CREATED", "0.9", MinorUnit::new(8_910))
            );
            assert!(find(tx, app + 1, &q.public_id)?.is_none(), "scoped to the application");
            assert_eq!(consume(tx, &q, "t1", t0).unwrap_err().code, ErrorCode::IdempotencyRequired);
            assert_eq!(q.status_at(t0.plus_seconds(VALIDITY_SECONDS)), "EXPIRED");
            let late = accept(tx, &q, t0.plus_seconds(VALIDITY_SECONDS)).unwrap_err();
            assert_eq!(late.code, ErrorCode::QuoteExpired);
            let a = accept(tx, &q, t0.plus_seconds(10))?;
            assert_eq!(a.status_at(t0.plus_seconds(VALIDITY_SECONDS)), "ACCEPTED");
            assert_eq!(accept(tx, &a, t0.plus_seconds(11)).unwrap_err().code, ErrorCode::QuoteAlreadyAccepted);
            let lapsed = consume(tx, &a, "t1", t0.plus_seconds(VALIDITY_SECONDS)).unwrap_err();
            assert_eq!(lapsed.code, ErrorCode::IdempotencyRequired);
            let used = consume(tx, &a, "t1", t0.plus_seconds(20))?;
            assert_eq!((used.status.as_str(), used.used_by.as_deref()), ("USED", Some("t1")));
            let again = consume(tx, &a, "t2", t0.plus_seconds(21)).unwrap_err();
            assert!(again.message.contains("already been used"), "{}", again.message);
            assert_eq!(accept(tx, &used, t0.plus_seconds(22)).unwrap_err().code, ErrorCode::QuoteAlreadyAccepted);
            Ok(())
        })
        .await
        .unwrap();
    }
}
