//! The solving session: a pure state machine over one puzzle.
//!
//! It owns the position, judges what the user enters, plays the opponent's
//! replies at once and reports everything as [`Event`]s for the UI to show
//! (and animate). It reads no clock and does no I/O.
//!
//! # What counts as solved (as on Lichess)
//!
//! - The first legal move that is not the solution fails the puzzle for
//!   rating and statistics ([`Event::MarkedFailed`]); the position stays and
//!   the user may play on to the end, which then ends in [`Event::Failed`].
//! - A hint fails it the same way; giving up ends it in [`Event::GaveUp`].
//!   Leaving a puzzle that already counts as failed ([`Session::leave`])
//!   ends it in [`Event::Failed`]: skipping never hides a failure.
//! - Input that is not a legal move (ambiguous, illegal, not notation) is a
//!   notation mistake: recorded, never a failure.
//! - A move that is not the book's is still correct when it mates: on the
//!   last move any checkmate, and in a mate puzzle (the line ends in mate,
//!   at most [`MAX_PROVEN_MATE`] moves left) any move the mate solver proves
//!   mates at least as fast. The session then continues with the solver's
//!   longest defence.
//! - Only a clean solve ends in [`Event::Solved`]. A retry before the end
//!   restarts the board, not the attempt: a failure so far stays.

mod alternative;
mod event;

use shakmaty::{Chess, Move, Position, Square};

use crate::notation::{Diagnostic, Lang, MoveText, Strictness, move_text, resolve_in, slip_codes};
use crate::puzzle::Puzzle;

pub use alternative::MAX_PROVEN_MATE;
pub use event::{Event, FailReason, HintRung, SessionResult, SolutionStep, TypedInput, Wrong};

/// Shown when a puzzle gives no success message.
pub const DEFAULT_SUCCESS: &str = "Solved!";
/// Shown when a puzzle gives no failure message.
pub const DEFAULT_FAILURE: &str = "Puzzle failed.";
/// Said when the first hint fails a puzzle.
pub const HINT_COSTS: &str = "A hint counts as a loss for the rating.";

/// One move the session expects: the book's, or the solver's after an
/// accepted alternative.
#[derive(Clone, Debug)]
pub(crate) struct Planned {
    mv: Move,
    is_user: bool,
    comment: Option<String>,
}

impl Planned {
    fn user(mv: Move) -> Planned {
        Planned {
            mv,
            is_user: true,
            comment: None,
        }
    }

    fn opponent(mv: Move) -> Planned {
        Planned {
            mv,
            is_user: false,
            comment: None,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    Playing,
    /// The end of the line was reached.
    Finished,
    GaveUp,
    /// Left before the end after it already counted as failed.
    Left,
}

/// A solving session over one puzzle.
#[derive(Clone, Debug)]
pub struct Session {
    puzzle: Puzzle,
    /// The moves expected from the start: the book line, its tail replaced
    /// by the solver's plan after an accepted alternative.
    line: Vec<Planned>,
    /// Whether the book line ends in checkmate (alternatives are proven).
    mate_puzzle: bool,
    /// Whether the line has left the book (the pack's hint texts no longer apply).
    off_book: bool,
    pos: Chess,
    /// Index in the line of the next move to play.
    ply: usize,
    played: Vec<(MoveText, Option<String>)>,
    /// The next rung to give for the current move (1..=4).
    next_rung: u8,
    hints_used: u8,
    wrong: Vec<TypedInput>,
    slips: Vec<TypedInput>,
    failure: Option<FailReason>,
    state: State,
    /// Blind tactics: the plies read before the puzzle (see
    /// [`Session::with_blind`]).
    blind: Option<u8>,
}

impl Session {
    /// Starts a session; plays the opponent's first move when the puzzle
    /// starts with one.
    pub fn new(puzzle: Puzzle) -> (Session, Vec<Event>) {
        let line: Vec<Planned> = puzzle
            .solution
            .iter()
            .map(|m| Planned {
                mv: m.mv,
                is_user: m.is_user,
                comment: m.comment.clone(),
            })
            .collect();
        let mate_puzzle = puzzle.position_after(line.len()).is_checkmate();
        let mut session = Session {
            pos: puzzle.position.clone(),
            puzzle,
            line,
            mate_puzzle,
            off_book: false,
            ply: 0,
            played: Vec::new(),
            next_rung: 1,
            hints_used: 0,
            wrong: Vec::new(),
            slips: Vec::new(),
            failure: None,
            state: State::Playing,
            blind: None,
        };
        let mut events = vec![Event::Started {
            id: session.puzzle.id.clone(),
            fen: session.puzzle.fen.clone(),
            user_color: session.puzzle.user_color,
        }];
        session.play_opponent(&mut events);
        (session, events)
    }

    /// Restarts the board from the beginning. Before the end the attempt
    /// goes on: a failure, hints and wrong inputs so far are kept, so a
    /// retry never turns a failed puzzle into a clean solve. After the end
    /// it is a new attempt (recorded on its own; only the first attempt at
    /// a puzzle moves the rating).
    pub fn retry(&mut self) -> Vec<Event> {
        let (mut fresh, events) = Session::new(self.puzzle.clone());
        if !self.is_finished() {
            fresh.failure = self.failure.take();
            fresh.hints_used = self.hints_used;
            fresh.wrong = std::mem::take(&mut self.wrong);
            fresh.slips = std::mem::take(&mut self.slips);
        }
        fresh.blind = self.blind;
        *self = fresh;
        events
    }

    /// The same session played blind: the user read `plies` moves before
    /// the puzzle instead of seeing them played; the result says so.
    #[must_use]
    pub fn with_blind(mut self, plies: u8) -> Session {
        self.blind = Some(plies);
        self
    }

    /// The puzzle.
    pub fn puzzle(&self) -> &Puzzle {
        &self.puzzle
    }

    /// The current position.
    pub fn position(&self) -> &Chess {
        &self.pos
    }

    /// The moves played so far (both sides) with the puzzle's comments.
    pub fn moves_played(&self) -> &[(MoveText, Option<String>)] {
        &self.played
    }

    /// The last move played, if any.
    pub fn last_move(&self) -> Option<&MoveText> {
        self.played.last().map(|(t, _)| t)
    }

    /// Whether the puzzle is over (end reached or given up).
    pub fn is_finished(&self) -> bool {
        self.state != State::Playing
    }

    /// Why the puzzle counts as failed so far (`None`: still clean).
    pub fn failure(&self) -> Option<&FailReason> {
        self.failure.as_ref()
    }

    /// The result, once finished.
    pub fn outcome(&self) -> Option<SessionResult> {
        (self.state != State::Playing).then(|| SessionResult {
            solved: self.state == State::Finished && self.failure.is_none(),
            hints_used: self.hints_used,
            solution_shown: self.state == State::GaveUp,
            wrong: self.wrong.clone(),
            slips: self.slips.clone(),
            failure: self.failure.clone(),
            blind: self.blind,
        })
    }

    /// The puzzle's own solution from its start position, every move with
    /// the pack's comment and the position after it, for stepping through
    /// on a board (the first step may be the opponent's opening move).
    pub fn solution_line(&self) -> Vec<SolutionStep> {
        let mut pos = self.puzzle.position.clone();
        self.puzzle
            .solution
            .iter()
            .map(|m| {
                let text = move_text(&pos, m.mv);
                pos.play_unchecked(m.mv);
                SolutionStep {
                    text,
                    by_user: m.is_user,
                    comment: m.full_comment(),
                    position: pos.clone(),
                }
            })
            .collect()
    }

    /// The game the puzzle comes from (Lichess `GameUrl`), if known.
    pub fn game_url(&self) -> Option<&str> {
        self.puzzle.game_url.as_deref()
    }

    /// Judges typed input, resolved leniently by the notation engine.
    pub fn submit(&mut self, input: &str) -> Vec<Event> {
        self.submit_in(input, Lang::EN)
    }

    /// Judges typed input written in `lang`'s piece letters (German `Sf3`);
    /// a letter of another language is a notation mistake with its lesson.
    pub fn submit_in(&mut self, input: &str, lang: Lang) -> Vec<Event> {
        if self.is_finished() {
            return Vec::new();
        }
        match resolve_in(&self.pos, input, Strictness::Lenient, lang) {
            Ok(resolved) => self.judge(input, resolved.text, resolved.diagnostics),
            Err(rejected) => {
                self.wrong.push(TypedInput {
                    input: input.to_owned(),
                    codes: rejected.slip_codes(),
                    san: None,
                    candidates: rejected.candidates(),
                });
                vec![Event::Wrong {
                    input: input.to_owned(),
                    wrong: Wrong::NotLegal(rejected),
                }]
            }
        }
    }

    /// Judges a move made on the board (or otherwise already a [`Move`]).
    /// An illegal move is reported as [`Wrong::NotLegal`].
    pub fn submit_move(&mut self, mv: Move) -> Vec<Event> {
        if self.is_finished() {
            return Vec::new();
        }
        let input = crate::notation::uci(mv);
        if !self.pos.is_legal(mv) {
            return self.submit(&input);
        }
        let text = move_text(&self.pos, mv);
        self.judge(&input, text, Vec::new())
    }

    /// Judges a legal move typed as `input` (with how it departed from
    /// canonical SAN): correct, another accepted mate, or wrong. Its slips
    /// are kept either way.
    fn judge(&mut self, input: &str, text: MoveText, diagnostics: Vec<Diagnostic>) -> Vec<Event> {
        let Some(expected) = self.line.get(self.ply).cloned() else {
            return Vec::new();
        };
        let typed = TypedInput {
            input: input.to_owned(),
            codes: slip_codes(&diagnostics),
            san: Some(text.san.clone()),
            candidates: Vec::new(),
        };
        let alternative = text.mv != expected.mv;
        if alternative && !self.accept_alternative(text.mv) {
            self.wrong.push(typed);
            let note = self
                .puzzle
                .solution
                .get(self.ply)
                .filter(|_| !self.off_book)
                .and_then(|m| m.other_move_comment(text.mv))
                .map(str::to_owned);
            let mut events = vec![Event::Wrong {
                input: input.to_owned(),
                wrong: Wrong::NotSolution {
                    text: text.clone(),
                    note,
                },
            }];
            self.mark_failed(FailReason::WrongMove(text), &mut events);
            return events;
        }
        if !typed.codes.is_empty() {
            self.slips.push(typed);
        }
        let comment = if alternative { None } else { expected.comment };
        self.pos.play_unchecked(text.mv);
        self.played.push((text.clone(), comment.clone()));
        self.ply += 1;
        self.next_rung = 1;
        let mut events = vec![Event::Correct {
            text,
            comment,
            alternative,
            diagnostics,
        }];
        if self.pos.is_checkmate() {
            self.ply = self.line.len();
        } else {
            self.play_opponent(&mut events);
        }
        if self.ply >= self.line.len() {
            self.state = State::Finished;
            events.push(self.end_event());
        }
        events
    }

    /// Whether `mv` (legal, not the expected move) is accepted anyway; if
    /// so, the expected line from here becomes the solver's plan.
    fn accept_alternative(&mut self, mv: Move) -> bool {
        let moves_left = self.line[self.ply..].iter().filter(|m| m.is_user).count();
        let plan = if moves_left == 1 && {
            let mut after = self.pos.clone();
            after.play_unchecked(mv);
            after.is_checkmate()
        } {
            vec![Planned::user(mv)]
        } else if self.mate_puzzle {
            match alternative::proven_line(&self.pos, mv, moves_left) {
                Some(plan) => plan,
                None => return false,
            }
        } else {
            return false;
        };
        self.line.truncate(self.ply);
        self.line.extend(plan);
        self.off_book = true;
        true
    }

    /// The event that ends a puzzle whose line has been played out.
    fn end_event(&self) -> Event {
        let id = self.puzzle.id.clone();
        match &self.failure {
            None => Event::Solved {
                id,
                message: self
                    .puzzle
                    .success_message
                    .clone()
                    .unwrap_or_else(|| DEFAULT_SUCCESS.to_owned()),
            },
            Some(reason) => Event::Failed {
                id,
                message: format!("Finished, but it counts as failed: {}.", reason.describe()),
                solution: Vec::new(),
            },
        }
    }

    /// Marks the attempt failed the first time, with the event saying so.
    fn mark_failed(&mut self, reason: FailReason, events: &mut Vec<Event>) {
        if self.failure.is_some() {
            return;
        }
        self.failure = Some(reason.clone());
        // The pack's failure text is about a wrong move, never about a hint.
        let message = match reason {
            FailReason::WrongMove(_) => self
                .puzzle
                .failure_message
                .clone()
                .unwrap_or_else(|| DEFAULT_FAILURE.to_owned()),
            _ => HINT_COSTS.to_owned(),
        };
        events.push(Event::MarkedFailed {
            id: self.puzzle.id.clone(),
            reason,
            message,
        });
    }

    /// Plays the opponent's moves due now.
    fn play_opponent(&mut self, events: &mut Vec<Event>) {
        while let Some(m) = self.line.get(self.ply).filter(|m| !m.is_user) {
            let text = move_text(&self.pos, m.mv);
            let comment = m.comment.clone();
            self.pos.play_unchecked(m.mv);
            self.played.push((text.clone(), comment.clone()));
            self.ply += 1;
            events.push(Event::OpponentMoved { text, comment });
        }
    }

    /// The next rung of the hint ladder for the current move: the puzzle's
    /// hint text (the k-th hint for the k-th user move; skipped when there
    /// is none or the line has left the book), the piece, the destination,
    /// the whole move. Asking past the last rung repeats it. The first hint
    /// fails the puzzle ([`Event::MarkedFailed`] follows the hint).
    pub fn hint(&mut self) -> Vec<Event> {
        if self.is_finished() {
            return Vec::new();
        }
        let Some(expected) = self.line.get(self.ply) else {
            return Vec::new();
        };
        let user_index = self.line[..self.ply].iter().filter(|m| m.is_user).count();
        let text = self
            .puzzle
            .hints
            .get(user_index)
            .filter(|h| !h.trim().is_empty() && !self.off_book);
        if self.next_rung == 1 && text.is_none() {
            self.next_rung = 2;
        }
        let mv = expected.mv;
        let from = mv.from().unwrap_or_else(|| king_square(&self.pos));
        let rung = match self.next_rung {
            1 => HintRung::Text(text.cloned().unwrap_or_default()),
            2 => HintRung::Piece {
                square: from,
                role: mv.role(),
            },
            3 => HintRung::Destination {
                from,
                to: castle_destination(mv),
            },
            _ => HintRung::Move(move_text(&self.pos, mv)),
        };
        self.hints_used = self.hints_used.max(rung.number());
        self.next_rung = (rung.number() + 1).min(4);
        let mut events = vec![Event::Hint(rung)];
        self.mark_failed(FailReason::Hint, &mut events);
        events
    }

    /// The user leaves the puzzle before the end (next puzzle, quit). If
    /// it already counts as failed, that is final: the puzzle ends with
    /// [`Event::Failed`] and its outcome is to be recorded, so that leaving
    /// never hides a failure. Otherwise nothing happens (no event: a clean
    /// puzzle left unfinished is simply not attempted).
    pub fn leave(&mut self) -> Vec<Event> {
        let Some(reason) = self.failure.as_ref().filter(|_| !self.is_finished()) else {
            return Vec::new();
        };
        let message = format!(
            "Left before the end; it counts as failed: {}.",
            reason.describe()
        );
        self.state = State::Left;
        vec![Event::Failed {
            id: self.puzzle.id.clone(),
            message,
            solution: Vec::new(),
        }]
    }

    /// Gives up: plays the rest of the solution on the board and ends the
    /// puzzle with [`Event::GaveUp`] ("The solution was Nf7#.").
    pub fn give_up(&mut self) -> Vec<Event> {
        if self.is_finished() {
            return Vec::new();
        }
        let mut solution = Vec::new();
        while let Some(m) = self.line.get(self.ply) {
            let text = move_text(&self.pos, m.mv);
            self.pos.play_unchecked(m.mv);
            self.played.push((text.clone(), m.comment.clone()));
            solution.push(text);
            self.ply += 1;
        }
        self.state = State::GaveUp;
        if self.failure.is_none() {
            self.failure = Some(FailReason::GaveUp);
        }
        let sans: Vec<&str> = solution.iter().map(|t| t.san.as_str()).collect();
        vec![Event::GaveUp {
            id: self.puzzle.id.clone(),
            message: format!("The solution was {}.", sans.join(" ")),
            solution,
        }]
    }
}

fn king_square(pos: &Chess) -> Square {
    pos.board().king_of(pos.turn()).unwrap_or(Square::E1)
}

/// Where the king lands (castling is stored as king takes rook).
fn castle_destination(mv: Move) -> Square {
    match mv {
        Move::Castle { king, rook } => {
            let file = if rook.file() > king.file() {
                shakmaty::File::G
            } else {
                shakmaty::File::C
            };
            Square::from_coords(file, king.rank())
        }
        other => other.to(),
    }
}
