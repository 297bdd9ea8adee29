//! `sancho history [--failed] [--json] [--limit N]`: the puzzles played
//! lately, newest first, with their result; the failed ones are what
//! `sancho play --replay-failed` replays.

use std::io::{self, Write};
use std::process::ExitCode;

use clap::Args;

use super::context::Context;

/// `sancho history`.
#[derive(Debug, Args)]
pub struct HistoryArgs {
    /// Only the puzzles failed (wrong move, hint or solution shown).
    #[arg(long)]
    failed: bool,
    /// One JSON array of attempts.
    #[arg(long)]
    json: bool,
    /// How many attempts at most.
    #[arg(long, value_name = "N", default_value_t = 30)]
    limit: usize,
}

/// Lists the latest attempts.
pub fn history(args: &HistoryArgs, ctx: &Context) -> anyhow::Result<ExitCode> {
    let store = ctx.open_store_for_reading()?;
    let recent = store.progress().recent(args.limit, args.failed);
    let mut out = io::stdout().lock();
    if args.json {
        serde_json::to_writer_pretty(&mut out, &recent)?;
        writeln!(out)?;
        return Ok(ExitCode::SUCCESS);
    }
    if recent.is_empty() {
        let what = if args.failed { "failed " } else { "" };
        writeln!(out, "No {what}puzzle played yet.")?;
        return Ok(ExitCode::SUCCESS);
    }
    writeln!(
        out,
        "When (UTC)        Puzzle       Result                 Rating  Time  Themes"
    )?;
    for attempt in &recent {
        writeln!(out, "{attempt}")?;
    }
    let failed = recent.iter().filter(|a| !a.solved).count();
    if failed > 0 {
        writeln!(
            out,
            "\n{failed} failed: `sancho play --replay-failed` plays them again (a replay never moves your rating)."
        )?;
    }
    Ok(ExitCode::SUCCESS)
}
