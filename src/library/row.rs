//! One puzzle as a library row: written by the import, read by the queries.

use rusqlite::Row;
use shakmaty::Position;

use super::LibraryError;
use super::query::LIBRARY_SOURCE;
use crate::puzzle::{Puzzle, build_line, parse_fen, to_move_subtitle};

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
        let mut moves = String::with_capacity(p.line.len() * 5);
        for (i, m) in p.line.iter().enumerate() {
            if i > 0 {
                moves.push(' ');
            }
            moves.push_str(&m.uci.to_string());
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
        let line = build_line(
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
            line,
            hints: Vec::new(),
            success_message: None,
            failure_message: None,
            source: LIBRARY_SOURCE.to_owned(),
            fen: self.fen,
            id: self.id,
        })
    }
}
