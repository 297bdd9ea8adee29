//! Importing a Lichess CSV into the library.
//!
//! The calling thread reads and validates rows (the CSV, the FEN and every
//! move's legality, through [`read_lichess`]); a second thread writes them
//! into SQLite in batches, so the two halves of the work use both cores.
//!
//! Everything is written into `<library>.importing` (journal off, no syncs),
//! which replaces the library by a rename only once it is complete: an
//! interrupted import leaves the previous library as it was. A repeated
//! import starts that file as a copy of the existing library and upserts into
//! it, counting new, changed and unchanged puzzles.

use std::cell::RefCell;
use std::fs::{self, File};
use std::io::{self, Read};
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{Receiver, sync_channel};

use rusqlite::{Connection, params};
use serde::Serialize;

use super::row::{IdTally, PuzzleRow};
use super::schema::{self, Openings, Themes, split};
use super::{KEPT_PROBLEMS, LibraryError};
use crate::puzzle::read_lichess;

/// Rows per message from the reading thread to the writing thread (and per
/// progress report).
const BATCH_ROWS: usize = 4096;
/// Rows per SQLite transaction.
const TRANSACTION_ROWS: u64 = 100_000;
/// Batches in flight between the threads (bounds memory).
const CHANNEL_BATCHES: usize = 4;

/// Where the import is reported, batch by batch. Speeds (rows/s) are the
/// shell's to compute: the core reads no clock.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ImportProgress {
    /// Data rows read so far (valid or not).
    pub rows: u64,
    /// Rows rejected so far.
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
    /// The first rejected rows (up to [`KEPT_PROBLEMS`]), with reasons.
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
/// Bad rows are skipped and counted; the first [`KEPT_PROBLEMS`] are kept
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

    let read_error: Rc<RefCell<Option<io::Error>>> = Rc::default();
    let counting = CountingReader::new(reader);
    let bytes = counting.counter();
    let watched = Watch {
        inner: counting,
        error: Rc::clone(&read_error),
    };

    let mut summary = ImportSummary {
        source: source_name.to_owned(),
        ..ImportSummary::default()
    };
    // A fresh load finds repeated ids when indexing (`index_ids`); an
    // update, by tallying the ids read.
    let mut tally = (!fresh).then(IdTally::default);
    let (tx, rx) = sync_channel::<Vec<PuzzleRow>>(CHANNEL_BATCHES);
    let (outcome, written) = std::thread::scope(|scope| {
        let writer = scope.spawn(move || write_rows(conn, themes, rx, fresh));
        let outcome = read_rows(
            watched,
            source_name,
            &mut summary,
            &bytes,
            progress,
            tally.as_mut(),
            |batch| tx.send(batch).is_ok(),
        );
        drop(tx);
        let written = writer.join().unwrap_or_else(|_| {
            Err(LibraryError::Io {
                context: "the import's writing thread".into(),
                source: io::Error::other("it panicked"),
            })
        });
        (outcome, written)
    });
    let (conn, counts, mut openings) = written?;
    if let Some(e) = read_error.borrow_mut().take() {
        return Err(LibraryError::Io {
            context: format!("reading {source_name}"),
            source: e,
        });
    }
    outcome?;
    summary.added = counts.added;
    summary.updated = counts.updated;
    summary.unchanged = counts.unchanged;
    summary.duplicates = tally.map_or(0, IdTally::repeats);
    if fresh {
        let duplicates = index_ids(&conn)?;
        summary.added -= duplicates;
        summary.updated += duplicates;
        summary.duplicates = duplicates;
        if duplicates > 0 {
            openings = None; // some gathered rowids are gone
        }
    }
    let openings = match openings {
        Some(o) => o,
        None => Openings::scan(&conn)?,
    };
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
fn finish(
    conn: Connection,
    openings: Openings,
    summary: &mut ImportSummary,
) -> Result<(), LibraryError> {
    conn.execute_batch("BEGIN")?;
    conn.execute_batch(schema::CREATE_INDEXES)?;
    summary.puzzles = schema::recount(&conn)?;
    openings.write(&conn)?;
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
    let puzzles: i64 = conn.query_row("SELECT count(*) FROM puzzles", [], |r| r.get(0))?;
    conn.execute_batch("COMMIT")?;
    summary.puzzles = u64::try_from(puzzles).unwrap_or(0);
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

/// A reader that remembers its I/O error (the CSV reader reports it as a bad
/// row; the import must fail on it instead).
struct Watch<R> {
    inner: R,
    error: Rc<RefCell<Option<io::Error>>>,
}

impl<R: Read> Read for Watch<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.inner.read(buf).inspect_err(|e| {
            *self.error.borrow_mut() = Some(io::Error::new(e.kind(), e.to_string()));
        })
    }
}

/// Reads and validates rows, handing batches to `send` (false: the writer
/// has stopped) and reporting progress.
fn read_rows<R: Read>(
    reader: R,
    source_name: &str,
    summary: &mut ImportSummary,
    bytes: &AtomicU64,
    progress: &mut dyn FnMut(&ImportProgress) -> ControlFlow<()>,
    mut tally: Option<&mut IdTally>,
    mut send: impl FnMut(Vec<PuzzleRow>) -> bool,
) -> Result<(), LibraryError> {
    let mut batch = Vec::with_capacity(BATCH_ROWS);
    let report = |summary: &ImportSummary| ImportProgress {
        rows: summary.rows,
        skipped: summary.skipped,
        bytes_read: bytes.load(Ordering::Relaxed),
    };
    for item in read_lichess(reader, source_name) {
        match item {
            Ok(puzzle) => {
                summary.rows += 1;
                if let Some(tally) = tally.as_deref_mut() {
                    tally.add(&puzzle.id);
                }
                batch.push(PuzzleRow::from(puzzle));
            }
            Err(e) => {
                if e.is_header() {
                    return Err(LibraryError::Header(e.to_string()));
                }
                summary.rows += 1;
                summary.skipped += 1;
                if summary.problems.len() < KEPT_PROBLEMS {
                    summary.problems.push(SkippedRow {
                        line: e.line,
                        id: e.id.clone(),
                        field: e.column().map(str::to_owned),
                        reason: e.reason.to_string(),
                    });
                }
            }
        }
        if batch.len() >= BATCH_ROWS {
            if !send(std::mem::replace(
                &mut batch,
                Vec::with_capacity(BATCH_ROWS),
            )) {
                return Ok(()); // the writer's error is reported instead
            }
            if progress(&report(summary)).is_break() {
                return Err(LibraryError::Cancelled);
            }
        }
    }
    if !batch.is_empty() && !send(batch) {
        return Ok(());
    }
    if progress(&report(summary)).is_break() {
        return Err(LibraryError::Cancelled);
    }
    Ok(())
}

#[derive(Clone, Copy, Debug, Default)]
struct Counts {
    added: u64,
    updated: u64,
    unchanged: u64,
}

const INSERT: &str = "INSERT INTO puzzles
    (id, fen, moves, rating, rating_deviation, popularity, nb_plays,
     themes, theme_lo, theme_hi, game_url, opening_tags)
    VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)
    ON CONFLICT (id) DO NOTHING";

/// A fresh load has no id index yet: a plain insert (duplicates are settled
/// by `index_ids`).
const INSERT_FRESH: &str = "INSERT INTO puzzles
    (id, fen, moves, rating, rating_deviation, popularity, nb_plays,
     themes, theme_lo, theme_hi, game_url, opening_tags)
    VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)";

const UPDATE: &str = "UPDATE puzzles SET
    fen = ?2, moves = ?3, rating = ?4, rating_deviation = ?5, popularity = ?6,
    nb_plays = ?7, themes = ?8, theme_lo = ?9, theme_hi = ?10, game_url = ?11,
    opening_tags = ?12
    WHERE id = ?1 AND NOT (fen IS ?2 AND moves IS ?3 AND rating IS ?4
        AND rating_deviation IS ?5 AND popularity IS ?6 AND nb_plays IS ?7
        AND themes IS ?8 AND game_url IS ?11 AND opening_tags IS ?12)";

/// The writing thread: upserts every batch (plain inserts into a `fresh`
/// library, whose opening index it gathers on the way), a transaction per
/// [`TRANSACTION_ROWS`].
fn write_rows(
    conn: Connection,
    mut themes: Themes,
    rx: Receiver<Vec<PuzzleRow>>,
    fresh: bool,
) -> Result<(Connection, Counts, Option<Openings>), LibraryError> {
    let mut counts = Counts::default();
    let mut openings = fresh.then(Openings::default);
    {
        let mut insert = conn.prepare(if fresh { INSERT_FRESH } else { INSERT })?;
        let mut update = conn.prepare(UPDATE)?;
        let mut in_transaction = 0u64;
        conn.execute_batch("BEGIN")?;
        for batch in rx {
            for row in batch {
                let (lo, hi) = split(themes.mask_adding(&conn, &row.themes)?);
                let values = params![
                    row.id,
                    row.fen,
                    row.moves,
                    row.rating,
                    row.rating_deviation,
                    row.popularity,
                    row.nb_plays,
                    row.themes,
                    lo,
                    hi,
                    row.game_url,
                    row.opening_tags
                ];
                if insert.execute(values)? == 1 {
                    counts.added += 1;
                    if let Some(o) = openings.as_mut()
                        && !row.opening_tags.is_empty()
                    {
                        o.add(
                            &row.opening_tags,
                            row.rating.map(i64::from),
                            conn.last_insert_rowid(),
                        );
                    }
                } else if update.execute(values)? == 1 {
                    counts.updated += 1;
                } else {
                    counts.unchanged += 1;
                }
                in_transaction += 1;
            }
            if in_transaction >= TRANSACTION_ROWS {
                conn.execute_batch("COMMIT; BEGIN")?;
                in_transaction = 0;
            }
        }
        conn.execute_batch("COMMIT")?;
    }
    Ok((conn, counts, openings))
}
