//! What [`App::update`](super::App::update) asks the outside world to do
//! ([`Effect`]), and the outside world's answers ([`Reply`]).
//!
//! The app does no I/O: it returns effects, the runner hands them to the
//! services that perform them off the UI thread (the progress store
//! through a [`Recorder`], the library through a
//! [`PuzzleSource`](super::PuzzleSource), the engine) and feeds each answer
//! back with [`App::answer`](super::App::answer).

use crate::train::{Finished, Saved};
use std::path::PathBuf;

use shakmaty::{Chess, Move};

use super::sets::{SetAnswer, SetAsk};
use crate::engine::EngineError;
use crate::engine::Refuted;
use crate::library::{Filter, LibraryError, ThemeCount};
use crate::progress::{ModeRecords, Recorded, Stats};
use crate::puzzle::{Puzzle, SourceError};

/// Something the app needs done outside itself.
#[derive(Clone, Debug, PartialEq)]
pub enum Effect {
    /// Save a finished puzzle attempt, drill or lesson.
    Record(Finished),
    /// Read the stats again (answered with [`Reply::Stats`]).
    RefreshStats,
    /// Ask the puzzle source (answered with [`Reply::Counted`] or
    /// [`Reply::Picked`]).
    Library(Request),
    /// Read the Storm and Streak bests again (answered with
    /// [`Reply::Records`]).
    RefreshRecords,
    /// Load a puzzle file (the mined pack; answered with [`Reply::Loaded`]).
    Load(PathBuf),
    /// Ask the engine why a wrong move fails (answered, on the engine's
    /// own thread, with [`Reply::Refuted`]).
    Refute(Refute),
    /// Ask the engine about a guess that is not the game's move (answered,
    /// on the engine's own thread, with [`Reply::Evaluated`]).
    Evaluate(Evaluate),
    /// Ask the progress store about Woodpecker sets (answered, on the
    /// store's thread, with [`Reply::Sets`]).
    Sets(SetAsk),
    /// Write a finished game as PGN (`--out FILE`; answered with
    /// [`Reply::Exported`]).
    Export {
        /// The file.
        path: PathBuf,
        /// The PGN.
        text: String,
    },
    /// Ask the engine for its move in a game (answered, on the engine's
    /// own thread, with [`Reply::Moved`]).
    Think(Think),
}

/// A position of a game for the engine to move in, and which question it
/// is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Think {
    /// The question's number (an answer to an older one is dropped).
    pub asked: u32,
    /// The position, in FEN.
    pub fen: String,
    /// How strongly the engine plays.
    pub strength: crate::engine::Strength,
    /// How long it thinks, in milliseconds.
    pub movetime: u64,
}

/// A guess for the engine to judge, and which question it is.
#[derive(Clone, Debug, PartialEq)]
pub struct Evaluate {
    /// The question's number (an answer to an older one is dropped).
    pub asked: u32,
    /// The positions to analyse.
    pub request: crate::train::guess::EvalRequest,
}

/// A wrong move for the engine to refute, and whose it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refute {
    /// The puzzle.
    pub puzzle_id: String,
    /// Which attempt at it (an answer for an earlier one is dropped).
    pub attempt: u32,
    /// The position the wrong move was played in.
    pub position: Chess,
    /// The wrong move (legal in `position`).
    pub wrong: Move,
}

/// What the filter screen asks of the puzzle source.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Request {
    /// Theme counts and the total for this filter.
    Count(Filter),
    /// Puzzles to play.
    Pick {
        /// The filter.
        filter: Filter,
        /// The rating to centre on.
        near: u16,
        /// How many.
        limit: usize,
    },
    /// Storm's and Streak's candidates: a few puzzles from each 100-point
    /// rating bucket from 1000 to 2500 (answered with [`Reply::Pool`]).
    Pool,
}

/// An answer to an [`Effect`].
#[derive(Debug)]
pub enum Reply {
    /// The counts for [`Request::Count`].
    Counted {
        /// The filter counted (an answer for an older filter is stale).
        filter: Filter,
        /// Every theme with its counts, and how many puzzles pass.
        result: Result<(Vec<ThemeCount>, u64), LibraryError>,
    },
    /// The puzzles for [`Request::Pick`].
    Picked(Result<Vec<Puzzle>, LibraryError>),
    /// The candidates for [`Request::Pool`].
    Pool(Result<Vec<Puzzle>, LibraryError>),
    /// The stats as they stand after everything recorded so far.
    Stats(Box<Stats>),
    /// A puzzle attempt was saved: how the rating moved (or why not).
    Recorded {
        /// The puzzle attempted.
        puzzle_id: String,
        /// What the store did with it.
        recorded: Recorded,
        /// Where it went in its Woodpecker set, when it is a set's puzzle
        /// (the cycle, how far it is, the cycle it finished).
        set: Option<crate::progress::SetRecorded>,
    },
    /// The Storm and Streak bests after everything recorded so far.
    Records(Box<ModeRecords>),
    /// Whether everything finished is saved: after a write failed, how
    /// many results wait to be saved and why; once they are all saved
    /// again, 0 and no error.
    Unsaved {
        /// Results not saved yet (kept, and tried again).
        count: usize,
        /// Why the last write failed.
        error: Option<String>,
    },
    /// The puzzles of a file asked for with [`Effect::Load`].
    Loaded(Result<Vec<Puzzle>, SourceError>),
    /// The engine's answer to [`Effect::Refute`]: the refutation when its
    /// line shows one (`Ok(None)`: it shows nothing worth saying).
    Refuted {
        /// The puzzle.
        puzzle_id: String,
        /// The attempt.
        attempt: u32,
        /// The refutation, or why the engine could not answer.
        result: Result<Option<Refuted>, EngineError>,
    },
    /// The store's answer to [`Effect::Sets`].
    Sets(SetAnswer),
    /// The engine's answer to [`Effect::Evaluate`].
    Evaluated {
        /// The question's number.
        asked: u32,
        /// The engine's lines, or why it could not answer.
        result: Result<crate::train::guess::Evaluation, EngineError>,
    },
    /// What writing the PGN of [`Effect::Export`] did.
    Exported {
        /// The file.
        path: PathBuf,
        /// Written, or why not.
        result: Result<(), crate::export::WriteError>,
    },
    /// The engine's move for [`Effect::Think`], in UCI (`Ok(None)`: it
    /// gave none).
    Moved {
        /// The question's number.
        asked: u32,
        /// The move, or why the engine could not answer.
        result: Result<Option<String>, EngineError>,
    },
}

/// The progress store's side of the runner: the caller records what the
/// user finished and reads the stats back. The runner calls it on a thread
/// of its own (the keys never wait on a write), hence `Send`.
pub trait Recorder: Send {
    /// Saves something the user finished (the core's one record path,
    /// [`crate::train::record`]); says what saving did (`None`: nothing to
    /// tell, e.g. no store).
    ///
    /// # Errors
    /// Saving failed: the screen says so, and the result is kept and
    /// tried again with the next one and when the user leaves.
    fn record(&mut self, finished: &Finished) -> anyhow::Result<Option<Saved>>;

    /// The stats as they stand now (`None`: there is no store to read).
    fn stats(&mut self) -> Option<Stats>;

    /// The Storm and Streak bests as they stand now (`None`: no store).
    fn records(&mut self) -> Option<ModeRecords> {
        None
    }

    /// Answers the Sets screen (with a store: [`answer_sets`]).
    ///
    /// [`answer_sets`]: super::sets::answer_sets
    fn sets(&mut self, ask: SetAsk) -> SetAnswer {
        let _ = ask;
        SetAnswer::Failed(super::strings::SETS_NO_STORE.to_owned())
    }
}

/// A closure that records (and has no stats to give back): handy in tests.
impl<F> Recorder for F
where
    F: FnMut(&Finished) -> anyhow::Result<()> + Send,
{
    fn record(&mut self, finished: &Finished) -> anyhow::Result<Option<Saved>> {
        self(finished).map(|()| None)
    }

    fn stats(&mut self) -> Option<Stats> {
        None
    }
}
