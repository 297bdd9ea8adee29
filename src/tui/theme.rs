//! Styles: three colour schemes (dark, light, high contrast), each in 256
//! colours or in the 16 named colours, or no colour at all (`NO_COLOR`).
//!
//! The board uses backgrounds of middle luminance, so that white and black
//! pieces both keep a contrast of 3:1 whatever the terminal's own
//! background. Text colours are chosen per scheme for the terminal
//! background the scheme is for (dark: black to #303030; light: #eeeeee to
//! white; contrast: black), each with a contrast of at least 4.5:1 there
//! (contrast: 7:1 on black); the tests compute the WCAG ratios. Without
//! colour, every highlight that carries meaning uses a modifier instead
//! (and the board adds bracket marks), so nothing is lost.
//!
//! [`detect`] is the pure rule from the environment (`TERM`, `COLORTERM`)
//! to letters or figures and the number of colours.

use ratatui::style::{Color, Modifier, Style};
use shakmaty::Color as Side;

use crate::notation::HintState;

/// Which highlight a board square carries; the strongest wins.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SquareMark {
    /// No highlight.
    None,
    /// Part of the last move.
    LastMove,
    /// Pointed at by a hint.
    Hint,
    /// The king in check.
    Check,
    /// Shown by a drill exercise (the move to write, the square to name).
    Shown,
}

/// The colour scheme (`--colors`, or `colors` in the config file).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum Colors {
    /// For a dark terminal background.
    #[default]
    Dark,
    /// For a light terminal background.
    Light,
    /// Brightest colours on black, every text colour at 7:1 or more.
    Contrast,
}

impl Colors {
    /// Every scheme.
    pub const ALL: [Colors; 3] = [Colors::Dark, Colors::Light, Colors::Contrast];

    /// The name on the command line and in the config file.
    pub fn name(self) -> &'static str {
        match self {
            Colors::Dark => "dark",
            Colors::Light => "light",
            Colors::Contrast => "contrast",
        }
    }

    /// The scheme with this name.
    pub fn from_name(name: &str) -> Option<Colors> {
        Colors::ALL.into_iter().find(|c| c.name() == name)
    }
}

/// How many colours the terminal shows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Depth {
    /// The 256-colour palette (announced by `TERM=*256color` or `COLORTERM`).
    #[default]
    Indexed,
    /// Only the 16 named colours (the Linux console, a plain `xterm`).
    Named,
    /// No colour (`TERM=dumb`).
    None,
}

/// What the terminal can draw, as [`detect`] judges it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Display {
    /// Letters instead of chess figures (the font likely lacks them).
    pub letters: bool,
    /// How many colours.
    pub depth: Depth,
}

/// Judges the terminal from `TERM` and `COLORTERM` (`None`: unset).
///
/// The Linux console's font has no chess figures and it shows 16 colours;
/// `dumb` shows neither figures nor colour. 256 colours only when the
/// terminal announces them (`*-256color`, `*-direct`, or `COLORTERM` of
/// `truecolor` / `24bit`); otherwise the 16 named colours.
pub fn detect(term: Option<&str>, colorterm: Option<&str>) -> Display {
    let term = term.unwrap_or("").trim();
    let family = term.split('-').next().unwrap_or("");
    let truecolor = colorterm.is_some_and(|c| matches!(c.trim(), "truecolor" | "24bit"));
    let announced = term.contains("256color") || term.ends_with("-direct") || truecolor;
    match family {
        "dumb" => Display {
            letters: true,
            depth: Depth::None,
        },
        "linux" => Display {
            letters: true,
            depth: if announced {
                Depth::Indexed
            } else {
                Depth::Named
            },
        },
        _ => Display {
            letters: false,
            depth: if announced {
                Depth::Indexed
            } else {
                Depth::Named
            },
        },
    }
}

/// The text colours of a scheme at a depth.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Palette {
    /// Titles, keys, charts, diagnostics, hint messages.
    pub accent: Color,
    /// Good news, a complete move.
    pub good: Color,
    /// Bad news, an impossible move.
    pub bad: Color,
    /// A partial move, a solution move.
    pub warn: Color,
    /// An ambiguous move.
    pub ambiguous: Color,
    /// Secondary text and coordinates.
    pub dim: Color,
}

impl Palette {
    const fn of(colors: Colors, depth: Depth) -> Palette {
        let named = matches!(depth, Depth::Named);
        match (colors, named) {
            (Colors::Dark, false) => Palette {
                accent: idx(80),
                good: idx(114),
                bad: idx(210),
                warn: idx(221),
                ambiguous: idx(213),
                dim: idx(247),
            },
            (Colors::Light, false) => Palette {
                accent: idx(24),
                good: idx(22),
                bad: idx(124),
                warn: idx(94),
                ambiguous: idx(90),
                dim: idx(241),
            },
            (Colors::Contrast, false) => Palette {
                accent: idx(51),
                good: idx(46),
                bad: idx(210),
                warn: idx(226),
                ambiguous: idx(213),
                dim: idx(250),
            },
            (Colors::Dark | Colors::Contrast, true) => Palette {
                accent: Color::LightCyan,
                good: Color::LightGreen,
                bad: Color::LightRed,
                warn: Color::LightYellow,
                ambiguous: Color::LightMagenta,
                dim: Color::Gray,
            },
            (Colors::Light, true) => Palette {
                accent: Color::Blue,
                good: Color::Black,
                bad: Color::Red,
                warn: Color::Blue,
                ambiguous: Color::Magenta,
                dim: Color::DarkGray,
            },
        }
    }
}

/// The style set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Theme {
    /// No colour at all.
    pub no_color: bool,
    /// Only the 16 named colours: the board marks its highlights with
    /// brackets, as without colour.
    pub named: bool,
    palette: Palette,
}

const fn idx(n: u8) -> Color {
    Color::Indexed(n)
}

impl Theme {
    /// The dark scheme in 256 colours, or no colour.
    pub fn new(no_color: bool) -> Theme {
        Theme::with(Colors::Dark, Depth::Indexed, no_color)
    }

    /// A scheme at a depth; `no_color` (or [`Depth::None`]) wins.
    pub fn with(colors: Colors, depth: Depth, no_color: bool) -> Theme {
        Theme {
            no_color: no_color || depth == Depth::None,
            named: depth == Depth::Named,
            palette: Palette::of(colors, depth),
        }
    }

    /// The text colours (without colour: still those of the scheme, unused).
    pub fn palette(&self) -> Palette {
        self.palette
    }

    /// Whether the board marks highlights with brackets (no colour, or too
    /// few colours to tell the highlights apart by background).
    pub fn bracket_marks(&self) -> bool {
        self.no_color || self.named
    }

    fn fg(&self, color: Color) -> Style {
        self.pick(Style::new().fg(color), Style::new())
    }

    fn pick(&self, color: Style, plain: Style) -> Style {
        if self.no_color { plain } else { color }
    }

    /// A board square: light or dark, with its highlight.
    pub fn square(&self, light: bool, mark: SquareMark) -> Style {
        if self.no_color || self.named {
            let style = match mark {
                SquareMark::None => Style::new(),
                SquareMark::LastMove => Style::new().add_modifier(Modifier::BOLD),
                SquareMark::Hint => Style::new().add_modifier(Modifier::UNDERLINED),
                SquareMark::Check => Style::new().add_modifier(Modifier::REVERSED),
                SquareMark::Shown => {
                    Style::new().add_modifier(Modifier::BOLD | Modifier::UNDERLINED)
                }
            };
            // 16 colours: the two backgrounds of the Linux console's eight
            // that keep 3:1 for both white and black pieces (brown, green).
            return match (self.no_color, light) {
                (true, _) => style,
                (false, true) => style.bg(Color::Yellow),
                (false, false) => style.bg(Color::Green),
            };
        }
        // Every background has a relative luminance between 0.10 and 0.30,
        // so both white (#ffffff) and black (#000000) glyphs keep a contrast
        // of at least 3:1 on it.
        let bg = match (mark, light) {
            (SquareMark::None, true) => idx(137),
            (SquareMark::None, false) => idx(94),
            (SquareMark::LastMove, true) => idx(100),
            (SquareMark::LastMove, false) => idx(58),
            (SquareMark::Hint, true) => idx(67),
            (SquareMark::Hint, false) => idx(25),
            (SquareMark::Check, _) => idx(160),
            (SquareMark::Shown, true) => idx(30),
            (SquareMark::Shown, false) => idx(29),
        };
        Style::new().bg(bg)
    }

    /// A piece's glyph on a square.
    pub fn piece(&self, side: Side) -> Style {
        let fg = match (side, self.named) {
            (Side::White, false) => idx(231),
            (Side::Black, false) => idx(16),
            (Side::White, true) => Color::White,
            (Side::Black, true) => Color::Black,
        };
        self.pick(
            Style::new().fg(fg).add_modifier(Modifier::BOLD),
            Style::new(),
        )
    }

    /// The board's coordinate letters and digits.
    pub fn coords(&self) -> Style {
        self.fg(self.palette.dim)
    }

    /// The hint panel's style for a state (and the input text's).
    pub fn hint_state(&self, state: &HintState) -> Style {
        match state {
            HintState::Empty => self.dim(),
            HintState::Partial => self.fg(self.palette.warn),
            HintState::Complete | HintState::CompleteOrLonger => self.pick(
                Style::new()
                    .fg(self.palette.good)
                    .add_modifier(Modifier::BOLD),
                Style::new().add_modifier(Modifier::BOLD),
            ),
            HintState::Ambiguous => self.pick(
                Style::new().fg(self.palette.ambiguous),
                Style::new().add_modifier(Modifier::UNDERLINED),
            ),
            HintState::Impossible(_) => self.pick(
                Style::new().fg(self.palette.bad),
                Style::new().add_modifier(Modifier::REVERSED),
            ),
        }
    }

    /// A notation diagnostic ("0-0 is written O-O").
    pub fn diagnostic(&self) -> Style {
        self.pick(
            Style::new()
                .fg(self.palette.accent)
                .add_modifier(Modifier::ITALIC),
            Style::new().add_modifier(Modifier::ITALIC),
        )
    }

    /// Good news.
    pub fn good(&self) -> Style {
        self.pick(
            Style::new()
                .fg(self.palette.good)
                .add_modifier(Modifier::BOLD),
            Style::new().add_modifier(Modifier::BOLD),
        )
    }

    /// Bad news.
    pub fn bad(&self) -> Style {
        self.pick(
            Style::new()
                .fg(self.palette.bad)
                .add_modifier(Modifier::BOLD),
            Style::new().add_modifier(Modifier::BOLD | Modifier::UNDERLINED),
        )
    }

    /// A hint message.
    pub fn hint_message(&self) -> Style {
        self.pick(
            Style::new().fg(self.palette.accent),
            Style::new().add_modifier(Modifier::ITALIC),
        )
    }

    /// Secondary text.
    pub fn dim(&self) -> Style {
        self.pick(
            Style::new().fg(self.palette.dim),
            Style::new().add_modifier(Modifier::DIM),
        )
    }

    /// Titles and headings.
    pub fn title(&self) -> Style {
        self.pick(
            Style::new()
                .fg(self.palette.accent)
                .add_modifier(Modifier::BOLD),
            Style::new().add_modifier(Modifier::BOLD),
        )
    }

    /// A key name in the footer or the help.
    pub fn key(&self) -> Style {
        self.pick(
            Style::new()
                .fg(self.palette.accent)
                .add_modifier(Modifier::BOLD),
            Style::new().add_modifier(Modifier::BOLD),
        )
    }

    /// A bar or a line in a chart.
    pub fn chart(&self) -> Style {
        self.fg(self.palette.accent)
    }

    /// The highlighted menu item (reverse video is not colour).
    pub fn selected(&self) -> Style {
        Style::new().add_modifier(Modifier::REVERSED | Modifier::BOLD)
    }

    /// A move the user played in the moves list.
    pub fn user_move(&self) -> Style {
        Style::new().add_modifier(Modifier::BOLD)
    }

    /// A solution move in the moves list.
    pub fn solution_move(&self) -> Style {
        self.pick(
            Style::new().fg(self.palette.warn),
            Style::new().add_modifier(Modifier::ITALIC),
        )
    }
}

#[cfg(test)]
mod tests {
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
        assert!(
            (contrast(Color::Rgb(119, 119, 119), Color::Rgb(255, 255, 255)) - 4.48).abs() < 0.01
        );
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
            HintState::Impossible(String::new()),
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
            HintState::Impossible(String::new()),
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
}
