//! Guess the move: the game on the board at the move to guess, beside it
//! the last guess's verdict, the game's moves since and the live hint (by
//! the puzzle spoiler rule); the line to type on; at the end, the summary
//! with the moments where the user differed most.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Wrap};

use super::board::Board;
use super::puzzle::hint_lines;
use crate::train::guess::{GuessSummary, Judgement, Verdict};
use crate::tui::app::App;
use crate::tui::guess::GuessScreen;
use crate::tui::strings;
use crate::tui::theme::Theme;

/// The header's title.
pub const TITLE: &str = "Guess the move";

/// Draws the guess-the-move screen.
pub fn render(app: &App, s: &GuessScreen, theme: Theme, area: Rect, frame: &mut Frame) {
    let [header, body, input, footer] = super::geometry::drill_areas(area);
    let guess = s.guess();
    let summary = guess.summary();
    // The points first, then the game's title when it fits; else the
    // title heads the side panel (or the summary), wrapped, never cut.
    let mut spans = vec![
        Span::styled(strings::APP_NAME, theme.title()),
        Span::raw("  "),
        Span::raw(TITLE),
        Span::raw("  "),
        Span::styled(
            format!("{} of {} points", summary.points, summary.max_points),
            theme.dim(),
        ),
    ];
    if guess.options().engine {
        spans.push(Span::styled(", engine", theme.dim()));
    }
    let title = format!("  {}", guess.game().title);
    let used: usize = spans.iter().map(Span::width).sum();
    let title_in_header = used + title.chars().count() <= usize::from(header.width);
    if title_in_header {
        spans.push(Span::raw(title));
    }
    let title_line =
        (!title_in_header).then(|| Line::styled(guess.game().title.clone(), theme.dim()));
    frame.render_widget(Paragraph::new(Line::from(spans)), header);
    if s.is_finished() {
        let rect = Rect::new(
            area.x + 1,
            body.y,
            area.width.saturating_sub(2),
            body.height + input.height,
        );
        let lang = guess.options().lang;
        frame.render_widget(
            Paragraph::new(
                title_line
                    .clone()
                    .into_iter()
                    .chain(summary_lines(&summary, lang, theme))
                    .collect::<Vec<_>>(),
            )
            .wrap(Wrap { trim: false })
            .scroll((app.scroll(), 0)),
            rect,
        );
        super::render_footer(app, theme, footer, frame);
        return;
    }
    let board_rect = super::geometry::drill_board_area(area, app.config().board);
    let pos = guess.position();
    let last_move = s.last_move();
    let board = Board::game(&pos, s.bottom(), last_move, app.config(), theme);
    frame.render_widget(board, board_rect);
    let side = super::geometry::beside_board(body, board_rect);
    let lang = guess.options().lang;
    let mut lines: Vec<Line> = title_line.into_iter().collect();
    if let Some(j) = s.last() {
        lines.extend(judged_lines(j, lang, theme));
    }
    for reply in s.replies().iter().rev().take(4).rev() {
        lines.push(Line::raw(reply.clone()));
    }
    if let Some((_, number, colour)) = guess.to_guess() {
        let dots = if colour.is_white() { "." } else { "..." };
        lines.push(Line::raw(""));
        lines.push(Line::from(vec![
            Span::styled(format!("{number}{dots}"), theme.title()),
            Span::raw(format!(
                " {} to move: your move?",
                if colour.is_white() { "White" } else { "Black" }
            )),
        ]));
    }
    if s.is_asking() {
        lines.push(Line::styled(
            "The engine is looking at your move…",
            theme.dim(),
        ));
    }
    if let Some(refused) = s.refused() {
        lines.push(Line::styled(
            format!("Not a move here: {refused}"),
            theme.bad(),
        ));
    }
    lines.push(Line::raw(""));
    let width = usize::from(side.width.saturating_sub(2));
    let mut shown = s.hint();
    for san in &mut shown.sans {
        *san = lang.localize(san);
    }
    lines.extend(hint_lines(&shown, lang, theme, width));
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
        !app.help_shown() && !s.is_asking(),
        theme,
        input,
        frame,
    );
    super::render_footer(app, theme, footer, frame);
}

/// The last guess's verdict, with the notation slips.
fn judged_lines(j: &Judgement, lang: crate::notation::Lang, theme: Theme) -> Vec<Line<'static>> {
    let style = match j.verdict {
        Verdict::GameMove | Verdict::BetterThanGame | Verdict::AlsoGood => theme.good(),
        Verdict::Differs | Verdict::LosesMaterial => theme.bad(),
    };
    let text = j.sentence(lang);
    let mut lines = vec![Line::styled(text, style)];
    for d in j.diagnostics.iter().filter(|d| !d.code.is_note()) {
        lines.push(Line::styled(format!("- {}", d.message), theme.diagnostic()));
    }
    lines
}

/// The summary: the counts, the average loss, the moments, the slips.
pub fn summary_lines(
    s: &GuessSummary,
    lang: crate::notation::Lang,
    theme: Theme,
) -> Vec<Line<'static>> {
    let mut lines = vec![
        Line::styled(
            if s.complete {
                "The game is over"
            } else {
                "Stopped"
            },
            theme.title(),
        ),
        Line::raw(""),
        Line::raw(format!(
            "{} guessed: {} the game's move, {} also good, {} better than the game.",
            s.guesses, s.matched, s.also_good, s.better
        )),
        Line::raw(format!("{} of {} points.", s.points, s.max_points)),
    ];
    if let Some(loss) = s.average_loss_cp {
        lines.push(Line::raw(format!(
            "Average loss against the game's moves: {loss} centipawns."
        )));
    }
    if !s.moments.is_empty() {
        lines.push(Line::raw(""));
        lines.push(Line::styled("Where you differed most", theme.title()));
        for m in &s.moments {
            let dots = if m.side.is_white() { "." } else { "..." };
            let cp = m
                .below_game_cp
                .map(|c| format!(", {c} cp below it"))
                .unwrap_or_default();
            lines.push(Line::raw(format!(
                "  {}{dots} {} (the game: {}){cp}",
                m.number,
                lang.localize(&m.guess),
                lang.localize(&m.game)
            )));
        }
    }
    if !s.slips.is_empty() {
        lines.push(Line::raw(""));
        lines.push(Line::styled("Notation slips", theme.title()));
        for (code, count) in &s.slips {
            lines.push(Line::raw(format!("  {code}: {count}")));
        }
    }
    lines.push(Line::raw(""));
    lines.push(Line::styled(strings::SUMMARY_BACK, theme.dim()));
    lines
}
