//! Training flows, once for both shells: what happens after a move in a
//! Storm or Streak run ([`TimedRun`]), what the user finished
//! ([`Finished`]) and the one function that records it ([`record`]), and
//! a failed puzzle's solution as both shells show it ([`SolutionMove`]),
//! which puzzles are played ([`candidates`]), rated training's choice of
//! the next one ([`Ladder`], at a [`Difficulty`]); guess the move through
//! a master game ([`guess::Guess`]); blind tactics ([`blind::Blind`]); a
//! position played out against an engine ([`game::PlayOut`]), with the
//! built-in endgames to win or hold ([`endgame::Endgame`]).
//!
//! Pure like the rest of the core: time comes in as milliseconds, and the
//! store is handed in by the shell.

pub mod blind;
pub(crate) mod course;
pub mod endgame;
pub(crate) mod finished;
pub mod game;
pub mod game_from;
mod game_pgn;
pub mod guess;
pub(crate) mod pgn_export;
pub(crate) mod rated;
pub(crate) mod record;
pub(crate) mod run;
pub(crate) mod select;
pub(crate) mod solution;

pub use course::{Track, course};
pub use finished::{DrillDone, Finished, GameDone, PuzzleDone, Rating, Saved, SetPlace};
pub use rated::{Difficulty, LADDER_REACH, Ladder, Rung, UnknownDifficulty, rated_pool};
pub use record::{apply, record};
pub use run::{RunEnd, RunEvent, RunKind, TimedRun};
pub use select::{Basis, LIBRARY_BATCH, Origin, SelectError, candidates, run_candidates};
pub use solution::{SolutionMove, sans, solution, solution_text};
