//! Snapshots and style assertions of the drill, lesson and stats screens.

use std::collections::{BTreeMap, BTreeSet};

use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::style::{Color, Modifier};
use sancho::config::BoardSize;
use sancho::drill::DrillKind;
use sancho::notation::Strictness;
use sancho::progress::{
    DrillKindStats, DrillStats, LessonStats, MistakeCount, PuzzleTotals, RatingPoint, RatingStats,
    Stats, Streak, ThemeStats, Timestamp,
};
use sancho::tui::view::Board;
use sancho::tui::view::drill_board_area;
use sancho::tui::{Action, App, Config, Context, Start, render};
use sancho::tui::{SquareMark, Theme};

fn drill_config(kind: DrillKind, no_color: bool) -> Config {
    Config {
        no_color,
        start: Start::Drill {
            kind,
            seed: 42,
            count: 5,
            strictness: Strictness::Strict,
            timed: false,
        },
        ..Config::default()
    }
}

fn draw(app: &App, w: u16, h: u16) -> Terminal<TestBackend> {
    let mut t = Terminal::new(TestBackend::new(w, h)).unwrap();
    t.draw(|f| render(app, f)).unwrap();
    t
}

fn find(buf: &Buffer, text: &str) -> Option<(u16, u16)> {
    let area = buf.area;
    for y in area.top()..area.bottom() {
        let row: Vec<&str> = (area.left()..area.right())
            .map(|x| buf[(x, y)].symbol())
            .collect();
        let joined = row.concat();
        if let Some(byte) = joined.find(text) {
            let mut bytes = 0;
            for (i, s) in row.iter().enumerate() {
                if bytes == byte {
                    return Some((area.left() + u16::try_from(i).unwrap(), y));
                }
                bytes += s.len();
            }
        }
    }
    None
}

#[test]
fn snapshot_each_drill_kind() {
    for kind in DrillKind::ALL {
        let app = App::new(drill_config(kind, false), Vec::new());
        let t = draw(&app, 90, 24);
        insta::assert_snapshot!(format!("drill_{kind}"), t.backend());
    }
}

#[test]
fn snapshot_wrong_verdict_and_summary_no_color_ascii() {
    let mut config = drill_config(DrillKind::Write, true);
    config.ascii = true;
    let mut app = App::new(config, Vec::new());
    for c in "Ke9".chars() {
        app.update(Action::Insert(c));
    }
    app.update(Action::Submit);
    insta::assert_snapshot!("drill_wrong_verdict", draw(&app, 90, 24).backend());
    app.update(Action::Back);
    insta::assert_snapshot!("drill_summary", draw(&app, 90, 24).backend());
}

#[test]
fn drill_highlights_carry_their_meaning_in_both_modes() {
    for no_color in [false, true] {
        let app = App::new(drill_config(DrillKind::Write, no_color), Vec::new());
        let t = draw(&app, 100, 30);
        let buf = t.backend().buffer();
        let d = app.drill().unwrap();
        let ex = d.exercise().unwrap();
        let marked = ex.highlighted();
        assert_eq!(marked.len(), 2);
        let theme = Theme::new(no_color);
        let board = Board {
            pos: &ex.position,
            bottom: d.bottom(),
            last_move: None,
            marks: Default::default(),
            highlights: &marked,
            ascii: false,
            large: false,
            theme,
        };
        let area = drill_board_area(buf.area, BoardSize::Auto);
        for &sq in &marked {
            let rect = board.square_rect(area, sq).unwrap();
            let (cx, cy) = (rect.x + rect.width / 2, rect.y + rect.height / 2);
            let want = theme.square(sq.is_light(), SquareMark::Shown);
            let cell = &buf[(rect.x, rect.y)];
            assert_eq!(cell.bg, want.bg.unwrap_or(Color::Reset), "{sq}");
            assert!(cell.modifier.contains(want.add_modifier), "{sq}");
            if no_color {
                assert_eq!(
                    (buf[(cx - 1, cy)].symbol(), buf[(cx + 1, cy)].symbol()),
                    ("<", ">"),
                    "{sq}"
                );
                assert!(
                    cell.modifier
                        .contains(Modifier::BOLD | Modifier::UNDERLINED)
                );
            } else {
                assert_ne!(
                    cell.bg,
                    theme.square(sq.is_light(), SquareMark::None).bg.unwrap()
                );
            }
        }
    }
}

#[test]
fn verdicts_are_green_or_red_and_bold_without_colour() {
    for no_color in [false, true] {
        for right in [true, false] {
            let mut app = App::new(drill_config(DrillKind::Coordinates, no_color), Vec::new());
            let ex = app
                .drill()
                .unwrap()
                .run()
                .current()
                .unwrap()
                .expected_text();
            let answer = if right {
                ex
            } else if ex == "a1" {
                "h8".to_owned()
            } else {
                "a1".to_owned()
            };
            for c in answer.chars() {
                app.update(Action::Insert(c));
            }
            app.update(Action::Submit);
            let t = draw(&app, 100, 30);
            let buf = t.backend().buffer();
            let head = if right { "Correct:" } else { "Wrong:" };
            let (x, y) = find(buf, head).expect(head);
            let cell = &buf[(x, y)];
            let expected = match (no_color, right) {
                (false, true) => (dark().good, Modifier::BOLD),
                (false, false) => (dark().bad, Modifier::BOLD),
                (true, true) => (Color::Reset, Modifier::BOLD),
                (true, false) => (Color::Reset, Modifier::BOLD | Modifier::UNDERLINED),
            };
            assert_eq!((cell.fg, cell.modifier), expected, "{no_color} {right}");
        }
    }
}

#[test]
fn snapshot_lessons_list_and_page() {
    let context = Context {
        completed_lessons: BTreeSet::from(["lesson-2".to_owned()]),
        ..Context::default()
    };
    let config = Config {
        start: Start::Lessons,
        ..Config::default()
    };
    let mut app = App::with_context(config, Vec::new(), context);
    app.update(Action::Down);
    let t = draw(&app, 80, 24);
    let buf = t.backend().buffer();
    let (x, y) = find(buf, "[✓] Lesson 2").expect("lesson 2 marked done");
    assert!(
        buf[(x, y)].modifier.contains(Modifier::REVERSED),
        "selected"
    );
    insta::assert_snapshot!("lessons_list", t.backend());
    app.update(Action::Select);
    let t = draw(&app, 80, 24);
    let buf = t.backend().buffer();
    // Headings are bold, without their '#'.
    assert!(find(buf, "# ").is_none());
    insta::assert_snapshot!("lesson_page", t.backend());
    app.update(Action::ScrollDown);
    assert!(app.scroll() > 0);
}

pub(crate) fn sample_stats() -> Stats {
    let ratings = [1500.0, 1460.0, 1490.0, 1530.0, 1555.0, 1540.0, 1580.0];
    let history = ratings
        .iter()
        .enumerate()
        .map(|(i, &rating)| RatingPoint {
            at: Timestamp(1_700_000_000 + 3600 * i as i64),
            rating,
        })
        .collect();
    let theme = |name: &str, attempted, solved| ThemeStats {
        theme: name.to_owned(),
        attempted,
        solved,
        accuracy: Some(f64::from(solved) / f64::from(attempted)),
    };
    Stats {
        puzzles: PuzzleTotals {
            attempted: 7,
            solved: 5,
            failed: 2,
            accuracy: Some(5.0 / 7.0),
        },
        rating: RatingStats {
            current: 1580.0,
            deviation: 120.0,
            history,
        },
        streak: Streak {
            current: 2,
            best: 3,
        },
        reviews_due: 1,
        slips_due: Vec::new(),
        drills: DrillStats {
            completed: 2,
            exercises: 20,
            correct: 17,
            wrong: 3,
            by_kind: BTreeMap::from([(
                "write".to_owned(),
                DrillKindStats {
                    completed: 2,
                    exercises: 20,
                    correct: 17,
                    wrong: 3,
                    accuracy: Some(0.85),
                },
            )]),
        },
        mistakes: vec![
            MistakeCount {
                code: "lowercase-piece".to_owned(),
                count: 4,
                example: Some("Nf3".to_owned()),
            },
            MistakeCount {
                code: "castling-zeros".to_owned(),
                count: 2,
                example: Some("O-O".to_owned()),
            },
        ],
        themes: vec![theme("mate", 5, 4), theme("fork", 3, 1), theme("pin", 2, 2)],
        lessons: LessonStats {
            completed: vec!["lesson-1".to_owned()],
        },
        coordinates: Vec::new(),
        sets: Vec::new(),
    }
}

#[test]
fn snapshot_stats_with_data_and_empty() {
    let config = Config {
        start: Start::Stats,
        ..Config::default()
    };
    let context = Context {
        stats: Some(sample_stats()),
        ..Context::default()
    };
    let app = App::with_context(config.clone(), Vec::new(), context);
    let t = draw(&app, 100, 30);
    let buf = t.backend().buffer();
    for text in [
        "7 attempted, 5 solved (71%)",
        "In a row 2 (best 3)",
        "Reviews due today 1",
        "Rating 1580 ± 120",
        "17 of 20 correct (85%)",
        "Lessons 1 of 9",
        "80% (4/5)",
        "lowercase-piece: write Nf3",
    ] {
        assert!(find(buf, text).is_some(), "{text} missing");
    }
    insta::assert_snapshot!("stats", t.backend());
    // The minimum size and a huge one draw without panicking.
    let _ = draw(&app, 60, 19);
    let _ = draw(&app, 1000, 400);

    let empty = App::new(config, Vec::new());
    let t = draw(&empty, 80, 24);
    assert!(find(t.backend().buffer(), "No results yet.").is_some());
    insta::assert_snapshot!("stats_empty", t.backend());
}

#[test]
fn stats_without_colour_use_no_colour() {
    let config = Config {
        no_color: true,
        start: Start::Stats,
        ..Config::default()
    };
    let context = Context {
        stats: Some(sample_stats()),
        ..Context::default()
    };
    let app = App::with_context(config, Vec::new(), context);
    let t = draw(&app, 100, 30);
    for cell in t.backend().buffer().content() {
        assert_eq!((cell.fg, cell.bg), (Color::Reset, Color::Reset));
    }
}

#[test]
fn snapshot_verdict_at_minimum_size() {
    let mut app = App::new(drill_config(DrillKind::Disambiguation, false), Vec::new());
    for c in "Nxg2".chars() {
        app.update(Action::Insert(c));
    }
    app.update(Action::Submit);
    let t = draw(&app, sancho::tui::MIN_WIDTH, sancho::tui::MIN_HEIGHT);
    insta::assert_snapshot!("drill_verdict_minimum_size", t.backend());
}

/// The colours of the default scheme (dark, 256 colours), as the screens use them.
fn dark() -> sancho::tui::Palette {
    sancho::tui::Theme::new(false).palette()
}

/// A Woodpecker set with two finished cycles (the second twice as fast) and
/// a third under way.
pub(crate) fn sample_set() -> sancho::progress::SetStats {
    use sancho::progress::{CycleSummary, CycleUnderWay};
    let cycle = |n: usize, minutes: u64, solved: usize, days: u32| CycleSummary {
        cycle: n,
        puzzles: 20,
        solved,
        accuracy: solved as f64 / 20.0,
        time_ms: minutes * 60_000,
        started: Timestamp(0),
        finished: Timestamp(0),
        days,
        goal_days: None,
        times_ms: vec![minutes * 3000; 20],
    };
    sancho::progress::SetStats {
        name: "forks".to_owned(),
        puzzles: 20,
        origin: sancho::progress::SetOrigin::Builtin,
        filters: "theme fork".to_owned(),
        cycles: vec![cycle(1, 40, 15, 4), cycle(2, 20, 18, 2)],
        current: Some(CycleUnderWay {
            cycle: 3,
            done: 5,
            solved: 5,
            time_ms: 300_000,
            started: Timestamp(0),
        }),
        goal_days: Some(1),
    }
}

#[test]
fn stats_show_each_sets_cycles_as_a_table_and_bars() {
    let config = Config {
        start: Start::Stats,
        ..Config::default()
    };
    let mut stats = sample_stats();
    stats.sets = vec![sample_set()];
    let context = Context {
        stats: Some(stats),
        ..Context::default()
    };
    let app = App::with_context(config.clone(), Vec::new(), context);
    let t = draw(&app, 100, 30);
    let buf = t.backend().buffer();
    assert!(find(buf, "Woodpecker sets").is_some());
    assert!(
        find(buf, "forks (20) next: within 1 day · cycle 3 5/20").is_some(),
        "the goal and the cycle under way"
    );
    let first = find(buf, "1   40:00   75%  4d").expect("cycle 1's row");
    let second = find(buf, "2   20:00   90%  2d").expect("cycle 2's row");
    // The bars: time per cycle, the longest 12 cells, half the time half as long.
    let bar = |(x, y): (u16, u16)| {
        let start = x + 20;
        (start..buf.area.right())
            .take_while(|&c| buf[(c, y)].symbol() == "█")
            .map(|c| {
                assert_ne!(
                    buf[(c, y)].fg,
                    Color::Reset,
                    "bars are drawn in the chart colour"
                );
            })
            .count()
    };
    assert_eq!((bar(first), bar(second)), (12, 6));
    insta::assert_snapshot!("stats_with_sets", t.backend());
    // With no sets the panel is not drawn.
    let plain = App::with_context(
        config,
        Vec::new(),
        Context {
            stats: Some(sample_stats()),
            ..Context::default()
        },
    );
    assert!(find(draw(&plain, 100, 30).backend().buffer(), "Woodpecker sets").is_none());
}

#[test]
fn the_stats_screen_shows_the_storm_and_streak_bests() {
    use sancho::progress::{Mode, ModeRecords, ModeRun};
    let config = Config {
        start: Start::Stats,
        ..Config::default()
    };
    let run = |score, at| ModeRun {
        mode: Mode::Storm,
        at: Timestamp(at),
        score,
        moves: score + 2,
        accuracy: 80,
        combo_best: 5,
        seconds: 180,
        highest_solved: Some(1700),
    };
    let context = Context {
        stats: Some(sample_stats()),
        records: Some(ModeRecords {
            storm_runs: 3,
            storm_best_today: Some(run(9, 2)),
            storm_best: Some(run(14, 1)),
            streak_runs: 1,
            streak_best: Some(6),
        }),
        ..Context::default()
    };
    let app = App::with_context(config.clone(), Vec::new(), context);
    let t = draw(&app, 100, 30);
    let buf = t.backend().buffer();
    let (x, y) = find(buf, "Puzzle Storm best 14 (today 9), 3 runs").expect("Storm's bests");
    assert!(find(buf, "Puzzle Streak best 6 in a row").is_some());
    // "Streak" names the mode only: solves in a row are said apart.
    assert!(find(buf, "In a row ").is_some());
    assert!(find(buf, "Streak 0").is_none());
    let key = Theme::new(false).key();
    assert_eq!(
        (buf[(x, y)].fg, buf[(x, y)].modifier),
        (key.fg.unwrap(), key.add_modifier),
        "a label"
    );
    // Without any run the line is not there.
    let app = App::with_context(
        config,
        Vec::new(),
        Context {
            stats: Some(sample_stats()),
            ..Context::default()
        },
    );
    assert!(find(draw(&app, 100, 30).backend().buffer(), "Storm ").is_none());
}
