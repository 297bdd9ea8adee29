//! How the footer and the help overlay write keys.

use ratatui::crossterm::event::{KeyCode, KeyModifiers};

use super::{Binding, Key};

/// A key as the footer and the help overlay write it (`F2`, `Ctrl-T`, `Enter`).
pub fn key_label(key: Key) -> String {
    let (code, mods) = key;
    let name = match code {
        KeyCode::Enter => "Enter".to_owned(),
        KeyCode::Tab => "Tab".to_owned(),
        KeyCode::Esc => "Esc".to_owned(),
        KeyCode::Backspace => "Backspace".to_owned(),
        KeyCode::Delete => "Del".to_owned(),
        KeyCode::Left => "←".to_owned(),
        KeyCode::Right => "→".to_owned(),
        KeyCode::Up => "↑".to_owned(),
        KeyCode::Down => "↓".to_owned(),
        KeyCode::Home => "Home".to_owned(),
        KeyCode::End => "End".to_owned(),
        KeyCode::PageUp => "PgUp".to_owned(),
        KeyCode::PageDown => "PgDn".to_owned(),
        KeyCode::Char(' ') => "Space".to_owned(),
        KeyCode::F(n) => format!("F{n}"),
        KeyCode::Char(c) if mods.contains(KeyModifiers::CONTROL) => {
            c.to_ascii_uppercase().to_string()
        }
        KeyCode::Char(c) => c.to_string(),
        other => format!("{other:?}"),
    };
    if mods.contains(KeyModifiers::CONTROL) {
        format!("Ctrl-{name}")
    } else {
        name
    }
}

/// All keys of a binding, written `F2 / Ctrl-T`.
pub fn keys_label(binding: &Binding) -> String {
    binding
        .keys
        .iter()
        .map(|&k| key_label(k))
        .collect::<Vec<_>>()
        .join(" / ")
}
