//! The built-in puzzle packs, embedded from `puzzles/*.json` at build time.

use super::json::{Pack, PackError, read_pack};

/// Every built-in pack file as (file name, JSON text), in file-name order.
pub const BUILTIN_FILES: &[(&str, &str)] = include!(concat!(env!("OUT_DIR"), "/builtin_packs.rs"));

/// The built-in packs, parsed, in file-name order.
///
/// # Errors
/// The first pack that does not read (the test suite keeps this from
/// happening: every built-in pack must pass `sancho check`).
pub fn builtin_packs() -> Result<Vec<Pack>, (&'static str, PackError)> {
    BUILTIN_FILES
        .iter()
        .map(|(file, text)| read_pack(text, file).map_err(|e| (*file, e)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::{CheckOptions, check_pack_with};

    #[test]
    fn every_builtin_pack_reads_and_passes_the_strict_checker() {
        let packs = builtin_packs().unwrap_or_else(|(file, e)| panic!("{file}: {e}"));
        assert_eq!(packs.len(), BUILTIN_FILES.len());
        let mut ids = std::collections::HashSet::new();
        for (file, text) in BUILTIN_FILES {
            let (findings, summary) = check_pack_with(text, file, CheckOptions::STRICT);
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
