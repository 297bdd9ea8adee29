//! A position played out against the engine on the full screen (issue
//! 24): the same game line mode plays (tests/cli/game.rs), driven by
//! actions; the engine's question handed out as an effect and its move fed
//! back as the fake engine would answer; the end, blindfold play, the
//! home entry without an engine, and a finished puzzle played out.

use ratatui::Terminal;
use ratatui::backend::TestBackend;
use sancho::engine::{EngineError, Strength};
use sancho::notation::parse_fen;
use sancho::tui::{
    Action, App, Config, Context, Effect, GameSetup, KeyContext, REPLY_DELAY_MS, Reply, Start,
    Think, View, render,
};
use shakmaty::Color;

/// K+Q v K, White to move: 1. Qg5 Kh7 2. Qg7# (or 1. Qg6?? stalemate).
const KQK: &str = "7k/8/5K2/8/8/8/8/6Q1 w - - 0 1";

fn setup(fen: &str, user: Color) -> GameSetup {
    let mut setup = GameSetup::new(parse_fen(fen).unwrap(), user, "the FEN given");
    setup.strength = Strength::Level(3);
    setup.movetime = 150;
    setup
}

/// The app opened on a game (`sancho game`), and the effects it starts
/// with (the engine's question when it moves first).
fn game_app(setup: GameSetup) -> (App, Vec<Effect>) {
    let context = Context {
        game: Some(setup),
        ..Context::default()
    };
    let config = Config {
        start: Start::Game,
        engine: true,
        ..Config::default()
    };
    let mut app = App::with_context(config, Vec::new(), context);
    let effects = app.update(Action::Resize(100, 30));
    (app, effects)
}

fn text(app: &App) -> String {
    crate::tui_fit::screen(app, 100, 30)
}

fn type_line(app: &mut App, text: &str) -> Vec<Effect> {
    for c in text.chars() {
        app.update(Action::Insert(c));
    }
    app.update(Action::Submit)
}

fn think(effects: &[Effect]) -> Think {
    effects
        .iter()
        .find_map(|e| match e {
            Effect::Think(t) => Some(t.clone()),
            _ => None,
        })
        .unwrap_or_else(|| panic!("no question for the engine: {effects:?}"))
}

/// The fake engine's answer to `ask`.
fn answer(app: &mut App, ask: &Think, uci: &str) -> Vec<Effect> {
    app.answer(Reply::Moved {
        asked: ask.asked,
        result: Ok(Some(uci.to_owned())),
    })
}

fn sans(app: &App) -> Vec<String> {
    let game = app.game_screen().unwrap().game();
    game.moves().iter().map(|m| m.san.clone()).collect()
}

#[test]
fn a_game_is_played_to_mate_with_the_engine_asked_off_screen() {
    let (mut app, effects) = game_app(setup(KQK, Color::White));
    assert_eq!(app.view(), View::Game);
    assert!(effects.is_empty(), "the user moves first: {effects:?}");
    assert_eq!(app.key_context(), KeyContext::Game { input_empty: true });
    let screen = text(&app);
    assert!(screen.contains("You: White · engine: level 3"), "{screen}");
    // The live hint names the moves with their signs: nothing is secret.
    app.update(Action::Insert('Q'));
    app.update(Action::Insert('g'));
    app.update(Action::Insert('7'));
    assert!(text(&app).contains("complete: Qg7#"), "{}", text(&app));
    // Tab completes with the sign too; two candidates complete to their
    // common prefix only.
    app.update(Action::Complete);
    assert_eq!(app.game_screen().unwrap().input().text(), "Qg7#");
    app.update(Action::ClearLine);
    app.update(Action::Insert('Q'));
    app.update(Action::Insert('c'));
    app.update(Action::Complete);
    assert_eq!(app.game_screen().unwrap().input().text(), "Qc");
    app.update(Action::ClearLine);
    // An illegal move is refused and the line kept to mend.
    type_line(&mut app, "Qa9");
    assert!(text(&app).contains("Not a move here"), "{}", text(&app));
    app.update(Action::ClearLine);
    let ask = think(&type_line(&mut app, "Qg5"));
    assert_eq!(ask.fen, "7k/8/5K2/6Q1/8/8/8/8 b - - 1 1");
    assert_eq!((ask.strength, ask.movetime), (Strength::Level(3), 150));
    assert!(text(&app).contains("The engine is thinking…"));
    // Keys typed meanwhile do nothing to the line.
    app.update(Action::Insert('x'));
    assert!(app.game_screen().unwrap().input().is_empty());
    // An answer to an older question is dropped.
    app.answer(Reply::Moved {
        asked: ask.asked.wrapping_add(1),
        result: Ok(Some("h8g8".to_owned())),
    });
    assert!(app.game_screen().unwrap().is_thinking());
    answer(&mut app, &ask, "h8h7");
    let screen = text(&app);
    assert!(
        screen.contains("Engine: 1... Kh7 (king from h8 to h7)"),
        "{screen}"
    );
    // The scoresheet in two columns: number, White, Black.
    assert!(screen.contains("1. Qg5       Kh7"), "{screen}");
    let effects = type_line(&mut app, "Qg7#");
    assert!(!effects.iter().any(|e| matches!(e, Effect::Think(_))));
    assert_eq!(sans(&app), ["Qg5", "Kh7", "Qg7#"]);
    let screen = text(&app);
    assert!(screen.contains("Checkmate: you won (1-0)."), "{screen}");
    assert!(screen.contains("2. Qg7#"), "{screen}");
    assert_eq!(app.key_context(), KeyContext::GameOver);
    // r: the same game again from its start.
    app.update(Action::Retry);
    assert!(sans(&app).is_empty());
    assert!(!app.game_screen().unwrap().is_over());
    // Esc asks, any other key takes it back; Esc twice resigns; Esc again
    // leaves.
    app.update(Action::Back);
    assert!(text(&app).contains("Esc again resigns"), "{}", text(&app));
    assert!(!app.game_screen().unwrap().is_over());
    app.update(Action::Insert('Q'));
    assert!(!text(&app).contains("Esc again resigns"));
    app.update(Action::Back);
    app.update(Action::Back);
    assert!(text(&app).contains("You resigned: the engine won (0-1)."));
    app.update(Action::Back);
    assert_eq!(app.view(), View::Home);
}

#[test]
fn a_stalemate_a_failed_engine_and_the_engine_moving_first() {
    let (mut app, _) = game_app(setup(KQK, Color::White));
    type_line(&mut app, "Qg6");
    let screen = text(&app);
    assert!(screen.contains("Stalemate: a draw (1/2-1/2)."), "{screen}");
    insta::assert_snapshot!("game_stalemate", screen);
    // The result's style says how it went: a draw in the title's style.
    let theme = sancho::tui::Theme::new(false);
    let mut t = Terminal::new(TestBackend::new(100, 30)).unwrap();
    t.draw(|f| render(&app, f)).unwrap();
    let buf = t.backend().buffer();
    let (y, line) = screen
        .lines()
        .enumerate()
        .find(|(_, l)| l.contains("Stalemate"))
        .unwrap();
    let x = line[..line.find("Stalemate").unwrap()].chars().count();
    let at = (u16::try_from(x).unwrap(), u16::try_from(y).unwrap());
    assert_eq!(buf[at].fg, theme.title().fg.unwrap());

    // The user plays Black: the engine is asked at once.
    let (mut app, effects) = game_app(setup(KQK, Color::Black));
    let ask = think(&effects);
    assert_eq!(ask.fen, KQK);
    assert!(text(&app).contains("The engine is thinking…"));
    // The engine fails: the game stops without a result, saying why.
    app.answer(Reply::Moved {
        asked: ask.asked,
        result: Err(EngineError::Exited {
            expected: "bestmove",
            status: "gone".into(),
        }),
    });
    let screen = text(&app);
    assert!(screen.contains("The engine gave no legal move"), "{screen}");
    assert!(screen.contains("result (*)."), "{screen}");
    assert!(screen.contains("The engine failed:"), "{screen}");
}

#[test]
fn blindfold_hides_the_board_tells_the_position_in_words_and_shows_it_at_the_end() {
    let mut s = setup(KQK, Color::White);
    s.blindfold = true;
    let (mut app, _) = game_app(s);
    let screen = text(&app);
    assert!(screen.contains("Blindfold: no board."), "{screen}");
    assert!(!screen.contains('♕'), "{screen}");
    app.update(Action::Words);
    let screen = text(&app);
    assert!(screen.contains("White to move:"), "{screen}");
    assert!(screen.contains("White: Kf6, Qg1"), "{screen}");
    assert!(screen.contains("Black: Kh8"), "{screen}");
    // F7 shows the board and hides it again.
    app.update(Action::ToggleBoard);
    assert!(!text(&app).contains("Blindfold: no board."));
    app.update(Action::ToggleBoard);
    let ask = think(&type_line(&mut app, "Qg5"));
    answer(&mut app, &ask, "h8h7");
    assert!(text(&app).contains("Engine: 1... Kh7 (king from h8 to h7)"));
    type_line(&mut app, "Qg7#");
    // The board comes back when the game ends.
    assert!(!text(&app).contains("Blindfold: no board."));
}

#[test]
fn the_home_entry_chooses_the_game_or_says_how_to_get_an_engine() {
    let play_out = sancho::tui::MenuItem::ALL
        .iter()
        .position(|&i| i == sancho::tui::MenuItem::PlayOut)
        .unwrap();
    let open = |engine: bool| {
        let config = Config {
            engine,
            ..Config::default()
        };
        let mut app = App::new(config, Vec::new());
        app.update(Action::Resize(100, 30));
        for _ in 0..play_out {
            app.update(Action::Down);
        }
        assert!(text(&app).contains("▸ Play out"), "{}", text(&app));
        app.update(Action::Select);
        assert_eq!(app.view(), View::GameSetup);
        app
    };
    let mut app = open(false);
    let screen = text(&app);
    assert!(
        screen.contains("Playing out needs a chess engine"),
        "{screen}"
    );
    assert!(screen.contains("apt-get install stockfish"), "{screen}");
    for _ in 0..4 {
        app.update(Action::Down);
    }
    app.update(Action::Select);
    assert_eq!(app.view(), View::GameSetup, "no game without an engine");
    app.update(Action::Back);
    assert_eq!(app.view(), View::Home);

    // With an engine: Black, level 2, blindfold, then Start.
    let mut app = open(true);
    assert!(!text(&app).contains("needs a chess engine"));
    app.update(Action::Down);
    app.update(Action::Right);
    app.update(Action::Down);
    app.update(Action::Right);
    app.update(Action::Right);
    app.update(Action::Down);
    app.update(Action::Right);
    let screen = text(&app);
    assert!(screen.contains("You play   ◂ Black ▸"), "{screen}");
    assert!(screen.contains("Engine     ◂ level 2 ▸"), "{screen}");
    assert!(screen.contains("Blindfold  ◂ on ▸"), "{screen}");
    app.update(Action::Down);
    let effects = app.update(Action::Select);
    assert_eq!(app.view(), View::Game);
    let ask = think(&effects);
    assert_eq!(ask.strength, Strength::Level(2));
    assert!(app.game_screen().unwrap().board_hidden());
}

#[test]
fn a_finished_puzzle_is_played_out_from_its_position() {
    let play = |engine: bool| {
        let config = Config {
            engine,
            ..Config::default()
        };
        let mut app = App::new(config, vec![crate::tui_flow::mate_in_one()]);
        app.update(Action::Resize(100, 30));
        app.update(Action::Select);
        app.update(Action::Tick(REPLY_DELAY_MS));
        // Before the end the key does nothing.
        app.update(Action::PlayOut);
        assert_eq!(app.view(), View::Puzzle);
        type_line(&mut app, "Re8#");
        assert!(app.play().unwrap().finish().is_some());
        assert!(text(&app).contains("Ctrl-P: play out"), "{}", text(&app));
        // The help lists the key once the puzzle is over.
        app.update(Action::ToggleHelp);
        assert!(text(&app).contains("Ctrl-P"), "{}", text(&app));
        app.update(Action::ToggleHelp);
        app
    };
    let mut app = play(true);
    let effects = app.update(Action::PlayOut);
    assert_eq!(app.view(), View::Game);
    assert!(effects.iter().all(|e| !matches!(e, Effect::Think(_))));
    let game = app.game_screen().unwrap();
    // The puzzle ended in mate: the game starts where the user was to move.
    assert_eq!(
        sancho::puzzle::fen_of(game.game().start()),
        "6k1/p1p2ppp/1p1p2r1/3q4/8/1P6/P1P2PPP/4RK2 w - - 0 23"
    );
    assert_eq!(game.game().user(), Color::White);
    assert!(text(&app).contains("from puzzle CJi0b"));
    // The game's record will name the puzzle, as `sancho game --puzzle` does.
    let key = game.setup().puzzle.as_deref().unwrap_or_default();
    assert!(key.ends_with(":CJi0b"), "{key}");

    // Without an engine: the start screen on the puzzle, saying how to get one.
    let mut app = play(false);
    app.update(Action::PlayOut);
    assert_eq!(app.view(), View::GameSetup);
    let screen = text(&app);
    assert!(screen.contains("puzzle CJi0b"), "{screen}");
    assert!(screen.contains("needs a chess engine"), "{screen}");
}

/// Issue 27: the game screen keeps every word at 120×40 and 80×24.
#[test]
fn the_game_screen_fits() {
    let (mut app, _) = game_app(setup(KQK, Color::White));
    crate::tui_fit::assert_fits("game", &app, &[]);
    let ask = think(&type_line(&mut app, "Qg5"));
    crate::tui_fit::assert_fits("game, the engine thinking", &app, &[]);
    answer(&mut app, &ask, "h8h7");
    crate::tui_fit::assert_fits("game, the engine's move", &app, &[]);
    app.update(Action::Back);
    crate::tui_fit::assert_fits("game, resigning asked", &app, &[]);
    app.update(Action::ClearLine);
    type_line(&mut app, "Qg7#");
    crate::tui_fit::assert_fits("game over", &app, &[]);
    let mut s = setup(KQK, Color::White);
    s.blindfold = true;
    let (mut app, _) = game_app(s);
    app.update(Action::Words);
    crate::tui_fit::assert_fits("game, blindfold", &app, &[]);
    // The home entry's start screen, without an engine.
    let mut app = App::new(Config::default(), Vec::new());
    let play_out = sancho::tui::MenuItem::ALL
        .iter()
        .position(|&i| i == sancho::tui::MenuItem::PlayOut)
        .unwrap();
    for _ in 0..play_out {
        app.update(Action::Down);
    }
    app.update(Action::Select);
    crate::tui_fit::assert_fits("play out's start screen", &app, &[]);
}

/// A two-move mate to reach from the K+Q v K position.
fn endgame() -> &'static sancho::train::endgame::Endgame {
    Box::leak(Box::new(sancho::train::endgame::Endgame {
        id: "kqk-test".to_owned(),
        title: "Queen and king against king".to_owned(),
        position: parse_fen(KQK).unwrap(),
        side: Color::White,
        goal: sancho::train::game::Goal::Mate { moves: 2 },
        note: "Look for stalemate before every quiet move.".to_owned(),
    }))
}

#[test]
fn an_endgame_is_judged_recorded_and_written_as_pgn() {
    let mut s = GameSetup::endgame(endgame());
    s.out = Some(std::path::PathBuf::from("/tmp/game.pgn"));
    s.tags.engine = "Fake (level 3)".to_owned();
    let (mut app, _) = game_app(s.clone());
    let screen = text(&app);
    assert!(
        screen.contains("Mate within 2 moves. 2 moves left."),
        "{screen}"
    );
    let ask = think(&type_line(&mut app, "Qg5"));
    answer(&mut app, &ask, "h8h7");
    assert!(text(&app).contains("1 move left."));
    let effects = type_line(&mut app, "Qg7#");
    let screen = text(&app);
    assert!(screen.contains("Goal reached in 2 moves."), "{screen}");
    assert!(screen.contains("Look for stalemate"), "{screen}");
    // Recorded once, through the one record path, with its verdict.
    let [sancho::train::Finished::Game(done)] = app.finished() else {
        panic!("{:?}", app.finished())
    };
    assert_eq!(done.endgame.as_deref(), Some("kqk-test"));
    assert_eq!(done.moves, ["Qg5", "Kh7", "Qg7#"]);
    assert!(done.end.verdict.unwrap().achieved);
    assert!(effects.iter().any(|e| matches!(e, Effect::Record(_))));
    // The PGN handed to the saver's thread, and what writing it said.
    let Some(Effect::Export { path, text: pgn }) =
        effects.iter().find(|e| matches!(e, Effect::Export { .. }))
    else {
        panic!("{effects:?}")
    };
    assert!(pgn.contains("1. Qg5 Kh7 2. Qg7# 1-0"), "{pgn}");
    assert!(pgn.contains("Fake (level 3)"), "{pgn}");
    assert!(text(&app).contains("Writing the game to /tmp/game.pgn"));
    app.answer(Reply::Exported {
        path: path.clone(),
        result: Err(sancho::export::WriteError::NotAFile {
            path: path.clone(),
            kind: "a directory",
        }),
    });
    assert!(
        text(&app).contains("/tmp/game.pgn is a directory, not a regular file"),
        "{}",
        text(&app)
    );
    app.update(Action::Back);
    assert_eq!(app.finished().len(), 1, "recorded once");

    // Stalemate fails a mate, and is recorded as failed.
    let (mut app, _) = game_app(GameSetup::endgame(endgame()));
    type_line(&mut app, "Qg6");
    let screen = text(&app);
    assert!(
        screen.contains("Goal missed: stalemate is a draw."),
        "{screen}"
    );
    let [sancho::train::Finished::Game(done)] = app.finished() else {
        panic!("{:?}", app.finished())
    };
    assert!(!done.end.verdict.unwrap().achieved);
}
