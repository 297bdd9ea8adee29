//! The progress store: round trips, damaged and newer files, permissions,
//! export/import/reset, and crash safety under SIGKILL and concurrent writers.

use std::collections::HashSet;
use std::fs;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use sancho::progress::{
    Attempt, Damage, DrillMistake, DrillResult, FILE_NAME, Outcome, PuzzleRef, Source, Store,
    StoreError, Timestamp, TypedInput, disk,
};

fn attempt(puzzle: &str, at: i64, outcome: Outcome) -> Attempt {
    Attempt {
        puzzle: PuzzleRef::new(Source::Lichess, puzzle),
        at: Timestamp(at),
        outcome,
        time_ms: 4200,
        hints: 1,
        solution_shown: false,
        rating: Some(1600),
        rated: Some(1600).is_some(),
        themes: vec!["fork".to_owned(), "middlegame".to_owned()],
        blind: None,
        wrong_inputs: vec![TypedInput {
            input: "nf3".to_owned(),
            codes: vec!["piece-lowercase".to_owned()],
            san: None,
            candidates: Vec::new(),
        }],
        slips: Vec::new(),
        replay: false,
    }
}

fn drill(at: i64) -> DrillResult {
    DrillResult {
        kind: "write".to_owned(),
        at: Timestamp(at),
        exercises: 10,
        correct: 8,
        time_ms: 61_000,
        mistakes: vec![DrillMistake {
            code: "missing-check".to_owned(),
            answer: "Qh5+".to_owned(),
            input: None,
        }],
        coordinates: None,
    }
}

fn open(dir: &Path) -> Store {
    let opened = Store::open(dir, Timestamp(1_000)).expect("open");
    assert!(
        opened.notice.is_none(),
        "unexpected notice: {:?}",
        opened.notice
    );
    opened.store
}

/// Names of the files in `dir` that start with `prefix`.
fn files_starting(dir: &Path, prefix: &str) -> Vec<PathBuf> {
    let mut found: Vec<PathBuf> = fs::read_dir(dir)
        .expect("read dir")
        .map(|e| e.expect("entry").path())
        .filter(|p| {
            p.file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with(prefix))
        })
        .collect();
    found.sort();
    found
}

#[test]
fn round_trip_keeps_everything() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = open(dir.path());
    let a = store
        .record_attempt(attempt("abc12", 100, Outcome::Solved))
        .unwrap();
    let b = store
        .record_attempt(attempt("xyz99", 200, Outcome::Failed))
        .unwrap();
    assert_ne!(a, b);
    store.record_drill(drill(300)).unwrap();
    assert!(store.complete_lesson("lesson-1").unwrap());
    assert!(!store.complete_lesson("lesson-1").unwrap());
    let before = store.progress().clone();
    drop(store);

    let reopened = open(dir.path());
    assert_eq!(reopened.progress(), &before);
    assert_eq!(reopened.progress().attempts().len(), 2);
    assert_eq!(
        reopened.progress().attempt(&a),
        Some(&attempt("abc12", 100, Outcome::Solved))
    );
    assert_eq!(reopened.progress().drills().len(), 1);
    assert!(reopened.progress().lessons().contains("lesson-1"));
    let text = fs::read_to_string(dir.path().join(FILE_NAME)).unwrap();
    assert!(text.starts_with("{\"schema\":2,"), "{text}");
    // No temporary files are left behind.
    assert!(files_starting(dir.path(), ".progress-").is_empty());
}

#[test]
fn missing_directory_is_created() {
    let dir = tempfile::tempdir().unwrap();
    let nested = dir.path().join("a").join("b");
    let mut store = open(&nested);
    store
        .record_attempt(attempt("p", 1, Outcome::Solved))
        .unwrap();
    assert!(nested.join(FILE_NAME).exists());
}

/// Writes `bytes` as progress.json, opens, and checks the file was moved
/// aside whole with the expected damage and a fresh store started.
fn check_damaged(bytes: &[u8], expected: impl Fn(&Damage) -> bool) {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join(FILE_NAME), bytes).unwrap();
    let opened = Store::open(dir.path(), Timestamp(1_700_000_000)).expect("open");
    let notice = opened.notice.expect("a notice");
    assert!(expected(&notice.damage), "damage was {:?}", notice.damage);
    assert_eq!(
        notice.moved_to,
        dir.path().join("progress.corrupt-1700000000.json")
    );
    assert_eq!(fs::read(&notice.moved_to).unwrap(), bytes);
    assert!(
        notice
            .to_string()
            .contains("progress.corrupt-1700000000.json")
    );
    assert!(opened.store.progress().is_empty());
    assert!(!dir.path().join(FILE_NAME).exists());

    // The fresh store works and the moved file stays.
    let mut store = opened.store;
    store
        .record_attempt(attempt("p", 1, Outcome::Solved))
        .unwrap();
    assert_eq!(fs::read(&notice.moved_to).unwrap(), bytes);
    assert_eq!(open(dir.path()).progress().attempts().len(), 1);
}

#[test]
fn empty_file_is_moved_aside() {
    check_damaged(b"", |d| *d == Damage::Empty);
}

#[test]
fn truncated_file_is_moved_aside() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = open(dir.path());
    store
        .record_attempt(attempt("abc12", 100, Outcome::Solved))
        .unwrap();
    let whole = fs::read(dir.path().join(FILE_NAME)).unwrap();
    drop(store);
    check_damaged(&whole[..whole.len() / 2], |d| *d == Damage::Truncated);
}

#[test]
fn corrupt_file_is_moved_aside() {
    check_damaged(b"{\"schema\":1,\"attempts\":[{\"id\":7}]}", |d| {
        matches!(d, Damage::Corrupt(_))
    });
    check_damaged(b"\x00\x01garbage", |d| matches!(d, Damage::Corrupt(_)));
}

#[test]
fn second_corruption_at_same_time_gets_another_name() {
    let dir = tempfile::tempdir().unwrap();
    for expected in ["progress.corrupt-5.json", "progress.corrupt-5-1.json"] {
        fs::write(dir.path().join(FILE_NAME), b"nonsense").unwrap();
        let opened = Store::open(dir.path(), Timestamp(5)).unwrap();
        assert_eq!(opened.notice.unwrap().moved_to, dir.path().join(expected));
    }
}

#[test]
fn corruption_found_while_recording_is_reported() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = open(dir.path());
    store
        .record_attempt(attempt("a", 10, Outcome::Solved))
        .unwrap();
    fs::write(dir.path().join(FILE_NAME), b"{\"schema\":1,").unwrap();
    store
        .record_attempt(attempt("b", 20, Outcome::Solved))
        .unwrap();
    let notice = store.take_notice().expect("notice");
    assert_eq!(notice.damage, Damage::Truncated);
    assert_eq!(fs::read(notice.moved_to).unwrap(), b"{\"schema\":1,");
    assert_eq!(store.progress().attempts().len(), 1);
}

const FUTURE: &[u8] = b"{\"schema\":3,\"attempts\":[{\"whatever\":\"new\"}],\"extra\":{}}";

#[test]
fn future_schema_is_left_untouched() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join(FILE_NAME);
    fs::write(&file, FUTURE).unwrap();
    let error = Store::open(dir.path(), Timestamp(1)).unwrap_err();
    assert!(
        matches!(
            error,
            StoreError::NewerSchema {
                found: 3,
                supported: 2,
                ..
            }
        ),
        "{error:?}"
    );
    assert!(
        error.to_string().ends_with(
            "progress.json was written by a newer Sancho (schema 3, this one reads 2); it was left untouched"
        ),
        "{error}"
    );
    assert_eq!(fs::read(&file).unwrap(), FUTURE);
    assert_eq!(files_starting(dir.path(), "progress.").len(), 2); // json + lock
}

#[test]
fn future_schema_appearing_later_is_never_overwritten() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join(FILE_NAME);
    let mut store = open(dir.path());
    store
        .record_attempt(attempt("a", 10, Outcome::Solved))
        .unwrap();
    // A newer Sancho writes while this one is open.
    fs::write(&file, FUTURE).unwrap();
    let error = store
        .record_attempt(attempt("b", 20, Outcome::Solved))
        .unwrap_err();
    assert!(matches!(error, StoreError::NewerSchema { found: 3, .. }));
    assert!(matches!(
        store.reset(Timestamp(30)).unwrap_err(),
        StoreError::NewerSchema { .. }
    ));
    let export = dir.path().join("export.json");
    assert!(store.export(&export).is_err());
    assert_eq!(fs::read(&file).unwrap(), FUTURE);
    assert!(files_starting(dir.path(), "progress.backup").is_empty());
    assert!(files_starting(dir.path(), "progress.corrupt").is_empty());
}

#[cfg(unix)]
#[test]
fn unwritable_directory_is_a_clear_error() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    fs::create_dir(&data).unwrap();
    fs::set_permissions(&data, fs::Permissions::from_mode(0o500)).unwrap();
    // Root ignores permissions: find out by trying.
    if fs::write(data.join("probe"), b"x").is_ok() {
        // Covered as root by data_directory_or_file_of_the_wrong_kind_is_a_clear_error.
        eprintln!("skipped: permissions are not enforced (running as root?)");
        return;
    }
    let error = Store::open(&data, Timestamp(1)).unwrap_err();
    assert!(matches!(error, StoreError::DataDir { .. }), "{error:?}");
    let message = error.to_string();
    assert!(
        message.starts_with("cannot use the data directory "),
        "{message}"
    );
    assert!(message.contains(&data.display().to_string()), "{message}");

    // A store opened while writable fails cleanly when it stops being so.
    fs::set_permissions(&data, fs::Permissions::from_mode(0o700)).unwrap();
    let mut store = open(&data);
    store
        .record_attempt(attempt("a", 1, Outcome::Solved))
        .unwrap();
    let before = fs::read(data.join(FILE_NAME)).unwrap();
    fs::set_permissions(&data, fs::Permissions::from_mode(0o500)).unwrap();
    let error = store
        .record_attempt(attempt("b", 2, Outcome::Solved))
        .unwrap_err();
    fs::set_permissions(&data, fs::Permissions::from_mode(0o700)).unwrap();
    assert!(matches!(error, StoreError::Write { .. }), "{error:?}");
    assert!(error.to_string().contains("progress.json"), "{error}");
    assert_eq!(fs::read(data.join(FILE_NAME)).unwrap(), before);
}

/// The same failures as [`unwritable_directory_is_a_clear_error`], made
/// so that they happen as root too (root ignores permission bits): a file
/// where the data directory should be, and a directory where
/// `progress.json` should be.
#[test]
fn data_directory_or_file_of_the_wrong_kind_is_a_clear_error() {
    let dir = tempfile::tempdir().unwrap();
    let not_a_dir = dir.path().join("data");
    fs::write(&not_a_dir, b"a file").unwrap();
    let error = Store::open(&not_a_dir, Timestamp(1)).unwrap_err();
    assert!(matches!(error, StoreError::DataDir { .. }), "{error:?}");
    let message = error.to_string();
    assert!(
        message.starts_with("cannot use the data directory "),
        "{message}"
    );
    assert!(
        message.contains(&not_a_dir.display().to_string()),
        "{message}"
    );
    assert_eq!(fs::read(&not_a_dir).unwrap(), b"a file");

    // A store opened while all is well fails cleanly when a directory takes
    // the place of its file, and leaves what is there untouched.
    let data = dir.path().join("store");
    let mut store = open(&data);
    store
        .record_attempt(attempt("a", 1, Outcome::Solved))
        .unwrap();
    let file = data.join(FILE_NAME);
    fs::remove_file(&file).unwrap();
    fs::create_dir(&file).unwrap();
    fs::write(file.join("keep"), b"kept").unwrap();
    let error = store
        .record_attempt(attempt("b", 2, Outcome::Solved))
        .unwrap_err();
    assert!(matches!(error, StoreError::Read { .. }), "{error:?}");
    assert!(error.to_string().contains(FILE_NAME), "{error}");
    assert_eq!(fs::read(file.join("keep")).unwrap(), b"kept");
}

#[test]
fn export_then_import_merges_by_id() {
    let one = tempfile::tempdir().unwrap();
    let two = tempfile::tempdir().unwrap();
    let mut first = open(one.path());
    let mut second = open(two.path());
    let shared = first
        .record_attempt(attempt("shared", 10, Outcome::Solved))
        .unwrap();
    first
        .record_attempt(attempt("only-first", 20, Outcome::Failed))
        .unwrap();
    first.complete_lesson("lesson-2").unwrap();
    let export = one.path().join("copy.json");
    first.export(&export).unwrap();
    assert_eq!(
        fs::read(&export).unwrap(),
        fs::read(one.path().join(FILE_NAME)).unwrap()
    );

    second
        .record_attempt(attempt("only-second", 30, Outcome::Solved))
        .unwrap();
    second.record_drill(drill(40)).unwrap();
    let summary = second.import(&export).unwrap();
    assert_eq!(summary.attempts_new, 2);
    assert_eq!(summary.attempts_known, 0);
    assert_eq!(summary.lessons_new, 1);
    assert_eq!(second.progress().attempts().len(), 3);
    assert!(second.progress().attempt(&shared).is_some());

    // Importing again adds nothing.
    let again = second.import(&export).unwrap();
    assert_eq!((again.attempts_new, again.attempts_known), (0, 2));
    assert_eq!(open(two.path()).progress().attempts().len(), 3);

    // And the other way round: the union is the same.
    second.export(&two.path().join("copy.json")).unwrap();
    let back = first.import(&two.path().join("copy.json")).unwrap();
    assert_eq!((back.attempts_new, back.drills_new), (1, 1));
    assert_eq!(first.progress(), second.progress());
}

#[test]
fn import_refuses_damaged_and_newer_files() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = open(dir.path());
    let bad = dir.path().join("bad.json");
    fs::write(&bad, b"{\"schema\":1,\"attempts\":[").unwrap();
    let error = store.import(&bad).unwrap_err();
    assert!(matches!(
        error,
        StoreError::ImportDamaged {
            damage: Damage::Truncated,
            ..
        }
    ));
    assert!(error.to_string().contains("bad.json"));
    let newer = dir.path().join("newer.json");
    fs::write(&newer, FUTURE).unwrap();
    assert!(matches!(
        store.import(&newer).unwrap_err(),
        StoreError::NewerSchema { found: 3, .. }
    ));
    assert!(matches!(
        store.import(&dir.path().join("missing.json")).unwrap_err(),
        StoreError::Read { .. }
    ));
    // Nothing was moved: import never touches the file it reads.
    assert_eq!(fs::read(&newer).unwrap(), FUTURE);
}

#[test]
fn reset_keeps_a_backup() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = open(dir.path());
    assert_eq!(store.reset(Timestamp(5)).unwrap(), None);
    store
        .record_attempt(attempt("a", 10, Outcome::Solved))
        .unwrap();
    let before = fs::read(dir.path().join(FILE_NAME)).unwrap();
    let backup = store.reset(Timestamp(77)).unwrap().expect("a backup");
    assert_eq!(backup, dir.path().join("progress.backup-77.json"));
    assert_eq!(fs::read(&backup).unwrap(), before);
    assert!(store.progress().is_empty());
    assert!(open(dir.path()).progress().is_empty());
    // The backup is a normal document that can be imported back.
    assert_eq!(store.import(&backup).unwrap().attempts_new, 1);
}

#[test]
fn two_stores_in_one_process_keep_each_others_records() {
    let dir = tempfile::tempdir().unwrap();
    let mut a = open(dir.path());
    let mut b = open(dir.path());
    for i in 0..5 {
        a.record_attempt(attempt(&format!("a{i}"), i, Outcome::Solved))
            .unwrap();
        b.record_attempt(attempt(&format!("b{i}"), i, Outcome::Failed))
            .unwrap();
    }
    assert_eq!(a.progress().attempts().len(), 9);
    assert_eq!(b.progress().attempts().len(), 10);
    // A reset made by one is not undone by the other's next save.
    a.reset(Timestamp(100)).unwrap();
    b.record_attempt(attempt("after", 200, Outcome::Solved))
        .unwrap();
    assert_eq!(open(dir.path()).progress().attempts().len(), 1);
}

// ---------------------------------------------------------------------------
// Crash safety: child processes that record in a loop.

const WRITER_DIR: &str = "SANCHO_TEST_PROGRESS_WRITER_DIR";
const WRITER_COUNT: &str = "SANCHO_TEST_PROGRESS_WRITER_COUNT";
const SAVED: &str = "saved ";
const READY: &str = "writer ready";

/// Not a test: the writer child. Records attempts into `$WRITER_DIR`
/// (`$WRITER_COUNT` of them, or until killed), printing each saved id.
#[test]
#[ignore = "helper process for the kill and concurrency tests"]
fn progress_writer_child() {
    let Some(dir) = std::env::var_os(WRITER_DIR) else {
        return;
    };
    let count: u64 = std::env::var(WRITER_COUNT)
        .ok()
        .and_then(|c| c.parse().ok())
        .unwrap_or(u64::MAX);
    let mut store = Store::open(Path::new(&dir), Timestamp(1))
        .expect("open")
        .store;
    let stdout = std::io::stdout();
    {
        let mut out = stdout.lock();
        writeln!(out, "{READY}").expect("stdout");
        out.flush().expect("flush");
    }
    let pid = std::process::id();
    for i in 0..count {
        let id = store
            .record_attempt(attempt(
                &format!("p{pid}-{i}"),
                1_000 + i as i64,
                Outcome::Solved,
            ))
            .expect("record");
        let mut out = stdout.lock();
        writeln!(out, "{SAVED}{id}").expect("stdout");
        out.flush().expect("flush");
    }
}

fn writer(dir: &Path, count: Option<u32>) -> Command {
    let mut command = Command::new(std::env::current_exe().unwrap());
    command
        .args([
            "--exact",
            "progress_store::progress_writer_child",
            "--ignored",
            "--nocapture",
        ])
        .env(WRITER_DIR, dir)
        .stdout(Stdio::piped())
        .stderr(Stdio::null());
    if let Some(count) = count {
        command.env(WRITER_COUNT, count.to_string());
    }
    command
}

fn saved_ids(output: &str) -> Vec<String> {
    output
        .lines()
        .filter_map(|line| line.strip_prefix(SAVED))
        .map(str::to_owned)
        .collect()
}

/// The ids in the document, which must parse whole.
fn ids_on_disk(dir: &Path) -> HashSet<String> {
    let Ok(bytes) = fs::read(dir.join(FILE_NAME)) else {
        return HashSet::new();
    };
    let file: disk::ProgressFile = serde_json::from_slice(&bytes).expect("a whole document");
    file.attempts.into_iter().map(|a| a.id).collect()
}

/// A small xorshift generator seeded from std's random hasher keys.
struct Rng(u64);

impl Rng {
    fn new() -> Self {
        use std::hash::{BuildHasher, Hasher};
        let seed = std::collections::hash_map::RandomState::new()
            .build_hasher()
            .finish();
        eprintln!("rng seed {seed}");
        Rng(seed | 1)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
}

#[test]
fn sigkill_at_random_moments_loses_nothing_saved() {
    const TRIALS: usize = 200;
    let started = Instant::now();
    let mut rng = Rng::new();
    let mut dir = tempfile::tempdir().unwrap();
    let mut reported: HashSet<String> = HashSet::new();
    let mut total_reported = 0;
    let mut kills_after_saves = 0;
    for trial in 0..TRIALS {
        // A fresh directory now and then keeps the document small and fast.
        if trial % 50 == 0 {
            dir = tempfile::tempdir().unwrap();
            reported.clear();
        }
        let mut child = writer(dir.path(), None).spawn().unwrap();
        let mut stdout = BufReader::new(child.stdout.take().unwrap());
        // Wait until the child has opened the store (and so started
        // writing) or, every other trial, until it has saved once (so that
        // the test means something on a loaded machine too), then kill it
        // 1 to 15 ms later.
        let mut output = String::new();
        let mark = if trial % 2 == 0 { READY } else { SAVED };
        while !output.contains(mark) {
            assert!(stdout.read_line(&mut output).unwrap() > 0, "child died");
        }
        std::thread::sleep(Duration::from_millis(1 + rng.below(15)));
        child.kill().unwrap();
        stdout.read_to_string(&mut output).unwrap();
        child.wait().unwrap();
        let saved = saved_ids(&output);
        // A trial that waited for a save must find it in the output: the
        // test proves nothing if the children's saves go unseen.
        assert!(
            mark != SAVED || !saved.is_empty(),
            "trial {trial}: no saved id in {output:?}"
        );
        if !saved.is_empty() {
            kills_after_saves += 1;
        }
        total_reported += saved.len();
        reported.extend(saved);

        let on_disk = ids_on_disk(dir.path());
        let lost: Vec<&String> = reported.difference(&on_disk).collect();
        assert!(lost.is_empty(), "trial {trial}: lost {lost:?}");
        assert!(files_starting(dir.path(), "progress.corrupt").is_empty());
    }
    eprintln!(
        "{TRIALS} kills, {kills_after_saves} after at least one save, {total_reported} saves, {:?}",
        started.elapsed()
    );
    // The next open cleans up temporary files left by killed writers.
    drop(open(dir.path()));
    assert!(files_starting(dir.path(), ".progress-").is_empty());
}

#[test]
fn two_processes_recording_at_once_lose_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let children: Vec<_> = (0..2)
        .map(|_| writer(dir.path(), Some(100)).spawn().unwrap())
        .collect();
    let mut reported = HashSet::new();
    for mut child in children {
        let stdout = child.stdout.take().unwrap();
        let lines: Vec<String> = BufReader::new(stdout).lines().map(Result::unwrap).collect();
        assert!(child.wait().unwrap().success());
        let saved = saved_ids(&lines.join("\n"));
        assert_eq!(saved.len(), 100);
        reported.extend(saved);
    }
    assert_eq!(reported.len(), 200);
    let on_disk = ids_on_disk(dir.path());
    let lost: Vec<&String> = reported.difference(&on_disk).collect();
    assert!(lost.is_empty(), "lost {} of 200: {lost:?}", lost.len());
    assert_eq!(on_disk.len(), 200);
}

#[test]
fn a_recorded_attempt_says_how_it_moved_the_rating() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = open(dir.path());
    let mut clean = attempt("r1", 100, Outcome::Solved);
    clean.hints = 0;
    let first = store.record_rated_attempt(clean.clone()).unwrap();
    assert!(first.rated);
    assert_eq!(first.rating_before, 1500.0);
    assert!(first.rating_after > first.rating_before);
    assert_eq!(first.rating_after, store.progress().rating().rating);
    assert!(first.describe().starts_with('+'), "{}", first.describe());
    // On disk when it returns: a fresh store reads it.
    assert_eq!(open(dir.path()).progress().attempts().len(), 1);
    // The same puzzle again is not rated.
    clean.at = Timestamp(200);
    let again = store.record_rated_attempt(clean).unwrap();
    assert!(!again.rated);
    assert_eq!(again.rating_before, again.rating_after);
    // A failure lowers it.
    let lost = store
        .record_rated_attempt(attempt("r2", 300, Outcome::Failed))
        .unwrap();
    assert!(lost.rated && lost.rating_after < lost.rating_before);
}

#[test]
fn a_lesson_is_completed_only_when_passed() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = open(dir.path());
    let result = |at: i64, correct: u32| DrillResult {
        kind: "lesson-1".to_owned(),
        at: Timestamp(at),
        exercises: 5,
        correct,
        time_ms: 1,
        mistakes: vec![],
        coordinates: None,
    };
    let failed = store.record_lesson("lesson-1", 5, result(1, 0)).unwrap();
    assert!(!failed.completed);
    assert_eq!(failed.best.percent(), 0);
    let better = store.record_lesson("lesson-1", 5, result(2, 3)).unwrap();
    assert!(!better.completed);
    assert_eq!(better.best.percent(), 60);
    assert!(store.progress().lessons().is_empty());
    let passed = store.record_lesson("lesson-1", 5, result(3, 4)).unwrap();
    assert!(passed.completed);
    assert!(open(dir.path()).progress().lessons().contains("lesson-1"));
}
