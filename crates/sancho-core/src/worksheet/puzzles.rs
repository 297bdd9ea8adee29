//! A sheet of puzzles: a diagram each, in the order given, and the key.

use shakmaty::{Color, Move};

use super::model::{
    Answer, Diagram, Item, Kind, Orientation, SheetOptions, Worksheet, numbered, with_letters,
};
use crate::notation::{Lang, movetext};
use crate::puzzle::Puzzle;

/// What the student is asked to do on a sheet of puzzles.
const INSTRUCTIONS: &str = "Find the best move. Under each diagram, write the whole solution in SAN: your moves and the replies you expect.";

/// A sheet of `puzzles`, in their order: each drawn as the solver first
/// sees it (after a Lichess puzzle's set-up move, which is shaded and
/// named), with a line to write the solution on; the key gives each
/// puzzle's id and whole line from there.
#[must_use]
pub fn puzzle_sheet(puzzles: &[Puzzle], options: &SheetOptions) -> Worksheet {
    numbered(
        (Kind::Puzzles, "Puzzles"),
        with_letters(INSTRUCTIONS, options.lang),
        puzzles,
        options,
        |number, puzzle| item(number, puzzle, options),
        |puzzle| (puzzle.id.clone(), puzzle_solution(puzzle, options.lang)),
    )
}

/// A puzzle's solution as the key prints it: the numbered moves from the
/// position the solver is shown (a Lichess puzzle's set-up move left
/// out), replies included, in `lang`'s letters or figurines:
/// `24. Rxd4 Qxd4 25. Qe8#`.
#[must_use]
pub fn puzzle_solution(puzzle: &Puzzle, lang: Lang) -> String {
    let moves: Vec<Move> = puzzle
        .solution
        .iter()
        .skip(usize::from(puzzle.opponent_first()))
        .map(|step| step.mv)
        .collect();
    lang.localize_text(&movetext(&puzzle.user_start(), &moves))
}

fn item(number: usize, puzzle: &Puzzle, options: &SheetOptions) -> Item {
    let setup = puzzle
        .solution
        .first()
        .filter(|step| !step.is_user)
        .map(|step| step.mv);
    let orientation = match options.orientation {
        Orientation::Solver => puzzle.user_color,
        Orientation::White => Color::White,
    };
    let side = match puzzle.user_color {
        Color::White => "White",
        Color::Black => "Black",
    };
    let prompt = match mate_in(puzzle) {
        Some(n) => format!("{side} to move: mate in {n}"),
        None => format!("{side} to move"),
    };
    Item {
        number,
        diagram: Diagram {
            position: puzzle.user_start(),
            orientation,
            last_move: setup.and_then(|mv| Some([mv.from()?, mv.to()])),
            arrow: None,
            marked: None,
            coordinates: true,
            turn: true,
        },
        prompt,
        detail: setup.map(|mv| {
            let played = movetext(&puzzle.position, &[mv]);
            format!("after {}", options.lang.localize_text(&played))
        }),
        answer: Answer::Line,
    }
}

/// The N of a `mateInN` theme: how a book would state the task ("White
/// to move: mate in 2"). It names no move, so it may be shown.
fn mate_in(puzzle: &Puzzle) -> Option<u8> {
    let mut found = puzzle
        .themes
        .iter()
        .filter_map(|theme| theme.strip_prefix("mateIn")?.parse::<u8>().ok());
    let n = found.next()?;
    // Two different claims: say neither.
    found.all(|m| m == n).then_some(n)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lichess_like() -> Puzzle {
        // Black takes on b2 and leaves the back rank to White's rook.
        let raw = r#"{"name":"t","puzzles":[{"id":"x1","fen":"6k1/5ppp/8/8/8/8/1Pq2PPP/3R2K1 b - - 0 30","toMove":"white","themes":["mateIn1"],"solutionSequence":[{"move":"c2b2","isUserMove":false},{"move":"d1d8","isUserMove":true}]}]}"#;
        crate::puzzle::read_pack(raw, "t")
            .expect("a valid pack")
            .puzzles
            .remove(0)
    }

    #[test]
    fn the_key_starts_after_the_setup_move_and_numbers_the_moves() {
        let puzzle = lichess_like();
        assert!(puzzle.opponent_first());
        assert_eq!(puzzle_solution(&puzzle, Lang::EN), "31. Rd8#");
        let de: Lang = "de".parse().unwrap();
        assert_eq!(puzzle_solution(&puzzle, de), "31. Td8#");
        assert_eq!(
            puzzle_solution(&puzzle, Lang::EN.with_figurines(true)),
            "31. ♖d8#"
        );
    }

    #[test]
    fn a_lichess_puzzle_is_drawn_after_its_setup_move_from_the_solvers_side() {
        let puzzle = lichess_like();
        let options = SheetOptions {
            key: true,
            ..SheetOptions::default()
        };
        let sheet = puzzle_sheet(std::slice::from_ref(&puzzle), &options);
        let item = &sheet.items[0];
        assert_eq!(item.prompt, "White to move: mate in 1");
        assert_eq!(item.detail.as_deref(), Some("after 30... Qxb2"));
        assert_eq!(item.diagram.orientation, Color::White);
        assert_eq!(
            item.diagram.last_move,
            Some([shakmaty::Square::C2, shakmaty::Square::B2])
        );
        assert_eq!(item.diagram.position, puzzle.user_start());
        let key = sheet.key.expect("asked for");
        assert_eq!(key[0].label, "x1");
        assert_eq!(key[0].answer, "31. Rd8#");
        let white = SheetOptions {
            orientation: Orientation::White,
            ..options
        };
        let flipped = puzzle_sheet(&[puzzle], &white);
        assert_eq!(flipped.items[0].diagram.orientation, Color::White);
        assert!(flipped.key.is_some());
    }

    #[test]
    fn two_mate_claims_that_disagree_say_nothing() {
        let mut puzzle = lichess_like();
        assert_eq!(mate_in(&puzzle), Some(1));
        puzzle.themes.push("mateIn3".to_owned());
        assert_eq!(mate_in(&puzzle), None);
        puzzle.themes = vec!["fork".to_owned()];
        assert_eq!(mate_in(&puzzle), None);
    }
}
