//! `sancho check` and `sancho solve`.

use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;
use sancho::notation::move_text;
use sancho::puzzle::{
    BUILTIN_FILES, CheckOptions, CheckSummary, check_csv_with, check_pack_with, check_path_with,
    is_csv, mate_in,
};

use super::notation::{PositionArgs, usage};

/// `sancho check`.
#[derive(Debug, Args)]
pub struct CheckArgs {
    /// Puzzle files: JSON packs, Lichess `.csv` or `.csv.zst`. None: the built-in packs.
    paths: Vec<PathBuf>,
    /// One JSON object per finding on stdout (the summary goes to stderr).
    #[arg(long)]
    json: bool,
    /// Every warning is an error: another move that also forces mate fails the puzzle.
    #[arg(long)]
    strict: bool,
}

pub fn check(args: CheckArgs) -> anyhow::Result<ExitCode> {
    let mut out = io::stdout().lock();
    let options = CheckOptions {
        strict: args.strict,
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
        for (file, text) in BUILTIN_FILES {
            let name = format!("puzzles/{file}");
            let (findings, summary) = if is_csv(file) {
                let mut findings = Vec::new();
                let summary = check_csv_with(text.as_bytes(), &name, options, |f| findings.push(f));
                (findings, summary)
            } else {
                check_pack_with(text, &name, options)
            };
            report(findings, summary)?;
        }
    }
    for path in &args.paths {
        let (findings, summary) = check_path_with(path, options);
        report(findings, summary)?;
    }
    let line = format!(
        "checked {} puzzles: {} passed, {} failed{}",
        total.checked,
        total.passed,
        total.failed,
        match total.file_errors {
            0 => String::new(),
            n => format!(", {n} unreadable files"),
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
