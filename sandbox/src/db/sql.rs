//! One way for the store to run SQL on either backend.
//!
//! The store's statements are written once, in SQLite's dialect with `?N`
//! parameters, and bound and read through rusqlite's `ToSql`/`FromSql`
//! (which every domain and wire type implements). [`Conn`] runs them on a
//! SQLite connection by calling exactly the rusqlite methods the store
//! called before (`prepare_cached` and friends, nothing added on the way),
//! or on a PostgreSQL client or transaction through [`super::postgres`]:
//! parameters rewritten to `$N` and the statement prepared once per text
//! (kept in [`Statements`]), values sent as [`Param`]s and read back as
//! [`Cell`]s, so a [`Row`] hands every `FromSql` type the same SQLite value
//! on both backends.
//!
//! Errors are one type, [`Error`], whose [`Error::kind`] is what callers
//! decide on (a unique key taken, a full disk, a busy database, no row);
//! the rest is a fault of the sandbox. Reading a column stays rusqlite's
//! `Result`, as its `FromSql` says, so row-mapping closures are the same
//! closures on both backends.

use std::cell::RefCell;
use std::collections::HashMap;
use std::fmt;

use postgres::error::SqlState;
use rusqlite::types::{FromSql, FromSqlError, ToSql};

use super::postgres::{Cell, Param, placeholders};

/// A statement's result.
pub type Result<T, E = Error> = std::result::Result<T, E>;

/// A connection the store runs SQL on: SQLite's (a write transaction's
/// included: a [`super::Tx`] derefs to one) or PostgreSQL's.
pub enum Conn<'a> {
    Sqlite(&'a rusqlite::Connection),
    Postgres(RefCell<Pg<'a>>),
}

/// A PostgreSQL client or transaction, with its connection's prepared
/// statements.
pub struct Pg<'a> {
    client: &'a mut (dyn PgClient + 'a),
    statements: &'a mut Statements,
}

impl<'a> From<&'a rusqlite::Connection> for Conn<'a> {
    fn from(conn: &'a rusqlite::Connection) -> Self {
        Conn::Sqlite(conn)
    }
}

impl<'a> From<&'a rusqlite::Transaction<'_>> for Conn<'a> {
    fn from(tx: &'a rusqlite::Transaction<'_>) -> Self {
        Conn::Sqlite(tx)
    }
}

impl<'a> Conn<'a> {
    /// Statements on `client` (a `postgres::Client` or `Transaction`),
    /// prepared through `statements`, which belongs to the same connection.
    pub fn postgres(client: &'a mut (dyn PgClient + 'a), statements: &'a mut Statements) -> Self {
        Conn::Postgres(RefCell::new(Pg { client, statements }))
    }

    /// The SQLite connection, for the statements only SQLite runs; `None`
    /// on PostgreSQL.
    pub fn sqlite(&self) -> Option<&'a rusqlite::Connection> {
        match self {
            Conn::Sqlite(conn) => Some(conn),
            Conn::Postgres(_) => None,
        }
    }

    /// Runs one statement; the rows it changed.
    pub fn execute(&self, sql: &str, params: impl Params) -> Result<usize> {
        match self {
            Conn::Sqlite(c) => Ok(c.execute(sql, params)?),
            Conn::Postgres(pg) => pg.borrow_mut().execute(sql, params),
        }
    }

    /// [`Conn::execute`] through the statement cache: for the statements
    /// run again and again.
    pub fn execute_cached(&self, sql: &str, params: impl Params) -> Result<usize> {
        match self {
            Conn::Sqlite(c) => Ok(c.prepare_cached(sql)?.execute(params)?),
            Conn::Postgres(pg) => pg.borrow_mut().execute(sql, params),
        }
    }

    /// The first row of a query, mapped by `f`; [`ErrorKind::NotFound`]
    /// when there is none.
    pub fn query_row<T, F>(&self, sql: &str, params: impl Params, f: F) -> Result<T>
    where
        F: FnOnce(&Row<'_>) -> rusqlite::Result<T>,
    {
        match self {
            Conn::Sqlite(c) => Ok(c.query_row(sql, params, |r| f(&Row::Sqlite(r)))?),
            Conn::Postgres(pg) => pg.borrow_mut().query_row(sql, params, f),
        }
    }

    /// [`Conn::query_row`] through the statement cache.
    pub fn query_row_cached<T, F>(&self, sql: &str, params: impl Params, f: F) -> Result<T>
    where
        F: FnOnce(&Row<'_>) -> rusqlite::Result<T>,
    {
        match self {
            Conn::Sqlite(c) => Ok(c.prepare_cached(sql)?.query_row(params, |r| f(&Row::Sqlite(r)))?),
            Conn::Postgres(pg) => pg.borrow_mut().query_row(sql, params, f),
        }
    }

    /// A statement to run more than once, or to read many rows from.
    pub fn prepare<'s>(&'s self, sql: &str) -> Result<Statement<'s, 'a>> {
        match self {
            Conn::Sqlite(c) => Ok(Statement::Sqlite(c.prepare(sql)?)),
            Conn::Postgres(pg) => Ok(Statement::Postgres(pg, pg.borrow_mut().prepare(sql)?)),
        }
    }

    /// [`Conn::prepare`] through the statement cache.
    pub fn prepare_cached<'s>(&'s self, sql: &str) -> Result<Statement<'s, 'a>> {
        match self {
            Conn::Sqlite(c) => Ok(Statement::SqliteCached(c.prepare_cached(sql)?)),
            Conn::Postgres(pg) => Ok(Statement::Postgres(pg, pg.borrow_mut().prepare(sql)?)),
        }
    }

    /// Runs one `INSERT` of one row into a table whose key is `id`, and
    /// answers that key: SQLite's `last_insert_rowid` after the statement,
    /// as before (a `RETURNING` clause costs SQLite more than reading the
    /// row id it already has); on PostgreSQL the statement with
    /// `RETURNING id`.
    pub fn insert(&self, sql: &str, params: impl Params) -> Result<i64> {
        self.prepare_insert_cached(sql)?.insert(params)
    }

    /// [`Conn::insert`]'s statement, prepared once for several rows.
    pub fn prepare_insert_cached<'s>(&'s self, sql: &str) -> Result<Statement<'s, 'a>> {
        match self {
            Conn::Sqlite(c) => Ok(Statement::SqliteCached(c.prepare_cached(sql)?)),
            Conn::Postgres(pg) => Ok(Statement::Postgres(pg, pg.borrow_mut().prepare(&format!("{sql} RETURNING id"))?)),
        }
    }

    /// Runs statements separated by `;`, without parameters.
    pub fn execute_batch(&self, sql: &str) -> Result<()> {
        match self {
            Conn::Sqlite(c) => Ok(c.execute_batch(sql)?),
            Conn::Postgres(pg) => Ok(pg.borrow_mut().client.batch_execute(sql)?),
        }
    }
}

impl Pg<'_> {
    fn prepare(&mut self, sql: &str) -> Result<postgres::Statement> {
        self.statements.get(&mut *self.client, sql)
    }

    fn execute(&mut self, sql: &str, params: impl Params) -> Result<usize> {
        let statement = self.prepare(sql)?;
        self.execute_prepared(&statement, &params)
    }

    fn execute_prepared(&mut self, statement: &postgres::Statement, params: &impl Params) -> Result<usize> {
        let values = params.values()?;
        let changed = self.client.execute(statement, &refs(&values))?;
        Ok(usize::try_from(changed).unwrap_or(usize::MAX))
    }

    fn query(&mut self, statement: &postgres::Statement, params: &impl Params) -> Result<Vec<postgres::Row>> {
        let values = params.values()?;
        Ok(self.client.query(statement, &refs(&values))?)
    }

    fn query_row<T>(
        &mut self,
        sql: &str,
        params: impl Params,
        f: impl FnOnce(&Row<'_>) -> rusqlite::Result<T>,
    ) -> Result<T> {
        let statement = self.prepare(sql)?;
        let rows = self.query(&statement, &params)?;
        let row = rows.first().ok_or(Error(Repr::Sqlite(rusqlite::Error::QueryReturnedNoRows)))?;
        Ok(f(&Row::Postgres(row))?)
    }
}

fn refs(values: &[Param]) -> Vec<&(dyn postgres::types::ToSql + Sync)> {
    values.iter().map(|v| v as &(dyn postgres::types::ToSql + Sync)).collect()
}

/// A named savepoint inside a write's transaction: what runs after
/// [`Savepoint::begin`] can be undone by [`Savepoint::undo`] while the
/// transaction goes on. Written by [`savepoint!`], whose statements are the
/// same on both backends.
#[derive(Debug, Clone, Copy)]
pub struct Savepoint {
    begin: &'static str,
    undo: &'static str,
    release: &'static str,
}

impl Savepoint {
    #[doc(hidden)]
    pub const fn new(begin: &'static str, undo: &'static str, release: &'static str) -> Self {
        Savepoint { begin, undo, release }
    }

    pub fn begin(&self, conn: &Conn<'_>) -> Result<()> {
        conn.execute_cached(self.begin, []).map(drop)
    }

    /// Undoes what ran since [`Savepoint::begin`]; the savepoint stays.
    pub fn undo(&self, conn: &Conn<'_>) -> Result<()> {
        conn.execute_cached(self.undo, []).map(drop)
    }

    /// Ends the savepoint, keeping what ran since it began.
    pub fn release(&self, conn: &Conn<'_>) -> Result<()> {
        conn.execute_cached(self.release, []).map(drop)
    }
}

/// The [`Savepoint`] of a name (an SQL identifier).
macro_rules! savepoint {
    ($name:literal) => {
        $crate::db::sql::Savepoint::new(
            concat!("SAVEPOINT ", $name),
            concat!("ROLLBACK TO ", $name),
            concat!("RELEASE ", $name),
        )
    };
}
pub(crate) use savepoint;

/// A PostgreSQL connection's prepared statements, by their SQLite text:
/// each text is rewritten and prepared once, then reused (as rusqlite's
/// statement cache does for SQLite). Prepared statements outlive a
/// transaction, so this belongs with the client, not the transaction.
#[derive(Default)]
pub struct Statements(HashMap<String, postgres::Statement>);

/// Prepared statements a connection keeps; SQL built at run time from
/// user input could otherwise grow the map without bound.
const STATEMENTS: usize = super::STATEMENT_CACHE;

impl Statements {
    fn get(&mut self, client: &mut dyn PgClient, sql: &str) -> Result<postgres::Statement> {
        if let Some(statement) = self.0.get(sql) {
            return Ok(statement.clone());
        }
        let statement = client.prepare(&placeholders(sql))?;
        if self.0.len() >= STATEMENTS {
            self.0.clear();
        }
        self.0.insert(sql.to_owned(), statement.clone());
        Ok(statement)
    }
}

/// What [`Conn`] needs of a PostgreSQL client or transaction.
pub trait PgClient {
    fn prepare(&mut self, sql: &str) -> Result<postgres::Statement, postgres::Error>;
    fn execute(
        &mut self,
        statement: &postgres::Statement,
        params: &[&(dyn postgres::types::ToSql + Sync)],
    ) -> Result<u64, postgres::Error>;
    fn query(
        &mut self,
        statement: &postgres::Statement,
        params: &[&(dyn postgres::types::ToSql + Sync)],
    ) -> Result<Vec<postgres::Row>, postgres::Error>;
    fn batch_execute(&mut self, sql: &str) -> Result<(), postgres::Error>;
}

impl<C: postgres::GenericClient> PgClient for C {
    fn prepare(&mut self, sql: &str) -> Result<postgres::Statement, postgres::Error> {
        postgres::GenericClient::prepare(self, sql)
    }

    fn execute(
        &mut self,
        statement: &postgres::Statement,
        params: &[&(dyn postgres::types::ToSql + Sync)],
    ) -> Result<u64, postgres::Error> {
        postgres::GenericClient::execute(self, statement, params)
    }

    fn query(
        &mut self,
        statement: &postgres::Statement,
        params: &[&(dyn postgres::types::ToSql + Sync)],
    ) -> Result<Vec<postgres::Row>, postgres::Error> {
        postgres::GenericClient::query(self, statement, params)
    }

    fn batch_execute(&mut self, sql: &str) -> Result<(), postgres::Error> {
        postgres::GenericClient::batch_execute(self, sql)
    }
}

/// A prepared statement of either backend.
pub enum Statement<'s, 'a> {
    Sqlite(rusqlite::Statement<'s>),
    SqliteCached(rusqlite::CachedStatement<'s>),
    Postgres(&'s RefCell<Pg<'a>>, postgres::Statement),
}

/// A [`Statement`]'s backend, whichever kind of SQLite statement it is.
enum Prepared<'x, 's, 'a> {
    Sqlite(&'x mut rusqlite::Statement<'s>),
    Postgres(&'s RefCell<Pg<'a>>, &'x postgres::Statement),
}

impl<'s, 'a> Statement<'s, 'a> {
    fn prepared(&mut self) -> Prepared<'_, 's, 'a> {
        match self {
            Statement::Sqlite(s) => Prepared::Sqlite(s),
            Statement::SqliteCached(s) => Prepared::Sqlite(s),
            Statement::Postgres(pg, statement) => Prepared::Postgres(pg, statement),
        }
    }

    /// Runs the statement; the rows it changed.
    pub fn execute(&mut self, params: impl Params) -> Result<usize> {
        match self.prepared() {
            Prepared::Sqlite(s) => Ok(s.execute(params)?),
            Prepared::Postgres(pg, statement) => pg.borrow_mut().execute_prepared(statement, &params),
        }
    }

    /// Runs a statement of [`Conn::prepare_insert_cached`]; the new row's
    /// `id`.
    pub fn insert(&mut self, params: impl Params) -> Result<i64> {
        match self.prepared() {
            Prepared::Sqlite(s) => Ok(s.insert(params)?),
            Prepared::Postgres(pg, statement) => {
                let rows = pg.borrow_mut().query(statement, &params)?;
                let row = rows.first().ok_or(Error(Repr::Sqlite(rusqlite::Error::QueryReturnedNoRows)))?;
                Ok(Row::Postgres(row).get(0)?)
            }
        }
    }

    /// The first row, mapped by `f`; [`ErrorKind::NotFound`] when there is
    /// none.
    pub fn query_row<T, F>(&mut self, params: impl Params, f: F) -> Result<T>
    where
        F: FnOnce(&Row<'_>) -> rusqlite::Result<T>,
    {
        match self.prepared() {
            Prepared::Sqlite(s) => Ok(s.query_row(params, |r| f(&Row::Sqlite(r)))?),
            Prepared::Postgres(pg, statement) => {
                let rows = pg.borrow_mut().query(statement, &params)?;
                let row = rows.first().ok_or(Error(Repr::Sqlite(rusqlite::Error::QueryReturnedNoRows)))?;
                Ok(f(&Row::Postgres(row))?)
            }
        }
    }

    /// Every row, mapped by `f` as it is read. (PostgreSQL's rows arrive
    /// whole; SQLite's are stepped through.) The parameters are bound
    /// before this returns, so the rows borrow only the statement.
    pub fn query_map<T, F>(&mut self, params: impl Params, f: F) -> Result<Rows<'_, F>>
    where
        F: FnMut(&Row<'_>) -> rusqlite::Result<T>,
    {
        Ok(match self.prepared() {
            Prepared::Sqlite(s) => Rows::Sqlite(s.query(params)?, f),
            Prepared::Postgres(pg, statement) => {
                Rows::Postgres(pg.borrow_mut().query(statement, &params)?.into_iter(), f)
            }
        })
    }
}

/// The rows of [`Statement::query_map`], each mapped as it is read.
pub enum Rows<'x, F> {
    Sqlite(rusqlite::Rows<'x>, F),
    Postgres(std::vec::IntoIter<postgres::Row>, F),
}

impl<T, F> Iterator for Rows<'_, F>
where
    F: FnMut(&Row<'_>) -> rusqlite::Result<T>,
{
    type Item = Result<T>;

    fn next(&mut self) -> Option<Result<T>> {
        match self {
            // As rusqlite's own `query_map` steps its rows.
            Rows::Sqlite(rows, f) => match rows.next() {
                Ok(Some(row)) => Some(f(&Row::Sqlite(row)).map_err(Error::from)),
                Ok(None) => None,
                Err(e) => Some(Err(e.into())),
            },
            Rows::Postgres(rows, f) => rows.next().map(|row| Ok(f(&Row::Postgres(&row))?)),
        }
    }
}

/// One row of a result, of either backend.
#[derive(Clone, Copy)]
pub enum Row<'r> {
    Sqlite(&'r rusqlite::Row<'r>),
    Postgres(&'r postgres::Row),
}

impl<'r> From<&'r rusqlite::Row<'r>> for Row<'r> {
    fn from(row: &'r rusqlite::Row<'r>) -> Self {
        Row::Sqlite(row)
    }
}

impl<'r> From<&Row<'r>> for Row<'r> {
    fn from(row: &Row<'r>) -> Self {
        *row
    }
}

impl Row<'_> {
    /// Column `i` as `T`, read from the SQLite value it holds (on
    /// PostgreSQL, the value its column's type stands for), with rusqlite's
    /// errors for a value `T` does not accept.
    pub fn get<I: ColumnIndex, T: FromSql>(&self, i: I) -> rusqlite::Result<T> {
        let i = i.index();
        match self {
            Row::Sqlite(r) => r.get(i),
            Row::Postgres(r) => {
                let cell: Cell = r.try_get(i).map_err(|e| {
                    if i >= r.len() {
                        rusqlite::Error::InvalidColumnIndex(i)
                    } else {
                        rusqlite::Error::FromSqlConversionFailure(i, rusqlite::types::Type::Null, Box::new(e))
                    }
                })?;
                T::column_result(cell.as_ref()).map_err(|e| match e {
                    FromSqlError::InvalidType => rusqlite::Error::InvalidColumnType(
                        i,
                        r.columns()[i].name().to_owned(),
                        cell.as_ref().data_type(),
                    ),
                    FromSqlError::OutOfRange(n) => rusqlite::Error::IntegralValueOutOfRange(i, n),
                    FromSqlError::Other(why) => {
                        rusqlite::Error::FromSqlConversionFailure(i, cell.as_ref().data_type(), why)
                    }
                    other => rusqlite::Error::FromSqlConversionFailure(
                        i,
                        cell.as_ref().data_type(),
                        other.to_string().into(),
                    ),
                })
            }
        }
    }
}

/// A column's place in a row, as rusqlite's `Row::get` takes it (so
/// `row.get::<_, T>(i)` reads as it did).
pub trait ColumnIndex {
    fn index(self) -> usize;
}

impl ColumnIndex for usize {
    fn index(self) -> usize {
        self
    }
}

/// A statement's parameters: whatever rusqlite takes as parameters
/// (`params![…]`, an array, a tuple, `[]`), which SQLite binds as it always
/// did and PostgreSQL receives as [`Param`]s.
pub trait Params: rusqlite::Params {
    /// The values in order, for PostgreSQL.
    fn values(&self) -> rusqlite::Result<Vec<Param>>;
}

impl Params for [&(dyn ToSql + Send + Sync); 0] {
    fn values(&self) -> rusqlite::Result<Vec<Param>> {
        Ok(Vec::new())
    }
}

impl Params for () {
    fn values(&self) -> rusqlite::Result<Vec<Param>> {
        Ok(Vec::new())
    }
}

impl Params for &[&dyn ToSql] {
    fn values(&self) -> rusqlite::Result<Vec<Param>> {
        self.iter().map(|v| Param::from_sqlite(*v)).collect()
    }
}

macro_rules! array_params {
    ($($n:literal)+) => {$(
        impl<T: ToSql> Params for [T; $n] {
            fn values(&self) -> rusqlite::Result<Vec<Param>> {
                self.iter().map(|v| Param::from_sqlite(v)).collect()
            }
        }
        impl<T: ToSql + ?Sized> Params for &[&T; $n] {
            fn values(&self) -> rusqlite::Result<Vec<Param>> {
                self.iter().map(|v| Param::from_sqlite(v)).collect()
            }
        }
    )+};
}
array_params!(1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16);

macro_rules! tuple_params {
    ($(($($t:ident $i:tt),+))+) => {$(
        impl<$($t: ToSql),+> Params for ($($t,)+) {
            fn values(&self) -> rusqlite::Result<Vec<Param>> {
                Ok(vec![$(Param::from_sqlite(&self.$i)?),+])
            }
        }
    )+};
}
tuple_params! {
    (A 0)
    (A 0, B 1)
    (A 0, B 1, C 2)
    (A 0, B 1, C 2, D 3)
    (A 0, B 1, C 2, D 3, E 4)
    (A 0, B 1, C 2, D 3, E 4, F 5)
    (A 0, B 1, C 2, D 3, E 4, F 5, G 6)
    (A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7)
}

/// What a caller can decide on about a failed statement.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ErrorKind {
    /// A UNIQUE constraint refused the row.
    UniqueViolation,
    /// The disk holding the database is full.
    DiskFull,
    /// Another connection holds what the statement needs (SQLite's busy
    /// or locked; PostgreSQL's serialization failure, deadlock or lock not
    /// available).
    Busy,
    /// A query for one row found none.
    NotFound,
    /// The connection to the database was lost or refused (PostgreSQL's
    /// connection exceptions, a server shutting down).
    Unavailable,
    /// Anything else: a fault of the sandbox or of its database.
    Other,
}

/// A failed statement, of either backend.
#[derive(Debug)]
pub struct Error(Repr);

#[derive(Debug)]
enum Repr {
    Sqlite(rusqlite::Error),
    Postgres(postgres::Error),
}

impl Error {
    /// What kind of failure this is.
    pub fn kind(&self) -> ErrorKind {
        match &self.0 {
            Repr::Sqlite(e) => sqlite_kind(e),
            Repr::Postgres(e) => match e.code() {
                Some(code) if *code == SqlState::UNIQUE_VIOLATION => ErrorKind::UniqueViolation,
                Some(code) if *code == SqlState::DISK_FULL => ErrorKind::DiskFull,
                Some(code)
                    if *code == SqlState::T_R_SERIALIZATION_FAILURE
                        || *code == SqlState::T_R_DEADLOCK_DETECTED
                        || *code == SqlState::LOCK_NOT_AVAILABLE =>
                {
                    ErrorKind::Busy
                }
                Some(code)
                    if code.code().starts_with("08")
                        || *code == SqlState::ADMIN_SHUTDOWN
                        || *code == SqlState::CRASH_SHUTDOWN
                        || *code == SqlState::CANNOT_CONNECT_NOW =>
                {
                    ErrorKind::Unavailable
                }
                Some(_) => ErrorKind::Other,
                // No server code: the connection itself failed (closed, or
                // an I/O error beneath it), or a value could not be sent as
                // the statement's type, which is the statement's fault.
                None if e.is_closed() || std::error::Error::source(e).is_some_and(|s| s.is::<std::io::Error>()) => {
                    ErrorKind::Unavailable
                }
                None => ErrorKind::Other,
            },
        }
    }
}

/// The kind of a SQLite error.
pub fn sqlite_kind(e: &rusqlite::Error) -> ErrorKind {
    use rusqlite::ErrorCode;
    match e {
        rusqlite::Error::QueryReturnedNoRows => ErrorKind::NotFound,
        rusqlite::Error::SqliteFailure(err, _) if err.extended_code == rusqlite::ffi::SQLITE_CONSTRAINT_UNIQUE => {
            ErrorKind::UniqueViolation
        }
        e => match e.sqlite_error_code() {
            Some(ErrorCode::DiskFull) => ErrorKind::DiskFull,
            Some(ErrorCode::DatabaseBusy | ErrorCode::DatabaseLocked) => ErrorKind::Busy,
            _ => ErrorKind::Other,
        },
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.0 {
            Repr::Sqlite(e) => e.fmt(f),
            // The driver's own words are only "db error": the server's are
            // in its source.
            Repr::Postgres(e) => match e.as_db_error() {
                Some(db) => write!(f, "{}: {}", db.code().code(), db.message()),
                None => e.fmt(f),
            },
        }
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match &self.0 {
            Repr::Sqlite(e) => Some(e),
            Repr::Postgres(e) => Some(e),
        }
    }
}

impl From<rusqlite::Error> for Error {
    fn from(e: rusqlite::Error) -> Self {
        Error(Repr::Sqlite(e))
    }
}

impl From<postgres::Error> for Error {
    fn from(e: postgres::Error) -> Self {
        Error(Repr::Postgres(e))
    }
}

/// For store code still written against rusqlite alone: it holds a SQLite
/// connection, so what it gets back through a [`Conn`] is SQLite's error.
impl From<Error> for rusqlite::Error {
    fn from(e: Error) -> Self {
        match e.0 {
            Repr::Sqlite(e) => e,
            Repr::Postgres(e) => rusqlite::Error::ToSqlConversionFailure(Box::new(e)),
        }
    }
}

/// `Ok(None)` for a query that found no row, as rusqlite's
/// `OptionalExtension` does.
pub trait OptionalExtension<T> {
    fn optional(self) -> Result<Option<T>>;
}

impl<T> OptionalExtension<T> for Result<T> {
    fn optional(self) -> Result<Option<T>> {
        match self {
            Ok(value) => Ok(Some(value)),
            Err(e) if e.kind() == ErrorKind::NotFound => Ok(None),
            Err(e) => Err(e),
        }
    }
}

#[cfg(test)]
mod tests {
    use payctl_domain::decimal::Decimal;
    use rusqlite::params;

    use super::*;

    const TABLE: &str = "CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, rate TEXT, data BLOB)";

    /// The same statements, through the facade, on a SQLite connection and
    /// (when PAYCTL_TEST_POSTGRES names one) on a PostgreSQL transaction.
    fn on_both(schema: &str, check: impl Fn(&Conn<'_>)) {
        let sqlite = rusqlite::Connection::open_in_memory().unwrap();
        sqlite.execute_batch(TABLE).unwrap();
        check(&Conn::from(&sqlite));
        let Some(url) = crate::db::postgres_url() else {
            return;
        };
        let mut client = postgres::Client::connect(&url, postgres::NoTls).expect("connect");
        let mut tx = client.transaction().unwrap();
        // A schema of its own, gone with the transaction's rollback.
        tx.batch_execute(&format!(
            "CREATE SCHEMA {schema}; SET LOCAL search_path TO {schema}; {}",
            super::super::postgres::schema(TABLE)
        ))
        .unwrap();
        let mut statements = Statements::default();
        check(&Conn::postgres(&mut tx, &mut statements));
    }

    #[test]
    fn the_same_statements_give_the_same_answers_on_both_backends() {
        on_both("facade_answers", |conn| {
            let rate = Decimal::parse("3.6725").unwrap();
            let id = conn
                .insert("INSERT INTO t (name, rate, data) VALUES (?1, ?2, ?3)", params!["a", rate, vec![1u8, 2]])
                .unwrap();
            let returned: i64 =
                conn.query_row("INSERT INTO t (name) VALUES ('r') RETURNING id", [], |r| r.get(0)).unwrap();
            assert_eq!(returned, id + 1, "both backends number rows in order");
            conn.execute("DELETE FROM t WHERE name = 'r'", []).unwrap();
            assert_eq!(conn.execute_cached("INSERT INTO t (name) VALUES (?1)", ["b"]).unwrap(), 1);
            let (name, read_rate, data): (String, Decimal, Vec<u8>) = conn
                .query_row_cached("SELECT name, rate, data FROM t WHERE id = ?1", [id], |r| {
                    Ok((r.get(0)?, r.get(1)?, r.get(2)?))
                })
                .unwrap();
            assert_eq!((name.as_str(), read_rate, data), ("a", rate, vec![1, 2]));

            let mut names = conn.prepare_cached("SELECT name, rate FROM t WHERE id >= ?1 ORDER BY name").unwrap();
            let rows: Vec<(String, Option<Decimal>)> =
                names.query_map([0], |r| Ok((r.get(0)?, r.get(1)?))).unwrap().collect::<Result<_>>().unwrap();
            assert_eq!(rows, vec![("a".to_owned(), Some(rate)), ("b".to_owned(), None)]);

            let updated =
                conn.prepare("UPDATE t SET rate = ?2 WHERE name = ?1").unwrap().execute(("b", "1.5")).unwrap();
            assert_eq!(updated, 1);
            let none =
                conn.query_row("SELECT name FROM t WHERE name = ?1", ["c"], |r| r.get::<_, String>(0)).optional();
            assert_eq!(none.unwrap(), None);
            conn.execute_batch("DELETE FROM t WHERE name = 'b'; DELETE FROM t WHERE name = 'none'").unwrap();
            let count: i64 = conn.query_row("SELECT COUNT(*) FROM t", [], |r| r.get(0)).unwrap();
            assert_eq!(count, 1);
            // Last: on PostgreSQL a failed statement aborts its transaction.
            let taken = conn.execute("INSERT INTO t (name) VALUES (?1)", ["a"]).unwrap_err();
            assert_eq!(taken.kind(), ErrorKind::UniqueViolation, "{taken}");
        });
    }

    /// A column read as a type that does not accept its value is rusqlite's
    /// error on both backends, so the store's messages name the same thing.
    #[test]
    fn a_value_its_type_does_not_accept_is_the_same_error_on_both_backends() {
        on_both("facade_bad_values", |conn| {
            conn.execute("INSERT INTO t (name, rate) VALUES ('a', 'x1')", []).unwrap();
            let bad = conn.query_row("SELECT rate FROM t", [], |r| r.get::<_, Decimal>(0)).unwrap_err();
            assert_eq!(bad.kind(), ErrorKind::Other);
            assert!(bad.to_string().contains("is not a decimal"), "{bad}");
            let wrong = conn.query_row("SELECT name FROM t", [], |r| r.get::<_, i64>(0)).unwrap_err();
            assert!(wrong.to_string().contains("Invalid column type Text"), "{wrong}");
            let none =
                conn.query_row("SELECT name FROM t WHERE name = 'b'", [], |r| r.get::<_, String>(0)).unwrap_err();
            assert_eq!(none.kind(), ErrorKind::NotFound);
        });
    }
}
