//! The review scheduler of schema-1 progress files: SM-2 (Wozniak, 1987), as
//! written in the usual pseudo-code. Sancho now schedules with FSRS (see
//! [`super::review`]); this module is kept to read the cards a schema-1 file
//! implies, so that they can be migrated without loss ([`cards`]).
//!
//! A puzzle gets a card the first time it is failed (anything but a clean
//! solve); that failure is the card's first review. Every later attempt at
//! the puzzle is a review with a quality: a clean solve is 5, playing to the
//! end after a wrong move or with hints is 3, a shown solution is 1. Then:
//!
//! - quality >= 3: the interval becomes 1 day after the first successful
//!   review in a row, 6 days after the second, and `round(interval * ease)`
//!   after that (using the ease before this review's adjustment);
//! - quality < 3: the run restarts (repetitions 0) and the interval is 1 day;
//! - either way the ease becomes `ease + 0.1 - (5 - q) * (0.08 + (5 - q) * 0.02)`,
//!   never below 1.3 (starting at 2.5): +0.1 for a clean solve, -0.14 for a
//!   solve with hints, -0.54 for a failure;
//! - the card is due `interval` days after the review.

use std::collections::HashMap;

use super::history::{Attempt, AttemptId, PuzzleRef, Timestamp};

/// The ease a new card starts from.
pub const START_EASE: f64 = 2.5;
/// The floor of the ease.
pub const MIN_EASE: f64 = 1.3;

/// The review quality of an attempt: 5 clean, 3 played to the end with
/// help or after a slip, 1 solution shown (or failed outright).
#[must_use]
pub fn quality(attempt: &Attempt) -> u8 {
    if attempt.is_clean() {
        5
    } else if attempt.reached_the_end() {
        3
    } else {
        1
    }
}

/// The review state of one puzzle.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Card {
    /// Successful reviews in a row.
    pub repetitions: u32,
    /// The current interval in days.
    pub interval_days: u32,
    /// The ease factor.
    pub ease: f64,
    /// When the card is next due.
    pub due: Timestamp,
}

impl Card {
    /// A new card for a puzzle first failed at `at`, with that failure
    /// applied as its first review (so it is due a day later).
    #[must_use]
    pub fn after_failure(at: Timestamp) -> Card {
        let mut card = Card {
            repetitions: 0,
            interval_days: 0,
            ease: START_EASE,
            due: at,
        };
        card.review(1, at);
        card
    }

    /// Applies one review of quality `q` (0..=5) made at `at`.
    pub fn review(&mut self, q: u8, at: Timestamp) {
        let q = q.min(5);
        if q >= 3 {
            self.interval_days = match self.repetitions {
                0 => 1,
                1 => 6,
                _ => round_days(f64::from(self.interval_days) * self.ease),
            };
            self.repetitions += 1;
        } else {
            self.repetitions = 0;
            self.interval_days = 1;
        }
        let miss = f64::from(5 - q);
        self.ease = (self.ease + 0.1 - miss * (0.08 + miss * 0.02)).max(MIN_EASE);
        self.due = at.plus_days(self.interval_days);
    }
}

/// The SM-2 cards a log implies, as schema 1 derived them: attempts
/// replayed in order of (time, id), a card created by the first attempt that
/// is not a solve and reviewed by every later attempt at the puzzle.
#[must_use]
pub fn cards<'a>(
    attempts: impl Iterator<Item = (&'a AttemptId, &'a Attempt)>,
) -> HashMap<PuzzleRef, Card> {
    let mut ordered: Vec<(&AttemptId, &Attempt)> = attempts.collect();
    ordered.sort_by(|a, b| a.1.at.cmp(&b.1.at).then_with(|| a.0.cmp(b.0)));
    let mut cards: HashMap<PuzzleRef, Card> = HashMap::new();
    for (_, attempt) in ordered {
        match cards.get_mut(&attempt.puzzle) {
            Some(card) => card.review(quality(attempt), attempt.at),
            None if !attempt.counts_as_solved() => {
                cards.insert(attempt.puzzle.clone(), Card::after_failure(attempt.at));
            }
            None => {}
        }
    }
    cards
}

/// Rounds a day count to the nearest whole day, at least 1 and at most
/// ten years (so that the arithmetic can never overflow).
fn round_days(days: f64) -> u32 {
    const MAX_DAYS: f64 = 3650.0;
    // The clamp keeps the value inside u32, so the cast cannot truncate.
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let whole = days.round().clamp(1.0, MAX_DAYS) as u32;
    whole
}
