//! The page request of every list operation as sent (`limit`, `cursor`),
//! checked into the store's [`PageRequest`]; the cursor's format, the page
//! built from rows and the query are `store::paging`.

use payctl_wire::page::{DEFAULT_LIMIT, MAX_LIMIT, MIN_LIMIT};
use serde::Deserialize;

use crate::error::{ApiError, Checks};
pub use crate::store::paging::PageRequest;
use crate::store::paging::decode_cursor;

/// The `limit` and `cursor` query parameters, as sent.
#[derive(Debug, Default, Clone, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PageQuery {
    /// Page size, 1 to 100 (default 25).
    pub limit: Option<String>,
    /// `next_cursor` of the previous page.
    pub cursor: Option<String>,
}

impl PageRequest {
    /// Checks the query parameters; every problem in one 400.
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
