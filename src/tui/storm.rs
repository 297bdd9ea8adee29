//! The Storm and Streak screen's state: the run's core ([`Storm`] or
//! [`Streak`], from `modes`), the puzzle being played (a [`Play`], so the
//! input line, the live hint and the opponent's replies are the puzzle
//! screen's own), the run's clock and what the last move did.
//!
//! Time comes in only through [`RunScreen::tick`] (the runner's
//! [`Action::Tick`](super::Action::Tick)), so a test scripts a whole run.
//! Each finished puzzle and the run's end come out as [`Finished`] items
//! for the app to hand over.

use super::config::Finished;
use super::input::InputLine;
use super::play::{Judged, Play};
use crate::modes::{Storm, StormSummary, Streak, StreakStep, puzzle_rating};
use crate::notation::Lang;
use crate::progress::Mode;
use crate::puzzle::Puzzle;
use crate::record::source_of;

/// How long the opponent pauses before a reply in Storm (a clock is
/// running; the config file's `reply_delay_ms` wins when set).
pub const STORM_REPLY_DELAY_MS: u64 = 150;

/// What the last move or skip did, for the side panel.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Flash {
    /// A correct move.
    Correct {
        /// The puzzle's id when the move finished it.
        solved: Option<String>,
        /// Time its combo added (ms).
        bonus_ms: u64,
        /// How the input departed from canonical SAN.
        notes: Vec<String>,
    },
    /// A wrong move ended the puzzle.
    Wrong {
        /// The move typed.
        input: String,
        /// The solution's moves.
        solution: Vec<String>,
        /// Time taken off (ms; 0 in Streak).
        penalty_ms: u64,
    },
    /// The puzzle was skipped (Streak's one skip).
    Skipped,
    /// A skip was asked for and none is left (or Storm has none).
    NoSkip,
}

/// Why the run ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RunEnd {
    /// Storm's clock reached zero; Streak's first mistake.
    Over,
    /// The user stopped it.
    Stopped,
    /// Every puzzle of the pool was played.
    NoPuzzlesLeft,
}

/// One run's core.
#[derive(Clone, Debug)]
enum Core {
    Storm(Storm),
    Streak(Streak),
}

/// The Storm or Streak screen.
#[derive(Clone, Debug)]
pub struct RunScreen {
    core: Core,
    pool: Vec<Puzzle>,
    at: usize,
    play: Option<Play>,
    builtin: bool,
    reply_delay_ms: u64,
    lang: Lang,
    /// Milliseconds since the run's first move (the sum of the ticks
    /// since): Storm's clock starts with the first move, as on Lichess.
    now_ms: u64,
    /// Whether the first move has been played.
    clock_started: bool,
    /// When the current puzzle started.
    started_ms: u64,
    flash: Option<Flash>,
    end: Option<RunEnd>,
    /// Streak: the highest rating solved (Storm's core keeps its own).
    highest_solved: Option<u32>,
    /// The run's failed puzzles: id and title.
    failed: Vec<(String, String)>,
}

impl RunScreen {
    /// A Storm run with `seconds` on the clock over `pool` (in playing
    /// order); `builtin` says where the puzzles are recorded from.
    pub fn storm(pool: Vec<Puzzle>, seconds: u32, builtin: bool) -> RunScreen {
        RunScreen::with(Core::Storm(Storm::new(seconds)), pool, builtin)
    }

    /// A Streak run over `pool` (easiest first).
    pub fn streak(pool: Vec<Puzzle>, builtin: bool) -> RunScreen {
        RunScreen::with(Core::Streak(Streak::new()), pool, builtin)
    }

    fn with(core: Core, pool: Vec<Puzzle>, builtin: bool) -> RunScreen {
        let reply_delay_ms = match core {
            Core::Storm(_) => STORM_REPLY_DELAY_MS,
            Core::Streak(_) => super::REPLY_DELAY_MS,
        };
        RunScreen {
            core,
            pool,
            at: 0,
            play: None,
            builtin,
            reply_delay_ms,
            lang: Lang::EN,
            now_ms: 0,
            clock_started: false,
            started_ms: 0,
            flash: None,
            end: None,
            highest_solved: None,
            failed: Vec::new(),
        }
    }

    /// Starts the run: its first puzzle is shown, the clock starts at 0.
    /// `reply_delay_ms` (`None`: the mode's own) and `lang` as the puzzle
    /// screen has them.
    #[must_use]
    pub fn start(mut self, reply_delay_ms: Option<u64>, lang: Lang) -> RunScreen {
        if let Some(ms) = reply_delay_ms {
            self.reply_delay_ms = ms;
        }
        self.lang = lang;
        self.show_puzzle();
        self
    }

    /// Shows the puzzle at `self.at`, or ends the run when none is left.
    fn show_puzzle(&mut self) -> Vec<Finished> {
        let Some(puzzle) = self.pool.get(self.at) else {
            self.play = None;
            return self.finish(RunEnd::NoPuzzlesLeft);
        };
        self.play = Some(
            Play::new(self.at, puzzle.clone())
                .with_reply_delay(Some(self.reply_delay_ms))
                .with_lang(self.lang),
        );
        self.started_ms = self.now_ms;
        if let Core::Storm(storm) = &mut self.core {
            storm.start_puzzle(self.now_ms);
        }
        Vec::new()
    }

    /// Edits the input line (while the run goes on).
    pub fn edit(&mut self, f: impl FnOnce(&mut InputLine)) {
        if let (None, Some(play)) = (self.end, &mut self.play) {
            play.edit(f);
        }
    }

    /// The puzzle screen's other input helpers (Tab, Up, flip).
    pub fn with_play(&mut self, f: impl FnOnce(&mut Play)) {
        if let (None, Some(play)) = (self.end, &mut self.play) {
            f(play);
        }
    }

    /// Time passed: the clock runs down (Storm), the opponent's reply
    /// comes. Returns what finished (the run, when the clock ran out).
    pub fn tick(&mut self, ms: u64) -> Vec<Finished> {
        if self.end.is_some() {
            return Vec::new();
        }
        if self.clock_started {
            self.now_ms = self.now_ms.saturating_add(ms);
        }
        if let Some(play) = &mut self.play {
            play.tick(ms);
        }
        match &self.core {
            Core::Storm(storm) if storm.is_over(self.now_ms) => self.finish(RunEnd::Over),
            _ => Vec::new(),
        }
    }

    /// Plays the typed move.
    pub fn submit(&mut self) -> Vec<Finished> {
        if self.end.is_some() {
            return Vec::new();
        }
        let now = self.now_ms;
        if matches!(&self.core, Core::Storm(storm) if storm.is_over(now)) {
            // A move after zero does not count (a tick ends the run first).
            return self.finish(RunEnd::Over);
        }
        let Some(play) = &mut self.play else {
            return Vec::new();
        };
        let input = play.input().text();
        let judged = play.submit();
        if !judged.moved() {
            return Vec::new();
        }
        self.clock_started = true;
        let puzzle = play.puzzle().clone();
        let rating = puzzle_rating(&puzzle);
        let solved = matches!(judged, Judged::Solved { .. });
        let failed = judged == Judged::Wrong;
        match (&mut self.core, judged) {
            (_, Judged::Refused) => {}
            (core, Judged::Correct { notes } | Judged::Solved { notes }) => {
                let bonus_ms = match core {
                    Core::Storm(storm) => {
                        let bonus = storm.correct_move(now).map_or(0, |c| c.bonus_ms);
                        if solved {
                            storm.solved(now, Some(rating));
                        }
                        bonus
                    }
                    Core::Streak(streak) => {
                        if solved {
                            streak.solve();
                            self.highest_solved =
                                Some(self.highest_solved.map_or(rating, |h| h.max(rating)));
                        }
                        0
                    }
                };
                self.flash = Some(Flash::Correct {
                    solved: solved.then(|| puzzle.id.clone()),
                    bonus_ms,
                    notes,
                });
            }
            (core, Judged::Wrong) => {
                let penalty_ms = match core {
                    Core::Storm(storm) => storm
                        .wrong_move(now, &puzzle.id)
                        .map_or(0, |c| c.penalty_ms),
                    Core::Streak(streak) => {
                        streak.fail(&puzzle.id);
                        0
                    }
                };
                self.failed.push((puzzle.id.clone(), puzzle.title.clone()));
                self.flash = Some(Flash::Wrong {
                    input,
                    solution: play.solution_sans(),
                    penalty_ms,
                });
            }
        }
        let mut done = Vec::new();
        if solved || failed {
            done.push(Finished::ModePuzzle {
                source: source_of(&puzzle, self.builtin),
                puzzle: Box::new(puzzle),
                solved,
                time_ms: now.saturating_sub(self.started_ms),
            });
            let over = match &self.core {
                Core::Storm(storm) => storm.is_over(now),
                Core::Streak(streak) => streak.is_over(),
            };
            if over {
                done.extend(self.finish(RunEnd::Over));
            } else {
                self.at += 1;
                done.extend(self.show_puzzle());
            }
        }
        done
    }

    /// Skips the puzzle: Streak's one skip per run (Storm has none).
    pub fn skip(&mut self) -> Vec<Finished> {
        if self.end.is_some() {
            return Vec::new();
        }
        let step = match &mut self.core {
            Core::Streak(streak) => streak.skip(),
            Core::Storm(_) => StreakStep::NoSkipLeft,
        };
        if step != StreakStep::Skipped {
            self.flash = Some(Flash::NoSkip);
            return Vec::new();
        }
        self.flash = Some(Flash::Skipped);
        self.at += 1;
        self.show_puzzle()
    }

    /// The user stops the run (Esc, quit): it ends as it stands.
    pub fn stop(&mut self) -> Vec<Finished> {
        if self.end.is_some() {
            return Vec::new();
        }
        self.finish(RunEnd::Stopped)
    }

    /// Ends the run; hands it over unless nothing was played in it (a run
    /// without a single move is not a run).
    fn finish(&mut self, end: RunEnd) -> Vec<Finished> {
        self.end = Some(end);
        match &mut self.core {
            Core::Storm(storm) => {
                storm.stop(self.now_ms);
                let summary = storm.summary();
                if summary.moves == 0 {
                    return Vec::new();
                }
                vec![Finished::Storm(summary)]
            }
            Core::Streak(streak) => {
                if streak.solved() == 0 && streak.failed().is_none() {
                    return Vec::new();
                }
                vec![Finished::Streak {
                    solved: streak.solved(),
                    highest_solved: self.highest_solved,
                }]
            }
        }
    }

    /// Storm or Streak.
    pub fn mode(&self) -> Mode {
        match self.core {
            Core::Storm(_) => Mode::Storm,
            Core::Streak(_) => Mode::Streak,
        }
    }

    /// The puzzle being played (`None` once the run is over).
    pub fn play(&self) -> Option<&Play> {
        self.play.as_ref().filter(|_| self.end.is_none())
    }

    /// Which puzzle of the pool is shown (0-based), and the pool's size.
    pub fn counter(&self) -> (usize, usize) {
        (self.at, self.pool.len())
    }

    /// Whether the clock runs (it starts with the first move).
    pub fn clock_started(&self) -> bool {
        self.clock_started
    }

    /// Storm: the clock's milliseconds left.
    pub fn remaining_ms(&self) -> Option<u64> {
        match &self.core {
            Core::Storm(storm) => Some(storm.remaining_ms(self.now_ms)),
            Core::Streak(_) => None,
        }
    }

    /// Storm: the combo now.
    pub fn combo(&self) -> Option<u32> {
        match &self.core {
            Core::Storm(storm) => Some(storm.combo()),
            Core::Streak(_) => None,
        }
    }

    /// Puzzles solved so far (Storm's score, Streak's streak).
    pub fn score(&self) -> u32 {
        match &self.core {
            Core::Storm(storm) => storm.summary().score,
            Core::Streak(streak) => streak.solved(),
        }
    }

    /// Streak: whether the run's skip is left.
    pub fn can_skip(&self) -> bool {
        matches!(&self.core, Core::Streak(s) if s.can_skip())
    }

    /// What the last move did.
    pub fn flash(&self) -> Option<&Flash> {
        self.flash.as_ref()
    }

    /// Why the run ended, once it has.
    pub fn end(&self) -> Option<RunEnd> {
        self.end
    }

    /// Storm's summary (also of a run in progress).
    pub fn storm_summary(&self) -> Option<StormSummary> {
        match &self.core {
            Core::Storm(storm) => Some(storm.summary()),
            Core::Streak(_) => None,
        }
    }

    /// Streak: the highest rating solved.
    pub fn highest_solved(&self) -> Option<u32> {
        match &self.core {
            Core::Storm(storm) => storm.summary().highest_solved,
            Core::Streak(_) => self.highest_solved,
        }
    }

    /// The puzzles failed in this run: id and title (they join the reviews).
    pub fn failed(&self) -> &[(String, String)] {
        &self.failed
    }
}
