//! Woodpecker sets made and found again: the one path `sancho set new |
//! play` and the full screen's Sets screen share.
//!
//! A new set's candidates come from the imported library (centred on the
//! rating band, or 1500, so that a seed gives the same set later), the
//! built-in packs and the starter set, or a puzzle file; the core's
//! [`choose_set`] draws the set from them and [`PuzzleSet::new`] makes it.
//! Playing a set finds its puzzles again where its origin says, in set
//! order. Neither touches the progress store: the caller adds the set and
//! records the attempts (through [`train::record`](crate::train::record)).

use std::collections::HashMap;
use std::path::Path;

use crate::library::{Filter, Library, LibraryError};
use crate::progress::{PuzzleRef, PuzzleSet, SetError, SetOrigin, SetPuzzle, Timestamp};
use crate::progress::{SetPlay, choose_set};
use crate::puzzle::{BuiltinError, Puzzle, builtin_packs, load_path};
use crate::record::source_of;
use crate::train::{Basis, Origin, SelectError, candidates};

/// Why a set could not be made or played.
#[derive(Debug, thiserror::Error)]
pub enum WoodpeckerError {
    /// No candidate passes the filters.
    #[error(
        "no puzzle of {0} fits the filters: loosen them (--theme, --rating, --opening, --min-popularity)"
    )]
    NoneFit(SetOrigin),
    /// The set's library is not there.
    #[error("the set {0} comes from the library, which is not imported (sancho import FILE)")]
    NoLibrary(String),
    /// Some of the set's puzzles cannot be found any more.
    #[error("{count} of the set {set}'s puzzles are no longer in {origin} ({ids}); make a new set")]
    Missing {
        /// How many.
        count: usize,
        /// The set's name.
        set: String,
        /// Where they were.
        origin: SetOrigin,
        /// Their ids, comma-separated.
        ids: String,
    },
    /// The set's file cannot be read.
    #[error("the set {set} comes from {path}, which cannot be read: {reason}")]
    Unreadable {
        /// The set's name.
        set: String,
        /// The file.
        path: String,
        /// Why.
        reason: String,
    },
    /// The filters do not make sense for the origin.
    #[error(transparent)]
    Select(#[from] SelectError),
    /// The library failed.
    #[error(transparent)]
    Library(#[from] LibraryError),
    /// The built-in packs failed to load.
    #[error(transparent)]
    Builtin(#[from] BuiltinError),
    /// The set itself is refused (its name, its size).
    #[error(transparent)]
    Set(#[from] SetError),
}

/// Where a new set's candidates come from.
pub enum Candidates<'a> {
    /// The imported library.
    Library(&'a Library),
    /// The built-in packs and the starter set.
    Builtin,
    /// A file's puzzles, and the name the set keeps for the file (an
    /// absolute path: the set may be played from elsewhere).
    File(&'a [Puzzle], String),
}

/// What a new set is: its name, how many puzzles, the filters (and how
/// the user reads them), the seed that draws it, and when it is made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewSet {
    /// The set's name.
    pub name: String,
    /// How many puzzles it should hold (fewer when fewer fit).
    pub count: usize,
    /// Which puzzles.
    pub filter: Filter,
    /// The seed that draws the set from the candidates.
    pub seed: u64,
    /// When it is made.
    pub created: Timestamp,
}

/// How many library puzzles to choose from, for a set of `count`.
#[must_use]
pub fn library_pool(count: usize) -> usize {
    count.saturating_mul(5).clamp(500, 10_000)
}

/// The filters as the user reads them ("theme fork,pin, rating
/// 1200-1600"), as `set list` shows them.
#[must_use]
pub fn describe(filter: &Filter) -> String {
    let mut parts = Vec::new();
    if !filter.themes_any.is_empty() {
        parts.push(format!("theme {}", filter.themes_any.join(",")));
    }
    if !filter.themes_all.is_empty() {
        parts.push(format!("all themes {}", filter.themes_all.join(",")));
    }
    if let Some((from, to)) = filter.rating {
        parts.push(format!("rating {from}-{to}"));
    }
    if let Some(tag) = &filter.opening {
        parts.push(format!("opening {tag}"));
    }
    if let Some(n) = filter.min_popularity {
        parts.push(format!("popularity {n}+"));
    }
    if let Some((from, to)) = filter.pieces {
        parts.push(format!("pieces {from}-{to}"));
    }
    parts.join(", ")
}

/// Makes the set `new` asks for from `from`.
///
/// # Errors
/// No candidate fits, a theme no candidate has, the library or the
/// built-in packs failed, or the set is refused (its name).
pub fn make(new: &NewSet, from: Candidates<'_>) -> Result<PuzzleSet, WoodpeckerError> {
    let filter = &new.filter;
    let (puzzles, origin) = match from {
        Candidates::Library(library) => {
            let near = filter.rating.map_or(1500, |(lo, hi)| lo / 2 + hi / 2);
            let limit = library_pool(new.count);
            let origin = Origin::Library(library);
            let picked = candidates(origin, filter, &Basis::centred(near), limit)?;
            (picked, SetOrigin::Library)
        }
        Candidates::Builtin => {
            let all: Vec<Puzzle> = builtin_packs()?
                .into_iter()
                .flat_map(|p| p.puzzles)
                .collect();
            let origin = Origin::List(&all, "the built-in puzzles");
            let picked = candidates(origin, filter, &Basis::default(), 0)?;
            (picked, SetOrigin::Builtin)
        }
        Candidates::File(puzzles, name) => {
            let origin = Origin::List(puzzles, &name);
            let picked = candidates(origin, filter, &Basis::default(), 0)?;
            (picked, SetOrigin::File(name))
        }
    };
    if puzzles.is_empty() {
        return Err(WoodpeckerError::NoneFit(origin));
    }
    let ratings: Vec<u32> = puzzles.iter().map(Puzzle::playing_rating).collect();
    let builtin = origin == SetOrigin::Builtin;
    let members = choose_set(&ratings, new.count, new.seed)
        .into_iter()
        .map(|i| {
            let p = &puzzles[i];
            SetPuzzle::new((&source_of(p, builtin)).into(), p.id.clone())
        })
        .collect();
    Ok(PuzzleSet::new(
        &new.name,
        new.created,
        origin,
        describe(filter),
        new.seed,
        members,
    )?)
}

/// The set's puzzles, in set order, found where the set's origin says
/// (`library`: the imported one, if any).
///
/// # Errors
/// A puzzle that cannot be found any more (the library re-imported without
/// it, a file changed): named, with how to go on; the library missing or
/// failing; the file unreadable.
pub fn load(set: &PuzzleSet, library: Option<&Library>) -> Result<Vec<Puzzle>, WoodpeckerError> {
    let mut found: Vec<Option<Puzzle>> = match &set.origin {
        SetOrigin::Builtin => {
            let mut by_ref: HashMap<PuzzleRef, Puzzle> = builtin_packs()?
                .into_iter()
                .flat_map(|p| p.puzzles)
                .map(|p| (PuzzleRef::new(source_of(&p, true), p.id.clone()), p))
                .collect();
            set.puzzles
                .iter()
                .map(|m| by_ref.remove(&m.puzzle_ref()))
                .collect()
        }
        SetOrigin::Library => {
            let library = library.ok_or_else(|| WoodpeckerError::NoLibrary(set.name.clone()))?;
            set.puzzles
                .iter()
                .map(|m| library.get(&m.puzzle))
                .collect::<Result<_, _>>()?
        }
        SetOrigin::File(path) => {
            let loaded = load_path(Path::new(path)).map_err(|e| WoodpeckerError::Unreadable {
                set: set.name.clone(),
                path: path.clone(),
                reason: e.reason().to_string(),
            })?;
            let mut by_id: HashMap<String, Puzzle> = loaded
                .puzzles
                .into_iter()
                .map(|p| (p.id.clone(), p))
                .collect();
            set.puzzles
                .iter()
                .map(|m| by_id.remove(&m.puzzle))
                .collect()
        }
    };
    let missing: Vec<&str> = set
        .puzzles
        .iter()
        .zip(&found)
        .filter(|(_, p)| p.is_none())
        .map(|(m, _)| m.puzzle.as_str())
        .collect();
    if !missing.is_empty() {
        return Err(WoodpeckerError::Missing {
            count: missing.len(),
            set: set.name.clone(),
            origin: set.origin.clone(),
            ids: missing.join(", "),
        });
    }
    Ok(found.iter_mut().filter_map(Option::take).collect())
}

/// A set ready to play: the sitting (where its results are filed), its
/// puzzles in set order, the cycle's order of those not yet attempted,
/// whether they are the built-in ones, and the header's figures.
#[derive(Clone, Debug, PartialEq)]
pub struct Sitting {
    /// The set's identity and the cycle the sitting began in.
    pub play: SetPlay,
    /// The puzzles, in set order.
    pub puzzles: Vec<Puzzle>,
    /// The cycle's puzzles not yet attempted (indices into `puzzles`).
    pub order: Vec<usize>,
    /// Whether the puzzles are the built-in ones (how they are recorded).
    pub builtin: bool,
    /// The cycle under way (or the next).
    pub cycle: usize,
    /// Puzzles attempted in it so far.
    pub done: usize,
}

impl Sitting {
    /// A sitting of `set` with its `puzzles` ([`load`]).
    #[must_use]
    pub fn new(set: &PuzzleSet, puzzles: Vec<Puzzle>) -> Sitting {
        let order = set.remaining();
        let done = set.puzzles.len() - order.len();
        Sitting {
            play: set.play(),
            builtin: set.origin == SetOrigin::Builtin,
            cycle: set.next_cycle_number(),
            done,
            order,
            puzzles,
        }
    }
}
