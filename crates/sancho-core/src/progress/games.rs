//! Games played out against the engine (`sancho game`): each finished
//! game, and for an endgame its goal's verdict, so that `stats` can say
//! which endgames were tried and which achieved.
//!
//! On disk: an optional top-level `"games"` array, each game under its id:
//! `[{"id":"1700000000-game-9f..","at":1700000000,"fen":"<start FEN>",
//! "side":"white","result":"1-0","reason":"checkmate","moves":["Qg5",..],
//! "endgame":"kqk","goal":{"kind":"mate","moves":10,"achieved":true,
//! "moves_used":7}}]` (`endgame`, `puzzle` and `goal` only when there is
//! one). A Sancho that predates it keeps the field as it is.

use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};

use super::history::Timestamp;
use super::model::Progress;

/// One game played out against the engine.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayedGame {
    /// When it ended (unix seconds).
    pub at: Timestamp,
    /// The start position's FEN.
    pub fen: String,
    /// The user's side: `white` or `black`.
    pub side: String,
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: String,
    /// Why it ended, as the JSON events name it (`checkmate`,
    /// `move_limit`, ...).
    pub reason: String,
    /// Every move's SAN, both sides.
    #[serde(default)]
    pub moves: Vec<String>,
    /// The built-in endgame's id, for an endgame.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub endgame: Option<String>,
    /// The puzzle the position came from (`sancho game --puzzle`), as
    /// `source:id` (`builtin:eg-001`, `lichess:00sHx`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub puzzle: Option<String>,
    /// The goal and its verdict, for a game with a goal.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub goal: Option<GoalRecord>,
}

/// A goal and whether it was reached, as stored.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GoalRecord {
    /// `mate`, `promote` or `hold`.
    pub kind: String,
    /// The move budget.
    pub moves: u32,
    /// Whether the goal was reached.
    pub achieved: bool,
    /// The user's moves played.
    #[serde(default)]
    pub moves_used: u32,
    /// Fields this version does not know, kept (the goal is stored as it
    /// is read, like a set).
    #[serde(flatten)]
    pub unknown: super::disk::Extra,
}

/// A game on disk: its id and the game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayedGameRecord {
    /// The game's unique id.
    pub id: String,
    /// The game.
    #[serde(flatten)]
    pub game: PlayedGame,
    /// Fields this version does not know, kept.
    #[serde(flatten)]
    pub unknown: super::disk::Extra,
}

/// The endgame figures `stats` shows.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct EndgameStats {
    /// Games played out against the engine, endgames included.
    pub games: u32,
    /// Endgame attempts.
    pub attempts: u32,
    /// Endgame attempts whose goal was reached.
    pub achieved: u32,
    /// Distinct endgames tried.
    pub tried: u32,
    /// Distinct endgames whose goal was reached at least once.
    pub mastered: u32,
}

impl Progress {
    /// Keeps a played game under `id`; returns false (and changes nothing)
    /// when the id is already kept.
    pub fn insert_game(&mut self, id: String, game: PlayedGame) -> bool {
        if self.games.contains_key(&id) {
            return false;
        }
        self.games.insert(id, game);
        true
    }

    /// Every played game with its id, in id order.
    pub fn games(&self) -> impl ExactSizeIterator<Item = (&String, &PlayedGame)> {
        self.games.iter()
    }

    /// The endgame figures: games, attempts, achieved, distinct endgames
    /// tried and achieved.
    #[must_use]
    pub fn endgame_stats(&self) -> EndgameStats {
        let mut stats = EndgameStats {
            games: u32::try_from(self.games.len()).unwrap_or(u32::MAX),
            ..EndgameStats::default()
        };
        let mut tried = BTreeSet::new();
        let mut mastered = BTreeSet::new();
        for game in self.games.values() {
            let Some(id) = &game.endgame else { continue };
            stats.attempts += 1;
            tried.insert(id.as_str());
            if game.goal.as_ref().is_some_and(|g| g.achieved) {
                stats.achieved += 1;
                mastered.insert(id.as_str());
            }
        }
        stats.tried = u32::try_from(tried.len()).unwrap_or(u32::MAX);
        stats.mastered = u32::try_from(mastered.len()).unwrap_or(u32::MAX);
        stats
    }

    /// The ids of the endgames whose goal was reached at least once.
    #[must_use]
    pub fn endgames_achieved(&self) -> BTreeSet<&str> {
        self.games
            .values()
            .filter(|g| g.goal.as_ref().is_some_and(|goal| goal.achieved))
            .filter_map(|g| g.endgame.as_deref())
            .collect()
    }
}
