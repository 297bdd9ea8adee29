//! The PDF's text: Helvetica and Helvetica-Bold, two of the standard
//! fonts every PDF reader has, so none is embedded. Text is encoded in
//! WinAnsi (Latin-1 and typographic punctuation) and measured with the
//! fonts' widths, which the PDF also states (`/Widths`), so that a reader
//! substituting another face still spaces the letters as laid out.
//!
//! Chess figurines (`♘`) are not in the fonts: [`runs`] splits them out
//! and the page draws each as a small vector piece, one
//! [`FIGURINE_ADVANCE`] wide.

use shakmaty::Role;

/// A face of the font.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Face {
    /// Helvetica.
    Regular,
    /// Helvetica-Bold.
    Bold,
}

impl Face {
    /// The font's standard name.
    pub(crate) fn base_font(self) -> &'static [u8] {
        match self {
            Face::Regular => b"Helvetica",
            Face::Bold => b"Helvetica-Bold",
        }
    }

    /// The name the pages' resources give it.
    pub(crate) fn resource(self) -> &'static [u8] {
        match self {
            Face::Regular => b"F1",
            Face::Bold => b"F2",
        }
    }

    /// Widths of WinAnsi codes 32 to 255, in thousandths of the size.
    pub(crate) fn widths(self) -> &'static [u16; 224] {
        match self {
            Face::Regular => &REGULAR,
            Face::Bold => &BOLD,
        }
    }
}

/// The first WinAnsi code [`Face::widths`] holds.
pub(crate) const FIRST_CHAR: u8 = 32;

/// How far a figurine advances the text, in thousandths of the size.
pub(crate) const FIGURINE_ADVANCE: u16 = 860;

/// WinAnsi's codes 128 to 159, as the characters they stand for (`None`:
/// unused).
const HIGH: [Option<char>; 32] = [
    Some('€'),
    None,
    Some('‚'),
    Some('ƒ'),
    Some('„'),
    Some('…'),
    Some('†'),
    Some('‡'),
    Some('ˆ'),
    Some('‰'),
    Some('Š'),
    Some('‹'),
    Some('Œ'),
    None,
    Some('Ž'),
    None,
    None,
    Some('‘'),
    Some('’'),
    Some('“'),
    Some('”'),
    Some('•'),
    Some('–'),
    Some('—'),
    Some('˜'),
    Some('™'),
    Some('š'),
    Some('›'),
    Some('œ'),
    None,
    Some('ž'),
    Some('Ÿ'),
];

/// The WinAnsi code of `c`, if the standard fonts have it.
pub(crate) fn win_ansi(c: char) -> Option<u8> {
    match u32::from(c) {
        0x20..=0x7e | 0xa0..=0xff => u8::try_from(u32::from(c)).ok(),
        _ => HIGH
            .iter()
            .position(|&h| h == Some(c))
            .and_then(|i| u8::try_from(0x80 + i).ok()),
    }
}

/// The characters of `text` the PDF's fonts cannot show (they print as
/// `?`), each once, in order; figurines are drawn, so they are not among
/// them.
pub fn unprintable(text: &str) -> Vec<char> {
    let mut out = Vec::new();
    for c in text.chars() {
        if win_ansi(c).is_none() && figurine_role(c).is_none() && !out.contains(&c) {
            out.push(c);
        }
    }
    out
}

/// The piece a chess symbol stands for (white or black: figurines are all
/// drawn as the white, outlined, pieces, as in print).
pub(crate) fn figurine_role(c: char) -> Option<Role> {
    Some(match c {
        '♔' | '♚' => Role::King,
        '♕' | '♛' => Role::Queen,
        '♖' | '♜' => Role::Rook,
        '♗' | '♝' => Role::Bishop,
        '♘' | '♞' => Role::Knight,
        '♙' | '♟' => Role::Pawn,
        _ => return None,
    })
}

/// A piece of text drawn one way: letters in the font, or one figurine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Run {
    /// WinAnsi bytes.
    Text(Vec<u8>),
    /// A figurine, and the character it came from.
    Figurine(Role, char),
}

/// `text` as runs: letters encoded in WinAnsi (`?` for what the fonts
/// lack), figurines apart.
pub(crate) fn runs(text: &str) -> Vec<Run> {
    let mut out = Vec::new();
    let mut bytes = Vec::new();
    for c in text.chars() {
        if let Some(role) = figurine_role(c) {
            if !bytes.is_empty() {
                out.push(Run::Text(std::mem::take(&mut bytes)));
            }
            out.push(Run::Figurine(role, c));
        } else {
            bytes.push(win_ansi(c).unwrap_or(b'?'));
        }
    }
    if !bytes.is_empty() {
        out.push(Run::Text(bytes));
    }
    out
}

/// How wide `text` is at `size` points.
pub(crate) fn width(text: &str, face: Face, size: f32) -> f32 {
    let widths = face.widths();
    let units: u32 = text
        .chars()
        .map(|c| {
            if figurine_role(c).is_some() {
                return u32::from(FIGURINE_ADVANCE);
            }
            let code = win_ansi(c).unwrap_or(b'?');
            widths
                .get(usize::from(code.saturating_sub(FIRST_CHAR)))
                .map_or(0, |&w| u32::from(w))
        })
        .sum();
    units as f32 * size / 1000.0
}

/// `text` broken into lines no wider than `max` at `size` points, at
/// spaces; a word wider than a line stands alone on its line.
pub(crate) fn wrap(text: &str, face: Face, size: f32, max: f32) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        let candidate = if line.is_empty() {
            word.to_owned()
        } else {
            format!("{line} {word}")
        };
        if width(&candidate, face, size) <= max || line.is_empty() {
            line = candidate;
        } else {
            lines.push(std::mem::replace(&mut line, word.to_owned()));
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// `text` made to fit in `max` points at up to `size`: the size it takes
/// (down to 70% of `size`), and the text, cut with an ellipsis when even
/// the smallest size is too wide.
pub(crate) fn fit(text: &str, face: Face, size: f32, max: f32) -> (f32, String) {
    let wide = width(text, face, size);
    if wide <= max {
        return (size, text.to_owned());
    }
    let smaller = (size * max / wide).max(size * 0.7);
    if width(text, face, smaller) <= max {
        return (smaller, text.to_owned());
    }
    let mut cut: String = text.to_owned();
    while !cut.is_empty() && width(&format!("{cut}…"), face, smaller) > max {
        cut.pop();
    }
    (smaller, format!("{}…", cut.trim_end()))
}

// The widths of Helvetica and Helvetica-Bold for WinAnsi codes 32 to 255,
// in thousandths of an em: Adobe's metrics for the standard fonts, read
// from the metric-compatible URW Nimbus Sans AFM files (fonts-urw-base35)
// through WinAnsi's glyph names. Unused codes are 0.
#[rustfmt::skip]
const REGULAR: [u16; 224] = [
    278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278,
    556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556,
    1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778,
    667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556,
    333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556,
    556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584, 0,
    556, 0, 222, 556, 333, 1000, 556, 556, 333, 1000, 667, 333, 1000, 0, 611, 0,
    0, 222, 222, 333, 333, 350, 556, 1000, 333, 1000, 500, 333, 944, 0, 500, 667,
    278, 333, 556, 556, 556, 556, 260, 556, 333, 737, 370, 556, 584, 333, 737, 333,
    400, 584, 333, 333, 333, 556, 537, 278, 333, 333, 365, 556, 834, 834, 834, 611,
    667, 667, 667, 667, 667, 667, 1000, 722, 667, 667, 667, 667, 278, 278, 278, 278,
    722, 722, 778, 778, 778, 778, 778, 584, 778, 722, 722, 722, 722, 667, 667, 611,
    556, 556, 556, 556, 556, 556, 889, 500, 556, 556, 556, 556, 278, 278, 278, 278,
    556, 556, 556, 556, 556, 556, 556, 584, 611, 556, 556, 556, 556, 500, 556, 500,
];

#[rustfmt::skip]
const BOLD: [u16; 224] = [
    278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278,
    556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 333, 333, 584, 584, 584, 611,
    975, 722, 722, 722, 722, 667, 611, 778, 722, 278, 556, 722, 611, 833, 722, 778,
    667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 333, 278, 333, 584, 556,
    333, 556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611,
    611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500, 389, 280, 389, 584, 0,
    556, 0, 278, 556, 500, 1000, 556, 556, 333, 1000, 667, 333, 1000, 0, 611, 0,
    0, 278, 278, 500, 500, 350, 556, 1000, 333, 1000, 556, 333, 944, 0, 500, 667,
    278, 333, 556, 556, 556, 556, 280, 556, 333, 737, 370, 556, 584, 333, 737, 333,
    400, 584, 333, 333, 333, 611, 556, 278, 333, 333, 365, 556, 834, 834, 834, 611,
    722, 722, 722, 722, 722, 722, 1000, 722, 667, 667, 667, 667, 278, 278, 278, 278,
    722, 722, 778, 778, 778, 778, 778, 584, 778, 722, 722, 722, 722, 667, 667, 611,
    556, 556, 556, 556, 556, 556, 889, 556, 556, 556, 556, 556, 278, 278, 278, 278,
    611, 611, 611, 611, 611, 611, 611, 584, 611, 611, 611, 611, 611, 556, 611, 556,
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn win_ansi_holds_latin_1_and_typographic_punctuation() {
        assert_eq!(win_ansi('A'), Some(b'A'));
        assert_eq!(win_ansi('é'), Some(0xe9));
        assert_eq!(win_ansi('…'), Some(0x85));
        assert_eq!(win_ansi('–'), Some(0x96));
        assert_eq!(win_ansi('€'), Some(0x80));
        assert_eq!(win_ansi('ł'), None);
        assert_eq!(win_ansi('\n'), None);
        assert_eq!(unprintable("Łódź ♘ Łódź"), vec!['Ł', 'ź']);
    }

    #[test]
    fn widths_are_helveticas() {
        // "Hello" in Helvetica: 722 + 556 + 222 + 222 + 556 = 2278.
        assert!((width("Hello", Face::Regular, 10.0) - 22.78).abs() < 1e-3);
        assert!(width("Hello", Face::Bold, 10.0) > width("Hello", Face::Regular, 10.0));
        assert!((width("♘f3", Face::Regular, 10.0) - (8.6 + 2.78 + 5.56)).abs() < 1e-3);
    }

    #[test]
    fn runs_split_figurines_out() {
        assert_eq!(
            runs("24. ♘xf7+"),
            vec![
                Run::Text(b"24. ".to_vec()),
                Run::Figurine(Role::Knight, '♘'),
                Run::Text(b"xf7+".to_vec()),
            ]
        );
        assert_eq!(runs("ł"), vec![Run::Text(b"?".to_vec())]);
    }

    #[test]
    fn wrapping_keeps_words_whole_and_lines_in_bounds() {
        let text = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7";
        let lines = wrap(text, Face::Regular, 10.0, 80.0);
        assert!(lines.len() > 1);
        assert_eq!(lines.join(" "), text);
        for line in &lines {
            assert!(width(line, Face::Regular, 10.0) <= 80.0, "{line}");
        }
        assert_eq!(
            wrap("Supercalifragilistic", Face::Regular, 10.0, 5.0).len(),
            1
        );
        assert_eq!(fit("ok", Face::Bold, 10.0, 200.0), (10.0, "ok".to_owned()));
        let wide = width("a long prompt", Face::Bold, 10.0);
        let (size, text) = fit("a long prompt", Face::Bold, 10.0, wide * 0.8);
        assert!((7.0..10.0).contains(&size));
        assert_eq!(text, "a long prompt");
        let (size, text) = fit("a long prompt", Face::Bold, 10.0, 30.0);
        assert_eq!(size, 7.0);
        assert!(
            text.ends_with('…') && width(&text, Face::Bold, 7.0) <= 30.0,
            "{text}"
        );
    }
}
