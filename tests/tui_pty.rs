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

    fn send(&mut self, bytes: &[u8]) {
        self.writer.write_all(bytes).unwrap();
        self.writer.flush().unwrap();
    }
}

#[test]
fn types_a_move_sees_the_reply_and_restores_the_terminal() {
    let data = tempfile::tempdir().unwrap();
    let pty = native_pty_system()
        .openpty(PtySize {
            rows: ROWS,
            cols: COLS,
            pixel_width: 0,
            pixel_height: 0,
        })
        .expect("a pseudo-terminal");
    let mut cmd = CommandBuilder::new(env!("CARGO_BIN_EXE_sancho"));
    cmd.args([
        "play",
        "--ascii",
        "--pack",
        "tests/fixtures/puzzles/good_pack.json",
        "--puzzle",
        "m2-001",
    ]);
    cmd.cwd(env!("CARGO_MANIFEST_DIR"));
    cmd.env("SANCHO_DATA_DIR", data.path());
    cmd.env("TERM", "xterm-256color");
    let mut child = pty.slave.spawn_command(cmd).expect("spawn sancho");
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
    let mut term = Term {
        parser,
        writer: pty.master.take_writer().unwrap(),
    };

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

    term.send(&[0x03]); // Ctrl-C
    let status = child.wait().expect("sancho exits");
    assert!(status.success(), "{status:?}");
    drop(term.writer);
    drop(pty.master);
    let _ = pump.join();
    let parser = term.parser.lock().unwrap();
    let screen = parser.screen();
    assert!(!screen.alternate_screen(), "left in the alternate screen");
    assert!(!screen.hide_cursor(), "cursor left hidden");
    drop(parser);

    // The solved puzzle was recorded.
    let stored = std::fs::read_to_string(data.path().join("progress.json")).unwrap();
    assert!(stored.contains("m2-001"), "{stored}");
}
