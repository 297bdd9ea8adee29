//! A game against the engine: the board (or, blindfold, the position in
//! words on request), beside it who plays what, the engine's last move in
//! SAN and in words, the live hint, the end, and the scoresheet in two
//! columns; the line to type on.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Wrap};

use super::board::Board;
use super::puzzle::hint_lines;
use crate::tui::action::Action;
use crate::tui::app::App;
use crate::tui::context::KeyContext;
use crate::tui::game::{GameScreen, SheetRow};
use crate::tui::keys::key_label;
use crate::tui::strings;
use crate::tui::strings::game as words;
use crate::tui::theme::Theme;

/// Draws the game screen.
pub fn render(app: &App, s: &GameScreen, theme: Theme, area: Rect, frame: &mut Frame) {
    let [header, body, input, footer] = super::geometry::drill_areas(area);
    let setup = s.setup();
    let head = vec![
        Span::styled(strings::APP_NAME, theme.title()),
        Span::raw("  "),
        Span::raw(words::TITLE),
        Span::raw("  "),
        Span::styled(format!("from {}", setup.source), theme.dim()),
    ];
    frame.render_widget(Paragraph::new(Line::from(head)), header);
    let board_rect = super::geometry::drill_board_area(area, app.config().board);
    let pos = s.game().position();
    if s.board_hidden() {
        render_hidden(app, s, theme, board_rect, frame);
    } else {
        let board = Board::game(pos, s.bottom(), s.last_move(), app.config(), theme);
        frame.render_widget(board, board_rect);
    }
    let side = super::geometry::beside_board(body, board_rect);
    let block = Block::default().borders(Borders::ALL);
    let inner = block.inner(side);
    frame.render_widget(block, side);
    let width = usize::from(inner.width);
    let mut lines: Vec<Line<'static>> = Vec::new();
    let mut say = |text: &str, style| {
        for l in super::wrap(text, width, "  ") {
            lines.push(Line::styled(l, style));
        }
    };
    say(
        &words::sides(setup.user, &setup.strength.label()),
        theme.dim(),
    );
    if let Some(goal) = s.game().goal()
        && !s.is_over()
    {
        say(
            &words::goal(&goal.describe(), s.game().moves_left()),
            theme.title(),
        );
    }
    if let Some((san, told)) = s.told() {
        say(
            &words::engine_moved(san, told),
            ratatui::style::Style::new(),
        );
    }
    if let Some(end) = s.end() {
        let style = match end.user_won {
            Some(true) => theme.good(),
            Some(false) => theme.bad(),
            None => theme.title(),
        };
        say(&words::ended(end), style);
        if let Some(why) = s.engine_error() {
            say(&words::engine_failed(why), theme.bad());
        }
        if let Some(verdict) = end.verdict {
            let style = if verdict.achieved {
                theme.good()
            } else {
                theme.bad()
            };
            say(&verdict.describe(end.reason), style);
        }
        if let Some(e) = &setup.endgame {
            say(&e.note, theme.dim());
        }
        if let Some(said) = s.exported() {
            say(said, theme.dim());
        }
    } else if s.is_thinking() {
        say(words::THINKING, theme.dim());
    } else {
        if s.resign_asked() {
            say(words::RESIGN_ASKED, theme.bad());
        }
        if let Some(refused) = s.refused() {
            say(&words::refused(refused), theme.bad());
        }
        let lang = setup.lang;
        let mut shown = s.hint();
        for san in &mut shown.sans {
            *san = lang.localize(san);
        }
        for line in hint_lines(&shown, lang, theme, width) {
            lines.extend(super::wrap_line(&line, width, "  "));
        }
    }
    // The scoresheet below, its last rows where the panel is short.
    let top = u16::try_from(lines.len()).unwrap_or(u16::MAX);
    let room = usize::from(inner.height.saturating_sub(top + 2));
    let sheet = s.sheet();
    if room > 0 && !sheet.is_empty() {
        lines.push(Line::raw(""));
        lines.push(Line::styled(words::MOVES, theme.title()));
        let skip = sheet.len().saturating_sub(room);
        lines.extend(sheet[skip..].iter().map(sheet_line));
    }
    frame.render_widget(Paragraph::new(lines), inner);
    let editing = !app.help_shown() && !s.is_over() && !s.is_thinking();
    super::render_input_line(
        " Your move ",
        s.input(),
        theme.hint_state(&s.hint().state),
        editing,
        theme,
        input,
        frame,
    );
    super::render_footer(app, theme, footer, frame);
}

/// A scoresheet row: `  12. Nf3      Nc6`.
fn sheet_line(row: &SheetRow) -> Line<'static> {
    Line::raw(format!(
        "{:>4}. {:<9} {}",
        row.number,
        row.white,
        row.black.as_deref().unwrap_or("")
    ))
}

/// The board's place in blindfold play: what the keys do, and the
/// position in words when asked.
fn render_hidden(app: &App, s: &GameScreen, theme: Theme, area: Rect, frame: &mut Frame) {
    let key = |action: Action| {
        app.keys()
            .bindings_for(&KeyContext::Game { input_empty: true })
            .find(|b| b.action == action)
            .and_then(|b| b.keys.first().copied())
            .map(key_label)
            .unwrap_or_default()
    };
    let mut lines = vec![Line::styled(
        words::hidden(&key(Action::Words), &key(Action::ToggleBoard)),
        theme.dim(),
    )];
    if s.words_shown() {
        let pos = s.game().position();
        let turn = if shakmaty::Position::turn(pos).is_white() {
            "White"
        } else {
            "Black"
        };
        lines.push(Line::raw(""));
        lines.push(Line::styled(format!("{turn} to move:"), theme.title()));
        for l in crate::line::piece_list_in(pos, s.setup().lang).lines() {
            lines.push(Line::raw(l.to_owned()));
        }
    }
    frame.render_widget(
        Paragraph::new(lines)
            .block(Block::default().borders(Borders::ALL))
            .wrap(Wrap { trim: true }),
        area,
    );
}

/// The start screen's title.
pub const SETUP_TITLE: &str = "Play out  ↑ ↓ choose a row, ← → change it, Enter starts";

/// Draws the home entry's start screen: a row per choice
/// (`Engine  ◂ level 3 ▸`), and without an engine, how to get one.
pub fn render_setup(
    app: &App,
    setup: &crate::tui::game_setup::GameSetupScreen,
    theme: Theme,
    area: Rect,
    frame: &mut Frame,
) {
    let [header, body, footer] = ratatui::layout::Layout::vertical([
        ratatui::layout::Constraint::Length(1),
        ratatui::layout::Constraint::Fill(1),
        ratatui::layout::Constraint::Length(1),
    ])
    .areas(area);
    super::render_header(SETUP_TITLE, theme, header, frame);
    let mut lines = vec![Line::raw("")];
    for (i, (label, value)) in setup.rows().into_iter().enumerate() {
        let item = if value.is_empty() {
            "Start the game".to_owned()
        } else {
            format!("{label:<10} ◂ {value} ▸")
        };
        if i == setup.row() {
            lines.push(Line::styled(format!(" ▸ {item} "), theme.selected()));
        } else {
            lines.push(Line::raw(format!("   {item} ")));
        }
    }
    if let Some(why) = setup.blocked() {
        lines.push(Line::raw(""));
        for l in super::wrap(why, usize::from(body.width.saturating_sub(2)), "") {
            lines.push(Line::styled(format!(" {l}"), theme.hint_message()));
        }
    }
    frame.render_widget(Paragraph::new(lines), body);
    super::render_footer(app, theme, footer, frame);
}
