//! FEN parsing that says which field is wrong, what is wrong and what was
//! expected.
//!
//! shakmaty's own parser answers "invalid fen" or "illegal position: invalid
//! castling rights"; a learner typing a position needs more. [`parse_fen`]
//! checks the six fields in order (piece placement, side to move, castling,
//! en passant, halfmove clock, fullmove number), then the castling rights and
//! en passant square against the board, and finally lets shakmaty judge the
//! whole position, translating each reason into words.

use std::fmt;
use std::num::NonZeroU32;

use shakmaty::{
    Bitboard, Board, ByColor, ByRole, CastlingMode, Chess, Color, FromSetup, Piece, Rank, Role,
    Setup, Square,
};

/// What is wrong with a FEN, field by field. Messages are lower-case and name
/// the field (1 to 6) they are about.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FenError {
    /// Not 6 (or 4) space-separated fields.
    #[error(
        "a fen has 6 fields separated by spaces (or 4, without the move counters), found {found}"
    )]
    FieldCount {
        /// How many fields were found.
        found: usize,
    },
    /// Field 1 does not have 8 ranks.
    #[error("field 1 (piece placement): {}", rank_count_message(*.found))]
    RankCount {
        /// How many slash-separated ranks were found.
        found: usize,
    },
    /// A rank does not add up to 8 squares.
    #[error("field 1 (piece placement): rank {rank} has {squares} squares, expected 8")]
    RankLength {
        /// The rank (8 for the first one written, 1 for the last).
        rank: u8,
        /// Pieces plus empty squares found.
        squares: u32,
    },
    /// A character that is neither a piece letter nor a digit 1 to 8.
    #[error(
        "field 1 (piece placement): rank {rank} contains '{ch}', which is neither a piece letter (PNBRQK for white, pnbrqk for black) nor a count of 1 to 8 empty squares"
    )]
    BadPiece {
        /// The rank (8 for the first one written).
        rank: u8,
        /// The offending character.
        ch: char,
    },
    /// Not exactly one king of a colour.
    #[error("field 1 (piece placement): {count} {color} kings, expected exactly one")]
    Kings {
        /// Whose kings.
        color: Color,
        /// How many there are.
        count: u32,
    },
    /// Field 2 is not `w` or `b`.
    #[error("field 2 (side to move): '{found}' is not w or b")]
    Turn {
        /// The field as written.
        found: String,
    },
    /// Field 3 is malformed or does not fit the board.
    #[error("field 3 (castling): '{found}' {reason}")]
    Castling {
        /// The field as written.
        found: String,
        /// What is wrong.
        reason: CastlingReason,
    },
    /// Field 4 is malformed or does not fit the board.
    #[error("field 4 (en passant): '{found}' {reason}")]
    EnPassant {
        /// The field as written.
        found: String,
        /// What is wrong.
        reason: EnPassantReason,
    },
    /// Field 5 is not a whole number.
    #[error(
        "field 5 (halfmove clock): '{found}' is not a whole number of 0 or more (the half-moves since the last capture or pawn move)"
    )]
    Halfmove {
        /// The field as written.
        found: String,
    },
    /// Field 6 is not a whole number.
    #[error("field 6 (fullmove number): '{found}' is not a whole number (the move number, from 1)")]
    Fullmove {
        /// The field as written.
        found: String,
    },
    /// Every field is well-formed, but the position cannot occur in a game.
    #[error("illegal position: {reason}")]
    Position {
        /// Why shakmaty rejects the position.
        reason: PositionReason,
    },
}

impl FenError {
    /// The field (1 to 6) the error is about, so that a caller can point at
    /// it; `None` when it is about the whole string or the whole position.
    pub fn field(&self) -> Option<u8> {
        match self {
            FenError::FieldCount { .. } => None,
            FenError::RankCount { .. }
            | FenError::RankLength { .. }
            | FenError::BadPiece { .. }
            | FenError::Kings { .. } => Some(1),
            FenError::Turn { .. } => Some(2),
            FenError::Castling { .. } => Some(3),
            FenError::EnPassant { .. } => Some(4),
            FenError::Halfmove { .. } => Some(5),
            FenError::Fullmove { .. } => Some(6),
            FenError::Position { reason } => reason.field(),
        }
    }
}

/// The message for a wrong number of ranks, with a hint when the slashes
/// are missing altogether.
fn rank_count_message(found: usize) -> String {
    if found == 1 {
        "found 1 rank, expected 8 separated by 7 slashes (/): are the slashes missing?".to_owned()
    } else {
        format!("found {found} ranks, expected 8 separated by 7 slashes (/)")
    }
}

/// What is wrong with the castling field.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CastlingReason {
    /// `0` written for "none".
    Zero,
    /// A character other than `K`, `Q`, `k`, `q`.
    BadChar(char),
    /// The same right twice.
    Repeated(char),
    /// Rights not in the order `KQkq`.
    OutOfOrder,
    /// The king or the rook the right needs is not at home.
    Unavailable(char),
    /// As `Unavailable`, but the pieces stand where the right needs them on a
    /// board turned upside down: rank 1 was written first.
    UpsideDown(char),
}

impl fmt::Display for CastlingReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CastlingReason::Zero => f.write_str("is not castling rights: write - when there are none"),
            CastlingReason::BadChar(ch) => write!(
                f,
                "contains '{ch}': castling rights are written with K, Q, k and q, or - when there are none"
            ),
            CastlingReason::Repeated(ch) => write!(f, "names the right {ch} twice"),
            CastlingReason::OutOfOrder => f.write_str(
                "lists the rights out of order: white's before black's, the king side before the queen side (KQkq)",
            ),
            CastlingReason::Unavailable(ch) => write!(f, "does not fit the board: {}", needs(*ch)),
            CastlingReason::UpsideDown(ch) => write!(
                f,
                "does not fit the board: {}; they stand on the opposite side, so the board looks upside down: field 1 starts with rank 8",
                needs(*ch)
            ),
        }
    }
}

/// What a castling right needs on the board, in words.
fn needs(right: char) -> String {
    let (color, king, rook) = castling_squares(right);
    format!("castling right {right} needs a {color} king on {king} and a rook on {rook}")
}

/// The colour, king square and rook square of a castling letter.
fn castling_squares(right: char) -> (Color, Square, Square) {
    match right {
        'K' => (Color::White, Square::E1, Square::H1),
        'Q' => (Color::White, Square::E1, Square::A1),
        'k' => (Color::Black, Square::E8, Square::H8),
        _ => (Color::Black, Square::E8, Square::A8),
    }
}

/// What is wrong with the en passant field.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EnPassantReason {
    /// `0` written for "none".
    Zero,
    /// Not a square and not `-`.
    NotSquare,
    /// A square that is not on rank 3 or 6.
    WrongRank(Square),
    /// Rank 3 with white to move or rank 6 with black to move.
    WrongSide {
        /// The side to move.
        turn: Color,
    },
    /// No pawn stands where the pawn that just moved two squares would be.
    NoPawn {
        /// The colour of the pawn that should have moved.
        color: Color,
        /// Where it should stand.
        square: Square,
    },
    /// The square itself or the one the pawn came from is occupied.
    NotEmpty {
        /// The square passed over.
        passed: Square,
        /// The square the pawn came from.
        from: Square,
    },
}

impl fmt::Display for EnPassantReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EnPassantReason::Zero => {
                f.write_str("is not a square: write - when there is no en passant square")
            }
            EnPassantReason::NotSquare => {
                f.write_str("is not a square (a file a to h, then a rank 1 to 8) or -")
            }
            EnPassantReason::WrongRank(sq) => {
                let file = sq.file().char();
                let example = match sq.rank() {
                    Rank::Fifth => format!("{file}7-{file}5 it is {file}6"),
                    Rank::Fourth => format!("{file}2-{file}4 it is {file}3"),
                    _ => "e2-e4 it is e3".to_owned(),
                };
                write!(
                    f,
                    "is not on rank 3 or 6 (the square behind a pawn that moved two squares; after {example})"
                )
            }
            EnPassantReason::WrongSide { turn } => write!(
                f,
                "is on the wrong rank: with {turn} to move, {} just moved a pawn two squares, so the square is on rank {}",
                !*turn,
                turn.fold_wb(6, 3)
            ),
            EnPassantReason::NoPawn { color, square } => write!(
                f,
                "needs a {color} pawn on {square} that just moved two squares, but there is none"
            ),
            EnPassantReason::NotEmpty { passed, from } => write!(
                f,
                "needs {passed} and {from} to be empty: the pawn just came from {from} over {passed}"
            ),
        }
    }
}

/// Parses a FEN into a legal position, or says precisely what is wrong.
///
/// Surrounding whitespace is ignored. Six fields are expected; four are
/// accepted too (the move counters then default to `0 1`).
///
/// # Errors
///
/// The first problem found, checking the fields in order, then the castling
/// rights and en passant square against the board, then the whole position.
///
/// ```
/// use sancho_core::notation::parse_fen;
/// assert!(parse_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").is_ok());
/// let err = parse_fen("8/8/8/8/8/8/8/8 x - -").unwrap_err();
/// assert_eq!(err.field(), Some(1));
/// ```
pub fn parse_fen(text: &str) -> Result<Chess, FenError> {
    // No vector: `--batch` parses a FEN per line.
    let mut fields = [""; 6];
    let mut found = 0;
    let mut keep = |field| {
        if let Some(slot) = fields.get_mut(found) {
            *slot = field;
        }
        found += 1;
    };
    if text.is_ascii() {
        text.split_ascii_whitespace().for_each(&mut keep);
    } else {
        text.split_whitespace().for_each(&mut keep);
    }
    if found != 6 && found != 4 {
        return Err(FenError::FieldCount { found });
    }
    let board = parse_board(fields[0])?;
    let turn = match fields[1] {
        "w" => Color::White,
        "b" => Color::Black,
        other => {
            return Err(FenError::Turn {
                found: other.to_owned(),
            });
        }
    };
    let castling_err = |reason| FenError::Castling {
        found: fields[2].to_owned(),
        reason,
    };
    let rights = parse_castling(fields[2]).map_err(castling_err)?;
    let ep_err = |reason| FenError::EnPassant {
        found: fields[3].to_owned(),
        reason,
    };
    let ep_square = parse_ep(fields[3]).map_err(ep_err)?;
    let (halfmoves, fullmoves) = match (found, &fields[4..6]) {
        (6, [half, full]) => (
            parse_counter(half).ok_or_else(|| FenError::Halfmove {
                found: (*half).to_owned(),
            })?,
            parse_counter(full).ok_or_else(|| FenError::Fullmove {
                found: (*full).to_owned(),
            })?,
        ),
        _ => (0, 1),
    };
    let castling_rights = check_castling(&board, rights.as_slice()).map_err(castling_err)?;
    if let Some(sq) = ep_square {
        check_ep(&board, turn, sq).map_err(ep_err)?;
    }
    let setup = Setup {
        board: board.clone(),
        turn,
        castling_rights,
        ep_square,
        halfmoves,
        fullmoves: NonZeroU32::new(fullmoves).unwrap_or(NonZeroU32::MIN),
        ..Setup::empty()
    };
    Chess::from_setup(setup, CastlingMode::Standard).map_err(|e| FenError::Position {
        reason: position_reason(e.kinds(), &board, turn),
    })
}

/// Field 1: eight ranks of pieces and empty-square counts, then one king each.
fn parse_board(placement: &str) -> Result<Board, FenError> {
    let found = placement.bytes().filter(|&b| b == b'/').count() + 1;
    if found != 8 {
        return Err(FenError::RankCount { found });
    }
    // Straight into bitboards: each square is written at most once.
    let mut by_role = ByRole::<Bitboard>::default();
    let mut by_color = ByColor::<Bitboard>::default();
    for (row, text) in (0u8..).zip(placement.split('/')) {
        let rank = 8 - row;
        let mut squares = 0u32;
        for ch in text.chars() {
            if let Some(n) = ch.to_digit(10).filter(|n| (1..=8).contains(n)) {
                squares = squares.saturating_add(n);
            } else if let Some(piece) = Piece::from_char(ch) {
                // A rank too long or short is an error below.
                if squares < 8 {
                    let sq = Square::new(u32::from(rank - 1) * 8 + squares);
                    by_role.get_mut(piece.role).add(sq);
                    by_color.get_mut(piece.color).add(sq);
                }
                squares = squares.saturating_add(1);
            } else {
                return Err(FenError::BadPiece { rank, ch });
            }
        }
        if squares != 8 {
            return Err(FenError::RankLength { rank, squares });
        }
    }
    // Never inconsistent (one role and colour per square); were it, the
    // empty board would fail the king count.
    let board = Board::try_from_bitboards(by_role, by_color).unwrap_or_else(|_| Board::empty());
    for color in Color::ALL {
        let count = board.by_piece(Role::King.of(color)).count() as u32;
        if count != 1 {
            return Err(FenError::Kings { color, count });
        }
    }
    Ok(board)
}

/// Field 3, syntax only: the rights in `KQkq` order (at most four, so no
/// vector), or none for `-`.
fn parse_castling(field: &str) -> Result<Rights, CastlingReason> {
    let mut rights = Rights::default();
    if field == "-" {
        return Ok(rights);
    }
    if field.chars().all(|c| c == '0') {
        return Err(CastlingReason::Zero);
    }
    const ORDER: &str = "KQkq";
    for ch in field.chars() {
        if !ORDER.contains(ch) {
            return Err(CastlingReason::BadChar(ch));
        }
        if rights.as_slice().contains(&ch) {
            return Err(CastlingReason::Repeated(ch));
        }
        // Never full here: a fifth letter is a repeat, refused above.
        if let Some(slot) = rights.chars.get_mut(rights.len) {
            *slot = ch;
            rights.len += 1;
        }
    }
    if !rights.as_slice().is_sorted_by_key(|c| ORDER.find(*c)) {
        return Err(CastlingReason::OutOfOrder);
    }
    Ok(rights)
}

/// Up to four distinct castling letters (`KQkq`), as read.
#[derive(Default)]
struct Rights {
    chars: [char; 4],
    len: usize,
}

impl Rights {
    fn as_slice(&self) -> &[char] {
        &self.chars[..self.len]
    }
}

/// Field 4, syntax only: `-` or a square on rank 3 or 6.
fn parse_ep(field: &str) -> Result<Option<Square>, EnPassantReason> {
    match field {
        "-" => Ok(None),
        "0" => Err(EnPassantReason::Zero),
        _ => {
            let sq =
                Square::from_ascii(field.as_bytes()).map_err(|_| EnPassantReason::NotSquare)?;
            if matches!(sq.rank(), Rank::Third | Rank::Sixth) {
                Ok(Some(sq))
            } else {
                Err(EnPassantReason::WrongRank(sq))
            }
        }
    }
}

/// Fields 5 and 6: digits only; values beyond `u32` saturate, as in shakmaty.
fn parse_counter(field: &str) -> Option<u32> {
    if field.is_empty() || !field.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some(field.parse().unwrap_or(u32::MAX))
}

/// Checks that each castling right has its king and rook at home; returns the
/// rights as shakmaty wants them (the rook squares).
fn check_castling(board: &Board, rights: &[char]) -> Result<Bitboard, CastlingReason> {
    let mut rooks = Bitboard::EMPTY;
    let at_home = |color: Color, king: Square, rook: Square| {
        board.piece_at(king) == Some(Role::King.of(color))
            && board.piece_at(rook) == Some(Role::Rook.of(color))
    };
    for &right in rights {
        let (color, king, rook) = castling_squares(right);
        if !at_home(color, king, rook) {
            return Err(
                if at_home(color, king.flip_vertical(), rook.flip_vertical()) {
                    CastlingReason::UpsideDown(right)
                } else {
                    CastlingReason::Unavailable(right)
                },
            );
        }
        rooks.add(rook);
    }
    Ok(rooks)
}

/// Checks the en passant square against the side to move and the board.
fn check_ep(board: &Board, turn: Color, sq: Square) -> Result<(), EnPassantReason> {
    if sq.rank() != turn.relative_rank(Rank::Sixth) {
        return Err(EnPassantReason::WrongSide { turn });
    }
    let step: i32 = turn.fold_wb(-8, 8);
    let (Some(pushed_to), Some(from)) = (sq.offset(step), sq.offset(-step)) else {
        return Err(EnPassantReason::WrongRank(sq));
    };
    let mover = !turn;
    if board.piece_at(pushed_to) != Some(Role::Pawn.of(mover)) {
        return Err(EnPassantReason::NoPawn {
            color: mover,
            square: pushed_to,
        });
    }
    if board.piece_at(sq).is_some() || board.piece_at(from).is_some() {
        return Err(EnPassantReason::NotEmpty { passed: sq, from });
    }
    Ok(())
}

mod position;
pub use position::PositionReason;
use position::position_reason;

#[cfg(test)]
mod tests;
