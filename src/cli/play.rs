//! `sancho` (no command) and `sancho play`: the trainer, full-screen or in
//! line mode, with every finished puzzle recorded in the progress store.

use std::io;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use anyhow::{Context, bail};
use clap::Args;
use sancho::line::run_puzzles;
use sancho::progress::Store;
use sancho::puzzle::{Puzzle, builtin_packs, load_path};
use sancho::record::{attempt_record, source_of};
use sancho::session::Outcome;
use sancho::tui;

use super::data::{now, open_store};

/// What to play and how; shared by `sancho` and `sancho play`.
#[derive(Debug, Args, Default)]
pub struct PlayArgs {
    /// A puzzle file to play: a JSON pack or a Lichess `.csv` / `.csv.zst` (default: the built-in packs).
    #[arg(long, global = true, value_name = "PATH")]
    pub pack: Option<PathBuf>,
    /// Play only the puzzle with this id.
    #[arg(long, global = true, value_name = "ID")]
    pub puzzle: Option<String>,
    /// Draw pieces as letters (K Q R B N P) instead of Unicode figures.
    #[arg(long, global = true)]
    pub ascii: bool,
    /// Line mode: no full screen, for screen readers, dumb terminals and scripts.
    #[arg(long)]
    pub plain: bool,
    /// With --plain: every event as one JSON object per line.
    #[arg(long, requires = "plain")]
    pub json: bool,
}

/// Loads the puzzles to play and whether they are the built-in ones.
fn puzzles(args: &PlayArgs) -> anyhow::Result<(Vec<Puzzle>, bool)> {
    let (mut puzzles, builtin) = match &args.pack {
        None => {
            let packs = builtin_packs()
                .map_err(|(file, e)| anyhow::anyhow!("built-in pack {file}: {e}"))?;
            (
                packs
                    .into_iter()
                    .flat_map(|p| p.puzzles)
                    .collect::<Vec<_>>(),
                true,
            )
        }
        Some(path) => (load_file(path)?, false),
    };
    if let Some(id) = &args.puzzle {
        puzzles.retain(|p| &p.id == id);
        if puzzles.is_empty() {
            bail!("no puzzle has the id {id}");
        }
    }
    if puzzles.is_empty() {
        bail!("there are no puzzles to play");
    }
    Ok((puzzles, builtin))
}

fn load_file(path: &Path) -> anyhow::Result<Vec<Puzzle>> {
    let loaded =
        load_path(path).with_context(|| format!("cannot read puzzles from {}", path.display()))?;
    if !loaded.skipped.is_empty() {
        eprintln!(
            "sancho: skipped {} puzzles that do not check out; `sancho check {}` lists them",
            loaded.skipped.len(),
            path.display()
        );
    }
    Ok(loaded.puzzles)
}

/// Opens the store; when that is impossible, says so and plays without saving.
fn store_or_warn(data_dir: Option<PathBuf>) -> Option<Store> {
    match open_store(data_dir) {
        Ok(store) => Some(store),
        Err(e) => {
            eprintln!("sancho: {e:#}\nsancho: your results will not be saved this time");
            None
        }
    }
}

fn record(
    store: &mut Option<Store>,
    puzzle: &Puzzle,
    builtin: bool,
    outcome: &Outcome,
    time_ms: u64,
) -> io::Result<()> {
    let Some(store) = store else { return Ok(()) };
    let attempt = attempt_record(puzzle, source_of(puzzle, builtin), outcome, now(), time_ms);
    store
        .record_attempt(attempt)
        .map(drop)
        .map_err(io::Error::other)
}

/// Plays; `open_puzzles` skips the home screen (`sancho play`).
pub fn play(
    args: PlayArgs,
    data_dir: Option<PathBuf>,
    open_puzzles: bool,
) -> anyhow::Result<ExitCode> {
    let (puzzles, builtin) = puzzles(&args)?;
    let mut store = store_or_warn(data_dir);
    if args.plain {
        let start = Instant::now();
        let clock = || u64::try_from(start.elapsed().as_millis()).unwrap_or(u64::MAX);
        run_puzzles(
            io::stdin().lock(),
            io::stdout().lock(),
            &puzzles,
            args.json,
            clock,
            |puzzle, outcome, ms| record(&mut store, puzzle, builtin, outcome, ms),
        )?;
        return Ok(ExitCode::SUCCESS);
    }
    let config = tui::Config {
        ascii: args.ascii,
        start: if open_puzzles {
            tui::Start::Puzzles
        } else {
            tui::Start::Home
        },
        ..tui::Config::default()
    };
    let by_id = puzzles.clone();
    tui::run_with(config, puzzles, |attempt| {
        let Some(puzzle) = by_id.iter().find(|p| p.id == attempt.puzzle_id) else {
            return Ok(());
        };
        record(
            &mut store,
            puzzle,
            builtin,
            &attempt.outcome,
            attempt.time_ms,
        )?;
        Ok(())
    })?;
    Ok(ExitCode::SUCCESS)
}
