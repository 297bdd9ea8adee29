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
    // Issue 38: a clock already past the fifty-move rule started a game
    // that ended at once; it is said instead.
    let out = run_with_stdin(
        support::sancho()
            .args([
                "game",
                "--plain",
                "--fen",
                "7k/8/5K2/8/8/8/8/6Q1 w - - 120 90",
            ])
            .arg("--data-dir")
            .arg(data.path()),
        "",
    );
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("the game is already over in this position: its halfmove clock is 120"),
        "{err}"
    );
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
    // No engine anywhere (`SANCHO_ENGINE=none` hides an installed one, and
    // the PATH is empty): both shells exit 2 saying how to get one.
    let empty = tempfile::tempdir().unwrap();
    for plain in [true, false] {
        let mut cmd = support::sancho();
        cmd.arg("game");
        if plain {
            cmd.arg("--plain");
        }
        cmd.args(["--fen", KQK, "--data-dir"])
            .arg(data.path())
            .env("SANCHO_ENGINE", "none")
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

/// A tiny endgame set for `--endgames FILE`: K+Q v K with a budget of one
/// move and of two.
fn endgame_file(dir: &std::path::Path) -> std::path::PathBuf {
    let entry = |id: &str, moves: u32| {
        json!({"id": id, "title": "Queen and king against king", "fen": KQK, "side": "white",
               "goal": "mate", "moves": moves, "note": "Mind the stalemate."})
    };
    let path = dir.join("endgames.json");
    let doc = json!({"endgames": [entry("short", 1), entry("two", 2)]});
    std::fs::write(&path, doc.to_string()).unwrap();
    path
}

fn progress_games(data: &std::path::Path) -> Vec<Value> {
    let text = std::fs::read_to_string(data.join("progress.json")).unwrap();
    let doc: Value = serde_json::from_str(&text).unwrap();
    doc["games"].as_array().cloned().unwrap_or_default()
}

#[cfg(unix)]
#[test]
fn an_endgame_is_achieved_or_failed_by_stalemate_or_the_budget_and_recorded_so() {
    let dir = tempfile::tempdir().unwrap();
    let data = tempfile::tempdir().unwrap();
    let canned = [(
        "7k/8/5K2/6Q1/8/8/8/8 b - - 1 1".to_owned(),
        vec!["info depth 5 score cp -900 pv h8h7".to_owned()],
    )];
    let engine = support::fake_engine(dir.path(), &canned);
    let file = endgame_file(dir.path());
    let run = |key: &str, stdin: &str| {
        let out = run_with_stdin(
            support::sancho()
                .args(["game", "--plain", "--json", "--endgame", key, "--endgames"])
                .arg(&file)
                .arg("--engine")
                .arg(&engine)
                .arg("--data-dir")
                .arg(data.path()),
            stdin,
        );
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        json_lines(&out.stdout)
    };

    // Mate in two within a budget of two.
    let events = run("two", "Qg5\nQg7#\n");
    assert_eq!(
        events[0]["endgame"],
        json!({"id": "two", "title": "Queen and king against king", "goal": "mate", "moves": 2,
               "text": "Mate within 2 moves."})
    );
    let over = events.last().unwrap();
    assert_eq!(over["reason"], "checkmate");
    assert_eq!(
        over["goal"],
        json!({"goal": "mate", "moves": 2, "achieved": true, "moves_used": 2,
               "text": "Goal reached in 2 moves.", "note": "Mind the stalemate."})
    );

    // 1. Qg6?? stalemates: the goal is missed.
    let events = run("2", "Qg6\n");
    let over = events.last().unwrap();
    assert_eq!(
        (&over["reason"], &over["goal"]["achieved"]),
        (&json!("stalemate"), &json!(false))
    );
    assert_eq!(over["goal"]["text"], "Goal missed: stalemate is a draw.");

    // One move and no mate: the budget is spent, the game stops there.
    let events = run("short", "Qg5\n");
    let over = events.last().unwrap();
    assert_eq!(
        (&over["result"], &over["reason"], &over["goal"]["achieved"]),
        (&json!("*"), &json!("move_limit"), &json!(false))
    );

    // All three recorded, the failures as failures (ids of one second
    // sort by a random nonce: compared in order of the tuple).
    let games = progress_games(data.path());
    let mut recorded: Vec<(&str, &str, bool)> = games
        .iter()
        .map(|g| {
            (
                g["endgame"].as_str().unwrap(),
                g["reason"].as_str().unwrap(),
                g["goal"]["achieved"].as_bool().unwrap(),
            )
        })
        .collect();
    recorded.sort_unstable();
    assert_eq!(
        recorded,
        [
            ("short", "move_limit", false),
            ("two", "checkmate", true),
            ("two", "stalemate", false),
        ]
    );
    let mated = games.iter().find(|g| g["reason"] == "checkmate").unwrap();
    assert_eq!(mated["moves"], json!(["Qg5", "Kh7", "Qg7#"]));
    assert_eq!(mated["goal"]["moves_used"], 2);

    // `stats` counts them.
    let out = support::sancho()
        .args(["stats", "--json", "--data-dir"])
        .arg(data.path())
        .output()
        .unwrap();
    let stats: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        stats["endgames"],
        json!({"games": 3, "attempts": 3, "achieved": 1, "tried": 2, "mastered": 1})
    );
}

/// The board's file letters, as every drawn board ends.
const FILES: &str = " a  b  c  d  e  f  g  h";

#[cfg(unix)]
#[test]
fn a_puzzle_or_a_pgn_game_gives_the_position_and_a_blindfold_game_draws_no_board() {
    let dir = tempfile::tempdir().unwrap();
    let engine = support::fake_engine(dir.path(), &[]);
    let run = |args: &[&str], stdin: &str| {
        run_with_stdin(
            support::sancho()
                .arg("game")
                .args(args)
                .arg("--engine")
                .arg(&engine)
                .arg("--data-dir")
                .arg(dir.path()),
            stdin,
        )
    };
    // A built-in puzzle whose first move is the opponent's: the position
    // after it, the user's side.
    let out = run(&["--plain", "--json", "--puzzle", "egw-001"], "");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let events = json_lines(&out.stdout);
    assert_eq!(
        events[0],
        json!({"event": "game_start", "fen": "8/8/8/5K2/6pk/3Q4/4p3/8 w - - 0 2",
               "side": "white", "to_move": "white", "from": "puzzle egw-001"})
    );
    // Resigned before a move: nothing recorded.
    assert!(!dir.path().join("progress.json").exists() || progress_games(dir.path()).is_empty());
    let out = run(&["--plain", "--puzzle", "no-such-id"], "");
    assert!(!out.status.success());
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("--puzzle no-such-id: no built-in puzzle")
    );

    // The first game of a PGN after 2 plies; a ply beyond the game.
    let pgn = dir.path().join("g.pgn");
    std::fs::write(
        &pgn,
        "[White \"Anna\"]\n[Black \"Ben\"]\n\n1. e4 e5 2. Nf3 *\n\n[White \"Cleo\"]\n[Black \"Dan\"]\n\n1. d4 *\n",
    )
    .unwrap();
    let pgn_arg = pgn.to_str().unwrap();
    let out = run(&["--plain", "--json", "--pgn", pgn_arg, "--ply", "2"], "");
    let events = json_lines(&out.stdout);
    assert_eq!(
        (&events[0]["fen"], &events[0]["side"], &events[0]["from"]),
        (
            &json!("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"),
            &json!("white"),
            &json!("Anna – Ben after 2 plies")
        )
    );
    let out = run(
        &[
            "--plain", "--json", "--pgn", pgn_arg, "--ply", "1", "--game", "dan",
        ],
        "",
    );
    assert_eq!(json_lines(&out.stdout)[0]["side"], "black");
    let out = run(&["--plain", "--pgn", pgn_arg, "--ply", "4"], "");
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("ply 4 is beyond the game: it has 3 plies"),
        "{err}"
    );

    // Blindfold: no board at the start, on `board`, or at the end; the
    // pieces in words. Without it, the board is drawn.
    let out = run(
        &["--plain", "--fen", KQK, "--blindfold"],
        "board\npieces\nQg6\n",
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(!text.contains(FILES), "{text}");
    assert!(text.contains("White: Kf6, Qg1"), "{text}");
    assert!(text.contains("Blindfold: no board is drawn."), "{text}");
    let out = run(&["--plain", "--fen", KQK], "Qg6\n");
    assert!(String::from_utf8_lossy(&out.stdout).contains(FILES));
}

#[cfg(unix)]
#[test]
fn out_writes_a_pgn_that_reads_back_with_its_headers() {
    let dir = tempfile::tempdir().unwrap();
    let canned = [(
        "7k/8/5K2/6Q1/8/8/8/8 b - - 1 1".to_owned(),
        vec!["info depth 5 score cp -900 pv h8h7".to_owned()],
    )];
    let engine = support::fake_engine(dir.path(), &canned);
    let file = dir.path().join("out.pgn");
    let out = run_with_stdin(
        support::sancho()
            .args(["game", "--plain", "--fen", KQK, "--level", "3", "--engine"])
            .arg(&engine)
            .arg("--out")
            .arg(&file)
            .arg("--data-dir")
            .arg(dir.path()),
        "Qg5\nmoves\nQg7#\n",
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("1. Qg5  Kh7"),
        "the scoresheet in two columns: {text}"
    );
    assert!(text.contains(&format!("The game is written to {}", file.display())));
    let pgn = std::fs::read_to_string(&file).unwrap();
    let game = sancho::drill::parse_game(&pgn).unwrap();
    for (tag, value) in [
        ("Event", "Sancho game"),
        ("Site", "Sancho"),
        ("Round", "-"),
        ("White", "You"),
        ("Black", "fake-engine (level 3)"),
        ("Result", "1-0"),
        ("SetUp", "1"),
        ("FEN", KQK),
    ] {
        assert_eq!(game.tag(tag), Some(value), "{tag} in {pgn}");
    }
    assert_eq!(game.tag("Date").map(str::len), Some(10));
    assert_eq!(game.moves, ["Qg5", "Kh7", "Qg7#"]);
    // The game is recorded, with no endgame and no goal.
    let games = progress_games(dir.path());
    assert_eq!(games.len(), 1);
    assert_eq!(games[0]["result"], "1-0");
    assert!(games[0].get("goal").is_none() && games[0].get("endgame").is_none());
}

// Issue 38: an engine that answers an illegal move is named as the
// engine, not taken for one that gave no move.
#[cfg(unix)]
#[test]
fn an_engine_that_answers_an_illegal_move_is_named() {
    let dir = tempfile::tempdir().unwrap();
    let after = "7k/8/5K2/6Q1/8/8/8/8 b - - 1 1";
    for (answer, said) in [
        (
            "info depth 5 score cp -900 pv h8h6",
            format!("the engine answered h8h6, which is not a legal move in {after}"),
        ),
        (
            "info depth 5 score cp -900 pv Kh7",
            "the engine answered \"Kh7\" where a move in UCI belongs".to_owned(),
        ),
    ] {
        let engine =
            support::fake_engine(dir.path(), &[(after.to_owned(), vec![answer.to_owned()])]);
        let out = run_with_stdin(
            support::sancho()
                .args(["game", "--plain", "--json", "--fen", KQK, "--engine"])
                .arg(&engine)
                .arg("--data-dir")
                .arg(dir.path()),
            "Qg5\n",
        );
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains(&said), "{stderr}");
        let over = json_lines(&out.stdout).pop().unwrap();
        assert_eq!(over["reason"], "engine_failed");
    }
}
