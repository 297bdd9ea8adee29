//! The PGN reader over random PGN-shaped text and random bytes (issue 38):
//! it always comes to the end (its token loop must advance at every step,
//! asserted in the lexer, so an input that would loop panics here instead
//! of hanging), accounts for every byte, names lines that exist, and reads
//! the same games whatever the line ends.
//!
//! The `#[ignore]`d `fuzz_pgn_reader` is the long run, with the notation
//! fuzz target: `PROPTEST_CASES=200000 cargo test --release --test
//! notation fuzz_ -- --ignored` (docs/PERFORMANCE.md has its figures).

use proptest::prelude::*;
use sancho::drill::{PgnError, PgnGame, PgnReader, ReadGame, parse_games};

/// Pieces of PGN, well and badly formed.
const PIECES: &[&str] = &[
    "[Event \"x\"]",
    "[White \"A \\\"B\\\"\"]",
    "[FEN \"7k/8/5K2/8/8/8/8/6Q1 w - - 0 1\"]",
    "[Bad tag",
    "\n",
    "\n\n",
    "\r\n",
    " ",
    "\t",
    "1.",
    "2...",
    "e4",
    "e5",
    "Nf3",
    "Nc6!?",
    "O-O",
    "Qg7#",
    "{",
    "}",
    "{a { b}",
    "(",
    ")",
    ";",
    "; x { y\n",
    "%",
    "\n%esc {\n",
    "$1",
    "1-0",
    "0-1",
    "1/2-1/2",
    "*",
    "½-½",
    "\u{feff}",
    "[%clk 0:01:00]",
    "\"",
    "\\",
    "é",
    "\u{202e}",
];

fn pgn_shaped() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        8 => proptest::sample::select(PIECES).prop_map(str::to_owned),
        1 => "\\PC{0,6}",
    ];
    proptest::collection::vec((piece, proptest::bool::ANY), 0..160).prop_map(|pieces| {
        pieces
            .into_iter()
            .map(|(p, space)| if space { format!("{p} ") } else { p })
            .collect()
    })
}

fn read(bytes: &[u8]) -> (Vec<ReadGame>, Option<std::io::Error>) {
    let mut games = Vec::new();
    for read in PgnReader::new(bytes) {
        match read {
            Ok(game) => games.push(game),
            Err(e) => return (games, Some(e)),
        }
    }
    (games, None)
}

/// What a game read is, line numbers aside.
fn shape(game: &Result<PgnGame, PgnError>) -> Result<Vec<String>, &'static str> {
    match game {
        Ok(game) => Ok(game.moves.clone()),
        Err(PgnError::Empty) => Err("empty"),
        Err(_) => Err("error"),
    }
}

fn error_line(error: &PgnError) -> Option<usize> {
    match *error {
        PgnError::BadTag { line }
        | PgnError::UnclosedComment { line }
        | PgnError::UnclosedVariation { line }
        | PgnError::Unopened { line, .. }
        | PgnError::VariationFirst { line }
        | PgnError::TooDeep { line }
        | PgnError::LineTooLong { line } => Some(line),
        PgnError::TooLong | PgnError::Empty => None,
    }
}

fn check(bytes: &[u8]) -> Result<(), TestCaseError> {
    let (games, error) = read(bytes);
    prop_assert!(error.is_none(), "{error:?}");
    let lines = bytes.split(|&b| b == b'\n').count();
    let accounted: u64 = games.iter().map(|g| g.bytes).sum();
    prop_assert!(accounted <= bytes.len() as u64);
    for game in &games {
        prop_assert!(game.line >= 1 && game.line <= lines, "line {}", game.line);
        match &game.game {
            Ok(game) => {
                for san in &game.moves {
                    prop_assert!(!san.is_empty());
                    prop_assert!(
                        !san.contains(|c: char| c.is_whitespace() || "{}();".contains(c)),
                        "{san:?}"
                    );
                }
            }
            Err(e) => {
                if let Some(line) = error_line(e) {
                    prop_assert!(line >= 1 && line <= lines, "{e}");
                }
            }
        }
    }
    Ok(())
}

proptest! {
    #[test]
    fn pgn_shaped_text_is_read_to_its_end(text in pgn_shaped()) {
        check(text.as_bytes())?;
        let (games, _) = read(text.as_bytes());
        // parse_games fails exactly when a game does.
        let all_read = games.iter().all(|g| g.game.is_ok());
        prop_assert_eq!(parse_games(&text).is_ok(), all_read);
        // CRLF line ends read the same games.
        let crlf = text.replace("\r\n", "\n").replace('\n', "\r\n");
        let (again, _) = read(crlf.as_bytes());
        let lf = text.replace("\r\n", "\n");
        let (plain, _) = read(lf.as_bytes());
        prop_assert_eq!(
            again.iter().map(|g| shape(&g.game)).collect::<Vec<_>>(),
            plain.iter().map(|g| shape(&g.game)).collect::<Vec<_>>()
        );
    }

    #[test]
    fn random_bytes_are_read_to_their_end(bytes in proptest::collection::vec(any::<u8>(), 0..600)) {
        check(&bytes)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(crate::notation_props::fuzz_cases()))]

    #[test]
    #[ignore = "long-running fuzz target; see the module docs"]
    fn fuzz_pgn_reader(text in pgn_shaped(), bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
        check(text.as_bytes())?;
        check(&bytes)?;
    }
}
