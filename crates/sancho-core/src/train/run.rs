//! Storm and Streak runs: one state machine that both shells drive.
//!
//! A [`TimedRun`] holds the run's rules ([`Storm`] or [`Streak`] from
//! `modes`), its pool of puzzles and a [`Session`] for the puzzle shown. The
//! shells hand it what the user typed and the time, and render the
//! [`RunEvent`]s it returns: line mode as text or JSON, the full screen as
//! widgets. What to record comes out as [`RunEvent::Record`], in the order
//! it must be recorded; what follows it in the list is said after the write.
//!
//! Time is passed in as `now_ms`, milliseconds from any fixed start (the
//! shell's stopwatch, or the sum of the full screen's ticks); the core
//! reads no clock. Storm's clock starts with the first move played, as on
//! Lichess, so reading the first puzzle costs nothing.

use shakmaty::Chess;

use crate::modes::{ClockChange, Storm, StormSummary, Streak, StreakStep};
use crate::notation::Lang;
use crate::puzzle::Puzzle;
use crate::record::source_of;
use crate::session::{Event, Session, Wrong};

use super::finished::{Finished, PuzzleDone, Rating};
use super::solution::{SolutionMove, solution};

/// Storm or Streak.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RunKind {
    /// As many puzzles as the clock allows.
    Storm,
    /// Rising difficulty until the first mistake.
    Streak,
}

/// Why a run ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RunEnd {
    /// Storm's clock reached zero; Streak's first mistake.
    Over,
    /// The user stopped it.
    Quit,
    /// Every puzzle of the pool was played.
    NoPuzzlesLeft,
    /// The input ended (line mode).
    EndOfInput,
}

impl RunEnd {
    /// The name scripts read (`reason` of `storm_end` and `streak_end`):
    /// `time` (Storm) or `mistake` (Streak), `quit`, `no_puzzles_left`,
    /// `end_of_input`.
    #[must_use]
    pub fn as_str(self, kind: RunKind) -> &'static str {
        match self {
            RunEnd::Over if kind == RunKind::Storm => "time",
            RunEnd::Over => "mistake",
            RunEnd::Quit => "quit",
            RunEnd::NoPuzzlesLeft => "no_puzzles_left",
            RunEnd::EndOfInput => "end_of_input",
        }
    }
}

/// What a run tells its shell, in order.
#[derive(Clone, Debug, PartialEq)]
pub enum RunEvent {
    /// The run starts over this many puzzles.
    Started {
        /// The pool's size.
        puzzles: usize,
    },
    /// The puzzle at `index` of the pool is shown ([`TimedRun::puzzle`];
    /// its session is [`TimedRun::session`] until the next such event).
    Puzzle {
        /// Its place in the pool (0-based).
        index: usize,
        /// Puzzles solved in this run so far.
        solved_count: u32,
    },
    /// What the puzzle's session said: the opponent's moves, a correct or
    /// wrong move (never the session's own end of the puzzle: the run
    /// decides when a puzzle ends).
    Moves {
        /// The position before them.
        before: Chess,
        /// The events.
        events: Vec<Event>,
    },
    /// Storm's clock after an answer (a refused answer costs nothing).
    Clock {
        /// Milliseconds left.
        remaining_ms: u64,
        /// The combo now.
        combo: u32,
        /// Time the answer's combo added.
        bonus_ms: u64,
        /// Time the answer cost.
        penalty_ms: u64,
    },
    /// The puzzle's last move was played.
    Solved {
        /// Its place in the pool.
        index: usize,
        /// Its rating (as the run orders puzzles).
        rating: u32,
        /// Streak: the streak now.
        streak: Option<u32>,
    },
    /// A wrong move ended the puzzle.
    Failed {
        /// Its place in the pool.
        index: usize,
        /// The whole solution, each move marked as the user's or the reply.
        solution: Vec<SolutionMove>,
        /// The move typed.
        input: String,
        /// Time taken off the clock (Storm).
        penalty_ms: u64,
    },
    /// The puzzle was passed with the run's one skip (Streak).
    Skipped {
        /// Its place in the pool.
        index: usize,
        /// Skips left (0).
        skips_left: u32,
    },
    /// A skip was asked for and none is left (Storm has none).
    NoSkip,
    /// Something to record now ([`super::record`]); what follows is said
    /// once it is saved.
    Record(Finished),
    /// The run is over.
    Ended(RunEnd),
}

/// The rules of the run, with what each keeps.
#[derive(Clone, Debug)]
enum Rules {
    Storm(Storm),
    Streak {
        streak: Streak,
        /// The highest rating solved.
        highest_solved: Option<u32>,
    },
}

/// How an answer went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Judged {
    /// Not a legal move: refused, at no cost.
    Refused,
    /// A correct move; `true` when it finished the puzzle.
    Correct(bool),
    /// A legal move that is not the solution: the puzzle is failed.
    Wrong,
}

/// One Storm or Streak run.
#[derive(Clone, Debug)]
pub struct TimedRun {
    rules: Rules,
    pool: Vec<Puzzle>,
    /// Whether the pool is the built-in packs (how attempts are recorded).
    builtin: bool,
    lang: Lang,
    /// The puzzle shown, and its session.
    at: usize,
    session: Option<Session>,
    /// When Storm's clock started (the first move), in the shell's time.
    origin_ms: Option<u64>,
    /// When the puzzle shown started, in run time.
    started_ms: u64,
    /// The pool indices of the puzzles failed, in order.
    failed: Vec<usize>,
    end: Option<RunEnd>,
}

impl TimedRun {
    /// A Storm run with `seconds` on the clock over `pool` (in playing
    /// order); `builtin` says whether the pool is the built-in packs.
    #[must_use]
    pub fn storm(pool: Vec<Puzzle>, seconds: u32, builtin: bool) -> TimedRun {
        TimedRun::with(Rules::Storm(Storm::new(seconds)), pool, builtin)
    }

    /// A Streak run over `pool` (easiest first).
    #[must_use]
    pub fn streak(pool: Vec<Puzzle>, builtin: bool) -> TimedRun {
        let rules = Rules::Streak {
            streak: Streak::new(),
            highest_solved: None,
        };
        TimedRun::with(rules, pool, builtin)
    }

    fn with(rules: Rules, pool: Vec<Puzzle>, builtin: bool) -> TimedRun {
        TimedRun {
            rules,
            pool,
            builtin,
            lang: Lang::EN,
            at: 0,
            session: None,
            origin_ms: None,
            started_ms: 0,
            failed: Vec::new(),
            end: None,
        }
    }

    /// Moves are read in `lang`'s piece letters (German `Sf3`).
    #[must_use]
    pub fn with_lang(mut self, lang: Lang) -> TimedRun {
        self.lang = lang;
        self
    }

    /// Starts the run at `now_ms`: its first puzzle is shown (or, with an
    /// empty pool, it ends at once).
    pub fn start(&mut self, now_ms: u64) -> Vec<RunEvent> {
        let mut out = vec![RunEvent::Started {
            puzzles: self.pool.len(),
        }];
        self.show(now_ms, &mut out);
        out
    }

    /// Storm or Streak.
    #[must_use]
    pub fn kind(&self) -> RunKind {
        match self.rules {
            Rules::Storm(_) => RunKind::Storm,
            Rules::Streak { .. } => RunKind::Streak,
        }
    }

    /// Storm's clock at the start, in seconds (0 for Streak).
    #[must_use]
    pub fn seconds(&self) -> u32 {
        match &self.rules {
            Rules::Storm(storm) => storm.summary().seconds,
            Rules::Streak { .. } => 0,
        }
    }

    /// The run's time at `now_ms`: Storm's from its first move (0 before),
    /// Streak's the shell's own.
    fn run_time(&self, now_ms: u64) -> u64 {
        match self.rules {
            Rules::Storm(_) => self.origin_ms.map_or(0, |o| now_ms.saturating_sub(o)),
            Rules::Streak { .. } => now_ms,
        }
    }

    fn clock_over(&self, now_ms: u64) -> bool {
        let t = self.run_time(now_ms);
        matches!(&self.rules, Rules::Storm(storm) if storm.is_over(t))
    }

    /// Shows the puzzle at `self.at`, or ends the run when none is left or
    /// the clock has run out.
    fn show(&mut self, now_ms: u64, out: &mut Vec<RunEvent>) {
        if self.clock_over(now_ms) {
            self.finish(RunEnd::Over, now_ms, out);
            return;
        }
        let Some(puzzle) = self.pool.get(self.at) else {
            self.session = None;
            self.finish(RunEnd::NoPuzzlesLeft, now_ms, out);
            return;
        };
        let (session, events) = Session::new(puzzle.clone());
        let before = puzzle.position.clone();
        self.session = Some(session);
        self.started_ms = self.run_time(now_ms);
        if let Rules::Storm(storm) = &mut self.rules {
            storm.start_puzzle(self.started_ms);
        }
        out.push(RunEvent::Puzzle {
            index: self.at,
            solved_count: self.solved_count(),
        });
        out.push(RunEvent::Moves { before, events });
    }

    /// Plays what the user typed at `now_ms`.
    pub fn submit(&mut self, text: &str, now_ms: u64) -> Vec<RunEvent> {
        let mut out = Vec::new();
        if self.end.is_some() {
            return out;
        }
        if self.clock_over(now_ms) {
            // An answer after zero does not count.
            self.finish(RunEnd::Over, now_ms, &mut out);
            return out;
        }
        let lang = self.lang;
        let Some(session) = &mut self.session else {
            return out;
        };
        let before = session.position().clone();
        let events = session.submit_in(text, lang);
        let judged = judge(&events);
        let shown = events.into_iter().filter(|e| !ends_puzzle(e)).collect();
        out.push(RunEvent::Moves {
            before,
            events: shown,
        });
        if judged != Judged::Refused && self.origin_ms.is_none() {
            self.origin_ms = Some(now_ms);
        }
        let t = self.run_time(now_ms);
        let rating = self
            .pool
            .get(self.at)
            .map_or(crate::puzzle::UNRATED_AS, Puzzle::playing_rating);
        let id = self
            .pool
            .get(self.at)
            .map(|p| p.id.clone())
            .unwrap_or_default();
        let mut penalty_ms = 0;
        if let Rules::Storm(storm) = &mut self.rules {
            let change = match judged {
                Judged::Refused => None,
                Judged::Correct(_) => storm.correct_move(t),
                Judged::Wrong => storm.wrong_move(t, &id),
            };
            let ClockChange {
                bonus_ms,
                penalty_ms: cost,
                ..
            } = change.unwrap_or(ClockChange {
                bonus_ms: 0,
                penalty_ms: 0,
                combo: storm.combo(),
                remaining_ms: 0,
            });
            penalty_ms = cost;
            out.push(RunEvent::Clock {
                remaining_ms: storm.remaining_ms(t),
                combo: storm.combo(),
                bonus_ms,
                penalty_ms,
            });
        }
        match judged {
            Judged::Correct(true) => {
                let streak = match &mut self.rules {
                    Rules::Storm(storm) => {
                        storm.solved(t, Some(rating));
                        None
                    }
                    Rules::Streak {
                        streak,
                        highest_solved,
                    } => {
                        streak.solve();
                        *highest_solved = Some(highest_solved.map_or(rating, |h| h.max(rating)));
                        Some(streak.solved())
                    }
                };
                self.record_puzzle(t, &mut out);
                out.push(RunEvent::Solved {
                    index: self.at,
                    rating,
                    streak,
                });
                self.next(now_ms, &mut out);
            }
            Judged::Wrong => {
                if let Rules::Streak { streak, .. } = &mut self.rules {
                    streak.fail(&id);
                }
                self.failed.push(self.at);
                let solution = match &mut self.session {
                    Some(session) => {
                        // The run ends the puzzle: the session records it failed.
                        session.leave();
                        solution(session)
                    }
                    None => Vec::new(),
                };
                self.record_puzzle(t, &mut out);
                out.push(RunEvent::Failed {
                    index: self.at,
                    solution,
                    input: text.trim().to_owned(),
                    penalty_ms,
                });
                let over = match &self.rules {
                    Rules::Storm(storm) => storm.is_over(t),
                    Rules::Streak { streak, .. } => streak.is_over(),
                };
                if over {
                    self.finish(RunEnd::Over, now_ms, &mut out);
                } else {
                    self.next(now_ms, &mut out);
                }
            }
            _ => {
                if self.clock_over(now_ms) {
                    self.finish(RunEnd::Over, now_ms, &mut out);
                }
            }
        }
        out
    }

    /// The shown puzzle's attempt, to record.
    fn record_puzzle(&mut self, t: u64, out: &mut Vec<RunEvent>) {
        let (Some(session), Some(puzzle)) = (&self.session, self.pool.get(self.at)) else {
            return;
        };
        let Some(result) = session.outcome() else {
            return;
        };
        out.push(RunEvent::Record(Finished::Puzzle(PuzzleDone {
            source: source_of(puzzle, self.builtin),
            puzzle: Box::new(puzzle.clone()),
            result,
            time_ms: t.saturating_sub(self.started_ms),
            rating: Rating::Unrated,
            set: None,
            replay: false,
        })));
    }

    fn next(&mut self, now_ms: u64, out: &mut Vec<RunEvent>) {
        self.at += 1;
        self.show(now_ms, out);
    }

    /// Time passed: Storm's clock may run out and end the run.
    pub fn tick(&mut self, now_ms: u64) -> Vec<RunEvent> {
        let mut out = Vec::new();
        if self.end.is_none() && self.clock_over(now_ms) {
            self.finish(RunEnd::Over, now_ms, &mut out);
        }
        out
    }

    /// Skips the puzzle shown: Streak's one skip per run (Storm has none).
    pub fn skip(&mut self, now_ms: u64) -> Vec<RunEvent> {
        let mut out = Vec::new();
        if self.end.is_some() {
            return out;
        }
        let step = match &mut self.rules {
            Rules::Streak { streak, .. } => streak.skip(),
            Rules::Storm(_) => StreakStep::NoSkipLeft,
        };
        if step != StreakStep::Skipped {
            out.push(RunEvent::NoSkip);
            return out;
        }
        out.push(RunEvent::Skipped {
            index: self.at,
            skips_left: 0,
        });
        self.next(now_ms, &mut out);
        out
    }

    /// The user stops the run (`end`: [`RunEnd::Quit`], or
    /// [`RunEnd::EndOfInput`] in line mode): it ends as it stands.
    pub fn stop(&mut self, now_ms: u64, end: RunEnd) -> Vec<RunEvent> {
        let mut out = Vec::new();
        if self.end.is_none() {
            self.finish(end, now_ms, &mut out);
        }
        out
    }

    /// Ends the run; hands it over to record unless nothing was played in
    /// it (a run without a single move is not a run).
    fn finish(&mut self, end: RunEnd, now_ms: u64, out: &mut Vec<RunEvent>) {
        self.end = Some(end);
        let t = self.run_time(now_ms);
        let record = match &mut self.rules {
            Rules::Storm(storm) => {
                storm.stop(t);
                let summary = storm.summary();
                (summary.moves > 0).then_some(Finished::Storm(summary))
            }
            Rules::Streak {
                streak,
                highest_solved,
            } => (streak.solved() > 0 || streak.failed().is_some()).then(|| Finished::Streak {
                solved: streak.solved(),
                highest_solved: *highest_solved,
            }),
        };
        out.extend(record.map(RunEvent::Record));
        out.push(RunEvent::Ended(end));
    }

    /// The pool, in playing order.
    #[must_use]
    pub fn pool(&self) -> &[Puzzle] {
        &self.pool
    }

    /// The puzzle at `index` of the pool.
    #[must_use]
    pub fn puzzle(&self, index: usize) -> Option<&Puzzle> {
        self.pool.get(index)
    }

    /// Where in the pool the run is (0-based), and the pool's size.
    #[must_use]
    pub fn counter(&self) -> (usize, usize) {
        (self.at, self.pool.len())
    }

    /// The session of the puzzle shown (`None` once the run is over).
    #[must_use]
    pub fn session(&self) -> Option<&Session> {
        self.session.as_ref().filter(|_| self.end.is_none())
    }

    /// Why the run ended, once it has.
    #[must_use]
    pub fn end(&self) -> Option<RunEnd> {
        self.end
    }

    /// Whether Storm's clock runs (it starts with the first move).
    #[must_use]
    pub fn clock_started(&self) -> bool {
        self.origin_ms.is_some()
    }

    /// Storm: the clock's milliseconds left at `now_ms`.
    #[must_use]
    pub fn remaining_ms(&self, now_ms: u64) -> Option<u64> {
        let t = self.run_time(now_ms);
        match &self.rules {
            Rules::Storm(storm) => Some(storm.remaining_ms(t)),
            Rules::Streak { .. } => None,
        }
    }

    /// Storm: the combo now.
    #[must_use]
    pub fn combo(&self) -> Option<u32> {
        match &self.rules {
            Rules::Storm(storm) => Some(storm.combo()),
            Rules::Streak { .. } => None,
        }
    }

    /// Puzzles solved so far (Storm's score, Streak's streak).
    #[must_use]
    pub fn solved_count(&self) -> u32 {
        match &self.rules {
            Rules::Storm(storm) => storm.summary().score,
            Rules::Streak { streak, .. } => streak.solved(),
        }
    }

    /// Streak: whether the run's skip is left.
    #[must_use]
    pub fn can_skip(&self) -> bool {
        matches!(&self.rules, Rules::Streak { streak, .. } if streak.can_skip())
    }

    /// Storm's summary (of a run in progress too).
    #[must_use]
    pub fn storm_summary(&self) -> Option<StormSummary> {
        match &self.rules {
            Rules::Storm(storm) => Some(storm.summary()),
            Rules::Streak { .. } => None,
        }
    }

    /// The highest rating solved.
    #[must_use]
    pub fn highest_solved(&self) -> Option<u32> {
        match &self.rules {
            Rules::Storm(storm) => storm.summary().highest_solved,
            Rules::Streak { highest_solved, .. } => *highest_solved,
        }
    }

    /// Whether the pool is the built-in puzzles (how its attempts, and
    /// replays of its failures, are recorded).
    #[must_use]
    pub fn builtin(&self) -> bool {
        self.builtin
    }

    /// The puzzles failed in this run, in order (they join the reviews).
    pub fn failed(&self) -> impl Iterator<Item = &Puzzle> + '_ {
        self.failed.iter().filter_map(|&i| self.pool.get(i))
    }
}

/// How the session judged an answer.
fn judge(events: &[Event]) -> Judged {
    let mut judged = Judged::Refused;
    for e in events {
        match e {
            Event::Correct { .. } => judged = Judged::Correct(false),
            Event::Wrong {
                wrong: Wrong::NotSolution { .. },
                ..
            } => judged = Judged::Wrong,
            _ => {}
        }
    }
    if judged == Judged::Correct(false) && events.iter().any(|e| matches!(e, Event::Solved { .. }))
    {
        judged = Judged::Correct(true);
    }
    judged
}

/// Whether the session's event ends the puzzle (the run says that itself).
fn ends_puzzle(event: &Event) -> bool {
    matches!(
        event,
        Event::MarkedFailed { .. }
            | Event::Solved { .. }
            | Event::Failed { .. }
            | Event::GaveUp { .. }
    )
}
