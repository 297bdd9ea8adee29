//! The lesson list and a lesson's page (its Markdown text, readable).

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Wrap};

use crate::drill::{self, Lesson};
use crate::tui::app::App;
use crate::tui::strings;
use crate::tui::theme::Theme;

/// Draws the lesson list, completed lessons marked `✓` (`x` in ASCII).
pub fn render_list(app: &App, theme: Theme, area: Rect, frame: &mut Frame) {
    let done = if app.config().ascii { "x" } else { "✓" };
    let items: Vec<String> = drill::lessons()
        .iter()
        .map(|l| {
            let mark = if app.completed_lessons().contains(&l.id) {
                done
            } else {
                " "
            };
            let title = strings::lesson_title(l.number, &l.title);
            match app.lesson_best(&l.id) {
                Some(best) if mark == " " => {
                    format!("[{mark}] {title} {}", strings::lesson_best(best.percent()))
                }
                _ => format!("[{mark}] {title}"),
            }
        })
        .collect();
    super::render_list(
        strings::LESSONS_TITLE,
        &items,
        app.lesson_menu_index(),
        app.notice(),
        app,
        theme,
        area,
        frame,
    );
}

/// Draws the open lesson's page, scrolled by the app.
pub fn render_page(app: &App, lesson: &Lesson, theme: Theme, area: Rect, frame: &mut Frame) {
    let [header, body, footer] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Fill(1),
        Constraint::Length(1),
    ])
    .areas(area);
    frame.render_widget(
        Paragraph::new(Line::from(vec![
            Span::styled(strings::APP_NAME, theme.title()),
            Span::raw("  "),
            Span::styled(
                strings::lesson_title(lesson.number, &lesson.title),
                theme.title(),
            ),
        ])),
        header,
    );
    // The examples' moves in the user's letters (or figurines); the prose
    // stays English.
    let lang = app.config().lang.unwrap_or_default();
    let mut lines = markdown(&lang.localize_text(&lesson.text), theme);
    lines.push(Line::raw(""));
    lines.push(Line::styled(
        format!("{} exercises.", lesson.exercises.len()),
        theme.dim(),
    ));
    lines.push(Line::styled(strings::LESSON_START, theme.key()));
    let text = Rect::new(
        body.x + 1,
        body.y,
        body.width.saturating_sub(2),
        body.height,
    );
    frame.render_widget(
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .scroll((app.scroll(), 0)),
        text,
    );
    super::render_footer(app, theme, footer, frame);
}

/// Joins the hard-wrapped lines of each paragraph (and list item) into
/// one, so that the page re-wraps to any width.
fn reflow(text: &str) -> Vec<String> {
    let starts_block = |l: &str| {
        let t = l.trim_start();
        t.starts_with('#')
            || t.starts_with("- ")
            || t.starts_with("* ")
            || t.starts_with('|')
            || t.split_once(". ")
                .is_some_and(|(n, _)| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()))
    };
    let mut out: Vec<String> = Vec::new();
    let mut open = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            open = false;
            continue;
        }
        if line.trim().is_empty() {
            out.push(String::new());
            open = false;
        } else if open && !starts_block(line) {
            if let Some(last) = out.last_mut() {
                last.push(' ');
                last.push_str(line.trim());
            }
        } else {
            out.push(line.trim_end().to_owned());
            open = !line.trim_start().starts_with('#');
        }
    }
    out
}

/// Markdown made readable: paragraphs re-wrapped, headings bold without
/// their `#`, `**strong**` bold, `` `code` `` in the key style without its
/// backticks, code fences dropped.
pub fn markdown(text: &str, theme: Theme) -> Vec<Line<'static>> {
    let bold = Style::new().add_modifier(Modifier::BOLD);
    reflow(text)
        .iter()
        .map(|line| {
            let heading = line.trim_start_matches('#');
            if heading.len() < line.len() && heading.starts_with(' ') {
                Line::styled(heading.trim().to_owned(), theme.title())
            } else {
                Line::from(inline(line, bold, theme.key()))
            }
        })
        .collect()
}

/// Splits a line at `**` and `` ` `` into styled spans.
fn inline(line: &str, bold: Style, code: Style) -> Vec<Span<'static>> {
    let mut spans = Vec::new();
    let mut strong = false;
    let mut in_code = false;
    let mut current = String::new();
    let mut chars = line.chars().peekable();
    let style = |strong: bool, in_code: bool| {
        if in_code {
            code
        } else if strong {
            bold
        } else {
            Style::new()
        }
    };
    while let Some(c) = chars.next() {
        let toggle = match c {
            '`' => Some(false),
            '*' if !in_code && chars.peek() == Some(&'*') => Some(true),
            _ => None,
        };
        match toggle {
            None => current.push(c),
            Some(is_strong) => {
                if !current.is_empty() {
                    spans.push(Span::styled(
                        std::mem::take(&mut current),
                        style(strong, in_code),
                    ));
                }
                if is_strong {
                    chars.next();
                    strong = !strong;
                } else {
                    in_code = !in_code;
                }
            }
        }
    }
    if !current.is_empty() {
        spans.push(Span::styled(current, style(strong, in_code)));
    }
    spans
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plain(line: &Line) -> String {
        line.spans.iter().map(|s| s.content.as_ref()).collect()
    }

    #[test]
    fn markdown_table() {
        let theme = Theme::new(true);
        let cases = [
            ("# Title", "Title", true),
            ("## Sub", "Sub", true),
            ("the **file**, `Nbd2`", "the file, Nbd2", false),
            ("#hashtag", "#hashtag", false),
        ];
        for (input, text, heading) in cases {
            let lines = markdown(input, theme);
            assert_eq!(plain(&lines[0]), text, "{input}");
            assert_eq!(lines[0].style == theme.title(), heading, "{input}");
        }
        let spans = inline("a **b** `c`", Style::new().bold(), Style::new().italic());
        let styled: Vec<(&str, bool)> = spans
            .iter()
            .map(|s| {
                (
                    s.content.as_ref(),
                    s.style.add_modifier.contains(Modifier::BOLD),
                )
            })
            .collect();
        assert_eq!(
            styled,
            [("a ", false), ("b", true), (" ", false), ("c", false)]
        );
        assert_eq!(
            reflow("a\nb\n\n1. c\n   d\n2. e\n# H\nf"),
            ["a b", "", "1. c d", "2. e", "# H", "f"]
        );
    }
}
