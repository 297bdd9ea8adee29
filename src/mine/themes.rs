//! What a mined line is about, found mechanically: its themes (`mate`,
//! `mateInN`, `advantage`/`crushing`, `fork`, `sacrifice`, `promotion`,
//! `enPassant`) and the words for what it wins.

use shakmaty::{Chess, Color, Move, Position, Role};

use super::{DECISIVE_GAIN, Kind, balance, value};

/// "wins a knight", "wins the queen", or "wins N pawns' worth of material".
pub(super) fn gain_words(pos: &Chess, line: &[Move]) -> String {
    let me = pos.turn();
    let mut won = Vec::new();
    let mut lost = 0;
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
        ([Role::Queen], 0, false) => "wins the queen".to_owned(),
        ([role], 0, false) => format!("wins a {}", role_word(*role)),
        _ => format!(
            "wins material ({} pawns' worth)",
            balance(&at, me) - balance(pos, me)
        ),
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
/// `crushing`; `promotion`, `enPassant`, `fork`, `sacrifice`.
pub(super) fn themes(pos: &Chess, line: &[Move], kind: Kind) -> Vec<String> {
    let me = pos.turn();
    let mut themes = match kind {
        Kind::Mate(n) => vec!["mate".to_owned(), format!("mateIn{n}")],
        Kind::Material => Vec::new(),
    };
    let mut at = pos.clone();
    let start = balance(pos, me);
    let (mut fork, mut sacrifice, mut promotion, mut en_passant) = (false, false, false, false);
    let mut gain = 0;
    for &mv in line {
        let mine = at.turn() == me;
        at.play_unchecked(mv);
        gain = balance(&at, me) - start;
        if mine {
            promotion |= mv.promotion().is_some();
            en_passant |= mv.is_en_passant();
            fork |= forks(&at, mv, me);
        } else {
            sacrifice |= gain <= -DECISIVE_GAIN;
        }
    }
    if kind == Kind::Material {
        themes.push(if gain >= 6 { "crushing" } else { "advantage" }.to_owned());
    }
    for (on, name) in [
        (fork, "fork"),
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
