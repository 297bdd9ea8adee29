//! The user's puzzle rating: Glicko-2 (through `skillratings`), one rating
//! period per rated attempt.
//!
//! The user starts at 1500 with deviation 350 and volatility 0.06. Each
//! puzzle is an opponent with its own rating and a fixed deviation of
//! [`PUZZLE_DEVIATION`]; only the first attempt at a puzzle changes the
//! rating, and only a clean solve (no hint, no shown solution) is a win.

use serde::Serialize;
use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2};

use super::history::Timestamp;

/// The deviation given to every puzzle as an opponent.
pub const PUZZLE_DEVIATION: f64 = 100.0;

/// A rating is provisional while its deviation is at least this (as on
/// Lichess): shown as `1500?`.
pub const PROVISIONAL_DEVIATION: f64 = 110.0;

/// The volatility given to every puzzle as an opponent (it does not affect
/// the user's update).
const PUZZLE_VOLATILITY: f64 = 0.06;

/// A Glicko-2 rating on the familiar (1500-centred) scale.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct UserRating {
    /// The rating.
    pub rating: f64,
    /// Its deviation (uncertainty).
    pub deviation: f64,
    /// Its volatility.
    pub volatility: f64,
}

impl Default for UserRating {
    /// 1500 / 350 / 0.06, Glicko-2's unrated player.
    fn default() -> Self {
        UserRating {
            rating: 1500.0,
            deviation: 350.0,
            volatility: 0.06,
        }
    }
}

impl UserRating {
    /// Whether the rating is still provisional ([`PROVISIONAL_DEVIATION`]).
    #[must_use]
    pub fn is_provisional(&self) -> bool {
        self.deviation >= PROVISIONAL_DEVIATION
    }

    /// The rating as shown: whole points, with `?` while provisional
    /// (`1500?`, `1612`).
    #[must_use]
    pub fn shown(&self) -> String {
        let mark = if self.is_provisional() { "?" } else { "" };
        format!("{:.0}{mark}", self.rating)
    }

    /// The rating after one game against a puzzle rated `puzzle_rating`
    /// (deviation [`PUZZLE_DEVIATION`]), won if `won`.
    #[must_use]
    pub fn after_puzzle(self, puzzle_rating: u16, won: bool) -> UserRating {
        let user = Glicko2Rating {
            rating: self.rating,
            deviation: self.deviation,
            volatility: self.volatility,
        };
        let puzzle = Glicko2Rating {
            rating: f64::from(puzzle_rating),
            deviation: PUZZLE_DEVIATION,
            volatility: PUZZLE_VOLATILITY,
        };
        let outcome = if won { Outcomes::WIN } else { Outcomes::LOSS };
        let (new, _) = glicko2(&user, &puzzle, &outcome, &Glicko2Config::new());
        UserRating {
            rating: new.rating,
            deviation: new.deviation,
            volatility: new.volatility,
        }
    }
}

/// One point of the rating chart: the rating just after a rated attempt.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct RatingPoint {
    /// When the attempt ended.
    pub at: Timestamp,
    /// The rating after it.
    pub rating: f64,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn difficulty_table() {
        for (d, r) in [
            (0, 800),
            (1, 800),
            (2, 1100),
            (3, 1400),
            (4, 1700),
            (5, 2000),
            (9, 2000),
        ] {
            assert_eq!(crate::puzzle::difficulty_rating(d), r, "difficulty {d}");
        }
    }

    #[test]
    fn a_rating_is_provisional_until_its_deviation_falls_below_110() {
        let at = |deviation| UserRating {
            rating: 1500.4,
            deviation,
            volatility: 0.06,
        };
        assert_eq!(at(350.0).shown(), "1500?");
        assert_eq!(at(110.0).shown(), "1500?");
        assert_eq!(at(109.9).shown(), "1500");
        assert!(UserRating::default().is_provisional());
    }

    #[test]
    fn win_raises_and_loss_lowers() {
        let start = UserRating::default();
        assert!(start.after_puzzle(1500, true).rating > 1500.0);
        assert!(start.after_puzzle(1500, false).rating < 1500.0);
        assert!(start.after_puzzle(1500, true).deviation < 350.0);
    }
}
