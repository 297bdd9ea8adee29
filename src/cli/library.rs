//! `sancho import FILE` and `sancho library stats`: the offline Lichess
//! puzzle library, kept as SQLite in the data directory.

use std::io::{self, BufReader, Write};
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use anyhow::Context as _;
use clap::{Args, Subcommand};
use indicatif::{ProgressBar, ProgressStyle};
use sancho::library::{CountingReader, Library, LibraryError, import as import_rows};
use sancho::puzzle::decompress_if_zst;

use super::context::Context;

/// The library's file in the data directory.
pub const LIBRARY_FILE: &str = "library.sqlite";

/// Where the library lives.
/// `sancho import`.
#[derive(Debug, Args)]
pub struct ImportArgs {
    /// The Lichess puzzle database: `lichess_db_puzzle.csv` or `.csv.zst`.
    file: PathBuf,
    /// No progress bar, only the summary.
    #[arg(long)]
    quiet: bool,
}

pub fn import(args: ImportArgs, ctx: &Context) -> anyhow::Result<ExitCode> {
    let db = ctx.library_path()?;
    if let Some(dir) = db.parent().filter(|d| !d.as_os_str().is_empty()) {
        if dir.exists() && !dir.is_dir() {
            anyhow::bail!(
                "the data directory {} is a file, not a directory",
                dir.display()
            );
        }
        std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    }
    let name = args.file.display().to_string();
    let (file, total) = super::files::open_input(&args.file, super::files::STREAM_MAX)
        .with_context(|| format!("cannot open {name}"))?;
    let into = set_aside_if_damaged(&db)?;
    let total = total.unwrap_or(0);
    let counting = CountingReader::new(BufReader::with_capacity(1 << 20, file));
    let read = counting.counter();
    let reader = decompress_if_zst(Box::new(counting), &name)
        .with_context(|| format!("cannot read {name}"))?;

    let bar = if args.quiet {
        ProgressBar::hidden()
    } else {
        ProgressBar::new(total)
    };
    bar.set_style(
        ProgressStyle::with_template(
            "{spinner} [{bar:30}] {percent:>3}%  {msg}  {elapsed_precise}, about {eta} left",
        )
        .unwrap_or_else(|_| ProgressStyle::default_bar())
        .progress_chars("=> "),
    );
    let start = Instant::now();
    let summary = import_rows(&into, reader, &name, |p| {
        bar.set_position(read.load(std::sync::atomic::Ordering::Relaxed));
        let rate = p.rows as f64 / start.elapsed().as_secs_f64().max(1e-3);
        bar.set_message(format!(
            "{} rows, {:.0} rows/s, {} skipped",
            p.rows, rate, p.skipped
        ));
        ControlFlow::Continue(())
    })
    .with_context(|| format!("importing {name} (the previous library, if any, is unchanged)"))?;
    bar.finish_and_clear();

    let secs = start.elapsed().as_secs_f64();
    say!(
        "imported {name} in {secs:.1} s: {} new, {} updated, {} unchanged, {} skipped; the library at {} holds {} puzzles",
        summary.added,
        summary.updated,
        summary.unchanged,
        summary.skipped,
        db.display(),
        summary.puzzles
    )?;
    if summary.duplicates > 0 {
        say!(
            "  {} rows repeated the id of an earlier row; for each id the last row was kept",
            summary.duplicates
        )?;
    }
    for problem in &summary.problems {
        let id = problem.id.as_deref().unwrap_or("?");
        let field = problem
            .field
            .as_deref()
            .map(|f| format!("field {f}: "))
            .unwrap_or_default();
        say!(
            "  skipped line {} (puzzle {id}): {field}{}",
            problem.line,
            problem.reason
        )?;
    }
    if summary.skipped as usize > summary.problems.len() {
        say!(
            "  ... and {} more",
            summary.skipped as usize - summary.problems.len()
        )?;
    }
    Ok(ExitCode::SUCCESS)
}

/// The library to import into: `db`, or where its link leads. A file
/// there that is not a whole library (empty, cut off, damaged) is moved
/// aside first, bytes untouched, as `library.corrupt-<time>.sqlite` beside
/// it, and the user is told: the import then builds a new library, as the
/// progress store starts a fresh record over a damaged file.
fn set_aside_if_damaged(db: &Path) -> anyhow::Result<PathBuf> {
    let Ok(target) = std::fs::canonicalize(db) else {
        return Ok(db.to_path_buf());
    };
    match Library::check(&target) {
        Err(LibraryError::NotALibrary(_) | LibraryError::Damaged(_)) => {}
        Err(other) => {
            return Err(other).with_context(|| format!("cannot import into {}", db.display()));
        }
        Ok(()) => return Ok(target),
    }
    let dir = target.parent().unwrap_or(Path::new("."));
    let at = super::data::now();
    let aside = (0u32..)
        .map(|n| match n {
            0 => dir.join(format!("library.corrupt-{at}.sqlite")),
            n => dir.join(format!("library.corrupt-{at}-{n}.sqlite")),
        })
        .find(|path| !path.exists())
        .unwrap_or_else(|| dir.join(format!("library.corrupt-{at}.sqlite")));
    std::fs::rename(&target, &aside).with_context(|| {
        format!(
            "{} is damaged and cannot be moved aside to {}",
            target.display(),
            aside.display()
        )
    })?;
    eprintln!(
        "sancho: {} was not a whole puzzle library (empty, cut off or damaged); it was kept as {} and a new library is built",
        db.display(),
        aside.display()
    );
    Ok(target)
}

/// `sancho library`.
#[derive(Debug, Subcommand)]
pub enum LibraryCommand {
    /// How many puzzles, per theme, and the rating distribution.
    Stats {
        /// One JSON object.
        #[arg(long)]
        json: bool,
    },
    /// Select a starter set from a Lichess CSV: spread over themes, ratings and popularity, each passing `check --strict`.
    Curate(super::curate::CurateArgs),
    /// The same as `sancho import FILE`.
    Import(ImportArgs),
}

pub fn library(command: LibraryCommand, ctx: &Context) -> anyhow::Result<ExitCode> {
    let json = match command {
        LibraryCommand::Stats { json } => json,
        LibraryCommand::Curate(args) => return super::curate::curate(args),
        LibraryCommand::Import(args) => return import(args, ctx),
    };
    let library = open_library(&ctx.library_path()?)?;
    let stats = library.stats()?;
    let mut out = io::stdout().lock();
    if json {
        serde_json::to_writer_pretty(&mut out, &stats)?;
        writeln!(out)?;
        return Ok(ExitCode::SUCCESS);
    }
    writeln!(
        out,
        "{} puzzles ({} with opening tags)",
        stats.puzzles, stats.with_opening
    )?;
    let mut themes: Vec<_> = stats.themes.iter().collect();
    themes.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
    writeln!(out, "themes:")?;
    for (name, count) in themes {
        writeln!(out, "  {name:24} {count}")?;
    }
    writeln!(out, "ratings:")?;
    for b in &stats.ratings {
        writeln!(out, "  {:>4}-{:<4} {}", b.from, b.to, b.count)?;
    }
    Ok(ExitCode::SUCCESS)
}

/// Opens the library, or says how to make one.
pub fn open_library(path: &Path) -> anyhow::Result<Library> {
    if !path.exists() {
        anyhow::bail!(
            "there is no puzzle library yet ({} does not exist): download lichess_db_puzzle.csv.zst from database.lichess.org and run `sancho import FILE`",
            path.display()
        );
    }
    Library::open(path).with_context(|| format!("cannot open the library {}", path.display()))
}
