//! HTTP plumbing shared by every route: request ids, the hot header names,
//! the body read once ([`body`]), body and query extraction that fails
//! with the API's envelope, pagination, fallbacks, the `X-Sandbox-Clock` header, the server loop
//! with its timeouts, and the `Host` check.

pub mod body;
pub mod connection;
pub mod dialect;
pub mod extract;
pub mod fallback;
pub mod headers;
pub mod host;
pub mod pagination;
pub mod request_id;
pub mod sandbox_clock;
pub mod server;
pub mod strict;
pub mod unique_members;

/// Request bodies above this answer 413, unless the route table gives
/// the operation a limit of its own ([`body`]).
pub const BODY_LIMIT: usize = 1024 * 1024;
