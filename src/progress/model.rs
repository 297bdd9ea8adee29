//! The domain types of a user's progress: what was attempted, when and how it went.
//!
//! These types know nothing of the file format (see [`super::disk`]) and
//! nothing of the clock: every time is a [`Timestamp`] passed in by the caller.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

use super::derive::Derived;

/// Seconds in a day, the unit of review intervals.
pub const SECONDS_PER_DAY: i64 = 86_400;

/// The most hint rungs a puzzle offers; more are clamped to this.
pub const MAX_HINTS: u8 = 4;

/// A moment in time as unix seconds; serialised as a plain integer.
///
/// The core never reads the clock: the shell passes `now` in.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct Timestamp(pub i64);

impl Timestamp {
    /// This moment plus a whole number of days (saturating).
    #[must_use]
    pub fn plus_days(self, days: u32) -> Timestamp {
        Timestamp(
            self.0
                .saturating_add(i64::from(days).saturating_mul(SECONDS_PER_DAY)),
        )
    }
}

impl fmt::Display for Timestamp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// Where a puzzle came from; part of the puzzle's identity.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Source {
    /// A puzzle pack shipped with Sancho, by pack name.
    Builtin {
        /// The pack's name.
        pack: String,
    },
    /// The Lichess puzzle database (ids are global).
    Lichess,
    /// A puzzle file the user opened, by the name the shell gives it.
    File {
        /// The file's name as the shell reports it.
        name: String,
    },
}

impl fmt::Display for Source {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Source::Builtin { pack } => write!(f, "pack {pack}"),
            Source::Lichess => f.write_str("lichess"),
            Source::File { name } => write!(f, "file {name}"),
        }
    }
}

/// Identifies one puzzle: its source and its id within that source.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct PuzzleRef {
    /// Where the puzzle came from.
    pub source: Source,
    /// The puzzle's id within its source.
    pub id: String,
}

impl PuzzleRef {
    /// A puzzle reference from its parts.
    pub fn new(source: Source, id: impl Into<String>) -> Self {
        PuzzleRef {
            source,
            id: id.into(),
        }
    }
}

impl fmt::Display for PuzzleRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.id, self.source)
    }
}

/// How an attempt ended, as the session reported it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The user played the solution.
    Solved,
    /// The user gave up or ran out of tries.
    Failed,
}

/// One wrong move the user typed, with the notation engine's diagnostic codes.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct WrongInput {
    /// What the user typed.
    pub input: String,
    /// The diagnostic codes for it (e.g. `missing-capture`).
    pub codes: Vec<String>,
}

/// One attempt at one puzzle.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Attempt {
    /// Which puzzle.
    pub puzzle: PuzzleRef,
    /// When the attempt ended.
    pub at: Timestamp,
    /// Solved or failed.
    pub outcome: Outcome,
    /// Time taken in milliseconds.
    pub time_ms: u64,
    /// Hint rungs used, `0..=MAX_HINTS`.
    pub hints: u8,
    /// Whether the solution was shown.
    pub solution_shown: bool,
    /// The puzzle's rating (Lichess rating, or [`super::difficulty_rating`]
    /// for built-in puzzles); `None` leaves the user's rating unchanged.
    pub rating: Option<u16>,
    /// The puzzle's themes.
    pub themes: Vec<String>,
    /// Each wrong input, in order.
    pub wrong_inputs: Vec<WrongInput>,
}

impl Attempt {
    /// A clean solve: outcome solved, no hint, no shown solution. The only
    /// result that counts as solved in totals, streaks and theme accuracy,
    /// and as a win for the rating. (Sessions record a wrong legal move or a
    /// hint as `Failed`; the hint test also keeps older files honest.)
    #[must_use]
    pub fn counts_as_solved(&self) -> bool {
        self.outcome == Outcome::Solved && !self.solution_shown && self.hints == 0
    }

    /// The same as [`Attempt::counts_as_solved`]: the rating's name for it.
    #[must_use]
    pub fn is_clean(&self) -> bool {
        self.counts_as_solved()
    }

    /// Played to the end without the solution being shown, cleanly or not
    /// (after a wrong move or with hints): a partial success for reviews.
    #[must_use]
    pub fn reached_the_end(&self) -> bool {
        !self.solution_shown
            && (self.outcome == Outcome::Solved || self.hints > 0 || !self.wrong_inputs.is_empty())
    }
}

/// One wrong answer in a drill: its diagnostic code and the canonical answer.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct DrillMistake {
    /// The diagnostic code (e.g. `missing-check`).
    pub code: String,
    /// The canonical answer that was expected (e.g. `Nxe5+`).
    pub answer: String,
}

/// The result of one finished drill.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DrillResult {
    /// The drill kind: `write`, `read`, `disambiguation`, `coordinates`,
    /// `transcribe`, `review` or `lesson-N`.
    pub kind: String,
    /// When the drill ended.
    pub at: Timestamp,
    /// Exercises done.
    pub exercises: u32,
    /// Exercises answered correctly.
    pub correct: u32,
    /// Time taken in milliseconds.
    pub time_ms: u64,
    /// Each mistake made.
    pub mistakes: Vec<DrillMistake>,
}

/// The unique identity of a recorded attempt: its time, its puzzle and a
/// random component, so that two processes never mint the same id.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct AttemptId(String);

/// The unique identity of a recorded drill result (same scheme as [`AttemptId`]).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct DrillId(String);

macro_rules! id_impls {
    ($name:ident) => {
        impl $name {
            /// An id from a timestamp, a subject (puzzle id or drill kind) and a nonce.
            #[must_use]
            pub fn new(at: Timestamp, subject: &str, nonce: u64) -> Self {
                $name(format!("{}-{}-{:016x}", at.0, subject, nonce))
            }

            /// An id exactly as stored (used when reading a document).
            #[must_use]
            pub fn from_stored(text: String) -> Self {
                $name(text)
            }

            /// The id's text.
            #[must_use]
            pub fn as_str(&self) -> &str {
                &self.0
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(&self.0)
            }
        }
    };
}

id_impls!(AttemptId);
id_impls!(DrillId);

/// How many records a merge added (and, for attempts, how many were known).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct MergeSummary {
    /// Attempts that were not in the document before.
    pub attempts_new: usize,
    /// Attempts whose id was already there (left as they were).
    pub attempts_known: usize,
    /// Drill results that were new.
    pub drills_new: usize,
    /// Lessons newly marked complete.
    pub lessons_new: usize,
}

/// Everything Sancho remembers about the user: a log of attempts and drill
/// results keyed by unique id, and the set of completed lessons.
///
/// Rating, review cards and streaks are not stored: they are derived by
/// replaying the attempts in time order (computed lazily, once per change),
/// so that merging two logs always yields a coherent result.
#[derive(Debug, Clone, Default)]
pub struct Progress {
    attempts: BTreeMap<AttemptId, Attempt>,
    drills: BTreeMap<DrillId, DrillResult>,
    lessons: BTreeSet<String>,
    /// Storm and Streak runs, by id (see [`super::runs`]).
    runs: BTreeMap<String, super::runs::ModeRun>,
    /// Review cards carried over from SM-2 (see [`super::review::CarriedCard`]).
    carried: BTreeMap<PuzzleRef, super::review::CarriedCard>,
    /// Woodpecker sets, by name (see [`super::sets`]).
    pub(super) sets: BTreeMap<String, super::sets::PuzzleSet>,
    /// FSRS parameters fitted to the user's reviews (see [`super::optimize`]).
    pub(super) fsrs: Option<super::optimize::FsrsFit>,
    /// The codes each review drill trained (see [`super::slips`]).
    pub(super) reviewed: BTreeMap<DrillId, (Timestamp, Vec<super::slips::CodeReview>)>,
    derived: OnceLock<Derived>,
}

impl PartialEq for Progress {
    fn eq(&self, other: &Self) -> bool {
        self.attempts == other.attempts
            && self.drills == other.drills
            && self.lessons == other.lessons
            && self.runs == other.runs
            && self.carried == other.carried
            && self.sets == other.sets
            && self.fsrs == other.fsrs
            && self.reviewed == other.reviewed
    }
}

impl Progress {
    /// An empty record.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// Whether nothing has been recorded.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.attempts.is_empty()
            && self.drills.is_empty()
            && self.lessons.is_empty()
            && self.runs.is_empty()
            && self.carried.is_empty()
            && self.sets.is_empty()
            && self.fsrs.is_none()
            && self.reviewed.is_empty()
    }

    /// Adds an attempt under `id`; returns false (and changes nothing) if
    /// the id is already present.
    pub fn insert_attempt(&mut self, id: AttemptId, attempt: Attempt) -> bool {
        if self.attempts.contains_key(&id) {
            return false;
        }
        let mut attempt = attempt;
        attempt.hints = attempt.hints.min(MAX_HINTS);
        self.attempts.insert(id, attempt);
        self.derived = OnceLock::new();
        true
    }

    /// Adds a drill result under `id`; returns false if the id is present.
    pub fn insert_drill(&mut self, id: DrillId, drill: DrillResult) -> bool {
        if self.drills.contains_key(&id) {
            return false;
        }
        self.drills.insert(id, drill);
        true
    }

    /// Marks a lesson complete; returns false if it already was.
    pub fn complete_lesson(&mut self, lesson: &str) -> bool {
        if self.lessons.contains(lesson) {
            return false;
        }
        self.lessons.insert(lesson.to_owned())
    }

    /// Adds a Storm or Streak run under `id`; returns false if the id is present.
    pub fn insert_run(&mut self, id: String, run: super::runs::ModeRun) -> bool {
        if self.runs.contains_key(&id) {
            return false;
        }
        self.runs.insert(id, run);
        true
    }

    /// Carries over a review card (the SM-2 migration); where the puzzle
    /// already has one, the one with the later review is kept.
    pub fn carry_card(&mut self, puzzle: PuzzleRef, card: super::review::CarriedCard) {
        if self
            .carried
            .get(&puzzle)
            .is_some_and(|held| held.at >= card.at)
        {
            return;
        }
        self.carried.insert(puzzle, card);
        self.derived = OnceLock::new();
    }

    /// The review cards carried over from SM-2, by puzzle.
    pub fn carried_cards(
        &self,
    ) -> impl ExactSizeIterator<Item = (&PuzzleRef, &super::review::CarriedCard)> {
        self.carried.iter()
    }

    /// The Storm and Streak runs, with their ids, in id order.
    pub fn run_records(&self) -> impl Iterator<Item = (&String, &super::runs::ModeRun)> {
        self.runs.iter()
    }

    /// The Storm and Streak runs, in id order.
    pub fn runs(&self) -> impl Iterator<Item = &super::runs::ModeRun> {
        self.runs.values()
    }

    /// The attempts, in id order.
    pub fn attempts(&self) -> impl ExactSizeIterator<Item = (&AttemptId, &Attempt)> {
        self.attempts.iter()
    }

    /// The attempt recorded under `id`.
    #[must_use]
    pub fn attempt(&self, id: &AttemptId) -> Option<&Attempt> {
        self.attempts.get(id)
    }

    /// The drill results, in id order.
    pub fn drills(&self) -> impl ExactSizeIterator<Item = (&DrillId, &DrillResult)> {
        self.drills.iter()
    }

    /// The completed lessons.
    #[must_use]
    pub fn lessons(&self) -> &BTreeSet<String> {
        &self.lessons
    }

    /// Merges another record into this one: a union by id. Records whose id
    /// is already present keep the version held here.
    pub fn merge(&mut self, other: Progress) -> MergeSummary {
        let mut summary = MergeSummary::default();
        for (id, attempt) in other.attempts {
            if self.insert_attempt(id, attempt) {
                summary.attempts_new += 1;
            } else {
                summary.attempts_known += 1;
            }
        }
        for (id, drill) in other.drills {
            if self.insert_drill(id, drill) {
                summary.drills_new += 1;
            }
        }
        for lesson in other.lessons {
            if self.complete_lesson(&lesson) {
                summary.lessons_new += 1;
            }
        }
        for (id, run) in other.runs {
            self.insert_run(id, run);
        }
        for (puzzle, card) in other.carried {
            self.carry_card(puzzle, card);
        }
        for set in other.sets.into_values() {
            self.merge_set(set);
        }
        for (id, (at, codes)) in other.reviewed {
            self.insert_reviewed(&id, at, codes);
        }
        // Of two fits, the later one.
        if let Some(fit) = other.fsrs
            && self.fsrs.as_ref().is_none_or(|held| held.at < fit.at)
        {
            self.set_fsrs_fit(Some(fit));
        }
        summary
    }

    /// The state derived from the attempt log, computed on first use.
    pub(crate) fn derived(&self) -> &Derived {
        self.derived
            .get_or_init(|| Derived::replay(self.attempts.iter(), &self.carried, &self.scheduler()))
    }

    /// Drops the derived state: it is computed again on next use.
    pub(super) fn forget_derived(&mut self) {
        self.derived = OnceLock::new();
    }
}
