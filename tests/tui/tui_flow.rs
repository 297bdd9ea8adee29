//! Whole flows through the terminal interface, fed as Actions (no terminal).

use proptest::prelude::*;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use sancho::notation::HintState;
use sancho::puzzle::{Puzzle, read_lichess};
use sancho::tui::{
    Action, App, Config, KeyContext, Keymap, MenuItem, REPLY_DELAY_MS, View, render,
};
use sancho::tui::{Finish, Mover, StatusKind};
use shakmaty::{Color, Position, Square};

/// A puzzle from one Lichess CSV row.
pub(super) fn lichess(id: &str, fen: &str, moves: &str) -> Puzzle {
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
pub(super) fn back_rank() -> Puzzle {
    lichess(
        "3IQ26",
        "4r1k1/2Q2ppp/2p2n2/3p4/N7/4r3/P5PP/2q2R1K w - - 0 25",
        "f1c1 e3e1 c1e1 e8e1",
    )
}

/// Lichess CJi0b: Black plays Qxd5; White mates with Re8#.
pub(super) fn mate_in_one() -> Puzzle {
    lichess(
        "CJi0b",
        "6k1/p1p2ppp/1pqp2r1/3Q4/8/1P6/P1P2PPP/4RK2 b - - 8 22",
        "c6d5 e1e8",
    )
}

/// An app on the puzzle screen with the opponent's first move shown.
pub(super) fn started() -> App {
    let mut app = App::new(Config::default(), vec![back_rank(), mate_in_one()]);
    app.update(Action::Select);
    app.update(Action::Tick(REPLY_DELAY_MS));
    app
}

pub(super) fn typed(app: &mut App, text: &str) {
    for c in text.chars() {
        app.update(Action::Insert(c));
    }
}

pub(super) fn sans(app: &App) -> Vec<String> {
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
        app.key_context(),
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
        let action = app.keys().action_for(key, &app.key_context()).unwrap();
        app.update(action);
    }
    assert_eq!(app.play().unwrap().input().text(), "Re1+");
    let enter = KeyEvent::new(KeyCode::Enter, KeyModifiers::NONE);
    let action = app.keys().action_for(enter, &app.key_context()).unwrap();
    app.update(action);
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
        .map(|typed| typed.input.as_str())
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
    assert_eq!(app.key_context(), KeyContext::Home);
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
    assert_eq!(app.key_context(), KeyContext::Home);
    app.update(Action::Select);
    assert_eq!(
        app.play().unwrap().input().text(),
        "R",
        "the puzzle resumes"
    );
    app.update(Action::ToggleHelp);
    assert_eq!(app.key_context(), KeyContext::Help);
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
        (7, View::Guess, false, false),
        // Repertoire without one: a notice says how to add one.
        (8, View::Home, false, false),
        // Play out: its start screen (without an engine, it says how to
        // get one).
        (9, View::GameSetup, false, false),
        // The course without its puzzles (only `sancho course` then): a
        // notice says how to open it.
        (10, View::Home, false, false),
        (14, View::Home, true, false),
        (15, View::Home, false, true),
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
    assert_eq!(empty.key_context(), KeyContext::Home);
    assert!(empty.notice().is_some());
    empty.update(Action::Up);
    assert!(empty.notice().is_none(), "any key dismisses the notice");
    assert_eq!(
        empty.menu_index(),
        MenuItem::ALL.len() - 1,
        "and does what it does: the menu wraps"
    );
    empty.update(Action::Back);
    assert!(!empty.should_quit(), "Esc on the home screen does not quit");
    let esc = KeyEvent::new(KeyCode::Esc, KeyModifiers::NONE);
    let keys = Keymap::default();
    assert_ne!(keys.action_for(esc, &KeyContext::Home), Some(Action::Quit));
    let q = KeyEvent::new(KeyCode::Char('q'), KeyModifiers::NONE);
    assert_eq!(keys.action_for(q, &KeyContext::Home), Some(Action::Quit));
}

/// The fixture pack: m1-001 (Re8#), m1-002, m2-001 (Kb6 then Rd8#, with
/// comments), castle-001.
pub(super) fn fixture_pack() -> Vec<Puzzle> {
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

pub(super) fn line_position(app: &App, i: usize) -> shakmaty::Chess {
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
pub(super) fn castling() -> Puzzle {
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
fn a_puzzle_left_for_the_menus_keeps_its_time_and_its_place() {
    let mut app = started();
    app.update(Action::Tick(2_000));
    typed(&mut app, "Re1");
    // Away to the drills for a minute: the puzzle's clock stands still.
    app.update(Action::Back);
    assert_eq!(app.view(), View::Home);
    app.update(Action::Down);
    app.update(Action::Select);
    assert_eq!(app.view(), View::Drills);
    app.update(Action::Tick(60_000));
    app.update(Action::Back);
    app.update(Action::Up);
    app.update(Action::Select);
    assert_eq!(app.view(), View::Puzzle);
    assert_eq!(
        app.play().unwrap().input().text(),
        "Re1",
        "the line is kept"
    );
    app.update(Action::Insert('+'));
    app.update(Action::Submit);
    app.update(Action::Tick(REPLY_DELAY_MS));
    typed(&mut app, "Rxe1#");
    app.update(Action::Tick(1_000));
    app.update(Action::Submit);
    let outcomes = app.outcomes();
    assert_eq!(outcomes.len(), 1);
    assert!(outcomes[0].outcome.solved);
    assert_eq!(
        outcomes[0].time_ms,
        REPLY_DELAY_MS + 2_000 + REPLY_DELAY_MS + 1_000,
        "the minute on the drills menu is not the puzzle's"
    );
}
