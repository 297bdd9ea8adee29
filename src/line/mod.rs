//! Line mode: plain text for screen readers and pipes, or one JSON object
//! per line. Reads answers from any `BufRead`, writes to any `Write`.

pub(crate) mod blindfold;
pub(crate) mod board_text;
pub(crate) mod command;
pub(crate) mod drill;
pub(crate) mod game;
pub(crate) mod guess;
mod out;
pub(crate) mod prose;
pub(crate) mod protocol;
pub(crate) mod puzzle;
pub(crate) mod repertoire;
pub(crate) mod run;
pub(crate) mod scoresheet;

pub use blindfold::{blind_text, blindfold_text, blindfold_text_in, numbered_moves};
pub use board_text::{board_drawing, board_drawing_marked, piece_list, piece_list_in};
pub use command::Command;
pub use drill::{
    DrillOptions, lesson_completed, run_drill, run_exercises, run_lesson, run_lesson_in,
};
pub use game::{GameSetting, run_game};
pub use guess::run_guess;
pub use prose::plain_prose;
pub use protocol::{
    CardMove, CardShown, EndgameShown, ExerciseShown, FailedPuzzle, FailedSolution, GoalJudged,
    HintShown, LineEvent, PuzzleShown, Rated, ReadMove, SolvedPuzzle,
};
pub use puzzle::{
    Mode, PlaySummary, RatedTrack, describe, run_puzzles, run_puzzles_in, run_puzzles_refuting,
    run_rated,
};
pub use repertoire::run_repertoire;
pub use run::{run_timed, storm_text};
pub use scoresheet::run_scoresheet;

/// The most of one typed line that line mode keeps: far more than any move
/// or command, so that an over-long line is still told apart ("input too
/// long") while a pasted megabyte never sits in memory.
pub const MAX_LINE_BYTES: usize = 4 * 1024;

/// Reads one line into `line` (cleared first) and returns the number of
/// bytes read, 0 at the end of input.
///
/// Unlike `BufRead::read_line`, a line that is not UTF-8 never stops the
/// run: its bad bytes become U+FFFD, so the answer is judged (and refused)
/// like any other. Only the first [`MAX_LINE_BYTES`] bytes are kept.
///
/// # Errors
/// Only the reader's own I/O errors.
pub fn read_line_lossy(
    input: &mut impl std::io::BufRead,
    line: &mut String,
) -> std::io::Result<usize> {
    line.clear();
    let mut kept = Vec::new();
    let mut total = 0;
    loop {
        let buf = match input.fill_buf() {
            Ok(buf) => buf,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if buf.is_empty() {
            break;
        }
        let (chunk, done) = match buf.iter().position(|&b| b == b'\n') {
            Some(i) => (&buf[..=i], true),
            None => (buf, false),
        };
        let room = MAX_LINE_BYTES.saturating_sub(kept.len());
        kept.extend_from_slice(&chunk[..chunk.len().min(room)]);
        let used = chunk.len();
        total += used;
        input.consume(used);
        if done {
            break;
        }
    }
    line.push_str(&String::from_utf8_lossy(&kept));
    Ok(total)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bad_line_is_read_lossily_and_the_next_survives() {
        let mut input: &[u8] = b"Rd\xff8\n\nRd8#\r\n";
        let mut line = String::new();
        assert_eq!(read_line_lossy(&mut input, &mut line).unwrap(), 5);
        assert_eq!(line, "Rd\u{fffd}8\n");
        assert_eq!(read_line_lossy(&mut input, &mut line).unwrap(), 1);
        assert_eq!(line, "\n");
        assert_eq!(read_line_lossy(&mut input, &mut line).unwrap(), 6);
        assert_eq!(line, "Rd8#\r\n");
        assert_eq!(read_line_lossy(&mut input, &mut line).unwrap(), 0);
    }

    #[test]
    fn a_huge_line_keeps_a_bounded_prefix() {
        let big = "!".repeat(3 * MAX_LINE_BYTES) + "\nnext\n";
        let mut input = std::io::BufReader::with_capacity(64, big.as_bytes());
        let mut line = String::new();
        assert_eq!(
            read_line_lossy(&mut input, &mut line).unwrap(),
            3 * MAX_LINE_BYTES + 1
        );
        assert_eq!(line.len(), MAX_LINE_BYTES);
        read_line_lossy(&mut input, &mut line).unwrap();
        assert_eq!(line, "next\n");
    }
}
