//! `sancho drill --plain --json` through the real binary: one wrong answer
//! explained, the result in the progress store, and the same seed giving the
//! same drill.

use std::io::Write;
use std::process::{Command, Stdio};

use serde_json::Value;

fn run(args: &[&str], data: &std::path::Path, stdin: &str) -> Vec<Value> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_sancho"))
        .args(args)
        .arg("--data-dir")
        .arg(data)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
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

    let out = Command::new(env!("CARGO_BIN_EXE_sancho"))
        .args(["stats", "--json", "--data-dir"])
        .arg(data.path())
        .output()
        .unwrap();
    let stats: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(stats["drills"]["completed"], 2);
    assert_eq!(stats["drills"]["exercises"], 4);
    assert_eq!(stats["drills"]["correct"], 1);
}

fn output(args: &[&str]) -> std::process::Output {
    let data = tempfile::tempdir().unwrap();
    Command::new(env!("CARGO_BIN_EXE_sancho"))
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
    assert_eq!(list.lines().count(), sancho::drill::games().len(), "{list}");
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
