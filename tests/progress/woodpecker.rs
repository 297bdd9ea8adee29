//! Woodpecker sets: cycles, their figures and goals (times injected), and
//! sets kept in `progress.json` (persisted, merged, kept by older files).

use sancho::progress::disk::{self, SourceRecord};
use sancho::progress::{
    Progress, PuzzleSet, SECONDS_PER_DAY, SetError, SetOrigin, SetPuzzle, SetResult, Store,
    Timestamp,
};
use sancho::progress::{choose_set, goal_after};

const T0: i64 = 1_700_000_000;
const DAY: i64 = SECONDS_PER_DAY;

fn set(name: &str, size: usize) -> PuzzleSet {
    let puzzles = (0..size)
        .map(|i| {
            SetPuzzle::new(
                SourceRecord::Builtin("mate-in-one".to_owned()),
                format!("p{i}"),
            )
        })
        .collect();
    PuzzleSet::new(
        name,
        Timestamp(T0),
        SetOrigin::Builtin,
        "theme fork".to_owned(),
        7,
        puzzles,
    )
    .expect("a valid set")
}

fn result(index: usize, at: i64, solved: bool, time_ms: u64) -> SetResult {
    SetResult::new(index, Timestamp(at), solved, time_ms)
}

#[test]
fn a_second_cycle_follows_the_first_with_its_own_figures_and_goal() {
    let mut s = set("forks", 3);
    assert_eq!(s.remaining(), vec![0, 1, 2]);
    assert_eq!(s.next_cycle_number(), 1);
    // Cycle 1 over four days: 2 of 3 solved, 60 s in all.
    let r = s.record(result(0, T0, true, 10_000)).unwrap();
    assert_eq!(
        (r.cycle, r.done, r.size, r.finished.is_none()),
        (1, 1, 3, true)
    );
    s.record(result(1, T0 + DAY, false, 30_000)).unwrap();
    // Quitting here keeps the cycle: the next play resumes with puzzle 3.
    assert_eq!(s.remaining(), vec![2]);
    let done = s
        .record(result(2, T0 + 3 * DAY + 60, true, 20_000))
        .unwrap();
    let first = done.finished.expect("the third attempt ends cycle 1");
    assert_eq!(
        (first.cycle, first.solved, first.time_ms, first.days),
        (1, 2, 60_000, 4)
    );
    assert_eq!(first.times_ms, vec![10_000, 30_000, 20_000]);
    assert!((first.accuracy - 2.0 / 3.0).abs() < 1e-9);
    // Woodpecker: the next cycle in half the days.
    assert_eq!(s.stats().goal_days, Some(2));
    assert_eq!(
        s.remaining(),
        vec![0, 1, 2],
        "a new cycle starts from the top"
    );

    // Cycle 2, out of order and with one puzzle repeated: the repeat adds nothing.
    let start = T0 + 10 * DAY;
    s.record(result(1, start, true, 8_000)).unwrap();
    let again = s.record(result(1, start + 5, false, 1_000)).unwrap();
    assert!(again.repeated);
    assert_eq!(again.done, 1);
    assert_eq!(s.stats().current.map(|c| (c.cycle, c.done)), Some((2, 1)));
    s.record(result(0, start + 100, true, 5_000)).unwrap();
    let second = s
        .record(result(2, start + 200, true, 7_000))
        .unwrap()
        .finished
        .expect("cycle 2 ends");
    assert_eq!(
        (second.cycle, second.solved, second.time_ms, second.days),
        (2, 3, 20_000, 1)
    );
    assert_eq!(second.times_ms, vec![5_000, 8_000, 7_000]);
    assert_eq!((first.goal_days, second.goal_days), (None, Some(2)));
    assert!(
        second.figures().ends_with("1 day (goal 2: met)"),
        "{}",
        second.figures()
    );
    let stats = s.stats();
    assert_eq!(stats.cycles.len(), 2);
    assert!(stats.current.is_none());
    assert_eq!(stats.goal_days, Some(1));
    assert!(
        stats.goal_line().starts_with("cycle 3: within 1 day"),
        "{}",
        stats.goal_line()
    );
    assert_eq!(s.next_cycle_number(), 3);
    // A place outside the set is refused.
    assert!(matches!(
        s.record(result(3, start, true, 1)),
        Err(SetError::NoSuchPuzzle { number: 4, .. })
    ));
}

#[test]
fn the_goal_halves_the_days_rounding_up_never_below_one() {
    for (days, goal) in [(28, 14), (14, 7), (7, 4), (5, 3), (2, 1), (1, 1)] {
        assert_eq!(goal_after(days), goal, "{days} days");
    }
}

#[test]
fn names_are_checked_and_unknown_names_list_the_sets() {
    let puzzles = set("x", 1).puzzles;
    let new = |name: &str| {
        PuzzleSet::new(
            name,
            Timestamp(T0),
            SetOrigin::Library,
            String::new(),
            0,
            puzzles.clone(),
        )
    };
    assert_eq!(new("  ").unwrap_err(), SetError::EmptyName);
    assert!(matches!(
        new(&"x".repeat(41)),
        Err(SetError::NameTooLong(_))
    ));
    assert!(matches!(new("-rf"), Err(SetError::BadName(_))));
    // Names that do not read as they are written (issue 28).
    for (name, character, said) in [
        ("a\tb", '\t', "U+0009, a control character"),
        (
            "s\u{200B}",
            '\u{200B}',
            "U+200B, an invisible formatting character",
        ),
        (
            "\u{202E}skrof",
            '\u{202E}',
            "U+202E, an invisible formatting character",
        ),
        (
            "a\u{2028}b",
            '\u{2028}',
            "U+2028, a line or paragraph separator",
        ),
        ("x\u{E000}", '\u{E000}', "U+E000, a private-use character"),
        (
            "x\u{FEFF}y",
            '\u{FEFF}',
            "U+FEFF, an invisible formatting character",
        ),
    ] {
        let err = new(name).unwrap_err();
        assert_eq!(
            err,
            SetError::HiddenCharacter {
                name: name.trim().to_owned(),
                character
            },
            "{name:?}"
        );
        assert!(err.to_string().contains(said), "{err}");
    }
    // Letters of any script, accents (combining too), spaces and emoji read as they are.
    for name in [
        "Gabelн 1",
        "e\u{301}checs",
        "мат в 2",
        "♘ forks",
        "🐦 woodpecker",
    ] {
        assert!(new(name).is_ok(), "{name:?}");
    }
    assert_eq!(new(" forks ").unwrap().name, "forks");
    let empty = PuzzleSet::new(
        "e",
        Timestamp(T0),
        SetOrigin::Builtin,
        String::new(),
        0,
        vec![],
    );
    assert_eq!(empty.unwrap_err(), SetError::NoPuzzles);

    let mut progress = Progress::new();
    let none = progress.set("forks").unwrap_err().to_string();
    assert!(none.contains("there are no sets yet"), "{none}");
    progress.add_set(set("forks", 2)).unwrap();
    progress.add_set(set("pins", 2)).unwrap();
    assert_eq!(
        progress.add_set(set("forks", 5)).unwrap_err(),
        SetError::Duplicate("forks".to_owned())
    );
    let unknown = progress.set("skewers").unwrap_err().to_string();
    assert_eq!(
        unknown,
        "no set is named \"skewers\"; the sets are: forks, pins"
    );
}

#[test]
fn choosing_is_deterministic_sized_and_rising() {
    let ratings: Vec<u32> = (0..200).map(|i| 800 + (i * 37) % 1500).collect();
    let a = choose_set(&ratings, 25, 42);
    assert_eq!(
        a,
        choose_set(&ratings, 25, 42),
        "the same seed gives the same set"
    );
    assert_ne!(a, choose_set(&ratings, 25, 43), "another seed another set");
    assert_eq!(a.len(), 25);
    let mut unique = a.clone();
    unique.sort_unstable();
    unique.dedup();
    assert_eq!(unique.len(), 25, "no puzzle twice");
    assert!(
        a.windows(2).all(|w| ratings[w[0]] <= ratings[w[1]]),
        "easiest first"
    );
    assert_eq!(
        choose_set(&ratings[..3], 10, 1).len(),
        3,
        "at most what there is"
    );
}

#[test]
fn sets_are_persisted_with_their_cycles_and_merged_without_losing_one() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = Store::open(dir.path(), Timestamp(T0)).unwrap().store;
    store.add_set(set("forks", 2)).unwrap().unwrap();
    let sitting = store.progress().set("forks").unwrap().play();
    store
        .record(|p| p.record_set_result(&sitting, result(0, T0, true, 4_000)))
        .unwrap()
        .unwrap();
    // Another process (another store) sees it and goes on with the cycle.
    let mut other = Store::open(dir.path(), Timestamp(T0)).unwrap().store;
    let recorded = other
        .record(|p| p.record_set_result(&sitting, result(1, T0 + 60, false, 9_000)))
        .unwrap()
        .unwrap();
    assert!(recorded.finished.is_some(), "the two writes make one cycle");
    let reopened = Store::open(dir.path(), Timestamp(T0)).unwrap().store;
    let kept = reopened.progress().set("forks").unwrap();
    assert_eq!(kept.cycles.len(), 1);
    assert_eq!(kept.stats().cycles[0].times_ms, vec![4_000, 9_000]);

    // On disk: an optional top-level "sets" (schema 2 still), the puzzles by source and id.
    let text = std::fs::read_to_string(dir.path().join("progress.json")).unwrap();
    let doc: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(doc["schema"], 2);
    assert_eq!(doc["sets"][0]["name"], "forks");
    assert_eq!(
        doc["sets"][0]["puzzles"][1]["source"]["builtin"],
        "mate-in-one"
    );
    assert_eq!(doc["sets"][0]["cycles"][0]["results"][1]["time_ms"], 9_000);

    // Import: a set unknown here is added; of one name, the one with more results wins.
    let mut mine = Progress::new();
    mine.add_set(set("forks", 2)).unwrap();
    let mut theirs = reopened.progress().clone();
    theirs.add_set(set("pins", 1)).unwrap();
    mine.merge(theirs);
    assert_eq!(
        mine.set("forks").unwrap().cycles.len(),
        1,
        "the played one is kept"
    );
    assert!(mine.set("pins").is_ok());
}

#[test]
fn a_file_from_before_sets_reads_and_unknown_fields_stay_beside_sets() {
    // A schema-2 document as the current Sancho writes it, with a field
    // from a newer minor version.
    let before = r#"{"schema":2,"attempts":[],"drills":[],"lessons":[],"goals":[1,2]}"#;
    let (progress, extra) = disk::decode_document(before.as_bytes()).expect("reads");
    assert_eq!(progress.sets().len(), 0);
    let mut progress = progress;
    progress.add_set(set("forks", 1)).unwrap();
    let written = disk::encode_document(&progress, &extra).unwrap();
    let doc: serde_json::Value = serde_json::from_slice(&written).unwrap();
    assert_eq!(
        doc["goals"],
        serde_json::json!([1, 2]),
        "unknown fields are kept"
    );
    assert_eq!(doc["sets"][0]["name"], "forks");
    // A schema-1 file (SM-2) migrates with its sets field untouched by the migration.
    let old = r#"{"schema":1,"attempts":[],"drills":[],"lessons":[],
        "sets":[{"name":"old","created":5,"origin":"library","puzzles":[{"source":"lichess","puzzle":"abc"}]}]}"#;
    let (migrated, _) = disk::decode_document(old.as_bytes()).expect("migrates");
    assert_eq!(migrated.set("old").unwrap().origin, SetOrigin::Library);
    // A newer schema is still refused, sets or not.
    let newer = r#"{"schema":3,"sets":[]}"#;
    assert!(matches!(
        disk::decode_document(newer.as_bytes()),
        Err(disk::DecodeError::Newer(3))
    ));
}

#[test]
fn a_hand_edited_set_with_impossible_results_reads_without_them() {
    let text = r#"{"schema":2,"sets":[{"name":"s","created":1,"origin":"builtin",
        "puzzles":[{"source":{"builtin":"p"},"puzzle":"a"},{"source":{"builtin":"p"},"puzzle":"b"}],
        "cycles":[{"results":[{"index":7,"at":5,"solved":true,"time_ms":1},
                              {"index":0,"at":5,"solved":true,"time_ms":2},
                              {"index":0,"at":6,"solved":false,"time_ms":3}]},
                  {"results":[{"index":9,"at":7,"solved":true,"time_ms":1}]}]}]}"#;
    let progress = disk::decode(text.as_bytes()).expect("reads");
    let s = progress.set("s").unwrap();
    assert_eq!(s.cycles.len(), 1, "an empty cycle is dropped");
    assert_eq!(s.cycles[0].results.len(), 1);
    assert_eq!(s.cycles[0].results[0].time_ms, 2);
    assert_eq!(s.remaining(), vec![1]);
    assert!(s.stats().cycles.is_empty());
}

// ---- A set's identity and the cycle a result began in (issue 28, item 3) ----

#[test]
fn a_result_for_a_set_deleted_or_replaced_since_the_sitting_began_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = Store::open(dir.path(), Timestamp(T0)).unwrap().store;
    let first = store.add_set(set("s", 2)).unwrap().unwrap();
    let sitting = store.progress().set("s").unwrap().play();
    assert_eq!(sitting.id, first);
    assert_eq!(sitting.cycle, 1);

    // Deleted: refused, nothing filed anywhere.
    store.record(|p| p.remove_set("s")).unwrap().unwrap();
    let refused = store
        .record(|p| p.record_set_result(&sitting, result(0, T0, true, 1_000)))
        .unwrap()
        .unwrap_err();
    assert_eq!(refused, SetError::Deleted("s".to_owned()));
    assert_eq!(
        refused.to_string(),
        "the set \"s\" was deleted while this puzzle was played: the attempt is saved, but not in the set"
    );

    // Made again under the same name, even in the same second and with the
    // same puzzles: another set, which the old sitting's result never enters.
    let second = store.add_set(set("s", 2)).unwrap().unwrap();
    assert_ne!(second, first, "each set made gets its own identity");
    let refused = store
        .record(|p| p.record_set_result(&sitting, result(0, T0, false, 1_000)))
        .unwrap()
        .unwrap_err();
    assert_eq!(refused, SetError::Replaced("s".to_owned()));
    let reopened = Store::open(dir.path(), Timestamp(T0)).unwrap().store;
    let new = reopened.progress().set("s").unwrap();
    assert!(new.cycles.is_empty(), "{:?}", new.cycles);
    assert_eq!(new.id, second, "the identity is stored");

    // A sitting on the new set records as ever.
    let fresh = new.play();
    let mut store = reopened;
    let done = store
        .record(|p| p.record_set_result(&fresh, result(1, T0, true, 2_000)))
        .unwrap()
        .unwrap();
    assert_eq!((done.cycle, done.done), (1, 1));
}

#[test]
fn a_result_begun_in_a_cycle_another_window_finished_is_filed_in_that_cycle() {
    let mut progress = Progress::new();
    progress.add_set(set("s", 2)).unwrap();
    let one = progress.set("s").unwrap().play();
    progress
        .record_set_result(&one, result(0, T0, true, 1_000))
        .unwrap();
    // Two windows both show puzzle 2 of cycle 1.
    let (window_a, window_b) = (progress.set("s").unwrap().play(), one.clone());
    assert_eq!(window_a.cycle, 1);
    let a = progress
        .record_set_result(&window_a, result(1, T0 + 10, true, 2_000))
        .unwrap();
    assert_eq!(a.finished.as_ref().map(|f| f.cycle), Some(1));
    // B's answer began in cycle 1: it is that cycle's (already there), not
    // the first result of cycle 2, and it does not finish cycle 1 again.
    let b = progress
        .record_set_result(&window_b, result(1, T0 + 20, false, 9_000))
        .unwrap();
    assert_eq!((b.cycle, b.repeated, b.finished), (1, true, None));
    let s = progress.set("s").unwrap();
    assert_eq!(s.cycles.len(), 1);
    assert_eq!(s.remaining(), vec![0, 1], "cycle 2 has not begun");
    assert_eq!(s.stats().cycles[0].times_ms, vec![1_000, 2_000]);

    // A sitting begun after cycle 1 was finished begins cycle 2, and two
    // windows on it build one cycle.
    let (c, d) = (s.play(), s.play());
    assert_eq!(c.cycle, 2);
    progress
        .record_set_result(&c, result(1, T0 + 30, true, 3_000))
        .unwrap();
    let last = progress
        .record_set_result(&d, result(0, T0 + 40, true, 4_000))
        .unwrap();
    assert_eq!(last.finished.map(|f| f.cycle), Some(2));
}

#[test]
fn a_set_stored_without_an_id_reads_with_one_derived_from_when_and_name() {
    let old = r#"{"schema":2,"attempts":[],"drills":[],"lessons":[],
        "sets":[{"name":"old","created":5,"origin":"library",
                 "puzzles":[{"source":"lichess","puzzle":"abc"}]}]}"#;
    let (progress, extra) = disk::decode_document(old.as_bytes()).expect("reads");
    let set = progress.set("old").unwrap();
    assert_eq!(set.id.as_str(), "5-old");
    // Written with it, and read back the same.
    let written = disk::encode_document(&progress, &extra).unwrap();
    let doc: serde_json::Value = serde_json::from_slice(&written).unwrap();
    assert_eq!(doc["sets"][0]["id"], "5-old");
    let (again, _) = disk::decode_document(&written).unwrap();
    assert_eq!(again, progress);
    // A sitting begun before the write records after it.
    let sitting = set.play();
    let mut again = again;
    again
        .record_set_result(&sitting, result(0, 6, true, 100))
        .unwrap();
}
