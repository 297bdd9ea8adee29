//! The crash-safe store of `repertoire.json`, beside `progress.json` in
//! the data directory, with the progress store's guarantees:
//!
//! - **Atomic writes.** A change is written to a temporary file beside it,
//!   synced and renamed over the document; a crash leaves the old or the
//!   new document whole, and temporary files a killed process left are
//!   removed at the next open.
//! - **Concurrent writers.** Every change takes an exclusive lock on
//!   `repertoire.lock`, reads the document again, changes what it read and
//!   writes it: what another process saved meanwhile is kept.
//! - **Damage is never hidden.** An empty, truncated or corrupt document
//!   is renamed to `repertoire.corrupt-<time>.json` (its bytes untouched),
//!   an empty one starts, and the store says so ([`Recovered`]).
//! - **Newer files are left alone**: one a newer Sancho wrote is never
//!   moved or overwritten.

use std::fmt;
use std::fs::{self, File, OpenOptions};
use std::io;
use std::path::{Path, PathBuf};

use super::book::Repertoire;
use super::disk::{self, DecodeError, Document, Held, SCHEMA};
use crate::files::{
    LockGuard, Names, aside_path, follow_links, parent_of, remove_stale_temps, sync_dir, temp_file,
    write_atomic,
};
use crate::progress::{Damage, NameProblem, Timestamp, checked_name};

/// How the store's files are named.
const NAMES: Names = Names { stem: "repertoire" };

/// The document's file name in the data directory.
pub const FILE_NAME: &str = "repertoire.json";

/// Why the repertoires could not be read, changed or written. Every
/// message names what it is about.
#[derive(Debug, thiserror::Error)]
pub enum RepertoireError {
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
    /// `repertoire.json` links to a file that is not there.
    #[error(
        "{} links to {}, which does not exist (is its drive mounted?); nothing was written over it",
        path.display(),
        target.display()
    )]
    DanglingLink {
        /// `repertoire.json`.
        path: PathBuf,
        /// Where the link leads.
        target: PathBuf,
    },
    /// The document is damaged and the directory cannot be written to move
    /// it aside; it was left as it is.
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
    /// A newer Sancho wrote the document; it is never overwritten.
    #[error(
        "{} was written by a newer Sancho (schema {found}, this one reads {supported}); it was left untouched",
        path.display()
    )]
    NewerSchema {
        /// The document.
        path: PathBuf,
        /// Its schema.
        found: u32,
        /// The schema this build reads.
        supported: u32,
    },
    /// The document could not be encoded (never expected).
    #[error("cannot encode the repertoires: {0}")]
    Encode(#[from] serde_json::Error),
    /// No repertoire has this name.
    #[error("there is no repertoire named {0:?}")]
    NotFound(String),
    /// A repertoire of this name plays the other side.
    #[error(
        "the repertoire {name:?} plays {side}; add its games with --side {side}, or name another repertoire with --name"
    )]
    OtherSide {
        /// The repertoire.
        name: String,
        /// The side it plays (`white`, `black`).
        side: &'static str,
    },
    /// A name that cannot be a repertoire's (the rule of set names,
    /// [`checked_name`]).
    #[error("the repertoire name {name:?} {problem}")]
    BadName {
        /// The name.
        name: String,
        /// What is wrong with it.
        problem: NameProblem,
    },
}

/// Checks a repertoire's name by the rule of every name the user gives
/// ([`checked_name`]); returns it trimmed.
///
/// # Errors
/// [`RepertoireError::BadName`].
pub fn check_name(name: &str) -> Result<&str, RepertoireError> {
    checked_name(name).map_err(|problem| RepertoireError::BadName {
        name: name.to_owned(),
        problem,
    })
}

/// Tells the caller that a damaged `repertoire.json` was moved aside.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Recovered {
    /// What was wrong with the file.
    pub damage: Damage,
    /// Where its bytes now are.
    pub moved_to: PathBuf,
}

impl fmt::Display for Recovered {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "your repertoire file could not be read ({}); it was kept as {} and an empty one was started (add your PGN files again: your reviews are kept in your progress)",
            self.damage,
            self.moved_to.display()
        )
    }
}

/// The repertoires in a data directory.
#[derive(Debug)]
pub struct RepertoireStore {
    file: PathBuf,
    lock_path: PathBuf,
    /// `None` for a store opened only to read.
    lock: Option<File>,
    /// The repertoires, those held aside and the unknown fields, as last
    /// read or written.
    document: Document,
    /// The bytes last read or written (a change reads again only if the
    /// file changed).
    on_disk: Option<Vec<u8>>,
    notice: Option<Recovered>,
    clock: Timestamp,
}

impl RepertoireStore {
    /// Opens (creating the directory if needed) the repertoires in `dir`;
    /// `now` names the file a damaged document is moved to.
    ///
    /// # Errors
    /// The directory cannot be made or written, the lock cannot be taken,
    /// the document cannot be read, or a newer Sancho wrote it.
    pub fn open(dir: &Path, now: Timestamp) -> Result<RepertoireStore, RepertoireError> {
        let data_dir = |source| RepertoireError::DataDir {
            path: dir.to_path_buf(),
            source,
        };
        fs::create_dir_all(dir).map_err(data_dir)?;
        let lock_path = dir.join(NAMES.lock());
        let lock = OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(&lock_path)
            .map_err(|source| RepertoireError::Lock {
                path: lock_path.clone(),
                source,
            })?;
        let mut store = RepertoireStore::new(dir, Some(lock), now);
        {
            let _guard = store.acquire()?;
            temp_file(dir, NAMES).map_err(data_dir)?;
            remove_stale_temps(dir, NAMES);
            store.refresh()?;
        }
        Ok(store)
    }

    /// Opens the repertoires in `dir` to read them, creating nothing (no
    /// directory or no file: no repertoires). Only a damaged document
    /// makes it open the store as [`RepertoireStore::open`] does, to move
    /// the file aside.
    ///
    /// # Errors
    /// As [`RepertoireStore::open`]; for a damaged document in a directory
    /// that cannot be written, [`RepertoireError::DamagedReadOnly`].
    pub fn open_for_reading(
        dir: &Path,
        now: Timestamp,
    ) -> Result<RepertoireStore, RepertoireError> {
        let mut store = RepertoireStore::new(dir, None, now);
        match store.read()? {
            Some(Err(damage)) => match RepertoireStore::open(dir, now) {
                Ok(opened) => Ok(opened),
                Err(
                    RepertoireError::DataDir { .. }
                    | RepertoireError::Lock { .. }
                    | RepertoireError::Write { .. },
                ) => Err(RepertoireError::DamagedReadOnly {
                    path: store.file.clone(),
                    damage,
                }),
                Err(other) => Err(other),
            },
            Some(Ok(())) | None => Ok(store),
        }
    }

    fn new(dir: &Path, lock: Option<File>, now: Timestamp) -> RepertoireStore {
        RepertoireStore {
            file: dir.join(NAMES.document()),
            lock_path: dir.join(NAMES.lock()),
            lock,
            document: Document::default(),
            on_disk: None,
            notice: None,
            clock: now,
        }
    }

    /// The repertoires as last read or written, by name.
    #[must_use]
    pub fn repertoires(&self) -> &[Repertoire] {
        &self.document.repertoires
    }

    /// The repertoires the file holds under a name that breaks the rule
    /// of names (hand-edited): kept as they are, never shown or changed.
    #[must_use]
    pub fn held(&self) -> &[Held] {
        &self.document.held
    }

    /// The repertoire named `name`.
    #[must_use]
    pub fn get(&self, name: &str) -> Option<&Repertoire> {
        self.document.repertoires.iter().find(|r| r.name() == name)
    }

    /// The path of `repertoire.json`.
    #[must_use]
    pub fn path(&self) -> &Path {
        &self.file
    }

    /// That a damaged document was moved aside (once).
    pub fn take_notice(&mut self) -> Option<Recovered> {
        self.notice.take()
    }

    /// Under the lock: reads the document again, applies `change` to the
    /// repertoires and writes them back, sorted by name.
    ///
    /// # Errors
    /// What `change` says (nothing is written then), or the store's own.
    pub fn change<R>(
        &mut self,
        now: Timestamp,
        change: impl FnOnce(&mut Vec<Repertoire>) -> Result<R, RepertoireError>,
    ) -> Result<R, RepertoireError> {
        self.clock = self.clock.max(now);
        let _guard = self.acquire()?;
        self.refresh()?;
        let mut changed = self.document.repertoires.clone();
        let result = change(&mut changed)?;
        changed.sort_by(|a, b| a.name().cmp(b.name()));
        let document = Document {
            repertoires: changed,
            held: self.document.held.clone(),
            unknown: self.document.unknown.clone(),
        };
        let bytes = disk::encode(&document)?;
        let target = self.target()?;
        write_atomic(parent_of(&target), &target, &bytes, NAMES).map_err(|source| {
            RepertoireError::Write {
                path: self.file.clone(),
                source,
            }
        })?;
        self.document = document;
        self.on_disk = Some(bytes);
        Ok(result)
    }

    fn acquire(&self) -> Result<LockGuard, RepertoireError> {
        LockGuard::acquire(self.lock.as_ref()).map_err(|source| RepertoireError::Lock {
            path: self.lock_path.clone(),
            source,
        })
    }

    fn target(&self) -> Result<PathBuf, RepertoireError> {
        follow_links(&self.file).map_err(|source| RepertoireError::Read {
            path: self.file.clone(),
            source,
        })
    }

    /// Reads the document again (under the lock), moving a damaged one
    /// aside.
    fn refresh(&mut self) -> Result<(), RepertoireError> {
        let Some(Err(damage)) = self.read()? else {
            return Ok(());
        };
        let target = self.target()?;
        let dir = parent_of(&target);
        let moved_to = aside_path(dir, NAMES, "corrupt", self.clock);
        fs::rename(&target, &moved_to).map_err(|source| RepertoireError::Write {
            path: moved_to.clone(),
            source,
        })?;
        sync_dir(dir);
        self.document = Document::default();
        self.on_disk = None;
        self.notice = Some(Recovered { damage, moved_to });
        Ok(())
    }

    /// Reads the document: `None` when there is none, `Some(Err(damage))`
    /// (nothing changed) when it is damaged.
    fn read(&mut self) -> Result<Option<Result<(), Damage>>, RepertoireError> {
        let bytes = match fs::read(&self.file) {
            Ok(bytes) => bytes,
            Err(error) if error.kind() == io::ErrorKind::NotFound => {
                let target = self.target()?;
                if target != self.file {
                    return Err(RepertoireError::DanglingLink {
                        path: self.file.clone(),
                        target,
                    });
                }
                self.document = Document::default();
                self.on_disk = None;
                return Ok(None);
            }
            Err(source) => {
                return Err(RepertoireError::Read {
                    path: self.file.clone(),
                    source,
                });
            }
        };
        if self.on_disk.as_ref() == Some(&bytes) {
            return Ok(Some(Ok(())));
        }
        match disk::decode(&bytes) {
            Ok(document) => {
                self.document = document;
                self.on_disk = Some(bytes);
                Ok(Some(Ok(())))
            }
            Err(DecodeError::Newer(found)) => Err(RepertoireError::NewerSchema {
                path: self.file.clone(),
                found,
                supported: SCHEMA,
            }),
            Err(DecodeError::Damaged(damage)) => Ok(Some(Err(damage))),
        }
    }
}
