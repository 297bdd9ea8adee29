//! Guess the move in line mode (`sancho guess --plain`): the game's moves
//! are told in SAN and in words, the user types the move they would play,
//! each guess is judged at once, and the summary ends the run.
//!
//! With `json`, one object per line: `{"event": "guess_game", "id",
//! "title", "side", "from", "moves", "engine"}`; per move played
//! `{"event": "game_move", "number", "side", "san", "uci", "words",
//! "comment", "guessed"}`; at each turn `{"event": "your_move", "number",
//! "side", "fen"}`; per guess `{"event": "guessed", "number", "side",
//! "input", "san", "game_san", "verdict", "points", "below_game_cp",
//! "reason", "diagnostics"}` (`verdict`: `game_move`, `better_than_game`,
//! `also_good`, `differs`, `loses_material`); an input that is no move
//! `{"event": "wrong", ...}` as in puzzles; `hint TEXT` answers
//! `{"event": "live_hint", "input", "moves", "count", "text"}`; finally
//! `{"event": "guess_summary", "guesses", "matched", "also_good",
//! "better", "points", "max_points", "average_loss_cp", "moments",
//! "slips", "complete", "saved"}`, written once the run is saved.
//!
//! Commands (any case): `board`, `pieces` (the position in words),
//! `moves` (the game so far), `hint TEXT`, `help`, `quit`.

use std::io::{self, BufRead, Write};

use shakmaty::{Color, Position};

use super::blindfold::numbered_moves;
use super::board_text::{board_drawing, piece_list_in};
use super::command::{Command, is_unknown_word, unknown_word_text};
use super::protocol::LineEvent;
use super::puzzle::{Mode, describe};
use crate::notation::{Lang, ResolveError, color_name};
use crate::puzzle::fen_of;
use crate::train::guess::{
    EvalRequest, Evaluation, Guess, GuessEvent, GuessSide, GuessSummary, Judgement,
};

const COMMANDS: &str = "board, pieces, moves, hint TEXT, help, quit";

const HELP: &str = "Type the move you would play, in SAN (Nf3, exd5, O-O, e8=Q) or UCI (g1f3). \
The game's move scores 3 points; with an engine, a move as good scores 2 and a better one 3. \
Commands, in any case: board, pieces (the position in words), moves (the game so far), \
hint TEXT (what a partial move can become), help, quit.";

/// Runs `started` (a run and the events [`Guess::new`] returned) over
/// `input` and `output`. `evaluate` asks the engine about a guess that is
/// not the game's move (`None`: no engine, or it failed); `on_finish` is
/// called once with the run and its time when it ends (the game's end, or
/// `quit`) and returns whether it was saved; the summary is written after.
///
/// # Errors
/// I/O errors reading `input` or writing `output`, or from `on_finish`.
pub fn run_guess<R: BufRead, W: Write>(
    mut input: R,
    output: W,
    started: (Guess, Vec<GuessEvent>),
    mode: Mode,
    mut clock: impl FnMut() -> u64,
    mut evaluate: impl FnMut(&EvalRequest) -> Option<Evaluation>,
    mut on_finish: impl FnMut(&Guess, u64) -> io::Result<bool>,
) -> io::Result<Guess> {
    let (mut guess, events) = started;
    let mut out = GuessOut {
        w: output,
        json: mode.json,
        lang: mode.lang,
    };
    let began = clock();
    out.start(&guess)?;
    let mut pending = events;
    let mut line = String::new();
    loop {
        // Say what happened; ask the engine when the machine asks.
        while !pending.is_empty() {
            let mut next = Vec::new();
            for event in pending {
                match event {
                    GuessEvent::Evaluate(request) => {
                        next.extend(guess.evaluated(evaluate(&request).as_ref()));
                    }
                    GuessEvent::Finished(summary) => {
                        let saved = on_finish(&guess, clock().saturating_sub(began))?;
                        out.summary(&summary, saved)?;
                        out.w.flush()?;
                        return Ok(guess);
                    }
                    event => out.event(&event, &guess)?,
                }
            }
            pending = next;
        }
        if !out.json {
            write!(out.w, "> ")?;
        }
        out.w.flush()?;
        if super::read_line_lossy(&mut input, &mut line)? == 0 {
            pending = guess.stop();
            continue;
        }
        let text = line.trim().to_owned();
        let lower = text.to_ascii_lowercase();
        match Command::parse(&text) {
            Some(Command::Quit) => pending = guess.stop(),
            Some(Command::Board) => {
                let pos = guess.position();
                let drawing = board_drawing(&pos, pos.turn());
                out.say(&format!("{drawing}\n{}", piece_list_in(&pos, mode.lang)))?;
            }
            Some(
                Command::Help
                | Command::Solution
                | Command::Next
                | Command::Retry
                | Command::Themes,
            ) => {
                out.say(HELP)?;
            }
            Some(Command::Hint) => out.say("Type hint and a partial move: hint N, hint ex")?,
            None if text.is_empty() => {}
            None if lower == "pieces" => out.say(&piece_list_in(&guess.position(), mode.lang))?,
            None if lower == "moves" => {
                let sans = guess.played();
                let text =
                    numbered_moves(&shakmaty::Chess::default(), sans.iter().map(String::as_str));
                out.say(if text.is_empty() {
                    "No move played yet."
                } else {
                    &text
                })?;
            }
            None if lower.starts_with("hint ") => {
                let partial = text[5..].trim().to_owned();
                out.live_hint(&guess, &partial)?;
            }
            None if is_unknown_word(&text) => {
                let words = unknown_word_text(&text, COMMANDS);
                let event = LineEvent::UnknownCommand {
                    input: text.clone(),
                    commands: COMMANDS.to_owned(),
                    text: words.clone(),
                };
                out.send(&event, || words)?;
            }
            None => pending = guess.submit(&text),
        }
    }
}

struct GuessOut<W> {
    w: W,
    json: bool,
    lang: Lang,
}

impl<W: Write> GuessOut<W> {
    fn send(&mut self, event: &LineEvent, text: impl FnOnce() -> String) -> io::Result<()> {
        if self.json {
            serde_json::to_writer(&mut self.w, event)?;
            writeln!(self.w)
        } else {
            writeln!(self.w, "{}", text())
        }
    }

    fn say(&mut self, text: &str) -> io::Result<()> {
        let event = LineEvent::Message {
            text: text.to_owned(),
        };
        self.send(&event, || text.to_owned())
    }

    fn start(&mut self, guess: &Guess) -> io::Result<()> {
        let game = guess.game();
        let options = guess.options();
        let event = LineEvent::GuessGame {
            id: game.id.clone(),
            title: game.title.clone(),
            side: options.side.as_str(),
            from: options.from,
            moves: game.moves.len().div_ceil(2),
            engine: options.engine,
        };
        self.send(&event, || {
            let whose = match options.side {
                GuessSide::White => "White's moves",
                GuessSide::Black => "Black's moves",
                GuessSide::Both => "every move",
            };
            let from = if options.from > 1 {
                format!(" from move {}", options.from)
            } else {
                String::new()
            };
            let engine = if options.engine {
                "An engine judges the moves that are not the game's."
            } else {
                "Only the game's move scores (name an engine with --engine to score the others)."
            };
            format!(
                "Guess the move: {} ({} moves). You guess {whose}{from}. {engine}\n{HELP}",
                game.title,
                game.moves.len().div_ceil(2)
            )
        })
    }

    fn event(&mut self, event: &GuessEvent, guess: &Guess) -> io::Result<()> {
        let lang = self.lang;
        match event {
            GuessEvent::Played {
                number,
                side,
                text,
                comment,
                guessed,
                ..
            } => {
                let event = LineEvent::GameMove {
                    number: *number,
                    side: color_name(*side),
                    san: text.san.clone(),
                    uci: text.uci.clone(),
                    words: describe(text),
                    comment: comment.clone(),
                    guessed: *guessed,
                    local: lang.is_local().then(|| lang.localize(&text.san)),
                };
                self.send(&event, || {
                    let dots = if side.is_white() { "." } else { "..." };
                    let mut s = format!(
                        "{number}{dots} {} ({}).",
                        lang.localize(&text.san),
                        describe(text)
                    );
                    if *guessed {
                        s.insert_str(0, "The game: ");
                    }
                    if let Some(c) = comment {
                        s.push_str(&format!(" {c}"));
                    }
                    s
                })
            }
            GuessEvent::YourMove { number, side, .. } => {
                let event = LineEvent::YourMove {
                    number: *number,
                    side: color_name(*side),
                    fen: fen_of(&guess.position()),
                };
                self.send(&event, || {
                    let dots = if side.is_white() { "." } else { "..." };
                    format!("\n{number}{dots} {} to move: your move?", capital(*side))
                })
            }
            GuessEvent::NotAMove { input, rejected } => {
                let candidates = match &rejected.error {
                    ResolveError::Ambiguous { candidates } => {
                        candidates.iter().map(|c| c.san.clone()).collect()
                    }
                    _ => Vec::new(),
                };
                let reason = rejected.error.to_string();
                let event = LineEvent::Wrong {
                    input: input.clone(),
                    reason: reason.clone(),
                    legal: false,
                    diagnostics: rejected.diagnostics.clone(),
                    candidates,
                };
                self.send(&event, || {
                    let mut s = format!("Not a move here: {reason}. Try again.");
                    for d in &rejected.diagnostics {
                        s.push_str(&format!("\n  Note: {}", d.message));
                    }
                    s
                })
            }
            GuessEvent::Judged(j) => self.judged(j),
            GuessEvent::Evaluate(_) | GuessEvent::Finished(_) => Ok(()),
        }
    }

    fn judged(&mut self, j: &Judgement) -> io::Result<()> {
        let lang = self.lang;
        let event = LineEvent::Guessed {
            number: j.number,
            side: color_name(j.side),
            input: j.input.clone(),
            san: j.guess.san.clone(),
            game_san: j.game.san.clone(),
            verdict: j.verdict.as_str(),
            points: j.points,
            below_game_cp: j.below_game_cp,
            reason: j.reason.clone(),
            diagnostics: j.diagnostics.clone(),
        };
        self.send(&event, || {
            let guess = lang.localize(&j.guess.san);
            let mut s = j.sentence(lang);
            let slips: Vec<_> = j.diagnostics.iter().filter(|d| !d.code.is_note()).collect();
            if !slips.is_empty() {
                s.push_str(&format!("\nThe move, but write it {guess}:"));
                for d in slips {
                    s.push_str(&format!("\n- {} ({})", d.message, d.code.as_str()));
                }
            }
            s
        })
    }

    fn live_hint(&mut self, guess: &Guess, partial: &str) -> io::Result<()> {
        let shown = guess.hint(partial);
        let moves: Vec<String> = if shown.list {
            shown.sans.iter().map(|s| self.lang.localize(s)).collect()
        } else {
            Vec::new()
        };
        let mut text = if moves.is_empty() {
            format!(
                "{partial}: {} fitting",
                plural(u32::try_from(shown.count.moves).unwrap_or(u32::MAX), "move")
            )
        } else {
            format!("{partial}: {}", moves.join(", "))
        };
        for d in &shown.diagnostics {
            text.push_str(&format!("\n  Note: {}", d.message));
        }
        let event = LineEvent::LiveHint {
            input: partial.to_owned(),
            moves,
            count: shown.count.moves,
            text: text.clone(),
        };
        self.send(&event, || text)
    }

    fn summary(&mut self, s: &GuessSummary, saved: bool) -> io::Result<()> {
        let event = LineEvent::GuessSummary {
            summary: s.clone(),
            saved,
        };
        let lang = self.lang;
        self.send(&event, || summary_text(s, lang))
    }
}

/// The summary in words.
fn summary_text(s: &GuessSummary, lang: Lang) -> String {
    let mut text = format!(
        "\n{}: {} the game's move",
        if s.complete {
            "The game is over"
        } else {
            "Stopped"
        },
        s.matched
    );
    if s.also_good > 0 {
        text.push_str(&format!(", {} also good", s.also_good));
    }
    if s.better > 0 {
        text.push_str(&format!(", {} better than the game", s.better));
    }
    text.push_str(&format!(
        " of {} guessed; {} of {}.",
        s.guesses,
        plural(s.points, "point"),
        s.max_points
    ));
    if let Some(loss) = s.average_loss_cp {
        text.push_str(&format!(
            "\nAverage loss against the game's moves: {loss} centipawns."
        ));
    }
    if !s.moments.is_empty() {
        text.push_str("\nWhere you differed most:");
        for m in &s.moments {
            let dots = if m.side.is_white() { "." } else { "..." };
            text.push_str(&format!(
                "\n- {}{dots} {} (the game: {}){}",
                m.number,
                lang.localize(&m.guess),
                lang.localize(&m.game),
                cp_text(m.below_game_cp, "below it")
            ));
        }
    }
    if !s.slips.is_empty() {
        let slips: Vec<String> = s.slips.iter().map(|(c, n)| format!("{c} {n}")).collect();
        text.push_str(&format!("\nNotation slips: {}.", slips.join(", ")));
    }
    text
}

/// `, 40 centipawns below it` when the engine gave a figure.
fn cp_text(cp: Option<i32>, what: &str) -> String {
    cp.map(|cp| format!(", {cp} centipawns {what}"))
        .unwrap_or_default()
}

fn plural(n: u32, word: &str) -> String {
    if n == 1 {
        format!("1 {word}")
    } else {
        format!("{n} {word}s")
    }
}

fn capital(side: Color) -> &'static str {
    if side.is_white() { "White" } else { "Black" }
}
