//! The words and small tables of Woodpecker sets: `sancho set list`,
//! `sancho stats` and the line modes' cycle summaries.

use std::fmt;

use super::{CycleSummary, SetStats};

/// "1:02:03" or "4:05" for a duration in milliseconds.
#[must_use]
pub fn clock_text(ms: u64) -> String {
    let seconds = ms / 1000;
    let (h, m, s) = (seconds / 3600, seconds / 60 % 60, seconds % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{m}:{s:02}")
    }
}

fn days_text(days: u32) -> String {
    if days == 1 {
        "1 day".to_owned()
    } else {
        format!("{days} days")
    }
}

impl CycleSummary {
    /// "cycle 2: 43/50 solved (86%), 12:34 solving, 3 days".
    #[must_use]
    pub fn line(&self) -> String {
        format!("cycle {}: {}", self.cycle, self.figures())
    }

    /// "43/50 solved (86%), 12:34 solving, 3 days (goal 2: missed)".
    #[must_use]
    pub fn figures(&self) -> String {
        let goal = match self.goal_days {
            Some(goal) if self.days <= goal => format!(" (goal {goal}: met)"),
            Some(goal) => format!(" (goal {goal}: missed)"),
            None => String::new(),
        };
        format!(
            "{}/{} solved ({:.0}%), {} solving, {}{goal}",
            self.solved,
            self.puzzles,
            self.accuracy * 100.0,
            clock_text(self.time_ms),
            days_text(self.days)
        )
    }
}

impl SetStats {
    /// The goal line: "next cycle: within 2 days (half of the last cycle's 4)".
    #[must_use]
    pub fn goal_line(&self) -> String {
        let next = match &self.current {
            Some(c) => format!(
                "cycle {} (under way, {}/{} done)",
                c.cycle, c.done, self.puzzles
            ),
            None => format!("cycle {}", self.cycles.len() + 1),
        };
        match (self.goal_days, self.cycles.last()) {
            (Some(goal), Some(last)) if last.days <= 1 => format!(
                "{next}: within {} (the last took {}: the method's goal is reached; keep it there)",
                days_text(goal),
                days_text(last.days)
            ),
            (Some(goal), Some(last)) => format!(
                "{next}: within {} (half of the last cycle's {})",
                days_text(goal),
                days_text(last.days)
            ),
            _ => format!("{next}: solve the whole set once, at your own pace"),
        }
    }
}

impl fmt::Display for SetStats {
    /// The set's block in `sancho set list` and `sancho stats`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let filters = if self.filters.is_empty() {
            String::new()
        } else {
            format!(", {}", self.filters)
        };
        let done = match self.cycles.len() {
            1 => "1 cycle done".to_owned(),
            n => format!("{n} cycles done"),
        };
        writeln!(
            f,
            "{}: {} puzzles from {}{filters}; {done}",
            self.name, self.puzzles, self.origin
        )?;
        if let Some(last) = self.cycles.last() {
            writeln!(f, "  last {}", last.line())?;
        }
        writeln!(f, "  next {}", self.goal_line())
    }
}

/// The cycles of a set as a small table with a bar of time per cycle
/// (`sancho stats`): a header, then one line per finished cycle.
#[must_use]
pub fn cycle_table(stats: &SetStats) -> Vec<String> {
    const BAR: usize = 20;
    let longest = stats.cycles.iter().map(|c| c.time_ms).max().unwrap_or(0);
    let header = format!(
        "  {:>5}  {:>8}  {:>5}  {:>4}  time per cycle",
        "cycle", "time", "acc.", "days"
    );
    std::iter::once(header)
        .chain(stats.cycles.iter().map(|c| {
            let width = c
                .time_ms
                .saturating_mul(BAR as u64)
                .checked_div(longest)
                .map_or(0, |w| usize::try_from(w).unwrap_or(BAR).max(1));
            format!(
                "  {:>5}  {:>8}  {:>4.0}%  {:>3}d  {}",
                c.cycle,
                clock_text(c.time_ms),
                c.accuracy * 100.0,
                c.days,
                "#".repeat(width)
            )
        }))
        .collect()
}
