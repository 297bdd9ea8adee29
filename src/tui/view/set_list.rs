//! The Sets screen: the Woodpecker sets (name, size, cycle, done, next
//! goal), a cycle just finished in figures, and the making of a new set
//! (its name, its size, then the library screen's filter form).

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Wrap};

use super::geometry::list_skip;
use crate::tui::app::App;
use crate::tui::sets::{Making, SetsScreen};
use crate::tui::strings;
use crate::tui::theme::Theme;

/// Draws the Sets screen.
pub fn render(app: &App, sets: &SetsScreen, theme: Theme, area: Rect, frame: &mut Frame) {
    match sets.making() {
        Some(Making::Filter { name, count, form }) => {
            let title = strings::set_filter_title(name, *count);
            let matching = strings::set_matching(form.count(), form.stale());
            return super::filter::render_titled(app, form, &title, &matching, theme, area, frame);
        }
        Some(making @ (Making::Name(line) | Making::Size { size: line, .. })) => {
            let prompt = match making {
                Making::Name(_) => strings::SET_NAME_PROMPT.to_owned(),
                _ => strings::set_size_prompt(crate::tui::sets::DEFAULT_SIZE),
            };
            let [header, input, message, _, footer] = Layout::vertical([
                Constraint::Length(2),
                Constraint::Length(3),
                Constraint::Length(3),
                Constraint::Fill(1),
                Constraint::Length(1),
            ])
            .areas(area);
            super::render_header(strings::SETS_SCREEN_TITLE, theme, header, frame);
            super::render_input_line(
                &prompt,
                line,
                ratatui::style::Style::default(),
                true,
                theme,
                input,
                frame,
            );
            if let Some(m) = sets.message() {
                frame.render_widget(
                    Paragraph::new(Line::styled(m.to_owned(), theme.bad()))
                        .wrap(Wrap { trim: true }),
                    message,
                );
            }
            super::render_footer(app, theme, footer, frame);
            return;
        }
        None => {}
    }
    let [header, top, body, footer] = Layout::vertical([
        Constraint::Length(2),
        Constraint::Length(3),
        Constraint::Fill(1),
        Constraint::Length(1),
    ])
    .areas(area);
    super::render_header(strings::SETS_SCREEN_TITLE, theme, header, frame);
    // The cycle just finished first, else what the last answer said.
    let top_line = match (sets.ended(), sets.message()) {
        (Some((name, summary, _)), _) => Some(Line::styled(
            format!("{name}: {}", strings::cycle_done(summary)),
            theme.title(),
        )),
        (None, Some(m)) => Some(Line::styled(m.to_owned(), theme.hint_message())),
        (None, None) => None,
    };
    if let Some(line) = top_line {
        frame.render_widget(Paragraph::new(line).wrap(Wrap { trim: true }), top);
    }
    let lines: Vec<Line> = match sets.sets() {
        None => vec![Line::styled(strings::SETS_READING, theme.dim())],
        Some([]) => vec![Line::raw(strings::SETS_NONE)],
        Some(list) => {
            let name_w = list
                .iter()
                .map(|s| s.name.chars().count())
                .max()
                .unwrap_or(0)
                .max(3);
            let head = format!("  {}", strings::set_head(name_w));
            let mut lines = vec![Line::styled(head, theme.dim())];
            for (i, set) in list.iter().enumerate() {
                let row = strings::set_row(set, name_w);
                lines.push(if i == sets.selected() {
                    Line::styled(format!("▸ {row} "), theme.selected())
                } else {
                    Line::raw(format!("  {row} "))
                });
            }
            lines
        }
    };
    let rows = body.height.saturating_sub(1);
    let skip = u16::try_from(list_skip(sets.selected(), rows)).unwrap_or(u16::MAX);
    let inner = Rect::new(
        body.x + 1,
        body.y,
        body.width.saturating_sub(2),
        body.height,
    );
    frame.render_widget(Paragraph::new(lines).scroll((skip, 0)), inner);
    super::render_footer(app, theme, footer, frame);
}
