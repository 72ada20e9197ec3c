//! Integration tests: one binary that drives real sandboxes over HTTP.
//!
//! Every test starts its own sandbox in-process on `127.0.0.1:0` with an
//! in-memory database (see `support::spawn_sandbox`), so tests are
//! independent and run in parallel. Tests of the `payctl` binary itself
//! start it as a child process.

mod support;

mod applications;
mod envelope;
mod idempotency;
mod identity;
mod keys;
mod logs;
mod rate_limits;
mod sandbox_binary;
mod storage;
