//! The theme dashboard (after Lichess's puzzle dashboard): per theme, the
//! puzzles played, how many were solved at the first try, and a
//! performance rating; the weakest and strongest themes among those played
//! often enough to say.
//!
//! Counting rules: every attempt counts in `attempted` and `solved` (a
//! puzzle reviewed three times is three attempts, as in the totals); the
//! dashboard's own figures (`played`, `first_try`, `performance`) count
//! each puzzle once, by its first attempt, as Lichess does. Replays are
//! practice and count in neither.

use std::collections::{BTreeMap, HashSet};
use std::fmt;

use serde::Serialize;

use super::history::{Attempt, PuzzleRef};
use super::model::Progress;

/// A theme is called weakest or strongest only with at least this many
/// puzzles played.
pub const DASHBOARD_MIN_PLAYED: u32 = 5;

/// How many themes the dashboard names as weakest and as strongest.
pub const DASHBOARD_THEMES: usize = 3;

/// One theme's results.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ThemeStats {
    /// The theme.
    pub theme: String,
    /// Attempts at puzzles with this theme (every attempt).
    pub attempted: u32,
    /// Of which solved.
    pub solved: u32,
    /// solved / attempted.
    pub accuracy: Option<f64>,
    /// Puzzles with this theme played (each once, by its first attempt).
    pub played: u32,
    /// Of which solved cleanly at the first attempt.
    pub first_try: u32,
    /// first_try / played.
    pub first_try_rate: Option<f64>,
    /// The performance rating: the played puzzles' mean rating − 500 +
    /// 1000 × the first-try rate (Lichess's dashboard formula); `None`
    /// when none of them has a rating.
    pub performance: Option<i32>,
}

/// The dashboard: every theme, and the weakest and strongest.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ThemeDashboard {
    /// Per theme, most attempted first (ties by name).
    pub themes: Vec<ThemeStats>,
    /// Up to [`DASHBOARD_THEMES`] themes played at least
    /// [`DASHBOARD_MIN_PLAYED`] times whose performance is below the
    /// user's over every theme, weakest first.
    pub weakest: Vec<String>,
    /// As `weakest`, above the user's performance, strongest first.
    pub strongest: Vec<String>,
}

impl fmt::Display for ThemeDashboard {
    /// `sancho stats --themes`: the weakest and strongest themes, then
    /// one line per theme ("fork: 12 played, 7 first try (58%),
    /// performance 1480").
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.themes.iter().all(|t| t.played == 0) {
            return writeln!(f, "No themed puzzle played yet.");
        }
        let named = |names: &[String]| {
            if names.is_empty() {
                format!("none yet (a theme needs {DASHBOARD_MIN_PLAYED} puzzles played)")
            } else {
                names.join(", ")
            }
        };
        writeln!(f, "Weakest themes: {}", named(&self.weakest))?;
        writeln!(f, "Strongest themes: {}", named(&self.strongest))?;
        writeln!(
            f,
            "Per theme (each puzzle counted once, by its first attempt; performance = the puzzles' mean rating - 500 + 1000 x the first-try rate):"
        )?;
        for t in self.themes.iter().filter(|t| t.played > 0) {
            writeln!(f, "  {}", super::stats::theme_line(t))?;
        }
        Ok(())
    }
}

/// One theme's running counts.
#[derive(Default)]
struct Tally {
    attempted: u32,
    solved: u32,
    played: u32,
    first_try: u32,
    rating_sum: u64,
    rated: u32,
}

impl Progress {
    /// The theme dashboard.
    #[must_use]
    pub fn theme_dashboard(&self) -> ThemeDashboard {
        let mut ordered: Vec<&Attempt> = self
            .attempts()
            .map(|(_, a)| a)
            .filter(|a| !a.replay)
            .collect();
        ordered.sort_by_key(|a| a.at);
        let mut first: HashSet<&PuzzleRef> = HashSet::new();
        let mut tallies: BTreeMap<&str, Tally> = BTreeMap::new();
        let mut overall = Tally::default();
        for attempt in ordered {
            let is_first = first.insert(&attempt.puzzle);
            overall.add(attempt, is_first);
            for theme in &attempt.themes {
                tallies.entry(theme).or_default().add(attempt, is_first);
            }
        }
        let mut themes: Vec<ThemeStats> = tallies
            .into_iter()
            .map(|(theme, t)| ThemeStats {
                theme: theme.to_owned(),
                attempted: t.attempted,
                solved: t.solved,
                accuracy: ratio(t.solved, t.attempted),
                played: t.played,
                first_try: t.first_try,
                first_try_rate: ratio(t.first_try, t.played),
                performance: performance(&t),
            })
            .collect();
        themes.sort_by(|a, b| {
            b.attempted
                .cmp(&a.attempted)
                .then_with(|| a.theme.cmp(&b.theme))
        });
        // A theme is weak below the user's performance over every theme,
        // strong above it (so no theme is both).
        let overall = performance(&overall).unwrap_or(0);
        let ranked = |below: bool| -> Vec<String> {
            let mut list: Vec<(&str, i32, u32)> = themes
                .iter()
                .filter(|t| t.played >= DASHBOARD_MIN_PLAYED)
                .filter_map(|t| Some((t.theme.as_str(), t.performance?, t.played)))
                .filter(|&(_, p, _)| if below { p < overall } else { p > overall })
                .collect();
            // The most extreme first, then the more played, then by name.
            list.sort_by(|a, b| {
                let by_performance = if below { a.1.cmp(&b.1) } else { b.1.cmp(&a.1) };
                by_performance.then(b.2.cmp(&a.2)).then(a.0.cmp(b.0))
            });
            list.into_iter()
                .take(DASHBOARD_THEMES)
                .map(|(name, _, _)| name.to_owned())
                .collect()
        };
        let weakest = ranked(true);
        let strongest = ranked(false);
        ThemeDashboard {
            themes,
            weakest,
            strongest,
        }
    }

    /// Per-theme results, most attempted first (ties by name).
    #[must_use]
    pub fn theme_stats(&self) -> Vec<ThemeStats> {
        self.theme_dashboard().themes
    }
}

impl Tally {
    fn add(&mut self, attempt: &Attempt, is_first: bool) {
        let solved = u32::from(attempt.counts_as_solved());
        self.attempted += 1;
        self.solved += solved;
        if is_first {
            self.played += 1;
            self.first_try += solved;
            if let Some(r) = attempt.rating {
                self.rating_sum += u64::from(r);
                self.rated += 1;
            }
        }
    }
}

/// Lichess's performance: mean puzzle rating − 500 + 1000 × first-try rate.
fn performance(t: &Tally) -> Option<i32> {
    if t.rated == 0 || t.played == 0 {
        return None;
    }
    let mean = t.rating_sum as f64 / f64::from(t.rated);
    let rate = f64::from(t.first_try) / f64::from(t.played);
    Some((mean - 500.0 + 1000.0 * rate).round() as i32)
}

fn ratio(part: u32, whole: u32) -> Option<f64> {
    (whole > 0).then(|| f64::from(part) / f64::from(whole))
}
