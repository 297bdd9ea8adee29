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

#[test]
fn count_is_bounded_with_a_clear_message() {
    let data = tempfile::tempdir().unwrap();
    for count in ["1000000", "0", "1001"] {
        let out = Command::new(env!("CARGO_BIN_EXE_sancho"))
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
