//! The repertoire trainer's screen state: the core's [`Trainer`], the line
//! the user types on, what the last answer said, and the phase (a new line
//! being shown, a card asked, the summary). Time comes only from
//! [`RepertoireScreen::tick`]; each review is stamped with the time the
//! screen was opened plus the time that passed since.

use shakmaty::{Chess, Color, Move};

use super::input::InputLine;
use crate::notation::Lang;
use crate::progress::Timestamp;
use crate::repertoire::{LineMove, Plan, TrainEnd, TrainEvent, TrainSummary, Trainer};
use crate::train::Finished;

/// What the screen shows.
#[derive(Clone, Debug, PartialEq)]
pub enum Phase {
    /// A new line played out before its cards are asked: its moves, where
    /// the new part starts, and the position at its end.
    Showing {
        /// The line.
        moves: Vec<LineMove>,
        /// Where the new part starts.
        from: usize,
        /// The position after the whole line.
        end: Box<Chess>,
    },
    /// A card is asked.
    Asking,
    /// The session is over.
    Summary(TrainSummary),
}

/// How a line of the verdict is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tone {
    /// A right answer.
    Good,
    /// A wrong answer, or input that is no move.
    Bad,
    /// A note on the notation.
    Note,
    /// Plain words (the opponent's reply, a comment).
    Plain,
}

/// The repertoire trainer's screen.
#[derive(Clone, Debug)]
pub struct RepertoireScreen {
    trainer: Trainer,
    input: InputLine,
    phase: Phase,
    said: Vec<(Tone, String)>,
    finished: Vec<Finished>,
    opened: Timestamp,
    clock_ms: u64,
    asked_at_ms: u64,
    last_move: Option<Move>,
    flipped: bool,
    /// Its place among the app's repertoires.
    index: usize,
}

impl RepertoireScreen {
    /// A session over `trainer`'s first events, opened at `opened`.
    pub fn new(
        trainer: Trainer,
        first: Vec<TrainEvent>,
        opened: Timestamp,
        index: usize,
    ) -> RepertoireScreen {
        let mut screen = RepertoireScreen {
            trainer,
            input: InputLine::default(),
            phase: Phase::Asking,
            said: Vec::new(),
            finished: Vec::new(),
            opened,
            clock_ms: 0,
            asked_at_ms: 0,
            last_move: None,
            flipped: false,
            index,
        };
        screen.take(first);
        screen
    }

    /// The session.
    pub fn trainer(&self) -> &Trainer {
        &self.trainer
    }

    /// What is shown.
    pub fn phase(&self) -> &Phase {
        &self.phase
    }

    /// The line being typed.
    pub fn input(&self) -> &InputLine {
        &self.input
    }

    /// What the last answer said, line by line.
    pub fn said(&self) -> &[(Tone, String)] {
        &self.said
    }

    /// The last move played on the board (the opponent's reply).
    pub fn last_move(&self) -> Option<Move> {
        self.last_move
    }

    /// Its place among the app's repertoires.
    pub fn index(&self) -> usize {
        self.index
    }

    /// The colour at the bottom of the board: the repertoire's side,
    /// unless turned around.
    pub fn bottom(&self) -> Color {
        let side = self.trainer.repertoire().side();
        if self.flipped { side.other() } else { side }
    }

    /// Whether the summary is shown.
    pub fn is_finished(&self) -> bool {
        matches!(self.phase, Phase::Summary(_))
    }

    /// The letters moves are written in.
    pub fn lang(&self) -> Lang {
        self.trainer.lang()
    }

    /// Runs an edit on the line (while a card is asked).
    pub fn edit(&mut self, f: impl FnOnce(&mut InputLine)) {
        if !self.is_finished() {
            f(&mut self.input);
        }
    }

    /// Enter: past a new line shown, to its first card; on a card, the
    /// typed move is judged.
    pub fn submit(&mut self) {
        match self.phase {
            Phase::Showing { .. } => {
                self.phase = Phase::Asking;
                self.asked_at_ms = self.clock_ms;
            }
            Phase::Asking => {
                let text = self.input.text();
                if text.trim().is_empty() {
                    return;
                }
                self.input.clear();
                let spent = self.clock_ms.saturating_sub(self.asked_at_ms);
                let events = self.trainer.answer(&text, self.now(), spent);
                self.said.clear();
                self.take(events);
            }
            Phase::Summary(_) => {}
        }
    }

    /// Turns the board around.
    pub fn flip(&mut self) {
        self.flipped = !self.flipped;
    }

    /// Time passed.
    pub fn tick(&mut self, ms: u64) {
        self.clock_ms = self.clock_ms.saturating_add(ms);
    }

    /// Ends the session here (Esc): the summary.
    pub fn stop(&mut self) {
        let events = self.trainer.stop(TrainEnd::Quit);
        self.take(events);
    }

    /// The cards this session planned and did not reach, for a later visit.
    pub fn left_over(&self) -> Plan {
        self.trainer.left_over()
    }

    /// What to record, in order, once.
    pub fn take_finished(&mut self) -> Vec<Finished> {
        std::mem::take(&mut self.finished)
    }

    /// The time of an answer.
    fn now(&self) -> Timestamp {
        let seconds = i64::try_from(self.clock_ms / 1000).unwrap_or(i64::MAX);
        Timestamp(self.opened.0.saturating_add(seconds))
    }

    /// Takes in what the trainer said.
    fn take(&mut self, events: Vec<TrainEvent>) {
        let lang = self.lang();
        for event in events {
            match event {
                TrainEvent::Started { .. } => {}
                TrainEvent::Shown { moves, from, end } => {
                    let end = self
                        .trainer
                        .repertoire()
                        .node(end)
                        .map(|n| n.pos.clone())
                        .unwrap_or_default();
                    self.last_move = moves.last().map(|m| m.mv);
                    self.phase = Phase::Showing {
                        moves,
                        from,
                        end: Box::new(end),
                    };
                }
                TrainEvent::Asked(_) => {
                    self.asked_at_ms = self.clock_ms;
                    if !matches!(self.phase, Phase::Showing { .. }) {
                        self.phase = Phase::Asking;
                    }
                }
                TrainEvent::Reply(m) => {
                    self.last_move = Some(m.mv);
                    let mut s = format!("The opponent plays {}.", lang.localize(&m.san));
                    if let Some(c) = &m.comment {
                        s.push(' ');
                        s.push_str(c);
                    }
                    self.said.push((Tone::Plain, s));
                }
                TrainEvent::Right {
                    text,
                    comment,
                    diagnostics,
                    others,
                } => {
                    self.said
                        .push((Tone::Good, format!("Right: {}.", lang.localize(&text.san))));
                    if let Some(c) = comment {
                        self.said.push((Tone::Plain, c));
                    }
                    for d in diagnostics {
                        self.said.push((Tone::Note, format!("Note: {}", d.message)));
                    }
                    if !others.is_empty() {
                        let others: Vec<String> = others.iter().map(|o| lang.localize(o)).collect();
                        self.said.push((
                            Tone::Plain,
                            format!("Your repertoire also plays {} here.", others.join(", ")),
                        ));
                    }
                }
                TrainEvent::Wrong { text, expected, .. } => {
                    self.said.push((
                        Tone::Bad,
                        format!(
                            "{} is not your repertoire's move: it comes back before the end.",
                            lang.localize(&text.san)
                        ),
                    ));
                    self.say_expected(&expected);
                }
                TrainEvent::Revealed { expected } => self.say_expected(&expected),
                TrainEvent::NotLegal { rejected, .. } => {
                    self.said
                        .push((Tone::Bad, format!("Not accepted: {}.", rejected.error)));
                    for d in rejected.diagnostics {
                        self.said.push((Tone::Note, format!("Note: {}", d.message)));
                    }
                }
                TrainEvent::Record(finished) => self.finished.push(finished),
                TrainEvent::Ended(summary) => self.phase = Phase::Summary(summary),
            }
        }
    }

    fn say_expected(&mut self, expected: &[LineMove]) {
        let lang = self.lang();
        let moves: Vec<String> = expected.iter().map(|m| lang.localize(&m.san)).collect();
        self.said.push((
            Tone::Bad,
            format!("Your repertoire plays {}.", moves.join(" or ")),
        ));
        for m in expected {
            if let Some(c) = &m.comment {
                self.said.push((Tone::Plain, c.clone()));
            }
        }
    }
}
