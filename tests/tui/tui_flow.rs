//! Whole flows through the terminal interface, fed as Actions (no terminal).

use proptest::prelude::*;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use sancho::notation::HintState;
use sancho::puzzle::{Puzzle, read_lichess};
use sancho::tui::{Action, App, Config, KeyContext, REPLY_DELAY_MS, View, action_for, render};
use sancho::tui::{Finish, Mover, StatusKind};
use shakmaty::{Color, Position, Square};

/// A puzzle from one Lichess CSV row.
fn lichess(id: &str, fen: &str, moves: &str) -> Puzzle {
    let csv = format!(
        "PuzzleId,FEN,Moves,Rating,RatingDeviation,Popularity,NbPlays,Themes,GameUrl,OpeningTags\n\
         {id},{fen},{moves},400,100,50,100,backRankMate mateIn2,,\n"
    );
    read_lichess(csv.as_bytes(), "test")
        .next()
        .unwrap()
        .unwrap()
}

/// Lichess 3IQ26: White plays Rxc1; Black mates with Re1+ Rxe1 Rxe1#.
fn back_rank() -> Puzzle {
    lichess(
        "3IQ26",
        "4r1k1/2Q2ppp/2p2n2/3p4/N7/4r3/P5PP/2q2R1K w - - 0 25",
        "f1c1 e3e1 c1e1 e8e1",
    )
}

/// Lichess CJi0b: Black plays Qxd5; White mates with Re8#.
fn mate_in_one() -> Puzzle {
    lichess(
        "CJi0b",
        "6k1/p1p2ppp/1pqp2r1/3Q4/8/1P6/P1P2PPP/4RK2 b - - 8 22",
        "c6d5 e1e8",
    )
}

/// An app on the puzzle screen with the opponent's first move shown.
fn started() -> App {
    let mut app = App::new(Config::default(), vec![back_rank(), mate_in_one()]);
    app.update(Action::Select);
    app.update(Action::Tick(REPLY_DELAY_MS));
    app
}

fn typed(app: &mut App, text: &str) {
    for c in text.chars() {
        app.update(Action::Insert(c));
    }
}

fn sans(app: &App) -> Vec<String> {
    app.play()
        .unwrap()
        .history()
        .iter()
        .map(|p| p.san.clone())
        .collect()
}

#[test]
fn opening_move_appears_after_the_delay() {
    let mut app = App::new(Config::default(), vec![back_rank()]);
    app.update(Action::Select);
    assert!(matches!(
        app.screen(),
        KeyContext::Puzzle { input_empty: true }
    ));
    let play = app.play().unwrap();
    assert!(play.history().is_empty(), "nothing shown before the delay");
    assert!(play.is_waiting());
    app.update(Action::Tick(REPLY_DELAY_MS - 1));
    assert!(app.play().unwrap().history().is_empty());
    app.update(Action::Tick(1));
    assert_eq!(sans(&app), ["Rxc1"]);
    let play = app.play().unwrap();
    assert_eq!(play.history()[0].by, Mover::Opponent);
    assert_eq!(play.last_move().map(|m| m.to()), Some(Square::C1));
    assert_eq!(
        play.bottom(),
        Color::Black,
        "the user's side is at the bottom"
    );
}

#[test]
fn the_configured_reply_delay_replaces_the_default() {
    for delay in [0, 40, 2000] {
        let config = Config {
            reply_delay_ms: Some(delay),
            ..Config::default()
        };
        let mut app = App::new(config, vec![back_rank()]);
        app.update(Action::Select);
        if delay > 0 {
            app.update(Action::Tick(delay - 1));
            assert!(
                app.play().unwrap().history().is_empty(),
                "{delay}: too early"
            );
        }
        app.update(Action::Tick(1));
        assert_eq!(sans(&app), ["Rxc1"], "{delay}");
    }
}

#[test]
fn the_hint_follows_every_keystroke() {
    let mut app = started();
    let mut seen = Vec::new();
    for c in "Re1+".chars() {
        app.update(Action::Insert(c));
        let hint = app.play().unwrap().hint();
        seen.push((hint.state.clone(), hint.candidates.len()));
    }
    assert!(matches!(seen[0].0, HintState::Partial));
    assert!(
        seen[0].1 > seen[2].1,
        "candidates shrink as you type: {seen:?}"
    );
    assert_eq!(seen[3], (HintState::Complete, 1));
    app.update(Action::Backspace);
    let back = app.play().unwrap().hint();
    assert_eq!(
        (back.state.clone(), back.candidates.len()),
        seen[2],
        "the hint depends on the text only"
    );
    app.update(Action::ClearLine);
    assert_eq!(app.play().unwrap().hint().state, HintState::Empty);
    typed(&mut app, "Zz");
    assert!(matches!(
        app.play().unwrap().hint().state,
        HintState::Impossible(_)
    ));
}

#[test]
fn keys_drive_the_same_flow() {
    use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
    let mut app = started();
    for c in "Re1+".chars() {
        let key = KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE);
        let action = action_for(key, &app.screen()).unwrap();
        app.update(action);
    }
    assert_eq!(app.play().unwrap().input().text(), "Re1+");
    let enter = KeyEvent::new(KeyCode::Enter, KeyModifiers::NONE);
    app.update(action_for(enter, &app.screen()).unwrap());
    assert_eq!(sans(&app), ["Rxc1", "Re1+"]);
}

#[test]
fn tab_completes_the_only_candidate() {
    let mut app = started();
    typed(&mut app, "Kf");
    app.update(Action::Complete);
    assert_eq!(app.play().unwrap().input().text(), "Kf8");
    assert_eq!(app.play().unwrap().input().cursor(), 3);
    app.update(Action::ClearLine);
    // During a puzzle Tab never adds the check or mate sign.
    typed(&mut app, "Re1");
    app.update(Action::Complete);
    assert_eq!(app.play().unwrap().input().text(), "Re1", "not Re1+");
    app.update(Action::ClearLine);
    typed(&mut app, "Z");
    app.update(Action::Complete);
    assert_eq!(
        app.play().unwrap().input().text(),
        "Z",
        "nothing to complete"
    );
}

#[test]
fn solving_plays_the_reply_after_the_delay_and_records_the_outcome() {
    let mut app = started();
    typed(&mut app, "Re1+");
    app.update(Action::Submit);
    let play = app.play().unwrap();
    assert_eq!(play.status().kind, StatusKind::Good);
    assert_eq!(
        sans(&app),
        ["Rxc1", "Re1+"],
        "the user's move is shown at once"
    );
    assert!(app.play().unwrap().input().is_empty());
    app.update(Action::Tick(REPLY_DELAY_MS / 2));
    assert_eq!(sans(&app).len(), 2, "the reply waits");
    app.update(Action::Tick(REPLY_DELAY_MS / 2));
    assert_eq!(sans(&app), ["Rxc1", "Re1+", "Rxe1"]);
    typed(&mut app, "Rxe1#");
    app.update(Action::Submit);
    let play = app.play().unwrap();
    assert!(matches!(play.finish(), Some(Finish::Solved(_))));
    assert!(play.shown().is_checkmate());
    let outcomes = app.outcomes();
    assert_eq!(outcomes.len(), 1);
    assert!(outcomes[0].outcome.solved);
    assert_eq!(outcomes[0].outcome.hints_used, 0);
    assert!(outcomes[0].outcome.wrong.is_empty());
    assert_eq!(
        (outcomes[0].puzzle_id.as_str(), outcomes[0].attempt),
        ("3IQ26", 1)
    );
    // Enter on a finished puzzle goes to the next one.
    app.update(Action::Submit);
    assert_eq!(app.play().unwrap().index(), 1);
}

#[test]
fn a_wrong_move_is_explained_and_the_puzzle_goes_on() {
    let mut app = started();
    typed(&mut app, "Rf8");
    app.update(Action::Submit);
    let play = app.play().unwrap();
    assert_eq!(play.status().kind, StatusKind::Bad);
    assert!(play.status().text.contains("Rf8"), "{}", play.status().text);
    assert!(play.finish().is_none());
    assert_eq!(sans(&app), ["Rxc1"], "nothing was played");
    typed(&mut app, "Zz9");
    app.update(Action::Submit);
    assert_eq!(app.play().unwrap().status().kind, StatusKind::Bad);
    assert!(app.play().unwrap().input().is_empty());
    app.update(Action::RecallLast);
    assert_eq!(app.play().unwrap().input().text(), "Zz9");
    app.update(Action::ClearLine);
    typed(&mut app, "Re1+");
    app.update(Action::Submit);
    app.update(Action::Tick(REPLY_DELAY_MS));
    typed(&mut app, "Rxe1#");
    app.update(Action::Submit);
    let wrong: Vec<&str> = app.outcomes()[0]
        .outcome
        .wrong
        .iter()
        .map(|(input, _)| input.as_str())
        .collect();
    assert_eq!(wrong, ["Rf8", "Zz9"]);
}

#[test]
fn each_hint_rung_points_further() {
    let mut app = started();
    app.update(Action::Hint);
    let play = app.play().unwrap();
    assert_eq!(
        (play.marks().from, play.marks().to),
        (Some(Square::E3), None)
    );
    assert_eq!(play.status().kind, StatusKind::Hint);
    app.update(Action::Hint);
    let marks = app.play().unwrap().marks();
    assert_eq!((marks.from, marks.to), (Some(Square::E3), Some(Square::E1)));
    app.update(Action::Hint);
    assert!(app.play().unwrap().status().text.contains("Re1+"));
    typed(&mut app, "Re1+");
    app.update(Action::Submit);
    assert_eq!(
        app.play().unwrap().marks().from,
        None,
        "a move clears the hint marks"
    );
    app.update(Action::Tick(REPLY_DELAY_MS));
    typed(&mut app, "Rxe1#");
    app.update(Action::Submit);
    assert_eq!(
        app.outcomes()[0].outcome.hints_used,
        4,
        "the highest rung: the whole move"
    );
}

#[test]
fn giving_up_plays_out_the_solution_then_retry_starts_over() {
    let mut app = started();
    app.update(Action::ShowSolution);
    let play = app.play().unwrap();
    let Some(Finish::GaveUp(message)) = play.finish() else {
        panic!("given up: {:?}", play.finish());
    };
    assert_eq!(message, "The solution was Re1+ Rxe1 Rxe1#.");
    assert!(
        !play.status().text.contains("Try again"),
        "the give-up message is its own: {}",
        play.status().text
    );
    assert_eq!(play.status().kind, StatusKind::Bad);
    for _ in 0..3 {
        app.update(Action::Tick(REPLY_DELAY_MS));
    }
    let play = app.play().unwrap();
    assert_eq!(sans(&app), ["Rxc1", "Re1+", "Rxe1", "Rxe1#"]);
    assert!(play.history()[1..].iter().all(|p| p.by == Mover::Solution));
    assert!(!app.outcomes()[0].outcome.solved);
    assert!(app.outcomes()[0].outcome.solution_shown);
    // Typing is ignored once the puzzle is over.
    typed(&mut app, "e4");
    assert!(app.play().unwrap().input().is_empty());

    app.update(Action::Retry);
    assert!(app.play().unwrap().finish().is_none());
    app.update(Action::Tick(REPLY_DELAY_MS));
    assert_eq!(sans(&app), ["Rxc1"]);
    typed(&mut app, "Re1+");
    app.update(Action::Submit);
    app.update(Action::Tick(REPLY_DELAY_MS));
    typed(&mut app, "Rxe1#");
    app.update(Action::Submit);
    let last = app.outcomes().last().unwrap();
    assert!(last.outcome.solved);
    assert_eq!(last.attempt, 2);
    assert_eq!(app.outcomes().len(), 2);
}

#[test]
fn submitting_during_the_delay_shows_the_reply_first() {
    let mut app = App::new(Config::default(), vec![back_rank()]);
    app.update(Action::Select);
    typed(&mut app, "Re1+");
    app.update(Action::Submit);
    assert_eq!(sans(&app), ["Rxc1", "Re1+"]);
}

#[test]
fn next_skips_and_ends_on_the_home_screen() {
    let mut app = started();
    app.update(Action::Next);
    assert_eq!(app.play().unwrap().index(), 1);
    assert!(app.outcomes().is_empty(), "a skipped puzzle has no outcome");
    app.update(Action::Next);
    assert!(app.play().is_none());
    assert_eq!(app.screen(), KeyContext::Home);
    assert!(app.notice().is_some());
}

#[test]
fn flip_back_help_and_quit() {
    let mut app = started();
    app.update(Action::FlipBoard);
    assert_eq!(app.play().unwrap().bottom(), Color::White);
    app.update(Action::FlipBoard);
    assert_eq!(app.play().unwrap().bottom(), Color::Black);
    typed(&mut app, "R");
    app.update(Action::Back);
    assert_eq!(app.screen(), KeyContext::Home);
    app.update(Action::Select);
    assert_eq!(
        app.play().unwrap().input().text(),
        "R",
        "the puzzle resumes"
    );
    app.update(Action::ToggleHelp);
    assert_eq!(app.screen(), KeyContext::Help);
    app.update(Action::Insert('x'));
    assert_eq!(
        app.play().unwrap().input().text(),
        "R",
        "keys do not leak through the help"
    );
    app.update(Action::Back);
    assert!(!app.help_shown());
    assert!(!app.should_quit());
    app.update(Action::Quit);
    assert!(app.should_quit());
}

#[test]
fn home_menu_table() {
    // (downs, expected view, help shown, quit)
    let cases = [
        (0, View::Puzzle, false, false),
        (1, View::Drills, false, false),
        (2, View::Stats, false, false),
        (3, View::Home, false, false),
        (4, View::Run, false, false),
        (5, View::Run, false, false),
        // My games without a mined pack: a notice says how to make one.
        (6, View::Home, false, false),
        (7, View::Home, true, false),
        (8, View::Home, false, true),
    ];
    for (downs, view, help, quit) in cases {
        let mut app = App::new(Config::default(), vec![back_rank()]);
        for _ in 0..downs {
            app.update(Action::Down);
        }
        app.update(Action::Select);
        assert_eq!(
            (app.view(), app.help_shown(), app.should_quit()),
            (view, help, quit),
            "{downs}"
        );
    }
    let mut empty = App::new(Config::default(), Vec::new());
    empty.update(Action::Select);
    assert_eq!(empty.screen(), KeyContext::Home);
    assert!(empty.notice().is_some());
    empty.update(Action::Up);
    assert!(empty.notice().is_none(), "any key dismisses the notice");
    assert_eq!(empty.menu_index(), 0, "and does nothing else");
    empty.update(Action::Up);
    assert_eq!(empty.menu_index(), 8, "the menu wraps");
    empty.update(Action::Back);
    assert!(!empty.should_quit(), "Esc on the home screen does not quit");
    let esc = KeyEvent::new(KeyCode::Esc, KeyModifiers::NONE);
    assert_ne!(action_for(esc, &KeyContext::Home), Some(Action::Quit));
    let q = KeyEvent::new(KeyCode::Char('q'), KeyModifiers::NONE);
    assert_eq!(action_for(q, &KeyContext::Home), Some(Action::Quit));
}

/// The fixture pack: m1-001 (Re8#), m1-002, m2-001 (Kb6 then Rd8#, with
/// comments), castle-001.
fn fixture_pack() -> Vec<Puzzle> {
    sancho::puzzle::load_path(std::path::Path::new(
        "tests/fixtures/puzzles/good_pack.json",
    ))
    .unwrap()
    .puzzles
}

#[test]
fn after_giving_up_the_solution_steps_on_the_board_with_its_comments() {
    let puzzles = fixture_pack();
    let m2 = puzzles.iter().position(|p| p.id == "m2-001").unwrap();
    let mut app = App::new(Config::default(), puzzles.clone());
    app.update(Action::Select);
    for _ in 0..m2 {
        app.update(Action::Next);
    }
    let start = puzzles[m2].position.clone();
    // Unfinished: the arrows edit the line.
    typed(&mut app, "Kb");
    app.update(Action::Left);
    assert_eq!(app.play().unwrap().input().cursor(), 1);
    assert!(app.play().unwrap().review().is_none());
    app.update(Action::ShowSolution);
    app.update(Action::Left);
    let play = app.play().unwrap();
    let (at, line) = play.review().expect("stepping");
    assert_eq!((at, line.len()), (2, 3), "one step back from the end");
    assert_eq!(line[0].comment.as_deref(), Some("Takes b7 and c7 away"));
    assert_eq!(play.last_move(), Some(line[1].text.mv));
    app.update(Action::Home);
    let play = app.play().unwrap();
    assert_eq!(play.shown(), &start, "Home: the start position");
    assert_eq!(play.last_move(), None);
    app.update(Action::Right);
    assert_eq!(app.play().unwrap().shown(), &line_position(&app, 0));
    app.update(Action::End);
    app.update(Action::Right);
    let play = app.play().unwrap();
    assert_eq!(play.review().unwrap().0, 3, "clamped at the end");
    // The comment of the move stepped to is on screen.
    app.update(Action::Home);
    app.update(Action::Right);
    let mut terminal = Terminal::new(TestBackend::new(120, 40)).unwrap();
    terminal.draw(|f| render(&app, f)).unwrap();
    let text: String = terminal
        .backend()
        .buffer()
        .content()
        .iter()
        .map(|c| c.symbol())
        .collect();
    assert!(text.contains("Takes b7 and c7 away"), "{text}");
    assert!(text.contains("move 1 of 3: Kb6"), "{text}");
}

fn line_position(app: &App, i: usize) -> shakmaty::Chess {
    app.play().unwrap().review().unwrap().1[i].position.clone()
}

#[test]
fn themes_are_hidden_until_the_puzzle_ends_or_asked_for() {
    let mut app = started();
    let screen = |app: &App| {
        let mut terminal = Terminal::new(TestBackend::new(120, 40)).unwrap();
        terminal.draw(|f| render(app, f)).unwrap();
        terminal
            .backend()
            .buffer()
            .content()
            .iter()
            .map(|c| c.symbol())
            .collect::<String>()
    };
    assert!(!screen(&app).contains("backRankMate"));
    app.update(Action::ToggleThemes);
    assert!(screen(&app).contains("backRankMate"));
    app.update(Action::ToggleThemes);
    assert!(!screen(&app).contains("backRankMate"));
    app.update(Action::ShowSolution);
    assert!(screen(&app).contains("backRankMate"), "shown once it ends");
}

#[test]
fn a_half_typed_move_survives_leaving_the_puzzle() {
    let mut app = started();
    typed(&mut app, "Re");
    app.update(Action::Back);
    assert_eq!(app.view(), View::Home);
    app.update(Action::Select);
    assert_eq!(app.view(), View::Puzzle);
    assert_eq!(app.play().unwrap().input().text(), "Re");
}

#[test]
fn wrong_then_right_is_failed_keep_going_and_the_header_counts_clean_solves() {
    let mut app = started();
    typed(&mut app, "h6");
    app.update(Action::Submit);
    let status = app.play().unwrap().status().text.clone();
    assert!(status.contains("Failed, keep going"), "{status}");
    assert!(app.play().unwrap().finish().is_none(), "play goes on");
    typed(&mut app, "Re1+");
    app.update(Action::Submit);
    app.update(Action::Tick(REPLY_DELAY_MS));
    typed(&mut app, "Rxe1#");
    app.update(Action::Submit);
    let play = app.play().unwrap();
    assert!(
        matches!(play.finish(), Some(Finish::Failed(_))),
        "{:?}",
        play.finish()
    );
    assert!(!app.outcomes()[0].outcome.solved);
    assert_eq!(app.solved_count(), 0, "a failed puzzle is not solved");
    // A clean solve of the next one counts.
    app.update(Action::Next);
    app.update(Action::Tick(REPLY_DELAY_MS));
    typed(&mut app, "Re8#");
    app.update(Action::Submit);
    assert_eq!(app.solved_count(), 1);
    let mut terminal = Terminal::new(TestBackend::new(120, 40)).unwrap();
    terminal.draw(|f| render(&app, f)).unwrap();
    let top: String = (0..120)
        .map(|x| terminal.backend().buffer()[(x, 0)].symbol().to_owned())
        .collect();
    assert!(top.contains("Puzzle 2 of 2 · 1 solved"), "{top}");
}

fn any_action() -> impl Strategy<Value = Action> {
    prop_oneof![
        prop::sample::select(vec!['R', 'e', '1', '+', 'x', '#', 'Z', 'O', '-', '0', ' '])
            .prop_map(Action::Insert),
        prop::sample::select(vec![
            Action::Backspace,
            Action::Delete,
            Action::Left,
            Action::Right,
            Action::Home,
            Action::End,
            Action::ClearLine,
            Action::DeleteWord,
            Action::RecallLast,
            Action::Complete,
            Action::Submit,
            Action::Hint,
            Action::ShowSolution,
            Action::Next,
            Action::Retry,
            Action::FlipBoard,
            Action::Back,
            Action::ToggleHelp,
            Action::Select,
            Action::Up,
            Action::Down,
            Action::ToggleThemes,
        ]),
        (0u64..1000).prop_map(Action::Tick),
        "[Rexd1-8#+\n]{0,60}".prop_map(Action::Paste),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// No sequence of actions panics, at any terminal size, and the cursor
    /// always stays inside the input.
    #[test]
    fn any_actions_at_any_size_never_panic(
        actions in prop::collection::vec(any_action(), 0..60),
        w in 1u16..260,
        h in 1u16..90,
        no_color in any::<bool>(),
        ascii in any::<bool>(),
    ) {
        let mut app = App::new(Config { ascii, no_color, ..Config::default() }, vec![back_rank(), mate_in_one()]);
        let mut terminal = Terminal::new(TestBackend::new(w, h)).unwrap();
        for action in actions {
            app.update(action);
            if let Some(play) = app.play() {
                prop_assert!(play.input().cursor() <= play.input().text().chars().count());
            }
            terminal.draw(|f| render(&app, f)).unwrap();
        }
    }
}

/// Lichess-style fx006: Black plays Rb8; White castles.
fn castling() -> Puzzle {
    lichess("fx006", "r3k3/8/8/8/8/8/8/R3K2R b KQq - 0 1", "a8b8 e1g1")
}

#[test]
fn tab_table() {
    // (typed, after Tab)
    let cases = [
        ("0-0", "O-O"),
        ("O-O-", "O-O-O"),
        ("Kf", "Kf"),
        ("Rb", "Rb1"),
        ("Qd4", "Qd4"),
    ];
    for (text, expected) in cases {
        let mut app = App::new(Config::default(), vec![castling()]);
        app.update(Action::Select);
        app.update(Action::Tick(REPLY_DELAY_MS));
        typed(&mut app, text);
        app.update(Action::Complete);
        assert_eq!(app.play().unwrap().input().text(), expected, "{text}");
    }
}

#[test]
fn castling_with_zeros_is_accepted_and_noted() {
    let mut app = App::new(Config::default(), vec![castling()]);
    app.update(Action::Select);
    app.update(Action::Tick(REPLY_DELAY_MS));
    typed(&mut app, "0-0");
    assert!(!app.play().unwrap().hint().diagnostics.is_empty());
    app.update(Action::Submit);
    let play = app.play().unwrap();
    assert!(matches!(play.finish(), Some(Finish::Solved(_))));
    assert_eq!(play.history().last().unwrap().san, "O-O");
}

#[test]
fn the_real_loop_runs_on_a_test_backend_with_fake_time() {
    use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
    use sancho::tui::{POLL, event_loop};
    use std::collections::VecDeque;
    use std::time::Duration;

    let key = |code| Some(Event::Key(KeyEvent::new(code, KeyModifiers::NONE)));
    let mut script: VecDeque<Option<Event>> = VecDeque::new();
    script.push_back(key(KeyCode::Enter)); // Puzzles
    script.extend(std::iter::repeat_n(None, 10)); // 500 ms pass
    script.extend("Re1+".chars().map(|c| key(KeyCode::Char(c))));
    let mut release = KeyEvent::new(KeyCode::Char('x'), KeyModifiers::NONE);
    release.kind = KeyEventKind::Release;
    script.push_back(Some(Event::Key(release))); // ignored
    script.push_back(key(KeyCode::Enter));
    script.extend(std::iter::repeat_n(None, 10));
    script.extend("Rxe1#".chars().map(|c| key(KeyCode::Char(c))));
    script.push_back(key(KeyCode::Enter));
    script.push_back(Some(Event::Resize(70, 20)));
    script.push_back(Some(Event::Key(KeyEvent::new(
        KeyCode::Char('c'),
        KeyModifiers::CONTROL,
    ))));

    let mut app = App::new(Config::default(), vec![back_rank()]);
    let mut terminal = Terminal::new(TestBackend::new(100, 30)).unwrap();
    let clock = std::cell::Cell::new(Duration::ZERO);
    let total = script.len();
    let read = std::cell::Cell::new(0usize);
    let longest_wait = std::cell::Cell::new(Duration::ZERO);
    let mut heard = Vec::new();
    event_loop(
        &mut terminal,
        &mut app,
        |timeout| {
            longest_wait.set(longest_wait.get().max(timeout));
            clock.set(clock.get() + timeout);
            read.set(read.get() + 1);
            Ok(script
                .pop_front()
                .expect("the loop should have quit by now"))
        },
        || clock.get(),
        &mut |done: &sancho::tui::Finished| -> anyhow::Result<()> {
            if let sancho::tui::Finished::Puzzle { attempt, .. } = done {
                heard.push((attempt.puzzle_id.clone(), total - read.get()));
            }
            Ok(())
        },
    )
    .unwrap();
    assert_eq!(
        heard,
        [("3IQ26".to_owned(), 2)],
        "reported once, right after the mating move (before Resize and Ctrl-C)"
    );
    assert!(script.is_empty(), "the loop ran until Ctrl-C");
    assert!(app.should_quit());
    assert_eq!(app.size(), (70, 20));
    assert_eq!(sans(&app), ["Rxc1", "Re1+", "Rxe1", "Rxe1#"]);
    let outcomes = app.into_outcomes();
    assert_eq!(outcomes.len(), 1);
    assert!(outcomes[0].outcome.solved);
    // Idle, the loop waits one poll at a time (never longer, so a reply due
    // is played on time), and does wait (no busy loop).
    assert_eq!(longest_wait.get(), POLL);
}

/// Records into an in-memory progress log and gives its stats back, as the
/// binary's store does.
#[derive(Default)]
struct MemoryRecorder {
    progress: sancho::progress::Progress,
    records: Vec<sancho::tui::Finished>,
}

impl sancho::tui::Recorder for MemoryRecorder {
    fn record(
        &mut self,
        finished: &sancho::tui::Finished,
    ) -> anyhow::Result<Option<sancho::progress::Recorded>> {
        use sancho::progress::{AttemptId, Timestamp};
        self.records.push(finished.clone());
        if let sancho::tui::Finished::Puzzle {
            attempt,
            puzzle,
            source,
        } = finished
        {
            let at = Timestamp(1_700_000_000 + self.records.len() as i64);
            let record = sancho::record::attempt_record(
                puzzle,
                source.clone(),
                &attempt.outcome,
                at,
                attempt.time_ms,
            );
            let id = AttemptId::new(at, &puzzle.id, self.records.len() as u64);
            self.progress.insert_attempt(id, record);
        }
        Ok(None)
    }

    fn stats(&mut self) -> Option<sancho::progress::Stats> {
        Some(
            self.progress
                .stats(sancho::progress::Timestamp(1_800_000_000)),
        )
    }
}

#[test]
fn update_returns_a_record_effect_with_the_puzzle_and_its_source() {
    use sancho::tui::{Effect, Finished};
    let mut app = started();
    let mut effects = Vec::new();
    for c in "Re1+".chars() {
        assert!(
            app.update(Action::Insert(c)).is_empty(),
            "typing asks nothing"
        );
    }
    effects.extend(app.update(Action::Submit));
    app.update(Action::Tick(REPLY_DELAY_MS));
    for c in "Rxe1#".chars() {
        app.update(Action::Insert(c));
    }
    effects.extend(app.update(Action::Submit));
    let [
        Effect::Record(Finished::Puzzle {
            attempt,
            puzzle,
            source,
        }),
        Effect::RefreshStats,
    ] = effects.as_slice()
    else {
        panic!("one record then a stats refresh: {effects:?}");
    };
    assert!(attempt.outcome.solved);
    assert_eq!(
        **puzzle,
        back_rank(),
        "the puzzle itself rides on the effect"
    );
    assert_eq!(*source, sancho::progress::Source::Lichess);
    assert!(
        app.update(Action::Tick(REPLY_DELAY_MS)).is_empty(),
        "recorded once"
    );
}

#[test]
fn the_stats_screen_is_live_within_the_session() {
    use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
    use sancho::tui::event_loop;
    use std::collections::VecDeque;
    use std::time::Duration;

    let key = |code| Some(Event::Key(KeyEvent::new(code, KeyModifiers::NONE)));
    let mut script: VecDeque<Option<Event>> = VecDeque::new();
    script.push_back(key(KeyCode::Enter)); // Puzzles
    script.extend(std::iter::repeat_n(None, 10));
    script.extend("Re1+".chars().map(|c| key(KeyCode::Char(c))));
    script.push_back(key(KeyCode::Enter));
    script.extend(std::iter::repeat_n(None, 10));
    script.extend("Rxe1#".chars().map(|c| key(KeyCode::Char(c))));
    script.push_back(key(KeyCode::Enter));
    script.extend(std::iter::repeat_n(None, 10));
    script.push_back(key(KeyCode::Esc)); // home
    script.push_back(key(KeyCode::Down));
    script.push_back(key(KeyCode::Down));
    script.push_back(key(KeyCode::Enter)); // Stats
    script.push_back(None);
    script.push_back(Some(Event::Key(KeyEvent::new(
        KeyCode::Char('c'),
        KeyModifiers::CONTROL,
    ))));

    let mut app = App::new(Config::default(), vec![back_rank()]);
    let mut terminal = Terminal::new(TestBackend::new(100, 30)).unwrap();
    let clock = std::cell::Cell::new(Duration::ZERO);
    let mut recorder = MemoryRecorder::default();
    assert!(app.stats().is_none());
    event_loop(
        &mut terminal,
        &mut app,
        |timeout| {
            clock.set(clock.get() + timeout);
            Ok(script
                .pop_front()
                .expect("the loop should have quit by now"))
        },
        || clock.get(),
        &mut recorder,
    )
    .unwrap();
    assert_eq!(recorder.records.len(), 1);
    assert_eq!(app.view(), View::Stats);
    let stats = app.stats().expect("the stats came back after the record");
    assert_eq!(stats.puzzles.attempted, 1);
    assert_eq!(stats.puzzles.solved, 1);
    let shown: String = terminal
        .backend()
        .buffer()
        .content()
        .iter()
        .map(|c| c.symbol())
        .collect();
    let empty: String = sancho::tui::strings::STATS_EMPTY.chars().take(20).collect();
    assert!(
        !shown.contains(&empty),
        "the stats screen shows the solved puzzle, not the empty page: {shown}"
    );
}

#[test]
fn the_rating_and_its_change_are_on_the_puzzle_screen() {
    use sancho::progress::{AttemptId, Progress, Recorded, Timestamp};
    use sancho::tui::{Context, Effect, Reply};
    let mut stats = Progress::new().stats(Timestamp(0));
    stats.rating.current = 1515.2;
    let context = Context {
        stats: Some(stats),
        ..Context::default()
    };
    let mut app = App::with_context(Config::default(), vec![mate_in_one()], context);
    app.update(Action::Select);
    app.update(Action::Tick(REPLY_DELAY_MS));
    let screen = |app: &App| {
        let mut terminal = Terminal::new(TestBackend::new(80, 24)).unwrap();
        terminal.draw(|f| render(app, f)).unwrap();
        terminal
            .backend()
            .buffer()
            .content()
            .iter()
            .map(|c| c.symbol())
            .collect::<String>()
    };
    assert!(
        screen(&app).contains("Your rating 1515"),
        "{}",
        screen(&app)
    );
    typed(&mut app, "Re8#");
    let effects = app.update(Action::Submit);
    assert!(
        matches!(effects.first(), Some(Effect::Record(_))),
        "{effects:?}"
    );
    let recorded = |rated, after| Recorded {
        id: AttemptId::new(Timestamp(1), "CJi0b", 1),
        rated,
        rating_before: 1515.2,
        rating_after: after,
    };
    // Another puzzle's answer is not this one's.
    app.answer(Reply::Recorded {
        puzzle_id: "other".into(),
        recorded: recorded(true, 1600.0),
    });
    assert!(app.rating_change().is_none());
    app.answer(Reply::Recorded {
        puzzle_id: "CJi0b".into(),
        recorded: recorded(true, 1527.4),
    });
    assert!(
        screen(&app).contains("Rating +12, now 1527"),
        "{}",
        screen(&app)
    );
    app.answer(Reply::Recorded {
        puzzle_id: "CJi0b".into(),
        recorded: recorded(false, 1515.2),
    });
    assert!(
        screen(&app).contains("Rating unchanged at 1515"),
        "an unrated attempt says so: {}",
        screen(&app)
    );
}

#[test]
fn leaving_a_failed_puzzle_records_the_failure_but_a_clean_one_is_not_attempted() {
    use sancho::tui::{Effect, Finished};
    let mut app = started();
    // Clean and unfinished: moving on records nothing.
    let effects = app.update(Action::Next);
    assert!(effects.is_empty(), "{effects:?}");
    assert!(app.outcomes().is_empty());
    // Failed by a wrong move, then left: the failure is recorded at once.
    app.update(Action::Tick(REPLY_DELAY_MS));
    typed(&mut app, "a3");
    app.update(Action::Submit);
    assert!(
        app.play()
            .unwrap()
            .status()
            .text
            .contains("Failed, keep going")
    );
    let effects = app.update(Action::Quit);
    let [
        Effect::Record(Finished::Puzzle { attempt, .. }),
        Effect::RefreshStats,
    ] = &effects[..]
    else {
        panic!("the failure is recorded on the way out: {effects:?}");
    };
    assert!(!attempt.outcome.solved);
    assert_eq!(attempt.puzzle_id, "CJi0b");
    assert!(app.should_quit());
}

#[test]
fn blindfold_gives_the_position_in_words_and_the_board_only_at_the_end() {
    let config = Config {
        blindfold: true,
        ..Config::default()
    };
    let mut app = App::new(config, vec![mate_in_one()]);
    app.update(Action::Select);
    app.update(Action::Tick(REPLY_DELAY_MS));
    assert_eq!(sans(&app), ["Qxd5"]);
    let screen = |app: &App| {
        let mut terminal = Terminal::new(TestBackend::new(120, 40)).unwrap();
        terminal.draw(|f| render(app, f)).unwrap();
        let buf = terminal.backend().buffer().clone();
        (0..40)
            .map(|y| (0..120).map(|x| buf[(x, y)].symbol()).collect::<String>())
            .collect::<Vec<_>>()
            .join("\n")
    };
    let during = screen(&app);
    assert!(during.contains("Blindfold"), "{during}");
    assert!(during.contains("The position, Black to move:"), "{during}");
    assert!(during.contains("White: Kf1, Qd5, Re1"), "{during}");
    assert!(during.contains("Black: Kg8, Qc6, Rg6"), "{during}");
    // No piece is drawn while the puzzle runs (the moves are in words beside).
    assert!(!during.contains('♚'), "{during}");
    assert!(during.contains("Qxd5"), "{during}");
    typed(&mut app, "Re8#");
    app.update(Action::Submit);
    assert!(app.play().unwrap().finish().is_some());
    let after = screen(&app);
    assert!(!after.contains("The position, Black to move:"), "{after}");
    assert!(after.contains('♚'), "the board, once it is over: {after}");
}

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
        assert_eq!(app.menu_index(), 7);
        app.update(Action::Back);
        // Without a library, a click on Library says how to import one; the
        // next click only dismisses that notice.
        let library = row_of(&app, size, "Library");
        app.update(Action::Click(size.0 / 2, library));
        assert!(app.notice().is_some(), "{size:?}");
        let quit = row_of(&app, size, "Quit");
        app.update(Action::Click(size.0 / 2, quit));
        assert!(app.notice().is_none() && !app.should_quit());
        // The menu moves when the notice goes: the click finds it anew.
        let quit = row_of(&app, size, "Quit");
        app.update(Action::Click(size.0 / 2, quit));
        assert!(app.should_quit());
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
    assert_eq!(app.screen(), KeyContext::Page);
    let wheel = |app: &mut App, kind| {
        let action = mouse_action(mouse(kind), &app.screen()).unwrap();
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

/// 1. Ra8+ Re8 2. Rxe8#; the wrong 1. Ra3?? allows 1... Re1#.
const BACK_RANK_PACK: &str = r#"[{"id": "r1", "fen": "6k1/5ppp/8/8/8/8/4rPPP/R5K1 w - - 0 1",
  "toMove": "white", "solutionMoves": ["a1a8", "a8e8"],
  "solutionSequence": [{"move": "a1a8", "isUserMove": true}, {"move": "e2e8", "isUserMove": false},
                       {"move": "a8e8", "isUserMove": true}]}]"#;

#[test]
fn a_wrong_move_is_refuted_only_once_the_puzzle_ends() {
    let pack = sancho::puzzle::read_pack(BACK_RANK_PACK, "test").unwrap();
    let screen = |app: &App| {
        let mut terminal = Terminal::new(TestBackend::new(120, 40)).unwrap();
        terminal.draw(|f| render(app, f)).unwrap();
        let buf = terminal.backend().buffer().clone();
        (0..40)
            .map(|y| (0..120).map(|x| buf[(x, y)].symbol()).collect::<String>())
            .collect::<Vec<_>>()
            .join("\n")
    };
    const WHY: &str = "Why your first try failed: 1. Ra3? Re1#: mate in 1.";

    // Wrong, then given up: refuted at the end, not before.
    let mut app = App::new(Config::default(), pack.puzzles.clone());
    app.update(Action::Select);
    typed(&mut app, "Ra3");
    app.update(Action::Submit);
    let play = app.play().unwrap();
    assert_eq!(play.status().kind, StatusKind::Bad);
    assert!(play.refutation().is_none());
    assert!(
        !play.status().text.contains("Why"),
        "{}",
        play.status().text
    );
    assert!(!screen(&app).contains("Why your"), "{}", screen(&app));
    app.update(Action::ShowSolution);
    let play = app.play().unwrap();
    assert!(play.status().text.contains(WHY), "{}", play.status().text);
    let san = &play.refutation().unwrap().san;
    assert_eq!(san, &["Ra3", "Re1#"]);
    assert!(screen(&app).contains("Why your"), "{}", screen(&app));

    // In German letters (issue 13's gap): the refutation reads as typed.
    let german = Config {
        lang: Some("de".parse().unwrap()),
        ..Config::default()
    };
    let mut app = App::new(german, pack.puzzles.clone());
    app.update(Action::Select);
    typed(&mut app, "Ta3");
    app.update(Action::Submit);
    app.update(Action::ShowSolution);
    let play = app.play().unwrap();
    let why = "Why your first try failed: 1. Ta3? Te1#: mate in 1.";
    assert!(play.status().text.contains(why), "{}", play.status().text);

    // Wrong, then played to the end (failed): refuted too.
    let mut app = App::new(Config::default(), pack.puzzles.clone());
    app.update(Action::Select);
    for text in ["Ra3", "Ra8+"] {
        typed(&mut app, text);
        app.update(Action::Submit);
    }
    assert!(app.play().unwrap().refutation().is_none(), "not yet");
    app.update(Action::Tick(REPLY_DELAY_MS));
    typed(&mut app, "Rxe8#");
    app.update(Action::Submit);
    let play = app.play().unwrap();
    assert!(matches!(play.finish(), Some(Finish::Failed(_))));
    assert!(play.status().text.contains(WHY), "{}", play.status().text);

    // A retry forgets the last attempt's wrong move; a wrong move the solver
    // cannot refute says nothing.
    app.update(Action::Retry);
    typed(&mut app, "h3");
    app.update(Action::Submit);
    app.update(Action::ShowSolution);
    let play = app.play().unwrap();
    assert!(play.finish().is_some());
    assert!(play.refutation().is_none());
    assert!(
        !play.status().text.contains("Why"),
        "{}",
        play.status().text
    );
}
