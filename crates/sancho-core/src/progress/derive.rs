//! The state derived by replaying the attempt log in time order: the rating
//! and its history, review cards, the puzzles seen and the streaks.

use std::collections::{BTreeMap, HashMap, HashSet};

use serde::Serialize;

use super::history::{Attempt, AttemptId, PuzzleRef};
use super::rating::{RatingPoint, UserRating};
use super::review::{Card, CarriedCard, Scheduler, grade};

/// Consecutive solved puzzles, in time order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
pub struct Streak {
    /// Solved in a row up to the latest attempt (0 if it failed).
    pub current: u32,
    /// The longest run ever.
    pub best: u32,
}

/// Everything computed from the attempts.
#[derive(Debug, Clone, Default)]
pub(crate) struct Derived {
    pub(crate) rating: UserRating,
    pub(crate) history: Vec<RatingPoint>,
    pub(crate) cards: HashMap<PuzzleRef, Card>,
    pub(crate) seen: HashSet<PuzzleRef>,
    /// Puzzles solved cleanly at least once.
    pub(crate) solved: HashSet<PuzzleRef>,
    pub(crate) streak: Streak,
}

impl Derived {
    /// Replays attempts in order of (time, id): the first attempt at a
    /// puzzle may change the rating (when it was rated), every attempt but
    /// a replay may create or review a card and extends or breaks the
    /// streak. Cards carried over from SM-2
    /// start their puzzle's card; attempts at or before such a card's last
    /// review are already in it and do not review it again.
    pub(crate) fn replay<'a>(
        attempts: impl Iterator<Item = (&'a AttemptId, &'a Attempt)>,
        carried: &BTreeMap<PuzzleRef, CarriedCard>,
        scheduler: &Scheduler,
    ) -> Self {
        let mut ordered: Vec<(&AttemptId, &Attempt)> = attempts.collect();
        ordered.sort_by(|a, b| a.1.at.cmp(&b.1.at).then_with(|| a.0.cmp(b.0)));

        let mut derived = Derived::default();
        for (puzzle, card) in carried {
            derived.cards.insert(
                puzzle.clone(),
                Card::carried_over_in(scheduler, card.memory, card.at),
            );
        }
        for (_, attempt) in ordered {
            let first = derived.seen.insert(attempt.puzzle.clone());
            if attempt.replay {
                // Practice after a session: it moves neither the rating,
                // the review card nor the streak.
                if attempt.counts_as_solved() {
                    derived.solved.insert(attempt.puzzle.clone());
                }
                continue;
            }
            if first
                && attempt.rated
                && let Some(puzzle_rating) = attempt.rating
            {
                derived.rating = derived
                    .rating
                    .after_puzzle(puzzle_rating, attempt.is_clean());
                derived.history.push(RatingPoint {
                    at: attempt.at,
                    rating: derived.rating.rating,
                });
            }

            let covered = carried
                .get(&attempt.puzzle)
                .is_some_and(|card| attempt.at <= card.at);
            match derived.cards.get_mut(&attempt.puzzle) {
                Some(_) if covered => {}
                Some(card) => card.review_in(scheduler, grade(attempt), attempt.at),
                None if !attempt.counts_as_solved() => {
                    derived.cards.insert(
                        attempt.puzzle.clone(),
                        Card::first_in(scheduler, grade(attempt), attempt.at),
                    );
                }
                None => {}
            }

            if attempt.counts_as_solved() {
                derived.solved.insert(attempt.puzzle.clone());
                derived.streak.current += 1;
                derived.streak.best = derived.streak.best.max(derived.streak.current);
            } else {
                derived.streak.current = 0;
            }
        }
        derived
    }
}
