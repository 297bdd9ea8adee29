//! Storm: solve as many puzzles as the clock allows.
//!
//! Lichess's rules (its `ui/puz/src/config.ts` and `combo.ts`): the clock
//! starts at 180 s; a wrong move costs 10 s, resets the combo and ends that
//! puzzle; the combo counts correct moves in a row and adds 3, 5, 7 and
//! 10 s when it reaches 5, 12, 20 and 30, then 10 s again at 40, 50, 60 and
//! every 10 after; the run ends when the clock reaches zero.
//!
//! Every method takes `now_ms`, the milliseconds since the run started;
//! the core never reads a clock.

/// The clock at the start, in seconds, unless `--seconds` says otherwise.
pub const DEFAULT_SECONDS: u32 = 180;

/// What a wrong move costs.
pub const WRONG_PENALTY_MS: u64 = 10_000;

/// Combo counts that add time, and how much (milliseconds).
pub const COMBO_LEVELS: [(u32, u64); 4] = [(5, 3_000), (12, 5_000), (20, 7_000), (30, 10_000)];

/// The time a combo of `combo` correct moves in a row adds on reaching it.
#[must_use]
pub fn combo_bonus_ms(combo: u32) -> u64 {
    if let Some(&(_, bonus)) = COMBO_LEVELS.iter().find(|(at, _)| *at == combo) {
        return bonus;
    }
    if combo > 30 && combo.is_multiple_of(10) {
        10_000
    } else {
        0
    }
}

/// One Storm run's state.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Storm {
    /// The starting clock plus bonuses minus penalties (milliseconds): the
    /// run ends when `now_ms` reaches it.
    budget_ms: u64,
    seconds: u32,
    combo: u32,
    combo_best: u32,
    moves: u32,
    correct: u32,
    score: u32,
    failed: Vec<String>,
    highest_solved: Option<u32>,
    /// When the current puzzle started, and the times of finished ones.
    puzzle_started: Option<u64>,
    puzzle_times: Vec<u64>,
    ended_at: Option<u64>,
}

/// What one move did to the clock.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClockChange {
    /// Time added (combo bonus), milliseconds.
    pub bonus_ms: u64,
    /// Time taken away (wrong move), milliseconds.
    pub penalty_ms: u64,
    /// The combo after the move.
    pub combo: u32,
    /// The clock after the move.
    pub remaining_ms: u64,
}

/// How a Storm run went.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct StormSummary {
    /// The clock at the start, in seconds.
    pub seconds: u32,
    /// Puzzles solved.
    pub score: u32,
    /// Moves played (correct and wrong).
    pub moves: u32,
    /// Correct moves as a percentage of moves (0 when none).
    pub accuracy: u32,
    /// The longest run of correct moves.
    pub combo_best: u32,
    /// Mean milliseconds per finished puzzle (0 when none).
    pub ms_per_puzzle: u64,
    /// The highest rating among the puzzles solved.
    pub highest_solved: Option<u32>,
    /// The ids of the puzzles failed, in order.
    pub failed: Vec<String>,
    /// Time played, in milliseconds: from the start (the first move) to
    /// the end of the run, whether the clock ran out or the user stopped.
    pub played_ms: u64,
}

impl Storm {
    /// A run with `seconds` on the clock, started at `now_ms` = 0.
    #[must_use]
    pub fn new(seconds: u32) -> Storm {
        Storm {
            budget_ms: u64::from(seconds) * 1000,
            seconds,
            combo: 0,
            combo_best: 0,
            moves: 0,
            correct: 0,
            score: 0,
            failed: Vec::new(),
            highest_solved: None,
            puzzle_started: None,
            puzzle_times: Vec::new(),
            ended_at: None,
        }
    }

    /// Milliseconds left at `now_ms` (0 once the run is over).
    #[must_use]
    pub fn remaining_ms(&self, now_ms: u64) -> u64 {
        let now = self.ended_at.map_or(now_ms, |end| end.min(now_ms));
        self.budget_ms.saturating_sub(now)
    }

    /// Whether the clock has reached zero at `now_ms` (or the run was stopped).
    #[must_use]
    pub fn is_over(&self, now_ms: u64) -> bool {
        self.ended_at.is_some() || self.remaining_ms(now_ms) == 0
    }

    /// The current combo.
    #[must_use]
    pub fn combo(&self) -> u32 {
        self.combo
    }

    /// A puzzle starts being shown at `now_ms`.
    pub fn start_puzzle(&mut self, now_ms: u64) {
        self.puzzle_started = Some(now_ms);
    }

    /// A correct move at `now_ms`: the combo grows and may add time.
    /// `None` when the clock had already run out (the move does not count).
    pub fn correct_move(&mut self, now_ms: u64) -> Option<ClockChange> {
        if self.is_over(now_ms) {
            return None;
        }
        self.moves += 1;
        self.correct += 1;
        self.combo += 1;
        self.combo_best = self.combo_best.max(self.combo);
        let bonus_ms = combo_bonus_ms(self.combo);
        self.budget_ms += bonus_ms;
        Some(ClockChange {
            bonus_ms,
            penalty_ms: 0,
            combo: self.combo,
            remaining_ms: self.remaining_ms(now_ms),
        })
    }

    /// A wrong move at `now_ms` on puzzle `id`: 10 s off the clock, the
    /// combo back to zero, and the puzzle failed. `None` when the clock had
    /// already run out.
    pub fn wrong_move(&mut self, now_ms: u64, id: &str) -> Option<ClockChange> {
        if self.is_over(now_ms) {
            return None;
        }
        self.moves += 1;
        self.combo = 0;
        self.budget_ms = self.budget_ms.saturating_sub(WRONG_PENALTY_MS);
        self.failed.push(id.to_owned());
        self.finish_puzzle(now_ms);
        if self.remaining_ms(now_ms) == 0 {
            self.ended_at = Some(now_ms.min(self.budget_ms));
        }
        Some(ClockChange {
            bonus_ms: 0,
            penalty_ms: WRONG_PENALTY_MS,
            combo: 0,
            remaining_ms: self.remaining_ms(now_ms),
        })
    }

    /// The puzzle's last move was played at `now_ms`: one more solved.
    pub fn solved(&mut self, now_ms: u64, rating: Option<u32>) {
        self.score += 1;
        if let Some(r) = rating {
            self.highest_solved = Some(self.highest_solved.map_or(r, |h| h.max(r)));
        }
        self.finish_puzzle(now_ms);
    }

    /// Stops the run at `now_ms` (the user quit, or there are no puzzles left).
    pub fn stop(&mut self, now_ms: u64) {
        if self.ended_at.is_none() {
            self.ended_at = Some(now_ms.min(self.budget_ms));
        }
    }

    fn finish_puzzle(&mut self, now_ms: u64) {
        if let Some(start) = self.puzzle_started.take() {
            self.puzzle_times.push(now_ms.saturating_sub(start));
        }
    }

    /// The summary so far.
    #[must_use]
    pub fn summary(&self) -> StormSummary {
        let finished = self.puzzle_times.len() as u64;
        StormSummary {
            seconds: self.seconds,
            score: self.score,
            moves: self.moves,
            accuracy: (self.correct * 100).checked_div(self.moves).unwrap_or(0),
            combo_best: self.combo_best,
            ms_per_puzzle: self
                .puzzle_times
                .iter()
                .sum::<u64>()
                .checked_div(finished)
                .unwrap_or(0),
            highest_solved: self.highest_solved,
            failed: self.failed.clone(),
            played_ms: self.ended_at.unwrap_or(0),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn combo_bonuses_follow_lichess() {
        let table = [
            (1, 0),
            (4, 0),
            (5, 3_000),
            (6, 0),
            (12, 5_000),
            (20, 7_000),
            (30, 10_000),
            (35, 0),
            (40, 10_000),
            (50, 10_000),
            (60, 10_000),
            (70, 10_000),
            (10, 0),
        ];
        for (combo, bonus) in table {
            assert_eq!(combo_bonus_ms(combo), bonus, "combo {combo}");
        }
    }
}
