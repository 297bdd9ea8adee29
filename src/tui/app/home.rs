//! The home menu: its items and its part of [`App::update`] (moving,
//! opening an item, and on Puzzles the difficulty and blind tactics).

use super::{App, Screen};
use crate::train::Track;
use crate::tui::action::Action;

/// The home menu's items.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MenuItem {
    /// Solve puzzles: rated training (or the pack, replays, ... the
    /// trainer was opened on).
    Puzzles,
    /// The notation course: the hand-written packs in order, never rated.
    Course,
    /// Rated puzzles from the user's weakest themes.
    Weak,
    /// The puzzles played lately, with their result.
    History,
    /// Woodpecker sets: list, make, play.
    Sets,
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
    /// Guess the move through a master game.
    Guess,
    /// The opening repertoire trainer (or how to add one).
    Repertoire,
    /// A position played out against the engine (or how to get one).
    PlayOut,
    /// The help overlay.
    Help,
    /// Leave.
    Quit,
}

impl MenuItem {
    /// Every item, in menu order (matches [`strings::MENU`](super::strings::MENU)).
    pub const ALL: [MenuItem; 16] = [
        MenuItem::Puzzles,
        MenuItem::Drills,
        MenuItem::Stats,
        MenuItem::Library,
        MenuItem::Storm,
        MenuItem::Streak,
        MenuItem::MyGames,
        MenuItem::Guess,
        MenuItem::Repertoire,
        MenuItem::PlayOut,
        MenuItem::Course,
        MenuItem::Weak,
        MenuItem::History,
        MenuItem::Sets,
        MenuItem::Help,
        MenuItem::Quit,
    ];
}

impl App {
    pub(super) fn update_home(&mut self, action: Action) -> Screen {
        let n = MenuItem::ALL.len();
        // Any key dismisses a notice, and does what it does besides: every
        // key reaches the screen that is shown.
        self.notice = None;
        match action {
            Action::Up => self.menu = (self.menu + n - 1) % n,
            Action::Down => self.menu = (self.menu + 1) % n,
            // On Puzzles, with rated training: the difficulty.
            Action::Left | Action::Right
                if MenuItem::ALL[self.menu % n] == MenuItem::Puzzles && self.rated_ladder() =>
            {
                let d = self.config.difficulty;
                self.config.difficulty = if action == Action::Left {
                    d.easier()
                } else {
                    d.harder()
                };
            }
            // On Puzzles, with rated training: blind tactics on or off.
            Action::ToggleBlind
                if MenuItem::ALL[self.menu % n] == MenuItem::Puzzles && self.rated_ladder() =>
            {
                self.toggle_blind();
            }
            // A click on an item selects and opens it (a notice takes the
            // count's place under the menu: the menu stays where it was).
            Action::Click(_, row) => {
                if let Some(item) = crate::tui::view::geometry::item_at(self.size, row) {
                    self.menu = item;
                    return self.update_home(Action::Select);
                }
            }
            Action::Select => {
                return match MenuItem::ALL[self.menu % n] {
                    MenuItem::Puzzles => self.open_track(Track::Rated),
                    MenuItem::Course => self.open_track(Track::Course),
                    MenuItem::Weak => self.open_track(Track::Weak),
                    MenuItem::History => Screen::History { scroll: 0 },
                    MenuItem::Sets => self.open_sets(),
                    MenuItem::Drills => Screen::Drills,
                    MenuItem::Stats => Screen::Stats,
                    MenuItem::Library => self.open_filter(),
                    item @ (MenuItem::Storm | MenuItem::Streak) => {
                        let seed = self.context.seed.wrapping_add(self.runs_started);
                        self.runs_started += 1;
                        self.open_run(item, seed)
                    }
                    MenuItem::Repertoire => self.open_repertoire(0),
                    MenuItem::PlayOut => self.open_game_setup(),
                    MenuItem::MyGames => self.open_mined(),
                    MenuItem::Guess => {
                        let seed = self.context.seed.wrapping_add(self.drills_started);
                        self.drills_started += 1;
                        self.open_builtin_guess(seed)
                    }
                    MenuItem::Help => {
                        self.help = true;
                        Screen::Home
                    }
                    MenuItem::Quit => {
                        self.quit = true;
                        Screen::Home
                    }
                };
            }
            _ => {}
        }
        Screen::Home
    }

    /// Blind tactics on (N plies before: the last N, else 1) or off, for
    /// the puzzles served next; the puzzle left for the menus is played
    /// as it was.
    fn toggle_blind(&mut self) {
        self.config.blind = match self.config.blind {
            Some(plies) => {
                self.blind_plies = plies;
                None
            }
            None => Some(self.blind_plies),
        };
    }
}
