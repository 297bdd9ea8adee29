//! `sancho check --engine`: what a UCI engine says about a puzzle's line.
//!
//! Pure: the analysis is passed in as a function, so that tests need no
//! process. Two things are judged, by the Lichess standard:
//! - every user move must be clearly best: the engine's first choice, with
//!   the second-best move more than [`CLEARLY_BEST_CP`] centipawns worse
//!   and not also mating (a final checkmate may have company, as in the
//!   mate solver's uniqueness check);
//! - every scripted reply (an opponent's move after the user's first) must
//!   be within [`REPLY_SLACK_CP`] centipawns of the best defence.
//!
//! Findings are warnings; `--strict` raises them to errors.

use shakmaty::{Chess, Color, Move, Position};

use super::{EngineError, PvLine, Score};
use crate::notation::san;
use crate::puzzle::{Problem, Puzzle, Severity};

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
    let last_user = p.line.iter().rposition(|m| m.is_user);
    let mut seen_user = false;
    let mut pos = p.position.clone();
    for (i, m) in p.line.iter().enumerate() {
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
