//! The puzzle library's reads on a library built once from 200,000
//! synthetic rows (set `SANCHO_BENCH_LIBRARY` to a path to bench an existing
//! library instead, such as the 1,000,000-row one measured by hand).
//!
//! Pick near 1500 with two themes and a rating band (the target:
//! under 5 ms), a pick with seen puzzles excluded, counts, the filter
//! screen's theme counts (from the tallies, and a count the tallies cannot
//! answer), and opening the library.

use std::hint::black_box;
use std::io::Cursor;
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use sancho::library::synth::{SynthConfig, write_csv};
use sancho::library::{Filter, Library, import};

/// 200,000 rows under `cargo bench`; 2,000 under `cargo test`, which runs
/// each benchmark once only to show it works (issue 16: no full-size work there).
fn rows() -> u64 {
    if std::env::args().any(|arg| arg == "--bench") {
        200_000
    } else {
        2_000
    }
}

fn library_path() -> (Option<tempfile::TempDir>, PathBuf) {
    if let Some(path) = std::env::var_os("SANCHO_BENCH_LIBRARY") {
        return (None, PathBuf::from(path));
    }
    let dir = tempfile::tempdir().expect("temp dir");
    let db = dir.path().join("library.sqlite");
    let mut csv = Vec::new();
    let config = SynthConfig {
        rows: rows(),
        seed: 5,
        bad_every: None,
    };
    write_csv(config, &mut csv).expect("generate");
    let summary = import(&db, Cursor::new(csv), "bench.csv", |_| {
        ControlFlow::Continue(())
    })
    .expect("import");
    eprintln!("bench library: {} puzzles", summary.puzzles);
    (Some(dir), db)
}

fn filter(any: &[&str], all: &[&str], rating: Option<(u16, u16)>) -> Filter {
    Filter {
        themes_any: any.iter().map(|s| s.to_string()).collect(),
        themes_all: all.iter().map(|s| s.to_string()).collect(),
        rating,
        ..Filter::default()
    }
}

fn reads(c: &mut Criterion) {
    let (_dir, db) = library_path();
    let library = Library::open(&db).expect("open");
    let mut group = c.benchmark_group("library");
    group
        .sample_size(30)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3));

    let any_two = filter(&["fork", "pin"], &[], Some((1300, 1700)));
    let all_two = filter(&[], &["fork", "pin"], Some((1000, 2000)));
    group.bench_function("pick10_any_fork_pin_1300_1700", |b| {
        b.iter(|| library.pick(black_box(&any_two), 1500, &|_| false, 10))
    });
    group.bench_function("pick10_all_fork_pin_1000_2000", |b| {
        b.iter(|| library.pick(black_box(&all_two), 1500, &|_| false, 10))
    });
    // Half of everything near 1500 already seen.
    group.bench_function("pick10_all_fork_pin_half_seen", |b| {
        b.iter(|| {
            library.pick(
                black_box(&all_two),
                1500,
                &|id| id.as_bytes()[4] % 2 == 0,
                10,
            )
        })
    });
    group.bench_function("pick10_no_filter", |b| {
        b.iter(|| library.pick(black_box(&Filter::default()), 1500, &|_| false, 10))
    });
    group.bench_function("count_all_fork_pin_1000_2000", |b| {
        b.iter(|| library.count(black_box(&all_two)))
    });
    group.bench_function("theme_counts_any_fork_pin_1300_1700", |b| {
        b.iter(|| library.theme_counts(black_box(&any_two)))
    });
    // What the filter screen asks on each change: theme counts, then the
    // count (answered from the import's tallies).
    let screen = Filter {
        min_popularity: Some(80),
        ..filter(&[], &["mate", "short"], Some((1000, 2000)))
    };
    group.bench_function("screen_counts_all_mate_short_1000_2000_pop80", |b| {
        b.iter(|| {
            let themes = library.theme_counts(black_box(&screen));
            (themes, library.count(black_box(&screen)))
        })
    });
    // A popularity bound between two tallied bands: counted from the puzzles.
    let ragged = Filter {
        min_popularity: Some(85),
        ..filter(&[], &["fork", "pin"], Some((1000, 2000)))
    };
    group.bench_function("count_all_fork_pin_1000_2000_pop85_scanning", |b| {
        b.iter(|| library.count(black_box(&ragged)))
    });
    group.bench_function("open", |b| b.iter(|| Library::open(black_box(&db))));
    group.finish();
}

criterion_group!(benches, reads);
criterion_main!(benches);
