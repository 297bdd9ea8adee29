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

/// How much a stream (a pipe, a FIFO, standard input) is read by the
/// commands that read their input as it comes (`mine`, `repertoire
/// check`, `library import`, `curate`): 4 GiB, far beyond any PGN or
/// puzzle database; a regular file is read whole whatever its size.
pub const STREAM_MAX: u64 = 4 << 30;

/// How much a PGN or a progress document read whole may hold (`game
/// --pgn`, `guess --pgn`, `repertoire add`, `progress import`, `class
/// report`, `translate -`): 256 MiB.
pub const TEXT_MAX: u64 = 256 << 20;

/// Why a file the user named was not read.
#[derive(Debug, thiserror::Error)]
pub enum InputError {
    /// Nothing is at the path.
    #[error("there is no such file")]
    Missing,
    /// A directory or a device (`/dev/zero` never ends): neither a file
    /// nor a stream.
    #[error("it is {0}, not a file or a stream")]
    NotReadable(&'static str),
    /// A regular file larger than the bound.
    #[error("it is larger than {}", size(*.0))]
    TooLarge(u64),
    /// Not UTF-8 text.
    #[error("it is not UTF-8 text (byte {0})")]
    NotUtf8(usize),
    /// The system's reason, or a stream longer than its bound.
    #[error(transparent)]
    Io(#[from] io::Error),
}

/// `256 MiB`, `4 GiB`.
fn size(bytes: u64) -> String {
    if bytes >= 1 << 30 {
        format!("{} GiB", bytes >> 30)
    } else {
        format!("{} MiB", bytes >> 20)
    }
}

/// A reader that gives at most `left` bytes and then, if its source has
/// more, an error saying what was stopped and why.
struct Bounded<R> {
    inner: R,
    left: u64,
    max: u64,
    kind: &'static str,
}

impl<R: Read> Read for Bounded<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.left == 0 {
            let mut probe = [0u8; 1];
            return match self.inner.read(&mut probe)? {
                0 => Ok(0),
                _ => Err(io::Error::new(
                    io::ErrorKind::FileTooLarge,
                    format!(
                        "stopped after {}: it is {}, not a regular file (save it to a file to read it whole)",
                        size(self.max),
                        self.kind
                    ),
                )),
            };
        }
        let room = buf
            .len()
            .min(usize::try_from(self.left).unwrap_or(usize::MAX));
        let n = self.inner.read(&mut buf[..room])?;
        self.left -= n as u64;
        Ok(n)
    }
}

/// Opens what the user named to be read as it comes: a regular file
/// (links followed) whole, a stream (`-` for standard input, a FIFO, a
/// socket) up to `stream_max` bytes; a directory or a device is refused
/// before it is read. Returns the reader and, for a file, its size.
///
/// # Errors
/// See [`InputError`].
pub fn open_input(
    path: &Path,
    stream_max: u64,
) -> Result<(Box<dyn Read + Send>, Option<u64>), InputError> {
    let stream = |inner: Box<dyn Read + Send>, kind| -> Box<dyn Read + Send> {
        Box::new(Bounded {
            inner,
            left: stream_max,
            max: stream_max,
            kind,
        })
    };
    if path == Path::new("-") {
        return Ok((stream(Box::new(io::stdin()), "standard input"), None));
    }
    let meta = match fs::metadata(path) {
        Ok(meta) => meta,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Err(InputError::Missing),
        Err(e) => return Err(e.into()),
    };
    let kind = file_kind(&meta.file_type());
    #[cfg(unix)]
    let is_stream = {
        use std::os::unix::fs::FileTypeExt;
        meta.file_type().is_fifo() || meta.file_type().is_socket()
    };
    #[cfg(not(unix))]
    let is_stream = false;
    let file = fs::File::open(path)?;
    if meta.is_file() {
        Ok((Box::new(file), Some(meta.len())))
    } else if is_stream {
        Ok((stream(Box::new(file), kind), None))
    } else {
        Err(InputError::NotReadable(kind))
    }
}

/// Reads what the user named whole: a regular file of at most `max`
/// bytes, or a stream (see [`open_input`]) up to `max` bytes.
///
/// # Errors
/// See [`InputError`].
pub fn read_input(path: &Path, max: u64) -> Result<Vec<u8>, InputError> {
    let (reader, size) = open_input(path, max)?;
    if size.is_some_and(|size| size > max) {
        return Err(InputError::TooLarge(max));
    }
    let mut bytes = Vec::new();
    reader.take(max.saturating_add(1)).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > max {
        return Err(InputError::TooLarge(max));
    }
    Ok(bytes)
}

/// [`read_input`] as UTF-8 text (a byte order mark is kept for the
/// reader to skip).
///
/// # Errors
/// See [`InputError`].
pub fn read_text(path: &Path, max: u64) -> Result<String, InputError> {
    String::from_utf8(read_input(path, max)?)
        .map_err(|e| InputError::NotUtf8(e.utf8_error().valid_up_to() + 1))
}
