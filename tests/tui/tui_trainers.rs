//! The coordinates drill's options (side, hidden coordinates, files and
//! ranks, records), the move vision drill and the scoresheet trainer in
//! full screen, driven by Actions as the keys and the mouse send them.

use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::layout::Rect;
use sancho::config::BoardSize;
use sancho::drill::{CoordOptions, DrillKind, Expected, parse_files, parse_ranks, vision_squares};
use sancho::drill::{Sheet, SheetGame};
use sancho::notation::{Lang, Strictness};
use sancho::progress::{CoordColour, CoordMode, CoordRecords, Progress, Timestamp};
use sancho::train::{DrillDone, Finished};
use sancho::tui::view::Board;
use sancho::tui::view::drill_board_area;
use sancho::tui::{Action, App, Config, Context, KeyContext, Phase, Start, View, render};
use sancho::tui::{SquareMark, Theme};
use shakmaty::{Color, Square};

fn start(kind: DrillKind, count: usize, timed: bool, coordinates: CoordOptions) -> App {
    let config = Config {
        start: Start::Drill {
            kind,
            seed: 7,
            count,
            strictness: Strictness::Strict,
            timed,
        },
        coordinates,
        ..Config::default()
    };
    let mut app = App::new(config, Vec::new());
    app.update(Action::Resize(100, 30));
    app
}

fn draw(app: &App, w: u16, h: u16) -> Terminal<TestBackend> {
    let mut t = Terminal::new(TestBackend::new(w, h)).unwrap();
    t.draw(|f| render(app, f)).unwrap();
    t
}

fn text(app: &App) -> String {
    let t = draw(app, 100, 30);
    let buf = t.backend().buffer();
    (0..30)
        .map(|y| (0..100).map(|x| buf[(x, y)].symbol()).collect::<String>())
        .collect::<Vec<_>>()
        .join("\n")
}

/// The square asked for (or to name) now.
fn asked(app: &App) -> Square {
    match app.drill().unwrap().run().current().unwrap().expected {
        Expected::Square(sq) => sq,
        Expected::Move(mv) => mv.to(),
    }
}

/// The middle cell of `sq` on the drill screen of a 100×30 terminal.
fn cell_of(sq: Square, bottom: Color) -> (u16, u16) {
    let pos = shakmaty::Chess::default();
    let board = Board {
        pos: &pos,
        bottom,
        last_move: None,
        marks: Default::default(),
        highlights: &[],
        ascii: false,
        large: false,
        theme: Theme::new(false),
    };
    let rect = board
        .square_rect(
            drill_board_area(Rect::new(0, 0, 100, 30), BoardSize::Auto),
            sq,
        )
        .unwrap();
    (rect.x + rect.width / 2, rect.y + rect.height / 2)
}

fn find_as(colour: CoordColour) -> CoordOptions {
    CoordOptions {
        mode: CoordMode::Find,
        colour,
        ..CoordOptions::default()
    }
}

#[test]
fn playing_as_black_flips_the_board_and_the_cursor_and_clicks_follow() {
    let mut app = start(
        DrillKind::Coordinates,
        5,
        false,
        find_as(CoordColour::Black),
    );
    assert_eq!(app.key_context(), KeyContext::Find);
    let d = app.drill().unwrap();
    assert_eq!(d.bottom(), Color::Black, "every exercise from Black's side");
    assert_eq!(d.cursor(), Square::E4);
    // Up the drawn board is down the ranks; right is towards the a-file.
    app.update(Action::Up);
    assert_eq!(app.drill().unwrap().cursor(), Square::E3);
    app.update(Action::Right);
    assert_eq!(app.drill().unwrap().cursor(), Square::D3);
    // The rank labels read 1 at the top, the files h to a.
    let screen = text(&app);
    let labels: String = screen
        .lines()
        .filter_map(|l| l.chars().next().filter(char::is_ascii_digit))
        .collect();
    assert_eq!(labels, "12345678");
    let files = screen
        .lines()
        .map(|l| {
            l.chars()
                .take_while(|c| !matches!(c, '│' | '└' | '┌'))
                .filter(|c| *c != ' ')
                .collect::<String>()
        })
        .find(|l| l.len() == 8 && l.chars().all(|c| c.is_ascii_lowercase()));
    assert_eq!(files.as_deref(), Some("hgfedcba"), "{screen}");
    // A click lands on the square drawn there, from Black's side.
    for _ in 0..5 {
        let want = asked(&app);
        let (x, y) = cell_of(want, Color::Black);
        app.update(Action::Click(x, y));
        let shown = app.drill().unwrap().shown_verdict().unwrap();
        assert!(shown.verdict.correct, "{want}: {shown:?}");
        assert_eq!(shown.answer, want.to_string());
    }
    assert_eq!(app.drill().unwrap().run().summary().correct, 5);
}

#[test]
fn hidden_coordinates_leave_the_edge_blank() {
    let options = CoordOptions {
        mode: CoordMode::Name,
        colour: CoordColour::White,
        hidden: true,
        ..CoordOptions::default()
    };
    let app = start(DrillKind::Coordinates, 3, false, options);
    let t = draw(&app, 90, 24);
    insta::assert_snapshot!("coordinates_hidden", t.backend());
    let buf = t.backend().buffer();
    // No rank digit in the label column, no file letter under the board.
    let b = drill_board_area(Rect::new(0, 0, 90, 24), BoardSize::Auto);
    let board: String = (b.y..b.bottom())
        .flat_map(|y| (b.x..b.right()).map(move |x| (x, y)))
        .map(|(x, y)| buf[(x, y)].symbol())
        .collect();
    assert!(!board.chars().any(|c| c.is_ascii_alphanumeric()), "{board}");
    let shown = start(
        DrillKind::Coordinates,
        3,
        false,
        CoordOptions {
            hidden: false,
            ..options
        },
    );
    let t = draw(&shown, 90, 24);
    let buf = t.backend().buffer();
    let labels: String = (b.y..b.bottom()).map(|y| buf[(0, y)].symbol()).collect();
    assert_eq!(labels.replace(' ', ""), "87654321");
}

#[test]
fn the_options_screen_limits_files_and_ranks_and_sets_the_side() {
    let config = Config {
        start: Start::Drills,
        ..Config::default()
    };
    let mut app = App::new(config, Vec::new());
    app.update(Action::Resize(100, 30));
    for _ in 0..3 {
        app.update(Action::Down);
    }
    app.update(Action::Select);
    assert_eq!(app.view(), View::CoordSetup);
    assert!(text(&app).contains("Start the drill"));
    // Rows: questions, side, clock, edge, from file, to file, from rank,
    // to rank, start. The screen opens on "start".
    app.update(Action::Down); // wraps to "questions"
    app.update(Action::Right); // both -> find
    app.update(Action::Down);
    app.update(Action::Right); // random -> white
    app.update(Action::Right); // white -> black
    for _ in 0..4 {
        app.update(Action::Down);
    }
    for _ in 0..4 {
        app.update(Action::Left); // to file: h -> d
    }
    app.update(Action::Down);
    app.update(Action::Down);
    for _ in 0..4 {
        app.update(Action::Left); // to rank: 8 -> 4
    }
    let setup = app.coord_setup().expect("the start screen is shown");
    assert_eq!(setup.options.files_text(), "a-d");
    assert_eq!(setup.options.ranks_text(), "1-4");
    assert_eq!(setup.options.mode, CoordMode::Find);
    assert_eq!(setup.options.colour, CoordColour::Black);
    let screen = text(&app);
    assert!(screen.contains("To file            ◂ d ▸"), "{screen}");
    app.update(Action::Select);
    assert_eq!(app.view(), View::Drill);
    assert_eq!(app.key_context(), KeyContext::Find);
    let run = app.drill().unwrap().run();
    let setup = run.coordinates().unwrap();
    assert_eq!((setup.files.as_str(), setup.ranks.as_str()), ("a-d", "1-4"));
    let allowed = (parse_files("a-d").unwrap(), parse_ranks("1-4").unwrap());
    for _ in 0..run.len() {
        let sq = asked(&app);
        assert!(
            allowed.0.contains(sq.file().to_u32()) && allowed.1.contains(sq.rank().to_u32()),
            "{sq}"
        );
        let (x, y) = cell_of(sq, Color::Black);
        app.update(Action::Click(x, y));
    }
    // Enter: the summary; Esc: the menu; the options keep their choices.
    app.update(Action::Submit);
    assert_eq!(
        app.drill().unwrap().phase(),
        Phase::Summary,
        "{}",
        text(&app)
    );
    app.update(Action::Back);
    assert_eq!(app.view(), View::Drills);
    app.update(Action::Select);
    assert_eq!(app.coord_setup().unwrap().options.files_text(), "a-d");
    assert_eq!(app.view(), View::CoordSetup);
    app.update(Action::Back);
    assert_eq!(app.view(), View::Drills);
}

/// A coordinates drill (find, untimed, as white) of `count` exercises, on a
/// 100×30 window, after runs whose records were `best` and `recent`.
fn coordinates_after(count: usize, best: u32, recent: Vec<u32>) -> App {
    let mut context = Context::default();
    let mut stats = Progress::new().stats(Timestamp(0));
    stats.coordinates = vec![CoordRecords {
        mode: CoordMode::Find,
        timed: false,
        colour: CoordColour::White,
        runs: recent.len(),
        best: Some(best),
        recent,
    }];
    context.stats = Some(stats);
    let config = Config {
        start: Start::Drill {
            kind: DrillKind::Coordinates,
            seed: 3,
            count,
            strictness: Strictness::Strict,
            timed: false,
        },
        coordinates: find_as(CoordColour::White),
        ..Config::default()
    };
    let mut app = App::with_context(config, Vec::new(), context);
    app.update(Action::Resize(100, 30));
    app
}

#[test]
fn a_coordinates_run_ends_with_its_best_and_last_scores() {
    let mut app = coordinates_after(2, 1, vec![0, 1]);
    for _ in 0..2 {
        let (x, y) = cell_of(asked(&app), Color::White);
        app.update(Action::Click(x, y));
    }
    app.update(Action::Submit);
    assert_eq!(app.drill().unwrap().phase(), Phase::Summary);
    let screen = text(&app);
    assert!(screen.contains("find, untimed, as white"), "{screen}");
    assert!(screen.contains("New personal best!"), "{screen}");
    assert!(screen.contains("Best 2 · last 3: 0 1 2  ▁▄█"), "{screen}");
    let [Finished::Drill(DrillDone { summary, .. })] = app.finished() else {
        panic!("{:?}", app.finished())
    };
    let setup = summary
        .coordinates
        .as_ref()
        .expect("its set-up is recorded");
    assert_eq!(
        (setup.mode, setup.colour, setup.timed),
        (CoordMode::Find, CoordColour::White, false)
    );
}

#[test]
fn a_coordinates_run_stopped_before_its_end_sets_no_best() {
    let mut app = coordinates_after(10, 1, vec![1]);
    // Three right of ten (above the best of 1), then stopped.
    for _ in 0..3 {
        let (x, y) = cell_of(asked(&app), Color::White);
        app.update(Action::Click(x, y));
    }
    app.update(Action::Back);
    assert_eq!(app.drill().unwrap().phase(), Phase::Summary);
    let screen = text(&app);
    assert!(!screen.contains("New personal best!"), "{screen}");
    assert!(
        screen.contains("Stopped before the end: the run sets no personal best."),
        "{screen}"
    );
    assert!(screen.contains("Best 1 · last 2: 1 3"), "{screen}");
    let [Finished::Drill(DrillDone { summary, .. })] = app.finished() else {
        panic!("{:?}", app.finished())
    };
    assert!(summary.coordinates.as_ref().is_some_and(|s| s.stopped));
}

#[test]
fn move_vision_is_answered_by_typing_clicking_or_the_cursor() {
    let mut app = start(DrillKind::Vision, 4, false, CoordOptions::default());
    assert_eq!(app.key_context(), KeyContext::Answer { input_empty: true });
    assert!(text(&app).contains("The move: "));
    let right = |app: &App| {
        let ex = app.drill().unwrap().run().current().unwrap();
        let Expected::Move(mv) = ex.expected else {
            panic!("a move")
        };
        (vision_squares(mv), ex.orientation)
    };
    // 1. Typed.
    let ([from, to], _) = right(&app);
    for c in format!("{from} {to}").chars() {
        app.update(Action::Insert(c));
    }
    app.update(Action::Submit);
    assert!(app.drill().unwrap().previous().unwrap().verdict.correct);
    // 2. Two clicks.
    let ([from, to], bottom) = right(&app);
    for sq in [from, to] {
        let (x, y) = cell_of(sq, bottom);
        app.update(Action::Click(x, y));
    }
    let d = app.drill().unwrap();
    assert!(d.previous().unwrap().verdict.correct, "{:?}", d.previous());
    assert_eq!(d.run().number(), 3);
    // 3. The cursor and Enter, on an empty line: a wrong pair of squares.
    let ([from, to], bottom) = right(&app);
    let sign = if bottom == Color::White { 1 } else { -1 };
    let cursor = app.drill().unwrap().cursor();
    app.update(Action::Submit); // picks the cursor's square
    assert_eq!(app.drill().unwrap().picked(), Some(cursor));
    app.update(Action::Right);
    let second = app.drill().unwrap().cursor();
    assert_eq!(
        second.file().to_u32() as i32,
        (cursor.file().to_u32() as i32 + sign).clamp(0, 7)
    );
    app.update(Action::Submit);
    let d = app.drill().unwrap();
    assert!(
        !(cursor == from && second == to),
        "the seed gives a wrong pair"
    );
    assert_eq!(d.run().number(), 4);
    {
        // The wrong answer stays on its board with the right squares shown.
        assert_eq!(d.phase(), Phase::Verdict);
        let t = draw(&app, 100, 30);
        let buf = t.backend().buffer();
        let theme = Theme::new(false);
        for sq in [from, to] {
            let (x, y) = cell_of(sq, bottom);
            assert_eq!(
                buf[(x, y)].bg,
                theme.square(sq.is_light(), SquareMark::Shown).bg.unwrap(),
                "{sq}"
            );
        }
        assert!(text(&app).contains("The right squares are marked"));
        // Typing starts the next answer at once.
        app.update(Action::Insert('a'));
        let d = app.drill().unwrap();
        assert_eq!(d.phase(), Phase::Asking);
        assert_eq!(d.input().text(), "a");
        assert!(!d.previous().unwrap().verdict.correct);
    }
}

const THREE_GAMES: &str = "[White \"Anna\"]\n[Black \"Ben\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 4. O-O *\n\n\
    [White \"Cleo\"]\n[Black \"Dan\"]\n\n1. d4 d5 2. c4 dxc4 3. e3 *\n\n\
    [White \"Eve\"]\n[Black \"Finn\"]\n\n1. c4 e5 *\n";

fn scoresheet_app(game: usize, pace_ms: Option<u64>, lang: Lang) -> App {
    let games = SheetGame::from_pgn(THREE_GAMES).unwrap();
    assert_eq!(games.len(), 3);
    let context = Context {
        scoresheet: Some(Sheet::new(games[game].clone(), 0).with_lang(lang)),
        ..Context::default()
    };
    let config = Config {
        start: Start::Scoresheet { pace_ms },
        ..Config::default()
    };
    let mut app = App::with_context(config, Vec::new(), context);
    app.update(Action::Resize(100, 30));
    app
}

fn write(app: &mut App, text: &str) {
    for c in text.chars() {
        app.update(Action::Insert(c));
    }
    app.update(Action::Submit);
}

#[test]
fn the_scoresheet_plays_the_game_at_its_pace_and_grades_each_entry() {
    let mut app = scoresheet_app(1, Some(3_000), Lang::EN);
    assert_eq!(app.view(), View::Scoresheet);
    assert_eq!(app.key_context(), KeyContext::Answer { input_empty: true });
    let s = app.scoresheet().unwrap();
    assert_eq!(s.playback().played(), 1, "the first move is played at once");
    assert!(text(&app).contains("Cleo – Dan"));
    write(&mut app, "d4");
    // Not yet played: nothing is written before the move is made.
    write(&mut app, "d5");
    assert_eq!(
        app.scoresheet().unwrap().playback().sheet().entries().len(),
        1
    );
    assert!(text(&app).contains("has not been played yet"));
    app.update(Action::Tick(2_999));
    assert_eq!(app.scoresheet().unwrap().playback().played(), 1);
    app.update(Action::Tick(1));
    assert_eq!(app.scoresheet().unwrap().playback().played(), 2);
    app.update(Action::ClearLine);
    write(&mut app, "d7d5");
    // The user falls behind: two moves come while nothing is written.
    app.update(Action::Tick(6_000));
    assert_eq!(app.scoresheet().unwrap().playback().played(), 4);
    write(&mut app, "Nf3");
    write(&mut app, "dxc4");
    let screen = text(&app);
    assert!(screen.contains("1. d4"), "{screen}");
    assert!(screen.contains("d7d5*"), "{screen}");
    assert!(screen.contains("2. Nf3*"), "{screen}");
    assert!(screen.contains("Right: dxc4"), "{screen}");
    app.update(Action::Tick(3_000));
    write(&mut app, "e3");
    let s = app.scoresheet().unwrap();
    assert!(s.is_finished());
    assert_eq!(app.key_context(), KeyContext::Page);
    let screen = text(&app);
    assert!(
        screen.contains("5 of 5 moves written: 3 right, 1 not canonical, 1 wrong."),
        "{screen}"
    );
    assert!(screen.contains("Errors by kind"), "{screen}");
    let [Finished::Drill(DrillDone { summary, .. })] = app.finished() else {
        panic!("{:?}", app.finished())
    };
    assert_eq!(summary.kind, "scoresheet");
    assert_eq!((summary.exercises, summary.correct), (5, 3));
    assert_eq!(summary.time_ms, 12_000);
    app.update(Action::Select);
    assert_eq!(app.view(), View::Drills);
    assert_eq!(app.finished().len(), 1);
}

#[test]
fn without_a_pace_enter_on_an_empty_line_plays_the_next_move() {
    let mut app = scoresheet_app(2, None, "de".parse::<Lang>().unwrap());
    app.update(Action::Tick(60_000));
    assert_eq!(app.scoresheet().unwrap().playback().played(), 1);
    write(&mut app, "c4");
    app.update(Action::Submit);
    assert_eq!(app.scoresheet().unwrap().playback().played(), 2);
    // German letters: a knight is S; "e5" is the pawn move.
    write(&mut app, "Se5");
    let entry = app.scoresheet().unwrap().last_entry().unwrap().clone();
    assert_eq!(entry.expected, "e5");
    assert!(matches!(
        entry.grade,
        sancho::drill::SheetGrade::Wrong { .. }
    ));
    assert!(app.scoresheet().unwrap().is_finished());
    let screen = text(&app);
    assert!(screen.contains("1. c4         Se5*"), "{screen}");
    // Esc on a fresh sheet ends it with nothing to record.
    let mut app = scoresheet_app(0, None, Lang::EN);
    app.update(Action::Back);
    assert!(app.scoresheet().unwrap().is_finished());
    assert!(app.finished().is_empty());
}

#[test]
fn the_drills_menu_opens_the_scoresheet_on_a_built_in_game() {
    let config = Config {
        start: Start::Drills,
        ..Config::default()
    };
    let mut app = App::new(config, Vec::new());
    for _ in 0..9 {
        app.update(Action::Down);
    }
    app.update(Action::Select);
    assert_eq!(app.view(), View::Scoresheet);
    let s = app.scoresheet().unwrap();
    assert!(s.playback().sheet().len() > 10, "a whole game");
    assert_eq!(s.playback().pace_ms(), None);
    app.update(Action::Submit);
    assert_eq!(app.scoresheet().unwrap().playback().played(), 2);
    app.update(Action::Back);
    app.update(Action::Back);
    assert_eq!(app.view(), View::Drills);
    assert!(
        app.finished().is_empty(),
        "nothing written, nothing recorded"
    );
}

#[test]
fn a_timed_drill_stopped_early_says_the_time_that_was_left() {
    let mut app = start(DrillKind::Coordinates, 200, true, CoordOptions::default());
    app.update(Action::Tick(5_900));
    assert_eq!(app.drill().unwrap().remaining_ms(), Some(24_100));
    app.update(Action::Back);
    assert_eq!(app.drill().unwrap().phase(), Phase::Summary);
    assert_eq!(app.drill().unwrap().remaining_ms(), Some(24_100));
    let screen = text(&app);
    let header = screen.lines().next().unwrap();
    assert!(header.ends_with("24.1 s"), "not the whole 30 s: {header}");
}
