//! Worksheets for the classroom (issue 40): puzzles to solve, notation
//! drills and a blank scoresheet, as a model that the shells draw on paper
//! (PDF) or as text.
//!
//! The model knows what goes on the sheet and in which order: each
//! exercise's diagram (the position, the side at the bottom, the set-up
//! move, an arrow or a marked square), the words beside it, what the
//! student fills in, and the answer key in the chosen language's letters
//! or figurines. It knows nothing of paper sizes, points or fonts: those
//! belong to the renderers (`sancho::print`), which lay the model out. It
//! reads no clock either: the date in the header is handed in, or left
//! blank for the student.

mod drills;
mod model;
mod puzzles;

pub use drills::{NotOnPaper, PaperDrill, drill_sheet};
pub use model::{
    Answer, Diagram, HEADER_FIELDS, Item, KeyEntry, Kind, Orientation, PerPage, SCORESHEET_FIELDS,
    SCORESHEET_MOVES, SCORESHEET_SIGNATURES, SheetOptions, UnknownPerPage, Worksheet, scoresheet,
};
pub use puzzles::{puzzle_sheet, puzzle_solution};
