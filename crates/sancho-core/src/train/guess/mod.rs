//! Guess the move: a master game is played up to the user's side's move,
//! the user types the move they would play, it is scored (the game's move
//! full points; with an engine, a move as good or better scores too, and
//! one that loses material is told why), then the game's move is played
//! with the PGN's comment. One state machine both shells drive: the line
//! mode (`sancho guess --plain`) and the full screen.
//!
//! Pure: the engine's analysis comes in as values ([`Evaluation`]) after
//! the machine asks for it ([`GuessEvent::Evaluate`]); time comes in as
//! milliseconds when the result is recorded.

mod game;
mod judge;
mod pgn_out;

use std::collections::BTreeMap;
use std::str::FromStr;

use serde::Serialize;
use shakmaty::{Chess, Color, Move};

use crate::drill::{DrillSummary, Mistake};
use crate::engine::Score;
use crate::notation::{
    Diagnostic, HintEngine, Lang, MoveText, Rejected, Strictness, bounded_prefix, color_name,
    hint_in, move_text, resolve_in,
};
use crate::spoiler::{Policy, Shown, shown};

pub use game::{GameError, GuessGame, pick};
pub use judge::{
    ALSO_GOOD_MARGIN, ALSO_GOOD_POINTS, BETTER_MARGIN, CONFIRM_MS, EvalRequest, Evaluation,
    FULL_POINTS, FirstLook, LONG_NOISE, MATE_CP, SHORT_NOISE, Scored, Verdict, chances, first_look,
    mover, settle,
};

/// The drill kind guess-the-move runs are recorded under.
pub const GUESS_KIND: &str = "guess";

/// How many moments the summary names.
pub const MOMENTS: usize = 3;

/// Whose moves the user guesses.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum GuessSide {
    /// White's moves.
    #[default]
    White,
    /// Black's moves.
    Black,
    /// Every move.
    Both,
}

/// A `--side` that is not white, black or both.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown side {0:?}: choose white, black or both")]
pub struct UnknownSide(pub String);

impl FromStr for GuessSide {
    type Err = UnknownSide;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "white" | "w" => Ok(GuessSide::White),
            "black" | "b" => Ok(GuessSide::Black),
            "both" => Ok(GuessSide::Both),
            _ => Err(UnknownSide(s.to_owned())),
        }
    }
}

impl GuessSide {
    /// Whether the user guesses `color`'s moves.
    #[must_use]
    pub fn guesses(self, color: Color) -> bool {
        match self {
            GuessSide::White => color.is_white(),
            GuessSide::Black => color.is_black(),
            GuessSide::Both => true,
        }
    }

    /// Its name: `white`, `black`, `both`.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            GuessSide::White => "white",
            GuessSide::Black => "black",
            GuessSide::Both => "both",
        }
    }
}

/// How a run is set up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GuessOptions {
    /// Whose moves are guessed.
    pub side: GuessSide,
    /// The move number guessing starts at (1: from the first move).
    pub from: u32,
    /// Whether an engine judges the moves that are not the game's.
    pub engine: bool,
    /// The piece letters moves are typed in.
    pub lang: Lang,
}

impl Default for GuessOptions {
    fn default() -> Self {
        GuessOptions {
            side: GuessSide::White,
            from: 1,
            engine: false,
            lang: Lang::EN,
        }
    }
}

/// Why a run cannot start.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GuessError {
    /// `--from` past the game's last move of the side guessed.
    #[error(
        "the game has no {side}move from move {from} on (it has {moves} moves): choose an earlier --from"
    )]
    NothingToGuess {
        /// The move number asked for.
        from: u32,
        /// The side guessed, with a space (`white `), or nothing for both.
        side: &'static str,
        /// The game's length in moves.
        moves: usize,
    },
}

/// A guess, judged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Judgement {
    /// The ply guessed (0-based).
    pub ply: usize,
    /// Its move number.
    pub number: u32,
    /// Who moved.
    pub side: Color,
    /// What the user typed.
    pub input: String,
    /// The user's move.
    pub guess: MoveText,
    /// The game's move.
    pub game: MoveText,
    /// The verdict.
    pub verdict: Verdict,
    /// The points it scored.
    pub points: u32,
    /// With an engine: how far below the game's move, in centipawns (0
    /// for the game's move and for a move as good or better).
    pub loss_cp: Option<u32>,
    /// With an engine: the game move's evaluation minus the guess's, in
    /// centipawns (`None` when either is a mate).
    pub below_game_cp: Option<i32>,
    /// With an engine: the guess's and the game move's evaluations, for
    /// the side that moves (see [`mover`]), by the search that decided.
    pub scores: Option<(Score, Score)>,
    /// Why a move that loses material fails, in the engine's line.
    pub reason: Option<String>,
    /// How the input departed from canonical SAN (notes included).
    pub diagnostics: Vec<Diagnostic>,
}

impl Judgement {
    /// The verdict in a sentence, the same on both shells, the moves in
    /// `lang`'s letters: `Nc3 is as good as the game's Nf3. 2 points.`,
    /// `Bb5+ loses material (4. Bb5+? c6 5. dxe5 cxb5: Black wins a bishop
    /// for a pawn). The game went dxe5. 0 points.` A figure in centipawns
    /// is said only when both moves have one, and never as a negative
    /// "below".
    #[must_use]
    pub fn sentence(&self, lang: Lang) -> String {
        let guess = lang.localize(&self.guess.san);
        let game = lang.localize(&self.game.san);
        let (ours, theirs) = match self.scores {
            Some((ours, theirs)) => (Some(ours), Some(theirs)),
            None => (None, None),
        };
        let mates = |s: Option<Score>| match s {
            Some(Score::Mate(n)) if n > 0 => Some(n),
            _ => None,
        };
        let below = self.below_game_cp;
        let text = match self.verdict {
            Verdict::GameMove => format!("{guess}: the game's move"),
            Verdict::BetterThanGame => match (mates(ours), below) {
                (Some(n), _) => {
                    format!(
                        "{guess} is better than the game's {game}: it {}",
                        mates_in(n)
                    )
                }
                (None, Some(cp)) => format!(
                    "{guess} is better than the game's {game}, by {} centipawns",
                    cp.saturating_neg()
                ),
                (None, None) => format!("{guess} is better than the game's {game}"),
            },
            Verdict::AlsoGood => match (mates(ours), mates(theirs)) {
                (Some(n), Some(m)) if n == m => {
                    format!(
                        "{guess} is as good as the game's {game}: both {}",
                        mates_in(n)
                    )
                }
                (Some(n), Some(m)) => format!(
                    "{guess} is also good: it {}, the game's {game} {}",
                    mates_in(n),
                    mates_in(m)
                ),
                (None, Some(m)) => format!(
                    "{guess} is also good: it keeps a winning position, and the game's {game} {}",
                    mates_in(m)
                ),
                (Some(n), None) => format!(
                    "{guess} is also good: it {}, and the game's {game} wins too",
                    mates_in(n)
                ),
                (None, None) => match below {
                    Some(cp) if cp > 0 => {
                        format!("{guess} is also good, {cp} centipawns below the game's {game}")
                    }
                    _ => format!("{guess} is as good as the game's {game}"),
                },
            },
            Verdict::Differs => match (mates(theirs), below) {
                (Some(m), _) => format!("{guess} is not the game's move: {game} {}", mates_in(m)),
                (None, Some(cp)) if cp > 0 => {
                    format!("{guess} is not the game's move ({game}), {cp} centipawns below it")
                }
                _ => format!("{guess} is not the game's move ({game})"),
            },
            Verdict::LosesMaterial => {
                let loses = match ours {
                    Some(Score::Mate(n)) if n < 0 => "allows mate",
                    _ => "loses material",
                };
                match &self.reason {
                    Some(why) => format!(
                        "{guess} {loses} ({}). The game went {game}",
                        lang.localize_text(why)
                    ),
                    None => format!("{guess} {loses}. The game went {game}"),
                }
            }
        };
        let points = if self.points == 1 {
            "1 point".to_owned()
        } else {
            format!("{} points", self.points)
        };
        format!("{text}. {points}.")
    }
}

/// `mates` (this move), `mates in 3`.
fn mates_in(n: i32) -> String {
    if n == 1 {
        "mates".to_owned()
    } else {
        format!("mates in {n}")
    }
}

/// One thing that happened, for the shell to show.
#[derive(Clone, Debug, PartialEq)]
pub enum GuessEvent {
    /// A move of the game was played: one the user does not guess, or the
    /// game's move after a guess.
    Played {
        /// Its ply (0-based).
        ply: usize,
        /// Its move number.
        number: u32,
        /// Who moved.
        side: Color,
        /// The position before it.
        before: Box<Chess>,
        /// The move.
        text: MoveText,
        /// The PGN's comment on it.
        comment: Option<String>,
        /// Whether the user guessed it.
        guessed: bool,
    },
    /// The user's turn: the move to guess.
    YourMove {
        /// Its ply (0-based).
        ply: usize,
        /// Its move number.
        number: u32,
        /// Who moves.
        side: Color,
    },
    /// The input is no legal move here: said, and the user tries again.
    NotAMove {
        /// What was typed.
        input: String,
        /// Why, with the notation engine's diagnostics.
        rejected: Rejected,
    },
    /// The shell asks the engine about [`EvalRequest::positions`] and
    /// hands the answer to [`Guess::evaluated`].
    Evaluate(Box<EvalRequest>),
    /// A guess, judged.
    Judged(Box<Judgement>),
    /// The run is over: the game ended, or the user stopped.
    Finished(GuessSummary),
}

/// A moment where the user differed from the game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Moment {
    /// The move number.
    pub number: u32,
    /// Who moved.
    #[serde(serialize_with = "side_name")]
    pub side: Color,
    /// The user's move, in SAN.
    pub guess: String,
    /// The game's move, in SAN.
    pub game: String,
    /// The verdict.
    pub verdict: Verdict,
    /// With an engine: the game move's evaluation minus the guess's.
    pub below_game_cp: Option<i32>,
}

fn side_name<S: serde::Serializer>(side: &Color, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(color_name(*side))
}

/// The counts at the end.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GuessSummary {
    /// Moves guessed.
    pub guesses: u32,
    /// Guesses that were the game's move.
    pub matched: u32,
    /// Guesses the engine called also good.
    pub also_good: u32,
    /// Guesses the engine called better than the game.
    pub better: u32,
    /// Points scored.
    pub points: u32,
    /// The most that could be scored ([`FULL_POINTS`] a guess).
    pub max_points: u32,
    /// With an engine: the mean loss against the game's moves, in
    /// centipawns, over the guesses judged with it (the game's move and a
    /// better one lose nothing).
    pub average_loss_cp: Option<u32>,
    /// Where the user differed most (with an engine, by how far below the
    /// game move; without, the first moves that differed).
    pub moments: Vec<Moment>,
    /// Notation slips by code.
    pub slips: BTreeMap<String, u32>,
    /// Whether the game was played to its end.
    pub complete: bool,
}

/// A guess waiting for the engine.
#[derive(Clone, Debug, PartialEq)]
struct Pending {
    input: String,
    guess: MoveText,
    diagnostics: Vec<Diagnostic>,
    /// The first search's answer, while the second is asked.
    first: Option<Evaluation>,
}

/// A guess-the-move run.
#[derive(Clone, Debug, PartialEq)]
pub struct Guess {
    game: GuessGame,
    options: GuessOptions,
    first_ply: usize,
    ply: usize,
    pending: Option<Pending>,
    judgements: Vec<Judgement>,
    slips: Vec<Mistake>,
    stopped: bool,
}

impl Guess {
    /// A run through `game`: the moves before the first one to guess are
    /// played at once (the events say them), then the user's turn.
    ///
    /// # Errors
    /// [`GuessError::NothingToGuess`] when `options.from` leaves no move
    /// of the side guessed.
    pub fn new(
        game: GuessGame,
        options: GuessOptions,
    ) -> Result<(Guess, Vec<GuessEvent>), GuessError> {
        let first_ply = usize::try_from(options.from.max(1) - 1)
            .unwrap_or(usize::MAX)
            .saturating_mul(2);
        let any = (first_ply..game.moves.len()).any(|ply| options.side.guesses(side_of(ply)));
        if !any {
            return Err(GuessError::NothingToGuess {
                from: options.from,
                side: match options.side {
                    GuessSide::White => "white ",
                    GuessSide::Black => "black ",
                    GuessSide::Both => "",
                },
                moves: game.moves.len().div_ceil(2),
            });
        }
        let mut guess = Guess {
            game,
            options,
            first_ply,
            ply: 0,
            pending: None,
            judgements: Vec::new(),
            slips: Vec::new(),
            stopped: false,
        };
        let mut events = Vec::new();
        guess.advance(&mut events);
        Ok((guess, events))
    }

    /// The game.
    #[must_use]
    pub fn game(&self) -> &GuessGame {
        &self.game
    }

    /// How the run is set up.
    #[must_use]
    pub fn options(&self) -> GuessOptions {
        self.options
    }

    /// The position now (before the move to guess; after the last move at
    /// the end).
    #[must_use]
    pub fn position(&self) -> Chess {
        self.game
            .moves
            .get(self.ply)
            .map_or_else(|| self.game.final_position(), |(pos, _)| pos.clone())
    }

    /// The ply to guess now, with its number and side; `None` at the end.
    #[must_use]
    pub fn to_guess(&self) -> Option<(usize, u32, Color)> {
        (!self.is_finished()).then(|| (self.ply, GuessGame::number(self.ply), side_of(self.ply)))
    }

    /// The moves played so far (before the one to guess), in SAN.
    #[must_use]
    pub fn played(&self) -> Vec<String> {
        self.game.moves[..self.ply.min(self.game.moves.len())]
            .iter()
            .map(|(pos, mv)| move_text(pos, *mv).san)
            .collect()
    }

    /// The guesses so far.
    #[must_use]
    pub fn judgements(&self) -> &[Judgement] {
        &self.judgements
    }

    /// Whether the run is over.
    #[must_use]
    pub fn is_finished(&self) -> bool {
        self.stopped || self.ply >= self.game.moves.len()
    }

    /// Whether a guess waits for the engine.
    #[must_use]
    pub fn is_waiting(&self) -> bool {
        self.pending.is_some()
    }

    /// What the live hint may show for `text` in the position to guess:
    /// notation help, never the game's move (the puzzle spoiler rule).
    #[must_use]
    pub fn hint(&self, text: &str) -> Shown {
        let engine = HintEngine::new(&self.position());
        shown(
            &hint_in(&engine, text, self.options.lang),
            text,
            Policy::Unsolved,
        )
    }

    /// The user's move for the position to guess.
    pub fn submit(&mut self, text: &str) -> Vec<GuessEvent> {
        let mut events = Vec::new();
        if self.is_finished() || self.pending.is_some() {
            return events;
        }
        let Some((before, game_mv)) = self.game.moves.get(self.ply).cloned() else {
            return events;
        };
        let input = bounded_prefix(text.trim()).to_owned();
        let resolved = match resolve_in(&before, &input, Strictness::Lenient, self.options.lang) {
            Ok(resolved) => resolved,
            Err(rejected) => {
                self.note_slips(&rejected.diagnostics, &input, &input);
                events.push(GuessEvent::NotAMove { input, rejected });
                return events;
            }
        };
        self.note_slips(&resolved.diagnostics, &resolved.text.san, &input);
        let pending = Pending {
            input,
            guess: resolved.text,
            diagnostics: resolved.diagnostics,
            first: None,
        };
        if pending.guess.mv == game_mv || !self.options.engine {
            let verdict = if pending.guess.mv == game_mv {
                Verdict::GameMove
            } else {
                Verdict::Differs
            };
            self.judge(pending, verdict, None, &mut events);
        } else {
            events.push(GuessEvent::Evaluate(Box::new(EvalRequest {
                before,
                guess: pending.guess.mv,
                game: game_mv,
                confirm: false,
            })));
            self.pending = Some(pending);
        }
        events
    }

    /// The engine's answer to the last [`GuessEvent::Evaluate`]; `None`
    /// when the engine failed (the guess then scores as without one). A
    /// first answer that leaves the guess possibly as good as the game's
    /// move asks again, longer ([`EvalRequest::confirm`]): the events then
    /// hold another [`GuessEvent::Evaluate`] and the guess still waits.
    pub fn evaluated(&mut self, eval: Option<&Evaluation>) -> Vec<GuessEvent> {
        let mut events = Vec::new();
        let Some(mut pending) = self.pending.take() else {
            return events;
        };
        let Some((before, game_mv)) = self.game.moves.get(self.ply).cloned() else {
            return events;
        };
        let mut request = EvalRequest {
            before,
            guess: pending.guess.mv,
            game: game_mv,
            confirm: pending.first.is_some(),
        };
        let scored = match (eval, pending.first.take()) {
            (None, _) => None,
            (Some(eval), Some(first)) => settle(&request, &first, eval),
            (Some(eval), None) => match first_look(&request, eval) {
                Some(FirstLook::Settled(scored)) => Some(scored),
                Some(FirstLook::Confirm) => {
                    pending.first = Some(eval.clone());
                    request.confirm = true;
                    events.push(GuessEvent::Evaluate(Box::new(request)));
                    self.pending = Some(pending);
                    return events;
                }
                None => None,
            },
        };
        match scored {
            Some(scored) => {
                let verdict = scored.verdict;
                self.judge(pending, verdict, Some(scored), &mut events);
            }
            None => self.judge(pending, Verdict::Differs, None, &mut events),
        }
        events
    }

    /// Stops here (quit, Esc): the summary counts the guesses made. A guess
    /// waiting for the engine is dropped.
    pub fn stop(&mut self) -> Vec<GuessEvent> {
        if self.is_finished() {
            return Vec::new();
        }
        self.pending = None;
        self.stopped = true;
        vec![GuessEvent::Finished(self.summary())]
    }

    /// The counts so far.
    #[must_use]
    pub fn summary(&self) -> GuessSummary {
        let count = |v: Verdict| {
            u32::try_from(self.judgements.iter().filter(|j| j.verdict == v).count())
                .unwrap_or(u32::MAX)
        };
        let guesses = u32::try_from(self.judgements.len()).unwrap_or(u32::MAX);
        let losses: Vec<u32> = self.judgements.iter().filter_map(|j| j.loss_cp).collect();
        let average_loss_cp = (!losses.is_empty()).then(|| {
            let total: u64 = losses.iter().map(|&l| u64::from(l)).sum();
            let n = u64::try_from(losses.len()).unwrap_or(u64::MAX);
            u32::try_from((total + n / 2) / n).unwrap_or(u32::MAX)
        });
        let mut differed: Vec<&Judgement> = self
            .judgements
            .iter()
            .filter(|j| j.verdict != Verdict::GameMove)
            .collect();
        // Worst first with an engine (stable: earlier first on a tie);
        // without, in game order.
        differed.sort_by_key(|j| std::cmp::Reverse(j.loss_cp.unwrap_or(0)));
        let moments = differed
            .iter()
            .filter(|j| j.loss_cp.is_none_or(|loss| loss > 0))
            .take(MOMENTS)
            .map(|j| Moment {
                number: j.number,
                side: j.side,
                guess: j.guess.san.clone(),
                game: j.game.san.clone(),
                verdict: j.verdict,
                below_game_cp: j.below_game_cp,
            })
            .collect();
        let mut slips = BTreeMap::new();
        for slip in &self.slips {
            *slips.entry(slip.code.clone()).or_default() += 1;
        }
        GuessSummary {
            guesses,
            matched: count(Verdict::GameMove),
            also_good: count(Verdict::AlsoGood),
            better: count(Verdict::BetterThanGame),
            points: self.judgements.iter().map(|j| j.points).sum(),
            max_points: guesses.saturating_mul(FULL_POINTS),
            average_loss_cp,
            moments,
            slips,
            complete: self.ply >= self.game.moves.len(),
        }
    }

    /// The run as a drill's summary (kind [`GUESS_KIND`]): one exercise a
    /// guess, the game's move correct, each notation slip a mistake. What
    /// either shell hands to the record path.
    #[must_use]
    pub fn drill_summary(&self, time_ms: u64) -> DrillSummary {
        let s = self.summary();
        DrillSummary {
            kind: GUESS_KIND.to_owned(),
            exercises: s.guesses,
            correct: s.matched,
            accuracy: if s.guesses == 0 {
                0.0
            } else {
                f64::from(s.matched) / f64::from(s.guesses)
            },
            time_ms,
            ms_per_answer: (s.guesses > 0).then(|| time_ms / u64::from(s.guesses)),
            mistakes: self.slips.clone(),
            timed_out: false,
            coordinates: None,
            trained: Vec::new(),
        }
    }

    /// The game as PGN, the user's guesses as comments (`--out`).
    #[must_use]
    pub fn pgn(&self) -> String {
        pgn_out::write(&self.game, &self.judgements)
    }

    fn note_slips(&mut self, diagnostics: &[Diagnostic], expected: &str, input: &str) {
        for d in diagnostics.iter().filter(|d| !d.code.is_note()) {
            self.slips.push(Mistake {
                code: d.code.as_str().to_owned(),
                expected: expected.to_owned(),
                answer: input.to_owned(),
            });
        }
    }

    fn judge(
        &mut self,
        pending: Pending,
        verdict: Verdict,
        scored: Option<Scored>,
        events: &mut Vec<GuessEvent>,
    ) {
        let Some((before, game_mv)) = self.game.moves.get(self.ply).cloned() else {
            return;
        };
        let (loss_cp, below_game_cp, scores, reason) = match &scored {
            Some(s) => (
                Some(s.loss_cp),
                s.below_game_cp,
                Some((s.guess, s.game)),
                s.reason.clone(),
            ),
            None => (None, None, None, None),
        };
        let judgement = Judgement {
            ply: self.ply,
            number: GuessGame::number(self.ply),
            side: side_of(self.ply),
            input: pending.input,
            guess: pending.guess,
            game: move_text(&before, game_mv),
            verdict,
            points: verdict.points(),
            // The game is the yardstick: its move loses nothing.
            loss_cp: match verdict {
                Verdict::GameMove => self.options.engine.then_some(0),
                _ => loss_cp,
            },
            below_game_cp,
            scores,
            reason,
            diagnostics: pending.diagnostics,
        };
        self.judgements.push(judgement.clone());
        events.push(GuessEvent::Judged(Box::new(judgement)));
        self.play_game_move(true, events);
        self.advance(events);
    }

    fn play_game_move(&mut self, guessed: bool, events: &mut Vec<GuessEvent>) {
        let Some((before, mv)) = self.game.moves.get(self.ply).cloned() else {
            return;
        };
        events.push(GuessEvent::Played {
            ply: self.ply,
            number: GuessGame::number(self.ply),
            side: side_of(self.ply),
            text: move_text(&before, mv),
            before: Box::new(before),
            comment: self.game.comments.get(self.ply).cloned().flatten(),
            guessed,
        });
        self.ply += 1;
    }

    /// Plays the moves the user does not guess, up to the next one to
    /// guess (said) or the game's end.
    fn advance(&mut self, events: &mut Vec<GuessEvent>) {
        while self.ply < self.game.moves.len() {
            if self.ply >= self.first_ply && self.options.side.guesses(side_of(self.ply)) {
                events.push(GuessEvent::YourMove {
                    ply: self.ply,
                    number: GuessGame::number(self.ply),
                    side: side_of(self.ply),
                });
                return;
            }
            self.play_game_move(false, events);
        }
        events.push(GuessEvent::Finished(self.summary()));
    }
}

/// Who moves at `ply` of a game from the start position.
fn side_of(ply: usize) -> Color {
    if ply.is_multiple_of(2) {
        Color::White
    } else {
        Color::Black
    }
}

/// The game's move at a ply, for tests and the shells.
#[must_use]
pub fn game_move(game: &GuessGame, ply: usize) -> Option<Move> {
    game.moves.get(ply).map(|(_, mv)| *mv)
}

#[cfg(test)]
mod tests {
    use super::*;

    const GAME: &str = "[White \"Anna\"]\n[Black \"Ben\"]\n[Result \"1-0\"]\n\n\
        1. e4 e5 2. Nf3 {develops} Nc6 3. Bc4 Nf6 4. O-O 1-0\n";

    fn run(side: GuessSide, from: u32) -> (Guess, Vec<GuessEvent>) {
        let game = GuessGame::from_pgn(GAME).unwrap().remove(0);
        Guess::new(
            game,
            GuessOptions {
                side,
                from,
                ..GuessOptions::default()
            },
        )
        .unwrap()
    }

    #[test]
    fn without_an_engine_only_the_game_move_scores() {
        let (mut g, events) = run(GuessSide::White, 1);
        assert!(matches!(events[..], [GuessEvent::YourMove { ply: 0, .. }]));
        let events = g.submit("e4");
        let GuessEvent::Judged(j) = &events[0] else {
            panic!("{events:?}")
        };
        assert_eq!((j.verdict, j.points), (Verdict::GameMove, FULL_POINTS));
        // The game's move, then Black's reply, then White's turn.
        assert!(matches!(
            &events[1],
            GuessEvent::Played { guessed: true, .. }
        ));
        assert!(matches!(
            &events[2],
            GuessEvent::Played { guessed: false, .. }
        ));
        assert!(matches!(&events[3], GuessEvent::YourMove { ply: 2, .. }));
        let events = g.submit("Nc3");
        let GuessEvent::Judged(j) = &events[0] else {
            panic!("{events:?}")
        };
        assert_eq!((j.verdict, j.points), (Verdict::Differs, 0));
        let GuessEvent::Played { comment, .. } = &events[1] else {
            panic!("{events:?}")
        };
        assert_eq!(comment.as_deref(), Some("develops"));
        // Not a move: said, nothing judged, the slip kept.
        let events = g.submit("Kt f3");
        assert!(
            matches!(events[..], [GuessEvent::NotAMove { .. }]),
            "{events:?}"
        );
        assert_eq!(g.to_guess().map(|t| t.0), Some(4));
        g.submit("Bc4");
        let events = g.submit("0-0");
        assert!(
            matches!(events.last(), Some(GuessEvent::Finished(_))),
            "{events:?}"
        );
        let s = g.summary();
        assert_eq!(
            (s.guesses, s.matched, s.points, s.max_points),
            (4, 3, 9, 12)
        );
        assert!(s.complete);
        assert_eq!(s.moments.len(), 1);
        assert_eq!(
            (s.moments[0].guess.as_str(), s.moments[0].game.as_str()),
            ("Nc3", "Nf3")
        );
        assert_eq!(s.slips.get("zero-castling"), Some(&1), "{:?}", s.slips);
        let drill = g.drill_summary(8_000);
        assert_eq!(
            (drill.kind.as_str(), drill.exercises, drill.correct),
            ("guess", 4, 3)
        );
    }

    #[test]
    fn black_from_a_later_move_and_an_engine_asked_only_for_other_moves() {
        let game = GuessGame::from_pgn(GAME).unwrap().remove(0);
        let options = GuessOptions {
            side: GuessSide::Black,
            from: 2,
            engine: true,
            ..GuessOptions::default()
        };
        let (mut g, events) = Guess::new(game.clone(), options).unwrap();
        assert_eq!(
            events.len(),
            4,
            "1. e4 e5 2. Nf3 then Black's turn: {events:?}"
        );
        assert!(matches!(g.submit("Nc6")[0], GuessEvent::Judged(_)));
        let events = g.submit("Bc5");
        assert!(matches!(events[..], [GuessEvent::Evaluate(_)]));
        assert!(g.is_waiting());
        assert!(g.submit("Nf6").is_empty(), "one guess at a time");
        let events = g.evaluated(None);
        let GuessEvent::Judged(j) = &events[0] else {
            panic!("{events:?}")
        };
        assert_eq!(j.verdict, Verdict::Differs);
        let late = GuessOptions { from: 5, ..options };
        assert!(matches!(
            Guess::new(game, late),
            Err(GuessError::NothingToGuess { .. })
        ));
    }

    /// Both positions answered with `guess` and `game` (each from the side
    /// to move after the move, as UCI says it).
    fn answer(guess: Score, game: Score) -> Evaluation {
        let line = |score| {
            vec![crate::engine::PvLine {
                multipv: 1,
                depth: 12,
                score,
                pv: Vec::new(),
            }]
        };
        Evaluation {
            after_guess: line(guess),
            after_game: line(game),
        }
    }

    /// A run as White with an engine, 1. e4 guessed.
    fn with_engine() -> Guess {
        let game = GuessGame::from_pgn(GAME).unwrap().remove(0);
        let options = GuessOptions {
            engine: true,
            ..GuessOptions::default()
        };
        let (mut g, _) = Guess::new(game, options).unwrap();
        g.submit("e4");
        g
    }

    #[test]
    fn a_guess_as_good_is_searched_twice_and_said_without_a_negative_figure() {
        let mut g = with_engine();
        // 2. Nc3 (the game: Nf3): the first search puts it 20 cp better.
        let events = g.submit("Nc3");
        let [GuessEvent::Evaluate(first)] = &events[..] else {
            panic!("{events:?}")
        };
        assert!(!first.confirm);
        let events = g.evaluated(Some(&answer(Score::Cp(-60), Score::Cp(-40))));
        let [GuessEvent::Evaluate(second)] = &events[..] else {
            panic!("a second search is asked: {events:?}")
        };
        assert!(second.confirm && g.is_waiting());
        assert_eq!(second.movetime(300), 1000);
        assert_eq!(second.movetime(800), 1600);
        let events = g.evaluated(Some(&answer(Score::Cp(-45), Score::Cp(-40))));
        let GuessEvent::Judged(j) = &events[0] else {
            panic!("{events:?}")
        };
        assert_eq!((j.verdict, j.below_game_cp), (Verdict::AlsoGood, Some(-5)));
        assert_eq!(
            j.sentence(Lang::EN),
            "Nc3 is as good as the game's Nf3. 2 points."
        );
        // 3. Bb5 (the game: Bc4) 25 cp below it in both: also good, said so.
        let events = g.submit("Bb5");
        assert!(matches!(events[..], [GuessEvent::Evaluate(_)]));
        g.evaluated(Some(&answer(Score::Cp(5), Score::Cp(-20))));
        let events = g.evaluated(Some(&answer(Score::Cp(5), Score::Cp(-20))));
        let GuessEvent::Judged(j) = &events[0] else {
            panic!("{events:?}")
        };
        assert_eq!(
            j.sentence(Lang::EN),
            "Bb5 is also good, 25 centipawns below the game's Bc4. 2 points."
        );
        // 4. d3 (the game: O-O), the engine failing on the second search:
        // scored as without an engine.
        g.submit("d3");
        g.evaluated(Some(&answer(Score::Cp(0), Score::Cp(0))));
        let events = g.evaluated(None);
        let GuessEvent::Judged(j) = &events[0] else {
            panic!("{events:?}")
        };
        assert_eq!(
            (j.verdict, j.sentence(Lang::EN).as_str()),
            (
                Verdict::Differs,
                "d3 is not the game's move (O-O). 0 points."
            )
        );
    }

    #[test]
    fn mates_are_said_as_mates() {
        let mut g = with_engine();
        g.submit("d4");
        // Black mated in 3 after the guess, the game's move +0.4: better.
        let mates = answer(Score::Mate(-3), Score::Cp(-40));
        g.evaluated(Some(&mates));
        let events = g.evaluated(Some(&mates));
        let GuessEvent::Judged(j) = &events[0] else {
            panic!("{events:?}")
        };
        assert_eq!(
            j.sentence(Lang::EN),
            "d4 is better than the game's Nf3: it mates in 4. 3 points."
        );
        // The game's move mates in 2, the guess keeps +0.5: worse at once.
        let events = g.submit("a3");
        assert!(matches!(events[..], [GuessEvent::Evaluate(_)]));
        let events = g.evaluated(Some(&answer(Score::Cp(-50), Score::Mate(-1))));
        let GuessEvent::Judged(j) = &events[0] else {
            panic!("{events:?}")
        };
        assert_eq!(j.below_game_cp, None);
        assert_eq!(
            j.sentence(Lang::EN),
            "a3 is not the game's move: Bc4 mates in 2. 0 points."
        );
    }

    #[test]
    fn the_live_hint_keeps_the_game_move_secret() {
        let (g, _) = run(GuessSide::White, 1);
        let shown = g.hint("N");
        assert!(!shown.list, "a bare piece letter lists no moves");
        assert_eq!(shown.count.moves, 4, "Na3, Nc3, Nf3, Nh3");
    }
}
