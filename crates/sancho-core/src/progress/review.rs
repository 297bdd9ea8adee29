//! Spaced repetition of failed puzzles: FSRS-6 (the scheduler of Anki),
//! through the `fsrs` crate with its published default parameters.
//!
//! A puzzle gets a card the first time it is failed (anything but a clean
//! solve); that failure is the card's first review. Every later attempt at
//! the puzzle is a review graded from what happened ([`grade`]): a clean
//! solve is Good (Easy when it took under [`EASY_WITHIN_MS`]), a puzzle
//! played to the end after a wrong move or with hints is Hard, a failure or
//! a shown solution is Again.
//!
//! A card holds FSRS's memory state (stability in days, difficulty 1..=10).
//! Each review moves it with the days elapsed since the last review, and the
//! card is next due when recall is predicted to fall to the desired
//! retention (default [`DESIRED_RETENTION`]; at 0.9 that is after
//! `stability` days), at least a day later.
//!
//! Two things can change the schedule, both through a [`Scheduler`]: the
//! desired retention, a setting (config.toml's `retention`, which the
//! shell hands to the store: [`Store::set_retention`](super::Store::set_retention)), and
//! FSRS parameters fitted to the user's own reviews (`sancho progress
//! optimize`, kept in the progress file, see [`super::optimize`]).
//!
//! Cards of schema-1 files were scheduled by SM-2 ([`super::sm2`]); they are
//! converted with [`from_sm2`] (the crate's conversion from ease and
//! interval), which keeps each card's due date.

use std::sync::LazyLock;

use fsrs::{DEFAULT_PARAMETERS, FSRS, MemoryState};

use super::history::{Attempt, SECONDS_PER_DAY, Timestamp};

/// The probability of recall at which a card falls due, by default.
pub const DESIRED_RETENTION: f32 = 0.9;

/// FSRS with its parameters and the desired retention: what a schedule is
/// computed with.
#[derive(Debug, Clone)]
pub struct Scheduler {
    fsrs: FSRS,
    parameters: Vec<f32>,
    retention: f32,
}

impl Scheduler {
    /// The scheduler with `parameters` (`None`: FSRS-6's defaults) and the
    /// desired retention `retention`. Parameters the crate refuses (a
    /// hand-edited file) give the defaults.
    #[must_use]
    pub fn new(parameters: Option<&[f32]>, retention: f32) -> Scheduler {
        let fitted = parameters.and_then(|p| FSRS::new(p).ok().map(|fsrs| (fsrs, p.to_vec())));
        let (fsrs, parameters) =
            fitted.unwrap_or_else(|| (FSRS::default(), DEFAULT_PARAMETERS.to_vec()));
        Scheduler {
            fsrs,
            parameters,
            retention,
        }
    }

    /// The default parameters at [`DESIRED_RETENTION`].
    #[must_use]
    pub fn standard() -> &'static Scheduler {
        &SCHEDULER
    }

    /// The parameters in use (21 numbers for FSRS-6).
    #[must_use]
    pub fn parameters(&self) -> &[f32] {
        &self.parameters
    }

    /// The desired retention.
    #[must_use]
    pub fn retention(&self) -> f32 {
        self.retention
    }

    /// The intervals, in days, of a card first failed and then answered
    /// `grade` on each due date, `reviews` times: how the parameters and
    /// the retention schedule a typical card.
    #[must_use]
    pub fn sample_intervals(&self, grade: Grade, reviews: usize) -> Vec<u32> {
        let mut card = Card::first_in(self, Grade::Again, super::history::Timestamp(0));
        let mut out = vec![card.interval_days];
        for _ in 0..reviews {
            card.review_in(self, grade, card.due);
            out.push(card.interval_days);
        }
        out
    }
}

/// The recall rate assumed of SM-2's schedule when converting its cards
/// (its intervals aimed at about 90%).
pub const SM2_RETENTION: f32 = 0.9;

/// A clean solve faster than this is graded Easy.
pub const EASY_WITHIN_MS: u64 = 10_000;

/// The longest interval, ten years (keeps the arithmetic far from overflow).
pub const MAX_INTERVAL_DAYS: u32 = 3650;

/// A review card carried over from an SM-2 schedule by the migration of a
/// schema-1 file: its FSRS memory state as of its last review `at`. Replay
/// starts the puzzle's card from it and ignores attempts at or before `at`
/// (they are already in it).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CarriedCard {
    /// The last review the SM-2 card included.
    pub at: Timestamp,
    /// Its memory state.
    pub memory: MemoryState,
}

/// The scheduler with FSRS-6's default parameters at 0.9.
static SCHEDULER: LazyLock<Scheduler> = LazyLock::new(|| Scheduler::new(None, DESIRED_RETENTION));

/// FSRS's four answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Grade {
    /// Failed or given up.
    Again,
    /// Reached the end after a wrong move or with hints.
    Hard,
    /// A clean solve.
    Good,
    /// A fast clean solve.
    Easy,
}

/// The grade of an attempt (see the module documentation).
#[must_use]
pub fn grade(attempt: &Attempt) -> Grade {
    if attempt.is_clean() {
        if attempt.time_ms < EASY_WITHIN_MS {
            Grade::Easy
        } else {
            Grade::Good
        }
    } else if attempt.reached_the_end() {
        Grade::Hard
    } else {
        Grade::Again
    }
}

/// The review state of one puzzle.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Card {
    /// Days for recall to fall to 90%.
    pub stability: f32,
    /// How hard the puzzle is to remember, 1 (easy) to 10.
    pub difficulty: f32,
    /// Reviews so far, the first failure included (a card carried over
    /// from SM-2 starts at one).
    pub reviews: u32,
    /// When it was last reviewed.
    pub last_review: Timestamp,
    /// The current interval in days.
    pub interval_days: u32,
    /// When the card is next due.
    pub due: Timestamp,
}

impl Card {
    /// A new card for a puzzle first failed at `at` (grade Again), with
    /// that failure applied as its first review (so it is due a day later).
    #[must_use]
    pub fn after_failure(at: Timestamp) -> Card {
        Card::first(Grade::Again, at)
    }

    /// A new card whose first review, at `at`, was graded `grade` (Again for
    /// a failure, Hard for a puzzle finished after a slip or with hints).
    #[must_use]
    pub fn first(grade: Grade, at: Timestamp) -> Card {
        Card::first_in(&SCHEDULER, grade, at)
    }

    /// As [`Card::first`], scheduled by `scheduler`.
    #[must_use]
    pub fn first_in(scheduler: &Scheduler, grade: Grade, at: Timestamp) -> Card {
        let next = next_state(scheduler, None, grade, 0);
        Card::scheduled(scheduler, next, 1, at)
    }

    /// A card carried over with memory state `memory` from a review at `at`
    /// (a migrated SM-2 card).
    #[must_use]
    pub fn carried_over(memory: MemoryState, at: Timestamp) -> Card {
        Card::carried_over_in(&SCHEDULER, memory, at)
    }

    /// As [`Card::carried_over`], scheduled by `scheduler`.
    #[must_use]
    pub fn carried_over_in(scheduler: &Scheduler, memory: MemoryState, at: Timestamp) -> Card {
        Card::scheduled(scheduler, memory, 1, at)
    }

    /// Applies one review graded `grade`, made at `at`.
    pub fn review(&mut self, grade: Grade, at: Timestamp) {
        self.review_in(&SCHEDULER, grade, at);
    }

    /// As [`Card::review`], scheduled by `scheduler`.
    pub fn review_in(&mut self, scheduler: &Scheduler, grade: Grade, at: Timestamp) {
        let elapsed = at.0.saturating_sub(self.last_review.0).max(0) / SECONDS_PER_DAY;
        let elapsed = u32::try_from(elapsed).unwrap_or(u32::MAX);
        let memory = MemoryState {
            stability: self.stability,
            difficulty: self.difficulty,
        };
        let next = next_state(scheduler, Some(memory), grade, elapsed);
        *self = Card::scheduled(scheduler, next, self.reviews.saturating_add(1), at);
    }

    fn scheduled(scheduler: &Scheduler, memory: MemoryState, reviews: u32, at: Timestamp) -> Card {
        let interval = scheduler
            .fsrs
            .next_interval(Some(memory.stability), scheduler.retention, 0);
        let interval_days = round_days(interval);
        Card {
            stability: memory.stability,
            difficulty: memory.difficulty,
            reviews,
            last_review: at,
            interval_days,
            due: at.plus_days(interval_days),
        }
    }
}

/// The memory state after a review graded `grade`, `elapsed_days` after the
/// last one (`None`: a new card). Falls back to the state before (or the
/// first-review state) if the crate rejects a non-finite value, which only
/// out-of-range input could cause.
fn next_state(
    scheduler: &Scheduler,
    memory: Option<MemoryState>,
    grade: Grade,
    elapsed_days: u32,
) -> MemoryState {
    match scheduler
        .fsrs
        .next_states(memory, scheduler.retention, elapsed_days)
    {
        Ok(next) => {
            let state = match grade {
                Grade::Again => next.again,
                Grade::Hard => next.hard,
                Grade::Good => next.good,
                Grade::Easy => next.easy,
            };
            state.memory
        }
        Err(_) => memory.unwrap_or(MemoryState {
            stability: 1.0,
            difficulty: 5.0,
        }),
    }
}

/// The FSRS memory state of an SM-2 card with ease `ease` and interval
/// `interval_days` (the crate's `memory_state_from_sm2`, assuming SM-2 kept
/// [`SM2_RETENTION`]); `None` if the values are out of range.
#[must_use]
pub fn from_sm2(ease: f64, interval_days: u32) -> Option<MemoryState> {
    // Eases lie between 1.3 and a few units, intervals below ten years:
    // both are exact enough in f32.
    #[allow(clippy::cast_possible_truncation, clippy::cast_precision_loss)]
    let (ease, interval) = (ease as f32, interval_days as f32);
    SCHEDULER
        .fsrs
        .memory_state_from_sm2(ease, interval, SM2_RETENTION)
        .ok()
}

/// Rounds a day count to the nearest whole day, at least 1 and at most
/// [`MAX_INTERVAL_DAYS`].
fn round_days(days: f32) -> u32 {
    if !days.is_finite() {
        return 1;
    }
    // The clamp keeps the value inside u32, so the cast cannot truncate.
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let whole = days.round().clamp(1.0, MAX_INTERVAL_DAYS as f32) as u32;
    whole
}
