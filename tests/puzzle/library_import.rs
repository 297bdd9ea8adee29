//! Importing Lichess CSV into the puzzle library: plain and zstd, bad rows,
//! interrupted imports, repeated imports.

use std::io::{self, Cursor, Read};
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};

use sancho::library::synth::{BadKind, HEADER, SynthConfig, SynthRow, synth_rows};
use sancho::library::{Filter, ImportSummary, Library, LibraryError, import, temp_path};
use sancho::puzzle::decompress_if_zst;

fn rows(n: u64, seed: u64, bad_every: Option<u64>) -> Vec<SynthRow> {
    synth_rows(SynthConfig {
        rows: n,
        seed,
        bad_every,
    })
    .collect()
}

fn csv(rows: &[SynthRow]) -> Vec<u8> {
    let mut out = format!("{HEADER}\n");
    for r in rows {
        out.push_str(&r.to_csv());
        out.push('\n');
    }
    out.into_bytes()
}

fn go(db: &Path, bytes: Vec<u8>) -> Result<ImportSummary, LibraryError> {
    import(db, Cursor::new(bytes), "test.csv", |_| {
        ControlFlow::Continue(())
    })
}

fn db_in(dir: &tempfile::TempDir) -> PathBuf {
    dir.path().join("library.sqlite")
}

#[test]
fn a_small_file_imports_and_every_field_comes_back() {
    let dir = tempfile::tempdir().unwrap();
    let db = db_in(&dir);
    let rows = rows(300, 11, None);
    let summary = go(&db, csv(&rows)).unwrap();
    assert_eq!(
        (
            summary.rows,
            summary.added,
            summary.updated,
            summary.skipped
        ),
        (300, 300, 0, 0)
    );
    assert_eq!(summary.puzzles, 300);
    assert!(!temp_path(&db).exists());

    let library = Library::open(&db).unwrap();
    assert_eq!(library.count(&Filter::default()).unwrap(), 300);
    for row in rows.iter().step_by(37) {
        let p = library.get(&row.id).unwrap().unwrap();
        assert_eq!(p.fen, row.fen);
        assert_eq!(p.rating, row.rating_value());
        assert_eq!(p.rating_deviation, Some(row.rating_deviation));
        assert_eq!(p.popularity, Some(row.popularity));
        assert_eq!(p.nb_plays, Some(row.nb_plays));
        assert_eq!(p.themes, row.themes);
        assert_eq!(p.opening_tags, row.opening_tags);
        assert_eq!(p.game_url.as_deref(), Some(row.game_url.as_str()));
        let line: Vec<String> = p.solution.iter().map(|m| m.uci.to_string()).collect();
        assert_eq!(line, row.moves);
        assert!(p.opponent_first());
    }
    assert!(library.get("nope!").unwrap().is_none());
}

#[test]
fn a_zstd_file_imports_the_same() {
    let dir = tempfile::tempdir().unwrap();
    let db = db_in(&dir);
    let rows = rows(120, 12, None);
    let compressed = zstd::encode_all(Cursor::new(csv(&rows)), 3).unwrap();
    let reader = decompress_if_zst(Box::new(Cursor::new(compressed)), "puzzles.csv.zst").unwrap();
    let summary = import(
        &db,
        reader,
        "puzzles.csv.zst",
        |_| ControlFlow::Continue(()),
    )
    .unwrap();
    assert_eq!((summary.added, summary.skipped), (120, 0));
    let library = Library::open(&db).unwrap();
    let p = library.get(&rows[77].id).unwrap().unwrap();
    assert_eq!(p.fen, rows[77].fen);
}

#[test]
fn bad_rows_are_counted_and_the_first_ten_kept_with_lines_and_reasons() {
    let dir = tempfile::tempdir().unwrap();
    let db = db_in(&dir);
    let rows = rows(210, 13, Some(7));
    let bad: Vec<&SynthRow> = rows.iter().filter(|r| r.bad.is_some()).collect();
    assert_eq!(bad.len(), 30);
    let summary = go(&db, csv(&rows)).unwrap();
    assert_eq!(summary.rows, 210);
    assert_eq!(summary.skipped, 30);
    assert_eq!(summary.added, 180);
    assert_eq!(summary.problems.len(), 10);
    for (problem, row) in summary.problems.iter().zip(&bad) {
        assert_eq!(problem.line, row.line, "{problem:?}");
        let (expected, field) = match row.bad.unwrap() {
            BadKind::IllegalMove => ("not legal", "Moves"),
            BadKind::NotUci => ("not a uci move", "Moves"),
            BadKind::BadFen => ("field 1 (piece placement)", "FEN"),
            BadKind::TooFewMoves => ("at least one user move", "Moves"),
            BadKind::BadRating => ("not a number", "Rating"),
        };
        assert_eq!(problem.field.as_deref(), Some(field), "{problem:?}");
        assert!(
            problem.reason.contains(expected),
            "{:?}: {}",
            row.bad,
            problem.reason
        );
    }
    let library = Library::open(&db).unwrap();
    assert_eq!(library.count(&Filter::default()).unwrap(), 180);
    assert!(library.get(&bad[0].id).unwrap().is_none());
}

#[test]
fn line_numbers_stay_exact_across_chunks_with_blank_long_and_binary_lines() {
    // Validation runs on several threads, a few thousand rows at a time:
    // the problems must still be the file's first, with the file's lines.
    let dir = tempfile::tempdir().unwrap();
    let rows = rows(12_000, 21, Some(1500));
    let mut text = format!("{HEADER}\n").into_bytes();
    let mut line = 1u64;
    let mut expected: Vec<(u64, Option<&str>)> = Vec::new();
    for (i, r) in rows.iter().enumerate() {
        match i {
            5000 => {
                text.extend_from_slice(b"\n  \r\n");
                line += 2;
            }
            6000 => {
                text.extend_from_slice(&[b'x'; 70_000]);
                text.push(b'\n');
                line += 1;
                expected.push((line, Some("longer than")));
            }
            9000 => {
                text.extend_from_slice(b"abc\xff\xfe,1\n");
                line += 1;
                expected.push((line, Some("utf-8")));
            }
            _ => {}
        }
        text.extend_from_slice(r.to_csv().as_bytes());
        text.push(b'\n');
        line += 1;
        if r.bad.is_some() {
            expected.push((line, None));
        }
    }
    expected.sort_by_key(|e| e.0);
    let bad = rows.iter().filter(|r| r.bad.is_some()).count() as u64;
    let summary = go(&db_in(&dir), text).unwrap();
    assert_eq!(summary.rows, 12_002, "blank lines are not rows");
    assert_eq!(summary.skipped, bad + 2);
    assert_eq!(summary.added, 12_000 - bad);
    let lines: Vec<u64> = summary.problems.iter().map(|p| p.line).collect();
    let wanted: Vec<u64> = expected.iter().take(10).map(|e| e.0).collect();
    assert_eq!(lines, wanted);
    for (problem, (_, reason)) in summary.problems.iter().zip(&expected) {
        if let Some(reason) = reason {
            assert!(problem.reason.contains(reason), "{problem:?}");
        }
    }
}

#[test]
fn an_endless_stream_without_a_header_is_refused_at_once() {
    // `/dev/zero`: the first line is too long to be a header; nothing more
    // is read.
    let dir = tempfile::tempdir().unwrap();
    let err = import(&db_in(&dir), io::repeat(0), "zero", |_| {
        ControlFlow::Continue(())
    })
    .unwrap_err();
    assert!(matches!(err, LibraryError::Header(_)), "{err}");
    assert!(
        err.to_string().contains("not a lichess csv header"),
        "{err}"
    );
}

/// A reader that fails after `left` bytes.
struct Failing {
    inner: Cursor<Vec<u8>>,
    left: usize,
}

impl Read for Failing {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.left == 0 {
            return Err(io::Error::other("disk on fire"));
        }
        let n = buf.len().min(self.left);
        let n = self.inner.read(&mut buf[..n])?;
        self.left -= n;
        Ok(n)
    }
}

fn assert_intact(db: &Path, first: &[SynthRow]) {
    assert!(!temp_path(db).exists(), "the temporary file is left behind");
    let library = Library::open(db).unwrap();
    assert_eq!(
        library.count(&Filter::default()).unwrap(),
        first.len() as u64
    );
    let p = library.get(&first[3].id).unwrap().unwrap();
    assert_eq!(p.rating, first[3].rating_value());
    assert_eq!(library.stats().unwrap().imports.len(), 1);
}

#[test]
fn a_reader_failing_midway_leaves_the_previous_library_intact() {
    let dir = tempfile::tempdir().unwrap();
    let db = db_in(&dir);
    let first = rows(50, 14, None);
    go(&db, csv(&first)).unwrap();

    let second = csv(&rows(9000, 15, None));
    let failing = Failing {
        left: second.len() / 2,
        inner: Cursor::new(second),
    };
    let err = import(&db, failing, "big.csv", |_| ControlFlow::Continue(())).unwrap_err();
    assert!(matches!(err, LibraryError::Io { .. }), "{err}");
    assert!(err.to_string().contains("disk on fire"), "{err}");
    assert_intact(&db, &first);
}

#[test]
fn a_cancelled_import_leaves_the_previous_library_intact() {
    let dir = tempfile::tempdir().unwrap();
    let db = db_in(&dir);
    let first = rows(50, 16, None);
    go(&db, csv(&first)).unwrap();

    let mut calls = 0;
    let err = import(
        &db,
        Cursor::new(csv(&rows(9000, 17, None))),
        "big.csv",
        |p| {
            calls += 1;
            assert!(p.bytes_read > 0);
            if p.rows >= 4096 {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        },
    )
    .unwrap_err();
    assert!(matches!(err, LibraryError::Cancelled), "{err}");
    assert_eq!(calls, 1);
    assert_intact(&db, &first);
}

#[test]
fn a_stale_temporary_file_from_a_crash_is_replaced() {
    let dir = tempfile::tempdir().unwrap();
    let db = db_in(&dir);
    std::fs::write(temp_path(&db), b"half a database").unwrap();
    let summary = go(&db, csv(&rows(20, 18, None))).unwrap();
    assert_eq!(summary.added, 20);
    assert!(!temp_path(&db).exists());
}

#[test]
fn progress_reports_rows_and_bytes_and_ends_with_the_totals() {
    let dir = tempfile::tempdir().unwrap();
    let bytes = csv(&rows(5000, 19, Some(100)));
    let total = bytes.len() as u64;
    let mut seen = Vec::new();
    go_with(&db_in(&dir), bytes, |p| seen.push(*p));
    assert!(seen.len() >= 2);
    assert!(seen.windows(2).all(|w| w[0].rows <= w[1].rows));
    let last = seen.last().unwrap();
    assert_eq!(
        (last.rows, last.skipped, last.bytes_read),
        (5000, 50, total)
    );
}

fn go_with(db: &Path, bytes: Vec<u8>, mut f: impl FnMut(&sancho::library::ImportProgress)) {
    import(db, Cursor::new(bytes), "t.csv", |p| {
        f(p);
        ControlFlow::Continue(())
    })
    .unwrap();
}

#[test]
fn a_repeated_import_updates_in_place_and_counts_each_kind() {
    let dir = tempfile::tempdir().unwrap();
    let db = db_in(&dir);
    let mut rows = rows(200, 20, None);
    go(&db, csv(&rows[..150])).unwrap();

    // The newer export: five ratings changed, one theme list changed, 50 new.
    for r in &mut rows[..5] {
        r.rating = (r.rating_value().unwrap() + 100).to_string();
    }
    rows[10].themes.push("zugzwang");
    rows[10].themes.sort_unstable();
    rows[10].themes.dedup();
    let summary = go(&db, csv(&rows)).unwrap();
    assert_eq!(
        (
            summary.rows,
            summary.added,
            summary.updated,
            summary.unchanged,
            summary.skipped
        ),
        (200, 50, 6, 144, 0)
    );
    assert_eq!(summary.duplicates, 0, "ids already stored are not repeats");
    assert_eq!(summary.puzzles, 200);

    let library = Library::open(&db).unwrap();
    let p = library.get(&rows[2].id).unwrap().unwrap();
    assert_eq!(p.rating, rows[2].rating_value());
    let z = Filter {
        themes_all: vec!["zugzwang".into()],
        ..Filter::default()
    };
    let with_z = library.pick(&z, 1500, &|_| false, 500).unwrap();
    assert!(with_z.iter().any(|p| p.id == rows[10].id));
    let stats = library.stats().unwrap();
    assert_eq!(stats.puzzles, 200);
    assert_eq!(stats.ratings.iter().map(|b| b.count).sum::<u64>(), 200);
    let tagged = rows.iter().filter(|r| !r.opening_tags.is_empty()).count();
    assert_eq!(stats.with_opening, tagged as u64);
    assert_eq!(stats.imports.len(), 2);
    assert_eq!(stats.imports[1].updated, 6);
    assert_eq!(stats.imports[1].added, 50);
    assert_tallies_agree(&db);
}

#[test]
fn a_file_that_is_not_a_library_is_never_overwritten() {
    let dir = tempfile::tempdir().unwrap();
    let db = db_in(&dir);
    std::fs::write(&db, b"my thesis, do not delete").unwrap();
    let err = go(&db, csv(&rows(10, 21, None))).unwrap_err();
    assert!(matches!(err, LibraryError::NotALibrary(_)), "{err}");
    assert_eq!(std::fs::read(&db).unwrap(), b"my thesis, do not delete");
    assert!(!temp_path(&db).exists());
}

#[test]
fn a_header_without_the_moves_column_imports_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let db = db_in(&dir);
    let text = "PuzzleId,FEN,Rating\n00001,8/8/8/8/8/8/8/8 w - - 0 1,1500\n";
    let err = go(&db, text.as_bytes().to_vec()).unwrap_err();
    assert!(matches!(err, LibraryError::Header(_)), "{err}");
    assert!(err.to_string().contains("Moves"), "{err}");
    assert!(!db.exists());
}

#[test]
fn extra_columns_and_any_column_order_are_accepted() {
    let dir = tempfile::tempdir().unwrap();
    let db = db_in(&dir);
    let rows = rows(5, 22, None);
    let mut text = String::from("DailyDate,Moves,FEN,PuzzleId,Rating,Themes\n");
    for r in &rows {
        text.push_str(&format!(
            "2025-01-01,{},{},{},{},{}\n",
            r.moves.join(" "),
            r.fen,
            r.id,
            r.rating,
            r.themes.join(" ")
        ));
    }
    assert_eq!(go(&db, text.into_bytes()).unwrap().added, 5);
    let p = Library::open(&db)
        .unwrap()
        .get(&rows[4].id)
        .unwrap()
        .unwrap();
    assert_eq!(p.themes, rows[4].themes);
    assert_eq!(p.popularity, None);
    assert!(p.opening_tags.is_empty());
}

#[test]
fn opening_a_missing_or_foreign_file_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let db = db_in(&dir);
    assert!(matches!(Library::open(&db), Err(LibraryError::Missing(_))));
    std::fs::write(&db, b"not sqlite at all").unwrap();
    assert!(matches!(
        Library::open(&db),
        Err(LibraryError::NotALibrary(_))
    ));
}

#[test]
fn an_id_repeated_within_a_file_keeps_the_last_row() {
    for existing in [false, true] {
        let dir = tempfile::tempdir().unwrap();
        let db = db_in(&dir);
        let mut rows = rows(30, 23, None);
        if existing {
            go(&db, csv(&rows[20..])).unwrap();
        }
        let mut again = rows[4].clone();
        again.rating = "2999".to_owned();
        rows.push(again);
        let summary = go(&db, csv(&rows)).unwrap();
        let (added, updated, unchanged) = if existing { (20, 1, 10) } else { (30, 1, 0) };
        assert_eq!(
            (summary.added, summary.updated, summary.unchanged),
            (added, updated, unchanged),
            "existing library: {existing}"
        );
        assert_eq!(summary.puzzles, 30);
        assert_eq!(summary.duplicates, 1, "existing library: {existing}");
        let p = Library::open(&db)
            .unwrap()
            .get(&rows[4].id)
            .unwrap()
            .unwrap();
        assert_eq!(p.rating, Some(2999));
        assert_tallies_agree(&db);
    }
}

/// The precomputed counts match a pass over the puzzles (after an update,
/// and after a file that repeats ids, they must be counted afresh).
fn assert_tallies_agree(db: &Path) {
    let library = Library::open(db).unwrap();
    let band = |lo, hi| Filter {
        rating: Some((lo, hi)),
        ..Filter::default()
    };
    let themed = Filter {
        themes_any: vec!["middlegame".into(), "endgame".into()],
        min_popularity: Some(50),
        ..Filter::default()
    };
    for f in [
        Filter::default(),
        band(2900, 3000),
        band(1000, 2000),
        themed,
    ] {
        let plain = library.count_scanning(&f).unwrap();
        assert_eq!(
            library.count_from_tallies(&f).unwrap(),
            Some(plain),
            "{f:?}"
        );
    }
}

#[test]
fn a_second_import_meanwhile_refuses_and_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let db = db_in(&dir);
    let first = rows(40, 31, None);
    go(&db, csv(&first)).unwrap();
    let before = std::fs::read(&db).unwrap();

    // Another import holds the lock (as a running one does).
    let held = std::fs::File::open(sancho::library::lock_path(&db)).unwrap();
    held.lock().unwrap();
    let error = go(&db, csv(&rows(10, 32, None))).unwrap_err();
    assert!(matches!(error, LibraryError::Busy(_)), "{error:?}");
    assert!(error.to_string().contains("another import"), "{error}");
    assert_eq!(std::fs::read(&db).unwrap(), before);
    assert!(!temp_path(&db).exists());

    // Once it is done, importing works again.
    held.unlock().unwrap();
    let summary = go(&db, csv(&rows(10, 32, None))).unwrap();
    assert_eq!(
        summary.puzzles,
        Library::open(&db)
            .unwrap()
            .count(&Filter::default())
            .unwrap()
    );
}

#[cfg(unix)]
#[test]
fn a_linked_library_is_replaced_where_it_lives() {
    let dir = tempfile::tempdir().unwrap();
    let big_drive = dir.path().join("big");
    std::fs::create_dir(&big_drive).unwrap();
    let real = big_drive.join("library.sqlite");
    go(&real, csv(&rows(20, 41, None))).unwrap();
    let link = db_in(&dir);
    std::os::unix::fs::symlink(&real, &link).unwrap();

    let summary = go(&link, csv(&rows(30, 41, None))).unwrap();
    assert_eq!(summary.puzzles, 30);
    assert!(
        std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert_eq!(
        Library::open(&real)
            .unwrap()
            .count(&Filter::default())
            .unwrap(),
        30
    );
}
