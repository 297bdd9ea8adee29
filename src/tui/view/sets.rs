//! The Stats screen's Woodpecker panel: each set's cycles as a small table
//! (time, accuracy, days) with a bar of time per cycle, and the goal of the
//! next cycle.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph};

use crate::progress::SetStats;
use crate::progress::clock_text;
use crate::tui::strings;
use crate::tui::theme::Theme;

/// Finished cycles listed per set (the latest ones).
pub const CYCLES_SHOWN: usize = 4;

/// The widest bar, in cells.
const BAR: u64 = 12;

/// The panel's lines: per set a title with the goal, then its latest cycles.
pub fn lines(sets: &[SetStats], theme: Theme) -> Vec<Line<'static>> {
    let mut out = Vec::new();
    for set in sets {
        let goal = match set.goal_days {
            Some(1) => "next: within 1 day".to_owned(),
            Some(days) => format!("next: within {days} days"),
            None => "first cycle".to_owned(),
        };
        let under_way = set
            .current
            .as_ref()
            .map(|c| format!(" · cycle {} {}/{}", c.cycle, c.done, set.puzzles))
            .unwrap_or_default();
        out.push(Line::from(vec![
            Span::styled(set.name.clone(), theme.key()),
            Span::raw(format!(" ({}) {goal}{under_way}", set.puzzles)),
        ]));
        let longest = set.cycles.iter().map(|c| c.time_ms).max().unwrap_or(0);
        let skip = set.cycles.len().saturating_sub(CYCLES_SHOWN);
        for c in set.cycles.iter().skip(skip) {
            let width = c
                .time_ms
                .saturating_mul(BAR)
                .checked_div(longest)
                .map_or(0, |w| w.max(1));
            out.push(Line::from(vec![
                Span::raw(format!(
                    "  {:>2} {:>7} {:>4.0}% {:>2}d ",
                    c.cycle,
                    clock_text(c.time_ms),
                    c.accuracy * 100.0,
                    c.days
                )),
                Span::styled(
                    "█".repeat(usize::try_from(width).unwrap_or(0)),
                    theme.chart(),
                ),
            ]));
        }
    }
    out
}

/// The height the panel wants at `width` (border included): its lines,
/// wrapped, and the border.
pub fn height(sets: &[SetStats], theme: Theme, width: u16) -> u16 {
    let lines = wrapped(sets, theme, width.saturating_sub(2)).len();
    u16::try_from(lines + 2).unwrap_or(u16::MAX)
}

/// The panel's lines wrapped at spaces to `width` (a set's title with its
/// goal goes on under it, never cut).
fn wrapped(sets: &[SetStats], theme: Theme, width: u16) -> Vec<Line<'static>> {
    super::wrap_lines(&lines(sets, theme), usize::from(width), "  ")
}

/// Draws the panel.
pub fn render(sets: &[SetStats], theme: Theme, area: Rect, frame: &mut Frame) {
    let block = Block::default()
        .borders(Borders::ALL)
        .title(Span::styled(strings::SETS_TITLE, theme.title()));
    let lines = wrapped(sets, theme, area.width.saturating_sub(2));
    frame.render_widget(Paragraph::new(lines).block(block), area);
}
