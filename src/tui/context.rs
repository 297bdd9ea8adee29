//! What the keys mean at this moment, derived from the app's state.
//!
//! Three small enums answer three different questions, and each has one
//! name: [`View`](super::View) names the screen drawn (the
//! [`Screen`](super::screen::Screen) that carries its state), [`KeyContext`]
//! is what the keys mean now (the screen plus whatever changes a key's
//! meaning, such as an empty input line or the help overlay), and
//! [`Scope`](super::keys::Scope) is where a binding of the key map applies;
//! a context turns on one or more scopes. Kept in its own file so that the
//! action, key and app modules can all name it without importing each
//! other.

/// What the keys mean now, as the key map needs to know it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KeyContext {
    /// The home menu.
    Home,
    /// The puzzle screen; `?` opens the help only while the input is empty.
    Puzzle {
        /// Whether the input line is empty.
        input_empty: bool,
    },
    /// A drill's exercise or verdict: letters go to the input line.
    Answer {
        /// Whether the input line is empty.
        input_empty: bool,
    },
    /// A coordinates "Find" exercise: the arrows or hjkl move a cursor on
    /// the board, Enter (or a click) chooses its square.
    Find,
    /// A list: the drills menu, the lessons.
    Menu,
    /// A page: a lesson's text, the stats, a drill's summary.
    Page,
    /// The help overlay (over any screen).
    Help,
    /// The library filter: letters are commands.
    Filter,
    /// The Sets screen's list: letters are commands.
    Sets,
    /// A Storm or Streak run: letters go to the input line.
    Run {
        /// Whether the input line is empty.
        input_empty: bool,
    },
    /// A game against the engine: letters go to the input line.
    Game {
        /// Whether the input line is empty.
        input_empty: bool,
    },
    /// A game against the engine that is over: letters are commands.
    GameOver,
}

impl KeyContext {
    /// Every context, each variant once (with an empty input line where
    /// there is one: the scopes do not depend on it). What is checked for
    /// key clashes; a context missing here would be a screen where a
    /// rebound key could silently shadow another.
    pub const ALL: [KeyContext; 12] = [
        KeyContext::Home,
        KeyContext::Puzzle { input_empty: true },
        KeyContext::Answer { input_empty: true },
        KeyContext::Find,
        KeyContext::Menu,
        KeyContext::Page,
        KeyContext::Help,
        KeyContext::Filter,
        KeyContext::Run { input_empty: true },
        KeyContext::Game { input_empty: true },
        KeyContext::GameOver,
        KeyContext::Sets,
    ];

    /// Its place in [`KeyContext::ALL`]. The match is exhaustive: a new
    /// context does not compile until it is given a place, and the tests
    /// check that [`KeyContext::ALL`] holds it there.
    pub const fn position(self) -> usize {
        match self {
            KeyContext::Home => 0,
            KeyContext::Puzzle { .. } => 1,
            KeyContext::Answer { .. } => 2,
            KeyContext::Find => 3,
            KeyContext::Menu => 4,
            KeyContext::Page => 5,
            KeyContext::Help => 6,
            KeyContext::Filter => 7,
            KeyContext::Run { .. } => 8,
            KeyContext::Game { .. } => 9,
            KeyContext::GameOver => 10,
            KeyContext::Sets => 11,
        }
    }

    /// Whether letters go to an input line here.
    pub fn types(&self) -> bool {
        match self {
            KeyContext::Puzzle { .. }
            | KeyContext::Answer { .. }
            | KeyContext::Run { .. }
            | KeyContext::Game { .. } => true,
            KeyContext::Home
            | KeyContext::Find
            | KeyContext::Menu
            | KeyContext::Page
            | KeyContext::Help
            | KeyContext::Filter
            | KeyContext::GameOver
            | KeyContext::Sets => false,
        }
    }
}
