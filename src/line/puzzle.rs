//! Puzzles in line mode: for screen readers, dumb terminals and scripts.
//!
//! Plain text prints the position as a drawing and a piece list, the
//! opponent's moves in words and SAN, and the engine's explanation of every
//! line submitted. With `json`, every event is one JSON object per line:
//!
//! - `{"event": "puzzle", "id", "fen", "to_move", "title", "subtitle", "themes", "number", "of"}`
//!   (`fen` is the puzzle's start position; an `opponent_move` may follow at once)
//! - `{"event": "opponent_move", "uci", "san", "words", "comment"}`
//! - `{"event": "correct", "uci", "san", "comment", "alternative", "diagnostics"}`
//! - `{"event": "wrong", "input", "reason", "legal", "diagnostics", "candidates"}`
//! - `{"event": "hint", "rung", "text", ...}` with `square`, `from`/`to` or `san` by rung
//! - `{"event": "solved", "id", "message"}`, `{"event": "failed", "id", "message", "solution"}`
//! - `{"event": "refutation", "san", "verdict", "text"}`: after the end, why the first legal
//!   wrong move failed, when the mate solver (or an engine) shows it (never before the end)
//! - `{"event": "skipped", "id"}` (next before the end), `{"event": "error", "message"}`
//! - `{"event": "end", "played", "solved", "failed"}`
//!
//! Commands are words on a line of their own: `hint`, `solution`, `next`,
//! `retry`, `board`, `help`, `quit`. Anything else is read as a move.

use std::io::{self, BufRead, Write};

use serde_json::{Value, json};
use shakmaty::{Chess, Color, Move, Position};

use crate::engine::refute::{Refutation, by_mate};
use crate::notation::{MoveText, ResolveError, color_name, role_name};
use crate::puzzle::{Puzzle, color_word};
use crate::session::{Event, HintRung, Outcome, Session, Wrong};

use super::board_text::{board_drawing, piece_list};

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

/// Plays `puzzles` in order, reading commands and moves from `input`.
///
/// `clock` gives milliseconds from any fixed start (the shell's clock);
/// `on_finish` is called with each finished puzzle, its outcome and the time
/// taken, so that the shell can record it at once.
///
/// # Errors
/// Reading or writing failed, or `on_finish` failed.
pub fn run_puzzles<R: BufRead, W: Write>(
    input: R,
    output: W,
    puzzles: &[Puzzle],
    json: bool,
    clock: impl FnMut() -> u64,
    on_finish: impl FnMut(&Puzzle, &Outcome, u64) -> io::Result<()>,
) -> io::Result<PlaySummary> {
    run_puzzles_refuting(input, output, puzzles, json, clock, on_finish, by_mate)
}

/// As [`run_puzzles`], with `refute` saying why the first legal wrong move
/// of a puzzle fails, once the puzzle has ended (the mate solver,
/// [`by_mate`], or an engine).
///
/// # Errors
/// As [`run_puzzles`].
pub fn run_puzzles_refuting<R: BufRead, W: Write>(
    mut input: R,
    output: W,
    puzzles: &[Puzzle],
    json: bool,
    mut clock: impl FnMut() -> u64,
    mut on_finish: impl FnMut(&Puzzle, &Outcome, u64) -> io::Result<()>,
    mut refute: impl FnMut(&Chess, Move) -> Option<Refutation>,
) -> io::Result<PlaySummary> {
    let mut out = Out { w: output, json };
    let mut summary = PlaySummary::default();
    let mut line = String::new();
    'puzzles: for (i, puzzle) in puzzles.iter().enumerate() {
        let (mut session, events) = Session::new(puzzle.clone());
        out.puzzle(puzzle, i + 1, puzzles.len(), &session)?;
        let mut started = clock();
        let mut first_wrong: Option<(Chess, Move)> = None;
        out.events(&puzzle.position, events)?;
        if !json {
            out.prompt(&session)?;
        }
        loop {
            line.clear();
            if input.read_line(&mut line)? == 0 {
                break 'puzzles;
            }
            let before = session.position().clone();
            let events = match line.trim() {
                "" => continue,
                "quit" | "exit" => break 'puzzles,
                "next" | "skip" if !session.is_finished() => {
                    out.event(json!({"event": "skipped", "id": puzzle.id}), || {
                        format!("Skipped {}.", puzzle.id)
                    })?;
                    continue 'puzzles;
                }
                "next" | "skip" => continue 'puzzles,
                "hint" => session.hint(),
                "solution" | "give up" => session.give_up(),
                "retry" => {
                    started = clock();
                    session.retry()
                }
                "board" => {
                    out.board(session.position(), puzzle.user_color)?;
                    continue;
                }
                "help" | "?" => {
                    out.text(HELP)?;
                    continue;
                }
                text => session.submit(text),
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
            out.events(&before, events)?;
            if let (true, Some(outcome)) = (session.is_finished(), session.outcome()) {
                if let Some(r) = first_wrong.and_then(|(pos, mv)| refute(&pos, mv)) {
                    out.event(
                        json!({"event": "refutation", "san": r.san, "verdict": r.verdict,
                               "text": r.text}),
                        || format!("Why your first try failed: {}.", r.text),
                    )?;
                }
                summary.played += 1;
                if outcome.solved {
                    summary.solved += 1;
                } else {
                    summary.failed += 1;
                }
                on_finish(puzzle, &outcome, clock().saturating_sub(started))?;
                continue 'puzzles;
            }
            if !json {
                out.prompt(&session)?;
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

const HELP: &str = "Type your move in SAN (Nf3, exd5, O-O, e8=Q) or UCI (g1f3). \
Commands: hint (one rung more each time), solution, next, retry, board, quit.";

/// The writer, in text or JSON.
struct Out<W> {
    w: W,
    json: bool,
}

impl<W: Write> Out<W> {
    fn event(&mut self, value: Value, text: impl FnOnce() -> String) -> io::Result<()> {
        if self.json {
            serde_json::to_writer(&mut self.w, &value)?;
            writeln!(self.w)?;
        } else {
            writeln!(self.w, "{}", text())?;
        }
        self.w.flush()
    }

    fn text(&mut self, text: &str) -> io::Result<()> {
        if !self.json {
            writeln!(self.w, "{text}")?;
        }
        Ok(())
    }

    fn board(&mut self, pos: &Chess, side: Color) -> io::Result<()> {
        if !self.json {
            writeln!(self.w, "{}", board_drawing(pos, side))?;
            writeln!(self.w, "{}", piece_list(pos))?;
        }
        Ok(())
    }

    fn puzzle(
        &mut self,
        p: &Puzzle,
        number: usize,
        of: usize,
        session: &Session,
    ) -> io::Result<()> {
        self.event(
            json!({
                "event": "puzzle", "id": p.id, "fen": p.fen, "to_move": color_word(p.user_color),
                "title": p.title, "subtitle": p.subtitle, "themes": p.themes,
                "difficulty": p.difficulty, "rating": p.rating, "number": number, "of": of,
            }),
            || {
                let mut head = format!("\nPuzzle {number} of {of}: {} ({})", p.title, p.id);
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
        self.board(session.position(), p.user_color)
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
    fn events(&mut self, before: &Chess, events: Vec<Event>) -> io::Result<()> {
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
                                format!("The opponent plays {}: {words}.", text.san),
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
                            let mut s = with_comment(format!("Correct: {}.", text.san), &comment);
                            if alternative {
                                s.push_str(" Another mate than the one in the book, and it counts.");
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
                Event::Solved { id, message } => self.event(
                    json!({"event": "solved", "id": id, "message": message}),
                    || format!("Solved! {message}"),
                )?,
                Event::Failed {
                    id,
                    message,
                    solution,
                } => {
                    let sans: Vec<&str> = solution.iter().map(|m| m.san.as_str()).collect();
                    self.event(
                        json!({"event": "failed", "id": id, "message": message, "solution": sans}),
                        || format!("{message}\nThe solution: {}", sans.join(" ")),
                    )?;
                }
            }
        }
        Ok(())
    }

    fn wrong(&mut self, input: &str, wrong: &Wrong) -> io::Result<()> {
        let (reason, legal, diagnostics, candidates) = match wrong {
            Wrong::NotSolution { text } => (
                format!("{} is legal, but not the solution; try again", text.san),
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
                format!("Hint: play {}.", m.san),
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
