//! `sancho check` and `sancho solve`.

use std::collections::HashSet;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::Context;
use clap::Args;
use sancho::engine::audit_puzzle;
use sancho::engine::{Engine, EngineError, EngineOptions, HOW_TO_GET_ONE, Limit};
use sancho::notation::move_text;
use sancho::puzzle::{
    BUILTIN_FILES, CheckOptions, CheckSummary, Dialect, Finding, Format, Puzzle, Severity,
    builtin_packs, check_csv_with, check_pack_with, check_path_with, fen_of, is_csv, load_path,
    mate_in, open_puzzle_file,
};

use super::notation::{PositionArgs, usage};

/// `sancho check`.
#[derive(Debug, Args)]
pub struct CheckArgs {
    /// Puzzle files: JSON packs, Lichess `.csv` or `.csv.zst`, or directories of them.
    /// None: the built-in packs.
    paths: Vec<PathBuf>,
    /// One JSON object per finding on stdout (the summary goes to stderr).
    #[arg(long)]
    json: bool,
    /// Every warning is an error: another move that also forces mate fails the puzzle.
    #[arg(long)]
    strict: bool,
    /// Also ask this UCI engine (Stockfish) whether each user move is clearly
    /// best and each scripted reply is a good defence.
    #[arg(long, value_name = "PATH")]
    engine: Option<PathBuf>,
    /// How long the engine looks at each position, in milliseconds.
    #[arg(long, value_name = "MS", default_value_t = 100, requires = "engine",
          value_parser = clap::value_parser!(u64).range(1..))]
    movetime: u64,
    /// How long to wait for the engine beyond the movetime before it counts
    /// as stalled (then it is restarted and that puzzle left unchecked), in
    /// milliseconds.
    #[arg(long, value_name = "MS", default_value_t = 10_000, requires = "engine",
          value_parser = clap::value_parser!(u64).range(1..))]
    engine_timeout: u64,
}

pub fn check(args: CheckArgs) -> anyhow::Result<ExitCode> {
    let mut out = io::stdout().lock();
    let options = CheckOptions {
        strict: args.strict,
    };
    let engine_options = EngineOptions {
        timeout: std::time::Duration::from_millis(args.engine_timeout),
        ..EngineOptions::default()
    };
    let limit = Limit::Movetime(args.movetime);
    let mut engine = match &args.engine {
        Some(path) => match Auditor::start(path, engine_options, limit) {
            Ok(auditor) => Some(auditor),
            Err(e) => {
                eprintln!(
                    "sancho: no UCI engine could be run from {}: {e} ({HOW_TO_GET_ONE})",
                    path.display()
                );
                return Ok(ExitCode::from(2));
            }
        },
        None => None,
    };
    let engine_used = engine.is_some();
    let mut audit = |file: &str,
                     puzzles: &[Puzzle],
                     dialect: Dialect,
                     findings: &mut Vec<Finding>,
                     summary: &mut CheckSummary|
     -> anyhow::Result<()> {
        match engine.as_mut() {
            Some(auditor) => auditor.findings(options, file, puzzles, dialect, findings, summary),
            None => Ok(()),
        }
    };
    let mut total = CheckSummary::default();
    let mut report = |findings: Vec<_>, summary: CheckSummary| -> io::Result<()> {
        for finding in &findings {
            if args.json {
                serde_json::to_writer(&mut out, finding)?;
                writeln!(out)?;
            } else {
                writeln!(out, "{finding}")?;
            }
        }
        total.add(summary);
        Ok(())
    };
    if args.paths.is_empty() {
        let packs = if engine_used {
            builtin_packs()?
        } else {
            Vec::new()
        };
        for (index, (file, text)) in BUILTIN_FILES.iter().enumerate() {
            let name = format!("puzzles/{file}");
            let (mut findings, mut summary) = if is_csv(file) {
                let mut findings = Vec::new();
                let summary = check_csv_with(text.as_bytes(), &name, options, |f| findings.push(f));
                (findings, summary)
            } else {
                check_pack_with(text, &name, options)
            };
            if let Some(pack) = packs.get(index) {
                let dialect = if is_csv(file) {
                    Dialect::Csv
                } else {
                    Dialect::Json
                };
                audit(&name, &pack.puzzles, dialect, &mut findings, &mut summary)?;
            }
            report(findings, summary)?;
        }
    }
    for path in &puzzle_files(&args.paths) {
        let (mut findings, mut summary) = check_path_with(path, options);
        if engine_used && let Ok(loaded) = load_path(path) {
            let name = path.display().to_string();
            audit(
                &name,
                &loaded.puzzles,
                dialect_of(path),
                &mut findings,
                &mut summary,
            )?;
        }
        report(findings, summary)?;
    }
    let line = format!(
        "checked {} puzzles: {} passed, {} failed{}{}",
        total.checked,
        total.passed,
        total.failed,
        match total.file_errors {
            0 => String::new(),
            n => format!(", {n} unreadable files"),
        },
        match total.engine_unchecked {
            0 => String::new(),
            n =>
                format!(", {n} not checked by the engine (it stalled or stopped and was restarted)"),
        }
    );
    if args.json {
        eprintln!("{line}");
    } else {
        writeln!(out, "{line}")?;
    }
    Ok(if total.is_ok() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// The paths named, with each directory replaced by its puzzle files
/// (`.json`, `.csv`, `.zst`) in name order; a directory that cannot be
/// listed is kept, so that checking it reports why.
fn puzzle_files(paths: &[PathBuf]) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for path in paths {
        let listed = path
            .is_dir()
            .then(|| std::fs::read_dir(path).ok())
            .flatten();
        let Some(entries) = listed else {
            files.push(path.clone());
            continue;
        };
        let mut inside: Vec<PathBuf> = entries
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| {
                p.is_file()
                    && p.extension()
                        .is_some_and(|x| x == "json" || x == "csv" || x == "zst")
            })
            .collect();
        inside.sort();
        files.extend(inside);
    }
    files
}

/// The field names of a puzzle file: Lichess CSV or a JSON pack.
fn dialect_of(path: &Path) -> Dialect {
    match open_puzzle_file(path) {
        Ok((Format::LichessCsv { .. }, _)) => Dialect::Csv,
        _ => Dialect::Json,
    }
}

/// The engine of `check --engine`, with what it takes to restart it.
struct Auditor<'a> {
    engine: Engine,
    path: &'a Path,
    options: EngineOptions,
    limit: Limit,
}

impl<'a> Auditor<'a> {
    fn start(path: &'a Path, options: EngineOptions, limit: Limit) -> Result<Self, EngineError> {
        Ok(Auditor {
            engine: Engine::start(path, options.clone())?,
            path,
            options,
            limit,
        })
    }

    /// Adds the engine's findings on `puzzles` (of `file`) to a check's
    /// findings and counts: warnings, errors with `--strict` (then a puzzle
    /// that passed fails). An engine that stalls or stops on a puzzle is
    /// restarted for the next one; that puzzle is reported and counted as
    /// not checked by the engine (its other findings stand).
    fn findings(
        &mut self,
        options: CheckOptions,
        file: &str,
        puzzles: &[Puzzle],
        dialect: Dialect,
        findings: &mut Vec<Finding>,
        summary: &mut CheckSummary,
    ) -> anyhow::Result<()> {
        let mut failed: HashSet<String> = findings
            .iter()
            .filter(|f| f.severity == Severity::Error)
            .filter_map(|f| f.puzzle_id.clone())
            .collect();
        for p in puzzles {
            let engine = &mut self.engine;
            let limit = self.limit;
            let audited = engine.new_game().and_then(|()| {
                audit_puzzle(
                    p,
                    |i| dialect.move_field(p, i),
                    |pos, multipv| engine.analyse(&fen_of(pos), multipv, limit),
                )
            });
            let problems = match audited {
                Ok(problems) => problems,
                Err(e) => {
                    self.engine =
                        Engine::start(self.path, self.options.clone()).with_context(|| {
                            format!(
                                "{file}: puzzle {}: the engine failed ({e}) and could not be restarted",
                                p.id
                            )
                        })?;
                    summary.engine_unchecked += 1;
                    findings.push(Finding {
                        file: file.to_owned(),
                        line: None,
                        puzzle_id: Some(p.id.clone()),
                        field: None,
                        severity: Severity::Warning,
                        message: format!(
                            "not checked by the engine: {e}; it was restarted for the next puzzle"
                        ),
                    });
                    continue;
                }
            };
            for problem in problems {
                let severity = if options.strict {
                    Severity::Error
                } else {
                    problem.severity
                };
                if severity == Severity::Error && failed.insert(p.id.clone()) {
                    summary.passed = summary.passed.saturating_sub(1);
                    summary.failed += 1;
                }
                findings.push(Finding {
                    file: file.to_owned(),
                    line: None,
                    puzzle_id: Some(p.id.clone()),
                    field: problem.field,
                    severity,
                    message: problem.message,
                });
            }
        }
        Ok(())
    }
}

/// `sancho solve`.
#[derive(Debug, Args)]
pub struct SolveArgs {
    #[command(flatten)]
    position: PositionArgs,
    /// Find every move that forces mate in at most N moves (1 to 4).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=4))]
    mate: u32,
    /// Print a JSON array of {"san", "uci"}.
    #[arg(long)]
    json: bool,
}

pub fn solve(args: SolveArgs) -> anyhow::Result<ExitCode> {
    let pos = match args.position.position() {
        Ok(pos) => pos,
        Err(e) => return usage(e),
    };
    let mut moves: Vec<_> = mate_in(&pos, args.mate)
        .into_iter()
        .map(|m| move_text(&pos, m))
        .collect();
    moves.sort_by(|a, b| a.san.cmp(&b.san));
    let mut out = io::stdout().lock();
    if args.json {
        let list: Vec<_> = moves
            .iter()
            .map(|m| serde_json::json!({"san": m.san, "uci": m.uci}))
            .collect();
        serde_json::to_writer(&mut out, &list)?;
        writeln!(out)?;
    } else if moves.is_empty() {
        writeln!(out, "no move forces mate in {}", args.mate)?;
    } else {
        let names: Vec<&str> = moves.iter().map(|m| m.san.as_str()).collect();
        writeln!(out, "mate in {} or less: {}", args.mate, names.join(", "))?;
    }
    Ok(if moves.is_empty() {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}
