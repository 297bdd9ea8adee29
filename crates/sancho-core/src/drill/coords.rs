//! The coordinates drill's options, as Lichess offers them: find or name
//! the square (or both), the side at the bottom, coordinates on the board's
//! edge shown or hidden, and practice limited to chosen files and ranks
//! (`a-d`, `1-4`, `a,c,e`). The timing (30 s or none) is the run's budget.

use shakmaty::{Chess, Color, Square};

use super::DrillKind;
use super::exercise::{Exercise, Expected, Show, fen_of, side_name};
use crate::progress::{CoordColour, CoordMode, CoordSetup};
use crate::rng::Rng;

/// A set of files or of ranks, one bit per line (bit 0: the a-file or the
/// first rank).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Lines(u8);

impl Lines {
    /// All eight.
    pub const ALL: Lines = Lines(0xFF);

    /// The lines `first..=last` (0-based; swapped when given backwards).
    pub fn range(first: u8, last: u8) -> Lines {
        let (lo, hi) = (first.min(last).min(7), first.max(last).min(7));
        Lines((lo..=hi).fold(0, |m, i| m | (1 << i)))
    }

    /// Whether line `i` (0-based) is in the set.
    pub fn contains(self, i: u32) -> bool {
        i < 8 && self.0 & (1 << i) != 0
    }

    /// The lowest and the highest line in the set.
    pub fn bounds(self) -> (u8, u8) {
        let lo = u8::try_from(self.0.trailing_zeros()).unwrap_or(0).min(7);
        let hi = 7 - u8::try_from(self.0.leading_zeros()).unwrap_or(0).min(7);
        (lo, hi)
    }

    /// The set written with `names` (`abcdefgh` or `12345678`): a range as
    /// `a-d`, one line as `c`, anything else as a list `a,c,e`.
    fn text(self, names: &[u8; 8]) -> String {
        let (lo, hi) = self.bounds();
        let name = |i: u8| char::from(names[usize::from(i)]);
        if self == Lines::range(lo, hi) {
            if lo == hi {
                name(lo).to_string()
            } else {
                format!("{}-{}", name(lo), name(hi))
            }
        } else {
            (0..8u8)
                .filter(|&i| self.contains(u32::from(i)))
                .map(|i| name(i).to_string())
                .collect::<Vec<_>>()
                .join(",")
        }
    }
}

const FILE_NAMES: &[u8; 8] = b"abcdefgh";
const RANK_NAMES: &[u8; 8] = b"12345678";

/// A `--files` or `--ranks` value that names no file or rank.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{given:?} is not a list of {what}: write {example}")]
pub struct BadLines {
    /// What was given.
    pub given: String,
    /// `files a to h` or `ranks 1 to 8`.
    pub what: &'static str,
    /// An example of the form.
    pub example: &'static str,
}

fn parse_lines(
    text: &str,
    names: &[u8; 8],
    what: &'static str,
    example: &'static str,
) -> Result<Lines, BadLines> {
    let bad = || BadLines {
        given: crate::notation::bounded_prefix(text.trim()).to_owned(),
        what,
        example,
    };
    let index = |c: &str| -> Option<u8> {
        let [b] = c.trim().to_ascii_lowercase().into_bytes()[..] else {
            return None;
        };
        names
            .iter()
            .position(|&n| n == b)
            .and_then(|i| u8::try_from(i).ok())
    };
    let mut mask = 0u8;
    for part in text.split(',') {
        let lines = match part.split_once('-') {
            Some((a, b)) => Lines::range(index(a).ok_or_else(bad)?, index(b).ok_or_else(bad)?),
            None => Lines::range(index(part).ok_or_else(bad)?, index(part).ok_or_else(bad)?),
        };
        mask |= lines.0;
    }
    if mask == 0 {
        Err(bad())
    } else {
        Ok(Lines(mask))
    }
}

/// Files from `a-d`, `c`, `a,c,e` or `a-b,g-h` (any case).
///
/// # Errors
/// [`BadLines`] saying what is wrong, for anything else.
pub fn parse_files(text: &str) -> Result<Lines, BadLines> {
    parse_lines(
        text,
        FILE_NAMES,
        "files a to h",
        "a range like a-d or a list like a,c,e",
    )
}

/// Ranks from `1-4`, `5`, `1,3,8` or `1-2,7-8`.
///
/// # Errors
/// [`BadLines`] saying what is wrong, for anything else.
pub fn parse_ranks(text: &str) -> Result<Lines, BadLines> {
    parse_lines(
        text,
        RANK_NAMES,
        "ranks 1 to 8",
        "a range like 1-4 or a list like 1,3,8",
    )
}

/// How the coordinates drill is set up.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CoordOptions {
    /// Find, name, or both at random.
    pub mode: CoordMode,
    /// The side at the bottom (random: per exercise).
    pub colour: CoordColour,
    /// The files practised.
    pub files: Lines,
    /// The ranks practised.
    pub ranks: Lines,
    /// Hide the coordinates on the board's edge.
    pub hidden: bool,
}

impl Default for CoordOptions {
    fn default() -> CoordOptions {
        CoordOptions {
            mode: CoordMode::Both,
            colour: CoordColour::Random,
            files: Lines::ALL,
            ranks: Lines::ALL,
            hidden: false,
        }
    }
}

impl CoordOptions {
    /// The set-up stored with the result (`timed`: the 30-second clock).
    pub fn setup(&self, timed: bool) -> CoordSetup {
        CoordSetup {
            mode: self.mode,
            colour: self.colour,
            timed,
            files: self.files_text(),
            ranks: self.ranks_text(),
            hidden: self.hidden,
            stopped: false,
        }
    }

    /// The files as written: `a-h`, `a-d`, `a,c,e`.
    pub fn files_text(&self) -> String {
        self.files.text(FILE_NAMES)
    }

    /// The ranks as written: `1-8`, `1-4`.
    pub fn ranks_text(&self) -> String {
        self.ranks.text(RANK_NAMES)
    }

    /// Whether `square` is on a chosen file and a chosen rank.
    pub fn allows(&self, square: Square) -> bool {
        self.files.contains(square.file().to_u32()) && self.ranks.contains(square.rank().to_u32())
    }
}

/// A coordinates exercise on a square `options` allows. As on Lichess, its
/// square never shares the previous one's file or rank (the eye must travel
/// every time) where the chosen files and ranks leave one that does not;
/// else it is at least another square.
pub(super) fn coordinates(
    rng: &mut Rng,
    previous: Option<Square>,
    options: &CoordOptions,
) -> Exercise {
    let allowed: Vec<Square> = Square::ALL
        .into_iter()
        .filter(|&sq| options.allows(sq))
        .collect();
    let fresh: Vec<Square> = allowed
        .iter()
        .copied()
        .filter(|&sq| previous.is_none_or(|p| p.file() != sq.file() && p.rank() != sq.rank()))
        .collect();
    let other: Vec<Square> = allowed
        .iter()
        .copied()
        .filter(|&sq| Some(sq) != previous)
        .collect();
    let pool = [fresh, other, allowed]
        .into_iter()
        .find(|p| !p.is_empty())
        .unwrap_or_default();
    let square = rng.pick(&pool).copied().unwrap_or(Square::E4);
    // The draws are kept in the same order whatever the options, so that
    // the default drill is the same for the same seed.
    let random_side = if rng.chance(50) {
        Color::White
    } else {
        Color::Black
    };
    let orientation = match options.colour {
        CoordColour::White => Color::White,
        CoordColour::Black => Color::Black,
        CoordColour::Random => random_side,
    };
    let name = match options.mode {
        CoordMode::Both => rng.chance(50),
        CoordMode::Name => true,
        CoordMode::Find => false,
    };
    let pos = Chess::default();
    let from_side = format!("(board seen from {}'s side)", side_name(orientation));
    let (prompt, show) = if name {
        (
            format!("Name the highlighted square {from_side}."),
            Show::Square { square },
        )
    } else {
        (
            format!("Where is {square}? Find it {from_side}."),
            Show::Question { square },
        )
    };
    Exercise {
        kind: DrillKind::Coordinates,
        fen: fen_of(&pos),
        position: pos,
        orientation,
        prompt,
        show,
        expected: Expected::Square(square),
        feature: None,
        disambiguation: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn files_and_ranks_are_read_as_ranges_or_lists() {
        assert_eq!(parse_files("a-d").unwrap(), Lines::range(0, 3));
        assert_eq!(parse_files("D-a").unwrap(), Lines::range(0, 3));
        assert_eq!(parse_files("a,c,e").unwrap().text(FILE_NAMES), "a,c,e");
        assert_eq!(parse_files("a-b,c").unwrap().text(FILE_NAMES), "a-c");
        assert_eq!(parse_ranks("1-4").unwrap().text(RANK_NAMES), "1-4");
        assert_eq!(parse_ranks("8").unwrap().text(RANK_NAMES), "8");
        for bad in ["", "i", "a-z", "aa", "1-4", "a,,b"] {
            let err = parse_files(bad).unwrap_err().to_string();
            assert!(err.contains("files a to h"), "{bad}: {err}");
        }
        assert!(parse_ranks("0-3").is_err());
        assert!(parse_ranks("a").is_err());
    }

    #[test]
    fn limited_drills_stay_on_their_squares_and_still_move() {
        let options = CoordOptions {
            files: parse_files("a-b").unwrap(),
            ranks: parse_ranks("1").unwrap(),
            ..CoordOptions::default()
        };
        let mut rng = Rng::new(3);
        let mut previous = None;
        for _ in 0..20 {
            let ex = coordinates(&mut rng, previous, &options);
            let Expected::Square(sq) = ex.expected else {
                panic!("a square")
            };
            assert!(options.allows(sq));
            assert_ne!(Some(sq), previous, "two squares: they alternate");
            previous = Some(sq);
        }
    }
}
