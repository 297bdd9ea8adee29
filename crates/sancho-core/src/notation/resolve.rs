//! Resolving a complete input against a position.
//!
//! Canonical SAN takes a fast path through shakmaty. Everything else is
//! parsed tolerantly ([`super::parse`]), matched against the legal moves, and
//! each departure from canonical SAN is reported as a [`Diagnostic`].

use shakmaty::san::{San, SanPlus};
use shakmaty::{CastlingSide, Chess, Move, Position, Role, Square};

use super::explain::explain;
use super::judge::diagnose;
use super::parse::{MAX_INPUT_LEN, Parsed, parse, too_long_message};
use super::slip::slip;
use super::types::{Illegal, MoveSpec, Rejected, ResolveError, Resolved, Strictness, SyntaxError};
use super::write::move_text;

/// Resolves `input` in `pos`.
///
/// Canonical SAN resolves with no diagnostics. In [`Strictness::Lenient`]
/// mode, every other input with exactly one sensible reading (`0-0`, `nf3`,
/// `e8Q`, `Ng1f3`, `e2e4`, ...) resolves too, with a diagnostic for each
/// departure; in [`Strictness::Strict`] mode those are rejected as
/// [`ResolveError::NotCanonical`] with the same diagnostics.
///
/// ```
/// use sancho_core::notation::{resolve, Strictness};
/// let pos = shakmaty::Chess::default();
/// let ok = resolve(&pos, "Nf3", Strictness::Lenient).unwrap();
/// assert_eq!(ok.text.uci, "g1f3");
/// let taught = resolve(&pos, "ng1f3", Strictness::Lenient).unwrap();
/// assert_eq!(taught.text.san, "Nf3");
/// assert!(!taught.diagnostics.is_empty());
/// assert!(resolve(&pos, "ng1f3", Strictness::Strict).is_err());
/// ```
///
/// # Errors
/// [`Rejected`] says why the input is not a move here: not notation
/// (syntax), no legal move matches (illegal, with the reason), several match
/// (ambiguous, with every candidate), or not canonical in strict mode.
pub fn resolve(pos: &Chess, input: &str, strictness: Strictness) -> Result<Resolved, Rejected> {
    resolve_plain(pos, input, strictness).map_err(|rejected| {
        // A learner's slip (a move number, two moves, descriptive notation,
        // a foreign letter) says more than the parser's first stumble.
        match rejected.error {
            ResolveError::Syntax(_) | ResolveError::Illegal(_) if input.len() <= MAX_INPUT_LEN => {
                match slip(pos, input) {
                    Some(slip) => ResolveError::Syntax(SyntaxError {
                        at: 0,
                        message: slip.to_string(),
                    })
                    .into(),
                    None => rejected,
                }
            }
            _ => rejected,
        }
    })
}

/// [`resolve`] without reading learners' slips (what they are read with).
pub(crate) fn resolve_plain(
    pos: &Chess,
    input: &str,
    strictness: Strictness,
) -> Result<Resolved, Rejected> {
    if input.len() > MAX_INPUT_LEN {
        return Err(ResolveError::Syntax(SyntaxError {
            at: MAX_INPUT_LEN,
            message: too_long_message(input.len()),
        })
        .into());
    }
    if let Some(resolved) = fast_path(pos, input) {
        return Ok(resolved);
    }
    let parsed = parse(input).map_err(ResolveError::from)?;
    let matches = matching_moves(pos, &parsed.spec);
    match matches.as_slice() {
        [mv] => {
            let text = move_text(pos, *mv);
            let diagnostics = diagnose(pos, &parsed, &text, input);
            let departs = diagnostics.iter().any(|d| !d.code.is_note());
            if strictness == Strictness::Strict && departs {
                Err(Rejected {
                    error: ResolveError::NotCanonical {
                        canonical: Box::new(text),
                    },
                    diagnostics,
                })
            } else {
                Ok(Resolved { text, diagnostics })
            }
        }
        [] => Err(Rejected {
            error: ResolveError::Illegal(why_not(pos, &parsed, input)),
            diagnostics: Vec::new(),
        }),
        many => Err(Rejected {
            error: ResolveError::Ambiguous {
                candidates: many.iter().map(|&m| move_text(pos, m)).collect(),
            },
            diagnostics: Vec::new(),
        }),
    }
}

/// Canonical SAN, exactly as written: one shakmaty parse and one write.
fn fast_path(pos: &Chess, input: &str) -> Option<Resolved> {
    let san = SanPlus::from_ascii(input.as_bytes()).ok()?;
    let mv = san.san.to_move(pos).ok()?;
    let text = move_text(pos, mv);
    (text.san == input).then_some(Resolved {
        text,
        diagnostics: Vec::new(),
    })
}

/// Every legal move that `spec` can mean.
pub(crate) fn matching_moves(pos: &Chess, spec: &MoveSpec) -> Vec<Move> {
    pos.legal_moves()
        .into_iter()
        .filter(|&m| spec_matches(pos, spec, m))
        .collect()
}

/// Whether `spec` can mean the legal move `m`.
pub(crate) fn spec_matches(pos: &Chess, spec: &MoveSpec, m: Move) -> bool {
    if let Some(side) = spec.castle {
        return m.castling_side() == Some(side);
    }
    let Some(from) = m.from() else {
        return false;
    };
    if spec.from_file.is_some_and(|f| f != from.file())
        || spec.from_rank.is_some_and(|r| r != from.rank())
    {
        return false;
    }
    let Some(to) = spec.to else {
        return false;
    };
    if let Move::Castle { king, rook } = m {
        // Castling written as the king's move: Kg1, e1g1, or king takes rook e1h1.
        let side = if rook.file() < king.file() {
            CastlingSide::QueenSide
        } else {
            CastlingSide::KingSide
        };
        let king_to = Square::from_coords(side.king_to_file(), king.rank());
        let by_king = spec.role.is_none_or(|r| r == Role::King);
        return by_king && spec.promotion.is_none() && (to == king_to || to == rook);
    }
    if to != m.to() || spec.promotion != m.promotion() {
        return false;
    }
    match spec.role {
        None => spec.from_square() == Some(from),
        Some(Role::Pawn) => {
            if m.role() != Role::Pawn {
                return false;
            }
            // Without a departure file a pawn moves straight ahead, unless an
            // x says it captures ("xd5": the file is missing).
            let straight = from.file() == to.file();
            match spec.from_file {
                None => straight != spec.capture,
                Some(_) => true,
            }
        }
        Some(role) => m.role() == role && pos.board().role_at(from) == Some(role),
    }
}

/// Explains why no legal move matches a well-formed input.
fn why_not(pos: &Chess, parsed: &Parsed, input: &str) -> Illegal {
    if parsed.form.leading_b {
        let bishop = MoveSpec {
            role: Some(Role::Bishop),
            from_file: None,
            ..parsed.spec
        };
        if let [mv] = matching_moves(pos, &bishop).as_slice() {
            return Illegal::BishopLetter {
                suggestion: San::from_move(pos, *mv).to_string(),
            };
        }
    }
    let spec = &parsed.spec;
    if let Some(illegal) = en_passant_behind(pos, spec) {
        return illegal;
    }
    if spec.role == Some(Role::Pawn) && spec.capture && spec.from_file.is_none() {
        // "xa5" where nothing can be taken but a5 is a legal push.
        let push = MoveSpec {
            capture: false,
            ..*spec
        };
        if let (Some(to), [mv]) = (spec.to, matching_moves(pos, &push).as_slice()) {
            return Illegal::PushNotCapture {
                to,
                push: San::from_move(pos, *mv).to_string(),
            };
        }
    }
    explain(pos, spec, input.trim())
}

/// `exd5` where `exd6` is the en passant capture: the pawn that has just
/// moved two squares stands on the square written, and the capture lands
/// behind it.
fn en_passant_behind(pos: &Chess, spec: &MoveSpec) -> Option<Illegal> {
    let to = spec.to?;
    let pawn_capture = spec.role == Some(Role::Pawn)
        && (spec.capture || spec.from_file.is_some_and(|f| f != to.file()));
    if !pawn_capture {
        return None;
    }
    pos.legal_moves()
        .into_iter()
        .find(|m| {
            m.is_en_passant()
                && m.to().file() == to.file()
                && spec
                    .from_file
                    .is_none_or(|f| m.from().is_some_and(|from| from.file() == f))
                && pos.board().piece_at(to)
                    == Some(shakmaty::Piece {
                        color: !pos.turn(),
                        role: Role::Pawn,
                    })
                && m.to() != to
        })
        .map(|m| Illegal::EnPassantBehind {
            pawn: to,
            san: San::from_move(pos, m).to_string(),
        })
}

#[cfg(test)]
mod tests;
