//! The JSON pack format: an on-disk shape (camelCase, lenient) converted
//! into the domain [`Puzzle`], with every problem reported by field.
//!
//! A pack is either a JSON array of puzzles or an object
//! `{"name", "description", "puzzles": [...]}`. Unknown fields are ignored.

use serde::Deserialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

use super::Puzzle;
use super::finding::Severity;

mod convert;

/// One puzzle as it is written in a pack file.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct RawPuzzle {
    /// `id`.
    pub id: Option<String>,
    /// `title`.
    pub title: Option<String>,
    /// `titleAtEnd`: the title names the pattern to find, so it is shown
    /// only once the puzzle ends (the pack's `titleAtEnd` when absent).
    pub title_at_end: Option<bool>,
    /// `subtitle`.
    pub subtitle: Option<String>,
    /// `fen`.
    pub fen: Option<String>,
    /// `toMove`: the side the user plays, `white` or `black`.
    pub to_move: Option<String>,
    /// `themes`.
    pub themes: Vec<String>,
    /// `difficulty`, 1..=5.
    pub difficulty: Option<i64>,
    /// `solutionMoves`: the user's moves, UCI.
    pub solution_moves: Option<Vec<String>>,
    /// `solutionSequence`: the whole line.
    pub solution_sequence: Option<Vec<RawStep>>,
    /// `hints`: the older form of the hints, `hints[k]` for the user's
    /// k-th move (a step's own `hint` takes its place).
    pub hints: Vec<String>,
    /// `successMessage`.
    pub success_message: Option<String>,
    /// `failureMessage`.
    pub failure_message: Option<String>,
    /// `lead`: the game's moves before `fen` (blind tactics).
    pub lead: Option<RawLead>,
}

/// A puzzle's `lead`: `{"fen": start, "moves": [uci...]}`, the moves of
/// the game from `fen` to the puzzle's own `fen`.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(default)]
pub struct RawLead {
    /// `fen`: where the lead starts.
    pub fen: Option<String>,
    /// `moves`: UCI, in order.
    pub moves: Vec<String>,
}

/// One step of `solutionSequence`.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct RawStep {
    /// `move`, UCI.
    #[serde(rename = "move")]
    pub mv: String,
    /// `isUserMove`.
    pub is_user_move: bool,
    /// `comment`: shown as the move is played.
    pub comment: Option<String>,
    /// `solutionComment`: shown only in the solution, once the puzzle ends.
    pub solution_comment: Option<String>,
    /// `otherMoves` (user moves only): what to say when the user plays
    /// another move here.
    pub other_moves: Vec<RawOtherMove>,
    /// `hint` (user moves only): the hint text shown for this move, the
    /// first rung of the hint ladder.
    pub hint: Option<String>,
}

/// One entry of a step's `otherMoves`.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct RawOtherMove {
    /// `move`, UCI.
    #[serde(rename = "move")]
    pub mv: String,
    /// `comment`: what is said when it is played.
    pub comment: String,
}

/// A pack as read, before its puzzles are converted: each entry is either
/// an on-disk puzzle or the reason it has the wrong shape.
#[derive(Clone, Debug)]
pub struct RawPack {
    /// The pack's name, when the file is an object with one.
    pub name: Option<String>,
    /// The pack's description.
    pub description: Option<String>,
    /// The pack's `titleAtEnd`: every title is shown only once its puzzle
    /// ends, unless the puzzle says otherwise.
    pub title_at_end: bool,
    /// Each puzzle entry with the 1-based line where it starts (when found).
    pub entries: Vec<RawEntry>,
}

/// One entry of a raw pack.
#[derive(Clone, Debug)]
pub struct RawEntry {
    /// 1-based line where the entry starts in the source text.
    pub line: Option<usize>,
    /// The puzzle, or why the entry does not have the puzzle shape.
    pub puzzle: Result<RawPuzzle, ShapeError>,
    /// For an entry of the wrong shape: the field whose value has the
    /// wrong type (`difficulty`, `themes[2]`, `solutionSequence[1].move`),
    /// when one is to blame.
    pub wrong_field: Option<String>,
    /// For an entry of the wrong shape: its id, when that is a string.
    pub id: Option<String>,
}

/// Why a pack entry does not have the puzzle shape (a field of the wrong
/// type, say): serde_json's message, kept as text so that a raw pack stays
/// `Clone`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct ShapeError {
    message: String,
}

impl From<serde_json::Error> for ShapeError {
    fn from(e: serde_json::Error) -> Self {
        ShapeError {
            message: e.to_string(),
        }
    }
}

/// A converted pack: its name and its valid puzzles.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pack {
    /// The pack's name (the file name when the file gives none).
    pub name: String,
    /// The pack's description.
    pub description: Option<String>,
    /// The puzzles, in file order.
    pub puzzles: Vec<Puzzle>,
}

/// Why a pack could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PackError {
    /// Not JSON, with where it broke.
    #[error("malformed json at line {line}, column {column}: {message}")]
    Json {
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// serde_json's message.
        message: String,
    },
    /// JSON, but neither an array nor an object with `puzzles`.
    #[error("a pack must be an array of puzzles or an object with a \"puzzles\" array")]
    Shape,
    /// The pack's `titleAtEnd` is not a boolean.
    #[error("the pack's \"titleAtEnd\" must be true or false")]
    TitleAtEnd,
    /// A puzzle is invalid (strict reading only).
    #[error("puzzle {id} (line {line:?}): {message}")]
    Puzzle {
        /// The puzzle's id, or its index when it has none.
        id: String,
        /// Its line.
        line: Option<usize>,
        /// The first error.
        message: String,
    },
}

/// Reads the structure of a pack without converting its puzzles.
///
/// # Errors
/// [`PackError::Json`] with line and column for malformed JSON,
/// [`PackError::Shape`] for JSON of the wrong shape.
pub fn parse_pack(text: &str) -> Result<RawPack, PackError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let value: Value = serde_json::from_str(text).map_err(|e| PackError::Json {
        line: e.line(),
        column: e.column(),
        message: e.to_string(),
    })?;
    let (name, description, title_at_end, items) = match value {
        Value::Array(items) => (None, None, false, items),
        Value::Object(mut map) => {
            let items = match map.remove("puzzles") {
                Some(Value::Array(items)) => items,
                _ => return Err(PackError::Shape),
            };
            let text_of = |v: Option<Value>| match v {
                Some(Value::String(s)) => Some(s),
                _ => None,
            };
            (
                text_of(map.remove("name")),
                text_of(map.remove("description")),
                match map.remove("titleAtEnd") {
                    None | Some(Value::Null) => false,
                    Some(Value::Bool(b)) => b,
                    Some(_) => return Err(PackError::TitleAtEnd),
                },
                items,
            )
        }
        _ => return Err(PackError::Shape),
    };
    let lines = element_lines(text);
    let lines = (lines.len() == items.len()).then_some(lines);
    let entries = items
        .into_iter()
        .enumerate()
        .map(|(index, item)| {
            let line = lines.as_ref().map(|l| l[index]);
            match RawPuzzle::deserialize(&item) {
                Ok(mut puzzle) => {
                    puzzle.title_at_end = puzzle.title_at_end.or(Some(title_at_end));
                    RawEntry {
                        line,
                        puzzle: Ok(puzzle),
                        wrong_field: None,
                        id: None,
                    }
                }
                Err(e) => RawEntry {
                    line,
                    puzzle: Err(e.into()),
                    wrong_field: wrong_field(&item),
                    id: item.get("id").and_then(Value::as_str).map(str::to_owned),
                },
            }
        })
        .collect();
    Ok(RawPack {
        name,
        description,
        title_at_end,
        entries,
    })
}

/// Reads a pack strictly: every puzzle must be valid.
///
/// `source` names the pack when the file gives no name (usually the file name).
///
/// # Errors
/// Malformed JSON, the wrong shape, or the first invalid puzzle.
pub fn read_pack(text: &str, source: &str) -> Result<Pack, PackError> {
    let raw = parse_pack(text)?;
    let name = raw.name.clone().unwrap_or_else(|| source.to_owned());
    let mut puzzles = Vec::with_capacity(raw.entries.len());
    for (index, entry) in raw.entries.into_iter().enumerate() {
        let fail = |id: Option<&str>, message: String| PackError::Puzzle {
            id: id.map_or_else(|| format!("#{}", index + 1), str::to_owned),
            line: entry.line,
            message,
        };
        let rp = entry
            .puzzle
            .clone()
            .map_err(|m| fail(None, m.to_string()))?;
        match rp.to_valid_puzzle(&name) {
            Ok(p) => puzzles.push(p),
            Err(problems) => {
                let message = problems
                    .into_iter()
                    .find(|p| p.severity == Severity::Error)
                    .map_or_else(|| "invalid puzzle".to_owned(), |p| p.to_string());
                return Err(fail(rp.id.as_deref(), message));
            }
        }
    }
    Ok(Pack {
        name,
        description: raw.description,
        puzzles,
    })
}

/// The 1-based line of each puzzle of a pack (each element of the
/// top-level array, or of the `"puzzles"` array of a top-level object): the
/// line of its `"id"` key, else the line where it starts. `text` is valid
/// JSON (it has been parsed already).
fn element_lines(text: &str) -> Vec<usize> {
    let mut lines = Vec::new();
    let mut line = 1;
    let mut depth = 0usize;
    // The depth of the array's elements, once the array is found.
    let mut target: Option<usize> = None;
    let mut expecting = false;
    let mut in_string = false;
    let mut escaped = false;
    let mut string_start = 0;
    let mut string_line = 1;
    let mut last_key = "";
    // The last string directly inside an element, with its line.
    let mut element_key = ("", 0);
    let mut id_found = false;
    for (i, b) in text.bytes().enumerate() {
        if b == b'\n' {
            line += 1;
        }
        if in_string {
            match b {
                _ if escaped => escaped = false,
                b'\\' => escaped = true,
                b'"' => {
                    in_string = false;
                    if depth == 1 {
                        last_key = &text[string_start..i];
                    }
                    if target.is_some_and(|t| depth == t + 1) {
                        element_key = (&text[string_start..i], string_line);
                    }
                }
                _ => {}
            }
            continue;
        }
        if b.is_ascii_whitespace() {
            continue;
        }
        if expecting && b != b']' {
            lines.push(line);
            id_found = false;
        }
        expecting = false;
        match b {
            b'"' => {
                in_string = true;
                string_start = i + 1;
                string_line = line;
            }
            b':' if !id_found
                && target.is_some_and(|t| depth == t + 1)
                && element_key.0 == "id" =>
            {
                id_found = true;
                if let Some(last) = lines.last_mut() {
                    *last = element_key.1;
                }
            }
            b'[' | b'{' => {
                depth += 1;
                let top_array = depth == 1 && b == b'[';
                let puzzles = depth == 2 && b == b'[' && last_key == "puzzles";
                if target.is_none() && (top_array || puzzles) {
                    target = Some(depth);
                    expecting = true;
                }
            }
            b']' | b'}' => {
                if target == Some(depth) {
                    return lines;
                }
                depth = depth.saturating_sub(1);
            }
            b',' => expecting = target == Some(depth),
            _ => {}
        }
    }
    lines
}

/// Whether `value` does not read as a `T`.
fn fails<T: DeserializeOwned>(value: &Value) -> bool {
    T::deserialize(value).is_err()
}

/// The first element of an array that does not read as a `T`, as `[i]`.
fn wrong_element<T: DeserializeOwned>(value: &Value) -> Option<String> {
    let items = value.as_array()?;
    let i = items.iter().position(fails::<T>)?;
    Some(format!("[{i}]"))
}

/// The field of a puzzle entry whose value has the wrong type, when the
/// entry is an object: `fen`, `themes[2]`, `solutionSequence[1].move`.
fn wrong_field(item: &Value) -> Option<String> {
    let map = item.as_object()?;
    map.iter().find_map(|(key, value)| {
        let suffix = match key.as_str() {
            "id" | "title" | "subtitle" | "fen" | "toMove" | "successMessage"
            | "failureMessage" => fails::<Option<String>>(value).then(String::new),
            "difficulty" => fails::<Option<i64>>(value).then(String::new),
            "titleAtEnd" => fails::<Option<bool>>(value).then(String::new),
            "themes" | "hints" => fails::<Vec<String>>(value)
                .then(|| wrong_element::<String>(value).unwrap_or_default()),
            "solutionMoves" => fails::<Option<Vec<String>>>(value)
                .then(|| wrong_element::<String>(value).unwrap_or_default()),
            "solutionSequence" => fails::<Option<Vec<RawStep>>>(value).then(|| {
                let Some(items) = value.as_array() else {
                    return String::new();
                };
                let Some(i) = items.iter().position(fails::<RawStep>) else {
                    return String::new();
                };
                let step = items[i].as_object();
                let bad = step.and_then(|step| {
                    step.iter().find_map(|(k, v)| {
                        let wrong = match k.as_str() {
                            "move" => fails::<String>(v),
                            "isUserMove" => fails::<bool>(v),
                            "comment" | "solutionComment" => fails::<Option<String>>(v),
                            "otherMoves" => fails::<Vec<RawOtherMove>>(v),
                            _ => false,
                        };
                        wrong.then(|| format!(".{k}"))
                    })
                });
                format!("[{i}]{}", bad.unwrap_or_default())
            }),
            _ => None,
        }?;
        Some(format!("{key}{suffix}"))
    })
}
