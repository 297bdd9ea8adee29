//! [`Progress`]: the user's history (see [`super::history`]) with what is
//! derived from it (rating, reviews, streaks), computed lazily.

use crate::config::Retention;
use std::collections::{BTreeMap, BTreeSet};
use std::sync::OnceLock;

use super::derive::Derived;
use super::history::{
    Attempt, AttemptId, DrillId, DrillResult, MAX_HINTS, MergeSummary, PuzzleRef, Timestamp,
};
use super::unknown::{RecordKey, Unknowns};

/// Everything Sancho remembers about the user: a log of attempts and drill
/// results keyed by unique id, and the set of completed lessons.
///
/// Rating, review cards and streaks are not stored: they are derived by
/// replaying the attempts in time order (computed lazily, once per change),
/// so that merging two logs always yields a coherent result.
#[derive(Debug, Clone, Default)]
pub struct Progress {
    attempts: BTreeMap<AttemptId, Attempt>,
    drills: BTreeMap<DrillId, DrillResult>,
    lessons: BTreeSet<String>,
    /// Storm and Streak runs, by id (see [`super::runs`]).
    runs: BTreeMap<String, super::runs::ModeRun>,
    /// Review cards carried over from SM-2 (see [`super::review::CarriedCard`]).
    carried: BTreeMap<PuzzleRef, super::review::CarriedCard>,
    /// Woodpecker sets, by name (see [`super::sets`]).
    pub(super) sets: BTreeMap<String, super::sets::PuzzleSet>,
    /// FSRS parameters fitted to the user's reviews (see [`super::optimize`]).
    pub(super) fsrs: Option<super::optimize::FsrsFit>,
    /// The codes each review drill trained (see [`super::slips`]).
    pub(super) reviewed: BTreeMap<DrillId, (Timestamp, Vec<super::slips::CodeReview>)>,
    /// The repertoire trainer's reviews, by id (see [`super::openings`]).
    pub(super) openings: BTreeMap<String, super::openings::CardReview>,
    /// Games played out against the engine, by id (see [`super::games`]).
    pub(super) games: BTreeMap<String, super::games::PlayedGame>,
    /// The desired retention reviews are scheduled at (a setting, not
    /// stored in the document: config.toml's `retention`).
    pub(super) retention: Retention,
    /// The fields of those records that this version does not know (see
    /// [`super::unknown`]).
    pub(super) unknown: Unknowns,
    derived: OnceLock<Derived>,
}

impl PartialEq for Progress {
    fn eq(&self, other: &Self) -> bool {
        self.attempts == other.attempts
            && self.drills == other.drills
            && self.lessons == other.lessons
            && self.runs == other.runs
            && self.carried == other.carried
            && self.sets == other.sets
            && self.fsrs == other.fsrs
            && self.reviewed == other.reviewed
            && self.openings == other.openings
            && self.games == other.games
            && self.unknown == other.unknown
    }
}

impl Progress {
    /// An empty record.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// Whether nothing has been recorded.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.attempts.is_empty()
            && self.drills.is_empty()
            && self.lessons.is_empty()
            && self.runs.is_empty()
            && self.carried.is_empty()
            && self.sets.is_empty()
            && self.fsrs.is_none()
            && self.reviewed.is_empty()
            && self.openings.is_empty()
            && self.games.is_empty()
    }

    /// Adds an attempt under `id`; returns false (and changes nothing) if
    /// the id is already present.
    pub fn insert_attempt(&mut self, id: AttemptId, attempt: Attempt) -> bool {
        if self.attempts.contains_key(&id) {
            return false;
        }
        let mut attempt = attempt;
        attempt.hints = attempt.hints.min(MAX_HINTS);
        self.attempts.insert(id, attempt);
        self.derived = OnceLock::new();
        true
    }

    /// Adds an attempt under `id` (a new id: an attempt being recorded) and
    /// says how it moved the rating.
    pub fn insert_recorded(&mut self, id: AttemptId, attempt: Attempt) -> super::Recorded {
        use super::Unrated;
        let unrated = if attempt.replay {
            Unrated::Replay
        } else if attempt.rating.is_none() {
            Unrated::UnratedPuzzle
        } else if !attempt.rated {
            Unrated::Mode
        } else {
            Unrated::Repeat
        };
        let (before, rated_before) = (self.rating().rating, self.rating_history().len());
        self.insert_attempt(id.clone(), attempt);
        let after = self.rating();
        let rated = self.rating_history().len() > rated_before;
        super::Recorded {
            id,
            rated,
            rating_before: before,
            rating_after: after.rating,
            deviation_after: after.deviation,
            unrated: (!rated).then_some(unrated),
        }
    }

    /// Adds a drill result under `id`; returns false if the id is present.
    pub fn insert_drill(&mut self, id: DrillId, drill: DrillResult) -> bool {
        if self.drills.contains_key(&id) {
            return false;
        }
        self.drills.insert(id, drill);
        true
    }

    /// Marks a lesson complete; returns false if it already was.
    pub fn complete_lesson(&mut self, lesson: &str) -> bool {
        if self.lessons.contains(lesson) {
            return false;
        }
        self.lessons.insert(lesson.to_owned())
    }

    /// Adds a Storm or Streak run under `id`; returns false if the id is present.
    pub fn insert_run(&mut self, id: String, run: super::runs::ModeRun) -> bool {
        if self.runs.contains_key(&id) {
            return false;
        }
        self.runs.insert(id, run);
        true
    }

    /// Carries over a review card (the SM-2 migration); where the puzzle
    /// already has one, the one with the later review is kept. Returns
    /// whether `card` was kept.
    pub fn carry_card(&mut self, puzzle: PuzzleRef, card: super::review::CarriedCard) -> bool {
        if self
            .carried
            .get(&puzzle)
            .is_some_and(|held| held.at >= card.at)
        {
            return false;
        }
        self.unknown.take(&RecordKey::Carried(puzzle.clone()));
        self.carried.insert(puzzle, card);
        self.derived = OnceLock::new();
        true
    }

    /// The review cards carried over from SM-2, by puzzle.
    pub fn carried_cards(
        &self,
    ) -> impl ExactSizeIterator<Item = (&PuzzleRef, &super::review::CarriedCard)> {
        self.carried.iter()
    }

    /// The Storm and Streak runs, with their ids, in id order.
    pub fn run_records(&self) -> impl Iterator<Item = (&String, &super::runs::ModeRun)> {
        self.runs.iter()
    }

    /// The Storm and Streak runs, in id order.
    pub fn runs(&self) -> impl Iterator<Item = &super::runs::ModeRun> {
        self.runs.values()
    }

    /// The attempts, in id order.
    pub fn attempts(&self) -> impl ExactSizeIterator<Item = (&AttemptId, &Attempt)> {
        self.attempts.iter()
    }

    /// The attempt recorded under `id`.
    #[must_use]
    pub fn attempt(&self, id: &AttemptId) -> Option<&Attempt> {
        self.attempts.get(id)
    }

    /// The drill results, in id order.
    pub fn drills(&self) -> impl ExactSizeIterator<Item = (&DrillId, &DrillResult)> {
        self.drills.iter()
    }

    /// The completed lessons.
    #[must_use]
    pub fn lessons(&self) -> &BTreeSet<String> {
        &self.lessons
    }

    /// Merges another record into this one: a union by id. Records whose id
    /// is already present keep the version held here.
    pub fn merge(&mut self, other: Progress) -> MergeSummary {
        let Progress {
            attempts,
            drills,
            lessons,
            runs,
            carried,
            sets,
            fsrs,
            reviewed,
            openings,
            games,
            mut unknown,
            retention: _,
            derived: _,
        } = other;
        let mut summary = MergeSummary::default();
        for (id, attempt) in attempts {
            let key = RecordKey::Attempt(id.clone());
            if self.insert_attempt(id, attempt) {
                self.unknown.put(key.clone(), unknown.take(&key));
                summary.attempts_new += 1;
            } else {
                summary.attempts_known += 1;
            }
        }
        for (id, drill) in drills {
            let key = RecordKey::Drill(id.clone());
            if self.insert_drill(id, drill) {
                self.unknown.put(key.clone(), unknown.take(&key));
                summary.drills_new += 1;
            }
        }
        for lesson in lessons {
            if self.complete_lesson(&lesson) {
                summary.lessons_new += 1;
            }
        }
        for (id, run) in runs {
            let key = RecordKey::Run(id.clone());
            if self.insert_run(id, run) {
                self.unknown.put(key.clone(), unknown.take(&key));
                summary.runs_new += 1;
            }
        }
        for (puzzle, card) in carried {
            let key = RecordKey::Carried(puzzle.clone());
            if self.carry_card(puzzle, card) {
                self.unknown.put(key.clone(), unknown.take(&key));
            }
        }
        for set in sets.into_values() {
            let name = set.name.clone();
            let before = self.sets.get(&name).map(|held| held.results());
            self.merge_set(set);
            let after = self.sets.get(&name).map(|held| held.results());
            match before {
                None => summary.sets_new += 1,
                Some(_) if after != before => summary.sets_updated += 1,
                Some(_) => {}
            }
        }
        for (id, (at, codes)) in reviewed {
            let key = RecordKey::Reviewed(id.clone());
            if self.insert_reviewed(&id, at, codes) {
                self.unknown.put(key.clone(), unknown.take(&key));
            }
        }
        for (id, review) in openings {
            let key = RecordKey::CardReview(id.clone());
            if self.insert_card_review(id, review) {
                self.unknown.put(key.clone(), unknown.take(&key));
                summary.card_reviews_new += 1;
            }
        }
        for (id, game) in games {
            let key = RecordKey::Game(id.clone());
            if self.insert_game(id, game) {
                self.unknown.put(key.clone(), unknown.take(&key));
                summary.games_new += 1;
            }
        }
        // Of two fits, the later one.
        if let Some(fit) = fsrs
            && self.fsrs.as_ref().is_none_or(|held| held.at < fit.at)
        {
            self.set_fsrs_fit(Some(fit));
            self.unknown
                .put(RecordKey::Fsrs, unknown.take(&RecordKey::Fsrs));
        }
        summary
    }

    /// The state derived from the attempt log, computed on first use.
    pub(crate) fn derived(&self) -> &Derived {
        self.derived
            .get_or_init(|| Derived::replay(self.attempts.iter(), &self.carried, &self.scheduler()))
    }

    /// Drops the derived state: it is computed again on next use.
    pub(super) fn forget_derived(&mut self) {
        self.derived = OnceLock::new();
    }

    /// Schedules reviews at the desired `retention` from now on.
    pub fn set_retention(&mut self, retention: Retention) {
        if self.retention != retention {
            self.retention = retention;
            self.forget_derived();
        }
    }

    /// The desired retention reviews are scheduled at.
    #[must_use]
    pub fn retention(&self) -> Retention {
        self.retention
    }
}
