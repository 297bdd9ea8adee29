//! `sancho storm` and `sancho streak` (issue 14): the full screen, or line
//! mode with `--plain`.
//!
//! Puzzles come from the imported library when there is one, else from the
//! built-in packs. Every finished puzzle is recorded without moving the
//! rating (as on Lichess, timed modes are unrated), so a failed one joins
//! the review queue.

use std::io;
use std::process::ExitCode;

use anyhow::bail;
use clap::Args;
use sancho::library::{Filter, Library};
use sancho::line::run_timed;
use sancho::modes::{DEFAULT_SECONDS, rising_pool, storm_pool};
use sancho::progress::Store;
use sancho::puzzle::{Puzzle, builtin_packs};
use sancho::train::{Finished, Saved, TimedRun, run_candidates};
use sancho::tui;

use super::context::Context;
use super::data::{now, stopwatch};
use super::play::{DisplayArgs, Trainer};
use super::record::Recording;

/// `sancho storm`.
#[derive(Debug, Args)]
pub struct StormArgs {
    /// Seconds on the clock at the start.
    #[arg(long, default_value_t = DEFAULT_SECONDS, value_parser = clap::value_parser!(u32).range(1..=3600))]
    seconds: u32,
    /// Line mode instead of the full screen.
    #[arg(long)]
    plain: bool,
    /// With --plain: every event as one JSON object per line.
    #[arg(long, requires = "plain")]
    json: bool,
    /// The seed that picks the puzzles (default: the time), to replay a run's pool.
    #[arg(long)]
    seed: Option<u64>,
    /// How the board is drawn.
    #[command(flatten)]
    display: DisplayArgs,
}

/// `sancho streak`.
#[derive(Debug, Args)]
pub struct StreakArgs {
    /// Line mode instead of the full screen.
    #[arg(long)]
    plain: bool,
    /// With --plain: every event as one JSON object per line.
    #[arg(long, requires = "plain")]
    json: bool,
    /// The seed that orders puzzles of equal rating (default: the time).
    #[arg(long)]
    seed: Option<u64>,
    /// How the board is drawn.
    #[command(flatten)]
    display: DisplayArgs,
}

/// The full-screen trainer opened on a run (`start`), over the candidate
/// puzzles (the home menu's Storm and Streak then play them too).
fn full_screen(start: tui::Start, ctx: &Context, display: DisplayArgs) -> anyhow::Result<ExitCode> {
    // Before any loading: the answer comes at once.
    super::terminal::require()?;
    let (store, notice) = ctx.store_or_warn();
    let (puzzles, builtin) = candidates(ctx)?;
    let mut config = tui::Config {
        start,
        ..tui::Config::default()
    };
    display.apply(&mut config);
    Trainer {
        config,
        puzzles,
        order: Vec::new(),
        builtin,
        ladder: None,
        weak: None,
        store,
        notice,
        library: ctx.library_if_any(),
        filter: Filter::default(),
        engine: None,
        mined: ctx.mined_pack(),
        set: None,
    }
    .run(ctx)
}

/// The candidate puzzles: from the library, a few per 100-point bucket
/// between 1000 and 2500; else every built-in puzzle. The flag says
/// whether they are built-in.
fn candidates(ctx: &Context) -> anyhow::Result<(Vec<Puzzle>, bool)> {
    if let Some(path) = ctx.library_if_any() {
        let library = Library::open(&path)?;
        let puzzles =
            run_candidates(|filter, near, limit| library.pick(filter, near, &|_| false, limit))?;
        if !puzzles.is_empty() {
            return Ok((puzzles, false));
        }
        eprintln!("sancho: the library has no puzzles rated 1000-2500; playing the built-in packs");
    }
    let packs = builtin_packs()?;
    let puzzles: Vec<Puzzle> = packs.into_iter().flat_map(|p| p.puzzles).collect();
    if puzzles.is_empty() {
        bail!("no puzzles to play");
    }
    Ok((puzzles, true))
}

/// Records what a line-mode run hands over, if the store opened; after a
/// failed write, says so once and saves nothing more of the run (the run
/// goes on: its results show as not saved).
fn record(store: &mut Option<Store>, finished: &Finished) -> Option<Saved> {
    let mut recording = Recording {
        store: store.as_mut(),
        set: None,
    };
    match recording.record(finished) {
        Ok(saved) => saved,
        Err(e) => {
            eprintln!("sancho: {e:#}; results of this run are no longer saved");
            *store = None;
            None
        }
    }
}

/// Plays `run` in line mode, recording as it goes.
fn line_mode(run: TimedRun, json: bool, ctx: &Context) -> anyhow::Result<ExitCode> {
    let mut store = ctx.store_or_warn().0;
    run_timed(
        io::stdin().lock(),
        io::stdout().lock(),
        run,
        json,
        stopwatch(),
        |finished| Ok(record(&mut store, finished)),
        ctx.trainer_lang(),
    )?;
    Ok(ExitCode::SUCCESS)
}

/// Runs `sancho storm`, in the full screen or line mode.
pub fn storm(args: StormArgs, ctx: &Context) -> anyhow::Result<ExitCode> {
    let seed = args.seed.unwrap_or_else(|| now().0.unsigned_abs());
    if !args.plain {
        let seconds = args.seconds;
        return full_screen(tui::Start::Storm { seconds, seed }, ctx, args.display);
    }
    let (puzzles, builtin) = candidates(ctx)?;
    let ratings: Vec<u32> = puzzles.iter().map(Puzzle::playing_rating).collect();
    let pool = pick(&puzzles, &storm_pool(&ratings, seed));
    let run = TimedRun::storm(pool, args.seconds, builtin);
    line_mode(run, args.json, ctx)
}

/// The puzzles at `order`, in that order.
fn pick(puzzles: &[Puzzle], order: &[usize]) -> Vec<Puzzle> {
    order
        .iter()
        .filter_map(|&i| puzzles.get(i).cloned())
        .collect()
}

/// Runs `sancho streak`, in the full screen or line mode.
pub fn streak(args: StreakArgs, ctx: &Context) -> anyhow::Result<ExitCode> {
    let seed = args.seed.unwrap_or_else(|| now().0.unsigned_abs());
    if !args.plain {
        return full_screen(tui::Start::Streak { seed }, ctx, args.display);
    }
    let (puzzles, builtin) = candidates(ctx)?;
    let ratings: Vec<u32> = puzzles.iter().map(Puzzle::playing_rating).collect();
    let pool = pick(&puzzles, &rising_pool(&ratings, seed));
    let run = TimedRun::streak(pool, builtin);
    line_mode(run, args.json, ctx)
}
