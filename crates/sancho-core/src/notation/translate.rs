//! Translating a game's moves from one notation to another, checked move by
//! move against the position (`sancho translate`).

use shakmaty::{Chess, Color, Position};

use super::lang::{Lang, resolve_in};
use super::movetext::MovetextError;
use super::types::Strictness;

/// How translated moves are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// Canonical SAN in a language's piece letters.
    Lang(Lang),
    /// Canonical SAN with figurines (`♘f3`).
    Figurine,
}

impl Target {
    /// English SAN written for this target.
    pub fn write(self, san: &str) -> String {
        match self {
            Target::Lang(lang) => lang.localize(san),
            Target::Figurine => Lang::figurine(san),
        }
    }
}

/// Reads `moves` (in `from`'s letters, leniently) from `start`, and writes
/// each in canonical SAN for `to`.
///
/// # Errors
/// [`MovetextError`] names the first move (1-based, counted in plies) that is
/// not a legal move here, with the reason.
pub fn translate<S: AsRef<str>>(
    start: &Chess,
    moves: &[S],
    from: Lang,
    to: Target,
) -> Result<Vec<String>, MovetextError> {
    let mut pos = start.clone();
    let mut out = Vec::with_capacity(moves.len());
    for (i, input) in moves.iter().enumerate() {
        let input = input.as_ref();
        match resolve_in(&pos, input, Strictness::Lenient, from) {
            Ok(r) => {
                out.push(to.write(&r.text.san));
                pos.play_unchecked(r.text.mv);
            }
            Err(source) => {
                return Err(MovetextError {
                    number: i + 1,
                    input: input.to_owned(),
                    source,
                });
            }
        }
    }
    Ok(out)
}

/// Movetext with move numbers (`1. e4 e5 2. Sf3`) for moves played from
/// `start`; a game that starts with Black begins `N...`.
pub fn numbered(start: &Chess, moves: &[String]) -> String {
    let mut out = String::new();
    let mut number = start.fullmoves().get();
    let mut turn = start.turn();
    for (i, mv) in moves.iter().enumerate() {
        if !out.is_empty() {
            out.push(' ');
        }
        match turn {
            Color::White => out.push_str(&format!("{number}. ")),
            Color::Black if i == 0 => out.push_str(&format!("{number}... ")),
            Color::Black => {}
        }
        out.push_str(mv);
        if turn == Color::Black {
            number += 1;
        }
        turn = !turn;
    }
    out
}

/// Where a failing move stands, as a player numbers it (`12.` or `12...`).
pub fn move_label(start: &Chess, ply: usize) -> String {
    let index = ply.saturating_sub(1) as u32;
    let black_first = u32::from(start.turn() == Color::Black);
    let number = start.fullmoves().get() + (index + black_first) / 2;
    let dots = if (index + black_first).is_multiple_of(2) {
        "."
    } else {
        "..."
    };
    format!("{number}{dots}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn translates_and_numbers() {
        let start = Chess::default();
        let de: Lang = "de".parse().unwrap();
        let moves = translate(
            &start,
            &["e4", "e5", "Nf3", "Nc6", "Bb5"],
            Lang::EN,
            Target::Lang(de),
        )
        .unwrap();
        assert_eq!(numbered(&start, &moves), "1. e4 e5 2. Sf3 Sc6 3. Lb5");
        let back = translate(&start, &moves, de, Target::Lang(Lang::EN)).unwrap();
        assert_eq!(back, ["e4", "e5", "Nf3", "Nc6", "Bb5"]);
        let figurines =
            translate(&start, &["e4", "e5", "Nf3"], Lang::EN, Target::Figurine).unwrap();
        assert_eq!(figurines, ["e4", "e5", "♘f3"]);
    }

    #[test]
    fn an_illegal_move_stops_with_its_number() {
        let start = Chess::default();
        let err = translate(&start, &["e4", "e5", "Ke3"], Lang::EN, Target::Figurine).unwrap_err();
        assert_eq!(err.number, 3);
        assert_eq!(move_label(&start, 3), "2.");
        assert_eq!(move_label(&start, 4), "2...");
    }
}
