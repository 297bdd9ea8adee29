use super::*;

fn press(code: KeyCode, mods: KeyModifiers) -> KeyEvent {
    KeyEvent::new(code, mods)
}

#[test]
fn every_binding_maps_back_to_its_action() {
    for binding in KEYMAP {
        let screen = match binding.scope {
            Scope::Home => Screen::Home,
            Scope::Help => Screen::Help,
            Scope::Puzzle | Scope::Edit | Scope::Global => Screen::Puzzle { input_empty: true },
            Scope::Answer | Scope::Vision => Screen::Answer { input_empty: true },
            Scope::Find => Screen::Find,
            Scope::Menu => Screen::Menu,
            Scope::Page => Screen::Page,
            Scope::Filter => Screen::Filter,
            Scope::Run => Screen::Run { input_empty: true },
        };
        for &(code, mods) in binding.keys {
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
    let typing = Screen::Puzzle { input_empty: false };
    let empty = Screen::Puzzle { input_empty: true };
    let answer = Screen::Answer { input_empty: true };
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
        (KeyCode::Char('q'), N, &Screen::Home, Some(Action::Quit)),
        (KeyCode::Char('j'), N, &Screen::Home, Some(Action::Down)),
        (KeyCode::Up, N, &Screen::Home, Some(Action::Up)),
        (KeyCode::Up, N, &typing, Some(Action::RecallLast)),
        (KeyCode::Char('q'), N, &answer, Some(Action::Insert('q'))),
        (KeyCode::Char('?'), N, &answer, Some(Action::ToggleHelp)),
        (KeyCode::Enter, N, &answer, Some(Action::Submit)),
        (KeyCode::Esc, N, &answer, Some(Action::Back)),
        (KeyCode::Char('u'), C, &answer, Some(Action::ClearLine)),
        (KeyCode::F(2), N, &answer, None),
        (KeyCode::Char('q'), N, &Screen::Menu, Some(Action::Back)),
        (KeyCode::Char('j'), N, &Screen::Page, Some(Action::Down)),
        (
            KeyCode::PageDown,
            N,
            &Screen::Page,
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
    assert_eq!(action_for(key, &Screen::Home), None);
}

#[test]
fn no_key_is_bound_twice_in_one_screen() {
    for screen in [
        Screen::Home,
        Screen::Help,
        Screen::Puzzle { input_empty: true },
        Screen::Answer { input_empty: true },
        Screen::Find,
        Screen::Menu,
        Screen::Page,
        Screen::Filter,
    ] {
        let mut seen = Vec::new();
        for binding in bindings_for(&screen) {
            for key in binding.keys {
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
