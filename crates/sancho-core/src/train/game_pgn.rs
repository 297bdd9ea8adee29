//! A played-out game as PGN (`sancho game --out FILE`, and the full
//! screen's save): the seven-tag roster, `SetUp` and `FEN` when the game
//! did not start from the initial position, `Termination` for an end the
//! rules do not know (a goal's promotion or move budget, an engine that
//! gave no legal move), then the moves in SAN, numbered from the start
//! position's move number, wrapped at 79 characters.

use shakmaty::{Chess, Color, Position};

use super::game::{EndReason, PgnTags, PlayOut};
use super::pgn_export::{push_movetext, push_tags};
use crate::puzzle::fen_of;

/// The PGN of `game` with `tags`.
pub(super) fn write(game: &PlayOut, tags: &PgnTags) -> String {
    let result = game.end().map_or("*", |e| e.result);
    let (white, black) = match game.user() {
        Color::White => (&tags.user, &tags.engine),
        Color::Black => (&tags.engine, &tags.user),
    };
    let or = |value: &str, default: &str| {
        if value.trim().is_empty() {
            default.to_owned()
        } else {
            value.to_owned()
        }
    };
    let mut pairs = vec![
        ("Event", or(&tags.event, "?")),
        ("Site", or(&tags.site, "?")),
        ("Date", or(&tags.date, "????.??.??")),
        ("Round", or(&tags.round, "-")),
        ("White", or(white, "?")),
        ("Black", or(black, "?")),
        ("Result", result.to_owned()),
    ];
    if game.start() != &Chess::default() {
        pairs.push(("SetUp", "1".to_owned()));
        pairs.push(("FEN", fen_of(game.start())));
    }
    if let Some(end) = game.end() {
        let termination = match end.reason {
            EndReason::Promoted | EndReason::EnginePromoted => {
                Some("a pawn promoted and kept: the goal's end")
            }
            EndReason::WonMaterial | EndReason::LostMaterial => {
                Some("a bare king against a queen or rook: the goal's end")
            }
            EndReason::MoveLimit => Some("the goal's move budget spent"),
            EndReason::EngineFailed => Some("the engine gave no legal move"),
            _ => None,
        };
        if let Some(text) = termination {
            pairs.push(("Termination", text.to_owned()));
        }
    }
    let mut out = String::new();
    push_tags(&mut out, pairs.iter().map(|(n, v)| (*n, v.as_str())));
    let mut tokens: Vec<String> = Vec::new();
    let mut number = game.start().fullmoves().get();
    let mut turn = game.start().turn();
    for (i, m) in game.moves().iter().enumerate() {
        match turn {
            Color::White => tokens.push(format!("{number}. {}", m.san)),
            Color::Black if i == 0 => tokens.push(format!("{number}... {}", m.san)),
            Color::Black => tokens.push(m.san.clone()),
        }
        if turn == Color::Black {
            number += 1;
        }
        turn = !turn;
    }
    tokens.push(result.to_owned());
    push_movetext(&mut out, &tokens);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::drill::parse_game;
    use crate::notation::{Lang, parse_fen};

    fn tags() -> PgnTags {
        PgnTags {
            event: "Sancho game".into(),
            site: String::new(),
            date: "2026.11.26".into(),
            round: String::new(),
            user: "Anna".into(),
            engine: "Stockfish (level 2)".into(),
        }
    }

    #[test]
    fn a_game_from_a_position_has_its_set_up_and_reads_back() {
        let fen = "7k/8/5K2/8/8/8/8/6Q1 b - - 0 40";
        let start = parse_fen(fen).unwrap();
        let (mut game, _) = PlayOut::new(start, Color::White, Lang::EN);
        game.engine_move(Some("h8h7"));
        game.submit("Qg5");
        game.engine_move(Some("h7h8"));
        game.submit("Qg7#");
        let pgn = game.pgn(&tags());
        assert!(pgn.contains("[White \"Anna\"]\n[Black \"Stockfish (level 2)\"]\n[Result \"1-0\"]\n[SetUp \"1\"]\n"), "{pgn}");
        assert!(pgn.contains(&format!("[FEN \"{fen}\"]")), "{pgn}");
        assert!(
            pgn.contains("\n40... Kh7 41. Qg5 Kh8 42. Qg7# 1-0\n"),
            "{pgn}"
        );
        let read = parse_game(&pgn).unwrap();
        assert_eq!(read.moves.len(), 4);
    }

    #[test]
    fn the_initial_position_has_no_set_up_and_an_unfinished_game_is_starred() {
        let (mut game, _) = PlayOut::new(Chess::default(), Color::Black, Lang::EN);
        game.engine_move(Some("e2e4"));
        let pgn = game.pgn(&PgnTags::default());
        assert!(!pgn.contains("SetUp"), "{pgn}");
        assert!(
            pgn.contains("[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"-\"]"),
            "{pgn}"
        );
        assert!(pgn.ends_with("\n1. e4 *\n\n"), "{pgn}");
    }
}
