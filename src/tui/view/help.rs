//! The help overlay: the key map, read from the same table as the footer;
//! on the home screen, what each mode is and the rules of solving first.
//!
//! One binding a line with its full description when the window is tall
//! enough; otherwise two columns with the footer's short words.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph};

use crate::tui::action::Action;
use crate::tui::app::App;
use crate::tui::context::KeyContext;
use crate::tui::keys::{Binding, Scope, key_label, keys_label};
use crate::tui::strings;
use crate::tui::theme::Theme;

/// Draws the help overlay over the current screen.
pub fn render(app: &App, theme: Theme, area: Rect, frame: &mut Frame) {
    let under = match app.base_key_context() {
        KeyContext::Puzzle { .. } => KeyContext::Puzzle { input_empty: true },
        KeyContext::Answer { .. } => KeyContext::Answer { input_empty: true },
        KeyContext::Run { .. } => KeyContext::Run { input_empty: true },
        KeyContext::Game { .. } => KeyContext::Game { input_empty: true },
        other => other,
    };
    let keys = app.keys();
    // Large pieces mean something only where a board is drawn.
    let board = matches!(
        under,
        KeyContext::Puzzle { .. }
            | KeyContext::Answer { .. }
            | KeyContext::Run { .. }
            | KeyContext::Game { .. }
            | KeyContext::GameOver
            | KeyContext::Find
    );
    // Playing a puzzle out means something only once it is over; the
    // input line's editing keys only before (its line is closed then).
    let over = app.play().is_some_and(|p| p.finish().is_some());
    let editing = [
        Action::Backspace,
        Action::Delete,
        Action::ClearLine,
        Action::DeleteWord,
        Action::RecallLast,
        Action::Complete,
    ];
    let bindings: Vec<&Binding> = keys
        .bindings_for(&under)
        .filter(|b| board || b.action != Action::TogglePieces)
        .filter(|b| {
            if over {
                !editing.contains(&b.action)
            } else {
                b.action != Action::PlayOut
            }
        })
        // The difficulty key means something only on rated training.
        .filter(|b| app.difficulty().is_some() || b.action != Action::CycleDifficulty)
        // On the home screen the guide's Puzzles line names the blind key
        // (the keys keep to two columns at 80×24).
        .filter(|b| under != KeyContext::Home || b.action != Action::ToggleBlind)
        .chain(
            keys.bindings_for(&KeyContext::Help)
                .filter(|b| b.scope == Scope::Help),
        )
        .collect();
    // Full descriptions, wrapped under themselves where the window is
    // narrow, when they fit in height; else the footer's short words.
    let key_w = bindings
        .iter()
        .map(|b| keys_label(b).chars().count())
        .max()
        .unwrap_or(0);
    let inner_w = usize::from(area.width.saturating_sub(6));
    let wrapped: Vec<Line<'static>> = bindings
        .iter()
        .flat_map(|b| {
            let line = Line::from(vec![
                Span::styled(format!("{:<key_w$} ", keys_label(b)), theme.key()),
                Span::raw(b.description),
            ]);
            super::wrap_line(&line, inner_w, &" ".repeat(key_w + 1))
        })
        .collect();
    // On the home screen the guide (modes and rules) comes first: the keys
    // take the short form when both would not fit in full.
    let guide_h = if under == KeyContext::Home {
        home_guide(app, theme)
            .iter()
            .filter(|l| l.width() > 0)
            .count()
    } else {
        0
    };
    let full = usize::from(area.height) >= wrapped.len() + guide_h + 2;
    let rows: Vec<(String, &str)> = bindings
        .iter()
        .map(|b| (keys_label(b), if full { b.description } else { b.short }))
        .collect();
    let cell = |(k, d): &(String, &str)| {
        vec![
            Span::styled(format!("{k:<key_w$} "), theme.key()),
            Span::raw((*d).to_owned()),
        ]
    };
    let lines: Vec<Line> = if full {
        wrapped
    } else {
        // Two columns; three where two would leave no room for the
        // footer's line and three fit the width (the home help under its
        // guide).
        let cell_w = rows
            .iter()
            .map(|(_, d)| key_w + 1 + d.chars().count())
            .max()
            .unwrap_or(0);
        let tall = rows.len().div_ceil(2) + guide_h + 2 >= usize::from(area.height);
        let cols = if tall && 3 * (cell_w + 2) <= inner_w {
            3
        } else {
            2
        };
        let per = rows.len().div_ceil(cols);
        (0..per)
            .map(|i| {
                let mut spans = Vec::new();
                for c in 0..cols {
                    let Some(row) = rows.get(i + c * per) else {
                        break;
                    };
                    if c > 0 {
                        let used: usize = spans.iter().map(Span::width).sum();
                        let at = c * (cell_w + 2);
                        spans.push(Span::raw(" ".repeat(at.saturating_sub(used))));
                    }
                    spans.extend(cell(row));
                }
                Line::from(spans)
            })
            .collect()
    };
    // On the home screen, what each mode is and the rules of solving and
    // rating come first, when the window has room for them and the keys.
    let mut lines = lines;
    let mut guided = false;
    if under == KeyContext::Home {
        let guide = home_guide(app, theme);
        let guide_w = guide.iter().map(Line::width).max().unwrap_or(0);
        let fits_w = guide_w + 4 <= usize::from(area.width.saturating_sub(2));
        // Blank lines between the parts may go (below) where room is short.
        let written = guide.iter().filter(|l| l.width() > 0).count();
        let fits_h = written + lines.len() + 2 <= usize::from(area.height);
        if fits_w && fits_h {
            let mut all = guide;
            all.push(Line::raw(""));
            all.append(&mut lines);
            lines = all;
            guided = true;
        }
    }
    // The footer's line stays in sight: where the guide and the keys take
    // the whole height, the blank lines between their parts go first.
    while guided && lines.len() + 2 >= usize::from(area.height) {
        match lines.iter().position(|l| l.width() == 0) {
            Some(blank) => {
                lines.remove(blank);
            }
            None => break,
        }
    }
    let title = if guided {
        strings::HELP_TITLE_HOME
    } else {
        strings::HELP_TITLE
    };
    let text_w = lines.iter().map(Line::width).max().unwrap_or(0);
    let width = u16::try_from(text_w + 4)
        .unwrap_or(u16::MAX)
        .min(area.width.saturating_sub(2));
    let height = u16::try_from(lines.len() + 2)
        .unwrap_or(u16::MAX)
        .min(area.height);
    let rect = Rect::new(
        area.x + (area.width - width) / 2,
        area.y + (area.height - height) / 2,
        width,
        height,
    );
    frame.render_widget(Clear, rect);
    frame.render_widget(
        Paragraph::new(lines).block(
            Block::default()
                .borders(Borders::ALL)
                .title(Span::styled(title, theme.title())),
        ),
        rect,
    );
}

/// The home help's guide: each mode in a line, then what counts as solved
/// and what moves the rating (72 columns: the overlay fits 80).
/// The first key of the home screen's binding of `action`, as the help
/// writes it.
fn home_key(app: &App, action: Action) -> String {
    app.keys()
        .bindings_for(&KeyContext::Home)
        .find(|b| b.action == action)
        .and_then(|b| b.keys.first().map(|&k| key_label(k)))
        .unwrap_or_else(|| "no key".to_owned())
}

fn home_guide(app: &App, theme: Theme) -> Vec<Line<'static>> {
    let name_w = strings::HOME_MODES
        .iter()
        .map(|(n, _)| n.chars().count())
        .max()
        .unwrap_or(0);
    let mut lines: Vec<Line<'static>> = strings::HOME_MODES
        .iter()
        .map(|(name, about)| {
            let about = if *name == "Puzzles" {
                strings::puzzles_mode(&home_key(app, Action::ToggleBlind))
            } else {
                (*about).to_owned()
            };
            Line::from(vec![
                Span::styled(format!("{name:<name_w$}  "), theme.key()),
                Span::raw(about),
            ])
        })
        .collect();
    lines.push(Line::raw(""));
    let puzzle = KeyContext::Puzzle { input_empty: true };
    let key = |action: Action| {
        app.keys()
            .bindings_for(&puzzle)
            .find(|b| b.action == action)
            .and_then(|b| b.keys.first().map(|&k| key_label(k)))
            .unwrap_or_else(|| "no key".to_owned())
    };
    let rules = strings::home_rules(&key(Action::Hint), &key(Action::ShowSolution));
    lines.extend(super::wrap(&rules, 72, "").into_iter().map(Line::raw));
    lines
}
