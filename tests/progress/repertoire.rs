//! Repertoires (issue 25): a PGN with variations and a transposition read
//! into cards, bad games named and left out, the store's file, and the
//! trainer's flow on the core's state machine.

use std::collections::BTreeMap;

use sancho::notation::Lang;
use sancho::progress::{Card, CardState, Grade, Progress, Timestamp};
use sancho::repertoire::{
    GameError, NameProblem, Origin, Plan, Repertoire, RepertoireError, RepertoireStore, TrainEnd,
    TrainEvent, Trainer,
};
use sancho::train::{Finished, Saved, apply};
use serde_json::{Value, json};
use shakmaty::Color;

const WHITE: &str = include_str!("../fixtures/repertoire/white.pgn");
const T0: Timestamp = Timestamp(1_700_000_000);

fn white() -> (Repertoire, sancho::repertoire::AddReport) {
    let mut rep = Repertoire::new("white", Color::White, T0);
    let report = rep.add_pgn(WHITE.as_bytes(), "white.pgn", T0).unwrap();
    (rep, report)
}

#[test]
fn a_pgn_with_variations_and_a_transposition_gives_its_cards() {
    let (rep, report) = white();
    assert_eq!(report.games, 3, "three games added, the broken one not");
    assert_eq!(
        report.cards, 10,
        "five Italian, four Sicilian, one Reti card"
    );
    assert_eq!(rep.cards().len(), 10);
    assert_eq!(report.lines, 5, "two lines each in games 1 and 2, one in 3");
    assert_eq!(rep.line_count(), 5);
    // 1. Nf3 Nc6 2. e4 e5 is 1. e4 e5 2. Nf3 Nc6: one position, two moves.
    let doubles: Vec<(String, String)> = report
        .doubles
        .iter()
        .map(|d| (d.first.san.clone(), d.second.san.clone()))
        .collect();
    assert_eq!(
        doubles,
        [
            ("1.e4".to_owned(), "1.Nf3".to_owned()),
            ("3.Bc4".to_owned(), "3.Bb5".to_owned())
        ]
    );
    let spanish = &report.doubles[1];
    assert_eq!(spanish.first.origin, Origin::Game(1));
    assert_eq!(spanish.first.line, "1. e4 e5 2. Nf3 Nc6");
    assert_eq!(spanish.second.origin, Origin::Game(3));
    assert_eq!(
        spanish.second.line, "1. Nf3 Nc6 2. e4 e5",
        "named by its own line"
    );
}

#[test]
fn a_bad_game_is_named_by_number_and_move_and_nothing_of_it_is_added() {
    let (rep, report) = white();
    assert_eq!(report.rejected.len(), 1);
    let bad = &report.rejected[0];
    assert_eq!(bad.game, 4);
    assert_eq!(bad.line, 14, "the line of the file it starts on");
    match &bad.error {
        GameError::Move { number, san, .. } => {
            assert_eq!((number.as_str(), san.as_str()), ("2.", "Bb6"));
        }
        other => panic!("expected a move error, got {other:?}"),
    }
    let start = rep.roots()[0];
    let first: Vec<&str> = rep.nodes()[start]
        .moves
        .iter()
        .map(|e| e.san.as_str())
        .collect();
    assert_eq!(
        first,
        ["e4", "Nf3"],
        "1. d4 of the broken game is not added"
    );
}

#[test]
fn pgn_errors_are_told_per_game() {
    // (movetext, what the error says)
    let table = [
        ("1. e4 e5 2. Ke3 *", "move 2. Ke3"),
        ("1. e4 (1. d4 *", "unclosed variation"),
        ("1. e4 {never closed *", "unclosed comment"),
        (
            "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6 5. O-O-O *",
            "move 5. O-O-O",
        ),
    ];
    for (movetext, said) in table {
        let mut rep = Repertoire::new("t", Color::White, T0);
        let text = format!("[Event \"x\"]\n\n{movetext}\n");
        let report = rep.add_pgn(text.as_bytes(), "t.pgn", T0).unwrap();
        assert_eq!(report.games, 0, "{movetext}");
        let error = report.rejected[0].error.to_string();
        assert!(error.contains(said), "{movetext}: {error}");
        assert!(rep.cards().is_empty(), "{movetext}: nothing added");
    }
}

#[test]
fn adding_the_same_file_again_adds_no_cards() {
    let (mut rep, _) = white();
    let again = rep.add_pgn(WHITE.as_bytes(), "white.pgn", T0).unwrap();
    assert_eq!((again.games, again.cards, again.new_lines), (3, 0, 0));
    assert!(again.doubles.is_empty());
}

#[test]
fn the_store_keeps_repertoires_across_opens_and_sets_a_damaged_file_aside() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = RepertoireStore::open(dir.path(), T0).unwrap();
    let (rep, _) = white();
    store
        .change(T0, |all| {
            all.push(rep.clone());
            Ok(())
        })
        .unwrap();
    let reopened = RepertoireStore::open_for_reading(dir.path(), T0).unwrap();
    let read = reopened.get("white").unwrap();
    assert_eq!(read, &rep);
    assert_eq!(read.cards().len(), 10);
    assert_eq!(
        read.line_to(read.cards()[2])
            .iter()
            .map(|m| m.san.as_str())
            .collect::<Vec<_>>(),
        ["e4", "e5", "Nf3", "Nc6"]
    );
    let deleted = store.change(T0, |all| {
        let before = all.len();
        all.retain(|r| r.name() != "nope");
        if all.len() == before {
            return Err(RepertoireError::NotFound("nope".into()));
        }
        Ok(())
    });
    assert!(matches!(deleted, Err(RepertoireError::NotFound(_))));

    std::fs::write(
        dir.path().join("repertoire.json"),
        b"{\"schema\":1,\"repert",
    )
    .unwrap();
    let mut store = RepertoireStore::open(dir.path(), Timestamp(T0.0 + 5)).unwrap();
    let notice = store.take_notice().expect("the damage is told");
    assert!(notice.moved_to.exists());
    assert!(notice.to_string().contains("could not be read"));
    assert!(store.repertoires().is_empty());

    std::fs::write(dir.path().join("repertoire.json"), b"{\"schema\":9}").unwrap();
    let newer = RepertoireStore::open(dir.path(), T0).unwrap_err();
    assert!(matches!(
        newer,
        RepertoireError::NewerSchema { found: 9, .. }
    ));
}

/// The trainer's events, flattened to short words for a table.
fn words(events: &[TrainEvent]) -> Vec<String> {
    events
        .iter()
        .map(|e| match e {
            TrainEvent::Started { due, new, .. } => format!("start {due}+{new}"),
            TrainEvent::Shown { moves, from, .. } => {
                let sans: Vec<&str> = moves.iter().map(|m| m.san.as_str()).collect();
                format!("shown {from} {}", sans.join(" "))
            }
            TrainEvent::Asked(a) => {
                let sans: Vec<&str> = a.line.iter().map(|m| m.san.as_str()).collect();
                let tag = if a.again {
                    "again"
                } else if a.new {
                    "new"
                } else {
                    "due"
                };
                format!("ask {tag} [{}]", sans.join(" "))
            }
            TrainEvent::Reply(m) => format!("reply {}", m.san),
            TrainEvent::Right {
                text, diagnostics, ..
            } => {
                format!("right {} notes {}", text.san, diagnostics.len())
            }
            TrainEvent::Wrong { text, expected, .. } => {
                format!("wrong {} want {}", text.san, expected[0].san)
            }
            TrainEvent::Revealed { expected } => format!("revealed {}", expected[0].san),
            TrainEvent::NotLegal { input, .. } => format!("not legal {input}"),
            TrainEvent::Record(Finished::Card(r)) => format!("record {}", r.right),
            TrainEvent::Record(_) => "record other".into(),
            TrainEvent::Ended(s) => format!("end {} {}/{}", s.reason, s.right, s.answered),
        })
        .collect()
}

#[test]
fn a_new_line_is_shown_then_asked_and_a_wrong_card_is_asked_again() {
    let (rep, _) = white();
    let plan = Plan::choose(&rep, &BTreeMap::new(), T0, 3);
    assert_eq!((plan.due.len(), plan.new.len(), plan.new_left), (0, 3, 7));
    let (mut trainer, events) = Trainer::new(rep, &plan, Lang::EN);
    assert_eq!(
        words(&events),
        ["start 0+3", "shown 0 e4 e5 Nf3 Nc6 Bc4", "ask new []"]
    );
    let at = Timestamp(T0.0 + 10);
    // A right move written sloppily is right, with its note.
    assert_eq!(
        words(&trainer.answer("e2-e4", at, 900)),
        [
            "right e4 notes 1",
            "record true",
            "reply e5",
            "ask new [e4 e5]"
        ]
    );
    // Not a move: a slip, not graded.
    assert_eq!(words(&trainer.answer("Nf9", at, 100)), ["not legal Nf9"]);
    // A wrong legal move: the right one shown, the line goes on along it.
    assert_eq!(
        words(&trainer.answer("Bc4", at, 500)),
        [
            "wrong Bc4 want Nf3",
            "record false",
            "reply Nc6",
            "ask new [e4 e5 Nf3 Nc6]"
        ]
    );
    let last = trainer.answer("Bc4", at, 500);
    assert_eq!(
        words(&last),
        ["right Bc4 notes 0", "record true", "ask again [e4 e5]"],
        "the wrong card is asked again before the end"
    );
    let TrainEvent::Right { comment, .. } = &last[0] else {
        panic!("right first");
    };
    assert_eq!(comment.as_deref(), Some("The Italian: the bishop eyes f7."));
    assert_eq!(
        words(&trainer.answer("Nf3", at, 500)),
        ["right Nf3 notes 0", "end done 2/3"],
        "asked again: practice, not a second review"
    );
    assert!(trainer.is_over());
}

#[test]
fn due_cards_come_first_and_a_right_answer_is_scheduled_as_puzzles_are() {
    let (rep, _) = white();
    let mut progress = Progress::default();
    let first = rep.key(rep.cards()[0]);
    let review = sancho::progress::CardReview {
        repertoire: "white".into(),
        card: first.clone(),
        at: T0,
        right: true,
        time_ms: 1000,
        played: false,
        wrong_inputs: Vec::new(),
    };
    let ids = sancho::progress::Ids::new(T0, 7);
    let saved = apply(&mut progress, ids, &Finished::Card(review), T0);
    let Saved::Card(Some(state)) = saved else {
        panic!("the card's schedule comes back: {saved:?}");
    };
    let puzzle_card = Card::first_in(&progress.scheduler(), Grade::Good, T0);
    assert_eq!(state.card, puzzle_card, "the puzzle scheduler's Good");
    assert!(state.card.interval_days >= 1);
    // Not due yet the next minute; due on its date, before any new card.
    let states: BTreeMap<String, CardState> = progress.repertoire_cards("white");
    let soon = Plan::choose(&rep, &states, Timestamp(T0.0 + 60), 10);
    assert!(soon.due.is_empty());
    assert_eq!(soon.new.len(), 9);
    let later = Plan::choose(&rep, &states, state.card.due, 2);
    assert_eq!(later.due, [rep.cards()[0]]);
    let (_, events) = Trainer::new(rep, &later, Lang::EN);
    assert_eq!(
        words(&events)[1],
        "ask due []",
        "a due card is asked, not shown"
    );
}

#[test]
fn quitting_says_what_was_left() {
    let (rep, _) = white();
    let plan = Plan::choose(&rep, &BTreeMap::new(), T0, 10);
    let (mut trainer, _) = Trainer::new(rep, &plan, Lang::EN);
    let end = trainer.stop(TrainEnd::Quit);
    let [TrainEvent::Ended(summary)] = end.as_slice() else {
        panic!("one end event");
    };
    assert_eq!(
        (summary.answered, summary.unanswered, summary.reason),
        (0, 10, "quit")
    );
    assert!(trainer.stop(TrainEnd::Quit).is_empty(), "ended once");
}

#[test]
fn a_black_repertoire_asks_from_the_first_black_move() {
    let mut rep = Repertoire::new("black", Color::Black, T0);
    let pgn =
        "[Event \"Najdorf\"]\n\n1. e4 c5 {The Sicilian.} 2. Nf3 (2. c3 d5) 2... d6 3. d4 cxd4 *\n";
    let report = rep.add_pgn(pgn.as_bytes(), "b.pgn", T0).unwrap();
    assert_eq!((report.games, report.cards, report.lines), (1, 4, 2));
    let plan = Plan::choose(&rep, &BTreeMap::new(), T0, 10);
    let (mut trainer, events) = Trainer::new(rep, &plan, Lang::EN);
    assert_eq!(
        words(&events),
        ["start 0+4", "shown 1 e4 c5 Nf3 d6 d4 cxd4", "ask new [e4]"]
    );
    let at = Timestamp(T0.0 + 5);
    assert_eq!(
        words(&trainer.answer("c5", at, 100)),
        [
            "right c5 notes 0",
            "record true",
            "reply Nf3",
            "ask new [e4 c5 Nf3]"
        ]
    );
    assert_eq!(
        words(&trainer.answer("d6", at, 100)),
        [
            "right d6 notes 0",
            "record true",
            "reply d4",
            "ask new [e4 c5 Nf3 d6 d4]"
        ]
    );
    assert_eq!(
        words(&trainer.answer("cxd4", at, 100)),
        [
            "right cxd4 notes 0",
            "record true",
            "shown 3 e4 c5 c3 d5",
            "ask new [e4 c5 c3]"
        ],
        "the variation's new line is shown when its card comes"
    );
}

fn store_with(dir: &std::path::Path, reps: &[(&str, &str)]) -> RepertoireStore {
    let mut store = RepertoireStore::open(dir, T0).unwrap();
    for (name, pgn) in reps {
        let mut rep = Repertoire::new(name, Color::White, T0);
        rep.add_pgn(pgn.as_bytes(), "t.pgn", T0).unwrap();
        store
            .change(T0, |all| {
                all.push(rep);
                Ok(())
            })
            .unwrap();
    }
    store
}

fn file_json(dir: &std::path::Path) -> Value {
    serde_json::from_slice(&std::fs::read(dir.join("repertoire.json")).unwrap()).unwrap()
}

// Issue 38, fault 8: repertoire.json dropped every field it did not know.
#[test]
fn a_field_a_newer_version_adds_to_repertoire_json_survives_every_change() {
    let dir = tempfile::tempdir().unwrap();
    drop(store_with(
        dir.path(),
        &[("a", "1. e4 e5 2. Nf3 {good} Nc6 *")],
    ));
    let mut doc = file_json(dir.path());
    let mut injected = Vec::new();
    crate::unknown_fields::inject(&mut doc, "", &mut injected);
    assert!(injected.len() >= 7, "{injected:?}");
    std::fs::write(dir.path().join("repertoire.json"), doc.to_string()).unwrap();

    // Another repertoire added: the first is written back whole.
    drop(store_with(dir.path(), &[("b", "1. d4 *")]));
    let after = file_json(dir.path());
    for (pointer, value) in &injected {
        assert_eq!(after.pointer(pointer), Some(value), "{pointer}");
    }

    // Moves added to the same repertoire: each move keeps its own fields,
    // wherever the new numbering puts it.
    let mut store = RepertoireStore::open(dir.path(), T0).unwrap();
    store
        .change(T0, |all| {
            let a = all.iter_mut().find(|r| r.name() == "a").unwrap();
            a.add_pgn("1. c4 *\n\n1. e4 c5 *".as_bytes(), "more.pgn", T0)
                .unwrap();
            Ok(())
        })
        .unwrap();
    let after = file_json(dir.path());
    let a = &after["repertoires"][0];
    assert_eq!(a["name"], "a");
    assert_eq!(a["zz_newer"], "/repertoires/0");
    assert_eq!(a["added"][0]["zz_newer"], "/repertoires/0/added/0");
    assert!(
        a["added"][1].get("zz_newer").is_none(),
        "the new file's record has none"
    );
    let by_uci = |uci: &str| {
        a["moves"]
            .as_array()
            .unwrap()
            .iter()
            .find(|m| m["uci"] == uci)
            .unwrap()
            .clone()
    };
    for (i, uci) in ["e2e4", "e7e5", "g1f3", "b8c6"].into_iter().enumerate() {
        assert_eq!(
            by_uci(uci)["zz_newer"],
            format!("/repertoires/0/moves/{i}"),
            "{uci}"
        );
    }
    assert!(by_uci("c2c4").get("zz_newer").is_none());
    assert_eq!(after["zz_newer"], "");
}

// Fault 10: names read from repertoire.json were not checked at all.
#[test]
fn a_stored_name_that_breaks_the_rule_is_held_aside_unchanged() {
    let dir = tempfile::tempdir().unwrap();
    drop(store_with(dir.path(), &[("good", "1. e4 *")]));
    let mut doc = file_json(dir.path());
    let good = doc["repertoires"][0].clone();
    let bad_names = [
        String::new(),
        "\u{1b}[31mred".to_owned(),
        "x".repeat(300),
        "--help".to_owned(),
        "a\u{202e}b".to_owned(),
        "s\u{200b}".to_owned(),
    ];
    for name in &bad_names {
        let mut bad = good.clone();
        bad["name"] = json!(name);
        doc["repertoires"].as_array_mut().unwrap().push(bad);
    }
    std::fs::write(dir.path().join("repertoire.json"), doc.to_string()).unwrap();
    let store = RepertoireStore::open_for_reading(dir.path(), T0).unwrap();
    let names: Vec<&str> = store.repertoires().iter().map(|r| r.name()).collect();
    assert_eq!(names, ["good"]);
    let held: Vec<(&str, NameProblem)> = store
        .held()
        .iter()
        .map(|h| (h.name.as_str(), h.problem))
        .collect();
    assert_eq!(held.len(), bad_names.len());
    assert_eq!(held[0].1, NameProblem::Empty);
    assert_eq!(held[1].1, NameProblem::Hidden('\u{1b}'));
    assert_eq!(held[2].1, NameProblem::TooLong);
    assert_eq!(held[3].1, NameProblem::Dash);
    assert_eq!(held[4].1, NameProblem::Hidden('\u{202e}'));
    assert_eq!(held[5].1, NameProblem::Hidden('\u{200b}'));

    // A change writes them back as they were.
    drop(store_with(dir.path(), &[("other", "1. d4 *")]));
    let after = file_json(dir.path());
    let stored: Vec<&Value> = after["repertoires"].as_array().unwrap().iter().collect();
    assert_eq!(stored.len(), 2 + bad_names.len());
    for name in &bad_names {
        let kept = stored.iter().find(|r| r["name"] == json!(name)).unwrap();
        assert_eq!(kept["moves"], good["moves"], "{name:?}");
    }
}
