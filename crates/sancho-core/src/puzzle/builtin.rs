//! The built-in puzzle packs read from their files' text: the binary
//! embeds `puzzles/*.json` and `puzzles/*.csv` and hands them in (the
//! core opens no file).
//!
//! The JSON packs are the hand-written notation-teaching track; the CSV is
//! the Lichess starter set (CC0), selected by `sancho library curate` (see
//! docs/GUIDE.md for the exact command).

use super::json::{Pack, PackError, read_pack};
use super::lichess::read_lichess;

/// The name of the pack read from a built-in Lichess CSV.
pub const STARTER_NAME: &str = "Lichess Starter Set";

/// A built-in pack that does not read: a build of Sancho that should
/// never have passed its tests.
#[derive(Debug, thiserror::Error)]
#[error("the built-in pack puzzles/{file} does not read: {source}")]
pub struct BuiltinError {
    /// The pack's file name.
    pub file: &'static str,
    /// Why.
    pub source: PackError,
}

/// The packs of `files` ((file name, text), as the binary embeds them),
/// parsed in order: JSON packs, and the Lichess starter set for a CSV.
///
/// # Errors
/// The first pack that does not read (the test suite keeps this from
/// happening: every built-in pack must pass `sancho check --strict`).
pub fn read_builtin_packs(files: &[(&'static str, &str)]) -> Result<Vec<Pack>, BuiltinError> {
    files
        .iter()
        .map(|(file, text)| {
            read_builtin(file, text).map_err(|source| BuiltinError { file, source })
        })
        .collect()
}

/// Whether a built-in file is Lichess CSV (otherwise a JSON pack).
pub fn is_csv(file: &str) -> bool {
    file.ends_with(".csv")
}

fn read_builtin(file: &str, text: &str) -> Result<Pack, PackError> {
    if !is_csv(file) {
        return read_pack(text, file);
    }
    let puzzles = read_lichess(text.as_bytes(), STARTER_NAME)
        .map(|row| {
            row.map_err(|e| PackError::Puzzle {
                id: e.id.clone().unwrap_or_else(|| format!("#{}", e.line)),
                line: usize::try_from(e.line).ok(),
                message: e.reason.to_string(),
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Pack {
        name: STARTER_NAME.to_owned(),
        description: Some(
            "Real puzzles from the Lichess puzzle database (CC0), spread over every theme and \
             ratings from 600 to 2600."
                .to_owned(),
        ),
        puzzles,
    })
}
