//! The pages of a sheet: the exercise pages (a header with the student's
//! name and the date, the diagrams in a grid, a line or two to write on
//! under each), the answer key on pages of its own, or the scoresheet's
//! form; every page with its footer.

use sancho_core::worksheet::{Answer, HEADER_FIELDS, Item, KeyEntry, Kind, Worksheet};

use super::Paper;
use super::board;
use super::canvas::{Canvas, INK, Style};
use super::font::{Face, width, wrap};

/// The page's margin on every side, in points (printers leave about 15).
pub(crate) const MARGIN: f32 = 40.0;
/// The space between the grid's columns and rows.
pub(crate) const GAP: (f32, f32) = (18.0, 10.0);
/// The room above a diagram for its number, task and detail.
const CAPTION: f32 = 27.0;
/// The space between lines to write on.
const WRITING_LINE: f32 = 19.0;
/// The key's text size and line height.
const KEY_SIZE: f32 = 10.0;
const KEY_LINE: f32 = 14.0;

/// What one page shows.
enum Plan<'a> {
    /// Exercises in the grid.
    Exercises(&'a [Item]),
    /// Columns of key entries.
    Key(KeyPage<'a>),
    /// The scoresheet's form.
    Scoresheet,
}

/// One key entry laid out: its answer broken into lines.
struct KeyLines<'a> {
    entry: &'a KeyEntry,
    lines: Vec<String>,
}

/// A page of the key: its columns of entries and how wide their parts are.
struct KeyPage<'a> {
    columns: Vec<Vec<KeyLines<'a>>>,
    /// The numbers' column.
    number_width: f32,
    /// The labels' column (0 when no entry has a label).
    label_width: f32,
    /// Each column of entries.
    column_width: f32,
}

/// A part of the page, from its top-left corner, in points.
pub(crate) struct Area {
    pub(crate) left: f32,
    pub(crate) top: f32,
    pub(crate) width: f32,
    pub(crate) height: f32,
}

/// Each page's content stream, in order.
pub(crate) fn pages(sheet: &Worksheet, paper: Paper) -> Vec<Vec<u8>> {
    let (width, height) = paper.size();
    let mut plans: Vec<Plan<'_>> = match sheet.kind {
        Kind::Scoresheet => vec![Plan::Scoresheet],
        _ => sheet.pages().map(Plan::Exercises).collect(),
    };
    if let Some(key) = &sheet.key {
        plans.extend(key_pages(key, width, height).into_iter().map(Plan::Key));
    }
    let total = plans.len();
    plans
        .iter()
        .enumerate()
        .map(|(i, plan)| {
            let mut canvas = Canvas::new(height);
            let top = match plan {
                Plan::Key(_) => {
                    let title = format!("{}: answer key", sheet.title);
                    title_line(&mut canvas, &title, width)
                }
                _ => header(&mut canvas, sheet, width),
            };
            let area = Area {
                left: MARGIN,
                top,
                width: width - 2.0 * MARGIN,
                height: height - MARGIN - 8.0 - top,
            };
            match plan {
                Plan::Exercises(items) => exercises(&mut canvas, sheet, items, &area),
                Plan::Key(page) => key_page(&mut canvas, page, &area),
                Plan::Scoresheet => super::scoresheet::draw(&mut canvas, sheet, &area),
            }
            footer(&mut canvas, sheet, i + 1, total, width, height);
            canvas.finish()
        })
        .collect()
}

/// The key's title and a rule; returns where what follows starts.
fn title_line(canvas: &mut Canvas, title: &str, page_width: f32) -> f32 {
    let room = page_width - 2.0 * MARGIN;
    canvas.text_within(MARGIN, MARGIN + 12.0, Style::bold(15.0), room, title);
    let rule = MARGIN + 20.0;
    canvas.line((MARGIN, rule), (page_width - MARGIN, rule), 0.6, INK);
    MARGIN + 32.0
}

/// The title, the name and date to fill in (a scoresheet has its own
/// fields), the instructions and a rule; returns where the page's body
/// starts.
fn header(canvas: &mut Canvas, sheet: &Worksheet, page_width: f32) -> f32 {
    let right = page_width - MARGIN;
    let room = right - MARGIN;
    let title_y = MARGIN + 12.0;
    canvas.text_within(MARGIN, title_y, Style::bold(15.0), room, &sheet.title);
    let mut y = title_y + 20.0;
    if sheet.kind != Kind::Scoresheet {
        let [name, date] = HEADER_FIELDS;
        let date_at = MARGIN + room * 0.64;
        blank(canvas, MARGIN, date_at - 16.0, y, name, None);
        blank(canvas, date_at, right, y, date, sheet.date.as_deref());
        y += 17.0;
    }
    for line in wrap(&sheet.instructions, Face::Regular, 9.0, room) {
        canvas.text(MARGIN, y, Style::regular(9.0), &line);
        y += 11.5;
    }
    canvas.line((MARGIN, y - 4.0), (right, y - 4.0), 0.6, INK);
    y + 8.0
}

/// A label and a line to write on from `x` to `end`, or the value given.
pub(crate) fn blank(
    canvas: &mut Canvas,
    x: f32,
    end: f32,
    y: f32,
    label: &str,
    value: Option<&str>,
) {
    let wide = canvas.text(x, y, Style::bold(10.0), label);
    let start = x + wide + 5.0;
    match value {
        Some(value) => {
            canvas.text_within(start, y, Style::regular(10.0), end - start, value);
        }
        None => canvas.line((start, y + 2.0), (end, y + 2.0), 0.5, INK),
    }
}

/// The footer: where the sheet comes from on the left, the page number on
/// the right.
fn footer(
    canvas: &mut Canvas,
    sheet: &Worksheet,
    page: usize,
    total: usize,
    page_width: f32,
    page_height: f32,
) {
    let y = page_height - MARGIN + 16.0;
    let number = format!("page {page} of {total}");
    let number_width = width(&number, Face::Regular, 7.5);
    let room = page_width - 2.0 * MARGIN - number_width - 12.0;
    let style = Style::regular(7.5).grey();
    canvas.text_within(MARGIN, y, style, room, &sheet.footer);
    let right = page_width - MARGIN;
    canvas.text(right, y, Style::regular(7.5).grey().right(), &number);
}

/// A page of exercises in the sheet's grid.
fn exercises(canvas: &mut Canvas, sheet: &Worksheet, items: &[Item], area: &Area) {
    let (columns, rows) = sheet.per_page.grid();
    let cell_width = (area.width - GAP.0 * (columns - 1) as f32) / columns as f32;
    let cell_height = (area.height - GAP.1 * (rows - 1) as f32) / rows as f32;
    // One board size for the whole sheet: the largest that fits a cell
    // with a line to write on.
    let side = board_side(cell_width, cell_height);
    for (i, item) in items.iter().enumerate() {
        let (column, row) = (i % columns, i / columns);
        let cell = Area {
            left: area.left + column as f32 * (cell_width + GAP.0),
            top: area.top + row as f32 * (cell_height + GAP.1),
            width: cell_width,
            height: cell_height,
        };
        exercise(canvas, item, &cell, side);
    }
}

/// The board's side in a cell: the room left by the caption, the
/// coordinates, the side-to-move mark and one line to write on.
fn board_side(cell_width: f32, cell_height: f32) -> f32 {
    // The margins grow with the board up to a bound: take the largest.
    let (left, right, below) = board::margins(1000.0);
    let across = cell_width - left - right;
    let down = cell_height - CAPTION - below - WRITING_LINE - 4.0;
    across.min(down).max(40.0)
}

fn exercise(canvas: &mut Canvas, item: &Item, cell: &Area, side: f32) {
    let (left, right, below) = board::margins(side);
    let number = format!("{}.", item.number);
    let caption = cell.top + 9.0;
    let numbered = canvas.text(cell.left, caption, Style::bold(10.0), &number);
    let x = cell.left + numbered + 4.0;
    let room = cell.width - numbered - 4.0;
    canvas.text_within(x, caption, Style::bold(9.5), room, &item.prompt);
    if let Some(detail) = &item.detail {
        let style = Style::regular(8.5).grey();
        canvas.text_within(x, caption + 11.0, style, room, detail);
    }
    // The board centred in the cell, with its coordinates and mark.
    let total = left + side + right;
    let board_left = cell.left + (cell.width - total) / 2.0 + left;
    let board_top = cell.top + CAPTION;
    board::draw(canvas, &item.diagram, board_left, board_top, side);
    // Lines to write on, across the cell, as many as the cell holds.
    let first = board_top + side + below + WRITING_LINE;
    let bottom = cell.top + cell.height;
    let (start, end) = (cell.left, cell.left + cell.width);
    match item.answer {
        Answer::Mark => {}
        Answer::Squares => {
            let half = (start + end) / 2.0;
            let from = canvas.text(start, first, Style::regular(9.0).grey(), "from");
            canvas.line(
                (start + from + 4.0, first + 1.5),
                (half - 8.0, first + 1.5),
                0.5,
                INK,
            );
            let to = canvas.text(half, first, Style::regular(9.0).grey(), "to");
            canvas.line((half + to + 4.0, first + 1.5), (end, first + 1.5), 0.5, INK);
        }
        Answer::Line => {
            let mut y = first;
            while y <= bottom + 0.5 {
                canvas.line((start, y + 1.5), (end, y + 1.5), 0.5, INK);
                y += WRITING_LINE;
            }
        }
    }
}

/// The key in pages of columns: one column for long answers (a puzzle's
/// line), up to three for short ones (a move, a square). No entry is split
/// between columns.
fn key_pages(key: &[KeyEntry], page_width: f32, page_height: f32) -> Vec<KeyPage<'_>> {
    let room = page_width - 2.0 * MARGIN;
    let body = page_height - MARGIN - 8.0 - (MARGIN + 32.0);
    let (number_width, label_width) = key_columns(key);
    let widest = key
        .iter()
        .map(|e| width(&e.answer, Face::Regular, KEY_SIZE))
        .fold(0.0, f32::max);
    let entry_width = number_width + label_width + widest;
    let count = (1..=3)
        .rev()
        .find(|&n| entry_width <= (room - GAP.0 * (n - 1) as f32) / n as f32)
        .unwrap_or(1);
    let column_width = (room - GAP.0 * (count - 1) as f32) / count as f32;
    let answer_width = (column_width - number_width - label_width).max(60.0);
    let per_column = ((body / KEY_LINE).floor() as usize).max(1);
    let page = |columns| KeyPage {
        columns,
        number_width,
        label_width,
        column_width,
    };
    let mut pages = Vec::new();
    let mut columns: Vec<Vec<KeyLines<'_>>> = vec![Vec::new()];
    let mut used = 0;
    for entry in key {
        let lines = wrap(&entry.answer, Face::Regular, KEY_SIZE, answer_width);
        let height = lines.len().max(1);
        if used + height > per_column && used > 0 {
            used = 0;
            if columns.len() == count {
                pages.push(page(std::mem::take(&mut columns)));
            }
            columns.push(Vec::new());
        }
        used += height;
        if let Some(column) = columns.last_mut() {
            column.push(KeyLines { entry, lines });
        }
    }
    pages.push(page(columns));
    pages
}

/// The widths of the key's number and label columns.
fn key_columns(key: &[KeyEntry]) -> (f32, f32) {
    let number = key
        .iter()
        .map(|e| width(&format!("{}.", e.number), Face::Bold, KEY_SIZE))
        .fold(0.0, f32::max)
        + 6.0;
    let label = key
        .iter()
        .map(|e| width(&e.label, Face::Regular, KEY_SIZE - 1.0))
        .fold(0.0, f32::max);
    let label = if label > 0.0 {
        label.min(120.0) + 8.0
    } else {
        0.0
    };
    (number, label)
}

fn key_page(canvas: &mut Canvas, page: &KeyPage<'_>, area: &Area) {
    let (number_width, label_width) = (page.number_width, page.label_width);
    for (c, column) in page.columns.iter().enumerate() {
        let x = area.left + c as f32 * (page.column_width + GAP.0);
        let mut y = area.top + KEY_SIZE;
        for KeyLines { entry, lines } in column {
            let number = format!("{}.", entry.number);
            let at = x + number_width - 6.0;
            canvas.text(at, y, Style::bold(KEY_SIZE).right(), &number);
            if !entry.label.is_empty() {
                let style = Style::regular(KEY_SIZE - 1.0).grey();
                let at = x + number_width;
                canvas.text_within(at, y, style, label_width - 8.0, &entry.label);
            }
            let at = x + number_width + label_width;
            for line in lines {
                canvas.text(at, y, Style::regular(KEY_SIZE), line);
                y += KEY_LINE;
            }
            if lines.is_empty() {
                y += KEY_LINE;
            }
        }
    }
}
