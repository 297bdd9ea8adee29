//! The engine's process: start, handshake, options, analysis, clean stop.
//!
//! A reader thread turns the engine's stdout into a channel of lines, so
//! that every wait is a `recv_timeout` against a deadline.

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

use super::{EngineError, EngineOptions, Limit, PvLine, parse_bestmove, parse_id_name, parse_info};

/// A running UCI engine. Dropping it sends `quit` and kills the process if
/// it does not end promptly.
#[derive(Debug)]
pub struct Engine {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    options: EngineOptions,
    name: Option<String>,
    multipv: u32,
}

impl Engine {
    /// Starts the engine, waits for `uciok`, sets `Threads` and `Hash`, and
    /// waits for `readyok`.
    ///
    /// # Errors
    /// [`EngineError`] when the program cannot be started, or does not
    /// complete the handshake in time, or exits.
    pub fn start(path: &Path, options: EngineOptions) -> Result<Self, EngineError> {
        let mut child = Command::new(path)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|source| EngineError::Spawn {
                path: path.to_owned(),
                source,
            })?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            let _ = child.kill();
            return Err(EngineError::Exited {
                expected: "uciok",
                status: "no pipes".to_owned(),
            });
        };
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut engine = Self {
            child,
            stdin,
            lines,
            options,
            name: None,
            multipv: 1,
        };
        engine.send("uci", "uciok")?;
        let timeout = engine.options.timeout;
        let mut name = None;
        engine.wait_for("uciok", timeout, |line| {
            if let Some(n) = parse_id_name(line) {
                name = Some(n.to_owned());
            }
            line.trim() == "uciok"
        })?;
        engine.name = name;
        let (threads, hash) = (engine.options.threads, engine.options.hash_mb);
        engine.set_option("Threads", &threads.to_string())?;
        engine.set_option("Hash", &hash.to_string())?;
        engine.sync()?;
        Ok(engine)
    }

    /// The engine's name from its `id name` line, if it gave one.
    pub fn name(&self) -> Option<&str> {
        self.name.as_deref()
    }

    /// Sends `setoption name NAME value VALUE`.
    ///
    /// # Errors
    /// [`EngineError::Write`] or [`EngineError::Exited`].
    pub fn set_option(&mut self, name: &str, value: &str) -> Result<(), EngineError> {
        self.send(&format!("setoption name {name} value {value}"), "readyok")
    }

    /// `isready`, then waits for `readyok`.
    ///
    /// # Errors
    /// [`EngineError`] when the engine does not answer in time.
    pub fn sync(&mut self) -> Result<(), EngineError> {
        self.send("isready", "readyok")?;
        let timeout = self.options.timeout;
        self.wait_for("readyok", timeout, |line| line.trim() == "readyok")
    }

    /// Tells the engine that the next positions come from another game.
    ///
    /// # Errors
    /// As [`Engine::sync`].
    pub fn new_game(&mut self) -> Result<(), EngineError> {
        self.send("ucinewgame", "readyok")?;
        self.sync()
    }

    /// Analyses the position `fen` and returns its best `multipv` lines,
    /// best first (fewer when the position has fewer legal moves).
    ///
    /// # Errors
    /// [`EngineError::Timeout`] when no `bestmove` comes within the limit
    /// (the search time plus the exchange timeout, or the depth timeout),
    /// [`EngineError::Exited`] when the engine dies.
    pub fn analyse(
        &mut self,
        fen: &str,
        multipv: u32,
        limit: Limit,
    ) -> Result<Vec<PvLine>, EngineError> {
        if multipv != self.multipv {
            self.set_option("MultiPV", &multipv.to_string())?;
            self.multipv = multipv;
        }
        self.send(&format!("position fen {fen}"), "bestmove")?;
        let (go, timeout) = match limit {
            Limit::Depth(depth) => (format!("go depth {depth}"), self.options.depth_timeout),
            Limit::Movetime(ms) => (
                format!("go movetime {ms}"),
                Duration::from_millis(ms) + self.options.timeout,
            ),
        };
        self.send(&go, "bestmove")?;
        let mut lines: Vec<PvLine> = Vec::new();
        self.wait_for("bestmove", timeout, |line| {
            if let Some(info) = parse_info(line) {
                if info.multipv >= 1 && info.multipv <= multipv {
                    lines.retain(|l| l.multipv != info.multipv);
                    lines.push(info);
                }
                return false;
            }
            parse_bestmove(line).is_some()
        })?;
        lines.sort_by_key(|l| l.multipv);
        Ok(lines)
    }

    fn send(&mut self, command: &str, expected: &'static str) -> Result<(), EngineError> {
        match writeln!(self.stdin, "{command}").and_then(|()| self.stdin.flush()) {
            Ok(()) => Ok(()),
            Err(e) => match self.exit_status() {
                Some(status) => Err(EngineError::Exited { expected, status }),
                None => Err(EngineError::Write(e)),
            },
        }
    }

    /// Reads lines until `done` accepts one, the deadline passes, or the
    /// engine's output ends.
    fn wait_for(
        &mut self,
        expected: &'static str,
        timeout: Duration,
        mut done: impl FnMut(&str) -> bool,
    ) -> Result<(), EngineError> {
        let deadline = Instant::now() + timeout;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) if done(&line) => return Ok(()),
                Ok(_) => {}
                Err(RecvTimeoutError::Timeout) => {
                    return Err(EngineError::Timeout {
                        expected,
                        after: timeout,
                    });
                }
                Err(RecvTimeoutError::Disconnected) => {
                    let status = self.wait_exit(Duration::from_secs(1));
                    return Err(EngineError::Exited { expected, status });
                }
            }
        }
    }

    /// The exit status if the process has ended.
    fn exit_status(&mut self) -> Option<String> {
        self.child.try_wait().ok().flatten().map(|s| s.to_string())
    }

    /// Waits up to `grace` for the process to end; its status, worded.
    fn wait_exit(&mut self, grace: Duration) -> String {
        let deadline = Instant::now() + grace;
        loop {
            if let Some(status) = self.exit_status() {
                return status;
            }
            if Instant::now() >= deadline {
                return "closed its output".to_owned();
            }
            std::thread::sleep(Duration::from_millis(10));
        }
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit").and_then(|()| self.stdin.flush());
        let deadline = Instant::now() + Duration::from_millis(500);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
