use super::*;
use crate::notation::resolve;
use shakmaty::Move;
use shakmaty::Position;

/// The line the resolver and serde write for `input` in `pos`.
fn serde_line(pos: &Chess, input: &str, number: usize) -> String {
    let result = resolve(pos, input, Strictness::Lenient);
    let mut line = serde_json::to_string(&ResolveReport::new(input, &result).at_line(number))
        .expect("serialises");
    line.push('\n');
    line
}

/// Positions of pseudo-random playouts from the start and from positions
/// rich in castling, promotion and en passant.
fn positions() -> Vec<Chess> {
    let starts = [
        Chess::default(),
        parse_fen("r3k2r/pPppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q2/PPPBBPpP/R3K2R w KQkq - 0 1").unwrap(),
        parse_fen("4k3/1P6/8/3pP3/8/8/6p1/R3K2R w KQ d6 0 1").unwrap(),
        parse_fen("6k1/5ppp/8/8/8/8/5PPP/1N1NR1K1 w - - 0 1").unwrap(),
    ];
    let mut seed: u64 = 0x5EED;
    let mut out = Vec::new();
    for start in starts {
        for _ in 0..6 {
            let mut pos = start.clone();
            for _ in 0..40 {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                out.push(pos.clone());
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let mv: Move = moves[(seed >> 33) as usize % moves.len()];
                pos.play_unchecked(mv);
            }
        }
    }
    out
}

#[test]
fn the_fast_line_is_the_serde_line_byte_for_byte() {
    let mut fast = FastLine::default();
    let mut checked = 0;
    for (i, pos) in positions().iter().enumerate() {
        for mv in pos.legal_moves() {
            let san = SanPlus::from_move(pos.clone(), mv).to_string();
            let number = i * 1000 + 7;
            assert!(fast.write(pos, &san, number), "{san} not fast");
            assert_eq!(fast.line, serde_line(pos, &san, number), "{san}");
            checked += 1;
        }
    }
    assert!(checked > 5_000, "only {checked} moves checked");
}

#[test]
fn the_fast_path_takes_only_canonical_san() {
    let pos = Chess::default();
    let mut fast = FastLine::default();
    for input in [
        "Ng1f3", "nf3", "Nf3+", "e2e4", "g1f3", "Ng1-f3", "N f3", "e4!", "Pe4", "",
    ] {
        assert!(!fast.write(&pos, input, 1), "{input}");
    }
    let mated = parse_fen("6k1/5ppp/8/8/8/8/5PPP/4R1K1 w - - 0 1").unwrap();
    assert!(!fast.write(&mated, "Re8+", 1));
    assert!(!fast.write(&mated, "Re8", 1));
    assert!(fast.write(&mated, "Re8#", 1));
}

/// Runs a batch over `input` with English letters and no `local`.
fn run_batch(input: &str, local: Option<&dyn Fn(&str) -> String>) -> String {
    let options = BatchOptions {
        strictness: Strictness::Lenient,
        lang: Lang::EN,
        local,
    };
    let mut out = Vec::new();
    let lines = run(&mut input.as_bytes(), &mut out, &options).unwrap();
    assert_eq!(lines, input.lines().count());
    String::from_utf8(out).unwrap()
}

#[test]
fn a_batch_answers_every_line_as_the_resolver_would() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let pos = Chess::default();
    let inputs = ["e4", "Nf3", "nf3", "Nf6", "Ng1f3", "e2e4", "\"x\\", "Nd2"];
    let text: String = inputs.iter().map(|i| format!("{start}\t{i}\n")).collect();
    let expected: String = inputs
        .iter()
        .enumerate()
        .map(|(n, i)| serde_line(&pos, i, n + 1))
        .collect();
    assert_eq!(run_batch(&text, None), expected);
    // A bad FEN, an empty line and one without a tab keep their numbers.
    let out = run_batch(&format!("8/8 w - - 0 1\te4\n\n{start}\te4\r\n"), None);
    let lines: Vec<&str> = out.lines().collect();
    assert!(
        lines[0].starts_with(r#"{"line":1,"input":"e4","status":"invalid""#),
        "{out}"
    );
    assert!(
        lines[1].contains(r#""line":2"#) && lines[1].contains("is empty"),
        "{out}"
    );
    assert_eq!(format!("{}\n", lines[2]), serde_line(&pos, "e4", 3));
}

#[test]
fn a_localized_batch_adds_local_and_keeps_san_english() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let figurine = |san: &str| Lang::figurine(san);
    let out = run_batch(&format!("{start}\tNf3\n"), Some(&figurine));
    assert!(
        out.contains(r#""san":"Nf3","local":"♘f3","lan":"Ng1-f3""#),
        "{out}"
    );
}

#[test]
fn numbers_are_written_as_serde_writes_them() {
    for n in [0, 1, 9, 10, 99, 100, 4096, 1_234_567, usize::MAX] {
        let mut out = String::new();
        push_number(&mut out, n);
        assert_eq!(out, serde_json::to_string(&n).unwrap());
    }
}
