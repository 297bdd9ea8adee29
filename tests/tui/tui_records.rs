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
    use sancho::tui::{DRAIN_WAIT, IDLE, POLL, event_loop};
    use std::collections::VecDeque;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::{Arc, Mutex};
    use std::time::Duration;

    let key = |code| Some(Event::Key(KeyEvent::new(code, KeyModifiers::NONE)));
    let mut script: VecDeque<Option<Event>> = VecDeque::new();
    script.push_back(key(KeyCode::Enter)); // Puzzles
    script.extend(std::iter::repeat_n(None, 10)); // the reply comes
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
    let read = Arc::new(AtomicUsize::new(0));
    let mut waits = Vec::new();
    let heard = Arc::new(Mutex::new(Vec::new()));
    let (read_there, heard_there) = (Arc::clone(&read), Arc::clone(&heard));
    event_loop(
        &mut terminal,
        &mut app,
        |timeout| {
            waits.push(timeout);
            clock.set(clock.get() + timeout);
            read.fetch_add(1, Ordering::SeqCst);
            Ok(script
                .pop_front()
                .expect("the loop should have quit by now"))
        },
        || clock.get(),
        &mut move |done: &sancho::train::Finished| -> anyhow::Result<()> {
            if let sancho::train::Finished::Puzzle(attempt) = done {
                let left = total - read_there.load(Ordering::SeqCst);
                heard_there
                    .lock()
                    .unwrap()
                    .push((attempt.puzzle.id.clone(), left));
            }
            Ok(())
        },
    )
    .unwrap();
    let heard = heard.lock().unwrap().clone();
    let [(id, left)] = &heard[..] else {
        panic!("recorded once: {heard:?}");
    };
    assert_eq!(id, "3IQ26");
    assert!(
        *left <= 2,
        "recorded after the mating move (before Resize and Ctrl-C, or as the loop ends): {left}"
    );
    assert!(script.is_empty(), "the loop ran until Ctrl-C");
    assert!(app.should_quit());
    assert_eq!(app.size(), (70, 20));
    assert_eq!(sans(&app), ["Rxc1", "Re1+", "Rxe1", "Rxe1#"]);
    let outcomes = app.into_outcomes();
    assert_eq!(outcomes.len(), 1);
    assert!(outcomes[0].outcome.solved);
    // Idle on the home screen the loop waits for a key (up to IDLE); with
    // the opponent's reply due it waits a poll at a time, so that the
    // reply is played on time. It never waits longer, and does wait (no
    // busy loop).
    let waits: Vec<Duration> = waits.into_iter().filter(|&w| w != DRAIN_WAIT).collect();
    assert_eq!(waits[..2], [IDLE, POLL], "{waits:?}");
    assert!(waits.iter().all(|&w| w == POLL || w == IDLE), "{waits:?}");
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

/// A step of a scripted session: an event, a wait with nothing, or a wait
/// for the services to answer `n` times (real time, bounded) so that what
/// follows sees their answers.
pub(super) enum Step {
    Key(ratatui::crossterm::event::Event),
    Nothing,
    Answers(usize),
}

/// `text` typed as key presses.
pub(super) fn keys(text: &str) -> Vec<Step> {
    use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
    text.chars()
        .map(|c| {
            Step::Key(Event::Key(KeyEvent::new(
                KeyCode::Char(c),
                KeyModifiers::NONE,
            )))
        })
        .collect()
}

/// One key press.
pub(super) fn press(code: ratatui::crossterm::event::KeyCode) -> Step {
    use ratatui::crossterm::event::{Event, KeyEvent, KeyModifiers};
    Step::Key(Event::Key(KeyEvent::new(code, KeyModifiers::NONE)))
}

/// Ctrl-C.
pub(super) fn ctrl_c() -> Step {
    use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
    Step::Key(Event::Key(KeyEvent::new(
        KeyCode::Char('c'),
        KeyModifiers::CONTROL,
    )))
}

/// Runs the real loop over `script` on a `width`×`height` test terminal,
/// time advancing only by the loop's waits; returns the terminal.
pub(super) fn run_script(
    app: &mut App,
    script: Vec<Step>,
    size: (u16, u16),
    recorder: &mut dyn sancho::tui::Recorder,
) -> anyhow::Result<Terminal<TestBackend>> {
    let (terminal, result) = run_script_to_the_end(app, script, size, recorder);
    result.map(|()| terminal)
}

/// [`run_script`], the terminal kept whatever the loop returned.
pub(super) fn run_script_to_the_end(
    app: &mut App,
    script: Vec<Step>,
    (width, height): (u16, u16),
    recorder: &mut dyn sancho::tui::Recorder,
) -> (Terminal<TestBackend>, anyhow::Result<()>) {
    use sancho::tui::{Waker, event_loop_with};
    use std::collections::VecDeque;
    use std::time::Duration;

    let mut script = VecDeque::from(script);
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    let clock = std::cell::Cell::new(Duration::ZERO);
    let (waker, woken) = Waker::channel();
    let result = event_loop_with(
        &mut terminal,
        app,
        None,
        waker,
        |timeout| {
            clock.set(clock.get() + timeout);
            match script
                .pop_front()
                .expect("the loop should have quit by now")
            {
                Step::Key(event) => Ok(Some(event)),
                Step::Nothing => Ok(None),
                Step::Answers(n) => {
                    for _ in 0..n {
                        assert!(woken.wait(Duration::from_secs(30)), "no answer came");
                    }
                    Ok(None)
                }
            }
        },
        || clock.get(),
        recorder,
    );
    (terminal, result)
}

#[test]
fn the_stats_screen_is_live_within_the_session() {
    use ratatui::crossterm::event::KeyCode;

    let mut script = vec![press(KeyCode::Enter)]; // Puzzles
    script.extend(std::iter::repeat_with(|| Step::Nothing).take(10));
    script.extend(keys("Re1+"));
    script.push(press(KeyCode::Enter));
    script.extend(std::iter::repeat_with(|| Step::Nothing).take(10));
    script.extend(keys("Rxe1#"));
    script.push(press(KeyCode::Enter));
    // Recorded, then the stats read again: two answers.
    script.push(Step::Answers(2));
    script.push(press(KeyCode::Esc)); // home
    script.push(press(KeyCode::Down));
    script.push(press(KeyCode::Down));
    script.push(press(KeyCode::Enter)); // Stats
    script.push(Step::Nothing);
    script.push(ctrl_c());

    let mut app = App::new(Config::default(), vec![back_rank()]);
    let mut recorder = MemoryRecorder::default();
    assert!(app.stats().is_none());
    let terminal = run_script(&mut app, script, (100, 30), &mut recorder).unwrap();
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

/// The last line of the screen (the footer, or what stands over it).
fn last_line(terminal: &Terminal<TestBackend>) -> String {
    let buffer = terminal.backend().buffer();
    let y = buffer.area.bottom() - 1;
    (0..buffer.area.width)
        .map(|x| buffer[(x, y)].symbol())
        .collect()
}

/// Fails its first `failures` writes ("disk full"); keeps what it saved.
struct FullDisk {
    failures: usize,
    saved: Vec<String>,
}

impl sancho::tui::Recorder for FullDisk {
    fn record(
        &mut self,
        finished: &sancho::train::Finished,
    ) -> anyhow::Result<Option<sancho::train::Saved>> {
        if self.failures > 0 {
            self.failures -= 1;
            anyhow::bail!("disk full");
        }
        if let sancho::train::Finished::Puzzle(done) = finished {
            self.saved.push(done.puzzle.id.clone());
        }
        Ok(None)
    }

    fn stats(&mut self) -> Option<sancho::progress::Stats> {
        None
    }
}

/// Two mates in one: CJi0b, then its twin "twin".
fn two_mates() -> Vec<sancho::puzzle::Puzzle> {
    let twin = lichess(
        "twin",
        "6k1/p1p2ppp/1pqp2r1/3Q4/8/1P6/P1P2PPP/4RK2 b - - 8 22",
        "c6d5 e1e8",
    );
    vec![mate_in_one(), twin]
}

#[test]
fn a_failed_write_is_said_on_screen_kept_and_saved_with_the_next_one() {
    use ratatui::crossterm::event::KeyCode;

    let solve = |script: &mut Vec<Step>| {
        script.extend(std::iter::repeat_with(|| Step::Nothing).take(10));
        script.extend(keys("Re8#"));
        script.push(press(KeyCode::Enter));
        // The write (failed or not), then the stats: two answers.
        script.push(Step::Answers(2));
    };
    // The disk stays full: the screen says so, and so does the end.
    let mut script = vec![press(KeyCode::Enter)];
    solve(&mut script);
    script.push(Step::Nothing);
    script.push(ctrl_c());
    let mut app = App::new(Config::default(), two_mates());
    let mut store = FullDisk {
        failures: usize::MAX,
        saved: Vec::new(),
    };
    let (terminal, result) = run_script_to_the_end(&mut app, script, (100, 30), &mut store);
    let line = last_line(&terminal);
    assert!(
        line.starts_with("1 result not saved (kept, will retry): disk full"),
        "{line}"
    );
    let bad = sancho::tui::Theme::new(false).bad().fg;
    let y = terminal.backend().buffer().area.bottom() - 1;
    assert_eq!(
        Some(terminal.backend().buffer()[(0, y)].fg),
        bad,
        "said in the bad style"
    );
    let error = result.expect_err("the session ends saying what was lost");
    assert_eq!(
        error.to_string(),
        "1 finished result could not be saved: disk full"
    );
    let status = app.play().unwrap().status().text.clone();
    assert!(status.contains("Solved"), "still shown solved: {status}");
    assert!(store.saved.is_empty());

    // The disk fails once: the next result saves both, in order, and the
    // warning goes.
    let mut script = vec![press(KeyCode::Enter)];
    solve(&mut script);
    script.push(Step::Nothing);
    script.push(press(KeyCode::Enter)); // the next puzzle
    solve(&mut script);
    script.push(Step::Nothing);
    script.push(ctrl_c());
    let mut app = App::new(Config::default(), two_mates());
    let mut store = FullDisk {
        failures: 1,
        saved: Vec::new(),
    };
    let terminal = run_script(&mut app, script, (100, 30), &mut store).unwrap();
    assert_eq!(store.saved, ["CJi0b", "twin"]);
    assert!(app.unsaved().is_none());
    let line = last_line(&terminal);
    assert!(!line.contains("not saved"), "{line}");
    assert!(line.contains("F1 help"), "the footer is back: {line}");
}

/// A store that takes at least 200 ms per write. Its first write also
/// waits until the script says the keys after it were answered (bounded:
/// a write on the UI thread would wait for keys that never come).
struct SlowStore {
    gate: std::sync::mpsc::Receiver<()>,
    first: bool,
    ui: std::thread::ThreadId,
    /// Milliseconds spent in writes on the UI thread (the loop's clock
    /// counts them, as wall time would).
    blocked_ms: std::sync::Arc<std::sync::atomic::AtomicU64>,
    /// Whether the first write ended without seeing the keys answered.
    keys_waited: bool,
    records: Vec<sancho::train::Finished>,
}

impl sancho::tui::Recorder for SlowStore {
    fn record(
        &mut self,
        finished: &sancho::train::Finished,
    ) -> anyhow::Result<Option<sancho::train::Saved>> {
        use std::time::{Duration, Instant};
        let start = Instant::now();
        if std::mem::take(&mut self.first) {
            self.keys_waited = self.gate.recv_timeout(Duration::from_secs(10)).is_err();
        }
        std::thread::sleep(Duration::from_millis(200).saturating_sub(start.elapsed()));
        if std::thread::current().id() == self.ui {
            let ms = u64::try_from(start.elapsed().as_millis()).unwrap();
            self.blocked_ms
                .fetch_add(ms, std::sync::atomic::Ordering::SeqCst);
        }
        self.records.push(finished.clone());
        Ok(None)
    }

    fn stats(&mut self) -> Option<sancho::progress::Stats> {
        None
    }
}

#[test]
fn a_200_ms_write_holds_up_neither_the_keys_nor_the_storm_clock() {
    use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
    use sancho::train::Finished;
    use sancho::tui::{Start, Waker, event_loop_with};
    use std::collections::VecDeque;
    use std::sync::Arc;
    use std::sync::atomic::{AtomicU64, Ordering};
    use std::time::Duration;

    /// A step: an event, nothing, or the first write's gate opened.
    enum S {
        Key(Event),
        Nothing,
        Open,
    }
    let key = |code| S::Key(Event::Key(KeyEvent::new(code, KeyModifiers::NONE)));
    let mut script = VecDeque::new();
    let solve = |script: &mut VecDeque<S>| {
        // The opponent's first move (150 ms in Storm) comes meanwhile.
        script.extend(std::iter::repeat_with(|| S::Nothing).take(4));
        script.extend("Re8#".chars().map(|c| key(KeyCode::Char(c))));
        script.push_back(S::Nothing);
        script.push_back(key(KeyCode::Enter));
    };
    solve(&mut script); // the first write starts
    solve(&mut script); // and the next puzzle is played meanwhile
    script.push_back(S::Open);
    script.extend(std::iter::repeat_with(|| S::Nothing).take(4));
    script.push_back(key(KeyCode::Esc)); // the run stops: its summary
    script.push_back(S::Key(Event::Key(KeyEvent::new(
        KeyCode::Char('c'),
        KeyModifiers::CONTROL,
    ))));

    let config = Config {
        start: Start::Storm {
            seconds: 60,
            seed: 7,
        },
        ..Config::default()
    };
    let mates = (0..5).map(|i| {
        lichess(
            &format!("s{i}"),
            "6k1/p1p2ppp/1pqp2r1/3Q4/8/1P6/P1P2PPP/4RK2 b - - 8 22",
            "c6d5 e1e8",
        )
    });
    let mut app = App::new(config, mates.collect());
    let mut terminal = Terminal::new(TestBackend::new(100, 30)).unwrap();
    let (open, gate) = std::sync::mpsc::channel();
    let blocked = Arc::new(AtomicU64::new(0));
    let mut store = SlowStore {
        gate,
        first: true,
        ui: std::thread::current().id(),
        blocked_ms: Arc::clone(&blocked),
        keys_waited: false,
        records: Vec::new(),
    };
    // The loop's clock: its waits, and any time it spent in a write.
    let waited = std::cell::Cell::new(Duration::ZERO);
    let now = || waited.get() + Duration::from_millis(blocked.load(Ordering::SeqCst));
    let mut enters = Vec::new();
    event_loop_with(
        &mut terminal,
        &mut app,
        None,
        Waker::default(),
        |timeout| {
            waited.set(waited.get() + timeout);
            match script
                .pop_front()
                .expect("the loop should have quit by now")
            {
                S::Key(event) => {
                    if let Event::Key(KeyEvent {
                        code: KeyCode::Enter | KeyCode::Esc,
                        ..
                    }) = event
                    {
                        enters.push(waited.get());
                    }
                    Ok(Some(event))
                }
                S::Nothing => Ok(None),
                S::Open => {
                    // The second puzzle was played while the first write ran.
                    open.send(()).unwrap();
                    Ok(None)
                }
            }
        },
        now,
        &mut store,
    )
    .unwrap();
    assert!(
        !store.keys_waited,
        "the first write ended before the keys after it were answered"
    );
    assert_eq!(
        blocked.load(Ordering::SeqCst),
        0,
        "no write on the UI thread"
    );
    // Everything was saved, in order, before the loop returned.
    let [
        Finished::Puzzle(p1),
        Finished::Puzzle(p2),
        Finished::Storm(run),
    ] = &store.records[..]
    else {
        panic!("{:?}", store.records);
    };
    assert!(p1.result.solved && p2.result.solved);
    assert_eq!(run.score, 2);
    // The clock counted only the time the user had: from the first move
    // (the first Enter) to the stop (Esc), not a millisecond of writing.
    let [first, _, stop] = enters[..] else {
        panic!("{enters:?}");
    };
    let played = u64::try_from((stop - first).as_millis()).unwrap();
    assert_eq!(run.played_ms, played);
    assert!(app.unsaved().is_none());
}

#[test]
fn the_loop_ticks_only_while_something_runs_on_the_clock() {
    use sancho::tui::Start;
    // The puzzle screen: the opponent's move is due, then nothing is.
    let mut app = App::new(Config::default(), vec![back_rank()]);
    assert!(!app.ticking(), "the home menu waits for a key");
    app.update(Action::Select);
    assert!(app.ticking(), "the opponent's first move is due");
    app.update(Action::Tick(REPLY_DELAY_MS));
    assert!(!app.ticking(), "the user's turn: nothing runs");
    typed(&mut app, "Re1+");
    app.update(Action::Submit);
    assert!(app.ticking(), "the reply is due");
    // Storm: the clock runs from the first move to the end.
    let storm = Config {
        start: Start::Storm {
            seconds: 60,
            seed: 1,
        },
        ..Config::default()
    };
    let mut app = App::new(storm, two_mates());
    app.update(Action::Tick(1_000));
    assert!(!app.ticking(), "the clock starts with the first move");
    typed(&mut app, "Re8#");
    app.update(Action::Submit);
    assert!(app.ticking());
    app.update(Action::Back);
    assert!(app.run().unwrap().end().is_some());
    assert!(!app.ticking(), "the summary");
    // The timed coordinates drill runs on the clock; an untimed drill
    // does not.
    for (timed, ticking) in [(true, true), (false, false)] {
        let config = Config {
            start: Start::Drill {
                kind: sancho::drill::DrillKind::Coordinates,
                seed: 1,
                count: 5,
                strictness: sancho::notation::Strictness::Strict,
                timed,
            },
            ..Config::default()
        };
        assert_eq!(App::new(config, Vec::new()).ticking(), ticking, "{timed}");
    }
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
        deviation_after: 80.0,
        unrated: (!rated).then_some(sancho::progress::Unrated::Repeat),
    };
    // Another puzzle's answer is not this one's.
    app.answer(Reply::Recorded {
        puzzle_id: "other".into(),
        recorded: recorded(true, 1600.0),
        set: None,
    });
    assert!(app.rating_change().is_none());
    app.answer(Reply::Recorded {
        puzzle_id: "CJi0b".into(),
        recorded: recorded(true, 1527.4),
        set: None,
    });
    assert!(
        screen(&app).contains("Rating +12, now 1527"),
        "{}",
        screen(&app)
    );
    app.answer(Reply::Recorded {
        puzzle_id: "CJi0b".into(),
        recorded: recorded(false, 1515.2),
        set: None,
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
    const WHY: &str = "Why your first try failed: 1. Ra3? Re1#: Black mates in 1.";

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
    let why = "Why your first try failed: 1. Ta3? Te1#: Black mates in 1.";
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

#[test]
fn blind_shows_the_frozen_board_reads_the_set_up_move_and_records_blind() {
    use sancho::train::Finished;
    use sancho::tui::Effect;
    let config = Config {
        blind: Some(1),
        ..Config::default()
    };
    let puzzle = mate_in_one();
    let mut app = App::new(config, vec![puzzle.clone()]);
    app.update(Action::Select);
    app.update(Action::Tick(REPLY_DELAY_MS));
    let play = app.play().unwrap();
    // The set-up move is read, not played: no move in the list, and the
    // board stays at the puzzle's start.
    assert!(sans(&app).is_empty(), "{:?}", sans(&app));
    let blind = play.blind_view().expect("blind");
    assert_eq!(blind.frozen(), &puzzle.position);
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
    assert!(during.contains("Blind: the board is 1 ply"), "{during}");
    assert!(during.contains("Read 22... Qxd5"), "{during}");
    assert!(during.contains('♛'), "the frozen board is drawn: {during}");
    typed(&mut app, "Re8#");
    let effects = app.update(Action::Submit);
    let attempt = effects
        .iter()
        .find_map(|e| match e {
            Effect::Record(Finished::Puzzle(a)) => Some(a),
            _ => None,
        })
        .expect("recorded");
    assert!(attempt.result.solved);
    assert_eq!(attempt.result.blind, Some(1));
    let after = screen(&app);
    assert!(!after.contains("Blind: the board"), "{after}");
    // Once it is over, the board is the live one: the mate on e8.
    assert!(shakmaty::Position::is_checkmate(
        app.play().unwrap().shown()
    ));
}

/// A pack written by `sancho mine` (with a fake engine that sees the mate):
/// the Scholar's position before 3...Nf6??, with the game before it as
/// `lead`.
const MINED_PACK: &str = "tests/fixtures/puzzles/mined_scholar.json";

#[test]
fn blind_six_plies_on_a_mined_puzzle_freezes_the_games_start() {
    use sancho::train::Finished;
    use sancho::tui::Effect;
    let text = std::fs::read_to_string(MINED_PACK).unwrap();
    let pack = sancho::puzzle::read_pack(&text, "mined").unwrap();
    let config = Config {
        blind: Some(6),
        ..Config::default()
    };
    let mut app = App::new(config, pack.puzzles);
    app.update(Action::Select);
    app.update(Action::Tick(REPLY_DELAY_MS));
    let play = app.play().unwrap();
    assert!(sans(&app).is_empty(), "{:?}", sans(&app));
    let blind = play.blind_view().expect("blind");
    assert_eq!(blind.frozen(), &shakmaty::Chess::default());
    let read: Vec<&str> = blind.lead().iter().map(|m| m.san.as_str()).collect();
    assert_eq!(read, ["e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6"]);
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
    assert!(during.contains("Blind: the board is 6 plies"), "{during}");
    assert!(during.contains("1. e4 e5 2. Bc4 Nc6 3. Qh5"), "{during}");
    assert!(during.contains('♛'), "the frozen board is drawn: {during}");
    typed(&mut app, "Qxf7#");
    let effects = app.update(Action::Submit);
    let attempt = effects
        .iter()
        .find_map(|e| match e {
            Effect::Record(Finished::Puzzle(a)) => Some(a),
            _ => None,
        })
        .expect("recorded");
    assert!(attempt.result.solved);
    assert_eq!(attempt.result.blind, Some(6));
    assert!(shakmaty::Position::is_checkmate(
        app.play().unwrap().shown()
    ));
}
