//! Blind tactics in line mode (`sancho play --blind N`): the frozen board,
//! the moves read from it, a solve from the position in the head, and the
//! attempt recorded with `blind`.

use serde_json::{Value, json};

use crate::support::{self, json_lines, run_with_stdin};

const LICHESS: &str = "tests/fixtures/puzzles/lichess_small.csv";

fn sancho(args: &[&str], data: &std::path::Path, stdin: &str) -> std::process::Output {
    run_with_stdin(
        support::sancho().args(args).arg("--data-dir").arg(data),
        stdin,
    )
}

fn kinds(events: &[Value]) -> Vec<&str> {
    events.iter().filter_map(|e| e["event"].as_str()).collect()
}

/// The attempts in the data directory's progress file.
fn attempts(data: &std::path::Path) -> Vec<Value> {
    let text = std::fs::read_to_string(data.join("progress.json")).expect("progress file");
    let progress: Value = serde_json::from_str(&text).expect("json");
    progress["attempts"].as_array().cloned().expect("attempts")
}

#[test]
fn one_ply_on_a_lichess_puzzle_reads_the_set_up_move_and_records_blind() {
    let data = tempfile::tempdir().unwrap();
    let args = [
        "play", "--plain", "--json", "--pack", LICHESS, "--puzzle", "fx001", "--blind", "1",
    ];
    let out = sancho(&args, data.path(), "Re8#\n");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let events = json_lines(&out.stdout);
    // The set-up move is read in `blind`, never played as `opponent_move`.
    assert_eq!(
        kinds(&events),
        ["puzzle", "blind", "correct", "solved", "end"]
    );
    assert_eq!(
        events[1],
        json!({
            "event": "blind",
            "plies": 1,
            "fen": "6k1/5ppp/8/8/8/8/5PPP/4R1K1 b - - 0 1",
            "to_move": "black",
            "moves": [{"uci": "g8h8", "san": "Kh8", "words": "king from g8 to h8"}],
        })
    );
    let attempts = attempts(data.path());
    assert_eq!(attempts.len(), 1);
    assert_eq!(attempts[0]["puzzle"], "fx001");
    assert_eq!(attempts[0]["outcome"], "solved");
    assert_eq!(attempts[0]["blind"], 1);
    // Rated as usual: the first attempt moved the rating.
    assert!(
        events[3]["rated"].as_bool().unwrap_or(false),
        "{}",
        events[3]
    );

    // Played on the board, the attempt has no `blind`.
    let out = sancho(
        &[
            "play", "--plain", "--json", "--pack", LICHESS, "--puzzle", "fx003",
        ],
        data.path(),
        "Qf8#\n",
    );
    assert!(out.status.success());
    let attempts = self::attempts(data.path());
    assert_eq!(attempts.len(), 2);
    assert!(attempts[1].get("blind").is_none(), "{}", attempts[1]);
}

#[test]
fn text_draws_the_frozen_board_and_the_final_one_only_at_the_end() {
    let data = tempfile::tempdir().unwrap();
    let args = [
        "play", "--plain", "--pack", LICHESS, "--puzzle", "fx002", "--blind", "1",
    ];
    let out = sancho(&args, data.path(), "Kb6\nboard\nRd8#\n");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let (during, after) = text.split_once("Solved!").expect("solved");
    assert!(
        during.contains("Blind: the board 1 ply before the puzzle, frozen until it ends."),
        "{text}"
    );
    assert!(
        during.contains("Read from here: 1... Kc8 (Kc8: king from b8 to c8)."),
        "{text}"
    );
    assert!(
        during.contains("Solve it in your head: White to move."),
        "{text}"
    );
    // The frozen board is the puzzle's start: Black's king still on b8.
    assert!(during.contains("Black: Kb8"), "{text}");
    assert!(!during.contains("Black: Kc8"), "{text}");
    // The reply is told; `board` shows the frozen board and the moves since.
    assert!(during.contains("The opponent plays Kb8"), "{text}");
    assert!(during.contains("Moves since: 2. Kb6 Kb8."), "{text}");
    assert!(after.contains("The final position:"), "{text}");
    assert!(after.contains("a  b  c  d  e  f  g  h"), "{text}");
}

#[test]
fn more_plies_than_a_puzzle_keeps_is_a_clear_error() {
    let data = tempfile::tempdir().unwrap();
    let one = [
        "play", "--plain", "--pack", LICHESS, "--puzzle", "fx001", "--blind", "2",
    ];
    let out = sancho(&one, data.path(), "");
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("--blind 2 asks for more moves than puzzle fx001 keeps before it (1;"),
        "{err}"
    );
    let all = ["play", "--plain", "--pack", LICHESS, "--blind", "3"];
    let out = sancho(&all, data.path(), "");
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("no puzzle here keeps 3 plies"), "{err}");
    let zero = ["play", "--plain", "--pack", LICHESS, "--blind", "0"];
    let out = sancho(&zero, data.path(), "");
    assert_eq!(out.status.code(), Some(2), "a usage error");
}

/// A game in which White misses 4.Qxf7# (after 3...Nf6??).
const SCHOLAR_GAME: &str = "[Event \"Club\"]\n[White \"Me\"]\n[Black \"Rival\"]\n\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qf3 d6 *\n";
/// Where Qxf7 is mate.
const SCHOLAR: &str = "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4";

/// The game mined with a fake engine that sees the mate: a pack of one
/// puzzle whose `lead` is the game's first five plies.
#[cfg(unix)]
fn mined_pack(dir: &std::path::Path) -> std::path::PathBuf {
    let engine = support::fake_engine(
        dir,
        &[(
            SCHOLAR.to_owned(),
            vec![
                "info depth 5 multipv 1 score mate 1 pv h5f7".to_owned(),
                "info depth 5 multipv 2 score cp -40 pv h5f3 d7d6".to_owned(),
            ],
        )],
    );
    let pgn = dir.join("game.pgn");
    std::fs::write(&pgn, SCHOLAR_GAME).unwrap();
    let out = dir.join("mined.json");
    let run = support::sancho()
        .arg("mine")
        .arg(&pgn)
        .arg("--engine")
        .arg(&engine)
        .args(["--quiet", "--out"])
        .arg(&out)
        .output()
        .unwrap();
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    out
}

#[cfg(unix)]
#[test]
fn six_plies_on_a_mined_puzzle_read_the_game_from_its_start() {
    let dir = tempfile::tempdir().unwrap();
    let pack = mined_pack(dir.path());
    let mined: Value = serde_json::from_str(&std::fs::read_to_string(&pack).unwrap()).unwrap();
    assert_eq!(
        mined["puzzles"][0]["lead"],
        json!({
            "fen": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "moves": ["e2e4", "e7e5", "f1c4", "b8c6", "d1h5"],
        })
    );
    let pack = pack.to_str().unwrap();
    let data = tempfile::tempdir().unwrap();
    let args = ["play", "--plain", "--json", "--pack", pack, "--blind", "6"];
    let out = sancho(&args, data.path(), "Qxf7#\n");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let events = json_lines(&out.stdout);
    assert_eq!(
        kinds(&events),
        ["puzzle", "blind", "correct", "solved", "end"]
    );
    let blind = &events[1];
    assert_eq!(blind["plies"], 6);
    assert_eq!(
        blind["fen"],
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
    assert_eq!(blind["to_move"], "white");
    let sans: Vec<&str> = blind["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["san"].as_str().unwrap())
        .collect();
    assert_eq!(sans, ["e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6"]);
    assert_eq!(
        blind["moves"][4],
        json!({"uci": "d1h5", "san": "Qh5", "words": "queen from d1 to h5"})
    );
    let attempts = attempts(data.path());
    assert_eq!(attempts[0]["blind"], 6);
    assert_eq!(attempts[0]["outcome"], "solved");

    // In text: the start position frozen, the six plies read in SAN and in
    // words.
    let text_args = ["play", "--plain", "--pack", pack, "--blind", "6"];
    let out = sancho(&text_args, data.path(), "Qxf7#\n");
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("Blind: the board 6 plies before the puzzle, frozen until it ends."),
        "{text}"
    );
    assert!(
        text.contains("Read from here: 1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6"),
        "{text}"
    );
    assert!(text.contains("Qh5: queen from d1 to h5"), "{text}");

    // Seven is more than the game before it.
    let seven = ["play", "--plain", "--pack", pack, "--blind", "7"];
    let out = sancho(&seven, data.path(), "");
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("--blind 7 asks for more moves than puzzle game-") && err.contains("(6;"),
        "{err}"
    );
}
