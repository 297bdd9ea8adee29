//! Which puzzles a user wants, and its translation into SQL.

use crate::puzzle::Puzzle;
use rusqlite::types::Value;

use super::LibraryError;
use super::schema::{Themes, split};

/// A choice of puzzles. Every field narrows; the default keeps everything.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Filter {
    /// At least one of these themes (empty: no constraint).
    pub themes_any: Vec<String>,
    /// Every one of these themes.
    pub themes_all: Vec<String>,
    /// Rating band, inclusive.
    pub rating: Option<(u16, u16)>,
    /// An opening tag the puzzle carries, such as `Sicilian_Defense` (case and
    /// spaces for underscores do not matter). Family tags are on every
    /// variation's puzzles, so a family matches all its variations.
    pub opening: Option<String>,
    /// Lowest popularity (-100..=100).
    pub min_popularity: Option<i8>,
    /// How many pieces (kings and pawns included) stand on the board of the
    /// puzzle's start position, inclusive (`3-7` for endings).
    pub pieces: Option<(u8, u8)>,
}

/// The number of pieces on the board of a row's FEN, in SQL: the board
/// field's length less its length with every piece letter taken out.
fn pieces_sql() -> String {
    let board = "substr(fen, 1, instr(fen, ' ') - 1)";
    let stripped = "pnbrqkPNBRQK".chars().fold(board.to_owned(), |inner, c| {
        format!("replace({inner}, '{c}', '')")
    });
    format!("(length({board}) - length({stripped}))")
}

/// A filter as a WHERE clause (`sql` is empty or starts with ` AND `) and its
/// parameters, in order. The opening is not in it: the query joins the
/// opening index instead.
#[derive(Clone, Debug, Default)]
pub(crate) struct Clause {
    pub(crate) sql: String,
    pub(crate) params: Vec<Value>,
}

/// A filter's theme conditions as masks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct ThemeMasks {
    /// Themes a puzzle must all have (0: none).
    pub(crate) all: u128,
    /// Themes of which a puzzle must have one (`None`: no constraint).
    pub(crate) any: Option<u128>,
}

impl ThemeMasks {
    /// Whether a puzzle with these themes passes.
    pub(crate) fn pass(&self, mask: u128) -> bool {
        mask & self.all == self.all && self.any.is_none_or(|any| mask & any != 0)
    }
}

impl Filter {
    /// The clause for the themes and popularity, with theme names resolved
    /// against the dictionary. The rating band and the opening are the
    /// query's: it bounds the band itself (SQLite uses one lower and one
    /// upper bound from an index, and two lower bounds would make it walk
    /// the wrong one) and joins the opening index.
    pub(crate) fn clause_without_rating(&self, themes: &Themes) -> Result<Clause, LibraryError> {
        let mut c = Clause::default();
        let masks = self.masks(themes)?;
        if masks.all != 0 {
            let (lo, hi) = split(masks.all);
            c.sql
                .push_str(" AND (theme_lo & ?) = ? AND (theme_hi & ?) = ?");
            c.params
                .extend([lo, lo, hi, hi].into_iter().map(Value::Integer));
        }
        if let Some(any) = masks.any {
            let (lo, hi) = split(any);
            c.sql
                .push_str(" AND ((theme_lo & ?) != 0 OR (theme_hi & ?) != 0)");
            c.params.extend([lo, hi].into_iter().map(Value::Integer));
        }
        if let Some(p) = self.min_popularity {
            c.sql.push_str(" AND popularity >= ?");
            c.params.push(Value::Integer(i64::from(p)));
        }
        if let Some((lo, hi)) = self.pieces {
            c.sql
                .push_str(&format!(" AND {} BETWEEN ? AND ?", pieces_sql()));
            c.params
                .extend([lo, hi].map(|n| Value::Integer(i64::from(n))));
        }
        Ok(c)
    }

    /// The theme conditions as masks, with names resolved against the
    /// dictionary.
    ///
    /// # Errors
    /// [`LibraryError::UnknownTheme`] names the first theme the library
    /// does not have.
    pub(crate) fn masks(&self, themes: &Themes) -> Result<ThemeMasks, LibraryError> {
        let unknown = |name: &str| LibraryError::UnknownTheme(name.to_owned());
        let all = themes
            .mask_of(self.themes_all.iter().map(String::as_str))
            .map_err(unknown)?;
        let any = if self.themes_any.is_empty() {
            None
        } else {
            Some(
                themes
                    .mask_of(self.themes_any.iter().map(String::as_str))
                    .map_err(unknown)?,
            )
        };
        Ok(ThemeMasks { all, any })
    }

    /// The first theme the filter names that none of `known` is (case does
    /// not matter), so that a typo is named rather than reported as
    /// "nothing fits". The library's queries say the same through
    /// [`LibraryError::UnknownTheme`]; this is for puzzles held in memory.
    pub fn unknown_theme<'a>(
        &self,
        known: impl IntoIterator<Item = &'a str> + Clone,
    ) -> Option<&str> {
        self.themes_any
            .iter()
            .chain(&self.themes_all)
            .map(String::as_str)
            .find(|wanted| {
                !known
                    .clone()
                    .into_iter()
                    .any(|k| k.eq_ignore_ascii_case(wanted))
            })
    }

    /// Whether `puzzle` passes the filter: its themes, its
    /// [`playing_rating`](Puzzle::playing_rating) (an unrated puzzle is
    /// taken at [`UNRATED_AS`](crate::puzzle::UNRATED_AS), the one rule for
    /// unrated puzzles), its popularity, its opening tags and the pieces of
    /// its start position.
    #[must_use]
    pub fn matches(&self, puzzle: &Puzzle) -> bool {
        let themes: Vec<&str> = puzzle.themes.iter().map(String::as_str).collect();
        let tags: Vec<&str> = puzzle.opening_tags.iter().map(String::as_str).collect();
        let pieces = shakmaty::Position::board(&puzzle.position)
            .occupied()
            .count();
        self.matches_fields(
            &themes,
            Some(puzzle.playing_rating()),
            puzzle.popularity,
            &tags,
            u32::try_from(pieces).ok(),
        )
    }

    /// Whether a puzzle's fields pass the filter (the reference the
    /// library's SQL is tested against).
    #[must_use]
    pub fn matches_fields(
        &self,
        themes: &[&str],
        rating: Option<u32>,
        popularity: Option<i32>,
        opening_tags: &[&str],
        pieces: Option<u32>,
    ) -> bool {
        let has = |t: &String| themes.iter().any(|x| x.eq_ignore_ascii_case(t));
        let all = self.themes_all.iter().all(has);
        let any = self.themes_any.is_empty() || self.themes_any.iter().any(has);
        let band = self.rating.is_none_or(|(from, to)| {
            rating.is_some_and(|r| u32::from(from) <= r && r <= u32::from(to))
        });
        let popular = self
            .min_popularity
            .is_none_or(|p| popularity.is_some_and(|x| x >= i32::from(p)));
        let opening = self.opening.as_ref().is_none_or(|o| {
            let tag = o.trim().replace(' ', "_");
            opening_tags.iter().any(|t| t.eq_ignore_ascii_case(&tag))
        });
        let pieces = self.pieces.is_none_or(|(lo, hi)| {
            pieces.is_some_and(|n| u32::from(lo) <= n && n <= u32::from(hi))
        });
        all && any && band && popular && opening && pieces
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f(any: &[&str], all: &[&str]) -> Filter {
        Filter {
            themes_any: any.iter().map(|s| s.to_string()).collect(),
            themes_all: all.iter().map(|s| s.to_string()).collect(),
            ..Filter::default()
        }
    }

    #[test]
    fn unknown_theme_names_the_typo() {
        let known = ["fork", "mateIn2"];
        assert_eq!(f(&["Fork", "MATEIN2"], &[]).unknown_theme(known), None);
        assert_eq!(f(&["fork"], &["forkk"]).unknown_theme(known), Some("forkk"));
        assert_eq!(f(&["pin"], &[]).unknown_theme(known), Some("pin"));
        assert_eq!(Filter::default().unknown_theme(known), None);
    }

    #[test]
    fn matches_follows_each_field() {
        let themes = ["fork", "mateIn2", "short"];
        let tags = ["Sicilian_Defense", "Sicilian_Defense_Najdorf_Variation"];
        let ok = |f: &Filter| f.matches_fields(&themes, Some(1500), Some(80), &tags, Some(5));
        let table: Vec<(Filter, bool)> = vec![
            (Filter::default(), true),
            (f(&["pin", "fork"], &[]), true),
            (f(&["pin", "skewer"], &[]), false),
            (f(&[], &["fork", "MATEIN2"]), true),
            (f(&[], &["fork", "pin"]), false),
            (f(&["pin"], &["fork"]), false),
            (
                Filter {
                    rating: Some((1500, 1500)),
                    ..Filter::default()
                },
                true,
            ),
            (
                Filter {
                    rating: Some((1501, 2000)),
                    ..Filter::default()
                },
                false,
            ),
            (
                Filter {
                    min_popularity: Some(80),
                    ..Filter::default()
                },
                true,
            ),
            (
                Filter {
                    min_popularity: Some(81),
                    ..Filter::default()
                },
                false,
            ),
            (
                Filter {
                    opening: Some("sicilian defense".into()),
                    ..Filter::default()
                },
                true,
            ),
            (
                Filter {
                    opening: Some("Sicilian".into()),
                    ..Filter::default()
                },
                false,
            ),
            (
                Filter {
                    pieces: Some((3, 5)),
                    ..Filter::default()
                },
                true,
            ),
            (
                Filter {
                    pieces: Some((6, 32)),
                    ..Filter::default()
                },
                false,
            ),
        ];
        for (filter, expected) in &table {
            assert_eq!(ok(filter), *expected, "{filter:?}");
        }
        let band = Filter {
            rating: Some((0, 3000)),
            ..Filter::default()
        };
        assert!(
            !band.matches_fields(&themes, None, Some(80), &tags, Some(5)),
            "unrated is outside every band"
        );
    }
}
