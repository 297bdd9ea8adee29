//! Line mode through the real binary: a whole session driven on stdin in
//! `--json`, then `sancho stats --json` shows what was recorded.

use std::io::Write;
use std::process::{Command, Stdio};

use serde_json::Value;

const PACK: &str = "tests/fixtures/puzzles/good_pack.json";

fn sancho(args: &[&str], data: &std::path::Path, stdin: &str) -> (Vec<Value>, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_sancho"))
        .args(args)
        .arg("--data-dir")
        .arg(data)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run sancho");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(stdin.as_bytes())
        .expect("write stdin");
    let out = child.wait_with_output().expect("wait");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).expect("utf-8");
    let events = text
        .lines()
        .filter(|l| l.starts_with('{'))
        .map(|l| serde_json::from_str(l).expect("one JSON object per line"))
        .collect();
    (events, text)
}

fn kinds(events: &[Value]) -> Vec<&str> {
    events
        .iter()
        .map(|e| e["event"].as_str().unwrap())
        .collect()
}

#[test]
fn a_json_session_plays_and_is_recorded() {
    let data = tempfile::tempdir().unwrap();
    // m1-001: a wrong move, a hint, then the mate typed loosely.
    // m1-002: the opponent moves first (Kh8), then Qf8#.
    // m2-001: given up.
    let input = "Re7\nhint\nre8\nf7f8\nsolution\nquit\n";
    let (events, _) = sancho(
        &["play", "--plain", "--json", "--pack", PACK],
        data.path(),
        input,
    );
    assert_eq!(
        kinds(&events),
        [
            "puzzle",
            "wrong",
            "failed_keep_going", // Re7 is legal: the puzzle counts as failed
            "hint",
            "correct",
            "failed", // m1-001, played to the end but failed
            "puzzle",
            "opponent_move",
            "correct",
            "solved", // m1-002
            "puzzle",
            "failed",
            "puzzle",
            "end",
        ]
    );
    assert_eq!(events[0]["id"], "m1-001");
    assert_eq!(events[0]["to_move"], "white");
    assert_eq!(events[0]["fen"], "6k1/5ppp/8/8/8/8/5PPP/4R1K1 w - - 0 1");
    assert_eq!(events[1]["input"], "Re7");
    assert_eq!(events[1]["legal"], true);
    assert!(
        events[1]["reason"]
            .as_str()
            .unwrap()
            .contains("not the solution")
    );
    assert_eq!(events[2]["reason"], "wrong_move");
    assert_eq!(events[3]["rung"], 1);
    assert_eq!(events[4]["san"], "Re8#");
    assert_eq!(events[4]["uci"], "e1e8");
    let codes: Vec<&str> = events[4]["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["code"].as_str().unwrap())
        .collect();
    assert_eq!(codes, ["lowercase-piece", "missing-mate"]);
    assert_eq!(events[5]["id"], "m1-001");
    assert_eq!(events[7]["san"], "Kh8");
    assert_eq!(events[7]["uci"], "g8h8");
    assert_eq!(events[11]["id"], "m2-001");
    assert_eq!(events[11]["solution"][0], "Kb6");

    let out = Command::new(env!("CARGO_BIN_EXE_sancho"))
        .args(["stats", "--json", "--data-dir"])
        .arg(data.path())
        .output()
        .unwrap();
    let stats: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(stats["puzzles"]["attempted"], 3);
    assert_eq!(
        stats["puzzles"]["solved"], 1,
        "only the clean solve of m1-002"
    );
    assert_eq!(stats["puzzles"]["failed"], 2);
    assert_eq!(
        stats["reviews_due"], 0,
        "a failed puzzle is due tomorrow, not now"
    );
    assert!(stats["mistakes"].is_array());
}

#[test]
fn plain_text_draws_the_board_and_lists_the_pieces() {
    let data = tempfile::tempdir().unwrap();
    let (_, text) = sancho(
        &["play", "--plain", "--pack", PACK, "--puzzle", "m1-001"],
        data.path(),
        "Re8#\n",
    );
    assert!(text.contains("White: Kg1, Re1, pawns f2 g2 h2"), "{text}");
    assert!(text.contains("Black: Kg8, pawns f7 g7 h7"), "{text}");
    assert!(text.contains("a  b  c  d  e  f  g  h"), "{text}");
    assert!(text.contains("Solved!"), "{text}");
}

#[test]
fn a_missing_puzzle_id_is_a_clear_error() {
    let out = Command::new(env!("CARGO_BIN_EXE_sancho"))
        .args(["play", "--plain", "--pack", PACK, "--puzzle", "nope"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no puzzle has the id nope"));
}
