//! The Lichess puzzle CSV, read as a stream of puzzles.
//!
//! Columns are found by header name, in any order; extra columns (such as
//! `DailyDate`) are ignored. `FEN` is the position before the opponent's
//! move; `Moves[0]` is the opponent's, and the user plays the other colour.
//!
//! The Lichess export never quotes a field (no field holds a comma, a quote
//! or a line break), so a row is exactly one line split at commas. A quote,
//! an id that is not a Lichess id, or a line longer than
//! [`MAX_LINE_BYTES`] makes that one row bad, reported with its line
//! number; the rows around it are read as usual. Memory stays bounded
//! whatever the input (`/dev/zero` included).

use std::io::{self, BufRead, BufReader, Read};

use shakmaty::Position;

use super::{FenError, Puzzle, SolutionError, build_solution, parse_fen, to_move_subtitle};

/// The longest line read as a row (a Lichess row is about 200 bytes).
pub const MAX_LINE_BYTES: usize = 64 * 1024;

/// The longest puzzle id accepted (Lichess's are five characters).
pub const MAX_ID_CHARS: usize = 16;

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
    /// The first line is not a header at all (too long, or not text).
    #[error("the first line is not a lichess csv header: {0}")]
    BadHeader(String),
    /// The stream cannot be read (an I/O or decompression error): reading
    /// stops here.
    #[error("cannot read the file: {0}")]
    Csv(String),
    /// The file holds nothing at all.
    #[error("the file is empty (a lichess csv starts with a header line)")]
    Empty,
    /// The line is longer than [`MAX_LINE_BYTES`].
    #[error(
        "the line is longer than {} KiB (a lichess row is about 200 bytes)",
        MAX_LINE_BYTES / 1024
    )]
    TooLong,
    /// The line is not UTF-8 text.
    #[error("the line is not utf-8 text")]
    NotUtf8,
    /// A quote character: the Lichess export never quotes fields.
    #[error("a quote character (\"): the lichess export never quotes fields")]
    Quote(Option<&'static str>),
    /// The id is not a Lichess puzzle id.
    #[error(
        "{0:?} is not a lichess puzzle id (1 to {MAX_ID_CHARS} letters and digits){hint}",
        hint = spreadsheet_hint(.0)
    )]
    BadId(String),
    /// The row has fewer fields than the header.
    #[error("the row has no such field")]
    MissingField(&'static str),
    /// The FEN is invalid.
    #[error("{0}")]
    Fen(FenError),
    /// The moves do not play.
    #[error("{0}")]
    Moves(SolutionError),
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
            RowReason::BadId(_) => Some("PuzzleId"),
            RowReason::Quote(column) => *column,
            RowReason::Csv(_)
            | RowReason::Empty
            | RowReason::BadHeader(_)
            | RowReason::TooLong
            | RowReason::NotUtf8 => None,
        }
    }

    /// Whether the header is unusable, so that no row can be read.
    pub fn is_header(&self) -> bool {
        matches!(
            self.reason,
            RowReason::MissingColumn(_) | RowReason::BadHeader(_) | RowReason::Empty
        )
    }

    /// Whether the problem is the file's rather than one row's (a bad
    /// header, an unreadable or undecompressable stream): no more rows come.
    pub fn is_file_error(&self) -> bool {
        self.is_header() || matches!(self.reason, RowReason::Csv(_))
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
    fn from_header(header: &str) -> Result<Self, RowReason> {
        let find = |name: &str| header.split(',').position(|h| h.trim() == name);
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

    /// The name of the column at `index`, if it is one Sancho reads.
    fn name(&self, index: usize) -> Option<&'static str> {
        let named = [
            (Some(self.id), "PuzzleId"),
            (Some(self.fen), "FEN"),
            (Some(self.moves), "Moves"),
            (self.rating, "Rating"),
            (self.rating_deviation, "RatingDeviation"),
            (self.popularity, "Popularity"),
            (self.nb_plays, "NbPlays"),
            (self.themes, "Themes"),
            (self.game_url, "GameUrl"),
            (self.opening_tags, "OpeningTags"),
        ];
        named
            .into_iter()
            .find(|(i, _)| *i == Some(index))
            .map(|(_, name)| name)
    }
}

/// What [`LichessReader::read_line`] found: a line of text in `buf`, or one
/// too long to keep.
enum Line {
    Text,
    TooLong,
}

/// A streaming reader of Lichess puzzles: an iterator over
/// `Result<Puzzle, RowError>`, one item per data row.
pub struct LichessReader<R: Read> {
    input: BufReader<R>,
    columns: Result<Columns, Option<RowError>>,
    /// The line read last, without its line break.
    buf: Vec<u8>,
    /// Its 1-based number.
    line: u64,
    source: String,
}

/// Starts reading Lichess CSV from `reader`; `source` is recorded in each
/// puzzle (usually the file name).
///
/// A broken header is reported as the first item.
pub fn read_lichess<R: Read>(reader: R, source: &str) -> LichessReader<R> {
    let mut rows = LichessReader {
        input: BufReader::with_capacity(1 << 16, reader),
        columns: Err(None),
        buf: Vec::new(),
        line: 0,
        source: source.to_owned(),
    };
    let header_error = |reason| {
        Err(Some(RowError {
            line: 1,
            id: None,
            reason,
        }))
    };
    rows.columns = match rows.read_line() {
        Ok(None) => header_error(RowReason::Empty),
        Ok(Some(Line::TooLong)) => header_error(RowReason::BadHeader(format!(
            "it is longer than {} KiB",
            MAX_LINE_BYTES / 1024
        ))),
        Ok(Some(Line::Text)) => {
            let bytes = rows.buf.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(&rows.buf);
            match std::str::from_utf8(bytes) {
                Ok(header) => Columns::from_header(header).map_err(|reason| {
                    Some(RowError {
                        line: 1,
                        id: None,
                        reason,
                    })
                }),
                Err(_) => header_error(RowReason::BadHeader("it is not utf-8 text".into())),
            }
        }
        Err(e) => header_error(RowReason::Csv(e.to_string())),
    };
    rows
}

impl<R: Read> LichessReader<R> {
    /// The 1-based line of the row read last (0 before the first).
    pub fn line(&self) -> u64 {
        self.line
    }

    /// Reads the next line into `buf`, or its first [`MAX_LINE_BYTES`] and
    /// [`Line::TooLong`] (the rest is left unread). `None` at the end.
    fn read_line(&mut self) -> io::Result<Option<Line>> {
        self.buf.clear();
        let limit = MAX_LINE_BYTES as u64 + 1;
        let n = (&mut self.input)
            .take(limit)
            .read_until(b'\n', &mut self.buf)?;
        if n == 0 {
            return Ok(None);
        }
        self.line += 1;
        if self.buf.last() == Some(&b'\n') {
            self.buf.pop();
            if self.buf.last() == Some(&b'\r') {
                self.buf.pop();
            }
            return Ok(Some(Line::Text));
        }
        if self.buf.len() <= MAX_LINE_BYTES {
            return Ok(Some(Line::Text)); // the last line, without a break
        }
        self.buf.clear();
        Ok(Some(Line::TooLong))
    }

    /// Skips the rest of a line too long to keep, up to its line break.
    fn skip_rest_of_line(&mut self) -> io::Result<()> {
        loop {
            let available = self.input.fill_buf()?;
            if available.is_empty() {
                break;
            }
            let (used, found) = match available.iter().position(|&b| b == b'\n') {
                Some(i) => (i + 1, true),
                None => (available.len(), false),
            };
            self.input.consume(used);
            if found {
                break;
            }
        }
        Ok(())
    }

    /// The next data row, blank lines skipped.
    fn next_row(&mut self, columns: Columns) -> Option<Result<Puzzle, RowError>> {
        loop {
            let read = match self.read_line() {
                Ok(None) => return None,
                Ok(Some(read)) => read,
                Err(e) => {
                    // An unreadable stream does not get better: stop after reporting it.
                    self.columns = Err(None);
                    return Some(Err(RowError {
                        line: self.line + 1,
                        id: None,
                        reason: RowReason::Csv(e.to_string()),
                    }));
                }
            };
            let line = self.line;
            let error = |id, reason| Some(Err(RowError { line, id, reason }));
            if let Line::TooLong = read {
                if let Err(e) = self.skip_rest_of_line() {
                    self.columns = Err(None);
                    return error(None, RowReason::Csv(e.to_string()));
                }
                return error(None, RowReason::TooLong);
            }
            let Ok(text) = std::str::from_utf8(&self.buf) else {
                return error(None, RowReason::NotUtf8);
            };
            if text.trim().is_empty() {
                continue;
            }
            let fields: Vec<&str> = text.split(',').collect();
            let id = fields
                .get(columns.id)
                .map(|f| f.trim())
                .filter(|id| is_lichess_id(id))
                .map(str::to_owned);
            if let Some(at) = fields.iter().position(|f| f.contains('"')) {
                return error(id, RowReason::Quote(columns.name(at)));
            }
            return Some(
                row_to_puzzle(&fields, columns, &self.source).map_err(|(id, reason)| RowError {
                    line,
                    id,
                    reason,
                }),
            );
        }
    }
}

/// Whether `id` can be a Lichess puzzle id: 1 to [`MAX_ID_CHARS`] ASCII
/// letters and digits.
fn is_lichess_id(id: &str) -> bool {
    (1..=MAX_ID_CHARS).contains(&id.len()) && id.bytes().all(|b| b.is_ascii_alphanumeric())
}

impl<R: Read> Iterator for LichessReader<R> {
    type Item = Result<Puzzle, RowError>;

    fn next(&mut self) -> Option<Self::Item> {
        let columns = match &mut self.columns {
            Ok(c) => *c,
            Err(e) => return e.take().map(Err),
        };
        self.next_row(columns)
    }
}

fn row_to_puzzle(
    record: &[&str],
    c: Columns,
    source: &str,
) -> Result<Puzzle, (Option<String>, RowReason)> {
    let field = |i: usize, name: &'static str| {
        record
            .get(i)
            .map(|f| f.trim())
            .ok_or((None, RowReason::MissingField(name)))
    };
    let id = field(c.id, "PuzzleId")?.to_owned();
    if !is_lichess_id(&id) {
        let shown: String = id.chars().take(40).collect();
        return Err((None, RowReason::BadId(shown)));
    }
    let with_id = |reason| (Some(id.clone()), reason);
    let fen = field(c.fen, "FEN")?;
    let moves = field(c.moves, "Moves")?;
    let position = parse_fen(fen).map_err(|e| with_id(RowReason::Fen(e)))?;
    let user_color = !position.turn();
    let ucis: Vec<&str> = moves.split_ascii_whitespace().collect();
    if ucis.len() < 2 {
        return Err(with_id(RowReason::TooFewMoves));
    }
    let line = build_solution(
        &position,
        ucis.iter().enumerate().map(|(i, m)| (*m, i % 2 == 1, None)),
    )
    .map_err(|e| with_id(RowReason::Moves(e)))?;
    let opt = |i: Option<usize>| i.and_then(|i| record.get(i)).map(|f| f.trim());
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
        title_at_end: false,
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
        lead: None,
        solution: line,
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
        Ok(Box::new(Unzstd(zstd::stream::read::Decoder::new(reader)?)))
    } else {
        Ok(reader)
    }
}

/// A zstd decoder whose errors say they are about decompressing (the
/// decoder's own, "incomplete frame", do not).
pub(crate) struct Unzstd<R: Read>(pub(crate) R);

impl<R: Read> Read for Unzstd<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.0.read(buf).map_err(|e| {
            io::Error::new(
                e.kind(),
                format!("the zstd data is damaged or cut off ({e})"),
            )
        })
    }
}

/// A hint for an id such as `6E+087`: a spreadsheet's number for `6E087`.
fn spreadsheet_hint(id: &str) -> &'static str {
    if id.contains("E+") || id.contains("e+") {
        "; a spreadsheet may have rewritten it as a number"
    } else {
        ""
    }
}

fn column_prefix(e: &RowError) -> String {
    e.column()
        .map(|c| format!("field {c}: "))
        .unwrap_or_default()
}
