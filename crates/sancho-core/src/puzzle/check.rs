//! The validator: every problem of every puzzle, as [`Finding`]s.
//!
//! One bad puzzle never hides the others. Structure (FEN, `toMove`, the
//! line, `solutionMoves`, ids) is checked while reading; [`check_puzzle`]
//! then checks the claims: a puzzle that claims mate must end in checkmate
//! after the stated number of user moves, and up to mate in 3 the solver
//! proves that the user's moves force it.

use std::collections::HashSet;
use std::io::Read;

use serde::Serialize;
use shakmaty::{Chess, Position};

use super::finding::{Finding, Problem, Severity};
use super::giveaway::giveaway_problems;
use super::json::parse_pack;
use super::lichess::read_lichess;
use super::mate::{forces_mate, refutation};
use super::soundness::{comment_problems, hint_problems, line_problems, looks_like_san};
use super::{Puzzle, color_word};
use crate::notation::san;

/// Counts of a check run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct CheckSummary {
    /// Puzzles looked at.
    pub checked: usize,
    /// Puzzles without errors (warnings allowed).
    pub passed: usize,
    /// Puzzles with at least one error.
    pub failed: usize,
    /// Files that could not be read at all (malformed JSON, I/O errors).
    pub file_errors: usize,
    /// Puzzles the engine of `check --engine` could not judge (it stalled
    /// or stopped, and was restarted for the next puzzle). Counted in
    /// `checked` as well; a check without an engine leaves it at 0.
    pub engine_unchecked: usize,
}

impl CheckSummary {
    /// Whether nothing failed.
    pub fn is_ok(&self) -> bool {
        self.failed == 0 && self.file_errors == 0
    }

    /// Adds another run's counts.
    pub fn add(&mut self, other: CheckSummary) {
        self.checked += other.checked;
        self.passed += other.passed;
        self.failed += other.failed;
        self.file_errors += other.file_errors;
        self.engine_unchecked += other.engine_unchecked;
    }

    fn count(&mut self, problems: &[Problem]) {
        self.checked += 1;
        if problems.iter().any(|p| p.severity == Severity::Error) {
            self.failed += 1;
        } else {
            self.passed += 1;
        }
    }
}

/// How strict a check run is.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CheckOptions {
    /// Every warning counts as an error (`sancho check --strict`): another
    /// move that also forces mate fails the puzzle.
    pub strict: bool,
}

impl CheckOptions {
    /// The strict options.
    pub const STRICT: CheckOptions = CheckOptions { strict: true };

    /// Raises warnings to errors when strict.
    fn apply(self, problems: &mut [Problem]) {
        if self.strict {
            for p in problems {
                p.severity = Severity::Error;
            }
        }
    }
}

/// Which format's field names a finding uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dialect {
    /// JSON packs (`themes`, `solutionSequence[i]`).
    Json,
    /// Lichess CSV (`Themes`, `Moves`).
    Csv,
}

impl Dialect {
    /// The field that holds line move `i` of `p` (`solutionSequence[2].move`,
    /// `solutionMoves[1]`, `Moves`).
    pub fn move_field(self, p: &Puzzle, i: usize) -> String {
        let sequence_style = p.solution.len() > p.user_move_count();
        match self {
            Dialect::Csv => "Moves".to_owned(),
            Dialect::Json if sequence_style => format!("solutionSequence[{i}].move"),
            Dialect::Json => format!("solutionMoves[{i}]"),
        }
    }
}

/// Checks a JSON pack given as text; `file` names it in the findings.
pub fn check_pack(text: &str, file: &str) -> (Vec<Finding>, CheckSummary) {
    check_pack_with(text, file, CheckOptions::default())
}

/// [`check_pack`] with options (`--strict`).
pub fn check_pack_with(
    text: &str,
    file: &str,
    options: CheckOptions,
) -> (Vec<Finding>, CheckSummary) {
    let mut summary = CheckSummary::default();
    let raw = match parse_pack(text) {
        Ok(raw) => raw,
        Err(e) => {
            summary.file_errors = 1;
            let line = match &e {
                super::PackError::Json { line, .. } => Some(*line),
                _ => None,
            };
            return (
                vec![Finding::file_error(file, line, e.to_string())],
                summary,
            );
        }
    };
    let source = raw.name.clone().unwrap_or_else(|| file.to_owned());
    let mut findings = Vec::new();
    let mut seen: HashSet<String> = HashSet::new();
    for (index, entry) in raw.entries.iter().enumerate() {
        let rp = match &entry.puzzle {
            Ok(rp) => rp,
            Err(message) => {
                let problems = vec![Problem {
                    field: entry.wrong_field.clone(),
                    severity: Severity::Error,
                    message: format!("puzzle #{} has the wrong shape: {message}", index + 1),
                }];
                summary.count(&problems);
                let id = entry
                    .id
                    .clone()
                    .unwrap_or_else(|| format!("#{}", index + 1));
                findings.extend(
                    problems
                        .into_iter()
                        .map(|p| Finding::from_problem(file, entry.line, Some(&id), p)),
                );
                continue;
            }
        };
        let (puzzle, mut problems) = rp.to_puzzle(&source);
        if let Some(id) = rp.id.as_deref().filter(|id| !id.trim().is_empty())
            && !seen.insert(id.trim().to_owned())
        {
            problems.push(Problem {
                field: Some("id".to_owned()),
                severity: Severity::Error,
                message: format!("duplicate id {:?}", id.trim()),
            });
        }
        if let Some(p) = &puzzle {
            problems.extend(check_puzzle(p, Dialect::Json));
            problems.extend(hint_problems(p, &|k| rp.hint_field(k)));
        }
        options.apply(&mut problems);
        summary.count(&problems);
        let id = rp.id.clone().unwrap_or_else(|| format!("#{}", index + 1));
        findings.extend(
            problems
                .into_iter()
                .map(|p| Finding::from_problem(file, entry.line, Some(&id), p)),
        );
    }
    (findings, summary)
}

/// Checks a Lichess CSV stream row by row, handing each finding to
/// `report` as it is found (so that millions of rows need no memory).
pub fn check_csv<R: Read>(reader: R, file: &str, report: impl FnMut(Finding)) -> CheckSummary {
    check_csv_with(reader, file, CheckOptions::default(), report)
}

/// [`check_csv`] with options (`--strict`).
pub fn check_csv_with<R: Read>(
    reader: R,
    file: &str,
    options: CheckOptions,
    mut report: impl FnMut(Finding),
) -> CheckSummary {
    let mut summary = CheckSummary::default();
    let mut ids = IdSet::default();
    let mut rows = read_lichess(reader, file);
    while let Some(item) = rows.next() {
        match item {
            Ok(puzzle) => {
                let line = usize::try_from(rows.line()).ok();
                let mut problems = check_puzzle(&puzzle, Dialect::Csv);
                if !ids.insert(&puzzle.id) {
                    problems.push(Problem {
                        field: Some("PuzzleId".to_owned()),
                        severity: Severity::Error,
                        message: format!("duplicate id {:?}", puzzle.id),
                    });
                }
                options.apply(&mut problems);
                summary.count(&problems);
                for p in problems {
                    report(Finding::from_problem(file, line, Some(&puzzle.id), p));
                }
            }
            Err(e) => {
                if !e.is_file_error() {
                    summary.checked += 1;
                    summary.failed += 1;
                } else {
                    summary.file_errors += 1;
                }
                report(Finding {
                    file: file.to_owned(),
                    line: usize::try_from(e.line).ok(),
                    puzzle_id: e.id.clone(),
                    field: e.column().map(str::to_owned),
                    severity: Severity::Error,
                    message: e.reason.to_string(),
                });
            }
        }
    }
    summary
}

/// Exact set of ids that stores short ASCII ids (Lichess's five
/// characters) packed in a `u64`, so that millions of rows stay small.
#[derive(Default)]
struct IdSet {
    short: HashSet<u64>,
    long: HashSet<String>,
}

impl IdSet {
    fn insert(&mut self, id: &str) -> bool {
        let b = id.as_bytes();
        if b.len() <= 8 && !b.contains(&0) {
            let mut packed = [0u8; 8];
            packed[..b.len()].copy_from_slice(b);
            self.short.insert(u64::from_le_bytes(packed))
        } else {
            self.long.insert(id.to_owned())
        }
    }
}

/// What a puzzle claims about mate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MateClaim {
    /// `mateInN`: exactly N user moves end in checkmate (`mateIn5`: five
    /// or more, as Lichess tags them).
    InN(u32, String),
    /// A mate theme or comment without a count; the text that claims it.
    Mate(String),
}

/// The mate claim of a puzzle: a `mateInN` theme first, then any other mate
/// theme (`mate`, `checkmate`, `backRankMate`…), then a comment that
/// mentions mate.
pub fn mate_claim(p: &Puzzle) -> Option<MateClaim> {
    for t in &p.themes {
        if let Some(n) = t.strip_prefix("mateIn").and_then(|n| n.parse().ok()) {
            return Some(MateClaim::InN(n, t.clone()));
        }
    }
    for t in &p.themes {
        let lower = t.to_ascii_lowercase();
        if lower == "mate" || lower == "checkmate" || (t.ends_with("Mate") && t.len() > 4) {
            return Some(MateClaim::Mate(format!("theme {t:?}")));
        }
    }
    p.solution
        .iter()
        .filter_map(|m| m.comment.as_deref())
        .find(|c| mentions_mate(c))
        .map(|c| MateClaim::Mate(format!("comment {c:?}")))
}

fn words(text: &str) -> impl Iterator<Item = String> + '_ {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
}

/// Whether a comment claims that the puzzle ends in mate ("mate",
/// "checkmate", "mates", "#"), unless it speaks of a threat, a defence or
/// a hypothetical ("threatening mate", "stops the mate", "if Ke8 then Rd8 is
/// mate").
fn mentions_mate(comment: &str) -> bool {
    let says = comment.split_whitespace().any(|token| {
        let token = token
            .trim_start_matches('(')
            .trim_end_matches([':', ',', '.', '!', '?', ';', ')']);
        token.ends_with('#') && looks_like_san(token)
    }) || words(comment).any(|w| {
        matches!(
            w.as_str(),
            "mate" | "mates" | "mating" | "checkmate" | "checkmates"
        )
    });
    let negated = words(comment).any(|w| {
        matches!(
            w.as_str(),
            "no" | "not" | "never" | "if" | "would" | "could" | "unless" | "otherwise"
        ) || [
            "threat", "prevent", "stop", "avoid", "escape", "defend", "parr",
        ]
        .iter()
        .any(|n| w.starts_with(n))
    });
    says && !negated
}

/// Whether a comment says that its own move mates ("Checkmate!", "Qh7#",
/// "Black delivers checkmate", "Mate", "Rd8 mates"), as opposed to speaking
/// of a mate to come ("mate in 2 follows", "a mating net", "sets up an
/// unstoppable mate", "runs into mate").
fn asserts_mate(comment: &str) -> bool {
    if !mentions_mate(comment) {
        return false;
    }
    let lower = comment.to_lowercase();
    if lower.contains("mate in") {
        return false;
    }
    let first = words(comment).next().unwrap_or_default();
    let first_token = comment.split_whitespace().next().unwrap_or_default();
    first.starts_with("checkmate")
        || first == "mate"
        || first_token
            .trim_end_matches([':', ',', '.', '!'])
            .ends_with('#')
        || [
            "is checkmate",
            "is mate",
            "delivers checkmate",
            "delivers mate",
            "gives checkmate",
            "gives mate",
            " mates",
            "checkmate!",
            "mate!",
        ]
        .iter()
        .any(|phrase| lower.contains(phrase))
}

/// Checks a puzzle's claims (its structure is valid by construction).
pub fn check_puzzle(p: &Puzzle, dialect: Dialect) -> Vec<Problem> {
    let mut problems = Vec::new();
    let user_count = p.user_move_count();
    let move_field = |i: usize| dialect.move_field(p, i);
    let themes_field = match dialect {
        Dialect::Csv => "Themes",
        Dialect::Json => "themes",
    };
    let mut pos = p.position.clone();
    let mut before_user: Vec<(usize, Chess)> = Vec::new();
    for (i, m) in p.solution.iter().enumerate() {
        if m.is_user {
            before_user.push((i, pos.clone()));
        }
        let claim = m.comment.as_deref().filter(|c| asserts_mate(c));
        let before = claim.map(|_| pos.clone());
        pos.play_unchecked(m.mv);
        if let (Some(c), Some(before)) = (claim, before)
            && !pos.is_checkmate()
        {
            let text = san(&before, m.mv);
            problems.push(error(
                format!("solutionSequence[{i}].comment"),
                format!(
                    "the comment {c:?} says mate, but {text} is not checkmate{}",
                    escapes(&pos)
                ),
            ));
        }
    }
    problems.extend(line_problems(p, &move_field));
    problems.extend(comment_problems(p, &|i| {
        format!("solutionSequence[{i}].comment")
    }));
    if dialect == Dialect::Json {
        problems.extend(giveaway_problems(p));
    }
    if p.solution.last().is_some_and(|m| !m.is_user) {
        problems.push(Problem {
            field: Some(move_field(p.solution.len() - 1)),
            severity: Severity::Warning,
            message: "the line ends with the opponent's move".to_owned(),
        });
    }
    let Some(claim) = mate_claim(p) else {
        return problems;
    };
    // Lichess tags every mate of five moves or more `mateIn5`.
    let (n, what) = match &claim {
        MateClaim::InN(5, t) if user_count >= 5 => (user_count, format!("theme {t:?}")),
        MateClaim::InN(n, t) => (*n as usize, format!("theme {t:?}")),
        MateClaim::Mate(what) => (user_count, what.clone()),
    };
    if let MateClaim::InN(_, t) = &claim
        && n != user_count
    {
        problems.push(error(
            themes_field,
            format!(
                "theme {t:?} claims mate in {n}, but the line has {user_count} user move{}",
                if user_count == 1 { "" } else { "s" }
            ),
        ));
    }
    if !pos.is_checkmate() {
        problems.push(error(
            themes_field,
            format!(
                "the {what} claims mate, but the line ends without checkmate{}",
                escapes(&pos)
            ),
        ));
    }
    // Prove the user's moves force mate (mate in 2 or 3 from each point).
    for (j, (i, before)) in before_user.iter().enumerate() {
        let left = n.saturating_sub(j);
        if !(2..=3).contains(&left) || user_count != n {
            continue;
        }
        let mv = p.solution[*i].mv;
        let left = left as u32;
        if !forces_mate(before, mv, left) {
            problems.push(unsound(before, mv, left, move_field(*i)));
        }
    }
    problems
}

/// `: black can answer Kd8, Kxf7` (or why the game is over).
fn escapes(pos: &Chess) -> String {
    let moves = pos.legal_moves();
    if moves.is_empty() {
        return ": it is stalemate".to_owned();
    }
    let mut names: Vec<String> = moves.iter().take(5).map(|&m| san(pos, m)).collect();
    if moves.len() > 5 {
        names.push("…".to_owned());
    }
    format!(
        ": {} can answer {}",
        color_word(pos.turn()),
        names.join(", ")
    )
}

fn error(field: impl Into<String>, message: impl Into<String>) -> Problem {
    Problem {
        field: Some(field.into()),
        severity: Severity::Error,
        message: message.into(),
    }
}

fn unsound(before: &Chess, mv: shakmaty::Move, left: u32, field: String) -> Problem {
    let text = san(before, mv);
    let message = match refutation(before, mv, left) {
        Some(reply) => {
            let mut after = before.clone();
            after.play_unchecked(mv);
            format!(
                "{text} does not force mate in {left}: {} defends with {}",
                color_word(after.turn()),
                san(&after, reply)
            )
        }
        None => format!("{text} does not force mate in {left}"),
    };
    error(field, message)
}

#[cfg(test)]
mod tests;
