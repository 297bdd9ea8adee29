//! Why a hint's text can no longer become a legal move, kept typed so that
//! shells and tests can tell the cases apart without reading the words; the
//! words themselves are the [`fmt::Display`] of each case.

use std::fmt;

use shakmaty::Role;

use crate::notation::lang::ForeignLetter;
use crate::notation::parse::{MAX_INPUT_LEN, START_WITH_A_PIECE_OR_SQUARE};
use crate::notation::types::{ResolveError, SyntaxError, role_name};

/// Why the text can no longer become any legal move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Impossible {
    /// Longer than any move can be.
    TooLong {
        /// The text's length in bytes.
        len: usize,
    },
    /// Only signs (`+`, `#`, `!`) with no move before them.
    SignsOnly,
    /// A character that notation cannot have there (the parser's error).
    Syntax(SyntaxError),
    /// The text is a whole move that names no legal move (the resolver's
    /// error: illegal, no such piece, a rule it breaks).
    Rejected(ResolveError),
    /// Unfinished text that no legal move's spelling continues.
    DeadEnd(DeadEnd),
    /// A piece letter that the chosen language does not have.
    Foreign(ForeignLetter),
}

/// Unfinished text that no legal move continues, by what it asked for.
/// Files are the letters `a` to `h`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DeadEnd {
    /// `b...` fits only a bishop move: the lower-case b is the b-pawn.
    BIsAPawn {
        /// The bishop move's start, with a capital B (`Bb5`).
        bishop: String,
    },
    /// Starts with `O` but cannot become a legal castling.
    NotCastling {
        /// The text as normalised.
        text: String,
    },
    /// The side to move has no piece of this kind.
    NoPiece(Role),
    /// No piece of this kind has a legal move.
    NoneCanMove(Role),
    /// No piece of this kind can capture.
    NoneCanCapture(Role),
    /// No pawn can move on or to this file.
    NoPawnOnFile(char),
    /// No piece of this kind can reach this file.
    NoneReachesFile(Role, char),
    /// No piece of this kind can capture on this file.
    NoneCapturesOnFile(Role, char),
    /// No piece of this kind standing on this file can capture.
    NoneOnFileCaptures(Role, char),
    /// No piece of this kind can capture on this file from the file given.
    NoneCapturesOnFileThatWay(Role, char),
    /// Anything else: no legal move's spelling starts with the text.
    NoMoveStartsWith {
        /// The text as normalised.
        text: String,
    },
}

impl fmt::Display for Impossible {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Impossible::TooLong { len } => write!(
                f,
                "input too long: a move is at most {MAX_INPUT_LEN} bytes, this is {len}"
            ),
            Impossible::SignsOnly => f.write_str(START_WITH_A_PIECE_OR_SQUARE),
            Impossible::Syntax(e) => f.write_str(&e.message),
            Impossible::Rejected(e) => e.fmt(f),
            Impossible::DeadEnd(d) => d.fmt(f),
            Impossible::Foreign(e) => e.fmt(f),
        }
    }
}

impl fmt::Display for DeadEnd {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = |role: &Role| role_name(*role);
        match self {
            DeadEnd::BIsAPawn { bishop } => {
                write!(f, "b means the b-pawn; for the bishop, type {bishop}")
            }
            DeadEnd::NotCastling { text } => write!(
                f,
                "castling is written O-O or O-O-O; {text} cannot become either here"
            ),
            DeadEnd::NoPiece(role) => write!(f, "you have no {}", name(role)),
            DeadEnd::NoneCanMove(role) => write!(f, "no {} can move", name(role)),
            DeadEnd::NoneCanCapture(role) => write!(f, "no {} can capture anything", name(role)),
            DeadEnd::NoPawnOnFile(file) => write!(f, "no pawn can move on or to the {file}-file"),
            DeadEnd::NoneReachesFile(role, file) => {
                write!(f, "no {} can reach the {file}-file", name(role))
            }
            DeadEnd::NoneCapturesOnFile(role, file) => {
                write!(f, "no {} can capture on the {file}-file", name(role))
            }
            DeadEnd::NoneOnFileCaptures(role, file) => {
                write!(f, "no {} on the {file}-file can capture", name(role))
            }
            DeadEnd::NoneCapturesOnFileThatWay(role, file) => write!(
                f,
                "no {} can capture on the {file}-file that way",
                name(role)
            ),
            DeadEnd::NoMoveStartsWith { text } => write!(f, "no legal move starts with {text}"),
        }
    }
}
