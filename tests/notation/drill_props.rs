//! Property tests over random seeds: generated exercises keep their promises.

use proptest::prelude::*;
use sancho::drill::{DrillKind, Expected, GenOptions, disambiguation_of, generate, grade};
use sancho::notation::is_possible;
use sancho::notation::{Strictness, san, uci};

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn write_exercises_grade_their_own_answer(seed in any::<u64>()) {
        for ex in generate(DrillKind::Write, seed, 3, &GenOptions::default()) {
            let Expected::Move(mv) = ex.expected else { panic!("no move") };
            let canonical = san(&ex.position, mv);
            prop_assert!(is_possible(canonical.trim_end_matches(['+', '#'])), "{}", canonical);
            let right = grade(&ex, &canonical, Strictness::Strict);
            prop_assert!(right.correct && right.diagnostics.is_empty());
            // The same move in UCI: wrong strictly, right leniently, explained both ways.
            let as_uci = uci(mv);
            let strict = grade(&ex, &as_uci, Strictness::Strict);
            let lenient = grade(&ex, &as_uci, Strictness::Lenient);
            prop_assert!(!strict.correct && !strict.diagnostics.is_empty(), "{} {:?}", as_uci, strict);
            prop_assert!(lenient.correct && !lenient.diagnostics.is_empty(), "{} {:?}", as_uci, lenient);
        }
    }

    #[test]
    fn disambiguation_exercises_need_what_they_name(seed in any::<u64>()) {
        let drill = generate(DrillKind::Disambiguation, seed, 3, &GenOptions::default());
        prop_assert_eq!(drill.len(), 3);
        for ex in drill {
            let Expected::Move(mv) = ex.expected else { panic!("no move") };
            prop_assert_eq!(disambiguation_of(&san(&ex.position, mv)), ex.disambiguation);
        }
    }
}
