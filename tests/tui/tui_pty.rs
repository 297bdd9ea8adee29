//! The real binary in a pseudo-terminal: type a move character by character,
//! watch the live hint change, submit, see the opponent's reply, quit, and
//! find the terminal restored (main screen back, cursor shown).

use std::io::{Read, Write};
use std::num::NonZeroU16;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use portable_pty::{CommandBuilder, PtySize, native_pty_system};

const ROWS: u16 = 36;
const COLS: u16 = 110;

struct Term {
    parser: Arc<Mutex<vt100::Parser>>,
    writer: Box<dyn Write + Send>,
}

impl Term {
    fn screen_text(&self) -> String {
        self.parser.lock().unwrap().screen().contents()
    }

    /// Waits until the screen shows `needle` (or fails after 10 s).
    fn wait_for(&self, needle: &str) -> String {
        let start = Instant::now();
        loop {
            let text = self.screen_text();
            if text.contains(needle) {
                return text;
            }
            assert!(
                start.elapsed() < Duration::from_secs(10),
                "never saw {needle:?}; screen:\n{text}"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Waits until the screen shows one of `needles`.
    fn wait_for_any(&self, needles: &[&str]) -> String {
        let start = Instant::now();
        loop {
            let text = self.screen_text();
            if needles.iter().any(|n| text.contains(n)) {
                return text;
            }
            assert!(
                start.elapsed() < Duration::from_secs(10),
                "never saw any of {needles:?}; screen:\n{text}"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    fn send(&mut self, bytes: &[u8]) {
        self.writer.write_all(bytes).unwrap();
        self.writer.flush().unwrap();
    }
}

/// The real binary running in a pseudo-terminal, its screen parsed.
struct Session {
    term: Term,
    child: Box<dyn portable_pty::Child + Send + Sync>,
    master: Box<dyn portable_pty::MasterPty + Send>,
    pump: std::thread::JoinHandle<()>,
    data: tempfile::TempDir,
}

/// Starts `sancho play --ascii --pack PACK --puzzle ID` in a fresh data directory.
fn spawn(pack: &str, puzzle: &str) -> Session {
    let args = ["play", "--ascii", "--pack", pack, "--puzzle", puzzle];
    spawn_in(&args, tempfile::tempdir().unwrap())
}

/// Starts `sancho ARGS` with `data` as its data directory.
fn spawn_in(args: &[&str], data: tempfile::TempDir) -> Session {
    let mut cmd = CommandBuilder::new(env!("CARGO_BIN_EXE_sancho"));
    cmd.args(args);
    spawn_command(cmd, data)
}

/// Starts `cmd` in the repository with `data` as Sancho's data directory.
fn spawn_command(mut cmd: CommandBuilder, data: tempfile::TempDir) -> Session {
    let pty = native_pty_system()
        .openpty(PtySize {
            rows: ROWS,
            cols: COLS,
            pixel_width: 0,
            pixel_height: 0,
        })
        .expect("a pseudo-terminal");
    cmd.cwd(env!("CARGO_MANIFEST_DIR"));
    cmd.env("SANCHO_DATA_DIR", data.path());
    cmd.env("TERM", "xterm-256color");
    let child = pty.slave.spawn_command(cmd).expect("spawn sancho");
    drop(pty.slave);
    let parser = Arc::new(Mutex::new(vt100::Parser::new(
        NonZeroU16::new(ROWS).unwrap(),
        NonZeroU16::new(COLS).unwrap(),
        0,
    )));
    let mut reader = pty.master.try_clone_reader().unwrap();
    let sink = Arc::clone(&parser);
    let pump = std::thread::spawn(move || {
        let mut buf = [0u8; 8192];
        while let Ok(n) = reader.read(&mut buf) {
            if n == 0 {
                break;
            }
            sink.lock().unwrap().process(&buf[..n]);
        }
    });
    let term = Term {
        parser,
        writer: pty.master.take_writer().unwrap(),
    };
    Session {
        term,
        child,
        master: pty.master,
        pump,
        data,
    }
}

impl Session {
    /// Resizes the terminal (the program hears SIGWINCH).
    fn resize(&self, cols: u16, rows: u16) {
        self.master
            .resize(PtySize {
                rows,
                cols,
                pixel_width: 0,
                pixel_height: 0,
            })
            .unwrap();
        self.term.parser.lock().unwrap().screen_mut().set_size(
            NonZeroU16::new(rows).unwrap(),
            NonZeroU16::new(cols).unwrap(),
        );
    }

    /// Ctrl-C, then waits for the exit; returns the progress file's text.
    fn quit(mut self) -> String {
        self.term.send(&[0x03]);
        let status = self.child.wait().expect("sancho exits");
        assert!(status.success(), "{status:?}");
        drop(self.term.writer);
        drop(self.master);
        let _ = self.pump.join();
        let parser = self.term.parser.lock().unwrap();
        let screen = parser.screen();
        assert!(!screen.alternate_screen(), "left in the alternate screen");
        assert!(!screen.hide_cursor(), "cursor left hidden");
        assert_eq!(
            screen.mouse_protocol_mode(),
            vt100::MouseProtocolMode::None,
            "mouse capture left on"
        );
        drop(parser);
        std::fs::read_to_string(self.data.path().join("progress.json")).unwrap_or_default()
    }
}

const GOOD_PACK: &str = "tests/fixtures/puzzles/good_pack.json";

#[test]
fn types_a_move_sees_the_reply_and_restores_the_terminal() {
    let mut s = spawn(GOOD_PACK, "m2-001");
    let term = &mut s.term;
    term.wait_for("Your move");
    assert!(term.parser.lock().unwrap().screen().alternate_screen());

    // Character by character: the live hint follows each keystroke.
    term.send(b"K");
    term.wait_for("partial");
    term.send(b"b");
    term.wait_for("Kb5");
    term.send(b"6");
    term.wait_for("complete: Kb6");
    term.send(b"\r");
    // The opponent's reply comes by itself after a short pause.
    term.wait_for("Kb8");
    // A move that cannot be: explained at once.
    term.send(b"Rd9");
    term.wait_for("not a rank");
    term.send(&[0x15]); // Ctrl-U clears the line
    term.send(b"Rd8#\r");
    term.wait_for("Solved");

    // The solved puzzle was recorded.
    let stored = s.quit();
    assert!(stored.contains("m2-001"), "{stored}");
}

#[test]
fn a_large_paste_never_freezes_the_keys() {
    let mut s = spawn(GOOD_PACK, "m2-001");
    let term = &mut s.term;
    term.wait_for("Your move");
    // 8 KB of typing at once (no paste brackets): every byte is read, so the
    // keys after it are answered at once.
    term.send(&[b'x'; 8192]);
    term.send(&[0x15]);
    term.send(b"Kb6");
    term.wait_for("complete: Kb6");
    term.send(&[0x15]);
    // A bracketed paste of 100 KB over many lines: its first line, bounded,
    // lands on the input line.
    let mut paste = b"\x1b[200~Kb6\n".to_vec();
    paste.extend(std::iter::repeat_n(b'y', 100_000));
    paste.extend_from_slice(b"\x1b[201~");
    term.send(&paste);
    term.wait_for("complete: Kb6");
    term.send(b"\r");
    term.wait_for("Kb8");
    s.quit();
}

#[test]
fn below_the_minimum_size_keys_do_nothing_but_quit() {
    let mut s = spawn(GOOD_PACK, "m1-001");
    s.term.wait_for("Your move");
    s.resize(59, 18);
    s.term.wait_for("at least 60");
    // The mating move: were it heard, the puzzle would be solved and
    // recorded before the Ctrl-C that follows it.
    s.term.send(b"Re8#\r");
    let stored = s.quit();
    assert!(
        !stored.contains("m1-001"),
        "acted on while too small: {stored}"
    );
}

#[test]
fn in_a_mate_in_one_no_piece_letter_shows_a_mate_sign_before_the_move() {
    let mut s = spawn(GOOD_PACK, "m1-001");
    let term = &mut s.term;
    term.wait_for("Your move");
    // Each piece letter alone, then a file and the destination: the live
    // hint helps with the notation and never shows the mating `#`.
    for typed in ["K", "Q", "R", "B", "N", "e", "Re", "Re8"] {
        term.send(&[0x15]);
        term.send(typed.as_bytes());
        // The input and its hint, drawn in the same frame.
        term.wait_for(&format!("> {typed} "));
        let screen = term.wait_for_any(&["fit", "impossible", "complete"]);
        assert!(!screen.contains('#'), "{typed}: a # on screen:\n{screen}");
    }
    term.wait_for("complete: Re8,");
    // Submitted: now the mate is shown.
    term.send(b"\r");
    let solved = term.wait_for("1. Re8#");
    assert!(solved.contains("1 solved"), "{solved}");
    // Once the store's thread has written it (a frame or so later).
    term.wait_for("Rating +");
    s.quit();
}

#[test]
fn the_library_screen_counts_and_plays_through_its_worker_thread() {
    let data = tempfile::tempdir().unwrap();
    let out = crate::support::sancho()
        .args([
            "import",
            "--quiet",
            "tests/fixtures/puzzles/lichess_small.csv",
        ])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("SANCHO_DATA_DIR", data.path())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mut s = spawn_in(&["--ascii"], data);
    s.term.wait_for("Library");
    // Home: Puzzles, Drills, Stats, Library.
    s.term.send(b"jjj\r");
    s.term.wait_for("puzzles match");
    s.term.send(b"p");
    s.term.wait_for("Your move");
    s.quit();
}

#[test]
fn ctrl_z_gives_the_shell_its_screen_and_fg_brings_the_trainer_back() {
    // An interactive shell with job control runs the trainer, as a user's would.
    let mut cmd = CommandBuilder::new("bash");
    cmd.args(["--norc", "--noprofile", "-i"]);
    cmd.env("PS1", "shell$ ");
    let mut s = spawn_command(cmd, tempfile::tempdir().unwrap());
    s.term.wait_for("shell$");
    let line = format!(
        "{} play --ascii --pack {GOOD_PACK} --puzzle m2-001\r",
        env!("CARGO_BIN_EXE_sancho")
    );
    s.term.send(line.as_bytes());
    s.term.wait_for("Your move");
    s.term.send(b"Kb6");
    s.term.wait_for("complete: Kb6");

    s.term.send(&[0x1a]); // Ctrl-Z
    s.term.wait_for("Stopped");
    {
        let parser = s.term.parser.lock().unwrap();
        assert!(
            !parser.screen().alternate_screen(),
            "still in the alternate screen"
        );
        assert!(!parser.screen().hide_cursor(), "cursor left hidden");
    }

    s.term.send(b"fg\r");
    // The whole screen again, with what was typed.
    let back = s.term.wait_for("complete: Kb6");
    assert!(back.contains("Your move"), "{back}");
    assert!(s.term.parser.lock().unwrap().screen().alternate_screen());
    s.term.send(b"\r");
    s.term.wait_for("Kb8");

    s.term.send(&[0x03]); // Ctrl-C leaves the trainer
    s.term.wait_for("shell$");
    assert!(!s.term.parser.lock().unwrap().screen().alternate_screen());
    s.term.send(b"exit\r");
    s.child.wait().expect("the shell exits");
}

#[test]
fn sigterm_and_sighup_restore_the_terminal_and_record_like_ctrl_c() {
    for signal in ["TERM", "HUP"] {
        let mut s = spawn(GOOD_PACK, "m2-001");
        s.term.wait_for("Your move");
        // A wrong move: the puzzle is failed, and leaving records it.
        s.term.send(b"Kb5\r");
        s.term
            .wait_for_any(&["not the move", "Not the move", "wrong", "Wrong"]);
        let pid = s.child.process_id().expect("a pid");
        let killed = std::process::Command::new("kill")
            .args([format!("-{signal}"), pid.to_string()])
            .status()
            .expect("run kill");
        assert!(killed.success());
        let status = s.child.wait().expect("sancho exits");
        assert!(status.success(), "SIG{signal}: {status:?}");
        drop(s.term.writer);
        drop(s.master);
        let _ = s.pump.join();
        {
            let parser = s.term.parser.lock().unwrap();
            assert!(
                !parser.screen().alternate_screen(),
                "SIG{signal}: alternate screen"
            );
            assert!(!parser.screen().hide_cursor(), "SIG{signal}: cursor hidden");
        }
        let stored =
            std::fs::read_to_string(s.data.path().join("progress.json")).unwrap_or_default();
        assert!(
            stored.contains("m2-001"),
            "SIG{signal}: not recorded: {stored}"
        );
    }
}

#[test]
fn the_config_file_rebinds_keys_and_its_problems_are_said_after_the_screen() {
    let data = tempfile::tempdir().unwrap();
    let config = data.path().join("config.toml");
    std::fs::write(
        &config,
        "reply_delay_ms = 0\ncolors = \"sepia\"\n[keys]\npuzzle.hint = \"F9\"\n",
    )
    .unwrap();
    let mut cmd = CommandBuilder::new(env!("CARGO_BIN_EXE_sancho"));
    cmd.args(["play", "--ascii", "--pack", GOOD_PACK, "--puzzle", "m2-001"]);
    cmd.env("SANCHO_CONFIG", &config);
    let mut s = spawn_command(cmd, data);
    s.term.wait_for("Your move");
    // The footer comes with the same frame, but a loaded machine may hand
    // the frame over in pieces: wait for the footer itself (a missing one
    // fails with the screen shown).
    let screen = s.term.wait_for("F9 hint");
    assert!(!screen.contains("F2"), "the default key is gone:\n{screen}");
    s.term.send(b"\x1b[20~"); // F9
    s.term.wait_for("Hint:");
    s.term.send(&[0x03]);
    s.child.wait().expect("sancho exits");
    drop(s.term.writer);
    drop(s.master);
    let _ = s.pump.join();
    let text = s.term.parser.lock().unwrap().screen().contents();
    assert!(
        text.contains("line 2: colors: \"sepia\" is not one of"),
        "the problem is said again after the full screen:\n{text}"
    );
}

#[test]
fn the_find_the_square_drill_is_answered_with_the_arrow_keys() {
    use sancho::drill::{self, DrillKind, Show};
    use shakmaty::{Color, Square};
    // The exercises of seed 7, up to and including the first "Find".
    let exercises = drill::generate(DrillKind::Coordinates, 7, 40, &Default::default());
    let find = exercises
        .iter()
        .position(|e| matches!(e.show, Show::Question { .. }))
        .expect("a Find exercise among 40");
    let count = (find + 1).to_string();
    let args = ["drill", "coordinates", "--seed", "7", "--count", &count];
    let mut s = spawn_in(&args, tempfile::tempdir().unwrap());
    let term = &mut s.term;
    term.wait_for("Coordinates");
    // Clicks are reported to the trainer (the keyboard needs none of them).
    assert_ne!(
        term.parser.lock().unwrap().screen().mouse_protocol_mode(),
        vt100::MouseProtocolMode::None
    );
    // The squares to name are typed.
    for e in &exercises[..find] {
        term.send(format!("{}\r", e.expected_text()).as_bytes());
    }
    let target: Square = exercises[find].expected_text().parse().unwrap();
    term.wait_for(&format!("Find: {target}"));
    // The cursor starts on e4; the arrows move it as the board is drawn.
    let sign = if exercises[find].orientation == Color::White {
        1
    } else {
        -1
    };
    let right = (target.file().to_u32() as i32 - 4) * sign;
    let up = (target.rank().to_u32() as i32 - 3) * sign;
    let horizontal: &[u8] = if right > 0 { b"\x1b[C" } else { b"\x1b[D" };
    let vertical: &[u8] = if up > 0 { b"\x1b[A" } else { b"\x1b[B" };
    for _ in 0..right.abs() {
        term.send(horizontal);
    }
    for _ in 0..up.abs() {
        term.send(vertical);
    }
    term.send(b"\r");
    let screen = term.wait_for("Correct:");
    assert!(screen.contains(&format!("Correct: {target}")), "{screen}");
    s.quit();
}

#[test]
fn a_mouse_click_answers_find_in_a_real_terminal() {
    use ratatui::layout::Rect;
    use sancho::config::BoardSize;
    use sancho::drill::{self, DrillKind, Show};
    use sancho::tui::Theme;
    use sancho::tui::view::Board;
    use sancho::tui::view::drill_board_area;
    use shakmaty::Square;
    let exercises = drill::generate(DrillKind::Coordinates, 7, 40, &Default::default());
    let find = exercises
        .iter()
        .position(|e| matches!(e.show, Show::Question { .. }))
        .expect("a Find exercise among 40");
    let count = (find + 1).to_string();
    let args = ["drill", "coordinates", "--seed", "7", "--count", &count];
    let mut s = spawn_in(&args, tempfile::tempdir().unwrap());
    let term = &mut s.term;
    term.wait_for("Coordinates");
    for e in &exercises[..find] {
        term.send(format!("{}\r", e.expected_text()).as_bytes());
    }
    let target: Square = exercises[find].expected_text().parse().unwrap();
    term.wait_for(&format!("Find: {target}"));
    // Where the square is drawn on this terminal.
    let ex = &exercises[find];
    let board = Board {
        pos: &ex.position,
        bottom: ex.orientation,
        last_move: None,
        marks: Default::default(),
        highlights: &[],
        ascii: false,
        large: false,
        theme: Theme::new(false),
    };
    let rect = board
        .square_rect(
            drill_board_area(Rect::new(0, 0, COLS, ROWS), BoardSize::Auto),
            target,
        )
        .unwrap();
    let (x, y) = (rect.x + rect.width / 2 + 1, rect.y + rect.height / 2 + 1);
    // An SGR mouse report: left button down, then up (1-based cells).
    term.send(format!("\x1b[<0;{x};{y}M\x1b[<0;{x};{y}m").as_bytes());
    let screen = term.wait_for("Correct:");
    assert!(screen.contains(&format!("Correct: {target}")), "{screen}");
    s.quit();
}

#[test]
fn a_mouse_click_on_a_home_menu_item_opens_it_in_a_real_terminal() {
    let mut s = spawn_in(&[], tempfile::tempdir().unwrap());
    let term = &mut s.term;
    let screen = term.wait_for("Drills and lessons");
    // The row and the column where "Stats" is drawn (alone on its line).
    let (row, line) = screen
        .lines()
        .enumerate()
        .find(|(_, l)| l.trim() == "Stats")
        .unwrap_or_else(|| panic!("no Stats item:\n{screen}"));
    let column = line.find("Stats").unwrap() + 2;
    let (x, y) = (column + 1, row + 1);
    // An SGR mouse report: left button down, then up (1-based cells).
    term.send(format!("\x1b[<0;{x};{y}M\x1b[<0;{x};{y}m").as_bytes());
    let screen = term.wait_for("No results yet");
    assert!(!screen.contains("Drills and lessons"), "{screen}");
    s.quit();
}

#[test]
fn a_woodpecker_set_plays_in_the_trainer_and_each_puzzle_joins_its_cycle() {
    let data = tempfile::tempdir().unwrap();
    let made = crate::support::sancho()
        .args([
            "set",
            "new",
            "wp",
            "--source",
            GOOD_PACK,
            "--theme",
            "backRankMate,mateIn2",
        ])
        .args(["--count", "2", "--seed", "1", "--data-dir"])
        .arg(data.path())
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("run sancho set new");
    assert!(
        made.status.success(),
        "{}",
        String::from_utf8_lossy(&made.stderr)
    );
    let mut s = spawn_in(&["set", "play", "wp", "--ascii"], data);
    // m1-001 first (the easier), solved; then m2-001, given up.
    s.term.wait_for("Puzzle 1 of 2");
    s.term.send(b"Re8#\r");
    s.term.wait_for("Checkmate!");
    s.term.send(&[0x0e]); // Ctrl-N: next
    s.term.wait_for("Puzzle 2 of 2");
    s.term.send(&[0x13]); // Ctrl-S: the solution
    let stored = s.quit();
    let doc: serde_json::Value = serde_json::from_str(&stored).expect("progress.json");
    let results = &doc["sets"][0]["cycles"][0]["results"];
    assert_eq!(results.as_array().map(Vec::len), Some(2), "{stored}");
    assert_eq!(
        (&results[0]["index"], &results[0]["solved"]),
        (&serde_json::json!(0), &serde_json::json!(true))
    );
    assert_eq!(
        (&results[1]["index"], &results[1]["solved"]),
        (&serde_json::json!(1), &serde_json::json!(false))
    );
}

#[test]
fn sancho_storm_opens_full_screen_and_its_clock_runs_out() {
    let args = ["storm", "--seconds", "2", "--seed", "1"];
    let mut s = spawn_in(&args, tempfile::tempdir().unwrap());
    let term = &mut s.term;
    let screen = term.wait_for("Puzzle Storm");
    assert!(
        screen.contains("Time  0:02 (starts with your first move)"),
        "{screen}"
    );
    assert!(screen.contains("Score 0"), "{screen}");
    // Not a move: refused at no cost, and the clock has not started.
    term.send(b"zz\r");
    // The first pawn push the live hint calls complete is played: it
    // starts the clock (right or wrong, two seconds soon run out).
    let pushes = ('a'..='h').flat_map(|f| ['3', '4', '5', '6'].map(|r| format!("{f}{r}")));
    let mut played = false;
    for push in pushes {
        term.send(push.as_bytes());
        let screen = term.wait_for(&format!("> {push}"));
        if screen.contains(&format!("complete: {push}")) {
            term.send(b"\r");
            played = true;
            break;
        }
        term.send(&[0x15]); // Ctrl-U clears the line
    }
    assert!(played, "no pawn push is legal here");
    let screen = term.wait_for("Time is up.");
    assert!(screen.contains("Score: "), "{screen}");
    term.send(b"\r");
    term.wait_for("Storm: ");
    let stored = s.quit();
    assert!(stored.contains("\"runs\""), "the run is kept: {stored}");
    assert!(stored.contains("\"storm\""), "{stored}");
}

#[cfg(unix)]
#[test]
fn the_full_screen_shows_the_engines_refutation_once_the_puzzle_ends() {
    use std::os::unix::fs::PermissionsExt;
    // A fake UCI engine: every search says the king takes the rook.
    let dir = tempfile::tempdir().unwrap();
    let engine = dir.path().join("fake-engine");
    std::fs::write(
        &engine,
        "#!/bin/sh\nwhile IFS= read -r line; do\n  case \"$line\" in\n    \
         uci) echo \"id name Fake\"; echo uciok ;;\n    isready) echo readyok ;;\n    \
         quit) exit 0 ;;\n    go*) echo \"info depth 9 score cp 500 pv c8d8\"; echo \"bestmove c8d8\" ;;\n  \
         esac\ndone\n",
    )
    .unwrap();
    std::fs::set_permissions(&engine, std::fs::Permissions::from_mode(0o755)).unwrap();
    let engine = engine.to_str().unwrap();
    let args = [
        "play", "--ascii", "--pack", GOOD_PACK, "--puzzle", "m2-001", "--engine", engine,
    ];
    let mut s = spawn_in(&args, tempfile::tempdir().unwrap());
    let term = &mut s.term;
    term.wait_for("Your move");
    term.send(b"Rd8+\r");
    let screen = term.wait_for("not the move");
    assert!(!screen.contains("Kxd8"), "never before the end:\n{screen}");
    term.send(b"Kb6\r");
    term.wait_for("Kb8");
    term.send(b"Rd8#\r");
    let screen = term.wait_for("Kxd8");
    assert!(screen.contains("Rd8+?"), "{screen}");
    s.quit();
}
