//! Other proven mates: when the user's move is not the book's, the mate
//! solver decides whether it mates at least as fast, and if so plans the
//! rest of the game (the longest defence, then the fastest mate).

use shakmaty::{Chess, Move, Position};

use crate::puzzle::{forces_mate, mate_in};

use super::Planned;

/// The longest mate the session asks the solver to prove (in the user's moves).
pub const MAX_PROVEN_MATE: usize = 4;

/// The rest of the game after the user's `mv` in `pos`, when `mv` forces
/// mate within `moves_left` of the user's moves (counting `mv`); `None`
/// otherwise. The plan starts with `mv` itself.
pub(super) fn proven_line(pos: &Chess, mv: Move, moves_left: usize) -> Option<Vec<Planned>> {
    if moves_left == 0 || moves_left > MAX_PROVEN_MATE {
        return None;
    }
    let n = u32::try_from(moves_left).ok()?;
    if !forces_mate(pos, mv, n) {
        return None;
    }
    let mut plan = vec![Planned::user(mv)];
    let mut pos = pos.clone();
    pos.play_unchecked(mv);
    let mut left = n - 1;
    while !pos.is_checkmate() && left > 0 {
        let reply = longest_defence(&pos, left)?;
        pos.play_unchecked(reply);
        plan.push(Planned::opponent(reply));
        let (within, attack) = fastest_mate(&pos, left)?;
        pos.play_unchecked(attack);
        plan.push(Planned::user(attack));
        left = within - 1;
    }
    pos.is_checkmate().then_some(plan)
}

/// The defender's reply that puts mate off longest (the first such in the
/// legal move order); `None` when there is no reply.
fn longest_defence(pos: &Chess, left: u32) -> Option<Move> {
    let mut best: Option<(u32, Move)> = None;
    for reply in pos.legal_moves() {
        let mut next = pos.clone();
        next.play_unchecked(reply);
        // Proven: every reply allows mate within `left`; `left + 1` only
        // guards against a solver disagreement.
        let distance = fastest_mate(&next, left).map_or(left + 1, |(d, _)| d);
        if best.is_none_or(|(d, _)| distance > d) {
            best = Some((distance, reply));
        }
    }
    best.map(|(_, mv)| mv)
}

/// The fewest moves within `left` in which the side to move mates, and the
/// first move of such a mate.
fn fastest_mate(pos: &Chess, left: u32) -> Option<(u32, Move)> {
    (1..=left).find_map(|k| mate_in(pos, k).first().map(|&mv| (k, mv)))
}
