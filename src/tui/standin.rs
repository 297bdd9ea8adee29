//! A private stand-in for the puzzle session (`crate::session`) and the
//! puzzle model (`crate::puzzle`) while those are written in another branch.
//!
//! It mirrors their announced API (`Session::new(puzzle) -> (Session,
//! Vec<Event>)`, `submit`, `hint`, `give_up`, `retry`, `position`, and the
//! `Event` variants) so that switching over is a matter of replacing this
//! file by re-exports and small adapters. Nothing outside `tui` uses it.

use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Color, Move, Position, Role, Square};

use crate::notation::{MoveText, Rejected, Strictness, move_text, resolve};

/// One move of a puzzle's line (mirrors `puzzle::LineMove`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineMove {
    /// The move, legal in its position.
    pub mv: Move,
    /// Whether the user plays it (otherwise the opponent does).
    pub is_user: bool,
    /// The source's comment on the move.
    pub comment: Option<String>,
}

/// A puzzle (mirrors the fields of `puzzle::Puzzle` the screen shows).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// Identifier, unique within a pack.
    pub id: String,
    /// Title shown above the board.
    pub title: String,
    /// Subtitle (e.g. "Black to move").
    pub subtitle: String,
    /// The start position (before the opponent's first move, if any).
    pub position: Chess,
    /// The side the user plays.
    pub user_color: Color,
    /// Theme tags.
    pub themes: Vec<String>,
    /// Difficulty 1..=5 (packs).
    pub difficulty: Option<u8>,
    /// Lichess rating.
    pub rating: Option<u32>,
    /// The whole line in playing order.
    pub line: Vec<LineMove>,
    /// Shown when the puzzle is solved.
    pub success_message: Option<String>,
    /// Shown when the puzzle is failed.
    pub failure_message: Option<String>,
}

/// Why a stand-in puzzle could not be built.
#[derive(Debug, thiserror::Error)]
pub enum StandinError {
    /// The FEN does not parse or is not a legal position.
    #[error("bad fen: {0}")]
    Fen(String),
    /// A line move is not UCI or not legal.
    #[error("bad move {0}")]
    Move(String),
}

impl Puzzle {
    /// Builds a puzzle from a FEN and a Lichess-style UCI line (the first
    /// move is the opponent's).
    ///
    /// # Errors
    /// A bad FEN or a move that is not legal in its position.
    pub fn from_lichess(id: &str, fen: &str, moves: &str) -> Result<Puzzle, StandinError> {
        let position: Chess = fen
            .parse::<Fen>()
            .map_err(|e| StandinError::Fen(e.to_string()))?
            .into_position(CastlingMode::Standard)
            .map_err(|e| StandinError::Fen(e.to_string()))?;
        let user_color = !position.turn();
        let mut pos = position.clone();
        let mut line = Vec::new();
        for (i, text) in moves.split_whitespace().enumerate() {
            let uci: UciMove = text
                .parse()
                .map_err(|_| StandinError::Move(text.to_owned()))?;
            let mv = uci
                .to_move(&pos)
                .map_err(|_| StandinError::Move(text.to_owned()))?;
            pos.play_unchecked(mv);
            line.push(LineMove {
                mv,
                is_user: i % 2 == 1,
                comment: None,
            });
        }
        Ok(Puzzle {
            id: id.to_owned(),
            title: format!("Puzzle {id}"),
            subtitle: format!(
                "{} to move",
                if user_color.is_white() {
                    "White"
                } else {
                    "Black"
                }
            ),
            position,
            user_color,
            themes: Vec::new(),
            difficulty: None,
            rating: None,
            line,
            success_message: None,
            failure_message: None,
        })
    }
}

/// One rung of the hint ladder.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HintRung {
    /// Which piece to move.
    Piece {
        /// Where it stands.
        square: Square,
        /// What it is.
        role: Role,
    },
    /// Which piece and where to.
    Destination {
        /// Where it stands.
        from: Square,
        /// Where it goes.
        to: Square,
    },
    /// The move itself.
    Move(MoveText),
}

/// Why a submitted input was not the solution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Wrong {
    /// The input is not a move here.
    Rejected(Rejected),
    /// A legal move, but not the one the puzzle wants.
    NotTheMove(MoveText),
}

/// What happened in a session.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// The session started.
    Started,
    /// The opponent played a move.
    OpponentMoved {
        /// The move.
        text: MoveText,
        /// The source's comment.
        comment: Option<String>,
    },
    /// The user's move was right and has been played.
    Correct {
        /// The move.
        text: MoveText,
        /// The source's comment.
        comment: Option<String>,
    },
    /// The user's input was wrong; the puzzle continues.
    Wrong {
        /// What was typed.
        input: String,
        /// Why it is wrong.
        wrong: Wrong,
    },
    /// A hint.
    Hint(HintRung),
    /// The puzzle is solved.
    Solved {
        /// Puzzle id.
        id: String,
        /// Message to show.
        message: String,
    },
    /// The puzzle is failed (given up).
    Failed {
        /// Puzzle id.
        id: String,
        /// Message to show.
        message: String,
        /// The rest of the line, from the current position.
        solution: Vec<MoveText>,
    },
}

/// A solving session (stand-in).
#[derive(Clone, Debug)]
pub struct Session {
    puzzle: Puzzle,
    pos: Chess,
    ply: usize,
    rung: u8,
    over: bool,
}

impl Session {
    /// Starts `puzzle`, playing the opponent's first move if it has one.
    pub fn new(puzzle: Puzzle) -> (Session, Vec<Event>) {
        let mut s = Session {
            pos: puzzle.position.clone(),
            puzzle,
            ply: 0,
            rung: 0,
            over: false,
        };
        let events = s.start();
        (s, events)
    }

    fn start(&mut self) -> Vec<Event> {
        self.pos = self.puzzle.position.clone();
        self.ply = 0;
        self.rung = 0;
        self.over = false;
        let mut events = vec![Event::Started];
        self.opponent(&mut events);
        events
    }

    fn opponent(&mut self, events: &mut Vec<Event>) {
        while let Some(m) = self.puzzle.line.get(self.ply).filter(|m| !m.is_user) {
            let text = move_text(&self.pos, m.mv);
            events.push(Event::OpponentMoved {
                text,
                comment: m.comment.clone(),
            });
            self.pos.play_unchecked(m.mv);
            self.ply += 1;
        }
        if self.ply >= self.puzzle.line.len() && !self.over {
            self.over = true;
            events.push(Event::Solved {
                id: self.puzzle.id.clone(),
                message: self
                    .puzzle
                    .success_message
                    .clone()
                    .unwrap_or_else(|| "Solved!".to_owned()),
            });
        }
    }

    /// The position the user moves in.
    pub fn position(&self) -> &Chess {
        &self.pos
    }

    /// Submits what the user typed.
    pub fn submit(&mut self, input: &str) -> Vec<Event> {
        let Some(expected) = self.puzzle.line.get(self.ply).cloned() else {
            return Vec::new();
        };
        if self.over {
            return Vec::new();
        }
        match resolve(&self.pos, input, Strictness::Lenient) {
            Err(rejected) => vec![Event::Wrong {
                input: input.to_owned(),
                wrong: Wrong::Rejected(rejected),
            }],
            Ok(resolved) => {
                let last = self.ply + 1 == self.puzzle.line.len();
                let mut after = self.pos.clone();
                after.play_unchecked(resolved.mv());
                if resolved.mv() == expected.mv || (last && after.is_checkmate()) {
                    self.pos = after;
                    self.ply += 1;
                    self.rung = 0;
                    let mut events = vec![Event::Correct {
                        text: resolved.text,
                        comment: expected.comment,
                    }];
                    self.opponent(&mut events);
                    events
                } else {
                    vec![Event::Wrong {
                        input: input.to_owned(),
                        wrong: Wrong::NotTheMove(resolved.text),
                    }]
                }
            }
        }
    }

    /// The next rung of the hint ladder.
    pub fn hint(&mut self) -> Vec<Event> {
        let Some(expected) = self.puzzle.line.get(self.ply) else {
            return Vec::new();
        };
        if self.over {
            return Vec::new();
        }
        let text = move_text(&self.pos, expected.mv);
        let from = expected.mv.from().unwrap_or(expected.mv.to());
        let rung = match self.rung {
            0 => HintRung::Piece {
                square: from,
                role: expected.mv.role(),
            },
            1 => HintRung::Destination {
                from,
                to: expected.mv.to(),
            },
            _ => HintRung::Move(text),
        };
        self.rung = self.rung.saturating_add(1);
        vec![Event::Hint(rung)]
    }

    /// Gives up: the rest of the line is the solution.
    pub fn give_up(&mut self) -> Vec<Event> {
        if self.over {
            return Vec::new();
        }
        self.over = true;
        let mut pos = self.pos.clone();
        let solution = self.puzzle.line[self.ply..]
            .iter()
            .map(|m| {
                let t = move_text(&pos, m.mv);
                pos.play_unchecked(m.mv);
                t
            })
            .collect();
        vec![Event::Failed {
            id: self.puzzle.id.clone(),
            message: self
                .puzzle
                .failure_message
                .clone()
                .unwrap_or_else(|| "Here is the solution.".to_owned()),
            solution,
        }]
    }

    /// Starts over.
    pub fn retry(&mut self) -> Vec<Event> {
        self.start()
    }
}

/// The position the board shows before any event (the puzzle's start).
pub fn start_position(puzzle: &Puzzle) -> Chess {
    puzzle.position.clone()
}

/// Why a submitted input was wrong, in words for the status line.
pub fn describe_wrong(input: &str, wrong: &Wrong) -> String {
    match wrong {
        Wrong::Rejected(rejected) => format!("{input}: {}", rejected.error),
        Wrong::NotTheMove(text) => {
            format!("{} is legal, but not the move here. Try again.", text.san)
        }
    }
}

/// The squares a hint rung points at (piece square, destination) and its words.
pub fn describe_hint(rung: &HintRung) -> (Option<Square>, Option<Square>, String) {
    match rung {
        HintRung::Piece { square, role } => (
            Some(*square),
            None,
            format!(
                "Hint: move the {} on {square}.",
                crate::notation::role_name(*role)
            ),
        ),
        HintRung::Destination { from, to } => (
            Some(*from),
            Some(*to),
            format!("Hint: from {from} to {to}."),
        ),
        HintRung::Move(text) => (
            text.mv.from(),
            Some(text.mv.to()),
            format!("Hint: the move is {}.", text.san),
        ),
    }
}
