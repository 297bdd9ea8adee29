//! The progress store at its edges: unknown fields kept, a byte order
//! mark, a linked `progress.json`, reading without writing, and a lock file
//! that is not a file (issue 18, items 4, 6, 14 and 16).

use std::fs;
use std::path::Path;

use sancho::progress::{
    Attempt, FILE_NAME, LOCK_NAME, Outcome, PuzzleRef, Source, Store, StoreError, Timestamp,
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
        themes: Vec::new(),
        wrong_inputs: Vec::new(),
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
