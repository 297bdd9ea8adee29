//! `sancho class report` and `sancho progress export --pack`: a teacher's
//! class. The figures come from [`sancho::progress::class`].

use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Context, bail};
use clap::{Args, Subcommand};
use sancho::progress::{ClassReport, Exported, Store, StudentResult};
use sancho::puzzle::load_path;
use sancho::record::source_of;

/// `sancho class`.
#[derive(Debug, Subcommand)]
pub enum ClassCommand {
    /// A table of students by puzzle (solved first try, solved, failed,
    /// time) and the class's most common notation mistakes, from the
    /// students' files (`sancho progress export --pack P --out NAME.json`).
    Report(ReportArgs),
}

/// `sancho class report`.
#[derive(Debug, Args)]
pub struct ReportArgs {
    /// The students' result files.
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// The report as one JSON object.
    #[arg(long, conflicts_with = "csv")]
    json: bool,
    /// The table as CSV, one row per student.
    #[arg(long)]
    csv: bool,
}

pub fn class(command: ClassCommand) -> anyhow::Result<ExitCode> {
    let ClassCommand::Report(args) = command;
    let mut results = Vec::with_capacity(args.files.len());
    for file in &args.files {
        let text = super::files::read_text(file, super::files::TEXT_MAX)
            .with_context(|| format!("cannot read {}", file.display()))?;
        let result = StudentResult::from_json(&text).with_context(|| file.display().to_string())?;
        results.push(result);
    }
    let report = ClassReport::of(&results);
    let mut out = io::stdout().lock();
    if args.json {
        serde_json::to_writer_pretty(&mut out, &report)?;
        writeln!(out)?;
    } else if args.csv {
        write!(out, "{}", report.to_csv())?;
    } else {
        write!(out, "{report}")?;
    }
    Ok(ExitCode::SUCCESS)
}

/// Writes the student's results on `pack` to `file` (`-`: standard
/// output), where the store's exports may go ([`Store::write_export`]).
pub fn export(
    store: &Store,
    pack: &Path,
    file: &Path,
    student: Option<String>,
) -> anyhow::Result<()> {
    let progress = store.progress();
    let to_stdout = file.as_os_str() == "-";
    let loaded = load_path(pack)?;
    if loaded.puzzles.is_empty() {
        bail!("{} holds no valid puzzle", pack.display());
    }
    let refs: Vec<_> = loaded
        .puzzles
        .iter()
        .map(|p| sancho::progress::PuzzleRef::new(source_of(p, false), p.id.clone()))
        .collect();
    let pack_name = loaded.puzzles[0].source.clone();
    let student = student.unwrap_or_else(|| {
        file.file_stem().filter(|_| !to_stdout).map_or_else(
            || "student".to_owned(),
            |s| s.to_string_lossy().into_owned(),
        )
    });
    let result = StudentResult::of(progress, &student, &pack_name, &refs);
    let text = serde_json::to_string_pretty(&result)? + "\n";
    if to_stdout {
        let mut out = std::io::stdout().lock();
        out.write_all(text.as_bytes())?;
        out.flush()?;
        return Ok(());
    }
    if store.write_export(file, text.as_bytes())? == Exported::ThroughPipe {
        return Ok(());
    }
    let tried = result.puzzles.iter().filter(|p| p.attempts > 0).count();
    say!(
        "results of {student} on {pack_name} written to {} ({tried} of {} puzzles tried)",
        file.display(),
        result.puzzles.len()
    )?;
    Ok(())
}
