//! The home menu.

use ratatui::Frame;
use ratatui::layout::{Alignment, Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

use crate::tui::app::{App, Screen};
use crate::tui::strings;
use crate::tui::theme::Theme;

/// Draws the home menu.
pub fn render(app: &App, theme: Theme, area: Rect, frame: &mut Frame) {
    let [body, footer] = Layout::vertical([Constraint::Fill(1), Constraint::Length(1)]).areas(area);
    let mut lines = vec![
        Line::styled(strings::APP_NAME, theme.title()),
        Line::styled(strings::TAGLINE, theme.dim()),
        Line::raw(""),
    ];
    for (i, item) in strings::menu(app.has_library()).iter().enumerate() {
        if i == app.menu_index() {
            lines.push(Line::from(Span::styled(
                format!("▸ {item} "),
                theme.selected(),
            )));
        } else {
            lines.push(Line::raw(format!("  {item} ")));
        }
    }
    lines.push(Line::raw(""));
    lines.push(Line::styled(
        strings::loaded(app.puzzles().len()),
        theme.dim(),
    ));
    if let Some(notice) = app.notice() {
        lines.push(Line::styled(notice.to_owned(), theme.hint_message()));
    }
    let height = u16::try_from(lines.len())
        .unwrap_or(u16::MAX)
        .min(body.height);
    let top = body.y + (body.height - height) / 2;
    let rect = Rect::new(body.x, top, body.width, height);
    frame.render_widget(Paragraph::new(lines).alignment(Alignment::Center), rect);
    super::render_footer(Screen::Home, theme, footer, frame);
}
