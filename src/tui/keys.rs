//! The key map: the one place where key presses become [`Action`]s.
//!
//! [`KEYMAP`] is the single table of default bindings; the config file's
//! `[keys]` may move actions to other keys ([`rebind`]), and the map in use
//! ([`keymap`]) is what the footer, the help overlay and [`action_for`]
//! read. On the puzzle screen every printable character goes to the input
//! line, so commands live on keys that never type a move: function keys,
//! Ctrl chords, Esc, Enter, Tab and the arrows. `?` opens the help only while
//! the input line is empty. Ctrl-H is not used for anything but Backspace,
//! because many terminals send Ctrl-H for Backspace.

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};

use super::action::Action;
use super::context::KeyContext;

mod label;
mod rebind;
pub use label::{key_label, keys_label};
pub use rebind::{action_name, install, key_name, keymap, rebind};

/// Where a binding applies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scope {
    /// Every screen.
    Global,
    /// The home menu.
    Home,
    /// The puzzle screen.
    Puzzle,
    /// The help overlay.
    Help,
    /// The input line's editing keys (puzzle and drill screens).
    Edit,
    /// A drill's answer screen.
    Answer,
    /// A drill's answer screen, not the "Find" one: the move vision
    /// cursor's Down.
    Vision,
    /// A coordinates "Find" exercise: the board cursor.
    Find,
    /// A list to choose from (drills, lessons).
    Menu,
    /// A page of text or figures (a lesson, the stats, a drill's summary).
    Page,
    /// The library filter (no input line: letters are commands).
    Filter,
    /// A Storm or Streak run (letters go to the input line).
    Run,
}

/// A key with its modifiers (only `NONE` and `CONTROL` are used).
pub type Key = (KeyCode, KeyModifiers);

/// One line of the key map.
#[derive(Clone, Debug)]
pub struct Binding {
    /// The keys that trigger the action; the first is the one the footer shows.
    pub keys: &'static [Key],
    /// What they do.
    pub action: Action,
    /// Where they apply.
    pub scope: Scope,
    /// A word or two for the footer.
    pub short: &'static str,
    /// A sentence for the help overlay.
    pub description: &'static str,
    /// Whether the footer lists it.
    pub footer: bool,
}

const N: KeyModifiers = KeyModifiers::NONE;
const C: KeyModifiers = KeyModifiers::CONTROL;

const fn b(
    keys: &'static [Key],
    action: Action,
    scope: Scope,
    short: &'static str,
    description: &'static str,
    footer: bool,
) -> Binding {
    Binding {
        keys,
        action,
        scope,
        short,
        description,
        footer,
    }
}

/// Every key binding, in the order the help overlay lists them.
pub const KEYMAP: &[Binding] = &[
    // Puzzle screen: playing.
    b(
        &[(KeyCode::Enter, N)],
        Action::Submit,
        Scope::Puzzle,
        "play",
        "play the typed move (next puzzle once it is over)",
        true,
    ),
    b(
        &[(KeyCode::Tab, N)],
        Action::Complete,
        Scope::Puzzle,
        "complete",
        "complete the move when one candidate is left",
        false,
    ),
    b(
        &[(KeyCode::Up, N)],
        Action::RecallLast,
        Scope::Edit,
        "recall",
        "recall the last submitted input",
        false,
    ),
    b(
        &[(KeyCode::F(2), N), (KeyCode::Char('t'), C)],
        Action::Hint,
        Scope::Puzzle,
        "hint",
        "hint: first the piece, then its square, then the move",
        true,
    ),
    b(
        &[(KeyCode::F(3), N), (KeyCode::Char('s'), C)],
        Action::ShowSolution,
        Scope::Puzzle,
        "solution",
        "give up and show the solution",
        true,
    ),
    b(
        &[(KeyCode::F(4), N), (KeyCode::Char('n'), C)],
        Action::Next,
        Scope::Puzzle,
        "next",
        "next puzzle",
        true,
    ),
    b(
        &[(KeyCode::F(5), N), (KeyCode::Char('r'), C)],
        Action::Retry,
        Scope::Puzzle,
        "retry",
        "start this puzzle over",
        true,
    ),
    b(
        &[(KeyCode::F(6), N), (KeyCode::Char('f'), C)],
        Action::FlipBoard,
        Scope::Puzzle,
        "flip",
        "turn the board around",
        true,
    ),
    b(
        &[(KeyCode::F(7), N)],
        Action::ToggleThemes,
        Scope::Puzzle,
        "themes",
        "show or hide the puzzle's themes (hidden until it ends)",
        false,
    ),
    // Puzzle screen: editing the input line, as in a shell.
    b(
        &[(KeyCode::Backspace, N), (KeyCode::Char('h'), C)],
        Action::Backspace,
        Scope::Edit,
        "delete ←",
        "delete the character before the cursor",
        false,
    ),
    b(
        &[(KeyCode::Delete, N), (KeyCode::Char('d'), C)],
        Action::Delete,
        Scope::Edit,
        "delete →",
        "delete the character under the cursor",
        false,
    ),
    b(
        &[(KeyCode::Left, N), (KeyCode::Char('b'), C)],
        Action::Left,
        Scope::Edit,
        "left",
        "cursor left",
        false,
    ),
    b(
        &[(KeyCode::Right, N)],
        Action::Right,
        Scope::Edit,
        "right",
        "cursor right",
        false,
    ),
    b(
        &[(KeyCode::Home, N), (KeyCode::Char('a'), C)],
        Action::Home,
        Scope::Edit,
        "start",
        "cursor to the start of the line",
        false,
    ),
    b(
        &[(KeyCode::End, N), (KeyCode::Char('e'), C)],
        Action::End,
        Scope::Edit,
        "end",
        "cursor to the end of the line",
        false,
    ),
    b(
        &[(KeyCode::Char('u'), C)],
        Action::ClearLine,
        Scope::Edit,
        "clear",
        "clear the line",
        false,
    ),
    b(
        &[(KeyCode::Char('w'), C)],
        Action::DeleteWord,
        Scope::Edit,
        "word",
        "delete the word before the cursor",
        false,
    ),
    b(
        &[(KeyCode::Esc, N)],
        Action::Back,
        Scope::Puzzle,
        "back",
        "back to the menu",
        true,
    ),
    // Storm and Streak.
    b(
        &[(KeyCode::Enter, N)],
        Action::Submit,
        Scope::Run,
        "play",
        "play the typed move",
        true,
    ),
    b(
        &[(KeyCode::Tab, N)],
        Action::Complete,
        Scope::Run,
        "complete",
        "complete the move when one candidate is left",
        false,
    ),
    b(
        &[(KeyCode::F(4), N), (KeyCode::Char('n'), C)],
        Action::Next,
        Scope::Run,
        "skip",
        "Streak: skip this puzzle (once a run)",
        true,
    ),
    b(
        &[(KeyCode::F(6), N), (KeyCode::Char('f'), C)],
        Action::FlipBoard,
        Scope::Run,
        "flip",
        "turn the board around",
        false,
    ),
    b(
        &[(KeyCode::Esc, N)],
        Action::Back,
        Scope::Run,
        "stop",
        "end the run here and see its summary",
        true,
    ),
    // Drill screen.
    b(
        &[(KeyCode::Enter, N)],
        Action::Submit,
        Scope::Answer,
        "answer",
        "check the typed answer (next exercise once it is checked)",
        true,
    ),
    b(
        &[(KeyCode::F(6), N), (KeyCode::Char('f'), C)],
        Action::FlipBoard,
        Scope::Answer,
        "flip",
        "turn the board around",
        true,
    ),
    b(
        &[(KeyCode::Esc, N)],
        Action::Back,
        Scope::Answer,
        "stop",
        "end the drill here and see its summary",
        true,
    ),
    b(
        &[(KeyCode::Down, N)],
        Action::Down,
        Scope::Vision,
        "cursor",
        "move vision, on an empty line: the board cursor down (↑ ← → too)",
        false,
    ),
    // Coordinates "Find": the board cursor.
    b(
        &[(KeyCode::Up, N), (KeyCode::Char('k'), N)],
        Action::Up,
        Scope::Find,
        "up",
        "cursor one square up the board",
        false,
    ),
    b(
        &[(KeyCode::Down, N), (KeyCode::Char('j'), N)],
        Action::Down,
        Scope::Find,
        "down",
        "cursor one square down the board",
        false,
    ),
    b(
        &[(KeyCode::Left, N), (KeyCode::Char('h'), N)],
        Action::Left,
        Scope::Find,
        "left",
        "cursor one square left",
        false,
    ),
    b(
        &[(KeyCode::Right, N), (KeyCode::Char('l'), N)],
        Action::Right,
        Scope::Find,
        "right",
        "cursor one square right",
        false,
    ),
    // Lists.
    b(
        &[(KeyCode::Up, N), (KeyCode::Char('k'), N)],
        Action::Up,
        Scope::Menu,
        "up",
        "previous item",
        false,
    ),
    b(
        &[(KeyCode::Down, N), (KeyCode::Char('j'), N)],
        Action::Down,
        Scope::Menu,
        "down",
        "next item",
        false,
    ),
    b(
        &[(KeyCode::Left, N), (KeyCode::Char('h'), N)],
        Action::Left,
        Scope::Menu,
        "left",
        "options: the previous choice",
        false,
    ),
    b(
        &[(KeyCode::Right, N), (KeyCode::Char('l'), N)],
        Action::Right,
        Scope::Menu,
        "right",
        "options: the next choice",
        false,
    ),
    b(
        &[(KeyCode::Enter, N)],
        Action::Select,
        Scope::Menu,
        "open",
        "open the highlighted item",
        true,
    ),
    b(
        &[(KeyCode::Esc, N), (KeyCode::Char('q'), N)],
        Action::Back,
        Scope::Menu,
        "back",
        "back to the previous menu",
        true,
    ),
    // Pages.
    b(
        &[(KeyCode::Up, N), (KeyCode::Char('k'), N)],
        Action::Up,
        Scope::Page,
        "up",
        "scroll up a line",
        false,
    ),
    b(
        &[(KeyCode::Down, N), (KeyCode::Char('j'), N)],
        Action::Down,
        Scope::Page,
        "down",
        "scroll down a line",
        false,
    ),
    b(
        &[(KeyCode::PageUp, N), (KeyCode::Char('b'), N)],
        Action::ScrollUp,
        Scope::Page,
        "page up",
        "scroll up a page",
        false,
    ),
    b(
        &[(KeyCode::PageDown, N), (KeyCode::Char(' '), N)],
        Action::ScrollDown,
        Scope::Page,
        "scroll",
        "scroll down a page",
        true,
    ),
    b(
        &[(KeyCode::Enter, N)],
        Action::Select,
        Scope::Page,
        "continue",
        "go on (a lesson: start its exercises)",
        true,
    ),
    b(
        &[(KeyCode::Esc, N), (KeyCode::Char('q'), N)],
        Action::Back,
        Scope::Page,
        "back",
        "back to the previous menu",
        true,
    ),
    // Library filter.
    b(
        &[(KeyCode::Up, N), (KeyCode::Char('k'), N)],
        Action::Up,
        Scope::Filter,
        "up",
        "previous row",
        false,
    ),
    b(
        &[(KeyCode::Down, N), (KeyCode::Char('j'), N)],
        Action::Down,
        Scope::Filter,
        "down",
        "next row",
        false,
    ),
    b(
        &[(KeyCode::PageUp, N)],
        Action::ScrollUp,
        Scope::Filter,
        "page up",
        "ten rows up",
        false,
    ),
    b(
        &[(KeyCode::PageDown, N)],
        Action::ScrollDown,
        Scope::Filter,
        "page down",
        "ten rows down",
        false,
    ),
    b(
        &[(KeyCode::Left, N), (KeyCode::Char('-'), N)],
        Action::Left,
        Scope::Filter,
        "less",
        "lower the highlighted rating or popularity",
        false,
    ),
    b(
        &[
            (KeyCode::Right, N),
            (KeyCode::Char('+'), N),
            (KeyCode::Char('='), N),
        ],
        Action::Right,
        Scope::Filter,
        "change",
        "raise the highlighted rating or popularity",
        true,
    ),
    b(
        &[(KeyCode::Char(' '), N), (KeyCode::Enter, N)],
        Action::Select,
        Scope::Filter,
        "any of",
        "theme in or out of \"any of\" (a puzzle needs one of them)",
        true,
    ),
    b(
        &[(KeyCode::Char('a'), N)],
        Action::ToggleAll,
        Scope::Filter,
        "all of",
        "theme in or out of \"all of\" (a puzzle needs every one)",
        true,
    ),
    b(
        &[(KeyCode::Char('c'), N)],
        Action::ResetFilter,
        Scope::Filter,
        "clear",
        "clear the whole filter",
        false,
    ),
    b(
        &[
            (KeyCode::F(9), N),
            (KeyCode::Char('p'), C),
            (KeyCode::Char('p'), N),
        ],
        Action::PlayFiltered,
        Scope::Filter,
        "play",
        "play the puzzles the filter keeps",
        true,
    ),
    b(
        &[(KeyCode::Esc, N), (KeyCode::Char('q'), N)],
        Action::Back,
        Scope::Filter,
        "back",
        "back to the menu",
        true,
    ),
    // Home menu.
    b(
        &[(KeyCode::Up, N), (KeyCode::Char('k'), N)],
        Action::Up,
        Scope::Home,
        "up",
        "previous item",
        false,
    ),
    b(
        &[(KeyCode::Down, N), (KeyCode::Char('j'), N)],
        Action::Down,
        Scope::Home,
        "down",
        "next item",
        false,
    ),
    b(
        &[(KeyCode::Enter, N)],
        Action::Select,
        Scope::Home,
        "select",
        "open the highlighted item",
        true,
    ),
    b(
        &[(KeyCode::Char('q'), N)],
        Action::Quit,
        Scope::Home,
        "quit",
        "leave Sancho",
        true,
    ),
    // Help overlay.
    b(
        &[(KeyCode::Esc, N), (KeyCode::Char('q'), N)],
        Action::Back,
        Scope::Help,
        "close",
        "close the help",
        true,
    ),
    // Everywhere.
    b(
        &[(KeyCode::F(1), N), (KeyCode::Char('?'), N)],
        Action::ToggleHelp,
        Scope::Global,
        "help",
        "this help (? only while the input line is empty)",
        true,
    ),
    b(
        &[(KeyCode::Char('c'), C)],
        Action::Quit,
        Scope::Global,
        "quit",
        "leave Sancho at once",
        true,
    ),
];

/// The scopes that apply on a screen, most specific first.
fn scopes(screen: &KeyContext) -> &'static [Scope] {
    match screen {
        KeyContext::Home => &[Scope::Home, Scope::Global],
        KeyContext::Puzzle { .. } => &[Scope::Puzzle, Scope::Edit, Scope::Global],
        KeyContext::Answer { .. } => &[Scope::Answer, Scope::Vision, Scope::Edit, Scope::Global],
        KeyContext::Find => &[Scope::Find, Scope::Answer, Scope::Global],
        KeyContext::Menu => &[Scope::Menu, Scope::Global],
        KeyContext::Page => &[Scope::Page, Scope::Global],
        KeyContext::Help => &[Scope::Help, Scope::Global],
        KeyContext::Filter => &[Scope::Filter, Scope::Global],
        KeyContext::Run { .. } => &[Scope::Run, Scope::Edit, Scope::Global],
    }
}

/// The bindings that apply on `screen`, in table order.
pub fn bindings_for(screen: &KeyContext) -> impl Iterator<Item = &'static Binding> {
    let scopes = scopes(screen);
    keymap().iter().filter(move |b| scopes.contains(&b.scope))
}

/// Maps a key event to an action on `screen`; `None` for releases, repeats
/// and keys that mean nothing here.
pub fn action_for(key: KeyEvent, screen: &KeyContext) -> Option<Action> {
    if key.kind != KeyEventKind::Press {
        return None;
    }
    // Shift only changes which character arrives; ignore it for matching.
    let mods = key.modifiers - KeyModifiers::SHIFT;
    let code = match key.code {
        KeyCode::BackTab => KeyCode::Tab,
        other => other,
    };
    let typing = match screen {
        KeyContext::Puzzle { input_empty }
        | KeyContext::Answer { input_empty }
        | KeyContext::Run { input_empty } => Some(*input_empty),
        _ => None,
    };
    if let (Some(input_empty), KeyCode::Char(c)) = (typing, code)
        && mods.is_empty()
        && !(c == '?' && input_empty)
    {
        return Some(Action::Insert(c));
    }
    scopes(screen).iter().find_map(|&scope| {
        keymap()
            .iter()
            .filter(|b| b.scope == scope)
            .find(|b| b.keys.contains(&(code, mods)))
            .map(|b| b.action.clone())
    })
}

#[cfg(test)]
mod tests;
