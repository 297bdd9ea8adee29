//! The progress store at its edges: unknown fields kept, a byte order
//! mark, a linked `progress.json`, reading without writing, and a lock file
//! that is not a file (issue 18, items 4, 6, 14 and 16); the optional
//! `coordinates` key of drill records (issue 15).

use std::fs;
use std::path::Path;

use sancho::progress::{
    Attempt, CoordColour, CoordMode, CoordSetup, FILE_NAME, LOCK_NAME, Outcome, PuzzleRef, Source,
    Store, StoreError, Timestamp,
};

fn attempt(puzzle: &str, at: i64) -> Attempt {
    Attempt {
        puzzle: PuzzleRef {
            source: Source::Lichess,
            id: puzzle.to_owned(),
        },
        at: Timestamp(at),
        outcome: Outcome::Solved,
        time_ms: 1000,
        hints: 0,
        solution_shown: false,
        rating: Some(1500),
        rated: Some(1500).is_some(),
        themes: Vec::new(),
        blind: None,
        wrong_inputs: Vec::new(),
        slips: Vec::new(),
        replay: false,
    }
}

fn open(dir: &Path) -> Store {
    let opened = Store::open(dir, Timestamp(1_000)).expect("open");
    assert!(opened.notice.is_none(), "{:?}", opened.notice);
    opened.store
}

fn document(dir: &Path) -> serde_json::Value {
    serde_json::from_slice(&fs::read(dir.join(FILE_NAME)).unwrap()).unwrap()
}

#[test]
fn unknown_top_level_fields_survive_a_rewrite() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(
        dir.path().join(FILE_NAME),
        br#"{"schema":1,"attempts":[],"goals":{"daily":5},"settings":[1,"two"]}"#,
    )
    .unwrap();
    let mut store = open(dir.path());
    store.record_attempt(attempt("a", 10)).unwrap();
    store.complete_lesson("lesson-1").unwrap();
    let doc = document(dir.path());
    assert_eq!(doc["goals"], serde_json::json!({"daily": 5}));
    assert_eq!(doc["settings"], serde_json::json!([1, "two"]));
    assert_eq!(doc["attempts"].as_array().unwrap().len(), 1);

    // An export carries them too; a reset starts without them.
    let copy = dir.path().join("copy.json");
    store.export(&copy).unwrap();
    let exported: serde_json::Value = serde_json::from_slice(&fs::read(&copy).unwrap()).unwrap();
    assert_eq!(exported["goals"], doc["goals"]);
    store.reset(Timestamp(2_000)).unwrap();
    assert!(document(dir.path()).get("goals").is_none());

    // Merging a file with unknown fields keeps those ours lacks.
    store.import(&copy).unwrap();
    let doc = document(dir.path());
    assert_eq!(doc["goals"], serde_json::json!({"daily": 5}));
    assert_eq!(store.progress().attempts().len(), 1);
}

#[test]
fn a_byte_order_mark_is_accepted() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = open(dir.path());
    store.record_attempt(attempt("a", 10)).unwrap();
    drop(store);
    let mut bytes = b"\xEF\xBB\xBF".to_vec();
    bytes.extend(fs::read(dir.path().join(FILE_NAME)).unwrap());
    fs::write(dir.path().join(FILE_NAME), &bytes).unwrap();
    let store = open(dir.path());
    assert_eq!(store.progress().attempts().len(), 1);
}

#[cfg(unix)]
#[test]
fn a_linked_progress_file_is_written_through_the_link() {
    use std::os::unix::fs::symlink;
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let synced = dir.path().join("synced");
    fs::create_dir_all(&data).unwrap();
    fs::create_dir_all(&synced).unwrap();
    let mut first = open(&synced);
    first.record_attempt(attempt("old", 5)).unwrap();
    drop(first);
    symlink(synced.join(FILE_NAME), data.join(FILE_NAME)).unwrap();

    let mut store = open(&data);
    assert_eq!(store.progress().attempts().len(), 1);
    store.record_attempt(attempt("new", 10)).unwrap();
    assert!(
        fs::symlink_metadata(data.join(FILE_NAME))
            .unwrap()
            .file_type()
            .is_symlink(),
        "the link was replaced by a file"
    );
    let target = document(&synced);
    assert_eq!(target["attempts"].as_array().unwrap().len(), 2);

    // Damage behind the link is moved aside beside the target, link kept.
    fs::write(synced.join(FILE_NAME), b"nonsense").unwrap();
    let opened = Store::open(&data, Timestamp(7)).unwrap();
    let notice = opened.notice.expect("a notice");
    assert_eq!(notice.moved_to, synced.join("progress.corrupt-7.json"));
    let mut store = opened.store;
    store.record_attempt(attempt("after", 20)).unwrap();
    assert!(
        fs::symlink_metadata(data.join(FILE_NAME))
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert_eq!(document(&synced)["attempts"].as_array().unwrap().len(), 1);

    // An export to a link writes the link's target too.
    let exported = dir.path().join("exported.json");
    fs::write(&exported, b"old").unwrap();
    let link = dir.path().join("export-link.json");
    symlink(&exported, &link).unwrap();
    store.export(&link).unwrap();
    assert!(
        fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    let copy: serde_json::Value = serde_json::from_slice(&fs::read(&exported).unwrap()).unwrap();
    assert_eq!(copy["attempts"].as_array().unwrap().len(), 1);
}

#[cfg(unix)]
#[test]
fn a_dangling_link_never_starts_a_fresh_record() {
    use std::os::unix::fs::symlink;
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    fs::create_dir_all(&data).unwrap();
    let missing = dir.path().join("unmounted").join(FILE_NAME);
    symlink(&missing, data.join(FILE_NAME)).unwrap();
    for error in [
        Store::open(&data, Timestamp(1)).unwrap_err(),
        Store::open_for_reading(&data, Timestamp(1)).unwrap_err(),
    ] {
        assert!(
            matches!(error, StoreError::DanglingLink { .. }),
            "{error:?}"
        );
        let message = error.to_string();
        assert!(message.contains("unmounted"), "{message}");
        assert!(message.contains("does not exist"), "{message}");
    }
    assert!(!missing.exists());
    assert!(
        fs::symlink_metadata(data.join(FILE_NAME))
            .unwrap()
            .file_type()
            .is_symlink()
    );
}

#[test]
fn reading_creates_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let absent = dir.path().join("never-made");
    let opened = Store::open_for_reading(&absent, Timestamp(1)).unwrap();
    assert!(opened.store.progress().is_empty());
    assert!(!absent.exists(), "reading created the data directory");

    // A directory holding only progress.json (as a read-only one would) is
    // read without a lock file or temporary file being made.
    let data = dir.path().join("data");
    let mut store = open(&data);
    store.record_attempt(attempt("a", 10)).unwrap();
    drop(store);
    fs::remove_file(data.join(LOCK_NAME)).unwrap();
    let mut reader = Store::open_for_reading(&data, Timestamp(1)).unwrap().store;
    assert_eq!(reader.progress().attempts().len(), 1);
    let copy = dir.path().join("copy.json");
    reader.export(&copy).unwrap();
    let names: Vec<_> = fs::read_dir(&data)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names, vec![std::ffi::OsString::from(FILE_NAME)]);

    // A damaged file is still moved aside (the directory is writable here).
    fs::write(data.join(FILE_NAME), b"{").unwrap();
    let opened = Store::open_for_reading(&data, Timestamp(9)).unwrap();
    assert!(opened.notice.is_some());
    assert!(data.join("progress.corrupt-9.json").exists());
}

#[test]
fn a_lock_file_that_is_a_directory_is_named() {
    let dir = tempfile::tempdir().unwrap();
    fs::create_dir(dir.path().join(LOCK_NAME)).unwrap();
    let error = Store::open(dir.path(), Timestamp(1)).unwrap_err();
    assert!(matches!(error, StoreError::Lock { .. }), "{error:?}");
    assert!(error.to_string().contains(LOCK_NAME), "{error}");
}

fn coordinates_run(at: i64, correct: u32, setup: &CoordSetup) -> sancho::progress::DrillResult {
    sancho::progress::DrillResult {
        kind: "coordinates".to_owned(),
        at: Timestamp(at),
        exercises: correct + 1,
        correct,
        time_ms: 30_000,
        mistakes: vec![],
        coordinates: Some(setup.clone()),
    }
}

#[test]
fn coordinates_bests_and_last_20_scores_survive_a_reopen() {
    let dir = tempfile::tempdir().unwrap();
    let find_white = CoordSetup {
        mode: CoordMode::Find,
        colour: CoordColour::White,
        timed: true,
        files: "a-h".to_owned(),
        ranks: "1-8".to_owned(),
        hidden: false,
        stopped: false,
    };
    let limited = CoordSetup {
        files: "a-d".to_owned(),
        ..find_white.clone()
    };
    let as_black = CoordSetup {
        colour: CoordColour::Black,
        ..find_white.clone()
    };
    {
        let mut store = open(dir.path());
        // 25 whole-board runs scoring 1..=25, in time order, but the best
        // (25) recorded first.
        store
            .record_drill(coordinates_run(2_025, 25, &find_white))
            .unwrap();
        for n in 1..25 {
            store
                .record_drill(coordinates_run(2_000 + n, n as u32, &find_white))
                .unwrap();
        }
        // A part of the board scores more, yet sets no best.
        store
            .record_drill(coordinates_run(3_000, 40, &limited))
            .unwrap();
        store
            .record_drill(coordinates_run(3_001, 7, &as_black))
            .unwrap();
        // A run stopped before its end scores more, yet sets no best.
        let stopped = CoordSetup {
            stopped: true,
            ..as_black.clone()
        };
        store
            .record_drill(coordinates_run(3_003, 9, &stopped))
            .unwrap();
        let mut write = coordinates_run(3_002, 8, &find_white);
        write.kind = "write".to_owned();
        write.coordinates = None;
        store.record_drill(write).unwrap();
    }
    let store = open(dir.path());
    let records = store.progress().coordinate_records();
    assert_eq!(records.len(), 2, "{records:?}");
    let white = store.progress().coordinate_record(&find_white);
    assert_eq!(white.runs, 26);
    assert_eq!(white.best, Some(25));
    let recent: Vec<u32> = (6..=25).chain([40]).collect();
    assert_eq!(white.recent, recent[1..], "the last 20, oldest first");
    let black = store.progress().coordinate_record(&as_black);
    assert_eq!(
        (black.runs, black.best, black.recent.clone()),
        (2, Some(7), vec![7, 9])
    );
    // The stats carry them, and say them in words with a chart.
    let stats = store.progress().stats(Timestamp(4_000));
    assert_eq!(stats.coordinates, records);
    let text = stats.to_string();
    assert!(text.contains("Coordinates:"), "{text}");
    assert!(
        text.contains("find, timed, as black: best 7; last 2: 7 9 ▆█"),
        "{text}"
    );
    // On disk: an optional key on coordinates drills only.
    let raw = document(dir.path());
    let drills = raw["drills"].as_array().unwrap();
    let with_key = drills
        .iter()
        .filter(|d| d.get("coordinates").is_some())
        .count();
    assert_eq!((drills.len(), with_key), (29, 28));
    let one = drills
        .iter()
        .find(|d| d["coordinates"]["files"] == "a-d")
        .unwrap();
    assert_eq!(one["coordinates"]["mode"], "find");
    assert_eq!(one["coordinates"]["colour"], "white");
    assert_eq!(one["coordinates"]["timed"], true);
}

// ---- Where an export may go (issue 28, item 8) ----

#[cfg(unix)]
fn mkfifo(path: &Path) {
    let made = std::process::Command::new("mkfifo")
        .arg(path)
        .status()
        .expect("mkfifo");
    assert!(made.success());
}

#[test]
fn an_export_never_replaces_the_stores_own_files_or_a_device() {
    use sancho::progress::ExportRefusal;
    let dir = tempfile::tempdir().unwrap();
    let mut store = open(dir.path());
    store.record_attempt(attempt("a", 1_000)).unwrap();
    let before = fs::read(dir.path().join(FILE_NAME)).unwrap();
    let lock = dir.path().join(LOCK_NAME);
    // The lock, the document, and the document by another name (a link).
    #[cfg(unix)]
    std::os::unix::fs::symlink(dir.path().join(FILE_NAME), dir.path().join("alias.json")).unwrap();
    let mut own = vec![lock.clone(), dir.path().join(FILE_NAME)];
    #[cfg(unix)]
    own.push(dir.path().join("alias.json"));
    for path in own {
        let err = store.export(&path).unwrap_err();
        assert!(
            matches!(
                err,
                StoreError::ExportRefused {
                    reason: ExportRefusal::OwnFile,
                    ..
                }
            ),
            "{path:?}: {err}"
        );
    }
    assert!(fs::metadata(&lock).unwrap().is_file());
    assert_eq!(fs::read(dir.path().join(FILE_NAME)).unwrap(), before);
    // A directory and a device are refused, and left as they were.
    let err = store.export(dir.path()).unwrap_err();
    assert_eq!(
        err.to_string(),
        format!(
            "cannot export to {}: it is a directory; an export goes to a file, a pipe, or - for standard output",
            dir.path().display()
        )
    );
    #[cfg(unix)]
    {
        let err = store.export(Path::new("/dev/null")).unwrap_err();
        assert!(
            err.to_string().contains("it is a character device"),
            "{err}"
        );
        assert!(!fs::metadata("/dev/null").unwrap().is_file());
    }
    // The lock still works: another store records under it.
    let mut other = open(dir.path());
    other.record_attempt(attempt("b", 2_000)).unwrap();
    assert_eq!(
        document(dir.path())["attempts"].as_array().unwrap().len(),
        2
    );
}

#[test]
fn an_export_replaces_a_file_keeps_a_link_and_writes_through_a_pipe() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = open(dir.path());
    store.record_attempt(attempt("a", 1_000)).unwrap();
    let expected = fs::read(dir.path().join(FILE_NAME)).unwrap();
    let out = tempfile::tempdir().unwrap();
    // A new file, and a file replaced whole.
    let file = out.path().join("copy.json");
    store.export(&file).unwrap();
    fs::write(&file, "x".repeat(100_000)).unwrap();
    store.export(&file).unwrap();
    assert_eq!(fs::read(&file).unwrap(), expected);
    #[cfg(unix)]
    {
        // A link to a file: the target is replaced, the link kept.
        let link = out.path().join("link.json");
        std::os::unix::fs::symlink(&file, &link).unwrap();
        fs::write(&file, "old").unwrap();
        store.export(&link).unwrap();
        assert!(
            fs::symlink_metadata(&link)
                .unwrap()
                .file_type()
                .is_symlink()
        );
        assert_eq!(fs::read(&file).unwrap(), expected);
        // A FIFO is written through and stays a FIFO.
        let fifo = out.path().join("fifo");
        mkfifo(&fifo);
        let reader = {
            let fifo = fifo.clone();
            std::thread::spawn(move || fs::read(fifo).unwrap())
        };
        store.export(&fifo).unwrap();
        assert_eq!(reader.join().unwrap(), expected);
        use std::os::unix::fs::FileTypeExt;
        assert!(fs::metadata(&fifo).unwrap().file_type().is_fifo());
    }
}
