//! The application state and [`App::update`], its only mutator.

mod drills;
mod game;
mod guess;
mod home;
mod library;
mod modes;
mod puzzles;
mod repertoire;
mod scoresheet;
mod sets;

pub use drills::DrillEntry;
pub use home::MenuItem;
use puzzles::Lineup;

use crate::train::Track;

use std::collections::BTreeSet;

use super::action::Action;
pub use super::config::{Config, Context, Start};
use super::context::KeyContext;
use super::coords::CoordSetupScreen;
use super::drill::{DrillScreen, Phase};
use super::effect::{Effect, Reply};
use super::filter::FilterState;
use super::keys::Keymap;
use super::play::{Play, PlayedPuzzle};
use super::scoresheet::ScoresheetScreen;
use super::screen::Screen;
pub use super::screen::View;
use super::view::geometry::{MIN_HEIGHT, MIN_WIDTH};
use crate::drill::{self, CoordOptions, Lesson};
use crate::progress::{Recorded, Stats};
use crate::puzzle::Puzzle;
use crate::train::Finished;

/// Everything the interface shows.
#[derive(Debug)]
pub struct App {
    config: Config,
    context: Context,
    /// The screen shown, with its state.
    screen: Screen,
    /// The puzzle the user left for the menus: the home menu's Puzzles
    /// resumes it. Never set while the puzzle screen is shown (the puzzle
    /// is then the screen's), and its clock stands still meanwhile.
    paused: Option<Box<Play>>,
    /// The library's filter while its screen is not shown (`None` off the
    /// filter screen: there is no library).
    library: Option<Box<FilterState>>,
    /// The coordinates drill's options, as last set on its start screen.
    coordinates: CoordOptions,
    puzzles: Vec<Puzzle>,
    menu: usize,
    drill_menu: usize,
    lesson_menu: usize,
    notice: Option<String>,
    help: bool,
    size: (u16, u16),
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
    /// The other tracks' puzzles while one is shown (the course while
    /// rated training is played, and back; rated training while failed
    /// puzzles are replayed): the home menu's Puzzles and Course switch
    /// between them.
    shelved: Vec<Lineup>,
    /// The themes weakness training trains (empty: none is weak yet).
    weak_themes: Vec<String>,
    /// The Woodpecker set being played, if one is.
    playing_set: Option<sets::SetPlaying>,
    /// Blind tactics' plies when the home menu turns them on again.
    blind_plies: u8,
    /// The set cycle the last recorded puzzle finished, and which puzzle.
    cycle_done: Option<(String, crate::progress::CycleSummary)>,
    /// Rated training's pool, served one puzzle at a time near the rating
    /// (`None`: the list is all there is).
    ladder: Option<crate::train::Ladder>,
    /// How the rating moved with the last puzzle recorded, and which.
    rating_change: Option<(String, Recorded)>,
    /// Runs started from the menu (each adds 1 to the seed).
    runs_started: u64,
    /// A run waiting for its puzzles from the library: Storm or Streak,
    /// and its seed.
    pending_run: Option<(MenuItem, u64)>,
    /// The mined pack was asked for ("My games") and has not come yet.
    pending_load: bool,
    /// Results not saved yet and why the last write failed (the store's
    /// thread keeps them and tries again).
    unsaved: Option<(usize, String)>,
    quit: bool,
}

impl App {
    /// A new app with no stored data (empty stats, no lesson completed).
    pub fn new(config: Config, puzzles: Vec<Puzzle>) -> App {
        App::with_context(config, puzzles, Context::default())
    }

    /// A new app on the screen `config.start` names, showing `context`.
    pub fn with_context(config: Config, puzzles: Vec<Puzzle>, mut context: Context) -> App {
        let ladder = context.ladder.take();
        let weak = context.weak.take();
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
        let shelved = Lineup::course_beside(&config, &context);
        let start = config.start;
        let coordinates = config.coordinates;
        let mut app = App {
            config,
            context,
            screen: Screen::Home,
            paused: None,
            library: None,
            coordinates,
            puzzles,
            menu: 0,
            drill_menu: 0,
            lesson_menu: 0,
            notice: None,
            help: false,
            size: (0, 0),
            drills_started: 0,
            completed,
            outcomes: Vec::new(),
            finished: Vec::new(),
            effects: Vec::new(),
            builtin,
            solved,
            order,
            at: 0,
            shelved: Vec::new(),
            weak_themes: Vec::new(),
            playing_set: None,
            blind_plies: 1,
            cycle_done: None,
            ladder,
            rating_change: None,
            runs_started: 0,
            pending_run: None,
            pending_load: false,
            unsaved: None,
            quit: false,
        };
        app.shelved = shelved.into_iter().collect();
        if let Some((pool, themes)) = weak {
            app.weak_themes = themes;
            app.shelved
                .push(Lineup::of_pool(Track::Weak, pool, app.builtin));
        }
        app.screen = match start {
            Start::Home => Screen::Home,
            Start::Puzzles => app.open_puzzles(),
            Start::Drills => Screen::Drills,
            Start::Drill {
                kind,
                seed,
                count,
                strictness,
                timed,
            } => app.start_drill(kind, seed, count, strictness, timed),
            Start::Lessons => Screen::Lessons,
            Start::Lesson(number) => {
                match drill::lessons().iter().position(|l| l.number == number) {
                    Some(i) => {
                        app.lesson_menu = i;
                        app.open_lesson(i)
                    }
                    None => Screen::Lessons,
                }
            }
            Start::Stats => Screen::Stats,
            Start::Scoresheet { pace_ms } => match app.context.scoresheet.clone() {
                Some(sheet) => Screen::Scoresheet {
                    sheet: Box::new(ScoresheetScreen::new(sheet, pace_ms)),
                    scroll: 0,
                },
                None => Screen::Home,
            },
            Start::Guess => match app.context.guess.take() {
                Some(started) => Screen::Guess {
                    guess: Box::new(crate::tui::guess::GuessScreen::new(started)),
                    scroll: 0,
                },
                None => Screen::Home,
            },
            Start::Storm { seconds, seed } => app.start_run(MenuItem::Storm, seconds, seed),
            Start::Streak { seed } => app.start_run(MenuItem::Streak, 0, seed),
            Start::Repertoire => app.open_repertoire(0),
            Start::Game => match app.context.game.take() {
                Some(setup) => app.open_game(setup),
                None => Screen::Home,
            },
        };
        app
    }

    /// What the keys mean now.
    pub fn key_context(&self) -> KeyContext {
        if self.help {
            KeyContext::Help
        } else {
            self.screen.key_context()
        }
    }

    /// What the keys mean on the screen under the help overlay.
    pub fn base_key_context(&self) -> KeyContext {
        self.screen.key_context()
    }

    /// The screen shown, with its state (the views draw it).
    pub(crate) fn screen(&self) -> &Screen {
        &self.screen
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
                if let Some(f) = self.sets_form_mut() {
                    f.counted(filter, result);
                } else if let Some(f) = self.filter_mut() {
                    f.counted(filter, result);
                }
            }
            Reply::Picked(result) => self.picked(result),
            Reply::Pool(result) => self.pooled(result),
            Reply::Stats(stats) => self.context.stats = Some(*stats),
            Reply::Recorded {
                puzzle_id,
                recorded,
                set,
            } => {
                if let (Some(header), Some(place)) = (&mut self.context.set, &set) {
                    header.cycle = place.cycle;
                    header.done = place.done;
                    header.size = place.size;
                    if let Some(summary) = &place.finished {
                        self.cycle_done = Some((puzzle_id.clone(), summary.clone()));
                        let name = header.name.clone();
                        self.cycle_finished(&name, summary);
                    }
                }
                self.rating_change = Some((puzzle_id, recorded));
            }
            Reply::Records(records) => self.context.records = Some(*records),
            Reply::Unsaved { count, error } => {
                self.unsaved = (count > 0).then(|| (count, error.unwrap_or_default()));
            }
            Reply::Loaded(result) => self.loaded(result),
            Reply::Refuted {
                puzzle_id,
                attempt,
                result,
            } => self.refuted(&puzzle_id, attempt, result),
            Reply::Evaluated { asked, result } => self.evaluated(asked, result),
            Reply::Moved { asked, result } => self.engine_moved(asked, result),
            Reply::Exported { path, result } => self.exported(&path, result),
            Reply::Sets(answer) => self.sets_answered(answer),
        }
        self.take_effects()
    }

    /// The effects gathered so far, with the library's next request (only
    /// while the filter screen is shown).
    fn take_effects(&mut self) -> Vec<Effect> {
        if let Screen::Filter(f) = &mut self.screen
            && let Some(request) = f.next_request()
        {
            self.effects.push(Effect::Library(request));
        }
        self.sets_request();
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
            Action::Quit => self.leave_all(),
            Action::Tick(ms) => self.tick(ms),
            Action::Resize(w, h) => self.size = (w, h),
            // Only "make the window larger" is shown: nothing else may act.
            _ if self.too_small() => {}
            Action::ToggleHelp => self.help = !self.help,
            Action::TogglePieces => self.config.large_pieces = !self.config.large_pieces,
            _ if self.help => {
                if action == Action::Back {
                    self.help = false;
                }
            }
            _ => {
                // The screen is taken out for its update, which returns
                // the screen to show next (itself, or another).
                let screen = std::mem::replace(&mut self.screen, Screen::Home);
                self.screen = self.update_screen(screen, action);
            }
        }
    }

    /// The screen's part of [`App::update`].
    fn update_screen(&mut self, screen: Screen, action: Action) -> Screen {
        match screen {
            Screen::Home => self.update_home(action),
            Screen::Puzzle(play) => self.update_puzzle(play, action),
            Screen::Drills => self.update_drills(action),
            Screen::Drill { drill, scroll } => self.update_drill(drill, scroll, action),
            Screen::Lessons => self.update_lessons(action),
            Screen::Lesson { lesson, scroll } => self.update_lesson(lesson, scroll, action),
            Screen::Stats => match action {
                Action::Back | Action::Select => Screen::Home,
                _ => Screen::Stats,
            },
            Screen::History { scroll } => self.update_history(scroll, &action),
            Screen::Filter(filter) => self.update_filter(filter, &action),
            Screen::CoordSetup(setup) => self.update_coord_setup(setup, action),
            Screen::Scoresheet { sheet, scroll } => self.update_scoresheet(sheet, scroll, action),
            Screen::Run { run, scroll } => self.update_run(run, scroll, action),
            Screen::Guess { guess, scroll } => self.update_guess(guess, scroll, action),
            Screen::Repertoire(rep) => self.update_repertoire(rep, action),
            Screen::Game(game) => self.update_game(game, action),
            Screen::GameSetup(setup) => self.update_game_setup(setup, action),
            Screen::Sets(sets) => self.update_sets(sets, &action),
        }
    }

    /// Time passed: the screen's clock runs (a puzzle's reply, a drill's or
    /// a run's clock, the scoresheet's pace, the filter's rest).
    fn tick(&mut self, ms: u64) {
        if let Some(f) = &mut self.library {
            f.tick(ms);
        }
        let screen = std::mem::replace(&mut self.screen, Screen::Home);
        self.screen = match screen {
            Screen::Puzzle(mut play) => {
                play.tick(ms);
                self.collect_outcome(&play);
                Screen::Puzzle(play)
            }
            Screen::Drill { mut drill, scroll } => {
                drill.tick(ms);
                self.collect_drill(&mut drill);
                Screen::Drill { drill, scroll }
            }
            Screen::Filter(mut f) => {
                f.tick(ms);
                Screen::Filter(f)
            }
            Screen::Scoresheet { mut sheet, scroll } => {
                sheet.tick(ms);
                self.collect_scoresheet(&mut sheet);
                Screen::Scoresheet { sheet, scroll }
            }
            Screen::Run { mut run, scroll } => {
                let done = run.tick(ms);
                self.hand_over_run(done);
                Screen::Run { run, scroll }
            }
            Screen::Guess { mut guess, scroll } => {
                guess.tick(ms);
                Screen::Guess { guess, scroll }
            }
            Screen::Repertoire(mut rep) => {
                rep.tick(ms);
                Screen::Repertoire(rep)
            }
            Screen::Sets(mut sets) => {
                if let Some(f) = sets.form_mut() {
                    f.tick(ms);
                }
                Screen::Sets(sets)
            }
            other @ (Screen::Home
            | Screen::Drills
            | Screen::Lessons
            | Screen::Lesson { .. }
            | Screen::Stats
            | Screen::History { .. }
            | Screen::CoordSetup(_)
            | Screen::Game(_)
            | Screen::GameSetup(_)) => other,
        };
    }

    /// The user leaves Sancho: a puzzle that already counts as failed is
    /// ended and a run in progress is stopped, both handed over to record.
    fn leave_all(&mut self) {
        let screen = std::mem::replace(&mut self.screen, Screen::Home);
        self.screen = match screen {
            Screen::Puzzle(mut play) => {
                self.leave_puzzle(&mut play);
                Screen::Puzzle(play)
            }
            Screen::Run { mut run, scroll } => {
                let done = run.stop();
                self.hand_over_run(done);
                Screen::Run { run, scroll }
            }
            Screen::Guess { mut guess, scroll } => {
                guess.stop();
                self.collect_guess(&mut guess);
                Screen::Guess { guess, scroll }
            }
            // Leaving a game before its end resigns it.
            Screen::Game(mut game) => {
                if !game.is_over() && !game.game().moves().is_empty() {
                    game.resign();
                    self.collect_game(&mut game);
                }
                Screen::Game(game)
            }
            other => other,
        };
        if let Some(mut play) = self.paused.take() {
            self.leave_puzzle(&mut play);
            self.paused = Some(play);
        }
        self.quit = true;
    }

    /// A page's scrolling keys (↑ ↓ a line, PgUp PgDn a page) over a page
    /// of `len` lines; returns whether `action` was one of them.
    fn scroll_page(&self, scroll: &mut u16, len: usize, action: &Action) -> bool {
        let page = self.size.1.saturating_sub(4).max(1);
        let max = u16::try_from(len).unwrap_or(u16::MAX);
        match action {
            Action::Up => *scroll = scroll.saturating_sub(1),
            Action::Down => *scroll = (*scroll + 1).min(max),
            Action::ScrollUp => *scroll = scroll.saturating_sub(page),
            Action::ScrollDown => *scroll = scroll.saturating_add(page).min(max),
            _ => return false,
        }
        true
    }

    /// The configuration.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// The key map in use.
    pub fn keys(&self) -> &Keymap {
        &self.config.keys
    }

    /// The puzzles loaded.
    pub fn puzzles(&self) -> &[Puzzle] {
        &self.puzzles
    }

    /// The piece letters moves are typed and shown in.
    pub fn lang(&self) -> crate::notation::Lang {
        self.config.lang.unwrap_or_default()
    }

    /// How many puzzles this track has: those served or listed, and those
    /// rated training can still serve.
    pub fn puzzle_total(&self) -> usize {
        self.puzzles.len() + self.ladder.as_ref().map_or(0, crate::train::Ladder::left)
    }

    /// The difficulty rated training serves at, when the track shown is
    /// rated training (its pool is here).
    pub fn difficulty(&self) -> Option<crate::train::Difficulty> {
        self.rated_ladder().then_some(self.config.difficulty)
    }

    /// Blind tactics' plies, when on (the home menu's Puzzles shows them).
    pub fn blind(&self) -> Option<u8> {
        self.config.blind
    }

    fn rated_ladder(&self) -> bool {
        self.ladder.is_some() && self.config.track.is_rated()
    }

    /// The Woodpecker set being played, as the header shows it.
    pub fn set_header(&self) -> Option<&crate::tui::config::SetHeader> {
        self.context.set.as_ref()
    }

    /// The set cycle the current puzzle finished, once it is recorded.
    pub fn cycle_done(&self) -> Option<&crate::progress::CycleSummary> {
        let id = &self.play()?.puzzle().id;
        self.cycle_done
            .as_ref()
            .filter(|(puzzle, _)| puzzle == id)
            .map(|(_, summary)| summary)
    }

    /// The themes weakness training trains (empty: none is weak yet).
    pub fn weak_themes(&self) -> &[String] {
        &self.weak_themes
    }

    /// The puzzle being played: on the puzzle screen, or left for the
    /// menus to be resumed.
    pub fn play(&self) -> Option<&Play> {
        match &self.screen {
            Screen::Puzzle(play) => Some(play),
            _ => self.paused.as_deref(),
        }
    }

    /// [`App::play`], to change.
    fn play_mut(&mut self) -> Option<&mut Play> {
        match &mut self.screen {
            Screen::Puzzle(play) => Some(play),
            _ => self.paused.as_deref_mut(),
        }
    }

    /// Whether the puzzle screen is shown.
    pub fn on_puzzle(&self) -> bool {
        matches!(self.screen, Screen::Puzzle(_))
    }

    /// The screen shown (under the help overlay).
    pub fn view(&self) -> View {
        self.screen.view()
    }

    /// The drill (or lesson exercises) on screen, in progress or finished.
    pub fn drill(&self) -> Option<&DrillScreen> {
        match &self.screen {
            Screen::Drill { drill, .. } => Some(drill),
            _ => None,
        }
    }

    /// The scoresheet trainer on screen.
    pub fn scoresheet(&self) -> Option<&ScoresheetScreen> {
        match &self.screen {
            Screen::Scoresheet { sheet, .. } => Some(sheet),
            _ => None,
        }
    }

    /// The repertoire trainer on screen.
    pub fn repertoire(&self) -> Option<&super::repertoire::RepertoireScreen> {
        match &self.screen {
            Screen::Repertoire(rep) => Some(rep),
            _ => None,
        }
    }

    /// The coordinates drill's start screen, while it is shown.
    pub fn coord_setup(&self) -> Option<&CoordSetupScreen> {
        match &self.screen {
            Screen::CoordSetup(setup) => Some(setup),
            _ => None,
        }
    }

    /// The highlighted item of the drills menu.
    pub fn drill_menu_index(&self) -> usize {
        self.drill_menu
    }

    /// The highlighted item of the lesson list.
    pub fn lesson_menu_index(&self) -> usize {
        self.lesson_menu
    }

    /// The lesson whose page is shown.
    pub fn current_lesson(&self) -> Option<&'static Lesson> {
        match self.screen {
            Screen::Lesson { lesson, .. } => Some(lesson),
            _ => None,
        }
    }

    /// Ids of the completed lessons (those passed in and those just done).
    pub fn completed_lessons(&self) -> &BTreeSet<String> {
        &self.completed
    }

    /// The stats: those passed in, then the latest [`Reply::Stats`].
    pub fn stats(&self) -> Option<&Stats> {
        self.context.stats.as_ref()
    }

    /// How far the page shown is scrolled, in lines.
    pub fn scroll(&self) -> u16 {
        self.screen.scroll()
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

    /// The user's rating as shown, from the latest stats: "1500?" while
    /// it is provisional.
    pub fn rating(&self) -> Option<String> {
        self.context.stats.as_ref().map(|s| s.rating.shown())
    }

    /// How the rating moved with the current puzzle's last attempt, once
    /// it has been recorded.
    pub fn rating_change(&self) -> Option<&Recorded> {
        let id = &self.play()?.puzzle().id;
        self.rating_change
            .as_ref()
            .filter(|(puzzle, _)| puzzle == id)
            .map(|(_, recorded)| recorded)
    }

    /// How many finished results are not saved yet, and why the last
    /// write failed (`None`: everything finished is saved, or on its way).
    pub fn unsaved(&self) -> Option<(usize, &str)> {
        self.unsaved
            .as_ref()
            .map(|(count, error)| (*count, error.as_str()))
    }

    /// Whether something on screen runs on the clock, so that time must
    /// come in ([`Action::Tick`]) while no key is pressed: a reply due,
    /// Storm's clock, a timed drill, the scoresheet's pace, the filter's
    /// rest before it counts. Elsewhere the runner waits for a key or an
    /// answer (the time that passed comes in with it).
    pub fn ticking(&self) -> bool {
        match &self.screen {
            Screen::Puzzle(play) => play.is_waiting(),
            Screen::Drill { drill, .. } => {
                drill.remaining_ms().is_some() && drill.phase() == Phase::Asking
            }
            Screen::Scoresheet { sheet, .. } => {
                sheet.playback().pace_ms().is_some() && !sheet.is_finished()
            }
            Screen::Filter(filter) => filter.stale() && filter.request().is_none(),
            Screen::Sets(sets) => sets
                .form()
                .is_some_and(|f| f.stale() && f.request().is_none()),
            Screen::Run { run, .. } => {
                run.end().is_none()
                    && (run.clock_started() && run.remaining_ms().is_some()
                        || run.play().is_some_and(Play::is_waiting))
            }
            Screen::Home
            | Screen::Drills
            | Screen::Lessons
            | Screen::Lesson { .. }
            | Screen::Stats
            | Screen::History { .. }
            | Screen::CoordSetup(_)
            | Screen::Guess { .. }
            | Screen::Repertoire(_)
            | Screen::Game(_)
            | Screen::GameSetup(_) => false,
        }
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
