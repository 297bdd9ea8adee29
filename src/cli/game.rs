//! `sancho game`: play a position out against an engine, in line mode
//! (`--plain [--json]`). The core's [`PlayOut`] keeps the game; this shell
//! starts the engine at the chosen strength and answers its questions.

use std::io;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context as _;
use clap::Args;
use sancho::engine::{Engine, EngineOptions, HOW_TO_GET_ONE, Strength, best_move, find_engine_here};
use sancho::line::{Mode, run_game};
use sancho::notation::parse_fen;
use sancho::train::game::PlayOut;
use sancho::tui::GameSetup;
use shakmaty::{Chess, Color, Position};

use super::context::Context;

/// `sancho game`.
#[derive(Debug, Args)]
pub struct GameArgs {
    /// The position to play out (default: the starting position).
    #[arg(long, value_name = "FEN")]
    fen: Option<String>,
    /// Your side (default: the side to move in the position).
    #[arg(long, value_name = "SIDE", value_parser = ["white", "black"])]
    side: Option<String>,
    /// The UCI engine to play against (default: the config's `engine`, else SANCHO_ENGINE, else `stockfish`).
    #[arg(long, value_name = "PATH")]
    engine: Option<PathBuf>,
    /// The engine's strength, 1 to 8 as on Lichess (Stockfish's Skill Level; default: full strength).
    #[arg(long, value_name = "1-8", value_parser = clap::value_parser!(u8).range(1..=8), conflicts_with = "elo")]
    level: Option<u8>,
    /// The engine's strength as an Elo rating (Stockfish's UCI_LimitStrength and UCI_Elo).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1320..=3190))]
    elo: Option<u32>,
    /// How long the engine thinks per move, in milliseconds (default: the level's, else 300).
    #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u64).range(20..=60_000))]
    movetime: Option<u64>,
    /// Line mode (without it: the full screen's game).
    #[arg(long)]
    plain: bool,
    /// With --plain: every event as one JSON object per line.
    #[arg(long, requires = "plain")]
    json: bool,
}

impl GameArgs {
    /// The engine's strength the options ask for.
    fn strength(&self) -> Strength {
        match (self.level, self.elo) {
            (Some(level), _) => Strength::Level(level),
            (None, Some(elo)) => Strength::Elo(elo),
            (None, None) => Strength::Full,
        }
    }
}

pub fn game(args: &GameArgs, ctx: &Context) -> anyhow::Result<ExitCode> {
    let start: Chess = match &args.fen {
        Some(fen) => parse_fen(fen).with_context(|| format!("--fen {fen:?}"))?,
        None => Chess::default(),
    };
    if start.is_game_over() {
        anyhow::bail!("--fen: the game is already over in this position");
    }
    let user = match args.side.as_deref() {
        Some("white") => Color::White,
        Some("black") => Color::Black,
        _ => start.turn(),
    };
    let Some(path) = find_engine_here(ctx.engine(args.engine.as_deref()).as_deref()) else {
        eprintln!(
            "sancho: `sancho game` needs a chess engine: {HOW_TO_GET_ONE}, or set `engine` in the config file"
        );
        return Ok(ExitCode::from(2));
    };
    let mut engine = Engine::start(&path, EngineOptions::default()).with_context(|| {
        format!(
            "the engine {} did not start as a UCI engine ({HOW_TO_GET_ONE})",
            path.display()
        )
    })?;
    let strength = args.strength();
    let movetime = args.movetime.unwrap_or(strength.movetime());
    if !args.plain {
        // The screen's own engine thread starts it again on its first
        // question: this one only showed that it starts.
        drop(engine);
        let setup = GameSetup {
            start,
            user,
            strength,
            movetime,
            blindfold: false,
            lang: ctx.trainer_lang(),
            source: match &args.fen {
                Some(_) => "the FEN given".to_owned(),
                None => "the starting position".to_owned(),
            },
        };
        return full_screen(ctx, setup, path);
    }
    strength.apply(&mut engine)?;
    engine.new_game()?;
    let mode = Mode {
        json: args.json,
        blindfold: false,
        lang: ctx.trainer_lang(),
        blind: None,
    };
    run_game(
        io::stdin().lock(),
        io::stdout().lock(),
        PlayOut::new(start, user, mode.lang),
        mode,
        |fen| match best_move(&mut engine, fen, movetime) {
            Ok(uci) => uci,
            Err(e) => {
                eprintln!("sancho: the engine failed: {e}");
                None
            }
        },
    )?;
    Ok(ExitCode::SUCCESS)
}

/// The game on the full screen (Esc at its end leads to the home screen,
/// which offers everything else).
fn full_screen(ctx: &Context, setup: GameSetup, engine: PathBuf) -> anyhow::Result<ExitCode> {
    let (store, notice) = ctx.open_store()?;
    let puzzles = sancho::puzzle::builtin_packs()?
        .into_iter()
        .flat_map(|p| p.puzzles)
        .collect();
    let config = sancho::tui::Config {
        start: sancho::tui::Start::Game,
        ..sancho::tui::Config::default()
    };
    super::play::Trainer {
        config,
        puzzles,
        order: Vec::new(),
        builtin: true,
        ladder: None,
        weak: None,
        store: Some(store),
        notice,
        library: ctx.library_if_any(),
        filter: Default::default(),
        set: None,
        engine: Some(engine),
        mined: ctx.mined_pack(),
    }
    .run_with(ctx, None, None, None, Some(setup))
}
