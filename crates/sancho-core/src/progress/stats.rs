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
use super::rating::RatingPoint;

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
    /// Per-theme results, most attempted first.
    pub themes: Vec<ThemeStats>,
    /// Lessons done.
    pub lessons: LessonStats,
    /// The coordinates drill's bests and last scores, per mode and colour.
    pub coordinates: Vec<super::coords::CoordRecords>,
    /// Woodpecker sets, by name: each one's cycles and goal.
    pub sets: Vec<super::sets::SetStats>,
}

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
    /// The rating after each rated attempt.
    pub history: Vec<RatingPoint>,
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

/// How often one diagnostic code occurred.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MistakeCount {
    /// The diagnostic code.
    pub code: String,
    /// Occurrences in puzzles' wrong inputs and in drills.
    pub count: u32,
    /// A canonical answer from the latest drill mistake with this code
    /// (puzzle attempts record only what was typed, so may give none).
    pub example: Option<String>,
}

/// Results for one theme.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ThemeStats {
    /// The theme.
    pub theme: String,
    /// Attempts at puzzles with this theme.
    pub attempted: u32,
    /// Of which solved.
    pub solved: u32,
    /// solved / attempted.
    pub accuracy: Option<f64>,
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

/// A code's count and its latest drill example with the drill's time.
type CodeTally<'a> = (u32, Option<(Timestamp, &'a str)>);

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
        for (_, attempt) in self.attempts() {
            for wrong in &attempt.wrong_inputs {
                for code in wrong.codes.iter().filter(|c| is_notation_slip(c)) {
                    counts.entry(code).or_default().0 += 1;
                }
            }
        }
        for (_, review) in self.card_reviews() {
            for wrong in &review.wrong_inputs {
                for code in wrong.codes.iter().filter(|c| is_notation_slip(c)) {
                    counts.entry(code).or_default().0 += 1;
                }
            }
        }
        for (_, drill) in self.drills() {
            for mistake in drill.mistakes.iter().filter(|m| is_notation_slip(&m.code)) {
                let entry = counts.entry(&mistake.code).or_default();
                entry.0 += 1;
                if entry.1.is_none_or(|(at, _)| drill.at >= at) {
                    entry.1 = Some((drill.at, &mistake.answer));
                }
            }
        }
        let mut list: Vec<MistakeCount> = counts
            .into_iter()
            .map(|(code, (count, example))| MistakeCount {
                code: code.to_owned(),
                count,
                example: example.map(|(_, answer)| answer.to_owned()),
            })
            .collect();
        list.sort_by(|a, b| b.count.cmp(&a.count).then_with(|| a.code.cmp(&b.code)));
        list
    }

    /// Per-theme attempt and solve counts, most attempted first (ties by name).
    #[must_use]
    pub fn theme_stats(&self) -> Vec<ThemeStats> {
        let mut by_theme: BTreeMap<&str, (u32, u32)> = BTreeMap::new();
        for (_, attempt) in self.attempts() {
            for theme in &attempt.themes {
                let entry = by_theme.entry(theme).or_default();
                entry.0 += 1;
                if attempt.counts_as_solved() {
                    entry.1 += 1;
                }
            }
        }
        let mut list: Vec<ThemeStats> = by_theme
            .into_iter()
            .map(|(theme, (attempted, solved))| ThemeStats {
                theme: theme.to_owned(),
                attempted,
                solved,
                accuracy: ratio(solved, attempted),
            })
            .collect();
        list.sort_by(|a, b| {
            b.attempted
                .cmp(&a.attempted)
                .then_with(|| a.theme.cmp(&b.theme))
        });
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
                history: self.rating_history().to_vec(),
            },
            streak: self.streak(),
            reviews_due: self.due_reviews(now).len(),
            slips_due: self.due_slips(now),
            drills,
            mistakes: self.mistake_counts(),
            themes: self.theme_stats(),
            lessons: LessonStats {
                completed: self.lessons().iter().cloned().collect(),
            },
            coordinates: self.coordinate_records(),
            sets: self.set_stats(),
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
        writeln!(
            f,
            "Rating: {:.0} (give or take {:.0}), {} rated puzzles",
            self.rating.current,
            self.rating.deviation,
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
            writeln!(f, "Most frequent notation mistakes:")?;
            for m in self.mistakes.iter().take(REPORT_ROWS) {
                match &m.example {
                    Some(example) => {
                        writeln!(f, "  {}: {} times (e.g. {example})", m.code, m.count)?
                    }
                    None => writeln!(f, "  {}: {} times", m.code, m.count)?,
                }
            }
        }
        if !self.coordinates.is_empty() {
            writeln!(f, "Coordinates:")?;
            for c in &self.coordinates {
                writeln!(f, "  {c}")?;
            }
        }
        if !self.themes.is_empty() {
            writeln!(f, "Themes:")?;
            for t in self.themes.iter().take(REPORT_ROWS) {
                writeln!(
                    f,
                    "  {}: {} of {} solved ({})",
                    t.theme,
                    t.solved,
                    t.attempted,
                    percent(t.accuracy)
                )?;
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
