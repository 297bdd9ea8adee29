//! Property tests over positions from random playouts.
//!
//! The `#[ignore]`d `fuzz_*` tests are the long-running fuzz target (cargo
//! fuzz needs a nightly toolchain this project does not assume):
//! `PROPTEST_CASES=200000 cargo test --release --test notation fuzz_ -- --ignored`
//! (2,000,000 cases when `PROPTEST_CASES` is not set).

use proptest::prelude::*;
use sancho::notation::{
    HintEngine, HintState, Lang, MoveText, ResolveError, Strictness, hint_in, is_possible, resolve,
    resolve_in,
};
use shakmaty::{CastlingSide, Chess, Move, Position, Role, Square};

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

/// Spellings of `m` as a user might type them, canonical or not: piece
/// letters in upper and lower case and as figurines, a `P`, every
/// departure, `x`, `X`, `:` and `-`, promotion with and without `=`, check
/// signs and glyphs, castling with zeros and as a king move. `pick` varies
/// the details (letter case, suffix) from move to move. Some are not
/// accepted at all; callers ask the resolver.
fn typed_spellings(m: &MoveText, pick: usize) -> Vec<String> {
    const SUFFIXES: [&str; 9] = ["", "+", "#", "++", "!", "?!", "+!", "#+", " "];
    let suffix = |k: usize| SUFFIXES[(pick + k) % SUFFIXES.len()];
    let mut out = vec![m.san.clone(), m.lan.clone(), m.uci.clone()];
    if let Move::Castle { king, rook } = m.mv {
        let long = rook.file() < king.file();
        let o = if long {
            ["O-O-O", "0-0-0", "o-o-o", "OOO"]
        } else {
            ["O-O", "0-0", "o-o", "OO"]
        };
        out.extend(
            o.iter()
                .enumerate()
                .map(|(k, c)| format!("{c}{}", suffix(k))),
        );
        let side = if long {
            CastlingSide::QueenSide
        } else {
            CastlingSide::KingSide
        };
        let king_to = Square::from_coords(side.king_to_file(), king.rank());
        for (k, to) in [king_to, rook].into_iter().enumerate() {
            out.push(format!("K{to}{}", suffix(k)));
            out.push(format!("k{king}-{to}"));
            out.push(format!("{king}x{to}"));
        }
        return out;
    }
    let Some(from) = m.mv.from() else { return out };
    let to = m.mv.to();
    let departures = [
        String::new(),
        from.file().char().to_string(),
        from.rank().char().to_string(),
        from.to_string(),
    ];
    let role = m.mv.role();
    let letters: Vec<String> = match role {
        Role::Pawn => vec![String::new(), "P".into(), "p".into(), "♙".into()],
        Role::Bishop => vec!["B".into(), "♗".into()],
        r => vec![
            r.upper_char().to_string(),
            r.char().to_string(),
            figurine(r).to_string(),
        ],
    };
    let promotions: Vec<String> = match m.mv.promotion() {
        None => vec![String::new()],
        Some(p) => vec![
            format!("={}", p.upper_char()),
            p.upper_char().to_string(),
            format!("={}", p.char()),
            p.char().to_string(),
        ],
    };
    let mut k = pick;
    for d in &departures {
        for sep in ["", "x", "X", ":", "-"] {
            k += 1;
            let letter = &letters[k % letters.len()];
            let promotion = &promotions[k % promotions.len()];
            let mut s = format!("{letter}{d}{sep}{to}{promotion}{}", suffix(k));
            if m.mv.is_en_passant() && k.is_multiple_of(2) {
                s.push_str(" e.p.");
            }
            out.push(s);
        }
    }
    out.push(format!("{} {}", &m.san[..1], &m.san[1..]));
    out
}

fn figurine(role: Role) -> char {
    match role {
        Role::King => '♔',
        Role::Queen => '♕',
        Role::Rook => '♖',
        Role::Bishop => '♗',
        Role::Knight => '♘',
        Role::Pawn => '♙',
    }
}

/// Whether the resolver reads `text` as `mv` (alone, or among the moves of
/// an ambiguous reading).
fn reads_as(pos: &Chess, text: &str, mv: Move) -> bool {
    match resolve(pos, text, Strictness::Lenient) {
        Ok(r) => r.text.mv == mv,
        Err(e) => match e.error {
            ResolveError::Ambiguous { candidates } => candidates.iter().any(|c| c.mv == mv),
            _ => false,
        },
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Issue 11: for every legal move and every prefix of each of its
    /// accepted spellings, the hint lists the move (alone or in its group).
    #[test]
    fn hints_never_miss_a_reading(pos in positions(), pick in 0usize..64) {
        let engine = HintEngine::new(&pos);
        for (n, m) in engine.moves().iter().enumerate() {
            for text in typed_spellings(m, pick + n) {
                if !reads_as(&pos, &text, m.mv) {
                    continue;
                }
                for (end, _) in text.char_indices().skip(1).chain([(text.len(), ' ')]) {
                    let prefix = &text[..end];
                    if prefix.trim().is_empty() {
                        continue;
                    }
                    let h = engine.hint(prefix);
                    prop_assert!(
                        h.candidates.iter().any(|c| c.mv == m.mv),
                        "{:?} (a prefix of {:?}) lost {} ({:?})", prefix, text, m.san, h.state
                    );
                }
            }
        }
    }

    /// Issue 11: every language reads back, strictly, the SAN it writes, and
    /// its hint keeps the move on every prefix; figurines read back too.
    #[test]
    fn every_language_reads_back_what_it_writes(pos in positions()) {
        let engine = HintEngine::new(&pos);
        for m in engine.moves() {
            for lang in Lang::ALL {
                let local = lang.localize(&m.san);
                let r = resolve_in(&pos, &local, Strictness::Strict, lang);
                prop_assert_eq!(r.map(|r| r.text.mv).ok(), Some(m.mv), "{} {}", lang, local);
                for (end, _) in local.char_indices().skip(1) {
                    let h = hint_in(&engine, &local[..end], lang);
                    prop_assert!(
                        h.candidates.iter().any(|c| c.mv == m.mv),
                        "{} {:?} lost {}", lang, &local[..end], m.san
                    );
                }
            }
            let figurine = Lang::figurine(&m.san);
            let r = resolve(&pos, &figurine, Strictness::Lenient);
            prop_assert_eq!(r.map(|r| r.text.mv).ok(), Some(m.mv), "{}", figurine);
        }
    }

    /// Issue 18 #11: strict mode accepts exactly canonical SAN.
    #[test]
    fn strict_accepts_exactly_canonical_san(pos in positions(), pick in 0usize..64) {
        let engine = HintEngine::new(&pos);
        for (n, m) in engine.moves().iter().enumerate() {
            for text in typed_spellings(m, pick + n) {
                let strict = resolve(&pos, &text, Strictness::Strict);
                match strict {
                    Ok(r) => prop_assert_eq!(text.trim(), r.text.san.as_str(), "{:?} passed strict", text),
                    Err(e) => prop_assert!(
                        text.trim() != m.san || !reads_as(&pos, &text, m.mv),
                        "canonical {:?} rejected: {}", text, e
                    ),
                }
            }
        }
    }

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
            prop_assert!(is_possible(bare), "{} is not in the SAN-strings list", bare);
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
        if let Ok(r) = resolve(&pos, &text, Strictness::Strict) {
            prop_assert_eq!(text.trim(), r.text.san.as_str());
        }
    }

    #[test]
    fn notation_like_text_never_panics(pos in positions(), text in "[KQRBNPkqrbnpOo0a-h1-8x=+#!?. -]{0,10}") {
        let _ = resolve(&pos, &text, Strictness::Lenient);
        let _ = HintEngine::new(&pos).hint(&text);
    }
}

/// The fuzz target's number of cases: `PROPTEST_CASES` when set (as the
/// guide's command does), else 2,000,000. `with_cases` alone would
/// override the variable.
pub(crate) fn fuzz_cases() -> u32 {
    match std::env::var("PROPTEST_CASES") {
        Ok(text) => text
            .parse()
            .unwrap_or_else(|_| panic!("PROPTEST_CASES={text:?} is not a number of cases")),
        Err(_) => 2_000_000,
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(fuzz_cases()))]

    #[test]
    #[ignore = "long-running fuzz target; see the module docs"]
    fn fuzz_resolve_and_hint(pos in positions(), text in "[KQRBNPkqrbnpOo0a-h1-8x=+#!?. \\-♘♞]{0,10}|\\PC{0,16}") {
        let _ = resolve(&pos, &text, Strictness::Lenient);
        let _ = resolve(&pos, &text, Strictness::Strict);
        let _ = HintEngine::new(&pos).hint(&text);
    }
}

/// Issue 11: English -> any language (or figurines) -> English is the
/// identity on every game in `assets/games`.
#[test]
fn translation_round_trips_every_shipped_game() {
    use sancho::drill::parse_games;
    use sancho::notation::{Target, translate};
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/games");
    let mut games = 0;
    for entry in std::fs::read_dir(&dir).expect("assets/games") {
        let path = entry.expect("entry").path();
        let text = std::fs::read_to_string(&path).expect("read game");
        for game in parse_games(&text).expect("games parse") {
            let start = Chess::default();
            let english = translate(&start, &game.moves, Lang::EN, Target::Lang(Lang::EN))
                .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            for lang in Lang::ALL {
                let local = translate(&start, &english, Lang::EN, Target::Lang(lang)).unwrap();
                let back = translate(&start, &local, lang, Target::Lang(Lang::EN))
                    .unwrap_or_else(|e| panic!("{} in {lang}: {e}", path.display()));
                assert_eq!(back, english, "{} in {lang}", path.display());
            }
            let figurines = translate(&start, &english, Lang::EN, Target::Figurine).unwrap();
            let back = translate(&start, &figurines, Lang::EN, Target::Lang(Lang::EN)).unwrap();
            assert_eq!(back, english, "{} in figurines", path.display());
            games += 1;
        }
    }
    assert!(games >= 20, "only {games} games in assets/games");
}
