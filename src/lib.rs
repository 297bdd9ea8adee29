//! Sancho: a terminal trainer for chess notation and puzzles.
//!
//! The crate is a pure core with thin shells around it:
//!
//! - [`notation`]: resolves what a user typed against a position, explains
//!   every departure from canonical SAN, gives live hints for partial input,
//!   writes SAN, LAN and UCI, validates FEN, and generates every SAN string
//!   that can occur in a legal game.
//! - [`puzzle`]: the puzzle model, the JSON pack format, the Lichess CSV
//!   reader, the validator and a small mate solver.
//! - [`session`]: the solving session, a state machine that emits events.
//! - [`spoiler`]: what the live hint may show while a puzzle is unsolved.
//! - [`progress`]: the user's progress (attempts, rating, reviews, streaks)
//!   and the crash-safe store that keeps it.
//! - [`mine`]: puzzles from the user's games, by rules after the Lichess
//!   puzzler, over an analysis passed in.
//! - [`engine`]: a shell module that runs an optional UCI engine.
//! - [`config`]: the config file's text parsed into settings (pure).
//! - [`tui`]: the ratatui shell (actions, app state, view), kept in the
//!   library so that tests and benchmarks can drive it.
//!
//! None of the core modules touches a terminal, a clock or a path of its own:
//! time and directories are passed in.

// Non-test code states its invariants (`expect`) or handles the error.
#![cfg_attr(not(test), deny(clippy::unwrap_used))]

pub mod config;
pub mod drill;
pub mod engine;
pub mod library;
pub mod line;
pub mod mine;
pub mod modes;
pub mod notation;
pub mod progress;
pub mod puzzle;
pub mod record;
pub mod session;
pub mod spoiler;
pub mod tui;
