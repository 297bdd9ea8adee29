//! Storm and Streak in line mode: the core's [`TimedRun`] rendered as
//! text for a reader or as JSON events ([`LineEvent`]), one per line.
//!
//! The events, in order: `storm_start` (`seconds`, `puzzles`) or
//! `streak_start` (`puzzles`); for each puzzle `puzzle` (as `play`
//! writes it; `solved_count` is solved so far in this run, `review`
//! always false), `opponent_move`, `correct` and `wrong` as `play` writes
//! them; Storm's `clock` after each answer (`remaining_ms`, `combo`,
//! `bonus_ms`, `penalty_ms`: an answer that is no legal move is refused at
//! no cost); `solved` (`id`, and Storm's `rating` or Streak's `streak`)
//! or `failed` (`id`, `reason`: `wrong_move`, `solution`: the whole line's
//! SAN, `line`: each move with `san`, `uci`, `by_user` and `comment`; a
//! wrong move ends the puzzle); Streak's `skipped` (`id`, `skips_left`);
//! `unknown_command` and `unavailable` for words that are no move; then
//! `storm_end` (`score`, `moves`, `accuracy`, `combo_best`, `failed`: ids,
//! `failed_solutions`: each failed puzzle's `id` and `solution` (SAN; and
//! `local` in the user's letters), `seconds`: the clock at the start, `played_ms`: the time played,
//! `ms_per_puzzle`, `highest_solved`, `reason`, `records`) or `streak_end`
//! (`streak`, `failed`, `failed_solutions`, `reason`, `records`). `reason` is `time` (Storm) or
//! `mistake` (Streak), `quit`, `no_puzzles_left` or `end_of_input`;
//! `records` is null when nothing was saved, else the bests after this
//! run: `{"storm_runs", "storm_best_today", "storm_best", "streak_runs",
//! "streak_best"}`.
//!
//! Every puzzle and the run are recorded (by the `record` callback, the
//! core's one record path) before `solved`, `failed` or the end is said.
//! Line mode cannot interrupt a typed line: the clock is read when an
//! answer arrives, and an answer that comes after zero ends the run
//! uncounted.

use std::io::{self, BufRead, Write};

use shakmaty::Position;

use crate::notation::{Lang, color_name};
use crate::progress::ModeRecords;
use crate::puzzle::Puzzle;
use crate::train::{Finished, RunEnd, RunEvent, RunKind, Saved, TimedRun, sans, solution_text};

use super::command::{Command, is_unknown_word, unknown_word_text};
use super::out::{Out, shown_puzzle};
use super::protocol::{FailedSolution, LineEvent};

const STORM_HELP: &str = "Storm: type each move in SAN or UCI. A wrong move costs 10 s and ends the puzzle; \
5, 12, 20 and 30 correct moves in a row add 3, 5, 7 and 10 s, then every 10 more add 10 s. \
An answer that is no legal move costs nothing. Commands: board, help, quit.";

const STREAK_HELP: &str = "Streak: puzzles get harder until your first wrong move. \
Type skip (once per run) to pass a puzzle. Commands: skip, board, help, quit.";

/// The commands each mode has, as `unknown_command` lists them.
fn commands(kind: RunKind) -> &'static str {
    match kind {
        RunKind::Storm => "board, help, quit",
        RunKind::Streak => "skip, board, help, quit",
    }
}

fn help(kind: RunKind) -> &'static str {
    match kind {
        RunKind::Storm => STORM_HELP,
        RunKind::Streak => STREAK_HELP,
    }
}

/// Plays a Storm or Streak `run`, reading answers from `input`.
///
/// `clock` gives milliseconds from any fixed start; `record` saves what
/// the run hands over (each puzzle, then the run) and says what saving
/// did (`None`: there is no store). Moves are read and written in
/// `lang`'s letters or figurines; JSON keeps SAN English.
///
/// # Errors
/// Reading or writing failed, or `record` did.
pub fn run_timed<R: BufRead, W: Write>(
    mut input: R,
    output: W,
    run: TimedRun,
    json: bool,
    mut clock: impl FnMut() -> u64,
    mut record: impl FnMut(&Finished) -> io::Result<Option<Saved>>,
    lang: Lang,
) -> io::Result<(TimedRun, RunEnd)> {
    let mut out = Out {
        w: output,
        json,
        blindfold: false,
        lang,
        blind: None,
    };
    let mut run = run.with_lang(lang);
    let kind = run.kind();
    let mut records = None;
    let events = run.start(clock());
    say(&mut out, &run, events, &mut record, &mut records)?;
    let mut line = String::new();
    while run.end().is_none() {
        prompt(&mut out, &run, clock())?;
        let end_of_input = super::read_line_lossy(&mut input, &mut line)? == 0;
        let text = line.trim();
        let events = match Command::parse(text) {
            _ if end_of_input => run.stop(clock(), RunEnd::EndOfInput),
            _ if text.is_empty() => continue,
            Some(Command::Quit) => run.stop(clock(), RunEnd::Quit),
            Some(Command::Next) if run.can_skip() => run.skip(clock()),
            Some(Command::Board) => {
                if let Some(session) = run.session() {
                    out.drawing(session.position(), session.puzzle().user_color)?;
                }
                continue;
            }
            Some(Command::Help) => {
                out.text(help(kind))?;
                continue;
            }
            Some(other) => {
                let word = format!("{other:?}").to_lowercase();
                let event = LineEvent::Unavailable {
                    input: text.to_owned(),
                    command: word.clone(),
                };
                out.send(&event, || format!("No {word} in this mode. {}", help(kind)))?;
                continue;
            }
            None if is_unknown_word(text) => {
                let words = unknown_word_text(text, commands(kind));
                let event = LineEvent::UnknownCommand {
                    input: text.to_owned(),
                    commands: commands(kind).to_owned(),
                    text: words.clone(),
                };
                out.send(&event, || words)?;
                continue;
            }
            None => run.submit(text, clock()),
        };
        say(&mut out, &run, events, &mut record, &mut records)?;
    }
    let end = run.end().unwrap_or(RunEnd::Quit);
    Ok((run, end))
}

/// Asks for the next answer (text only).
fn prompt<W: Write>(out: &mut Out<W>, run: &TimedRun, now: u64) -> io::Result<()> {
    let Some(session) = run.session().filter(|_| !out.json) else {
        return Ok(());
    };
    let side = color_name(session.position().turn());
    match run.kind() {
        RunKind::Storm => writeln!(
            out.w,
            "{} left, combo {}. You play {side}:",
            seconds_text(run.remaining_ms(now).unwrap_or(0)),
            run.combo().unwrap_or(0),
        )?,
        RunKind::Streak => {
            let skip = if run.can_skip() { ", skip" } else { "" };
            writeln!(
                out.w,
                "Streak {}. You play {side} (or board, help{skip}, quit):",
                run.solved_count()
            )?;
        }
    }
    out.w.flush()
}

/// Writes what the run said, recording what it hands over first.
fn say<W: Write>(
    out: &mut Out<W>,
    run: &TimedRun,
    events: Vec<RunEvent>,
    record: &mut impl FnMut(&Finished) -> io::Result<Option<Saved>>,
    records: &mut Option<ModeRecords>,
) -> io::Result<()> {
    let kind = run.kind();
    let lang = out.lang;
    for event in events {
        match event {
            RunEvent::Started { puzzles } => match kind {
                RunKind::Storm => {
                    let seconds = run.seconds();
                    out.send(&LineEvent::StormStart { seconds, puzzles }, || {
                        format!("{seconds} s on the clock. {STORM_HELP}")
                    })?;
                }
                RunKind::Streak => out.send(&LineEvent::StreakStart { puzzles }, || {
                    format!("Streak. {STREAK_HELP}")
                })?,
            },
            RunEvent::Puzzle {
                index,
                solved_count,
            } => {
                if let (Some(p), Some(session)) = (run.puzzle(index), run.session()) {
                    show_puzzle(out, p, index, run.pool().len(), solved_count)?;
                    out.drawing(session.position(), p.user_color)?;
                }
            }
            RunEvent::Moves { before, events } => out.events(&before, events)?,
            RunEvent::Clock {
                remaining_ms,
                combo,
                bonus_ms,
                penalty_ms,
            } => {
                let event = LineEvent::Clock {
                    remaining_ms,
                    combo,
                    bonus_ms,
                    penalty_ms,
                };
                out.send(&event, || {
                    clock_text(remaining_ms, combo, bonus_ms, penalty_ms)
                })?;
            }
            RunEvent::Record(finished) => {
                let saved = record(&finished)?;
                if let Some(Saved::Run(bests)) = saved {
                    *records = Some(*bests);
                }
            }
            RunEvent::Solved {
                index,
                rating,
                streak,
            } => {
                let id = run.puzzle(index).map(|p| p.id.clone()).unwrap_or_default();
                let event = LineEvent::RunSolved {
                    id: id.clone(),
                    rating: (kind == RunKind::Storm).then_some(rating),
                    streak,
                };
                out.send(&event, || match streak {
                    Some(n) => format!("Solved {id}. Streak: {n}."),
                    None => format!("Solved {id}."),
                })?;
            }
            RunEvent::Failed {
                index, solution, ..
            } => {
                let id = run.puzzle(index).map(|p| p.id.clone()).unwrap_or_default();
                let english = sans(&solution);
                let local: Vec<String> = english.iter().map(|s| lang.localize(s)).collect();
                let text = format!(
                    "Failed {id}: the solution was {}.",
                    solution_text(&solution, lang)
                );
                let event = LineEvent::RunFailed {
                    id,
                    reason: "wrong_move",
                    solution: english,
                    line: solution,
                    local: lang.is_local().then_some(local),
                };
                out.send(&event, || text)?;
            }
            RunEvent::Skipped { index, skips_left } => {
                let id = run.puzzle(index).map(|p| p.id.clone()).unwrap_or_default();
                let event = LineEvent::Skipped {
                    id: id.clone(),
                    skips_left: Some(skips_left),
                };
                out.send(&event, || {
                    format!("Skipped {id}: that was this run's one skip.")
                })?;
            }
            // Line mode asks `can_skip` first: it never asks for a skip
            // the run does not have.
            RunEvent::NoSkip => {}
            RunEvent::Ended(end) => ended(out, run, end, records.take(), lang)?,
        }
    }
    Ok(())
}

/// Writes a puzzle's header (its board follows).
fn show_puzzle<W: Write>(
    out: &mut Out<W>,
    p: &Puzzle,
    index: usize,
    of: usize,
    solved_count: u32,
) -> io::Result<()> {
    let rating = p.playing_rating();
    let number = index + 1;
    let header = format!("Puzzle {number} of {of}");
    let solved = usize::try_from(solved_count).unwrap_or(usize::MAX);
    let event = LineEvent::Puzzle(shown_puzzle(p, number, of, solved, header.clone(), false));
    out.send(&event, || {
        format!("\n{header}: {} ({}), rated {rating}", p.title, p.id)
    })
}

/// The run's last event, with the bests it was saved with.
fn ended<W: Write>(
    out: &mut Out<W>,
    run: &TimedRun,
    end: RunEnd,
    records: Option<ModeRecords>,
    lang: Lang,
) -> io::Result<()> {
    let reason = end.as_str(run.kind());
    // Each failed puzzle with its whole solution, from its start.
    let failed: Vec<(FailedSolution, String)> = run
        .failed()
        .map(|p| {
            let line = crate::train::solution(&crate::session::Session::new(p.clone()).0);
            let english = sans(&line);
            let local = lang
                .is_local()
                .then(|| english.iter().map(|s| lang.localize(s)).collect());
            let text = format!("{}: {}", p.id, solution_text(&line, lang));
            let failed = FailedSolution {
                id: p.id.clone(),
                solution: english,
                local,
            };
            (failed, text)
        })
        .collect();
    let (failed_solutions, solutions): (Vec<FailedSolution>, Vec<String>) =
        failed.into_iter().unzip();
    let bests = records
        .as_ref()
        .map(|r| format!("\n{r}"))
        .unwrap_or_default();
    match run.storm_summary() {
        Some(summary) => {
            let text = format!("{}{bests}", storm_text(&summary, end, &solutions));
            let event = LineEvent::StormEnd {
                summary,
                failed_solutions,
                reason,
                records,
            };
            out.send(&event, || text)
        }
        None => {
            let streak = run.solved_count();
            let failed = run.failed().next().map(|p| p.id.clone());
            let event = LineEvent::StreakEnd {
                streak,
                failed,
                failed_solutions,
                reason,
                records,
            };
            out.send(&event, || {
                let failed: String = solutions
                    .iter()
                    .map(|line| format!("\nFailed {line}"))
                    .collect();
                format!("\nStreak over: {streak} solved in a row.{failed}{bests}")
            })
        }
    }
}

fn clock_text(remaining_ms: u64, combo: u32, bonus_ms: u64, penalty_ms: u64) -> String {
    let mut s = format!("Clock: {} left", seconds_text(remaining_ms));
    if bonus_ms > 0 {
        s.push_str(&format!(" (+{} s for a combo of {combo})", bonus_ms / 1000));
    }
    if penalty_ms > 0 {
        s.push_str(&format!(" (-{} s for the wrong move)", penalty_ms / 1000));
    }
    s.push('.');
    s
}

fn seconds_text(ms: u64) -> String {
    format!("{}.{} s", ms / 1000, (ms % 1000) / 100)
}

/// The plain-text summary of a Storm run; `solutions` says each failed
/// puzzle with its solution ("xFMpV: (h6) Nf6+ (gxf6) Qh7#").
pub fn storm_text(s: &crate::modes::StormSummary, end: RunEnd, solutions: &[String]) -> String {
    let why = match end {
        RunEnd::Over => "Time is up.",
        RunEnd::Quit => "Stopped.",
        RunEnd::NoPuzzlesLeft => "No puzzles left.",
        RunEnd::EndOfInput => "Input ended.",
    };
    let mut text = format!(
        "\n{why} Score: {} solved in {}. Moves: {} ({}% accurate). Best combo: {}. Time per puzzle: {}.",
        s.score,
        seconds_text(s.played_ms),
        s.moves,
        s.accuracy,
        s.combo_best,
        seconds_text(s.ms_per_puzzle)
    );
    if let Some(h) = s.highest_solved {
        text.push_str(&format!(" Highest rating solved: {h}."));
    }
    if !s.failed.is_empty() {
        text.push_str(&format!(
            "\nFailed (added to your reviews): {}. Replay them with sancho play --replay-failed (never rated).",
            s.failed.join(", ")
        ));
        if !solutions.is_empty() {
            text.push_str("\nThe solutions:");
            for line in solutions {
                text.push_str(&format!("\n  {line}"));
            }
        }
    }
    text
}
