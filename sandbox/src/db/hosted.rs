//! The database threads on PostgreSQL (the hosted mode): the database's
//! address ([`PgUrl`]), connecting (and connecting again after the
//! connection is lost), the loops of the writer thread and the readers,
//! and the thread that holds the dispatch lock ([`hold_dispatch`]).
//!
//! The writer thread takes the write jobs queued to it in groups, as on
//! SQLite, and commits each group through [`super::pg_writer`], under the
//! lock that serialises the writes of every process on the database. Each
//! reader runs a read in a `REPEATABLE READ READ ONLY` transaction of its
//! own, so a read that runs several statements sees one snapshot, as a
//! SQLite read does; readers also run tallies (see `Db::tally`).
//!
//! A connection the server dropped is found out by the first statement
//! sent on it: a job that had not begun then runs on a new connection,
//! unseen by its caller. A connection lost in the middle of a job fails
//! that job with 503 `SERVICE_UNAVAILABLE`, and while the database cannot
//! be reached every job fails the same way, at once, so `GET /ready`
//! answers 503 until the database is back, and then 200 without a restart.

use std::fmt;
use std::str::FromStr;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use crossbeam_channel::Receiver;
use tokio::sync::Notify;

use super::postgres::Lock;
use super::sql::{Conn, Statements};
use super::{Job, pg_writer, writer};

/// A PostgreSQL database's address, `postgres://USER[:PASSWORD]@HOST[:PORT]/DB`
/// (or anything else `libpq` takes as a URL). Shown with its password as
/// `***`, whether printed, logged or debugged: only [`PgUrl::connect`]
/// uses the whole.
#[derive(Clone, PartialEq, Eq)]
pub struct PgUrl(String);

impl PgUrl {
    /// Whether `text` names a PostgreSQL database rather than a file.
    pub fn is_url(text: &str) -> bool {
        text.starts_with("postgres://") || text.starts_with("postgresql://")
    }

    /// The address of one process's connection, with a bound on how long
    /// connecting may take (unless the URL sets its own).
    fn config(&self) -> anyhow::Result<postgres::Config> {
        let mut config = postgres::Config::from_str(&self.0)
            .map_err(|e| anyhow::anyhow!("the database URL {self} is not valid: {e}"))?;
        if config.get_connect_timeout().is_none() {
            config.connect_timeout(CONNECT_TIMEOUT);
        }
        if config.get_application_name().is_none() {
            config.application_name("payctl sandbox");
        }
        Ok(config)
    }

    /// A new connection.
    pub(super) fn connect(&self) -> anyhow::Result<postgres::Client> {
        self.config()?
            .connect(postgres::NoTls)
            .map_err(|e| anyhow::anyhow!("cannot connect to the database {self}: {}", cause(&e)))
    }
}

impl FromStr for PgUrl {
    type Err = anyhow::Error;

    /// Checks the URL's form; nothing connects yet. The error shows the
    /// URL as [`fmt::Display`] does, its password hidden.
    fn from_str(text: &str) -> anyhow::Result<Self> {
        let url = PgUrl::unchecked(text);
        if !Self::is_url(text) {
            anyhow::bail!("{url} is not a PostgreSQL URL (postgres://USER[:PASSWORD]@HOST[:PORT]/DB)");
        }
        url.config()?;
        Ok(url)
    }
}

impl PgUrl {
    /// The URL as given, checked by nothing until [`PgUrl::check`] or a
    /// connection: for a command line's parser, whose own error would
    /// repeat the text given, password and all.
    pub fn unchecked(text: &str) -> PgUrl {
        PgUrl(text.to_owned())
    }

    /// What [`FromStr`] checks, of a URL taken [`PgUrl::unchecked`].
    pub fn check(&self) -> anyhow::Result<()> {
        self.0.parse::<PgUrl>().map(drop)
    }
}

impl fmt::Display for PgUrl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&redacted(&self.0))
    }
}

impl fmt::Debug for PgUrl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "PgUrl({self})")
    }
}

/// The URL with the password in its user part, and any `password=`
/// parameter, written as `***`.
fn redacted(url: &str) -> String {
    let (scheme, rest) = url.split_once("://").unwrap_or(("", url));
    let (authority_end, _) = rest.char_indices().find(|(_, c)| matches!(c, '/' | '?')).unwrap_or((rest.len(), ' '));
    let (authority, tail) = rest.split_at(authority_end);
    let authority = match authority.rsplit_once('@') {
        Some((user_info, host)) => match user_info.split_once(':') {
            Some((user, _)) => format!("{user}:***@{host}"),
            None => authority.to_owned(),
        },
        None => authority.to_owned(),
    };
    let tail = match tail.split_once('?') {
        Some((path, query)) => {
            let query: Vec<String> = query
                .split('&')
                .map(|pair| match pair.split_once('=') {
                    Some((name, _)) if name.eq_ignore_ascii_case("password") => format!("{name}=***"),
                    _ => pair.to_owned(),
                })
                .collect();
            format!("{path}?{}", query.join("&"))
        }
        None => tail.to_owned(),
    };
    if scheme.is_empty() { format!("{authority}{tail}") } else { format!("{scheme}://{authority}{tail}") }
}

/// The innermost cause of a driver error: "Connection refused", not
/// "error connecting to server".
fn cause(e: &(dyn std::error::Error + 'static)) -> String {
    let mut inner = e;
    while let Some(next) = inner.source() {
        inner = next;
    }
    if std::ptr::eq(inner, e) { e.to_string() } else { format!("{e}: {inner}") }
}

/// How long connecting may take before a job fails instead.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(2);

/// A connection that is made again when lost: each use finds it open or
/// connects first.
pub(super) struct Connection {
    url: PgUrl,
    client: Option<postgres::Client>,
    /// Prepared statements belong to a connection, and go with it.
    statements: Statements,
    /// Set while the database cannot be reached, so that the callers of
    /// the jobs dropped meanwhile hear 503 (see `Db::send`).
    unreachable: Arc<AtomicBool>,
}

impl Connection {
    pub(super) fn new(url: PgUrl, client: postgres::Client, unreachable: Arc<AtomicBool>) -> Self {
        Connection { url, client: Some(client), statements: Statements::default(), unreachable }
    }

    /// The open client and its statements, connecting again first when
    /// the connection was lost; `None` (logged) while the database cannot
    /// be reached.
    fn open(&mut self) -> Option<(&mut postgres::Client, &mut Statements)> {
        if self.client.as_ref().is_none_or(postgres::Client::is_closed) {
            self.statements = Statements::default();
            self.client = match self.url.connect() {
                Ok(client) => {
                    self.unreachable.store(false, Ordering::Release);
                    super::DATABASE_UNREACHABLE.recovered();
                    Some(client)
                }
                Err(e) => {
                    self.unreachable.store(true, Ordering::Release);
                    super::DATABASE_UNREACHABLE.warn(format_args!("{e:#}"));
                    None
                }
            };
        }
        let client = self.client.as_mut()?;
        Some((client, &mut self.statements))
    }

    /// Forgets a connection found broken (a statement failed on it):
    /// the next use connects again.
    fn lost(&mut self) {
        self.client = None;
        self.unreachable.store(true, Ordering::Release);
    }
}

/// Tries a job twice: a connection the database dropped is only found out
/// by the first statement sent on it, and the job (which has not begun)
/// runs on a new one instead of failing.
const TRIES: usize = 2;

/// The writer thread's loop on PostgreSQL; ends when every `Db` handle is
/// gone. Jobs that cannot run because the database cannot be reached are
/// dropped, which answers their callers 503.
pub(super) fn run_writer(mut conn: Connection, jobs: Receiver<Job>, outbox: Arc<Notify>) {
    let mut queue = writer::Queue::new(jobs);
    while let Some(next) = queue.next() {
        // Only writes are queued to the writer here (reads go to readers).
        let writer::Next::Group(mut group) = next else { continue };
        for _ in 0..TRIES {
            let Some((client, statements)) = conn.open() else { break };
            match pg_writer::commit_group(client, statements, group, &outbox) {
                Ok(()) => break,
                Err(unrun) => {
                    group = unrun;
                    conn.lost();
                }
            }
        }
    }
}

/// A reader thread's loop on PostgreSQL: each read in a read-only
/// transaction of its own, on one snapshot; each tally with no transaction
/// of its own (its statements commit one by one).
pub(super) fn serve_reads(mut conn: Connection, jobs: Receiver<Job>) {
    while let Ok(job) = jobs.recv() {
        let mut read = match job {
            Job::Read(read) => read,
            Job::Tally(tally) => {
                if let Some((client, statements)) = conn.open() {
                    tally(&Conn::postgres(client, statements));
                }
                continue;
            }
            Job::Write(_) => continue,
        };
        for _ in 0..TRIES {
            match read_once(&mut conn, read) {
                Ok(()) => break,
                Err(unrun) => {
                    read = unrun;
                    conn.lost();
                }
            }
        }
    }
}

type ReadJob = Box<dyn FnOnce(&Conn<'_>) + Send>;

/// Runs `read` in a transaction of its own; the job back, unrun, when the
/// transaction could not begin (or there is no connection: then it is
/// dropped).
fn read_once(conn: &mut Connection, read: ReadJob) -> Result<(), ReadJob> {
    let Some((client, statements)) = conn.open() else { return Ok(()) };
    let begun =
        client.build_transaction().isolation_level(postgres::IsolationLevel::RepeatableRead).read_only(true).start();
    match begun {
        Ok(mut tx) => {
            read(&Conn::postgres(&mut tx, statements));
            // A read changes nothing: how it ends does not matter.
            let _ = tx.rollback();
            Ok(())
        }
        Err(e) => {
            tracing::warn!(error = %e, "could not begin a read");
            Err(read)
        }
    }
}

/// How often a process that does not hold [`Lock::Dispatch`] tries to take
/// it, and the one that does checks that its connection (and so the lock)
/// still holds: a process killed with its lock loses it with its
/// connection, and another takes over within this.
const DISPATCH_CHECK: Duration = Duration::from_millis(500);

/// The thread that holds [`Lock::Dispatch`] for this process when it can,
/// saying on `holds` whether it does; ends when `stop`'s sender is dropped.
/// Only one process at a time sends deliveries, so each is sent once
/// however many processes serve, and the dispatcher's fair shares and
/// per-partner bounds hold as they do for one process. If this process
/// loses its connection, it stops sending as soon as it notices, and the
/// database (which released the lock with the connection) lets another
/// begin.
pub(super) fn hold_dispatch(url: PgUrl, holds: tokio::sync::watch::Sender<bool>, stop: Receiver<()>) {
    let mut client: Option<postgres::Client> = None;
    loop {
        let held = *holds.borrow();
        let checked = match client.as_mut().filter(|c| !c.is_closed()) {
            Some(c) if held => c.simple_query("SELECT 1").map(|_| true),
            Some(c) => c.query_one(Lock::TRY_FOR_SESSION, &[&Lock::Dispatch.key()]).map(|row| row.get(0)),
            None => {
                client = url.connect().ok();
                Ok(false)
            }
        };
        let now_held = checked.unwrap_or_else(|_| {
            client = None;
            false
        });
        if now_held != held {
            holds.send_replace(now_held);
        }
        match stop.recv_timeout(DISPATCH_CHECK) {
            Err(crossbeam_channel::RecvTimeoutError::Timeout) => {}
            _ => break,
        }
    }
}

/// Connects and migrates (once, however many processes start together).
pub(super) fn open(url: &PgUrl) -> anyhow::Result<postgres::Client> {
    let mut client = url.connect()?;
    super::postgres::migrate(&mut client).map_err(|e| anyhow::anyhow!("cannot migrate the database {url}: {e:#}"))?;
    Ok(client)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn passwords_never_show() {
        for (url, shown) in [
            ("postgres://payctl:s3cret@db.example:5432/payctl", "postgres://payctl:***@db.example:5432/payctl"),
            ("postgresql://payctl@db/payctl", "postgresql://payctl@db/payctl"),
            ("postgres://u:p%40ss@h/d?sslmode=disable&password=x", "postgres://u:***@h/d?sslmode=disable&password=***"),
            ("postgres://h/d?password=x", "postgres://h/d?password=***"),
        ] {
            let parsed: PgUrl = url.parse().unwrap();
            assert_eq!(parsed.to_string(), shown);
            assert_eq!(format!("{parsed:?}"), format!("PgUrl({shown})"));
        }
        let refused = "postgres://u:s3cret@h:notaport/d".parse::<PgUrl>().unwrap_err();
        assert!(!format!("{refused:#}").contains("s3cret"), "{refused:#}");
        let refused = PgUrl::unchecked("postgres://u:s3cret@h:notaport/d").check().unwrap_err();
        assert!(format!("{refused:#}").contains("postgres://u:***@h:notaport/d"), "{refused:#}");
        assert!("/var/lib/sandbox.db".parse::<PgUrl>().is_err());
    }
}
