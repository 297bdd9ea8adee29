//! Opening repertoires (issue 25): the user's own lines from PGN, their
//! positions as cards, trained by typing the move and scheduled with FSRS,
//! and the user's games checked against them.
//!
//! - [`Repertoire`] (`book.rs`): one side's positions and moves, merged by
//!   position (a transposition is one card); [`Repertoire::add_pgn`]
//!   (`build.rs`) adds a PGN file's games with their variations, naming
//!   every game it cannot add.
//! - [`RepertoireStore`] (`store.rs`, `disk.rs`): `repertoire.json` in the
//!   data directory, crash-safe like the progress store.
//!
//! - [`Trainer`] (`train.rs`): a training session, one state machine for
//!   both shells: due cards first, then new ones, each asked as its line.
//!
//! What the user did with the cards (each answer, each move got wrong in
//! a game) is kept in the progress store ([`crate::progress::CardReview`]),
//! scheduled by the same FSRS scheduler as puzzle reviews.

pub(crate) mod book;
pub(crate) mod build;
pub(crate) mod check;
pub mod disk;
pub(crate) mod movetext;
pub(crate) mod store;
#[cfg(feature = "synth")]
pub mod synth;
pub(crate) mod train;

pub use crate::progress::{MAX_NAME_CHARS, NameProblem};
pub use book::{Added, Edge, LineMove, Node, NodeId, Repertoire, card_key, numbered_line};
pub use build::{AddReport, BadGame, Choice, GameError, Origin, TwoMoves};
pub use check::{CheckSummary, GameCheck, GapCount, Left};
pub use store::{FILE_NAME, Recovered, RepertoireError, RepertoireStore, check_name};
pub use train::{Asked, MAX_SHOWN_PLIES, Plan, TrainEnd, TrainEvent, TrainSummary, Trainer};
