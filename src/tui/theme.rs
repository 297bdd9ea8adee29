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

pub use crate::config::Colors;
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
mod tests;
