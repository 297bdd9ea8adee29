//! Resolving a complete input against a position. (Preliminary: canonical SAN and UCI only.)

use shakmaty::san::SanPlus;
use shakmaty::uci::UciMove;
use shakmaty::{Chess, Position};

use super::types::{Rejected, ResolveError, Resolved, Strictness, SyntaxError};
use super::write::move_text;

/// Resolves `input` in `pos`.
///
/// # Errors
/// [`Rejected`] says why the input is not a move here.
pub fn resolve(pos: &Chess, input: &str, _strictness: Strictness) -> Result<Resolved, Rejected> {
    let trimmed = input.trim();
    if let Ok(san) = trimmed.parse::<SanPlus>() {
        if let Ok(mv) = san.san.to_move(pos) {
            return Ok(Resolved {
                text: move_text(pos, mv),
                diagnostics: Vec::new(),
            });
        }
    }
    if let Ok(uci) = trimmed.parse::<UciMove>() {
        if let Ok(mv) = uci.to_move(pos) {
            return Ok(Resolved {
                text: move_text(pos, mv),
                diagnostics: Vec::new(),
            });
        }
    }
    let _ = pos.turn();
    Err(ResolveError::Syntax(SyntaxError {
        at: 0,
        message: format!("'{trimmed}' is not a move here"),
    })
    .into())
}
