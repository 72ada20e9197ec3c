//! List envelopes.
//!
//! Most lists answer `{data, next_cursor}`; the transaction list uses its own
//! `{data, pagination: {has_more, next_cursor}}` (spec 4.3). Cursors are
//! opaque strings: pass them back unchanged.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// The general list envelope.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Page<T> {
    pub data: Vec<T>,
    /// Pass as `cursor` to fetch the next page; null on the last page.
    pub next_cursor: Option<String>,
}

/// The transaction list envelope.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct TransactionPage<T> {
    pub data: Vec<T>,
    pub pagination: Pagination,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Pagination {
    pub has_more: bool,
    pub next_cursor: Option<String>,
}

/// Page size bounds shared by every list operation (spec 8).
pub const MIN_LIMIT: u32 = 1;
pub const MAX_LIMIT: u32 = 100;
pub const DEFAULT_LIMIT: u32 = 25;
