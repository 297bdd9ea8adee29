//! Rated training (`sancho play` with no pack, `--weak`) and replays of
//! failed puzzles (`--replay-failed`): what `play` serves beyond a listed
//! pack.

use std::collections::HashMap;
use std::io;
use std::process::ExitCode;

use anyhow::bail;
use sancho::line::{Mode, RatedTrack, run_puzzles_in, run_rated};
use sancho::progress::{PuzzleRef, Resume, Source, Store};
use sancho::puzzle::{Puzzle, STARTER_NAME, builtin_packs};
use sancho::record::source_of;
use sancho::train::{Basis, Ladder, Origin, Track, rated_pool};
use sancho::tui;

use super::super::context::Context;
use super::super::data::{now, stopwatch};
use super::super::library::open_library;
use super::super::record::Recording;
use super::{PlayArgs, PuzzleSource, Trainer};

/// How many failed puzzles `--replay-failed` replays at most.
pub const REPLAY_LIMIT: usize = 50;

/// The Lichess starter set: the built-in pack rated training draws from
/// when no library is imported.
pub(super) fn starter_set() -> anyhow::Result<Vec<Puzzle>> {
    Ok(builtin_packs()?
        .into_iter()
        .find(|p| p.name == STARTER_NAME)
        .map(|p| p.puzzles)
        .unwrap_or_default())
}

/// How rated training is announced: line mode's header, and the themes
/// trained (weakness training's; or the filter's).
struct Announced {
    line: RatedTrack,
    themes: Vec<String>,
}

/// The pool of rated training (weakness training with `--weak`), whether
/// it is built-in, and how it is announced.
fn ladder(
    args: &PlayArgs,
    store: Option<&Store>,
    ctx: &Context,
) -> anyhow::Result<(Ladder, bool, Announced)> {
    let progress = store.map(Store::progress);
    let difficulty = args.difficulty.unwrap_or(ctx.settings().difficulty);
    let mut filter = args.filter();
    let title = if args.weak {
        let weakest = progress
            .map(|p| p.theme_dashboard().weakest)
            .unwrap_or_default();
        if weakest.is_empty() {
            bail!(
                "no weak theme yet: a theme is called weak once you have played at least {} of its \
                 puzzles and do worse in it than overall (`sancho stats --themes`); play rated \
                 puzzles first (`sancho play`)",
                sancho::progress::DASHBOARD_MIN_PLAYED
            );
        }
        let title = format!("Weakness training ({})", weakest.join(", "));
        filter.themes_any = weakest;
        title
    } else {
        "Rated training".to_owned()
    };
    let themes = filter.themes_any.clone();
    let rating = progress.map(|p| p.rating()).unwrap_or_default();
    let mut basis = Basis::of(progress, now());
    basis.rating = difficulty.target(rating.rating);
    let from_library = match &args.source {
        Some(PuzzleSource::Library) => true,
        Some(PuzzleSource::Builtin) => false,
        Some(PuzzleSource::File(path)) => bail!(
            "rated training draws from the library or the built-in starter set, not {}: \
             play a file with --pack",
            path.display()
        ),
        None => ctx.library_if_any().is_some(),
    };
    let (ladder, builtin) = if from_library {
        let library = open_library(&ctx.library_path()?)?;
        (
            rated_pool(Origin::Library(&library), &filter, &basis)?,
            false,
        )
    } else {
        let starter = starter_set()?;
        let origin = Origin::Pool(&starter, "the built-in starter set", true);
        (rated_pool(origin, &filter, &basis)?, true)
    };
    if ladder.is_empty() {
        bail!(
            "no puzzle left to serve: every one that fits is played; loosen the filters \
             (--rating, --pieces, --opening, --min-popularity) or import the library (sancho import)"
        );
    }
    let track = Announced {
        line: RatedTrack {
            title,
            rating,
            difficulty,
        },
        themes,
    };
    Ok((ladder, builtin, track))
}

/// Rated training, in line mode or on the full screen.
pub(super) fn rated(
    args: &PlayArgs,
    ctx: &Context,
    mut store: Option<Store>,
    notice: Option<String>,
    start: tui::Start,
) -> anyhow::Result<ExitCode> {
    let (pool, builtin, track) = ladder(args, store.as_ref(), ctx)?;
    if args.plain {
        let engine = ctx.engine(args.engine.as_deref());
        let mut refuter = super::super::mine::Refuter::new(engine);
        run_rated(
            io::stdin().lock(),
            io::stdout().lock(),
            pool,
            track.line,
            line_mode(args, ctx),
            stopwatch(),
            |puzzle, outcome, ms| {
                let mut recording = Recording {
                    store: store.as_mut(),
                    set: None,
                };
                let saved = recording
                    .puzzle(
                        puzzle,
                        source_of(puzzle, builtin),
                        outcome,
                        ms,
                        Track::Rated,
                    )
                    .map_err(io::Error::other)?;
                Ok(saved.and_then(|s| s.recorded().cloned()))
            },
            |pos, mv| refuter.refute(pos, mv),
        )?;
        return Ok(ExitCode::SUCCESS);
    }
    // The home menu's Weakness training beside rated training, when a
    // theme is weak (its pool drawn now, as rated training's).
    let weak = if args.weak {
        None
    } else {
        let weak_args = PlayArgs {
            weak: true,
            source: args.source.clone(),
            difficulty: args.difficulty,
            ..PlayArgs::default()
        };
        ladder(&weak_args, store.as_ref(), ctx)
            .ok()
            .map(|(pool, _, track)| (pool, track.themes))
    };
    // The full screen serves the ladder one puzzle at a time, near the
    // rating after each result.
    let trainer = Trainer::new(
        args,
        Vec::new(),
        Vec::new(),
        builtin,
        store,
        notice,
        ctx,
        start,
    )
    .with_ladder(pool, track.line.difficulty)
    .with_weak(weak)
    .on_track(if args.weak { Track::Weak } else { Track::Rated });
    trainer.run(ctx)
}

/// The puzzles whose last attempt failed, found where they came from
/// (the built-in packs, the library or the starter set), with each one's
/// source; the third value is how many could not be found.
pub(crate) fn failed_puzzles(
    store: Option<&Store>,
    ctx: &Context,
) -> anyhow::Result<(Vec<Puzzle>, HashMap<String, Source>, usize)> {
    let refs: Vec<PuzzleRef> = store
        .map(|s| s.progress().failed_to_replay(REPLAY_LIMIT))
        .unwrap_or_default();
    if refs.is_empty() {
        bail!("no failed puzzle to replay: every puzzle you played last was solved");
    }
    let packs = builtin_packs()?;
    let library = match ctx.library_if_any() {
        Some(path) => Some(open_library(&path)?),
        None => None,
    };
    let mut found = Vec::new();
    let mut sources = HashMap::new();
    let mut missing = 0;
    for r in &refs {
        let puzzle = match &r.source {
            Source::Builtin { pack } => packs
                .iter()
                .filter(|p| p.puzzles.iter().any(|q| &q.source == pack))
                .flat_map(|p| &p.puzzles)
                .find(|q| q.id == r.id)
                .cloned(),
            Source::Lichess => match &library {
                Some(library) => library.get(&r.id)?,
                None => None,
            },
            Source::File { .. } => None,
        };
        match puzzle {
            Some(p) if !sources.contains_key(&p.id) => {
                sources.insert(p.id.clone(), r.source.clone());
                found.push(p);
            }
            Some(_) => {}
            None => missing += 1,
        }
    }
    if found.is_empty() {
        bail!(
            "none of the failed puzzles can be found here (they came from files or a library not here)"
        );
    }
    Ok((found, sources, missing))
}

/// `--replay-failed`: the failed puzzles again, recorded as replays.
pub(super) fn replay(
    args: &PlayArgs,
    ctx: &Context,
    mut store: Option<Store>,
    notice: Option<String>,
    start: tui::Start,
) -> anyhow::Result<ExitCode> {
    let (puzzles, sources, missing) = failed_puzzles(store.as_ref(), ctx)?;
    if missing > 0 {
        eprintln!(
            "sancho: {missing} failed puzzles are left out: their file or library is not here"
        );
    }
    // Each replay is recorded under the source its failure was.
    let builtin = sources
        .values()
        .all(|s| matches!(s, Source::Builtin { .. }));
    if args.plain {
        let engine = ctx.engine(args.engine.as_deref());
        let mut refuter = super::super::mine::Refuter::new(engine);
        run_puzzles_in(
            io::stdin().lock(),
            io::stdout().lock(),
            &puzzles,
            Resume::from_start(puzzles.len()),
            line_mode(args, ctx),
            stopwatch(),
            |puzzle, outcome, ms| {
                let mut recording = Recording {
                    store: store.as_mut(),
                    set: None,
                };
                let saved = recording
                    .puzzle(
                        puzzle,
                        sources[&puzzle.id].clone(),
                        outcome,
                        ms,
                        Track::Replay,
                    )
                    .map_err(io::Error::other)?;
                Ok(saved.and_then(|s| s.recorded().cloned()))
            },
            |pos, mv| refuter.refute(pos, mv),
        )?;
        return Ok(ExitCode::SUCCESS);
    }
    let trainer = Trainer::new(
        args,
        puzzles,
        Vec::new(),
        builtin,
        store,
        notice,
        ctx,
        start,
    )
    .on_track(Track::Replay);
    trainer.run(ctx)
}

/// Line mode's settings from the options.
pub fn line_mode(args: &PlayArgs, ctx: &Context) -> Mode {
    Mode {
        json: args.json,
        blindfold: args.blindfold,
        lang: ctx.trainer_lang(),
        blind: args.blind,
    }
}
