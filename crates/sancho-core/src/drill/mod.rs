//! Drills: write the move, read the move, disambiguation, coordinates,
//! transcribe a famous game, review of weak spots; and the lessons.
//!
//! Pure core: no clock (the caller passes elapsed milliseconds per answer),
//! no I/O, deterministic under a seed. [`generate`] makes exercises,
//! [`grade`] judges one answer with the notation engine's diagnostics, and
//! [`DrillRun`] walks a drill to its [`DrillSummary`] and the
//! [`DrillResult`](crate::progress::DrillResult) the store records.

mod coords;
mod disambig;
mod exercise;
mod features;
mod games;
mod generator;
mod lessons;
pub(crate) mod pgn;
mod run;
pub(crate) mod scoresheet;

use std::fmt;
use std::str::FromStr;

pub use coords::{BadLines, CoordOptions, Lines, parse_files, parse_ranks};
pub use exercise::{
    Exercise, Expected, Show, Verdict, WRONG_COLOUR, WRONG_MOVE, WRONG_SQUARE, colour_answer,
    fen_of, grade, grade_in, vision_answer, vision_squares,
};
pub use features::{Disambiguation, Feature, disambiguation_of, features_of};
pub use games::{Game, GameBook, UnknownGame, find_game};
pub use generator::{GenOptions, describe_move, generate};
pub use lessons::{Lesson, LessonError, LessonExercise, find_lesson, read_lessons};
pub use pgn::{
    MAX_GAME_BYTES, MAX_LINE_BYTES, MAX_VARIATION_DEPTH, PgnError, PgnGame, PgnMove, PgnReader,
    ReadGame, parse_game, parse_games,
};
pub use run::{DrillRun, DrillSummary, Mistake, Pass, Trained};
pub use scoresheet::{
    Entry as SheetEntry, Grade as SheetGrade, Playback, ScoresheetError, Sheet, SheetGame,
    SheetSummary, pick_game,
};

use crate::progress::MistakeCount;

/// The time budget of the timed coordinates drill (30 seconds): pass it to
/// [`DrillRun::with_budget`] or `DrillOptions::budget_ms`.
pub const TIMED_COORDINATES_MS: u64 = 30_000;

/// The kinds of drill.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DrillKind {
    /// A move is shown on the board; write its SAN.
    Write,
    /// A SAN is shown; give the move's from and to squares.
    Read,
    /// Positions where the move needs a file, a rank or a square.
    Disambiguation,
    /// Name a square, or find one.
    Coordinates,
    /// Write each move of a famous game.
    Transcribe,
    /// Write-the-move exercises aimed at the user's weak spots.
    Review,
    /// Is this square light or dark? Answered without the board.
    SquareColour,
    /// A SAN in a position on the board: name (or click) its from and to
    /// squares.
    Vision,
}

impl DrillKind {
    /// Every kind, in menu order.
    /// (New kinds go last: a kind's place salts its exercises' seed.)
    pub const ALL: [DrillKind; 8] = [
        DrillKind::Write,
        DrillKind::Read,
        DrillKind::Disambiguation,
        DrillKind::Coordinates,
        DrillKind::Transcribe,
        DrillKind::Review,
        DrillKind::SquareColour,
        DrillKind::Vision,
    ];

    /// The stable name used on the command line, in JSON and in the store.
    pub fn as_str(self) -> &'static str {
        match self {
            DrillKind::Write => "write",
            DrillKind::Read => "read",
            DrillKind::Disambiguation => "disambiguation",
            DrillKind::Coordinates => "coordinates",
            DrillKind::Transcribe => "transcribe",
            DrillKind::Review => "review",
            DrillKind::SquareColour => "square-colour",
            DrillKind::Vision => "vision",
        }
    }

    /// Whether answers are notation graded by the engine (strict or lenient).
    pub fn writes_san(self) -> bool {
        !matches!(
            self,
            DrillKind::Read | DrillKind::Coordinates | DrillKind::SquareColour | DrillKind::Vision
        )
    }
}

impl fmt::Display for DrillKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// An unknown drill kind name.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown drill {0:?}: choose write, read, disambiguation, coordinates, square-colour, vision, transcribe, review or scoresheet"
)]
pub struct UnknownKind(pub String);

impl FromStr for DrillKind {
    type Err = UnknownKind;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        DrillKind::ALL
            .into_iter()
            .find(|k| k.as_str() == s)
            .ok_or_else(|| UnknownKind(s.to_owned()))
    }
}

/// The user's mistake codes that a review drill can train (most frequent
/// first, as `Progress::mistake_counts()` orders them), for
/// [`GenOptions::weak_codes`]. Codes that name no notation feature
/// (`wrong-move`, `wrong-square`) are left out.
pub fn weak_codes(counts: &[MistakeCount]) -> Vec<String> {
    counts
        .iter()
        .filter(|c| !Feature::for_mistake(&c.code).is_empty())
        .map(|c| c.code.clone())
        .collect()
}

/// The codes a review drill trains, in its order: those of
/// `Progress::slip_order` (due for review first, then the most frequent)
/// that name a notation feature, for [`GenOptions::weak_codes`].
pub fn review_codes(order: &crate::progress::SlipOrder) -> Vec<String> {
    order
        .codes
        .iter()
        .filter(|code| !Feature::for_mistake(code).is_empty())
        .cloned()
        .collect()
}

/// The code each answered exercise of a review drill trained, with its
/// result: the first code of `codes` (the drill's order, see
/// [`review_codes`]) whose features hold the exercise's feature.
/// Exercises for no feature, or for none of the codes, credit nothing.
pub fn credited(trained: &[Trained], codes: &[String]) -> Vec<crate::progress::CodeReview> {
    trained
        .iter()
        .filter_map(|t| {
            let feature = t.feature?;
            let code = codes
                .iter()
                .find(|code| Feature::for_mistake(code).contains(&feature))?;
            Some(crate::progress::CodeReview {
                code: code.clone(),
                right: t.right,
            })
        })
        .collect()
}
