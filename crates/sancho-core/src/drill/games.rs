//! The famous games of the transcription drills and the write-the-move
//! positions (public domain, all played before 1930): the binary embeds
//! them (`assets/games/`) and hands them in as a [`GameBook`].

use std::sync::OnceLock;

use shakmaty::{Chess, Move};

use super::pgn::{PgnGame, parse_game};
use crate::notation::play_movetext;

/// A famous game, read and replayed.
#[derive(Clone, Debug)]
pub struct Game {
    /// The file stem, a stable id (`opera-game`).
    pub id: &'static str,
    /// The PGN as read.
    pub pgn: PgnGame,
    /// The moves, replayed from the start position.
    pub moves: Vec<Move>,
}

impl Game {
    /// A one-line title: `Morphy, Paul – Duke Karl…, Paris 1858`.
    pub fn title(&self) -> String {
        let tag = |name| self.pgn.tag(name).unwrap_or("?");
        let year = tag("Date").split('.').next().unwrap_or("?");
        format!(
            "{} – {}, {} {year}",
            tag("White"),
            tag("Black"),
            tag("Site")
        )
    }

    /// The positions before each move, paired with the move.
    pub fn positions(&self) -> Vec<(Chess, Move)> {
        let mut pos = Chess::default();
        let mut out = Vec::with_capacity(self.moves.len());
        for &mv in &self.moves {
            out.push((pos.clone(), mv));
            shakmaty::Position::play_unchecked(&mut pos, mv);
        }
        out
    }
}

/// The famous games, read and replayed, with what the drills draw from
/// them: the binary embeds `assets/games/*.pgn` and hands them in.
#[derive(Debug)]
pub struct GameBook {
    games: Vec<Game>,
    /// Every (position, legal move) of the games, by notation feature:
    /// built on first use (the drills' realistic positions).
    pool: OnceLock<Vec<Vec<(Chess, Move)>>>,
}

/// Books compare as themselves (there is one per process, the binary's).
impl PartialEq for GameBook {
    fn eq(&self, other: &GameBook) -> bool {
        std::ptr::eq(self, other)
    }
}

impl Eq for GameBook {}

impl GameBook {
    /// The games of `files` ((id, PGN text)) that read and replay (all the
    /// embedded ones do; a test checks it).
    #[must_use]
    pub fn new(files: &[(&'static str, &str)]) -> GameBook {
        let games = files
            .iter()
            .filter_map(|&(id, text)| {
                let pgn = parse_game(text).ok()?;
                let (_, moves) = play_movetext(&Chess::default(), &pgn.moves.join(" ")).ok()?;
                Some(Game { id, pgn, moves })
            })
            .collect();
        GameBook {
            games,
            pool: OnceLock::new(),
        }
    }

    /// The games, in file order.
    #[must_use]
    pub fn games(&self) -> &[Game] {
        &self.games
    }

    /// The game with this id.
    #[must_use]
    pub fn game(&self, id: &str) -> Option<&Game> {
        self.games.iter().find(|g| g.id == id)
    }

    /// Every (position, legal move) of the games, by notation feature
    /// (indexed as [`super::Feature::ALL`]).
    pub(crate) fn pool(
        &self,
        build: impl FnOnce(&[Game]) -> Vec<Vec<(Chess, Move)>>,
    ) -> &[Vec<(Chess, Move)>] {
        self.pool.get_or_init(|| build(&self.games))
    }

    /// The game named by its id (any case) or its 1-based number in file
    /// order (the order [`GameBook::list`] shows).
    ///
    /// # Errors
    /// [`UnknownGame`] when neither matches, with every id.
    pub fn find(&self, key: &str) -> Result<&Game, UnknownGame> {
        let key = key.trim();
        let by_number = key
            .parse::<usize>()
            .ok()
            .and_then(|n| n.checked_sub(1))
            .and_then(|i| self.games.get(i));
        by_number
            .or_else(|| self.games.iter().find(|g| g.id.eq_ignore_ascii_case(key)))
            .ok_or_else(|| UnknownGame {
                given: key.to_owned(),
                choices: self.games.iter().map(|g| g.id).collect(),
            })
    }

    /// One line per game, numbered: `14  opera-game  Morphy, Paul – …, Paris 1858 (17 moves)`.
    #[must_use]
    pub fn list(&self) -> Vec<String> {
        self.games
            .iter()
            .enumerate()
            .map(|(i, g)| {
                format!(
                    "{:>2}  {:<22} {} ({} moves)",
                    i + 1,
                    g.id,
                    g.title(),
                    g.moves.len().div_ceil(2)
                )
            })
            .collect()
    }
}

/// A `--game` that names no built-in game; the message lists the choices.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("there is no built-in game {given:?}: choose one of {} (or its number, 1 to {})", .choices.join(", "), .choices.len())]
pub struct UnknownGame {
    /// What was asked for.
    pub given: String,
    /// The ids of the built-in games.
    pub choices: Vec<&'static str>,
}

/// The game `key` names among `games`: its 1-based number, else its id
/// (any case; `id` gives a game's, when games have one), else a word of
/// either player's name (any case: `morphy`). Shared by the scoresheet
/// trainer and guess the move, which say their own "no such game".
pub fn find_game<'a, G>(
    games: &'a [G],
    key: &str,
    id: impl Fn(&G) -> Option<&str>,
    players: impl Fn(&G) -> (&str, &str),
) -> Option<&'a G> {
    let key = key.trim();
    let lower = key.to_lowercase();
    key.parse::<usize>()
        .ok()
        .and_then(|n| n.checked_sub(1))
        .and_then(|i| games.get(i))
        .or_else(|| {
            games
                .iter()
                .find(|g| id(g).is_some_and(|id| id.eq_ignore_ascii_case(key)))
        })
        .or_else(|| {
            (!lower.is_empty()).then_some(())?;
            games.iter().find(|g| {
                let (white, black) = players(g);
                white.to_lowercase().contains(&lower) || black.to_lowercase().contains(&lower)
            })
        })
}
