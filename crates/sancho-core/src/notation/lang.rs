//! Notation in the user's own language: piece letters for input and output.
//!
//! FIDE lets players keep their scoresheets in the letters of their own
//! language (Laws of Chess, Appendix C.2). A [`Lang`] knows its letters;
//! [`Lang::to_english`] reads a localised input as the English SAN the
//! resolver and the hint understand, and [`Lang::localize`] writes English
//! SAN back in the language's letters (or in figurines, FIDE's choice for
//! print).
//!
//! Sources of the table: the PGN standard (1994), section 17 "Alternative
//! chesspiece identifier letters", for every language it lists (cs da nl en
//! et fi fr de hu is it no pl pt ro es sv); Croatian, which it does not list,
//! from the piece names (kralj, dama, top, lovac, skakač, pješak) as in the
//! Wikipedia article "Algebraic notation (chess)", section "Naming the
//! pieces" (non-English table). The same letters are used by ChessBase's and
//! Scid's language settings.

use std::borrow::Cow;
use std::fmt;
use std::str::FromStr;

use shakmaty::{Chess, Role};

use super::diagnostic::{Code, Diagnostic};
use super::hint::{Hint, HintEngine, HintState};
use super::resolve::resolve;
use super::types::{
    MoveText, Rejected, ResolveError, Resolved, Strictness, SyntaxError, role_name,
};

/// A notation language: an ISO 639-1 code and its piece letters, and how
/// moves are written back (those letters, or figurines for `--figurine`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Lang {
    /// ISO 639-1 code (`en`, `de`, ...).
    pub code: &'static str,
    /// The language's name in English, for messages ("in German notation").
    pub name: &'static str,
    /// Letters for king, queen, rook, bishop, knight, pawn.
    letters: [char; 6],
    /// Whether [`Lang::localize`] writes figurines (`♘f3`) instead of the
    /// letters. Input is always read in the letters.
    figurines: bool,
}

/// The order of [`Lang::letters`].
const ROLES: [Role; 6] = [
    Role::King,
    Role::Queen,
    Role::Rook,
    Role::Bishop,
    Role::Knight,
    Role::Pawn,
];

const fn lang(code: &'static str, name: &'static str, letters: [char; 6]) -> Lang {
    Lang {
        code,
        name,
        letters,
        figurines: false,
    }
}

impl Lang {
    /// English: the letters of SAN itself.
    pub const EN: Lang = lang("en", "English", ['K', 'Q', 'R', 'B', 'N', 'P']);

    /// Every supported language (K Q R B N, then the pawn).
    pub const ALL: [Lang; 18] = [
        Lang::EN,
        lang("de", "German", ['K', 'D', 'T', 'L', 'S', 'B']),
        lang("fr", "French", ['R', 'D', 'T', 'F', 'C', 'P']),
        lang("es", "Spanish", ['R', 'D', 'T', 'A', 'C', 'P']),
        lang("it", "Italian", ['R', 'D', 'T', 'A', 'C', 'P']),
        lang("pt", "Portuguese", ['R', 'D', 'T', 'B', 'C', 'P']),
        lang("nl", "Dutch", ['K', 'D', 'T', 'L', 'P', 'O']),
        lang("cs", "Czech", ['K', 'D', 'V', 'S', 'J', 'P']),
        lang("pl", "Polish", ['K', 'H', 'W', 'G', 'S', 'P']),
        lang("hu", "Hungarian", ['K', 'V', 'B', 'F', 'H', 'G']),
        lang("sv", "Swedish", ['K', 'D', 'T', 'L', 'S', 'B']),
        lang("no", "Norwegian", ['K', 'D', 'T', 'L', 'S', 'B']),
        lang("da", "Danish", ['K', 'D', 'T', 'L', 'S', 'B']),
        lang("fi", "Finnish", ['K', 'D', 'T', 'L', 'R', 'P']),
        lang("ro", "Romanian", ['R', 'D', 'T', 'N', 'C', 'P']),
        lang("is", "Icelandic", ['K', 'D', 'H', 'B', 'R', 'P']),
        lang("et", "Estonian", ['K', 'L', 'V', 'O', 'R', 'P']),
        lang("hr", "Croatian", ['K', 'D', 'T', 'L', 'S', 'P']),
    ];

    /// This language, writing moves with figurines (`♘f3`, FIDE's choice
    /// for print) when `on`, else in its letters.
    #[must_use]
    pub fn with_figurines(self, on: bool) -> Lang {
        Lang {
            figurines: on,
            ..self
        }
    }

    /// Whether moves are written with figurines.
    pub fn figurines(self) -> bool {
        self.figurines
    }

    /// Whether input is read in English letters (figurines or not).
    pub fn is_english(self) -> bool {
        self.code == Lang::EN.code
    }

    /// Whether written moves differ from English SAN: another language's
    /// letters, or figurines (JSON then adds `local`).
    pub fn is_local(self) -> bool {
        self.figurines || !self.is_english()
    }

    /// How a piece is named in a list of pieces: the figurine when
    /// figurines are chosen, else the language's letter.
    pub fn symbol(self, role: Role) -> char {
        if self.figurines {
            figurine(role)
        } else {
            self.letter(role)
        }
    }

    /// The language's letter for `role`.
    pub fn letter(self, role: Role) -> char {
        let i = ROLES.iter().position(|&r| r == role).unwrap_or(5);
        self.letters[i]
    }

    /// The piece (not the pawn) a letter names in this language.
    fn piece(self, c: char) -> Option<Role> {
        self.letters[..5]
            .iter()
            .position(|&l| l == c)
            .map(|i| ROLES[i])
    }

    /// Whether `c` is this language's pawn letter as an input may start
    /// with it. Not the Dutch `O`, which would clash with castling.
    fn pawn(self, c: char) -> bool {
        c == self.letters[5] && c != 'O'
    }

    /// Reads `input`, written in this language's letters, as English SAN:
    /// the leading piece letter and a promotion letter are translated.
    ///
    /// # Errors
    /// [`ForeignLetter`] when the input starts with an upper-case letter
    /// that is a piece in English but not in this language ("in German
    /// notation the knight is S").
    pub fn to_english(self, input: &str) -> Result<Cow<'_, str>, ForeignLetter> {
        if self.is_english() || castling_like(input) {
            return Ok(Cow::Borrowed(input));
        }
        self.translate(input)
    }

    /// Translates the letters of `input`, castling or not.
    fn translate(self, input: &str) -> Result<Cow<'_, str>, ForeignLetter> {
        let trimmed = input.trim_start();
        let mut out = String::with_capacity(input.len());
        out.push_str(&input[..input.len() - trimmed.len()]);
        let mut chars = trimmed.chars();
        if let Some(first) = chars.next() {
            // A lower-case letter that is not a file nor `x` may be a piece
            // letter typed in lower case (German `sf3`): read it as such and
            // let the resolver teach the capital.
            let lower = first.is_ascii_lowercase() && !matches!(first, 'a'..='h' | 'x' | 'o');
            let letter = if lower {
                first.to_ascii_uppercase()
            } else {
                first
            };
            match (self.piece(letter), self.pawn(letter)) {
                // English reads a lower-case b as the b-file: the bishop keeps its capital.
                (Some(role), _) if lower && role != Role::Bishop => {
                    out.push(Lang::EN.letter(role).to_ascii_lowercase());
                }
                (Some(role), _) => out.push(Lang::EN.letter(role)),
                (None, true) => out.push('P'),
                (None, false) => {
                    if let Some(role) = Lang::EN.piece(letter).filter(|_| letter != 'O') {
                        return Err(ForeignLetter {
                            lang: self,
                            letter: first,
                            role,
                        });
                    }
                    out.push(first);
                }
            }
        }
        // A promotion letter follows `=` or a rank; a capital anywhere else
        // is left for the parser to explain.
        let mut previous = out.chars().next_back();
        for c in chars {
            let after = matches!(previous, Some('=' | '1' | '8'));
            let translated = match self.piece(c) {
                Some(role) if after => Lang::EN.letter(role),
                _ => c,
            };
            out.push(translated);
            previous = Some(c);
        }
        Ok(Cow::Owned(out))
    }

    /// Writes English SAN (or LAN) in this language's letters, or in
    /// figurines when they are chosen ([`Lang::with_figurines`]).
    pub fn localize(self, san: &str) -> String {
        if self.figurines {
            Lang::figurine(san)
        } else {
            self.write(san, |role| self.letter(role))
        }
    }

    /// Writes the moves `sans` (English SAN, each also without its `+` or
    /// `#`) in this language's letters wherever `message` names them,
    /// leaving the rest as it is. Unlike [`Lang::localize_text`] it is safe
    /// on text that may already hold moves in this language's letters
    /// (where `R` may be the king), since only the moves named are read.
    pub fn localize_moves<'m>(
        self,
        message: &str,
        sans: impl IntoIterator<Item = &'m str>,
    ) -> String {
        let mut out = message.to_owned();
        if self.is_local() {
            for san in sans {
                out = out.replace(san, &self.localize(san));
                let bare = san.trim_end_matches(['+', '#']);
                out = out.replace(bare, &self.localize(bare));
            }
        }
        out
    }

    /// A notation note in the user's letters: the move it suggests
    /// ("this is mate: write # (Td8#)") written in this language.
    pub fn note(self, diagnostic: &Diagnostic) -> String {
        self.localize_moves(&diagnostic.message, [diagnostic.suggestion.as_str()])
    }

    /// Writes every move token of `text` (prose with SAN in it, such as a
    /// lesson's examples or a line of moves) with [`Lang::localize`],
    /// leaving the words as they are. A token is a move when it reads as
    /// SAN or LAN of a piece or a promotion (`Nf3`, `Qxd8+`, `exd8=Q`,
    /// `Ng1-f3`, after any move number such as `12.` or `3...`); pawn
    /// moves and castling have no letters to change.
    pub fn localize_text(self, text: &str) -> String {
        if !self.is_local() {
            return text.to_owned();
        }
        let mut out = String::with_capacity(text.len() + 8);
        let mut token = String::new();
        for c in text.chars() {
            if c.is_ascii_alphanumeric() || matches!(c, '=' | '-' | '+' | '#' | 'x' | '.') {
                token.push(c);
            } else {
                self.push_token(&mut out, &token);
                token.clear();
                out.push(c);
            }
        }
        self.push_token(&mut out, &token);
        out
    }

    /// One token of [`Lang::localize_text`]: a move number, then maybe a move.
    fn push_token(self, out: &mut String, token: &str) {
        let digits = token.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
        let (number, body) = token.split_at(token.len() - digits.len());
        out.push_str(number);
        // Trailing punctuation of the sentence ("Nf3." or "Nf3,") is not
        // part of the move.
        let core = body.trim_end_matches('.');
        let tail = &body[core.len()..];
        if is_piece_move(core) {
            out.push_str(&self.localize(core));
        } else {
            out.push_str(core);
        }
        out.push_str(tail);
    }

    /// Writes English SAN (or LAN) with figurines (`♘f3`, `e8=♕`).
    pub fn figurine(san: &str) -> String {
        Lang::EN.write(san, figurine)
    }

    fn write(self, san: &str, letter: impl Fn(Role) -> char) -> String {
        let mut out = String::with_capacity(san.len() + 2);
        for (i, c) in san.chars().enumerate() {
            let piece = Lang::EN.piece(c);
            // Piece letters are the first character or follow `=`; `O-O` stays.
            let at_piece = i == 0 || out.ends_with('=');
            match piece {
                Some(role) if at_piece => out.push(letter(role)),
                _ => out.push(c),
            }
        }
        out
    }
}

/// Resolves `input` written in `lang`'s letters (see [`resolve`]). Beyond
/// the resolver's answers, it teaches the letters: an English letter that
/// is no piece here ("in German notation the knight is S, not N: Sf3"),
/// and a letter that names another piece here than in English when only
/// the English reading is a move ("in French notation R is the king; the
/// rook is T: Tg1").
///
/// # Errors
/// As [`resolve`]; the letter lessons are syntax errors.
pub fn resolve_in(
    pos: &Chess,
    input: &str,
    strictness: Strictness,
    lang: Lang,
) -> Result<Resolved, Rejected> {
    if lang.is_english() {
        return resolve(pos, input, strictness);
    }
    let english = match lang.to_english(input) {
        Ok(english) => english,
        Err(foreign) => {
            let message = match resolve(pos, input, Strictness::Lenient) {
                Ok(r) => foreign.with_move(&r.text.san),
                Err(_) => foreign.to_string(),
            };
            return Err(lesson(message));
        }
    };
    let mut result = resolve(pos, &english, strictness);
    let pawn_letter = typed_pawn_letter(input, lang);
    let diagnostics = match &mut result {
        Ok(r) => &mut r.diagnostics,
        Err(e) => &mut e.diagnostics,
    };
    if pawn_letter {
        name_the_pawn_letter(diagnostics, lang, true);
    }
    match &mut result {
        Err(rejected) if !matches!(rejected.error, ResolveError::Ambiguous { .. }) => {
            if let Some(message) = collision(pos, input, lang) {
                return Err(lesson(message));
            }
            // Neither reading is a move (`Ba6` in German: no pawn and no
            // bishop reaches a6): the letter is still taught.
            if pawn_letter {
                teach_the_pawn_letter(&mut rejected.diagnostics, lang);
            }
            result
        }
        _ => result,
    }
}

/// Whether `input` starts with `lang`'s pawn letter where that letter is
/// not English's `P` (German `B`, French `P` is English's own).
fn typed_pawn_letter(input: &str, lang: Lang) -> bool {
    lang.letter(Role::Pawn) != 'P'
        && input
            .trim_start()
            .chars()
            .next()
            .is_some_and(|c| lang.pawn(c))
}

/// The pawn-letter notes say the letter typed (`leave out the B`), not
/// English's `P`, and which piece that letter is not; `with_move`: with the
/// move written right.
fn name_the_pawn_letter(diagnostics: &mut [Diagnostic], lang: Lang, with_move: bool) {
    for d in diagnostics
        .iter_mut()
        .filter(|d| d.code == Code::PawnLetter)
    {
        let canonical = if with_move { d.suggestion.as_str() } else { "" };
        d.message = pawn_letter_lesson(lang, canonical);
    }
}

/// A pawn-letter note for a rejected input that has none yet, where the
/// pawn's letter is a piece in English: the collision is the likely slip.
fn teach_the_pawn_letter(diagnostics: &mut Vec<Diagnostic>, lang: Lang) {
    let pawn = lang.letter(Role::Pawn);
    if Lang::EN.piece(pawn).is_some() && !diagnostics.iter().any(|d| d.code == Code::PawnLetter) {
        diagnostics.push(Diagnostic::new(
            Code::PawnLetter,
            pawn_letter_lesson(lang, ""),
            "",
        ));
    }
}

/// The live hint for `text` written in `lang`'s letters; the candidates
/// stay English [`MoveText`]s (write them with [`Lang::localize`]).
/// Where `O` is a piece (the Estonian bishop), `O` and `O-` are read both
/// as castling and as that piece.
pub fn hint_in(engine: &HintEngine, text: &str, lang: Lang) -> Hint {
    let impossible = |foreign: ForeignLetter| Hint {
        state: HintState::Impossible(super::Impossible::Foreign(foreign)),
        candidates: Vec::new(),
        diagnostics: Vec::new(),
    };
    let english = match lang.to_english(text) {
        Ok(english) => english,
        Err(foreign) => return impossible(foreign),
    };
    let mut hint = engine.hint(&english);
    if typed_pawn_letter(text, lang) {
        // Only a whole move's note names the move (a partial one has many).
        let whole = matches!(
            hint.state,
            HintState::Complete | HintState::CompleteOrLonger
        );
        name_the_pawn_letter(&mut hint.diagnostics, lang, whole);
        if matches!(hint.state, HintState::Impossible(_)) {
            teach_the_pawn_letter(&mut hint.diagnostics, lang);
        }
    }
    if !lang.is_english() && lang.piece('O').is_some() && castling_like(text) {
        let Ok(piece) = lang.translate(text) else {
            return hint;
        };
        let piece = engine.hint(&piece);
        if hint.candidates.is_empty() {
            return piece;
        }
        let more: Vec<MoveText> = piece
            .candidates
            .into_iter()
            .filter(|c| !hint.candidates.iter().any(|h| h.mv == c.mv))
            .collect();
        if !more.is_empty() {
            hint.candidates.extend(more);
            hint.state = match hint.state {
                HintState::Complete => HintState::CompleteOrLonger,
                HintState::CompleteOrLonger => HintState::CompleteOrLonger,
                _ => HintState::Partial,
            };
        }
    }
    hint
}

/// Whether `token` is SAN or LAN with a piece letter or a promotion to
/// write in another language: `Nf3`, `Rxe8#`, `Nbd2`, `Ng1-f3`, `e8=Q`.
fn is_piece_move(token: &str) -> bool {
    let bytes = token.as_bytes();
    let square = |i: usize| {
        bytes.get(i).is_some_and(|b| (b'a'..=b'h').contains(b))
            && bytes.get(i + 1).is_some_and(|b| (b'1'..=b'8').contains(b))
    };
    let body = token.trim_end_matches(['+', '#']);
    let piece = matches!(bytes.first(), Some(b'K' | b'Q' | b'R' | b'B' | b'N'))
        && body.len() >= 3
        && square(body.len() - 2)
        && body[1..body.len() - 2]
            .bytes()
            .all(|b| matches!(b, b'a'..=b'h' | b'1'..=b'8' | b'x' | b'-'));
    let promotion = body.len() >= 4
        && body.ends_with(['Q', 'R', 'B', 'N'])
        && body[..body.len() - 1].ends_with('=')
        && square(body.len() - 4)
        && body[..body.len() - 4]
            .bytes()
            .all(|b| matches!(b, b'a'..=b'h' | b'1'..=b'8' | b'x' | b'-'));
    piece || promotion
}

/// Whether `input` reads as castling (or its start): only `O`, `o`, `0`
/// and hyphens before any check sign or glyph.
fn castling_like(input: &str) -> bool {
    let body = input.trim().trim_end_matches(['+', '#', '!', '?']);
    body.starts_with(['O', 'o', '0']) && body.chars().all(|c| matches!(c, 'O' | 'o' | '0' | '-'))
}

/// A letter that names one piece in `lang` and another in English, when
/// only the English reading of `input` is a move.
fn collision(pos: &Chess, input: &str, lang: Lang) -> Option<String> {
    let first = input.trim_start().chars().next()?;
    let english_role = Lang::EN
        .piece(first)
        .or((first == 'P').then_some(Role::Pawn))?;
    let local_role = lang
        .piece(first)
        .or(lang.pawn(first).then_some(Role::Pawn))?;
    if english_role == local_role {
        return None;
    }
    let r = resolve(pos, input, Strictness::Lenient).ok()?;
    Some(format!(
        "in {} notation {first} is the {}; the {} is {}: {}",
        lang.name,
        role_name(local_role),
        role_name(english_role),
        lang.letter(english_role),
        lang.localize(&r.text.san)
    ))
}

/// "Leave out the B", and where the pawn's letter is a piece in English,
/// which piece it is not.
fn pawn_letter_lesson(lang: Lang, canonical: &str) -> String {
    let pawn = lang.letter(Role::Pawn);
    let mut message = format!("pawns have no letter in SAN: leave out the {pawn}");
    if let Some(role) = Lang::EN.piece(pawn) {
        message.push_str(&format!(
            " (in {} notation {pawn} is the pawn; the {} is {})",
            lang.name,
            role_name(role),
            lang.letter(role)
        ));
    }
    if !canonical.is_empty() {
        message.push_str(&format!(": {}", lang.localize(canonical)));
    }
    message
}

fn lesson(message: String) -> Rejected {
    ResolveError::Syntax(SyntaxError { at: 0, message }).into()
}

/// The figurine of a piece (the white set, as printed for both sides).
pub fn figurine(role: Role) -> char {
    match role {
        Role::King => '♔',
        Role::Queen => '♕',
        Role::Rook => '♖',
        Role::Bishop => '♗',
        Role::Knight => '♘',
        Role::Pawn => '♙',
    }
}

impl fmt::Display for Lang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code)
    }
}

impl Default for Lang {
    fn default() -> Self {
        Lang::EN
    }
}

/// An unknown language code.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown language {0:?}: use one of {codes}", codes = codes())]
pub struct UnknownLang(pub String);

fn codes() -> String {
    Lang::ALL
        .iter()
        .map(|l| l.code)
        .collect::<Vec<_>>()
        .join(", ")
}

impl FromStr for Lang {
    type Err = UnknownLang;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let code = s.trim().to_ascii_lowercase();
        // Norwegian Bokmål and Nynorsk share the letters.
        let code = match code.as_str() {
            "nb" | "nn" => "no",
            other => other,
        };
        Lang::ALL
            .into_iter()
            .find(|l| l.code == code)
            .ok_or_else(|| UnknownLang(s.to_owned()))
    }
}

/// An English piece letter typed in another language's notation.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "in {} notation the {} is {}, not {letter}",
    .lang.name,
    role_name(*.role),
    .lang.letter(*.role)
)]
pub struct ForeignLetter {
    /// The language the input was read in.
    pub lang: Lang,
    /// The letter typed.
    pub letter: char,
    /// The piece the letter names in English.
    pub role: Role,
}

impl ForeignLetter {
    /// The lesson with the move written right, when the English reading is
    /// a move: "in German notation the knight is S, not N: Sf3".
    pub fn with_move(&self, english_san: &str) -> String {
        format!("{self}: {}", self.lang.localize(english_san))
    }
}

#[cfg(test)]
mod tests;
