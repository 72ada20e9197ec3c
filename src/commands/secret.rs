//! Where a one-time secret from an answer goes (a new API key, a webhook
//! signing secret). The API shows it once, so every destination is checked
//! before the call that mints it, and the secret is written atomically: a
//! command never rotates a secret it then cannot keep.

use std::io::Write;
use std::path::{Path, PathBuf};

use crate::exit;

/// A `--secret-file` destination, reserved before the API call: the path
/// must not exist, and a private temporary file beside it proves the
/// directory is writable. [`SecretFile::commit`] moves the secret into
/// place without ever overwriting; dropping it uncommitted removes the
/// temporary file.
pub struct SecretFile {
    path: PathBuf,
    tmp: PathBuf,
    file: Option<std::fs::File>,
}

impl SecretFile {
    pub fn reserve(path: &Path) -> anyhow::Result<SecretFile> {
        let shown = path.display();
        if std::fs::symlink_metadata(path).is_ok() {
            return Err(exit::local(format!(
                "--secret-file {shown} already exists; an existing file is never overwritten: choose a new path"
            )));
        }
        let name = path
            .file_name()
            .ok_or_else(|| exit::usage(format!("--secret-file {shown} does not name a file")))?
            .to_string_lossy();
        let dir = match path.parent() {
            Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
            _ => PathBuf::from("."),
        };
        let tmp = dir.join(format!(".{name}.{}.tmp", uuid::Uuid::new_v4().simple()));
        let mut options = std::fs::OpenOptions::new();
        options.write(true).create_new(true);
        #[cfg(unix)]
        std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
        let file = options
            .open(&tmp)
            .map_err(|e| exit::local(format!("cannot create --secret-file {shown}: {}: {e}", dir.display())))?;
        Ok(SecretFile { path: path.to_path_buf(), tmp, file: Some(file) })
    }

    /// Writes the secret and links it into place; if the path appeared
    /// meanwhile, the secret stays in the temporary file, which is named.
    pub fn commit(mut self, secret: &str) -> anyhow::Result<()> {
        let mut file = self.file.take().ok_or_else(|| anyhow::anyhow!("secret file already used"))?;
        file.write_all(format!("{secret}\n").as_bytes())
            .and_then(|()| file.sync_all())
            .map_err(|e| exit::local(format!("cannot write {}: {e}", self.tmp.display())))?;
        drop(file);
        match std::fs::hard_link(&self.tmp, &self.path) {
            Ok(()) => {
                let _ = std::fs::remove_file(&self.tmp);
                self.tmp = PathBuf::new();
                Ok(())
            }
            // Some file systems have no hard links: a rename is as atomic,
            // and the path was checked free a moment ago.
            Err(e) if e.kind() != std::io::ErrorKind::AlreadyExists && !self.path.exists() => {
                std::fs::rename(&self.tmp, &self.path)
                    .map_err(|e| exit::local(format!("cannot write --secret-file {}: {e}", self.path.display())))?;
                self.tmp = PathBuf::new();
                Ok(())
            }
            Err(_) => {
                let kept = std::mem::take(&mut self.tmp);
                Err(exit::local(format!(
                    "{} was created by something else meanwhile and was left alone; the secret is in {}",
                    self.path.display(),
                    kept.display()
                )))
            }
        }
    }
}

impl Drop for SecretFile {
    fn drop(&mut self) {
        if !self.tmp.as_os_str().is_empty() {
            let _ = std::fs::remove_file(&self.tmp);
        }
    }
}

/// The one-time secret of an answer (its `field`). An answer replayed for a
/// repeated Idempotency-Key withholds it (null, or empty or masked by an
/// older server): that is said plainly with `remedy`, never printed or
/// stored as a secret.
pub fn one_time<'a>(secret: Option<&'a str>, field: &str, remedy: &str) -> anyhow::Result<&'a str> {
    match secret {
        Some(secret) if !secret.is_empty() && secret != "***" => Ok(secret),
        _ => Err(exit::secret_withheld(field, remedy)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reserved_file_is_written_once_and_never_overwrites() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("whsec.txt");
        let reserved = SecretFile::reserve(&path).unwrap();
        assert!(!path.exists());
        reserved.commit("whsec_1").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "whsec_1\n");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            assert_eq!(std::fs::metadata(&path).unwrap().permissions().mode() & 0o777, 0o600);
        }
        let err = SecretFile::reserve(&path).err().unwrap();
        assert_eq!(exit::code_for(&err), exit::FAILURE);
        assert!(err.to_string().contains("already exists"), "{err}");
        // Dropped without a secret: nothing is left behind.
        drop(SecretFile::reserve(&dir.path().join("other")).unwrap());
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
        let missing = SecretFile::reserve(&dir.path().join("no/such/dir/x")).err().unwrap();
        assert_eq!(exit::code_for(&missing), exit::FAILURE);
    }

    #[test]
    fn a_withheld_secret_is_an_error() {
        assert_eq!(one_time(Some("sk_test_x"), "client_secret", "").unwrap(), "sk_test_x");
        for withheld in [None, Some(""), Some("***")] {
            let err = one_time(withheld, "secret", "rotate it").unwrap_err();
            assert_eq!(exit::code_for(&err), exit::API_ERROR, "{withheld:?}");
            assert!(err.to_string().contains("rotate it"), "{err}");
            assert!(err.to_string().contains("`secret`"), "{err}");
        }
    }
}
