//! Issue 23's two tracks through the real binary: rated training near the
//! user's rating from the imported library, the course that never moves
//! the rating, the theme dashboard against the attempts, weakness training
//! and replays of failed puzzles.

use std::collections::HashMap;
use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Output, Stdio};

use sancho::library::synth::{SynthConfig, synth_rows, write_csv};
use serde_json::Value;

use crate::support::{self, json_lines, run_with_stdin};

const SYNTH: SynthConfig = SynthConfig {
    rows: 3000,
    seed: 23,
    bad_every: None,
};

fn run(args: &[&str], data: &Path, stdin: &str) -> Output {
    let out = run_with_stdin(
        support::sancho().args(args).arg("--data-dir").arg(data),
        stdin,
    );
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

fn json(args: &[&str], data: &Path) -> Value {
    serde_json::from_slice(&run(args, data, "").stdout).expect("one JSON document")
}

/// A data directory with the synthetic library imported.
fn with_library() -> tempfile::TempDir {
    let data = tempfile::tempdir().unwrap();
    let csv = data.path().join("puzzles.csv");
    write_csv(SYNTH, std::fs::File::create(&csv).unwrap()).unwrap();
    run(
        &["import", "--quiet", csv.to_str().unwrap()],
        data.path(),
        "",
    );
    data
}

fn events_of<'a>(events: &'a [Value], kind: &str) -> Vec<&'a Value> {
    events.iter().filter(|e| e["event"] == kind).collect()
}

#[test]
fn a_fresh_user_with_a_library_gets_puzzles_near_1500_then_at_the_difficulty() {
    let data = with_library();
    // Ten puzzles left untouched (`next` records nothing): the rating
    // stays at 1500 and every one is served near it.
    let out = run(
        &["play", "--plain", "--json"],
        data.path(),
        &"next\n".repeat(10),
    );
    let events = json_lines(&out.stdout);
    let text = String::from_utf8_lossy(&out.stdout);
    // Ten played, and the eleventh shown as the input ends.
    let ratings: Vec<i64> = events_of(&events, "puzzle")
        .iter()
        .take(10)
        .map(|p| p["rating"].as_i64().unwrap())
        .collect();
    assert_eq!(ratings.len(), 10, "{text}");
    assert!(
        ratings.iter().all(|r| (r - 1500).abs() <= 300),
        "{ratings:?}"
    );
    assert!(
        events_of(&events, "puzzle").iter().all(|p| p["header"]
            .as_str()
            .unwrap()
            .starts_with("Rated training · 1500? · normal")),
        "{events:?}"
    );

    // Harder: 300 points up, from --difficulty and from config.toml alike.
    let out = run(
        &["play", "--plain", "--json", "--difficulty", "harder"],
        data.path(),
        &"next\n".repeat(5),
    );
    let harder: Vec<i64> = events_of(&json_lines(&out.stdout), "puzzle")
        .iter()
        .take(5)
        .map(|p| p["rating"].as_i64().unwrap())
        .collect();
    assert_eq!(harder.len(), 5);
    assert!(harder.iter().all(|r| (r - 1800).abs() <= 300), "{harder:?}");
    let config = data.path().join("config.toml");
    std::fs::write(&config, "difficulty = \"easiest\"\n").unwrap();
    let out = run_with_stdin(
        support::sancho()
            .args(["play", "--plain", "--json", "--data-dir"])
            .arg(data.path())
            .env("SANCHO_CONFIG", &config),
        &"next\n".repeat(5),
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("Rated training · 1500? · easiest (-600)"),
        "{text}"
    );
    let easiest: Vec<i64> = events_of(&json_lines(&out.stdout), "puzzle")
        .iter()
        .take(5)
        .map(|p| p["rating"].as_i64().unwrap())
        .collect();
    assert_eq!(easiest.len(), 5);
    assert!(
        easiest.iter().all(|r| (r - 900).abs() <= 300),
        "{easiest:?}"
    );
}

#[test]
fn an_unknown_difficulty_is_refused_with_the_five_names() {
    let data = tempfile::tempdir().unwrap();
    let out = support::sancho()
        .args(["play", "--plain", "--difficulty", "brutal", "--data-dir"])
        .arg(data.path())
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("easiest (-600), easier (-300), normal, harder (+300) or hardest (+600)"),
        "{stderr}"
    );
}

#[test]
fn a_course_failure_leaves_the_rating_unchanged_and_provisional_and_replays_are_replays() {
    let data = tempfile::tempdir().unwrap();
    let out = run(
        &["course", "--plain", "--json"],
        data.path(),
        "solution\nquit\n",
    );
    let events = json_lines(&out.stdout);
    let failed = events_of(&events, "failed");
    assert_eq!(failed.len(), 1, "{events:?}");
    assert_eq!(failed[0]["rated"], false);
    let first = failed[0]["id"].as_str().unwrap().to_owned();

    let stats = json(&["stats", "--json"], data.path());
    assert_eq!(stats["puzzles"]["attempted"], 1);
    assert_eq!(stats["rating"]["current"], 1500.0);
    assert_eq!(stats["rating"]["provisional"], true);
    let text = String::from_utf8(run(&["stats"], data.path(), "").stdout).unwrap();
    assert!(text.contains("Rating: 1500?"), "{text}");

    // The course resumes at the failed puzzle, which is due again later;
    // history lists it as failed.
    let history = json(&["history", "--failed", "--json"], data.path());
    assert_eq!(history[0]["id"], first.as_str());
    assert_eq!(history[0]["result"], "gave_up");
    assert_eq!(history[0]["rated"], false);

    // The replay: recorded as one, never rated; solved, it leaves nothing
    // to replay.
    let out = run(
        &["play", "--plain", "--json", "--replay-failed"],
        data.path(),
        "solution\nquit\n",
    );
    let events = json_lines(&out.stdout);
    let shown = events_of(&events, "puzzle");
    assert_eq!(shown[0]["id"], first.as_str(), "{events:?}");
    let history = json(&["history", "--json"], data.path());
    let history = history.as_array().unwrap();
    assert_eq!(history.len(), 2);
    // (Both may end in the same second: found by what they are.)
    let replays: Vec<&Value> = history.iter().filter(|a| a["replay"] == true).collect();
    assert_eq!(replays.len(), 1, "{history:?}");
    assert_eq!(replays[0]["id"], first.as_str());
    assert_eq!(replays[0]["rated"], false);
    let stats = json(&["stats", "--json"], data.path());
    assert_eq!(stats["rating"]["current"], 1500.0);
    let text = String::from_utf8(run(&["history"], data.path(), "").stdout).unwrap();
    assert!(text.contains("failed (gave up), replay"), "{text}");
    assert!(text.contains("sancho play --replay-failed"), "{text}");
}

#[test]
fn nothing_to_replay_is_said() {
    let data = tempfile::tempdir().unwrap();
    let out = support::sancho()
        .args(["play", "--plain", "--replay-failed", "--data-dir"])
        .arg(data.path())
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("no failed puzzle to replay"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// Plays rated training interactively: every puzzle with `theme` is given
/// up, every other one solved by typing its line; stops after `total`
/// puzzles. Returns each played puzzle's (themes, solved).
fn play_failing(data: &Path, args: &[&str], theme: &str, total: usize) -> Vec<(Vec<String>, bool)> {
    let lines: HashMap<String, Vec<String>> = synth_rows(SYNTH)
        .map(|row| (row.id.clone(), row.moves.clone()))
        .collect();
    let mut child = support::sancho()
        .args(args)
        .arg("--data-dir")
        .arg(data)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let stdout = BufReader::new(child.stdout.take().unwrap());
    let mut played = Vec::new();
    let mut current: Option<Vec<String>> = None;
    for line in stdout.lines() {
        let line = line.unwrap();
        if !line.starts_with('{') {
            continue;
        }
        let event: Value = serde_json::from_str(&line).unwrap();
        match event["event"].as_str().unwrap() {
            "puzzle" if played.len() == total => {
                writeln!(stdin, "quit").unwrap();
            }
            "puzzle" => {
                let themes: Vec<String> = event["themes"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|t| t.as_str().unwrap().to_owned())
                    .collect();
                let id = event["id"].as_str().unwrap();
                if themes.iter().any(|t| t == theme) {
                    writeln!(stdin, "solution").unwrap();
                } else {
                    // The user's moves are every other one, the first
                    // being the opponent's.
                    for mv in lines[id].iter().skip(1).step_by(2) {
                        writeln!(stdin, "{mv}").unwrap();
                    }
                }
                current = Some(themes);
            }
            kind @ ("solved" | "failed") => {
                let themes = current.take().expect("a result after a puzzle");
                played.push((themes, kind == "solved"));
            }
            _ => {}
        }
    }
    assert!(child.wait().unwrap().success());
    played
}

#[test]
fn the_dashboard_agrees_with_the_attempts_and_weak_training_serves_the_weakest() {
    let data = with_library();
    let played = play_failing(
        data.path(),
        &["play", "--plain", "--json"],
        "middlegame",
        24,
    );
    assert_eq!(played.len(), 24);
    let solved = played.iter().filter(|(_, s)| *s).count();
    assert!(solved > 0 && solved < 24, "both kinds played: {solved}");

    // Per theme: played and first try, counted from what was played.
    let mut want: HashMap<String, (u64, u64)> = HashMap::new();
    for (themes, solved) in &played {
        for t in themes {
            let e = want.entry(t.clone()).or_default();
            e.0 += 1;
            e.1 += u64::from(*solved);
        }
    }
    let dashboard = json(&["stats", "--themes", "--json"], data.path());
    let themes = dashboard["themes"].as_array().unwrap();
    assert_eq!(themes.len(), want.len(), "{dashboard}");
    for t in themes {
        let name = t["theme"].as_str().unwrap();
        assert_eq!(
            (
                t["played"].as_u64().unwrap(),
                t["first_try"].as_u64().unwrap()
            ),
            want[name],
            "{name}"
        );
        assert!(t["performance"].is_i64(), "{t}");
    }
    // The theme failed every time is the weakest; stats --json says the same.
    assert_eq!(dashboard["weakest"][0], "middlegame", "{dashboard}");
    let stats = json(&["stats", "--json"], data.path());
    assert_eq!(stats["weakest_themes"], dashboard["weakest"]);
    assert_eq!(stats["themes"], dashboard["themes"]);
    let text = String::from_utf8(run(&["stats", "--themes"], data.path(), "").stdout).unwrap();
    assert!(text.starts_with("Weakest themes: middlegame"), "{text}");

    // --weak serves puzzles of the weakest themes, near the rating.
    let weakest: Vec<String> = dashboard["weakest"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t.as_str().unwrap().to_owned())
        .collect();
    let out = run(
        &["play", "--plain", "--json", "--weak"],
        data.path(),
        &"next\n".repeat(5),
    );
    let events = json_lines(&out.stdout);
    let shown = events_of(&events, "puzzle");
    assert_eq!(shown.len(), 6, "five played, the sixth shown: {events:?}");
    for p in shown {
        let themes = p["themes"].as_array().unwrap();
        assert!(
            themes.iter().any(|t| weakest.iter().any(|w| t == w)),
            "{p} has one of {weakest:?}"
        );
        assert!(
            p["header"]
                .as_str()
                .unwrap()
                .starts_with("Weakness training ("),
            "{p}"
        );
    }
}

#[test]
fn weak_training_without_a_weak_theme_says_why() {
    let data = tempfile::tempdir().unwrap();
    let out = support::sancho()
        .args(["play", "--plain", "--weak", "--data-dir"])
        .arg(data.path())
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("no weak theme yet"), "{stderr}");
}

#[test]
fn pieces_filter_the_library_and_a_bad_band_is_named() {
    let data = with_library();
    let out = run(
        &[
            "play", "--plain", "--json", "--source", "library", "--pieces", "3-12",
        ],
        data.path(),
        &"next\n".repeat(5),
    );
    let events = json_lines(&out.stdout);
    let shown = events_of(&events, "puzzle");
    assert!(!shown.is_empty(), "{events:?}");
    for p in shown {
        let fen = p["fen"].as_str().unwrap();
        let board = fen.split(' ').next().unwrap();
        let pieces = board.chars().filter(char::is_ascii_alphabetic).count();
        assert!((3..=12).contains(&pieces), "{fen}");
    }
    let out = support::sancho()
        .args(["play", "--plain", "--pieces", "7-3", "--data-dir"])
        .arg(data.path())
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("7-3 is empty: the smaller count comes first"),
        "{stderr}"
    );
}

#[test]
fn weak_and_replay_refuse_what_they_would_ignore() {
    let data = tempfile::tempdir().unwrap();
    for (args, said) in [
        (
            &["--weak", "--pack", "x.json"][..],
            "'--weak' cannot be used with '--pack",
        ),
        (
            &["--weak", "--puzzle", "m1-001"][..],
            "'--weak' cannot be used with '--puzzle",
        ),
        (
            &["--replay-failed", "--theme", "fork"][..],
            "'--replay-failed' cannot be used with '--theme",
        ),
    ] {
        let out = support::sancho()
            .args(["play", "--plain"])
            .args(args)
            .arg("--data-dir")
            .arg(data.path())
            .stdin(Stdio::null())
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains(said), "{args:?}: {stderr}");
    }
}
