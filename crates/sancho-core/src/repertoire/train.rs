//! Training a repertoire: one state machine that both shells drive.
//!
//! A [`Trainer`] holds one repertoire and the cards this session asks:
//! the due ones (FSRS, from the reviews in the progress store), then up
//! to the day's number of new ones, in the order the lines were written.
//! A card is asked as its line: the board after the moves that lead to it,
//! those moves listed; the user types the move, judged by the notation
//! engine as everywhere (a slip is explained and kept, a right move
//! written sloppily is right with its note).
//!
//! - **New lines are shown first**: before a new card is asked, the line
//!   it starts is played out ([`TrainEvent::Shown`]), from the first move
//!   to where the new part ends; then its cards are asked one by one.
//! - **A right answer goes on along the line**: the opponent's reply is
//!   played ([`TrainEvent::Reply`]) when it leads to a card this session
//!   still asks, so that a whole line is practised in order; otherwise the
//!   next card in the queue is asked.
//! - **A wrong legal move** shows the repertoire's move(s) with the
//!   comment, is graded Again, and the card is asked again before the
//!   session ends (that second asking is practice, not a second review).
//!   The line goes on along the repertoire's move.
//! - **Input that is no legal move** is a notation slip: explained, kept
//!   with the card's review, never a wrong answer.
//!
//! Each card's first answer is recorded as it is given
//! ([`TrainEvent::Record`], one store write through `train::record`),
//! graded Good when right and Again when wrong, by the scheduler that
//! schedules puzzle reviews. The core reads no clock: the shell passes
//! the time of each answer.

use std::collections::{BTreeMap, HashSet, VecDeque};

use shakmaty::fen::Fen;
use shakmaty::{Chess, EnPassantMode, Position};

use super::book::{LineMove, NodeId, Repertoire};
use crate::notation::{
    Diagnostic, Lang, MoveText, Rejected, Strictness, bounded_prefix, resolve_in,
};
use crate::progress::{CardReview, CardState, Timestamp, TypedWrong};
use crate::train::Finished;

/// The longest line played out when a new line is shown (far more than
/// any opening book's line).
pub const MAX_SHOWN_PLIES: usize = 200;

/// The cards a session asks, chosen from the repertoire and its reviews.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Plan {
    /// Cards due now (or found wrong in a game), in line order.
    pub due: Vec<NodeId>,
    /// New cards (never reviewed), in line order, at most the day's limit.
    pub new: Vec<NodeId>,
    /// New cards left for later days.
    pub new_left: usize,
    /// Of `due`, those never answered in training (found wrong in a game
    /// first): their line is shown before they are asked, as a new one's.
    pub unseen: Vec<NodeId>,
}

impl Plan {
    /// Due cards first, then up to `new_today` new ones. `states` are the
    /// cards' schedules (`Progress::repertoire_cards`) by card key.
    #[must_use]
    pub fn choose(
        rep: &Repertoire,
        states: &BTreeMap<String, CardState>,
        now: Timestamp,
        new_today: usize,
    ) -> Plan {
        let mut plan = Plan::default();
        for &card in rep.cards() {
            match states.get(&rep.key(card)) {
                Some(state) if state.card.due <= now => {
                    plan.due.push(card);
                    if state.is_new() {
                        plan.unseen.push(card);
                    }
                }
                Some(_) => {}
                None if plan.new.len() < new_today => plan.new.push(card),
                None => plan.new_left += 1,
            }
        }
        plan
    }
}

/// A card being asked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Asked {
    /// The card.
    pub card: NodeId,
    /// Its key in the review log (the position's EPD).
    pub key: String,
    /// The position, as FEN (move counters of the line that reached it).
    pub fen: String,
    /// The moves that lead to it, from the line's start.
    pub line: Vec<LineMove>,
    /// Never reviewed before this session.
    pub new: bool,
    /// Asked again after a wrong answer this session.
    pub again: bool,
    /// Its place in the session (1-based, first askings only).
    pub number: usize,
    /// Cards still to be asked after this one (first askings and
    /// repeats).
    pub left: usize,
}

/// What a [`Trainer`] tells its shell, in order.
#[derive(Clone, Debug, PartialEq)]
pub enum TrainEvent {
    /// The session starts.
    Started {
        /// The repertoire's name.
        name: String,
        /// Due cards it asks.
        due: usize,
        /// New cards it asks.
        new: usize,
        /// New cards left for later days.
        new_left: usize,
    },
    /// A new line, played out before its cards are asked: `moves` from the
    /// line's start, of which those from `from` on are new.
    Shown {
        /// The whole line shown.
        moves: Vec<LineMove>,
        /// Where the new part starts.
        from: usize,
        /// The position at its end.
        end: NodeId,
    },
    /// A card is asked ([`Trainer::asked`] until it is answered).
    Asked(Asked),
    /// The opponent's reply, going on along the line.
    Reply(LineMove),
    /// A right answer.
    Right {
        /// The move, with its spellings.
        text: MoveText,
        /// The repertoire's comment on it.
        comment: Option<String>,
        /// How the input departed from canonical SAN (notes, not errors).
        diagnostics: Vec<Diagnostic>,
        /// The other moves the repertoire accepts here, in SAN.
        others: Vec<String>,
    },
    /// A legal move that is not the repertoire's: graded Again, asked again
    /// before the end.
    Wrong {
        /// What was typed.
        input: String,
        /// The move it was.
        text: MoveText,
        /// The repertoire's moves here, with their comments.
        expected: Vec<LineMove>,
        /// How the input departed from canonical SAN.
        diagnostics: Vec<Diagnostic>,
    },
    /// The answer was asked for: graded Again, asked again before the end.
    Revealed {
        /// The repertoire's moves here, with their comments.
        expected: Vec<LineMove>,
    },
    /// Input that is no legal move here: a notation slip, not graded.
    NotLegal {
        /// What was typed.
        input: String,
        /// Why, with the diagnostics.
        rejected: Rejected,
    },
    /// Something to record now (a card's review); what follows is said
    /// once it is saved.
    Record(Finished),
    /// The session is over.
    Ended(TrainSummary),
}

/// Why a session ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TrainEnd {
    /// Every card was asked and answered right.
    Done,
    /// The user stopped.
    Quit,
    /// The input ended (line mode).
    EndOfInput,
}

impl TrainEnd {
    /// The name scripts read: `done`, `quit`, `end_of_input`.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            TrainEnd::Done => "done",
            TrainEnd::Quit => "quit",
            TrainEnd::EndOfInput => "end_of_input",
        }
    }
}

/// A session's figures.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct TrainSummary {
    /// The repertoire.
    #[serde(rename = "repertoire")]
    pub name: String,
    /// Cards answered (first askings).
    pub answered: usize,
    /// Of those, right.
    pub right: usize,
    /// Of those, wrong.
    pub wrong: usize,
    /// New cards answered.
    pub learned: usize,
    /// Cards planned and not answered (the session stopped early).
    pub unanswered: usize,
    /// Why it ended.
    pub reason: &'static str,
}

/// The card under way.
#[derive(Clone, Debug)]
struct Current {
    asked: Asked,
    pos: Chess,
    wrong_inputs: Vec<TypedWrong>,
}

/// A repertoire training session.
#[derive(Clone, Debug)]
pub struct Trainer {
    rep: Repertoire,
    lang: Lang,
    /// Cards to ask for the first time, in order.
    queue: VecDeque<NodeId>,
    /// Cards still to be asked for the first time (the queue's, fast).
    pending: HashSet<NodeId>,
    /// Cards never answered in training before this session (new ones,
    /// and due ones only found wrong in a game).
    new: HashSet<NodeId>,
    /// Of those, the due ones.
    unseen: HashSet<NodeId>,
    /// New cards whose line was shown.
    shown: HashSet<NodeId>,
    /// Cards answered wrong, to ask again.
    again: VecDeque<NodeId>,
    current: Option<Current>,
    answered: usize,
    right: usize,
    learned: usize,
    ended: bool,
}

impl Trainer {
    /// A session over `rep` asking the cards of `plan`; returns the first
    /// events (the start, a new line shown, the first card).
    #[must_use]
    pub fn new(rep: Repertoire, plan: &Plan, lang: Lang) -> (Trainer, Vec<TrainEvent>) {
        let queue: VecDeque<NodeId> = plan.due.iter().chain(&plan.new).copied().collect();
        let mut trainer = Trainer {
            pending: queue.iter().copied().collect(),
            new: plan.new.iter().chain(&plan.unseen).copied().collect(),
            unseen: plan.unseen.iter().copied().collect(),
            queue,
            rep,
            lang,
            shown: HashSet::new(),
            again: VecDeque::new(),
            current: None,
            answered: 0,
            right: 0,
            learned: 0,
            ended: false,
        };
        let mut events = vec![TrainEvent::Started {
            name: trainer.rep.name().to_owned(),
            due: plan.due.len(),
            new: plan.new.len(),
            new_left: plan.new_left,
        }];
        trainer.next_card(None, &mut events);
        (trainer, events)
    }

    /// The repertoire trained.
    #[must_use]
    pub fn repertoire(&self) -> &Repertoire {
        &self.rep
    }

    /// The card being asked, if any.
    #[must_use]
    pub fn asked(&self) -> Option<&Asked> {
        self.current.as_ref().map(|c| &c.asked)
    }

    /// The position of the card being asked.
    #[must_use]
    pub fn position(&self) -> Option<&Chess> {
        self.current.as_ref().map(|c| &c.pos)
    }

    /// The letters answers are read in.
    #[must_use]
    pub fn lang(&self) -> Lang {
        self.lang
    }

    /// Whether the session is over.
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.ended
    }

    /// Judges `input` typed at the card asked, `time_ms` after it was
    /// asked, at `at`.
    pub fn answer(&mut self, input: &str, at: Timestamp, time_ms: u64) -> Vec<TrainEvent> {
        let Some(current) = self.current.as_mut() else {
            return Vec::new();
        };
        let input = input.trim();
        let resolved = match resolve_in(&current.pos, input, Strictness::Lenient, self.lang) {
            Ok(resolved) => resolved,
            Err(rejected) => {
                current.wrong_inputs.push(TypedWrong {
                    input: bounded_prefix(input).to_owned(),
                    codes: codes(&rejected.diagnostics),
                });
                return vec![TrainEvent::NotLegal {
                    input: input.to_owned(),
                    rejected,
                }];
            }
        };
        let card = current.asked.card;
        let moves = self
            .rep
            .node(card)
            .map(|n| n.moves.clone())
            .unwrap_or_default();
        let Some(edge) = moves.iter().position(|e| e.mv == resolved.text.mv) else {
            current.wrong_inputs.push(TypedWrong {
                input: bounded_prefix(input).to_owned(),
                codes: codes(&resolved.diagnostics),
            });
            let mut events = vec![TrainEvent::Wrong {
                input: input.to_owned(),
                text: resolved.text,
                expected: self.expected(card),
                diagnostics: resolved.diagnostics,
            }];
            self.graded(false, at, time_ms, 0, &mut events);
            return events;
        };
        let others = moves
            .iter()
            .enumerate()
            .filter(|(i, _)| *i != edge)
            .map(|(_, e)| e.san.clone())
            .collect();
        let mut events = vec![TrainEvent::Right {
            text: resolved.text,
            comment: moves[edge].comment.clone(),
            diagnostics: resolved.diagnostics,
            others,
        }];
        self.graded(true, at, time_ms, edge, &mut events);
        events
    }

    /// Shows the answer to the card asked: graded Again, asked again later.
    pub fn reveal(&mut self, at: Timestamp, time_ms: u64) -> Vec<TrainEvent> {
        let Some(current) = &self.current else {
            return Vec::new();
        };
        let mut events = vec![TrainEvent::Revealed {
            expected: self.expected(current.asked.card),
        }];
        self.graded(false, at, time_ms, 0, &mut events);
        events
    }

    /// Ends the session now (`Quit` or `EndOfInput`).
    pub fn stop(&mut self, why: TrainEnd) -> Vec<TrainEvent> {
        if self.ended {
            return Vec::new();
        }
        self.ended = true;
        let summary = self.summary(why);
        // The card asked and not answered waits for a later session.
        if let Some(current) = self.current.take()
            && !current.asked.again
        {
            self.queue.push_front(current.asked.card);
            self.pending.insert(current.asked.card);
        }
        vec![TrainEvent::Ended(summary)]
    }

    /// The session's figures so far.
    #[must_use]
    pub fn summary(&self, why: TrainEnd) -> TrainSummary {
        TrainSummary {
            name: self.rep.name().to_owned(),
            answered: self.answered,
            right: self.right,
            wrong: self.answered - self.right,
            learned: self.learned,
            unanswered: self.pending.len()
                + usize::from(self.current.as_ref().is_some_and(|c| !c.asked.again)),
            reason: why.as_str(),
        }
    }

    /// The cards planned and not answered yet (for a later session the
    /// same day): the card asked, then the others in the queue's order,
    /// due ones first, then new ones.
    #[must_use]
    pub fn left_over(&self) -> Plan {
        let mut plan = Plan::default();
        let asked = self
            .current
            .as_ref()
            .filter(|c| !c.asked.again)
            .map(|c| c.asked.card);
        let pending = self
            .queue
            .iter()
            .filter(|c| self.pending.contains(c) && Some(**c) != asked);
        for &card in asked.iter().chain(pending) {
            if self.new.contains(&card) && !self.unseen.contains(&card) {
                plan.new.push(card);
            } else {
                plan.due.push(card);
                if self.unseen.contains(&card) {
                    plan.unseen.push(card);
                }
            }
        }
        plan
    }

    /// The repertoire's moves at `card`.
    fn expected(&self, card: NodeId) -> Vec<LineMove> {
        let count = self.rep.node(card).map_or(0, |n| n.moves.len());
        (0..count).map(|i| self.rep.line_move(card, i)).collect()
    }

    /// After the card asked was answered (`right`, along `edge`): records
    /// a first answer, then goes on.
    fn graded(
        &mut self,
        right: bool,
        at: Timestamp,
        time_ms: u64,
        edge: usize,
        events: &mut Vec<TrainEvent>,
    ) {
        let Some(current) = self.current.take() else {
            return;
        };
        let card = current.asked.card;
        if !current.asked.again {
            self.answered += 1;
            self.right += usize::from(right);
            self.learned += usize::from(current.asked.new);
            events.push(TrainEvent::Record(Finished::Card(CardReview {
                repertoire: self.rep.name().to_owned(),
                card: current.asked.key.clone(),
                at,
                right,
                time_ms,
                played: false,
                wrong_inputs: current.wrong_inputs,
            })));
        }
        if !right {
            self.again.push_back(card);
        }
        let mut line = current.asked.line;
        line.push(self.rep.line_move(card, edge));
        let after = self
            .rep
            .node(card)
            .and_then(|n| n.moves.get(edge))
            .map(|e| e.to);
        self.next_card(after.map(|to| (to, line)), events);
    }

    /// Asks the next card: along the line from `after` (the position the
    /// user's move led to, with the line to it) when the opponent has a
    /// reply leading to a card still to ask; else the queue's next, else a
    /// card to ask again; else the session ends.
    fn next_card(&mut self, after: Option<(NodeId, Vec<LineMove>)>, events: &mut Vec<TrainEvent>) {
        if let Some((at, mut line)) = after
            && let Some(edge) = self.reply_towards_pending(at)
        {
            let reply = self.rep.line_move(at, edge);
            let card = self.rep.node(at).map(|n| n.moves[edge].to);
            if let Some(card) = card {
                line.push(reply.clone());
                events.push(TrainEvent::Reply(reply));
                self.ask(card, line, false, events);
                return;
            }
        }
        while let Some(card) = self.queue.pop_front() {
            if self.pending.contains(&card) {
                let line = self.rep.line_to(card);
                self.ask(card, line, false, events);
                return;
            }
        }
        if let Some(card) = self.again.pop_front() {
            let line = self.rep.line_to(card);
            self.ask(card, line, true, events);
            return;
        }
        events.extend(self.stop(TrainEnd::Done));
    }

    /// The first reply at `at` that leads to a card still to be asked.
    fn reply_towards_pending(&self, at: NodeId) -> Option<usize> {
        let node = self.rep.node(at)?;
        node.moves.iter().position(|e| self.pending.contains(&e.to))
    }

    /// Asks `card`, reached by `line`; a new card's line is shown first.
    fn ask(
        &mut self,
        card: NodeId,
        line: Vec<LineMove>,
        again: bool,
        events: &mut Vec<TrainEvent>,
    ) {
        if !again {
            self.pending.remove(&card);
        }
        let new = self.new.contains(&card);
        if new && !again && !self.shown.contains(&card) {
            let (moves, from, end) = self.line_shown(card, &line);
            events.push(TrainEvent::Shown { moves, from, end });
        }
        let Some(node) = self.rep.node(card) else {
            return;
        };
        let pos = node.pos.clone();
        let asked = Asked {
            card,
            key: self.rep.key(card),
            fen: Fen::from_position(&pos, EnPassantMode::Legal).to_string(),
            line,
            new,
            again,
            number: self.answered + 1,
            left: self.pending.len() + self.again.len(),
        };
        events.push(TrainEvent::Asked(asked.clone()));
        self.current = Some(Current {
            asked,
            pos,
            wrong_inputs: Vec::new(),
        });
    }

    /// The line shown before new `card` is asked: `line` to it, then on
    /// along the repertoire's first move at each card still new and the
    /// first reply towards a card still to ask, until the new part ends.
    /// Marks the new cards it passes as shown.
    fn line_shown(&mut self, card: NodeId, line: &[LineMove]) -> (Vec<LineMove>, usize, NodeId) {
        let mut moves = line.to_vec();
        let from = moves.len();
        let mut at = card;
        let mut seen = HashSet::new();
        while moves.len() < MAX_SHOWN_PLIES && seen.insert(at) {
            let Some(node) = self.rep.node(at) else {
                break;
            };
            let edge = if node.pos.turn() == self.rep.side() {
                if !(self.new.contains(&at) && (at == card || self.pending.contains(&at))) {
                    break;
                }
                self.shown.insert(at);
                (!node.moves.is_empty()).then_some(0)
            } else {
                self.reply_towards_pending(at)
            };
            let Some(edge) = edge else {
                break;
            };
            moves.push(self.rep.line_move(at, edge));
            at = node.moves[edge].to;
        }
        (moves, from, at)
    }
}

/// The codes of `diagnostics`, as the store keeps them.
fn codes(diagnostics: &[Diagnostic]) -> Vec<String> {
    diagnostics
        .iter()
        .map(|d| d.code.as_str().to_owned())
        .collect()
}
