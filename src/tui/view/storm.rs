//! The Storm and Streak screen: the board and the input line as on the
//! puzzle screen (the live hint under the same spoiler rules), a side panel
//! with the clock, the score and the combo (Storm) or the streak and its
//! skip (Streak), what the last move did, and the bests; once the run is
//! over, its summary.

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph};

use super::geometry::{board_area_at_most, puzzle_areas};
use super::puzzle::{hint_lines, play_board};
use crate::config::LiveHint;
use crate::modes::combo_bonus_ms;
use crate::progress::{Mode, ModeRecords};
use crate::spoiler::{Policy, shown};
use crate::tui::action::Action;
use crate::tui::app::App;
use crate::tui::play::Play;
use crate::tui::storm::{Flash, RunScreen};
use crate::tui::strings;
use crate::tui::strings::run as words;
use crate::tui::theme::Theme;

/// Below this many milliseconds the clock is drawn in the "bad" style.
pub const CLOCK_LOW_MS: u64 = 10_000;

/// Draws the run, or its summary once it is over.
pub fn render(app: &App, run: &RunScreen, theme: Theme, area: Rect, frame: &mut Frame) {
    match run.play() {
        Some(play) => render_run(app, run, play, theme, area, frame),
        None => render_summary(app, run, theme, area, frame),
    }
}

fn render_run(
    app: &App,
    run: &RunScreen,
    play: &Play,
    theme: Theme,
    area: Rect,
    frame: &mut Frame,
) {
    let [header, body, input, hint, footer] = puzzle_areas(area);
    let (at, of) = run.counter();
    super::render_header(
        &format!("{} · puzzle {} of {of}", words::title(run.mode()), at + 1),
        theme,
        header,
        frame,
    );
    let board_rect = board_area_at_most(body, app.config().board);
    let bw = board_rect.width;
    let config = app.config();
    frame.render_widget(
        play_board(play, config.ascii, config.large_pieces, theme),
        board_rect,
    );
    let side = Rect::new(
        body.x + bw + 1,
        body.y,
        body.width.saturating_sub(bw + 1),
        body.height,
    );
    render_side(app, run, play, theme, side, frame);
    let style = theme.hint_state(&play.hint().state);
    super::render_input_line(
        strings::INPUT_TITLE,
        play.input(),
        style,
        !app.help_shown(),
        theme,
        input,
        frame,
    );
    render_hint(play, app.config().live_hint, theme, hint, frame);
    // Storm has no skip: its key is not offered.
    let hidden = (run.mode() == Mode::Storm).then_some(Action::Next);
    super::render_footer_without(
        app,
        app.key_context(),
        hidden.as_ref(),
        theme,
        footer,
        frame,
    );
}

/// The side panel's lines during a run.
pub fn side_lines(app: &App, run: &RunScreen, play: &Play, theme: Theme) -> Vec<Line<'static>> {
    let mut lines = Vec::new();
    let bold = Style::new().add_modifier(Modifier::BOLD);
    if let Some(ms) = run.remaining_ms() {
        let style = if ms < CLOCK_LOW_MS {
            theme.bad()
        } else {
            theme.title()
        };
        let mut time = vec![
            Span::raw("Time  "),
            Span::styled(words::clock(ms), style.add_modifier(Modifier::BOLD)),
        ];
        if !run.clock_started() {
            time.push(Span::styled(words::CLOCK_WAITS, theme.dim()));
        }
        lines.push(Line::from(time));
        lines.push(Line::from(vec![
            Span::raw("Score "),
            Span::styled(run.score().to_string(), bold),
        ]));
        let combo = run.combo().unwrap_or(0);
        let next = (combo + 1..=combo + 10).find(|&c| combo_bonus_ms(c) > 0);
        let mut text = format!("Combo {combo}");
        if let Some(c) = next {
            text.push_str(&format!(" (+{} s at {c})", combo_bonus_ms(c) / 1000));
        }
        lines.push(Line::raw(text));
    } else {
        lines.push(Line::from(vec![
            Span::raw("Streak "),
            Span::styled(run.score().to_string(), bold),
        ]));
        let skip = if run.can_skip() {
            "Skip: 1 left (F4)"
        } else {
            "Skip: used"
        };
        lines.push(Line::styled(skip, theme.dim()));
    }
    let puzzle = play.puzzle();
    lines.push(Line::styled(
        format!("Puzzle rating {}", puzzle.playing_rating()),
        theme.dim(),
    ));
    lines.push(Line::raw(strings::you_play(puzzle.user_color.is_white())));
    lines.push(Line::raw(""));
    if let Some(flash) = run.flash() {
        let (text, good) = words::flash(flash, run.mode(), play.lang());
        lines.push(Line::styled(
            text,
            if good { theme.good() } else { theme.bad() },
        ));
        // Each notation slip on a short line of its own under the verdict.
        if let Flash::Correct { notes, .. } = flash {
            for note in notes {
                lines.push(Line::styled(strings::slip(note), theme.diagnostic()));
            }
        }
    }
    if let Some(records) = app.records() {
        lines.push(Line::raw(""));
        lines.push(Line::styled(best_line(run.mode(), records), theme.dim()));
    }
    lines
}

/// The Storm and Streak bests as one line of the stats screen.
pub fn records_line(records: &ModeRecords, theme: Theme) -> Line<'static> {
    let label = |s: &str| Span::styled(s.to_owned(), theme.key());
    let storm = match (&records.storm_best_today, &records.storm_best) {
        (_, None) => "no runs yet   ".to_owned(),
        (today, Some(best)) => format!(
            "best {} (today {}), {} runs   ",
            best.score,
            today.as_ref().map_or(0, |t| t.score),
            records.storm_runs
        ),
    };
    let streak = records.streak_best.map_or_else(
        || "no runs yet".to_owned(),
        |b| format!("best {b} in a row"),
    );
    Line::from(vec![
        label("Puzzle Storm "),
        Span::raw(storm),
        label("Puzzle Streak "),
        Span::raw(streak),
    ])
}

/// One line of the bests for the side panel.
fn best_line(mode: Mode, records: &ModeRecords) -> String {
    match mode {
        Mode::Storm => match (&records.storm_best_today, &records.storm_best) {
            (_, None) => "First Storm run: no best yet.".to_owned(),
            (Some(today), Some(best)) => {
                format!("Best today {}, ever {}", today.score, best.score)
            }
            (None, Some(best)) => format!("Best ever {}", best.score),
        },
        Mode::Streak => match records.streak_best {
            Some(best) => format!("Best streak {best}"),
            None => "First Streak run: no best yet.".to_owned(),
        },
    }
}

fn render_side(
    app: &App,
    run: &RunScreen,
    play: &Play,
    theme: Theme,
    area: Rect,
    frame: &mut Frame,
) {
    let block = Block::default().borders(Borders::ALL).title(Span::styled(
        format!(" {} ", words::title(run.mode())),
        theme.title(),
    ));
    let inner = block.inner(area);
    frame.render_widget(block, area);
    let width = usize::from(inner.width);
    // Long lines (the flash with its solution) are wrapped at spaces.
    let lines: Vec<Line<'static>> = side_lines(app, run, play, theme)
        .into_iter()
        .flat_map(|line| {
            let text: String = line.spans.iter().map(|s| s.content.as_ref()).collect();
            if text.chars().count() <= width || line.spans.len() > 1 {
                vec![line]
            } else {
                let style = line.style;
                super::wrap(&text, width, "")
                    .into_iter()
                    .map(|l| Line::styled(l, style))
                    .collect()
            }
        })
        .collect();
    frame.render_widget(Paragraph::new(lines), inner);
}

fn render_hint(play: &Play, live: LiveHint, theme: Theme, area: Rect, frame: &mut Frame) {
    let block = Block::default()
        .borders(Borders::ALL)
        .title(Span::styled(strings::HINT_TITLE, theme.title()));
    let inner = block.inner(area);
    frame.render_widget(block, area);
    let lines = if live == LiveHint::Off {
        vec![Line::styled(strings::HINT_OFF, theme.dim())]
    } else {
        // Every puzzle of a run is unsolved while shown.
        let mut shown = shown(play.hint(), &play.input().text(), Policy::Unsolved);
        for san in &mut shown.sans {
            *san = play.lang().localize(san);
        }
        hint_lines(&shown, play.lang(), theme, usize::from(inner.width))
    };
    frame.render_widget(Paragraph::new(lines), inner);
}

/// The summary's lines: why it ended, the figures, the failed puzzles, the
/// bests.
pub fn summary_lines(app: &App, run: &RunScreen, theme: Theme) -> Vec<Line<'static>> {
    let mode = run.mode();
    let mut lines = vec![Line::raw("")];
    if let Some(end) = run.end() {
        lines.push(Line::styled(words::ended(mode, end), theme.title()));
    }
    lines.push(Line::raw(""));
    match run.storm_summary() {
        Some(summary) => lines.extend(words::storm_summary(&summary).into_iter().map(Line::raw)),
        None => {
            lines.push(Line::raw(format!(
                "Streak: {} solved in a row",
                run.score()
            )));
            if let Some(h) = run.highest_solved() {
                lines.push(Line::raw(format!("Highest rating solved: {h}")));
            }
        }
    }
    if !run.failed().is_empty() {
        lines.push(Line::raw(""));
        lines.push(Line::styled("Failed (added to your reviews):", theme.bad()));
        for (id, title) in run.failed() {
            lines.push(Line::raw(format!("  {id}  {title}")));
        }
    }
    if let Some(records) = app.records() {
        lines.push(Line::raw(""));
        lines.extend(
            words::records(records)
                .into_iter()
                .map(|l| Line::styled(l, theme.dim())),
        );
    }
    lines
}

fn render_summary(app: &App, run: &RunScreen, theme: Theme, area: Rect, frame: &mut Frame) {
    let [header, body, footer] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Fill(1),
        Constraint::Length(1),
    ])
    .areas(area);
    super::render_header(words::title(run.mode()), theme, header, frame);
    let inner = Rect::new(
        body.x + 2,
        body.y,
        body.width.saturating_sub(4),
        body.height,
    );
    // Long lines (the bests with their figures) wrap at spaces.
    let lines = super::wrap_lines(
        &summary_lines(app, run, theme),
        usize::from(inner.width),
        "    ",
    );
    // A long list of failed puzzles scrolls (the arrows, PgDn).
    frame.render_widget(Paragraph::new(lines).scroll((app.scroll(), 0)), inner);
    super::render_footer(app, theme, footer, frame);
}
