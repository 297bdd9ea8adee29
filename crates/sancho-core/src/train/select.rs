//! Which puzzles a mode is played on: one selector for `play`, sets,
//! Storm, Streak and the library screen.
//!
//! The shell opens what the puzzles come from (the built-in packs, a file,
//! the library) and hands it in as an [`Origin`]; [`candidates`] applies
//! the [`Filter`] (with [`Filter::matches`], the same rule the library's SQL
//! is tested against) and the user's [`Basis`]: the rating to centre on,
//! the puzzles to leave out and the reviews due first. An unrated puzzle is
//! filtered and ordered at [`UNRATED_AS`](crate::puzzle::UNRATED_AS)
//! everywhere ([`Puzzle::playing_rating`]).

use std::collections::HashSet;

use crate::library::{Filter, Library, LibraryError};
use crate::modes::{BUCKET_WIDTH, PER_BUCKET, STORM_RANGE};
use crate::progress::{Progress, PuzzleRef, Source, Timestamp};
use crate::puzzle::Puzzle;
use crate::record::source_of;

/// Where puzzles are chosen from.
#[derive(Clone, Copy)]
pub enum Origin<'a> {
    /// Puzzles in memory (the built-in packs or a file), in their order,
    /// and a name to tell the user ("the built-in puzzles", a path).
    List(&'a [Puzzle], &'a str),
    /// Puzzles in memory chosen as the library's are (the reviews due,
    /// then those never attempted nearest the rating), a name to tell the
    /// user, and whether they are built-in (how their attempts are named).
    Pool(&'a [Puzzle], &'a str, bool),
    /// The imported Lichess library.
    Library(&'a Library),
}

/// What the user's progress says about choosing puzzles by rating.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Basis {
    /// The rating to centre picks on.
    pub rating: u16,
    /// Ids of the Lichess and built-in puzzles already attempted, left out
    /// (the starter set's puzzles are Lichess puzzles: one done from it is
    /// not served again from the library).
    pub seen: HashSet<String>,
    /// Puzzles due for review, served first (when they pass the filter and
    /// the origin holds them under the same name).
    pub due: Vec<PuzzleRef>,
}

impl Basis {
    /// Picks centred on `rating`, leaving nothing out.
    #[must_use]
    pub fn centred(rating: u16) -> Basis {
        Basis {
            rating,
            ..Basis::default()
        }
    }

    /// The user's basis at `now`: their rating (1500 without progress),
    /// the Lichess and built-in puzzles they have attempted, the reviews
    /// due.
    #[must_use]
    pub fn of(progress: Option<&Progress>, now: Timestamp) -> Basis {
        let Some(progress) = progress else {
            return Basis::centred(1500);
        };
        let kept = |source: &Source| matches!(source, Source::Lichess | Source::Builtin { .. });
        Basis {
            rating: progress.rating().rating.round().clamp(0.0, 4000.0) as u16,
            seen: progress
                .attempts()
                .filter(|(_, a)| kept(&a.puzzle.source))
                .map(|(_, a)| a.puzzle.id.clone())
                .collect(),
            due: progress
                .due_reviews(now)
                .into_iter()
                .filter(|r| kept(&r.source))
                .collect(),
        }
    }

    /// Whether a pick leaves `id` out (seen, or already served as due).
    #[must_use]
    pub fn excludes(&self, id: &str) -> bool {
        self.seen.contains(id) || self.is_due(id)
    }

    /// Whether `id` is due for review (under any source).
    #[must_use]
    pub fn is_due(&self, id: &str) -> bool {
        self.due.iter().any(|d| d.id == id)
    }
}

/// Why no puzzles could be chosen.
#[derive(Debug, thiserror::Error)]
pub enum SelectError {
    /// A theme that no puzzle of the origin has (a typo, most often).
    #[error(
        "none of {origin} has the theme {theme:?} (themes are spelt as Lichess does: mateIn2, backRankMate)"
    )]
    UnknownTheme {
        /// The origin's name.
        origin: String,
        /// The theme asked for.
        theme: String,
    },
    /// The library could not answer.
    #[error(transparent)]
    Library(#[from] LibraryError),
}

/// The puzzles of `origin` that pass `filter`. From a list, every one in
/// its order (the shell's resume plan orders them); from the library or a
/// pool, the reviews due first (those that pass the filter), then at most
/// `limit` puzzles never attempted, nearest `basis.rating` first.
///
/// # Errors
/// A theme no puzzle in memory has; the library's errors.
pub fn candidates(
    origin: Origin<'_>,
    filter: &Filter,
    basis: &Basis,
    limit: usize,
) -> Result<Vec<Puzzle>, SelectError> {
    match origin {
        Origin::List(puzzles, name) => {
            known_themes(puzzles, name, filter)?;
            Ok(puzzles
                .iter()
                .filter(|p| filter.matches(p))
                .cloned()
                .collect())
        }
        Origin::Pool(puzzles, name, builtin) => {
            known_themes(puzzles, name, filter)?;
            let mut picked: Vec<Puzzle> = basis
                .due
                .iter()
                .filter_map(|due| {
                    puzzles.iter().find(|p| {
                        p.id == due.id && source_of(p, builtin) == due.source && filter.matches(p)
                    })
                })
                .cloned()
                .collect();
            let mut fresh: Vec<&Puzzle> = puzzles
                .iter()
                .filter(|p| filter.matches(p) && !basis.excludes(&p.id))
                .collect();
            let near = i64::from(basis.rating);
            fresh.sort_by_key(|p| (i64::from(p.playing_rating()) - near).abs());
            picked.extend(fresh.into_iter().take(limit).cloned());
            Ok(picked)
        }
        Origin::Library(library) => {
            let mut picked = Vec::new();
            for due in basis.due.iter().filter(|d| d.source == Source::Lichess) {
                if let Some(p) = library.get(&due.id)?
                    && filter.matches(&p)
                {
                    picked.push(p);
                }
            }
            let exclude = |id: &str| basis.excludes(id);
            picked.extend(library.pick(filter, basis.rating, &exclude, limit)?);
            Ok(picked)
        }
    }
}

/// A theme the filter names that none of `puzzles` has, as an error.
fn known_themes(puzzles: &[Puzzle], name: &str, filter: &Filter) -> Result<(), SelectError> {
    let themes = puzzles
        .iter()
        .flat_map(|p| p.themes.iter().map(String::as_str));
    match filter.unknown_theme(themes) {
        Some(theme) => Err(SelectError::UnknownTheme {
            origin: name.to_owned(),
            theme: theme.to_owned(),
        }),
        None => Ok(()),
    }
}

/// How many library puzzles one session plays (`play --source library`,
/// the library screen's Play): reviews due come first.
pub const LIBRARY_BATCH: usize = 100;

/// Storm's and Streak's candidates: up to four times [`PER_BUCKET`]
/// puzzles from each 100-point rating bucket of [`STORM_RANGE`], nearest
/// the bucket's middle, asked of `pick(filter, near, limit)` (the library,
/// or any source of puzzles that picks like it).
///
/// # Errors
/// `pick`'s errors.
pub fn run_candidates(
    mut pick: impl FnMut(&Filter, u16, usize) -> Result<Vec<Puzzle>, LibraryError>,
) -> Result<Vec<Puzzle>, LibraryError> {
    let mut puzzles = Vec::new();
    let (low, high) = STORM_RANGE;
    let mut from = low;
    while from < high {
        let to = from + BUCKET_WIDTH - 1;
        let filter = Filter {
            rating: Some((band(from), band(to))),
            ..Filter::default()
        };
        let near = band(from + BUCKET_WIDTH / 2);
        puzzles.extend(pick(&filter, near, PER_BUCKET * 4)?);
        from += BUCKET_WIDTH;
    }
    Ok(puzzles)
}

/// A rating as the library's filters hold it.
fn band(rating: u32) -> u16 {
    u16::try_from(rating).unwrap_or(u16::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::{UNRATED_AS, read_lichess};

    fn puzzle(id: &str, rating: Option<u32>, themes: &str) -> Puzzle {
        let csv = format!(
            "PuzzleId,FEN,Moves,Rating,RatingDeviation,Popularity,NbPlays,Themes,GameUrl,OpeningTags\n\
             {id},6k1/p1p2ppp/1pqp2r1/3Q4/8/1P6/P1P2PPP/4RK2 b - - 8 22,c6d5 e1e8,1200,100,50,100,{themes},,\n"
        );
        let mut p = read_lichess(csv.as_bytes(), "test")
            .next()
            .unwrap()
            .unwrap();
        p.rating = rating;
        p
    }

    #[test]
    fn an_unrated_puzzle_is_chosen_at_one_rating_everywhere() {
        let puzzles = [
            puzzle("rated", Some(1900), "fork"),
            puzzle("mined", None, "fork"),
        ];
        let band = |lo, hi| Filter {
            rating: Some((lo, hi)),
            ..Filter::default()
        };
        let ids = |f: &Filter| -> Vec<String> {
            candidates(Origin::List(&puzzles, "test"), f, &Basis::default(), 0)
                .unwrap()
                .into_iter()
                .map(|p| p.id)
                .collect()
        };
        assert_eq!(puzzles[1].playing_rating(), UNRATED_AS);
        assert_eq!(ids(&band(1400, 1600)), ["mined"]);
        assert_eq!(ids(&band(1800, 2000)), ["rated"]);
        assert_eq!(
            ids(&Filter::default()),
            ["rated", "mined"],
            "in their order"
        );
    }

    #[test]
    fn a_theme_no_puzzle_has_is_named() {
        let puzzles = [puzzle("a", Some(1500), "fork")];
        let filter = Filter {
            themes_any: vec!["forkk".into()],
            ..Filter::default()
        };
        let err = candidates(
            Origin::List(&puzzles, "the pack"),
            &filter,
            &Basis::default(),
            0,
        )
        .unwrap_err()
        .to_string();
        assert!(
            err.contains("none of the pack has the theme \"forkk\""),
            "{err}"
        );
    }

    #[test]
    fn the_basis_leaves_out_what_was_seen_and_serves_what_is_due() {
        let basis = Basis {
            rating: 1700,
            seen: ["old".to_owned()].into(),
            due: vec![PuzzleRef::new(Source::Lichess, "due")],
        };
        assert!(basis.excludes("old") && basis.excludes("due"));
        assert!(!basis.excludes("new"));
        assert_eq!(Basis::of(None, Timestamp(0)), Basis::centred(1500));
    }
}
