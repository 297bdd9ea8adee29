//! A drill in line mode: one exercise at a time, one answer per input line.
//!
//! Plain text shows the board drawing (the highlighted squares in brackets),
//! the piece list and the prompt, then the verdict with the engine's
//! explanations. A line `quit` or the end of input ends the drill early,
//! with its summary.
//!
//! With `json`, every event is one JSON object on its own line:
//!
//! - `{"event": "lesson", "id", "number", "title", "text"}` (lessons only,
//!   first; `text` is the page's Markdown);
//! - `{"event": "help"|"hint"|"retry"|"unknown_command", "text"}` after a
//!   command or a word that is no answer (nothing is graded);
//! - `{"event": "exercise", "kind", "number", "total", "fen", "orientation",
//!   "prompt", …}` plus what the screen shows: `"uci"` (write, review,
//!   disambiguation, with `"disambiguation": "file"|"rank"|"square"`),
//!   `"san"` (read), `"square"` (highlighted) or `"question"` (coordinates),
//!   `"game"`, `"move_number"`, `"side"`, `"uci"` (transcribe); and
//!   `"feature"` when the exercise was chosen for one (`"capture"`…);
//! - then one answer is read, and `{"event": "correct", "number", "answer",
//!   "san", "expected", "diagnostics", "counted"}` (`counted` false after a
//!   hint) or `{"event": "wrong", "number",
//!   "answer", "expected", "understood", "reason", "diagnostics"}`, each
//!   diagnostic being `{"code", "message", "suggestion"}`;
//! - finally `{"event": "summary", "kind", "exercises", "correct",
//!   "accuracy", "mistakes": [{"code", "expected", "answer"}], "time_ms",
//!   "ms_per_answer", "timed_out"}`.

use std::io::{self, BufRead, Write};

use shakmaty::Color;

use super::board_text::{board_drawing_marked, piece_list};
use super::command::{Command, is_unknown_word, unknown_word_text};
use super::prose::plain_prose;
use super::protocol::{ExerciseShown, LineEvent};
use crate::drill::{
    DrillKind, DrillRun, DrillSummary, Exercise, Expected, GenOptions, Lesson, Pass, Show, Verdict,
    generate,
};
use crate::notation::{Lang, Strictness, color_name};

/// What to drill and how to talk.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DrillOptions {
    /// The drill.
    pub kind: DrillKind,
    /// The seed of the exercises.
    pub seed: u64,
    /// How many exercises (transcribe: moves of the game, 0 for all).
    pub count: usize,
    /// Strict (only canonical SAN counts) or lenient grading.
    pub strictness: Strictness,
    /// One JSON object per line instead of text.
    pub json: bool,
    /// Timed drill (coordinates' 30-second mode): the time budget in ms.
    pub budget_ms: Option<u64>,
    /// Review weak codes, transcription game.
    pub generator: GenOptions,
    /// The piece letters answers are read and written in (JSON keeps
    /// English SAN).
    pub lang: Lang,
}

impl DrillOptions {
    /// Defaults for `kind`: seed 0, 10 exercises (all moves for
    /// transcribe), strict, plain text, untimed.
    pub fn new(kind: DrillKind) -> Self {
        DrillOptions {
            kind,
            seed: 0,
            count: if kind == DrillKind::Transcribe { 0 } else { 10 },
            strictness: Strictness::Strict,
            json: false,
            budget_ms: None,
            // The famous games: transcription and realistic positions.
            generator: GenOptions {
                book: Some(crate::drill::game_book()),
                ..GenOptions::default()
            },
            lang: Lang::EN,
        }
    }
}

/// Runs a generated drill over `input` and `output`. `clock` returns
/// milliseconds from any fixed origin (the shell passes a monotonic clock;
/// tests pass a counter).
///
/// # Errors
/// I/O errors reading `input` or writing `output`.
pub fn run_drill<R: BufRead, W: Write>(
    input: R,
    output: W,
    options: DrillOptions,
    clock: impl FnMut() -> u64,
) -> io::Result<DrillSummary> {
    let exercises = generate(
        options.kind,
        options.seed,
        options.count,
        &options.generator,
    );
    let mut run =
        DrillRun::new(options.kind, exercises, options.strictness).with_lang(options.lang);
    if let Some(budget) = options.budget_ms {
        run = run.with_budget(budget);
    }
    if options.kind == DrillKind::Coordinates {
        run = run.with_coordinates(
            options
                .generator
                .coordinates
                .setup(options.budget_ms.is_some()),
        );
    }
    run_exercises(input, output, run, options.json, clock)
}

/// Runs a lesson: its page of explanation (plain text, or a `lesson` JSON
/// event with `id`, `title` and `text`), then its exercises as a drill
/// recorded under the lesson's id (`lesson-3`). The lesson counts as
/// completed (`Store::complete_lesson(&lesson.id)`) when
/// [`lesson_completed`] says so.
///
/// # Errors
/// I/O errors reading `input` or writing `output`.
pub fn run_lesson<R: BufRead, W: Write>(
    input: R,
    output: W,
    lesson: &Lesson,
    strictness: Strictness,
    json: bool,
    clock: impl FnMut() -> u64,
) -> io::Result<DrillSummary> {
    run_lesson_in(input, output, lesson, strictness, json, clock, Lang::EN)
}

/// [`run_lesson`] in `lang`: the examples' moves written in its letters or
/// figurines (the prose stays English; JSON keeps `text` and adds `local`),
/// the answers read in its letters.
pub fn run_lesson_in<R: BufRead, W: Write>(
    input: R,
    mut output: W,
    lesson: &Lesson,
    strictness: Strictness,
    json: bool,
    clock: impl FnMut() -> u64,
    lang: Lang,
) -> io::Result<DrillSummary> {
    let local = lang.localize_text(&lesson.text);
    if json {
        let event = LineEvent::Lesson {
            id: lesson.id.clone(),
            number: lesson.number,
            title: lesson.title.clone(),
            text: lesson.text.clone(),
            local: lang.is_local().then(|| local.clone()),
        };
        emit(&mut output, &event)?;
    } else {
        writeln!(output, "Lesson {}: {}", lesson.number, lesson.title)?;
        writeln!(output)?;
        writeln!(output, "{}", plain_prose(&local))?;
    }
    let run = DrillRun::new(DrillKind::Write, lesson.drill(), strictness)
        .with_label(&lesson.id)
        .with_lang(lang);
    run_exercises(input, output, run, json, clock)
}

/// Whether a lesson's drill completes it: every exercise was answered
/// (mistakes included: they were explained).
pub fn lesson_completed(lesson: &Lesson, summary: &DrillSummary) -> bool {
    summary.kind == lesson.id && summary.exercises as usize >= lesson.exercises.len()
}

/// Runs any prepared drill (a lesson's exercises, a TUI hand-over) in line
/// mode. See [`run_drill`].
///
/// # Errors
/// I/O errors reading `input` or writing `output`.
pub fn run_exercises<R: BufRead, W: Write>(
    mut input: R,
    mut output: W,
    mut run: DrillRun,
    json: bool,
    mut clock: impl FnMut() -> u64,
) -> io::Result<DrillSummary> {
    let total = run.len();
    let mut line = String::new();
    let mut show = true;
    let mut shown_at = 0;
    // The exercise whose time is running: showing the board again or a
    // command does not restart its clock.
    let mut timed: Option<usize> = None;
    while let Some(exercise) = run.current() {
        let number = run.number();
        if show {
            if json {
                emit(&mut output, &exercise_json(exercise, number, total))?;
            } else {
                let hidden = run.coordinates().is_some_and(|s| s.hidden);
                write_exercise(&mut output, exercise, number, total, hidden)?;
            }
            output.flush()?;
        }
        if timed != Some(number) {
            shown_at = clock();
            timed = Some(number);
        }
        show = true;
        line.clear();
        let read = super::read_line_lossy(&mut input, &mut line)?;
        let elapsed = clock().saturating_sub(shown_at);
        let answer = line.trim();
        let verdict = match Command::parse(answer) {
            _ if read == 0 => {
                run.stop(elapsed);
                break;
            }
            Some(Command::Quit) => {
                run.stop(elapsed);
                break;
            }
            Some(Command::Help) => {
                let text = drill_help(exercise);
                say(
                    &mut output,
                    json,
                    LineEvent::Help { text: text.clone() },
                    &text,
                )?;
                show = false;
                continue;
            }
            Some(Command::Board) => continue,
            // `themes` is a puzzle's command: here, a word like any other.
            Some(Command::Themes) => {
                let commands = super::command::COMMANDS;
                let text = unknown_word_text(answer, commands);
                let event = LineEvent::UnknownCommand {
                    input: answer.to_owned(),
                    commands: commands.to_owned(),
                    text: text.clone(),
                };
                say(&mut output, json, event, &text)?;
                show = false;
                continue;
            }
            Some(Command::Hint) => {
                let clue = run.hint().unwrap_or_default();
                let text = format!("Hint: {clue}. A right answer now is not counted as correct.");
                say(
                    &mut output,
                    json,
                    LineEvent::DrillHint { text: text.clone() },
                    &text,
                )?;
                show = false;
                continue;
            }
            Some(Command::Retry) => {
                run = run.restarted();
                timed = None;
                let text = "Starting the drill again.".to_owned();
                say(
                    &mut output,
                    json,
                    LineEvent::DrillRetry { text: text.clone() },
                    &text,
                )?;
                continue;
            }
            Some(Command::Solution) => run.pass(Pass::Solution, elapsed),
            Some(Command::Next) => run.pass(Pass::Skip, elapsed),
            // In the square-colour drill, `light` and `dark` are answers.
            None if answer.is_empty()
                || (is_unknown_word(answer)
                    && !(run.kind() == DrillKind::SquareColour
                        && crate::drill::colour_answer(answer).is_some())) =>
            {
                if answer.is_empty() {
                    if !json {
                        write!(output, "> ")?;
                        output.flush()?;
                    }
                } else {
                    let commands = super::command::COMMANDS;
                    let text = unknown_word_text(answer, commands);
                    let event = LineEvent::UnknownCommand {
                        input: answer.to_owned(),
                        commands: commands.to_owned(),
                        text: text.clone(),
                    };
                    say(&mut output, json, event, &text)?;
                }
                show = false;
                continue;
            }
            None => run.answer(answer, elapsed),
        };
        match verdict {
            Some(verdict) if json => emit(&mut output, &verdict_json(&verdict, answer, number))?,
            Some(verdict) => write_verdict(&mut output, &verdict, run.lang())?,
            None if !json => writeln!(output, "Time is up.")?,
            None => {}
        }
    }
    let summary = run.summary();
    if json {
        emit(&mut output, &LineEvent::DrillSummary(summary.clone()))?;
    } else {
        write_summary(&mut output, &summary)?;
    }
    output.flush()?;
    Ok(summary)
}

/// A message that is not a verdict: `event` in JSON, else `text` (and the
/// prompt again, unless the drill starts over).
fn say<W: Write>(output: &mut W, json: bool, event: LineEvent, text: &str) -> io::Result<()> {
    if json {
        emit(output, &event)
    } else {
        writeln!(output, "{text}")?;
        if !matches!(event, LineEvent::DrillRetry { .. }) {
            write!(output, "> ")?;
        }
        output.flush()
    }
}

/// What to type for `exercise`, and the commands.
fn drill_help(exercise: &Exercise) -> String {
    let what = match exercise.expected {
        Expected::Square(_) => "a square's name, like e4",
        Expected::Move(_) if exercise.kind == DrillKind::Read => {
            "the move as its two squares, from and to, like e2e4"
        }
        Expected::Move(_) => "the move in SAN, like Nf3, exd5, O-O or e8=Q",
    };
    format!(
        "Answer with {what}. Commands, in any case: hint (a clue; the answer then does not count), \
         solution (show the answer), next (skip), retry (start the drill again), board, help, quit."
    )
}

fn emit<W: Write>(output: &mut W, event: &LineEvent) -> io::Result<()> {
    serde_json::to_writer(&mut *output, event)?;
    writeln!(output)
}

fn exercise_json(exercise: &Exercise, number: usize, total: usize) -> LineEvent {
    let mut shown = ExerciseShown {
        kind: exercise.kind.as_str(),
        number,
        total,
        fen: exercise.fen.clone(),
        orientation: color_name(exercise.orientation),
        prompt: exercise.prompt.clone(),
        uci: None,
        san: None,
        square: None,
        question: None,
        colour_of: None,
        game: None,
        move_number: None,
        side: None,
        feature: exercise.feature.map(|f| f.as_str()),
        disambiguation: exercise.disambiguation.map(|d| d.as_str()),
    };
    match &exercise.show {
        Show::Move { uci } => shown.uci = Some(uci.clone()),
        Show::San { san } => shown.san = Some(san.clone()),
        Show::Square { square } => shown.square = Some(square.to_string()),
        Show::Question { square } => shown.question = Some(square.to_string()),
        Show::Colour { square } => shown.colour_of = Some(square.to_string()),
        Show::Game {
            game,
            move_number,
            side,
            uci,
        } => {
            shown.game = Some(game.clone());
            shown.move_number = Some(*move_number);
            shown.side = Some(color_name(*side));
            shown.uci = Some(uci.clone());
        }
    }
    LineEvent::Exercise(shown)
}

fn verdict_json(verdict: &Verdict, answer: &str, number: usize) -> LineEvent {
    if verdict.correct {
        LineEvent::DrillCorrect {
            number,
            counted: verdict.counted,
            answer: answer.to_owned(),
            san: verdict.understood.clone(),
            expected: verdict.expected.clone(),
            diagnostics: verdict.diagnostics.clone(),
        }
    } else {
        LineEvent::DrillWrong {
            number,
            answer: answer.to_owned(),
            expected: verdict.expected.clone(),
            understood: verdict.understood.clone(),
            reason: verdict.reason.clone(),
            diagnostics: verdict.diagnostics.clone(),
        }
    }
}

fn write_exercise<W: Write>(
    out: &mut W,
    exercise: &Exercise,
    number: usize,
    total: usize,
    hidden: bool,
) -> io::Result<()> {
    writeln!(out)?;
    writeln!(
        out,
        "Exercise {number} of {total} ({}).",
        exercise.kind.as_str()
    )?;
    // The square-colour drill is answered without a board to look at.
    if exercise.kind == DrillKind::SquareColour {
        writeln!(out, "{}", exercise.prompt)?;
        return write!(out, "> ");
    }
    let marks = exercise.highlighted();
    let board = board_drawing_marked(&exercise.position, exercise.orientation, &marks);
    if hidden {
        // Coordinates hidden: no rank digits, no file letters.
        for line in board.lines().filter(|l| !l.starts_with(' ')) {
            writeln!(out, " {}", &line[1..])?;
        }
    } else {
        writeln!(out, "{board}")?;
    }
    if exercise.kind != DrillKind::Coordinates {
        writeln!(out, "{}", piece_list(&exercise.position))?;
        let side = if shakmaty::Position::turn(&exercise.position) == Color::White {
            "White"
        } else {
            "Black"
        };
        writeln!(out, "{side} to move.")?;
    }
    match &exercise.show {
        Show::Square { .. } => writeln!(out, "The highlighted square is in brackets.")?,
        Show::San { san } => writeln!(out, "The move: {san}")?,
        _ => {}
    }
    writeln!(out, "{}", exercise.prompt)?;
    write!(out, "> ")
}

fn write_verdict<W: Write>(out: &mut W, verdict: &Verdict, lang: Lang) -> io::Result<()> {
    let expected = lang.localize(&verdict.expected);
    if verdict.correct && !verdict.counted {
        writeln!(
            out,
            "Right: {}, but after a hint it is not counted as correct.",
            expected
        )?;
    } else if !verdict.correct && verdict.mistake_codes.is_empty() {
        // Solution shown or skipped: nothing was answered.
        let reason = verdict.reason.as_deref().unwrap_or("skipped");
        writeln!(out, "{}. The answer is {}.", capitalised(reason), expected)?;
    } else if verdict.correct {
        writeln!(out, "Correct: {}.", expected)?;
        if !verdict.diagnostics.is_empty() {
            writeln!(out, "Accepted, but note:")?;
        }
    } else {
        writeln!(out, "Wrong. The answer is {}.", expected)?;
        if let Some(reason) = &verdict.reason {
            writeln!(out, "{}", capitalised(reason))?;
        }
    }
    for d in &verdict.diagnostics {
        writeln!(out, "- {} ({})", lang.note(d), d.code.as_str())?;
    }
    Ok(())
}

fn write_summary<W: Write>(out: &mut W, summary: &DrillSummary) -> io::Result<()> {
    writeln!(out)?;
    let percent = (summary.accuracy * 100.0).round();
    write!(
        out,
        "Drill over: {} of {} correct ({percent}%), {:.1} s",
        summary.correct,
        summary.exercises,
        seconds(summary.time_ms)
    )?;
    if let Some(each) = summary.ms_per_answer {
        write!(out, ", {:.1} s per answer", seconds(each))?;
    }
    writeln!(out, ".")?;
    if summary.timed_out {
        writeln!(out, "Time is up: score {}.", summary.correct)?;
    }
    if !summary.mistakes.is_empty() {
        writeln!(out, "Mistakes:")?;
        for m in &summary.mistakes {
            writeln!(
                out,
                "- {}: {} (you wrote {:?})",
                m.code, m.expected, m.answer
            )?;
        }
    }
    Ok(())
}

#[allow(clippy::cast_precision_loss)]
fn seconds(ms: u64) -> f64 {
    ms as f64 / 1000.0
}

fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}
