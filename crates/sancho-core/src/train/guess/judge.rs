//! How a guess scores: the game's move scores full points; without an
//! engine nothing else does; with one, a move within [`ALSO_GOOD_CP`] of
//! the game move's evaluation is "also good", one clearly better "better
//! than the game", and a move that loses material scores nothing, with the
//! engine's line as the reason.

use serde::Serialize;
use shakmaty::{Chess, Move, Position};

use crate::engine::{PvLine, Score, by_engine};

/// Full points: the game's move, or a move clearly better than it.
pub const FULL_POINTS: u32 = 3;
/// A move within [`ALSO_GOOD_CP`] of the game move.
pub const ALSO_GOOD_POINTS: u32 = 2;
/// How close to the game move's evaluation (in centipawns, for the side
/// that moves) a move is "also good"; beyond it on the better side it is
/// "better than the game".
pub const ALSO_GOOD_CP: i32 = 30;
/// A mate counts as this many centipawns (and every evaluation is held
/// within it), so that one mate does not swamp the average loss.
pub const MATE_CP: i32 = 1000;

/// What a guess was worth.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// The move played in the game.
    GameMove,
    /// Clearly better than the game's move, by the engine.
    BetterThanGame,
    /// Within [`ALSO_GOOD_CP`] of the game's move, by the engine.
    AlsoGood,
    /// Another move: without an engine, or worse than the game's move.
    Differs,
    /// Another move that loses material (the engine's line shows it).
    LosesMaterial,
}

impl Verdict {
    /// The points it scores.
    #[must_use]
    pub fn points(self) -> u32 {
        match self {
            Verdict::GameMove | Verdict::BetterThanGame => FULL_POINTS,
            Verdict::AlsoGood => ALSO_GOOD_POINTS,
            Verdict::Differs | Verdict::LosesMaterial => 0,
        }
    }

    /// Its name in JSON and in the PGN comments.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Verdict::GameMove => "game_move",
            Verdict::BetterThanGame => "better_than_game",
            Verdict::AlsoGood => "also_good",
            Verdict::Differs => "differs",
            Verdict::LosesMaterial => "loses_material",
        }
    }
}

/// What the shell asks the engine about a guess that is not the game
/// move: the two positions to analyse, best line first for the side to
/// move in each (see [`Evaluation`]).
#[derive(Clone, Debug, PartialEq)]
pub struct EvalRequest {
    /// The position before the move.
    pub before: Chess,
    /// The user's move.
    pub guess: Move,
    /// The game's move.
    pub game: Move,
}

impl EvalRequest {
    /// The positions to analyse: after the guess, after the game move.
    #[must_use]
    pub fn positions(&self) -> [Chess; 2] {
        let after = |mv| {
            let mut pos = self.before.clone();
            pos.play_unchecked(mv);
            pos
        };
        [after(self.guess), after(self.game)]
    }
}

/// The engine's lines for the positions of an [`EvalRequest`], each from
/// the side to move there (as UCI reports them). An empty list is a
/// position the engine said nothing about (a mate or stalemate on the
/// board needs none).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Evaluation {
    /// After the guess.
    pub after_guess: Vec<PvLine>,
    /// After the game move.
    pub after_game: Vec<PvLine>,
}

/// What the engine made of a guess.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scored {
    /// The verdict.
    pub verdict: Verdict,
    /// How far the guess falls below the game's move, in centipawns (0
    /// when it is as good or better).
    pub loss_cp: u32,
    /// The game move's evaluation minus the guess's, in centipawns, for
    /// the side that moves (positive: the guess is worse).
    pub below_game_cp: i32,
    /// Why a move that loses material fails: the engine's line.
    pub reason: Option<String>,
}

/// Scores `request`'s guess from the engine's `eval`; `None` when the
/// engine gave too little to judge by (then the guess scores as without
/// an engine).
#[must_use]
pub fn score(request: &EvalRequest, eval: &Evaluation) -> Option<Scored> {
    let [after_guess, after_game] = request.positions();
    let guess_cp = after_cp(&after_guess, &eval.after_guess)?;
    let game_cp = after_cp(&after_game, &eval.after_game)?;
    let below_game_cp = game_cp - guess_cp;
    let loss_cp = u32::try_from(below_game_cp.max(0)).unwrap_or(0);
    let refutation = (below_game_cp > ALSO_GOOD_CP)
        .then(|| by_engine(&request.before, request.guess, &eval.after_guess))
        .and_then(Result::ok);
    let (verdict, reason) = match refutation {
        Some(r) => (Verdict::LosesMaterial, Some(r.text)),
        None if below_game_cp < -ALSO_GOOD_CP => (Verdict::BetterThanGame, None),
        None if below_game_cp <= ALSO_GOOD_CP => (Verdict::AlsoGood, None),
        None => (Verdict::Differs, None),
    };
    Some(Scored {
        verdict,
        loss_cp,
        below_game_cp,
        reason,
    })
}

/// A score in centipawns, mates held at [`MATE_CP`].
fn cp(score: Score) -> i32 {
    match score {
        Score::Cp(cp) => cp.clamp(-MATE_CP, MATE_CP),
        Score::Mate(n) if n > 0 => MATE_CP,
        Score::Mate(_) => -MATE_CP,
    }
}

/// The evaluation after a move, for the side that made it: the end of the
/// game when the board shows one, else the engine's best line negated.
fn after_cp(after: &Chess, lines: &[PvLine]) -> Option<i32> {
    if after.is_checkmate() {
        return Some(MATE_CP);
    }
    if after.is_stalemate() || after.is_insufficient_material() {
        return Some(0);
    }
    lines.first().map(|l| -cp(l.score))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::parse_fen;
    use shakmaty::uci::UciMove;

    fn line(score: Score, pv: &str) -> Vec<PvLine> {
        vec![PvLine {
            multipv: 1,
            depth: 10,
            score,
            pv: pv.split(' ').map(|m| m.parse().unwrap()).collect(),
        }]
    }

    fn mv(pos: &Chess, uci: &str) -> Move {
        uci.parse::<UciMove>().unwrap().to_move(pos).unwrap()
    }

    #[test]
    fn guesses_score_by_their_distance_from_the_game_move() {
        // A rook and a knight each side: White to move.
        let pos = parse_fen("4k3/8/8/8/4n3/8/8/R4RK1 w - - 0 1").unwrap();
        let request = |guess| EvalRequest {
            before: pos.clone(),
            guess: mv(&pos, guess),
            game: mv(&pos, "g1g2"),
        };
        let eval = |guess: Score, game: Score| Evaluation {
            after_guess: line(guess, "e8d7"),
            after_game: line(game, "e8d7"),
        };
        let table = [
            (Score::Cp(-20), Score::Cp(-40), Verdict::AlsoGood, 20, 20),
            (
                Score::Cp(-90),
                Score::Cp(-40),
                Verdict::BetterThanGame,
                -50,
                0,
            ),
            (Score::Cp(30), Score::Cp(-40), Verdict::Differs, 70, 70),
        ];
        for (guess, game, verdict, below, loss) in table {
            let s = score(&request("f1e1"), &eval(guess, game)).unwrap();
            assert_eq!(
                (s.verdict, s.below_game_cp, s.loss_cp),
                (verdict, below, loss),
                "{guess:?}"
            );
        }
        // Rab1? Nd2 Rb2 Nxf1: the engine's line says why.
        let losing = Evaluation {
            after_guess: line(Score::Cp(450), "e4d2 b1b2 d2f1 g1f1 e8d7"),
            after_game: line(Score::Cp(-40), "e8d7"),
        };
        let s = score(&request("a1b1"), &losing).unwrap();
        assert_eq!(s.verdict, Verdict::LosesMaterial);
        assert_eq!(s.verdict.points(), 0);
        assert_eq!(
            s.reason.as_deref(),
            Some("1. Rab1? Nd2 2. Rb2 Nxf1: wins 2 pawns' worth of material")
        );
        assert_eq!(s.loss_cp, 490);
        // Nothing from the engine: no verdict.
        assert_eq!(score(&request("a1b1"), &Evaluation::default()), None);
    }
}
