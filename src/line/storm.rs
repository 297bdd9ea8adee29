//! Storm and Streak in line mode (issue 14).
//!
//! Storm's JSON events, one object per line:
//!
//! - `{"event": "storm_start", "seconds", "puzzles"}`
//! - each puzzle as in `play --json`: `{"event": "puzzle", "id", "fen", "to_move", "title",
//!   "subtitle", "themes", "difficulty", "rating", "number", "of", "solved_count", "header",
//!   "review"}` (`solved_count`: solved so far in this run; `review` always false), then `opponent_move`,
//!   `correct` and `wrong` exactly as `play` writes them
//! - `{"event": "clock", "remaining_ms", "combo", "bonus_ms", "penalty_ms"}` after each move
//!   (an answer that is no legal move is refused at no cost: `penalty_ms` 0)
//! - `{"event": "solved", "id", "rating"}` / `{"event": "failed", "id", "reason": "wrong_move",
//!   "solution"}` (a wrong move ends the puzzle)
//! - `{"event": "storm_end", "score", "moves", "accuracy", "combo_best", "failed": [ids],
//!   "seconds", "ms_per_puzzle", "highest_solved", "reason", "records"}` (`reason`: `time`, `quit`,
//!   `no_puzzles_left` or `end_of_input`)
//!
//! Streak's: `{"event": "streak_start", "puzzles"}`, the puzzle events, `solved` / `failed`,
//! `{"event": "skipped", "id", "skips_left"}`, `{"event": "streak_end", "streak", "failed",
//! "reason", "records"}`.
//!
//! `records` is null when nothing was saved, else the bests after this run:
//! `{"storm_runs", "storm_best_today", "storm_best", "streak_runs", "streak_best"}`.
//!
//! Storm's clock starts with the first move played (as on Lichess and in the
//! full screen), so reading the first puzzle costs nothing. Line mode cannot
//! interrupt a typed line: the clock is read when an answer arrives, and an
//! answer that comes after zero ends the run uncounted.

use std::io::{self, BufRead, Write};

use serde_json::json;
use shakmaty::Position;

use crate::modes::{Storm, StormSummary, puzzle_rating};
use crate::notation::{Lang, color_name};
use crate::progress::ModeRecords;
use crate::puzzle::{Puzzle, color_word};
use crate::session::{Event, Session, Wrong};

use super::command::{COMMANDS, Command, is_unknown_word, unknown_word_text};
use super::puzzle::Out;

/// How a judged answer went.
pub(super) enum Judged {
    /// Not a legal move (refused, no cost).
    Refused,
    /// A correct move; `true` when it finished the puzzle.
    Correct(bool),
    /// A legal move that is not the solution.
    Wrong,
}

/// Why a run ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RunEnd {
    /// Storm's clock reached zero; Streak's first mistake.
    Over,
    /// The user typed `quit`.
    Quit,
    /// Every puzzle of the pool was played.
    NoPuzzlesLeft,
    /// The input ended.
    EndOfInput,
}

impl RunEnd {
    pub(super) fn as_str(self, storm: bool) -> &'static str {
        match self {
            RunEnd::Over if storm => "time",
            RunEnd::Over => "mistake",
            RunEnd::Quit => "quit",
            RunEnd::NoPuzzlesLeft => "no_puzzles_left",
            RunEnd::EndOfInput => "end_of_input",
        }
    }
}

const STORM_HELP: &str = "Storm: type each move in SAN or UCI. A wrong move costs 10 s and ends the puzzle; \
5, 12, 20 and 30 correct moves in a row add 3, 5, 7 and 10 s, then every 10 more add 10 s. \
An answer that is no legal move costs nothing. Commands: board, help, quit.";

pub(super) const STREAK_HELP: &str = "Streak: puzzles get harder until your first wrong move. \
Type skip (once per run) to pass a puzzle. Commands: skip, board, help, quit.";

/// What one answer line was.
pub(super) enum Line {
    Answer(String),
    Again,
    Skip,
    Quit,
    End,
}

/// Reads one line and handles the commands every mode shares (board, help,
/// unknown words, and commands this mode does not have).
pub(super) fn read_answer<R: BufRead, W: Write>(
    input: &mut R,
    out: &mut Out<W>,
    session: &Session,
    help: &str,
    skip_allowed: bool,
) -> io::Result<Line> {
    let mut line = String::new();
    if super::read_line_lossy(input, &mut line)? == 0 {
        return Ok(Line::End);
    }
    let text = line.trim();
    Ok(match Command::parse(text) {
        _ if text.is_empty() => Line::Again,
        Some(Command::Quit) => Line::Quit,
        Some(Command::Next) if skip_allowed => Line::Skip,
        Some(Command::Board) => {
            out.drawing(session.position(), session.puzzle().user_color)?;
            Line::Again
        }
        Some(Command::Help) => {
            out.text(help)?;
            Line::Again
        }
        Some(other) => {
            let word = format!("{other:?}").to_lowercase();
            out.event(
                json!({"event": "unavailable", "input": text, "command": word}),
                || format!("No {word} in this mode. {help}"),
            )?;
            Line::Again
        }
        None if is_unknown_word(text) => {
            out.event(
                json!({"event": "unknown_command", "input": text, "commands": COMMANDS}),
                || unknown_word_text(text),
            )?;
            Line::Again
        }
        None => Line::Answer(text.to_owned()),
    })
}

/// Submits an answer and writes what the session said (never its own
/// end-of-puzzle events: the mode decides when a puzzle ends).
pub(super) fn judge<W: Write>(
    out: &mut Out<W>,
    session: &mut Session,
    answer: &str,
) -> io::Result<Judged> {
    let before = session.position().clone();
    let events = session.submit_in(answer, out.lang);
    let mut judged = Judged::Refused;
    for e in &events {
        match e {
            Event::Correct { .. } => judged = Judged::Correct(false),
            Event::Wrong {
                wrong: Wrong::NotSolution { .. },
                ..
            } => judged = Judged::Wrong,
            _ => {}
        }
    }
    if let Judged::Correct(_) = judged {
        let solved = events.iter().any(|e| matches!(e, Event::Solved { .. }));
        judged = Judged::Correct(solved);
    }
    let shown: Vec<Event> = events
        .into_iter()
        .filter(|e| {
            !matches!(
                e,
                Event::MarkedFailed { .. }
                    | Event::Solved { .. }
                    | Event::Failed { .. }
                    | Event::GaveUp { .. }
            )
        })
        .collect();
    out.events(&before, shown)?;
    Ok(judged)
}

/// Writes a puzzle's header and board, then its opening events.
pub(super) fn show_puzzle<W: Write>(
    out: &mut Out<W>,
    p: &Puzzle,
    number: usize,
    of: usize,
    solved_count: u32,
    events: Vec<Event>,
    session: &Session,
) -> io::Result<()> {
    let rating = puzzle_rating(p);
    let header = format!("Puzzle {number} of {of}");
    out.event(
        json!({
            "event": "puzzle", "id": p.id, "fen": p.fen, "to_move": color_word(p.user_color),
            "title": p.title, "subtitle": p.subtitle, "themes": p.themes,
            "difficulty": p.difficulty, "rating": p.rating, "number": number, "of": of,
            "solved_count": solved_count, "header": header, "review": false,
        }),
        || format!("\n{header}: {} ({}), rated {rating}", p.title, p.id),
    )?;
    out.drawing(session.position(), p.user_color)?;
    out.events(&p.position, events)
}

/// The `failed` event of a timed mode: a wrong move ended the puzzle, and
/// its whole solution is shown.
pub(super) fn say_failed<W: Write>(
    out: &mut Out<W>,
    puzzle: &Puzzle,
    session: &Session,
) -> io::Result<()> {
    let solution = solution_sans(session);
    let lang = out.lang;
    let local: Vec<String> = solution.iter().map(|s| lang.localize(s)).collect();
    let mut event = json!({"event": "failed", "id": puzzle.id, "reason": "wrong_move",
                           "solution": solution});
    if lang.is_local() {
        event["local"] = json!(local);
    }
    out.event(event, || {
        format!(
            "Failed {}: the solution was {}.",
            puzzle.id,
            local.join(" ")
        )
    })
}

/// The solution's user moves, in SAN, for a failed puzzle.
pub(super) fn solution_sans(session: &Session) -> Vec<String> {
    session
        .solution_line()
        .iter()
        .map(|s| s.text.san.clone())
        .collect()
}

pub(super) fn seconds_text(ms: u64) -> String {
    format!("{}.{} s", ms / 1000, (ms % 1000) / 100)
}

/// Plays a Storm run over `pool` (indices into `puzzles`, in playing
/// order) with `seconds` on the clock. `clock` gives milliseconds from any
/// fixed start; `on_finish` is told of each finished puzzle (solved or not,
/// and its time) so that the shell can record it; `on_end` saves the run
/// and returns the bests, which `storm_end` shows.
/// Moves are read and written in `lang`'s letters or figurines; JSON
/// keeps SAN English.
///
/// # Errors
/// Reading or writing failed, or `on_finish` did.
#[allow(clippy::too_many_arguments)]
pub fn run_storm<R: BufRead, W: Write>(
    mut input: R,
    output: W,
    puzzles: &[Puzzle],
    pool: &[usize],
    seconds: u32,
    json: bool,
    clock: impl FnMut() -> u64,
    mut on_finish: impl FnMut(&Puzzle, bool, u64) -> io::Result<()>,
    on_end: impl FnOnce(&StormSummary) -> io::Result<Option<ModeRecords>>,
    lang: Lang,
) -> io::Result<(StormSummary, RunEnd)> {
    let mut out = Out {
        w: output,
        json,
        blindfold: false,
        lang,
    };
    let mut clock = RunClock {
        read: clock,
        origin: None,
    };
    let mut storm = Storm::new(seconds);
    out.event(
        json!({"event": "storm_start", "seconds": seconds, "puzzles": pool.len()}),
        || format!("{seconds} s on the clock. {STORM_HELP}"),
    )?;
    let mut end = RunEnd::NoPuzzlesLeft;
    'puzzles: for (k, &i) in pool.iter().enumerate() {
        let Some(puzzle) = puzzles.get(i) else {
            continue;
        };
        if storm.is_over(clock.now()) {
            end = RunEnd::Over;
            break;
        }
        let (mut session, events) = Session::new(puzzle.clone());
        show_puzzle(
            &mut out,
            puzzle,
            k + 1,
            pool.len(),
            storm.summary().score,
            events,
            &session,
        )?;
        let started = clock.now();
        storm.start_puzzle(started);
        loop {
            if !json {
                let t = clock.now();
                writeln!(
                    out.w,
                    "{} left, combo {}. You play {}:",
                    seconds_text(storm.remaining_ms(t)),
                    storm.combo(),
                    color_name(session.position().turn())
                )?;
                out.w.flush()?;
            }
            let answer = match read_answer(&mut input, &mut out, &session, STORM_HELP, false)? {
                Line::Answer(a) => a,
                Line::Again | Line::Skip => continue,
                Line::Quit => {
                    end = RunEnd::Quit;
                    break 'puzzles;
                }
                Line::End => {
                    end = RunEnd::EndOfInput;
                    break 'puzzles;
                }
            };
            let mut t = clock.now();
            if storm.is_over(t) {
                end = RunEnd::Over;
                break 'puzzles;
            }
            let judged = judge(&mut out, &mut session, &answer)?;
            if !matches!(judged, Judged::Refused) && clock.origin.is_none() {
                t = clock.start();
            }
            let change = match judged {
                Judged::Refused => None,
                Judged::Correct(_) => storm.correct_move(t),
                Judged::Wrong => storm.wrong_move(t, &puzzle.id),
            };
            let (bonus, penalty) = change.map_or((0, 0), |c| (c.bonus_ms, c.penalty_ms));
            let remaining = storm.remaining_ms(t);
            out.event(
                json!({"event": "clock", "remaining_ms": remaining, "combo": storm.combo(),
                       "bonus_ms": bonus, "penalty_ms": penalty}),
                || {
                    let mut s = format!("Clock: {} left", seconds_text(remaining));
                    if bonus > 0 {
                        s.push_str(&format!(
                            " (+{} s for a combo of {})",
                            bonus / 1000,
                            storm.combo()
                        ));
                    }
                    if penalty > 0 {
                        s.push_str(&format!(" (-{} s for the wrong move)", penalty / 1000));
                    }
                    s.push('.');
                    s
                },
            )?;
            match judged {
                Judged::Refused | Judged::Correct(false) => {}
                Judged::Correct(true) => {
                    storm.solved(t, Some(puzzle_rating(puzzle)));
                    on_finish(puzzle, true, t.saturating_sub(started))?;
                    out.event(
                        json!({"event": "solved", "id": puzzle.id, "rating": puzzle_rating(puzzle)}),
                        || format!("Solved {}.", puzzle.id),
                    )?;
                    continue 'puzzles;
                }
                Judged::Wrong => {
                    on_finish(puzzle, false, t.saturating_sub(started))?;
                    say_failed(&mut out, puzzle, &session)?;
                    continue 'puzzles;
                }
            }
            if storm.is_over(t) {
                end = RunEnd::Over;
                break 'puzzles;
            }
        }
    }
    storm.stop(clock.now());
    let s = storm.summary();
    // Saved first, then said.
    let records = on_end(&s)?;
    out.event(
        json!({"event": "storm_end", "score": s.score, "moves": s.moves, "accuracy": s.accuracy,
               "combo_best": s.combo_best, "failed": s.failed, "seconds": s.seconds,
               "ms_per_puzzle": s.ms_per_puzzle, "highest_solved": s.highest_solved,
               "reason": end.as_str(true), "records": records}),
        || {
            let mut text = storm_text(&s, end);
            if let Some(r) = &records {
                text.push_str(&format!("\n{r}"));
            }
            text
        },
    )?;
    Ok((s, end))
}

/// Storm's clock in line mode: milliseconds since the first move played,
/// 0 before it.
struct RunClock<C> {
    read: C,
    origin: Option<u64>,
}

impl<C: FnMut() -> u64> RunClock<C> {
    fn now(&mut self) -> u64 {
        let t = (self.read)();
        self.origin.map_or(0, |o| t.saturating_sub(o))
    }

    /// Starts the clock now (the first move), returning 0.
    fn start(&mut self) -> u64 {
        self.origin = Some((self.read)());
        0
    }
}

/// The plain-text summary of a Storm run.
pub fn storm_text(s: &StormSummary, end: RunEnd) -> String {
    let why = match end {
        RunEnd::Over => "Time is up.",
        RunEnd::Quit => "Stopped.",
        RunEnd::NoPuzzlesLeft => "No puzzles left.",
        RunEnd::EndOfInput => "Input ended.",
    };
    let mut text = format!(
        "\n{why} Score: {} solved. Moves: {} ({}% accurate). Best combo: {}. Time per puzzle: {}.",
        s.score,
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
            "\nFailed (added to your reviews): {}.",
            s.failed.join(", ")
        ));
    }
    text
}
