//! The quote's life, for every form (the transaction quote, the legacy
//! `GET /v1/quotes` body and the corridor `POST /v1/quotes`): priced once,
//! locked for [`VALIDITY_SECONDS`] of sandbox time, accepted once, used
//! once.
//! - [`create`] prices and stores it: the one way any form makes a quote;
//! - `CREATED` → `ACCEPTED` by [`accept`], only before `expires_at` (400
//!   QTE_0001 after; 409 QTE_0002 when no longer `CREATED`, checked first:
//!   a quote accepted in time stays accepted, whatever the clock says now);
//! - `ACCEPTED` → `USED` by [`consume`], exactly once, inside the consuming
//!   flow's write transaction and still within the lock (400 IDM_0002, the
//!   code the specification gives for "quote not accepted", otherwise);
//! - `EXPIRED` is never stored: a `CREATED` quote read at or after its
//!   `expires_at` shows `EXPIRED` ([`status_at`]).

pub use payctl_domain::states::quotes::State;
use payctl_domain::time::Timestamp;
use payctl_wire::error::ErrorCode;
use payctl_wire::legacy_quotes::RecipientType;
use payctl_wire::transactions::{DestinationKind, QuoteStatus};
use rusqlite::Connection;

use crate::error::ApiError;
use crate::quoting;
use crate::store;
use crate::store::quotes::{self, NewQuote};
pub use crate::store::quotes::{Form, Row, VALIDITY_SECONDS};

/// What a quote holds beyond its price: whose it is, which form made it,
/// and that form's own fields (`None` when the form has none).
pub struct Shape {
    pub application_id: i64,
    pub form: Form,
    /// Internal id of the sending customer, if any.
    pub customer_id: Option<i64>,
    pub corridor: Option<String>,
    pub destination_kind: Option<DestinationKind>,
    pub recipient_type: Option<RecipientType>,
    pub destination_address: Option<String>,
}

/// Prices `request` and stores the quote, `CREATED` and locked from `now`.
pub fn create(
    conn: &Connection,
    request: &quoting::Request<'_>,
    shape: Shape,
    now: Timestamp,
) -> Result<Row, ApiError> {
    let priced = quoting::price(conn, request)?;
    let new = NewQuote {
        application_id: shape.application_id,
        form: shape.form,
        customer_id: shape.customer_id,
        priced: &priced,
        corridor: shape.corridor,
        destination_kind: shape.destination_kind,
        recipient_type: shape.recipient_type,
        destination_address: shape.destination_address,
    };
    quotes::insert(conn, &new, now)
}

/// The application's quote `id` made by one of `forms` (each path serves
/// its own forms); a quote of another form is the quote's 404 too.
pub fn owned_of(conn: &Connection, application_id: i64, id: &str, forms: &[Form]) -> Result<Row, ApiError> {
    let quote = store::owned::<Row>(conn, application_id, id)?;
    if forms.contains(&quote.form) { Ok(quote) } else { Err(store::missing::<Row>()) }
}

/// The status a reader sees at `now`.
pub fn status_at(quote: &Row, now: Timestamp) -> QuoteStatus {
    quote.status.shown(quote.is_expired(now))
}

/// `CREATED` → `ACCEPTED`.
pub fn accept(conn: &Connection, quote: &Row, now: Timestamp) -> Result<Row, ApiError> {
    let already = || {
        ApiError::conflict(ErrorCode::QuoteAlreadyAccepted, format!("quote {} is already accepted", quote.public_id))
    };
    match quote.status {
        State::Accepted | State::Used => return Err(already()),
        State::Created if quote.is_expired(now) => {
            return Err(ApiError::new(
                ErrorCode::QuoteExpired,
                format!("quote {} expired at {}; request a new quote", quote.public_id, quote.expires_at),
            ));
        }
        State::Created => {}
    }
    if !quotes::mark_accepted(conn, quote.id, now)? {
        return Err(already());
    }
    reread(conn, quote)
}

/// `ACCEPTED` → `USED` by the flow `used_by`, exactly once: the conditional
/// update runs in the caller's write transaction (on the single writer), so
/// of many consumers racing for one quote exactly one sees it change.
pub fn consume(conn: &Connection, quote: &Row, used_by: &str, now: Timestamp) -> Result<Row, ApiError> {
    if quotes::mark_used(conn, quote.id, used_by, now)? {
        return reread(conn, quote);
    }
    let current = quotes::find(conn, quote.application_id, &quote.public_id)?.unwrap_or_else(|| quote.clone());
    let why = match current.status {
        State::Created => "it is not accepted; accept it first".to_owned(),
        State::Used => "it has already been used".to_owned(),
        State::Accepted => format!("its rate lock ended at {}; request a new quote", current.expires_at),
    };
    Err(ApiError::new(ErrorCode::IdempotencyRequired, format!("quote {} cannot be used: {why}", quote.public_id)))
}

fn reread(conn: &Connection, quote: &Row) -> Result<Row, ApiError> {
    quotes::find(conn, quote.application_id, &quote.public_id)?.ok_or_else(|| ApiError::internal("quote vanished"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::db::{Db, Storage};
    use crate::quoting::Priced;
    use payctl_domain::asset::asset;
    use payctl_domain::decimal::Decimal;
    use payctl_domain::money::MinorUnit;

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
            markup_source: payctl_wire::pricing::MarkupSource::Partner,
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
                destination_kind: Some(DestinationKind::Bank),
                recipient_type: None,
                destination_address: None,
            };
            let t0 = Timestamp::from_millis(1_000_000);
            let q = quotes::insert(tx, &new, t0)?;
            assert_eq!(
                (q.status, q.rate.as_str(), q.destination_amount),
                (State::Created, "0.9", MinorUnit::new(8_910))
            );
            assert!(quotes::find(tx, app + 1, &q.public_id)?.is_none(), "scoped to the application");
            assert_eq!(consume(tx, &q, "t1", t0).unwrap_err().code, ErrorCode::IdempotencyRequired);
            assert_eq!(status_at(&q, t0.plus_seconds(VALIDITY_SECONDS)), QuoteStatus::Expired);
            let late = accept(tx, &q, t0.plus_seconds(VALIDITY_SECONDS)).unwrap_err();
            assert_eq!(late.code, ErrorCode::QuoteExpired);
            let a = accept(tx, &q, t0.plus_seconds(10))?;
            assert_eq!(status_at(&a, t0.plus_seconds(VALIDITY_SECONDS)), QuoteStatus::Accepted);
            assert_eq!(accept(tx, &a, t0.plus_seconds(11)).unwrap_err().code, ErrorCode::QuoteAlreadyAccepted);
            // A stale copy read before the accept: the conditional update still refuses.
            assert_eq!(accept(tx, &q, t0.plus_seconds(12)).unwrap_err().code, ErrorCode::QuoteAlreadyAccepted);
            let lapsed = consume(tx, &a, "t1", t0.plus_seconds(VALIDITY_SECONDS)).unwrap_err();
            assert_eq!(lapsed.code, ErrorCode::IdempotencyRequired);
            let used = consume(tx, &a, "t1", t0.plus_seconds(20))?;
            assert_eq!((used.status, used.used_by.as_deref()), (State::Used, Some("t1")));
            let again = consume(tx, &a, "t2", t0.plus_seconds(21)).unwrap_err();
            assert!(again.message.contains("already been used"), "{}", again.message);
            assert_eq!(accept(tx, &used, t0.plus_seconds(22)).unwrap_err().code, ErrorCode::QuoteAlreadyAccepted);
            Ok(())
        })
        .await
        .unwrap();
    }
}
