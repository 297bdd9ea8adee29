//! The progress model: Glicko-2 against the paper and hand-worked numbers,
//! SM-2 over a sequence of reviews, the next-puzzle rule, streaks, stats
//! and the document format.

use proptest::prelude::*;
use sancho::progress::{
    Attempt, AttemptId, Candidate, Damage, DrillId, DrillMistake, DrillResult, Outcome, PickReason,
    Progress, PuzzleRef, SECONDS_PER_DAY, Source, Timestamp, TypedInput, UserRating, disk,
    sm2::Card as Sm2Card,
};
use sancho::puzzle::difficulty_rating;
use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2_rating_period};

const DAY: i64 = SECONDS_PER_DAY;

fn lichess(id: &str) -> PuzzleRef {
    PuzzleRef::new(Source::Lichess, id)
}

fn attempt(id: &str, at: i64, outcome: Outcome, hints: u8, rating: Option<u16>) -> Attempt {
    Attempt {
        puzzle: lichess(id),
        at: Timestamp(at),
        outcome,
        time_ms: 1000,
        hints,
        solution_shown: false,
        rating,
        rated: rating.is_some(),
        themes: vec![],
        blind: None,
        wrong_inputs: vec![],
        slips: Vec::new(),
        replay: false,
    }
}

/// Adds attempts with ids made from their position.
fn progress_of(attempts: Vec<Attempt>) -> Progress {
    let mut progress = Progress::new();
    for (n, a) in attempts.into_iter().enumerate() {
        let id = AttemptId::new(a.at, &a.puzzle.id, n as u64);
        assert!(progress.insert_attempt(id, a));
    }
    progress
}

fn close(actual: f64, expected: f64, tolerance: f64) -> bool {
    (actual - expected).abs() <= tolerance
}

// ---------------------------------------------------------------------------
// Glicko-2

#[test]
fn skillratings_reproduces_glickmans_example() {
    let player = Glicko2Rating {
        rating: 1500.0,
        deviation: 200.0,
        volatility: 0.06,
    };
    let opponent = |rating, deviation| Glicko2Rating {
        rating,
        deviation,
        volatility: 0.06,
    };
    let results = [
        (opponent(1400.0, 30.0), Outcomes::WIN),
        (opponent(1550.0, 100.0), Outcomes::LOSS),
        (opponent(1700.0, 300.0), Outcomes::LOSS),
    ];
    let new = glicko2_rating_period(&player, &results, &Glicko2Config::new());
    assert!(close(new.rating, 1464.06, 0.01), "{}", new.rating);
    assert!(close(new.deviation, 151.52, 0.01), "{}", new.deviation);
    assert!(
        close(new.volatility, 0.05999, 0.00001),
        "{}",
        new.volatility
    );
}

/// Expected values from a separate implementation of the steps in
/// Glickman's "Example of the Glicko-2 system" (tau 0.5, epsilon 1e-6),
/// for one game of a new player (1500/350/0.06) against a puzzle with
/// deviation 100.
#[test]
fn wrapper_plays_one_game_against_the_puzzle() {
    let start = UserRating::default();
    assert_eq!(
        (start.rating, start.deviation, start.volatility),
        (1500.0, 350.0, 0.06)
    );
    let cases = [
        (1400, true, 1632.67, 256.98),
        (1400, false, 1270.34, 256.98),
    ];
    for (puzzle, won, rating, deviation) in cases {
        let after = start.after_puzzle(puzzle, won);
        assert!(
            close(after.rating, rating, 0.01),
            "{puzzle} {won}: {}",
            after.rating
        );
        assert!(
            close(after.deviation, deviation, 0.01),
            "{puzzle} {won}: {}",
            after.deviation
        );
    }
    let second = start.after_puzzle(1400, true).after_puzzle(2000, false);
    assert!(close(second.rating, 1597.31, 0.01), "{}", second.rating);
    assert!(
        close(second.deviation, 234.13, 0.01),
        "{}",
        second.deviation
    );
}

#[test]
fn difficulty_maps_to_ratings() {
    let table = [(1, 800), (2, 1100), (3, 1400), (4, 1700), (5, 2000)];
    for (difficulty, rating) in table {
        assert_eq!(difficulty_rating(difficulty), rating);
    }
}

#[test]
fn only_first_attempt_and_only_clean_solves_count() {
    // Clean win over a 1400 puzzle, then a repeat of it (ignored), then a
    // solve with a hint over a 2000 puzzle (a loss), then an unrated one.
    let progress = progress_of(vec![
        attempt("a", 10, Outcome::Solved, 0, Some(1400)),
        attempt("a", 20, Outcome::Failed, 0, Some(1400)),
        attempt("b", 30, Outcome::Solved, 2, Some(2000)),
        attempt("c", 40, Outcome::Failed, 0, None),
    ]);
    let rating = progress.rating();
    assert!(close(rating.rating, 1597.31, 0.01), "{}", rating.rating);
    assert!(
        close(rating.deviation, 234.13, 0.01),
        "{}",
        rating.deviation
    );
    let history: Vec<(i64, i64)> = progress
        .rating_history()
        .iter()
        .map(|p| (p.at.0, p.rating.round() as i64))
        .collect();
    assert_eq!(history, vec![(10, 1633), (30, 1597)]);
}

#[test]
fn shown_solution_is_a_loss_and_replay_follows_time_not_insertion() {
    let mut shown = attempt("a", 10, Outcome::Solved, 0, Some(1400));
    shown.solution_shown = true;
    assert!(close(
        progress_of(vec![shown]).rating().rating,
        1270.34,
        0.01
    ));

    // Inserted newest first: the replay still rates 1400 before 2000.
    let progress = progress_of(vec![
        attempt("b", 30, Outcome::Solved, 1, Some(2000)),
        attempt("a", 10, Outcome::Solved, 0, Some(1400)),
    ]);
    assert!(close(progress.rating().rating, 1597.31, 0.01));
}

// ---------------------------------------------------------------------------
// SM-2 (kept to migrate schema-1 files; FSRS is in review_fsrs.rs)

#[test]
fn sm2_intervals_over_a_sequence_of_reviews() {
    // (quality, interval days, repetitions, ease) after each review.
    let steps: [(u8, u32, u32, f64); 8] = [
        (5, 1, 1, 2.06),
        (5, 6, 2, 2.16),
        (5, 13, 3, 2.26), // round(6 * 2.16) = 13
        (3, 29, 4, 2.12), // round(13 * 2.26) = 29, ease - 0.14
        (1, 1, 0, 1.58),  // failure resets, ease - 0.54
        (5, 1, 1, 1.68),
        (5, 6, 2, 1.78),
        (5, 11, 3, 1.88), // round(6 * 1.78) = 11
    ];
    let mut now = Timestamp(1_000_000);
    let mut card = Sm2Card::after_failure(now);
    assert_eq!((card.interval_days, card.repetitions), (1, 0));
    assert!(close(card.ease, 1.96, 1e-9));
    assert_eq!(card.due, Timestamp(1_000_000 + DAY));
    for (n, (quality, interval, repetitions, ease)) in steps.into_iter().enumerate() {
        now = card.due;
        card.review(quality, now);
        assert_eq!(card.interval_days, interval, "step {n}");
        assert_eq!(card.repetitions, repetitions, "step {n}");
        assert!(close(card.ease, ease, 1e-9), "step {n}: {}", card.ease);
        assert_eq!(card.due, now.plus_days(interval), "step {n}");
    }
}

#[test]
fn sm2_ease_never_falls_below_floor() {
    let mut card = Sm2Card::after_failure(Timestamp(0));
    for _ in 0..5 {
        card.review(1, Timestamp(0));
    }
    assert!(close(card.ease, 1.3, 1e-9));
    card.review(5, Timestamp(0));
    card.review(5, Timestamp(0));
    card.review(5, Timestamp(0));
    // Ease 1.3 -> 1.4 -> 1.5, so the third interval is round(6 * 1.5) = 9.
    assert_eq!(card.interval_days, 9);
}

#[test]
fn failed_puzzles_become_due_reviews() {
    let t0 = 1_000_000;
    let progress = progress_of(vec![
        attempt("solved", t0, Outcome::Solved, 0, None),
        attempt("hinted", t0, Outcome::Solved, 1, None),
        attempt("late", t0 + 100, Outcome::Failed, 0, None),
        attempt("early", t0 + 50, Outcome::Failed, 0, None),
        attempt("reviewed", t0, Outcome::Failed, 0, None),
        attempt("reviewed", t0 + DAY, Outcome::Solved, 0, None),
        attempt("reviewed", t0 + 2 * DAY, Outcome::Solved, 0, None),
    ]);
    assert!(progress.due_reviews(Timestamp(t0 + DAY - 1)).is_empty());
    // A solve with a hint counts as failed: it is reviewed too.
    assert_eq!(
        progress.due_reviews(Timestamp(t0 + DAY + 50)),
        vec![lichess("hinted"), lichess("early")]
    );
    assert_eq!(
        progress.due_reviews(Timestamp(t0 + 2 * DAY)),
        vec![lichess("hinted"), lichess("early"), lichess("late")]
    );
    let card = progress.card(&lichess("reviewed")).expect("card");
    assert_eq!(card.reviews, 3);
    assert_eq!(card.last_review, Timestamp(t0 + 2 * DAY));
    assert!(card.interval_days > 1, "{card:?}");
    assert_eq!(
        card.due,
        Timestamp(t0 + 2 * DAY).plus_days(card.interval_days)
    );
    assert!(progress.card(&lichess("solved")).is_none());
    assert!(progress.card(&lichess("hinted")).is_some());
}

// ---------------------------------------------------------------------------
// The next puzzle

#[test]
fn pick_prefers_oldest_due_review_then_nearest_unseen() {
    let t0 = 1_000_000;
    let progress = progress_of(vec![
        attempt("seen", t0, Outcome::Solved, 0, None),
        attempt("due-late", t0 + 10, Outcome::Failed, 0, None),
        attempt("due-early", t0, Outcome::Failed, 0, None),
    ]);
    let refs: Vec<PuzzleRef> = ["seen", "due-late", "due-early", "far", "near", "near2"]
        .iter()
        .map(|id| lichess(id))
        .collect();
    let fork = vec!["fork".to_owned()];
    let pin = vec!["pin".to_owned()];
    let ratings = [1500, 1500, 1500, 2400, 1450, 1550];
    let themes = [&fork, &fork, &pin, &fork, &pin, &fork];
    let candidates = || {
        refs.iter()
            .zip(ratings)
            .zip(themes)
            .map(|((puzzle, rating), themes)| Candidate {
                puzzle,
                rating,
                themes,
            })
    };
    let id = |now: i64, filter: &[String]| {
        progress
            .pick_next(Timestamp(now), candidates(), filter)
            .map(|p| (p.candidate.puzzle.id.clone(), p.reason))
    };
    let due = |at| PickReason::Review { due: Timestamp(at) };
    // Before anything is due: the unseen puzzle nearest 1500 (ties: first).
    assert_eq!(id(t0, &[]), Some(("near".to_owned(), PickReason::New)));
    assert_eq!(
        id(t0 + DAY + 5, &[]),
        Some(("due-early".to_owned(), due(t0 + DAY)))
    );
    assert_eq!(
        id(t0 + DAY + 20, &[]),
        Some(("due-early".to_owned(), due(t0 + DAY)))
    );
    // Only fork puzzles: due-early is a pin, near too.
    assert_eq!(
        id(t0 + DAY + 20, &fork),
        Some(("due-late".to_owned(), due(t0 + DAY + 10)))
    );
    assert_eq!(id(t0, &fork), Some(("near2".to_owned(), PickReason::New)));
    let none = vec!["endgame".to_owned()];
    assert_eq!(id(t0, &none), None);
}

// ---------------------------------------------------------------------------
// Streaks, stats, weak spots

fn themed(id: &str, at: i64, outcome: Outcome, themes: &[&str]) -> Attempt {
    let mut a = attempt(id, at, outcome, 0, None);
    a.themes = themes.iter().map(|t| (*t).to_owned()).collect();
    a
}

#[test]
fn streaks_follow_time_order() {
    use Outcome::{Failed as F, Solved as S};
    let table: [(&[Outcome], u32, u32); 5] = [
        (&[], 0, 0),
        (&[S, S, F, S], 1, 2),
        (&[S, S, S, F], 0, 3),
        (&[F, S, S, S, S], 4, 4),
        (&[S, F, S, S, F, S], 1, 2),
    ];
    for (outcomes, current, best) in table {
        // Inserted in reverse to show that time, not insertion, orders them.
        let attempts = outcomes
            .iter()
            .enumerate()
            .rev()
            .map(|(n, o)| attempt(&format!("p{n}"), n as i64 * 10, *o, 0, None))
            .collect();
        let streak = progress_of(attempts).streak();
        assert_eq!(
            (streak.current, streak.best),
            (current, best),
            "{outcomes:?}"
        );
    }
}

fn sample() -> Progress {
    let mut wrong = themed("w", 50, Outcome::Failed, &["pin"]);
    wrong.wrong_inputs = vec![
        TypedInput {
            input: "bxc3".to_owned(),
            codes: vec!["wrong-piece".to_owned(), "missing-check".to_owned()],
            san: None,
            candidates: Vec::new(),
        },
        TypedInput {
            input: "Qh5".to_owned(),
            codes: vec!["missing-check".to_owned()],
            san: None,
            candidates: Vec::new(),
        },
    ];
    let mut progress = progress_of(vec![
        themed("a", 10, Outcome::Solved, &["fork", "short"]),
        themed("b", 20, Outcome::Failed, &["fork"]),
        themed("c", 30, Outcome::Failed, &["fork"]),
        themed("d", 40, Outcome::Failed, &["pin"]),
        wrong,
        themed("e", 60, Outcome::Failed, &["short"]),
    ]);
    let drill = |kind: &str, at, exercises, correct, mistakes: &[(&str, &str)]| DrillResult {
        kind: kind.to_owned(),
        at: Timestamp(at),
        exercises,
        correct,
        time_ms: 1000,
        mistakes: mistakes
            .iter()
            .map(|(code, answer)| DrillMistake {
                code: (*code).to_owned(),
                answer: (*answer).to_owned(),
                input: None,
            })
            .collect(),
        coordinates: None,
    };
    progress.insert_drill(
        DrillId::new(Timestamp(70), "write", 1),
        drill(
            "write",
            70,
            10,
            7,
            &[
                ("missing-check", "Nf7+"),
                ("missing-capture", "exd5"),
                ("wrong-move", "Nc3"),
            ],
        ),
    );
    progress.insert_drill(
        DrillId::new(Timestamp(80), "write", 2),
        drill("write", 80, 5, 5, &[("missing-check", "Qxf7#")]),
    );
    progress.insert_drill(
        DrillId::new(Timestamp(90), "read", 3),
        drill(
            "read",
            90,
            4,
            0,
            &[("wrong-move", "e2e4"), ("wrong-move", "g1f3")],
        ),
    );
    progress.complete_lesson("lesson-2");
    progress.complete_lesson("lesson-1");
    progress
}

#[test]
fn weak_spots_rank_codes_and_themes() {
    let weak = sample().weak_spots();
    let mistakes: Vec<(&str, u32, Option<&str>)> = weak
        .mistakes
        .iter()
        .map(|m| (m.code.as_str(), m.count, m.example.as_deref()))
        .collect();
    assert_eq!(
        mistakes,
        vec![
            ("missing-check", 4, Some("Qxf7#")),
            ("missing-capture", 1, Some("exd5")),
            ("wrong-piece", 1, None),
        ]
    );
    // fork: 2 of 3 failed; pin: 2 of 2 (below the minimum); short: 1 of 2.
    let themes: Vec<(&str, u32, u32)> = weak
        .themes
        .iter()
        .map(|t| (t.theme.as_str(), t.attempted, t.failed))
        .collect();
    assert_eq!(themes, vec![("fork", 3, 2)]);
}

#[test]
fn stats_json_has_the_documented_shape() {
    let stats = sample().stats(Timestamp(100 + DAY));
    let json = serde_json::to_value(&stats).unwrap();
    let keys = |v: &serde_json::Value| {
        let mut k: Vec<String> = v.as_object().unwrap().keys().cloned().collect();
        k.sort();
        k
    };
    assert_eq!(
        keys(&json),
        [
            "coordinates",
            "drills",
            "lessons",
            "mistakes",
            "puzzles",
            "rating",
            "reviews_due",
            "sets",
            "slips_due",
            "streak",
            "strongest_themes",
            "themes",
            "weakest_themes"
        ]
    );
    assert_eq!(
        keys(&json["puzzles"]),
        ["accuracy", "attempted", "failed", "solved"]
    );
    assert_eq!(
        keys(&json["rating"]),
        ["current", "deviation", "history", "provisional"]
    );
    assert_eq!(json["rating"]["provisional"], true);
    assert_eq!(keys(&json["streak"]), ["best", "current"]);
    assert_eq!(
        keys(&json["drills"]),
        ["by_kind", "completed", "correct", "exercises", "wrong"]
    );
    // Wrong answers are counted per kind, never as notation mistakes.
    assert_eq!(json["drills"]["wrong"], 7);
    assert_eq!(json["drills"]["by_kind"]["read"]["wrong"], 4);
    assert_eq!(json["drills"]["by_kind"]["write"]["wrong"], 3);
    assert!(
        json["mistakes"]
            .as_array()
            .unwrap()
            .iter()
            .all(|m| m["code"] != "wrong-move"),
        "{}",
        json["mistakes"]
    );
    assert_eq!(
        keys(&json["mistakes"][0]),
        ["code", "count", "example", "input", "words"]
    );
    assert_eq!(json["mistakes"][0]["words"], "forgot + on a check");
    assert_eq!(
        keys(&json["themes"][0]),
        [
            "accuracy",
            "attempted",
            "first_try",
            "first_try_rate",
            "performance",
            "played",
            "solved",
            "theme"
        ]
    );
    assert_eq!(keys(&json["lessons"]), ["completed"]);

    assert_eq!(json["puzzles"]["attempted"], 6);
    assert_eq!(json["puzzles"]["solved"], 1);
    assert_eq!(json["puzzles"]["failed"], 5);
    assert_eq!(json["reviews_due"], 5);
    assert_eq!(json["streak"]["best"], 1);
    assert_eq!(json["drills"]["completed"], 3);
    assert_eq!(json["drills"]["exercises"], 19);
    assert_eq!(json["drills"]["correct"], 12);
    assert_eq!(json["drills"]["by_kind"]["write"]["correct"], 12);
    assert_eq!(json["drills"]["by_kind"]["read"]["accuracy"], 0.0);
    assert_eq!(json["themes"][0]["theme"], "fork");
    assert_eq!(
        json["lessons"]["completed"],
        serde_json::json!(["lesson-1", "lesson-2"])
    );
    assert_eq!(json["rating"]["current"], 1500.0);

    let empty = serde_json::to_value(Progress::new().stats(Timestamp(0))).unwrap();
    assert!(empty["puzzles"]["accuracy"].is_null());
}

#[test]
fn stats_text_report_reads_plainly() {
    let text = sample().stats(Timestamp(100 + DAY)).to_string();
    for line in [
        "Puzzles: 6 attempted, 1 solved, 5 failed (accuracy 17%)",
        "Solved in a row: 0 (best 1)",
        "Reviews due: 5",
        "Drills: 3 completed, 19 exercises, 12 correct (accuracy 63%)",
        "  write: 2 completed, 12/15 correct (80%)",
        "Rating: 1500? (give or take 350, provisional), 0 rated puzzles",
        "  forgot + on a check: 4 times (e.g. Qxf7#)",
        "  wrong-piece: once (you typed bxc3)",
        "  fork: 3 played, 1 first try (33%)",
        "Lessons completed: lesson-1, lesson-2",
    ] {
        assert!(
            text.lines().any(|l| l == line),
            "missing {line:?} in\n{text}"
        );
    }
}

// ---------------------------------------------------------------------------
// The document format

fn arb_attempt() -> impl Strategy<Value = Attempt> {
    let source = prop_oneof![
        Just(Source::Lichess),
        "[a-z]{1,6}".prop_map(|pack| Source::Builtin { pack }),
        "[ -~]{0,8}".prop_map(|name| Source::File { name }),
    ];
    (
        source,
        "[A-Za-z0-9]{1,6}",
        any::<i64>(),
        any::<bool>(),
        (any::<u64>(), 0u8..=4, any::<bool>(), any::<Option<u16>>()),
        proptest::collection::vec("\\PC{0,6}", 0..3),
        proptest::collection::vec(arb_typed(), 0..3),
        (
            proptest::collection::vec(arb_typed(), 0..3),
            any::<bool>(),
            any::<bool>(),
        ),
    )
        .prop_map(
            |(
                source,
                id,
                at,
                solved,
                (time_ms, hints, shown, rating),
                themes,
                wrong,
                (slips, rated, replay),
            )| Attempt {
                puzzle: PuzzleRef::new(source, id),
                at: Timestamp(at),
                outcome: if solved {
                    Outcome::Solved
                } else {
                    Outcome::Failed
                },
                time_ms,
                hints,
                solution_shown: shown,
                rating,
                // Only an attempt against a rating can have been rated.
                rated: rated && rating.is_some(),
                themes,
                blind: None,
                wrong_inputs: wrong,
                slips,
                replay,
            },
        )
}

fn arb_typed() -> impl Strategy<Value = TypedInput> {
    (
        "\\PC{0,6}",
        proptest::collection::vec("[a-z-]{1,8}", 0..3),
        proptest::option::of("[A-Za-z1-8+#=]{2,6}"),
        proptest::collection::vec("[A-Za-z1-8+#]{2,6}", 0..3),
    )
        .prop_map(|(input, codes, san, candidates)| TypedInput {
            input,
            codes,
            san,
            candidates,
        })
}

proptest! {
    #[test]
    fn documents_round_trip(attempts in proptest::collection::vec(arb_attempt(), 0..6),
                            lessons in proptest::collection::vec("[a-z0-9-]{1,8}", 0..3)) {
        let mut progress = progress_of(attempts);
        for lesson in &lessons {
            progress.complete_lesson(lesson);
        }
        let bytes = disk::encode(&progress).unwrap();
        prop_assert_eq!(disk::decode(&bytes).unwrap(), progress);
    }

    #[test]
    fn merge_is_a_union_by_id(attempts in proptest::collection::vec(arb_attempt(), 0..8),
                              split in proptest::collection::vec(0u8..3, 8)) {
        // Each attempt goes to the left log, the right log or both.
        let mut left = Progress::new();
        let mut right = Progress::new();
        for (n, (a, side)) in attempts.iter().zip(&split).enumerate() {
            let id = AttemptId::new(a.at, &a.puzzle.id, n as u64);
            if *side != 1 { left.insert_attempt(id.clone(), a.clone()); }
            if *side != 0 { right.insert_attempt(id, a.clone()); }
        }
        let both = split.iter().take(attempts.len()).filter(|s| **s == 2).count();
        let mut lr = left.clone();
        let summary = lr.merge(right.clone());
        prop_assert_eq!(summary.attempts_known, both);
        prop_assert_eq!(summary.attempts_new, right.attempts().len() - both);
        let mut rl = right.clone();
        rl.merge(left.clone());
        prop_assert_eq!(&lr, &rl);
        prop_assert_eq!(lr.attempts().len(), attempts.len());
        prop_assert_eq!(lr.rating(), rl.rating());
        let again = lr.clone().merge(right);
        prop_assert_eq!(again.attempts_new, 0);
    }

    #[test]
    fn every_cut_of_a_document_is_seen_as_damage(attempts in proptest::collection::vec(arb_attempt(), 1..3),
                                                  cut in any::<prop::sample::Index>()) {
        let bytes = disk::encode(&progress_of(attempts)).unwrap();
        let cut = cut.index(bytes.len());
        let result = disk::decode(&bytes[..cut]);
        prop_assert!(
            matches!(result, Err(disk::DecodeError::Damaged(Damage::Empty | Damage::Truncated))),
            "cut at {} of {}: {:?}", cut, bytes.len(), result
        );
    }
}

#[test]
fn decode_classifies_documents() {
    use disk::DecodeError::{Damaged, Newer};
    let table: [(&str, Result<usize, disk::DecodeError>); 8] = [
        ("{\"schema\":1}", Ok(0)),
        ("{\"schema\":1,\"attempts\":[],\"later\":true}", Ok(0)),
        ("  \n", Err(Damaged(Damage::Empty))),
        ("{\"schema\":1,\"attem", Err(Damaged(Damage::Truncated))),
        ("{\"schema\":3}", Err(Newer(3))),
        ("{\"schema\":9,\"attempts\":\"a new shape\"}", Err(Newer(9))),
        (
            "{\"schema\":0}",
            Err(Damaged(Damage::Corrupt("unknown schema 0".to_owned()))),
        ),
        ("[1,2]", Err(Damaged(Damage::Corrupt(String::new())))),
    ];
    for (text, expected) in table {
        let result = disk::decode(text.as_bytes()).map(|p| p.attempts().len());
        match (&result, &expected) {
            (Err(Damaged(Damage::Corrupt(_))), Err(Damaged(Damage::Corrupt(reason))))
                if reason.is_empty() => {}
            _ => assert_eq!(result, expected, "{text}"),
        }
    }
}

// ---------------------------------------------------------------------------
// Resume and lessons

#[test]
fn resume_puts_due_reviews_first_then_the_first_unsolved_puzzle() {
    let t0 = 1_000_000;
    let list: Vec<PuzzleRef> = ["p1", "p2", "p3", "p4", "p5", "p6"]
        .iter()
        .map(|id| lichess(id))
        .collect();
    let progress = progress_of(vec![
        attempt("p1", t0, Outcome::Solved, 0, None),
        attempt("p2", t0 + 10, Outcome::Solved, 0, None),
        attempt("p5", t0 + 20, Outcome::Failed, 0, None), // due a day later
        attempt("p4", t0 + 30, Outcome::Failed, 0, None),
        attempt("p3", t0 + 40, Outcome::Solved, 2, None), // a hint: failed
    ]);
    // Before the reviews fall due: the first unsolved, untried puzzle.
    let r = progress.resume(Timestamp(t0 + 100), &list);
    assert_eq!(r.order, [5]);
    assert_eq!(r.due, 0);
    assert_eq!(r.solved, [true, true, false, false, false, false]);
    assert_eq!(r.header(5), "Puzzle 6 of 6 · 2 solved");
    // A day later: the reviews, longest overdue first, then the rest.
    let r = progress.resume(Timestamp(t0 + DAY + 100), &list);
    assert_eq!(r.order, [4, 3, 2, 5]);
    assert_eq!(r.due, 3);
    // The full screen still reaches every puzzle, the plan's first.
    assert_eq!(r.listing(), [4, 3, 2, 5, 0, 1]);
    assert!(!r.all_done);
    // Nothing solved yet: from the top.
    let r = Progress::new().resume(Timestamp(t0), &list);
    assert_eq!(r.order, [0, 1, 2, 3, 4, 5]);
    assert_eq!(r.header(0), "Puzzle 1 of 6 · 0 solved");
}

#[test]
fn resume_starts_over_when_everything_is_solved() {
    let list = vec![lichess("a"), lichess("b")];
    let progress = progress_of(vec![
        attempt("a", 10, Outcome::Solved, 0, None),
        attempt("b", 20, Outcome::Solved, 0, None),
    ]);
    let r = progress.resume(Timestamp(30), &list);
    assert!(r.all_done);
    assert_eq!(r.order, [0, 1]);
    assert!(progress.has_solved(&lichess("a")));
}

#[test]
fn only_a_clean_solve_counts_as_solved() {
    let mut wrong_then_right = attempt("w", 10, Outcome::Failed, 0, Some(1500));
    wrong_then_right.wrong_inputs.push(TypedInput {
        input: "Rd7".to_owned(),
        codes: vec![],
        san: None,
        candidates: Vec::new(),
    });
    let progress = progress_of(vec![
        attempt("clean", 1, Outcome::Solved, 0, Some(1500)),
        attempt("old-hinted", 5, Outcome::Solved, 1, Some(1500)),
        wrong_then_right,
    ]);
    let stats = progress.stats(Timestamp(20));
    assert_eq!((stats.puzzles.solved, stats.puzzles.failed), (1, 2));
    assert!(progress.has_solved(&lichess("clean")));
    assert!(!progress.has_solved(&lichess("old-hinted")));
    assert!(!progress.has_solved(&lichess("w")));
    // Every one but the clean solve gets a review card.
    assert!(progress.card(&lichess("clean")).is_none());
    assert!(progress.card(&lichess("w")).is_some());
}

#[test]
fn a_lesson_keeps_its_best_score() {
    let mut progress = Progress::new();
    for (n, (correct, exercises)) in [(1, 5), (3, 5), (2, 2), (0, 5)].into_iter().enumerate() {
        let d = DrillResult {
            kind: "lesson-2".to_owned(),
            at: Timestamp(n as i64),
            exercises,
            correct,
            time_ms: 1,
            mistakes: vec![],
            coordinates: None,
        };
        progress.insert_drill(DrillId::new(d.at, &d.kind, n as u64), d);
    }
    let best = progress.lesson_best("lesson-2", 5).unwrap();
    // 2 of 2 answered in a lesson of 5 is 40%: 3 of 5 is the best.
    assert_eq!((best.correct, best.exercises, best.percent()), (3, 5, 60));
    assert!(!best.passed());
    assert_eq!(progress.lesson_best("lesson-3", 5), None);
}

// ---------------------------------------------------------------------------
// A teacher's class

fn slip(input: &str, codes: &[&str]) -> TypedInput {
    TypedInput {
        input: input.to_owned(),
        codes: codes.iter().map(|c| (*c).to_owned()).collect(),
        san: None,
        candidates: Vec::new(),
    }
}

#[test]
fn a_class_report_from_three_students_files() {
    use sancho::progress::{ClassReport, Status, StudentResult};
    let pack = [lichess("p1"), lichess("p2"), lichess("p3")];
    // Anna: p1 first try; p2 failed then solved; p3 not tried; a puzzle
    // from elsewhere is left out.
    let mut anna_fail = attempt("p2", 10, Outcome::Failed, 0, None);
    anna_fail.wrong_inputs = vec![
        slip("nf3", &["lowercase-piece"]),
        slip("Qh5", &["wrong-move"]),
    ];
    let anna = progress_of(vec![
        attempt("p1", 5, Outcome::Solved, 0, None),
        anna_fail,
        attempt("p2", 20, Outcome::Solved, 0, None),
        attempt("other", 30, Outcome::Failed, 0, None),
    ]);
    // Ben: p1 with a hint (failed), p2 and p3 first try.
    let mut ben_p2 = attempt("p2", 7, Outcome::Solved, 0, None);
    ben_p2.time_ms = 4_000;
    let mut ben_p3 = attempt("p3", 9, Outcome::Failed, 0, None);
    ben_p3.wrong_inputs = vec![
        slip("0-0", &["zero-castling"]),
        slip("nxe5", &["lowercase-piece"]),
    ];
    let ben = progress_of(vec![
        attempt("p1", 5, Outcome::Solved, 1, None),
        ben_p2,
        ben_p3,
    ]);
    // Cleo: nothing.
    let cleo = Progress::new();

    let files: Vec<String> = [("anna", &anna), ("ben", &ben), ("cleo", &cleo)]
        .iter()
        .map(|(name, p)| {
            serde_json::to_string(&StudentResult::of(p, name, "class", &pack)).unwrap()
        })
        .collect();
    let anna_file: serde_json::Value = serde_json::from_str(&files[0]).unwrap();
    assert_eq!(anna_file["format"], "sancho-class-result");
    assert_eq!(
        anna_file["puzzles"].as_array().unwrap().len(),
        3,
        "the pack only"
    );
    assert_eq!(anna_file["puzzles"][1]["attempts"], 2);
    assert_eq!(anna_file["puzzles"][1]["first_try"], false);
    assert_eq!(anna_file["puzzles"][1]["status"], "solved");
    assert_eq!(
        anna_file["puzzles"][1]["times_ms"],
        serde_json::json!([1000, 1000])
    );
    assert_eq!(
        anna_file["puzzles"][1]["mistakes"],
        serde_json::json!([{"code": "lowercase-piece", "input": "nf3"}]),
        "notation slips only"
    );

    let results: Vec<StudentResult> = files
        .iter()
        .map(|f| StudentResult::from_json(f).unwrap())
        .collect();
    let report = ClassReport::of(&results);
    assert_eq!(report.puzzles, ["p1", "p2", "p3"]);
    let statuses: Vec<Vec<Status>> = report
        .students
        .iter()
        .map(|s| s.cells.iter().map(|c| c.status).collect())
        .collect();
    use Status::*;
    assert_eq!(
        statuses,
        [
            vec![SolvedFirstTry, Solved, NotTried],
            vec![Failed, SolvedFirstTry, Failed],
            vec![NotTried, NotTried, NotTried],
        ]
    );
    let anna_row = &report.students[0];
    assert_eq!(
        (
            anna_row.solved_first_try,
            anna_row.solved,
            anna_row.failed,
            anna_row.time_ms
        ),
        (1, 2, 0, 3_000)
    );
    assert_eq!(report.students[1].time_ms, 6_000);
    let p2 = &report.by_puzzle[1];
    assert_eq!((p2.solved_first_try, p2.solved, p2.failed), (1, 2, 0));
    let mistakes: Vec<(&str, u32, u32)> = report
        .mistakes
        .iter()
        .map(|m| (m.code.as_str(), m.count, m.students))
        .collect();
    assert_eq!(
        mistakes,
        [("lowercase-piece", 2, 2), ("zero-castling", 1, 1)]
    );

    let text = report.to_string();
    assert!(
        text.contains("Class report: 3 students, 3 puzzles (class)"),
        "{text}"
    );
    assert!(
        text.contains(
            "a lower-case piece letter (lowercase-piece): 2 times by 2 of 3 students (e.g. nf3)"
        ),
        "{text}"
    );
    let csv = report.to_csv();
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(
        lines[0],
        "student,p1,p2,p3,solved_first_try,solved,failed,time_s,slips"
    );
    assert_eq!(
        lines[1],
        "anna,first try,solved,-,1,2,0,3,lowercase-piece 1 (nf3)"
    );
    assert_eq!(
        lines[2],
        "ben,failed,first try,failed,1,1,2,6,lowercase-piece 1 (nxe5); zero-castling 1 (0-0)"
    );
    assert_eq!(lines[3], "cleo,-,-,-,0,0,0,0,");
    assert!(
        text.contains(
            "  ben: a lower-case piece letter ×1 (nxe5); castled with zeros (0-0 for O-O) ×1 (0-0)"
        ),
        "each student's slips: {text}"
    );

    assert!(StudentResult::from_json("{\"format\": \"x\"}").is_err());
    let err = StudentResult::from_json(&files[0].replace("sancho-class-result", "other"))
        .unwrap_err()
        .to_string();
    assert!(err.contains("not a class result file"), "{err}");
}
