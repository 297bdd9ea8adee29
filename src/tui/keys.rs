//! The key map: the one place where key presses become [`Action`]s.
//!
//! [`KEYMAP`] is the table of default bindings, each with a stable id
//! (`puzzle.hint`) that the config file's `[keys]` names to move it to other
//! keys ([`Keymap::rebind`]). The [`Keymap`] in use is a value the app holds
//! (in its [`Config`](super::Config)): the footer, the help overlay and
//! [`Keymap::action_for`] read it. On the puzzle screen every printable
//! character goes to the input line, so commands live on keys that never
//! type a move: function keys, Ctrl chords, Esc, Enter, Tab and the arrows.
//! `?` opens the help only while the input line is empty. Ctrl-H is not
//! used for anything but Backspace, because many terminals send Ctrl-H for
//! Backspace.

use std::borrow::Cow;

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};

use super::action::Action;
use super::context::KeyContext;

mod label;
mod map;
mod rebind;

pub use label::{key_label, keys_label};
pub use map::KEYMAP;
pub use rebind::{key_name, parse_key};

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
    /// A game against the engine (letters go to the input line).
    Game,
    /// A game against the engine, over.
    GameOver,
    /// The Sets screen's list (letters are commands).
    Sets,
}

/// A key with its modifiers (only `NONE` and `CONTROL` are used).
pub type Key = (KeyCode, KeyModifiers);

/// One line of the key map.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Binding {
    /// The action's id in the config file's `[keys]` (`puzzle.hint`):
    /// stable, whatever the footer calls it.
    pub id: &'static str,
    /// The keys that trigger the action; the first is the one the footer shows.
    pub keys: Cow<'static, [Key]>,
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
    id: &'static str,
    keys: &'static [Key],
    action: Action,
    scope: Scope,
    short: &'static str,
    description: &'static str,
    footer: bool,
) -> Binding {
    Binding {
        id,
        keys: Cow::Borrowed(keys),
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
        KeyContext::Game { .. } => &[Scope::Game, Scope::Edit, Scope::Global],
        KeyContext::GameOver => &[Scope::GameOver, Scope::Global],
        KeyContext::Sets => &[Scope::Sets, Scope::Global],
    }
}

/// The key map in use: every binding with the keys it has now (the
/// defaults, or the config file's).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Keymap {
    bindings: Vec<Binding>,
}

impl Default for Keymap {
    /// The default bindings ([`KEYMAP`]).
    fn default() -> Keymap {
        Keymap {
            bindings: KEYMAP.to_vec(),
        }
    }
}

impl Keymap {
    /// Every binding, in the help's order.
    pub fn bindings(&self) -> &[Binding] {
        &self.bindings
    }

    /// The binding an id names (an id since renamed included).
    pub fn binding(&self, id: &str) -> Option<&Binding> {
        let id = rebind::current_id(id);
        self.bindings.iter().find(|b| b.id == id)
    }

    /// The bindings that apply on `screen`, in table order.
    pub fn bindings_for(&self, screen: &KeyContext) -> impl Iterator<Item = &Binding> {
        let scopes = scopes(screen);
        self.bindings
            .iter()
            .filter(move |b| scopes.contains(&b.scope))
    }

    /// Maps a key event to an action on `screen`; `None` for releases,
    /// repeats and keys that mean nothing here.
    pub fn action_for(&self, key: KeyEvent, screen: &KeyContext) -> Option<Action> {
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
            | KeyContext::Run { input_empty }
            | KeyContext::Game { input_empty } => Some(*input_empty),
            _ => None,
        };
        if let (Some(input_empty), KeyCode::Char(c)) = (typing, code)
            && mods.is_empty()
            && !(c == '?' && input_empty)
        {
            return Some(Action::Insert(c));
        }
        // On the filter screen digits type a rating.
        if let (KeyContext::Filter, KeyCode::Char(c)) = (screen, code)
            && mods.is_empty()
            && c.is_ascii_digit()
        {
            return Some(Action::Insert(c));
        }
        scopes(screen).iter().find_map(|&scope| {
            self.bindings
                .iter()
                .filter(|b| b.scope == scope)
                .find(|b| b.keys.contains(&(code, mods)))
                .map(|b| b.action.clone())
        })
    }
}

#[cfg(test)]
mod tests;
