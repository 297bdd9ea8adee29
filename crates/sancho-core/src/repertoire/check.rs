//! The user's games checked against a repertoire (`sancho repertoire
//! check`): where each game left the book, and why.
//!
//! A game is followed along its main line, position by position (so that a
//! game reaching a repertoire position by another move order is in book):
//! where the repertoire's side was to move and played a move the
//! repertoire does not have, that is the user's own **deviation** (the
//! card was got wrong in play: it falls due now); where the other side
//! played a move the repertoire does not cover, that is a **gap**. A game
//! may also outlast the repertoire's line (**book end**) or end while
//! still in book.

use std::collections::BTreeMap;

use serde::Serialize;
use shakmaty::{Chess, Color, Position};

use super::book::{Repertoire, card_key, numbered_line};
use super::build::{GameError, start_of};
use crate::drill::PgnGame;
use crate::notation::{Strictness, resolve, san};

/// Where a game left the repertoire.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Left {
    /// The user played a move the repertoire does not have there.
    Deviation {
        /// The move as played, numbered (`2.Nc3`).
        played: String,
        /// The repertoire's moves there, in SAN.
        expected: Vec<String>,
        /// The card's key (its position's EPD).
        card: String,
    },
    /// The opponent played a move the repertoire does not cover.
    Gap {
        /// The move as played, numbered (`1...d5`).
        played: String,
        /// The position's key before it.
        position: String,
    },
    /// The repertoire's line ended; the game went on.
    BookEnd,
    /// The game ended while still in book.
    GameEnd,
}

/// One game checked against one repertoire.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GameCheck {
    /// The game's place in the file (1-based).
    pub game: usize,
    /// Its White and Black players, as the tags say (`?` when missing).
    pub white: String,
    /// See `white`.
    pub black: String,
    /// The repertoire.
    pub repertoire: String,
    /// Moves played in book (plies).
    pub in_book_plies: usize,
    /// The full-move number where the game left the book.
    pub left_at_move: u32,
    /// The moves in book, as PGN writes them.
    pub line: String,
    /// Where and why it left.
    pub left: Left,
}

/// A gap and how often the games fell into it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GapCount {
    /// The line to it, as PGN writes it.
    pub line: String,
    /// The move the repertoire does not cover, numbered.
    pub played: String,
    /// How many games.
    pub count: usize,
}

/// What checking a file found.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct CheckSummary {
    /// Games checked (game and repertoire pairs).
    pub games: usize,
    /// The average full-move number where they left the book.
    pub average_move: Option<f64>,
    /// Deviations (cards got wrong in play).
    pub deviations: usize,
    /// Gaps, most frequent first.
    pub gaps: Vec<GapCount>,
}

impl Repertoire {
    /// Follows `game` (the file's `number`th) along its main line against
    /// this repertoire; `None` when its start position is not in the
    /// repertoire at all.
    ///
    /// # Errors
    /// The game's start (its `[FEN]`, a variant) or one of its moves
    /// cannot be read (named with its number).
    pub fn check_game(
        &self,
        game: &PgnGame,
        number: usize,
    ) -> Result<Option<GameCheck>, GameError> {
        let start = start_of(game)?;
        let Some(mut node) = self.find(&start) else {
            return Ok(None);
        };
        let mut pos = start;
        let mut played = Vec::new();
        let mut left = Left::GameEnd;
        for written in &game.moves {
            let mv = resolve(&pos, written, Strictness::Lenient)
                .map_err(|rejected| GameError::Move {
                    number: move_number(&pos),
                    san: written.clone(),
                    reason: rejected.error.to_string(),
                })?
                .text
                .mv;
            let Some(here) = self.node(node) else {
                break;
            };
            if here.moves.is_empty() {
                left = Left::BookEnd;
                break;
            }
            if !here.moves.iter().any(|e| e.mv == mv) {
                let numbered = format!("{}{}", move_number(&pos), san(&pos, mv));
                left = if pos.turn() == self.side() {
                    Left::Deviation {
                        played: numbered,
                        expected: here.moves.iter().map(|e| e.san.clone()).collect(),
                        card: card_key(&pos),
                    }
                } else {
                    Left::Gap {
                        played: numbered,
                        position: card_key(&pos),
                    }
                };
                break;
            }
            played.push(self.line_move_at(&pos, mv));
            pos.play_unchecked(mv);
            match self.find(&pos) {
                Some(next) => node = next,
                None => {
                    left = Left::BookEnd;
                    break;
                }
            }
        }
        Ok(Some(GameCheck {
            game: number,
            white: game.tag("White").unwrap_or("?").to_owned(),
            black: game.tag("Black").unwrap_or("?").to_owned(),
            repertoire: self.name().to_owned(),
            in_book_plies: played.len(),
            left_at_move: pos.fullmoves().get(),
            line: numbered_line(&played),
            left,
        }))
    }

    /// `mv` at `pos` as a line gives it.
    fn line_move_at(&self, pos: &Chess, mv: shakmaty::Move) -> super::book::LineMove {
        super::book::LineMove {
            mv,
            san: san(pos, mv),
            uci: crate::notation::uci(mv),
            number: pos.fullmoves().get(),
            color: pos.turn(),
            comment: None,
        }
    }
}

/// `3.` or `3...`.
fn move_number(pos: &Chess) -> String {
    let dots = if pos.turn() == Color::White {
        "."
    } else {
        "..."
    };
    format!("{}{dots}", pos.fullmoves())
}

impl CheckSummary {
    /// The figures of `checks`.
    #[must_use]
    pub fn of(checks: &[GameCheck]) -> CheckSummary {
        let mut gaps: BTreeMap<(String, String), usize> = BTreeMap::new();
        let mut deviations = 0;
        for check in checks {
            match &check.left {
                Left::Deviation { .. } => deviations += 1,
                Left::Gap { played, .. } => {
                    *gaps
                        .entry((check.line.clone(), played.clone()))
                        .or_default() += 1;
                }
                Left::BookEnd | Left::GameEnd => {}
            }
        }
        let mut gaps: Vec<GapCount> = gaps
            .into_iter()
            .map(|((line, played), count)| GapCount {
                line,
                played,
                count,
            })
            .collect();
        gaps.sort_by(|a, b| b.count.cmp(&a.count).then_with(|| a.line.cmp(&b.line)));
        let total: u64 = checks.iter().map(|c| u64::from(c.left_at_move)).sum();
        #[allow(clippy::cast_precision_loss)]
        let average_move = (!checks.is_empty()).then(|| total as f64 / checks.len() as f64);
        CheckSummary {
            games: checks.len(),
            average_move,
            deviations,
            gaps,
        }
    }
}
