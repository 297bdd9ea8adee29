//! Woodpecker sets through the real binary: `set new` (filters, seed,
//! name errors), `set play --plain [--json]` over two cycles with a quit in
//! between, `set list` and `stats --json`'s `sets`.

use std::path::Path;

use serde_json::Value;

use crate::support;

const PACK: &str = "tests/fixtures/puzzles/good_pack.json";

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

fn events(stdout: &str) -> Vec<Value> {
    stdout
        .lines()
        .filter(|l| l.starts_with('{'))
        .map(|l| serde_json::from_str(l).expect("one JSON object per line"))
        .collect()
}

fn event<'a>(events: &'a [Value], name: &str) -> &'a Value {
    events
        .iter()
        .find(|e| e["event"] == name)
        .unwrap_or_else(|| panic!("no {name} event in {events:?}"))
}

#[test]
fn a_set_is_made_played_over_two_cycles_and_shown() {
    let data = tempfile::tempdir().unwrap();
    let d = data.path();
    // m1-001 (difficulty 1) and m2-001 (difficulty 2) have these themes: easiest first.
    let new = [
        "set",
        "new",
        "wp",
        "--source",
        PACK,
        "--theme",
        "backRankMate,mateIn2",
        "--count",
        "5",
        "--seed",
        "3",
    ];
    let (ok, out, err) = run(&new, d, "");
    assert!(ok, "{err}");
    assert!(
        out.contains("only 2 puzzles fit the filters: the set holds 2"),
        "{out}"
    );
    // The file is kept by its absolute path, so the set plays from anywhere.
    let absolute = std::fs::canonicalize(PACK).unwrap();
    let absolute = absolute.display();
    assert!(
        out.contains(&format!("set wp: 2 puzzles from {absolute} (seed 3)")),
        "{out}"
    );
    let (ok, _, err) = run(&new, d, "");
    assert!(!ok);
    assert!(err.contains("there is already a set named \"wp\""), "{err}");

    // Cycle 1: the first solved (Re8#), the second given up.
    let (ok, out, err) = run(
        &["set", "play", "wp", "--plain", "--json"],
        d,
        "re8\nsolution\n",
    );
    assert!(ok, "{err}");
    let ev = events(&out);
    let start = event(&ev, "set_start");
    assert_eq!(
        (start["cycle"].as_u64(), start["done"].as_u64()),
        (Some(1), Some(0))
    );
    let end = event(&ev, "set_end");
    let finished = &end["finished"];
    assert_eq!(finished["cycle"], 1);
    assert_eq!(
        (finished["solved"].as_u64(), finished["puzzles"].as_u64()),
        (Some(1), Some(2))
    );
    assert_eq!(finished["times_ms"].as_array().map(Vec::len), Some(2));
    assert_eq!(end["goal_days"], 1);

    // Cycle 2: one puzzle, then quit; the next play resumes with the second.
    let (ok, out, _) = run(
        &["set", "play", "wp", "--plain", "--json"],
        d,
        "re8\nquit\n",
    );
    assert!(ok);
    let end = events(&out);
    let end = event(&end, "set_end");
    assert!(end["finished"].is_null());
    assert_eq!(
        (
            end["current"]["cycle"].as_u64(),
            end["current"]["done"].as_u64()
        ),
        (Some(2), Some(1))
    );
    let (ok, out, err) = run(&["set", "play", "wp", "--plain"], d, "solution\n");
    assert!(ok, "{err}");
    assert!(out.contains("Set wp: cycle 2, 1 of 2 done."), "{out}");
    assert!(
        out.contains("Puzzle 2 of 2"),
        "resumes with the second puzzle: {out}"
    );
    assert!(
        out.contains("Set wp: cycle 2 finished: 1/2 solved (50%)"),
        "{out}"
    );
    assert!(out.contains("Next cycle 3: within 1 day"), "{out}");

    // `set list` and `stats`: both cycles, each with its figures.
    let (ok, out, _) = run(&["set", "list"], d, "");
    assert!(ok);
    assert!(
        out.contains(&format!(
            "wp: 2 puzzles from {absolute}, theme backRankMate,mateIn2; 2 cycles done"
        )),
        "{out}"
    );
    assert!(out.contains("last cycle 2: 1/2 solved (50%)"), "{out}");
    let (ok, out, _) = run(&["stats", "--json"], d, "");
    assert!(ok);
    let stats: Value = serde_json::from_str(&out).unwrap();
    let sets = stats["sets"].as_array().expect("a sets key");
    assert_eq!(sets.len(), 1);
    assert_eq!(sets[0]["name"], "wp");
    assert_eq!(sets[0]["cycles"].as_array().map(Vec::len), Some(2));
    // The set's attempts are ordinary attempts too.
    assert_eq!(stats["puzzles"]["attempted"], 4);
    let (_, text, _) = run(&["stats"], d, "");
    assert!(
        text.contains("Woodpecker sets:") && text.contains("time per cycle"),
        "{text}"
    );
}

#[test]
fn the_same_seed_makes_the_same_set() {
    let ids = |seed: &str| {
        let data = tempfile::tempdir().unwrap();
        let (ok, _, err) = run(
            &[
                "set", "new", "s", "--source", "builtin", "--count", "12", "--seed", seed,
            ],
            data.path(),
            "",
        );
        assert!(ok, "{err}");
        let doc: Value = serde_json::from_str(
            &std::fs::read_to_string(data.path().join("progress.json")).unwrap(),
        )
        .unwrap();
        doc["sets"][0]["puzzles"].clone()
    };
    assert_eq!(ids("9"), ids("9"));
    assert_ne!(ids("9"), ids("10"));
}

#[test]
fn bad_names_unknown_sets_and_empty_filters_are_clear_errors() {
    let data = tempfile::tempdir().unwrap();
    let d = data.path();
    let (ok, _, err) = run(&["set", "play", "nope", "--plain"], d, "");
    assert!(!ok);
    assert!(
        err.contains("no set is named \"nope\"; there are no sets yet"),
        "{err}"
    );
    let (ok, _, _) = run(
        &["set", "new", "forks", "--source", PACK, "--count", "1"],
        d,
        "",
    );
    assert!(ok);
    let (ok, _, err) = run(&["set", "play", "nope", "--plain"], d, "");
    assert!(!ok);
    assert!(err.contains("the sets are: forks"), "{err}");
    // A name that does not read as it is written (a zero-width space).
    let (ok, _, err) = run(
        &[
            "set",
            "new",
            "forks\u{200B}",
            "--source",
            PACK,
            "--count",
            "1",
        ],
        d,
        "",
    );
    assert!(!ok);
    assert!(
        err.contains(
            "the set name \"forks\\u{200b}\" holds U+200B, an invisible formatting character"
        ),
        "{err}"
    );
    let (ok, _, err) = run(
        &[
            "set", "new", "x", "--source", PACK, "--theme", "nonesuch", "--count", "3",
        ],
        d,
        "",
    );
    assert!(!ok);
    assert!(err.contains("has the theme \"nonesuch\""), "{err}");
    let (ok, _, err) = run(
        &[
            "set",
            "new",
            "y",
            "--source",
            PACK,
            "--rating",
            "2900-3000",
            "--count",
            "3",
        ],
        d,
        "",
    );
    assert!(!ok);
    assert!(err.contains("fits the filters: loosen them"), "{err}");
    let (ok, _, err) = run(&["set", "new", "   ", "--count", "3"], d, "");
    assert!(!ok);
    assert!(err.contains("a set needs a name"), "{err}");
    let (ok, out, _) = run(&["set", "delete", "forks"], d, "");
    assert!(ok && out.contains("deleted the set forks"), "{out}");
    let (_, out, _) = run(&["set", "list"], d, "");
    assert!(out.starts_with("no sets yet"), "{out}");
}

#[test]
fn optimize_on_a_short_log_says_how_many_reviews_it_needs_and_changes_nothing() {
    let data = tempfile::tempdir().unwrap();
    let d = data.path();
    // One failed puzzle: a card, but no review after it.
    let (ok, _, _) = run(&["play", "--plain", "--pack", PACK], d, "solution\nquit\n");
    assert!(ok);
    let before = std::fs::read(d.join("progress.json")).unwrap();
    let (ok, out, err) = run(&["progress", "optimize"], d, "");
    assert!(!ok, "{out}");
    assert!(
        err.contains("the optimizer needs at least 64 reviews made a day or more after the one before; your log has 0"),
        "{err}"
    );
    assert_eq!(
        std::fs::read(d.join("progress.json")).unwrap(),
        before,
        "nothing written"
    );
    let (ok, out, _) = run(&["progress", "optimize", "--reset"], d, "");
    assert!(
        ok && out.contains("the default FSRS parameters are already in use"),
        "{out}"
    );
}

/// `set play --plain --json` started in `data` with stdin kept open: the
/// child, its stdin, and its stdout read line by line.
fn play_open(
    data: &Path,
    name: &str,
) -> (
    std::process::Child,
    std::process::ChildStdin,
    std::io::Lines<std::io::BufReader<std::process::ChildStdout>>,
) {
    use std::io::BufRead;
    use std::process::Stdio;
    let mut child = support::sancho()
        .args(["set", "play", name, "--plain", "--json", "--data-dir"])
        .arg(data)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let stdin = child.stdin.take().unwrap();
    let lines = std::io::BufReader::new(child.stdout.take().unwrap()).lines();
    (child, stdin, lines)
}

/// Reads lines until the first puzzle is shown.
fn until_puzzle(lines: &mut impl Iterator<Item = std::io::Result<String>>) {
    for line in lines.by_ref() {
        let line = line.unwrap();
        if line.contains("\"event\":\"puzzle\"") {
            return;
        }
    }
    panic!("no puzzle event");
}

#[test]
fn a_set_deleted_and_made_again_during_play_never_gets_the_old_sittings_result() {
    use std::io::{Read, Write};
    let data = tempfile::tempdir().unwrap();
    let d = data.path();
    let new = [
        "set", "new", "s", "--source", PACK, "--count", "3", "--seed", "1",
    ];
    assert!(run(&new, d, "").0);
    let (mut child, mut stdin, mut lines) = play_open(d, "s");
    until_puzzle(&mut lines);
    // Meanwhile, another window: delete, and make a set of the same name.
    assert!(run(&["set", "delete", "s"], d, "").0);
    let again = [
        "set", "new", "s", "--source", PACK, "--count", "3", "--seed", "99",
    ];
    assert!(run(&again, d, "").0);
    writeln!(stdin, "solution").unwrap();
    drop(stdin);
    let rest: Vec<String> = lines.map(Result::unwrap).collect();
    let mut stderr = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut stderr)
        .unwrap();
    child.wait().unwrap();
    assert!(
        stderr.contains(
            "the set \"s\" was made anew while this puzzle was played: the attempt is saved, but not in the set"
        ),
        "{stderr}"
    );
    let doc: Value =
        serde_json::from_slice(&std::fs::read(d.join("progress.json")).unwrap()).unwrap();
    assert_eq!(doc["sets"][0]["seed"], 99);
    assert_eq!(
        doc["sets"][0]["cycles"],
        serde_json::json!([]),
        "nothing filed"
    );
    assert_eq!(
        doc["attempts"].as_array().map(Vec::len),
        Some(1),
        "the attempt is kept: {rest:?}"
    );
}
