//! SQL, one module per noun. Functions take a [`Conn`](crate::db::sql::Conn)
//! (what a write's [`Tx`](crate::db::Tx) derefs to, or a read's connection turns into,
//! on SQLite or PostgreSQL), map rows to plain structs, and turn constraint
//! violations into the API's errors. No HTTP here.
//!
//! Three conventions every noun follows:
//! - Paging is [`paging`]: a list is a `static` [`paging::Listing`] in its
//!   noun's module (its query and filters); the cursor, the order (newest
//!   first by public id) and the limit are added there, once.
//! - Ownership is [`ownership`]: a record reached by public id implements
//!   [`Owned`] beside its SQL, stating its owner's scope and its 404 (code
//!   and noun); callers use [`owned`] (or [`missing`] for the bare 404).
//!   The 404 of X is the `impl Owned for X` in X's module.
//! - States, kinds, statuses, timed moves, rates (the domain's `Decimal`)
//!   and HTTP methods are bound as their types (which read and write
//!   themselves as text), so nothing above the store parses a row's text;
//!   a stored text its type does not accept is a damaged row and the
//!   store's error (read through [`typed`] or [`method`], the error names
//!   its table and column). Where SQLite's planner must see the value itself (a
//!   partial index's condition, such as `status = 'pending'` of due
//!   deliveries), the statement's text is built from the enum once by
//!   [`sql_text!`].

pub mod accounts;
pub mod api_keys;
pub mod applications;
pub mod beneficiaries;
pub mod console_flashes;
pub mod console_sessions;
pub mod customers;
pub mod deliveries;
pub mod events;
pub mod fault_rules;
pub mod flow_states;
pub mod fork;
pub mod idempotency_keys;
pub mod ledger;
pub mod login_failures;
pub mod markups;
pub mod moves;
pub mod ownership;
pub mod paging;
pub mod partner_wallets;
pub mod partners;
pub mod payments;
pub mod postings;
pub mod quotes;
pub mod rate_windows;
pub mod rates;
pub mod request_logs;
pub mod reset;
pub mod review;
pub mod settings;
pub mod sign_in_links;
#[cfg(test)]
mod tests_pg;
pub mod tool_nonces;
pub mod transactions;
pub mod transfers;
pub mod users;
pub mod webhooks;

use axum::http::Method;
use payctl_domain::time::Timestamp;

use crate::db::sql::Row;

pub use ownership::{NotFound, Owned, missing, owned};

/// SQL text naming vocabulary values, built once (a static per use) from
/// the enums: `sql_text!("... WHERE status = '{}'", DeliveryStatus::Pending)`.
/// A bound parameter in a partial index's condition would make SQLite
/// re-plan the statement on every call; the value in the text keeps the
/// plan, and building it from the enum keeps the text true to it.
macro_rules! sql_text {
    ($($format:tt)+) => {{
        static SQL: std::sync::LazyLock<String> = std::sync::LazyLock::new(|| format!($($format)+));
        SQL.as_str()
    }};
}
pub(crate) use sql_text;

/// The error for a stored value that is none of its column's known values.
pub fn bad_value(column: usize, value: &str) -> rusqlite::Error {
    rusqlite::Error::FromSqlConversionFailure(
        column,
        rusqlite::types::Type::Text,
        format!("unknown stored value {value:?}").into(),
    )
}

/// Column `i` of a row of `table.column`, as its type. A stored value the
/// type does not accept (text no vocabulary knows, a rate that is not a
/// decimal) is the store's error, naming where it was read; the code above
/// gets the type and never parses the text again.
pub fn typed<'r, T: rusqlite::types::FromSql>(
    row: impl Into<Row<'r>>,
    i: usize,
    column: &'static str,
) -> rusqlite::Result<T> {
    row.into().get(i).map_err(|e| match e {
        rusqlite::Error::FromSqlConversionFailure(i, ty, why) => {
            rusqlite::Error::FromSqlConversionFailure(i, ty, format!("{column}: {why}").into())
        }
        e => e,
    })
}

/// Column `i` of a row of `table.column`, an HTTP method (the request
/// log's: whatever token a client sent, which is why it is not one of the
/// route table's few).
pub fn method<'r>(row: impl Into<Row<'r>>, i: usize, column: &'static str) -> rusqlite::Result<Method> {
    let text: String = row.into().get(i)?;
    Method::from_bytes(text.as_bytes()).map_err(|_| {
        rusqlite::Error::FromSqlConversionFailure(
            i,
            rusqlite::types::Type::Text,
            format!("{column}: {text:?} is not an HTTP method").into(),
        )
    })
}

/// Optional stored time as ISO 8601.
pub fn iso(millis: Option<i64>) -> Option<String> {
    millis.map(|m| Timestamp::from_millis(m).to_rfc3339())
}

/// Stored time as ISO 8601.
pub fn iso_at(millis: i64) -> String {
    Timestamp::from_millis(millis).to_rfc3339()
}

#[cfg(test)]
mod tests {
    use payctl_domain::decimal::Decimal;
    use payctl_domain::states::Move;
    use payctl_wire::transactions::TransactionState;
    use rusqlite::Connection;

    use super::*;

    /// What the code above the store reads is the type; a stored text the
    /// type does not accept is an error naming its table and column.
    #[test]
    fn a_stored_value_its_type_does_not_accept_is_an_error_naming_its_column() {
        let conn = Connection::open_in_memory().unwrap();
        let read = |text: &str, get: &dyn Fn(&rusqlite::Row<'_>) -> rusqlite::Result<String>| {
            conn.query_row("SELECT ?1", [text], get).map_err(|e| e.to_string())
        };
        let rate = |r: &rusqlite::Row<'_>| typed::<Decimal>(r, 0, "quotes.rate").map(|d| d.to_string());
        let kind = |r: &rusqlite::Row<'_>| typed::<Move>(r, 0, "scheduled_moves.kind").map(|m| m.as_str().to_owned());
        let state =
            |r: &rusqlite::Row<'_>| typed::<TransactionState>(r, 0, "flow_states.state").map(|s| s.as_str().to_owned());
        let verb = |r: &rusqlite::Row<'_>| method(r, 0, "request_logs.method").map(|m| m.to_string());

        assert_eq!(read("3.6725", &rate).unwrap(), "3.6725");
        assert_eq!(read("payment.fund", &kind).unwrap(), "payment.fund");
        assert_eq!(read("COMPLETED", &state).unwrap(), "COMPLETED");
        assert_eq!(read("PATCH", &verb).unwrap(), "PATCH");

        for (got, column_and_why) in [
            (read("1.5x", &rate), r#"quotes.rate: "1.5x" is not a decimal"#),
            (read("no.such.move", &kind), r#"scheduled_moves.kind: "no.such.move" is not a Move"#),
            (read("pending", &state), r#"flow_states.state: "pending" is not a TransactionState"#),
            (read("GE T", &verb), r#"request_logs.method: "GE T" is not an HTTP method"#),
        ] {
            let error = got.unwrap_err();
            assert!(error.contains(column_and_why), "{error}");
        }
    }
}
