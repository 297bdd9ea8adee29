//! The on-disk format of `progress.json` (schema 2), kept apart from the
//! domain types so that either can change without the other.
//!
//! Schema 2 adds `carried`: review cards carried over from SM-2. Optional
//! top-level fields added since, which an older schema-2 Sancho keeps as
//! unknown fields: `runs` ([`super::runs`]), `sets` ([`super::sets`]),
//! `fsrs` ([`super::optimize`]), `reviewed` ([`super::slips`]) and
//! `repertoire` ([`super::openings`]). A schema-1
//! document is migrated when read: the SM-2 cards its attempts imply
//! ([`super::sm2::cards`]) are converted to FSRS memory states
//! ([`super::review::from_sm2`]) as of each card's last review, so that no
//! card, interval or due date is lost; the next write is schema 2, which a
//! schema-1 Sancho refuses to read or overwrite (it is newer).
//!
//! Every record type here flattens the fields it does not know into an
//! `unknown` map, which the domain side keeps beside the record
//! ([`super::unknown`]) and the next write puts back.
//!
//! ```json
//! {"schema":1,
//!  "attempts":[{"id":"1700000000-abc12-9f..","source":"lichess",
//!               "puzzle":"abc12","at":1700000000,"outcome":"solved","time_ms":5300,
//!               "hints":0,"solution_shown":false,"rating":1520,"themes":["fork"],
//!               "wrong_inputs":[{"input":"nf3","codes":["piece-lowercase"]}]}],
//!  "drills":[{"id":"..","kind":"write","at":1700000100,"exercises":10,"correct":9,
//!             "time_ms":60000,"mistakes":[{"code":"missing-check","answer":"Qh5+"}]}],
//!  "lessons":["lesson-1"],
//!  "carried":[{"source":"lichess","puzzle":"abc12","at":1700000000,
//!              "stability":6.0,"difficulty":7.1}]}
//! ```

use std::fmt;

use serde::{Deserialize, Serialize};

use super::history::{
    Attempt, AttemptId, DrillId, DrillMistake, DrillResult, Outcome, PuzzleRef, SECONDS_PER_DAY,
    Source, Timestamp, TypedInput,
};
use super::model::Progress;
use super::review::CarriedCard;
use super::slips::{CodeReviewRecord, ReviewedRecord};
use super::unknown::{RecordKey, Unknown};

/// The schema version this build reads and writes.
pub const SCHEMA: u32 = 2;

/// The previous schema, migrated when read (SM-2 review cards).
pub const SCHEMA_SM2: u32 = 1;

/// The whole document.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ProgressFile {
    /// The schema version ([`SCHEMA`]).
    pub schema: u32,
    /// Puzzle attempts.
    #[serde(default)]
    pub attempts: Vec<AttemptRecord>,
    /// Drill results.
    #[serde(default)]
    pub drills: Vec<DrillRecord>,
    /// Completed lesson ids.
    #[serde(default)]
    pub lessons: Vec<String>,
    /// Storm and Streak runs (optional: absent in files written before them).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub runs: Vec<super::runs::RunRecord>,
    /// Review cards carried over from SM-2 (schema 2; absent when none).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub carried: Vec<CarriedRecord>,
    /// Woodpecker sets (optional: absent in files written before them).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub sets: Vec<super::sets::PuzzleSet>,
    /// The codes review drills trained (optional, see [`super::slips`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub reviewed: Vec<ReviewedRecord>,
    /// The repertoire trainer's reviews (optional, see [`super::openings`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub repertoire: Vec<super::openings::CardReviewRecord>,
    /// Games played out against the engine (optional, see [`super::games`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub games: Vec<super::games::PlayedGameRecord>,
    /// FSRS parameters fitted by `sancho progress optimize` (optional).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fsrs: Option<FsrsRecord>,
    /// Top-level fields this version does not know (written by a newer
    /// minor version): kept as they were and written back unchanged.
    #[serde(flatten)]
    pub extra: Extra,
}

/// The fitted FSRS parameters on disk.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FsrsRecord {
    /// The fit.
    #[serde(flatten)]
    pub fit: super::optimize::FsrsFit,
    /// Fields this version does not know, kept.
    #[serde(flatten)]
    pub unknown: Extra,
}

/// A review card carried over from SM-2, on disk.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CarriedRecord {
    /// Puzzle source.
    pub source: SourceField,
    /// Puzzle id within the source.
    pub puzzle: String,
    /// Unix seconds of the last review the card includes.
    pub at: i64,
    /// FSRS stability in days.
    pub stability: f32,
    /// FSRS difficulty, 1 to 10.
    pub difficulty: f32,
    /// Fields this version does not know, kept.
    #[serde(flatten)]
    pub unknown: Extra,
}

/// Fields of the document, or of one of its records, that this version
/// does not know.
pub type Extra = super::unknown::Fields;

/// Just the schema version, read first to recognise a newer document.
#[derive(Deserialize)]
struct Head {
    schema: u32,
}

/// A puzzle source on disk: `"lichess"`, `{"builtin":"<pack>"}` or
/// `{"file":"<name>"}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SourceRecord {
    /// A built-in pack, by name.
    Builtin(String),
    /// Lichess.
    Lichess,
    /// A user file, by name.
    File(String),
}

/// A puzzle source as a record stores it, with the fields of its object
/// that this version does not know (`{"builtin":"mate-in-one","edition":2}`):
/// they are read, kept and written back.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SourceField {
    /// The source.
    pub source: SourceRecord,
    /// Its object's other fields.
    pub unknown: Extra,
}

impl From<SourceRecord> for SourceField {
    fn from(source: SourceRecord) -> Self {
        SourceField {
            source,
            unknown: Extra::new(),
        }
    }
}

impl Serialize for SourceField {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        if self.unknown.is_empty() {
            return self.source.serialize(serializer);
        }
        let mut map = self.unknown.clone();
        match &self.source {
            SourceRecord::Builtin(pack) => {
                map.insert("builtin".to_owned(), pack.clone().into());
            }
            SourceRecord::File(name) => {
                map.insert("file".to_owned(), name.clone().into());
            }
            // Read from an object, whose "lichess" field was kept with the rest.
            SourceRecord::Lichess => {
                map.entry("lichess").or_insert(serde_json::Value::Null);
            }
        }
        map.serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for SourceField {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        use serde::de::Error;
        use serde_json::Value;
        let value = Value::deserialize(deserializer)?;
        let mut map = match value {
            Value::Object(map) => map,
            other => {
                return SourceRecord::deserialize(other)
                    .map(SourceField::from)
                    .map_err(D::Error::custom);
            }
        };
        let named = |map: &mut Extra, key: &str| match map.get(key) {
            Some(Value::String(_)) => match map.remove(key) {
                Some(Value::String(name)) => Some(name),
                _ => None,
            },
            _ => None,
        };
        let source = if let Some(pack) = named(&mut map, "builtin") {
            SourceRecord::Builtin(pack)
        } else if let Some(name) = named(&mut map, "file") {
            SourceRecord::File(name)
        } else if map.contains_key("lichess") {
            SourceRecord::Lichess
        } else {
            return Err(D::Error::custom(
                "a puzzle source is \"lichess\", {\"builtin\": NAME} or {\"file\": NAME}",
            ));
        };
        Ok(SourceField {
            source,
            unknown: map,
        })
    }
}

/// An outcome on disk.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum OutcomeRecord {
    /// Solved.
    Solved,
    /// Failed.
    Failed,
}

/// A typed input on disk (a wrong input, or an accepted move's slip).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TypedInputRecord {
    /// What was typed.
    pub input: String,
    /// Diagnostic codes.
    #[serde(default)]
    pub codes: Vec<String>,
    /// The move it was read as (optional: absent in older files).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub san: Option<String>,
    /// An ambiguous input's candidates (optional).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub candidates: Vec<String>,
    /// Fields this version does not know, kept.
    #[serde(flatten)]
    pub unknown: Extra,
}

impl TypedInputRecord {
    /// `t` on disk, with the fields `unknown` kept for it.
    fn of(t: &TypedInput, unknown: Extra) -> TypedInputRecord {
        TypedInputRecord {
            input: t.input.clone(),
            codes: t.codes.clone(),
            san: t.san.clone(),
            candidates: t.candidates.clone(),
            unknown,
        }
    }

    /// The typed input, and the fields this version does not know.
    fn into_typed(self) -> (TypedInput, Extra) {
        let typed = TypedInput {
            input: self.input,
            codes: self.codes,
            san: self.san,
            candidates: self.candidates,
        };
        (typed, self.unknown)
    }
}

/// An attempt on disk.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AttemptRecord {
    /// Unique id.
    pub id: String,
    /// Puzzle source.
    pub source: SourceField,
    /// Puzzle id within the source.
    pub puzzle: String,
    /// Unix seconds.
    pub at: i64,
    /// Solved or failed.
    pub outcome: OutcomeRecord,
    /// Milliseconds taken.
    pub time_ms: u64,
    /// Hint rungs used.
    #[serde(default)]
    pub hints: u8,
    /// Whether the solution was shown.
    #[serde(default)]
    pub solution_shown: bool,
    /// The puzzle's rating, when the attempt was rated against it.
    #[serde(default)]
    pub rating: Option<u16>,
    /// The puzzle's rating, when the attempt was unrated (optional: older
    /// files keep no rating for unrated attempts, and an older Sancho
    /// reading this key rates nothing by it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub puzzle_rating: Option<u16>,
    /// The puzzle's themes.
    #[serde(default)]
    pub themes: Vec<String>,
    /// Wrong inputs.
    #[serde(default)]
    pub wrong_inputs: Vec<TypedInputRecord>,
    /// Accepted moves typed with a notation slip (optional).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub slips: Vec<TypedInputRecord>,
    /// A replay of a failed puzzle (optional, `true` only).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub replay: bool,
    /// Blind tactics: the plies read before the puzzle (absent for an
    /// attempt on the board and in files written before it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub blind: Option<u8>,
    /// Fields this version does not know, kept.
    #[serde(flatten)]
    pub unknown: Extra,
}

/// A drill mistake on disk.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DrillMistakeRecord {
    /// Diagnostic code.
    pub code: String,
    /// Canonical answer.
    pub answer: String,
    /// What was typed (optional: absent in older files).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub input: Option<String>,
    /// Fields this version does not know, kept.
    #[serde(flatten)]
    pub unknown: Extra,
}

/// A drill result on disk.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DrillRecord {
    /// Unique id.
    pub id: String,
    /// Drill kind.
    pub kind: String,
    /// Unix seconds.
    pub at: i64,
    /// Exercises done.
    pub exercises: u32,
    /// Exercises correct.
    pub correct: u32,
    /// Milliseconds taken.
    pub time_ms: u64,
    /// Mistakes.
    #[serde(default)]
    pub mistakes: Vec<DrillMistakeRecord>,
    /// A coordinates drill's set-up (optional: absent for other drills and
    /// in files written before it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub coordinates: Option<CoordinatesRecord>,
    /// Fields this version does not know, kept.
    #[serde(flatten)]
    pub unknown: Extra,
}

/// A coordinates drill's set-up on disk.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CoordinatesRecord {
    /// The set-up.
    #[serde(flatten)]
    pub setup: super::coords::CoordSetup,
    /// Fields this version does not know, kept.
    #[serde(flatten)]
    pub unknown: Extra,
}

impl From<&Source> for SourceRecord {
    fn from(source: &Source) -> Self {
        match source {
            Source::Builtin { pack } => SourceRecord::Builtin(pack.clone()),
            Source::Lichess => SourceRecord::Lichess,
            Source::File { name } => SourceRecord::File(name.clone()),
        }
    }
}

impl From<SourceRecord> for Source {
    fn from(record: SourceRecord) -> Self {
        match record {
            SourceRecord::Builtin(pack) => Source::Builtin { pack },
            SourceRecord::Lichess => Source::Lichess,
            SourceRecord::File(name) => Source::File { name },
        }
    }
}

impl From<Outcome> for OutcomeRecord {
    fn from(outcome: Outcome) -> Self {
        match outcome {
            Outcome::Solved => OutcomeRecord::Solved,
            Outcome::Failed => OutcomeRecord::Failed,
        }
    }
}

impl From<OutcomeRecord> for Outcome {
    fn from(record: OutcomeRecord) -> Self {
        match record {
            OutcomeRecord::Solved => Outcome::Solved,
            OutcomeRecord::Failed => Outcome::Failed,
        }
    }
}

impl AttemptRecord {
    fn new(id: &AttemptId, a: &Attempt, unknown: &Unknown) -> Self {
        AttemptRecord {
            id: id.as_str().to_owned(),
            source: SourceField {
                source: (&a.puzzle.source).into(),
                unknown: unknown.nested(SOURCE, 0),
            },
            puzzle: a.puzzle.id.clone(),
            at: a.at.0,
            outcome: a.outcome.into(),
            time_ms: a.time_ms,
            hints: a.hints,
            solution_shown: a.solution_shown,
            rating: a.rating.filter(|_| a.rated),
            puzzle_rating: a.rating.filter(|_| !a.rated),
            themes: a.themes.clone(),
            blind: a.blind,
            wrong_inputs: a
                .wrong_inputs
                .iter()
                .enumerate()
                .map(|(i, w)| TypedInputRecord::of(w, unknown.nested(WRONG_INPUTS, i)))
                .collect(),
            slips: a
                .slips
                .iter()
                .enumerate()
                .map(|(i, w)| TypedInputRecord::of(w, unknown.nested(SLIPS, i)))
                .collect(),
            replay: a.replay,
            unknown: unknown.own(),
        }
    }

    fn into_domain(self) -> (AttemptId, Attempt, Unknown) {
        let mut unknown = Unknown::new(self.unknown);
        unknown.nest(SOURCE, 0, self.source.unknown);
        let attempt = Attempt {
            puzzle: PuzzleRef {
                source: self.source.source.into(),
                id: self.puzzle,
            },
            at: Timestamp(self.at),
            outcome: self.outcome.into(),
            time_ms: self.time_ms,
            hints: self.hints,
            solution_shown: self.solution_shown,
            rated: self.rating.is_some(),
            rating: self.rating.or(self.puzzle_rating),
            themes: self.themes,
            blind: self.blind,
            wrong_inputs: self
                .wrong_inputs
                .into_iter()
                .enumerate()
                .map(|(i, w)| {
                    let (typed, extra) = w.into_typed();
                    unknown.nest(WRONG_INPUTS, i, extra);
                    typed
                })
                .collect(),
            slips: self
                .slips
                .into_iter()
                .enumerate()
                .map(|(i, w)| {
                    let (typed, extra) = w.into_typed();
                    unknown.nest(SLIPS, i, extra);
                    typed
                })
                .collect(),
            replay: self.replay,
        };
        (AttemptId::from_stored(self.id), attempt, unknown)
    }
}

impl DrillRecord {
    fn new(id: &DrillId, d: &DrillResult, unknown: &Unknown) -> Self {
        DrillRecord {
            id: id.as_str().to_owned(),
            kind: d.kind.clone(),
            at: d.at.0,
            exercises: d.exercises,
            correct: d.correct,
            time_ms: d.time_ms,
            mistakes: d
                .mistakes
                .iter()
                .enumerate()
                .map(|(i, m)| DrillMistakeRecord {
                    code: m.code.clone(),
                    answer: m.answer.clone(),
                    input: m.input.clone(),
                    unknown: unknown.nested(MISTAKES, i),
                })
                .collect(),
            coordinates: d.coordinates.clone().map(|setup| CoordinatesRecord {
                setup,
                unknown: unknown.nested(COORDINATES, 0),
            }),
            unknown: unknown.own(),
        }
    }

    fn into_domain(self) -> (DrillId, DrillResult, Unknown) {
        let mut unknown = Unknown::new(self.unknown);
        let drill = DrillResult {
            kind: self.kind,
            at: Timestamp(self.at),
            exercises: self.exercises,
            correct: self.correct,
            time_ms: self.time_ms,
            mistakes: self
                .mistakes
                .into_iter()
                .enumerate()
                .map(|(i, m)| {
                    unknown.nest(MISTAKES, i, m.unknown);
                    DrillMistake {
                        code: m.code,
                        answer: m.answer,
                        input: m.input,
                    }
                })
                .collect(),
            coordinates: self.coordinates.map(|c| {
                unknown.nest(COORDINATES, 0, c.unknown);
                c.setup
            }),
        };
        (DrillId::from_stored(self.id), drill, unknown)
    }
}

impl From<&Progress> for ProgressFile {
    fn from(progress: &Progress) -> Self {
        let none = Unknown::default();
        let unknown = |key: RecordKey| progress.unknown(&key).unwrap_or(&none);
        let fsrs_unknown = unknown(RecordKey::Fsrs).own();
        ProgressFile {
            extra: Extra::new(),
            schema: SCHEMA,
            attempts: progress
                .attempts()
                .map(|(id, a)| AttemptRecord::new(id, a, unknown(RecordKey::Attempt(id.clone()))))
                .collect(),
            drills: progress
                .drills()
                .map(|(id, d)| DrillRecord::new(id, d, unknown(RecordKey::Drill(id.clone()))))
                .collect(),
            lessons: progress.lessons().iter().cloned().collect(),
            runs: progress
                .run_records()
                .map(|(id, run)| super::runs::RunRecord {
                    id: id.clone(),
                    run: run.clone(),
                    unknown: unknown(RecordKey::Run(id.clone())).own(),
                })
                .collect(),
            carried: progress
                .carried_cards()
                .map(|(puzzle, card)| {
                    let kept = unknown(RecordKey::Carried(puzzle.clone()));
                    CarriedRecord {
                        source: SourceField {
                            source: SourceRecord::from(&puzzle.source),
                            unknown: kept.nested(SOURCE, 0),
                        },
                        puzzle: puzzle.id.clone(),
                        at: card.at.0,
                        stability: card.memory.stability,
                        difficulty: card.memory.difficulty,
                        unknown: kept.own(),
                    }
                })
                .collect(),
            sets: progress.sets().cloned().collect(),
            fsrs: progress.fsrs_fit().map(|fit| FsrsRecord {
                fit: fit.clone(),
                unknown: fsrs_unknown,
            }),
            reviewed: progress
                .reviewed()
                .map(|(id, at, codes)| {
                    let kept = unknown(RecordKey::Reviewed(id.clone()));
                    ReviewedRecord {
                        drill: id.as_str().to_owned(),
                        at,
                        codes: codes
                            .iter()
                            .enumerate()
                            .map(|(i, review)| CodeReviewRecord {
                                review: review.clone(),
                                unknown: kept.nested(CODES, i),
                            })
                            .collect(),
                        unknown: kept.own(),
                    }
                })
                .collect(),
            repertoire: progress
                .card_reviews()
                .map(|(id, review)| {
                    super::openings::CardReviewRecord::new(
                        id,
                        review,
                        unknown(RecordKey::CardReview(id.clone())),
                    )
                })
                .collect(),
            games: progress
                .games()
                .map(|(id, game)| super::games::PlayedGameRecord {
                    id: id.clone(),
                    game: game.clone(),
                    unknown: unknown(RecordKey::Game(id.clone())).own(),
                })
                .collect(),
        }
    }
}

impl From<ProgressFile> for Progress {
    /// Duplicate ids keep their first record.
    fn from(file: ProgressFile) -> Self {
        let mut progress = Progress::new();
        for record in file.attempts {
            let (id, attempt, unknown) = record.into_domain();
            let key = RecordKey::Attempt(id.clone());
            if progress.insert_attempt(id, attempt) {
                progress.unknown.put(key, unknown);
            }
        }
        for record in file.drills {
            let (id, drill, unknown) = record.into_domain();
            let key = RecordKey::Drill(id.clone());
            if progress.insert_drill(id, drill) {
                progress.unknown.put(key, unknown);
            }
        }
        for lesson in file.lessons {
            progress.complete_lesson(&lesson);
        }
        for record in file.runs {
            let key = RecordKey::Run(record.id.clone());
            if progress.insert_run(record.id, record.run) {
                progress.unknown.put(key, Unknown::new(record.unknown));
            }
        }
        for set in file.sets {
            progress.merge_set(set.checked());
        }
        if let Some(record) = file.fsrs {
            progress.set_fsrs_fit(Some(record.fit));
            progress
                .unknown
                .put(RecordKey::Fsrs, Unknown::new(record.unknown));
        }
        for record in file.reviewed {
            let id = DrillId::from_stored(record.drill);
            let mut unknown = Unknown::new(record.unknown);
            let codes = record
                .codes
                .into_iter()
                .enumerate()
                .map(|(i, code)| {
                    unknown.nest(CODES, i, code.unknown);
                    code.review
                })
                .collect();
            if progress.insert_reviewed(&id, record.at, codes) {
                progress.unknown.put(RecordKey::Reviewed(id), unknown);
            }
        }
        for record in file.repertoire {
            let (id, review, unknown) = record.into_domain();
            let key = RecordKey::CardReview(id.clone());
            if progress.insert_card_review(id, review) {
                progress.unknown.put(key, unknown);
            }
        }
        for record in file.games {
            let key = RecordKey::Game(record.id.clone());
            if progress.insert_game(record.id, record.game) {
                progress.unknown.put(key, Unknown::new(record.unknown));
            }
        }
        for record in file.carried {
            let memory = fsrs::MemoryState {
                stability: record.stability,
                difficulty: record.difficulty,
            };
            // A value no FSRS state can have (hand-edited) is left out: the
            // puzzle's attempts then schedule it afresh.
            if memory.stability.is_finite()
                && memory.stability > 0.0
                && (1.0..=10.0).contains(&memory.difficulty)
            {
                let puzzle = PuzzleRef {
                    source: record.source.source.into(),
                    id: record.puzzle,
                };
                let at = Timestamp(record.at);
                let key = RecordKey::Carried(puzzle.clone());
                let mut unknown = Unknown::new(record.unknown);
                unknown.nest(SOURCE, 0, record.source.unknown);
                if progress.carry_card(puzzle, CarriedCard { at, memory }) {
                    progress.unknown.put(key, unknown);
                }
            }
        }
        progress
    }
}

/// The fields holding nested records, as [`Unknown`] names their places.
pub(super) const WRONG_INPUTS: &str = "wrong_inputs";
const SOURCE: &str = "source";
const SLIPS: &str = "slips";
const MISTAKES: &str = "mistakes";
const COORDINATES: &str = "coordinates";
const CODES: &str = "codes";

/// What is wrong with a document that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Damage {
    /// The file holds no bytes (or only white space).
    Empty,
    /// The document stops in the middle.
    Truncated,
    /// The bytes are not a progress document; the parser's reason.
    Corrupt(String),
}

impl fmt::Display for Damage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Damage::Empty => f.write_str("the file was empty"),
            Damage::Truncated => f.write_str("the file was cut off part way"),
            Damage::Corrupt(reason) => write!(f, "the file was not readable ({reason})"),
        }
    }
}

/// Why a document could not be decoded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DecodeError {
    /// The bytes are damaged.
    Damaged(Damage),
    /// A newer Sancho wrote it, with this schema version.
    Newer(u32),
}

/// Reads a document.
///
/// # Errors
/// [`DecodeError::Newer`] for a schema above [`SCHEMA`] (checked even when
/// the rest of the document does not parse as ours), otherwise
/// [`DecodeError::Damaged`] for anything that is not a whole schema-1 or
/// schema-2 document.
pub fn decode(bytes: &[u8]) -> Result<Progress, DecodeError> {
    decode_document(bytes).map(|(progress, _)| progress)
}

/// Reads a document and the top-level fields this version does not know.
/// A UTF-8 byte order mark before the document is accepted.
///
/// # Errors
/// As [`decode`].
pub fn decode_document(bytes: &[u8]) -> Result<(Progress, Extra), DecodeError> {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    if bytes.trim_ascii().is_empty() {
        return Err(DecodeError::Damaged(Damage::Empty));
    }
    match serde_json::from_slice::<ProgressFile>(bytes) {
        Ok(mut file) if file.schema == SCHEMA => {
            let extra = std::mem::take(&mut file.extra);
            Ok((file.into(), extra))
        }
        Ok(mut file) if file.schema == SCHEMA_SM2 => {
            let extra = std::mem::take(&mut file.extra);
            file.carried.clear();
            Ok((migrate_sm2(file.into()), extra))
        }
        Ok(file) if file.schema > SCHEMA => Err(DecodeError::Newer(file.schema)),
        Ok(file) => Err(DecodeError::Damaged(Damage::Corrupt(format!(
            "unknown schema {}",
            file.schema
        )))),
        Err(error) => {
            if let Ok(head) = serde_json::from_slice::<Head>(bytes)
                && head.schema > SCHEMA
            {
                return Err(DecodeError::Newer(head.schema));
            }
            if error.is_eof() {
                Err(DecodeError::Damaged(Damage::Truncated))
            } else {
                Err(DecodeError::Damaged(Damage::Corrupt(error.to_string())))
            }
        }
    }
}

/// Carries the SM-2 cards a schema-1 record implies over to FSRS, each as
/// of its last review (its due date minus its interval), so that its next
/// due date stays the same.
#[must_use]
pub fn migrate_sm2(mut progress: Progress) -> Progress {
    let cards = super::sm2::cards(progress.attempts());
    for (puzzle, card) in cards {
        let Some(memory) = super::review::from_sm2(card.ease, card.interval_days) else {
            continue;
        };
        let at = Timestamp(
            card.due
                .0
                .saturating_sub(i64::from(card.interval_days) * SECONDS_PER_DAY),
        );
        progress.carry_card(puzzle, CarriedCard { at, memory });
    }
    progress
}

/// Writes a document (compact JSON, one line).
///
/// # Errors
/// Only if serde_json fails, which plain strings and numbers never make it do.
pub fn encode(progress: &Progress) -> Result<Vec<u8>, serde_json::Error> {
    encode_document(progress, &Extra::new())
}

/// Writes a document with the unknown top-level fields `extra` kept (a
/// field named like one of ours is left out: ours are written).
///
/// # Errors
/// As [`encode`].
pub fn encode_document(progress: &Progress, extra: &Extra) -> Result<Vec<u8>, serde_json::Error> {
    let mut file = ProgressFile::from(progress);
    file.extra = extra
        .iter()
        .filter(|(key, _)| !KNOWN_FIELDS.contains(&key.as_str()))
        .map(|(key, value)| (key.clone(), value.clone()))
        .collect();
    serde_json::to_vec(&file)
}

/// The top-level fields of schema 2 (`runs`, `carried`, `sets`, `fsrs`,
/// `reviewed`, `repertoire` and `games` are optional).
const KNOWN_FIELDS: [&str; 11] = [
    "schema",
    "attempts",
    "drills",
    "lessons",
    "runs",
    "carried",
    "sets",
    "fsrs",
    "reviewed",
    "repertoire",
    "games",
];
