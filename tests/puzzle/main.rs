//! Puzzle and library tests: pack loading and checking, Lichess CSV, puzzle
//! sessions, the engine and mining, library import and queries. One test
//! crate per area keeps the suite to a few binaries to link (issue 16).

#[path = "../support/mod.rs"]
#[allow(dead_code)]
mod support;

mod builtin_packs;
mod endgames;
mod engine_mine;
mod library_import;
mod library_query;
mod mine_pool;
mod puzzle_check;
mod puzzle_hints;
mod puzzle_json;
mod puzzle_lichess;
mod puzzle_sample;
mod puzzle_session;
