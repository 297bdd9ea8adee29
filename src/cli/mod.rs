//! Command-line definitions and dispatch.

/// `println!` that returns the write's error instead of panicking. Every
/// command writes to standard output through it (or through a locked
/// handle and `writeln!`; `clippy::print_stdout` is denied), so that one
/// rule holds for all: a reader that goes away (`| head -1`) ends the
/// command quietly with success (see `main`), any other write error is
/// reported.
macro_rules! say {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        writeln!(std::io::stdout(), $($arg)*)
    }};
}

mod class;
mod config;
mod context;
mod course;
mod curate;
mod data;
mod doctor;
#[cfg(test)]
mod documented;
mod drill;
mod files;
mod game;
mod guess;
mod history;
mod library;
mod mine;
mod modes;
mod notation;
mod play;
mod progress;
mod puzzles;
mod record;
mod repertoire;
mod set;
mod shell;
mod terminal;
mod worksheet;

use std::process::ExitCode;

use std::path::PathBuf;

use clap::{Parser, Subcommand};

/// `sancho --version`: the version, then where to find the rest
/// (`-V` prints the version alone).
const LONG_VERSION: &str = concat!(
    env!("CARGO_PKG_VERSION"),
    "\n`sancho doctor` says where the data and the config live, the engine and the terminal: \
     one block to paste in a bug report."
);

/// The heading the options every command takes are listed under.
const GLOBAL: &str = "Global options";

/// `sancho --help` says the global options in full, once; each command's
/// help lists them in a line each under [`GLOBAL`].
const GLOBAL_HELP: &str = "\
Global options, in full:
  --data-dir DIR   Where progress, sets and the library are kept (default:
                   SANCHO_DATA_DIR, else the platform's data directory).
  --lang CODE      Piece letters of this language, for input and output in
                   `resolve`, `hint`, `moves`, the drills and the trainer (ISO
                   639-1: en, de, fr, es, it, pt, nl, cs, pl, hu, sv, no, da,
                   fi, ro, is, et, hr; default en; the trainer and `play
                   --plain` default to the config file's `lang`). JSON keeps
                   `san` in English and adds `local`.
  --figurine       Write moves with figurines (♘f3), as FIDE recommends for
                   print: `resolve`, `hint`, `moves`, `translate`, the drills
                   and the trainer (default: the config file's `figurine`).
                   JSON keeps `san` in English and adds `local`.";

/// Sancho: a terminal trainer for chess notation and puzzles.
///
/// Without a command it starts the trainer on the built-in puzzles.
#[derive(Debug, Parser)]
#[command(
    name = "sancho",
    version,
    long_version = LONG_VERSION,
    about,
    long_about = None,
    after_long_help = GLOBAL_HELP
)]
pub struct Cli {
    /// What to do; none starts the trainer.
    #[command(subcommand)]
    pub command: Option<Command>,
    /// What to play when no command is given.
    #[command(flatten)]
    pub play: play::PlayArgs,
    /// Where progress is kept (in full: `sancho --help`).
    #[arg(long, global = true, value_name = "DIR", help_heading = GLOBAL)]
    pub data_dir: Option<PathBuf>,
    /// Piece letters of this language: de, fr, es, ... (in full: `sancho --help`).
    #[arg(long, global = true, value_name = "CODE", help_heading = GLOBAL)]
    pub lang: Option<sancho::notation::Lang>,
    /// Write moves with figurines, ♘f3 (in full: `sancho --help`).
    #[arg(long, global = true, help_heading = GLOBAL)]
    pub figurine: bool,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Play puzzles: the full-screen trainer, or line mode with --plain.
    Play(play::PlayArgs),
    /// Resolve a typed move against a position and explain it.
    Resolve(notation::ResolveArgs),
    /// The live hint for a partial input: what it can still become.
    Hint(notation::HintArgs),
    /// Every legal move of a position in SAN, LAN and UCI.
    Moves(notation::MovesArgs),
    /// Every SAN string that can occur in a legal game, one per line.
    SanStrings(notation::SanStringsArgs),
    /// Movetext or PGN from one notation language to another, checked move by move.
    Translate(notation::TranslateArgs),
    /// Validate puzzle files (or, with no path, the built-in packs).
    Check(puzzles::CheckArgs),
    /// Find every move that forces mate in N.
    Solve(puzzles::SolveArgs),
    /// Puzzles from your own games (PGN), found with a UCI engine such as Stockfish.
    Mine(mine::MineArgs),
    /// The notation course: the hand-written packs in teaching order, resumed (never rated).
    Course(course::CourseArgs),
    /// Puzzle Storm: as many puzzles as a clock allows (line mode: --plain [--json]).
    Storm(modes::StormArgs),
    /// Puzzle Streak: rising difficulty until the first mistake, one skip (line mode: --plain [--json]).
    Streak(modes::StreakArgs),
    /// Woodpecker sets: `sancho set new NAME --count N [filters]`, `set play NAME`, `set list`.
    #[command(subcommand)]
    Set(set::SetCommand),
    /// Notation drills: write, read, disambiguation, coordinates, transcribe, review, scoresheet.
    Drill(drill::DrillArgs),
    /// Play a position out against an engine (line mode: --plain [--json]).
    Game(game::GameArgs),
    /// Guess the move through a master game (line mode: --plain [--json]; an engine judges other moves).
    Guess(guess::GuessArgs),
    /// Lessons on every rule of SAN (no number: the list).
    Lesson(drill::LessonArgs),
    /// Your opening repertoire from your own PGN, trained move by move:
    /// `repertoire add FILE.pgn --side white|black`, `list`, `show NAME`, `delete NAME`, `train [NAME]`.
    #[command(subcommand)]
    Repertoire(repertoire::RepertoireCommand),
    /// Import the Lichess puzzle database (.csv or .csv.zst) into the offline library.
    Import(library::ImportArgs),
    /// The offline library: `sancho library stats [--json]`.
    #[command(subcommand)]
    Library(library::LibraryCommand),
    /// Your figures: puzzles, rating, streaks, reviews due, drills, mistakes (--themes: the theme dashboard).
    Stats(progress::StatsArgs),
    /// The puzzles played lately with their result (--failed: those to replay with `play --replay-failed`).
    History(history::HistoryArgs),
    /// Export, import (merge) or reset your progress.
    #[command(subcommand)]
    Progress(progress::ProgressCommand),
    /// Worksheets to print: puzzles (the filters of play), a drill (--drill) or a
    /// blank scoresheet (--scoresheet), as PDF with an answer key, or text with --out -.
    Worksheet(worksheet::WorksheetArgs),
    /// A teacher's class: `sancho class report results/*.json [--json | --csv]`.
    #[command(subcommand)]
    Class(class::ClassCommand),
    /// The config file: `sancho config path | show | init`.
    #[command(subcommand)]
    Config(config::ConfigCommand),
    /// Print a completion script: `sancho completions bash > ~/.local/share/bash-completion/completions/sancho`.
    Completions(shell::CompletionsArgs),
    /// Print the man page (roff), or write one page per subcommand with --dir.
    Man(shell::ManArgs),
    /// What Sancho finds here: version, data, config, library, engine, terminal (for a bug report).
    Doctor(doctor::DoctorArgs),
}

/// Runs the parsed command line.
pub fn run(cli: Cli) -> anyhow::Result<ExitCode> {
    // Play options before another subcommand would be ignored: say so.
    if let Some(command) = &cli.command
        && !matches!(command, Command::Play(_))
        && cli.play != play::PlayArgs::default()
    {
        anyhow::bail!(
            "the play options (--pack, --theme, --rating, --puzzle, --ascii, ...) apply to `sancho` and `sancho play` only"
        );
    }
    if matches!(cli.command, Some(Command::Translate(_))) && cli.lang.is_some() {
        anyhow::bail!("translate takes --from CODE and --to CODE, not --lang");
    }
    // The data directory, the settings and the languages, resolved once.
    let data_flag = cli.data_dir.is_some();
    let ctx = context::Context::new(cli.data_dir, cli.lang, cli.figurine);
    let ctx = &ctx;
    match cli.command {
        Some(Command::Resolve(args)) => notation::resolve(args, ctx.lang()),
        Some(Command::Hint(args)) => notation::hint(args, ctx.lang()),
        Some(Command::Moves(args)) => notation::moves(args, ctx.lang()),
        Some(Command::SanStrings(args)) => notation::san_strings(args),
        Some(Command::Translate(args)) => notation::translate(args, cli.figurine),
        Some(Command::Check(args)) => puzzles::check(args),
        Some(Command::Solve(args)) => puzzles::solve(args),
        Some(Command::Mine(args)) => mine::mine(args, ctx),
        Some(Command::Course(args)) => course::course_command(args, ctx),
        Some(Command::Storm(args)) => modes::storm(args, ctx),
        Some(Command::Streak(args)) => modes::streak(args, ctx),
        Some(Command::Set(command)) => set::set(command, ctx),
        Some(Command::Drill(args)) => drill::drill(args, ctx),
        Some(Command::Lesson(args)) => drill::lesson(args, ctx),
        Some(Command::Game(args)) => game::game(&args, ctx),
        Some(Command::Guess(args)) => guess::guess(&args, ctx),
        Some(Command::Repertoire(command)) => repertoire::repertoire(command, ctx),
        Some(Command::Import(args)) => library::import(args, ctx),
        Some(Command::Library(command)) => library::library(command, ctx),
        Some(Command::Stats(args)) => progress::stats(args, ctx),
        Some(Command::History(args)) => history::history(&args, ctx),
        Some(Command::Progress(command)) => progress::progress(command, ctx),
        Some(Command::Class(command)) => class::class(command),
        Some(Command::Worksheet(args)) => worksheet::worksheet(&args, ctx),
        Some(Command::Config(command)) => config::config(&command),
        Some(Command::Completions(args)) => shell::completions(&args),
        Some(Command::Man(args)) => shell::man(&args),
        Some(Command::Doctor(args)) => doctor::doctor(&args, ctx, data_flag),
        Some(Command::Play(args)) => {
            play::play(args.merged(cli.play)?, ctx, sancho::tui::Start::Puzzles)
        }
        None => play::play(cli.play, ctx, sancho::tui::Start::Home),
    }
}
