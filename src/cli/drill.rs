//! `sancho drill` and `sancho lesson`: notation drills and lessons, recorded
//! in the progress store.

use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context as _, bail};
use clap::Args;
use sancho::drill::{self, DrillKind, GenOptions, TIMED_COORDINATES_MS};
use sancho::drill::{Sheet, SheetGame, pick_game};
use sancho::line::{DrillOptions, lesson_completed, run_drill, run_lesson_in, run_scoresheet};
use sancho::notation::Strictness;
use sancho::progress::{CoordColour, CoordMode, LESSON_PASS_PERCENT, LessonRecorded, Store};
use sancho::train::{DrillDone, Finished, Saved};
use sancho::tui;

use super::context::Context;
use super::data::{now, stopwatch};
use super::play::{Opening, Trainer};
use super::record::Recording;

/// The most exercises one drill may have: more than anyone does at a
/// sitting, and few enough to generate at once (a million took minutes).
const MAX_COUNT: i64 = 1000;

/// A drill kind, or the scoresheet trainer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum DrillChoice {
    /// A generated drill.
    Kind(DrillKind),
    /// The scoresheet trainer.
    Scoresheet,
}

impl std::str::FromStr for DrillChoice {
    type Err = drill::UnknownKind;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        if s == "scoresheet" {
            Ok(DrillChoice::Scoresheet)
        } else {
            s.parse().map(DrillChoice::Kind)
        }
    }
}

/// `sancho drill`.
#[derive(Debug, Args)]
pub struct DrillArgs {
    /// write, read, disambiguation, coordinates, square-colour, vision, transcribe, review or scoresheet.
    kind: DrillChoice,
    /// Scoresheet: the games to write down (every game of the file; default: the built-in games).
    #[arg(long, value_name = "FILE")]
    pgn: Option<PathBuf>,
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
    /// Transcribe, scoresheet: the game, by id (opera-game), number (see --list) or, for
    /// scoresheet, a player's name.
    #[arg(long)]
    game: Option<String>,
    /// List the built-in games (for --game) and stop.
    #[arg(long)]
    list: bool,
    /// Coordinates: find the named square, name the highlighted one, or both.
    #[arg(long, value_name = "MODE", value_parser = ["find", "name", "both"])]
    mode: Option<String>,
    /// Coordinates: the side at the bottom of the board (black flips it).
    #[arg(long, alias = "color", value_name = "SIDE", value_parser = ["white", "black", "random"])]
    colour: Option<String>,
    /// Coordinates: practise these files only (a-d, or a list: a,c,e).
    #[arg(long, value_name = "FILES", value_parser = drill::parse_files)]
    files: Option<drill::Lines>,
    /// Coordinates: practise these ranks only (1-4, or a list: 1,3,8).
    #[arg(long, value_name = "RANKS", value_parser = drill::parse_ranks)]
    ranks: Option<drill::Lines>,
    /// Coordinates: hide the coordinates on the board's edge.
    #[arg(long)]
    hide_coordinates: bool,
    /// Scoresheet: seconds between moves (default: the next move on a key press).
    #[arg(long, value_name = "SECONDS", value_parser = clap::value_parser!(u16).range(1..=600))]
    pace: Option<u16>,
}

impl DrillArgs {
    /// The coordinates options the flags ask for.
    fn coordinates(&self) -> drill::CoordOptions {
        let all = drill::CoordOptions::default();
        drill::CoordOptions {
            mode: match self.mode.as_deref() {
                Some("find") => CoordMode::Find,
                Some("name") => CoordMode::Name,
                _ => CoordMode::Both,
            },
            colour: match self.colour.as_deref() {
                Some("white") => CoordColour::White,
                Some("black") => CoordColour::Black,
                _ => CoordColour::Random,
            },
            files: self.files.unwrap_or(all.files),
            ranks: self.ranks.unwrap_or(all.ranks),
            hidden: self.hide_coordinates,
        }
    }

    /// Whether a coordinates-only flag was given.
    fn any_coordinates_flag(&self) -> bool {
        self.mode.is_some()
            || self.colour.is_some()
            || self.files.is_some()
            || self.ranks.is_some()
            || self.hide_coordinates
    }
}

pub fn drill(args: DrillArgs, ctx: &Context) -> anyhow::Result<ExitCode> {
    let kind = match args.kind {
        DrillChoice::Kind(kind) => kind,
        DrillChoice::Scoresheet => return scoresheet(&args, ctx),
    };
    if args.pgn.is_some() {
        bail!("--pgn is for the scoresheet trainer");
    }
    if args.list {
        let mut out = io::stdout().lock();
        for line in drill::game_book().list() {
            writeln!(out, "{line}")?;
        }
        return Ok(ExitCode::SUCCESS);
    }
    // An unknown game is an error that lists the choices, never a random game.
    let game = match &args.game {
        Some(key) => Some(drill::game_book().find(key)?.id),
        None => None,
    };
    if game.is_some() && kind != DrillKind::Transcribe {
        bail!("--game is for the transcribe drill");
    }
    if args.any_coordinates_flag() && kind != DrillKind::Coordinates {
        bail!(
            "--mode, --colour, --files, --ranks and --hide-coordinates are for the coordinates drill"
        );
    }
    if args.pace.is_some() {
        bail!("--pace is for the scoresheet trainer");
    }
    if game.is_some() && !args.plain {
        bail!(
            "--game works in line mode for now: add --plain (the full screen picks a game itself)"
        );
    }
    let (mut store, notice) = ctx.open_store()?;
    let mut options = DrillOptions::new(kind);
    options.seed = args.seed.unwrap_or_else(|| now().0.unsigned_abs());
    if let Some(count) = args.count {
        options.count = usize::from(count);
    }
    if args.lenient {
        options.strictness = Strictness::Lenient;
    }
    options.json = args.json;
    options.lang = ctx.trainer_lang();
    if args.timed {
        options.budget_ms = Some(TIMED_COORDINATES_MS);
        if args.count.is_none() {
            options.count = 200;
        }
    }
    // Review drills: notation slips due for review first (FSRS), then the
    // most frequent.
    let review_codes = drill::review_codes(&store.progress().slip_order(now()));
    options.generator = GenOptions {
        weak_codes: review_codes.clone(),
        game: game.map(str::to_owned),
        coordinates: args.coordinates(),
        book: Some(drill::game_book()),
    };
    if !args.plain {
        let start = tui::Start::Drill {
            kind,
            seed: options.seed,
            count: options.count,
            strictness: options.strictness,
            timed: args.timed,
        };
        return full_screen(
            ctx,
            start,
            (store, notice),
            options.generator.coordinates,
            None,
        );
    }
    let summary = run_drill(
        io::stdin().lock(),
        io::stdout().lock(),
        options,
        stopwatch(),
    )?;
    if summary.exercises > 0 {
        let setup = summary.coordinates.clone();
        // What a review drill trained reviews each code's card: one write.
        let trained = if kind == DrillKind::Review {
            drill::credited(&summary.trained, &review_codes)
        } else {
            Vec::new()
        };
        let done = Finished::Drill(DrillDone {
            summary,
            lesson: None,
            trained,
        });
        recording(&mut store)
            .record(&done)
            .context("the drill result could not be saved")?;
        // The personal best and the last scores of this mode and colour.
        if let Some(setup) = setup {
            let records = store.progress().coordinate_record(&setup);
            let mut out = io::stdout().lock();
            if args.json {
                let mut value = serde_json::to_value(&records)?;
                if let serde_json::Value::Object(map) = &mut value {
                    map.insert("event".into(), "records".into());
                }
                writeln!(out, "{value}")?;
            } else {
                writeln!(out, "Records ({}): {}", setup_note(&setup), records)?;
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// `sancho drill scoresheet`: line mode (plain text, or --json).
fn scoresheet(args: &DrillArgs, ctx: &Context) -> anyhow::Result<ExitCode> {
    let games = match &args.pgn {
        Some(path) => {
            let text = super::files::read_text(path, super::files::TEXT_MAX)
                .with_context(|| format!("cannot read {}", path.display()))?;
            SheetGame::from_pgn(&text).with_context(|| path.display().to_string())?
        }
        None => SheetGame::all_of(drill::game_book()),
    };
    if args.list {
        let mut out = io::stdout().lock();
        if args.pgn.is_none() {
            for line in drill::game_book().list() {
                writeln!(out, "{line}")?;
            }
        } else {
            for (i, g) in games.iter().enumerate() {
                writeln!(
                    out,
                    "{:>2}  {} ({} moves)",
                    i + 1,
                    g.title,
                    g.moves.len().div_ceil(2)
                )?;
            }
        }
        return Ok(ExitCode::SUCCESS);
    }
    let game = match (&args.game, &args.pgn) {
        (Some(key), None) => match drill::game_book().find(key) {
            Ok(game) => SheetGame::builtin(game),
            // A player's name; an unknown game lists the ids.
            Err(unknown) => pick_game(&games, key).map_err(|_| unknown)?.clone(),
        },
        (Some(key), Some(_)) => pick_game(&games, key)?.clone(),
        (None, _) => {
            let seed = args.seed.unwrap_or_else(|| now().0.unsigned_abs());
            let index = usize::try_from(seed % games.len().max(1) as u64).unwrap_or(0);
            games
                .get(index)
                .cloned()
                .ok_or_else(|| anyhow::anyhow!("there is no game to write down"))?
        }
    };
    let (mut store, notice) = ctx.open_store()?;
    let sheet = Sheet::new(game, args.count.map_or(0, usize::from)).with_lang(ctx.trainer_lang());
    if !args.plain {
        let start = tui::Start::Scoresheet {
            pace_ms: args.pace.map(|s| u64::from(s) * 1000),
        };
        return full_screen(
            ctx,
            start,
            (store, notice),
            drill::CoordOptions::default(),
            Some(sheet),
        );
    }
    if args.pace.is_some() {
        bail!(
            "--pace is for the full screen: line mode tells the next move once you have written one"
        );
    }
    let sheet = run_scoresheet(io::stdin().lock(), io::stdout().lock(), sheet, args.json)?;
    if !sheet.entries().is_empty() {
        let done = Finished::Drill(DrillDone {
            summary: sheet.drill_summary(0),
            lesson: None,
            trained: Vec::new(),
        });
        recording(&mut store)
            .record(&done)
            .context("the scoresheet result could not be saved")?;
    }
    Ok(ExitCode::SUCCESS)
}

/// What a coordinates run practised, beside its records: `files a-d,
/// ranks 1-4, coordinates hidden`, or `whole board`.
fn setup_note(setup: &sancho::progress::CoordSetup) -> String {
    let mut parts = Vec::new();
    if setup.whole_board() {
        parts.push("whole board".to_owned());
    } else {
        parts.push(format!(
            "files {}, ranks {}: a part of the board sets no best",
            setup.files, setup.ranks
        ));
    }
    if setup.stopped {
        parts.push("stopped before the end: sets no best".to_owned());
    }
    if setup.hidden {
        parts.push("coordinates hidden".to_owned());
    }
    parts.join(", ")
}

/// The trainer opened on a drill or a lesson, with the built-in puzzles a
/// step away.
fn full_screen(
    ctx: &Context,
    start: tui::Start,
    (store, notice): (Store, Option<String>),
    coordinates: drill::CoordOptions,
    scoresheet: Option<Sheet>,
) -> anyhow::Result<ExitCode> {
    let config = tui::Config {
        start,
        coordinates,
        ..tui::Config::default()
    };
    let opening = scoresheet.map_or(Opening::Home, Opening::Scoresheet);
    Trainer::for_mode(ctx, config, Some(store), notice, None)?.run_with(ctx, opening)
}

/// `sancho lesson`.
#[derive(Debug, Args)]
pub struct LessonArgs {
    /// The lesson's number (1 to 9); none lists them.
    number: Option<String>,
    /// Line mode instead of the full screen.
    #[arg(long)]
    plain: bool,
    /// With --plain: every event as one JSON object per line.
    #[arg(long, requires = "plain")]
    json: bool,
}

pub fn lesson(args: LessonArgs, ctx: &Context) -> anyhow::Result<ExitCode> {
    let (mut store, notice) = ctx.open_store()?;
    let Some(key) = args.number else {
        let progress = store.progress();
        let mut out = io::stdout().lock();
        for l in drill::lessons() {
            let mark = if progress.lessons().contains(&l.id) {
                "done".to_owned()
            } else if let Some(best) = progress.lesson_best(&l.id, lesson_size(l)) {
                format!("{}%", best.percent())
            } else {
                String::new()
            };
            writeln!(out, "{mark:>4}  {}. {}", l.number, l.title)?;
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
        return full_screen(
            ctx,
            tui::Start::Lesson(lesson.number),
            (store, notice),
            drill::CoordOptions::default(),
            None,
        );
    }
    let summary = run_lesson_in(
        io::stdin().lock(),
        io::stdout().lock(),
        lesson,
        Strictness::Strict,
        args.json,
        stopwatch(),
        ctx.trainer_lang(),
    )?;
    // Only a whole lesson counts; it is completed when at least 80% is right.
    let whole = lesson_completed(lesson, &summary);
    if summary.exercises > 0 {
        let done = Finished::Drill(DrillDone {
            summary,
            lesson: Some((lesson.id.clone(), lesson_size(lesson))),
            trained: Vec::new(),
        });
        let saved = recording(&mut store)
            .record(&done)
            .context("the lesson result could not be saved")?;
        if let (
            true,
            false,
            Some(Saved::Drill {
                lesson: Some(saved),
            }),
        ) = (whole, args.json, saved)
        {
            writeln!(io::stdout().lock(), "{}", lesson_verdict(&saved))?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// The store as the one record path takes it.
fn recording(store: &mut Store) -> Recording<'_> {
    Recording {
        store: Some(store),
        set: None,
    }
}

/// How many exercises the lesson has.
fn lesson_size(lesson: &drill::Lesson) -> u32 {
    u32::try_from(lesson.exercises.len()).unwrap_or(u32::MAX)
}

/// "Lesson passed: 4 of 5 right." / "3 of 5 right: 80% passes (best so far 60%)."
fn lesson_verdict(saved: &LessonRecorded) -> String {
    let (score, best) = (saved.score, saved.best);
    if score.passed() {
        format!(
            "Lesson passed: {} of {} right.",
            score.correct, score.exercises
        )
    } else {
        format!(
            "{} of {} right: {LESSON_PASS_PERCENT}% passes the lesson (best so far {}%).",
            score.correct,
            score.exercises,
            best.percent()
        )
    }
}
