//! Temporary stand-in; replaced by the illegal-move explainer.
use shakmaty::Chess;

use super::types::{Illegal, MoveSpec};

/// Why no legal move matches `spec` (stand-in).
pub fn explain(_pos: &Chess, spec: &MoveSpec, _attempt: &str) -> Illegal {
    Illegal::NoPieceReaches {
        role: spec.role.unwrap_or(shakmaty::Role::Pawn),
        from_file: spec.from_file,
        from_rank: spec.from_rank,
        to: spec.to.unwrap_or(shakmaty::Square::A1),
    }
}
