//! A tiny PGN reader: tag pairs and the main line's SAN moves.
//!
//! Variations `(…)`, NAGs (`$1`), move numbers, annotation glyphs (`!`,
//! `?`) and results are skipped; the main line's `{…}` comments are kept
//! beside the moves they follow (guess the move shows them), `;` comments
//! are skipped. The moves stay text: the notation engine gives them meaning.

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
    /// The main line's `{…}` comments, each with how many moves precede
    /// it (0: before the first move; 1: after the first move…), in order.
    pub comments: Vec<(usize, String)>,
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
    /// No moves at all.
    #[error("the game has no moves")]
    Empty,
}

const RESULTS: [&str; 4] = ["1-0", "0-1", "1/2-1/2", "*"];

/// Stands in the main line for a comment while the tokens are read: the
/// character, then the comment's index.
const COMMENT_MARK: char = '\u{1}';

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

fn finish(game: &mut PgnGame, movetext: &str) -> Result<(), PgnError> {
    let mut main = String::new();
    let mut depth = 0usize;
    let mut comments: Vec<String> = Vec::new();
    let mut chars = movetext.chars();
    while let Some(c) = chars.next() {
        match c {
            '{' => {
                let mut text = String::new();
                let mut closed = false;
                for c in chars.by_ref() {
                    if c == '}' {
                        closed = true;
                        break;
                    }
                    text.push(c);
                }
                if !closed {
                    return Err(PgnError::Unclosed("comment {"));
                }
                let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
                if depth == 0 && !text.is_empty() {
                    main.push_str(&format!(" {COMMENT_MARK}{} ", comments.len()));
                    comments.push(text);
                } else {
                    main.push(' ');
                }
            }
            ';' => {
                chars.by_ref().find(|&c| c == '\n');
                main.push(' ');
            }
            '(' => depth += 1,
            ')' => depth = depth.saturating_sub(1),
            _ if depth == 0 => main.push(c),
            _ => {}
        }
    }
    if depth > 0 {
        return Err(PgnError::Unclosed("variation ("));
    }
    for token in main.split_whitespace() {
        if let Some(index) = token.strip_prefix(COMMENT_MARK) {
            if let Some(text) = index.parse::<usize>().ok().and_then(|i| comments.get(i)) {
                game.comments.push((game.moves.len(), text.clone()));
            }
            continue;
        }
        let token = strip_move_number(token);
        if token.is_empty() || token.starts_with('$') {
            continue;
        }
        if RESULTS.contains(&token) {
            game.result = Some(token.to_owned());
            continue;
        }
        let mv = token.trim_end_matches(['!', '?']);
        if !mv.is_empty() {
            game.moves.push(mv.to_owned());
        }
    }
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
        assert_eq!(game.comments, [(1, "a comment (with parens)".to_owned())]);
        assert_eq!(
            game.comment_after(0).as_deref(),
            Some("a comment (with parens)")
        );
        assert_eq!(game.comment_after(1), None);
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
    fn reads_several_games() {
        let games = parse_games("[Event \"a\"]\n1. e4 *\n\n[Event \"b\"]\n1. d4 d5 *\n").unwrap();
        assert_eq!(games.len(), 2);
        assert_eq!(games[1].moves, ["d4", "d5"]);
    }
}
