//! The `sancho` command: the trainer (no arguments) and the scriptable
//! subcommands. Argument parsing and dispatch only; the work is in the
//! library and in the shell modules under `cli/`.

mod cli;

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    let args = cli::Cli::parse();
    match cli::run(args) {
        Ok(code) => code,
        Err(err) => {
            eprintln!("sancho: {err:#}");
            ExitCode::from(2)
        }
    }
}
