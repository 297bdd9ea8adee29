//! Line mode through the real binary: a whole session driven on stdin in
//! `--json`, then `sancho stats --json` shows what was recorded.

use std::io::Write;

use std::process::Stdio;

use serde_json::Value;

use crate::support::{self, json_lines, run_with_stdin};

const PACK: &str = "tests/fixtures/puzzles/good_pack.json";

fn sancho(args: &[&str], data: &std::path::Path, stdin: &str) -> (Vec<Value>, String) {
    let out = run_with_stdin(
        support::sancho().args(args).arg("--data-dir").arg(data),
        stdin,
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let events = json_lines(&out.stdout);
    (events, String::from_utf8(out.stdout).expect("utf-8"))
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

    let out = support::sancho()
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
fn blindfold_gives_the_puzzle_in_words_and_draws_only_at_the_end() {
    let data = tempfile::tempdir().unwrap();
    let args = [
        "play",
        "--plain",
        "--blindfold",
        "--pack",
        PACK,
        "--puzzle",
        "m2-001",
    ];
    let (_, text) = sancho(&args, data.path(), "Kb6\nboard\nRd8#\n");
    let (during, after) = text.split_once("Solved!").expect("solved");
    assert!(
        during.contains("The position, White to move:\nWhite: Kc6, Rd1\nBlack: Kc8"),
        "{text}"
    );
    assert!(during.contains("No moves played yet."), "{text}");
    // `board` says the moves since, still in words.
    assert!(during.contains("Moves since: 1. Kb6 Kb8."), "{text}");
    assert!(
        !during.contains("a  b  c  d  e  f  g  h"),
        "no board: {text}"
    );
    // Once it is over, the board.
    assert!(after.contains("The final position:"), "{text}");
    assert!(after.contains("a  b  c  d  e  f  g  h"), "{text}");

    // Without --blindfold the board is drawn at once, as before.
    let (_, text) = sancho(
        &["play", "--plain", "--pack", PACK, "--puzzle", "m2-001"],
        data.path(),
        "quit\n",
    );
    assert!(!text.contains("Blindfold"), "{text}");
    assert!(text.contains("a  b  c  d  e  f  g  h"), "{text}");
}

#[test]
fn a_missing_puzzle_id_is_a_clear_error() {
    let out = support::sancho()
        .args(["play", "--plain", "--pack", PACK, "--puzzle", "nope"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no puzzle has the id nope"));
}

fn stats(data: &std::path::Path) -> Value {
    let out = support::sancho()
        .args(["stats", "--json", "--data-dir"])
        .arg(data)
        .output()
        .unwrap();
    serde_json::from_slice(&out.stdout).unwrap()
}

fn event<'a>(events: &'a [Value], kind: &str) -> &'a Value {
    events
        .iter()
        .find(|e| e["event"] == kind)
        .unwrap_or_else(|| panic!("no {kind} event in {events:?}"))
}

#[test]
fn wrong_then_right_is_recorded_failed_and_the_rating_goes_down() {
    let data = tempfile::tempdir().unwrap();
    let (events, _) = sancho(
        &[
            "play", "--plain", "--json", "--pack", PACK, "--puzzle", "m1-001",
        ],
        data.path(),
        "Re7\nRe8#\n",
    );
    assert_eq!(
        kinds(&events),
        [
            "puzzle",
            "wrong",
            "failed_keep_going",
            "correct",
            "failed",
            "end"
        ]
    );
    let failed = event(&events, "failed");
    assert_eq!(failed["id"], "m1-001");
    assert_eq!(failed["gave_up"], false);
    assert_eq!(failed["reason"], "wrong_move");
    assert_eq!(failed["rated"], true);
    assert_eq!(failed["saved"], true);
    assert!(failed["rating_after"].as_i64() < failed["rating_before"].as_i64());
    assert_eq!(failed["rating_before"], 1500);
    let stats = stats(data.path());
    assert_eq!(stats["puzzles"]["solved"], 0);
    assert_eq!(stats["puzzles"]["failed"], 1);
    assert_eq!(
        stats["rating"]["current"].as_f64().map(f64::round),
        failed["rating_after"].as_f64()
    );
}

#[test]
fn notation_mistakes_do_not_fail_and_a_clean_solve_raises_the_rating() {
    let data = tempfile::tempdir().unwrap();
    let (events, text) = sancho(
        &[
            "play", "--plain", "--json", "--pack", PACK, "--puzzle", "m1-001",
        ],
        data.path(),
        "Re9\nRe\nRe8#\n",
    );
    assert_eq!(
        kinds(&events),
        ["puzzle", "wrong", "wrong", "correct", "solved", "end"]
    );
    let solved = event(&events, "solved");
    // Every key the event had before is kept.
    assert_eq!(solved["id"], "m1-001");
    assert!(solved["message"].is_string());
    assert_eq!(solved["rated"], true);
    assert!(solved["rating_after"].as_i64() > solved["rating_before"].as_i64());
    assert_eq!(stats(data.path())["puzzles"]["solved"], 1, "{text}");

    // A second attempt at the same puzzle is not rated.
    let (events, _) = sancho(
        &[
            "play", "--plain", "--json", "--pack", PACK, "--puzzle", "m1-001",
        ],
        data.path(),
        "Re8#\n",
    );
    let again = event(&events, "solved");
    assert_eq!(again["rated"], false);
    assert_eq!(again["rating_before"], again["rating_after"]);
}

#[test]
fn plain_text_tells_the_rating_change() {
    let data = tempfile::tempdir().unwrap();
    let (_, text) = sancho(
        &["play", "--plain", "--pack", PACK, "--puzzle", "m1-001"],
        data.path(),
        "Re8#\n",
    );
    let line = text
        .lines()
        .find(|l| l.starts_with("Rating: +"))
        .unwrap_or_else(|| panic!("{text}"));
    assert!(line.contains(", now "), "{line}");
}

#[test]
fn an_alternative_proven_mate_is_accepted() {
    let data = tempfile::tempdir().unwrap();
    let (events, text) = sancho(
        &[
            "play",
            "--plain",
            "--json",
            "--pack",
            "tests/fixtures/puzzles/alternative_mate.json",
        ],
        data.path(),
        "Ra7\nRb8#\n",
    );
    assert_eq!(
        kinds(&events),
        [
            "puzzle",
            "correct",
            "opponent_move",
            "correct",
            "solved",
            "end"
        ],
        "{text}"
    );
    assert_eq!(events[1]["san"], "Ra7");
    assert_eq!(events[1]["alternative"], true);
    assert_eq!(events[2]["san"], "Kg8");
    let (_, text) = sancho(
        &[
            "play",
            "--plain",
            "--pack",
            "tests/fixtures/puzzles/alternative_mate.json",
            "--puzzle",
            "m2-alt",
        ],
        data.path(),
        "Ra7\n",
    );
    assert!(text.contains("Also mates"), "{text}");
}

#[test]
fn giving_up_says_the_solution_with_the_comments() {
    let data = tempfile::tempdir().unwrap();
    let (events, _) = sancho(
        &[
            "play", "--plain", "--json", "--pack", PACK, "--puzzle", "m2-001",
        ],
        data.path(),
        "solution\n",
    );
    let failed = event(&events, "failed");
    assert_eq!(failed["gave_up"], true);
    assert_eq!(failed["reason"], "gave_up");
    assert_eq!(failed["message"], "The solution was Kb6 Kb8 Rd8#.");
    assert_eq!(
        failed["solution"],
        serde_json::json!(["Kb6", "Kb8", "Rd8#"])
    );
    assert_eq!(failed["line"][0]["comment"], "Takes b7 and c7 away");
    assert_eq!(failed["line"][1]["by_user"], false);
    assert_eq!(failed["line"][2]["san"], "Rd8#");

    let (_, text) = sancho(
        &["play", "--plain", "--pack", PACK, "--puzzle", "m2-001"],
        data.path(),
        "solution\n",
    );
    assert!(text.contains("The solution was Kb6 Kb8 Rd8#."), "{text}");
    assert!(text.contains("You: Kb6 (Takes b7 and c7 away)"), "{text}");
    assert!(!text.contains("Try again"), "never the retry text: {text}");
}

#[test]
fn play_resumes_at_the_first_unsolved_puzzle() {
    let data = tempfile::tempdir().unwrap();
    let args = ["play", "--plain", "--json", "--pack", PACK];
    let (events, _) = sancho(&args, data.path(), "Re8#\nquit\n");
    assert_eq!(events[0]["id"], "m1-001");
    assert_eq!(events[0]["header"], "Puzzle 1 of 4 · 0 solved");
    // Restarting never shows the solved m1-001 again.
    let (events, _) = sancho(&args, data.path(), "quit\n");
    assert_eq!(events[0]["id"], "m1-002");
    assert_eq!(events[0]["number"], 2);
    assert_eq!(events[0]["solved_count"], 1);
    assert_eq!(events[0]["header"], "Puzzle 2 of 4 · 1 solved");
    // A failed puzzle waits for its review instead of coming straight back.
    let (events, _) = sancho(&args, data.path(), "Qa7\nQf8#\nquit\n");
    assert_eq!(events[0]["id"], "m1-002");
    let (events, _) = sancho(&args, data.path(), "quit\n");
    assert_eq!(events[0]["id"], "m2-001");
    // Asked for by id, a solved puzzle is played again.
    let (events, _) = sancho(
        &[
            "play", "--plain", "--json", "--pack", PACK, "--puzzle", "m1-001",
        ],
        data.path(),
        "quit\n",
    );
    assert_eq!(events[0]["id"], "m1-001");
}

#[test]
fn damage_found_during_a_line_session_is_told_on_stderr() {
    use std::io::{BufRead, BufReader};
    let data = tempfile::tempdir().unwrap();
    let mut child = support::sancho()
        .args([
            "play", "--plain", "--json", "--pack", PACK, "--puzzle", "m1-001",
        ])
        .arg("--data-dir")
        .arg(data.path())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut first = String::new();
    stdout.read_line(&mut first).unwrap();
    assert!(first.contains("\"puzzle\""), "{first}");
    // The store is open; now the file is damaged behind its back.
    std::fs::write(
        data.path().join("progress.json"),
        "{\"schema\":1,\"attempts\":[",
    )
    .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(b"Re8#\n").unwrap();
    drop(stdin);
    let mut rest = String::new();
    std::io::Read::read_to_string(&mut stdout, &mut rest).unwrap();
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("progress.corrupt-"), "stderr: {stderr}");
    assert!(rest.contains("\"solved\""), "{rest}");
    let moved = std::fs::read_dir(data.path())
        .unwrap()
        .filter_map(Result::ok)
        .any(|e| {
            e.file_name()
                .to_string_lossy()
                .starts_with("progress.corrupt-")
        });
    assert!(moved);
}

#[test]
fn a_lesson_with_no_right_answer_is_not_completed() {
    let data = tempfile::tempdir().unwrap();
    let run = |input: &str| {
        let mut child = support::sancho()
            .args(["lesson", "1", "--plain", "--data-dir"])
            .arg(data.path())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        child
            .stdin
            .take()
            .unwrap()
            .write_all(input.as_bytes())
            .unwrap();
        String::from_utf8(child.wait_with_output().unwrap().stdout).unwrap()
    };
    let list = || {
        let out = support::sancho()
            .args(["lesson", "--data-dir"])
            .arg(data.path())
            .output()
            .unwrap();
        String::from_utf8(out.stdout).unwrap()
    };
    let text = run(&"x\n".repeat(10));
    assert!(text.contains("80% passes the lesson"), "{text}");
    let first = list();
    let first = first.lines().next().unwrap();
    assert!(!first.contains("done"), "{first}");
    assert!(
        first.trim_start().starts_with("0%"),
        "the best score shows: {first}"
    );
    assert_eq!(
        stats(data.path())["lessons"]["completed"],
        serde_json::json!([])
    );

    // Four of five right passes it.
    let lesson = sancho::drill::lesson("lesson-1").unwrap();
    let mut answers: Vec<&str> = lesson.exercises.iter().map(|e| e.answer.as_str()).collect();
    answers[0] = "x";
    let text = run(&format!("{}\n", answers.join("\n")));
    assert!(text.contains("Lesson passed: 4 of 5 right."), "{text}");
    assert!(list().lines().next().unwrap().contains("done"));
    assert_eq!(
        stats(data.path())["lessons"]["completed"],
        serde_json::json!(["lesson-1"])
    );
}

#[test]
fn skipping_a_failed_puzzle_still_records_the_failure() {
    let data = tempfile::tempdir().unwrap();
    let (events, _) = sancho(
        &["play", "--plain", "--json", "--pack", PACK],
        data.path(),
        "Re7\nnext\nnext\nhint\n",
    );
    assert_eq!(
        kinds(&events),
        [
            "puzzle",
            "wrong",
            "failed_keep_going",
            "failed", // m1-001: left after a wrong move
            "skipped",
            "puzzle",
            "opponent_move",
            "skipped", // m1-002: left clean, not attempted
            "puzzle",
            "hint",
            "failed_keep_going",
            "failed", // m2-001: the input ended after a hint
            "end",
        ]
    );
    assert_eq!(events[3]["reason"], "wrong_move");
    assert_eq!(events[3]["saved"], true);
    let stats = stats(data.path());
    assert_eq!(stats["puzzles"]["attempted"], 2);
    assert_eq!(stats["puzzles"]["failed"], 2);
}

/// Starts `args` in line mode, damages `progress.json` once the first line
/// is out (the store is open by then), sends `answer`; returns stderr.
fn stderr_after_damage_mid_session(args: &[&str], answer: &str) -> String {
    use std::io::{BufRead, BufReader};
    let data = tempfile::tempdir().unwrap();
    let mut child = support::sancho()
        .args(args)
        .arg("--data-dir")
        .arg(data.path())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut first = String::new();
    stdout.read_line(&mut first).unwrap();
    std::fs::write(
        data.path().join("progress.json"),
        "{\"schema\":1,\"attempts\":[",
    )
    .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(answer.as_bytes()).unwrap();
    drop(stdin);
    let mut rest = String::new();
    std::io::Read::read_to_string(&mut stdout, &mut rest).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "{args:?}");
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[test]
fn damage_found_during_a_line_drill_or_lesson_is_told_on_stderr() {
    for args in [
        &["drill", "write", "--plain", "--json", "--count", "1"][..],
        &["lesson", "1", "--plain", "--json"][..],
    ] {
        let stderr = stderr_after_damage_mid_session(args, &"x\n".repeat(6));
        assert!(stderr.contains("progress.corrupt-"), "{args:?}: {stderr}");
    }
}

#[test]
fn commands_in_any_case_are_never_moves_and_retry_shows_the_puzzle_again() {
    let data = tempfile::tempdir().unwrap();
    // m1-002: the opponent moves first (Kh8), then Qf8#.
    let (events, _) = sancho(
        &[
            "play", "--plain", "--json", "--pack", PACK, "--puzzle", "m1-002",
        ],
        data.path(),
        "Help\nhello\nRETRY\nBoard\nSolution\n",
    );
    let k = kinds(&events);
    assert!(
        !k.contains(&"wrong"),
        "no command is graded as a move: {k:?}"
    );
    let unknown = event(&events, "unknown_command");
    assert_eq!(unknown["input"], "hello");
    assert!(unknown["commands"].as_str().unwrap().contains("retry"));
    let retry = k.iter().position(|e| *e == "retry").expect("a retry event");
    assert_eq!(
        k[retry + 1],
        "opponent_move",
        "the puzzle is played again from its start: {k:?}"
    );
    assert_eq!(
        event(&events, "failed")["gave_up"],
        true,
        "`Solution` is the command"
    );

    let (_, text) = sancho(
        &["play", "--plain", "--pack", PACK, "--puzzle", "m1-002"],
        data.path(),
        "retry\nquit\n",
    );
    let again = text.split("Starting m1-002 again.").nth(1).expect(&text);
    assert!(again.contains("The opponent plays"), "{again}");
    assert!(
        again.contains("White: "),
        "the board and pieces again: {again}"
    );
    assert!(again.contains("Your move"), "{again}");
}

#[test]
fn a_class_exports_its_results_and_the_teacher_reports_them() {
    let results = tempfile::tempdir().unwrap();
    let students = [("anna", "Re8#\n"), ("ben", "Re7\nRe8#\n"), ("cleo", "")];
    let mut files = Vec::new();
    for (name, moves) in students {
        let data = tempfile::tempdir().unwrap();
        if !moves.is_empty() {
            sancho(
                &[
                    "play", "--plain", "--json", "--pack", PACK, "--puzzle", "m1-001",
                ],
                data.path(),
                moves,
            );
        }
        let out = results.path().join(format!("{name}.json"));
        let out_arg = out.to_str().unwrap();
        let (_, said) = sancho(
            &["progress", "export", "--pack", PACK, "--out", out_arg],
            data.path(),
            "",
        );
        assert!(said.contains(&format!("results of {name} on")), "{said}");
        files.push(out_arg.to_owned());
    }
    let data = tempfile::tempdir().unwrap();
    let mut args = vec!["class", "report", "--csv"];
    args.extend(files.iter().map(String::as_str));
    let (_, csv) = sancho(&args, data.path(), "");
    assert!(csv.starts_with("student,"), "{csv}");
    assert_eq!(csv.lines().count(), 4, "{csv}");
    args.remove(2);
    let (_, table) = sancho(&args, data.path(), "");
    assert!(table.contains("Class report: 3 students"), "{table}");
    // Pretty JSON: parsed whole (the helper reads one object per line).
    let mut child = support::sancho();
    child.args(["class", "report", "--json"]).args(&files);
    let out = child.output().unwrap();
    assert!(out.status.success());
    let report: Value = serde_json::from_slice(&out.stdout).unwrap();
    let m1 = report["puzzles"]
        .as_array()
        .unwrap()
        .iter()
        .position(|p| p == "m1-001")
        .expect("the pack's puzzles");
    let status = |student: usize| report["students"][student]["cells"][m1]["status"].clone();
    assert_eq!(report["students"][0]["student"], "anna");
    assert_eq!(status(0), "solved_first_try");
    assert_eq!(status(1), "failed");
    assert_eq!(status(2), "not_tried");
}

/// Issue 11: `play --plain --lang de` reads German letters (T is the rook)
/// and writes them; JSON keeps `san` in English.
#[test]
fn line_mode_reads_and_writes_german_letters() {
    let data = tempfile::tempdir().unwrap();
    let args = [
        "play", "--plain", "--lang", "de", "--pack", PACK, "--puzzle", "m1-001",
    ];
    let (_, text) = sancho(&args, data.path(), "Re8#\nTe8#\n");
    assert!(
        text.contains("in German notation the rook is T"),
        "the English letter is taught: {text}"
    );
    assert!(text.contains("Correct: Te8#."), "{text}");
    assert!(text.contains("Solved!"), "{text}");
    let data = tempfile::tempdir().unwrap();
    let (events, _) = sancho(&[&args[..], &["--json"]].concat(), data.path(), "Te8#\n");
    let correct = event(&events, "correct");
    assert_eq!(correct["san"], "Re8#", "JSON san stays English");
}

/// `play --puzzle ID` on a Lichess CSV streams to the id and stops: the
/// rows after it are never read (here a garbage row that a full read
/// reports as skipped), a broken wanted row is named, a missing id is said.
#[test]
fn play_one_puzzle_of_a_csv_reads_no_further_than_its_row() {
    let data = tempfile::tempdir().unwrap();
    let csv = data.path().join("big.csv");
    let mate = "6k1/5ppp/8/8/8/8/5PPP/4R1K1 b - - 0 1,g8h8 e1e8,600,80,95,1200,mate mateIn1,,";
    std::fs::write(
        &csv,
        format!(
            "PuzzleId,FEN,Moves,Rating,RatingDeviation,Popularity,NbPlays,Themes,GameUrl,OpeningTags\n\
             first,{mate}\n\
             wanted,{mate}\n\
             garbage,not a fen,zz,,,,,,,\n\
             broken,6k1/5ppp/9/8/8/8/5PPP/4R1K1 b - - 0 1,g8h8 e1e8,600,80,95,1200,,,\n"
        ),
    )
    .unwrap();
    let play = |id: &str| {
        let csv = csv.to_str().unwrap();
        let mut child = support::sancho()
            .args(["play", "--plain", "--pack", csv])
            .args(
                if id.is_empty() {
                    None
                } else {
                    Some(["--puzzle", id])
                }
                .into_iter()
                .flatten(),
            )
            .arg("--data-dir")
            .arg(data.path())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("run sancho");
        // A run that fails before reading (no such puzzle) may close its
        // input first: the answer is then not needed.
        match child.stdin.take().expect("stdin").write_all(b"Re8#\n") {
            Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => panic!("write stdin: {e}"),
            _ => {}
        }
        let out = child.wait_with_output().expect("wait");
        let text = |b: Vec<u8>| String::from_utf8_lossy(&b).into_owned();
        (out.status.code(), text(out.stdout), text(out.stderr))
    };

    let (code, stdout, stderr) = play("wanted");
    assert_eq!(code, Some(0), "{stderr}");
    assert!(stdout.contains("Solved!"), "{stdout}");
    assert!(
        !stderr.contains("skipped"),
        "the garbage row was read: {stderr}"
    );

    // Read whole (first puzzle, then quit), the file's bad rows are reported.
    let (code, _, stderr) = play("");
    assert_eq!(code, Some(0), "{stderr}");
    assert!(stderr.contains("skipped 2 puzzles"), "{stderr}");

    // A wanted row that does not check out is named, with its line.
    let (code, _, stderr) = play("broken");
    assert_eq!(code, Some(2), "{stderr}");
    assert!(
        stderr.contains("puzzle broken (line 5)") && stderr.contains("does not check out"),
        "{stderr}"
    );

    let (code, _, stderr) = play("absent");
    assert_eq!(code, Some(2), "{stderr}");
    assert!(stderr.contains("no puzzle has the id absent"), "{stderr}");
}

#[test]
fn what_a_pack_keeps_for_the_end_is_said_at_the_end() {
    let data = tempfile::tempdir().unwrap();
    let pack = "tests/fixtures/puzzles/kept_for_the_end.json";
    // A named other try (failing the puzzle), then the solution.
    let (events, _) = sancho(
        &["play", "--plain", "--json", "--pack", pack],
        data.path(),
        "Nc7\nQf6+\nBe7#\n",
    );
    let puzzle = event(&events, "puzzle");
    assert_eq!(puzzle["title"], "Games", "the title waits for the end");
    let wrong = event(&events, "wrong");
    assert_eq!(
        wrong["reason"],
        "Nc7 is legal, but not the solution: Nc7 wins material, but there is mate"
    );
    let opponent: Vec<&Value> = events
        .iter()
        .filter(|e| e["event"] == "opponent_move")
        .collect();
    assert_eq!(opponent[1]["comment"], "Nxf6: the knight takes.");
    let failed = event(&events, "failed");
    assert_eq!(failed["title"], "Bishop Mates on e7");
    assert_eq!(
        failed["line"][2]["comment"],
        "Nxf6: the knight takes. Now nothing black guards e7 except the king."
    );

    // Solved cleanly, in text: the title and the whole line come at the end.
    let data = tempfile::tempdir().unwrap();
    let (_, text) = sancho(
        &["play", "--plain", "--pack", pack],
        data.path(),
        "Qf6+\nBe7#\n",
    );
    let (during, after) = text.split_once("Solved!").expect("solved");
    assert!(!during.contains("Bishop Mates"), "{during}");
    assert!(!during.contains("guards e7"), "{during}");
    assert!(during.contains("Games (imm)"), "{during}");
    assert!(!during.contains("mateIn2"), "the themes wait too: {during}");
    assert!(
        after.contains("The puzzle: Bishop Mates on e7.") && after.contains("Themes: mateIn2"),
        "{after}"
    );
    assert!(
        after.contains(
            "They: Nxf6 (Nxf6: the knight takes. Now nothing black guards e7 except the king.)"
        ),
        "{after}"
    );
}

#[test]
fn text_line_mode_keeps_the_themes_until_the_puzzle_ends_or_they_are_asked_for() {
    let data = tempfile::tempdir().unwrap();
    // m1-001 (checkmate, backRankMate): solved with Re8#; m1-002 (mateIn1):
    // `themes` asked for, then given up.
    let (_, text) = sancho(
        &["play", "--plain", "--pack", PACK],
        data.path(),
        "Re8#\nthemes\nsolution\nquit\n",
    );
    let solved = text.find("Solved").expect("the first is solved");
    let first_themes = text
        .find("Themes: checkmate, backRankMate")
        .expect("shown once it ended");
    assert!(solved < first_themes, "{text}");
    let second = text.find("m1-002").expect("the second puzzle");
    let asked = text[second..]
        .find("Themes: mateIn1")
        .map(|i| i + second)
        .expect("shown on `themes`");
    let given_up = text[second..]
        .find("The solution was Qf8#.")
        .map(|i| i + second)
        .expect("given up");
    assert!(asked < given_up, "{text}");
    // Never before the end or the command: nothing between each puzzle's
    // header and the first answer names a theme.
    for (start, end) in [(0, solved), (second, asked)] {
        assert!(
            !text[start..end].contains("Themes"),
            "{}",
            &text[start..end]
        );
    }
    // JSON: the `puzzle` event keeps its key (a client hides it), and
    // `themes` answers with an event.
    let fresh = tempfile::tempdir().unwrap();
    let (events, _) = sancho(
        &["play", "--plain", "--json", "--pack", PACK],
        fresh.path(),
        "themes\nhello\nquit\n",
    );
    let puzzle = events.iter().find(|e| e["event"] == "puzzle").unwrap();
    assert_eq!(
        puzzle["themes"],
        serde_json::json!(["checkmate", "backRankMate"]),
        "JSON keeps its themes key"
    );
    let asked = events.iter().find(|e| e["event"] == "themes").unwrap();
    assert_eq!(asked["themes"], puzzle["themes"]);
    let unknown = events
        .iter()
        .find(|e| e["event"] == "unknown_command")
        .unwrap();
    assert_eq!(
        unknown["commands"],
        "help, hint, solution, next, retry, board, themes, quit"
    );
}

#[test]
fn notes_and_comments_name_moves_in_the_users_letters() {
    // m1-001: Rd8# (German Td8#), typed without its #.
    let data = tempfile::tempdir().unwrap();
    let (_, text) = sancho(
        &["play", "--plain", "--lang", "de", "--puzzle", "m1-001"],
        data.path(),
        "Td8\nquit\n",
    );
    assert!(text.contains("Correct: Td8#. Td8#: the rook"), "{text}");
    assert!(text.contains("write # (Td8#)"), "{text}");
    assert!(!text.contains("Rd8"), "no English letter is left: {text}");
    // JSON keeps English SAN and the comment as the pack wrote it.
    let data = tempfile::tempdir().unwrap();
    let (events, _) = sancho(
        &[
            "play", "--plain", "--json", "--lang", "de", "--puzzle", "m1-001",
        ],
        data.path(),
        "Td8\nquit\n",
    );
    let correct = event(&events, "correct");
    assert_eq!(correct["san"], "Rd8#");
    assert_eq!(correct["local"], "Td8#");
}
