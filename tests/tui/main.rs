//! Terminal UI tests: App::update flows, TestBackend renders and snapshots,
//! and the real binary in a pseudo-terminal. One test crate per area keeps
//! the suite to a few binaries to link (issue 16).

#[path = "../support/mod.rs"]
#[allow(dead_code)]
mod support;

mod tui_drill;
mod tui_filter;
mod tui_fit;
mod tui_flow;
mod tui_game;
mod tui_guess;
mod tui_input;
mod tui_library_source;
mod tui_modes;
mod tui_pty;
mod tui_records;
mod tui_render;
mod tui_repertoire;
mod tui_screens;
mod tui_sets;
mod tui_tracks;
mod tui_trainers;
