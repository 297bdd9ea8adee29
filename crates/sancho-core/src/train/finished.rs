//! What the user finished ([`Finished`]), handed by either shell to
//! [`record`](super::record), and what recording it did ([`Saved`]).

use crate::drill::DrillSummary;
use crate::modes::StormSummary;
use crate::progress::{
    CardReview, CardState, CodeReview, LessonRecorded, ModeRecords, Recorded, SetPlay, SetRecorded,
    Source,
};
use crate::puzzle::Puzzle;
use crate::session::SessionResult;

/// Something the user finished, to record in one store write.
#[derive(Clone, Debug, PartialEq)]
pub enum Finished {
    /// A puzzle attempt: from the puzzle screen, line mode, a set, Storm
    /// or Streak.
    Puzzle(PuzzleDone),
    /// A drill, a lesson's exercises or a scoresheet (with at least one
    /// answer).
    Drill(DrillDone),
    /// A Storm run ended (a run with at least one move).
    Storm(StormSummary),
    /// A Streak run ended (a run with at least one solve or a mistake).
    Streak {
        /// Puzzles solved in a row.
        solved: u32,
        /// The highest rating among them.
        highest_solved: Option<u32>,
    },
    /// A repertoire card answered in training (one write per answer).
    Card(CardReview),
    /// Repertoire cards the user got wrong in games (`repertoire check`),
    /// each with a key naming its game and card: a game checked twice is
    /// kept once.
    Played(Vec<(String, CardReview)>),
    /// A game played out against the engine (`sancho game`), an endgame's
    /// with its goal's verdict.
    Game(GameDone),
}

/// A finished game against the engine, with where its position came from.
#[derive(Clone, Debug, PartialEq)]
pub struct GameDone {
    /// The start position's FEN.
    pub fen: String,
    /// The user's side.
    pub side: shakmaty::Color,
    /// How it ended, with the goal's verdict for a game with a goal.
    pub end: crate::train::game::GameEnd,
    /// Every move's SAN, both sides.
    pub moves: Vec<String>,
    /// The built-in endgame's id, for an endgame.
    pub endgame: Option<String>,
    /// The puzzle the position came from, as `source:id`.
    pub puzzle: Option<String>,
}

impl GameDone {
    /// The finished `game` (`None` while it is not over), an endgame's
    /// when `endgame` names it, a puzzle's when `puzzle` does.
    #[must_use]
    pub fn of(
        game: &crate::train::game::PlayOut,
        endgame: Option<&str>,
        puzzle: Option<&str>,
    ) -> Option<GameDone> {
        Some(GameDone {
            fen: crate::puzzle::fen_of(game.start()),
            side: game.user(),
            end: game.end()?,
            moves: game.moves().iter().map(|m| m.san.clone()).collect(),
            endgame: endgame.map(str::to_owned),
            puzzle: puzzle.map(str::to_owned),
        })
    }
}

/// Whether a puzzle attempt may move the rating.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rating {
    /// As the store rules: the first attempt at a rated puzzle does.
    Rated,
    /// Never (Storm and Streak, the course, as on Lichess).
    Unrated,
}

/// A finished puzzle attempt, with the puzzle itself and where it came
/// from, so that recording it needs no look-up.
#[derive(Clone, Debug, PartialEq)]
pub struct PuzzleDone {
    /// The puzzle attempted.
    pub puzzle: Box<Puzzle>,
    /// Where it came from: a built-in pack, Lichess, a file.
    pub source: Source,
    /// The session's result: solved or not, hints, wrong inputs.
    pub result: SessionResult,
    /// Time on the puzzle, in milliseconds.
    pub time_ms: u64,
    /// Whether it may move the rating.
    pub rating: Rating,
    /// Its place in the Woodpecker set being played, if one is.
    pub set: Option<SetPlace>,
    /// A replay of a failed puzzle (`play --replay-failed`, the Storm and
    /// Streak summaries): recorded as practice, moving neither the rating
    /// nor the puzzle's review card.
    pub replay: bool,
}

/// A puzzle's place in a Woodpecker set: the sitting it was played in
/// (the set's identity, so that a set deleted and made again under the
/// same name is another set, and the cycle the sitting began in) and the
/// puzzle's index in the set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetPlace {
    /// The set and cycle the result belongs to.
    pub play: SetPlay,
    /// The puzzle's place in the set (0-based).
    pub index: usize,
}

/// A finished drill.
#[derive(Clone, Debug, PartialEq)]
pub struct DrillDone {
    /// What was answered, the accuracy, the time and the mistakes.
    pub summary: DrillSummary,
    /// The lesson these were the exercises of, and how many it has: it is
    /// completed when passed (80% of all its exercises right).
    pub lesson: Option<(String, u32)>,
    /// What a review drill trained, by slip code (each reviews its card).
    pub trained: Vec<CodeReview>,
}

/// What recording something did.
#[derive(Clone, Debug, PartialEq)]
pub enum Saved {
    /// A puzzle attempt: how the rating moved, and the set's progress
    /// when it was a set's puzzle.
    Puzzle {
        /// The rating's move (or why it did not).
        recorded: Recorded,
        /// The set's cycle after it, or why it could not be filed there.
        set: Option<Result<SetRecorded, crate::progress::SetError>>,
    },
    /// A drill; a lesson's score and whether it is now completed.
    Drill {
        /// The lesson's score, for a lesson.
        lesson: Option<LessonRecorded>,
    },
    /// A run: the Storm and Streak bests after it.
    Run(Box<ModeRecords>),
    /// A repertoire card's review: the card's schedule after it.
    Card(Option<CardState>),
    /// Cards got wrong in games: how many were not kept already.
    Played {
        /// Reviews kept by this write (a game checked before adds none).
        new: usize,
    },
    /// A game against the engine: the endgame figures after it.
    Game(crate::progress::EndgameStats),
}

impl Saved {
    /// The rating's move, for a puzzle attempt.
    #[must_use]
    pub fn recorded(&self) -> Option<&Recorded> {
        match self {
            Saved::Puzzle { recorded, .. } => Some(recorded),
            _ => None,
        }
    }
}
