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
//! - [`print`]: worksheets on paper, as PDF or plain text.
//!
//! The binary (`src/main.rs`, `src/cli/`) parses the command line,
//! resolves the data directory and the settings, reads the clock, and
//! hands all three to the shells.

// Non-test code states its invariants (`expect`) or handles the error.
#![cfg_attr(not(test), deny(clippy::unwrap_used))]

pub use sancho_core::{
    config, library, material, mine, modes, notation, progress, record, repertoire, rng, session,
    spoiler, train, worksheet,
};

pub mod content;

/// The core's puzzles (`sancho_core::puzzle`), with the built-in packs
/// this binary embeds.
pub mod puzzle {
    pub use crate::content::{BUILTIN_FILES, builtin_packs};
    pub use sancho_core::puzzle::*;
}

/// The core's drills (`sancho_core::drill`), with the lessons and games
/// this binary embeds.
pub mod drill {
    pub use crate::content::{game_book, lesson, lessons};
    pub use sancho_core::drill::*;
}

pub mod engine;
pub mod export;
pub mod line;
pub mod print;
pub mod tui;
pub mod woodpecker;
