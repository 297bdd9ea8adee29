//! The runner: owns the terminal and the clock, feeds actions to the app,
//! and hands the app's effects to the services that perform them off the
//! UI thread.
//!
//! [`run`] sets the real terminal up; [`event_loop`] is the loop itself,
//! generic over the backend, the event source and the clock so that tests
//! drive it with a `TestBackend`, scripted events and fake time. The loop
//! never waits on a disk, a library query or an engine: the progress store
//! ([`Saver`]), the library ([`Worker`]), the engine ([`Refuter`]) and the
//! loading of a pack each answer on a thread of their own
//! ([`Service`]), and each answer wakes the loop.

use std::io;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
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
use super::evaluator::{EVALUATE_MS, Evaluator};
use super::filter::{PuzzleSource, answer};
use super::opponent::Opponent;
use super::refuter::Refuter;
use super::saving::{Save, Saver};
use super::service::{Service, Wake, Waker};
use super::strings;
use super::theme::detect;
use super::view;
use super::worker::{OpenSource, Worker};
use crate::engine::EngineOptions;
use crate::library::Filter;
use crate::puzzle::Puzzle;
use crate::train::Finished;

/// How long the loop waits for a key while something runs on the clock (a
/// reply due, Storm's clock, a timed drill, the scoresheet's pace, the
/// filter's rest before it counts) before time passes and the screen is
/// drawn again.
pub const POLL: Duration = Duration::from_millis(50);

/// How long the loop waits when nothing on screen runs on the clock: a key,
/// a service's reply or a signal ends the wait at once, so this only
/// bounds how long a wake-up the loop does not know of could be missed.
pub const IDLE: Duration = Duration::from_secs(1);

/// The wait for the events after the first of a wake-up (what is already
/// there is taken without drawing in between).
pub const DRAIN_WAIT: Duration = Duration::from_millis(1);

/// The most events taken in one wake-up before the screen is drawn again
/// (a paste of thousands of keys is drained over a few wake-ups, never
/// left waiting in the terminal).
pub const DRAIN: usize = 4096;

/// How often the input thread looks whether the loop has ended. Not zero:
/// with a zero wait crossterm's /dev/tty reader returns nothing, not even
/// the events it has already parsed.
const INPUT_POLL: Duration = Duration::from_millis(50);

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
/// drill and lesson to `recorder` (on a thread of its own) the moment it
/// is finished, shows the stats it gives back, and returns them all in
/// order.
///
/// `NO_COLOR` in the environment (non-empty) forces `config.no_color`;
/// `TERM` and `COLORTERM` decide `config.depth` and, unless
/// `config.figures`, letters on a terminal without chess figures
/// ([`detect`]).
/// Sets the terminal up with [`ratatui::try_init`] (raw mode, alternate
/// screen, a panic hook that restores the terminal) and bracketed paste,
/// and restores it on every return. The terminal's events are read on a
/// thread of their own, so that a key and a service's answer end the
/// loop's wait alike.
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
/// The terminal failed, or something finished could not be saved even on
/// leaving (the screen said so as soon as a write failed).
pub fn run(
    mut config: Config,
    puzzles: Vec<Puzzle>,
    context: Context,
    library: Option<OpenSource<'_>>,
    filter: Filter,
    engine: Option<PathBuf>,
    recorder: &mut dyn Recorder,
) -> anyhow::Result<Vec<Finished>> {
    // https://no-color.org: any non-empty NO_COLOR turns colour off.
    config.no_color |= std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
    let var = |name| std::env::var(name).ok();
    let display = detect(var("TERM").as_deref(), var("COLORTERM").as_deref());
    config.ascii |= display.letters && !config.figures;
    config.depth = display.depth;
    config.engine = engine.is_some();
    let mut app = App::with_context(config, puzzles, context);
    if library.is_some() {
        app = app.with_library_filter(filter);
    }
    let mut terminal = ratatui::try_init()?;
    let _guard = TerminalGuard;
    // Mouse clicks answer the coordinates drill's "Find" (the keyboard
    // does everything without them).
    execute!(io::stdout(), EnableBracketedPaste, EnableMouseCapture)?;
    // The Linux console keeps old contents in the alternate screen: clear it.
    // (Through the backend: `Terminal::clear` asks the terminal where the
    // cursor is, and a terminal that does not answer would stall it.)
    terminal.backend_mut().clear()?;
    // One channel wakes the loop: the terminal's events, the services'
    // answers and the stop signals all come through it.
    let (sender, wakes) = mpsc::channel::<Wake>();
    let waker = Waker::to(sender.clone());
    let stop = Arc::new(AtomicBool::new(false));
    let done = Arc::new(AtomicBool::new(false));
    let result = std::thread::scope(|scope| {
        let watch = signals::watch(scope, Arc::clone(&stop), waker.clone())?;
        let (input, reading) = (sender.clone(), Arc::clone(&done));
        scope.spawn(move || read_input(&input, &reading));
        let services = Services {
            library: library.map_or(Library::None, |open| {
                Library::Worker(Worker::spawn(scope, open, waker.clone()))
            }),
            evaluator: engine.clone().map(|path| {
                Evaluator::spawn_evaluator(
                    path,
                    EngineOptions::default(),
                    EVALUATE_MS,
                    waker.clone(),
                )
            }),
            opponent: engine.clone().map(|path| {
                Opponent::spawn_opponent(path, EngineOptions::default(), waker.clone())
            }),
            refuter: engine
                .map(|path| Refuter::spawn(path, EngineOptions::default(), waker.clone())),
            waker: waker.clone(),
            stop: Some(&*stop),
        };
        let start = Instant::now();
        let looped = drive(
            &mut terminal,
            &mut app,
            services,
            |timeout| next_terminal_event(&wakes, timeout),
            || start.elapsed(),
            recorder,
        );
        // The input and signal threads end with the loop.
        done.store(true, Ordering::Relaxed);
        watch.close();
        looped
    });
    result?;
    Ok(app.into_finished())
}

/// The next terminal event, waiting up to `timeout` (`None`: none came, or
/// a service's answer or a signal woke the loop). Ctrl-Z suspends here,
/// on the thread that draws.
fn next_terminal_event(
    wakes: &mpsc::Receiver<Wake>,
    timeout: Duration,
) -> io::Result<Option<Event>> {
    let wake = match wakes.recv_timeout(timeout) {
        Ok(wake) => wake,
        Err(RecvTimeoutError::Timeout) => return Ok(None),
        Err(RecvTimeoutError::Disconnected) => {
            return Err(io::Error::other("the terminal's input stopped"));
        }
    };
    match wake {
        Wake::Ready => Ok(None),
        Wake::Event(Err(e)) => Err(e),
        Wake::Event(Ok(event)) if signals::is_suspend(&event) => {
            signals::suspend()?;
            // Back from `fg`: the loop redraws the whole screen.
            Ok(Some(Event::FocusGained))
        }
        Wake::Event(Ok(event)) => Ok(Some(event)),
    }
}

/// The input thread: reads the terminal's events and sends them to the
/// loop, until the loop is `done` or no one listens.
fn read_input(sender: &mpsc::Sender<Wake>, done: &AtomicBool) {
    while !done.load(Ordering::Relaxed) {
        match event::poll(INPUT_POLL) {
            Ok(false) => {}
            Ok(true) => match event::read() {
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                event => {
                    let failed = event.is_err();
                    if sender.send(Wake::Event(event)).is_err() || failed {
                        return;
                    }
                }
            },
            // A signal (SIGTERM, SIGHUP, SIGWINCH) cut the wait short.
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => {
                let _ = sender.send(Wake::Event(Err(e)));
                return;
            }
        }
    }
}

/// The loop: draw, wait for an event (up to [`POLL`] while something runs
/// on the clock, else up to [`IDLE`]: a key or an answer ends the wait),
/// tell the app how much time passed, take in the services' answers, then
/// take every event already waiting (up to [`DRAIN`]) without drawing in
/// between, each mapped to an action; hand the effects each update returns
/// to the services; until the app wants to quit. Then everything finished
/// is saved before it returns.
///
/// `next_event` waits at most the given time for an event (`None`: none
/// came; [`DRAIN_WAIT`] asks for what is already there); `now` is the time
/// since some fixed start; `recorder` records each finished puzzle
/// attempt, drill and lesson once, in order, on a thread of its own.
///
/// # Errors
/// Drawing or reading events failed, or something finished could not be
/// saved even on leaving.
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
    event_loop_with(
        terminal,
        app,
        None,
        Waker::default(),
        next_event,
        now,
        recorder,
    )
}

/// [`event_loop`] with a puzzle source that answers the library's requests
/// on the UI thread (tests; [`run`] uses a [`Worker`]), and a waker the
/// services poke with each answer (a test waits on its
/// [`Woken`](super::Woken) before it scripts the next event).
///
/// # Errors
/// Drawing or reading events failed, or something finished could not be
/// saved even on leaving.
pub fn event_loop_with<B>(
    terminal: &mut Terminal<B>,
    app: &mut App,
    source: Option<&dyn PuzzleSource>,
    waker: Waker,
    next_event: impl FnMut(Duration) -> io::Result<Option<Event>>,
    now: impl FnMut() -> Duration,
    recorder: &mut dyn Recorder,
) -> anyhow::Result<()>
where
    B: Backend,
    B::Error: std::error::Error + Send + Sync + 'static,
{
    let services = Services {
        library: source.map_or(Library::None, Library::Here),
        refuter: None,
        evaluator: None,
        opponent: None,
        waker,
        stop: None,
    };
    drive(terminal, app, services, next_event, now, recorder)
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

/// What the loop runs with besides the store: the library, the engine,
/// what wakes it, and the flag a signal raises to stop it.
struct Services<'a> {
    library: Library<'a>,
    refuter: Option<Refuter>,
    evaluator: Option<Evaluator>,
    opponent: Option<Opponent>,
    waker: Waker,
    stop: Option<&'a AtomicBool>,
}

/// Runs the loop with the store's thread beside it, and saves everything
/// finished before returning (also when the loop failed).
fn drive<B>(
    terminal: &mut Terminal<B>,
    app: &mut App,
    services: Services<'_>,
    next_event: impl FnMut(Duration) -> io::Result<Option<Event>>,
    now: impl FnMut() -> Duration,
    recorder: &mut dyn Recorder,
) -> anyhow::Result<()>
where
    B: Backend,
    B::Error: std::error::Error + Send + Sync + 'static,
{
    std::thread::scope(|scope| {
        let saving = Service::scoped(scope, services.waker.clone(), move || {
            let mut saver = Saver::new(recorder);
            move |ask| saver.serve(ask)
        });
        let mut shell = Shell {
            library: services.library,
            refuter: services.refuter,
            evaluator: services.evaluator,
            opponent: services.opponent,
            saving,
            loader: None,
            builtin: None,
            waker: services.waker,
        };
        let looped = shell.run(terminal, app, services.stop, next_event, now);
        let saved = shell.save_all(app);
        looped.and(saved)
    })
}

/// Job control and termination signals, on Unix.
#[cfg(unix)]
mod signals {
    use std::io;
    use std::sync::Arc;
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::thread::Scope;

    use ratatui::crossterm::cursor::{Hide, Show};
    use ratatui::crossterm::event::{
        DisableBracketedPaste, DisableMouseCapture, EnableBracketedPaste, EnableMouseCapture,
        Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers,
    };
    use ratatui::crossterm::execute;
    use ratatui::crossterm::terminal::{EnterAlternateScreen, enable_raw_mode};
    use signal_hook::consts::{SIGHUP, SIGTERM, SIGTSTP};
    use signal_hook::iterator::{Handle, Signals};

    use crate::tui::service::Waker;

    /// The thread that turns SIGTERM and SIGHUP into a raised `stop` flag
    /// and a wake-up (instead of dying with the terminal in raw mode and
    /// the session unsaved).
    pub struct Watch(Handle);

    impl Watch {
        /// Ends the thread.
        pub fn close(&self) {
            self.0.close();
        }
    }

    /// Starts watching in `scope`.
    pub fn watch<'scope>(
        scope: &'scope Scope<'scope, '_>,
        stop: Arc<AtomicBool>,
        waker: Waker,
    ) -> io::Result<Watch> {
        let mut signals = Signals::new([SIGTERM, SIGHUP])?;
        let handle = signals.handle();
        scope.spawn(move || {
            for _ in signals.forever() {
                stop.store(true, Ordering::Relaxed);
                waker.wake();
            }
        });
        Ok(Watch(handle))
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

/// Without Unix job control: no stop signals, and Ctrl-Z is an ordinary key.
#[cfg(not(unix))]
mod signals {
    use std::io;
    use std::sync::Arc;
    use std::sync::atomic::AtomicBool;
    use std::thread::Scope;

    use ratatui::crossterm::event::Event;

    use crate::tui::service::Waker;

    pub struct Watch;

    impl Watch {
        pub fn close(&self) {}
    }

    pub fn watch<'scope>(
        _: &'scope Scope<'scope, '_>,
        _: Arc<AtomicBool>,
        _: Waker,
    ) -> io::Result<Watch> {
        Ok(Watch)
    }

    pub fn is_suspend(_: &Event) -> bool {
        false
    }

    pub fn suspend() -> io::Result<()> {
        Ok(())
    }
}

/// What performs the app's effects: the services, and the library.
struct Shell<'s> {
    library: Library<'s>,
    refuter: Option<Refuter>,
    /// The engine that judges guesses, on a thread of its own.
    evaluator: Option<Evaluator>,
    /// The engine a game is played against, on a thread of its own.
    opponent: Option<Opponent>,
    /// The progress store's thread: records, then the stats after them.
    saving: Service<Save, Vec<Reply>>,
    /// Reads a pack of puzzles (the mined pack), started when first asked.
    loader: Option<Service<PathBuf, Reply>>,
    /// Counts the built-in puzzles for the Sets screen's filter form when
    /// there is no library, started when first asked.
    builtin: Option<Service<crate::tui::effect::Request, Reply>>,
    waker: Waker,
}

impl Shell<'_> {
    /// The loop itself (see [`event_loop`]).
    fn run<B>(
        &mut self,
        terminal: &mut Terminal<B>,
        app: &mut App,
        stop: Option<&AtomicBool>,
        mut next_event: impl FnMut(Duration) -> io::Result<Option<Event>>,
        mut now: impl FnMut() -> Duration,
    ) -> anyhow::Result<()>
    where
        B: Backend,
        B::Error: std::error::Error + Send + Sync + 'static,
    {
        let size = terminal.size()?;
        self.act(app, Action::Resize(size.width, size.height))?;
        let mut last = now();
        while !app.should_quit() {
            if stop.is_some_and(|flag| flag.load(Ordering::Relaxed)) {
                // SIGTERM or SIGHUP: leave as Ctrl-C does (what is finished
                // is saved; the terminal is restored by the caller).
                self.act(app, Action::Quit)?;
                break;
            }
            let drawn = terminal.draw(|frame| view::render(app, frame))?.area;
            // The size the screen was just drawn at is the one the keys that
            // follow answer (crossterm may deliver a resize after keys typed
            // once its screen showed).
            if app.size() != (drawn.width, drawn.height) {
                self.act(app, Action::Resize(drawn.width, drawn.height))?;
            }
            let wait = if app.ticking() { POLL } else { IDLE };
            let mut event = next_event(wait)?;
            // Time passed during the wait, before anything that came in it
            // acts (a key pressed as the clock ran out comes too late).
            let t = now();
            let ms = u64::try_from(t.saturating_sub(last).as_millis()).unwrap_or(u64::MAX);
            last = t;
            if ms > 0 {
                self.act(app, Action::Tick(ms))?;
            }
            self.take_answers(app)?;
            let mut taken = 0;
            while let Some(next) = event.take() {
                let action = match next {
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
                    self.act(app, action)?;
                }
                taken += 1;
                if app.should_quit() || taken == DRAIN {
                    break;
                }
                event = next_event(DRAIN_WAIT)?;
            }
        }
        Ok(())
    }

    /// Applies `action` and hands over the effects that follow.
    fn act(&mut self, app: &mut App, action: Action) -> anyhow::Result<()> {
        let effects = app.update(action);
        self.perform(app, effects)
    }

    /// Feeds the services' answers (those ready now) to the app.
    fn take_answers(&mut self, app: &mut App) -> anyhow::Result<()> {
        loop {
            let mut replies = self.saving.answered().unwrap_or_default();
            if let Library::Worker(worker) = &self.library {
                replies.extend(worker.answered());
            }
            replies.extend(self.refuter.as_ref().and_then(Service::answered));
            replies.extend(self.evaluator.as_ref().and_then(Service::answered));
            replies.extend(self.opponent.as_ref().and_then(Service::answered));
            replies.extend(self.loader.as_ref().and_then(Service::answered));
            replies.extend(self.builtin.as_ref().and_then(Service::answered));
            if replies.is_empty() {
                return Ok(());
            }
            for reply in replies {
                let effects = app.answer(reply);
                self.perform(app, effects)?;
            }
        }
    }

    /// Hands `effects` to the services, in order; answers the library's
    /// requests at once when its source is here (and the effects that
    /// those answers bring).
    fn perform(&mut self, app: &mut App, effects: Vec<Effect>) -> anyhow::Result<()> {
        let mut queue = std::collections::VecDeque::from(effects);
        while let Some(effect) = queue.pop_front() {
            let save = |ask| {
                self.saving
                    .ask(ask)
                    .then_some(())
                    .ok_or_else(|| anyhow::anyhow!(strings::STORE_GONE))
            };
            let reply = match effect {
                Effect::Record(done) => {
                    save(Save::Record(Box::new(done)))?;
                    None
                }
                Effect::RefreshStats => {
                    save(Save::Stats)?;
                    None
                }
                Effect::RefreshRecords => {
                    save(Save::Records)?;
                    None
                }
                Effect::Sets(ask) => {
                    save(Save::Sets(ask))?;
                    None
                }
                Effect::Load(path) => {
                    self.loader().ask(path);
                    None
                }
                Effect::Refute(ask) => {
                    if let Some(refuter) = &self.refuter {
                        refuter.ask(ask);
                    }
                    None
                }
                Effect::Evaluate(ask) => match &self.evaluator {
                    Some(evaluator) => {
                        let asked = ask.asked;
                        (!evaluator.ask(ask)).then(|| Reply::Evaluated {
                            asked,
                            result: Err(no_engine()),
                        })
                    }
                    None => Some(Reply::Evaluated {
                        asked: ask.asked,
                        result: Err(no_engine()),
                    }),
                },
                Effect::Export { path, text } => {
                    save(Save::Export { path, text })?;
                    None
                }
                Effect::Think(ask) => {
                    let asked = ask.asked;
                    let sent = self.opponent.as_ref().is_some_and(|o| o.ask(ask));
                    (!sent).then(|| Reply::Moved {
                        asked,
                        result: Err(no_engine()),
                    })
                }
                Effect::Library(request) => match &self.library {
                    // Without a library, the Sets screen's filter form
                    // counts the built-in puzzles (a new set comes from them).
                    Library::None => {
                        if matches!(request, crate::tui::effect::Request::Count(_)) {
                            self.builtin().ask(request);
                        }
                        None
                    }
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

    /// The thread that reads packs (a pack of the user's own is small, but
    /// still read off the UI thread).
    fn loader(&mut self) -> &Service<PathBuf, Reply> {
        self.loader.get_or_insert_with(|| {
            Service::detached(self.waker.clone(), || {
                |path: PathBuf| {
                    Reply::Loaded(crate::puzzle::load_path(&path).map(|loaded| loaded.puzzles))
                }
            })
        })
    }

    /// The thread that answers the filter form from the built-in puzzles
    /// (read once, on it).
    fn builtin(&mut self) -> &Service<crate::tui::effect::Request, Reply> {
        self.builtin.get_or_insert_with(|| {
            Service::detached(self.waker.clone(), || {
                let source = crate::tui::filter::ListSource::builtin();
                move |request| answer(&source, request)
            })
        })
    }

    /// The user has left: everything finished is saved (what failed before
    /// is tried once more) and the answers are taken in. An error says
    /// what could not be saved.
    fn save_all(&mut self, app: &mut App) -> anyhow::Result<()> {
        self.saving.ask(Save::Flush);
        self.saving.close();
        while let Some(replies) = self.saving.wait() {
            for reply in replies {
                // Nothing more is asked once the user has left.
                let _ = app.answer(reply);
            }
        }
        match app.unsaved() {
            Some((count, error)) => anyhow::bail!(strings::not_saved(count, error)),
            None => Ok(()),
        }
    }
}

/// What the engine's thread answers when there is none (or it is gone).
fn no_engine() -> crate::engine::EngineError {
    crate::engine::EngineError::Exited {
        expected: "bestmove",
        status: "no engine is running".to_owned(),
    }
}
