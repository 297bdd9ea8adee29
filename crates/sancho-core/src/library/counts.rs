//! Precomputed counts, so that the filter screen's numbers cost a few
//! milliseconds whatever the size of the library.
//!
//! The import groups the puzzles by 100-point rating band, 10-point
//! popularity band and exact theme mask, and stores how many fall in each
//! group (the `tallies` table: a few thousand to a few hundred thousand rows
//! where the library has millions). A filter whose popularity bound is a
//! multiple of 10 and that names no opening is answered exactly from the
//! groups inside its rating band, plus a pass over the rating index for the
//! ratings at the band's edges that only fill part of a 100-point band
//! (none for the filter screen's bands, which run from a hundred to a
//! hundred, apart from the top rating itself). Other filters are counted
//! from the puzzles as before.
//!
//! The import recounts them after every load, in one pass over the rating
//! index; the same pass yields the per-theme totals, the puzzle count and the
//! rating histogram that `stats` and the filter screen read.

use std::collections::{BTreeMap, HashMap};
use std::hash::{BuildHasherDefault, Hasher};

use rusqlite::{Connection, params};

use super::LibraryError;
use super::schema::{join, set_meta};

/// The width of a rating band in the tallies.
pub(crate) const RATING_BAND: i64 = 100;
/// The width of a popularity band in the tallies.
pub(crate) const POPULARITY_BAND: i64 = 10;
/// The band of unrated puzzles (below every real band).
const UNRATED: i16 = -1;
/// The popularity band of puzzles without a popularity (below every real one:
/// popularity runs from -100 to 100, stored bands from -10 to 10).
const NO_POPULARITY: i16 = i16::MIN;

/// One group of puzzles: the same rating band, popularity band and themes
/// (32 bytes: the synthetic 5.5M-row library has about a million groups).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Tally {
    /// Rating band (rating / 100), or -1 for unrated puzzles.
    pub(crate) band: i16,
    /// Popularity band (popularity / 10, rounded down).
    pub(crate) popularity: i16,
    /// The themes, low and high halves.
    pub(crate) mask: [u64; 2],
    /// Puzzles in the group.
    pub(crate) count: u64,
}

impl Tally {
    /// The themes.
    pub(crate) fn mask(&self) -> u128 {
        u128::from(self.mask[0]) | (u128::from(self.mask[1]) << 64)
    }
}

/// One rating band's groups, keyed by popularity band and themes.
type BandGroups = HashMap<(i16, [u64; 2]), u64, BuildHasherDefault<FastHash>>;

/// A multiply-and-rotate hash (as rustc's `FxHasher`) for the tallies'
/// small integer keys, where SipHash is several times slower. Nothing here
/// is attacker-chosen in a way that matters: a bad file only makes the map
/// slower.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct FastHash(u64);

impl FastHash {
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

impl Hasher for FastHash {
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.add(u64::from_le_bytes(word));
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.add(n);
    }

    fn write_i16(&mut self, n: i16) {
        self.add(n as u64);
    }

    fn write_usize(&mut self, n: usize) {
        self.add(n as u64);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

/// The rating band a rating is tallied under. Bands past `i16::MAX` share
/// the last one: no filter reaches them (a filter's ratings are `u16`, its
/// whole bands at most 654), so their ratings are counted from the puzzles.
pub(crate) fn rating_band(rating: Option<i64>) -> i16 {
    rating.map_or(UNRATED, |r| clamp(r.div_euclid(RATING_BAND)))
}

/// The popularity band a popularity is tallied under (clamped likewise: a
/// filter's minimum is an `i8`).
pub(crate) fn popularity_band(popularity: Option<i64>) -> i16 {
    popularity.map_or(NO_POPULARITY, |p| clamp(p.div_euclid(POPULARITY_BAND)))
}

fn clamp(band: i64) -> i16 {
    i16::try_from(band.clamp(i64::from(i16::MIN) + 1, i64::from(i16::MAX))).unwrap_or(i16::MAX)
}

/// Recounts the whole library into the `tallies` table in one pass over
/// the rating index (whose columns cover what is needed). The index walks
/// the puzzles in rating order, so only one rating band's groups are held
/// at a time: memory stays small however many groups the library has
/// (about 1.3 million for the synthetic 5.5M-row library, where holding
/// them all took 100 MB).
///
/// Also derives the per-theme totals (`themes.count`), the number of
/// puzzles and the rating histogram (`meta` `puzzles` and `ratings`, a JSON
/// list of `[band, count]`). Returns the number of puzzles.
pub(crate) fn recount(conn: &Connection) -> Result<u64, LibraryError> {
    let mut themes = [0u64; 128];
    let mut bands: BTreeMap<i64, u64> = BTreeMap::new();
    let mut puzzles = 0u64;
    conn.execute_batch("DELETE FROM tallies")?;
    let mut insert = conn.prepare("INSERT INTO tallies (band, groups) VALUES (?1, ?2)")?;
    let mut flush = |band: i16, groups: &mut BandGroups| -> Result<(), LibraryError> {
        let mut sorted: Vec<_> = groups.drain().collect();
        sorted.sort_unstable();
        let mut blob = Vec::with_capacity(sorted.len() * GROUP_BYTES);
        for ((popularity, [lo, hi]), count) in sorted {
            puzzles += count;
            if band != UNRATED {
                *bands.entry(i64::from(band)).or_default() += count;
            }
            for_each_bit(join(lo as i64, hi as i64), |bit| themes[bit] += count);
            blob.extend_from_slice(&popularity.to_le_bytes());
            blob.extend_from_slice(&lo.to_le_bytes());
            blob.extend_from_slice(&hi.to_le_bytes());
            blob.extend_from_slice(&count.to_le_bytes());
        }
        insert.execute(params![band, blob])?;
        Ok(())
    };
    {
        let mut stmt = conn.prepare(
            "SELECT rating, popularity, theme_lo, theme_hi FROM puzzles \
             INDEXED BY puzzles_by_rating",
        )?;
        let mut rows = stmt.query([])?;
        let mut groups = BandGroups::default();
        let mut current = None;
        while let Some(row) = rows.next()? {
            // NULL ratings come first, then ascending: bands never return.
            let band = rating_band(row.get(0)?);
            if current != Some(band) {
                if let Some(done) = current {
                    flush(done, &mut groups)?;
                }
                current = Some(band);
            }
            let popularity = popularity_band(row.get(1)?);
            let key = (
                popularity,
                [row.get::<_, i64>(2)? as u64, row.get::<_, i64>(3)? as u64],
            );
            *groups.entry(key).or_default() += 1;
        }
        if let Some(done) = current {
            flush(done, &mut groups)?;
        }
    }
    drop(insert);
    let mut update = conn.prepare("UPDATE themes SET count = ?1 WHERE bit = ?2")?;
    for (bit, count) in themes.iter().enumerate() {
        update.execute(params![sql_int(*count), bit as i64])?;
    }
    let bands: Vec<(i64, u64)> = bands.into_iter().collect();
    let ratings = serde_json::to_string(&bands).unwrap_or_else(|_| "[]".to_owned());
    set_meta(conn, "ratings", &ratings)?;
    set_meta(conn, "puzzles", &puzzles.to_string())?;
    set_meta(conn, "tallies", "1")?;
    Ok(puzzles)
}

/// The bytes of one group in a band's blob: popularity band (`i16`), the
/// two halves of the theme mask and the count (`u64`s), little-endian.
const GROUP_BYTES: usize = 2 + 8 + 8 + 8;

/// Reads the stored tallies, ordered by rating band; `None` for a library
/// written before them (which is then counted from its puzzles). A band's
/// groups are one blob, so reading a million groups takes tens of
/// milliseconds rather than the 0.4 s of a million rows.
///
/// # Errors
/// SQLite, or a blob that is not whole groups (a damaged file).
pub(crate) fn load(conn: &Connection) -> Result<Option<Vec<Tally>>, LibraryError> {
    if super::schema::meta(conn, "tallies")?.as_deref() != Some("1") {
        return Ok(None);
    }
    let mut tallies = Vec::new();
    let mut stmt = conn.prepare("SELECT band, groups FROM tallies ORDER BY band")?;
    let mut rows = stmt.query([])?;
    while let Some(row) = rows.next()? {
        let band: i64 = row.get(0)?;
        let corrupt = || LibraryError::Corrupt {
            id: format!("tallies band {band}"),
            reason: "the counts are damaged (import again to rebuild them)".to_owned(),
        };
        let blob = row.get_ref(1)?.as_blob().map_err(|_| corrupt())?;
        let band = i16::try_from(band).map_err(|_| corrupt())?;
        if blob.len() % GROUP_BYTES != 0 {
            return Err(corrupt());
        }
        for group in blob.chunks_exact(GROUP_BYTES) {
            let (popularity, rest) = group.split_at(2);
            let (lo, rest) = rest.split_at(8);
            let (hi, count) = rest.split_at(8);
            let word = |b: &[u8]| u64::from_le_bytes(b.try_into().unwrap_or_default());
            tallies.push(Tally {
                band,
                popularity: i16::from_le_bytes(popularity.try_into().unwrap_or_default()),
                mask: [word(lo), word(hi)],
                count: word(count),
            });
        }
    }
    Ok(Some(tallies))
}

/// Calls `f` with the index of every bit set in `mask`.
pub(crate) fn for_each_bit(mut mask: u128, mut f: impl FnMut(usize)) {
    while mask != 0 {
        f(mask.trailing_zeros() as usize);
        mask &= mask - 1;
    }
}

/// What the tallies say about a filter: puzzles, and puzzles per theme bit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Counted {
    /// Puzzles that pass.
    pub(crate) puzzles: u64,
    /// Of those, how many have each theme (by bit).
    pub(crate) themes: [u64; 128],
}

impl Default for Counted {
    fn default() -> Self {
        Counted {
            puzzles: 0,
            themes: [0; 128],
        }
    }
}

impl Counted {
    /// Adds `count` puzzles with the themes `mask`.
    pub(crate) fn add(&mut self, mask: u128, count: u64) {
        self.puzzles += count;
        for_each_bit(mask, |bit| self.themes[bit] += count);
    }
}

/// Counts the tallied groups in the rating bands `bands` (inclusive; `None`:
/// all, unrated included) whose popularity band is at least `popularity`
/// and whose themes `pass`. `tallies` are ordered by rating band.
pub(crate) fn count_tallies(
    tallies: &[Tally],
    bands: Option<(i64, i64)>,
    popularity: Option<i16>,
    pass: impl Fn(u128) -> bool,
    into: &mut Counted,
) {
    let groups = match bands {
        None => tallies,
        Some((first, last)) => {
            let start = tallies.partition_point(|t| i64::from(t.band) < first);
            let end = tallies.partition_point(|t| i64::from(t.band) <= last);
            &tallies[start..end.max(start)]
        }
    };
    for t in groups {
        let mask = t.mask();
        if popularity.is_none_or(|p| t.popularity >= p) && pass(mask) {
            into.add(mask, t.count);
        }
    }
}

fn sql_int(n: u64) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}

/// How a filter's rating band splits for the tallies: whole rating bands
/// (answered from the tallies) and up to two runs of ratings at the edges
/// (counted from the puzzles).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct BandSplit {
    /// The whole rating bands inside the filter's band, if any (`None` with
    /// no rating bound at all means every band, unrated included).
    pub(crate) whole: Option<(i64, i64)>,
    /// Inclusive rating ranges to count from the puzzles.
    pub(crate) edges: Vec<(i64, i64)>,
}

/// Splits an inclusive rating range `[lo, hi]` into whole bands and edges.
pub(crate) fn split_band(lo: i64, hi: i64) -> BandSplit {
    if lo > hi {
        return BandSplit {
            whole: None,
            edges: vec![(lo, hi)],
        };
    }
    let first = lo.div_euclid(RATING_BAND) + i64::from(lo.rem_euclid(RATING_BAND) != 0);
    let last = (hi + 1).div_euclid(RATING_BAND) - 1;
    if first > last {
        return BandSplit {
            whole: None,
            edges: vec![(lo, hi)],
        };
    }
    let mut edges = Vec::new();
    if lo < first * RATING_BAND {
        edges.push((lo, first * RATING_BAND - 1));
    }
    if hi > (last + 1) * RATING_BAND - 1 {
        edges.push(((last + 1) * RATING_BAND, hi));
    }
    BandSplit {
        whole: Some((first, last)),
        edges,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bands_split_into_whole_bands_and_edges() {
        let table = [
            ((1300, 1699), Some((13, 16)), vec![]),
            ((1300, 1700), Some((13, 16)), vec![(1700, 1700)]),
            (
                (1250, 1700),
                Some((13, 16)),
                vec![(1250, 1299), (1700, 1700)],
            ),
            ((1250, 1290), None, vec![(1250, 1290)]),
            ((1250, 1350), None, vec![(1250, 1350)]),
            ((1200, 1299), Some((12, 12)), vec![]),
            ((0, 99), Some((0, 0)), vec![]),
            ((1500, 1500), None, vec![(1500, 1500)]),
        ];
        for ((lo, hi), whole, edges) in table {
            assert_eq!(
                split_band(lo, hi),
                BandSplit { whole, edges },
                "{lo}..={hi}"
            );
        }
    }

    #[test]
    fn every_rating_lands_in_exactly_one_part() {
        for (lo, hi) in [(0, 1000), (37, 1234), (400, 3200), (99, 101), (150, 160)] {
            let split = split_band(lo, hi);
            for rating in lo - 150..=hi + 150 {
                let in_whole = split
                    .whole
                    .is_some_and(|(a, b)| (a..=b).contains(&i64::from(rating_band(Some(rating)))));
                let in_edges = split
                    .edges
                    .iter()
                    .filter(|(a, b)| (*a..=*b).contains(&rating));
                let hits = usize::from(in_whole) + in_edges.count();
                let inside = (lo..=hi).contains(&rating);
                assert_eq!(hits, usize::from(inside), "{rating} in {lo}..={hi}");
            }
        }
    }

    #[test]
    fn stored_groups_read_back_and_a_damaged_blob_is_an_error() {
        let conn = Connection::open_in_memory().unwrap();
        crate::library::schema::create(&conn).unwrap();
        assert_eq!(load(&conn).unwrap(), None, "no tallies yet");
        let group = |popularity: i16, lo: u64, hi: u64, count: u64| {
            let mut b = popularity.to_le_bytes().to_vec();
            for word in [lo, hi, count] {
                b.extend_from_slice(&word.to_le_bytes());
            }
            b
        };
        let blob = [group(-1, 5, 1 << 63, 7), group(9, u64::MAX, 0, 1)].concat();
        conn.execute("INSERT INTO tallies VALUES (15, ?1)", params![blob])
            .unwrap();
        set_meta(&conn, "tallies", "1").unwrap();
        let read = load(&conn).unwrap().unwrap();
        assert_eq!(
            read,
            vec![
                Tally {
                    band: 15,
                    popularity: -1,
                    mask: [5, 1 << 63],
                    count: 7
                },
                Tally {
                    band: 15,
                    popularity: 9,
                    mask: [u64::MAX, 0],
                    count: 1
                },
            ]
        );
        conn.execute("INSERT INTO tallies VALUES (16, x'0102')", [])
            .unwrap();
        assert!(matches!(load(&conn), Err(LibraryError::Corrupt { .. })));
    }

    #[test]
    fn unrated_and_unpopular_puzzles_fall_below_every_band() {
        assert!(rating_band(None) < rating_band(Some(0)));
        assert!(popularity_band(None) < popularity_band(Some(-100)));
        assert_eq!(popularity_band(Some(-1)), -1);
        assert_eq!(popularity_band(Some(-10)), -1);
        assert_eq!(popularity_band(Some(-11)), -2);
        assert_eq!(popularity_band(Some(90)), 9);
        assert_eq!(rating_band(Some(65_535)), 655);
        assert_eq!(rating_band(Some(i64::from(u32::MAX))), i16::MAX);
        assert!(popularity_band(Some(i64::from(i32::MIN))) > popularity_band(None));
    }
}
