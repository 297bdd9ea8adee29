//! Writing a file the user asked for (`--out FILE`: a game as PGN, for
//! both shells; a guessed game; a mined pack; a worksheet): atomically (a temporary file renamed over
//! it), through a symbolic link to its target (a dangling link's target is
//! made), keeping an existing file's permissions (a new one gets the
//! usual ones, the umask applied), and never over anything but a regular
//! file.

use std::io::Write as _;
use std::path::{Path, PathBuf};

use crate::progress::{file_kind, follow_links};

/// Why a file was not written.
#[derive(Debug, thiserror::Error)]
pub enum WriteError {
    /// Something other than a regular file is at the path.
    #[error("{} is {kind}, not a regular file: nothing was written", .path.display())]
    NotAFile {
        /// The path.
        path: PathBuf,
        /// What is there (`a directory`).
        kind: &'static str,
    },
    /// The directory or the file could not be written.
    #[error("cannot write {}: {source}", .path.display())]
    Io {
        /// The path (or its directory).
        path: PathBuf,
        /// Why.
        #[source]
        source: std::io::Error,
    },
}

/// Writes the PGN `text` to `path` (see [`write_file`]).
///
/// # Errors
/// As [`write_file`].
pub fn write_pgn(path: &Path, text: &str) -> Result<(), WriteError> {
    write_file(path, text.as_bytes())
}

/// Writes `bytes` to `path` atomically, through links to their target,
/// keeping an existing file's permissions; anything but a regular file
/// already there is left alone.
///
/// # Errors
/// Something else is at the path, or the directory or the file cannot be
/// written.
pub fn write_file(path: &Path, bytes: &[u8]) -> Result<(), WriteError> {
    let io = |at: &Path| {
        let at = at.to_owned();
        move |source| WriteError::Io { path: at, source }
    };
    let target = follow_links(path).map_err(io(path))?;
    let existing = match std::fs::metadata(&target) {
        Ok(meta) if !meta.is_file() => {
            return Err(WriteError::NotAFile {
                path: path.to_owned(),
                kind: file_kind(&meta.file_type()),
            });
        }
        Ok(meta) => Some(meta.permissions()),
        Err(_) => None,
    };
    let dir = match target.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    let mut builder = tempfile::Builder::new();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        // Created as any new file is (the umask applies), not 0600.
        builder.permissions(std::fs::Permissions::from_mode(0o666));
    }
    let mut tmp = builder.tempfile_in(dir).map_err(io(dir))?;
    if let Some(permissions) = existing {
        tmp.as_file()
            .set_permissions(permissions)
            .map_err(io(path))?;
    }
    tmp.write_all(bytes).map_err(io(path))?;
    tmp.as_file().sync_all().map_err(io(path))?;
    tmp.persist(&target).map_err(|e| WriteError::Io {
        path: path.to_owned(),
        source: e.error,
    })?;
    Ok(())
}
