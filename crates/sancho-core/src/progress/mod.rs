//! The user's progress: puzzle attempts, drill results and lessons, the
//! rating, review cards, streaks and weak spots derived from them, and the
//! crash-safe store that keeps them on the user's machine.
//!
//! # The model
//!
//! [`Progress`] is a log: attempts and drill results, each under a unique id,
//! and a set of completed lessons. Nothing derived is stored. The rating
//! (Glicko-2, see [`rating`]), the review cards (FSRS, see [`review`]), the
//! puzzles seen and the streaks are computed by replaying the attempts in
//! time order, so that two logs merged together always give one coherent
//! history. The exceptions: review cards carried over from SM-2 when a
//! schema-1 file was migrated (see [`disk`]), from which replay continues;
//! Woodpecker sets and their cycles ([`sets`]); FSRS parameters fitted to
//! the review log ([`optimize`]); what review drills trained ([`slips`]);
//! the repertoire trainer's reviews ([`openings`]) and the games played
//! out against the engine ([`games`]).
//!
//! # The store
//!
//! One JSON document, `progress.json`, in a data directory chosen by the
//! caller, with `"schema": 2` (format in [`disk`]; schema 1 is migrated).
//!
//! - **Atomic writes.** Every write goes to a temporary file in the same
//!   directory, is synced (`sync_all`), renamed over `progress.json`
//!   (`persist`) and the directory is synced where the platform allows it.
//!   A crash or `kill -9` at any instant leaves either the old or the new
//!   document whole. Temporary files left by a killed process are removed
//!   at the next open.
//! - **Concurrent writers.** Every change takes an exclusive lock on
//!   `progress.lock` (std's `File::lock`), reloads `progress.json`, applies
//!   the change to what it read (not to the in-memory copy) and writes,
//!   then unlocks. A write therefore keeps whatever another process saved
//!   in the meantime, and a reset made elsewhere is not undone.
//! - **Merge by identity.** Each attempt and drill result has an id made of
//!   its timestamp, its subject (puzzle id or drill kind) and a 64-bit random
//!   nonce (per-process random seed plus a counter). Merging two documents
//!   is a union by id (a record already present is kept as it is), so import
//!   and concurrent writers are the same operation.
//! - **Damage is never hidden.** An empty, truncated or corrupt
//!   `progress.json` is renamed to `progress.corrupt-<timestamp>.json`
//!   (bytes untouched), a fresh record starts, and [`Store::open`] returns a
//!   [`Recovered`] notice saying where the old file went.
//! - **Newer files are left alone.** A document whose schema is above ours
//!   is never moved or overwritten: opening, saving, resetting and importing
//!   it fail with [`StoreError::NewerSchema`].
//! - **Export** writes a copy of the document; **import** merges a document
//!   and reports how many attempts were new; **reset** renames the file to
//!   `progress.backup-<timestamp>.json` and starts an empty one.

pub(crate) mod class;
pub(crate) mod coords;
pub mod disk;
pub(crate) mod games;
pub(crate) mod openings;
pub mod optimize;
pub(crate) mod rating;
pub(crate) mod review;
pub(crate) mod runs;
pub(crate) mod sets;
pub(crate) mod slips;
pub mod sm2;

mod derive;
mod error;
mod history;
mod lesson;
mod model;
mod names;
mod pick;
mod recent;
mod resume;
mod stats;
mod store;
mod themes;
mod unknown;

pub use class::{
    CLASS_RESULT_FORMAT, ClassError, ClassReport, NotationSlip, PuzzleResult, SlipCount, Status,
    StudentResult,
};
pub use coords::{CoordColour, CoordMode, CoordRecords, CoordSetup, RECENT_SCORES, sparkline};
pub use derive::Streak;
pub use disk::{Damage, SCHEMA};
pub use error::{ExportRefusal, Recovered, StoreError};
pub use games::{EndgameStats, GoalRecord, PlayedGame, PlayedGameRecord};
pub use history::{
    Attempt, AttemptId, DrillId, DrillMistake, DrillResult, MAX_HINTS, MergeSummary, Outcome,
    PuzzleRef, SECONDS_PER_DAY, Source, Timestamp, TypedInput,
};
pub use lesson::{LESSON_PASS_PERCENT, LessonScore};
pub use model::Progress;
pub use names::{MAX_NAME_CHARS, NameProblem, checked_name, checked_stored_name};
pub use openings::{
    CardReview, CardReviewRecord, CardState, RepertoireStats, TypedWrong, played_id,
};
pub use optimize::{FsrsFit, MIN_REVIEWS, OptimizeError};
pub use pick::{Candidate, Pick, PickReason};
pub use rating::{PROVISIONAL_DEVIATION, PUZZLE_DEVIATION, RatingPoint, UserRating};
pub use recent::{AttemptResult, RecentAttempt};
pub use resume::{Resume, header};
pub use review::{Card, CarriedCard, DESIRED_RETENTION, Grade, Scheduler, grade};
pub use runs::{Mode, ModeRecords, ModeRun, RunRecord, day_start};
pub use sets::{
    CycleSummary, CycleUnderWay, PuzzleSet, SetError, SetId, SetOrigin, SetPlay, SetPuzzle,
    SetRecorded, SetResult, SetStats, check_set_name, choose_set, clock_text, cycle_table,
    goal_after,
};
pub use slips::{CodeReview, CodeReviewRecord, SlipOrder};
pub use stats::{
    DrillKindStats, DrillStats, LessonStats, MistakeCount, PuzzleTotals, RatingStats, Stats,
    ThemeWeakness, WEAK_THEME_MIN_ATTEMPTS, WRONG_ANSWER_CODES, WeakSpots, is_notation_slip,
    theme_line,
};
pub use store::{
    Exported, FILE_NAME, Ids, ImportSummary, LOCK_NAME, LessonRecorded, Opened, Recorded, Store,
    Unrated, file_kind, follow_links,
};
pub use themes::{DASHBOARD_MIN_PLAYED, DASHBOARD_THEMES, ThemeDashboard, ThemeStats};
