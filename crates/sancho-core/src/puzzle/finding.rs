//! What the validator finds: a [`Problem`] inside one puzzle (found while
//! reading a pack or checking its claims) and a [`Finding`], the same placed
//! in its file. Kept apart from `check.rs` so that the readers (`json.rs`,
//! `lichess.rs`) and the checks can share them without importing each other.

use std::fmt;

use serde::Serialize;

/// How serious a finding is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// Worth a look; the puzzle still works.
    Warning,
    /// The puzzle is broken or its claims are false.
    Error,
}

/// A problem inside one puzzle, before it is placed in a file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// The field at fault (`fen`, `solutionSequence[2].move`, `Moves`), if one.
    pub field: Option<String>,
    /// Error or warning.
    pub severity: Severity,
    /// What is wrong, lower case.
    pub message: String,
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.field {
            Some(field) => write!(f, "field {field}: {}", self.message),
            None => f.write_str(&self.message),
        }
    }
}

/// One finding of `check`, placed in its file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Finding {
    /// The file (as the user named it).
    pub file: String,
    /// 1-based line of the puzzle (or of the JSON error), when known.
    pub line: Option<usize>,
    /// The puzzle's id, when known.
    pub puzzle_id: Option<String>,
    /// The field at fault, when one.
    pub field: Option<String>,
    /// Error or warning.
    pub severity: Severity,
    /// What is wrong.
    pub message: String,
}

impl Finding {
    pub(super) fn from_problem(
        file: &str,
        line: Option<usize>,
        id: Option<&str>,
        p: Problem,
    ) -> Self {
        Finding {
            file: file.to_owned(),
            line,
            puzzle_id: id.map(str::to_owned),
            field: p.field,
            severity: p.severity,
            message: p.message,
        }
    }

    /// A file-level error (unreadable, malformed).
    pub fn file_error(file: &str, line: Option<usize>, message: impl Into<String>) -> Self {
        Finding {
            file: file.to_owned(),
            line,
            puzzle_id: None,
            field: None,
            severity: Severity::Error,
            message: message.into(),
        }
    }
}

impl fmt::Display for Finding {
    /// `puzzles/x.json:12: puzzle m1-003, field solutionMoves: …`; warnings
    /// say `warning:` after the location.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.file)?;
        if let Some(line) = self.line {
            write!(f, ":{line}")?;
        }
        f.write_str(": ")?;
        if self.severity == Severity::Warning {
            f.write_str("warning: ")?;
        }
        let mut parts = Vec::new();
        if let Some(id) = &self.puzzle_id {
            parts.push(format!("puzzle {id}"));
        }
        if let Some(field) = &self.field {
            parts.push(format!("field {field}"));
        }
        if !parts.is_empty() {
            write!(f, "{}: ", parts.join(", "))?;
        }
        f.write_str(&self.message)
    }
}
