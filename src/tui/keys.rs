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
mod map;
mod rebind;

pub use label::{key_label, keys_label};
pub use map::KEYMAP;
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
