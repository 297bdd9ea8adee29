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

/// A number as the docs write it: `nine`, `12`, `1,200`.
fn written(n: usize) -> Vec<String> {
    const WORDS: [&str; 13] = [
        "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
        "eleven", "twelve",
    ];
    let digits = n.to_string();
    let mut grouped = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            grouped.push(',');
        }
        grouped.push(c);
    }
    let mut forms = vec![digits, grouped];
    if let Some(word) = WORDS.get(n) {
        forms.push((*word).to_owned());
    }
    forms
}

#[test]
fn every_count_the_readme_and_the_guide_state_is_the_contents() {
    let lessons = sancho::drill::lessons().len();
    let packs = builtin_packs().unwrap();
    let (csv, json): (Vec<_>, Vec<_>) = packs
        .iter()
        .zip(BUILTIN_FILES)
        .partition(|(_, (file, _))| is_csv(file));
    let hand_written: usize = json.iter().map(|(p, _)| p.puzzles.len()).sum();
    let starter: usize = csv.iter().map(|(p, _)| p.puzzles.len()).sum();
    let root = env!("CARGO_MANIFEST_DIR");
    let mut checked = 0;
    for doc in ["README.md", "docs/GUIDE.md"] {
        let text = std::fs::read_to_string(format!("{root}/{doc}")).unwrap();
        let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
        // Each sentence that states a count states the true one.
        let claims: [(&str, usize); 5] = [
            ("lessons on every rule", lessons),
            ("lessons on the same board", lessons),
            ("hand-written packs** (", json.len()),
            ("puzzles), the notation-teaching", hand_written),
            ("puzzles) for rated training", starter),
        ];
        for (after, n) in claims {
            for (at, _) in text.match_indices(after) {
                checked += 1;
                let before = text[..at].trim_end();
                let word = before
                    .rsplit([' ', '(', '*'])
                    .find(|w| !w.is_empty())
                    .unwrap_or("");
                assert!(
                    written(n).iter().any(|f| f == word),
                    "{doc}: \"{word} {after}\" but there are {n}"
                );
            }
        }
    }
    // Every claim above was found (a reworded sentence fails here, to be
    // listed anew).
    assert_eq!(checked, 5, "claims found in the docs");
}
