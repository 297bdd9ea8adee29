//! The view: a pure function of the [`App`] drawn into a [`Frame`].

pub(crate) mod board;
pub(crate) mod coords;
pub(crate) mod drill;
pub(crate) mod filter;
pub(crate) mod game;
pub(crate) mod geometry;
pub(crate) mod guess;
pub(crate) mod help;
pub(crate) mod history;
pub(crate) mod home;
pub(crate) mod lessons;
pub(crate) mod puzzle;
pub(crate) mod repertoire;
pub(crate) mod scoresheet;
pub(crate) mod set_list;
pub(crate) mod sets;
pub(crate) mod stats;
pub(crate) mod storm;

pub use board::Board;
pub use geometry::{
    MIN_HEIGHT, MIN_WIDTH, board_area, drill_areas, drill_board_area, puzzle_areas,
};
pub use puzzle::{hint_lines, move_lines};

use ratatui::Frame;
use ratatui::layout::{Alignment, Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Paragraph, Wrap};

use super::app::App;
use super::context::KeyContext;
use super::keys::key_label;
use super::screen::Screen;
use super::strings;
use super::theme::Theme;
use geometry::list_skip;

/// Draws the whole interface.
pub fn render(app: &App, frame: &mut Frame) {
    let area = frame.area();
    let config = app.config();
    let theme = Theme::with(
        config.colors.unwrap_or_default(),
        config.depth,
        config.no_color,
    );
    if area.width < MIN_WIDTH || area.height < MIN_HEIGHT {
        render_too_small(area, frame);
        return;
    }
    match app.screen() {
        Screen::Home => home::render(app, theme, area, frame),
        Screen::Puzzle(play) => puzzle::render(app, play, theme, area, frame),
        Screen::Drills => drill::render_menu(app, theme, area, frame),
        Screen::Drill { drill, .. } => drill::render(app, drill, theme, area, frame),
        Screen::Lessons => lessons::render_list(app, theme, area, frame),
        Screen::Lesson { lesson, .. } => lessons::render_page(app, lesson, theme, area, frame),
        Screen::Stats => stats::render(app, theme, area, frame),
        Screen::History { .. } => history::render(app, theme, area, frame),
        Screen::Filter(state) => filter::render(app, state, theme, area, frame),
        Screen::CoordSetup(setup) => coords::render(app, setup, theme, area, frame),
        Screen::Scoresheet { sheet, .. } => scoresheet::render(app, sheet, theme, area, frame),
        Screen::Guess { guess, .. } => guess::render(app, guess, theme, area, frame),
        Screen::Run { run, .. } => storm::render(app, run, theme, area, frame),
        Screen::Repertoire(rep) => repertoire::render(app, rep, theme, area, frame),
        Screen::Game(game) => game::render(app, game, theme, area, frame),
        Screen::GameSetup(setup) => game::render_setup(app, setup, theme, area, frame),
        Screen::Sets(sets) => set_list::render(app, sets, theme, area, frame),
    }
    if let Some((count, error)) = app.unsaved() {
        // Over the footer, on every screen, until the results are saved.
        let last = Rect::new(area.x, area.bottom().saturating_sub(1), area.width, 1);
        frame.render_widget(Clear, last);
        frame.render_widget(
            Paragraph::new(Line::styled(strings::unsaved(count, error), theme.bad())),
            last,
        );
    }
    if app.help_shown() {
        help::render(app, theme, area, frame);
    }
}

fn render_too_small(area: Rect, frame: &mut Frame) {
    let text = strings::too_small(MIN_WIDTH, MIN_HEIGHT, area.width, area.height);
    let y = area.y + area.height / 2;
    let height = area.height.saturating_sub(area.height / 2);
    let rect = Rect::new(area.x, y, area.width, height);
    frame.render_widget(
        Paragraph::new(text)
            .alignment(Alignment::Center)
            .wrap(Wrap { trim: true }),
        rect,
    );
}

/// The footer: the key map's footer entries for the current screen.
pub(crate) fn render_footer(app: &App, theme: Theme, area: Rect, frame: &mut Frame) {
    render_footer_without(app, app.key_context(), None, theme, area, frame);
}

/// The footer of `screen`'s keys without those of `hidden` (an action the
/// screen has no use for at the moment, such as Storm's skip).
pub(crate) fn render_footer_without(
    app: &App,
    screen: KeyContext,
    hidden: Option<&crate::tui::Action>,
    theme: Theme,
    area: Rect,
    frame: &mut Frame,
) {
    let mut entries: Vec<(String, &'static str, &crate::tui::Action)> = app
        .keys()
        .bindings_for(&screen)
        .filter(|b| b.footer && Some(&b.action) != hidden)
        .filter_map(|b| Some((key_label(*b.keys.first()?), b.short, &b.action)))
        .collect();
    // A bar wider than the screen drops what the screen says elsewhere
    // first (Enter plays: the input line says so), then entries from the
    // right; help and quit always stay (the help lists every key).
    let width = |entries: &[(String, &str, &crate::tui::Action)]| {
        entries
            .iter()
            .map(|(key, short, _)| key.chars().count() + 1 + short.chars().count())
            .sum::<usize>()
            + 2 * entries.len().saturating_sub(1)
    };
    let kept = |a: &crate::tui::Action| {
        matches!(a, crate::tui::Action::ToggleHelp | crate::tui::Action::Quit)
    };
    while width(&entries) > usize::from(area.width) {
        let drop = entries
            .iter()
            .position(|(_, _, a)| **a == crate::tui::Action::Submit)
            .or_else(|| entries.iter().rposition(|(_, _, a)| !kept(a)));
        match drop {
            Some(i) => {
                entries.remove(i);
            }
            None => break,
        }
    }
    let mut spans = Vec::new();
    for (key, short, _) in entries {
        if !spans.is_empty() {
            spans.push(Span::raw("  "));
        }
        spans.push(Span::styled(key, theme.key()));
        spans.push(Span::raw(" "));
        spans.push(Span::styled(short, theme.dim()));
    }
    frame.render_widget(Paragraph::new(Line::from(spans)), area);
}

/// The bordered input line of the puzzle and drill screens, with the cursor
/// placed while `editing`.
pub(crate) fn render_input_line(
    title: &str,
    input: &crate::tui::input::InputLine,
    style: ratatui::style::Style,
    editing: bool,
    theme: Theme,
    area: Rect,
    frame: &mut Frame,
) {
    let block = ratatui::widgets::Block::default()
        .borders(ratatui::widgets::Borders::ALL)
        .title(Span::styled(title.to_owned(), theme.title()));
    let inner = block.inner(area);
    frame.render_widget(block, area);
    let line = Line::from(vec![
        Span::styled("> ", theme.key()),
        Span::styled(input.text(), style),
    ]);
    frame.render_widget(Paragraph::new(line), inner);
    if editing {
        let offset = u16::try_from(input.cursor() + 2).unwrap_or(u16::MAX);
        let x = inner
            .x
            .saturating_add(offset)
            .min(inner.right().saturating_sub(1));
        frame.set_cursor_position(ratatui::layout::Position::new(x, inner.y));
    }
}

/// The top line of a full-page screen: the app's name and the page's title.
pub(crate) fn render_header(title: &str, theme: Theme, area: Rect, frame: &mut Frame) {
    frame.render_widget(
        Paragraph::new(Line::from(vec![
            Span::styled(strings::APP_NAME, theme.title()),
            Span::raw("  "),
            Span::raw(title.to_owned()),
        ])),
        area,
    );
}

/// A titled list with one highlighted item, a notice under it and the
/// footer (the drills menu, the lesson list).
#[allow(clippy::too_many_arguments)]
pub(crate) fn render_list(
    title: &str,
    items: &[String],
    selected: usize,
    notice: Option<&str>,
    app: &App,
    theme: Theme,
    area: Rect,
    frame: &mut Frame,
) {
    let [header, body, footer] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Fill(1),
        Constraint::Length(1),
    ])
    .areas(area);
    render_header(title, theme, header, frame);
    let mut lines = vec![Line::raw("")];
    for (i, item) in items.iter().enumerate() {
        if i == selected {
            lines.push(Line::styled(format!(" ▸ {item} "), theme.selected()));
        } else {
            lines.push(Line::raw(format!("   {item} ")));
        }
    }
    if let Some(notice) = notice {
        lines.push(Line::raw(""));
        lines.push(Line::styled(notice.to_owned(), theme.hint_message()));
    }
    let skip = u16::try_from(list_skip(selected, body.height)).unwrap_or(u16::MAX);
    frame.render_widget(Paragraph::new(lines).scroll((skip, 0)), body);
    render_footer(app, theme, footer, frame);
}

/// Splits a styled `line` into lines of at most `width` columns at spaces,
/// each span keeping its style, so that no word is cut (a word longer than
/// a line is split where it must be). Every line after the first starts
/// with `indent`; the line's own style stays on each.
pub fn wrap_line(line: &Line<'_>, width: usize, indent: &str) -> Vec<Line<'static>> {
    let indent_w = indent.chars().count();
    let width = width.max(indent_w + 1);
    let mut out: Vec<Line<'static>> = Vec::new();
    let mut spans: Vec<Span<'static>> = Vec::new();
    let mut len = 0;
    // Words and the spaces between them, each with its span's style.
    let mut tokens: Vec<(String, ratatui::style::Style, bool)> = Vec::new();
    for span in &line.spans {
        let mut word = String::new();
        let mut space = false;
        for c in span.content.chars() {
            if c.is_whitespace() != space && !word.is_empty() {
                tokens.push((std::mem::take(&mut word), span.style, space));
            }
            space = c.is_whitespace();
            word.push(c);
        }
        if !word.is_empty() {
            tokens.push((word, span.style, space));
        }
    }
    let mut pending_space: Option<(String, ratatui::style::Style)> = None;
    for (text, style, space) in tokens {
        if space {
            pending_space = Some((text, style));
            continue;
        }
        let mut word: Vec<char> = text.chars().collect();
        while !word.is_empty() {
            let gap = pending_space.as_ref().map_or(0, |(s, _)| s.chars().count());
            let room = if out.is_empty() {
                width
            } else {
                width - indent_w
            };
            if len > 0 && len + gap + word.len() <= room {
                if let Some((s, st)) = pending_space.take() {
                    spans.push(Span::styled(s, st));
                }
                len += gap + word.len();
                spans.push(Span::styled(word.drain(..).collect::<String>(), style));
            } else if len > 0 {
                out.push(Line::from(std::mem::take(&mut spans)).style(line.style));
                spans.push(Span::raw(indent.to_owned()));
                len = 0;
                pending_space = None;
            } else {
                if let Some((s, st)) = pending_space.take()
                    && out.is_empty()
                    && s.chars().count() + word.len() <= room
                {
                    // Leading spaces of the first line are kept (indents).
                    len += s.chars().count();
                    spans.push(Span::styled(s, st));
                }
                let rest = word.split_off((room - len).min(word.len()));
                len += word.len();
                spans.push(Span::styled(word.drain(..).collect::<String>(), style));
                word = rest;
                if !word.is_empty() {
                    out.push(Line::from(std::mem::take(&mut spans)).style(line.style));
                    spans.push(Span::raw(indent.to_owned()));
                    len = 0;
                }
            }
        }
    }
    if len > 0 || out.is_empty() {
        if let Some((s, st)) = pending_space.take()
            && len == 0
            && out.is_empty()
        {
            spans.push(Span::styled(s, st));
        }
        out.push(Line::from(spans).style(line.style));
    }
    out
}

/// [`wrap_line`] over every line.
pub fn wrap_lines(lines: &[Line<'_>], width: usize, indent: &str) -> Vec<Line<'static>> {
    lines
        .iter()
        .flat_map(|l| wrap_line(l, width, indent))
        .collect()
}

/// Splits `text` into lines of at most `width` columns at spaces, so that
/// no word is cut (a word longer than a line, such as a URL, is split
/// where it must be). Every line after the first starts with `indent`.
pub fn wrap(text: &str, width: usize, indent: &str) -> Vec<String> {
    let indent_w = indent.chars().count();
    let width = width.max(indent_w + 1);
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    let mut len = 0;
    for word in text.split_whitespace() {
        let mut word: Vec<char> = word.chars().collect();
        while !word.is_empty() {
            let room = if lines.is_empty() {
                width
            } else {
                width - indent_w
            };
            if len == 0 {
                let rest = word.split_off(room.min(word.len()));
                len = word.len();
                line.extend(word.iter());
                if !rest.is_empty() {
                    lines.push(std::mem::take(&mut line));
                    len = 0;
                }
                word = rest;
            } else if len + 1 + word.len() <= room {
                line.push(' ');
                line.extend(word.iter());
                len += 1 + word.len();
                word.clear();
            } else {
                lines.push(std::mem::take(&mut line));
                len = 0;
            }
        }
    }
    if len > 0 || lines.is_empty() {
        lines.push(line);
    }
    lines
        .into_iter()
        .enumerate()
        .map(|(i, l)| if i == 0 { l } else { format!("{indent}{l}") })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::{wrap, wrap_line};
    use ratatui::style::{Style, Stylize};
    use ratatui::text::{Line, Span};

    fn text(line: &Line<'_>) -> String {
        line.spans.iter().map(|s| s.content.as_ref()).collect()
    }

    #[test]
    fn wrap_line_keeps_styles_and_words() {
        let line = Line::from(vec![
            Span::raw("  "),
            Span::raw("16× ").bold(),
            Span::raw("missing-disambiguation: write "),
            Span::raw("Ndf5").green(),
        ]);
        let got = wrap_line(&line, 30, "      ");
        let texts: Vec<String> = got.iter().map(text).collect();
        assert_eq!(texts, ["  16× missing-disambiguation:", "      write Ndf5"]);
        let last = got.last().unwrap().spans.last().unwrap();
        assert_eq!(last.content, "Ndf5");
        assert_eq!(last.style, Style::new().green());
        // A line that fits is one line, as it was.
        assert_eq!(
            texts_of(&wrap_line(&line, 80, "")),
            ["  16× missing-disambiguation: write Ndf5"]
        );
        // A word longer than the line is split where it must be.
        let long = Line::raw("see https://lichess.org/abcdefgh");
        assert_eq!(
            texts_of(&wrap_line(&long, 12, "")),
            ["see", "https://lich", "ess.org/abcd", "efgh"]
        );
    }

    fn texts_of(lines: &[Line<'_>]) -> Vec<String> {
        lines.iter().map(text).collect()
    }

    #[test]
    fn wrap_table() {
        let cases: [(&str, usize, &str, &[&str]); 6] = [
            ("a short line", 20, "", &["a short line"]),
            ("the quick brown fox", 9, "", &["the quick", "brown fox"]),
            (
                "the quick brown fox",
                10,
                "  ",
                &["the quick", "  brown", "  fox"],
            ),
            (
                "see https://lichess.org/abcdefgh",
                12,
                "",
                &["see", "https://lich", "ess.org/abcd", "efgh"],
            ),
            ("", 10, "", &[""]),
            ("word", 4, "", &["word"]),
        ];
        for (text, width, indent, expected) in cases {
            let got = wrap(text, width, indent);
            assert_eq!(got, expected, "{text:?} at {width}");
            assert!(got.iter().all(|l| l.chars().count() <= width), "{got:?}");
        }
    }
}
