//! Drill generators: deterministic, and every exercise is what it claims.

use sancho::drill::{
    Disambiguation, DrillKind, Expected, Feature, GenOptions, Show, disambiguation_of, features_of,
    generate, grade,
};
use sancho::notation::is_possible;
use sancho::notation::parse_fen;
use sancho::notation::{Code, Strictness, san};

fn opts() -> GenOptions {
    GenOptions {
        book: Some(sancho::drill::game_book()),
        ..GenOptions::default()
    }
}

#[test]
fn same_seed_same_exercises_different_seeds_differ() {
    for kind in DrillKind::ALL {
        let a = generate(kind, 7, 12, &opts());
        let b = generate(kind, 7, 12, &opts());
        assert_eq!(a, b, "{kind}");
        assert!(!a.is_empty(), "{kind} generated nothing");
        if kind != DrillKind::Transcribe {
            assert_eq!(a.len(), 12, "{kind}");
        }
        let c = generate(kind, 8, 12, &opts());
        let d = generate(kind, 9, 12, &opts());
        assert!(
            a != c || a != d,
            "{kind}: seeds 7, 8 and 9 all gave the same drill"
        );
    }
}

#[test]
fn write_answers_are_canonical_possible_and_features_are_balanced() {
    let mut seen = std::collections::BTreeMap::new();
    for seed in 0..6 {
        for ex in generate(DrillKind::Write, seed, 16, &opts()) {
            let Expected::Move(mv) = ex.expected else {
                panic!("write exercise without a move")
            };
            assert!(shakmaty::Position::is_legal(&ex.position, mv));
            assert_eq!(parse_fen(&ex.fen).unwrap(), ex.position);
            let written = san(&ex.position, mv);
            assert_eq!(ex.expected_text(), written);
            let bare = written.trim_end_matches(['+', '#']);
            assert!(is_possible(bare), "{written} is not a possible SAN");
            let feature = ex.feature.unwrap();
            assert!(
                features_of(mv, &written).contains(&feature),
                "{written} does not show {feature:?} ({})",
                ex.fen
            );
            // The canonical answer is graded correct, strictly, with no diagnostics.
            let v = grade(&ex, &written, Strictness::Strict);
            assert!(v.correct && v.diagnostics.is_empty(), "{written}: {v:?}");
            assert!(matches!(ex.show, Show::Move { .. }));
            *seen.entry(feature).or_insert(0) += 1;
        }
    }
    // Eight categories weighted evenly: every one turns up in 96 exercises.
    assert_eq!(seen.len(), Feature::ALL.len(), "{seen:?}");
}

#[test]
fn every_disambiguation_exercise_needs_exactly_what_it_names() {
    let mut kinds = std::collections::BTreeSet::new();
    for seed in 0..5 {
        for ex in generate(DrillKind::Disambiguation, seed, 12, &opts()) {
            let Expected::Move(mv) = ex.expected else {
                panic!("no move")
            };
            let written = san(&ex.position, mv);
            let need = ex.disambiguation.expect("names its disambiguation");
            assert_eq!(
                disambiguation_of(&written),
                Some(need),
                "{written} in {}",
                ex.fen
            );
            assert!(
                is_possible(written.trim_end_matches(['+', '#'])),
                "{written}"
            );
            parse_fen(&ex.fen).unwrap();
            kinds.insert(need);
        }
    }
    assert_eq!(kinds.len(), 3, "file, rank and square all occur: {kinds:?}");
}

#[test]
fn review_aims_at_the_weak_codes() {
    let weak = GenOptions {
        weak_codes: vec![
            Code::ZeroCastling.as_str().to_owned(),
            "wrong-move".to_owned(),
        ],
        ..opts()
    };
    let drill = generate(DrillKind::Review, 3, 8, &weak);
    assert_eq!(drill.len(), 8);
    for ex in &drill {
        assert_eq!(ex.feature, Some(Feature::Castling));
        let Expected::Move(mv) = ex.expected else {
            panic!("no move")
        };
        assert!(san(&ex.position, mv).starts_with("O-O"));
    }
    let captures = GenOptions {
        weak_codes: vec![Code::MissingCapture.as_str().to_owned()],
        ..GenOptions::default()
    };
    for ex in generate(DrillKind::Review, 4, 8, &captures) {
        assert!(ex.expected_text().contains('x'), "{}", ex.expected_text());
    }
    let ambiguous = GenOptions {
        weak_codes: vec!["missing-disambiguation".to_owned()],
        ..GenOptions::default()
    };
    for ex in generate(DrillKind::Review, 5, 8, &ambiguous) {
        assert!(
            disambiguation_of(&ex.expected_text()).is_some(),
            "{}",
            ex.expected_text()
        );
    }
}

#[test]
fn weak_codes_keep_what_a_review_can_train() {
    use sancho::progress::MistakeCount;
    let count = |code: &str| MistakeCount {
        code: code.to_owned(),
        words: None,
        count: 3,
        example: None,
        input: None,
    };
    let counts = [
        count("wrong-move"),
        count("missing-check"),
        count("missing-disambiguation"),
        count("bogus"),
    ];
    assert_eq!(
        sancho::drill::weak_codes(&counts),
        ["missing-check", "missing-disambiguation"]
    );
}

#[test]
fn read_exercises_show_san_and_take_squares_in_three_spellings() {
    for ex in generate(DrillKind::Read, 11, 10, &opts()) {
        let Expected::Move(mv) = ex.expected else {
            panic!("no move")
        };
        let Show::San { san: shown } = &ex.show else {
            panic!("read shows SAN")
        };
        assert_eq!(*shown, san(&ex.position, mv));
        let uci = ex.expected_text();
        let (from, to) = uci.split_at(2);
        for answer in [uci.clone(), format!("{from} {to}"), format!("{from}-{to}")] {
            assert!(grade(&ex, &answer, Strictness::Strict).correct, "{answer}");
        }
        assert!(!grade(&ex, "a1a1", Strictness::Strict).correct);
    }
}

#[test]
fn coordinates_cover_both_orientations_and_both_questions() {
    let drill = generate(DrillKind::Coordinates, 5, 40, &opts());
    let white = drill
        .iter()
        .filter(|e| e.orientation == shakmaty::Color::White)
        .count();
    assert!(white > 0 && white < 40);
    assert!(drill.iter().any(|e| matches!(e.show, Show::Square { .. })));
    assert!(
        drill
            .iter()
            .any(|e| matches!(e.show, Show::Question { .. }))
    );
    for ex in &drill {
        let Expected::Square(sq) = ex.expected else {
            panic!("coordinates expect a square")
        };
        assert!(
            grade(
                &ex.clone(),
                &sq.to_string().to_uppercase(),
                Strictness::Strict
            )
            .correct
        );
        let v = grade(ex, "z9", Strictness::Strict);
        assert!(!v.correct && v.reason.is_some());
    }
}

#[test]
fn the_next_square_never_shares_the_previous_ones_file_or_rank() {
    for seed in 0..50 {
        let drill = generate(DrillKind::Coordinates, seed, 60, &opts());
        let squares: Vec<shakmaty::Square> = drill
            .iter()
            .map(|e| match e.expected {
                Expected::Square(sq) => sq,
                Expected::Move(_) => panic!("coordinates expect a square"),
            })
            .collect();
        assert_eq!(squares.len(), 60);
        for pair in squares.windows(2) {
            assert_ne!(pair[0].file(), pair[1].file(), "seed {seed}: {pair:?}");
            assert_ne!(pair[0].rank(), pair[1].rank(), "seed {seed}: {pair:?}");
        }
        // Still every file and rank over a drill.
        let files: std::collections::BTreeSet<_> = squares.iter().map(|s| s.file()).collect();
        let ranks: std::collections::BTreeSet<_> = squares.iter().map(|s| s.rank()).collect();
        assert_eq!((files.len(), ranks.len()), (8, 8), "seed {seed}");
    }
}

#[test]
fn transcribe_follows_one_game_from_the_first_move() {
    let chosen = GenOptions {
        game: Some("opera-game".into()),
        ..opts()
    };
    let drill = generate(DrillKind::Transcribe, 0, 0, &chosen);
    assert_eq!(drill.len(), 33);
    let first = &drill[0];
    assert_eq!(first.expected_text(), "e4");
    assert!(matches!(&first.show, Show::Game { move_number: 1, .. }));
    assert_eq!(drill.last().unwrap().expected_text(), "Rd8#");
    assert_eq!(generate(DrillKind::Transcribe, 0, 5, &chosen).len(), 5);
}

#[test]
fn disambiguation_names() {
    let table = [
        ("Nbd7", Some(Disambiguation::File)),
        ("R1a3", Some(Disambiguation::Rank)),
        ("Qh4xe1+", Some(Disambiguation::Square)),
        ("Qxe1", None),
        ("O-O", None),
        ("e8=Q", None),
    ];
    for (text, expected) in table {
        assert_eq!(disambiguation_of(text), expected, "{text}");
    }
}
