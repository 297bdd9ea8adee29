//! The built-in puzzle packs, embedded from `puzzles/*.json` and
//! `puzzles/*.csv` at build time.
//!
//! The JSON packs are the hand-written notation-teaching track; the CSV is
//! the Lichess starter set (CC0), selected by `sancho library curate` (see
//! docs/GUIDE.md for the exact command).

use super::json::{Pack, PackError, read_pack};
use super::lichess::read_lichess;

/// Every built-in pack file as (file name, text), in file-name order.
pub const BUILTIN_FILES: &[(&str, &str)] = include!(concat!(env!("OUT_DIR"), "/builtin_packs.rs"));

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

/// The built-in packs, parsed, in file-name order.
///
/// # Errors
/// The first pack that does not read (the test suite keeps this from
/// happening: every built-in pack must pass `sancho check --strict`).
pub fn builtin_packs() -> Result<Vec<Pack>, BuiltinError> {
    BUILTIN_FILES
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::{CheckOptions, CheckSummary, check_csv_with, check_pack_with};

    #[test]
    fn every_builtin_pack_reads_and_passes_the_strict_checker() {
        let packs = builtin_packs().unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(packs.len(), BUILTIN_FILES.len());
        let mut ids = std::collections::HashSet::new();
        for (file, text) in BUILTIN_FILES {
            let (findings, summary): (Vec<_>, CheckSummary) = if is_csv(file) {
                let mut findings = Vec::new();
                let summary = check_csv_with(text.as_bytes(), file, CheckOptions::STRICT, |f| {
                    findings.push(f);
                });
                (findings, summary)
            } else {
                check_pack_with(text, file, CheckOptions::STRICT)
            };
            assert!(findings.is_empty(), "{file}: {findings:#?}");
            assert!(
                summary.is_ok() && summary.checked > 0,
                "{file}: {summary:?}"
            );
        }
        for pack in &packs {
            for p in &pack.puzzles {
                assert!(ids.insert(p.id.clone()), "id {} is in two packs", p.id);
            }
        }
    }
}
