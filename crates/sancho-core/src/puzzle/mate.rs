//! A small mate solver: an AND-OR search with checks first.
//!
//! Fast enough for mate in 3 in typical puzzle positions; it knows nothing
//! but checkmate (stalemate and draws count as failure to mate).

use shakmaty::{Bitboard, Chess, Move, MoveList, Piece, Position, attacks};

/// Every move of the side to move that forces checkmate in at most `n` of
/// its own moves, in a stable order (checks first, then captures).
///
/// `mate_in(pos, 0)` is empty.
pub fn mate_in(pos: &Chess, n: u32) -> Vec<Move> {
    if n == 0 {
        return Vec::new();
    }
    let mut budget = Budget::unlimited();
    ordered(pos)
        .into_iter()
        .filter(|(_, after, check)| defender_lost(after, n - 1, *check, &mut budget))
        .map(|(mv, _, _)| mv)
        .collect()
}

/// A limit on the positions a search may visit, so that a check of
/// millions of puzzles never stalls on one wide-open position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    left: u64,
    exhausted: bool,
}

impl Budget {
    /// At most `nodes` positions.
    pub fn new(nodes: u64) -> Self {
        Budget {
            left: nodes,
            exhausted: false,
        }
    }

    /// No limit.
    pub fn unlimited() -> Self {
        Budget::new(u64::MAX)
    }

    /// Whether a search ran out (its "no mate" answers are then unproven).
    pub fn exhausted(&self) -> bool {
        self.exhausted
    }

    fn spend(&mut self) -> bool {
        if self.left == 0 {
            self.exhausted = true;
            return false;
        }
        self.left -= 1;
        true
    }
}

/// Like [`mate_in`] but within `budget`: the moves proved to force mate
/// in at most `n` before the budget ran out.
pub fn mate_in_within(pos: &Chess, n: u32, budget: &mut Budget) -> Vec<Move> {
    if n == 0 {
        return Vec::new();
    }
    ordered(pos)
        .into_iter()
        .filter(|(_, after, check)| defender_lost(after, n - 1, *check, budget))
        .map(|(mv, _, _)| mv)
        .collect()
}

/// Whether `mv` (legal in `pos`) forces mate in at most `n` moves.
pub fn forces_mate(pos: &Chess, mv: Move, n: u32) -> bool {
    if n == 0 {
        return false;
    }
    let mut after = pos.clone();
    after.play_unchecked(mv);
    let check = after.is_check();
    defender_lost(&after, n - 1, check, &mut Budget::unlimited())
}

/// The fewest moves (counting `mv`, at most `max`) in which `mv` forces
/// mate; `None` when it does not within `max`.
pub fn mate_length(pos: &Chess, mv: Move, max: u32) -> Option<u32> {
    (1..=max).find(|&n| forces_mate(pos, mv, n))
}

/// Whether `mv` (legal in `pos`) can give check: false only when it
/// surely does not (the piece does not attack the enemy king from its new
/// square and cannot uncover a line to it). Skipping those moves is what
/// makes mate-in-one searches cheap.
fn may_check(pos: &Chess, mv: Move) -> bool {
    let Some(king) = pos.board().king_of(!pos.turn()) else {
        return true;
    };
    match mv {
        Move::Normal {
            role,
            from,
            to,
            promotion,
            ..
        } => {
            if attacks::queen_attacks(king, Bitboard::EMPTY).contains(from) {
                return true;
            }
            let occupied = pos.board().occupied().without(from).with(to);
            let piece = Piece {
                color: pos.turn(),
                role: promotion.unwrap_or(role),
            };
            attacks::attacks(to, piece, occupied).contains(king)
        }
        _ => true,
    }
}

/// Every move of the side to move that checkmates at once.
pub fn mates_in_one(pos: &Chess) -> Vec<Move> {
    pos.legal_moves()
        .into_iter()
        .filter(|&mv| may_check(pos, mv))
        .filter(|&mv| {
            let mut after = pos.clone();
            after.play_unchecked(mv);
            after.is_checkmate()
        })
        .collect()
}

/// A defence to `mv` (legal in `pos`) against mate in `n` moves counting
/// `mv`: a reply after which no mate in `n - 1` follows. `None` when the
/// defender has no move (mate or stalemate) or every reply loses.
pub fn refutation(pos: &Chess, mv: Move, n: u32) -> Option<Move> {
    let mut after = pos.clone();
    after.play_unchecked(mv);
    let replies = after.legal_moves();
    defence_order(&after, replies).into_iter().find(|&reply| {
        let mut next = after.clone();
        next.play_unchecked(reply);
        !attacker_wins(&next, n.saturating_sub(1), &mut Budget::unlimited())
    })
}

/// The attacker (side to move) can force mate within `n` moves.
fn attacker_wins(pos: &Chess, n: u32, budget: &mut Budget) -> bool {
    if n == 0 || !budget.spend() {
        return false;
    }
    if n == 1 {
        return pos.legal_moves().into_iter().any(|mv| {
            if !may_check(pos, mv) {
                return false;
            }
            let mut after = pos.clone();
            after.play_unchecked(mv);
            after.is_check() && after.legal_moves().is_empty()
        });
    }
    ordered(pos)
        .into_iter()
        .any(|(_, after, check)| defender_lost(&after, n - 1, check, budget))
}

/// The defender (side to move, in check or not) is mated now, or every
/// reply lets the attacker mate within `n` moves.
fn defender_lost(pos: &Chess, n: u32, in_check: bool, budget: &mut Budget) -> bool {
    let replies = pos.legal_moves();
    if replies.is_empty() {
        return in_check;
    }
    if n == 0 {
        return false;
    }
    defence_order(pos, replies).into_iter().all(|reply| {
        let mut next = pos.clone();
        next.play_unchecked(reply);
        attacker_wins(&next, n, budget)
    })
}

/// Moves with the positions they lead to, checks first, then captures.
fn ordered(pos: &Chess) -> Vec<(Move, Chess, bool)> {
    let mut out: Vec<(Move, Chess, bool, u8)> = pos
        .legal_moves()
        .into_iter()
        .map(|mv| {
            let mut after = pos.clone();
            after.play_unchecked(mv);
            let check = after.is_check();
            let rank = if check {
                0
            } else if mv.is_capture() {
                1
            } else {
                2
            };
            (mv, after, check, rank)
        })
        .collect();
    out.sort_by_key(|e| e.3);
    out.into_iter().map(|(m, a, c, _)| (m, a, c)).collect()
}

/// Defences: captures of the most valuable piece first, then king moves
/// (they refute most often).
fn defence_order(_pos: &Chess, mut replies: MoveList) -> MoveList {
    replies.sort_by_key(|m| match m.capture() {
        Some(role) => 6 - role as u8,
        None if m.role() == shakmaty::Role::King => 6,
        None => 7,
    });
    replies
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::uci;
    use crate::puzzle::parse_fen;

    fn ucis(fen: &str, n: u32) -> Vec<String> {
        let pos = parse_fen(fen).unwrap();
        let mut v: Vec<String> = mate_in(&pos, n).into_iter().map(uci).collect();
        v.sort();
        v
    }

    #[test]
    fn back_rank_mate_in_one() {
        assert_eq!(ucis("6k1/5ppp/8/8/8/8/5PPP/4R1K1 w - - 0 1", 1), ["e1e8"]);
    }

    #[test]
    fn no_mate_in_start_position() {
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        assert!(ucis(start, 2).is_empty());
    }

    #[test]
    fn stalemate_is_not_mate() {
        // Qg8# mates; Qa1+ lets the king out to b8.
        assert_eq!(ucis("k7/8/1K6/8/8/8/8/6Q1 w - - 0 1", 1), ["g1g8"]);
        // Qc7 stalemates; only Qc8 mates.
        assert_eq!(ucis("k7/8/1K6/8/8/8/8/2Q5 w - - 0 1", 1), ["c1c8"]);
    }

    #[test]
    fn mate_in_two_and_three() {
        // Two rooks against a bare king; the list was cross-checked with
        // python-chess's brute force.
        let fen = "k7/8/8/8/8/8/1R6/2R3K1 w - - 0 1";
        assert_eq!(ucis(fen, 1), ["c1a1"]);
        let m2 = ucis(fen, 2);
        let expected = [
            "b2b3", "b2b4", "b2b5", "c1a1", "c1b1", "c1c3", "c1c4", "c1c5", "c1d1", "c1e1", "c1f1",
            "g1f1", "g1f2", "g1g2", "g1h1", "g1h2",
        ];
        assert_eq!(m2, expected);
        let m3 = ucis(fen, 3);
        assert_eq!(m3.len(), 28);
        assert!(m2.iter().all(|m| m3.contains(m)));
    }

    #[test]
    fn seed_mate_in_two_has_no_mate() {
        let fen = "r1b1kb1r/pppp1ppp/8/4n3/2B1P2q/2N5/PPPP1PPP/R1BQK2R w KQkq - 0 7";
        assert!(ucis(fen, 2).is_empty());
        let pos = parse_fen(fen).unwrap();
        let qh5 = "d1h5"
            .parse::<shakmaty::uci::UciMove>()
            .unwrap()
            .to_move(&pos)
            .unwrap();
        let reply = refutation(&pos, qh5, 2).unwrap();
        let mut after = pos.clone();
        after.play_unchecked(qh5);
        assert_eq!(crate::notation::san(&after, reply), "Qxh5");
    }

    fn playout(fen: &str, choices: &[u16]) -> Chess {
        let mut pos = parse_fen(fen).unwrap();
        for &c in choices {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos.play_unchecked(moves[usize::from(c) % moves.len()]);
        }
        pos
    }

    proptest::proptest! {
        #![proptest_config(proptest::test_runner::Config::with_cases(48))]

        /// Mate in 1 is exactly the moves that checkmate, and every mate in
        /// n is also a mate in n + 1.
        #[test]
        fn mate_in_one_is_brute_force_and_depths_nest(
            start in 0usize..3,
            choices in proptest::collection::vec(proptest::prelude::any::<u16>(), 0..24),
        ) {
            let fens = [
                "k7/8/8/8/8/8/1R6/2R3K1 w - - 0 1",
                "7k/5Q2/6K1/8/8/8/8/8 w - - 0 1",
                "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
            ];
            let pos = playout(fens[start], &choices);
            let brute: Vec<Move> = pos
                .legal_moves()
                .into_iter()
                .filter(|&m| {
                    let mut after = pos.clone();
                    after.play_unchecked(m);
                    after.is_checkmate()
                })
                .collect();
            let mut m1 = mate_in(&pos, 1);
            let mut sorted_brute = brute.clone();
            m1.sort_by_key(|m| uci(*m));
            sorted_brute.sort_by_key(|m| uci(*m));
            proptest::prop_assert_eq!(&m1, &sorted_brute);
            let m2 = mate_in(&pos, 2);
            for m in &m1 {
                proptest::prop_assert!(m2.contains(m));
                proptest::prop_assert!(forces_mate(&pos, *m, 1));
            }
            for m in &m2 {
                proptest::prop_assert!(forces_mate(&pos, *m, 2));
                proptest::prop_assert!(refutation(&pos, *m, 2).is_none());
            }
        }
    }
}
