//! The drills menu, the drill screen (board, prompt, input line, verdict)
//! and a drill's summary.

use ratatui::Frame;
use ratatui::layout::{Alignment, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Wrap};

use super::board::Board;
use super::geometry::drill_areas;
use crate::drill::{DrillSummary, Exercise, Show};
use crate::tui::app::{App, DrillEntry};
use crate::tui::drill::{Answered, DrillScreen, Phase};
use crate::tui::play::HintMarks;
use crate::tui::strings;
use crate::tui::theme::{SquareMark, Theme};
use shakmaty::Square;

/// Draws the drills menu: each entry with a line on what it is (when the
/// window is wide enough for both).
pub fn render_menu(app: &App, theme: Theme, area: Rect, frame: &mut Frame) {
    let entries: Vec<(&str, &str)> = DrillEntry::ALL
        .iter()
        .map(|entry| match entry {
            DrillEntry::Kind(kind) => (
                strings::drill_entry(Some(*kind), false),
                strings::drill_about(Some(*kind), false),
            ),
            DrillEntry::TimedCoordinates => {
                let coords = Some(crate::drill::DrillKind::Coordinates);
                (
                    strings::drill_entry(coords, true),
                    strings::drill_about(coords, true),
                )
            }
            DrillEntry::Scoresheet => strings::SCORESHEET_ENTRY,
            DrillEntry::Lessons => (
                strings::drill_entry(None, false),
                strings::drill_about(None, false),
            ),
        })
        .collect();
    let name_w = entries
        .iter()
        .map(|(n, _)| n.chars().count())
        .max()
        .unwrap_or(0);
    let about_w = entries
        .iter()
        .map(|(_, a)| a.chars().count())
        .max()
        .unwrap_or(0);
    // "   name  about " must fit, else the names alone.
    let wide = usize::from(area.width) > 3 + name_w + 2 + about_w;
    let items: Vec<String> = entries
        .iter()
        .map(|(name, about)| {
            if wide {
                format!("{name:<name_w$}  {about}")
            } else {
                (*name).to_owned()
            }
        })
        .collect();
    super::render_list(
        strings::DRILLS_TITLE,
        &items,
        app.drill_menu_index(),
        app.notice(),
        app,
        theme,
        area,
        frame,
    );
}

/// The squares a wrong "Find" answer is shown on: the one chosen and the
/// one asked for, while the board has no squares of its own to show.
fn wrong_find(drill: &DrillScreen, exercise: &Exercise) -> Option<(Square, Square)> {
    let shown = drill.shown_verdict()?;
    let Show::Question { square } = shown.exercise.show else {
        return None;
    };
    if shown.verdict.correct || !exercise.highlighted().is_empty() {
        return None;
    }
    let chosen: Square = shown.answer.parse().ok()?;
    Some((chosen, square))
}

/// A wrong move vision answer on the board: the move's squares and the
/// squares given (when the answer named two).
fn wrong_vision(drill: &DrillScreen) -> Option<([Square; 2], Vec<Square>)> {
    let shown = drill.answered()?;
    if shown.exercise.kind != crate::drill::DrillKind::Vision || shown.verdict.correct {
        return None;
    }
    let crate::drill::Expected::Move(mv) = shown.exercise.expected else {
        return None;
    };
    let given = crate::drill::vision_answer(&shown.answer)
        .map(|(f, t)| vec![f, t])
        .unwrap_or_default();
    Some((crate::drill::vision_squares(mv), given))
}

/// Draws the drill screen: the exercise, or the summary once it is over.
pub fn render(app: &App, drill: &DrillScreen, theme: Theme, area: Rect, frame: &mut Frame) {
    let [header, body, input, footer] = drill_areas(area);
    render_header(drill, theme, header, frame);
    let phase = drill.phase();
    if phase == Phase::Summary {
        let body = Rect::new(
            area.x + 1,
            body.y,
            area.width.saturating_sub(2),
            body.height + input.height,
        );
        let mut lines = summary_lines(&drill.run().summary(), theme);
        // A coordinates run: its records (before the "back" line).
        let back = lines.pop();
        lines.extend(super::coords::summary_lines(drill, theme));
        lines.extend(back);
        frame.render_widget(
            Paragraph::new(lines)
                .wrap(Wrap { trim: false })
                .scroll((app.scroll(), 0)),
            body,
        );
    } else if let Some(exercise) = drill.exercise()
        && matches!(exercise.show, Show::Colour { .. })
    {
        // No board: its colours would give the answer away.
        render_side(exercise, drill, theme, body, frame);
        render_input(app, drill, theme, input, frame);
    } else if let Some(exercise) = drill.exercise() {
        let board_rect = super::geometry::drill_board_area(area, app.config().board);
        let wrong = wrong_find(drill, exercise);
        let mut highlights = exercise.highlighted();
        highlights.extend(wrong.map(|(_, asked)| asked));
        // A wrong move vision answer kept on the board: the right squares.
        let vision_wrong = wrong_vision(drill);
        if let Some((right, _)) = vision_wrong {
            highlights.extend(right);
        }
        // The cursor of a "Find" exercise (and of move vision, with the
        // square picked) is drawn as a hint mark.
        let marks = HintMarks {
            from: (drill.finding() || drill.picking()).then(|| drill.cursor()),
            to: drill.picked(),
        };
        let board = Board {
            pos: &exercise.position,
            bottom: drill.bottom(),
            last_move: None,
            marks,
            highlights: &highlights,
            ascii: app.config().ascii,
            large: app.config().large_pieces,
            theme,
        };
        frame.render_widget(board, board_rect);
        if drill.coordinates_hidden() {
            board.hide_coordinates(board_rect, frame.buffer_mut());
        }
        // A wrong move vision answer: the squares given, as errors.
        for sq in vision_wrong
            .map(|(right, given)| given.into_iter().filter(move |g| !right.contains(g)))
            .into_iter()
            .flatten()
        {
            if let Some(rect) = board.square_rect(board_rect, sq) {
                frame
                    .buffer_mut()
                    .set_style(rect, theme.square(sq.is_light(), SquareMark::Check));
            }
        }
        // A wrong "Find" answer: the square chosen is marked as an error.
        if let Some((chosen, asked)) = wrong
            && chosen != asked
            && let Some(rect) = board.square_rect(board_rect, chosen)
        {
            frame
                .buffer_mut()
                .set_style(rect, theme.square(chosen.is_light(), SquareMark::Check));
        }
        let bw = board_rect.width;
        let side = Rect::new(
            body.x + bw + 1,
            body.y,
            body.width.saturating_sub(bw + 1),
            body.height,
        );
        render_side(exercise, drill, theme, side, frame);
        render_input(app, drill, theme, input, frame);
    }
    super::render_footer(app, theme, footer, frame);
}

fn render_header(drill: &DrillScreen, theme: Theme, area: Rect, frame: &mut Frame) {
    let run = drill.run();
    let number = if drill.phase() == Phase::Verdict {
        run.number().saturating_sub(1)
    } else {
        run.number()
    };
    let mut spans = vec![
        Span::styled(strings::APP_NAME, theme.title()),
        Span::raw("  "),
        Span::raw(drill.title().to_owned()),
    ];
    if drill.phase() != Phase::Summary {
        spans.push(Span::raw("  "));
        spans.push(Span::styled(
            strings::exercise_counter(number.min(run.len()), run.len()),
            theme.dim(),
        ));
    }
    frame.render_widget(Paragraph::new(Line::from(spans)), area);
    if let Some(left) = drill.remaining_ms() {
        frame.render_widget(
            Paragraph::new(Span::styled(strings::seconds(left), theme.key()))
                .alignment(Alignment::Right),
            area,
        );
    }
}

fn render_side(
    exercise: &Exercise,
    drill: &DrillScreen,
    theme: Theme,
    area: Rect,
    frame: &mut Frame,
) {
    let mut lines = Vec::new();
    match &exercise.show {
        Show::San { san } => lines.push(Line::from(vec![
            Span::raw("The move: "),
            Span::styled(san.clone(), theme.title()),
        ])),
        Show::Question { square } => lines.push(Line::from(vec![
            Span::raw("Find: "),
            Span::styled(square.to_string(), theme.title()),
        ])),
        Show::Colour { square } => lines.push(Line::from(vec![
            Span::raw("Light or dark: "),
            Span::styled(square.to_string(), theme.title()),
        ])),
        // The prompt names the game, the move number and the side.
        Show::Game { .. } | Show::Move { .. } | Show::Square { .. } => {}
    }
    lines.push(Line::raw(exercise.prompt.clone()));
    if drill.finding() {
        lines.push(Line::styled(strings::FIND_KEYS, theme.dim()));
    }
    if drill.picking() {
        let text = match drill.picked() {
            Some(from) => format!("From {from}: now click or pick the to square."),
            None => "Type the squares, or click them (or the arrows and Enter).".to_owned(),
        };
        lines.push(Line::styled(text, theme.dim()));
    }
    if let (Some(previous), None) = (drill.previous(), drill.answered()) {
        lines.push(Line::raw(""));
        lines.push(Line::styled(strings::PREVIOUS_ANSWER, theme.dim()));
        lines.extend(verdict_lines(previous, theme));
    }
    if let Some(answered) = drill.answered() {
        lines.push(Line::raw(""));
        lines.extend(verdict_lines(answered, theme));
        if drill.run().is_finished() {
            lines.push(Line::styled(strings::TO_SUMMARY, theme.dim()));
        } else {
            lines.push(Line::styled(
                "The right squares are marked. Enter, or type: the next move.",
                theme.dim(),
            ));
        }
    }
    let block = Block::default().borders(Borders::ALL);
    frame.render_widget(
        Paragraph::new(lines).block(block).wrap(Wrap { trim: true }),
        area,
    );
}

/// The verdict's lines: correct or wrong with the expected answer, the
/// reason and every diagnostic message.
pub fn verdict_lines(answered: &Answered, theme: Theme) -> Vec<Line<'static>> {
    let v = &answered.verdict;
    let mut lines = Vec::new();
    if v.correct {
        lines.push(Line::styled(
            format!("Correct: {}", answered.lang.localize(&v.expected)),
            theme.good(),
        ));
        if !v.diagnostics.is_empty() {
            lines.push(Line::raw("Accepted, but note:"));
        }
    } else {
        lines.push(Line::styled(
            format!("Wrong: {}", answered.answer),
            theme.bad(),
        ));
        lines.push(Line::from(vec![
            Span::raw("The answer is "),
            Span::styled(answered.lang.localize(&v.expected), theme.good()),
        ]));
        if let Some(reason) = &v.reason {
            lines.push(Line::raw(reason.clone()));
        }
    }
    for d in &v.diagnostics {
        lines.push(Line::styled(
            format!("- {}", answered.lang.note(d)),
            theme.diagnostic(),
        ));
    }
    lines
}

fn render_input(app: &App, drill: &DrillScreen, theme: Theme, area: Rect, frame: &mut Frame) {
    let editing = !app.help_shown() && drill.phase() == Phase::Asking;
    let style = ratatui::style::Style::default();
    super::render_input_line(
        strings::ANSWER_TITLE,
        drill.input(),
        style,
        editing,
        theme,
        area,
        frame,
    );
}

/// The summary's lines: the score, the time, each mistake with its
/// canonical form.
pub fn summary_lines(summary: &DrillSummary, theme: Theme) -> Vec<Line<'static>> {
    let mut lines = vec![Line::styled("Drill over", theme.title()), Line::raw("")];
    if summary.timed_out {
        lines.push(Line::styled("Time is up.", theme.hint_message()));
    }
    lines.push(Line::raw(format!(
        "{} of {} correct ({})",
        summary.correct,
        summary.exercises,
        strings::percent(summary.accuracy)
    )));
    let mut time = format!("Time {}", strings::seconds(summary.time_ms));
    if let Some(each) = summary.ms_per_answer {
        time.push_str(&format!(", {} per answer", strings::seconds(each)));
    }
    lines.push(Line::raw(time));
    lines.push(Line::raw(""));
    if summary.mistakes.is_empty() {
        lines.push(Line::styled("No mistakes.", theme.good()));
    } else {
        lines.push(Line::styled("Mistakes", theme.title()));
        for m in &summary.mistakes {
            lines.push(Line::from(vec![
                Span::raw("  "),
                Span::styled(m.answer.clone(), theme.bad()),
                Span::raw(" → "),
                Span::styled(m.expected.clone(), theme.good()),
                Span::styled(format!("  ({})", m.code), theme.dim()),
            ]));
        }
    }
    lines.push(Line::raw(""));
    lines.push(Line::styled(strings::SUMMARY_BACK, theme.dim()));
    lines
}
