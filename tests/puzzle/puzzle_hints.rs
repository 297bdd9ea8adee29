//! Each hint belongs to one user move (issue 37): a step's own `hint`, or
//! `hints[k]` for the user's k-th move in older packs; the session shows
//! each at its move, and `check` reads each against the board at the
//! moment it is shown.

use sancho::puzzle::{CheckOptions, Severity, check_pack_with, read_pack};
use sancho::session::{Event, HintRung, Session};
use serde_json::{Value, json};

/// The Immortal Game's finish (m2-008): 21... Kd8 22. Qf6+ Nxf6 23. Be7#.
const IMMORTAL: &str = "r1b1k1nr/p2p1pNp/n2B4/1p1NP2P/6P1/3P1Q2/P1P1K3/q5b1 b kq - 0 21";

/// The puzzle with `extra` fields on the puzzle and on each step (the
/// set-up move, Qf6+, the reply, Be7#).
fn immortal(extra: Value, steps: [Value; 4]) -> String {
    let line = [
        ("e8d8", false, ""),
        ("f3f6", true, ""),
        ("g8f6", false, ""),
        ("d6e7", true, "Be7#: mate."),
    ];
    let steps: Vec<Value> = line
        .iter()
        .zip(steps)
        .map(|((mv, user, comment), add)| {
            let mut step = json!({"move": mv, "isUserMove": user});
            if !comment.is_empty() {
                step["comment"] = json!(comment);
            }
            for (k, v) in add.as_object().into_iter().flatten() {
                step[k] = v.clone();
            }
            step
        })
        .collect();
    let mut puzzle = json!({
        "id": "immortal", "title": "The Immortal Game", "fen": IMMORTAL, "toMove": "white",
        "themes": ["mateIn2"], "solutionMoves": ["f3f6", "d6e7"], "solutionSequence": steps
    });
    for (k, v) in extra.as_object().into_iter().flatten() {
        puzzle[k] = v.clone();
    }
    json!([puzzle]).to_string()
}

/// The text rung the session shows at the user's first and second move.
fn texts_shown(pack: &str) -> [Option<String>; 2] {
    let puzzle = read_pack(pack, "inline").unwrap().puzzles.remove(0);
    let (mut session, _) = Session::new(puzzle);
    let mut shown = [None, None];
    for (k, mv) in ["Qf6+", "Be7#"].into_iter().enumerate() {
        if let Some(Event::Hint(HintRung::Text(text))) = session.hint().first() {
            shown[k] = Some(text.clone());
        }
        session.submit(mv);
    }
    shown
}

fn findings(pack: &str) -> Vec<(String, Severity, String)> {
    check_pack_with(pack, "inline.json", CheckOptions::default())
        .0
        .into_iter()
        .map(|f| (f.field.unwrap_or_default(), f.severity, f.message))
        .collect()
}

const NONE: Value = Value::Null;

#[test]
fn a_steps_hint_is_shown_at_its_move_and_older_packs_read_by_place() {
    let first = "Material does not matter here: look for a check.";
    let second = "The knight has left g8: what guards e7 now?";
    let by_step = immortal(
        json!({}),
        [NONE, json!({"hint": first}), NONE, json!({"hint": second})],
    );
    assert_eq!(
        texts_shown(&by_step),
        [Some(first.to_owned()), Some(second.to_owned())]
    );
    assert_eq!(findings(&by_step), []);
    // The older form: hints[k] for the user's k-th move.
    let by_place = immortal(json!({"hints": [first, second]}), [NONE, NONE, NONE, NONE]);
    assert_eq!(
        texts_shown(&by_place),
        [Some(first.to_owned()), Some(second.to_owned())]
    );
    // A step's hint for one move, the older list for the other.
    let mixed = immortal(
        json!({"hints": [first]}),
        [NONE, NONE, NONE, json!({"hint": second})],
    );
    assert_eq!(
        texts_shown(&mixed),
        [Some(first.to_owned()), Some(second.to_owned())]
    );
    // No text for a move: its ladder starts at the piece.
    let only_second = immortal(json!({}), [NONE, NONE, NONE, json!({"hint": second})]);
    assert_eq!(texts_shown(&only_second), [None, Some(second.to_owned())]);
}

#[test]
fn a_hint_that_is_never_shown_or_on_the_opponents_move_is_found() {
    let pack = immortal(
        json!({"hints": ["for move one", "for move two", "for a third move"]}),
        [
            json!({"hint": "the opponent's move has no hint"}),
            NONE,
            NONE,
            json!({"hint": "The knight has left g8."}),
        ],
    );
    let found = findings(&pack);
    let fields: Vec<(&str, Severity)> = found.iter().map(|f| (f.0.as_str(), f.1)).collect();
    assert_eq!(
        fields,
        [
            ("solutionSequence[0].hint", Severity::Error),
            ("hints[1]", Severity::Warning),
            ("hints[2]", Severity::Warning),
        ],
        "{found:#?}"
    );
    assert!(found[0].2.contains("a hint belongs to a user move"));
    assert!(
        found[1].2.contains(
            "hints[1] is never shown: solutionSequence[3].hint is the hint of user move 2"
        ),
        "{}",
        found[1].2
    );
    assert!(
        found[2].2.contains("the puzzle has 2 user moves"),
        "{}",
        found[2].2
    );
}

#[test]
fn a_hint_is_read_against_the_board_when_it_is_shown() {
    // m2-008's old second hint, shown at move 2: the knight is on f6 by
    // then, and e7 is guarded by no knight.
    let stale = immortal(
        json!({"hints": ["Look for the check that opens e7.", "The black knight on g8 guards e7; lure it away."]}),
        [NONE, NONE, NONE, NONE],
    );
    let found = findings(&stale);
    assert_eq!(found.len(), 2, "{found:#?}");
    assert!(
        found
            .iter()
            .all(|f| f.0 == "hints[1]" && f.1 == Severity::Warning)
    );
    assert!(
        found[0].2.contains(
            "speaks of The black knight on g8, but no such piece stands there when it is shown"
        ),
        "{}",
        found[0].2
    );
    assert!(found[1].2.contains("says e7 covered"), "{}", found[1].2);
    // The same words at the first move are true: the knight is on g8.
    let at_first = immortal(
        json!({}),
        [
            NONE,
            json!({"hint": "The black knight on g8 guards e7; lure it away."}),
            NONE,
            NONE,
        ],
    );
    assert_eq!(findings(&at_first), []);
    // A later move's hint may not speak of the first move; a question
    // claims nothing.
    let later = immortal(
        json!({}),
        [
            NONE,
            NONE,
            NONE,
            json!({"hint": "After your first move, how many replies does Black have?"}),
        ],
    );
    let found = findings(&later);
    assert_eq!(found.len(), 1, "{found:#?}");
    assert_eq!(found[0].0, "solutionSequence[3].hint");
    assert!(
        found[0]
            .2
            .contains("speaks of the first move, but it is shown at move 2"),
        "{}",
        found[0].2
    );
    let question = immortal(
        json!({}),
        [
            NONE,
            NONE,
            NONE,
            json!({"hint": "The knight has left g8: what guards e7 now?"}),
        ],
    );
    assert_eq!(findings(&question), []);
    // Strict fails them all.
    let (_, summary) = check_pack_with(&stale, "inline.json", CheckOptions::STRICT);
    assert_eq!(summary.failed, 1);
}
