//! Table tests of live hints: (position, prefix, state, candidates).

use super::*;
use shakmaty::CastlingMode;
use shakmaty::fen::Fen;

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const CASTLE: &str = "r3k2r/pppqbppp/2n2n2/3pp3/3PP3/1N3N2/PPP1QPPP/R3K2R w KQkq - 0 1";
const PROMOTE: &str = "3r2k1/4P3/8/8/8/8/8/4K3 w - - 0 1";
/// Knights on b1 and f3 both reach d2 (issue 11).
const KNIGHTS: &str = "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1";
/// After 1. e4 d5: exd5 is possible.
const OPEN: &str = "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2";
/// White's e5 pawn may take d6 en passant.
const EN_PASSANT: &str = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1";
/// White has knights on a1 and h1 only: none can reach the e-file.
const CORNER_KNIGHTS: &str = "4k3/8/8/8/8/8/8/N3K2N w - - 0 1";

fn pos(fen: &str) -> Chess {
    fen.parse::<Fen>()
        .unwrap()
        .into_position(CastlingMode::Standard)
        .unwrap()
}

fn sans(h: &Hint) -> Vec<&str> {
    h.candidates.iter().map(|c| c.san.as_str()).collect()
}

#[test]
fn states_and_candidates() {
    let cases: &[(&str, &str, &str, &[&str])] = &[
        (START, "", "empty", &[]),
        (START, "N", "partial", &["Na3", "Nc3", "Nf3", "Nh3"]),
        (START, "n", "partial", &["Na3", "Nc3", "Nf3", "Nh3"]),
        (START, "Nf", "partial", &["Nf3"]),
        (START, "Nf3", "complete", &["Nf3"]),
        (START, "Ng", "partial", &["Nf3", "Nh3"]),
        (START, "e", "partial", &["e3", "e4"]),
        (START, "e2", "partial", &["e3", "e4"]),
        (START, "e2e", "partial", &["e3", "e4"]),
        (START, "e4", "complete", &["e4"]),
        // Every reading: "Rd" may be the rook from the d-file (Rda1) too.
        (
            "6k1/8/8/8/8/8/8/3R2K1 w - - 0 1",
            "Rd",
            "partial",
            &[
                "Ra1", "Rb1", "Rc1", "Rd2", "Rd3", "Rd4", "Rd5", "Rd6", "Rd7", "Rd8+", "Re1", "Rf1",
            ],
        ),
        // The repro of issue 11: Nd may become Nd4 or the ambiguous Nd2.
        (KNIGHTS, "Nd", "partial", &["Nbd2", "Nd4", "Nfd2"]),
        (KNIGHTS, "Nd2", "ambiguous", &["Nbd2", "Nfd2"]),
        (KNIGHTS, "Nb", "partial", &["Na3", "Nbd2", "Nc3"]),
        // P narrows to pawn moves; Pe to those written from the e-file.
        (
            OPEN,
            "P",
            "partial",
            &[
                "a3", "a4", "b3", "b4", "c3", "c4", "d3", "d4", "e5", "exd5", "f3", "f4", "g3",
                "g4", "h3", "h4",
            ],
        ),
        (
            OPEN,
            "p",
            "partial",
            &[
                "a3", "a4", "b3", "b4", "c3", "c4", "d3", "d4", "e5", "exd5", "f3", "f4", "g3",
                "g4", "h3", "h4",
            ],
        ),
        (OPEN, "Pe", "partial", &["e5", "exd5"]),
        (OPEN, "Px", "partial", &["exd5"]),
        (OPEN, "e4", "partial", &["e5", "exd5"]),
        (OPEN, "E", "impossible", &[]),
        // Spellings the resolver accepts: a hyphen, X or : for the capture.
        (OPEN, "-e", "partial", &["e5"]),
        (OPEN, "eX", "partial", &["e5", "exd5"]),
        (OPEN, "e:d5", "complete", &["exd5"]),
        (START, "N-", "partial", &["Na3", "Nc3", "Nf3", "Nh3"]),
        // Castling as the king's move, and en passant with its suffix.
        (CASTLE, "Kg", "partial", &["O-O"]),
        (CASTLE, "Kh1", "complete", &["O-O"]),
        (EN_PASSANT, "exd6 e", "partial", &["exd6"]),
        (EN_PASSANT, "exd6 e.p", "partial", &["exd6"]),
        (EN_PASSANT, "exd6 e.p.", "complete", &["exd6"]),
        (START, "Nf3+", "complete", &["Nf3"]),
        (CASTLE, "O", "partial", &["O-O", "O-O-O"]),
        (CASTLE, "0-", "partial", &["O-O", "O-O-O"]),
        (CASTLE, "O-O", "complete-or-longer", &["O-O", "O-O-O"]),
        (CASTLE, "O-O-O", "complete", &["O-O-O"]),
        (CASTLE, "Nd2", "ambiguous", &["Nbd2", "Nfd2"]),
        // An x on a move that captures nothing is accepted (and taught), so
        // those moves stay candidates, after the captures.
        (
            CASTLE,
            "Nx",
            "partial",
            &[
                "Na5", "Nbd2", "Nc1", "Nc5", "Nfd2", "Ng1", "Ng5", "Nh4", "Nxe5",
            ],
        ),
        (
            PROMOTE,
            "e8",
            "partial",
            &["e8=B", "e8=N", "e8=Q+", "e8=R+"],
        ),
        (
            PROMOTE,
            "e8=",
            "partial",
            &["e8=B", "e8=N", "e8=Q+", "e8=R+"],
        ),
        (PROMOTE, "e8=Q", "complete", &["e8=Q+"]),
        (PROMOTE, "e8q", "complete", &["e8=Q+"]),
        (
            PROMOTE,
            "exd",
            "partial",
            &["exd8=B", "exd8=N", "exd8=Q+", "exd8=R+"],
        ),
    ];
    for &(fen, text, state, expected) in cases {
        let h = hint(&pos(fen), text);
        assert_eq!(h.state.name(), state, "{text}: {h:?}");
        let mut got = sans(&h);
        if h.state == HintState::Complete || h.state == HintState::CompleteOrLonger {
            got[1..].sort();
        } else {
            got.sort();
        }
        assert_eq!(got, expected, "{text}");
    }
}

#[test]
fn impossible_says_why_as_early_as_it_can() {
    let cases: &[(&str, &str, &str)] = &[
        (CORNER_KNIGHTS, "Ne", "no knight can reach the e-file"),
        (
            "4k3/8/8/8/8/1P6/2P5/N3K3 w - - 0 1",
            "Nx",
            "no knight can capture anything",
        ),
        (START, "!", "start with a piece letter or a square"),
        (START, "?", "start with a piece letter or a square"),
        (START, "+", "start with a piece letter or a square"),
        (START, "#", "start with a piece letter or a square"),
        (START, "!?", "start with a piece letter or a square"),
        (START, "P+", "start with a piece letter or a square"),
        (START, "Q", "no queen can move"),
        (START, "Nd4", "no knight can reach d4"),
        (START, "O-O", "castling kingside (O-O) is not allowed"),
        (START, "z", "not a file"),
        (
            "4k3/8/8/B7/8/2n5/8/4K3 w - - 0 1",
            "bx",
            "b means the b-pawn; for the bishop, type Bx",
        ),
    ];
    for &(fen, text, why) in cases {
        let h = hint(&pos(fen), text);
        match &h.state {
            HintState::Impossible(reason) => {
                assert!(
                    reason.to_string().contains(why),
                    "{text}: {reason} (wanted {why})"
                )
            }
            other => panic!("{text}: {other:?}"),
        }
    }
}

#[test]
fn a_wrong_sign_is_complete_and_taught() {
    let h = hint(&pos(START), "Nf3#");
    assert_eq!(h.state, HintState::Complete);
    assert_eq!(h.diagnostics[0].code, Code::UnneededCheck);
}

#[test]
fn zero_castling_is_taught_while_typing() {
    let h = hint(&pos(CASTLE), "0-0");
    assert_eq!(h.state, HintState::CompleteOrLonger);
    assert_eq!(h.diagnostics[0].code, Code::ZeroCastling);
    assert!(h.diagnostics[0].message.starts_with("0-0 is written O-O"));
    let h = hint(&pos(CASTLE), "0-");
    assert_eq!(h.diagnostics[0].code, Code::ZeroCastling);
}

#[test]
fn groups_name_the_undecided_reading() {
    let h = hint(&pos(KNIGHTS), "N");
    let groups: Vec<String> = h.groups().iter().map(ToString::to_string).collect();
    assert_eq!(groups, ["Nd2: Nbd2 or Nfd2?"]);
    let h = hint(&pos(KNIGHTS), "Nb");
    assert!(h.groups().is_empty(), "{:?}", h.groups());
    // Only one candidate left: the group is gone with the other knight.
    let h = hint(&pos(KNIGHTS), "Nf");
    assert!(h.groups().is_empty());
}

#[test]
fn canonical_continuations_come_first() {
    let h = hint(&pos(CASTLE), "Nx");
    assert_eq!(h.candidates[0].san, "Nxe5");
    let h = hint(&pos(KNIGHTS), "Nd");
    assert_eq!(h.candidates[0].san, "Nd4");
}

#[test]
fn an_x_that_captures_nothing_is_taught_while_typing() {
    let h = hint(&pos(START), "Nx");
    assert_eq!(h.state, HintState::Partial);
    assert!(
        h.diagnostics
            .iter()
            .any(|d| d.code == Code::UnneededCapture),
        "{h:?}"
    );
}

#[test]
fn too_long_input_is_refused_at_once() {
    let text = "!".repeat(250_000);
    let h = hint(&pos(START), &text);
    match &h.state {
        HintState::Impossible(reason) => {
            assert_eq!(reason, &Impossible::TooLong { len: 250_000 });
            assert!(reason.to_string().starts_with("input too long"), "{reason}");
        }
        other => panic!("{other:?}"),
    }
    let long_move = format!("Nf3{}", " ".repeat(MAX_INPUT_LEN));
    assert!(matches!(
        hint(&pos(START), &long_move).state,
        HintState::Impossible(_)
    ));
}

#[test]
fn dead_ends_are_typed_by_what_the_text_asked_for() {
    // Knights on b1 and f3 only; White king e1, Black king e8.
    let knights = "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1";
    let cases: &[(&str, &str, Impossible)] = &[
        (
            knights,
            "Q",
            Impossible::DeadEnd(DeadEnd::NoPiece(Role::Queen)),
        ),
        (
            knights,
            "c",
            Impossible::DeadEnd(DeadEnd::NoPawnOnFile('c')),
        ),
        (
            knights,
            "O",
            Impossible::DeadEnd(DeadEnd::NotCastling { text: "O".into() }),
        ),
        (knights, "+", Impossible::SignsOnly),
    ];
    for (fen, text, want) in cases {
        match hint(&pos(fen), text).state {
            HintState::Impossible(got) => assert_eq!(&got, want, "{text}"),
            other => panic!("{text}: {other:?}"),
        }
    }
}
