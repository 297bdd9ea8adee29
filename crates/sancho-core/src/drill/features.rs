//! What a move's canonical SAN exercises: the features drills steer towards.

use shakmaty::{Move, Role};

use crate::notation::Code;

/// A notation feature that a move's canonical SAN shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Feature {
    /// An `x`.
    Capture,
    /// A `+`.
    Check,
    /// A `#`.
    Mate,
    /// `O-O` or `O-O-O`.
    Castling,
    /// `=Q`.
    Promotion,
    /// `=R`, `=B` or `=N`.
    UnderPromotion,
    /// A pawn capture en passant.
    EnPassant,
    /// A file, rank or square before the destination.
    Disambiguation,
}

impl Feature {
    /// Every feature, weighted evenly by the write-the-move generator.
    pub const ALL: [Feature; 8] = [
        Feature::Capture,
        Feature::Check,
        Feature::Mate,
        Feature::Castling,
        Feature::Promotion,
        Feature::UnderPromotion,
        Feature::EnPassant,
        Feature::Disambiguation,
    ];

    /// A stable lower-case name (used in JSON).
    pub fn as_str(self) -> &'static str {
        match self {
            Feature::Capture => "capture",
            Feature::Check => "check",
            Feature::Mate => "mate",
            Feature::Castling => "castling",
            Feature::Promotion => "promotion",
            Feature::UnderPromotion => "under-promotion",
            Feature::EnPassant => "en-passant",
            Feature::Disambiguation => "disambiguation",
        }
    }

    /// The features that train a mistake code (review drills), by the
    /// code's name. Codes about spelling in general (lower case, `P`,
    /// UCI…) train every feature; `wrong-move`, `wrong-square` and unknown
    /// names train none.
    pub fn for_mistake(name: &str) -> &'static [Feature] {
        match Code::from_name(name) {
            Some(code) => Feature::for_code(code),
            None => &[],
        }
    }

    /// The features that train a diagnostic code. Codes about spelling in
    /// general (lower case, `P`, UCI…) train every feature.
    pub fn for_code(code: Code) -> &'static [Feature] {
        match code {
            Code::MissingCapture | Code::UnneededCapture | Code::PawnCaptureFile => {
                &[Feature::Capture]
            }
            Code::MissingCheck | Code::UnneededCheck | Code::CheckSign => &[Feature::Check],
            Code::MissingMate | Code::NotMate => &[Feature::Mate],
            Code::ZeroCastling
            | Code::CastlingSpelling
            | Code::CastlingAsKingMove
            | Code::CastlingKingTakesRook => &[Feature::Castling],
            Code::PromotionEquals | Code::PromotionCase => {
                &[Feature::Promotion, Feature::UnderPromotion]
            }
            Code::UnneededDisambiguation
            | Code::OverlongDisambiguation
            | Code::DisambiguationPriority
            | Code::MissingDisambiguation => &[Feature::Disambiguation],
            Code::EnPassantSuffix => &[Feature::EnPassant],
            _ => &Feature::ALL,
        }
    }
}

/// Which disambiguation a SAN carries.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Disambiguation {
    /// The departure file (`Nbd7`).
    File,
    /// The departure rank (`R1a3`).
    Rank,
    /// The whole departure square (`Qh4e1`).
    Square,
}

impl Disambiguation {
    /// All three, in the priority order of the rule.
    pub const ALL: [Disambiguation; 3] = [
        Disambiguation::File,
        Disambiguation::Rank,
        Disambiguation::Square,
    ];

    /// A stable lower-case name.
    pub fn as_str(self) -> &'static str {
        match self {
            Disambiguation::File => "file",
            Disambiguation::Rank => "rank",
            Disambiguation::Square => "square",
        }
    }
}

/// The disambiguation written in a piece move's SAN, if any.
///
/// ```
/// use sancho_core::drill::{Disambiguation, disambiguation_of};
/// assert_eq!(disambiguation_of("Nbd7"), Some(Disambiguation::File));
/// assert_eq!(disambiguation_of("R1xa3+"), Some(Disambiguation::Rank));
/// assert_eq!(disambiguation_of("Qh4e1#"), Some(Disambiguation::Square));
/// assert_eq!(disambiguation_of("Nf3"), None);
/// assert_eq!(disambiguation_of("exd5"), None);
/// ```
pub fn disambiguation_of(san: &str) -> Option<Disambiguation> {
    let body = san.trim_end_matches(['+', '#']);
    let rest = body.strip_prefix(['N', 'B', 'R', 'Q', 'K'])?;
    let rest: String = rest.chars().filter(|&c| c != 'x').collect();
    let middle = rest.get(..rest.len().checked_sub(2)?)?;
    let mut chars = middle.chars();
    match (chars.next(), chars.next(), chars.next()) {
        (None, _, _) => None,
        (Some(c), None, _) if c.is_ascii_lowercase() => Some(Disambiguation::File),
        (Some(c), None, _) if c.is_ascii_digit() => Some(Disambiguation::Rank),
        (Some(_), Some(_), None) => Some(Disambiguation::Square),
        _ => None,
    }
}

/// Every feature of `mv`, judged from its canonical SAN `san`.
pub fn features_of(mv: Move, san: &str) -> Vec<Feature> {
    let mut out = Vec::new();
    if san.contains('x') {
        out.push(Feature::Capture);
    }
    if san.ends_with('+') {
        out.push(Feature::Check);
    }
    if san.ends_with('#') {
        out.push(Feature::Mate);
    }
    if san.starts_with("O-O") {
        out.push(Feature::Castling);
    }
    match mv.promotion() {
        Some(Role::Queen) => out.push(Feature::Promotion),
        Some(_) => out.push(Feature::UnderPromotion),
        None => {}
    }
    if mv.is_en_passant() {
        out.push(Feature::EnPassant);
    }
    if disambiguation_of(san).is_some() {
        out.push(Feature::Disambiguation);
    }
    out
}
