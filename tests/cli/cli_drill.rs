//! `sancho drill --plain --json` through the real binary: one wrong answer
//! explained, the result in the progress store, and the same seed giving the
//! same drill.

use std::process::Stdio;

use serde_json::Value;

use crate::support::{self, json_lines, run_with_stdin};

fn run(args: &[&str], data: &std::path::Path, stdin: &str) -> Vec<Value> {
    let out = run_with_stdin(
        support::sancho().args(args).arg("--data-dir").arg(data),
        stdin,
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    json_lines(&out.stdout)
}

#[test]
fn a_drill_explains_a_mistake_and_is_recorded() {
    let data = tempfile::tempdir().unwrap();
    let args = [
        "drill",
        "disambiguation",
        "--plain",
        "--json",
        "--seed",
        "7",
        "--count",
        "2",
    ];
    // First pass: learn the expected answers from the wrong-answer events.
    let events = run(&args, data.path(), "Kxx\nKxx\n");
    let expected: Vec<String> = events
        .iter()
        .filter(|e| e["event"] == "wrong")
        .map(|e| e["expected"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(expected.len(), 2);
    // Same seed, same drill: one right answer, one wrong one without its disambiguation.
    let undisambiguated: String = {
        let e = &expected[1];
        let mut chars = e.chars();
        let piece = chars.next().unwrap();
        let rest: String = chars.collect();
        format!("{piece}{}", &rest[rest.len() - 2..])
    };
    let events = run(
        &args,
        data.path(),
        &format!("{}\n{undisambiguated}\n", expected[0]),
    );
    let kinds: Vec<&str> = events
        .iter()
        .map(|e| e["event"].as_str().unwrap())
        .collect();
    assert_eq!(
        kinds,
        ["exercise", "correct", "exercise", "wrong", "summary"]
    );
    assert_eq!(events[3]["expected"], expected[1].as_str());
    assert!(
        events[3]["reason"].as_str().unwrap().contains("ambiguous"),
        "{}",
        events[3]
    );
    assert_eq!(events[4]["correct"], 1);

    let out = support::sancho()
        .args(["stats", "--json", "--data-dir"])
        .arg(data.path())
        .output()
        .unwrap();
    let stats: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(stats["drills"]["completed"], 2);
    assert_eq!(stats["drills"]["exercises"], 4);
    assert_eq!(stats["drills"]["correct"], 1);
}

#[test]
fn count_is_bounded_with_a_clear_message() {
    let data = tempfile::tempdir().unwrap();
    for count in ["1000000", "0", "1001"] {
        let out = support::sancho()
            .args(["drill", "write", "--plain", "--count", count])
            .arg("--data-dir")
            .arg(data.path())
            .stdin(Stdio::null())
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "--count {count}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains("1..=1000"), "{stderr}");
    }
    // The largest count is generated at once and the drill starts.
    let events = run(
        &[
            "drill", "write", "--plain", "--json", "--seed", "3", "--count", "1000",
        ],
        data.path(),
        "",
    );
    assert!(!events.is_empty());
}

fn output(args: &[&str]) -> std::process::Output {
    let data = tempfile::tempdir().unwrap();
    support::sancho()
        .args(args)
        .arg("--data-dir")
        .arg(data.path())
        .stdin(Stdio::null())
        .output()
        .unwrap()
}

#[test]
fn an_unknown_game_is_an_error_that_lists_the_choices() {
    let out = output(&["drill", "transcribe", "--plain", "--game", "nonesuch"]);
    assert!(!out.status.success());
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("there is no built-in game \"nonesuch\": choose one of adams-torre,"),
        "{err}"
    );
    assert!(err.contains("opera-game"), "{err}");
    assert!(out.stdout.is_empty(), "no drill starts");
}

#[test]
fn the_list_names_every_game_and_a_game_is_chosen_by_id_or_number() {
    let out = output(&["drill", "transcribe", "--list"]);
    assert!(out.status.success());
    let list = String::from_utf8(out.stdout).unwrap();
    assert_eq!(
        list.lines().count(),
        sancho::drill::game_book().games().len(),
        "{list}"
    );
    let opera = list
        .lines()
        .find(|l| l.contains("opera-game"))
        .expect("the opera game is listed");
    assert!(opera.contains("Paris 1858"), "{opera}");
    let number = opera.split_whitespace().next().unwrap();

    let data = tempfile::tempdir().unwrap();
    for key in ["Opera-Game", number] {
        let events = run(
            &[
                "drill",
                "transcribe",
                "--plain",
                "--json",
                "--game",
                key,
                "--count",
                "1",
            ],
            data.path(),
            "quit\n",
        );
        assert!(
            events[0]["game"].as_str().unwrap().contains("Paris 1858"),
            "{key}: {}",
            events[0]
        );
    }
}

const TWO_GAMES: &str = "[White \"Anna\"]\n[Black \"Ben\"]\n[Site \"Club\"]\n[Date \"2024.01.01\"]\n\n\
    1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 4. O-O *\n\n\
    [White \"Cleo\"]\n[Black \"Dan\"]\n\n1. d4 d5 2. c4 dxc4 3. e3 *\n";

#[test]
fn the_scoresheet_trainer_grades_each_entry_of_a_game_from_a_pgn() {
    let dir = tempfile::tempdir().unwrap();
    let pgn = dir.path().join("club.pgn");
    std::fs::write(&pgn, TWO_GAMES).unwrap();
    let pgn = pgn.to_str().unwrap();

    let out = output(&["drill", "scoresheet", "--pgn", pgn, "--list"]);
    let list = String::from_utf8(out.stdout).unwrap();
    assert_eq!(list.lines().count(), 2, "{list}");
    assert!(list.contains("Cleo – Dan"), "{list}");

    let out = output(&["drill", "scoresheet", "--pgn", pgn, "--game", "zed"]);
    assert!(!out.status.success());
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("Anna – Ben; Cleo – Dan"), "{err}");

    // Game 2 by the player's name: right, non-canonical, wrong, then Board
    // (a command, not an entry), then quit.
    let data = tempfile::tempdir().unwrap();
    let events = run(
        &[
            "drill",
            "scoresheet",
            "--plain",
            "--json",
            "--pgn",
            pgn,
            "--game",
            "dan",
        ],
        data.path(),
        "d4\nd7d5\nNf3\nBoard\nQUIT\n",
    );
    let kinds: Vec<&str> = events
        .iter()
        .map(|e| e["event"].as_str().unwrap())
        .collect();
    assert_eq!(
        kinds,
        [
            "game", "move", "entry", "move", "entry", "move", "entry", "move", "message", "summary"
        ]
    );
    assert!(
        events[0]["title"]
            .as_str()
            .unwrap()
            .starts_with("Cleo – Dan")
    );
    assert_eq!(events[1]["words"], "pawn from d2 to d4");
    let grades: Vec<&str> = events
        .iter()
        .filter(|e| e["event"] == "entry")
        .map(|e| e["grade"].as_str().unwrap())
        .collect();
    assert_eq!(grades, ["right", "non_canonical", "wrong"]);
    assert_eq!(events[6]["expected"], "c4");
    let summary = events.last().unwrap();
    assert_eq!(
        (summary["right"].as_u64(), summary["wrong"].as_u64()),
        (Some(1), Some(1))
    );
    assert_eq!(
        summary["sheet"],
        serde_json::json!(["  1. d4           d7d5*", "  2. Nf3*"])
    );

    let stats = support::sancho()
        .args(["stats", "--json", "--data-dir"])
        .arg(data.path())
        .output()
        .unwrap();
    let stats: Value = serde_json::from_slice(&stats.stdout).unwrap();
    assert_eq!(stats["drills"]["by_kind"]["scoresheet"]["exercises"], 3);
    assert_eq!(stats["drills"]["by_kind"]["scoresheet"]["wrong"], 2);
}

#[test]
fn coordinates_options_are_checked_and_a_run_reports_its_records() {
    for (args, said) in [
        (
            vec!["drill", "coordinates", "--files", "a-z"],
            "not a list of files a to h",
        ),
        (
            vec!["drill", "coordinates", "--ranks", "9"],
            "not a list of ranks 1 to 8",
        ),
        (
            vec!["drill", "coordinates", "--mode", "guess"],
            "find, name, both",
        ),
        (
            vec!["drill", "write", "--files", "a-d"],
            "are for the coordinates drill",
        ),
        (
            vec!["drill", "write", "--pace", "3"],
            "--pace is for the scoresheet trainer",
        ),
        (
            vec!["drill", "scoresheet", "--plain", "--pace", "3"],
            "--pace is for the full screen",
        ),
    ] {
        let out = output(&args);
        assert!(!out.status.success(), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(said), "{args:?}: {err}");
    }

    // Find, as Black, on files a-d and ranks 1-4: the same exercises as the
    // generator gives for the seed; two right, one wrong.
    let options = sancho::drill::GenOptions {
        coordinates: sancho::drill::CoordOptions {
            mode: sancho::progress::CoordMode::Find,
            colour: sancho::progress::CoordColour::Black,
            files: sancho::drill::parse_files("a-d").unwrap(),
            ranks: sancho::drill::parse_ranks("1-4").unwrap(),
            hidden: false,
        },
        ..Default::default()
    };
    let exercises = sancho::drill::generate(sancho::drill::DrillKind::Coordinates, 5, 3, &options);
    let answers: Vec<String> = exercises
        .iter()
        .enumerate()
        .map(|(i, e)| {
            if i == 1 {
                "h8".to_owned()
            } else {
                e.expected_text()
            }
        })
        .collect();
    let data = tempfile::tempdir().unwrap();
    let args = [
        "drill",
        "coordinates",
        "--plain",
        "--json",
        "--seed",
        "5",
        "--count",
        "3",
        "--mode",
        "find",
        "--colour",
        "black",
        "--files",
        "a-d",
        "--ranks",
        "1-4",
    ];
    let events = run(&args, data.path(), &(answers.join("\n") + "\n"));
    let asked: Vec<&Value> = events.iter().filter(|e| e["event"] == "exercise").collect();
    assert_eq!(asked.len(), 3, "{events:?}");
    for (event, ex) in asked.iter().zip(&exercises) {
        assert_eq!(event["orientation"], "black", "{event}");
        assert_eq!(event["question"], ex.expected_text(), "{event}");
    }
    let records = events.last().unwrap();
    assert_eq!(records["event"], "records", "{records}");
    assert_eq!(records["mode"], "find");
    assert_eq!(records["colour"], "black");
    assert_eq!(
        records["best"],
        Value::Null,
        "a part of the board sets no best"
    );
    assert_eq!(records["recent"], serde_json::json!([2]));

    // The whole board sets a best; stats show it, in JSON and in words.
    let whole = sancho::drill::GenOptions {
        coordinates: sancho::drill::CoordOptions {
            files: sancho::drill::Lines::ALL,
            ranks: sancho::drill::Lines::ALL,
            ..options.coordinates
        },
        ..Default::default()
    };
    let answers: Vec<String> =
        sancho::drill::generate(sancho::drill::DrillKind::Coordinates, 6, 2, &whole)
            .iter()
            .map(|e| e.expected_text())
            .collect();
    let args = [
        "drill",
        "coordinates",
        "--plain",
        "--seed",
        "6",
        "--count",
        "2",
        "--mode",
        "find",
        "--colour",
        "black",
    ];
    let out = run_with_stdin(
        support::sancho()
            .args(args)
            .arg("--data-dir")
            .arg(data.path()),
        &(answers.join("\n") + "\n"),
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("Records (whole board): find, untimed, as black: best 2; last 2: 2 2 ██"),
        "{text}"
    );
    let stats = support::sancho()
        .args(["stats", "--json", "--data-dir"])
        .arg(data.path())
        .output()
        .unwrap();
    let stats: Value = serde_json::from_slice(&stats.stdout).unwrap();
    assert_eq!(
        stats["coordinates"][0]["best"], 2,
        "{}",
        stats["coordinates"]
    );
    assert_eq!(stats["coordinates"][0]["runs"], 2);
}

#[test]
fn move_vision_in_line_mode_takes_the_from_and_to_squares() {
    // The binary draws positions from the famous games too.
    let options = sancho::drill::GenOptions {
        book: Some(sancho::drill::game_book()),
        ..Default::default()
    };
    let exercises = sancho::drill::generate(sancho::drill::DrillKind::Vision, 4, 2, &options);
    let first = exercises[0].expected_text();
    assert_eq!(first.len(), 4, "{first}");
    let spaced = format!("{} {}", &first[..2], &first[2..]);
    let data = tempfile::tempdir().unwrap();
    let events = run(
        &[
            "drill", "vision", "--plain", "--json", "--seed", "4", "--count", "2",
        ],
        data.path(),
        &format!("{spaced}\na1a1\n"),
    );
    let verdicts: Vec<&Value> = events
        .iter()
        .filter(|e| e["event"] == "correct" || e["event"] == "wrong")
        .collect();
    assert_eq!(verdicts.len(), 2, "{events:?}");
    assert_eq!(verdicts[0]["event"], "correct", "{}", verdicts[0]);
    assert_eq!(verdicts[1]["event"], "wrong");
    assert_eq!(verdicts[1]["expected"], exercises[1].expected_text());
    let asked = events.iter().find(|e| e["event"] == "exercise").unwrap();
    assert!(asked["san"].is_string(), "{asked}");
}

#[test]
fn the_scoresheet_is_written_in_the_users_letters_with_lang() {
    let dir = tempfile::tempdir().unwrap();
    let pgn = dir.path().join("club.pgn");
    std::fs::write(&pgn, TWO_GAMES).unwrap();
    let data = tempfile::tempdir().unwrap();
    let mut command = support::sancho();
    command
        .args([
            "drill",
            "scoresheet",
            "--plain",
            "--lang",
            "de",
            "--game",
            "1",
            "--pgn",
        ])
        .arg(&pgn)
        .arg("--data-dir")
        .arg(data.path());
    let out = run_with_stdin(&mut command, "e4\ne5\nSf3\nNc6\nquit\n");
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("Right: Sf3."), "{text}");
    // An English N is no German piece letter: the entry is not right.
    assert!(text.contains("The move played was Sc6."), "{text}");
    assert!(text.contains("3 right"), "{text}");
}

#[test]
fn hidden_coordinates_leave_the_line_mode_board_unlabelled() {
    let board = |hidden: bool| {
        let mut args = vec![
            "drill",
            "coordinates",
            "--plain",
            "--mode",
            "name",
            "--colour",
            "white",
            "--seed",
            "1",
            "--count",
            "1",
        ];
        if hidden {
            args.push("--hide-coordinates");
        }
        String::from_utf8(output(&args).stdout).unwrap()
    };
    let shown = board(false);
    assert!(shown.lines().any(|l| l.starts_with("8 ")), "{shown}");
    assert!(shown.contains("a  b  c  d  e  f  g  h"), "{shown}");
    let hidden = board(true);
    assert!(
        !hidden
            .lines()
            .any(|l| l.starts_with(|c: char| c.is_ascii_digit())),
        "{hidden}"
    );
    assert!(!hidden.contains("a  b  c"), "{hidden}");
    assert!(
        hidden.contains('['),
        "the square to name is still marked: {hidden}"
    );
}

#[test]
fn the_review_drill_takes_due_slips_first_and_reviews_their_cards() {
    let data = tempfile::tempdir().unwrap();
    // Slips made in 2020: both cards long due; missing-check twice.
    let old = r#"{"schema":2,"attempts":[],"lessons":[],"drills":[{"id":"1600000000-write-1",
        "kind":"write","at":1600000000,"exercises":3,"correct":0,"time_ms":9000,"mistakes":[
        {"code":"zero-castling","answer":"O-O"},{"code":"missing-check","answer":"Qh5+"},
        {"code":"missing-check","answer":"Qh5+"},{"code":"wrong-move","answer":"e4"}]}]}"#;
    std::fs::write(data.path().join("progress.json"), old).unwrap();
    let stats = |data: &std::path::Path| -> Value {
        let out = support::sancho()
            .args(["stats", "--json", "--data-dir"])
            .arg(data)
            .output()
            .unwrap();
        serde_json::from_slice(&out.stdout).unwrap()
    };
    assert_eq!(
        stats(data.path())["slips_due"],
        serde_json::json!(["missing-check", "zero-castling"]),
        "equally overdue: by code; a wrong move is no card"
    );
    // Two exercises, one per due code, both left unanswered (solution): Again.
    let args = [
        "drill", "review", "--plain", "--json", "--seed", "1", "--count", "2",
    ];
    let events = run(&args, data.path(), "solution\nsolution\n");
    let exercises: Vec<&Value> = events.iter().filter(|e| e["event"] == "exercise").collect();
    assert_eq!(exercises.len(), 2);
    let doc: Value =
        serde_json::from_str(&std::fs::read_to_string(data.path().join("progress.json")).unwrap())
            .unwrap();
    assert_eq!(
        doc["reviewed"][0]["codes"],
        serde_json::json!([
            {"code": "missing-check", "right": false},
            {"code": "zero-castling", "right": false}
        ])
    );
    // Reviewed just now: due again tomorrow, not today.
    assert_eq!(stats(data.path())["slips_due"], serde_json::json!([]));
}
