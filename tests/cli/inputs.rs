//! Files the user names (issue 38, fault 12): every command that reads
//! one refuses a device such as `/dev/zero` before reading it, stops a
//! stream that never ends at its bound with a message, and never reads a
//! slow stream while a store's lock is held; `progress import` says all
//! it brought.

#![cfg(unix)]

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use crate::support;

/// Runs `cmd` with no input, failing the test if it takes longer than a
/// minute (the fault was a read without end).
fn run_within_a_minute(cmd: &mut Command) -> Output {
    let mut child = cmd
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(60);
    while child.try_wait().unwrap().is_none() {
        if Instant::now() > deadline {
            let _ = child.kill();
            panic!("{cmd:?} still reading after a minute");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

fn sancho_in(data: &Path, args: &[&str]) -> Command {
    let mut cmd = support::sancho();
    cmd.args(args).arg("--data-dir").arg(data);
    cmd
}

/// A FIFO in `dir` that a thread fills with `bytes` once a reader opens
/// it, then with zeros for as long as the reader reads (`hold` is `None`),
/// or holds open until `hold` says (or is dropped) and closes.
fn fifo(
    dir: &Path,
    name: &str,
    bytes: &'static [u8],
    hold: Option<std::sync::mpsc::Receiver<()>>,
) -> PathBuf {
    let path = dir.join(name);
    let made = Command::new("mkfifo").arg(&path).status().unwrap();
    assert!(made.success());
    let writing = path.clone();
    std::thread::spawn(move || {
        let Ok(mut file) = std::fs::OpenOptions::new().write(true).open(&writing) else {
            return;
        };
        if file.write_all(bytes).is_err() {
            return;
        }
        match hold {
            None => {
                let zeros = vec![0u8; 1 << 16];
                while file.write_all(&zeros).is_ok() {}
            }
            Some(release) => {
                let _ = release.recv();
            }
        }
    });
    path
}

const PGN: &str = "[Event \"x\"]\n\n1. e4 e5 2. Nf3 *\n";

#[test]
fn every_reader_refuses_a_device_before_reading_it() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let pgn = d.join("white.pgn");
    std::fs::write(&pgn, PGN).unwrap();
    let engine = support::fake_engine(d, &[]);
    let engine = engine.to_str().unwrap();
    // `repertoire check` needs a repertoire first.
    let made = run_within_a_minute(&mut sancho_in(
        d,
        &[
            "repertoire",
            "add",
            pgn.to_str().unwrap(),
            "--side",
            "white",
        ],
    ));
    assert!(
        made.status.success(),
        "{}",
        String::from_utf8_lossy(&made.stderr)
    );
    let zero = "/dev/zero";
    let commands: &[&[&str]] = &[
        &["game", "--plain", "--endgames", zero, "--list-endgames"],
        &[
            "game", "--plain", "--pgn", zero, "--ply", "1", "--engine", engine,
        ],
        &["repertoire", "add", zero, "--side", "white", "--name", "z"],
        &["repertoire", "check", zero],
        &["guess", "--plain", "--pgn", zero],
        &["mine", zero, "--engine", engine, "--quiet"],
        &["progress", "import", zero],
        &["class", "report", zero],
        &["drill", "scoresheet", "--plain", "--pgn", zero],
        &["resolve", "--batch", zero],
        &["import", zero, "--quiet"],
        &["library", "curate", "--from", zero, "--out", "/dev/null"],
    ];
    for args in commands {
        let out = run_within_a_minute(&mut sancho_in(d, args));
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{args:?}");
        assert!(
            err.contains("/dev/zero")
                && err.contains("it is a character device, not a file or a stream"),
            "{args:?}: {err}"
        );
    }
}

#[test]
fn a_stream_that_never_ends_is_stopped_at_its_bound() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // Read whole: stopped at 256 MiB.
    let endless = fifo(d, "endless", b"", None);
    let out = run_within_a_minute(&mut sancho_in(
        d,
        &["progress", "import", endless.to_str().unwrap()],
    ));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(
        err.contains("stopped after 256 MiB: it is a FIFO (named pipe), not a regular file"),
        "{err}"
    );
    // Read as a stream of games: a line without end is no PGN.
    let endless = fifo(d, "games", b"1. e4 ", None);
    let engine = support::fake_engine(d, &[]);
    let out = run_within_a_minute(&mut sancho_in(
        d,
        &[
            "mine",
            endless.to_str().unwrap(),
            "--quiet",
            "--engine",
            engine.to_str().unwrap(),
        ],
    ));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(
        err.contains("line 1 is longer than 1024 KiB: this is not PGN text"),
        "{err}"
    );
}

#[test]
fn a_slow_stream_is_read_before_the_repertoire_store_is_locked() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let other = d.join("other.pgn");
    std::fs::write(&other, PGN).unwrap();
    let made = run_within_a_minute(&mut sancho_in(
        d,
        &[
            "repertoire",
            "add",
            other.to_str().unwrap(),
            "--side",
            "black",
        ],
    ));
    assert!(made.status.success());
    // A writer that sends a game and keeps the pipe open until told.
    let (release, held) = std::sync::mpsc::channel();
    let slow = fifo(d, "slow.pgn", PGN.as_bytes(), Some(held));
    let mut adding = sancho_in(
        d,
        &[
            "repertoire",
            "add",
            slow.to_str().unwrap(),
            "--side",
            "white",
        ],
    )
    .stdin(Stdio::null())
    .stdout(Stdio::piped())
    .stderr(Stdio::piped())
    .spawn()
    .unwrap();
    // Meanwhile another command changes the store: it must not wait for
    // the add (which cannot end before the writer closes).
    let deleted = run_within_a_minute(&mut sancho_in(d, &["repertoire", "delete", "other"]));
    assert!(
        deleted.status.success(),
        "{}",
        String::from_utf8_lossy(&deleted.stderr)
    );
    assert!(adding.try_wait().unwrap().is_none(), "the add still reads");
    release.send(()).unwrap();
    let added = adding.wait().unwrap();
    assert!(added.success());
    let list = run_within_a_minute(&mut sancho_in(d, &["repertoire", "list"]));
    let list = String::from_utf8_lossy(&list.stdout);
    assert!(list.contains("slow"), "{list}");
    assert!(!list.contains("other"), "{list}");
}

// Fault 13: the summary left out games, repertoire reviews and sets.
#[test]
fn progress_import_says_all_it_brought() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let t0 = 1_700_000_000;
    let doc = serde_json::json!({
        "schema": 2,
        "attempts": [{"id": "1700000000-p1-01", "source": "lichess", "puzzle": "p1", "at": t0,
                      "outcome": "solved", "time_ms": 5000}],
        "runs": [{"id": "1700000200-storm-03", "mode": "storm", "at": t0 + 200, "score": 12}],
        "sets": [{"id": "1700000000-0000000000000001", "name": "forks", "created": t0,
                  "origin": "builtin", "filters": "", "seed": 7,
                  "puzzles": [{"source": {"builtin": "mate-in-one"}, "puzzle": "m1"}],
                  "cycles": []}],
        "repertoire": [{"id": "1700000400-repertoire-06", "name": "white",
                        "card": "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -",
                        "at": t0 + 400, "right": true, "time_ms": 4000}],
        "games": [{"id": "1700000300-game-04", "at": t0 + 300,
                   "fen": "7k/8/5K2/8/8/8/8/6Q1 w - - 0 1", "side": "white", "result": "1-0",
                   "reason": "checkmate", "moves": ["Qg5", "Kh7", "Qg7#"]}]
    });
    let file = d.join("theirs.json");
    std::fs::write(&file, doc.to_string()).unwrap();
    let out = run_within_a_minute(&mut sancho_in(
        d,
        &["progress", "import", file.to_str().unwrap()],
    ));
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        said.contains(
            "1 new attempts (0 already known), 0 new drill results, 0 lessons newly complete, 1 new games played out, 1 new repertoire reviews, 1 new Storm and Streak runs, 1 new sets"
        ),
        "{said}"
    );
}
