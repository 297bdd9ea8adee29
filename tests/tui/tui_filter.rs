//! The library filter screen: its snapshot, its highlights (in colour and
//! without), and its flow against an in-memory puzzle source: counts go
//! stale while keys arrive and are recomputed once they rest.

use std::cell::Cell;
use std::collections::VecDeque;
use std::time::Duration;

use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
use ratatui::style::{Color, Modifier};
use sancho::library::{Filter, LibraryError, ThemeCount};
use sancho::puzzle::{Puzzle, read_lichess};
use sancho::tui::KeyContext;
use sancho::tui::{Action, App, Config, Keymap, View, render, strings};
use sancho::tui::{DEBOUNCE_MS, FIELD_ROWS, FilterState, Mark, PuzzleSource};
use sancho::tui::{POLL, event_loop_with};

/// Puzzles in memory, filtered as the library filters them; counts calls.
struct Fake {
    puzzles: Vec<Puzzle>,
    counts: Cell<usize>,
    fail: bool,
}

impl Fake {
    fn new() -> Fake {
        // (id, rating, popularity, themes)
        let rows = [
            ("p1", 800, 90, "mateIn2 backRankMate short"),
            ("p2", 1200, 80, "fork short"),
            ("p3", 1500, 70, "fork pin middlegame"),
            ("p4", 1600, -20, "pin short"),
            ("p5", 1900, 95, "mateIn2 fork"),
            ("p6", 2400, 50, "endgame short"),
        ];
        let mut csv = String::from(
            "PuzzleId,FEN,Moves,Rating,RatingDeviation,Popularity,NbPlays,Themes,GameUrl,OpeningTags\n",
        );
        for (id, rating, pop, themes) in rows {
            csv.push_str(&format!(
                "{id},4r1k1/2Q2ppp/2p2n2/3p4/N7/4r3/P5PP/2q2R1K w - - 0 25,\
                 f1c1 e3e1 c1e1 e8e1,{rating},80,{pop},100,{themes},,\n"
            ));
        }
        let puzzles = read_lichess(csv.as_bytes(), "fake")
            .map(Result::unwrap)
            .collect();
        Fake {
            puzzles,
            counts: Cell::new(0),
            fail: false,
        }
    }

    fn keeps(filter: &Filter, p: &Puzzle) -> bool {
        let has = |t: &String| p.themes.contains(t);
        (filter.themes_any.is_empty() || filter.themes_any.iter().any(has))
            && filter.themes_all.iter().all(has)
            && filter.rating.is_none_or(|(lo, hi)| {
                p.rating
                    .is_some_and(|r| (u32::from(lo)..=u32::from(hi)).contains(&r))
            })
            && filter
                .min_popularity
                .is_none_or(|m| p.popularity.is_some_and(|q| q >= i32::from(m)))
    }

    fn failure(&self) -> Result<(), LibraryError> {
        if self.fail {
            Err(LibraryError::UnknownTheme("nope".into()))
        } else {
            Ok(())
        }
    }
}

impl PuzzleSource for Fake {
    fn theme_counts(&self, filter: &Filter) -> Result<Vec<ThemeCount>, LibraryError> {
        self.failure()?;
        self.counts.set(self.counts.get() + 1);
        let mut names: Vec<String> = self.puzzles.iter().flat_map(|p| p.themes.clone()).collect();
        names.sort();
        names.dedup();
        let mut out: Vec<ThemeCount> = names
            .into_iter()
            .map(|name| {
                let with = || self.puzzles.iter().filter(|p| p.themes.contains(&name));
                ThemeCount {
                    total: with().count() as u64,
                    filtered: with().filter(|p| Fake::keeps(filter, p)).count() as u64,
                    name,
                }
            })
            .collect();
        out.sort_by(|a, b| b.total.cmp(&a.total).then_with(|| a.name.cmp(&b.name)));
        Ok(out)
    }

    fn count(&self, filter: &Filter) -> Result<u64, LibraryError> {
        self.failure()?;
        Ok(self
            .puzzles
            .iter()
            .filter(|p| Fake::keeps(filter, p))
            .count() as u64)
    }

    fn pick(&self, filter: &Filter, near: u16, limit: usize) -> Result<Vec<Puzzle>, LibraryError> {
        self.failure()?;
        let mut out: Vec<Puzzle> = self
            .puzzles
            .iter()
            .filter(|p| Fake::keeps(filter, p))
            .cloned()
            .collect();
        out.sort_by_key(|p| p.rating.unwrap_or(0).abs_diff(u32::from(near)));
        out.truncate(limit);
        Ok(out)
    }
}

/// An app with a library, on the filter screen, first counts in.
fn on_filter(config: Config, source: &Fake) -> App {
    let mut app = App::new(config, Vec::new()).with_library();
    for _ in 0..3 {
        app.update(Action::Down);
    }
    app.update(Action::Select);
    assert_eq!(app.view(), View::Filter);
    assert!(app.serve(source), "the first count is asked at once");
    app
}

fn state(app: &App) -> &FilterState {
    app.filter_state().unwrap()
}

/// Highlights the theme row `name`.
fn go_to(app: &mut App, name: &str) {
    let row = state(app)
        .themes()
        .iter()
        .position(|t| t.name == name)
        .unwrap()
        + FIELD_ROWS;
    while state(app).selected() != row {
        app.update(Action::Down);
    }
}

fn draw(app: &App, w: u16, h: u16) -> Terminal<TestBackend> {
    let mut terminal = Terminal::new(TestBackend::new(w, h)).unwrap();
    terminal.draw(|f| render(app, f)).unwrap();
    terminal
}

/// The row of the buffer where `text` appears, and its column.
fn find(buf: &Buffer, text: &str) -> Option<(u16, u16)> {
    (0..buf.area.height).find_map(|y| {
        let row: Vec<&str> = (0..buf.area.width).map(|x| buf[(x, y)].symbol()).collect();
        let joined = row.concat();
        let byte = joined.find(text)?;
        let mut bytes = 0;
        row.iter()
            .position(|s| {
                let hit = bytes == byte;
                bytes += s.len();
                hit
            })
            .map(|x| (u16::try_from(x).unwrap(), y))
    })
}

/// Toggles fork into "any of" and mateIn2 into "all of", highlights pin.
fn edited(config: Config, source: &Fake) -> App {
    let mut app = on_filter(config, source);
    go_to(&mut app, "fork");
    app.update(Action::Select);
    go_to(&mut app, "mateIn2");
    app.update(Action::ToggleAll);
    go_to(&mut app, "pin");
    app.update(Action::Tick(DEBOUNCE_MS));
    assert!(app.serve(source));
    app
}

#[test]
fn snapshot_filter() {
    let source = Fake::new();
    let app = edited(Config::default(), &source);
    insta::assert_snapshot!(draw(&app, 80, 24).backend());
}

/// Issue 27: the filter screen keeps every word at 120×40 and 80×24.
#[test]
fn the_filter_screen_fits() {
    let source = Fake::new();
    let mut app = edited(Config::default(), &source);
    crate::tui_fit::assert_fits("filter", &app, &[]);
    crate::tui_fit::assert_help_fits("filter", &mut app);
}

#[test]
fn selected_row_and_marks_are_styled() {
    let source = Fake::new();
    let app = edited(Config::default(), &source);
    let t = draw(&app, 80, 24);
    let buf = t.backend().buffer();
    let (x, y) = find(buf, "pin ").unwrap();
    assert!(
        buf[(x, y)].modifier.contains(Modifier::REVERSED),
        "selected"
    );
    let (x, y) = find(buf, "fork").unwrap();
    assert!(!buf[(x, y)].modifier.contains(Modifier::REVERSED));
    let (mx, my) = find(buf, "[any]").unwrap();
    assert_eq!(my, y, "fork carries the any-of mark");
    assert_eq!(buf[(mx, my)].fg, dark().good);
    let (ax, ay) = find(buf, "[all]").unwrap();
    assert_eq!(ay, find(buf, "mateIn2").unwrap().1);
    assert_eq!(buf[(ax, ay)].fg, dark().warn);
    let (cx, cy) = find(buf, "puzzle matches")
        .or(find(buf, "puzzles match"))
        .unwrap();
    assert_eq!(buf[(cx, cy)].fg, dark().good);
}

#[test]
fn no_color_marks_are_text_and_modifiers() {
    let source = Fake::new();
    let config = Config {
        no_color: true,
        ..Config::default()
    };
    let app = edited(config, &source);
    let t = draw(&app, 80, 24);
    let buf = t.backend().buffer();
    for y in 0..buf.area.height {
        for x in 0..buf.area.width {
            assert_eq!(buf[(x, y)].fg, Color::Reset, "no colour at {x},{y}");
        }
    }
    let (x, y) = find(buf, "[any]").unwrap();
    assert!(buf[(x, y)].modifier.contains(Modifier::BOLD));
    let (x, y) = find(buf, "[all]").unwrap();
    assert!(buf[(x, y)].modifier.contains(Modifier::ITALIC));
    let (x, y) = find(buf, "▸      pin").expect("the cursor is on pin");
    assert!(buf[(x, y)].modifier.contains(Modifier::REVERSED));
}

#[test]
fn counts_go_stale_and_refresh_after_the_pause_then_play() {
    let source = Fake::new();
    let mut app = on_filter(Config::default(), &source);
    assert_eq!(state(&app).count(), Some(6));
    assert!(!state(&app).stale());

    go_to(&mut app, "fork");
    app.update(Action::Select);
    go_to(&mut app, "short");
    app.update(Action::Select);
    // Rating band: from 1000 (6 steps up from 400) to 3000 (2 steps down).
    while state(&app).selected() != 0 {
        app.update(Action::Up);
    }
    for _ in 0..6 {
        app.update(Action::Right);
    }
    app.update(Action::Down);
    for _ in 0..2 {
        app.update(Action::Left);
    }
    let f = state(&app).filter();
    assert_eq!(f.themes_any, ["fork", "short"]);
    assert_eq!(f.rating, Some((1000, 3000)));
    assert!(state(&app).stale());
    assert_eq!(state(&app).count(), Some(6), "old figures until recounted");
    let shown = draw(&app, 80, 24);
    assert!(find(shown.backend().buffer(), strings::COUNTING).is_some());

    // Keys keep coming: no count while they do.
    let calls = source.counts.get();
    for _ in 0..5 {
        app.update(Action::Tick(DEBOUNCE_MS / 3));
        assert!(!app.serve(&source));
        app.update(Action::Left);
        app.update(Action::Right);
    }
    assert_eq!(source.counts.get(), calls);
    app.update(Action::Tick(DEBOUNCE_MS - 1));
    assert!(!app.serve(&source));
    app.update(Action::Tick(1));
    assert!(app.serve(&source));
    assert_eq!(source.counts.get(), calls + 1);
    assert!(!app.serve(&source), "counted once");
    // p2 fork 1200, p3 fork 1500, p4 short 1600, p5 fork 1900, p6 short 2400.
    assert!(!state(&app).stale());
    assert_eq!(state(&app).count(), Some(5));
    let pin = state(&app)
        .themes()
        .iter()
        .find(|t| t.name == "pin")
        .unwrap();
    assert_eq!((pin.total, pin.filtered), (2, 2));
    let shown = draw(&app, 80, 24);
    assert!(find(shown.backend().buffer(), "5 puzzles match").is_some());
    assert!(find(shown.backend().buffer(), strings::COUNTING).is_none());

    app.update(Action::PlayFiltered);
    assert!(app.serve(&source));
    assert!(app.on_puzzle());
    assert_eq!(app.puzzles().len(), 5);
    // Centred on the band's middle, 2000: p5 (1900) first.
    assert_eq!(app.play().unwrap().puzzle().id, "p5");
    let shown = draw(&app, 80, 24);
    assert!(find(shown.backend().buffer(), "Your move").is_some());
}

#[test]
fn a_pick_that_comes_after_the_user_left_the_filter_is_dropped() {
    let source = Fake::new();
    let mut app = on_filter(Config::default(), &source);
    app.update(Action::PlayFiltered);
    let asked = app.request();
    assert!(
        matches!(asked, Some(sancho::tui::Request::Pick { .. })),
        "{asked:?}"
    );
    // Esc before the library answers: the answer does not pull the user
    // back into a puzzle.
    app.update(Action::Back);
    assert_eq!(app.view(), View::Home);
    assert!(app.serve(&source), "the pick in flight is still answered");
    assert_eq!(app.view(), View::Home);
    assert!(app.play().is_none());
    assert!(app.request().is_none(), "and no longer in flight");
    // The filter kept its state and plays when asked again.
    app.update(Action::Select);
    assert_eq!(app.view(), View::Filter);
    app.update(Action::PlayFiltered);
    assert!(app.serve(&source));
    assert!(app.on_puzzle());
}

#[test]
fn fields_step_and_clamp() {
    // (row, presses: + for Right, - for Left, expected rating, expected popularity)
    let forty = "+".repeat(40);
    let thirty = "+".repeat(30);
    let cases = [
        (0, "+", Some((500, 3200)), None),
        (0, "-", None, None),
        (0, "+-", None, None),
        (1, "--", Some((400, 3000)), None),
        (0, forty.as_str(), Some((3200, 3200)), None),
        (2, "++", None, Some(-80)),
        (2, "++-", None, Some(-90)),
        (2, thirty.as_str(), None, Some(100)),
    ];
    let source = Fake::new();
    for (row, presses, rating, popularity) in cases {
        let mut app = on_filter(Config::default(), &source);
        for _ in 0..row {
            app.update(Action::Down);
        }
        for c in presses.chars() {
            app.update(if c == '+' {
                Action::Right
            } else {
                Action::Left
            });
        }
        let f = state(&app).filter();
        assert_eq!(
            (f.rating, f.min_popularity),
            (rating, popularity),
            "{row} {presses}"
        );
    }
}

/// Issue 27: a rating bound is typed (digits), taken once it is a rating
/// in range; one out of range is refused, saying why; Enter plays.
#[test]
fn a_rating_bound_is_typed_and_enter_plays() {
    let source = Fake::new();
    // (row, keys: digits, b for Backspace, v for Down, : for Up, expected
    // rating, error shown)
    type Case = (usize, &'static str, Option<(u16, u16)>, bool);
    let cases: [Case; 7] = [
        (0, "1900", Some((1900, 3200)), false),
        (0, "19", None, false),
        (1, "2100", Some((400, 2100)), false),
        (0, "19000", Some((1900, 3200)), false),
        (0, "1900b", Some((1900, 3200)), false),
        (0, "250v", None, true),
        (1, "1000:2000", Some((2000, 2000)), false),
    ];
    for (row, keys, rating, error) in cases {
        let mut app = on_filter(Config::default(), &source);
        for _ in 0..row {
            app.update(Action::Down);
        }
        for c in keys.chars() {
            app.update(match c {
                'b' => Action::Backspace,
                'v' => Action::Down,
                ':' => Action::Up,
                d => Action::Insert(d),
            });
        }
        assert_eq!(state(&app).filter().rating, rating, "{row} {keys}");
        assert_eq!(state(&app).error().is_some(), error, "{row} {keys}");
        if error {
            let text = draw(&app, 80, 24);
            assert!(
                find(text.backend().buffer(), "250 is not a rating here").is_some(),
                "{keys}"
            );
        }
    }
    // What is typed is shown in the field, with how to type.
    let mut app = on_filter(Config::default(), &source);
    app.update(Action::Insert('1'));
    app.update(Action::Insert('8'));
    let t = draw(&app, 80, 24);
    let buf = t.backend().buffer();
    assert!(find(buf, "18_").is_some());
    assert!(find(buf, "type a rating, or ← → by 100").is_some());
    insta::assert_snapshot!("filter_typing_80x24", t.backend());
    // Enter plays the filter.
    app.update(Action::Insert('0'));
    app.update(Action::Insert('0'));
    let keys = Keymap::default();
    let enter = keys
        .action_for(
            KeyEvent::new(KeyCode::Enter, KeyModifiers::NONE),
            &app.key_context(),
        )
        .unwrap();
    app.update(Action::Tick(DEBOUNCE_MS));
    while app.serve(&source) {}
    app.update(enter);
    assert!(app.serve(&source));
    assert!(app.on_puzzle(), "Enter played the filtered puzzles");
}

#[test]
fn toggling_any_and_all_and_reset() {
    let source = Fake::new();
    let mut app = on_filter(Config::default(), &source);
    go_to(&mut app, "fork");
    let mark = |app: &App| state(app).mark("fork");
    // (action, expected mark)
    let steps = [
        (Action::Select, Mark::Any),
        (Action::ToggleAll, Mark::All),
        (Action::ToggleAll, Mark::None),
        (Action::ToggleAll, Mark::All),
        (Action::Select, Mark::Any),
        (Action::Select, Mark::None),
        (Action::ToggleAll, Mark::All),
        (Action::ResetFilter, Mark::None),
    ];
    for (action, expected) in steps {
        app.update(action.clone());
        assert_eq!(mark(&app), expected, "after {action:?}");
    }
    assert_eq!(state(&app).filter(), &Filter::default());
    app.update(Action::Back);
    assert_eq!(app.view(), View::Home);
    assert!(app.request().is_none(), "nothing is asked off the screen");
}

#[test]
fn keys_on_the_filter_screen() {
    let keys = Keymap::default();
    let press = |code, mods| keys.action_for(KeyEvent::new(code, mods), &KeyContext::Filter);
    let n = KeyModifiers::NONE;
    let cases = [
        (KeyCode::Char(' '), n, Some(Action::Select)),
        (KeyCode::Enter, n, Some(Action::PlayFiltered)),
        (KeyCode::Char('7'), n, Some(Action::Insert('7'))),
        (KeyCode::Backspace, n, Some(Action::Backspace)),
        (KeyCode::Char('a'), n, Some(Action::ToggleAll)),
        (KeyCode::Char('+'), n, Some(Action::Right)),
        (KeyCode::Char('-'), n, Some(Action::Left)),
        (KeyCode::Left, n, Some(Action::Left)),
        (KeyCode::F(9), n, Some(Action::PlayFiltered)),
        (
            KeyCode::Char('p'),
            KeyModifiers::CONTROL,
            Some(Action::PlayFiltered),
        ),
        (KeyCode::Char('j'), n, Some(Action::Down)),
        (KeyCode::Char('c'), n, Some(Action::ResetFilter)),
        (KeyCode::Char('q'), n, Some(Action::Back)),
        (KeyCode::Esc, n, Some(Action::Back)),
        (KeyCode::Char('?'), n, Some(Action::ToggleHelp)),
        (KeyCode::Char('z'), n, None),
    ];
    for (code, mods, expected) in cases {
        assert_eq!(press(code, mods), expected, "{code:?}");
    }
}

#[test]
fn without_a_library_the_item_tells_how_to_import() {
    let mut app = App::new(Config::default(), Vec::new());
    let shown = draw(&app, 80, 24);
    assert!(find(shown.backend().buffer(), "sancho import FILE").is_some());
    for _ in 0..3 {
        app.update(Action::Down);
    }
    app.update(Action::Select);
    assert_eq!(app.view(), View::Home);
    assert_eq!(app.notice(), Some(strings::NO_LIBRARY));
}

#[test]
fn a_failing_source_is_shown_once_and_an_empty_pick_stays() {
    let mut source = Fake::new();
    source.fail = true;
    let mut app = App::new(Config::default(), Vec::new()).with_library();
    for _ in 0..3 {
        app.update(Action::Down);
    }
    app.update(Action::Select);
    assert!(app.serve(&source));
    assert_eq!(state(&app).error(), Some("no such theme: nope"));
    app.update(Action::Tick(DEBOUNCE_MS));
    assert!(!app.serve(&source), "a failure is not retried in a loop");
    let shown = draw(&app, 80, 24);
    assert!(find(shown.backend().buffer(), "no such theme: nope").is_some());

    source.fail = false;
    app.update(Action::Right); // rating from 500: a new filter, recounted
    app.update(Action::Tick(DEBOUNCE_MS));
    assert!(app.serve(&source));
    assert_eq!(state(&app).error(), None);
    for _ in 0..2 {
        app.update(Action::Down);
    }
    for _ in 0..20 {
        app.update(Action::Right); // popularity at least 100: nothing
    }
    app.update(Action::PlayFiltered);
    assert!(app.serve(&source));
    assert_eq!(app.view(), View::Filter);
    assert_eq!(state(&app).error(), Some(strings::NOTHING_TO_PLAY));
}

#[test]
fn the_real_loop_counts_after_the_keys_rest() {
    let key = |code| Some(Event::Key(KeyEvent::new(code, KeyModifiers::NONE)));
    let mut script: VecDeque<Option<Event>> = VecDeque::new();
    script.extend([key(KeyCode::Down), key(KeyCode::Down), key(KeyCode::Down)]);
    script.push_back(key(KeyCode::Enter)); // Library: counted at once
    script.push_back(key(KeyCode::Right)); // rating from 500
    script.push_back(key(KeyCode::Right)); // 600
    let rest = usize::try_from(DEBOUNCE_MS / POLL.as_millis() as u64).unwrap();
    script.extend(std::iter::repeat_n(None, rest + 1));
    script.push_back(key(KeyCode::F(9)));
    script.push_back(Some(Event::Key(KeyEvent::new(
        KeyCode::Char('c'),
        KeyModifiers::CONTROL,
    ))));

    let source = Fake::new();
    let mut app = App::new(Config::default(), Vec::new()).with_library();
    let mut terminal = Terminal::new(TestBackend::new(80, 24)).unwrap();
    let clock = Cell::new(Duration::ZERO);
    let counted_at = Cell::new(Vec::new());
    event_loop_with(
        &mut terminal,
        &mut app,
        Some(&source),
        sancho::tui::Waker::default(),
        |timeout| {
            clock.set(clock.get() + timeout);
            let mut at = counted_at.take();
            at.push(source.counts.get());
            counted_at.set(at);
            Ok(script.pop_front().expect("the loop should have quit"))
        },
        || clock.get(),
        &mut |_: &sancho::train::Finished| -> anyhow::Result<()> { Ok(()) },
    )
    .unwrap();
    let at = counted_at.take();
    // Before Enter no count; after Enter one; the Right presses wait for
    // the rest; then exactly one more.
    assert_eq!(at[..5], [0, 0, 0, 0, 1]);
    assert_eq!(at[6], 1, "no count right after a key");
    assert_eq!(*at.last().unwrap(), 2);
    assert!(app.on_puzzle(), "F9 started the filtered puzzles");
    assert_eq!(state(&app).filter().rating, Some((600, 3200)));
}

#[test]
fn help_over_the_filter_lists_its_keys() {
    let source = Fake::new();
    let mut app = on_filter(Config::default(), &source);
    app.update(Action::ToggleHelp);
    assert_eq!(app.key_context(), KeyContext::Help);
    let shown = draw(&app, 80, 30);
    let buf = shown.backend().buffer();
    for text in [
        "Enter / F9 / Ctrl-P / p",
        "\"all of\"",
        "\"any of\"",
        "Space ",
    ] {
        assert!(find(buf, text).is_some(), "{text}");
    }
    app.update(Action::Back);
    assert_eq!(
        app.key_context(),
        KeyContext::Filter,
        "Esc closes the help only"
    );
}

#[test]
fn a_long_theme_list_scrolls_to_the_highlight_on_a_small_terminal() {
    let base = Fake::new();
    let mut puzzles = Vec::new();
    for i in 0..30 {
        let mut p = base.puzzles[0].clone();
        p.id = format!("q{i}");
        p.themes = vec![format!("theme{i:02}")];
        puzzles.push(p);
    }
    let source = Fake {
        puzzles,
        counts: Cell::new(0),
        fail: false,
    };
    let mut app = on_filter(Config::default(), &source);
    // (PgDn presses, the highlighted theme)
    for (pages, name) in [(1, "theme07"), (3, "theme27"), (4, "theme29")] {
        while state(&app).selected() > 0 {
            app.update(Action::ScrollUp);
        }
        for _ in 0..pages {
            app.update(Action::ScrollDown);
        }
        let shown = draw(&app, 60, 19);
        let buf = shown.backend().buffer();
        let (x, y) = find(buf, name).unwrap_or_else(|| panic!("{name} in view"));
        assert!(buf[(x, y)].modifier.contains(Modifier::REVERSED), "{name}");
        assert!(
            find(buf, "puzzles match").is_some(),
            "the count stays in view"
        );
    }
}

#[test]
fn the_command_line_filter_is_the_start() {
    let source = Fake::new();
    let start = Filter {
        themes_all: vec!["fork".into()],
        opening: Some("Sicilian_Defense".into()),
        ..Filter::default()
    };
    let mut app = App::new(Config::default(), Vec::new()).with_library_filter(start.clone());
    for _ in 0..3 {
        app.update(Action::Down);
    }
    app.update(Action::Select);
    assert_eq!(app.request(), Some(sancho::tui::Request::Count(start)));
    assert!(app.serve(&source));
    assert_eq!(state(&app).mark("fork"), Mark::All);
    assert_eq!(state(&app).count(), Some(3));
    let shown = draw(&app, 80, 24);
    assert!(find(shown.backend().buffer(), "Sicilian_Defense").is_some());
}

#[test]
fn snapshot_filter_minimum_size_while_counting() {
    let source = Fake::new();
    let mut app = edited(Config::default(), &source);
    while state(&app).selected() != 2 {
        app.update(Action::Up);
    }
    app.update(Action::Right);
    assert!(state(&app).stale());
    insta::assert_snapshot!(draw(&app, 60, 19).backend());
}

/// The colours of the default scheme (dark, 256 colours), as the screens use them.
fn dark() -> sancho::tui::Palette {
    sancho::tui::Theme::new(false).palette()
}

#[test]
fn the_match_count_says_why_a_session_holds_fewer_puzzles() {
    use sancho::tui::strings::matching;
    assert_eq!(matching(Some(1), false), "1 puzzle matches");
    assert_eq!(matching(Some(100), false), "100 puzzles match");
    assert_eq!(
        matching(Some(204), false),
        "204 puzzles match; a session plays 100 of them",
        "the count and \"Puzzle 1 of 100\" agree"
    );
    assert_eq!(
        matching(Some(5_487), true),
        "5,487 puzzles match; a session plays 100 of them (counting…)"
    );
}
