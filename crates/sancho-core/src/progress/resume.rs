//! Where a puzzle session starts: reviews that are due, then the first
//! puzzle of the list the user has not solved yet; and the header that says
//! where the user is ("Puzzle 14 of 245 · 13 solved").

use super::history::{PuzzleRef, Timestamp};
use super::model::Progress;

/// The order to play a list of puzzles in, from what the user has done.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Resume {
    /// Indices into the list, in the order to play them: due reviews first
    /// (the longest overdue first), then, in list order, every puzzle not
    /// yet solved and not waiting for a review. When that leaves nothing
    /// (everything solved), the whole list in order.
    pub order: Vec<usize>,
    /// For each puzzle of the list, whether it has been solved cleanly.
    pub solved: Vec<bool>,
    /// How many of `order` are due reviews (they come first).
    pub due: usize,
    /// Every puzzle of the list is solved or waiting for a later review:
    /// `order` starts the list again from the top.
    pub all_done: bool,
}

impl Resume {
    /// Every one of `count` puzzles in order, none solved (no progress known,
    /// or the user asked for particular puzzles).
    #[must_use]
    pub fn from_start(count: usize) -> Resume {
        Resume {
            order: (0..count).collect(),
            solved: vec![false; count],
            due: 0,
            all_done: false,
        }
    }

    /// Every index of the list, once: `order`, then the rest in list order
    /// (for a shell that must still reach every puzzle, such as the full
    /// screen's "next").
    #[must_use]
    pub fn listing(&self) -> Vec<usize> {
        let mut listed = vec![false; self.solved.len()];
        let mut all = Vec::with_capacity(self.solved.len());
        for &i in self
            .order
            .iter()
            .chain(&(0..self.solved.len()).collect::<Vec<_>>())
        {
            if let Some(seen) = listed.get_mut(i)
                && !*seen
            {
                *seen = true;
                all.push(i);
            }
        }
        all
    }

    /// How many puzzles of the list are solved.
    #[must_use]
    pub fn solved_count(&self) -> usize {
        self.solved.iter().filter(|&&s| s).count()
    }

    /// The header for the puzzle at `index` of the list (see [`header`]).
    #[must_use]
    pub fn header(&self, index: usize) -> String {
        header(index + 1, self.solved.len(), self.solved_count())
    }
}

/// "Puzzle 14 of 245 · 13 solved": `number` counts from 1.
#[must_use]
pub fn header(number: usize, of: usize, solved: usize) -> String {
    format!("Puzzle {number} of {of} · {solved} solved")
}

impl Progress {
    /// Whether the puzzle has been solved cleanly at least once.
    #[must_use]
    pub fn has_solved(&self, puzzle: &PuzzleRef) -> bool {
        self.derived().solved.contains(puzzle)
    }

    /// Where to resume a list of puzzles (in the pack's or the filter's
    /// order) at `now`. A puzzle solved once is not offered again unless
    /// its review falls due; a failed puzzle waits for its review (a day
    /// later, then longer) rather than coming straight back.
    #[must_use]
    pub fn resume(&self, now: Timestamp, puzzles: &[PuzzleRef]) -> Resume {
        let derived = self.derived();
        let solved: Vec<bool> = puzzles.iter().map(|p| derived.solved.contains(p)).collect();
        let mut due: Vec<(Timestamp, usize)> = puzzles
            .iter()
            .enumerate()
            .filter_map(|(i, p)| {
                let card = derived.cards.get(p)?;
                (card.due <= now).then_some((card.due, i))
            })
            .collect();
        due.sort();
        let mut order: Vec<usize> = due.iter().map(|&(_, i)| i).collect();
        let due_count = order.len();
        order.extend(
            puzzles
                .iter()
                .enumerate()
                .filter(|(i, p)| !solved[*i] && !derived.cards.contains_key(*p))
                .map(|(i, _)| i),
        );
        let all_done = order.is_empty();
        if all_done {
            order = (0..puzzles.len()).collect();
        }
        Resume {
            order,
            solved,
            due: due_count,
            all_done,
        }
    }
}
