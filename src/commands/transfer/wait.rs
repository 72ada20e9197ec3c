//! `payctl transfer --wait`: polls the transaction until it is COMPLETED or
//! FAILED, reporting each state change on stderr. Ctrl-C (or SIGTERM) stops
//! waiting, not the transaction: the command then exits 0 with the last
//! state seen and says how to check later.

use std::time::Duration;

use payctl_wire::transactions::Transaction;
use reqwest::Method;

use crate::commands::apps::segment;
use crate::commands::resource::Session;
use crate::signals::StopSignal;

const FINAL: &[&str] = &["COMPLETED", "FAILED"];
const POLL: Duration = Duration::from_secs(1);

pub async fn until_final(s: &Session, mut txn: Transaction) -> anyhow::Result<Transaction> {
    let stop = StopSignal::install()?;
    let path = format!("{}/{}", crate::commands::transactions::PATH, segment(&txn.id)?);
    crate::say!("Waiting for transaction {} to complete (Ctrl-C stops waiting; the transfer goes on)…", txn.id);
    let stopped = stop.wait();
    tokio::pin!(stopped);
    while !FINAL.contains(&txn.state.as_str()) {
        tokio::select! {
            _ = tokio::time::sleep(POLL) => {}
            _ = &mut stopped => {
                crate::say!(
                    "Stopped waiting; transaction {} is {}. Check it later with `payctl transactions get {}`.",
                    txn.id, txn.state, txn.id
                );
                return Ok(txn);
            }
        }
        let next: Transaction = s.call(Method::GET, &path, None).await?;
        if next.state != txn.state {
            crate::say!("Transaction {} is {}.", next.id, next.state);
        }
        txn = next;
    }
    Ok(txn)
}
