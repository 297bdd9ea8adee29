//! Rated training, as on Lichess: each puzzle is served near the user's
//! rating (shifted by the chosen [`Difficulty`]), from a pool of puzzles
//! never attempted, after the reviews that are due.
//!
//! The shell draws the pool once ([`rated_pool`]: the library when there
//! is one, else the starter set) and a [`Ladder`] serves it one puzzle at
//! a time, re-centred on the rating after each result, so a newcomer whose
//! provisional rating moves by hundreds is never left among puzzles far
//! from it.

use std::fmt;
use std::str::FromStr;

use crate::library::{Filter, Library};
use crate::modes::PER_BUCKET;
use crate::puzzle::Puzzle;

use super::select::{Basis, Origin, SelectError, candidates};

/// Lichess's five difficulties: how far from the user's rating the rated
/// track serves puzzles.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Difficulty {
    /// 600 points below.
    Easiest,
    /// 300 points below.
    Easier,
    /// At the rating.
    #[default]
    Normal,
    /// 300 points above.
    Harder,
    /// 600 points above.
    Hardest,
}

impl Difficulty {
    /// Every difficulty, easiest first.
    pub const ALL: [Difficulty; 5] = [
        Difficulty::Easiest,
        Difficulty::Easier,
        Difficulty::Normal,
        Difficulty::Harder,
        Difficulty::Hardest,
    ];

    /// The name on the command line and in the config file.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Difficulty::Easiest => "easiest",
            Difficulty::Easier => "easier",
            Difficulty::Normal => "normal",
            Difficulty::Harder => "harder",
            Difficulty::Hardest => "hardest",
        }
    }

    /// Points added to the user's rating to find the puzzles served.
    #[must_use]
    pub fn offset(self) -> i32 {
        match self {
            Difficulty::Easiest => -600,
            Difficulty::Easier => -300,
            Difficulty::Normal => 0,
            Difficulty::Harder => 300,
            Difficulty::Hardest => 600,
        }
    }

    /// "normal", "harder (+300)": the name with its offset, for screens.
    #[must_use]
    pub fn label(self) -> String {
        match self.offset() {
            0 => self.as_str().to_owned(),
            offset => format!("{} ({offset:+})", self.as_str()),
        }
    }

    /// One step harder (the hardest stays).
    #[must_use]
    pub fn harder(self) -> Difficulty {
        let i = Difficulty::ALL.iter().position(|d| *d == self).unwrap_or(2);
        Difficulty::ALL[(i + 1).min(Difficulty::ALL.len() - 1)]
    }

    /// One step easier (the easiest stays).
    #[must_use]
    pub fn easier(self) -> Difficulty {
        let i = Difficulty::ALL.iter().position(|d| *d == self).unwrap_or(2);
        Difficulty::ALL[i.saturating_sub(1)]
    }

    /// The rating puzzles are served at for a user rated `rating`.
    #[must_use]
    pub fn target(self, rating: f64) -> u16 {
        (rating.round() + f64::from(self.offset())).clamp(0.0, 4000.0) as u16
    }
}

impl fmt::Display for Difficulty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A name that is no difficulty.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown difficulty {0:?}: choose easiest (-600), easier (-300), normal, harder (+300) or hardest (+600)"
)]
pub struct UnknownDifficulty(pub String);

impl FromStr for Difficulty {
    type Err = UnknownDifficulty;

    fn from_str(text: &str) -> Result<Difficulty, UnknownDifficulty> {
        Difficulty::ALL
            .into_iter()
            .find(|d| d.as_str().eq_ignore_ascii_case(text.trim()))
            .ok_or_else(|| UnknownDifficulty(text.to_owned()))
    }
}

/// How far either side of the target the pool reaches, in points: far
/// enough for a new rating to move about freely.
pub const LADDER_REACH: u16 = 700;

/// The pool of rated training drawn from `origin`: the reviews due first
/// (those that pass `filter`), then puzzles never attempted, chosen
/// around `basis.rating` (the rating the difficulty aims at). From the
/// library, up to [`PER_BUCKET`] puzzles from each 100-point band within
/// [`LADDER_REACH`] of it, nearest first, so that the [`Ladder`] can follow
/// the rating; from puzzles in memory (the starter set), every one never
/// attempted.
///
/// # Errors
/// As [`candidates`].
pub fn rated_pool(
    origin: Origin<'_>,
    filter: &Filter,
    basis: &Basis,
) -> Result<Ladder, SelectError> {
    let (due, fresh) = match origin {
        Origin::Library(library) => library_pool(library, filter, basis)?,
        // Puzzles in memory are chosen by rating too, never in list order.
        Origin::List(puzzles, name) | Origin::Pool(puzzles, name, false) => {
            let pool = Origin::Pool(puzzles, name, false);
            split_due(candidates(pool, filter, basis, usize::MAX)?, basis)
        }
        Origin::Pool(..) => split_due(candidates(origin, filter, basis, usize::MAX)?, basis),
    };
    Ok(Ladder::new(due, fresh))
}

/// The library's pool: the due reviews, then bands around the target.
fn library_pool(
    library: &Library,
    filter: &Filter,
    basis: &Basis,
) -> Result<(Vec<Puzzle>, Vec<Puzzle>), SelectError> {
    // The due reviews (candidates lists them first), and the nearest
    // puzzles; then a few from each band further out.
    let near = candidates(Origin::Library(library), filter, basis, PER_BUCKET * 2)?;
    let (due, mut fresh) = split_due(near, basis);
    let low = basis.rating.saturating_sub(LADDER_REACH);
    let high = basis.rating.saturating_add(LADDER_REACH);
    let mut from = low;
    while from < high {
        let to = from.saturating_add(99);
        let band = Filter {
            rating: Some(narrow(filter.rating, (from, to))),
            ..filter.clone()
        };
        if band.rating.is_some_and(|(a, b)| a <= b) {
            let middle = from.saturating_add(50);
            let taken = |id: &str| basis.excludes(id) || fresh.iter().any(|p: &Puzzle| p.id == id);
            fresh.extend(library.pick(&band, middle, &taken, PER_BUCKET)?);
        }
        from = from.saturating_add(100);
    }
    Ok((due, fresh))
}

/// The part of `band` inside `within` (an empty band, from above its end,
/// when they do not meet).
fn narrow(within: Option<(u16, u16)>, band: (u16, u16)) -> (u16, u16) {
    match within {
        None => band,
        Some((lo, hi)) => (band.0.max(lo), band.1.min(hi)),
    }
}

/// Puzzles picked by [`candidates`], split into the due reviews (which it
/// puts first) and the rest.
fn split_due(picked: Vec<Puzzle>, basis: &Basis) -> (Vec<Puzzle>, Vec<Puzzle>) {
    picked.into_iter().partition(|p| basis.is_due(&p.id))
}

/// Rated training under way: the reviews due, then, one at a time, the
/// puzzle never attempted nearest the target (the rating after the last
/// result, shifted by the difficulty).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Ladder {
    /// Reviews due, served first, in order.
    due: Vec<Puzzle>,
    /// Puzzles never attempted.
    fresh: Vec<Puzzle>,
    /// Which of `fresh` have been served.
    served: Vec<bool>,
    /// How many of `due` have been served.
    due_served: usize,
}

/// A puzzle the ladder serves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rung<'a> {
    /// The puzzle.
    pub puzzle: &'a Puzzle,
    /// Whether it is a due review (it cannot move the rating).
    pub review: bool,
}

impl Ladder {
    /// A ladder over `due` reviews (served first, in order) and `fresh`
    /// puzzles (served nearest the target).
    #[must_use]
    pub fn new(due: Vec<Puzzle>, fresh: Vec<Puzzle>) -> Ladder {
        let served = vec![false; fresh.len()];
        Ladder {
            due,
            fresh,
            served,
            due_served: 0,
        }
    }

    /// The next puzzle for a user rated `rating` at `difficulty`: a due
    /// review while any is left, else the unserved puzzle whose rating is
    /// nearest the target (the first of a tie); `None` when none is left.
    pub fn next(&mut self, rating: f64, difficulty: Difficulty) -> Option<Rung<'_>> {
        self.next_fitting(rating, difficulty, |_| true)
    }

    /// [`Ladder::next`] among the puzzles `fits` keeps (blind tactics keep
    /// those with plies before them): a due review that does not fit is
    /// passed over for this session, a fresh one stays to serve later.
    pub fn next_fitting(
        &mut self,
        rating: f64,
        difficulty: Difficulty,
        fits: impl Fn(&Puzzle) -> bool,
    ) -> Option<Rung<'_>> {
        while self.due_served < self.due.len() {
            self.due_served += 1;
            if fits(&self.due[self.due_served - 1]) {
                return Some(Rung {
                    puzzle: &self.due[self.due_served - 1],
                    review: true,
                });
            }
        }
        let target = i64::from(difficulty.target(rating));
        let (index, _) = self
            .fresh
            .iter()
            .enumerate()
            .filter(|(i, p)| !self.served[*i] && fits(p))
            .min_by_key(|(i, p)| ((i64::from(p.playing_rating()) - target).abs(), *i))?;
        self.served[index] = true;
        Some(Rung {
            puzzle: &self.fresh[index],
            review: false,
        })
    }

    /// How many puzzles are left to serve.
    #[must_use]
    pub fn left(&self) -> usize {
        (self.due.len() - self.due_served) + self.served.iter().filter(|s| !**s).count()
    }

    /// Whether nothing at all was drawn.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.due.is_empty() && self.fresh.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::read_lichess;

    fn rated(id: &str, rating: u32) -> Puzzle {
        let csv = format!(
            "PuzzleId,FEN,Moves,Rating,RatingDeviation,Popularity,NbPlays,Themes,GameUrl,OpeningTags\n\
             {id},6k1/p1p2ppp/1pqp2r1/3Q4/8/1P6/P1P2PPP/4RK2 b - - 8 22,c6d5 e1e8,{rating},100,50,100,mateIn1,,\n"
        );
        read_lichess(csv.as_bytes(), "test")
            .next()
            .unwrap()
            .unwrap()
    }

    #[test]
    fn difficulties_have_lichess_offsets_and_names() {
        let table = [
            ("easiest", -600),
            ("easier", -300),
            ("normal", 0),
            ("harder", 300),
            ("hardest", 600),
        ];
        for (d, (name, offset)) in Difficulty::ALL.into_iter().zip(table) {
            assert_eq!((d.as_str(), d.offset()), (name, offset));
            assert_eq!(name.parse::<Difficulty>(), Ok(d));
        }
        assert_eq!(Difficulty::Hardest.harder(), Difficulty::Hardest);
        assert_eq!(Difficulty::Normal.easier(), Difficulty::Easier);
        assert_eq!(Difficulty::Harder.label(), "harder (+300)");
        assert!("brutal".parse::<Difficulty>().is_err());
        assert_eq!(Difficulty::Easiest.target(400.0), 0, "never below zero");
    }

    #[test]
    fn the_ladder_serves_reviews_then_follows_the_rating() {
        let fresh = [900, 1200, 1500, 1510, 1800, 2100]
            .iter()
            .enumerate()
            .map(|(i, &r)| rated(&format!("p{i}"), r))
            .collect();
        let mut ladder = Ladder::new(vec![rated("due", 2500)], fresh);
        let mut next = |rating, d| {
            let rung = ladder.next(rating, d).unwrap();
            (rung.puzzle.id.clone(), rung.review)
        };
        assert_eq!(next(1500.0, Difficulty::Normal), ("due".into(), true));
        assert_eq!(next(1500.0, Difficulty::Normal), ("p2".into(), false));
        assert_eq!(next(1500.0, Difficulty::Normal), ("p3".into(), false));
        // The rating fell: the ladder follows it.
        assert_eq!(next(1150.0, Difficulty::Normal), ("p1".into(), false));
        assert_eq!(next(1500.0, Difficulty::Hardest), ("p5".into(), false));
        assert_eq!(next(1500.0, Difficulty::Easiest), ("p0".into(), false));
        assert_eq!(ladder.left(), 1);
        assert!(ladder.next(1500.0, Difficulty::Normal).is_some());
        assert!(ladder.next(1500.0, Difficulty::Normal).is_none());
    }
}
