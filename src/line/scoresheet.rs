//! The scoresheet trainer in line mode: each move is told as it is played
//! (in words, with its squares), the user writes it down, and each entry is
//! graded at once; the sheet in two columns and the counts end it.
//!
//! With `json`, one object per line: `{"event": "game", "title", "moves"}`,
//! then per move `{"event": "move", "number", "side", "uci", "words"}` and,
//! after the line written, `{"event": "entry", "number", "side", "written",
//! "expected", "grade": "right"|"non_canonical"|"wrong", "diagnostics",
//! "reason"}`; finally `{"event": "summary", "written", "right",
//! "non_canonical", "wrong", "by_code", "sheet"}`.
//!
//! Commands (any case): `board` draws the position after the move, `sheet`
//! shows the sheet so far, `help`, `quit`.

use std::io::{self, BufRead, Write};

use shakmaty::Position;

use super::board_text::{board_drawing, piece_list};
use super::command::Command;
use super::protocol::LineEvent;
use super::puzzle::describe;
use crate::drill::{Sheet, SheetEntry as Entry, SheetGrade as Grade, SheetSummary};
use crate::notation::{Lang, color_name, move_text, uci};

const HELP: &str = "Write each move in SAN as it is played (Nf3, exd5, O-O, e8=Q). \
Commands, in any case: board (the position now), sheet (your sheet so far), help, quit.";

/// Runs the sheet over `input` and `output`; returns it, written as far as
/// the user went.
///
/// # Errors
/// I/O errors reading `input` or writing `output`.
pub fn run_scoresheet<R: BufRead, W: Write>(
    mut input: R,
    mut out: W,
    mut sheet: Sheet,
    json: bool,
) -> io::Result<Sheet> {
    let title = sheet.game().title.clone();
    if json {
        let event = LineEvent::Game {
            title: title.clone(),
            moves: sheet.len(),
        };
        emit(&mut out, &event)?;
    } else {
        writeln!(out, "Scoresheet: {title}. {} moves.", sheet.len())?;
        writeln!(out, "{HELP}")?;
    }
    let mut line = String::new();
    let mut told = None;
    while let Some((pos, mv)) = sheet.current().cloned() {
        let (number, side) = sheet.number();
        let ply = sheet.entries().len();
        if told != Some(ply) {
            told = Some(ply);
            let words = describe(&move_text(&pos, mv));
            if json {
                let event = LineEvent::Move {
                    number,
                    side: color_name(side),
                    uci: uci(mv),
                    words,
                };
                emit(&mut out, &event)?;
            } else {
                let dots = if side.is_white() { "." } else { "..." };
                writeln!(
                    out,
                    "\n{number}{dots} {} plays: {words}.",
                    capital(color_name(side))
                )?;
            }
        }
        if !json {
            write!(out, "> ")?;
        }
        out.flush()?;
        line.clear();
        if super::read_line_lossy(&mut input, &mut line)? == 0 {
            break;
        }
        let text = line.trim();
        match Command::parse(text) {
            Some(Command::Quit) => break,
            Some(Command::Board) => {
                let mut after = pos.clone();
                after.play_unchecked(mv);
                say(
                    &mut out,
                    json,
                    &format!("{}\n{}", board_drawing(&after, side), piece_list(&after)),
                )?;
            }
            Some(
                Command::Help
                | Command::Hint
                | Command::Solution
                | Command::Next
                | Command::Retry
                | Command::Themes,
            ) => {
                say(&mut out, json, HELP)?;
            }
            None if text.eq_ignore_ascii_case("sheet") => {
                say(&mut out, json, &sheet.rows().join("\n"))?;
            }
            None if text.is_empty() => {}
            None => {
                let lang = sheet.lang();
                if let Some(entry) = sheet.write(text) {
                    write_entry(&mut out, json, entry, lang)?;
                }
            }
        }
    }
    let summary = sheet.summary();
    if json {
        let event = LineEvent::SheetSummary {
            summary,
            sheet: sheet.rows(),
        };
        emit(&mut out, &event)?;
    } else {
        write_summary(&mut out, &sheet, &summary)?;
    }
    out.flush()?;
    Ok(sheet)
}

fn emit<W: Write>(out: &mut W, event: &LineEvent) -> io::Result<()> {
    serde_json::to_writer(&mut *out, event)?;
    writeln!(out)
}

fn say<W: Write>(out: &mut W, json: bool, text: &str) -> io::Result<()> {
    if json {
        let event = LineEvent::Message {
            text: text.to_owned(),
        };
        emit(out, &event)
    } else {
        writeln!(out, "{text}")
    }
}

/// An entry's grade; in text, moves in `lang`'s letters (JSON keeps
/// English SAN).
fn write_entry<W: Write>(out: &mut W, json: bool, entry: &Entry, lang: Lang) -> io::Result<()> {
    if json {
        let (grade, diagnostics, reason) = match &entry.grade {
            Grade::Right => ("right", Vec::new(), None),
            Grade::NonCanonical { diagnostics } => ("non_canonical", diagnostics.clone(), None),
            Grade::Wrong {
                reason,
                diagnostics,
            } => ("wrong", diagnostics.clone(), Some(reason.clone())),
        };
        let event = LineEvent::Entry {
            number: entry.number,
            side: color_name(entry.side),
            written: entry.written.clone(),
            expected: entry.expected.clone(),
            grade,
            diagnostics,
            reason,
        };
        return emit(out, &event);
    }
    let expected = lang.localize(&entry.expected);
    match &entry.grade {
        Grade::Right => writeln!(out, "Right: {expected}."),
        Grade::NonCanonical { diagnostics } => {
            writeln!(out, "The move, but not SAN: write {expected}.")?;
            for d in diagnostics {
                writeln!(out, "- {} ({})", lang.note(d), d.code.as_str())?;
            }
            Ok(())
        }
        Grade::Wrong {
            reason,
            diagnostics,
        } => {
            writeln!(out, "Wrong: {reason}. The move played was {expected}.")?;
            for d in diagnostics {
                writeln!(out, "- {} ({})", lang.note(d), d.code.as_str())?;
            }
            Ok(())
        }
    }
}

fn write_summary<W: Write>(out: &mut W, sheet: &Sheet, s: &SheetSummary) -> io::Result<()> {
    writeln!(
        out,
        "\nYour scoresheet (* marks an entry that is not right):"
    )?;
    for row in sheet.rows() {
        writeln!(out, "{row}")?;
    }
    writeln!(
        out,
        "{} entries: {} right, {} not canonical, {} wrong.",
        s.written, s.right, s.non_canonical, s.wrong
    )?;
    if !s.by_code.is_empty() {
        writeln!(out, "By kind:")?;
        for (code, count) in &s.by_code {
            writeln!(out, "- {code}: {count}")?;
        }
    }
    Ok(())
}

fn capital(word: &str) -> String {
    let mut chars = word.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}
