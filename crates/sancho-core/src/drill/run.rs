//! A drill in progress: the next exercise, each answer graded, and the
//! summary and [`DrillResult`] at the end. Time comes from the caller.

use serde::Serialize;

use super::DrillKind;
use super::exercise::{Exercise, Verdict, grade_in};
use crate::notation::{Lang, Strictness};
use crate::progress::{CoordSetup, DrillMistake, DrillResult, Timestamp};

/// One wrong answer: its code, the canonical answer, and what was typed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Mistake {
    /// The stable code (a diagnostic code, `wrong-move` or `wrong-square`).
    pub code: String,
    /// The canonical answer that was expected.
    pub expected: String,
    /// What the user typed.
    pub answer: String,
}

/// What one answered exercise trained and whether it was right at the
/// first try (counted correct: no hint, no shown solution, no skip).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Trained {
    /// The notation feature the exercise was chosen for, if any.
    pub feature: Option<super::Feature>,
    /// Right at the first try.
    pub right: bool,
}

/// The summary of a drill (also of one ended early).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DrillSummary {
    /// The drill kind's name (or the label, e.g. `lesson-3`).
    pub kind: String,
    /// Exercises answered.
    pub exercises: u32,
    /// Answers that were correct.
    pub correct: u32,
    /// `correct / exercises` (0 when nothing was answered).
    pub accuracy: f64,
    /// Total time in milliseconds, as passed in by the caller.
    pub time_ms: u64,
    /// Mean time per answer in milliseconds.
    pub ms_per_answer: Option<u64>,
    /// Every mistake, with the canonical form.
    pub mistakes: Vec<Mistake>,
    /// Timed drills: whether the time budget ran out.
    pub timed_out: bool,
    /// A coordinates drill's set-up (for its personal bests).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub coordinates: Option<CoordSetup>,
    /// Each answered exercise's feature and result, in order (a review
    /// drill credits them to the codes it trained: `drill::credited`).
    /// Not part of the JSON summary.
    #[serde(skip)]
    pub trained: Vec<Trained>,
}

/// The state of one drill: exercises, answers so far, time so far.
#[derive(Clone, Debug)]
pub struct DrillRun {
    kind: DrillKind,
    label: Option<String>,
    strictness: Strictness,
    /// The piece letters written answers are read in.
    lang: Lang,
    exercises: Vec<Exercise>,
    next: usize,
    correct: u32,
    time_ms: u64,
    budget_ms: Option<u64>,
    timed_out: bool,
    stopped: bool,
    hinted: bool,
    mistakes: Vec<Mistake>,
    coordinates: Option<CoordSetup>,
    trained: Vec<Trained>,
}

/// How an exercise was left without an answer (line mode's `solution` and
/// `next`): it counts as not correct, and as no notation mistake.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pass {
    /// The answer was asked for and shown.
    Solution,
    /// The exercise was skipped.
    Skip,
}

impl DrillRun {
    /// A drill over `exercises`, graded with `strictness`.
    pub fn new(kind: DrillKind, exercises: Vec<Exercise>, strictness: Strictness) -> Self {
        DrillRun {
            kind,
            label: None,
            strictness,
            lang: Lang::EN,
            exercises,
            next: 0,
            correct: 0,
            time_ms: 0,
            budget_ms: None,
            timed_out: false,
            stopped: false,
            hinted: false,
            mistakes: Vec::new(),
            coordinates: None,
            trained: Vec::new(),
        }
    }

    /// A coordinates drill set up as `setup`: its result carries it, for
    /// the personal bests per mode and colour.
    #[must_use]
    pub fn with_coordinates(mut self, setup: CoordSetup) -> Self {
        self.coordinates = Some(setup);
        self
    }

    /// The coordinates drill's set-up, when it is one.
    pub fn coordinates(&self) -> Option<&CoordSetup> {
        self.coordinates.as_ref()
    }

    /// A timed drill: it ends when the answers' elapsed times add up to
    /// `budget_ms` (an answer that arrives after the budget is not counted).
    #[must_use]
    pub fn with_budget(mut self, budget_ms: u64) -> Self {
        self.budget_ms = Some(budget_ms);
        self
    }

    /// Records the drill under another name than its kind (a lesson's id,
    /// `lesson-3`, for its exercises).
    #[must_use]
    pub fn with_label(mut self, label: impl Into<String>) -> Self {
        self.label = Some(label.into());
        self
    }

    /// Written answers in `lang`'s piece letters (German `Sf3`).
    #[must_use]
    pub fn with_lang(mut self, lang: Lang) -> Self {
        self.lang = lang;
        self
    }

    /// The piece letters written answers are read in.
    pub fn lang(&self) -> Lang {
        self.lang
    }

    /// The drill kind.
    pub fn kind(&self) -> DrillKind {
        self.kind
    }

    /// How answers are graded.
    pub fn strictness(&self) -> Strictness {
        self.strictness
    }

    /// The exercise waiting for an answer, or `None` when the drill is over.
    pub fn current(&self) -> Option<&Exercise> {
        if self.is_finished() {
            None
        } else {
            self.exercises.get(self.next)
        }
    }

    /// 1-based number of the current exercise.
    pub fn number(&self) -> usize {
        self.next + 1
    }

    /// How many exercises the drill holds.
    pub fn len(&self) -> usize {
        self.exercises.len()
    }

    /// Whether the drill has no exercises at all.
    pub fn is_empty(&self) -> bool {
        self.exercises.is_empty()
    }

    /// Whether the drill is over (all answered, stopped, or out of time).
    pub fn is_finished(&self) -> bool {
        self.stopped || self.timed_out || self.next >= self.exercises.len()
    }

    /// Grades `answer` to the current exercise, which took `elapsed_ms`,
    /// and moves on. `None` when the drill is over (or this answer came
    /// after the time budget ran out, which ends it).
    ///
    /// After a [`hint`](Self::hint) a right answer is shown as right but
    /// not counted as correct.
    pub fn answer(&mut self, answer: &str, elapsed_ms: u64) -> Option<Verdict> {
        let exercise = self.current()?;
        let feature = exercise.feature;
        let mut verdict = grade_in(exercise, answer, self.strictness, self.lang);
        if self.hinted && verdict.correct {
            verdict.counted = false;
            verdict.reason = Some("right, after a hint: not counted as correct".to_owned());
        }
        self.spend(elapsed_ms)?;
        self.trained.push(Trained {
            feature,
            right: verdict.counted && verdict.correct,
        });
        if verdict.counted && verdict.correct {
            self.correct += 1;
        } else {
            for code in &verdict.mistake_codes {
                self.mistakes.push(Mistake {
                    code: code.clone(),
                    expected: verdict.expected.clone(),
                    answer: crate::notation::bounded_prefix(answer.trim()).to_owned(),
                });
            }
        }
        self.advance();
        Some(verdict)
    }

    /// A clue to the current exercise (the piece that moves and its square,
    /// or the square's file). The exercise then no longer counts as correct.
    pub fn hint(&mut self) -> Option<String> {
        let clue = self.current()?.clue();
        self.hinted = true;
        Some(clue)
    }

    /// Leaves the current exercise unanswered (`Pass::Solution` shows the
    /// answer, `Pass::Skip` skips it) after `elapsed_ms`: it counts as
    /// answered and not correct, with no mistake code (no notation was
    /// written). `None` when the drill is over or out of time.
    pub fn pass(&mut self, how: Pass, elapsed_ms: u64) -> Option<Verdict> {
        let exercise = self.current()?;
        let (expected, feature) = (exercise.expected_text(), exercise.feature);
        self.spend(elapsed_ms)?;
        self.trained.push(Trained {
            feature,
            right: false,
        });
        self.advance();
        Some(Verdict {
            correct: false,
            counted: true,
            expected,
            understood: None,
            diagnostics: Vec::new(),
            reason: Some(
                match how {
                    Pass::Solution => "solution shown",
                    Pass::Skip => "skipped",
                }
                .to_owned(),
            ),
            mistake_codes: Vec::new(),
        })
    }

    /// Adds `elapsed_ms` to the time; `None` (and the drill timed out) when
    /// that goes over the budget.
    fn spend(&mut self, elapsed_ms: u64) -> Option<()> {
        let total = self.time_ms.saturating_add(elapsed_ms);
        if let Some(budget) = self.budget_ms
            && total > budget
        {
            self.time_ms = budget;
            self.timed_out = true;
            return None;
        }
        self.time_ms = total;
        Some(())
    }

    fn advance(&mut self) {
        self.next += 1;
        self.hinted = false;
        if self.budget_ms.is_some_and(|b| self.time_ms >= b) {
            self.timed_out = true;
        }
    }

    /// The same drill from its first exercise, nothing answered (line
    /// mode's `retry`).
    #[must_use]
    pub fn restarted(&self) -> DrillRun {
        let mut fresh = DrillRun::new(self.kind, self.exercises.clone(), self.strictness);
        fresh.label = self.label.clone();
        fresh.budget_ms = self.budget_ms;
        fresh.lang = self.lang;
        fresh.coordinates = self.coordinates.clone();
        fresh
    }

    /// Ends the drill early (end of input, the user quits). Adds
    /// `elapsed_ms` spent on the unanswered exercise to the time.
    pub fn stop(&mut self, elapsed_ms: u64) {
        if !self.is_finished() {
            self.time_ms = self.time_ms.saturating_add(elapsed_ms);
            if let Some(budget) = self.budget_ms {
                self.time_ms = self.time_ms.min(budget);
            }
            if let Some(setup) = &mut self.coordinates {
                setup.stopped = true;
            }
        }
        self.stopped = true;
    }

    /// The summary so far.
    pub fn summary(&self) -> DrillSummary {
        let exercises = u32::try_from(self.next).unwrap_or(u32::MAX);
        DrillSummary {
            kind: self
                .label
                .clone()
                .unwrap_or_else(|| self.kind.as_str().to_owned()),
            exercises,
            correct: self.correct,
            accuracy: if exercises == 0 {
                0.0
            } else {
                f64::from(self.correct) / f64::from(exercises)
            },
            time_ms: self.time_ms,
            ms_per_answer: (exercises > 0).then(|| self.time_ms / u64::from(exercises)),
            mistakes: self.mistakes.clone(),
            timed_out: self.timed_out,
            coordinates: self.coordinates.clone(),
            trained: self.trained.clone(),
        }
    }

    /// The record to store (`Store::record_drill`), ended at `at`.
    pub fn result(&self, at: Timestamp) -> DrillResult {
        self.summary().into_result(at)
    }
}

impl DrillSummary {
    /// The record to store, ended at `at`.
    pub fn into_result(self, at: Timestamp) -> DrillResult {
        DrillResult {
            kind: self.kind,
            at,
            exercises: self.exercises,
            correct: self.correct,
            time_ms: self.time_ms,
            mistakes: self
                .mistakes
                .into_iter()
                .map(|m| DrillMistake {
                    code: m.code,
                    answer: m.expected,
                })
                .collect(),
            coordinates: self.coordinates,
        }
    }
}
