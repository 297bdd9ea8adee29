//! Adding a PGN file's games to a repertoire: every game with its
//! variations, checked move by move before any of it is added.
//!
//! A game that cannot be read (its PGN, its `[FEN]`, a variant, a move
//! that is not legal or not notation) is reported with its number, the
//! line of the file it starts on, the move and what is wrong, and nothing
//! of it is added; the other games are. Transpositions merge (a position
//! is one node however it is reached), and a second move for a position
//! where the repertoire's side is to move is accepted beside the first
//! and reported, with the line each one came by.

use std::collections::HashMap;
use std::io::{self, BufRead};

use shakmaty::san::SanPlus;
use shakmaty::{Chess, Color, Move, Position};

use super::book::{Added, NodeId, Repertoire};
use crate::drill::{PgnError, PgnGame, PgnMove, PgnReader, ReadGame};
use crate::notation::{Strictness, parse_fen, resolve};
use crate::progress::Timestamp;

/// Why a game was not added.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GameError {
    /// Its PGN could not be read.
    #[error("{0}")]
    Pgn(#[from] PgnError),
    /// Its `[FEN]` tag is not a valid position.
    #[error("the FEN tag is not a valid position: {0}")]
    Fen(String),
    /// It is not standard chess.
    #[error("the game is {0}, not standard chess")]
    Variant(String),
    /// A move that is not legal there, or not notation.
    #[error("move {number} {san}: {reason}")]
    Move {
        /// The move's number as PGN writes it (`3.`, `3...`).
        number: String,
        /// The move as written.
        san: String,
        /// What is wrong with it.
        reason: String,
    },
}

/// A game that was not added.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadGame {
    /// Its place in the file (1-based).
    pub game: usize,
    /// The file's line it starts on (1-based).
    pub line: usize,
    /// Why.
    pub error: GameError,
}

/// Where an accepted move came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Origin {
    /// Already in the repertoire before this file.
    Before,
    /// This file's game (1-based).
    Game(usize),
}

/// One of two (or more) moves the repertoire now has for a position where
/// its side is to move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    /// The move, numbered (`3.Bb5`).
    pub san: String,
    /// Where it came from.
    pub origin: Origin,
    /// The line it came by, numbered (`1. e4 e5 2. Nf3 Nc6`).
    pub line: String,
}

/// A position given a second move: both are accepted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TwoMoves {
    /// The move that was there first.
    pub first: Choice,
    /// The move added.
    pub second: Choice,
}

/// What adding a file did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct AddReport {
    /// Games added.
    pub games: usize,
    /// Lines those games hold (each end of a game's tree), and how many of
    /// them added a move the repertoire did not have.
    pub lines: usize,
    /// Of `lines`, those that brought a new move.
    pub new_lines: usize,
    /// Cards (positions with the repertoire's side to move) that are new.
    pub cards: usize,
    /// Games without any move (a chapter of text only), by number: nothing
    /// to add, and nothing wrong.
    pub empty: Vec<usize>,
    /// Games not added, and why.
    pub rejected: Vec<BadGame>,
    /// Positions that now have two moves of the repertoire's side.
    pub doubles: Vec<TwoMoves>,
}

/// One game read and played out, before it touches the repertoire: a tree
/// of positions, each made by one move from an earlier one.
struct Played {
    positions: Vec<Chess>,
    /// `(from, move, canonical SAN, comment)` of each position after the
    /// first, in the order they were made (position `i + 1` is made by
    /// move `i`).
    plies: Vec<(usize, Move, String, Option<String>)>,
}

impl Played {
    /// The line to position `at`, numbered (SAN computed once per ply, so
    /// a deep line costs its length, not its length's square).
    fn line_to(&self, at: usize) -> String {
        let mut steps = Vec::new();
        let mut i = at;
        while i > 0 {
            let (from, _, san, _) = &self.plies[i - 1];
            steps.push((*from, san.as_str()));
            i = *from;
        }
        let mut out = String::new();
        for (k, (from, san)) in steps.into_iter().rev().enumerate() {
            let pos = &self.positions[from];
            if !out.is_empty() {
                out.push(' ');
            }
            if pos.turn() == Color::White {
                out.push_str(&format!("{}. ", pos.fullmoves()));
            } else if k == 0 {
                out.push_str(&format!("{}... ", pos.fullmoves()));
            }
            out.push_str(san);
        }
        out
    }
}

/// The move number PGN gives a move played in `pos`: `3.` or `3...`.
fn number(pos: &Chess) -> String {
    let dots = if pos.turn() == Color::White {
        "."
    } else {
        "..."
    };
    format!("{}{dots}", pos.fullmoves())
}

/// The position a game starts from: its `[FEN]`, else the initial one.
pub(crate) fn start_of(game: &PgnGame) -> Result<Chess, GameError> {
    if let Some(variant) = game.tag("Variant") {
        let known = ["standard", "chess", "from position", ""];
        if !known.contains(&variant.trim().to_ascii_lowercase().as_str()) {
            return Err(GameError::Variant(variant.to_owned()));
        }
    }
    match game.tag("FEN") {
        Some(fen) => parse_fen(fen).map_err(|e| GameError::Fen(e.to_string())),
        None => Ok(Chess::default()),
    }
}

/// A move written as SAN that shakmaty reads and finds legal, with its
/// canonical SAN: the fast path for a book's moves, which are nearly all
/// canonical. Anything else goes to the notation engine, which says what
/// is wrong.
fn fast_move(pos: &Chess, written: &str) -> Option<(Move, String)> {
    let san: SanPlus = written.parse().ok()?;
    let mv = san.san.to_move(pos).ok()?;
    Some((mv, SanPlus::from_move(pos.clone(), mv).to_string()))
}

/// Plays a game's whole tree, or says what is wrong with it.
fn play(game: &PgnGame) -> Result<Played, GameError> {
    let mut played = Played {
        positions: vec![start_of(game)?],
        plies: Vec::new(),
    };
    // Lines still to play and the position each starts from (no
    // recursion: a file's nesting cannot exhaust the stack).
    let mut work: Vec<(&[PgnMove], usize)> = vec![(&game.line, 0)];
    while let Some((line, start)) = work.pop() {
        let mut at = start;
        for m in line {
            let pos = &played.positions[at];
            let read = fast_move(pos, &m.san).map_or_else(
                || resolve(pos, &m.san, Strictness::Lenient).map(|r| (r.text.mv, r.text.san)),
                Ok,
            );
            let (mv, written) = match read {
                Ok(read) => read,
                Err(rejected) => {
                    return Err(GameError::Move {
                        number: number(pos),
                        san: m.san.clone(),
                        reason: rejected.error.to_string(),
                    });
                }
            };
            let mut after = pos.clone();
            after.play_unchecked(mv);
            played.positions.push(after);
            played.plies.push((at, mv, written, m.comment.clone()));
            // Each variation replaces this move: it starts where it does.
            for variation in m.variations.iter().rev() {
                work.push((variation, at));
            }
            at = played.positions.len() - 1;
        }
    }
    Ok(played)
}

/// What one `add_pgn` keeps while it merges games: the moves it added,
/// with the game and line each came by.
#[derive(Default)]
struct Adding {
    report: AddReport,
    came: HashMap<(NodeId, Move), Choice>,
}

impl Repertoire {
    /// Adds every game read from `pgn` (the file named `file`, added at
    /// `at`), reporting what was added and what was not.
    ///
    /// # Errors
    /// Only reading `pgn` failed; a game that cannot be read is reported in
    /// the [`AddReport`], not as an error.
    pub fn add_pgn(
        &mut self,
        pgn: impl BufRead,
        file: &str,
        at: Timestamp,
    ) -> io::Result<AddReport> {
        let mut adding = Adding::default();
        for (i, read) in PgnReader::new(pgn).enumerate() {
            // A line read as Latin-1 is no fault of the game's moves.
            let ReadGame { line, game, .. } = read?;
            let number = i + 1;
            let game = match game {
                Ok(game) => game,
                Err(PgnError::Empty) => {
                    adding.report.empty.push(number);
                    continue;
                }
                Err(e) => {
                    adding.report.rejected.push(BadGame {
                        game: number,
                        line,
                        error: e.into(),
                    });
                    continue;
                }
            };
            match play(&game) {
                Ok(played) => self.merge(&played, number, &mut adding),
                Err(error) => adding.report.rejected.push(BadGame {
                    game: number,
                    line,
                    error,
                }),
            }
        }
        let report = adding.report;
        if report.games > 0 {
            self.note_added(Added {
                file: file.to_owned(),
                games: report.games,
                at,
            });
        }
        self.reindex();
        Ok(report)
    }

    /// Merges one played game.
    fn merge(&mut self, played: &Played, game: usize, adding: &mut Adding) {
        adding.report.games += 1;
        let n = played.positions.len();
        let mut node: Vec<NodeId> = Vec::with_capacity(n);
        node.push(self.root(&played.positions[0]));
        // Whether the line to each position brought a new move, and
        // whether a position ends a line of the game.
        let mut brought = vec![false; n];
        let mut ends = vec![true; n];
        for (i, (from, mv, written, comment)) in played.plies.iter().enumerate() {
            let here = node[*from];
            let pos = &played.positions[*from];
            let ours = pos.turn() == self.side();
            let first = self.nodes()[here]
                .moves
                .first()
                .map(|e| (e.mv, e.san.clone()));
            let (to, new) = self.add_move(here, *mv, comment.as_deref());
            node.push(to);
            brought[i + 1] = brought[*from] || new;
            ends[*from] = false;
            // Only the side's own moves can be a second move for a card.
            if !new || !ours {
                continue;
            }
            let choice = Choice {
                san: format!("{}{written}", number(pos)),
                origin: Origin::Game(game),
                line: played.line_to(*from),
            };
            adding.came.insert((here, *mv), choice.clone());
            match first {
                None => adding.report.cards += 1,
                Some((first_mv, first_san)) => {
                    let first = adding
                        .came
                        .get(&(here, first_mv))
                        .cloned()
                        .unwrap_or_else(|| {
                            let pos = &self.nodes()[here].pos;
                            Choice {
                                san: format!("{}{}", number(pos), first_san),
                                origin: Origin::Before,
                                line: super::book::numbered_line(&self.line_to(here)),
                            }
                        });
                    adding.report.doubles.push(TwoMoves {
                        first,
                        second: choice,
                    });
                }
            }
        }
        for i in 1..n {
            if ends[i] {
                adding.report.lines += 1;
                if brought[i] {
                    adding.report.new_lines += 1;
                }
            }
        }
    }
}
