//! What the live hint may show while a puzzle is unsolved: help with the
//! notation, never the answer.
//!
//! The notation engine's [`Hint`] knows every move the typed text can
//! become, with its check and mate signs. During a puzzle that would give
//! the solution away: `R` in a mate in one would list the mating rook move
//! with its `#`. [`shown`] is the one policy, a pure function from a hint
//! (and the text typed) to what a screen may show:
//!
//! - [`Policy::Full`] (drills, lessons, `sancho hint`, a finished puzzle):
//!   everything.
//! - [`Policy::Unsolved`]: no `+` or `#` on any move named; no list of
//!   moves for a bare piece letter or a bare file (only how many fit: "12
//!   rook moves"), nor once a square is typed; no note about a missing,
//!   needless or wrong check or mate sign (that lesson comes after the move
//!   is submitted). "ambiguous: Nbd2 or Nfd2?" and "no knight can reach e5"
//!   are notation help and stay.

use shakmaty::Role;

use crate::notation::{Code, Diagnostic, Hint, HintState};

/// Which policy applies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Policy {
    /// Show everything (no answer to keep secret).
    Full,
    /// A puzzle is being solved: keep its answer secret.
    Unsolved,
}

/// How many moves fit, when the list itself is withheld.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Count {
    /// How many moves fit.
    pub moves: usize,
    /// The piece they all move, when the text is a bare piece letter.
    pub piece: Option<Role>,
}

/// What the hint panel may show.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shown {
    /// Where the text stands (as the engine says).
    pub state: HintState,
    /// The moves that may be named, in SAN (the complete move first, as in
    /// [`Hint::candidates`]); without check and mate signs under
    /// [`Policy::Unsolved`].
    pub sans: Vec<String>,
    /// Whether the partial input's candidates may be listed (otherwise
    /// only [`Shown::count`] is said).
    pub list: bool,
    /// How many moves fit, for a partial input.
    pub count: Count,
    /// The notes that may be shown.
    pub diagnostics: Vec<Diagnostic>,
}

/// The notes that would tell whether a move checks or mates: never shown
/// while a puzzle is unsolved.
pub const CHECK_CODES: [Code; 5] = [
    Code::MissingCheck,
    Code::MissingMate,
    Code::UnneededCheck,
    Code::NotMate,
    Code::CheckSign,
];

/// What of `hint`, the live answer to `text`, may be shown under `policy`.
pub fn shown(hint: &Hint, text: &str, policy: Policy) -> Shown {
    let piece = bare_piece(text, hint);
    let count = Count {
        moves: hint.candidates.len(),
        piece,
    };
    if policy == Policy::Full {
        return Shown {
            state: hint.state.clone(),
            sans: hint.candidates.iter().map(|m| m.san.clone()).collect(),
            list: true,
            count,
            diagnostics: hint.diagnostics.clone(),
        };
    }
    let trimmed = text.trim();
    let bare_file = trimmed.len() == 1 && trimmed.chars().all(|c| ('a'..='h').contains(&c));
    let list = piece.is_none() && !bare_file && !has_square(trimmed);
    Shown {
        state: hint.state.clone(),
        sans: hint
            .candidates
            .iter()
            .map(|m| without_signs(&m.san))
            .collect(),
        list,
        count,
        diagnostics: hint
            .diagnostics
            .iter()
            .filter(|d| !CHECK_CODES.contains(&d.code))
            .map(|d| Diagnostic {
                code: d.code,
                message: without_signs(&d.message),
                suggestion: without_signs(&d.suggestion),
            })
            .collect(),
    }
}

/// The piece a one-letter text names (`R`, `n`, `♘`), when every
/// candidate moves it. A lower-case `b` is the b-file, never a bishop.
fn bare_piece(text: &str, hint: &Hint) -> Option<Role> {
    let mut chars = text.trim().chars();
    let (Some(c), None) = (chars.next(), chars.next()) else {
        return None;
    };
    if ('a'..='h').contains(&c) || c.is_ascii_digit() {
        return None;
    }
    let role = hint.candidates.first()?.mv.role();
    hint.candidates
        .iter()
        .all(|m| m.mv.role() == role)
        .then_some(role)
}

/// Whether the text names a square (a file letter followed by a rank):
/// the destination of a SAN move, or the start of a UCI one. Once it does,
/// the unsolved policy lists no moves, only how many fit.
#[must_use]
pub fn has_square(text: &str) -> bool {
    let chars: Vec<char> = text.chars().collect();
    chars
        .windows(2)
        .any(|w| ('a'..='h').contains(&w[0]) && ('1'..='8').contains(&w[1]))
}

/// The text with every check and mate sign taken out (what Tab may
/// complete to during a puzzle).
pub fn without_signs(text: &str) -> String {
    text.chars().filter(|c| !matches!(c, '+' | '#')).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::HintEngine;
    use shakmaty::Chess;
    use shakmaty::fen::Fen;

    /// A mate in one with Re8# (rook e1, king g1, pawns f2 g2 h2).
    fn back_rank() -> Chess {
        let fen: Fen = "6k1/5ppp/8/8/8/8/5PPP/4R1K1 w - - 0 1".parse().unwrap();
        fen.into_position(shakmaty::CastlingMode::Standard).unwrap()
    }

    fn head(s: &Shown) -> String {
        format!(
            "{} list={} count={} sans={}",
            s.state.name(),
            s.list,
            s.count.moves,
            s.sans.join(",")
        )
    }

    #[test]
    fn policy_table() {
        let engine = HintEngine::new(&back_rank());
        // (typed, whether the unsolved policy lists the candidates)
        let cases: [(&str, bool); 9] = [
            ("R", false),   // bare piece letter: only "12 rook moves"
            ("r", false),   // a lower-case piece letter too
            ("K", false),   // the king
            ("e", false),   // bare file
            ("h", false),   // bare file
            ("Re", true),   // a file after the piece: Re2 .. Re8, no signs
            ("Re8", false), // destination typed
            ("e1e", false), // a UCI start square typed
            ("Rx", true),   // nothing fits: an empty list gives nothing away
        ];
        for (typed, may_list) in cases {
            let hint = engine.hint(typed);
            let s = shown(&hint, typed, Policy::Unsolved);
            let what = head(&s);
            assert_eq!(s.list, may_list, "{typed}: {what}");
            assert!(
                !s.sans.iter().any(|m| m.contains('#') || m.contains('+')),
                "{typed}: a sign leaks: {what}"
            );
            assert!(
                !s.diagnostics
                    .iter()
                    .any(|d| CHECK_CODES.contains(&d.code) || d.message.contains('#')),
                "{typed}: a check note leaks: {what}"
            );
            let full = shown(&hint, typed, Policy::Full);
            assert!(full.list, "{typed}: the full policy lists");
            assert_eq!(full.sans.len(), s.sans.len());
        }
    }

    #[test]
    fn counts_name_the_piece() {
        let engine = HintEngine::new(&back_rank());
        let r = shown(&engine.hint("R"), "R", Policy::Unsolved);
        assert_eq!(r.count.piece, Some(Role::Rook));
        assert!(r.count.moves >= 10, "{r:?}");
        let n = shown(&engine.hint("R"), "R", Policy::Full);
        assert!(n.sans.contains(&"Re8#".to_owned()), "the full list keeps #");
        let b = shown(&engine.hint("b"), "b", Policy::Unsolved);
        assert_eq!(b.count.piece, None, "b is the b-file");
    }

    #[test]
    fn a_complete_mating_move_shows_without_its_sign() {
        let engine = HintEngine::new(&back_rank());
        let s = shown(&engine.hint("Re8"), "Re8", Policy::Unsolved);
        assert_eq!(s.state, HintState::Complete);
        assert_eq!(s.sans, ["Re8"]);
        // Typed with a wrong sign: no note says it is mate.
        let plus = shown(&engine.hint("Re8+"), "Re8+", Policy::Unsolved);
        assert!(plus.diagnostics.is_empty(), "{plus:?}");
        let full = shown(&engine.hint("Re8+"), "Re8+", Policy::Full);
        assert!(
            full.diagnostics.iter().any(|d| d.code == Code::MissingMate),
            "the engine does say it: {full:?}"
        );
    }

    #[test]
    fn ambiguity_and_impossibility_stay_as_the_engine_says() {
        // Knights on b1 and f1: both reach d2.
        let fen: Fen = "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1".parse().unwrap();
        let pos: Chess = fen.into_position(shakmaty::CastlingMode::Standard).unwrap();
        let engine = HintEngine::new(&pos);
        let amb = shown(&engine.hint("Nd2"), "Nd2", Policy::Unsolved);
        assert_eq!(amb.state, HintState::Ambiguous);
        assert_eq!(amb.sans, ["Nbd2", "Nfd2"]);
        let imp = shown(&engine.hint("Ne5"), "Ne5", Policy::Unsolved);
        assert_eq!(imp.state, engine.hint("Ne5").state);
        assert!(matches!(imp.state, HintState::Impossible(_)));
    }
}
