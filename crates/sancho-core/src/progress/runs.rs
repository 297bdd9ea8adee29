//! Records of the timed and endurance modes (issue 14): every finished
//! Storm and Streak run, and the bests derived from them.
//!
//! Runs live in `progress.json` under an optional top-level `"runs"` array
//! (schema 1 still: a Sancho that predates runs keeps the field as it is
//! and writes it back unchanged, see [`super::disk`]). Like attempts, each
//! run has a unique id, so merging two documents is a union.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::history::{SECONDS_PER_DAY, Timestamp};
use super::model::Progress;

/// Which mode a run was.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Mode {
    /// Puzzle Storm.
    Storm,
    /// Puzzle Streak.
    Streak,
}

impl Mode {
    /// The mode's name, as the command line spells it.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Mode::Storm => "storm",
            Mode::Streak => "streak",
        }
    }
}

/// One finished run.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ModeRun {
    /// Storm or Streak.
    pub mode: Mode,
    /// When it ended (unix seconds).
    pub at: Timestamp,
    /// Puzzles solved (Streak: solved in a row).
    pub score: u32,
    /// Moves played (Storm; 0 for Streak).
    #[serde(default)]
    pub moves: u32,
    /// Correct moves in percent (Storm).
    #[serde(default)]
    pub accuracy: u32,
    /// The best combo (Storm).
    #[serde(default)]
    pub combo_best: u32,
    /// The clock at the start, in seconds (Storm; 0 for Streak).
    #[serde(default)]
    pub seconds: u32,
    /// The highest rating solved.
    #[serde(default)]
    pub highest_solved: Option<u32>,
}

/// A run on disk: its id and the run.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RunRecord {
    /// Unique id: `<at>-<mode>-<nonce>`.
    pub id: String,
    /// The run.
    #[serde(flatten)]
    pub run: ModeRun,
    /// Fields this version does not know, kept.
    #[serde(flatten)]
    pub unknown: super::disk::Extra,
}

/// The bests shown after a run and in `sancho stats`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct ModeRecords {
    /// Storm runs played.
    pub storm_runs: usize,
    /// The best Storm run today (UTC day), by score, then the earlier.
    pub storm_best_today: Option<ModeRun>,
    /// The best Storm run ever.
    pub storm_best: Option<ModeRun>,
    /// Streak runs played.
    pub streak_runs: usize,
    /// The longest streak ever.
    pub streak_best: Option<u32>,
}

/// The start of the UTC day holding `now`.
#[must_use]
pub fn day_start(now: Timestamp) -> Timestamp {
    Timestamp(now.0 - now.0.rem_euclid(SECONDS_PER_DAY))
}

impl Progress {
    /// The bests of the runs, with "today" the UTC day holding `now`.
    #[must_use]
    pub fn mode_records(&self, now: Timestamp) -> ModeRecords {
        let today = day_start(now);
        let best = |runs: &mut dyn Iterator<Item = &ModeRun>| -> Option<ModeRun> {
            runs.max_by(|a, b| a.score.cmp(&b.score).then(b.at.cmp(&a.at)))
                .cloned()
        };
        let storms = || self.runs().filter(|r| r.mode == Mode::Storm);
        let streaks = || self.runs().filter(|r| r.mode == Mode::Streak);
        ModeRecords {
            storm_runs: storms().count(),
            storm_best_today: best(&mut storms().filter(|r| r.at >= today)),
            storm_best: best(&mut storms()),
            streak_runs: streaks().count(),
            streak_best: streaks().map(|r| r.score).max(),
        }
    }
}

fn runs(n: usize) -> String {
    if n == 1 {
        "1 run".to_owned()
    } else {
        format!("{n} runs")
    }
}

impl fmt::Display for ModeRecords {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let storm = |r: &ModeRun| {
            format!(
                "{} solved in {} s ({} {}, {}% accurate, best combo {})",
                r.score,
                r.seconds,
                r.moves,
                if r.moves == 1 { "move" } else { "moves" },
                r.accuracy,
                r.combo_best
            )
        };
        match (&self.storm_best, &self.storm_best_today) {
            (None, _) => writeln!(f, "Storm: no runs yet")?,
            (Some(best), today) => {
                writeln!(f, "Storm: {}; best {}", runs(self.storm_runs), storm(best))?;
                match today {
                    Some(t) => writeln!(f, "  best today: {}", storm(t))?,
                    None => writeln!(f, "  best today: no run today")?,
                }
            }
        }
        match self.streak_best {
            Some(best) => writeln!(
                f,
                "Streak: {}; best {best} in a row",
                runs(self.streak_runs)
            ),
            None => writeln!(f, "Streak: no runs yet"),
        }
    }
}
