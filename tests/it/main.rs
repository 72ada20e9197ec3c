//! Integration tests: one binary that drives real sandboxes over HTTP.
//!
//! Every test starts its own sandbox in-process on `127.0.0.1:0`, with an
//! in-memory database (see `support::spawn_sandbox`) unless it tests
//! storage, so tests are independent and run in parallel. Tests of the
//! `payctl` binary itself (the CLI, the sandbox process, the crash suite
//! in `resilience`) start it as a child process.

mod support;

mod accounts;
mod applications;
mod beneficiaries;
mod bounds;
mod cli;
mod clocks;
mod compliance;
mod connections;
mod console;
mod customers;
mod envelope;
mod faults;
mod fixtures;
mod flows;
mod forks;
mod hardening;
mod hosted;
mod idempotency;
mod identity;
mod keys;
mod layering;
mod legacy_quotes;
mod logins;
mod logs;
mod parity;
mod partners;
mod payments;
mod pricing;
mod proxy;
mod quotes;
mod rate_limits;
mod rates;
mod redaction;
mod resilience;
mod review;
mod sandbox_binary;
mod shared_database;
mod snapshots;
mod startup;
mod storage;
mod test_only;
mod transactions;
mod transfers;
mod uniqueness;
mod walkthrough;
mod wallets;
mod webhooks;
