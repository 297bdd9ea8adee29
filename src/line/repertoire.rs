//! Repertoire training in line mode: the core's [`Trainer`] rendered as
//! text for a reader or as JSON events ([`LineEvent`]), one per line.
//!
//! The events, in order: `repertoire_start` (`repertoire`, `side`, `due`,
//! `new`, `new_left`); for a new line `line_shown` (`moves`: each with
//! `san`, `uci`, `number`, `side`, `comment`; `from`: where the new part
//! starts); for each card `card` (`repertoire`, `fen`, `moves` and `uci`:
//! the moves that lead to it, `line`, `to_move`, `new`, `again`, `number`,
//! `left`); then one of `card_right` (`san`, `uci`, `comment`,
//! `diagnostics`, `others`), `card_wrong` (`input`, `san`, `expected`,
//! `diagnostics`, `revealed`) or `wrong` (as `play` writes it: input that
//! is no legal move, never graded); after a card's first answer
//! `card_review` (`right`, `saved`, `due`, `interval_days`); the opponent's
//! reply going on along the line as `opponent_move`; `unknown_command` and
//! `unavailable` for words that are no move; finally `repertoire_end`
//! (`repertoire`, `answered`, `right`, `wrong`, `learned`, `unanswered`,
//! `reason`: `done`, `quit` or `end_of_input`).
//!
//! Each card's first answer is recorded (by the `record` callback, the
//! core's one record path) before `card_review` is said.

use std::io::{self, BufRead, Write};

use shakmaty::{Color, Position};

use crate::notation::{Lang, MoveText, color_name};
use crate::repertoire::{LineMove, TrainEnd, TrainEvent, Trainer, numbered_line};
use crate::session::Wrong;
use crate::train::{Finished, Saved};

use super::command::{Command, is_unknown_word, unknown_word_text};
use super::out::{Out, describe, local};
use super::protocol::{CardMove, CardShown, LineEvent};

const COMMANDS: &str = "solution, board, help, quit";

const HELP: &str = "Type your repertoire's move in SAN (Nf3, exd5, O-O). A wrong move shows the right one \
and the card comes back before the end; a slip of notation is explained and costs nothing. \
Commands: solution (show the move; it counts as wrong), board, help, quit.";

/// Trains `trainer`'s cards, reading answers from `input`.
///
/// `clock` gives milliseconds from any fixed start (for each answer's
/// time); `now` the time of day each review is stamped with; `record`
/// saves a card's review and says what saving did (`None`: there is no
/// store). Moves are read and written in `lang`'s letters; JSON keeps SAN
/// English.
///
/// # Errors
/// Reading or writing failed, or `record` did.
#[allow(clippy::too_many_arguments)]
pub fn run_repertoire<R: BufRead, W: Write>(
    mut input: R,
    output: W,
    trainer: Trainer,
    first: Vec<TrainEvent>,
    json: bool,
    mut clock: impl FnMut() -> u64,
    mut now: impl FnMut() -> crate::progress::Timestamp,
    mut record: impl FnMut(&Finished) -> io::Result<Option<Saved>>,
) -> io::Result<crate::repertoire::TrainSummary> {
    let lang = trainer.lang();
    let mut out = Out {
        w: output,
        json,
        blindfold: false,
        lang,
        blind: None,
    };
    let mut trainer = trainer;
    let mut asked_at = clock();
    let mut summary = None;
    say(&mut out, &trainer, first, &mut record, &mut summary)?;
    let mut line = String::new();
    while !trainer.is_over() {
        prompt(&mut out, &trainer)?;
        let end_of_input = super::read_line_lossy(&mut input, &mut line)? == 0;
        let text = line.trim();
        let events = match Command::parse(text) {
            _ if end_of_input => trainer.stop(TrainEnd::EndOfInput),
            _ if text.is_empty() => continue,
            Some(Command::Quit) => trainer.stop(TrainEnd::Quit),
            Some(Command::Solution) => {
                let spent = clock().saturating_sub(asked_at);
                trainer.reveal(now(), spent)
            }
            Some(Command::Board) => {
                show_board(&mut out, &trainer)?;
                continue;
            }
            Some(Command::Help) => {
                out.send(&LineEvent::Help { text: HELP.into() }, || HELP.to_owned())?;
                continue;
            }
            Some(other) => {
                let word = format!("{other:?}").to_lowercase();
                let event = LineEvent::Unavailable {
                    input: text.to_owned(),
                    command: word.clone(),
                };
                out.send(&event, || format!("No {word} here. {HELP}"))?;
                continue;
            }
            None if is_unknown_word(text) => {
                let words = unknown_word_text(text, COMMANDS);
                let event = LineEvent::UnknownCommand {
                    input: text.to_owned(),
                    commands: COMMANDS.to_owned(),
                    text: words.clone(),
                };
                out.send(&event, || words)?;
                continue;
            }
            None => {
                let spent = clock().saturating_sub(asked_at);
                trainer.answer(text, now(), spent)
            }
        };
        if events.iter().any(|e| matches!(e, TrainEvent::Asked(_))) {
            asked_at = clock();
        }
        say(&mut out, &trainer, events, &mut record, &mut summary)?;
    }
    out.w.flush()?;
    Ok(summary.unwrap_or_else(|| trainer.summary(TrainEnd::Quit)))
}

/// Asks for the answer (text only).
fn prompt<W: Write>(out: &mut Out<W>, trainer: &Trainer) -> io::Result<()> {
    let Some(pos) = trainer.position().filter(|_| !out.json) else {
        return Ok(());
    };
    writeln!(
        out.w,
        "You play {}. Your move (or solution, board, help, quit):",
        color_name(pos.turn())
    )?;
    out.w.flush()
}

fn show_board<W: Write>(out: &mut Out<W>, trainer: &Trainer) -> io::Result<()> {
    if let Some(pos) = trainer.position() {
        out.drawing(pos, trainer.repertoire().side())?;
    }
    Ok(())
}

/// A line's moves as line mode writes them.
fn card_moves(moves: &[LineMove]) -> Vec<CardMove> {
    moves
        .iter()
        .map(|m| CardMove {
            san: m.san.clone(),
            uci: m.uci.clone(),
            number: m.number,
            side: color_name(m.color),
            comment: m.comment.clone(),
        })
        .collect()
}

/// Moves in PGN order in `lang`'s letters, each comment in braces.
fn with_comments(moves: &[LineMove], lang: Lang) -> String {
    let mut out = String::new();
    for (i, m) in moves.iter().enumerate() {
        if !out.is_empty() {
            out.push(' ');
        }
        if m.color == Color::White {
            out.push_str(&format!("{}. ", m.number));
        } else if i == 0 || moves[i - 1].comment.is_some() {
            out.push_str(&format!("{}... ", m.number));
        }
        out.push_str(&lang.localize(&m.san));
        if let Some(c) = &m.comment {
            out.push_str(&format!(" {{{c}}}"));
        }
    }
    out
}

/// Writes what the trainer said, recording what it hands over first.
fn say<W: Write>(
    out: &mut Out<W>,
    trainer: &Trainer,
    events: Vec<TrainEvent>,
    record: &mut impl FnMut(&Finished) -> io::Result<Option<Saved>>,
    summary: &mut Option<crate::repertoire::TrainSummary>,
) -> io::Result<()> {
    let lang = out.lang;
    let side = trainer.repertoire().side();
    for event in events {
        match event {
            TrainEvent::Started {
                name,
                due,
                new,
                new_left,
            } => {
                let event = LineEvent::RepertoireStart {
                    repertoire: name.clone(),
                    side: color_name(side),
                    due,
                    new,
                    new_left,
                };
                out.send(&event, || {
                    let mut s = format!(
                        "Repertoire {name}, you play {}: {due} due, {new} new.",
                        color_name(side)
                    );
                    if new_left > 0 {
                        s.push_str(&format!(" {new_left} more new cards wait for later days."));
                    }
                    s
                })?;
            }
            TrainEvent::Shown { moves, from, .. } => {
                let event = LineEvent::LineShown {
                    moves: card_moves(&moves),
                    from,
                };
                out.send(&event, || {
                    let mut s = String::from("\nA new line to learn:");
                    if from > 0 {
                        s.push_str(&format!(" after {},", numbered(&moves[..from], lang)));
                    }
                    s.push(' ');
                    s.push_str(&with_comments(&moves[from..], lang));
                    s
                })?;
            }
            TrainEvent::Asked(asked) => {
                let moves: Vec<String> = asked.line.iter().map(|m| m.san.clone()).collect();
                let shown = CardShown {
                    repertoire: trainer.repertoire().name().to_owned(),
                    fen: asked.fen.clone(),
                    uci: asked.line.iter().map(|m| m.uci.clone()).collect(),
                    moves,
                    line: numbered_line(&asked.line),
                    to_move: color_name(side),
                    new: asked.new,
                    again: asked.again,
                    number: asked.number,
                    left: asked.left,
                };
                out.send(&LineEvent::Card(shown), || {
                    let what = if asked.again {
                        "Again"
                    } else if asked.new {
                        "New card"
                    } else {
                        "Review"
                    };
                    let line = if asked.line.is_empty() {
                        "the start position".to_owned()
                    } else {
                        numbered(&asked.line, lang)
                    };
                    format!("\n{what} ({} left after it): {line}", asked.left)
                })?;
                show_board(out, trainer)?;
            }
            TrainEvent::Reply(m) => {
                let text = MoveText {
                    mv: m.mv,
                    san: m.san.clone(),
                    lan: String::new(),
                    uci: m.uci.clone(),
                };
                let event = LineEvent::OpponentMove {
                    uci: m.uci.clone(),
                    san: m.san.clone(),
                    words: describe(&text),
                    comment: m.comment.clone(),
                    local: local(lang, &m.san),
                };
                out.send(&event, || {
                    let mut s = format!(
                        "The opponent plays {}.",
                        numbered(std::slice::from_ref(&m), lang)
                    );
                    if let Some(c) = &m.comment {
                        s.push(' ');
                        s.push_str(c);
                    }
                    s
                })?;
            }
            TrainEvent::Right {
                text,
                comment,
                diagnostics,
                others,
            } => {
                let event = LineEvent::CardRight {
                    uci: text.uci.clone(),
                    san: text.san.clone(),
                    comment: comment.clone(),
                    diagnostics: diagnostics.clone(),
                    others: others.clone(),
                    local: local(lang, &text.san),
                };
                out.send(&event, || {
                    let mut s = format!("Right: {}.", lang.localize(&text.san));
                    if let Some(c) = &comment {
                        s.push(' ');
                        s.push_str(c);
                    }
                    for d in &diagnostics {
                        s.push_str(&format!("\n  Note: {}", d.message));
                    }
                    if !others.is_empty() {
                        let others: Vec<String> = others.iter().map(|o| lang.localize(o)).collect();
                        s.push_str(&format!(
                            "\n  Your repertoire also plays {} here.",
                            others.join(", ")
                        ));
                    }
                    s
                })?;
            }
            TrainEvent::Wrong {
                input,
                text,
                expected,
                diagnostics,
            } => {
                let event = LineEvent::CardWrong {
                    input: input.clone(),
                    san: Some(text.san.clone()),
                    expected: card_moves(&expected),
                    diagnostics: diagnostics.clone(),
                    revealed: false,
                };
                out.send(&event, || {
                    format!(
                        "{} is legal, but not your repertoire's move. {} It comes back before the end.",
                        lang.localize(&text.san),
                        expected_text(&expected, lang)
                    )
                })?;
            }
            TrainEvent::Revealed { expected } => {
                let event = LineEvent::CardWrong {
                    input: String::new(),
                    san: None,
                    expected: card_moves(&expected),
                    diagnostics: Vec::new(),
                    revealed: true,
                };
                out.send(&event, || {
                    format!(
                        "{} It comes back before the end.",
                        expected_text(&expected, lang)
                    )
                })?;
            }
            TrainEvent::NotLegal { input, rejected } => {
                out.wrong(&input, &Wrong::NotLegal(rejected))?;
            }
            TrainEvent::Record(finished) => {
                let right = matches!(&finished, Finished::Card(r) if r.right);
                let saved = record(&finished)?;
                let state = match &saved {
                    Some(Saved::Card(state)) => *state,
                    _ => None,
                };
                let event = LineEvent::CardReview {
                    right,
                    saved: saved.is_some(),
                    due: state.map(|s| s.card.due.0),
                    interval_days: state.map(|s| s.card.interval_days),
                };
                out.send(&event, || match state {
                    Some(s) if s.card.interval_days == 1 => "Next review: tomorrow.".to_owned(),
                    Some(s) => format!("Next review in {} days.", s.card.interval_days),
                    None => "Not saved.".to_owned(),
                })?;
            }
            TrainEvent::Ended(end) => {
                out.send(&LineEvent::RepertoireEnd(end.clone()), || {
                    let mut s = format!(
                        "\nSession over: {} of {} cards right, {} new learned.",
                        end.right, end.answered, end.learned
                    );
                    if end.unanswered > 0 {
                        s.push_str(&format!(" {} cards were not reached.", end.unanswered));
                    }
                    s
                })?;
                *summary = Some(end);
            }
        }
    }
    Ok(())
}

/// "The move is Nf3. Its comment." or "Your repertoire plays Nf3 or Nc3 here."
fn expected_text(expected: &[LineMove], lang: Lang) -> String {
    let moves: Vec<String> = expected.iter().map(|m| lang.localize(&m.san)).collect();
    let mut s = format!("Your repertoire plays {}.", moves.join(" or "));
    for m in expected {
        if let Some(c) = &m.comment {
            s.push(' ');
            s.push_str(c);
        }
    }
    s
}

/// Moves in PGN order in `lang`'s letters.
fn numbered(moves: &[LineMove], lang: Lang) -> String {
    let line = numbered_line(moves);
    if lang.is_local() {
        lang.localize_text(&line)
    } else {
        line
    }
}
