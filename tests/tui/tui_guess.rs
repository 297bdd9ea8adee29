//! Guess the move on the full screen: the same run line mode plays
//! (tests/cli/guess.rs), driven by actions; the engine's question handed
//! out as an effect and its answer fed back; the record at the end.

use ratatui::Terminal;
use ratatui::backend::TestBackend;
use sancho::engine::{PvLine, Score};
use sancho::train::guess::{Evaluation, Guess, GuessGame, GuessOptions};
use sancho::train::{DrillDone, Finished};
use sancho::tui::{Action, App, Config, Context, Effect, KeyContext, Reply, Start, View, render};

fn guess_app(engine: bool) -> App {
    let game = GuessGame::builtin(sancho::drill::game_book().find("opera-game").unwrap());
    let options = GuessOptions {
        engine,
        ..GuessOptions::default()
    };
    let context = Context {
        guess: Some(Guess::new(game, options).unwrap()),
        ..Context::default()
    };
    let config = Config {
        start: Start::Guess,
        engine,
        ..Config::default()
    };
    let mut app = App::with_context(config, Vec::new(), context);
    app.update(Action::Resize(100, 30));
    app
}

fn text(app: &App) -> String {
    let mut t = Terminal::new(TestBackend::new(100, 30)).unwrap();
    t.draw(|f| render(app, f)).unwrap();
    let buf = t.backend().buffer();
    (0..30)
        .map(|y| (0..100).map(|x| buf[(x, y)].symbol()).collect::<String>())
        .collect::<Vec<_>>()
        .join("\n")
}

fn type_line(app: &mut App, text: &str) -> Vec<Effect> {
    for c in text.chars() {
        app.update(Action::Insert(c));
    }
    app.update(Action::Submit)
}

fn line(score: Score, pv: &str) -> Vec<PvLine> {
    vec![PvLine {
        multipv: 1,
        depth: 12,
        score,
        pv: pv.split(' ').map(|m| m.parse().unwrap()).collect(),
    }]
}

#[test]
fn a_built_in_game_is_guessed_and_scored_as_in_line_mode() {
    let mut app = guess_app(false);
    assert_eq!(app.view(), View::Guess);
    assert_eq!(app.key_context(), KeyContext::Answer { input_empty: true });
    assert!(text(&app).contains("1. White to move: your move?"));
    type_line(&mut app, "e4");
    type_line(&mut app, "Nc3");
    let screen = text(&app);
    assert!(
        screen.contains("Nc3 is not the game's move (Nf3). 0 points."),
        "{screen}"
    );
    assert!(screen.contains("2... d6"), "{screen}");
    type_line(&mut app, "d4");
    type_line(&mut app, "Bb5+");
    type_line(&mut app, "Qxf3");
    // An illegal move is refused and the line kept to mend.
    type_line(&mut app, "Ke3");
    assert!(text(&app).contains("Not a move here"));
    assert_eq!(app.guess_screen().unwrap().input().text(), "Ke3");
    // The live hint keeps the game's move secret: only a count.
    app.update(Action::ClearLine);
    app.update(Action::Insert('B'));
    let screen = text(&app);
    assert!(screen.contains("bishop moves fit"), "{screen}");
    assert!(!screen.contains("Bc4"), "{screen}");
    // Tab completes what every candidate shares (Bc4 and Bc1-… here).
    app.update(Action::Insert('c'));
    app.update(Action::Complete);
    assert!(app.guess_screen().unwrap().input().text().starts_with("Bc"));
    app.update(Action::Back);
    let screen = text(&app);
    assert!(screen.contains("5 guessed: 3 the game's move"), "{screen}");
    assert!(screen.contains("9 of 15 points."), "{screen}");
    assert!(screen.contains("2. Nc3 (the game: Nf3)"), "{screen}");
    let [Finished::Drill(DrillDone { summary, .. })] = app.finished() else {
        panic!("{:?}", app.finished())
    };
    assert_eq!(
        (summary.kind.as_str(), summary.exercises, summary.correct),
        ("guess", 5, 3)
    );
    app.update(Action::Select);
    assert_eq!(app.view(), View::Home);
    assert_eq!(app.finished().len(), 1, "recorded once");
}

#[test]
fn the_engine_is_asked_off_screen_and_its_answer_judges_the_guess() {
    let mut app = guess_app(true);
    type_line(&mut app, "e4");
    let effects = type_line(&mut app, "Nc3");
    let Some(Effect::Evaluate(ask)) = effects.iter().find(|e| matches!(e, Effect::Evaluate(_)))
    else {
        panic!("no question for the engine: {effects:?}");
    };
    assert!(text(&app).contains("The engine is looking at your move"));
    // Keys typed meanwhile do nothing to the line.
    app.update(Action::Insert('x'));
    assert_eq!(app.guess_screen().unwrap().input().text(), "Nc3");
    // An answer to an older question is dropped.
    let eval = Evaluation {
        after_guess: line(Score::Cp(-20), "d7d6"),
        after_game: line(Score::Cp(-40), "d7d6"),
    };
    app.answer(Reply::Evaluated {
        asked: ask.asked.wrapping_add(1),
        result: Ok(eval.clone()),
    });
    assert!(app.guess_screen().unwrap().is_asking());
    // The first answer leaves Nc3 possibly as good: a second, longer
    // search is asked, and the screen still waits.
    let effects = app.answer(Reply::Evaluated {
        asked: ask.asked,
        result: Ok(eval.clone()),
    });
    let [Effect::Evaluate(again)] = &effects[..] else {
        panic!("a second search: {effects:?}");
    };
    assert!(again.request.confirm && again.asked != ask.asked);
    assert!(text(&app).contains("The engine is looking at your move"));
    app.answer(Reply::Evaluated {
        asked: again.asked,
        result: Ok(eval),
    });
    let screen = text(&app);
    assert!(
        screen.contains("Nc3 is also good, 20 centipawns below the game's Nf3."),
        "{screen}"
    );
    // An engine that fails: the guess scores as without one.
    let effects = type_line(&mut app, "h3");
    let Some(Effect::Evaluate(ask)) = effects.iter().find(|e| matches!(e, Effect::Evaluate(_)))
    else {
        panic!("{effects:?}");
    };
    app.answer(Reply::Evaluated {
        asked: ask.asked,
        result: Err(sancho::engine::EngineError::Exited {
            expected: "bestmove",
            status: "gone".into(),
        }),
    });
    assert!(text(&app).contains("h3 is not the game's move (d4)."));
    insta::assert_snapshot!("guess_the_move", text(&app));
}

/// Issue 27: the guess screen keeps every word at 120×40 and 80×24.
#[test]
fn the_guess_screen_fits() {
    let mut app = guess_app(false);
    crate::tui_fit::assert_fits("guess", &app, &[]);
    type_line(&mut app, "e4");
    crate::tui_fit::assert_fits("guess, a guess", &app, &[]);
    app.update(Action::Back);
    crate::tui_fit::assert_fits("guess summary", &app, &[]);
}
