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
use crate::progress::{Recorded, Resume, UserRating};
use crate::puzzle::Puzzle;
use crate::session::{Event, Session, SessionResult, Wrong};
use crate::train::blind::Blind;
use crate::train::{Difficulty, Ladder};

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
    input: R,
    output: W,
    puzzles: &[Puzzle],
    plan: Resume,
    mode: Mode,
    clock: impl FnMut() -> u64,
    on_finish: impl FnMut(&Puzzle, &SessionResult, u64) -> io::Result<Option<Recorded>>,
    refute: impl FnMut(&Chess, Move) -> Option<Refuted>,
) -> io::Result<PlaySummary> {
    let queue = Queue::Plan {
        puzzles,
        order: plan.order.clone(),
        plan,
        at: 0,
    };
    run_queue(input, output, queue, mode, clock, on_finish, refute)
}

/// Rated training in line mode: the [`Ladder`]'s puzzles, each chosen
/// near the rating after the last result (`rating` to begin with) at
/// `difficulty`. Otherwise as [`run_puzzles_in`].
///
/// # Errors
/// As [`run_puzzles`].
#[allow(clippy::too_many_arguments)]
pub fn run_rated<R: BufRead, W: Write>(
    input: R,
    output: W,
    ladder: Ladder,
    rated: RatedTrack,
    mode: Mode,
    clock: impl FnMut() -> u64,
    on_finish: impl FnMut(&Puzzle, &SessionResult, u64) -> io::Result<Option<Recorded>>,
    refute: impl FnMut(&Chess, Move) -> Option<Refuted>,
) -> io::Result<PlaySummary> {
    let queue = Queue::Ladder {
        ladder,
        rated,
        served: 0,
        solved: 0,
    };
    run_queue(input, output, queue, mode, clock, on_finish, refute)
}

/// How rated training is announced: what it is, the rating it starts
/// from and the difficulty.
#[derive(Clone, Debug, PartialEq)]
pub struct RatedTrack {
    /// "Rated training", "Weakness training: fork, pin".
    pub title: String,
    /// The user's rating (the ladder follows it from result to result).
    pub rating: UserRating,
    /// How far from it puzzles are served.
    pub difficulty: Difficulty,
}

/// What line mode plays next.
enum Queue<'a> {
    /// A list in a resume plan's order.
    Plan {
        puzzles: &'a [Puzzle],
        plan: Resume,
        order: Vec<usize>,
        at: usize,
    },
    /// Rated training: the ladder, re-centred after each result.
    Ladder {
        ladder: Ladder,
        rated: RatedTrack,
        served: usize,
        solved: usize,
    },
}

/// A puzzle to play, and how it is announced.
struct Next {
    puzzle: Puzzle,
    /// Its place in the list (`Plan`), to mark it solved.
    index: Option<usize>,
    head: Head,
}

impl Queue<'_> {
    /// What is said before the first puzzle.
    fn opening(&self) -> Option<String> {
        match self {
            Queue::Plan { plan, puzzles, .. } if plan.all_done && !puzzles.is_empty() => {
                Some("Every puzzle here is solved: starting again from the first.".to_owned())
            }
            Queue::Plan { plan, .. } if plan.due > 0 => Some(format!(
                "{} due for review first.",
                plural(plan.due, "puzzle")
            )),
            Queue::Plan { .. } => None,
            Queue::Ladder { ladder, rated, .. } => Some(format!(
                "{}: puzzles near your rating, {} ({}).",
                rated.title,
                rated.rating.shown(),
                rated.difficulty.label()
            ))
            .filter(|_| !ladder.is_empty())
            .or_else(|| {
                Some(format!(
                    "{}: no puzzle is left to serve; loosen the filters or import the library (sancho import).",
                    rated.title
                ))
            }),
        }
    }

    /// The next puzzle to play.
    fn next(&mut self) -> Option<Next> {
        match self {
            Queue::Plan {
                puzzles,
                plan,
                order,
                at,
            } => {
                while let Some(&i) = order.get(*at) {
                    let k = *at;
                    *at += 1;
                    if let Some(puzzle) = puzzles.get(i) {
                        let head = Head {
                            number: i + 1,
                            of: plan.solved.len(),
                            solved_count: plan.solved_count(),
                            header: plan.header(i),
                            review: k < plan.due,
                        };
                        return Some(Next {
                            puzzle: puzzle.clone(),
                            index: Some(i),
                            head,
                        });
                    }
                }
                None
            }
            Queue::Ladder {
                ladder,
                rated,
                served,
                solved,
            } => {
                let rung = ladder.next(rated.rating.rating, rated.difficulty)?;
                let puzzle = rung.puzzle.clone();
                let review = rung.review;
                *served += 1;
                let header = format!(
                    "{} · {} · {}",
                    rated.title,
                    rated.rating.shown(),
                    rated.difficulty.label()
                );
                let head = Head {
                    number: *served,
                    of: *served + ladder.left(),
                    solved_count: *solved,
                    header,
                    review,
                };
                Some(Next {
                    puzzle,
                    index: None,
                    head,
                })
            }
        }
    }

    /// A puzzle ended (`solved` or not) and was saved with `recorded`.
    fn finished(&mut self, next: &Next, solved: bool, recorded: Option<&Recorded>) {
        match self {
            Queue::Plan { plan, .. } => {
                if let (true, Some(i)) = (solved, next.index)
                    && let Some(s) = plan.solved.get_mut(i)
                {
                    *s = true;
                }
            }
            Queue::Ladder {
                rated,
                solved: count,
                ..
            } => {
                *count += usize::from(solved);
                if let Some(r) = recorded {
                    rated.rating.rating = r.rating_after;
                    rated.rating.deviation = r.deviation_after;
                }
            }
        }
    }
}

/// The loop of both: each puzzle from `queue` until it is empty or the
/// user quits.
#[allow(clippy::too_many_arguments)]
fn run_queue<R: BufRead, W: Write>(
    mut input: R,
    output: W,
    mut queue: Queue<'_>,
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
    if let Some(opening) = queue.opening() {
        out.text(&opening)?;
    }
    'puzzles: while let Some(next) = queue.next() {
        let puzzle = &next.puzzle;
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
        out.puzzle(puzzle, &next.head, &session)?;
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
                } else {
                    summary.failed += 1;
                }
                // Saved first, then said.
                let recorded = on_finish(puzzle, &outcome, clock().saturating_sub(started))?;
                queue.finished(&next, outcome.solved, recorded.as_ref());
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

pub use super::out::describe;
pub(crate) use super::out::{Head, Out};
