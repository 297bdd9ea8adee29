//! The engine's process: start, handshake, options, analysis, clean stop.
//!
//! A reader thread turns the engine's stdout into a bounded channel of
//! lines, each at most [`MAX_LINE_BYTES`], so that every wait is a
//! `recv_timeout` against a wall-clock deadline and an engine that floods
//! is held back by the pipe instead of filling memory.

use std::io::{BufRead, BufReader, Read, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, SyncSender, sync_channel};
use std::time::{Duration, Instant};

use super::{
    EngineError, EngineOptions, Info, Limit, MAX_LINE_BYTES, PvLine, bestmove_word, check_answer,
    parse_id_name, read_info,
};

/// Lines read ahead of the exchange that waits for them.
const READ_AHEAD: usize = 256;

/// What the reader thread hands over.
#[derive(Debug)]
enum Incoming {
    /// One line, without its end (bytes that are not UTF-8 replaced).
    Line(String),
    /// A line longer than [`MAX_LINE_BYTES`] (the rest of it is skipped).
    TooLong,
}

/// A running UCI engine. Dropping it sends `quit` and kills the process if
/// it does not end promptly.
#[derive(Debug)]
pub struct Engine {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<Incoming>,
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
        let (tx, lines) = sync_channel(READ_AHEAD);
        std::thread::spawn(move || read_lines(stdout, &tx));
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
            Limit::Nodes(nodes) => (format!("go nodes {nodes}"), self.options.depth_timeout),
        };
        self.send(&go, "bestmove")?;
        let mut lines: Vec<PvLine> = Vec::new();
        let mut unreadable = None;
        let mut best = None;
        self.wait_for("bestmove", timeout, |line| match read_info(line) {
            Info::Pv(info) => {
                if info.multipv >= 1 && info.multipv <= multipv {
                    lines.retain(|l| l.multipv != info.multipv);
                    lines.push(info);
                }
                false
            }
            Info::Unreadable(word) => {
                unreadable.get_or_insert(word);
                false
            }
            Info::Other => match bestmove_word(line) {
                Some(word) => {
                    best = word.map(str::to_owned);
                    true
                }
                None => false,
            },
        })?;
        if let Some(word) = unreadable {
            return Err(EngineError::UnreadableMove { word });
        }
        if let Ok(pos) = crate::notation::parse_fen(fen) {
            check_answer(&pos, fen, &lines, best.as_deref())?;
        }
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

    /// Reads lines until `done` accepts one, the deadline passes (however
    /// many lines keep coming), more than `max_lines` came, or the engine's
    /// output ends.
    fn wait_for(
        &mut self,
        expected: &'static str,
        timeout: Duration,
        mut done: impl FnMut(&str) -> bool,
    ) -> Result<(), EngineError> {
        let deadline = Instant::now() + timeout;
        let timed_out = EngineError::Timeout {
            expected,
            after: timeout,
        };
        let mut read = 0;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return Err(timed_out);
            }
            match self.lines.recv_timeout(left) {
                Ok(Incoming::Line(line)) if done(&line) => return Ok(()),
                Ok(Incoming::Line(_)) => {
                    read += 1;
                    if read > self.options.max_lines {
                        return Err(EngineError::Flood {
                            expected,
                            lines: self.options.max_lines,
                        });
                    }
                }
                Ok(Incoming::TooLong) => return Err(EngineError::LineTooLong { expected }),
                Err(RecvTimeoutError::Timeout) => return Err(timed_out),
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

/// The reader thread: the engine's output as lines of at most
/// [`MAX_LINE_BYTES`], until it ends or the engine is dropped.
fn read_lines(stdout: impl Read, tx: &SyncSender<Incoming>) {
    let mut reader = BufReader::new(stdout);
    let mut line = Vec::new();
    loop {
        line.clear();
        let limit = u64::try_from(MAX_LINE_BYTES + 1).unwrap_or(u64::MAX);
        match (&mut reader).take(limit).read_until(b'\n', &mut line) {
            Ok(0) | Err(_) => return,
            Ok(_) => {}
        }
        let whole = line.last() == Some(&b'\n') || line.len() <= MAX_LINE_BYTES;
        let incoming = if whole {
            let text = line.strip_suffix(b"\n").unwrap_or(&line);
            let text = text.strip_suffix(b"\r").unwrap_or(text);
            Incoming::Line(String::from_utf8_lossy(text).into_owned())
        } else {
            Incoming::TooLong
        };
        if tx.send(incoming).is_err() {
            return;
        }
        if !whole && !skip_line(&mut reader) {
            return;
        }
    }
}

/// Skips to the end of the line being read; false when the output ends.
fn skip_line(reader: &mut impl BufRead) -> bool {
    loop {
        let Ok(buffer) = reader.fill_buf() else {
            return false;
        };
        if buffer.is_empty() {
            return false;
        }
        match buffer.iter().position(|&b| b == b'\n') {
            Some(end) => {
                reader.consume(end + 1);
                return true;
            }
            None => {
                let all = buffer.len();
                reader.consume(all);
            }
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
