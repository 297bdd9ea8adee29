//! The terminal interface: a ratatui shell around the puzzle session, the
//! drills and lessons, and the stats.
//!
//! The caller passes a [`Config`] (looks, [`Start`] screen) and a
//! [`Context`] (stats, completed lessons, weak codes, seed), and records
//! each [`Finished`] puzzle, drill and lesson through the [`Recorder`] it
//! gives [`run`].
//!
//! The shape follows the Elm architecture: [`Action`] is everything a user
//! can ask for, [`keys::action_for`] is the one place keys become actions,
//! [`App::update`] is the only mutator and returns [`Effect`]s that the
//! runner performs (answers come back through [`App::answer`]), and
//! [`view::render`] draws the app without side effects. [`run`] owns the terminal and the clock and passes
//! time in as [`Action::Tick`], so the app itself is plain, testable state.

pub mod action;
pub mod app;
pub mod config;
pub mod coords;
pub mod drill;
pub mod effect;
pub mod filter;
pub mod input;
pub mod keys;
pub mod play;
pub mod refuter;
pub mod runner;
pub mod scoresheet;
pub mod storm;
pub mod strings;
pub mod theme;
pub mod view;
pub mod worker;

pub use action::{Action, mouse_action};
pub use app::{App, DrillEntry, MenuItem, Screen, View};
pub use config::{Config, Context, Finished, Start};
pub use coords::{CoordRow, CoordSetupScreen};
pub use drill::{DrillScreen, Phase};
pub use effect::{Effect, Recorder, Refute, Reply, Request};
pub use filter::{FilterState, LibrarySource, PuzzleSource};
pub use keys::{KEYMAP, action_for};
pub use play::{Play, PlayedPuzzle, REPLY_DELAY_MS};
pub use refuter::Refuter;
pub use runner::run;
pub use scoresheet::ScoresheetScreen;
pub use storm::RunScreen;
pub use view::{MIN_HEIGHT, MIN_WIDTH, render};
pub use worker::{OpenSource, Worker};
