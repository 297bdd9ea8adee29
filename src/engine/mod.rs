//! An optional UCI engine (Stockfish or any other) run as a child process.
//!
//! This is a shell module: it starts processes and reads the clock, so no
//! core module imports it. The pure part, reading `info` and `bestmove`
//! lines, is [`uci`]. Every exchange with the engine has a deadline: an
//! engine that hangs or dies gives an [`EngineError`] within it, and Sancho
//! never waits forever.

pub(crate) mod uci;

pub(crate) mod audit;
mod process;
pub(crate) mod refute;

use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::time::Duration;

pub use audit::audit_puzzle;
pub use process::Engine;
pub use refute::{Refutation, by_engine, by_mate};
pub use uci::{PvLine, Score};

/// How to find an engine when none is named: the message for the user.
pub const HOW_TO_GET_ONE: &str = "install Stockfish (`apt-get install stockfish`, \
`brew install stockfish`, or https://stockfishchess.org) or name any UCI engine with --engine PATH \
or the SANCHO_ENGINE environment variable";

/// Why talking to the engine failed.
#[derive(Debug, thiserror::Error)]
pub enum EngineError {
    /// The program could not be started.
    #[error("could not start the engine {path}: {source}")]
    Spawn {
        /// The program.
        path: PathBuf,
        /// The operating system's reason.
        source: std::io::Error,
    },
    /// The engine said nothing of what was expected in time.
    #[error("the engine gave no {expected} within {} s", .after.as_secs_f64())]
    Timeout {
        /// What Sancho waited for (`uciok`, `readyok`, `bestmove`).
        expected: &'static str,
        /// How long it waited.
        after: Duration,
    },
    /// The engine's process ended.
    #[error("the engine stopped while sancho waited for {expected} ({status})")]
    Exited {
        /// What Sancho waited for.
        expected: &'static str,
        /// The exit status, as the system words it.
        status: String,
    },
    /// Writing a command to the engine failed.
    #[error("could not write to the engine: {0}")]
    Write(std::io::Error),
}

/// How the engine is run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineOptions {
    /// The `Threads` option.
    pub threads: u32,
    /// The `Hash` option, in MiB.
    pub hash_mb: u32,
    /// The deadline of each exchange (`uciok`, `readyok`, and a timed
    /// search beyond its own time).
    pub timeout: Duration,
    /// The deadline of a search to a depth.
    pub depth_timeout: Duration,
}

impl Default for EngineOptions {
    fn default() -> Self {
        Self {
            threads: 1,
            hash_mb: 64,
            timeout: Duration::from_secs(10),
            depth_timeout: Duration::from_secs(120),
        }
    }
}

/// How long the engine thinks about one position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    /// `go depth N`.
    Depth(u32),
    /// `go movetime MS`.
    Movetime(u64),
}

/// The engine to use: the one named (`--engine`), else `SANCHO_ENGINE`,
/// else `stockfish` on the `PATH`, else in the `fallback` directories
/// (Debian installs it in `/usr/games`, which is not always on the `PATH`).
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
        return Some(PathBuf::from(env));
    }
    let on_path = path_var
        .map(|p| std::env::split_paths(p).collect::<Vec<_>>())
        .unwrap_or_default();
    on_path
        .iter()
        .map(PathBuf::as_path)
        .chain(fallback.iter().copied())
        .map(|dir| dir.join("stockfish"))
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
        let sf = dir.path().join("stockfish");
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
    }
}
