//! `check` over the fixture files: each kind of broken puzzle is found, in
//! the right file, line, puzzle and field, and never hides the others.

use std::path::Path;

use sancho::puzzle::{
    CheckSummary, Finding, PackError, Severity, check_pack, check_path, parse_pack,
};

fn check(file: &str) -> (Vec<Finding>, CheckSummary) {
    check_path(&Path::new("tests/fixtures/puzzles").join(file))
}

/// (line, puzzle id, field, severity, a piece of the message).
type Expected = (
    Option<usize>,
    Option<&'static str>,
    Option<&'static str>,
    Severity,
    &'static str,
);

fn assert_findings(file: &str, expected: &[Expected], summary: (usize, usize, usize)) {
    let (findings, got) = check(file);
    assert_eq!(
        (got.checked, got.passed, got.failed),
        summary,
        "{file}: {findings:#?}"
    );
    assert_eq!(findings.len(), expected.len(), "{file}: {findings:#?}");
    for (f, (line, id, field, severity, text)) in findings.iter().zip(expected) {
        assert_eq!(f.line, *line, "{f}");
        assert_eq!(f.puzzle_id.as_deref(), *id, "{f}");
        assert_eq!(f.field.as_deref(), *field, "{f}");
        assert_eq!(f.severity, *severity, "{f}");
        assert!(f.message.contains(text), "{f} lacks {text:?}");
        assert!(f.file.ends_with(file));
    }
}

use Severity::{Error, Warning};

#[test]
fn sound_pack_passes() {
    let (findings, summary) = check("good_pack.json");
    assert!(findings.is_empty(), "{findings:#?}");
    assert_eq!(
        summary,
        CheckSummary {
            checked: 4,
            passed: 4,
            failed: 0,
            file_errors: 0
        }
    );
    assert!(summary.is_ok());
}

#[test]
fn alternative_first_moves_are_warnings() {
    assert_findings(
        "alternative_mate.json",
        &[(
            Some(3),
            Some("m2-alt"),
            Some("solutionSequence[0].move"),
            Warning,
            "also mate in 2 or fewer: Ra7",
        )],
        (1, 1, 0),
    );
}

#[test]
fn illegal_move() {
    assert_findings(
        "illegal_move.json",
        &[(
            Some(10),
            Some("illegal-1"),
            Some("solutionSequence[1].move"),
            Error,
            "move 2 (c8d8) is not legal",
        )],
        (3, 2, 1),
    );
}

#[test]
fn wrong_side_to_move_and_alternation() {
    assert_findings(
        "wrong_side.json",
        &[
            (
                Some(3),
                Some("side-1"),
                Some("toMove"),
                Error,
                "toMove is black but the fen has white to move and the line starts with the user's move",
            ),
            (
                Some(10),
                Some("side-2"),
                Some("toMove"),
                Error,
                "the fen has black to move and the line starts with the opponent's move",
            ),
            (
                Some(20),
                Some("alternate-1"),
                Some("solutionSequence[1].isUserMove"),
                Error,
                "must alternate",
            ),
        ],
        (3, 0, 3),
    );
}

/// The seed guide's own "Mate in 2" is not sound: every move is legal, but
/// its solutionMoves lists one of the two user moves, Qxf7+ is not mate
/// (Kxf7 or Kd8), and Qh5 forces nothing: Black simply takes it, Qxh5.
#[test]
fn false_mate_claims_including_the_seed_example() {
    assert_findings(
        "false_mate.json",
        &[
            (
                Some(3),
                Some("puzzle_002"),
                Some("solutionMoves"),
                Error,
                "solutionMoves has 1 move but solutionSequence has 2 user moves",
            ),
            (
                Some(3),
                Some("puzzle_002"),
                Some("solutionSequence[2].comment"),
                Error,
                "\"Checkmate!\" says mate, but Qxf7+ is not checkmate: black can answer Kxf7, Kd8",
            ),
            (
                Some(3),
                Some("puzzle_002"),
                Some("themes"),
                Error,
                "the theme \"checkmate\" claims mate, but the line ends without checkmate",
            ),
            (
                Some(3),
                Some("puzzle_002"),
                Some("solutionSequence[0].move"),
                Error,
                "Qh5 does not force mate in 2: black defends with Qxh5",
            ),
            (
                Some(21),
                Some("count-1"),
                Some("themes"),
                Error,
                "claims mate in 2, but the line has 1 user move",
            ),
            (
                Some(28),
                Some("unforced-1"),
                Some("solutionSequence[0].move"),
                Error,
                "h3 does not force mate in 2",
            ),
        ],
        (3, 0, 3),
    );
}

#[test]
fn seed_example_has_no_mate_in_two_at_all() {
    let pos = sancho::puzzle::parse_fen(
        "r1b1kb1r/pppp1ppp/8/4n3/2B1P2q/2N5/PPPP1PPP/R1BQK2R w KQkq - 0 7",
    )
    .unwrap();
    assert!(sancho::puzzle::mate_in(&pos, 2).is_empty());
}

#[test]
fn bad_fen() {
    assert_findings(
        "bad_fen.json",
        &[
            (
                Some(3),
                Some("fen-1"),
                Some("fen"),
                Error,
                "rank 6 contains '9'",
            ),
            (
                Some(9),
                Some("fen-2"),
                Some("fen"),
                Error,
                "0 black kings, expected exactly one",
            ),
        ],
        (3, 1, 2),
    );
}

#[test]
fn duplicate_id_points_at_the_second() {
    assert_findings(
        "duplicate_id.json",
        &[(
            Some(15),
            Some("dup"),
            Some("id"),
            Error,
            "duplicate id \"dup\"",
        )],
        (3, 2, 1),
    );
}

#[test]
fn mismatched_solution_moves() {
    // castle-spelling passes: e1h1 and e1g1 are the same move.
    assert_findings(
        "mismatched_solution.json",
        &[
            (
                Some(3),
                Some("mismatch-1"),
                Some("solutionMoves[1]"),
                Error,
                "is \"d1d7\" but the sequence's user move 2 is d1d8",
            ),
            (
                Some(15),
                Some("mismatch-2"),
                Some("solutionMoves"),
                Error,
                "has 1 move but",
            ),
        ],
        (3, 1, 2),
    );
}

#[test]
fn malformed_json_reports_line_and_column() {
    let (findings, summary) = check("malformed.json");
    assert_eq!(summary.file_errors, 1);
    assert!(!summary.is_ok());
    assert_eq!(findings.len(), 1);
    assert_eq!(findings[0].line, Some(5));
    let text = std::fs::read_to_string("tests/fixtures/puzzles/malformed.json").unwrap();
    match parse_pack(&text) {
        Err(PackError::Json { line, column, .. }) => assert_eq!((line, column), (5, 5)),
        other => panic!("{other:?}"),
    }
    assert!(
        findings[0]
            .to_string()
            .contains("malformed.json:5: malformed json at line 5, column 5")
    );
}

#[test]
fn lichess_csv_findings_carry_row_lines() {
    assert_findings(
        "lichess_small.csv",
        &[(Some(8), Some("fx007"), Some("Moves"), Warning, "Ra7")],
        (7, 7, 0),
    );
    assert_findings(
        "lichess_broken.csv",
        &[
            (
                Some(3),
                Some("badfen"),
                Some("FEN"),
                Error,
                "field 1 (piece placement)",
            ),
            (
                Some(4),
                Some("illegal"),
                Some("Moves"),
                Error,
                "move 2 (\"e1e9\") is not a uci move",
            ),
            (
                Some(5),
                Some("nomate"),
                Some("Themes"),
                Error,
                "ends without checkmate",
            ),
            (
                Some(6),
                Some("short"),
                Some("Moves"),
                Error,
                "at least one user move",
            ),
            (
                Some(7),
                Some("ok001"),
                Some("PuzzleId"),
                Error,
                "duplicate id",
            ),
        ],
        (6, 1, 5),
    );
}

#[test]
fn display_and_json_forms() {
    let (findings, _) = check("mismatched_solution.json");
    let shown = findings[0].to_string();
    assert!(
        shown.ends_with("mismatched_solution.json:3: puzzle mismatch-1, field solutionMoves[1]: solutionMoves[1] is \"d1d7\" but the sequence's user move 2 is d1d8"),
        "{shown}"
    );
    let json: serde_json::Value = serde_json::to_value(&findings[0]).unwrap();
    assert_eq!(json["line"], 3);
    assert_eq!(json["puzzle_id"], "mismatch-1");
    assert_eq!(json["field"], "solutionMoves[1]");
    assert_eq!(json["severity"], "error");
    let (warnings, _) = check("alternative_mate.json");
    assert!(
        warnings[0]
            .to_string()
            .contains(":3: warning: puzzle m2-alt")
    );
}

#[test]
fn unknown_file_and_missing_file_are_file_errors() {
    for path in ["tests/fixtures/puzzles/nope.json", "Cargo.toml"] {
        let (findings, summary) = check_path(Path::new(path));
        assert_eq!(summary.file_errors, 1, "{path}");
        assert_eq!(findings.len(), 1);
    }
}

#[test]
fn check_pack_on_text_wrong_shape_entries() {
    let text = r#"[{"id": "a", "fen": 5}, {"id": "b", "fen": "6k1/5ppp/8/8/8/8/5PPP/4R1K1 w - - 0 1", "toMove": "white", "solutionMoves": ["e1e8"]}, 7]"#;
    let (findings, summary) = check_pack(text, "inline.json");
    assert_eq!((summary.checked, summary.passed, summary.failed), (3, 1, 2));
    assert_eq!(findings.len(), 2, "{findings:#?}");
    assert!(findings.iter().all(|f| f.message.contains("wrong shape")));
}

/// The three examples of the seed's puzzle guide, verbatim: the single-move
/// mate and the opponent-first Qh2# are sound; the "Mate in 2" is not.
#[test]
fn seed_guide_examples() {
    let (findings, summary) = check("seed_examples.json");
    assert_eq!((summary.checked, summary.passed, summary.failed), (3, 2, 1));
    assert!(
        findings
            .iter()
            .all(|f| f.puzzle_id.as_deref() == Some("puzzle_002"))
    );
    let fields: Vec<&str> = findings.iter().filter_map(|f| f.field.as_deref()).collect();
    assert_eq!(
        fields,
        [
            "solutionMoves",
            "solutionSequence[2].comment",
            "themes",
            "solutionSequence[0].move"
        ]
    );
}
