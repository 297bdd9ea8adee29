//! The state of the puzzle screen: the session, the board as shown, the moves
//! so far, the input line and its live hint, and the queue of steps that
//! appear after a delay (the opponent's reply, the solution).

use std::collections::VecDeque;

use shakmaty::{Chess, Color, Move, Position, Square};

pub(crate) mod complete;
mod review;

use super::input::InputLine;
use super::strings;
use crate::engine::Refutation;
use crate::notation::{Hint, HintEngine, Lang, MoveText, hint_in};
use crate::puzzle::Puzzle;
use crate::session::{self, Event, Session, SolutionStep, Wrong};
use crate::train::blind::{Blind, BlindError};

/// How long the opponent "thinks" before a reply appears, in milliseconds.
pub const REPLY_DELAY_MS: u64 = 500;

/// Who played a move in the list of moves so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mover {
    /// The opponent (the puzzle's line).
    Opponent,
    /// The user.
    User,
    /// Shown as part of the solution after giving up.
    Solution,
}

/// One move in the list of moves so far.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    /// Canonical SAN.
    pub san: String,
    /// The source's comment.
    pub comment: Option<String>,
    /// Who played it.
    pub by: Mover,
    /// The full-move number of the position it was played in.
    pub number: u32,
    /// The side that played it.
    pub color: Color,
}

/// What kind of message the status line holds (drives its style).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StatusKind {
    /// Neutral information.
    Info,
    /// A correct move or a solved puzzle.
    Good,
    /// A wrong move or a failed puzzle.
    Bad,
    /// A hint.
    Hint,
}

/// The status line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Status {
    /// What kind of message.
    pub kind: StatusKind,
    /// The message: the verdict (and how the puzzle ended).
    pub text: String,
    /// The notation slips the last move made, one short line each under
    /// the verdict (the puzzle's comment is under the moves, not here).
    pub slips: Vec<String>,
    /// Where the verdict ends in `text` when more follows the slips (how
    /// the puzzle ended); `None`: the slips come after the whole text.
    pub(crate) verdict_end: Option<usize>,
}

impl Status {
    /// The text the slips go under, and the text after them.
    pub fn parts(&self) -> (&str, &str) {
        let end = self
            .verdict_end
            .filter(|&i| self.text.is_char_boundary(i))
            .unwrap_or(self.text.len());
        let (verdict, rest) = self.text.split_at(end);
        (verdict, rest.trim_start())
    }
}

/// How a puzzle ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Finish {
    /// Solved cleanly, with the message to show.
    Solved(String),
    /// Played to the end after a wrong move or a hint: counts as failed.
    Failed(String),
    /// Given up: the solution was shown ("The solution was Nf7#.").
    GaveUp(String),
}

/// One finished puzzle attempt, returned to the caller of
/// [`crate::tui::run`] so that it can record progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayedPuzzle {
    /// The puzzle's id.
    pub puzzle_id: String,
    /// 1 for the first attempt, 2 after one retry, and so on (Lichess rates
    /// only the first).
    pub attempt: u32,
    /// The session's result: solved, hints, solution shown, wrong inputs.
    pub outcome: session::SessionResult,
    /// Time on the puzzle, from its start (or retry) to its end.
    pub time_ms: u64,
}

/// A step that waits its turn.
#[derive(Clone, Debug)]
enum Step {
    Move {
        text: MoveText,
        comment: Option<String>,
        by: Mover,
    },
    End(Finish),
}

/// Where a hint points on the board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HintMarks {
    /// The piece to move.
    pub from: Option<Square>,
    /// Where it goes.
    pub to: Option<Square>,
}

/// The puzzle screen's state.
#[derive(Clone, Debug)]
pub struct Play {
    index: usize,
    session: Session,
    engine: HintEngine,
    shown: Chess,
    last_move: Option<Move>,
    history: Vec<Played>,
    pending: VecDeque<Step>,
    waited_ms: u64,
    /// How long the opponent pauses before each reply.
    reply_delay_ms: u64,
    input: InputLine,
    last_submitted: Option<String>,
    hint: Hint,
    marks: HintMarks,
    status: Status,
    finish: Option<Finish>,
    flipped: bool,
    attempt: u32,
    outcome: Option<PlayedPuzzle>,
    /// Time spent on this attempt so far (stops when it finishes).
    elapsed_ms: u64,
    /// Whether the puzzle's themes are shown (always, once it has ended).
    themes_shown: bool,
    /// Once the puzzle has ended: how many moves of the solution line the
    /// board shows while the user steps through it (`None`: the live board).
    review: Option<usize>,
    /// The solution line, read when the puzzle ends.
    line: Vec<SolutionStep>,
    /// The piece letters moves are typed and shown in.
    lang: Lang,
    /// The first legal wrong move of this attempt, with the position it
    /// was played in (refuted once the puzzle ends, never before).
    first_wrong: Option<(Chess, Move)>,
    /// Why the first wrong move fails, once the puzzle has ended and the
    /// mate solver proves it.
    refutation: Option<Refutation>,
    /// A key that fails a rated puzzle, pressed once: its second press
    /// acts ([`Play::arm`]).
    armed: Option<FailKey>,
    /// Blind tactics: the frozen board and the moves read from it, while
    /// the puzzle is played blind.
    blind: Option<Blind>,
}

/// A key that fails a puzzle still clean: the hint (F2) or giving up (F3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FailKey {
    /// The hint.
    Hint,
    /// Giving up (the solution).
    GiveUp,
}

impl Play {
    /// Starts puzzle number `index` blind, `plies` before its first
    /// position to solve (see [`Blind`]).
    ///
    /// # Errors
    /// The puzzle keeps fewer plies before it.
    pub fn blind(index: usize, puzzle: Puzzle, plies: u8) -> Result<Play, BlindError> {
        let (blind, session, events) = Blind::start(puzzle, plies)?;
        let mut play = Play::blank(index, session);
        // The live board starts past the moves read (drawn only once the
        // puzzle ends; the frozen board stands in for it until then).
        play.shown = play.session.position().clone();
        play.blind = Some(blind);
        play.apply(events);
        play.rebuild_engine();
        Ok(play)
    }

    /// The frozen board and the moves read from it, when played blind.
    pub fn blind_view(&self) -> Option<&Blind> {
        self.blind.as_ref()
    }

    /// Starts puzzle number `index`.
    pub fn new(index: usize, puzzle: Puzzle) -> Play {
        let (session, events) = Session::new(puzzle);
        let mut play = Play::blank(index, session);
        play.apply(events);
        play
    }

    /// The screen of `session` before any of its events is shown.
    fn blank(index: usize, session: Session) -> Play {
        let shown = session.puzzle().position.clone();
        let engine = HintEngine::new(session.position());
        let hint = engine.hint("");
        Play {
            index,
            shown,
            session,
            engine,
            last_move: None,
            history: Vec::new(),
            pending: VecDeque::new(),
            waited_ms: 0,
            reply_delay_ms: REPLY_DELAY_MS,
            input: InputLine::default(),
            last_submitted: None,
            hint,
            marks: HintMarks::default(),
            status: Status {
                kind: StatusKind::Info,
                text: strings::STATUS_START.to_owned(),
                slips: Vec::new(),
                verdict_end: None,
            },
            finish: None,
            flipped: false,
            attempt: 1,
            outcome: None,
            elapsed_ms: 0,
            themes_shown: false,
            review: None,
            line: Vec::new(),
            lang: Lang::EN,
            first_wrong: None,
            refutation: None,
            armed: None,
            blind: None,
        }
    }

    /// The screen of a session driven elsewhere (a Storm or Streak run's
    /// puzzle): it shows what [`Play::observe`] is told, starting with the
    /// session's opening events.
    pub fn mirror(index: usize, session: Session) -> Play {
        Play::blank(index, session)
    }

    /// Shows `events` of a session driven elsewhere, which is now `session`.
    pub fn observe(&mut self, session: &Session, events: Vec<Event>) {
        self.session = session.clone();
        self.apply(events);
        self.rebuild_engine();
    }

    /// Takes the input line for a move played elsewhere (showing any
    /// pending reply first); `None` when it is empty or the puzzle is over.
    pub fn take_input(&mut self) -> Option<String> {
        let text = self.input.text();
        if self.finish.is_some() || text.trim().is_empty() {
            return None;
        }
        self.flush();
        self.last_submitted = Some(text.clone());
        self.input.clear();
        Some(text)
    }

    /// Starts the same puzzle over.
    pub fn retry(&mut self) {
        let events = match &self.blind {
            Some(blind) => blind.retry(&mut self.session),
            None => self.session.retry(),
        };
        self.shown = match &self.blind {
            Some(_) => self.session.position().clone(),
            None => self.session.puzzle().position.clone(),
        };
        self.last_move = None;
        self.history.clear();
        self.pending.clear();
        self.waited_ms = 0;
        self.input.clear();
        self.marks = HintMarks::default();
        self.finish = None;
        self.attempt += 1;
        self.outcome = None;
        self.elapsed_ms = 0;
        self.review = None;
        self.line.clear();
        self.first_wrong = None;
        self.refutation = None;
        self.status = Status {
            kind: StatusKind::Info,
            text: strings::STATUS_RETRY.to_owned(),
            slips: Vec::new(),
            verdict_end: None,
        };
        self.apply(events);
        self.rebuild_engine();
    }

    fn rebuild_engine(&mut self) {
        self.engine = HintEngine::new(self.session.position());
        self.refresh_hint();
    }

    fn refresh_hint(&mut self) {
        self.hint = hint_in(&self.engine, &self.input.text(), self.lang);
    }

    /// Routes session events: board changes wait their turn, messages do not.
    fn apply(&mut self, events: Vec<Event>) {
        for event in events {
            match event {
                Event::Started { .. } => {}
                Event::OpponentMoved { text, comment } => self.enqueue(Step::Move {
                    text,
                    comment: comment.map(|c| self.lang.localize_text(&c)),
                    by: Mover::Opponent,
                }),
                Event::Correct {
                    text,
                    comment,
                    alternative,
                    diagnostics,
                } => {
                    let comment = comment.map(|c| self.lang.localize_text(&c));
                    let notes: Vec<String> =
                        diagnostics.iter().map(|d| self.lang.note(d)).collect();
                    self.status = Status {
                        kind: StatusKind::Good,
                        text: strings::correct(&self.lang.localize(&text.san), alternative),
                        slips: notes,
                        verdict_end: None,
                    };
                    self.enqueue(Step::Move {
                        text,
                        comment,
                        by: Mover::User,
                    });
                }
                Event::Wrong { input, wrong } => {
                    if let (None, Wrong::NotSolution { text, .. }) = (&self.first_wrong, &wrong) {
                        self.first_wrong = Some((self.session.position().clone(), text.mv));
                    }
                    self.status = Status {
                        kind: StatusKind::Bad,
                        text: strings::wrong(&input, &wrong),
                        slips: Vec::new(),
                        verdict_end: None,
                    };
                }
                Event::MarkedFailed { reason, .. } => {
                    self.status.text.push(' ');
                    self.status
                        .text
                        .push_str(&strings::marked_failed(&reason.describe()));
                }
                Event::Hint(rung) => {
                    let (from, to, text) = strings::hint_rung(&rung, self.lang);
                    self.marks = HintMarks { from, to };
                    self.status = Status {
                        kind: StatusKind::Hint,
                        text,
                        slips: Vec::new(),
                        verdict_end: None,
                    };
                }
                Event::Solved { message, .. } => self.enqueue(Step::End(Finish::Solved(message))),
                Event::Failed { message, .. } => self.enqueue(Step::End(Finish::Failed(message))),
                Event::GaveUp {
                    message, solution, ..
                } => {
                    self.enqueue(Step::End(Finish::GaveUp(message)));
                    for text in solution {
                        self.enqueue(Step::Move {
                            text,
                            comment: None,
                            by: Mover::Solution,
                        });
                    }
                }
            }
        }
        self.pump();
    }

    fn enqueue(&mut self, step: Step) {
        if self.pending.is_empty() {
            self.waited_ms = 0;
        }
        self.pending.push_back(step);
    }

    /// Applies every step whose time has come: the user's own move and
    /// messages at once, other moves after the reply delay.
    fn pump(&mut self) {
        while let Some(step) = self.pending.front() {
            let delayed = matches!(step, Step::Move { by, .. } if *by != Mover::User);
            if delayed && self.waited_ms < self.reply_delay_ms {
                break;
            }
            let Some(step) = self.pending.pop_front() else {
                break;
            };
            self.show(step);
            if delayed {
                self.waited_ms = 0;
            }
        }
    }

    fn flush(&mut self) {
        while let Some(step) = self.pending.pop_front() {
            self.show(step);
        }
    }

    fn show(&mut self, step: Step) {
        match step {
            Step::Move { text, comment, by } => {
                if !self.shown.is_legal(text.mv) {
                    return;
                }
                self.history.push(Played {
                    san: self.lang.localize(&text.san),
                    comment,
                    by,
                    number: self.shown.fullmoves().get(),
                    color: self.shown.turn(),
                });
                self.shown.play_unchecked(text.mv);
                self.last_move = Some(text.mv);
                self.marks = HintMarks::default();
            }
            Step::End(finish) => {
                let solved = matches!(finish, Finish::Solved(_));
                self.line = self.session.solution_line();
                self.refute_first_wrong();
                self.themes_shown = true;
                // Keep what the last move earned (its verdict, its slips).
                let earned = self.status.kind == StatusKind::Good;
                let verdict_len = self.status.text.len();
                let slips = if earned {
                    std::mem::take(&mut self.status.slips)
                } else {
                    Vec::new()
                };
                self.status = Status {
                    kind: if solved {
                        StatusKind::Good
                    } else {
                        StatusKind::Bad
                    },
                    text: match &finish {
                        Finish::Solved(m) if earned => {
                            format!("{} {}", self.status.text, self.finished(m))
                        }
                        Finish::Solved(m) | Finish::Failed(m) | Finish::GaveUp(m) => {
                            self.finished(m)
                        }
                    },
                    slips,
                    // Solved by this move: its slips under its verdict,
                    // then how the puzzle ended.
                    verdict_end: (earned && solved).then_some(verdict_len),
                };
                self.outcome = self.session.outcome().map(|outcome| PlayedPuzzle {
                    puzzle_id: self.session.puzzle().id.clone(),
                    attempt: self.attempt,
                    outcome,
                    time_ms: self.elapsed_ms,
                });
                self.finish = Some(finish);
                self.input.clear();
                self.refresh_hint();
            }
        }
    }

    /// The opponent's pause before each reply (`None`: [`REPLY_DELAY_MS`]).
    #[must_use]
    pub fn with_reply_delay(mut self, ms: Option<u64>) -> Play {
        self.reply_delay_ms = ms.unwrap_or(REPLY_DELAY_MS);
        self
    }

    /// The piece letters moves are typed and shown in (German `Sf3`).
    #[must_use]
    pub fn with_lang(mut self, lang: Lang) -> Play {
        self.lang = lang;
        self.refresh_hint();
        self
    }

    /// The piece letters moves are typed and shown in.
    pub fn lang(&self) -> Lang {
        self.lang
    }

    /// Time passed.
    pub fn tick(&mut self, ms: u64) {
        if self.finish.is_none() {
            self.elapsed_ms = self.elapsed_ms.saturating_add(ms);
        }
        if self.pending.is_empty() {
            return;
        }
        self.waited_ms = self.waited_ms.saturating_add(ms);
        self.pump();
    }

    /// Submits the input line to the session (showing any pending reply
    /// first).
    pub fn submit(&mut self) {
        let Some(text) = self.take_input() else {
            return;
        };
        let events = self.session.submit_in(&text, self.lang);
        let moved = events.iter().any(|e| matches!(e, Event::Correct { .. }));
        self.apply(events);
        if moved {
            self.rebuild_engine();
        } else {
            self.refresh_hint();
        }
    }

    /// Whether the puzzle is still clean: being played, no wrong move and
    /// no hint yet (a hint or giving up would fail it).
    pub fn is_clean(&self) -> bool {
        !self.session.is_finished() && self.session.failure().is_none()
    }

    /// The first press of `key` in a rated puzzle: the status line says
    /// what a second press would do, and nothing else happens.
    pub fn arm(&mut self, key: FailKey, warning: String) {
        self.armed = Some(key);
        self.status = Status {
            kind: StatusKind::Hint,
            text: warning,
            slips: Vec::new(),
            verdict_end: None,
        };
    }

    /// The key pressed once and waiting for its second press, if any.
    pub fn armed(&self) -> Option<FailKey> {
        self.armed
    }

    /// Any other key: the next press of a failing key asks again.
    pub fn disarm(&mut self) {
        self.armed = None;
    }

    /// Asks the session for the next hint rung.
    pub fn ask_hint(&mut self) {
        self.flush();
        let events = self.session.hint();
        self.apply(events);
    }

    /// The user leaves before the end (next puzzle, retry, quit): a puzzle
    /// that already counts as failed ends as failed, so that its outcome is
    /// recorded; a clean unfinished one is simply not attempted.
    pub fn leave(&mut self) {
        let events = self.session.leave();
        if !events.is_empty() {
            self.apply(events);
            self.flush();
        }
    }

    /// Gives up; the solution is played out on the board.
    pub fn give_up(&mut self) {
        self.flush();
        let events = self.session.give_up();
        self.apply(events);
    }

    /// Runs an edit on the input line, then refreshes the live hint.
    pub fn edit(&mut self, f: impl FnOnce(&mut InputLine)) {
        if self.finish.is_some() {
            return;
        }
        let before = self.input.text();
        f(&mut self.input);
        if self.input.text() != before {
            self.refresh_hint();
        }
    }

    /// Puts the last submitted input back on the line.
    pub fn recall(&mut self) {
        if let Some(last) = self.last_submitted.clone() {
            self.edit(|line| line.set(&last));
        }
    }

    /// Turns the board around.
    pub fn flip(&mut self) {
        self.flipped = !self.flipped;
    }

    /// Index of the puzzle in the list.
    pub fn index(&self) -> usize {
        self.index
    }

    /// The puzzle.
    pub fn puzzle(&self) -> &Puzzle {
        self.session.puzzle()
    }

    /// The position the board shows (while stepping through the solution,
    /// the position after the moves stepped to).
    pub fn shown(&self) -> &Chess {
        match self.review {
            Some(0) => &self.session.puzzle().position,
            Some(at) => self.line.get(at - 1).map_or(&self.shown, |s| &s.position),
            None => &self.shown,
        }
    }

    /// The last move shown on the board.
    pub fn last_move(&self) -> Option<Move> {
        match self.review {
            Some(0) => None,
            Some(at) => self.line.get(at - 1).map(|s| s.text.mv),
            None => self.last_move,
        }
    }

    /// The moves so far.
    pub fn history(&self) -> &[Played] {
        &self.history
    }

    /// The input line.
    pub fn input(&self) -> &InputLine {
        &self.input
    }

    /// The live hint for the input line.
    pub fn hint(&self) -> &Hint {
        &self.hint
    }

    /// Squares the last hint points at.
    pub fn marks(&self) -> HintMarks {
        self.marks
    }

    /// The status line.
    pub fn status(&self) -> &Status {
        &self.status
    }

    /// How the puzzle ended, once it has.
    pub fn finish(&self) -> Option<&Finish> {
        self.finish.as_ref()
    }

    /// The outcome of this attempt, once it has ended.
    pub fn outcome(&self) -> Option<&PlayedPuzzle> {
        self.outcome.as_ref()
    }

    /// Whether a move is still waiting to appear.
    pub fn is_waiting(&self) -> bool {
        !self.pending.is_empty()
    }

    /// The colour at the bottom of the board.
    pub fn bottom(&self) -> Color {
        if self.flipped {
            !self.puzzle().user_color
        } else {
            self.puzzle().user_color
        }
    }
}

#[cfg(test)]
mod tests;
