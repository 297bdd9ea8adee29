//! Writing a file the user asked for (`--out FILE`: a game as PGN, for
//! both shells; a worksheet): atomically (a temporary file renamed over
//! the path, so nothing half-written is ever there), and never over
//! anything but a regular file.

use std::io::Write as _;
use std::path::{Path, PathBuf};

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

/// Writes `bytes` to `path` atomically; anything but a regular file
/// already at `path` is left alone.
///
/// # Errors
/// Something else is at the path, or the directory or the file cannot be
/// written.
pub fn write_file(path: &Path, bytes: &[u8]) -> Result<(), WriteError> {
    if let Ok(meta) = std::fs::metadata(path)
        && !meta.is_file()
    {
        return Err(WriteError::NotAFile {
            path: path.to_owned(),
            kind: crate::progress::file_kind(&meta.file_type()),
        });
    }
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    let io = |at: &Path| {
        let at = at.to_owned();
        move |source| WriteError::Io { path: at, source }
    };
    let mut tmp = tempfile::NamedTempFile::new_in(dir).map_err(io(dir))?;
    tmp.write_all(bytes).map_err(io(path))?;
    tmp.persist(path).map_err(|e| WriteError::Io {
        path: path.to_owned(),
        source: e.error,
    })?;
    Ok(())
}
