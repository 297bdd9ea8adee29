//! The engine that judges guesses on the full screen, off the UI thread:
//! an [`Evaluator`] owns a UCI engine (started on its first question, and
//! again after it failed) and answers [`Effect::Evaluate`](super::Effect)
//! while the keys go on being answered.

use std::path::PathBuf;

use super::effect::{Evaluate, Reply};
use super::service::{Service, Waker};
use crate::engine::{Engine, EngineError, EngineOptions, evaluate_guess};
use crate::train::guess::{EvalRequest, Evaluation};

/// How long the engine looks at each position of a guess (as `sancho
/// guess` does by default).
pub const EVALUATE_MS: u64 = 300;

/// A UCI engine on a thread of its own, judging guesses.
pub type Evaluator = Service<Evaluate, Reply>;

impl Service<Evaluate, Reply> {
    /// Starts the thread for the engine at `path`, looking `movetime` ms
    /// at each position and waking the runner with each answer. The thread
    /// ends when the [`Evaluator`] is dropped; it is not joined.
    pub fn spawn_evaluator(
        path: PathBuf,
        options: EngineOptions,
        movetime: u64,
        waker: Waker,
    ) -> Evaluator {
        Service::detached(waker, move || {
            let mut engine: Option<Engine> = None;
            move |ask: Evaluate| {
                let result = answer(&path, &options, movetime, &mut engine, &ask.request);
                if result.is_err() {
                    engine = None;
                }
                Reply::Evaluated {
                    asked: ask.asked,
                    result,
                }
            }
        })
    }
}

fn answer(
    path: &std::path::Path,
    options: &EngineOptions,
    movetime: u64,
    engine: &mut Option<Engine>,
    request: &EvalRequest,
) -> Result<Evaluation, EngineError> {
    let running = match engine {
        Some(e) => e,
        None => engine.insert(Engine::start(path, options.clone())?),
    };
    evaluate_guess(running, request, movetime)
}
