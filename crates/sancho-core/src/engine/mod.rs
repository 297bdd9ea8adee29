//! The pure side of an optional UCI engine: reading its `info` and
//! `bestmove` lines ([`uci`]), what a line says about a wrong move
//! ([`refute`]) or a puzzle's solution ([`audit`]), and the options and
//! errors of a run. The process itself (spawning, deadlines, the clock)
//! lives in the binary's shell (`sancho::engine::Engine`).

pub(crate) mod uci;

pub(crate) mod audit;
pub(crate) mod refute;

use std::path::PathBuf;
use std::time::Duration;

use shakmaty::uci::UciMove;
use shakmaty::{Chess, Position};

pub use audit::audit_puzzle;
pub use refute::{Refutation, Refuted, Unrefuted, by_engine, by_mate};
pub use uci::{
    Info, PvLine, Score, bestmove_word, parse_bestmove, parse_id_name, parse_info, read_info,
};

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
    /// The engine wrote more lines than any exchange needs.
    #[error("the engine wrote more than {lines} lines without {expected}")]
    Flood {
        /// What Sancho waited for.
        expected: &'static str,
        /// The bound it passed ([`EngineOptions::max_lines`]).
        lines: usize,
    },
    /// The engine answered a move that is not legal in the position it
    /// was asked about.
    #[error("the engine answered {answer}, which is not a legal move in {fen}")]
    IllegalMove {
        /// The move, as the engine wrote it.
        answer: String,
        /// The position, as sent.
        fen: String,
    },
    /// The engine wrote a word that is no UCI move where its moves go.
    #[error("the engine answered {word:?} where a move in UCI belongs (e2e4, e7e8q)")]
    UnreadableMove {
        /// The word.
        word: String,
    },
    /// The engine wrote a line longer than any UCI line.
    #[error(
        "the engine wrote a line longer than {} KiB while sancho waited for {expected}",
        MAX_LINE_BYTES / 1024
    )]
    LineTooLong {
        /// What Sancho waited for.
        expected: &'static str,
    },
}

/// Checks what an engine answered to `go` in `pos` (sent as `fen`): the
/// first move of every line and the `bestmove` (`bestmove`'s word, when
/// one came) must be legal there, so that a broken engine is named as the
/// engine and not taken for a position without a puzzle or a move.
///
/// # Errors
/// [`EngineError::IllegalMove`], [`EngineError::UnreadableMove`].
pub fn check_answer(
    pos: &Chess,
    fen: &str,
    lines: &[PvLine],
    bestmove: Option<&str>,
) -> Result<(), EngineError> {
    let illegal = |answer: String| EngineError::IllegalMove {
        answer,
        fen: fen.to_owned(),
    };
    for first in lines.iter().filter_map(|l| l.pv.first()) {
        if first.to_move(pos).is_err() {
            return Err(illegal(first.to_string()));
        }
    }
    match bestmove {
        None | Some("(none)" | "0000") => Ok(()),
        Some(word) => match word.parse::<UciMove>() {
            Ok(mv) if mv.to_move(pos).is_ok() => Ok(()),
            Ok(_) if pos.legal_moves().is_empty() => Ok(()),
            Ok(_) => Err(illegal(word.to_owned())),
            Err(_) => Err(EngineError::UnreadableMove {
                word: word.to_owned(),
            }),
        },
    }
}

/// The longest line read from an engine: far beyond a principal variation
/// of the deepest search (a few hundred moves).
pub const MAX_LINE_BYTES: usize = 16 * 1024;

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
    /// The deadline of a search to a depth or a node count.
    pub depth_timeout: Duration,
    /// The most lines one exchange may bring before what it waits for (a
    /// deep MultiPV search writes a few thousand).
    pub max_lines: usize,
}

impl Default for EngineOptions {
    fn default() -> Self {
        Self {
            threads: 1,
            hash_mb: 64,
            timeout: Duration::from_secs(10),
            depth_timeout: Duration::from_secs(120),
            max_lines: 100_000,
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
    /// `go nodes N`: a search of about N nodes, the same answer on every
    /// run of a one-thread engine (the cheap first pass of `sancho mine`).
    Nodes(u64),
}
