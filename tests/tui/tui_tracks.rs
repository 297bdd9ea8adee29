//! Issue 23's tracks on the full screen: a rated puzzle asks before the
//! hint or give-up key fails it (and config can turn the question off),
//! the course and replays never ask and are recorded unrated, and the
//! rating shows as provisional.

use sancho::train::{Finished, Rating, Track};
use sancho::tui::{Action, App, Config, Effect, FailKey, REPLY_DELAY_MS, StatusKind};

use ratatui::Terminal;
use ratatui::backend::TestBackend;
use sancho::tui::render;

use super::tui_flow::back_rank;

/// An app on `track` on the puzzle screen, the opponent's move shown.
fn on(track: Track, confirm_fail: bool) -> App {
    let config = Config {
        track,
        confirm_fail,
        ..Config::default()
    };
    let mut app = App::new(config, vec![back_rank()]);
    app.update(Action::Select);
    app.update(Action::Tick(REPLY_DELAY_MS));
    app
}

/// The one puzzle attempt among `effects`: whether it may be rated, and
/// whether it is a replay.
fn recorded(effects: &[Effect]) -> Option<(Rating, bool)> {
    effects.iter().find_map(|e| match e {
        Effect::Record(Finished::Puzzle(done)) => Some((done.rating, done.replay)),
        _ => None,
    })
}

#[test]
fn f2_and_f3_ask_before_failing_a_rated_puzzle() {
    let mut app = on(Track::Rated, true);
    // The first F2 only asks; nothing fails, nothing is recorded.
    assert!(recorded(&app.update(Action::Hint)).is_none());
    let play = app.play().unwrap();
    assert_eq!(play.armed(), Some(FailKey::Hint));
    assert_eq!(play.status().kind, StatusKind::Hint);
    assert!(
        play.status()
            .text
            .starts_with("Press F2 again for a hint: it fails this rated puzzle"),
        "{}",
        play.status().text
    );
    assert!(play.is_clean(), "the puzzle is still clean");
    // Another key in between: F3 asks in its turn.
    app.update(Action::ShowSolution);
    let play = app.play().unwrap();
    assert_eq!(play.armed(), Some(FailKey::GiveUp));
    assert!(
        play.status()
            .text
            .starts_with("Press F3 again to see the solution")
    );
    // Typing disarms it: the next F3 asks again.
    app.update(Action::Insert('R'));
    assert_eq!(app.play().unwrap().armed(), None);
    app.update(Action::ShowSolution);
    assert!(app.play().unwrap().finish().is_none());
    // The second press in a row gives up, and the attempt is rated.
    let effects = app.update(Action::ShowSolution);
    assert!(app.play().unwrap().finish().is_some());
    assert_eq!(recorded(&effects), Some((Rating::Rated, false)));
}

#[test]
fn once_failed_the_hint_no_longer_asks() {
    let mut app = on(Track::Rated, true);
    app.update(Action::Hint);
    app.update(Action::Hint);
    assert!(!app.play().unwrap().is_clean(), "the first hint failed it");
    app.update(Action::Hint);
    assert_eq!(
        app.play().unwrap().armed(),
        None,
        "a failed puzzle never asks"
    );
}

#[test]
fn config_turns_the_question_off_and_the_course_and_replays_never_ask() {
    for (track, confirm, want) in [
        (Track::Rated, false, (Rating::Rated, false)),
        (Track::Course, true, (Rating::Unrated, false)),
        (Track::Replay, true, (Rating::Unrated, true)),
    ] {
        let mut app = on(track, confirm);
        let effects = app.update(Action::ShowSolution);
        assert!(app.play().unwrap().finish().is_some(), "{track:?}: at once");
        assert_eq!(recorded(&effects), Some(want), "{track:?}");
    }
}

#[test]
fn the_home_menu_switches_between_rated_training_and_the_course() {
    use sancho::tui::{Context, MenuItem, View};
    let course = super::tui_flow::fixture_pack();
    let context = Context {
        // Resumed at the second course puzzle.
        course: Some((course.clone(), vec![1, 2, 3, 0])),
        ..Context::default()
    };
    let config = Config {
        confirm_fail: true,
        ..Config::default()
    };
    let mut app = App::with_context(config, vec![back_rank()], context);
    let open = |app: &mut App, item: MenuItem| {
        while MenuItem::ALL[app.menu_index()] != item {
            app.update(Action::Down);
        }
        app.update(Action::Select);
    };
    open(&mut app, MenuItem::Puzzles);
    assert_eq!(
        (app.track(), app.play().unwrap().puzzle().id.as_str()),
        (Track::Rated, "3IQ26")
    );
    app.update(Action::Back);
    open(&mut app, MenuItem::Course);
    assert_eq!(app.view(), View::Puzzle);
    assert_eq!(app.track(), Track::Course);
    assert_eq!(app.play().unwrap().puzzle().id, course[1].id);
    // The course never asks before failing, and is recorded unrated.
    let effects = app.update(Action::ShowSolution);
    assert_eq!(recorded(&effects), Some((Rating::Unrated, false)));
    app.update(Action::Back);
    // Back on Puzzles: the rated puzzle left for the menus, still asking.
    open(&mut app, MenuItem::Puzzles);
    assert_eq!(app.track(), Track::Rated);
    assert_eq!(app.play().unwrap().puzzle().id, "3IQ26");
    app.update(Action::ShowSolution);
    assert_eq!(app.play().unwrap().armed(), Some(FailKey::GiveUp));
}

/// Lichess CJi0b's position and line under another id and rating.
fn rated(id: &str, rating: u32) -> sancho::puzzle::Puzzle {
    let csv = format!(
        "PuzzleId,FEN,Moves,Rating,RatingDeviation,Popularity,NbPlays,Themes,GameUrl,OpeningTags\n\
         {id},6k1/p1p2ppp/1pqp2r1/3Q4/8/1P6/P1P2PPP/4RK2 b - - 8 22,c6d5 e1e8,{rating},80,50,100,mateIn1,,\n"
    );
    sancho::puzzle::read_lichess(csv.as_bytes(), "test")
        .next()
        .unwrap()
        .unwrap()
}

#[test]
fn rated_training_serves_near_the_rating_at_the_difficulty_chosen_on_the_home_screen() {
    use sancho::train::{Difficulty, Ladder};
    use sancho::tui::{Context, MenuItem};
    let fresh = [900, 1200, 1500, 1510, 1800, 2100]
        .iter()
        .enumerate()
        .map(|(i, &r)| rated(&format!("p{i}"), r))
        .collect();
    let context = Context {
        ladder: Some(Ladder::new(Vec::new(), fresh)),
        ..Context::default()
    };
    let mut app = App::with_context(Config::default(), Vec::new(), context);
    let home = |app: &App| {
        let mut t = Terminal::new(TestBackend::new(80, 24)).unwrap();
        t.draw(|f| render(app, f)).unwrap();
        let buf = t.backend().buffer().clone();
        (0..24)
            .map(|y| (0..80).map(|x| buf[(x, y)].symbol()).collect::<String>())
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert!(home(&app).contains("Puzzles (rated, normal; ← → change)"));
    assert!(home(&app).contains("6 puzzles loaded"));
    assert_eq!(MenuItem::ALL[app.menu_index()], MenuItem::Puzzles);
    app.update(Action::Select);
    assert_eq!(app.play().unwrap().puzzle().id, "p2", "nearest 1500");
    app.update(Action::Next);
    assert_eq!(app.play().unwrap().puzzle().id, "p3");
    app.update(Action::Back);
    // Two steps harder from the home screen: +600.
    app.update(Action::Right);
    app.update(Action::Right);
    assert_eq!(app.difficulty(), Some(Difficulty::Hardest));
    assert!(home(&app).contains("Puzzles (rated, hardest (+600); ← → change)"));
    app.update(Action::Select);
    assert_eq!(
        app.play().unwrap().puzzle().id,
        "p3",
        "the paused puzzle first"
    );
    app.update(Action::Next);
    assert_eq!(app.play().unwrap().puzzle().id, "p5", "nearest 2100");
    app.update(Action::Back);
    for _ in 0..4 {
        app.update(Action::Left);
    }
    assert_eq!(app.difficulty(), Some(Difficulty::Easiest));
    app.update(Action::Select);
    app.update(Action::Next);
    assert_eq!(app.play().unwrap().puzzle().id, "p0", "nearest 900");
}

/// Issue 23: the puzzle screen changes rated training's difficulty for
/// the next puzzle served (F10: one step harder, after the hardest the
/// easiest); the header shows it, and the home menu has the same setting.
#[test]
fn the_puzzle_screen_changes_the_difficulty_of_the_next_puzzle() {
    use sancho::train::{Difficulty, Ladder};
    let fresh = [900, 1200, 1500, 1510, 1800, 2100]
        .iter()
        .enumerate()
        .map(|(i, &r)| rated(&format!("p{i}"), r))
        .collect();
    let context = sancho::tui::Context {
        ladder: Some(Ladder::new(Vec::new(), fresh)),
        ..sancho::tui::Context::default()
    };
    let mut app = App::with_context(Config::default(), Vec::new(), context);
    let shown = |app: &App| {
        let mut t = Terminal::new(TestBackend::new(80, 24)).unwrap();
        t.draw(|f| render(app, f)).unwrap();
        let buf = t.backend().buffer().clone();
        (0..80).map(|x| buf[(x, 0)].symbol()).collect::<String>()
    };
    app.update(Action::Select);
    assert_eq!(app.play().unwrap().puzzle().id, "p2", "nearest 1500");
    assert!(shown(&app).contains("· normal"), "{}", shown(&app));
    // The F10 key, through the key map.
    let f9 = ratatui::crossterm::event::KeyEvent::from(ratatui::crossterm::event::KeyCode::F(10));
    let action = app.keys().action_for(f9, &app.key_context()).unwrap();
    assert_eq!(action, Action::CycleDifficulty);
    // The help lists it on rated training.
    app.update(Action::ToggleHelp);
    let mut t = Terminal::new(TestBackend::new(120, 40)).unwrap();
    t.draw(|f| render(&app, f)).unwrap();
    let help: String = t
        .backend()
        .buffer()
        .content()
        .iter()
        .map(|c| c.symbol())
        .collect();
    assert!(help.contains("F10"), "{help}");
    assert!(help.contains("next puzzle a step harder (then easiest)"));
    app.update(Action::ToggleHelp);
    app.update(action.clone());
    app.update(action);
    assert_eq!(app.difficulty(), Some(Difficulty::Hardest));
    assert!(shown(&app).contains("· hardest (+600)"), "{}", shown(&app));
    assert_eq!(
        app.play().unwrap().puzzle().id,
        "p2",
        "the puzzle shown stays"
    );
    app.update(Action::Next);
    assert_eq!(app.play().unwrap().puzzle().id, "p5", "nearest 2100");
    // After the hardest, the easiest; the home menu shows the same.
    app.update(Action::CycleDifficulty);
    assert_eq!(app.difficulty(), Some(Difficulty::Easiest));
    app.update(Action::Next);
    assert_eq!(app.play().unwrap().puzzle().id, "p0", "nearest 900");
    app.update(Action::Back);
    let mut t = Terminal::new(TestBackend::new(80, 24)).unwrap();
    t.draw(|f| render(&app, f)).unwrap();
    let home: String = t
        .backend()
        .buffer()
        .content()
        .iter()
        .map(|c| c.symbol())
        .collect();
    assert!(home.contains("Puzzles (rated, easiest (-600); ← → change)"));
}

/// Issue 23: `b` on the home menu's Puzzles turns blind tactics on (one
/// ply before) for rated training: only puzzles with a set-up move are
/// served, each played blind; `b` again turns it off.
#[test]
fn the_home_menu_turns_blind_tactics_on_for_rated_training() {
    use sancho::train::Ladder;
    let hand = sancho::content::builtin_packs()
        .unwrap()
        .into_iter()
        .flat_map(|p| p.puzzles)
        .find(|p| p.id == "m1-001")
        .unwrap();
    assert!(
        !hand.opponent_first(),
        "a hand-written puzzle has no set-up move"
    );
    let rating = f64::from(hand.playing_rating());
    let stats_rating = |app: &App| app.rating();
    let fresh = vec![hand.clone(), rated("lichess", 2900)];
    let context = sancho::tui::Context {
        ladder: Some(Ladder::new(Vec::new(), fresh)),
        ..sancho::tui::Context::default()
    };
    let mut app = App::with_context(Config::default(), Vec::new(), context);
    assert_eq!(stats_rating(&app), None);
    let b =
        ratatui::crossterm::event::KeyEvent::from(ratatui::crossterm::event::KeyCode::Char('b'));
    let action = app.keys().action_for(b, &app.key_context()).unwrap();
    assert_eq!(action, Action::ToggleBlind);
    app.update(action);
    assert_eq!(app.blind(), Some(1));
    let mut t = Terminal::new(TestBackend::new(80, 24)).unwrap();
    t.draw(|f| render(&app, f)).unwrap();
    let home: String = t
        .backend()
        .buffer()
        .content()
        .iter()
        .map(|c| c.symbol())
        .collect();
    assert!(
        home.contains("Puzzles (rated, normal, blind 1; ← → change, b)"),
        "{home}"
    );
    // The hand-written puzzle is nearer 1500 than 2900, and left out.
    assert!((rating - 1500.0).abs() < 1400.0);
    app.update(Action::Select);
    let play = app.play().unwrap();
    assert_eq!(play.puzzle().id, "lichess");
    assert!(play.blind_view().is_some(), "played blind");
    // Off again: the hand-written puzzle comes next, on the board.
    app.update(Action::Back);
    app.update(Action::ToggleBlind);
    assert_eq!(app.blind(), None);
    app.update(Action::Select);
    app.update(Action::Next);
    let play = app.play().unwrap();
    assert_eq!(play.puzzle().id, "m1-001");
    assert!(play.blind_view().is_none());
}

#[test]
fn the_home_menus_weakness_training_serves_its_own_pool_rated() {
    use sancho::train::Ladder;
    use sancho::tui::{Context, MenuItem, View};
    let context = Context {
        ladder: Some(Ladder::new(Vec::new(), vec![rated("r1", 1500)])),
        weak: Some((
            Ladder::new(Vec::new(), vec![rated("w1", 1500)]),
            vec!["fork".to_owned(), "pin".to_owned()],
        )),
        ..Context::default()
    };
    let config = Config {
        confirm_fail: true,
        ..Config::default()
    };
    let mut app = App::with_context(config, Vec::new(), context);
    assert_eq!(app.weak_themes(), ["fork", "pin"]);
    while MenuItem::ALL[app.menu_index()] != MenuItem::Weak {
        app.update(Action::Down);
    }
    app.update(Action::Select);
    assert_eq!(app.view(), View::Puzzle);
    assert_eq!(app.track(), Track::Weak);
    assert_eq!(app.play().unwrap().puzzle().id, "w1");
    // Rated: it asks before failing, and records as rated training does.
    app.update(Action::ShowSolution);
    assert_eq!(app.play().unwrap().armed(), Some(FailKey::GiveUp));
    let effects = app.update(Action::ShowSolution);
    assert_eq!(recorded(&effects), Some((Rating::Rated, false)));
    app.update(Action::Back);
    while MenuItem::ALL[app.menu_index()] != MenuItem::Puzzles {
        app.update(Action::Down);
    }
    app.update(Action::Select);
    assert_eq!(app.track(), Track::Rated);
    assert_eq!(app.play().unwrap().puzzle().id, "r1");
}

#[test]
fn the_history_screen_lists_results_and_replays_the_failed_ones() {
    use sancho::progress::{Ids, Progress, Timestamp};
    use sancho::tui::{Context, MenuItem, View};
    // One failure recorded through the core's record path.
    let mut first = on(Track::Rated, false);
    let effects = first.update(Action::ShowSolution);
    let Some(Effect::Record(done)) = effects
        .into_iter()
        .find(|e| matches!(e, Effect::Record(Finished::Puzzle(_))))
    else {
        panic!("recorded");
    };
    let mut progress = Progress::default();
    let at = Timestamp(1_795_318_739);
    sancho::train::apply(&mut progress, Ids::new(at, 1), &done, at);
    let context = Context {
        stats: Some(progress.stats(at)),
        ..Context::default()
    };
    let mut app = App::with_context(Config::default(), vec![back_rank()], context);
    while MenuItem::ALL[app.menu_index()] != MenuItem::History {
        app.update(Action::Down);
    }
    app.update(Action::Select);
    assert_eq!(app.view(), View::History);
    let mut t = Terminal::new(TestBackend::new(100, 30)).unwrap();
    t.draw(|f| render(&app, f)).unwrap();
    let buf = t.backend().buffer().clone();
    let screen: String = (0..30)
        .map(|y| (0..100).map(|x| buf[(x, y)].symbol()).collect::<String>() + "\n")
        .collect();
    assert!(
        screen.contains("2026-11-22 03:38  3IQ26        failed (gave up)"),
        "{screen}"
    );
    assert!(
        screen.contains("1 failed: r replays them (never rated)."),
        "{screen}"
    );
    // r: the failed puzzle again, as a replay.
    app.update(Action::Retry);
    assert_eq!(app.view(), View::Puzzle);
    assert_eq!(app.track(), Track::Replay);
    assert_eq!(app.play().unwrap().puzzle().id, "3IQ26");
    let effects = app.update(Action::ShowSolution);
    assert_eq!(recorded(&effects), Some((Rating::Unrated, true)));
}

#[test]
fn a_sets_puzzle_header_shows_the_set_and_cycle_and_a_finished_cycle_its_summary() {
    use sancho::progress::{CycleSummary, Recorded, SetRecorded, Timestamp};
    use sancho::tui::{Context, Reply, SetHeader};
    let context = Context {
        set: Some(SetHeader {
            name: "forks".to_owned(),
            cycle: 2,
            done: 1,
            size: 2,
        }),
        ..Context::default()
    };
    let config = Config {
        start: sancho::tui::Start::Puzzles,
        ..Config::default()
    };
    let mut app = App::with_context(config, vec![back_rank()], context);
    let screen = |app: &App| {
        let mut t = Terminal::new(TestBackend::new(100, 30)).unwrap();
        t.draw(|f| render(app, f)).unwrap();
        let buf = t.backend().buffer().clone();
        (0..30)
            .map(|y| (0..100).map(|x| buf[(x, y)].symbol()).collect::<String>() + "\n")
            .collect::<String>()
    };
    assert!(screen(&app).contains("Puzzle 1 of 1 · 0 solved · set forks, cycle 2: 1/2"));
    app.update(Action::ShowSolution);
    let summary = CycleSummary {
        cycle: 2,
        puzzles: 2,
        solved: 1,
        accuracy: 0.5,
        time_ms: 95_000,
        started: Timestamp(1_795_318_739),
        finished: Timestamp(1_795_318_739 + 2 * 86_400),
        days: 3,
        goal_days: Some(2),
        times_ms: vec![40_000, 55_000],
    };
    app.answer(Reply::Recorded {
        puzzle_id: "3IQ26".into(),
        recorded: Recorded {
            id: sancho::progress::AttemptId::from_stored("x".into()),
            rated: false,
            rating_before: 1500.0,
            rating_after: 1500.0,
            deviation_after: 350.0,
            unrated: Some(sancho::progress::Unrated::Repeat),
        },
        set: Some(SetRecorded {
            cycle: 2,
            done: 2,
            size: 2,
            repeated: false,
            finished: Some(summary),
        }),
    });
    let shown = screen(&app);
    assert!(shown.contains("set forks, cycle 2: 2/2"), "{shown}");
    assert!(shown.contains("Cycle 2 done: 1/2 solved (50%)"), "{shown}");
    assert!(shown.contains("Next cycle: within 2 days."), "{shown}");
}
