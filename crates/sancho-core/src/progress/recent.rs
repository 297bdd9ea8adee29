//! The history of puzzles played, newest first (`sancho history`, the
//! History screen), and the failed ones to replay (`play --replay-failed`).

use std::collections::HashSet;
use std::fmt;

use serde::Serialize;

use super::disk::SourceRecord;
use super::history::{Attempt, PuzzleRef, Timestamp};
use super::model::Progress;

/// How an attempt ended, in the words of the history.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum AttemptResult {
    /// A clean solve.
    Solved,
    /// Failed by a legal move that was not the solution.
    WrongMove,
    /// Failed by a hint.
    Hint,
    /// The solution was shown.
    GaveUp,
}

impl AttemptResult {
    /// How `attempt` ended.
    #[must_use]
    pub fn of(attempt: &Attempt) -> AttemptResult {
        if attempt.counts_as_solved() {
            AttemptResult::Solved
        } else if attempt.solution_shown {
            AttemptResult::GaveUp
        } else if attempt.hints > 0 {
            AttemptResult::Hint
        } else {
            AttemptResult::WrongMove
        }
    }

    /// "solved", "failed (wrong move)", "failed (hint)", "failed (gave up)".
    #[must_use]
    pub fn describe(self) -> &'static str {
        match self {
            AttemptResult::Solved => "solved",
            AttemptResult::WrongMove => "failed (wrong move)",
            AttemptResult::Hint => "failed (hint)",
            AttemptResult::GaveUp => "failed (gave up)",
        }
    }
}

/// One attempt in the history.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RecentAttempt {
    /// The puzzle's id.
    pub id: String,
    /// Where it came from, as `progress.json` writes it.
    pub source: SourceRecord,
    /// When the attempt ended.
    pub at: Timestamp,
    /// How it ended.
    pub result: AttemptResult,
    /// Whether it counts as solved (a clean solve).
    pub solved: bool,
    /// Time taken, in milliseconds.
    pub time_ms: u64,
    /// The puzzle's rating, when it has one.
    pub rating: Option<u16>,
    /// Whether it moved the user's rating.
    pub rated: bool,
    /// A replay of a failed puzzle.
    pub replay: bool,
    /// The puzzle's themes.
    pub themes: Vec<String>,
    /// Notation slips typed in it.
    pub slips: usize,
    /// The puzzle's identity.
    #[serde(skip)]
    pub puzzle: PuzzleRef,
}

impl Progress {
    /// The `limit` latest attempts, newest first; with `failed_only`, only
    /// those that did not count as solved.
    #[must_use]
    pub fn recent(&self, limit: usize, failed_only: bool) -> Vec<RecentAttempt> {
        let mut all: Vec<&Attempt> = self
            .attempts()
            .map(|(_, a)| a)
            .filter(|a| !failed_only || !a.counts_as_solved())
            .collect();
        all.sort_by_key(|a| std::cmp::Reverse(a.at));
        all.into_iter()
            .take(limit)
            .map(|a| RecentAttempt {
                id: a.puzzle.id.clone(),
                source: (&a.puzzle.source).into(),
                at: a.at,
                result: AttemptResult::of(a),
                solved: a.counts_as_solved(),
                time_ms: a.time_ms,
                rating: a.rating,
                rated: a.rated,
                replay: a.replay,
                themes: a.themes.clone(),
                slips: a.typed().filter(|t| !t.codes.is_empty()).count(),
                puzzle: a.puzzle.clone(),
            })
            .collect()
    }

    /// The puzzles to replay: those whose latest attempt failed (a replay
    /// solved since takes one off), newest failure first, at most `limit`.
    #[must_use]
    pub fn failed_to_replay(&self, limit: usize) -> Vec<PuzzleRef> {
        let mut all: Vec<&Attempt> = self.attempts().map(|(_, a)| a).collect();
        all.sort_by_key(|a| std::cmp::Reverse(a.at));
        let mut decided: HashSet<&PuzzleRef> = HashSet::new();
        all.into_iter()
            .filter(|a| decided.insert(&a.puzzle) && !a.counts_as_solved())
            .take(limit)
            .map(|a| a.puzzle.clone())
            .collect()
    }
}

impl fmt::Display for RecentAttempt {
    /// "2026-11-26 14:03  00sHx  failed (wrong move)  1520  12 s  fork, short".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let rating = self
            .rating
            .map_or_else(|| "-".to_owned(), |r| r.to_string());
        let mut result = self.result.describe().to_owned();
        if self.replay {
            result.push_str(", replay");
        }
        write!(
            f,
            "{}  {:<12} {:<22} {:>5}  {:>4} s",
            self.at.utc_minute(),
            self.id,
            result,
            rating,
            self.time_ms.saturating_add(500) / 1000
        )?;
        if !self.themes.is_empty() {
            write!(f, "  {}", self.themes.join(", "))?;
        }
        Ok(())
    }
}

impl Timestamp {
    /// The moment as a UTC date and time to the minute: "2026-11-26 14:03".
    #[must_use]
    pub fn utc_minute(self) -> String {
        let days = self.0.div_euclid(86_400);
        let seconds = self.0.rem_euclid(86_400);
        let (y, m, d) = civil_from_days(days);
        format!(
            "{y:04}-{m:02}-{d:02} {:02}:{:02}",
            seconds / 3600,
            seconds % 3600 / 60
        )
    }
}

/// The proleptic Gregorian date of a day count from 1970-01-01 (Howard
/// Hinnant's `civil_from_days`).
fn civil_from_days(days: i64) -> (i64, i64, i64) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_are_written_in_utc() {
        assert_eq!(Timestamp(0).utc_minute(), "1970-01-01 00:00");
        assert_eq!(Timestamp(951_782_400).utc_minute(), "2000-02-29 00:00");
        assert_eq!(Timestamp(1_795_318_739).utc_minute(), "2026-11-22 03:38");
        assert_eq!(Timestamp(-60).utc_minute(), "1969-12-31 23:59");
    }
}
