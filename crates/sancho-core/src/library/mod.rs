//! The offline puzzle library: the Lichess puzzle database imported once into
//! a local SQLite file, then filtered and picked from in milliseconds.
//!
//! - [`import()`] streams a Lichess CSV (plain or zstd, the shell wraps the
//!   decoder), validates every row with the puzzle reader's checks and writes
//!   the library into a temporary file that replaces the old one only once it
//!   is complete.
//! - [`Library`] opens a library without scanning it and answers
//!   [`Library::count`], [`Library::pick`], [`Library::get`],
//!   [`Library::theme_counts`] and [`Library::stats`].
//! - `synth` (behind the `synth` feature, which the tests, benches and
//!   examples turn on) writes realistic synthetic Lichess CSV for tests and
//!   measurements; it is not part of the shipped binary.
//!
//! Paths and readers come from the shell; nothing here reads a clock or
//! draws on a terminal. See `docs/LIBRARY.md` for the design and figures.

mod counts;
pub(crate) mod curate;
mod filter;
mod import;
mod load;
mod query;
mod row;
mod schema;
#[cfg(feature = "synth")]
pub mod synth;

use std::collections::BTreeMap;

use serde::Serialize;

pub use curate::{CurateError, CurateOptions, Curated, curate, curate_except, write_lichess_csv};
pub use filter::Filter;
pub use import::{
    CountingReader, ImportProgress, ImportSummary, SkippedRow, import, lock_path, temp_path,
};
pub use query::{Library, ThemeCount};
pub use row::LIBRARY_SOURCE;
pub use schema::SCHEMA_VERSION;

/// How many rows the import keeps the reasons of (the rest are only counted).
pub const KEPT_PROBLEMS: usize = 10;

/// Everything that can go wrong with a library.
#[derive(Debug, thiserror::Error)]
pub enum LibraryError {
    /// SQLite failed.
    #[error("database: {0}")]
    Sqlite(rusqlite::Error),
    /// SQLite found the file damaged part way through a query (a library
    /// cut off or overwritten); SQLite's words.
    #[error(
        "the library is damaged ({0}); `sancho import FILE` keeps it aside and builds a new one"
    )]
    Damaged(String),
    /// A file could not be read, written or renamed.
    #[error("{context}: {source}")]
    Io {
        /// What was being done.
        context: String,
        /// The error.
        source: std::io::Error,
    },
    /// There is no library at the path.
    #[error("no puzzle library at {0} (import one first)")]
    Missing(String),
    /// The file is not a puzzle library: empty, cut off, damaged, or
    /// something else.
    #[error(
        "{0} is not a whole sancho puzzle library (empty, cut off or damaged); `sancho import FILE` keeps it aside and builds a new one"
    )]
    NotALibrary(String),
    /// The library was written by a newer Sancho.
    #[error("the library has schema version {found}, this sancho reads up to {supported}")]
    NewerSchema {
        /// The file's version.
        found: i64,
        /// The newest version this build reads.
        supported: i64,
    },
    /// The CSV header lacks a required column: nothing can be imported.
    #[error("the csv cannot be imported: {0}")]
    Header(String),
    /// More distinct themes than the 128-bit mask holds.
    #[error("more than 128 distinct themes (at {0:?})")]
    TooManyThemes(String),
    /// A filter names a theme that no puzzle has.
    #[error("no such theme: {0}")]
    UnknownTheme(String),
    /// A filter names an opening tag that no puzzle has.
    #[error("no such opening tag: {0}")]
    UnknownOpening(String),
    /// Another import into the same library is running.
    #[error(
        "another import into this library is running (it holds {0}); try again when it is done"
    )]
    Busy(String),
    /// The progress callback asked to stop; the previous library is unchanged.
    #[error("import cancelled; the previous library is unchanged")]
    Cancelled,
    /// A stored row does not rebuild into a puzzle (the file was tampered with).
    #[error("puzzle {id} in the library is corrupt: {reason}")]
    Corrupt {
        /// The puzzle's id.
        id: String,
        /// What is wrong.
        reason: String,
    },
}

impl From<rusqlite::Error> for LibraryError {
    fn from(error: rusqlite::Error) -> Self {
        match error.sqlite_error_code() {
            Some(rusqlite::ErrorCode::DatabaseCorrupt | rusqlite::ErrorCode::NotADatabase) => {
                LibraryError::Damaged(error.to_string())
            }
            _ => LibraryError::Sqlite(error),
        }
    }
}

impl LibraryError {
    fn io(context: impl Into<String>) -> impl FnOnce(std::io::Error) -> LibraryError {
        let context = context.into();
        move |source| LibraryError::Io { context, source }
    }
}

/// One bar of the rating histogram.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RatingBucket {
    /// Lowest rating in the bar (inclusive).
    pub from: u32,
    /// Highest rating in the bar (inclusive).
    pub to: u32,
    /// Puzzles in it.
    pub count: u64,
}

/// One past import, as recorded in the library.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ImportRecord {
    /// The source's name (the file name the shell passed).
    pub source: String,
    /// Data rows read.
    pub rows: u64,
    /// New puzzles.
    pub added: u64,
    /// Puzzles whose stored fields changed.
    pub updated: u64,
    /// Puzzles already stored exactly so.
    pub unchanged: u64,
    /// Rows rejected.
    pub skipped: u64,
}

/// What `sancho library stats --json` prints.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LibraryStats {
    /// The file's schema version.
    pub schema_version: i64,
    /// Puzzles stored.
    pub puzzles: u64,
    /// Puzzles per theme, by theme name.
    pub themes: BTreeMap<String, u64>,
    /// Puzzles per 100-point rating band, lowest first (empty bands left out).
    pub ratings: Vec<RatingBucket>,
    /// Puzzles with at least one opening tag.
    pub with_opening: u64,
    /// Imports, oldest first.
    pub imports: Vec<ImportRecord>,
}
