//! The embedded games and lessons all check out against the engine.

use sancho::content::GAME_FILES;
use sancho::drill::parse_game;
use sancho::drill::{DrillKind, DrillRun, game_book, lesson, lessons};
use sancho::notation::{Strictness, play_movetext, san};
use shakmaty::{Chess, Position};

#[test]
fn every_game_replays_legally_in_canonical_san() {
    assert!(GAME_FILES.len() >= 20, "at least 20 games");
    assert_eq!(
        game_book().games().len(),
        GAME_FILES.len(),
        "every embedded game reads and replays"
    );
    for (id, text) in GAME_FILES {
        let pgn = parse_game(text).unwrap_or_else(|e| panic!("{id}: {e}"));
        for tag in ["Event", "Site", "Date", "Round", "White", "Black", "Result"] {
            assert!(pgn.tag(tag).is_some(), "{id}: no {tag} tag");
        }
        let year: u32 = pgn.tag("Date").unwrap()[..4].parse().unwrap();
        assert!(year < 1930, "{id}: {year} is not before 1930");
        assert_eq!(pgn.result.as_deref(), pgn.tag("Result"), "{id}");
        let (_, moves) = play_movetext(&Chess::default(), &pgn.moves.join(" "))
            .unwrap_or_else(|e| panic!("{id}: {e}"));
        assert_eq!(moves.len(), pgn.moves.len());
        // Written in canonical SAN, move by move.
        let mut pos = Chess::default();
        for (written, mv) in pgn.moves.iter().zip(&moves) {
            assert_eq!(&san(&pos, *mv), written, "{id}");
            pos.play_unchecked(*mv);
        }
        if pgn.moves.last().is_some_and(|m| m.ends_with('#')) {
            assert!(pos.is_checkmate(), "{id}");
        }
    }
}

#[test]
fn nine_lessons_with_text_and_valid_exercises() {
    let all = lessons();
    assert_eq!(all.len(), 9);
    for (i, lesson) in all.iter().enumerate() {
        assert_eq!(lesson.number, i + 1);
        assert_eq!(lesson.id, format!("lesson-{}", i + 1));
        assert!(!lesson.title.is_empty());
        assert!(
            lesson.text.len() > 600,
            "{}: a page of explanation",
            lesson.id
        );
        assert!(
            !lesson.text.contains("```"),
            "{}: exercises left in the text",
            lesson.id
        );
        assert!(
            (3..=5).contains(&lesson.exercises.len()),
            "{}: {} exercises",
            lesson.id,
            lesson.exercises.len()
        );
        for ex in &lesson.exercises {
            // The runner adds "Write the move in SAN." to every prompt.
            assert!(
                !ex.prompt.contains("SAN"),
                "{}: the prompt {:?} would say SAN twice",
                lesson.id,
                ex.prompt
            );
            let (pos, mv) = ex.check().unwrap_or_else(|e| panic!("{}: {e}", lesson.id));
            assert!(pos.is_legal(mv));
            assert_eq!(san(&pos, mv), ex.answer, "{}: not canonical", lesson.id);
        }
        assert_eq!(lesson.drill().len(), lesson.exercises.len());
    }
    assert_eq!(lesson("lesson-3").map(|l| l.number), Some(3));
    assert_eq!(lesson("8").map(|l| l.number), Some(8));
    assert_eq!(lesson("lesson-9").map(|l| l.number), Some(9));
    assert!(lesson("lesson-10").is_none() && lesson("lesson-0").is_none());
}

#[test]
fn lessons_cover_the_rules() {
    let answers: Vec<&str> = lessons()
        .iter()
        .flat_map(|l| l.exercises.iter().map(|e| e.answer.as_str()))
        .collect();
    for needed in [
        "Nbd2", "R1a3", "Qh4e1", "O-O", "O-O-O", "g8=N+", "exd6", "Re8#", "Bb5+",
    ] {
        assert!(answers.contains(&needed), "{needed}");
    }
    let text: String = lessons().iter().map(|l| l.text.as_str()).collect();
    for mistake in ["`Pf3`", "`0-0`", "`e8Q`", "`Nbd7`", "`xd6`", "`Nxbd2`"] {
        assert!(text.contains(mistake), "{mistake}");
    }
    // What SAN requires and a FIDE scoresheet does not is said to be SAN's
    // rule, with a pointer to the lesson that sets them side by side.
    for n in [2, 5, 7] {
        let l = lesson(&n.to_string()).unwrap();
        assert!(
            l.text.contains("lesson 9"),
            "{}: no pointer to lesson 9",
            l.id
        );
        assert!(l.text.contains("scoresheet"), "{}", l.id);
    }
    assert!(
        !text.contains("allowed by some"),
        "the FIDE Laws allow e.p."
    );
}

#[test]
fn a_lesson_runs_as_a_drill_with_its_id() {
    let lesson = lesson("lesson-4").unwrap();
    let mut run = DrillRun::new(DrillKind::Write, lesson.drill(), Strictness::Strict)
        .with_label(lesson.id.clone());
    let first = run.answer("0-0", 1000).unwrap();
    assert!(!first.correct);
    assert_eq!(first.diagnostics[0].code.as_str(), "zero-castling");
    while let Some(ex) = run.current() {
        let answer = ex.expected_text();
        assert!(run.answer(&answer, 1000).unwrap().correct);
    }
    let result = run.result(sancho::progress::Timestamp(1));
    assert_eq!(result.kind, "lesson-4");
    assert_eq!(result.correct + 1, result.exercises);
}
