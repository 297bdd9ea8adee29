//! `check` over the fixture files: each kind of broken puzzle is found, in
//! the right file, line, puzzle and field, and never hides the others.

use std::path::Path;

use sancho::puzzle::{
    CheckOptions, CheckSummary, Finding, PackError, Severity, check_pack, check_pack_with,
    check_path, check_path_with, parse_pack,
};

const FIXTURES: &str = "tests/fixtures/puzzles";

fn check(file: &str) -> (Vec<Finding>, CheckSummary) {
    check_path(&Path::new(FIXTURES).join(file))
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

/// The good pack has no errors; its rook mate in 2 has slower mates (any
/// rook move along the first rank), which is a warning, and an error under
/// `--strict`.
#[test]
fn sound_pack_passes() {
    assert_findings(
        "good_pack.json",
        &[(
            Some(35),
            Some("m2-001"),
            Some("solutionSequence[0].move"),
            Warning,
            "other moves than Kb6 also force mate: Ra1 (mate in 3), Rb1 (mate in 3)",
        )],
        (4, 4, 0),
    );
    let (findings, summary) = check_path_with(
        &Path::new(FIXTURES).join("good_pack.json"),
        CheckOptions::STRICT,
    );
    assert_eq!(
        summary,
        CheckSummary {
            checked: 4,
            passed: 3,
            failed: 1,
            file_errors: 0,
            engine_unchecked: 0,
        }
    );
    assert_eq!(findings.len(), 1);
    assert_eq!(findings[0].severity, Error);
    assert!(!summary.is_ok());
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
            "other moves than Rb7 also force mate: Ra7 (mate in 2), Rb6 (mate in 3)",
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
/// (Kxf7 or Kd8), Qh5 forces nothing: Black simply takes it, Qxh5, and its
/// first comment ("Threatening mate on f7") gives the second move away.
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
                Some("solutionSequence[0].comment"),
                Warning,
                "shown before the user's move Qxf7 and names it (its destination f7)",
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
                Warning,
                "other moves than h3 also force mate: Rd8# (mate in 1)",
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
                Some(3),
                Some("mismatch-1"),
                Some("solutionSequence[0].move"),
                Warning,
                "other moves than Kb6 also force mate",
            ),
            (
                Some(15),
                Some("mismatch-2"),
                Some("solutionMoves"),
                Error,
                "has 1 move but",
            ),
            (
                Some(15),
                Some("mismatch-2"),
                Some("solutionSequence[0].move"),
                Warning,
                "other moves than Kb6 also force mate",
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
        &[
            (Some(3), Some("fx002"), Some("Moves"), Warning, "than Kb6"),
            (
                Some(8),
                Some("fx007"),
                Some("Moves"),
                Warning,
                "Ra7 (mate in 2)",
            ),
        ],
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
                Some("Moves"),
                Error,
                "the scripted move Kh8 allows mate in one (Re8#), which the line does not play",
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
            "solutionSequence[0].comment",
            "themes",
            "solutionSequence[0].move"
        ]
    );
}

// The stricter checks, one per mechanical claim. Each builds a one-puzzle
// pack from a FEN and a line of (uci, is the user's, comment).

fn pack(fen: &str, to_move: &str, themes: &[&str], line: &[(&str, bool, &str)]) -> String {
    let steps: Vec<serde_json::Value> = line
        .iter()
        .map(|(mv, user, comment)| {
            let mut step = serde_json::json!({"move": mv, "isUserMove": user});
            if !comment.is_empty() {
                step["comment"] = serde_json::json!(comment);
            }
            step
        })
        .collect();
    serde_json::json!([{
        "id": "t", "title": "t", "fen": fen, "toMove": to_move, "themes": themes,
        "difficulty": 1, "solutionSequence": steps
    }])
    .to_string()
}

/// The findings of a one-puzzle pack as (field, severity, message).
fn findings_of(text: &str, options: CheckOptions) -> Vec<(String, Severity, String)> {
    let (findings, _) = check_pack_with(text, "inline.json", options);
    findings
        .into_iter()
        .map(|f| (f.field.unwrap_or_default(), f.severity, f.message))
        .collect()
}

const IMMORTAL: &str = "r1b1k1nr/p2p1pNp/n2B4/1p1NP2P/6P1/3P1Q2/P1P1K3/q5b1 b kq - 0 21";

fn immortal(reply_comment: &str) -> String {
    pack(
        IMMORTAL,
        "white",
        &["mateIn2"],
        &[
            ("e8d8", false, "Kd8: the only legal move."),
            ("f3f6", true, ""),
            ("g8f6", false, reply_comment),
            ("d6e7", true, "Be7#: mate."),
        ],
    )
}

#[test]
fn forced_and_only_move_claims_are_counted() {
    // Kd8 is Black's only move (true); after Qf6+ Black has Nxf6 and Ne7.
    for claim in [
        "Nxf6: forced.",
        "Nxf6: the only legal move.",
        "Nxf6: the only move",
    ] {
        let found = findings_of(&immortal(claim), CheckOptions::default());
        assert_eq!(found.len(), 1, "{claim}: {found:#?}");
        let (field, severity, message) = &found[0];
        assert_eq!(field, "solutionSequence[2].comment");
        assert_eq!(*severity, Error);
        assert!(
            message.contains("but black has 2 legal moves: Nxf6, Ne7"),
            "{message}"
        );
    }
    // The same line with a true comment is sound.
    let sound = immortal("Nxf6: the knight takes; Ne7 would be mated too.");
    assert_eq!(findings_of(&sound, CheckOptions::STRICT), []);
}

#[test]
fn only_square_claims_count_the_pieces_squares() {
    let evergreen = |comment: &str| {
        pack(
            "1r2k1r1/pbp1np1p/1b3P2/5B2/8/B1P2q2/P4PPP/3R2K1 w - - 0 23",
            "white",
            &["mateIn2"],
            &[
                ("f5d7", true, ""),
                ("e8f8", false, comment),
                ("a3e7", true, ""),
            ],
        )
    };
    let found = findings_of(&evergreen("Kf8: the only square."), CheckOptions::default());
    assert_eq!(found.len(), 1, "{found:#?}");
    assert!(
        found[0].2.contains("but the piece can play Kd8, Kf8"),
        "{found:#?}"
    );
    assert_eq!(
        findings_of(
            &evergreen("Kf8: Kd8 loses the same way."),
            CheckOptions::STRICT
        ),
        []
    );
}

#[test]
fn a_comment_must_name_the_move_played_with_its_sign() {
    let text = pack(
        "6k1/5ppp/8/8/8/8/5PPP/4R1K1 w - - 0 1",
        "white",
        &["mateIn1"],
        &[("e1e8", true, "Re8+: the rook checks.")],
    );
    let found = findings_of(&text, CheckOptions::default());
    assert_eq!(found.len(), 1, "{found:#?}");
    assert_eq!(found[0].2, "the comment names Re8+, but the move is Re8#");
}

#[test]
fn a_false_smothered_mate_theme_names_the_free_squares() {
    // N4g6# mates, but h7 is empty (the f8 knight covers it): not smothered.
    let text = |themes: &[&str]| {
        pack(
            "5Nrk/6p1/8/8/5N2/8/7K/8 w - - 0 45",
            "white",
            themes,
            &[("f4g6", true, "")],
        )
    };
    let found = findings_of(
        &text(&["mateIn1", "smotheredMate"]),
        CheckOptions::default(),
    );
    assert_eq!(found.len(), 1, "{found:#?}");
    assert_eq!(found[0].0, "themes");
    assert!(
        found[0].2.ends_with("its own pieces do not block: h7"),
        "{found:#?}"
    );
    assert_eq!(findings_of(&text(&["mateIn1"]), CheckOptions::STRICT), []);
}

#[test]
fn a_set_up_move_may_miss_its_own_mate_in_one_but_a_reply_may_not() {
    // Black's queen could mate on e1. As the set-up move, the blunder that
    // makes the puzzle (as in 5 of the sample's Lichess puzzles), Qa6 is no
    // fault of the puzzle.
    let setup = pack(
        "1Q1n2k1/7R/5p1p/q7/4B3/6PP/PPP2PPP/6K1 b - - 0 37",
        "white",
        &[],
        &[("a5a6", false, ""), ("b8d8", true, "")],
    );
    let found = findings_of(&setup, CheckOptions::STRICT);
    assert!(
        !found.iter().any(|(_, _, m)| m.contains("misses")),
        "{found:#?}"
    );
    // As a reply, after the user's first move, it is an error.
    let reply = pack(
        "1Q1n2k1/7R/5p1p/q7/4B3/6PP/PPP2PPP/6K1 w - - 0 37",
        "white",
        &[],
        &[("a2a3", true, ""), ("a5a6", false, ""), ("b8d8", true, "")],
    );
    let found = findings_of(&reply, CheckOptions::default());
    assert!(
        found.iter().any(
            |(field, severity, message)| field == "solutionSequence[1].move"
                && *severity == Error
                && message == "the scripted move Qa6 misses black's own mate in one: Qe1#"
        ),
        "{found:#?}"
    );
}

#[test]
fn a_scripted_move_that_allows_an_unplayed_mate_in_one_is_an_error() {
    // After ...a6 White has Re8#, but the line plays Re2.
    let text = pack(
        "6k1/p4ppp/8/8/8/8/5PPP/4R1K1 b - - 0 1",
        "white",
        &["endgame"],
        &[("a7a6", false, ""), ("e1e2", true, "")],
    );
    let found = findings_of(&text, CheckOptions::default());
    assert_eq!(found.len(), 1, "{found:#?}");
    assert_eq!(
        found[0],
        (
            "solutionSequence[0].move".to_owned(),
            Error,
            "the scripted move a6 allows mate in one (Re8#), which the line does not play"
                .to_owned()
        )
    );
    // Playing the mate is fine, and a second mate on the last move is too.
    let mates = pack(
        "6k1/p4ppp/8/8/8/8/5PPP/4R1K1 b - - 0 1",
        "white",
        &["mateIn1"],
        &[("a7a6", false, ""), ("e1e8", true, "")],
    );
    assert_eq!(findings_of(&mates, CheckOptions::STRICT), []);
}

/// A one-puzzle pack from JSON fields: a back-rank mate in one, Re8#,
/// with `extra` merged in (title, messages, the first step's fields).
fn back_rank(extra: serde_json::Value, step: serde_json::Value) -> String {
    let mut first = serde_json::json!({"move": "e1e8", "isUserMove": true});
    first
        .as_object_mut()
        .unwrap()
        .extend(step.as_object().unwrap().clone());
    let mut puzzle = serde_json::json!({
        "id": "t", "fen": "6k1/5ppp/8/8/8/8/5PPP/4R1K1 w - - 0 1", "toMove": "white",
        "themes": ["mateIn1"], "solutionSequence": [first]
    });
    puzzle
        .as_object_mut()
        .unwrap()
        .extend(extra.as_object().unwrap().clone());
    serde_json::json!([puzzle]).to_string()
}

#[test]
fn a_title_that_names_the_answer_is_a_warning_unless_kept_for_the_end() {
    use serde_json::json;
    let rows: &[(&str, Option<&str>)] = &[
        ("Back-Rank Mate", None),
        ("Open File", None),
        (
            "The Rook Mates on e8",
            Some("names the move Re8 (its destination e8)"),
        ),
        ("Re8#", Some("names the move Re8 (its SAN Re8)")),
        ("Mate on E8!", Some("(its destination e8)")),
        ("Rook to the Eighth", None),
    ];
    for (title, expected) in rows {
        let found = findings_of(
            &back_rank(json!({"title": title}), json!({})),
            CheckOptions::default(),
        );
        match expected {
            None => assert_eq!(found, [], "{title}"),
            Some(words) => {
                assert_eq!(found.len(), 1, "{title}: {found:#?}");
                let (field, severity, message) = &found[0];
                assert_eq!((field.as_str(), *severity), ("title", Warning), "{title}");
                assert!(message.contains(words), "{title}: {message}");
                assert!(message.contains("\"titleAtEnd\": true"), "{message}");
            }
        }
    }
    // Kept for the end, by the puzzle or by its pack, the title may name it.
    let kept = back_rank(json!({"title": "Re8#", "titleAtEnd": true}), json!({}));
    assert_eq!(findings_of(&kept, CheckOptions::STRICT), []);
    let puzzles: serde_json::Value =
        serde_json::from_str(&back_rank(json!({"title": "Re8#"}), json!({}))).unwrap();
    let in_pack = json!({"name": "P", "titleAtEnd": true, "puzzles": puzzles}).to_string();
    assert_eq!(findings_of(&in_pack, CheckOptions::STRICT), []);
    // A puzzle may show its own title in a pack that keeps the others.
    let shown = json!({"name": "P", "titleAtEnd": true, "puzzles": [
        serde_json::from_str::<serde_json::Value>(&back_rank(json!({"title": "Re8#", "titleAtEnd": false}), json!({}))).unwrap()[0]
    ]})
    .to_string();
    assert_eq!(findings_of(&shown, CheckOptions::default()).len(), 1);
    // A pack's titleAtEnd must be a boolean.
    let bad = json!({"name": "P", "titleAtEnd": "yes", "puzzles": puzzles}).to_string();
    let (findings, summary) = check_pack(&bad, "bad.json");
    assert_eq!(summary.file_errors, 1);
    assert!(
        findings[0]
            .message
            .contains("\"titleAtEnd\" must be true or false"),
        "{findings:#?}"
    );
}

#[test]
fn a_comment_shown_before_the_users_move_may_not_name_it() {
    // The Immortal Game: after Qf6+ Nxf6, the answer is Be7#.
    let found = findings_of(
        &immortal("Nxf6: now nothing black guards e7 except the king."),
        CheckOptions::default(),
    );
    assert_eq!(found.len(), 1, "{found:#?}");
    let (field, severity, message) = &found[0];
    assert_eq!(
        (field.as_str(), *severity),
        ("solutionSequence[2].comment", Warning)
    );
    assert!(
        message.contains("shown before the user's move Be7 and names it (its destination e7)"),
        "{message}"
    );
    assert!(message.contains("\"solutionComment\""), "{message}");
    // Naming it by its SAN is the same; a comment on the last move may say anything.
    let found = findings_of(
        &immortal("Nxf6: Be7 is the move now."),
        CheckOptions::default(),
    );
    assert!(found[0].2.contains("(its SAN Be7)"), "{found:#?}");
    // Moved to solutionComment, shown once the puzzle ends, it is fine.
    let mut moved: serde_json::Value =
        serde_json::from_str(&immortal("Nxf6: the knight takes the queen.")).unwrap();
    moved[0]["solutionSequence"][2]["solutionComment"] =
        serde_json::json!("Now nothing black guards e7 except the king.");
    assert_eq!(findings_of(&moved.to_string(), CheckOptions::STRICT), []);
}

#[test]
fn other_moves_are_legal_other_tries_whose_words_do_not_name_the_answer() {
    use serde_json::json;
    let other = |mv: &str, comment: &str| {
        back_rank(
            json!({}),
            json!({"otherMoves": [{"move": mv, "comment": comment}]}),
        )
    };
    // A fitting note: no finding.
    assert_eq!(
        findings_of(
            &other("e1e2", "That guards the second rank; the eighth is open."),
            CheckOptions::STRICT
        ),
        []
    );
    let rows: &[(&str, &str, &str, Severity, &str)] = &[
        (
            "e1e9",
            "x",
            "solutionSequence[0].otherMoves[0].move",
            Error,
            "\"e1e9\" is not a uci move",
        ),
        (
            "e1f3",
            "x",
            "solutionSequence[0].otherMoves[0].move",
            Error,
            "e1f3 is not legal where move 1 is played",
        ),
        (
            "e1e8",
            "x",
            "solutionSequence[0].otherMoves[0].move",
            Error,
            "is the line's own move",
        ),
        (
            "e1e2",
            " ",
            "solutionSequence[0].otherMoves[0].comment",
            Error,
            "has nothing to say",
        ),
        (
            "e1e2",
            "Try the e8 square.",
            "solutionSequence[0].otherMoves[0].comment",
            Warning,
            "name it (its destination e8)",
        ),
    ];
    for (mv, comment, field, severity, words) in rows {
        let found = findings_of(&other(mv, comment), CheckOptions::default());
        assert_eq!(found.len(), 1, "{mv} {comment:?}: {found:#?}");
        assert_eq!(
            (found[0].0.as_str(), found[0].1),
            (*field, *severity),
            "{mv}"
        );
        assert!(found[0].2.contains(words), "{mv}: {}", found[0].2);
    }
    // Only a user move has other tries.
    let mut on_reply: serde_json::Value = serde_json::from_str(&immortal("")).unwrap();
    on_reply[0]["solutionSequence"][2]["otherMoves"] = json!([{"move": "e7e6", "comment": "x"}]);
    let found = findings_of(&on_reply.to_string(), CheckOptions::default());
    assert!(
        found
            .iter()
            .any(|(f, s, m)| f == "solutionSequence[2].otherMoves"
                && *s == Error
                && m.contains("belongs to a user move")),
        "{found:#?}"
    );
}

#[test]
fn a_failure_message_that_names_the_answer_is_a_warning() {
    use serde_json::json;
    let found = findings_of(
        &back_rank(
            json!({"failureMessage": "Not quite: the rook wants e8."}),
            json!({}),
        ),
        CheckOptions::default(),
    );
    assert_eq!(found.len(), 1, "{found:#?}");
    assert_eq!(
        (found[0].0.as_str(), found[0].1),
        ("failureMessage", Warning)
    );
    assert!(
        found[0]
            .2
            .contains("names the move Re8 (its destination e8)"),
        "{}",
        found[0].2
    );
    let fine = back_rank(
        json!({"failureMessage": "Not quite: which rank is open?"}),
        json!({}),
    );
    assert_eq!(findings_of(&fine, CheckOptions::STRICT), []);
}

#[test]
fn a_move_said_to_block_must_be_legal() {
    // tx-015: after Qxb8+ the bishop on e7 stands between the e6 rook and e8.
    let text = |comment: &str| {
        pack(
            "1r4k1/4Bp1p/1Q2rRp1/8/8/8/5PPP/6K1 w - - 0 1",
            "white",
            &["mateIn2"],
            &[
                ("b6b8", true, ""),
                ("g8g7", false, comment),
                ("b8f8", true, ""),
            ],
        )
    };
    let found = findings_of(
        &text("Kg7: blocking with Re8 only delays the end."),
        CheckOptions::default(),
    );
    assert_eq!(found.len(), 1, "{found:#?}");
    assert_eq!(
        (found[0].0.as_str(), found[0].1),
        ("solutionSequence[1].comment", Error)
    );
    assert!(
        found[0]
            .2
            .contains("speaks of Re8 blocking, but Re8 is not a legal move before or after Kg7"),
        "{}",
        found[0].2
    );
    let true_words =
        text("Kg7: the only legal move: Re8 cannot block, the bishop on e7 is in the way.");
    assert_eq!(findings_of(&true_words, CheckOptions::STRICT), []);
}

#[test]
fn a_square_said_to_be_covered_must_be_attacked_by_the_piece_named() {
    // nd-003: after R4g7# the new rook covers g6, but not h6.
    let text = |comment: &str| {
        pack(
            "6R1/5r1k/2r4p/8/6R1/7P/5PP1/6K1 b - - 0 1",
            "white",
            &["mateIn1"],
            &[("f7f2", false, ""), ("g4g7", true, comment)],
        )
    };
    let found = findings_of(
        &text("R4g7#: g6 and h6 are covered by the new rook."),
        CheckOptions::default(),
    );
    assert_eq!(found.len(), 1, "{found:#?}");
    assert_eq!(
        (found[0].0.as_str(), found[0].1),
        ("solutionSequence[1].comment", Warning)
    );
    assert!(
        found[0]
            .2
            .contains("says h6 is covered, but no rook attacks it before or after R4g7#"),
        "{}",
        found[0].2
    );
    let true_words = text("R4g7#: the new rook covers g6, and h6 holds Black's own pawn.");
    assert_eq!(findings_of(&true_words, CheckOptions::STRICT), []);
}

#[test]
fn strict_turns_every_warning_into_an_error() {
    let text = std::fs::read_to_string(Path::new(FIXTURES).join("alternative_mate.json")).unwrap();
    let (loose, loose_summary) = check_pack(&text, "a.json");
    let (strict, strict_summary) = check_pack_with(&text, "a.json", CheckOptions::STRICT);
    assert_eq!(loose[0].severity, Warning);
    assert_eq!(strict[0].severity, Error);
    assert_eq!(loose[0].message, strict[0].message);
    assert_eq!((loose_summary.failed, strict_summary.failed), (0, 1));
}

fn run(args: &[&str]) -> std::process::Output {
    crate::support::sancho().args(args).output().unwrap()
}

#[test]
fn cli_strict_fails_on_warnings_and_exits_one() {
    let path = format!("{FIXTURES}/alternative_mate.json");
    let loose = run(&["check", &path]);
    assert_eq!(loose.status.code(), Some(0));
    let strict = run(&["check", "--strict", &path]);
    assert_eq!(strict.status.code(), Some(1));
    let out = String::from_utf8(strict.stdout).unwrap();
    assert!(
        out.contains("puzzle m2-alt, field solutionSequence[0].move: other moves than Rb7"),
        "{out}"
    );
    assert!(!out.contains("warning:"), "{out}");
    assert!(
        out.ends_with("checked 1 puzzles: 0 passed, 1 failed\n"),
        "{out}"
    );
}

#[test]
fn cli_curate_writes_a_reproducible_selection() {
    let dir = tempfile::tempdir().unwrap();
    let out_path = dir.path().join("starter.csv");
    let out = out_path.to_str().unwrap();
    let from = format!("{FIXTURES}/lichess_small.csv");
    let args = [
        "library",
        "curate",
        "--from",
        &from,
        "--count",
        "3",
        "--min-rating",
        "650",
        "--out",
        out,
    ];
    let first = run(&args);
    assert_eq!(first.status.code(), Some(0), "{first:?}");
    let said = String::from_utf8(first.stdout).unwrap();
    assert!(
        said.starts_with(&format!("selected 3 of 7 rows into {out} (")),
        "{said}"
    );
    assert!(
        said.contains(
            "1 out of the rating range, 0 with a rating deviation above 110 or fewer than 100 plays, \
             0 tagged only with a phase, 2 failing check --strict"
        ),
        "{said}"
    );
    let written = std::fs::read_to_string(&out_path).unwrap();
    let ids: Vec<&str> = written
        .lines()
        .skip(1)
        .filter_map(|l| l.split(',').next())
        .collect();
    assert_eq!(ids, ["fx004", "fx005", "fx006"]);
    // Strictly sound, and the same again.
    assert_eq!(run(&["check", "--strict", out]).status.code(), Some(0));
    assert_eq!(run(&args).status.code(), Some(0));
    assert_eq!(std::fs::read_to_string(&out_path).unwrap(), written);
}

#[test]
fn cli_curate_names_a_missing_file() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("x.csv");
    let result = run(&[
        "library",
        "curate",
        "--from",
        "tests/fixtures/puzzles/nope.csv",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_ne!(result.status.code(), Some(0));
    let err = String::from_utf8(result.stderr).unwrap();
    assert!(
        err.contains("cannot open tests/fixtures/puzzles/nope.csv"),
        "{err}"
    );
    assert!(!out.exists());
}

/// A pack whose puzzle (the Scholar's position before 3...Nf6) carries the
/// game before it as `lead`: `moves` from `fen`.
fn with_lead(fen: &str, moves: &[&str]) -> String {
    format!(
        r#"[{{"id": "sch", "fen": "r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 3 3",
            "toMove": "white", "solutionMoves": ["h5f7"],
            "solutionSequence": [{{"move": "g8f6", "isUserMove": false}}, {{"move": "h5f7", "isUserMove": true}}],
            "lead": {{"fen": "{fen}", "moves": {}}}}}]"#,
        serde_json::to_string(moves).unwrap()
    )
}

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

#[test]
fn a_lead_must_be_legal_and_end_at_the_puzzles_fen() {
    let good = with_lead(START, &["e2e4", "e7e5", "f1c4", "b8c6", "d1h5"]);
    let (findings, summary) = check_pack(&good, "lead.json");
    assert!(findings.is_empty(), "{findings:#?}");
    assert_eq!(summary.passed, 1);
    let puzzle = &sancho::puzzle::read_pack(&good, "lead").unwrap().puzzles[0];
    assert_eq!(puzzle.lead.as_ref().map(|l| l.moves.len()), Some(5));

    let cases = [
        (
            with_lead(START, &["e2e4", "e7e5", "f1c4", "b8c6", "d1h6"]),
            "lead.json:1: puzzle sch, field lead.moves[4]: lead move 5 (d1h6) is not legal in r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/8/PPPP1PPP/RNBQK1NR w KQkq - 2 3",
        ),
        (
            with_lead(START, &["e2e4", "e7e5", "f1c4", "b8c6"]),
            "lead.json:1: puzzle sch, field lead: the lead ends at r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/8/PPPP1PPP/RNBQK1NR w KQkq - 2 3, not at the puzzle's fen r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 3 3",
        ),
        (
            with_lead(START, &["e2e4", "e7e5", "f1c4", "b8c6", "Qh5"]),
            "lead.json:1: puzzle sch, field lead.moves[4]: lead move 5 (\"Qh5\") is not a uci move",
        ),
        (
            with_lead("not a fen", &[]),
            "lead.json:1: puzzle sch, field lead.fen: the lead's fen: ",
        ),
    ];
    for (text, expected) in cases {
        let (findings, summary) = check_pack(&text, "lead.json");
        assert_eq!(summary.failed, 1, "{findings:#?}");
        let shown: Vec<String> = findings.iter().map(ToString::to_string).collect();
        assert!(
            shown.iter().any(|f| f.starts_with(expected)),
            "{expected:?} not in {shown:#?}"
        );
    }
    // A pack without `lead` reads as before.
    let (findings, _) = check_pack(
        r#"[{"id": "b", "fen": "6k1/5ppp/8/8/8/8/5PPP/4R1K1 w - - 0 1", "toMove": "white", "solutionMoves": ["e1e8"]}]"#,
        "old.json",
    );
    assert!(findings.is_empty(), "{findings:#?}");
}
