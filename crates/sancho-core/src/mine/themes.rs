//! What a mined line is about, found mechanically: its themes (`mate`,
//! `mateInN`, `advantage`/`crushing`, `fork`, `pin`, `skewer`,
//! `discoveredAttack`, `sacrifice`, `promotion`, `enPassant`) and the words
//! for what it wins.

use shakmaty::attacks::{attacks, between};
use shakmaty::{Board, Chess, Color, Move, Position, Role, Square};

use super::{DECISIVE_GAIN, Kind};
use crate::material::{balance, value};

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
/// `crushing`; `promotion`, `enPassant`, `fork`, `pin`, `skewer`,
/// `discoveredAttack`, `sacrifice`.
pub(super) fn themes(pos: &Chess, line: &[Move], kind: Kind) -> Vec<String> {
    let me = pos.turn();
    let mut themes = match kind {
        Kind::Mate(n) => vec!["mate".to_owned(), format!("mateIn{n}")],
        Kind::Material => Vec::new(),
    };
    let mut at = pos.clone();
    let start = balance(pos, me);
    let (mut fork, mut sacrifice, mut promotion, mut en_passant) = (false, false, false, false);
    let (mut discovered, mut pin, mut skewer) = (false, false, false);
    let mut gain = 0;
    let mut previous: Option<(Chess, Move)> = None;
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
            pin |= pins(&before, &at, me);
            skewer |= previous
                .as_ref()
                .is_some_and(|(replied, reply)| skewers(replied, *reply, mv, &at));
        } else {
            sacrifice |= gain <= -DECISIVE_GAIN;
        }
        previous = Some((before, mv));
    }
    if kind == Kind::Material {
        themes.push(if gain >= 6 { "crushing" } else { "advantage" }.to_owned());
    }
    for (on, name) in [
        (fork, "fork"),
        (pin, "pin"),
        (skewer, "skewer"),
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

/// The enemy pieces that `me`'s line pieces pin: each pinned piece with
/// what stands behind it (the king, or a piece worth more than it).
fn pinned(board: &Board, me: Color) -> Vec<(Square, Square)> {
    let occupied = board.occupied();
    let enemy = board.by_color(!me);
    let sliders = board.by_color(me)
        & (board.by_role(Role::Bishop) | board.by_role(Role::Rook) | board.by_role(Role::Queen));
    let mut out = Vec::new();
    for s in sliders {
        let Some(piece) = board.piece_at(s) else {
            continue;
        };
        let seen = attacks(s, piece, occupied);
        for front in seen & enemy {
            let Some(front_role) = board.role_at(front).filter(|&r| r != Role::King) else {
                continue;
            };
            // What the line piece would see through the front piece.
            let behind = attacks(s, piece, occupied.without(front)) & !seen & enemy;
            for back in behind {
                if board
                    .role_at(back)
                    .is_some_and(|r| r == Role::King || value(r) > value(front_role))
                {
                    out.push((front, back));
                }
            }
        }
    }
    out
}

/// Whether the move made a pin that was not there before and that
/// matters: one of the mover's line pieces now holds an enemy piece in
/// front of its king or of a piece worth more, and that piece cannot
/// simply step away from its trouble: a cheaper piece of the mover attacks
/// it, or it is attacked and undefended. This is the board-level half of
/// Lichess's `pin` (its "pin prevents escape"); a pin that only stops the
/// pinned piece from attacking is not tagged.
fn pins(before: &Chess, after: &Chess, me: Color) -> bool {
    let old = pinned(before.board(), me);
    let board = after.board();
    pinned(board, me)
        .into_iter()
        .filter(|pin| !old.contains(pin))
        .any(|(front, _)| {
            let Some(role) = board.role_at(front) else {
                return false;
            };
            let attackers = board.attacks_to(front, me, board.occupied());
            let defended = board.attacks_to(front, !me, board.occupied()).any();
            attackers
                .into_iter()
                .any(|a| board.role_at(a).is_some_and(|r| value(r) < value(role)))
                || (attackers.any() && !defended)
        })
}

/// Whether `mv`, the mover's capture with a line piece, takes what stood
/// behind the piece the opponent's `reply` moved out of its way, and that
/// piece was worth more than the one taken (or was the king): a skewer,
/// as Lichess's puzzler reads it. `replied` is the position before the
/// reply, `after` the one after `mv`.
fn skewers(replied: &Chess, reply: Move, mv: Move, after: &Chess) -> bool {
    let (Some(from), Some(taken), Some(fled_from)) = (mv.from(), mv.capture(), reply.from()) else {
        return false;
    };
    let line_piece = matches!(mv.role(), Role::Bishop | Role::Rook | Role::Queen);
    let fled = replied.board().role_at(fled_from);
    line_piece
        && !after.is_checkmate()
        && reply.to() != mv.to()
        && between(from, mv.to()).contains(fled_from)
        && fled.is_some_and(|r| r == Role::King || value(r) > value(taken))
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
            // Bb5 pins the knight on c6 to the king.
            ("4k3/8/2n5/8/8/8/8/4KB2 w - - 0 1", "f1b5 e8d8", vec!["pin"]),
            // Rd1 pins the knight on d5 to the queen on d8, and the e4 pawn
            // attacks it: it cannot escape.
            (
                "3q2k1/8/8/3n4/4P3/8/8/R5K1 w - - 0 1",
                "a1d1 g8h8",
                vec!["pin"],
            ),
            // The same pin without the pawn does not matter: the knight is
            // defended by the queen behind it and nothing cheaper attacks it.
            ("3q2k1/8/8/3n4/8/8/8/R5K1 w - - 0 1", "a1d1 g8h8", vec![]),
            // A pin that was already there is not made by the move.
            ("3q2k1/8/8/3n4/8/8/8/3R2K1 w - - 0 1", "g1h1 g8h8", vec![]),
            // A piece in front of a cheaper one is not pinned: Bb5 attacks
            // the queen on c6 with a knight behind it.
            ("4n2k/8/2q5/8/8/8/8/4KB2 w - - 0 1", "f1b5 c6c5", vec![]),
            // Re1+ checks the king on e5 with the queen on e8 behind it:
            // the king steps aside and Rxe8 takes the queen.
            (
                "4q3/8/8/4k3/8/8/8/R5K1 w - - 0 1",
                "a1e1 e5d6 e1e8",
                vec!["skewer"],
            ),
            // The queen attacked with a rook behind it: Bc4 hits the
            // queen on d5, it leaves, Bxg8 takes the rook.
            (
                "6rk/8/8/3q4/8/8/8/K4B2 w - - 0 1",
                "f1c4 d5d6 c4g8",
                vec!["skewer"],
            ),
            // Not a skewer: the piece that left was worth less than the one
            // taken behind it. Nor a pin that matters: the knight in front
            // of the queen is defended by it and nothing cheaper attacks it.
            ("6qk/8/8/3n4/8/8/8/K4B2 w - - 0 1", "f1c4 d5e3 c4g8", vec![]),
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
