//! The home menu.

use ratatui::Frame;
use ratatui::layout::{Alignment, Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

use crate::tui::app::App;
use crate::tui::context::KeyContext;
use crate::tui::strings;
use crate::tui::theme::Theme;

/// Lines above the first menu item: the name, the tagline, a blank.
const HEAD: usize = 3;

/// Splits the home screen into its body and its footer.
fn areas(area: Rect) -> [Rect; 2] {
    Layout::vertical([Constraint::Fill(1), Constraint::Length(1)]).areas(area)
}

/// Where `lines` lines of text are drawn in `body`: centred vertically.
fn block(body: Rect, lines: usize) -> Rect {
    let height = u16::try_from(lines).unwrap_or(u16::MAX).min(body.height);
    let top = body.y + (body.height - height) / 2;
    Rect::new(body.x, top, body.width, height)
}

/// The menu item (its index) drawn on terminal row `row` of the home screen
/// of a terminal of `size`, with or without a notice under the menu (the
/// layout is the one [`render`] draws; any column of the row counts).
pub fn item_at(size: (u16, u16), notice: bool, row: u16) -> Option<usize> {
    let (width, height) = size;
    if width < super::MIN_WIDTH || height < super::MIN_HEIGHT {
        return None;
    }
    let items = strings::menu(false, false).len();
    let [body, _] = areas(Rect::new(0, 0, width, height));
    let rect = block(body, HEAD + items + 2 + usize::from(notice));
    let index = usize::from(row.checked_sub(rect.y)?).checked_sub(HEAD)?;
    (index < items && row < rect.bottom()).then_some(index)
}

/// Draws the home menu.
pub fn render(app: &App, theme: Theme, area: Rect, frame: &mut Frame) {
    let [body, footer] = areas(area);
    let mut lines = vec![
        Line::styled(strings::APP_NAME, theme.title()),
        Line::styled(strings::TAGLINE, theme.dim()),
        Line::raw(""),
    ];
    for (i, item) in strings::menu(app.has_library(), app.has_mined())
        .iter()
        .enumerate()
    {
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
    let rect = block(body, lines.len());
    frame.render_widget(Paragraph::new(lines).alignment(Alignment::Center), rect);
    super::render_footer(KeyContext::Home, theme, footer, frame);
}
