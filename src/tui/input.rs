//! The input line: a short text with a cursor, edited as in a shell.

/// Longest input kept; longer typing is ignored (no move is this long).
pub const MAX_INPUT: usize = 40;

/// A one-line editor. The cursor is a character index (0..=len).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct InputLine {
    chars: Vec<char>,
    cursor: usize,
}

impl InputLine {
    /// The text.
    pub fn text(&self) -> String {
        self.chars.iter().collect()
    }

    /// The cursor position in characters.
    pub fn cursor(&self) -> usize {
        self.cursor
    }

    /// Whether nothing is typed.
    pub fn is_empty(&self) -> bool {
        self.chars.is_empty()
    }

    /// Replaces the text and puts the cursor at its end.
    pub fn set(&mut self, text: &str) {
        self.chars = text.chars().take(MAX_INPUT).collect();
        self.cursor = self.chars.len();
    }

    /// Inserts `c` at the cursor (control characters are ignored).
    pub fn insert(&mut self, c: char) {
        if c.is_control() || self.chars.len() >= MAX_INPUT {
            return;
        }
        self.chars.insert(self.cursor, c);
        self.cursor += 1;
    }

    /// Inserts the first line of a paste at the cursor, up to
    /// [`MAX_INPUT`] characters in all (a pasted document cannot flood the
    /// line; control characters are dropped).
    pub fn paste(&mut self, text: &str) {
        let first = text.split(['\n', '\r']).next().unwrap_or_default();
        for c in first.chars() {
            if self.chars.len() >= MAX_INPUT {
                break;
            }
            self.insert(c);
        }
    }

    /// Deletes the character before the cursor.
    pub fn backspace(&mut self) {
        if self.cursor > 0 {
            self.cursor -= 1;
            self.chars.remove(self.cursor);
        }
    }

    /// Deletes the character under the cursor.
    pub fn delete(&mut self) {
        if self.cursor < self.chars.len() {
            self.chars.remove(self.cursor);
        }
    }

    /// Moves the cursor left.
    pub fn left(&mut self) {
        self.cursor = self.cursor.saturating_sub(1);
    }

    /// Moves the cursor right.
    pub fn right(&mut self) {
        self.cursor = (self.cursor + 1).min(self.chars.len());
    }

    /// Moves the cursor to the start.
    pub fn home(&mut self) {
        self.cursor = 0;
    }

    /// Moves the cursor to the end.
    pub fn end(&mut self) {
        self.cursor = self.chars.len();
    }

    /// Clears the line.
    pub fn clear(&mut self) {
        self.chars.clear();
        self.cursor = 0;
    }

    /// Deletes the word before the cursor, with the spaces after it (Ctrl-W).
    pub fn delete_word(&mut self) {
        let mut start = self.cursor;
        while start > 0 && self.chars[start - 1].is_whitespace() {
            start -= 1;
        }
        while start > 0 && !self.chars[start - 1].is_whitespace() {
            start -= 1;
        }
        self.chars.drain(start..self.cursor);
        self.cursor = start;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn typed(text: &str) -> InputLine {
        let mut line = InputLine::default();
        text.chars().for_each(|c| line.insert(c));
        line
    }

    #[test]
    fn editing_table() {
        type Edit = fn(&mut InputLine);
        let cases: [(&str, &[Edit], &str, usize); 9] = [
            ("Nf3", &[InputLine::backspace], "Nf", 2),
            ("Nf3", &[InputLine::home, InputLine::delete], "f3", 0),
            (
                "Nf3",
                &[InputLine::left, InputLine::left, InputLine::backspace],
                "f3",
                0,
            ),
            ("Nf3", &[InputLine::home, InputLine::backspace], "Nf3", 0),
            ("Nf3", &[InputLine::delete], "Nf3", 3),
            ("Nf3", &[InputLine::clear], "", 0),
            ("e4 Nf3", &[InputLine::delete_word], "e4 ", 3),
            ("e4 Nf3  ", &[InputLine::delete_word], "e4 ", 3),
            (
                "e4",
                &[InputLine::right, InputLine::right, InputLine::left],
                "e4",
                1,
            ),
        ];
        for (start, edits, text, cursor) in cases {
            let mut line = typed(start);
            edits.iter().for_each(|e| e(&mut line));
            assert_eq!(
                (line.text().as_str(), line.cursor()),
                (text, cursor),
                "{start}"
            );
        }
    }

    #[test]
    fn insert_at_cursor_and_length_cap() {
        let mut line = typed("Nf3");
        line.left();
        line.left();
        line.insert('b');
        assert_eq!((line.text().as_str(), line.cursor()), ("Nbf3", 2));
        let long = typed(&"a".repeat(100));
        assert_eq!(long.text().len(), MAX_INPUT);
        let mut ctl = InputLine::default();
        ctl.insert('\u{7}');
        assert!(ctl.is_empty());
    }

    #[test]
    fn a_paste_keeps_its_first_line_bounded() {
        let cases: [(&str, &str, &str); 5] = [
            ("", "Nf3", "Nf3"),
            ("", "Nf3\nNc6\n", "Nf3"),
            ("", "\r\nNf3", ""),
            ("N", "\tf3", "Nf3"),
            (
                "e",
                "4 and then a very long sentence that goes on and on",
                "e4 and then a very long sentence that go",
            ),
        ];
        for (before, paste, after) in cases {
            let mut line = typed(before);
            line.paste(paste);
            assert_eq!(line.text(), after, "{paste:?}");
        }
        let mut line = InputLine::default();
        line.paste(&"x".repeat(100_000));
        assert_eq!(line.text().len(), MAX_INPUT);
    }
}
