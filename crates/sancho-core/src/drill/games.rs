//! The famous games embedded for transcription drills and write-the-move
//! positions (public domain, all played before 1930).

use std::sync::OnceLock;

use shakmaty::{Chess, Move};

use super::pgn::{PgnGame, parse_game};
use crate::notation::play_movetext;

/// The embedded PGN files, by file stem.
pub const GAME_FILES: &[(&str, &str)] = &[
    (
        "adams-torre",
        include_str!("../../../../assets/games/adams-torre.pgn"),
    ),
    (
        "bernstein-capablanca",
        include_str!("../../../../assets/games/bernstein-capablanca.pgn"),
    ),
    (
        "capablanca-marshall",
        include_str!("../../../../assets/games/capablanca-marshall.pgn"),
    ),
    (
        "edward-lasker-thomas",
        include_str!("../../../../assets/games/edward-lasker-thomas.pgn"),
    ),
    (
        "evergreen-game",
        include_str!("../../../../assets/games/evergreen-game.pgn"),
    ),
    (
        "gibaud-lazard",
        include_str!("../../../../assets/games/gibaud-lazard.pgn"),
    ),
    (
        "greco-nn",
        include_str!("../../../../assets/games/greco-nn.pgn"),
    ),
    (
        "hamppe-meitner",
        include_str!("../../../../assets/games/hamppe-meitner.pgn"),
    ),
    (
        "immortal-game",
        include_str!("../../../../assets/games/immortal-game.pgn"),
    ),
    (
        "lasker-bauer",
        include_str!("../../../../assets/games/lasker-bauer.pgn"),
    ),
    (
        "legall-saint-brie",
        include_str!("../../../../assets/games/legall-saint-brie.pgn"),
    ),
    (
        "levitsky-marshall",
        include_str!("../../../../assets/games/levitsky-marshall.pgn"),
    ),
    (
        "marshall-burn",
        include_str!("../../../../assets/games/marshall-burn.pgn"),
    ),
    (
        "opera-game",
        include_str!("../../../../assets/games/opera-game.pgn"),
    ),
    (
        "paulsen-morphy",
        include_str!("../../../../assets/games/paulsen-morphy.pgn"),
    ),
    (
        "reti-tartakower",
        include_str!("../../../../assets/games/reti-tartakower.pgn"),
    ),
    (
        "rotlewi-rubinstein",
        include_str!("../../../../assets/games/rotlewi-rubinstein.pgn"),
    ),
    (
        "schulten-morphy",
        include_str!("../../../../assets/games/schulten-morphy.pgn"),
    ),
    (
        "steinitz-bardeleben",
        include_str!("../../../../assets/games/steinitz-bardeleben.pgn"),
    ),
    (
        "teed-delmar",
        include_str!("../../../../assets/games/teed-delmar.pgn"),
    ),
    (
        "torre-lasker",
        include_str!("../../../../assets/games/torre-lasker.pgn"),
    ),
];

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

/// Every embedded game that reads and replays (all do; a test checks it).
pub fn games() -> &'static [Game] {
    static GAMES: OnceLock<Vec<Game>> = OnceLock::new();
    GAMES.get_or_init(|| {
        GAME_FILES
            .iter()
            .filter_map(|&(id, text)| {
                let pgn = parse_game(text).ok()?;
                let (_, moves) = play_movetext(&Chess::default(), &pgn.moves.join(" ")).ok()?;
                Some(Game { id, pgn, moves })
            })
            .collect()
    })
}

/// The game with this id.
pub fn game(id: &str) -> Option<&'static Game> {
    games().iter().find(|g| g.id == id)
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

/// The built-in game named by its id (any case) or its 1-based number in
/// [`games`] order (the order `--list` shows).
///
/// # Errors
/// [`UnknownGame`] when neither matches, with every id.
pub fn find_game(key: &str) -> Result<&'static Game, UnknownGame> {
    let key = key.trim();
    let by_number = key
        .parse::<usize>()
        .ok()
        .and_then(|n| n.checked_sub(1))
        .and_then(|i| games().get(i));
    by_number
        .or_else(|| games().iter().find(|g| g.id.eq_ignore_ascii_case(key)))
        .ok_or_else(|| UnknownGame {
            given: key.to_owned(),
            choices: games().iter().map(|g| g.id).collect(),
        })
}

/// One line per built-in game, numbered: `14  opera-game  Morphy, Paul – …, Paris 1858 (17 moves)`.
pub fn game_list() -> Vec<String> {
    games()
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
