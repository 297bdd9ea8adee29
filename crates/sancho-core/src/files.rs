//! The file-system steps of a crash-safe document (the progress store's
//! `progress.json`, the repertoires' `repertoire.json`): follow links to
//! the real file, write a temporary file beside it, sync, rename, sync the
//! directory; clear temporary files a crash left; name files set aside.

use std::fs::{self, File, FileType};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use crate::progress::Timestamp;

/// How one document's files are named in its directory, from its stem
/// (`progress`): the document `progress.json`, the lock `progress.lock`,
/// temporary files `.progress-*.tmp`, files set aside
/// `progress.<kind>-<at>.json`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Names {
    /// The stem.
    pub(crate) stem: &'static str,
}

impl Names {
    /// The document's file name.
    pub(crate) fn document(self) -> String {
        format!("{}.json", self.stem)
    }

    /// The lock file's name.
    pub(crate) fn lock(self) -> String {
        format!("{}.lock", self.stem)
    }

    fn temp_prefix(self) -> String {
        format!(".{}-", self.stem)
    }
}

const TEMP_SUFFIX: &str = ".tmp";

/// Where `path` leads, links followed (so that a write replaces the
/// target and keeps the link). The target need not exist.
///
/// # Errors
/// When a link cannot be read, or links go round.
pub fn follow_links(path: &Path) -> io::Result<PathBuf> {
    let mut path = path.to_path_buf();
    for _ in 0..MAX_LINKS {
        match fs::symlink_metadata(&path) {
            Ok(meta) if meta.file_type().is_symlink() => {
                let link = fs::read_link(&path)?;
                path = parent_of(&path).join(link);
            }
            Ok(_) => return Ok(path),
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(path),
            Err(e) => return Err(e),
        }
    }
    Err(io::Error::other("too many levels of links"))
}

/// How many links in a row are followed to a document's target.
const MAX_LINKS: usize = 40;

/// The directory a file is in (`.` for a bare name).
pub(crate) fn parent_of(path: &Path) -> &Path {
    match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    }
}

/// A new temporary file in `dir`, deleted when dropped.
pub(crate) fn temp_file(dir: &Path, names: Names) -> io::Result<tempfile::NamedTempFile> {
    tempfile::Builder::new()
        .prefix(&names.temp_prefix())
        .suffix(TEMP_SUFFIX)
        .tempfile_in(dir)
}

/// Writes `bytes` to a temporary file in `dir`, syncs it, renames it over
/// `target` and syncs the directory: a crash leaves the old or the new file.
pub(crate) fn write_atomic(
    dir: &Path,
    target: &Path,
    bytes: &[u8],
    names: Names,
) -> io::Result<()> {
    let mut temp = temp_file(dir, names)?;
    temp.write_all(bytes)?;
    temp.as_file().sync_all()?;
    temp.persist(target).map_err(|error| error.error)?;
    sync_dir(dir);
    Ok(())
}

/// Flushes a directory's entries (the rename) to disk where the platform
/// allows it; failures are ignored because the rename itself succeeded.
pub(crate) fn sync_dir(dir: &Path) {
    #[cfg(unix)]
    if let Ok(handle) = File::open(dir) {
        let _ = handle.sync_all();
    }
    #[cfg(not(unix))]
    let _ = dir;
}

/// Removes temporary files left by a process killed mid-write (call under the lock).
pub(crate) fn remove_stale_temps(dir: &Path, names: Names) {
    let prefix = names.temp_prefix();
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let name = name.to_string_lossy();
        if name.starts_with(&prefix) && name.ends_with(TEMP_SUFFIX) {
            let _ = fs::remove_file(entry.path());
        }
    }
}

/// `<stem>.<kind>-<at>.json`, or with `-1`, `-2`, .. if taken.
pub(crate) fn aside_path(dir: &Path, names: Names, kind: &str, at: Timestamp) -> PathBuf {
    let stem = names.stem;
    let first = dir.join(format!("{stem}.{kind}-{at}.json"));
    if !first.exists() {
        return first;
    }
    (1u32..)
        .map(|n| dir.join(format!("{stem}.{kind}-{at}-{n}.json")))
        .find(|path| !path.exists())
        .unwrap_or(first)
}

/// Whether `a` and `b` are one file: the same inode where both exist (a
/// hard link too), else the same place once the directories' links are
/// resolved.
pub(super) fn same_file(a: &Path, b: &Path) -> bool {
    #[cfg(unix)]
    if let (Ok(a), Ok(b)) = (fs::metadata(a), fs::metadata(b)) {
        use std::os::unix::fs::MetadataExt;
        return (a.dev(), a.ino()) == (b.dev(), b.ino());
    }
    let place = |path: &Path| {
        fs::canonicalize(path).ok().or_else(|| {
            let dir = fs::canonicalize(parent_of(path)).ok()?;
            Some(dir.join(path.file_name()?))
        })
    };
    matches!((place(a), place(b)), (Some(a), Some(b)) if a == b)
}

/// Whether a file type is a pipe (a FIFO): written through, never replaced.
pub(super) fn is_pipe(file_type: &FileType) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        file_type.is_fifo()
    }
    #[cfg(not(unix))]
    {
        let _ = file_type;
        false
    }
}

/// What a file type is, in words ("a directory", "a FIFO (named pipe)"...),
/// for messages about a path that is not what was expected.
pub fn file_kind(file_type: &FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if file_type.is_fifo() {
            return "a FIFO (named pipe)";
        }
        if file_type.is_char_device() {
            return "a character device";
        }
        if file_type.is_block_device() {
            return "a block device";
        }
        if file_type.is_socket() {
            return "a socket";
        }
    }
    if file_type.is_dir() {
        "a directory"
    } else if file_type.is_symlink() {
        "a symbolic link"
    } else if file_type.is_file() {
        "a regular file"
    } else {
        "a special file"
    }
}

/// A store's exclusive lock, held until dropped: the progress and the
/// repertoire stores take it around every change. A store opened only to
/// read holds none.
pub(crate) struct LockGuard(Option<File>);

impl LockGuard {
    /// Takes the lock on `lock` (a clone of its handle), waiting for
    /// another process to release it; `None`: nothing to lock.
    pub(crate) fn acquire(lock: Option<&File>) -> io::Result<LockGuard> {
        let Some(lock) = lock else {
            return Ok(LockGuard(None));
        };
        let handle = lock.try_clone()?;
        handle.lock()?;
        Ok(LockGuard(Some(handle)))
    }
}

impl Drop for LockGuard {
    fn drop(&mut self) {
        // Closing is not enough (the original handle shares the lock), and
        // an unlock failure leaves the kernel to release it at exit.
        if let Some(file) = &self.0 {
            let _ = file.unlock();
        }
    }
}
