//! Fault rules (`fault_rules`): SQL only. The rules' meaning and the
//! in-memory engine that applies them are `faults`'.

use payctl_domain::faults::Counters;
use payctl_domain::time::Timestamp;
use rusqlite::params;

use crate::db::sql::{Conn, OptionalExtension, Params};
use crate::error::ApiError;

/// A stored rule, its spec as the JSON text it was stored as.
#[derive(Debug, Clone)]
pub struct Row {
    pub id: i64,
    pub public_id: String,
    /// Its application's row id and public id; `None` for a global rule.
    pub application: Option<(i64, String)>,
    pub spec: String,
    pub counters: Counters,
    pub created_at: Timestamp,
}

pub fn insert(
    conn: &Conn<'_>,
    public_id: &str,
    application_id: Option<i64>,
    spec: &str,
    now: Timestamp,
) -> Result<i64, ApiError> {
    Ok(conn.insert(
        "INSERT INTO fault_rules (public_id, application_id, spec, created_at) VALUES (?1, ?2, ?3, ?4)",
        params![public_id, application_id, spec, now.millis()],
    )?)
}

/// Every rule, oldest first.
pub fn all(conn: &Conn<'_>) -> Result<Vec<Row>, ApiError> {
    rows(conn, "", [])
}

/// Application `app`'s own rules, oldest first.
pub fn of_application(conn: &Conn<'_>, app: i64) -> Result<Vec<Row>, ApiError> {
    rows(conn, "WHERE r.application_id = ?1", [app])
}

fn rows<P: Params>(conn: &Conn<'_>, filter: &str, params: P) -> Result<Vec<Row>, ApiError> {
    Ok(conn
        .prepare_cached(&format!(
            "SELECT r.id, r.public_id, r.application_id, a.public_id, r.spec, r.matched, r.hits, r.created_at
             FROM fault_rules r LEFT JOIN applications a ON a.id = r.application_id {filter} ORDER BY r.id"
        ))?
        .query_map(params, |r| {
            let application = match r.get::<_, Option<i64>>(2)? {
                Some(id) => Some((id, r.get(3)?)),
                None => None,
            };
            Ok(Row {
                id: r.get(0)?,
                public_id: r.get(1)?,
                application,
                spec: r.get(4)?,
                counters: Counters { matched: count(r.get(5)?), hits: count(r.get(6)?) },
                created_at: Timestamp::from_millis(r.get(7)?),
            })
        })?
        .collect::<Result<_, _>>()?)
}

/// Records a rule's counters; counters only grow, so a late write of older
/// ones changes nothing.
pub fn set_counters(conn: &Conn<'_>, id: i64, counters: Counters) -> Result<(), ApiError> {
    conn.execute_cached(
        "UPDATE fault_rules SET matched = CASE WHEN matched > ?2 THEN matched ELSE ?2 END,
             hits = CASE WHEN hits > ?3 THEN hits ELSE ?3 END
         WHERE id = ?1",
        params![
            id,
            i64::try_from(counters.matched).unwrap_or(i64::MAX),
            i64::try_from(counters.hits).unwrap_or(i64::MAX)
        ],
    )?;
    Ok(())
}

/// How many rules the application has, and its partner across all of its
/// applications.
pub fn count_for(conn: &Conn<'_>, application_id: i64) -> Result<(usize, usize), ApiError> {
    let own: i64 =
        conn.query_row_cached("SELECT COUNT(*) FROM fault_rules WHERE application_id = ?1", [application_id], |r| {
            r.get(0)
        })?;
    let partner: i64 = conn.query_row_cached(
        "SELECT COUNT(*) FROM fault_rules r JOIN applications a ON a.id = r.application_id
         WHERE a.partner_id = (SELECT partner_id FROM applications WHERE id = ?1)",
        [application_id],
        |r| r.get(0),
    )?;
    Ok((usize::try_from(own).unwrap_or(usize::MAX), usize::try_from(partner).unwrap_or(usize::MAX)))
}

/// How many global rules there are.
pub fn count_global(conn: &Conn<'_>) -> Result<usize, ApiError> {
    let n: i64 =
        conn.query_row_cached("SELECT COUNT(*) FROM fault_rules WHERE application_id IS NULL", [], |r| r.get(0))?;
    Ok(usize::try_from(n).unwrap_or(usize::MAX))
}

/// A rule's stored counters (zero for a rule no longer stored).
pub fn counters(conn: &Conn<'_>, id: i64) -> Result<Counters, ApiError> {
    let stored: Option<(i64, i64)> = conn
        .query_row_cached("SELECT matched, hits FROM fault_rules WHERE id = ?1", [id], |r| Ok((r.get(0)?, r.get(1)?)))
        .optional()?;
    Ok(stored.map_or(Counters::default(), |(matched, hits)| Counters { matched: count(matched), hits: count(hits) }))
}

/// What changes whenever the set of rules does: how many there are, and
/// the newest one's id. Rules are never edited, and on PostgreSQL a row id
/// is never given out again, so two sets with the same version there are
/// the same set.
pub fn version(conn: &Conn<'_>) -> Result<(i64, i64), ApiError> {
    Ok(conn.query_row_cached("SELECT COUNT(*), COALESCE(MAX(id), 0) FROM fault_rules", [], |r| {
        Ok((r.get(0)?, r.get(1)?))
    })?)
}

/// A per-endpoint rule's counters at one endpoint (row ids); zero before
/// its first match there.
pub fn endpoint_counters(conn: &Conn<'_>, rule_id: i64, endpoint_id: i64) -> Result<Counters, ApiError> {
    let stored: Option<(i64, i64)> = conn
        .query_row_cached(
            "SELECT matched, hits FROM fault_rule_endpoints WHERE rule_id = ?1 AND endpoint_id = ?2",
            [rule_id, endpoint_id],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .optional()?;
    Ok(stored.map_or(Counters::default(), |(matched, hits)| Counters { matched: count(matched), hits: count(hits) }))
}

pub fn set_endpoint_counters(
    conn: &Conn<'_>,
    rule_id: i64,
    endpoint_id: i64,
    counters: Counters,
) -> Result<(), ApiError> {
    conn.execute_cached(
        "INSERT INTO fault_rule_endpoints (rule_id, endpoint_id, matched, hits) VALUES (?1, ?2, ?3, ?4)
         ON CONFLICT (rule_id, endpoint_id) DO UPDATE SET matched = excluded.matched, hits = excluded.hits",
        params![
            rule_id,
            endpoint_id,
            i64::try_from(counters.matched).unwrap_or(i64::MAX),
            i64::try_from(counters.hits).unwrap_or(i64::MAX)
        ],
    )?;
    Ok(())
}

fn count(stored: i64) -> u64 {
    stored.max(0).unsigned_abs()
}

/// The row ids of the rules with these public ids (those that exist).
pub fn ids_of(conn: &Conn<'_>, public_ids: &[String]) -> Result<Vec<i64>, ApiError> {
    let mut ids = Vec::with_capacity(public_ids.len());
    for public_id in public_ids {
        let found: Option<i64> = conn
            .query_row_cached("SELECT id FROM fault_rules WHERE public_id = ?1", [public_id], |r| r.get(0))
            .optional()?;
        ids.extend(found);
    }
    Ok(ids)
}

pub fn delete(conn: &Conn<'_>, ids: &[i64]) -> Result<(), ApiError> {
    for id in ids {
        conn.execute_cached("DELETE FROM fault_rules WHERE id = ?1", [id])?;
    }
    Ok(())
}

/// Deletes every rule, seeded ones too; answers how many there were.
pub fn delete_all(conn: &Conn<'_>) -> Result<usize, ApiError> {
    Ok(conn.execute("DELETE FROM fault_rules", [])?)
}
