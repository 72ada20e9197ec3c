//! `payctl logs export`: the caller's request logs as a fixture (see
//! `crate::fixtures::export`), for replaying a partner's calls locally.
//!
//! Its reads (the logs, and the ids in them read back) are its own, not the
//! application's: they are sent as the tool's own, so an export never adds itself to
//! the logs it exports.

use std::path::PathBuf;

use payctl_wire::logs::RequestLog;

use super::Filters;
use crate::cli::ListArgs;
use crate::commands::resource::{Cred, Session};
use crate::context::Ctx;
use crate::exit;
use crate::fixtures::export;

pub async fn run(
    ctx: Ctx,
    filters: &Filters,
    name: &str,
    file: Option<PathBuf>,
    fill: &[String],
) -> anyhow::Result<()> {
    let fills = export::fills(fill)?;
    let session = Session::open_with(ctx, Cred::Key, super::FLAGS).await?.for_tool_reads();
    let filters = filters.on_server_clock(&session).await?;
    let logs = read(&session, &filters).await?;
    if logs.is_empty() {
        return Err(exit::api("no request logs match; nothing to export"));
    }
    let reads = export::Reads::new(&session.client, &session.auth);
    let mut done = export::within(logs, |path| reads.get(path)).await;
    // Part of the log, and ids in it that it does not create: look before it.
    if filters.narrow() && !done.literal.is_empty() {
        let before = Filters { to: done.logs.last().map(|l| l.requested_at.clone()), ..Filters::default() };
        let everything = read(&session, &before).await?;
        done = export::with_earlier(&done.logs, everything, |path| reads.get(path)).await;
    }
    let fixture = export::build_completed(name, &done, &fills);
    let text = format!("{}\n", serde_json::to_string_pretty(&fixture)?);
    match file {
        Some(path) => {
            std::fs::write(&path, text).map_err(|e| exit::local(format!("{}: cannot write: {e}", path.display())))?;
            crate::say!("Wrote {} step(s) to {}.", fixture.steps.len(), path.display());
        }
        None => crate::output::out(&text)?,
    }
    // The description says more than where the steps come from: replaced
    // values, steps pulled in, ids left literal.
    if let Some((_, more)) = fixture.description.as_deref().and_then(|d| d.split_once("TEST key. "))
        && !more.is_empty()
    {
        crate::say!("note: {more}");
    }
    if !export::replayable(&done.logs) {
        crate::say!(
            "warning: {} request(s) had bodies the log did not keep whole: their steps send no body and are not \
             replayable as recorded (see the note above)",
            done.logs.iter().filter(|l| l.request_body_truncated.is_some()).count()
        );
    }
    if !done.literal.is_empty() {
        crate::say!(
            "warning: {} id(s) no exported request creates stay literal: the steps using them replay only where \
             they exist (see the note above)",
            done.literal.len()
        );
    }
    Ok(())
}

/// Every log the filters select, oldest first.
async fn read(session: &Session, filters: &Filters) -> anyhow::Result<Vec<RequestLog>> {
    let page = session.client.list::<RequestLog>(&filters.path(), &session.auth, &ListArgs::every()).await?;
    Ok(export::replay_order(page.data))
}
