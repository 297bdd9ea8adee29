//! `sancho game`: play a position out against an engine, in line mode
//! (`--plain [--json]`). The core's [`PlayOut`] keeps the game; this shell
//! picks the position (`--fen`, `--puzzle`, `--pgn --ply`, `--endgame`),
//! starts the engine at the chosen strength, answers its questions,
//! records the finished game in one store write and writes it as PGN
//! (`--out`).

use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context as _;
use clap::Args;
use sancho::content::endgames;
use sancho::drill::parse_games;
use sancho::engine::{
    Engine, EngineOptions, HOW_TO_GET_ONE, Strength, best_move, find_engine_here,
};
use sancho::line::{GameSetting, Mode, run_game};
use sancho::notation::parse_fen;
use sancho::puzzle::{Puzzle, builtin_packs, color_word, fen_of};
use sancho::record::puzzle_key;
use sancho::train::endgame::{Endgame, find_endgame, read_endgames};
use sancho::train::game::{PgnTags, PlayOut};
use sancho::train::game_from::position_after_ply;
use sancho::train::{Finished, GameDone};
use sancho::tui::GameSetup;
use shakmaty::{Chess, Color, Position};

use super::context::Context;
use super::data::now;
use super::play::{Opening, Trainer};
use super::record::Recording;

/// `sancho game`.
#[derive(Debug, Args)]
pub struct GameArgs {
    /// The position to play out (default: the starting position).
    #[arg(long, value_name = "FEN", conflicts_with_all = ["puzzle", "pgn", "endgame"])]
    fen: Option<String>,
    /// A puzzle's position as you meet it (after its set-up move), your side: a built-in puzzle's id or one in your library.
    #[arg(long, value_name = "ID", conflicts_with_all = ["pgn", "endgame"])]
    puzzle: Option<String>,
    /// A game of a PGN file (the first, or --game), played out from --ply.
    #[arg(
        long,
        value_name = "FILE",
        requires = "ply",
        conflicts_with = "endgame"
    )]
    pgn: Option<PathBuf>,
    /// With --pgn: the plies played before you take over (0: the game's start).
    #[arg(long, value_name = "N", requires = "pgn")]
    ply: Option<usize>,
    /// With --pgn: which game of the file, by number or a player's name (default: the first).
    #[arg(long, value_name = "N|NAME", requires = "pgn")]
    game: Option<String>,
    /// A built-in endgame to win or hold, by id or number (see --list-endgames).
    #[arg(long, value_name = "ID|N")]
    endgame: Option<String>,
    /// List the endgames (with --json: as JSON) and stop.
    #[arg(long)]
    list_endgames: bool,
    /// Your own endgame set instead of the built-in one: a JSON file in the built-in set's shape (see the guide).
    #[arg(long, value_name = "FILE")]
    endgames: Option<PathBuf>,
    /// Your side (default: the side to move in the position; an endgame's or a puzzle's side).
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
    /// Blindfold: no board is drawn; `pieces` tells the position in words, each engine move is told in SAN and in words.
    #[arg(long)]
    blindfold: bool,
    /// Write the game as PGN to FILE when it ends.
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
    /// Line mode (without it: the full screen's game).
    #[arg(long)]
    plain: bool,
    /// With --plain (or --list-endgames): every event as one JSON object per line.
    #[arg(long)]
    json: bool,
}

/// The position chosen, with what the game is beyond it.
struct Chosen {
    start: Chess,
    /// The side the source gives the user (a puzzle's, an endgame's).
    side: Option<Color>,
    endgame: Option<Endgame>,
    /// A puzzle's `source:id`, for the record.
    puzzle: Option<String>,
    /// Where the position came from, in words.
    from: Option<String>,
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
    if args.list_endgames {
        return list_endgames(&endgame_set(args)?, args.json);
    }
    if args.endgames.is_some() && args.endgame.is_none() {
        anyhow::bail!(
            "--endgames FILE picks from your own set: add --endgame ID (or --list-endgames)"
        );
    }
    if args.json && !args.plain {
        anyhow::bail!("--json is for line mode: add --plain");
    }
    let chosen = choose(args, ctx)?;
    if let Some(reason) = sancho::train::game::already_over(&chosen.start) {
        use sancho::train::game::EndReason;
        let why = match reason {
            EndReason::FiftyMoves => format!(
                "its halfmove clock is {}: the fifty-move rule has ended the game (a FEN with a clock below 100 starts one)",
                chosen.start.halfmoves()
            ),
            EndReason::Checkmate => "it is checkmate".to_owned(),
            EndReason::Stalemate => "it is stalemate".to_owned(),
            _ => "neither side can mate".to_owned(),
        };
        anyhow::bail!("the game is already over in this position: {why}");
    }
    let user = match args.side.as_deref() {
        Some("white") => Color::White,
        Some("black") => Color::Black,
        _ => chosen.side.unwrap_or_else(|| chosen.start.turn()),
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
    if let Some(e) = &chosen.endgame
        && user != e.side
    {
        anyhow::bail!(
            "--side: an endgame is played from the side its goal is set for; leave --side out"
        );
    }
    if !args.plain {
        // The screen's own engine thread starts it again on its first
        // question: this one only showed that it starts.
        drop(engine);
        let tags = pgn_tags(args, chosen.endgame.as_ref(), &path);
        let source = chosen
            .from
            .unwrap_or_else(|| match (&args.fen, &chosen.endgame) {
                (_, Some(e)) => e.title.clone(),
                (Some(_), None) => "the FEN given".to_owned(),
                (None, None) => "the starting position".to_owned(),
            });
        let setup = GameSetup {
            start: chosen.start,
            user,
            strength,
            movetime,
            blindfold: args.blindfold,
            lang: ctx.trainer_lang(),
            source,
            endgame: chosen.endgame,
            puzzle: chosen.puzzle,
            out: args.out.clone(),
            tags,
        };
        return full_screen(ctx, setup, path);
    }
    strength.apply(&mut engine)?;
    engine.new_game()?;
    let mode = Mode {
        json: args.json,
        blindfold: args.blindfold,
        lang: ctx.trainer_lang(),
        blind: None,
    };
    let started = match &chosen.endgame {
        Some(e) if user == e.side => e.start(mode.lang),
        Some(_) => anyhow::bail!(
            "--side: an endgame is played from the side its goal is set for; leave --side out"
        ),
        None => PlayOut::new(chosen.start.clone(), user, mode.lang),
    };
    let setting = GameSetting {
        endgame: chosen.endgame.as_ref(),
        from: chosen.from.as_deref(),
    };
    let (mut store, _notice) = ctx.store_or_warn();
    let game = run_game(
        io::stdin().lock(),
        io::stdout().lock(),
        started,
        mode,
        setting,
        |fen| match best_move(&mut engine, fen, movetime) {
            Ok(uci) => uci,
            Err(e) => {
                eprintln!("sancho: the engine failed: {e}");
                None
            }
        },
    )?;
    // A game is recorded once the user has moved, or when it was an
    // endgame (tried, even if resigned at once); a failed engine's game
    // is not judged and not recorded.
    let judged = game.end().is_some_and(|e| e.verdict.is_some());
    if judged || (game.user_moves() > 0 && chosen.endgame.is_none()) {
        let id = chosen.endgame.as_ref().map(|e| e.id.as_str());
        if let Some(done) = GameDone::of(&game, id, chosen.puzzle.as_deref()) {
            let mut recording = Recording {
                store: store.as_mut(),
                set: None,
            };
            recording
                .record(&Finished::Game(done))
                .context("the game could not be saved")?;
        }
    }
    if let Some(out) = &args.out {
        let tags = pgn_tags(args, chosen.endgame.as_ref(), &path);
        sancho::export::write_pgn(out, &game.pgn(&tags))?;
        if args.json {
            eprintln!("sancho: the game is written to {}", out.display());
        } else {
            writeln!(
                io::stdout().lock(),
                "The game is written to {}",
                out.display()
            )?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// The position `--fen`, `--puzzle`, `--pgn --ply` or `--endgame` asks
/// for (default: the starting position).
fn choose(args: &GameArgs, ctx: &Context) -> anyhow::Result<Chosen> {
    let plain = |start| Chosen {
        start,
        side: None,
        endgame: None,
        puzzle: None,
        from: None,
    };
    if let Some(fen) = &args.fen {
        return Ok(plain(
            parse_fen(fen).with_context(|| format!("--fen {fen:?}"))?,
        ));
    }
    if let Some(key) = &args.endgame {
        let all = endgame_set(args)?;
        let endgame = find_endgame(&all, key).ok_or_else(|| {
            anyhow::anyhow!(
                "--endgame {key:?}: no such endgame; choose a number from 1 to {} or an id (sancho game --list-endgames)",
                all.len()
            )
        })?;
        return Ok(Chosen {
            start: endgame.position.clone(),
            side: Some(endgame.side),
            endgame: Some(endgame.clone()),
            puzzle: None,
            from: None,
        });
    }
    if let Some(id) = &args.puzzle {
        let (puzzle, builtin) = find_puzzle(ctx, id)?;
        return Ok(Chosen {
            start: puzzle.user_start(),
            side: Some(puzzle.user_color),
            endgame: None,
            puzzle: Some(puzzle_key(&puzzle, builtin)),
            from: Some(format!("puzzle {}", puzzle.id)),
        });
    }
    if let (Some(path), Some(ply)) = (&args.pgn, args.ply) {
        let text = super::files::read_text(path, super::files::TEXT_MAX)
            .with_context(|| format!("cannot read {}", path.display()))?;
        let games = parse_games(&text).with_context(|| path.display().to_string())?;
        let key = args.game.as_deref().unwrap_or("1");
        let game = sancho::drill::find_game(
            &games,
            key,
            |_| None,
            |g| (g.tag("White").unwrap_or(""), g.tag("Black").unwrap_or("")),
        )
        .ok_or_else(|| {
            anyhow::anyhow!(
                "{}: no game {key:?} (it holds {} games; give a number or a player's name)",
                path.display(),
                games.len()
            )
        })?;
        let start = position_after_ply(game, ply)
            .with_context(|| format!("{} --ply {ply}", path.display()))?;
        let players = format!(
            "{} – {}",
            game.tag("White").unwrap_or("?"),
            game.tag("Black").unwrap_or("?")
        );
        return Ok(Chosen {
            start,
            side: None,
            endgame: None,
            puzzle: None,
            from: Some(format!("{players} after {ply} plies")),
        });
    }
    Ok(plain(Chess::default()))
}

/// A puzzle by id: the built-in packs first, then the library; whether it
/// is built in.
fn find_puzzle(ctx: &Context, id: &str) -> anyhow::Result<(Puzzle, bool)> {
    let packs = builtin_packs().context("the built-in packs do not read")?;
    if let Some(p) = packs
        .into_iter()
        .flat_map(|p| p.puzzles)
        .find(|p| p.id == id)
    {
        return Ok((p, true));
    }
    if let Some(path) = ctx.library_if_any()
        && let Ok(library) = sancho::library::Library::open(&path)
        && let Some(p) = library.get(id).with_context(|| format!("--puzzle {id}"))?
    {
        return Ok((p, false));
    }
    anyhow::bail!(
        "--puzzle {id}: no built-in puzzle and no puzzle of your library has this id (sancho puzzles lists them)"
    )
}

/// The PGN's tags: the endgame's title as the event, today's date, the
/// engine's name with its strength.
fn pgn_tags(args: &GameArgs, endgame: Option<&Endgame>, engine: &std::path::Path) -> PgnTags {
    let name = engine
        .file_stem()
        .and_then(|s| s.to_str())
        .unwrap_or("engine")
        .to_owned();
    let strength = match (args.level, args.elo) {
        (Some(level), _) => format!(" (level {level})"),
        (_, Some(elo)) => format!(" (Elo {elo})"),
        _ => " (full strength)".to_owned(),
    };
    let date = now().utc_minute().get(..10).unwrap_or("").replace('-', ".");
    PgnTags {
        event: endgame.map_or_else(
            || "Sancho game".to_owned(),
            |e| format!("Sancho endgame: {}", e.title),
        ),
        site: "Sancho".to_owned(),
        date,
        round: String::new(),
        user: "You".to_owned(),
        engine: format!("{name}{strength}"),
    }
}

/// The endgames `--endgames FILE` holds, else the built-in ones.
fn endgame_set(args: &GameArgs) -> anyhow::Result<Vec<Endgame>> {
    match &args.endgames {
        Some(path) => {
            let text = super::files::read_text(path, super::files::TEXT_MAX)
                .with_context(|| format!("cannot read {}", path.display()))?;
            read_endgames(&text).with_context(|| path.display().to_string())
        }
        None => Ok(endgames()
            .context("the built-in endgames do not read")?
            .to_vec()),
    }
}

/// `--list-endgames`: number, id, side, goal and title; or JSON.
fn list_endgames(all: &[Endgame], json: bool) -> anyhow::Result<ExitCode> {
    let mut out = io::stdout().lock();
    if json {
        let list: Vec<serde_json::Value> = all
            .iter()
            .enumerate()
            .map(|(i, e)| {
                serde_json::json!({
                    "number": i + 1,
                    "id": e.id,
                    "title": e.title,
                    "fen": fen_of(&e.position),
                    "side": color_word(e.side),
                    "goal": e.goal.name(),
                    "moves": e.goal.moves(),
                    "text": e.goal.describe(),
                })
            })
            .collect();
        writeln!(out, "{}", serde_json::to_string(&list)?)?;
        return Ok(ExitCode::SUCCESS);
    }
    // The goal as its kind and budget (`mate 15`: mate within 15 moves;
    // `hold 20`: do not lose for 20), the title last, as long as it is.
    writeln!(out, " #  {:<16} {:<5}  {:<10}  title", "id", "side", "goal")?;
    for (i, e) in all.iter().enumerate() {
        let goal = format!("{} {}", e.goal.name(), e.goal.moves());
        writeln!(
            out,
            "{:>2}  {:<16} {:<5}  {goal:<10}  {}",
            i + 1,
            e.id,
            color_word(e.side),
            e.title,
        )?;
    }
    Ok(ExitCode::SUCCESS)
}

/// The game on the full screen (Esc at its end leads to the home screen,
/// which offers everything else).
fn full_screen(ctx: &Context, setup: GameSetup, engine: PathBuf) -> anyhow::Result<ExitCode> {
    let (store, notice) = ctx.open_store()?;
    let config = sancho::tui::Config {
        start: sancho::tui::Start::Game,
        ..sancho::tui::Config::default()
    };
    Trainer::for_mode(ctx, config, Some(store), notice, Some(engine))?
        .run_with(ctx, Opening::Game(setup))
}
