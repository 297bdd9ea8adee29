//! Curating a starter set: a reproducible selection of Lichess puzzles,
//! spread over themes, ratings and popularity, each passing `check --strict`.
//!
//! The selection is a pure function of the input rows and the options
//! (ties are broken by id), so the same CSV always gives the same set:
//!
//! 1. Keep the rows rated within the range whose rating is settled (a
//!    rating deviation of at most [`CurateOptions::max_deviation`], at least
//!    [`CurateOptions::min_plays`] plays), that have a theme other than a
//!    game phase ([`PHASES`]: a row tagged only `middlegame` says nothing of
//!    what it trains), and that pass the strict check (no finding at all:
//!    unique by the mate solver, no scripted move that misses or allows a
//!    mate in one; the set-up move may miss one, as in any Lichess puzzle).
//! 2. Rank each row: the most popular first (popularity, then plays, then
//!    id).
//! 3. Cover every theme: the best-ranked row of each theme, rarest theme
//!    first, until every theme has [`PER_THEME`] puzzles or none is left.
//! 4. Fill up to the count round-robin over rating bands of 200 points,
//!    taking the best-ranked row left in each band.
//! 5. Write them in rating order.

use std::cmp::Reverse;
use std::collections::{BTreeMap, BTreeSet};
use std::io::{Read, Write};

use crate::puzzle::{Dialect, Puzzle, RowError, check_puzzle, read_lichess};

/// How many puzzles step 3 gives each theme (when it has that many).
pub const PER_THEME: usize = 3;

/// Width of a rating band in step 4.
pub const BAND: u32 = 200;

/// The themes that only name a phase of the game: a row with no other
/// theme is left out.
pub const PHASES: [&str; 3] = ["opening", "middlegame", "endgame"];

/// What to select.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CurateOptions {
    /// How many puzzles to select (fewer when fewer qualify).
    pub count: usize,
    /// Lowest rating kept.
    pub min_rating: u32,
    /// Highest rating kept.
    pub max_rating: u32,
    /// Highest rating deviation kept (Lichess's uncertainty about the
    /// rating); a row that gives none is kept.
    pub max_deviation: u32,
    /// Fewest plays kept; a row that gives no count is kept.
    pub min_plays: u32,
}

impl Default for CurateOptions {
    fn default() -> Self {
        CurateOptions {
            count: 1200,
            min_rating: 600,
            max_rating: 2600,
            max_deviation: 110,
            min_plays: 100,
        }
    }
}

/// What a curation read and chose.
#[derive(Clone, Debug, Default)]
pub struct Curated {
    /// The selected puzzles, in rating order (then id).
    pub puzzles: Vec<Puzzle>,
    /// Rows read.
    pub rows: usize,
    /// Rows that could not be read (bad FEN, illegal move…).
    pub unreadable: usize,
    /// Rows outside the rating range.
    pub out_of_range: usize,
    /// Rows whose rating is not settled: too large a deviation or too few
    /// plays.
    pub unsettled: usize,
    /// Rows tagged only with a phase of the game.
    pub phase_only: usize,
    /// Rows with a finding of the strict check.
    pub unsound: usize,
    /// Rows left out by the caller (already in a hand-written pack).
    pub skipped: usize,
    /// Themes among the kept rows.
    pub themes: usize,
}

/// Why curation failed.
#[derive(Debug, thiserror::Error)]
pub enum CurateError {
    /// The file is not a Lichess CSV at all (its header).
    #[error("{0}")]
    Header(RowError),
    /// Writing the output failed.
    #[error("cannot write the selection: {0}")]
    Write(#[from] csv::Error),
    /// Flushing the output failed.
    #[error("cannot write the selection: {0}")]
    Io(#[from] std::io::Error),
}

/// Selects a starter set from a Lichess CSV (see the module doc).
///
/// # Errors
/// [`CurateError::Header`] when the header is not a Lichess one.
pub fn curate<R: Read>(
    reader: R,
    source: &str,
    options: CurateOptions,
) -> Result<Curated, CurateError> {
    curate_except(reader, source, options, |_| false)
}

/// [`curate`], leaving out the rows `skip` names (the shell passes the
/// puzzles the hand-written packs already hold, so none is met twice).
///
/// # Errors
/// [`CurateError::Header`] when the header is not a Lichess one.
pub fn curate_except<R: Read>(
    reader: R,
    source: &str,
    options: CurateOptions,
    skip: impl Fn(&Puzzle) -> bool,
) -> Result<Curated, CurateError> {
    let mut out = Curated::default();
    let mut pool = Vec::new();
    for item in read_lichess(reader, source) {
        match item {
            Ok(p) => {
                out.rows += 1;
                let rating = p.rating.unwrap_or(0);
                if skip(&p) {
                    out.skipped += 1;
                } else if !(options.min_rating..=options.max_rating).contains(&rating) {
                    out.out_of_range += 1;
                } else if p
                    .rating_deviation
                    .is_some_and(|d| d > options.max_deviation)
                    || p.nb_plays.is_some_and(|n| n < options.min_plays)
                {
                    out.unsettled += 1;
                } else if p.themes.iter().all(|t| PHASES.contains(&t.as_str())) {
                    out.phase_only += 1;
                } else if check_puzzle(&p, Dialect::Csv).is_empty() {
                    pool.push(p);
                } else {
                    out.unsound += 1;
                }
            }
            Err(e) if e.id.is_none() && e.line <= 1 => return Err(CurateError::Header(e)),
            Err(_) => {
                out.rows += 1;
                out.unreadable += 1;
            }
        }
    }
    pool.sort_by_key(|p| {
        (
            Reverse(p.popularity.unwrap_or(i32::MIN)),
            Reverse(p.nb_plays.unwrap_or(0)),
            p.id.clone(),
        )
    });
    let mut taken = vec![false; pool.len()];
    let mut chosen: Vec<usize> = Vec::new();
    // Step 3: every theme, rarest first.
    let mut by_theme: BTreeMap<&str, Vec<usize>> = BTreeMap::new();
    for (i, p) in pool.iter().enumerate() {
        for t in &p.themes {
            by_theme.entry(t.as_str()).or_default().push(i);
        }
    }
    out.themes = by_theme.len();
    let mut themes: Vec<(&str, &Vec<usize>)> = by_theme.iter().map(|(t, v)| (*t, v)).collect();
    themes.sort_by_key(|(t, v)| (v.len(), *t));
    let mut have: BTreeMap<&str, usize> = BTreeMap::new();
    for (theme, rows) in &themes {
        for &i in rows.iter() {
            if chosen.len() >= options.count || have.get(theme).copied().unwrap_or(0) >= PER_THEME {
                break;
            }
            if !taken[i] {
                taken[i] = true;
                chosen.push(i);
                for t in &pool[i].themes {
                    *have.entry(t.as_str()).or_default() += 1;
                }
            }
        }
    }
    // Step 4: round-robin over rating bands.
    let mut bands: BTreeMap<u32, Vec<usize>> = BTreeMap::new();
    for (i, p) in pool.iter().enumerate() {
        if !taken[i] {
            bands
                .entry(p.rating.unwrap_or(0) / BAND)
                .or_default()
                .push(i);
        }
    }
    let mut cursors: BTreeMap<u32, usize> = BTreeMap::new();
    let mut live: BTreeSet<u32> = bands.keys().copied().collect();
    while chosen.len() < options.count && !live.is_empty() {
        for band in live.clone() {
            if chosen.len() >= options.count {
                break;
            }
            let cursor = cursors.entry(band).or_default();
            match bands[&band].get(*cursor) {
                Some(&i) => {
                    *cursor += 1;
                    chosen.push(i);
                }
                None => {
                    live.remove(&band);
                }
            }
        }
    }
    let mut puzzles: Vec<Puzzle> = chosen.into_iter().map(|i| pool[i].clone()).collect();
    puzzles.sort_by_key(|p| (p.rating.unwrap_or(0), p.id.clone()));
    out.puzzles = puzzles;
    Ok(out)
}

/// Writes puzzles as Lichess CSV (the database's own header and columns).
///
/// # Errors
/// The writer's.
pub fn write_lichess_csv<W: Write>(puzzles: &[Puzzle], writer: W) -> Result<(), CurateError> {
    let mut w = csv::Writer::from_writer(writer);
    w.write_record([
        "PuzzleId",
        "FEN",
        "Moves",
        "Rating",
        "RatingDeviation",
        "Popularity",
        "NbPlays",
        "Themes",
        "GameUrl",
        "OpeningTags",
    ])?;
    let num = |n: Option<u32>| n.map(|n| n.to_string()).unwrap_or_default();
    for p in puzzles {
        let moves: Vec<String> = p.solution.iter().map(|m| m.uci.to_string()).collect();
        w.write_record([
            p.id.as_str(),
            p.fen.as_str(),
            &moves.join(" "),
            &num(p.rating),
            &num(p.rating_deviation),
            &p.popularity.map(|n| n.to_string()).unwrap_or_default(),
            &num(p.nb_plays),
            &p.themes.join(" "),
            p.game_url.as_deref().unwrap_or_default(),
            &p.opening_tags.join(" "),
        ])?;
    }
    w.flush()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const SMALL: &str = include_str!("../../../../tests/fixtures/puzzles/lichess_small.csv");

    fn ids(puzzles: &[Puzzle]) -> Vec<&str> {
        puzzles.iter().map(|p| p.id.as_str()).collect()
    }

    #[test]
    fn selection_is_strict_in_range_theme_first_and_in_rating_order() {
        let options = CurateOptions {
            count: 3,
            min_rating: 650,
            ..CurateOptions::default()
        };
        let curated = curate(SMALL.as_bytes(), "small.csv", options).unwrap();
        // fx001 (600) is out of range; fx002 and fx007 have slower mates.
        assert_eq!(
            (curated.rows, curated.out_of_range, curated.unsound),
            (7, 1, 2)
        );
        // The rarest themes first (advancedPawn, castling, enPassant), then
        // written in rating order.
        assert_eq!(ids(&curated.puzzles), ["fx004", "fx005", "fx006"]);
        for p in &curated.puzzles {
            assert_eq!(check_puzzle(p, Dialect::Csv), [], "{}", p.id);
        }
        let again = curate(SMALL.as_bytes(), "small.csv", options).unwrap();
        assert_eq!(again.puzzles, curated.puzzles);
    }

    #[test]
    fn rating_bands_fill_the_rest() {
        let options = CurateOptions {
            count: 10,
            ..CurateOptions::default()
        };
        let curated = curate(SMALL.as_bytes(), "small.csv", options).unwrap();
        assert_eq!(
            ids(&curated.puzzles),
            ["fx001", "fx003", "fx004", "fx005", "fx006"]
        );
    }

    #[test]
    fn written_csv_reads_back_the_same_puzzles() {
        let curated = curate(SMALL.as_bytes(), "small.csv", CurateOptions::default()).unwrap();
        let mut out = Vec::new();
        write_lichess_csv(&curated.puzzles, &mut out).unwrap();
        let back: Vec<Puzzle> = read_lichess(out.as_slice(), "small.csv")
            .collect::<Result<_, _>>()
            .unwrap();
        assert_eq!(back, curated.puzzles);
    }

    #[test]
    fn skipped_rows_are_never_selected() {
        let curated = curate_except(
            SMALL.as_bytes(),
            "small.csv",
            CurateOptions::default(),
            |p| p.id == "fx004",
        )
        .unwrap();
        assert_eq!(curated.skipped, 1);
        assert_eq!(ids(&curated.puzzles), ["fx001", "fx003", "fx005", "fx006"]);
    }

    #[test]
    fn unsettled_ratings_and_phase_only_themes_are_left_out() {
        let header = "PuzzleId,FEN,Moves,Rating,RatingDeviation,Popularity,NbPlays,Themes\n";
        // Rook mates on the back rank, one row per rule.
        let row = |id: &str, deviation: u32, plays: u32, themes: &str| {
            format!(
                "{id},6k1/5ppp/8/8/8/8/5PPP/4R1K1 b - - 0 1,g8h8 e1e8,800,{deviation},90,{plays},{themes}\n"
            )
        };
        let csv = [
            row("ok", 110, 100, "mate mateIn1 oneMove"),
            row("wide", 111, 5000, "mate mateIn1"),
            row("rare", 75, 99, "mate mateIn1"),
            row("phase", 75, 5000, "middlegame"),
            row("phases", 75, 5000, "endgame opening"),
            row("phaseplus", 75, 5000, "endgame backRankMate"),
        ]
        .concat();
        let curated = curate(
            format!("{header}{csv}").as_bytes(),
            "rules.csv",
            CurateOptions::default(),
        )
        .unwrap();
        assert_eq!((curated.unsettled, curated.phase_only), (2, 2));
        assert_eq!(ids(&curated.puzzles), ["ok", "phaseplus"]);
        // The limits are options.
        let loose = CurateOptions {
            max_deviation: 200,
            min_plays: 0,
            ..CurateOptions::default()
        };
        let curated = curate(format!("{header}{csv}").as_bytes(), "rules.csv", loose).unwrap();
        assert_eq!(curated.unsettled, 0);
        assert_eq!(ids(&curated.puzzles), ["ok", "phaseplus", "rare", "wide"]);
    }

    #[test]
    fn a_file_that_is_not_lichess_csv_is_an_error() {
        let err = curate("a,b\n1,2\n".as_bytes(), "x.csv", CurateOptions::default());
        assert!(matches!(err, Err(CurateError::Header(_))), "{err:?}");
    }
}
