//! Diagnostics: every way an accepted input departs from canonical SAN.
//!
//! Each [`Code`] is stable (scripts, the progress store and the drills key on
//! it), has a message a learner understands, and carries the canonical form
//! that should have been written.

use std::fmt;

use serde::Serialize;

/// A stable identifier for one kind of departure from canonical SAN.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Code {
    /// Spaces before or after the move.
    SurroundingSpace,
    /// Spaces inside the move (`N f3`).
    InnerSpace,
    /// Annotation glyphs such as `!` or `?!` after the move.
    Annotation,
    /// A figurine (`♘`) instead of a piece letter.
    Figurine,
    /// Castling written with zeros (`0-0`).
    ZeroCastling,
    /// Castling written with lower-case letters (`o-o`) or without hyphens.
    CastlingSpelling,
    /// Castling written as a king move (`Kg1`, `e1g1`).
    CastlingAsKingMove,
    /// Castling written as king takes rook (`e1h1`).
    CastlingKingTakesRook,
    /// A `P` for a pawn move (`Pe4`).
    PawnLetter,
    /// A lower-case piece letter (`nf3`).
    LowercasePiece,
    /// A promotion without `=` (`e8Q`).
    PromotionEquals,
    /// A lower-case promotion letter (`e8=q`).
    PromotionCase,
    /// Disambiguation where none is needed (`Ngf3`).
    UnneededDisambiguation,
    /// More disambiguation than needed (`Ng1f3` where `Ngf3` is enough).
    OverlongDisambiguation,
    /// A rank where the file disambiguates (`N1d2` for `Nbd2`): file comes first.
    DisambiguationPriority,
    /// A capture without `x` (`Nf7`, `ed5`).
    MissingCapture,
    /// An `x` where nothing is captured (`Nxf3`).
    UnneededCapture,
    /// A pawn capture without its file (`xd5`).
    PawnCaptureFile,
    /// A check without `+`.
    MissingCheck,
    /// A mate without `#` (or with `+`).
    MissingMate,
    /// `+` or `#` on a move that gives no check.
    UnneededCheck,
    /// `#` on a move that gives check but not mate.
    NotMate,
    /// `++` or another non-standard check sign.
    CheckSign,
    /// The `e.p.` suffix after an en passant capture.
    EnPassantSuffix,
    /// Long algebraic notation (`Ng1-f3`, `e2-e4`, `Nd5xf6`).
    LongAlgebraic,
    /// UCI notation (`e2e4`, `e7e8q`).
    Uci,
    /// A SAN string that can never occur in any game (`Kee2`).
    NeverOccurs,
    /// A hyphen outside long algebraic notation (`N-c6`, `-e4`, `Nc2-e3`
    /// where SAN is `Nc2e3`).
    Hyphen,
    /// A capture marked with `X` or `:` rather than `x`.
    CaptureSign,
    /// A piece move without the departure file, rank or square it needs
    /// (`Nd2` where `Nbd2` and `Nfd2` are both legal). The resolver says it
    /// as its `ambiguous` error, with the candidates, never as a
    /// diagnostic of an accepted move; the code is what a slip is recorded
    /// under.
    MissingDisambiguation,
    /// A piece letter of another language than the one moves are read in
    /// (`Nf3` in German notation, where the knight is `S`). The resolver
    /// says it as its error; the code is what a slip is recorded under.
    ForeignLetter,
}

impl Code {
    /// Every code, in declaration order.
    pub const ALL: [Code; 31] = [
        Code::SurroundingSpace,
        Code::InnerSpace,
        Code::Annotation,
        Code::Figurine,
        Code::ZeroCastling,
        Code::CastlingSpelling,
        Code::CastlingAsKingMove,
        Code::CastlingKingTakesRook,
        Code::PawnLetter,
        Code::LowercasePiece,
        Code::PromotionEquals,
        Code::PromotionCase,
        Code::UnneededDisambiguation,
        Code::OverlongDisambiguation,
        Code::DisambiguationPriority,
        Code::MissingCapture,
        Code::UnneededCapture,
        Code::PawnCaptureFile,
        Code::MissingCheck,
        Code::MissingMate,
        Code::UnneededCheck,
        Code::NotMate,
        Code::CheckSign,
        Code::EnPassantSuffix,
        Code::LongAlgebraic,
        Code::Uci,
        Code::NeverOccurs,
        Code::Hyphen,
        Code::CaptureSign,
        Code::MissingDisambiguation,
        Code::ForeignLetter,
    ];

    /// The stable kebab-case name used in JSON and in the progress store.
    pub fn as_str(self) -> &'static str {
        match self {
            Code::SurroundingSpace => "surrounding-space",
            Code::InnerSpace => "inner-space",
            Code::Annotation => "annotation",
            Code::Figurine => "figurine",
            Code::ZeroCastling => "zero-castling",
            Code::CastlingSpelling => "castling-spelling",
            Code::CastlingAsKingMove => "castling-as-king-move",
            Code::CastlingKingTakesRook => "castling-king-takes-rook",
            Code::PawnLetter => "pawn-letter",
            Code::LowercasePiece => "lowercase-piece",
            Code::PromotionEquals => "promotion-equals",
            Code::PromotionCase => "promotion-case",
            Code::UnneededDisambiguation => "unneeded-disambiguation",
            Code::OverlongDisambiguation => "overlong-disambiguation",
            Code::DisambiguationPriority => "disambiguation-priority",
            Code::MissingCapture => "missing-capture",
            Code::UnneededCapture => "unneeded-capture",
            Code::PawnCaptureFile => "pawn-capture-file",
            Code::MissingCheck => "missing-check",
            Code::MissingMate => "missing-mate",
            Code::UnneededCheck => "unneeded-check",
            Code::NotMate => "not-mate",
            Code::CheckSign => "check-sign",
            Code::EnPassantSuffix => "en-passant-suffix",
            Code::LongAlgebraic => "long-algebraic",
            Code::Uci => "uci",
            Code::NeverOccurs => "never-occurs",
            Code::Hyphen => "hyphen",
            Code::CaptureSign => "capture-sign",
            Code::MissingDisambiguation => "missing-disambiguation",
            Code::ForeignLetter => "foreign-letter",
        }
    }

    /// The slip in a few words, for a learner reading their statistics
    /// ("forgot + on a check"); the stable name is [`Code::as_str`].
    pub fn words(self) -> &'static str {
        match self {
            Code::SurroundingSpace => "spaces around the move",
            Code::InnerSpace => "a space inside the move",
            Code::Annotation => "a ! or ? after the move",
            Code::Figurine => "a figurine for a piece letter",
            Code::ZeroCastling => "castled with zeros (0-0 for O-O)",
            Code::CastlingSpelling => "castling spelt otherwise than O-O",
            Code::CastlingAsKingMove => "castling written as a king move",
            Code::CastlingKingTakesRook => "castling written as the king taking its rook",
            Code::PawnLetter => "a P before a pawn move",
            Code::LowercasePiece => "a lower-case piece letter",
            Code::PromotionEquals => "a promotion without =",
            Code::PromotionCase => "a lower-case promotion letter",
            Code::UnneededDisambiguation => "a departure square no other piece needed",
            Code::OverlongDisambiguation => "more of the departure square than needed",
            Code::DisambiguationPriority => "a rank where the file tells the pieces apart",
            Code::MissingCapture => "forgot x on a capture",
            Code::UnneededCapture => "an x where nothing is taken",
            Code::PawnCaptureFile => "a pawn capture without its file",
            Code::MissingCheck => "forgot + on a check",
            Code::MissingMate => "forgot # on a mate",
            Code::UnneededCheck => "a + or # on a move that gives no check",
            Code::NotMate => "# on a check that is not mate",
            Code::CheckSign => "a check sign other than + or #",
            Code::EnPassantSuffix => "e.p. after an en passant capture",
            Code::LongAlgebraic => "long algebraic (both squares) for SAN",
            Code::Uci => "squares only (UCI) for SAN",
            Code::NeverOccurs => "a departure square no position ever needs",
            Code::Hyphen => "a hyphen in SAN",
            Code::CaptureSign => "a capture marked otherwise than with x",
            Code::MissingDisambiguation => "an ambiguous move (which piece?)",
            Code::ForeignLetter => "a piece letter of another language",
        }
    }

    /// Looks a code up by its stable name.
    pub fn from_name(name: &str) -> Option<Code> {
        Code::ALL.into_iter().find(|c| c.as_str() == name)
    }

    /// Whether this is only a note about presentation (spaces, annotation
    /// glyphs), as opposed to a departure from the move's canonical SAN.
    /// Strict mode rejects departures and lets notes pass.
    pub fn is_note(self) -> bool {
        matches!(self, Code::SurroundingSpace)
    }
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One departure from canonical SAN, explained.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Diagnostic {
    /// What kind of departure this is.
    pub code: Code,
    /// What is wrong, in words a learner understands.
    pub message: String,
    /// The canonical SAN that should have been written.
    pub suggestion: String,
}

impl Diagnostic {
    /// A diagnostic with its message and the canonical form to suggest.
    pub fn new(code: Code, message: impl Into<String>, suggestion: impl Into<String>) -> Self {
        Diagnostic {
            code,
            message: message.into(),
            suggestion: suggestion.into(),
        }
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_are_unique() {
        let mut seen = std::collections::HashSet::new();
        for code in Code::ALL {
            assert!(seen.insert(code.as_str()), "duplicate name {code}");
            assert_eq!(Code::from_name(code.as_str()), Some(code));
        }
        assert_eq!(Code::from_name("nonsense"), None);
    }

    #[test]
    fn every_code_has_its_own_words() {
        let mut seen = std::collections::HashSet::new();
        for code in Code::ALL {
            assert!(seen.insert(code.words()), "{code} shares its words");
        }
        assert_eq!(Code::MissingCheck.words(), "forgot + on a check");
    }

    #[test]
    fn serde_name_matches_as_str() {
        for code in Code::ALL {
            let json = serde_json::to_string(&code).unwrap();
            assert_eq!(json, format!("\"{}\"", code.as_str()));
        }
    }
}
