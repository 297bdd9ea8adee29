//! The JSON shapes of the notation commands (`sancho resolve --json`,
//! `--batch`, `sancho hint --json`, `sancho moves --json`).
//!
//! These shapes are a contract relied on by scripts: fields may be added,
//! never renamed.

use serde::Serialize;

use super::diagnostic::Diagnostic;
use super::hint::{Hint, HintState};
use super::types::{MoveText, Rejected, Resolved};

/// One resolved or rejected input.
#[derive(Clone, Debug, Serialize)]
pub struct ResolveReport<'a> {
    /// The 1-based line number in `--batch` (absent elsewhere).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<usize>,
    /// The input as given.
    pub input: &'a str,
    /// `ok`, `ambiguous`, `illegal` or `invalid`.
    pub status: &'static str,
    /// UCI of the move, when resolved.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub uci: Option<&'a str>,
    /// Canonical SAN, when resolved.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub san: Option<&'a str>,
    /// The SAN in the chosen language's letters or in figurines (`--lang`,
    /// `--figurine`), when resolved and not plain English.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub local: Option<String>,
    /// Long algebraic notation, when resolved.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lan: Option<&'a str>,
    /// Every departure from canonical SAN.
    pub diagnostics: &'a [Diagnostic],
    /// The matching moves when ambiguous (empty otherwise).
    pub candidates: Vec<CandidateReport<'a>>,
    /// Why not, when not resolved.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<ErrorReport>,
}

/// A candidate move in SAN and UCI.
#[derive(Clone, Debug, Serialize)]
pub struct CandidateReport<'a> {
    /// Canonical SAN.
    pub san: &'a str,
    /// UCI.
    pub uci: &'a str,
    /// The SAN in the chosen language's letters or figurines, when not
    /// plain English.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub local: Option<String>,
}

/// An error: its kind (`ambiguous`, `illegal`, `syntax`, `fen`, and in
/// `--batch` `encoding` for a line that is not UTF-8) and message.
#[derive(Clone, Debug, Serialize)]
pub struct ErrorReport {
    /// `ambiguous`, `illegal`, `syntax`, `fen` or `encoding`.
    pub kind: &'static str,
    /// What is wrong, in words.
    pub message: String,
}

impl<'a> ResolveReport<'a> {
    /// The report for `input` and the resolver's answer.
    pub fn new(input: &'a str, result: &'a Result<Resolved, Rejected>) -> Self {
        match result {
            Ok(r) => ResolveReport {
                line: None,
                input,
                status: "ok",
                uci: Some(&r.text.uci),
                san: Some(&r.text.san),
                local: None,
                lan: Some(&r.text.lan),
                diagnostics: &r.diagnostics,
                candidates: Vec::new(),
                error: None,
            },
            Err(rejected) => {
                let candidates = match &rejected.error {
                    super::ResolveError::Ambiguous { candidates } => {
                        candidates.iter().map(CandidateReport::from).collect()
                    }
                    _ => Vec::new(),
                };
                ResolveReport {
                    line: None,
                    input,
                    status: rejected.error.status(),
                    uci: None,
                    san: None,
                    local: None,
                    lan: None,
                    diagnostics: &rejected.diagnostics,
                    candidates,
                    error: Some(ErrorReport {
                        kind: rejected.error.kind(),
                        message: rejected.error.to_string(),
                    }),
                }
            }
        }
    }

    /// The report for an input whose position could not be read.
    pub fn bad_fen(input: &'a str, message: String) -> Self {
        ResolveReport::invalid(input, "fen", message)
    }

    /// An `invalid` report of `kind` (`fen`, `syntax`, `encoding`) for an
    /// input that never reached the resolver.
    pub fn invalid(input: &'a str, kind: &'static str, message: String) -> Self {
        ResolveReport {
            line: None,
            input,
            status: "invalid",
            uci: None,
            san: None,
            local: None,
            lan: None,
            diagnostics: &[],
            candidates: Vec::new(),
            error: Some(ErrorReport { kind, message }),
        }
    }

    /// The same report with `local` spellings written by `write` (a
    /// language's letters or figurines); `san` stays English.
    pub fn localized(mut self, write: &dyn Fn(&str) -> String) -> Self {
        self.local = self.san.map(write);
        localize_candidates(&mut self.candidates, write);
        self
    }

    /// The same report, numbered as line `line` of a batch.
    pub fn at_line(self, line: usize) -> Self {
        ResolveReport {
            line: Some(line),
            ..self
        }
    }
}

impl<'a> From<&'a MoveText> for CandidateReport<'a> {
    fn from(m: &'a MoveText) -> Self {
        CandidateReport {
            san: &m.san,
            uci: &m.uci,
            local: None,
        }
    }
}

fn localize_candidates(candidates: &mut [CandidateReport<'_>], write: &dyn Fn(&str) -> String) {
    for c in candidates {
        c.local = Some(write(c.san));
    }
}

/// A move in all its spellings (`sancho moves --json`).
#[derive(Clone, Debug, Serialize)]
pub struct MoveReport<'a> {
    /// UCI.
    pub uci: &'a str,
    /// Canonical SAN.
    pub san: &'a str,
    /// Long algebraic notation.
    pub lan: &'a str,
    /// The SAN in the chosen language's letters or figurines, when not
    /// plain English.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub local: Option<String>,
}

impl<'a> From<&'a MoveText> for MoveReport<'a> {
    fn from(m: &'a MoveText) -> Self {
        MoveReport {
            uci: &m.uci,
            san: &m.san,
            lan: &m.lan,
            local: None,
        }
    }
}

/// A live hint (`sancho hint --json`).
#[derive(Clone, Debug, Serialize)]
pub struct HintReport<'a> {
    /// The partial input.
    pub input: &'a str,
    /// `empty`, `partial`, `complete`, `complete-or-longer`, `ambiguous` or `impossible`.
    pub state: &'static str,
    /// Why the input can become no legal move, when impossible.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// The moves the input can still become.
    pub candidates: Vec<CandidateReport<'a>>,
    /// Departures from canonical SAN noticed so far.
    pub diagnostics: &'a [Diagnostic],
    /// Readings that leave several candidates undecided
    /// (`{"label": "Nd2", "candidates": [{"san": "Nbd2", ...}, ...]}`).
    pub groups: Vec<GroupReport<'a>>,
}

/// A reading that leaves several candidates undecided.
#[derive(Clone, Debug, Serialize)]
pub struct GroupReport<'a> {
    /// The undecided reading, e.g. `Nd2`.
    pub label: String,
    /// The moves it may mean.
    pub candidates: Vec<CandidateReport<'a>>,
}

impl<'a> HintReport<'a> {
    /// The same report with `local` spellings written by `write`.
    pub fn localized(mut self, write: &dyn Fn(&str) -> String) -> Self {
        localize_candidates(&mut self.candidates, write);
        for g in &mut self.groups {
            localize_candidates(&mut g.candidates, write);
        }
        self
    }

    /// The report for `input` and its hint.
    pub fn new(input: &'a str, hint: &'a Hint) -> Self {
        HintReport {
            input,
            state: hint.state.name(),
            reason: match &hint.state {
                HintState::Impossible(r) => Some(r.to_string()),
                _ => None,
            },
            candidates: hint.candidates.iter().map(CandidateReport::from).collect(),
            diagnostics: &hint.diagnostics,
            groups: hint
                .groups()
                .into_iter()
                .map(|g| GroupReport {
                    label: g.label,
                    candidates: g.moves.into_iter().map(CandidateReport::from).collect(),
                })
                .collect(),
        }
    }
}
