//! `sancho check --engine`: what a UCI engine says about a puzzle's line.
//!
//! Pure: the analysis is passed in as a function, so that tests need no
//! process. Two things are judged, by the Lichess standard:
//! - every user move must be clearly best: the engine's first choice, with
//!   the second-best move more than [`CLEARLY_BEST_CP`] centipawns worse
//!   and not also mating (a final checkmate may have company, as in the
//!   mate solver's uniqueness check); a move the mate solver proves mates
//!   in N is best whatever the engine prefers, unless another move mates in
//!   N or fewer;
//! - every scripted reply (an opponent's move after the user's first) must
//!   be within [`REPLY_SLACK_CP`] centipawns of the best defence.
//!
//! Findings are warnings; `--strict` raises them to errors.

use shakmaty::{Chess, Color, Move, Position};

use super::{EngineError, PvLine, Score};
use crate::notation::san;
use crate::puzzle::{Problem, Puzzle, Severity, mate_length};

/// How far the mate solver looks to overrule an engine that prefers a
/// move that does not mate (mate in 3, as `check --strict`'s uniqueness).
const PROVEN_MATE_REACH: u32 = 3;

/// How much better than the second-best a user move must be (centipawns).
pub const CLEARLY_BEST_CP: i64 = 200;

/// How much worse than the best defence a scripted reply may be (centipawns).
pub const REPLY_SLACK_CP: i64 = 100;

/// The engine's findings on `p`. `analyse(pos, multipv)` returns the
/// engine's best lines in `pos`, best first; `field(i)` names the field of
/// line move `i`. A position the engine says nothing about is skipped.
///
/// # Errors
/// The first [`EngineError`] of `analyse`.
pub fn audit_puzzle(
    p: &Puzzle,
    field: impl Fn(usize) -> String,
    mut analyse: impl FnMut(&Chess, u32) -> Result<Vec<PvLine>, EngineError>,
) -> Result<Vec<Problem>, EngineError> {
    let mut problems = Vec::new();
    let last_user = p.solution.iter().rposition(|m| m.is_user);
    let mut seen_user = false;
    let mut pos = p.position.clone();
    for (i, m) in p.solution.iter().enumerate() {
        let message = if m.is_user {
            seen_user = true;
            let lines = analyse(&pos, 2)?;
            user_move_problem(&pos, m.mv, Some(i) == last_user, &lines)
        } else if seen_user {
            reply_problem(&pos, m.mv, &mut analyse)?
        } else {
            None
        };
        if let Some(message) = message {
            problems.push(Problem {
                field: Some(field(i)),
                severity: Severity::Warning,
                message: format!("move {}: {message}", numbered(&pos, m.mv)),
            });
        }
        pos.play_unchecked(m.mv);
    }
    Ok(problems)
}

/// `23. Qxe7` or `22... Ne7`.
fn numbered(pos: &Chess, mv: Move) -> String {
    let dots = if pos.turn() == Color::White {
        "."
    } else {
        "..."
    };
    format!("{}{dots} {}", pos.fullmoves(), san(pos, mv))
}

/// The first move of a line, legal in `pos`.
fn first_move(pos: &Chess, line: &PvLine) -> Option<Move> {
    line.pv.first()?.to_move(pos).ok()
}

/// Why the user's move `mv` is not clearly best, if it is not.
fn user_move_problem(pos: &Chess, mv: Move, last: bool, lines: &[PvLine]) -> Option<String> {
    let best = lines.first()?;
    let best_move = first_move(pos, best)?;
    let mut after = pos.clone();
    after.play_unchecked(mv);
    if last && after.is_checkmate() {
        return None;
    }
    // A short search can miss a sacrifice that mates (m2-011's Qd8+ at
    // 100-300 ms) or prefer a long mate to a short one (egw-011's Qxf3+,
    // mate in 14, to Kf6, mate in 2): a mate the solver proves is never
    // "not best", and only another move that mates as fast competes with it.
    if let Some(n) = mate_length(pos, mv, PROVEN_MATE_REACH) {
        let rival = lines.iter().find(|l| {
            first_move(pos, l).is_some_and(|m| m != mv)
                && matches!(l.score, Score::Mate(k) if k > 0 && i64::from(k) <= i64::from(n))
        })?;
        let rival_move = first_move(pos, rival)?;
        return Some(format!(
            "not clearly best: {} ({}) also mates, as fast as {} (#{n}, proven)",
            san(pos, rival_move),
            rival.score,
            san(pos, mv)
        ));
    }
    if best_move != mv {
        let own = lines
            .iter()
            .find(|l| first_move(pos, l) == Some(mv))
            .map_or(String::new(), |l| format!(" ({})", l.score));
        return Some(format!(
            "the engine prefers {} ({}) to {}{own}",
            san(pos, best_move),
            best.score,
            san(pos, mv)
        ));
    }
    let second = lines.get(1)?;
    let second_move = first_move(pos, second)?;
    let close =
        !best.score.is_mating() && best.score.rank() - second.score.rank() <= CLEARLY_BEST_CP;
    if !(second.score.is_mating() || close) {
        return None;
    }
    let how = if second.score.is_mating() {
        "also mates, as does".to_owned()
    } else {
        format!("is within {:.2} pawns of", CLEARLY_BEST_CP as f64 / 100.0)
    };
    Some(format!(
        "not clearly best: {} ({}) {how} {} ({})",
        san(pos, second_move),
        second.score,
        san(pos, mv),
        best.score
    ))
}

/// Why the scripted reply `mv` is too weak a defence, if it is.
fn reply_problem(
    pos: &Chess,
    mv: Move,
    analyse: &mut impl FnMut(&Chess, u32) -> Result<Vec<PvLine>, EngineError>,
) -> Result<Option<String>, EngineError> {
    let lines = analyse(pos, 1)?;
    let Some((best, best_move)) = lines
        .first()
        .and_then(|l| Some((l.score, first_move(pos, l)?)))
    else {
        return Ok(None);
    };
    if best_move == mv {
        return Ok(None);
    }
    let mut after = pos.clone();
    after.play_unchecked(mv);
    if after.is_game_over() {
        return Ok(None);
    }
    let Some(answer) = analyse(&after, 1)?.first().map(|l| l.score) else {
        return Ok(None);
    };
    // The answer is from the user's side; the reply's worth is its negation.
    let reply = match answer {
        Score::Cp(cp) => Score::Cp(-cp),
        Score::Mate(n) => Score::Mate(-n),
    };
    if best.rank() - reply.rank() <= REPLY_SLACK_CP {
        return Ok(None);
    }
    Ok(Some(format!(
        "the scripted reply ({reply}) is more than {:.2} pawns worse than the best defence {} ({best})",
        REPLY_SLACK_CP as f64 / 100.0,
        san(pos, best_move)
    )))
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;
    use crate::engine::uci::parse_info;
    use crate::puzzle::{fen_of, read_pack};

    /// 1. Ra8+ (Kd7 2. Rf7+ when `reply`).
    const START: &str = "4k3/8/8/8/4n3/8/8/R4RK1 w - - 0 1";
    const REPLY_AT: &str = "R3k3/8/8/8/4n3/8/8/5RK1 b - - 1 1";
    const AFTER_KD7: &str = "R7/3k4/8/8/4n3/8/8/5RK1 w - - 2 2";

    fn puzzle(fen: &str, moves: &[&str]) -> Puzzle {
        let steps: Vec<String> = moves
            .iter()
            .enumerate()
            .map(|(i, m)| format!(r#"{{"move": "{m}", "isUserMove": {}}}"#, i % 2 == 0))
            .collect();
        let text = format!(
            r#"[{{"id": "t", "fen": "{fen}", "toMove": "white", "solutionSequence": [{}]}}]"#,
            steps.join(", ")
        );
        read_pack(&text, "t.json").unwrap().puzzles.remove(0)
    }

    /// The messages `audit_puzzle` gives with canned `info` lines per FEN.
    fn audit(p: &Puzzle, canned: &[(&str, &[&str])]) -> Vec<String> {
        audit_puzzle(
            p,
            |i| i.to_string(),
            |pos, _| {
                let fen = fen_of(pos);
                Ok(canned
                    .iter()
                    .find(|(f, _)| *f == fen)
                    .map(|(_, lines)| lines.iter().filter_map(|l| parse_info(l)).collect())
                    .unwrap_or_default())
            },
        )
        .unwrap()
        .into_iter()
        .map(|p| format!("{}: {}", p.field.unwrap_or_default(), p.message))
        .collect()
    }

    #[test]
    fn user_moves_must_be_clearly_best() {
        let p = puzzle(START, &["a1a8"]);
        let cases: &[(&[&str], &[&str])] = &[
            // Clearly best, the next move 2.01 pawns worse: no finding.
            (
                &[
                    "multipv 1 score cp 300 pv a1a8",
                    "multipv 2 score cp 99 pv f1e1",
                ],
                &[],
            ),
            // Exactly two pawns: not clearly best.
            (
                &[
                    "multipv 1 score cp 300 pv a1a8",
                    "multipv 2 score cp 100 pv f1e1",
                ],
                &[
                    "0: move 1. Ra8+: not clearly best: Rfe1 (+1.00) is within 2.00 pawns of Ra8+ (+3.00)",
                ],
            ),
            // A slower mate is still a second solution.
            (
                &[
                    "multipv 1 score mate 2 pv a1a8",
                    "multipv 2 score mate 4 pv f1e1",
                ],
                &["0: move 1. Ra8+: not clearly best: Rfe1 (#4) also mates, as does Ra8+ (#2)"],
            ),
            // Mate against a large advantage: clearly best.
            (
                &[
                    "multipv 1 score mate 2 pv a1a8",
                    "multipv 2 score cp 900 pv f1e1",
                ],
                &[],
            ),
            // The engine's choice is another move.
            (
                &[
                    "multipv 1 score cp 300 pv f1e1",
                    "multipv 2 score cp 20 pv a1a8",
                ],
                &["0: move 1. Ra8+: the engine prefers Rfe1 (+3.00) to Ra8+ (+0.20)"],
            ),
            // Only one legal line, or nothing said: no finding.
            (&["multipv 1 score cp 300 pv a1a8"], &[]),
            (&[], &[]),
        ];
        for (lines, expected) in cases {
            let lines: Vec<String> = lines.iter().map(|l| format!("info depth 9 {l}")).collect();
            let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
            assert_eq!(audit(&p, &[(START, &lines)]), *expected, "{lines:?}");
        }
    }

    #[test]
    fn a_mate_the_solver_proves_is_not_second_to_the_engines_choice() {
        // 1. Re8+ Rxe8 2. Rxe8#: a sacrifice a short search may not see.
        let fen = "r5k1/5ppp/8/8/8/8/4RPPP/4R1K1 w - - 0 1";
        let p = puzzle(fen, &["e2e8", "a8e8", "e1e8"]);
        let cases: &[(&[&str], &[&str])] = &[
            // The engine prefers a quiet move.
            (
                &[
                    "multipv 1 score cp 300 pv g1f1",
                    "multipv 2 score cp 20 pv e2e8",
                ],
                &[],
            ),
            // The engine prefers a slower mate (egw-011: mate in 14 over
            // the proven mate in 2): the proven faster mate is best.
            (
                &[
                    "multipv 1 score mate 14 pv g1f1",
                    "multipv 2 score mate 2 pv e2e8",
                ],
                &[],
            ),
            // The engine's best is the line's move, its second a slower mate.
            (
                &[
                    "multipv 1 score mate 2 pv e2e8",
                    "multipv 2 score mate 5 pv g1f1",
                ],
                &[],
            ),
            // Another move mates as fast: a second solution.
            (
                &[
                    "multipv 1 score mate 2 pv g1f1",
                    "multipv 2 score mate 2 pv e2e8",
                ],
                &[
                    "0: move 1. Re8+: not clearly best: Kf1 (#2) also mates, as fast as Re8+ (#2, proven)",
                ],
            ),
        ];
        for (lines, expected) in cases {
            let lines: Vec<String> = lines.iter().map(|l| format!("info depth 9 {l}")).collect();
            let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
            assert_eq!(audit(&p, &[(fen, &lines)]), *expected, "{lines:?}");
        }
    }

    #[test]
    fn a_final_checkmate_may_have_company() {
        let p = puzzle("6k1/5ppp/8/8/8/8/5PPP/R3R1K1 w - - 0 1", &["a1a8"]);
        let lines = [
            "info depth 9 multipv 1 score mate 1 pv e1e8",
            "info depth 9 multipv 2 score mate 1 pv a1a8",
        ];
        assert_eq!(
            audit(&p, &[("6k1/5ppp/8/8/8/8/5PPP/R3R1K1 w - - 0 1", &lines)]),
            Vec::<String>::new()
        );
    }

    #[test]
    fn scripted_replies_must_be_near_the_best_defence() {
        let p = puzzle(START, &["a1a8", "e8d7", "f1f7"]);
        let best = "info depth 9 multipv 1 score cp 500 pv a1a8";
        let cases: &[(&str, &str, &[&str])] = &[
            // Within one pawn.
            ("score cp -300 pv e8e7", "score cp 400 pv f1f7", &[]),
            // A shorter mate than the best defence's is no worse.
            ("score mate -5 pv e8e7", "score mate 3 pv f1f7", &[]),
            // Walking into mate from a defensible position.
            (
                "score cp -300 pv e8e7",
                "score mate 2 pv f1f7",
                &[
                    "1: move 1... Kd7: the scripted reply (#-2) is more than 1.00 pawns worse than the best defence Ke7 (-3.00)",
                ],
            ),
            // The engine's own defence: never a finding.
            ("score cp -300 pv e8d7", "score mate 2 pv f1f7", &[]),
        ];
        for (defence, answer, expected) in cases {
            let defence = format!("info depth 9 multipv 1 {defence}");
            let answer = format!("info depth 9 multipv 1 {answer}");
            let found = audit(
                &p,
                &[
                    (START, &[best]),
                    (REPLY_AT, &[defence.as_str()]),
                    (AFTER_KD7, &[answer.as_str()]),
                ],
            );
            let replies: Vec<&String> = found.iter().filter(|m| m.starts_with("1:")).collect();
            assert_eq!(
                replies,
                expected.iter().collect::<Vec<_>>(),
                "{defence} / {answer}"
            );
        }
    }

    #[test]
    fn an_engine_error_stops_the_audit() {
        let p = puzzle(START, &["a1a8"]);
        let result = audit_puzzle(
            &p,
            |i| i.to_string(),
            |_, _| {
                Err(EngineError::Timeout {
                    expected: "bestmove",
                    after: Duration::from_secs(1),
                })
            },
        );
        assert!(matches!(result, Err(EngineError::Timeout { .. })));
    }
}
