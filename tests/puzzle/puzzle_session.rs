//! The solving session: both shapes, alternative mates, castling spellings,
//! the hint ladder, giving up and retrying, and what counts as solved.

use std::path::Path;

use sancho::puzzle::{Puzzle, load_path};
use sancho::session::{Event, FailReason, HintRung, Session, SessionResult, Wrong};
use shakmaty::{Color, Move, Position, Role, Square};

fn puzzle(file: &str, id: &str) -> Puzzle {
    let loaded = load_path(&Path::new("tests/fixtures/puzzles").join(file)).unwrap();
    loaded.puzzles.into_iter().find(|p| p.id == id).unwrap()
}

/// The SAN of the moves in Correct/OpponentMoved events, with a tag.
fn summary(events: &[Event]) -> Vec<String> {
    events
        .iter()
        .map(|e| match e {
            Event::Started { id, .. } => format!("started {id}"),
            Event::OpponentMoved { text, .. } => format!("opponent {}", text.san),
            Event::Correct {
                text, alternative, ..
            } => format!(
                "correct {}{}",
                text.san,
                if *alternative { " (alt)" } else { "" }
            ),
            Event::Wrong { input, wrong } => match wrong {
                Wrong::NotSolution { text, .. } => {
                    format!("wrong {input}: not the solution ({})", text.san)
                }
                Wrong::NotLegal(_) => format!("wrong {input}: not legal"),
            },
            Event::Hint(r) => format!("hint {}", r.number()),
            Event::Solved { id, .. } => format!("solved {id}"),
            Event::MarkedFailed { reason, .. } => format!("marked failed: {}", reason.describe()),
            Event::Failed { id, message, .. } => format!("failed {id}: {message}"),
            Event::GaveUp { id, solution, .. } => format!(
                "gave up {id}: {}",
                solution
                    .iter()
                    .map(|t| t.san.as_str())
                    .collect::<Vec<_>>()
                    .join(" ")
            ),
        })
        .collect()
}

#[test]
fn user_first_two_moves() {
    let (mut s, events) = Session::new(puzzle("good_pack.json", "m2-001"));
    assert_eq!(summary(&events), ["started m2-001"]);
    assert_eq!(s.position().turn(), Color::White);
    assert_eq!(summary(&s.submit("Kb6")), ["correct Kb6", "opponent Kb8"]);
    assert!(!s.is_finished());
    assert!(s.outcome().is_none());
    assert_eq!(
        summary(&s.submit("Rd8#")),
        ["correct Rd8#", "solved m2-001"]
    );
    assert!(s.is_finished());
    assert_eq!(s.last_move().map(|t| t.san.as_str()), Some("Rd8#"));
    let played: Vec<_> = s
        .moves_played()
        .iter()
        .map(|(t, c)| (t.san.clone(), c.clone()))
        .collect();
    assert_eq!(
        played,
        [
            ("Kb6".to_owned(), Some("Takes b7 and c7 away".to_owned())),
            ("Kb8".to_owned(), None),
            ("Rd8#".to_owned(), Some("Checkmate!".to_owned())),
        ]
    );
    assert_eq!(
        s.outcome(),
        Some(SessionResult {
            solved: true,
            hints_used: 0,
            solution_shown: false,
            wrong: vec![],
            slips: vec![],
            failure: None,
            blind: None,
        })
    );
    // Input after the end changes nothing.
    assert!(s.submit("Kb7").is_empty());
}

#[test]
fn opponent_first_plays_the_opponent_move_at_once() {
    let (s, events) = Session::new(puzzle("good_pack.json", "m1-002"));
    assert_eq!(summary(&events), ["started m1-002", "opponent Kh8"]);
    match &events[1] {
        Event::OpponentMoved { comment, .. } => {
            assert_eq!(comment.as_deref(), Some("Black hides in the corner"))
        }
        other => panic!("{other:?}"),
    }
    match &events[0] {
        Event::Started {
            fen, user_color, ..
        } => {
            assert_eq!(fen, "6k1/5Q2/6K1/8/8/8/8/8 b - - 0 1");
            assert_eq!(*user_color, Color::White);
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(s.position().turn(), Color::White);
}

#[test]
fn any_mate_is_accepted_on_the_last_move() {
    for (input, expected) in [
        ("Qf8#", "correct Qf8#"),
        ("Qe8#", "correct Qe8# (alt)"),
        ("Qg7#", "correct Qg7# (alt)"),
        ("Qh7#", "correct Qh7# (alt)"),
        ("f7h7", "correct Qh7# (alt)"),
    ] {
        let (mut s, _) = Session::new(puzzle("good_pack.json", "m1-002"));
        let events = s.submit(input);
        assert_eq!(summary(&events), [expected, "solved m1-002"], "{input}");
        let comment = match &events[0] {
            Event::Correct { comment, .. } => comment.clone(),
            other => panic!("{other:?}"),
        };
        assert_eq!(comment.is_some(), !expected.ends_with("(alt)"), "{input}");
        assert_eq!(s.outcome().map(|o| o.solved), Some(true));
    }
}

#[test]
fn another_proven_mate_in_two_is_accepted_on_the_first_move() {
    // Ra7 is not the book's Rb7, but the mate solver proves it mates in two:
    // the session goes on with the longest defence and the solver's mate.
    let (mut s, _) = Session::new(puzzle("alternative_mate.json", "m2-alt"));
    assert_eq!(
        summary(&s.submit("Ra7")),
        ["correct Ra7 (alt)", "opponent Kg8"]
    );
    // The hint now points along the solver's line, not the book's.
    let mut hinted = s.clone();
    assert!(matches!(
        &hinted.hint()[0],
        Event::Hint(HintRung::Piece {
            square: Square::B1,
            ..
        })
    ));
    assert_eq!(
        summary(&s.submit("Rb8#")),
        ["correct Rb8#", "solved m2-alt"]
    );
    assert_eq!(s.outcome().map(|o| o.solved), Some(true));
}

#[test]
fn a_move_that_does_not_mate_as_fast_fails_the_puzzle() {
    // Ra6 mates too, but not in two: not an alternative.
    let (mut s, _) = Session::new(puzzle("alternative_mate.json", "m2-alt"));
    assert_eq!(
        summary(&s.submit("Ra6")),
        [
            "wrong Ra6: not the solution (Ra6)",
            "marked failed: Ra6 was tried first"
        ]
    );
}

#[test]
fn wrong_then_right_is_failed_and_the_user_may_play_on() {
    let (mut s, _) = Session::new(puzzle("good_pack.json", "m2-001"));
    assert_eq!(
        summary(&s.submit("Rd7")),
        [
            "wrong Rd7: not the solution (Rd7)",
            "marked failed: Rd7 was tried first"
        ]
    );
    // A second wrong move is only a wrong move: the puzzle failed once.
    assert_eq!(
        summary(&s.submit("Rd6")),
        ["wrong Rd6: not the solution (Rd6)"]
    );
    assert_eq!(summary(&s.submit("Kb6")), ["correct Kb6", "opponent Kb8"]);
    assert_eq!(
        summary(&s.submit("Rd8#")),
        [
            "correct Rd8#",
            "failed m2-001: Finished, but it counts as failed: Rd7 was tried first."
        ]
    );
    let outcome = s.outcome().unwrap();
    assert!(!outcome.solved && !outcome.solution_shown);
    assert!(matches!(&outcome.failure, Some(FailReason::WrongMove(t)) if t.san == "Rd7"));
}

#[test]
fn notation_mistakes_never_fail_a_puzzle() {
    let (mut s, _) = Session::new(puzzle("good_pack.json", "m2-001"));
    for input in ["Rd9", "Kc7", "hello", "K", "Rd"] {
        let events = s.submit(input);
        assert_eq!(summary(&events), [format!("wrong {input}: not legal")]);
    }
    s.submit("Kb6");
    assert_eq!(
        summary(&s.submit("Rd8#")),
        ["correct Rd8#", "solved m2-001"]
    );
    let outcome = s.outcome().unwrap();
    assert!(outcome.solved && outcome.failure.is_none());
    assert_eq!(
        outcome.wrong.len(),
        5,
        "each recorded as a notation mistake"
    );
}

#[test]
fn a_hint_fails_the_puzzle_once() {
    let (mut s, _) = Session::new(puzzle("good_pack.json", "castle-001"));
    let events = s.hint();
    assert_eq!(
        summary(&events),
        ["hint 2", "marked failed: a hint was used"]
    );
    match &events[1] {
        // Not the pack's wrong-move text.
        Event::MarkedFailed { message, .. } => assert_eq!(message, sancho::session::HINT_COSTS),
        other => panic!("{other:?}"),
    }
    assert_eq!(summary(&s.hint()), ["hint 3"]);
    let events = s.submit("O-O");
    assert_eq!(
        summary(&events),
        [
            "correct O-O",
            "failed castle-001: Finished, but it counts as failed: a hint was used."
        ]
    );
    assert_eq!(s.outcome().map(|o| o.solved), Some(false));
}

#[test]
fn the_solution_line_has_every_move_comment_and_position() {
    let (s, _) = Session::new(puzzle("good_pack.json", "m2-001"));
    let line = s.solution_line();
    let steps: Vec<(&str, bool, Option<&str>)> = line
        .iter()
        .map(|st| (st.text.san.as_str(), st.by_user, st.comment.as_deref()))
        .collect();
    assert_eq!(
        steps,
        [
            ("Kb6", true, Some("Takes b7 and c7 away")),
            ("Kb8", false, None),
            ("Rd8#", true, Some("Checkmate!")),
        ]
    );
    assert!(line[2].position.is_checkmate());
    assert_eq!(line[0].position, s.puzzle().position_after(1));
    assert_eq!(s.game_url(), None);
}

#[test]
fn wrong_moves_keep_the_position_and_are_recorded() {
    let (mut s, _) = Session::new(puzzle("good_pack.json", "m1-002"));
    let before = s.position().clone();
    assert_eq!(
        summary(&s.submit("Qf6+")),
        [
            "wrong Qf6+: not the solution (Qf6+)",
            "marked failed: Qf6+ was tried first"
        ]
    );
    assert_eq!(summary(&s.submit("Qa1")), ["wrong Qa1: not legal"]);
    assert_eq!(summary(&s.submit("hello")), ["wrong hello: not legal"]);
    assert_eq!(s.position(), &before);
    assert!(!s.is_finished());
    s.submit("Qf8#");
    let outcome = s.outcome().unwrap();
    let inputs: Vec<&str> = outcome.wrong.iter().map(|t| t.input.as_str()).collect();
    assert_eq!(inputs, ["Qf6+", "Qa1", "hello"]);
    assert!(!outcome.solved, "the legal wrong move Qf6+ failed it");
}

#[test]
fn castling_in_every_spelling() {
    for id_file in [
        ("castle-001", "good_pack.json"),
        ("castle-spelling", "mismatched_solution.json"),
    ] {
        for input in ["e1g1", "e1h1", "O-O"] {
            let (mut s, _) = Session::new(puzzle(id_file.1, id_file.0));
            let events = s.submit(input);
            assert_eq!(
                summary(&events),
                ["correct O-O".to_owned(), format!("solved {}", id_file.0)],
                "{input}"
            );
        }
        let (mut s, _) = Session::new(puzzle(id_file.1, id_file.0));
        let castle = Move::Castle {
            king: Square::E1,
            rook: Square::H1,
        };
        assert_eq!(summary(&s.submit_move(castle))[0], "correct O-O");
        let (mut s, _) = Session::new(puzzle(id_file.1, id_file.0));
        let king_step = Move::Normal {
            role: Role::King,
            from: Square::E1,
            capture: None,
            to: Square::F1,
            promotion: None,
        };
        assert_eq!(
            summary(&s.submit_move(king_step))[0],
            "wrong e1f1: not the solution (Kf1)"
        );
    }
}

#[test]
fn illegal_submitted_move_is_not_legal() {
    let (mut s, _) = Session::new(puzzle("good_pack.json", "castle-001"));
    let jump = Move::Normal {
        role: Role::King,
        from: Square::E1,
        capture: None,
        to: Square::E3,
        promotion: None,
    };
    assert_eq!(summary(&s.submit_move(jump)), ["wrong e1e3: not legal"]);
}

#[test]
fn hint_ladder_climbs_and_restarts_per_move() {
    let (mut s, _) = Session::new(puzzle("good_pack.json", "m2-001"));
    let mut rungs = Vec::new();
    for _ in 0..5 {
        match s.hint().as_slice() {
            [Event::Hint(r), ..] => rungs.push(r.clone()),
            other => panic!("{other:?}"),
        }
    }
    assert_eq!(
        rungs[0],
        HintRung::Text("A quiet king move takes the squares away.".to_owned())
    );
    assert_eq!(
        rungs[1],
        HintRung::Piece {
            square: Square::C6,
            role: Role::King
        }
    );
    assert_eq!(
        rungs[2],
        HintRung::Destination {
            from: Square::C6,
            to: Square::B6
        }
    );
    assert!(matches!(&rungs[3], HintRung::Move(t) if t.san == "Kb6"));
    assert_eq!(rungs[4], rungs[3]);
    s.submit("Kb6");
    // No hint text for the second move: the ladder starts at the piece.
    assert_eq!(
        s.hint(),
        [Event::Hint(HintRung::Piece {
            square: Square::D1,
            role: Role::Rook
        })]
    );
    s.submit("Rd8#");
    assert_eq!(s.outcome().map(|o| o.hints_used), Some(4));
    assert!(s.hint().is_empty());
}

#[test]
fn hint_rungs_used_are_the_highest_reached() {
    let (mut s, _) = Session::new(puzzle("good_pack.json", "castle-001"));
    assert_eq!(
        s.hint()[0],
        Event::Hint(HintRung::Piece {
            square: Square::E1,
            role: Role::King
        })
    );
    assert_eq!(
        s.hint(),
        [Event::Hint(HintRung::Destination {
            from: Square::E1,
            to: Square::G1
        })]
    );
    s.submit("O-O");
    assert_eq!(s.outcome().map(|o| o.hints_used), Some(3));
}

#[test]
fn give_up_shows_the_rest_and_fails() {
    let (mut s, _) = Session::new(puzzle("good_pack.json", "m2-001"));
    assert_eq!(summary(&s.give_up()), ["gave up m2-001: Kb6 Kb8 Rd8#"]);
    assert!(s.is_finished());
    assert!(s.position().is_checkmate());
    assert_eq!(
        s.outcome(),
        Some(SessionResult {
            solved: false,
            hints_used: 0,
            solution_shown: true,
            wrong: vec![],
            slips: vec![],
            failure: Some(FailReason::GaveUp),
            blind: None,
        })
    );
    assert!(s.give_up().is_empty());

    let (mut s, _) = Session::new(puzzle("good_pack.json", "m2-001"));
    s.submit("Kb6");
    let events = s.give_up();
    assert_eq!(summary(&events), ["gave up m2-001: Rd8#"]);
    match &events[0] {
        // Its own message, never the puzzle's failure text inviting a retry.
        Event::GaveUp { message, .. } => assert_eq!(message, "The solution was Rd8#."),
        other => panic!("{other:?}"),
    }
}

#[test]
fn retry_restarts_the_same_puzzle() {
    let (mut s, first) = Session::new(puzzle("good_pack.json", "m1-002"));
    let start = s.position().clone();
    s.submit("Qa7");
    s.retry();
    s.give_up();
    assert!(s.is_finished());
    // After the end, a retry is a new attempt.
    let again = s.retry();
    assert_eq!(again, first);
    assert!(s.failure().is_none());
    s.submit("Qa7");
    s.retry();
    assert_eq!(s.position(), &start);
    assert!(s.outcome().is_none());
    assert_eq!(s.moves_played().len(), 1);
    // The board starts again, the attempt does not: Qa7 already failed it.
    assert_eq!(
        summary(&s.submit("Qf8#")),
        [
            "correct Qf8#",
            "failed m1-002: Finished, but it counts as failed: Qa7 was tried first."
        ]
    );
    let outcome = s.outcome().unwrap();
    assert!(!outcome.solved && outcome.wrong.len() == 1);
}

#[test]
fn success_message_comes_from_the_puzzle() {
    let (mut s, _) = Session::new(puzzle("good_pack.json", "m1-001"));
    let events = s.submit("Re8#");
    assert!(events.contains(&Event::Solved {
        id: "m1-001".to_owned(),
        message: "Excellent! Checkmate!".to_owned()
    }));
}

/// Every sound fixture puzzle is solved by typing its own line, in UCI and
/// in SAN, with no wrong move recorded.
#[test]
fn every_fixture_line_solves_its_puzzle() {
    let mut puzzles = load_path(Path::new("tests/fixtures/puzzles/good_pack.json"))
        .unwrap()
        .puzzles;
    puzzles.extend(
        load_path(Path::new("tests/fixtures/puzzles/lichess_small.csv"))
            .unwrap()
            .puzzles,
    );
    assert_eq!(puzzles.len(), 11);
    for puzzle in puzzles {
        for as_san in [false, true] {
            let (mut s, _) = Session::new(puzzle.clone());
            let mut last = Vec::new();
            for (i, m) in puzzle
                .solution
                .iter()
                .enumerate()
                .filter(|(_, m)| m.is_user)
            {
                let pos = puzzle.position_after(i);
                let input = if as_san {
                    sancho::notation::san(&pos, m.mv)
                } else {
                    sancho::notation::uci(m.mv)
                };
                assert_eq!(s.position(), &pos, "{}", puzzle.id);
                last = s.submit(&input);
                assert!(
                    matches!(last[0], Event::Correct { .. }),
                    "{} {input}: {last:?}",
                    puzzle.id
                );
            }
            assert!(
                matches!(last.last(), Some(Event::Solved { .. })),
                "{}",
                puzzle.id
            );
            let outcome = s.outcome().unwrap();
            assert!(outcome.solved && outcome.wrong.is_empty() && outcome.hints_used == 0);
        }
    }
}

#[test]
fn leaving_a_failed_puzzle_records_the_failure_and_a_clean_one_nothing() {
    let (mut s, _) = Session::new(puzzle("good_pack.json", "m2-001"));
    assert!(s.leave().is_empty(), "clean so far: nothing to record");
    assert!(!s.is_finished());
    s.submit("Rd7");
    assert_eq!(
        summary(&s.leave()),
        ["failed m2-001: Left before the end; it counts as failed: Rd7 was tried first."]
    );
    assert!(s.is_finished());
    let outcome = s.outcome().unwrap();
    assert!(!outcome.solved && !outcome.solution_shown);
    assert!(s.leave().is_empty(), "only once");
}

/// Issue 23: every slip on a submitted input is kept, accepted moves
/// included; an ambiguous input has a code of its own and its candidates,
/// and a letter of another language has its own code.
#[test]
fn every_slip_is_kept_accepted_moves_and_ambiguous_inputs_included() {
    use sancho::notation::{Code, Lang};
    let nd002 = || {
        let loaded = load_path(Path::new("puzzles/11-notation-disambiguation.json")).unwrap();
        loaded
            .puzzles
            .into_iter()
            .find(|p| p.id == "nd-002")
            .unwrap()
    };
    let (mut s, _) = Session::new(nd002());
    assert_eq!(summary(&s.submit("Rxg7")), ["wrong Rxg7: not legal"]);
    assert_eq!(
        summary(&s.submit("r6xg7")),
        ["correct R6xg7#", "solved nd-002"]
    );
    let outcome = s.outcome().unwrap();
    assert!(outcome.solved, "an ambiguous input never fails a puzzle");
    let ambiguous = &outcome.wrong[0];
    assert_eq!(ambiguous.input, "Rxg7");
    assert_eq!(ambiguous.codes, [Code::MissingDisambiguation]);
    assert_eq!(ambiguous.candidates, ["R6xg7#", "R8xg7+"]);
    let accepted = &outcome.slips[0];
    assert_eq!(accepted.input, "r6xg7");
    assert_eq!(accepted.codes, [Code::LowercasePiece, Code::MissingMate]);
    assert_eq!(accepted.san.as_deref(), Some("R6xg7#"));

    let (mut s, _) = Session::new(nd002());
    let german = "de".parse::<Lang>().unwrap();
    s.submit_in("R6xg7#", german);
    s.submit_in("T6xg7#", german);
    let outcome = s.outcome().unwrap();
    assert_eq!(outcome.wrong[0].codes, [Code::ForeignLetter]);
    assert!(outcome.slips.is_empty(), "canonical German SAN is no slip");

    // A canonical move, a note alone (spaces) and a move on the board
    // keep nothing.
    let (mut s, _) = Session::new(nd002());
    s.submit(" R6xg7# ");
    assert!(s.outcome().unwrap().slips.is_empty());
}

/// The Immortal Game's finish with a comment kept for the end, a note on
/// another try, and its title kept for the end.
fn immortal() -> Puzzle {
    puzzle("kept_for_the_end.json", "imm")
}

#[test]
fn a_comment_kept_for_the_end_is_shown_only_in_the_solution() {
    let (mut s, _) = Session::new(immortal());
    let events = s.submit("Qf6+");
    let said: Vec<Option<&str>> = events
        .iter()
        .filter_map(|e| match e {
            Event::OpponentMoved { comment, .. } | Event::Correct { comment, .. } => {
                Some(comment.as_deref())
            }
            _ => None,
        })
        .collect();
    // During the puzzle: the reply's comment only, not what points at e7.
    assert_eq!(
        said,
        [
            Some("Qf6+: the queen too!"),
            Some("Nxf6: the knight takes.")
        ]
    );
    let line = s.solution_line();
    assert_eq!(
        line[2].comment.as_deref(),
        Some("Nxf6: the knight takes. Now nothing black guards e7 except the king.")
    );
}

#[test]
fn another_try_the_puzzle_names_gets_its_note_and_still_fails() {
    let (mut s, _) = Session::new(immortal());
    let events = s.submit("Nc7");
    let note = events.iter().find_map(|e| match e {
        Event::Wrong {
            wrong: Wrong::NotSolution { text, note },
            ..
        } => Some((text.san.clone(), note.clone())),
        _ => None,
    });
    assert_eq!(
        note,
        Some((
            "Nc7".to_owned(),
            Some("Nc7 wins material, but there is mate.".to_owned())
        ))
    );
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::MarkedFailed { .. }))
    );
    // A try the puzzle does not name has no note.
    let events = s.submit("Qf7+");
    assert!(events.iter().any(|e| matches!(
        e,
        Event::Wrong {
            wrong: Wrong::NotSolution { note: None, .. },
            ..
        }
    )));
}

#[test]
fn a_title_kept_for_the_end_shows_the_pack_name_until_then() {
    let p = immortal();
    assert!(p.title_at_end);
    assert_eq!(p.shown_title(false), "Games");
    assert_eq!(p.shown_title(true), "Bishop Mates on e7");
}
