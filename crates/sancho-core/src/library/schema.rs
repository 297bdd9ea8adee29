//! The library's SQLite schema and its theme dictionary.
//!
//! Themes are stored twice per puzzle: as the source's text (for display)
//! and as a 128-bit mask in two INTEGER columns (`theme_lo`, `theme_hi`) for
//! filtering. The `themes` table maps each name to its bit; bits are handed
//! out in order of first appearance and never change, so a mask stays valid
//! across imports.

use std::collections::HashMap;
use std::hash::BuildHasherDefault;

use rusqlite::{Connection, OptionalExtension, params};

use super::LibraryError;
use super::counts::FastHash;

/// The schema this build writes and reads. Version 2 added the `tallies`
/// (precomputed counts): a version-1 library is still read (and counted
/// from its puzzles) and gains them at its next import, while an older
/// build refuses a version-2 library rather than leave its tallies stale.
pub const SCHEMA_VERSION: i64 = 2;

/// Tables created in a new library.
pub(crate) const CREATE_TABLES: &str = "
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS puzzles (
    id TEXT NOT NULL,
    fen TEXT NOT NULL,
    moves TEXT NOT NULL,
    rating INTEGER,
    rating_deviation INTEGER,
    popularity INTEGER,
    nb_plays INTEGER,
    themes TEXT NOT NULL,
    theme_lo INTEGER NOT NULL,
    theme_hi INTEGER NOT NULL,
    game_url TEXT,
    opening_tags TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS themes (
    bit INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE,
    count INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS opening_tags (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE
);
CREATE TABLE IF NOT EXISTS puzzle_openings (
    tag INTEGER NOT NULL,
    tag_rating INTEGER NOT NULL,
    puzzle INTEGER NOT NULL,
    PRIMARY KEY (tag, tag_rating, puzzle)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS tallies (
    band INTEGER PRIMARY KEY,
    groups BLOB NOT NULL
);
CREATE TABLE IF NOT EXISTS imports (
    seq INTEGER PRIMARY KEY,
    source TEXT NOT NULL,
    rows INTEGER NOT NULL,
    added INTEGER NOT NULL,
    updated INTEGER NOT NULL,
    unchanged INTEGER NOT NULL,
    skipped INTEGER NOT NULL
);
";

/// The unique index on ids. A fresh import creates it after the load (a
/// sort is much cheaper than a million random B-tree inserts); an import
/// into an existing library keeps it, as its upserts look ids up.
pub(crate) const CREATE_ID_INDEX: &str =
    "CREATE UNIQUE INDEX IF NOT EXISTS puzzles_by_id ON puzzles (id);";

/// The secondary index, created after a load (cheaper than maintaining it
/// row by row). It covers the filter columns so a rating-ordered walk tests
/// themes and popularity without touching the table.
pub(crate) const CREATE_INDEXES: &str = "
CREATE INDEX IF NOT EXISTS puzzles_by_rating
    ON puzzles (rating, theme_lo, theme_hi, popularity);
";

/// Dropped before a load into a copy of an existing library.
pub(crate) const DROP_INDEXES: &str = "DROP INDEX IF EXISTS puzzles_by_rating;";

/// Reads the schema version, failing on files that are not libraries or are
/// newer than this build.
pub(crate) fn check_version(conn: &Connection, name: &str) -> Result<i64, LibraryError> {
    let has_meta: bool = conn
        .query_row(
            "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'meta'",
            [],
            |r| r.get::<_, i64>(0),
        )
        .map(|n| n > 0)
        .map_err(|_| LibraryError::NotALibrary(name.to_owned()))?;
    if !has_meta {
        return Err(LibraryError::NotALibrary(name.to_owned()));
    }
    let version: Option<String> = conn
        .query_row(
            "SELECT value FROM meta WHERE key = 'schema_version'",
            [],
            |r| r.get(0),
        )
        .optional()?;
    let version = version
        .and_then(|v| v.parse::<i64>().ok())
        .ok_or_else(|| LibraryError::NotALibrary(name.to_owned()))?;
    if version > SCHEMA_VERSION {
        return Err(LibraryError::NewerSchema {
            found: version,
            supported: SCHEMA_VERSION,
        });
    }
    Ok(version)
}

/// Creates the tables (if missing) and stamps the schema version.
pub(crate) fn create(conn: &Connection) -> Result<(), LibraryError> {
    conn.execute_batch(CREATE_TABLES)?;
    conn.execute(
        "INSERT OR REPLACE INTO meta (key, value) VALUES ('schema_version', ?1)",
        params![SCHEMA_VERSION.to_string()],
    )?;
    Ok(())
}

/// The theme dictionary: name to bit (0..128).
#[derive(Clone, Debug, Default)]
pub(crate) struct Themes {
    /// Looked up for every theme of every row an import writes (hence the
    /// fast hash).
    bits: HashMap<String, u8, BuildHasherDefault<FastHash>>,
    names: Vec<(u8, String)>,
}

impl Themes {
    /// Loads the dictionary.
    pub(crate) fn load(conn: &Connection) -> Result<Self, LibraryError> {
        let mut themes = Themes::default();
        let mut stmt = conn.prepare("SELECT bit, name FROM themes ORDER BY bit")?;
        let rows = stmt.query_map([], |r| Ok((r.get::<_, i64>(0)?, r.get::<_, String>(1)?)))?;
        for row in rows {
            let (bit, name) = row?;
            let bit = u8::try_from(bit).ok().filter(|b| *b < 128).ok_or_else(|| {
                LibraryError::Corrupt {
                    id: name.clone(),
                    reason: format!("theme bit {bit} out of range"),
                }
            })?;
            themes.bits.insert(name.clone(), bit);
            themes.names.push((bit, name));
        }
        Ok(themes)
    }

    /// The bit of a theme, exactly as spelled or else ignoring case.
    pub(crate) fn bit(&self, name: &str) -> Option<u8> {
        self.bits.get(name).copied().or_else(|| {
            self.names
                .iter()
                .find(|(_, n)| n.eq_ignore_ascii_case(name))
                .map(|(b, _)| *b)
        })
    }

    /// The mask of the named themes; `None` names the first unknown one.
    pub(crate) fn mask_of<'a>(
        &self,
        names: impl IntoIterator<Item = &'a str>,
    ) -> Result<u128, &'a str> {
        let mut mask = 0u128;
        for name in names {
            mask |= 1u128 << self.bit(name).ok_or(name)?;
        }
        Ok(mask)
    }

    /// The mask of a row's themes, adding unknown names to the dictionary
    /// (and to `conn`'s `themes` table).
    pub(crate) fn mask_adding(
        &mut self,
        conn: &Connection,
        themes: &str,
    ) -> Result<u128, LibraryError> {
        let mut mask = 0u128;
        for name in themes.split_ascii_whitespace() {
            let bit = match self.bits.get(name) {
                Some(b) => *b,
                None => {
                    let bit = u8::try_from(self.names.len())
                        .ok()
                        .filter(|b| *b < 128)
                        .ok_or_else(|| LibraryError::TooManyThemes(name.to_owned()))?;
                    conn.execute(
                        "INSERT INTO themes (bit, name) VALUES (?1, ?2)",
                        params![i64::from(bit), name],
                    )?;
                    self.bits.insert(name.to_owned(), bit);
                    self.names.push((bit, name.to_owned()));
                    bit
                }
            };
            mask |= 1u128 << bit;
        }
        Ok(mask)
    }

    /// Every theme, by bit.
    pub(crate) fn names(&self) -> &[(u8, String)] {
        &self.names
    }
}

/// Splits a mask into the two stored columns.
pub(crate) fn split(mask: u128) -> (i64, i64) {
    // Reinterpreting the bits as signed is the point: SQLite's `&` works on
    // all 64 of them.
    (mask as u64 as i64, (mask >> 64) as u64 as i64)
}

/// Joins the two stored columns into a mask.
pub(crate) fn join(lo: i64, hi: i64) -> u128 {
    u128::from(lo as u64) | (u128::from(hi as u64) << 64)
}

/// Writes one `meta` value.
pub(crate) fn set_meta(conn: &Connection, key: &str, value: &str) -> Result<(), LibraryError> {
    conn.execute(
        "INSERT OR REPLACE INTO meta (key, value) VALUES (?1, ?2)",
        params![key, value],
    )?;
    Ok(())
}

/// Reads one `meta` value.
pub(crate) fn meta(conn: &Connection, key: &str) -> Result<Option<String>, LibraryError> {
    Ok(conn
        .query_row("SELECT value FROM meta WHERE key = ?1", params![key], |r| {
            r.get(0)
        })
        .optional()?)
}

/// The key an opening tag is stored and looked up under: lower case, with
/// underscores for spaces (`Sicilian Defense` finds `Sicilian_Defense`).
pub(crate) fn opening_key(tag: &str) -> String {
    tag.trim().replace(' ', "_").to_ascii_lowercase()
}

/// The opening index's entries, gathered in memory and written sorted, so
/// that the clustered `puzzle_openings` table is appended in order.
#[derive(Debug, Default)]
pub(crate) struct Openings {
    ids: HashMap<String, i64>,
    entries: Vec<(i64, i64, i64)>,
}

impl Openings {
    /// Files a puzzle (by rowid) under each of its tags; unrated puzzles go
    /// under rating -1.
    pub(crate) fn add(&mut self, tags: &str, rating: Option<i64>, rowid: i64) {
        for tag in tags.split_ascii_whitespace() {
            let next = self.ids.len() as i64 + 1;
            let id = *self.ids.entry(opening_key(tag)).or_insert(next);
            self.entries.push((id, rating.unwrap_or(-1), rowid));
        }
    }

    /// Gathers the entries of every puzzle (one pass over the table).
    pub(crate) fn scan(conn: &Connection) -> Result<Self, LibraryError> {
        let mut openings = Openings::default();
        let mut stmt = conn
            .prepare("SELECT rowid, rating, opening_tags FROM puzzles WHERE opening_tags != ''")?;
        let mut rows = stmt.query([])?;
        while let Some(row) = rows.next()? {
            let tags = row.get_ref(2)?.as_str().unwrap_or_default();
            openings.add(tags, row.get(1)?, row.get(0)?);
        }
        Ok(openings)
    }

    /// Replaces the opening index with these entries, and records how many
    /// puzzles have a tag (`meta.with_opening`).
    pub(crate) fn write(mut self, conn: &Connection) -> Result<(), LibraryError> {
        let mut tagged: Vec<i64> = self.entries.iter().map(|e| e.2).collect();
        tagged.sort_unstable();
        tagged.dedup();
        set_meta(conn, "with_opening", &tagged.len().to_string())?;
        drop(tagged);
        conn.execute_batch("DELETE FROM puzzle_openings; DELETE FROM opening_tags;")?;
        let mut insert_tag = conn.prepare("INSERT INTO opening_tags (id, name) VALUES (?1, ?2)")?;
        for (name, id) in &self.ids {
            insert_tag.execute(params![id, name])?;
        }
        self.entries.sort_unstable();
        self.entries.dedup();
        let mut insert = conn
            .prepare("INSERT INTO puzzle_openings (tag, tag_rating, puzzle) VALUES (?1, ?2, ?3)")?;
        for (tag, rating, puzzle) in self.entries {
            insert.execute(params![tag, rating, puzzle])?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn masks_round_trip_through_the_columns() {
        for mask in [
            0u128,
            1,
            1 << 63,
            1 << 64,
            1 << 127,
            u128::MAX,
            0xdead_beef << 60,
        ] {
            let (lo, hi) = split(mask);
            assert_eq!(join(lo, hi), mask);
        }
    }

    #[test]
    fn theme_bits_are_stable_and_case_insensitive_on_lookup() {
        let conn = Connection::open_in_memory().unwrap();
        create(&conn).unwrap();
        let mut t = Themes::load(&conn).unwrap();
        assert_eq!(t.mask_adding(&conn, "fork pin").unwrap(), 0b11);
        assert_eq!(t.mask_adding(&conn, "pin mateIn2").unwrap(), 0b110);
        let reloaded = Themes::load(&conn).unwrap();
        assert_eq!(reloaded.bit("mateIn2"), Some(2));
        assert_eq!(reloaded.bit("MATEIN2"), Some(2));
        assert_eq!(reloaded.mask_of(["fork", "nope"]), Err("nope"));
    }

    #[test]
    fn the_129th_theme_is_refused() {
        let conn = Connection::open_in_memory().unwrap();
        create(&conn).unwrap();
        let mut t = Themes::load(&conn).unwrap();
        let many: Vec<String> = (0..128).map(|i| format!("t{i}")).collect();
        t.mask_adding(&conn, &many.join(" ")).unwrap();
        assert!(matches!(
            t.mask_adding(&conn, "extra"),
            Err(LibraryError::TooManyThemes(_))
        ));
    }
}
