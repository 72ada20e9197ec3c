//! Paging, the one way every list is read: newest first by public id, a
//! page at a time, behind an opaque cursor.
//!
//! The cursor is a token naming the last id of the previous page; a page
//! then holds the rows with smaller ids. Rows created meanwhile have
//! larger ids (UUIDv7, so by creation), so they never shift or repeat
//! later pages. Each query fetches `limit + 1` rows to learn whether more
//! follow. The request's parameters are checked in `http::pagination`.
//!
//! A store module states its list once, as a `static` [`Listing`]: the
//! `SELECT … WHERE …` with its filters and the column holding the public
//! id. [`Listing::page`] adds the cursor condition, the order and the limit,
//! runs the statement and builds the page, so no list writes its own cursor
//! SQL. The statement's text is built on first use and kept, so each list is
//! one entry of the connection's statement cache.

use std::sync::OnceLock;

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use payctl_wire::page::{Page, Pagination, TransactionPage};
use rusqlite::ToSql;

use crate::db::sql::{Conn, Row};
use crate::error::ApiError;

/// A validated page request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PageRequest {
    pub limit: u32,
    /// Only rows whose public id sorts before this one.
    pub before: Option<String>,
}

impl PageRequest {
    /// Rows to fetch: one more than the page, to see if another follows.
    pub fn fetch(&self) -> i64 {
        i64::from(self.limit) + 1
    }

    /// Builds the page from up to `fetch()` rows ordered newest first.
    pub fn page<T>(&self, mut rows: Vec<T>, id_of: impl Fn(&T) -> &str) -> Page<T> {
        let more = rows.len() > self.limit as usize;
        rows.truncate(self.limit as usize);
        let next_cursor = if more { rows.last().map(|r| encode_cursor(id_of(r))) } else { None };
        Page { data: rows, next_cursor }
    }
}

/// A page in the transaction list's envelope.
pub fn transaction_envelope<T>(page: Page<T>) -> TransactionPage<T> {
    TransactionPage {
        pagination: Pagination { has_more: page.next_cursor.is_some(), next_cursor: page.next_cursor },
        data: page.data,
    }
}

/// The cursor naming `id`.
fn encode_cursor(id: &str) -> String {
    URL_SAFE_NO_PAD.encode(format!("{CURSOR_TAG}{id}"))
}

/// The id a cursor this API returned names; `None` for any other text.
pub fn decode_cursor(raw: &str) -> Option<String> {
    if raw.len() > 256 {
        return None;
    }
    let bytes = URL_SAFE_NO_PAD.decode(raw).ok()?;
    let text = String::from_utf8(bytes).ok()?;
    let id = text.strip_prefix(CURSOR_TAG)?;
    (!id.is_empty() && id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')).then(|| id.to_owned())
}

const CURSOR_TAG: &str = "c1:";

/// A list read newest first, whose query takes `FILTERS` parameters
/// (`?1` to `?FILTERS`); the cursor and the limit come after them.
pub struct Listing<const FILTERS: usize> {
    /// Pieces of `SELECT … FROM … WHERE …`, joined as they are. The
    /// condition must be a conjunction (any `OR` in parentheses), since the
    /// cursor condition is added to it with `AND`.
    query: &'static [&'static str],
    /// The public id column (UUIDv7, so it sorts by creation).
    id_column: &'static str,
    sql: OnceLock<String>,
}

impl<const FILTERS: usize> Listing<FILTERS> {
    pub const fn new(query: &'static [&'static str], id_column: &'static str) -> Self {
        Listing { query, id_column, sql: OnceLock::new() }
    }

    /// The whole statement, the same text on every call.
    fn sql(&self) -> &str {
        self.sql.get_or_init(|| {
            let (id, before, limit) = (self.id_column, FILTERS + 1, FILTERS + 2);
            format!(
                "{} AND ({id} < ?{before} OR ?{before} IS NULL) ORDER BY {id} DESC LIMIT ?{limit}",
                self.query.concat()
            )
        })
    }

    /// One page of the list: up to `page.limit` rows mapped by `map`, and a
    /// cursor naming the last one (taken by `id_of`) when more follow.
    pub fn page<T>(
        &self,
        conn: &Conn<'_>,
        filters: [&dyn ToSql; FILTERS],
        page: &PageRequest,
        map: impl FnMut(&Row<'_>) -> rusqlite::Result<T>,
        id_of: impl Fn(&T) -> &str,
    ) -> Result<Page<T>, ApiError> {
        let fetch = page.fetch();
        let cursor: [&dyn ToSql; 2] = [&page.before, &fetch];
        let params: Vec<&dyn ToSql> = filters.into_iter().chain(cursor).collect();
        let rows = conn.prepare_cached(self.sql())?.query_map(&params[..], map)?.collect::<Result<Vec<_>, _>>()?;
        Ok(page.page(rows, id_of))
    }
}

#[cfg(test)]
mod tests {
    use rusqlite::Connection;

    use super::*;

    static OF_OWNER: Listing<2> = Listing::new(
        &["SELECT public_id FROM things", " WHERE owner = ?1 AND (colour = ?2 OR ?2 IS NULL)"],
        "public_id",
    );

    fn things() -> Connection {
        let conn = Connection::open_in_memory().unwrap();
        conn.execute_batch("CREATE TABLE things (public_id TEXT, owner INTEGER, colour TEXT)").unwrap();
        for i in 0..9 {
            let colour = if i % 3 == 0 { "red" } else { "blue" };
            conn.execute("INSERT INTO things VALUES (?1, ?2, ?3)", rusqlite::params![format!("t{i}"), 1, colour])
                .unwrap();
            conn.execute("INSERT INTO things VALUES (?1, ?2, ?3)", rusqlite::params![format!("o{i}"), 2, colour])
                .unwrap();
        }
        conn
    }

    /// Every page of owner 1's things of `colour`, walked by cursor.
    fn walk(conn: &Connection, colour: Option<&str>, limit: u32) -> Vec<Vec<String>> {
        let mut pages = Vec::new();
        let mut cursor = None;
        loop {
            let request = PageRequest { limit, before: cursor.as_deref().and_then(decode_cursor) };
            let page = OF_OWNER
                .page(&conn.into(), [&1, &colour], &request, |r| r.get::<_, String>(0), String::as_str)
                .unwrap();
            pages.push(page.data);
            match page.next_cursor {
                Some(next) => cursor = Some(next),
                None => return pages,
            }
        }
    }

    #[test]
    fn pages_cover_the_list_newest_first_once_each() {
        let conn = things();
        let pages = walk(&conn, None, 2);
        assert_eq!(pages.iter().map(Vec::len).collect::<Vec<_>>(), [2, 2, 2, 2, 1]);
        let ids: Vec<String> = pages.concat();
        assert_eq!(ids, (0..9).rev().map(|i| format!("t{i}")).collect::<Vec<_>>());
    }

    #[test]
    fn filters_bind_before_the_cursor() {
        let conn = things();
        assert_eq!(walk(&conn, Some("red"), 1), [vec!["t6"], vec!["t3"], vec!["t0"]]);
    }

    #[test]
    fn a_full_last_page_has_no_cursor() {
        let conn = things();
        assert_eq!(walk(&conn, Some("red"), 3), [vec!["t6", "t3", "t0"]]);
    }

    #[test]
    fn rows_added_meanwhile_neither_repeat_nor_shift_later_pages() {
        let conn = things();
        let first = OF_OWNER
            .page(
                &(&conn).into(),
                [&1, &None::<String>],
                &PageRequest { limit: 4, before: None },
                |r| r.get(0),
                String::as_str,
            )
            .unwrap();
        conn.execute("INSERT INTO things VALUES ('t9', 1, 'red')", []).unwrap();
        let before = PageRequest { limit: 4, before: first.next_cursor.as_deref().and_then(decode_cursor) };
        let second = OF_OWNER
            .page(&(&conn).into(), [&1, &None::<String>], &before, |r| r.get::<_, String>(0), String::as_str)
            .unwrap();
        assert_eq!(second.data, ["t4", "t3", "t2", "t1"]);
    }

    #[test]
    fn the_statement_is_built_once() {
        let first: *const str = OF_OWNER.sql();
        assert!(std::ptr::eq(first, OF_OWNER.sql()));
        assert!(OF_OWNER.sql().ends_with("AND (public_id < ?3 OR ?3 IS NULL) ORDER BY public_id DESC LIMIT ?4"));
    }
}
