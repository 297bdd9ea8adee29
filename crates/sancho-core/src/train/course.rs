//! The notation course: the hand-written packs in their teaching order
//! (mates in one first, the notation traps and disambiguation later),
//! resumed where the user left off. Its puzzles never move the rating
//! (Lichess's Learn and Practice do not either): they are recorded
//! [`Rating::Unrated`](super::Rating::Unrated), and reviewed and counted
//! like any other.

use crate::puzzle::{Pack, Puzzle, STARTER_NAME};

/// The course's puzzles from the built-in `packs` (in file order, which
/// is the teaching order: the files are numbered in it): every
/// hand-written pack, the Lichess starter set left out, each pack's
/// puzzles in its own order.
#[must_use]
pub fn course(packs: Vec<Pack>) -> Vec<Puzzle> {
    packs
        .into_iter()
        .filter(|pack| pack.name != STARTER_NAME)
        .flat_map(|pack| pack.puzzles)
        .collect()
}

/// Which track a puzzle is played on, which decides how its attempt is
/// recorded.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Track {
    /// Rated training (and a pack, a source or filters, as before): the
    /// first attempt at a rated puzzle moves the rating.
    #[default]
    Rated,
    /// Weakness training: rated training on the user's weakest themes,
    /// recorded as rated training is.
    Weak,
    /// The notation course: never rated.
    Course,
    /// A replay of a failed puzzle: never rated, and it moves neither the
    /// review card nor the streak.
    Replay,
}

impl Track {
    /// How an attempt on this track is recorded: whether it may move the
    /// rating, and whether it is a replay.
    #[must_use]
    pub fn recording(self) -> (super::Rating, bool) {
        match self {
            Track::Rated | Track::Weak => (super::Rating::Rated, false),
            Track::Course => (super::Rating::Unrated, false),
            Track::Replay => (super::Rating::Unrated, true),
        }
    }

    /// Whether the first press of the hint or give-up key asks before
    /// failing the puzzle (only a rated puzzle costs rating points).
    #[must_use]
    pub fn is_rated(self) -> bool {
        matches!(self, Track::Rated | Track::Weak)
    }
}
