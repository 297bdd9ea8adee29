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
