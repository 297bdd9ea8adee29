//! The application state and [`App::update`], its only mutator.

use super::action::Action;
use super::input::InputLine;
use super::play::{Attempt, Play};
use super::strings;
use crate::puzzle::Puzzle;

/// How the interface looks; set by the command line.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Config {
    /// Letters (`K`, `q`) instead of Unicode chess pieces.
    pub ascii: bool,
    /// No colour at all (the `NO_COLOR` convention); highlights then use
    /// brackets and text modifiers (bold, underline, reverse video).
    pub no_color: bool,
    /// Open the first puzzle at once instead of the home screen
    /// (`sancho play`).
    pub open_puzzles: bool,
}

/// Which screen has the keys, as the key map needs to know it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Screen {
    /// The home menu.
    Home,
    /// The puzzle screen; `?` opens the help only while the input is empty.
    Puzzle {
        /// Whether the input line is empty.
        input_empty: bool,
    },
    /// The help overlay (over either screen).
    Help,
}

/// The home menu's items.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MenuItem {
    /// Solve puzzles.
    Puzzles,
    /// Notation drills and lessons (not built yet).
    Drills,
    /// Statistics (not built yet).
    Stats,
    /// The help overlay.
    Help,
    /// Leave.
    Quit,
}

impl MenuItem {
    /// Every item, in menu order (matches [`strings::MENU`]).
    pub const ALL: [MenuItem; 5] = [
        MenuItem::Puzzles,
        MenuItem::Drills,
        MenuItem::Stats,
        MenuItem::Help,
        MenuItem::Quit,
    ];
}

/// Everything the interface shows.
#[derive(Debug)]
pub struct App {
    config: Config,
    puzzles: Vec<Puzzle>,
    on_puzzle: bool,
    menu: usize,
    notice: Option<String>,
    help: bool,
    size: (u16, u16),
    play: Option<Play>,
    outcomes: Vec<Attempt>,
    quit: bool,
}

impl App {
    /// A new app on the home screen.
    pub fn new(config: Config, puzzles: Vec<Puzzle>) -> App {
        let open = config.open_puzzles;
        let mut app = App {
            config,
            puzzles,
            on_puzzle: false,
            menu: 0,
            notice: None,
            help: false,
            size: (0, 0),
            play: None,
            outcomes: Vec::new(),
            quit: false,
        };
        if open {
            app.open_puzzles();
        }
        app
    }

    /// Which screen has the keys.
    pub fn screen(&self) -> Screen {
        if self.help {
            Screen::Help
        } else if let (true, Some(play)) = (self.on_puzzle, &self.play) {
            Screen::Puzzle {
                input_empty: play.input().is_empty(),
            }
        } else {
            Screen::Home
        }
    }

    /// Applies one action. The only function that changes an [`App`].
    pub fn update(&mut self, action: Action) {
        match action {
            Action::Quit => self.quit = true,
            Action::Tick(ms) => {
                if let Some(play) = &mut self.play {
                    play.tick(ms);
                    self.collect_outcome();
                }
            }
            Action::Resize(w, h) => self.size = (w, h),
            Action::ToggleHelp => self.help = !self.help,
            _ if self.help => {
                if action == Action::Back {
                    self.help = false;
                }
            }
            _ => match self.screen() {
                Screen::Home | Screen::Help => self.update_home(action),
                Screen::Puzzle { .. } => self.update_puzzle(action),
            },
        }
    }

    fn update_home(&mut self, action: Action) {
        let n = MenuItem::ALL.len();
        match action {
            Action::Up => self.menu = (self.menu + n - 1) % n,
            Action::Down => self.menu = (self.menu + 1) % n,
            Action::Back => self.quit = true,
            Action::Select => {
                self.notice = None;
                match MenuItem::ALL[self.menu % n] {
                    MenuItem::Puzzles => self.open_puzzles(),
                    MenuItem::Drills | MenuItem::Stats => {
                        self.notice = Some(strings::COMING_SOON.to_owned());
                    }
                    MenuItem::Help => self.help = true,
                    MenuItem::Quit => self.quit = true,
                }
            }
            _ => {}
        }
    }

    fn open_puzzles(&mut self) {
        if self.play.is_none() {
            match self.puzzles.first() {
                Some(p) => self.play = Some(Play::new(0, p.clone())),
                None => {
                    self.notice = Some(strings::NO_PUZZLES.to_owned());
                    return;
                }
            }
        }
        self.on_puzzle = true;
    }

    fn update_puzzle(&mut self, action: Action) {
        let Some(play) = &mut self.play else {
            self.on_puzzle = false;
            return;
        };
        match action {
            Action::Insert(c) => play.edit(|l| l.insert(c)),
            Action::Backspace => play.edit(InputLine::backspace),
            Action::Delete => play.edit(InputLine::delete),
            Action::Left => play.edit(InputLine::left),
            Action::Right => play.edit(InputLine::right),
            Action::Home => play.edit(InputLine::home),
            Action::End => play.edit(InputLine::end),
            Action::ClearLine => play.edit(InputLine::clear),
            Action::DeleteWord => play.edit(InputLine::delete_word),
            Action::RecallLast => play.recall(),
            Action::Complete => play.complete(),
            Action::Submit if play.finish().is_some() => self.next_puzzle(),
            Action::Submit => play.submit(),
            Action::Hint => play.ask_hint(),
            Action::ShowSolution => play.give_up(),
            Action::Next => self.next_puzzle(),
            Action::Retry => play.retry(),
            Action::FlipBoard => play.flip(),
            Action::Back => self.on_puzzle = false,
            _ => {}
        }
        self.collect_outcome();
    }

    fn next_puzzle(&mut self) {
        let next = self.play.as_ref().map_or(0, |p| p.index() + 1);
        match self.puzzles.get(next) {
            Some(p) => self.play = Some(Play::new(next, p.clone())),
            None => {
                self.play = None;
                self.on_puzzle = false;
                self.notice = Some(strings::ALL_DONE.to_owned());
            }
        }
        self.collect_outcome();
    }

    /// Records a finished attempt once.
    fn collect_outcome(&mut self) {
        if let Some(outcome) = self.play.as_ref().and_then(Play::outcome)
            && self.outcomes.last() != Some(outcome)
        {
            self.outcomes.push(outcome.clone());
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

    /// Whether the puzzle screen is shown (otherwise the home menu).
    pub fn on_puzzle(&self) -> bool {
        self.on_puzzle && self.play.is_some()
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

    /// Whether the user asked to leave.
    pub fn should_quit(&self) -> bool {
        self.quit
    }

    /// The attempts finished so far, in order.
    pub fn outcomes(&self) -> &[Attempt] {
        &self.outcomes
    }

    /// Hands the finished attempts to the caller.
    pub fn into_outcomes(self) -> Vec<Attempt> {
        self.outcomes
    }
}
