//! Pricing markups: one at partner level (`customer_id` NULL) and at most
//! one override per customer (spec 2.13).

use payctl_domain::pricing::Markup;
use payctl_domain::time::Timestamp;
use rusqlite::{ToSql, params};

use crate::db::sql::{Conn, OptionalExtension, Row};
use crate::error::ApiError;
use crate::ids;
use crate::store::paging::Listing;
use crate::store::paging::PageRequest;
use crate::store::sql_text;
use payctl_wire::page::Page;

/// A stored markup with what the API shows besides the rule itself.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredMarkup {
    pub customer_id: Option<String>,
    pub markup: Markup,
    pub updated_at: Timestamp,
}

const SELECT: &str = "SELECT customer_id, kind, value, currency, min_fee, max_fee, updated_at FROM pricing_markups WHERE partner_id = ?1";

/// Amounts are stored as INTEGER (i64); the API validates them below
/// `i64::MAX` first, so these conversions only guard against a corrupt row.
fn to_sql(v: u64) -> Result<i64, ApiError> {
    i64::try_from(v).map_err(|_| ApiError::internal("markup amount exceeds the stored range"))
}

fn from_row(r: &Row<'_>) -> rusqlite::Result<StoredMarkup> {
    let amount = |i: usize| -> rusqlite::Result<Option<u64>> {
        Ok(r.get::<_, Option<i64>>(i)?.map(|v| u64::try_from(v).unwrap_or(0)))
    };
    Ok(StoredMarkup {
        customer_id: r.get(0)?,
        markup: Markup {
            kind: r.get(1)?,
            value: amount(2)?.unwrap_or(0),
            currency: r.get(3)?,
            min_fee: amount(4)?,
            max_fee: amount(5)?,
        },
        updated_at: Timestamp::from_millis(r.get(6)?),
    })
}

/// The partner-level markup (`customer_id` None) or a customer's override.
pub fn get(conn: &Conn<'_>, partner_id: i64, customer_id: Option<&str>) -> Result<Option<StoredMarkup>, ApiError> {
    let sql = sql_text!("{SELECT} AND customer_id IS NOT DISTINCT FROM ?2");
    Ok(conn.query_row_cached(sql, params![partner_id, customer_id], from_row).optional()?)
}

/// The markup that applies to a customer (or, with `None`, to the
/// partner): the customer's override, else the partner level, else none.
/// The flag says whether the customer's override was used.
pub fn effective(
    conn: &Conn<'_>,
    partner_id: i64,
    customer_id: Option<&str>,
) -> Result<(bool, Option<StoredMarkup>), ApiError> {
    if let Some(customer) = customer_id
        && let Some(stored) = get(conn, partner_id, Some(customer))?
    {
        return Ok((true, Some(stored)));
    }
    Ok((false, get(conn, partner_id, None)?))
}

/// Sets a markup. Re-sending the stored rule changes nothing (`updated_at`
/// stays). Returns whether the markup was created.
pub fn put(
    conn: &Conn<'_>,
    partner_id: i64,
    customer_id: Option<&str>,
    markup: &Markup,
    now: Timestamp,
) -> Result<(bool, StoredMarkup), ApiError> {
    let existing = get(conn, partner_id, customer_id)?;
    let values = params![
        partner_id,
        customer_id,
        markup.kind,
        to_sql(markup.value)?,
        markup.currency,
        markup.min_fee.map(to_sql).transpose()?,
        markup.max_fee.map(to_sql).transpose()?,
        now.millis(),
    ];
    let created = match existing {
        Some(stored) if stored.markup == *markup => return Ok((false, stored)),
        Some(_) => {
            conn.execute_cached(
                "UPDATE pricing_markups SET kind = ?3, value = ?4, currency = ?5, min_fee = ?6, max_fee = ?7,
                     updated_at = ?8
                 WHERE partner_id = ?1 AND customer_id IS NOT DISTINCT FROM ?2",
                values,
            )?;
            false
        }
        None => {
            conn.execute_cached(
                "INSERT INTO pricing_markups
                     (partner_id, customer_id, kind, value, currency, min_fee, max_fee, created_at, updated_at,
                      public_id)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?8, ?9)",
                &[
                    values[0],
                    values[1],
                    values[2],
                    values[3],
                    values[4],
                    values[5],
                    values[6],
                    values[7],
                    &ids::uuid() as &dyn ToSql,
                ][..],
            )?;
            true
        }
    };
    let stored = get(conn, partner_id, customer_id)?.ok_or_else(|| ApiError::internal("markup vanished after put"))?;
    Ok((created, stored))
}

/// Removes a customer's override; returns whether there was one.
pub fn delete_override(conn: &Conn<'_>, partner_id: i64, customer_id: &str) -> Result<bool, ApiError> {
    let n = conn.execute_cached(
        "DELETE FROM pricing_markups WHERE partner_id = ?1 AND customer_id = ?2",
        params![partner_id, customer_id],
    )?;
    Ok(n == 1)
}

/// The customer overrides of a partner, by customer id, newest first
/// (customer ids are UUIDv7, so they sort by creation).
pub fn list_overrides(conn: &Conn<'_>, partner_id: i64, page: &PageRequest) -> Result<Page<StoredMarkup>, ApiError> {
    static OVERRIDES: Listing<1> = Listing::new(&[SELECT, " AND customer_id IS NOT NULL"], "customer_id");
    OVERRIDES.page(conn, [&partner_id], page, from_row, |m| m.customer_id.as_deref().unwrap_or_default())
}
