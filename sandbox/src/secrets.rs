//! Random secrets, their hashes, and the sandbox's master key.
//!
//! API key secrets, refresh tokens and the control token carry at least 190
//! bits from the operating system's CSPRNG. Because they are that random, a
//! single SHA-256 is a sound way to store them (no password-style stretching
//! needed), and lookups by hash stay fast on the authentication hot path.
//! The master key encrypts and signs what the sandbox must keep secret at
//! rest (token signatures, webhook secrets); it lives in a 0600 file next to
//! the database, or only in memory for `--in-memory` runs. A [`Sealer`]
//! encrypts with a sub-key of it, for secrets that must be read back.

use std::fmt;
use std::io::Write;

use anyhow::Context;
use std::path::{Path, PathBuf};

use aes_gcm::aead::{Aead, KeyInit, Payload};
use aes_gcm::{Aes256Gcm, Key, Nonce};
use hmac::{Hmac, Mac};
use payctl_domain::credentials::Shape;
use rand::distributions::Alphanumeric;
use rand::rngs::OsRng;
use rand::{Rng, RngCore};
use sha2::{Digest, Sha256};

/// `prefix` followed by `len` random alphanumeric characters (~5.95 bits each).
/// A fresh secret of a minted shape.
pub fn mint(shape: Shape) -> String {
    random_token(shape.prefix, shape.random)
}

pub fn random_token(prefix: &str, len: usize) -> String {
    let mut s = String::with_capacity(prefix.len() + len);
    s.push_str(prefix);
    s.extend(OsRng.sample_iter(&Alphanumeric).take(len).map(char::from));
    s
}

pub fn random_bytes<const N: usize>() -> [u8; N] {
    let mut b = [0u8; N];
    OsRng.fill_bytes(&mut b);
    b
}

pub fn sha256(data: &[u8]) -> [u8; 32] {
    Sha256::digest(data).into()
}

/// Bytes as lowercase hex.
pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Where a sandbox's master key comes from (`--key-file`,
/// `--accept-key-file`, `--reset-secrets`). By default a database's key is
/// its own key file (`DB.key`, beside it), and an in-memory sandbox's key
/// lives in memory only.
#[derive(Debug, Clone, Default)]
pub struct Keys {
    /// The key's file instead: processes that share one database share it.
    pub file: Option<PathBuf>,
    /// Another key's file, still accepted while the key is rotated: what it
    /// sealed opens and what it signed verifies, and webhook signing
    /// secrets sealed under it are sealed again under the key at start.
    /// Nothing new is sealed or signed with it.
    pub accepted: Option<PathBuf>,
    /// Write a new key in the key file's place, when the old one is lost.
    pub reset: bool,
}

/// Whether a database file (or its write-ahead log) holds anything.
fn holds_data(db: &Path) -> bool {
    let size = |p: &Path| std::fs::metadata(p).map_or(0, |m| m.len());
    size(db) > 0 || size(&crate::db::files::beside(db, "-wal")) > 0
}

/// The root secret of one sandbox database, and the key still accepted
/// beside it while it is rotated ([`Keys::accepted`]).
#[derive(Clone)]
pub struct MasterKey {
    key: [u8; 32],
    accepted: Option<[u8; 32]>,
}

impl std::fmt::Debug for MasterKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("MasterKey(..)")
    }
}

impl MasterKey {
    pub fn ephemeral() -> Self {
        MasterKey { key: random_bytes(), accepted: None }
    }

    /// The key `keys` says, for the database at `db` (`None`: in memory).
    /// A key file that does not exist yet is made (mode 0600). A database
    /// that already holds data without its key file is refused: a new key
    /// would open none of what the old one sealed (every webhook would
    /// fail), so the caller must restore the file, name the old key as
    /// accepted (a rotation), or say [`Keys::reset`], which writes a new key
    /// in its place.
    pub fn open(keys: &Keys, db: Option<&Path>) -> anyhow::Result<Self> {
        match (&keys.file, db) {
            (Some(file), db) => Self::open_file(keys, file, db.is_some_and(holds_data), db.map(Path::display)),
            (None, Some(db)) => Self::open_file(keys, &Self::path_for_database(db), holds_data(db), Some(db.display())),
            (None, None) => Ok(MasterKey { accepted: Self::read_accepted(keys)?, ..Self::ephemeral() }),
        }
    }

    /// The key of processes that share a PostgreSQL database (`database`,
    /// as shown): `keys` must name its file, which is made only for a
    /// database that `was_empty` (not seeded yet: the first start); for
    /// one that holds data, a missing file is refused as
    /// [`MasterKey::open`] refuses it.
    pub fn open_shared(keys: &Keys, database: impl fmt::Display, was_empty: bool) -> anyhow::Result<Self> {
        let file = keys.file.as_ref().ok_or_else(|| {
            anyhow::anyhow!(
                "a sandbox on PostgreSQL needs --key-file (or PAYCTL_SANDBOX_KEY_FILE): every process that shares \
                 the database must use the same key, which seals its secrets and signs its tokens. Give every \
                 process the same file; the first start makes it if it does not exist"
            )
        })?;
        Self::open_file(keys, file, !was_empty, Some(database))
    }

    /// The key in `path`, for a database (`db`, as shown) that `holds_data`.
    fn open_file(keys: &Keys, path: &Path, holds_data: bool, db: Option<impl fmt::Display>) -> anyhow::Result<Self> {
        // Read first, so that a refused start makes no key file: made by
        // nobody but the operator, a missing one is a typo.
        let accepted = Self::read_accepted(keys)?;
        let mut key = if keys.reset {
            Self::create(path, true)
                .with_context(|| format!("cannot write a new key file {}", path.display()))?
                .ok_or_else(|| anyhow::anyhow!("cannot write a new key file {}", path.display()))?
        } else {
            if let Some(db) = db
                && holds_data
                && !path.exists()
                && accepted.is_none()
            {
                anyhow::bail!(
                    "the key file {key} of the database {db} is missing. The key seals what the database keeps \
                     secret (webhook signing secrets, stored answers) and signs its tokens, so a new one would \
                     leave every webhook failing. Either restore {key} from where the database came from, or \
                     start over with a new key: `payctl sandbox --db {db} --reset-secrets` (every webhook \
                     endpoint's signing secret then stays unusable until it is rotated, and stored \
                     Idempotency-Key answers are dropped)",
                    key = path.display(),
                );
            }
            Self::load_or_create(path)?
        };
        key.accepted = accepted;
        Ok(key)
    }

    fn read_accepted(keys: &Keys) -> anyhow::Result<Option<[u8; 32]>> {
        match &keys.accepted {
            Some(accepted) => Ok(Some(
                Self::read(accepted)?
                    .ok_or_else(|| anyhow::anyhow!("the accepted key file {} does not exist", accepted.display()))?,
            )),
            None => Ok(None),
        }
    }

    /// This key alone, without the one accepted beside it.
    pub fn current(&self) -> Self {
        MasterKey { key: self.key, accepted: None }
    }

    /// Whether another key is accepted beside this one.
    pub fn accepts_another(&self) -> bool {
        self.accepted.is_some_and(|accepted| accepted != self.key)
    }

    /// Reads the key file, creating it (mode 0600) on first use.
    pub fn load_or_create(path: &Path) -> anyhow::Result<Self> {
        if let Some(key) = Self::read(path)? {
            return Ok(MasterKey { key, accepted: None });
        }
        match Self::create(path, false).with_context(|| format!("cannot create key file {}", path.display()))? {
            Some(key) => Ok(key),
            // Another sandbox created it first: use that one.
            None => Self::load_or_create(path),
        }
    }

    /// The key in a key file (32 bytes), `None` when there is no such file.
    fn read(path: &Path) -> anyhow::Result<Option<[u8; 32]>> {
        match std::fs::read(path) {
            Ok(bytes) => Ok(Some(bytes.as_slice().try_into().map_err(|_| {
                anyhow::anyhow!(
                    "key file {} is not 32 bytes long; it is damaged (a key file holds 32 random bytes, e.g. \
                     `head -c 32 /dev/urandom`)",
                    path.display()
                )
            })?)),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(e).with_context(|| format!("cannot read key file {}", path.display())),
        }
    }

    /// Writes a new key whole under a temporary name, then links it into
    /// place: a process killed at any moment leaves no key file or a
    /// complete one, never a short one that would lock the database out.
    /// Linking (unlike renaming) fails when the file exists (`None`), so
    /// sandboxes starting on one database at once all use the first key;
    /// `replace` renames over an existing file instead.
    fn create(path: &Path, replace: bool) -> std::io::Result<Option<Self>> {
        let key = MasterKey::ephemeral();
        let mut temporary = path.as_os_str().to_owned();
        temporary.push(format!(".{}.tmp", random_token("", 12)));
        let temporary = PathBuf::from(temporary);
        let written =
            crate::db::files::open_private(&temporary, std::fs::OpenOptions::new().write(true).create_new(true))
                .and_then(|mut file| {
                    file.write_all(&key.key)?;
                    file.sync_all()
                });
        let linked = written.and_then(|()| {
            if replace { std::fs::rename(&temporary, path) } else { std::fs::hard_link(&temporary, path) }
        });
        let _ = std::fs::remove_file(&temporary);
        match linked {
            Ok(()) => {
                // The new name must survive a crash as well as the bytes.
                #[cfg(unix)]
                {
                    let dir = path.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
                    std::fs::File::open(dir)?.sync_all()?;
                }
                Ok(Some(key))
            }
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => Ok(None),
            Err(e) => Err(e),
        }
    }

    /// The key file that belongs to a database file.
    pub fn path_for_database(db: &Path) -> PathBuf {
        crate::db::files::beside(db, ".key")
    }

    /// A sub-key for one purpose, so no two uses ever share key material.
    pub fn derive(&self, purpose: &str) -> [u8; 32] {
        derive(&self.key, purpose)
    }

    /// Tokens of `shape` made from the keys alone, the same on every
    /// process that holds them (and across their restarts, and versions):
    /// a shared sandbox's control token. This key's first, then the
    /// accepted one's, which still verifies while the key is rotated. 64
    /// derived bytes each, each byte taken modulo 62 into the alphabet: its
    /// bias is nothing against a 256-bit key.
    pub fn shaped_tokens(&self, purpose: &str, shape: Shape) -> Vec<String> {
        const ALPHABET: &[u8; 62] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
        let shaped = |key: &[u8; 32]| {
            let bytes = [derive(key, purpose), derive(key, &format!("{purpose}/2"))].concat();
            let mut token = String::from(shape.prefix);
            token.extend(bytes.iter().take(shape.random).map(|b| char::from(ALPHABET[usize::from(*b) % 62])));
            token
        };
        std::iter::once(&self.key).chain(&self.accepted).map(shaped).collect()
    }

    /// The sub-keys for `purpose` that verify: this key's, then the
    /// accepted one's.
    pub fn verifying(&self, purpose: &str) -> Vec<[u8; 32]> {
        std::iter::once(&self.key).chain(&self.accepted).map(|key| derive(key, purpose)).collect()
    }

    /// AES-256-GCM under the sub-key for `purpose`; it also opens what the
    /// accepted key sealed.
    pub fn sealer(&self, purpose: &str) -> Sealer {
        Sealer(self.verifying(purpose).iter().map(|key| Aes256Gcm::new(Key::<Aes256Gcm>::from_slice(key))).collect())
    }
}

fn derive(key: &[u8; 32], purpose: &str) -> [u8; 32] {
    let mut mac = <Hmac<Sha256> as Mac>::new_from_slice(key).expect("HMAC takes any key length");
    mac.update(purpose.as_bytes());
    mac.finalize().into_bytes().into()
}

const NONCE_LEN: usize = 12;

/// Authenticated encryption of values kept at rest. Each sealing draws a
/// fresh random 96-bit nonce (stored beside the ciphertext); the associated
/// data binds a sealed value to its owner (say, a record id), so it cannot
/// be copied to another record and still open.
#[derive(Clone)]
pub struct Sealer(Vec<Aes256Gcm>);

impl std::fmt::Debug for Sealer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Sealer(..)")
    }
}

/// A sealed value: the nonce and the ciphertext with its tag.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sealed {
    pub nonce: Vec<u8>,
    pub ciphertext: Vec<u8>,
}

impl Sealed {
    /// Nonce and ciphertext in one buffer, for a single column.
    pub fn to_bytes(&self) -> Vec<u8> {
        [self.nonce.as_slice(), &self.ciphertext].concat()
    }

    pub fn from_bytes(bytes: &[u8]) -> Sealed {
        let (nonce, ciphertext) = bytes.split_at(bytes.len().min(NONCE_LEN));
        Sealed { nonce: nonce.to_vec(), ciphertext: ciphertext.to_vec() }
    }
}

impl Sealer {
    pub fn seal(&self, aad: &[u8], plaintext: &[u8]) -> Sealed {
        let nonce: [u8; NONCE_LEN] = random_bytes();
        let ciphertext = self.0[0]
            .encrypt(Nonce::from_slice(&nonce), Payload { msg: plaintext, aad })
            // Fails only for inputs of gigabytes, which nothing here seals.
            .expect("AES-GCM seals any input below 64 GiB");
        Sealed { nonce: nonce.to_vec(), ciphertext }
    }

    /// The plaintext, or `None` when the value was sealed under another key
    /// or associated data, or was altered.
    pub fn open(&self, aad: &[u8], sealed: &Sealed) -> Option<Vec<u8>> {
        if sealed.nonce.len() != NONCE_LEN {
            return None;
        }
        let nonce = Nonce::from_slice(&sealed.nonce);
        self.0.iter().find_map(|cipher| cipher.decrypt(nonce, Payload { msg: &sealed.ciphertext, aad }).ok())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_random_and_prefixed() {
        let a = random_token("sk_test_", 32);
        let b = random_token("sk_test_", 32);
        assert_ne!(a, b);
        assert!(a.starts_with("sk_test_") && a.len() == 40);
        assert!(a[8..].chars().all(|c| c.is_ascii_alphanumeric()));
    }

    /// Whatever the sandbox mints never reaches a request log: each minter
    /// makes its documented shape, which redaction finds in any text.
    #[test]
    fn minted_secrets_have_their_shape_and_are_redacted() {
        use payctl_domain::{credentials, redact};
        use payctl_wire::applications::Environment;
        let minted = [
            (crate::auth::api_keys::mint(Environment::Test).secret, credentials::TEST_KEY),
            (crate::auth::api_keys::mint(Environment::Live).secret, credentials::LIVE_KEY),
            (crate::webhooks::new_secret(), credentials::WEBHOOK_SECRET),
            (crate::auth::principal::new_control_token(), credentials::CONTROL_TOKEN),
            (mint(credentials::REFRESH_TOKEN), credentials::REFRESH_TOKEN),
        ];
        for (secret, shape) in minted {
            let tail = secret.strip_prefix(shape.prefix).unwrap_or_else(|| panic!("{secret} is not {shape:?}"));
            assert!(tail.len() == shape.random && tail.chars().all(|c| c.is_ascii_alphanumeric()), "{secret}");
            let logged = redact::text(&format!("sent {secret}, twice")).into_owned();
            assert_eq!(logged, format!("sent {}, twice", payctl_wire::logs::REDACTED));
        }
    }

    #[test]
    fn sealed_values_open_only_with_their_key_and_associated_data() {
        let master = MasterKey::ephemeral();
        let sealer = master.sealer("test-v1");
        let sealed = sealer.seal(b"owner-a", b"the secret value");
        assert!(!sealed.ciphertext.windows(6).any(|w| w == b"secret"));
        assert_eq!(sealer.open(b"owner-a", &sealed).as_deref(), Some(&b"the secret value"[..]));
        assert_eq!(sealer.open(b"owner-b", &sealed), None);
        assert_eq!(master.sealer("other-v1").open(b"owner-a", &sealed), None);
        assert_eq!(MasterKey::ephemeral().sealer("test-v1").open(b"owner-a", &sealed), None);
        assert_ne!(sealer.seal(b"owner-a", b"x").nonce, sealer.seal(b"owner-a", b"x").nonce);
        let round = Sealed::from_bytes(&sealed.to_bytes());
        assert_eq!(round, sealed);
        assert_eq!(sealer.open(b"owner-a", &Sealed::from_bytes(b"short")), None);
    }

    /// Rotation: a key that accepts the old one opens what the old one
    /// sealed and seals under itself; the old key alone does not open that.
    #[test]
    fn an_accepted_key_opens_what_it_sealed_and_seals_nothing_new() {
        let dir = tempfile::tempdir().unwrap();
        let (old, new) = (dir.path().join("old.key"), dir.path().join("new.key"));
        let before = MasterKey::open(&Keys { file: Some(old.clone()), ..Keys::default() }, None).unwrap();
        let sealed_before = before.sealer("test-v1").seal(b"owner", b"kept across the rotation");
        assert!(!before.accepts_another());

        let rotated = Keys { file: Some(new.clone()), accepted: Some(old.clone()), reset: false };
        let after = MasterKey::open(&rotated, None).unwrap();
        assert!(after.accepts_another());
        assert_eq!(
            after.sealer("test-v1").open(b"owner", &sealed_before).as_deref(),
            Some(&b"kept across the rotation"[..])
        );
        assert_eq!(after.current().sealer("test-v1").open(b"owner", &sealed_before), None);
        let sealed_after = after.sealer("test-v1").seal(b"owner", b"new");
        assert_eq!(
            before.sealer("test-v1").open(b"owner", &sealed_after),
            None,
            "nothing new is sealed with the old key"
        );
        assert_eq!(after.current().sealer("test-v1").open(b"owner", &sealed_after).as_deref(), Some(&b"new"[..]));
        assert_eq!(after.derive("x"), after.current().derive("x"));
        assert_eq!(after.verifying("x"), [after.derive("x"), before.derive("x")]);

        let unmade = dir.path().join("unmade.key");
        let missing = Keys { file: Some(unmade.clone()), accepted: Some(dir.path().join("typo.key")), reset: false };
        let error = MasterKey::open(&missing, None).unwrap_err().to_string();
        assert!(error.contains("typo.key") && error.contains("does not exist"), "{error}");
        assert!(!unmade.exists(), "a refused start makes no key file");
    }

    #[test]
    fn key_file_is_created_private_and_reused() {
        let dir = tempfile::tempdir().unwrap();
        let path = MasterKey::path_for_database(&dir.path().join("sandbox.db"));
        assert!(path.ends_with("sandbox.db.key"));
        let first = MasterKey::load_or_create(&path).unwrap();
        let second = MasterKey::load_or_create(&path).unwrap();
        assert_eq!(first.derive("x"), second.derive("x"));
        assert_ne!(first.derive("x"), first.derive("y"));
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&path).unwrap().permissions().mode();
            assert_eq!(mode & 0o777, 0o600);
        }
        std::fs::write(&path, b"short").unwrap();
        assert!(MasterKey::load_or_create(&path).is_err());
    }

    /// A `kill -9` between creating the key file and writing it used to
    /// leave an empty file, and the database could never be opened again.
    /// The file must appear whole or not at all: a watcher looking at the
    /// path while it is created never sees it short.
    #[test]
    fn a_key_file_is_never_seen_incomplete() {
        use std::sync::atomic::{AtomicBool, Ordering};
        use std::sync::{Arc, Barrier};
        for _ in 0..50 {
            let dir = tempfile::tempdir().unwrap();
            let path = dir.path().join("sandbox.db.key");
            let (done, start) = (Arc::new(AtomicBool::new(false)), Arc::new(Barrier::new(2)));
            let watcher = std::thread::spawn({
                let (path, done, start) = (path.clone(), done.clone(), start.clone());
                move || {
                    start.wait();
                    while !done.load(Ordering::Acquire) {
                        match std::fs::metadata(&path) {
                            Ok(m) if m.len() != 32 => return Some(m.len()),
                            _ => std::hint::spin_loop(),
                        }
                    }
                    None
                }
            });
            start.wait();
            MasterKey::load_or_create(&path).unwrap();
            done.store(true, Ordering::Release);
            assert_eq!(watcher.join().unwrap(), None, "the key file was visible incomplete");
        }
    }

    #[test]
    fn sandboxes_creating_one_key_file_at_once_share_one_key() {
        use std::sync::{Arc, Barrier};
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("sandbox.db.key");
        let start = Arc::new(Barrier::new(8));
        let keys: Vec<[u8; 32]> = (0..8)
            .map(|_| {
                let (path, start) = (path.clone(), start.clone());
                std::thread::spawn(move || {
                    start.wait();
                    MasterKey::load_or_create(&path).unwrap().derive("x")
                })
            })
            .collect::<Vec<_>>()
            .into_iter()
            .map(|t| t.join().unwrap())
            .collect();
        assert!(keys.iter().all(|k| *k == keys[0]), "every sandbox uses the key on disk");
        assert_eq!(keys[0], MasterKey::load_or_create(&path).unwrap().derive("x"));
        let names: Vec<_> = std::fs::read_dir(dir.path()).unwrap().map(|e| e.unwrap().file_name()).collect();
        assert_eq!(names, ["sandbox.db.key"], "no temporary file is left behind");
    }
}
