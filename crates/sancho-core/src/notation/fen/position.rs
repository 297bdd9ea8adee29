//! The whole position's problems, once every FEN field reads: shakmaty's
//! reasons for refusing it, translated into the most fundamental one.

use std::fmt;

use shakmaty::{Bitboard, Board, Color, PositionErrorKinds, Square};

/// Why shakmaty rejects a position whose fields are all well-formed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PositionReason {
    /// No pieces at all.
    EmptyBoard,
    /// A king is missing.
    MissingKing,
    /// A side has more than one king.
    TooManyKings,
    /// A pawn stands on rank 1 or 8.
    PawnOnBackRank(Square),
    /// The side that is not to move is in check.
    OppositeCheck {
        /// The side in check.
        color: Color,
    },
    /// The check cannot have come from a legal move.
    ImpossibleCheck,
    /// More pieces than promotions could have produced.
    TooMuchMaterial(Option<Color>),
    /// Castling rights shakmaty rejects (should be caught by field 3).
    CastlingRights,
    /// An en passant square shakmaty rejects (should be caught by field 4).
    EnPassantSquare,
    /// A reason this version does not know.
    Other,
}

impl PositionReason {
    pub(super) fn field(&self) -> Option<u8> {
        match self {
            PositionReason::OppositeCheck { .. } => Some(2),
            PositionReason::CastlingRights => Some(3),
            PositionReason::EnPassantSquare => Some(4),
            PositionReason::Other => None,
            _ => Some(1),
        }
    }
}

impl fmt::Display for PositionReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionReason::EmptyBoard => f.write_str("the board is empty"),
            PositionReason::MissingKing => f.write_str("a king is missing"),
            PositionReason::TooManyKings => f.write_str("a side has more than one king"),
            PositionReason::PawnOnBackRank(sq) => {
                write!(f, "a pawn on {sq}: pawns never stand on rank 1 or 8 (they promote on arrival)")
            }
            PositionReason::OppositeCheck { color } => write!(
                f,
                "{color} is in check but it is {}'s turn: the side not to move can never be in check (is field 2 right?)",
                !*color
            ),
            PositionReason::ImpossibleCheck => f.write_str(
                "the side to move is in check in a way no legal move can produce (too many or aligned checkers)",
            ),
            PositionReason::TooMuchMaterial(color) => {
                let who = color.map_or("a side".to_owned(), |c| c.to_string());
                write!(
                    f,
                    "{who} has too much material: more pieces than its 8 pawns could have promoted into"
                )
            }
            PositionReason::CastlingRights => f.write_str("invalid castling rights"),
            PositionReason::EnPassantSquare => f.write_str("invalid en passant square"),
            PositionReason::Other => f.write_str("rejected by the rules of chess"),
        }
    }
}

/// Translates shakmaty's reasons into the most fundamental one, in words.
pub(super) fn position_reason(
    kinds: PositionErrorKinds,
    board: &Board,
    turn: Color,
) -> PositionReason {
    let order = [
        PositionErrorKinds::EMPTY_BOARD,
        PositionErrorKinds::MISSING_KING,
        PositionErrorKinds::TOO_MANY_KINGS,
        PositionErrorKinds::PAWNS_ON_BACKRANK,
        PositionErrorKinds::TOO_MUCH_MATERIAL,
        PositionErrorKinds::INVALID_CASTLING_RIGHTS,
        PositionErrorKinds::INVALID_EP_SQUARE,
        PositionErrorKinds::OPPOSITE_CHECK,
        PositionErrorKinds::IMPOSSIBLE_CHECK,
    ];
    let Some(first) = order.into_iter().find(|k| kinds.contains(*k)) else {
        return PositionReason::Other;
    };
    match first {
        PositionErrorKinds::EMPTY_BOARD => PositionReason::EmptyBoard,
        PositionErrorKinds::MISSING_KING => PositionReason::MissingKing,
        PositionErrorKinds::TOO_MANY_KINGS => PositionReason::TooManyKings,
        PositionErrorKinds::PAWNS_ON_BACKRANK => (board.pawns() & Bitboard::BACKRANKS)
            .first()
            .map_or(PositionReason::Other, PositionReason::PawnOnBackRank),
        PositionErrorKinds::TOO_MUCH_MATERIAL => {
            PositionReason::TooMuchMaterial(Color::ALL.into_iter().find(|&c| too_much(board, c)))
        }
        PositionErrorKinds::INVALID_CASTLING_RIGHTS => PositionReason::CastlingRights,
        PositionErrorKinds::INVALID_EP_SQUARE => PositionReason::EnPassantSquare,
        PositionErrorKinds::OPPOSITE_CHECK => PositionReason::OppositeCheck { color: !turn },
        _ => PositionReason::ImpossibleCheck,
    }
}

/// Whether `color` has more pieces than its pawns could have promoted into
/// (each queen beyond 1, rook or knight beyond 2, bishop beyond 1 per square
/// colour costs a pawn).
fn too_much(board: &Board, color: Color) -> bool {
    let count = |bb: Bitboard| (bb & board.by_color(color)).count();
    let extra = count(board.queens()).saturating_sub(1)
        + count(board.rooks()).saturating_sub(2)
        + count(board.knights()).saturating_sub(2)
        + count(board.bishops() & Bitboard::LIGHT_SQUARES).saturating_sub(1)
        + count(board.bishops() & Bitboard::DARK_SQUARES).saturating_sub(1);
    count(board.pawns()) + extra > 8
}
