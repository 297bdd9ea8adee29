//! Guess the move on the full screen: the screen's state around the
//! core's [`Guess`] (the one state machine line mode drives too): the line
//! the user types on, what the last guess and the game's replies said,
//! whether the engine is being asked, and the board's side.

use shakmaty::{Color, Move};

use super::input::InputLine;
use super::play::complete::completion;
use crate::drill::DrillSummary;
use crate::notation::{HintEngine, hint_in};
use crate::spoiler::Shown;
use crate::spoiler::without_signs;
use crate::train::guess::{EvalRequest, Evaluation, Guess, GuessEvent, Judgement};

/// The guess-the-move screen.
#[derive(Clone, Debug)]
pub struct GuessScreen {
    guess: Guess,
    input: InputLine,
    /// The last guess judged.
    last: Option<Judgement>,
    /// The game's moves played since the last guess, in SAN with their
    /// comments (`2... d6`).
    replies: Vec<String>,
    /// Why the last input was no move here.
    refused: Option<String>,
    /// The last move played, for the board.
    last_move: Option<Move>,
    /// The engine's question, until its answer comes.
    asking: Option<EvalRequest>,
    /// Which question this is (an answer to an older one is dropped).
    asked: u32,
    time_ms: u64,
    reported: bool,
    flipped: bool,
}

impl GuessScreen {
    /// The screen over a run just started, with the events it began with.
    pub fn new(started: (Guess, Vec<GuessEvent>)) -> GuessScreen {
        let (guess, events) = started;
        let flipped = !guess.options().side.guesses(Color::White);
        let mut screen = GuessScreen {
            guess,
            input: InputLine::default(),
            last: None,
            replies: Vec::new(),
            refused: None,
            last_move: None,
            asking: None,
            asked: 0,
            time_ms: 0,
            reported: false,
            flipped,
        };
        screen.take(events);
        screen
    }

    /// The run.
    pub fn guess(&self) -> &Guess {
        &self.guess
    }

    /// The line being typed.
    pub fn input(&self) -> &InputLine {
        &self.input
    }

    /// The last guess judged.
    pub fn last(&self) -> Option<&Judgement> {
        self.last.as_ref()
    }

    /// The game's moves since the last guess.
    pub fn replies(&self) -> &[String] {
        &self.replies
    }

    /// Why the last input was refused.
    pub fn refused(&self) -> Option<&str> {
        self.refused.as_deref()
    }

    /// The last move played.
    pub fn last_move(&self) -> Option<Move> {
        self.last_move
    }

    /// Whether the engine is being asked about the last guess.
    pub fn is_asking(&self) -> bool {
        self.asking.is_some()
    }

    /// Whether the run is over (its summary is shown).
    pub fn is_finished(&self) -> bool {
        self.guess.is_finished()
    }

    /// What the live hint may show for the line typed (the puzzle spoiler
    /// rule: notation help, never the game's move).
    pub fn hint(&self) -> Shown {
        self.guess.hint(&self.input.text())
    }

    /// Runs an edit on the line (while a guess may be typed).
    pub fn edit(&mut self, f: impl FnOnce(&mut InputLine)) {
        if !self.is_finished() && self.asking.is_none() {
            f(&mut self.input);
        }
    }

    /// Tab: completes to the only move the line can become, or the
    /// candidates' common prefix, without a check or mate sign (as on the
    /// puzzle screen: completing must not tell whether the move checks).
    pub fn complete(&mut self) {
        if self.is_finished() || self.asking.is_some() {
            return;
        }
        let text = self.input.text();
        let lang = self.guess.options().lang;
        let engine = HintEngine::new(&self.guess.position());
        let hint = hint_in(&engine, &text, lang);
        let Some(target) = completion(&hint, &text, lang) else {
            return;
        };
        let target = without_signs(&target);
        if target != text {
            self.input.set(&target);
        }
    }

    /// Enter: the line as the guess; returns the engine's question (with
    /// its number) when the guess needs one.
    pub fn submit(&mut self) -> Option<(u32, EvalRequest)> {
        let text = self.input.text();
        if self.is_finished() || self.asking.is_some() || text.trim().is_empty() {
            return None;
        }
        let events = self.guess.submit(&text);
        self.take(events);
        self.asking.clone().map(|request| (self.asked, request))
    }

    /// The engine's answer to question `asked` (`None`: it failed);
    /// returns the next question (with its number) when the run asks the
    /// engine again (a second, longer search of the same guess).
    pub fn evaluated(
        &mut self,
        asked: u32,
        eval: Option<&Evaluation>,
    ) -> Option<(u32, EvalRequest)> {
        if asked != self.asked || self.asking.is_none() {
            return None;
        }
        self.asking = None;
        let events = self.guess.evaluated(eval);
        self.take(events);
        self.asking.clone().map(|request| (self.asked, request))
    }

    /// Time passed on the screen.
    pub fn tick(&mut self, ms: u64) {
        if !self.is_finished() {
            self.time_ms = self.time_ms.saturating_add(ms);
        }
    }

    /// Ends the run here (Esc): the summary counts the guesses made.
    pub fn stop(&mut self) {
        self.asking = None;
        let events = self.guess.stop();
        self.take(events);
        self.input.clear();
    }

    /// Turns the board around.
    pub fn flip(&mut self) {
        self.flipped = !self.flipped;
    }

    /// The colour at the bottom of the board.
    pub fn bottom(&self) -> Color {
        if self.flipped {
            Color::Black
        } else {
            Color::White
        }
    }

    /// The run as a drill summary, once, as soon as it is over; `None`
    /// before, afterwards, and for a run without a guess.
    pub fn take_finished(&mut self) -> Option<DrillSummary> {
        if self.reported || !self.is_finished() {
            return None;
        }
        self.reported = true;
        (!self.guess.judgements().is_empty()).then(|| self.guess.drill_summary(self.time_ms))
    }

    fn take(&mut self, events: Vec<GuessEvent>) {
        for event in events {
            match event {
                GuessEvent::Played {
                    number,
                    side,
                    text,
                    comment,
                    guessed,
                    ..
                } => {
                    let dots = if side.is_white() { "." } else { "..." };
                    let lang = self.guess.options().lang;
                    let mut line = format!("{number}{dots} {}", lang.localize(&text.san));
                    if guessed {
                        line.insert_str(0, "The game: ");
                    }
                    if let Some(c) = comment {
                        line.push_str(&format!(" {{{c}}}"));
                    }
                    self.replies.push(line);
                    self.last_move = Some(text.mv);
                }
                GuessEvent::YourMove { .. } | GuessEvent::Finished(_) => {}
                GuessEvent::NotAMove { rejected, .. } => {
                    self.refused = Some(rejected.error.to_string());
                }
                GuessEvent::Evaluate(request) => {
                    self.asked = self.asked.wrapping_add(1);
                    self.asking = Some(*request);
                }
                GuessEvent::Judged(j) => {
                    self.refused = None;
                    self.replies.clear();
                    self.input.clear();
                    self.last = Some(*j);
                }
            }
        }
    }
}
