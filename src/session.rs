//! The solving session: a pure state machine over one puzzle.
//!
//! It owns the position, judges what the user enters, plays the opponent's
//! replies at once and reports everything as [`Event`]s for the UI to show
//! (and animate). It reads no clock and does no I/O.

use shakmaty::{Chess, Color, Move, Position, Role, Square};

use crate::notation::{Code, Diagnostic, MoveText, Rejected, Strictness, move_text, resolve};
use crate::puzzle::Puzzle;

/// Shown when a puzzle gives no success message.
pub const DEFAULT_SUCCESS: &str = "Solved!";
/// Shown when a puzzle gives no failure message.
pub const DEFAULT_FAILURE: &str = "Puzzle failed.";

/// Why a submitted move was not accepted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Wrong {
    /// A legal move, but not the solution.
    NotSolution {
        /// The move, with all its spellings.
        text: MoveText,
    },
    /// Not a legal move here at all (or not notation).
    NotLegal(Rejected),
}

/// One rung of the hint ladder.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HintRung {
    /// Rung 1: the puzzle's own hint text for this move.
    Text(String),
    /// Rung 2: the piece to move.
    Piece {
        /// Where it stands.
        square: Square,
        /// What it is.
        role: Role,
    },
    /// Rung 3: where it goes.
    Destination {
        /// Where it stands.
        from: Square,
        /// Where it goes.
        to: Square,
    },
    /// Rung 4: the whole move.
    Move(MoveText),
}

impl HintRung {
    /// The rung's number, 1 to 4.
    pub fn number(&self) -> u8 {
        match self {
            HintRung::Text(_) => 1,
            HintRung::Piece { .. } => 2,
            HintRung::Destination { .. } => 3,
            HintRung::Move(_) => 4,
        }
    }
}

/// What happened, for the UI.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// The puzzle starts from this position.
    Started {
        /// Puzzle id.
        id: String,
        /// The start FEN (before the opponent's first move, if any).
        fen: String,
        /// The side the user plays.
        user_color: Color,
    },
    /// The opponent played a move (already applied; the UI may animate it).
    OpponentMoved {
        /// The move.
        text: MoveText,
        /// The puzzle's comment on it.
        comment: Option<String>,
    },
    /// The user's move was accepted.
    Correct {
        /// The move.
        text: MoveText,
        /// The puzzle's comment on it (none for an accepted alternative).
        comment: Option<String>,
        /// Whether it is another checkmate than the stated one (accepted on the last move).
        alternative: bool,
        /// How the input departed from canonical SAN (empty for `submit_move`).
        diagnostics: Vec<Diagnostic>,
    },
    /// The user's input was not accepted; the position is unchanged.
    Wrong {
        /// What the user typed (UCI for `submit_move`).
        input: String,
        /// Why.
        wrong: Wrong,
    },
    /// A hint.
    Hint(HintRung),
    /// The puzzle is solved.
    Solved {
        /// Puzzle id.
        id: String,
        /// The success message.
        message: String,
    },
    /// The puzzle is failed (given up); the rest of the solution follows.
    Failed {
        /// Puzzle id.
        id: String,
        /// The failure message.
        message: String,
        /// The remaining line, user's and opponent's moves.
        solution: Vec<MoveText>,
    },
}

/// The result of a finished session, for the progress store.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// Solved (otherwise given up).
    pub solved: bool,
    /// The highest hint rung used (0: none).
    pub hints_used: u8,
    /// Whether the solution was shown (given up).
    pub solution_shown: bool,
    /// Every wrong input with the notation codes it raised.
    pub wrong: Vec<(String, Vec<Code>)>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    Playing,
    Solved,
    Failed,
}

/// A solving session over one puzzle.
#[derive(Clone, Debug)]
pub struct Session {
    puzzle: Puzzle,
    pos: Chess,
    /// Index in the line of the next move to play.
    ply: usize,
    played: Vec<(MoveText, Option<String>)>,
    /// The next rung to give for the current move (1..=4).
    next_rung: u8,
    hints_used: u8,
    wrong: Vec<(String, Vec<Code>)>,
    state: State,
}

impl Session {
    /// Starts a session; plays the opponent's first move when the puzzle
    /// starts with one.
    pub fn new(puzzle: Puzzle) -> (Session, Vec<Event>) {
        let mut session = Session {
            pos: puzzle.position.clone(),
            puzzle,
            ply: 0,
            played: Vec::new(),
            next_rung: 1,
            hints_used: 0,
            wrong: Vec::new(),
            state: State::Playing,
        };
        let mut events = vec![Event::Started {
            id: session.puzzle.id.clone(),
            fen: session.puzzle.fen.clone(),
            user_color: session.puzzle.user_color,
        }];
        session.play_opponent(&mut events);
        (session, events)
    }

    /// Restarts the same puzzle from the beginning.
    pub fn retry(&mut self) -> Vec<Event> {
        let (fresh, events) = Session::new(self.puzzle.clone());
        *self = fresh;
        events
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

    /// Whether the puzzle is solved or given up.
    pub fn is_finished(&self) -> bool {
        self.state != State::Playing
    }

    /// The result, once finished.
    pub fn outcome(&self) -> Option<Outcome> {
        (self.state != State::Playing).then(|| Outcome {
            solved: self.state == State::Solved,
            hints_used: self.hints_used,
            solution_shown: self.state == State::Failed,
            wrong: self.wrong.clone(),
        })
    }

    /// Judges typed input, resolved leniently by the notation engine.
    pub fn submit(&mut self, input: &str) -> Vec<Event> {
        if self.is_finished() {
            return Vec::new();
        }
        match resolve(&self.pos, input, Strictness::Lenient) {
            Ok(resolved) => {
                let codes = resolved.diagnostics.iter().map(|d| d.code).collect();
                self.judge(input, resolved.text, resolved.diagnostics, codes)
            }
            Err(rejected) => {
                let codes = rejected.diagnostics.iter().map(|d| d.code).collect();
                self.wrong.push((input.to_owned(), codes));
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
        self.judge(&input, text, Vec::new(), Vec::new())
    }

    fn judge(
        &mut self,
        input: &str,
        text: MoveText,
        diagnostics: Vec<Diagnostic>,
        codes: Vec<Code>,
    ) -> Vec<Event> {
        let Some(expected) = self.puzzle.line.get(self.ply).cloned() else {
            return Vec::new();
        };
        let last_user_move = !self.puzzle.line[self.ply + 1..].iter().any(|m| m.is_user);
        let alternative = text.mv != expected.mv && last_user_move && {
            let mut after = self.pos.clone();
            after.play_unchecked(text.mv);
            after.is_checkmate()
        };
        if text.mv != expected.mv && !alternative {
            self.wrong.push((input.to_owned(), codes));
            return vec![Event::Wrong {
                input: input.to_owned(),
                wrong: Wrong::NotSolution { text },
            }];
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
            self.ply = self.puzzle.line.len();
        } else {
            self.play_opponent(&mut events);
        }
        if self.ply >= self.puzzle.line.len() {
            self.state = State::Solved;
            events.push(Event::Solved {
                id: self.puzzle.id.clone(),
                message: self
                    .puzzle
                    .success_message
                    .clone()
                    .unwrap_or_else(|| DEFAULT_SUCCESS.to_owned()),
            });
        }
        events
    }

    /// Plays the opponent's moves due now.
    fn play_opponent(&mut self, events: &mut Vec<Event>) {
        while let Some(m) = self.puzzle.line.get(self.ply).filter(|m| !m.is_user) {
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
    /// is none), the piece, the destination, the whole move. Asking past
    /// the last rung repeats it.
    pub fn hint(&mut self) -> Vec<Event> {
        if self.is_finished() {
            return Vec::new();
        }
        let Some(expected) = self.puzzle.line.get(self.ply) else {
            return Vec::new();
        };
        let user_index = self.puzzle.line[..self.ply]
            .iter()
            .filter(|m| m.is_user)
            .count();
        let text = self
            .puzzle
            .hints
            .get(user_index)
            .filter(|h| !h.trim().is_empty());
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
        vec![Event::Hint(rung)]
    }

    /// Gives up: shows the rest of the solution (and plays it on the
    /// board) and fails the puzzle.
    pub fn give_up(&mut self) -> Vec<Event> {
        if self.is_finished() {
            return Vec::new();
        }
        let mut solution = Vec::new();
        while let Some(m) = self.puzzle.line.get(self.ply) {
            let text = move_text(&self.pos, m.mv);
            self.pos.play_unchecked(m.mv);
            self.played.push((text.clone(), m.comment.clone()));
            solution.push(text);
            self.ply += 1;
        }
        self.state = State::Failed;
        vec![Event::Failed {
            id: self.puzzle.id.clone(),
            message: self
                .puzzle
                .failure_message
                .clone()
                .unwrap_or_else(|| DEFAULT_FAILURE.to_owned()),
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
