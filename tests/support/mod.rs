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

/// A fake UCI engine written into `dir` (a `/bin/sh` script): the
/// handshake, and for each `(fen, info lines)` the lines it prints after
/// `go` in that position, then `bestmove`; other positions get a bare
/// `bestmove 0000`. A position listed several times answers its n-th
/// search with its n-th entry (the last one again after that): an engine
/// whose scores jitter between searches. Every `go` is logged to
/// `dir/go.log`, so that a test can count the searches.
#[cfg(unix)]
#[allow(dead_code)]
pub fn fake_engine(dir: &std::path::Path, canned: &[(String, Vec<String>)]) -> std::path::PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let log = dir.join("go.log");
    let mut fens: Vec<&String> = Vec::new();
    for (fen, _) in canned {
        if !fens.contains(&fen) {
            fens.push(fen);
        }
    }
    let echo = |lines: &[String], indent: &str| -> String {
        lines
            .iter()
            .map(|line| format!("{indent}echo \"{line}\"\n"))
            .collect()
    };
    let mut cases = String::new();
    for fen in fens {
        let answers: Vec<&Vec<String>> = canned
            .iter()
            .filter(|(f, _)| f == fen)
            .map(|(_, lines)| lines)
            .collect();
        cases.push_str(&format!("      \"{fen}\")\n"));
        if let [only] = answers[..] {
            cases.push_str(&echo(only, "        "));
        } else {
            cases.push_str(&format!(
                "        n=$(grep -c -F -x \"$fen\" \"{}\")\n        case \"$n\" in\n",
                log.display()
            ));
            let last = answers.len() - 1;
            for (i, lines) in answers.iter().enumerate() {
                let label = if i == last {
                    "*".to_owned()
                } else {
                    (i + 1).to_string()
                };
                cases.push_str(&format!("          {label})\n"));
                cases.push_str(&echo(lines, "            "));
                cases.push_str("            ;;\n");
            }
            cases.push_str("        esac\n");
        }
        cases.push_str("        ;;\n");
    }
    let body = format!(
        r#"#!/bin/sh
fen=""
while IFS= read -r line; do
  case "$line" in
    uci) echo "id name Fake Engine 1"; echo "uciok" ;;
    isready) echo "readyok" ;;
    quit) exit 0 ;;
    "position fen "*) fen="${{line#position fen }}" ;;
    go*)
      echo "$fen" >> "{log}"
      case "$fen" in
{cases}      esac
      echo "bestmove 0000" ;;
  esac
done
"#,
        log = log.display()
    );
    let path = dir.join("fake-engine");
    std::fs::write(&path, body).expect("write the fake engine");
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755))
        .expect("make the fake engine executable");
    path
}
