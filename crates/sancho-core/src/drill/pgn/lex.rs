//! PGN's lexical layer: what the standard's import format makes of each
//! line, before any of it is a game.
//!
//! - A comment is `{` to the next `}` (across lines: braces do not nest, so
//!   a `{` inside one is text) or `;` to the end of the line (a brace inside
//!   one is text too).
//! - Outside a comment, a line whose first character is `%` is an escape
//!   line and is skipped; a line whose first non-blank character is `[`
//!   holds tag pairs; a line of white space only is blank (it ends a game).
//! - A `}` that closes no comment is read past, as python-chess and
//!   shakmaty's `pgn-reader` do.
//!
//! Every step of [`Lexer::line`] consumes at least one character, so no
//! input can keep it from reaching the line's end.

/// One piece of PGN.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Lexeme<'a> {
    /// A line of tag pairs, trimmed.
    Tags(&'a str),
    /// A comment's text, with the line it opened on.
    Comment(String, usize),
    /// `(`: a variation opens.
    Open,
    /// `)`: a variation closes.
    Close,
    /// A word: a move (numbered or not), a move number, a NAG, a result.
    Word(&'a str),
    /// A line with nothing but white space, outside a comment.
    Blank,
}

/// What the lexer carries from one line to the next: the brace comment
/// under way, if any.
#[derive(Debug, Default)]
pub(super) struct Lexer {
    /// The open comment's text so far and the line its `{` is on.
    open: Option<(String, usize)>,
}

impl Lexer {
    /// The line a comment still open was opened on.
    pub(super) fn open_comment(&self) -> Option<usize> {
        self.open.as_ref().map(|(_, line)| *line)
    }

    /// Reads line `number` (without its end), pushing each lexeme with its
    /// byte offset in the line onto `out`.
    pub(super) fn line<'a>(
        &mut self,
        line: &'a str,
        number: usize,
        out: &mut Vec<(usize, Lexeme<'a>)>,
    ) {
        let mut at = 0;
        if let Some((mut text, opened)) = self.open.take() {
            let Some(end) = line.find('}') else {
                // Kept up to a game's bound: the reader refuses a longer game.
                if text.len() as u64 <= super::MAX_GAME_BYTES {
                    text.push_str(line);
                    text.push('\n');
                }
                self.open = Some((text, opened));
                return;
            };
            text.push_str(&line[..end]);
            out.push((0, Lexeme::Comment(text, opened)));
            at = end + 1;
        } else {
            let trimmed = line.trim_start();
            if trimmed.is_empty() {
                out.push((0, Lexeme::Blank));
                return;
            }
            if line.starts_with('%') {
                return;
            }
            if trimmed.starts_with('[') {
                out.push((line.len() - trimmed.len(), Lexeme::Tags(trimmed.trim_end())));
                return;
            }
        }
        while let Some(c) = line[at..].chars().next() {
            let rest = &line[at..];
            let width = c.len_utf8();
            let taken = match c {
                '{' => match rest[1..].find('}') {
                    Some(end) => {
                        out.push((at, Lexeme::Comment(rest[1..=end].to_owned(), number)));
                        end + 2
                    }
                    None => {
                        let mut text = rest[1..].to_owned();
                        text.push('\n');
                        self.open = Some((text, number));
                        rest.len()
                    }
                },
                ';' => {
                    out.push((at, Lexeme::Comment(rest[1..].to_owned(), number)));
                    rest.len()
                }
                '(' => {
                    out.push((at, Lexeme::Open));
                    1
                }
                ')' => {
                    out.push((at, Lexeme::Close));
                    1
                }
                // A `}` that closes no comment, or white space.
                '}' => 1,
                _ if c.is_whitespace() => width,
                _ => {
                    let len = width
                        + rest[width..]
                            .find(|d: char| d.is_whitespace() || "{}();$".contains(d))
                            .unwrap_or(rest.len() - width);
                    out.push((at, Lexeme::Word(&rest[..len])));
                    len
                }
            };
            // Checked in release builds too: an input that stopped the lexer
            // would be a panic to report, never a hang.
            assert!(taken > 0, "the PGN lexer must advance");
            at += taken;
        }
    }
}

/// The tag pairs of a tag line (`[Event "x"]`, several on one line
/// allowed), their values unescaped (`\"`, `\\`); `None` when the line is
/// not tag pairs only.
pub(super) fn tag_pairs(line: &str) -> Option<Vec<(String, String)>> {
    let mut pairs = Vec::new();
    let mut rest = line.trim();
    while !rest.is_empty() {
        let inner = rest.strip_prefix('[')?.trim_start();
        let name_len = inner
            .find(|c: char| !(c.is_ascii_alphanumeric() || "_+#=:-".contains(c)))
            .unwrap_or(inner.len());
        if name_len == 0 {
            return None;
        }
        let (name, after) = inner.split_at(name_len);
        let quoted = after.trim_start().strip_prefix('"')?;
        let mut chars = quoted.char_indices();
        let mut value = String::new();
        let end = loop {
            match chars.next()? {
                (_, '\\') => match chars.next()? {
                    (_, c @ ('"' | '\\')) => value.push(c),
                    (_, c) => {
                        value.push('\\');
                        value.push(c);
                    }
                },
                (i, '"') => break i,
                (_, c) => value.push(c),
            }
        };
        rest = quoted[end + 1..]
            .trim_start()
            .strip_prefix(']')?
            .trim_start();
        pairs.push((name.to_owned(), value));
    }
    Some(pairs)
}

/// A comment's words, without Lichess's `[%…]` commands; `None` when
/// nothing is left.
pub(super) fn comment_text(raw: &str) -> Option<String> {
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

#[cfg(test)]
mod tests {
    use super::*;

    fn lex(lines: &[&str]) -> Vec<Lexeme<'static>> {
        let mut lexer = Lexer::default();
        let mut all = Vec::new();
        for (i, line) in lines.iter().enumerate() {
            let line: &'static str = Box::leak(line.to_string().into_boxed_str());
            let mut out = Vec::new();
            lexer.line(line, i + 1, &mut out);
            all.extend(out.into_iter().map(|(_, l)| l));
        }
        all
    }

    #[test]
    fn braces_do_not_nest_and_are_text_inside_a_semicolon_comment() {
        assert_eq!(
            lex(&["e4 {a { b} e5 ; x { y", "Nf3 } Nc6"]),
            [
                Lexeme::Word("e4"),
                Lexeme::Comment("a { b".into(), 1),
                Lexeme::Word("e5"),
                Lexeme::Comment(" x { y".into(), 1),
                Lexeme::Word("Nf3"),
                Lexeme::Word("Nc6"),
            ],
            "the closing brace of line 2 closes nothing and is read past"
        );
    }

    #[test]
    fn lines_start_tags_escapes_and_blanks_only_outside_comments() {
        assert_eq!(
            lex(&[
                "[Event \"x\"]",
                "% escaped",
                "  ",
                "e4 {",
                "[not a tag]",
                "",
                "%no} e5"
            ]),
            [
                Lexeme::Tags("[Event \"x\"]"),
                Lexeme::Blank,
                Lexeme::Word("e4"),
                Lexeme::Comment("\n[not a tag]\n\n%no".into(), 4),
                Lexeme::Word("e5"),
            ]
        );
    }

    #[test]
    fn words_end_at_punctuation_and_glued_nags() {
        assert_eq!(
            lex(&["1.e4$1(1.d4)e5;c"]),
            [
                Lexeme::Word("1.e4"),
                Lexeme::Word("$1"),
                Lexeme::Open,
                Lexeme::Word("1.d4"),
                Lexeme::Close,
                Lexeme::Word("e5"),
                Lexeme::Comment("c".into(), 1),
            ]
        );
    }

    #[test]
    fn reads_tag_pairs_with_escapes_and_several_on_a_line() {
        assert_eq!(
            tag_pairs(r#"[White "A \"Q\" \\ B"] [Black "C]"]"#),
            Some(vec![
                ("White".into(), r#"A "Q" \ B"#.into()),
                ("Black".into(), "C]".into()),
            ])
        );
        for bad in [
            "[Event x]",
            "[Event \"x\"",
            "[ \"x\"]",
            "[Event \"x\"] e4",
            "[Event \"x]",
        ] {
            assert_eq!(tag_pairs(bad), None, "{bad}");
        }
    }
}
