//! Shared by the test crates (each includes it with `#[path]`): running the
//! real binary as a user's shell or script would.

use std::cell::Cell;
use std::io::{self, BufRead, Read, Write};
use std::process::{Command, Output, Stdio};
use std::rc::Rc;

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
    // A run that ends before reading all of it (an error at start, `quit`)
    // closes its end: what it did not read was not needed.
    match child
        .stdin
        .take()
        .expect("stdin is piped")
        .write_all(stdin.as_bytes())
    {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => panic!("write stdin: {e}"),
        _ => {}
    }
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

/// Input whose every line sets the shared clock to its time when it is
/// read: a script of (milliseconds, answer).
pub struct Script {
    lines: Vec<(u64, Vec<u8>)>,
    next: usize,
    pos: usize,
    clock: Rc<Cell<u64>>,
}

impl Script {
    pub fn new(lines: &[(u64, String)], clock: Rc<Cell<u64>>) -> Script {
        Script {
            lines: lines
                .iter()
                .map(|(t, l)| (*t, format!("{l}\n").into_bytes()))
                .collect(),
            next: 0,
            pos: 0,
            clock,
        }
    }
}

impl Read for Script {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = {
            let data = self.fill_buf()?;
            let n = data.len().min(buf.len());
            buf[..n].copy_from_slice(&data[..n]);
            n
        };
        self.consume(n);
        Ok(n)
    }
}

impl BufRead for Script {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        if self.next < self.lines.len() && self.pos == self.lines[self.next].1.len() {
            self.next += 1;
            self.pos = 0;
        }
        match self.lines.get(self.next) {
            Some((t, line)) => {
                if self.pos == 0 {
                    self.clock.set(*t);
                }
                Ok(&line[self.pos..])
            }
            None => Ok(&[]),
        }
    }

    fn consume(&mut self, amt: usize) {
        self.pos += amt;
    }
}
