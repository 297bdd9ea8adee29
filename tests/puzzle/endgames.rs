//! The built-in endgames (`puzzles/endgames/*.json`): every entry reads
//! (a legal position not already over, a goal the user's material can
//! reach, a one-line note), the set holds the basics the issue names, and
//! no title gives the answer away. The ignored test checks each claim with
//! a real engine: a mate within the budget, a winning promotion, a hold.

use sancho::content::{ENDGAME_FILES, endgames};
use sancho::engine::{Engine, EngineOptions, Limit, Score};
use sancho::puzzle::fen_of;
use sancho::train::endgame::{Endgame, read_endgames};
use sancho::train::game::Goal;
use shakmaty::Position;

#[test]
fn every_endgame_reads_and_the_basics_are_there() {
    for (name, text) in ENDGAME_FILES {
        read_endgames(text).unwrap_or_else(|e| panic!("{name}: {e}"));
    }
    let all = endgames().unwrap();
    assert!(all.len() >= 20, "{} endgames", all.len());
    for id in [
        "kqk",
        "krk",
        "kpk-opposition",
        "kpk-hold",
        "lucena",
        "philidor",
        "kbnk",
        "kbbk",
        "kqkr",
        "rook-pawn",
        "opposite-bishops",
    ] {
        assert!(all.iter().any(|e| e.id == id), "no endgame {id}");
    }
    let goals = |f: fn(&Goal) -> bool| all.iter().filter(|e| f(&e.goal)).count();
    assert!(goals(|g| matches!(g, Goal::Mate { .. })) >= 5);
    assert!(goals(|g| matches!(g, Goal::Promote { .. })) >= 3);
    assert!(goals(|g| matches!(g, Goal::Hold { .. })) >= 5);
    assert!(all.iter().any(|e| e.side == shakmaty::Color::Black));
}

#[test]
fn no_title_names_a_move() {
    // A square in a title (`Kd6`, `e4`) would say where to go.
    for e in endgames().unwrap() {
        let bytes = e.title.as_bytes();
        let square = bytes
            .windows(2)
            .any(|w| (b'a'..=b'h').contains(&w[0]) && (b'1'..=b'8').contains(&w[1]));
        assert!(!square, "{}: {}", e.id, e.title);
        assert!(!e.title.contains('!'), "{}: {}", e.id, e.title);
    }
}

/// Each endgame's claim, judged by a real engine at a few seconds a
/// position: a mate goal is a forced mate within the budget; a promotion
/// goal is a clear win for the user's side; a hold is no loss (within a
/// pawn's worth of equal, no mate against).
#[test]
#[ignore = "needs a real UCI engine (Stockfish); a few seconds a position"]
fn every_claim_holds_for_a_real_engine() {
    let path = std::env::var_os("SANCHO_ENGINE")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| "/usr/games/stockfish".into());
    let ms: u64 = std::env::var("SANCHO_ENDGAME_MS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(8_000);
    let mut engine = Engine::start(&path, EngineOptions::default()).unwrap();
    let mut wrong = Vec::new();
    for e in endgames().unwrap() {
        // A mate found late is a long mate found, not the shortest: a mate
        // claim not proved in `ms` is searched again, three times longer.
        let mut verdict = judge(&mut engine, e, ms);
        if !verdict.0 && matches!(e.goal, Goal::Mate { .. }) {
            verdict = judge(&mut engine, e, ms * 3);
        }
        let (ok, score, depth) = verdict;
        println!(
            "{:<18} {:<8} budget {:>2}  engine: {:?} (depth {depth}) for the side to move",
            e.id,
            e.goal.name(),
            e.goal.moves(),
            score,
        );
        if !ok {
            wrong.push(format!("{}: {:?} for the side to move", e.id, score));
        }
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
}

/// Whether the engine, searching `ms`, bears out `e`'s claim; its score
/// for the side to move and its depth.
fn judge(engine: &mut Engine, e: &Endgame, ms: u64) -> (bool, Score, u32) {
    engine.new_game().unwrap();
    let lines = engine
        .analyse(&fen_of(&e.position), 1, Limit::Movetime(ms))
        .unwrap();
    let score = lines[0].score;
    // The score for the user's side, and the user's moves to mate.
    let user_to_move = e.position.turn() == e.side;
    let (mate_in, cp) = match (score, user_to_move) {
        (Score::Mate(n), true) => (Some(n), if n > 0 { 100_000 } else { -100_000 }),
        (Score::Mate(n), false) => (Some(-n), if n < 0 { 100_000 } else { -100_000 }),
        (Score::Cp(cp), true) => (None, cp),
        (Score::Cp(cp), false) => (None, -cp),
    };
    let ok = match e.goal {
        Goal::Mate { moves } => {
            mate_in.is_some_and(|n| n > 0 && u32::try_from(n).is_ok_and(|n| n <= moves))
        }
        Goal::Promote { .. } | Goal::Win { .. } => cp >= 300,
        Goal::Hold { .. } => cp >= -100,
    };
    (ok, score, lines[0].depth)
}
