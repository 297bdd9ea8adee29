//! The library commands through the real binary: import, `library stats
//! --json`, and `play --source library` with filters.

use std::process::{Output, Stdio};

use sancho::library::synth::{SynthConfig, write_csv};
use serde_json::Value;

use crate::support;

fn sancho(args: &[&str], data: &std::path::Path) -> Output {
    support::sancho()
        .args(args)
        .arg("--data-dir")
        .arg(data)
        .stdin(Stdio::null())
        .output()
        .expect("run sancho")
}

#[test]
fn import_then_stats_then_filtered_play() {
    let data = tempfile::tempdir().unwrap();
    let csv = data.path().join("puzzles.csv");
    let config = SynthConfig {
        rows: 600,
        seed: 3,
        bad_every: Some(100),
    };
    write_csv(config, std::fs::File::create(&csv).unwrap()).unwrap();

    // Before any import: a clear message, not a crash.
    let out = sancho(&["library", "stats"], data.path());
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("sancho import"));

    let out = sancho(&["import", "--quiet", csv.to_str().unwrap()], data.path());
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("594 new"), "{text}");
    assert!(text.contains("6 skipped"), "{text}");
    assert!(text.contains("skipped line 101"), "{text}");

    let out = sancho(&["library", "stats", "--json"], data.path());
    let stats: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(stats["puzzles"], 594);

    let out = sancho(
        &[
            "play",
            "--plain",
            "--json",
            "--source",
            "library",
            "--rating",
            "1400-1600",
        ],
        data.path(),
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let first: Value = serde_json::from_str(
        String::from_utf8(out.stdout)
            .unwrap()
            .lines()
            .next()
            .unwrap(),
    )
    .unwrap();
    assert_eq!(first["event"], "puzzle");
    let rating = first["rating"].as_u64().unwrap();
    assert!((1400..=1600).contains(&rating), "{rating}");
}

#[test]
fn bad_filters_are_clear_errors() {
    let data = tempfile::tempdir().unwrap();
    let out = sancho(&["play", "--plain", "--rating", "1600-1200"], data.path());
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("the lower rating comes first"));
    // A theme no puzzle has is named (a typo), not "loosen the filters".
    let out = sancho(&["play", "--plain", "--theme", "noSuchTheme"], data.path());
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("\"noSuchTheme\""), "{stderr}");
    assert!(!stderr.contains("loosen"), "{stderr}");
    // Known themes that no puzzle has together still say so.
    let out = sancho(
        &["play", "--plain", "--all-themes", "mateIn1,mateIn2"],
        data.path(),
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no puzzle fits"));
    // Popularity is Lichess's -100 to 100.
    for bad in ["101", "127", "-101"] {
        let out = sancho(&["play", "--plain", "--min-popularity", bad], data.path());
        assert_eq!(out.status.code(), Some(2), "{bad}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains("-100..=100"), "{stderr}");
    }
    // A file without puzzles says so.
    let empty = data.path().join("empty.csv");
    std::fs::write(&empty, "PuzzleId,FEN,Moves\n").unwrap();
    let out = sancho(
        &["play", "--plain", "--pack", empty.to_str().unwrap()],
        data.path(),
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("holds no puzzles"));
}

#[test]
fn a_second_import_meanwhile_refuses_clearly() {
    let data = tempfile::tempdir().unwrap();
    let csv = data.path().join("puzzles.csv");
    let config = SynthConfig {
        rows: 50,
        seed: 5,
        bad_every: None,
    };
    write_csv(config, std::fs::File::create(&csv).unwrap()).unwrap();
    let lock = data.path().join("library.sqlite.lock");
    let held = std::fs::File::create(&lock).unwrap();
    held.lock().unwrap();
    let out = sancho(&["import", "--quiet", csv.to_str().unwrap()], data.path());
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("another import"), "{stderr}");
    assert!(out.stdout.is_empty(), "nothing imported is reported");
    assert!(!data.path().join("library.sqlite").exists());
    held.unlock().unwrap();

    // A lock file that is a directory is named, not the data directory.
    std::fs::remove_file(&lock).unwrap();
    std::fs::create_dir(&lock).unwrap();
    let out = sancho(&["import", "--quiet", csv.to_str().unwrap()], data.path());
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("cannot open the lock file"), "{stderr}");
}

/// Issue 27: `sancho library import FILE`, the form a user guesses from
/// `library stats`, imports as `sancho import FILE` does.
#[test]
fn library_import_is_import() {
    let data = tempfile::tempdir().unwrap();
    let csv = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/puzzles/storm_run.csv");
    let out = sancho(
        &["library", "import", "--quiet", csv.to_str().unwrap()],
        data.path(),
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = sancho(&["library", "stats", "--json"], data.path());
    let stats: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(stats["puzzles"], 12);
}

#[test]
fn an_empty_or_cut_off_library_is_named_and_moved_aside_by_the_next_import() {
    let data = tempfile::tempdir().unwrap();
    let d = data.path();
    let csv = d.join("puzzles.csv");
    let config = SynthConfig {
        rows: 2000,
        seed: 5,
        bad_every: None,
    };
    write_csv(config, std::fs::File::create(&csv).unwrap()).unwrap();
    let db = d.join("library.sqlite");
    let import = || sancho(&["import", "--quiet", csv.to_str().unwrap()], d);
    assert!(import().status.success());
    let whole = std::fs::read(&db).unwrap();
    // Empty; cut off after its first pages (the schema still readable);
    // cut off half way.
    let pages = 4 * 4096;
    for damaged in [&[][..], &whole[..pages], &whole[..whole.len() / 2]] {
        std::fs::write(&db, damaged).unwrap();
        // Reading it says what is wrong and what to do.
        let out = sancho(&["library", "stats"], d);
        assert_eq!(out.status.code(), Some(2));
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains("`sancho import FILE` keeps it aside and builds a new one"),
            "{err}"
        );
        // The next import keeps its bytes aside and builds a new library.
        let out = import();
        let err = String::from_utf8_lossy(&out.stderr).into_owned();
        assert!(out.status.success(), "{err}");
        let aside = err
            .split("it was kept as ")
            .nth(1)
            .and_then(|rest| rest.split(" and a new library").next())
            .unwrap_or_else(|| panic!("{err}"));
        assert_eq!(std::fs::read(aside).unwrap(), damaged);
        std::fs::remove_file(aside).unwrap();
        let out = sancho(&["library", "stats", "--json"], d);
        let stats: Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(stats["puzzles"], 2000);
    }
}
