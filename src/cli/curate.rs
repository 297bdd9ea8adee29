//! `sancho library curate`: the reproducible selection of the built-in
//! Lichess starter set.

use std::collections::HashSet;
use std::fs::File;
use std::io::{BufReader, BufWriter, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use clap::Args;
use sancho::library::{CurateOptions, curate_except, write_lichess_csv};
use sancho::puzzle::{Puzzle, STARTER_NAME, builtin_packs, decompress_if_zst, fen_of};

/// `sancho library curate`.
#[derive(Debug, Args)]
pub struct CurateArgs {
    /// The Lichess puzzle CSV (`.csv` or `.csv.zst`) to select from.
    #[arg(long, value_name = "FILE")]
    from: PathBuf,
    /// How many puzzles to select.
    #[arg(long, default_value_t = 1200)]
    count: usize,
    /// Lowest rating kept.
    #[arg(long, default_value_t = 600)]
    min_rating: u32,
    /// Highest rating kept.
    #[arg(long, default_value_t = 2600)]
    max_rating: u32,
    /// Highest rating deviation kept (a larger one means the rating is not
    /// settled yet).
    #[arg(long, default_value_t = 110)]
    max_deviation: u32,
    /// Fewest plays kept.
    #[arg(long, default_value_t = 100)]
    min_plays: u32,
    /// Where to write the selection (Lichess CSV).
    #[arg(long, value_name = "PATH")]
    out: PathBuf,
}

pub fn curate(args: CurateArgs) -> anyhow::Result<ExitCode> {
    let name = args.from.display().to_string();
    let (file, _) = super::files::open_input(&args.from, super::files::STREAM_MAX)
        .with_context(|| format!("cannot open {name}"))?;
    let reader = decompress_if_zst(Box::new(BufReader::new(file)), &name)
        .with_context(|| format!("cannot read {name}"))?;
    let options = CurateOptions {
        count: args.count,
        min_rating: args.min_rating,
        max_rating: args.max_rating,
        max_deviation: args.max_deviation,
        min_plays: args.min_plays,
    };
    // Positions the hand-written packs already hold (some are Lichess
    // puzzles) are left out, so that no puzzle is met twice.
    let packs = builtin_packs()?;
    let held: HashSet<(String, String)> = packs
        .iter()
        .filter(|p| p.name != STARTER_NAME)
        .flat_map(|p| &p.puzzles)
        .map(key)
        .collect();
    let curated = curate_except(reader, &name, options, |p| held.contains(&key(p)))
        .with_context(|| format!("reading {name}"))?;
    let out_name = args.out.display().to_string();
    let out = File::create(&args.out).with_context(|| format!("cannot create {out_name}"))?;
    let mut out = BufWriter::new(out);
    write_lichess_csv(&curated.puzzles, &mut out)
        .and_then(|()| out.flush().map_err(Into::into))
        .with_context(|| format!("writing {out_name}"))?;
    let themes: std::collections::BTreeSet<&str> = curated
        .puzzles
        .iter()
        .flat_map(|p| p.themes.iter().map(String::as_str))
        .collect();
    say!(
        "selected {} of {} rows into {out_name} ({} themes of {}); skipped {} unreadable, {} already in a built-in pack, {} out of the rating range, {} with a rating deviation above {} or fewer than {} plays, {} tagged only with a phase, {} failing check --strict",
        curated.puzzles.len(),
        curated.rows,
        themes.len(),
        curated.themes,
        curated.unreadable,
        curated.skipped,
        curated.out_of_range,
        curated.unsettled,
        options.max_deviation,
        options.min_plays,
        curated.phase_only,
        curated.unsound
    )?;
    Ok(ExitCode::SUCCESS)
}

/// A puzzle's identity across formats: the start position and its first
/// move (ids differ between a pack and the Lichess CSV).
fn key(p: &Puzzle) -> (String, String) {
    let first = p
        .solution
        .first()
        .map(|m| m.uci.to_string())
        .unwrap_or_default();
    (fen_of(&p.position), first)
}
