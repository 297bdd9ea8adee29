//! The terminal interface: a ratatui shell around the puzzle session, the
//! drills and lessons, and the stats.
//!
//! The caller passes a [`Config`] (looks, key map, [`Start`] screen) and a
//! [`Context`] (stats, completed lessons, weak codes, seed), and records
//! each [`Finished`](crate::train::Finished) puzzle, drill and lesson
//! through the [`Recorder`] it gives [`run`].
//!
//! The shape follows the Elm architecture: [`Action`] is everything a user
//! can ask for, [`Keymap::action_for`] is the one place keys become actions,
//! [`App::update`] is the only mutator and returns [`Effect`]s that the
//! runner hands to [`Service`]s, threads that perform them off the UI
//! thread (answers come back through [`App::answer`]), and
//! [`view::render`] draws the app without side effects. [`run`] owns the
//! terminal and the clock and passes time in as [`Action::Tick`], so the
//! app itself is plain, testable state.

pub(crate) mod action;
pub(crate) mod app;
pub(crate) mod config;
pub(crate) mod context;
pub(crate) mod coords;
pub(crate) mod drill;
pub(crate) mod effect;
pub(crate) mod evaluator;
pub(crate) mod filter;
pub(crate) mod game;
pub(crate) mod game_setup;
pub(crate) mod guess;
pub(crate) mod input;
pub(crate) mod keys;
pub(crate) mod opponent;
pub(crate) mod play;
pub(crate) mod refuter;
pub(crate) mod repertoire;
pub(crate) mod runner;
pub(crate) mod saving;
pub(crate) mod scoresheet;
pub(crate) mod screen;
pub(crate) mod service;
pub(crate) mod sets;
pub(crate) mod storm;
pub mod strings;
pub(crate) mod theme;
pub mod view;
pub(crate) mod worker;

pub use action::{Action, mouse_action};
pub use app::{App, DrillEntry, MenuItem, View};
pub use config::{Config, Context, SetHeader, Start};
pub use context::KeyContext;
pub use coords::{CoordRow, CoordSetupScreen};
pub use drill::{DrillScreen, Phase};
pub use effect::{Effect, Evaluate, Recorder, Refute, Reply, Request, Think};
pub use evaluator::Evaluator;
pub use filter::{
    DEBOUNCE_MS, FIELD_ROWS, FilterState, LibrarySource, ListSource, Mark, PuzzleSource, answer,
};
pub use game::{GameScreen, GameSetup, SheetRow};
pub use game_setup::{GameRow, GameSetupScreen, StartChoice};
pub use guess::GuessScreen;
pub use keys::{Binding, KEYMAP, Key, Keymap, Scope, key_label, key_name, keys_label, parse_key};
pub use opponent::Opponent;
pub use play::{FailKey, Finish, Mover, Play, PlayedPuzzle, REPLY_DELAY_MS, StatusKind};
pub use refuter::Refuter;
pub use repertoire::{Phase as RepertoirePhase, RepertoireScreen, Tone};
pub use runner::{DRAIN_WAIT, IDLE, POLL, event_loop, event_loop_with, run};
pub use scoresheet::ScoresheetScreen;
pub use service::{Service, Waker, Woken};
pub use sets::{Making, SetAnswer, SetAsk, SetsScreen, answer_sets};
pub use storm::{Flash, RunEnd, RunScreen};
pub use theme::{Colors, Depth, Palette, SquareMark, Theme, detect};
pub use view::{MIN_HEIGHT, MIN_WIDTH, render};
pub use worker::{OpenSource, Worker};
