//! The JSON pack format: both shapes, both file shapes, lenient fields,
//! strict and skipping loaders.

use std::path::Path;

use sancho::puzzle::{PackError, load_path, parse_pack, read_pack};
use shakmaty::{Color, Position};

fn text(file: &str) -> String {
    std::fs::read_to_string(Path::new("tests/fixtures/puzzles").join(file)).unwrap()
}

#[test]
fn object_pack_with_both_shapes() {
    let pack = read_pack(&text("good_pack.json"), "good_pack.json").unwrap();
    assert_eq!(pack.name, "Fixture pack");
    assert_eq!(
        pack.description.as_deref(),
        Some("Small sound puzzles in both shapes.")
    );
    let ids: Vec<&str> = pack.puzzles.iter().map(|p| p.id.as_str()).collect();
    assert_eq!(ids, ["m1-001", "m1-002", "m2-001", "castle-001"]);

    let p = &pack.puzzles[0];
    assert_eq!(p.title, "Checkmate in 1");
    assert_eq!(p.subtitle, "Find the winning move for White");
    assert_eq!(p.difficulty, Some(1));
    assert_eq!(p.user_color, Color::White);
    assert_eq!(p.themes, ["checkmate", "backRankMate"]);
    assert_eq!(p.hints, ["Look for back rank weakness"]);
    assert_eq!(p.success_message.as_deref(), Some("Excellent! Checkmate!"));
    assert_eq!(
        p.failure_message.as_deref(),
        Some("Not quite right. Try again!")
    );
    assert_eq!(p.source, "Fixture pack");
    assert!(!p.opponent_first());
    assert_eq!(p.solution.len(), 1);
    assert!(p.solution[0].is_user);
    assert_eq!(p.solution[0].comment, None);

    let q = &pack.puzzles[1];
    assert!(q.opponent_first());
    assert_eq!(q.position.turn(), Color::Black);
    assert_eq!(q.user_color, Color::White);
    assert_eq!(q.user_start().turn(), Color::White);
    assert_eq!(q.solution[1].comment.as_deref(), Some("Checkmate!"));

    // No subtitle means "White to move"; no hints is fine.
    let r = &pack.puzzles[2];
    assert_eq!(r.subtitle, "White to move");
    assert!(pack.puzzles[3].hints.is_empty());
}

#[test]
fn missing_title_is_the_id() {
    let text = r#"[{"id": "t1", "fen": "6k1/5ppp/8/8/8/8/5PPP/4R1K1 b - - 0 1", "toMove": "BLACK", "solutionMoves": ["g8f8"]}]"#;
    let pack = read_pack(text, "t.json").unwrap();
    assert_eq!(pack.puzzles[0].title, "t1");
    assert_eq!(pack.puzzles[0].subtitle, "Black to move");
    assert_eq!(pack.puzzles[0].user_color, Color::Black);
}

#[test]
fn array_pack_is_named_after_its_source() {
    let pack = read_pack(&text("alternative_mate.json"), "alt.json").unwrap();
    assert_eq!(pack.name, "alt.json");
    assert_eq!(pack.puzzles.len(), 1);
}

#[test]
fn strict_reading_stops_at_the_first_bad_puzzle() {
    match read_pack(&text("illegal_move.json"), "x.json") {
        Err(PackError::Puzzle { id, line, message }) => {
            assert_eq!(id, "illegal-1");
            assert_eq!(line, Some(10));
            assert!(message.contains("c8d8"), "{message}");
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn loading_skips_bad_puzzles_and_says_why() {
    let loaded = load_path(Path::new("tests/fixtures/puzzles/illegal_move.json")).unwrap();
    let ids: Vec<&str> = loaded.puzzles.iter().map(|p| p.id.as_str()).collect();
    assert_eq!(ids, ["ok-1", "ok-2"]);
    assert_eq!(loaded.skipped.len(), 1);
    assert_eq!(loaded.skipped[0].puzzle_id.as_deref(), Some("illegal-1"));
    assert!(load_path(Path::new("tests/fixtures/puzzles/malformed.json")).is_err());
}

#[test]
fn wrong_shapes() {
    for (input, ok) in [
        ("[]", true),
        (r#"{"puzzles": []}"#, true),
        (r#"{"name": "n"}"#, false),
        ("42", false),
        (r#"{"puzzles": {}}"#, false),
    ] {
        assert_eq!(parse_pack(input).is_ok(), ok, "{input}");
    }
}

#[test]
fn field_problems_are_all_reported() {
    let text = r#"[{"fen": "x", "toMove": "red", "difficulty": 9, "solutionMoves": ["e2e4"]}]"#;
    let raw = parse_pack(text).unwrap();
    let rp = raw.entries[0].puzzle.as_ref().unwrap();
    let problems = rp.to_valid_puzzle("t").unwrap_err();
    let fields: Vec<&str> = problems.iter().filter_map(|p| p.field.as_deref()).collect();
    assert_eq!(fields, ["id", "fen", "toMove", "difficulty"]);
}

#[test]
fn puzzle_lines_are_found_for_repeated_ids() {
    let text = "[\n{\"id\": \"a\"},\n{\"id\":\"b\"},\n\n{ \"id\" : \"a\" }]";
    let raw = parse_pack(text).unwrap();
    let lines: Vec<Option<usize>> = raw.entries.iter().map(|e| e.line).collect();
    assert_eq!(lines, [Some(2), Some(3), Some(5)]);
}

#[test]
fn every_wrong_type_is_placed_by_line_id_and_field() {
    use sancho::puzzle::check_pack;
    // (entry, puzzle id in the finding, field)
    let table: [(&str, &str, Option<&str>); 12] = [
        (r#"{"id": "a", "fen": 5}"#, "a", Some("fen")),
        (
            r#"{"id": "b", "difficulty": "hard"}"#,
            "b",
            Some("difficulty"),
        ),
        (r#"{"id": "c", "themes": ["x", 3]}"#, "c", Some("themes[1]")),
        (r#"{"id": "d", "themes": "fork"}"#, "d", Some("themes")),
        (
            r#"{"id": "e", "solutionSequence": [{"move": "e2e4"}, {"move": 7}]}"#,
            "e",
            Some("solutionSequence[1].move"),
        ),
        (
            r#"{"id": "f", "solutionSequence": [{"move": "e2e4", "isUserMove": "yes"}]}"#,
            "f",
            Some("solutionSequence[0].isUserMove"),
        ),
        (
            r#"{"id": "g", "solutionMoves": [1]}"#,
            "g",
            Some("solutionMoves[0]"),
        ),
        (r#"{"id": "h", "hints": null}"#, "h", Some("hints")),
        (
            r#"{"id": "i", "solutionSequence": {"move": "e2e4"}}"#,
            "i",
            Some("solutionSequence"),
        ),
        (r#"{"id": 5, "fen": "x"}"#, "#10", Some("id")),
        (r#"{"fen": 5}"#, "#11", Some("fen")),
        ("7", "#12", None),
    ];
    let text = format!(
        "[\n{}\n]",
        table.iter().map(|t| t.0).collect::<Vec<_>>().join(",\n")
    );
    let (findings, summary) = check_pack(&text, "inline.json");
    assert_eq!(summary.failed, table.len());
    assert_eq!(findings.len(), table.len(), "{findings:#?}");
    for (i, ((entry, id, field), finding)) in table.iter().zip(&findings).enumerate() {
        assert_eq!(finding.line, Some(i + 2), "{entry}");
        assert_eq!(finding.puzzle_id.as_deref(), Some(*id), "{entry}");
        assert_eq!(finding.field.as_deref(), *field, "{entry}");
    }
}

#[test]
fn a_null_or_missing_solution_sequence_is_blamed_on_it() {
    for sequence in [r#", "solutionSequence": null"#, ""] {
        let text = format!(
            r#"[{{"id": "n", "fen": "1k6/8/2K5/8/8/8/8/3R4 w - - 0 1", "toMove": "white",
                "solutionMoves": ["d1d7", "d7d8"]{sequence}}}]"#
        );
        let raw = parse_pack(&text).unwrap();
        let problems = raw.entries[0]
            .puzzle
            .as_ref()
            .unwrap()
            .to_valid_puzzle("t")
            .unwrap_err();
        let fields: Vec<&str> = problems.iter().filter_map(|p| p.field.as_deref()).collect();
        assert_eq!(fields, ["solutionSequence"], "{problems:?}");
    }
}

#[test]
fn a_byte_order_mark_before_a_pack_is_accepted() {
    let with_bom = format!("\u{feff}{}", text("good_pack.json"));
    let pack = read_pack(&with_bom, "good_pack.json").unwrap();
    assert_eq!(pack.name, "Fixture pack");
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bom.json");
    std::fs::write(&path, with_bom).unwrap();
    let loaded = load_path(&path).unwrap();
    assert_eq!(loaded.puzzles.len(), pack.puzzles.len());
    assert!(loaded.skipped.is_empty());
}

#[test]
fn a_pack_is_bounded_in_size_and_must_be_text() {
    use sancho::puzzle::{MAX_PACK_BYTES, check_path};
    let dir = tempfile::tempdir().unwrap();
    let huge = dir.path().join("huge.json");
    // Sparse: a pack of NUL bytes one byte over the bound.
    std::fs::File::create(&huge)
        .unwrap()
        .set_len(MAX_PACK_BYTES + 1)
        .unwrap();
    let (findings, summary) = check_path(&huge);
    assert_eq!(summary.file_errors, 1);
    assert!(
        findings[0].message.contains("at most 64 MiB"),
        "{}",
        findings[0]
    );
    let error = load_path(&huge).unwrap_err().to_string();
    assert!(error.contains("at most 64 MiB"), "{error}");

    let latin1 = dir.path().join("latin1.json");
    std::fs::write(&latin1, b"[{\"id\": \"caf\xe9\"}]").unwrap();
    let (findings, _) = check_path(&latin1);
    assert!(findings[0].message.contains("not utf-8"), "{}", findings[0]);
}

#[test]
fn a_puzzle_without_an_id_still_has_its_line() {
    use sancho::puzzle::check_pack;
    let text = "{\"name\": \"p\", \"puzzles\": [\n  {\"id\": \"a\", \"fen\": \"x\"},\n\n  {\"fen\": \"x\",\n   \"toMove\": \"white\"}\n]}";
    let (findings, _) = check_pack(text, "inline.json");
    let missing = findings
        .iter()
        .find(|f| f.field.as_deref() == Some("id"))
        .expect("a missing id finding");
    assert_eq!(missing.line, Some(4));
    assert_eq!(missing.puzzle_id.as_deref(), Some("#2"));
}
