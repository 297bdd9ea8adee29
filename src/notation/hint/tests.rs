//! Table tests of live hints: (position, prefix, state, candidates).

use super::*;
use shakmaty::CastlingMode;
use shakmaty::fen::Fen;

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const CASTLE: &str = "r3k2r/pppqbppp/2n2n2/3pp3/3PP3/1N3N2/PPP1QPPP/R3K2R w KQkq - 0 1";
const PROMOTE: &str = "3r2k1/4P3/8/8/8/8/8/4K3 w - - 0 1";
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
        // Canonical readings first: after "Rd", the rook's moves along the d-file.
        (
            "6k1/8/8/8/8/8/8/3R2K1 w - - 0 1",
            "Rd",
            "partial",
            &["Rd2", "Rd3", "Rd4", "Rd5", "Rd6", "Rd7", "Rd8+"],
        ),
        (START, "Nf3+", "complete", &["Nf3"]),
        (CASTLE, "O", "partial", &["O-O", "O-O-O"]),
        (CASTLE, "0-", "partial", &["O-O", "O-O-O"]),
        (CASTLE, "O-O", "complete-or-longer", &["O-O", "O-O-O"]),
        (CASTLE, "O-O-O", "complete", &["O-O-O"]),
        (CASTLE, "Nd2", "ambiguous", &["Nbd2", "Nfd2"]),
        (CASTLE, "Nx", "partial", &["Nxe5"]),
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
        (START, "Nx", "no knight can capture anything"),
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
                assert!(reason.contains(why), "{text}: {reason} (wanted {why})")
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
