//! The stats screen: totals and streaks, the rating over time as a line
//! chart, accuracy per theme as bars, the most frequent notation mistakes
//! with their canonical forms, the Woodpecker sets' cycles (`sets.rs`); a
//! friendly line when nothing is recorded.

use ratatui::Frame;
use ratatui::layout::{Alignment, Constraint, Layout, Rect};
use ratatui::symbols::Marker;
use ratatui::text::{Line, Span};
use ratatui::widgets::{
    Axis, Bar, BarChart, Block, Borders, Chart, Dataset, GraphType, Paragraph, Wrap,
};

use crate::drill;
use crate::progress::Stats;
use crate::tui::app::App;
use crate::tui::strings;
use crate::tui::theme::Theme;

/// Themes shown as bars, most attempted first.
pub const TOP_THEMES: usize = 10;
/// Mistakes listed, most frequent first.
pub const TOP_MISTAKES: usize = 5;

/// Whether there is anything to show.
pub fn is_empty(stats: &Stats) -> bool {
    stats.puzzles.attempted == 0
        && stats.drills.completed == 0
        && stats.lessons.completed.is_empty()
        && stats.sets.is_empty()
}

/// Draws the stats screen.
pub fn render(app: &App, theme: Theme, area: Rect, frame: &mut Frame) {
    let [header, body, footer] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Fill(1),
        Constraint::Length(1),
    ])
    .areas(area);
    super::render_header(strings::STATS_TITLE, theme, header, frame);
    super::render_footer(app, theme, footer, frame);
    let Some(stats) = app.stats().filter(|s| !is_empty(s)) else {
        let y = body.y + body.height / 3;
        let rect = Rect::new(
            body.x + 2,
            y,
            body.width.saturating_sub(4),
            body.height - (y - body.y),
        );
        frame.render_widget(
            Paragraph::new(strings::STATS_EMPTY)
                .alignment(Alignment::Center)
                .wrap(Wrap { trim: true }),
            rect,
        );
        return;
    };
    let mut totals = totals_lines(stats, theme);
    if let Some(records) = app.records().filter(|r| r.storm_runs + r.streak_runs > 0) {
        totals.push(super::storm::records_line(records, theme));
    }
    let totals = super::wrap_lines(&totals, usize::from(body.width), "  ");
    // The mistakes take the whole width, or half of it beside the sets.
    let [half_left, half_right] =
        Layout::horizontal([Constraint::Percentage(50), Constraint::Percentage(50)]).areas(body);
    let mistakes_w = if stats.sets.is_empty() {
        body.width
    } else {
        half_left.width
    };
    let mistakes_h = u16::try_from(
        mistake_lines(stats, theme, usize::from(mistakes_w.saturating_sub(2))).len() + 2,
    )
    .unwrap_or(3);
    // Woodpecker sets beside the mistakes, as tall as both need (at most
    // half the body, so the charts keep their room).
    let bottom_h = if stats.sets.is_empty() {
        mistakes_h
    } else {
        mistakes_h
            .max(super::sets::height(&stats.sets, theme, half_right.width))
            .min(body.height / 2)
    };
    let [top, middle, bottom] = Layout::vertical([
        Constraint::Length(u16::try_from(totals.len()).unwrap_or(3)),
        Constraint::Fill(1),
        Constraint::Length(bottom_h),
    ])
    .areas(body);
    frame.render_widget(Paragraph::new(totals), top);
    let [left, right] =
        Layout::horizontal([Constraint::Percentage(50), Constraint::Percentage(50)]).areas(middle);
    render_rating(stats, theme, left, frame);
    render_themes(stats, theme, right, frame);
    if stats.sets.is_empty() {
        render_mistakes(stats, theme, bottom, frame);
    } else {
        let [left, right] =
            Layout::horizontal([Constraint::Percentage(50), Constraint::Percentage(50)])
                .areas(bottom);
        render_mistakes(stats, theme, left, frame);
        super::sets::render(&stats.sets, theme, right, frame);
    }
}

fn ratio(r: Option<f64>) -> String {
    r.map_or_else(|| "–".to_owned(), strings::percent)
}

/// The totals: puzzles, streaks, reviews due, rating, drills, lessons.
pub fn totals_lines(stats: &Stats, theme: Theme) -> Vec<Line<'static>> {
    let p = &stats.puzzles;
    let d = &stats.drills;
    let drill_accuracy = (d.exercises > 0).then(|| f64::from(d.correct) / f64::from(d.exercises));
    let label = |s: &str| Span::styled(s.to_owned(), theme.key());
    let mut lines = vec![
        Line::from(vec![
            label("Puzzles "),
            Span::raw(format!(
                "{} attempted, {} solved ({})   ",
                p.attempted,
                p.solved,
                ratio(p.accuracy)
            )),
            // Not "Streak": that is the mode, named on the line below.
            label("In a row "),
            Span::raw(format!(
                "{} (best {})",
                stats.streak.current, stats.streak.best
            )),
        ]),
        Line::from(vec![
            label("Rating "),
            Span::raw(format!(
                "{:.0} ± {:.0}   ",
                stats.rating.current, stats.rating.deviation
            )),
            label("Reviews due today "),
            Span::raw(stats.reviews_due.to_string()),
        ]),
        Line::from(vec![
            label("Drills "),
            Span::raw(format!(
                "{} done, {} of {} correct ({})   ",
                d.completed,
                d.correct,
                d.exercises,
                ratio(drill_accuracy)
            )),
            label("Lessons "),
            Span::raw(format!(
                "{} of {}",
                stats.lessons.completed.len(),
                drill::lessons().len()
            )),
        ]),
    ];
    // The coordinates drill: each mode and side played, its best and its
    // last scores as a chart.
    for c in &stats.coordinates {
        lines.push(Line::from(vec![
            label("Coordinates "),
            Span::raw(format!("{}: ", c.label())),
            Span::raw(super::coords::records_text(c)),
        ]));
    }
    lines
}

fn render_rating(stats: &Stats, theme: Theme, area: Rect, frame: &mut Frame) {
    let block = Block::default()
        .borders(Borders::ALL)
        .title(Span::styled(strings::RATING_TITLE, theme.title()));
    let points: Vec<(f64, f64)> = stats
        .rating
        .history
        .iter()
        .enumerate()
        .map(|(i, p)| (i as f64 + 1.0, p.rating))
        .collect();
    if points.is_empty() {
        frame.render_widget(
            Paragraph::new(Line::styled(strings::NO_RATING, theme.dim())).block(block),
            area,
        );
        return;
    }
    let (lo, hi) = points
        .iter()
        .fold((f64::MAX, f64::MIN), |(lo, hi), &(_, r)| {
            (lo.min(r), hi.max(r))
        });
    let (lo, hi) = ((lo / 50.0).floor() * 50.0, (hi / 50.0).ceil() * 50.0);
    let hi = if hi <= lo { lo + 50.0 } else { hi };
    let n = points.len() as f64;
    let chart = Chart::new(vec![
        Dataset::default()
            .marker(Marker::Braille)
            .graph_type(GraphType::Line)
            .style(theme.chart())
            .data(&points),
    ])
    .block(block)
    .x_axis(
        Axis::default()
            .bounds([1.0, n.max(2.0)])
            .labels(vec![Span::raw("1"), Span::raw(format!("{}", points.len()))])
            .style(theme.dim()),
    )
    .y_axis(
        Axis::default()
            .bounds([lo, hi])
            .labels(vec![
                Span::raw(format!("{lo:.0}")),
                Span::raw(format!("{hi:.0}")),
            ])
            .style(theme.dim()),
    );
    frame.render_widget(chart, area);
}

fn render_themes(stats: &Stats, theme: Theme, area: Rect, frame: &mut Frame) {
    let block = Block::default()
        .borders(Borders::ALL)
        .title(Span::styled(strings::THEMES_TITLE, theme.title()));
    let rows: Vec<_> = stats
        .themes
        .iter()
        .filter(|t| t.attempted > 0)
        .take(TOP_THEMES)
        .collect();
    if rows.is_empty() {
        frame.render_widget(
            Paragraph::new(Line::styled(strings::NO_THEMES, theme.dim())).block(block),
            area,
        );
        return;
    }
    let bars: Vec<Bar> = rows
        .iter()
        .map(|t| {
            let pct = (t.accuracy.unwrap_or(0.0) * 100.0).round() as u64;
            Bar::default()
                .label(Line::raw(t.theme.clone()))
                .value(pct)
                .text_value(format!("{pct}% ({}/{})", t.solved, t.attempted))
                .style(theme.chart())
        })
        .collect();
    let chart = BarChart::horizontal(bars)
        .block(block)
        .max(100)
        .bar_width(1)
        .bar_gap(0);
    frame.render_widget(chart, area);
}

fn render_mistakes(stats: &Stats, theme: Theme, area: Rect, frame: &mut Frame) {
    let block = Block::default()
        .borders(Borders::ALL)
        .title(Span::styled(strings::MISTAKES_TITLE, theme.title()));
    let lines = mistake_lines(stats, theme, usize::from(area.width.saturating_sub(2)));
    frame.render_widget(Paragraph::new(lines).block(block), area);
}

/// The mistakes panel's lines, wrapped at spaces to `width` (a long slip
/// and its correction go on under it, never cut).
fn mistake_lines(stats: &Stats, theme: Theme, width: usize) -> Vec<Line<'static>> {
    let lines: Vec<Line> = if stats.mistakes.is_empty() {
        vec![Line::styled(strings::NO_MISTAKES, theme.dim())]
    } else {
        stats
            .mistakes
            .iter()
            .take(TOP_MISTAKES)
            .map(|m| {
                let mut spans = vec![
                    Span::styled(format!("{:>4}× ", m.count), theme.key()),
                    Span::raw(m.code.clone()),
                ];
                if let Some(example) = &m.example {
                    spans.push(Span::raw(": write "));
                    spans.push(Span::styled(example.clone(), theme.good()));
                }
                Line::from(spans)
            })
            .collect()
    };
    super::wrap_lines(&lines, width, "      ")
}
