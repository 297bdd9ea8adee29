//! One puzzle as a library row: written by the import, read by the queries.
//! Both of those import this file; it imports neither.

use rusqlite::Row;
use shakmaty::Position;

use super::LibraryError;
use crate::puzzle::{Puzzle, build_solution, parse_fen, to_move_subtitle};

/// The `source` of puzzles that come from the library (those rebuilt from
/// a row).
pub const LIBRARY_SOURCE: &str = "library";

/// A puzzle's fields as the `puzzles` table stores them.
pub(crate) struct PuzzleRow {
    pub(crate) id: String,
    pub(crate) fen: String,
    pub(crate) moves: String,
    pub(crate) rating: Option<u32>,
    pub(crate) rating_deviation: Option<u32>,
    pub(crate) popularity: Option<i32>,
    pub(crate) nb_plays: Option<u32>,
    pub(crate) themes: String,
    pub(crate) game_url: Option<String>,
    pub(crate) opening_tags: String,
}

impl From<Puzzle> for PuzzleRow {
    fn from(p: Puzzle) -> Self {
        use std::fmt::Write as _;
        let mut moves = String::with_capacity(p.solution.len() * 5);
        for (i, m) in p.solution.iter().enumerate() {
            if i > 0 {
                moves.push(' ');
            }
            // Writing into a String cannot fail.
            let _ = write!(moves, "{}", m.uci);
        }
        PuzzleRow {
            id: p.id,
            fen: p.fen,
            moves,
            rating: p.rating,
            rating_deviation: p.rating_deviation,
            popularity: p.popularity,
            nb_plays: p.nb_plays,
            themes: p.themes.join(" "),
            game_url: p.game_url,
            opening_tags: p.opening_tags.join(" "),
        }
    }
}

impl PuzzleRow {
    pub(crate) fn from_sql(row: &Row<'_>) -> rusqlite::Result<Self> {
        Ok(PuzzleRow {
            id: row.get(0)?,
            fen: row.get(1)?,
            moves: row.get(2)?,
            rating: row.get(3)?,
            rating_deviation: row.get(4)?,
            popularity: row.get(5)?,
            nb_plays: row.get(6)?,
            themes: row.get(7)?,
            game_url: row.get(8)?,
            opening_tags: row.get(9)?,
        })
    }

    /// Rebuilds the puzzle (the row was validated on import; a failure here
    /// means the file was changed behind Sancho's back).
    pub(crate) fn into_puzzle(self) -> Result<Puzzle, LibraryError> {
        let corrupt = |reason: String| LibraryError::Corrupt {
            id: self.id.clone(),
            reason,
        };
        let position = parse_fen(&self.fen).map_err(|e| corrupt(e.to_string()))?;
        let user_color = !position.turn();
        let line = build_solution(
            &position,
            self.moves
                .split_ascii_whitespace()
                .enumerate()
                .map(|(i, m)| (m, i % 2 == 1, None)),
        )
        .map_err(|e| corrupt(e.to_string()))?;
        let words = |s: &str| s.split_ascii_whitespace().map(str::to_owned).collect();
        Ok(Puzzle {
            title: format!("Lichess puzzle {}", self.id),
            title_at_end: false,
            subtitle: to_move_subtitle(user_color),
            position,
            user_color,
            themes: words(&self.themes),
            difficulty: None,
            rating: self.rating,
            rating_deviation: self.rating_deviation,
            popularity: self.popularity,
            nb_plays: self.nb_plays,
            opening_tags: words(&self.opening_tags),
            game_url: self.game_url,
            lead: None,
            solution: line,
            hints: Vec::new(),
            success_message: None,
            failure_message: None,
            source: LIBRARY_SOURCE.to_owned(),
            fen: self.fen,
            id: self.id,
        })
    }
}

/// The ids read by an import, packed, to count the rows that repeat an
/// earlier id at the end (8 bytes a row for Lichess's 5-character ids:
/// 44 MB for the whole database, and a sort of a few tenths of a second,
/// where a SQLite table of the ids met doubled a repeated import's writing
/// time).
#[derive(Debug, Default)]
pub(crate) struct SeenIds {
    /// Ids of up to 10 characters.
    short: Vec<u64>,
    /// Longer ids (up to 16 characters, as the reader allows).
    long: Vec<u128>,
}

impl SeenIds {
    /// Notes an id: ASCII letters and digits, at most 16 (the reader's
    /// rule; anything else is packed lossily, so at worst miscounted).
    pub(crate) fn add(&mut self, id: &str) {
        // Base 63 with digits 1..=62: distinct ids of any length differ.
        let packed = id.bytes().fold(0u128, |acc, b| {
            let digit = match b {
                b'0'..=b'9' => b - b'0' + 1,
                b'A'..=b'Z' => b - b'A' + 11,
                b'a'..=b'z' => b - b'a' + 37,
                _ => 0,
            };
            acc.wrapping_mul(63).wrapping_add(u128::from(digit))
        });
        match u64::try_from(packed) {
            Ok(short) if id.len() <= 10 => self.short.push(short),
            _ => self.long.push(packed),
        }
    }

    /// How many of the ids noted repeat an earlier one.
    pub(crate) fn repeats(self) -> u64 {
        fn repeats<T: Ord>(mut ids: Vec<T>) -> u64 {
            ids.sort_unstable();
            let all = ids.len();
            ids.dedup();
            (all - ids.len()) as u64
        }
        repeats(self.short) + repeats(self.long)
    }
}

#[cfg(test)]
mod seen_ids_tests {
    use super::SeenIds;

    #[test]
    fn repeats_are_counted_exactly() {
        let mut seen = SeenIds::default();
        for id in [
            "abc12",
            "abc12",
            "ABC12",
            "0",
            "00",
            "z",
            "abc12",
            "x123456789012345",
            "x123456789012345",
        ] {
            seen.add(id);
        }
        assert_eq!(seen.repeats(), 3);
        assert_eq!(SeenIds::default().repeats(), 0);
    }
}
