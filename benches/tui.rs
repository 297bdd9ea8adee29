//! One keystroke on the puzzle screen: `App::update(Insert)` plus a full
//! render into a 120×40 test terminal. Target: under 300 µs median.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use sancho::puzzle::read_lichess;
use sancho::tui::{Action, App, Config, REPLY_DELAY_MS, render};

const CSV: &str = "PuzzleId,FEN,Moves,Rating,RatingDeviation,Popularity,NbPlays,Themes,GameUrl,OpeningTags\n\
    3IQ26,4r1k1/2Q2ppp/2p2n2/3p4/N7/4r3/P5PP/2q2R1K w - - 0 25,f1c1 e3e1 c1e1 e8e1,400,103,68,178,backRankMate endgame mate mateIn2 short,,\n";

fn app(config: Config) -> App {
    let puzzles = read_lichess(CSV.as_bytes(), "bench")
        .collect::<Result<Vec<_>, _>>()
        .unwrap_or_default();
    let mut app = App::new(config, puzzles);
    app.update(Action::Select);
    app.update(Action::Tick(REPLY_DELAY_MS));
    app
}

fn keystroke(c: &mut Criterion) {
    for (name, config) in [
        ("keystroke_120x40", Config::default()),
        (
            "keystroke_120x40_no_color",
            Config {
                ascii: false,
                no_color: true,
                ..Config::default()
            },
        ),
    ] {
        let mut app = app(config);
        let mut terminal = Terminal::new(TestBackend::new(120, 40)).unwrap();
        let keys: Vec<char> = "Re1+".chars().collect();
        let mut i = 0usize;
        c.bench_function(name, |b| {
            b.iter(|| {
                // Type R, e, 1, + and clear, over and over: one action and
                // one full draw per iteration.
                let action = if i % 5 == 4 {
                    Action::ClearLine
                } else {
                    Action::Insert(keys[i % 5])
                };
                i += 1;
                app.update(black_box(action));
                terminal.draw(|f| render(&app, f)).unwrap();
            });
        });
    }
}

/// One keystroke on the drill screen (write the move) and one draw of the
/// stats screen with no data, both at 120×40.
fn drill_and_stats(c: &mut Criterion) {
    use sancho::drill::DrillKind;
    use sancho::notation::Strictness;
    use sancho::tui::Start;
    let mut app = App::new(
        Config {
            start: Start::Drill {
                kind: DrillKind::Write,
                seed: 1,
                count: 10,
                strictness: Strictness::Strict,
                timed: false,
            },
            ..Config::default()
        },
        Vec::new(),
    );
    let mut terminal = Terminal::new(TestBackend::new(120, 40)).unwrap();
    let mut toggle = false;
    c.bench_function("drill_keystroke_120x40", |b| {
        b.iter(|| {
            toggle = !toggle;
            app.update(black_box(if toggle {
                Action::Insert('N')
            } else {
                Action::Backspace
            }));
            terminal.draw(|f| render(&app, f)).unwrap();
        })
    });
    let stats = App::new(
        Config {
            start: Start::Stats,
            ..Config::default()
        },
        Vec::new(),
    );
    c.bench_function("stats_render_120x40_empty", |b| {
        b.iter(|| {
            terminal
                .draw(|f| render(black_box(&stats), f))
                .unwrap()
                .area
        })
    });
}

/// The two halves of a keystroke, to see where the time goes.
fn halves(c: &mut Criterion) {
    let mut app = app(Config::default());
    for ch in "Re".chars() {
        app.update(Action::Insert(ch));
    }
    let mut terminal = Terminal::new(TestBackend::new(120, 40)).unwrap();
    c.bench_function("render_only_120x40", |b| {
        b.iter(|| terminal.draw(|f| render(black_box(&app), f)).unwrap().area)
    });
    let mut toggle = false;
    c.bench_function("update_only", |b| {
        b.iter(|| {
            toggle = !toggle;
            app.update(black_box(if toggle {
                Action::Insert('5')
            } else {
                Action::Backspace
            }));
        })
    });
}

criterion_group!(benches, keystroke, halves, drill_and_stats);
criterion_main!(benches);
