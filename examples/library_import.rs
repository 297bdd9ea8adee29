//! Imports a Lichess CSV (or .csv.zst) into a library and times a few
//! picks: a measuring tool until the `sancho import` command is wired.
//!
//! ```text
//! cargo run --release --example library_import -- FILE LIBRARY.sqlite
//! cargo run --release --example library_import -- --query LIBRARY.sqlite
//! ```

use std::fs::File;
use std::io::BufReader;
use std::ops::ControlFlow;
use std::path::Path;
use std::time::Instant;

use anyhow::{Context, Result, bail};
use sancho::library::{Filter, Library, import};
use sancho::puzzle::decompress_if_zst;

fn main() -> Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [file, db] = args.as_slice() else {
        bail!("usage: library_import FILE LIBRARY.sqlite");
    };
    if file == "--query" {
        query(db)
    } else {
        import_file(file, db)
    }
}

fn import_file(file: &str, db: &str) -> Result<()> {
    let start = Instant::now();
    let raw = File::open(file).with_context(|| format!("opening {file}"))?;
    let reader = decompress_if_zst(Box::new(BufReader::new(raw)), file)?;
    let mut load_process = 0.0;
    let mut load_wall = 0.0;
    let summary = import(Path::new(db), reader, file, |p| {
        load_process = process_cpu();
        load_wall = start.elapsed().as_secs_f64();
        if p.rows % 200_000 < 4096 {
            eprintln!(
                "{} rows, {} skipped, {} bytes, {:.0} rows/s",
                p.rows,
                p.skipped,
                p.bytes_read,
                p.rows as f64 / start.elapsed().as_secs_f64()
            );
        }
        ControlFlow::Continue(())
    })?;
    eprintln!("import: {:.2} s", start.elapsed().as_secs_f64());
    // The last progress report comes when every row is written: CPU and
    // wall seconds of the load phase (reading, validating, writing, on
    // every core), then of the finishing phase (indexes, counts, history).
    eprintln!(
        "load phase: {load_wall:.2} s wall, {load_process:.2} s cpu; \
         finishing: {:.2} s wall, {:.2} s cpu",
        start.elapsed().as_secs_f64() - load_wall,
        process_cpu() - load_process
    );
    println!("{}", serde_json::to_string_pretty(&summary)?);
    Ok(())
}

fn query(db: &str) -> Result<()> {
    let t = Instant::now();
    let library = Library::open(Path::new(db))?;
    eprintln!("open: {:.3} ms", t.elapsed().as_secs_f64() * 1e3);
    let filters = [
        ("no filter", Filter::default()),
        (
            "fork+pin 1400-1600",
            Filter {
                themes_any: vec!["fork".into(), "pin".into()],
                rating: Some((1400, 1600)),
                ..Filter::default()
            },
        ),
        (
            "all mate+short 1200-1800",
            Filter {
                themes_all: vec!["mate".into(), "short".into()],
                rating: Some((1200, 1800)),
                ..Filter::default()
            },
        ),
        (
            "all fork+pin 1000-2000",
            Filter {
                themes_all: vec!["fork".into(), "pin".into()],
                rating: Some((1000, 2000)),
                ..Filter::default()
            },
        ),
        (
            "opening Sicilian",
            Filter {
                opening: Some("Sicilian_Defense".into()),
                ..Filter::default()
            },
        ),
    ];
    for (name, filter) in &filters {
        let t = Instant::now();
        let n = library.count(filter)?;
        let count_ms = t.elapsed().as_secs_f64() * 1e3;
        let t = Instant::now();
        let picked = library.pick(filter, 1500, &|_| false, 10)?;
        let pick_ms = t.elapsed().as_secs_f64() * 1e3;
        let t = Instant::now();
        let themes = library.theme_counts(filter)?;
        let themes_ms = t.elapsed().as_secs_f64() * 1e3;
        eprintln!(
            "{name}: count {n} in {count_ms:.2} ms; pick {} in {pick_ms:.2} ms; \
             theme counts ({}) in {themes_ms:.1} ms",
            picked.len(),
            themes.len()
        );
    }
    screen(&library)?;
    let t = Instant::now();
    let stats = library.stats()?;
    eprintln!(
        "stats: {} puzzles in {:.1} ms",
        stats.puzzles,
        t.elapsed().as_secs_f64() * 1e3
    );
    Ok(())
}

/// What the filter screen asks on each change (theme counts, then the
/// count), for filters it can make: the first time (which reads the
/// tallies), then the median of 21 more.
fn screen(library: &Library) -> Result<()> {
    let filters = [
        Filter::default(),
        Filter {
            themes_any: vec!["fork".into(), "pin".into()],
            rating: Some((1300, 1700)),
            ..Filter::default()
        },
        Filter {
            themes_all: vec!["mate".into(), "short".into()],
            rating: Some((1000, 2000)),
            min_popularity: Some(80),
            ..Filter::default()
        },
        Filter {
            themes_any: vec!["middlegame".into()],
            themes_all: vec!["fork".into()],
            rating: Some((400, 3200)),
            min_popularity: Some(0),
            ..Filter::default()
        },
    ];
    for filter in &filters {
        let mut times = Vec::new();
        let mut n = 0;
        for _ in 0..22 {
            let t = Instant::now();
            let themes = library.theme_counts(filter)?;
            n = library.count(filter)?;
            times.push(t.elapsed().as_secs_f64() * 1e3);
            std::hint::black_box(themes);
        }
        let first = times.remove(0);
        times.sort_by(f64::total_cmp);
        eprintln!(
            "screen {filter:?}: {n} puzzles; first {first:.1} ms, then median {:.2} ms, max {:.2} ms",
            times[times.len() / 2],
            times[times.len() - 1]
        );
    }
    Ok(())
}

/// CPU seconds (user + system) of the process, finished threads included.
fn process_cpu() -> f64 {
    std::fs::read_to_string("/proc/self/stat")
        .ok()
        .and_then(|stat| ticks(&stat))
        .unwrap_or(0.0)
}

/// utime + stime in seconds from a `stat` line.
fn ticks(stat: &str) -> Option<f64> {
    // Fields after the command's closing parenthesis; utime and stime are
    // the 14th and 15th fields overall, in clock ticks (100 per s).
    let rest = stat.rsplit(')').next()?;
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let u: f64 = fields.get(11)?.parse().ok()?;
    let s: f64 = fields.get(12)?.parse().ok()?;
    Some((u + s) / 100.0)
}
