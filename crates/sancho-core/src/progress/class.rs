//! A teacher's class: each student's results on one pack (the file
//! `sancho progress export --pack P --out anna.json` writes) and the
//! class report made from several of them (`sancho class report`).
//!
//! Pure: the shell reads the files and the pack, and prints the report.

use std::collections::BTreeMap;
use std::fmt;

use serde::{Deserialize, Serialize};

use super::history::PuzzleRef;
use super::model::Progress;
use super::stats::is_notation_slip;
use crate::notation::Code;

/// The `format` field of a student's result file.
pub const CLASS_RESULT_FORMAT: &str = "sancho-class-result";

/// One student's results on one pack.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StudentResult {
    /// Always [`CLASS_RESULT_FORMAT`].
    pub format: String,
    /// The file format's version (1).
    pub version: u32,
    /// The student's name.
    pub student: String,
    /// The pack's name.
    pub pack: String,
    /// Every puzzle of the pack, in pack order, tried or not.
    pub puzzles: Vec<PuzzleResult>,
}

/// One student's attempts at one puzzle.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PuzzleResult {
    /// The puzzle's id in the pack.
    pub id: String,
    /// How it went, over every attempt.
    pub status: Status,
    /// Attempts made.
    pub attempts: u32,
    /// Whether the first attempt was a clean solve (`None`: not tried).
    pub first_try: Option<bool>,
    /// Time over every attempt, in milliseconds.
    pub time_ms: u64,
    /// Each attempt's time, in milliseconds, in order.
    pub times_ms: Vec<u64>,
    /// Notation slips typed (diagnostic codes with what was typed).
    pub mistakes: Vec<NotationSlip>,
}

/// One notation slip: its code, the text typed and what it should have
/// been.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct NotationSlip {
    /// The slip's code (`missing-capture`, `missing-disambiguation`).
    pub code: String,
    /// What the student typed.
    pub input: String,
    /// The move it was read as, in canonical SAN (optional: absent for
    /// input that was no move, and in files written before it was kept).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub san: Option<String>,
    /// For an ambiguous input, the moves it could be.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub candidates: Vec<String>,
}

impl NotationSlip {
    /// What the input should have been: its move's SAN, or an ambiguous
    /// input's candidates ("Rae4 or Ree4").
    pub fn expected(&self) -> Option<String> {
        if self.candidates.is_empty() {
            self.san.clone()
        } else {
            Some(self.candidates.join(" or "))
        }
    }
}

/// How a student did on a puzzle.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// Solved cleanly at the first attempt.
    SolvedFirstTry,
    /// Solved cleanly, but not at the first attempt.
    Solved,
    /// Tried, never solved cleanly.
    Failed,
    /// Not tried.
    NotTried,
}

impl Status {
    /// The word in the report's table.
    pub fn as_str(self) -> &'static str {
        match self {
            Status::SolvedFirstTry => "first try",
            Status::Solved => "solved",
            Status::Failed => "failed",
            Status::NotTried => "-",
        }
    }
}

/// A file that is not a student's result.
#[derive(Debug, thiserror::Error)]
pub enum ClassError {
    /// Not JSON of the right shape.
    #[error("not a class result file: {0}")]
    Json(#[from] serde_json::Error),
    /// Another format or a newer version.
    #[error(
        "not a class result file (format {format:?}, version {version}); write one with `sancho progress export --pack P --out FILE`"
    )]
    Format {
        /// The `format` found.
        format: String,
        /// The `version` found.
        version: u32,
    },
}

impl StudentResult {
    /// `student`'s results on `pack` (the pack's puzzles, in order) from
    /// their progress: only these puzzles' attempts, nothing else.
    pub fn of(progress: &Progress, student: &str, pack: &str, puzzles: &[PuzzleRef]) -> Self {
        let puzzles = puzzles
            .iter()
            .map(|p| {
                let mut attempts: Vec<_> = progress
                    .attempts()
                    .map(|(_, a)| a)
                    .filter(|a| &a.puzzle == p)
                    .collect();
                attempts.sort_by_key(|a| a.at);
                let first_try = attempts.first().map(|a| a.counts_as_solved());
                let status = match first_try {
                    None => Status::NotTried,
                    Some(true) => Status::SolvedFirstTry,
                    Some(false) if attempts.iter().any(|a| a.counts_as_solved()) => Status::Solved,
                    Some(false) => Status::Failed,
                };
                let times_ms: Vec<u64> = attempts.iter().map(|a| a.time_ms).collect();
                PuzzleResult {
                    id: p.id.clone(),
                    status,
                    attempts: u32::try_from(attempts.len()).unwrap_or(u32::MAX),
                    first_try,
                    time_ms: times_ms.iter().sum(),
                    times_ms,
                    mistakes: attempts
                        .iter()
                        .flat_map(|a| a.typed())
                        .flat_map(|w| {
                            w.codes
                                .iter()
                                .filter(|c| is_notation_slip(c))
                                .map(|c| NotationSlip {
                                    code: c.clone(),
                                    input: w.input.clone(),
                                    san: w.san.clone(),
                                    candidates: w.candidates.clone(),
                                })
                        })
                        .collect(),
                }
            })
            .collect();
        StudentResult {
            format: CLASS_RESULT_FORMAT.to_owned(),
            version: 1,
            student: student.to_owned(),
            pack: pack.to_owned(),
            puzzles,
        }
    }

    /// Reads a result file's text.
    ///
    /// # Errors
    /// [`ClassError`] when it is not a class result file.
    pub fn from_json(text: &str) -> Result<Self, ClassError> {
        let result: StudentResult = serde_json::from_str(text)?;
        if result.format != CLASS_RESULT_FORMAT || result.version != 1 {
            return Err(ClassError::Format {
                format: result.format,
                version: result.version,
            });
        }
        Ok(result)
    }
}

/// The class report: students by puzzle, and the most common slips.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ClassReport {
    /// The packs the results are about (one, normally).
    pub packs: Vec<String>,
    /// Puzzle ids, in pack order (the first file's, then any others').
    pub puzzles: Vec<String>,
    /// One row per student, in the order given.
    pub students: Vec<StudentRow>,
    /// Per puzzle, how many students solved it first try, solved it, failed it.
    pub by_puzzle: Vec<PuzzleTotals>,
    /// The class's notation slips, most common first.
    pub mistakes: Vec<ClassMistake>,
}

/// One student's row.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct StudentRow {
    /// The student.
    pub student: String,
    /// One cell per puzzle of [`ClassReport::puzzles`].
    pub cells: Vec<Cell>,
    /// Puzzles solved at the first try.
    pub solved_first_try: u32,
    /// Puzzles solved (first try or later).
    pub solved: u32,
    /// Puzzles tried and never solved.
    pub failed: u32,
    /// Time over every attempt, in milliseconds.
    pub time_ms: u64,
    /// The student's notation slips, most frequent first.
    pub slips: Vec<SlipCount>,
}

/// One student's slips of one code.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SlipCount {
    /// The slip's code.
    pub code: String,
    /// The slip in words ("forgot + on a check").
    pub words: Option<&'static str>,
    /// Times made.
    pub count: u32,
    /// One input that made it (the first found).
    pub example: String,
    /// What that input should have been, when known.
    pub expected: Option<String>,
}

/// One student on one puzzle.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Cell {
    /// How it went.
    pub status: Status,
    /// Attempts made.
    pub attempts: u32,
    /// Time over every attempt, in milliseconds.
    pub time_ms: u64,
}

/// The class on one puzzle.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PuzzleTotals {
    /// The puzzle.
    pub id: String,
    /// Students who solved it at the first try.
    pub solved_first_try: u32,
    /// Students who solved it (first try or later).
    pub solved: u32,
    /// Students who tried and never solved it.
    pub failed: u32,
}

/// A notation slip across the class.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ClassMistake {
    /// The slip's code.
    pub code: String,
    /// The slip in words ("forgot + on a check").
    pub words: Option<&'static str>,
    /// Times made, all students together.
    pub count: u32,
    /// How many students made it.
    pub students: u32,
    /// One input that made it (the first found).
    pub example: String,
    /// What that input should have been, when known.
    pub expected: Option<String>,
}

impl ClassReport {
    /// The report over `results`, in the order given.
    pub fn of(results: &[StudentResult]) -> ClassReport {
        let mut packs: Vec<String> = Vec::new();
        let mut puzzles: Vec<String> = Vec::new();
        for r in results {
            if !packs.contains(&r.pack) {
                packs.push(r.pack.clone());
            }
            for p in &r.puzzles {
                if !puzzles.contains(&p.id) {
                    puzzles.push(p.id.clone());
                }
            }
        }
        let mut by_puzzle: Vec<PuzzleTotals> = puzzles
            .iter()
            .map(|id| PuzzleTotals {
                id: id.clone(),
                solved_first_try: 0,
                solved: 0,
                failed: 0,
            })
            .collect();
        let mut class: BTreeMap<&str, (u32, u32, &NotationSlip)> = BTreeMap::new();
        let mut students = Vec::with_capacity(results.len());
        for r in results {
            let mut row = StudentRow {
                student: r.student.clone(),
                cells: Vec::with_capacity(puzzles.len()),
                solved_first_try: 0,
                solved: 0,
                failed: 0,
                time_ms: 0,
                slips: Vec::new(),
            };
            for (id, totals) in puzzles.iter().zip(&mut by_puzzle) {
                let cell = match r.puzzles.iter().find(|p| &p.id == id) {
                    Some(p) => Cell {
                        status: p.status,
                        attempts: p.attempts,
                        time_ms: p.time_ms,
                    },
                    None => Cell {
                        status: Status::NotTried,
                        attempts: 0,
                        time_ms: 0,
                    },
                };
                match cell.status {
                    Status::SolvedFirstTry => {
                        row.solved_first_try += 1;
                        row.solved += 1;
                        totals.solved_first_try += 1;
                        totals.solved += 1;
                    }
                    Status::Solved => {
                        row.solved += 1;
                        totals.solved += 1;
                    }
                    Status::Failed => {
                        row.failed += 1;
                        totals.failed += 1;
                    }
                    Status::NotTried => {}
                }
                row.time_ms = row.time_ms.saturating_add(cell.time_ms);
                row.cells.push(cell);
            }
            let mut own: BTreeMap<&str, (u32, &NotationSlip)> = BTreeMap::new();
            for slip in r.puzzles.iter().flat_map(|p| &p.mistakes) {
                own.entry(slip.code.as_str()).or_insert((0, slip)).0 += 1;
                let entry = class.entry(slip.code.as_str()).or_insert((0, 0, slip));
                entry.0 += 1;
            }
            for code in own.keys() {
                if let Some(entry) = class.get_mut(code) {
                    entry.1 += 1;
                }
            }
            row.slips = own
                .into_iter()
                .map(|(code, (count, slip))| SlipCount {
                    code: code.to_owned(),
                    words: words(code),
                    count,
                    example: slip.input.clone(),
                    expected: slip.expected(),
                })
                .collect();
            row.slips
                .sort_by(|a, b| b.count.cmp(&a.count).then_with(|| a.code.cmp(&b.code)));
            students.push(row);
        }
        let mut mistakes: Vec<ClassMistake> = class
            .into_iter()
            .map(|(code, (count, students, slip))| ClassMistake {
                code: code.to_owned(),
                words: words(code),
                count,
                students,
                example: slip.input.clone(),
                expected: slip.expected(),
            })
            .collect();
        mistakes.sort_by(|a, b| {
            b.count
                .cmp(&a.count)
                .then(b.students.cmp(&a.students))
                .then_with(|| a.code.cmp(&b.code))
        });
        ClassReport {
            packs,
            puzzles,
            students,
            by_puzzle,
            mistakes,
        }
    }

    /// The table as CSV: a header `student,<puzzle>…,solved_first_try,
    /// solved,failed,time_s,slips`, one row per student (each cell its
    /// status: `first try`, `solved`, `failed`, `-`; `slips` the student's
    /// notation slips, `missing-check 3 (Qh5 for Qh5+); ...`).
    pub fn to_csv(&self) -> String {
        let mut out = String::from("student");
        for id in &self.puzzles {
            out.push(',');
            out.push_str(&csv_field(id));
        }
        out.push_str(",solved_first_try,solved,failed,time_s,slips\n");
        for row in &self.students {
            out.push_str(&csv_field(&row.student));
            for cell in &row.cells {
                out.push(',');
                out.push_str(cell.status.as_str());
            }
            let slips: Vec<String> = row
                .slips
                .iter()
                .map(|s| {
                    format!(
                        "{} {} ({})",
                        s.code,
                        s.count,
                        example(&s.example, &s.expected)
                    )
                })
                .collect();
            out.push_str(&format!(
                ",{},{},{},{},{}\n",
                row.solved_first_try,
                row.solved,
                row.failed,
                seconds(row.time_ms),
                csv_field(&slips.join("; "))
            ));
        }
        out
    }
}

/// A CSV field, quoted when it holds a comma, a quote or a line break.
fn csv_field(text: &str) -> String {
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_owned()
    }
}

/// Milliseconds as whole seconds, rounded.
fn seconds(ms: u64) -> u64 {
    ms.saturating_add(500) / 1000
}

impl fmt::Display for ClassReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "Class report: {} students, {} puzzles ({})",
            self.students.len(),
            self.puzzles.len(),
            self.packs.join(", ")
        )?;
        let name_w = self
            .students
            .iter()
            .map(|s| s.student.chars().count())
            .chain([7])
            .max()
            .unwrap_or(7);
        let col_w = |id: &str| id.chars().count().max(9);
        write!(f, "{:<name_w$}", "student")?;
        for id in &self.puzzles {
            write!(f, "  {id:<w$}", w = col_w(id))?;
        }
        writeln!(f, "  first try  solved  failed   time")?;
        for row in &self.students {
            write!(f, "{:<name_w$}", row.student)?;
            for (id, cell) in self.puzzles.iter().zip(&row.cells) {
                write!(f, "  {:<w$}", cell.status.as_str(), w = col_w(id))?;
            }
            writeln!(
                f,
                "  {:>9}  {:>6}  {:>6}  {:>4} s",
                row.solved_first_try,
                row.solved,
                row.failed,
                seconds(row.time_ms)
            )?;
        }
        writeln!(f)?;
        if self.mistakes.is_empty() {
            return writeln!(f, "No notation mistakes in the class.");
        }
        writeln!(f, "Notation slips by student:")?;
        for row in &self.students {
            if row.slips.is_empty() {
                writeln!(f, "  {}: none", row.student)?;
                continue;
            }
            let slips: Vec<String> = row
                .slips
                .iter()
                .map(|s| {
                    format!(
                        "{} ×{} ({})",
                        s.words.unwrap_or(&s.code),
                        s.count,
                        example(&s.example, &s.expected)
                    )
                })
                .collect();
            writeln!(f, "  {}: {}", row.student, slips.join("; "))?;
        }
        writeln!(f, "Most common notation mistakes:")?;
        for m in &self.mistakes {
            writeln!(
                f,
                "  {} ({}): {} times by {} of {} students (e.g. {})",
                m.words.unwrap_or(&m.code),
                m.code,
                m.count,
                m.students,
                self.students.len(),
                example(&m.example, &m.expected)
            )?;
        }
        Ok(())
    }
}

/// A slip's code in words, when it is a known code.
fn words(code: &str) -> Option<&'static str> {
    Code::from_name(code).map(Code::words)
}

/// "r1e4 for R1xe4", or what was typed alone.
fn example(input: &str, expected: &Option<String>) -> String {
    match expected {
        Some(expected) => format!("{input} for {expected}"),
        None => input.to_owned(),
    }
}
