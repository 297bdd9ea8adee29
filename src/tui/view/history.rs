//! The History screen: the puzzles played lately, newest first, with their
//! result (as `sancho history` prints them); failures in the bad colour,
//! and `r` to replay the failed ones loaded here.

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::Line;
use ratatui::widgets::Paragraph;

use crate::tui::app::App;
use crate::tui::strings;
use crate::tui::theme::Theme;

/// The screen's lines: the column heads, one line per attempt, and what
/// `r` does when some failed.
pub fn lines(app: &App, theme: Theme) -> Vec<Line<'static>> {
    let recent = app.stats().map(|s| s.recent.as_slice()).unwrap_or_default();
    if recent.is_empty() {
        return vec![Line::styled(strings::HISTORY_EMPTY, theme.dim())];
    }
    let mut lines = vec![Line::styled(strings::HISTORY_HEAD, theme.key())];
    for attempt in recent {
        let style = if attempt.solved {
            theme.good()
        } else {
            theme.bad()
        };
        lines.push(Line::styled(attempt.to_string(), style));
    }
    let failed = recent.iter().filter(|a| !a.solved).count();
    if failed > 0 {
        lines.push(Line::raw(""));
        lines.push(Line::raw(strings::history_failed(
            failed,
            app.failed_loaded().len(),
        )));
    }
    lines
}

/// Draws the History screen.
pub fn render(app: &App, theme: Theme, area: Rect, frame: &mut Frame) {
    let [header, body, footer] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Fill(1),
        Constraint::Length(1),
    ])
    .areas(area);
    super::render_header(strings::HISTORY_TITLE, theme, header, frame);
    let inner = Rect::new(
        body.x + 1,
        body.y,
        body.width.saturating_sub(2),
        body.height,
    );
    frame.render_widget(
        Paragraph::new(lines(app, theme)).scroll((app.scroll(), 0)),
        inner,
    );
    super::render_footer(app, theme, footer, frame);
}
