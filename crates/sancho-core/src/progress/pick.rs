//! What to solve next: reviews that are due, then unseen puzzles near the
//! user's rating.

use super::derive::Streak;
use super::history::{PuzzleRef, Timestamp};
use super::model::Progress;
use super::rating::{RatingPoint, UserRating};
use super::review::Card;

/// A puzzle the shell could offer, described just enough to choose among
/// many: its identity, its rating and its themes (all borrowed).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Candidate<'a> {
    /// Which puzzle.
    pub puzzle: &'a PuzzleRef,
    /// Its rating (Lichess, or [`crate::puzzle::difficulty_rating`]).
    pub rating: u16,
    /// Its themes.
    pub themes: &'a [String],
}

/// Why a puzzle was picked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PickReason {
    /// Its review card is due (since `due`).
    Review {
        /// When the card fell due.
        due: Timestamp,
    },
    /// Never attempted; the nearest to the user's rating.
    New,
}

/// The puzzle chosen by [`Progress::pick_next`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pick<'a> {
    /// The chosen candidate.
    pub candidate: Candidate<'a>,
    /// Why it was chosen.
    pub reason: PickReason,
}

impl Progress {
    /// The user's current rating.
    #[must_use]
    pub fn rating(&self) -> UserRating {
        self.derived().rating
    }

    /// The rating after each rated attempt, oldest first.
    #[must_use]
    pub fn rating_history(&self) -> &[RatingPoint] {
        &self.derived().history
    }

    /// The current and best streak of solved puzzles.
    #[must_use]
    pub fn streak(&self) -> Streak {
        self.derived().streak
    }

    /// The review card of a puzzle, if it has one.
    #[must_use]
    pub fn card(&self, puzzle: &PuzzleRef) -> Option<&Card> {
        self.derived().cards.get(puzzle)
    }

    /// Whether the puzzle has been attempted before.
    #[must_use]
    pub fn has_seen(&self, puzzle: &PuzzleRef) -> bool {
        self.derived().seen.contains(puzzle)
    }

    /// The puzzles whose review is due at `now`, the longest overdue first
    /// (ties by puzzle).
    #[must_use]
    pub fn due_reviews(&self, now: Timestamp) -> Vec<PuzzleRef> {
        let mut due: Vec<(&PuzzleRef, &Card)> = self
            .derived()
            .cards
            .iter()
            .filter(|(_, card)| card.due <= now)
            .collect();
        due.sort_by(|a, b| a.1.due.cmp(&b.1.due).then_with(|| a.0.cmp(b.0)));
        due.into_iter().map(|(puzzle, _)| puzzle.clone()).collect()
    }

    /// The next puzzle to offer among `candidates`: the candidate whose
    /// review has been due longest, or else the unseen candidate whose rating
    /// is nearest the user's (the first such on a tie). If `themes` is not
    /// empty, only candidates with at least one of those themes count.
    /// Returns `None` when no candidate qualifies.
    pub fn pick_next<'a>(
        &self,
        now: Timestamp,
        candidates: impl IntoIterator<Item = Candidate<'a>>,
        themes: &[String],
    ) -> Option<Pick<'a>> {
        let derived = self.derived();
        let target = derived.rating.rating;
        let mut review: Option<(Timestamp, Candidate<'a>)> = None;
        let mut fresh: Option<(f64, Candidate<'a>)> = None;
        for candidate in candidates {
            if !themes.is_empty() && !candidate.themes.iter().any(|t| themes.contains(t)) {
                continue;
            }
            if let Some(card) = derived.cards.get(candidate.puzzle) {
                if card.due <= now && review.is_none_or(|(due, _)| card.due < due) {
                    review = Some((card.due, candidate));
                }
            } else if !derived.seen.contains(candidate.puzzle) {
                let distance = (f64::from(candidate.rating) - target).abs();
                if fresh.is_none_or(|(best, _)| distance < best) {
                    fresh = Some((distance, candidate));
                }
            }
        }
        match (review, fresh) {
            (Some((due, candidate)), _) => Some(Pick {
                candidate,
                reason: PickReason::Review { due },
            }),
            (None, Some((_, candidate))) => Some(Pick {
                candidate,
                reason: PickReason::New,
            }),
            (None, None) => None,
        }
    }
}
