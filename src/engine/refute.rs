//! Why a wrong move fails: its refutation as a short line in SAN, shown
//! after a puzzle ends ("1. Ra3? Re1#: mate in 1").
//!
//! Pure. Without an engine, only what the mate solver proves is said: the
//! wrong move allows the opponent a forced mate in at most [`MATE_DEPTH`].

use shakmaty::san::SanPlus;
use shakmaty::{Chess, Move, Position};

use crate::notation::movetext;
use crate::puzzle::mate_in;

/// The longest mate the solver looks for after a wrong move (mate in 3
/// can take seconds in open positions; this answers at once).
pub const MATE_DEPTH: u32 = 2;

/// A proven refutation of a move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refutation {
    /// The wrong move, then the opponent's answer and the best defence,
    /// alternating; legal in turn from the position of the wrong move.
    pub line: Vec<Move>,
    /// The line in SAN, one move each.
    pub san: Vec<String>,
    /// What the line shows: `mate in N`.
    pub verdict: String,
    /// `1. Ra3? Re1#: mate in 1`.
    pub text: String,
}

/// The refutation of `wrong` (legal in `pos`) when the mate solver proves
/// one: after it the opponent mates by force in at most [`MATE_DEPTH`]
/// moves. The defence chosen is the one that lasts longest.
pub fn by_mate(pos: &Chess, wrong: Move) -> Option<Refutation> {
    let mut after = pos.clone();
    after.play_unchecked(wrong);
    let n = (1..=MATE_DEPTH).find(|&n| !mate_in(&after, n).is_empty())?;
    let mut line = vec![wrong];
    let mut at = after;
    let mut left = n;
    loop {
        let attack = *mate_in(&at, left).first()?;
        at.play_unchecked(attack);
        line.push(attack);
        if at.is_checkmate() {
            break;
        }
        // The defence after which the mate takes longest.
        let defence = at
            .legal_moves()
            .into_iter()
            .filter_map(|reply| {
                let mut next = at.clone();
                next.play_unchecked(reply);
                let takes = (1..left).find(|&k| !mate_in(&next, k).is_empty())?;
                Some((takes, reply))
            })
            .max_by_key(|&(takes, _)| takes)?;
        at.play_unchecked(defence.1);
        line.push(defence.1);
        left = defence.0;
    }
    Some(described(pos, line, format!("mate in {n}")))
}

/// Builds the texts of a refutation line from `pos`.
pub fn described(pos: &Chess, line: Vec<Move>, verdict: String) -> Refutation {
    let mut at = pos.clone();
    let san: Vec<String> = line
        .iter()
        .map(|&mv| SanPlus::from_move_and_play_unchecked(&mut at, mv).to_string())
        .collect();
    let first = movetext(pos, &line[..1]);
    let mut numbered = movetext(pos, &line);
    if numbered.starts_with(&first) {
        numbered.insert(first.len(), '?');
    }
    Refutation {
        text: format!("{numbered}: {verdict}"),
        line,
        san,
        verdict,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::parse_fen;
    use shakmaty::uci::UciMove;

    fn mv(pos: &Chess, uci: &str) -> Move {
        uci.parse::<UciMove>().unwrap().to_move(pos).unwrap()
    }

    #[test]
    fn a_move_that_allows_mate_is_refuted() {
        // 1. Ra3?? leaves the back rank: Re1#.
        let pos = parse_fen("6k1/5ppp/8/8/8/8/4rPPP/R5K1 w - - 0 1").unwrap();
        let r = by_mate(&pos, mv(&pos, "a1a3")).unwrap();
        assert_eq!(r.text, "1. Ra3? Re1#: mate in 1");
        assert_eq!(r.san, ["Ra3", "Re1#"]);
        assert_eq!(r.verdict, "mate in 1");

        // Black to move: 1... Ra2?? lets the rook in, Re8#; 1... h6 is safe.
        let pos = parse_fen("r5k1/5ppp/8/8/8/8/5PPP/4R1K1 b - - 0 1").unwrap();
        let r = by_mate(&pos, mv(&pos, "a8a2")).unwrap();
        assert_eq!(r.text, "1... Ra2? 2. Re8#: mate in 1");
        assert_eq!(by_mate(&pos, mv(&pos, "h7h6")), None);
    }

    #[test]
    fn a_mate_in_two_is_played_out_to_checkmate() {
        // 1. Re2?? leaves the first rank: 1... Qd1+ 2. Re1 (the only
        // defence) Qxe1#.
        let pos = parse_fen("3q2k1/5ppp/8/8/8/8/5PPP/4R1K1 w - - 0 1").unwrap();
        let r = by_mate(&pos, mv(&pos, "e1e2")).unwrap();
        let mut end = pos.clone();
        for &m in &r.line {
            end.play_unchecked(m);
        }
        assert!(end.is_checkmate(), "{}", r.text);
        assert_eq!(r.verdict, "mate in 2");
        assert_eq!(r.text, "1. Re2? Qd1+ 2. Re1 Qxe1#: mate in 2");
    }
}
