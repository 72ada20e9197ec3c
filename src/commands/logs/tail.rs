//! `payctl logs tail`: polls `GET /v1/logs` and prints entries it has not
//! shown yet, oldest first, until Ctrl-C or SIGTERM (exit 0).
//!
//! Log ids grow with time, so "new" means an id above the last one shown.
//! The command's own polls are logged by the service too; they are left
//! out so the tail shows the application's traffic, not itself. Each poll
//! reads the newest 100 entries, so a burst of more than 100 requests within
//! one interval shows only its last 100. When the API cannot be reached it
//! says so and tries again, waiting longer each time (1 s doubling to 30 s),
//! then goes on where it was.

use std::time::Duration;

use payctl_wire::logs::RequestLog;
use payctl_wire::page::Page;
use reqwest::Method;

use super::{COLUMNS, Filters};
use crate::commands::resource::{Cred, Session};
use crate::context::Ctx;
use crate::exit;
use crate::output::{Format, display};
use crate::signals::StopSignal;

/// Waits between tries while the API cannot be reached: 1 s, doubling up to 30 s.
const FIRST_RETRY: Duration = Duration::from_secs(1);
const LONGEST_RETRY: Duration = Duration::from_secs(30);

pub async fn run(ctx: Ctx, filters: &Filters, interval: u64, lines: u32) -> anyhow::Result<()> {
    let stop = StopSignal::install()?;
    let session = Session::open_with(ctx, Cred::Key, super::FLAGS).await?.for_tool_reads();
    let path = filters.on_server_clock(&session).await?.path();
    let page_path = format!("{path}{}limit=100", if path.contains('?') { '&' } else { '?' });
    let mut last_seen: Option<String> = None;
    let mut first = true;
    crate::say!("Following request logs (Ctrl-C to stop)…");
    let stopped = stop.wait();
    tokio::pin!(stopped);
    let mut retry: Option<Duration> = None;
    loop {
        let page: Page<RequestLog> = match session.call(Method::GET, &page_path, None).await {
            Ok(page) => page,
            // The API is away (a sandbox restarting, the network): wait and try again.
            Err(e) if exit::code_for(&e) == exit::NETWORK => {
                let wait = retry.map_or(FIRST_RETRY, |last| (last * 2).min(LONGEST_RETRY));
                match retry {
                    None => crate::say!("{e:#}"),
                    Some(_) => crate::say!("Still cannot reach the API."),
                }
                crate::say!("Trying again in {} s (Ctrl-C to stop).", wait.as_secs());
                retry = Some(wait);
                tokio::select! {
                    _ = tokio::time::sleep(wait) => continue,
                    _ = &mut stopped => return Ok(()),
                }
            }
            Err(e) => return Err(e),
        };
        if retry.take().is_some() {
            crate::say!("Reconnected; following request logs again.");
        }
        let mut fresh: Vec<RequestLog> = page
            .data
            .into_iter()
            .filter(|l| l.path != "/v1/logs")
            .filter(|l| last_seen.as_deref().is_none_or(|seen| l.id.as_str() > seen))
            .collect();
        fresh.reverse();
        if let Some(newest) = fresh.last() {
            last_seen = Some(newest.id.clone());
        } else if last_seen.is_none() {
            // Nothing yet: everything from now on is new.
            last_seen = Some(String::new());
        }
        if first {
            let skip = fresh.len().saturating_sub(lines as usize);
            fresh.drain(..skip);
            first = false;
        }
        for entry in &fresh {
            print(session.ctx.output, entry)?;
        }
        tokio::select! {
            _ = tokio::time::sleep(Duration::from_secs(interval)) => {}
            _ = &mut stopped => return Ok(()),
        }
    }
}

fn print(format: Format, entry: &RequestLog) -> anyhow::Result<()> {
    match format {
        // One compact object per line, so a script can read the stream.
        Format::Json => crate::output::json_line(entry),
        Format::Table => {
            let value = serde_json::to_value(entry)?;
            let fields = value.as_object().cloned().unwrap_or_default();
            let cells: Vec<String> = COLUMNS.iter().map(|(_, field)| display::cell(&fields, field)).collect();
            crate::output::line(&cells.join("  "))
        }
    }
}
