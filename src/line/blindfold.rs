//! Blindfold play (`sancho play --blindfold`): the puzzle is given in
//! words, as the pieces of its start position and the moves played since,
//! and no board is drawn until the puzzle ends. Shared by line mode and the
//! full screen. Also blind tactics (`--blind N`, [`blind_text`]): the board
//! drawn N plies before the puzzle, and the moves to read from it.

use shakmaty::{Chess, Color, Position};

use super::board_text::{board_drawing, piece_list_in};
use super::out::describe;
use crate::notation::{Lang, MoveText};
use crate::train::blind::Blind;

/// The moves played from `start`, numbered as on a scoresheet:
/// `1. e4 e5 2. Nf3`, or `23... Qxd4 24. Rxd4` when Black moved first.
///
/// ```
/// use sancho::line::numbered_moves;
/// let start = shakmaty::Chess::default();
/// assert_eq!(numbered_moves(&start, ["e4", "e5", "Nf3"]), "1. e4 e5 2. Nf3");
/// ```
pub fn numbered_moves<'a>(start: &Chess, sans: impl IntoIterator<Item = &'a str>) -> String {
    let mut number = start.fullmoves().get();
    let mut turn = start.turn();
    let mut parts = Vec::new();
    for (i, san) in sans.into_iter().enumerate() {
        match (turn, i) {
            (Color::White, _) => parts.push(format!("{number}. {san}")),
            (Color::Black, 0) => parts.push(format!("{number}... {san}")),
            (Color::Black, _) => parts.push(san.to_owned()),
        }
        if turn == Color::Black {
            number = number.saturating_add(1);
        }
        turn = !turn;
    }
    parts.join(" ")
}

/// The puzzle in words: who is to move at the start, the pieces of the
/// start position, and the moves played since (each line a sentence a
/// screen reader reads as it is).
///
/// ```
/// use sancho::line::blindfold_text;
/// let start = sancho::notation::parse_fen("6k1/5ppp/8/8/8/8/5PPP/4R1K1 w - - 0 1").unwrap();
/// assert_eq!(
///     blindfold_text(&start, &[]),
///     "Blindfold: no board until the puzzle ends.\n\
///      The position, White to move:\n\
///      White: Kg1, Re1, pawns f2 g2 h2\n\
///      Black: Kg8, pawns f7 g7 h7\n\
///      No moves played yet."
/// );
/// ```
pub fn blindfold_text(start: &Chess, played: &[MoveText]) -> String {
    blindfold_text_in(start, played, Lang::EN)
}

/// [`blindfold_text`] with pieces and moves in `lang`'s letters or
/// figurines: `Weiß` stays `White`, `Kg1` becomes `Kg1`, `Nf3` `Sf3`.
pub fn blindfold_text_in(start: &Chess, played: &[MoveText], lang: Lang) -> String {
    let moves = if played.is_empty() {
        "No moves played yet.".to_owned()
    } else {
        let local: Vec<String> = played.iter().map(|m| lang.localize(&m.san)).collect();
        format!(
            "Moves since: {}.",
            numbered_moves(start, local.iter().map(String::as_str))
        )
    };
    format!(
        "Blindfold: no board until the puzzle ends.\nThe position, {} to move:\n{}\n{moves}",
        match start.turn() {
            Color::White => "White",
            Color::Black => "Black",
        },
        piece_list_in(start, lang)
    )
}

/// Blind tactics (`sancho play --blind N`) in words: the frozen board
/// drawn from `side`, the moves to read from it in SAN and in words, and
/// the moves played since (`since`, from the puzzle's first position).
pub fn blind_text(blind: &Blind, side: Color, since: &[MoveText], lang: Lang) -> String {
    let frozen = blind.frozen();
    let local: Vec<String> = blind.lead().iter().map(|m| lang.localize(&m.san)).collect();
    let words: Vec<String> = blind
        .lead()
        .iter()
        .map(|m| format!("{}: {}", lang.localize(&m.san), describe(m)))
        .collect();
    let plies = match blind.plies() {
        1 => "1 ply".to_owned(),
        n => format!("{n} plies"),
    };
    let mut text = format!(
        "Blind: the board {plies} before the puzzle, frozen until it ends.\n{}\n{}\nRead from here: {} ({}).",
        board_drawing(frozen, side),
        piece_list_in(frozen, lang),
        numbered_moves(frozen, local.iter().map(String::as_str)),
        words.join("; "),
    );
    let mut at = frozen.clone();
    for m in blind.lead() {
        at.play_unchecked(m.mv);
    }
    if since.is_empty() {
        text.push_str(&format!(
            "\nSolve it in your head: {} to move.",
            match at.turn() {
                Color::White => "White",
                Color::Black => "Black",
            }
        ));
    } else {
        let local: Vec<String> = since.iter().map(|m| lang.localize(&m.san)).collect();
        text.push_str(&format!(
            "\nMoves since: {}.",
            numbered_moves(&at, local.iter().map(String::as_str))
        ));
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::{Strictness, parse_fen, resolve};

    #[test]
    fn the_position_in_words_uses_the_chosen_letters_or_figurines() {
        let start = parse_fen("6k1/5ppp/8/8/8/8/5PPP/1N2R1K1 w - - 0 1").unwrap();
        let played = [resolve(&start, "Nd2", Strictness::Strict).unwrap().text];
        let de: Lang = "de".parse().unwrap();
        let text = blindfold_text_in(&start, &played, de);
        assert!(
            text.contains("White: Kg1, Te1, Sb1, pawns f2 g2 h2"),
            "{text}"
        );
        assert!(text.contains("Moves since: 1. Sd2."), "{text}");
        let text = blindfold_text_in(&start, &played, Lang::EN.with_figurines(true));
        assert!(
            text.contains("White: ♔g1, ♖e1, ♘b1, pawns f2 g2 h2"),
            "{text}"
        );
        assert!(text.contains("Black: ♔g8, pawns f7 g7 h7"), "{text}");
        assert!(text.contains("Moves since: 1. ♘d2."), "{text}");
        assert!(blindfold_text(&start, &played).contains("1. Nd2."));
    }
}
