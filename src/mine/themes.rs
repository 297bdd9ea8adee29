//! What a mined line is about, found mechanically: its themes (`mate`,
//! `mateInN`, `advantage`/`crushing`, `fork`, `sacrifice`, `promotion`,
//! `enPassant`) and the words for what it wins.

use shakmaty::attacks::between;
use shakmaty::{Chess, Color, Move, Position, Role};

use super::{DECISIVE_GAIN, Kind, balance, value};

/// "wins a knight", "wins the queen", or "wins material (N pawns'
/// worth)": `held` is the gain that holds to the end of the engine's line
/// (counted from before the opponent's last move, `prior_capture` saying
/// whether that move took something), so that a piece taken back later is
/// not called won.
pub(super) fn gain_words(pos: &Chess, line: &[Move], held: i32, prior_capture: bool) -> String {
    let me = pos.turn();
    let mut won = Vec::new();
    let mut lost = usize::from(prior_capture);
    let mut at = pos.clone();
    for &mv in line {
        if let Some(role) = mv.capture() {
            if at.turn() == me {
                won.push(role);
            } else {
                lost += 1;
            }
        }
        at.play_unchecked(mv);
    }
    let promoted = line.iter().any(|mv| mv.promotion().is_some());
    match (won.as_slice(), lost, promoted) {
        ([Role::Queen], 0, false) if held == value(Role::Queen) => "wins the queen".to_owned(),
        ([role], 0, false) if held == value(*role) => format!("wins a {}", role_word(*role)),
        _ => format!("wins material ({held} pawns' worth)"),
    }
}

fn role_word(role: Role) -> &'static str {
    match role {
        Role::Pawn => "pawn",
        Role::Knight => "knight",
        Role::Bishop => "bishop",
        Role::Rook => "rook",
        Role::Queen => "queen",
        Role::King => "king",
    }
}

/// The themes found mechanically: `mate` and `mateInN`, or `advantage` /
/// `crushing`; `promotion`, `enPassant`, `fork`, `discoveredAttack`,
/// `sacrifice`.
pub(super) fn themes(pos: &Chess, line: &[Move], kind: Kind) -> Vec<String> {
    let me = pos.turn();
    let mut themes = match kind {
        Kind::Mate(n) => vec!["mate".to_owned(), format!("mateIn{n}")],
        Kind::Material => Vec::new(),
    };
    let mut at = pos.clone();
    let start = balance(pos, me);
    let (mut fork, mut sacrifice, mut promotion, mut en_passant) = (false, false, false, false);
    let mut discovered = false;
    let mut gain = 0;
    for &mv in line {
        let mine = at.turn() == me;
        let before = at.clone();
        at.play_unchecked(mv);
        gain = balance(&at, me) - start;
        if mine {
            promotion |= mv.promotion().is_some();
            en_passant |= mv.is_en_passant();
            fork |= forks(&at, mv, me);
            discovered |= discovers(&before, &at, mv, me);
        } else {
            sacrifice |= gain <= -DECISIVE_GAIN;
        }
    }
    if kind == Kind::Material {
        themes.push(if gain >= 6 { "crushing" } else { "advantage" }.to_owned());
    }
    for (on, name) in [
        (fork, "fork"),
        (discovered, "discoveredAttack"),
        (sacrifice, "sacrifice"),
        (promotion, "promotion"),
        (en_passant, "enPassant"),
    ] {
        if on {
            themes.push(name.to_owned());
        }
    }
    themes
}

/// Whether the move uncovers an attack by another of the mover's line
/// pieces on the enemy king or on a piece worth more than that line piece.
fn discovers(before: &Chess, after: &Chess, mv: Move, me: Color) -> bool {
    let Some(from) = mv.from() else {
        return false;
    };
    let board = after.board();
    let sliders = board.by_color(me)
        & (board.by_role(Role::Bishop) | board.by_role(Role::Rook) | board.by_role(Role::Queen));
    sliders.into_iter().filter(|&s| s != mv.to()).any(|s| {
        let Some(role) = board.role_at(s) else {
            return false;
        };
        (board.attacks_from(s) & board.by_color(!me))
            .into_iter()
            .any(|target| {
                board
                    .role_at(target)
                    .is_some_and(|t| t == Role::King || value(t) > value(role))
                    && between(s, target).contains(from)
                    && !before.board().attacks_from(s).contains(target)
            })
    })
}

/// Whether the piece that just moved attacks two or more enemy pieces that
/// are worth more than it (or the king), as Lichess's fork theme.
fn forks(after: &Chess, mv: Move, me: Color) -> bool {
    let to = mv.to();
    let board = after.board();
    let Some(piece) = board.piece_at(to) else {
        return false;
    };
    if piece.role == Role::King {
        return false;
    }
    let attacked = board.attacks_from(to) & board.by_color(!me);
    attacked
        .into_iter()
        .filter_map(|sq| board.role_at(sq))
        .filter(|&role| role == Role::King || value(role) > value(piece.role))
        .count()
        >= 2
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::parse_fen;
    use shakmaty::uci::UciMove;

    fn line(pos: &Chess, moves: &str) -> Vec<Move> {
        let mut at = pos.clone();
        moves
            .split(' ')
            .map(|u| {
                let mv = u.parse::<UciMove>().unwrap().to_move(&at).unwrap();
                at.play_unchecked(mv);
                mv
            })
            .collect()
    }

    #[test]
    fn themes_are_found_on_the_board() {
        let table = [
            // Bxa7 uncovers the rook on the queen.
            (
                "3qk3/p7/8/8/3B4/8/8/3R2K1 w - - 0 1",
                "d4a7 d8e7",
                vec!["discoveredAttack"],
            ),
            // Nc7+ forks king and rook.
            (
                "r3k3/8/8/3N4/8/8/8/4K3 w - - 0 1",
                "d5c7 e8d8 c7a8",
                vec!["fork"],
            ),
            // e7-e8=Q.
            ("8/4P3/8/8/8/k7/8/K7 w - - 0 1", "e7e8q", vec!["promotion"]),
            // exd6 en passant.
            (
                "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2",
                "e5d6",
                vec!["enPassant"],
            ),
            // A quiet rook move: nothing.
            ("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "a1a2", vec![]),
        ];
        for (fen, moves, expected) in table {
            let pos = parse_fen(fen).unwrap();
            let mut found = themes(&pos, &line(&pos, moves), Kind::Material);
            found.retain(|t| t != "advantage" && t != "crushing");
            assert_eq!(found, expected, "{fen} {moves}");
        }
    }
}
