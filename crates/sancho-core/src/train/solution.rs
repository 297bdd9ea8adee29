//! A puzzle's solution as both shells show it once the puzzle has ended:
//! the whole line from the start position, each move marked as the user's
//! or the reply, with the pack's comment.

use serde::Serialize;

use crate::session::Session;

/// One move of a puzzle's solution.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SolutionMove {
    /// Canonical SAN (English letters).
    pub san: String,
    /// UCI.
    pub uci: String,
    /// Whether the user plays it (otherwise it is the opponent's reply,
    /// or the opponent's opening move).
    pub by_user: bool,
    /// The pack's comment on it.
    pub comment: Option<String>,
}

/// The whole solution of the session's puzzle, from its start position.
#[must_use]
pub fn solution(session: &Session) -> Vec<SolutionMove> {
    session
        .solution_line()
        .into_iter()
        .map(|step| SolutionMove {
            san: step.text.san,
            uci: step.text.uci,
            by_user: step.by_user,
            comment: step.comment,
        })
        .collect()
}

/// The moves' SAN, in order (the JSON `solution` key).
#[must_use]
pub fn sans(line: &[SolutionMove]) -> Vec<String> {
    line.iter().map(|m| m.san.clone()).collect()
}
