//! The checker over a real Lichess sample, when one is available locally.
//!
//! Run with `SANCHO_LICHESS_SAMPLE=/path/to/sample.csv cargo test --release
//! --test puzzle_sample -- --ignored --nocapture`. The project commits no
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
    assert!(summary.is_ok(), "{summary:?}");
}
