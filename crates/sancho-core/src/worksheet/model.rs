//! The worksheet model: a title, the exercises in order, the answer key.

use std::fmt;
use std::str::FromStr;

use shakmaty::{Chess, Color, Square};

use crate::drill::DrillKind;
use crate::notation::Lang;

/// What a sheet holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Puzzles to solve, a diagram each.
    Puzzles,
    /// A notation drill's exercises.
    Drill(DrillKind),
    /// A blank scoresheet (no exercises: the renderers draw its form from
    /// [`SCORESHEET_FIELDS`], [`SCORESHEET_MOVES`] and
    /// [`SCORESHEET_SIGNATURES`]).
    Scoresheet,
}

/// How many diagrams a page holds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum PerPage {
    /// Two by two: large diagrams, room to write a long line.
    Four,
    /// Two columns of three (the default, as puzzle books print them).
    #[default]
    Six,
    /// Three by three.
    Nine,
}

impl PerPage {
    /// Every choice, smallest first.
    pub const ALL: [PerPage; 3] = [PerPage::Four, PerPage::Six, PerPage::Nine];

    /// How many exercises a page holds.
    #[must_use]
    pub fn count(self) -> usize {
        let (columns, rows) = self.grid();
        columns * rows
    }

    /// Columns and rows of the page's grid.
    #[must_use]
    pub fn grid(self) -> (usize, usize) {
        match self {
            PerPage::Four => (2, 2),
            PerPage::Six => (2, 3),
            PerPage::Nine => (3, 3),
        }
    }
}

impl fmt::Display for PerPage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.count())
    }
}

/// A number of diagrams per page other than 4, 6 or 9.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0:?} diagrams per page: choose 4, 6 or 9")]
pub struct UnknownPerPage(pub String);

impl FromStr for PerPage {
    type Err = UnknownPerPage;

    fn from_str(text: &str) -> Result<PerPage, UnknownPerPage> {
        PerPage::ALL
            .into_iter()
            .find(|p| p.count().to_string() == text.trim())
            .ok_or_else(|| UnknownPerPage(text.to_owned()))
    }
}

/// From whose side a puzzle's diagram is drawn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Orientation {
    /// From the solver's side, as Lichess and Sancho's board show a
    /// puzzle: Black to move is drawn with Black at the bottom.
    #[default]
    Solver,
    /// White at the bottom always, as many printed puzzle books do.
    White,
}

/// What a sheet is made with, besides its exercises.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SheetOptions {
    /// The title (default: one for the kind of sheet).
    pub title: Option<String>,
    /// The date printed in the header (default: a blank to fill in).
    pub date: Option<String>,
    /// Diagrams per page.
    pub per_page: PerPage,
    /// Whether the answer key is added, on its own pages.
    pub key: bool,
    /// The language of the moves in the key and beside the diagrams:
    /// its letters, or figurines.
    pub lang: Lang,
    /// From whose side puzzles are drawn.
    pub orientation: Orientation,
    /// A line at the foot of every page: where the exercises come from
    /// and how to print the same sheet again.
    pub footer: String,
}

/// One diagram: a position, the side at the bottom, and what is marked
/// on it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagram {
    /// The position drawn (its side to move is the one marked).
    pub position: Chess,
    /// The side at the bottom.
    pub orientation: Color,
    /// The move that led to the position (a Lichess puzzle's set-up
    /// move), shaded from and to.
    pub last_move: Option<[Square; 2]>,
    /// An arrow from one square to another (the move to write).
    pub arrow: Option<[Square; 2]>,
    /// A square ringed (the square to name).
    pub marked: Option<Square>,
    /// Whether files and ranks are named along the edges.
    pub coordinates: bool,
    /// Whether the side to move is marked beside the board (not where the
    /// position is only a backdrop, as for coordinates).
    pub turn: bool,
}

/// What the student writes for an exercise.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    /// Moves on a line (a puzzle's solution, a move in SAN, a square's name).
    Line,
    /// A move's from and to squares.
    Squares,
    /// Nothing written: a cross on the diagram.
    Mark,
}

/// One exercise on the sheet.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Item {
    /// Its number on the sheet and in the key (from 1).
    pub number: usize,
    /// The diagram.
    pub diagram: Diagram,
    /// The task in a few words: "White to move", "Name the ringed square".
    pub prompt: String,
    /// More, when there is more: the set-up move ("after 23... Qxd4"), the
    /// move to read ("White plays Nbd7").
    pub detail: Option<String>,
    /// What the student fills in.
    pub answer: Answer,
}

/// One answer in the key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KeyEntry {
    /// The exercise's number.
    pub number: usize,
    /// What names it besides its number (a puzzle's id), or nothing.
    pub label: String,
    /// The answer, in the sheet's language (figurines as Unicode chess
    /// symbols: the PDF draws them, text shows them as they are).
    pub answer: String,
}

/// A worksheet: the header's words, the exercises, the key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Worksheet {
    /// What it holds.
    pub kind: Kind,
    /// The title at the top of every page.
    pub title: String,
    /// What to do, under the header of the exercise pages.
    pub instructions: String,
    /// The date in the header (`None`: a blank to fill in).
    pub date: Option<String>,
    /// The exercises, in order.
    pub items: Vec<Item>,
    /// Diagrams per page.
    pub per_page: PerPage,
    /// The answer key, printed on its own pages (`None`: left out).
    pub key: Option<Vec<KeyEntry>>,
    /// The line at the foot of every page.
    pub footer: String,
}

/// The labels of the header's blanks, on every exercise page.
pub const HEADER_FIELDS: [&str; 2] = ["Name", "Date"];

/// The fields at the top of a scoresheet, row by row, in the order FIDE's
/// forms have them.
pub const SCORESHEET_FIELDS: [&[&str]; 4] = [
    &["Event", "Date"],
    &["Round", "Board", "Result"],
    &["White", "Rating"],
    &["Black", "Rating"],
];

/// How many numbered moves a scoresheet has (in two columns).
pub const SCORESHEET_MOVES: usize = 60;

/// Who signs a scoresheet at the end.
pub const SCORESHEET_SIGNATURES: [&str; 3] = [
    "White's signature",
    "Black's signature",
    "Arbiter's signature",
];

impl Worksheet {
    /// The exercises page by page.
    pub fn pages(&self) -> impl Iterator<Item = &[Item]> {
        self.items.chunks(self.per_page.count())
    }

    /// How many exercise pages there are (a scoresheet is one page).
    #[must_use]
    pub fn exercise_pages(&self) -> usize {
        match self.kind {
            Kind::Scoresheet => 1,
            _ => self.items.len().div_ceil(self.per_page.count()),
        }
    }
}

/// A blank FIDE-style scoresheet: the event's fields, 60 numbered moves in
/// two columns, the signatures. `options.date` fills its Date field.
#[must_use]
pub fn scoresheet(options: &SheetOptions) -> Worksheet {
    Worksheet {
        kind: Kind::Scoresheet,
        title: options
            .title
            .clone()
            .unwrap_or_else(|| "Scoresheet".to_owned()),
        instructions:
            "Write each move in SAN as it is played, White's and Black's on the same row."
                .to_owned(),
        date: options.date.clone(),
        items: Vec::new(),
        per_page: options.per_page,
        key: None,
        footer: options.footer.clone(),
    }
}

/// A sheet of `exercises`, numbered from 1 in their order: `item` makes
/// each one's item (given its number), `key` its key entry's label and
/// answer; the title is `options`' or `title`.
pub(super) fn numbered<T>(
    (kind, title): (Kind, &str),
    instructions: String,
    exercises: &[T],
    options: &SheetOptions,
    item: impl Fn(usize, &T) -> Item,
    key: impl Fn(&T) -> (String, String),
) -> Worksheet {
    let items = exercises
        .iter()
        .enumerate()
        .map(|(i, exercise)| item(i + 1, exercise))
        .collect();
    let key = options.key.then(|| {
        exercises
            .iter()
            .enumerate()
            .map(|(i, exercise)| {
                let (label, answer) = key(exercise);
                KeyEntry {
                    number: i + 1,
                    label,
                    answer,
                }
            })
            .collect()
    });
    Worksheet {
        kind,
        title: options.title.clone().unwrap_or_else(|| title.to_owned()),
        instructions,
        date: options.date.clone(),
        items,
        per_page: options.per_page,
        key,
        footer: options.footer.clone(),
    }
}

/// `instructions`, then the letters the student writes with when they are
/// not English: "... Piece letters: K D T L S (German)."
pub(super) fn with_letters(instructions: &str, lang: Lang) -> String {
    match letters_note(lang) {
        Some(note) => format!("{instructions} {note}"),
        None => instructions.to_owned(),
    }
}

/// The letters the student writes with, when they are not English: "Piece
/// letters: K D T L S (German)."
fn letters_note(lang: Lang) -> Option<String> {
    use shakmaty::Role;
    if lang.is_english() {
        return None;
    }
    let letters: Vec<String> = [
        Role::King,
        Role::Queen,
        Role::Rook,
        Role::Bishop,
        Role::Knight,
    ]
    .into_iter()
    .map(|role| lang.letter(role).to_string())
    .collect();
    Some(format!(
        "Piece letters: {} ({}).",
        letters.join(" "),
        lang.name
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn per_page_reads_4_6_9_and_nothing_else() {
        assert_eq!("4".parse::<PerPage>(), Ok(PerPage::Four));
        assert_eq!("6".parse::<PerPage>(), Ok(PerPage::Six));
        assert_eq!(" 9".parse::<PerPage>(), Ok(PerPage::Nine));
        for bad in ["5", "", "six", "12"] {
            let err = bad.parse::<PerPage>().unwrap_err().to_string();
            assert!(err.contains("choose 4, 6 or 9"), "{bad}: {err}");
        }
        for p in PerPage::ALL {
            let (c, r) = p.grid();
            assert_eq!(c * r, p.count());
            assert_eq!(p.to_string().parse::<PerPage>(), Ok(p));
        }
    }

    #[test]
    fn letters_note_names_the_language() {
        assert_eq!(letters_note(Lang::EN), None);
        let de: Lang = "de".parse().unwrap();
        assert_eq!(
            letters_note(de).unwrap(),
            "Piece letters: K D T L S (German)."
        );
    }
}
