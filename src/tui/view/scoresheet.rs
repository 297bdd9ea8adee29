//! The scoresheet trainer: the game on the board, the sheet as written in
//! two columns with move numbers (each entry coloured by its grade), the
//! last entry's verdict, the line to write on; at the end, the summary
//! with the errors counted by kind.

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Wrap};

use super::board::Board;
use crate::drill::{Sheet, SheetEntry as Entry, SheetGrade as Grade};
use crate::tui::app::App;
use crate::tui::scoresheet::ScoresheetScreen;
use crate::tui::strings;
use crate::tui::theme::Theme;

/// The header's title.
pub const TITLE: &str = "Scoresheet";

/// Width of one entry's column on the sheet.
const COLUMN: usize = 10;

/// Draws the scoresheet screen.
pub fn render(app: &App, s: &ScoresheetScreen, theme: Theme, area: Rect, frame: &mut Frame) {
    let [header, body, input, footer] = super::geometry::drill_areas(area);
    let playback = s.playback();
    let sheet = playback.sheet();
    let mut spans = vec![
        Span::styled(strings::APP_NAME, theme.title()),
        Span::raw("  "),
        Span::raw(format!("{TITLE}: {}", sheet.game().title)),
    ];
    if !s.is_finished() {
        spans.push(Span::raw("  "));
        spans.push(Span::styled(
            format!("move {} of {}", playback.played(), sheet.len()),
            theme.dim(),
        ));
    }
    // The pace keeps its place on the right; the title is cut before it.
    let pace = playback
        .pace_ms()
        .filter(|_| !s.is_finished())
        .map(|pace| format!(" a move every {}", strings::seconds(pace)));
    let width = pace.as_ref().map_or(0, |p| p.chars().count() as u16);
    let [title, right] =
        Layout::horizontal([Constraint::Fill(1), Constraint::Length(width)]).areas(header);
    frame.render_widget(Paragraph::new(Line::from(spans)), title);
    if let Some(pace) = pace {
        frame.render_widget(Paragraph::new(Span::styled(pace, theme.key())), right);
    }
    if s.is_finished() {
        let rect = Rect::new(
            area.x + 1,
            body.y,
            area.width.saturating_sub(2),
            body.height + input.height,
        );
        frame.render_widget(
            Paragraph::new(summary_lines(sheet, theme))
                .wrap(Wrap { trim: false })
                .scroll((app.scroll(), 0)),
            rect,
        );
        super::render_footer(app, theme, footer, frame);
        return;
    }
    let board_rect = super::geometry::drill_board_area(area, app.config().board);
    let (pos, last_move) = playback.board();
    let board = Board::game(&pos, s.bottom(), last_move, app.config(), theme);
    frame.render_widget(board, board_rect);
    let side = super::geometry::beside_board(body, board_rect);
    let mut lines = Vec::new();
    let (number, colour) = sheet.number();
    if playback.waiting() {
        let next = if playback.pace_ms().is_some() {
            "Wait for the next move"
        } else {
            "Enter on the empty line plays the next move"
        };
        lines.push(Line::styled(next, theme.dim()));
    } else {
        let dots = if colour.is_white() { "." } else { "..." };
        lines.push(Line::from(vec![
            Span::raw("Write "),
            Span::styled(format!("{number}{dots}"), theme.title()),
            Span::raw(format!(
                "  ({} played, not written)",
                playback.played() - sheet.entries().len()
            )),
        ]));
    }
    if let Some(note) = s.note() {
        lines.push(Line::styled(note, theme.hint_message()));
    }
    if let Some(entry) = s.last_entry() {
        lines.extend(entry_lines(entry, sheet, theme));
    }
    lines.push(Line::raw(""));
    let rows = sheet_lines(sheet, theme);
    // The latest rows, as many as fit under the verdict.
    let room = usize::from(side.height.saturating_sub(2)).saturating_sub(lines.len());
    lines.extend(rows.iter().skip(rows.len().saturating_sub(room)).cloned());
    frame.render_widget(
        Paragraph::new(lines)
            .block(Block::default().borders(Borders::ALL))
            .wrap(Wrap { trim: true }),
        side,
    );
    super::render_input_line(
        "Your scoresheet",
        s.input(),
        ratatui::style::Style::default(),
        !app.help_shown(),
        theme,
        input,
        frame,
    );
    super::render_footer(app, theme, footer, frame);
}

/// The grade of the last entry, with its diagnostics.
fn entry_lines(entry: &Entry, sheet: &Sheet, theme: Theme) -> Vec<Line<'static>> {
    let expected = sheet.lang().localize(&entry.expected);
    let mut lines = Vec::new();
    let diagnostics = match &entry.grade {
        Grade::Right => {
            lines.push(Line::styled(format!("Right: {expected}"), theme.good()));
            return lines;
        }
        Grade::NonCanonical { diagnostics } => {
            lines.push(Line::styled(
                format!("{}: the move, but write {expected}", entry.written),
                theme.diagnostic(),
            ));
            diagnostics
        }
        Grade::Wrong {
            reason,
            diagnostics,
        } => {
            lines.push(Line::styled(
                format!("Wrong: {}. The move was {expected}.", entry.written),
                theme.bad(),
            ));
            lines.push(Line::raw(reason.clone()));
            diagnostics
        }
    };
    for d in diagnostics {
        lines.push(Line::styled(
            format!("- {}", sheet.lang().note(d)),
            theme.diagnostic(),
        ));
    }
    lines
}

/// The sheet in two columns, `  1. e4        e5`, each entry coloured by
/// its grade and marked `*` when it is not right (also without colour).
pub fn sheet_lines(sheet: &Sheet, theme: Theme) -> Vec<Line<'static>> {
    sheet
        .entries()
        .chunks(2)
        .map(|pair| {
            let number = pair.first().map_or(0, |e| e.number);
            let mut spans = vec![Span::raw(format!("{number:>3}. "))];
            for e in pair {
                let (mark, style) = match e.grade {
                    Grade::Right => ("", theme.good()),
                    Grade::NonCanonical { .. } => ("*", theme.diagnostic()),
                    Grade::Wrong { .. } => ("*", theme.bad()),
                };
                spans.push(Span::styled(
                    format!("{:<COLUMN$}", format!("{}{mark}", e.written)),
                    style,
                ));
                spans.push(Span::raw(" "));
            }
            Line::from(spans)
        })
        .collect()
}

/// The summary: the counts, the errors by kind, the whole sheet.
pub fn summary_lines(sheet: &Sheet, theme: Theme) -> Vec<Line<'static>> {
    let s = sheet.summary();
    let mut lines = vec![
        Line::styled("Scoresheet over", theme.title()),
        Line::raw(""),
        Line::raw(format!(
            "{} of {} moves written: {} right, {} not canonical, {} wrong.",
            s.written,
            sheet.len(),
            s.right,
            s.non_canonical,
            s.wrong
        )),
    ];
    if !s.by_code.is_empty() {
        lines.push(Line::raw(""));
        lines.push(Line::styled("Errors by kind", theme.title()));
        for (code, count) in &s.by_code {
            lines.push(Line::raw(format!("  {code}: {count}")));
        }
    }
    lines.push(Line::raw(""));
    lines.push(Line::styled(
        "Your scoresheet (* marks an entry that is not right)",
        theme.title(),
    ));
    lines.extend(sheet_lines(sheet, theme));
    lines.push(Line::raw(""));
    lines.push(Line::styled(strings::SUMMARY_BACK, theme.dim()));
    lines
}
