//! FSRS parameters fitted to the user's own reviews (`sancho progress
//! optimize`, issue 14), with the `fsrs` crate's optimizer.
//!
//! The review log is rebuilt from the attempts the way [`super::derive`]
//! schedules them: each failed puzzle's card starts at its first failure
//! and every later attempt is a review with its [`grade`]. Cards carried
//! over from SM-2 are left out (their history before the migration is not
//! a FSRS history). Each review after the first, with the days since the
//! one before, is one training item, as the crate expects.
//!
//! The crate fits only the first-review stabilities below 64 items made on
//! a later day than the review before, so [`MIN_REVIEWS`] of those are
//! asked for. The fitted parameters are kept in the progress file (an
//! optional top-level `"fsrs"`: `{"parameters":[21 numbers],"at":..,
//! "reviews":..}`), and every schedule is computed with them from then on.

use std::collections::BTreeMap;

use fsrs::{ComputeParametersInput, FSRSItem, FSRSReview, compute_parameters};
use serde::{Deserialize, Serialize};

use super::history::{PuzzleRef, SECONDS_PER_DAY, Timestamp};
use super::model::Progress;
use super::review::{Grade, Scheduler, grade};

/// Reviews (made a day or more after the one before) the optimizer needs.
pub const MIN_REVIEWS: usize = 64;

/// Parameters fitted to the user's reviews.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FsrsFit {
    /// FSRS-6's 21 parameters.
    pub parameters: Vec<f32>,
    /// When they were fitted.
    pub at: Timestamp,
    /// How many reviews they were fitted to.
    pub reviews: usize,
}

/// Why no parameters were fitted.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum OptimizeError {
    /// The log is too short.
    #[error(
        "the optimizer needs at least {need} reviews made a day or more after the one before; your log has {have} (the default parameters stay in use)"
    )]
    TooFew {
        /// Reviews there are.
        have: usize,
        /// Reviews needed.
        need: usize,
    },
    /// The crate could not fit them.
    #[error("the FSRS optimizer failed: {0}")]
    Failed(String),
}

fn rating(grade: Grade) -> u32 {
    match grade {
        Grade::Again => 1,
        Grade::Hard => 2,
        Grade::Good => 3,
        Grade::Easy => 4,
    }
}

/// Each card's reviews in time order, as (time, grade): a puzzle's card
/// starts at its first attempt that was not a clean solve; then the cards
/// of notation slips ([`super::slips`]).
#[must_use]
pub fn review_histories(progress: &Progress) -> Vec<Vec<(Timestamp, Grade)>> {
    let mut histories = puzzle_histories(progress);
    histories.extend(progress.slip_histories().into_values());
    histories
}

fn puzzle_histories(progress: &Progress) -> Vec<Vec<(Timestamp, Grade)>> {
    let carried: Vec<&PuzzleRef> = progress.carried_cards().map(|(p, _)| p).collect();
    let mut by_puzzle: BTreeMap<&PuzzleRef, Vec<(Timestamp, &str, Grade, bool)>> = BTreeMap::new();
    for (id, attempt) in progress.attempts() {
        if carried.contains(&&attempt.puzzle) {
            continue;
        }
        by_puzzle.entry(&attempt.puzzle).or_default().push((
            attempt.at,
            id.as_str(),
            grade(attempt),
            attempt.counts_as_solved(),
        ));
    }
    by_puzzle
        .into_values()
        .filter_map(|mut attempts| {
            attempts.sort_by(|a, b| a.0.cmp(&b.0).then_with(|| a.1.cmp(b.1)));
            let first = attempts.iter().position(|a| !a.3)?;
            Some(attempts[first..].iter().map(|a| (a.0, a.2)).collect())
        })
        .collect()
}

/// The training items of `histories`: for every review after a card's
/// first, the card's reviews up to it with the whole days between them.
#[must_use]
pub fn training_items(histories: &[Vec<(Timestamp, Grade)>]) -> Vec<FSRSItem> {
    let mut items = Vec::new();
    for history in histories {
        let mut reviews = Vec::with_capacity(history.len());
        let mut last: Option<Timestamp> = None;
        for &(at, grade) in history {
            let delta_t = last.map_or(0, |before| {
                let days = at.0.saturating_sub(before.0).max(0) / SECONDS_PER_DAY;
                u32::try_from(days).unwrap_or(u32::MAX)
            });
            reviews.push(FSRSReview {
                rating: rating(grade),
                delta_t,
            });
            if last.is_some() {
                items.push(FSRSItem {
                    reviews: reviews.clone(),
                });
            }
            last = Some(at);
        }
    }
    items
}

/// How many items were reviewed a day or more after the review before
/// (the ones the optimizer learns from).
#[must_use]
pub fn usable(items: &[FSRSItem]) -> usize {
    items
        .iter()
        .filter(|item| item.reviews.last().is_some_and(|r| r.delta_t > 0))
        .count()
}

/// Fits FSRS parameters to `items`, at `at`. Items the crate cannot take
/// are left out first: one whose reviews all came the day of the review
/// before (a failed puzzle tried again the same day) has no interval to
/// learn from, and the crate panics on it.
///
/// # Errors
/// [`OptimizeError::TooFew`] below [`MIN_REVIEWS`] usable items,
/// [`OptimizeError::Failed`] if the crate fails or gives a non-finite value.
pub fn fit(mut items: Vec<FSRSItem>, at: Timestamp) -> Result<FsrsFit, OptimizeError> {
    items.retain(|item| item.long_term_review_cnt() > 0);
    let have = usable(&items);
    if have < MIN_REVIEWS {
        return Err(OptimizeError::TooFew {
            have,
            need: MIN_REVIEWS,
        });
    }
    let parameters = compute_parameters(ComputeParametersInput {
        train_set: items,
        ..ComputeParametersInput::default()
    })
    .map_err(|e| OptimizeError::Failed(e.to_string()))?;
    if parameters.iter().any(|p| !p.is_finite()) {
        return Err(OptimizeError::Failed(
            "a parameter is not a number".to_owned(),
        ));
    }
    Ok(FsrsFit {
        parameters,
        at,
        reviews: have,
    })
}

impl Progress {
    /// Fits FSRS parameters to this record's review log (see the module
    /// documentation); the record is not changed.
    ///
    /// # Errors
    /// As [`fit`].
    pub fn optimize(&self, at: Timestamp) -> Result<FsrsFit, OptimizeError> {
        fit(training_items(&review_histories(self)), at)
    }

    /// The parameters fitted by `sancho progress optimize`, if any.
    #[must_use]
    pub fn fsrs_fit(&self) -> Option<&FsrsFit> {
        self.fsrs.as_ref()
    }

    /// Keeps `fit` (or, with `None`, goes back to the default parameters);
    /// every schedule is computed again.
    pub fn set_fsrs_fit(&mut self, fit: Option<FsrsFit>) {
        self.fsrs = fit;
        self.unknown.take(&super::unknown::RecordKey::Fsrs);
        self.forget_derived();
    }

    /// The scheduler this record's cards are scheduled with: its fitted
    /// parameters (or the defaults) at the desired retention in use.
    #[must_use]
    pub fn scheduler(&self) -> Scheduler {
        Scheduler::new(
            self.fsrs.as_ref().map(|f| f.parameters.as_slice()),
            self.retention.get(),
        )
    }
}
