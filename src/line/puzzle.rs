//! Puzzles in line mode: for screen readers, dumb terminals and scripts.
//!
//! Plain text prints the position as a drawing and a piece list, the
//! opponent's moves in words and SAN, and the engine's explanation of every
//! line submitted. With `json`, every event is one JSON object per line:
//!
//! - `{"event": "puzzle", "id", "fen", "to_move", "title", "subtitle", "themes", "number", "of",
//!   "solved_count", "header", "review"}` (`fen` is the puzzle's start position; an
//!   `opponent_move` may follow at once; `number` is the puzzle's place in the list)
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
//!   wrong move failed, when the mate solver (or an engine) shows it (never before the end)
//! - `{"event": "skipped", "id"}` (next before the end), `{"event": "error", "message"}`
//! - `{"event": "end", "played", "solved", "failed"}`
//!
//! `solved` and `failed` are written only once the attempt is saved (the
//! `on_finish` callback returned): a script never sees a result that is not
//! on disk. `saved` is false only when there is no progress store at all.
//!
//! - `{"event": "retry", "id"}` (the puzzle starts again; its opponent move follows)
//! - `{"event": "unknown_command", "input", "commands"}` (a word that is no move)
//!
//! Commands are words on a line of their own, in any case: `hint`,
//! `solution`, `next`, `retry`, `board`, `help`, `quit`. A plain word that
//! cannot be a move is answered with the list of commands; anything else is
//! read as a move.

use std::io::{self, BufRead, Write};

use serde_json::{Value, json};
use shakmaty::{Chess, Color, Move, Position};

use crate::engine::refute::{Refutation, by_mate};
use crate::notation::{Lang, MoveText, ResolveError, color_name, role_name};
use crate::progress::{Recorded, Resume};
use crate::puzzle::{Puzzle, color_word};
use crate::session::{DEFAULT_SUCCESS, Event, HintRung, Outcome, Session, SolutionStep, Wrong};

use super::blindfold::blindfold_text;
use super::board_text::{board_drawing, piece_list};
use super::command::{COMMANDS, Command, is_unknown_word, unknown_word_text};

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
    on_finish: impl FnMut(&Puzzle, &Outcome, u64) -> io::Result<Option<Recorded>>,
) -> io::Result<PlaySummary> {
    run_puzzles_refuting(
        input, output, puzzles, plan, json, clock, on_finish, by_mate,
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
    on_finish: impl FnMut(&Puzzle, &Outcome, u64) -> io::Result<Option<Recorded>>,
    refute: impl FnMut(&Chess, Move) -> Option<Refutation>,
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
    mut on_finish: impl FnMut(&Puzzle, &Outcome, u64) -> io::Result<Option<Recorded>>,
    mut refute: impl FnMut(&Chess, Move) -> Option<Refutation>,
) -> io::Result<PlaySummary> {
    let json = mode.json;
    let mut out = Out {
        w: output,
        json,
        blindfold: mode.blindfold,
        lang: mode.lang,
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
        let (mut session, events) = Session::new(puzzle.clone());
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
                    let events = session.retry();
                    // The puzzle again, from its start, as it was first shown.
                    out.event(json!({"event": "retry", "id": puzzle.id}), || {
                        format!("Starting {} again.", puzzle.id)
                    })?;
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
                None if is_unknown_word(text) => {
                    out.event(
                        json!({"event": "unknown_command", "input": text, "commands": COMMANDS}),
                        || unknown_word_text(text),
                    )?;
                    continue;
                }
                None => (session.submit_in(text, mode.lang), Then::Stay),
            };
            if first_wrong.is_none() {
                first_wrong = events.iter().find_map(|e| match e {
                    Event::Wrong {
                        wrong: Wrong::NotSolution { text },
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
                // Blindfold: the board, now that the puzzle is over.
                if out.blindfold && !json {
                    writeln!(out.w, "The final position:")?;
                    out.drawing(session.position(), puzzle.user_color)?;
                }
                // Only now that the puzzle is over: why the first try failed.
                if let Some(r) = first_wrong.take().and_then(|(pos, mv)| refute(&pos, mv)) {
                    out.event(
                        json!({"event": "refutation", "san": r.san, "verdict": r.verdict,
                               "text": r.text}),
                        || format!("Why your first try failed: {}.", r.text),
                    )?;
                }
            }
            match then {
                Then::Quit => break 'puzzles,
                Then::Next => {
                    out.event(json!({"event": "skipped", "id": puzzle.id}), || {
                        format!("Skipped {}.", puzzle.id)
                    })?;
                    continue 'puzzles;
                }
                Then::Stay if session.is_finished() => continue 'puzzles,
                Then::Stay if !json => out.prompt(&session)?,
                Then::Stay => {}
            }
        }
    }
    out.event(
        json!({"event": "end", "played": summary.played, "solved": summary.solved, "failed": summary.failed}),
        || {
            format!(
                "Played {}: {} solved, {} failed.",
                summary.played, summary.solved, summary.failed
            )
        },
    )?;
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
board, help, quit.";

/// The writer, in text or JSON (shared with Storm and Streak, [`super::storm`]).
pub(crate) struct Out<W> {
    pub(crate) w: W,
    pub(crate) json: bool,
    pub(crate) blindfold: bool,
    /// The piece letters text output writes moves in.
    pub(crate) lang: Lang,
}

impl<W: Write> Out<W> {
    pub(crate) fn event(&mut self, value: Value, text: impl FnOnce() -> String) -> io::Result<()> {
        if self.json {
            serde_json::to_writer(&mut self.w, &value)?;
            writeln!(self.w)?;
        } else {
            writeln!(self.w, "{}", text())?;
        }
        self.w.flush()
    }

    pub(crate) fn text(&mut self, text: &str) -> io::Result<()> {
        if !self.json {
            writeln!(self.w, "{text}")?;
        }
        Ok(())
    }

    /// The position as the user is given it: drawn (with the piece list),
    /// or in words only when blindfold and the puzzle is not over.
    pub(crate) fn board(&mut self, session: &Session) -> io::Result<()> {
        if self.blindfold && !session.is_finished() {
            if !self.json {
                let played: Vec<MoveText> = session
                    .moves_played()
                    .iter()
                    .map(|(m, _)| m.clone())
                    .collect();
                writeln!(
                    self.w,
                    "{}",
                    blindfold_text(&session.puzzle().position, &played)
                )?;
            }
            return Ok(());
        }
        self.drawing(session.position(), session.puzzle().user_color)
    }

    pub(crate) fn drawing(&mut self, pos: &Chess, side: Color) -> io::Result<()> {
        if !self.json {
            writeln!(self.w, "{}", board_drawing(pos, side))?;
            writeln!(self.w, "{}", piece_list(pos))?;
        }
        Ok(())
    }

    fn puzzle(
        &mut self,
        p: &Puzzle,
        plan: &Resume,
        index: usize,
        review: bool,
        session: &Session,
    ) -> io::Result<()> {
        let (number, of) = (index + 1, plan.solved.len());
        let header = plan.header(index);
        self.event(
            json!({
                "event": "puzzle", "id": p.id, "fen": p.fen, "to_move": color_word(p.user_color),
                "title": p.title, "subtitle": p.subtitle, "themes": p.themes,
                "difficulty": p.difficulty, "rating": p.rating, "number": number, "of": of,
                "solved_count": plan.solved_count(), "header": header, "review": review,
            }),
            || {
                let mut head = format!("\n{header}: {} ({})", p.title, p.id);
                if review {
                    head.push_str("\nA review: you failed this one before.");
                }
                if !p.subtitle.is_empty() {
                    head.push_str(&format!("\n{}", p.subtitle));
                }
                if !p.themes.is_empty() {
                    head.push_str(&format!("\nThemes: {}", p.themes.join(", ")));
                }
                head
            },
        )?;
        // The board the user first sees, after the opponent's opening move.
        self.board(session)
    }

    fn prompt(&mut self, session: &Session) -> io::Result<()> {
        let side = color_name(session.position().turn());
        writeln!(
            self.w,
            "You play {side}. Your move (or hint, solution, help):"
        )?;
        self.w.flush()
    }

    /// Writes the session's events; `before` is the position before them.
    pub(crate) fn events(&mut self, before: &Chess, events: Vec<Event>) -> io::Result<()> {
        let lang = self.lang;
        let mut pos = before.clone();
        for event in events {
            match event {
                Event::Started { .. } => {}
                Event::OpponentMoved { text, comment } => {
                    let words = describe(&text);
                    pos.play_unchecked(text.mv);
                    self.event(
                        json!({"event": "opponent_move", "uci": text.uci, "san": text.san,
                               "words": words, "comment": comment}),
                        || {
                            with_comment(
                                format!(
                                    "The opponent plays {}: {words}.",
                                    lang.localize(&text.san)
                                ),
                                &comment,
                            )
                        },
                    )?;
                }
                Event::Correct {
                    text,
                    comment,
                    alternative,
                    diagnostics,
                } => {
                    pos.play_unchecked(text.mv);
                    self.event(
                        json!({"event": "correct", "uci": text.uci, "san": text.san, "comment": comment,
                               "alternative": alternative, "diagnostics": diagnostics}),
                        || {
                            let mut s = with_comment(
                                format!("Correct: {}.", lang.localize(&text.san)),
                                &comment,
                            );
                            if alternative {
                                s.push_str(
                                    " Also mates: not the book's move, but proven to mate as fast.",
                                );
                            }
                            for d in &diagnostics {
                                s.push_str(&format!("\n  Note: {}", d.message));
                            }
                            s
                        },
                    )?;
                }
                Event::Wrong { input, wrong } => self.wrong(&input, &wrong)?,
                Event::Hint(rung) => self.hint(&rung)?,
                Event::MarkedFailed {
                    reason, message, ..
                } => self.event(
                    json!({"event": "failed_keep_going", "reason": reason.as_str(),
                           "message": message}),
                    || {
                        format!(
                            "Failed, keep going: {}, so this puzzle counts as failed; \
                             finish it all the same. {message}",
                            reason.describe()
                        )
                    },
                )?,
                Event::Solved { .. } | Event::Failed { .. } | Event::GaveUp { .. } => {}
            }
        }
        Ok(())
    }

    /// Writes the event that ends a puzzle, with what the save did.
    fn result(
        &mut self,
        event: Event,
        session: &Session,
        recorded: Option<&Recorded>,
    ) -> io::Result<()> {
        let rating = |value: &mut Value| {
            if let Value::Object(map) = value {
                map.insert("rated".into(), json!(recorded.is_some_and(|r| r.rated)));
                map.insert(
                    "rating_before".into(),
                    json!(recorded.map(|r| r.rating_before.round() as i64)),
                );
                map.insert(
                    "rating_after".into(),
                    json!(recorded.map(|r| r.rating_after.round() as i64)),
                );
                map.insert("saved".into(), json!(recorded.is_some()));
            }
        };
        let lang = self.lang;
        let rating_text = match recorded {
            Some(r) => format!("\nRating: {}.", r.describe()),
            None => "\nNot saved: there is no progress store this time.".to_owned(),
        };
        match event {
            Event::Solved { id, message } => {
                let mut value = json!({"event": "solved", "id": id, "message": message});
                rating(&mut value);
                self.event(value, || {
                    if message == DEFAULT_SUCCESS {
                        format!("{message}{rating_text}")
                    } else {
                        format!("Solved! {message}{rating_text}")
                    }
                })
            }
            Event::Failed {
                id,
                message,
                solution,
            }
            | Event::GaveUp {
                id,
                message,
                solution,
            } => {
                let sans: Vec<&str> = solution.iter().map(|m| m.san.as_str()).collect();
                let steps = session.solution_line();
                let line: Vec<Value> = steps
                    .iter()
                    .map(|s| {
                        json!({"san": s.text.san, "uci": s.text.uci, "by_user": s.by_user,
                                    "comment": s.comment})
                    })
                    .collect();
                let mut value = json!({
                    "event": "failed", "id": id, "message": message, "solution": sans,
                    "gave_up": session.outcome().is_some_and(|o| o.solution_shown),
                    "reason": session.failure().map(|f| f.as_str()),
                    "line": line, "game_url": session.game_url(),
                });
                rating(&mut value);
                self.event(value, || {
                    // The message names the moves shown; the steps add the comments.
                    let mut s = message.clone();
                    s.push_str(&solution_text(&steps, lang));
                    if let Some(url) = session.game_url() {
                        s.push_str(&format!("\nFrom the game {url}"));
                    }
                    s.push_str(&rating_text);
                    s
                })
            }
            _ => Ok(()),
        }
    }

    pub(crate) fn wrong(&mut self, input: &str, wrong: &Wrong) -> io::Result<()> {
        let (reason, legal, diagnostics, candidates) = match wrong {
            Wrong::NotSolution { text } => (
                format!(
                    "{} is legal, but not the solution",
                    self.lang.localize(&text.san)
                ),
                true,
                Vec::new(),
                Vec::new(),
            ),
            Wrong::NotLegal(rejected) => {
                let candidates: Vec<String> = match &rejected.error {
                    ResolveError::Ambiguous { candidates } => {
                        candidates.iter().map(|c| c.san.clone()).collect()
                    }
                    _ => Vec::new(),
                };
                (
                    rejected.error.to_string(),
                    false,
                    rejected.diagnostics.clone(),
                    candidates,
                )
            }
        };
        self.event(
            json!({"event": "wrong", "input": input, "reason": reason, "legal": legal,
                   "diagnostics": diagnostics, "candidates": candidates}),
            || {
                let mut s = format!("Not accepted: {reason}.");
                for d in &diagnostics {
                    s.push_str(&format!("\n  Note: {}", d.message));
                }
                s
            },
        )
    }

    fn hint(&mut self, rung: &HintRung) -> io::Result<()> {
        let number = rung.number();
        let (value, text) = match rung {
            HintRung::Text(t) => (json!({"text": t}), format!("Hint: {t}")),
            HintRung::Piece { square, role } => (
                json!({"square": square.to_string(), "role": role_name(*role),
                       "text": format!("move the {} on {square}", role_name(*role))}),
                format!("Hint: move the {} on {square}.", role_name(*role)),
            ),
            HintRung::Destination { from, to } => (
                json!({"from": from.to_string(), "to": to.to_string(),
                       "text": format!("from {from} to {to}")}),
                format!("Hint: from {from} to {to}."),
            ),
            HintRung::Move(m) => (
                json!({"san": m.san, "uci": m.uci, "text": format!("play {}", m.san)}),
                format!("Hint: play {}.", self.lang.localize(&m.san)),
            ),
        };
        let mut value = value;
        if let Value::Object(map) = &mut value {
            map.insert("event".into(), json!("hint"));
            map.insert("rung".into(), json!(number));
        }
        self.event(value, || text)
    }
}

/// The solution move by move, with the pack's comments: "1. Kb6 Takes b7 ...".
fn solution_text(steps: &[SolutionStep], lang: Lang) -> String {
    let mut s = String::from("\nMove by move:");
    for step in steps {
        let mover = if step.by_user { "You" } else { "They" };
        s.push_str(&format!("\n  {mover}: {}", lang.localize(&step.text.san)));
        if let Some(c) = &step.comment {
            s.push_str(&format!(" ({c})"));
        }
    }
    s
}

fn with_comment(mut s: String, comment: &Option<String>) -> String {
    if let Some(c) = comment {
        s.push(' ');
        s.push_str(c);
    }
    s
}

/// A move in words: "knight from f6 takes the pawn on e4, check".
pub fn describe(text: &MoveText) -> String {
    let mut words = match text.mv {
        Move::Castle { king, rook } => if rook.file() < king.file() {
            "castles queenside"
        } else {
            "castles kingside"
        }
        .to_owned(),
        Move::EnPassant { from, to } => format!("pawn from {from} takes en passant on {to}"),
        Move::Normal {
            role,
            from,
            capture,
            to,
            promotion,
        } => {
            let mut s = format!("{} from {from}", role_name(role));
            match capture {
                Some(c) => s.push_str(&format!(" takes the {} on {to}", role_name(c))),
                None => s.push_str(&format!(" to {to}")),
            }
            if let Some(p) = promotion {
                s.push_str(&format!(" and promotes to a {}", role_name(p)));
            }
            s
        }
        Move::Put { role, to } => format!("{} dropped on {to}", role_name(role)),
    };
    if text.san.ends_with('#') {
        words.push_str(", checkmate");
    } else if text.san.ends_with('+') {
        words.push_str(", check");
    }
    words
}
