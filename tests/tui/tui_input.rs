//! Input beyond the keyboard's letters: mouse clicks and the wheel, and
//! moves typed and shown in the user's language or with figurines.

use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::KeyModifiers;
use sancho::tui::{Action, App, Config, KeyContext, REPLY_DELAY_MS, View, render};
use sancho::tui::{Finish, StatusKind};

use super::tui_flow::*;

/// The terminal row on which `label` is drawn, on a screen of `size`.
fn row_of(app: &App, size: (u16, u16), label: &str) -> u16 {
    let mut terminal = Terminal::new(TestBackend::new(size.0, size.1)).unwrap();
    terminal.draw(|f| render(app, f)).unwrap();
    let buffer = terminal.backend().buffer();
    (0..size.1)
        .find(|&y| {
            let line: String = (0..size.0).map(|x| buffer[(x, y)].symbol()).collect();
            line.contains(label)
        })
        .unwrap_or_else(|| panic!("{label} is not on screen"))
}

#[test]
fn a_click_on_a_home_menu_item_selects_and_opens_it() {
    for size in [(100, 30), (80, 24), (140, 51)] {
        for (label, opened) in [
            ("Puzzles", View::Puzzle),
            ("Drills and lessons", View::Drills),
            ("Stats", View::Stats),
            ("Storm", View::Run),
            ("Streak", View::Run),
            ("Guess the move", View::Guess),
        ] {
            let mut app = App::new(Config::default(), vec![back_rank()]);
            app.update(Action::Resize(size.0, size.1));
            let row = row_of(&app, size, label);
            app.update(Action::Click(size.0 / 2, row));
            assert_eq!(app.view(), opened, "{label} at {size:?}");
        }
        let mut app = App::new(Config::default(), vec![back_rank()]);
        app.update(Action::Resize(size.0, size.1));
        // Off the menu (the title, the footer): nothing happens.
        for row in [0, row_of(&app, size, "Sancho"), size.1 - 1] {
            app.update(Action::Click(3, row));
            assert_eq!((app.view(), app.menu_index()), (View::Home, 0));
        }
        let help = row_of(&app, size, "Help");
        app.update(Action::Click(0, help));
        assert!(app.help_shown());
        assert_eq!(app.menu_index(), 14);
        app.update(Action::Back);
        // Without a library, a click on Library says how to import one; a
        // click on an item under that notice (which moves the menu) both
        // dismisses it and opens the item clicked.
        let library = row_of(&app, size, "Library");
        app.update(Action::Click(size.0 / 2, library));
        assert!(app.notice().is_some(), "{size:?}");
        let stats = row_of(&app, size, "Stats");
        app.update(Action::Click(size.0 / 2, stats));
        assert_eq!(app.notice(), None);
        assert_eq!(app.view(), View::Stats, "{size:?}");
    }
}

#[test]
fn the_mouse_wheel_moves_through_pages_and_lists_only() {
    use ratatui::crossterm::event::{MouseButton, MouseEvent, MouseEventKind};
    use sancho::tui::mouse_action;
    let mouse = |kind| MouseEvent {
        kind,
        column: 7,
        row: 9,
        modifiers: KeyModifiers::NONE,
    };
    let (up, down) = (MouseEventKind::ScrollUp, MouseEventKind::ScrollDown);
    let typing = KeyContext::Puzzle { input_empty: true };
    let table = [
        (up, KeyContext::Page, Some(Action::Up)),
        (down, KeyContext::Page, Some(Action::Down)),
        (down, KeyContext::Menu, Some(Action::Down)),
        (up, KeyContext::Home, Some(Action::Up)),
        (down, typing, None),
        (down, KeyContext::Find, None),
        (down, KeyContext::Answer { input_empty: true }, None),
        (
            MouseEventKind::Down(MouseButton::Left),
            typing,
            Some(Action::Click(7, 9)),
        ),
        (
            MouseEventKind::Up(MouseButton::Left),
            KeyContext::Home,
            None,
        ),
        (
            MouseEventKind::Down(MouseButton::Right),
            KeyContext::Home,
            None,
        ),
    ];
    for (kind, screen, expected) in table {
        assert_eq!(
            mouse_action(mouse(kind), &screen),
            expected,
            "{kind:?} on {screen:?}"
        );
    }
    // The wheel scrolls a lesson's page, a line a notch, and stops at the top.
    let config = Config {
        start: sancho::tui::Start::Lesson(sancho::drill::lessons()[0].number),
        ..Config::default()
    };
    let mut app = App::new(config, Vec::new());
    app.update(Action::Resize(80, 24));
    assert_eq!(app.key_context(), KeyContext::Page);
    let wheel = |app: &mut App, kind| {
        let action = mouse_action(mouse(kind), &app.key_context()).unwrap();
        app.update(action);
    };
    wheel(&mut app, up);
    assert_eq!(app.scroll(), 0);
    wheel(&mut app, down);
    wheel(&mut app, down);
    assert_eq!(app.scroll(), 2);
    wheel(&mut app, up);
    assert_eq!(app.scroll(), 1);
}

/// Issue 11: with `lang = de` the puzzle is typed, hinted and listed in
/// German letters (T is the rook); the English letter is taught, not played.
#[test]
fn german_letters_solve_a_puzzle_and_are_shown_everywhere() {
    let config = Config {
        lang: Some("de".parse().unwrap()),
        ..Config::default()
    };
    let mut app = App::new(config, vec![back_rank()]);
    app.update(Action::Select);
    app.update(Action::Tick(REPLY_DELAY_MS));
    assert_eq!(sans(&app), ["Txc1"], "the opponent's move in German");
    // The English rook letter is no German piece: a lesson, not a move.
    typed(&mut app, "Re1+");
    app.update(Action::Submit);
    let play = app.play().unwrap();
    assert_eq!(play.status().kind, StatusKind::Bad);
    assert!(play.status().text.contains("Te1"), "{}", play.status().text);
    assert_eq!(sans(&app), ["Txc1"]);
    // The hint panel lists German candidates.
    typed(&mut app, "Te");
    let mut terminal = Terminal::new(TestBackend::new(120, 40)).unwrap();
    terminal.draw(|f| render(&app, f)).unwrap();
    let text: String = terminal
        .backend()
        .buffer()
        .content()
        .iter()
        .map(|c| c.symbol())
        .collect();
    assert!(text.contains("Te1  Te2  T3e4"), "the hint panel: {text}");
    assert!(text.contains("25. Txc1"), "the move list: {text}");
    typed(&mut app, "1+");
    app.update(Action::Submit);
    assert_eq!(app.play().unwrap().status().kind, StatusKind::Good);
    app.update(Action::Tick(REPLY_DELAY_MS));
    assert_eq!(sans(&app), ["Txc1", "Te1+", "Txe1"]);
    typed(&mut app, "Txe1#");
    app.update(Action::Submit);
    let play = app.play().unwrap();
    assert!(matches!(play.finish(), Some(Finish::Solved(_))));
    assert_eq!(sans(&app), ["Txc1", "Te1+", "Txe1", "Txe1#"]);
    assert!(app.outcomes()[0].outcome.solved, "a clean solve");
}

/// Issue 11: with figurines (`--figurine`, config `figurine = true`) the
/// move list and the hint panel print figurines; input stays in letters.
#[test]
fn figurines_are_shown_in_the_move_list_and_the_hint_panel() {
    let config = Config {
        lang: Some(sancho::notation::Lang::EN.with_figurines(true)),
        ..Config::default()
    };
    let mut app = App::new(config, vec![back_rank()]);
    app.update(Action::Select);
    app.update(Action::Tick(REPLY_DELAY_MS));
    assert_eq!(sans(&app), ["♖xc1"]);
    typed(&mut app, "Re");
    let mut terminal = Terminal::new(TestBackend::new(120, 40)).unwrap();
    terminal.draw(|f| render(&app, f)).unwrap();
    let buf = terminal.backend().buffer().clone();
    let rows: Vec<String> = (0..40)
        .map(|y| (0..120).map(|x| buf[(x, y)].symbol()).collect())
        .collect();
    let screen = rows.join("\n");
    assert!(
        screen.contains("♖e1  ♖e2  ♖3e4"),
        "the hint panel: {screen}"
    );
    assert!(screen.contains("25. ♖xc1"), "the move list: {screen}");
    // The typed text is kept as typed: letters.
    assert!(screen.contains("Re"), "{screen}");
    // Each figurine takes one cell, as a letter does: the square follows it.
    let y = rows.iter().position(|r| r.contains("25. ♖xc1")).unwrap();
    let x = rows[y].chars().position(|c| c == '♖').unwrap();
    assert_eq!(buf[(x as u16 + 1, y as u16)].symbol(), "x");
    typed(&mut app, "1+");
    app.update(Action::Submit);
    assert_eq!(app.play().unwrap().status().kind, StatusKind::Good);
    app.update(Action::Tick(REPLY_DELAY_MS));
    assert_eq!(sans(&app), ["♖xc1", "♖e1+", "♖xe1"]);
}

/// The last hint rung names the move in the chosen language.
#[test]
fn the_last_hint_rung_is_in_german_letters() {
    let config = Config {
        lang: Some("de".parse().unwrap()),
        ..Config::default()
    };
    let mut app = App::new(config, vec![back_rank()]);
    app.update(Action::Select);
    app.update(Action::Tick(REPLY_DELAY_MS));
    let mut said = Vec::new();
    for _ in 0..4 {
        app.update(Action::Hint);
        said.push(app.play().unwrap().status().text.clone());
    }
    assert!(
        said.iter().any(|s| s.contains("the move is Te1+")),
        "{said:?}"
    );
}

#[test]
fn clicks_open_drills_and_lessons_and_start_the_coordinates_drill() {
    // 18 rows is below the minimum size; 24 rows scroll the drills menu.
    for size in [(100, 30), (80, 24), (120, 40)] {
        let mut app = App::new(Config::default(), vec![back_rank()]);
        app.update(Action::Resize(size.0, size.1));
        app.update(Action::Click(
            size.0 / 2,
            row_of(&app, size, "Drills and lessons"),
        ));
        assert_eq!(app.view(), View::Drills);
        // The header and the footer are no items.
        for row in [0, size.1 - 1] {
            app.update(Action::Click(3, row));
            assert_eq!(app.view(), View::Drills, "row {row} at {size:?}");
        }
        // The lesson list, then a lesson's page.
        app.update(Action::Click(size.0 / 2, row_of(&app, size, "Lessons")));
        assert_eq!(app.view(), View::Lessons, "{size:?}");
        let title = sancho::drill::lessons()[1].title.clone();
        app.update(Action::Click(size.0 / 2, row_of(&app, size, &title)));
        assert_eq!(app.view(), View::Lesson, "{size:?}");
        assert_eq!(app.lesson_menu_index(), 1, "{size:?}");
        app.update(Action::Back);
        app.update(Action::Back);
        // Coordinates open on their options; a click on a row picks it,
        // a click on "Start the drill" starts.
        app.update(Action::Click(size.0 / 2, row_of(&app, size, "Coordinates")));
        assert_eq!(app.view(), View::CoordSetup, "{size:?}");
        app.update(Action::Click(size.0 / 2, row_of(&app, size, "Clock")));
        assert_eq!(app.view(), View::CoordSetup, "a row is picked, not started");
        app.update(Action::Click(
            size.0 / 2,
            row_of(&app, size, "Start the drill"),
        ));
        assert_eq!(app.view(), View::Drill, "{size:?}");
    }
}
