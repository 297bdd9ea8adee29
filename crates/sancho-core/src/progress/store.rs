//! The crash-safe store of `progress.json` (see the module documentation of
//! [`crate::progress`] for the guarantees and how they are kept).

use std::collections::hash_map::RandomState;
use std::fs::{self, File, OpenOptions};
use std::hash::{BuildHasher, Hasher};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use super::disk::Damage;
use super::disk::{self, DecodeError, Extra, SCHEMA};
use super::error::{ExportRefusal, Recovered, StoreError};
use super::history::{Attempt, AttemptId, DrillId, DrillResult, MergeSummary, Timestamp};
use super::model::Progress;
use crate::config::Retention;

use crate::files;
use crate::files::{
    LockGuard, Names, aside_path, parent_of, remove_stale_temps, same_file, sync_dir, temp_file,
    write_atomic,
};
pub use crate::files::{file_kind, follow_links};

/// The document's file name in the data directory.
pub const FILE_NAME: &str = "progress.json";
/// The lock file's name in the data directory.
pub const LOCK_NAME: &str = "progress.lock";
/// How the store's files are named.
const NAMES: Names = Names { stem: "progress" };

/// What an import added.
pub type ImportSummary = MergeSummary;

/// What recording an attempt did to the user's rating.
#[derive(Debug, Clone, PartialEq)]
pub struct Recorded {
    /// The attempt's new unique id.
    pub id: AttemptId,
    /// Whether the attempt moved the rating (the first attempt at a rated
    /// puzzle does; later ones and unrated puzzles do not).
    pub rated: bool,
    /// The user's rating just before.
    pub rating_before: f64,
    /// The user's rating just after (equal to `rating_before` if not rated).
    pub rating_after: f64,
    /// The rating's deviation just after: the rating is provisional (shown
    /// `1500?`) while it is at least [`super::PROVISIONAL_DEVIATION`].
    pub deviation_after: f64,
    /// Why the rating did not move (`None` when it did).
    pub unrated: Option<Unrated>,
}

/// Why an attempt left the rating where it was.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unrated {
    /// Only a first attempt at a rated puzzle moves the rating.
    Repeat,
    /// The puzzle has no rating (a mined puzzle, a file without ratings).
    UnratedPuzzle,
    /// A mode that never moves the rating (Storm, Streak, the course), as
    /// on Lichess.
    Mode,
    /// A replay of a failed puzzle (`play --replay-failed`).
    Replay,
}

impl Unrated {
    /// Why an attempt did not move the rating: `rated_puzzle` says whether
    /// the puzzle had a rating to be rated against.
    #[must_use]
    pub fn of(rated_puzzle: bool) -> Unrated {
        if rated_puzzle {
            Unrated::Repeat
        } else {
            Unrated::UnratedPuzzle
        }
    }

    /// Why, in words: "only a first attempt at a rated puzzle moves it".
    #[must_use]
    pub fn describe(self) -> &'static str {
        match self {
            Unrated::Repeat => "only a first attempt at a rated puzzle moves it",
            Unrated::UnratedPuzzle => "this puzzle has no rating to be rated against",
            Unrated::Mode => "this mode does not move it",
            Unrated::Replay => "a replay does not move it",
        }
    }
}

/// Fresh ids for the records of one change made at one time (see
/// [`Store::record_stamped`]): random enough that two processes never mint
/// the same.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ids {
    at: Timestamp,
    nonce: u64,
}

impl Ids {
    /// Ids for records made `at`, distinguished by `nonce` (tests).
    #[must_use]
    pub fn new(at: Timestamp, nonce: u64) -> Ids {
        Ids { at, nonce }
    }

    /// The id of an attempt at `puzzle`.
    #[must_use]
    pub fn attempt(&self, puzzle: &str) -> AttemptId {
        AttemptId::new(self.at, puzzle, self.nonce)
    }

    /// The id of a drill result of `kind`.
    #[must_use]
    pub fn drill(&self, kind: &str) -> DrillId {
        DrillId::new(self.at, kind, self.nonce)
    }

    /// The id of a repertoire card's review.
    #[must_use]
    pub fn card_review(&self) -> String {
        format!("{}-repertoire-{:016x}", self.at.0, self.nonce)
    }

    /// The id of a game played out against the engine.
    #[must_use]
    pub fn game(&self) -> String {
        format!("{}-game-{:016x}", self.at.0, self.nonce)
    }

    /// The id of a Storm or Streak run.
    #[must_use]
    pub fn run(&self, mode: super::runs::Mode) -> String {
        format!("{}-{}-{:016x}", self.at.0, mode.as_str(), self.nonce)
    }
}

impl Recorded {
    /// The rating after, as shown: `1527`, or `1527?` while provisional.
    #[must_use]
    pub fn shown_after(&self) -> String {
        super::UserRating {
            rating: self.rating_after,
            deviation: self.deviation_after,
            volatility: 0.0,
        }
        .shown()
    }

    /// "+12, now 1527" (rounded; `1527?` while provisional), or
    /// "unchanged at 1527 (only a first attempt at a rated puzzle moves it)".
    #[must_use]
    pub fn describe(&self) -> String {
        let (before, after) = (self.rating_before.round(), self.rating_after.round());
        let shown = self.shown_after();
        if self.rated {
            format!("{:+}, now {shown}", after - before)
        } else {
            let why = self.unrated.unwrap_or(Unrated::Repeat).describe();
            format!("unchanged at {shown} ({why})")
        }
    }
}

/// What recording a lesson's result did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LessonRecorded {
    /// This result's score.
    pub score: super::LessonScore,
    /// The best score so far, this one included.
    pub best: super::LessonScore,
    /// Whether the lesson is now completed (this or an earlier pass).
    pub completed: bool,
}

/// Where an export went.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Exported {
    /// Into a regular file, replaced whole.
    File,
    /// Through a pipe (whose reader may be the user's terminal or script).
    ThroughPipe,
}

/// A freshly opened store, with a notice if the old file had to be moved aside.
#[derive(Debug)]
pub struct Opened {
    /// The store.
    pub store: Store,
    /// Set when a damaged `progress.json` was moved aside.
    pub notice: Option<Recovered>,
}

/// What the store knows of the file on disk.
#[derive(Debug)]
enum OnDisk {
    /// Not known: read and decode it next time.
    Unknown,
    /// There was no file.
    Missing,
    /// The file held exactly these bytes, which `progress` decodes.
    Bytes(Vec<u8>),
}

/// The user's progress in a data directory, kept in `progress.json`.
#[derive(Debug)]
pub struct Store {
    file: PathBuf,
    lock_path: PathBuf,
    /// `None` for a store opened only to read ([`Store::open_for_reading`]).
    lock: Option<File>,
    progress: Progress,
    /// Top-level fields of the document this version does not know, kept.
    extra: Extra,
    on_disk: OnDisk,
    notice: Option<Recovered>,
    /// The latest time the store has been told of, for naming moved files.
    clock: Timestamp,
    seed: u64,
    counter: u64,
    /// The desired retention every reading of the file is scheduled at.
    retention: Retention,
}

impl Store {
    /// Opens (creating if needed) the store in `dir`. `now` names the
    /// moved-aside file if `progress.json` is damaged.
    ///
    /// # Errors
    /// [`StoreError::DataDir`] if the directory cannot be created or written,
    /// [`StoreError::NewerSchema`] if a newer Sancho wrote the file (it is
    /// left untouched), [`StoreError::DanglingLink`] if `progress.json` is a
    /// link to nothing, [`StoreError::Read`] / [`StoreError::Lock`] on I/O failures.
    pub fn open(dir: &Path, now: Timestamp) -> Result<Opened, StoreError> {
        let data_dir_error = |source| StoreError::DataDir {
            path: dir.to_path_buf(),
            source,
        };
        fs::create_dir_all(dir).map_err(data_dir_error)?;
        let lock_path = dir.join(LOCK_NAME);
        let lock = OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(&lock_path)
            .map_err(|source| StoreError::Lock {
                path: lock_path.clone(),
                source,
            })?;
        let mut store = Store::new(dir, Some(lock), now);
        {
            let _guard = store.acquire()?;
            // Prove the directory is writable now rather than at the first save.
            temp_file(dir, NAMES).map_err(data_dir_error)?;
            remove_stale_temps(dir, NAMES);
            store.refresh()?;
            let target = store.target()?;
            let target_dir = parent_of(&target);
            if target_dir != dir {
                temp_file(target_dir, NAMES).map_err(|source| StoreError::DataDir {
                    path: target_dir.to_path_buf(),
                    source,
                })?;
                remove_stale_temps(target_dir, NAMES);
            }
        }
        let notice = store.notice.take();
        Ok(Opened { store, notice })
    }

    /// Opens the store in `dir` to read it (`stats`, `progress export`),
    /// creating nothing: a read-only or missing data directory reads as it
    /// is (no directory: no progress). Only a damaged `progress.json` makes
    /// it open the store as [`Store::open`] does, to move the file aside.
    /// Changing a store opened so fails as writing into the directory does.
    ///
    /// No lock is taken: every write replaces `progress.json` by a rename,
    /// so a read sees one whole document.
    ///
    /// # Errors
    /// [`StoreError::NewerSchema`], [`StoreError::DanglingLink`],
    /// [`StoreError::Read`]; for a damaged file in a directory that cannot
    /// be written, [`StoreError::DamagedReadOnly`].
    pub fn open_for_reading(dir: &Path, now: Timestamp) -> Result<Opened, StoreError> {
        let mut store = Store::new(dir, None, now);
        match store.read_document()? {
            Some(Err(damage)) => match Store::open(dir, now) {
                Ok(opened) => Ok(opened),
                Err(
                    StoreError::DataDir { .. } | StoreError::Lock { .. } | StoreError::Write { .. },
                ) => Err(StoreError::DamagedReadOnly {
                    path: store.file.clone(),
                    damage,
                }),
                Err(other) => Err(other),
            },
            Some(Ok(())) | None => Ok(Opened {
                store,
                notice: None,
            }),
        }
    }

    fn new(dir: &Path, lock: Option<File>, now: Timestamp) -> Store {
        let mut hasher = RandomState::new().build_hasher();
        hasher.write_u32(std::process::id());
        Store {
            file: dir.join(FILE_NAME),
            lock_path: dir.join(LOCK_NAME),
            lock,
            progress: Progress::new(),
            extra: Extra::new(),
            on_disk: OnDisk::Unknown,
            notice: None,
            clock: now,
            seed: hasher.finish(),
            counter: 0,
            retention: Retention::default(),
        }
    }

    /// The progress as last read or written.
    #[must_use]
    pub fn progress(&self) -> &Progress {
        &self.progress
    }

    /// The path of `progress.json`.
    #[must_use]
    pub fn path(&self) -> &Path {
        &self.file
    }

    /// A notice that a damaged file was found and moved aside during an
    /// operation after [`Store::open`]; taken once.
    pub fn take_notice(&mut self) -> Option<Recovered> {
        self.notice.take()
    }

    /// Under the lock: reloads the document, applies `change` to it and
    /// writes it back, so that records of other processes are kept.
    ///
    /// After an error the in-memory progress may show the unsaved change
    /// until the next operation reloads the file.
    ///
    /// # Errors
    /// See [`StoreError`]; on any error the file on disk is unchanged.
    pub fn record<R>(&mut self, change: impl FnOnce(&mut Progress) -> R) -> Result<R, StoreError> {
        let _guard = self.acquire()?;
        self.refresh()?;
        let result = change(&mut self.progress);
        self.save()?;
        Ok(result)
    }

    /// As [`Store::record`], for a change that mints ids: `change` gets
    /// an [`Ids`] for the time `at`, whose ids no other process mints.
    /// The one write behind `train::record`, whatever was finished.
    ///
    /// # Errors
    /// As [`Store::record`].
    pub fn record_stamped<R>(
        &mut self,
        at: Timestamp,
        change: impl FnOnce(&mut Progress, Ids) -> R,
    ) -> Result<R, StoreError> {
        self.clock = self.clock.max(at);
        let ids = Ids {
            at,
            nonce: self.nonce(),
        };
        self.record(move |p| change(p, ids))
    }

    /// Records a puzzle attempt and returns its new unique id.
    ///
    /// # Errors
    /// As [`Store::record`].
    pub fn record_attempt(&mut self, attempt: Attempt) -> Result<AttemptId, StoreError> {
        self.record_rated_attempt(attempt).map(|r| r.id)
    }

    /// Records a puzzle attempt (durably: it is on disk when this returns)
    /// and says how it moved the rating.
    ///
    /// # Errors
    /// As [`Store::record`].
    pub fn record_rated_attempt(&mut self, attempt: Attempt) -> Result<Recorded, StoreError> {
        self.clock = self.clock.max(attempt.at);
        let id = AttemptId::new(attempt.at, &attempt.puzzle.id, self.nonce());
        let stored = id.clone();
        self.record(move |p| p.insert_recorded(stored, attempt))
    }

    /// Records a lesson's drill result (its kind is the lesson's id) and
    /// completes the lesson of `size` exercises when it is passed (at least
    /// [`super::LESSON_PASS_PERCENT`] of all its exercises right), in one write.
    ///
    /// # Errors
    /// As [`Store::record`].
    pub fn record_lesson(
        &mut self,
        lesson: &str,
        size: u32,
        result: DrillResult,
    ) -> Result<LessonRecorded, StoreError> {
        self.clock = self.clock.max(result.at);
        let id = DrillId::new(result.at, &result.kind, self.nonce());
        let score = super::LessonScore::of(result.correct, result.exercises, size);
        self.record(move |p| {
            if result.exercises > 0 {
                p.insert_drill(id, result);
            }
            if score.passed() {
                p.complete_lesson(lesson);
            }
            LessonRecorded {
                score,
                best: p.lesson_best(lesson, size).unwrap_or(score),
                completed: p.lessons().contains(lesson),
            }
        })
    }

    /// Records a drill result and returns its new unique id.
    ///
    /// # Errors
    /// As [`Store::record`].
    pub fn record_drill(&mut self, drill: DrillResult) -> Result<DrillId, StoreError> {
        self.clock = self.clock.max(drill.at);
        let id = DrillId::new(drill.at, &drill.kind, self.nonce());
        let stored = id.clone();
        self.record(move |p| p.insert_drill(stored, drill))?;
        Ok(id)
    }

    /// Records a finished Storm or Streak run (durably) and returns the
    /// bests with it, "today" being the UTC day of the run.
    ///
    /// # Errors
    /// As [`Store::record`].
    pub fn record_run(
        &mut self,
        run: super::runs::ModeRun,
    ) -> Result<super::runs::ModeRecords, StoreError> {
        self.clock = self.clock.max(run.at);
        let at = run.at;
        let id = format!("{}-{}-{:016x}", run.at.0, run.mode.as_str(), self.nonce());
        self.record(move |p| {
            p.insert_run(id, run);
            p.mode_records(at)
        })
    }

    /// Adds a new set (durably) under an identity of its own
    /// ([`super::SetId::new`]: when it was made and a random nonce), so
    /// that a set deleted and made again under the same name is another set.
    ///
    /// # Errors
    /// As [`Store::record`]; the inner error is [`super::SetError::Duplicate`]
    /// when a set has the name (nothing changes).
    pub fn add_set(
        &mut self,
        mut set: super::PuzzleSet,
    ) -> Result<Result<super::SetId, super::SetError>, StoreError> {
        self.clock = self.clock.max(set.created);
        set.id = super::SetId::new(set.created, self.nonce());
        let id = set.id.clone();
        self.record(move |p| p.add_set(set).map(|()| id))
    }

    /// Marks a lesson complete; returns false if it already was.
    ///
    /// # Errors
    /// As [`Store::record`].
    pub fn complete_lesson(&mut self, lesson: &str) -> Result<bool, StoreError> {
        self.record(|p| p.complete_lesson(lesson))
    }

    /// The current document (re-read under the lock), as an export holds it.
    ///
    /// # Errors
    /// The errors of reloading.
    pub fn document(&mut self) -> Result<Vec<u8>, StoreError> {
        let _guard = self.acquire()?;
        self.refresh()?;
        Ok(disk::encode_document(&self.progress, &self.extra)?)
    }

    /// Writes a copy of the current document to `path` (see [`Store::write_export`]).
    ///
    /// # Errors
    /// As [`Store::document`] and [`Store::write_export`].
    pub fn export(&mut self, path: &Path) -> Result<Exported, StoreError> {
        let bytes = self.document()?;
        self.write_export(path, &bytes)
    }

    /// Writes `bytes` (an export of this store's progress) to `path`: a
    /// regular file, or none yet, is replaced atomically (a link is followed
    /// and kept); a pipe (a FIFO, `/dev/stdout` into a pipe) is written
    /// through. Anything else (a device, a directory, a socket) is refused,
    /// and so are the store's own files: replacing `progress.lock` would
    /// break the lock between processes.
    ///
    /// # Errors
    /// [`StoreError::ExportRefused`] (nothing written), [`StoreError::Write`].
    pub fn write_export(&self, path: &Path, bytes: &[u8]) -> Result<Exported, StoreError> {
        let write_error = |source| StoreError::Write {
            path: path.to_path_buf(),
            source,
        };
        let refused = |reason| StoreError::ExportRefused {
            path: path.to_path_buf(),
            reason,
        };
        match fs::metadata(path) {
            Ok(meta) if files::is_pipe(&meta.file_type()) => {
                let mut pipe = OpenOptions::new()
                    .write(true)
                    .open(path)
                    .map_err(write_error)?;
                pipe.write_all(bytes)
                    .and_then(|()| pipe.flush())
                    .map_err(write_error)?;
                Ok(Exported::ThroughPipe)
            }
            Ok(meta) if !meta.is_file() => Err(refused(ExportRefusal::NotAFile(files::file_kind(
                &meta.file_type(),
            )))),
            Ok(_) => self.replace_export(path, bytes),
            Err(e) if e.kind() == io::ErrorKind::NotFound => self.replace_export(path, bytes),
            Err(source) => Err(write_error(source)),
        }
    }

    /// Replaces the regular file at `path` (or where its links lead), unless
    /// it is one of the store's own.
    fn replace_export(&self, path: &Path, bytes: &[u8]) -> Result<Exported, StoreError> {
        let write_error = |source| StoreError::Write {
            path: path.to_path_buf(),
            source,
        };
        let target = follow_links(path).map_err(write_error)?;
        let own = [self.file.clone(), self.lock_path.clone(), self.target()?];
        if own.iter().any(|file| same_file(file, &target)) {
            return Err(StoreError::ExportRefused {
                path: path.to_path_buf(),
                reason: ExportRefusal::OwnFile,
            });
        }
        write_atomic(parent_of(&target), &target, bytes, NAMES).map_err(write_error)?;
        Ok(Exported::File)
    }

    /// Merges the document at `path` into the store (a union by id).
    ///
    /// # Errors
    /// [`StoreError::Read`], [`StoreError::ImportDamaged`] or
    /// [`StoreError::NewerSchema`] naming `path`, or the errors of [`Store::record`].
    pub fn import(&mut self, path: &Path) -> Result<ImportSummary, StoreError> {
        let bytes = fs::read(path).map_err(|source| StoreError::Read {
            path: path.to_path_buf(),
            source,
        })?;
        self.import_bytes(path, &bytes)
    }

    /// Merges the document `bytes`, read from `path` (named in errors),
    /// into the store: the shell reads the file (within its bounds) and
    /// hands the bytes in.
    ///
    /// # Errors
    /// As [`Store::import`].
    pub fn import_bytes(&mut self, path: &Path, bytes: &[u8]) -> Result<ImportSummary, StoreError> {
        let (incoming, incoming_extra) = match disk::decode_document(bytes) {
            Ok(document) => document,
            Err(DecodeError::Newer(found)) => {
                return Err(StoreError::NewerSchema {
                    path: path.to_path_buf(),
                    found,
                    supported: SCHEMA,
                });
            }
            Err(DecodeError::Damaged(damage)) => {
                return Err(StoreError::ImportDamaged {
                    path: path.to_path_buf(),
                    damage,
                });
            }
        };
        let summary = self.record(|p| p.merge(incoming))?;
        // Unknown fields the import brings, that ours lack, are kept too.
        if incoming_extra.keys().any(|k| !self.extra.contains_key(k)) {
            let _guard = self.acquire()?;
            self.refresh()?;
            for (key, value) in incoming_extra {
                self.extra.entry(key).or_insert(value);
            }
            self.save()?;
        }
        Ok(summary)
    }

    /// Moves `progress.json` aside as `progress.backup-<now>.json` and starts
    /// an empty record. Returns the backup's path, or `None` if there was no
    /// file to keep. (Asking the user first is the shell's job.)
    ///
    /// # Errors
    /// [`StoreError::NewerSchema`] (nothing is moved), or I/O errors.
    pub fn reset(&mut self, now: Timestamp) -> Result<Option<PathBuf>, StoreError> {
        self.clock = self.clock.max(now);
        let _guard = self.acquire()?;
        self.refresh()?;
        let backup = if matches!(self.on_disk, OnDisk::Bytes(_)) {
            let target = self.target()?;
            let dir = parent_of(&target);
            let backup = aside_path(dir, NAMES, "backup", now);
            fs::rename(&target, &backup).map_err(|source| StoreError::Write {
                path: backup.clone(),
                source,
            })?;
            sync_dir(dir);
            self.on_disk = OnDisk::Missing;
            Some(backup)
        } else {
            None
        };
        self.adopt(Progress::new());
        self.extra = Extra::new();
        self.save()?;
        Ok(backup)
    }

    fn acquire(&self) -> Result<LockGuard, StoreError> {
        LockGuard::acquire(self.lock.as_ref()).map_err(|source| StoreError::Lock {
            path: self.lock_path.clone(),
            source,
        })
    }

    /// Takes `progress` as read (or reset), scheduled at the retention set.
    fn adopt(&mut self, mut progress: Progress) {
        progress.set_retention(self.retention);
        self.progress = progress;
    }

    /// Schedules reviews at the desired `retention` (config.toml's), now
    /// and after every reading of the file.
    pub fn set_retention(&mut self, retention: Retention) {
        self.retention = retention;
        self.progress.set_retention(retention);
    }

    fn nonce(&mut self) -> u64 {
        self.counter = self.counter.wrapping_add(1);
        splitmix64(self.seed.wrapping_add(self.counter))
    }

    /// Brings `progress` up to date with the file (call under the lock),
    /// moving a damaged file aside.
    fn refresh(&mut self) -> Result<(), StoreError> {
        let Some(Err(damage)) = self.read_document()? else {
            return Ok(());
        };
        let target = self.target()?;
        let dir = parent_of(&target);
        let moved_to = aside_path(dir, NAMES, "corrupt", self.clock);
        fs::rename(&target, &moved_to).map_err(|source| StoreError::Write {
            path: moved_to.clone(),
            source,
        })?;
        sync_dir(dir);
        self.adopt(Progress::new());
        self.extra = Extra::new();
        self.on_disk = OnDisk::Missing;
        self.notice = Some(Recovered { damage, moved_to });
        Ok(())
    }

    /// Reads and decodes the file into `progress`: `None` when there is no
    /// file, `Some(Err(damage))` (nothing changed) when it is damaged.
    fn read_document(&mut self) -> Result<Option<Result<(), Damage>>, StoreError> {
        let bytes = match fs::read(&self.file) {
            Ok(bytes) => bytes,
            Err(error) if error.kind() == io::ErrorKind::NotFound => {
                // A link to nothing (an unmounted drive) is not "no
                // progress"; only a target this store moved aside itself
                // is written afresh.
                let target = self.target()?;
                if target != self.file && !matches!(self.on_disk, OnDisk::Missing) {
                    return Err(StoreError::DanglingLink {
                        path: self.file.clone(),
                        target,
                    });
                }
                self.adopt(Progress::new());
                self.extra = Extra::new();
                self.on_disk = OnDisk::Missing;
                return Ok(None);
            }
            Err(source) => {
                return Err(StoreError::Read {
                    path: self.file.clone(),
                    source,
                });
            }
        };
        if matches!(&self.on_disk, OnDisk::Bytes(known) if *known == bytes) {
            return Ok(Some(Ok(())));
        }
        match disk::decode_document(&bytes) {
            Ok((progress, extra)) => {
                self.adopt(progress);
                self.extra = extra;
                self.on_disk = OnDisk::Bytes(bytes);
                Ok(Some(Ok(())))
            }
            Err(DecodeError::Newer(found)) => {
                self.on_disk = OnDisk::Unknown;
                Err(StoreError::NewerSchema {
                    path: self.file.clone(),
                    found,
                    supported: SCHEMA,
                })
            }
            Err(DecodeError::Damaged(damage)) => Ok(Some(Err(damage))),
        }
    }

    /// The file that holds the document: `progress.json`, or where it
    /// links to (see [`follow_links`]).
    fn target(&self) -> Result<PathBuf, StoreError> {
        follow_links(&self.file).map_err(|source| StoreError::Read {
            path: self.file.clone(),
            source,
        })
    }

    /// Writes `progress` if it differs from the file (call under the lock).
    fn save(&mut self) -> Result<(), StoreError> {
        let bytes = match disk::encode_document(&self.progress, &self.extra) {
            Ok(bytes) => bytes,
            Err(error) => {
                self.on_disk = OnDisk::Unknown;
                return Err(error.into());
            }
        };
        if matches!(&self.on_disk, OnDisk::Bytes(known) if *known == bytes) {
            return Ok(());
        }
        let target = self.target()?;
        match write_atomic(parent_of(&target), &target, &bytes, NAMES) {
            Ok(()) => {
                self.on_disk = OnDisk::Bytes(bytes);
                Ok(())
            }
            Err(source) => {
                self.on_disk = OnDisk::Unknown;
                Err(StoreError::Write {
                    path: self.file.clone(),
                    source,
                })
            }
        }
    }
}

/// A 64-bit mixer (splitmix64) to spread the nonce seed and counter.
fn splitmix64(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}
