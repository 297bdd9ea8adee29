//! Storm and Streak on the full screen (time injected as ticks), "My
//! games", and the engine's refutations in the trainer (a fake engine).

use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use sancho::modes::StormSummary;
use sancho::progress::{Mode, ModeRecords, ModeRun, Source, Timestamp};
use sancho::puzzle::{Puzzle, read_lichess};
use sancho::train::{Finished, Rating};
use sancho::tui::Theme;
use sancho::tui::{Action, App, Config, Context, Effect, KeyContext, Reply, Start, View, render};
use sancho::tui::{Flash, RunEnd};

/// A Lichess-style mate in one: Black's Qxd5 is shown, then White's Re8#.
fn mate_in_one(id: &str, rating: u32) -> Puzzle {
    let csv = format!(
        "PuzzleId,FEN,Moves,Rating,RatingDeviation,Popularity,NbPlays,Themes,GameUrl,OpeningTags\n\
         {id},6k1/p1p2ppp/1pqp2r1/3Q4/8/1P6/P1P2PPP/4RK2 b - - 8 22,c6d5 e1e8,{rating},100,50,100,mateIn1,,\n"
    );
    read_lichess(csv.as_bytes(), "test")
        .next()
        .unwrap()
        .unwrap()
}

fn pool(n: usize) -> Vec<Puzzle> {
    (1..=n)
        .map(|i| mate_in_one(&format!("s{i}"), 1200))
        .collect()
}

fn storm_app(puzzles: Vec<Puzzle>, seconds: u32) -> App {
    let config = Config {
        start: Start::Storm { seconds, seed: 7 },
        ..Config::default()
    };
    App::new(config, puzzles)
}

fn typed(app: &mut App, text: &str) -> Vec<Effect> {
    let mut effects = Vec::new();
    for c in text.chars() {
        effects.extend(app.update(Action::Insert(c)));
    }
    effects.extend(app.update(Action::Submit));
    effects
}

fn draw(app: &App, w: u16, h: u16) -> Buffer {
    let mut t = Terminal::new(TestBackend::new(w, h)).unwrap();
    t.draw(|f| render(app, f)).unwrap();
    t.backend().buffer().clone()
}

fn text(buf: &Buffer) -> String {
    let area = buf.area;
    (area.top()..area.bottom())
        .map(|y| {
            (area.left()..area.right())
                .map(|x| buf[(x, y)].symbol())
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The cell where `needle` starts.
fn find(buf: &Buffer, needle: &str) -> (u16, u16) {
    let area = buf.area;
    for y in area.top()..area.bottom() {
        let row: Vec<&str> = (area.left()..area.right())
            .map(|x| buf[(x, y)].symbol())
            .collect();
        if let Some(byte) = row.concat().find(needle) {
            let mut bytes = 0;
            for (i, s) in row.iter().enumerate() {
                if bytes == byte {
                    return (u16::try_from(i).unwrap(), y);
                }
                bytes += s.len();
            }
        }
    }
    panic!("{needle:?} is not on screen:\n{}", text(buf));
}

fn remaining(app: &App) -> u64 {
    app.run().unwrap().remaining_ms().unwrap()
}

fn current_id(app: &App) -> String {
    app.run().unwrap().play().unwrap().puzzle().id.clone()
}

#[test]
fn a_scripted_storm_run_keeps_lichess_time_accounts() {
    let mut app = storm_app(pool(8), 60);
    assert_eq!(app.view(), View::Run);
    assert_eq!(app.key_context(), KeyContext::Run { input_empty: true });
    assert_eq!(remaining(&app), 60_000);
    // The clock starts with the first move, as on Lichess.
    app.update(Action::Tick(1_000));
    assert_eq!(remaining(&app), 60_000);
    let screen = text(&draw(&app, 100, 30));
    assert!(
        screen.contains("Time  1:00 (starts with your first move)"),
        "{screen}"
    );

    // Five correct moves in a row: the fifth adds 3 s.
    let mut recorded = Vec::new();
    for i in 1..=5 {
        let id = current_id(&app);
        let effects = typed(&mut app, "Re8#");
        recorded.push(id.clone());
        assert!(
            effects.iter().any(|e| matches!(e,
                Effect::Record(Finished::Puzzle(done))
                    if done.puzzle.id == id && done.result.solved
                        && done.source == Source::Lichess && done.rating == Rating::Unrated)),
            "puzzle {i} is recorded unrated as solved: {effects:?}"
        );
        assert_eq!(app.run().unwrap().combo(), Some(i));
    }
    assert_eq!(
        app.run().unwrap().flash(),
        Some(&Flash::Correct {
            solved: Some(recorded[4].clone()),
            bonus_ms: 3_000,
            notes: Vec::new(),
        })
    );
    assert_eq!(remaining(&app), 63_000);
    assert_eq!(app.run().unwrap().score(), 5);

    // The clock and the bonus on screen.
    let buf = draw(&app, 100, 30);
    let screen = text(&buf);
    assert!(screen.contains("Time  1:03"), "{screen}");
    assert!(!screen.contains("starts with"), "{screen}");
    assert!(screen.contains("Score 5"), "{screen}");
    assert!(screen.contains("Combo 5 (+5 s at 12)"), "{screen}");
    assert!(screen.contains("Combo: +3 s!"), "{screen}");
    let (x, y) = find(&buf, "Combo: +3 s!");
    let theme = Theme::new(false);
    assert_eq!(
        buf[(x, y)].fg,
        theme.good().fg.unwrap(),
        "the bonus is good news"
    );

    // A wrong move: 10 s off, the combo back to zero, the puzzle failed.
    app.update(Action::Tick(2_000));
    let failed = current_id(&app);
    let effects = typed(&mut app, "h3");
    assert!(
        effects.iter().any(|e| matches!(e,
        Effect::Record(Finished::Puzzle(done)) if done.puzzle.id == failed && !done.result.solved))
    );
    assert_eq!(remaining(&app), 51_000);
    assert_eq!(app.run().unwrap().combo(), Some(0));
    assert_ne!(current_id(&app), failed, "a wrong move ends the puzzle");
    let buf = draw(&app, 100, 30);
    let (x, y) = find(&buf, "h3 was wrong (−10 s)");
    assert_eq!(buf[(x, y)].fg, theme.bad().fg.unwrap());
    // The whole line, the reply in brackets (the same words as line mode).
    assert!(text(&buf).contains("the solution was (Qxd5) Re8#"));

    // An answer that is no legal move costs nothing, and says why.
    typed(&mut app, "Qh8");
    assert_eq!(remaining(&app), 51_000);
    assert!(
        matches!(app.run().unwrap().flash(), Some(Flash::Refused { input, .. }) if input == "Qh8"),
        "{:?}",
        app.run().unwrap().flash()
    );
    let buf = draw(&app, 100, 30);
    let (x, y) = find(&buf, "Qh8:");
    assert_eq!(buf[(x, y)].fg, theme.bad().fg.unwrap());
    assert!(text(&buf).contains("no time lost"), "{}", text(&buf));

    // The notation is taught on the way: the mate sign was left out.
    typed(&mut app, "Re8");
    let Some(Flash::Correct { notes, .. }) = app.run().unwrap().flash() else {
        panic!("{:?}", app.run().unwrap().flash());
    };
    assert!(!notes.is_empty());
    let screen = text(&draw(&app, 100, 30));
    assert!(screen.contains("note: this is mate"), "{screen}");
    // The last ten seconds are drawn in the warning style.
    app.update(Action::Tick(42_000));
    let buf = draw(&app, 100, 30);
    let (x, y) = find(&buf, "0:09");
    assert_eq!(buf[(x, y)].fg, theme.bad().fg.unwrap());
    assert!(
        app.finished()
            .iter()
            .all(|f| !matches!(f, Finished::Storm(_)))
    );

    // The clock reaches zero on a tick: the run ends and is handed over.
    let effects = app.update(Action::Tick(9_000));
    let expected = StormSummary {
        seconds: 60,
        score: 6,
        moves: 7,
        accuracy: 85,
        combo_best: 5,
        // 2 s on the failed puzzle, 0 on the rest.
        ms_per_puzzle: 2_000 / 7,
        highest_solved: Some(1200),
        failed: vec![failed.clone()],
        // From the first move to zero: 60 s, +3 s of combo, -10 s.
        played_ms: 53_000,
    };
    assert_eq!(
        effects,
        [
            Effect::Record(Finished::Storm(expected)),
            Effect::RefreshRecords
        ]
    );
    let run = app.run().unwrap();
    assert_eq!(run.end(), Some(RunEnd::Over));
    assert_eq!(app.key_context(), KeyContext::Page, "the summary is a page");
    assert!(app.update(Action::Tick(1_000)).is_empty(), "said once");

    // The bests come back from the store and are shown with the summary.
    let best = ModeRun {
        mode: Mode::Storm,
        at: Timestamp(0),
        score: 6,
        moves: 7,
        accuracy: 85,
        combo_best: 5,
        seconds: 60,
        highest_solved: Some(1200),
    };
    app.answer(Reply::Records(Box::new(ModeRecords {
        storm_runs: 1,
        storm_best_today: Some(best.clone()),
        storm_best: Some(best),
        streak_runs: 0,
        streak_best: None,
    })));
    let buf = draw(&app, 100, 30);
    let screen = text(&buf);
    for line in [
        "Time is up.",
        "Score: 6 solved",
        "Moves: 7 (85% accurate)",
        "Best combo: 5",
        "Time per puzzle: 0.2 s",
        "Highest rating solved: 1200",
        "Failed (added to your reviews; r replays them, never rated):",
        "Storm: 1 run; best 6 solved in 60 s",
        "best today: 6 solved",
    ] {
        assert!(screen.contains(line), "{line:?} missing:\n{screen}");
    }
    let (x, y) = find(&buf, "Failed (added");
    assert_eq!(buf[(x, y)].fg, theme.bad().fg.unwrap());
    // The summary scrolls (a long list of failed puzzles).
    app.update(Action::Down);
    assert_eq!(app.scroll(), 1);
    app.update(Action::Up);
    assert_eq!(app.scroll(), 0);
    // Each failed puzzle with its solution.
    assert!(
        screen.contains(&format!("  {failed}  Lichess puzzle {failed}: (Qxd5) Re8#")),
        "{screen}"
    );
    // Typing on goes nowhere; Enter leaves with the score said at home.
    app.update(Action::Insert('e'));
    app.update(Action::Select);
    assert_eq!(app.view(), View::Home);
    assert_eq!(app.notice(), Some("Storm: 6 solved."));
    // The first key on the home screen is not swallowed by the notice: ↓
    // dismisses it and moves the cursor (issue 27).
    let at = app.menu_index();
    app.update(Action::Down);
    assert_eq!(app.notice(), None);
    assert_eq!(app.menu_index(), at + 1);
}

#[test]
fn a_runs_failed_puzzles_replay_from_its_summary_as_replays() {
    use sancho::train::Track;
    let mut app = storm_app(pool(3), 60);
    let failed = current_id(&app);
    typed(&mut app, "h3");
    app.update(Action::Tick(70_000));
    assert_eq!(app.key_context(), KeyContext::Page, "the summary");
    // r: the failed puzzle again, on a replay track.
    app.update(Action::Retry);
    assert_eq!(app.view(), View::Puzzle);
    assert_eq!(app.track(), Track::Replay);
    assert_eq!(app.play().unwrap().puzzle().id, failed);
    assert_eq!(app.puzzle_total(), 1);
    app.update(Action::Tick(sancho::tui::REPLY_DELAY_MS));
    let effects = typed(&mut app, "Re8#");
    let done = effects
        .iter()
        .find_map(|e| match e {
            Effect::Record(Finished::Puzzle(done)) => Some(done),
            _ => None,
        })
        .expect("recorded");
    assert!(done.result.solved);
    assert!(done.replay, "recorded as a replay");
    assert_eq!(done.rating, Rating::Unrated);
}

#[test]
fn a_storm_stopped_before_any_move_is_not_a_run() {
    let mut app = storm_app(pool(3), 180);
    app.update(Action::Tick(5_000));
    assert!(app.update(Action::Back).is_empty(), "nothing is recorded");
    assert!(app.run().is_none(), "the run is gone with its screen");
    assert_eq!(app.view(), View::Home, "no summary of nothing");
    assert_eq!(app.notice(), None);
    // Quitting in the middle of a run records it as it stands.
    let mut app = storm_app(pool(3), 180);
    typed(&mut app, "Re8#");
    let effects = app.update(Action::Quit);
    assert!(
        matches!(&effects[..], [Effect::Record(Finished::Storm(s)), Effect::RefreshRecords] if s.score == 1)
    );
    assert!(app.should_quit());
}

#[test]
fn storm_has_no_skip_and_no_hint_keys() {
    let mut app = storm_app(pool(3), 180);
    let id = current_id(&app);
    app.update(Action::Next);
    assert_eq!(current_id(&app), id);
    assert_eq!(app.run().unwrap().flash(), Some(&Flash::NoSkip));
    let shown = text(&draw(&app, 100, 30));
    assert!(shown.contains("Storm has no skip."), "{shown}");
    assert!(
        !shown.contains("F4 skip"),
        "not offered in the footer:
{shown}"
    );
    let screen = KeyContext::Run { input_empty: true };
    let key = |code| KeyEvent::new(code, KeyModifiers::NONE);
    let action_for = |key, screen| app.keys().action_for(key, screen);
    // Letters type (q too), ? opens the help only on an empty line.
    assert_eq!(
        action_for(key(KeyCode::Char('q')), &screen),
        Some(Action::Insert('q'))
    );
    assert_eq!(
        action_for(key(KeyCode::Char('?')), &screen),
        Some(Action::ToggleHelp)
    );
    assert_eq!(action_for(key(KeyCode::F(2)), &screen), None, "no hints");
    assert_eq!(action_for(key(KeyCode::F(3)), &screen), None, "no solution");
    assert_eq!(action_for(key(KeyCode::F(4)), &screen), Some(Action::Next));
    assert_eq!(action_for(key(KeyCode::Esc), &screen), Some(Action::Back));
}

#[test]
fn the_live_hint_keeps_the_spoiler_rules_in_a_run() {
    let mut app = storm_app(pool(3), 180);
    for c in "Re8".chars() {
        app.update(Action::Insert(c));
    }
    let screen = text(&draw(&app, 100, 30));
    assert!(screen.contains("Re8"), "{screen}");
    assert!(
        !screen.contains('#'),
        "no mate sign before the move:\n{screen}"
    );
    // The opponent's move is on the board after the reply delay.
    app.update(Action::Tick(200));
    let play = app.run().unwrap().play().unwrap();
    assert_eq!(play.history().len(), 1, "Qxd5 was played");
}

#[test]
fn a_streak_has_one_skip_and_ends_at_the_first_mistake() {
    let mut puzzles = vec![
        mate_in_one("hard", 2000),
        mate_in_one("easy", 900),
        mate_in_one("mid", 1500),
    ];
    puzzles.push(mate_in_one("harder", 2100));
    let config = Config {
        start: Start::Streak { seed: 1 },
        ..Config::default()
    };
    let mut app = App::new(config, puzzles);
    assert_eq!(current_id(&app), "easy", "easiest first");
    typed(&mut app, "Re8#");
    assert_eq!(app.run().unwrap().score(), 1);
    assert!(app.run().unwrap().can_skip());
    let screen = text(&draw(&app, 100, 30));
    assert!(screen.contains("Streak 1"), "{screen}");
    assert!(screen.contains("Skip: 1 left"), "{screen}");
    assert!(screen.contains("F4 skip"), "{screen}");
    app.update(Action::Next);
    assert_eq!(current_id(&app), "hard", "mid was skipped");
    assert_eq!(app.run().unwrap().flash(), Some(&Flash::Skipped));
    app.update(Action::Next);
    assert_eq!(current_id(&app), "hard", "one skip per run");
    assert_eq!(app.run().unwrap().flash(), Some(&Flash::NoSkip));
    let effects = typed(&mut app, "Kg1");
    assert!(
        effects.iter().any(|e| matches!(e,
        Effect::Record(Finished::Puzzle(done)) if done.puzzle.id == "hard" && !done.result.solved))
    );
    assert!(effects.contains(&Effect::Record(Finished::Streak {
        solved: 1,
        highest_solved: Some(900),
    })));
    assert_eq!(app.run().unwrap().end(), Some(RunEnd::Over));
    let screen = text(&draw(&app, 100, 30));
    assert!(screen.contains("Streak over"), "{screen}");
    assert!(screen.contains("Streak: 1 solved in a row"), "{screen}");
    assert!(screen.contains("hard"), "{screen}");
}

#[test]
fn storm_and_streak_from_the_home_menu() {
    let mut app = App::new(Config::default(), pool(3));
    for _ in 0..4 {
        app.update(Action::Down);
    }
    app.update(Action::Select);
    assert_eq!(app.view(), View::Run);
    assert_eq!(app.run().unwrap().remaining_ms(), Some(180_000));
    app.update(Action::Back);
    assert_eq!(app.view(), View::Home);
    app.update(Action::Down);
    app.update(Action::Select);
    assert_eq!(app.run().unwrap().mode(), Mode::Streak);
}

// ---- My games ----

#[test]
fn my_games_loads_the_mined_pack_through_an_effect() {
    let path = std::path::PathBuf::from("tests/fixtures/puzzles/good_pack.json");
    let context = Context {
        mined: Some(path.clone()),
        ..Context::default()
    };
    let mut app = App::with_context(Config::default(), pool(2), context);
    let screen = text(&draw(&app, 80, 24));
    assert!(screen.contains("My games"), "{screen}");
    assert!(!screen.contains("sancho mine"), "{screen}");
    for _ in 0..6 {
        app.update(Action::Down);
    }
    let effects = app.update(Action::Select);
    assert_eq!(effects, [Effect::Load(path.clone())]);
    let loaded = sancho::puzzle::load_path(&path).unwrap().puzzles;
    let first = loaded[0].id.clone();
    app.answer(Reply::Loaded(Ok(loaded)));
    assert_eq!(app.view(), View::Puzzle);
    assert_eq!(app.play().unwrap().puzzle().id, first);
    // A pack that cannot be read is said on the home screen.
    let mut app = App::with_context(
        Config::default(),
        pool(2),
        Context {
            mined: Some(path.clone()),
            ..Context::default()
        },
    );
    for _ in 0..6 {
        app.update(Action::Down);
    }
    app.update(Action::Select);
    assert_eq!(
        app.notice(),
        Some(sancho::tui::strings::LOADING_MINED),
        "said while it is read"
    );
    let missing = || sancho::puzzle::load_path(std::path::Path::new("no/such/mined.json"));
    app.answer(Reply::Loaded(missing().map(|l| l.puzzles)));
    assert_eq!(app.view(), View::Home);
    assert!(
        app.notice()
            .is_some_and(|n| n.starts_with("Your mined pack cannot be read")),
        "{:?}",
        app.notice()
    );
    // A pack that comes once the user has left the home screen is not
    // pushed on them.
    app.update(Action::Select); // dismisses the notice and asks again
    assert_eq!(app.notice(), Some(sancho::tui::strings::LOADING_MINED));
    app.update(Action::Up); // dismisses "Loading…" and moves
    app.update(Action::Up);
    app.update(Action::Up);
    app.update(Action::Up);
    app.update(Action::Up);
    app.update(Action::Select); // Drills
    assert_eq!(app.view(), View::Drills);
    let loaded = sancho::puzzle::load_path(&path).unwrap().puzzles;
    app.answer(Reply::Loaded(Ok(loaded)));
    assert_eq!(app.view(), View::Drills);
    assert!(app.play().is_none());
}

#[test]
fn without_a_mined_pack_my_games_says_how_to_make_one() {
    let mut app = App::new(Config::default(), pool(2));
    let screen = text(&draw(&app, 80, 24));
    assert!(
        screen.contains("My games (make them: sancho mine GAMES.pgn)"),
        "{screen}"
    );
    for _ in 0..6 {
        app.update(Action::Down);
    }
    assert!(app.update(Action::Select).is_empty());
    assert!(
        app.notice()
            .is_some_and(|n| n.contains("sancho mine GAMES.pgn"))
    );
}

#[test]
fn the_runner_loads_my_games_from_the_file() {
    use super::tui_records::{Step, ctrl_c, press, run_script};

    let mut script: Vec<Step> = std::iter::repeat_with(|| press(KeyCode::Down))
        .take(6)
        .collect();
    script.push(press(KeyCode::Enter));
    script.push(Step::Answers(1)); // read off the UI thread
    script.push(ctrl_c());
    let context = Context {
        mined: Some("tests/fixtures/puzzles/good_pack.json".into()),
        ..Context::default()
    };
    let mut app = App::with_context(Config::default(), pool(2), context);
    run_script(
        &mut app,
        script,
        (100, 30),
        &mut |_: &Finished| -> anyhow::Result<()> { Ok(()) },
    )
    .unwrap();
    assert_eq!(app.view(), View::Puzzle);
    assert!(app.puzzles().iter().any(|p| p.id == "m1-001"));
}

// ---- refutations by an engine ----

/// Lichess 3IQ26: White plays Rxc1; Black mates with Re1+ Rxe1 Rxe1#.
fn back_rank() -> Puzzle {
    let csv = "PuzzleId,FEN,Moves,Rating,RatingDeviation,Popularity,NbPlays,Themes,GameUrl,OpeningTags\n\
               3IQ26,4r1k1/2Q2ppp/2p2n2/3p4/N7/4r3/P5PP/2q2R1K w - - 0 25,f1c1 e3e1 c1e1 e8e1,400,100,50,100,mateIn2,,\n";
    read_lichess(csv.as_bytes(), "test")
        .next()
        .unwrap()
        .unwrap()
}

/// Plays 3IQ26 with a wrong first try (Nd7, which hangs the knight) and
/// then the solution; returns every effect along the way.
fn wrong_then_solution(app: &mut App) -> Vec<Vec<Effect>> {
    app.update(Action::Select);
    app.update(Action::Tick(500));
    let mut steps = Vec::new();
    for (mv, wait) in [("Nd7", 0), ("Re1+", 500), ("Rxe1#", 0)] {
        let mut effects = typed(app, mv);
        effects.extend(app.update(Action::Tick(wait)));
        steps.push(effects);
    }
    steps
}

#[test]
fn the_engine_is_asked_only_once_the_puzzle_has_ended() {
    let config = Config {
        engine: true,
        ..Config::default()
    };
    let mut app = App::new(config, vec![back_rank()]);
    let steps = wrong_then_solution(&mut app);
    let asks = |effects: &[Effect]| {
        effects
            .iter()
            .filter(|e| matches!(e, Effect::Refute(_)))
            .count()
    };
    assert_eq!(asks(&steps[0]) + asks(&steps[1]), 0, "never before the end");
    assert_eq!(asks(&steps[2]), 1, "{:?}", steps[2]);
    // Without an engine, nothing is asked.
    let mut app = App::new(Config::default(), vec![back_rank()]);
    let steps = wrong_then_solution(&mut app);
    assert!(steps.iter().all(|s| asks(s) == 0));
}

/// Writes an executable `/bin/sh` fake UCI engine into `dir` that answers
/// `go` in the position `fen` with `info`, and any other with a bare
/// `bestmove`.
#[cfg(unix)]
fn fake_engine(dir: &std::path::Path, fen: &str, info: &str) -> std::path::PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let body = format!(
        r#"#!/bin/sh
fen=""
while IFS= read -r line; do
  case "$line" in
    uci) echo "id name Fake Engine 1"; echo "uciok" ;;
    isready) echo "readyok" ;;
    quit) exit 0 ;;
    "position fen "*) fen="${{line#position fen }}" ;;
    go*)
      if [ "$fen" = "{fen}" ]; then echo "{info}"; fi
      echo "bestmove 0000" ;;
  esac
done
"#
    );
    let path = dir.join("fake-engine");
    std::fs::write(&path, body).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path
}

/// A puzzle failed by a wrong move, on a trainer with an engine, and the
/// engine's thread asked about that move by a fake engine answering `info`:
/// the app with the answer, the question, the thread and its directory.
#[cfg(unix)]
fn refuted_by(
    info: &str,
) -> (
    App,
    sancho::tui::Refute,
    sancho::tui::Refuter,
    tempfile::TempDir,
) {
    use sancho::engine::EngineOptions;
    use sancho::tui::Refuter;
    use shakmaty::Position;

    let config = Config {
        engine: true,
        ..Config::default()
    };
    let mut app = App::new(config, vec![back_rank()]);
    let steps = wrong_then_solution(&mut app);
    let Some(Effect::Refute(ask)) = steps[2].iter().find(|e| matches!(e, Effect::Refute(_))) else {
        panic!("no refutation asked: {:?}", steps[2]);
    };
    let mut after = ask.position.clone();
    after.play_unchecked(ask.wrong);
    let fen = sancho::puzzle::fen_of(&after);
    let dir = tempfile::tempdir().unwrap();
    let engine = fake_engine(dir.path(), &fen, info);
    let options = EngineOptions {
        timeout: std::time::Duration::from_secs(5),
        ..EngineOptions::default()
    };
    let refuter = Refuter::spawn(engine, options, sancho::tui::Waker::default());
    assert!(refuter.ask(ask.clone()));
    app.answer(refuter.wait().unwrap());
    (app, ask.clone(), refuter, dir)
}

#[cfg(unix)]
#[test]
fn an_engine_that_shows_no_short_refutation_is_said_not_left_silent() {
    // The engine sees nothing much: 0.4 pawns for the opponent.
    let (app, ..) = refuted_by("info depth 12 multipv 1 score cp 40 pv c7d7");
    let status = &app.play().unwrap().status().text;
    assert!(
        status.contains("About your first try: no refutation found: the engine sees no clear win"),
        "{status}"
    );
    assert!(!status.contains("Why your first try failed"), "{status}");
}

#[cfg(unix)]
#[test]
fn the_engines_refutation_comes_from_its_thread_and_is_shown_after_the_end() {
    use sancho::engine::EngineOptions;
    use sancho::tui::Refuter;

    let (mut app, ask, refuter, dir) = refuted_by("info depth 12 multipv 1 score cp 310 pv c7d7");
    let status = &app.play().unwrap().status().text;
    assert!(
        status.contains(
            "Why your first try failed: 25... Nd7? 26. Qxd7: White wins a knight for nothing."
        ),
        "{status}"
    );
    let screen = text(&draw(&app, 100, 30));
    assert!(screen.contains("Qxd7"), "{screen}");

    // An answer about an earlier attempt is dropped.
    app.update(Action::Retry);
    assert!(refuter.ask(ask.clone()));
    app.answer(refuter.wait().unwrap());
    assert!(!app.play().unwrap().status().text.contains("Why your first"));

    // An engine that cannot start is said plainly, after the end.
    let broken = Refuter::spawn(
        dir.path().join("no-such-engine"),
        EngineOptions::default(),
        sancho::tui::Waker::default(),
    );
    let mut app = App::new(
        Config {
            engine: true,
            ..Config::default()
        },
        vec![back_rank()],
    );
    wrong_then_solution(&mut app);
    broken.ask(ask.clone());
    app.answer(broken.wait().unwrap());
    let status = &app.play().unwrap().status().text;
    assert!(
        status.contains("The engine gave no refutation: could not start the engine"),
        "{status}"
    );
}

#[test]
fn snapshot_storm_run_and_summary() {
    let mut app = storm_app(pool(8), 90);
    app.update(Action::Tick(200));
    for _ in 0..5 {
        typed(&mut app, "Re8#");
    }
    app.update(Action::Tick(200));
    for c in "Re".chars() {
        app.update(Action::Insert(c));
    }
    insta::assert_snapshot!("storm_run", text(&draw(&app, 80, 24)));
    app.update(Action::ClearLine);
    for _ in 0..8 {
        typed(&mut app, "Kg1");
    }
    insta::assert_snapshot!("storm_summary", text(&draw(&app, 80, 24)));
}

/// A library of one puzzle per 100-point bucket, each rated at its middle.
struct Buckets;

impl sancho::tui::PuzzleSource for Buckets {
    fn theme_counts(
        &self,
        _: &sancho::library::Filter,
    ) -> Result<Vec<sancho::library::ThemeCount>, sancho::library::LibraryError> {
        Ok(Vec::new())
    }

    fn count(&self, _: &sancho::library::Filter) -> Result<u64, sancho::library::LibraryError> {
        Ok(15)
    }

    fn pick(
        &self,
        filter: &sancho::library::Filter,
        near: u16,
        _: usize,
    ) -> Result<Vec<Puzzle>, sancho::library::LibraryError> {
        let (from, to) = filter.rating.unwrap();
        assert!((from..=to).contains(&near));
        Ok(vec![mate_in_one(&format!("lib{near}"), u32::from(near))])
    }
}

#[test]
fn with_a_library_the_home_menus_storm_draws_its_puzzles_from_it() {
    let mut app = App::new(Config::default(), pool(3)).with_library();
    for _ in 0..4 {
        app.update(Action::Down);
    }
    let effects = app.update(Action::Select);
    assert_eq!(
        effects,
        [Effect::Library(sancho::tui::Request::Pool)],
        "asked on the library's thread"
    );
    assert_eq!(app.view(), View::Home);
    assert_eq!(app.notice(), Some("Drawing puzzles from the library…"));
    let reply = sancho::tui::answer(&Buckets, sancho::tui::Request::Pool);
    app.answer(reply);
    assert_eq!(app.view(), View::Run);
    let run = app.run().unwrap();
    assert_eq!(run.counter(), (0, 15), "one puzzle from each bucket");
    assert_eq!(current_id(&app), "lib1050", "the lowest rating first");
    // Its puzzles are recorded as the library's (Lichess), not built-in.
    let effects = typed(&mut app, "Re8#");
    assert!(effects.iter().any(|e| matches!(
        e,
        Effect::Record(Finished::Puzzle(done)) if done.source == Source::Lichess
    )));
}

/// Issue 22: one Storm run, driven through line mode and through the full
/// screen with the same answers at the same times, records the same
/// things (the core's `TimedRun` is behind both).
#[test]
fn the_same_storm_run_records_the_same_in_both_shells() {
    use sancho::line::run_timed;
    use sancho::train::TimedRun;
    use std::cell::Cell;
    use std::rc::Rc;
    // (time in ms, answer): a solve, a wrong move, a solve with a slip.
    let answers = [(1_000, "Re8#"), (3_000, "h3"), (4_000, "Re8")];

    let mut app = storm_app(pool(3), 60);
    let order: Vec<Puzzle> = app.run().unwrap().run().pool().to_vec();
    let mut now = 0;
    let mut screen = Vec::new();
    for (at, answer) in answers {
        app.update(Action::Tick(at - now));
        now = at;
        for effect in typed(&mut app, answer) {
            if let Effect::Record(done) = effect {
                screen.push(done);
            }
        }
    }
    for effect in app.update(Action::Quit) {
        if let Effect::Record(done) = effect {
            screen.push(done);
        }
    }

    let clock = Rc::new(Cell::new(0));
    let script: Vec<(u64, String)> = answers
        .iter()
        .map(|(t, a)| (*t, (*a).to_owned()))
        .chain([(4_000, "quit".to_owned())])
        .collect();
    let input = crate::support::Script::new(&script, clock.clone());
    let mut line = Vec::new();
    run_timed(
        input,
        std::io::sink(),
        TimedRun::storm(order, 60, false),
        true,
        || clock.get(),
        |done| {
            line.push(done.clone());
            Ok(None)
        },
        sancho::notation::Lang::EN,
    )
    .unwrap();

    assert_eq!(screen.len(), 4, "three puzzles and the run: {screen:?}");
    assert!(matches!(&screen[3], Finished::Storm(s) if s.score == 2 && s.moves == 3));
    assert_eq!(line, screen);
}

// ---- rebinding, through the App ----

fn key_override(action: &str, keys: &[&str], line: usize) -> sancho::config::KeyOverride {
    sancho::config::KeyOverride {
        action: action.to_owned(),
        keys: keys.iter().map(|k| (*k).to_owned()).collect(),
        line,
    }
}

#[test]
fn the_app_answers_keys_with_the_keymap_it_holds() {
    use sancho::tui::Keymap;
    let (keys, problems) = Keymap::default().rebind(&[key_override("run.play", &["F9"], 3)]);
    assert_eq!(problems, []);
    let config = Config {
        start: Start::Storm {
            seconds: 60,
            seed: 7,
        },
        keys,
        ..Config::default()
    };
    let mut app = App::new(config, pool(3));
    let press = |app: &App, code| {
        app.keys()
            .action_for(KeyEvent::new(code, KeyModifiers::NONE), &app.key_context())
    };
    // Typed, then played with F9; Enter plays no more on this screen.
    for c in "Re8#".chars() {
        let action = press(&app, KeyCode::Char(c)).unwrap();
        app.update(action);
    }
    assert_eq!(press(&app, KeyCode::Enter), None);
    let action = press(&app, KeyCode::F(9)).unwrap();
    assert_eq!(action, Action::Submit);
    app.update(action);
    assert_eq!(app.run().unwrap().score(), 1);
    // The footer and the help say so.
    let screen = text(&draw(&app, 100, 30));
    let footer = screen.lines().last().unwrap();
    assert!(footer.starts_with("F9 play  Esc stop"), "{screen}");
    app.update(Action::ToggleHelp);
    let help = text(&draw(&app, 100, 30));
    assert!(help.contains("F9"), "{help}");
    // The puzzle screen's Enter is another action: it still plays there.
    let app = App::new(
        Config {
            keys: app.keys().clone(),
            ..Config::default()
        },
        pool(1),
    );
    let puzzle = KeyContext::Puzzle { input_empty: false };
    assert_eq!(
        app.keys()
            .action_for(KeyEvent::new(KeyCode::Enter, KeyModifiers::NONE), &puzzle),
        Some(Action::Submit)
    );
}

#[test]
fn ctrl_c_on_the_storm_screen_stays_quit_when_run_play_asks_for_it() {
    use sancho::tui::Keymap;
    let (keys, problems) = Keymap::default().rebind(&[key_override("run.play", &["Ctrl-C"], 2)]);
    let [problem] = &problems[..] else {
        panic!("{problems:?}");
    };
    assert_eq!((problem.line, problem.key.as_str()), (2, "keys.run.play"));
    assert!(
        problem.message.contains("clashes with global.quit"),
        "{problem}"
    );
    let mut app = storm_app(pool(3), 60);
    app = App::new(
        Config {
            keys,
            ..app.config().clone()
        },
        pool(3),
    );
    let ctrl_c = KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL);
    assert_eq!(app.key_context(), KeyContext::Run { input_empty: true });
    let action = app.keys().action_for(ctrl_c, &app.key_context());
    assert_eq!(action, Some(Action::Quit));
    app.update(Action::Quit);
    assert!(app.should_quit());
}
