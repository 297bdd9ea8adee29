//! Styles, in colour or without any (`NO_COLOR`).
//!
//! The board uses 256-colour backgrounds of middle luminance, so that white
//! and black pieces both keep their contrast whatever the terminal's own
//! background; text uses the 16 named colours, which terminals adapt to
//! light and dark themes. Without colour,
//! every highlight that carries meaning uses a modifier instead (and the
//! board adds bracket marks), so nothing is lost.

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

/// The style set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Theme {
    /// No colour at all.
    pub no_color: bool,
}

const fn idx(n: u8) -> Color {
    Color::Indexed(n)
}

impl Theme {
    /// The theme for a configuration.
    pub fn new(no_color: bool) -> Theme {
        Theme { no_color }
    }

    fn pick(&self, color: Style, plain: Style) -> Style {
        if self.no_color { plain } else { color }
    }

    /// A board square: light or dark, with its highlight.
    pub fn square(&self, light: bool, mark: SquareMark) -> Style {
        if self.no_color {
            return match mark {
                SquareMark::None => Style::new(),
                SquareMark::LastMove => Style::new().add_modifier(Modifier::BOLD),
                SquareMark::Hint => Style::new().add_modifier(Modifier::UNDERLINED),
                SquareMark::Check => Style::new().add_modifier(Modifier::REVERSED),
                SquareMark::Shown => {
                    Style::new().add_modifier(Modifier::BOLD | Modifier::UNDERLINED)
                }
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
        let fg = match side {
            Side::White => idx(231),
            Side::Black => idx(16),
        };
        self.pick(
            Style::new().fg(fg).add_modifier(Modifier::BOLD),
            Style::new(),
        )
    }

    /// The board's coordinate letters and digits.
    pub fn coords(&self) -> Style {
        self.pick(Style::new().fg(Color::DarkGray), Style::new())
    }

    /// The hint panel's style for a state (and the input text's).
    pub fn hint_state(&self, state: &HintState) -> Style {
        match state {
            HintState::Empty => self.dim(),
            HintState::Partial => self.pick(Style::new().fg(Color::Yellow), Style::new()),
            HintState::Complete | HintState::CompleteOrLonger => self.pick(
                Style::new().fg(Color::Green).add_modifier(Modifier::BOLD),
                Style::new().add_modifier(Modifier::BOLD),
            ),
            HintState::Ambiguous => self.pick(
                Style::new().fg(Color::Magenta),
                Style::new().add_modifier(Modifier::UNDERLINED),
            ),
            HintState::Impossible(_) => self.pick(
                Style::new().fg(Color::Red),
                Style::new().add_modifier(Modifier::REVERSED),
            ),
        }
    }

    /// A notation diagnostic ("0-0 is written O-O").
    pub fn diagnostic(&self) -> Style {
        self.pick(
            Style::new().fg(Color::Cyan).add_modifier(Modifier::ITALIC),
            Style::new().add_modifier(Modifier::ITALIC),
        )
    }

    /// Good news.
    pub fn good(&self) -> Style {
        self.pick(
            Style::new().fg(Color::Green).add_modifier(Modifier::BOLD),
            Style::new().add_modifier(Modifier::BOLD),
        )
    }

    /// Bad news.
    pub fn bad(&self) -> Style {
        self.pick(
            Style::new().fg(Color::Red).add_modifier(Modifier::BOLD),
            Style::new().add_modifier(Modifier::BOLD | Modifier::UNDERLINED),
        )
    }

    /// A hint message.
    pub fn hint_message(&self) -> Style {
        self.pick(
            Style::new().fg(Color::Cyan),
            Style::new().add_modifier(Modifier::ITALIC),
        )
    }

    /// Secondary text.
    pub fn dim(&self) -> Style {
        self.pick(
            Style::new().fg(Color::DarkGray),
            Style::new().add_modifier(Modifier::DIM),
        )
    }

    /// Titles and headings.
    pub fn title(&self) -> Style {
        self.pick(
            Style::new().fg(Color::Cyan).add_modifier(Modifier::BOLD),
            Style::new().add_modifier(Modifier::BOLD),
        )
    }

    /// A key name in the footer or the help.
    pub fn key(&self) -> Style {
        self.pick(
            Style::new().fg(Color::Cyan).add_modifier(Modifier::BOLD),
            Style::new().add_modifier(Modifier::BOLD),
        )
    }

    /// A bar or a line in a chart.
    pub fn chart(&self) -> Style {
        self.pick(Style::new().fg(Color::Cyan), Style::new())
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
            Style::new().fg(Color::Yellow),
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

    /// Relative luminance (WCAG) of an xterm-256 colour-cube entry.
    fn luminance(color: Color) -> f64 {
        let Color::Indexed(i @ 16..=231) = color else {
            panic!("not a colour-cube entry: {color:?}");
        };
        let levels = [0.0, 95.0, 135.0, 175.0, 215.0, 255.0];
        let i = usize::from(i - 16);
        let channel = |v: f64| {
            let c = v / 255.0;
            if c <= 0.040_45 {
                c / 12.92
            } else {
                ((c + 0.055) / 1.055).powf(2.4)
            }
        };
        let (r, g, b) = (levels[i / 36], levels[(i / 6) % 6], levels[i % 6]);
        0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)
    }

    fn contrast(a: f64, b: f64) -> f64 {
        (a.max(b) + 0.05) / (a.min(b) + 0.05)
    }

    #[test]
    fn both_piece_colours_are_readable_on_every_square() {
        let theme = Theme::new(false);
        let white = luminance(Color::Indexed(231));
        let black = luminance(Color::Indexed(16));
        for light in [true, false] {
            for mark in MARKS {
                let bg = luminance(theme.square(light, mark).bg.unwrap());
                assert!(
                    contrast(bg, white) >= 3.0,
                    "white on {mark:?} {light}: {}",
                    contrast(bg, white)
                );
                assert!(
                    contrast(bg, black) >= 3.0,
                    "black on {mark:?} {light}: {}",
                    contrast(bg, black)
                );
            }
        }
    }

    #[test]
    fn every_mark_looks_different_in_both_modes() {
        for no_color in [false, true] {
            let theme = Theme::new(no_color);
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
