//! Database access without blocking the async runtime: SQLite by default,
//! PostgreSQL for a sandbox several processes share ([`Db::open_postgres`],
//! with the same threads and jobs; see [`hosted`]).
//!
//! One thread owns the only writing connection; every write is a closure
//! sent to it and run inside `BEGIN IMMEDIATE … COMMIT`, so writes are
//! serialised by construction and a handler's checks and changes can never
//! interleave with another's (queued writes share a commit; see [`writer`]).
//! Reads go to a small pool of read-only connections (WAL lets them run
//! beside the writer). An in-memory database has a single connection: a
//! read takes it on the caller's thread when it is free and is queued to
//! the writer thread otherwise (see [`shared`]); a read with no bound on
//! the rows it walks ([`Db::scan`]) always goes to the thread. Callers await a
//! oneshot reply; no write, and no long read, runs on a tokio worker. A
//! full disk fails writes with 507 `STORAGE_FULL` (see
//! [`crate::error::ApiError::from_statement`]) while reads go on; warnings
//! that repeat are logged once a minute.
//!
//! # Layout
//! - this module: [`Db`], opening and configuring connections, the reader
//!   threads; [`Tx`], the transaction a write job runs in, which tells the
//!   writer whether the job recorded an event.
//! - [`sql`]: the store's one way to run SQL on either backend ([`sql::Conn`],
//!   which a [`Tx`] derefs to and a read is handed) (SQLite's
//!   connections, or PostgreSQL's through [`postgres`], which speaks
//!   SQLite's values and schema to it, migrates a database and makes the
//!   tables processes share beside the data, [`PROCESSES_SHARE`]).
//! - [`writer`]: the writer thread and its group commits; [`pg_writer`]:
//!   a group commit on PostgreSQL, under a lock that serialises the writes
//!   of every process on one database; [`hosted`]: the database's URL and
//!   the writer's and readers' loops on PostgreSQL, connecting again when
//!   the connection is lost.
//! - [`shared`]: the writer's connection, and in-memory reads beside it.
//! - [`checkpoint`]: the WAL checkpoint thread; [`migrations`]: the
//!   schema; [`files`]: the database file's permissions and lock;
//!   [`warning`]: warnings logged once a minute.

mod checkpoint;
pub mod files;
mod hosted;
mod migrations;
mod pg_writer;
mod postgres;
pub use postgres::PROCESSES_SHARE;
mod shared;
pub mod sql;
mod warning;
mod writer;

/// The PostgreSQL database the tests of the PostgreSQL backend run on
/// (`PAYCTL_TEST_POSTGRES`), or `None`, said on stderr, when there is none.
/// With `PAYCTL_REQUIRE_POSTGRES` set (as `.ci/run` sets it) a missing one
/// fails the test instead: CI never skips them.
pub fn postgres_url() -> Option<String> {
    match std::env::var("PAYCTL_TEST_POSTGRES") {
        Ok(url) => Some(url),
        Err(_) => {
            assert!(
                std::env::var_os("PAYCTL_REQUIRE_POSTGRES").is_none(),
                "PAYCTL_TEST_POSTGRES is not set, and PAYCTL_REQUIRE_POSTGRES requires it"
            );
            eprintln!(
                "skipped on PostgreSQL: PAYCTL_TEST_POSTGRES is not set (see \"On PostgreSQL\" in sandbox/README.md)"
            );
            None
        }
    }
}

/// The baseline schema in each backend's words, for the store's tests.
#[cfg(test)]
pub(crate) mod baseline {
    pub const SQLITE: &str = super::migrations::BASELINE;

    pub fn postgres() -> String {
        super::postgres::schema(SQLITE)
    }
}

use std::cell::Cell;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::JoinHandle;
use std::time::Duration;

use anyhow::Context;
use crossbeam_channel::{Receiver, Sender};
use rusqlite::{Connection, OpenFlags};
use tokio::sync::{Notify, oneshot};

use crate::error::ApiError;
use shared::Shared;

pub use hosted::PgUrl;
pub use migrations::LATEST_VERSION;
#[cfg(test)]
pub use migrations::migrations;
pub use warning::{DATABASE_UNREACHABLE, STORAGE_FULL_WARNING, Warning};

/// Work for a database thread.
enum Job {
    /// Runs on a connection outside any write transaction (on
    /// PostgreSQL, in a read-only transaction of its own).
    Read(Box<dyn FnOnce(&sql::Conn<'_>) + Send>),
    /// Runs inside the writer's transaction, under its own savepoint.
    Write(WriteJob),
    /// Runs on a PostgreSQL reader's connection outside any transaction
    /// and outside the write lock: one statement that changes a row of its
    /// own (see [`Db::tally`]).
    Tally(Box<dyn FnOnce(&sql::Conn<'_>) + Send>),
}

type WriteJob = Box<dyn FnOnce(&Tx<'_>) -> Staged + Send>;

/// A write job running `work`, whose answer goes to `answer` once the
/// writer knows whether its group committed.
fn write_job<T, F>(work: F, answer: impl FnOnce(Result<T, ApiError>) + Send + 'static) -> WriteJob
where
    T: Send + 'static,
    F: FnOnce(&Tx<'_>) -> Result<T, ApiError> + Send + 'static,
{
    Box::new(move |tx| match work(tx) {
        Ok(value) => Staged {
            ok: true,
            recorded: tx.recorded(),
            reply: Box::new(move |committed: Result<(), ApiError>| answer(committed.map(|()| value))),
        },
        Err(e) => Staged { ok: false, recorded: false, reply: Box::new(move |_| answer(Err(e))) },
    })
}

/// A write job's result, held until its group's commit is settled.
struct Staged {
    /// Whether the job's changes are kept (its savepoint released).
    ok: bool,
    /// Whether the job recorded an event (see [`Tx`]): the writer wakes the
    /// webhook dispatcher once the group's commit has succeeded.
    recorded: bool,
    /// Answers the caller once the commit succeeded or failed.
    reply: Box<dyn FnOnce(Result<(), ApiError>) + Send>,
}

/// The transaction a write job runs in, as [`Db::write`] hands it over.
///
/// It derefs to the [`sql::Conn`] the store takes, so a write passes `tx`
/// where a read passes its connection; [`Tx::sqlite`] is the SQLite
/// transaction itself, for what runs on SQLite alone
/// ([`crate::store::fork`]). What it adds is the one thing the writer
/// must learn from the job besides its result: whether the job recorded an
/// event ([`crate::events::record`] takes a `Tx` and marks it), so that the
/// webhook dispatcher is woken after the commit instead of at its next poll.
/// Only code that records events needs a `Tx` rather than a connection, and
/// the type makes such code impossible to call outside a write.
pub struct Tx<'a> {
    conn: sql::Conn<'a>,
    recorded: Cell<bool>,
}

impl<'a> Tx<'a> {
    /// A write job's handle on its transaction, with nothing recorded yet.
    pub(crate) fn new(conn: sql::Conn<'a>) -> Self {
        Tx { conn, recorded: Cell::new(false) }
    }

    /// Marks that an event was recorded in this transaction.
    pub(crate) fn mark_recorded(&self) {
        self.recorded.set(true);
    }

    /// Whether an event was recorded in this transaction.
    pub(crate) fn recorded(&self) -> bool {
        self.recorded.get()
    }
}

impl<'a> std::ops::Deref for Tx<'a> {
    type Target = sql::Conn<'a>;

    fn deref(&self) -> &sql::Conn<'a> {
        &self.conn
    }
}

/// Statements through the connection's statement cache. The hot paths run
/// the same few dozen statements thousands of times a second, and parsing
/// them afresh each time was the largest cost on the writer thread; SQL
/// built at run time from constants caches just as well (the text is the
/// key).
pub trait CachedSql {
    fn execute_cached<P: rusqlite::Params>(&self, sql: &str, params: P) -> rusqlite::Result<usize>;
    fn query_row_cached<T, P, F>(&self, sql: &str, params: P, f: F) -> rusqlite::Result<T>
    where
        P: rusqlite::Params,
        F: FnOnce(&rusqlite::Row<'_>) -> rusqlite::Result<T>;
}

impl CachedSql for Connection {
    fn execute_cached<P: rusqlite::Params>(&self, sql: &str, params: P) -> rusqlite::Result<usize> {
        self.prepare_cached(sql)?.execute(params)
    }

    fn query_row_cached<T, P, F>(&self, sql: &str, params: P, f: F) -> rusqlite::Result<T>
    where
        P: rusqlite::Params,
        F: FnOnce(&rusqlite::Row<'_>) -> rusqlite::Result<T>,
    {
        self.prepare_cached(sql)?.query_row(params, f)
    }
}

/// WAL pages (4 KiB each) at which the writer checkpoints by itself: a
/// safety net, since the checkpoint thread copies the WAL back long before.
const WAL_AUTOCHECKPOINT_PAGES: i64 = 50_000;
/// Bytes the WAL file is truncated to after a checkpoint, at most.
const WAL_SIZE_LIMIT: i64 = 64 * 1024 * 1024;

/// Statements each connection keeps compiled (more than the application
/// has distinct statements, so the hot ones are never evicted).
pub(crate) const STATEMENT_CACHE: usize = 512;

/// Where the data lives.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Storage {
    File(PathBuf),
    Memory,
    /// A PostgreSQL database, which several processes may share.
    Postgres(PgUrl),
}

impl Storage {
    /// Whether other processes may share this database, so that what this
    /// process holds in memory (its key index, its clocks) may be behind
    /// what they committed.
    pub fn is_shared(&self) -> bool {
        matches!(self, Storage::Postgres(_))
    }
}

/// Handle to the database threads. Cheap to clone.
#[derive(Clone)]
pub struct Db {
    writer: Sender<Job>,
    readers: Sender<Job>,
    /// Signalled after a commit that recorded events (see [`Db::outbox`]).
    outbox: Arc<Notify>,
    /// Held only so that the checkpoint thread (SQLite) or the dispatch
    /// lock's (PostgreSQL) stops with the last handle.
    _stop: Sender<()>,
    /// Whether this process sends webhook deliveries (see [`Db::dispatches`]).
    dispatches: tokio::sync::watch::Receiver<bool>,
    /// Set while a PostgreSQL database cannot be reached (see [`hosted`]).
    unreachable: Arc<AtomicBool>,
    /// Whether the database is PostgreSQL's.
    postgres: bool,
    /// An in-memory database's one connection, for reads on the caller's
    /// thread.
    memory: Option<Arc<Shared>>,
}

/// Brings the schema up to date. Foreign keys are off while migrations run,
/// because rebuilding a table that others refer to (SQLite's recipe for
/// changing a constraint) would otherwise trip them; every key is checked
/// before they are turned back on.
fn migrate(conn: &mut Connection) -> anyhow::Result<()> {
    conn.pragma_update(None, "foreign_keys", "OFF")?;
    migrations::to_latest(conn)?;
    let broken: i64 = conn.query_row("SELECT COUNT(*) FROM pragma_foreign_key_check", [], |r| r.get(0))?;
    if broken > 0 {
        anyhow::bail!("database migration failed: {broken} rows refer to rows that do not exist");
    }
    conn.pragma_update(None, "foreign_keys", "ON")?;
    Ok(())
}

/// Joins the database threads on shutdown.
pub struct DbThreads(Vec<JoinHandle<()>>);

const READERS: usize = 2;

impl Db {
    /// Opens (creating if needed) and migrates the database.
    pub fn open(storage: &Storage) -> anyhow::Result<(Db, DbThreads)> {
        without_memory_statistics();
        let mut writer_conn = match storage {
            Storage::Postgres(url) => return Self::open_postgres(url),
            Storage::File(path) => {
                files::make_private(path)?;
                open_file(path, false)?
            }
            Storage::Memory => {
                let conn = Connection::open_in_memory()?;
                // Pages freed by deletes (request logs pruned) go back at
                // once instead of onto the free list: with free pages in an
                // in-memory database, every commit scanned the whole page
                // cache (most of the writer's time under a GET load).
                conn.pragma_update(None, "auto_vacuum", "FULL")?;
                configure(&conn, false)?;
                conn
            }
        };
        migrate(&mut writer_conn).with_context(|| match storage {
            Storage::File(path) => format!("cannot open the database {}", path.display()),
            _ => "cannot make the in-memory database".to_owned(),
        })?;

        let (writer_tx, writer_rx) = crossbeam_channel::unbounded::<Job>();
        let outbox = Arc::<Notify>::default();
        let wake = outbox.clone();
        let writer_conn = Arc::new(Shared::new(writer_conn));
        let memory = (*storage == Storage::Memory).then(|| writer_conn.clone());
        let mut threads = vec![spawn("payctl-db-writer", move || writer::run(&writer_conn, writer_rx, wake))?];
        let readers = match storage {
            Storage::File(path) => {
                let (tx, rx) = crossbeam_channel::unbounded::<Job>();
                for i in 0..READERS {
                    let conn = open_file(path, true)?;
                    let jobs = rx.clone();
                    threads.push(spawn(&format!("payctl-db-reader-{i}"), move || serve_reads(conn, jobs))?);
                }
                tx
            }
            _ => writer_tx.clone(),
        };
        let (checkpoints, stop) = crossbeam_channel::bounded::<()>(0);
        if let Storage::File(path) = storage {
            let conn = open_file(path, false)?;
            threads.push(spawn("payctl-db-checkpoint", move || checkpoint::run(conn, stop))?);
        }
        let (_, dispatches) = tokio::sync::watch::channel(true);
        let db = Db {
            writer: writer_tx,
            readers,
            outbox,
            _stop: checkpoints,
            dispatches,
            unreachable: Arc::default(),
            postgres: false,
            memory,
        };
        Ok((db, DbThreads(threads)))
    }

    /// Opens a PostgreSQL database: connects, migrates (see
    /// [`postgres::migrate`]), and starts the writer thread and
    /// [`READERS`] readers, each with a connection of its own (see
    /// [`hosted`]).
    pub fn open_postgres(url: &PgUrl) -> anyhow::Result<(Db, DbThreads)> {
        let client = hosted::open(url)?;
        let unreachable = Arc::<AtomicBool>::default();
        let (writer_tx, writer_rx) = crossbeam_channel::unbounded::<Job>();
        let outbox = Arc::<Notify>::default();
        let wake = outbox.clone();
        let writer = hosted::Connection::new(url.clone(), client, unreachable.clone());
        let mut threads = vec![spawn("payctl-db-writer", move || hosted::run_writer(writer, writer_rx, wake))?];
        let (readers, jobs) = crossbeam_channel::unbounded::<Job>();
        for i in 0..READERS {
            let conn = hosted::Connection::new(url.clone(), url.connect()?, unreachable.clone());
            let jobs = jobs.clone();
            threads.push(spawn(&format!("payctl-db-reader-{i}"), move || hosted::serve_reads(conn, jobs))?);
        }
        let (stop_tx, stop) = crossbeam_channel::bounded::<()>(0);
        let (holds, dispatches) = tokio::sync::watch::channel(false);
        let url = url.clone();
        threads.push(spawn("payctl-db-dispatch-lock", move || hosted::hold_dispatch(url, holds, stop))?);
        let db = Db {
            writer: writer_tx,
            readers,
            outbox,
            _stop: stop_tx,
            dispatches,
            unreachable,
            postgres: true,
            memory: None,
        };
        Ok((db, DbThreads(threads)))
    }

    /// Runs `work` in its own write transaction: committed when it returns
    /// `Ok`, rolled back when it returns `Err`. The commit has happened (and
    /// with `synchronous=FULL`, reached the disk) before this resolves.
    pub async fn write<T, F>(&self, work: F) -> Result<T, ApiError>
    where
        T: Send + 'static,
        F: FnOnce(&Tx<'_>) -> Result<T, ApiError> + Send + 'static,
    {
        let (reply_tx, reply_rx) = oneshot::channel();
        let job = write_job(work, move |answer| {
            let _ = reply_tx.send(answer);
        });
        self.send(&self.writer, Job::Write(job), reply_rx).await
    }

    /// Woken after every commit that recorded an event, so webhook delivery
    /// starts at once instead of at the next poll; also poked by whatever
    /// makes deliveries due without recording (clock moves, redelivery).
    pub fn outbox(&self) -> &Arc<Notify> {
        &self.outbox
    }

    /// Whether this process is the one that sends webhook deliveries: on
    /// SQLite always, on PostgreSQL while it holds the database's dispatch
    /// lock (one process at a time; see [`hosted`]).
    pub fn dispatches(&self) -> tokio::sync::watch::Receiver<bool> {
        self.dispatches.clone()
    }

    /// Runs `work`, a read of bounded size (a record, a page), on a
    /// read-only connection, or on an in-memory database's connection on
    /// this thread when it is free.
    pub async fn read<T, F>(&self, work: F) -> Result<T, ApiError>
    where
        T: Send + 'static,
        F: FnOnce(&sql::Conn<'_>) -> Result<T, ApiError> + Send + 'static,
    {
        if let Some(conn) = self.memory.as_ref().and_then(|memory| memory.for_reader()) {
            return surviving_panics(work, &sql::Conn::Sqlite(&conn));
        }
        self.scan(work).await
    }

    /// Runs `work`, statements each changing one row that belongs to no
    /// write (a rate-limit window), as they come: on PostgreSQL on a
    /// reader's connection, each statement committed by itself and taking
    /// only its rows' locks, so a tally never waits for the writes of every
    /// process; on SQLite, as a write (nothing tallies there: one process
    /// counts in memory).
    pub async fn tally<T, F>(&self, work: F) -> Result<T, ApiError>
    where
        T: Send + 'static,
        F: FnOnce(&sql::Conn<'_>) -> Result<T, ApiError> + Send + 'static,
    {
        if !self.postgres {
            return self.write(move |tx| work(tx)).await;
        }
        let (reply_tx, reply_rx) = oneshot::channel();
        let job = Job::Tally(Box::new(move |conn: &sql::Conn<'_>| {
            let _ = reply_tx.send(surviving_panics(work, conn));
        }));
        self.send(&self.readers, job, reply_rx).await
    }

    /// Runs `work`, a read with no bound on the rows it walks (the request
    /// log's: a page of the review, a filtered page), never on the caller's
    /// thread and never on the writer's: on a reader thread, or for an
    /// in-memory database on a blocking thread that takes the one
    /// connection when the writer does not want it (see [`shared`]).
    pub async fn scan<T, F>(&self, work: F) -> Result<T, ApiError>
    where
        T: Send + 'static,
        F: FnOnce(&sql::Conn<'_>) -> Result<T, ApiError> + Send + 'static,
    {
        if let Some(memory) = &self.memory {
            let memory = memory.clone();
            return tokio::task::spawn_blocking(move || surviving_panics(work, &sql::Conn::Sqlite(&memory.for_scan())))
                .await
                .map_err(|_| ApiError::internal("the database did not run the request"))?;
        }
        let (reply_tx, reply_rx) = oneshot::channel();
        let job = Job::Read(Box::new(move |conn: &sql::Conn<'_>| {
            let _ = reply_tx.send(surviving_panics(work, conn));
        }));
        self.send(&self.readers, job, reply_rx).await
    }

    async fn send<T>(
        &self,
        queue: &Sender<Job>,
        job: Job,
        reply: oneshot::Receiver<Result<T, ApiError>>,
    ) -> Result<T, ApiError> {
        queue.send(job).map_err(|_| ApiError::unavailable("the database is shutting down"))?;
        // A job dropped unrun (the thread stopped, its transaction could not
        // begin, its PostgreSQL database cannot be reached) or panicking
        // closes the reply channel.
        reply.await.map_err(|_| {
            if self.unreachable.load(Ordering::Acquire) {
                ApiError::unavailable("the sandbox's database cannot be reached; send the request again shortly")
            } else {
                ApiError::internal("the database did not run the request")
            }
        })?
    }
}

impl DbThreads {
    /// Waits for the threads to drain their queues and close their
    /// connections (which checkpoints the WAL). Every `Db` handle must have
    /// been dropped first, or this waits for them.
    pub fn join(self) {
        for handle in self.0 {
            let _ = handle.join();
        }
    }
}

/// SQLite counts every allocation it makes under one global mutex, for
/// statistics nothing here reads; off, before the library first starts.
/// (Once SQLite has started, the call is refused and changes nothing.)
fn without_memory_statistics() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        // SAFETY: SQLITE_CONFIG_MEMSTATUS takes one int; sqlite3_config is
        // only refused (SQLITE_MISUSE), never unsafe, after initialisation.
        unsafe {
            rusqlite::ffi::sqlite3_config(rusqlite::ffi::SQLITE_CONFIG_MEMSTATUS, 0 as std::ffi::c_int);
        }
    });
}

fn spawn(name: &str, body: impl FnOnce() + Send + 'static) -> anyhow::Result<JoinHandle<()>> {
    Ok(std::thread::Builder::new().name(name.to_owned()).spawn(body)?)
}

/// A reader thread's loop. Only reads are queued to readers ([`Db::write`]
/// always goes to the writer).
fn serve_reads(conn: Connection, jobs: Receiver<Job>) {
    while let Ok(job) = jobs.recv() {
        if let Job::Read(read) = job {
            read(&sql::Conn::Sqlite(&conn));
        }
    }
}

/// Runs a read (or a tally), on whichever thread; a panic in it is an
/// error for its caller instead of the end of a database thread (or of a
/// request on the caller's), and the connection goes on to the next job.
fn surviving_panics<T>(
    work: impl FnOnce(&sql::Conn<'_>) -> Result<T, ApiError>,
    conn: &sql::Conn<'_>,
) -> Result<T, ApiError> {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| work(conn))).unwrap_or_else(|_| {
        tracing::error!("a database read panicked");
        Err(ApiError::internal("the database did not run the request"))
    })
}

fn open_file(path: &Path, read_only: bool) -> anyhow::Result<Connection> {
    let flags = if read_only {
        OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX | OpenFlags::SQLITE_OPEN_URI
    } else {
        OpenFlags::SQLITE_OPEN_READ_WRITE
            | OpenFlags::SQLITE_OPEN_CREATE
            | OpenFlags::SQLITE_OPEN_NO_MUTEX
            | OpenFlags::SQLITE_OPEN_URI
    };
    let conn =
        Connection::open_with_flags(path, flags).with_context(|| format!("cannot open database {}", path.display()))?;
    configure(&conn, true)?;
    Ok(conn)
}

fn configure(conn: &Connection, file: bool) -> anyhow::Result<()> {
    conn.busy_timeout(Duration::from_secs(5))?;
    conn.set_prepared_statement_cache_capacity(STATEMENT_CACHE);
    conn.pragma_update(None, "foreign_keys", "ON")?;
    // Every write job runs under a savepoint (see writer.rs), whose undo
    // pages SQLite keeps in a sub-journal: in memory, not in a temp file.
    conn.pragma_update(None, "temp_store", "MEMORY")?;
    if file {
        // WAL lets readers run beside the writer; FULL makes every commit
        // durable before the HTTP answer goes out (a 2xx survives a crash).
        let mode: String = conn.pragma_update_and_check(None, "journal_mode", "WAL", |row| row.get(0))?;
        if !mode.eq_ignore_ascii_case("wal") {
            anyhow::bail!("the database does not support WAL (journal_mode is {mode})");
        }
        conn.pragma_update(None, "synchronous", "FULL")?;
        // Checkpoints run on their own thread (see checkpoint.rs).
        conn.pragma_update(None, "wal_autocheckpoint", WAL_AUTOCHECKPOINT_PAGES)?;
        conn.pragma_update(None, "journal_size_limit", WAL_SIZE_LIMIT)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn writes_commit_and_failures_roll_back() {
        let dir = tempfile::tempdir().unwrap();
        let (db, threads) = Db::open(&Storage::File(dir.path().join("t.db"))).unwrap();
        db.write(|tx| Ok(tx.execute("INSERT INTO settings (name, value) VALUES ('a', '1')", [])?)).await.unwrap();
        let failed: Result<(), ApiError> = db
            .write(|tx| {
                tx.execute("INSERT INTO settings (name, value) VALUES ('b', '2')", [])?;
                Err(ApiError::internal("boom"))
            })
            .await;
        assert!(failed.is_err());
        let names: Vec<String> = db
            .read(|c| {
                let mut stmt = c.prepare("SELECT name FROM settings ORDER BY name")?;
                let rows = stmt.query_map([], |r| r.get(0))?.collect::<Result<_, _>>()?;
                Ok(rows)
            })
            .await
            .unwrap();
        assert_eq!(names, vec!["a".to_owned()]);
        // Reader connections refuse writes.
        let denied = db.read(|c| Ok(c.execute("DELETE FROM settings", [])?)).await;
        assert!(denied.is_err());
        drop(db);
        threads.join();
    }

    /// A write job that does `first`, then holds the writer thread (and its
    /// connection) until the returned sender is used; returns once it runs.
    async fn holding_the_writer(
        db: &Db,
        first: impl FnOnce(&Connection) -> rusqlite::Result<()> + Send + 'static,
    ) -> (std::sync::mpsc::Sender<()>, tokio::task::JoinHandle<Result<(), ApiError>>) {
        let (started_tx, started) = oneshot::channel();
        let (release, released) = std::sync::mpsc::channel::<()>();
        let task = tokio::spawn({
            let db = db.clone();
            async move {
                db.write(move |tx| {
                    first(tx.sqlite().expect("a SQLite database"))?;
                    let _ = started_tx.send(());
                    let _ = released.recv();
                    Ok(())
                })
                .await
            }
        });
        started.await.unwrap();
        (release, task)
    }

    #[tokio::test]
    async fn queued_writes_share_a_commit_and_a_failure_undoes_only_its_own() {
        let dir = tempfile::tempdir().unwrap();
        let (db, threads) = Db::open(&Storage::File(dir.path().join("t.db"))).unwrap();
        // Hold the writer until every job below is queued, so they form one group.
        let (release, blocker) = holding_the_writer(&db, |_| Ok(())).await;
        let jobs: Vec<_> = (0..20)
            .map(|i| {
                let db = db.clone();
                tokio::spawn(async move {
                    db.write(move |tx| {
                        // Job 7 repeats job 6's name: it sees 6's uncommitted row.
                        let name = if i == 7 { "n6".to_owned() } else { format!("n{i}") };
                        tx.execute("INSERT INTO settings (name, value) VALUES (?1, 'v')", [&name])?;
                        if i % 5 == 0 { Err(ApiError::internal("refused")) } else { Ok(i) }
                    })
                    .await
                })
            })
            .collect();
        while db.writer.len() < 20 {
            tokio::task::yield_now().await;
        }
        release.send(()).unwrap();
        blocker.await.unwrap().unwrap();
        let mut kept = Vec::new();
        for (i, job) in jobs.into_iter().enumerate() {
            match job.await.unwrap() {
                Ok(n) => kept.push(n),
                Err(e) => assert!(i % 5 == 0 || i == 7, "job {i}: {e:?}"),
            }
        }
        assert_eq!(kept, (0..20).filter(|i| i % 5 != 0 && *i != 7).collect::<Vec<_>>());
        let mut names: Vec<String> = db
            .read(|c| {
                let mut stmt = c.prepare("SELECT name FROM settings")?;
                let rows = stmt.query_map([], |r| r.get(0))?.collect::<Result<_, _>>()?;
                Ok(rows)
            })
            .await
            .unwrap();
        names.sort();
        let mut expected: Vec<String> = kept.iter().map(|i| format!("n{i}")).collect();
        expected.sort();
        assert_eq!(names, expected);
        drop(db);
        threads.join();
    }

    #[tokio::test]
    async fn a_panicking_job_fails_alone_and_the_threads_go_on() {
        let dir = tempfile::tempdir().unwrap();
        for storage in [Storage::Memory, Storage::File(dir.path().join("t.db"))] {
            let (db, _threads) = Db::open(&storage).unwrap();
            let panicked = db
                .write(|tx| -> Result<(), ApiError> {
                    tx.execute("INSERT INTO settings (name, value) VALUES ('lost', '1')", [])?;
                    panic!("a bug in a handler")
                })
                .await;
            assert_eq!(panicked.unwrap_err().code, payctl_wire::error::ErrorCode::Internal);
            let read_panicked = db.read(|_| -> Result<(), ApiError> { panic!("a bug in a read") }).await;
            assert!(read_panicked.is_err());
            db.write(|tx| Ok(tx.execute("INSERT INTO settings (name, value) VALUES ('kept', '1')", [])?))
                .await
                .unwrap();
            let names: String = db
                .read(|c| Ok(c.query_row("SELECT group_concat(name) FROM settings", [], |r| r.get(0))?))
                .await
                .unwrap();
            assert_eq!(names, "kept");
        }
    }

    #[tokio::test]
    async fn the_checkpoint_thread_copies_the_wal_back_without_the_writer() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("t.db");
        let (db, threads) = Db::open(&Storage::File(path.clone())).unwrap();
        let file_size = || std::fs::metadata(&path).unwrap().len();
        let before = file_size();
        // About 200 new pages: far below the writer's own threshold, so
        // only the checkpoint thread can bring them into the file.
        db.write(|tx| {
            for i in 0..200 {
                tx.execute("INSERT INTO settings (name, value) VALUES (?1, ?2)", (i.to_string(), "x".repeat(3000)))?;
            }
            Ok(())
        })
        .await
        .unwrap();
        let deadline = std::time::Instant::now() + Duration::from_secs(10);
        while file_size() < before + 200 * 3000 && std::time::Instant::now() < deadline {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        assert!(file_size() >= before + 200 * 3000, "database file still {} bytes", file_size());
        drop(db);
        threads.join();
    }

    /// An in-memory read runs on the caller's thread when the connection is
    /// free, and waits (queued to the writer thread) while a write holds it,
    /// so it never sees the write's uncommitted change; a scan runs on a
    /// blocking thread, never the writer's.
    #[tokio::test]
    async fn in_memory_reads_run_here_when_free_and_never_inside_a_write() {
        let (db, _threads) = Db::open(&Storage::Memory).unwrap();
        let here = std::thread::current().id();
        let (read_on, value) = db
            .read(|c| {
                Ok((std::thread::current().id(), c.query_row("SELECT count(*) FROM settings", [], |r| r.get(0))?))
            })
            .await
            .unwrap();
        assert_eq!((read_on, value), (here, 0i64), "a free connection is read on the caller's thread");
        let scanned_on = db.scan(|_| Ok(std::thread::current().id())).await.unwrap();
        assert_ne!(scanned_on, here, "a scan goes to a blocking thread");
        let written_on = db.write(|_| Ok(std::thread::current().id())).await.unwrap();
        assert_ne!(scanned_on, written_on, "never to the writer's");

        let (release, writing) = holding_the_writer(&db, |tx| {
            tx.execute("INSERT INTO settings (name, value) VALUES ('a', '1')", [])?;
            Ok(())
        })
        .await;
        let reading = tokio::spawn({
            let db = db.clone();
            async move { db.read(|c| Ok(c.query_row("SELECT count(*) FROM settings", [], |r| r.get::<_, i64>(0))?)).await }
        });
        tokio::time::sleep(Duration::from_millis(50)).await;
        assert!(!reading.is_finished(), "a read waits while a write holds the connection");
        release.send(()).unwrap();
        writing.await.unwrap().unwrap();
        assert_eq!(reading.await.unwrap().unwrap(), 1, "and then sees the committed row");
    }

    /// A TCP forwarder on loopback to `to`, listening on `port` (0: any);
    /// dropping it closes every connection through it, as a network that
    /// went away would.
    struct Forwarder {
        port: u16,
        task: tokio::task::JoinHandle<()>,
    }

    impl Forwarder {
        async fn start(port: u16, to: std::net::SocketAddr) -> Forwarder {
            let listener = tokio::net::TcpListener::bind(("127.0.0.1", port)).await.unwrap();
            let port = listener.local_addr().unwrap().port();
            let task = tokio::spawn(async move {
                let mut connections = tokio::task::JoinSet::new();
                while let Ok((mut inbound, _)) = listener.accept().await {
                    connections.spawn(async move {
                        if let Ok(mut outbound) = tokio::net::TcpStream::connect(to).await {
                            let _ = tokio::io::copy_bidirectional(&mut inbound, &mut outbound).await;
                        }
                    });
                }
            });
            Forwarder { port, task }
        }
    }

    impl Drop for Forwarder {
        fn drop(&mut self) {
            self.task.abort();
        }
    }

    /// A process that loses its PostgreSQL database (the network between
    /// them goes) answers what needs it 503, never 500, and serves again
    /// with no restart when the database is back; a connection the server
    /// dropped while the database stays up is made again unseen.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_lost_database_answers_503_until_it_is_back() {
        let Some(admin) = postgres_url() else { return };
        let config: ::postgres::Config = admin.parse().unwrap();
        let (host, port) = match (&config.get_hosts()[0], config.get_ports()[0]) {
            (::postgres::config::Host::Tcp(host), port) => (host.clone(), port),
            other => panic!("a TCP address: {other:?}"),
        };
        let server: std::net::SocketAddr = format!("{host}:{port}").parse().unwrap();
        let name = format!("t_{:016x}", u64::from_le_bytes(crate::secrets::random_bytes()));
        let run = |sql: String| {
            let admin = admin.clone();
            std::thread::spawn(move || {
                ::postgres::Client::connect(&admin, ::postgres::NoTls).unwrap().batch_execute(&sql)
            })
            .join()
            .unwrap()
            .unwrap();
        };
        run(format!("CREATE SCHEMA {name}"));
        let forwarder = Forwarder::start(0, server).await;
        let through = admin.replacen(&format!("@{host}:{port}/"), &format!("@127.0.0.1:{}/", forwarder.port), 1);
        let separator = if through.contains('?') { '&' } else { '?' };
        let url: PgUrl =
            format!("{through}{separator}options=-csearch_path%3D{name}&application_name={name}").parse().unwrap();
        let (db, _threads) = tokio::task::spawn_blocking(move || Db::open_postgres(&url)).await.unwrap().unwrap();
        let read = || {
            db.read(|c| Ok(c.query_row("SELECT value FROM settings WHERE name = 'a'", [], |r| r.get::<_, String>(0))?))
        };
        let write = |value: &'static str| {
            db.write(move |tx| {
                Ok(tx.execute(
                    "INSERT INTO settings (name, value) VALUES ('a', ?1) ON CONFLICT (name) DO UPDATE SET value = ?1",
                    [value],
                )?)
            })
        };
        write("1").await.unwrap();

        // The server ends every connection: the next job runs on a new one.
        run(format!("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = '{name}'"));
        assert_eq!(read().await.unwrap(), "1");
        write("2").await.unwrap();

        // The network goes: 503 for reads and writes alike, nothing kept.
        let port = forwarder.port;
        drop(forwarder);
        for _ in 0..3 {
            assert_eq!(read().await.unwrap_err().code, payctl_wire::error::ErrorCode::Unavailable);
            assert_eq!(write("3").await.unwrap_err().code, payctl_wire::error::ErrorCode::Unavailable);
        }

        // And comes back: served again, with what was committed before.
        let _back = Forwarder::start(port, server).await;
        assert_eq!(read().await.unwrap(), "2");
        write("4").await.unwrap();
        assert_eq!(read().await.unwrap(), "4");
        run(format!("DROP SCHEMA {name} CASCADE"));
    }

    #[tokio::test]
    async fn in_memory_reads_see_writes() {
        let (db, _threads) = Db::open(&Storage::Memory).unwrap();
        db.write(|tx| Ok(tx.execute("INSERT INTO settings (name, value) VALUES ('a', '1')", [])?)).await.unwrap();
        let v: String = db.read(|c| Ok(c.query_row("SELECT value FROM settings", [], |r| r.get(0))?)).await.unwrap();
        assert_eq!(v, "1");
    }
}
