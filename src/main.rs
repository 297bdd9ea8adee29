//! The `sancho` command: the trainer (no arguments) and the scriptable
//! subcommands. Argument parsing and dispatch only; the work is in the
//! library and in the shell modules under `cli/`.

// Non-test code states its invariants (`expect`) or handles the error.
#![cfg_attr(not(test), deny(clippy::unwrap_used))]
// Standard output is written through `say!` or a handle, whose errors are
// returned: a closed pipe is one rule for every command (`closed_pipe`).
#![deny(clippy::print_stdout)]

mod cli;

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    let args = cli::Cli::parse();
    match cli::run(args) {
        Ok(code) => code,
        Err(err) if closed_pipe(&err) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("sancho: {}", message(&err));
            ExitCode::from(2)
        }
    }
}

/// Whether the error is only the reader of our output going away (`| head`).
fn closed_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|cause| {
        let kind = cause
            .downcast_ref::<std::io::Error>()
            .map(std::io::Error::kind)
            .or_else(|| cause.downcast_ref::<serde_json::Error>()?.io_error_kind());
        kind == Some(std::io::ErrorKind::BrokenPipe)
    })
}

/// The error and its causes, each said once: many errors already include
/// their source in their own message.
fn message(err: &anyhow::Error) -> String {
    let mut text = String::new();
    for cause in err.chain() {
        let part = cause.to_string();
        if !text.contains(&part) {
            if !text.is_empty() {
                text.push_str(": ");
            }
            text.push_str(&part);
        }
    }
    text
}
