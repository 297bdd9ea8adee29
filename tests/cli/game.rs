//! `sancho game --plain`: a position played out against the fake engine,
//! to mate, to a stalemate, and when the engine gives no move; without an
//! engine, both shells say how to get one.

use serde_json::{Value, json};

use crate::support::{self, json_lines, run_with_stdin};

/// K+Q v K, White to move: 1. Qg5 Kh7 2. Qg7# (or 1. Qg6?? stalemate).
const KQK: &str = "7k/8/5K2/8/8/8/8/6Q1 w - - 0 1";

fn game(
    engine: &std::path::Path,
    data: &std::path::Path,
    extra: &[&str],
    stdin: &str,
) -> Vec<Value> {
    let out = run_with_stdin(
        support::sancho()
            .args(["game", "--plain", "--json", "--fen", KQK, "--engine"])
            .arg(engine)
            .args(extra)
            .arg("--data-dir")
            .arg(data),
        stdin,
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    json_lines(&out.stdout)
}

#[cfg(unix)]
#[test]
fn a_game_against_the_fake_engine_ends_in_mate_stalemate_or_no_result() {
    let dir = tempfile::tempdir().unwrap();
    let canned = [(
        "7k/8/5K2/6Q1/8/8/8/8 b - - 1 1".to_owned(),
        vec!["info depth 5 score cp -900 pv h8h7".to_owned()],
    )];
    let engine = support::fake_engine(dir.path(), &canned);
    let events = game(
        &engine,
        dir.path(),
        &["--level", "2"],
        "Qz9\nmoves\nQg5\nQg7#\n",
    );
    let kinds: Vec<&str> = events.iter().filter_map(|e| e["event"].as_str()).collect();
    assert_eq!(
        kinds,
        [
            "game_start",
            "wrong",
            "message",
            "played",
            "engine_move",
            "played",
            "game_over"
        ]
    );
    assert_eq!(
        events[0],
        json!({"event": "game_start", "fen": KQK, "side": "white", "to_move": "white"})
    );
    assert_eq!(events[2]["text"], "No moves played yet.");
    assert_eq!(events[4]["san"], "Kh7");
    assert_eq!(events[4]["words"], "king from h8 to h7");
    assert_eq!(
        events[6],
        json!({"event": "game_over", "result": "1-0", "reason": "checkmate", "user_won": true,
               "moves": ["Qg5", "Kh7", "Qg7#"]})
    );
    // The engine was asked once, in the position after 1. Qg5.
    let log = std::fs::read_to_string(dir.path().join("go.log")).unwrap();
    assert_eq!(
        log.lines().collect::<Vec<_>>(),
        ["7k/8/5K2/6Q1/8/8/8/8 b - - 1 1"]
    );

    // 1. Qg6?? stalemates: a draw, the engine never asked.
    let events = game(&engine, dir.path(), &[], "Qg6\n");
    let over = events.last().unwrap();
    assert_eq!(over["result"], "1/2-1/2");
    assert_eq!(over["reason"], "stalemate");
    assert_eq!(over["user_won"], Value::Null);

    // An engine with no move for the position: the game stops without a result.
    let events = game(&engine, dir.path(), &[], "Qg2\n");
    let over = events.last().unwrap();
    assert_eq!(
        (&over["result"], &over["reason"]),
        (&json!("*"), &json!("engine_failed"))
    );

    // The end of input resigns.
    let events = game(&engine, dir.path(), &["--side", "white"], "");
    let over = events.last().unwrap();
    assert_eq!(
        (&over["result"], &over["reason"]),
        (&json!("0-1"), &json!("resigned"))
    );
}

#[test]
fn a_bad_fen_is_a_clear_error_and_no_engine_exits_2_saying_how_to_get_one() {
    let data = tempfile::tempdir().unwrap();
    let out = run_with_stdin(
        support::sancho()
            .args(["game", "--plain", "--fen", "not a fen", "--data-dir"])
            .arg(data.path()),
        "",
    );
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("--fen \"not a fen\""));
    // An engine that does not start, in line mode and on the full screen
    // alike: said before any screen opens.
    for plain in [true, false] {
        let mut cmd = support::sancho();
        cmd.arg("game");
        if plain {
            cmd.arg("--plain");
        }
        cmd.args(["--fen", KQK, "--engine", "/no/such/engine", "--data-dir"])
            .arg(data.path());
        let out = run_with_stdin(&mut cmd, "");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "plain {plain}");
        assert!(err.contains("did not start as a UCI engine"), "{err}");
        assert!(err.contains("apt-get install stockfish"), "{err}");
    }
    // No engine anywhere (only where none is installed in the places
    // searched): both shells exit 2 saying how to get one.
    let installed = ["/usr/games/stockfish", "/usr/local/bin/stockfish"]
        .iter()
        .any(|p| std::path::Path::new(p).is_file());
    if installed {
        return;
    }
    let empty = tempfile::tempdir().unwrap();
    for plain in [true, false] {
        let mut cmd = support::sancho();
        cmd.arg("game");
        if plain {
            cmd.arg("--plain");
        }
        cmd.args(["--fen", KQK, "--data-dir"])
            .arg(data.path())
            .env_remove("SANCHO_ENGINE")
            .env("PATH", empty.path());
        let out = run_with_stdin(&mut cmd, "");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "plain {plain}: {err}");
        assert!(err.contains("needs a chess engine"), "{err}");
        assert!(err.contains("`engine` in the config file"), "{err}");
    }
}

#[test]
#[ignore = "needs a real UCI engine (Stockfish)"]
fn a_real_engine_plays_the_only_reply_and_is_mated() {
    let engine = std::env::var_os("SANCHO_ENGINE")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| "/usr/games/stockfish".into());
    let data = tempfile::tempdir().unwrap();
    // After 1. Qg5, Kh7 is Black's only legal move, whatever the strength.
    let events = game(&engine, data.path(), &["--level", "8"], "Qg5\nQg7#\n");
    let over = events.last().unwrap();
    assert_eq!(over["moves"], json!(["Qg5", "Kh7", "Qg7#"]));
    assert_eq!(
        (&over["result"], &over["reason"]),
        (&json!("1-0"), &json!("checkmate"))
    );
}
