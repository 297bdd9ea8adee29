//! Reading the library: counts, picks, single puzzles, theme counts, stats.

use std::cell::OnceCell;
use std::collections::BTreeMap;
use std::path::Path;

use rusqlite::types::Value;
use rusqlite::{Connection, OpenFlags, OptionalExtension, Row, params, params_from_iter};
use serde::Serialize;

use super::counts::{self, Counted, POPULARITY_BAND, Tally, count_tallies, split_band};
use super::row::PuzzleRow;
use super::schema::{self, Themes, join};
use super::{Filter, ImportRecord, LibraryError, LibraryStats, RatingBucket};
use crate::puzzle::Puzzle;

const COLUMNS: &str = "id, fen, moves, rating, rating_deviation, popularity, nb_plays, \
                       themes, game_url, opening_tags";

/// An open puzzle library (read only). Opening reads the schema version and
/// the theme dictionary, nothing that grows with the number of puzzles.
#[derive(Debug)]
pub struct Library {
    conn: Connection,
    themes: Themes,
    /// The precomputed counts, read at the first count (`None` inside: a
    /// library written before them).
    tallies: OnceCell<Option<Tallied>>,
}

/// The tallies, held in memory (a `Debug` that does not print them all).
struct Tallied(Vec<Tally>);

impl std::fmt::Debug for Tallied {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} tallies", self.0.len())
    }
}

/// A theme on the filter screen.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ThemeCount {
    /// The theme's name, as in the source (`mateIn2`).
    pub name: String,
    /// Puzzles with the theme in the whole library.
    pub total: u64,
    /// Puzzles with the theme that the current filter keeps.
    pub filtered: u64,
}

impl Library {
    /// Opens the library at `path` for reading.
    ///
    /// # Errors
    /// [`LibraryError::Missing`] when there is no file, `NotALibrary` or
    /// `NewerSchema` when it is not one this build reads.
    pub fn open(path: &Path) -> Result<Self, LibraryError> {
        let name = path.display().to_string();
        if !path.exists() {
            return Err(LibraryError::Missing(name));
        }
        let conn = Connection::open_with_flags(
            path,
            OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX,
        )
        .map_err(|_| LibraryError::NotALibrary(name.clone()))?;
        schema::check_version(&conn, &name)?;
        let themes = Themes::load(&conn)?;
        Ok(Library {
            conn,
            themes,
            tallies: OnceCell::new(),
        })
    }

    /// Reads the whole library at `path` to tell whether it is whole: a
    /// library this build reads, and every page of it sound (SQLite's
    /// `quick_check`). An import asks before it builds on the old file.
    ///
    /// # Errors
    /// [`LibraryError::Missing`], [`LibraryError::NewerSchema`];
    /// [`LibraryError::NotALibrary`] for an empty, cut-off or damaged file.
    pub fn check(path: &Path) -> Result<(), LibraryError> {
        let library = Library::open(path)?;
        let damaged = || LibraryError::NotALibrary(path.display().to_string());
        let verdict: String = library
            .conn
            .query_row("PRAGMA quick_check(1)", [], |r| r.get(0))
            .map_err(|_| damaged())?;
        if verdict == "ok" {
            Ok(())
        } else {
            Err(damaged())
        }
    }

    /// The theme names the library knows, in bit order.
    pub fn theme_names(&self) -> Vec<String> {
        self.themes.names().iter().map(|(_, n)| n.clone()).collect()
    }

    /// How many puzzles pass `filter`.
    ///
    /// Without an opening and with a minimum popularity that is a multiple
    /// of 10 (the filter screen's), the answer comes from the tallies the
    /// import precomputed, plus a pass over the ratings at the band's edges
    /// that do not fill a whole 100-point band: a few milliseconds on the
    /// whole Lichess database. Other filters take one pass over the puzzles
    /// inside the rating band.
    ///
    /// # Errors
    /// An unknown theme name, or SQLite.
    pub fn count(&self, filter: &Filter) -> Result<u64, LibraryError> {
        if *filter == Filter::default()
            && let Some(n) = schema::meta(&self.conn, "puzzles")?.and_then(|v| v.parse().ok())
        {
            return Ok(n); // counted at import
        }
        if let Some(counted) = self.tallied(filter)? {
            return Ok(counted.puzzles);
        }
        self.count_scanning(filter)
    }

    /// [`count`](Self::count) from the precomputed tallies alone, or `None`
    /// when they cannot answer `filter` exactly (what the tests hold against
    /// [`count_scanning`](Self::count_scanning)).
    #[doc(hidden)]
    pub fn count_from_tallies(&self, filter: &Filter) -> Result<Option<u64>, LibraryError> {
        Ok(self.tallied(filter)?.map(|c| c.puzzles))
    }

    /// [`count`](Self::count) by a pass over the puzzles, without the
    /// precomputed tallies (what the fast path is tested against).
    #[doc(hidden)]
    pub fn count_scanning(&self, filter: &Filter) -> Result<u64, LibraryError> {
        let from = self.source(filter, band(filter))?;
        let sql = format!("SELECT count(*) {}", from.sql);
        let n: i64 = self
            .conn
            .prepare_cached(&sql)?
            .query_row(params_from_iter(&from.params), |r| r.get(0))?;
        Ok(u64::try_from(n).unwrap_or(0))
    }

    /// The FROM and WHERE of a filtered query, with the rating bounded by
    /// `band`: the puzzles table walked by its rating index, or, with an
    /// opening, the opening index (by tag and rating) joined to it.
    fn source(&self, filter: &Filter, band: Option<(i64, i64)>) -> Result<From, LibraryError> {
        let clause = filter.clause_without_rating(&self.themes)?;
        let mut params = Vec::new();
        let (mut sql, rating) = match &filter.opening {
            None => ("FROM puzzles WHERE 1".to_owned(), "rating"),
            Some(name) => {
                let tag: Option<i64> = self
                    .conn
                    .prepare_cached("SELECT id FROM opening_tags WHERE name = ?1")?
                    .query_row(params![schema::opening_key(name)], |r| r.get(0))
                    .optional()?;
                let tag = tag.ok_or_else(|| LibraryError::UnknownOpening(name.clone()))?;
                params.push(Value::Integer(tag));
                (
                    "FROM puzzle_openings JOIN puzzles ON puzzles.rowid = puzzle_openings.puzzle \
                     WHERE puzzle_openings.tag = ?"
                        .to_owned(),
                    "puzzle_openings.tag_rating",
                )
            }
        };
        if let Some((lo, hi)) = band {
            sql.push_str(&format!(" AND {rating} BETWEEN ? AND ?"));
            params.extend([lo, hi].map(Value::Integer));
        }
        sql.push_str(&clause.sql);
        params.extend(clause.params);
        Ok(From {
            sql,
            params,
            rating,
        })
    }

    /// Up to `limit` puzzles that pass `filter`, are not excluded (puzzles
    /// already seen, say) and have ratings nearest `near_rating`, nearest
    /// first. Puzzles without a rating are never picked.
    ///
    /// Walks the rating index outwards from `near_rating` in both
    /// directions, so the cost grows with the puzzles skipped, not with the
    /// library.
    ///
    /// # Errors
    /// An unknown theme name, SQLite, or a stored row that no longer plays.
    pub fn pick(
        &self,
        filter: &Filter,
        near_rating: u16,
        exclude: &dyn Fn(&str) -> bool,
        limit: usize,
    ) -> Result<Vec<Puzzle>, LibraryError> {
        if limit == 0 {
            return Ok(Vec::new());
        }
        let near = i64::from(near_rating);
        let (lo, hi) = band(filter).unwrap_or((i64::MIN, i64::MAX));
        // Upwards: [max(near, lo), hi]; downwards: [lo, min(near - 1, hi)].
        let up_from = self.source(filter, Some((near.max(lo), hi)))?;
        let down_from = self.source(filter, Some((lo, (near - 1).min(hi))))?;
        let mut up = self.conn.prepare_cached(&format!(
            "SELECT {COLUMNS} {} ORDER BY {} ASC",
            up_from.sql, up_from.rating
        ))?;
        let mut down = self.conn.prepare_cached(&format!(
            "SELECT {COLUMNS} {} ORDER BY {} DESC",
            down_from.sql, down_from.rating
        ))?;
        let mut up = up.query(params_from_iter(&up_from.params))?;
        let mut down = down.query(params_from_iter(&down_from.params))?;
        let mut next_up = next_allowed(&mut up, exclude)?;
        let mut next_down = next_allowed(&mut down, exclude)?;
        let mut picked = Vec::with_capacity(limit);
        while picked.len() < limit {
            let distance = |p: &Option<PuzzleRow>| {
                p.as_ref()
                    .map(|s| (i64::from(s.rating.unwrap_or(0)) - near).abs())
            };
            let take_up = match (distance(&next_up), distance(&next_down)) {
                (None, None) => break,
                (Some(_), None) => true,
                (None, Some(_)) => false,
                (Some(u), Some(d)) => u <= d,
            };
            let stored = if take_up {
                std::mem::replace(&mut next_up, next_allowed(&mut up, exclude)?)
            } else {
                std::mem::replace(&mut next_down, next_allowed(&mut down, exclude)?)
            };
            if let Some(stored) = stored {
                picked.push(stored.into_puzzle()?);
            }
        }
        Ok(picked)
    }

    /// The puzzle with this id, if the library has it.
    ///
    /// # Errors
    /// SQLite, or a stored row that no longer plays.
    pub fn get(&self, id: &str) -> Result<Option<Puzzle>, LibraryError> {
        let stored = self
            .conn
            .prepare_cached(&format!("SELECT {COLUMNS} FROM puzzles WHERE id = ?1"))?
            .query_row(params![id], PuzzleRow::from_sql)
            .optional()?;
        stored.map(PuzzleRow::into_puzzle).transpose()
    }

    /// Every theme with its puzzles in the whole library and under `filter`,
    /// most common first. Answered from the precomputed tallies when the
    /// filter allows (see [`count`](Self::count)); otherwise one pass over
    /// the puzzles the filter keeps (none when the filter is empty).
    ///
    /// # Errors
    /// An unknown theme name, or SQLite.
    pub fn theme_counts(&self, filter: &Filter) -> Result<Vec<ThemeCount>, LibraryError> {
        let from = self.source(filter, band(filter))?;
        let mut totals = [0u64; 128];
        {
            let mut stmt = self.conn.prepare_cached("SELECT bit, count FROM themes")?;
            let mut rows = stmt.query([])?;
            while let Some(row) = rows.next()? {
                let bit: i64 = row.get(0)?;
                let count: i64 = row.get(1)?;
                if let Some(slot) = usize::try_from(bit).ok().and_then(|b| totals.get_mut(b)) {
                    *slot = u64::try_from(count).unwrap_or(0);
                }
            }
        }
        let filtered = if from.params.is_empty() {
            totals
        } else if let Some(counted) = self.tallied(filter)? {
            counted.themes
        } else {
            self.scan_themes(&from)?.themes
        };
        let mut out: Vec<ThemeCount> = self
            .themes
            .names()
            .iter()
            .map(|(bit, name)| ThemeCount {
                name: name.clone(),
                total: totals[usize::from(*bit)],
                filtered: filtered[usize::from(*bit)],
            })
            .collect();
        out.sort_by(|a, b| b.total.cmp(&a.total).then_with(|| a.name.cmp(&b.name)));
        Ok(out)
    }

    /// The counts of `filter` from the tallies, or `None` when they cannot
    /// answer it exactly (an opening, a popularity bound between two
    /// bands, a library without tallies).
    fn tallied(&self, filter: &Filter) -> Result<Option<Counted>, LibraryError> {
        let popularity = filter.min_popularity.map(i64::from);
        if filter.opening.is_some() || popularity.is_some_and(|p| p % POPULARITY_BAND != 0) {
            return Ok(None);
        }
        let masks = filter.masks(&self.themes)?;
        let tallies = match self.tallies.get() {
            Some(t) => t,
            None => {
                let loaded = counts::load(&self.conn)?.map(Tallied);
                self.tallies.get_or_init(|| loaded)
            }
        };
        let Some(Tallied(tallies)) = tallies else {
            return Ok(None);
        };
        let mut counted = Counted::default();
        let (whole, edges) = match band(filter) {
            None => (None, Vec::new()),
            Some((lo, hi)) => {
                let split = split_band(lo, hi);
                (Some(split.whole), split.edges)
            }
        };
        if whole != Some(None) {
            count_tallies(
                tallies,
                whole.flatten(),
                filter
                    .min_popularity
                    .map(|p| counts::popularity_band(Some(i64::from(p)))),
                |mask| masks.pass(mask),
                &mut counted,
            );
        }
        for edge in edges {
            let from = self.source(filter, Some(edge))?;
            let part = self.scan_themes(&from)?;
            counted.puzzles += part.puzzles;
            for (sum, n) in counted.themes.iter_mut().zip(part.themes) {
                *sum += n;
            }
        }
        Ok(Some(counted))
    }

    /// Counts the puzzles of `from`, in total and per theme bit.
    fn scan_themes(&self, from: &From) -> Result<Counted, LibraryError> {
        let mut counted = Counted::default();
        let sql = format!("SELECT theme_lo, theme_hi {}", from.sql);
        let mut stmt = self.conn.prepare_cached(&sql)?;
        let mut rows = stmt.query(params_from_iter(&from.params))?;
        while let Some(row) = rows.next()? {
            counted.add(join(row.get(0)?, row.get(1)?), 1);
        }
        Ok(counted)
    }

    /// Counts for `sancho library stats`: puzzles, per theme, per 100 rating
    /// points, with openings, and the import history.
    ///
    /// # Errors
    /// SQLite.
    pub fn stats(&self) -> Result<LibraryStats, LibraryError> {
        let count = |sql: &str| -> Result<u64, LibraryError> {
            let n: i64 = self.conn.query_row(sql, [], |r| r.get(0))?;
            Ok(u64::try_from(n).unwrap_or(0))
        };
        // Counted at import (the tallies, `counts.rs`); counted live for a library
        // that lacks them.
        let stored = |key: &str| -> Result<Option<u64>, LibraryError> {
            Ok(schema::meta(&self.conn, key)?.and_then(|v| v.parse().ok()))
        };
        let puzzles = match stored("puzzles")? {
            Some(n) => n,
            None => count("SELECT count(*) FROM puzzles")?,
        };
        let with_opening = match stored("with_opening")? {
            Some(n) => n,
            None => count("SELECT count(DISTINCT puzzle) FROM puzzle_openings")?,
        };
        let themes: BTreeMap<String, u64> = self
            .theme_counts(&Filter::default())?
            .into_iter()
            .map(|t| (t.name, t.total))
            .collect();
        let bands: Vec<(i64, u64)> = match schema::meta(&self.conn, "ratings")? {
            Some(json) => serde_json::from_str(&json).map_err(|e| LibraryError::Corrupt {
                id: "meta.ratings".to_owned(),
                reason: e.to_string(),
            })?,
            None => {
                let mut stmt = self.conn.prepare(
                    "SELECT rating / 100, count(*) FROM puzzles
                     WHERE rating IS NOT NULL GROUP BY 1 ORDER BY 1",
                )?;
                stmt.query_map([], |r| Ok((r.get(0)?, r.get::<_, i64>(1)? as u64)))?
                    .collect::<Result<_, _>>()?
            }
        };
        let ratings = bands
            .into_iter()
            .map(|(band, count)| {
                let from = u32::try_from(band.max(0) * 100).unwrap_or(u32::MAX);
                RatingBucket {
                    from,
                    to: from.saturating_add(99),
                    count,
                }
            })
            .collect();
        let mut imports = Vec::new();
        {
            let mut stmt = self.conn.prepare(
                "SELECT source, rows, added, updated, unchanged, skipped
                 FROM imports ORDER BY seq",
            )?;
            let mut rows = stmt.query([])?;
            let n = |row: &Row, i: usize| -> rusqlite::Result<u64> {
                Ok(u64::try_from(row.get::<_, i64>(i)?).unwrap_or(0))
            };
            while let Some(row) = rows.next()? {
                imports.push(ImportRecord {
                    source: row.get(0)?,
                    rows: n(row, 1)?,
                    added: n(row, 2)?,
                    updated: n(row, 3)?,
                    unchanged: n(row, 4)?,
                    skipped: n(row, 5)?,
                });
            }
        }
        let schema_version = schema::check_version(&self.conn, "the library")?;
        Ok(LibraryStats {
            schema_version,
            puzzles,
            themes,
            ratings,
            with_opening,
            imports,
        })
    }
}

/// The FROM and WHERE of a filtered query, its parameters, and the column
/// to order by rating.
struct From {
    sql: String,
    params: Vec<Value>,
    rating: &'static str,
}

/// The filter's rating band, widened for SQL.
fn band(filter: &Filter) -> Option<(i64, i64)> {
    filter.rating.map(|(lo, hi)| (i64::from(lo), i64::from(hi)))
}

/// The next row not excluded.
fn next_allowed(
    rows: &mut rusqlite::Rows<'_>,
    exclude: &dyn Fn(&str) -> bool,
) -> Result<Option<PuzzleRow>, LibraryError> {
    while let Some(row) = rows.next()? {
        if exclude(row.get_ref(0)?.as_str().unwrap_or_default()) {
            continue;
        }
        return Ok(Some(PuzzleRow::from_sql(row)?));
    }
    Ok(None)
}
