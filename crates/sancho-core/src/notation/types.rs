//! The value types of the notation engine: what an input asked for, what it
//! resolved to, and why it was rejected.

use std::fmt;

use shakmaty::{CastlingSide, Color, File, Move, Rank, Role, Square};

use super::diagnostic::Diagnostic;

/// How strictly notation is graded.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Strictness {
    /// Accept every input with exactly one sensible reading; report each
    /// departure from canonical SAN as a diagnostic.
    #[default]
    Lenient,
    /// Accept only canonical SAN; anything else is rejected with the same
    /// diagnostics (for drills that grade notation itself).
    Strict,
}

/// A legal move with all of its spellings.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct MoveText {
    /// The move itself.
    pub mv: Move,
    /// Canonical SAN, with `+` or `#`.
    pub san: String,
    /// Long algebraic notation (`Ng1-f3`, `Nd5xf6`, `O-O`), with `+` or `#`.
    pub lan: String,
    /// UCI (`g1f3`, `e7e8q`, `e1g1` for castling).
    pub uci: String,
}

/// What a parsed input asks for, before it meets the position.
///
/// Built by the tolerant parser; used to filter legal moves and, when none
/// matches, to explain why.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct MoveSpec {
    /// The moving piece. `None` means "whatever stands on the from-square"
    /// (UCI and long algebraic without a letter) when `from_file` and
    /// `from_rank` are both given, and a pawn otherwise.
    pub role: Option<Role>,
    /// Departure file, when given.
    pub from_file: Option<File>,
    /// Departure rank, when given.
    pub from_rank: Option<Rank>,
    /// Whether the input marked a capture (`x`).
    pub capture: bool,
    /// Destination square (for castling: unused).
    pub to: Option<Square>,
    /// Promotion piece, when given.
    pub promotion: Option<Role>,
    /// Castling, when the input is castling notation.
    pub castle: Option<CastlingSide>,
}

impl MoveSpec {
    /// The departure square, when both file and rank are given.
    pub fn from_square(&self) -> Option<Square> {
        Some(Square::from_coords(self.from_file?, self.from_rank?))
    }
}

/// Why no legal move matches an input that is well-formed notation.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Illegal {
    /// The game is over: nothing can move.
    #[error("the game is over: {}", if *.checkmate { "checkmate" } else { "stalemate" })]
    GameOver {
        /// Checkmate (otherwise stalemate).
        checkmate: bool,
    },
    /// The side to move has no such piece at all.
    #[error("{} has no {}", color_name(*.color), role_name(*.role))]
    NoPiece {
        /// Side to move.
        color: Color,
        /// The piece asked for.
        role: Role,
    },
    /// No such piece (matching the disambiguation) could reach the square even on an empty board.
    #[error("no {}{} can reach {to}", role_name(*.role), from_phrase(*.from_file, *.from_rank))]
    NoPieceReaches {
        /// The piece asked for.
        role: Role,
        /// Departure file given.
        from_file: Option<File>,
        /// Departure rank given.
        from_rank: Option<Rank>,
        /// Destination.
        to: Square,
    },
    /// The move is geometrically possible but another piece stands in the way.
    #[error("the {} on {from} cannot reach {to}: the {} on {at} is in the way", role_name(*.role), role_name(*.blocker))]
    Blocked {
        /// The moving piece.
        role: Role,
        /// Where it stands.
        from: Square,
        /// Destination.
        to: Square,
        /// The piece in the way.
        blocker: Role,
        /// Where the piece in the way stands.
        at: Square,
    },
    /// The destination holds a piece of the mover's own colour.
    #[error("{to} is occupied by your own {}", role_name(*.role))]
    OwnPiece {
        /// Destination.
        to: Square,
        /// What stands there.
        role: Role,
    },
    /// The moving piece is pinned to its king.
    #[error("the {} on {from} is pinned to your king by the {} on {pinner}", role_name(*.role), role_name(*.pinner_role))]
    Pinned {
        /// The pinned piece.
        role: Role,
        /// Where it stands.
        from: Square,
        /// The pinning piece.
        pinner_role: Role,
        /// Where the pinning piece stands.
        pinner: Square,
    },
    /// The king is in check and the move does not answer it.
    #[error("your king is in check from the {} on {checker}, and {attempt} does not answer it", role_name(*.checker_role))]
    InCheck {
        /// One of the checking pieces.
        checker_role: Role,
        /// Where it stands.
        checker: Square,
        /// The attempted move, written as the user would read it (e.g. `Nf3`).
        attempt: String,
    },
    /// The king would move onto an attacked square.
    #[error("the king cannot move into check: {to} is attacked by the {} on {attacker}", role_name(*.attacker_role))]
    IntoCheck {
        /// Destination.
        to: Square,
        /// An attacking piece.
        attacker_role: Role,
        /// Where it stands.
        attacker: Square,
    },
    /// Castling is not allowed, and why.
    #[error("{side_name} is not allowed: {reason}", side_name = castle_name(*.side))]
    Castling {
        /// Which castling.
        side: CastlingSide,
        /// Which rule forbids it.
        reason: CastlingBan,
    },
    /// En passant was asked for but is not available.
    #[error("en passant is not available: {reason}")]
    EnPassant {
        /// Why not, in words.
        reason: String,
    },
    /// A pawn move to the last rank without a promotion piece.
    #[error("a pawn reaching the last rank must promote: write {to}=Q (or =R, =B, =N)")]
    MustPromote {
        /// The promotion square.
        to: Square,
    },
    /// A promotion on a square that is not on the last rank, or by a piece
    /// that is not a pawn.
    #[error("only a pawn reaching the last rank promotes")]
    CannotPromote,
    /// A capture on a square where there is nothing to capture.
    #[error("there is nothing to capture on {to}")]
    NothingToCapture {
        /// Destination.
        to: Square,
    },
    /// A pawn capture written without its file (`xa5`) where nothing can be
    /// taken, but the push to that square is legal.
    #[error("nothing to capture on {to}; the pawn push is written {push}")]
    PushNotCapture {
        /// Destination.
        to: Square,
        /// The push in canonical SAN.
        push: String,
    },
    /// A pawn capture written onto the pawn that has just moved two
    /// squares (`exd5`), where the en passant capture lands behind it.
    #[error("en passant lands behind the pawn it takes: the pawn on {pawn} is taken with {san}")]
    EnPassantBehind {
        /// Where the pawn that moved two squares stands.
        pawn: Square,
        /// The en passant capture in canonical SAN.
        san: String,
    },
    /// A lower-case `b` names the b-file, but only a bishop reading works.
    #[error("b means the b-pawn; did you mean {suggestion}?")]
    BishopLetter {
        /// The bishop move in canonical SAN.
        suggestion: String,
    },
    /// The input names a square where the side to move has no piece (UCI, LAN).
    #[error("there is no {} piece on {from}", color_name(*.color))]
    EmptySquare {
        /// The named departure square.
        from: Square,
        /// Side to move.
        color: Color,
    },
    /// The piece on the departure square cannot make that move at all.
    #[error("the {} on {from} cannot move to {to}", role_name(*.role))]
    CannotMove {
        /// The piece.
        role: Role,
        /// Where it stands.
        from: Square,
        /// Destination.
        to: Square,
    },
}

/// The rule that forbids a castling.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CastlingBan {
    /// The right is gone (the king or that rook has moved).
    #[error("the king or that rook has already moved (no castling right)")]
    NoRight,
    /// Pieces stand between king and rook.
    #[error("the squares between king and rook must be empty, and {at} is occupied")]
    Blocked {
        /// An occupied square.
        at: Square,
    },
    /// The king is in check.
    #[error("you cannot castle out of check")]
    InCheck,
    /// The king would pass over an attacked square.
    #[error("the king may not pass through check: {at} is attacked")]
    ThroughCheck {
        /// The attacked square.
        at: Square,
    },
    /// The king would land on an attacked square.
    #[error("the king may not castle into check: {at} is attacked")]
    IntoCheck {
        /// The attacked square.
        at: Square,
    },
}

/// Why a syntactically broken input is not notation.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct SyntaxError {
    /// Character offset in the input where it went wrong.
    pub at: usize,
    /// What is wrong and what was expected, in words.
    pub message: String,
}

/// Why an input was not resolved to a move.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ResolveError {
    /// Not notation at all.
    #[error("{0}")]
    Syntax(#[from] SyntaxError),
    /// Well-formed, but no legal move matches.
    #[error("{0}")]
    Illegal(#[from] Illegal),
    /// More than one legal move matches.
    #[error("ambiguous: {}?", join_or(.candidates))]
    Ambiguous {
        /// Every matching move, written minimally.
        candidates: Vec<MoveText>,
    },
    /// Strict mode: the move is legal but not written in canonical SAN.
    #[error("not canonical SAN: write {}", .canonical.san)]
    NotCanonical {
        /// The move the input meant.
        canonical: Box<MoveText>,
    },
}

impl ResolveError {
    /// The error kind used in JSON: `syntax`, `illegal` or `ambiguous`.
    pub fn kind(&self) -> &'static str {
        match self {
            ResolveError::Syntax(_) | ResolveError::NotCanonical { .. } => "syntax",
            ResolveError::Illegal(_) => "illegal",
            ResolveError::Ambiguous { .. } => "ambiguous",
        }
    }

    /// The status used in JSON: `invalid`, `illegal` or `ambiguous`.
    pub fn status(&self) -> &'static str {
        match self {
            ResolveError::Syntax(_) | ResolveError::NotCanonical { .. } => "invalid",
            ResolveError::Illegal(_) => "illegal",
            ResolveError::Ambiguous { .. } => "ambiguous",
        }
    }
}

/// A resolved input: the move and how the input departed from canonical SAN.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Resolved {
    /// The move with its canonical spellings.
    pub text: MoveText,
    /// Every departure from canonical SAN (empty for canonical input).
    pub diagnostics: Vec<Diagnostic>,
}

impl Resolved {
    /// The move.
    pub fn mv(&self) -> Move {
        self.text.mv
    }
}

/// A rejected input: why, plus the diagnostics gathered on the way.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{error}")]
pub struct Rejected {
    /// Why the input was rejected.
    pub error: ResolveError,
    /// Departures from canonical SAN noticed before the rejection.
    pub diagnostics: Vec<Diagnostic>,
}

impl From<ResolveError> for Rejected {
    fn from(error: ResolveError) -> Self {
        Rejected {
            error,
            diagnostics: Vec::new(),
        }
    }
}

/// The English name of a piece, lower case.
pub fn role_name(role: Role) -> &'static str {
    match role {
        Role::Pawn => "pawn",
        Role::Knight => "knight",
        Role::Bishop => "bishop",
        Role::Rook => "rook",
        Role::Queen => "queen",
        Role::King => "king",
    }
}

/// The English name of a colour, lower case.
pub fn color_name(color: Color) -> &'static str {
    match color {
        Color::White => "white",
        Color::Black => "black",
    }
}

fn castle_name(side: CastlingSide) -> &'static str {
    match side {
        CastlingSide::KingSide => "castling kingside (O-O)",
        CastlingSide::QueenSide => "castling queenside (O-O-O)",
    }
}

fn from_phrase(file: Option<File>, rank: Option<Rank>) -> String {
    match (file, rank) {
        (Some(f), Some(r)) => format!(" on {}", Square::from_coords(f, r)),
        (Some(f), None) => format!(" on the {}-file", f.char()),
        (None, Some(r)) => format!(" on rank {}", r.char()),
        (None, None) => String::new(),
    }
}

fn join_or(candidates: &[MoveText]) -> String {
    let names: Vec<&str> = candidates.iter().map(|c| c.san.as_str()).collect();
    match names.as_slice() {
        [] => String::new(),
        [one] => (*one).to_owned(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

impl fmt::Display for MoveText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.san)
    }
}
