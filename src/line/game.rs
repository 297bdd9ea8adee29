//! Play out a position against an engine in line mode (`sancho game
//! --plain [--json]`): the core's [`PlayOut`] rendered as text or JSON,
//! the engine asked through the `engine` callback.
//!
//! The events: `game_start` (`fen`, `side`: the user's colour, `to_move`;
//! `endgame` for an endgame: `id`, `title`, `goal`, `moves`, `text`;
//! `from` for a position from a puzzle or a PGN),
//! `played` (the user's move: `uci`, `san`, `local`), `engine_move` (`uci`,
//! `san`, `words`, `local`), `wrong` as in puzzles for an input that is no
//! legal move, `unknown_command`, and `game_over` (`result`: `1-0`, `0-1`,
//! `1/2-1/2` or `*`; `reason`: `checkmate`, `stalemate`, `repetition`,
//! `fifty_moves`, `insufficient_material`, `resigned`, `engine_failed`,
//! and for a game with a goal `promoted`, `engine_promoted`,
//! `won_material`, `lost_material`, `move_limit`;
//! `user_won`: true, false or null for a draw; `moves`: every move's SAN;
//! `goal` for an endgame: `goal`, `moves`, `achieved`, `moves_used`,
//! `text`, `note`).
//!
//! Commands, a word on a line of their own: `board`, `pieces`, `moves`
//! (the scoresheet in two columns), `help`, `resign` (also `quit`, and the
//! end of input). With `--blindfold` no board is ever drawn: the position
//! is told in words (`pieces`), each engine move in SAN and in words.

use std::io::{self, BufRead, Write};

use shakmaty::Position;

use crate::notation::{ResolveError, color_name};
use crate::puzzle::{color_word, fen_of};
use crate::train::endgame::Endgame;
use crate::train::game::{GameEnd, GameEvent, PlayOut};

use super::board_text::{board_drawing, piece_list_in};
use super::command::{is_unknown_word, unknown_word_text};
use super::out::{describe, local};
use super::protocol::{EndgameShown, GoalJudged, LineEvent};
use super::puzzle::Mode;

const COMMANDS: &str = "board, pieces, moves, help, resign";

const HELP: &str = "Type your move in SAN (Nf3, exd5, O-O, e8=Q) or UCI (g1f3); the engine replies. \
The game ends by mate, stalemate, threefold repetition, the fifty-move rule or insufficient material. \
Commands: board, pieces, moves (the scoresheet), help, resign.";

/// What a game is, beyond its position: the endgame it plays, where the
/// position came from.
#[derive(Clone, Copy, Debug, Default)]
pub struct GameSetting<'a> {
    /// The endgame (`--endgame`): its title and goal are shown at the
    /// start, its note at the end.
    pub endgame: Option<&'a Endgame>,
    /// Where the position came from (`puzzle builtin:eg-001`, `move 12
    /// of Anna – Ben`), said at the start.
    pub from: Option<&'a str>,
}

/// Plays the game `started` to its end (or until the user resigns or the
/// input ends, which resigns), reading moves and commands from `input`.
/// `engine` answers each question with the engine's move in UCI (`None`:
/// it gave none, and the game ends without a result).
///
/// # Errors
/// Reading or writing failed.
pub fn run_game<R: BufRead, W: Write>(
    mut input: R,
    mut w: W,
    started: (PlayOut, Vec<GameEvent>),
    mode: Mode,
    setting: GameSetting<'_>,
    mut engine: impl FnMut(&str) -> Option<String>,
) -> io::Result<PlayOut> {
    let (mut game, events) = started;
    let start = LineEvent::GameStart {
        fen: fen_of(game.start()),
        side: color_word(game.user()).to_owned(),
        to_move: color_word(game.start().turn()).to_owned(),
        endgame: setting.endgame.map(|e| EndgameShown {
            id: e.id.clone(),
            title: e.title.clone(),
            goal: e.goal.name().to_owned(),
            moves: e.goal.moves(),
            text: e.goal.describe(),
        }),
        from: setting.from.map(str::to_owned),
    };
    send(&mut w, mode, &start, || {
        let mut text = String::new();
        if let Some(e) = setting.endgame {
            text.push_str(&format!("Endgame: {}. {}\n", e.title, e.goal.describe()));
        }
        if let Some(from) = setting.from {
            text.push_str(&format!("The position of {from}.\n"));
        }
        text.push_str(&format!(
            "You play {} from this position, {} to move:\n",
            color_name(game.user()),
            color_name(game.start().turn()),
        ));
        if !mode.blindfold {
            text.push_str(&board_drawing(game.start(), game.user()));
            text.push('\n');
        }
        text.push_str(&piece_list_in(game.start(), mode.lang));
        text.push('\n');
        text.push_str(HELP);
        if mode.blindfold {
            text.push_str(" Blindfold: no board is drawn; pieces tells the position in words.");
        }
        text
    })?;
    say(&mut w, mode, setting, &mut game, events, &mut engine)?;
    let mut line = String::new();
    while game.end().is_none() {
        if !mode.json {
            let left = game
                .moves_left()
                .map(|n| format!(", {n} of your moves left"))
                .unwrap_or_default();
            writeln!(
                w,
                "You play {}{left}. Your move (or board, pieces, moves, help, resign):",
                color_name(game.user())
            )?;
            w.flush()?;
        }
        line.clear();
        let end_of_input = super::read_line_lossy(&mut input, &mut line)? == 0;
        let text = line.trim();
        let word = text.to_ascii_lowercase();
        let events = match word.as_str() {
            _ if end_of_input => game.resign(),
            "" => continue,
            "resign" | "quit" | "exit" => game.resign(),
            "board" if mode.blindfold => {
                let text = "Blindfold: no board is drawn. pieces tells the position in words, moves the scoresheet.".to_owned();
                send(
                    &mut w,
                    mode,
                    &LineEvent::Message { text: text.clone() },
                    || text,
                )?;
                continue;
            }
            "board" => {
                if !mode.json {
                    writeln!(w, "{}", board_drawing(game.position(), game.user()))?;
                    writeln!(w, "{}", piece_list_in(game.position(), mode.lang))?;
                }
                continue;
            }
            "pieces" => {
                let text = piece_list_in(game.position(), mode.lang);
                send(
                    &mut w,
                    mode,
                    &LineEvent::Message { text: text.clone() },
                    || text,
                )?;
                continue;
            }
            "moves" => {
                let text = scoresheet(&game, mode);
                send(
                    &mut w,
                    mode,
                    &LineEvent::Message { text: text.clone() },
                    || text,
                )?;
                continue;
            }
            "help" | "?" => {
                let event = LineEvent::Message {
                    text: HELP.to_owned(),
                };
                send(&mut w, mode, &event, || HELP.to_owned())?;
                continue;
            }
            _ if is_unknown_word(text) => {
                let words = unknown_word_text(text, COMMANDS);
                let event = LineEvent::UnknownCommand {
                    input: text.to_owned(),
                    commands: COMMANDS.to_owned(),
                    text: words.clone(),
                };
                send(&mut w, mode, &event, || words)?;
                continue;
            }
            _ => game.submit(text),
        };
        say(&mut w, mode, setting, &mut game, events, &mut engine)?;
    }
    Ok(game)
}

/// The moves so far as a scoresheet in two columns: the move number,
/// White's move, Black's (`40. ...` when Black moved first).
fn scoresheet(game: &PlayOut, mode: Mode) -> String {
    if game.moves().is_empty() {
        return "No moves played yet.".to_owned();
    }
    let sans: Vec<String> = game
        .moves()
        .iter()
        .map(|m| mode.lang.localize(&m.san))
        .collect();
    two_columns(game.start(), &sans)
}

/// `sans` from `start` in rows of number, White, Black.
fn two_columns(start: &shakmaty::Chess, sans: &[String]) -> String {
    let mut rows: Vec<(u32, String, String)> = Vec::new();
    let mut number = start.fullmoves().get();
    let mut turn = start.turn();
    for san in sans {
        match turn {
            shakmaty::Color::White => rows.push((number, san.clone(), String::new())),
            shakmaty::Color::Black => match rows.last_mut() {
                Some(row) if row.0 == number => row.2.clone_from(san),
                _ => rows.push((number, "...".to_owned(), san.clone())),
            },
        }
        if turn == shakmaty::Color::Black {
            number += 1;
        }
        turn = !turn;
    }
    let width = rows.iter().map(|r| r.1.chars().count()).max().unwrap_or(0);
    let digits = rows.last().map_or(1, |r| r.0.to_string().len());
    rows.iter()
        .map(|(n, white, black)| {
            format!("{n:>digits$}. {white:<width$}  {black}")
                .trim_end()
                .to_owned()
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Writes the events, asking the engine whenever the game does.
fn say<W: Write>(
    w: &mut W,
    mode: Mode,
    setting: GameSetting<'_>,
    game: &mut PlayOut,
    events: Vec<GameEvent>,
    engine: &mut impl FnMut(&str) -> Option<String>,
) -> io::Result<()> {
    let lang = mode.lang;
    let mut queue = std::collections::VecDeque::from(events);
    while let Some(event) = queue.pop_front() {
        match event {
            GameEvent::YourMove { .. } => {}
            GameEvent::Played(text) => {
                let event = LineEvent::Played {
                    uci: text.uci.clone(),
                    san: text.san.clone(),
                    local: local(lang, &text.san),
                };
                send(w, mode, &event, || {
                    format!("You play {}.", lang.localize(&text.san))
                })?;
            }
            GameEvent::NotAMove { input, rejected } => {
                let candidates = match &rejected.error {
                    ResolveError::Ambiguous { candidates } => {
                        candidates.iter().map(|c| c.san.clone()).collect()
                    }
                    _ => Vec::new(),
                };
                let reason = rejected.error.to_string();
                let event = LineEvent::Wrong {
                    input,
                    reason: reason.clone(),
                    legal: false,
                    diagnostics: rejected.diagnostics.clone(),
                    candidates,
                };
                send(w, mode, &event, || {
                    format!("Not a move here: {reason}. Try again.")
                })?;
            }
            GameEvent::AskEngine { fen } => {
                let answer = engine(&fen);
                queue.extend(game.engine_move(answer.as_deref()));
            }
            GameEvent::EngineMoved(text) => {
                let words = describe(&text);
                let event = LineEvent::EngineMove {
                    uci: text.uci.clone(),
                    san: text.san.clone(),
                    words: words.clone(),
                    local: local(lang, &text.san),
                };
                send(w, mode, &event, || {
                    format!("The engine plays {}: {words}.", lang.localize(&text.san))
                })?;
            }
            GameEvent::Over(end) => {
                let moves = game.moves().iter().map(|m| m.san.clone()).collect();
                let note = setting.endgame.map(|e| e.note.clone());
                let goal = end.verdict.map(|v| GoalJudged {
                    goal: v.goal.name().to_owned(),
                    moves: v.goal.moves(),
                    achieved: v.achieved,
                    moves_used: v.moves_used,
                    text: v.describe(end.reason),
                    note: note.clone(),
                });
                let event = LineEvent::GameOver {
                    result: end.result.to_owned(),
                    reason: end.reason.name().to_owned(),
                    user_won: end.user_won,
                    moves,
                    goal: goal.clone(),
                };
                let sheet = scoresheet(game, mode);
                send(w, mode, &event, || {
                    let mut text = over_text(end);
                    if let Some(goal) = &goal {
                        text.push(' ');
                        text.push_str(&goal.text);
                    }
                    if let Some(note) = &note {
                        text.push_str(&format!("\nThe technique: {note}"));
                    }
                    text.push_str(&format!("\nThe moves:\n{sheet}\n"));
                    if mode.blindfold {
                        text.push_str(&format!(
                            "The final position: {}",
                            piece_list_in(game.position(), mode.lang)
                        ));
                    } else {
                        text.push_str(&format!(
                            "The final position:\n{}",
                            board_drawing(game.position(), game.user())
                        ));
                    }
                    text
                })?;
            }
        }
    }
    Ok(())
}

/// The end in words: `Checkmate: 1-0, you won.`
fn over_text(end: GameEnd) -> String {
    use crate::train::game::EndReason as R;
    let why = match end.reason {
        R::Checkmate => "Checkmate",
        R::Stalemate => "Stalemate",
        R::Repetition => "Draw by threefold repetition",
        R::FiftyMoves => "Draw by the fifty-move rule",
        R::InsufficientMaterial => "Draw: neither side can mate",
        R::Resigned => "You resigned",
        R::EngineFailed => "The engine gave no legal move; the game stops",
        R::Promoted => "You promoted and kept the new piece",
        R::EnginePromoted => "The engine promoted and kept the new piece",
        R::WonMaterial => "The engine has only its king left: a won ending",
        R::LostMaterial => "Your king is left alone: a lost ending",
        R::MoveLimit => "The move budget is spent",
    };
    let who = match end.user_won {
        Some(true) => ", you won",
        Some(false) => ", you lost",
        None => "",
    };
    if end.result == "*" {
        format!("{why}{who}.")
    } else {
        format!("{why}: {}{who}.", end.result)
    }
}

fn send<W: Write>(
    w: &mut W,
    mode: Mode,
    event: &LineEvent,
    text: impl FnOnce() -> String,
) -> io::Result<()> {
    if mode.json {
        let line = serde_json::to_string(event).map_err(io::Error::other)?;
        writeln!(w, "{line}")?;
    } else {
        writeln!(w, "{}", text())?;
    }
    w.flush()
}
