//! Live hints: what a partial input can still become.
//!
//! A [`HintEngine`] is built once per position: it writes every legal move
//! in each spelling the resolver accepts (SAN with any disambiguation, with
//! or without `x`, long algebraic, UCI, the promotion variants, castling as
//! `O-O`, a king move or king-takes-rook). A keystroke then costs one
//! normalisation and a prefix scan over those strings, plus a resolve of the
//! text to tell "complete" from "still partial".

use shakmaty::{Chess, Move, Position, Role, Square};

use super::diagnostic::{Code, Diagnostic};
use super::judge;
use super::parse::{Normalized, normalize, piece_letter};
use super::resolve::resolve;
use super::types::{MoveText, ResolveError, Strictness, role_name};
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

impl HintState {
    /// A short stable name: `empty`, `partial`, `complete`,
    /// `complete-or-longer`, `ambiguous` or `impossible`.
    pub fn name(&self) -> &'static str {
        match self {
            HintState::Empty => "empty",
            HintState::Partial => "partial",
            HintState::Complete => "complete",
            HintState::CompleteOrLonger => "complete-or-longer",
            HintState::Ambiguous => "ambiguous",
            HintState::Impossible(_) => "impossible",
        }
    }
}

/// The live answer to a partial input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hint {
    /// Where the text stands.
    pub state: HintState,
    /// The legal moves the text can still become, in canonical SAN; for a
    /// complete move it comes first.
    pub candidates: Vec<MoveText>,
    /// Departures from canonical SAN noticed so far (`0-0`, `nf3`, ...).
    pub diagnostics: Vec<Diagnostic>,
}

impl Hint {
    fn empty() -> Hint {
        Hint {
            state: HintState::Empty,
            candidates: Vec::new(),
            diagnostics: Vec::new(),
        }
    }
}

/// Answers keystrokes for one position; build once per position, then call
/// [`HintEngine::hint`] on every keystroke.
#[derive(Clone, Debug)]
pub struct HintEngine {
    pos: Chess,
    moves: Vec<MoveText>,
    /// Every accepted spelling (normalised alphabet) and the move it spells.
    spellings: Vec<(String, usize)>,
}

impl HintEngine {
    /// Prepares the spellings of every legal move in `pos`.
    pub fn new(pos: &Chess) -> Self {
        let legal = pos.legal_moves();
        let moves: Vec<MoveText> = legal.iter().map(|&m| move_text(pos, m)).collect();
        let mut spellings = Vec::with_capacity(moves.len() * 8);
        for (i, &m) in legal.iter().enumerate() {
            for s in spellings_of(m) {
                spellings.push((s, i));
            }
        }
        HintEngine {
            pos: pos.clone(),
            moves,
            spellings,
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

    /// The live answer for `text`, a complete or partial input.
    pub fn hint(&self, text: &str) -> Hint {
        if text.trim().is_empty() {
            return Hint::empty();
        }
        let Normalized { body, form } = normalize(text);
        let finished = form.suffix != super::parse::WrittenSuffix::None
            || form.annotation.is_some()
            || form.ep_suffix;
        let mut seen = vec![false; self.moves.len()];
        for (spelling, i) in &self.spellings {
            let fits = if finished {
                *spelling == body
            } else {
                spelling.starts_with(body.as_str())
            };
            if fits {
                seen[*i] = true;
            }
        }
        let mut candidates: Vec<MoveText> = self
            .moves
            .iter()
            .zip(&seen)
            .filter(|(_, s)| **s)
            .map(|(m, _)| m.clone())
            .collect();
        candidates.sort_by(|a, b| a.san.cmp(&b.san));
        // "Rd" first means Rd2..Rd8, not "the rook from the d-file" (Rda1 is
        // accepted but over-long): when some moves' canonical SAN starts
        // with the text, those are the ones to show.
        if !finished && candidates.iter().any(|c| c.san.starts_with(body.as_str())) {
            candidates.retain(|c| c.san.starts_with(body.as_str()));
        }

        match resolve(&self.pos, text, Strictness::Lenient) {
            Ok(resolved) => {
                let mv = resolved.text.mv;
                let others = candidates.iter().any(|c| c.mv != mv);
                candidates.retain(|c| c.mv != mv);
                candidates.insert(0, resolved.text);
                Hint {
                    state: if others {
                        HintState::CompleteOrLonger
                    } else {
                        HintState::Complete
                    },
                    candidates,
                    diagnostics: resolved.diagnostics,
                }
            }
            Err(rejected) => {
                let diagnostics = partial_diagnostics(&form, candidates.first());
                let state = match rejected.error {
                    ResolveError::Ambiguous { candidates: all } => {
                        candidates = all;
                        HintState::Ambiguous
                    }
                    _ if !candidates.is_empty() => HintState::Partial,
                    // A wrong character is final; running out of text means
                    // the move is unfinished, and the table had nothing for it.
                    ResolveError::Syntax(e) if e.at < body.len() => {
                        HintState::Impossible(e.message)
                    }
                    ResolveError::Syntax(_) => HintState::Impossible(self.why_dead(&body)),
                    error => HintState::Impossible(error.to_string()),
                };
                Hint {
                    state,
                    candidates,
                    diagnostics,
                }
            }
        }
    }

    /// Why a text that is not yet a complete move can become no legal move,
    /// as early as the text allows ("no knight can reach the e-file").
    fn why_dead(&self, body: &str) -> String {
        let mut chars = body.chars();
        let first = chars.next();
        let (role, rest) = match first.and_then(piece_letter) {
            Some(role) => (role, chars.as_str()),
            None => (Role::Pawn, body),
        };
        let name = role_name(role);
        let ours = self.pos.our(role);
        if let Some(rest) = body.strip_prefix('b') {
            // A lower-case b is always the b-file; say so when only the
            // bishop reading would fit.
            let bishop = format!("B{rest}");
            let fits = self.spellings.iter().any(|(s, i)| {
                s.starts_with(bishop.as_str()) && self.moves[*i].mv.role() == Role::Bishop
            });
            if fits {
                return format!("b means the b-pawn; for the bishop, type {bishop}");
            }
        }
        if body.starts_with('O') {
            return format!("castling is written O-O or O-O-O; {body} cannot become either here");
        }
        if ours.is_empty() && role != Role::Pawn {
            return format!("you have no {name}");
        }
        let files: Vec<char> = rest.chars().filter(|c| ('a'..='h').contains(c)).collect();
        let capture = rest.contains('x');
        let only = |c: char| rest.chars().all(|r| r == c || r == 'x');
        match (files.as_slice(), capture) {
            ([], false) if rest.is_empty() => format!("no {name} can move"),
            ([], true) => format!("no {name} can capture anything"),
            ([f], false) if only(*f) && role == Role::Pawn => {
                format!("no pawn can move on or to the {f}-file")
            }
            ([f], false) if only(*f) => format!("no {name} can reach the {f}-file"),
            ([f], true) if rest.starts_with('x') => {
                format!("no {name} can capture on the {f}-file")
            }
            ([f], true) => format!("no {name} on the {f}-file can capture"),
            ([_, t], true) if rest.ends_with(*t) => {
                format!("no {name} can capture on the {t}-file that way")
            }
            _ => format!("no legal move starts with {body}"),
        }
    }
}

/// One-shot live hint for `text` in `pos`.
pub fn hint(pos: &Chess, text: &str) -> Hint {
    HintEngine::new(pos).hint(text)
}

/// What typing has already shown while the move is not complete: zeros for
/// castling, lower-case letters, a pawn letter, figurines.
fn partial_diagnostics(form: &super::parse::Form, first: Option<&MoveText>) -> Vec<Diagnostic> {
    let canonical = first.map(|m| m.san.as_str()).unwrap_or("");
    let mut out = Vec::new();
    let mut add = |code, message: &str| {
        out.push(Diagnostic::new(code, message, canonical));
    };
    if form.zero_castling {
        add(
            Code::ZeroCastling,
            "castling is written with the letter O, not the digit zero",
        );
    } else if form.castling_spelling {
        add(Code::CastlingSpelling, judge::CASTLING_SPELLING);
    }
    if form.lowercase_piece {
        add(Code::LowercasePiece, judge::LOWERCASE_PIECE);
    }
    if form.pawn_letter {
        add(Code::PawnLetter, judge::PAWN_LETTER);
    }
    if form.figurine {
        add(Code::Figurine, judge::FIGURINE);
    }
    out
}

fn pawn_spellings(from: Square, to: Square, promotion: Option<Role>) -> Vec<String> {
    let f = from.file().char();
    let mut bases = vec![format!("{from}{to}")];
    if from.file() == to.file() {
        bases.push(to.to_string());
        bases.push(format!("{from}-{to}"));
    } else {
        bases.push(format!("{f}x{to}"));
        bases.push(format!("{f}{to}"));
        bases.push(format!("x{to}"));
        bases.push(format!("{from}x{to}"));
    }
    let Some(p) = promotion else {
        return bases;
    };
    let (upper, lower) = (p.upper_char(), p.char());
    let mut out = Vec::with_capacity(bases.len() * 4);
    for base in bases {
        for tail in [
            format!("={upper}"),
            format!("{upper}"),
            format!("={lower}"),
            format!("{lower}"),
        ] {
            out.push(format!("{base}{tail}"));
        }
    }
    out
}

/// Every spelling the resolver accepts for `m`, in the normalised alphabet
/// of [`normalize`] (check signs and glyphs excluded).
fn spellings_of(m: Move) -> Vec<String> {
    let mut out = Vec::with_capacity(12);
    match m {
        Move::Castle { king, rook } => {
            let queenside = rook.file() < king.file();
            out.push(if queenside { "O-O-O" } else { "O-O" }.to_owned());
            let king_to = Square::from_coords(
                if queenside {
                    shakmaty::File::C
                } else {
                    shakmaty::File::G
                },
                king.rank(),
            );
            out.push(format!("{king}{king_to}"));
            out.push(format!("{king}{rook}"));
            out.push(format!("K{king_to}"));
        }
        Move::Normal { from, to, .. } | Move::EnPassant { from, to } if m.role() == Role::Pawn => {
            out = pawn_spellings(from, to, m.promotion());
        }
        Move::Normal {
            role,
            from,
            to,
            capture,
            ..
        } => {
            let letter = role.upper_char();
            let (f, r) = (from.file().char(), from.rank().char());
            for d in [
                String::new(),
                f.to_string(),
                r.to_string(),
                from.to_string(),
            ] {
                out.push(format!("{letter}{d}{to}"));
                if capture.is_some() {
                    out.push(format!("{letter}{d}x{to}"));
                }
            }
            out.push(format!("{letter}{from}-{to}"));
            out.push(format!("{from}{to}"));
        }
        _ => {}
    }
    out
}

#[cfg(test)]
mod tests;
