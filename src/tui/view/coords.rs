//! The coordinates drill's start screen (its options, and the records of
//! the mode and side chosen) and the records at the end of a run.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

use crate::progress::{CoordRecords, CoordSetup, sparkline};
use crate::tui::app::App;
use crate::tui::coords::CoordSetupScreen;
use crate::tui::drill::DrillScreen;
use crate::tui::theme::Theme;

/// The start screen's title.
pub const TITLE: &str = "Coordinates  ↑ ↓ choose a row, ← → change it, Enter starts";

/// Draws the start screen: a row per option (`Clock  ◂ 30 seconds ▸`),
/// and, under them, the records of the mode, clock and side chosen.
pub fn render(app: &App, setup: &CoordSetupScreen, theme: Theme, area: Rect, frame: &mut Frame) {
    let items: Vec<String> = setup
        .rows()
        .into_iter()
        .map(|(label, value)| {
            if label == "Start" {
                "Start the drill".to_owned()
            } else {
                format!("{label:<18} ◂ {value} ▸")
            }
        })
        .collect();
    let chosen = setup.options.setup(setup.timed);
    let records = app.stats().map(|s| {
        s.coordinates
            .iter()
            .find(|r| r.mode == chosen.mode && r.timed == chosen.timed && r.colour == chosen.colour)
            .map_or_else(
                || "No runs yet with these choices.".to_owned(),
                records_text,
            )
    });
    super::render_list(
        TITLE,
        &items,
        setup.row,
        records.as_deref(),
        app,
        theme,
        area,
        frame,
    );
}

/// `Best 23 · last 5: 18 21 20 23 19 ▅▇▆█▆`.
pub fn records_text(r: &CoordRecords) -> String {
    let best = r.best.map_or_else(
        || "no whole-board best yet".to_owned(),
        |b| format!("Best {b}"),
    );
    let scores: Vec<String> = r.recent.iter().map(u32::to_string).collect();
    format!(
        "{best} · last {}: {}  {}",
        r.recent.len(),
        scores.join(" "),
        sparkline(&r.recent)
    )
}

/// The lines the summary of a coordinates run adds: the personal best
/// (new or not) and the last scores with this one, as a chart.
pub fn summary_lines(drill: &DrillScreen, theme: Theme) -> Vec<Line<'static>> {
    let Some((records, new_best)) = drill.records_after() else {
        return Vec::new();
    };
    let mut lines = vec![Line::raw(""), Line::styled(records.label(), theme.title())];
    if new_best {
        lines.push(Line::styled("New personal best!", theme.good()));
    } else if let Some(why) = drill.run().coordinates().and_then(no_best_because) {
        lines.push(Line::styled(why, theme.dim()));
    }
    lines.push(Line::from(vec![Span::raw(records_text(&records))]));
    lines
}

/// Why a coordinates run sets no personal best, if it cannot.
fn no_best_because(setup: &CoordSetup) -> Option<&'static str> {
    if !setup.whole_board() {
        Some("A part of the board: the run sets no personal best.")
    } else if setup.stopped {
        Some("Stopped before the end: the run sets no personal best.")
    } else {
        None
    }
}
