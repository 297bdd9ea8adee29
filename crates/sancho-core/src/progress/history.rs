//! The history a user's progress keeps: what was attempted, when and how it
//! went (attempts, drill results, their ids).
//!
//! These types know nothing of the file format (see [`super::disk`]) and
//! nothing of the clock: every time is a [`Timestamp`] passed in by the caller.
//! [`super::model::Progress`] holds them; [`super::derive`] replays them.

use std::fmt;

use serde::{Deserialize, Serialize};

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

/// One input the user typed in a puzzle and the store keeps: a wrong move,
/// no move at all (ambiguous, illegal, not notation), or an accepted move
/// typed with a notation slip.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct TypedInput {
    /// What the user typed (at most [`bounded_prefix`](crate::notation::bounded_prefix)).
    pub input: String,
    /// Its notation slips' codes (e.g. `missing-capture`,
    /// `missing-disambiguation` for an ambiguous input); empty for a wrong
    /// move typed right.
    pub codes: Vec<String>,
    /// The move it was read as, in canonical SAN, when it was one.
    pub san: Option<String>,
    /// For an ambiguous input, the moves it could be (canonical SAN).
    pub candidates: Vec<String>,
}

impl TypedInput {
    /// An input with its codes and nothing more known.
    pub fn new(input: impl Into<String>, codes: Vec<String>) -> TypedInput {
        TypedInput {
            input: input.into(),
            codes,
            san: None,
            candidates: Vec::new(),
        }
    }
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
    /// The puzzle's rating (Lichess rating, or [`crate::puzzle::difficulty_rating`]
    /// for built-in puzzles), when it has one.
    pub rating: Option<u16>,
    /// Whether the attempt may move the user's rating: only the first
    /// attempt at a rated puzzle does, and never one of Storm, Streak,
    /// the course or a replay.
    pub rated: bool,
    /// The puzzle's themes.
    pub themes: Vec<String>,
    /// Each input not accepted as the move (wrong moves, ambiguous,
    /// illegal or unreadable input), in order.
    pub wrong_inputs: Vec<TypedInput>,
    /// Each accepted move typed with a notation slip (`0-0`, `r1e4`, a
    /// missing `+`), in order.
    pub slips: Vec<TypedInput>,
    /// A replay of a failed puzzle (`play --replay-failed`): practice that
    /// moves neither the rating nor the puzzle's review card.
    pub replay: bool,
    /// Blind tactics (`sancho play --blind N`): the plies read before the
    /// puzzle; `None` for an attempt played on the board.
    pub blind: Option<u8>,
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

    /// Every notation slip typed, wrong inputs first, then accepted moves.
    pub fn typed(&self) -> impl Iterator<Item = &TypedInput> {
        self.wrong_inputs.iter().chain(&self.slips)
    }

    /// Played to the end without the solution being shown, cleanly or not
    /// (after a wrong move or with hints): a partial success for reviews.
    #[must_use]
    pub fn reached_the_end(&self) -> bool {
        !self.solution_shown
            && (self.outcome == Outcome::Solved || self.hints > 0 || !self.wrong_inputs.is_empty())
    }
}

/// One slip or wrong answer in a drill: its code, the canonical answer and
/// what was typed.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct DrillMistake {
    /// The diagnostic code (e.g. `missing-check`).
    pub code: String,
    /// The canonical answer that was expected (e.g. `Nxe5+`).
    pub answer: String,
    /// What the user typed (unknown in files written before it was kept).
    pub input: Option<String>,
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
    /// A coordinates drill's set-up (mode, colour, timing, files and
    /// ranks), for its personal bests; `None` for other drills.
    pub coordinates: Option<super::coords::CoordSetup>,
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
    /// Games played out against the engine that were new.
    pub games_new: usize,
    /// Repertoire card reviews that were new.
    pub card_reviews_new: usize,
    /// Storm and Streak runs that were new.
    pub runs_new: usize,
    /// Woodpecker sets that were not here.
    pub sets_new: usize,
    /// Sets here that the import's copy brought up to date (more results).
    pub sets_updated: usize,
}
