//! `sancho drill` and `sancho lesson`: notation drills and lessons, recorded
//! in the progress store.

use std::io;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, bail};
use clap::Args;
use sancho::drill::{self, DrillKind, GenOptions, TIMED_COORDINATES_MS};
use sancho::line::{DrillOptions, lesson_completed, run_drill, run_lesson};
use sancho::notation::Strictness;
use sancho::progress::Store;
use sancho::puzzle::builtin_packs;
use sancho::tui;

use super::data::{now, open_store_noting, stopwatch};
use super::play::Trainer;

/// The most exercises one drill may have: more than anyone does at a
/// sitting, and few enough to generate at once (a million took minutes).
const MAX_COUNT: i64 = 1000;

/// `sancho drill`.
#[derive(Debug, Args)]
pub struct DrillArgs {
    /// write, read, disambiguation, coordinates, transcribe or review.
    kind: DrillKind,
    /// Line mode instead of the full screen.
    #[arg(long)]
    plain: bool,
    /// With --plain: every event as one JSON object per line.
    #[arg(long, requires = "plain")]
    json: bool,
    /// The seed of the exercises (the same seed gives the same drill; default: from the clock).
    #[arg(long)]
    seed: Option<u64>,
    /// How many exercises, 1 to 1000 (transcribe: how many moves; default 10, or the whole game).
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=MAX_COUNT))]
    count: Option<u16>,
    /// Only canonical SAN counts (the default for move drills).
    #[arg(long, conflicts_with = "lenient")]
    strict: bool,
    /// Accept any input that means the right move; departures are still explained.
    #[arg(long)]
    lenient: bool,
    /// Against the clock: 30 seconds (coordinates).
    #[arg(long)]
    timed: bool,
    /// Transcribe: the game to replay (e.g. opera-game).
    #[arg(long)]
    game: Option<String>,
}

pub fn drill(args: DrillArgs, data_dir: Option<PathBuf>) -> anyhow::Result<ExitCode> {
    let (mut store, notice) = open_store_noting(data_dir)?;
    let mut options = DrillOptions::new(args.kind);
    options.seed = args.seed.unwrap_or_else(|| now().0.unsigned_abs());
    if let Some(count) = args.count {
        options.count = usize::from(count);
    }
    if args.lenient {
        options.strictness = Strictness::Lenient;
    }
    options.json = args.json;
    if args.timed {
        options.budget_ms = Some(TIMED_COORDINATES_MS);
        if args.count.is_none() {
            options.count = 200;
        }
    }
    options.generator = GenOptions {
        weak_codes: drill::weak_codes(&store.progress().mistake_counts()),
        game: args.game,
    };
    if !args.plain {
        let start = tui::Start::Drill {
            kind: args.kind,
            seed: options.seed,
            count: options.count,
            strictness: options.strictness,
            timed: args.timed,
        };
        return full_screen(start, store, notice);
    }
    let summary = run_drill(
        io::stdin().lock(),
        io::stdout().lock(),
        options,
        stopwatch(),
    )?;
    if summary.exercises > 0 {
        store
            .record_drill(summary.into_result(now()))
            .context("the drill result could not be saved")?;
    }
    Ok(ExitCode::SUCCESS)
}

/// The trainer opened on a drill or a lesson, with the built-in puzzles a
/// step away.
fn full_screen(
    start: tui::Start,
    store: Store,
    notice: Option<String>,
) -> anyhow::Result<ExitCode> {
    let puzzles = builtin_packs()
        .map_err(|(file, e)| anyhow::anyhow!("built-in pack {file}: {e}"))?
        .into_iter()
        .flat_map(|p| p.puzzles)
        .collect();
    let config = tui::Config {
        start,
        ..tui::Config::default()
    };
    Trainer {
        config,
        puzzles,
        builtin: true,
        store: Some(store),
        notice,
        library: None,
        filter: Default::default(),
    }
    .run()
}

/// `sancho lesson`.
#[derive(Debug, Args)]
pub struct LessonArgs {
    /// The lesson's number (1 to 8); none lists them.
    number: Option<String>,
    /// Line mode instead of the full screen.
    #[arg(long)]
    plain: bool,
    /// With --plain: every event as one JSON object per line.
    #[arg(long, requires = "plain")]
    json: bool,
}

pub fn lesson(args: LessonArgs, data_dir: Option<PathBuf>) -> anyhow::Result<ExitCode> {
    let (mut store, notice) = open_store_noting(data_dir)?;
    let Some(key) = args.number else {
        let done = store.progress().lessons();
        for l in drill::lessons() {
            let mark = if done.contains(&l.id) { "done" } else { "    " };
            println!("{mark}  {}. {}", l.number, l.title);
        }
        return Ok(ExitCode::SUCCESS);
    };
    let Some(lesson) = drill::lesson(&key) else {
        bail!(
            "there is no lesson {key}: lessons are numbered 1 to {}",
            drill::lessons().len()
        );
    };
    if !args.plain {
        return full_screen(tui::Start::Lesson(lesson.number), store, notice);
    }
    let summary = run_lesson(
        io::stdin().lock(),
        io::stdout().lock(),
        lesson,
        Strictness::Strict,
        args.json,
        stopwatch(),
    )?;
    if lesson_completed(lesson, &summary) {
        store.complete_lesson(&lesson.id)?;
    }
    if summary.exercises > 0 {
        store.record_drill(summary.into_result(now()))?;
    }
    Ok(ExitCode::SUCCESS)
}
