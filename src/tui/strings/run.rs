//! The words of the Storm and Streak screen and of "My games".

use crate::modes::StormSummary;
use crate::progress::{Mode, ModeRecords};
use crate::tui::storm::{Flash, RunEnd, RunScreen};

/// Said while Storm's or Streak's puzzles are drawn from the library.
pub const DRAWING: &str = "Drawing puzzles from the library…";

/// "My games" without a mined pack.
pub const NO_MINED: &str =
    "No games mined yet: run sancho mine GAMES.pgn (it needs a UCI engine such as Stockfish).";
/// The mined pack holds no puzzle.
/// Said on the home screen while the mined pack is read (it opens when it
/// comes).
pub const LOADING_MINED: &str = "Loading the puzzles mined from your games…";

pub const MINED_EMPTY: &str = "Your mined pack holds no puzzles yet: mine more games.";

/// The mined pack could not be read.
pub fn mined_unreadable(why: &str) -> String {
    format!("Your mined pack cannot be read: {why}")
}

/// After the clock, until the first move.
pub const CLOCK_WAITS: &str = " (starts with your first move)";

/// Milliseconds as seconds with a tenth: `12.3 s`.
pub fn seconds(ms: u64) -> String {
    format!("{}.{} s", ms / 1000, (ms % 1000) / 100)
}

/// The clock as `2:05`.
pub fn clock(ms: u64) -> String {
    // Shown rounded up: 0:00 only when the time is really out.
    let secs = ms.div_ceil(1000);
    format!("{}:{:02}", secs / 60, secs % 60)
}

/// The header's title of a run.
pub fn title(mode: Mode) -> &'static str {
    match mode {
        Mode::Storm => "Puzzle Storm",
        Mode::Streak => "Puzzle Streak",
    }
}

/// What the last move did, and whether it was good news (a correct
/// move's notation notes are not in it: each is a line of its own).
/// Moves are written in `lang`'s letters.
pub fn flash(flash: &Flash, mode: Mode, lang: crate::notation::Lang) -> (String, bool) {
    match flash {
        // The notes go on their own lines under it (`side_lines`).
        Flash::Correct {
            solved, bonus_ms, ..
        } => {
            let mut text = match solved {
                Some(id) => format!("Solved {id}."),
                None => "Correct.".to_owned(),
            };
            if *bonus_ms > 0 {
                text.push_str(&format!(" Combo: +{} s!", bonus_ms / 1000));
            }
            (text, true)
        }
        Flash::Wrong {
            input,
            solution,
            penalty_ms,
        } => {
            let mut text = format!("{} was wrong", input.trim());
            if *penalty_ms > 0 {
                text.push_str(&format!(" (−{} s)", penalty_ms / 1000));
            }
            text.push_str(&format!(
                "; the solution was {}.",
                crate::train::solution_text(solution, lang)
            ));
            (text, false)
        }
        Flash::Refused { input, reason } => {
            (format!("{}: {reason} (no time lost).", input.trim()), false)
        }
        Flash::Skipped => ("Skipped: that was this run's one skip.".to_owned(), true),
        Flash::NoSkip if mode == Mode::Storm => ("Storm has no skip.".to_owned(), false),
        Flash::NoSkip => ("No skip left in this run.".to_owned(), false),
    }
}

/// Why the run ended, as the summary's first line.
pub fn ended(mode: Mode, end: RunEnd) -> &'static str {
    match (mode, end) {
        (Mode::Storm, RunEnd::Over) => "Time is up.",
        (Mode::Streak, RunEnd::Over) => "Streak over: a wrong move ends it.",
        (_, RunEnd::Quit | RunEnd::EndOfInput) => "Stopped.",
        (_, RunEnd::NoPuzzlesLeft) => "No puzzles left: you played them all.",
    }
}

/// Storm's summary, one figure a line.
pub fn storm_summary(s: &StormSummary) -> Vec<String> {
    let mut lines = vec![
        format!("Score: {} solved", s.score),
        format!("Moves: {} ({}% accurate)", s.moves, s.accuracy),
        format!("Best combo: {}", s.combo_best),
        format!("Time per puzzle: {}", seconds(s.ms_per_puzzle)),
    ];
    if let Some(h) = s.highest_solved {
        lines.push(format!("Highest rating solved: {h}"));
    }
    lines
}

/// The bests, for the summary and the side panel: the store's own words.
pub fn records(records: &ModeRecords) -> Vec<String> {
    records.to_string().lines().map(str::to_owned).collect()
}

/// The home screen's notice after a run's summary is left.
pub fn run_notice(run: &RunScreen) -> String {
    match run.mode() {
        Mode::Storm => format!("Storm: {} solved.", run.score()),
        Mode::Streak => format!("Streak: {} in a row.", run.score()),
    }
}
