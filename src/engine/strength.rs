//! How strongly the engine plays a game (`sancho game --level`/`--elo`),
//! and its move in a position: what line mode and the full screen's
//! opponent both ask through.

use super::{Engine, EngineError, Limit};

/// Lichess's levels 1 to 8 as Stockfish's `Skill Level` and the time per
/// move in milliseconds.
pub const LEVELS: [(u8, u64); 8] = [
    (0, 50),
    (3, 100),
    (6, 150),
    (9, 200),
    (11, 300),
    (14, 400),
    (17, 500),
    (20, 1000),
];

/// The time per move at full strength or a rating, in milliseconds.
pub const DEFAULT_MOVETIME: u64 = 300;

/// How strongly the engine plays.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Strength {
    /// As strongly as it can.
    #[default]
    Full,
    /// A Lichess level, 1 to 8 (Stockfish's `Skill Level`).
    Level(u8),
    /// A rating (Stockfish's `UCI_LimitStrength` and `UCI_Elo`).
    Elo(u32),
}

impl Strength {
    /// The time per move this strength plays at by default.
    #[must_use]
    pub fn movetime(self) -> u64 {
        match self {
            Strength::Level(level) => level_entry(level).1,
            Strength::Full | Strength::Elo(_) => DEFAULT_MOVETIME,
        }
    }

    /// The strength in a few words: `level 3`, `Elo 1500`, `full strength`.
    #[must_use]
    pub fn label(self) -> String {
        match self {
            Strength::Full => "full strength".to_owned(),
            Strength::Level(level) => format!("level {level}"),
            Strength::Elo(elo) => format!("Elo {elo}"),
        }
    }

    /// Sets the engine's options for this strength (every one of them, so
    /// that a strength set before does not linger).
    ///
    /// # Errors
    /// The engine's error.
    pub fn apply(self, engine: &mut Engine) -> Result<(), EngineError> {
        let skill = match self {
            Strength::Level(level) => level_entry(level).0,
            Strength::Full | Strength::Elo(_) => 20,
        };
        engine.set_option("Skill Level", &skill.to_string())?;
        match self {
            Strength::Elo(elo) => {
                engine.set_option("UCI_LimitStrength", "true")?;
                engine.set_option("UCI_Elo", &elo.to_string())
            }
            Strength::Full | Strength::Level(_) => engine.set_option("UCI_LimitStrength", "false"),
        }
    }
}

/// The level's row of [`LEVELS`] (a level outside 1 to 8 is clamped).
fn level_entry(level: u8) -> (u8, u64) {
    let i = usize::from(level.clamp(1, 8) - 1);
    LEVELS[i]
}

/// The engine's move in `fen`, in UCI, after `movetime` ms (`None`: it
/// gave none).
///
/// # Errors
/// The engine's error.
pub fn best_move(
    engine: &mut Engine,
    fen: &str,
    movetime: u64,
) -> Result<Option<String>, EngineError> {
    let lines = engine.analyse(fen, 1, Limit::Movetime(movetime))?;
    Ok(lines
        .first()
        .and_then(|l| l.pv.first())
        .map(ToString::to_string))
}
