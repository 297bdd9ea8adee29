//! How a guess scores: the game's move scores full points; without an
//! engine nothing else does; with one, a move as good as the game's is
//! "also good", one clearly better "better than the game", and a move
//! that loses material scores nothing, with the engine's line as the
//! reason.
//!
//! A verdict in the guess's favour never rests on one short search: a
//! master's move called worse on an engine's noise is the worst thing this
//! mode could say. Moves are compared by their winning chances (Lichess's
//! curve of the centipawns, [`chances`]: a mate is certain, +5 and +6 are
//! both nearly so), never by a mate squeezed into centipawns. The first
//! search ([`first_look`]) settles a guess that is clearly worse; any
//! other is searched again for at least [`CONFIRM_MS`] ([`settle`]), and is
//! "better" or "also good" only when both searches say so, or the long one
//! alone says so by more than its own noise ([`LONG_NOISE`]).

use serde::Serialize;
use shakmaty::{Chess, Move, Position};

use crate::engine::{PvLine, Score, by_engine};

/// Full points: the game's move, or a move clearly better than it.
pub const FULL_POINTS: u32 = 3;
/// A move as good as the game's move.
pub const ALSO_GOOD_POINTS: u32 = 2;
/// How far below the game's move, in winning chances for the side that
/// moves ([`chances`]: 2 is the whole scale), a move may fall and still
/// be "also good": about 30 centipawns in an equal position, more in a
/// won one, where a few centipawns change nothing.
pub const ALSO_GOOD_MARGIN: f64 = 0.06;
/// How far above the game's move, in winning chances, a move must stand
/// in every search to be "better than the game": Lichess calls a move
/// that gives away this much an inaccuracy.
pub const BETTER_MARGIN: f64 = 0.10;
/// How far a search of [`CONFIRM_MS`] may stray from a long one, in
/// winning chances of the difference between the two moves: Stockfish
/// 15.1 on this project's 21 games, 88 positions, against 3 s searches, 9
/// times in 10 (the largest seen: 0.20).
pub const LONG_NOISE: f64 = 0.07;
/// How far a first search of 300 ms strays, measured as [`LONG_NOISE`]
/// (the largest seen: 0.52): a guess the first search puts further than
/// [`ALSO_GOOD_MARGIN`] and this below the game's move is judged at once.
pub const SHORT_NOISE: f64 = 0.12;
/// The shortest second search, in milliseconds.
pub const CONFIRM_MS: u64 = 1000;
/// A mate counts as this many centipawns in the average loss of the
/// summary (as Lichess's average loss caps it), and only there: verdicts
/// compare winning chances, and no mate is shown as centipawns.
pub const MATE_CP: i32 = 1000;

/// What a guess was worth.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// The move played in the game.
    GameMove,
    /// Clearly better than the game's move, by two searches of the engine.
    BetterThanGame,
    /// As good as the game's move, by two searches of the engine.
    AlsoGood,
    /// Another move: without an engine, or not shown to be as good.
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
/// move in each (see [`Evaluation`]), for as long as
/// [`EvalRequest::movetime`] says.
#[derive(Clone, Debug, PartialEq)]
pub struct EvalRequest {
    /// The position before the move.
    pub before: Chess,
    /// The user's move.
    pub guess: Move,
    /// The game's move.
    pub game: Move,
    /// Whether this is the second search, which confirms the first.
    pub confirm: bool,
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

    /// How long to look at each position, given the shell's own time: that
    /// time for the first search, at least [`CONFIRM_MS`] (and twice the
    /// first) for the second.
    #[must_use]
    pub fn movetime(&self, base_ms: u64) -> u64 {
        if self.confirm {
            base_ms.saturating_mul(2).max(CONFIRM_MS)
        } else {
            base_ms
        }
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
    /// How far the guess falls below the game's move, in centipawns, for
    /// the summary's average (0 when it is as good or better; a mate
    /// counted as [`MATE_CP`]).
    pub loss_cp: u32,
    /// The game move's evaluation minus the guess's, in centipawns, for
    /// the side that moves (positive: the guess is worse); `None` when
    /// either is a mate.
    pub below_game_cp: Option<i32>,
    /// The guess's evaluation, for the side that moves (see [`mover`]).
    pub guess: Score,
    /// The game move's evaluation, for the side that moves.
    pub game: Score,
    /// Why a move that loses material fails: the engine's line.
    pub reason: Option<String>,
}

/// What the first search decided.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FirstLook {
    /// The guess is clearly worse: judged now.
    Settled(Scored),
    /// The guess may be as good or better: search again
    /// ([`EvalRequest::confirm`]) and [`settle`].
    Confirm,
}

/// The first search's judgement of `request`'s guess; `None` when the
/// engine gave too little to judge by (then the guess scores as without
/// an engine).
#[must_use]
pub fn first_look(request: &EvalRequest, eval: &Evaluation) -> Option<FirstLook> {
    let reading = Reading::of(request, eval)?;
    Some(if reading.delta() < -(ALSO_GOOD_MARGIN + SHORT_NOISE) {
        FirstLook::Settled(worse(request, eval, &reading))
    } else {
        FirstLook::Confirm
    })
}

/// The verdict on `request`'s guess from the first search and the second
/// (at least [`CONFIRM_MS`]): better than the game when both put it
/// [`BETTER_MARGIN`] above the game's move, or the second alone by that
/// and [`LONG_NOISE`]; also good likewise within [`ALSO_GOOD_MARGIN`]
/// below it; otherwise worse, by the second search. `None` when the second
/// search gave too little to judge by.
#[must_use]
pub fn settle(request: &EvalRequest, first: &Evaluation, second: &Evaluation) -> Option<Scored> {
    let long = Reading::of(request, second)?;
    let short = Reading::of(request, first).map_or(long.delta(), |r| r.delta());
    let both_above = |margin: f64| short > margin && long.delta() > margin;
    let verdict = if both_above(BETTER_MARGIN) || long.delta() > BETTER_MARGIN + LONG_NOISE {
        Verdict::BetterThanGame
    } else if (short >= -ALSO_GOOD_MARGIN && long.delta() >= -ALSO_GOOD_MARGIN)
        || long.delta() >= LONG_NOISE - ALSO_GOOD_MARGIN
    {
        Verdict::AlsoGood
    } else {
        return Some(worse(request, second, &long));
    };
    Some(long.scored(verdict, None))
}

/// A guess shown worse than the game's move: it loses material when the
/// engine's line after it shows that, else it differs.
fn worse(request: &EvalRequest, eval: &Evaluation, reading: &Reading) -> Scored {
    let refutation = by_engine(&request.before, request.guess, &eval.after_guess).ok();
    match refutation {
        Some(r) => reading.scored(Verdict::LosesMaterial, Some(r.text)),
        None => reading.scored(Verdict::Differs, None),
    }
}

/// One search's evaluations of the two moves, for the side that moves.
struct Reading {
    guess: Score,
    game: Score,
}

impl Reading {
    fn of(request: &EvalRequest, eval: &Evaluation) -> Option<Reading> {
        let [after_guess, after_game] = request.positions();
        Some(Reading {
            guess: after(&after_guess, &eval.after_guess)?,
            game: after(&after_game, &eval.after_game)?,
        })
    }

    /// The guess's winning chances minus the game move's.
    fn delta(&self) -> f64 {
        chances(self.guess) - chances(self.game)
    }

    fn scored(&self, verdict: Verdict, reason: Option<String>) -> Scored {
        let below_game_cp = match (self.game, self.guess) {
            (Score::Cp(game), Score::Cp(guess)) => Some(game - guess),
            _ => None,
        };
        let loss = capped(self.game) - capped(self.guess);
        let loss_cp = match verdict {
            Verdict::BetterThanGame | Verdict::AlsoGood if loss <= 0 => 0,
            _ => u32::try_from(loss.max(0)).unwrap_or(0),
        };
        Scored {
            verdict,
            loss_cp,
            below_game_cp,
            guess: self.guess,
            game: self.game,
            reason,
        }
    }
}

/// A side's winning chances from its evaluation, from -1 (lost) to 1
/// (won): Lichess's curve, `2 / (1 + e^(-0.00368208 cp)) - 1`; a mate is
/// 1, being mated -1.
#[must_use]
pub fn chances(score: Score) -> f64 {
    match score {
        Score::Cp(cp) => 2.0 / (1.0 + (-0.003_682_08 * f64::from(cp)).exp()) - 1.0,
        Score::Mate(n) if n > 0 => 1.0,
        Score::Mate(_) => -1.0,
    }
}

/// An evaluation held within [`MATE_CP`], for the average loss only.
fn capped(score: Score) -> i32 {
    match score {
        Score::Cp(cp) => cp.clamp(-MATE_CP, MATE_CP),
        Score::Mate(n) if n > 0 => MATE_CP,
        Score::Mate(_) => -MATE_CP,
    }
}

/// The engine's score of the position after a move (from the opponent's
/// side, as UCI says it) turned to the side that made the move, counted
/// from the position before it: `Mate(n)` with `n > 0` mates in n moves,
/// this one included; with `n < 0`, is mated after -n of the opponent's
/// moves.
#[must_use]
pub fn mover(after: Score) -> Score {
    match after {
        Score::Cp(cp) => Score::Cp(-cp),
        Score::Mate(n) if n > 0 => Score::Mate(-n),
        Score::Mate(n) => Score::Mate(1 - n),
    }
}

/// The evaluation after a move, for the side that made it: the end of the
/// game when the board shows one, else the engine's best line.
fn after(pos: &Chess, lines: &[PvLine]) -> Option<Score> {
    if pos.is_checkmate() {
        return Some(Score::Mate(1));
    }
    if pos.is_stalemate() || pos.is_insufficient_material() {
        return Some(Score::Cp(0));
    }
    lines.first().map(|l| mover(l.score))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::parse_fen;
    use crate::rng::Rng;
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

    /// A rook and a knight each side: White to move; the game played Kg2.
    fn request(guess: &str) -> EvalRequest {
        let pos = parse_fen("4k3/8/8/8/4n3/8/8/R4RK1 w - - 0 1").unwrap();
        EvalRequest {
            guess: mv(&pos, guess),
            game: mv(&pos, "g1g2"),
            before: pos,
            confirm: false,
        }
    }

    /// Both positions scored from Black's side (Black moves after either).
    fn eval(guess: Score, game: Score) -> Evaluation {
        Evaluation {
            after_guess: line(guess, "e8d7"),
            after_game: line(game, "e8d7"),
        }
    }

    fn verdict(first: (i32, i32), second: (i32, i32)) -> Verdict {
        let request = request("f1e1");
        let first = eval(Score::Cp(first.0), Score::Cp(first.1));
        let second = eval(Score::Cp(second.0), Score::Cp(second.1));
        match first_look(&request, &first).unwrap() {
            FirstLook::Settled(s) => s.verdict,
            FirstLook::Confirm => settle(&request, &first, &second).unwrap().verdict,
        }
    }

    #[test]
    fn a_verdict_for_the_guess_needs_both_searches_or_a_clear_long_one() {
        // (after the guess, after the game's move), from Black's side.
        let table = [
            // 20 cp below in both: also good.
            ((-20, -40), (-20, -40), Verdict::AlsoGood),
            // 150 cp better in both: better.
            ((-190, -40), (-190, -40), Verdict::BetterThanGame),
            // The short search says 368 better, the long one 89 worse: the
            // long one decides (89 cp is more than an equal position's
            // margin).
            ((-368, 0), (89, 0), Verdict::Differs),
            // Better by the short search only: as good, not better.
            ((-100, 0), (-10, 0), Verdict::AlsoGood),
            // The long search alone, well past its noise: better.
            ((0, 0), (-120, 0), Verdict::BetterThanGame),
            // Clearly worse at once: no second search needed.
            ((300, -40), (-300, -40), Verdict::Differs),
            // Worse by 70 cp: the long search decides.
            ((30, -40), (30, -40), Verdict::Differs),
        ];
        for (first, second, expected) in table {
            assert_eq!(verdict(first, second), expected, "{first:?} {second:?}");
        }
        // The Opera game's 15. Bxf6 against Morphy's Bxd7+: a 300 ms search
        // called it 368 centipawns better, 6 s say +5.37 against +6.26.
        assert_ne!(verdict((-998, -630), (-537, -626)), Verdict::BetterThanGame);
    }

    #[test]
    fn mates_are_compared_as_mates_never_as_centipawns() {
        let request = request("f1e1");
        // The guess mates in 3 (Black is mated in 2 after it), the game's
        // move is +10: both win, the guess is as good, not better.
        let both = eval(Score::Mate(-2), Score::Cp(-1000));
        assert_eq!(first_look(&request, &both), Some(FirstLook::Confirm));
        let s = settle(&request, &both, &both).unwrap();
        assert_eq!(
            (s.verdict, s.guess, s.below_game_cp),
            (Verdict::AlsoGood, Score::Mate(3), None)
        );
        assert_eq!(s.loss_cp, 0);
        // The guess mates where the game's move keeps a pawn: better.
        let mates = eval(Score::Mate(-2), Score::Cp(-100));
        let s = settle(&request, &mates, &mates).unwrap();
        assert_eq!(s.verdict, Verdict::BetterThanGame);
        // The guess lets Black mate in 2: worse at once, with its line.
        let mated = Evaluation {
            after_guess: vec![PvLine {
                multipv: 1,
                depth: 10,
                score: Score::Mate(2),
                pv: Vec::new(),
            }],
            after_game: line(Score::Cp(0), "e8d7"),
        };
        let Some(FirstLook::Settled(s)) = first_look(&request, &mated) else {
            panic!("a mate against is settled at once")
        };
        assert_eq!((s.verdict, s.guess), (Verdict::Differs, Score::Mate(-2)));
        assert_eq!(s.loss_cp, 1000, "a mate counts as 1000 in the average");
    }

    #[test]
    fn a_move_that_loses_material_is_told_with_who_wins_what() {
        // Rab1? Nd2 Rb2 Nxf1: the engine's line says why.
        let request = request("a1b1");
        let losing = Evaluation {
            after_guess: line(Score::Cp(450), "e4d2 b1b2 d2f1 g1f1 e8d7"),
            after_game: line(Score::Cp(-40), "e8d7"),
        };
        let Some(FirstLook::Settled(s)) = first_look(&request, &losing) else {
            panic!("clearly worse")
        };
        assert_eq!(s.verdict, Verdict::LosesMaterial);
        assert_eq!(s.verdict.points(), 0);
        assert_eq!(
            s.reason.as_deref(),
            Some("1. Rab1? Nd2 2. Rb2 Nxf1: Black wins a rook for a knight")
        );
        assert_eq!((s.loss_cp, s.below_game_cp), (490, Some(490)));
        // Nothing from the engine: no verdict.
        assert_eq!(first_look(&request, &Evaluation::default()), None);
    }

    /// The property the mode promises: whatever the engine's noise, within
    /// what its searches are measured to stray (a short search's score up
    /// to 120 cp off, a long one's up to 25 cp, each position on its own),
    /// a guess that is truly no better than the master's move is never
    /// called better than the game, and one clearly worse (by the margin
    /// and the noise) is never called as good.
    #[test]
    fn jittered_scores_never_call_the_masters_move_worse() {
        let mut rng = Rng::new(37);
        let mut jitter = |amplitude: i32| {
            let span = usize::try_from(2 * amplitude + 1).unwrap();
            i32::try_from(rng.below(span)).unwrap() - amplitude
        };
        let request = request("f1e1");
        let mut checked = 0;
        for game in (-900..=900).step_by(25) {
            for gap in [0, 5, 20, 40, 80, 150, 300] {
                // Scores from White's side (the mover); the guess `gap`
                // below the game's move.
                let guess = game - gap;
                for _ in 0..20 {
                    let search = |noise: &mut dyn FnMut(i32) -> i32, amplitude| {
                        eval(
                            Score::Cp(-(guess + noise(amplitude))),
                            Score::Cp(-(game + noise(amplitude))),
                        )
                    };
                    let first = search(&mut jitter, 120);
                    let second = search(&mut jitter, 25);
                    let v = match first_look(&request, &first).unwrap() {
                        FirstLook::Settled(s) => s.verdict,
                        FirstLook::Confirm => settle(&request, &first, &second).unwrap().verdict,
                    };
                    assert_ne!(
                        v,
                        Verdict::BetterThanGame,
                        "game {game}, guess {guess}: {first:?} {second:?}"
                    );
                    // The long search's jitter moves the difference by at
                    // most twice 25 cp at the curve's steepest.
                    let bound = 2.0 * 25.0 * 0.003_682_08 / 2.0;
                    let true_gap = chances(Score::Cp(game)) - chances(Score::Cp(guess));
                    if true_gap > ALSO_GOOD_MARGIN + bound {
                        assert_ne!(v, Verdict::AlsoGood, "game {game}, guess {guess}");
                    }
                    checked += 1;
                }
            }
        }
        assert!(checked > 10_000, "{checked}");
    }
}
