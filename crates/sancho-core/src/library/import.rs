//! Importing a Lichess CSV into the library.
//!
//! The load itself runs on every core (see `load`): the calling thread
//! reads, validator threads check every row (the CSV, the FEN and every
//! move's legality, through the puzzle reader), one thread writes.
//!
//! Everything is written into `<library>.importing` (journal off, no syncs),
//! which replaces the library by a rename only once it is complete: an
//! interrupted import leaves the previous library as it was. A repeated
//! import starts that file as a copy of the existing library and upserts into
//! it, counting new, changed and unchanged puzzles.

use std::fs::{self, File};
use std::io::{self, Read};
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use rusqlite::{Connection, params};
use serde::Serialize;

use super::LibraryError;
use super::counts;
use super::load::{Loaded, load};
use super::row::SeenIds;
use super::schema::{self, Openings, Themes};

/// Where the import is reported, batch by batch. Speeds (rows/s) are the
/// shell's to compute: the core reads no clock.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ImportProgress {
    /// Data rows read so far (valid or not).
    pub rows: u64,
    /// Rows rejected so far (validation runs a few thousand rows behind
    /// the reading; the last report has the final count).
    pub skipped: u64,
    /// Bytes read from the reader passed to [`import`] (decompressed bytes
    /// when the shell wrapped a zstd decoder; wrap the file in a
    /// [`CountingReader`] first to count compressed bytes).
    pub bytes_read: u64,
}

/// A rejected row.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SkippedRow {
    /// 1-based line in the CSV.
    pub line: u64,
    /// The puzzle's id, when the row got that far.
    pub id: Option<String>,
    /// The CSV column at fault, when there is one.
    pub field: Option<String>,
    /// Why, as the puzzle reader words it.
    pub reason: String,
}

/// What an import did.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct ImportSummary {
    /// The source's name.
    pub source: String,
    /// Data rows read.
    pub rows: u64,
    /// New puzzles.
    pub added: u64,
    /// Puzzles already stored whose fields changed.
    pub updated: u64,
    /// Puzzles already stored exactly so.
    pub unchanged: u64,
    /// Rows rejected.
    pub skipped: u64,
    /// Rows whose id an earlier row of the same file had: the last row of
    /// each id is the one kept (each is also counted as updated or
    /// unchanged).
    pub duplicates: u64,
    /// The first rejected rows (up to [`KEPT_PROBLEMS`](super::KEPT_PROBLEMS)), with reasons.
    pub problems: Vec<SkippedRow>,
    /// Puzzles in the library afterwards.
    pub puzzles: u64,
}

/// A reader that counts the bytes read through it, for progress bars in
/// compressed bytes: wrap the file, then the decoder around it.
#[derive(Debug)]
pub struct CountingReader<R> {
    inner: R,
    count: Arc<AtomicU64>,
}

impl<R> CountingReader<R> {
    /// Wraps `inner`.
    pub fn new(inner: R) -> Self {
        CountingReader {
            inner,
            count: Arc::new(AtomicU64::new(0)),
        }
    }

    /// The shared count, readable while the reader is elsewhere.
    pub fn counter(&self) -> Arc<AtomicU64> {
        Arc::clone(&self.count)
    }
}

impl<R: Read> Read for CountingReader<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.count.fetch_add(n as u64, Ordering::Relaxed);
        Ok(n)
    }
}

/// The temporary file an import writes before renaming it over `db_path`.
pub fn temp_path(db_path: &Path) -> PathBuf {
    let mut name = db_path.as_os_str().to_owned();
    name.push(".importing");
    PathBuf::from(name)
}

/// The lock file an import holds for its whole run, beside the library:
/// `<library>.lock`.
pub fn lock_path(db_path: &Path) -> PathBuf {
    let mut name = db_path.as_os_str().to_owned();
    name.push(".lock");
    PathBuf::from(name)
}

/// Imports Lichess CSV from `reader` into the library at `db_path` (created
/// if missing, updated in place otherwise). `progress` is called after every
/// batch of rows and once at the end; returning `ControlFlow::Break` cancels
/// the import, leaving the previous library unchanged.
///
/// Bad rows are skipped and counted; the first [`KEPT_PROBLEMS`](super::KEPT_PROBLEMS) are kept
/// with their line numbers and reasons.
///
/// Only one import into a library runs at a time: it holds an exclusive
/// lock on [`lock_path`] throughout, and a second import meanwhile fails at
/// once with [`LibraryError::Busy`] (so that neither reports a library the
/// other replaced).
///
/// # Errors
/// An unreadable stream, a header without the required columns, an existing
/// file that is not a library, another import running, a directory that
/// cannot be written, SQLite or file-system failures, and
/// [`LibraryError::Cancelled`]. In every case the previous library (if any)
/// is left as it was.
pub fn import<R: Read>(
    db_path: &Path,
    reader: R,
    source_name: &str,
    mut progress: impl FnMut(&ImportProgress) -> ControlFlow<()>,
) -> Result<ImportSummary, LibraryError> {
    // A library that is a link (say to a larger drive) is replaced where it
    // lives, keeping the link.
    let linked = fs::symlink_metadata(db_path).is_ok_and(|m| m.file_type().is_symlink());
    let resolved = if linked {
        fs::canonicalize(db_path).map_err(LibraryError::io(format!(
            "following the link {}",
            db_path.display()
        )))?
    } else {
        db_path.to_path_buf()
    };
    let db_path = resolved.as_path();
    let _lock = lock(db_path)?;
    let tmp = temp_path(db_path);
    remove_if_exists(&tmp)?;
    let result = import_into(db_path, &tmp, reader, source_name, &mut progress);
    if result.is_err() {
        // Best effort: the error being reported matters more than this one.
        let _ = fs::remove_file(&tmp);
    }
    result
}

fn import_into<R: Read>(
    db_path: &Path,
    tmp: &Path,
    reader: R,
    source_name: &str,
    progress: &mut dyn FnMut(&ImportProgress) -> ControlFlow<()>,
) -> Result<ImportSummary, LibraryError> {
    let (conn, fresh) = prepare_temp(db_path, tmp)?;
    let themes = Themes::load(&conn)?;
    let counting = CountingReader::new(reader);
    let bytes = counting.counter();
    let Loaded {
        conn,
        counts,
        rows,
        skipped,
        problems,
        mut openings,
        ids,
    } = load(
        counting,
        conn,
        themes,
        fresh,
        source_name,
        &bytes,
        &mut *progress,
    )?;
    let mut summary = ImportSummary {
        source: source_name.to_owned(),
        rows,
        added: counts.added,
        updated: counts.updated,
        unchanged: counts.unchanged,
        skipped,
        duplicates: ids.map_or(0, SeenIds::repeats),
        problems,
        puzzles: 0,
    };
    let report = ImportProgress {
        rows,
        skipped,
        bytes_read: bytes.load(Ordering::Relaxed),
    };
    if progress(&report).is_break() {
        return Err(LibraryError::Cancelled);
    }
    // The index sorts run faster with a small cache: 8 MB runs spill to
    // the sorter's threads sooner and stay in the CPU caches (the rating
    // index over 5.5M rows: 4.2 s instead of 8.9 s with 64 MB, the id
    // index 1.3 s instead of 2.4 s), and memory stays lower.
    conn.execute_batch("PRAGMA cache_size = -8192;")?;
    if fresh {
        let duplicates = index_ids(&conn)?;
        summary.added -= duplicates;
        summary.updated += duplicates;
        summary.duplicates = duplicates;
        if duplicates > 0 {
            openings = None; // some gathered rowids are gone
        }
    }
    finish(conn, openings, &mut summary)?;
    install(tmp, db_path)?;
    Ok(summary)
}

/// Takes the import lock (released when the file is dropped). Creating the
/// lock file is also the first write into the directory, so a read-only
/// directory is reported here, as such.
fn lock(db_path: &Path) -> Result<File, LibraryError> {
    let path = lock_path(db_path);
    let dir = match db_path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let file = fs::OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(&path)
        .map_err(|source| {
            let context = if fs::symlink_metadata(&path).is_ok() {
                format!("cannot open the lock file {}", path.display())
            } else {
                format!(
                    "cannot write in {} (to create {})",
                    dir.display(),
                    path.display()
                )
            };
            LibraryError::Io { context, source }
        })?;
    match file.try_lock() {
        Ok(()) => Ok(file),
        Err(fs::TryLockError::WouldBlock) => Err(LibraryError::Busy(path.display().to_string())),
        Err(fs::TryLockError::Error(e)) => Err(LibraryError::Io {
            context: format!("locking {}", path.display()),
            source: e,
        }),
    }
}

/// Creates the temporary database: a copy of the existing library, or a new
/// one (then `true`: loaded without the id index).
fn prepare_temp(db_path: &Path, tmp: &Path) -> Result<(Connection, bool), LibraryError> {
    let name = db_path.display().to_string();
    if db_path.exists() {
        {
            let old =
                Connection::open_with_flags(db_path, rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY)
                    .map_err(|_| LibraryError::NotALibrary(name.clone()))?;
            schema::check_version(&old, &name)?;
        }
        fs::copy(db_path, tmp).map_err(LibraryError::io(format!("copying {name}")))?;
    }
    let fresh = !tmp.exists();
    let conn = Connection::open(tmp)?;
    conn.execute_batch(
        "PRAGMA journal_mode = OFF;
         PRAGMA synchronous = OFF;
         PRAGMA threads = 2;
         PRAGMA cache_size = -65536;",
    )?;
    schema::create(&conn)?;
    conn.execute_batch(schema::DROP_INDEXES)?;
    if !fresh {
        conn.execute_batch(schema::CREATE_ID_INDEX)?;
    }
    Ok((conn, fresh))
}

/// Creates the unique id index after a fresh load. When the file repeated
/// an id, the last row wins and the earlier ones are removed first; returns
/// how many were.
fn index_ids(conn: &Connection) -> Result<u64, LibraryError> {
    match conn.execute_batch(schema::CREATE_ID_INDEX) {
        Ok(()) => Ok(0),
        Err(rusqlite::Error::SqliteFailure(e, _))
            if e.code == rusqlite::ErrorCode::ConstraintViolation =>
        {
            conn.execute_batch("CREATE INDEX puzzles_by_id_dup ON puzzles (id)")?;
            let removed = conn.execute(
                "DELETE FROM puzzles WHERE rowid NOT IN
                     (SELECT max(rowid) FROM puzzles GROUP BY id)",
                [],
            )?;
            conn.execute_batch("DROP INDEX puzzles_by_id_dup;")?;
            conn.execute_batch(schema::CREATE_ID_INDEX)?;
            Ok(removed as u64)
        }
        Err(e) => Err(e.into()),
    }
}

/// Indexes, counts, history; then the file is made an ordinary library.
/// An opening index gathered during the load is written as it is (first,
/// freeing its memory before the index sort); `None` is gathered by a pass
/// over the library.
fn finish(
    conn: Connection,
    openings: Option<Openings>,
    summary: &mut ImportSummary,
) -> Result<(), LibraryError> {
    conn.execute_batch("BEGIN")?;
    let gathered = openings.is_some();
    if let Some(openings) = openings {
        openings.write(&conn)?;
    }
    conn.execute_batch(schema::CREATE_INDEXES)?;
    summary.puzzles = counts::recount(&conn)?;
    if !gathered {
        Openings::scan(&conn)?.write(&conn)?;
    }
    let n = |v: u64| i64::try_from(v).unwrap_or(i64::MAX);
    conn.execute(
        "INSERT INTO imports (source, rows, added, updated, unchanged, skipped)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        params![
            summary.source,
            n(summary.rows),
            n(summary.added),
            n(summary.updated),
            n(summary.unchanged),
            n(summary.skipped)
        ],
    )?;
    conn.execute_batch("COMMIT")?;
    conn.execute_batch("PRAGMA journal_mode = DELETE;")?;
    conn.close().map_err(|(_, e)| e)?;
    Ok(())
}

/// Renames the finished file over the library, durably.
fn install(tmp: &Path, db_path: &Path) -> Result<(), LibraryError> {
    File::open(tmp)
        .and_then(|f| f.sync_all())
        .map_err(LibraryError::io("syncing the new library"))?;
    fs::rename(tmp, db_path).map_err(LibraryError::io(format!(
        "renaming {} over {}",
        tmp.display(),
        db_path.display()
    )))?;
    if let Some(dir) = db_path.parent().filter(|d| !d.as_os_str().is_empty()) {
        // Not every platform can sync a directory; the rename is done anyway.
        let _ = File::open(dir).and_then(|d| d.sync_all());
    }
    Ok(())
}

fn remove_if_exists(path: &Path) -> Result<(), LibraryError> {
    match fs::remove_file(path) {
        Err(e) if e.kind() != io::ErrorKind::NotFound => Err(LibraryError::Io {
            context: format!("removing the stale {}", path.display()),
            source: e,
        }),
        _ => Ok(()),
    }
}
