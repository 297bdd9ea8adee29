//! Sancho's core: everything the trainer knows about chess notation,
//! puzzles and the learner, with no terminal, clock or path of its own.
//!
//! - [`notation`]: resolves what a user typed against a position, explains
//!   every departure from canonical SAN, gives live hints for partial input,
//!   writes SAN, LAN and UCI, validates FEN, and generates every SAN string
//!   that can occur in a legal game.
//! - [`puzzle`]: the puzzle model, the JSON pack format, the Lichess CSV
//!   reader, the validator and a small mate solver.
//! - [`session`]: the solving session, a state machine that emits events.
//! - [`spoiler`]: what the live hint may show while a puzzle is unsolved.
//! - [`modes`]: the Storm and Streak rules.
//! - [`drill`]: drills, lessons and the scoresheet trainer.
//! - [`progress`]: the user's progress (attempts, rating, reviews, streaks)
//!   and the crash-safe store that keeps it.
//! - [`library`]: the offline Lichess puzzle library (SQLite).
//! - [`mine`]: puzzles from the user's games, by rules after the Lichess
//!   puzzler, over an analysis passed in.
//! - [`engine`]: the pure side of a UCI engine (its lines, refutations,
//!   audits); the process lives in the binary.
//! - [`config`]: the config file's text parsed into settings.
//! - [`worksheet`]: sheets for the classroom (puzzles, drills, a
//!   scoresheet) as a model the shells print.
//!
//! The crate's manifest names no terminal, command-line or directory crate,
//! and clippy's `disallowed-methods` (this crate's `clippy.toml`) forbids
//! reading the clock: time and directories are passed in by the shells.

// Non-test code states its invariants (`expect`) or handles the error.
#![cfg_attr(not(test), deny(clippy::unwrap_used))]

pub mod config;
pub mod drill;
pub mod engine;
pub(crate) mod files;
pub mod library;
pub mod material;
pub mod mine;
pub mod modes;
pub mod notation;
pub mod progress;
pub mod puzzle;
pub mod record;
pub mod repertoire;
pub mod rng;
pub mod session;
pub mod spoiler;
pub mod train;
pub mod worksheet;
