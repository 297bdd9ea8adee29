//! Fields of stored records that this version does not know, kept so that
//! a save never drops what a newer Sancho wrote.
//!
//! A newer version may add a field to any record of `progress.json` (an
//! attempt, a wrong input, a drill and its coordinates, a run, a carried
//! card, a review drill's codes, the fitted parameters), not only to the
//! document. [`super::disk`] reads each such field into the record's
//! [`Unknown`], [`super::Progress`] keeps it beside the record (by the
//! record's identity, [`RecordKey`]) through merges, and the next write puts
//! it back where it was. Sets, whose types are their own stored form, keep
//! theirs inline ([`super::PuzzleSet::unknown`]).

use std::collections::BTreeMap;

use super::history::{AttemptId, DrillId, PuzzleRef};
use super::model::Progress;

/// Fields of a JSON object that this version does not read.
pub type Fields = serde_json::Map<String, serde_json::Value>;

/// What one stored record held that this version does not read: its own
/// unknown fields, and those of the objects nested in it, by the field
/// that holds them and their place there (`("wrong_inputs", 2)`,
/// `("coordinates", 0)`). Records are never changed once written, so a
/// place always names the same object.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Unknown {
    own: Fields,
    nested: BTreeMap<(&'static str, usize), Fields>,
}

impl Unknown {
    /// A record's own unknown fields.
    pub(super) fn new(own: Fields) -> Self {
        Unknown {
            own,
            nested: BTreeMap::new(),
        }
    }

    /// Keeps the unknown fields of the object at `index` in `field`.
    pub(super) fn nest(&mut self, field: &'static str, index: usize, fields: Fields) {
        if !fields.is_empty() {
            self.nested.insert((field, index), fields);
        }
    }

    /// The record's own unknown fields (a copy, to write).
    pub(super) fn own(&self) -> Fields {
        self.own.clone()
    }

    /// The unknown fields of the object at `index` in `field` (a copy).
    pub(super) fn nested(&self, field: &'static str, index: usize) -> Fields {
        self.nested
            .get(&(field, index))
            .cloned()
            .unwrap_or_default()
    }

    fn is_empty(&self) -> bool {
        self.own.is_empty() && self.nested.is_empty()
    }
}

/// Which record an [`Unknown`] belongs to.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum RecordKey {
    /// A puzzle attempt.
    Attempt(AttemptId),
    /// A drill result.
    Drill(DrillId),
    /// A Storm or Streak run, by id.
    Run(String),
    /// What a review drill trained, by the drill's id.
    Reviewed(DrillId),
    /// A review card carried over from SM-2, by puzzle.
    Carried(PuzzleRef),
    /// The fitted FSRS parameters.
    Fsrs,
    /// A repertoire card's review, by id.
    CardReview(String),
    /// A game played out against the engine, by id.
    Game(String),
}

/// The unknown fields of a document's records, by record (only records
/// that have some).
#[derive(Debug, Clone, Default, PartialEq)]
pub(super) struct Unknowns(BTreeMap<RecordKey, Unknown>);

impl Unknowns {
    /// The record's unknown fields, if it has any.
    pub(super) fn get(&self, key: &RecordKey) -> Option<&Unknown> {
        self.0.get(key)
    }

    /// Takes the record's unknown fields out (none: empty).
    pub(super) fn take(&mut self, key: &RecordKey) -> Unknown {
        self.0.remove(key).unwrap_or_default()
    }

    /// Sets the record's unknown fields (an empty set forgets them).
    pub(super) fn put(&mut self, key: RecordKey, unknown: Unknown) {
        if unknown.is_empty() {
            self.0.remove(&key);
        } else {
            self.0.insert(key, unknown);
        }
    }
}

impl Progress {
    /// The unknown fields kept for a record, if any.
    pub(super) fn unknown(&self, key: &RecordKey) -> Option<&Unknown> {
        self.unknown.get(key)
    }
}
