//! PGN's export format, shared by the writers of a played-out game
//! (`game_pgn.rs`) and a guessed one (`guess/pgn_out.rs`): tag pairs with
//! their quotes and backslashes escaped, and movetext wrapped at 79
//! characters.

/// The longest line of movetext written (PGN's export format asks for at
/// most 79 characters).
pub(crate) const WIDTH: usize = 79;

/// Appends the tag pairs, one a line, and the blank line after them.
pub(crate) fn push_tags<'a>(out: &mut String, tags: impl IntoIterator<Item = (&'a str, &'a str)>) {
    for (name, value) in tags {
        let value = value.replace('\\', "\\\\").replace('"', "\\\"");
        out.push_str(&format!("[{name} \"{value}\"]\n"));
    }
    out.push('\n');
}

/// A comment as PGN writes it, `{text}`: a `}` inside would end it (and
/// a reader would take the rest for moves), so it is written `)`; line
/// ends become spaces.
pub(crate) fn brace_comment(text: &str) -> String {
    let text: String = text
        .chars()
        .map(|c| match c {
            '}' => ')',
            c if c.is_control() => ' ',
            c => c,
        })
        .collect();
    format!("{{{text}}}")
}

/// Appends the movetext `tokens` (numbers, moves, comments, the result)
/// wrapped at [`WIDTH`], and the blank line that ends a game. Tokens are
/// split at spaces so that long comments wrap too.
pub(crate) fn push_movetext(out: &mut String, tokens: &[String]) {
    let mut line = String::new();
    for token in tokens {
        for word in token.split(' ') {
            if !line.is_empty() && line.len() + 1 + word.len() > WIDTH {
                out.push_str(&line);
                out.push('\n');
                line.clear();
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(word);
        }
    }
    out.push_str(&line);
    out.push_str("\n\n");
}
