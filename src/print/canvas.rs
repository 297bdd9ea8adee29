//! One page's drawing: text in the standard fonts (with figurines drawn
//! inline), lines and boxes, measured from the page's top-left corner in
//! points, and written as the page's PDF content.

use pdf_writer::types::TextRenderingMode;
use pdf_writer::{Content, Name, Str, TextStr};
use shakmaty::{Color, Piece, Role};

use super::font::{FIGURINE_ADVANCE, Face, Run, fit, runs, width};

/// Black text and lines.
pub(crate) const INK: f32 = 0.0;
/// Secondary text: labels, the footer, coordinates.
pub(crate) const GREY: f32 = 0.35;

/// A page being drawn.
pub(crate) struct Canvas {
    content: Content,
    /// The page's height, to turn distances from the top into the PDF's
    /// coordinates (from the bottom).
    height: f32,
}

/// Where text is placed relative to the x given.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Align {
    /// Starts at x.
    Left,
    /// Centred on x.
    Centre,
    /// Ends at x.
    Right,
}

/// How text is drawn: its face, size, grey and alignment.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Style {
    face: Face,
    size: f32,
    grey: f32,
    align: Align,
}

impl Style {
    /// Helvetica at `size` points, black, from the left.
    pub(crate) const fn regular(size: f32) -> Style {
        Style {
            face: Face::Regular,
            size,
            grey: INK,
            align: Align::Left,
        }
    }

    /// Helvetica-Bold at `size` points, black, from the left.
    pub(crate) const fn bold(size: f32) -> Style {
        Style {
            face: Face::Bold,
            ..Style::regular(size)
        }
    }

    /// In the secondary grey.
    pub(crate) const fn grey(self) -> Style {
        Style { grey: GREY, ..self }
    }

    /// Centred on the x given.
    pub(crate) const fn centred(self) -> Style {
        Style {
            align: Align::Centre,
            ..self
        }
    }

    /// Ending at the x given.
    pub(crate) const fn right(self) -> Style {
        Style {
            align: Align::Right,
            ..self
        }
    }
}

/// The name a piece's form has in the pages' resources (`WN`, `BK`).
pub(crate) fn piece_name(piece: Piece) -> [u8; 2] {
    let colour = match piece.color {
        Color::White => b'W',
        Color::Black => b'B',
    };
    [colour, piece.role.upper_char() as u8]
}

/// A length rounded to a hundredth of a point (a 300th of a millimetre),
/// which keeps the pages' numbers short.
pub(crate) fn pt(v: f32) -> f32 {
    (v * 100.0).round() / 100.0
}

impl Canvas {
    /// An empty page `height` points high.
    pub(crate) fn new(height: f32) -> Canvas {
        Canvas {
            content: Content::new(),
            height,
        }
    }

    /// The page's content stream.
    pub(crate) fn finish(self) -> Vec<u8> {
        self.content.finish().to_vec()
    }

    /// The PDF's y for a distance from the top.
    fn y(&self, from_top: f32) -> f32 {
        pt(self.height - from_top)
    }

    /// `text` with its baseline at `y` from the top, placed on `x` as
    /// `style` aligns it; returns its width.
    pub(crate) fn text(&mut self, x: f32, y: f32, style: Style, text: &str) -> f32 {
        let Style {
            face,
            size,
            grey,
            align,
        } = style;
        let wide = width(text, face, size);
        let mut at = match align {
            Align::Left => x,
            Align::Centre => x - wide / 2.0,
            Align::Right => x - wide,
        };
        let base = self.y(y);
        for run in runs(text) {
            match run {
                Run::Text(bytes) => {
                    self.content
                        .set_fill_gray(grey)
                        .begin_text()
                        .set_font(Name(face.resource()), size)
                        .next_line(pt(at), base)
                        .show(Str(&bytes))
                        .end_text();
                    at += bytes_width(&bytes, face, size);
                }
                Run::Figurine(role, symbol) => {
                    self.figurine(at, base, size, role, symbol, face);
                    at += f32::from(FIGURINE_ADVANCE) * size / 1000.0;
                }
            }
        }
        wide
    }

    /// `text` as [`Canvas::text`] draws it, made to fit in `max` points:
    /// smaller, down to 70% of its size, then cut with an ellipsis.
    pub(crate) fn text_within(
        &mut self,
        x: f32,
        y: f32,
        style: Style,
        max: f32,
        text: &str,
    ) -> f32 {
        let (size, text) = fit(text, style.face, style.size, max);
        self.text(x, y, Style { size, ..style }, &text)
    }

    /// A figurine at `x` on the PDF baseline `base`: the white piece drawn
    /// at the text's size, marked as the symbol it stands for (what a
    /// reader copies or reads aloud), with the English letter under it as
    /// invisible text for readers that ignore the mark.
    fn figurine(&mut self, x: f32, base: f32, size: f32, role: Role, symbol: char, face: Face) {
        let mut buf = [0u8; 4];
        let symbol = symbol.encode_utf8(&mut buf);
        self.content
            .begin_marked_content_with_properties(Name(b"Span"))
            .properties()
            .actual_text(TextStr(symbol));
        // The rendering mode is graphics state, which ET keeps: restore it.
        // The letter is stretched to the figurine's advance, so that text
        // extraction sees no gap (no space) after it.
        let letter = [role.upper_char() as u8];
        let letter_width = bytes_width(&letter, face, 1000.0).max(1.0);
        self.content
            .save_state()
            .begin_text()
            .set_font(Name(face.resource()), size)
            .set_text_rendering_mode(TextRenderingMode::Invisible)
            .set_horizontal_scaling(100.0 * f32::from(FIGURINE_ADVANCE) / letter_width)
            .next_line(pt(x), base)
            .show(Str(&letter))
            .end_text()
            .restore_state();
        // The shapes fill about three quarters of their square: a square a
        // little larger than the size makes them as tall as capitals and
        // a little more, their base on the baseline.
        let side = size * 1.05;
        let scale = (side / super::pieces::UNITS * 10_000.0).round() / 10_000.0;
        let name = piece_name(role.of(Color::White));
        self.content
            .save_state()
            .transform([
                scale,
                0.0,
                0.0,
                scale,
                pt(x - side * 0.1),
                pt(base - side * 0.15),
            ])
            .x_object(Name(&name))
            .restore_state()
            .end_marked_content();
    }

    /// A straight line between two points (y from the top).
    pub(crate) fn line(&mut self, from: (f32, f32), to: (f32, f32), thickness: f32, grey: f32) {
        let (y1, y2) = (self.y(from.1), self.y(to.1));
        self.content
            .set_stroke_gray(grey)
            .set_line_width(thickness)
            .move_to(pt(from.0), y1)
            .line_to(pt(to.0), y2)
            .stroke();
    }

    /// A box filled with `grey`; `top` from the top of the page.
    pub(crate) fn fill_rect(&mut self, x: f32, top: f32, w: f32, h: f32, grey: f32) {
        let y = self.y(top + h);
        self.content
            .set_fill_gray(grey)
            .rect(x, y, w, h)
            .fill_nonzero();
    }

    /// A box's outline.
    pub(crate) fn stroke_rect(&mut self, x: f32, top: f32, w: f32, h: f32, thickness: f32) {
        let y = self.y(top + h);
        self.content
            .set_stroke_gray(INK)
            .set_line_width(thickness)
            .rect(pt(x), y, pt(w), pt(h))
            .stroke();
    }

    /// The content itself, for drawings this type has no words for (the
    /// board); `y` turns a distance from the top into its coordinates.
    pub(crate) fn raw(&mut self) -> (&mut Content, f32) {
        (&mut self.content, self.height)
    }
}

/// How wide WinAnsi `bytes` are at `size`.
fn bytes_width(bytes: &[u8], face: Face, size: f32) -> f32 {
    let widths = face.widths();
    let units: u32 = bytes
        .iter()
        .map(|&b| {
            widths
                .get(usize::from(b.saturating_sub(super::font::FIRST_CHAR)))
                .map_or(0, |&w| u32::from(w))
        })
        .sum();
    units as f32 * size / 1000.0
}
