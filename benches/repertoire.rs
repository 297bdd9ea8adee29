//! The repertoire trainer's speed (issue 25): `add` of a 2,000-game
//! repertoire PGN with variations (target: under 2 s for the whole
//! command), and on the full screen one keystroke and one answered card,
//! each with a full render at 120×40 (the puzzle screen's budget: under
//! 300 µs median, `benches/tui.rs`).

use std::hint::black_box;

use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use sancho::progress::Timestamp;
use sancho::repertoire::synth::synth_pgn;
use sancho::repertoire::{Plan, Repertoire};
use sancho::tui::{Action, App, Config, Context, Start, render};
use shakmaty::Color;

const WHITE: &str = include_str!("../tests/fixtures/repertoire/white.pgn");
const AT: Timestamp = Timestamp(1_700_000_000);

fn add(c: &mut Criterion) {
    let pgn = synth_pgn(2000, 1);
    let mut group = c.benchmark_group("repertoire");
    group.sample_size(10);
    group.bench_function("add_2000_games", |b| {
        b.iter(|| {
            let mut rep = Repertoire::new("bench", Color::White, AT);
            let report = rep.add_pgn(black_box(pgn.as_bytes()), "bench.pgn", AT);
            black_box(report.map(|r| r.cards).unwrap_or(0))
        });
    });
    group.finish();
}

/// The trainer asking its first card (the new line already shown).
fn trainer() -> App {
    let mut rep = Repertoire::new("white", Color::White, AT);
    let _ = rep.add_pgn(WHITE.as_bytes(), "white.pgn", AT);
    let plan = Plan::choose(&rep, &Default::default(), AT, 10);
    let context = Context {
        repertoires: vec![(rep, plan)],
        opened: AT,
        ..Context::default()
    };
    let config = Config {
        start: Start::Repertoire,
        ..Config::default()
    };
    let mut app = App::with_context(config, Vec::new(), context);
    app.update(Action::Resize(120, 40));
    app.update(Action::Submit);
    app
}

fn keys(c: &mut Criterion) {
    let mut app = trainer();
    let mut terminal = Terminal::new(TestBackend::new(120, 40)).unwrap();
    let keys: Vec<char> = "Nf3".chars().collect();
    let mut i = 0usize;
    c.bench_function("repertoire_keystroke_120x40", |b| {
        b.iter(|| {
            let action = if i % 4 == 3 {
                Action::ClearLine
            } else {
                Action::Insert(keys[i % 4])
            };
            i += 1;
            app.update(black_box(action));
            terminal.draw(|f| render(&app, f)).unwrap();
        });
    });
    let mut terminal = Terminal::new(TestBackend::new(120, 40)).unwrap();
    c.bench_function("repertoire_answer_120x40", |b| {
        b.iter_batched(
            || {
                let mut app = trainer();
                app.update(Action::Insert('e'));
                app.update(Action::Insert('4'));
                app
            },
            |mut app| {
                // Enter: the move judged, the review handed over, the
                // reply played, the next card asked, and a full draw.
                app.update(black_box(Action::Submit));
                terminal.draw(|f| render(&app, f)).unwrap();
                app
            },
            BatchSize::SmallInput,
        );
    });
}

criterion_group!(benches, add, keys);
criterion_main!(benches);
