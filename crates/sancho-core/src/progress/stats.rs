//! Summaries for `sancho stats` (plain text and `--json`) and weak spots.
//!
//! Counting rules: every attempt counts (a puzzle reviewed three times is
//! three attempts); an attempt is solved when the outcome is `Solved` and
//! the solution was not shown; accuracy is solved / attempted (for drills
//! correct / exercises), `null` when there is nothing to divide by.

use std::collections::BTreeMap;
use std::fmt;

use serde::Serialize;

use super::derive::Streak;
use super::history::Timestamp;
use super::model::Progress;
use super::rating::{RatingPoint, UserRating};
use super::themes::ThemeStats;
use crate::notation::Code;

/// The codes a drill records for an answer that is another move or square
/// or colour altogether (`drill::WRONG_MOVE`, `drill::WRONG_SQUARE`,
/// `drill::WRONG_COLOUR`): wrong answers,
/// not notation slips. Older progress files hold them; they are counted
/// per drill kind (`drills.by_kind[kind].wrong`), never as mistakes.
pub const WRONG_ANSWER_CODES: [&str; 3] = ["wrong-move", "wrong-square", "wrong-colour"];

/// Whether `code` is a notation slip (a diagnostic code of a typed answer),
/// the only codes the mistakes panel, `stats --json` `mistakes` and the
/// review drill count.
pub fn is_notation_slip(code: &str) -> bool {
    !WRONG_ANSWER_CODES.contains(&code)
}

/// A theme needs at least this many attempts to be called a weak spot.
pub const WEAK_THEME_MIN_ATTEMPTS: u32 = 3;

/// Everything `sancho stats` shows; serialises to the documented JSON shape.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Stats {
    /// Puzzle totals.
    pub puzzles: PuzzleTotals,
    /// The rating now and over time.
    pub rating: RatingStats,
    /// Solved in a row.
    pub streak: Streak,
    /// Review cards due now.
    pub reviews_due: usize,
    /// Notation slips (diagnostic codes) due for review now, the longest
    /// overdue first (`sancho drill review` takes them first).
    pub slips_due: Vec<String>,
    /// Drill totals.
    pub drills: DrillStats,
    /// Notation mistakes, most frequent first.
    pub mistakes: Vec<MistakeCount>,
    /// Per-theme results, most attempted first: the theme dashboard.
    pub themes: Vec<ThemeStats>,
    /// The dashboard's weakest themes (see [`super::ThemeDashboard`]).
    pub weakest_themes: Vec<String>,
    /// The dashboard's strongest themes.
    pub strongest_themes: Vec<String>,
    /// Lessons done.
    pub lessons: LessonStats,
    /// The coordinates drill's bests and last scores, per mode and colour.
    pub coordinates: Vec<super::coords::CoordRecords>,
    /// Woodpecker sets, by name: each one's cycles and goal.
    pub sets: Vec<super::sets::SetStats>,
    /// The latest attempts, newest first (the History screen); not in
    /// `stats --json` (`sancho history --json` has them).
    #[serde(skip)]
    pub recent: Vec<super::recent::RecentAttempt>,
}

/// How many attempts the History screen lists.
pub const RECENT_SHOWN: usize = 50;

/// Attempt counts over all puzzles.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct PuzzleTotals {
    /// Attempts made.
    pub attempted: u32,
    /// Attempts solved.
    pub solved: u32,
    /// Attempts failed (including a shown solution).
    pub failed: u32,
    /// solved / attempted.
    pub accuracy: Option<f64>,
}

/// The rating block.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RatingStats {
    /// The rating now.
    pub current: f64,
    /// Its deviation.
    pub deviation: f64,
    /// Whether it is still provisional (deviation at least
    /// [`super::PROVISIONAL_DEVIATION`]): shown as `1500?`.
    pub provisional: bool,
    /// The rating after each rated attempt.
    pub history: Vec<RatingPoint>,
}

impl RatingStats {
    /// The rating as screens show it: "1500?" while provisional.
    #[must_use]
    pub fn shown(&self) -> String {
        let mark = if self.provisional { "?" } else { "" };
        format!("{:.0}{mark}", self.current)
    }
}

/// Drill totals, overall and per kind.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct DrillStats {
    /// Drills finished.
    pub completed: u32,
    /// Exercises done.
    pub exercises: u32,
    /// Exercises correct.
    pub correct: u32,
    /// Exercises not answered right (wrong answers, shown or skipped).
    pub wrong: u32,
    /// The same counts per drill kind.
    pub by_kind: BTreeMap<String, DrillKindStats>,
}

/// Drill counts for one kind.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct DrillKindStats {
    /// Drills finished.
    pub completed: u32,
    /// Exercises done.
    pub exercises: u32,
    /// Exercises correct.
    pub correct: u32,
    /// Exercises not answered right: this kind's wrong answers.
    pub wrong: u32,
    /// correct / exercises.
    pub accuracy: Option<f64>,
}

/// How often one notation slip occurred.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MistakeCount {
    /// The slip's code (`missing-check`).
    pub code: String,
    /// The slip in words ("forgot + on a check"), when the code is known.
    pub words: Option<&'static str>,
    /// Occurrences in puzzles (wrong inputs and accepted moves) and drills.
    pub count: u32,
    /// The canonical form of the latest slip with this code (`Qh5+`; for
    /// an ambiguous input its candidates, `Rae4 or Ree4`), when known.
    pub example: Option<String>,
    /// What the user typed in that latest slip (`Qh5`), when known.
    pub input: Option<String>,
}

/// The lesson block.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LessonStats {
    /// Completed lesson ids, sorted.
    pub completed: Vec<String>,
}

/// A theme the user fails often.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ThemeWeakness {
    /// The theme.
    pub theme: String,
    /// Attempts at it.
    pub attempted: u32,
    /// Of which failed.
    pub failed: u32,
    /// failed / attempted.
    pub failure_rate: f64,
}

/// Where the user goes wrong most.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct WeakSpots {
    /// Diagnostic codes, most frequent first.
    pub mistakes: Vec<MistakeCount>,
    /// Themes with at least [`WEAK_THEME_MIN_ATTEMPTS`] attempts and one
    /// failure, highest failure rate first.
    pub themes: Vec<ThemeWeakness>,
}

/// A code's count and its latest example (when, the canonical form, what
/// was typed).
type CodeTally<'a> = (u32, Option<(Timestamp, Option<String>, Option<&'a str>)>);

fn ratio(part: u32, whole: u32) -> Option<f64> {
    (whole > 0).then(|| f64::from(part) / f64::from(whole))
}

impl Progress {
    /// Counts of each notation slip's code, most frequent first (ties by
    /// code). Wrong answers ([`WRONG_ANSWER_CODES`]) are left out: they are
    /// counted per drill kind in [`Progress::stats`].
    #[must_use]
    pub fn mistake_counts(&self) -> Vec<MistakeCount> {
        let mut counts: BTreeMap<&str, CodeTally<'_>> = BTreeMap::new();
        let mut count = |code, at: Timestamp, example: Option<String>, input| {
            let entry: &mut CodeTally<'_> = counts.entry(code).or_default();
            entry.0 += 1;
            if entry.1.as_ref().is_none_or(|(held, _, _)| at >= *held) {
                entry.1 = Some((at, example, input));
            }
        };
        for (_, attempt) in self.attempts() {
            for typed in attempt.typed() {
                let example = match (&typed.san, typed.candidates.as_slice()) {
                    (_, [_, ..]) => Some(typed.candidates.join(" or ")),
                    (san, []) => san.clone(),
                };
                for code in typed.codes.iter().filter(|c| is_notation_slip(c)) {
                    count(
                        code,
                        attempt.at,
                        example.clone(),
                        Some(typed.input.as_str()),
                    );
                }
            }
        }
        for (_, review) in self.card_reviews() {
            for wrong in &review.wrong_inputs {
                for code in wrong.codes.iter().filter(|c| is_notation_slip(c)) {
                    count(code, review.at, None, Some(wrong.input.as_str()));
                }
            }
        }
        for (_, drill) in self.drills() {
            for mistake in drill.mistakes.iter().filter(|m| is_notation_slip(&m.code)) {
                count(
                    &mistake.code,
                    drill.at,
                    Some(mistake.answer.clone()),
                    mistake.input.as_deref(),
                );
            }
        }
        let mut list: Vec<MistakeCount> = counts
            .into_iter()
            .map(|(code, (count, latest))| {
                let (example, input) = latest.map(|(_, e, i)| (e, i)).unwrap_or_default();
                MistakeCount {
                    code: code.to_owned(),
                    words: Code::from_name(code).map(Code::words),
                    count,
                    example,
                    input: input.map(str::to_owned),
                }
            })
            .collect();
        list.sort_by(|a, b| b.count.cmp(&a.count).then_with(|| a.code.cmp(&b.code)));
        list
    }

    /// The mistakes made most often and the themes failed most.
    #[must_use]
    pub fn weak_spots(&self) -> WeakSpots {
        let mut themes: Vec<ThemeWeakness> = self
            .theme_stats()
            .into_iter()
            .filter(|t| t.attempted >= WEAK_THEME_MIN_ATTEMPTS && t.solved < t.attempted)
            .map(|t| ThemeWeakness {
                failed: t.attempted - t.solved,
                failure_rate: f64::from(t.attempted - t.solved) / f64::from(t.attempted),
                attempted: t.attempted,
                theme: t.theme,
            })
            .collect();
        themes.sort_by(|a, b| {
            b.failure_rate
                .total_cmp(&a.failure_rate)
                .then_with(|| b.attempted.cmp(&a.attempted))
                .then_with(|| a.theme.cmp(&b.theme))
        });
        WeakSpots {
            mistakes: self.mistake_counts(),
            themes,
        }
    }

    /// Every summary at once, with reviews counted as due at `now`.
    #[must_use]
    pub fn stats(&self, now: Timestamp) -> Stats {
        let attempted = u32::try_from(self.attempts().len()).unwrap_or(u32::MAX);
        let solved = u32::try_from(
            self.attempts()
                .filter(|(_, a)| a.counts_as_solved())
                .count(),
        )
        .unwrap_or(u32::MAX);

        let mut drills = DrillStats {
            completed: 0,
            exercises: 0,
            correct: 0,
            wrong: 0,
            by_kind: BTreeMap::new(),
        };
        for (_, drill) in self.drills() {
            drills.completed += 1;
            drills.exercises = drills.exercises.saturating_add(drill.exercises);
            drills.correct = drills.correct.saturating_add(drill.correct);
            let kind = drills
                .by_kind
                .entry(drill.kind.clone())
                .or_insert(DrillKindStats {
                    completed: 0,
                    exercises: 0,
                    correct: 0,
                    wrong: 0,
                    accuracy: None,
                });
            kind.completed += 1;
            kind.exercises = kind.exercises.saturating_add(drill.exercises);
            kind.correct = kind.correct.saturating_add(drill.correct);
        }
        for kind in drills.by_kind.values_mut() {
            kind.accuracy = ratio(kind.correct, kind.exercises);
            kind.wrong = kind.exercises.saturating_sub(kind.correct);
        }
        drills.wrong = drills.exercises.saturating_sub(drills.correct);

        let rating = self.rating();
        let dashboard = self.theme_dashboard();
        Stats {
            puzzles: PuzzleTotals {
                attempted,
                solved,
                failed: attempted - solved,
                accuracy: ratio(solved, attempted),
            },
            rating: RatingStats {
                current: rating.rating,
                deviation: rating.deviation,
                provisional: rating.is_provisional(),
                history: self.rating_history().to_vec(),
            },
            streak: self.streak(),
            reviews_due: self.due_reviews(now).len(),
            slips_due: self.due_slips(now),
            drills,
            mistakes: self.mistake_counts(),
            themes: dashboard.themes,
            weakest_themes: dashboard.weakest,
            strongest_themes: dashboard.strongest,
            lessons: LessonStats {
                completed: self.lessons().iter().cloned().collect(),
            },
            coordinates: self.coordinate_records(),
            sets: self.set_stats(),
            recent: self.recent(RECENT_SHOWN, false),
        }
    }
}

/// A ratio as a whole percentage, or a dash.
fn percent(value: Option<f64>) -> String {
    value.map_or_else(|| "-".to_owned(), |v| format!("{:.0}%", v * 100.0))
}

/// How many mistakes and themes the text report lists.
const REPORT_ROWS: usize = 10;

impl fmt::Display for Stats {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let p = &self.puzzles;
        writeln!(
            f,
            "Puzzles: {} attempted, {} solved, {} failed (accuracy {})",
            p.attempted,
            p.solved,
            p.failed,
            percent(p.accuracy)
        )?;
        let shown = UserRating {
            rating: self.rating.current,
            deviation: self.rating.deviation,
            volatility: 0.0,
        };
        writeln!(
            f,
            "Rating: {} (give or take {:.0}{}), {} rated puzzles",
            shown.shown(),
            self.rating.deviation,
            if self.rating.provisional {
                ", provisional"
            } else {
                ""
            },
            self.rating.history.len()
        )?;
        writeln!(
            f,
            "Solved in a row: {} (best {})",
            self.streak.current, self.streak.best
        )?;
        writeln!(f, "Reviews due: {}", self.reviews_due)?;
        if !self.slips_due.is_empty() {
            writeln!(
                f,
                "Notation reviews due: {} (`sancho drill review`)",
                self.slips_due.join(", ")
            )?;
        }
        let d = &self.drills;
        writeln!(
            f,
            "Drills: {} completed, {} exercises, {} correct (accuracy {})",
            d.completed,
            d.exercises,
            d.correct,
            percent(ratio(d.correct, d.exercises))
        )?;
        for (kind, k) in &d.by_kind {
            writeln!(
                f,
                "  {kind}: {} completed, {}/{} correct ({})",
                k.completed,
                k.correct,
                k.exercises,
                percent(k.accuracy)
            )?;
        }
        if !self.mistakes.is_empty() {
            writeln!(f, "Most frequent notation slips:")?;
            for m in self.mistakes.iter().take(REPORT_ROWS) {
                writeln!(f, "  {m}")?;
            }
        }
        if !self.coordinates.is_empty() {
            writeln!(f, "Coordinates:")?;
            for c in &self.coordinates {
                writeln!(f, "  {c}")?;
            }
        }
        if !self.themes.is_empty() {
            writeln!(
                f,
                "Themes (first try of the puzzles played, and performance):"
            )?;
            for t in self.themes.iter().take(REPORT_ROWS) {
                writeln!(f, "  {}", theme_line(t))?;
            }
            if !self.weakest_themes.is_empty() {
                writeln!(f, "Weakest themes: {}", self.weakest_themes.join(", "))?;
            }
            if !self.strongest_themes.is_empty() {
                writeln!(f, "Strongest themes: {}", self.strongest_themes.join(", "))?;
            }
        }
        if self.lessons.completed.is_empty() {
            writeln!(f, "Lessons completed: none")?;
        } else {
            writeln!(
                f,
                "Lessons completed: {}",
                self.lessons.completed.join(", ")
            )?;
        }
        if !self.sets.is_empty() {
            writeln!(f, "Woodpecker sets:")?;
        }
        for set in &self.sets {
            write!(f, "{set}")?;
            if !set.cycles.is_empty() {
                for line in super::sets::cycle_table(set) {
                    writeln!(f, "{line}")?;
                }
            }
        }
        Ok(())
    }
}

/// One theme's line of the text report: "fork: 12 played, 7 first try
/// (58%), performance 1480".
pub fn theme_line(t: &ThemeStats) -> String {
    let performance = t
        .performance
        .map_or_else(String::new, |p| format!(", performance {p}"));
    format!(
        "{}: {} played, {} first try ({}){performance}",
        t.theme,
        t.played,
        t.first_try,
        percent(t.first_try_rate)
    )
}

impl fmt::Display for MistakeCount {
    /// "forgot + on a check: 16 times (you typed Qh5 for Qh5+)".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let times = if self.count == 1 {
            "once".to_owned()
        } else {
            format!("{} times", self.count)
        };
        write!(f, "{}: {times}", self.words.unwrap_or(&self.code))?;
        match (&self.input, &self.example) {
            (Some(input), Some(example)) => write!(f, " (you typed {input} for {example})"),
            (Some(input), None) => write!(f, " (you typed {input})"),
            (None, Some(example)) => write!(f, " (e.g. {example})"),
            (None, None) => Ok(()),
        }
    }
}
