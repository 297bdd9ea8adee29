//! Fields a newer Sancho adds inside any record of `progress.json` survive
//! every save, merge and export of this one (issue 28, item 1).

use sancho::progress::disk::SourceRecord;
use sancho::progress::{
    Attempt, Outcome, Progress, PuzzleRef, PuzzleSet, SetOrigin, SetPuzzle, SetResult, Source,
    Store, Timestamp, disk,
};
use serde_json::{Value, json};

const T0: i64 = 1_700_000_000;

/// A document with a field no version of Sancho knows in every kind of
/// record and in every record nested in one, each named after its place.
fn newer_document() -> Value {
    let fsrs: Vec<f64> = (0..21).map(|i| 0.1 + f64::from(i) / 10.0).collect();
    json!({
        "schema": 2,
        "future_top": {"kept": true},
        "attempts": [{
            "id": "1700000000-p1-01", "source": "lichess", "puzzle": "p1", "at": T0,
            "outcome": "failed", "time_ms": 9000, "hints": 0, "solution_shown": false,
            "rating": 1500, "themes": ["fork"],
            "wrong_inputs": [
                {"input": "nf3", "codes": ["piece-lowercase"], "future_wrong_input": 1},
                {"input": "Nf3", "codes": []}
            ],
            "slips": [
                {"input": "0-0", "codes": ["zero-castling"], "san": "O-O", "future_slip": "s"}
            ],
            "future_attempt": {"engine_eval": -120}
        }],
        "drills": [{
            "id": "1700000100-coordinates-02", "kind": "coordinates", "at": T0 + 100,
            "exercises": 20, "correct": 19, "time_ms": 30000,
            "mistakes": [{"code": "wrong-square", "answer": "e4", "future_mistake": "x"}],
            "coordinates": {"mode": "find", "colour": "white", "timed": true,
                            "files": "a-h", "ranks": "1-8", "future_coordinates": [3]},
            "future_drill": 7
        }],
        "lessons": ["lesson-1"],
        "runs": [{
            "id": "1700000200-storm-03", "mode": "storm", "at": T0 + 200, "score": 12,
            "future_run": "fast"
        }],
        "carried": [{
            "source": {"builtin": "mate-in-one"}, "puzzle": "m1", "at": T0 - 86400,
            "stability": 6.0, "difficulty": 5.0, "future_carried": null
        }],
        "sets": [{
            "id": "1700000000-0000000000000001", "name": "forks", "created": T0,
            "origin": "builtin", "filters": "", "seed": 7,
            "puzzles": [
                {"source": {"builtin": "mate-in-one"}, "puzzle": "m1", "future_set_puzzle": 1},
                {"source": {"builtin": "mate-in-one"}, "puzzle": "m2"}
            ],
            "cycles": [{
                "results": [{"index": 0, "at": T0, "solved": true, "time_ms": 4000,
                             "future_result": "r"}],
                "future_cycle": "c"
            }],
            "future_set": {"colour": "green"}
        }],
        "reviewed": [{
            "drill": "1700000100-coordinates-02", "at": T0 + 100,
            "codes": [{"code": "missing-capture", "right": true, "future_code": 2}],
            "future_reviewed": 5
        }],
        "fsrs": {"parameters": fsrs, "at": T0, "reviews": 70, "future_fsrs": "v7"},
        "games": [{
            "id": "1700000300-game-04", "at": T0 + 300, "fen": "7k/8/5K2/8/8/8/8/6Q1 w - - 0 1",
            "side": "white", "result": "*", "reason": "move_limit", "moves": ["Qg5", "Kh7"],
            "endgame": "kqk",
            "goal": {"kind": "mate", "moves": 1, "achieved": false, "moves_used": 1,
                     "future_goal": "g"},
            "future_game": {"clock": 3}
        }]
    })
}

/// Every unknown field of [`newer_document`]: where it is and its value.
const UNKNOWN: &[(&str, &str)] = &[
    ("/future_top", r#"{"kept":true}"#),
    ("/attempts/0/future_attempt", r#"{"engine_eval":-120}"#),
    ("/attempts/0/wrong_inputs/0/future_wrong_input", "1"),
    ("/attempts/0/slips/0/future_slip", r#""s""#),
    ("/drills/0/future_drill", "7"),
    ("/drills/0/mistakes/0/future_mistake", r#""x""#),
    ("/drills/0/coordinates/future_coordinates", "[3]"),
    ("/runs/0/future_run", r#""fast""#),
    ("/carried/0/future_carried", "null"),
    ("/sets/0/future_set", r#"{"colour":"green"}"#),
    ("/sets/0/puzzles/0/future_set_puzzle", "1"),
    ("/sets/0/cycles/0/future_cycle", r#""c""#),
    ("/sets/0/cycles/0/results/0/future_result", r#""r""#),
    ("/reviewed/0/future_reviewed", "5"),
    ("/reviewed/0/codes/0/future_code", "2"),
    ("/fsrs/future_fsrs", r#""v7""#),
    ("/games/0/future_game", r#"{"clock":3}"#),
    ("/games/0/goal/future_goal", r#""g""#),
];

fn assert_all_kept(doc: &Value, after: &str) {
    for (pointer, value) in UNKNOWN {
        let expected: Value = serde_json::from_str(value).unwrap();
        assert_eq!(
            doc.pointer(pointer),
            Some(&expected),
            "{pointer} after {after}"
        );
    }
    // A nested record without unknown fields gains none.
    assert_eq!(
        doc.pointer("/attempts/0/wrong_inputs/1"),
        Some(&json!({"input": "Nf3", "codes": []})),
        "after {after}"
    );
}

fn attempt(puzzle: &str, at: i64) -> Attempt {
    Attempt {
        puzzle: PuzzleRef::new(Source::Lichess, puzzle),
        at: Timestamp(at),
        outcome: Outcome::Solved,
        time_ms: 5000,
        hints: 0,
        solution_shown: false,
        rating: Some(1400),
        rated: true,
        themes: vec![],
        blind: None,
        wrong_inputs: vec![],
        slips: vec![],
        replay: false,
    }
}

#[test]
fn a_field_a_newer_version_adds_inside_any_record_survives_a_save() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("progress.json");
    std::fs::write(&file, newer_document().to_string()).unwrap();
    let mut store = Store::open(dir.path(), Timestamp(T0)).unwrap().store;
    store.record_attempt(attempt("p2", T0 + 300)).unwrap();
    let doc: Value = serde_json::from_slice(&std::fs::read(&file).unwrap()).unwrap();
    assert_all_kept(&doc, "a save");
    assert_eq!(doc["attempts"].as_array().unwrap().len(), 2);

    // A result added to the set changes the set, not what it kept.
    let sitting = store.progress().set("forks").unwrap().play();
    let result = SetResult::new(1, Timestamp(T0 + 400), true, 3000);
    let recorded = store
        .record(|p| p.record_set_result(&sitting, result))
        .unwrap()
        .unwrap();
    assert!(recorded.finished.is_some());
    let doc: Value = serde_json::from_slice(&std::fs::read(&file).unwrap()).unwrap();
    assert_all_kept(&doc, "a set result");
    assert_eq!(
        doc.pointer("/sets/0/cycles/0/results/1/index"),
        Some(&json!(1))
    );

    // An export is the same document.
    let copy = dir.path().join("copy.json");
    store.export(&copy).unwrap();
    let exported: Value = serde_json::from_slice(&std::fs::read(&copy).unwrap()).unwrap();
    assert_all_kept(&exported, "an export");
}

#[test]
fn unknown_fields_come_in_with_the_records_an_import_adds() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = Store::open(dir.path(), Timestamp(T0)).unwrap().store;
    store.record_attempt(attempt("mine", T0)).unwrap();
    let other = dir.path().join("other.json");
    std::fs::write(&other, newer_document().to_string()).unwrap();
    store.import(&other).unwrap();
    let doc: Value =
        serde_json::from_slice(&std::fs::read(dir.path().join("progress.json")).unwrap()).unwrap();
    let attempts = doc["attempts"].as_array().unwrap();
    let theirs = attempts
        .iter()
        .find(|a| a["puzzle"] == "p1")
        .expect("imported");
    assert_eq!(theirs["future_attempt"], json!({"engine_eval": -120}));
    assert_eq!(theirs["wrong_inputs"][0]["future_wrong_input"], json!(1));
    let ours = attempts.iter().find(|a| a["puzzle"] == "mine").unwrap();
    assert!(ours.get("future_attempt").is_none(), "{ours}");
    for pointer in [
        "/drills/0/coordinates/future_coordinates",
        "/runs/0/future_run",
        "/carried/0/future_carried",
        "/sets/0/cycles/0/results/0/future_result",
        "/reviewed/0/codes/0/future_code",
        "/fsrs/future_fsrs",
        "/future_top",
    ] {
        assert!(doc.pointer(pointer).is_some(), "{pointer}: {doc}");
    }
}

#[test]
fn a_record_replaced_by_another_does_not_inherit_its_unknown_fields() {
    let (mut progress, extra) =
        disk::decode_document(newer_document().to_string().as_bytes()).unwrap();
    // A new fit replaces the old one; a set deleted and made again is new.
    let mut fit = progress.fsrs_fit().cloned().unwrap();
    fit.at = Timestamp(T0 + 500);
    progress.set_fsrs_fit(Some(fit));
    progress.remove_set("forks").unwrap();
    let again = PuzzleSet::new(
        "forks",
        Timestamp(T0 + 600),
        SetOrigin::Builtin,
        String::new(),
        8,
        vec![SetPuzzle::new(
            SourceRecord::Builtin("mate-in-one".to_owned()),
            "m1".to_owned(),
        )],
    )
    .unwrap();
    progress.add_set(again).unwrap();
    let doc: Value =
        serde_json::from_slice(&disk::encode_document(&progress, &extra).unwrap()).unwrap();
    assert!(doc["fsrs"].get("future_fsrs").is_none(), "{}", doc["fsrs"]);
    assert!(doc["sets"][0].get("future_set").is_none());
    assert_eq!(doc["attempts"][0]["future_attempt"]["engine_eval"], -120);
}

#[test]
fn decoding_and_encoding_is_the_identity_on_a_document_with_unknown_fields() {
    let document = newer_document();
    let (progress, extra) = disk::decode_document(document.to_string().as_bytes()).unwrap();
    let written: Value =
        serde_json::from_slice(&disk::encode_document(&progress, &extra).unwrap()).unwrap();
    assert_all_kept(&written, "a round trip");
    let (again, _) = disk::decode_document(written.to_string().as_bytes()).unwrap();
    assert_eq!(again, progress, "the unknown fields compare too");
    assert_ne!(again, Progress::new());
}

/// [`newer_document`] with a record of every kind, sources written as
/// objects, and a repertoire review with a wrong input.
fn every_kind() -> Value {
    let mut doc = newer_document();
    doc["attempts"][0]["source"] = json!({"builtin": "mate-in-one"});
    doc["attempts"].as_array_mut().unwrap().push(json!({
        "id": "1700000001-p2-05", "source": {"file": "mine.json"}, "puzzle": "p2",
        "at": T0 + 1, "outcome": "solved", "time_ms": 3000
    }));
    doc["repertoire"] = json!([{
        "id": "1700000400-repertoire-06", "name": "white",
        "card": "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -",
        "at": T0 + 400, "right": false, "time_ms": 4000,
        "wrong_inputs": [{"input": "nf3", "codes": ["piece-lowercase"]}]
    }]);
    doc
}

/// Puts a field named after its place into every object under `value`;
/// returns where each went and its value (`repertoire.rs` uses it too).
pub(crate) fn inject(value: &mut Value, path: &str, out: &mut Vec<(String, Value)>) {
    match value {
        Value::Object(map) => {
            for (key, inner) in map.iter_mut() {
                inject(inner, &format!("{path}/{key}"), out);
            }
            map.insert("zz_newer".to_owned(), json!(path));
            out.push((format!("{path}/zz_newer"), json!(path)));
        }
        Value::Array(items) => {
            for (i, inner) in items.iter_mut().enumerate() {
                inject(inner, &format!("{path}/{i}"), out);
            }
        }
        _ => {}
    }
}

// Issue 38, faults 6 and 7: a field inside a repertoire review's wrong
// input was dropped, and one inside an attempt's source made the whole
// file unreadable (moved aside, a fresh one started).
#[test]
fn a_field_a_newer_version_adds_to_any_object_at_any_depth_survives_a_save() {
    let mut doc = every_kind();
    let mut injected = Vec::new();
    inject(&mut doc, "", &mut injected);
    assert!(injected.len() > 30, "{} objects", injected.len());
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("progress.json");
    std::fs::write(&file, doc.to_string()).unwrap();
    let opened = Store::open(dir.path(), Timestamp(T0)).unwrap();
    assert!(
        opened.notice.is_none(),
        "read, not moved aside: {:?}",
        opened.notice
    );
    let mut store = opened.store;
    assert_eq!(store.progress().attempts().count(), 2);
    store.record_attempt(attempt("p3", T0 + 500)).unwrap();
    let saved: Value = serde_json::from_slice(&std::fs::read(&file).unwrap()).unwrap();
    for (pointer, value) in &injected {
        assert_eq!(
            saved.pointer(pointer),
            Some(value),
            "{pointer} after a save"
        );
    }
    // An export, and an import into another store, keep them too.
    let copy = dir.path().join("copy.json");
    store.export(&copy).unwrap();
    let other = tempfile::tempdir().unwrap();
    let mut theirs = Store::open(other.path(), Timestamp(T0)).unwrap().store;
    theirs.import(&copy).unwrap();
    let imported: Value =
        serde_json::from_slice(&std::fs::read(other.path().join("progress.json")).unwrap())
            .unwrap();
    for (pointer, value) in &injected {
        assert_eq!(
            imported.pointer(pointer),
            Some(value),
            "{pointer} after an import"
        );
    }
}
