//! Paging, the one way every list is read: newest first by public id, a
//! page at a time, behind the opaque cursor of [`crate::http::pagination`].
//!
//! A store module states its list once, as a `static` [`Listing`]: the
//! `SELECT … WHERE …` with its filters and the column holding the public
//! id. [`Listing::page`] adds the cursor condition, the order and the limit,
//! runs the statement and builds the page, so no list writes its own cursor
//! SQL. The statement's text is built on first use and kept, so each list is
//! one entry of the connection's statement cache.

use std::sync::OnceLock;

use payctl_wire::page::Page;
use rusqlite::{Connection, ToSql};

use crate::error::ApiError;
use crate::http::pagination::PageRequest;

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
                "{} AND (?{before} IS NULL OR {id} < ?{before}) ORDER BY {id} DESC LIMIT ?{limit}",
                self.query.concat()
            )
        })
    }

    /// One page of the list: up to `page.limit` rows mapped by `map`, and a
    /// cursor naming the last one (taken by `id_of`) when more follow.
    pub fn page<T>(
        &self,
        conn: &Connection,
        filters: [&dyn ToSql; FILTERS],
        page: &PageRequest,
        map: impl FnMut(&rusqlite::Row<'_>) -> rusqlite::Result<T>,
        id_of: impl Fn(&T) -> &str,
    ) -> Result<Page<T>, ApiError> {
        let fetch = page.fetch();
        let cursor: [&dyn ToSql; 2] = [&page.before, &fetch];
        let params = rusqlite::params_from_iter(filters.into_iter().chain(cursor));
        let rows = conn.prepare_cached(self.sql())?.query_map(params, map)?.collect::<Result<Vec<_>, _>>()?;
        Ok(page.page(rows, id_of))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::http::pagination::PageQuery;

    static OF_OWNER: Listing<2> = Listing::new(
        &["SELECT public_id FROM things", " WHERE owner = ?1 AND (?2 IS NULL OR colour = ?2)"],
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
    fn walk(conn: &Connection, colour: Option<&str>, limit: &str) -> Vec<Vec<String>> {
        let mut pages = Vec::new();
        let mut cursor = None;
        loop {
            let query = PageQuery { limit: Some(limit.to_owned()), cursor };
            let request = PageRequest::parse(&query).unwrap();
            let page = OF_OWNER.page(conn, [&1, &colour], &request, |r| r.get::<_, String>(0), String::as_str).unwrap();
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
        let pages = walk(&conn, None, "2");
        assert_eq!(pages.iter().map(Vec::len).collect::<Vec<_>>(), [2, 2, 2, 2, 1]);
        let ids: Vec<String> = pages.concat();
        assert_eq!(ids, (0..9).rev().map(|i| format!("t{i}")).collect::<Vec<_>>());
    }

    #[test]
    fn filters_bind_before_the_cursor() {
        let conn = things();
        assert_eq!(walk(&conn, Some("red"), "1"), [vec!["t6"], vec!["t3"], vec!["t0"]]);
    }

    #[test]
    fn a_full_last_page_has_no_cursor() {
        let conn = things();
        assert_eq!(walk(&conn, Some("red"), "3"), [vec!["t6", "t3", "t0"]]);
    }

    #[test]
    fn rows_added_meanwhile_neither_repeat_nor_shift_later_pages() {
        let conn = things();
        let first = OF_OWNER
            .page(&conn, [&1, &None::<String>], &PageRequest { limit: 4, before: None }, |r| r.get(0), String::as_str)
            .unwrap();
        conn.execute("INSERT INTO things VALUES ('t9', 1, 'red')", []).unwrap();
        let before = PageRequest::parse(&PageQuery { limit: Some("4".into()), cursor: first.next_cursor }).unwrap();
        let second =
            OF_OWNER.page(&conn, [&1, &None::<String>], &before, |r| r.get::<_, String>(0), String::as_str).unwrap();
        assert_eq!(second.data, ["t4", "t3", "t2", "t1"]);
    }

    #[test]
    fn the_statement_is_built_once() {
        let first: *const str = OF_OWNER.sql();
        assert!(std::ptr::eq(first, OF_OWNER.sql()));
        assert!(OF_OWNER.sql().ends_with("AND (?3 IS NULL OR public_id < ?3) ORDER BY public_id DESC LIMIT ?4"));
    }
}
