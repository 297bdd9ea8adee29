//! The load phase of an import, on every core: the calling thread (which
//! owns the reader) reads and decompresses lines and cuts them into chunks;
//! validator threads turn each chunk into rows with the puzzle reader's
//! checks (the CSV, the FEN, every move replayed for legality); one thread
//! writes the rows into SQLite, chunk by chunk in file order, so that the
//! last row of a repeated id still wins and the first problems kept are the
//! file's first.
//!
//! Each chunk carries the header line before its rows, so a validator reads
//! it with [`read_lichess`] exactly as it would read the whole file, and
//! its line numbers are shifted back into the file's.

use std::io::{self, BufRead, BufReader, Cursor, Read};
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{Receiver, SyncSender, sync_channel};
use std::sync::{Arc, Mutex};

use rusqlite::{Connection, params};

use super::import::{ImportProgress, SkippedRow};
use super::row::{PuzzleRow, SeenIds};
use super::schema::{Openings, Themes, split};
use super::{KEPT_PROBLEMS, LibraryError};
use crate::puzzle::lichess::MAX_LINE_BYTES;
use crate::puzzle::read_lichess;

/// Data rows per chunk (and per progress report).
pub(crate) const CHUNK_ROWS: u64 = 4096;
/// A chunk is cut early at this many bytes (long lines stay bounded).
const CHUNK_BYTES: usize = 1 << 20;
/// Rows per SQLite transaction.
const TRANSACTION_ROWS: u64 = 100_000;
/// The most validator threads (the writer cannot keep up with more).
const MAX_VALIDATORS: usize = 6;

/// Raw lines of the CSV, after a copy of its header line.
struct Chunk {
    seq: u64,
    /// The file's line number of the first line after the header copy.
    first_line: u64,
    text: Vec<u8>,
}

/// A chunk, validated.
struct Checked {
    seq: u64,
    rows: Vec<PuzzleRow>,
    /// Data rows read (valid or not).
    read: u64,
    skipped: u64,
    /// The chunk's first problems (up to [`KEPT_PROBLEMS`]).
    problems: Vec<SkippedRow>,
}

/// New, changed and unchanged puzzles.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Counts {
    pub(crate) added: u64,
    pub(crate) updated: u64,
    pub(crate) unchanged: u64,
}

/// What the load phase leaves for the finishing steps.
pub(crate) struct Loaded {
    pub(crate) conn: Connection,
    pub(crate) counts: Counts,
    /// Data rows read, rows rejected, the first problems.
    pub(crate) rows: u64,
    pub(crate) skipped: u64,
    pub(crate) problems: Vec<SkippedRow>,
    /// Gathered during a fresh load (`None`: to be scanned).
    pub(crate) openings: Option<Openings>,
    /// The ids read, during an update (a fresh load finds repeats when
    /// indexing).
    pub(crate) ids: Option<SeenIds>,
}

/// Runs the load phase: `reader` into `conn` (a `fresh` library without
/// its id index, or a copy to upsert into). `bytes` counts what was read
/// from `reader`, for `progress`, which is called after every chunk read.
///
/// # Errors
/// A header without the required columns, an I/O error in the stream (as
/// `Io` "reading SOURCE"), SQLite, too many themes, or `Cancelled`.
pub(crate) fn load<R: Read>(
    reader: R,
    conn: Connection,
    themes: Themes,
    fresh: bool,
    source_name: &str,
    bytes: &AtomicU64,
    progress: &mut dyn FnMut(&ImportProgress) -> ControlFlow<()>,
) -> Result<Loaded, LibraryError> {
    let mut input = BufReader::with_capacity(1 << 16, reader);
    let reading = |e| LibraryError::Io {
        context: format!("reading {source_name}"),
        source: e,
    };
    let mut header = Vec::new();
    // A header too long to be one is refused as it is (the rest of an
    // endless line, such as `/dev/zero`'s, is never read).
    read_line_within(&mut input, &mut header).map_err(reading)?;
    if let Some(Err(e)) = read_lichess(Cursor::new(&header), source_name).next() {
        return Err(LibraryError::Header(e.to_string()));
    }
    let validators = std::thread::available_parallelism()
        .map_or(2, usize::from)
        .clamp(1, MAX_VALIDATORS);
    let skipped = AtomicU64::new(0);
    let (chunk_tx, chunk_rx) = sync_channel::<Chunk>(validators);
    let (checked_tx, checked_rx) = sync_channel::<Checked>(validators);
    let chunk_rx = Arc::new(Mutex::new(chunk_rx));
    std::thread::scope(|scope| {
        for _ in 0..validators {
            let chunk_rx = Arc::clone(&chunk_rx);
            let checked_tx = checked_tx.clone();
            scope.spawn(move || validate(&chunk_rx, &checked_tx, source_name));
        }
        drop((chunk_rx, checked_tx));
        let skipped = &skipped;
        let writer = scope.spawn(move || write(conn, themes, checked_rx, fresh, skipped));
        let read = read_chunks(&mut input, &header, &chunk_tx, |rows| {
            progress(&ImportProgress {
                rows,
                skipped: skipped.load(Ordering::Relaxed),
                bytes_read: bytes.load(Ordering::Relaxed),
            })
        });
        drop(chunk_tx);
        let written = writer.join().unwrap_or_else(|_| {
            Err(LibraryError::Io {
                context: "the import's writing thread".into(),
                source: io::Error::other("it panicked"),
            })
        });
        // A read error or a cancel is the cause when the writer stopped
        // because the reading stopped; a writer's error otherwise.
        match read {
            Err(ReadStop::Io(e)) => Err(reading(e)),
            Err(ReadStop::Cancelled) => Err(LibraryError::Cancelled),
            Ok(()) => written,
        }
    })
}

/// Why the reading stopped early.
enum ReadStop {
    Io(io::Error),
    Cancelled,
}

/// Reads the data lines into chunks and hands them to the validators,
/// reporting the data rows read after each chunk (`Break`: cancel). Stops
/// quietly when the validators are gone (the writer failed; its error is
/// the one reported).
fn read_chunks<R: BufRead>(
    input: &mut R,
    header: &[u8],
    chunks: &SyncSender<Chunk>,
    mut progress: impl FnMut(u64) -> ControlFlow<()>,
) -> Result<(), ReadStop> {
    let new_text = || {
        let mut text = Vec::with_capacity(CHUNK_BYTES + MAX_LINE_BYTES);
        text.extend_from_slice(header);
        text
    };
    let mut text = new_text();
    let mut line = 1u64; // the header's
    let mut first_line = 2u64;
    let mut rows = 0u64;
    let mut in_chunk = 0u64;
    let mut seq = 0u64;
    loop {
        let start = text.len();
        let more = read_line(input, &mut text).map_err(ReadStop::Io)?;
        if more {
            line += 1;
            if !is_blank(&text[start..]) {
                rows += 1;
                in_chunk += 1;
            }
        }
        if in_chunk >= CHUNK_ROWS
            || text.len() >= CHUNK_BYTES
            || (!more && text.len() > header.len())
        {
            let chunk = Chunk {
                seq,
                first_line,
                text: std::mem::replace(&mut text, new_text()),
            };
            if chunks.send(chunk).is_err() {
                return Ok(());
            }
            seq += 1;
            first_line = line + 1;
            in_chunk = 0;
            if more && progress(rows).is_break() {
                return Err(ReadStop::Cancelled);
            }
        }
        if !more {
            return Ok(());
        }
    }
}

/// Appends the next line to `out`, always ending in a line break, and
/// returns whether there was one. A line longer than [`MAX_LINE_BYTES`] is
/// cut to its first `MAX_LINE_BYTES + 1` bytes (the rest is skipped), which
/// the puzzle reader then reports as too long.
fn read_line<R: BufRead>(input: &mut R, out: &mut Vec<u8>) -> io::Result<bool> {
    let start = out.len();
    let more = read_line_within(input, out)?;
    if more && out.len() - start > MAX_LINE_BYTES + 1 {
        skip_rest_of_line(input)?;
    }
    Ok(more)
}

/// [`read_line`] without skipping the rest of a long line.
fn read_line_within<R: BufRead>(input: &mut R, out: &mut Vec<u8>) -> io::Result<bool> {
    let n = input
        .by_ref()
        .take(MAX_LINE_BYTES as u64 + 1)
        .read_until(b'\n', out)?;
    if n == 0 {
        return Ok(false);
    }
    if out.last() != Some(&b'\n') {
        out.push(b'\n');
    }
    Ok(true)
}

/// Skips up to and past the next line break.
fn skip_rest_of_line<R: BufRead>(input: &mut R) -> io::Result<()> {
    loop {
        let available = input.fill_buf()?;
        if available.is_empty() {
            return Ok(());
        }
        let (used, found) = match available.iter().position(|&b| b == b'\n') {
            Some(i) => (i + 1, true),
            None => (available.len(), false),
        };
        input.consume(used);
        if found {
            return Ok(());
        }
    }
}

/// Whether the puzzle reader skips the line (with its line break) as
/// blank: text that is only white space, and not so long that it is a bad
/// row instead.
fn is_blank(line: &[u8]) -> bool {
    line.len() <= MAX_LINE_BYTES + 1 && std::str::from_utf8(line).is_ok_and(|t| t.trim().is_empty())
}

/// A validator thread: chunks in, rows out, until either side is gone.
fn validate(chunks: &Mutex<Receiver<Chunk>>, checked: &SyncSender<Checked>, source_name: &str) {
    loop {
        let next = match chunks.lock() {
            Ok(rx) => rx.recv(),
            Err(_) => return, // another validator panicked
        };
        let Ok(chunk) = next else { return };
        if checked.send(check(chunk, source_name)).is_err() {
            return;
        }
    }
}

/// Reads a chunk's rows with the puzzle reader.
fn check(chunk: Chunk, source_name: &str) -> Checked {
    let mut out = Checked {
        seq: chunk.seq,
        rows: Vec::with_capacity(CHUNK_ROWS as usize),
        read: 0,
        skipped: 0,
        problems: Vec::new(),
    };
    for item in read_lichess(Cursor::new(&chunk.text), source_name) {
        out.read += 1;
        match item {
            Ok(puzzle) => out.rows.push(PuzzleRow::from(puzzle)),
            Err(e) => {
                out.skipped += 1;
                if out.problems.len() < KEPT_PROBLEMS {
                    out.problems.push(SkippedRow {
                        // The chunk's line 2 is the file's `first_line`.
                        line: e.line + chunk.first_line - 2,
                        id: e.id.clone(),
                        field: e.column().map(str::to_owned),
                        reason: e.reason.to_string(),
                    });
                }
            }
        }
    }
    out
}

const INSERT: &str = "INSERT INTO puzzles
    (id, fen, moves, rating, rating_deviation, popularity, nb_plays,
     themes, theme_lo, theme_hi, game_url, opening_tags)
    VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)
    ON CONFLICT (id) DO NOTHING";

/// A fresh load has no id index yet: a plain insert (duplicates are settled
/// when the index is built).
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

/// The writing thread: puts the validated chunks back in file order and
/// upserts their rows (plain inserts into a `fresh` library, whose opening
/// index it gathers on the way), a transaction per
/// [`TRANSACTION_ROWS`]. `skipped` follows the rows rejected, for progress.
fn write(
    conn: Connection,
    mut themes: Themes,
    checked: Receiver<Checked>,
    fresh: bool,
    skipped: &AtomicU64,
) -> Result<Loaded, LibraryError> {
    let mut loaded = Loaded {
        counts: Counts::default(),
        rows: 0,
        skipped: 0,
        problems: Vec::new(),
        openings: fresh.then(Openings::default),
        ids: (!fresh).then(SeenIds::default),
        conn,
    };
    let conn = &loaded.conn;
    let mut waiting = std::collections::BTreeMap::new();
    let mut next = 0u64;
    {
        let mut insert = conn.prepare(if fresh { INSERT_FRESH } else { INSERT })?;
        let mut update = conn.prepare(UPDATE)?;
        let mut in_transaction = 0u64;
        conn.execute_batch("BEGIN")?;
        for chunk in checked {
            waiting.insert(chunk.seq, chunk);
            while let Some(chunk) = waiting.remove(&next) {
                next += 1;
                loaded.rows += chunk.read;
                loaded.skipped += chunk.skipped;
                skipped.store(loaded.skipped, Ordering::Relaxed);
                let room = KEPT_PROBLEMS.saturating_sub(loaded.problems.len());
                loaded
                    .problems
                    .extend(chunk.problems.into_iter().take(room));
                for row in chunk.rows {
                    let mask = themes.mask_adding(conn, &row.themes)?;
                    let (lo, hi) = split(mask);
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
                    if let Some(ids) = loaded.ids.as_mut() {
                        ids.add(&row.id);
                    }
                    if insert.execute(values)? == 1 {
                        loaded.counts.added += 1;
                        if let Some(o) = loaded.openings.as_mut()
                            && !row.opening_tags.is_empty()
                        {
                            let rating = row.rating.map(i64::from);
                            o.add(&row.opening_tags, rating, conn.last_insert_rowid());
                        }
                    } else if update.execute(values)? == 1 {
                        loaded.counts.updated += 1;
                    } else {
                        loaded.counts.unchanged += 1;
                    }
                    in_transaction += 1;
                }
                if in_transaction >= TRANSACTION_ROWS {
                    conn.execute_batch("COMMIT; BEGIN")?;
                    in_transaction = 0;
                }
            }
        }
        conn.execute_batch("COMMIT")?;
    }
    Ok(loaded)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_cut_as_the_puzzle_reader_reads_them() {
        let long = vec![b' '; MAX_LINE_BYTES + 10];
        let text = [b"a\r\n".as_slice(), b"  \n", &long, b"\nlast"].concat();
        let mut input = Cursor::new(text);
        let mut lines = Vec::new();
        let mut out = Vec::new();
        while read_line(&mut input, &mut out).unwrap() {
            lines.push(std::mem::take(&mut out));
        }
        assert_eq!(lines.len(), 4);
        assert_eq!(lines[0], b"a\r\n");
        assert!(is_blank(&lines[1]));
        // Cut to one byte more than the reader keeps, so that it says the
        // line is too long (a long line of spaces is a bad row, not blank).
        assert_eq!(lines[2].len(), MAX_LINE_BYTES + 2);
        assert!(!is_blank(&lines[2]));
        assert_eq!(lines[3], b"last\n");
    }
}
