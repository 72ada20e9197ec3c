//! The database's files on disk: owner-only modes, and the lock that keeps
//! one sandbox process per database file.
//!
//! The database holds customers' personal data, so it and the files SQLite
//! keeps beside it (`-wal`, `-shm`) are readable by their owner only, like
//! the key file. SQLite creates the WAL and shared-memory files with the
//! mode of the database file, so creating the database file 0600 before
//! SQLite opens it covers them too, whenever SQLite creates them later;
//! files left by an older version are tightened at start.
//!
//! Two processes serving one file would each keep their own in-memory key
//! index, clock and webhook dispatcher over shared rows: a key minted by one
//! is unknown to the other and events are delivered twice. So a sandbox
//! takes an exclusive advisory lock (`flock`) on `<database>.lock` before it
//! touches anything, and holds it until it has closed the database. The
//! kernel releases the lock when the process ends in any way, `kill -9`
//! included, so a crash never leaves the file locked. The lock file holds
//! the owner's pid and, once it listens, its base URL, so a refused start
//! can say which sandbox has the file.

use std::fs::{File, OpenOptions};
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

use anyhow::Context;
use serde::{Deserialize, Serialize};

/// The mode of every file the sandbox creates beside its database.
#[cfg(unix)]
const PRIVATE: u32 = 0o600;

/// `<database><suffix>`: the files that belong to a database file.
pub fn beside(db: &Path, suffix: &str) -> PathBuf {
    let mut name = db.as_os_str().to_owned();
    name.push(suffix);
    PathBuf::from(name)
}

/// Creates (or opens) `path` with owner-only permissions.
pub(crate) fn open_private(path: &Path, options: &mut OpenOptions) -> std::io::Result<File> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(PRIVATE);
    }
    options.open(path)
}

/// Makes the database file and its companions owner-only: creates the
/// database file 0600 when it does not exist (so SQLite's `-wal` and
/// `-shm`, which take the database's mode, are born 0600 too) and tightens
/// any of them an older version left readable by others.
pub fn make_private(db: &Path) -> anyhow::Result<()> {
    open_private(db, OpenOptions::new().read(true).write(true).create(true))
        .with_context(|| format!("cannot open database {} for writing", db.display()))?;
    #[cfg(unix)]
    for path in [db.to_owned(), beside(db, "-wal"), beside(db, "-shm")] {
        use std::os::unix::fs::PermissionsExt;
        match std::fs::metadata(&path) {
            Ok(meta) if meta.permissions().mode() & 0o777 != PRIVATE => {
                std::fs::set_permissions(&path, std::fs::Permissions::from_mode(PRIVATE))
                    .map_err(|e| anyhow::anyhow!("cannot make {} private (mode 0600): {e}", path.display()))?;
            }
            _ => {}
        }
    }
    Ok(())
}

/// A database that holds data must be an SQLite database: checked before
/// anything else reads it, so a wrong `--db` (a text file, another
/// program's data) is named as that, not as a missing key file.
pub fn check_header(db: &Path) -> anyhow::Result<()> {
    let mut header = [0u8; 16];
    let read = File::open(db).and_then(|mut f| f.read(&mut header));
    match read {
        Ok(0) | Err(_) => Ok(()),
        Ok(16) if header == *b"SQLite format 3\0" => Ok(()),
        Ok(_) => anyhow::bail!(
            "{} is not a sandbox database: it is not an SQLite database at all. Check the path given to --db (the \
             database is the file the ready line names), or start with another database: --db PATH for a new \
             file, or --in-memory for a throwaway one",
            db.display()
        ),
    }
}

/// A failure to open the database file at start, in words: which file,
/// what is wrong, and what to do. Errors it does not recognise (a database
/// in use, a missing key file: already explained) pass through unchanged.
pub fn explain(db: &Path, error: anyhow::Error) -> anyhow::Error {
    use rusqlite::ErrorCode;
    let dir = match db.parent().filter(|d| !d.as_os_str().is_empty()) {
        Some(d) => d.display().to_string(),
        None => ".".to_owned(),
    };
    let elsewhere = "or start with another database: --db PATH for a new file, or --in-memory for a throwaway one";
    let unwritable = |what: &str| {
        format!(
            "{what}. The sandbox reads and writes the database file and creates files beside it in {dir} (its -wal \
             and -shm files, .lock and .key): make them writable for this user, {elsewhere}"
        )
    };
    for cause in error.chain() {
        if let Some(rusqlite::Error::SqliteFailure(e, _)) = cause.downcast_ref::<rusqlite::Error>() {
            let db = db.display();
            let explained = match e.code {
                ErrorCode::DatabaseCorrupt => format!(
                    "the database {db} is damaged: SQLite finds its contents malformed, so it cannot be used. \
                     Restore it from a copy (with its .key file), {elsewhere}"
                ),
                ErrorCode::NotADatabase => format!(
                    "{db} is not a sandbox database: SQLite cannot read it as a database (it is another kind of \
                     file, or damaged from its first page). Check the path given to --db, restore the database from \
                     a copy, {elsewhere}"
                ),
                ErrorCode::ReadOnly | ErrorCode::PermissionDenied => {
                    unwritable(&format!("the database {db} cannot be written: the file or its directory is read-only"))
                }
                ErrorCode::CannotOpen => {
                    unwritable(&format!("the database {db} cannot be opened: its directory cannot be written"))
                }
                ErrorCode::DiskFull => {
                    format!("the disk holding the database {db} is full: free some space, {elsewhere}")
                }
                _ => continue,
            };
            return anyhow::anyhow!(explained);
        }
        if let Some(e) = cause.downcast_ref::<std::io::Error>() {
            let what = error.to_string();
            match e.kind() {
                std::io::ErrorKind::PermissionDenied | std::io::ErrorKind::ReadOnlyFilesystem => {
                    return anyhow::anyhow!(unwritable(&format!("{what}: permission denied")));
                }
                std::io::ErrorKind::StorageFull => {
                    return anyhow::anyhow!("{what}: the disk is full. Free some space, {elsewhere}");
                }
                _ => {}
            }
        }
    }
    error
}

/// What the lock file says about its holder.
#[derive(Debug, Default, Serialize, Deserialize)]
struct Holder {
    pid: u32,
    /// Set once the holder listens.
    base_url: Option<String>,
}

/// The exclusive lock on a database file, held for the life of a sandbox.
/// Dropping it (or the process ending) releases it.
#[derive(Debug)]
pub struct DatabaseLock {
    file: File,
}

impl DatabaseLock {
    /// Takes the lock on `db`'s lock file, or explains who holds it.
    pub fn acquire(db: &Path) -> anyhow::Result<DatabaseLock> {
        let path = beside(db, ".lock");
        let mut file = open_private(&path, OpenOptions::new().read(true).write(true).create(true))
            .with_context(|| format!("cannot create the lock file {}", path.display()))?;
        match file.try_lock() {
            Ok(()) => {}
            Err(std::fs::TryLockError::WouldBlock) => return Err(anyhow::anyhow!(in_use(db, &mut file))),
            Err(std::fs::TryLockError::Error(e)) => {
                return Err(anyhow::anyhow!("cannot lock {}: {e}", path.display()));
            }
        }
        let lock = DatabaseLock { file };
        lock.write(&Holder { pid: std::process::id(), base_url: None })
            .map_err(|e| anyhow::anyhow!("cannot write the lock file {}: {e}", path.display()))?;
        Ok(lock)
    }

    /// Records where this sandbox listens, for a refused second start to show.
    pub fn announce(&self, base_url: &str) -> std::io::Result<()> {
        self.write(&Holder { pid: std::process::id(), base_url: Some(base_url.to_owned()) })
    }

    fn write(&self, holder: &Holder) -> std::io::Result<()> {
        let mut file = &self.file;
        file.set_len(0)?;
        file.seek(SeekFrom::Start(0))?;
        file.write_all(&serde_json::to_vec(holder).unwrap_or_default())?;
        file.write_all(b"\n")
    }
}

/// The refusal of a second start: which file, who has it, the way out.
fn in_use(db: &Path, file: &mut File) -> String {
    let mut text = String::new();
    let holder = file.read_to_string(&mut text).ok().and_then(|_| serde_json::from_str::<Holder>(&text).ok());
    let who = match holder {
        Some(Holder { pid, base_url: Some(url) }) => format!("pid {pid}, serving {url}"),
        Some(Holder { pid, base_url: None }) => format!("pid {pid}, still starting"),
        None => "it is still starting".to_owned(),
    };
    format!(
        "the database {} is in use by another payctl sandbox ({who}). Use that sandbox, stop it, or start this one \
         on another database: --db PATH, or --in-memory for a throwaway one",
        db.display()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_second_lock_is_refused_until_the_first_is_dropped() {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("s.db");
        let first = DatabaseLock::acquire(&db).unwrap();
        let refused = DatabaseLock::acquire(&db).unwrap_err().to_string();
        assert!(refused.contains(&db.display().to_string()), "{refused}");
        assert!(refused.contains(&format!("pid {}, still starting", std::process::id())), "{refused}");
        assert!(refused.contains("--db PATH") && refused.contains("--in-memory"), "{refused}");
        first.announce("http://127.0.0.1:4242").unwrap();
        let refused = DatabaseLock::acquire(&db).unwrap_err().to_string();
        assert!(refused.contains("serving http://127.0.0.1:4242"), "{refused}");
        drop(first);
        DatabaseLock::acquire(&db).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn files_are_created_or_tightened_to_owner_only() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("s.db");
        std::fs::write(beside(&db, "-wal"), b"").unwrap();
        std::fs::set_permissions(beside(&db, "-wal"), std::fs::Permissions::from_mode(0o644)).unwrap();
        make_private(&db).unwrap();
        let _lock = DatabaseLock::acquire(&db).unwrap();
        for path in [db.clone(), beside(&db, "-wal"), beside(&db, ".lock")] {
            let mode = std::fs::metadata(&path).unwrap().permissions().mode() & 0o777;
            assert_eq!(mode, 0o600, "{}", path.display());
        }
    }
}
