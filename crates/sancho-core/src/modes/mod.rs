//! Timed and endurance puzzle modes: Storm (Lichess's Puzzle Storm rules,
//! offline) and Streak (rising difficulty until the first mistake).
//!
//! Pure cores: no terminal, no clock, no files. Time is passed in as
//! milliseconds since the start of the run, so that tests drive a run with
//! a scripted clock and the shells (line mode) read the real one.

pub(crate) mod pool;
pub(crate) mod storm;
pub(crate) mod streak;

pub use pool::{BUCKET_WIDTH, PER_BUCKET, STORM_RANGE, rising_pool, storm_pool};
pub use storm::{
    COMBO_LEVELS, ClockChange, DEFAULT_SECONDS, Storm, StormSummary, WRONG_PENALTY_MS,
    combo_bonus_ms,
};
pub use streak::{Streak, StreakStep};
