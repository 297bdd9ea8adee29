//! The repertoire trainer: the board (the card's position, or the end of a
//! new line being shown), beside it the line with its move numbers and
//! what the last answer said, the line to type on; at the end, the
//! session's summary.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Wrap};
use shakmaty::Color;

use super::board::Board;
use super::geometry::board_area_at_most;
use crate::notation::Lang;
use crate::repertoire::{LineMove, TrainSummary, numbered_line};
use crate::tui::app::App;
use crate::tui::repertoire::{Phase, RepertoireScreen, Tone};
use crate::tui::strings;
use crate::tui::theme::Theme;

/// Draws the repertoire trainer.
pub fn render(app: &App, s: &RepertoireScreen, theme: Theme, area: Rect, frame: &mut Frame) {
    let [header, body, input, footer] = super::geometry::drill_areas(area);
    let trainer = s.trainer();
    let rep = trainer.repertoire();
    let mut spans = vec![
        Span::styled(strings::APP_NAME, theme.title()),
        Span::raw("  "),
        Span::raw(format!("{}: {}", strings::REPERTOIRE_TITLE, rep.name())),
    ];
    if let Some(asked) = trainer.asked() {
        let tag = if asked.again {
            "again"
        } else if asked.new {
            "new card"
        } else {
            "review"
        };
        spans.push(Span::raw("  "));
        spans.push(Span::styled(
            format!("{tag} · {} left after it", asked.left),
            theme.dim(),
        ));
    }
    frame.render_widget(Paragraph::new(Line::from(spans)), header);
    if let Phase::Summary(summary) = s.phase() {
        let rect = Rect::new(
            area.x + 1,
            body.y,
            area.width.saturating_sub(2),
            body.height + input.height,
        );
        frame.render_widget(
            Paragraph::new(summary_lines(summary, theme)).wrap(Wrap { trim: false }),
            rect,
        );
        super::render_footer(app, theme, footer, frame);
        return;
    }
    let board_rect = board_area_at_most(body, app.config().board);
    let pos = match s.phase() {
        Phase::Showing { end, .. } => Some(end.as_ref()),
        _ => trainer.position(),
    };
    if let Some(pos) = pos {
        let board = Board::game(pos, s.bottom(), s.last_move(), app.config(), theme);
        frame.render_widget(board, board_rect);
    }
    let side = super::geometry::beside_board(body, board_rect);
    let lang = s.lang();
    let mut lines = Vec::new();
    match s.phase() {
        Phase::Showing { moves, from, .. } => {
            lines.push(Line::styled("A new line to learn", theme.title()));
            if *from > 0 {
                lines.push(Line::styled(
                    format!("After {}:", localized(&moves[..*from], lang)),
                    theme.dim(),
                ));
            }
            lines.extend(shown_lines(&moves[*from..], lang, theme));
            lines.push(Line::raw(""));
            lines.push(Line::styled(
                "Enter: now play it from the start of the new part.",
                theme.key(),
            ));
        }
        Phase::Asking => {
            if let Some(asked) = trainer.asked() {
                let line = if asked.line.is_empty() {
                    "The start position.".to_owned()
                } else {
                    localized(&asked.line, lang)
                };
                lines.push(Line::raw(line));
                let side = if rep.side() == Color::White {
                    "White"
                } else {
                    "Black"
                };
                lines.push(Line::styled(
                    format!("{side} to move: your repertoire's move?"),
                    theme.title(),
                ));
            }
            lines.push(Line::raw(""));
            for (tone, text) in s.said() {
                let style = match tone {
                    Tone::Good => theme.good(),
                    Tone::Bad => theme.bad(),
                    Tone::Note => theme.diagnostic(),
                    Tone::Plain => ratatui::style::Style::default(),
                };
                lines.push(Line::styled(text.clone(), style));
            }
        }
        Phase::Summary(_) => {}
    }
    frame.render_widget(
        Paragraph::new(lines)
            .block(Block::default().borders(Borders::ALL))
            .wrap(Wrap { trim: true }),
        side,
    );
    super::render_input_line(
        "Your move",
        s.input(),
        ratatui::style::Style::default(),
        !app.help_shown() && matches!(s.phase(), Phase::Asking),
        theme,
        input,
        frame,
    );
    super::render_footer(app, theme, footer, frame);
}

/// A new line's moves, a full move to a line (`1. e4 e5`), each comment
/// on its own line under its move.
fn shown_lines(moves: &[LineMove], lang: Lang, theme: Theme) -> Vec<Line<'static>> {
    let mut lines = Vec::new();
    let mut current = String::new();
    for m in moves {
        let san = lang.localize(&m.san);
        if m.color == Color::White {
            if !current.is_empty() {
                lines.push(Line::styled(std::mem::take(&mut current), theme.good()));
            }
            current = format!("{}. {san}", m.number);
        } else if current.is_empty() {
            current = format!("{}... {san}", m.number);
        } else {
            current.push(' ');
            current.push_str(&san);
        }
        if let Some(c) = &m.comment {
            lines.push(Line::styled(std::mem::take(&mut current), theme.good()));
            lines.push(Line::raw(format!("  {c}")));
        }
    }
    if !current.is_empty() {
        lines.push(Line::styled(current, theme.good()));
    }
    lines
}

/// Moves as PGN writes them, in `lang`'s letters.
fn localized(moves: &[LineMove], lang: Lang) -> String {
    lang.localize_text(&numbered_line(moves))
}

/// The summary of a session.
pub fn summary_lines(summary: &TrainSummary, theme: Theme) -> Vec<Line<'static>> {
    let mut lines = vec![
        Line::styled(
            format!("Repertoire {}: session over", summary.name),
            theme.title(),
        ),
        Line::raw(""),
        Line::raw(format!(
            "{} of {} cards right; {} new learned.",
            summary.right, summary.answered, summary.learned
        )),
    ];
    if summary.wrong > 0 {
        lines.push(Line::styled(
            format!(
                "{} wrong: they come back tomorrow, as FSRS schedules an Again.",
                summary.wrong
            ),
            theme.bad(),
        ));
    }
    if summary.unanswered > 0 {
        lines.push(Line::raw(format!(
            "{} cards not reached: they wait for your next visit.",
            summary.unanswered
        )));
    }
    lines.push(Line::raw(""));
    lines.push(Line::styled(
        "Enter or Esc: the next repertoire with cards to ask, or the menu.",
        theme.dim(),
    ));
    lines
}
