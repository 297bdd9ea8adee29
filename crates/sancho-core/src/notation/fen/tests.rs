use super::*;
use proptest::prelude::*;
use shakmaty::{EnPassantMode, Position, fen::Fen};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

#[test]
fn valid_fens_parse_and_round_trip() {
    let table = [
        START,
        "  rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1\n",
        "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4",
        "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
        "2kr2r1/ppb2ppp/3qbn2/2Np2B1/P7/2P2Q1P/1PB2PP1/R4RK1 w - - 5 18",
        "r1b1kb1r/pppp1ppp/8/4n3/2B1P2q/2N5/PPPP1PPP/R1BQK2R w KQkq - 0 7",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        "r3k2r/8/8/8/8/8/8/R3K2R w Kq - 12 40",
    ];
    for fen in table {
        let pos = parse_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        let written = Fen::from_position(&pos, EnPassantMode::Always).to_string();
        assert_eq!(written, fen.trim(), "{fen}");
    }
    let four = parse_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -").unwrap();
    assert_eq!(four.halfmoves(), 0);
    assert_eq!(four.fullmoves().get(), 1);
    assert_eq!(parse_fen(START).unwrap(), Chess::new());
}

#[test]
#[rustfmt::skip]
fn errors_name_the_field_and_the_problem() {
    use FenError as E;
    let table: &[(&str, FenError, &str)] = &[
        ("", E::FieldCount { found: 0 }, "6 fields separated by spaces (or 4"),
        ("8/8/8/8/8/8/8/8 w - - 0", E::FieldCount { found: 5 }, "found 5"),
        (&format!("{START} extra"), E::FieldCount { found: 7 }, "found 7"),
        ("rnbqkbnrpppppppp88888888PPPPPPPPRNBQKBNR w KQkq - 0 1", E::RankCount { found: 1 }, "found 1 rank, expected 8 separated by 7 slashes (/): are the slashes missing?"),
        ("8/8/8/8/8/8/8/8/8 w - - 0 1", E::RankCount { found: 9 }, "found 9 ranks"),
        ("4k3/8/p7p/8/8/8/8/4K3 w - - 0 1", E::RankLength { rank: 6, squares: 9 }, "field 1 (piece placement): rank 6 has 9 squares, expected 8"),
        ("4k3/8/8/8/8/8/8/4K2 w - - 0 1", E::RankLength { rank: 1, squares: 7 }, "rank 1 has 7 squares"),
        ("4k3//8/8/8/8/8/4K3 w - - 0 1", E::RankLength { rank: 7, squares: 0 }, "rank 7 has 0 squares"),
        ("4k3/8/8/4x3/8/8/8/4K3 w - - 0 1", E::BadPiece { rank: 5, ch: 'x' }, "rank 5 contains 'x'"),
        ("4k3/8/8/9/8/8/8/4K3 w - - 0 1", E::BadPiece { rank: 5, ch: '9' }, "count of 1 to 8 empty squares"),
        ("4k3/8/8/08/8/8/8/4K3 w - - 0 1", E::BadPiece { rank: 5, ch: '0' }, "'0'"),
        ("4k3/8/8/8/8/8/8/8 w - - 0 1", E::Kings { color: Color::White, count: 0 }, "0 white kings, expected exactly one"),
        ("4k2k/8/8/8/8/8/8/4K3 w - - 0 1", E::Kings { color: Color::Black, count: 2 }, "2 black kings"),
        ("4k3/8/8/8/8/8/8/4K3 x - - 0 1", E::Turn { found: "x".into() }, "field 2 (side to move): 'x' is not w or b"),
        ("4k3/8/8/8/8/8/8/4K3 W - - 0 1", E::Turn { found: "W".into() }, "'W' is not w or b"),
        ("4k3/8/8/8/8/8/8/4K3 w 0 - 0 1", E::Castling { found: "0".into(), reason: CastlingReason::Zero }, "field 3 (castling): '0' is not castling rights: write - when there are none"),
        ("4k3/8/8/8/8/8/8/4K3 w KX - 0 1", E::Castling { found: "KX".into(), reason: CastlingReason::BadChar('X') }, "contains 'X'"),
        ("4k3/8/8/8/8/8/8/4K3 w K- - 0 1", E::Castling { found: "K-".into(), reason: CastlingReason::BadChar('-') }, "contains '-'"),
        ("4k3/8/8/8/8/8/8/4K3 w KK - 0 1", E::Castling { found: "KK".into(), reason: CastlingReason::Repeated('K') }, "names the right K twice"),
        ("r3k2r/8/8/8/8/8/8/R3K2R w kK - 0 1", E::Castling { found: "kK".into(), reason: CastlingReason::OutOfOrder }, "out of order"),
        ("4k3/8/8/8/8/8/8/4K3 w K - 0 1", E::Castling { found: "K".into(), reason: CastlingReason::Unavailable('K') }, "castling right K needs a white king on e1 and a rook on h1"),
        ("r3k2r/8/8/8/8/8/8/R4K1R w KQkq - 0 1", E::Castling { found: "KQkq".into(), reason: CastlingReason::Unavailable('K') }, "castling right K needs"),
        ("4k2r/8/8/8/8/8/8/4K3 w q - 0 1", E::Castling { found: "q".into(), reason: CastlingReason::Unavailable('q') }, "castling right q needs a black king on e8 and a rook on a8"),
        ("RNBQKBNR/PPPPPPPP/8/8/8/8/pppppppp/rnbqkbnr w KQkq - 0 1", E::Castling { found: "KQkq".into(), reason: CastlingReason::UpsideDown('K') }, "upside down: field 1 starts with rank 8"),
        ("4k3/8/8/8/4P3/8/8/4K3 b - 0 0 1", E::EnPassant { found: "0".into(), reason: EnPassantReason::Zero }, "field 4 (en passant): '0' is not a square: write - when there is no en passant square"),
        ("4k3/8/8/8/4P3/8/8/4K3 b - e9 0 1", E::EnPassant { found: "e9".into(), reason: EnPassantReason::NotSquare }, "'e9' is not a square"),
        ("4k3/8/8/8/4P3/8/8/4K3 b - E3 0 1", E::EnPassant { found: "E3".into(), reason: EnPassantReason::NotSquare }, "or -"),
        ("4k3/8/8/8/4P3/8/8/4K3 b - e4 0 1", E::EnPassant { found: "e4".into(), reason: EnPassantReason::WrongRank(Square::E4) }, "field 4 (en passant): 'e4' is not on rank 3 or 6 (the square behind a pawn that moved two squares; after e2-e4 it is e3)"),
        ("4k3/8/8/3p4/8/8/8/4K3 w - d5 0 1", E::EnPassant { found: "d5".into(), reason: EnPassantReason::WrongRank(Square::D5) }, "after d7-d5 it is d6"),
        ("4k3/8/8/8/4P3/8/8/4K3 w - e3 0 1", E::EnPassant { found: "e3".into(), reason: EnPassantReason::WrongSide { turn: Color::White } }, "with white to move, black just moved a pawn two squares, so the square is on rank 6"),
        ("4k3/8/8/8/8/8/8/4K3 b - e3 0 1", E::EnPassant { found: "e3".into(), reason: EnPassantReason::NoPawn { color: Color::White, square: Square::E4 } }, "needs a white pawn on e4"),
        ("4k3/8/8/8/4P3/8/4N3/4K3 b - e3 0 1", E::EnPassant { found: "e3".into(), reason: EnPassantReason::NotEmpty { passed: Square::E3, from: Square::E2 } }, "needs e3 and e2 to be empty"),
        ("4k3/8/8/8/8/8/8/4K3 w - - x 1", E::Halfmove { found: "x".into() }, "field 5 (halfmove clock): 'x' is not a whole number of 0 or more"),
        ("4k3/8/8/8/8/8/8/4K3 w - - -1 1", E::Halfmove { found: "-1".into() }, "'-1'"),
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 -", E::Fullmove { found: "-".into() }, "field 6 (fullmove number): '-'"),
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1.5", E::Fullmove { found: "1.5".into() }, "'1.5'"),
        ("4k2P/8/8/8/8/8/8/4K3 w - - 0 1", E::Position { reason: PositionReason::PawnOnBackRank(Square::H8) }, "a pawn on h8: pawns never stand on rank 1 or 8"),
        ("4k3/4Q3/8/8/8/8/8/4K3 w - - 0 1", E::Position { reason: PositionReason::OppositeCheck { color: Color::Black } }, "black is in check but it is white's turn"),
        ("4k3/8/8/8/8/8/8/1r2K2r w - - 0 1", E::Position { reason: PositionReason::ImpossibleCheck }, "in check in a way no legal move can produce"),
        ("4k3/pppppppp/8/8/8/8/QQQQQQQQ/QQQQK3 w - - 0 1", E::Position { reason: PositionReason::TooMuchMaterial(Some(Color::White)) }, "white has too much material"),
    ];
    for (fen, expected, message) in table {
        let err = parse_fen(fen).expect_err(fen);
        assert_eq!(&err, expected, "{fen}");
        assert!(err.to_string().contains(message), "{fen}: {err}");
        let first = err.to_string().chars().next();
        assert!(first.is_some_and(char::is_lowercase), "{err}");
    }
}

#[test]
fn fields_are_numbered() {
    let cases = [
        ("4k3/8/8/8/8/8/8/4K3 w -", None),
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1 2", None),
        ("4k3/8/8/8/8/8/8/4K2 w - - 0 1", Some(1)),
        ("4k3/8/8/8/8/8/8/4K3 x - - 0 1", Some(2)),
        ("4k3/8/8/8/8/8/8/4K3 w Q - 0 1", Some(3)),
        ("4k3/8/8/8/8/8/8/4K3 w - e4 0 1", Some(4)),
        ("4k3/8/8/8/8/8/8/4K3 w - - a 1", Some(5)),
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 a", Some(6)),
        ("4k3/4Q3/8/8/8/8/8/4K3 w - - 0 1", Some(2)),
        ("3Pk3/8/8/8/8/8/8/4K3 w - - 0 1", Some(1)),
    ];
    for (fen, field) in cases {
        match parse_fen(fen) {
            Ok(_) => assert_eq!(field, Some(0), "{fen} parsed"),
            Err(e) => assert_eq!(e.field(), field, "{fen}: {e}"),
        }
    }
}

proptest! {
    #[test]
    fn arbitrary_strings_never_panic(text in "\\PC{0,80}") {
        let _ = parse_fen(&text);
    }

    #[test]
    fn positions_from_random_games_round_trip(choices in proptest::collection::vec(any::<u16>(), 0..60)) {
        let mut pos = Chess::new();
        for c in choices {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let m = moves[usize::from(c) % moves.len()];
            pos.play_unchecked(m);
        }
        let fen = Fen::from_position(&pos, EnPassantMode::Always).to_string();
        let parsed = parse_fen(&fen);
        prop_assert_eq!(parsed.as_ref().ok(), Some(&pos), "{} -> {:?}", fen, parsed);
    }

    #[test]
    fn fen_like_strings_never_panic(
        text in "[1-9pnbrqkPNBRQKx/]{0,40} [wbx]{1,2} [KQkq0-]{1,5} [a-h1-9-]{1,3}( [0-9x-]{1,12}){0,3}"
    ) {
        if let Err(e) = parse_fen(&text) {
            prop_assert!(!e.to_string().is_empty());
        }
    }
}
