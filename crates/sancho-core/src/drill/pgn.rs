//! A PGN reader: tag pairs, and the movetext as a tree of moves with their
//! comments and variations, game after game, as the standard's import
//! format splits them.
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
//! **Where a game ends.** At its result (`1-0`, `0-1`, `1/2-1/2`, `*`:
//! the standard's game termination marker, with or without tags before
//! it; comments after it are still the game's), at a blank line after its
//! movetext (the export format's separator, as python-chess and
//! `pgn-reader` read it), or where a line of tag pairs follows its
//! movetext. Braces do not nest, braces inside a `;` comment are text, a
//! `}` that closes nothing is read past, escape lines (`%`) are skipped and
//! a UTF-8 byte order mark before the first game is skipped
//! (`pgn/lex.rs`). Every error names its line.
//!
//! **Bounds.** A line longer than [`MAX_LINE_BYTES`] ends the reading (a
//! device such as `/dev/zero` is no PGN); a game longer than
//! [`MAX_GAME_BYTES`] is reported and read past without being kept, so a
//! stream needs no more memory than its largest game.
//!
//! shakmaty's `pgn-reader` was weighed for this and left: version 0.29
//! drops any token its SAN parser refuses without a word (and gives the
//! visitor no line), where Sancho must name every bad move and where it
//! is, and it ends a game only at a blank line.

mod lex;
mod tree;

use std::collections::VecDeque;
use std::io;

use lex::{Lexeme, Lexer};
use tree::{Builder, result_of};

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

/// Why a game's PGN could not be read. Lines are the stream's (1-based).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PgnError {
    /// A tag pair that is not `[Name "value"]`.
    #[error("line {line}: a tag pair is written [Name \"value\"]")]
    BadTag {
        /// The line.
        line: usize,
    },
    /// A `{` that is never closed.
    #[error("line {line}: unclosed comment: the {{ opened here is never closed")]
    UnclosedComment {
        /// The line of the `{`.
        line: usize,
    },
    /// A `(` that is never closed.
    #[error("line {line}: unclosed variation: the ( opened here is never closed")]
    UnclosedVariation {
        /// The line of the `(`.
        line: usize,
    },
    /// A `)` with no `(` before it.
    #[error("line {line}: a variation is closed after move {after} that was never opened")]
    Unopened {
        /// The line of the `)`.
        line: usize,
        /// How many moves of the line it is in come before it.
        after: usize,
    },
    /// A `(` before any move: a variation replaces the move before it.
    #[error("line {line}: a variation opens before any move (it must follow the move it replaces)")]
    VariationFirst {
        /// The line of the `(`.
        line: usize,
    },
    /// Variations nested deeper than [`MAX_VARIATION_DEPTH`].
    #[error("line {line}: variations are nested more than {MAX_VARIATION_DEPTH} deep")]
    TooDeep {
        /// The line of the `(` too many.
        line: usize,
    },
    /// A game longer than [`MAX_GAME_BYTES`].
    #[error("the game is longer than {} MiB", MAX_GAME_BYTES >> 20)]
    TooLong,
    /// A line longer than [`MAX_LINE_BYTES`]: not PGN text.
    #[error("line {line} is longer than {} KiB: this is not PGN text", MAX_LINE_BYTES >> 10)]
    LineTooLong {
        /// The line.
        line: usize,
    },
    /// No moves at all.
    #[error("the game has no moves")]
    Empty,
}

/// How deep variations may nest (far deeper than any book's; a bound that
/// keeps a hostile file from exhausting the stack).
pub const MAX_VARIATION_DEPTH: usize = 64;

/// The longest line read (1 MiB; a whole game on one line is a few KiB).
pub const MAX_LINE_BYTES: usize = 1 << 20;

/// The longest game kept (16 MiB, comments included).
pub const MAX_GAME_BYTES: u64 = 16 << 20;

/// Reads every game in `text`.
///
/// # Errors
/// The first game's [`PgnError`] that cannot be read: a malformed tag
/// pair, an unclosed comment or variation, a game without moves.
pub fn parse_games(text: &str) -> Result<Vec<PgnGame>, PgnError> {
    PgnReader::new(text.as_bytes())
        .map(|read| read.map_err(from_io)?.game)
        .collect()
}

/// Reads the first game in `text`.
///
/// # Errors
/// As [`parse_games`] for that game; [`PgnError::Empty`] when there is none.
pub fn parse_game(text: &str) -> Result<PgnGame, PgnError> {
    match PgnReader::new(text.as_bytes()).next() {
        Some(read) => read.map_err(from_io)?.game,
        None => Err(PgnError::Empty),
    }
}

/// The [`PgnError`] a reader over text can fail with (a line too long).
fn from_io(error: io::Error) -> PgnError {
    error
        .get_ref()
        .and_then(|e| e.downcast_ref::<PgnError>())
        .cloned()
        .unwrap_or(PgnError::LineTooLong { line: 0 })
}

/// One game of a PGN stream, read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReadGame {
    /// The 1-based line where it starts.
    pub line: usize,
    /// The first of its lines that was not UTF-8 and was read as Latin-1.
    pub not_utf8: Option<usize>,
    /// The bytes of the stream it took (with the blank lines before it).
    pub bytes: u64,
    /// The game, or what is wrong with it.
    pub game: Result<PgnGame, PgnError>,
}

/// The games of a PGN stream, one at a time: thousands of games need no
/// more memory than the largest.
///
/// A line that is not UTF-8 (a Latin-1 player's name from an older
/// program) is read as Latin-1, and the game says where
/// ([`ReadGame::not_utf8`]): one such byte never ends the stream. A line
/// longer than [`MAX_LINE_BYTES`] ends it with an
/// [`io::ErrorKind::InvalidData`] error holding [`PgnError::LineTooLong`].
pub struct PgnReader<R> {
    reader: R,
    line_no: usize,
    lexer: Lexer,
    current: Option<Pending>,
    ready: VecDeque<ReadGame>,
    /// Bytes read while no game was under way, for the next one.
    carry: u64,
    done: bool,
}

/// Where a game being read is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Phase {
    /// Before its movetext: tag pairs and comments.
    Tags,
    /// In its movetext.
    Moves,
    /// Past its result: only comments are still its own.
    Ended,
}

/// What a lexeme does to the game under way.
enum Step {
    /// Nothing (a blank line before a game).
    Skip,
    /// It belongs to the game.
    Feed,
    /// It ends the game (a blank line).
    End,
    /// It starts the next game.
    Start,
}

/// A game being read.
struct Pending {
    line: usize,
    not_utf8: Option<usize>,
    bytes: u64,
    phase: Phase,
    /// Open variations, as the splitter counts them.
    depth: usize,
    builder: Builder,
}

impl Pending {
    fn new(line: usize) -> Self {
        Pending {
            line,
            not_utf8: None,
            bytes: 0,
            phase: Phase::Tags,
            depth: 0,
            builder: Builder::new(),
        }
    }

    fn step(&self, lexeme: &Lexeme<'_>) -> Step {
        match (lexeme, self.phase) {
            (Lexeme::Blank, Phase::Tags) => Step::Skip,
            (Lexeme::Blank, _) => Step::End,
            (Lexeme::Tags(_), Phase::Moves | Phase::Ended)
            | (Lexeme::Open | Lexeme::Close | Lexeme::Word(_), Phase::Ended) => Step::Start,
            _ => Step::Feed,
        }
    }

    fn feed(&mut self, lexeme: Lexeme<'_>, line: usize) {
        match &lexeme {
            Lexeme::Open => self.depth += 1,
            Lexeme::Close => self.depth = self.depth.saturating_sub(1),
            _ => {}
        }
        if matches!(lexeme, Lexeme::Open | Lexeme::Close | Lexeme::Word(_)) {
            self.phase = Phase::Moves;
        }
        if let Lexeme::Word(word) = lexeme
            && self.depth == 0
            && result_of(word).is_some()
        {
            self.phase = Phase::Ended;
        }
        self.builder.feed(lexeme, line);
    }

    fn finish(self) -> Option<ReadGame> {
        self.builder.has_game().then(|| ReadGame {
            line: self.line,
            not_utf8: self.not_utf8,
            bytes: self.bytes,
            game: self.builder.finish(),
        })
    }
}

impl<R: io::BufRead> PgnReader<R> {
    /// Reads the games of `reader`.
    pub fn new(reader: R) -> Self {
        Self {
            reader,
            line_no: 0,
            lexer: Lexer::default(),
            current: None,
            ready: VecDeque::new(),
            carry: 0,
            done: false,
        }
    }

    /// The next line's bytes with its end (empty at the end of the
    /// stream), at most [`MAX_LINE_BYTES`] before the end.
    fn read_line(&mut self) -> io::Result<Vec<u8>> {
        let mut bytes = Vec::new();
        loop {
            let buf = match self.reader.fill_buf() {
                Ok(buf) => buf,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if buf.is_empty() {
                return Ok(bytes);
            }
            let (take, found) = match buf.iter().position(|&b| b == b'\n') {
                Some(i) => (i + 1, true),
                None => (buf.len(), false),
            };
            if bytes.len() + take > MAX_LINE_BYTES + 2 {
                let line = self.line_no + 1;
                return Err(io::Error::new(
                    io::ErrorKind::InvalidData,
                    PgnError::LineTooLong { line },
                ));
            }
            bytes.extend_from_slice(&buf[..take]);
            self.reader.consume(take);
            if found {
                return Ok(bytes);
            }
        }
    }

    /// Reads one line's lexemes into the games.
    fn take_line(&mut self, mut bytes: Vec<u8>) {
        self.line_no += 1;
        let number = self.line_no;
        let raw = bytes.len() as u64;
        if bytes.last() == Some(&b'\n') {
            bytes.pop();
            if bytes.last() == Some(&b'\r') {
                bytes.pop();
            }
        }
        let (text, utf8) = match String::from_utf8(bytes) {
            Ok(text) => (text, true),
            Err(e) => (
                e.into_bytes().iter().map(|&b| char::from(b)).collect(),
                false,
            ),
        };
        let line = match number {
            1 => text.strip_prefix('\u{feff}').unwrap_or(&text),
            _ => &text,
        };
        let mut lexemes = Vec::new();
        self.lexer.line(line, number, &mut lexemes);
        for (_, lexeme) in lexemes {
            self.take(lexeme, number);
        }
        if self.current.is_none()
            && let Some(opened) = self.lexer.open_comment()
        {
            self.current = Some(Pending::new(opened));
        }
        match &mut self.current {
            Some(game) => {
                game.bytes += std::mem::take(&mut self.carry) + raw;
                if !utf8 {
                    game.not_utf8.get_or_insert(number);
                }
                if game.bytes > MAX_GAME_BYTES {
                    game.builder.fail(PgnError::TooLong);
                }
            }
            None => self.carry += raw,
        }
    }

    /// Takes one lexeme read on `number`.
    fn take(&mut self, lexeme: Lexeme<'_>, number: usize) {
        let step = match &self.current {
            None if lexeme == Lexeme::Blank => Step::Skip,
            None => Step::Start,
            Some(game) => game.step(&lexeme),
        };
        match step {
            Step::Skip => {}
            Step::End => self.end_game(),
            Step::Start => {
                self.end_game();
                let line = match &lexeme {
                    Lexeme::Comment(_, opened) => *opened,
                    _ => number,
                };
                let mut game = Pending::new(line);
                game.bytes = std::mem::take(&mut self.carry);
                game.feed(lexeme, number);
                self.current = Some(game);
            }
            Step::Feed => {
                if let Some(game) = &mut self.current {
                    game.feed(lexeme, number);
                }
            }
        }
    }

    fn end_game(&mut self) {
        if let Some(read) = self.current.take().and_then(Pending::finish) {
            self.ready.push_back(read);
        }
    }

    /// The end of the stream: a comment still open is the last game's fault.
    fn end_stream(&mut self) {
        self.done = true;
        if let Some(opened) = self.lexer.open_comment() {
            self.current
                .get_or_insert_with(|| Pending::new(opened))
                .builder
                .fail(PgnError::UnclosedComment { line: opened });
        }
        self.end_game();
    }
}

impl<R: io::BufRead> Iterator for PgnReader<R> {
    type Item = io::Result<ReadGame>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            if let Some(read) = self.ready.pop_front() {
                return Some(Ok(read));
            }
            if self.done {
                return None;
            }
            match self.read_line() {
                Ok(bytes) if bytes.is_empty() => self.end_stream(),
                Ok(bytes) => self.take_line(bytes),
                Err(e) => {
                    self.done = true;
                    self.current = None;
                    return Some(Err(e));
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read_all(text: &[u8]) -> Vec<ReadGame> {
        PgnReader::new(text).map(Result::unwrap).collect()
    }

    fn moves(text: &str) -> Vec<Vec<String>> {
        read_all(text.as_bytes())
            .into_iter()
            .map(|r| r.game.map(|g| g.moves).unwrap_or_default())
            .collect()
    }

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
    fn errors_are_named_with_their_line() {
        assert_eq!(
            parse_game("[Event Test]\n1. e4 *"),
            Err(PgnError::BadTag { line: 1 })
        );
        assert_eq!(
            parse_game("1. e4\n{open"),
            Err(PgnError::UnclosedComment { line: 2 })
        );
        assert_eq!(
            parse_game("1. e4\n(1. d4"),
            Err(PgnError::UnclosedVariation { line: 2 })
        );
        assert_eq!(parse_game("[Event \"x\"]\n*"), Err(PgnError::Empty));
        assert_eq!(parse_game(""), Err(PgnError::Empty));
        let long = format!("1. e4 {}", "e5 ".repeat(MAX_LINE_BYTES / 3 + 1));
        assert_eq!(parse_game(&long), Err(PgnError::LineTooLong { line: 1 }));
    }

    #[test]
    fn reads_the_games_of_a_stream_with_their_first_line() {
        let text = "[Event \"a\"]\n\n1. e4 {a [bracket]\n[not a tag]} *\n\n[Event \"b\"]\n[FEN \"8/8/8/8/8/8/8/K1k5 w - - 0 1\"]\n1. Kb1 *\n";
        let games = read_all(text.as_bytes());
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].line, 1);
        assert_eq!(games[1].line, 6);
        assert_eq!(games[0].game.as_ref().unwrap().moves, ["e4"]);
        let second = games[1].game.as_ref().unwrap();
        assert_eq!(second.tag("FEN"), Some("8/8/8/8/8/8/8/K1k5 w - - 0 1"));
        assert_eq!(second.moves, ["Kb1"]);
        assert!(games.iter().all(|g| g.not_utf8.is_none()));
        assert_eq!(
            games.iter().map(|g| g.bytes).sum::<u64>(),
            text.len() as u64,
            "every byte is some game's"
        );
    }

    #[test]
    fn a_line_that_is_not_utf8_is_read_as_latin1_and_the_stream_goes_on() {
        // "Müller" in Latin-1 (0xFC), in the second of three games, CRLF ends.
        let mut bytes = b"[White \"A\"]\r\n\r\n1. e4 *\r\n\r\n[White \"M".to_vec();
        bytes.extend([0xFC]);
        bytes.extend(b"ller\"]\n\n1. d4 *\n\n[White \"C\"]\n\n1. c4 *\n");
        let games = read_all(&bytes);
        assert_eq!(games.len(), 3);
        assert_eq!(
            games.iter().map(|g| g.not_utf8).collect::<Vec<_>>(),
            [None, Some(5), None]
        );
        let second = games[1].game.as_ref().unwrap();
        assert_eq!(second.tag("White"), Some("Müller"));
        assert_eq!(games[2].game.as_ref().unwrap().moves, ["c4"]);
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
        assert_eq!(
            parse_game("(1. d4) 1. e4 *"),
            Err(PgnError::VariationFirst { line: 1 })
        );
        assert_eq!(
            parse_game("1. e4 e5\n) 2. Nf3 *"),
            Err(PgnError::Unopened { line: 2, after: 2 })
        );
        assert_eq!(
            parse_game("1. e4 (1. d4 (1. c4) *"),
            Err(PgnError::UnclosedVariation { line: 1 })
        );
        let deep = format!("1. e4 {}", "(1. d4 ".repeat(MAX_VARIATION_DEPTH + 1));
        assert_eq!(parse_game(&deep), Err(PgnError::TooDeep { line: 1 }));
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

    // Issue 38, fault 1: a `}` outside a comment looped forever.
    #[test]
    fn a_brace_that_closes_nothing_is_read_past() {
        assert_eq!(
            moves("1. e4 } e5 2. Nf3 }} Nc6 *"),
            [["e4", "e5", "Nf3", "Nc6"]]
        );
        assert_eq!(moves("}"), Vec::<Vec<String>>::new());
        let game = parse_game("1. e4 {a { b} e5 *").unwrap();
        assert_eq!(game.moves, ["e4", "e5"], "braces do not nest");
        assert_eq!(game.line[0].comment.as_deref(), Some("a { b"));
    }

    // Fault 2: a `{` inside a `;` comment opened a brace comment.
    #[test]
    fn a_brace_inside_a_semicolon_comment_is_text() {
        let text =
            "[Event \"a\"]\n\n1. e4 ; wins { a pawn\ne5 *\n\n[Event \"b\"]\n\n1. d4 ; } \nd5 *\n";
        assert_eq!(moves(text), [["e4", "e5"], ["d4", "d5"]]);
    }

    // Fault 3: games without tags, each ended by its result, were one game.
    #[test]
    fn a_result_ends_a_game_with_or_without_tags() {
        assert_eq!(
            moves("1. e4 e5 1-0\n1. d4 d5 0-1\n1. c4 c5 *\n"),
            [["e4", "e5"], ["d4", "d5"], ["c4", "c5"]]
        );
        assert_eq!(
            moves("1. e4 1/2-1/2 1. d4 ½-½ {after the game} 1. c4 *"),
            [vec!["e4"], vec!["d4"], vec!["c4"]],
            "on one line too"
        );
        let games = parse_games("1. e4 1-0 {White resigned... no, Black did}\n\n1. d4 *").unwrap();
        assert_eq!(
            games[0].line[0].comment.as_deref(),
            Some("White resigned... no, Black did"),
            "a comment after the result is still the game's"
        );
        let read = read_all(b"1. e4 e5 1-0\n\n1. d4 d5 2. c4 0-1\n");
        assert_eq!(read.iter().map(|g| g.line).collect::<Vec<_>>(), [1, 3]);
        assert_eq!(
            moves("1. e4 (1. d4 1-0) e5 *"),
            [["e4", "e5"]],
            "a result inside a variation ends nothing"
        );
    }

    #[test]
    fn a_blank_line_or_a_tag_line_after_movetext_ends_a_game() {
        assert_eq!(
            moves("1. e4 e5\n\n1. d4 d5\n"),
            [["e4", "e5"], ["d4", "d5"]]
        );
        assert_eq!(
            moves("[Event \"a\"]\n1. e4 e5\n[Event \"b\"]\n1. d4\n"),
            [vec!["e4", "e5"], vec!["d4"]]
        );
        assert_eq!(
            moves("[Event \"a\"]\n\n[Site \"b\"]\n\n1. e4 {one\n\ncomment} e5\n"),
            [["e4", "e5"]],
            "blank lines between tags, and inside a comment"
        );
        assert_eq!(
            moves("{A book's introduction}\n\n[Event \"a\"]\n1. e4 *\n\n{the end}\n"),
            [["e4"]],
            "comments alone are no game"
        );
    }

    // Fault 4: a byte order mark split the first game.
    #[test]
    fn a_byte_order_mark_is_skipped() {
        let games = parse_games("\u{feff}[Event \"a\"]\n1. e4 e5 2. Nf3 *\n").unwrap();
        assert_eq!(games.len(), 1);
        assert_eq!(games[0].tag("Event"), Some("a"));
        assert_eq!(games[0].moves, ["e4", "e5", "Nf3"]);
    }

    #[test]
    fn escape_lines_are_skipped() {
        assert_eq!(moves("% made by X\n1. e4\n%e5\nc5 *\n"), [["e4", "c5"]]);
    }

    #[test]
    fn an_endless_comment_or_game_is_bounded() {
        let mut text = String::from("[Event \"a\"]\n1. e4 {\n");
        let line = format!("{}\n", "x".repeat(1000));
        while text.len() as u64 <= MAX_GAME_BYTES + 2000 {
            text.push_str(&line);
        }
        text.push_str("} e5 *\n\n1. d4 *\n");
        let games = read_all(text.as_bytes());
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].game, Err(PgnError::TooLong));
        assert_eq!(games[1].game.as_ref().unwrap().moves, ["d4"]);
        let zeros = vec![0u8; 3 * MAX_LINE_BYTES];
        let error = PgnReader::new(zeros.as_slice())
            .next()
            .unwrap()
            .unwrap_err();
        assert_eq!(error.kind(), io::ErrorKind::InvalidData);
        assert_eq!(
            error.to_string(),
            "line 1 is longer than 1024 KiB: this is not PGN text"
        );
    }
}
