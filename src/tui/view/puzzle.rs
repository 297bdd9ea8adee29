//! The puzzle screen: board, puzzle panel with the moves so far and the
//! status, the input line, the live hint panel and the footer.

use ratatui::Frame;
use ratatui::layout::{Alignment, Constraint, Layout, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Wrap};

use super::board::{Board, board_size, cell_for};
use crate::notation::{Hint, HintState};
use crate::tui::app::App;
use crate::tui::play::{Mover, Play, Played, StatusKind};
use crate::tui::strings;
use crate::tui::theme::Theme;

/// The side panel's narrowest width (border included).
const SIDE_MIN: u16 = 33;

/// Draws the puzzle screen.
pub fn render(app: &App, play: &Play, theme: Theme, area: Rect, frame: &mut Frame) {
    let [header, body, input, hint, footer] = areas(area);
    render_header(app, play, theme, header, frame);
    let board_rect = board_area(body);
    let bw = board_rect.width;
    let side = Rect::new(
        body.x + bw + 1,
        body.y,
        body.width.saturating_sub(bw + 1),
        body.height,
    );
    frame.render_widget(
        Board {
            pos: play.shown(),
            bottom: play.bottom(),
            last_move: play.last_move(),
            marks: play.marks(),
            highlights: &[],
            ascii: app.config().ascii,
            theme,
        },
        board_rect,
    );
    render_side(play, theme, side, frame);
    render_input(app, play, theme, input, frame);
    render_hint(play, theme, hint, frame);
    super::render_footer(app.screen(), theme, footer, frame);
}

/// The screen areas of the puzzle screen: header, body, input, hint panel, footer.
pub fn areas(area: Rect) -> [Rect; 5] {
    Layout::vertical([
        Constraint::Length(1),
        Constraint::Fill(1),
        Constraint::Length(3),
        Constraint::Length(5),
        Constraint::Length(1),
    ])
    .areas(area)
}

/// Where the board is drawn inside the body: the largest cell size that
/// leaves the side panel its minimum width, centred vertically.
pub fn board_area(body: Rect) -> Rect {
    let cell = cell_for(body.width.saturating_sub(SIDE_MIN + 1), body.height).unwrap_or((3, 1));
    let (bw, bh) = board_size(cell);
    Rect::new(
        body.x,
        body.y + body.height.saturating_sub(bh) / 2,
        bw.min(body.width),
        bh.min(body.height),
    )
}

fn render_header(app: &App, play: &Play, theme: Theme, area: Rect, frame: &mut Frame) {
    let left = Line::from(vec![
        Span::styled(strings::APP_NAME, theme.title()),
        Span::raw("  "),
        Span::raw(strings::counter(play.index(), app.puzzles().len())),
    ]);
    frame.render_widget(Paragraph::new(left), area);
    if play.is_waiting() && play.finish().is_none() {
        frame.render_widget(
            Paragraph::new(Span::styled(strings::WAITING, theme.dim())).alignment(Alignment::Right),
            area,
        );
    }
}

fn render_side(play: &Play, theme: Theme, area: Rect, frame: &mut Frame) {
    let puzzle = play.puzzle();
    let block = Block::default()
        .borders(Borders::ALL)
        .title(Span::styled(format!(" {} ", puzzle.title), theme.title()));
    let inner = block.inner(area);
    frame.render_widget(block, area);

    let mut info = vec![Line::raw(puzzle.subtitle.clone())];
    if !puzzle.themes.is_empty() {
        info.push(Line::styled(
            format!("Themes: {}", puzzle.themes.join(", ")),
            theme.dim(),
        ));
    }
    match (puzzle.rating, puzzle.difficulty) {
        (Some(r), _) => info.push(Line::styled(format!("Rating {r}"), theme.dim())),
        (None, Some(d)) => info.push(Line::styled(format!("Difficulty {d}/5"), theme.dim())),
        (None, None) => {}
    }
    info.push(Line::raw(strings::you_play(puzzle.user_color.is_white())));

    let h = inner.height;
    let status_h = if h >= 9 { 3 } else { h.min(2) };
    let rest = h - status_h;
    let moves_min = rest.min(2);
    let info_h = u16::try_from(info.len())
        .unwrap_or(u16::MAX)
        .min(rest - moves_min);
    let moves_h = rest - info_h;
    let [info_rect, moves_rect, status_rect] = Layout::vertical([
        Constraint::Length(info_h),
        Constraint::Length(moves_h),
        Constraint::Length(status_h),
    ])
    .areas(inner);
    frame.render_widget(Paragraph::new(info), info_rect);

    let mut moves = vec![Line::styled(strings::MOVES_HEADING, theme.title())];
    moves.extend(move_lines(play.history(), theme));
    let skip = moves.len().saturating_sub(usize::from(moves_rect.height));
    let shown: Vec<Line> = if skip > 0 {
        moves.into_iter().skip(skip).collect()
    } else {
        moves
    };
    frame.render_widget(Paragraph::new(shown), moves_rect);

    let status = play.status();
    let style = match status.kind {
        StatusKind::Info => Style::new(),
        StatusKind::Good => theme.good(),
        StatusKind::Bad => theme.bad(),
        StatusKind::Hint => theme.hint_message(),
    };
    frame.render_widget(
        Paragraph::new(Span::styled(status.text.clone(), style)).wrap(Wrap { trim: true }),
        status_rect,
    );
}

/// The moves so far as numbered SAN, one full move a line, comments below.
pub fn move_lines(history: &[Played], theme: Theme) -> Vec<Line<'static>> {
    let mut lines: Vec<Line<'static>> = Vec::new();
    let mut current: Vec<Span<'static>> = Vec::new();
    let mut comments: Vec<String> = Vec::new();
    for played in history {
        let style = match played.by {
            Mover::Opponent => Style::new(),
            Mover::User => theme.user_move(),
            Mover::Solution => theme.solution_move(),
        };
        if played.color.is_white() || current.is_empty() {
            if !current.is_empty() {
                lines.push(Line::from(std::mem::take(&mut current)));
                lines.extend(
                    comments
                        .drain(..)
                        .map(|c| Line::styled(format!("   {c}"), theme.dim())),
                );
            }
            let number = if played.color.is_white() {
                format!("{}. ", played.number)
            } else {
                format!("{}... ", played.number)
            };
            current.push(Span::raw(number));
        } else {
            current.push(Span::raw(" "));
        }
        current.push(Span::styled(played.san.clone(), style));
        if let Some(c) = &played.comment {
            comments.push(c.clone());
        }
        if !played.color.is_white() {
            lines.push(Line::from(std::mem::take(&mut current)));
            lines.extend(
                comments
                    .drain(..)
                    .map(|c| Line::styled(format!("   {c}"), theme.dim())),
            );
        }
    }
    if !current.is_empty() {
        lines.push(Line::from(current));
        lines.extend(
            comments
                .drain(..)
                .map(|c| Line::styled(format!("   {c}"), theme.dim())),
        );
    }
    lines
}

fn render_input(app: &App, play: &Play, theme: Theme, area: Rect, frame: &mut Frame) {
    let editing = !app.help_shown() && play.finish().is_none();
    let style = theme.hint_state(&play.hint().state);
    super::render_input_line(
        strings::INPUT_TITLE,
        play.input(),
        style,
        editing,
        theme,
        area,
        frame,
    );
}

fn render_hint(play: &Play, theme: Theme, area: Rect, frame: &mut Frame) {
    let block = Block::default()
        .borders(Borders::ALL)
        .title(Span::styled(strings::HINT_TITLE, theme.title()));
    let inner = block.inner(area);
    frame.render_widget(block, area);
    let lines = hint_lines(
        play.hint(),
        play.finish().is_some(),
        theme,
        usize::from(inner.width),
    );
    frame.render_widget(Paragraph::new(lines).wrap(Wrap { trim: true }), inner);
}

/// The hint panel's lines: the state, the candidates, the diagnostics.
pub fn hint_lines(hint: &Hint, finished: bool, theme: Theme, width: usize) -> Vec<Line<'static>> {
    if finished {
        return vec![Line::styled(strings::HINT_OVER, theme.dim())];
    }
    let style = theme.hint_state(&hint.state);
    let sans: Vec<&str> = hint.candidates.iter().map(|m| m.san.as_str()).collect();
    let head = match &hint.state {
        HintState::Empty => return vec![Line::styled(strings::HINT_EMPTY, theme.dim())],
        HintState::Partial => strings::hint::partial(sans.len()),
        HintState::Complete => strings::hint::complete(sans.first().copied().unwrap_or("")),
        HintState::CompleteOrLonger => strings::hint::complete_or_longer(
            sans.first().copied().unwrap_or(""),
            sans.get(1..).unwrap_or(&[]),
        ),
        HintState::Ambiguous => strings::hint::ambiguous(&sans),
        HintState::Impossible(reason) => strings::hint::impossible(reason),
    };
    let mut lines = vec![Line::styled(head, style)];
    if matches!(hint.state, HintState::Partial) {
        lines.push(candidate_line(&sans, style, theme, width));
    }
    let notes: Vec<&str> = hint
        .diagnostics
        .iter()
        .map(|d| d.message.as_str())
        .collect();
    if !notes.is_empty() {
        lines.push(Line::styled(
            format!("note: {}", notes.join("; ")),
            theme.diagnostic(),
        ));
    }
    lines
}

/// The candidates, as many as fit in `width`, then `+N more`.
fn candidate_line(sans: &[&str], style: Style, theme: Theme, width: usize) -> Line<'static> {
    let mut spans = Vec::new();
    let mut used = 0;
    for (i, san) in sans.iter().enumerate() {
        let more = format!("+{} more", sans.len() - i);
        let need = san.chars().count() + 2;
        let reserve = if i + 1 < sans.len() { more.len() } else { 0 };
        if used + need + reserve > width {
            spans.push(Span::styled(more, theme.dim()));
            break;
        }
        spans.push(Span::styled((*san).to_owned(), style));
        spans.push(Span::raw("  "));
        used += need;
    }
    Line::from(spans)
}
