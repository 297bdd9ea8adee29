//! A puzzle's solution as both shells show it once the puzzle has ended:
//! the whole line from the start position, each move marked as the user's
//! or the reply, with the pack's comment.

use serde::Serialize;

use crate::notation::Lang;
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

/// The line in words for a reader, in `lang`'s letters: the user's moves
/// as they are, the replies in brackets ("(h6) Nf6+ (gxf6) Qh7#").
#[must_use]
pub fn solution_text(line: &[SolutionMove], lang: Lang) -> String {
    line.iter()
        .map(|m| {
            let san = lang.localize(&m.san);
            if m.by_user { san } else { format!("({san})") }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replies_are_bracketed_and_moves_localized() {
        let line = [
            SolutionMove {
                san: "h6".into(),
                uci: "h7h6".into(),
                by_user: false,
                comment: None,
            },
            SolutionMove {
                san: "Nf6+".into(),
                uci: "e4f6".into(),
                by_user: true,
                comment: None,
            },
        ];
        assert_eq!(solution_text(&line, Lang::EN), "(h6) Nf6+");
        let de: Lang = "de".parse().unwrap();
        assert_eq!(solution_text(&line, de), "(h6) Sf6+");
    }
}
