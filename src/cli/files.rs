//! What is at a path the user names. Sancho reads and replaces regular
//! files only: a FIFO would hang a read, a device (`/dev/zero`) never ends,
//! and renaming a file over either would destroy it.

use std::fs;

use sancho::progress::file_kind;
use std::io::{self, Read};
use std::path::Path;

/// A file that was not read whole.
#[derive(Debug, thiserror::Error)]
pub enum ReadSmallError {
    /// Nothing is at the path.
    #[error("there is no such file")]
    Missing,
    /// Something other than a regular file is at the path (links followed).
    #[error("it is {0}, not a regular file")]
    NotRegular(&'static str),
    /// The file is larger than the bound.
    #[error("it is larger than {} KiB", .0 / 1024)]
    TooLarge(u64),
    /// The system's reason.
    #[error(transparent)]
    Io(#[from] io::Error),
}

/// Reads the regular file at `path` (links followed) if it holds at most
/// `max` bytes; anything else is refused before it is opened, so a FIFO or
/// a device never blocks or floods the read.
///
/// # Errors
/// See [`ReadSmallError`].
pub fn read_small(path: &Path, max: u64) -> Result<Vec<u8>, ReadSmallError> {
    let meta = match fs::metadata(path) {
        Ok(meta) => meta,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Err(ReadSmallError::Missing),
        Err(e) => return Err(e.into()),
    };
    if !meta.is_file() {
        return Err(ReadSmallError::NotRegular(file_kind(&meta.file_type())));
    }
    let mut bytes = Vec::new();
    fs::File::open(path)?
        .take(max.saturating_add(1))
        .read_to_end(&mut bytes)?;
    if bytes.len() as u64 > max {
        return Err(ReadSmallError::TooLarge(max));
    }
    Ok(bytes)
}
