//! The same sheet as plain text (`--out -`), for a terminal or a screen
//! reader: each exercise's task, the pieces in words, the board drawn in
//! letters with what is marked in brackets, a blank to fill; then the key.

use std::fmt::Write as _;

use sancho_core::worksheet::{
    Answer, Diagram, HEADER_FIELDS, Item, Kind, SCORESHEET_FIELDS, SCORESHEET_MOVES,
    SCORESHEET_SIGNATURES, Worksheet,
};

use crate::line::{board_drawing_marked, piece_list_in};
use crate::notation::Lang;

/// A blank to write on.
const BLANK: &str = "______________________________";
/// A short blank (a square, a field).
const SHORT: &str = "__________";

/// The sheet as text, every line ended by a newline; `lang` names the
/// pieces in the lists as the sheet writes its moves.
#[must_use]
pub fn text(sheet: &Worksheet, lang: Lang) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{}", sheet.title);
    if sheet.kind == Kind::Scoresheet {
        out.push('\n');
        scoresheet(&mut out, sheet);
    } else {
        let [name, date] = HEADER_FIELDS;
        let dated = sheet.date.as_deref().unwrap_or(SHORT);
        let _ = writeln!(out, "{name}: {BLANK}   {date}: {dated}");
        let _ = writeln!(out, "\n{}", sheet.instructions);
        for item in &sheet.items {
            out.push('\n');
            exercise(&mut out, item, lang);
        }
    }
    if let Some(key) = &sheet.key {
        let _ = writeln!(out, "\nAnswer key");
        for entry in key {
            let _ = if entry.label.is_empty() {
                writeln!(out, "{}. {}", entry.number, entry.answer)
            } else {
                writeln!(out, "{}. {}: {}", entry.number, entry.label, entry.answer)
            };
        }
    }
    if !sheet.footer.is_empty() {
        let _ = writeln!(out, "\n{}", sheet.footer);
    }
    out
}

fn exercise(out: &mut String, item: &Item, lang: Lang) {
    let _ = match &item.detail {
        Some(detail) => writeln!(out, "{}. {} ({detail}).", item.number, item.prompt),
        None => writeln!(out, "{}. {}.", item.number, item.prompt),
    };
    let diagram = &item.diagram;
    if diagram.coordinates {
        let _ = writeln!(out, "{}", piece_list_in(&diagram.position, lang));
    }
    if let Some([from, to]) = diagram.arrow {
        let _ = writeln!(out, "The arrow: {from} to {to}.");
    }
    if diagram.marked.is_some() {
        let _ = writeln!(out, "The ringed square is in brackets.");
    }
    let _ = writeln!(out, "{}", drawing(diagram));
    let _ = match item.answer {
        Answer::Squares => writeln!(out, "From: {SHORT}   To: {SHORT}"),
        Answer::Line | Answer::Mark => writeln!(out, "Answer: {BLANK}"),
    };
}

/// The board in letters from its bottom side, the ringed square in
/// brackets; without the files and ranks when the sheet hides them.
fn drawing(diagram: &Diagram) -> String {
    let marked: Vec<_> = diagram.marked.into_iter().collect();
    let drawn = board_drawing_marked(&diagram.position, diagram.orientation, &marked);
    if diagram.coordinates {
        return drawn;
    }
    // Each rank's line starts with its number and a space; the last line
    // names the files.
    drawn
        .lines()
        .take(8)
        .map(|line| line.get(2..).unwrap_or_default())
        .collect::<Vec<_>>()
        .join("\n")
}

fn scoresheet(out: &mut String, sheet: &Worksheet) {
    for row in SCORESHEET_FIELDS {
        let fields: Vec<String> = row
            .iter()
            .map(|label| {
                let value = match (*label, &sheet.date) {
                    ("Date", Some(date)) => date.as_str(),
                    _ => SHORT,
                };
                format!("{label}: {value}")
            })
            .collect();
        let _ = writeln!(out, "{}", fields.join("   "));
    }
    let _ = writeln!(out, "\n{}\n", sheet.instructions);
    let rows = SCORESHEET_MOVES.div_ceil(2);
    let heading = format!("{:>3}  {:<12} {:<12}", "No.", "White", "Black");
    let _ = writeln!(out, "{heading}   {heading}");
    for r in 1..=rows {
        let _ = writeln!(
            out,
            "{:>3}. {SHORT}   {SHORT}     {:>3}. {SHORT}   {SHORT}",
            r,
            r + rows
        );
    }
    out.push('\n');
    for label in SCORESHEET_SIGNATURES {
        let _ = writeln!(out, "{label}: {BLANK}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sancho_core::worksheet::Diagram;
    use shakmaty::{Chess, Color, Square};

    #[test]
    fn hidden_coordinates_leave_no_label_in_the_drawing() {
        let diagram = Diagram {
            position: Chess::default(),
            orientation: Color::Black,
            last_move: None,
            arrow: None,
            marked: Some(Square::E4),
            coordinates: false,
            turn: false,
        };
        let drawn = drawing(&diagram);
        let lines: Vec<&str> = drawn.lines().collect();
        assert_eq!(lines.len(), 8);
        assert_eq!(lines[0], " R  N  B  K  Q  B  N  R");
        assert_eq!(lines[3], " .  .  . [.] .  .  .  .");
        assert!(!drawn.contains('a') && !drawn.contains('1'), "{drawn}");
    }
}
