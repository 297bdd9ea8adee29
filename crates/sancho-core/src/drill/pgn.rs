//! A small PGN reader: tag pairs, and the movetext as a tree of moves
//! with their comments and variations.
//!
//! Each game gives its main line's moves ([`PgnGame::moves`], what most
//! readers need) and the whole movetext ([`PgnGame::line`]): every move
//! with the comment written after it (`{…}` or `;` to the end of the line)
//! and the variations written after it, nested to any depth (a
//! repertoire's lines). NAGs (`$1`), move numbers, annotation glyphs
//! (`!`, `?`) and the result are read past; Lichess's commands inside
//! comments (`[%clk 0:05:00]`, `[%cal Gc2c4]`) are left out. The moves
//! stay text: the notation engine gives them meaning, and names a move it
//! cannot read with its game and number.
//!
//! shakmaty's `pgn-reader` was weighed for this and left: version 0.29
//! drops any token its SAN parser refuses without a word, where Sancho
//! must name every bad move.

use crate::notation::movetext::strip_move_number;

/// One game read from PGN.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PgnGame {
    /// Tag pairs in the order they were written (`Event`, `White`…).
    pub tags: Vec<(String, String)>,
    /// The main line's moves as written (`e4`, `Nf3`, `O-O`), glyphs removed.
    pub moves: Vec<String>,
    /// The result token that ends the movetext (`1-0`, `0-1`, `1/2-1/2`, `*`).
    pub result: Option<String>,
    /// The movetext as a tree: the main line, each move with its comment
    /// and the variations written after it.
    pub line: Vec<PgnMove>,
    /// The main line's comments, each with how many moves precede it (0:
    /// before the first move; 1: after the first move…), in order (what
    /// guess the move shows beside the game's moves).
    pub comments: Vec<(usize, String)>,
}

/// One move of a game's movetext, with what was written around it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PgnMove {
    /// The move as written, glyphs removed (`Nf3`, `exd5`).
    pub san: String,
    /// The comment written after it; several are joined by a space.
    pub comment: Option<String>,
    /// A comment written before it, where a line starts (the game's
    /// introduction, or a variation's).
    pub before: Option<String>,
    /// The variations written after it, in order: each is a line played
    /// instead of this move (its first move is the alternative).
    pub variations: Vec<Vec<PgnMove>>,
}

impl PgnGame {
    /// The value of a tag, if present.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    /// The comments after the move at `index` (0-based), joined by a
    /// space; `None` when there is none.
    pub fn comment_after(&self, index: usize) -> Option<String> {
        let texts: Vec<&str> = self
            .comments
            .iter()
            .filter(|(after, _)| *after == index + 1)
            .map(|(_, text)| text.as_str())
            .collect();
        (!texts.is_empty()).then(|| texts.join(" "))
    }
}

/// Why a PGN text could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PgnError {
    /// A tag pair that is not `[Name "value"]`.
    #[error("line {line}: a tag pair is written [Name \"value\"]")]
    BadTag {
        /// 1-based line number.
        line: usize,
    },
    /// A `{` or `(` that is never closed.
    #[error("unclosed {0}")]
    Unclosed(&'static str),
    /// A `)` with no `(` before it.
    #[error("a variation is closed after move {after} that was never opened")]
    Unopened {
        /// How many moves of the line it is in come before it.
        after: usize,
    },
    /// A `(` before any move: a variation replaces the move before it.
    #[error("a variation opens before any move (it must follow the move it replaces)")]
    VariationFirst,
    /// Variations nested deeper than [`MAX_VARIATION_DEPTH`].
    #[error("variations are nested more than {MAX_VARIATION_DEPTH} deep")]
    TooDeep,
    /// No moves at all.
    #[error("the game has no moves")]
    Empty,
}

/// How deep variations may nest (far deeper than any book's; a bound that
/// keeps a hostile file from exhausting the stack).
pub const MAX_VARIATION_DEPTH: usize = 64;

const RESULTS: [&str; 4] = ["1-0", "0-1", "1/2-1/2", "*"];

/// Reads every game in `text` (games are separated by their tag sections).
///
/// # Errors
/// [`PgnError`] for a malformed tag pair, an unclosed comment or variation,
/// or a game without moves.
pub fn parse_games(text: &str) -> Result<Vec<PgnGame>, PgnError> {
    let mut games = Vec::new();
    let mut game = PgnGame::default();
    let mut movetext = String::new();
    for (i, line) in text.lines().enumerate() {
        let trimmed = line.trim();
        if trimmed.starts_with('[') && !in_brace(&movetext) {
            if !movetext.trim().is_empty() {
                finish(&mut game, &movetext)?;
                games.push(std::mem::take(&mut game));
                movetext.clear();
            }
            game.tags
                .push(parse_tag(trimmed).ok_or(PgnError::BadTag { line: i + 1 })?);
        } else if !trimmed.starts_with('%') {
            movetext.push_str(line);
            movetext.push('\n');
        }
    }
    if !movetext.trim().is_empty() || !game.tags.is_empty() {
        finish(&mut game, &movetext)?;
        games.push(game);
    }
    Ok(games)
}

/// Reads the first game in `text`.
///
/// # Errors
/// As [`parse_games`]; [`PgnError::Empty`] when there is no game.
pub fn parse_game(text: &str) -> Result<PgnGame, PgnError> {
    parse_games(text)?.into_iter().next().ok_or(PgnError::Empty)
}

/// The text of each game of a PGN stream, one at a time, with the 1-based
/// line where it starts: thousands of games need no more memory than one.
/// Each text is read with [`parse_game`].
///
/// A line that is not UTF-8 (a Latin-1 player's name from an older
/// program) is read as Latin-1, and the game says where
/// ([`GameText::not_utf8`]): one such byte never ends the stream.
pub struct GameTexts<R> {
    reader: R,
    line_no: usize,
    pending: Option<GameText>,
    done: bool,
}

/// One game's text from a PGN stream.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameText {
    /// The 1-based line where it starts.
    pub line: usize,
    /// Its text (tags and movetext).
    pub text: String,
    /// The first of its lines that was not UTF-8 and was read as Latin-1.
    pub not_utf8: Option<usize>,
}

impl GameText {
    fn starting(line: usize) -> Self {
        GameText {
            line,
            text: String::new(),
            not_utf8: None,
        }
    }
}

impl<R: std::io::BufRead> GameTexts<R> {
    /// Splits `reader` into games (a tag section after movetext starts a
    /// new game, as in [`parse_games`]).
    pub fn new(reader: R) -> Self {
        Self {
            reader,
            line_no: 0,
            pending: None,
            done: false,
        }
    }

    /// The next line without its end; whether it was UTF-8.
    fn read_line(&mut self) -> std::io::Result<Option<(String, bool)>> {
        let mut bytes = Vec::new();
        if self.reader.read_until(b'\n', &mut bytes)? == 0 {
            return Ok(None);
        }
        if bytes.last() == Some(&b'\n') {
            bytes.pop();
            if bytes.last() == Some(&b'\r') {
                bytes.pop();
            }
        }
        Ok(Some(match String::from_utf8(bytes) {
            Ok(line) => (line, true),
            Err(e) => (
                e.into_bytes().iter().map(|&b| char::from(b)).collect(),
                false,
            ),
        }))
    }
}

impl<R: std::io::BufRead> Iterator for GameTexts<R> {
    type Item = std::io::Result<GameText>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        let mut movetext = String::new();
        loop {
            let (line, utf8) = match self.read_line() {
                Ok(Some(line)) => line,
                Ok(None) => {
                    self.done = true;
                    return self.pending.take().map(Ok);
                }
                Err(e) => {
                    self.done = true;
                    return Some(Err(e));
                }
            };
            self.line_no += 1;
            let trimmed = line.trim();
            let line_no = self.line_no;
            let game = self
                .pending
                .get_or_insert_with(|| GameText::starting(line_no));
            if trimmed.starts_with('[') && !in_brace(&movetext) {
                if !movetext.trim().is_empty() {
                    let mut next = GameText::starting(line_no);
                    next.text = format!("{line}\n");
                    next.not_utf8 = (!utf8).then_some(line_no);
                    return self.pending.replace(next).map(Ok);
                }
            } else {
                movetext.push_str(&line);
                movetext.push('\n');
            }
            game.text.push_str(&line);
            game.text.push('\n');
            if !utf8 {
                game.not_utf8.get_or_insert(line_no);
            }
        }
    }
}

fn in_brace(movetext: &str) -> bool {
    movetext.matches('{').count() > movetext.matches('}').count()
}

fn parse_tag(line: &str) -> Option<(String, String)> {
    let inner = line.strip_prefix('[')?.strip_suffix(']')?.trim();
    let (name, rest) = inner.split_once(char::is_whitespace)?;
    let value = rest.trim().strip_prefix('"')?.strip_suffix('"')?;
    let value = value.replace("\\\"", "\"").replace("\\\\", "\\");
    Some((name.to_owned(), value))
}

/// A token of movetext.
#[derive(Debug, PartialEq, Eq)]
enum Token<'a> {
    Comment(String),
    Open,
    Close,
    Word(&'a str),
}

/// Splits movetext into comments, parentheses and words (NAGs, move
/// numbers and white space are read past here).
fn tokens(movetext: &str) -> Result<Vec<Token<'_>>, PgnError> {
    let mut out = Vec::new();
    let mut rest = movetext;
    while let Some(c) = rest.chars().next() {
        match c {
            '{' => {
                let end = rest.find('}').ok_or(PgnError::Unclosed("comment {"))?;
                out.push(Token::Comment(rest[1..end].to_owned()));
                rest = &rest[end + 1..];
            }
            ';' => {
                let end = rest.find('\n').unwrap_or(rest.len());
                out.push(Token::Comment(rest[1..end].to_owned()));
                rest = &rest[end..];
            }
            '(' | ')' => {
                out.push(if c == '(' { Token::Open } else { Token::Close });
                rest = &rest[1..];
            }
            _ if c.is_whitespace() => rest = &rest[c.len_utf8()..],
            _ => {
                let end = rest
                    .find(|c: char| c.is_whitespace() || "{};()".contains(c))
                    .unwrap_or(rest.len());
                let word = strip_move_number(&rest[..end]);
                if !word.is_empty() && !word.starts_with('$') && !word.trim_matches('.').is_empty()
                {
                    out.push(Token::Word(word));
                }
                rest = &rest[end..];
            }
        }
    }
    Ok(out)
}

/// A comment's words, without Lichess's `[%…]` commands; `None` when
/// nothing is left.
fn comment_text(raw: &str) -> Option<String> {
    let mut text = String::new();
    let mut rest = raw;
    while let Some(start) = rest.find("[%") {
        text.push_str(&rest[..start]);
        rest = rest[start..]
            .find(']')
            .map_or("", |end| &rest[start + end + 1..]);
    }
    text.push_str(rest);
    let words: Vec<&str> = text.split_whitespace().collect();
    (!words.is_empty()).then(|| words.join(" "))
}

/// Adds `more` to a comment.
fn append(comment: &mut Option<String>, more: String) {
    match comment {
        Some(held) => {
            held.push(' ');
            held.push_str(&more);
        }
        None => *comment = Some(more),
    }
}

/// The main line's comments as [`PgnGame::comments`] holds them: the one
/// before the first move at 0, each move's after it at its number.
fn main_line_comments(line: &[PgnMove]) -> Vec<(usize, String)> {
    let first = line
        .first()
        .and_then(|m| m.before.clone())
        .map(|text| (0, text));
    first
        .into_iter()
        .chain(
            line.iter()
                .enumerate()
                .filter_map(|(i, m)| m.comment.clone().map(|text| (i + 1, text))),
        )
        .collect()
}

fn finish(game: &mut PgnGame, movetext: &str) -> Result<(), PgnError> {
    // The lines being written: the main line, then each open variation.
    let mut stack: Vec<Vec<PgnMove>> = vec![Vec::new()];
    let mut before: Option<String> = None;
    for token in tokens(movetext)? {
        let depth = stack.len();
        let line = stack.last_mut().ok_or(PgnError::Unopened { after: 0 })?;
        match token {
            Token::Comment(raw) => {
                let Some(text) = comment_text(&raw) else {
                    continue;
                };
                match line.last_mut() {
                    Some(last) => append(&mut last.comment, text),
                    None => append(&mut before, text),
                }
            }
            Token::Open => {
                if line.is_empty() {
                    return Err(PgnError::VariationFirst);
                }
                if depth > MAX_VARIATION_DEPTH {
                    return Err(PgnError::TooDeep);
                }
                stack.push(Vec::new());
            }
            Token::Close => {
                if depth == 1 {
                    return Err(PgnError::Unopened { after: line.len() });
                }
                let variation = stack.pop().unwrap_or_default();
                let parent = stack.last_mut().and_then(|l| l.last_mut());
                if let Some(parent) = parent {
                    if variation.is_empty() {
                        // `( {a thought} )`: the words stay, on the move.
                        if let Some(text) = before.take() {
                            append(&mut parent.comment, text);
                        }
                    } else {
                        parent.variations.push(variation);
                    }
                }
            }
            Token::Word(word) if RESULTS.contains(&word) => {
                if depth == 1 {
                    game.result = Some(word.to_owned());
                }
            }
            Token::Word(word) => {
                let san = word.trim_end_matches(['!', '?']);
                if !san.is_empty() {
                    line.push(PgnMove {
                        san: san.to_owned(),
                        before: before.take(),
                        ..PgnMove::default()
                    });
                }
            }
        }
    }
    if stack.len() > 1 {
        return Err(PgnError::Unclosed("variation ("));
    }
    game.line = stack.pop().unwrap_or_default();
    game.moves = game.line.iter().map(|m| m.san.clone()).collect();
    game.comments = main_line_comments(&game.line);
    if game.moves.is_empty() {
        return Err(PgnError::Empty);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_tags_and_skips_comments_variations_nags_and_results() {
        let text = r#"[Event "Test"]
[White "A \"Quoted\" Name"]
[Result "1-0"]

1. e4 {a comment (with parens)} e5 2. Nf3! (2. f4 exf4 (2... d5)) Nc6 $1
3. Bb5?! ; rest of line 4. ignored
a6 4.Ba4 1-0
"#;
        let game = parse_game(text).unwrap();
        assert_eq!(game.tag("Event"), Some("Test"));
        assert_eq!(game.tag("White"), Some("A \"Quoted\" Name"));
        assert_eq!(game.moves, ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4"]);
        assert_eq!(game.result.as_deref(), Some("1-0"));
    }

    #[test]
    fn errors_are_named() {
        assert_eq!(
            parse_game("[Event Test]\n1. e4 *"),
            Err(PgnError::BadTag { line: 1 })
        );
        assert_eq!(
            parse_game("1. e4 {open"),
            Err(PgnError::Unclosed("comment {"))
        );
        assert_eq!(
            parse_game("1. e4 (1. d4"),
            Err(PgnError::Unclosed("variation ("))
        );
        assert_eq!(parse_game("[Event \"x\"]\n*"), Err(PgnError::Empty));
    }

    #[test]
    fn streams_game_texts_with_their_first_line() {
        let text = "[Event \"a\"]\n\n1. e4 {a [bracket]\n[not a tag]} *\n\n[Event \"b\"]\n[FEN \"8/8/8/8/8/8/8/K1k5 w - - 0 1\"]\n1. Kb1 *\n";
        let games: Vec<_> = GameTexts::new(text.as_bytes())
            .map(Result::unwrap)
            .collect();
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].line, 1);
        assert_eq!(games[1].line, 6);
        assert_eq!(parse_game(&games[0].text).unwrap().moves, ["e4"]);
        let second = parse_game(&games[1].text).unwrap();
        assert_eq!(second.tag("FEN"), Some("8/8/8/8/8/8/8/K1k5 w - - 0 1"));
        assert_eq!(second.moves, ["Kb1"]);
        assert!(games.iter().all(|g| g.not_utf8.is_none()));
    }

    #[test]
    fn a_line_that_is_not_utf8_is_read_as_latin1_and_the_stream_goes_on() {
        // "Müller" in Latin-1 (0xFC), in the second of three games, CRLF ends.
        let mut bytes = b"[White \"A\"]\r\n\r\n1. e4 *\r\n\r\n[White \"M".to_vec();
        bytes.extend([0xFC]);
        bytes.extend(b"ller\"]\n\n1. d4 *\n\n[White \"C\"]\n\n1. c4 *\n");
        let games: Vec<GameText> = GameTexts::new(bytes.as_slice())
            .map(Result::unwrap)
            .collect();
        assert_eq!(games.len(), 3);
        assert_eq!(
            games.iter().map(|g| g.not_utf8).collect::<Vec<_>>(),
            [None, Some(5), None]
        );
        let second = parse_game(&games[1].text).unwrap();
        assert_eq!(second.tag("White"), Some("Müller"));
        assert_eq!(parse_game(&games[2].text).unwrap().moves, ["c4"]);
        assert_eq!(parse_game(&games[0].text).unwrap().moves, ["e4"]);
    }

    #[test]
    fn keeps_variations_nested_and_comments_on_their_moves() {
        let text = "{A repertoire chapter} 1. e4 e5 {Open game} (1... c5 {Sicilian} 2. Nf3 (2. c3 d5) d6) \
                    2. Nf3 $1 Nc6 { [%cal Gf1b5] The main line. [%clk 0:05:00] } 3. Bb5 ; Spanish\n a6 *";
        let game = parse_game(text).unwrap();
        assert_eq!(game.moves, ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"]);
        assert_eq!(game.line[0].before.as_deref(), Some("A repertoire chapter"));
        let e5 = &game.line[1];
        assert_eq!(e5.comment.as_deref(), Some("Open game"));
        assert_eq!(e5.variations.len(), 1);
        let sicilian = &e5.variations[0];
        let sans: Vec<&str> = sicilian.iter().map(|m| m.san.as_str()).collect();
        assert_eq!(sans, ["c5", "Nf3", "d6"]);
        assert_eq!(sicilian[0].comment.as_deref(), Some("Sicilian"));
        let alapin: Vec<&str> = sicilian[1].variations[0]
            .iter()
            .map(|m| m.san.as_str())
            .collect();
        assert_eq!(alapin, ["c3", "d5"], "a variation inside a variation");
        assert_eq!(
            game.line[3].comment.as_deref(),
            Some("The main line."),
            "Lichess's commands are left out"
        );
        assert_eq!(game.line[4].comment.as_deref(), Some("Spanish"));
        assert_eq!(game.result.as_deref(), Some("*"));
    }

    #[test]
    fn a_variation_must_follow_a_move_and_close_what_opened() {
        assert_eq!(parse_game("(1. d4) 1. e4 *"), Err(PgnError::VariationFirst));
        assert_eq!(
            parse_game("1. e4 e5) 2. Nf3 *"),
            Err(PgnError::Unopened { after: 2 })
        );
        assert_eq!(
            parse_game("1. e4 (1. d4 (1. c4) *"),
            Err(PgnError::Unclosed("variation ("))
        );
        let deep = format!("1. e4 {}", "(1. d4 ".repeat(MAX_VARIATION_DEPTH + 1));
        assert_eq!(parse_game(&deep), Err(PgnError::TooDeep));
        let spaced = parse_game("1. e4 e5 2. Nf3 Nc6 3. ... a6").unwrap();
        assert_eq!(
            spaced.moves,
            ["e4", "e5", "Nf3", "Nc6", "a6"],
            "`...` is no move"
        );
    }

    #[test]
    fn reads_several_games() {
        let games = parse_games("[Event \"a\"]\n1. e4 *\n\n[Event \"b\"]\n1. d4 d5 *\n").unwrap();
        assert_eq!(games.len(), 2);
        assert_eq!(games[1].moves, ["d4", "d5"]);
    }
}
