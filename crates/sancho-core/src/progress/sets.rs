//! Woodpecker sets (issue 14): a fixed list of puzzles solved again and
//! again in cycles, each cycle faster than the last.
//!
//! The method (Smith and Tikkanen, *The Woodpecker Method*): solve the whole
//! set once, then again in half the days the last cycle took, and so on
//! until a cycle fits in one day. A cycle here ends when every puzzle of the
//! set has been attempted once; quitting part way keeps what was done, and
//! the next `set play` resumes with the first puzzle not yet attempted in
//! that cycle. Each cycle keeps, per puzzle, when it was attempted, whether
//! it was solved cleanly and the time taken; the cycle's total time is the
//! sum of those times (the solving time, not the days between sittings),
//! its length in days is measured from its first to its last attempt.
//!
//! Sets live in `progress.json` under an optional top-level `"sets"` array
//! (schema 2 still: a Sancho that predates sets keeps the field as it is and
//! writes it back unchanged, see [`super::disk`]):
//!
//! ```json
//! "sets":[{"id":"1700000000-8db35d848ba0592c","name":"forks","created":1700000000,"origin":"builtin",
//!          "filters":"theme fork","seed":7,
//!          "puzzles":[{"source":{"builtin":"starter"},"puzzle":"00sHx"}],
//!          "cycles":[{"results":[{"index":0,"at":1700000100,"solved":true,"time_ms":5300}]}]}]
//! ```

use std::fmt;

use serde::{Deserialize, Serialize};

use super::disk::{Extra, SourceField, SourceRecord};
use super::history::{PuzzleRef, SECONDS_PER_DAY, Timestamp};
use super::model::Progress;
use crate::rng::Rng;

mod text;

pub use text::{clock_text, cycle_table};

use super::names::MAX_NAME_CHARS;
use super::names::{NameProblem, checked_name, hidden_kind};

/// The most puzzles a set may hold.
pub const MAX_SET_SIZE: usize = 2000;

/// Where a set's puzzles are found when it is played.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SetOrigin {
    /// The built-in packs and the starter set.
    Builtin,
    /// The imported library (`sancho import`).
    Library,
    /// A puzzle file, by the path it was given as.
    File(String),
}

impl fmt::Display for SetOrigin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetOrigin::Builtin => f.write_str("the built-in puzzles"),
            SetOrigin::Library => f.write_str("the library"),
            SetOrigin::File(path) => write!(f, "{path}"),
        }
    }
}

/// One puzzle of a set.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SetPuzzle {
    /// Where the puzzle comes from (as attempts record it).
    pub source: SourceField,
    /// Its id within the source.
    pub puzzle: String,
    /// Fields this version does not know, kept.
    #[serde(flatten)]
    pub unknown: Extra,
}

impl SetPuzzle {
    /// A set's puzzle by its source and id.
    #[must_use]
    pub fn new(source: SourceRecord, puzzle: String) -> Self {
        SetPuzzle {
            source: source.into(),
            puzzle,
            unknown: Extra::new(),
        }
    }

    /// The puzzle as attempts name it.
    #[must_use]
    pub fn puzzle_ref(&self) -> PuzzleRef {
        PuzzleRef::new(self.source.source.clone().into(), self.puzzle.clone())
    }
}

/// One attempt within a cycle.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SetResult {
    /// The puzzle's place in the set (0-based).
    pub index: usize,
    /// When the attempt ended.
    pub at: Timestamp,
    /// Solved cleanly (the rule of attempts: no wrong move, hint or solution).
    pub solved: bool,
    /// Time taken, in milliseconds.
    pub time_ms: u64,
    /// Fields this version does not know, kept.
    #[serde(flatten)]
    pub unknown: Extra,
}

impl SetResult {
    /// The result of the attempt at the puzzle in place `index`.
    #[must_use]
    pub fn new(index: usize, at: Timestamp, solved: bool, time_ms: u64) -> Self {
        SetResult {
            index,
            at,
            solved,
            time_ms,
            unknown: Extra::new(),
        }
    }
}

/// One pass through the set (finished or under way).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Cycle {
    /// The attempts, in the order made; at most one per puzzle.
    #[serde(default)]
    pub results: Vec<SetResult>,
    /// Fields this version does not know, kept.
    #[serde(flatten)]
    pub unknown: Extra,
}

impl Cycle {
    fn has(&self, index: usize) -> bool {
        self.results.iter().any(|r| r.index == index)
    }
}

/// A set's identity: a set deleted and made again under the same name is
/// another set, and a result begun on the first is never filed in the
/// second ([`Progress::record_set_result`]).
///
/// Stored as the set's `"id"`: `<created>-<nonce>` for a set made by
/// [`super::Store::add_set`]; a set read from a file written before ids
/// (or made with [`PuzzleSet::new`] alone) is `<created>-<name>`, the same
/// every time it is read.
#[derive(Debug, Clone, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct SetId(String);

impl SetId {
    /// A new set's id from when it was made and a random nonce.
    #[must_use]
    pub fn new(created: Timestamp, nonce: u64) -> Self {
        SetId(format!("{created}-{nonce:016x}"))
    }

    /// The id of a set stored without one: when it was made and its name.
    #[must_use]
    pub fn derived(created: Timestamp, name: &str) -> Self {
        SetId(format!("{created}-{name}"))
    }

    /// The id's text.
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for SetId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// A Woodpecker set: its puzzles, in the order they are played, and its cycles.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PuzzleSet {
    /// The set's identity (absent in files written before it: see [`SetId`]).
    #[serde(default)]
    pub id: SetId,
    /// The set's name (unique).
    pub name: String,
    /// When it was made.
    pub created: Timestamp,
    /// Where its puzzles are found.
    pub origin: SetOrigin,
    /// The filters it was chosen with, as the user would read them ("" for none).
    #[serde(default)]
    pub filters: String,
    /// The seed it was chosen with.
    #[serde(default)]
    pub seed: u64,
    /// The puzzles, in playing order.
    pub puzzles: Vec<SetPuzzle>,
    /// The cycles, oldest first; the last may be under way.
    #[serde(default)]
    pub cycles: Vec<Cycle>,
    /// Fields this version does not know, kept.
    #[serde(flatten)]
    pub unknown: Extra,
}

/// One sitting at a set: the set it began on, by identity as well as name,
/// and the cycle it began in. Every result of the sitting is filed in that
/// set and that cycle ([`Progress::record_set_result`]), whatever another
/// window did in the meantime.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SetPlay {
    /// The set's name.
    pub name: String,
    /// The set's identity.
    pub id: SetId,
    /// The cycle (1-based) the sitting began in: the one under way, or the
    /// next when none was.
    pub cycle: usize,
}

/// Why a set cannot be made, found or played.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SetError {
    /// The name is empty or only white space.
    #[error("a set needs a name")]
    EmptyName,
    /// The name is too long.
    #[error("the set name {0:?} is longer than {MAX_NAME_CHARS} characters")]
    NameTooLong(String),
    /// The name starts with `-` (it would read as an option).
    #[error("the set name {0:?} may not start with '-'")]
    BadName(String),
    /// The name holds a character that cannot be seen, or shows other
    /// text than it holds: a control or formatting character (a zero-width
    /// space, a right-to-left override), a line separator, a private-use
    /// or an unassigned one.
    #[error(
        "the set name {name:?} holds U+{:04X}, {}: a name must read as it is written",
        u32::from(*.character),
        hidden_kind(*.character).unwrap_or("a character that cannot be seen")
    )]
    HiddenCharacter {
        /// The name.
        name: String,
        /// The first such character.
        character: char,
    },
    /// A set of that name exists.
    #[error("there is already a set named {0:?} (`sancho set list` shows them)")]
    Duplicate(String),
    /// No set has that name.
    #[error("no set is named {name:?}; {}", known(.existing))]
    Unknown {
        /// The name asked for.
        name: String,
        /// The sets there are.
        existing: Vec<String>,
    },
    /// A set needs at least one puzzle.
    #[error("a set needs at least one puzzle")]
    NoPuzzles,
    /// Too many puzzles.
    #[error("a set holds at most {MAX_SET_SIZE} puzzles, not {0}")]
    TooLarge(usize),
    /// A result for a place the set does not have.
    #[error("the set {name:?} has no puzzle number {number}")]
    NoSuchPuzzle {
        /// The set.
        name: String,
        /// The 1-based number asked for.
        number: usize,
    },
    /// The set was deleted while one of its puzzles was played: the
    /// attempt is kept, the result is filed nowhere.
    #[error(
        "the set {0:?} was deleted while this puzzle was played: the attempt is saved, but not in the set"
    )]
    Deleted(String),
    /// The set was deleted and another made under its name while one of
    /// its puzzles was played: the attempt is kept, the result is not filed
    /// in the other set.
    #[error(
        "the set {0:?} was made anew while this puzzle was played: the attempt is saved, but not in the set"
    )]
    Replaced(String),
}

fn known(existing: &[String]) -> String {
    if existing.is_empty() {
        "there are no sets yet (make one with `sancho set new NAME --count N`)".to_owned()
    } else {
        format!("the sets are: {}", existing.join(", "))
    }
}

/// Checks a set name: not empty, at most [`MAX_NAME_CHARS`] characters,
/// not starting with `-`, every character one that is seen as itself (no
/// control or formatting characters: `s` and `s` followed by a zero-width
/// space would look alike). Returns it trimmed.
///
/// # Errors
/// [`SetError::EmptyName`], [`SetError::NameTooLong`], [`SetError::BadName`],
/// [`SetError::HiddenCharacter`].
pub fn check_set_name(name: &str) -> Result<&str, SetError> {
    checked_name(name).map_err(|problem| {
        let name = name.trim().to_owned();
        match problem {
            NameProblem::Empty => SetError::EmptyName,
            NameProblem::TooLong => SetError::NameTooLong(name),
            NameProblem::Hidden(character) => SetError::HiddenCharacter { name, character },
            NameProblem::Dash => SetError::BadName(name),
        }
    })
}

/// Chooses `count` of the candidates (given by rating, one per candidate)
/// with `seed`: a seeded shuffle, the first `count`, then in rising rating
/// (ties keep the shuffled order), so a cycle starts easy as the method's
/// books do. Returns indices into `ratings`; the same for the same seed.
#[must_use]
pub fn choose_set(ratings: &[u32], count: usize, seed: u64) -> Vec<usize> {
    let mut order: Vec<usize> = (0..ratings.len()).collect();
    let mut rng = Rng::new(seed);
    for i in (1..order.len()).rev() {
        let j = rng.below(i + 1);
        order.swap(i, j);
    }
    order.truncate(count);
    order.sort_by_key(|&i| ratings[i]);
    order
}

/// What recording one attempt did to the set.
#[derive(Debug, Clone, PartialEq)]
pub struct SetRecorded {
    /// The cycle the attempt went into (1-based).
    pub cycle: usize,
    /// Attempts made in that cycle so far.
    pub done: usize,
    /// The set's size.
    pub size: usize,
    /// The puzzle had already been attempted in this cycle: nothing was added.
    pub repeated: bool,
    /// The cycle this attempt finished, if it did.
    pub finished: Option<CycleSummary>,
}

/// A finished cycle in figures.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CycleSummary {
    /// The cycle's number (1-based).
    pub cycle: usize,
    /// Puzzles attempted (the set's size).
    pub puzzles: usize,
    /// Of which solved cleanly.
    pub solved: usize,
    /// solved / puzzles.
    pub accuracy: f64,
    /// The solving time, summed over the puzzles, in milliseconds.
    pub time_ms: u64,
    /// When its first attempt ended.
    pub started: Timestamp,
    /// When its last attempt ended.
    pub finished: Timestamp,
    /// Calendar days from first to last attempt, at least 1.
    pub days: u32,
    /// The goal it had: half the previous cycle's days (`None` for the first).
    pub goal_days: Option<u32>,
    /// Each puzzle's time in milliseconds, in set order.
    pub times_ms: Vec<u64>,
}

/// The cycle under way, in figures.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CycleUnderWay {
    /// Its number (1-based).
    pub cycle: usize,
    /// Puzzles attempted so far.
    pub done: usize,
    /// Of which solved.
    pub solved: usize,
    /// Solving time so far, in milliseconds.
    pub time_ms: u64,
    /// When its first attempt ended.
    pub started: Timestamp,
}

/// One set as `sancho set list`, `stats` and the Stats screen show it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SetStats {
    /// The set's name.
    pub name: String,
    /// Its size.
    pub puzzles: usize,
    /// Where its puzzles come from (`"builtin"`, `"library"`, `{"file": PATH}`).
    pub origin: SetOrigin,
    /// The filters it was chosen with.
    pub filters: String,
    /// Finished cycles, oldest first.
    pub cycles: Vec<CycleSummary>,
    /// The cycle under way, if one is.
    pub current: Option<CycleUnderWay>,
    /// The goal for the next cycle (or the one under way) in days: half
    /// the days of the last finished cycle, at least 1; `None` before the
    /// first cycle is finished.
    pub goal_days: Option<u32>,
}

/// Calendar days a cycle spans: from its first to its last attempt,
/// rounded up, at least 1.
fn days_between(from: Timestamp, to: Timestamp) -> u32 {
    let seconds = to.0.saturating_sub(from.0).max(0);
    let days = (seconds + SECONDS_PER_DAY - 1) / SECONDS_PER_DAY;
    u32::try_from(days.max(1)).unwrap_or(u32::MAX)
}

/// Woodpecker's rule: the next cycle in half the days of the last, at
/// least one day (rounded up: 5 days give 3).
#[must_use]
pub fn goal_after(days: u32) -> u32 {
    days.div_ceil(2).max(1)
}

impl PuzzleSet {
    /// A new set with no cycles.
    ///
    /// # Errors
    /// A bad name, no puzzles, or more than [`MAX_SET_SIZE`].
    pub fn new(
        name: &str,
        created: Timestamp,
        origin: SetOrigin,
        filters: String,
        seed: u64,
        puzzles: Vec<SetPuzzle>,
    ) -> Result<PuzzleSet, SetError> {
        let name = check_set_name(name)?.to_owned();
        if puzzles.is_empty() {
            return Err(SetError::NoPuzzles);
        }
        if puzzles.len() > MAX_SET_SIZE {
            return Err(SetError::TooLarge(puzzles.len()));
        }
        Ok(PuzzleSet {
            id: SetId::derived(created, &name),
            name,
            created,
            origin,
            filters,
            seed,
            puzzles,
            cycles: Vec::new(),
            unknown: Extra::new(),
        })
    }

    /// A sitting begun now: this set, and the cycle under way (or the next).
    #[must_use]
    pub fn play(&self) -> SetPlay {
        SetPlay {
            name: self.name.clone(),
            id: self.id.clone(),
            cycle: self.next_cycle_number(),
        }
    }

    fn is_complete(&self, cycle: &Cycle) -> bool {
        (0..self.puzzles.len()).all(|i| cycle.has(i))
    }

    /// The cycle under way (begun and not finished), if any.
    #[must_use]
    pub fn current(&self) -> Option<&Cycle> {
        self.cycles.last().filter(|c| !self.is_complete(c))
    }

    /// The finished cycles, oldest first.
    pub fn finished(&self) -> impl Iterator<Item = &Cycle> {
        self.cycles.iter().filter(|c| self.is_complete(c))
    }

    /// The places (0-based) still to play in this cycle, in set order:
    /// every puzzle not yet attempted in the cycle under way, or the whole
    /// set when no cycle is under way.
    #[must_use]
    pub fn remaining(&self) -> Vec<usize> {
        let current = self.current();
        (0..self.puzzles.len())
            .filter(|&i| current.is_none_or(|c| !c.has(i)))
            .collect()
    }

    /// The number (1-based) of the cycle the next attempt goes into.
    #[must_use]
    pub fn next_cycle_number(&self) -> usize {
        match self.current() {
            Some(_) => self.cycles.len(),
            None => self.cycles.len() + 1,
        }
    }

    /// Records an attempt at the puzzle in place `index` in the cycle under
    /// way (a new cycle when none is). A puzzle already attempted in this
    /// cycle is not recorded again (two windows playing the same set).
    ///
    /// # Errors
    /// [`SetError::NoSuchPuzzle`] for an index outside the set.
    pub fn record(&mut self, result: SetResult) -> Result<SetRecorded, SetError> {
        self.record_in(self.next_cycle_number(), result)
    }

    /// Records an attempt in cycle `cycle` (1-based: a sitting's, see
    /// [`SetPlay`]), begun when that cycle was under way or next: a cycle
    /// finished since (from another window) keeps the result only if it
    /// lacks the puzzle, which a finished cycle never does, so nothing is
    /// added; the next cycle is begun by it. A cycle beyond the next is
    /// taken as the next.
    ///
    /// # Errors
    /// [`SetError::NoSuchPuzzle`] for an index outside the set.
    pub fn record_in(&mut self, cycle: usize, result: SetResult) -> Result<SetRecorded, SetError> {
        if result.index >= self.puzzles.len() {
            return Err(SetError::NoSuchPuzzle {
                name: self.name.clone(),
                number: result.index + 1,
            });
        }
        let number = cycle.clamp(1, self.cycles.len() + 1);
        if number > self.cycles.len() {
            self.cycles.push(Cycle::default());
        }
        let slot = number - 1;
        let repeated = self.cycles[slot].has(result.index);
        if !repeated {
            self.cycles[slot].results.push(result);
        }
        let done = self.cycles[slot].results.len();
        let size = self.puzzles.len();
        // Only the result that completes the cycle finishes it.
        let finished = (!repeated && done >= size)
            .then(|| self.summary(number))
            .flatten();
        Ok(SetRecorded {
            cycle: number,
            done,
            size,
            repeated,
            finished,
        })
    }

    /// The figures of finished cycle `number` (1-based); `None` if it is
    /// not finished or does not exist.
    #[must_use]
    pub fn summary(&self, number: usize) -> Option<CycleSummary> {
        let cycle = self.cycles.get(number.checked_sub(1)?)?;
        if !self.is_complete(cycle) {
            return None;
        }
        let started = cycle.results.iter().map(|r| r.at).min()?;
        let finished = cycle.results.iter().map(|r| r.at).max()?;
        let solved = cycle.results.iter().filter(|r| r.solved).count();
        let mut times_ms = vec![0; self.puzzles.len()];
        for r in &cycle.results {
            if let Some(time) = times_ms.get_mut(r.index) {
                *time = r.time_ms;
            }
        }
        let goal_days = number
            .checked_sub(2)
            .and_then(|before| self.cycles.get(before))
            .and_then(|c| self.span(c))
            .map(|(from, to)| goal_after(days_between(from, to)));
        let puzzles = self.puzzles.len();
        #[allow(clippy::cast_precision_loss)]
        let accuracy = solved as f64 / puzzles as f64;
        Some(CycleSummary {
            cycle: number,
            puzzles,
            solved,
            accuracy,
            time_ms: times_ms.iter().sum(),
            started,
            finished,
            days: days_between(started, finished),
            goal_days,
            times_ms,
        })
    }

    /// When a finished cycle's first and last attempts ended.
    fn span(&self, cycle: &Cycle) -> Option<(Timestamp, Timestamp)> {
        if !self.is_complete(cycle) {
            return None;
        }
        let first = cycle.results.iter().map(|r| r.at).min()?;
        let last = cycle.results.iter().map(|r| r.at).max()?;
        Some((first, last))
    }

    /// The set as read from a file: results for places the set does not
    /// have, and a second result for one place in one cycle (a hand-edited
    /// file), are left out.
    #[must_use]
    pub fn checked(mut self) -> PuzzleSet {
        if self.id.0.is_empty() {
            self.id = SetId::derived(self.created, &self.name);
        }
        let size = self.puzzles.len();
        for cycle in &mut self.cycles {
            let mut seen = vec![false; size];
            cycle.results.retain(|r| {
                let fresh = seen.get(r.index).is_some_and(|s| !s);
                if fresh {
                    seen[r.index] = true;
                }
                fresh
            });
        }
        self.cycles.retain(|c| !c.results.is_empty());
        self
    }

    /// The set in figures: its finished cycles, the one under way, the goal.
    #[must_use]
    pub fn stats(&self) -> SetStats {
        let cycles: Vec<CycleSummary> = (1..=self.cycles.len())
            .filter_map(|n| self.summary(n))
            .collect();
        let current = self.current().map(|c| CycleUnderWay {
            cycle: self.cycles.len(),
            done: c.results.len(),
            solved: c.results.iter().filter(|r| r.solved).count(),
            time_ms: c.results.iter().map(|r| r.time_ms).sum(),
            started: c.results.iter().map(|r| r.at).min().unwrap_or(self.created),
        });
        SetStats {
            name: self.name.clone(),
            puzzles: self.puzzles.len(),
            origin: self.origin.clone(),
            filters: self.filters.clone(),
            goal_days: cycles.last().map(|c| goal_after(c.days)),
            cycles,
            current,
        }
    }

    pub(super) fn results(&self) -> usize {
        self.cycles.iter().map(|c| c.results.len()).sum()
    }
}

impl Progress {
    /// The sets, by name.
    pub fn sets(&self) -> impl ExactSizeIterator<Item = &PuzzleSet> {
        self.sets.values()
    }

    /// The set named `name`.
    ///
    /// # Errors
    /// [`SetError::Unknown`], listing the sets there are.
    pub fn set(&self, name: &str) -> Result<&PuzzleSet, SetError> {
        self.sets.get(name.trim()).ok_or_else(|| SetError::Unknown {
            name: name.trim().to_owned(),
            existing: self.sets.keys().cloned().collect(),
        })
    }

    /// Adds a set.
    ///
    /// # Errors
    /// [`SetError::Duplicate`] if a set has that name (nothing changes).
    pub fn add_set(&mut self, set: PuzzleSet) -> Result<(), SetError> {
        if self.sets.contains_key(&set.name) {
            return Err(SetError::Duplicate(set.name));
        }
        self.sets.insert(set.name.clone(), set);
        Ok(())
    }

    /// Removes the set named `name` and returns it.
    ///
    /// # Errors
    /// [`SetError::Unknown`].
    pub fn remove_set(&mut self, name: &str) -> Result<PuzzleSet, SetError> {
        match self.sets.remove(name.trim()) {
            Some(set) => Ok(set),
            None => Err(self.set(name).err().unwrap_or(SetError::NoPuzzles)),
        }
    }

    /// Records the result of an attempt made in the sitting `play`: in its
    /// set, in the cycle it began in (see [`PuzzleSet::record_in`]). The
    /// set must still be the one the sitting began on.
    ///
    /// # Errors
    /// [`SetError::Deleted`] when no set has the name any more,
    /// [`SetError::Replaced`] when the set of that name is another one
    /// (nothing is filed in either case), [`SetError::NoSuchPuzzle`].
    pub fn record_set_result(
        &mut self,
        play: &SetPlay,
        result: SetResult,
    ) -> Result<SetRecorded, SetError> {
        match self.sets.get_mut(&play.name) {
            Some(set) if set.id == play.id => set.record_in(play.cycle, result),
            Some(_) => Err(SetError::Replaced(play.name.clone())),
            None => Err(SetError::Deleted(play.name.clone())),
        }
    }

    /// Every set in figures, by name.
    #[must_use]
    pub fn set_stats(&self) -> Vec<SetStats> {
        self.sets().map(PuzzleSet::stats).collect()
    }

    /// Merges a set from another document: a set new by name is added; of
    /// two sets with one name the one with more results is kept (ties: the
    /// one held here), so no played cycle is lost.
    pub(crate) fn merge_set(&mut self, set: PuzzleSet) {
        match self.sets.get(&set.name) {
            Some(held) if held.results() >= set.results() => {}
            _ => {
                self.sets.insert(set.name.clone(), set);
            }
        }
    }
}
