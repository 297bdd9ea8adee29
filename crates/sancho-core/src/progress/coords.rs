//! Records of the coordinates drill, as Lichess keeps them: the personal
//! best per mode (find, name or both; timed or untimed) and colour, and the
//! last 20 scores, with a small chart.
//!
//! A coordinates drill's [`DrillResult`](super::DrillResult) carries its
//! [`CoordSetup`] in the optional `"coordinates"` key of its drill record
//! (absent for every other drill and in files written before it). A run's
//! score is its number of correct answers. Runs limited to some files or
//! ranks are kept among the last scores but never set a personal best: a
//! smaller board is an easier one.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::model::Progress;

/// How many recent scores are kept per mode and colour.
pub const RECENT_SCORES: usize = 20;

/// What the coordinates drill asks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum CoordMode {
    /// Find the named square on the board.
    Find,
    /// Name the highlighted square.
    Name,
    /// Both, mixed at random.
    Both,
}

impl CoordMode {
    /// Every mode, in the order the options cycle.
    pub const ALL: [CoordMode; 3] = [CoordMode::Both, CoordMode::Find, CoordMode::Name];

    /// The stable name (command line, JSON).
    pub fn as_str(self) -> &'static str {
        match self {
            CoordMode::Find => "find",
            CoordMode::Name => "name",
            CoordMode::Both => "both",
        }
    }
}

/// From whose side the board is drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum CoordColour {
    /// White at the bottom.
    White,
    /// Black at the bottom (the board flipped).
    Black,
    /// Either, at random for each exercise.
    Random,
}

impl CoordColour {
    /// Every choice, in the order the options cycle.
    pub const ALL: [CoordColour; 3] = [CoordColour::Random, CoordColour::White, CoordColour::Black];

    /// The stable name (command line, JSON).
    pub fn as_str(self) -> &'static str {
        match self {
            CoordColour::White => "white",
            CoordColour::Black => "black",
            CoordColour::Random => "random",
        }
    }
}

/// How a coordinates drill was set up (stored with its result).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct CoordSetup {
    /// Find, name or both.
    pub mode: CoordMode,
    /// The side at the bottom.
    pub colour: CoordColour,
    /// Against the 30-second clock.
    pub timed: bool,
    /// The files practised, as written (`a-h`, `a-d`, `a,c,e`).
    pub files: String,
    /// The ranks practised, as written (`1-8`, `1-4`).
    pub ranks: String,
    /// Whether the coordinates on the board's edge were hidden.
    #[serde(default)]
    pub hidden: bool,
    /// Whether the run was stopped before its end (neither all answered
    /// nor out of time): its score is kept among the last ones, but an
    /// unfinished run never sets a best. Absent (false) in older files.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub stopped: bool,
}

impl CoordSetup {
    /// Whether the whole board was practised (only such runs set a best).
    pub fn whole_board(&self) -> bool {
        self.files == "a-h" && self.ranks == "1-8"
    }

    /// Whether the run may set a personal best: the whole board, played
    /// to its end.
    pub fn counts_for_best(&self) -> bool {
        self.whole_board() && !self.stopped
    }
}

/// The records of one mode and colour.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CoordRecords {
    /// Find, name or both.
    pub mode: CoordMode,
    /// Timed or untimed.
    pub timed: bool,
    /// The side at the bottom.
    pub colour: CoordColour,
    /// Runs played.
    pub runs: usize,
    /// The most correct answers in one whole-board run.
    pub best: Option<u32>,
    /// The last scores (at most [`RECENT_SCORES`]), oldest first.
    pub recent: Vec<u32>,
}

impl Progress {
    /// The coordinates records, one per mode, timing and colour played,
    /// in that order.
    #[must_use]
    pub fn coordinate_records(&self) -> Vec<CoordRecords> {
        let mut runs: Vec<_> = self
            .drills()
            .filter_map(|(_, d)| d.coordinates.as_ref().map(|s| (d.at, s, d.correct)))
            .collect();
        runs.sort_by_key(|(at, _, _)| *at);
        let mut keys: Vec<(CoordMode, bool, CoordColour)> = runs
            .iter()
            .map(|(_, s, _)| (s.mode, s.timed, s.colour))
            .collect();
        keys.sort();
        keys.dedup();
        keys.into_iter()
            .map(|(mode, timed, colour)| {
                let mine: Vec<_> = runs
                    .iter()
                    .filter(|(_, s, _)| s.mode == mode && s.timed == timed && s.colour == colour)
                    .collect();
                let recent = mine
                    .iter()
                    .rev()
                    .take(RECENT_SCORES)
                    .rev()
                    .map(|(_, _, score)| *score)
                    .collect();
                CoordRecords {
                    mode,
                    timed,
                    colour,
                    runs: mine.len(),
                    best: mine
                        .iter()
                        .filter(|(_, s, _)| s.counts_for_best())
                        .map(|(_, _, score)| *score)
                        .max(),
                    recent,
                }
            })
            .collect()
    }

    /// The records of the mode, timing and colour of `setup` (empty when
    /// none was played).
    #[must_use]
    pub fn coordinate_record(&self, setup: &CoordSetup) -> CoordRecords {
        self.coordinate_records()
            .into_iter()
            .find(|r| r.mode == setup.mode && r.timed == setup.timed && r.colour == setup.colour)
            .unwrap_or(CoordRecords {
                mode: setup.mode,
                timed: setup.timed,
                colour: setup.colour,
                runs: 0,
                best: None,
                recent: Vec::new(),
            })
    }
}

/// Scores as a one-line chart of block characters, one per score, the
/// highest a full block (`▁▃█▅`); empty for no scores.
#[must_use]
pub fn sparkline(scores: &[u32]) -> String {
    const BARS: [char; 8] = ['▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'];
    let top = scores.iter().copied().max().unwrap_or(0).max(1);
    scores
        .iter()
        .map(|&s| {
            let level = u64::from(s) * 7 / u64::from(top);
            BARS[usize::try_from(level).unwrap_or(7).min(7)]
        })
        .collect()
}

impl CoordRecords {
    /// `find, timed, as white`: what the records are of.
    pub fn label(&self) -> String {
        let timing = if self.timed { "timed" } else { "untimed" };
        let side = match self.colour {
            CoordColour::Random => "either side".to_owned(),
            c => format!("as {}", c.as_str()),
        };
        format!("{}, {timing}, {side}", self.mode.as_str())
    }
}

impl fmt::Display for CoordRecords {
    /// `find, timed, as white: best 23, last 3: 18 21 23 ▅▇█`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let best = self
            .best
            .map_or_else(|| "no whole-board run".to_owned(), |b| format!("best {b}"));
        let scores: Vec<String> = self.recent.iter().map(u32::to_string).collect();
        write!(
            f,
            "{}: {best}; last {}: {} {}",
            self.label(),
            self.recent.len(),
            scores.join(" "),
            sparkline(&self.recent)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sparkline_scales_to_the_highest_score() {
        assert_eq!(sparkline(&[]), "");
        assert_eq!(sparkline(&[0, 7, 14]), "▁▄█");
        assert_eq!(sparkline(&[3, 3]), "██");
        assert_eq!(sparkline(&[0]), "▁");
    }
}
