//! The checker over a real Lichess sample, when one is available locally.
//!
//! Run with `SANCHO_LICHESS_SAMPLE=/path/to/sample.csv cargo test --release
//! --test puzzle puzzle_sample -- --ignored --nocapture`. The project commits no
//! Lichess data, so the test is ignored by default.

use std::path::PathBuf;
use std::time::Instant;

use sancho::puzzle::{Severity, check_path};

#[test]
#[ignore = "needs SANCHO_LICHESS_SAMPLE pointing at a Lichess CSV"]
fn lichess_sample_passes() {
    let Some(path) = std::env::var_os("SANCHO_LICHESS_SAMPLE").map(PathBuf::from) else {
        return;
    };
    let start = Instant::now();
    let (findings, summary) = check_path(&path);
    let elapsed = start.elapsed();
    let warnings = findings
        .iter()
        .filter(|f| f.severity == Severity::Warning)
        .count();
    for f in findings.iter().take(40) {
        println!("{f}");
    }
    println!("{summary:?}, {warnings} warnings, in {elapsed:?}");
    assert!(summary.checked > 0);
    // The shared sample has one id a spreadsheet rewrote as a number
    // ("6E+087"): that row is rightly refused; every other row passes.
    let errors: Vec<_> = findings
        .iter()
        .filter(|f| f.severity == Severity::Error)
        .collect();
    assert!(
        errors
            .iter()
            .all(|f| f.field.as_deref() == Some("PuzzleId")),
        "{errors:#?}"
    );
    assert_eq!(summary.failed, errors.len(), "{summary:?}");
    assert_eq!(summary.file_errors, 0, "{summary:?}");
}

#[test]
#[ignore = "needs SANCHO_LICHESS_SAMPLE pointing at a Lichess CSV"]
fn slowest_claim_checks() {
    use sancho::puzzle::{Dialect, check_puzzle, read_lichess};
    let Some(path) = std::env::var_os("SANCHO_LICHESS_SAMPLE").map(PathBuf::from) else {
        return;
    };
    let text = std::fs::read_to_string(path).unwrap();
    let mut times = Vec::new();
    let read_start = Instant::now();
    let puzzles: Vec<_> = read_lichess(text.as_bytes(), "sample")
        .filter_map(Result::ok)
        .collect();
    let read = read_start.elapsed();
    for p in &puzzles {
        let start = Instant::now();
        let problems = check_puzzle(p, Dialect::Csv);
        times.push((
            start.elapsed(),
            p.id.clone(),
            p.themes.join(" "),
            problems.len(),
        ));
    }
    times.sort();
    for t in times.iter().rev().take(5) {
        println!("{t:?}");
    }
    println!("read {} rows in {read:?}", puzzles.len());
}
