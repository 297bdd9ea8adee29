//! Live hints: what a partial input can still become.
//!
//! A [`HintEngine`] is built once per position: it writes every legal move
//! in each spelling the resolver accepts (SAN with any disambiguation or
//! none, with or without `x` or `-`, long algebraic, UCI, the promotion
//! variants, castling as `O-O`, a king move or king-takes-rook). A keystroke
//! then costs one normalisation and a prefix scan over those strings, plus a
//! resolve of the text to tell "complete" from "still partial". A text that
//! leaves several moves undecided (`Nd2` with two knights able to go) shows
//! them as a [`Group`].

use std::fmt;

use shakmaty::{CastlingSide, Chess, Move, Position, Role, Square};

use super::diagnostic::{Code, Diagnostic};
use super::judge;
use super::parse::{
    Form, MAX_INPUT_LEN, Normalized, WrittenSuffix, ends_a_move, normalize, piece_letter,
};
use super::resolve::resolve;
use super::types::{MoveText, ResolveError, Strictness};
use super::write::move_text;

pub use impossible::{DeadEnd, Impossible};

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
    Impossible(Impossible),
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

    fn impossible(reason: Impossible) -> Hint {
        Hint {
            state: HintState::Impossible(reason),
            candidates: Vec::new(),
            diagnostics: Vec::new(),
        }
    }
}

/// A set of candidates that one reading leaves undecided: `Nd2` when the
/// knights on b1 and f3 can both go there ("Nd2: Nbd2 or Nfd2?").
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Group<'a> {
    /// The undecided reading: the piece letter, `x` when it captures, and
    /// the destination (`Nd2`, `Rxe8`, `xd5` for pawns).
    pub label: String,
    /// The moves it may mean, in canonical SAN order.
    pub moves: Vec<&'a MoveText>,
}

impl Group<'_> {
    /// "Nd2: Nbd2 or Nfd2?", each SAN written by `write` (a language's
    /// letters, figurines).
    pub fn describe(&self, write: impl Fn(&str) -> String) -> String {
        let mut out = format!("{}: ", write(&self.label));
        for (i, m) in self.moves.iter().enumerate() {
            out.push_str(match i {
                0 => "",
                _ if i + 1 == self.moves.len() => " or ",
                _ => ", ",
            });
            out.push_str(&write(&m.san));
        }
        out.push('?');
        out
    }
}

impl fmt::Display for Group<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.describe(str::to_owned))
    }
}

impl Hint {
    /// The candidates that a shorter reading leaves undecided, derived from
    /// [`Hint::candidates`] alone (so a filter over the candidates filters
    /// the groups too): two or more moves of the same piece kind to the same
    /// square with the same promotion.
    pub fn groups(&self) -> Vec<Group<'_>> {
        let mut groups: Vec<Group<'_>> = Vec::new();
        let key = |m: &MoveText| (m.mv.role(), m.mv.to(), m.mv.promotion());
        for (i, m) in self.candidates.iter().enumerate() {
            if m.mv.is_castle() || self.candidates[..i].iter().any(|o| key(o) == key(m)) {
                continue;
            }
            let mut moves: Vec<&MoveText> = self.candidates[i..]
                .iter()
                .filter(|o| !o.mv.is_castle() && key(o) == key(m))
                .collect();
            if moves.len() < 2 {
                continue;
            }
            moves.sort_by(|a, b| a.san.cmp(&b.san));
            let mut label = String::with_capacity(8);
            if m.mv.role() != Role::Pawn {
                label.push(m.mv.role().upper_char());
            }
            if m.mv.is_capture() {
                label.push('x');
            }
            label.push_str(&m.mv.to().to_string());
            if let Some(p) = m.mv.promotion() {
                label.push('=');
                label.push(p.upper_char());
            }
            groups.push(Group { label, moves });
        }
        groups
    }
}

/// Every accepted spelling of every legal move, in one buffer.
#[derive(Clone, Debug, Default)]
struct Spellings {
    /// The spellings, back to back, in the normalised alphabet of
    /// [`normalize`] (upper-case piece letter, `x` for any capture sign, no
    /// check signs or glyphs).
    text: String,
    /// (start in `text`, length, index of the move).
    entries: Vec<(u32, u8, u16)>,
}

impl Spellings {
    fn push(&mut self, parts: &[&str], mv: usize) {
        let start = self.text.len();
        for part in parts {
            self.text.push_str(part);
        }
        let len = self.text.len() - start;
        // Spellings are at most a dozen bytes and a position has at most 218 moves.
        if let (Ok(start), Ok(len), Ok(mv)) =
            (u32::try_from(start), u8::try_from(len), u16::try_from(mv))
        {
            self.entries.push((start, len, mv));
        }
    }

    fn iter(&self) -> impl Iterator<Item = (&str, usize)> {
        self.entries.iter().map(|&(start, len, mv)| {
            let start = start as usize;
            (&self.text[start..start + len as usize], mv as usize)
        })
    }
}

/// Answers keystrokes for one position; build once per position, then call
/// [`HintEngine::hint`] on every keystroke.
#[derive(Clone, Debug)]
pub struct HintEngine {
    pos: Chess,
    moves: Vec<MoveText>,
    /// Every accepted spelling (normalised alphabet) and the move it spells.
    spellings: Spellings,
}

impl HintEngine {
    /// Prepares the spellings of every legal move in `pos`.
    pub fn new(pos: &Chess) -> Self {
        let legal = pos.legal_moves();
        let moves: Vec<MoveText> = legal.iter().map(|&m| move_text(pos, m)).collect();
        let mut spellings = Spellings::default();
        spellings.text.reserve(legal.len() * 96);
        spellings.entries.reserve(legal.len() * 16);
        for (i, &m) in legal.iter().enumerate() {
            add_spellings(&mut spellings, m, i);
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
    ///
    /// The candidates are every legal move the text can still become in any
    /// spelling the resolver accepts (SAN with or without disambiguation,
    /// `x` or check signs, long algebraic, UCI, `P`, lower-case letters);
    /// those whose canonical SAN continues the text come first.
    pub fn hint(&self, text: &str) -> Hint {
        if text.len() > MAX_INPUT_LEN {
            return Hint::impossible(Impossible::TooLong { len: text.len() });
        }
        if text.trim().is_empty() {
            return Hint::empty();
        }
        let Normalized { body, mut form } = normalize(text);
        form.capture_sign = body.chars().find(|c| matches!(c, 'X' | ':'));
        let body = body.replace(['X', ':'], "x");
        let finished =
            form.suffix != WrittenSuffix::None || form.annotation.is_some() || form.ep_suffix;
        if body.is_empty() && finished {
            return Hint::impossible(Impossible::SignsOnly);
        }
        let seen = self.fits(text, &body, finished, form.pawn_letter);
        let mut candidates: Vec<MoveText> = self
            .moves
            .iter()
            .zip(&seen)
            .filter(|(_, s)| **s)
            .map(|(m, _)| m.clone())
            .collect();
        // Canonical continuations first ("Rd" shows Rd2..Rd8 before Rdf1).
        candidates.sort_by(|a, b| {
            let continues = |m: &MoveText| !m.san.starts_with(body.as_str());
            (continues(a), &a.san).cmp(&(continues(b), &b.san))
        });

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
                let mut diagnostics = partial_diagnostics(&form, candidates.first());
                let captures = candidates.iter().any(|c| c.mv.is_capture());
                if !candidates.is_empty() && !captures && body.contains('x') {
                    diagnostics.push(Diagnostic::new(
                        Code::UnneededCapture,
                        "none of these moves captures: leave out the x",
                        candidates[0].san.as_str(),
                    ));
                }
                let state = match rejected.error {
                    ResolveError::Ambiguous {
                        candidates: mut all,
                    } => {
                        // Longer text may rarely name another move (`Nd2`,
                        // then `Nd2e4` for a knight on d2): then the text is
                        // still partial, and the group shows the ambiguity.
                        let longer = candidates
                            .into_iter()
                            .filter(|c| !all.iter().any(|a| a.mv == c.mv))
                            .collect::<Vec<_>>();
                        let state = if longer.is_empty() {
                            HintState::Ambiguous
                        } else {
                            HintState::Partial
                        };
                        all.extend(longer);
                        candidates = all;
                        state
                    }
                    _ if !candidates.is_empty() => HintState::Partial,
                    // A wrong character is final; running out of text means
                    // the move is unfinished, and the table had nothing for it.
                    ResolveError::Syntax(e) if e.at < body.len() => {
                        HintState::Impossible(Impossible::Syntax(e))
                    }
                    ResolveError::Syntax(_) => {
                        HintState::Impossible(Impossible::DeadEnd(self.why_dead(&body)))
                    }
                    error => HintState::Impossible(Impossible::Rejected(error)),
                };
                Hint {
                    state,
                    candidates,
                    diagnostics,
                }
            }
        }
    }

    /// Which moves have a spelling that `body` begins (or, when `finished`,
    /// equals). After a `P` only pawn moves fit. A text that ends in the
    /// start of an `e.p.` suffix (`exd6 e.`, `exd6+ e`) also fits the en
    /// passant capture it follows.
    fn fits(&self, text: &str, body: &str, finished: bool, pawn_letter: bool) -> Vec<bool> {
        let mut seen = vec![false; self.moves.len()];
        let ep_body = partial_ep(text).map(|head| normalize(head).body.replace(['X', ':'], "x"));
        let word_body =
            partial_check_word(text).map(|head| normalize(head).body.replace(['X', ':'], "x"));
        for (spelling, i) in self.spellings.iter() {
            let fits = if finished {
                spelling == body
            } else {
                spelling.starts_with(body)
            };
            let ep = ep_body.as_deref() == Some(spelling) && self.moves[i].mv.is_en_passant();
            let word = word_body.as_deref() == Some(spelling);
            if (fits || ep || word) && (!pawn_letter || self.moves[i].mv.role() == Role::Pawn) {
                seen[i] = true;
            }
        }
        seen
    }

    /// Why a text that is not yet a complete move can become no legal move,
    /// as early as the text allows ("no knight can reach the e-file").
    fn why_dead(&self, body: &str) -> DeadEnd {
        let mut chars = body.chars();
        let first = chars.next();
        let (role, rest) = match first.and_then(piece_letter) {
            Some(role) => (role, chars.as_str()),
            None => (Role::Pawn, body),
        };
        let ours = self.pos.our(role);
        if let Some(rest) = body.strip_prefix('b') {
            // A lower-case b is always the b-file; say so when only the
            // bishop reading would fit.
            let bishop = format!("B{rest}");
            let fits = self.spellings.iter().any(|(s, i)| {
                s.starts_with(bishop.as_str()) && self.moves[i].mv.role() == Role::Bishop
            });
            if fits {
                return DeadEnd::BIsAPawn { bishop };
            }
        }
        if body.starts_with('O') {
            return DeadEnd::NotCastling {
                text: body.to_owned(),
            };
        }
        if ours.is_empty() && role != Role::Pawn {
            return DeadEnd::NoPiece(role);
        }
        let files: Vec<char> = rest.chars().filter(|c| ('a'..='h').contains(c)).collect();
        let capture = rest.contains('x');
        let only = |c: char| rest.chars().all(|r| r == c || r == 'x');
        match (files.as_slice(), capture) {
            ([], false) if rest.is_empty() => DeadEnd::NoneCanMove(role),
            ([], true) => DeadEnd::NoneCanCapture(role),
            ([f], false) if only(*f) && role == Role::Pawn => DeadEnd::NoPawnOnFile(*f),
            ([f], false) if only(*f) => DeadEnd::NoneReachesFile(role, *f),
            ([f], true) if rest.starts_with('x') => DeadEnd::NoneCapturesOnFile(role, *f),
            ([f], true) => DeadEnd::NoneOnFileCaptures(role, *f),
            ([_, t], true) if rest.ends_with(*t) => DeadEnd::NoneCapturesOnFileThatWay(role, *t),
            _ => DeadEnd::NoMoveStartsWith {
                text: body.to_owned(),
            },
        }
    }
}

/// One-shot live hint for `text` in `pos`.
pub fn hint(pos: &Chess, text: &str) -> Hint {
    HintEngine::new(pos).hint(text)
}

/// What typing has already shown while the move is not complete: zeros for
/// castling, lower-case letters, a pawn letter, figurines.
fn partial_diagnostics(form: &Form, first: Option<&MoveText>) -> Vec<Diagnostic> {
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
    if let Some(sign) = form.capture_sign {
        add(Code::CaptureSign, &judge::capture_sign_message(sign));
    }
    out
}

/// The text before a partial `e.p.` suffix (`exd6e`, `exd6 e.p`,
/// `exd6+ e`), when one follows a square or a sign.
fn partial_ep(text: &str) -> Option<&str> {
    let text = text.trim_end();
    ["e.p", "e.", "e"].into_iter().find_map(|tail| {
        let head = text.strip_suffix(tail)?;
        head.trim_end()
            .ends_with(|c: char| ('1'..='8').contains(&c) || matches!(c, '+' | '#' | '!' | '?'))
            .then_some(head)
    })
}

/// The text before the start of a check word (`Bb5c`, `Qxf7 ma`), when a
/// move ends before it: the word will be taught once it is whole.
fn partial_check_word(text: &str) -> Option<&str> {
    let text = text.trim_end();
    let letters = text.len()
        - text
            .trim_end_matches(|c: char| c.is_ascii_alphabetic())
            .len();
    if letters == 0 {
        return None;
    }
    let (head, tail) = text.split_at(text.len() - letters);
    let tail = tail.to_ascii_lowercase();
    let starts_a_word = ["checkmate", "mate"]
        .iter()
        .any(|w| w.starts_with(tail.as_str()) && *w != tail);
    let head = head.trim_end();
    (starts_a_word && ends_a_move(head)).then_some(head)
}

/// The departure as SAN may write it: nothing, the file, the rank, the square.
fn departures(from: Square) -> [String; 4] {
    [
        String::new(),
        from.file().char().to_string(),
        from.rank().char().to_string(),
        from.to_string(),
    ]
}

/// Separators the resolver reads between departure and destination.
const SEPARATORS: [&str; 3] = ["", "x", "-"];

/// Adds every spelling the resolver accepts for `m` (move number `i`), in
/// the normalised alphabet of [`normalize`]; it mirrors the resolver's
/// `spec_matches`:
/// - a piece move: the letter, any departure, any separator, the square;
///   or the departure square, a separator and the square (UCI, LAN);
/// - a pawn move: any departure and separator, except that without a file
///   an `x` means a capture and its absence a push; the promotion piece
///   with or without `=`, in either case;
/// - castling: `O-O`/`O-O-O`, or the king's move to its castling square or
///   onto its own rook, written as a king move.
fn add_spellings(out: &mut Spellings, m: Move, i: usize) {
    match m {
        Move::Castle { king, rook } => {
            let side = if rook.file() < king.file() {
                CastlingSide::QueenSide
            } else {
                CastlingSide::KingSide
            };
            out.push(
                &[if side == CastlingSide::QueenSide {
                    "O-O-O"
                } else {
                    "O-O"
                }],
                i,
            );
            let king_to = Square::from_coords(side.king_to_file(), king.rank());
            let departures = departures(king);
            for to in [king_to.to_string(), rook.to_string()] {
                for sep in SEPARATORS {
                    for d in &departures {
                        out.push(&["K", d, sep, &to], i);
                    }
                    out.push(&[&departures[3], sep, &to], i);
                }
            }
        }
        _ if m.role() == Role::Pawn => {
            let Some(from) = m.from() else { return };
            let to = m.to().to_string();
            let diagonal = from.file() != m.to().file();
            let tails: Vec<String> = match m.promotion() {
                None => vec![String::new()],
                Some(p) => {
                    let (upper, lower) = (p.upper_char(), p.char());
                    vec![
                        format!("={upper}"),
                        format!("{upper}"),
                        format!("={lower}"),
                        format!("{lower}"),
                    ]
                }
            };
            let departures = departures(from);
            for (k, d) in departures.iter().enumerate() {
                let has_file = k == 1 || k == 3;
                for sep in SEPARATORS {
                    if !has_file && (sep == "x") != diagonal {
                        continue;
                    }
                    for tail in &tails {
                        out.push(&[d, sep, &to, tail], i);
                    }
                }
            }
        }
        _ => {
            let Some(from) = m.from() else { return };
            let letter = m.role().upper_char().to_string();
            let to = m.to().to_string();
            let departures = departures(from);
            for sep in SEPARATORS {
                for d in &departures {
                    out.push(&[&letter, d, sep, &to], i);
                }
                out.push(&[&departures[3], sep, &to], i);
            }
        }
    }
}

mod impossible;
#[cfg(test)]
mod tests;
