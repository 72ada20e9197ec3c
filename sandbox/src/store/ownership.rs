//! Ownership, the one way a record is reached by its public id: only within
//! its owner's scope (a customer within its application, an application
//! within its partner, a delivery within its endpoint), so another owner's
//! record answers exactly as one that does not exist.
//!
//! Each record type states, once, how it is found and its 404 (the
//! [`Owned`] impl beside its SQL); handlers and flows call [`owned`], or
//! [`missing`] when they refuse a record found but not theirs to see (a
//! quote of another form, a partner without applications).

use payctl_wire::error::ErrorCode;

use crate::db::sql::Conn;
use crate::error::ApiError;

/// A record's answer when it is missing: 404, `code`, "`noun` not found".
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NotFound {
    pub code: ErrorCode,
    pub noun: &'static str,
}

impl NotFound {
    pub fn error(self) -> ApiError {
        ApiError::not_found(self.code, self.noun)
    }
}

/// A record reached by public id within its owner's scope.
pub trait Owned {
    /// Whose records are searched; `Option<i64>` scopes leave `None` to
    /// the sandbox operator, who may reach every application's.
    type Scope;
    /// What a lookup yields: the record, or the record with its internal id
    /// when callers go on to change it.
    type Found;
    /// The answer when the record does not exist or is another owner's.
    const NOT_FOUND: NotFound;

    fn find(conn: &Conn<'_>, scope: Self::Scope, id: &str) -> Result<Option<Self::Found>, ApiError>;
}

/// The record `id` of `scope`, or its 404.
pub fn owned<R: Owned>(conn: &Conn<'_>, scope: R::Scope, id: &str) -> Result<R::Found, ApiError> {
    R::find(conn, scope, id)?.ok_or_else(missing::<R>)
}

/// The 404 of record type `R`.
pub fn missing<R: Owned>() -> ApiError {
    R::NOT_FOUND.error()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A note kept by an owner: enough to prove the scope is honoured.
    struct Note;

    impl Owned for Note {
        type Scope = i64;
        type Found = String;
        const NOT_FOUND: NotFound = NotFound { code: ErrorCode::NotFound, noun: "note" };

        fn find(conn: &Conn<'_>, owner: i64, id: &str) -> Result<Option<String>, ApiError> {
            use crate::db::sql::OptionalExtension;
            let sql = "SELECT body FROM notes WHERE owner = ?1 AND public_id = ?2";
            Ok(conn.query_row(sql, rusqlite::params![owner, id], |r| r.get(0)).optional()?)
        }
    }

    #[test]
    fn a_record_is_found_only_by_its_owner() {
        let conn = rusqlite::Connection::open_in_memory().unwrap();
        conn.execute_batch(
            "CREATE TABLE notes (owner INTEGER, public_id TEXT, body TEXT);
             INSERT INTO notes VALUES (1, 'n1', 'mine'), (2, 'n2', 'theirs');",
        )
        .unwrap();
        let conn = Conn::from(&conn);
        assert_eq!(owned::<Note>(&conn, 1, "n1").unwrap(), "mine");
        for (owner, id) in [(1, "n2"), (2, "n1"), (1, "nope")] {
            let e = owned::<Note>(&conn, owner, id).unwrap_err();
            assert_eq!((e.code, e.message.as_ref()), (ErrorCode::NotFound, "note not found"), "{owner} {id}");
        }
    }
}
