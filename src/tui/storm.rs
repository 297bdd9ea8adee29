//! The Storm and Streak screen: the core's [`TimedRun`] (the run's rules,
//! its pool and the puzzle's session), drawn. The screen keeps only what
//! it shows: the puzzle's board, input line and live hint (a [`Play`]
//! that mirrors the run's session), the time, and what the last move did.
//!
//! Time comes in only through [`RunScreen::tick`] (the runner's
//! [`Action::Tick`](super::Action::Tick)), so a test scripts a whole run.
//! What the run hands over to record comes out as [`Finished`] items for
//! the app to pass on.

use super::input::InputLine;
use super::play::Play;
use crate::notation::Lang;
use crate::progress::Mode;
use crate::puzzle::Puzzle;
use crate::session::{Event, Wrong};
use crate::train::{Finished, RunEvent, RunKind, SolutionMove, TimedRun};

pub use crate::train::RunEnd;

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
        /// The whole solution, each move marked as the user's or the reply.
        solution: Vec<SolutionMove>,
        /// Time taken off (ms; 0 in Streak).
        penalty_ms: u64,
    },
    /// The answer was no legal move: refused at no cost.
    Refused {
        /// What was typed.
        input: String,
        /// Why it is no move here.
        reason: String,
    },
    /// The puzzle was skipped (Streak's one skip).
    Skipped,
    /// A skip was asked for and none is left (or Storm has none).
    NoSkip,
}

/// The Storm or Streak screen.
#[derive(Clone, Debug)]
pub struct RunScreen {
    run: TimedRun,
    /// The puzzle shown, as drawn (`None` once the run is over).
    play: Option<Play>,
    reply_delay_ms: u64,
    lang: Lang,
    /// The sum of the ticks so far: the run's time.
    now_ms: u64,
    flash: Option<Flash>,
}

impl RunScreen {
    /// A Storm run with `seconds` on the clock over `pool` (in playing
    /// order); `builtin` says where the puzzles are recorded from.
    pub fn storm(pool: Vec<Puzzle>, seconds: u32, builtin: bool) -> RunScreen {
        RunScreen::with(
            TimedRun::storm(pool, seconds, builtin),
            STORM_REPLY_DELAY_MS,
        )
    }

    /// A Streak run over `pool` (easiest first).
    pub fn streak(pool: Vec<Puzzle>, builtin: bool) -> RunScreen {
        RunScreen::with(TimedRun::streak(pool, builtin), super::REPLY_DELAY_MS)
    }

    fn with(run: TimedRun, reply_delay_ms: u64) -> RunScreen {
        RunScreen {
            run,
            play: None,
            reply_delay_ms,
            lang: Lang::EN,
            now_ms: 0,
            flash: None,
        }
    }

    /// Starts the run: its first puzzle is shown. `reply_delay_ms`
    /// (`None`: the mode's own) and `lang` as the puzzle screen has them.
    pub fn start(mut self, reply_delay_ms: Option<u64>, lang: Lang) -> (RunScreen, Vec<Finished>) {
        if let Some(ms) = reply_delay_ms {
            self.reply_delay_ms = ms;
        }
        self.lang = lang;
        self.run = self.run.with_lang(lang);
        let events = self.run.start(self.now_ms);
        let done = self.show(events);
        (self, done)
    }

    /// Draws what the run said; returns what it hands over to record.
    fn show(&mut self, events: Vec<RunEvent>) -> Vec<Finished> {
        let mut done = Vec::new();
        for event in events {
            match event {
                RunEvent::Started { .. } => {}
                RunEvent::Puzzle { index, .. } => {
                    self.play = self.run.session().map(|session| {
                        Play::mirror(index, session.clone())
                            .with_reply_delay(Some(self.reply_delay_ms))
                            .with_lang(self.lang)
                    });
                }
                RunEvent::Moves { events, .. } => {
                    if let Some(Event::Wrong {
                        input,
                        wrong: Wrong::NotLegal(rejected),
                    }) = events.iter().find(|e| matches!(e, Event::Wrong { .. }))
                    {
                        self.flash = Some(Flash::Refused {
                            input: input.clone(),
                            reason: rejected.error.to_string(),
                        });
                    }
                    if let Some(Event::Correct { diagnostics, .. }) =
                        events.iter().find(|e| matches!(e, Event::Correct { .. }))
                    {
                        self.flash = Some(Flash::Correct {
                            solved: None,
                            bonus_ms: 0,
                            notes: diagnostics.iter().map(|d| self.lang.note(d)).collect(),
                        });
                    }
                    if let (Some(play), Some(session)) = (&mut self.play, self.run.session()) {
                        play.observe(session, events);
                    }
                }
                RunEvent::Clock { bonus_ms, .. } => {
                    if let Some(Flash::Correct { bonus_ms: b, .. }) = &mut self.flash {
                        *b = bonus_ms;
                    }
                }
                RunEvent::Solved { index, .. } => {
                    if let Some(Flash::Correct { solved, .. }) = &mut self.flash {
                        *solved = self.run.puzzle(index).map(|p| p.id.clone());
                    }
                }
                RunEvent::Failed {
                    solution,
                    input,
                    penalty_ms,
                    ..
                } => {
                    self.flash = Some(Flash::Wrong {
                        input,
                        solution,
                        penalty_ms,
                    });
                }
                RunEvent::Skipped { .. } => self.flash = Some(Flash::Skipped),
                RunEvent::NoSkip => self.flash = Some(Flash::NoSkip),
                RunEvent::Record(finished) => done.push(finished),
                RunEvent::Ended(_) => self.play = None,
            }
        }
        done
    }

    /// Edits the input line (while the run goes on).
    pub fn edit(&mut self, f: impl FnOnce(&mut InputLine)) {
        if let (None, Some(play)) = (self.run.end(), &mut self.play) {
            play.edit(f);
        }
    }

    /// The puzzle screen's other input helpers (Tab, Up, flip).
    pub fn with_play(&mut self, f: impl FnOnce(&mut Play)) {
        if let (None, Some(play)) = (self.run.end(), &mut self.play) {
            f(play);
        }
    }

    /// Time passed: the clock runs down (Storm), the opponent's reply
    /// comes. Returns what finished (the run, when the clock ran out).
    pub fn tick(&mut self, ms: u64) -> Vec<Finished> {
        if self.run.end().is_some() {
            return Vec::new();
        }
        self.now_ms = self.now_ms.saturating_add(ms);
        if let Some(play) = &mut self.play {
            play.tick(ms);
        }
        let events = self.run.tick(self.now_ms);
        self.show(events)
    }

    /// Plays the typed move.
    pub fn submit(&mut self) -> Vec<Finished> {
        let Some(text) = self
            .play
            .as_mut()
            .filter(|_| self.run.end().is_none())
            .and_then(Play::take_input)
        else {
            return Vec::new();
        };
        let events = self.run.submit(&text, self.now_ms);
        self.show(events)
    }

    /// Skips the puzzle: Streak's one skip per run (Storm has none).
    pub fn skip(&mut self) -> Vec<Finished> {
        let events = self.run.skip(self.now_ms);
        self.show(events)
    }

    /// The user stops the run (Esc, quit): it ends as it stands.
    pub fn stop(&mut self) -> Vec<Finished> {
        let events = self.run.stop(self.now_ms, RunEnd::Quit);
        self.show(events)
    }

    /// Storm or Streak.
    pub fn mode(&self) -> Mode {
        match self.run.kind() {
            RunKind::Storm => Mode::Storm,
            RunKind::Streak => Mode::Streak,
        }
    }

    /// The puzzle being played (`None` once the run is over).
    pub fn play(&self) -> Option<&Play> {
        self.play.as_ref().filter(|_| self.run.end().is_none())
    }

    /// Which puzzle of the pool is shown (0-based), and the pool's size.
    pub fn counter(&self) -> (usize, usize) {
        self.run.counter()
    }

    /// Whether the clock runs (it starts with the first move).
    pub fn clock_started(&self) -> bool {
        self.run.clock_started()
    }

    /// Storm: the clock's milliseconds left.
    pub fn remaining_ms(&self) -> Option<u64> {
        self.run.remaining_ms(self.now_ms)
    }

    /// Storm: the combo now.
    pub fn combo(&self) -> Option<u32> {
        self.run.combo()
    }

    /// Puzzles solved so far (Storm's score, Streak's streak).
    pub fn score(&self) -> u32 {
        self.run.solved_count()
    }

    /// Streak: whether the run's skip is left.
    pub fn can_skip(&self) -> bool {
        self.run.can_skip()
    }

    /// What the last move did.
    pub fn flash(&self) -> Option<&Flash> {
        self.flash.as_ref()
    }

    /// Why the run ended, once it has.
    pub fn end(&self) -> Option<RunEnd> {
        self.run.end()
    }

    /// Storm's summary (also of a run in progress).
    pub fn storm_summary(&self) -> Option<crate::modes::StormSummary> {
        self.run.storm_summary()
    }

    /// The highest rating solved.
    pub fn highest_solved(&self) -> Option<u32> {
        self.run.highest_solved()
    }

    /// The puzzles failed in this run: id and title (they join the reviews).
    pub fn failed(&self) -> Vec<(String, String)> {
        self.run
            .failed()
            .map(|p| (p.id.clone(), p.title.clone()))
            .collect()
    }

    /// The run itself.
    pub fn run(&self) -> &TimedRun {
        &self.run
    }
}
