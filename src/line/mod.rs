//! Line mode: plain text for screen readers and pipes, or one JSON object
//! per line. Reads answers from any `BufRead`, writes to any `Write`.

pub mod board_text;
pub mod drill;
pub mod puzzle;

pub use board_text::{board_drawing, board_drawing_marked, piece_list};
pub use drill::{DrillOptions, lesson_completed, run_drill, run_exercises, run_lesson};
pub use puzzle::{PlaySummary, describe, run_puzzles, run_puzzles_refuting};
