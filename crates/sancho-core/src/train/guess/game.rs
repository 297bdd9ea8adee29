//! The games guess the move plays through: a built-in annotated game or
//! every game of a PGN file, replayed, with the main line's comments and
//! the tags a written-out game keeps.

use shakmaty::{Chess, Move, Position};

use crate::drill::Game;
use crate::drill::pgn::{PgnError, PgnGame, parse_games};
use crate::notation::play_movetext;

/// A game to guess through.
#[derive(Clone, Debug, PartialEq)]
pub struct GuessGame {
    /// The built-in game's id (`opera-game`), or `game-N` for the N-th game
    /// of a file.
    pub id: String,
    /// `White – Black, Site Year`.
    pub title: String,
    /// The players (White, Black).
    pub players: (String, String),
    /// The tag pairs, as written.
    pub tags: Vec<(String, String)>,
    /// The result token (`1-0`…), if the movetext ends with one.
    pub result: Option<String>,
    /// The position before each move, with the move.
    pub moves: Vec<(Chess, Move)>,
    /// The PGN's comment after each move (as many as `moves`).
    pub comments: Vec<Option<String>>,
}

/// Why no game can be guessed through.
#[derive(Debug, thiserror::Error)]
pub enum GameError {
    /// The PGN text could not be read.
    #[error("the PGN cannot be read: {0}")]
    Pgn(#[from] PgnError),
    /// A game's moves do not replay from the start position.
    #[error("game {number} ({title}): {message}")]
    Moves {
        /// 1-based game number in the file.
        number: usize,
        /// Its title.
        title: String,
        /// What the notation engine said.
        message: String,
    },
    /// A game that starts from a set-up position.
    #[error(
        "game {number} ({title}) starts from a set-up position (a FEN tag): guess the move plays games from the start position"
    )]
    SetUp {
        /// 1-based game number in the file.
        number: usize,
        /// Its title.
        title: String,
    },
    /// No game matches `--game`.
    #[error(
        "no game {given:?}: choose a number from 1 to {count}, an id or a player's name ({names})"
    )]
    NoSuchGame {
        /// What was asked for.
        given: String,
        /// How many games there are.
        count: usize,
        /// The games' ids and players, joined.
        names: String,
    },
    /// The file has no game.
    #[error("the PGN holds no game")]
    Empty,
}

impl GuessGame {
    /// A built-in game.
    #[must_use]
    pub fn builtin(game: &Game) -> GuessGame {
        from_parts(game.id.to_owned(), &game.pgn, &game.moves)
    }

    /// Every game of a PGN text, replayed from the start position.
    ///
    /// # Errors
    /// Unreadable PGN, a game from a set-up position or whose moves do
    /// not replay, or no game.
    pub fn from_pgn(text: &str) -> Result<Vec<GuessGame>, GameError> {
        let parsed = parse_games(text)?;
        if parsed.is_empty() {
            return Err(GameError::Empty);
        }
        parsed
            .iter()
            .enumerate()
            .map(|(i, pgn)| {
                let title = title_of(pgn);
                if pgn.tag("FEN").is_some() {
                    return Err(GameError::SetUp {
                        number: i + 1,
                        title,
                    });
                }
                let (_, moves) =
                    play_movetext(&Chess::default(), &pgn.moves.join(" ")).map_err(|e| {
                        GameError::Moves {
                            number: i + 1,
                            title: title.clone(),
                            message: e.to_string(),
                        }
                    })?;
                Ok(from_parts(format!("game-{}", i + 1), pgn, &moves))
            })
            .collect()
    }

    /// The move number and side of the move at `ply` (0-based).
    #[must_use]
    pub fn number(ply: usize) -> u32 {
        u32::try_from(ply / 2 + 1).unwrap_or(u32::MAX)
    }

    /// The position after the last move.
    #[must_use]
    pub fn final_position(&self) -> Chess {
        self.moves.last().map_or_else(Chess::default, |(pos, mv)| {
            let mut after = pos.clone();
            after.play_unchecked(*mv);
            after
        })
    }
}

/// The game `key` names among `games`: its 1-based number, its id (any
/// case), or a word of a player's name (`morphy`).
///
/// # Errors
/// [`GameError::NoSuchGame`] listing the choices.
pub fn pick<'a>(games: &'a [GuessGame], key: &str) -> Result<&'a GuessGame, GameError> {
    crate::drill::find_game(
        games,
        key,
        |g| Some(g.id.as_str()),
        |g| (g.players.0.as_str(), g.players.1.as_str()),
    )
    .ok_or_else(|| GameError::NoSuchGame {
        given: key.trim().to_owned(),
        count: games.len(),
        names: games
            .iter()
            .map(|g| format!("{} ({} – {})", g.id, g.players.0, g.players.1))
            .collect::<Vec<_>>()
            .join("; "),
    })
}

fn title_of(pgn: &PgnGame) -> String {
    let tag = |name| pgn.tag(name).unwrap_or("?");
    let year = tag("Date").split('.').next().unwrap_or("?");
    format!(
        "{} – {}, {} {year}",
        tag("White"),
        tag("Black"),
        tag("Site")
    )
}

fn from_parts(id: String, pgn: &PgnGame, moves: &[Move]) -> GuessGame {
    let tag = |name| pgn.tag(name).unwrap_or("?").to_owned();
    let mut pos = Chess::default();
    let mut pairs = Vec::with_capacity(moves.len());
    for &mv in moves {
        pairs.push((pos.clone(), mv));
        pos.play_unchecked(mv);
    }
    GuessGame {
        id,
        title: title_of(pgn),
        players: (tag("White"), tag("Black")),
        tags: pgn.tags.clone(),
        result: pgn.result.clone(),
        comments: (0..moves.len()).map(|i| pgn.comment_after(i)).collect(),
        moves: pairs,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn games_are_read_with_their_comments_and_picked_by_number_id_or_name() {
        let text = "[White \"Anna\"]\n[Black \"Ben\"]\n\n1. e4 {the king's pawn} e5 2. Nf3 *\n\n\
                    [White \"Cleo\"]\n[Black \"Dan\"]\n\n1. d4 d5 *\n";
        let games = GuessGame::from_pgn(text).unwrap();
        assert_eq!(
            games[0].comments,
            [Some("the king's pawn".to_owned()), None, None]
        );
        assert_eq!(pick(&games, "2").unwrap().players.0, "Cleo");
        assert_eq!(pick(&games, "GAME-2").unwrap().players.0, "Cleo");
        assert_eq!(pick(&games, "ben").unwrap().players.0, "Anna");
        let err = pick(&games, "zed").unwrap_err().to_string();
        assert!(
            err.contains("1 to 2") && err.contains("game-1 (Anna – Ben)"),
            "{err}"
        );
        let set_up = "[FEN \"8/8/8/8/8/8/8/K1k5 w - - 0 1\"]\n1. Kb1 *";
        assert!(matches!(
            GuessGame::from_pgn(set_up),
            Err(GameError::SetUp { .. })
        ));
    }
}
