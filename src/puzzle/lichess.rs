//! The Lichess puzzle CSV, read as a stream of puzzles.
//!
//! Columns are found by header name, in any order; extra columns (such as
//! `DailyDate`) are ignored. `FEN` is the position before the opponent's
//! move; `Moves[0]` is the opponent's, and the user plays the other colour.

use std::io::{self, Read};

use csv::{ReaderBuilder, StringRecord};

use shakmaty::Position;

use super::{FenProblem, LineError, Puzzle, build_line, parse_fen, to_move_subtitle};

/// Why a row (or the header) could not become a puzzle.
#[derive(Debug, thiserror::Error)]
#[error("line {line}: {}{reason}", column_prefix(self))]
pub struct RowError {
    /// 1-based line in the CSV text.
    pub line: u64,
    /// The puzzle's id, when the row got that far.
    pub id: Option<String>,
    /// What is wrong.
    pub reason: RowReason,
}

/// What is wrong with a row.
#[derive(Debug, thiserror::Error)]
pub enum RowReason {
    /// The header lacks a required column.
    #[error("the header has no such column")]
    MissingColumn(&'static str),
    /// The CSV itself is broken (or unreadable).
    #[error("csv: {0}")]
    Csv(String),
    /// The row has fewer fields than the header.
    #[error("the row has no such field")]
    MissingField(&'static str),
    /// The FEN is invalid.
    #[error("{0}")]
    Fen(FenProblem),
    /// The moves do not play.
    #[error("{0}")]
    Moves(LineError),
    /// Fewer than two moves (the opponent's and one of the user's).
    #[error("a lichess puzzle needs the opponent's move and at least one user move")]
    TooFewMoves,
    /// A number that is not one.
    #[error("{value:?} is not a number")]
    Number {
        /// The column.
        column: &'static str,
        /// The text.
        value: String,
    },
}

impl RowError {
    /// The CSV column the problem is in, when there is one.
    pub fn column(&self) -> Option<&'static str> {
        match &self.reason {
            RowReason::MissingColumn(c) | RowReason::MissingField(c) => Some(c),
            RowReason::Fen(_) => Some("FEN"),
            RowReason::Moves(_) | RowReason::TooFewMoves => Some("Moves"),
            RowReason::Number { column, .. } => Some(column),
            RowReason::Csv(_) => None,
        }
    }
}

#[derive(Clone, Copy, Debug)]
struct Columns {
    id: usize,
    fen: usize,
    moves: usize,
    rating: Option<usize>,
    rating_deviation: Option<usize>,
    popularity: Option<usize>,
    nb_plays: Option<usize>,
    themes: Option<usize>,
    game_url: Option<usize>,
    opening_tags: Option<usize>,
}

impl Columns {
    fn from_header(header: &StringRecord) -> Result<Self, RowReason> {
        let find = |name: &str| header.iter().position(|h| h.trim() == name);
        let need = |name: &'static str| find(name).ok_or(RowReason::MissingColumn(name));
        Ok(Columns {
            id: need("PuzzleId")?,
            fen: need("FEN")?,
            moves: need("Moves")?,
            rating: find("Rating"),
            rating_deviation: find("RatingDeviation"),
            popularity: find("Popularity"),
            nb_plays: find("NbPlays"),
            themes: find("Themes"),
            game_url: find("GameUrl"),
            opening_tags: find("OpeningTags"),
        })
    }
}

/// A streaming reader of Lichess puzzles: an iterator over
/// `Result<Puzzle, RowError>`, one item per data row.
pub struct LichessReader<R: Read> {
    reader: csv::Reader<R>,
    columns: Result<Columns, Option<RowError>>,
    record: StringRecord,
    source: String,
}

/// Starts reading Lichess CSV from `reader`; `source` is recorded in each
/// puzzle (usually the file name).
///
/// A broken header is reported as the first item.
pub fn read_lichess<R: Read>(reader: R, source: &str) -> LichessReader<R> {
    let mut reader = ReaderBuilder::new()
        .has_headers(true)
        .flexible(true)
        .from_reader(reader);
    let columns = match reader.headers() {
        Ok(h) => Columns::from_header(h).map_err(|reason| {
            Some(RowError {
                line: 1,
                id: None,
                reason,
            })
        }),
        Err(e) => Err(Some(RowError {
            line: 1,
            id: None,
            reason: RowReason::Csv(e.to_string()),
        })),
    };
    LichessReader {
        reader,
        columns,
        record: StringRecord::new(),
        source: source.to_owned(),
    }
}

impl<R: Read> LichessReader<R> {
    /// The 1-based line of the row read last (0 before the first).
    pub fn line(&self) -> u64 {
        self.record.position().map_or(0, |p| p.line())
    }
}

impl<R: Read> Iterator for LichessReader<R> {
    type Item = Result<Puzzle, RowError>;

    fn next(&mut self) -> Option<Self::Item> {
        let columns = match &mut self.columns {
            Ok(c) => *c,
            Err(e) => return e.take().map(Err),
        };
        match self.reader.read_record(&mut self.record) {
            Ok(false) => None,
            Ok(true) => {
                let line = self.record.position().map_or(0, |p| p.line());
                Some(
                    row_to_puzzle(&self.record, columns, &self.source)
                        .map_err(|(id, reason)| RowError { line, id, reason }),
                )
            }
            Err(e) => {
                let line = e.position().map_or(0, |p| p.line());
                if matches!(e.kind(), csv::ErrorKind::Io(_)) {
                    // An unreadable stream does not get better: stop after reporting it.
                    self.columns = Err(None);
                }
                Some(Err(RowError {
                    line,
                    id: None,
                    reason: RowReason::Csv(e.to_string()),
                }))
            }
        }
    }
}

fn row_to_puzzle(
    record: &StringRecord,
    c: Columns,
    source: &str,
) -> Result<Puzzle, (Option<String>, RowReason)> {
    let field = |i: usize, name: &'static str| {
        record
            .get(i)
            .map(str::trim)
            .ok_or((None, RowReason::MissingField(name)))
    };
    let id = field(c.id, "PuzzleId")?.to_owned();
    let with_id = |reason| (Some(id.clone()), reason);
    let fen = field(c.fen, "FEN")?;
    let moves = field(c.moves, "Moves")?;
    let position = parse_fen(fen).map_err(|e| with_id(RowReason::Fen(e)))?;
    let user_color = !position.turn();
    let ucis: Vec<&str> = moves.split_ascii_whitespace().collect();
    if ucis.len() < 2 {
        return Err(with_id(RowReason::TooFewMoves));
    }
    let line = build_line(
        &position,
        ucis.iter().enumerate().map(|(i, m)| (*m, i % 2 == 1, None)),
    )
    .map_err(|e| with_id(RowReason::Moves(e)))?;
    let opt = |i: Option<usize>| i.and_then(|i| record.get(i)).map(str::trim);
    let words = |i: Option<usize>| {
        opt(i)
            .map(|s| s.split_ascii_whitespace().map(str::to_owned).collect())
            .unwrap_or_default()
    };
    let number = |i: Option<usize>, column: &'static str| -> Result<Option<i64>, RowReason> {
        match opt(i) {
            None | Some("") => Ok(None),
            Some(s) => s.parse().map(Some).map_err(|_| RowReason::Number {
                column,
                value: s.to_owned(),
            }),
        }
    };
    let unsigned = |v: Option<i64>| v.and_then(|v| u32::try_from(v).ok());
    let rating = number(c.rating, "Rating").map_err(with_id)?;
    let rating_deviation = number(c.rating_deviation, "RatingDeviation").map_err(with_id)?;
    let popularity = number(c.popularity, "Popularity").map_err(with_id)?;
    let nb_plays = number(c.nb_plays, "NbPlays").map_err(with_id)?;
    Ok(Puzzle {
        title: format!("Lichess puzzle {id}"),
        subtitle: to_move_subtitle(user_color),
        fen: fen.to_owned(),
        position,
        user_color,
        themes: words(c.themes),
        difficulty: None,
        rating: unsigned(rating),
        rating_deviation: unsigned(rating_deviation),
        popularity: popularity.and_then(|v| i32::try_from(v).ok()),
        nb_plays: unsigned(nb_plays),
        opening_tags: words(c.opening_tags),
        game_url: opt(c.game_url).filter(|s| !s.is_empty()).map(str::to_owned),
        line,
        hints: Vec::new(),
        success_message: None,
        failure_message: None,
        source: source.to_owned(),
        id,
    })
}

/// Wraps `reader` in zstd decoding when `name` ends in `.zst`; returns it
/// unchanged otherwise.
///
/// # Errors
/// When the zstd decoder cannot be set up.
pub fn decompress_if_zst(reader: Box<dyn Read>, name: &str) -> io::Result<Box<dyn Read>> {
    if name.to_ascii_lowercase().ends_with(".zst") {
        Ok(Box::new(zstd::stream::read::Decoder::new(reader)?))
    } else {
        Ok(reader)
    }
}

fn column_prefix(e: &RowError) -> String {
    e.column()
        .map(|c| format!("field {c}: "))
        .unwrap_or_default()
}
