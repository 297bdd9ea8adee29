//! Styles, in colour or without any (`NO_COLOR`).
//!
//! The board uses 256-colour backgrounds chosen so that the pieces keep their
//! contrast whatever the terminal's own background; text uses the 16 named
//! colours, which terminals adapt to light and dark themes. Without colour,
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
            };
        }
        let bg = match (mark, light) {
            (SquareMark::None, true) => idx(180),
            (SquareMark::None, false) => idx(137),
            (SquareMark::LastMove, true) => idx(186),
            (SquareMark::LastMove, false) => idx(143),
            (SquareMark::Hint, true) => idx(117),
            (SquareMark::Hint, false) => idx(74),
            (SquareMark::Check, _) => idx(160),
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
