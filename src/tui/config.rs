//! What the caller passes in ([`Config`], [`Start`], [`Context`]); what the
//! interface hands back to record is the core's
//! [`Finished`](crate::train::Finished).

use std::collections::BTreeSet;

use super::keys::Keymap;
use crate::drill::DrillKind;
use crate::notation::Strictness;
use crate::progress::{ModeRecords, Stats};

/// How the interface looks, which keys do what, and where it opens; set
/// by the command line and the config file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Config {
    /// Letters (`K`, `q`) instead of Unicode chess pieces.
    pub ascii: bool,
    /// No colour at all (the `NO_COLOR` convention); highlights then use
    /// brackets and text modifiers (bold, underline, reverse video).
    pub no_color: bool,
    /// Chess figures even where the terminal looks unable to draw them
    /// (`TERM=linux`, `dumb`); `ascii` wins over it.
    pub figures: bool,
    /// Large figures drawn from several characters where a square is at
    /// least 5 cells wide (the config file's `pieces = "large"`; F8
    /// switches on the screen). Letters and no colour draw one character.
    pub large_pieces: bool,
    /// The colour scheme (`None`: the default, dark).
    pub colors: Option<crate::tui::theme::Colors>,
    /// How many colours the terminal shows (the runner detects it).
    pub depth: crate::tui::theme::Depth,
    /// The opponent's pause before each reply in a puzzle (`None`: the
    /// built-in [`REPLY_DELAY_MS`](super::REPLY_DELAY_MS)).
    pub reply_delay_ms: Option<u64>,
    /// The screen to open on.
    pub start: Start,
    /// Blindfold puzzles: the position in words, no board until the
    /// puzzle ends (`play --blindfold`).
    pub blindfold: bool,
    /// Blind tactics (`play --blind N`): the board N plies before each
    /// puzzle, frozen until it ends, with the moves to read from it.
    pub blind: Option<u8>,
    /// The piece letters moves are typed and shown in (`--lang`, else the
    /// config file's `lang`; `None`: English).
    pub lang: Option<crate::notation::Lang>,
    /// How large the board is drawn (the config file's `board`).
    pub board: crate::config::BoardSize,
    /// Whether the live hint speaks during a puzzle (the config file's
    /// `live_hint`).
    pub live_hint: crate::config::LiveHint,
    /// How coordinates drills are set up (`drill coordinates --mode
    /// --colour --files --ranks --hide-coordinates`); the options screen
    /// starts from it.
    pub coordinates: crate::drill::CoordOptions,
    /// Whether an engine stands behind the runner: a finished puzzle's
    /// first wrong move is then sent to it ([`Effect::Refute`]) when the
    /// mate solver proves nothing.
    ///
    /// [`Effect::Refute`]: super::Effect::Refute
    pub engine: bool,
    /// The key map: the defaults, or with the config file's `[keys]`
    /// ([`Keymap::rebind`]).
    pub keys: Keymap,
    /// Which track the puzzles are played on (rated training, the course
    /// or replays), which decides how each attempt is recorded.
    pub track: crate::train::Track,
    /// Whether the first press of the hint or give-up key in a rated
    /// puzzle asks for a second press (the config file's `confirm_fail`).
    pub confirm_fail: bool,
    /// How far from the rating rated training serves puzzles (the
    /// command line's `--difficulty`, else the config file's); the home
    /// menu's ← → change it.
    pub difficulty: crate::train::Difficulty,
}

/// The screen the interface opens on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Start {
    /// The home menu.
    #[default]
    Home,
    /// The first puzzle (`sancho play`).
    Puzzles,
    /// The drills menu.
    Drills,
    /// A drill at once (`sancho drill KIND`).
    Drill {
        /// The kind.
        kind: DrillKind,
        /// The seed of its exercises (the caller reads the clock).
        seed: u64,
        /// How many exercises (transcribe: moves of the game, 0 for all).
        count: usize,
        /// Strict or lenient grading.
        strictness: Strictness,
        /// The 30-second timed mode (coordinates).
        timed: bool,
    },
    /// The lesson list.
    Lessons,
    /// A lesson's page, by its 1-based number.
    Lesson(usize),
    /// The stats screen.
    Stats,
    /// The scoresheet trainer on [`Context::scoresheet`] (`sancho drill
    /// scoresheet`): a move every `pace_ms`, or on Enter on an empty line.
    Scoresheet {
        /// Milliseconds between moves (`--pace`); `None`: on a key press.
        pace_ms: Option<u64>,
    },
    /// Guess the move on [`Context::guess`] (`sancho guess`).
    Guess,
    /// A game against the engine on [`Context::game`] (`sancho game`).
    Game,
    /// A Storm run at once (`sancho storm`).
    Storm {
        /// Seconds on the clock at the start.
        seconds: u32,
        /// The seed that picks the pool.
        seed: u64,
    },
    /// The repertoire trainer at once (`sancho repertoire train`), on the
    /// first of [`Context::repertoires`] with cards to ask.
    Repertoire,
    /// A Streak run at once (`sancho streak`).
    Streak {
        /// The seed that orders puzzles of equal rating.
        seed: u64,
    },
}

/// The data the screens show that lives in the store: the caller reads it
/// (the interface never opens the store itself).
#[derive(Clone, Debug, PartialEq)]
pub struct Context {
    /// The figures of the stats screen (`Progress::stats(now)`); `None`
    /// shows it as empty.
    pub stats: Option<Stats>,
    /// Ids of the lessons already completed (`lesson-3`), marked in the list.
    pub completed_lessons: BTreeSet<String>,
    /// Review drills: `drill::review_codes(&progress.slip_order(now))`
    /// (notation slips due for review first, then the most frequent).
    pub weak_codes: Vec<String>,
    /// The seed of drills started from the menu (each one adds 1).
    pub seed: u64,
    /// Grading of drills started from the menu and of lessons (strict by
    /// default, as in line mode: drills grade the notation itself).
    pub strictness: Strictness,
    /// Whether the puzzles passed in are the built-in packs (an attempt is
    /// then recorded under its pack's name).
    pub builtin: bool,
    /// Ids of the puzzles the user has solved cleanly (the header's "13
    /// solved"; the session's clean solves are added).
    pub solved: BTreeSet<String>,
    /// Each lesson's best score so far (`Progress::lesson_best`), shown in
    /// the list for lessons not yet passed.
    pub lesson_best: std::collections::BTreeMap<String, crate::progress::LessonScore>,
    /// The order to play the puzzles in, as indices into the list (due
    /// reviews, then the first unsolved: `progress::Resume::order`); empty
    /// plays the list in order from the top.
    pub order: Vec<usize>,
    /// The sheet [`Start::Scoresheet`] opens on (its game, how many moves,
    /// the letters).
    pub scoresheet: Option<crate::drill::Sheet>,
    /// The run [`Start::Guess`] opens on, with the events it began with.
    pub guess: Option<(
        crate::train::guess::Guess,
        Vec<crate::train::guess::GuessEvent>,
    )>,
    /// The game [`Start::Game`] opens on.
    pub game: Option<crate::tui::game::GameSetup>,
    /// The Storm and Streak bests so far (`Progress::mode_records(now)`),
    /// shown during a run and after it.
    pub records: Option<ModeRecords>,
    /// The pack of puzzles mined from the user's games (`sancho mine`
    /// writes `mined.json` in the data directory), when there is one: the
    /// home menu's "My games" plays it.
    pub mined: Option<std::path::PathBuf>,
    /// The user's repertoires, each with today's plan (due cards, then new
    /// ones up to the day's limit): the home menu's "Repertoire" trains
    /// them in turn.
    pub repertoires: Vec<(crate::repertoire::Repertoire, crate::repertoire::Plan)>,
    /// When the trainer was opened: a repertoire review is stamped with
    /// it plus the time that passed since.
    pub opened: crate::progress::Timestamp,
    /// The notation course (the hand-written packs in teaching order) and
    /// its resume order, for the home menu's Course while another track is
    /// played; `None` leaves the item saying how to open it.
    pub course: Option<(Vec<crate::puzzle::Puzzle>, Vec<usize>)>,
    /// Rated training's pool: each next puzzle is the one nearest the
    /// rating after the last result, at the difficulty (served after the
    /// puzzles passed in, usually none). Taken by the app.
    pub ladder: Option<crate::train::Ladder>,
    /// Weakness training's pool and the themes it trains (the user's
    /// weakest), for the home menu's Weakness training; `None` when no
    /// theme is weak yet.
    pub weak: Option<(crate::train::Ladder, Vec<String>)>,
    /// The puzzles whose last attempt failed, found where they came from,
    /// and whether each is built-in: the History screen's `r` replays them.
    pub replayable: Vec<(crate::puzzle::Puzzle, bool)>,
    /// The Woodpecker set the puzzles are (`sancho set play`), for the
    /// header: its name and the cycle under way.
    pub set: Option<SetHeader>,
}

/// A Woodpecker set as the puzzle header shows it: "set forks · cycle 3:
/// 5/20".
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetHeader {
    /// The set's name.
    pub name: String,
    /// The cycle being played (1-based).
    pub cycle: usize,
    /// Puzzles attempted in it so far.
    pub done: usize,
    /// The set's size.
    pub size: usize,
}

impl Default for Context {
    fn default() -> Context {
        Context {
            stats: None,
            completed_lessons: BTreeSet::new(),
            weak_codes: Vec::new(),
            seed: 0,
            strictness: Strictness::Strict,
            builtin: false,
            solved: BTreeSet::new(),
            lesson_best: std::collections::BTreeMap::new(),
            order: Vec::new(),
            scoresheet: None,
            guess: None,
            game: None,
            records: None,
            mined: None,
            repertoires: Vec::new(),
            opened: crate::progress::Timestamp(0),
            course: None,
            ladder: None,
            weak: None,
            replayable: Vec::new(),
            set: None,
        }
    }
}

/// How many exercises a drill started from the menu has (transcribe: the
/// whole game).
pub fn default_count(kind: DrillKind) -> usize {
    match kind {
        DrillKind::Transcribe => 0,
        _ => 10,
    }
}

/// Exercises generated for the timed coordinates drill (more than anyone
/// answers in 30 seconds).
pub const TIMED_COUNT: usize = 200;
