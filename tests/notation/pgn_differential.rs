//! The PGN reader against python-chess (issue 38): a table of texts
//! python-chess splits as the standard does (hand-written edge cases and
//! random PGN-shaped files, `scripts/pgn_differential.py`), each with how
//! many games python-chess reads and each game's main line; Sancho's
//! reader must read the same games with the same moves. The table is data:
//! the test needs no Python.

use sancho::drill::parse_games;
use sancho::notation::parse_fen;
use shakmaty::san::SanPlus;
use shakmaty::{CastlingMode, Chess, Position};

#[derive(serde::Deserialize)]
struct Row {
    name: String,
    pgn: String,
    games: Vec<Vec<String>>,
}

const TABLE: &str = include_str!("../fixtures/pgn/differential.json");

#[test]
fn reads_the_games_python_chess_reads_with_the_same_moves() {
    let rows: Vec<Row> = serde_json::from_str(TABLE).expect("the table is JSON");
    assert!(rows.len() >= 200, "the table holds {} rows", rows.len());
    let mut games_compared = 0;
    for row in &rows {
        let games = parse_games(&row.pgn).unwrap_or_else(|e| panic!("{}: {e}", row.name));
        assert_eq!(games.len(), row.games.len(), "{}: games", row.name);
        for (i, (game, expected)) in games.iter().zip(&row.games).enumerate() {
            let mut pos: Chess = match game.tag("FEN") {
                Some(fen) => parse_fen(fen).unwrap_or_else(|e| panic!("{}: {e}", row.name)),
                None => Chess::default(),
            };
            let mut played = Vec::new();
            for san in &game.moves {
                let mv = san
                    .parse::<SanPlus>()
                    .ok()
                    .and_then(|s| s.san.to_move(&pos).ok())
                    .unwrap_or_else(|| panic!("{} game {}: {san} is no move", row.name, i + 1));
                played.push(mv.to_uci(CastlingMode::Standard).to_string());
                pos.play_unchecked(mv);
            }
            assert_eq!(&played, expected, "{} game {}", row.name, i + 1);
            games_compared += 1;
        }
    }
    assert!(games_compared >= 600, "{games_compared} games compared");
}
