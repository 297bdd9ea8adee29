//! An optional UCI engine (Stockfish or any other) run as a child process.
//!
//! This is a shell module: it starts processes and reads the clock. The
//! pure part (reading `info` and `bestmove` lines, refutations, audits, the
//! options and errors) is the core's [`sancho_core::engine`], re-exported
//! here. Every exchange with the engine has a wall-clock deadline, whatever
//! the engine writes meanwhile: an engine that hangs, dies or floods gives
//! an [`EngineError`] within it, and Sancho never waits forever. What it
//! writes is bounded too: a line at most [`MAX_LINE_BYTES`], an exchange at
//! most [`EngineOptions::max_lines`] lines, and at most a few hundred lines
//! waiting to be read.

mod process;
mod strength;

use std::ffi::OsStr;
use std::path::{Path, PathBuf};

pub use process::Engine;
pub use sancho_core::engine::*;
pub use strength::{LEVELS, Strength, best_move};

/// The engine's lines for a guess of guess the move: both positions of
/// `request`, each for [`EvalRequest::movetime`] of the shell's `movetime`
/// (longer for the second search; a position where the game is over needs
/// no search). Line mode and the full screen's evaluator ask through this.
///
/// [`EvalRequest::movetime`]: sancho_core::train::guess::EvalRequest::movetime
///
/// # Errors
/// The engine's error.
pub fn evaluate_guess(
    engine: &mut Engine,
    request: &sancho_core::train::guess::EvalRequest,
    movetime: u64,
) -> Result<sancho_core::train::guess::Evaluation, EngineError> {
    use shakmaty::Position;
    let [after_guess, after_game] = request.positions();
    let movetime = request.movetime(movetime);
    let mut look = |pos: &shakmaty::Chess| {
        if pos.is_game_over() {
            return Ok(Vec::new());
        }
        engine.analyse(&crate::puzzle::fen_of(pos), 1, Limit::Movetime(movetime))
    };
    Ok(sancho_core::train::guess::Evaluation {
        after_guess: look(&after_guess)?,
        after_game: look(&after_game)?,
    })
}

/// The `SANCHO_ENGINE` value that means "no engine".
pub const NO_ENGINE: &str = "none";

/// The file name of the engine searched for: `stockfish`, and
/// `stockfish.exe` on Windows.
const ENGINE_FILE: &str = if cfg!(windows) {
    "stockfish.exe"
} else {
    "stockfish"
};

/// The engine to use: the one named (`--engine`), else `SANCHO_ENGINE`,
/// else `stockfish` on the `PATH`, else in the `fallback` directories
/// (Debian installs it in `/usr/games`, which is not always on the `PATH`).
/// `SANCHO_ENGINE=none` turns the search off: no engine, even where one is
/// installed (to train without refutations, or to see what a machine
/// without an engine sees).
///
/// The environment is passed in so that the search is testable.
pub fn find_engine(
    named: Option<&Path>,
    env_engine: Option<&OsStr>,
    path_var: Option<&OsStr>,
    fallback: &[&Path],
) -> Option<PathBuf> {
    if let Some(named) = named {
        return Some(named.to_owned());
    }
    if let Some(env) = env_engine.filter(|e| !e.is_empty()) {
        return (env != NO_ENGINE).then(|| PathBuf::from(env));
    }
    let on_path = path_var
        .map(|p| std::env::split_paths(p).collect::<Vec<_>>())
        .unwrap_or_default();
    on_path
        .iter()
        .map(PathBuf::as_path)
        .chain(fallback.iter().copied())
        .map(|dir| dir.join(ENGINE_FILE))
        .find(|candidate| candidate.is_file())
}

/// The engine found from the real environment (see [`find_engine`]).
pub fn find_engine_here(named: Option<&Path>) -> Option<PathBuf> {
    find_engine(
        named,
        std::env::var_os("SANCHO_ENGINE").as_deref(),
        std::env::var_os("PATH").as_deref(),
        &[Path::new("/usr/games"), Path::new("/usr/local/bin")],
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_engine_is_found_in_order() {
        let dir = tempfile::tempdir().unwrap();
        let empty = tempfile::tempdir().unwrap();
        let sf = dir.path().join(ENGINE_FILE);
        std::fs::write(&sf, "").unwrap();
        let named = Path::new("/opt/my-engine");
        let path_var = std::env::join_paths([empty.path(), dir.path()]).unwrap();
        assert_eq!(
            find_engine(Some(named), Some(OsStr::new("x")), Some(&path_var), &[]),
            Some(named.to_owned())
        );
        assert_eq!(
            find_engine(None, Some(OsStr::new("/e/lc0")), Some(&path_var), &[]),
            Some(PathBuf::from("/e/lc0"))
        );
        assert_eq!(
            find_engine(None, Some(OsStr::new("")), Some(&path_var), &[]),
            Some(sf.clone())
        );
        assert_eq!(
            find_engine(None, None, Some(empty.path().as_os_str()), &[dir.path()]),
            Some(sf)
        );
        assert_eq!(
            find_engine(None, None, Some(empty.path().as_os_str()), &[empty.path()]),
            None
        );
        // `none` finds nothing, even with an engine on the PATH; `--engine`
        // still wins.
        assert_eq!(
            find_engine(
                None,
                Some(OsStr::new(NO_ENGINE)),
                Some(&path_var),
                &[dir.path()]
            ),
            None
        );
        assert_eq!(
            find_engine(Some(named), Some(OsStr::new(NO_ENGINE)), None, &[]),
            Some(named.to_owned())
        );
    }
}
