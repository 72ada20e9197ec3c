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
use rusqlite::{Connection, params};

use crate::db::CachedSql;
use crate::error::ApiError;
use crate::ids;
use crate::store;

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
    let public_id = ids::prefixed("evt");
    conn.execute_cached(
        "INSERT INTO events (public_id, application_id, type, resource_type, resource_id, data, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
        params![public_id, application_id, event.as_str(), subject.kind, subject.id, data.to_string(), now.millis()],
    )?;
    let event_id = conn.last_insert_rowid();
    store::webhooks::enqueue(conn, application_id, event_id, event.as_str(), now)?;
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
