//! The hints, read at the move they are shown: `hints[k]` (or the step's
//! own `hint`) is the first rung of the hint ladder for the user's k-th
//! move, so what it says must be true of the board then.
//!
//! - A piece it places on a square ("the black knight on g8") stands there
//!   ([`super::claims::misplaced`]).
//! - A square it says is covered is attacked by a piece of the kind named
//!   ([`super::claims::false_covers`]).
//! - A hint for a later move does not speak of "your first move": the
//!   first move is played by then.
//!
//! Each finding is a warning (`check --strict` fails it).

use shakmaty::Position;

use super::super::Puzzle;
use super::super::finding::{Problem, Severity};
use super::{claims, squares_list};

/// The problems of `p`'s hints; `field(k)` names where the hint of the
/// user's move `k` (0-based) is written.
pub(in crate::puzzle) fn hint_problems(
    p: &Puzzle,
    field: &dyn Fn(usize) -> String,
) -> Vec<Problem> {
    let mut problems = Vec::new();
    let mut pos = p.position.clone();
    let mut k = 0;
    for m in &p.solution {
        if m.is_user {
            if let Some(hint) = p.hints.get(k).filter(|h| !h.trim().is_empty()) {
                let mut warn = |message: String| {
                    problems.push(Problem {
                        field: Some(field(k)),
                        severity: Severity::Warning,
                        message,
                    });
                };
                let shown = format!("the hint of move {} ({hint:?})", k + 1);
                for words in claims::misplaced(hint, p.user_color, &[&pos]) {
                    warn(format!(
                        "{shown} speaks of {words}, but no such piece stands there when it is shown"
                    ));
                }
                for (_, squares) in claims::false_covers(hint, &pos, &pos) {
                    warn(format!(
                        "{shown} says {} covered, but no piece of the kind named attacks {} when it is shown",
                        squares_list(&squares),
                        if squares.len() == 1 { "it" } else { "them" },
                    ));
                }
                if k > 0 && hint.to_lowercase().contains("first move") {
                    warn(format!(
                        "{shown} speaks of the first move, but it is shown at move {}, when the first move is played",
                        k + 1
                    ));
                }
            }
            k += 1;
        }
        pos.play_unchecked(m.mv);
    }
    problems
}
