//! Notation slips scheduled with FSRS (issues 14 and 15): one review card
//! per diagnostic code (`missing-capture`, `zero-castling`...), with the
//! same scheduler as puzzle reviews.
//!
//! A card's history is read from what is already logged, plus what review
//! drills say they trained:
//!
//! - every notation slip ([`super::is_notation_slip`]) typed in a puzzle,
//!   at a repertoire card or made in a drill is a review graded Again for its code (the first one
//!   creates the card);
//! - each exercise of a review drill credits the code it trained: right at
//!   the first try is Good, anything else Again. These are kept per drill
//!   under an optional top-level `"reviewed"` array,
//!   `[{"drill":"<drill id>","at":..,"codes":[{"code":"missing-check","right":true}]}]`
//!   (a Sancho that predates it keeps the field as it is). A slip of a code
//!   that such a drill credits is already in its `right: false`.
//!
//! Several events for one code at one moment (one drill) are one review:
//! Again if any was wrong. A right answer before any slip of the code makes
//! no card. `sancho drill review` takes due codes first.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::history::{DrillId, Timestamp};
use super::model::Progress;
use super::review::{Card, Grade, Scheduler};
use super::stats::is_notation_slip;

/// One code a review drill trained and how it went.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CodeReview {
    /// The diagnostic code.
    pub code: String,
    /// Answered right at the first try.
    pub right: bool,
}

/// What one review drill trained, on disk.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReviewedRecord {
    /// The drill result's id.
    pub drill: String,
    /// When the drill ended.
    pub at: Timestamp,
    /// The codes its exercises trained, in order.
    pub codes: Vec<CodeReviewRecord>,
    /// Fields this version does not know, kept.
    #[serde(flatten)]
    pub unknown: super::disk::Extra,
}

/// One code a review drill trained, on disk.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CodeReviewRecord {
    /// The code and how it went.
    #[serde(flatten)]
    pub review: CodeReview,
    /// Fields this version does not know, kept.
    #[serde(flatten)]
    pub unknown: super::disk::Extra,
}

/// The notation codes to review, in the order a review drill takes them.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SlipOrder {
    /// Due codes (the longest overdue first), then the other slip codes,
    /// most frequent first.
    pub codes: Vec<String>,
    /// How many of `codes` are due.
    pub due: usize,
}

impl Progress {
    /// Keeps what the review drill `drill` (ended at `at`) trained; returns
    /// false if that drill's codes are already kept.
    pub fn insert_reviewed(
        &mut self,
        drill: &DrillId,
        at: Timestamp,
        codes: Vec<CodeReview>,
    ) -> bool {
        if self.reviewed.contains_key(drill) {
            return false;
        }
        self.reviewed.insert(drill.clone(), (at, codes));
        true
    }

    /// What review drills trained, by drill id: when, and the codes.
    pub(super) fn reviewed(
        &self,
    ) -> impl Iterator<Item = (&DrillId, Timestamp, &[CodeReview])> + '_ {
        self.reviewed
            .iter()
            .map(|(id, (at, codes))| (id, *at, codes.as_slice()))
    }

    /// Each slip code's reviews in time order: (when, grade).
    #[must_use]
    pub fn slip_histories(&self) -> BTreeMap<String, Vec<(Timestamp, Grade)>> {
        // (code, at) -> right (false if any event there was wrong).
        let mut events: BTreeMap<(&str, Timestamp), bool> = BTreeMap::new();
        for (_, attempt) in self.attempts() {
            for input in attempt.typed() {
                for code in input.codes.iter().filter(|c| is_notation_slip(c)) {
                    events.insert((code, attempt.at), false);
                }
            }
        }
        for (_, review) in self.card_reviews() {
            for input in &review.wrong_inputs {
                for code in input.codes.iter().filter(|c| is_notation_slip(c)) {
                    events.insert((code, review.at), false);
                }
            }
        }
        for (id, drill) in self.drills() {
            let credited = self.reviewed.get(id);
            for mistake in drill.mistakes.iter().filter(|m| is_notation_slip(&m.code)) {
                let covered =
                    credited.is_some_and(|(_, codes)| codes.iter().any(|c| c.code == mistake.code));
                if !covered {
                    events.insert((&mistake.code, drill.at), false);
                }
            }
        }
        for (at, codes) in self.reviewed.values() {
            for c in codes {
                let right = events.get(&(c.code.as_str(), *at)).copied().unwrap_or(true);
                events.insert((&c.code, *at), right && c.right);
            }
        }
        let mut histories: BTreeMap<String, Vec<(Timestamp, Grade)>> = BTreeMap::new();
        let mut ordered: Vec<(Timestamp, &str, bool)> = events
            .into_iter()
            .map(|((code, at), right)| (at, code, right))
            .collect();
        ordered.sort();
        for (at, code, right) in ordered {
            let history = histories.entry(code.to_owned()).or_default();
            if history.is_empty() && right {
                continue;
            }
            history.push((at, if right { Grade::Good } else { Grade::Again }));
        }
        histories.retain(|_, h| !h.is_empty());
        histories
    }

    /// The review card of each slip code, scheduled by [`Progress::scheduler`].
    #[must_use]
    pub fn slip_cards(&self) -> BTreeMap<String, Card> {
        let scheduler = self.scheduler();
        self.slip_histories()
            .into_iter()
            .filter_map(|(code, history)| Some((code, replay(&scheduler, &history)?)))
            .collect()
    }

    /// The slip codes due at `now`, the longest overdue first.
    #[must_use]
    pub fn due_slips(&self, now: Timestamp) -> Vec<String> {
        let mut due: Vec<(Timestamp, String)> = self
            .slip_cards()
            .into_iter()
            .filter(|(_, card)| card.due <= now)
            .map(|(code, card)| (card.due, code))
            .collect();
        due.sort();
        due.into_iter().map(|(_, code)| code).collect()
    }

    /// The order a review drill takes the codes in at `now`: due first,
    /// then the other slips, most frequent first.
    #[must_use]
    pub fn slip_order(&self, now: Timestamp) -> SlipOrder {
        let mut codes = self.due_slips(now);
        let due = codes.len();
        for count in self.mistake_counts() {
            if !codes.contains(&count.code) {
                codes.push(count.code);
            }
        }
        SlipOrder { codes, due }
    }
}

/// A card after `history` (its first review creates it).
fn replay(scheduler: &Scheduler, history: &[(Timestamp, Grade)]) -> Option<Card> {
    let (&(at, grade), rest) = history.split_first()?;
    let mut card = Card::first_in(scheduler, grade, at);
    for &(at, grade) in rest {
        card.review_in(scheduler, grade, at);
    }
    Some(card)
}
