//! `sancho storm` and `sancho streak` (issue 14): the full screen, or line
//! mode with `--plain`.
//!
//! Puzzles come from the imported library when there is one, else from the
//! built-in packs. Every finished puzzle is recorded without moving the
//! rating (as on Lichess, timed modes are unrated), so a failed one joins
//! the review queue.

use std::io;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::bail;
use clap::Args;
use sancho::library::{Filter, Library};
use sancho::line::run_timed;
use sancho::modes::{DEFAULT_SECONDS, rising_pool, storm_pool};
use sancho::notation::Lang;
use sancho::progress::Store;
use sancho::puzzle::{Puzzle, builtin_packs};
use sancho::train::{Finished, Saved, TimedRun, run_candidates};
use sancho::tui;

use super::data::{now, open_store_noting, stopwatch};
use super::play::{DisplayArgs, Trainer, library_if_any, mined_pack};
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
fn full_screen(
    start: tui::Start,
    data_dir: Option<PathBuf>,
    lang: Option<Lang>,
    display: DisplayArgs,
) -> anyhow::Result<ExitCode> {
    // Before any loading: the answer comes at once.
    super::terminal::require()?;
    let (store, notice) = match open_store_noting(data_dir.clone()) {
        Ok((store, notice)) => (Some(store), notice),
        Err(e) => {
            let warning =
                format!("sancho: {e:#}\nsancho: your results will not be saved this time");
            eprintln!("{warning}");
            (None, Some(warning))
        }
    };
    let (puzzles, builtin) = candidates(data_dir.clone())?;
    let mut config = tui::Config {
        start,
        lang,
        ..tui::Config::default()
    };
    display.apply(&mut config);
    Trainer {
        config,
        puzzles,
        order: Vec::new(),
        builtin,
        store,
        notice,
        library: library_if_any(data_dir.clone()),
        filter: Filter::default(),
        engine: None,
        mined: mined_pack(data_dir),
        set: None,
    }
    .run()
}

/// The candidate puzzles: from the library, a few per 100-point bucket
/// between 1000 and 2500; else every built-in puzzle. The flag says
/// whether they are built-in.
fn candidates(data_dir: Option<PathBuf>) -> anyhow::Result<(Vec<Puzzle>, bool)> {
    if let Some(path) = library_if_any(data_dir) {
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

fn open_store(data_dir: Option<PathBuf>) -> Option<Store> {
    match open_store_noting(data_dir) {
        Ok((store, _)) => Some(store),
        Err(e) => {
            eprintln!("sancho: {e:#}\nsancho: your results will not be saved this time");
            None
        }
    }
}

/// Plays `run` in line mode, recording as it goes.
fn line_mode(
    run: TimedRun,
    json: bool,
    data_dir: Option<PathBuf>,
    lang: Option<Lang>,
) -> anyhow::Result<ExitCode> {
    let mut store = open_store(data_dir);
    run_timed(
        io::stdin().lock(),
        io::stdout().lock(),
        run,
        json,
        stopwatch(),
        |finished| Ok(record(&mut store, finished)),
        notation(lang),
    )?;
    Ok(ExitCode::SUCCESS)
}

/// Runs `sancho storm`.
/// `lang`: `--lang`/`--figurine` (`None`: the config file's), for the full
/// screen and line mode alike.
pub fn storm(
    args: StormArgs,
    data_dir: Option<PathBuf>,
    lang: Option<Lang>,
) -> anyhow::Result<ExitCode> {
    let seed = args.seed.unwrap_or_else(|| now().0.unsigned_abs());
    if !args.plain {
        let seconds = args.seconds;
        return full_screen(
            tui::Start::Storm { seconds, seed },
            data_dir,
            lang,
            args.display,
        );
    }
    let (puzzles, builtin) = candidates(data_dir.clone())?;
    let ratings: Vec<u32> = puzzles.iter().map(Puzzle::playing_rating).collect();
    let pool = pick(&puzzles, &storm_pool(&ratings, seed));
    let run = TimedRun::storm(pool, args.seconds, builtin);
    line_mode(run, args.json, data_dir, lang)
}

/// The puzzles at `order`, in that order.
fn pick(puzzles: &[Puzzle], order: &[usize]) -> Vec<Puzzle> {
    order
        .iter()
        .filter_map(|&i| puzzles.get(i).cloned())
        .collect()
}

/// `--lang`/`--figurine`, else the config file's `lang` and `figurine`.
fn notation(lang: Option<Lang>) -> Lang {
    lang.unwrap_or_else(|| super::config::load().0.lang)
}

/// Runs `sancho streak`.
/// `lang` as for [`storm`].
pub fn streak(
    args: StreakArgs,
    data_dir: Option<PathBuf>,
    lang: Option<Lang>,
) -> anyhow::Result<ExitCode> {
    let seed = args.seed.unwrap_or_else(|| now().0.unsigned_abs());
    if !args.plain {
        return full_screen(tui::Start::Streak { seed }, data_dir, lang, args.display);
    }
    let (puzzles, builtin) = candidates(data_dir.clone())?;
    let ratings: Vec<u32> = puzzles.iter().map(Puzzle::playing_rating).collect();
    let pool = pick(&puzzles, &rising_pool(&ratings, seed));
    let run = TimedRun::streak(pool, builtin);
    line_mode(run, args.json, data_dir, lang)
}
