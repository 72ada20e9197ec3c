//! The header names every request reads or writes, parsed once.
//!
//! A name given as text is checked and hashed again at each use
//! (`HeaderName::from_static` at run time); these are made when the binary
//! is compiled, so a lookup only hashes.

use axum::http::HeaderName;
use payctl_wire::{faults, sandbox};

pub const API_KEY: HeaderName = HeaderName::from_static(payctl_wire::API_KEY_HEADER);
pub const REQUEST_ID: HeaderName = HeaderName::from_static(payctl_wire::REQUEST_ID_HEADER);
pub const IDEMPOTENCY_KEY: HeaderName = HeaderName::from_static(payctl_wire::IDEMPOTENCY_KEY_HEADER);
pub const SANDBOX_FAULT: HeaderName = HeaderName::from_static(faults::SANDBOX_FAULT_HEADER);
pub const SANDBOX_CLOCK: HeaderName = HeaderName::from_static(sandbox::SANDBOX_CLOCK_HEADER);
pub const TOOL: HeaderName = HeaderName::from_static(sandbox::TOOL_HEADER);
pub const RATE_LIMIT: HeaderName = HeaderName::from_static(crate::rate_limit::LIMIT_HEADER);
pub const RATE_LIMIT_REMAINING: HeaderName = HeaderName::from_static(crate::rate_limit::REMAINING_HEADER);
pub const RATE_LIMIT_RESET: HeaderName = HeaderName::from_static(crate::rate_limit::RESET_HEADER);
