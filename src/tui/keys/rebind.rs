//! Key bindings from the config file: any action of the [`Keymap`] on any
//! keys, checked for keys that would clash.
//!
//! An action is named by its id (`puzzle.hint`, `global.quit`, written in
//! [`KEYMAP`](super::KEYMAP)); keys are written as the help writes them
//! (`F5`, `Ctrl-T`, `Enter`, `q`).

use std::borrow::Cow;

use ratatui::crossterm::event::{KeyCode, KeyModifiers};

use super::{Key, Keymap, Scope, scopes};
use crate::config::{KeyOverride, Problem};
use crate::tui::context::KeyContext;

/// Ctrl-Z: the runner suspends on it before any binding is looked at.
const SUSPEND: Key = (KeyCode::Char('z'), KeyModifiers::CONTROL);

/// Ids that have been renamed, with the id they go by now: a config file
/// written for an earlier Sancho keeps working.
const RENAMED: [(&str, &str); 4] = [
    ("edit.delete-←", "edit.backspace"),
    ("edit.delete-→", "edit.delete"),
    ("page.scroll", "page.page-down"),
    ("filter.change", "filter.more"),
];

/// The id `id` goes by now.
pub(super) fn current_id(id: &str) -> &str {
    RENAMED
        .iter()
        .find(|(old, _)| *old == id)
        .map_or(id, |(_, new)| new)
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
    KeyContext::ALL.iter().any(|s| {
        let on = scopes(s);
        on.contains(&a) && on.contains(&b)
    })
}

/// Whether a scope applies only where letters go to an input line (so a
/// plain character bound there would type instead).
fn typing(scope: Scope) -> bool {
    KeyContext::ALL
        .iter()
        .filter(|s| scopes(s).contains(&scope))
        .all(KeyContext::types)
}

impl Keymap {
    /// This key map with `overrides` applied. An override that names no
    /// action, holds a key that cannot be read, or clashes with another
    /// binding on a screen where both apply is reported (with its line)
    /// and that action keeps its keys.
    pub fn rebind(&self, overrides: &[KeyOverride]) -> (Keymap, Vec<Problem>) {
        let base = &self.bindings;
        let mut map = base.clone();
        let mut problems = Vec::new();
        let mut changed: Vec<(usize, usize)> = Vec::new(); // (binding, override)
        for (o, over) in overrides.iter().enumerate() {
            let problem = |message: String| Problem {
                line: over.line,
                key: format!("keys.{}", over.action),
                message,
            };
            let id = current_id(&over.action);
            let Some(i) = map.iter().position(|b| b.id == id) else {
                problems.push(problem(
                    "no such action (`sancho config show` lists them by id)".to_owned(),
                ));
                continue;
            };
            let keys: Option<Vec<Key>> = over.keys.iter().map(|k| parse_key(k)).collect();
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
                    if typing(map[i].scope)
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
                    map[i].keys = Cow::Owned(keys);
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
                        other.id
                    ),
                });
                revert.push(i);
            }
        }
        for i in revert {
            map[i].keys.clone_from(&base[i].keys);
        }
        problems.sort_by_key(|p| p.line);
        (Keymap { bindings: map }, problems)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tui::Action;
    use crate::tui::keys::{Binding, KEYMAP};

    fn over(action: &str, keys: &[&str], line: usize) -> KeyOverride {
        KeyOverride {
            action: action.to_owned(),
            keys: keys.iter().map(|k| (*k).to_owned()).collect(),
            line,
        }
    }

    #[test]
    fn ids_are_unique_named_by_scope_and_every_default_key_reads_back() {
        let mut ids: Vec<&str> = KEYMAP.iter().map(|b| b.id).collect();
        ids.sort_unstable();
        let all = ids.len();
        ids.dedup();
        assert_eq!(ids.len(), all, "two actions share an id");
        for binding in KEYMAP {
            let scope = format!("{:?}.", binding.scope).to_lowercase();
            assert!(binding.id.starts_with(&scope), "{}", binding.id);
            assert!(binding.id.is_ascii(), "{}", binding.id);
            for &key in binding.keys.iter() {
                let label = key_name(key);
                assert_eq!(parse_key(&label), Some(key), "{label}");
            }
        }
        for (old, new) in RENAMED {
            assert!(KEYMAP.iter().all(|b| b.id != old), "{old} is still an id");
            assert!(KEYMAP.iter().any(|b| b.id == new), "{new} is no id");
        }
    }

    /// Every id a config file could name before ids were written down (they
    /// were built from the footer's words then), with what it moves: each
    /// still names the same binding.
    #[test]
    fn every_earlier_id_keeps_working() {
        use Action as A;
        use Scope as S;
        let earlier = [
            ("puzzle.play", A::Submit, S::Puzzle),
            ("puzzle.complete", A::Complete, S::Puzzle),
            ("edit.recall", A::RecallLast, S::Edit),
            ("puzzle.hint", A::Hint, S::Puzzle),
            ("puzzle.solution", A::ShowSolution, S::Puzzle),
            ("puzzle.next", A::Next, S::Puzzle),
            ("puzzle.retry", A::Retry, S::Puzzle),
            ("puzzle.flip", A::FlipBoard, S::Puzzle),
            ("puzzle.themes", A::ToggleThemes, S::Puzzle),
            ("edit.delete-←", A::Backspace, S::Edit),
            ("edit.delete-→", A::Delete, S::Edit),
            ("edit.left", A::Left, S::Edit),
            ("edit.right", A::Right, S::Edit),
            ("edit.start", A::Home, S::Edit),
            ("edit.end", A::End, S::Edit),
            ("edit.clear", A::ClearLine, S::Edit),
            ("edit.word", A::DeleteWord, S::Edit),
            ("puzzle.back", A::Back, S::Puzzle),
            ("run.play", A::Submit, S::Run),
            ("run.complete", A::Complete, S::Run),
            ("run.skip", A::Next, S::Run),
            ("run.flip", A::FlipBoard, S::Run),
            ("run.stop", A::Back, S::Run),
            ("answer.answer", A::Submit, S::Answer),
            ("answer.flip", A::FlipBoard, S::Answer),
            ("answer.stop", A::Back, S::Answer),
            ("vision.cursor", A::Down, S::Vision),
            ("find.up", A::Up, S::Find),
            ("find.down", A::Down, S::Find),
            ("find.left", A::Left, S::Find),
            ("find.right", A::Right, S::Find),
            ("menu.up", A::Up, S::Menu),
            ("menu.down", A::Down, S::Menu),
            ("menu.left", A::Left, S::Menu),
            ("menu.right", A::Right, S::Menu),
            ("menu.open", A::Select, S::Menu),
            ("menu.back", A::Back, S::Menu),
            ("page.up", A::Up, S::Page),
            ("page.down", A::Down, S::Page),
            ("page.page-up", A::ScrollUp, S::Page),
            ("page.scroll", A::ScrollDown, S::Page),
            ("page.continue", A::Select, S::Page),
            ("page.back", A::Back, S::Page),
            ("filter.up", A::Up, S::Filter),
            ("filter.down", A::Down, S::Filter),
            ("filter.page-up", A::ScrollUp, S::Filter),
            ("filter.page-down", A::ScrollDown, S::Filter),
            ("filter.less", A::Left, S::Filter),
            ("filter.change", A::Right, S::Filter),
            ("filter.any-of", A::Select, S::Filter),
            ("filter.all-of", A::ToggleAll, S::Filter),
            ("filter.clear", A::ResetFilter, S::Filter),
            ("filter.play", A::PlayFiltered, S::Filter),
            ("filter.back", A::Back, S::Filter),
            ("page.replay", A::Retry, S::Page),
            ("home.up", A::Up, S::Home),
            ("home.down", A::Down, S::Home),
            ("home.easier", A::Left, S::Home),
            ("home.harder", A::Right, S::Home),
            ("home.select", A::Select, S::Home),
            ("home.quit", A::Quit, S::Home),
            ("help.close", A::Back, S::Help),
            ("global.help", A::ToggleHelp, S::Global),
            ("global.quit", A::Quit, S::Global),
        ];
        // Bindings added since ids were written down.
        let added = [
            "filter.erase",
            "global.pieces",
            "puzzle.play-out",
            "game.play",
            "game.complete",
            "game.board",
            "game.words",
            "game.flip",
            "game.resign",
            "gameover.again",
            "gameover.flip",
            "gameover.back",
            "puzzle.difficulty",
            "home.blind",
            "sets.up",
            "sets.down",
            "sets.play",
            "sets.new",
            "sets.delete",
            "sets.back",
        ];
        assert!(added.iter().all(|id| KEYMAP.iter().any(|b| b.id == *id)));
        assert_eq!(
            earlier.len() + added.len(),
            KEYMAP.len(),
            "every binding had an id"
        );
        let keymap = Keymap::default();
        for (id, action, scope) in earlier {
            let binding = keymap.binding(id).unwrap_or_else(|| panic!("{id}"));
            assert_eq!((&binding.action, binding.scope), (&action, scope), "{id}");
            let (moved, problems) = keymap.rebind(&[over(id, &["F12"], 1)]);
            assert_eq!(problems, [], "{id}");
            let f12 = (KeyCode::F(12), KeyModifiers::NONE);
            assert_eq!(moved.binding(id).map(|b| &b.keys[..]), Some(&[f12][..]));
        }
    }

    #[test]
    fn any_action_goes_to_any_free_key() {
        let (map, problems) =
            Keymap::default().rebind(&[over("puzzle.hint", &["F9", "Ctrl-G"], 4)]);
        assert_eq!(problems, vec![]);
        let hint = map.binding("puzzle.hint").unwrap();
        assert_eq!(
            hint.keys[..],
            [
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
            over("run.play", &["Ctrl-C"], 7),
            over("vision.cursor", &["v"], 8),
        ];
        let (map, problems) = Keymap::default().rebind(&overrides);
        let lines: Vec<(usize, &str)> = problems.iter().map(|p| (p.line, p.key.as_str())).collect();
        assert_eq!(
            lines,
            [
                (2, "keys.puzzle.hint"),
                (3, "keys.puzzle.nothing"),
                (4, "keys.global.quit"),
                (5, "keys.puzzle.solution"),
                (6, "keys.global.help"),
                (7, "keys.run.play"),
                (8, "keys.vision.cursor"),
            ]
        );
        assert!(
            problems[0].message.contains("clashes with puzzle.solution"),
            "{}",
            problems[0]
        );
        // Storm and Streak are a screen too: Ctrl-C there stays quit.
        assert!(
            problems[5].message.contains("clashes with global.quit"),
            "{}",
            problems[5]
        );
        for (new, old) in map.bindings().iter().zip(KEYMAP) {
            assert_eq!(new.keys, old.keys, "{}", old.id);
        }
    }

    #[test]
    fn a_swap_of_two_keys_is_no_clash() {
        let (map, problems) = Keymap::default().rebind(&[
            over("puzzle.hint", &["F3"], 1),
            over("puzzle.solution", &["F2"], 2),
        ]);
        assert_eq!(problems, []);
        let f = |n| (KeyCode::F(n), KeyModifiers::NONE);
        assert_eq!(map.binding("puzzle.hint").unwrap().keys[..], [f(3)]);
        assert_eq!(map.binding("puzzle.solution").unwrap().keys[..], [f(2)]);
    }

    #[test]
    fn every_context_has_its_place_in_all() {
        for (i, context) in KeyContext::ALL.iter().enumerate() {
            assert_eq!(context.position(), i, "{context:?}");
        }
    }

    /// On every screen, moving any action onto a key that another binding
    /// of that screen holds is refused: no screen is left out of the check.
    #[test]
    fn every_screen_is_checked_for_clashes() {
        let keymap = Keymap::default();
        let mut checked = 0;
        for screen in KeyContext::ALL {
            let on: Vec<&Binding> = keymap.bindings_for(&screen).collect();
            for moved in &on {
                for other in &on {
                    let Some(&key) = other.keys.first() else {
                        continue;
                    };
                    if moved.id == other.id || moved.keys.contains(&key) {
                        continue;
                    }
                    let (map, problems) =
                        keymap.rebind(&[over(moved.id, &[key_name(key).as_str()], 1)]);
                    assert_eq!(
                        problems.len(),
                        1,
                        "{} onto {} ({}) on {screen:?}",
                        moved.id,
                        key_name(key),
                        other.id
                    );
                    assert_eq!(map, keymap, "{} keeps its keys", moved.id);
                    checked += 1;
                }
            }
        }
        assert!(checked > 1000, "{checked}");
    }
}
