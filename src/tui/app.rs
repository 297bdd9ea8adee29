//! The application state and [`App::update`], its only mutator.

mod drills;
mod library;
mod modes;
mod puzzles;
mod scoresheet;

use std::collections::BTreeSet;

use super::action::Action;
pub use super::config::{Config, Context, Start};
use super::context::KeyContext;
use super::coords::CoordSetupScreen;
use super::drill::{DrillScreen, Phase};
use super::effect::{Effect, Reply};
use super::filter::FilterState;
use super::play::{Play, PlayedPuzzle};
use super::scoresheet::ScoresheetScreen;
use super::storm::RunScreen;
use super::view::geometry::{MIN_HEIGHT, MIN_WIDTH};
use crate::drill::{self, DrillKind, Lesson};
use crate::progress::{Recorded, Stats};
use crate::puzzle::Puzzle;
use crate::train::Finished;

/// Which view is shown (under the help overlay).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum View {
    /// The home menu.
    Home,
    /// The puzzle screen.
    Puzzle,
    /// The drills menu.
    Drills,
    /// A drill (or a lesson's exercises), its verdicts and its summary.
    Drill,
    /// The lesson list.
    Lessons,
    /// A lesson's page.
    Lesson,
    /// The stats screen.
    Stats,
    /// The library filter screen.
    Filter,
    /// The coordinates drill's start screen (its options).
    CoordSetup,
    /// The scoresheet trainer.
    Scoresheet,
    /// A Storm or Streak run, then its summary.
    Run,
}

/// The drills menu's items.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DrillEntry {
    /// A drill of this kind, untimed.
    Kind(DrillKind),
    /// Coordinates against the clock (30 seconds).
    TimedCoordinates,
    /// The scoresheet trainer on a built-in game (the next move on Enter).
    Scoresheet,
    /// The lesson list.
    Lessons,
}

impl DrillEntry {
    /// Every item, in menu order.
    pub const ALL: [DrillEntry; 11] = [
        DrillEntry::Kind(DrillKind::Write),
        DrillEntry::Kind(DrillKind::Read),
        DrillEntry::Kind(DrillKind::Disambiguation),
        DrillEntry::Kind(DrillKind::Coordinates),
        DrillEntry::TimedCoordinates,
        DrillEntry::Kind(DrillKind::SquareColour),
        DrillEntry::Kind(DrillKind::Vision),
        DrillEntry::Kind(DrillKind::Transcribe),
        DrillEntry::Kind(DrillKind::Review),
        DrillEntry::Scoresheet,
        DrillEntry::Lessons,
    ];
}

/// The home menu's items.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MenuItem {
    /// Solve puzzles.
    Puzzles,
    /// Notation drills and lessons.
    Drills,
    /// Statistics.
    Stats,
    /// The puzzle library's filter (or how to import one).
    Library,
    /// Puzzle Storm: as many puzzles as the clock allows.
    Storm,
    /// Puzzle Streak: rising difficulty until the first mistake.
    Streak,
    /// The puzzles mined from the user's games (or how to make them).
    MyGames,
    /// The help overlay.
    Help,
    /// Leave.
    Quit,
}

impl MenuItem {
    /// Every item, in menu order (matches [`strings::MENU`](super::strings::MENU)).
    pub const ALL: [MenuItem; 9] = [
        MenuItem::Puzzles,
        MenuItem::Drills,
        MenuItem::Stats,
        MenuItem::Library,
        MenuItem::Storm,
        MenuItem::Streak,
        MenuItem::MyGames,
        MenuItem::Help,
        MenuItem::Quit,
    ];
}

/// Everything the interface shows.
#[derive(Debug)]
pub struct App {
    config: Config,
    context: Context,
    puzzles: Vec<Puzzle>,
    view: View,
    menu: usize,
    drill_menu: usize,
    lesson_menu: usize,
    notice: Option<String>,
    help: bool,
    size: (u16, u16),
    play: Option<Play>,
    drill: Option<DrillScreen>,
    /// The coordinates drill's options (its start screen).
    coord_setup: CoordSetupScreen,
    scoresheet: Option<ScoresheetScreen>,
    lesson: usize,
    scroll: u16,
    drills_started: u64,
    completed: BTreeSet<String>,
    outcomes: Vec<PlayedPuzzle>,
    finished: Vec<Finished>,
    /// Effects of the action being applied, handed out by [`App::update`].
    effects: Vec<Effect>,
    /// Whether `puzzles` are the built-in packs (how an attempt is recorded).
    builtin: bool,
    /// Ids of the puzzles solved cleanly (stored and this session's).
    solved: BTreeSet<String>,
    /// The play order (indices into `puzzles`) and where in it we are.
    order: Vec<usize>,
    at: usize,
    /// How the rating moved with the last puzzle recorded, and which.
    rating_change: Option<(String, Recorded)>,
    library: Option<FilterState>,
    /// The Storm or Streak run in progress or just ended.
    run: Option<RunScreen>,
    /// Runs started from the menu (each adds 1 to the seed).
    runs_started: u64,
    /// A run waiting for its puzzles from the library: Storm or Streak,
    /// and its seed.
    pending_run: Option<(MenuItem, u64)>,
    quit: bool,
}

impl App {
    /// A new app with no stored data (empty stats, no lesson completed).
    pub fn new(config: Config, puzzles: Vec<Puzzle>) -> App {
        App::with_context(config, puzzles, Context::default())
    }

    /// A new app on the screen `config.start` names, showing `context`.
    pub fn with_context(config: Config, puzzles: Vec<Puzzle>, context: Context) -> App {
        let completed = context.completed_lessons.clone();
        let builtin = context.builtin;
        let solved = context.solved.clone();
        let mut order: Vec<usize> = context
            .order
            .iter()
            .copied()
            .filter(|&i| i < puzzles.len())
            .collect();
        if order.is_empty() {
            order = (0..puzzles.len()).collect();
        }
        let mut app = App {
            config,
            context,
            puzzles,
            view: View::Home,
            menu: 0,
            drill_menu: 0,
            lesson_menu: 0,
            notice: None,
            help: false,
            size: (0, 0),
            play: None,
            drill: None,
            coord_setup: CoordSetupScreen::new(config.coordinates, false),
            scoresheet: None,
            lesson: 0,
            scroll: 0,
            drills_started: 0,
            completed,
            outcomes: Vec::new(),
            finished: Vec::new(),
            effects: Vec::new(),
            builtin,
            solved,
            order,
            at: 0,
            rating_change: None,
            library: None,
            run: None,
            runs_started: 0,
            pending_run: None,
            quit: false,
        };
        match config.start {
            Start::Home => {}
            Start::Puzzles => app.open_puzzles(),
            Start::Drills => app.view = View::Drills,
            Start::Drill {
                kind,
                seed,
                count,
                strictness,
                timed,
            } => app.start_drill(kind, seed, count, strictness, timed),
            Start::Lessons => app.view = View::Lessons,
            Start::Lesson(number) => {
                app.view = View::Lessons;
                if let Some(i) = drill::lessons().iter().position(|l| l.number == number) {
                    app.lesson_menu = i;
                    app.open_lesson(i);
                }
            }
            Start::Stats => app.open_page(View::Stats),
            Start::Scoresheet { pace_ms } => {
                if let Some(sheet) = app.context.scoresheet.clone() {
                    app.scoresheet = Some(ScoresheetScreen::new(sheet, pace_ms));
                    app.view = View::Scoresheet;
                }
            }
            Start::Storm { seconds, seed } => app.start_run(MenuItem::Storm, seconds, seed),
            Start::Streak { seed } => app.start_run(MenuItem::Streak, 0, seed),
        }
        app
    }

    /// Which screen has the keys.
    pub fn screen(&self) -> KeyContext {
        if self.help {
            KeyContext::Help
        } else {
            self.base_screen()
        }
    }

    /// The screen under the help overlay.
    pub fn base_screen(&self) -> KeyContext {
        match self.view {
            View::Home => KeyContext::Home,
            View::Puzzle => match &self.play {
                Some(play) => KeyContext::Puzzle {
                    input_empty: play.input().is_empty(),
                },
                None => KeyContext::Home,
            },
            View::Drills | View::Lessons | View::CoordSetup => KeyContext::Menu,
            View::Lesson | View::Stats => KeyContext::Page,
            View::Filter => KeyContext::Filter,
            View::Run => match self.run.as_ref().and_then(RunScreen::play) {
                Some(play) => KeyContext::Run {
                    input_empty: play.input().is_empty(),
                },
                None => KeyContext::Page,
            },
            View::Drill => match &self.drill {
                Some(d) if d.finding() => KeyContext::Find,
                Some(d) if d.phase() != Phase::Summary => KeyContext::Answer {
                    input_empty: d.input().is_empty(),
                },
                _ => KeyContext::Page,
            },
            View::Scoresheet => match &self.scoresheet {
                Some(s) if !s.is_finished() => KeyContext::Answer {
                    input_empty: s.input().is_empty(),
                },
                _ => KeyContext::Page,
            },
        }
    }

    /// Applies one action and returns what the outside world must do for
    /// it (record, refresh the stats, ask the library). With
    /// [`App::answer`], the only function that changes an [`App`].
    pub fn update(&mut self, action: Action) -> Vec<Effect> {
        self.apply(action);
        self.take_effects()
    }

    /// Takes in the answer to an effect; returns the effects that follow.
    pub fn answer(&mut self, reply: Reply) -> Vec<Effect> {
        match reply {
            Reply::Counted { filter, result } => {
                if let Some(f) = &mut self.library {
                    f.counted(filter, result);
                }
            }
            Reply::Picked(result) => self.picked(result),
            Reply::Pool(result) => self.pooled(result),
            Reply::Stats(stats) => self.context.stats = Some(*stats),
            Reply::Recorded {
                puzzle_id,
                recorded,
            } => self.rating_change = Some((puzzle_id, recorded)),
            Reply::Records(records) => self.context.records = Some(*records),
            Reply::Loaded(result) => self.loaded(result),
            Reply::Refuted {
                puzzle_id,
                attempt,
                result,
            } => self.refuted(&puzzle_id, attempt, result),
        }
        self.take_effects()
    }

    /// The effects gathered so far, with the library's next request (only
    /// while the filter screen is shown).
    fn take_effects(&mut self) -> Vec<Effect> {
        if let (Some(f), View::Filter) = (&mut self.library, self.view)
            && let Some(request) = f.next_request()
        {
            self.effects.push(Effect::Library(request));
        }
        std::mem::take(&mut self.effects)
    }

    /// Hands something finished to the caller to record, and asks for the
    /// stats that follow from it.
    fn hand_over(&mut self, done: Finished) {
        self.finished.push(done.clone());
        self.effects.push(Effect::Record(done));
        self.effects.push(Effect::RefreshStats);
    }

    fn apply(&mut self, action: Action) {
        match action {
            Action::Quit => {
                self.leave_puzzle();
                self.stop_run();
                self.quit = true;
            }
            Action::Tick(ms) => {
                if let Some(play) = &mut self.play {
                    play.tick(ms);
                    self.collect_outcome();
                }
                if let (View::Drill, Some(d)) = (self.view, &mut self.drill) {
                    d.tick(ms);
                    self.collect_drill();
                }
                if let Some(f) = &mut self.library {
                    f.tick(ms);
                }
                if let (View::Scoresheet, Some(s)) = (self.view, &mut self.scoresheet) {
                    s.tick(ms);
                }
                self.tick_run(ms);
            }
            Action::Resize(w, h) => self.size = (w, h),
            // Only "make the window larger" is shown: nothing else may act.
            _ if self.too_small() => {}
            Action::ToggleHelp => self.help = !self.help,
            _ if self.help => {
                if action == Action::Back {
                    self.help = false;
                }
            }
            _ => match self.view {
                View::Home => self.update_home(action),
                View::Puzzle => self.update_puzzle(action),
                View::Drills => self.update_drills(action),
                View::Drill => self.update_drill(action),
                View::Lessons => self.update_lessons(action),
                View::Lesson | View::Stats => self.update_page(action),
                View::Filter => self.update_filter(action),
                View::CoordSetup => self.update_coord_setup(action),
                View::Scoresheet => self.update_scoresheet(action),
                View::Run => self.update_run(action),
            },
        }
    }

    fn update_home(&mut self, action: Action) {
        let n = MenuItem::ALL.len();
        // Any key dismisses a notice (and does nothing else but quit).
        if self.notice.take().is_some() && action != Action::Quit {
            return;
        }
        match action {
            Action::Up => self.menu = (self.menu + n - 1) % n,
            Action::Down => self.menu = (self.menu + 1) % n,
            // A click on an item selects and opens it (no notice is shown
            // here: a click on one only dismissed it, above).
            Action::Click(_, row) => {
                if let Some(item) = crate::tui::view::geometry::item_at(self.size, false, row) {
                    self.menu = item;
                    self.update_home(Action::Select);
                }
            }
            Action::Select => match MenuItem::ALL[self.menu % n] {
                MenuItem::Puzzles => self.open_puzzles(),
                MenuItem::Drills => self.view = View::Drills,
                MenuItem::Stats => self.open_page(View::Stats),
                MenuItem::Library => self.open_filter(),
                item @ (MenuItem::Storm | MenuItem::Streak) => {
                    let seed = self.context.seed.wrapping_add(self.runs_started);
                    self.runs_started += 1;
                    self.open_run(item, seed);
                }
                MenuItem::MyGames => self.open_mined(),
                MenuItem::Help => self.help = true,
                MenuItem::Quit => self.quit = true,
            },
            _ => {}
        }
    }

    /// The configuration.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// The puzzles loaded.
    pub fn puzzles(&self) -> &[Puzzle] {
        &self.puzzles
    }

    /// The puzzle being played (also while the home screen is shown).
    pub fn play(&self) -> Option<&Play> {
        self.play.as_ref()
    }

    /// Whether the puzzle screen is shown.
    pub fn on_puzzle(&self) -> bool {
        self.view == View::Puzzle && self.play.is_some()
    }

    /// The view shown (under the help overlay).
    pub fn view(&self) -> View {
        self.view
    }

    /// The drill (or lesson exercises) in progress or just finished.
    pub fn drill(&self) -> Option<&DrillScreen> {
        self.drill.as_ref()
    }

    /// The scoresheet trainer's screen.
    pub fn scoresheet(&self) -> Option<&ScoresheetScreen> {
        self.scoresheet.as_ref()
    }

    /// The coordinates drill's start screen.
    pub fn coord_setup(&self) -> &CoordSetupScreen {
        &self.coord_setup
    }

    /// The highlighted item of the drills menu.
    pub fn drill_menu_index(&self) -> usize {
        self.drill_menu
    }

    /// The highlighted item of the lesson list.
    pub fn lesson_menu_index(&self) -> usize {
        self.lesson_menu
    }

    /// The lesson whose page is (or was last) open.
    pub fn current_lesson(&self) -> Option<&'static Lesson> {
        drill::lessons().get(self.lesson)
    }

    /// Ids of the completed lessons (those passed in and those just done).
    pub fn completed_lessons(&self) -> &BTreeSet<String> {
        &self.completed
    }

    /// The stats: those passed in, then the latest [`Reply::Stats`].
    pub fn stats(&self) -> Option<&Stats> {
        self.context.stats.as_ref()
    }

    /// How far the page is scrolled, in lines.
    pub fn scroll(&self) -> u16 {
        self.scroll
    }

    /// Everything finished so far (puzzles, drills, lessons), in order.
    pub fn finished(&self) -> &[Finished] {
        &self.finished
    }

    /// Hands everything finished to the caller.
    pub fn into_finished(self) -> Vec<Finished> {
        self.finished
    }

    /// Whether the help overlay is shown.
    pub fn help_shown(&self) -> bool {
        self.help
    }

    /// The highlighted menu item.
    pub fn menu_index(&self) -> usize {
        self.menu
    }

    /// A one-line notice for the home screen.
    pub fn notice(&self) -> Option<&str> {
        self.notice.as_deref()
    }

    /// The last terminal size reported by [`Action::Resize`].
    pub fn size(&self) -> (u16, u16) {
        self.size
    }

    /// Whether the terminal is known to be below the minimum size (before
    /// the first [`Action::Resize`] the size is unknown and keys work).
    pub fn too_small(&self) -> bool {
        let (w, h) = self.size;
        w > 0 && h > 0 && (w < MIN_WIDTH || h < MIN_HEIGHT)
    }

    /// How many of the loaded puzzles the user has solved cleanly.
    pub fn solved_count(&self) -> usize {
        self.puzzles
            .iter()
            .filter(|p| self.solved.contains(&p.id))
            .count()
    }

    /// The user's rating, from the latest stats.
    pub fn rating(&self) -> Option<f64> {
        self.context.stats.as_ref().map(|s| s.rating.current)
    }

    /// How the rating moved with the current puzzle's last attempt, once
    /// it has been recorded.
    pub fn rating_change(&self) -> Option<&Recorded> {
        let id = &self.play.as_ref()?.puzzle().id;
        self.rating_change
            .as_ref()
            .filter(|(puzzle, _)| puzzle == id)
            .map(|(_, recorded)| recorded)
    }

    /// Whether the user asked to leave.
    pub fn should_quit(&self) -> bool {
        self.quit
    }

    /// The attempts finished so far, in order.
    pub fn outcomes(&self) -> &[PlayedPuzzle] {
        &self.outcomes
    }

    /// Hands the finished attempts to the caller.
    pub fn into_outcomes(self) -> Vec<PlayedPuzzle> {
        self.outcomes
    }
}
