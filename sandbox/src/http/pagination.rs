//! Cursor pagination shared by every list operation: the request (`limit`,
//! `cursor`) and the page built from rows. The query itself is
//! `store::paging`, the one place that adds the cursor to a list's SQL.
//!
//! Lists are ordered newest first by public id (UUIDv7, so by creation).
//! The cursor is an opaque token naming the last id of the previous page;
//! a page then holds the rows with smaller ids. Rows created meanwhile
//! have larger ids, so they never shift or repeat later pages.
//! Each query fetches `limit + 1` rows to learn whether more follow.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use payctl_wire::page::{DEFAULT_LIMIT, MAX_LIMIT, MIN_LIMIT, Page, Pagination, TransactionPage};
use serde::Deserialize;

use crate::error::{ApiError, Checks};

/// The `limit` and `cursor` query parameters, as sent.
#[derive(Debug, Default, Clone, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PageQuery {
    /// Page size, 1 to 100 (default 25).
    pub limit: Option<String>,
    /// `next_cursor` of the previous page.
    pub cursor: Option<String>,
}

/// A validated page request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PageRequest {
    pub limit: u32,
    /// Only rows whose public id sorts before this one.
    pub before: Option<String>,
}

const CURSOR_TAG: &str = "c1:";

impl PageRequest {
    pub fn parse(query: &PageQuery) -> Result<PageRequest, ApiError> {
        let mut checks = Checks::new();
        let request = Self::check(query, &mut checks);
        checks.finish()?;
        Ok(request)
    }

    /// Validates into `checks`, for lists that also validate filters and
    /// want every problem in one answer.
    pub fn check(query: &PageQuery, checks: &mut Checks) -> PageRequest {
        let limit = match query.limit.as_deref() {
            None => DEFAULT_LIMIT,
            Some(raw) => match raw.parse::<u32>() {
                Ok(n) if (MIN_LIMIT..=MAX_LIMIT).contains(&n) => n,
                _ => {
                    checks.push("limit", "out_of_range", format!("must be an integer from {MIN_LIMIT} to {MAX_LIMIT}"));
                    DEFAULT_LIMIT
                }
            },
        };
        let before = match query.cursor.as_deref() {
            None | Some("") => None,
            Some(raw) => {
                let decoded = decode_cursor(raw);
                if decoded.is_none() {
                    checks.push("cursor", "invalid", "is not a cursor this API returned");
                }
                decoded
            }
        };
        PageRequest { limit, before }
    }

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

fn encode_cursor(id: &str) -> String {
    URL_SAFE_NO_PAD.encode(format!("{CURSOR_TAG}{id}"))
}

fn decode_cursor(raw: &str) -> Option<String> {
    if raw.len() > 256 {
        return None;
    }
    let bytes = URL_SAFE_NO_PAD.decode(raw).ok()?;
    let text = String::from_utf8(bytes).ok()?;
    let id = text.strip_prefix(CURSOR_TAG)?;
    (!id.is_empty() && id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')).then(|| id.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn q(limit: Option<&str>, cursor: Option<&str>) -> PageQuery {
        PageQuery { limit: limit.map(Into::into), cursor: cursor.map(Into::into) }
    }

    #[test]
    fn limit_bounds() {
        assert_eq!(PageRequest::parse(&q(None, None)).unwrap().limit, 25);
        assert_eq!(PageRequest::parse(&q(Some("1"), None)).unwrap().limit, 1);
        assert_eq!(PageRequest::parse(&q(Some("100"), None)).unwrap().limit, 100);
        for bad in ["0", "101", "-1", "abc", "99999999999", "2.5"] {
            let e = PageRequest::parse(&q(Some(bad), None)).unwrap_err();
            assert_eq!(e.details[0].field, "limit", "{bad}");
        }
    }

    #[test]
    fn cursors_round_trip_and_reject_forgeries() {
        let req = PageRequest { limit: 2, before: None };
        let page = req.page(vec!["c", "b", "a"], |s| s);
        assert_eq!(page.data, vec!["c", "b"]);
        let cursor = page.next_cursor.unwrap();
        assert_eq!(PageRequest::parse(&q(None, Some(&cursor))).unwrap().before.as_deref(), Some("b"));
        for bad in ["!!", "Zm9v", &"a".repeat(300), "YzE6JyBPUiAxPTE"] {
            assert!(PageRequest::parse(&q(None, Some(bad))).is_err(), "{bad}");
        }
        let last = req.page(vec!["b", "a"], |s| s);
        assert_eq!(last.next_cursor, None);
    }
}
