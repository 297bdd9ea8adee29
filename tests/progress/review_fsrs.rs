//! FSRS review scheduling: grades from what happened, intervals over a
//! sequence of reviews, and the migration of a schema-1 (SM-2) file.

use sancho::progress::{
    Attempt, Card, Grade, Outcome, PuzzleRef, SECONDS_PER_DAY, Source, Timestamp, TypedInput, disk,
    grade, sm2,
};

const DAY: i64 = SECONDS_PER_DAY;
const T0: i64 = 1_700_000_000;

/// A schema-1 document in the format Sancho wrote before FSRS: puzzle `p1`
/// failed at T0, solved cleanly a day and a week later (SM-2: interval 6,
/// ease 2.16, due at T0 + 13 days); builtin `m2` solved with a hint (a card
/// due a day later); `ok` solved cleanly (no card); a drill and a lesson.
const SCHEMA1: &str = include_str!("../fixtures/progress/schema1_sm2.json");

fn attempt(outcome: Outcome, time_ms: u64, hints: u8, shown: bool, wrong: usize) -> Attempt {
    Attempt {
        puzzle: PuzzleRef::new(Source::Lichess, "x"),
        at: Timestamp(T0),
        outcome,
        time_ms,
        hints,
        solution_shown: shown,
        rating: None,
        rated: false,
        themes: vec![],
        blind: None,
        wrong_inputs: (0..wrong).map(|_| TypedInput::new("Nf3", vec![])).collect(),
        slips: Vec::new(),
        replay: false,
    }
}

#[test]
fn grades_come_from_what_happened() {
    use Outcome::{Failed, Solved};
    let table = [
        (
            attempt(Solved, 4_000, 0, false, 0),
            Grade::Easy,
            "fast clean solve",
        ),
        (
            attempt(Solved, 30_000, 0, false, 0),
            Grade::Good,
            "slow clean solve",
        ),
        (
            attempt(Failed, 20_000, 0, false, 1),
            Grade::Hard,
            "solved after a wrong move",
        ),
        (
            attempt(Solved, 20_000, 1, false, 0),
            Grade::Hard,
            "solved with a hint",
        ),
        (
            attempt(Failed, 20_000, 0, true, 1),
            Grade::Again,
            "solution shown",
        ),
        (attempt(Failed, 20_000, 0, false, 0), Grade::Again, "failed"),
    ];
    for (attempt, expected, what) in table {
        assert_eq!(grade(&attempt), expected, "{what}");
    }
}

#[test]
fn first_failure_uses_fsrs6_default_parameters() {
    // FSRS-6 defaults (fsrs-rs DEFAULT_PARAMETERS): initial stability after
    // Again is w0 = 0.212 days, initial difficulty after Again is w4 = 6.4133.
    let card = Card::after_failure(Timestamp(T0));
    assert!((card.stability - 0.212).abs() < 1e-4, "{card:?}");
    assert!((card.difficulty - 6.4133).abs() < 1e-3, "{card:?}");
    assert_eq!(card.reviews, 1);
    // An interval under a day is rounded up to one day.
    assert_eq!(card.interval_days, 1);
    assert_eq!(card.due, Timestamp(T0 + DAY));
}

#[test]
fn intervals_grow_after_good_reviews_and_shrink_after_again() {
    let mut card = Card::after_failure(Timestamp(T0));
    let mut intervals = vec![card.interval_days];
    for _ in 0..6 {
        card.review(Grade::Good, card.due);
        intervals.push(card.interval_days);
    }
    assert!(
        intervals.windows(2).all(|w| w[1] > w[0]),
        "Good reviews on time must lengthen every interval: {intervals:?}"
    );
    let before = card;
    card.review(Grade::Again, card.due);
    assert!(
        card.interval_days < before.interval_days,
        "{before:?} -> {card:?}"
    );
    assert!(card.stability < before.stability);
    assert!(card.difficulty > before.difficulty);
    assert_eq!(card.due, before.due.plus_days(card.interval_days));
    // Recovering: Good grows it again, and Hard grows it less than Good.
    let lapsed = card;
    card.review(Grade::Good, card.due);
    assert!(card.interval_days > lapsed.interval_days);
    let mut hard = lapsed;
    hard.review(Grade::Hard, lapsed.due);
    let mut easy = lapsed;
    easy.review(Grade::Easy, lapsed.due);
    assert!(hard.interval_days <= card.interval_days && card.interval_days < easy.interval_days);
}

#[test]
fn sm2_file_is_migrated_without_loss() {
    let (progress, _) = disk::decode_document(SCHEMA1.as_bytes()).expect("schema 1 reads");
    assert_eq!(progress.attempts().len(), 5);
    assert_eq!(progress.drills().len(), 1);
    assert!(progress.lessons().contains("lesson-1"));

    // What SM-2 held for p1.
    let old = sm2::cards(progress.attempts());
    let p1 = PuzzleRef::new(Source::Lichess, "p1");
    let sm2_card = old[&p1];
    assert_eq!(
        (sm2_card.interval_days, sm2_card.due),
        (6, Timestamp(T0 + 13 * DAY))
    );
    assert!((sm2_card.ease - 2.16).abs() < 1e-9);

    // The FSRS card keeps its due date and interval; at 90% retention the
    // stability equals SM-2's interval.
    let card = progress.card(&p1).expect("p1 keeps its card");
    assert_eq!(card.last_review, Timestamp(T0 + 7 * DAY));
    assert_eq!(
        (card.interval_days, card.due),
        (6, Timestamp(T0 + 13 * DAY))
    );
    assert!((card.stability - 6.0).abs() < 1e-3, "{card:?}");
    assert!((1.0..=10.0).contains(&card.difficulty));
    // Every SM-2 card is carried over, with its due date; no card appears.
    let m2 = PuzzleRef::new(
        Source::Builtin {
            pack: "mates".to_owned(),
        },
        "m2",
    );
    assert_eq!(progress.card(&m2).map(|c| c.due), Some(old[&m2].due));
    assert!(
        progress
            .card(&PuzzleRef::new(Source::Lichess, "ok"))
            .is_none()
    );
    assert_eq!(old.len(), 2);

    // Written back as schema 2 (which Sancho 1 refuses as newer, since it
    // reads nothing above 1), and read back the same.
    let bytes = disk::encode(&progress).unwrap();
    let text = String::from_utf8(bytes.clone()).unwrap();
    assert!(text.starts_with("{\"schema\":2,"), "{text}");
    assert!(text.contains("\"carried\":["), "{text}");
    let again = disk::decode(&bytes).expect("schema 2 reads");
    assert_eq!(again, progress);
    assert_eq!(again.card(&p1), Some(card));

    // The next review continues from the carried state under FSRS.
    let mut later = again;
    let mut solve = attempt(Outcome::Solved, 20_000, 0, false, 0);
    solve.puzzle = p1.clone();
    solve.at = card.due;
    let id = sancho::progress::AttemptId::new(solve.at, "p1", 9);
    assert!(later.insert_attempt(id, solve));
    let reviewed = later.card(&p1).unwrap();
    assert_eq!(reviewed.last_review, card.due);
    assert!(reviewed.interval_days > card.interval_days, "{reviewed:?}");
}

// ---- `sancho progress optimize`: parameters fitted to the review log ----

/// A synthetic log: `puzzles` puzzles each failed on day 0 and then
/// reviewed `reviews` times at growing intervals; a review is solved when
/// a deterministic draw falls under a recall that decays with the interval
/// (a learner who forgets faster than FSRS's defaults assume).
fn synthetic_log(puzzles: usize, reviews: usize) -> sancho::progress::Progress {
    use sancho::progress::{AttemptId, Progress};
    let mut progress = Progress::new();
    let mut seed: u64 = 0x5EED;
    let mut draw = move || {
        seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
        (seed >> 33) as f64 / f64::from(1u32 << 31)
    };
    for p in 0..puzzles {
        let id = format!("syn{p}");
        let mut at = T0 + (p as i64) * 3600;
        let mut add = |at: i64, solved: bool| {
            let mut a = attempt(
                if solved {
                    Outcome::Solved
                } else {
                    Outcome::Failed
                },
                30_000,
                0,
                false,
                0,
            );
            a.puzzle = PuzzleRef::new(Source::Lichess, id.clone());
            a.at = Timestamp(at);
            progress.insert_attempt(AttemptId::new(a.at, &id, at as u64), a);
        };
        add(at, false);
        let mut stability = 0.8_f64;
        let mut interval = 1_i64;
        for _ in 0..reviews {
            at += interval * DAY;
            let recall = (-(interval as f64) / stability).exp();
            let solved = draw() < recall;
            add(at, solved);
            if solved {
                stability *= 2.2;
                interval = (interval * 2 + 1).min(60);
            } else {
                stability = (stability * 0.6).max(0.5);
                interval = 1;
            }
        }
    }
    progress
}

#[test]
fn optimize_fits_21_parameters_to_a_long_enough_log_and_they_schedule() {
    use sancho::progress::{MIN_REVIEWS, Scheduler, optimize};
    let progress = synthetic_log(40, 6);
    let items = optimize::training_items(&optimize::review_histories(&progress));
    assert_eq!(items.len(), 40 * 6, "one item per review after the first");
    assert!(optimize::usable(&items) >= MIN_REVIEWS);
    let fit = progress.optimize(Timestamp(T0)).expect("a long enough log");
    assert_eq!(fit.parameters.len(), 21);
    assert!(fit.parameters.iter().all(|p| p.is_finite()));
    assert_eq!(fit.reviews, 240);
    let defaults = Scheduler::new(None, 0.9);
    assert_ne!(
        fit.parameters.as_slice(),
        defaults.parameters(),
        "the fit moved them"
    );
    // Kept in the record, they schedule its cards: this learner forgets
    // fast, so the fitted intervals after a success are shorter.
    let mut kept = progress.clone();
    kept.set_fsrs_fit(Some(fit.clone()));
    let fitted = kept.scheduler();
    assert_eq!(fitted.parameters(), fit.parameters.as_slice());
    let (old, new) = (
        defaults.sample_intervals(Grade::Good, 4),
        fitted.sample_intervals(Grade::Good, 4),
    );
    assert_ne!(old, new);
    assert!(new.last() < old.last(), "{old:?} -> {new:?}");
    // And they survive the file.
    let bytes = disk::encode(&kept).unwrap();
    let read = disk::decode(&bytes).unwrap();
    assert_eq!(read.fsrs_fit(), Some(&fit));
    let doc: serde_json::Value = serde_json::from_slice(&bytes).unwrap();
    assert_eq!(doc["fsrs"]["parameters"].as_array().map(Vec::len), Some(21));
}

#[test]
fn a_failed_puzzle_tried_again_the_same_day_does_not_stop_the_optimizer() {
    use sancho::progress::{AttemptId, optimize};
    // 64 or more day-apart reviews, then a new puzzle failed twice within
    // a minute: a review log the fsrs crate panicked on (issue 28, item 6).
    let mut progress = synthetic_log(40, 6);
    let late = T0 + 400 * DAY;
    for (n, at) in [late, late + 60].into_iter().enumerate() {
        let mut a = attempt(Outcome::Failed, 20_000, 0, false, 1);
        a.puzzle = PuzzleRef::new(Source::Lichess, "same-day");
        a.at = Timestamp(at);
        progress.insert_attempt(AttemptId::new(a.at, "same-day", n as u64), a);
    }
    let items = optimize::training_items(&optimize::review_histories(&progress));
    assert!(
        items
            .iter()
            .any(|i| i.reviews.iter().all(|r| r.delta_t == 0)),
        "the log holds the item that has no interval"
    );
    let fit = progress.optimize(Timestamp(late)).expect("fitted");
    assert_eq!(fit.parameters.len(), 21);
    assert_eq!(
        fit.reviews, 240,
        "the same-day retry is not a usable review"
    );
}

#[test]
fn optimize_says_how_many_reviews_a_short_log_lacks() {
    use sancho::progress::{MIN_REVIEWS, OptimizeError};
    let progress = synthetic_log(10, 3);
    let err = progress.optimize(Timestamp(T0)).unwrap_err();
    assert_eq!(
        err,
        OptimizeError::TooFew {
            have: 30,
            need: MIN_REVIEWS
        }
    );
    assert!(err.to_string().contains("at least 64 reviews"), "{err}");
    assert!(err.to_string().contains("your log has 30"), "{err}");
}

#[test]
fn the_desired_retention_moves_the_intervals() {
    use sancho::progress::Scheduler;
    let at = |r: f32| Scheduler::new(None, r).sample_intervals(Grade::Good, 4);
    let (high, usual, low) = (at(0.97), at(0.9), at(0.8));
    assert!(
        high.last() < usual.last() && usual.last() < low.last(),
        "{high:?} {usual:?} {low:?}"
    );
    assert_eq!(
        usual,
        {
            let mut card = Card::after_failure(Timestamp(0));
            let mut days = vec![card.interval_days];
            for _ in 0..4 {
                card.review(Grade::Good, card.due);
                days.push(card.interval_days);
            }
            days
        },
        "0.9 is the default"
    );
}

// ---- notation slips: one FSRS card per diagnostic code ----

fn slip_drill(kind: &str, at: i64, codes: &[&str]) -> sancho::progress::DrillResult {
    sancho::progress::DrillResult {
        kind: kind.to_owned(),
        at: Timestamp(at),
        exercises: 5,
        correct: 5 - codes.len() as u32,
        time_ms: 30_000,
        mistakes: codes
            .iter()
            .map(|c| sancho::progress::DrillMistake {
                code: (*c).to_owned(),
                answer: "Nxe5".to_owned(),
                input: None,
            })
            .collect(),
        coordinates: None,
    }
}

#[test]
fn a_notation_slip_makes_a_card_and_review_drills_grade_it() {
    use sancho::progress::{CodeReview, DrillId, Progress};
    let mut p = Progress::new();
    // A slip and a wrong answer in a write drill: only the slip is a card.
    p.insert_drill(
        DrillId::new(Timestamp(T0), "write", 1),
        slip_drill("write", T0, &["missing-capture", "wrong-move"]),
    );
    // Zero-castling typed in puzzles three times: more frequent, later due.
    for i in 0..3 {
        let mut a = attempt(Outcome::Solved, 20_000, 0, false, 0);
        a.at = Timestamp(T0 + 3600 + i);
        a.wrong_inputs = vec![TypedInput {
            input: "0-0".to_owned(),
            codes: vec!["zero-castling".to_owned()],
            san: None,
            candidates: Vec::new(),
        }];
        p.insert_attempt(sancho::progress::AttemptId::new(a.at, "x", i as u64), a);
    }
    let cards = p.slip_cards();
    assert_eq!(
        cards.keys().collect::<Vec<_>>(),
        ["missing-capture", "zero-castling"]
    );
    let capture = cards["missing-capture"];
    assert_eq!(
        (capture.reviews, capture.due),
        (1, Timestamp(T0 + DAY)),
        "Again: due a day later"
    );
    assert!(p.due_slips(Timestamp(T0)).is_empty());
    // A day later: the capture slip is due and comes first, before the more frequent one.
    let order = p.slip_order(Timestamp(T0 + DAY));
    assert_eq!(order.codes, ["missing-capture", "zero-castling"]);
    assert_eq!(order.due, 1);
    assert_eq!(p.mistake_counts()[0].code, "zero-castling");
    assert_eq!(p.stats(Timestamp(T0 + DAY)).slips_due, ["missing-capture"]);

    // The review drill trains it, right at the first try: Good, due later.
    let review = |p: &mut Progress, at: i64, nonce: u64, mistakes: &[&str], right: bool| {
        let id = DrillId::new(Timestamp(at), "review", nonce);
        p.insert_drill(id.clone(), slip_drill("review", at, mistakes));
        let codes = vec![CodeReview {
            code: "missing-capture".to_owned(),
            right,
        }];
        assert!(p.insert_reviewed(&id, Timestamp(at), codes));
    };
    review(&mut p, T0 + DAY, 2, &[], true);
    let good = p.slip_cards()["missing-capture"];
    assert_eq!(good.reviews, 2);
    assert!(good.interval_days > 1, "{good:?}");
    assert!(
        !p.due_slips(Timestamp(T0 + DAY))
            .contains(&"missing-capture".to_owned())
    );
    // Wrong at its next review (the slip made in the drill is the same review): Again.
    review(&mut p, good.due.0, 3, &["missing-capture"], false);
    let again = p.slip_cards()["missing-capture"];
    assert_eq!(
        again.reviews, 3,
        "the drill's slip and its credit are one review"
    );
    assert_eq!(again.interval_days, 1);
    assert!(again.stability < good.stability);

    // Kept in the file and read back the same.
    let read = disk::decode(&disk::encode(&p).unwrap()).unwrap();
    assert_eq!(read.slip_cards(), p.slip_cards());
    let doc: serde_json::Value = serde_json::from_slice(&disk::encode(&p).unwrap()).unwrap();
    assert_eq!(doc["reviewed"][0]["codes"][0]["code"], "missing-capture");
}

#[test]
fn review_drills_open_with_one_exercise_per_code_and_credit_them() {
    use sancho::drill::{DrillKind, Feature, GenOptions, Trained, credited, generate};
    let codes = vec!["zero-castling".to_owned(), "missing-check".to_owned()];
    let options = GenOptions {
        weak_codes: codes.clone(),
        game: None,
        book: Some(sancho::drill::game_book()),
        ..Default::default()
    };
    let exercises = generate(DrillKind::Review, 7, 6, &options);
    let features: Vec<_> = exercises.iter().map(|e| e.feature).collect();
    assert_eq!(
        features[..2],
        [Some(Feature::Castling), Some(Feature::Check)]
    );
    let trained = [
        Trained {
            feature: Some(Feature::Check),
            right: true,
        },
        Trained {
            feature: Some(Feature::Castling),
            right: false,
        },
        Trained {
            feature: Some(Feature::Promotion),
            right: true,
        },
        Trained {
            feature: None,
            right: true,
        },
    ];
    let credit: Vec<(String, bool)> = credited(&trained, &codes)
        .into_iter()
        .map(|c| (c.code, c.right))
        .collect();
    assert_eq!(
        credit,
        [
            ("missing-check".to_owned(), true),
            ("zero-castling".to_owned(), false)
        ],
        "a feature no code trains credits nothing"
    );
}

/// config.toml's `retention` is a setting the store holds (no process-wide
/// state): it schedules the reviews of every reading of the file, the ones
/// after a record included.
#[test]
fn the_store_schedules_at_the_retention_it_is_given() {
    use sancho::config::Retention;
    use sancho::progress::Store;
    let interval = |retention: f64| {
        let dir = tempfile::tempdir().unwrap();
        let mut store = Store::open(dir.path(), Timestamp(T0)).unwrap().store;
        store.set_retention(Retention::from_value(retention).unwrap());
        let mut failed = attempt(Outcome::Failed, 20_000, 0, false, 1);
        store.record_attempt(failed.clone()).unwrap();
        failed.at = Timestamp(T0 + 2 * DAY);
        failed.outcome = Outcome::Solved;
        failed.wrong_inputs.clear();
        failed.time_ms = 30_000;
        // Recording reads the file again: the retention must survive it.
        store.record_attempt(failed).unwrap();
        let card = store.progress().card(&PuzzleRef::new(Source::Lichess, "x"));
        card.expect("a failed puzzle has a card").interval_days
    };
    assert!(
        interval(0.97) < interval(0.9) && interval(0.9) < interval(0.8),
        "{} {} {}",
        interval(0.97),
        interval(0.9),
        interval(0.8)
    );
}

/// Issue 23: a slip typed on an accepted move is a slip like any other: the
/// statistics count it in words with what was typed, and it makes a review
/// card.
#[test]
fn a_slip_on_an_accepted_move_is_counted_and_reviewed() {
    use sancho::puzzle::load_path;
    use sancho::record::{attempt_record, source_of};
    use sancho::session::Session;
    let loaded = load_path(std::path::Path::new(
        "puzzles/11-notation-disambiguation.json",
    ))
    .unwrap();
    let puzzle = loaded.puzzles.iter().find(|p| p.id == "nd-002").unwrap();
    let (mut session, _) = Session::new(puzzle.clone());
    session.submit("Rxg7");
    session.submit("R6xg7");
    let outcome = session.outcome().unwrap();
    assert!(outcome.solved);
    let attempt = attempt_record(
        puzzle,
        source_of(puzzle, true),
        &outcome,
        Timestamp(T0),
        3_000,
    );
    assert_eq!(attempt.slips[0].codes, ["missing-mate"]);
    assert_eq!(attempt.wrong_inputs[0].codes, ["missing-disambiguation"]);
    assert_eq!(attempt.wrong_inputs[0].candidates, ["R6xg7#", "R8xg7+"]);
    let mut progress = sancho::progress::Progress::new();
    progress.insert_attempt(
        sancho::progress::AttemptId::new(Timestamp(T0), "nd-002", 1),
        attempt,
    );

    let stats = progress.stats(Timestamp(T0));
    let lines: Vec<String> = stats.mistakes.iter().map(ToString::to_string).collect();
    assert_eq!(
        lines,
        [
            "an ambiguous move (which piece?): once (you typed Rxg7 for R6xg7# or R8xg7+)",
            "forgot # on a mate: once (you typed R6xg7 for R6xg7#)",
        ]
    );
    let cards = progress.slip_cards();
    assert!(cards.contains_key("missing-mate"), "{cards:?}");
    assert!(cards.contains_key("missing-disambiguation"));
    assert_eq!(
        progress.due_slips(Timestamp(T0 + DAY)),
        ["missing-disambiguation", "missing-mate"]
    );
}
