//! `payctl transfer --wait`: follows the transaction until it is COMPLETED
//! or FAILED, reporting each state change on stderr. Ctrl-C (or SIGTERM)
//! stops waiting, not the transaction: the command then exits 0 with the
//! last state seen and says how to check later.
//!
//! It reads the transaction again after 1 s, then 2, 4 and 8 s (at most),
//! starting over at 1 s after each change, so a transfer that takes half a
//! minute costs a handful of reads, not thirty lines in the request log. If
//! the API stops answering, the error says the transaction exists and how
//! to look at it later.

use std::time::Duration;

use payctl_wire::transactions::Transaction;

use crate::commands::apps::segment;
use crate::commands::resource::Session;
use crate::signals::StopSignal;

const FINAL: &[&str] = &["COMPLETED", "FAILED"];
const FIRST_POLL: Duration = Duration::from_secs(1);
const LONGEST_POLL: Duration = Duration::from_secs(8);

pub async fn until_final(s: &Session, mut txn: Transaction) -> anyhow::Result<Transaction> {
    let stop = StopSignal::install()?;
    let path = format!("{}/{}", crate::commands::transactions::PATH, segment(&txn.id)?);
    crate::say!("Waiting for transaction {} to complete (Ctrl-C stops waiting; the transfer goes on)…", txn.id);
    let stopped = stop.wait();
    tokio::pin!(stopped);
    let mut pause = FIRST_POLL;
    while !FINAL.contains(&txn.state.as_str()) {
        tokio::select! {
            _ = tokio::time::sleep(pause) => {}
            _ = &mut stopped => {
                crate::say!(
                    "Stopped waiting; transaction {} is {}. Check it later with `payctl transactions get {}`.",
                    txn.id, txn.state, txn.id
                );
                return Ok(txn);
            }
        }
        // The tool's own read: polling is not the integration's traffic.
        let next: Transaction = crate::client::typed(s.client.get_own(&path, &s.auth).await.map_err(|e| {
            e.context(format!(
                "transaction {id} was created and was {state} when last seen; it goes on without this command: \
                 check it with `payctl transactions get {id}`",
                id = txn.id,
                state = txn.state
            ))
        })?)?;
        if next.state != txn.state {
            crate::say!("Transaction {} is {}.", next.id, next.state);
            pause = FIRST_POLL;
        } else {
            pause = (pause * 2).min(LONGEST_POLL);
        }
        txn = next;
    }
    Ok(txn)
}
