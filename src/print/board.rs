//! A diagram on the page: the squares (grey dark squares, which print on
//! any printer), the pieces, the set-up move shaded and framed, an arrow,
//! a ringed square, the coordinates, and the side to move.

use pdf_writer::{Content, Name};
use shakmaty::{Color, File, Position, Rank, Square};

use super::canvas::{Canvas, INK, Style, piece_name, pt};
use super::pieces::UNITS;
use sancho_core::worksheet::Diagram;

/// The dark squares' grey.
const DARK: f32 = 0.72;
/// The set-up move's squares: light and dark, a pale yellow that stays
/// lighter than the dark squares in grey print (the frame marks it too).
const LAST_LIGHT: [f32; 3] = [0.97, 0.93, 0.62];
const LAST_DARK: [f32; 3] = [0.80, 0.76, 0.42];
/// The arrow's green (a dark grey on a black-and-white printer).
const ARROW: [f32; 3] = [0.08, 0.47, 0.11];
/// The ring's red.
const RING: [f32; 3] = [0.75, 0.1, 0.1];
/// The graphics state of the arrow: 80% opaque, so the pieces under it
/// show through.
pub(crate) const ARROW_STATE: &[u8] = b"GA";
/// How opaque the arrow is.
pub(crate) const ARROW_ALPHA: f32 = 0.8;

/// How much room a diagram of `side` points needs around it for its
/// coordinates and the side-to-move mark: left, right, below.
pub(crate) fn margins(side: f32) -> (f32, f32, f32) {
    let size = coordinate_size(side / 8.0);
    (size + 3.0, marker_side(side / 8.0) + 4.0, size + 3.0)
}

fn coordinate_size(square: f32) -> f32 {
    (square * 0.32).clamp(5.0, 8.0)
}

fn marker_side(square: f32) -> f32 {
    (square * 0.32).clamp(4.0, 8.0)
}

/// Where `square` is drawn: its column from the left and row from the
/// top, as `orientation` sees the board.
fn cell(square: Square, orientation: Color) -> (f32, f32) {
    let (file, rank) = (square.file().to_u32() as f32, square.rank().to_u32() as f32);
    match orientation {
        Color::White => (file, 7.0 - rank),
        Color::Black => (7.0 - file, rank),
    }
}

/// Draws `diagram` with its top-left corner at (`x`, `top`), `side` points
/// square.
pub(crate) fn draw(canvas: &mut Canvas, diagram: &Diagram, x: f32, top: f32, side: f32) {
    let sq = side / 8.0;
    let orientation = diagram.orientation;
    let corner = |square: Square| {
        let (column, row) = cell(square, orientation);
        (x + column * sq, top + row * sq)
    };
    let last: [Option<Square>; 2] = match diagram.last_move {
        Some([from, to]) => [Some(from), Some(to)],
        None => [None, None],
    };
    {
        let (content, height) = canvas.raw();
        let sq = pt(sq);
        // The light squares as one box, the dark ones as one path, then
        // the set-up move's two squares over them.
        content
            .set_fill_gray(1.0)
            .rect(pt(x), pt(height - top - side), 8.0 * sq, 8.0 * sq)
            .fill_nonzero()
            .set_fill_gray(DARK);
        for square in Square::ALL.into_iter().filter(|s| s.is_dark()) {
            let (sx, sy) = corner(square);
            content.rect(pt(sx), pt(height - sy - sq), sq, sq);
        }
        content.fill_nonzero();
        for square in last.into_iter().flatten() {
            let (sx, sy) = corner(square);
            let [r, g, b] = if square.is_light() {
                LAST_LIGHT
            } else {
                LAST_DARK
            };
            content
                .set_fill_rgb(r, g, b)
                .rect(pt(sx), pt(height - sy - sq), sq, sq)
                .fill_nonzero();
        }
        // The set-up move's squares framed, for grey print.
        let frame = (sq * 0.05).max(0.6);
        for square in last.into_iter().flatten() {
            let (sx, sy) = corner(square);
            content
                .set_stroke_gray(0.3)
                .set_line_width(frame)
                .rect(
                    sx + frame / 2.0,
                    height - sy - sq + frame / 2.0,
                    sq - frame,
                    sq - frame,
                )
                .stroke();
        }
        let board = diagram.position.board();
        for (square, piece) in board {
            let (sx, sy) = corner(square);
            let scale = (sq / UNITS * 10_000.0).round() / 10_000.0;
            content
                .save_state()
                .transform([scale, 0.0, 0.0, scale, pt(sx), pt(height - sy - sq)])
                .x_object(Name(&piece_name(piece)))
                .restore_state();
        }
        if let Some(square) = diagram.marked {
            let (sx, sy) = corner(square);
            ring(content, sx + sq / 2.0, height - sy - sq / 2.0, sq);
        }
        if let Some([from, to]) = diagram.arrow {
            let centre = |square| {
                let (sx, sy) = corner(square);
                (sx + sq / 2.0, height - sy - sq / 2.0)
            };
            arrow(content, centre(from), centre(to), sq);
        }
    }
    canvas.stroke_rect(x, top, side, side, 0.8);
    if diagram.coordinates {
        coordinates(canvas, orientation, x, top, sq);
    }
    if diagram.turn {
        to_move(canvas, diagram, x, top, sq);
    }
}

/// The files under the board and the ranks left of it.
fn coordinates(canvas: &mut Canvas, orientation: Color, x: f32, top: f32, sq: f32) {
    let size = coordinate_size(sq);
    for file in File::ALL {
        let (column, _) = cell(Square::from_coords(file, Rank::First), orientation);
        canvas.text(
            x + (column + 0.5) * sq,
            top + 8.0 * sq + size + 1.5,
            Style::regular(size).grey().centred(),
            &file.char().to_string(),
        );
    }
    for rank in Rank::ALL {
        let (_, row) = cell(Square::from_coords(File::A, rank), orientation);
        canvas.text(
            x - 2.5,
            top + (row + 0.5) * sq + size * 0.36,
            Style::regular(size).grey().right(),
            &rank.char().to_string(),
        );
    }
}

/// A small square beside the board on the side to move's edge: white
/// with a black outline for White, black for Black, as books mark it.
fn to_move(canvas: &mut Canvas, diagram: &Diagram, x: f32, top: f32, sq: f32) {
    let turn = diagram.position.turn();
    let m = marker_side(sq);
    let mx = x + 8.0 * sq + 3.0;
    let my = if turn == diagram.orientation {
        top + 8.0 * sq - m
    } else {
        top
    };
    let fill = match turn {
        Color::White => 1.0,
        Color::Black => INK,
    };
    canvas.fill_rect(mx, my, m, m, fill);
    canvas.stroke_rect(mx, my, m, m, 0.6);
}

/// A ring about (`cx`, `cy`) (PDF coordinates) inside a square of `sq`.
fn ring(content: &mut Content, cx: f32, cy: f32, sq: f32) {
    let r = sq * 0.4;
    let k = r * 0.552_284_8;
    let [red, green, blue] = RING;
    content
        .set_stroke_rgb(red, green, blue)
        .set_line_width(sq * 0.09)
        .move_to(cx + r, cy)
        .cubic_to(cx + r, cy + k, cx + k, cy + r, cx, cy + r)
        .cubic_to(cx - k, cy + r, cx - r, cy + k, cx - r, cy)
        .cubic_to(cx - r, cy - k, cx - k, cy - r, cx, cy - r)
        .cubic_to(cx + k, cy - r, cx + r, cy - k, cx + r, cy)
        .close_path()
        .stroke();
}

/// An arrow from one square's centre to another's (PDF coordinates).
fn arrow(content: &mut Content, from: (f32, f32), to: (f32, f32), sq: f32) {
    let (dx, dy) = (to.0 - from.0, to.1 - from.1);
    let length = (dx * dx + dy * dy).sqrt();
    if length < 1.0 {
        return;
    }
    let (ux, uy) = (dx / length, dy / length);
    let (nx, ny) = (-uy, ux);
    let (shaft, head, head_length) = (sq * 0.09, sq * 0.26, sq * 0.42);
    // The tip stops short of the centre, so the piece there shows.
    let tip = (to.0 - ux * sq * 0.12, to.1 - uy * sq * 0.12);
    let neck = (tip.0 - ux * head_length, tip.1 - uy * head_length);
    let points = [
        (from.0 + nx * shaft, from.1 + ny * shaft),
        (neck.0 + nx * shaft, neck.1 + ny * shaft),
        (neck.0 + nx * head, neck.1 + ny * head),
        tip,
        (neck.0 - nx * head, neck.1 - ny * head),
        (neck.0 - nx * shaft, neck.1 - ny * shaft),
        (from.0 - nx * shaft, from.1 - ny * shaft),
    ];
    let [r, g, b] = ARROW;
    content
        .save_state()
        .set_parameters(Name(ARROW_STATE))
        .set_fill_rgb(r, g, b)
        .move_to(points[0].0, points[0].1);
    for (px, py) in &points[1..] {
        content.line_to(*px, *py);
    }
    content.close_path().fill_nonzero().restore_state();
}

#[cfg(test)]
mod tests {
    use super::*;
    use sancho_core::notation::parse_fen;
    use shakmaty::{Board, Piece};

    /// The pieces a drawn diagram places, read back from the content: each
    /// form (`/WK Do`) and the square its transformation puts it on.
    fn placed(
        content: &[u8],
        x: f32,
        top: f32,
        side: f32,
        height: f32,
        orientation: Color,
    ) -> Board {
        let text = String::from_utf8_lossy(content);
        let lines: Vec<&str> = text.lines().collect();
        let sq = side / 8.0;
        let mut board = Board::empty();
        for pair in lines.windows(2) {
            let (Some(matrix), Some(name)) =
                (pair[0].strip_suffix(" cm"), pair[1].strip_suffix(" Do"))
            else {
                continue;
            };
            let numbers: Vec<f32> = matrix.split(' ').map(|n| n.parse().unwrap()).collect();
            let (px, py) = (numbers[4], numbers[5]);
            let column = ((px - x) / sq).round() as u32;
            let row = ((height - py - top) / sq).round() as u32 - 1;
            let (file, rank) = match orientation {
                Color::White => (column, 7 - row),
                Color::Black => (7 - column, row),
            };
            let square = Square::from_coords(File::new(file), Rank::new(rank));
            let name = name.trim_start_matches('/').as_bytes();
            let color = if name[0] == b'W' {
                Color::White
            } else {
                Color::Black
            };
            let role = shakmaty::Role::from_char(char::from(name[1]).to_ascii_lowercase()).unwrap();
            assert!(board.piece_at(square).is_none(), "two pieces on {square}");
            board.set_piece_at(square, Piece { color, role });
        }
        board
    }

    #[test]
    fn every_piece_is_drawn_on_its_square_from_either_side() {
        // A Lichess puzzle's position (hI7Xk after its set-up move).
        let position =
            parse_fen("r2qrBkb/1p2pp2/p2p2n1/6Q1/8/1NN5/PPP2PP1/2Kb3R w - - 4 20").unwrap();
        for orientation in [Color::White, Color::Black] {
            let diagram = Diagram {
                position: position.clone(),
                orientation,
                last_move: Some([Square::E5, Square::G6]),
                arrow: Some([Square::H1, Square::H8]),
                marked: Some(Square::A1),
                coordinates: true,
                turn: true,
            };
            let mut canvas = Canvas::new(800.0);
            draw(&mut canvas, &diagram, 100.0, 200.0, 160.0);
            let content = canvas.finish();
            let board = placed(&content, 100.0, 200.0, 160.0, 800.0, orientation);
            assert_eq!(&board, position.board(), "{orientation:?}");
        }
    }

    #[test]
    fn a1_is_bottom_left_for_white_and_top_right_for_black() {
        assert_eq!(cell(Square::A1, Color::White), (0.0, 7.0));
        assert_eq!(cell(Square::H8, Color::White), (7.0, 0.0));
        assert_eq!(cell(Square::A1, Color::Black), (7.0, 0.0));
        assert_eq!(cell(Square::E4, Color::Black), (3.0, 3.0));
        assert_eq!(cell(Square::E4, Color::White), (4.0, 4.0));
    }
}
