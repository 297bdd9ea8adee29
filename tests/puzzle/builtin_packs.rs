//! The built-in content the binary embeds (`sancho::content`): every pack
//! reads and passes the strict checker, every puzzle id is unique, and no
//! prefix of any move in any of them leaks a check or mate sign through
//! the live hint while the puzzle is unsolved.

use std::collections::HashSet;

use sancho::notation::HintEngine;
use sancho::puzzle::{
    BUILTIN_FILES, CheckOptions, CheckSummary, builtin_packs, check_csv_with, check_pack_with,
    is_csv,
};
use sancho::spoiler::{CHECK_CODES, Policy, has_square, shown};

#[test]
fn every_builtin_pack_reads_and_passes_the_strict_checker() {
    let packs = builtin_packs().unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(packs.len(), BUILTIN_FILES.len());
    let mut ids = HashSet::new();
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

/// Over every built-in puzzle's position, every prefix of every legal
/// move's SAN and UCI: the unsolved policy never shows a sign, never lists
/// moves once a square is typed or for one letter, and keeps the engine's
/// state and candidates (count) as they are.
#[test]
fn no_prefix_of_any_move_in_any_builtin_puzzle_leaks_a_sign() {
    let packs = builtin_packs().expect("built-in packs");
    let mut checked = 0;
    for puzzle in packs.iter().flat_map(|p| &p.puzzles) {
        let engine = HintEngine::new(&puzzle.position);
        for m in engine.moves() {
            for spelling in [&m.san, &m.uci] {
                let chars: Vec<char> = spelling.chars().collect();
                for end in 1..=chars.len() {
                    let typed: String = chars[..end].iter().collect();
                    let hint = engine.hint(&typed);
                    let s = shown(&hint, &typed, Policy::Unsolved);
                    assert!(
                        s.sans.iter().all(|m| !m.contains(['+', '#'])),
                        "{} {typed}: {s:?}",
                        puzzle.id
                    );
                    assert!(
                        s.diagnostics
                            .iter()
                            .all(|d| !CHECK_CODES.contains(&d.code)
                                && !d.message.contains(['+', '#'])),
                        "{} {typed}: {s:?}",
                        puzzle.id
                    );
                    if has_square(&typed) || typed.chars().count() == 1 {
                        assert!(!s.list, "{} {typed}: listed", puzzle.id);
                    }
                    assert_eq!(s.state, hint.state);
                    assert_eq!(s.count.moves, hint.candidates.len());
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 10_000, "{checked} inputs checked");
}
