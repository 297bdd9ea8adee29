//! The review log of opening repertoires (issue 25): each card answered in
//! the repertoire trainer, and each card a game showed the user got wrong
//! in play (`sancho repertoire check`), with the schedule replayed from
//! them.
//!
//! A card is a position of a repertoire where its side is to move,
//! named by the repertoire and the position's EPD (the FEN without its
//! move counters, so a position reached by two move orders is one card).
//! The repertoires themselves live in their own file
//! (`crate::repertoire`); what the user did with them lives here, beside
//! the puzzle reviews, so that `progress export` and `import` carry it and
//! the same FSRS scheduler (its fitted parameters and the desired
//! retention, [`Progress::scheduler`]) schedules both.
//!
//! On disk: an optional top-level `"repertoire"` array, each review under
//! its id:
//! `[{"id":"1700000000-repertoire-9f..","name":"white","card":"<EPD>","at":1700000000,"right":true,"time_ms":4200}]`,
//! with `"played":true` for a card found wrong in a game. A Sancho that
//! predates it keeps the field as it is.
//!
//! Grades: a right answer is Good, a wrong one Again. A card found wrong
//! in a game is reviewed Again and falls due at that moment. A card's
//! first review creates it, as for puzzles and notation slips.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::disk::{Extra, WRONG_INPUTS};
use super::history::{SECONDS_PER_DAY, Timestamp};
use super::model::Progress;
use super::review::{Card, Grade, Scheduler};
use super::unknown::Unknown;

/// One answer to a repertoire card, or a card found wrong in a game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CardReview {
    /// The repertoire's name.
    #[serde(rename = "name")]
    pub repertoire: String,
    /// The card: its position's EPD.
    pub card: String,
    /// When (unix seconds).
    pub at: Timestamp,
    /// Whether the repertoire's move was played.
    pub right: bool,
    /// Time to answer in milliseconds (0 for a game's move).
    #[serde(default)]
    pub time_ms: u64,
    /// Found in a game the user played (`repertoire check`), not answered
    /// in training: the card falls due at once.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub played: bool,
    /// What was typed that was no move here, or not the repertoire's, with
    /// the notation engine's codes: the slips counted with every other
    /// mode's in `stats` (`mistakes`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub wrong_inputs: Vec<TypedWrong>,
}

/// One wrong input typed at a card.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TypedWrong {
    /// What was typed (a bounded prefix).
    pub input: String,
    /// Its diagnostic codes (`missing-capture`).
    #[serde(default)]
    pub codes: Vec<String>,
}

/// A review on disk: its id, the review's fields, and the fields of it and
/// of its wrong inputs that this version does not know.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CardReviewRecord {
    /// The review's unique id.
    pub id: String,
    /// The repertoire's name.
    pub name: String,
    /// The card: its position's EPD.
    pub card: String,
    /// When (unix seconds).
    pub at: Timestamp,
    /// Whether the repertoire's move was played.
    pub right: bool,
    /// Time to answer in milliseconds.
    #[serde(default)]
    pub time_ms: u64,
    /// Found in a game the user played.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub played: bool,
    /// What was typed that was wrong.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub wrong_inputs: Vec<TypedWrongRecord>,
    /// Fields this version does not know, kept.
    #[serde(flatten)]
    pub unknown: Extra,
}

/// A wrong input on disk, with the fields this version does not know.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TypedWrongRecord {
    /// What was typed.
    pub input: String,
    /// Its diagnostic codes.
    #[serde(default)]
    pub codes: Vec<String>,
    /// Fields this version does not know, kept.
    #[serde(flatten)]
    pub unknown: Extra,
}

impl CardReviewRecord {
    /// `review` on disk under `id`, with the fields `unknown` kept for it.
    pub(super) fn new(id: &str, review: &CardReview, unknown: &Unknown) -> Self {
        CardReviewRecord {
            id: id.to_owned(),
            name: review.repertoire.clone(),
            card: review.card.clone(),
            at: review.at,
            right: review.right,
            time_ms: review.time_ms,
            played: review.played,
            wrong_inputs: review
                .wrong_inputs
                .iter()
                .enumerate()
                .map(|(i, w)| TypedWrongRecord {
                    input: w.input.clone(),
                    codes: w.codes.clone(),
                    unknown: unknown.nested(WRONG_INPUTS, i),
                })
                .collect(),
            unknown: unknown.own(),
        }
    }

    /// The id, the review, and what this version does not know of it.
    pub(super) fn into_domain(self) -> (String, CardReview, Unknown) {
        let mut unknown = Unknown::new(self.unknown);
        let review = CardReview {
            repertoire: self.name,
            card: self.card,
            at: self.at,
            right: self.right,
            time_ms: self.time_ms,
            played: self.played,
            wrong_inputs: self
                .wrong_inputs
                .into_iter()
                .enumerate()
                .map(|(i, w)| {
                    unknown.nest(WRONG_INPUTS, i, w.unknown);
                    TypedWrong {
                        input: w.input,
                        codes: w.codes,
                    }
                })
                .collect(),
        };
        (self.id, review, unknown)
    }
}

/// A card's schedule and what training it has seen.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CardState {
    /// Its FSRS state: stability, difficulty, the next due date.
    pub card: Card,
    /// Answers in training (games' moves not counted).
    pub trained: u32,
    /// The first answer in training, if any: when the card was learned.
    pub first_trained: Option<Timestamp>,
    /// Whether the last review (in training or in a game) was right.
    pub last_right: bool,
}

impl CardState {
    /// Whether the card was never answered in training.
    #[must_use]
    pub fn is_new(&self) -> bool {
        self.trained == 0
    }
}

impl Progress {
    /// Keeps a repertoire review under `id`; returns false (and changes
    /// nothing) when the id is already kept.
    pub fn insert_card_review(&mut self, id: String, review: CardReview) -> bool {
        if self.openings.contains_key(&id) {
            return false;
        }
        self.openings.insert(id, review);
        true
    }

    /// Every repertoire review with its id, in id order.
    pub fn card_reviews(&self) -> impl ExactSizeIterator<Item = (&String, &CardReview)> {
        self.openings.iter()
    }

    /// The cards of repertoire `name` that have reviews, by EPD, scheduled
    /// by [`Progress::scheduler`].
    #[must_use]
    pub fn repertoire_cards(&self, name: &str) -> BTreeMap<String, CardState> {
        let scheduler = self.scheduler();
        let mut histories: BTreeMap<&str, Vec<(&String, &CardReview)>> = BTreeMap::new();
        for (id, review) in self.openings.iter().filter(|(_, r)| r.repertoire == name) {
            histories
                .entry(&review.card)
                .or_default()
                .push((id, review));
        }
        histories
            .into_iter()
            .filter_map(|(card, mut history)| {
                history.sort_by(|a, b| (a.1.at, a.0).cmp(&(b.1.at, b.0)));
                let reviews = history.iter().map(|(_, r)| *r);
                Some((card.to_owned(), replay(&scheduler, reviews)?))
            })
            .collect()
    }

    /// The figures of repertoire `name`, whose cards are `cards` (their
    /// keys), at `now`.
    #[must_use]
    pub fn repertoire_stats(
        &self,
        name: &str,
        cards: &[String],
        now: Timestamp,
    ) -> RepertoireStats {
        let states = self.repertoire_cards(name);
        let tomorrow = Timestamp(super::day_start(now).0.saturating_add(SECONDS_PER_DAY));
        let week_ago = Timestamp(now.0.saturating_sub(7 * SECONDS_PER_DAY));
        let mut stats = RepertoireStats {
            name: name.to_owned(),
            cards: cards.len(),
            known: 0,
            due_today: 0,
            learned_this_week: 0,
            reviews: 0,
            retention: None,
        };
        for state in cards.iter().filter_map(|key| states.get(key)) {
            stats.known += usize::from(!state.is_new() && state.last_right);
            stats.due_today += usize::from(state.card.due < tomorrow);
            stats.learned_this_week +=
                usize::from(state.first_trained.is_some_and(|at| at >= week_ago));
        }
        // Every answer in training after a card's first.
        let mut seen: std::collections::HashSet<&str> = std::collections::HashSet::new();
        let mut history: Vec<(&String, &CardReview)> = self
            .openings
            .iter()
            .filter(|(_, r)| r.repertoire == name && !r.played)
            .collect();
        history.sort_by(|a, b| (a.1.at, a.0).cmp(&(b.1.at, b.0)));
        let mut right = 0usize;
        for (_, review) in history {
            if !seen.insert(review.card.as_str()) {
                stats.reviews += 1;
                right += usize::from(review.right);
            }
        }
        #[allow(clippy::cast_precision_loss)]
        if stats.reviews > 0 {
            stats.retention = Some(right as f64 / stats.reviews as f64);
        }
        stats
    }

    /// How many cards of repertoire `name` were first answered in training
    /// on the UTC day holding `now` (the new cards already learned today).
    #[must_use]
    pub fn cards_learned_on(&self, name: &str, now: Timestamp) -> usize {
        let today = super::day_start(now);
        let tomorrow = Timestamp(today.0.saturating_add(SECONDS_PER_DAY));
        self.repertoire_cards(name)
            .values()
            .filter(|s| {
                s.first_trained
                    .is_some_and(|at| at >= today && at < tomorrow)
            })
            .count()
    }
}

/// A repertoire's figures for `sancho stats` (`repertoire` in `--json`).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RepertoireStats {
    /// The repertoire.
    pub name: String,
    /// Its cards.
    pub cards: usize,
    /// Cards trained whose last answer was right.
    pub known: usize,
    /// Cards due by the end of today (UTC).
    pub due_today: usize,
    /// Cards first answered in the last seven days.
    pub learned_this_week: usize,
    /// Answers to cards already learned (every answer but a card's first).
    pub reviews: usize,
    /// The share of those that were right (`null` before any).
    pub retention: Option<f64>,
}

/// A card's state after `reviews`, in time order (the first creates it).
pub(crate) fn replay<'a>(
    scheduler: &Scheduler,
    reviews: impl IntoIterator<Item = &'a CardReview>,
) -> Option<CardState> {
    let mut state: Option<CardState> = None;
    for review in reviews {
        let grade = if review.right {
            Grade::Good
        } else {
            Grade::Again
        };
        let mut next = match state {
            None => CardState {
                card: Card::first_in(scheduler, grade, review.at),
                trained: 0,
                first_trained: None,
                last_right: review.right,
            },
            Some(mut held) => {
                held.card.review_in(scheduler, grade, review.at);
                held.last_right = review.right;
                held
            }
        };
        if review.played {
            // A move the user got wrong over the board is due at once.
            next.card.due = next.card.due.min(review.at);
        } else {
            next.trained += 1;
            next.first_trained = next.first_trained.or(Some(review.at));
        }
        state = Some(next);
    }
    state
}

/// A stable id for a card found wrong in a game: the same game checked
/// again names the same review, so it is kept once (FNV-1a over `key`).
#[must_use]
pub fn played_id(key: &str) -> String {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in key.bytes() {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    format!("played-{hash:016x}")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn review(at: i64, right: bool, played: bool) -> CardReview {
        CardReview {
            repertoire: "white".into(),
            card: "8/8/8/8/8/8/8/K1k5 w - -".into(),
            at: Timestamp(at),
            right,
            time_ms: 1000,
            played,
            wrong_inputs: Vec::new(),
        }
    }

    #[test]
    fn a_right_answer_is_scheduled_as_the_puzzle_scheduler_schedules_good() {
        let scheduler = Scheduler::new(None, 0.9);
        let state = replay(&scheduler, &[review(0, true, false)]).unwrap();
        let expected = Card::first_in(&scheduler, Grade::Good, Timestamp(0));
        assert_eq!(state.card, expected);
        assert_eq!(
            (state.trained, state.first_trained),
            (1, Some(Timestamp(0)))
        );
    }

    #[test]
    fn a_card_got_wrong_in_a_game_is_due_at_once_and_not_learned() {
        let scheduler = Scheduler::new(None, 0.9);
        let day = SECONDS_PER_DAY;
        let state = replay(
            &scheduler,
            &[review(0, true, false), review(3 * day, false, true)],
        )
        .unwrap();
        assert_eq!(state.card.due, Timestamp(3 * day));
        assert_eq!(state.trained, 1);
        assert!(!state.last_right);
        let only_played = replay(&scheduler, &[review(day, false, true)]).unwrap();
        assert!(only_played.is_new(), "never answered in training");
        assert_eq!(only_played.card.due, Timestamp(day));
    }

    #[test]
    fn a_game_checked_twice_names_the_same_review() {
        assert_eq!(played_id("white|g1|x"), played_id("white|g1|x"));
        assert_ne!(played_id("white|g1|x"), played_id("white|g2|x"));
    }
}
