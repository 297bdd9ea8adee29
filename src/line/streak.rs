//! Streak in line mode (issue 14): puzzles of rising difficulty until the
//! first wrong move, one skip per run. The events are listed in
//! [`super::storm`]'s documentation; the reading, judging and writing of a
//! puzzle are shared with Storm.

use std::io::{self, BufRead, Write};

use serde_json::json;
use shakmaty::Position;

use crate::modes::Streak;
use crate::notation::{Lang, color_name};
use crate::progress::ModeRecords;
use crate::puzzle::Puzzle;
use crate::session::Session;

use super::puzzle::Out;
use super::storm::{
    Judged, Line, RunEnd, STREAK_HELP, judge, read_answer, say_failed, show_puzzle,
};

/// Plays a Streak run over `pool` (indices into `puzzles`, easiest first)
/// until the first wrong move; `skip` passes one puzzle per run.
/// `on_finish` is told of each finished puzzle (solved or not, and its
/// time from `clock`); `on_end` saves the run and returns the bests, which
/// `streak_end` shows.
/// Moves are read and written in `lang`'s letters or figurines; JSON
/// keeps SAN English.
///
/// # Errors
/// Reading or writing failed, or `on_finish` did.
#[allow(clippy::too_many_arguments)]
pub fn run_streak<R: BufRead, W: Write>(
    mut input: R,
    output: W,
    puzzles: &[Puzzle],
    pool: &[usize],
    json: bool,
    mut clock: impl FnMut() -> u64,
    mut on_finish: impl FnMut(&Puzzle, bool, u64) -> io::Result<()>,
    on_end: impl FnOnce(&Streak) -> io::Result<Option<ModeRecords>>,
    lang: Lang,
) -> io::Result<(Streak, RunEnd)> {
    let mut out = Out {
        w: output,
        json,
        blindfold: false,
        lang,
    };
    let mut streak = Streak::new();
    out.event(
        json!({"event": "streak_start", "puzzles": pool.len()}),
        || format!("Streak. {STREAK_HELP}"),
    )?;
    let mut end = RunEnd::NoPuzzlesLeft;
    'puzzles: for (k, &i) in pool.iter().enumerate() {
        let Some(puzzle) = puzzles.get(i) else {
            continue;
        };
        let (mut session, events) = Session::new(puzzle.clone());
        show_puzzle(
            &mut out,
            puzzle,
            k + 1,
            pool.len(),
            streak.solved(),
            events,
            &session,
        )?;
        let started = clock();
        loop {
            if !json {
                let skip = if streak.can_skip() { ", skip" } else { "" };
                writeln!(
                    out.w,
                    "Streak {}. You play {} (or board, help{skip}, quit):",
                    streak.solved(),
                    color_name(session.position().turn())
                )?;
                out.w.flush()?;
            }
            let skip_allowed = streak.can_skip();
            let answer =
                match read_answer(&mut input, &mut out, &session, STREAK_HELP, skip_allowed)? {
                    Line::Answer(a) => a,
                    Line::Again => continue,
                    Line::Skip => {
                        streak.skip();
                        out.event(
                            json!({"event": "skipped", "id": puzzle.id, "skips_left": 0}),
                            || format!("Skipped {}: that was this run's one skip.", puzzle.id),
                        )?;
                        continue 'puzzles;
                    }
                    Line::Quit => {
                        end = RunEnd::Quit;
                        break 'puzzles;
                    }
                    Line::End => {
                        end = RunEnd::EndOfInput;
                        break 'puzzles;
                    }
                };
            match judge(&mut out, &mut session, &answer)? {
                Judged::Refused | Judged::Correct(false) => {}
                Judged::Correct(true) => {
                    streak.solve();
                    on_finish(puzzle, true, clock().saturating_sub(started))?;
                    out.event(
                        json!({"event": "solved", "id": puzzle.id, "streak": streak.solved()}),
                        || format!("Solved {}. Streak: {}.", puzzle.id, streak.solved()),
                    )?;
                    continue 'puzzles;
                }
                Judged::Wrong => {
                    streak.fail(&puzzle.id);
                    on_finish(puzzle, false, clock().saturating_sub(started))?;
                    say_failed(&mut out, puzzle, &session)?;
                    end = RunEnd::Over;
                    break 'puzzles;
                }
            }
        }
    }
    let records = on_end(&streak)?;
    out.event(
        json!({"event": "streak_end", "streak": streak.solved(), "failed": streak.failed(),
               "reason": end.as_str(false), "records": records}),
        || {
            let mut text = format!("\nStreak over: {} solved in a row.", streak.solved());
            if let Some(r) = &records {
                text.push_str(&format!("\n{r}"));
            }
            text
        },
    )?;
    Ok((streak, end))
}
