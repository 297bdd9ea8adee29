//! Sancho: a terminal trainer for chess notation and puzzles.
//!
//! This package is the shells around the pure core
//! ([`sancho_core`], re-exported here module by module so that callers
//! write `sancho::notation::resolve`):
//!
//! - [`engine`]: an optional UCI engine run as a child process (with the
//!   core's pure engine parts re-exported).
//! - [`line`]: line mode, text or JSON events over any reader and writer.
//! - [`tui`]: the ratatui shell (actions, app state, view), kept in the
//!   library so that tests and benchmarks can drive it.
//!
//! The binary (`src/main.rs`, `src/cli/`) parses the command line,
//! resolves the data directory and the settings, reads the clock, and
//! hands all three to the shells.

// Non-test code states its invariants (`expect`) or handles the error.
#![cfg_attr(not(test), deny(clippy::unwrap_used))]

pub use sancho_core::{
    config, drill, library, material, mine, modes, notation, progress, puzzle, record, rng,
    session, spoiler, train,
};

pub mod engine;
pub mod line;
pub mod tui;
