//! The state machines of the money flows: what each step changes, posts to
//! the ledger and announces, in one transaction. Handlers (api) start and
//! move flows by hand; `schedule` moves them on by itself after documented
//! delays. Both call the same step functions, so a flow behaves the same
//! whichever moved it.

pub mod payments;
pub mod transfers;
