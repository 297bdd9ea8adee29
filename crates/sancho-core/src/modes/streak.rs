//! Streak: puzzles of rising difficulty until the first mistake; one skip
//! per run. The first wrong move ends the run; the streak is the number
//! solved. No clock.

/// One Streak run's state.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Streak {
    solved: u32,
    skip_used: bool,
    over: bool,
    failed: Option<String>,
}

/// What a step did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StreakStep {
    /// The puzzle counts; the run goes on.
    Solved,
    /// The puzzle was skipped (the run's one skip).
    Skipped,
    /// A skip was asked for, but this run's skip is used: nothing changed.
    NoSkipLeft,
    /// A mistake: the run is over.
    Over,
}

impl Streak {
    /// A new run.
    #[must_use]
    pub fn new() -> Streak {
        Streak::default()
    }

    /// Puzzles solved in a row so far.
    #[must_use]
    pub fn solved(&self) -> u32 {
        self.solved
    }

    /// Whether the run's skip is still there.
    #[must_use]
    pub fn can_skip(&self) -> bool {
        !self.skip_used && !self.over
    }

    /// Whether a mistake ended the run.
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.over
    }

    /// The puzzle whose mistake ended the run.
    #[must_use]
    pub fn failed(&self) -> Option<&str> {
        self.failed.as_deref()
    }

    /// The current puzzle was solved.
    pub fn solve(&mut self) -> StreakStep {
        if self.over {
            return StreakStep::Over;
        }
        self.solved += 1;
        StreakStep::Solved
    }

    /// A mistake on puzzle `id` (a wrong move, a hint or the solution): the run ends.
    pub fn fail(&mut self, id: &str) -> StreakStep {
        if !self.over {
            self.over = true;
            self.failed = Some(id.to_owned());
        }
        StreakStep::Over
    }

    /// Skips the current puzzle if the run's skip is left.
    pub fn skip(&mut self) -> StreakStep {
        if self.over {
            return StreakStep::Over;
        }
        if self.skip_used {
            return StreakStep::NoSkipLeft;
        }
        self.skip_used = true;
        StreakStep::Skipped
    }
}
