use super::*;

fn lang(code: &str) -> Lang {
    code.parse().unwrap()
}

#[test]
fn reads_and_writes_each_language() {
    // (language, local input, English SAN)
    let cases = [
        ("de", "Sf3", "Nf3"),
        ("de", "Lb5+", "Bb5+"),
        ("de", "Dxd8#", "Qxd8#"),
        ("de", "e8=D", "e8=Q"),
        ("de", "Be4", "Pe4"),
        ("fr", "Cf3", "Nf3"),
        ("fr", "Fxc4", "Bxc4"),
        ("fr", "Rg1", "Kg1"),
        ("fr", "Tg1", "Rg1"),
        ("es", "Axc4", "Bxc4"),
        ("it", "exd8=D", "exd8=Q"),
        ("pt", "Bc4", "Bc4"),
        ("nl", "Pf3", "Nf3"),
        ("nl", "O-O", "O-O"),
        ("cs", "Jf3", "Nf3"),
        ("cs", "Vxa8", "Rxa8"),
        ("pl", "Hd1", "Qd1"),
        ("pl", "Gc4", "Bc4"),
        ("hu", "Bd1", "Rd1"),
        ("hu", "Vd1", "Qd1"),
        ("hu", "Hf3", "Nf3"),
        ("fi", "Rf3", "Nf3"),
        ("ro", "Nc4", "Bc4"),
        ("is", "Hd1", "Rd1"),
        ("is", "Rf3", "Nf3"),
        ("et", "Ld1", "Qd1"),
        ("et", "Oc4", "Bc4"),
        ("hr", "Sf3", "Nf3"),
        ("en", "Nf3", "Nf3"),
    ];
    for (code, local, english) in cases {
        let l = lang(code);
        assert_eq!(l.to_english(local).unwrap(), english, "{code} {local}");
        // Output never writes a pawn letter.
        if !english.starts_with('P') {
            assert_eq!(l.localize(english), local, "{code} {english}");
        }
    }
}

#[test]
fn an_english_letter_is_explained() {
    let err = lang("de").to_english("Nf3").unwrap_err();
    assert_eq!(err.to_string(), "in German notation the knight is S, not N");
    assert_eq!(
        err.with_move("Nf3"),
        "in German notation the knight is S, not N: Sf3"
    );
    let err = lang("fr").to_english("Qd1").unwrap_err();
    assert_eq!(err.to_string(), "in French notation the queen is D, not Q");
    // Lower case: a German s is the knight, an English n is explained.
    assert_eq!(lang("de").to_english("sf3").unwrap(), "nf3");
    assert_eq!(lang("de").to_english("lc4").unwrap(), "Bc4");
    assert_eq!(lang("de").to_english("bxc3").unwrap(), "bxc3");
    assert_eq!(lang("fr").to_english("rg1").unwrap(), "kg1");
    let err = lang("de").to_english("nf3").unwrap_err();
    assert_eq!(err.to_string(), "in German notation the knight is S, not n");
    // Castling is the same everywhere.
    assert_eq!(lang("de").to_english("O-O").unwrap(), "O-O");
}

#[test]
fn collisions_are_the_lesson() {
    use shakmaty::fen::Fen;
    let pos: Chess = "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1"
        .parse::<Fen>()
        .unwrap()
        .into_position(shakmaty::CastlingMode::Standard)
        .unwrap();
    let fr = lang("fr");
    let err = resolve_in(&pos, "Ra5", Strictness::Lenient, fr).unwrap_err();
    assert_eq!(
        err.to_string(),
        "in French notation R is the king; the rook is T: Ta5"
    );
    let ok = resolve_in(&pos, "Ta5", Strictness::Strict, fr).unwrap();
    assert_eq!(ok.text.san, "Ra5");
    let err = resolve_in(&pos, "Qa5", Strictness::Lenient, fr).unwrap_err();
    assert_eq!(err.to_string(), "in French notation the queen is D, not Q");
    let de = lang("de");
    let err = resolve_in(&pos, "Ra5", Strictness::Lenient, de).unwrap_err();
    assert_eq!(
        err.to_string(),
        "in German notation the rook is T, not R: Ta5"
    );
    // German B is the pawn: the lesson names the bishop's letter.
    let start = Chess::default();
    let r = resolve_in(&start, "Be4", Strictness::Lenient, de).unwrap();
    assert_eq!(r.text.san, "e4");
    assert_eq!(
        r.diagnostics[0].message,
        "pawns have no letter in SAN: leave out the B (in German notation B is the pawn; the bishop is L): e4"
    );
    let engine = HintEngine::new(&pos);
    let h = hint_in(&engine, "T", de);
    assert!(
        h.candidates.iter().all(|c| c.mv.role() == Role::Rook),
        "{h:?}"
    );
    assert!(matches!(
        hint_in(&engine, "R", de).state,
        HintState::Impossible(_)
    ));
}

#[test]
fn figurines_and_codes() {
    assert_eq!(Lang::figurine("Nf3"), "♘f3");
    assert_eq!(Lang::figurine("exd8=Q+"), "exd8=♕+");
    assert_eq!(Lang::figurine("O-O"), "O-O");
    assert_eq!(lang("DE"), lang("de"));
    assert_eq!(lang("nb"), lang("no"));
    let err = "xx".parse::<Lang>().unwrap_err().to_string();
    assert!(err.contains("unknown language \"xx\""), "{err}");
    let mut seen = std::collections::HashSet::new();
    for l in Lang::ALL {
        assert!(seen.insert(l.code), "duplicate {}", l.code);
        let pieces: std::collections::HashSet<char> = l.letters[..5].iter().copied().collect();
        assert_eq!(pieces.len(), 5, "{}: two pieces share a letter", l.code);
    }
}

#[test]
fn figurines_are_a_way_of_writing_not_of_reading() {
    let fig = Lang::EN.with_figurines(true);
    assert!(fig.is_english() && fig.is_local() && fig.figurines());
    assert!(!Lang::EN.is_local());
    assert!(lang("de").is_local());
    assert_eq!(fig.localize("Nf3"), "♘f3");
    assert_eq!(fig.localize("exd8=Q+"), "exd8=♕+");
    assert_eq!(lang("de").with_figurines(true).localize("Nf3"), "♘f3");
    // Input is still read in the letters.
    assert_eq!(fig.to_english("Nf3").unwrap(), "Nf3");
    let de = lang("de").with_figurines(true);
    assert_eq!(de.to_english("Sf3").unwrap(), "Nf3");
    let start = Chess::default();
    let r = resolve_in(&start, "Sf3", Strictness::Strict, de).unwrap();
    assert_eq!(r.text.san, "Nf3");
    assert_eq!(de.symbol(Role::Knight), '♘');
    assert_eq!(lang("de").symbol(Role::Knight), 'S');
}

#[test]
fn move_tokens_in_prose_are_localized_and_words_are_not() {
    // (language, English text, localized text)
    let cases = [
        (
            "de",
            "`Nf3`: a knight goes to f3. `Bc4`: a bishop goes to c4.",
            "`Sf3`: a knight goes to f3. `Lc4`: a bishop goes to c4.",
        ),
        (
            "de",
            "1. e4 e5 2. Nf3 Nc6 3. Bb5",
            "1. e4 e5 2. Sf3 Sc6 3. Lb5",
        ),
        ("de", "1. Ra3? Re1#: mate in 1", "1. Ta3? Te1#: mate in 1"),
        (
            "de",
            "23...Qd7? here; 23...Rxe4! wins",
            "23...Dd7? here; 23...Txe4! wins",
        ),
        (
            "de",
            "exd8=Q+ and Ng1-f3, then O-O",
            "exd8=D+ and Sg1-f3, then O-O",
        ),
        (
            "de",
            "the b1 knight's move is `Nbd2`.",
            "the b1 knight's move is `Sbd2`.",
        ),
        // Words, single letters and squares stay: "N knight", "Bishops", "e4".
        (
            "de",
            "`N` knight, Bishops, Queen, e4, K",
            "`N` knight, Bishops, Queen, e4, K",
        ),
        ("fr", "Kg1 or Rg1", "Rg1 or Tg1"),
        ("en", "Nf3", "Nf3"),
    ];
    for (code, english, local) in cases {
        assert_eq!(
            lang(code).localize_text(english),
            local,
            "{code}: {english}"
        );
    }
    let fig = Lang::EN.with_figurines(true);
    assert_eq!(
        fig.localize_text("1. Ra3? Re1#: mate"),
        "1. ♖a3? ♖e1#: mate"
    );
}
