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
