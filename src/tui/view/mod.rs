//! The view: a pure function of the [`App`] drawn into a [`Frame`].

pub mod board;
pub mod help;
pub mod home;
pub mod puzzle;

use ratatui::Frame;
use ratatui::layout::{Alignment, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Wrap};

use super::app::{App, Screen};
use super::keys::{bindings_for, key_label};
use super::strings;
use super::theme::Theme;

/// The narrowest terminal the screens fit in: the smallest board (26
/// columns) beside a 33-column panel with its border.
pub const MIN_WIDTH: u16 = 60;
/// The shortest terminal the screens fit in: header 1, board 9, input 3,
/// hint panel 5, footer 1.
pub const MIN_HEIGHT: u16 = 19;

/// Draws the whole interface.
pub fn render(app: &App, frame: &mut Frame) {
    let area = frame.area();
    let theme = Theme::new(app.config().no_color);
    if area.width < MIN_WIDTH || area.height < MIN_HEIGHT {
        render_too_small(area, frame);
        return;
    }
    match app.play().filter(|_| app.on_puzzle()) {
        Some(play) => puzzle::render(app, play, theme, area, frame),
        None => home::render(app, theme, area, frame),
    }
    if app.help_shown() {
        help::render(app, theme, area, frame);
    }
}

fn render_too_small(area: Rect, frame: &mut Frame) {
    let text = strings::too_small(MIN_WIDTH, MIN_HEIGHT, area.width, area.height);
    let y = area.y + area.height / 2;
    let height = area.height.saturating_sub(area.height / 2);
    let rect = Rect::new(area.x, y, area.width, height);
    frame.render_widget(
        Paragraph::new(text)
            .alignment(Alignment::Center)
            .wrap(Wrap { trim: true }),
        rect,
    );
}

/// The footer: the key map's footer entries for the current screen.
pub(crate) fn render_footer(screen: Screen, theme: Theme, area: Rect, frame: &mut Frame) {
    let mut spans = Vec::new();
    for binding in bindings_for(&screen).filter(|b| b.footer) {
        let Some(&key) = binding.keys.first() else {
            continue;
        };
        if !spans.is_empty() {
            spans.push(Span::raw("  "));
        }
        spans.push(Span::styled(key_label(key), theme.key()));
        spans.push(Span::raw(" "));
        spans.push(Span::styled(binding.short, theme.dim()));
    }
    frame.render_widget(Paragraph::new(Line::from(spans)), area);
}
