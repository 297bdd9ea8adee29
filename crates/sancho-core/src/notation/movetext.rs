//! Playing a line of moves written in SAN or UCI (`e4 e5 Nf3`, `1. e4 e5 2. Nf3`).

use shakmaty::{Chess, Move, Position};

use super::resolve::resolve;
use super::types::{Rejected, Strictness};

/// A move of a line that could not be played.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("move {number} ({input}): {source}")]
pub struct MovetextError {
    /// 1-based index of the move in the line (move numbers not counted).
    pub number: usize,
    /// The move as written.
    pub input: String,
    /// Why it could not be played.
    pub source: Rejected,
}

/// Plays `line` from `start`, leniently, skipping move numbers (`1.`,
/// `12...`) and results (`1-0`, `*`). Returns the final position and the
/// moves played.
///
/// # Errors
/// [`MovetextError`] names the first move that does not resolve.
pub fn play_movetext(start: &Chess, line: &str) -> Result<(Chess, Vec<Move>), MovetextError> {
    let mut pos = start.clone();
    let mut moves = Vec::new();
    for token in line.split_whitespace() {
        let token = strip_move_number(token);
        if token.is_empty() || matches!(token, "1-0" | "0-1" | "1/2-1/2" | "*") {
            continue;
        }
        match resolve(&pos, token, Strictness::Lenient) {
            Ok(r) => {
                pos.play_unchecked(r.text.mv);
                moves.push(r.text.mv);
            }
            Err(source) => {
                return Err(MovetextError {
                    number: moves.len() + 1,
                    input: token.to_owned(),
                    source,
                });
            }
        }
    }
    Ok((pos, moves))
}

/// `12.e4` -> `e4`, `12...` -> ``, `e4` -> `e4` (also used by the PGN reader).
pub(crate) fn strip_move_number(token: &str) -> &str {
    let digits = token.bytes().take_while(u8::is_ascii_digit).count();
    if digits > 0 && token[digits..].starts_with('.') {
        token[digits..].trim_start_matches('.')
    } else {
        token
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plays_numbered_and_mixed_lines() {
        let (pos, moves) =
            play_movetext(&Chess::default(), "1. e4 e5 2.Nf3 b8c6 3. Bb5 *").unwrap();
        assert_eq!(moves.len(), 5);
        assert_eq!(pos.fullmoves().get(), 3);
        let err = play_movetext(&Chess::default(), "e4 e5 Ke3").unwrap_err();
        assert_eq!(err.number, 3);
        assert!(err.to_string().starts_with("move 3 (Ke3): "), "{err}");
    }
}
