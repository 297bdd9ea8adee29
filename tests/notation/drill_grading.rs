//! Grading answers: strict and lenient, with the engine's explanations.

use sancho::drill::{DrillKind, DrillRun, Exercise, Expected, Show, fen_of, grade};
use sancho::notation::parse_fen;
use sancho::notation::{Code, Strictness, resolve};
use sancho::progress::Timestamp;

fn write_exercise(fen: &str, san: &str) -> Exercise {
    let pos = parse_fen(fen).unwrap();
    let mv = resolve(&pos, san, Strictness::Strict).unwrap().text.mv;
    Exercise {
        kind: DrillKind::Write,
        fen: fen_of(&pos),
        orientation: shakmaty::Position::turn(&pos),
        prompt: String::new(),
        show: Show::Move {
            uci: sancho::notation::uci(mv),
        },
        expected: Expected::Move(mv),
        position: pos,
        feature: None,
        disambiguation: None,
    }
}

const GRECO: &str = "rnbqkbnr/pppp2pp/5p2/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 3";
const BACK_RANK: &str = "6k1/5ppp/8/8/8/8/5PPP/4R1K1 w - - 0 1";
const CASTLE: &str = "r1bqkb1r/pppp1ppp/2n2n2/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";
const PROMOTE: &str = "8/4P1k1/8/8/8/8/8/4K3 w - - 0 1";
const KNIGHTS: &str = "rnbqkb1r/ppp1pppp/5n2/3p4/3P4/5N2/PPP1PPPP/RNBQKB1R w KQkq - 2 3";

/// (fen, expected, answer, correct strictly, correct leniently, code)
type Case = (
    &'static str,
    &'static str,
    &'static str,
    bool,
    bool,
    Option<Code>,
);

#[test]
fn strict_grading_table() {
    let table: [Case; 9] = [
        (GRECO, "Nxe5", "Nxe5", true, true, None),
        (
            GRECO,
            "Nxe5",
            "Ne5",
            false,
            true,
            Some(Code::MissingCapture),
        ),
        (
            BACK_RANK,
            "Re8#",
            "Re8",
            false,
            true,
            Some(Code::MissingMate),
        ),
        (
            BACK_RANK,
            "Re8#",
            "Re8+",
            false,
            true,
            Some(Code::MissingMate),
        ),
        (CASTLE, "O-O", "0-0", false, true, Some(Code::ZeroCastling)),
        (
            PROMOTE,
            "e8=Q",
            "e8Q",
            false,
            true,
            Some(Code::PromotionEquals),
        ),
        (
            KNIGHTS,
            "Nbd2",
            "N1d2",
            false,
            true,
            Some(Code::DisambiguationPriority),
        ),
        (
            KNIGHTS,
            "Nbd2",
            "Nb1d2",
            false,
            true,
            Some(Code::OverlongDisambiguation),
        ),
        (KNIGHTS, "Nbd2", "Nfd2", false, false, None),
    ];
    for (fen, expected, answer, strict, lenient, code) in table {
        let ex = write_exercise(fen, expected);
        let s = grade(&ex, answer, Strictness::Strict);
        let l = grade(&ex, answer, Strictness::Lenient);
        assert_eq!(s.correct, strict, "{answer} strict: {s:?}");
        assert_eq!(l.correct, lenient, "{answer} lenient: {l:?}");
        assert_eq!(s.expected, expected);
        if let Some(code) = code {
            assert!(
                s.diagnostics.iter().any(|d| d.code == code),
                "{answer}: {s:?}"
            );
            assert!(
                l.diagnostics.iter().any(|d| d.code == code),
                "{answer}: {l:?}"
            );
            assert!(s.mistake_codes.contains(&code.as_str().to_owned()));
        }
        if !strict && code.is_none() {
            assert_eq!(s.mistake_codes, ["wrong-move"], "{answer}");
            assert!(s.reason.is_some());
        }
    }
}

#[test]
fn a_missing_disambiguation_is_named() {
    let ex = write_exercise(KNIGHTS, "Nbd2");
    let v = grade(&ex, "Nd2", Strictness::Lenient);
    assert!(!v.correct);
    assert_eq!(v.mistake_codes, ["missing-disambiguation"]);
    assert!(v.reason.as_deref().unwrap().contains("Nbd2"), "{v:?}");
}

#[test]
fn not_notation_is_wrong_with_a_reason() {
    let ex = write_exercise(GRECO, "Nxe5");
    let v = grade(&ex, "hello", Strictness::Lenient);
    assert!(!v.correct);
    assert!(v.reason.is_some());
    assert_eq!(v.mistake_codes, ["wrong-move"]);
}

#[test]
fn run_counts_time_and_mistakes_and_makes_a_result() {
    let exercises = vec![write_exercise(GRECO, "Nxe5"), write_exercise(CASTLE, "O-O")];
    let mut run = DrillRun::new(DrillKind::Write, exercises, Strictness::Strict);
    assert_eq!(run.number(), 1);
    assert!(run.answer("Nxe5", 1500).unwrap().correct);
    assert!(!run.answer("0-0", 2500).unwrap().correct);
    assert!(run.is_finished());
    assert!(run.answer("O-O", 10).is_none());
    let summary = run.summary();
    assert_eq!((summary.exercises, summary.correct), (2, 1));
    assert!((summary.accuracy - 0.5).abs() < 1e-9);
    assert_eq!(summary.time_ms, 4000);
    assert_eq!(summary.ms_per_answer, Some(2000));
    let result = run.result(Timestamp(1_700_000_000));
    assert_eq!(result.kind, "write");
    assert_eq!(result.mistakes.len(), 1);
    assert_eq!(result.mistakes[0].code, "zero-castling");
    assert_eq!(result.mistakes[0].answer, "O-O");
}

#[test]
fn timed_run_ends_when_the_budget_is_spent() {
    let exercises = sancho::drill::generate(
        DrillKind::Coordinates,
        1,
        50,
        &sancho::drill::GenOptions::default(),
    );
    let answers: Vec<String> = exercises.iter().map(|e| e.expected_text()).collect();
    let mut run =
        DrillRun::new(DrillKind::Coordinates, exercises, Strictness::Strict).with_budget(30_000);
    let mut graded = 0;
    for answer in &answers {
        if run.answer(answer, 7_000).is_none() {
            break;
        }
        graded += 1;
    }
    // 4 answers fit in 28 s; the fifth would end at 35 s and does not count.
    assert_eq!(graded, 4);
    let summary = run.summary();
    assert!(summary.timed_out);
    assert_eq!((summary.correct, summary.time_ms), (4, 30_000));
}

#[test]
fn stopping_early_keeps_what_was_answered() {
    let exercises = vec![write_exercise(GRECO, "Nxe5"), write_exercise(CASTLE, "O-O")];
    let mut run =
        DrillRun::new(DrillKind::Write, exercises, Strictness::Lenient).with_label("lesson-2");
    run.answer("Ne5", 100);
    run.stop(50);
    assert!(run.is_finished() && run.current().is_none());
    let summary = run.summary();
    assert_eq!(
        (summary.kind.as_str(), summary.exercises, summary.correct),
        ("lesson-2", 1, 1)
    );
    assert_eq!(summary.time_ms, 150);
}

#[test]
fn read_takes_squares_and_castling_both_ways() {
    let mut ex = write_exercise(CASTLE, "O-O");
    ex.kind = DrillKind::Read;
    ex.show = Show::San { san: "O-O".into() };
    assert_eq!(ex.expected_text(), "e1g1");
    assert_eq!(ex.highlighted(), []);
    // (answer, correct)
    let table = [
        ("e1g1", true),
        ("e1h1", true),
        ("E1 G1", true),
        ("e1-g1", true),
        ("e1f1", false),
        ("O-O", false),
        ("", false),
    ];
    for (answer, correct) in table {
        let v = grade(&ex, answer, Strictness::Strict);
        assert_eq!(v.correct, correct, "{answer}: {v:?}");
        if !correct {
            assert_eq!(v.mistake_codes, ["wrong-move"]);
        }
    }
    let wrong = grade(&ex, "e1f1", Strictness::Strict);
    assert_eq!(wrong.understood.as_deref(), Some("Kf1"));
}

#[test]
fn highlights_follow_what_is_shown() {
    let ex = write_exercise(KNIGHTS, "Nbd2");
    assert_eq!(
        ex.highlighted(),
        [shakmaty::Square::B1, shakmaty::Square::D2]
    );
}

#[test]
fn wrong_answers_are_not_notation_slips() {
    use sancho::drill::{WRONG_MOVE, WRONG_SQUARE};
    use sancho::progress::is_notation_slip;
    assert!(!is_notation_slip(WRONG_MOVE));
    assert!(!is_notation_slip(WRONG_SQUARE));
    assert!(is_notation_slip("missing-capture"));
}

/// Issue 23: a lenient drill accepts `0-0`, and keeps the slip with what
/// was typed; an ambiguous answer is kept as `missing-disambiguation` even
/// when it names other moves than the one shown.
#[test]
fn a_drill_keeps_every_slip_right_answers_included() {
    let exercises = vec![
        write_exercise(CASTLE, "O-O"),
        write_exercise(KNIGHTS, "Nbd2"),
    ];
    let mut run = DrillRun::new(DrillKind::Write, exercises, Strictness::Lenient);
    let castled = run.answer("0-0", 1_000).unwrap();
    assert!(castled.correct && castled.counted, "{castled:?}");
    assert!(run.answer("Nd2", 1_000).is_some());
    let summary = run.summary();
    assert_eq!(summary.correct, 1);
    let kept: Vec<(&str, &str, &str)> = summary
        .mistakes
        .iter()
        .map(|m| (m.code.as_str(), m.answer.as_str(), m.expected.as_str()))
        .collect();
    assert_eq!(
        kept,
        [
            ("zero-castling", "0-0", "O-O"),
            ("missing-disambiguation", "Nd2", "Nbd2")
        ]
    );
    let stored = summary.into_result(Timestamp(1));
    assert_eq!(stored.mistakes[0].input.as_deref(), Some("0-0"));
    assert_eq!(stored.mistakes[0].answer, "O-O");
}
