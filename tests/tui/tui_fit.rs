//! Issue 27: nothing is cut at 120×40 or 80×24, on any screen. Each screen
//! is drawn at a reference size where everything has room, then at the two
//! sizes a terminal usually has: every word of the reference must stand
//! whole on the smaller screen (a key bar that drops `Ctrl-C quit`, a
//! summary line cut at `best combo 2` or a rating pushed out by a long
//! status all fail here). A screen may leave out only what is listed with
//! it, each with its reason.

use ratatui::Terminal;
use ratatui::backend::TestBackend;
use sancho::drill::DrillKind;
use sancho::notation::Strictness;
use sancho::progress::{AttemptId, MistakeCount, Mode, ModeRecords, ModeRun, Recorded, Timestamp};
use sancho::puzzle::Puzzle;
use sancho::tui::{Action, App, Config, Context, REPLY_DELAY_MS, Reply, Start, render};

/// Where everything has room.
const REFERENCE: (u16, u16) = (240, 80);

/// The sizes checked.
pub(crate) const SIZES: [(u16, u16); 2] = [(120, 40), (80, 24)];

pub(crate) fn screen(app: &App, w: u16, h: u16) -> String {
    let mut t = Terminal::new(TestBackend::new(w, h)).unwrap();
    t.draw(|f| render(app, f)).unwrap();
    let buf = t.backend().buffer();
    (0..h)
        .map(|y| (0..w).map(|x| buf[(x, y)].symbol()).collect::<String>())
        .collect::<Vec<_>>()
        .join("\n")
}

/// The words of a screen: drawing (borders, bars, charts) is not text.
fn words(screen: &str) -> Vec<String> {
    let drawing =
        |c: char| matches!(u32::from(c), 0x2500..=0x259F | 0x2800..=0x28FF) || c.is_whitespace();
    screen
        .split(drawing)
        .filter(|w| w.chars().any(char::is_alphanumeric))
        .map(str::to_owned)
        .collect()
}

/// The words of `reference` that stand whole nowhere on `small`.
fn lost(reference: &str, small: &str) -> Vec<String> {
    let words_small = words(small);
    let mut out: Vec<String> = words(reference)
        .into_iter()
        .filter(|w| !words_small.iter().any(|s| s.contains(w.as_str())))
        .collect();
    out.dedup();
    out
}

/// The words of `app` at `w`×`h` over every scroll position (a long page
/// scrolls: what is below is not cut, it is further down).
fn scrolled_words(make: &dyn Fn() -> App, w: u16, h: u16) -> Vec<String> {
    let mut app = make();
    app.update(Action::Resize(w, h));
    let mut last = screen(&app, w, h);
    let mut out = words(&last);
    for _ in 0..200 {
        app.update(Action::ScrollDown);
        let now = screen(&app, w, h);
        if now == last {
            break;
        }
        out.extend(words(&now));
        last = now;
    }
    out
}

/// [`assert_fits`] for a page that scrolls: every word of the reference
/// stands whole at some scroll position.
pub(crate) fn assert_fits_scrolling(name: &str, make: &dyn Fn() -> App) {
    let reference = scrolled_words(make, REFERENCE.0, REFERENCE.1);
    for (w, h) in SIZES {
        let small = scrolled_words(make, w, h);
        let lost: Vec<&String> = reference
            .iter()
            .filter(|r| !small.iter().any(|s| s.contains(r.as_str())))
            .collect();
        assert!(lost.is_empty(), "{name} at {w}x{h} loses {lost:?}");
    }
}

/// Asserts that the help overlay over `app` stands whole at each of
/// [`SIZES`]: what it covers of the screen under it may go.
pub(crate) fn assert_help_fits(name: &str, app: &mut App) {
    let under = words(&screen(app, REFERENCE.0, REFERENCE.1));
    app.update(Action::ToggleHelp);
    let covered: Vec<&str> = under.iter().map(String::as_str).collect();
    assert_fits(&format!("{name} help"), app, &covered);
    app.update(Action::ToggleHelp);
}

/// Asserts that `app` shows at each of [`SIZES`] every word it shows at
/// the reference size, but those in `may_leave`.
pub(crate) fn assert_fits(name: &str, app: &App, may_leave: &[&str]) {
    let reference = screen(app, REFERENCE.0, REFERENCE.1);
    for (w, h) in SIZES {
        let small = screen(app, w, h);
        if std::env::var_os("SANCHO_FIT_SHOW").is_some() {
            eprintln!("== {name} at {w}x{h}\n{small}");
        }
        let lost: Vec<String> = lost(&reference, &small)
            .into_iter()
            .filter(|w| !may_leave.contains(&w.as_str()))
            .collect();
        assert!(
            lost.is_empty(),
            "{name} at {w}x{h} loses {lost:?}:\n{small}\n\nat {}x{}:\n{reference}",
            REFERENCE.0,
            REFERENCE.1
        );
    }
}

fn builtin(id: &str) -> Puzzle {
    sancho::content::builtin_packs()
        .unwrap()
        .into_iter()
        .flat_map(|p| p.puzzles)
        .find(|p| p.id == id)
        .unwrap()
}

fn typed(app: &mut App, text: &str) {
    for c in text.chars() {
        app.update(Action::Insert(c));
    }
}

fn played(app: &mut App, text: &str) {
    typed(app, text);
    app.update(Action::Submit);
    app.update(Action::Tick(REPLY_DELAY_MS));
}

fn recorded(id: &str, before: f64, after: f64) -> Reply {
    Reply::Recorded {
        puzzle_id: id.to_owned(),
        recorded: Recorded {
            id: AttemptId::new(Timestamp(1), id, 1),
            rated: true,
            rating_before: before,
            rating_after: after,
            unrated: None,
        },
    }
}

fn at(start: Start) -> App {
    let config = Config {
        start,
        ..Config::default()
    };
    App::new(config, Vec::new())
}

fn records() -> ModeRecords {
    let run = ModeRun {
        score: 10,
        seconds: 180,
        moves: 24,
        accuracy: 83,
        combo_best: 7,
        mode: Mode::Storm,
        at: Timestamp(1),
        highest_solved: Some(1850),
    };
    ModeRecords {
        storm_best: Some(run.clone()),
        storm_best_today: Some(run),
        storm_runs: 12,
        streak_best: Some(18),
        streak_runs: 4,
    }
}

/// The issue's case: m1-001 solved, then m1-008 with `Qh7` (its long
/// comment and a slip); the rating change stays in sight at 80×24.
#[test]
fn the_rating_change_is_never_pushed_out_by_a_long_status() {
    let mut app = App::new(
        Config {
            start: Start::Puzzles,
            ..Config::default()
        },
        vec![builtin("m1-001"), builtin("m1-008")],
    );
    played(&mut app, "Rd8#");
    app.answer(recorded("m1-001", 1500.0, 1513.0));
    app.update(Action::Next);
    played(&mut app, "Qh7");
    app.answer(recorded("m1-008", 1513.0, 1525.0));
    for (w, h) in SIZES {
        let text = screen(&app, w, h);
        assert!(text.contains("Rating +12, now 1525"), "{w}x{h}:\n{text}");
    }
    // The rating's change in the title style; the slip in the notes' style,
    // on its own line under the verdict.
    let mut t = Terminal::new(TestBackend::new(80, 24)).unwrap();
    t.draw(|f| render(&app, f)).unwrap();
    let buf = t.backend().buffer();
    let theme = sancho::tui::Theme::new(false);
    let at = |text: &str| {
        let s = screen(&app, 80, 24);
        let (y, line) = s
            .lines()
            .enumerate()
            .find(|(_, l)| l.contains(text))
            .unwrap();
        let x = line[..line.find(text).unwrap()].chars().count();
        (u16::try_from(x).unwrap(), u16::try_from(y).unwrap())
    };
    let (x, y) = at("Rating +12");
    assert_eq!(buf[(x, y)].fg, theme.title().fg.unwrap());
    let (vx, vy) = at("Qh7# is correct");
    let (sx, sy) = at("note: this is mate");
    assert_eq!(buf[(sx, sy)].fg, theme.diagnostic().fg.unwrap());
    assert_eq!((sx, sy), (vx, vy + 1), "the slip right under the verdict");
    // How the puzzle ended follows the slips.
    let (_, ey) = at("Checkmate. Clean and precise.");
    assert!(ey > sy);
    // The comment once: under the moves, not in the status too.
    assert_eq!(screen(&app, 120, 40).matches("the knight on g5").count(), 1);
    insta::assert_snapshot!("m1_008_solved_80x24", screen(&app, 80, 24));
    // The difficulty and the side played go first when the panel is short
    // (the verdict, the slip, the comment, the themes and the rating stay).
    assert_fits("m1-008 solved", &app, &["Difficulty", "1/5", "You", "play"]);
}

#[test]
fn the_home_screen_and_its_help_fit() {
    let mut app = App::new(Config::default(), vec![builtin("m1-001")]).with_library();
    assert_eq!(app.view(), sancho::tui::View::Home);
    assert_fits("home", &app, &[]);
    assert_help_fits("home", &mut app);
}

#[test]
fn the_puzzle_screen_fits_while_typing_when_wrong_and_when_solved() {
    let mut app = App::new(
        Config {
            start: Start::Puzzles,
            ..Config::default()
        },
        vec![builtin("m1-001")],
    );
    assert_fits("puzzle start", &app, &[]);
    typed(&mut app, "r");
    // At 80 columns the key bar leaves out `Enter play` (the input line is
    // where Enter plays, and the hint said so before the first letter).
    assert_fits("puzzle typing", &app, &["Enter"]);
    app.update(Action::ClearLine);
    played(&mut app, "Re1");
    assert_fits("puzzle wrong", &app, &[]);
    played(&mut app, "rd8");
    app.answer(recorded("m1-001", 1500.0, 1488.0));
    // Two slips and a long comment at 80×24: the task line, the themes and
    // the difficulty give way, whole, to the verdict, the slips, the
    // comment and the rating.
    let gave_way = [
        "White",
        "to",
        "move",
        "and",
        "mate",
        "in",
        "1",
        "Themes:",
        "mateIn1,",
        "backRankMate,",
        "middlegame,",
        "short",
        "Difficulty",
        "1/5",
        "You",
        "play",
    ];
    assert_fits("puzzle failed", &app, &gave_way);
    assert_help_fits("puzzle", &mut app);
}

#[test]
fn the_drills_menu_every_drill_and_its_summary_fit() {
    let app = at(Start::Drills);
    assert_fits("drills menu", &app, &[]);
    for kind in DrillKind::ALL {
        let mut app = at(Start::Drill {
            kind,
            seed: 42,
            count: 3,
            strictness: Strictness::Strict,
            timed: false,
        });
        assert_fits(&format!("drill {kind}"), &app, &[]);
        if app.view() != sancho::tui::View::Drill {
            continue;
        }
        played(&mut app, "Ke9");
        assert_fits(&format!("drill {kind} verdict"), &app, &[]);
        app.update(Action::Back);
        assert_fits(&format!("drill {kind} summary"), &app, &[]);
    }
}

#[test]
fn the_lessons_and_the_stats_fit() {
    assert_fits("lessons", &at(Start::Lessons), &[]);
    for n in 1..=sancho::content::lessons().len() {
        assert_fits_scrolling(&format!("lesson {n}"), &|| at(Start::Lesson(n)));
    }
    assert_fits("stats empty", &at(Start::Stats), &[]);
    // A long slip beside the Woodpecker sets (half the width): the issue's
    // `write Nd` cut from `Ndf5`.
    let mut stats = crate::tui_screens::sample_stats();
    stats.sets = vec![crate::tui_screens::sample_set()];
    stats.mistakes.insert(
        0,
        MistakeCount {
            code: "missing-disambiguation".to_owned(),
            count: 16,
            example: Some("Ndf5".to_owned()),
        },
    );
    let context = Context {
        stats: Some(stats),
        records: Some(records()),
        ..Context::default()
    };
    let config = Config {
        start: Start::Stats,
        ..Config::default()
    };
    let app = App::with_context(config, Vec::new(), context);
    assert_fits("stats", &app, &[]);
    insta::assert_snapshot!("stats_sets_80x24", screen(&app, 80, 24));
}

#[test]
fn the_coordinates_options_and_the_scoresheet_fit() {
    let mut app = at(Start::Drills);
    while app.view() == sancho::tui::View::Drills {
        // The first coordinates entry opens its options.
        app.update(Action::Down);
        if screen(&app, 120, 40).contains("▸ Coordinates") {
            app.update(Action::Select);
        }
    }
    assert_eq!(app.view(), sancho::tui::View::CoordSetup);
    assert_fits("coordinates options", &app, &[]);

    let games = sancho::drill::SheetGame::from_pgn(
        "[White \"Anna\"]\n[Black \"Ben\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 4. O-O *\n",
    )
    .unwrap();
    let context = Context {
        scoresheet: Some(sancho::drill::Sheet::new(games[0].clone(), 0)),
        ..Context::default()
    };
    let config = Config {
        start: Start::Scoresheet { pace_ms: None },
        ..Config::default()
    };
    let mut app = App::with_context(config, Vec::new(), context);
    assert_fits("scoresheet", &app, &[]);
    played(&mut app, "e4");
    played(&mut app, "Nf6");
    assert_fits("scoresheet, a wrong entry", &app, &[]);
}

#[test]
fn storm_and_streak_runs_and_summaries_fit() {
    let puzzles = || {
        (1..=6)
            .map(|i| {
                let csv = format!(
                    "PuzzleId,FEN,Moves,Rating,RatingDeviation,Popularity,NbPlays,Themes,GameUrl,OpeningTags\n\
                     s{i},6k1/p1p2ppp/1pqp2r1/3Q4/8/1P6/P1P2PPP/4RK2 b - - 8 22,c6d5 e1e8,1200,100,50,100,mateIn1,,\n"
                );
                sancho::puzzle::read_lichess(csv.as_bytes(), "test")
                    .next()
                    .unwrap()
                    .unwrap()
            })
            .collect::<Vec<_>>()
    };
    for start in [
        Start::Storm {
            seconds: 180,
            seed: 7,
        },
        Start::Streak { seed: 7 },
    ] {
        let context = Context {
            records: Some(records()),
            ..Context::default()
        };
        let config = Config {
            start,
            ..Config::default()
        };
        let mut app = App::with_context(config, puzzles(), context);
        app.update(Action::Tick(200));
        assert_fits(&format!("{start:?} run"), &app, &[]);
        played(&mut app, "Re8");
        assert_fits(&format!("{start:?} run, a slip"), &app, &[]);
        played(&mut app, "Kg1");
        if app.run().unwrap().end().is_none() {
            // Storm goes on after a mistake: stopped here.
            app.update(Action::Back);
        }
        app.update(Action::Tick(200));
        assert_eq!(app.view(), sancho::tui::View::Run, "{start:?}: the summary");
        assert_fits(&format!("{start:?} summary"), &app, &[]);
        if matches!(start, Start::Storm { .. }) {
            let text = screen(&app, 80, 24);
            assert!(text.contains("best combo 7)"), "{text}");
            insta::assert_snapshot!("storm_summary_records_80x24", text);
        }
    }
}

/// Issue 27: the home help says what each mode is, what counts as solved,
/// what moves the rating and that a hint fails the puzzle, at 80×24; the
/// keys it names are the keys bound.
#[test]
fn the_home_help_says_what_each_mode_is_and_the_rules() {
    let mut app = App::new(Config::default(), vec![builtin("m1-001")]);
    app.update(Action::ToggleHelp);
    let text = screen(&app, 80, 24);
    for said in [
        "Storm",
        "as many puzzles as 3 minutes allow",
        "Streak",
        "a hint",
        "(F2) or the solution (F3) fails the puzzle",
        "only a first attempt at a rated puzzle moves it",
        "a typo",
        "never does",
        "Guess     a master's game",
        "Ctrl-C  leave Sancho at once",
    ] {
        assert!(text.contains(said), "{said}:\n{text}");
    }
    insta::assert_snapshot!("home_help_80x24", text);
    // The mode names in the keys' style.
    let mut t = Terminal::new(TestBackend::new(80, 24)).unwrap();
    t.draw(|f| render(&app, f)).unwrap();
    let buf = t.backend().buffer();
    let theme = sancho::tui::Theme::new(false);
    let (y, line) = text
        .lines()
        .enumerate()
        .find(|(_, l)| l.contains("Storm     as many"))
        .unwrap();
    let x = line[..line.find("Storm").unwrap()].chars().count();
    let cell = &buf[(u16::try_from(x).unwrap(), u16::try_from(y).unwrap())];
    assert_eq!(cell.fg, theme.key().fg.unwrap());
    // A small window keeps the keys (the guide gives way).
    let small = screen(&app, sancho::tui::MIN_WIDTH, sancho::tui::MIN_HEIGHT);
    assert!(small.contains("Ctrl-C"), "{small}");

    // Rebound, the help names the new key.
    let (keys, problems) = sancho::tui::Keymap::default().rebind(&[sancho::config::KeyOverride {
        action: "puzzle.hint".to_owned(),
        keys: vec!["F9".to_owned()],
        line: 1,
    }]);
    assert_eq!(problems, []);
    let config = Config {
        keys,
        ..Config::default()
    };
    let mut app = App::new(config, vec![builtin("m1-001")]);
    app.update(Action::ToggleHelp);
    let text = screen(&app, 80, 24);
    assert!(text.contains("(F9) or the solution (F3)"), "{text}");
}

/// Issue 27: the drills menu gives each drill a line on what it is.
#[test]
fn the_drills_menu_says_what_each_drill_is() {
    let app = at(Start::Drills);
    let text = screen(&app, 80, 24);
    for said in [
        "Write the move           a move is shown on the board: write its SAN",
        "Square colours           is f6 light or dark?",
        "Lessons                  every rule of SAN",
    ] {
        assert!(text.contains(said), "{said}:\n{text}");
    }
    insta::assert_snapshot!("drills_menu_80x24", text);
    // Too narrow for both: the names alone, whole.
    let narrow = screen(&app, sancho::tui::MIN_WIDTH, sancho::tui::MIN_HEIGHT);
    assert!(narrow.contains("Coordinates, 30 seconds"), "{narrow}");
    assert!(!narrow.contains("a move is shown"), "{narrow}");
}

/// Issue 27: large pieces (`pieces = "large"`, F8 on the screen) draw each
/// figure from several characters where a square is at least 5 cells wide,
/// in the piece's colour; one character where it is narrower, and with
/// letters or without colour.
#[test]
fn large_pieces_are_drawn_from_characters_where_a_square_is_wide() {
    let config = Config {
        start: Start::Puzzles,
        large_pieces: true,
        ..Config::default()
    };
    let mut app = App::new(config, vec![builtin("m1-001")]);
    let text = screen(&app, 120, 40);
    // m1-001: White's rook on d1, Black's king on g8 (White at the bottom).
    assert!(text.contains("▗███▖"), "{text}");
    assert!(!text.contains('♜'), "no small figure:\n{text}");
    insta::assert_snapshot!("large_pieces_120x40", text);
    let mut t = Terminal::new(TestBackend::new(120, 40)).unwrap();
    t.draw(|f| render(&app, f)).unwrap();
    let buf = t.backend().buffer();
    let theme = sancho::tui::Theme::new(false);
    let base = |line: &str| line.find("▗███▖").map(|b| line[..b].chars().count());
    let (y, x) = text
        .lines()
        .enumerate()
        .find_map(|(y, l)| base(l).map(|x| (y, x)))
        .unwrap();
    let cell = &buf[(u16::try_from(x).unwrap(), u16::try_from(y).unwrap())];
    assert!(
        [
            theme.piece(shakmaty::Color::White).fg,
            theme.piece(shakmaty::Color::Black).fg
        ]
        .contains(&Some(cell.fg)),
        "a figure in its piece's colour"
    );
    // At 80×24 a square is 3 cells wide: one figure a square.
    let small = screen(&app, 80, 24);
    assert!(small.contains('♜') && !small.contains("▗███▖"), "{small}");
    // F8 switches them off and on again.
    let keys = app.keys().clone();
    let f8 = keys
        .action_for(
            ratatui::crossterm::event::KeyEvent::new(
                ratatui::crossterm::event::KeyCode::F(8),
                ratatui::crossterm::event::KeyModifiers::NONE,
            ),
            &app.key_context(),
        )
        .unwrap();
    app.update(f8.clone());
    assert!(screen(&app, 120, 40).contains('♜'));
    app.update(f8);
    assert!(screen(&app, 120, 40).contains("▗███▖"));
    // Letters stay letters.
    let letters = Config {
        start: Start::Puzzles,
        large_pieces: true,
        ascii: true,
        ..Config::default()
    };
    let app = App::new(letters, vec![builtin("m1-001")]);
    assert!(!screen(&app, 120, 40).contains("▗███▖"));
}

/// Issue 27: a drill's board is as large as the puzzle board on the same
/// window.
#[test]
fn the_drills_board_has_the_puzzle_boards_size() {
    use ratatui::layout::Rect;
    use sancho::config::BoardSize;
    use sancho::tui::view::{board_area, drill_board_area, puzzle_areas};
    for (w, h) in [(120, 40), (80, 24), (100, 30), (200, 60)] {
        let area = Rect::new(0, 0, w, h);
        let [_, body, ..] = puzzle_areas(area);
        let puzzle = board_area(body);
        let drill = drill_board_area(area, BoardSize::Auto);
        assert_eq!(
            (puzzle.width, puzzle.height),
            (drill.width, drill.height),
            "{w}x{h}"
        );
    }
}
