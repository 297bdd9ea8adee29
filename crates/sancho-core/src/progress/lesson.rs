//! Lessons: passed at 80% right, and the best score so far, derived from the
//! lesson's drill results (kind `lesson-N`), so older files need nothing new.

use serde::Serialize;

use super::model::Progress;

/// The share of right answers that passes a lesson, in percent.
pub const LESSON_PASS_PERCENT: u32 = 80;

/// A lesson's score: right answers out of exercises done.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct LessonScore {
    /// Answers that were right.
    pub correct: u32,
    /// Exercises answered.
    pub exercises: u32,
}

impl LessonScore {
    /// The score of a run: `correct` right of `answered`, in a lesson of
    /// `size` exercises (unanswered ones count as wrong).
    #[must_use]
    pub fn of(correct: u32, answered: u32, size: u32) -> LessonScore {
        let exercises = answered.max(size);
        LessonScore {
            correct: correct.min(exercises),
            exercises,
        }
    }

    /// At least [`LESSON_PASS_PERCENT`] right (and something answered).
    #[must_use]
    pub fn passed(self) -> bool {
        self.exercises > 0
            && u64::from(self.correct) * 100
                >= u64::from(LESSON_PASS_PERCENT) * u64::from(self.exercises)
    }

    /// The share right, 0 to 100 (rounded down).
    #[must_use]
    pub fn percent(self) -> u32 {
        if self.exercises == 0 {
            return 0;
        }
        let p = u64::from(self.correct.min(self.exercises)) * 100 / u64::from(self.exercises);
        u32::try_from(p).unwrap_or(100)
    }

    /// Whether this score is better than `other` (higher share, then more done).
    fn beats(self, other: LessonScore) -> bool {
        let mine = u64::from(self.correct) * u64::from(other.exercises.max(1));
        let theirs = u64::from(other.correct) * u64::from(self.exercises.max(1));
        mine > theirs || (mine == theirs && self.exercises > other.exercises)
    }
}

impl Progress {
    /// The best score recorded for the lesson with this id (`lesson-3`)
    /// of `size` exercises, from its drill results (a run stopped part way
    /// counts its unanswered exercises as wrong); `None` if never tried.
    #[must_use]
    pub fn lesson_best(&self, lesson: &str, size: u32) -> Option<LessonScore> {
        self.drills()
            .filter(|(_, d)| d.kind == lesson && d.exercises > 0)
            .map(|(_, d)| LessonScore::of(d.correct, d.exercises, size))
            .fold(None, |best: Option<LessonScore>, s| match best {
                Some(b) if !s.beats(b) => Some(b),
                _ => Some(s),
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn eighty_percent_passes() {
        for (correct, exercises, passed) in [
            (0, 5, false),
            (3, 5, false),
            (4, 5, true),
            (5, 5, true),
            (7, 9, false),
            (8, 10, true),
            (0, 0, false),
        ] {
            let s = LessonScore { correct, exercises };
            assert_eq!(s.passed(), passed, "{correct}/{exercises}");
        }
    }

    #[test]
    fn a_run_stopped_part_way_counts_the_rest_as_wrong() {
        let s = LessonScore::of(2, 2, 5);
        assert_eq!((s.correct, s.exercises, s.percent()), (2, 5, 40));
        assert!(!s.passed());
    }
}
