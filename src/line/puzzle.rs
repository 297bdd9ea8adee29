//! Puzzles in line mode: for screen readers, dumb terminals and scripts.
//!
//! Plain text prints the position as a drawing and a piece list, the
//! opponent's moves in words and SAN, and the engine's explanation of every
//! line submitted. With `json`, every event is one JSON object per line:
//!
//! - `{"event": "puzzle", "id", "fen", "to_move", "title", "subtitle", "themes", "number", "of",
//!   "solved_count", "header", "review"}` (`fen` is the puzzle's start position; an
//!   `opponent_move` may follow at once; `number` is the puzzle's place in the list;
//!   `themes` give the tactic away: a client keeps them hidden until the puzzle ends, as
//!   the text output and the full screen do)
//! - `{"event": "blind", "plies", "fen", "to_move", "moves"}` (`--blind N`, after `puzzle`:
//!   the frozen board's position and each move to read from it, `{"uci", "san", "words"}`;
//!   the set-up move read here is not sent again as `opponent_move`)
//! - `{"event": "themes", "themes"}` (on the `themes` command)
//! - `{"event": "opponent_move", "uci", "san", "words", "comment"}`
//! - `{"event": "correct", "uci", "san", "comment", "alternative", "diagnostics"}`
//! - `{"event": "wrong", "input", "reason", "legal", "diagnostics", "candidates"}`
//! - `{"event": "failed_keep_going", "reason", "message"}` (the first legal wrong move or
//!   hint: the puzzle counts as failed, play goes on; `reason` is `wrong_move` or `hint`)
//! - `{"event": "hint", "rung", "text", ...}` with `square`, `from`/`to` or `san` by rung
//! - `{"event": "solved", "id", "message", "rated", "rating_before", "rating_after", "saved"}`
//!   (a clean solve only)
//! - `{"event": "failed", "id", "message", "solution", "gave_up", "reason", "line", "game_url",
//!   "rated", "rating_before", "rating_after", "saved"}` (`solution`: the moves shown on
//!   giving up; `line`: the whole solution with the pack's comments)
//! - `{"event": "refutation", "san", "verdict", "text"}`: after the end, why the first legal
//!   wrong move failed, when the mate solver (or an engine) shows it (never before the end);
//!   with `--lang` or `--figurine` also `"local"` (the line's moves) and `"local_text"`
//! - `{"event": "skipped", "id"}` (next before the end), `{"event": "error", "message"}`
//! - `{"event": "end", "played", "solved", "failed"}`
//!
//! With `--lang` other than English or `--figurine`, every event that
//! writes a move keeps `san` (and `solution`) in English SAN and adds
//! `"local"`: the same move (or list) in the chosen letters or figurines.
//!
//! `solved` and `failed` are written only once the attempt is saved (the
//! `on_finish` callback returned): a script never sees a result that is not
//! on disk. `saved` is false only when there is no progress store at all.
//!
//! - `{"event": "retry", "id"}` (the puzzle starts again; its opponent move follows)
//! - `{"event": "unknown_command", "input", "commands"}` (a word that is no move)
//!
//! Commands are words on a line of their own, in any case: `hint`,
//! `solution`, `next`, `retry`, `board`, `themes`, `help`, `quit`. A plain word that
//! cannot be a move is answered with the list of commands; anything else is
//! read as a move.

use std::io::{self, BufRead, Write};

use shakmaty::{Chess, Move};

use crate::engine::{Refuted, by_mate};
use crate::notation::Lang;
use crate::progress::{Recorded, Resume};
use crate::puzzle::Puzzle;
use crate::session::{Event, Session, SessionResult, Wrong};
use crate::train::blind::Blind;

use super::command::{Command, PUZZLE_COMMANDS, is_unknown_word, unknown_word_text};
use super::protocol::LineEvent;

/// How a line-mode puzzle run went.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PlaySummary {
    /// Puzzles finished (solved or failed).
    pub played: usize,
    /// Puzzles solved.
    pub solved: usize,
    /// Puzzles failed (solution shown).
    pub failed: usize,
}

/// Plays `puzzles` in the order `plan` gives (see [`Resume`]; use
/// [`Resume::from_start`] to play them all in order), reading commands and
/// moves from `input`.
///
/// `clock` gives milliseconds from any fixed start (the shell's clock);
/// `on_finish` is called with each finished puzzle, its outcome and the time
/// taken, so that the shell can record it at once; it returns what the
/// record did to the rating (`None`: nothing is saved). The result is
/// written after it returns.
///
/// # Errors
/// Reading or writing failed, or `on_finish` failed (the result of that
/// puzzle is then not written).
pub fn run_puzzles<R: BufRead, W: Write>(
    input: R,
    output: W,
    puzzles: &[Puzzle],
    plan: Resume,
    json: bool,
    clock: impl FnMut() -> u64,
    on_finish: impl FnMut(&Puzzle, &SessionResult, u64) -> io::Result<Option<Recorded>>,
) -> io::Result<PlaySummary> {
    run_puzzles_refuting(
        input,
        output,
        puzzles,
        plan,
        json,
        clock,
        on_finish,
        |pos, mv| by_mate(pos, mv).map(Ok),
    )
}

/// As [`run_puzzles`], with `refute` saying why the first legal wrong move
/// of a puzzle fails, once the puzzle has ended (the mate solver,
/// [`by_mate`], or an engine).
///
/// # Errors
/// As [`run_puzzles`].
#[allow(clippy::too_many_arguments)]
pub fn run_puzzles_refuting<R: BufRead, W: Write>(
    input: R,
    output: W,
    puzzles: &[Puzzle],
    plan: Resume,
    json: bool,
    clock: impl FnMut() -> u64,
    on_finish: impl FnMut(&Puzzle, &SessionResult, u64) -> io::Result<Option<Recorded>>,
    refute: impl FnMut(&Chess, Move) -> Option<Refuted>,
) -> io::Result<PlaySummary> {
    let mode = Mode {
        json,
        ..Mode::default()
    };
    run_puzzles_in(input, output, puzzles, plan, mode, clock, on_finish, refute)
}

/// How line mode writes: as text or JSON, with or without the board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Mode {
    /// Every event as one JSON object per line.
    pub json: bool,
    /// Blindfold: the position in words (the start's pieces and the moves
    /// since), no board drawn until the puzzle ends (`board` says the same
    /// words again).
    pub blindfold: bool,
    /// The piece letters moves are read and written in (German `Sf3`);
    /// JSON keeps `san` in English.
    pub lang: Lang,
    /// Blind tactics (`--blind N`): the board N plies before each puzzle,
    /// frozen until it ends, and the moves to read from it (a `blind`
    /// event after `puzzle`). A puzzle that keeps fewer plies is skipped
    /// with a `message`.
    pub blind: Option<u8>,
}

/// As [`run_puzzles_refuting`], in the given [`Mode`].
///
/// # Errors
/// As [`run_puzzles`].
#[allow(clippy::too_many_arguments)]
pub fn run_puzzles_in<R: BufRead, W: Write>(
    mut input: R,
    output: W,
    puzzles: &[Puzzle],
    mut plan: Resume,
    mode: Mode,
    mut clock: impl FnMut() -> u64,
    mut on_finish: impl FnMut(&Puzzle, &SessionResult, u64) -> io::Result<Option<Recorded>>,
    mut refute: impl FnMut(&Chess, Move) -> Option<Refuted>,
) -> io::Result<PlaySummary> {
    let json = mode.json;
    let mut out = Out {
        w: output,
        json,
        blindfold: mode.blindfold,
        lang: mode.lang,
        blind: None,
    };
    let mut summary = PlaySummary::default();
    let mut line = String::new();
    if plan.all_done && !puzzles.is_empty() {
        out.text("Every puzzle here is solved: starting again from the first.")?;
    } else if plan.due > 0 {
        out.text(&format!(
            "{} due for review first.",
            plural(plan.due, "puzzle")
        ))?;
    }
    let order = plan.order.clone();
    'puzzles: for (k, &i) in order.iter().enumerate() {
        let Some(puzzle) = puzzles.get(i) else {
            continue;
        };
        let (blind, mut session, events) = match mode.blind {
            None => {
                let (session, events) = Session::new(puzzle.clone());
                (None, session, events)
            }
            Some(plies) => match Blind::start(puzzle.clone(), plies) {
                Ok((blind, session, events)) => (Some(blind), session, events),
                Err(e) => {
                    let text = format!("Skipped {}: {e}.", puzzle.id);
                    out.send(&LineEvent::Message { text: text.clone() }, || text)?;
                    continue;
                }
            },
        };
        out.blind = blind;
        out.puzzle(puzzle, &plan, i, k < plan.due, &session)?;
        let mut started = clock();
        let mut first_wrong: Option<(Chess, Move)> = None;
        out.events(&puzzle.position, events)?;
        if !json {
            out.prompt(&session)?;
        }
        loop {
            line.clear();
            let end_of_input = super::read_line_lossy(&mut input, &mut line)? == 0;
            let before = session.position().clone();
            // Leaving a puzzle that already counts as failed records it.
            let text = line.trim();
            let (events, then) = match Command::parse(text) {
                _ if end_of_input => (session.leave(), Then::Quit),
                _ if text.is_empty() => continue,
                Some(Command::Quit) => (session.leave(), Then::Quit),
                Some(Command::Next) => (session.leave(), Then::Next),
                Some(Command::Hint) => (session.hint(), Then::Stay),
                Some(Command::Solution) => (session.give_up(), Then::Stay),
                Some(Command::Retry) => {
                    started = clock();
                    let events = match &out.blind {
                        Some(blind) => blind.retry(&mut session),
                        None => session.retry(),
                    };
                    // The puzzle again, from its start, as it was first shown.
                    let event = LineEvent::Retry {
                        id: puzzle.id.clone(),
                    };
                    out.send(&event, || format!("Starting {} again.", puzzle.id))?;
                    out.board(&session)?;
                    out.events(&puzzle.position, events)?;
                    if !json {
                        out.prompt(&session)?;
                    }
                    continue;
                }
                Some(Command::Board) => {
                    out.board(&session)?;
                    continue;
                }
                Some(Command::Help) => {
                    out.text(HELP)?;
                    continue;
                }
                Some(Command::Themes) => {
                    out.themes(puzzle)?;
                    continue;
                }
                None if is_unknown_word(text) => {
                    let words = unknown_word_text(text, PUZZLE_COMMANDS);
                    let event = LineEvent::UnknownCommand {
                        input: text.to_owned(),
                        commands: PUZZLE_COMMANDS.to_owned(),
                        text: words.clone(),
                    };
                    out.send(&event, || words)?;
                    continue;
                }
                None => (session.submit_in(text, mode.lang), Then::Stay),
            };
            if first_wrong.is_none() {
                first_wrong = events.iter().find_map(|e| match e {
                    Event::Wrong {
                        wrong: Wrong::NotSolution { text, .. },
                        ..
                    } => Some((before.clone(), text.mv)),
                    _ => None,
                });
            }
            let (events, result): (Vec<Event>, Vec<Event>) =
                events.into_iter().partition(|e| !is_result(e));
            out.events(&before, events)?;
            if let (true, Some(outcome)) = (session.is_finished(), session.outcome()) {
                summary.played += 1;
                if outcome.solved {
                    summary.solved += 1;
                    if let Some(s) = plan.solved.get_mut(i) {
                        *s = true;
                    }
                } else {
                    summary.failed += 1;
                }
                // Saved first, then said.
                let recorded = on_finish(puzzle, &outcome, clock().saturating_sub(started))?;
                for event in result {
                    out.result(event, &session, recorded.as_ref())?;
                }
                // The themes, hidden until now (JSON has them already).
                if !json && !puzzle.themes.is_empty() {
                    out.themes(puzzle)?;
                }
                // Blindfold or blind: the board, now that the puzzle is over.
                if (out.blindfold || out.blind.is_some()) && !json {
                    writeln!(out.w, "The final position:")?;
                    out.drawing(session.position(), puzzle.user_color)?;
                }
                // Only now that the puzzle is over: why the first try failed.
                let refuted = first_wrong.take().and_then(|(pos, mv)| refute(&pos, mv));
                if let Some(Err(unrefuted)) = &refuted {
                    let lang = mode.lang;
                    let text = unrefuted.text();
                    let event = LineEvent::NoRefutation {
                        san: unrefuted.san.clone(),
                        local_text: lang.is_local().then(|| lang.localize_text(&text)),
                        text: text.clone(),
                    };
                    out.send(&event, || {
                        format!("About your first try: {}.", lang.localize_text(&text))
                    })?;
                }
                if let Some(Ok(r)) = refuted {
                    let lang = mode.lang;
                    let event = LineEvent::Refutation {
                        local: lang
                            .is_local()
                            .then(|| r.san.iter().map(|s| lang.localize(s)).collect()),
                        local_text: lang.is_local().then(|| lang.localize_text(&r.text)),
                        san: r.san.clone(),
                        verdict: r.verdict.clone(),
                        text: r.text.clone(),
                    };
                    out.send(&event, || {
                        format!(
                            "Why your first try failed: {}.",
                            lang.localize_text(&r.text)
                        )
                    })?;
                }
            }
            match then {
                Then::Quit => break 'puzzles,
                Then::Next => {
                    let event = LineEvent::Skipped {
                        id: puzzle.id.clone(),
                        skips_left: None,
                    };
                    out.send(&event, || format!("Skipped {}.", puzzle.id))?;
                    continue 'puzzles;
                }
                Then::Stay if session.is_finished() => continue 'puzzles,
                Then::Stay if !json => out.prompt(&session)?,
                Then::Stay => {}
            }
        }
    }
    let event = LineEvent::End {
        played: summary.played,
        solved: summary.solved,
        failed: summary.failed,
    };
    out.send(&event, || {
        format!(
            "Played {}: {} solved, {} failed.",
            summary.played, summary.solved, summary.failed
        )
    })?;
    Ok(summary)
}

/// What the loop does after a command.
enum Then {
    /// Reads the next line (or goes to the next puzzle once this one ended).
    Stay,
    /// Goes to the next puzzle.
    Next,
    /// Stops.
    Quit,
}

/// Whether the event ends the puzzle (written after the save).
fn is_result(event: &Event) -> bool {
    matches!(
        event,
        Event::Solved { .. } | Event::Failed { .. } | Event::GaveUp { .. }
    )
}

fn plural(n: usize, word: &str) -> String {
    if n == 1 {
        format!("1 {word}")
    } else {
        format!("{n} {word}s")
    }
}

const HELP: &str = "Type your move in SAN (Nf3, exd5, O-O, e8=Q) or UCI (g1f3). \
Commands, in any case: hint (one rung more each time), solution, next, retry (start the puzzle again), \
board, themes (the puzzle's themes, otherwise shown when it ends), help, quit.";

pub(crate) use super::out::Out;
pub use super::out::describe;
