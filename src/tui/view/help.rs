//! The help overlay: the key map, read from the same table as the footer.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph};

use crate::tui::app::{App, Screen};
use crate::tui::keys::{bindings_for, keys_label};
use crate::tui::strings;
use crate::tui::theme::Theme;

/// Draws the help overlay over the current screen.
pub fn render(app: &App, theme: Theme, area: Rect, frame: &mut Frame) {
    let under = if app.on_puzzle() {
        Screen::Puzzle { input_empty: true }
    } else {
        Screen::Home
    };
    let rows: Vec<(String, &str)> = bindings_for(&under)
        .map(|b| (keys_label(b), b.description))
        .chain(
            bindings_for(&Screen::Help)
                .filter(|b| b.scope == crate::tui::keys::Scope::Help)
                .map(|b| (keys_label(b), b.description)),
        )
        .collect();
    let key_w = rows
        .iter()
        .map(|(k, _)| k.chars().count())
        .max()
        .unwrap_or(0);
    let lines: Vec<Line> = rows
        .iter()
        .map(|(k, d)| {
            Line::from(vec![
                Span::styled(format!("{k:<key_w$}  "), theme.key()),
                Span::raw(*d),
            ])
        })
        .collect();
    let text_w = lines.iter().map(Line::width).max().unwrap_or(0);
    let width = u16::try_from(text_w + 4)
        .unwrap_or(u16::MAX)
        .min(area.width.saturating_sub(2));
    let height = u16::try_from(lines.len() + 2)
        .unwrap_or(u16::MAX)
        .min(area.height);
    let rect = Rect::new(
        area.x + (area.width - width) / 2,
        area.y + (area.height - height) / 2,
        width,
        height,
    );
    frame.render_widget(Clear, rect);
    frame.render_widget(
        Paragraph::new(lines).block(
            Block::default()
                .borders(Borders::ALL)
                .title(Span::styled(strings::HELP_TITLE, theme.title())),
        ),
        rect,
    );
}
