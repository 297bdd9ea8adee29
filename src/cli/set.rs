//! `sancho set new | play | list | delete`: Woodpecker sets (issue 14).
//!
//! A set is chosen once (`new`, with the filters of `play`) from the
//! imported library when there is one, else from the built-in packs and the
//! starter set, and kept in the progress store by its puzzles' ids. `play`
//! plays the cycle under way from its first puzzle not yet attempted, in
//! the trainer or in line mode; every attempt is recorded as `play` records
//! it (rated on a first attempt, reviewed when failed) and in the set.

use std::cell::RefCell;
use std::io::{self, Write};
use std::process::ExitCode;

use anyhow::{Context as _, bail};
use clap::{Args, Subcommand};
use sancho::library::Filter;
use sancho::line::{LineEvent, Mode, run_puzzles_in};
use sancho::progress::{PuzzleSet, Resume, SetOrigin, SetRecorded, Store};
use sancho::progress::{check_set_name, cycle_table};
use sancho::puzzle::{Puzzle, load_path};
use sancho::record::source_of;
use sancho::train::Saved;
use sancho::tui;
use sancho::woodpecker::{self, Candidates, NewSet};

use super::context::Context;
use super::data::{now, stopwatch, tell_notice};
use super::library::open_library;
use super::play::Trainer;
use super::record::Recording;

/// `sancho set`.
#[derive(Debug, Subcommand)]
pub enum SetCommand {
    /// Make a set: N puzzles chosen with the filters of `play` (the library
    /// if imported, else the built-in packs and the starter set).
    New(NewArgs),
    /// Play the set's cycle under way, from its first puzzle not yet attempted.
    Play(PlaySetArgs),
    /// Every set: size, cycles done, the last cycle, the goal of the next.
    List {
        /// The sets as one JSON array.
        #[arg(long)]
        json: bool,
    },
    /// Delete a set and its cycles (the attempts stay in your progress).
    Delete {
        /// The set's name.
        name: String,
    },
}

/// `sancho set new`.
#[derive(Debug, Args)]
pub struct NewArgs {
    /// The set's name (at most 40 characters).
    name: String,
    /// How many puzzles the set holds.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=2000))]
    count: u32,
    /// Where puzzles come from: `builtin`, `library` or a puzzle file's PATH
    /// (default: the library if imported, else builtin).
    #[arg(long, value_name = "SOURCE")]
    source: Option<super::play::PuzzleSource>,
    /// Which puzzles.
    #[command(flatten)]
    filters: super::play::FilterArgs,
    /// The seed that chooses the puzzles (default: the time); the same seed
    /// and filters give the same set.
    #[arg(long)]
    seed: Option<u64>,
}

/// `sancho set play`.
#[derive(Debug, Args)]
pub struct PlaySetArgs {
    /// The set's name.
    name: String,
    /// Line mode: no full screen.
    #[arg(long)]
    plain: bool,
    /// With --plain: every event as one JSON object per line.
    #[arg(long, requires = "plain")]
    json: bool,
    /// How the board is drawn.
    #[command(flatten)]
    display: super::play::DisplayArgs,
}

/// Runs `sancho set ...`.
pub fn set(command: SetCommand, ctx: &Context) -> anyhow::Result<ExitCode> {
    match command {
        SetCommand::New(args) => new(args, ctx),
        SetCommand::Play(args) => play(args, ctx),
        SetCommand::List { json } => list(json, ctx),
        SetCommand::Delete { name } => {
            let mut store = ctx.open_store()?.0;
            let removed = store.record(|p| p.remove_set(&name))??;
            tell_notice(&mut store);
            say!(
                "deleted the set {} ({} puzzles, {} cycles)",
                removed.name,
                removed.puzzles.len(),
                removed.finished().count()
            )?;
            Ok(ExitCode::SUCCESS)
        }
    }
}

impl NewArgs {
    fn filter(&self) -> Filter {
        self.filters.filter()
    }
}

fn new(args: NewArgs, ctx: &Context) -> anyhow::Result<ExitCode> {
    let name = check_set_name(&args.name)?.to_owned();
    let mut store = ctx.open_store()?.0;
    // Before choosing: a taken name is said at once.
    if store.progress().set(&name).is_ok() {
        bail!(sancho::progress::SetError::Duplicate(name));
    }
    let seed = args.seed.unwrap_or_else(|| now().0.unsigned_abs());
    let wanted = args.count as usize;
    let new = NewSet {
        name: name.clone(),
        count: wanted,
        filter: args.filter(),
        seed,
        created: now(),
    };
    let set = make_from(&new, args.source.as_ref(), ctx)?;
    let (size, from) = (set.puzzles.len(), set.origin.to_string());
    store.add_set(set)??;
    tell_notice(&mut store);
    if size < wanted {
        say!("only {size} puzzles fit the filters: the set holds {size}")?;
    }
    say!(
        "set {name}: {size} puzzles from {from} (seed {seed}); play it with `sancho set play {}`",
        shell_word(&name)
    )?;
    Ok(ExitCode::SUCCESS)
}

fn list(json: bool, ctx: &Context) -> anyhow::Result<ExitCode> {
    let store = ctx.open_store_for_reading()?;
    let sets = store.progress().set_stats();
    let mut out = io::stdout().lock();
    if json {
        serde_json::to_writer_pretty(&mut out, &sets)?;
        writeln!(out)?;
    } else if sets.is_empty() {
        writeln!(
            out,
            "no sets yet: make one with `sancho set new NAME --count N [--theme T] [--rating A-B]`"
        )?;
    } else {
        for set in &sets {
            write!(out, "{set}")?;
            if set.cycles.len() > 1 {
                for line in cycle_table(set) {
                    writeln!(out, "{line}")?;
                }
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// Makes the set `new` asks for from `source` (default: the library if
/// imported, else the built-in puzzles), as the Sets screen does.
fn make_from(
    new: &NewSet,
    source: Option<&super::play::PuzzleSource>,
    ctx: &Context,
) -> anyhow::Result<PuzzleSet> {
    use super::play::PuzzleSource;
    let source = match source {
        Some(source) => source.clone(),
        None if ctx.library_if_any().is_some() => PuzzleSource::Library,
        None => PuzzleSource::Builtin,
    };
    Ok(match &source {
        PuzzleSource::Library => {
            let library = open_library(&ctx.library_path()?)?;
            woodpecker::make(new, Candidates::Library(&library))?
        }
        PuzzleSource::Builtin => woodpecker::make(new, Candidates::Builtin)?,
        PuzzleSource::File(path) => {
            let loaded = load_path(path).map_err(|e| {
                anyhow::anyhow!(
                    "cannot read puzzles from {}: {}",
                    path.display(),
                    e.reason()
                )
            })?;
            // Kept as an absolute path: `set play` may run from elsewhere.
            let name = std::fs::canonicalize(path)
                .unwrap_or_else(|_| path.clone())
                .display()
                .to_string();
            woodpecker::make(new, Candidates::File(&loaded.puzzles, name))?
        }
    })
}

/// The set's puzzles, in set order, found where the set's origin says.
///
/// # Errors
/// A puzzle that cannot be found any more, named, with how to go on.
fn load_set(set: &PuzzleSet, ctx: &Context) -> anyhow::Result<Vec<Puzzle>> {
    let library = match set.origin {
        SetOrigin::Library => Some(open_library(&ctx.library_path()?)?),
        _ => None,
    };
    Ok(woodpecker::load(set, library.as_ref())?)
}

/// What to say when a cycle ends: its figures and the next goal.
fn cycle_end_text(store: &Store, set: &str, done: &SetRecorded) -> Vec<String> {
    let Some(summary) = &done.finished else {
        return Vec::new();
    };
    let mut lines = vec![format!(
        "Set {set}: cycle {} finished: {}.",
        summary.cycle,
        summary.figures()
    )];
    if let Ok(s) = store.progress().set(set) {
        lines.push(format!("Next {}.", s.stats().goal_line()));
    }
    lines
}

fn play(args: PlaySetArgs, ctx: &Context) -> anyhow::Result<ExitCode> {
    if !args.plain {
        super::terminal::require()?;
    }
    let store = ctx.open_store()?.0;
    let set = store.progress().set(&args.name)?.clone();
    let puzzles = load_set(&set, ctx)?;
    let builtin = set.origin == SetOrigin::Builtin;
    let remaining = set.remaining();
    let number = set.next_cycle_number();
    let in_cycle: Vec<bool> = match set.current() {
        Some(c) => (0..puzzles.len())
            .map(|i| c.results.iter().any(|r| r.index == i && r.solved))
            .collect(),
        None => vec![false; puzzles.len()],
    };
    let plan = Resume {
        order: remaining.clone(),
        solved: in_cycle,
        due: 0,
        all_done: false,
    };
    if args.plain {
        let mode = Mode {
            json: args.json,
            blindfold: false,
            lang: ctx.trainer_lang(),
            blind: None,
        };
        let store = RefCell::new(store);
        let ended: RefCell<Vec<String>> = RefCell::new(Vec::new());
        let mut out = io::stdout().lock();
        let done = set.puzzles.len() - remaining.len();
        if args.json {
            let start = LineEvent::SetStart {
                set: set.name.clone(),
                cycle: number,
                puzzles: set.puzzles.len(),
                done,
            };
            writeln!(out, "{}", serde_json::to_string(&start)?)?;
        } else {
            writeln!(
                out,
                "Set {}: cycle {number}, {done} of {} done.",
                set.name,
                set.puzzles.len()
            )?;
            if set.stats().goal_days.is_some() {
                writeln!(out, "Goal: {}.", set.stats().goal_line())?;
            }
        }
        run_puzzles_in(
            io::stdin().lock(),
            &mut out,
            &puzzles,
            plan,
            mode,
            stopwatch(),
            |puzzle, outcome, ms| {
                let mut store = store.borrow_mut();
                // The attempt and its place in the cycle: one write.
                let saved = Recording {
                    store: Some(&mut store),
                    set: Some(&set),
                }
                .puzzle(
                    puzzle,
                    source_of(puzzle, builtin),
                    outcome,
                    ms,
                    sancho::train::Track::Rated,
                )
                .map_err(io::Error::other)?;
                let Some(Saved::Puzzle {
                    recorded,
                    set: in_set,
                }) = saved
                else {
                    return Ok(None);
                };
                match in_set {
                    Some(Ok(in_set)) if in_set.finished.is_some() => {
                        ended.replace(cycle_end_text(&store, &set.name, &in_set));
                    }
                    Some(Err(e)) => eprintln!("sancho: {e}"),
                    _ => {}
                }
                Ok(Some(recorded))
            },
            |_, _| None,
        )?;
        let ended = ended.into_inner();
        let store = store.into_inner();
        let stats = store.progress().set(&set.name)?.stats();
        if args.json {
            let event = LineEvent::SetEnd {
                set: set.name.clone(),
                cycle: number,
                finished: stats.cycles.iter().find(|c| c.cycle == number).cloned(),
                current: stats.current.clone(),
                goal_days: stats.goal_days,
            };
            writeln!(out, "{}", serde_json::to_string(&event)?)?;
        } else if ended.is_empty() {
            if let Some(c) = &stats.current {
                writeln!(
                    out,
                    "Set {}: cycle {}, {} of {} done; `sancho set play {}` goes on from here.",
                    set.name,
                    c.cycle,
                    c.done,
                    stats.puzzles,
                    shell_word(&set.name)
                )?;
            }
        } else {
            for line in ended {
                writeln!(out, "{line}")?;
            }
        }
        return Ok(ExitCode::SUCCESS);
    }
    let mut config = tui::Config {
        start: tui::Start::Puzzles,
        ..tui::Config::default()
    };
    args.display.apply(&mut config);
    let name = set.name.clone();
    let code = Trainer {
        config,
        puzzles,
        order: remaining,
        builtin,
        ladder: None,
        weak: None,
        store: Some(store),
        notice: None,
        // Esc leads to the home screen, which offers everything else.
        library: ctx.library_if_any(),
        filter: Filter::default(),
        set: Some(set),
        engine: None,
        mined: ctx.mined_pack(),
    }
    .run(ctx)?;
    // The set's state once the screen has closed.
    let store = ctx
        .open_store_for_reading()
        .context("reading the set back")?;
    let stats = store.progress().set(&name)?.stats();
    match (&stats.current, stats.cycles.last()) {
        (Some(c), _) => say!(
            "Set {name}: cycle {}, {} of {} done; `sancho set play {}` goes on from here.",
            c.cycle,
            c.done,
            stats.puzzles,
            shell_word(&name)
        )?,
        (None, Some(last)) => {
            say!(
                "Set {name}: cycle {} finished: {}.",
                last.cycle,
                last.figures()
            )?;
            say!("Next {}.", stats.goal_line())?;
        }
        (None, None) => {}
    }
    Ok(code)
}

/// `word` as a shell reads it back as one argument: as it is when it holds
/// nothing a shell treats specially, else in single quotes (a quote inside
/// written `'\''`), so that a printed command can be pasted.
fn shell_word(word: &str) -> String {
    let plain = !word.is_empty()
        && word
            .chars()
            .all(|c| c.is_alphanumeric() || "-_./:,+=@%".contains(c));
    if plain {
        word.to_owned()
    } else {
        format!("'{}'", word.replace('\'', "'\\''"))
    }
}

#[cfg(test)]
mod tests {
    use super::shell_word;

    #[test]
    fn a_name_a_shell_would_split_is_quoted() {
        let table = [
            ("pins", "pins"),
            ("week-1", "week-1"),
            ("week 1 pins", "'week 1 pins'"),
            ("it's", "'it'\\''s'"),
            ("$HOME", "'$HOME'"),
            ("a;b", "'a;b'"),
            ("", "''"),
        ];
        for (name, quoted) in table {
            assert_eq!(shell_word(name), quoted, "{name}");
        }
    }

    /// What a POSIX shell reads back is the name itself.
    #[cfg(unix)]
    #[test]
    fn the_shell_reads_the_quoted_name_back() {
        for name in [
            "week 1 pins",
            "it's a \"set\"",
            "$(rm -rf x)",
            "tab\there",
            "ünïcode ♞",
        ] {
            let out = std::process::Command::new("sh")
                .arg("-c")
                .arg(format!("printf %s {}", shell_word(name)))
                .output()
                .expect("sh runs");
            assert_eq!(String::from_utf8_lossy(&out.stdout), name);
        }
    }
}
