//! The I/O edge: opening puzzle files for the command line and the app.
//!
//! Everything else in [`crate::puzzle`] takes text or readers; only this
//! module touches paths.

use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
use std::path::Path;

use super::check::{CheckOptions, CheckSummary, check_csv_with, check_pack_with};
use super::finding::{Finding, Severity};
use super::json::parse_pack;
use super::lichess::read_lichess;
use super::{PackError, Puzzle};

/// The format of a puzzle file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// A JSON pack (array or object with `puzzles`).
    JsonPack,
    /// The Lichess puzzle CSV, zstd-compressed or not.
    LichessCsv {
        /// Whether the bytes are zstd-compressed.
        compressed: bool,
    },
}

const ZSTD_MAGIC: [u8; 4] = [0x28, 0xB5, 0x2F, 0xFD];

/// Detects a file's format from its name and its first bytes: the
/// extension decides (`.json`, `.csv`, `.csv.zst`/`.zst`), then the content
/// (a `[` or `{`, a zstd frame, a `PuzzleId` header).
pub fn detect_format(name: &str, head: &[u8]) -> Option<Format> {
    let lower = name.to_ascii_lowercase();
    if lower.ends_with(".json") {
        return Some(Format::JsonPack);
    }
    if lower.ends_with(".zst") {
        return Some(Format::LichessCsv { compressed: true });
    }
    if lower.ends_with(".csv") {
        return Some(Format::LichessCsv { compressed: false });
    }
    if head.starts_with(&ZSTD_MAGIC) {
        return Some(Format::LichessCsv { compressed: true });
    }
    let text = head.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(head);
    let first = text.iter().find(|b| !b.is_ascii_whitespace())?;
    match first {
        b'[' | b'{' => Some(Format::JsonPack),
        _ if text.windows(8).any(|w| w == b"PuzzleId") => {
            Some(Format::LichessCsv { compressed: false })
        }
        _ => None,
    }
}

/// What a file holds, judged from its first bytes: the kinds Sancho reads,
/// so that a file given in the wrong place is named and sent where it
/// belongs instead of being reported as broken.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Content {
    /// Chess games in PGN (tag pairs like `[Event "` or bare movetext `1. e4`).
    Pgn,
    /// A Sancho progress document (`{"schema":1, "attempts": ...}`).
    Progress,
    /// A puzzle pack (a JSON array of objects, or an object with `puzzles`).
    PuzzlePack,
}

impl Content {
    /// What the file is, for a message: "a pgn file of games".
    pub fn name(self) -> &'static str {
        match self {
            Content::Pgn => "a pgn file of games",
            Content::Progress => "a sancho progress file",
            Content::PuzzlePack => "a puzzle pack",
        }
    }

    /// What to do with a file of this kind at `path`: the commands that
    /// read it.
    pub fn what_to_do(self, path: &str) -> String {
        let path = shell_word(path);
        match self {
            Content::Pgn => format!(
                "write its moves down with `sancho drill scoresheet --pgn {path}`, \
                 or find puzzles in its games with `sancho mine {path}`"
            ),
            Content::Progress => {
                format!("merge it into your progress with `sancho progress import {path}`")
            }
            Content::PuzzlePack => format!(
                "play it with `sancho play --pack {path}` or check it with `sancho check {path}`"
            ),
        }
    }

    /// The whole message for a file of this kind given where `expected`
    /// ("a puzzle file") was wanted.
    pub fn misplaced(self, path: &str, expected: &str) -> String {
        format!(
            "this is {}, not {expected}: {}",
            self.name(),
            self.what_to_do(path)
        )
    }
}

/// `text` as one word for a POSIX shell, so that a command suggested with a
/// path in it can be pasted as it is: quoted only when it has to be.
fn shell_word(text: &str) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || "/._-+:@%,=".contains(c);
    if !text.is_empty() && text.chars().all(plain) {
        text.to_owned()
    } else {
        format!("'{}'", text.replace('\'', r"'\''"))
    }
}

/// Sniffs what a file holds from its first bytes (a byte-order mark and
/// leading blank space are skipped). `None` when it is none of [`Content`].
pub fn sniff_content(head: &[u8]) -> Option<Content> {
    let text = head.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(head);
    let start = text.iter().position(|b| !b.is_ascii_whitespace())?;
    let text = &text[start..];
    let after = |skip: usize| {
        let rest = text.get(skip..).unwrap_or_default();
        let at = rest.iter().position(|b| !b.is_ascii_whitespace());
        at.map(|i| &rest[i..]).unwrap_or_default()
    };
    let has = |needle: &[u8]| text.windows(needle.len()).any(|w| w == needle);
    match text[0] {
        // `[Event "...`: a tag name, blank space, a quote.
        b'[' => {
            let tag = text[1..]
                .iter()
                .take_while(|b| b.is_ascii_alphanumeric() || **b == b'_')
                .count();
            let rest = &text[1 + tag..];
            let gap = rest
                .iter()
                .take_while(|b| **b == b' ' || **b == b'\t')
                .count();
            if tag > 0 && gap > 0 && rest.get(gap) == Some(&b'"') {
                Some(Content::Pgn)
            } else if matches!(after(1).first(), Some(b'{' | b']')) {
                Some(Content::PuzzlePack)
            } else {
                None
            }
        }
        b'{' if has(b"\"schema\"") && !has(b"\"puzzles\"") => Some(Content::Progress),
        b'{' if has(b"\"puzzles\"") => Some(Content::PuzzlePack),
        // Bare movetext: `1. e4` or `1.e4`.
        b'0'..=b'9' => {
            let digits = text.iter().take_while(|b| b.is_ascii_digit()).count();
            let rest = &text[digits..];
            let dot = rest.first() == Some(&b'.');
            let next = after(digits + 1).first();
            (dot && next.is_some_and(|b| b.is_ascii_alphabetic())).then_some(Content::Pgn)
        }
        _ => None,
    }
}

/// Why a puzzle file could not be opened or read.
#[derive(Debug, thiserror::Error)]
pub enum SourceError {
    /// The file cannot be opened or read.
    #[error("{path}: {source}")]
    Io {
        /// The path as given.
        path: String,
        /// The I/O error.
        source: io::Error,
    },
    /// Neither a JSON pack nor a Lichess CSV.
    #[error("{0}: not a puzzle file (expected a .json pack or a lichess .csv / .csv.zst)")]
    UnknownFormat(String),
    /// Another kind of file Sancho reads (a PGN, a progress file) given
    /// where a puzzle file is expected.
    #[error("{path}: {}", .kind.misplaced(.path, "a puzzle file"))]
    WrongKind {
        /// The path as given.
        path: String,
        /// What the file holds.
        kind: Content,
    },
    /// A Lichess CSV whose header is unusable, or whose bytes cannot be
    /// read or decompressed part way.
    #[error("{path}: {source}")]
    Csv {
        /// The path as given.
        path: String,
        /// Where and why.
        source: super::RowError,
    },
    /// A JSON pack that is not valid JSON or has the wrong shape.
    #[error("{path}: {source}")]
    Pack {
        /// The path as given.
        path: String,
        /// Why.
        source: PackError,
    },
}

impl SourceError {
    /// What is wrong, without the path (for a report that names the file
    /// already).
    pub fn reason(&self) -> String {
        match self {
            SourceError::Io { source, .. } => source.to_string(),
            SourceError::UnknownFormat(_) => {
                "not a puzzle file (expected a .json pack or a lichess .csv / .csv.zst)".to_owned()
            }
            SourceError::WrongKind { path, kind } => kind.misplaced(path, "a puzzle file"),
            SourceError::Csv { source, .. } => source.to_string(),
            SourceError::Pack { source, .. } => source.to_string(),
        }
    }
}

/// Opens a puzzle file, detects its format and returns a reader of its
/// (decompressed) bytes.
///
/// # Errors
/// When the file cannot be opened, its format is unknown, or it is a PGN or
/// a progress file ([`SourceError::WrongKind`]).
pub fn open_puzzle_file(path: &Path) -> Result<(Format, Box<dyn Read>), SourceError> {
    let name = path.display().to_string();
    let io_err = |source| SourceError::Io {
        path: name.clone(),
        source,
    };
    let mut reader = BufReader::new(File::open(path).map_err(io_err)?);
    let head = reader.fill_buf().map_err(io_err)?.to_vec();
    let format = detect_format(&name, &head);
    // A CSV is never sniffed (its bytes may be compressed); anything else
    // that is a PGN or a progress file is named as such.
    if !matches!(format, Some(Format::LichessCsv { .. }))
        && let Some(kind @ (Content::Pgn | Content::Progress)) = sniff_content(&head)
    {
        return Err(SourceError::WrongKind { path: name, kind });
    }
    let format = format.ok_or_else(|| SourceError::UnknownFormat(name.clone()))?;
    let reader: Box<dyn Read> = match format {
        Format::LichessCsv { compressed: true } => Box::new(super::lichess::Unzstd(
            zstd::stream::read::Decoder::new(reader).map_err(io_err)?,
        )),
        _ => Box::new(reader),
    };
    Ok((format, reader))
}

/// The largest JSON pack read (the built-in packs are a few hundred KB; a
/// pack is read whole, so a bound keeps a huge or endless file from
/// exhausting memory).
pub const MAX_PACK_BYTES: u64 = 64 << 20;

/// Reads a whole JSON pack, at most [`MAX_PACK_BYTES`].
fn read_pack_text(reader: impl Read) -> io::Result<String> {
    let mut bytes = Vec::new();
    reader.take(MAX_PACK_BYTES + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > MAX_PACK_BYTES {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            format!(
                "a json pack may hold at most {} MiB (the lichess database belongs in a .csv)",
                MAX_PACK_BYTES >> 20
            ),
        ));
    }
    String::from_utf8(bytes).map_err(|e| {
        io::Error::new(
            io::ErrorKind::InvalidData,
            format!(
                "the pack is not utf-8 text (byte {} is not)",
                e.utf8_error().valid_up_to() + 1
            ),
        )
    })
}

/// Checks one file of either format: every finding and the counts.
pub fn check_path(path: &Path) -> (Vec<Finding>, CheckSummary) {
    check_path_with(path, CheckOptions::default())
}

/// [`check_path`] with options (`--strict`).
pub fn check_path_with(path: &Path, options: CheckOptions) -> (Vec<Finding>, CheckSummary) {
    let name = path.display().to_string();
    let file_error = |message: String| {
        let summary = CheckSummary {
            file_errors: 1,
            ..CheckSummary::default()
        };
        (vec![Finding::file_error(&name, None, message)], summary)
    };
    let (format, reader) = match open_puzzle_file(path) {
        Ok(opened) => opened,
        Err(e) => return file_error(e.reason()),
    };
    match format {
        Format::JsonPack => match read_pack_text(reader) {
            Ok(text) => check_pack_with(&text, &name, options),
            Err(e) => file_error(e.to_string()),
        },
        Format::LichessCsv { .. } => {
            let mut findings = Vec::new();
            let summary = check_csv_with(reader, &name, options, |f| findings.push(f));
            (findings, summary)
        }
    }
}

/// Puzzles loaded from a file for solving, with those that were skipped.
#[derive(Debug, Default)]
pub struct Loaded {
    /// The valid puzzles, in file order.
    pub puzzles: Vec<Puzzle>,
    /// Why the others were skipped (errors only).
    pub skipped: Vec<Finding>,
}

/// Loads every valid puzzle of a file (JSON pack or Lichess CSV); invalid
/// ones are skipped and reported. Claims (mate) are not checked here:
/// `check` does that.
///
/// # Errors
/// When the file cannot be opened, is not a puzzle file, or is malformed JSON.
pub fn load_path(path: &Path) -> Result<Loaded, SourceError> {
    load_path_or_one(path, None)
}

/// Loads the puzzle with id `wanted` from a file, for `play --puzzle ID`.
///
/// A Lichess CSV (the whole database may be millions of rows) is read only
/// up to the row with that id: the rows after it are never read, and rows
/// before it that do not check out are not reported (they are not the
/// puzzle asked for). When the wanted row itself does not check out, it is
/// the one finding in [`Loaded::skipped`]. A JSON pack is read whole, as
/// [`load_path`] does, and filtered to the id.
///
/// # Errors
/// As [`load_path`].
pub fn load_one(path: &Path, wanted: &str) -> Result<Loaded, SourceError> {
    load_path_or_one(path, Some(wanted))
}

/// [`load_path`] (`wanted` is `None`) or [`load_one`].
fn load_path_or_one(path: &Path, wanted: Option<&str>) -> Result<Loaded, SourceError> {
    let name = path.display().to_string();
    let (format, reader) = open_puzzle_file(path)?;
    let mut loaded = Loaded::default();
    match format {
        Format::JsonPack => {
            let text = read_pack_text(reader).map_err(|source| SourceError::Io {
                path: name.clone(),
                source,
            })?;
            let raw = parse_pack(&text).map_err(|source| SourceError::Pack {
                path: name.clone(),
                source,
            })?;
            let pack_name = raw.name.clone().unwrap_or_else(|| name.clone());
            for entry in &raw.entries {
                let problems = match &entry.puzzle {
                    Ok(rp) => match rp.to_valid_puzzle(&pack_name) {
                        Ok(p) => {
                            if wanted.is_none_or(|id| id == p.id) {
                                loaded.puzzles.push(p);
                            }
                            continue;
                        }
                        Err(problems) => (rp.id.clone(), problems),
                    },
                    Err(message) => (
                        entry.id.clone(),
                        vec![super::finding::Problem {
                            field: entry.wrong_field.clone(),
                            severity: Severity::Error,
                            message: message.to_string(),
                        }],
                    ),
                };
                let (id, problems) = problems;
                loaded.skipped.extend(
                    problems
                        .into_iter()
                        .filter(|p| p.severity == Severity::Error)
                        .map(|p| Finding {
                            file: name.clone(),
                            line: entry.line,
                            puzzle_id: id.clone(),
                            field: p.field,
                            severity: p.severity,
                            message: p.message,
                        }),
                );
            }
        }
        Format::LichessCsv { .. } => {
            for row in read_lichess(reader, &name) {
                match row {
                    Ok(p) => match wanted {
                        None => loaded.puzzles.push(p),
                        Some(id) if id == p.id => {
                            loaded.puzzles.push(p);
                            break;
                        }
                        Some(_) => {}
                    },
                    Err(e) if e.is_file_error() => {
                        return Err(SourceError::Csv {
                            path: name,
                            source: e,
                        });
                    }
                    Err(e) if wanted.is_some_and(|id| e.id.as_deref() != Some(id)) => {}
                    Err(e) => {
                        loaded.skipped.push(Finding {
                            file: name.clone(),
                            line: usize::try_from(e.line).ok(),
                            puzzle_id: e.id.clone(),
                            field: e.column().map(str::to_owned),
                            severity: Severity::Error,
                            message: e.reason.to_string(),
                        });
                        if wanted.is_some() {
                            break;
                        }
                    }
                }
            }
        }
    }
    Ok(loaded)
}
