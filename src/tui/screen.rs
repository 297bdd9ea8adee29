//! The screen shown: one value per screen, each carrying the state only it
//! has, so that no screen can be shown without its state and no state is
//! left behind by a screen that is gone.
//!
//! What outlives a visit is parked in the [`App`](super::App) when its
//! screen is left (the puzzle the user will come back to, the library's
//! filter, the coordinates drill's options) and taken back when it opens
//! again. [`View`] names a screen without its state (what tests and the
//! geometry compare); [`KeyContext`] is what the keys mean on it, both
//! derived here by exhaustive matches.

use super::context::KeyContext;
use super::coords::CoordSetupScreen;
use super::drill::{DrillScreen, Phase};
use super::filter::FilterState;
use super::game::GameScreen;
use super::game_setup::GameSetupScreen;
use super::guess::GuessScreen;
use super::play::Play;
use super::repertoire::RepertoireScreen;
use super::scoresheet::ScoresheetScreen;
use super::sets::SetsScreen;
use super::storm::RunScreen;
use crate::drill::Lesson;

/// The screen shown under the help overlay, with its state.
#[derive(Debug)]
pub(crate) enum Screen {
    /// The home menu.
    Home,
    /// A puzzle being played (or just ended).
    Puzzle(Box<Play>),
    /// The drills menu.
    Drills,
    /// A drill (or a lesson's exercises), its verdicts and its summary.
    Drill {
        /// The drill.
        drill: Box<DrillScreen>,
        /// How far its summary is scrolled, in lines.
        scroll: u16,
    },
    /// The lesson list.
    Lessons,
    /// A lesson's page.
    Lesson {
        /// The lesson.
        lesson: &'static Lesson,
        /// How far the page is scrolled, in lines.
        scroll: u16,
    },
    /// The stats.
    Stats,
    /// The puzzles played lately, with their result.
    History {
        /// How far the list is scrolled, in lines.
        scroll: u16,
    },
    /// The library filter.
    Filter(Box<FilterState>),
    /// The coordinates drill's start screen (its options).
    CoordSetup(CoordSetupScreen),
    /// The scoresheet trainer, then its summary.
    Scoresheet {
        /// The sheet being written.
        sheet: Box<ScoresheetScreen>,
        /// How far the summary is scrolled, in lines.
        scroll: u16,
    },
    /// A Storm or Streak run, then its summary.
    Run {
        /// The run.
        run: Box<RunScreen>,
        /// How far the summary is scrolled, in lines.
        scroll: u16,
    },
    /// Guess the move, then its summary.
    Guess {
        /// The run.
        guess: Box<GuessScreen>,
        /// How far the summary is scrolled, in lines.
        scroll: u16,
    },
    /// The repertoire trainer, then its summary.
    Repertoire(Box<RepertoireScreen>),
    /// A game against the engine, then its end.
    Game(Box<GameScreen>),
    /// The home entry's choices before a game.
    GameSetup(Box<GameSetupScreen>),
    /// The Woodpecker sets: listed, made, played.
    Sets(Box<SetsScreen>),
}

/// Which screen is shown, without its state.
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
    /// The history screen.
    History,
    /// The library filter screen.
    Filter,
    /// The coordinates drill's start screen (its options).
    CoordSetup,
    /// The scoresheet trainer.
    Scoresheet,
    /// A Storm or Streak run, then its summary.
    Run,
    /// Guess the move, then its summary.
    Guess,
    /// The repertoire trainer, then its summary.
    Repertoire,
    /// A game against the engine, then its end.
    Game,
    /// The home entry's choices before a game.
    GameSetup,
    /// The Sets screen.
    Sets,
}

impl Screen {
    /// Which screen this is.
    pub(crate) fn view(&self) -> View {
        match self {
            Screen::Home => View::Home,
            Screen::Puzzle(_) => View::Puzzle,
            Screen::Drills => View::Drills,
            Screen::Drill { .. } => View::Drill,
            Screen::Lessons => View::Lessons,
            Screen::Lesson { .. } => View::Lesson,
            Screen::Stats => View::Stats,
            Screen::History { .. } => View::History,
            Screen::Filter(_) => View::Filter,
            Screen::CoordSetup(_) => View::CoordSetup,
            Screen::Scoresheet { .. } => View::Scoresheet,
            Screen::Run { .. } => View::Run,
            Screen::Guess { .. } => View::Guess,
            Screen::Repertoire(_) => View::Repertoire,
            Screen::Game(_) => View::Game,
            Screen::GameSetup(_) => View::GameSetup,
            Screen::Sets(_) => View::Sets,
        }
    }

    /// What the keys mean on this screen (the help overlay aside).
    pub(crate) fn key_context(&self) -> KeyContext {
        match self {
            Screen::Home => KeyContext::Home,
            Screen::Puzzle(play) => KeyContext::Puzzle {
                input_empty: play.input().is_empty(),
            },
            Screen::Drills | Screen::Lessons | Screen::CoordSetup(_) | Screen::GameSetup(_) => {
                KeyContext::Menu
            }
            Screen::Game(game) => {
                if game.is_over() {
                    KeyContext::GameOver
                } else {
                    KeyContext::Game {
                        input_empty: game.input().is_empty(),
                    }
                }
            }
            Screen::Lesson { .. } | Screen::Stats | Screen::History { .. } => KeyContext::Page,
            Screen::Filter(_) => KeyContext::Filter,
            Screen::Drill { drill, .. } => {
                if drill.finding() {
                    KeyContext::Find
                } else if drill.phase() == Phase::Summary {
                    KeyContext::Page
                } else {
                    KeyContext::Answer {
                        input_empty: drill.input().is_empty(),
                    }
                }
            }
            Screen::Scoresheet { sheet, .. } => {
                if sheet.is_finished() {
                    KeyContext::Page
                } else {
                    KeyContext::Answer {
                        input_empty: sheet.input().is_empty(),
                    }
                }
            }
            Screen::Guess { guess, .. } => {
                if guess.is_finished() {
                    KeyContext::Page
                } else {
                    KeyContext::Answer {
                        input_empty: guess.input().is_empty(),
                    }
                }
            }
            // The run's summary is a page.
            Screen::Run { run, .. } => match run.play() {
                Some(play) => KeyContext::Run {
                    input_empty: play.input().is_empty(),
                },
                None => KeyContext::Page,
            },
            Screen::Repertoire(rep) => {
                if rep.is_finished() {
                    KeyContext::Page
                } else {
                    KeyContext::Answer {
                        input_empty: rep.input().is_empty(),
                    }
                }
            }
            Screen::Sets(sets) => match (sets.input(), sets.form()) {
                (Some(line), _) => KeyContext::Answer {
                    input_empty: line.is_empty(),
                },
                (None, Some(_)) => KeyContext::Filter,
                (None, None) => KeyContext::Sets,
            },
        }
    }

    /// How far the page shown is scrolled (0 on screens that do not scroll).
    pub(crate) fn scroll(&self) -> u16 {
        match self {
            Screen::Drill { scroll, .. }
            | Screen::Lesson { scroll, .. }
            | Screen::Scoresheet { scroll, .. }
            | Screen::Run { scroll, .. }
            | Screen::Guess { scroll, .. }
            | Screen::History { scroll } => *scroll,
            Screen::Home
            | Screen::Puzzle(_)
            | Screen::Drills
            | Screen::Lessons
            | Screen::Stats
            | Screen::Filter(_)
            | Screen::CoordSetup(_)
            | Screen::Repertoire(_)
            | Screen::Game(_)
            | Screen::GameSetup(_) => 0,
            Screen::Sets(_) => 0,
        }
    }
}
