//! `sancho resolve --batch`: one JSON answer per `FEN<TAB>INPUT` line.
//!
//! The loop lives in the core (it reads any [`BufRead`] and writes any
//! [`Write`]) so that the command, the benchmark and the baseline
//! comparison (`examples/batch_baseline.rs`) run the same code. Canonical
//! SAN in English takes a fast path that writes its line by hand, byte for
//! byte the line [`ResolveReport`] would give (a test holds the two equal):
//! it is the workload scripts send in bulk.

use std::fmt::Write as _;
use std::io::{self, BufRead, Write};

use shakmaty::san::SanPlus;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Move};

use super::fen::{FenError, parse_fen};
use super::lang::{Lang, resolve_in};
use super::parse::{MAX_INPUT_LEN, bounded_prefix};
use super::report::ResolveReport;
use super::types::Strictness;
use super::write::{push_lan, san_plus};

/// The longest batch line read in full: a FEN (under 100 bytes), a tab and
/// a move of at most [`MAX_INPUT_LEN`] bytes fit with room to spare; a
/// longer line is answered as too long without being held in memory.
pub const MAX_BATCH_LINE: usize = 4096;

/// How a batch reads and writes moves.
#[derive(Clone, Copy)]
pub struct BatchOptions<'a> {
    /// Strict (canonical SAN only) or lenient.
    pub strictness: Strictness,
    /// The piece letters the inputs are written in.
    pub lang: Lang,
    /// Writes the `local` spelling of a SAN (`--lang` other than English,
    /// `--figurine`); `None`: the answers carry no `local`.
    pub local: Option<&'a dyn Fn(&str) -> String>,
}

/// A batch that could not go on.
#[derive(Debug, thiserror::Error)]
pub enum BatchError {
    /// The input could not be read.
    #[error("line {line}: {source}")]
    Read {
        /// The 1-based number of the line being read.
        line: usize,
        /// Why.
        source: io::Error,
    },
    /// The answers could not be written.
    #[error("writing the answers: {0}")]
    Write(#[from] io::Error),
}

impl From<serde_json::Error> for BatchError {
    fn from(e: serde_json::Error) -> Self {
        BatchError::Write(e.into())
    }
}

/// Answers every line of `reader` on `out`, in order, each JSON object with
/// its `"line"` number: `FEN<TAB>INPUT` lines are resolved; an empty line,
/// a line that is not UTF-8 or one that is too long gets an `invalid`
/// object. The last position is kept, so lines that share a FEN parse it
/// once. Returns the number of lines answered.
///
/// # Errors
/// [`BatchError`] when reading or writing fails; every line before it has
/// been answered.
pub fn run<R: BufRead + ?Sized, W: Write>(
    reader: &mut R,
    out: &mut W,
    options: &BatchOptions<'_>,
) -> Result<usize, BatchError> {
    let fast = options.lang.is_english() && options.local.is_none();
    let mut cached_fen = String::with_capacity(128);
    let mut cached: Option<Result<Chess, FenError>> = None;
    let mut bytes = Vec::with_capacity(256);
    let mut scratch = FastLine::default();
    let mut number = 0;
    while let Some(truncated) =
        read_bounded_line(reader, &mut bytes, MAX_BATCH_LINE).map_err(|source| {
            BatchError::Read {
                line: number + 1,
                source,
            }
        })?
    {
        number += 1;
        if bytes.last() == Some(&b'\r') {
            bytes.pop();
        }
        let line = match std::str::from_utf8(&bytes) {
            Ok(line) => line,
            Err(e) => {
                let lossy = String::from_utf8_lossy(&bytes);
                let input = lossy.split_once('\t').map_or("", |(_, i)| i);
                let message = format!(
                    "line {number} is not valid UTF-8 (byte {})",
                    e.valid_up_to() + 1
                );
                let report = ResolveReport::invalid(bounded_prefix(input), "encoding", message);
                serde_json::to_writer(&mut *out, &report.at_line(number))?;
                out.write_all(b"\n")?;
                continue;
            }
        };
        let (fen, input) = line.split_once('\t').unwrap_or((line, ""));
        let report = if truncated {
            let message = format!(
                "line {number} is too long: a line is a FEN, a tab and a move of at most {MAX_INPUT_LEN} bytes"
            );
            ResolveReport::invalid(bounded_prefix(input), "syntax", message)
        } else if line.trim().is_empty() {
            let message = format!("line {number} is empty: expected FEN<TAB>INPUT");
            ResolveReport::invalid(input, "syntax", message)
        } else {
            if cached_fen != fen {
                cached = None;
            }
            let parsed = cached.get_or_insert_with(|| {
                cached_fen.clear();
                cached_fen.push_str(fen);
                parse_fen(fen)
            });
            match parsed {
                Ok(pos) => {
                    if fast && scratch.write(pos, input, number) {
                        out.write_all(scratch.line.as_bytes())?;
                        continue;
                    }
                    let result = resolve_in(pos, input, options.strictness, options.lang);
                    let report = ResolveReport::new(input, &result);
                    let report = match options.local {
                        Some(write) => report.localized(write),
                        None => report,
                    };
                    serde_json::to_writer(&mut *out, &report.at_line(number))?;
                    out.write_all(b"\n")?;
                    continue;
                }
                Err(message) => ResolveReport::bad_fen(input, format!("line {number}: {message}")),
            }
        };
        serde_json::to_writer(&mut *out, &report.at_line(number))?;
        out.write_all(b"\n")?;
    }
    out.flush()?;
    Ok(number)
}

/// The fast path's reused buffers: the canonical SAN of the move read and
/// the JSON line being written.
#[derive(Default)]
struct FastLine {
    san: String,
    line: String,
}

impl FastLine {
    /// When `input` is canonical SAN in `pos`, writes its `ok` answer as
    /// line `number` into `self.line` (newline included) and says so;
    /// otherwise leaves the answer to the resolver. The bytes equal
    /// `serde_json` on [`ResolveReport`]: every string written here is made
    /// of SAN, LAN and UCI characters, which JSON never escapes.
    fn write(&mut self, pos: &Chess, input: &str, number: usize) -> bool {
        let Ok(parsed) = SanPlus::from_ascii(input.as_bytes()) else {
            return false;
        };
        let Ok(mv) = parsed.san.to_move(pos) else {
            return false;
        };
        let san = san_plus(pos, mv);
        self.san.clear();
        // Writing into a String cannot fail.
        let _ = write!(self.san, "{san}");
        if self.san != input {
            return false;
        }
        let line = &mut self.line;
        line.clear();
        line.push_str("{\"line\":");
        push_number(line, number);
        line.push_str(",\"input\":\"");
        line.push_str(input);
        line.push_str("\",\"status\":\"ok\",\"uci\":\"");
        push_uci(line, mv);
        line.push_str("\",\"san\":\"");
        line.push_str(input);
        line.push_str("\",\"lan\":\"");
        push_lan(line, mv, san.suffix);
        line.push_str("\",\"diagnostics\":[],\"candidates\":[]}\n");
        true
    }
}

/// Appends `n` in decimal, as serde writes it.
fn push_number(out: &mut String, n: usize) {
    let mut digits = [0u8; 20];
    let mut at = digits.len();
    let mut n = n;
    loop {
        at -= 1;
        digits[at] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    for &d in &digits[at..] {
        out.push(char::from(d));
    }
}

/// Appends the UCI of `mv` (castling as the king's move, `e1g1`).
fn push_uci(out: &mut String, mv: Move) {
    match mv.to_uci(CastlingMode::Standard) {
        UciMove::Normal {
            from,
            to,
            promotion,
        } => {
            for sq in [from, to] {
                out.push(sq.file().char());
                out.push(sq.rank().char());
            }
            if let Some(role) = promotion {
                out.push(role.char());
            }
        }
        // Not from a legal chess move; written as shakmaty writes it.
        other => {
            let _ = write!(out, "{other}");
        }
    }
}

/// Reads one line (without its `\n`) into `buf`, keeping at most `limit`
/// bytes and skipping the rest of a longer line. `None` at the end of the
/// input; otherwise whether the line was cut.
fn read_bounded_line<R: BufRead + ?Sized>(
    reader: &mut R,
    buf: &mut Vec<u8>,
    limit: usize,
) -> io::Result<Option<bool>> {
    buf.clear();
    let (mut any, mut truncated) = (false, false);
    loop {
        let available = match reader.fill_buf() {
            Ok(available) => available,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if available.is_empty() {
            return Ok(any.then_some(truncated));
        }
        any = true;
        let newline = available.iter().position(|&b| b == b'\n');
        let chunk = &available[..newline.unwrap_or(available.len())];
        let room = limit.saturating_sub(buf.len());
        truncated |= chunk.len() > room;
        buf.extend_from_slice(&chunk[..chunk.len().min(room)]);
        let used = newline.map_or(available.len(), |i| i + 1);
        reader.consume(used);
        if newline.is_some() {
            return Ok(Some(truncated));
        }
    }
}

#[cfg(test)]
mod tests;
