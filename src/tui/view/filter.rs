//! The library filter screen: the rating band and popularity fields, the
//! "N puzzles match" line and the themes with their counts.

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

use crate::tui::app::App;
use crate::tui::context::KeyContext;
use crate::tui::filter::{FIELD_ROWS, FilterState, Mark};
use crate::tui::strings;
use crate::tui::theme::Theme;

/// Width of the theme name column.
const NAME_WIDTH: usize = 26;
/// Width of each count column.
const COUNT_WIDTH: usize = 11;

/// Draws the filter screen.
pub fn render(app: &App, state: &FilterState, theme: Theme, area: Rect, frame: &mut Frame) {
    let matching = strings::matching(state.count(), state.stale());
    render_titled(
        app,
        state,
        strings::FILTER_TITLE,
        &matching,
        theme,
        area,
        frame,
    );
}

/// Draws the filter form under `title`, saying `matching` of its count
/// (the library screen's, or the Sets screen's while a new set's puzzles
/// are chosen).
pub fn render_titled(
    app: &App,
    state: &FilterState,
    title: &str,
    matching: &str,
    theme: Theme,
    area: Rect,
    frame: &mut Frame,
) {
    let [header, fields, count, heading, list, footer] = Layout::vertical([
        Constraint::Length(2),
        Constraint::Length(4),
        Constraint::Length(2),
        Constraint::Length(1),
        Constraint::Fill(1),
        Constraint::Length(1),
    ])
    .areas(area);
    super::render_header(title, theme, header, frame);
    frame.render_widget(Paragraph::new(field_lines(state, theme)), fields);
    let mut lines = vec![Line::from(Span::styled(
        format!(" {matching}"),
        theme.good(),
    ))];
    if let Some(e) = state.error() {
        lines.push(Line::styled(format!(" {e}"), theme.bad()));
    }
    frame.render_widget(Paragraph::new(lines), count);
    let [name, total, matching] = strings::FILTER_HEADINGS;
    frame.render_widget(
        Paragraph::new(Line::styled(
            format!("       {name:<NAME_WIDTH$}{total:>COUNT_WIDTH$}{matching:>COUNT_WIDTH$}"),
            theme.dim(),
        )),
        heading,
    );
    render_themes(state, theme, list, frame);
    super::render_footer_without(app, KeyContext::Filter, None, theme, footer, frame);
}

fn field_lines(state: &FilterState, theme: Theme) -> Vec<Line<'static>> {
    let filter = state.filter();
    let values = [
        filter.rating.map(|(lo, _)| lo.to_string()),
        filter.rating.map(|(_, hi)| hi.to_string()),
        filter.min_popularity.map(|p| p.to_string()),
    ];
    let mut lines: Vec<Line> = strings::FILTER_FIELDS
        .iter()
        .zip(values)
        .enumerate()
        .map(|(i, (label, value))| {
            let value = value.unwrap_or_else(|| strings::ANY.to_owned());
            if i != state.selected() {
                return Line::raw(format!("  {label:<20} ◂ {value:>5} ▸ "));
            }
            // The highlighted rating row: what is being typed, and how.
            let typed = state.typed().filter(|_| i < 2);
            let shown = typed.map_or(value, |t| format!("{t}_"));
            let mut spans = vec![Span::styled(
                format!("▸ {label:<20} ◂ {shown:>5} ▸ "),
                theme.selected(),
            )];
            if i < 2 {
                spans.push(Span::styled(strings::FILTER_TYPE_HINT, theme.dim()));
            }
            Line::from(spans)
        })
        .collect();
    if let Some(opening) = &filter.opening {
        let label = strings::FILTER_OPENING;
        lines.push(Line::styled(
            format!("  {label:<20}   {opening}"),
            theme.dim(),
        ));
    }
    lines
}

fn render_themes(state: &FilterState, theme: Theme, area: Rect, frame: &mut Frame) {
    let height = usize::from(area.height);
    let selected = state.selected().checked_sub(FIELD_ROWS);
    // Keep the highlighted theme in view.
    let skip = selected.map_or(0, |s| (s + 1).saturating_sub(height));
    let count_style = if state.stale() {
        theme.dim()
    } else {
        Style::new()
    };
    let lines: Vec<Line> = state
        .themes()
        .iter()
        .enumerate()
        .skip(skip)
        .take(height)
        .map(|(i, t)| {
            let (mark, mark_style) = match state.mark(&t.name) {
                Mark::Any => ("[any]", theme.good()),
                Mark::All => ("[all]", theme.solution_move()),
                Mark::None => ("     ", Style::new()),
            };
            let cursor = if Some(i) == selected { "▸" } else { " " };
            let line = Line::from(vec![
                Span::raw(cursor),
                Span::styled(mark, mark_style),
                Span::styled(format!(" {:<NAME_WIDTH$}", t.name), mark_style),
                Span::raw(format!("{:>COUNT_WIDTH$}", strings::grouped(t.total))),
                Span::styled(
                    format!("{:>COUNT_WIDTH$}", strings::grouped(t.filtered)),
                    count_style,
                ),
            ]);
            if Some(i) == selected {
                line.style(theme.selected())
            } else {
                line
            }
        })
        .collect();
    frame.render_widget(Paragraph::new(lines), area);
}
