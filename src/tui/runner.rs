//! The runner: owns the terminal and the clock, feeds actions to the app.
//!
//! [`run`] sets the real terminal up; [`event_loop`] is the loop itself,
//! generic over the backend, the event source and the clock so that tests
//! drive it with a `TestBackend`, scripted events and fake time.

use std::io;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use ratatui::Terminal;
use ratatui::backend::Backend;
use ratatui::crossterm::event::{
    self, DisableBracketedPaste, DisableMouseCapture, EnableBracketedPaste, EnableMouseCapture,
    Event,
};
use ratatui::crossterm::execute;

use super::action::{Action, mouse_action};
use super::app::App;
use super::config::{Config, Context};
use super::effect::{Effect, Recorder, Reply};
use super::filter::{PuzzleSource, answer};
use super::refuter::Refuter;
use super::theme::detect;
use super::view;
use super::worker::{OpenSource, Worker};
use crate::engine::EngineOptions;
use crate::library::Filter;
use crate::puzzle::Puzzle;
use crate::train::{Finished, Saved};

/// How long to wait for a key before time passes (and the screen refreshes).
pub const POLL: Duration = Duration::from_millis(50);

/// The wait for the events after the first of a wake-up. Not zero: with a
/// zero wait crossterm's /dev/tty reader returns nothing, not even the
/// events it has already parsed, and a paste would come in one key per
/// [`POLL`].
pub const DRAIN_WAIT: Duration = Duration::from_millis(1);

/// The most events taken in one wake-up before the screen is drawn again
/// (a paste of thousands of keys is drained over a few wake-ups, never
/// left waiting in the terminal).
pub const DRAIN: usize = 4096;

/// Restores the terminal on every exit path, including early returns.
struct TerminalGuard;

impl Drop for TerminalGuard {
    fn drop(&mut self) {
        // Nothing to do if this fails: the terminal is being torn down.
        let _ = execute!(io::stdout(), DisableBracketedPaste, DisableMouseCapture);
        ratatui::restore();
    }
}

/// Runs the interface on the screen `config.start` names, with the stored
/// data of `context`, until the user quits; hands each puzzle attempt,
/// drill and lesson to `recorder` the moment it is finished (and shows the
/// stats it gives back), and returns them all in order.
///
/// `NO_COLOR` in the environment (non-empty) forces `config.no_color`;
/// `TERM` and `COLORTERM` decide `config.depth` and, unless
/// `config.figures`, letters on a terminal without chess figures
/// ([`detect`]).
/// Sets the terminal up with [`ratatui::try_init`] (raw mode, alternate
/// screen, a panic hook that restores the terminal) and bracketed paste,
/// and restores it on every return.
///
/// A puzzle library, when given, stands behind the home menu's "Library"
/// item (`None`: the item tells how to import one). `library` opens it, on
/// a worker thread of its own (its own connection), so that typing never
/// waits on a count. The filter screen starts from `filter` (the command
/// line's); its counts and picks are asked once the keys rest.
///
/// An engine, when given (`engine`: its program), refutes a finished
/// puzzle's first wrong move on a thread of its own ([`Refuter`]), so that
/// the keys never wait on it.
///
/// # Errors
/// The terminal failed, or `recorder` failed to record (which ends the
/// session, with the terminal restored).
pub fn run(
    config: Config,
    puzzles: Vec<Puzzle>,
    context: Context,
    library: Option<OpenSource<'_>>,
    filter: Filter,
    engine: Option<std::path::PathBuf>,
    recorder: &mut dyn Recorder,
) -> anyhow::Result<Vec<Finished>> {
    std::thread::scope(|scope| {
        let worker = library.map(|open| Worker::spawn(scope, open));
        let refuter = engine.map(|path| Refuter::spawn(path, EngineOptions::default()));
        let services = Services { worker, refuter };
        run_with(config, puzzles, context, services, filter, recorder)
        // The worker is dropped here: its thread ends with the scope.
    })
}

/// The threads behind the screen: the library's and the engine's.
struct Services {
    worker: Option<Worker>,
    refuter: Option<Refuter>,
}

fn run_with(
    mut config: Config,
    puzzles: Vec<Puzzle>,
    context: Context,
    services: Services,
    filter: Filter,
    recorder: &mut dyn Recorder,
) -> anyhow::Result<Vec<Finished>> {
    // https://no-color.org: any non-empty NO_COLOR turns colour off.
    config.no_color |= std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
    let var = |name| std::env::var(name).ok();
    let display = detect(var("TERM").as_deref(), var("COLORTERM").as_deref());
    config.ascii |= display.letters && !config.figures;
    config.depth = display.depth;
    config.engine = services.refuter.is_some();
    let mut terminal = ratatui::try_init()?;
    let _guard = TerminalGuard;
    // Mouse clicks answer the coordinates drill's "Find" (the keyboard
    // does everything without them).
    execute!(io::stdout(), EnableBracketedPaste, EnableMouseCapture)?;
    // The Linux console keeps old contents in the alternate screen: clear it.
    // (Through the backend: `Terminal::clear` asks the terminal where the
    // cursor is, and a terminal that does not answer would stall it.)
    terminal.backend_mut().clear()?;
    let mut app = App::with_context(config, puzzles, context);
    let library = match services.worker {
        Some(worker) => {
            app = app.with_library_filter(filter);
            Library::Worker(worker)
        }
        None => Library::None,
    };
    let start = Instant::now();
    let stop = signals::stop_flag()?;
    event_loop_on(
        &mut terminal,
        &mut app,
        library,
        services.refuter,
        Some(&stop),
        |timeout| {
            let event = match event::poll(timeout) {
                Ok(true) => event::read()?,
                Ok(false) => return Ok(None),
                // A signal (SIGTERM, SIGHUP) cut the wait short: the loop
                // looks at the stop flag next.
                Err(e) if e.kind() == io::ErrorKind::Interrupted => return Ok(None),
                Err(e) => return Err(e),
            };
            if signals::is_suspend(&event) {
                signals::suspend()?;
                // Back from `fg`: the loop redraws the whole screen.
                return Ok(Some(Event::FocusGained));
            }
            Ok(Some(event))
        },
        || start.elapsed(),
        recorder,
    )?;
    Ok(app.into_finished())
}

/// The loop: draw, wait up to [`POLL`] for an event, then take every event
/// already waiting (up to [`DRAIN`]) without drawing in between, map each
/// to an action, then tell the app how much time passed; perform the
/// effects each update returns; until the app wants to quit.
///
/// `next_event` waits at most the given time for an event (`None`: none
/// came; [`DRAIN_WAIT`] asks for what is already there); `now` is the time
/// since some fixed start; `recorder` records each finished puzzle
/// attempt, drill and lesson once, in order.
///
/// # Errors
/// Drawing or reading events failed, or recording did.
pub fn event_loop<B>(
    terminal: &mut Terminal<B>,
    app: &mut App,
    next_event: impl FnMut(Duration) -> io::Result<Option<Event>>,
    now: impl FnMut() -> Duration,
    recorder: &mut dyn Recorder,
) -> anyhow::Result<()>
where
    B: Backend,
    B::Error: std::error::Error + Send + Sync + 'static,
{
    event_loop_with(terminal, app, None, next_event, now, recorder)
}

/// [`event_loop`] with a puzzle source that answers the library's requests
/// on the UI thread (tests; [`run`] uses a [`Worker`]).
///
/// # Errors
/// Drawing or reading events failed, or recording did.
pub fn event_loop_with<B>(
    terminal: &mut Terminal<B>,
    app: &mut App,
    source: Option<&dyn PuzzleSource>,
    next_event: impl FnMut(Duration) -> io::Result<Option<Event>>,
    now: impl FnMut() -> Duration,
    recorder: &mut dyn Recorder,
) -> anyhow::Result<()>
where
    B: Backend,
    B::Error: std::error::Error + Send + Sync + 'static,
{
    let library = source.map_or(Library::None, Library::Here);
    event_loop_on(
        terminal, app, library, None, None, next_event, now, recorder,
    )
}

/// Where the library's requests go.
enum Library<'a> {
    /// No library.
    None,
    /// Answered at once, on this thread.
    Here(&'a dyn PuzzleSource),
    /// Answered by a worker thread; its answers are taken in each wake-up.
    Worker(Worker),
}

#[allow(clippy::too_many_arguments)]
fn event_loop_on<B>(
    terminal: &mut Terminal<B>,
    app: &mut App,
    library: Library<'_>,
    refuter: Option<Refuter>,
    stop: Option<&AtomicBool>,
    mut next_event: impl FnMut(Duration) -> io::Result<Option<Event>>,
    mut now: impl FnMut() -> Duration,
    recorder: &mut dyn Recorder,
) -> anyhow::Result<()>
where
    B: Backend,
    B::Error: std::error::Error + Send + Sync + 'static,
{
    let mut shell = Shell {
        library,
        refuter,
        recorder,
    };
    let size = terminal.size()?;
    shell.act(app, Action::Resize(size.width, size.height))?;
    let mut last = now();
    while !app.should_quit() {
        if stop.is_some_and(|flag| flag.load(Ordering::Relaxed)) {
            // SIGTERM or SIGHUP: leave as Ctrl-C does (what is finished is
            // recorded; the terminal is restored by the caller).
            shell.act(app, Action::Quit)?;
            break;
        }
        terminal.draw(|frame| view::render(app, frame))?;
        let mut wait = POLL;
        for _ in 0..DRAIN {
            let Some(event) = next_event(wait)? else {
                break;
            };
            wait = DRAIN_WAIT;
            let action = match event {
                Event::Key(key) => app.keys().action_for(key, &app.key_context()),
                Event::Paste(text) => Some(Action::Paste(text)),
                Event::Resize(w, h) => Some(Action::Resize(w, h)),
                Event::Mouse(mouse) => mouse_action(mouse, &app.key_context()),
                // Sent by the runner on resuming after Ctrl-Z (focus
                // reports are not turned on): the screen is the shell's
                // now, so draw all of it again.
                // (Not `Terminal::clear`: it asks where the cursor is.) The
                // blank frame makes the next one differ in every cell drawn.
                Event::FocusGained => {
                    terminal.backend_mut().clear()?;
                    terminal.draw(|_| {})?;
                    None
                }
                _ => None,
            };
            if let Some(action) = action {
                shell.act(app, action)?;
            }
            if app.should_quit() {
                return Ok(());
            }
        }
        shell.take_answers(app)?;
        let t = now();
        let ms = u64::try_from(t.saturating_sub(last).as_millis()).unwrap_or(u64::MAX);
        last = t;
        if ms > 0 {
            shell.act(app, Action::Tick(ms))?;
        }
    }
    Ok(())
}

/// Job control and termination signals, on Unix.
#[cfg(unix)]
mod signals {
    use std::io;
    use std::sync::Arc;
    use std::sync::atomic::AtomicBool;

    use ratatui::crossterm::cursor::{Hide, Show};
    use ratatui::crossterm::event::{
        DisableBracketedPaste, DisableMouseCapture, EnableBracketedPaste, EnableMouseCapture,
        Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers,
    };
    use ratatui::crossterm::execute;
    use ratatui::crossterm::terminal::{EnterAlternateScreen, enable_raw_mode};
    use signal_hook::consts::{SIGHUP, SIGTERM, SIGTSTP};

    /// A flag raised by SIGTERM or SIGHUP (instead of dying with the
    /// terminal in raw mode and the session unsaved).
    pub fn stop_flag() -> io::Result<Arc<AtomicBool>> {
        let flag = Arc::new(AtomicBool::new(false));
        for signal in [SIGTERM, SIGHUP] {
            signal_hook::flag::register(signal, Arc::clone(&flag))?;
        }
        Ok(flag)
    }

    /// Ctrl-Z: in raw mode it arrives as a key, not as SIGTSTP.
    pub fn is_suspend(event: &Event) -> bool {
        matches!(
            event,
            Event::Key(KeyEvent {
                code: KeyCode::Char('z'),
                modifiers,
                kind: KeyEventKind::Press,
                ..
            }) if modifiers.contains(KeyModifiers::CONTROL)
        )
    }

    /// Gives the terminal back to the shell, stops the process as Ctrl-Z
    /// would, and takes the terminal again once `fg` continues it.
    pub fn suspend() -> io::Result<()> {
        let mut out = io::stdout();
        execute!(out, DisableBracketedPaste, DisableMouseCapture, Show)?;
        ratatui::restore();
        signal_hook::low_level::raise(SIGTSTP)?;
        // Continued (SIGCONT).
        enable_raw_mode()?;
        execute!(
            out,
            EnterAlternateScreen,
            EnableBracketedPaste,
            EnableMouseCapture,
            Hide
        )
    }
}

/// Without Unix job control: no stop flag, and Ctrl-Z is an ordinary key.
#[cfg(not(unix))]
mod signals {
    use std::io;
    use std::sync::Arc;
    use std::sync::atomic::AtomicBool;

    use ratatui::crossterm::event::Event;

    pub fn stop_flag() -> io::Result<Arc<AtomicBool>> {
        Ok(Arc::new(AtomicBool::new(false)))
    }

    pub fn is_suspend(_: &Event) -> bool {
        false
    }

    pub fn suspend() -> io::Result<()> {
        Ok(())
    }
}

/// What performs the app's effects: the store's side and the library.
struct Shell<'a, 's> {
    library: Library<'s>,
    refuter: Option<Refuter>,
    recorder: &'a mut dyn Recorder,
}

impl Shell<'_, '_> {
    /// Applies `action` and performs the effects that follow.
    fn act(&mut self, app: &mut App, action: Action) -> anyhow::Result<()> {
        let effects = app.update(action);
        self.perform(app, effects)
    }

    /// Feeds the worker's and the engine's answers (those ready now) to
    /// the app.
    fn take_answers(&mut self, app: &mut App) -> anyhow::Result<()> {
        while let Library::Worker(worker) = &self.library
            && let Some(reply) = worker.answered()
        {
            let effects = app.answer(reply);
            self.perform(app, effects)?;
        }
        while let Some(reply) = self.refuter.as_ref().and_then(Refuter::answered) {
            let effects = app.answer(reply);
            self.perform(app, effects)?;
        }
        Ok(())
    }

    /// Performs `effects` in order, and the effects that their answers
    /// bring, until none is left.
    fn perform(&mut self, app: &mut App, effects: Vec<Effect>) -> anyhow::Result<()> {
        let mut queue = std::collections::VecDeque::from(effects);
        while let Some(effect) = queue.pop_front() {
            let reply = match effect {
                Effect::Record(done) => {
                    let saved = self.recorder.record(&done)?;
                    match (&done, saved) {
                        (Finished::Puzzle(attempt), Some(Saved::Puzzle { recorded, .. })) => {
                            Some(Reply::Recorded {
                                puzzle_id: attempt.puzzle.id.clone(),
                                recorded,
                            })
                        }
                        _ => None,
                    }
                }
                Effect::RefreshStats => self.recorder.stats().map(|s| Reply::Stats(Box::new(s))),
                Effect::RefreshRecords => {
                    self.recorder.records().map(|r| Reply::Records(Box::new(r)))
                }
                // A pack of the user's own (mined.json): small, read here.
                Effect::Load(path) => Some(Reply::Loaded(
                    crate::puzzle::load_path(&path).map(|loaded| loaded.puzzles),
                )),
                Effect::Refute(ask) => {
                    if let Some(refuter) = &self.refuter {
                        refuter.ask(ask);
                    }
                    None
                }
                Effect::Library(request) => match &self.library {
                    Library::None => None,
                    Library::Here(source) => Some(answer(*source, request)),
                    Library::Worker(worker) => {
                        worker.ask(request);
                        None
                    }
                },
            };
            if let Some(reply) = reply {
                queue.extend(app.answer(reply));
            }
        }
        Ok(())
    }
}
