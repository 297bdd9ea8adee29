//! Command-line tests: the binary's subcommands and line mode, run as a
//! child process. One test crate per area keeps the suite to a few binaries
//! to link (issue 16).

#[path = "../support/mod.rs"]
mod support;

mod blind;
mod cli_drill;
mod cli_library;
mod cli_notation;
mod cli_shell;
mod core_crate;
mod doctor;
mod game;
mod guess;
mod inputs;
mod line_play;
mod modes;
mod out_file;
mod package;
mod protocol;
mod rated;
mod repertoire;
mod sets;
mod worksheet;
