//! SVG path data (`M22.5 11.63V6M20 8h5`) read into the moves, lines and
//! cubic curves a PDF path is made of: the pieces are drawn from the SVG
//! shapes they were designed as.
//!
//! The commands M, L, H, V, C, S, A and Z are read, absolute and relative,
//! with implicit repetition; elliptical arcs become cubic curves (at most a
//! quarter turn each, after the SVG specification's appendix on arcs). As
//! SVG readers do, data that cannot be read ends the path where it
//! stands; [`Path::complete`] says whether all of it was read.

/// One step of a path, in the path's coordinates.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Segment {
    /// Starts a subpath at a point.
    Move(f32, f32),
    /// A straight line to a point.
    Line(f32, f32),
    /// A cubic curve: two control points, then the end point.
    Cubic([f32; 6]),
    /// Closes the subpath.
    Close,
}

/// A path read from SVG data.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct Path {
    /// The segments read.
    pub(crate) segments: Vec<Segment>,
    /// Whether the whole data was read (false: it stopped at a command or
    /// number it could not read).
    pub(crate) complete: bool,
}

/// Reads SVG path data.
pub(crate) fn parse(data: &str) -> Path {
    let mut reader = Reader {
        bytes: data.as_bytes(),
        at: 0,
        segments: Vec::new(),
        current: (0.0, 0.0),
        start: (0.0, 0.0),
        control: None,
    };
    let complete = reader.read().is_some();
    Path {
        segments: reader.segments,
        complete,
    }
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
    segments: Vec<Segment>,
    current: (f64, f64),
    start: (f64, f64),
    /// The last cubic's second control point, for `S`.
    control: Option<(f64, f64)>,
}

impl Reader<'_> {
    /// Reads every command; `None` where the data cannot be read.
    fn read(&mut self) -> Option<()> {
        let mut command: Option<u8> = None;
        loop {
            self.skip_separators();
            let Some(&next) = self.bytes.get(self.at) else {
                return Some(());
            };
            if next.is_ascii_alphabetic() {
                self.at += 1;
                command = Some(next);
            } else {
                // Numbers after a command repeat it; after a move, they are lines.
                command = match command? {
                    b'M' => Some(b'L'),
                    b'm' => Some(b'l'),
                    b'Z' | b'z' => return None,
                    other => Some(other),
                };
            }
            self.step(command?)?;
        }
    }

    fn step(&mut self, command: u8) -> Option<()> {
        let relative = command.is_ascii_lowercase();
        let (x0, y0) = self.current;
        let point = |this: &mut Self| -> Option<(f64, f64)> {
            let (x, y) = (this.number()?, this.number()?);
            Some(if relative { (x0 + x, y0 + y) } else { (x, y) })
        };
        let mut control = None;
        match command.to_ascii_uppercase() {
            b'M' => {
                let to = point(self)?;
                self.start = to;
                self.push_move(to);
            }
            b'L' => {
                let to = point(self)?;
                self.push_line(to);
            }
            b'H' => {
                let x = self.number()?;
                self.push_line((if relative { x0 + x } else { x }, y0));
            }
            b'V' => {
                let y = self.number()?;
                self.push_line((x0, if relative { y0 + y } else { y }));
            }
            b'C' => {
                let (c1, c2, to) = (point(self)?, point(self)?, point(self)?);
                self.push_cubic(c1, c2, to);
                control = Some(c2);
            }
            b'S' => {
                let c1 = match self.control {
                    Some((cx, cy)) => (2.0 * x0 - cx, 2.0 * y0 - cy),
                    None => (x0, y0),
                };
                let (c2, to) = (point(self)?, point(self)?);
                self.push_cubic(c1, c2, to);
                control = Some(c2);
            }
            b'A' => {
                let (rx, ry, angle) = (self.number()?, self.number()?, self.number()?);
                let (large, sweep) = (self.flag()?, self.flag()?);
                let to = point(self)?;
                for [c1x, c1y, c2x, c2y, x, y] in arc((x0, y0), (rx, ry), angle, large, sweep, to) {
                    self.push_cubic((c1x, c1y), (c2x, c2y), (x, y));
                }
                self.current = to;
            }
            b'Z' => {
                self.segments.push(Segment::Close);
                self.current = self.start;
            }
            _ => return None,
        }
        self.control = control;
        Some(())
    }

    fn push_move(&mut self, to: (f64, f64)) {
        self.segments.push(Segment::Move(to.0 as f32, to.1 as f32));
        self.current = to;
    }

    fn push_line(&mut self, to: (f64, f64)) {
        self.segments.push(Segment::Line(to.0 as f32, to.1 as f32));
        self.current = to;
    }

    fn push_cubic(&mut self, c1: (f64, f64), c2: (f64, f64), to: (f64, f64)) {
        self.segments.push(Segment::Cubic([
            c1.0 as f32,
            c1.1 as f32,
            c2.0 as f32,
            c2.1 as f32,
            to.0 as f32,
            to.1 as f32,
        ]));
        self.current = to;
    }

    fn skip_separators(&mut self) {
        while let Some(&b) = self.bytes.get(self.at) {
            if b.is_ascii_whitespace() || b == b',' {
                self.at += 1;
            } else {
                break;
            }
        }
    }

    /// A number: `-1.5`, `.5`, `1e-3`; `1.5.5` is two numbers.
    fn number(&mut self) -> Option<f64> {
        self.skip_separators();
        let start = self.at;
        let digits = |this: &mut Self| {
            let from = this.at;
            while this.bytes.get(this.at).is_some_and(u8::is_ascii_digit) {
                this.at += 1;
            }
            this.at > from
        };
        if matches!(self.bytes.get(self.at), Some(b'+' | b'-')) {
            self.at += 1;
        }
        let whole = digits(self);
        let mut fraction = false;
        if self.bytes.get(self.at) == Some(&b'.') {
            self.at += 1;
            fraction = digits(self);
        }
        if !whole && !fraction {
            self.at = start;
            return None;
        }
        if matches!(self.bytes.get(self.at), Some(b'e' | b'E')) {
            let mark = self.at;
            self.at += 1;
            if matches!(self.bytes.get(self.at), Some(b'+' | b'-')) {
                self.at += 1;
            }
            if !digits(self) {
                self.at = mark;
            }
        }
        std::str::from_utf8(&self.bytes[start..self.at])
            .ok()?
            .parse()
            .ok()
    }

    /// An arc's flag: `0` or `1`, which may touch what follows (`a1 1 0 011 1`).
    fn flag(&mut self) -> Option<bool> {
        self.skip_separators();
        let flag = match self.bytes.get(self.at)? {
            b'0' => false,
            b'1' => true,
            _ => return None,
        };
        self.at += 1;
        Some(flag)
    }
}

/// An elliptical arc from `from` to `to` as cubic curves (control points
/// and end point each), after the SVG specification's conversion from
/// endpoint to centre parameters (appendix B.2.4).
fn arc(
    from: (f64, f64),
    radii: (f64, f64),
    angle: f64,
    large: bool,
    sweep: bool,
    to: (f64, f64),
) -> Vec<[f64; 6]> {
    let (x1, y1) = from;
    let (x2, y2) = to;
    let (mut rx, mut ry) = (radii.0.abs(), radii.1.abs());
    if (x1 - x2).abs() < 1e-9 && (y1 - y2).abs() < 1e-9 {
        return Vec::new();
    }
    if rx < 1e-9 || ry < 1e-9 {
        return vec![[x1, y1, x2, y2, x2, y2]];
    }
    let (sin, cos) = angle.to_radians().sin_cos();
    let (dx, dy) = ((x1 - x2) / 2.0, (y1 - y2) / 2.0);
    let (x1p, y1p) = (cos * dx + sin * dy, -sin * dx + cos * dy);
    let lambda = (x1p * x1p) / (rx * rx) + (y1p * y1p) / (ry * ry);
    if lambda > 1.0 {
        rx *= lambda.sqrt();
        ry *= lambda.sqrt();
    }
    let numerator = rx * rx * ry * ry - rx * rx * y1p * y1p - ry * ry * x1p * x1p;
    let denominator = rx * rx * y1p * y1p + ry * ry * x1p * x1p;
    let sign = if large == sweep { -1.0 } else { 1.0 };
    let coefficient = sign * (numerator / denominator).max(0.0).sqrt();
    let (cxp, cyp) = (coefficient * rx * y1p / ry, -coefficient * ry * x1p / rx);
    let (cx, cy) = (
        cos * cxp - sin * cyp + (x1 + x2) / 2.0,
        sin * cxp + cos * cyp + (y1 + y2) / 2.0,
    );
    let between =
        |u: (f64, f64), v: (f64, f64)| (u.0 * v.1 - u.1 * v.0).atan2(u.0 * v.0 + u.1 * v.1);
    let u = ((x1p - cxp) / rx, (y1p - cyp) / ry);
    let v = ((-x1p - cxp) / rx, (-y1p - cyp) / ry);
    let start = between((1.0, 0.0), u);
    let mut turn = between(u, v);
    if !sweep && turn > 0.0 {
        turn -= std::f64::consts::TAU;
    } else if sweep && turn < 0.0 {
        turn += std::f64::consts::TAU;
    }
    let pieces = (turn.abs() / std::f64::consts::FRAC_PI_2).ceil().max(1.0);
    let step = turn / pieces;
    let alpha = 4.0 / 3.0 * (step / 4.0).tan();
    let at = |t: f64| {
        let (s, c) = t.sin_cos();
        (
            cx + rx * c * cos - ry * s * sin,
            cy + rx * c * sin + ry * s * cos,
        )
    };
    let tangent = |t: f64| {
        let (s, c) = t.sin_cos();
        (-rx * s * cos - ry * c * sin, -rx * s * sin + ry * c * cos)
    };
    (0..pieces as usize)
        .map(|i| {
            let (t1, t2) = (start + step * i as f64, start + step * (i + 1) as f64);
            let (p1, p2) = (at(t1), at(t2));
            let (d1, d2) = (tangent(t1), tangent(t2));
            [
                p1.0 + alpha * d1.0,
                p1.1 + alpha * d1.1,
                p2.0 - alpha * d2.0,
                p2.1 - alpha * d2.1,
                p2.0,
                p2.1,
            ]
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_repeat_and_move_relative() {
        let path = parse("M22.5 11.63V6M20 8h5m1,1 2-2z");
        assert!(path.complete);
        assert_eq!(
            path.segments,
            vec![
                Segment::Move(22.5, 11.63),
                Segment::Line(22.5, 6.0),
                Segment::Move(20.0, 8.0),
                Segment::Line(25.0, 8.0),
                Segment::Move(26.0, 9.0),
                Segment::Line(28.0, 7.0),
                Segment::Close,
            ]
        );
    }

    #[test]
    fn numbers_touch_as_svg_writes_them() {
        let path = parse("M1.5.5L-.5-1e1");
        assert!(path.complete);
        assert_eq!(
            path.segments,
            vec![Segment::Move(1.5, 0.5), Segment::Line(-0.5, -10.0)]
        );
    }

    #[test]
    fn smooth_curves_reflect_the_last_control_point() {
        let path = parse("M0 0C0 10 10 10 10 0S20-10 20 0");
        assert!(path.complete);
        assert_eq!(
            path.segments[2],
            Segment::Cubic([10.0, -10.0, 20.0, -10.0, 20.0, 0.0])
        );
    }

    #[test]
    fn a_circle_of_two_arcs_stays_on_the_circle() {
        // The queen's crown balls: a circle of radius 2 about (6, 12).
        let path = parse("M8 12a2 2 0 1 1-4 0 2 2 0 1 1 4 0z");
        assert!(path.complete);
        let ends: Vec<(f32, f32)> = path
            .segments
            .iter()
            .filter_map(|s| match s {
                Segment::Cubic([.., x, y]) => Some((*x, *y)),
                _ => None,
            })
            .collect();
        assert_eq!(ends.len(), 4, "two half turns, each in two quarter turns");
        for (x, y) in ends {
            let r = ((x - 6.0).powi(2) + (y - 12.0).powi(2)).sqrt();
            assert!((r - 2.0).abs() < 1e-3, "{x},{y}");
        }
        let last = path.segments[path.segments.len() - 2];
        assert!(
            matches!(last, Segment::Cubic([.., x, y]) if (x - 8.0).abs() < 1e-3 && (y - 12.0).abs() < 1e-3)
        );
    }

    #[test]
    fn unreadable_data_ends_the_path_where_it_stands() {
        let path = parse("M0 0L1 1Q2 2 3 3");
        assert!(!path.complete);
        assert_eq!(path.segments.len(), 2);
        assert!(!parse("1 2").complete);
        assert!(!parse("M0 0L1").complete);
        assert!(!parse("M0 0z 1 1").complete);
        assert!(parse("").complete);
    }
}
