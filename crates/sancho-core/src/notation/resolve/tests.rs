//! Table tests: (position, input, expected outcome).

use super::*;
use crate::notation::Code;
use shakmaty::CastlingMode;
use shakmaty::fen::Fen;

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
/// White can castle both ways; knights on b3 and f3 both reach d2.
const CASTLE: &str = "r3k2r/pppqbppp/2n2n2/3pp3/3PP3/1N3N2/PPP1QPPP/R3K2R w KQkq - 0 1";
/// Knights on b1 and f3 reach d2; rooks on a1 and a5 reach a3.
const KNIGHTS: &str = "4k3/8/8/R7/8/5N2/8/RN2K3 w - - 0 1";
/// A pawn on e7 ready to promote; a pawn on e5 with en passant on d6.
const PAWNS: &str = "3r2k1/4P3/8/3pP3/8/8/8/4K3 w - d6 0 1";
/// Mate in one with Re8#; check with Re7+... not available: rook on e1, pawn f7.
const BACK_RANK: &str = "6k1/5ppp/8/8/8/8/5PPP/4R1K1 w - - 0 1";
/// Issue 18's spellings: a bishop on a3 can take c5, a knight on c2, a rook
/// on f1 can take f2, a pawn on e2, a pawn on a4 that can only push.
const LEARN: &str = "4k3/8/8/2p5/P7/B7/2N1Pp2/K4R2 w - - 0 1";
/// A bishop on a1 can take on c3, no b-pawn.
const BISHOP: &str = "4k3/8/8/8/8/2n5/8/B3K3 w - - 0 1";

fn pos(fen: &str) -> Chess {
    fen.parse::<Fen>()
        .unwrap()
        .into_position(CastlingMode::Standard)
        .unwrap()
}

fn codes(r: &Resolved) -> Vec<Code> {
    r.diagnostics.iter().map(|d| d.code).collect()
}

#[test]
fn accepts_and_teaches() {
    use Code::*;
    let cases: &[(&str, &str, &str, &[Code])] = &[
        // (fen, input, canonical SAN, diagnostic codes)
        (START, "Nf3", "Nf3", &[]),
        (START, "e4", "e4", &[]),
        (START, " e4 ", "e4", &[SurroundingSpace]),
        (START, "N f3", "Nf3", &[InnerSpace]),
        (START, "Nf3!", "Nf3", &[Annotation]),
        (START, "Nf3?!", "Nf3", &[Annotation]),
        (START, "♘f3", "Nf3", &[Figurine]),
        (START, "nf3", "Nf3", &[LowercasePiece]),
        (START, "Pe4", "e4", &[PawnLetter]),
        (START, "Ngf3", "Nf3", &[UnneededDisambiguation]),
        (START, "Ng1f3", "Nf3", &[UnneededDisambiguation]),
        (START, "Ng1-f3", "Nf3", &[LongAlgebraic]),
        (START, "e2-e4", "e4", &[LongAlgebraic]),
        (START, "e2e4", "e4", &[Uci]),
        (START, "g1f3", "Nf3", &[Uci]),
        (START, "ee4", "e4", &[UnneededDisambiguation]),
        (START, "Nf3+", "Nf3", &[UnneededCheck]),
        (CASTLE, "O-O", "O-O", &[]),
        (CASTLE, "0-0", "O-O", &[ZeroCastling]),
        (CASTLE, "0-0-0", "O-O-O", &[ZeroCastling]),
        (CASTLE, "o-o", "O-O", &[CastlingSpelling]),
        (CASTLE, "OO", "O-O", &[CastlingSpelling]),
        (CASTLE, "e1g1", "O-O", &[Uci]),
        (CASTLE, "e1h1", "O-O", &[CastlingKingTakesRook]),
        (CASTLE, "e1a1", "O-O-O", &[CastlingKingTakesRook]),
        (CASTLE, "Kg1", "O-O", &[CastlingAsKingMove]),
        (CASTLE, "Nbd2", "Nbd2", &[]),
        (CASTLE, "Nb3d2", "Nbd2", &[OverlongDisambiguation]),
        (KNIGHTS, "N1d2", "Nbd2", &[DisambiguationPriority]),
        (CASTLE, "Nxe5", "Nxe5", &[]),
        (CASTLE, "Ne5", "Nxe5", &[MissingCapture]),
        (CASTLE, "Nf3xe5", "Nxe5", &[LongAlgebraic]),
        (CASTLE, "Nf3-e5", "Nxe5", &[LongAlgebraic, MissingCapture]),
        (CASTLE, "Nxh4", "Nh4", &[UnneededCapture]),
        (CASTLE, "dxe5", "dxe5", &[]),
        (CASTLE, "de5", "dxe5", &[MissingCapture]),
        (CASTLE, "d4xe5", "dxe5", &[LongAlgebraic]),
        (CASTLE, "d4e5", "dxe5", &[Uci]),
        (KNIGHTS, "R1a3", "R1a3", &[]),
        (KNIGHTS, "Ra1a3", "R1a3", &[NeverOccurs]),
        (KNIGHTS, "Nfd2", "Nfd2", &[]),
        (PAWNS, "e8=Q+", "e8=Q+", &[]),
        (PAWNS, "e8Q+", "e8=Q+", &[PromotionEquals]),
        (PAWNS, "e8q+", "e8=Q+", &[PromotionEquals, PromotionCase]),
        (PAWNS, "e8=q+", "e8=Q+", &[PromotionCase]),
        (PAWNS, "e8=Q", "e8=Q+", &[MissingCheck]),
        (PAWNS, "e7e8q", "e8=Q+", &[Uci]),
        (PAWNS, "e7e8n", "e8=N", &[Uci]),
        (PAWNS, "exd8=N", "exd8=N", &[]),
        (PAWNS, "exd6", "exd6", &[]),
        (PAWNS, "exd6 e.p.", "exd6", &[EnPassantSuffix]),
        (PAWNS, "xd6", "exd6", &[PawnCaptureFile]),
        (BACK_RANK, "Re8#", "Re8#", &[]),
        (BACK_RANK, "Re8", "Re8#", &[MissingMate]),
        (BACK_RANK, "Re8+", "Re8#", &[MissingMate]),
        (BACK_RANK, "Re8++", "Re8#", &[CheckSign]),
        (BACK_RANK, "Re7#", "Re7", &[UnneededCheck]),
        // Issue 18 #11: every departure from canonical SAN is named.
        (BACK_RANK, "Re8##", "Re8#", &[CheckSign]),
        (BACK_RANK, "Re8+#", "Re8#", &[CheckSign]),
        (BACK_RANK, "Re8#+", "Re8#", &[CheckSign]),
        (BACK_RANK, "Re7##", "Re7", &[UnneededCheck]),
        (LEARN, "B-b4", "Bb4", &[Hyphen]),
        (LEARN, "-e4", "e4", &[Hyphen]),
        (LEARN, "-e3", "e3", &[Hyphen]),
        (LEARN, "N-b4", "Nb4", &[Hyphen]),
        (LEARN, "Nc-b4", "Nb4", &[UnneededDisambiguation, Hyphen]),
        (LEARN, "Nc2-e3", "Ne3", &[LongAlgebraic]),
        (LEARN, "RXf2", "Rxf2", &[CaptureSign]),
        (LEARN, "R:f2", "Rxf2", &[CaptureSign]),
        (LEARN, "B:c5", "Bxc5", &[CaptureSign]),
        (LEARN, "B-c5", "Bxc5", &[Hyphen, MissingCapture]),
        (LEARN, "B:b4", "Bb4", &[UnneededCapture]),
    ];
    for &(fen, input, san, expected) in cases {
        let p = pos(fen);
        let r = resolve(&p, input, Strictness::Lenient)
            .unwrap_or_else(|e| panic!("{input} in {fen}: {e}"));
        assert_eq!(r.text.san, san, "{input}");
        assert_eq!(codes(&r), expected, "{input}: {:?}", r.diagnostics);
        for d in &r.diagnostics {
            assert_eq!(d.suggestion, san, "{input}");
            assert!(d.message.contains(san), "{input}: {}", d.message);
        }
        let strict = resolve(&p, input, Strictness::Strict);
        let departs = expected.iter().any(|c| !c.is_note());
        assert_eq!(strict.is_err(), departs, "strict {input}");
        if let Err(e) = strict {
            assert!(
                matches!(e.error, ResolveError::NotCanonical { .. }),
                "{input}"
            );
            assert_eq!(e.diagnostics, r.diagnostics);
        }
    }
}

#[test]
fn check_and_mate_signs() {
    let p = pos("4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    let r = resolve(&p, "Ra8", Strictness::Lenient).unwrap();
    assert_eq!(r.text.san, "Ra8+");
    assert_eq!(codes(&r), [Code::MissingCheck]);
    let r = resolve(&p, "Ra8#", Strictness::Lenient).unwrap();
    assert_eq!(codes(&r), [Code::NotMate]);
    let r = resolve(&p, "Ra8++", Strictness::Lenient).unwrap();
    assert_eq!(codes(&r), [Code::CheckSign]);
}

#[test]
fn never_occurs_is_taught() {
    let p = pos("4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    let r = resolve(&p, "Kee2", Strictness::Lenient).unwrap();
    assert_eq!(r.text.san, "Ke2");
    let got = codes(&r);
    assert_eq!(got, [Code::NeverOccurs]);
    assert!(
        r.diagnostics[0].message.contains("king"),
        "{:?}",
        r.diagnostics
    );
}

#[test]
fn rejects_with_reasons() {
    let cases: &[(&str, &str, &str, &str)] = &[
        // (fen, input, status, message fragment)
        (START, "hello", "invalid", "not a file"),
        (START, "", "invalid", "nothing to read"),
        (START, "e9", "invalid", "not a rank"),
        (CASTLE, "Nd2", "ambiguous", "ambiguous: Nbd2 or Nfd2?"),
        (KNIGHTS, "Ra3", "ambiguous", "ambiguous: R1a3 or R5a3?"),
        (
            BISHOP,
            "bxc3",
            "illegal",
            "b means the b-pawn; did you mean Bxc3?",
        ),
        (PAWNS, "e8", "illegal", ""),
        (
            START,
            "f1=K",
            "invalid",
            "a pawn cannot promote to a king: promote to Q, R, B or N",
        ),
        (START, "e8=P", "invalid", "a pawn cannot promote to a pawn"),
        (
            LEARN,
            "xa5",
            "illegal",
            "nothing to capture on a5; the pawn push is written a5",
        ),
        (
            START,
            "!",
            "invalid",
            "start with a piece letter or a square",
        ),
        (
            START,
            "?",
            "invalid",
            "start with a piece letter or a square",
        ),
        (
            START,
            "+",
            "invalid",
            "start with a piece letter or a square",
        ),
        (
            START,
            "#",
            "invalid",
            "start with a piece letter or a square",
        ),
        (
            START,
            "!?",
            "invalid",
            "start with a piece letter or a square",
        ),
        (START, "Nd4", "illegal", ""),
    ];
    for &(fen, input, status, fragment) in cases {
        let err = resolve(&pos(fen), input, Strictness::Lenient).expect_err(input);
        assert_eq!(err.error.status(), status, "{input}: {err}");
        assert!(err.to_string().contains(fragment), "{input}: {err}");
    }
}

/// Issue 18 #16: `e.p.` after a move says what the move really is.
#[test]
fn an_en_passant_suffix_is_explained_by_what_the_move_is() {
    let cases = [
        (
            PAWNS,
            "exd6 e.p.",
            "SAN does not write e.p. (a FIDE scoresheet may)",
        ),
        (PAWNS, "exd8=Q e.p.", "this capture is not en passant"),
        (START, "e4 e.p.", "this move captures nothing"),
    ];
    for (fen, input, says) in cases {
        let r = resolve(&pos(fen), input, Strictness::Lenient)
            .unwrap_or_else(|e| panic!("{input}: {e}"));
        let d = r
            .diagnostics
            .iter()
            .find(|d| d.code == Code::EnPassantSuffix)
            .unwrap_or_else(|| panic!("{input}: {:?}", r.diagnostics));
        assert!(d.message.contains(says), "{input}: {}", d.message);
    }
}

#[test]
fn lowercase_b_is_the_b_pawn() {
    let p = pos("4k3/8/8/B7/8/2n5/1P6/4K3 w - - 0 1");
    let r = resolve(&p, "bxc3", Strictness::Lenient).unwrap();
    assert_eq!(r.text.uci, "b2c3");
    let r = resolve(&p, "Bxc3", Strictness::Lenient).unwrap();
    assert_eq!(r.text.uci, "a5c3");
}

#[test]
fn a_capture_sign_is_quoted_as_typed() {
    let r = resolve(&pos(LEARN), "B:b4", Strictness::Lenient).unwrap();
    assert!(
        r.diagnostics[0].message.contains("leave out the :"),
        "{:?}",
        r.diagnostics
    );
    let r = resolve(&pos(LEARN), "B:c5", Strictness::Lenient).unwrap();
    assert!(
        !r.diagnostics[0].message.contains("leave out"),
        "{:?}",
        r.diagnostics
    );
}

#[test]
fn input_is_bounded_and_glyphs_strip_in_linear_time() {
    use crate::notation::parse::{MAX_INPUT_LEN, bounded_prefix, normalize};
    let long = format!("Nf3{}", "!".repeat(MAX_INPUT_LEN));
    let err = resolve(&pos(START), &long, Strictness::Lenient).expect_err("too long");
    assert!(err.to_string().starts_with("input too long"), "{err}");
    let fits = format!("Nf3{}", "!".repeat(MAX_INPUT_LEN - 3));
    assert!(resolve(&pos(START), &fits, Strictness::Lenient).is_ok());
    // The normaliser itself is linear: a million glyphs strip at once (a
    // quadratic strip took seconds; no timing here, only the result).
    let n = normalize(&format!("e4{}", "!".repeat(1_000_000)));
    assert_eq!(n.body, "e4");
    assert_eq!(n.form.annotation.map(|a| a.len()), Some(1_000_000));
    let figurines = "♘".repeat(MAX_INPUT_LEN);
    let kept = bounded_prefix(&figurines);
    assert!(kept.len() <= MAX_INPUT_LEN && kept.len() > MAX_INPUT_LEN - 3);
    assert_eq!(bounded_prefix("Nf3"), "Nf3");
}
