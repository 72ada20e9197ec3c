//! The quote's life, for every form (the transaction quote, the legacy
//! `GET /v1/quotes` body and the corridor `POST /v1/quotes`): priced once,
//! locked for [`VALIDITY_SECONDS`] of sandbox time, accepted once, used
//! once.
//! - [`create`] prices and stores it ([`NewQuote`], each form's own fields
//!   in [`FormRequest`]): the one way any form makes a quote;
//! - `CREATED` → `ACCEPTED` by [`accept`], only before `expires_at` (400
//!   QTE_0001 after; 409 QTE_0002 when no longer `CREATED`, checked first:
//!   a quote accepted in time stays accepted, whatever the clock says now);
//! - `ACCEPTED` → `USED` by [`consume`], exactly once, inside the consuming
//!   flow's write transaction and still within the lock (400 IDM_0002, the
//!   code the specification gives for "quote not accepted", otherwise);
//! - `EXPIRED` is never stored: a `CREATED` quote read at or after its
//!   `expires_at` shows `EXPIRED` ([`status_at`]).

use payctl_domain::asset::Asset;
use payctl_domain::money::MinorUnit;
use payctl_domain::rates::CorridorId;
pub use payctl_domain::states::quotes::State;
use payctl_domain::time::Timestamp;
use payctl_wire::error::ErrorCode;
use payctl_wire::legacy_quotes::RecipientType;
use payctl_wire::transactions::{DestinationKind, QuoteStatus};

use crate::db::sql::Conn;
use crate::error::ApiError;
use crate::quoting;
use crate::store;
use crate::store::quotes;
pub use crate::store::quotes::{Form, Row};

/// A validated quote request of any form: what is priced, and what the
/// form asks for beyond the price.
#[derive(Debug, Clone)]
pub struct NewQuote {
    pub source: Asset,
    pub destination: Asset,
    pub amount: MinorUnit,
    pub form: FormRequest,
}

/// What each form of quote request carries beyond the price.
#[derive(Debug, Clone)]
pub enum FormRequest {
    /// `POST /v1/transactions/quote`: a corridor, the kind of destination,
    /// and the customer whose markup applies, if one is named.
    Transaction { corridor: CorridorId, destination_kind: DestinationKind, customer_id: Option<String> },
    /// `GET /v1/quotes` with a body: the sending customer and the target.
    Legacy { customer_id: String, destination_kind: Option<DestinationKind>, destination_address: Option<String> },
    /// `POST /v1/quotes`: a corridor, whose fee depends on the recipient.
    Corridor { corridor: CorridorId, recipient_type: RecipientType },
}

/// Prices a quote of application `app` (of partner `partner`) and stores
/// it, `CREATED` and locked from `now`: the one way any form makes a quote.
/// A named customer must be the application's (its 404 first); a corridor
/// quote pays its corridor's fee.
pub fn create(conn: &Conn<'_>, app: i64, partner: i64, new: NewQuote, now: Timestamp) -> Result<Row, ApiError> {
    let named = match &new.form {
        FormRequest::Transaction { customer_id, .. } => customer_id.as_deref(),
        FormRequest::Legacy { customer_id, .. } => Some(customer_id.as_str()),
        FormRequest::Corridor { .. } => None,
    };
    let customer_id = match named {
        Some(id) => Some(store::owned::<store::customers::Row>(conn, Some(app), id)?.id),
        None => None,
    };
    // The request fields an unpriceable amount or pair is blamed on.
    let (amount_field, pair_field, corridor_fee) = match &new.form {
        FormRequest::Transaction { .. } => ("source_amount_minor", "destination_asset", None),
        FormRequest::Legacy { .. } => ("source_amount", "to.currency", None),
        FormRequest::Corridor { recipient_type, .. } => {
            ("amount", "destination_currency", Some(quoting::corridor_fee(*recipient_type, new.source)))
        }
    };
    let request = quoting::Request {
        application_id: Some(app),
        partner_id: partner,
        customer_id: named,
        source: new.source,
        destination: new.destination,
        amount: new.amount,
        corridor_fee,
        network_fee: MinorUnit::ZERO,
        amount_field,
        pair_field,
    };
    let priced = quoting::price(conn, &request)?;
    let mut row = quotes::NewQuote {
        application_id: app,
        form: Form::Transaction,
        customer_id,
        priced: &priced,
        corridor: None,
        destination_kind: None,
        recipient_type: None,
        destination_address: None,
    };
    match new.form {
        FormRequest::Transaction { corridor, destination_kind, .. } => {
            row.corridor = Some(corridor.as_str());
            row.destination_kind = Some(destination_kind);
        }
        FormRequest::Legacy { destination_kind, destination_address, .. } => {
            row.form = Form::Legacy;
            row.destination_kind = destination_kind;
            row.destination_address = destination_address;
        }
        FormRequest::Corridor { corridor, recipient_type } => {
            row.form = Form::Corridor;
            row.corridor = Some(corridor.as_str());
            row.recipient_type = Some(recipient_type);
        }
    }
    quotes::insert(conn, &row, now)
}

/// The application's quote `id` made by one of `forms` (each path serves
/// its own forms); a quote of another form is the quote's 404 too.
pub fn owned_of(conn: &Conn<'_>, application_id: i64, id: &str, forms: &[Form]) -> Result<Row, ApiError> {
    let quote = store::owned::<Row>(conn, application_id, id)?;
    if forms.contains(&quote.form) { Ok(quote) } else { Err(store::missing::<Row>()) }
}

/// The status a reader sees at `now`.
pub fn status_at(quote: &Row, now: Timestamp) -> QuoteStatus {
    quote.status.shown(quote.is_expired(now))
}

/// `CREATED` → `ACCEPTED`.
pub fn accept(conn: &Conn<'_>, quote: &Row, now: Timestamp) -> Result<Row, ApiError> {
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
pub fn consume(conn: &Conn<'_>, quote: &Row, used_by: &str, now: Timestamp) -> Result<Row, ApiError> {
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

fn reread(conn: &Conn<'_>, quote: &Row) -> Result<Row, ApiError> {
    quotes::find(conn, quote.application_id, &quote.public_id)?.ok_or_else(|| ApiError::internal("quote vanished"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::db::{Db, Storage};
    use crate::quoting::Priced;
    use crate::store::quotes::VALIDITY_SECONDS;
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
            let new = quotes::NewQuote {
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
                (q.status, q.rate.to_string().as_str(), q.destination_amount),
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
            let used_by: Option<String> =
                tx.query_row("SELECT used_by FROM quotes WHERE id = ?1", [used.id], |r| r.get(0))?;
            assert_eq!((used.status, used_by.as_deref()), (State::Used, Some("t1")));
            let again = consume(tx, &a, "t2", t0.plus_seconds(21)).unwrap_err();
            assert!(again.message.contains("already been used"), "{}", again.message);
            assert_eq!(accept(tx, &used, t0.plus_seconds(22)).unwrap_err().code, ErrorCode::QuoteAlreadyAccepted);
            Ok(())
        })
        .await
        .unwrap();
    }
}
