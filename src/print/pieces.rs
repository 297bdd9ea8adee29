//! The pieces, drawn as vector shapes: Colin M. L. Burnett's set
//! ("cburnett"), the pieces Lichess and python-chess draw, published by
//! its author under the GPL (version 2 or later), BSD and GFDL licences:
//! with Sancho's GPL-3.0-or-later, the GPL applies. The shapes are SVG
//! path data on a 45-unit square, as python-chess 1.11.2 keeps them
//! (`chess/svg.py`, GPL-3.0-or-later), each layer with the fill, stroke
//! and line style its SVG gives it (groups' styles carried down to the
//! paths, circles written as two arcs).
//!
//! A PDF draws each of the twelve once, as a form ([`form`]), and places
//! it on every square and in the key's figurines.

use pdf_writer::Content;
use pdf_writer::types::{LineCapStyle, LineJoinStyle};
use shakmaty::{Color, Piece, Role};

use super::svg_path::{self, Segment};

/// The side of the square the shapes are drawn on.
pub(crate) const UNITS: f32 = 45.0;

/// One layer of a piece: a path, painted as its SVG says.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Layer {
    /// SVG path data.
    pub(crate) d: &'static str,
    /// The fill's grey (0 black, 1 white), or none.
    fill: Option<f32>,
    /// The stroke's grey, or none.
    stroke: Option<f32>,
    /// The stroke's width.
    width: f32,
    /// Round line caps (else butt).
    round_cap: bool,
    /// Round line joins (else mitred).
    round_join: bool,
    /// A transformation of the layer (the knight's eye).
    transform: Option<[f32; 6]>,
}

const BLACK: Option<f32> = Some(0.0);
const WHITE: Option<f32> = Some(1.0);
/// The black knight's highlights (#ececec).
const LIGHT: Option<f32> = Some(0.925);

impl Layer {
    /// A layer with the set's usual style: 1.5 wide, round caps and joins.
    const fn new(d: &'static str, fill: Option<f32>, stroke: Option<f32>) -> Layer {
        Layer {
            d,
            fill,
            stroke,
            width: 1.5,
            round_cap: true,
            round_join: true,
            transform: None,
        }
    }

    const fn butt(self) -> Layer {
        Layer {
            round_cap: false,
            ..self
        }
    }

    const fn miter(self) -> Layer {
        Layer {
            round_join: false,
            ..self
        }
    }

    const fn width(self, width: f32) -> Layer {
        Layer { width, ..self }
    }

    const fn transform(self, matrix: [f32; 6]) -> Layer {
        Layer {
            transform: Some(matrix),
            ..self
        }
    }
}

/// The layers of `piece`, drawn first to last.
pub(crate) fn layers(piece: Piece) -> &'static [Layer] {
    match (piece.color, piece.role) {
        (Color::White, Role::King) => WHITE_KING,
        (Color::White, Role::Queen) => WHITE_QUEEN,
        (Color::White, Role::Rook) => WHITE_ROOK,
        (Color::White, Role::Bishop) => WHITE_BISHOP,
        (Color::White, Role::Knight) => WHITE_KNIGHT,
        (Color::White, Role::Pawn) => WHITE_PAWN,
        (Color::Black, Role::King) => BLACK_KING,
        (Color::Black, Role::Queen) => BLACK_QUEEN,
        (Color::Black, Role::Rook) => BLACK_ROOK,
        (Color::Black, Role::Bishop) => BLACK_BISHOP,
        (Color::Black, Role::Knight) => BLACK_KNIGHT,
        (Color::Black, Role::Pawn) => BLACK_PAWN,
    }
}

/// The content of `piece`'s form: its layers on a [`UNITS`] square, in
/// the PDF's coordinates (the SVG's y axis turned up).
pub(crate) fn form(piece: Piece) -> Vec<u8> {
    let mut content = Content::new();
    content.transform([1.0, 0.0, 0.0, -1.0, 0.0, UNITS]);
    content.set_miter_limit(4.0);
    for layer in layers(piece) {
        draw_layer(&mut content, layer);
    }
    content.finish().to_vec()
}

fn draw_layer(content: &mut Content, layer: &Layer) {
    content.save_state();
    if let Some(matrix) = layer.transform {
        content.transform(matrix);
    }
    content.set_line_width(layer.width);
    content.set_line_cap(if layer.round_cap {
        LineCapStyle::RoundCap
    } else {
        LineCapStyle::ButtCap
    });
    content.set_line_join(if layer.round_join {
        LineJoinStyle::RoundJoin
    } else {
        LineJoinStyle::MiterJoin
    });
    if let Some(grey) = layer.fill {
        content.set_fill_gray(grey);
    }
    if let Some(grey) = layer.stroke {
        content.set_stroke_gray(grey);
    }
    for segment in svg_path::parse(layer.d).segments {
        match segment {
            Segment::Move(x, y) => content.move_to(x, y),
            Segment::Line(x, y) => content.line_to(x, y),
            Segment::Cubic([x1, y1, x2, y2, x, y]) => content.cubic_to(x1, y1, x2, y2, x, y),
            Segment::Close => content.close_path(),
        };
    }
    match (layer.fill.is_some(), layer.stroke.is_some()) {
        (true, true) => content.fill_even_odd_and_stroke(),
        (true, false) => content.fill_even_odd(),
        (false, true) => content.stroke(),
        (false, false) => content.end_path(),
    };
    content.restore_state();
}

const WHITE_KING: &[Layer] = &[
    Layer::new("M22.5 11.63V6M20 8h5", None, BLACK).miter(),
    Layer::new(
        "M22.5 25s4.5-7.5 3-10.5c0 0-1-2.5-3-2.5s-3 2.5-3 2.5c-1.5 3 3 10.5 3 10.5",
        WHITE,
        BLACK,
    )
    .butt()
    .miter(),
    Layer::new(
        "M11.5 37c5.5 3.5 15.5 3.5 21 0v-7s9-4.5 6-10.5c-4-6.5-13.5-3.5-16 4V27v-3.5c-3.5-7.5-13-10.5-16-4-3 6 5 10 5 10V37z",
        WHITE,
        BLACK,
    ),
    Layer::new(
        "M11.5 30c5.5-3 15.5-3 21 0m-21 3.5c5.5-3 15.5-3 21 0m-21 3.5c5.5-3 15.5-3 21 0",
        None,
        BLACK,
    ),
];

const WHITE_QUEEN: &[Layer] = &[
    Layer::new(
        "M8 12a2 2 0 1 1-4 0 2 2 0 1 1 4 0zM24.5 7.5a2 2 0 1 1-4 0 2 2 0 1 1 4 0zM41 12a2 2 0 1 1-4 0 2 2 0 1 1 4 0zM16 8.5a2 2 0 1 1-4 0 2 2 0 1 1 4 0zM33 9a2 2 0 1 1-4 0 2 2 0 1 1 4 0z",
        WHITE,
        BLACK,
    ),
    Layer::new(
        "M9 26c8.5-1.5 21-1.5 27 0l2-12-7 11V11l-5.5 13.5-3-15-3 15-5.5-14V25L7 14l2 12zM9 26c0 2 1.5 2 2.5 4 1 1.5 1 1 .5 3.5-1.5 1-1.5 2.5-1.5 2.5-1.5 1.5.5 2.5.5 2.5 6.5 1 16.5 1 23 0 0 0 1.5-1 0-2.5 0 0 .5-1.5-1-2.5-.5-2.5-.5-2 .5-3.5 1-2 2.5-2 2.5-4-8.5-1.5-18.5-1.5-27 0z",
        WHITE,
        BLACK,
    ).butt(),
    Layer::new(
        "M11.5 30c3.5-1 18.5-1 22 0M12 33.5c6-1 15-1 21 0",
        None,
        BLACK,
    ),
];

const WHITE_ROOK: &[Layer] = &[
    Layer::new(
        "M9 39h27v-3H9v3zM12 36v-4h21v4H12zM11 14V9h4v2h5V9h5v2h5V9h4v5",
        WHITE,
        BLACK,
    )
    .butt(),
    Layer::new("M34 14l-3 3H14l-3-3", WHITE, BLACK),
    Layer::new("M31 17v12.5H14V17", WHITE, BLACK).butt().miter(),
    Layer::new("M31 29.5l1.5 2.5h-20l1.5-2.5", WHITE, BLACK),
    Layer::new("M11 14h23", None, BLACK).miter(),
];

const WHITE_BISHOP: &[Layer] = &[
    Layer::new(
        "M9 36c3.39-.97 10.11.43 13.5-2 3.39 2.43 10.11 1.03 13.5 2 0 0 1.65.54 3 2-.68.97-1.65.99-3 .5-3.39-.97-10.11.46-13.5-1-3.39 1.46-10.11.03-13.5 1-1.354.49-2.323.47-3-.5 1.354-1.94 3-2 3-2zM15 32c2.5 2.5 12.5 2.5 15 0 .5-1.5 0-2 0-2 0-2.5-2.5-4-2.5-4 5.5-1.5 6-11.5-5-15.5-11 4-10.5 14-5 15.5 0 0-2.5 1.5-2.5 4 0 0-.5.5 0 2zM25 8a2.5 2.5 0 1 1-5 0 2.5 2.5 0 1 1 5 0z",
        WHITE,
        BLACK,
    ).butt(),
    Layer::new(
        "M17.5 26h10M15 30h15m-7.5-14.5v5M20 18h5",
        None,
        BLACK,
    ).miter(),
];

const WHITE_KNIGHT: &[Layer] = &[
    Layer::new(
        "M 22,10 C 32.5,11 38.5,18 38,39 L 15,39 C 15,30 25,32.5 23,18",
        WHITE,
        BLACK,
    ),
    Layer::new(
        "M 24,18 C 24.38,20.91 18.45,25.37 16,27 C 13,29 13.18,31.34 11,31 C 9.958,30.06 12.41,27.96 11,28 C 10,28 11.19,29.23 10,30 C 9,30 5.997,31 6,26 C 6,24 12,14 12,14 C 12,14 13.89,12.1 14,10.5 C 13.27,9.506 13.5,8.5 13.5,7.5 C 14.5,6.5 16.5,10 16.5,10 L 18.5,10 C 18.5,10 19.28,8.008 21,7 C 22,7 22,10 22,10",
        WHITE,
        BLACK,
    ),
    Layer::new(
        "M 9.5 25.5 A 0.5 0.5 0 1 1 8.5,25.5 A 0.5 0.5 0 1 1 9.5 25.5 z",
        BLACK,
        BLACK,
    ),
    Layer::new(
        "M 15 15.5 A 0.5 1.5 0 1 1 14,15.5 A 0.5 1.5 0 1 1 15 15.5 z",
        BLACK,
        BLACK,
    )
    .transform([0.866, 0.5, -0.5, 0.866, 9.693, -5.173]),
];

const WHITE_PAWN: &[Layer] = &[
    Layer::new(
        "M22.5 9c-2.21 0-4 1.79-4 4 0 .89.29 1.71.78 2.38C17.33 16.5 16 18.59 16 21c0 2.03.94 3.84 2.41 5.03-3 1.06-7.41 5.55-7.41 13.47h23c0-7.92-4.41-12.41-7.41-13.47 1.47-1.19 2.41-3 2.41-5.03 0-2.41-1.33-4.5-3.28-5.62.49-.67.78-1.49.78-2.38 0-2.21-1.79-4-4-4z",
        WHITE,
        BLACK,
    ).miter(),
];

const BLACK_KING: &[Layer] = &[
    Layer::new("M22.5 11.63V6", None, BLACK).miter(),
    Layer::new(
        "M22.5 25s4.5-7.5 3-10.5c0 0-1-2.5-3-2.5s-3 2.5-3 2.5c-1.5 3 3 10.5 3 10.5",
        BLACK,
        BLACK,
    )
    .butt()
    .miter(),
    Layer::new(
        "M11.5 37c5.5 3.5 15.5 3.5 21 0v-7s9-4.5 6-10.5c-4-6.5-13.5-3.5-16 4V27v-3.5c-3.5-7.5-13-10.5-16-4-3 6 5 10 5 10V37z",
        BLACK,
        BLACK,
    ),
    Layer::new("M20 8h5", None, BLACK).miter(),
    Layer::new(
        "M32 29.5s8.5-4 6.03-9.65C34.15 14 25 18 22.5 24.5l.01 2.1-.01-2.1C20 18 9.906 14 6.997 19.85c-2.497 5.65 4.853 9 4.853 9M11.5 30c5.5-3 15.5-3 21 0m-21 3.5c5.5-3 15.5-3 21 0m-21 3.5c5.5-3 15.5-3 21 0",
        None,
        WHITE,
    ),
];

const BLACK_QUEEN: &[Layer] = &[
    Layer::new(
        "M3.25 12a2.75 2.75 0 1 0 5.5 0a2.75 2.75 0 1 0 -5.5 0z",
        BLACK,
        None,
    ),
    Layer::new(
        "M11.25 9a2.75 2.75 0 1 0 5.5 0a2.75 2.75 0 1 0 -5.5 0z",
        BLACK,
        None,
    ),
    Layer::new(
        "M19.75 8a2.75 2.75 0 1 0 5.5 0a2.75 2.75 0 1 0 -5.5 0z",
        BLACK,
        None,
    ),
    Layer::new(
        "M28.25 9a2.75 2.75 0 1 0 5.5 0a2.75 2.75 0 1 0 -5.5 0z",
        BLACK,
        None,
    ),
    Layer::new(
        "M36.25 12a2.75 2.75 0 1 0 5.5 0a2.75 2.75 0 1 0 -5.5 0z",
        BLACK,
        None,
    ),
    Layer::new(
        "M9 26c8.5-1.5 21-1.5 27 0l2.5-12.5L31 25l-.3-14.1-5.2 13.6-3-14.5-3 14.5-5.2-13.6L14 25 6.5 13.5 9 26zM9 26c0 2 1.5 2 2.5 4 1 1.5 1 1 .5 3.5-1.5 1-1.5 2.5-1.5 2.5-1.5 1.5.5 2.5.5 2.5 6.5 1 16.5 1 23 0 0 0 1.5-1 0-2.5 0 0 .5-1.5-1-2.5-.5-2.5-.5-2 .5-3.5 1-2 2.5-2 2.5-4-8.5-1.5-18.5-1.5-27 0z",
        BLACK,
        BLACK,
    ).butt(),
    Layer::new(
        "M11 38.5a35 35 1 0 0 23 0",
        None,
        BLACK,
    ).butt(),
    Layer::new(
        "M11 29a35 35 1 0 1 23 0M12.5 31.5h20M11.5 34.5a35 35 1 0 0 22 0M10.5 37.5a35 35 1 0 0 24 0",
        None,
        WHITE,
    ),
];

const BLACK_ROOK: &[Layer] = &[
    Layer::new(
        "M9 39h27v-3H9v3zM12.5 32l1.5-2.5h17l1.5 2.5h-20zM12 36v-4h21v4H12z",
        BLACK,
        BLACK,
    )
    .butt(),
    Layer::new("M14 29.5v-13h17v13H14z", BLACK, BLACK)
        .butt()
        .miter(),
    Layer::new(
        "M14 16.5L11 14h23l-3 2.5H14zM11 14V9h4v2h5V9h5v2h5V9h4v5H11z",
        BLACK,
        BLACK,
    )
    .butt(),
    Layer::new(
        "M12 35.5h21M13 31.5h19M14 29.5h17M14 16.5h17M11 14h23",
        None,
        WHITE,
    )
    .miter()
    .width(1.0),
];

const BLACK_BISHOP: &[Layer] = &[
    Layer::new(
        "M9 36c3.39-.97 10.11.43 13.5-2 3.39 2.43 10.11 1.03 13.5 2 0 0 1.65.54 3 2-.68.97-1.65.99-3 .5-3.39-.97-10.11.46-13.5-1-3.39 1.46-10.11.03-13.5 1-1.354.49-2.323.47-3-.5 1.354-1.94 3-2 3-2zm6-4c2.5 2.5 12.5 2.5 15 0 .5-1.5 0-2 0-2 0-2.5-2.5-4-2.5-4 5.5-1.5 6-11.5-5-15.5-11 4-10.5 14-5 15.5 0 0-2.5 1.5-2.5 4 0 0-.5.5 0 2zM25 8a2.5 2.5 0 1 1-5 0 2.5 2.5 0 1 1 5 0z",
        BLACK,
        BLACK,
    ).butt(),
    Layer::new(
        "M17.5 26h10M15 30h15m-7.5-14.5v5M20 18h5",
        None,
        WHITE,
    ).miter(),
];

const BLACK_KNIGHT: &[Layer] = &[
    Layer::new(
        "M 22,10 C 32.5,11 38.5,18 38,39 L 15,39 C 15,30 25,32.5 23,18",
        BLACK,
        BLACK,
    ),
    Layer::new(
        "M 24,18 C 24.38,20.91 18.45,25.37 16,27 C 13,29 13.18,31.34 11,31 C 9.958,30.06 12.41,27.96 11,28 C 10,28 11.19,29.23 10,30 C 9,30 5.997,31 6,26 C 6,24 12,14 12,14 C 12,14 13.89,12.1 14,10.5 C 13.27,9.506 13.5,8.5 13.5,7.5 C 14.5,6.5 16.5,10 16.5,10 L 18.5,10 C 18.5,10 19.28,8.008 21,7 C 22,7 22,10 22,10",
        BLACK,
        BLACK,
    ),
    Layer::new(
        "M 9.5 25.5 A 0.5 0.5 0 1 1 8.5,25.5 A 0.5 0.5 0 1 1 9.5 25.5 z",
        LIGHT,
        LIGHT,
    ),
    Layer::new(
        "M 15 15.5 A 0.5 1.5 0 1 1 14,15.5 A 0.5 1.5 0 1 1 15 15.5 z",
        LIGHT,
        LIGHT,
    )
    .transform([0.866, 0.5, -0.5, 0.866, 9.693, -5.173]),
    Layer::new(
        "M 24.55,10.4 L 24.1,11.85 L 24.6,12 C 27.75,13 30.25,14.49 32.5,18.75 C 34.75,23.01 35.75,29.06 35.25,39 L 35.2,39.5 L 37.45,39.5 L 37.5,39 C 38,28.94 36.62,22.15 34.25,17.66 C 31.88,13.17 28.46,11.02 25.06,10.5 L 24.55,10.4 z",
        LIGHT,
        None,
    ),
];

const BLACK_PAWN: &[Layer] = &[
    Layer::new(
        "M22.5 9c-2.21 0-4 1.79-4 4 0 .89.29 1.71.78 2.38C17.33 16.5 16 18.59 16 21c0 2.03.94 3.84 2.41 5.03-3 1.06-7.41 5.55-7.41 13.47h23c0-7.92-4.41-12.41-7.41-13.47 1.47-1.19 2.41-3 2.41-5.03 0-2.41-1.33-4.5-3.28-5.62.49-.67.78-1.49.78-2.38 0-2.21-1.79-4-4-4z",
        BLACK,
        BLACK,
    ).miter(),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_layer_of_every_piece_is_read_whole() {
        for color in [Color::White, Color::Black] {
            for role in Role::ALL {
                let piece = role.of(color);
                let layers = layers(piece);
                assert!(!layers.is_empty());
                for layer in layers {
                    let path = svg_path::parse(layer.d);
                    assert!(path.complete, "{piece:?}: {}", layer.d);
                    assert!(!path.segments.is_empty());
                    for segment in path.segments {
                        let points: Vec<f32> = match segment {
                            Segment::Move(x, y) | Segment::Line(x, y) => vec![x, y],
                            Segment::Cubic(p) => p.to_vec(),
                            Segment::Close => Vec::new(),
                        };
                        // Inside the square, but for the knight's eye,
                        // which its transformation brings in.
                        if layer.transform.is_none() {
                            assert!(
                                points.iter().all(|v| (0.0..=UNITS).contains(v)),
                                "{piece:?}"
                            );
                        }
                    }
                }
                assert!(form(piece).len() > 100);
            }
        }
    }

    #[test]
    fn white_pieces_are_filled_white_and_black_ones_black() {
        let first_fill = |piece: Piece| layers(piece).iter().find_map(|l| l.fill);
        for role in Role::ALL {
            assert_eq!(first_fill(role.of(Color::White)), Some(1.0), "{role:?}");
            assert_eq!(first_fill(role.of(Color::Black)), Some(0.0), "{role:?}");
        }
    }
}
