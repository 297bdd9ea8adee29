//! The trainer's effects through the real loop: what is recorded (with the
//! puzzle and its source), the live Stats screen, the rating on the puzzle
//! screen, blindfold, and refutations only once a puzzle ends.

use ratatui::Terminal;
use ratatui::backend::TestBackend;
use sancho::tui::{Action, App, Config, REPLY_DELAY_MS, View, render};
use sancho::tui::{Finish, StatusKind};

use super::tui_flow::*;

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
        &mut |done: &sancho::train::Finished| -> anyhow::Result<()> {
            if let sancho::train::Finished::Puzzle(attempt) = done {
                heard.push((attempt.puzzle.id.clone(), total - read.get()));
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

/// Records into an in-memory progress log through the core's one record
/// path (`train::apply`, what the store writes) and gives its stats back,
/// as the binary's store does.
#[derive(Default)]
struct MemoryRecorder {
    progress: sancho::progress::Progress,
    records: Vec<sancho::train::Finished>,
}

impl sancho::tui::Recorder for MemoryRecorder {
    fn record(
        &mut self,
        finished: &sancho::train::Finished,
    ) -> anyhow::Result<Option<sancho::train::Saved>> {
        use sancho::progress::{Ids, Timestamp};
        self.records.push(finished.clone());
        let at = Timestamp(1_700_000_000 + self.records.len() as i64);
        let ids = Ids::new(at, self.records.len() as u64);
        Ok(Some(sancho::train::apply(
            &mut self.progress,
            ids,
            finished,
            at,
        )))
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
    use sancho::train::Finished;
    use sancho::tui::Effect;
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
        Effect::Record(Finished::Puzzle(attempt)),
        Effect::RefreshStats,
    ] = effects.as_slice()
    else {
        panic!("one record then a stats refresh: {effects:?}");
    };
    assert!(attempt.result.solved);
    assert_eq!(
        *attempt.puzzle,
        back_rank(),
        "the puzzle itself rides on the effect"
    );
    assert_eq!(attempt.source, sancho::progress::Source::Lichess);
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
        unrated: (!rated).then_some(sancho::progress::Unrated::Repeat),
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
    use sancho::train::Finished;
    use sancho::tui::Effect;
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
        Effect::Record(Finished::Puzzle(attempt)),
        Effect::RefreshStats,
    ] = &effects[..]
    else {
        panic!("the failure is recorded on the way out: {effects:?}");
    };
    assert!(!attempt.result.solved);
    assert_eq!(attempt.puzzle.id, "CJi0b");
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
