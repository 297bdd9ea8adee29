//! The tolerant parser: what a typed string asks for, and how it was written.
//!
//! Parsing knows nothing of the position. It normalises everything that has
//! one sensible reading (figurines, `0-0`, `nf3`, `e8Q`, `Nf3!`, surrounding
//! spaces), records how the text was written in a [`Form`], and leaves the
//! judgement (is the `x` right? is the disambiguation needed?) to the
//! resolver, which knows the move.

use shakmaty::{CastlingSide, File, Rank, Role};

use super::types::{MoveSpec, SyntaxError};

/// The check sign written after a move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum WrittenSuffix {
    /// Nothing.
    #[default]
    None,
    /// `+`.
    Check,
    /// `#`.
    Mate,
    /// `++` (double check or mate in some old books).
    DoubleCross,
}

/// How an input was written, beyond what it asks for.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Form {
    /// Spaces before or after.
    pub surrounding_space: bool,
    /// Spaces inside.
    pub inner_space: bool,
    /// Annotation glyphs that were stripped (`!?`).
    pub annotation: Option<String>,
    /// A figurine stood for a piece letter.
    pub figurine: bool,
    /// Castling with zeros.
    pub zero_castling: bool,
    /// Castling with lower-case `o` or without hyphens.
    pub castling_spelling: bool,
    /// A `P` before a pawn move.
    pub pawn_letter: bool,
    /// A lower-case piece letter (`n`, `r`, `q`, `k`).
    pub lowercase_piece: bool,
    /// The input started with a lower-case `b` (always the b-file).
    pub leading_b: bool,
    /// A promotion was written with `=`.
    pub promotion_equals: bool,
    /// A promotion letter was lower case.
    pub promotion_lowercase: bool,
    /// The separator between departure and destination: `x` or `-`.
    pub separator: Option<char>,
    /// The capture sign as typed when it is not `x` (`X` or `:`).
    pub capture_sign: Option<char>,
    /// The check signs as typed when they are not one `+`, one `#` or `++`
    /// (`##`, `+#`, `#+`, `+++`): [`Form::suffix`] then holds the reading
    /// (mate when a `#` is among them).
    pub odd_signs: Option<String>,
    /// An `e.p.` suffix.
    pub ep_suffix: bool,
    /// A check or mate written as a word (`Bb5ch`, `Qxf7 mate`), as
    /// typed, lower case: [`Form::suffix`] holds its reading.
    pub check_word: Option<String>,
    /// A promotion written in brackets or after a slash (`e8(Q)`,
    /// `e8/Q`), as typed: the body has it as `=Q`.
    pub promotion_form: Option<String>,
    /// The check sign.
    pub suffix: WrittenSuffix,
}

/// A parsed complete input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Parsed {
    /// What it asks for.
    pub spec: MoveSpec,
    /// How it was written.
    pub form: Form,
}

/// The normalised body of an input: upper-case piece letter, `O` castling,
/// no spaces, glyphs or check signs; plus how it was written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Normalized {
    /// The body, e.g. `Nf3`, `O-O`, `e8=q`, `g1f3`.
    pub body: String,
    /// How it was written.
    pub form: Form,
}

/// The longest input read as a move, in bytes. The longest sensible
/// spelling (`♘g1xf3+!? e.p.` and the like) is a few dozen bytes; anything
/// past this is refused as "input too long" in every interface, and a store
/// that keeps wrong inputs should keep at most [`bounded_prefix`] of one.
pub const MAX_INPUT_LEN: usize = 256;

/// What a lone check sign or annotation glyph is told.
pub const START_WITH_A_PIECE_OR_SQUARE: &str =
    "start with a piece letter or a square: signs such as + # ! ? come after the move";

/// The message for an input longer than [`MAX_INPUT_LEN`].
pub fn too_long_message(len: usize) -> String {
    format!("input too long: a move is at most {MAX_INPUT_LEN} bytes, this is {len}")
}

/// At most the first [`MAX_INPUT_LEN`] bytes of `input`, cut at a character
/// boundary: what a store of wrong inputs should keep.
pub fn bounded_prefix(input: &str) -> &str {
    if input.len() <= MAX_INPUT_LEN {
        return input;
    }
    let mut end = MAX_INPUT_LEN;
    while !input.is_char_boundary(end) {
        end -= 1;
    }
    &input[..end]
}

fn figurine(c: char) -> Option<char> {
    Some(match c {
        '♔' | '♚' => 'K',
        '♕' | '♛' => 'Q',
        '♖' | '♜' => 'R',
        '♗' | '♝' => 'B',
        '♘' | '♞' => 'N',
        '♙' | '♟' => 'P',
        _ => return None,
    })
}

/// Normalises an input (complete or partial) without judging its grammar.
pub fn normalize(input: &str) -> Normalized {
    let mut form = Form::default();
    let trimmed = input.trim();
    form.surrounding_space = trimmed.len() != input.len();

    // "exd6 e.p." and "Bb5 ch" are customary spacings: the e.p. and the
    // word are judged later.
    let trimmed = join_suffix_word(&trimmed.replace(" e.p.", "e.p."));
    let mut text = String::with_capacity(trimmed.len());
    for c in trimmed.chars() {
        if c.is_whitespace() {
            form.inner_space = true;
        } else if let Some(letter) = figurine(c) {
            form.figurine = true;
            text.push(letter);
        } else {
            text.push(c);
        }
    }

    strip_suffixes(&mut text, &mut form);
    bracketed_promotion(&mut text, &mut form);

    if let Some(castle) = castling_body(&text, &mut form) {
        return Normalized { body: castle, form };
    }

    let mut body = String::with_capacity(text.len());
    let mut chars = text.chars();
    match chars.clone().next() {
        Some(c @ ('n' | 'r' | 'q' | 'k')) => {
            form.lowercase_piece = true;
            body.push(c.to_ascii_uppercase());
            chars.next();
        }
        Some('P' | 'p') => {
            form.pawn_letter = true;
            chars.next();
        }
        Some('b') => form.leading_b = true,
        _ => {}
    }
    body.extend(chars);
    Normalized { body, form }
}

/// Check and mate written as words, longest first (so that `checkmate`
/// is not read as `mate`): English scoresheets and old books write them.
const CHECK_WORDS: [(&str, WrittenSuffix); 4] = [
    ("checkmate", WrittenSuffix::Mate),
    ("check", WrittenSuffix::Check),
    ("mate", WrittenSuffix::Mate),
    ("ch", WrittenSuffix::Check),
];

/// Whether `head` ends where a move can: on a square (a rank digit), on a
/// promotion letter after `=` or the last rank (`e8=Q`, `e8Q`), or as
/// castling (`O-O`). A piece letter alone (`B` before `ch3`) does not.
pub(crate) fn ends_a_move(head: &str) -> bool {
    let b = head.as_bytes();
    match b {
        [.., b'1'..=b'8'] => true,
        [.., before, b'Q' | b'R' | b'B' | b'N' | b'q' | b'r' | b'n'] => {
            matches!(before, b'=' | b'1' | b'8')
        }
        [_, ..] => head.bytes().all(|c| matches!(c, b'O' | b'o' | b'0' | b'-')),
        [] => false,
    }
}

/// `text` with the space before a trailing check word removed ("Bb5 ch",
/// "Qxf7 mate" are written so).
fn join_suffix_word(text: &str) -> String {
    if let Some((head, word)) = text.rsplit_once(' ')
        && CHECK_WORDS
            .iter()
            .any(|(w, _)| word.eq_ignore_ascii_case(w))
        && ends_a_move(head.trim_end())
    {
        return format!("{}{word}", head.trim_end());
    }
    text.to_owned()
}

/// Strips a check word (`ch`, `check`, `mate`, `checkmate`) from the end
/// of `text`, when a move ends before it.
fn strip_check_word(text: &mut String, form: &mut Form) -> bool {
    let lower = text.to_ascii_lowercase();
    for (word, suffix) in CHECK_WORDS {
        if let Some(head) = lower.strip_suffix(word)
            && ends_a_move(&text[..head.len()])
        {
            form.check_word = Some(word.to_owned());
            form.suffix = suffix;
            text.truncate(head.len());
            return true;
        }
    }
    false
}

/// Reads a promotion written in brackets or after a slash (`e8(Q)`,
/// `e8/Q`) as `e8=Q`, noting how it was written.
fn bracketed_promotion(text: &mut String, form: &mut Form) {
    let b = text.as_bytes();
    let n = b.len();
    let piece = |c: u8| matches!(c.to_ascii_uppercase(), b'Q' | b'R' | b'B' | b'N');
    let (cut, written) = if n >= 4 && b[n - 1] == b')' && b[n - 3] == b'(' && piece(b[n - 2]) {
        (n - 3, &text[n - 3..])
    } else if n >= 3 && b[n - 2] == b'/' && piece(b[n - 1]) {
        (n - 2, &text[n - 2..])
    } else {
        return;
    };
    if !text[..cut].ends_with(|c: char| c.is_ascii_digit()) {
        return;
    }
    let letter = written
        .chars()
        .find(char::is_ascii_alphabetic)
        .unwrap_or('Q');
    form.promotion_form = Some(written.to_owned());
    let rewritten = format!("{}={letter}", &text[..cut]);
    *text = rewritten;
}

/// Strips annotation glyphs, `e.p.` and check signs from the end of `text`.
///
/// Linear in the length of the text: each step removes at least one
/// character from the end (a quarter of a million `!` cost microseconds).
fn strip_suffixes(text: &mut String, form: &mut Form) {
    // Both collected back to front.
    let mut glyphs = Vec::new();
    let mut signs = Vec::new();
    loop {
        match text.chars().next_back() {
            Some(c @ ('!' | '?')) => {
                text.pop();
                glyphs.push(c);
            }
            Some(c @ ('+' | '#')) => {
                text.pop();
                signs.push(c);
            }
            _ => {
                if form.check_word.is_none() && signs.is_empty() && strip_check_word(text, form) {
                    continue;
                }
                // Only after a square ("exd6e.p."), never eating a real square.
                let Some(ep) = ["e.p.", "ep"]
                    .into_iter()
                    .find(|ep| text.len() > 4 && text.ends_with(ep))
                else {
                    break;
                };
                text.truncate(text.len() - ep.len());
                form.ep_suffix = true;
            }
        }
    }
    if !glyphs.is_empty() {
        form.annotation = Some(glyphs.into_iter().rev().collect());
    }
    let signs: String = signs.into_iter().rev().collect();
    if form.check_word.is_some() && signs.is_empty() {
        return;
    }
    form.suffix = match signs.as_str() {
        "" => WrittenSuffix::None,
        "+" => WrittenSuffix::Check,
        "#" => WrittenSuffix::Mate,
        "++" => WrittenSuffix::DoubleCross,
        odd => {
            form.odd_signs = Some(odd.to_owned());
            if odd.contains('#') {
                WrittenSuffix::Mate
            } else {
                WrittenSuffix::DoubleCross
            }
        }
    };
}

/// Recognises castling spelled with `O`, `o` or `0`, with or without
/// hyphens, and returns it as `O-O`/`O-O-O` (or a prefix of it).
fn castling_body(text: &str, form: &mut Form) -> Option<String> {
    if text.is_empty() || !text.chars().all(|c| matches!(c, 'O' | 'o' | '0' | '-')) {
        return None;
    }
    if !text.starts_with(['O', 'o', '0']) {
        return None;
    }
    let os = text.chars().filter(|&c| c != '-').count();
    if os > 3 {
        return None;
    }
    form.zero_castling = text.contains('0');
    form.castling_spelling = text.contains('o') || text.contains("OO") || text.contains("--");
    if text.chars().filter(|&c| c != '-').any(|c| c != '0') && form.zero_castling {
        form.castling_spelling = true;
    }
    let mut body = vec!["O"; os].join("-");
    if text.ends_with('-') {
        body.push('-');
    }
    Some(body)
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Token {
    File(File),
    Rank(Rank),
    /// `x`, `X` or `:`, as typed.
    Capture(char),
    Hyphen,
    Equals,
    Promotion(Role, bool),
}

/// Parses a complete input.
///
/// # Errors
/// [`SyntaxError`] says what was expected where, when the text is not move
/// notation at all.
pub fn parse(input: &str) -> Result<Parsed, SyntaxError> {
    let Normalized { body, form } = normalize(input);
    parse_body(&body, form)
}

/// Parses a normalised body.
pub fn parse_body(body: &str, mut form: Form) -> Result<Parsed, SyntaxError> {
    if body.is_empty() && (form.suffix != WrittenSuffix::None || form.annotation.is_some()) {
        return Err(syntax(0, START_WITH_A_PIECE_OR_SQUARE));
    }
    if body.is_empty() {
        return Err(syntax(
            0,
            "nothing to read: type a move such as e4, Nf3 or O-O",
        ));
    }
    match body {
        "O-O" => return Ok(castle(CastlingSide::KingSide, form)),
        "O-O-O" => return Ok(castle(CastlingSide::QueenSide, form)),
        _ if body.starts_with('O') => {
            return Err(syntax(
                body.len(),
                "castling is written O-O (kingside) or O-O-O (queenside)",
            ));
        }
        _ => {}
    }

    let mut spec = MoveSpec::default();
    let mut rest = body;
    if let Some(role) = rest.chars().next().and_then(piece_letter) {
        spec.role = Some(role);
        rest = &rest[1..];
    }
    if form.pawn_letter {
        spec.role = Some(Role::Pawn);
    }
    let offset = body.len() - rest.len();
    let mut tokens = tokenize(rest, offset, spec.role.is_some_and(|r| r != Role::Pawn))?;

    if let Some(&Token::Promotion(role, lower)) = tokens.last() {
        tokens.pop();
        spec.promotion = Some(role);
        form.promotion_lowercase = lower;
        if tokens.last() == Some(&Token::Equals) {
            tokens.pop();
            form.promotion_equals = true;
        }
    } else if tokens.last() == Some(&Token::Equals) {
        return Err(syntax(
            body.len(),
            "expected a promotion piece after =: Q, R, B or N",
        ));
    }

    match tokens.as_slice() {
        [.., Token::File(f), Token::Rank(r)] => {
            spec.to = Some(shakmaty::Square::from_coords(*f, *r));
            tokens.truncate(tokens.len() - 2);
        }
        [.., Token::File(f)] => {
            return Err(syntax(
                body.len(),
                format!("expected a rank (1-8) after the file {}", f.char()),
            ));
        }
        _ => {
            return Err(syntax(
                body.len(),
                "expected a destination square such as e4",
            ));
        }
    }
    match tokens.last() {
        Some(&Token::Capture(sign)) => {
            form.separator = Some('x');
            form.capture_sign = (sign != 'x').then_some(sign);
            spec.capture = true;
            tokens.pop();
        }
        Some(Token::Hyphen) => {
            form.separator = Some('-');
            tokens.pop();
        }
        _ => {}
    }
    match tokens.as_slice() {
        [] => {}
        [Token::File(f)] => spec.from_file = Some(*f),
        [Token::Rank(r)] => spec.from_rank = Some(*r),
        [Token::File(f), Token::Rank(r)] => {
            spec.from_file = Some(*f);
            spec.from_rank = Some(*r);
        }
        _ => {
            return Err(syntax(
                offset,
                "too much before the destination: a move names at most a departure square and a destination",
            ));
        }
    }
    if spec.role.is_none() && spec.from_square().is_none() {
        spec.role = Some(Role::Pawn);
    }
    Ok(Parsed { spec, form })
}

fn castle(side: CastlingSide, form: Form) -> Parsed {
    Parsed {
        spec: MoveSpec {
            castle: Some(side),
            role: Some(Role::King),
            ..MoveSpec::default()
        },
        form,
    }
}

/// The piece named by an upper-case letter (after normalisation).
pub fn piece_letter(c: char) -> Option<Role> {
    Some(match c {
        'K' => Role::King,
        'Q' => Role::Queen,
        'R' => Role::Rook,
        'B' => Role::Bishop,
        'N' => Role::Knight,
        _ => return None,
    })
}

fn promotion_letter(c: char) -> Option<(Role, bool)> {
    Some(match c {
        'Q' => (Role::Queen, false),
        'R' => (Role::Rook, false),
        'B' => (Role::Bishop, false),
        'N' => (Role::Knight, false),
        'q' => (Role::Queen, true),
        'r' => (Role::Rook, true),
        'b' => (Role::Bishop, true),
        'n' => (Role::Knight, true),
        _ => return None,
    })
}

/// Splits what follows the piece letter into tokens. `piece` says a piece
/// letter came first (a promotion letter then gets a different lesson).
fn tokenize(rest: &str, offset: usize, piece: bool) -> Result<Vec<Token>, SyntaxError> {
    let mut tokens = Vec::with_capacity(rest.len());
    let count = rest.chars().count();
    for (i, c) in rest.chars().enumerate() {
        let at = offset + i;
        let last = i + 1 == count;
        let after_rank_or_eq = matches!(tokens.last(), Some(Token::Rank(_) | Token::Equals));
        let token = match c {
            'b' if last && after_rank_or_eq => Token::Promotion(Role::Bishop, true),
            'a'..='h' => Token::File(File::from_char(c).ok_or_else(|| bad_char(at, c))?),
            '1'..='8' => Token::Rank(Rank::from_char(c).ok_or_else(|| bad_char(at, c))?),
            'x' | 'X' | ':' => Token::Capture(c),
            '-' => Token::Hyphen,
            '=' => Token::Equals,
            _ if after_rank_or_eq => match promotion_letter(c) {
                Some((role, lower)) => Token::Promotion(role, lower),
                None if !piece && matches!(c, 'K' | 'k') => {
                    return Err(syntax(
                        at,
                        "a pawn cannot promote to a king: promote to Q, R, B or N",
                    ));
                }
                None if !piece && matches!(c, 'P' | 'p') => {
                    return Err(syntax(
                        at,
                        "a pawn cannot promote to a pawn: promote to Q, R, B or N",
                    ));
                }
                None => return Err(bad_char(at, c)),
            },
            _ => return Err(bad_char(at, c)),
        };
        if matches!(tokens.last(), Some(Token::Promotion(..))) {
            return Err(syntax(at, "nothing can follow the promotion piece"));
        }
        tokens.push(token);
    }
    Ok(tokens)
}

fn bad_char(at: usize, c: char) -> SyntaxError {
    let message = match c {
        '0' | '9' => format!("'{c}' is not a rank: ranks go from 1 to 8"),
        'i'..='z' => format!("'{c}' is not a file: files go from a to h"),
        'A'..='H' => format!(
            "files are written in lower case: {} rather than {c}",
            c.to_ascii_lowercase()
        ),
        'K' | 'Q' | 'R' | 'N' => {
            format!("the piece letter {c} belongs at the start of the move")
        }
        _ => format!("'{c}' has no place in a move"),
    };
    syntax(at, message)
}

fn syntax(at: usize, message: impl Into<String>) -> SyntaxError {
    SyntaxError {
        at,
        message: message.into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::Square;

    /// (input, role, from file, from rank, capture, to, promotion)
    type Row = (
        &'static str,
        Option<Role>,
        Option<char>,
        Option<char>,
        bool,
        Square,
        Option<Role>,
    );

    fn spec(input: &str) -> MoveSpec {
        parse(input).unwrap_or_else(|e| panic!("{input}: {e}")).spec
    }

    #[test]
    fn reads_what_each_form_asks_for() {
        let n = Some(Role::Knight);
        let p = Some(Role::Pawn);
        let cases: &[Row] = &[
            ("Nf3", n, None, None, false, Square::F3, None),
            ("nf3", n, None, None, false, Square::F3, None),
            ("♘f3", n, None, None, false, Square::F3, None),
            ("Ngf3", n, Some('g'), None, false, Square::F3, None),
            ("N1f3", n, None, Some('1'), false, Square::F3, None),
            ("Ng1f3", n, Some('g'), Some('1'), false, Square::F3, None),
            ("Ng1-f3", n, Some('g'), Some('1'), false, Square::F3, None),
            ("Nd5xf6", n, Some('d'), Some('5'), true, Square::F6, None),
            ("e4", p, None, None, false, Square::E4, None),
            ("Pe4", p, None, None, false, Square::E4, None),
            ("exd5", p, Some('e'), None, true, Square::D5, None),
            ("bxc3", p, Some('b'), None, true, Square::C3, None),
            ("ed5", p, Some('e'), None, false, Square::D5, None),
            ("xd5", p, None, None, true, Square::D5, None),
            ("e8=Q", p, None, None, false, Square::E8, Some(Role::Queen)),
            ("e8Q", p, None, None, false, Square::E8, Some(Role::Queen)),
            ("e8q", p, None, None, false, Square::E8, Some(Role::Queen)),
            ("e8=b", p, None, None, false, Square::E8, Some(Role::Bishop)),
            ("e2e4", None, Some('e'), Some('2'), false, Square::E4, None),
            (
                "e7e8q",
                None,
                Some('e'),
                Some('7'),
                false,
                Square::E8,
                Some(Role::Queen),
            ),
            (
                "a7b8n",
                None,
                Some('a'),
                Some('7'),
                false,
                Square::B8,
                Some(Role::Knight),
            ),
            (
                " Qh5+! ",
                Some(Role::Queen),
                None,
                None,
                false,
                Square::H5,
                None,
            ),
            ("exd6 e.p.", p, Some('e'), None, true, Square::D6, None),
        ];
        for &(input, role, file, rank, capture, to, promotion) in cases {
            let s = spec(input);
            assert_eq!(s.role, role, "{input}");
            assert_eq!(s.from_file.map(|f| f.char()), file, "{input}");
            assert_eq!(s.from_rank.map(|r| r.char()), rank, "{input}");
            assert_eq!(s.capture, capture, "{input}");
            assert_eq!(s.to, Some(to), "{input}");
            assert_eq!(s.promotion, promotion, "{input}");
        }
    }

    #[test]
    fn records_how_it_was_written() {
        let f = parse("0-0").unwrap().form;
        assert!(f.zero_castling);
        let f = parse("o-o-o").unwrap();
        assert_eq!(f.spec.castle, Some(CastlingSide::QueenSide));
        assert!(f.form.castling_spelling);
        let f = parse(" Nf3!? ").unwrap().form;
        assert!(f.surrounding_space);
        assert_eq!(f.annotation.as_deref(), Some("!?"));
        assert_eq!(parse("Qh7#").unwrap().form.suffix, WrittenSuffix::Mate);
        assert_eq!(
            parse("Qh7++").unwrap().form.suffix,
            WrittenSuffix::DoubleCross
        );
        assert!(parse("e8Q").unwrap().form.promotion_equals.eq(&false));
        assert!(parse("e8=q").unwrap().form.promotion_lowercase);
        assert!(parse("bxc3").unwrap().form.leading_b);
        assert!(parse("Pe4").unwrap().form.pawn_letter);
        assert!(parse("N f3").unwrap().form.inner_space);
    }

    #[test]
    fn says_what_is_wrong() {
        let cases = [
            ("", "nothing to read"),
            ("Z4", "has no place"),
            ("e9", "not a rank"),
            ("Nf", "expected a rank (1-8) after the file f"),
            ("N", "expected a destination square"),
            ("E4", "lower case"),
            ("e8=", "expected a promotion piece"),
            ("O-O-O-O", "castling is written O-O"),
            ("hello", "not a file"),
            ("a1b2c3", "too much before the destination"),
        ];
        for (input, expected) in cases {
            let err = parse(input).expect_err(input);
            assert!(
                err.message.contains(expected),
                "{input}: {} (wanted {expected})",
                err.message
            );
        }
    }
}
