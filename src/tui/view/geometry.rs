//! Where things are on the screens, apart from drawing them: the minimum
//! size, the areas of each screen, where the board goes, and which menu item
//! or square a mouse click lands on. The app asks this module (for clicks)
//! and the views draw by it, so neither needs the other for geometry.

use ratatui::layout::{Constraint, Layout, Position, Rect};
use shakmaty::{Chess, Color, Square};

use super::board::{Board, CELLS, board_size, cell_for};
use crate::config::BoardSize;
use crate::tui::play::HintMarks;
use crate::tui::strings;
use crate::tui::theme::Theme;

/// The side panel's narrowest width beside the board (border included).
pub(crate) const SIDE_MIN: u16 = 33;

/// The narrowest terminal the screens fit in: the smallest board (26
/// columns) beside a 33-column panel with its border.
pub const MIN_WIDTH: u16 = 60;
/// The shortest terminal the screens fit in: header 1, board 9, input 3,
/// hint panel 5, footer 1.
pub const MIN_HEIGHT: u16 = 19;

/// How many lines [`render_list`](super::render_list) scrolls so that the highlighted item
/// stays in view on a short terminal.
pub(crate) fn list_skip(selected: usize, body_height: u16) -> usize {
    (selected + 2).saturating_sub(usize::from(body_height))
}

/// The item of a [`render_list`](super::render_list) list of `count` items drawn on a screen of
/// `size` with `selected` highlighted, on terminal row `row` (a mouse
/// click), if one is there.
pub(crate) fn list_item_at(
    size: (u16, u16),
    selected: usize,
    count: usize,
    row: u16,
) -> Option<usize> {
    // The header row, then the body (a blank line before the first item);
    // the footer row at the bottom.
    let body_height = size.1.saturating_sub(2);
    if row == 0 || row > body_height {
        return None;
    }
    let line = usize::from(row - 1) + list_skip(selected, body_height);
    line.checked_sub(1).filter(|&i| i < count)
}

/// Lines above the first menu item: the name, the tagline, a blank.
pub(crate) const HEAD: usize = 3;

/// Splits the home screen into its body and its footer.
pub(crate) fn home_areas(area: Rect) -> [Rect; 2] {
    Layout::vertical([Constraint::Fill(1), Constraint::Length(1)]).areas(area)
}

/// Where `lines` lines of text are drawn in `body`: centred vertically.
pub(crate) fn home_block(body: Rect, lines: usize) -> Rect {
    let height = u16::try_from(lines).unwrap_or(u16::MAX).min(body.height);
    let top = body.y + (body.height - height) / 2;
    Rect::new(body.x, top, body.width, height)
}

/// The side panel beside a board drawn at the left of `body`: the rest of
/// its width, one column apart.
pub fn beside_board(body: Rect, board: Rect) -> Rect {
    Rect::new(
        body.x + board.width + 1,
        body.y,
        body.width.saturating_sub(board.width + 1),
        body.height,
    )
}

/// The menu item (its index) drawn on terminal row `row` of the home screen
/// of a terminal of `size` (the layout is the one
/// [`render`](super::home::render) draws; any column of the row counts). A
/// notice takes the place of the count under the menu, so it never moves
/// the menu.
pub fn item_at(size: (u16, u16), row: u16) -> Option<usize> {
    let (width, height) = size;
    if width < MIN_WIDTH || height < MIN_HEIGHT {
        return None;
    }
    let items = strings::menu(false, false).len();
    let [body, _] = home_areas(Rect::new(0, 0, width, height));
    // The blank line and the count (or the notice in its place).
    let rect = home_block(body, HEAD + items + 2);
    let index = usize::from(row.checked_sub(rect.y)?).checked_sub(HEAD)?;
    (index < items && row < rect.bottom()).then_some(index)
}

/// The drill screen's areas: header, body (board and panel), input, footer.
pub fn drill_areas(area: Rect) -> [Rect; 4] {
    Layout::vertical([
        Constraint::Length(1),
        Constraint::Fill(1),
        Constraint::Length(3),
        Constraint::Length(1),
    ])
    .areas(area)
}

/// The square under the terminal cell (`column`, `row`) on the drill
/// screen of a terminal of `size` with `bottom` at the bottom, if the cell
/// is on the board (the layout is the one [`render`](super::drill::render) draws).
pub fn square_at(
    size: (u16, u16),
    board: BoardSize,
    bottom: Color,
    column: u16,
    row: u16,
) -> Option<Square> {
    let (width, height) = size;
    if width < MIN_WIDTH || height < MIN_HEIGHT {
        return None;
    }
    let area = drill_board_area(Rect::new(0, 0, width, height), board);
    let pos = Chess::default();
    let board = Board {
        pos: &pos,
        bottom,
        last_move: None,
        marks: HintMarks::default(),
        highlights: &[],
        ascii: true,
        large: false,
        theme: Theme::with(Default::default(), Default::default(), true),
    };
    let point = Position::new(column, row);
    Square::ALL.into_iter().find(|&sq| {
        board
            .square_rect(area, sq)
            .is_some_and(|r| r.contains(point))
    })
}

/// The screen areas of the puzzle screen: header, body, input, hint panel,
/// footer. The hint panel has three lines, five on a tall terminal (30
/// rows or more) so that long notes fit; its height never changes while
/// typing, so the board never jumps.
pub fn puzzle_areas(area: Rect) -> [Rect; 5] {
    let hint = if area.height >= 30 { 7 } else { 5 };
    Layout::vertical([
        Constraint::Length(1),
        Constraint::Fill(1),
        Constraint::Length(3),
        Constraint::Length(hint),
        Constraint::Length(1),
    ])
    .areas(area)
}

/// Where a drill's board is drawn on a screen of `area` (the drill screen,
/// the scoresheet): in the drill's body, at the size the puzzle screen's
/// board has on the same window, so that a board is the same size in every
/// mode.
pub fn drill_board_area(area: Rect, size: BoardSize) -> Rect {
    let [_, body, _, _] = drill_areas(area);
    let [_, puzzle_body, ..] = puzzle_areas(area);
    let capped = Rect {
        height: body.height.min(puzzle_body.height),
        ..body
    };
    let board = board_area_at_most(capped, size);
    // Centred in the whole body, as before.
    Rect {
        y: body.y + body.height.saturating_sub(board.height) / 2,
        ..board
    }
}

/// Where the board is drawn inside the body: the largest cell size that
/// leaves the side panel its minimum width, centred vertically.
pub fn board_area(body: Rect) -> Rect {
    board_area_at_most(body, BoardSize::Auto)
}

/// [`board_area`] with the board no larger than `size` allows (the config
/// file's `board`); the board widget then picks the cell that fills it.
pub fn board_area_at_most(body: Rect, size: BoardSize) -> Rect {
    let largest = match size {
        BoardSize::Auto => CELLS[CELLS.len() - 1],
        BoardSize::Small => CELLS[0],
        BoardSize::Medium => CELLS[1],
        BoardSize::Large => CELLS[2],
    };
    let (w, h) = board_size(largest);
    let cell = cell_for(
        body.width.saturating_sub(SIDE_MIN + 1).min(w),
        body.height.min(h),
    )
    .unwrap_or((3, 1));
    let (bw, bh) = board_size(cell);
    Rect::new(
        body.x,
        body.y + body.height.saturating_sub(bh) / 2,
        bw.min(body.width),
        bh.min(body.height),
    )
}
