use super::*;

fn action_for(key: KeyEvent, screen: &KeyContext) -> Option<Action> {
    Keymap::default().action_for(key, screen)
}

fn press(code: KeyCode, mods: KeyModifiers) -> KeyEvent {
    KeyEvent::new(code, mods)
}

#[test]
fn every_binding_maps_back_to_its_action() {
    for binding in KEYMAP {
        let screen = match binding.scope {
            Scope::Home => KeyContext::Home,
            Scope::Help => KeyContext::Help,
            Scope::Puzzle | Scope::Edit | Scope::Global => KeyContext::Puzzle { input_empty: true },
            Scope::Answer | Scope::Vision => KeyContext::Answer { input_empty: true },
            Scope::Find => KeyContext::Find,
            Scope::Menu => KeyContext::Menu,
            Scope::Page => KeyContext::Page,
            Scope::Filter => KeyContext::Filter,
            Scope::Run => KeyContext::Run { input_empty: true },
            Scope::Game => KeyContext::Game { input_empty: true },
            Scope::GameOver => KeyContext::GameOver,
            Scope::Sets => KeyContext::Sets,
        };
        for &(code, mods) in binding.keys.iter() {
            assert_eq!(
                action_for(press(code, mods), &screen),
                Some(binding.action.clone()),
                "{} on {screen:?}",
                key_label((code, mods))
            );
        }
    }
}

#[test]
fn letters_type_on_the_puzzle_screen() {
    let typing = KeyContext::Puzzle { input_empty: false };
    let empty = KeyContext::Puzzle { input_empty: true };
    let answer = KeyContext::Answer { input_empty: true };
    let cases = [
        (KeyCode::Char('q'), N, &empty, Some(Action::Insert('q'))),
        (KeyCode::Char('k'), N, &empty, Some(Action::Insert('k'))),
        (
            KeyCode::Char('N'),
            KeyModifiers::SHIFT,
            &empty,
            Some(Action::Insert('N')),
        ),
        (KeyCode::Char('?'), N, &empty, Some(Action::ToggleHelp)),
        (KeyCode::Char('?'), N, &typing, Some(Action::Insert('?'))),
        (KeyCode::Char('h'), C, &typing, Some(Action::Backspace)),
        (KeyCode::Char('c'), C, &typing, Some(Action::Quit)),
        (KeyCode::Char('x'), KeyModifiers::ALT, &typing, None),
        (KeyCode::Char('q'), N, &KeyContext::Home, Some(Action::Quit)),
        (KeyCode::Char('j'), N, &KeyContext::Home, Some(Action::Down)),
        (KeyCode::Up, N, &KeyContext::Home, Some(Action::Up)),
        (KeyCode::Up, N, &typing, Some(Action::RecallLast)),
        (KeyCode::Char('q'), N, &answer, Some(Action::Insert('q'))),
        (KeyCode::Char('?'), N, &answer, Some(Action::ToggleHelp)),
        (KeyCode::Enter, N, &answer, Some(Action::Submit)),
        (KeyCode::Esc, N, &answer, Some(Action::Back)),
        (KeyCode::Char('u'), C, &answer, Some(Action::ClearLine)),
        (KeyCode::F(2), N, &answer, None),
        (KeyCode::Char('q'), N, &KeyContext::Menu, Some(Action::Back)),
        (KeyCode::Char('j'), N, &KeyContext::Page, Some(Action::Down)),
        (
            KeyCode::PageDown,
            N,
            &KeyContext::Page,
            Some(Action::ScrollDown),
        ),
    ];
    for (code, mods, screen, expected) in cases {
        assert_eq!(
            action_for(press(code, mods), screen),
            expected,
            "{code:?} {mods:?} {screen:?}"
        );
    }
}

#[test]
fn releases_are_ignored() {
    let mut key = press(KeyCode::Enter, N);
    key.kind = KeyEventKind::Release;
    assert_eq!(action_for(key, &KeyContext::Home), None);
}

#[test]
fn no_key_is_bound_twice_in_one_screen() {
    let keymap = Keymap::default();
    for screen in KeyContext::ALL {
        let mut seen = Vec::new();
        for binding in keymap.bindings_for(&screen) {
            for key in binding.keys.iter() {
                assert!(
                    !seen.contains(key),
                    "{} bound twice on {screen:?}",
                    key_label(*key)
                );
                seen.push(*key);
            }
        }
    }
}
