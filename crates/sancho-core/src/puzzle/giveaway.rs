//! No answer before the puzzle is solved: what a pack shows before the end
//! (the title, the comments of the moves already played, the words for
//! another try and the failure text) may not name a user move still to
//! find, by its SAN or its destination square.
//!
//! A title that names the pattern the user is to find is kept for the end
//! with the pack's `titleAtEnd`; a comment that would point at the next
//! move goes to `solutionComment`, shown with the solution once the puzzle
//! has ended. Both findings are warnings (`check --strict` fails them).

use shakmaty::{Chess, Move, Position, Square};

use super::Puzzle;
use super::finding::{Problem, Severity};
use super::soundness::looks_like_san;
use crate::notation::san;

/// A user move still to find: its SAN without a check sign, and where the
/// piece lands (the king's square for castling).
struct ToFind {
    san: String,
    to: Square,
}

impl ToFind {
    fn new(pos: &Chess, mv: Move) -> Self {
        let san = san(pos, mv);
        let to = match mv {
            Move::Castle { king, rook } => {
                let file = if rook.file() > king.file() {
                    shakmaty::File::G
                } else {
                    shakmaty::File::C
                };
                Square::from_coords(file, king.rank())
            }
            other => other.to(),
        };
        ToFind {
            san: san.trim_end_matches(['+', '#']).to_owned(),
            to,
        }
    }

    /// How `text` names this move, if it does: "its SAN Be7" or "its
    /// destination e7".
    fn named_in(&self, text: &str) -> Option<String> {
        if san_tokens(text).any(|t| t == self.san) {
            return Some(format!("its SAN {}", self.san));
        }
        let square = self.to.to_string();
        square_words(text)
            .any(|w| w == square)
            .then(|| format!("its destination {square}"))
    }
}

/// The words of `text` that may be SAN: split at spaces, stripped of
/// brackets, punctuation, quotes, glyphs and check signs.
fn san_tokens(text: &str) -> impl Iterator<Item = &str> {
    text.split_whitespace().map(|t| {
        t.trim_start_matches(['(', '[', '"', '\'', '“', '‘'])
            .trim_end_matches([')', ']', ',', '.', ';', ':', '"', '\'', '”', '’'])
            .trim_end_matches(['!', '?'])
            .trim_end_matches(['+', '#'])
    })
}

/// The words of `text` that name a square (`e7`, `E7`), lower case.
fn square_words(text: &str) -> impl Iterator<Item = String> + '_ {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|w| {
            let b = w.as_bytes();
            b.len() == 2
                && matches!(b[0].to_ascii_lowercase(), b'a'..=b'h')
                && matches!(b[1], b'1'..=b'8')
        })
        .map(str::to_ascii_lowercase)
}

/// A comment without the move it starts with when that is its own move
/// (`Rxd8: the only legal move`, `Nxd5?? White thinks…`): that names the
/// move commented on, not the one to find, even when both are written
/// alike.
fn without_lead<'a>(comment: &'a str, own: &str) -> &'a str {
    let trimmed = comment.trim_start();
    let end = trimmed.find(char::is_whitespace).unwrap_or(trimmed.len());
    let (lead, rest) = trimmed.split_at(end);
    let lead = lead.trim_end_matches([':', ',', '.']);
    let bare = |t: &str| {
        t.trim_end_matches(['!', '?'])
            .trim_end_matches(['+', '#'])
            .to_owned()
    };
    if looks_like_san(lead) && bare(lead) == bare(own) {
        rest
    } else {
        comment
    }
}

/// Every user move of the line with its index and what it is.
fn user_moves(p: &Puzzle) -> Vec<(usize, ToFind)> {
    let mut pos = p.position.clone();
    let mut out = Vec::new();
    for (i, m) in p.solution.iter().enumerate() {
        if m.is_user {
            out.push((i, ToFind::new(&pos, m.mv)));
        }
        pos.play_unchecked(m.mv);
    }
    out
}

fn warning(field: String, message: String) -> Problem {
    Problem {
        field: Some(field),
        severity: Severity::Warning,
        message,
    }
}

/// The findings of a JSON pack's puzzle: its title (unless kept for the
/// end), each comment shown before a user move still to find, each
/// `otherMoves` comment, and the failure text.
pub(super) fn giveaway_problems(p: &Puzzle) -> Vec<Problem> {
    let moves = user_moves(p);
    let mut problems = Vec::new();
    if !p.title_at_end
        && let Some((found, how)) = moves
            .iter()
            .find_map(|(_, f)| f.named_in(&p.title).map(|h| (f, h)))
    {
        problems.push(warning(
            "title".to_owned(),
            format!(
                "the title {:?} gives the answer away: it names the move {} ({how}); name the pattern instead, or keep the title for the end with \"titleAtEnd\": true",
                p.title, found.san
            ),
        ));
    }
    let mut pos = p.position.clone();
    for (i, m) in p.solution.iter().enumerate() {
        let own = san(&pos, m.mv);
        pos.play_unchecked(m.mv);
        let later = || moves.iter().filter(move |(j, _)| *j > i);
        if let Some(c) = m.comment.as_deref().map(|c| without_lead(c, &own))
            && let Some((found, how)) = later().find_map(|(_, f)| f.named_in(c).map(|h| (f, h)))
        {
            problems.push(warning(
                format!("solutionSequence[{i}].comment"),
                format!(
                    "the comment is shown before the user's move {} and names it ({how}): move that part to \"solutionComment\", shown once the puzzle ends",
                    found.san
                ),
            ));
        }
        for (k, other) in m.other_moves.iter().enumerate() {
            let shown_before = moves.iter().filter(|(j, _)| *j >= i);
            if let Some((found, how)) = shown_before
                .clone()
                .find_map(|(_, f)| f.named_in(&other.comment).map(|h| (f, h)))
            {
                problems.push(warning(
                    format!("solutionSequence[{i}].otherMoves[{k}].comment"),
                    format!(
                        "the words for another try are shown before the user's move {} and name it ({how})",
                        found.san
                    ),
                ));
            }
        }
    }
    if let Some(text) = &p.failure_message
        && let Some((found, how)) = moves
            .iter()
            .find_map(|(_, f)| f.named_in(text).map(|h| (f, h)))
    {
        problems.push(warning(
            "failureMessage".to_owned(),
            format!(
                "the failure message is shown while the puzzle goes on and names the move {} ({how})",
                found.san
            ),
        ));
    }
    problems
}

#[cfg(test)]
mod tests {
    use super::{san_tokens, square_words, without_lead};

    #[test]
    fn a_comment_s_own_move_is_not_the_one_to_find() {
        assert_eq!(
            without_lead("Rxd8: the only legal move.", "Rxd8"),
            " the only legal move."
        );
        assert_eq!(
            without_lead("Nxd5?? White thinks the knight is pinned.", "Nxd5"),
            " White thinks the knight is pinned."
        );
        assert_eq!(without_lead("Rxd8+: check.", "Rxd8+"), " check.");
        // Another move, or none, stays.
        assert_eq!(without_lead("Qxd8 follows.", "Rxd8"), "Qxd8 follows.");
        assert_eq!(without_lead("Note: Rxd8 next", "Rxd8"), "Note: Rxd8 next");
    }

    #[test]
    fn words_that_name_moves_and_squares() {
        let text = "Nothing black guards e7 (except the king); then Be7#! or (Qxd8+).";
        let tokens: Vec<&str> = san_tokens(text).collect();
        assert!(
            tokens.contains(&"Be7") && tokens.contains(&"Qxd8"),
            "{tokens:?}"
        );
        let squares: Vec<String> = square_words(text).collect();
        assert_eq!(squares, ["e7"]);
        assert_eq!(
            square_words("The Rook Mates on B1, not lichess.org/ab12cd34").collect::<Vec<_>>(),
            ["b1"]
        );
    }
}
