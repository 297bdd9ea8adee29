//! `sancho game`: play a position out against an engine, in line mode
//! (`--plain [--json]`). The core's [`PlayOut`] keeps the game; this shell
//! starts the engine at the chosen strength and answers its questions.

use std::io;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context as _;
use clap::Args;
use sancho::engine::{Engine, EngineOptions, HOW_TO_GET_ONE, Limit, find_engine_here};
use sancho::line::{Mode, run_game};
use sancho::notation::parse_fen;
use sancho::train::game::PlayOut;
use shakmaty::{Chess, Color, Position};

use super::context::Context;

/// Lichess's levels 1 to 8 as Stockfish's `Skill Level` and the time per
/// move in milliseconds.
const LEVELS: [(u8, u64); 8] = [
    (0, 50),
    (3, 100),
    (6, 150),
    (9, 200),
    (11, 300),
    (14, 400),
    (17, 500),
    (20, 1000),
];

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
    /// Line mode (the full screen for games is not built yet).
    #[arg(long)]
    plain: bool,
    /// With --plain: every event as one JSON object per line.
    #[arg(long, requires = "plain")]
    json: bool,
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
    if !args.plain {
        anyhow::bail!("`sancho game` is line mode only for now: add --plain");
    }
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
    let mut movetime = 300;
    if let Some(level) = args.level {
        let (skill, ms) = LEVELS[usize::from(level - 1)];
        engine.set_option("Skill Level", &skill.to_string())?;
        movetime = ms;
    }
    if let Some(elo) = args.elo {
        engine.set_option("UCI_LimitStrength", "true")?;
        engine.set_option("UCI_Elo", &elo.to_string())?;
    }
    let movetime = args.movetime.unwrap_or(movetime);
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
        |fen| match engine.analyse(fen, 1, Limit::Movetime(movetime)) {
            Ok(lines) => lines
                .first()
                .and_then(|l| l.pv.first())
                .map(ToString::to_string),
            Err(e) => {
                eprintln!("sancho: the engine failed: {e}");
                None
            }
        },
    )?;
    Ok(ExitCode::SUCCESS)
}
