//! The event outbox.
//!
//! A state change that should tell the partner something records its event
//! here, inside the same write transaction as the change, so an event can
//! neither be lost (change committed, event not) nor invented (event
//! committed, change rolled back). The same call queues one webhook
//! delivery per subscribed endpoint, so deliveries share that guarantee;
//! the dispatcher reads them after the commit.

use payctl_domain::time::Timestamp;
use payctl_wire::events::EventType;

use crate::db::Tx;
use crate::error::ApiError;
use crate::store;
use crate::webhooks::dispatcher;

/// The resource an event is about, e.g. `("payment", "<id>")`.
pub struct Subject<'a> {
    pub kind: &'a str,
    pub id: &'a str,
}

/// Records an event for one application; returns the event's public id.
/// Marks `tx`, so that the writer wakes the dispatcher after the commit.
pub fn record(
    tx: &Tx<'_>,
    application_id: i64,
    event: EventType,
    subject: Subject<'_>,
    data: &serde_json::Value,
    now: Timestamp,
) -> Result<String, ApiError> {
    let (event_id, public_id) = store::events::insert(tx, application_id, event, subject.kind, subject.id, data, now)?;
    store::webhooks::enqueue(tx, application_id, event_id, event, now, dispatcher::MAX_ATTEMPTS)?;
    tx.mark_recorded();
    Ok(public_id)
}

#[cfg(test)]
mod tests {
    use futures_util::FutureExt;
    use serde_json::json;

    use super::*;
    use crate::db::{Db, Storage};

    /// The writer wakes the dispatcher after a commit exactly when a job
    /// whose changes were kept recorded an event; the wake is in place
    /// before the write's caller hears back.
    #[tokio::test]
    async fn a_committed_event_wakes_the_outbox_and_nothing_else_does() {
        let (db, _threads) = Db::open(&Storage::Memory).unwrap();
        let app = store::applications::bare(&db).await;
        let woken = |db: &Db| db.outbox().notified().now_or_never().is_some();
        let event = EventType::ALL[0];
        let record_one = move |tx: &Tx<'_>| {
            let subject = Subject { kind: "payment", id: "p-1" };
            record(tx, app, event, subject, &json!({}), Timestamp::from_millis(0))
        };

        assert!(!woken(&db), "nothing was written yet");
        db.write(|tx| Ok(tx.execute("INSERT INTO settings (name, value) VALUES ('a', '1')", [])?)).await.unwrap();
        assert!(!woken(&db), "a write that recorded no event");

        db.write(record_one).await.unwrap();
        assert!(woken(&db), "a write that recorded an event wakes the dispatcher before it answers");
        assert!(!woken(&db), "once");

        let failed = db
            .write(move |tx| {
                record_one(tx)?;
                Err::<(), _>(ApiError::internal("refused after recording"))
            })
            .await;
        assert!(failed.is_err());
        assert!(!woken(&db), "an event rolled back with its job");
        let events: i64 = db.read(|c| Ok(c.query_row("SELECT COUNT(*) FROM events", [], |r| r.get(0))?)).await.unwrap();
        assert_eq!(events, 1);
    }
}
