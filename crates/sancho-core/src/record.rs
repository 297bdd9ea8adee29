//! From a finished puzzle session to the progress store's record of it.
//!
//! Pure: the shell passes in where the puzzle came from, the time and how
//! long it took.

use crate::notation::bounded_prefix;
use crate::progress::{self, Attempt, PuzzleRef, Source, Timestamp, TypedInput};
use crate::puzzle::Puzzle;
use crate::session;

/// The progress record of one finished attempt at `puzzle`.
pub fn attempt_record(
    puzzle: &Puzzle,
    source: Source,
    outcome: &session::SessionResult,
    at: Timestamp,
    time_ms: u64,
) -> Attempt {
    let rating = puzzle
        .rating_estimate()
        .map(|r| u16::try_from(r).unwrap_or(u16::MAX));
    Attempt {
        puzzle: PuzzleRef::new(source, puzzle.id.clone()),
        at,
        outcome: if outcome.solved {
            progress::Outcome::Solved
        } else {
            progress::Outcome::Failed
        },
        time_ms,
        hints: outcome.hints_used,
        solution_shown: outcome.solution_shown,
        rating,
        rated: rating.is_some(),
        themes: puzzle.themes.clone(),
        wrong_inputs: outcome.wrong.iter().map(stored).collect(),
        slips: outcome.slips.iter().map(stored).collect(),
        replay: false,
        blind: outcome.blind,
    }
}

/// A typed input as the store keeps it: never more than a typed move can
/// be (a 20 MB paste must not become a 20 MB progress file).
fn stored(typed: &session::TypedInput) -> TypedInput {
    TypedInput {
        input: bounded_prefix(&typed.input).to_owned(),
        codes: typed.codes.iter().map(|c| c.as_str().to_owned()).collect(),
        san: typed.san.clone(),
        candidates: typed.candidates.clone(),
    }
}

/// Where a puzzle came from, as the progress store names it: a built-in
/// pack, the Lichess database (ids are global), or a file.
pub fn source_of(puzzle: &Puzzle, builtin: bool) -> Source {
    if builtin {
        Source::Builtin {
            pack: puzzle.source.clone(),
        }
    } else if puzzle.game_url.is_some() || puzzle.rating.is_some() {
        Source::Lichess
    } else {
        Source::File {
            name: puzzle.source.clone(),
        }
    }
}

/// A puzzle named as `source:id` for records that point at it (a game
/// played out from it): `builtin:eg-001`, `lichess:00sHx`, or the file's
/// name for a puzzle of a file.
#[must_use]
pub fn puzzle_key(puzzle: &Puzzle, builtin: bool) -> String {
    match source_of(puzzle, builtin) {
        Source::Builtin { .. } => format!("builtin:{}", puzzle.id),
        Source::Lichess => format!("lichess:{}", puzzle.id),
        Source::File { name } => format!("{name}:{}", puzzle.id),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::Code;
    use crate::puzzle::{Puzzle, read_pack};

    /// A pack puzzle with a difficulty (the root's fixture pack).
    fn pack_puzzle() -> Puzzle {
        let text = include_str!("../../../tests/fixtures/puzzles/good_pack.json");
        let pack = read_pack(text, "good_pack.json").expect("the fixture pack reads");
        pack.puzzles.into_iter().next().expect("a puzzle")
    }

    #[test]
    fn a_builtin_attempt_carries_its_rating_themes_and_mistakes() {
        let puzzle = &pack_puzzle();
        let outcome = session::SessionResult {
            solved: false,
            hints_used: 2,
            solution_shown: false,
            wrong: vec![session::TypedInput {
                input: "0-0".to_owned(),
                codes: vec![Code::ZeroCastling],
                san: None,
                candidates: Vec::new(),
            }],
            slips: Vec::new(),
            failure: Some(session::FailReason::Hint),
            blind: None,
        };
        let source = source_of(puzzle, true);
        let a = attempt_record(puzzle, source.clone(), &outcome, Timestamp(100), 4_000);
        assert_eq!(a.puzzle, PuzzleRef::new(source, puzzle.id.clone()));
        assert_eq!(a.outcome, progress::Outcome::Failed, "a hint fails it");
        assert_eq!(a.hints, 2);
        assert_eq!(a.time_ms, 4_000);
        assert_eq!(
            a.rating,
            puzzle.difficulty.map(crate::puzzle::difficulty_rating)
        );
        assert_eq!(a.themes, puzzle.themes);
        assert_eq!(a.wrong_inputs[0].codes, ["zero-castling"]);
        assert!(!a.is_clean(), "a hint makes it count as a loss");
    }

    #[test]
    fn a_huge_wrong_input_is_stored_as_a_bounded_prefix() {
        let puzzle = &pack_puzzle();
        let pasted = "!".repeat(20 * crate::notation::MAX_INPUT_LEN);
        let outcome = session::SessionResult {
            solved: false,
            hints_used: 0,
            solution_shown: false,
            wrong: vec![session::TypedInput {
                input: pasted,
                codes: vec![],
                san: None,
                candidates: Vec::new(),
            }],
            slips: Vec::new(),
            failure: None,
            blind: None,
        };
        let a = attempt_record(puzzle, source_of(puzzle, true), &outcome, Timestamp(1), 1);
        assert_eq!(
            a.wrong_inputs[0].input.len(),
            crate::notation::MAX_INPUT_LEN
        );
    }
}
