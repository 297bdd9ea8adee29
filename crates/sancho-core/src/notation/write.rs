//! Writing moves: canonical SAN, long algebraic, UCI, and numbered movetext.

use shakmaty::san::{San, SanPlus, Suffix};
use shakmaty::{CastlingMode, Chess, Move, Position, Square};

use super::types::MoveText;

/// The canonical SAN of a legal move in `pos`, with its `+` or `#`.
pub(crate) fn san_plus(pos: &Chess, mv: Move) -> SanPlus {
    let mut after = pos.clone();
    after.play_unchecked(mv);
    SanPlus {
        san: San::from_move(pos, mv),
        suffix: Suffix::from_position(&after),
    }
}

/// Every spelling of a legal move in `pos`.
///
/// `mv` must be legal in `pos`.
pub fn move_text(pos: &Chess, mv: Move) -> MoveText {
    let san = san_plus(pos, mv);
    MoveText {
        mv,
        san: san.to_string(),
        lan: lan_with_suffix(mv, san.suffix),
        uci: uci(mv),
    }
}

/// Canonical SAN with its check or mate suffix (`Nf3`, `exd5`, `e8=Q+`, `O-O#`).
pub fn san(pos: &Chess, mv: Move) -> String {
    SanPlus::from_move(pos.clone(), mv).to_string()
}

/// UCI for a move (`g1f3`, `e7e8q`; castling as the king's move, `e1g1`).
pub fn uci(mv: Move) -> String {
    mv.to_uci(CastlingMode::Standard).to_string()
}

/// Long algebraic notation with its suffix: `Ng1-f3`, `Nd5xf6`, `e7-e8=Q+`, `O-O`.
pub fn lan(pos: &Chess, mv: Move) -> String {
    let mut after = pos.clone();
    after.play_unchecked(mv);
    lan_with_suffix(mv, Suffix::from_position(&after))
}

fn lan_with_suffix(mv: Move, suffix: Option<Suffix>) -> String {
    let mut out = String::with_capacity(10);
    push_lan(&mut out, mv, suffix);
    out
}

/// Appends the long algebraic notation of `mv` with `suffix` to `out`,
/// without allocating (the `--batch` fast path writes straight into its
/// output line).
pub(crate) fn push_lan(out: &mut String, mv: Move, suffix: Option<Suffix>) {
    let square = |out: &mut String, sq: Square| {
        out.push(sq.file().char());
        out.push(sq.rank().char());
    };
    match mv {
        Move::Castle { king, rook } => {
            out.push_str(if rook.file() < king.file() {
                "O-O-O"
            } else {
                "O-O"
            });
        }
        Move::Normal {
            role,
            from,
            capture,
            to,
            promotion,
        } => {
            if role != shakmaty::Role::Pawn {
                out.push(role.upper_char());
            }
            square(out, from);
            out.push(if capture.is_some() { 'x' } else { '-' });
            square(out, to);
            if let Some(p) = promotion {
                out.push('=');
                out.push(p.upper_char());
            }
        }
        Move::EnPassant { from, to } => {
            square(out, from);
            out.push('x');
            square(out, to);
        }
        Move::Put { role, to } => {
            out.push(role.upper_char());
            out.push('@');
            square(out, to);
        }
    }
    if let Some(s) = suffix {
        out.push(s.char());
    }
}

/// Numbered movetext for a sequence of legal moves played from `start`:
/// `1. e4 e5 2. Nf3`, or `5... Nf6 6. Bg5` when Black moves first.
///
/// Stops at the first move that is not legal in its position.
pub fn movetext(start: &Chess, moves: &[Move]) -> String {
    let mut pos = start.clone();
    let mut out = String::new();
    for (i, &mv) in moves.iter().enumerate() {
        if !pos.is_legal(mv) {
            break;
        }
        let number = pos.fullmoves();
        if pos.turn().is_white() {
            if i > 0 {
                out.push(' ');
            }
            out.push_str(&format!("{number}. "));
        } else if i == 0 {
            out.push_str(&format!("{number}... "));
        } else {
            out.push(' ');
        }
        out.push_str(&SanPlus::from_move_and_play_unchecked(&mut pos, mv).to_string());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::fen::Fen;
    use shakmaty::uci::UciMove;

    fn position(fen: &str) -> Chess {
        fen.parse::<Fen>()
            .unwrap()
            .into_position(CastlingMode::Standard)
            .unwrap()
    }

    fn mv(pos: &Chess, uci: &str) -> Move {
        uci.parse::<UciMove>().unwrap().to_move(pos).unwrap()
    }

    #[test]
    fn spellings_table() {
        let cases = [
            // (fen, uci, san, lan)
            (
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                "g1f3",
                "Nf3",
                "Ng1-f3",
            ),
            (
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                "e2e4",
                "e4",
                "e2-e4",
            ),
            (
                "4k3/8/5p2/3N4/8/8/8/4K3 w - - 0 1",
                "d5f6",
                "Nxf6+",
                "Nd5xf6+",
            ),
            (
                "4k3/P7/8/8/8/8/8/4K3 w - - 0 1",
                "a7a8q",
                "a8=Q+",
                "a7-a8=Q+",
            ),
            ("4k3/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1", "O-O", "O-O"),
            ("r3k3/8/8/8/8/8/8/4K3 b q - 0 1", "e8c8", "O-O-O", "O-O-O"),
            (
                "6k1/5ppp/8/8/8/8/5PPP/4R1K1 w - - 0 1",
                "e1e8",
                "Re8#",
                "Re1-e8#",
            ),
            ("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6", "exd6", "e5xd6"),
        ];
        for (fen, u, s, l) in cases {
            let pos = position(fen);
            let m = mv(&pos, u);
            let text = move_text(&pos, m);
            assert_eq!(text.san, s, "{fen} {u}");
            assert_eq!(text.lan, l, "{fen} {u}");
            assert_eq!(text.uci, u, "{fen} {u}");
            assert_eq!(san(&pos, m), s);
            assert_eq!(lan(&pos, m), l);
        }
    }

    #[test]
    fn movetext_numbers_moves() {
        let start = Chess::default();
        let mut pos = start.clone();
        let mut moves = Vec::new();
        for u in ["e2e4", "e7e5", "g1f3"] {
            let m = mv(&pos, u);
            pos.play_unchecked(m);
            moves.push(m);
        }
        assert_eq!(movetext(&start, &moves), "1. e4 e5 2. Nf3");
        let black_first = position("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 5");
        let m = mv(&black_first, "g8f6");
        let mut after = black_first.clone();
        after.play_unchecked(m);
        let m2 = mv(&after, "b1c3");
        assert_eq!(movetext(&black_first, &[m, m2]), "5... Nf6 6. Nc3");
    }
}
