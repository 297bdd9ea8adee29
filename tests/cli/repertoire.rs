//! Repertoires through the real binary (issue 25): `repertoire add` with
//! its counts, the two accepted moves and a bad game named; `list`,
//! `show`, `delete`; `train --plain --json` as a flow (a new line shown
//! then asked, a sloppy right answer accepted with its note, a wrong
//! answer asked again, the interval as the puzzle scheduler gives it).

use std::path::Path;

use sancho::progress::{Card, Grade, Scheduler, Timestamp};
use serde_json::Value;

use crate::support;

const WHITE: &str = "tests/fixtures/repertoire/white.pgn";

/// Runs sancho in `data` with `stdin`: (success, stdout, stderr).
fn run(args: &[&str], data: &Path, stdin: &str) -> (bool, String, String) {
    let out = support::run_with_stdin(
        support::sancho().args(args).arg("--data-dir").arg(data),
        stdin,
    );
    (
        out.status.success(),
        String::from_utf8(out.stdout).expect("utf-8"),
        String::from_utf8(out.stderr).expect("utf-8"),
    )
}

fn parse(stdout: &str) -> Vec<Value> {
    support::json_lines(stdout.as_bytes())
}

fn names(events: &[Value]) -> Vec<String> {
    events
        .iter()
        .map(|e| e["event"].as_str().unwrap_or("?").to_owned())
        .collect()
}

#[test]
fn add_counts_what_it_added_names_both_moves_and_the_bad_game() {
    let data = tempfile::tempdir().unwrap();
    let d = data.path();
    let (ok, out, err) = run(&["repertoire", "add", WHITE, "--side", "white"], d, "");
    assert!(!ok, "a game was not added: the exit says so");
    assert!(
        out.contains("3 games, 5 lines (5 new), 10 new cards added to the repertoire white (new)"),
        "{out}"
    );
    assert!(
        out.contains(
            "both accepted: 3.Bc4 (game 1, after 1. e4 e5 2. Nf3 Nc6) and 3.Bb5 (game 3, after 1. Nf3 Nc6 2. e4 e5)"
        ),
        "{out}"
    );
    assert!(out.contains("1 game was not added"), "{out}");
    assert!(
        err.contains("white.pgn: game 4 (line 14): move 2. Bb6: no bishop can reach b6; nothing of this game was added"),
        "{err}"
    );
    assert!(d.join("repertoire.json").is_file());

    // The same file again adds nothing new; the other side is refused.
    let (_, again, _) = run(&["repertoire", "add", WHITE, "--side", "white"], d, "");
    assert!(again.contains("0 new cards"), "{again}");
    let (ok, _, err) = run(&["repertoire", "add", WHITE, "--side", "black"], d, "");
    assert!(!ok);
    assert!(
        err.contains("the repertoire \"white\" plays white"),
        "{err}"
    );

    let (ok, out, _) = run(&["repertoire", "list", "--json"], d, "");
    assert!(ok);
    let list: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(list[0]["name"], "white");
    assert_eq!(list[0]["cards"], 10);
    assert_eq!(list[0]["lines"], 5);
    assert_eq!(list[0]["new"], 10);
    assert_eq!(list[0]["due"], 0);

    let (ok, out, _) = run(&["repertoire", "show", "white"], d, "");
    assert!(ok);
    assert!(
        out.contains("1. e4 (1. Nf3 Nc6 2. e4 e5 {transposes}) 1... e5 (1... c5 2. Nf3 d6 (2... Nc6 3. d4) 3. d4 cxd4 4. Nxd4) 2. Nf3 Nc6 3. Bc4"),
        "{out}"
    );

    let (ok, _, err) = run(&["repertoire", "show", "nope"], d, "");
    assert!(!ok);
    assert!(
        err.contains("there is no repertoire named \"nope\"; there are: white"),
        "{err}"
    );

    let (ok, out, _) = run(&["repertoire", "delete", "white"], d, "");
    assert!(ok);
    assert!(
        out.contains("deleted the repertoire white (10 cards)"),
        "{out}"
    );
    let (_, out, _) = run(&["repertoire", "list"], d, "");
    assert!(out.contains("no repertoires yet"), "{out}");
}

#[test]
fn a_file_of_only_bad_games_makes_no_repertoire() {
    let data = tempfile::tempdir().unwrap();
    let pgn = data.path().join("bad.pgn");
    std::fs::write(&pgn, "[Event \"x\"]\n\n1. e4 e5 2. Qh9 *\n").unwrap();
    let d = data.path().join("data");
    let (ok, out, err) = run(
        &[
            "repertoire",
            "add",
            pgn.to_str().unwrap(),
            "--side",
            "white",
        ],
        &d,
        "",
    );
    assert!(!ok);
    assert!(out.contains("no game was added"), "{out}");
    assert!(err.contains("game 1 (line 1): "), "{err}");
    let (_, out, _) = run(&["repertoire", "list"], &d, "");
    assert!(out.contains("no repertoires yet"), "{out}");
}

#[test]
fn train_in_line_mode_shows_asks_repeats_and_schedules() {
    let data = tempfile::tempdir().unwrap();
    let d = data.path();
    run(&["repertoire", "add", WHITE, "--side", "white"], d, "");
    let answers = "e2-e4\nNf9\nBc4\nBc4\nNf3\n";
    let args = [
        "repertoire",
        "train",
        "white",
        "--new",
        "3",
        "--plain",
        "--json",
    ];
    let (ok, out, err) = run(&args, d, answers);
    assert!(ok, "{err}");
    let events = parse(&out);
    assert_eq!(
        names(&events),
        [
            "repertoire_start",
            "line_shown",
            "card",
            "card_right",
            "card_review",
            "opponent_move",
            "card",
            "wrong",
            "card_wrong",
            "card_review",
            "opponent_move",
            "card",
            "card_right",
            "card_review",
            "card",
            "card_right",
            "repertoire_end"
        ]
    );
    let shown = &events[1];
    let sans: Vec<&str> = shown["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["san"].as_str().unwrap())
        .collect();
    assert_eq!(
        sans,
        ["e4", "e5", "Nf3", "Nc6", "Bc4"],
        "the new line, played out"
    );
    assert_eq!(
        shown["moves"][4]["comment"],
        "The Italian: the bishop eyes f7."
    );
    // Each card: its FEN and the moves that lead to it.
    assert_eq!(events[6]["moves"], serde_json::json!(["e4", "e5"]));
    assert_eq!(
        events[6]["fen"],
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
    );
    assert_eq!(events[6]["line"], "1. e4 e5");
    // The sloppy right answer, with its note.
    assert_eq!(events[3]["san"], "e4");
    assert_eq!(events[3]["diagnostics"][0]["code"], "long-algebraic");
    assert_eq!(events[3]["others"], serde_json::json!(["Nf3"]));
    // The slip is no answer; the wrong move shows the right one.
    assert_eq!(events[7]["legal"], false);
    assert_eq!(events[8]["san"], "Bc4");
    assert_eq!(events[8]["expected"][0]["san"], "Nf3");
    assert_eq!(events[9]["right"], false);
    // The right answer's interval is the puzzle scheduler's for Good.
    let good = Card::first_in(Scheduler::standard(), Grade::Good, Timestamp(0));
    assert_eq!(events[4]["interval_days"], good.interval_days);
    assert_eq!(events[4]["saved"], true);
    // Asked again before the end, not reviewed twice.
    assert_eq!(events[14]["again"], true);
    assert_eq!(events[14]["moves"], serde_json::json!(["e4", "e5"]));
    let end = &events[16];
    assert_eq!(end["reason"], "done");
    assert_eq!(
        (end["answered"].as_u64(), end["right"].as_u64()),
        (Some(3), Some(2))
    );

    // The three answers are in the progress store: the next session asks
    // the new cards left for today (none: three a day) and nothing is due.
    let (ok, out, _) = run(&args, d, "");
    assert!(ok);
    let next = parse(&out);
    assert_eq!(next[0]["due"], 0);
    assert_eq!(
        next[0]["new"], 0,
        "three new cards a day, all learned today"
    );
    assert_eq!(next[1]["event"], "repertoire_end");
    let progress: Value =
        serde_json::from_str(&std::fs::read_to_string(d.join("progress.json")).unwrap()).unwrap();
    let reviews = progress["repertoire"].as_array().unwrap();
    assert_eq!(reviews.len(), 3);
    let wrong: Vec<&Value> = reviews.iter().filter(|r| r["right"] == false).collect();
    assert_eq!(wrong.len(), 1);
    assert_eq!(
        wrong[0]["wrong_inputs"][0]["input"], "Nf9",
        "the slip, kept"
    );
    assert_eq!(wrong[0]["wrong_inputs"][1]["input"], "Bc4");

    // Stats: the repertoire's figures beside the others.
    let (ok, out, _) = run(&["stats", "--json"], d, "");
    assert!(ok);
    let stats: Value = serde_json::from_str(&out).unwrap();
    let white = &stats["repertoire"][0];
    assert_eq!(white["name"], "white");
    assert_eq!(white["cards"], 10);
    assert_eq!(white["known"], 2, "two cards answered right");
    assert_eq!(white["learned_this_week"], 3);
    assert_eq!(white["due_today"], 0, "Again falls due tomorrow");
    assert_eq!(white["retention"], Value::Null, "no second answer yet");
    let (_, out, _) = run(&["stats"], d, "");
    assert!(
        out.contains("white: 10 cards, 2 known, 0 due today, 3 learned this week, no reviews yet"),
        "{out}"
    );
}

#[test]
fn train_in_plain_text_says_the_line_and_the_verdicts() {
    let data = tempfile::tempdir().unwrap();
    let d = data.path();
    run(&["repertoire", "add", WHITE, "--side", "white"], d, "");
    let (ok, out, err) = run(
        &["repertoire", "train", "--new", "1", "--plain"],
        d,
        "solution\nquit\n",
    );
    assert!(ok, "{err}");
    assert!(
        out.contains("Repertoire white, you play white: 0 due, 1 new."),
        "{out}"
    );
    assert!(out.contains("A new line to learn: 1. e4\n"), "{out}");
    assert!(
        out.contains("Your repertoire plays e4 or Nf3. It comes back before the end."),
        "{out}"
    );
    assert!(out.contains("Session over: 0 of 1 cards right"), "{out}");
}

#[test]
fn check_finds_the_deviations_and_gaps_of_twenty_games() {
    let data = tempfile::tempdir().unwrap();
    let d = data.path();
    run(&["repertoire", "add", WHITE, "--side", "white"], d, "");
    let games = "tests/fixtures/repertoire/games.pgn";
    let args = ["repertoire", "check", games, "--player", "me", "--json"];
    let (ok, out, err) = run(&args, d, "");
    assert!(ok, "{err}");
    let report: Value = serde_json::from_str(&out).unwrap();
    let checked = report["games"].as_array().unwrap();
    assert_eq!(
        checked.len(),
        18,
        "the two games with Me as Black have no repertoire"
    );
    // (game, kind, played) for each game, as the fixture was built.
    let table: Vec<(u64, &str, &str)> = checked
        .iter()
        .map(|g| {
            (
                g["game"].as_u64().unwrap(),
                g["left"]["kind"].as_str().unwrap(),
                g["left"]["played"].as_str().unwrap_or(""),
            )
        })
        .collect();
    let mut expected = Vec::new();
    for game in 1..=4 {
        expected.push((game, "book_end", ""));
    }
    for game in 5..=9 {
        expected.push((game, "deviation", "2.Nc3"));
    }
    for game in 10..=13 {
        expected.push((game, "gap", "1...d5"));
    }
    for game in 14..=15 {
        expected.push((game, "gap", "2...d6"));
    }
    for game in 16..=17 {
        expected.push((game, "gap", "2...e6"));
    }
    expected.push((18, "game_end", ""));
    assert_eq!(table, expected);
    assert_eq!(
        checked[17]["line"], "1. Nf3 Nc6 2. e4 e5 3. Bc4 Bc5 4. c3",
        "a transposition stays in book"
    );
    let summary = &report["summary"];
    assert_eq!(summary["games"], 18);
    assert_eq!(summary["deviations"], 5);
    let average = summary["average_move"].as_f64().unwrap();
    assert!((average - 42.0 / 18.0).abs() < 1e-9, "{average}");
    assert_eq!(summary["gaps"][0]["played"], "1...d5");
    assert_eq!(summary["gaps"][0]["count"], 4);
    assert_eq!(report["recorded"], 5);

    // The two cards got wrong in play are due now; checking again adds nothing.
    let (_, out, _) = run(&["repertoire", "list", "--json"], d, "");
    let list: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(list[0]["due"], 2);
    let (_, out, _) = run(&args, d, "");
    let again: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(again["recorded"], 0);
    let (ok, text, _) = run(&args[..5], d, "");
    assert!(ok);
    assert!(
        text.contains("18 games checked: in book to move 2.3 on average; 5 deviations on 2 cards"),
        "{text}"
    );
    assert!(text.contains("1...d5 after 1. e4: 4 games"), "{text}");
    // A due card never trained is shown as its line first.
    let (ok, out, _) = run(
        &["repertoire", "train", "--plain", "--json", "--new", "0"],
        d,
        "quit\n",
    );
    assert!(ok);
    let events = parse(&out);
    assert_eq!(events[0]["due"], 2);
    assert_eq!(events[1]["event"], "line_shown");
}

// Issue 38, fault 10: repertoire names are held to the set names' rule,
// also when read back from the file.
#[test]
fn a_repertoire_name_must_read_as_it_is_written_in_the_command_and_in_the_file() {
    let data = tempfile::tempdir().unwrap();
    let d = data.path();
    for (name, said) in [
        (
            "a\u{202e}b",
            "holds U+202E, an invisible formatting character",
        ),
        (
            "s\u{200b}",
            "holds U+200B, an invisible formatting character",
        ),
        ("-x", "starts with '-'"),
    ] {
        let (ok, _, err) = run(
            &[
                "repertoire",
                "add",
                WHITE,
                "--side",
                "white",
                &format!("--name={name}"),
            ],
            d,
            "",
        );
        assert!(!ok, "{name:?}");
        assert!(err.contains(said), "{name:?}: {err}");
    }
    // (The fixture's fourth game is bad on purpose: the others are added.)
    run(&["repertoire", "add", WHITE, "--side", "white"], d, "");
    let file = d.join("repertoire.json");
    let mut doc: Value = serde_json::from_slice(&std::fs::read(&file).unwrap()).unwrap();
    let mut bad = doc["repertoires"][0].clone();
    bad["name"] = "\u{1b}[31mred".into();
    doc["repertoires"].as_array_mut().unwrap().push(bad);
    std::fs::write(&file, doc.to_string()).unwrap();
    let (ok, out, err) = run(&["repertoire", "list"], d, "");
    assert!(ok, "{err}");
    assert!(
        err.contains(
            "holds a repertoire named \"\\u{1b}[31mred\", which holds U+001B, a control character"
        ),
        "{err}"
    );
    assert!(!out.contains('\u{1b}'), "{out}");
    assert!(out.contains("white"), "{out}");
}
