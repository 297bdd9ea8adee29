//! The home menu.

use ratatui::Frame;
use ratatui::layout::{Alignment, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

use super::geometry::{home_areas as areas, home_block as block};
use crate::tui::app::App;
use crate::tui::context::KeyContext;
use crate::tui::strings;
use crate::tui::theme::Theme;

/// Draws the home menu.
pub fn render(app: &App, theme: Theme, area: Rect, frame: &mut Frame) {
    let [body, footer] = areas(area);
    let mut lines = vec![
        Line::styled(strings::APP_NAME, theme.title()),
        Line::styled(strings::TAGLINE, theme.dim()),
        Line::raw(""),
    ];
    let mut items = strings::menu(app.has_library(), app.has_mined()).map(str::to_owned);
    if let Some(difficulty) = app.difficulty() {
        items[0] = strings::rated_item(difficulty, app.blind());
    }
    if !app.weak_themes().is_empty() {
        let weak = crate::tui::app::MenuItem::ALL
            .iter()
            .position(|&i| i == crate::tui::app::MenuItem::Weak);
        if let Some(item) = weak.and_then(|i| items.get_mut(i)) {
            *item = strings::weak_item(app.weak_themes());
        }
    }
    for (i, item) in items.iter().enumerate() {
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
    // A notice takes the place of the count, so that the menu fits the
    // smallest terminal with one.
    match app.notice() {
        Some(notice) => lines.push(Line::styled(notice.to_owned(), theme.hint_message())),
        None => lines.push(Line::styled(
            strings::loaded(app.puzzle_total()),
            theme.dim(),
        )),
    }
    let rect = block(body, lines.len());
    frame.render_widget(Paragraph::new(lines).alignment(Alignment::Center), rect);
    super::render_footer_without(app, KeyContext::Home, None, theme, footer, frame);
}
