//! Property tests over positions from random playouts.
//!
//! The `#[ignore]`d `fuzz_*` tests are the long-running fuzz target (cargo
//! fuzz needs a nightly toolchain this project does not assume):
//! `PROPTEST_CASES=200000 cargo test --release --test notation_props -- --ignored`

use proptest::prelude::*;
use sancho::notation::{HintEngine, HintState, Strictness, resolve, san_strings};
use shakmaty::{Chess, Position};

/// A position reached by `plies` pseudo-random legal moves chosen by `seed`.
fn playout(seed: u64, plies: usize) -> Chess {
    let mut pos = Chess::default();
    let mut state = seed | 1;
    for _ in 0..plies {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        // xorshift64: deterministic, no dependency.
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        pos.play_unchecked(moves[(state % moves.len() as u64) as usize]);
    }
    pos
}

fn positions() -> impl Strategy<Value = Chess> {
    (any::<u64>(), 0usize..120).prop_map(|(seed, plies)| playout(seed, plies))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn every_spelling_resolves_back(pos in positions()) {
        let engine = HintEngine::new(&pos);
        for m in engine.moves() {
            let r = resolve(&pos, &m.san, Strictness::Strict).expect("canonical SAN");
            prop_assert_eq!(r.text.mv, m.mv);
            prop_assert!(r.diagnostics.is_empty(), "{} {:?}", m.san, r.diagnostics);
            for other in [&m.lan, &m.uci] {
                let r = resolve(&pos, other, Strictness::Lenient);
                prop_assert_eq!(r.map(|r| r.text.mv).ok(), Some(m.mv), "{}", other);
            }
            let bare = m.san.trim_end_matches(['+', '#']);
            prop_assert!(san_strings::is_possible(bare), "{} is not in the SAN-strings list", bare);
        }
    }

    #[test]
    fn every_prefix_keeps_its_move(pos in positions()) {
        let engine = HintEngine::new(&pos);
        for m in engine.moves() {
            for end in 1..=m.san.len() {
                let prefix = &m.san[..end];
                let h = engine.hint(prefix);
                prop_assert!(
                    h.candidates.iter().any(|c| c.mv == m.mv),
                    "{} lost {} ({:?})", prefix, m.san, h.state
                );
            }
            let h = engine.hint(&m.san);
            prop_assert!(matches!(h.state, HintState::Complete | HintState::CompleteOrLonger));
            prop_assert_eq!(h.candidates[0].mv, m.mv);
        }
    }

    #[test]
    fn arbitrary_text_never_panics(pos in positions(), text in "\\PC{0,12}") {
        let _ = resolve(&pos, &text, Strictness::Lenient);
        let _ = resolve(&pos, &text, Strictness::Strict);
        let h = HintEngine::new(&pos).hint(&text);
        // A complete hint and a resolved move are the same judgement.
        let complete = matches!(h.state, HintState::Complete | HintState::CompleteOrLonger);
        prop_assert_eq!(complete, resolve(&pos, &text, Strictness::Lenient).is_ok());
    }

    #[test]
    fn notation_like_text_never_panics(pos in positions(), text in "[KQRBNPkqrbnpOo0a-h1-8x=+#!?. -]{0,10}") {
        let _ = resolve(&pos, &text, Strictness::Lenient);
        let _ = HintEngine::new(&pos).hint(&text);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2_000_000))]

    #[test]
    #[ignore = "long-running fuzz target; see the module docs"]
    fn fuzz_resolve_and_hint(pos in positions(), text in "[KQRBNPkqrbnpOo0a-h1-8x=+#!?. \\-♘♞]{0,10}|\\PC{0,16}") {
        let _ = resolve(&pos, &text, Strictness::Lenient);
        let _ = resolve(&pos, &text, Strictness::Strict);
        let _ = HintEngine::new(&pos).hint(&text);
    }
}
