//! Where secrets live: the OS keyring, or `credentials.toml` (mode 0600) in
//! the config directory when no keyring is available (headless CI).
//!
//! Secrets never go into `config.toml`, which people paste into bug reports.
//! `PAYCTL_CREDENTIAL_STORE=file` forces the file, `=keyring` the keyring.
//!
//! A profile's secrets stay in one store. The store is chosen once: by the
//! variable, else by what the profile recorded in `config.toml` when a
//! secret was first kept for it (`credential_store`), else by probing the
//! keyring, at most once per process. Probing again could change the
//! answer: on Linux a refused session keyring makes the keyring library
//! create a fresh (empty) one, so a second probe in the same process
//! succeeds and reads nothing.
//!
//! A keyring is one per OS user, shared by every config directory, so each
//! entry names its config directory as well as its profile: two
//! directories (two `HOME`s, two CI jobs, `PAYCTL_CONFIG_DIR`) never see or
//! overwrite each other's tokens.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use anyhow::Context;
use serde::{Deserialize, Serialize};

mod test_keyring;

const SERVICE: &str = "payctl";
pub const FILE_NAME: &str = "credentials.toml";

/// The kinds of secret kept per profile.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Secret {
    ApiKey,
    RefreshToken,
    /// The access token and its expiry, as `<unix seconds> <token>`.
    AccessToken,
    /// The signing secret of the endpoint `payctl listen` keeps for the profile.
    ListenSigning,
}

impl Secret {
    fn name(self) -> &'static str {
        match self {
            Secret::ApiKey => "api_key",
            Secret::RefreshToken => "refresh_token",
            Secret::AccessToken => "access_token",
            Secret::ListenSigning => "listen_webhook_secret",
        }
    }
}

/// Which store keeps a profile's secrets, as `config.toml` records it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum StoreKind {
    Keyring,
    File,
}

pub enum Store {
    /// Entries `<profile>:<kind>@<config dir>` under the service `payctl`.
    Keyring {
        scope: String,
    },
    File {
        path: PathBuf,
        announce: bool,
    },
}

impl Store {
    /// The store for a profile that recorded `recorded` (if anything):
    /// `PAYCTL_CREDENTIAL_STORE`, else the recorded store, else this
    /// process's one choice (see the module doc).
    pub fn open(dir: &Path, recorded: Option<StoreKind>) -> anyhow::Result<Store> {
        let path = dir.join(FILE_NAME);
        let kind = match std::env::var("PAYCTL_CREDENTIAL_STORE").unwrap_or_default().as_str() {
            "file" => StoreKind::File,
            "keyring" => StoreKind::Keyring,
            "" => match recorded {
                Some(kind) => kind,
                None => process_choice(),
            },
            other => {
                return Err(crate::exit::usage(format!(
                    "PAYCTL_CREDENTIAL_STORE must be `keyring` or `file`, not {other:?}"
                )));
            }
        };
        Ok(match kind {
            StoreKind::Keyring => Store::Keyring { scope: scope(dir) },
            // Announce the file only when it was chosen for want of a keyring.
            StoreKind::File => Store::File { path, announce: recorded.is_none() },
        })
    }

    pub fn kind(&self) -> StoreKind {
        match self {
            Store::Keyring { .. } => StoreKind::Keyring,
            Store::File { .. } => StoreKind::File,
        }
    }

    pub fn describe(&self) -> String {
        match self {
            Store::Keyring { .. } => "the OS keyring".to_owned(),
            Store::File { path, .. } => path.display().to_string(),
        }
    }

    pub fn get(&self, profile: &str, secret: Secret) -> anyhow::Result<Option<String>> {
        match self {
            Store::Keyring { scope } => match entry(scope, profile, secret)?.get_password() {
                Ok(v) => Ok(Some(v)),
                Err(keyring::Error::NoEntry) => Ok(None),
                Err(e) => Err(e).context("cannot read from the OS keyring"),
            },
            Store::File { path, .. } => Ok(read_file(path)?.get(profile).and_then(|p| p.get(secret.name())).cloned()),
        }
    }

    pub fn set(&self, profile: &str, secret: Secret, value: &str) -> anyhow::Result<()> {
        match self {
            Store::Keyring { scope } => {
                entry(scope, profile, secret)?.set_password(value).context("cannot write to the OS keyring")
            }
            Store::File { path, announce } => {
                if *announce && !path.exists() {
                    crate::say!("note: no OS keyring is available; secrets are kept in {} (mode 0600)", path.display());
                }
                let mut all = read_file(path)?;
                all.entry(profile.to_owned()).or_default().insert(secret.name().to_owned(), value.to_owned());
                write_file(path, &all)
            }
        }
    }

    pub fn delete(&self, profile: &str, secret: Secret) -> anyhow::Result<()> {
        match self {
            Store::Keyring { scope } => match entry(scope, profile, secret)?.delete_credential() {
                Ok(()) | Err(keyring::Error::NoEntry) => Ok(()),
                Err(e) => Err(e).context("cannot delete from the OS keyring"),
            },
            Store::File { path, .. } => {
                let mut all = read_file(path)?;
                let Some(entries) = all.get_mut(profile) else { return Ok(()) };
                if entries.remove(secret.name()).is_none() {
                    return Ok(());
                }
                if entries.is_empty() {
                    all.remove(profile);
                }
                write_file(path, &all)
            }
        }
    }
}

impl Store {
    /// Checked before a secret that exists only once is minted: the store
    /// can take it (the file is writable, the keyring accepts an entry).
    pub fn check_writable(&self, profile: &str) -> anyhow::Result<()> {
        let failed = |e: &dyn std::fmt::Display| {
            crate::exit::local(format!("cannot store secrets in {}: {e}; nothing was created", self.describe()))
        };
        match self {
            Store::Keyring { scope } => {
                let probe = keyring_entry(&format!("{profile}:write-check@{scope}")).map_err(|e| failed(&e))?;
                probe.set_password("ok").map_err(|e| failed(&e))?;
                let _ = probe.delete_credential();
                Ok(())
            }
            Store::File { path, .. } => {
                let dir = path.parent().unwrap_or(Path::new("."));
                std::fs::create_dir_all(dir).map_err(|e| failed(&e))?;
                if path.exists() {
                    std::fs::OpenOptions::new().append(true).open(path).map_err(|e| failed(&e))?;
                } else {
                    let probe = dir.join(format!(".{FILE_NAME}.{}.check", uuid::Uuid::new_v4().simple()));
                    std::fs::File::create(&probe).map_err(|e| failed(&e))?;
                    let _ = std::fs::remove_file(&probe);
                }
                Ok(())
            }
        }
    }
}

/// The keyring if it takes an entry, else the file: decided at the first
/// call, and the same answer for the rest of the process.
fn process_choice() -> StoreKind {
    static CHOICE: OnceLock<StoreKind> = OnceLock::new();
    *CHOICE.get_or_init(|| {
        // Reading proves little (some keyrings answer "no entry" and then
        // refuse every write): a keyring is used only if it takes an entry.
        let works =
            keyring_entry("probe").and_then(|e| e.set_password("probe").and_then(|()| e.delete_credential())).is_ok();
        if works { StoreKind::Keyring } else { StoreKind::File }
    })
}

/// The config directory as the keyring scope: absolute and canonical, so
/// `./cfg` and its full path are one scope. A directory not made yet (the
/// first `config init`) is its deepest existing ancestor, canonical, and the
/// rest: the same scope as once it exists, where canonical and absolute
/// differ (macOS's `/tmp` is `/private/tmp`; Windows answers `\\?\C:\...`).
fn scope(dir: &Path) -> String {
    let absolute = std::path::absolute(dir).unwrap_or_else(|_| dir.to_path_buf());
    let mut existing = absolute.as_path();
    let mut rest = Vec::new();
    let canonical = loop {
        if let Ok(canonical) = std::fs::canonicalize(existing) {
            break rest.iter().rev().fold(canonical, |path, name| path.join(name));
        }
        match (existing.parent(), existing.file_name()) {
            (Some(parent), Some(name)) => {
                rest.push(name);
                existing = parent;
            }
            _ => break absolute.clone(),
        }
    };
    canonical.display().to_string()
}

fn entry(scope: &str, profile: &str, secret: Secret) -> anyhow::Result<keyring::Entry> {
    keyring_entry(&entry_name(scope, profile, secret)).context("cannot use the OS keyring")
}

/// Every keyring entry is made here, so that tests of the debug binary can
/// stand a misbehaving keyring in for the OS's (see [`test_keyring`]).
fn keyring_entry(name: &str) -> keyring::Result<keyring::Entry> {
    test_keyring::install();
    keyring::Entry::new(SERVICE, name)
}

fn entry_name(scope: &str, profile: &str, secret: Secret) -> String {
    format!("{profile}:{}@{scope}", secret.name())
}

type FileContents = BTreeMap<String, BTreeMap<String, String>>;

fn read_file(path: &Path) -> anyhow::Result<FileContents> {
    match std::fs::read_to_string(path) {
        Ok(text) => toml::from_str(&text).with_context(|| format!("cannot read {}: invalid file", path.display())),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(FileContents::new()),
        Err(e) => Err(e).with_context(|| format!("cannot read {}", path.display())),
    }
}

/// Creates the file 0600 before any secret is in it, so no other user can
/// read it even for an instant.
fn write_file(path: &Path, contents: &FileContents) -> anyhow::Result<()> {
    use std::io::Write;
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    }
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create(true).truncate(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::{OpenOptionsExt, PermissionsExt};
        options.mode(0o600);
        if path.exists() {
            std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o600))?;
        }
    }
    let mut file = options.open(path).with_context(|| format!("cannot write {}", path.display()))?;
    file.write_all(toml::to_string_pretty(contents)?.as_bytes())
        .with_context(|| format!("cannot write {}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keyring_entries_are_scoped_to_the_config_directory() {
        let a = tempfile::tempdir().unwrap();
        let b = tempfile::tempdir().unwrap();
        let (sa, sb) = (scope(a.path()), scope(b.path()));
        assert_ne!(entry_name(&sa, "default", Secret::RefreshToken), entry_name(&sb, "default", Secret::RefreshToken));
        assert_ne!(entry_name(&sa, "default", Secret::ApiKey), entry_name(&sa, "ci", Secret::ApiKey));
        // A relative spelling of a directory is the same scope.
        let nested = a.path().join("x");
        std::fs::create_dir(&nested).unwrap();
        assert_eq!(scope(&nested.join("..")), sa);
    }

    /// A directory's scope does not change when it is made: secrets kept
    /// by the first `config init` are found by every later command.
    #[cfg(unix)]
    #[test]
    fn a_directory_not_made_yet_has_the_scope_it_will_have() {
        let base = tempfile::tempdir().unwrap();
        std::fs::create_dir(base.path().join("real")).unwrap();
        std::os::unix::fs::symlink(base.path().join("real"), base.path().join("link")).unwrap();
        let dir = base.path().join("link/payctl/config");
        let before = scope(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        assert_eq!(scope(&dir), before);
        let real = std::fs::canonicalize(base.path().join("real")).unwrap();
        assert_eq!(before, real.join("payctl/config").display().to_string());
    }

    #[test]
    fn file_store_round_trips_with_private_permissions() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::File { path: dir.path().join(FILE_NAME), announce: false };
        assert_eq!(store.get("p", Secret::ApiKey).unwrap(), None);
        store.set("p", Secret::ApiKey, "sk_test_1").unwrap();
        store.set("q", Secret::RefreshToken, "r").unwrap();
        assert_eq!(store.get("p", Secret::ApiKey).unwrap().as_deref(), Some("sk_test_1"));
        store.delete("p", Secret::ApiKey).unwrap();
        assert_eq!(store.get("p", Secret::ApiKey).unwrap(), None);
        assert_eq!(store.get("q", Secret::RefreshToken).unwrap().as_deref(), Some("r"));
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(dir.path().join(FILE_NAME)).unwrap().permissions().mode();
            assert_eq!(mode & 0o777, 0o600);
        }
    }
}
