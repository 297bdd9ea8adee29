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

use super::diagnostic::Code;
use super::hint::{Hint, HintEngine, HintState};
use super::resolve::resolve;
use super::types::{
    MoveText, Rejected, ResolveError, Resolved, Strictness, SyntaxError, role_name,
};

/// A notation language: an ISO 639-1 code and its piece letters.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Lang {
    /// ISO 639-1 code (`en`, `de`, ...).
    pub code: &'static str,
    /// The language's name in English, for messages ("in German notation").
    pub name: &'static str,
    /// Letters for king, queen, rook, bishop, knight, pawn.
    letters: [char; 6],
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
        if self == Lang::EN || castling_like(input) {
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

    /// Writes English SAN (or LAN) in this language's letters.
    pub fn localize(self, san: &str) -> String {
        self.write(san, |role| self.letter(role))
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
    if lang == Lang::EN {
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
    let pawn = lang.letter(Role::Pawn);
    if pawn != 'P' && lang.pawn(input.trim_start().chars().next().unwrap_or(' ')) {
        let diagnostics = match &mut result {
            Ok(r) => &mut r.diagnostics,
            Err(e) => &mut e.diagnostics,
        };
        for d in diagnostics
            .iter_mut()
            .filter(|d| d.code == Code::PawnLetter)
        {
            d.message = pawn_letter_lesson(lang, &d.suggestion);
        }
    }
    match &result {
        Err(rejected) if !matches!(rejected.error, ResolveError::Ambiguous { .. }) => {
            if let Some(message) = collision(pos, input, lang) {
                return Err(lesson(message));
            }
            result
        }
        _ => result,
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
    if lang != Lang::EN && lang.piece('O').is_some() && castling_like(text) {
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
    message.push_str(&format!(": {}", lang.localize(canonical)));
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
mod tests {
    use super::*;

    fn lang(code: &str) -> Lang {
        code.parse().unwrap()
    }

    #[test]
    fn reads_and_writes_each_language() {
        // (language, local input, English SAN)
        let cases = [
            ("de", "Sf3", "Nf3"),
            ("de", "Lb5+", "Bb5+"),
            ("de", "Dxd8#", "Qxd8#"),
            ("de", "e8=D", "e8=Q"),
            ("de", "Be4", "Pe4"),
            ("fr", "Cf3", "Nf3"),
            ("fr", "Fxc4", "Bxc4"),
            ("fr", "Rg1", "Kg1"),
            ("fr", "Tg1", "Rg1"),
            ("es", "Axc4", "Bxc4"),
            ("it", "exd8=D", "exd8=Q"),
            ("pt", "Bc4", "Bc4"),
            ("nl", "Pf3", "Nf3"),
            ("nl", "O-O", "O-O"),
            ("cs", "Jf3", "Nf3"),
            ("cs", "Vxa8", "Rxa8"),
            ("pl", "Hd1", "Qd1"),
            ("pl", "Gc4", "Bc4"),
            ("hu", "Bd1", "Rd1"),
            ("hu", "Vd1", "Qd1"),
            ("hu", "Hf3", "Nf3"),
            ("fi", "Rf3", "Nf3"),
            ("ro", "Nc4", "Bc4"),
            ("is", "Hd1", "Rd1"),
            ("is", "Rf3", "Nf3"),
            ("et", "Ld1", "Qd1"),
            ("et", "Oc4", "Bc4"),
            ("hr", "Sf3", "Nf3"),
            ("en", "Nf3", "Nf3"),
        ];
        for (code, local, english) in cases {
            let l = lang(code);
            assert_eq!(l.to_english(local).unwrap(), english, "{code} {local}");
            // Output never writes a pawn letter.
            if !english.starts_with('P') {
                assert_eq!(l.localize(english), local, "{code} {english}");
            }
        }
    }

    #[test]
    fn an_english_letter_is_explained() {
        let err = lang("de").to_english("Nf3").unwrap_err();
        assert_eq!(err.to_string(), "in German notation the knight is S, not N");
        assert_eq!(
            err.with_move("Nf3"),
            "in German notation the knight is S, not N: Sf3"
        );
        let err = lang("fr").to_english("Qd1").unwrap_err();
        assert_eq!(err.to_string(), "in French notation the queen is D, not Q");
        // Lower case: a German s is the knight, an English n is explained.
        assert_eq!(lang("de").to_english("sf3").unwrap(), "nf3");
        assert_eq!(lang("de").to_english("lc4").unwrap(), "Bc4");
        assert_eq!(lang("de").to_english("bxc3").unwrap(), "bxc3");
        assert_eq!(lang("fr").to_english("rg1").unwrap(), "kg1");
        let err = lang("de").to_english("nf3").unwrap_err();
        assert_eq!(err.to_string(), "in German notation the knight is S, not n");
        // Castling is the same everywhere.
        assert_eq!(lang("de").to_english("O-O").unwrap(), "O-O");
    }

    #[test]
    fn collisions_are_the_lesson() {
        use shakmaty::fen::Fen;
        let pos: Chess = "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1"
            .parse::<Fen>()
            .unwrap()
            .into_position(shakmaty::CastlingMode::Standard)
            .unwrap();
        let fr = lang("fr");
        let err = resolve_in(&pos, "Ra5", Strictness::Lenient, fr).unwrap_err();
        assert_eq!(
            err.to_string(),
            "in French notation R is the king; the rook is T: Ta5"
        );
        let ok = resolve_in(&pos, "Ta5", Strictness::Strict, fr).unwrap();
        assert_eq!(ok.text.san, "Ra5");
        let err = resolve_in(&pos, "Qa5", Strictness::Lenient, fr).unwrap_err();
        assert_eq!(err.to_string(), "in French notation the queen is D, not Q");
        let de = lang("de");
        let err = resolve_in(&pos, "Ra5", Strictness::Lenient, de).unwrap_err();
        assert_eq!(
            err.to_string(),
            "in German notation the rook is T, not R: Ta5"
        );
        // German B is the pawn: the lesson names the bishop's letter.
        let start = Chess::default();
        let r = resolve_in(&start, "Be4", Strictness::Lenient, de).unwrap();
        assert_eq!(r.text.san, "e4");
        assert_eq!(
            r.diagnostics[0].message,
            "pawns have no letter in SAN: leave out the B (in German notation B is the pawn; the bishop is L): e4"
        );
        let engine = HintEngine::new(&pos);
        let h = hint_in(&engine, "T", de);
        assert!(
            h.candidates.iter().all(|c| c.mv.role() == Role::Rook),
            "{h:?}"
        );
        assert!(matches!(
            hint_in(&engine, "R", de).state,
            HintState::Impossible(_)
        ));
    }

    #[test]
    fn figurines_and_codes() {
        assert_eq!(Lang::figurine("Nf3"), "♘f3");
        assert_eq!(Lang::figurine("exd8=Q+"), "exd8=♕+");
        assert_eq!(Lang::figurine("O-O"), "O-O");
        assert_eq!(lang("DE"), lang("de"));
        assert_eq!(lang("nb"), lang("no"));
        let err = "xx".parse::<Lang>().unwrap_err().to_string();
        assert!(err.contains("unknown language \"xx\""), "{err}");
        let mut seen = std::collections::HashSet::new();
        for l in Lang::ALL {
            assert!(seen.insert(l.code), "duplicate {}", l.code);
            let pieces: std::collections::HashSet<char> = l.letters[..5].iter().copied().collect();
            assert_eq!(pieces.len(), 5, "{}: two pieces share a letter", l.code);
        }
    }
}
