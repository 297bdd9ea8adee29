//! Lesson pages as plain prose for screen readers: no Markdown punctuation.
//!
//! Headings lose their `#`, emphasis its `*` and `_`, code its backticks,
//! and list items become lines of their own that end as sentences. Code
//! blocks keep their lines, without the fences. What is written inside
//! backticks (`O-O`, `+`, `#`) is kept: it is what the lesson teaches.

/// `markdown` as plain prose: one paragraph, heading or list item a line,
/// paragraphs separated by an empty line.
pub fn plain_prose(markdown: &str) -> String {
    let mut blocks: Vec<String> = Vec::new();
    let mut current: Option<String> = None;
    let mut in_code = false;
    let flush = |current: &mut Option<String>, blocks: &mut Vec<String>| {
        if let Some(text) = current.take() {
            blocks.push(text);
        }
    };
    for raw in markdown.lines() {
        let line = raw.trim();
        if line.starts_with("```") {
            flush(&mut current, &mut blocks);
            in_code = !in_code;
            continue;
        }
        if in_code {
            blocks.push(line.to_owned());
            continue;
        }
        if line.is_empty() {
            flush(&mut current, &mut blocks);
            continue;
        }
        if let Some(heading) = heading(line) {
            flush(&mut current, &mut blocks);
            blocks.push(sentence(&inline(heading)));
        } else if let Some((number, item)) = list_item(line) {
            flush(&mut current, &mut blocks);
            let text = inline(item);
            current = Some(match number {
                Some(n) => format!("{n}. {text}"),
                None => text,
            });
        } else {
            let text = inline(line);
            match &mut current {
                Some(para) => {
                    para.push(' ');
                    para.push_str(&text);
                }
                None => current = Some(text),
            }
        }
    }
    flush(&mut current, &mut blocks);
    // List items and paragraphs end as sentences.
    let lines: Vec<String> = blocks.iter().map(|b| sentence(b)).collect();
    lines.join("\n").trim().to_owned()
}

fn heading(line: &str) -> Option<&str> {
    let rest = line.trim_start_matches('#');
    (rest.len() < line.len() && (rest.is_empty() || rest.starts_with(' '))).then(|| rest.trim())
}

/// A list item: its number (ordered lists) and its text.
fn list_item(line: &str) -> Option<(Option<&str>, &str)> {
    if let Some(rest) = line
        .strip_prefix("- ")
        .or_else(|| line.strip_prefix("* "))
        .or_else(|| line.strip_prefix("+ "))
    {
        return Some((None, rest.trim()));
    }
    let digits = line.find(|c: char| !c.is_ascii_digit())?;
    let rest = line[digits..]
        .strip_prefix(". ")
        .or_else(|| line[digits..].strip_prefix(") "))?;
    (digits > 0).then(|| (Some(&line[..digits]), rest.trim()))
}

/// Inline Markdown removed: backticks, `**`, `*` and `_` emphasis, links
/// (their text kept).
fn inline(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut code = false;
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        match c {
            '`' => code = !code,
            _ if code => out.push(c),
            '*' => {}
            '_' if is_emphasis(&chars, i) => {}
            '[' => {}
            ']' if chars.get(i + 1) == Some(&'(') => {
                // Skips the link's target.
                while i < chars.len() && chars[i] != ')' {
                    i += 1;
                }
            }
            _ => out.push(c),
        }
        i += 1;
    }
    out
}

/// An `_` that opens or closes emphasis (not one inside a word).
fn is_emphasis(chars: &[char], i: usize) -> bool {
    let before = i.checked_sub(1).and_then(|j| chars.get(j));
    let after = chars.get(i + 1);
    !(before.is_some_and(|c| c.is_alphanumeric()) && after.is_some_and(|c| c.is_alphanumeric()))
}

/// Ends `text` with a full stop unless it already ends a sentence.
fn sentence(text: &str) -> String {
    let text = text.trim_end();
    let text = text.strip_suffix(';').unwrap_or(text).trim_end();
    match text.chars().last() {
        None => String::new(),
        Some('.' | '!' | '?' | ':') => text.to_owned(),
        Some(_) => format!("{text}."),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markdown_punctuation_is_removed_and_lists_become_sentences() {
        let md = "# Castling\n\nThe `O` is the capital **letter O**,\nnot zero.\n\n\
                  - `O-O` is kingside\n- a `+` or `#` where due;\n\n\
                  1. **The file**, if it helps\n2. _Otherwise_ the rank\n";
        let prose = plain_prose(md);
        assert_eq!(
            prose,
            "Castling.\nThe O is the capital letter O, not zero.\nO-O is kingside.\n\
             a + or # where due.\n1. The file, if it helps.\n2. Otherwise the rank."
        );
    }

    #[test]
    fn every_lesson_reads_without_markdown_punctuation() {
        for lesson in crate::drill::lessons() {
            let prose = plain_prose(&lesson.text);
            for line in prose.lines() {
                assert!(!line.contains('`'), "{}: {line}", lesson.id);
                assert!(!line.contains("**"), "{}: {line}", lesson.id);
                assert!(!line.starts_with("- "), "{}: {line}", lesson.id);
                assert!(!line.starts_with("# "), "{}: {line}", lesson.id);
            }
            assert!(
                prose.len() * 2 > lesson.text.len(),
                "{} lost its text",
                lesson.id
            );
        }
    }
}
