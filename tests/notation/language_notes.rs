//! Every language's letters in the notes (issue 27): a judge's note names
//! the move in the user's letters, the pawn-letter note names the letter
//! typed, and a pawn letter that is an English piece letter is taught even
//! when neither reading is a move.

use sancho::notation::{Code, HintEngine, Lang, Strictness, hint_in, parse_fen, resolve_in};
use shakmaty::Role;

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
/// Bb5 gives check.
const BISHOP_CHECK: &str = "4k3/8/8/8/8/8/8/4KB2 w - - 0 1";

#[test]
fn a_notes_move_is_written_in_the_users_letters() {
    let pos = parse_fen(BISHOP_CHECK).unwrap();
    for lang in Lang::ALL {
        let typed = lang.localize("Bb5");
        let r = resolve_in(&pos, &typed, Strictness::Lenient, lang)
            .unwrap_or_else(|e| panic!("{lang}: {typed}: {e:?}"));
        let check = r
            .diagnostics
            .iter()
            .find(|d| d.code == Code::MissingCheck)
            .unwrap_or_else(|| panic!("{lang}: {:?}", r.diagnostics));
        let note = lang.note(check);
        assert!(
            note.contains(&format!("({})", lang.localize("Bb5+"))),
            "{lang}: {note}"
        );
        if lang.letter(Role::Bishop) != 'B' {
            assert!(!note.contains("Bb5"), "{lang}: {note}");
        }
    }
}

#[test]
fn the_pawn_letter_note_names_the_letter_typed() {
    let pos = parse_fen(START).unwrap();
    let engine = HintEngine::new(&pos);
    let mut taught = 0;
    for lang in Lang::ALL {
        let pawn = lang.letter(Role::Pawn);
        // Dutch pawns are O, which is never read as a pawn letter: it
        // would clash with castling (`O-O`), whose slips are taught instead.
        if pawn == 'P' || pawn == 'O' {
            continue;
        }
        taught += 1;
        for typed in [pawn.to_string(), format!("{pawn}e4")] {
            let hint = hint_in(&engine, &typed, lang);
            let note = hint
                .diagnostics
                .iter()
                .find(|d| d.code == Code::PawnLetter)
                .unwrap_or_else(|| panic!("{lang}: {typed}: {hint:?}"));
            assert!(
                note.message.contains(&format!("leave out the {pawn}")),
                "{lang}: {typed}: {}",
                note.message
            );
            assert!(!note.message.contains("the P"), "{lang}: {}", note.message);
        }
    }
    assert!(
        taught >= 3,
        "languages with a pawn letter of their own: {taught}"
    );
}

#[test]
fn a_pawn_letter_that_is_an_english_piece_is_taught_when_nothing_fits() {
    // No pawn reaches a6, and no bishop either: `Ba6` in German.
    let pos = parse_fen(START).unwrap();
    let engine = HintEngine::new(&pos);
    let mut taught = 0;
    for lang in Lang::ALL {
        let pawn = lang.letter(Role::Pawn);
        let english = match pawn {
            'K' => Role::King,
            'Q' => Role::Queen,
            'R' => Role::Rook,
            'B' => Role::Bishop,
            'N' => Role::Knight,
            _ => continue,
        };
        taught += 1;
        let typed = format!("{pawn}a6");
        let lesson = format!(
            "in {} notation {pawn} is the pawn; the {} is {}",
            lang.name,
            sancho::notation::role_name(english),
            lang.letter(english)
        );
        let rejected = resolve_in(&pos, &typed, Strictness::Lenient, lang).unwrap_err();
        assert!(
            rejected
                .diagnostics
                .iter()
                .any(|d| d.message.contains(&lesson)),
            "{lang}: {rejected:?}"
        );
        let hint = hint_in(&engine, &typed, lang);
        assert!(
            hint.diagnostics.iter().any(|d| d.message.contains(&lesson)),
            "{lang}: {hint:?}"
        );
    }
    assert!(taught >= 1, "German's B at least");
}
