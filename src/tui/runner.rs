//! The runner: owns the terminal and the clock, feeds actions to the app.
//!
//! [`run`] sets the real terminal up; [`event_loop`] is the loop itself,
//! generic over the backend, the event source and the clock so that tests
//! drive it with a `TestBackend`, scripted events and fake time.

use std::io;
use std::time::{Duration, Instant};

use ratatui::Terminal;
use ratatui::backend::Backend;
use ratatui::crossterm::event::{self, Event};

use super::action::Action;
use super::app::App;
use super::config::{Config, Context, Finished};
use super::filter::{PuzzleSource, serve};
use super::keys::action_for;
use super::view;
use crate::library::Filter;
use crate::puzzle::Puzzle;

/// How long to wait for a key before time passes (and the screen refreshes).
pub const POLL: Duration = Duration::from_millis(50);

/// Restores the terminal on every exit path, including early returns.
struct TerminalGuard;

impl Drop for TerminalGuard {
    fn drop(&mut self) {
        ratatui::restore();
    }
}

/// Runs the interface on the screen `config.start` names, with the stored
/// data of `context`, until the user quits; calls `on_finished` as soon as
/// a puzzle attempt, a drill or a lesson is finished, and returns them all
/// in order.
///
/// `NO_COLOR` in the environment (non-empty) forces `config.no_color`.
/// Sets the terminal up with [`ratatui::try_init`] (raw mode, alternate
/// screen, a panic hook that restores the terminal) and restores it on
/// every return.
///
/// A puzzle library, when given, stands behind the home menu's "Library"
/// item (`None`: the item tells how to import one). The filter
/// screen starts from `filter` (the command line's); its counts and picks
/// are asked of `source` once the keys rest.
/// The source is borrowed, so that `on_finished` can still look the
/// library's puzzles up (`Library::get(&attempt.puzzle_id)`): puzzles
/// started from the filter screen are not among `puzzles`.
///
/// # Errors
/// The terminal failed, or `on_finished` returned an error (which ends the
/// session, with the terminal restored).
pub fn run(
    mut config: Config,
    puzzles: Vec<Puzzle>,
    context: Context,
    source: Option<&dyn PuzzleSource>,
    filter: Filter,
    on_finished: impl FnMut(&Finished) -> anyhow::Result<()>,
) -> anyhow::Result<Vec<Finished>> {
    // https://no-color.org: any non-empty NO_COLOR turns colour off.
    config.no_color |= std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
    let mut terminal = ratatui::try_init()?;
    let _guard = TerminalGuard;
    // The Linux console keeps old contents in the alternate screen: clear it.
    // (Through the backend: `Terminal::clear` asks the terminal where the
    // cursor is, and a terminal that does not answer would stall it.)
    terminal.backend_mut().clear()?;
    let mut app = App::with_context(config, puzzles, context);
    if source.is_some() {
        app = app.with_library_filter(filter);
    }
    let start = Instant::now();
    event_loop_with(
        &mut terminal,
        &mut app,
        source,
        |timeout| {
            if event::poll(timeout)? {
                event::read().map(Some)
            } else {
                Ok(None)
            }
        },
        || start.elapsed(),
        on_finished,
    )?;
    Ok(app.into_finished())
}

/// The loop: draw, wait up to [`POLL`] for an event, map it to an action,
/// then tell the app how much time passed; until the app wants to quit.
///
/// `next_event` waits at most the given time for an event (`None`: none
/// came); `now` is the time since some fixed start; `on_finished` hears of
/// each finished puzzle attempt, drill and lesson once, in order.
///
/// # Errors
/// Drawing or reading events failed.
pub fn event_loop<B>(
    terminal: &mut Terminal<B>,
    app: &mut App,
    next_event: impl FnMut(Duration) -> io::Result<Option<Event>>,
    now: impl FnMut() -> Duration,
    on_finished: impl FnMut(&Finished) -> anyhow::Result<()>,
) -> anyhow::Result<()>
where
    B: Backend,
    B::Error: std::error::Error + Send + Sync + 'static,
{
    event_loop_with(terminal, app, None, next_event, now, on_finished)
}

/// [`event_loop`] with a puzzle source: after each tick it answers the
/// app's pending request (see [`serve`]).
///
/// # Errors
/// Drawing or reading events failed.
pub fn event_loop_with<B>(
    terminal: &mut Terminal<B>,
    app: &mut App,
    source: Option<&dyn PuzzleSource>,
    mut next_event: impl FnMut(Duration) -> io::Result<Option<Event>>,
    mut now: impl FnMut() -> Duration,
    mut on_finished: impl FnMut(&Finished) -> anyhow::Result<()>,
) -> anyhow::Result<()>
where
    B: Backend,
    B::Error: std::error::Error + Send + Sync + 'static,
{
    let size = terminal.size()?;
    app.update(Action::Resize(size.width, size.height));
    let mut last = now();
    let mut reported = 0;
    while !app.should_quit() {
        terminal.draw(|frame| view::render(app, frame))?;
        match next_event(POLL)? {
            Some(Event::Key(key)) => {
                if let Some(action) = action_for(key, &app.screen()) {
                    app.update(action);
                }
            }
            Some(Event::Resize(w, h)) => app.update(Action::Resize(w, h)),
            _ => {}
        }
        let t = now();
        let ms = u64::try_from(t.saturating_sub(last).as_millis()).unwrap_or(u64::MAX);
        last = t;
        if ms > 0 {
            app.update(Action::Tick(ms));
        }
        if let Some(source) = source {
            serve(app, source);
        }
        let finished = app.finished();
        for done in finished.get(reported..).unwrap_or_default() {
            on_finished(done)?;
        }
        reported = finished.len();
    }
    Ok(())
}
