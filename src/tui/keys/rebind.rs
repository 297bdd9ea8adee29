//! Key bindings from the config file: any action of [`KEYMAP`](super::KEYMAP)
//! on any keys, checked for keys that would clash.
//!
//! An action is named `scope.short` (`puzzle.hint`, `global.quit`); keys are
//! written as the help writes them (`F5`, `Ctrl-T`, `Enter`, `q`).

use ratatui::crossterm::event::{KeyCode, KeyModifiers};

use super::{Binding, Key, Scope, scopes};
use crate::config::{KeyOverride, Problem};
use crate::tui::context::KeyContext;

/// The key map in use: [`KEYMAP`](super::KEYMAP), or the one [`install`] set from the
/// config file at start.
static ACTIVE: std::sync::OnceLock<&'static [Binding]> = std::sync::OnceLock::new();

/// The key map in use (the footer, the help and [`action_for`](super::action_for) read it).
pub fn keymap() -> &'static [Binding] {
    ACTIVE.get().copied().unwrap_or(super::KEYMAP)
}

/// Sets the key map for the rest of the process (the binary, once, from
/// [`rebind`]); a second call changes nothing.
pub fn install(map: Vec<Binding>) {
    let _ = ACTIVE.set(Box::leak(map.into_boxed_slice()));
}

/// Ctrl-Z: the runner suspends on it before any binding is looked at.
const SUSPEND: Key = (KeyCode::Char('z'), KeyModifiers::CONTROL);

/// Every screen, to tell which scopes are ever active together.
const SCREENS: [KeyContext; 8] = [
    KeyContext::Home,
    KeyContext::Puzzle { input_empty: true },
    KeyContext::Answer { input_empty: true },
    KeyContext::Find,
    KeyContext::Menu,
    KeyContext::Page,
    KeyContext::Help,
    KeyContext::Filter,
];

/// The name of a binding's action in the config file.
pub fn action_name(binding: &Binding) -> String {
    let scope = format!("{:?}", binding.scope).to_lowercase();
    format!("{scope}.{}", binding.short.replace(' ', "-"))
}

/// A key as the config file writes it: as the help does, with arrows
/// spelt out (`Left`).
pub fn key_name(key: Key) -> String {
    super::key_label(key)
        .replace('←', "Left")
        .replace('→', "Right")
        .replace('↑', "Up")
        .replace('↓', "Down")
}

/// Reads a key as the help writes it: `F5`, `Ctrl-T`, `Enter`, `q`, `Space`.
pub fn parse_key(text: &str) -> Option<Key> {
    let text = text.trim();
    let (mods, name) = match text
        .strip_prefix("Ctrl-")
        .or_else(|| text.strip_prefix("ctrl-"))
    {
        Some(rest) => (KeyModifiers::CONTROL, rest),
        None => (KeyModifiers::NONE, text),
    };
    let named = [
        ("Enter", KeyCode::Enter),
        ("Tab", KeyCode::Tab),
        ("Esc", KeyCode::Esc),
        ("Backspace", KeyCode::Backspace),
        ("Del", KeyCode::Delete),
        ("Left", KeyCode::Left),
        ("Right", KeyCode::Right),
        ("Up", KeyCode::Up),
        ("Down", KeyCode::Down),
        ("Home", KeyCode::Home),
        ("End", KeyCode::End),
        ("PgUp", KeyCode::PageUp),
        ("PgDn", KeyCode::PageDown),
        ("Space", KeyCode::Char(' ')),
    ];
    let code = if let Some((_, code)) = named.iter().find(|(n, _)| n.eq_ignore_ascii_case(name)) {
        *code
    } else if let Some(n) = name
        .strip_prefix(['F', 'f'])
        .and_then(|n| n.parse::<u8>().ok())
        .filter(|n| (1..=12).contains(n))
    {
        KeyCode::F(n)
    } else {
        let mut chars = name.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) if !c.is_control() => {
                // Ctrl chords arrive as the lower-case letter.
                KeyCode::Char(if mods.is_empty() {
                    c
                } else {
                    c.to_ascii_lowercase()
                })
            }
            _ => return None,
        }
    };
    Some((code, mods))
}

/// Whether two scopes are ever active on the same screen.
fn overlap(a: Scope, b: Scope) -> bool {
    SCREENS.iter().any(|s| {
        let on = scopes(s);
        on.contains(&a) && on.contains(&b)
    })
}

/// The key map with `overrides` applied. An override that names no action,
/// holds a key that cannot be read, or clashes with another binding on a
/// screen where both apply is reported (with its line) and that action
/// keeps its default keys.
pub fn rebind(base: &[Binding], overrides: &[KeyOverride]) -> (Vec<Binding>, Vec<Problem>) {
    let mut map: Vec<Binding> = base.to_vec();
    let mut problems = Vec::new();
    let mut changed: Vec<(usize, usize)> = Vec::new(); // (binding, override)
    for (o, over) in overrides.iter().enumerate() {
        let problem = |message: String| Problem {
            line: over.line,
            key: format!("keys.{}", over.action),
            message,
        };
        let Some(i) = map.iter().position(|b| action_name(b) == over.action) else {
            problems.push(problem(
                "no such action (`sancho config show` lists them as scope.name)".to_owned(),
            ));
            continue;
        };
        let keys: Option<Vec<Key>> = over.keys.iter().map(|k| parse_key(k)).collect();
        let typing = matches!(
            map[i].scope,
            Scope::Puzzle | Scope::Edit | Scope::Answer | Scope::Run
        );
        match keys {
            None => problems.push(problem(format!(
                "cannot read the keys {:?} (write them as F5, Ctrl-T, Enter, q); keeping the default",
                over.keys
            ))),
            Some(keys) if keys.contains(&SUSPEND) => problems.push(problem(
                "Ctrl-Z suspends Sancho (fg brings it back); keeping the default".to_owned(),
            )),
            Some(keys) if keys.is_empty() => {
                problems.push(problem("no keys given; keeping the default".to_owned()));
            }
            Some(keys)
                if typing
                    && keys
                        .iter()
                        .any(|(c, m)| m.is_empty() && matches!(c, KeyCode::Char(_))) =>
            {
                problems.push(problem(
                    "a plain character types into the input line on this screen; use a function key or a Ctrl chord; keeping the default"
                        .to_owned(),
                ));
            }
            Some(keys) => {
                map[i].keys = Box::leak(keys.into_boxed_slice());
                changed.push((i, o));
            }
        }
    }
    // Clashes: an overridden binding sharing a key with another binding
    // whose scope is active on the same screen.
    let mut revert = Vec::new();
    for &(i, o) in &changed {
        let clash = map.iter().enumerate().find(|(j, other)| {
            *j != i
                && overlap(map[i].scope, other.scope)
                && other.keys.iter().any(|k| map[i].keys.contains(k))
        });
        if let Some((_, other)) = clash {
            problems.push(Problem {
                line: overrides[o].line,
                key: format!("keys.{}", overrides[o].action),
                message: format!(
                    "clashes with {} on the same screen; keeping the default",
                    action_name(other)
                ),
            });
            revert.push(i);
        }
    }
    for i in revert {
        map[i].keys = base[i].keys;
    }
    problems.sort_by_key(|p| p.line);
    (map, problems)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tui::Action;
    use crate::tui::keys::KEYMAP;

    fn over(action: &str, keys: &[&str], line: usize) -> KeyOverride {
        KeyOverride {
            action: action.to_owned(),
            keys: keys.iter().map(|k| (*k).to_owned()).collect(),
            line,
        }
    }

    #[test]
    fn names_are_unique_and_every_default_key_reads_back() {
        let mut names: Vec<String> = KEYMAP.iter().map(action_name).collect();
        names.sort();
        let all = names.len();
        names.dedup();
        assert_eq!(names.len(), all, "two actions share a name");
        for binding in KEYMAP {
            for &key in binding.keys {
                let label = key_name(key);
                assert_eq!(parse_key(&label), Some(key), "{label}");
            }
        }
    }

    #[test]
    fn any_action_goes_to_any_free_key() {
        let (map, problems) = rebind(KEYMAP, &[over("puzzle.hint", &["F9", "Ctrl-G"], 4)]);
        assert_eq!(problems, vec![]);
        let hint = map.iter().find(|b| b.action == Action::Hint).unwrap();
        assert_eq!(
            hint.keys,
            &[
                (KeyCode::F(9), KeyModifiers::NONE),
                (KeyCode::Char('g'), KeyModifiers::CONTROL)
            ]
        );
    }

    #[test]
    fn clashes_and_bad_entries_are_reported_by_line_and_keep_the_default() {
        let overrides = [
            over("puzzle.hint", &["F3"], 2),
            over("puzzle.nothing", &["F9"], 3),
            over("global.quit", &["Hyper-Q"], 4),
            over("puzzle.solution", &["x"], 5),
            over("global.help", &["F12", "Ctrl-Z"], 6),
        ];
        let (map, problems) = rebind(KEYMAP, &overrides);
        let lines: Vec<(usize, &str)> = problems.iter().map(|p| (p.line, p.key.as_str())).collect();
        assert_eq!(
            lines,
            [
                (2, "keys.puzzle.hint"),
                (3, "keys.puzzle.nothing"),
                (4, "keys.global.quit"),
                (5, "keys.puzzle.solution"),
                (6, "keys.global.help")
            ]
        );
        assert!(
            problems[0].message.contains("puzzle.solution"),
            "{}",
            problems[0]
        );
        for (new, old) in map.iter().zip(KEYMAP) {
            assert_eq!(new.keys, old.keys, "{}", action_name(old));
        }
    }
}
