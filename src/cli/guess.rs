//! `sancho guess`: guess the move through a master game, in line mode
//! (`--plain [--json]`) or on the full screen; judged by an engine when
//! one is named; recorded in one store write; `--out FILE` writes the game
//! with the guesses as comments.

use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::Context as _;
use clap::Args;
use sancho::drill::game_book;
use sancho::engine::{Engine, EngineOptions, HOW_TO_GET_ONE, evaluate_guess};
use sancho::line::{Mode, run_guess};
use sancho::train::guess::{
    EvalRequest, Evaluation, Guess, GuessGame, GuessOptions, GuessSide, pick,
};
use sancho::train::{DrillDone, Finished};

use super::context::Context;
use super::data::{now, stopwatch};
use super::play::{Opening, Trainer};
use super::record::Recording;

/// How long the engine looks at each position by default, in ms.
pub const DEFAULT_MOVETIME: u64 = 300;

/// `sancho guess`.
#[derive(Debug, Args)]
pub struct GuessArgs {
    /// The games (every game of the file; default: the built-in games).
    #[arg(long, value_name = "FILE")]
    pgn: Option<PathBuf>,
    /// The game: its number, a built-in game's id (opera-game) or a player's name (default: one at random).
    #[arg(long, value_name = "N|ID|NAME")]
    game: Option<String>,
    /// Whose moves you guess.
    #[arg(long, value_name = "SIDE", default_value = "white", value_parser = ["white", "black", "both"])]
    side: String,
    /// The move number guessing starts at (the moves before are played).
    #[arg(long, value_name = "MOVE", default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=999))]
    from: u32,
    /// A UCI engine to judge the moves that are not the game's (default: the config's `engine`; none: only the game's move scores).
    #[arg(long, value_name = "PATH")]
    engine: Option<PathBuf>,
    /// How long the engine looks at each position, in milliseconds.
    #[arg(long, value_name = "MS", default_value_t = DEFAULT_MOVETIME, value_parser = clap::value_parser!(u64).range(20..=60_000))]
    movetime: u64,
    /// Write the game as PGN with your guesses as comments.
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
    /// List the games (for --game) and stop.
    #[arg(long)]
    list: bool,
    /// Line mode instead of the full screen.
    #[arg(long)]
    plain: bool,
    /// With --plain: every event as one JSON object per line.
    #[arg(long, requires = "plain")]
    json: bool,
    /// The seed that picks the game when none is named (default: from the clock).
    #[arg(long)]
    seed: Option<u64>,
}

pub fn guess(args: &GuessArgs, ctx: &Context) -> anyhow::Result<ExitCode> {
    let games = match &args.pgn {
        Some(path) => {
            let text = super::files::read_text(path, super::files::TEXT_MAX)
                .with_context(|| format!("cannot read {}", path.display()))?;
            GuessGame::from_pgn(&text).with_context(|| path.display().to_string())?
        }
        None => game_book().games().iter().map(GuessGame::builtin).collect(),
    };
    if args.list {
        let mut out = io::stdout().lock();
        for (i, g) in games.iter().enumerate() {
            writeln!(
                out,
                "{:>2}  {:<22} {} ({} moves)",
                i + 1,
                g.id,
                g.title,
                g.moves.len().div_ceil(2)
            )?;
        }
        return Ok(ExitCode::SUCCESS);
    }
    let game = match &args.game {
        Some(key) => pick(&games, key)?.clone(),
        None => {
            let seed = args.seed.unwrap_or_else(|| now().0.unsigned_abs());
            let index = usize::try_from(seed % games.len().max(1) as u64).unwrap_or(0);
            games
                .get(index)
                .cloned()
                .ok_or_else(|| anyhow::anyhow!("there is no game to guess through"))?
        }
    };
    let engine_path = ctx.engine(args.engine.as_deref());
    let side: GuessSide = args.side.parse()?;
    let options = GuessOptions {
        side,
        from: args.from,
        engine: engine_path.is_some(),
        lang: ctx.trainer_lang(),
    };
    let started = Guess::new(game, options)?;
    if !args.plain {
        return full_screen(ctx, started, engine_path, args);
    }
    let judge = match &engine_path {
        Some(path) => Some(Judge::start(path, args.movetime)?),
        None => None,
    };
    let (mut store, _notice) = ctx.store_or_warn();
    let mut judge = judge;
    let mode = Mode {
        json: args.json,
        blindfold: false,
        lang: ctx.trainer_lang(),
        blind: None,
    };
    let guess = run_guess(
        io::stdin().lock(),
        io::stdout().lock(),
        started,
        mode,
        stopwatch(),
        |request| judge.as_mut()?.evaluate(request),
        |guess, time_ms| {
            if guess.judgements().is_empty() {
                return Ok(false);
            }
            let done = Finished::Drill(DrillDone {
                summary: guess.drill_summary(time_ms),
                lesson: None,
                trained: Vec::new(),
            });
            let mut recording = Recording {
                store: store.as_mut(),
                set: None,
            };
            recording
                .record(&done)
                .map(|saved| saved.is_some())
                .map_err(|e| io::Error::other(format!("the guesses could not be saved: {e:#}")))
        },
    )?;
    if let Some(path) = &args.out {
        sancho::export::write_pgn(path, &guess.pgn())?;
        if !args.json {
            writeln!(
                io::stdout().lock(),
                "The game with your guesses: {}",
                path.display()
            )?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// The trainer opened on the run (Esc at its end leads to the home
/// screen, which offers everything else).
fn full_screen(
    ctx: &Context,
    started: (Guess, Vec<sancho::train::guess::GuessEvent>),
    engine: Option<PathBuf>,
    args: &GuessArgs,
) -> anyhow::Result<ExitCode> {
    if args.out.is_some() {
        anyhow::bail!("--out is for line mode: add --plain");
    }
    if args.movetime != DEFAULT_MOVETIME {
        anyhow::bail!("--movetime is for line mode: add --plain (the full screen looks 300 ms)");
    }
    let (store, notice) = ctx.open_store()?;
    let config = sancho::tui::Config {
        start: sancho::tui::Start::Guess,
        ..sancho::tui::Config::default()
    };
    Trainer::for_mode(ctx, config, Some(store), notice, engine)?
        .run_with(ctx, Opening::Guess(started.0, started.1))
}

/// The engine that judges guesses: started once; one that fails is said
/// once and not asked again (the guesses then score as without one).
pub struct Judge {
    engine: Option<Engine>,
    movetime: u64,
}

impl Judge {
    /// Starts the engine at `path`.
    ///
    /// # Errors
    /// It does not start as a UCI engine.
    pub fn start(path: &Path, movetime: u64) -> anyhow::Result<Judge> {
        let engine = Engine::start(path, EngineOptions::default()).with_context(|| {
            format!(
                "the engine {} did not start as a UCI engine ({HOW_TO_GET_ONE})",
                path.display()
            )
        })?;
        Ok(Judge {
            engine: Some(engine),
            movetime,
        })
    }

    /// The engine's lines for the request's positions; `None` once it has
    /// failed (said on stderr).
    pub fn evaluate(&mut self, request: &EvalRequest) -> Option<Evaluation> {
        let engine = self.engine.as_mut()?;
        match evaluate_guess(engine, request, self.movetime) {
            Ok(eval) => Some(eval),
            Err(e) => {
                eprintln!("sancho: the engine failed ({e}); the other guesses score without it");
                self.engine = None;
                None
            }
        }
    }
}
