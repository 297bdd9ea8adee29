//! The board widget: from either side, Unicode or letters, with coordinates
//! and highlights for the last move, a king in check, hint squares and the
//! squares a drill exercise shows.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;
use shakmaty::{Chess, Color, File, Move, Piece, Position, Rank, Role, Square};

use crate::tui::play::HintMarks;
use crate::tui::theme::{SquareMark, Theme};

/// Cell sizes (columns, rows) from smallest to largest; the largest is the
/// cap that keeps huge terminals sane.
pub const CELLS: [(u16, u16); 4] = [(3, 1), (5, 2), (7, 3), (9, 4)];

/// Width of the rank labels on the left (`8 `).
const RANK_LABEL: u16 = 2;

/// Columns and rows the board takes with a given cell size (labels included).
pub fn board_size((w, h): (u16, u16)) -> (u16, u16) {
    (RANK_LABEL + 8 * w, 8 * h + 1)
}

/// The largest cell size whose board fits in `width` × `height`.
pub fn cell_for(width: u16, height: u16) -> Option<(u16, u16)> {
    CELLS.iter().rev().copied().find(|&cell| {
        let (bw, bh) = board_size(cell);
        bw <= width && bh <= height
    })
}

/// The board as drawn.
#[derive(Clone, Copy, Debug)]
pub struct Board<'a> {
    /// The position.
    pub pos: &'a Chess,
    /// The side at the bottom.
    pub bottom: Color,
    /// The last move, highlighted.
    pub last_move: Option<Move>,
    /// Squares a hint points at.
    pub marks: HintMarks,
    /// Squares a drill exercise shows (the move to write, the square to name).
    pub highlights: &'a [Square],
    /// Letters instead of Unicode pieces.
    pub ascii: bool,
    /// Large figures where a square is at least [`LARGE_FROM`] cells wide
    /// (figures in colour only: letters and no colour draw one character).
    pub large: bool,
    /// Styles.
    pub theme: Theme,
}

impl<'a> Board<'a> {
    /// A game's board as `config` draws them (letters or figures, large or
    /// not): `pos` from `bottom`'s side with its last move, no hint marks
    /// nor highlights (guess the move, the repertoire, the scoresheet).
    pub fn game(
        pos: &'a Chess,
        bottom: Color,
        last_move: Option<Move>,
        config: &crate::tui::Config,
        theme: Theme,
    ) -> Self {
        Board {
            pos,
            bottom,
            last_move,
            marks: HintMarks::default(),
            highlights: &[],
            ascii: config.ascii,
            large: config.large_pieces,
            theme,
        }
    }
}

/// The narrowest square large figures are drawn in.
pub const LARGE_FROM: u16 = 5;

/// A large figure: rows of characters, drawn in the piece's colour (a
/// space leaves the square's colour).
fn figure(role: Role, tall: bool) -> &'static [&'static str] {
    match (role, tall) {
        (Role::King, false) => &[" ┼ ", "▟█▙"],
        (Role::Queen, false) => &["▚█▞", "▟█▙"],
        (Role::Rook, false) => &["▙▄▟", "▐█▌"],
        (Role::Bishop, false) => &["▗▜▖", "▐█▌"],
        (Role::Knight, false) => &["▟▀█", "▗██"],
        (Role::Pawn, false) => &[" ▄ ", "▐█▌"],
        (Role::King, true) => &["  ┼  ", " ▜█▛ ", "▗███▖"],
        (Role::Queen, true) => &["▚▗█▖▞", " ▐█▌ ", "▗███▖"],
        (Role::Rook, true) => &["█▄█▄█", " ███ ", "▗███▖"],
        (Role::Bishop, true) => &[" ▗▜▖ ", " ▐█▌ ", "▗███▖"],
        (Role::Knight, true) => &[" ▟██▖", "▀▘▐█ ", "▗███▖"],
        (Role::Pawn, true) => &["  ▄  ", " ▐█▌ ", "▗███▖"],
    }
}

/// The squares a move is shown on (for castling: the king's from and to).
pub fn move_squares(mv: Move) -> [Square; 2] {
    match mv {
        Move::Castle { king, rook } => {
            let side = mv
                .castling_side()
                .unwrap_or(shakmaty::CastlingSide::KingSide);
            let color = if king.rank() == Rank::First {
                Color::White
            } else {
                Color::Black
            };
            let _ = rook;
            [king, side.king_to(color)]
        }
        other => [other.from().unwrap_or(other.to()), other.to()],
    }
}

impl Board<'_> {
    /// The highlight of a square.
    pub fn mark(&self, sq: Square) -> SquareMark {
        if self.pos.is_check() && self.pos.board().king_of(self.pos.turn()) == Some(sq) {
            return SquareMark::Check;
        }
        if self.marks.from == Some(sq) || self.marks.to == Some(sq) {
            return SquareMark::Hint;
        }
        if self.highlights.contains(&sq) {
            return SquareMark::Shown;
        }
        if self
            .last_move
            .is_some_and(|mv| move_squares(mv).contains(&sq))
        {
            return SquareMark::LastMove;
        }
        SquareMark::None
    }

    /// The screen rectangle of a square's cell, given where the board is drawn.
    pub fn square_rect(&self, area: Rect, sq: Square) -> Option<Rect> {
        let (w, h) = cell_for(area.width, area.height)?;
        let (col, row) = if self.bottom == Color::White {
            (coord(sq.file().to_u32()), 7 - coord(sq.rank().to_u32()))
        } else {
            (7 - coord(sq.file().to_u32()), coord(sq.rank().to_u32()))
        };
        Some(Rect::new(
            area.x + RANK_LABEL + col * w,
            area.y + row * h,
            w,
            h,
        ))
    }

    fn glyph(&self, piece: Piece) -> char {
        if self.ascii {
            piece.char()
        } else if self.theme.no_color {
            piece.unicode_char()
        } else {
            // Solid glyphs for both sides; the foreground colour tells them apart.
            Piece {
                color: Color::Black,
                role: piece.role,
            }
            .unicode_char()
        }
    }
}

fn brackets(mark: SquareMark) -> Option<(char, char)> {
    match mark {
        SquareMark::None => None,
        SquareMark::LastMove => Some(('[', ']')),
        SquareMark::Hint => Some(('(', ')')),
        SquareMark::Check => Some(('!', '!')),
        SquareMark::Shown => Some(('<', '>')),
    }
}

impl Widget for Board<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let Some((w, h)) = cell_for(area.width, area.height) else {
            return;
        };
        let theme = self.theme;
        for sq in Square::ALL {
            let Some(rect) = self.square_rect(area, sq) else {
                return;
            };
            let light = sq.is_light();
            let mark = self.mark(sq);
            let style = theme.square(light, mark);
            // The frame starts blank each draw: only the style needs setting.
            buf.set_style(rect, style);
            let cx = rect.x + w / 2;
            let cy = rect.y + h / 2;
            let large = self.large && !self.ascii && !theme.no_color && w >= LARGE_FROM;
            match self.pos.board().piece_at(sq) {
                Some(piece) if large => {
                    let rows = figure(piece.role, h >= 3);
                    let fh = u16::try_from(rows.len()).unwrap_or(h).min(h);
                    let top = rect.y + h - fh;
                    for (dy, row) in (0..fh).zip(rows.iter()) {
                        let fw = u16::try_from(row.chars().count()).unwrap_or(w).min(w);
                        let left = rect.x + (w - fw) / 2;
                        for (dx, c) in (0..fw).zip(row.chars()) {
                            if c != ' ' {
                                buf[(left + dx, top + dy)]
                                    .set_char(c)
                                    .set_style(theme.piece(piece.color));
                            }
                        }
                    }
                }
                Some(piece) => {
                    buf[(cx, cy)]
                        .set_char(self.glyph(piece))
                        .set_style(theme.piece(piece.color));
                }
                None if theme.no_color && !light => {
                    buf[(cx, cy)].set_char(if self.ascii { '.' } else { '·' });
                }
                None => {}
            }
            if theme.bracket_marks()
                && let Some((open, close)) = brackets(mark)
            {
                buf[(cx - 1, cy)].set_char(open);
                buf[(cx + 1, cy)].set_char(close);
            }
        }
        // Coordinates: ranks on the left, files underneath.
        let coords = theme.coords();
        for i in 0..8u16 {
            let (rank, file) = if self.bottom == Color::White {
                (7 - i, i)
            } else {
                (i, 7 - i)
            };
            let rank_char = Rank::new(u32::from(rank)).char();
            buf[(area.x, area.y + i * h + h / 2)]
                .set_char(rank_char)
                .set_style(coords);
            let file_char = File::new(u32::from(file)).char();
            buf[(area.x + RANK_LABEL + i * w + w / 2, area.y + 8 * h)]
                .set_char(file_char)
                .set_style(coords);
        }
    }
}

impl Board<'_> {
    /// Blanks the coordinates on the board's edge (drawn by `render` in
    /// `area`): the coordinates drill with its labels hidden.
    pub fn hide_coordinates(&self, area: Rect, buf: &mut Buffer) {
        let Some((w, h)) = cell_for(area.width, area.height) else {
            return;
        };
        for i in 0..8u16 {
            buf[(area.x, area.y + i * h + h / 2)].set_char(' ');
            buf[(area.x + RANK_LABEL + i * w + w / 2, area.y + 8 * h)].set_char(' ');
        }
    }
}

/// A file or rank index (0..8) as a screen offset.
fn coord(i: u32) -> u16 {
    u16::try_from(i).unwrap_or(0)
}
