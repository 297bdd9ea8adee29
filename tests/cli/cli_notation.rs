//! The notation commands' contract: exit codes and JSON shapes.

use std::io::Write;
use std::process::{Output, Stdio};

use serde_json::Value;

use crate::support::{self, run_with_stdin};

fn sancho(args: &[&str]) -> Output {
    support::sancho().args(args).output().expect("run sancho")
}

fn json(out: &Output) -> Value {
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!("{e}: {}", String::from_utf8_lossy(&out.stdout));
    })
}

#[test]
fn resolve_ok_has_every_spelling() {
    let out = sancho(&["resolve", "--json", "Nf3"]);
    assert_eq!(out.status.code(), Some(0));
    let v = json(&out);
    assert_eq!(v["input"], "Nf3");
    assert_eq!(v["status"], "ok");
    assert_eq!(v["uci"], "g1f3");
    assert_eq!(v["san"], "Nf3");
    assert_eq!(v["lan"], "Ng1-f3");
    assert_eq!(v["diagnostics"], Value::Array(vec![]));
    assert!(v.get("error").is_none());
}

#[test]
fn resolve_teaches_with_codes_and_suggestions() {
    let out = sancho(&[
        "resolve",
        "--json",
        "--moves",
        "e4 e5 Nf3 Nc6 Bc4 Bc5",
        "0-0",
    ]);
    assert_eq!(out.status.code(), Some(0));
    let v = json(&out);
    assert_eq!(v["san"], "O-O");
    assert_eq!(v["diagnostics"][0]["code"], "zero-castling");
    assert_eq!(v["diagnostics"][0]["suggestion"], "O-O");
    assert!(
        v["diagnostics"][0]["message"]
            .as_str()
            .unwrap()
            .contains("0-0 is written O-O")
    );
}

#[test]
fn strict_rejects_what_lenient_accepts() {
    let out = sancho(&["resolve", "--json", "--strict", "nf3"]);
    assert_eq!(out.status.code(), Some(1));
    let v = json(&out);
    assert_eq!(v["status"], "invalid");
    assert_eq!(v["error"]["kind"], "syntax");
    assert_eq!(v["diagnostics"][0]["code"], "lowercase-piece");
    assert!(v.get("san").is_none());
}

#[test]
fn ambiguous_lists_minimal_candidates() {
    let fen = "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1";
    let out = sancho(&["resolve", "--json", "--fen", fen, "Nd2"]);
    assert_eq!(out.status.code(), Some(1));
    let v = json(&out);
    assert_eq!(v["status"], "ambiguous");
    assert_eq!(v["error"]["kind"], "ambiguous");
    assert_eq!(v["error"]["message"], "ambiguous: Nbd2 or Nfd2?");
    let sans: Vec<&str> = v["candidates"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["san"].as_str().unwrap())
        .collect();
    assert_eq!(sans, ["Nbd2", "Nfd2"]);
    assert_eq!(v["candidates"][0]["uci"], "b1d2");
    // In text, the status is said once.
    let out = sancho(&["resolve", "--fen", fen, "Nd2"]);
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "ambiguous: Nbd2 or Nfd2?\n"
    );
}

#[test]
fn illegal_and_invalid_exit_one() {
    let v = json(&sancho(&["resolve", "--json", "Nd4"]));
    assert_eq!(v["status"], "illegal");
    assert_eq!(v["error"]["kind"], "illegal");
    let out = sancho(&["resolve", "--json", "hello"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(json(&out)["status"], "invalid");
}

#[test]
fn double_dash_lets_dashes_be_inputs() {
    let out = sancho(&["resolve", "--json", "--", "--"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(json(&out)["input"], "--");
}

#[test]
fn bad_fen_and_bad_usage_exit_two() {
    let out = sancho(&["resolve", "--fen", "8/8/8 w - - 0 1", "e4"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("field 1"));
    assert_eq!(sancho(&["resolve"]).status.code(), Some(2));
    assert_eq!(
        sancho(&["resolve", "--moves", "e4 e4", "e5"]).status.code(),
        Some(2)
    );
}

#[test]
fn batch_answers_every_line_in_order() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let input = format!("{start}\tNf3\n{start}\te2e4\nnot a fen\te4\n{start}\tQh5\n");
    let out = run_with_stdin(support::sancho().args(["resolve", "--batch", "-"]), &input);
    assert_eq!(out.status.code(), Some(0));
    let lines: Vec<Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 4);
    assert_eq!(lines[0]["san"], "Nf3");
    assert_eq!(lines[1]["diagnostics"][0]["code"], "uci");
    assert_eq!(lines[2]["error"]["kind"], "fen");
    assert_eq!(lines[3]["status"], "illegal");
    for (i, line) in lines.iter().enumerate() {
        assert_eq!(line["line"], i + 1);
    }
}

/// Issue 11: the batch's fast path for canonical SAN writes exactly the
/// bytes of `resolve --json` with `"line":N` in front (a contract).
#[test]
fn batch_lines_are_resolve_json_byte_for_byte() {
    let fens = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/8/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1",
        "6k1/5ppp/8/8/8/8/5PPP/4R1K1 w - - 0 1",
    ];
    let cases = [
        (0, "Nf3"),
        (0, "e4"),
        (1, "exd6"),
        (1, "O-O-O"),
        (1, "Rxa8+"),
        (2, "Re8#"),
        (0, "nf3"),
        (0, "Nf6"),
    ];
    let input: String = cases
        .iter()
        .map(|(f, m)| format!("{}\t{m}\n", fens[*f]))
        .collect();
    let mut child = support::sancho()
        .args(["resolve", "--batch", "-"])
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
    let out = child.wait_with_output().unwrap();
    let batch = String::from_utf8(out.stdout).unwrap();
    let batch: Vec<&str> = batch.lines().collect();
    assert_eq!(batch.len(), cases.len());
    for (i, (f, m)) in cases.iter().enumerate() {
        let single = sancho(&["resolve", "--json", "--fen", fens[*f], "--", m]);
        let single = String::from_utf8(single.stdout).unwrap();
        let expected = format!("{{\"line\":{},{}", i + 1, &single.trim_end()[1..]);
        assert_eq!(batch[i], expected, "{m}");
    }
}

/// Issue 18 #13: one output line per input line, whatever the line holds.
#[test]
fn batch_never_skips_or_aborts() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let mut input: Vec<u8> = Vec::new();
    input.extend_from_slice(format!("{start}\tNf3\n").as_bytes());
    input.extend_from_slice(b"\n"); // 2: empty
    input.extend_from_slice(b"\r\n"); // 3: \r only
    input.extend_from_slice(start.as_bytes()); // 4: not UTF-8
    input.extend_from_slice(b"\te\xff4\n");
    input.extend_from_slice(format!("{start}\t{}\n", "!".repeat(250_000)).as_bytes()); // 5: too long
    input.extend_from_slice(format!("{start}\te4\r\n").as_bytes()); // 6: CRLF
    input.extend_from_slice(format!("{start}\t{}e4\n", " ".repeat(300)).as_bytes()); // 7: move too long
    input.extend_from_slice(format!("{start}\td4").as_bytes()); // 8: no final newline
    let mut child = support::sancho()
        .args(["resolve", "--batch", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || stdin.write_all(&input));
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap().unwrap();
    assert_eq!(out.status.code(), Some(0));
    let lines: Vec<Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 8);
    for (i, line) in lines.iter().enumerate() {
        assert_eq!(line["line"], i + 1, "{line}");
    }
    let status: Vec<&str> = lines
        .iter()
        .map(|l| l["status"].as_str().unwrap())
        .collect();
    assert_eq!(
        status,
        [
            "ok", "invalid", "invalid", "invalid", "invalid", "ok", "invalid", "ok"
        ]
    );
    assert_eq!(lines[3]["error"]["kind"], "encoding");
    assert!(
        lines[4]["error"]["message"]
            .as_str()
            .unwrap()
            .contains("too long")
    );
    assert!(
        lines[6]["error"]["message"]
            .as_str()
            .unwrap()
            .starts_with("input too long")
    );
    assert_eq!(lines[5]["san"], "e4");
    assert_eq!(lines[7]["san"], "d4");
}

#[test]
fn hint_lists_every_reading() {
    let fen = "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1";
    let out = sancho(&["hint", "--fen", fen, "Nd"]);
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "partial: Nd4 Nbd2 Nfd2\n  Nd2: Nbd2 or Nfd2?\n"
    );
    let v = json(&sancho(&["hint", "--json", "--fen", fen, "Nd"]));
    assert_eq!(v["groups"][0]["label"], "Nd2");
    assert_eq!(v["groups"][0]["candidates"][1]["san"], "Nfd2");
    let v = json(&sancho(&["hint", "--json", "P"]));
    assert_eq!(v["candidates"].as_array().unwrap().len(), 16);
    for sign in ["!", "?", "+", "#", "!?"] {
        let out = sancho(&["hint", sign]);
        assert_eq!(out.status.code(), Some(1));
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(
            text.contains("start with a piece letter or a square"),
            "{sign}: {text}"
        );
    }
}

#[test]
fn hint_and_moves_speak_json() {
    let v = json(&sancho(&["hint", "--json", "N"]));
    assert_eq!(v["state"], "partial");
    assert_eq!(v["candidates"].as_array().unwrap().len(), 4);
    let v = json(&sancho(&["moves", "--json"]));
    let moves = v.as_array().unwrap();
    assert_eq!(moves.len(), 20);
    assert!(
        moves
            .iter()
            .any(|m| m["san"] == "Nf3" && m["uci"] == "g1f3" && m["lan"] == "Ng1-f3")
    );
}

#[test]
fn san_strings_lists_them_all() {
    let out = sancho(&["san-strings"]);
    assert_eq!(
        String::from_utf8(out.stdout).unwrap().lines().count(),
        9_758
    );
    let out = sancho(&["san-strings", "--with-suffixes"]);
    assert_eq!(
        String::from_utf8(out.stdout).unwrap().lines().count(),
        29_274
    );
}

/// Issue 11: notation in the user's language, JSON keeps English SAN.
#[test]
fn lang_reads_and_writes_local_letters() {
    let v = json(&sancho(&["resolve", "--json", "--lang", "de", "Sf3"]));
    assert_eq!(v["status"], "ok");
    assert_eq!(v["san"], "Nf3");
    assert_eq!(v["local"], "Sf3");
    let out = sancho(&["resolve", "--lang", "de", "Nf3"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "invalid: in German notation the knight is S, not N: Sf3\n"
    );
    let out = sancho(&["resolve", "--lang", "fr", "Cf3"]);
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "Cf3  (SAN Nf3, LAN Cg1-f3, UCI g1f3)\n"
    );
    let v = json(&sancho(&["resolve", "--json", "--figurine", "Nf3"]));
    assert_eq!(v["local"], "♘f3");
    // Plain English output has no `local` field.
    assert!(
        json(&sancho(&["resolve", "--json", "Nf3"]))
            .get("local")
            .is_none()
    );
    let v = json(&sancho(&["moves", "--json", "--lang", "nl"]));
    assert!(
        v.as_array()
            .unwrap()
            .iter()
            .any(|m| m["san"] == "Nf3" && m["local"] == "Pf3")
    );
    let v = json(&sancho(&["hint", "--json", "--lang", "hu", "H"]));
    assert_eq!(v["candidates"].as_array().unwrap().len(), 4);
    assert_eq!(v["candidates"][0]["local"], "Ha3");
    let mut child = support::sancho()
        .args(["resolve", "--batch", "-", "--lang", "de"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let lines = format!("{start}\tSf3\n{start}\tNf3\n");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(lines.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let lines: Vec<Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(
        (&lines[0]["san"], &lines[0]["local"]),
        (&Value::from("Nf3"), &Value::from("Sf3"))
    );
    assert_eq!(lines[1]["status"], "invalid");
    let out = sancho(&["hint", "--lang", "xx", "N"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("unknown language"));
}

/// `--lang` is global: before the command it means the same; translate
/// names its own options instead of ignoring it.
#[test]
fn lang_is_a_global_option() {
    let v = json(&sancho(&["--lang", "de", "resolve", "--json", "Sf3"]));
    assert_eq!(
        (&v["san"], &v["local"]),
        (&Value::from("Nf3"), &Value::from("Sf3"))
    );
    let v = json(&sancho(&["--lang", "fr", "moves", "--json"]));
    assert!(v.as_array().unwrap().iter().any(|m| m["local"] == "Cf3"));
    let out = sancho(&["translate", "--lang", "de", "1. e4"]);
    assert_ne!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--from CODE and --to CODE"));
}

#[test]
fn translate_checks_every_move() {
    let out = sancho(&["translate", "--to", "de", "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6"]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "1. e4 e5 2. Sf3 Sc6 3. Lb5 a6\n"
    );
    let out = sancho(&[
        "translate",
        "--from",
        "fr",
        "--figurine",
        "e4 e5 Cf3 Cc6 Fc4 Fc5 O-O",
    ]);
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "1. e4 e5 2. ♘f3 ♘c6 3. ♗c4 ♗c5 4. O-O\n"
    );
    let out = sancho(&["translate", "--to", "de", "e4 e5 Ke3"]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.starts_with("sancho: move 2. Ke3: "), "{err}");
}
