//! The puzzle screen: board, puzzle panel with the moves so far and the
//! status, the input line, the live hint panel and the footer.

use ratatui::Frame;
use ratatui::layout::{Alignment, Constraint, Layout, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Wrap};

use super::board::Board;
use super::geometry::{board_area_at_most, puzzle_areas};
use crate::config::LiveHint;
use crate::notation::{HintState, Lang};
use crate::session::SolutionStep;
use crate::spoiler::{Policy, Shown, shown};
use crate::tui::app::App;
use crate::tui::play::{Mover, Play, Played, StatusKind};
use crate::tui::strings;
use crate::tui::theme::Theme;
use shakmaty::Position;

/// Draws the puzzle screen.
pub fn render(app: &App, play: &Play, theme: Theme, area: Rect, frame: &mut Frame) {
    let [header, body, input, hint, footer] = puzzle_areas(area);
    render_header(app, play, theme, header, frame);
    let board_rect = board_area_at_most(body, app.config().board);
    let bw = board_rect.width;
    let side = Rect::new(
        body.x + bw + 1,
        body.y,
        body.width.saturating_sub(bw + 1),
        body.height,
    );
    if let (Some(blind), None) = (play.blind_view(), play.finish()) {
        let board = Board {
            pos: blind.frozen(),
            last_move: None,
            ..play_board(play, app.config().ascii, app.config().large_pieces, theme)
        };
        frame.render_widget(board, board_rect);
    } else if app.config().blindfold && play.finish().is_none() {
        render_blindfold(play, theme, board_rect, frame);
    } else {
        frame.render_widget(
            play_board(play, app.config().ascii, app.config().large_pieces, theme),
            board_rect,
        );
    }
    render_side(app, play, theme, side, frame);
    render_input(app, play, theme, input, frame);
    render_hint(play, app.config().live_hint, theme, hint, frame);
    super::render_footer(app, theme, footer, frame);
}

/// The board of a puzzle being played: the position shown (the solution
/// can be stepped through), its orientation, the last move and the marks.
pub(super) fn play_board(play: &Play, ascii: bool, large: bool, theme: Theme) -> Board<'_> {
    Board {
        pos: play.shown(),
        bottom: play.bottom(),
        last_move: play.last_move(),
        marks: play.marks(),
        highlights: &[],
        ascii,
        large,
        theme,
    }
}

/// Blindfold: the puzzle's start position in words where the board would
/// be (the moves since are in the side panel); the board comes back once
/// the puzzle ends.
fn render_blindfold(play: &Play, theme: Theme, area: Rect, frame: &mut Frame) {
    let start = &play.puzzle().position;
    let side = match start.turn() {
        shakmaty::Color::White => "White",
        shakmaty::Color::Black => "Black",
    };
    let mut lines = vec![Line::styled(
        format!("The position, {side} to move:"),
        theme.dim(),
    )];
    lines.extend(
        crate::line::piece_list_in(start, play.lang())
            .lines()
            .map(|l| Line::raw(l.to_owned())),
    );
    lines.push(Line::raw(""));
    lines.push(Line::styled(strings::BLINDFOLD_NOTE, theme.dim()));
    let block = Block::default()
        .borders(Borders::ALL)
        .title(Span::styled(strings::BLINDFOLD_TITLE, theme.title()));
    frame.render_widget(
        Paragraph::new(lines).block(block).wrap(Wrap { trim: true }),
        area,
    );
}

fn render_header(app: &App, play: &Play, theme: Theme, area: Rect, frame: &mut Frame) {
    let left = Line::from(vec![
        Span::styled(strings::APP_NAME, theme.title()),
        Span::raw("  "),
        Span::raw(strings::counter(
            play.index(),
            app.puzzle_total(),
            app.solved_count(),
        )),
        Span::raw(
            app.set_header()
                .map_or_else(String::new, strings::set_header),
        ),
        Span::raw(
            app.difficulty()
                .map_or_else(String::new, strings::difficulty_header),
        ),
    ]);
    frame.render_widget(Paragraph::new(left), area);
    if play.is_waiting() && play.finish().is_none() {
        frame.render_widget(
            Paragraph::new(Span::styled(strings::WAITING, theme.dim())).alignment(Alignment::Right),
            area,
        );
    }
}

/// The rank from which the side panel's information is never dropped for
/// room: the user's rating and how the puzzle moved it.
const KEPT: u8 = 5;

fn render_side(app: &App, play: &Play, theme: Theme, area: Rect, frame: &mut Frame) {
    let puzzle = play.puzzle();
    let block = Block::default().borders(Borders::ALL).title(Span::styled(
        format!(" {} ", puzzle.shown_title(play.finish().is_some())),
        theme.title(),
    ));
    let inner = block.inner(area);
    frame.render_widget(block, area);
    let width = usize::from(inner.width);

    // Every text is wrapped here, at spaces, so that no word is cut; the
    // moves scroll to the latest, the status takes what it needs. Each
    // piece of information has a rank: when the panel is short, the least
    // needed go first, whole, and the rating's change is never pushed out.
    let mut info: Vec<(u8, Vec<Line<'static>>)> = Vec::new();
    let mut add = |rank: u8, text: &str, style: Style| {
        let lines = super::wrap(text, width, "")
            .into_iter()
            .map(|l| Line::styled(l, style))
            .collect();
        info.push((rank, lines));
    };
    if !puzzle.subtitle.is_empty() {
        add(3, &puzzle.subtitle, Style::new());
    }
    if !puzzle.themes.is_empty() {
        if play.themes_shown() {
            add(2, &strings::themes(&puzzle.themes), theme.dim());
        } else {
            add(0, strings::THEMES_HIDDEN, theme.dim());
        }
    }
    match (puzzle.rating, puzzle.difficulty) {
        (Some(r), _) => add(1, &format!("Puzzle rating {r}"), theme.dim()),
        (None, Some(d)) => add(1, &format!("Difficulty {d}/5"), theme.dim()),
        (None, None) => {}
    }
    // Once the puzzle is over, its themes say more than the side played.
    let you_play_rank = if play.finish().is_some() { 1 } else { 4 };
    add(
        you_play_rank,
        strings::you_play(puzzle.user_color.is_white()),
        Style::new(),
    );
    if let Some(summary) = app.cycle_done() {
        // A finished set cycle: as kept as the rating.
        add(KEPT, &strings::cycle_done(summary), theme.title());
    }
    if let (Some(blind), None) = (play.blind_view(), play.finish()) {
        let lang = play.lang();
        let sans: Vec<String> = blind.lead().iter().map(|m| lang.localize(&m.san)).collect();
        let read = crate::line::numbered_moves(blind.frozen(), sans.iter().map(String::as_str));
        add(5, &strings::blind(blind.plies(), &read), theme.title());
    }
    match (app.rating_change(), app.rating()) {
        (Some(recorded), _) => add(6, &strings::rating_change(recorded), theme.title()),
        (None, Some(rating)) => add(5, &strings::your_rating(&rating), Style::new()),
        (None, None) => {}
    }
    if play.finish().is_some()
        && let Some(url) = &puzzle.game_url
    {
        add(1, &strings::game(url), theme.dim());
    }

    let status = play.status();
    let style = match status.kind {
        StatusKind::Info => Style::new(),
        StatusKind::Good => theme.good(),
        StatusKind::Bad => theme.bad(),
        StatusKind::Hint => theme.hint_message(),
    };
    let mut status_lines: Vec<Line<'static>> = Vec::new();
    match play.review() {
        Some((at, line)) => {
            let step = at.checked_sub(1).and_then(|i| line.get(i));
            let text = strings::step(
                at,
                line.len(),
                step.map(|s| s.text.san.as_str()),
                step.and_then(|s| s.comment.as_deref()),
            );
            status_lines.extend(
                super::wrap(&text, width, "")
                    .into_iter()
                    .map(|l| Line::styled(l, style)),
            );
        }
        None => {
            let (verdict, after) = status.parts();
            status_lines.extend(
                super::wrap(verdict, width, "")
                    .into_iter()
                    .map(|l| Line::styled(l, style)),
            );
            // Each slip on its own short line under the verdict, then how
            // the puzzle ended.
            for slip in &status.slips {
                status_lines.extend(
                    super::wrap(&strings::slip(slip), width, "  ")
                        .into_iter()
                        .map(|l| Line::styled(l, theme.diagnostic())),
                );
            }
            if !after.is_empty() {
                status_lines.extend(
                    super::wrap(after, width, "")
                        .into_iter()
                        .map(|l| Line::styled(l, style)),
                );
            }
        }
    }

    // While stepping, the moves up to the one shown (its comment is in the
    // status); otherwise the moves so far with their comments.
    let blocks = match play.review() {
        Some((at, line)) => {
            let mut played = solution_played(play, &line[..at.min(line.len())]);
            for p in &mut played {
                p.comment = None;
            }
            move_blocks(&played, at, theme, width)
        }
        None => move_blocks(play.history(), 0, theme, width),
    };
    // The status comes first (it is what just happened), then two lines of
    // moves, then the information; the moves take what is left.
    let h = usize::from(inner.height);
    let status_h = status_lines
        .len()
        .clamp(1, h.saturating_sub(2).max(1))
        .min(h);
    // Drop the least needed information, whole, until the last move and
    // its comment fit under the heading (the rating is never dropped).
    let last_move_h = blocks.last().map_or(1, Vec::len);
    let room = h.saturating_sub(status_h + 1 + last_move_h);
    let mut kept = vec![true; info.len()];
    let used = |kept: &[bool]| -> usize {
        info.iter()
            .zip(kept)
            .filter(|(_, k)| **k)
            .map(|((_, l), _)| l.len())
            .sum()
    };
    while used(&kept) > room {
        let least = (0..info.len())
            .filter(|&i| kept[i] && info[i].0 < KEPT)
            .min_by_key(|&i| (info[i].0, std::cmp::Reverse(i)));
        match least {
            Some(i) => kept[i] = false,
            None => break,
        }
    }
    // What was dropped and fits again after all (a long line dropped for
    // room leaves room for a short one), the most needed first.
    let mut dropped: Vec<usize> = (0..info.len()).filter(|&i| !kept[i]).collect();
    dropped.sort_by_key(|&i| std::cmp::Reverse(info[i].0));
    for i in dropped {
        if used(&kept) + info[i].1.len() <= room {
            kept[i] = true;
        }
    }
    let info: Vec<(u8, Vec<Line<'static>>)> = info
        .into_iter()
        .zip(kept)
        .filter_map(|(item, k)| k.then_some(item))
        .collect();
    let mut info: Vec<Line<'static>> = info.into_iter().flat_map(|(_, l)| l).collect();
    let info_h = info.len().min(h.saturating_sub(status_h + 2));
    let moves_h = h - status_h - info_h;
    let as_u16 = |n: usize| u16::try_from(n).unwrap_or(u16::MAX);
    let [info_rect, moves_rect, status_rect] = Layout::vertical([
        Constraint::Length(as_u16(info_h)),
        Constraint::Length(as_u16(moves_h)),
        Constraint::Length(as_u16(status_h)),
    ])
    .areas(inner);
    info.truncate(info_h);
    frame.render_widget(Paragraph::new(info), info_rect);

    // Scroll to the latest moves, a whole move and its comments at a time
    // (the heading stays on top).
    let room = usize::from(moves_rect.height).saturating_sub(1);
    let mut first = blocks.len();
    let mut used = 0;
    while first > 0 && used + blocks[first - 1].len() <= room {
        used += blocks[first - 1].len();
        first -= 1;
    }
    let mut shown = vec![Line::styled(strings::MOVES_HEADING, theme.title())];
    if first == blocks.len() {
        // Not even the last move fits with its comments: its first lines.
        if let Some(last) = blocks.last() {
            shown.extend(last.iter().take(room).cloned());
        }
    } else {
        shown.extend(blocks[first..].iter().flatten().cloned());
    }
    frame.render_widget(Paragraph::new(shown), moves_rect);

    status_lines.truncate(status_h);
    frame.render_widget(Paragraph::new(status_lines), status_rect);
}

/// The solution line as moves played, for the list while stepping through.
fn solution_played(play: &Play, line: &[SolutionStep]) -> Vec<Played> {
    let mut before = play.puzzle().position.clone();
    line.iter()
        .map(|step| {
            let played = Played {
                san: step.text.san.clone(),
                comment: step.comment.clone(),
                by: if step.by_user {
                    Mover::User
                } else {
                    Mover::Opponent
                },
                number: before.fullmoves().get(),
                color: before.turn(),
            };
            before = step.position.clone();
            played
        })
        .collect()
}

/// The moves so far as numbered SAN, one full move a line, comments below
/// (wrapped to `width`). `current` (1-based, 0 for none) is marked.
pub fn move_lines(
    history: &[Played],
    current: usize,
    theme: Theme,
    width: usize,
) -> Vec<Line<'static>> {
    move_blocks(history, current, theme, width)
        .into_iter()
        .flatten()
        .collect()
}

/// [`move_lines`] in blocks: each full move with the comments under it.
fn move_blocks(
    history: &[Played],
    current: usize,
    theme: Theme,
    width: usize,
) -> Vec<Vec<Line<'static>>> {
    let mut blocks: Vec<Vec<Line<'static>>> = Vec::new();
    let mut row: Vec<Span<'static>> = Vec::new();
    let mut comments: Vec<String> = Vec::new();
    let mut flush = |row: &mut Vec<Span<'static>>, comments: &mut Vec<String>| {
        if row.is_empty() {
            return;
        }
        let mut block = vec![Line::from(std::mem::take(row))];
        for c in comments.drain(..) {
            block.extend(
                super::wrap(&c, width.saturating_sub(3), "")
                    .into_iter()
                    .map(|l| Line::styled(format!("   {l}"), theme.dim())),
            );
        }
        blocks.push(block);
    };
    for (i, played) in history.iter().enumerate() {
        let mut style = match played.by {
            Mover::Opponent => Style::new(),
            Mover::User => theme.user_move(),
            Mover::Solution => theme.solution_move(),
        };
        if i + 1 == current {
            style = style.add_modifier(Modifier::REVERSED);
        }
        if played.color.is_white() || row.is_empty() {
            flush(&mut row, &mut comments);
            let number = if played.color.is_white() {
                format!("{}. ", played.number)
            } else {
                format!("{}... ", played.number)
            };
            row.push(Span::raw(number));
        } else {
            row.push(Span::raw(" "));
        }
        row.push(Span::styled(played.san.clone(), style));
        if let Some(c) = &played.comment {
            comments.push(c.clone());
        }
        if !played.color.is_white() {
            flush(&mut row, &mut comments);
        }
    }
    flush(&mut row, &mut comments);
    blocks
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

fn render_hint(play: &Play, live: LiveHint, theme: Theme, hint: Rect, frame: &mut Frame) {
    let block = Block::default()
        .borders(Borders::ALL)
        .title(Span::styled(strings::HINT_TITLE, theme.title()));
    let inner = block.inner(hint);
    frame.render_widget(block, hint);
    let lines = if play.finish().is_some() {
        vec![Line::styled(strings::HINT_OVER, theme.dim())]
    } else if live == LiveHint::Off {
        vec![Line::styled(strings::HINT_OFF, theme.dim())]
    } else {
        // The puzzle is unsolved: the spoiler policy decides what is said.
        let mut shown = shown(play.hint(), &play.input().text(), Policy::Unsolved);
        for san in &mut shown.sans {
            *san = play.lang().localize(san);
        }
        hint_lines(&shown, play.lang(), theme, usize::from(inner.width))
    };
    frame.render_widget(Paragraph::new(lines).wrap(Wrap { trim: true }), inner);
}

/// The hint panel's lines: the state, the candidates (when they may be
/// listed, else how many fit), the notes.
pub fn hint_lines(shown: &Shown, lang: Lang, theme: Theme, width: usize) -> Vec<Line<'static>> {
    let style = theme.hint_state(&shown.state);
    let sans: Vec<&str> = shown.sans.iter().map(String::as_str).collect();
    let head = match &shown.state {
        HintState::Empty => return vec![Line::styled(strings::hint_empty(lang), theme.dim())],
        HintState::Partial if shown.list => strings::hint::partial(sans.len()),
        HintState::Partial => strings::hint::count(shown.count.moves, shown.count.piece),
        HintState::Complete => strings::hint::complete(sans.first().copied().unwrap_or("")),
        HintState::CompleteOrLonger => strings::hint::complete_or_longer(
            sans.first().copied().unwrap_or(""),
            sans.get(1..).unwrap_or(&[]),
        ),
        HintState::Ambiguous => strings::hint::ambiguous(&sans),
        HintState::Impossible(reason) => strings::hint::impossible(reason),
    };
    let mut lines = vec![Line::styled(head, style)];
    if matches!(shown.state, HintState::Partial) && shown.list {
        lines.push(candidate_line(&sans, style, theme, width));
    }
    let notes: Vec<String> = shown.diagnostics.iter().map(|d| lang.note(d)).collect();
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
