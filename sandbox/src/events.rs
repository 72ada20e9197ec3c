//! The event outbox.
//!
//! A state change that should tell the partner something records its event
//! here, inside the same write transaction as the change, so an event can
//! neither be lost (change committed, event not) nor invented (event
//! committed, change rolled back). The same call queues one webhook
//! delivery per subscribed endpoint, so deliveries share that guarantee;
//! the dispatcher reads them after the commit.

use std::cell::Cell;

use payctl_domain::time::Timestamp;
use payctl_wire::events::EventType;
use rusqlite::Connection;

use crate::error::ApiError;
use crate::store;
use crate::webhooks::dispatcher;

/// The resource an event is about, e.g. `("payment", "<id>")`.
pub struct Subject<'a> {
    pub kind: &'a str,
    pub id: &'a str,
}

/// Records an event for one application; returns the event's public id.
pub fn record(
    conn: &Connection,
    application_id: i64,
    event: EventType,
    subject: Subject<'_>,
    data: &serde_json::Value,
    now: Timestamp,
) -> Result<String, ApiError> {
    let (event_id, public_id) =
        store::events::insert(conn, application_id, event, subject.kind, subject.id, data, now)?;
    store::webhooks::enqueue(conn, application_id, event_id, event, now, dispatcher::MAX_ATTEMPTS)?;
    RECORDED.with(|r| r.set(true));
    Ok(public_id)
}

thread_local! {
    /// Set when the writer thread's current transaction recorded an event.
    static RECORDED: Cell<bool> = const { Cell::new(false) };
}

/// Whether an event was recorded since the last call; clears the mark.
/// The writer calls it around each transaction to wake the dispatcher.
pub(crate) fn take_recorded() -> bool {
    RECORDED.with(|r| r.replace(false))
}
