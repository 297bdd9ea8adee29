//! The runner: owns the terminal and the clock, feeds actions to the app.

use std::time::{Duration, Instant};

use ratatui::crossterm::event::{self, Event};

use super::action::Action;
use super::app::{App, Config};
use super::keys::action_for;
use super::play::Attempt;
use super::view;
use crate::puzzle::Puzzle;

/// How long to wait for a key before time passes (and the screen refreshes).
const POLL: Duration = Duration::from_millis(50);

/// Restores the terminal on every exit path, including early returns.
struct TerminalGuard;

impl Drop for TerminalGuard {
    fn drop(&mut self) {
        ratatui::restore();
    }
}

/// Runs the interface until the user quits, and returns every finished
/// puzzle attempt in order (for the caller to record progress).
///
/// `NO_COLOR` in the environment (non-empty) forces `config.no_color`.
/// Sets the terminal up with [`ratatui::try_init`] (raw mode, alternate
/// screen, a panic hook that restores the terminal) and restores it on return.
///
/// # Errors
/// The terminal could not be set up, drawn to or read from.
pub fn run(mut config: Config, puzzles: Vec<Puzzle>) -> anyhow::Result<Vec<Attempt>> {
    // https://no-color.org: any non-empty NO_COLOR turns colour off.
    config.no_color |= std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
    let mut terminal = ratatui::try_init()?;
    let _guard = TerminalGuard;
    // The Linux console keeps old contents in the alternate screen: clear it.
    terminal.clear()?;
    let mut app = App::new(config, puzzles);
    let size = terminal.size()?;
    app.update(Action::Resize(size.width, size.height));
    let mut last = Instant::now();
    while !app.should_quit() {
        terminal.draw(|frame| view::render(&app, frame))?;
        if event::poll(POLL)? {
            match event::read()? {
                Event::Key(key) => {
                    if let Some(action) = action_for(key, &app.screen()) {
                        app.update(action);
                    }
                }
                Event::Resize(w, h) => {
                    terminal.autoresize()?;
                    app.update(Action::Resize(w, h));
                }
                _ => {}
            }
        }
        let now = Instant::now();
        let ms = u64::try_from(now.duration_since(last).as_millis()).unwrap_or(u64::MAX);
        last = now;
        app.update(Action::Tick(ms));
    }
    Ok(app.into_outcomes())
}
