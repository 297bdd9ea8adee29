//! Errors and notices of the progress store.

use std::fmt;
use std::io;
use std::path::PathBuf;

use super::disk::Damage;

/// Why a store operation failed. Every message names the path involved.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The data directory cannot be created, read or written.
    #[error("cannot use the data directory {}: {source}", path.display())]
    DataDir {
        /// The directory.
        path: PathBuf,
        /// The system's reason.
        source: io::Error,
    },
    /// A file cannot be read.
    #[error("cannot read {}: {source}", path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// The system's reason.
        source: io::Error,
    },
    /// A file cannot be written (the old document is still whole).
    #[error("cannot write {}: {source}", path.display())]
    Write {
        /// The file.
        path: PathBuf,
        /// The system's reason.
        source: io::Error,
    },
    /// The lock file cannot be locked.
    #[error("cannot lock {}: {source}", path.display())]
    Lock {
        /// The lock file.
        path: PathBuf,
        /// The system's reason.
        source: io::Error,
    },
    /// `progress.json` is a link to a file that is not there (a drive not
    /// mounted?): no fresh record is started in its place.
    #[error(
        "{} links to {}, which does not exist (is its drive mounted?); no fresh progress record was started over it",
        path.display(),
        target.display()
    )]
    DanglingLink {
        /// `progress.json`.
        path: PathBuf,
        /// Where the link leads.
        target: PathBuf,
    },
    /// The document is damaged and cannot be moved aside because the data
    /// directory cannot be written; it was left as it is.
    #[error(
        "{} is damaged ({damage}) and the data directory cannot be written to move it aside; it was left as it is",
        path.display()
    )]
    DamagedReadOnly {
        /// The document.
        path: PathBuf,
        /// What is wrong with it.
        damage: Damage,
    },
    /// The document was written by a newer Sancho; it is never overwritten.
    #[error(
        "{} was written by a newer Sancho (schema {found}, this one reads {supported}); it was left untouched",
        path.display()
    )]
    NewerSchema {
        /// The document.
        path: PathBuf,
        /// Its schema version.
        found: u32,
        /// The version this build reads.
        supported: u32,
    },
    /// A file given to import is not a whole progress document.
    #[error("cannot import {}: {damage}", path.display())]
    ImportDamaged {
        /// The file.
        path: PathBuf,
        /// What is wrong with it.
        damage: Damage,
    },
    /// An export would replace what it must not: a device, a directory,
    /// or the store's own files (nothing was written).
    #[error("cannot export to {}: {reason}", path.display())]
    ExportRefused {
        /// Where the export was to go.
        path: PathBuf,
        /// Why not there.
        reason: ExportRefusal,
    },
    /// The document could not be encoded (never expected).
    #[error("cannot encode the progress document: {0}")]
    Encode(#[from] serde_json::Error),
}

/// Why an export was not written where it was asked to go.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExportRefusal {
    /// The path is `progress.json` (or its target) or `progress.lock`.
    OwnFile,
    /// Something other than a regular file or a pipe is there.
    NotAFile(&'static str),
}

impl fmt::Display for ExportRefusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ExportRefusal::OwnFile => f.write_str(
                "it is one of the progress store's own files (progress.json or progress.lock)",
            ),
            ExportRefusal::NotAFile(kind) => write!(
                f,
                "it is {kind}; an export goes to a file, a pipe, or - for standard output"
            ),
        }
    }
}

/// Tells the caller that a damaged `progress.json` was moved aside and a
/// fresh record started, so that the UI can say so in plain words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Recovered {
    /// What was wrong with the file.
    pub damage: Damage,
    /// Where the old bytes now are (`progress.corrupt-<timestamp>.json`).
    pub moved_to: PathBuf,
}

impl fmt::Display for Recovered {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "your progress file could not be read ({}); it was kept as {} and a fresh progress record was started",
            self.damage,
            self.moved_to.display()
        )
    }
}
