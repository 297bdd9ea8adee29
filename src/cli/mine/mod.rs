//! `sancho mine`: puzzles from the user's own games, with a UCI engine.
//!
//! The shell around [`sancho::mine`]: finds and starts one engine per core,
//! streams the PGN file to them ([`pool`]) behind a progress bar with the
//! time left, rewrites the pack after every game that gave puzzles (in the
//! file's order, so that Ctrl-C keeps what was mined so far), and says why
//! when nothing was found ([`nothing`]).

use std::collections::HashSet;
use std::io::BufReader;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use anyhow::Context as _;
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use sancho::drill::PgnReader;
use sancho::engine::{Engine, EngineOptions, HOW_TO_GET_ONE, Limit, find_engine_here};
use sancho::engine::{Refuted, by_engine, by_mate};
use sancho::mine::MinedPuzzle;
use sancho::puzzle::fen_of;
use serde_json::Value;
use shakmaty::{Chess, Move, Position};

use super::context::Context;

mod nothing;
mod pool;

use nothing::{Tally, nothing_found};
use pool::{Outcome, Search, mine_all};

/// `sancho mine`.
#[derive(Debug, Args)]
pub struct MineArgs {
    /// The games, in PGN (any number of games; read as a stream).
    games: PathBuf,
    /// The UCI engine (default: the config's `engine`, else SANCHO_ENGINE, else `stockfish` on the PATH or in /usr/games).
    #[arg(long, value_name = "PATH")]
    engine: Option<PathBuf>,
    /// Mine only this player's moves (words of the White or Black tag, any case: `carlsen`).
    #[arg(long, value_name = "NAME")]
    player: Option<String>,
    /// The full search: to this depth (default 14).
    #[arg(long, value_name = "N", conflicts_with = "movetime",
          value_parser = clap::value_parser!(u32).range(1..=60))]
    depth: Option<u32>,
    /// The full search: this many milliseconds instead.
    #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u64).range(1..))]
    movetime: Option<u64>,
    /// The cheap first pass: every position is searched to this many nodes,
    /// and only those where the best move stands out get the full search
    /// (0: the full search everywhere, as before).
    #[arg(long, value_name = "N", default_value_t = DEFAULT_SCAN_NODES)]
    scan_nodes: u64,
    /// The pack to write (default: mined.json in the data directory). Puzzles
    /// already in it are kept; the same game mined again replaces its own.
    #[arg(long, value_name = "PACK.json")]
    out: Option<PathBuf>,
    /// How many cores to use: one engine of one thread each, mining games
    /// side by side (default: the machine's cores).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=256))]
    threads: Option<u32>,
    /// The Hash option of each engine, in MiB.
    #[arg(long, default_value_t = 64, value_name = "MB")]
    hash: u32,
    /// No progress bar.
    #[arg(long)]
    quiet: bool,
}

/// The default search depth.
const DEFAULT_DEPTH: u32 = 14;

/// The node limit of the first pass by default: depth 7 or so for
/// Stockfish, a quarter of what it searches in 20 ms on an idle core, and
/// enough to see that one move stands out (docs/PERFORMANCE.md).
const DEFAULT_SCAN_NODES: u64 = 2_000;

pub fn mine(args: MineArgs, ctx: &Context) -> anyhow::Result<ExitCode> {
    let named = ctx.engine(args.engine.as_deref());
    let Some(engine_path) = find_engine_here(named.as_deref()) else {
        eprintln!("sancho: mining needs a UCI engine and none was found: {HOW_TO_GET_ONE}");
        return Ok(ExitCode::from(2));
    };
    let out = match args.out.clone() {
        Some(out) => out,
        None => ctx.data_dir()?.join("mined.json"),
    };
    let (file, size) = super::files::open_input(&args.games, super::files::STREAM_MAX)
        .with_context(|| format!("cannot read {}", args.games.display()))?;
    let size = size.unwrap_or(0);
    let options = EngineOptions {
        threads: 1,
        hash_mb: args.hash,
        ..EngineOptions::default()
    };
    let workers = args.threads.map_or_else(
        || std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get),
        |n| usize::try_from(n).unwrap_or(1),
    );
    let mut engines = Vec::with_capacity(workers);
    for _ in 0..workers {
        engines.push(
            Engine::start(&engine_path, options.clone()).with_context(|| {
                format!(
                    "the engine {} did not start as a UCI engine ({HOW_TO_GET_ONE})",
                    engine_path.display()
                )
            })?,
        );
    }
    let full = match (args.depth, args.movetime) {
        (_, Some(ms)) => Limit::Movetime(ms),
        (depth, None) => Limit::Depth(depth.unwrap_or(DEFAULT_DEPTH)),
    };
    let search = Search {
        player: args.player.clone(),
        full,
        scan: (args.scan_nodes > 0).then_some(Limit::Nodes(args.scan_nodes)),
    };
    let mut pack = OutPack::open(&out, &args.games)?;
    let bar = progress_bar(size, args.quiet);
    let started = Instant::now();
    let mut tally = Tally::default();
    let games = PgnReader::new(BufReader::new(file));
    let shown = args.games.display();
    let result = mine_all(
        engines,
        games,
        &search,
        |bytes| bar.inc(bytes),
        |done| {
            if let Some(at) = done.not_utf8 {
                bar.suspend(|| {
                    eprintln!(
                        "{shown}:{at}: the game of line {} is not UTF-8; read as Latin-1",
                        done.line
                    );
                });
            }
            match done.outcome {
                Outcome::ReadFailed(e) => {
                    return Err(anyhow::Error::new(e).context(format!("cannot read {shown}")));
                }
                Outcome::Unreadable(e) => {
                    bar.suspend(|| eprintln!("{shown}:{}: game skipped: {e}", done.line));
                    tally.skipped += 1;
                }
                Outcome::WithoutPlayer => tally.without_player += 1,
                Outcome::Failed(e) => {
                    return Err(anyhow::Error::new(e).context(format!(
                        "{shown}:{}: the engine {} failed; mining stopped (the pack holds the games before this one)",
                        done.line,
                        engine_path.display()
                    )));
                }
                Outcome::Mined(mined) => {
                    if let Some(e) = &mined.error {
                        bar.suspend(|| {
                            eprintln!("{shown}:{}: game stopped early: {e}", done.line);
                        });
                    }
                    tally.games += 1;
                    tally.positions += mined.positions;
                    tally.full_searches += mined.full_searches;
                    if !mined.puzzles.is_empty() {
                        tally.puzzles += mined.puzzles.len();
                        pack.add(mined.puzzles);
                        pack.write()?;
                    }
                }
            }
            bar.set_message(format!("{} puzzles", tally.puzzles));
            Ok(())
        },
    );
    bar.finish_and_clear();
    result?;
    pack.write()?;
    say!(
        "mined {} puzzles from {} games ({} positions, {} searched in full, {} engines) in {:.0} s: {}",
        tally.puzzles,
        tally.games,
        tally.positions,
        tally.full_searches,
        workers,
        started.elapsed().as_secs_f64(),
        out.display()
    )?;
    if tally.skipped > 0 {
        say!("{} games could not be read", tally.skipped)?;
    }
    if tally.without_player > 0
        && let Some(player) = &args.player
    {
        say!(
            "{} games without {player:?} were passed over",
            tally.without_player
        )?;
    }
    if tally.puzzles == 0 {
        for line in nothing_found(&tally, &search, args.scan_nodes) {
            say!("{line}")?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// A bar over the file's bytes, moved as each game is mined, with the
/// time elapsed and the estimated time left.
fn progress_bar(size: u64, quiet: bool) -> ProgressBar {
    if quiet {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(size);
    bar.set_style(
        ProgressStyle::with_template("{bar:30} {percent:>3}% {elapsed} ETA {eta} {msg}")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    bar.enable_steady_tick(Duration::from_millis(500));
    bar
}

/// The pack being written: what the file held before, plus this run's puzzles.
struct OutPack {
    path: PathBuf,
    name: String,
    kept: Vec<Value>,
    mined: Vec<MinedPuzzle>,
}

impl OutPack {
    /// Reads the puzzles already in `path` (none if it does not exist).
    /// Only a regular file is read or replaced (a FIFO would hang the read,
    /// and the rename would destroy a device), and the directory is proved
    /// writable now rather than after an hour of mining.
    fn open(path: &Path, games: &Path) -> anyhow::Result<Self> {
        if let Ok(meta) = std::fs::metadata(path)
            && !meta.is_file()
        {
            anyhow::bail!(
                "{} is {}: `mine --out` writes a pack to a file",
                path.display(),
                sancho::progress::file_kind(&meta.file_type())
            );
        }
        let dir = parent_dir(path);
        std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
        tempfile::NamedTempFile::new_in(dir)
            .with_context(|| format!("cannot write in {}", dir.display()))?;
        let mut name = format!(
            "Mined from {}",
            games.file_name().map_or_else(
                || games.display().to_string(),
                |n| n.to_string_lossy().into_owned()
            )
        );
        let kept = match std::fs::read_to_string(path) {
            Ok(text) => {
                let value: Value = serde_json::from_str(&text).with_context(|| {
                    format!(
                        "{} exists and is not a pack: not overwriting it",
                        path.display()
                    )
                })?;
                match value {
                    Value::Array(puzzles) => puzzles,
                    Value::Object(mut map) => match map.remove("puzzles") {
                        Some(Value::Array(puzzles)) => {
                            if let Some(Value::String(old)) = map.remove("name") {
                                name = old;
                            }
                            puzzles
                        }
                        _ => anyhow::bail!(
                            "{} exists and is not a pack: not overwriting it",
                            path.display()
                        ),
                    },
                    _ => anyhow::bail!(
                        "{} exists and is not a pack: not overwriting it",
                        path.display()
                    ),
                }
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Vec::new(),
            Err(e) => return Err(e).with_context(|| format!("cannot read {}", path.display())),
        };
        Ok(Self {
            path: path.to_owned(),
            name,
            kept,
            mined: Vec::new(),
        })
    }

    fn add(&mut self, puzzles: Vec<MinedPuzzle>) {
        let ids: HashSet<&str> = puzzles.iter().map(|p| p.id.as_str()).collect();
        self.kept.retain(|p| {
            !p.get("id")
                .and_then(Value::as_str)
                .is_some_and(|id| ids.contains(id))
        });
        self.mined.extend(puzzles);
    }

    /// Writes the pack atomically (a temporary file renamed over it),
    /// through a link to its target, keeping the file's permissions.
    fn write(&self) -> anyhow::Result<()> {
        let dir = parent_dir(&self.path);
        std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
        let mut puzzles = self.kept.clone();
        for p in &self.mined {
            puzzles.push(serde_json::to_value(p)?);
        }
        let pack = serde_json::json!({
            "name": self.name,
            "description": "Positions from your games where the best move clearly beat the rest, found by `sancho mine`.",
            "puzzles": puzzles,
        });
        let mut bytes = serde_json::to_vec_pretty(&pack)?;
        bytes.push(b'\n');
        sancho::export::write_file(&self.path, &bytes)?;
        Ok(())
    }
}

/// The directory a file is in (`.` for a bare name).
fn parent_dir(path: &Path) -> &Path {
    match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    }
}

/// Refutations of wrong moves for line mode: the mate solver first, then
/// the engine named by `--engine`, the config or `SANCHO_ENGINE`, started at the first
/// need. An engine that fails is reported once and not used again.
pub struct Refuter {
    path: Option<PathBuf>,
    engine: Option<Engine>,
}

/// How long the engine looks at the position after a wrong move.
const REFUTE_MS: u64 = 400;

impl Refuter {
    /// A refuter with the named engine (`--engine`, else the config's), else
    /// `SANCHO_ENGINE`, else none.
    pub fn new(named: Option<PathBuf>) -> Self {
        let path = named.or_else(|| {
            std::env::var_os("SANCHO_ENGINE")
                .filter(|e| !e.is_empty())
                .map(PathBuf::from)
        });
        Self { path, engine: None }
    }

    /// Why `wrong` (legal in `pos`) fails, when it can be shown; with an
    /// engine, also why no refutation is shown. `None`: nothing to say
    /// (no engine, or it failed and that was said).
    pub fn refute(&mut self, pos: &Chess, wrong: Move) -> Option<Refuted> {
        if let Some(r) = by_mate(pos, wrong) {
            return Some(Ok(r));
        }
        if self.engine.is_none() {
            let path = self.path.take()?;
            match Engine::start(&path, EngineOptions::default()) {
                Ok(engine) => self.engine = Some(engine),
                Err(e) => {
                    eprintln!("sancho: {e}; only mates the solver proves are refuted");
                    return None;
                }
            }
        }
        let engine = self.engine.as_mut()?;
        let mut after = pos.clone();
        after.play_unchecked(wrong);
        match engine.analyse(&fen_of(&after), 1, Limit::Movetime(REFUTE_MS)) {
            Ok(lines) => Some(by_engine(pos, wrong, &lines)),
            Err(e) => {
                eprintln!("sancho: {e}; only mates the solver proves are refuted");
                self.engine = None;
                None
            }
        }
    }
}
