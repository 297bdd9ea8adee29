//! `sancho course`: the hand-written packs in teaching order, resumed
//! where the user left off; full-screen, or in line mode with `--plain`.
//! Course puzzles never move the rating.

use std::io;
use std::process::ExitCode;

use clap::Args;
use sancho::line::run_puzzles_in;
use sancho::progress::{PuzzleRef, Resume, Store};
use sancho::puzzle::Puzzle;
use sancho::puzzle::builtin_packs;
use sancho::record::source_of;
use sancho::train::{Track, course};
use sancho::tui;

use super::context::Context;
use super::data::{now, stopwatch};
use super::play::{DisplayArgs, PlayArgs, Trainer};
use super::record::Recording;

/// `sancho course`.
#[derive(Debug, Args)]
pub struct CourseArgs {
    /// Line mode: no full screen, for screen readers, dumb terminals and scripts.
    #[arg(long)]
    plain: bool,
    /// With --plain: every event as one JSON object per line.
    #[arg(long, requires = "plain")]
    json: bool,
    /// How the board is drawn.
    #[command(flatten)]
    display: DisplayArgs,
}

/// The course's puzzles and where to resume them: the reviews due, then
/// the first not yet solved.
///
/// # Errors
/// The built-in packs do not load (a build without them).
pub fn course_plan(store: Option<&Store>) -> anyhow::Result<(Vec<Puzzle>, Resume)> {
    let puzzles = course(builtin_packs()?);
    let refs: Vec<PuzzleRef> = puzzles
        .iter()
        .map(|p| PuzzleRef::new(source_of(p, true), p.id.clone()))
        .collect();
    let plan = store.map_or_else(
        || Resume::from_start(puzzles.len()),
        |s| s.progress().resume(now(), &refs),
    );
    Ok((puzzles, plan))
}

/// Plays the course.
pub fn course_command(args: CourseArgs, ctx: &Context) -> anyhow::Result<ExitCode> {
    if !args.plain {
        super::terminal::require()?;
    }
    let (mut store, notice) = ctx.store_or_warn();
    let (puzzles, plan) = course_plan(store.as_ref())?;
    let play = PlayArgs {
        plain: args.plain,
        json: args.json,
        display: args.display,
        ..PlayArgs::default()
    };
    if args.plain {
        if !args.json {
            say!(
                "The course: {} hand-written puzzles in teaching order, from mates in one to \
                 disambiguation. Course puzzles never move your rating.",
                puzzles.len()
            )?;
        }
        let mut refuter = super::mine::Refuter::new(ctx.engine(None));
        run_puzzles_in(
            io::stdin().lock(),
            io::stdout().lock(),
            &puzzles,
            plan,
            super::play::line_mode(&play, ctx),
            stopwatch(),
            |puzzle, outcome, ms| {
                let mut recording = Recording {
                    store: store.as_mut(),
                    set: None,
                };
                let saved = recording
                    .puzzle(puzzle, source_of(puzzle, true), outcome, ms, Track::Course)
                    .map_err(io::Error::other)?;
                Ok(saved.and_then(|s| s.recorded().cloned()))
            },
            |pos, mv| refuter.refute(pos, mv),
        )?;
        return Ok(ExitCode::SUCCESS);
    }
    let order = plan.listing();
    let trainer = Trainer::new(
        &play,
        puzzles,
        order,
        true,
        store,
        notice,
        ctx,
        tui::Start::Puzzles,
    )
    .on_track(Track::Course);
    trainer.run(ctx)
}
