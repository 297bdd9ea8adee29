//! The coordinates drill's start screen: one row per choice (find or name,
//! the side at the bottom, the clock, the edge coordinates, the files and
//! ranks), changed with ← and →, and Enter to start.

use crate::drill::{CoordOptions, Lines};
use crate::progress::{CoordColour, CoordMode};

/// One row of the start screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CoordRow {
    /// Find, name or both.
    Mode,
    /// White, black or random at the bottom.
    Side,
    /// 30 seconds or untimed.
    Clock,
    /// Coordinates on the board's edge shown or hidden.
    Edge,
    /// The first file practised.
    FirstFile,
    /// The last file practised.
    LastFile,
    /// The first rank practised.
    FirstRank,
    /// The last rank practised.
    LastRank,
    /// Start the drill.
    Start,
}

impl CoordRow {
    /// Every row, top to bottom.
    pub const ALL: [CoordRow; 9] = [
        CoordRow::Mode,
        CoordRow::Side,
        CoordRow::Clock,
        CoordRow::Edge,
        CoordRow::FirstFile,
        CoordRow::LastFile,
        CoordRow::FirstRank,
        CoordRow::LastRank,
        CoordRow::Start,
    ];
}

/// The start screen's state: the options, the clock, the row chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CoordSetupScreen {
    /// The options the drill will start with.
    pub options: CoordOptions,
    /// The 30-second clock.
    pub timed: bool,
    /// The highlighted row (an index into [`CoordRow::ALL`]).
    pub row: usize,
}

fn cycle<T: Copy + PartialEq>(all: &[T], now: T, step: i32) -> T {
    let n = all.len() as i32;
    let at = all.iter().position(|&x| x == now).unwrap_or(0) as i32;
    all[usize::try_from((at + step).rem_euclid(n)).unwrap_or(0)]
}

/// A bound moved by `step`, kept on the board (0..=7).
fn nudge(value: u8, step: i32) -> u8 {
    u8::try_from((i32::from(value) + step).clamp(0, 7)).unwrap_or(value)
}

impl CoordSetupScreen {
    /// The screen on `options`, with the clock on or off, on its first row.
    pub fn new(options: CoordOptions, timed: bool) -> CoordSetupScreen {
        CoordSetupScreen {
            options,
            timed,
            row: 0,
        }
    }

    /// The highlighted row.
    pub fn current(&self) -> CoordRow {
        CoordRow::ALL[self.row % CoordRow::ALL.len()]
    }

    /// Moves the highlight `step` rows (wrapping).
    pub fn move_row(&mut self, step: i32) {
        self.row = cycle(&[0, 1, 2, 3, 4, 5, 6, 7, 8], self.row, step);
    }

    /// Changes the highlighted row's value one step (← is -1, → is +1).
    /// The first file or rank never passes the last one: moving one past
    /// the other moves both.
    pub fn change(&mut self, step: i32) {
        let row = self.current();
        let o = &mut self.options;
        let (f0, f1) = o.files.bounds();
        let (r0, r1) = o.ranks.bounds();
        match row {
            CoordRow::Mode => o.mode = cycle(&CoordMode::ALL, o.mode, step),
            CoordRow::Side => o.colour = cycle(&CoordColour::ALL, o.colour, step),
            CoordRow::Clock => self.timed = !self.timed,

            CoordRow::Edge => o.hidden = !o.hidden,
            CoordRow::FirstFile => {
                let lo = nudge(f0, step);
                o.files = Lines::range(lo, f1.max(lo));
            }
            CoordRow::LastFile => {
                let hi = nudge(f1, step);
                o.files = Lines::range(f0.min(hi), hi);
            }
            CoordRow::FirstRank => {
                let lo = nudge(r0, step);
                o.ranks = Lines::range(lo, r1.max(lo));
            }
            CoordRow::LastRank => {
                let hi = nudge(r1, step);
                o.ranks = Lines::range(r0.min(hi), hi);
            }
            CoordRow::Start => {}
        }
    }

    /// Each row as `(label, value)`, for the view.
    pub fn rows(&self) -> Vec<(&'static str, String)> {
        let o = &self.options;
        let (f0, f1) = o.files.bounds();
        let (r0, r1) = o.ranks.bounds();
        let file = |i: u8| char::from(b'a' + i).to_string();
        let rank = |i: u8| (i + 1).to_string();
        CoordRow::ALL
            .iter()
            .map(|row| match row {
                CoordRow::Mode => (
                    "Questions",
                    match o.mode {
                        CoordMode::Find => "find the square",
                        CoordMode::Name => "name the square",
                        CoordMode::Both => "find and name, mixed",
                    }
                    .to_owned(),
                ),
                CoordRow::Side => (
                    "Play as",
                    match o.colour {
                        CoordColour::White => "White (White at the bottom)",
                        CoordColour::Black => "Black (the board flipped)",
                        CoordColour::Random => "either side, at random",
                    }
                    .to_owned(),
                ),
                CoordRow::Clock => (
                    "Clock",
                    if self.timed { "30 seconds" } else { "untimed" }.to_owned(),
                ),
                CoordRow::Edge => (
                    "Board coordinates",
                    if o.hidden { "hidden" } else { "shown" }.to_owned(),
                ),
                CoordRow::FirstFile => ("From file", file(f0)),
                CoordRow::LastFile => ("To file", file(f1)),
                CoordRow::FirstRank => ("From rank", rank(r0)),
                CoordRow::LastRank => ("To rank", rank(r1)),
                CoordRow::Start => ("Start", "Enter".to_owned()),
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_file_pushes_the_last_one_and_stops_at_the_edge() {
        let mut s = CoordSetupScreen::new(CoordOptions::default(), false);
        s.row = 5; // To file
        for _ in 0..5 {
            s.change(-1);
        }
        assert_eq!(s.options.files_text(), "a-c");
        s.row = 4; // From file
        for _ in 0..4 {
            s.change(1);
        }
        assert_eq!(s.options.files_text(), "e");
        for _ in 0..9 {
            s.change(1);
        }
        assert_eq!(s.options.files_text(), "h");
    }
}
