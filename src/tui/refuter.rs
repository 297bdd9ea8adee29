//! The engine off the UI thread: a [`Refuter`] owns a UCI engine (started
//! on its first question, on a thread of its own) and answers
//! [`Effect::Refute`](super::Effect::Refute) while the keys go on being
//! answered. The engine never sees a puzzle before it has ended: the app
//! asks only then.

use std::path::PathBuf;

use shakmaty::Position;

use super::effect::{Refute, Reply};
use super::service::{Service, Waker};
use crate::engine::by_engine;
use crate::engine::{Engine, EngineOptions, Limit};
use crate::puzzle::fen_of;

/// How long the engine looks at the position after a wrong move (as line
/// mode does).
pub const REFUTE_MS: u64 = 400;

/// A UCI engine on a thread of its own, answering refutation requests.
pub type Refuter = Service<Refute, Reply>;

impl Service<Refute, Reply> {
    /// Starts the thread for the engine at `path` (the engine itself starts
    /// with the first request, and again after it failed), waking the
    /// runner with each answer. The thread ends when the [`Refuter`] is
    /// dropped; it is not joined, so that leaving never waits on an engine.
    pub fn spawn(path: PathBuf, options: EngineOptions, waker: Waker) -> Refuter {
        Service::detached(waker, move || {
            let mut engine: Option<Engine> = None;
            move |ask: Refute| {
                let result = answer(&path, &options, &mut engine, &ask);
                Reply::Refuted {
                    puzzle_id: ask.puzzle_id,
                    attempt: ask.attempt,
                    result,
                }
            }
        })
    }
}

/// Asks the engine (starting it if needed) about the position after the
/// wrong move; an engine that failed is dropped, to be started again next
/// time.
fn answer(
    path: &std::path::Path,
    options: &EngineOptions,
    engine: &mut Option<Engine>,
    ask: &Refute,
) -> Result<Option<crate::engine::Refuted>, crate::engine::EngineError> {
    if !ask.position.is_legal(ask.wrong) {
        return Ok(None);
    }
    let running = match engine {
        Some(e) => e,
        None => engine.insert(Engine::start(path, options.clone())?),
    };
    let mut after = ask.position.clone();
    after.play_unchecked(ask.wrong);
    match running.analyse(&fen_of(&after), 1, Limit::Movetime(REFUTE_MS)) {
        Ok(lines) => Ok(Some(by_engine(&ask.position, ask.wrong, &lines))),
        Err(e) => {
            *engine = None;
            Err(e)
        }
    }
}
