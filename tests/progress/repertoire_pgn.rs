//! A repertoire written back as PGN reads back as the same lines, and its
//! lines are counted truly (issue 38: a `}` from a `;` comment written
//! inside a brace comment, a set-up position's `[FEN]` left out, a line
//! that comes back to a position counted as no line).

use sancho::drill::parse_games;
use sancho::progress::Timestamp;
use sancho::repertoire::Repertoire;
use shakmaty::Color;

const T0: Timestamp = Timestamp(1_700_000_000);

fn added(pgn: &str) -> Repertoire {
    let mut rep = Repertoire::new("t", Color::White, T0);
    let report = rep.add_pgn(pgn.as_bytes(), "t.pgn", T0).unwrap();
    assert!(report.rejected.is_empty(), "{:?}", report.rejected);
    rep
}

fn cards(rep: &Repertoire) -> Vec<String> {
    let mut cards: Vec<String> = rep
        .cards()
        .iter()
        .map(|&c| {
            let line: Vec<String> = rep.line_to(c).into_iter().map(|m| m.san).collect();
            line.join(" ")
        })
        .collect();
    cards.sort();
    cards
}

#[test]
fn a_brace_in_a_semicolon_comment_is_written_so_that_the_pgn_reads_back() {
    let rep = added(
        "[Event \"a\"]\n\n1. e4 ; the } best\ne5 2. Nf3 {a { note} Nc6 (2... d6 3. d4) 3. Bb5 *\n",
    );
    let pgn = rep.pgn();
    assert!(pgn.contains("{the ) best}"), "{pgn}");
    let games = parse_games(&pgn).unwrap_or_else(|e| panic!("{e}: {pgn}"));
    assert_eq!(games.len(), 1);
    let again = added(&pgn);
    assert_eq!(cards(&again), cards(&rep), "{pgn}");
    assert_eq!(again.line_count(), rep.line_count());
}

#[test]
fn a_set_up_position_is_written_with_its_fen_and_reads_back() {
    let fen = "7k/8/5K2/8/8/8/8/6Q1 w - - 0 1";
    let rep = added(&format!(
        "[SetUp \"1\"]\n[FEN \"{fen}\"]\n\n1. Qg5 Kh7 2. Qg7# *\n\n1. e4 e5 *\n"
    ));
    let pgn = rep.pgn();
    assert!(
        pgn.contains(&format!("[SetUp \"1\"]\n[FEN \"{fen}\"]\n\n1. Qg5")),
        "{pgn}"
    );
    let games = parse_games(&pgn).unwrap();
    assert_eq!(games.len(), 2, "{pgn}");
    assert_eq!(
        games.iter().filter(|g| g.tag("FEN") == Some(fen)).count(),
        1
    );
    let again = added(&pgn);
    assert_eq!(again.cards().len(), rep.cards().len());
    assert_eq!(again.roots().len(), 2);
}

#[test]
fn a_line_that_comes_back_to_a_position_is_one_line() {
    let rep = added("1. Nf3 Nf6 2. Ng1 Ng8 *\n");
    assert_eq!(rep.line_count(), 1, "the knights go out and back");
    let rep = added("1. Nf3 Nf6 2. Ng1 Ng8 3. e4 *\n\n1. d4 *\n");
    assert_eq!(
        rep.line_count(),
        3,
        "the return, 1. e4 (the position after it is the start) and 1. d4"
    );
}
