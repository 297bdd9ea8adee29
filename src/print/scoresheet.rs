//! A blank FIDE-style scoresheet: the event's fields, 60 numbered moves
//! in two columns of 30 (a number, White's move, Black's move), and the
//! players' and the arbiter's signatures.

use sancho_core::worksheet::{
    SCORESHEET_FIELDS, SCORESHEET_MOVES, SCORESHEET_SIGNATURES, Worksheet,
};

use super::canvas::{Canvas, INK, Style};
use super::layout::{Area, GAP, blank};

/// The room the signatures take at the foot of the form.
const SIGNATURES: f32 = 46.0;
/// The move numbers' column.
const NUMBER_WIDTH: f32 = 26.0;

/// Draws the form in `area`.
pub(crate) fn draw(canvas: &mut Canvas, sheet: &Worksheet, area: &Area) {
    let right = area.left + area.width;
    let mut y = area.top + 12.0;
    for row in SCORESHEET_FIELDS {
        // The first field of a row takes half the width, the others share
        // the rest; the last runs to the margin.
        let mut x = area.left;
        for (i, label) in row.iter().enumerate() {
            let share = if i == 0 {
                area.width * 0.5
            } else {
                area.width * 0.5 / (row.len() - 1) as f32
            };
            let end = if i + 1 == row.len() {
                right
            } else {
                x + share - 14.0
            };
            let value = if *label == "Date" {
                sheet.date.as_deref()
            } else {
                None
            };
            blank(canvas, x, end, y, label, value);
            x += share;
        }
        y += 24.0;
    }
    moves(canvas, area, y);
    signatures(canvas, area);
}

/// The moves in two blocks side by side, each a heading row and 30 rows.
fn moves(canvas: &mut Canvas, area: &Area, top: f32) {
    let rows = SCORESHEET_MOVES.div_ceil(2);
    let bottom = area.top + area.height - SIGNATURES;
    let row_height = ((bottom - top) / (rows + 1) as f32).min(22.0);
    let block = (area.width - GAP.0) / 2.0;
    let baseline = row_height * 0.68;
    for b in 0..2 {
        let x = area.left + b as f32 * (block + GAP.0);
        let move_width = (block - NUMBER_WIDTH) / 2.0;
        let columns = [
            x,
            x + NUMBER_WIDTH,
            x + NUMBER_WIDTH + move_width,
            x + block,
        ];
        canvas.fill_rect(x, top, block, row_height, 0.88);
        for (label, at) in [("No.", 0), ("White", 1), ("Black", 2)] {
            let centre = (columns[at] + columns[at + 1]) / 2.0;
            let y = top + baseline;
            canvas.text(centre, y, Style::bold(9.0).centred(), label);
        }
        for r in 0..rows {
            let row_top = top + (r + 1) as f32 * row_height;
            if r % 2 == 1 {
                canvas.fill_rect(x, row_top, block, row_height, 0.955);
            }
            let number = (b * rows + r + 1).to_string();
            let (at, y) = (columns[1] - 5.0, row_top + baseline);
            canvas.text(at, y, Style::regular(9.0).grey().right(), &number);
        }
        let end = top + (rows + 1) as f32 * row_height;
        for r in 1..=rows {
            let at = top + r as f32 * row_height;
            canvas.line((x, at), (x + block, at), 0.4, INK);
        }
        for &at in &columns[1..3] {
            canvas.line((at, top), (at, end), 0.4, INK);
        }
        canvas.stroke_rect(x, top, block, end - top, 0.9);
    }
}

/// A line to sign on for each signature, its label under it.
fn signatures(canvas: &mut Canvas, area: &Area) {
    let y = area.top + area.height - 6.0;
    let share = area.width / SCORESHEET_SIGNATURES.len() as f32;
    for (i, label) in SCORESHEET_SIGNATURES.iter().enumerate() {
        let x = area.left + i as f32 * share;
        canvas.line((x, y - 12.0), (x + share - 16.0, y - 12.0), 0.5, INK);
        canvas.text(x, y, Style::regular(8.0).grey(), label);
    }
}
