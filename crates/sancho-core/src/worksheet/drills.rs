//! A sheet of notation drill exercises: the move drawn as an arrow to
//! write, a move in SAN to read, a square to name or to find.

use std::fmt;
use std::str::FromStr;

use shakmaty::{Color, Move, Position, Square};

use super::model::{Answer, Diagram, Item, Kind, SheetOptions, Worksheet, numbered, with_letters};
use crate::drill::{DrillKind, Exercise, Expected, Show};
use crate::notation::{Lang, lan, role_name, san};

/// The drills a sheet prints: those a pen can answer on a diagram.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PaperDrill {
    /// An arrow shows a move: write it in SAN.
    Write,
    /// A move in SAN: draw it, or write its squares.
    Read,
    /// An arrow shows a move another piece of the kind could make too.
    Disambiguation,
    /// Name a ringed square, or mark a named one (no coordinates printed).
    Coordinates,
}

impl PaperDrill {
    /// Every drill a sheet prints, as `--drill` lists them.
    pub const ALL: [PaperDrill; 4] = [
        PaperDrill::Write,
        PaperDrill::Read,
        PaperDrill::Disambiguation,
        PaperDrill::Coordinates,
    ];

    /// The drill's generator.
    #[must_use]
    pub fn kind(self) -> DrillKind {
        match self {
            PaperDrill::Write => DrillKind::Write,
            PaperDrill::Read => DrillKind::Read,
            PaperDrill::Disambiguation => DrillKind::Disambiguation,
            PaperDrill::Coordinates => DrillKind::Coordinates,
        }
    }

    /// The sheet's title when none is given.
    fn title(self) -> &'static str {
        match self {
            PaperDrill::Write => "Write the move",
            PaperDrill::Read => "Read the move",
            PaperDrill::Disambiguation => "Which piece? Disambiguation",
            PaperDrill::Coordinates => "Coordinates",
        }
    }

    /// What the student is asked to do, under the header.
    fn instructions(self) -> &'static str {
        match self {
            PaperDrill::Write => "Each arrow shows a move: write it in SAN under the diagram.",
            PaperDrill::Read => {
                "Each move is given in SAN: draw it on the diagram as an arrow, and write its from and to squares."
            }
            PaperDrill::Disambiguation => {
                "Each arrow shows a move that another piece of the same kind could also make: write it in SAN, naming the piece that moves as briefly as the rules allow."
            }
            PaperDrill::Coordinates => {
                "The board's edges are not labelled: name each ringed square, and mark each square asked for with a cross."
            }
        }
    }
}

impl fmt::Display for PaperDrill {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.kind().as_str())
    }
}

/// A drill a sheet does not print.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("a worksheet prints the write, read, disambiguation or coordinates drill, not {0:?}")]
pub struct NotOnPaper(pub String);

impl FromStr for PaperDrill {
    type Err = NotOnPaper;

    fn from_str(text: &str) -> Result<PaperDrill, NotOnPaper> {
        PaperDrill::ALL
            .into_iter()
            .find(|d| d.kind().as_str() == text)
            .ok_or_else(|| NotOnPaper(text.to_owned()))
    }
}

/// A sheet of `exercises` (made by `drill::generate` for `drill.kind()`),
/// in their order, each on its diagram, and the key.
#[must_use]
pub fn drill_sheet(drill: PaperDrill, exercises: &[Exercise], options: &SheetOptions) -> Worksheet {
    let lang = options.lang;
    let instructions = if drill == PaperDrill::Coordinates {
        drill.instructions().to_owned()
    } else {
        with_letters(drill.instructions(), lang)
    };
    numbered(
        (Kind::Drill(drill.kind()), drill.title()),
        instructions,
        exercises,
        options,
        |number, ex| item(number, ex, lang),
        |ex| (String::new(), key_answer(ex, lang)),
    )
}

fn side_name(color: Color) -> &'static str {
    match color {
        Color::White => "White",
        Color::Black => "Black",
    }
}

fn item(number: usize, ex: &Exercise, lang: Lang) -> Item {
    let mut diagram = Diagram {
        position: ex.position.clone(),
        orientation: ex.orientation,
        last_move: None,
        arrow: None,
        marked: None,
        coordinates: ex.kind != DrillKind::Coordinates,
        turn: ex.kind != DrillKind::Coordinates,
    };
    let side = side_name(ex.position.turn());
    let bottom = format!("{} at the bottom", side_name(ex.orientation));
    let (prompt, detail, answer) = match (&ex.show, ex.expected) {
        (Show::San { .. }, Expected::Move(mv)) => (
            format!("{side} plays {}", lang.localize(&san(&ex.position, mv))),
            None,
            Answer::Squares,
        ),
        (Show::Square { square }, _) => {
            diagram.marked = Some(*square);
            (
                "Name the ringed square".to_owned(),
                Some(bottom),
                Answer::Line,
            )
        }
        (Show::Question { square } | Show::Colour { square }, _) => (
            format!("Mark {square} with a cross"),
            Some(bottom),
            Answer::Mark,
        ),
        (Show::Move { .. } | Show::Game { .. } | Show::San { .. }, _) => {
            let highlighted = ex.highlighted();
            if let [from, to] = highlighted.as_slice() {
                diagram.arrow = Some([*from, *to]);
            }
            // What the arrow cannot show: the piece a pawn becomes; and
            // what the disambiguation is about.
            let mut notes = Vec::new();
            if let Expected::Move(mv) = ex.expected {
                if let Some(role) = mv.promotion() {
                    notes.push(format!("the pawn becomes a {}", role_name(role)));
                }
                if ex.kind == DrillKind::Disambiguation {
                    notes.push(format!("another {} can go there too", role_name(mv.role())));
                }
            }
            let detail = (!notes.is_empty()).then(|| notes.join("; "));
            (format!("{side} to move"), detail, Answer::Line)
        }
    };
    Item {
        number,
        diagram,
        prompt,
        detail,
        answer,
    }
}

/// The key's answer to one exercise: the move in SAN; a read move's from
/// and to squares (LAN: `Nb1-d2`, castling with the king's squares); the
/// square, with where it is when it was to be found.
fn key_answer(ex: &Exercise, lang: Lang) -> String {
    match (&ex.show, ex.expected) {
        (Show::San { .. }, Expected::Move(mv)) => read_answer(ex, mv, lang),
        (Show::Question { .. } | Show::Colour { .. }, Expected::Square(square)) => {
            let (column, row) = place(square, ex.orientation);
            format!(
                "{square}: {} column from the left, {} row from the bottom",
                ordinal(column),
                ordinal(row)
            )
        }
        (_, Expected::Square(square)) => square.to_string(),
        (_, Expected::Move(mv)) => lang.localize(&san(&ex.position, mv)),
    }
}

fn read_answer(ex: &Exercise, mv: Move, lang: Lang) -> String {
    let written = lang.localize(&lan(&ex.position, mv));
    match mv {
        Move::Castle { king, .. } => {
            let to = crate::drill::vision_squares(mv)[1];
            format!("{written} (the king {king}-{to})")
        }
        _ => written,
    }
}

/// Where `square` is seen from `orientation`'s side: its column from the
/// left and its row from the bottom, from 1.
fn place(square: Square, orientation: Color) -> (u32, u32) {
    let (file, rank) = (square.file().to_u32(), square.rank().to_u32());
    match orientation {
        Color::White => (file + 1, rank + 1),
        Color::Black => (8 - file, 8 - rank),
    }
}

fn ordinal(n: u32) -> String {
    let suffix = match n {
        1 => "st",
        2 => "nd",
        3 => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::drill::{GenOptions, generate};

    #[test]
    fn paper_drills_are_named_as_the_drills_are() {
        for drill in PaperDrill::ALL {
            assert_eq!(drill.to_string().parse::<PaperDrill>(), Ok(drill));
        }
        let err = "transcribe".parse::<PaperDrill>().unwrap_err().to_string();
        assert!(
            err.contains("write, read, disambiguation or coordinates"),
            "{err}"
        );
    }

    #[test]
    fn write_exercises_draw_the_move_as_an_arrow_and_key_its_san() {
        let exercises = generate(DrillKind::Write, 7, 5, &GenOptions::default());
        let options = SheetOptions {
            key: true,
            ..SheetOptions::default()
        };
        let sheet = drill_sheet(PaperDrill::Write, &exercises, &options);
        assert_eq!(sheet.items.len(), exercises.len());
        let key = sheet.key.expect("asked for");
        for ((item, ex), entry) in sheet.items.iter().zip(&exercises).zip(&key) {
            let Expected::Move(mv) = ex.expected else {
                panic!("a move")
            };
            let arrow = item.diagram.arrow.expect("an arrow");
            assert_eq!(arrow[1], ex.highlighted()[1]);
            assert_eq!(Some(arrow[0]), mv.from());
            assert_eq!(entry.answer, san(&ex.position, mv));
            assert_eq!(item.answer, Answer::Line);
            assert!(item.diagram.coordinates);
        }
    }

    #[test]
    fn a_promotion_says_what_the_pawn_becomes() {
        // Enough exercises that some are promotions (one feature in eight).
        let exercises = generate(DrillKind::Write, 1, 200, &GenOptions::default());
        let sheet = drill_sheet(PaperDrill::Write, &exercises, &SheetOptions::default());
        let mut promotions = 0;
        for (item, ex) in sheet.items.iter().zip(&exercises) {
            let Expected::Move(mv) = ex.expected else {
                panic!("a move")
            };
            match mv.promotion() {
                Some(role) => {
                    promotions += 1;
                    let detail = item.detail.as_deref().expect("a detail");
                    assert_eq!(detail, format!("the pawn becomes a {}", role_name(role)));
                }
                None => assert_eq!(item.detail, None),
            }
        }
        assert!(promotions > 0, "no promotion among 200 exercises");
    }

    #[test]
    fn read_exercises_give_the_san_and_key_the_squares() {
        let exercises = generate(DrillKind::Read, 3, 8, &GenOptions::default());
        let de: Lang = "de".parse().unwrap();
        let options = SheetOptions {
            key: true,
            lang: de,
            ..SheetOptions::default()
        };
        let sheet = drill_sheet(PaperDrill::Read, &exercises, &options);
        assert!(sheet.instructions.contains("(German)"));
        let key = sheet.key.expect("asked for");
        for ((item, ex), entry) in sheet.items.iter().zip(&exercises).zip(&key) {
            let Expected::Move(mv) = ex.expected else {
                panic!("a move")
            };
            assert!(item.diagram.arrow.is_none(), "the arrow is the answer");
            assert!(item.prompt.contains(&de.localize(&san(&ex.position, mv))));
            assert_eq!(item.answer, Answer::Squares);
            assert!(entry.answer.contains(&mv.to().to_string()), "{entry:?}");
        }
    }

    #[test]
    fn coordinates_hide_the_edges_and_say_which_side_is_at_the_bottom() {
        let exercises = generate(DrillKind::Coordinates, 11, 12, &GenOptions::default());
        let options = SheetOptions {
            key: true,
            ..SheetOptions::default()
        };
        let sheet = drill_sheet(PaperDrill::Coordinates, &exercises, &options);
        let key = sheet.key.expect("asked for");
        for ((item, ex), entry) in sheet.items.iter().zip(&exercises).zip(&key) {
            let Expected::Square(square) = ex.expected else {
                panic!("a square")
            };
            assert!(!item.diagram.coordinates);
            assert!(!item.diagram.turn, "the start position is a backdrop");
            assert!(item.detail.as_deref().unwrap().ends_with("at the bottom"));
            match ex.show {
                Show::Square { .. } => {
                    assert_eq!(item.diagram.marked, Some(square));
                    assert_eq!(entry.answer, square.to_string());
                }
                _ => {
                    assert_eq!(item.diagram.marked, None, "the answer is not drawn");
                    assert_eq!(item.answer, Answer::Mark);
                    assert!(entry.answer.starts_with(&format!("{square}: ")));
                }
            }
        }
    }

    #[test]
    fn a_square_is_placed_as_its_side_sees_it() {
        assert_eq!(place(Square::A1, Color::White), (1, 1));
        assert_eq!(place(Square::A1, Color::Black), (8, 8));
        assert_eq!(place(Square::E4, Color::Black), (4, 5));
        assert_eq!(ordinal(2), "2nd");
        assert_eq!(ordinal(8), "8th");
    }
}
