//! Endgame technique (`sancho game --endgame ID`): a built-in set of basic
//! endgames to win or hold against the engine, each a position, the side
//! the user plays and a [`Goal`] with its move budget, judged when the
//! game ends ([`super::game::Verdict`]).
//!
//! The set is a JSON file the shell embeds (`puzzles/endgames/*.json`)
//! and hands in as text: `{"endgames": [{"id", "title", "fen", "side":
//! "white"|"black", "goal": "mate"|"promote"|"win"|"hold", "moves": N,
//! "note"}]}`.
//! [`read_endgames`] checks every entry: a legal position not already
//! over, a goal the user's material can reach, a budget from 1 to 100, a
//! one-line note, unique ids.

use serde::Deserialize;
use shakmaty::{Chess, Color, Position, Role};

use super::game::{GameEvent, Goal, PlayOut};
use crate::notation::{Lang, parse_fen};

/// The longest move budget an endgame may give.
pub const MAX_BUDGET: u32 = 100;

/// One endgame to play out against the engine.
#[derive(Clone, Debug, PartialEq)]
pub struct Endgame {
    /// A short stable id (`kqk`), for `--endgame` and the progress file.
    pub id: String,
    /// The title, which names the material, never the answer.
    pub title: String,
    /// The position.
    pub position: Chess,
    /// The side the user plays.
    pub side: Color,
    /// What to reach, within how many moves.
    pub goal: Goal,
    /// One sentence that teaches the technique.
    pub note: String,
}

impl Endgame {
    /// The game this endgame starts: the user's turn, or the engine's.
    #[must_use]
    pub fn start(&self, lang: Lang) -> (PlayOut, Vec<GameEvent>) {
        PlayOut::with_goal(self.position.clone(), self.side, lang, self.goal)
    }
}

/// What is wrong with an endgame file, and where.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EndgameError {
    /// The text is not the JSON shape.
    #[error("the endgame file is not valid: {0}")]
    Json(String),
    /// One entry is wrong.
    #[error("endgame {index} ({id}): {problem}")]
    Entry {
        /// Its place in the file, 1-based.
        index: usize,
        /// Its id as written.
        id: String,
        /// What is wrong.
        problem: EntryProblem,
    },
}

/// What is wrong with one entry of an endgame file.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EntryProblem {
    /// The id has other characters than `a-z`, `0-9` and `-`, or none.
    #[error("the id must be lower-case letters, digits and hyphens")]
    BadId,
    /// The id is a number, which would shadow picking by place.
    #[error("the id must not be a number (numbers pick by place)")]
    NumericId,
    /// Another entry has the same id.
    #[error("the id is used twice")]
    DuplicateId,
    /// The title or the note is empty or spans lines.
    #[error("the {0} must be one non-empty line")]
    NotOneLine(&'static str),
    /// The title or the note holds a control character (an escape
    /// sequence would be sent to the terminal as it is).
    #[error("the {field} holds U+{:04X}, a control character", u32::from(*.character))]
    Control {
        /// `title` or `note`.
        field: &'static str,
        /// The first such character.
        character: char,
    },
    /// The FEN does not read, or the position is not legal.
    #[error("fen: {0}")]
    Fen(#[from] crate::notation::FenError),
    /// The position is already mate, stalemate, a draw by material or
    /// past the fifty-move rule.
    #[error("the game is already over in this position")]
    GameOver,
    /// The side is neither `white` nor `black`.
    #[error("side {0:?}: white or black")]
    Side(String),
    /// The budget is out of range.
    #[error("moves {0}: from 1 to {MAX_BUDGET}")]
    Budget(u32),
    /// The goal is none of `mate`, `promote`, `win` and `hold`.
    #[error("goal {0:?}: mate, promote, win or hold")]
    Goal(String),
    /// A mate or win goal for a side without mating material.
    #[error("a {0} goal, but the user's side cannot mate")]
    CannotMate(&'static str),
    /// A promote goal for a side without a pawn.
    #[error("a promote goal, but the user's side has no pawn")]
    NoPawn,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFile {
    endgames: Vec<RawEndgame>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawEndgame {
    id: String,
    title: String,
    fen: String,
    side: String,
    goal: String,
    moves: u32,
    note: String,
}

/// Reads an endgame file (see the module's doc), checking every entry.
///
/// # Errors
/// The text is not the JSON shape, or an entry breaks a rule: the first
/// such entry is named with what is wrong.
pub fn read_endgames(text: &str) -> Result<Vec<Endgame>, EndgameError> {
    let raw: RawFile = serde_json::from_str(text).map_err(|e| EndgameError::Json(e.to_string()))?;
    let mut out: Vec<Endgame> = Vec::with_capacity(raw.endgames.len());
    for (i, entry) in raw.endgames.into_iter().enumerate() {
        let fail = |problem: EntryProblem| EndgameError::Entry {
            index: i + 1,
            id: entry.id.clone(),
            problem,
        };
        let endgame = check(&entry).map_err(fail)?;
        if out.iter().any(|e| e.id == endgame.id) {
            return Err(fail(EntryProblem::DuplicateId));
        }
        out.push(endgame);
    }
    Ok(out)
}

fn check(entry: &RawEndgame) -> Result<Endgame, EntryProblem> {
    let id_ok = !entry.id.is_empty()
        && entry
            .id
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
    if !id_ok {
        return Err(EntryProblem::BadId);
    }
    if entry.id.chars().all(|c| c.is_ascii_digit()) {
        return Err(EntryProblem::NumericId);
    }
    for (field, text) in [("title", &entry.title), ("note", &entry.note)] {
        if text.trim().is_empty() || text.contains('\n') {
            return Err(EntryProblem::NotOneLine(field));
        }
        if let Some(character) = text.chars().find(|c| c.is_control()) {
            return Err(EntryProblem::Control { field, character });
        }
    }
    let position = parse_fen(&entry.fen)?;
    if super::game::already_over(&position).is_some() {
        return Err(EntryProblem::GameOver);
    }
    let side = match entry.side.as_str() {
        "white" => Color::White,
        "black" => Color::Black,
        other => return Err(EntryProblem::Side(other.to_owned())),
    };
    let moves = entry.moves;
    if !(1..=MAX_BUDGET).contains(&moves) {
        return Err(EntryProblem::Budget(moves));
    }
    let goal = match entry.goal.as_str() {
        "mate" => Goal::Mate { moves },
        "promote" => Goal::Promote { moves },
        "win" => Goal::Win { moves },
        "hold" => Goal::Hold { moves },
        other => return Err(EntryProblem::Goal(other.to_owned())),
    };
    let board = position.board();
    match goal {
        Goal::Mate { .. } | Goal::Win { .. } if position.has_insufficient_material(side) => {
            return Err(EntryProblem::CannotMate(goal.name()));
        }
        Goal::Promote { .. } if (board.by_color(side) & board.by_role(Role::Pawn)).is_empty() => {
            return Err(EntryProblem::NoPawn);
        }
        _ => {}
    }
    Ok(Endgame {
        id: entry.id.clone(),
        title: entry.title.clone(),
        position,
        side,
        goal,
        note: entry.note.clone(),
    })
}

/// The endgame `key` names: its id, or its place in `endgames` (1-based).
#[must_use]
pub fn find_endgame<'a>(endgames: &'a [Endgame], key: &str) -> Option<&'a Endgame> {
    let key = key.trim();
    if let Ok(n) = key.parse::<usize>() {
        return n.checked_sub(1).and_then(|i| endgames.get(i));
    }
    endgames.iter().find(|e| e.id.eq_ignore_ascii_case(key))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file(entry: &str) -> String {
        format!(r#"{{"endgames": [{entry}]}}"#)
    }

    const KQK: &str = r#"{"id": "kqk", "title": "Queen against king", "fen": "7k/8/5K2/8/8/8/8/6Q1 w - - 0 1", "side": "white", "goal": "mate", "moves": 3, "note": "Box the king in."}"#;

    #[test]
    fn an_endgame_reads_and_is_found_by_id_or_number() {
        let list = read_endgames(&file(KQK)).unwrap();
        assert_eq!(list[0].goal, Goal::Mate { moves: 3 });
        assert_eq!(list[0].side, Color::White);
        assert_eq!(find_endgame(&list, "1").map(|e| e.id.as_str()), Some("kqk"));
        assert_eq!(
            find_endgame(&list, "KQK").map(|e| e.id.as_str()),
            Some("kqk")
        );
        assert!(find_endgame(&list, "2").is_none());
        assert!(find_endgame(&list, "0").is_none());
    }

    #[test]
    fn each_broken_rule_is_named() {
        let cases = [
            (KQK.replace("\"mate\"", "\"won\""), "goal \"won\""),
            (KQK.replace("\"moves\": 3", "\"moves\": 0"), "moves 0"),
            (KQK.replace("\"kqk\"", "\"12\""), "not be a number"),
            (KQK.replace("6Q1", "8"), "already over"),
            (KQK.replace("7k/8/5K2", "6Kk/8/8"), "fen"),
            (KQK.replace("\"side\"", "\"colour\""), "not valid"),
            (
                KQK.replace("\"goal\": \"mate\"", "\"goal\": \"promote\""),
                "no pawn",
            ),
            (KQK.replace("/8/8/6Q1", "/p7/8/8"), "a mate goal, but"),
            (
                KQK.replace("/8/8/6Q1", "/p7/8/8")
                    .replace("\"mate\"", "\"win\""),
                "a win goal, but",
            ),
            (
                KQK.replace("Box the king in.", "two\\nlines"),
                "one non-empty line",
            ),
            // Issue 38: an escape sequence was sent to the terminal.
            (
                KQK.replace("Queen against", "\\u001b[2J\\u001b[31mQueen against"),
                "the title holds U+001B, a control character",
            ),
            // A clock past the fifty-move rule would end the game at once.
            (KQK.replace("w - - 0 1", "w - - 100 80"), "already over"),
        ];
        for (entry, expected) in cases {
            let err = match read_endgames(&file(&entry)) {
                Ok(_) => panic!("{entry} reads"),
                Err(e) => e.to_string(),
            };
            assert!(err.contains(expected), "{entry}: {err}");
        }
        let twice = read_endgames(&file(&format!("{KQK}, {KQK}"))).unwrap_err();
        assert!(
            twice
                .to_string()
                .contains("endgame 2 (kqk): the id is used twice")
        );
    }
}
