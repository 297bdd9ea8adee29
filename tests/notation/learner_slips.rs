//! The learner slips a chess teacher still corrects (issue 26): each one,
//! in its position, gets a message that names the slip and the right form,
//! alike in `resolve`, the live hint, the trainer and the drills.

use sancho::drill::{DrillKind, Exercise, Expected, Show, fen_of, grade};
use sancho::notation::{HintState, Strictness, hint, parse_fen, resolve};
use sancho::puzzle::read_pack;
use sancho::session::{Event, Session, Wrong};
use shakmaty::Chess;

const AFTER_E4_D6: &str = "rnbqkbnr/ppp1pppp/3p4/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
const SCHOLAR: &str = "r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4";
const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const AFTER_E4_E5: &str = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
const AFTER_NF3: &str = "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2";
const EN_PASSANT: &str = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1";
const PROMOTE: &str = "8/4P3/8/8/8/8/k7/4K3 w - - 0 1";
const CASTLE: &str = "4k3/8/8/8/8/8/8/4K2R w K - 0 1";
const TWO_ROOKS: &str = "4k3/8/8/R7/8/8/8/R3K3 w - - 0 1";

/// (input, position, the move meant (canonical SAN), whether it resolves
/// with a note (else it is refused), the words the message must contain).
type Row = (
    &'static str,
    &'static str,
    &'static str,
    bool,
    &'static [&'static str],
);

const ROWS: &[Row] = &[
    // English check and mate words.
    ("Bb5ch", AFTER_E4_D6, "Bb5+", true, &["not \"ch\"", "Bb5+"]),
    ("Bb5 ch", AFTER_E4_D6, "Bb5+", true, &["not \"ch\"", "Bb5+"]),
    (
        "Bb5check",
        AFTER_E4_D6,
        "Bb5+",
        true,
        &["check as +", "Bb5+"],
    ),
    (
        "Qxf7mate",
        SCHOLAR,
        "Qxf7#",
        true,
        &["mate as #", "not \"mate\"", "Qxf7#"],
    ),
    (
        "Qxf7 checkmate",
        SCHOLAR,
        "Qxf7#",
        true,
        &["not \"checkmate\"", "Qxf7#"],
    ),
    (
        "Qxf7ch",
        SCHOLAR,
        "Qxf7#",
        true,
        &["this is mate", "rather than \"ch\"", "Qxf7#"],
    ),
    // Two moves on one line.
    (
        "e4 e5",
        START,
        "e4",
        false,
        &["two moves on one line", "one move at a time", "e4"],
    ),
    (
        "Nf3 Nc6",
        AFTER_E4_E5,
        "Nf3",
        false,
        &["two moves on one line", "Nf3"],
    ),
    // En passant lands behind the pawn.
    (
        "exd5",
        EN_PASSANT,
        "exd6",
        false,
        &["en passant lands behind the pawn", "d5", "exd6"],
    ),
    (
        "ed5",
        EN_PASSANT,
        "exd6",
        false,
        &["en passant lands behind the pawn", "exd6"],
    ),
    // Another language's letters, outside --lang.
    (
        "Sf3",
        AFTER_E4_E5,
        "Nf3",
        false,
        &[
            "S is not a piece letter in SAN",
            "German",
            "knight",
            "N",
            "Nf3",
        ],
    ),
    (
        "Cf3",
        AFTER_E4_E5,
        "Nf3",
        false,
        &["C is not a piece letter", "French", "knight", "Nf3"],
    ),
    (
        "e8=D",
        PROMOTE,
        "e8=Q",
        false,
        &["D is not a piece letter", "queen", "Q", "e8=Q"],
    ),
    (
        "Ktf3",
        AFTER_E4_E5,
        "Nf3",
        false,
        &["Kt is the old English", "knight", "N", "Nf3"],
    ),
    (
        "Castles",
        CASTLE,
        "O-O",
        false,
        &["castling is written O-O", "O-O-O", ": O-O"],
    ),
    (
        "castles kingside",
        CASTLE,
        "O-O",
        false,
        &["castling is written", ": O-O"],
    ),
    // Move numbers and dots.
    (
        "1. e4",
        START,
        "e4",
        false,
        &["without its number", "1.", "e4"],
    ),
    ("1.e4", START, "e4", false, &["without its number", "e4"]),
    (
        "2...Nc6",
        AFTER_NF3,
        "Nc6",
        false,
        &["without its number", "2...", "Nc6"],
    ),
    // Descriptive notation and old promotion forms.
    (
        "P-K4",
        START,
        "e4",
        false,
        &["descriptive notation", "destination square", "e4"],
    ),
    (
        "N-KB3",
        START,
        "Nf3",
        false,
        &["descriptive notation", "Nf3"],
    ),
    (
        "e8(Q)",
        PROMOTE,
        "e8=Q",
        true,
        &["written with =", "(Q)", "e8=Q"],
    ),
    (
        "e8/Q",
        PROMOTE,
        "e8=Q",
        true,
        &["written with =", "/Q", "e8=Q"],
    ),
    // e.p., and the wording.
    (
        "exd6 e.p.",
        EN_PASSANT,
        "exd6",
        true,
        &["SAN does not write e.p.", "a FIDE scoresheet may", "exd6"],
    ),
    (
        "e:d6",
        EN_PASSANT,
        "exd6",
        true,
        &["not with a colon: exd6"],
    ),
    ("eXd6", EN_PASSANT, "exd6", true, &["not with a capital X"]),
    (
        "Ra1a3",
        TWO_ROOKS,
        "R1a3",
        true,
        &["the rank alone is enough: R1a3"],
    ),
];

fn pos(fen: &str) -> Chess {
    parse_fen(fen).unwrap()
}

/// Everything `resolve` says: its error, or its diagnostics.
fn resolved_words(p: &Chess, input: &str) -> (Option<String>, String) {
    match resolve(p, input, Strictness::Lenient) {
        Ok(r) => (
            Some(r.text.san),
            r.diagnostics
                .iter()
                .map(|d| d.message.clone())
                .collect::<Vec<_>>()
                .join(" | "),
        ),
        Err(e) => (None, e.to_string()),
    }
}

fn assert_says(surface: &str, input: &str, said: &str, words: &[&str]) {
    for w in words {
        assert!(
            said.contains(w),
            "{surface}: {input:?} says {said:?}, without {w:?}"
        );
    }
}

#[test]
fn resolve_names_each_slip_and_the_right_form() {
    for &(input, fen, san, accepted, words) in ROWS {
        let (read, said) = resolved_words(&pos(fen), input);
        assert_eq!(read.as_deref(), accepted.then_some(san), "{input}: {said}");
        assert_says("resolve", input, &said, words);
        assert!(!said.contains("ambiguous: ambiguous"), "{said}");
        assert!(!said.contains("::"), "{said}");
    }
}

#[test]
fn the_live_hint_names_each_slip_too() {
    for &(input, fen, san, accepted, words) in ROWS {
        let h = hint(&pos(fen), input);
        let said = match &h.state {
            HintState::Impossible(reason) => reason.to_string(),
            HintState::Complete | HintState::CompleteOrLonger => {
                assert_eq!(h.candidates[0].san, san, "{input}");
                h.diagnostics
                    .iter()
                    .map(|d| d.message.clone())
                    .collect::<Vec<_>>()
                    .join(" | ")
            }
            other => panic!("{input}: {other:?}"),
        };
        assert_eq!(
            matches!(h.state, HintState::Impossible(_)),
            !accepted,
            "{input}: {said}"
        );
        assert_says("hint", input, &said, words);
    }
}

/// A one-move puzzle whose answer is `san` in `fen`.
fn puzzle(fen: &str, san: &str) -> sancho::puzzle::Puzzle {
    let p = pos(fen);
    let uci = resolve(&p, san, Strictness::Strict).unwrap().text.uci;
    let text = format!(
        r#"[{{"id": "slip", "fen": "{fen}", "toMove": "{}", "solutionMoves": ["{uci}"]}}]"#,
        if shakmaty::Position::turn(&p).is_white() {
            "white"
        } else {
            "black"
        }
    );
    read_pack(&text, "slips.json").unwrap().puzzles.remove(0)
}

#[test]
fn the_trainer_names_each_slip_and_never_fails_the_puzzle_for_it() {
    for &(input, fen, san, accepted, words) in ROWS {
        let (mut session, _) = Session::new(puzzle(fen, san));
        let events = session.submit(input);
        let said = events
            .iter()
            .find_map(|e| match e {
                Event::Correct { diagnostics, .. } => Some(
                    diagnostics
                        .iter()
                        .map(|d| d.message.clone())
                        .collect::<Vec<_>>()
                        .join(" | "),
                ),
                Event::Wrong {
                    wrong: Wrong::NotLegal(rejected),
                    ..
                } => Some(rejected.to_string()),
                _ => None,
            })
            .unwrap_or_else(|| panic!("{input}: {events:?}"));
        assert_says("trainer", input, &said, words);
        assert!(
            !events
                .iter()
                .any(|e| matches!(e, Event::MarkedFailed { .. })),
            "{input}: a notation slip is never a failure"
        );
        assert_eq!(session.is_finished(), accepted, "{input}");
    }
}

#[test]
fn the_drills_name_each_slip_and_grade_it() {
    for &(input, fen, san, accepted, words) in ROWS {
        let p = pos(fen);
        let mv = resolve(&p, san, Strictness::Strict).unwrap().text.mv;
        let exercise = Exercise {
            kind: DrillKind::Write,
            fen: fen_of(&p),
            orientation: shakmaty::Position::turn(&p),
            prompt: String::new(),
            show: Show::Move {
                uci: sancho::notation::uci(mv),
            },
            expected: Expected::Move(mv),
            position: p,
            feature: None,
            disambiguation: None,
        };
        for strictness in [Strictness::Lenient, Strictness::Strict] {
            let v = grade(&exercise, input, strictness);
            let said = format!(
                "{} | {}",
                v.reason.clone().unwrap_or_default(),
                v.diagnostics
                    .iter()
                    .map(|d| d.message.clone())
                    .collect::<Vec<_>>()
                    .join(" | ")
            );
            assert_says("drill", input, &said, words);
            // Strictly, only canonical SAN is right; leniently, the slips
            // with one sensible reading are.
            let right = accepted && strictness == Strictness::Lenient;
            assert_eq!(v.correct, right, "{input} {strictness:?}: {said}");
        }
    }
}

/// A move written with a space inside, or from square to square, is still
/// one move; a slip is read only when nothing else is.
#[test]
fn spaces_inside_one_move_are_not_two_moves() {
    for (input, san) in [
        ("e2 e4", "e4"),
        ("N f3", "Nf3"),
        ("Ng1 f3", "Nf3"),
        ("e4 ", "e4"),
    ] {
        let r = resolve(&pos(START), input, Strictness::Lenient)
            .unwrap_or_else(|e| panic!("{input}: {e}"));
        assert_eq!(r.text.san, san, "{input}");
    }
    // From an empty square, it is a move that cannot be made, said so.
    let e = resolve(&pos(START), "e3 e5", Strictness::Lenient).unwrap_err();
    assert!(e.to_string().contains("two moves on one line"), "{e}");
    let e = resolve(&pos(START), "e2 e5", Strictness::Lenient).unwrap_err();
    assert!(!e.to_string().contains("two moves"), "{e}");
}
