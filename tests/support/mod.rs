//! Shared by the test crates (each includes it with `#[path]`): running the
//! real binary as a user's shell or script would.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// The binary under test, as a command to add arguments to.
pub fn sancho() -> Command {
    Command::new(env!("CARGO_BIN_EXE_sancho"))
}

/// Runs `command` with `stdin` written to it and then closed, capturing
/// stdout and stderr.
pub fn run_with_stdin(command: &mut Command, stdin: &str) -> Output {
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run sancho");
    child
        .stdin
        .take()
        .expect("stdin is piped")
        .write_all(stdin.as_bytes())
        .expect("write stdin");
    child.wait_with_output().expect("wait for sancho")
}

/// The lines of `stdout` that are JSON objects, parsed (line mode's
/// `--json` writes one event per line).
pub fn json_lines(stdout: &[u8]) -> Vec<serde_json::Value> {
    String::from_utf8_lossy(stdout)
        .lines()
        .filter(|l| l.starts_with('{'))
        .map(|l| serde_json::from_str(l).expect("one JSON object per line"))
        .collect()
}
