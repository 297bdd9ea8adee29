//! One game's lexemes made into a [`PgnGame`]: its tags, and its movetext
//! as a tree of moves with their comments and variations.

use super::lex::{Lexeme, comment_text, tag_pairs};
use super::{MAX_VARIATION_DEPTH, PgnError, PgnGame, PgnMove};
use crate::notation::movetext::strip_move_number;

/// The result a word stands for (`½-½` is read as `1/2-1/2`), if it is one.
pub(super) fn result_of(word: &str) -> Option<&'static str> {
    match word {
        "1-0" => Some("1-0"),
        "0-1" => Some("0-1"),
        "1/2-1/2" | "½-½" => Some("1/2-1/2"),
        "*" => Some("*"),
        _ => None,
    }
}

/// A game being read: what it has so far, or the first thing wrong with it
/// (what comes after that is read past).
#[derive(Debug, Default)]
pub(super) struct Builder {
    game: PgnGame,
    /// The lines being written: the main line, then each open variation.
    stack: Vec<Vec<PgnMove>>,
    /// The line of each open variation's `(`.
    opened: Vec<usize>,
    /// A comment written before the next move.
    before: Option<String>,
    error: Option<PgnError>,
}

impl Builder {
    pub(super) fn new() -> Self {
        Builder {
            stack: vec![Vec::new()],
            ..Builder::default()
        }
    }

    /// Whether the game has a tag pair (read or refused) or a move.
    pub(super) fn has_game(&self) -> bool {
        !self.game.tags.is_empty()
            || self.error.is_some()
            || self.game.result.is_some()
            || self.stack.iter().any(|line| !line.is_empty())
    }

    /// Takes the lexeme read on `line`.
    pub(super) fn feed(&mut self, lexeme: Lexeme<'_>, line: usize) {
        if self.error.is_none()
            && let Err(error) = self.take(lexeme, line)
        {
            self.error = Some(error);
        }
    }

    /// Marks the game as wrong, unless it already is.
    pub(super) fn fail(&mut self, error: PgnError) {
        self.error.get_or_insert(error);
    }

    fn take(&mut self, lexeme: Lexeme<'_>, at: usize) -> Result<(), PgnError> {
        let depth = self.stack.len();
        let Some(line) = self.stack.last_mut() else {
            return Ok(());
        };
        match lexeme {
            Lexeme::Tags(text) => {
                let pairs = tag_pairs(text).ok_or(PgnError::BadTag { line: at })?;
                self.game.tags.extend(pairs);
            }
            Lexeme::Comment(raw, _) => {
                if let Some(text) = comment_text(&raw) {
                    match line.last_mut() {
                        Some(last) => append(&mut last.comment, text),
                        None => append(&mut self.before, text),
                    }
                }
            }
            Lexeme::Open => {
                if line.is_empty() {
                    return Err(PgnError::VariationFirst { line: at });
                }
                if depth > MAX_VARIATION_DEPTH {
                    return Err(PgnError::TooDeep { line: at });
                }
                self.stack.push(Vec::new());
                self.opened.push(at);
            }
            Lexeme::Close => {
                if depth == 1 {
                    return Err(PgnError::Unopened {
                        line: at,
                        after: line.len(),
                    });
                }
                let variation = self.stack.pop().unwrap_or_default();
                self.opened.pop();
                if let Some(parent) = self.stack.last_mut().and_then(|l| l.last_mut()) {
                    if variation.is_empty() {
                        // `( {a thought} )`: the words stay, on the move.
                        if let Some(text) = self.before.take() {
                            append(&mut parent.comment, text);
                        }
                    } else {
                        parent.variations.push(variation);
                    }
                }
            }
            Lexeme::Word(word) => {
                if let Some(result) = result_of(word) {
                    // A result inside a variation is read past.
                    if depth == 1 {
                        self.game.result = Some(result.to_owned());
                    }
                    return Ok(());
                }
                let word = strip_move_number(word);
                if word.starts_with('$') || word.trim_matches('.').is_empty() {
                    return Ok(());
                }
                let san = word.trim_end_matches(['!', '?']);
                if !san.is_empty() {
                    line.push(PgnMove {
                        san: san.to_owned(),
                        before: self.before.take(),
                        ..PgnMove::default()
                    });
                }
            }
            // The reader ends a game at a blank line: never fed.
            Lexeme::Blank => {}
        }
        Ok(())
    }

    /// The game read, or what is wrong with it.
    pub(super) fn finish(mut self) -> Result<PgnGame, PgnError> {
        if let Some(error) = self.error {
            return Err(error);
        }
        if let Some(&line) = self.opened.first() {
            return Err(PgnError::UnclosedVariation { line });
        }
        let mut game = self.game;
        game.line = self.stack.pop().unwrap_or_default();
        game.moves = game.line.iter().map(|m| m.san.clone()).collect();
        game.comments = main_line_comments(&game.line);
        if game.moves.is_empty() {
            return Err(PgnError::Empty);
        }
        Ok(game)
    }
}

/// Adds `more` to a comment.
fn append(comment: &mut Option<String>, more: String) {
    match comment {
        Some(held) => {
            held.push(' ');
            held.push_str(&more);
        }
        None => *comment = Some(more),
    }
}

/// The main line's comments as [`PgnGame::comments`] holds them: the one
/// before the first move at 0, each move's after it at its number.
fn main_line_comments(line: &[PgnMove]) -> Vec<(usize, String)> {
    let first = line
        .first()
        .and_then(|m| m.before.clone())
        .map(|text| (0, text));
    first
        .into_iter()
        .chain(
            line.iter()
                .enumerate()
                .filter_map(|(i, m)| m.comment.clone().map(|text| (i + 1, text))),
        )
        .collect()
}
