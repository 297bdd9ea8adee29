//! The JSON pack format: an on-disk shape (camelCase, lenient) converted
//! into the domain [`Puzzle`], with every problem reported by field.
//!
//! A pack is either a JSON array of puzzles or an object
//! `{"name", "description", "puzzles": [...]}`. Unknown fields are ignored.

use serde::Deserialize;
use serde::de::DeserializeOwned;
use serde_json::Value;
use shakmaty::uci::UciMove;
use shakmaty::{Chess, Color, Move, Position};

use super::finding::{Problem, Severity};
use super::{Puzzle, SolutionError, build_solution, color_word, parse_fen, to_move_subtitle};

/// One puzzle as it is written in a pack file.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct RawPuzzle {
    /// `id`.
    pub id: Option<String>,
    /// `title`.
    pub title: Option<String>,
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
    /// `hints`.
    pub hints: Vec<String>,
    /// `successMessage`.
    pub success_message: Option<String>,
    /// `failureMessage`.
    pub failure_message: Option<String>,
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
    /// `comment`.
    pub comment: Option<String>,
}

/// A pack as read, before its puzzles are converted: each entry is either
/// an on-disk puzzle or the reason it has the wrong shape.
#[derive(Clone, Debug)]
pub struct RawPack {
    /// The pack's name, when the file is an object with one.
    pub name: Option<String>,
    /// The pack's description.
    pub description: Option<String>,
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
    let (name, description, items) = match value {
        Value::Array(items) => (None, None, items),
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
                Ok(puzzle) => RawEntry {
                    line,
                    puzzle: Ok(puzzle),
                    wrong_field: None,
                    id: None,
                },
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

fn problem(field: impl Into<String>, message: impl Into<String>) -> Problem {
    Problem {
        field: Some(field.into()),
        severity: Severity::Error,
        message: message.into(),
    }
}

impl RawPuzzle {
    /// Converts to a [`Puzzle`], reporting every problem found on the way.
    ///
    /// The puzzle is `Some` whenever the FEN, `toMove` and a legal,
    /// alternating line are there, even if other fields are in error (so
    /// that `check` can still test its claims); use
    /// [`RawPuzzle::to_valid_puzzle`] to load puzzles for solving.
    /// `source` is recorded as the puzzle's source.
    pub fn to_puzzle(&self, source: &str) -> (Option<Puzzle>, Vec<Problem>) {
        let mut problems = Vec::new();
        let id = match self.id.as_deref().map(str::trim) {
            Some(id) if !id.is_empty() => id.to_owned(),
            _ => {
                problems.push(problem("id", "missing id"));
                String::new()
            }
        };
        let position = match self.fen.as_deref() {
            None => {
                problems.push(problem("fen", "missing fen"));
                None
            }
            Some(fen) => match parse_fen(fen) {
                Ok(p) => Some(p),
                Err(e) => {
                    problems.push(problem("fen", e.to_string()));
                    None
                }
            },
        };
        let user_color = match self.to_move.as_deref().map(str::trim) {
            Some(s) if s.eq_ignore_ascii_case("white") => Some(Color::White),
            Some(s) if s.eq_ignore_ascii_case("black") => Some(Color::Black),
            Some(s) => {
                problems.push(problem(
                    "toMove",
                    format!("toMove must be \"white\" or \"black\", not {s:?}"),
                ));
                None
            }
            None => {
                problems.push(problem("toMove", "missing toMove"));
                None
            }
        };
        let difficulty = match self.difficulty {
            None => None,
            Some(d @ 1..=5) => u8::try_from(d).ok(),
            Some(d) => {
                problems.push(problem(
                    "difficulty",
                    format!("difficulty must be 1 to 5, not {d}"),
                ));
                None
            }
        };
        let line = position
            .as_ref()
            .and_then(|pos| self.line(pos, user_color, &mut problems));
        let (Some(position), Some(user_color), Some(line)) = (position, user_color, line) else {
            return (None, problems);
        };
        let puzzle = Puzzle {
            title: self.title.clone().unwrap_or_else(|| id.clone()),
            subtitle: self
                .subtitle
                .clone()
                .unwrap_or_else(|| to_move_subtitle(user_color)),
            id,
            fen: self.fen.clone().unwrap_or_default(),
            position,
            user_color,
            themes: self.themes.clone(),
            difficulty,
            rating: None,
            rating_deviation: None,
            popularity: None,
            nb_plays: None,
            opening_tags: Vec::new(),
            game_url: None,
            solution: line,
            hints: self.hints.clone(),
            success_message: self.success_message.clone(),
            failure_message: self.failure_message.clone(),
            source: source.to_owned(),
        };
        (Some(puzzle), problems)
    }

    /// Converts to a [`Puzzle`] only when no problem is an error.
    ///
    /// # Errors
    /// Every problem found, when at least one is an error.
    pub fn to_valid_puzzle(&self, source: &str) -> Result<Puzzle, Vec<Problem>> {
        match self.to_puzzle(source) {
            (Some(p), problems) if problems.iter().all(|p| p.severity != Severity::Error) => Ok(p),
            (_, problems) => Err(problems),
        }
    }

    /// Builds the line from `solutionSequence` (or `solutionMoves` alone)
    /// and checks it against `toMove`, alternation and `solutionMoves`.
    fn line(
        &self,
        start: &Chess,
        user_color: Option<Color>,
        problems: &mut Vec<Problem>,
    ) -> Option<Vec<super::SolutionMove>> {
        let (field, steps): (&str, Vec<Step<'_>>) = match &self.solution_sequence {
            Some(seq) => (
                "solutionSequence",
                seq.iter()
                    .map(|s| (s.mv.as_str(), s.is_user_move, s.comment.clone()))
                    .collect(),
            ),
            None => (
                "solutionMoves",
                self.solution_moves
                    .iter()
                    .flatten()
                    .map(|m| (m.as_str(), true, None))
                    .collect(),
            ),
        };
        if self.solution_sequence.is_none() && self.solution_moves.is_none() {
            problems.push(problem(
                "solutionMoves",
                "missing solutionMoves (and no solutionSequence)",
            ));
            return None;
        }
        let mut usable = true;
        if self.solution_sequence.is_none() && steps.len() > 1 {
            problems.push(problem(
                "solutionSequence",
                format!(
                    "solutionSequence is missing (or null), and solutionMoves alone gives only the user's moves ({}): the opponent's replies need the whole line in solutionSequence",
                    steps.len()
                ),
            ));
            return None;
        }
        if let Some(i) = steps.windows(2).position(|w| w[0].1 == w[1].1) {
            problems.push(problem(
                format!("{field}[{}].isUserMove", i + 1),
                format!(
                    "user and opponent moves must alternate, but moves {} and {} are both {}",
                    i + 1,
                    i + 2,
                    if steps[i].1 {
                        "the user's"
                    } else {
                        "the opponent's"
                    }
                ),
            ));
            usable = false;
        }
        if !steps.iter().any(|s| s.1) {
            problems.push(problem(field, "the line has no user move"));
            usable = false;
        }
        if let (Some(color), Some(first)) = (user_color, steps.first()) {
            let turn = start.turn();
            let expected_user_first = turn == color;
            if first.1 != expected_user_first {
                let shape = if first.1 {
                    "starts with the user's move"
                } else {
                    "starts with the opponent's move"
                };
                problems.push(problem(
                    "toMove",
                    format!(
                        "toMove is {} but the fen has {} to move and the line {shape}",
                        color_word(color),
                        color_word(turn)
                    ),
                ));
            }
        }
        let line = match build_solution(start, steps.iter().cloned()) {
            Ok(line) => Some(line),
            Err(e) => {
                let f = match e {
                    SolutionError::Empty => field.to_owned(),
                    ref e => format!(
                        "{field}[{}]{}",
                        e.index().unwrap_or(0),
                        if self.solution_sequence.is_some() {
                            ".move"
                        } else {
                            ""
                        }
                    ),
                };
                problems.push(problem(f, e.to_string()));
                None
            }
        };
        if let (Some(line), Some(seq_moves)) = (&line, &self.solution_moves)
            && self.solution_sequence.is_some()
        {
            compare_solution_moves(start, line, seq_moves, problems);
        }
        if usable { line } else { None }
    }
}

/// Checks that `solutionMoves` names the user's moves of the sequence,
/// comparing moves (so `e1g1` equals `e1h1`), not strings.
fn compare_solution_moves(
    start: &Chess,
    line: &[super::SolutionMove],
    solution_moves: &[String],
    problems: &mut Vec<Problem>,
) {
    let mut pos = start.clone();
    let mut user: Vec<(Chess, Move)> = Vec::new();
    for m in line {
        if m.is_user {
            user.push((pos.clone(), m.mv));
        }
        pos.play_unchecked(m.mv);
    }
    if user.len() != solution_moves.len() {
        problems.push(problem(
            "solutionMoves",
            format!(
                "solutionMoves has {} but solutionSequence has {} user {}",
                plural(solution_moves.len(), "move"),
                user.len(),
                if user.len() == 1 { "move" } else { "moves" }
            ),
        ));
        return;
    }
    for (i, ((pos, mv), text)) in user.iter().zip(solution_moves).enumerate() {
        let same = UciMove::from_ascii(text.trim().as_bytes())
            .ok()
            .and_then(|u| u.to_move(pos).ok())
            .is_some_and(|m| m == *mv);
        if !same {
            problems.push(problem(
                format!("solutionMoves[{i}]"),
                format!(
                    "solutionMoves[{i}] is {text:?} but the sequence's user move {} is {}",
                    i + 1,
                    crate::notation::uci(*mv)
                ),
            ));
        }
    }
}

/// One move of a line as written: UCI text, whether the user plays it, comment.
type Step<'a> = (&'a str, bool, Option<String>);

fn plural(n: usize, word: &str) -> String {
    if n == 1 {
        format!("{n} {word}")
    } else {
        format!("{n} {word}s")
    }
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
                            "comment" => fails::<Option<String>>(v),
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
