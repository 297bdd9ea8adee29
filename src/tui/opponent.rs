//! The engine a game is played against on the full screen, off the UI
//! thread: an [`Opponent`] owns a UCI engine (started on its first
//! question, and again after it failed) and answers
//! [`Effect::Think`](super::Effect::Think) with its move while the keys go
//! on being answered.

use std::path::{Path, PathBuf};

use super::effect::{Reply, Think};
use super::service::{Service, Waker};
use crate::engine::{Engine, EngineError, EngineOptions, Strength, best_move};

/// A UCI engine on a thread of its own, playing the other side of a game.
pub type Opponent = Service<Think, Reply>;

impl Service<Think, Reply> {
    /// Starts the thread for the engine at `path`, waking the runner with
    /// each move. The thread ends when the [`Opponent`] is dropped; it is
    /// not joined, so that leaving never waits on an engine.
    pub fn spawn_opponent(path: PathBuf, options: EngineOptions, waker: Waker) -> Opponent {
        Service::detached(waker, move || {
            let mut engine: Option<(Engine, Strength)> = None;
            move |ask: Think| {
                let result = answer(&path, &options, &mut engine, &ask);
                if result.is_err() {
                    engine = None;
                }
                Reply::Moved {
                    asked: ask.asked,
                    result,
                }
            }
        })
    }
}

/// The engine's move (starting it, and setting its strength when it
/// changed).
fn answer(
    path: &Path,
    options: &EngineOptions,
    engine: &mut Option<(Engine, Strength)>,
    ask: &Think,
) -> Result<Option<String>, EngineError> {
    let (running, strength) = match engine {
        Some(e) => e,
        None => {
            let mut started = Engine::start(path, options.clone())?;
            ask.strength.apply(&mut started)?;
            engine.insert((started, ask.strength))
        }
    };
    if *strength != ask.strength {
        ask.strength.apply(running)?;
        *strength = ask.strength;
    }
    best_move(running, &ask.fen, ask.movetime)
}
