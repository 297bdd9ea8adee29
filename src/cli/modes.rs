//! `sancho storm` and `sancho streak` (issue 14): the full screen, or line
//! mode with `--plain`.
//!
//! Puzzles come from the imported library when there is one, else from the
//! built-in packs. Every finished puzzle is recorded without moving the
//! rating (as on Lichess, timed modes are unrated), so a failed one joins
//! the review queue.

use std::cell::RefCell;
use std::io;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::bail;
use clap::Args;
use sancho::library::{Filter, Library};
use sancho::line::{run_storm, run_streak};
use sancho::modes::{BUCKET_WIDTH, PER_BUCKET, STORM_RANGE, StormSummary};
use sancho::modes::{DEFAULT_SECONDS, puzzle_rating, rising_pool, storm_pool};
use sancho::notation::Lang;
use sancho::progress::{
    Attempt, Mode, ModeRecords, ModeRun, Outcome, PuzzleRef, Source, Store, Timestamp,
};
use sancho::puzzle::{Puzzle, builtin_packs};
use sancho::record::source_of;
use sancho::tui;

use super::data::{now, open_store_noting, stopwatch, tell_notice};
use super::play::{DisplayArgs, Trainer, library_if_any, mined_pack};

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

/// The record of one Storm run that ended at `at`.
fn storm_run(s: &StormSummary, at: Timestamp) -> ModeRun {
    ModeRun {
        mode: Mode::Storm,
        at,
        score: s.score,
        moves: s.moves,
        accuracy: s.accuracy,
        combo_best: s.combo_best,
        seconds: s.seconds,
        highest_solved: s.highest_solved,
    }
}

/// The record of one Streak run that ended at `at`.
fn streak_run(solved: u32, highest_solved: Option<u32>, at: Timestamp) -> ModeRun {
    ModeRun {
        mode: Mode::Streak,
        at,
        score: solved,
        moves: 0,
        accuracy: 0,
        combo_best: 0,
        seconds: 0,
        highest_solved,
    }
}

/// The unrated record of a puzzle of a run.
fn mode_attempt(puzzle: &Puzzle, source: Source, solved: bool, time_ms: u64) -> Attempt {
    Attempt {
        puzzle: PuzzleRef::new(source, puzzle.id.clone()),
        at: now(),
        outcome: if solved {
            Outcome::Solved
        } else {
            Outcome::Failed
        },
        time_ms,
        hints: 0,
        solution_shown: false,
        rating: None,
        themes: puzzle.themes.clone(),
        wrong_inputs: Vec::new(),
    }
}

/// Records what the full-screen Storm and Streak hand over: each puzzle
/// unrated, each run with the time it ended.
///
/// # Errors
/// The store could not save it.
pub fn record_finished(store: &mut Store, finished: &tui::Finished) -> anyhow::Result<()> {
    match finished {
        tui::Finished::ModePuzzle {
            puzzle,
            source,
            solved,
            time_ms,
        } => {
            store.record_attempt(mode_attempt(puzzle, source.clone(), *solved, *time_ms))?;
        }
        tui::Finished::Storm(summary) => {
            store.record_run(storm_run(summary, now()))?;
        }
        tui::Finished::Streak {
            solved,
            highest_solved,
        } => {
            store.record_run(streak_run(*solved, *highest_solved, now()))?;
        }
        _ => {}
    }
    Ok(())
}

/// The candidate puzzles: from the library, a few per 100-point bucket
/// between 1000 and 2500; else every built-in puzzle. The flag says
/// whether they are built-in.
fn candidates(data_dir: Option<PathBuf>) -> anyhow::Result<(Vec<Puzzle>, bool)> {
    if let Some(path) = library_if_any(data_dir) {
        let library = Library::open(&path)?;
        let mut puzzles = Vec::new();
        let (low, high) = STORM_RANGE;
        let mut from = low;
        while from < high {
            let to = from + BUCKET_WIDTH - 1;
            let filter = Filter {
                rating: Some((from as u16, to as u16)),
                ..Filter::default()
            };
            let near = (from + BUCKET_WIDTH / 2) as u16;
            puzzles.extend(library.pick(&filter, near, &|_| false, PER_BUCKET * 4)?);
            from += BUCKET_WIDTH;
        }
        if !puzzles.is_empty() {
            return Ok((puzzles, false));
        }
        eprintln!("sancho: the library has no puzzles rated 1000-2500; playing the built-in packs");
    }
    let packs =
        builtin_packs().map_err(|(file, e)| anyhow::anyhow!("built-in pack {file}: {e}"))?;
    let puzzles: Vec<Puzzle> = packs.into_iter().flat_map(|p| p.puzzles).collect();
    if puzzles.is_empty() {
        bail!("no puzzles to play");
    }
    Ok((puzzles, true))
}

/// Records a finished puzzle, unrated (`rating: None` leaves the user's
/// rating alone); a failed one becomes due for review.
fn record(store: &mut Option<Store>, puzzle: &Puzzle, builtin: bool, solved: bool, time_ms: u64) {
    let Some(s) = store else { return };
    let attempt = mode_attempt(puzzle, source_of(puzzle, builtin), solved, time_ms);
    if let Err(e) = s.record_attempt(attempt) {
        eprintln!("sancho: {e}; results of this run are no longer saved");
        *store = None;
        return;
    }
    tell_notice(s);
}

/// Saves a finished run and returns the bests (`None`: not saved).
fn save_run(store: &mut Option<Store>, run: ModeRun) -> Option<ModeRecords> {
    let s = store.as_mut()?;
    match s.record_run(run) {
        Ok(records) => {
            tell_notice(s);
            Some(records)
        }
        Err(e) => {
            eprintln!("sancho: {e}; this run is not saved");
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
    let store = RefCell::new(open_store(data_dir.clone()));
    let (puzzles, builtin) = candidates(data_dir)?;
    let ratings: Vec<u32> = puzzles.iter().map(puzzle_rating).collect();
    let pool = storm_pool(&ratings, seed);
    run_storm(
        io::stdin().lock(),
        io::stdout().lock(),
        &puzzles,
        &pool,
        args.seconds,
        args.json,
        stopwatch(),
        |puzzle, solved, ms| {
            record(&mut store.borrow_mut(), puzzle, builtin, solved, ms);
            Ok(())
        },
        |s| {
            // A run without a single move is not a run.
            if s.moves == 0 {
                return Ok(None);
            }
            Ok(save_run(&mut store.borrow_mut(), storm_run(s, now())))
        },
        notation(lang),
    )?;
    Ok(ExitCode::SUCCESS)
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
    let store = RefCell::new(open_store(data_dir.clone()));
    let (puzzles, builtin) = candidates(data_dir)?;
    let ratings: Vec<u32> = puzzles.iter().map(puzzle_rating).collect();
    let pool = rising_pool(&ratings, seed);
    let solved_ratings = RefCell::new(Vec::new());
    run_streak(
        io::stdin().lock(),
        io::stdout().lock(),
        &puzzles,
        &pool,
        args.json,
        stopwatch(),
        |puzzle, solved, ms| {
            record(&mut store.borrow_mut(), puzzle, builtin, solved, ms);
            solved_ratings
                .borrow_mut()
                .push(solved.then(|| puzzle_rating(puzzle)));
            Ok(())
        },
        |streak| {
            if streak.solved() == 0 && streak.failed().is_none() {
                return Ok(None);
            }
            let highest = solved_ratings.borrow().iter().flatten().max().copied();
            let run = streak_run(streak.solved(), highest, now());
            Ok(save_run(&mut store.borrow_mut(), run))
        },
        notation(lang),
    )?;
    Ok(ExitCode::SUCCESS)
}
