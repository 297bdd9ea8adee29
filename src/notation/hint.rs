//! Live hints: what a partial input can still become.

use shakmaty::{Chess, Position};

use super::diagnostic::Diagnostic;
use super::types::MoveText;
use super::write::move_text;

/// The state of a partial input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HintState {
    /// Nothing typed yet.
    Empty,
    /// The text can still become any of the candidates.
    Partial,
    /// The text is a complete move and no further typing can make it another
    /// one; the move is the only candidate.
    Complete,
    /// The text is a complete move (the first candidate), but more typing can
    /// still make it another (`O-O` while `O-O-O` is possible).
    CompleteOrLonger,
    /// The text is complete but more than one move matches.
    Ambiguous,
    /// The text can no longer become any legal move, and why.
    Impossible(String),
}

/// The live answer to a partial input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hint {
    /// Where the text stands.
    pub state: HintState,
    /// The legal moves the text can still become, canonical SAN order.
    pub candidates: Vec<MoveText>,
    /// Departures from canonical SAN noticed so far (`0-0`, `nf3`, ...).
    pub diagnostics: Vec<Diagnostic>,
}

/// Answers keystrokes for one position; build once per position, then call
/// [`HintEngine::hint`] on every keystroke.
#[derive(Clone, Debug)]
pub struct HintEngine {
    pos: Chess,
    moves: Vec<MoveText>,
}

impl HintEngine {
    /// Prepares the spellings of every legal move in `pos`.
    pub fn new(pos: &Chess) -> Self {
        let moves = pos
            .legal_moves()
            .into_iter()
            .map(|m| move_text(pos, m))
            .collect();
        HintEngine {
            pos: pos.clone(),
            moves,
        }
    }

    /// The position this engine answers for.
    pub fn position(&self) -> &Chess {
        &self.pos
    }

    /// Every legal move with its spellings.
    pub fn moves(&self) -> &[MoveText] {
        &self.moves
    }

    /// The live answer for `text`. (Preliminary: canonical SAN prefixes only.)
    pub fn hint(&self, text: &str) -> Hint {
        if text.is_empty() {
            return Hint {
                state: HintState::Empty,
                candidates: Vec::new(),
                diagnostics: Vec::new(),
            };
        }
        let candidates: Vec<MoveText> = self
            .moves
            .iter()
            .filter(|m| m.san.starts_with(text))
            .cloned()
            .collect();
        let state = match candidates.as_slice() {
            [] => HintState::Impossible(format!("no legal move starts with {text}")),
            [one] if one.san == text => HintState::Complete,
            _ => HintState::Partial,
        };
        Hint {
            state,
            candidates,
            diagnostics: Vec::new(),
        }
    }
}

/// One-shot live hint for `text` in `pos`.
pub fn hint(pos: &Chess, text: &str) -> Hint {
    HintEngine::new(pos).hint(text)
}
