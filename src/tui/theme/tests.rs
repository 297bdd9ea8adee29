//! The schemes' contrast (WCAG, computed), the marks, and `detect`.

use super::*;

const MARKS: [SquareMark; 5] = [
    SquareMark::None,
    SquareMark::LastMove,
    SquareMark::Hint,
    SquareMark::Check,
    SquareMark::Shown,
];

/// The sRGB value of a colour: the xterm 256-colour cube and grey ramp,
/// and for the 16 named colours the VGA palette of the Linux console
/// (the terminal the 16-colour fallback is for).
fn rgb(color: Color) -> [u8; 3] {
    const VGA: [[u8; 3]; 16] = [
        [0, 0, 0],
        [170, 0, 0],
        [0, 170, 0],
        [170, 85, 0],
        [0, 0, 170],
        [170, 0, 170],
        [0, 170, 170],
        [170, 170, 170],
        [85, 85, 85],
        [255, 85, 85],
        [85, 255, 85],
        [255, 255, 85],
        [85, 85, 255],
        [255, 85, 255],
        [85, 255, 255],
        [255, 255, 255],
    ];
    let named = |n: usize| VGA[n];
    match color {
        Color::Black => named(0),
        Color::Red => named(1),
        Color::Green => named(2),
        Color::Yellow => named(3),
        Color::Blue => named(4),
        Color::Magenta => named(5),
        Color::Cyan => named(6),
        Color::Gray => named(7),
        Color::DarkGray => named(8),
        Color::LightRed => named(9),
        Color::LightGreen => named(10),
        Color::LightYellow => named(11),
        Color::LightBlue => named(12),
        Color::LightMagenta => named(13),
        Color::LightCyan => named(14),
        Color::White => named(15),
        Color::Indexed(i @ 16..=231) => {
            let levels = [0, 95, 135, 175, 215, 255];
            let i = usize::from(i - 16);
            [levels[i / 36], levels[(i / 6) % 6], levels[i % 6]]
        }
        Color::Indexed(i @ 232..=255) => [8 + 10 * (i - 232); 3],
        Color::Rgb(r, g, b) => [r, g, b],
        other => panic!("no fixed value: {other:?}"),
    }
}

/// Relative luminance (WCAG 2).
fn luminance(color: Color) -> f64 {
    let channel = |v: u8| {
        let c = f64::from(v) / 255.0;
        if c <= 0.040_45 {
            c / 12.92
        } else {
            ((c + 0.055) / 1.055).powf(2.4)
        }
    };
    let [r, g, b] = rgb(color);
    0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)
}

/// The WCAG contrast ratio of two colours.
fn contrast(a: Color, b: Color) -> f64 {
    let (a, b) = (luminance(a), luminance(b));
    (a.max(b) + 0.05) / (a.min(b) + 0.05)
}

#[test]
fn contrast_matches_the_wcag_reference_values() {
    assert!((contrast(Color::Rgb(0, 0, 0), Color::Rgb(255, 255, 255)) - 21.0).abs() < 1e-9);
    assert!((contrast(Color::Rgb(119, 119, 119), Color::Rgb(255, 255, 255)) - 4.48).abs() < 0.01);
    assert!((contrast(Color::Rgb(9, 9, 9), Color::Rgb(9, 9, 9)) - 1.0).abs() < 1e-9);
}

/// Every style that colours text.
fn text_styles(theme: &Theme) -> Vec<Style> {
    let mut styles = vec![
        theme.coords(),
        theme.diagnostic(),
        theme.good(),
        theme.bad(),
        theme.hint_message(),
        theme.dim(),
        theme.title(),
        theme.key(),
        theme.chart(),
        theme.solution_move(),
    ];
    for state in [
        HintState::Empty,
        HintState::Partial,
        HintState::Complete,
        HintState::Ambiguous,
        HintState::Impossible(crate::notation::Impossible::SignsOnly),
    ] {
        styles.push(theme.hint_state(&state));
    }
    styles
}

/// The terminal backgrounds a scheme is for, and the least contrast
/// each text colour keeps on each.
fn backgrounds(colors: Colors, depth: Depth) -> Vec<(Color, f64)> {
    let (black, dark, light, white) = (
        Color::Rgb(0, 0, 0),
        Color::Rgb(0x30, 0x30, 0x30),
        Color::Rgb(0xee, 0xee, 0xee),
        Color::Rgb(255, 255, 255),
    );
    match (colors, depth) {
        (Colors::Dark, Depth::Indexed) => vec![(black, 4.5), (dark, 4.5)],
        (Colors::Light, Depth::Indexed) => vec![(light, 4.5), (white, 4.5)],
        (Colors::Contrast, Depth::Indexed) => vec![(black, 7.0), (dark, 4.5)],
        (Colors::Dark | Colors::Contrast, _) => vec![(black, 4.5)],
        (Colors::Light, _) => vec![(white, 4.5)],
    }
}

#[test]
fn every_text_colour_keeps_its_contrast_in_every_scheme() {
    for colors in Colors::ALL {
        for depth in [Depth::Indexed, Depth::Named] {
            let theme = Theme::with(colors, depth, false);
            for style in text_styles(&theme) {
                let fg = style.fg.expect("a coloured text style");
                for (bg, least) in backgrounds(colors, depth) {
                    let ratio = contrast(fg, bg);
                    assert!(
                        ratio >= least,
                        "{colors:?} {depth:?}: {fg:?} on {bg:?} is {ratio:.2}:1, under {least}:1"
                    );
                }
            }
        }
    }
}

#[test]
fn both_piece_colours_are_readable_on_every_square() {
    for colors in Colors::ALL {
        for depth in [Depth::Indexed, Depth::Named] {
            let theme = Theme::with(colors, depth, false);
            for light in [true, false] {
                for mark in MARKS {
                    let bg = theme.square(light, mark).bg.expect("a square colour");
                    for side in [Side::White, Side::Black] {
                        let fg = theme.piece(side).fg.expect("a piece colour");
                        let ratio = contrast(bg, fg);
                        assert!(
                            ratio >= 3.0,
                            "{colors:?} {depth:?}: {side:?} on {mark:?} {light}: {ratio:.2}"
                        );
                    }
                }
            }
        }
    }
}

#[test]
fn the_terminal_decides_figures_and_colours() {
    use Depth::{Indexed, Named, None as NoColour};
    let table: [(Option<&str>, Option<&str>, bool, Depth); 11] = [
        (Some("xterm-256color"), None, false, Indexed),
        (Some("xterm-kitty"), Some("truecolor"), false, Indexed),
        (Some("alacritty"), Some("24bit"), false, Indexed),
        (Some("tmux-256color"), None, false, Indexed),
        (Some("xterm-direct"), None, false, Indexed),
        (Some("xterm"), None, false, Named),
        (Some("screen"), Some(""), false, Named),
        (None, None, false, Named),
        (Some("linux"), None, true, Named),
        (Some("linux"), Some("truecolor"), true, Indexed),
        (Some("dumb"), Some("truecolor"), true, NoColour),
    ];
    for (term, colorterm, letters, depth) in table {
        assert_eq!(
            detect(term, colorterm),
            Display { letters, depth },
            "TERM={term:?} COLORTERM={colorterm:?}"
        );
    }
}

#[test]
fn depth_none_means_no_colour_and_named_means_brackets() {
    assert!(Theme::with(Colors::Light, Depth::None, false).no_color);
    let named = Theme::with(Colors::Dark, Depth::Named, false);
    assert!(named.bracket_marks() && !named.no_color);
    assert!(!Theme::with(Colors::Dark, Depth::Indexed, false).bracket_marks());
    assert_eq!(Colors::from_name("contrast"), Some(Colors::Contrast));
    assert_eq!(Colors::from_name("solarized"), None);
}

#[test]
fn every_mark_looks_different_in_every_mode() {
    for (depth, no_color) in [
        (Depth::Indexed, false),
        (Depth::Named, false),
        (Depth::Indexed, true),
    ] {
        let theme = Theme::with(Colors::Dark, depth, no_color);
        for light in [true, false] {
            let styles: Vec<Style> = MARKS.iter().map(|&m| theme.square(light, m)).collect();
            for (i, a) in styles.iter().enumerate() {
                for b in &styles[i + 1..] {
                    assert_ne!(a, b, "no_color={no_color} light={light}");
                }
            }
        }
    }
}

#[test]
fn no_color_styles_carry_no_colour() {
    let theme = Theme::new(true);
    let mut styles = vec![
        theme.piece(Side::White),
        theme.piece(Side::Black),
        theme.coords(),
        theme.diagnostic(),
        theme.good(),
        theme.bad(),
        theme.hint_message(),
        theme.dim(),
        theme.title(),
        theme.key(),
        theme.selected(),
        theme.user_move(),
        theme.solution_move(),
        theme.chart(),
    ];
    for state in [
        HintState::Empty,
        HintState::Partial,
        HintState::Complete,
        HintState::CompleteOrLonger,
        HintState::Ambiguous,
        HintState::Impossible(crate::notation::Impossible::SignsOnly),
    ] {
        styles.push(theme.hint_state(&state));
    }
    for light in [true, false] {
        styles.extend(MARKS.iter().map(|&m| theme.square(light, m)));
    }
    for style in styles {
        assert_eq!((style.fg, style.bg), (None, None), "{style:?}");
    }
}
