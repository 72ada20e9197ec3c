//! Files only their owner may read, replaced whole: the ready file (keys
//! and the control token) and the proxy's recording.
//!
//! Each write goes to a new file beside the target, created exclusively
//! (`O_CREAT|O_EXCL`, so a symlink or a file planted under that name is
//! refused, never followed or truncated) under a name no one can predict
//! (a random UUID), with mode 0600 from the start; it is flushed to disk,
//! then renamed over the target, so a reader sees the old file or the whole
//! new one.

use std::io::Write;
use std::path::{Path, PathBuf};

/// Replaces `path` with `bytes`, as the module says.
pub fn replace(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let (tmp, mut file) = create_beside(path)?;
    let written = file.write_all(bytes).and_then(|()| file.sync_all()).and_then(|()| std::fs::rename(&tmp, path));
    if let Err(e) = written {
        let _ = std::fs::remove_file(&tmp);
        return Err(e);
    }
    // The rename itself reaches the disk with its directory.
    if let Ok(dir) = std::fs::File::open(directory(path)) {
        let _ = dir.sync_all();
    }
    Ok(())
}

/// Whether a file can be written beside `path` (a new private file is
/// created there and removed).
pub fn check_writable(path: &Path) -> std::io::Result<()> {
    let (tmp, _) = create_beside(path)?;
    std::fs::remove_file(tmp)
}

/// A new private file beside `path`, created exclusively under an
/// unpredictable name.
fn create_beside(path: &Path) -> std::io::Result<(PathBuf, std::fs::File)> {
    let name = path.file_name().map_or_else(|| "file".into(), |n| n.to_string_lossy().into_owned());
    let tmp = directory(path).join(format!(".{name}.{}.tmp", uuid::Uuid::new_v4().simple()));
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    Ok((tmp.clone(), options.open(&tmp)?))
}

fn directory(path: &Path) -> PathBuf {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_owned(),
        _ => PathBuf::from("."),
    }
}
