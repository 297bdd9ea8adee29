//! The home entry "Play out": one row per choice (the position, the side,
//! the engine's level, blindfold), changed with ← and →, and Enter to
//! start the game.

use shakmaty::{Chess, Color, Position};

use super::game::GameSetup;
use crate::engine::Strength;
use crate::notation::Lang;
use crate::train::endgame::Endgame;

/// One row of the start screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameRow {
    /// The position the game starts from.
    Position,
    /// The side the user plays.
    Side,
    /// The engine's level.
    Level,
    /// No board until the game ends.
    Blindfold,
    /// Start the game.
    Start,
}

impl GameRow {
    /// Every row, top to bottom.
    pub const ALL: [GameRow; 5] = [
        GameRow::Position,
        GameRow::Side,
        GameRow::Level,
        GameRow::Blindfold,
        GameRow::Start,
    ];
}

/// A position to start from, with its name.
#[derive(Clone, Debug, PartialEq)]
pub struct StartChoice {
    /// What the header and the row call it.
    pub name: String,
    /// The position.
    pub position: Chess,
    /// The built-in endgame it is (its side is then the endgame's).
    pub endgame: Option<&'static Endgame>,
}

impl StartChoice {
    /// A position by its name.
    #[must_use]
    pub fn position(name: &str, position: Chess) -> StartChoice {
        StartChoice {
            name: name.to_owned(),
            position,
            endgame: None,
        }
    }

    /// A built-in endgame: `Endgame: K+Q v K (mate within 10 moves)`.
    #[must_use]
    pub fn endgame(endgame: &'static Endgame) -> StartChoice {
        let goal = endgame.goal.describe();
        let goal = goal.trim_end_matches('.');
        // The sentence's capital is lower-cased inside the brackets.
        let mut chars = goal.chars();
        let goal = chars.next().map_or_else(String::new, |first| {
            first.to_lowercase().chain(chars).collect()
        });
        StartChoice {
            name: format!("{} ({goal})", endgame.title),
            position: endgame.position.clone(),
            endgame: Some(endgame),
        }
    }

    /// The side the user plays by default.
    fn side(&self) -> Color {
        self.endgame
            .map_or_else(|| self.position.turn(), |e| e.side)
    }
}

/// The engine's strengths offered: full, then Lichess's levels 1 to 8.
const STRENGTHS: [Strength; 9] = [
    Strength::Full,
    Strength::Level(1),
    Strength::Level(2),
    Strength::Level(3),
    Strength::Level(4),
    Strength::Level(5),
    Strength::Level(6),
    Strength::Level(7),
    Strength::Level(8),
];

/// The start screen's state.
#[derive(Clone, Debug, PartialEq)]
pub struct GameSetupScreen {
    choices: Vec<StartChoice>,
    choice: usize,
    user: Color,
    strength: usize,
    blindfold: bool,
    row: usize,
    /// Why no game can start (no engine), when none can.
    blocked: Option<String>,
}

fn step(at: usize, n: usize, by: i32) -> usize {
    let n = i64::try_from(n.max(1)).unwrap_or(1);
    let at = i64::try_from(at).unwrap_or(0);
    usize::try_from((at + i64::from(by)).rem_euclid(n)).unwrap_or(0)
}

impl GameSetupScreen {
    /// The screen over `choices` (the first chosen; none: the standard
    /// position), saying `blocked` instead of starting when a game cannot
    /// be played (no engine).
    #[must_use]
    pub fn new(mut choices: Vec<StartChoice>, blocked: Option<String>) -> GameSetupScreen {
        if choices.is_empty() {
            choices.push(StartChoice::position(
                "the starting position",
                Chess::default(),
            ));
        }
        let user = choices[0].side();
        GameSetupScreen {
            choices,
            choice: 0,
            user,
            strength: 0,
            blindfold: false,
            row: 0,
            blocked,
        }
    }

    /// The highlighted row.
    pub fn current(&self) -> GameRow {
        GameRow::ALL[self.row % GameRow::ALL.len()]
    }

    /// The highlighted row's index.
    pub fn row(&self) -> usize {
        self.row
    }

    /// Highlights row `row` (an index into [`GameRow::ALL`]).
    pub fn set_row(&mut self, row: usize) {
        self.row = row % GameRow::ALL.len();
    }

    /// Moves the highlight `by` rows (wrapping).
    pub fn move_row(&mut self, by: i32) {
        self.row = step(self.row, GameRow::ALL.len(), by);
    }

    /// Changes the highlighted row's value one step (← is -1, → is +1).
    /// A new position gives the side to move in it.
    pub fn change(&mut self, by: i32) {
        match self.current() {
            GameRow::Position => {
                self.choice = step(self.choice, self.choices.len(), by);
                self.user = self.choices[self.choice].side();
            }
            // An endgame is played from the side its goal is set for.
            GameRow::Side if self.choices[self.choice].endgame.is_some() => {}
            GameRow::Side => self.user = !self.user,
            GameRow::Level => self.strength = step(self.strength, STRENGTHS.len(), by),
            GameRow::Blindfold => self.blindfold = !self.blindfold,
            GameRow::Start => {}
        }
    }

    /// Each row's label and value, top to bottom.
    pub fn rows(&self) -> Vec<(&'static str, String)> {
        GameRow::ALL
            .iter()
            .map(|row| match row {
                GameRow::Position => ("Position", self.choices[self.choice].name.clone()),
                GameRow::Side => (
                    "You play",
                    if self.user.is_white() {
                        "White"
                    } else {
                        "Black"
                    }
                    .to_owned(),
                ),
                GameRow::Level => ("Engine", STRENGTHS[self.strength].label()),
                GameRow::Blindfold => (
                    "Blindfold",
                    if self.blindfold { "on" } else { "off" }.to_owned(),
                ),
                GameRow::Start => ("Start", String::new()),
            })
            .collect()
    }

    /// Why no game can start, when none can.
    pub fn blocked(&self) -> Option<&str> {
        self.blocked.as_deref()
    }

    /// The game chosen (`None`: none can start).
    #[must_use]
    pub fn setup(&self, lang: Lang) -> Option<GameSetup> {
        if self.blocked.is_some() {
            return None;
        }
        let choice = &self.choices[self.choice];
        let strength = STRENGTHS[self.strength];
        let mut setup = match choice.endgame {
            Some(e) => GameSetup::endgame(e),
            None => GameSetup::new(choice.position.clone(), self.user, &choice.name),
        };
        setup.strength = strength;
        setup.movetime = strength.movetime();
        setup.blindfold = self.blindfold;
        setup.lang = lang;
        Some(setup)
    }
}
