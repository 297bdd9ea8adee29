//! `sancho stats` and `sancho progress export|import|reset`.

use std::io::{self, BufRead, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, Subcommand};

use super::context::Context;
use super::data::now;
use sancho::progress::{Exported, StoreError};
use sancho::puzzle::{Content, sniff_content};

/// What bytes that are not a progress document hold instead, if they are
/// another kind Sancho reads (a puzzle pack or a PGN), from their start.
fn wrong_kind(bytes: &[u8]) -> Option<Content> {
    sniff_content(&bytes[..bytes.len().min(8192)]).filter(|kind| *kind != Content::Progress)
}

/// `sancho stats`.
#[derive(Debug, Args)]
pub struct StatsArgs {
    /// Print the figures as one JSON object.
    #[arg(long)]
    json: bool,
    /// Only the theme dashboard: per theme, puzzles played, first-try
    /// success and performance; the weakest and strongest themes.
    #[arg(long)]
    themes: bool,
}

pub fn stats(args: StatsArgs, ctx: &Context) -> anyhow::Result<ExitCode> {
    let store = ctx.open_store_for_reading()?;
    let stats = store.progress().stats(now());
    if args.themes {
        let dashboard = store.progress().theme_dashboard();
        let mut out = io::stdout().lock();
        if args.json {
            serde_json::to_writer_pretty(&mut out, &dashboard)?;
            writeln!(out)?;
        } else {
            write!(out, "{dashboard}")?;
        }
        return Ok(ExitCode::SUCCESS);
    }
    // Storm and Streak bests: an added `modes` key, an added text block.
    let modes = store.progress().mode_records(now());
    // Each repertoire's figures: an added `repertoire` key and text block.
    let repertoires = super::repertoire::stats(store.progress(), ctx);
    // Games against the engine and endgames: an added `endgames` key and
    // one text line once any game is recorded.
    let endgames = store.progress().endgame_stats();
    let mut out = io::stdout().lock();
    if args.json {
        let mut value = serde_json::to_value(&stats)?;
        if let serde_json::Value::Object(map) = &mut value {
            map.insert("modes".into(), serde_json::to_value(&modes)?);
            map.insert("repertoire".into(), serde_json::to_value(&repertoires)?);
            map.insert("endgames".into(), serde_json::to_value(endgames)?);
        }
        serde_json::to_writer_pretty(&mut out, &value)?;
        writeln!(out)?;
    } else {
        write!(out, "{stats}{modes}")?;
        super::repertoire::write_stats(&mut out, &repertoires)?;
        if endgames.games > 0 {
            writeln!(
                out,
                "Games against the engine: {}. Endgames: {} attempts, {} achieved; {} endgames tried, {} achieved at least once.",
                endgames.games,
                endgames.attempts,
                endgames.achieved,
                endgames.tried,
                endgames.mastered
            )?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// `sancho progress`.
#[derive(Debug, Subcommand)]
pub enum ProgressCommand {
    /// Write a copy of your progress to FILE; with --pack, your results on
    /// that pack only, for a teacher's `sancho class report`.
    Export {
        /// Where to write it (or --out): a file (replaced whole, atomically),
        /// a pipe, or - for standard output.
        #[arg(required_unless_present = "out")]
        file: Option<PathBuf>,
        /// Where to write it: a file, a pipe, or - for standard output.
        #[arg(long, conflicts_with = "file")]
        out: Option<PathBuf>,
        /// Only the results on this pack (a JSON pack a teacher handed out):
        /// attempts, times, first-try results and notation mistakes.
        #[arg(long, value_name = "PACK")]
        pack: Option<PathBuf>,
        /// With --pack: the student's name (default: the output file's name, `anna` for anna.json).
        #[arg(long, requires = "pack")]
        student: Option<String>,
    },
    /// Merge progress from FILE (written by `export`, here or on another machine).
    Import {
        /// The file to merge.
        file: PathBuf,
    },
    /// Fit FSRS's parameters to your own review log (64 reviews or more) and
    /// schedule with them from now on; says what changed.
    Optimize {
        /// Go back to FSRS's default parameters.
        #[arg(long)]
        reset: bool,
    },
    /// Start afresh; the current progress is kept as a backup file.
    Reset {
        /// Do not ask first.
        #[arg(long)]
        yes: bool,
    },
}

pub fn progress(command: ProgressCommand, ctx: &Context) -> anyhow::Result<ExitCode> {
    let mut store = match command {
        ProgressCommand::Export { .. } => ctx.open_store_for_reading()?,
        _ => ctx.open_store()?.0,
    };
    match command {
        ProgressCommand::Export {
            file,
            out,
            pack,
            student,
        } => {
            let Some(file) = out.or(file) else {
                anyhow::bail!("say where to write: sancho progress export FILE (or --out FILE)");
            };
            // `-`: the document on standard output, and nothing else there.
            let to_stdout = file.as_os_str() == "-";
            match pack {
                Some(pack) => super::class::export(&store, &pack, &file, student)?,
                None if to_stdout => {
                    let mut out = io::stdout().lock();
                    out.write_all(&store.document()?)?;
                    out.flush()?;
                }
                // Through a pipe the data is all its reader gets.
                None => {
                    if store.export(&file)? == Exported::File {
                        say!("progress written to {}", file.display())?;
                    }
                }
            }
        }
        ProgressCommand::Import { file } => {
            let bytes = super::files::read_input(&file, super::files::TEXT_MAX)
                .map_err(|e| anyhow::anyhow!("cannot read {}: {e}", file.display()))?;
            let s = match store.import_bytes(&file, &bytes) {
                Err(e @ StoreError::ImportDamaged { .. }) => {
                    // A pack or a PGN given here is named, not called damaged.
                    return Err(match wrong_kind(&bytes) {
                        Some(kind) => anyhow::anyhow!(
                            "cannot import {}: {}",
                            file.display(),
                            kind.misplaced(&file.display().to_string(), "a progress file")
                        ),
                        None => e.into(),
                    });
                }
                other => other?,
            };
            let mut more = String::new();
            for (n, what) in [
                (s.games_new, "new games played out"),
                (s.card_reviews_new, "new repertoire reviews"),
                (s.runs_new, "new Storm and Streak runs"),
                (s.sets_new, "new sets"),
                (s.sets_updated, "sets brought up to date"),
            ] {
                if n > 0 {
                    more.push_str(&format!(", {n} {what}"));
                }
            }
            say!(
                "merged {}: {} new attempts ({} already known), {} new drill results, {} lessons newly complete{more}",
                file.display(),
                s.attempts_new,
                s.attempts_known,
                s.drills_new,
                s.lessons_new
            )?;
        }
        ProgressCommand::Optimize { reset } => return optimize(&mut store, reset),
        ProgressCommand::Reset { yes } => {
            if !yes
                && !confirm(&format!(
                    "reset all progress in {}? a backup is kept. [y/N] ",
                    store.path().display()
                ))?
            {
                say!("nothing was changed")?;
                return Ok(ExitCode::from(1));
            }
            match store.reset(now())? {
                Some(backup) => say!(
                    "progress reset; the old file is kept as {}",
                    backup.display()
                )?,
                None => say!("there was no progress to reset")?,
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// Asks a yes/no question on the terminal; without a terminal, the answer is no.
fn confirm(question: &str) -> anyhow::Result<bool> {
    if !io::stdin().is_terminal() {
        eprintln!("sancho: not resetting without a terminal to ask on; pass --yes");
        return Ok(false);
    }
    eprint!("{question}");
    io::stderr().flush()?;
    let mut answer = String::new();
    io::stdin().lock().read_line(&mut answer)?;
    Ok(matches!(answer.trim(), "y" | "Y" | "yes"))
}

/// `sancho progress optimize [--reset]`: fits and keeps the parameters, then
/// shows them beside the old ones and how a sample card's intervals change.
fn optimize(store: &mut sancho::progress::Store, reset: bool) -> anyhow::Result<ExitCode> {
    use sancho::progress::{Grade, OptimizeError};
    let before = store.progress().scheduler();
    let fit = if reset {
        if store.progress().fsrs_fit().is_none() {
            say!("the default FSRS parameters are already in use")?;
            return Ok(ExitCode::SUCCESS);
        }
        None
    } else {
        // The core leaves out what the optimizer cannot take; should the
        // crate panic all the same, the user hears why, not a backtrace.
        let fitted = without_panic(|| store.progress().optimize(now())).map_err(|why| {
            anyhow::anyhow!(
                "the FSRS optimizer failed on your review log ({why}); the parameters in use are unchanged"
            )
        })?;
        match fitted {
            Ok(fit) => Some(fit),
            Err(e @ OptimizeError::TooFew { .. }) => {
                eprintln!("sancho: {e}");
                return Ok(ExitCode::from(1));
            }
            Err(e) => return Err(e.into()),
        }
    };
    let reviews = fit.as_ref().map(|f| f.reviews);
    store.record(|p| p.set_fsrs_fit(fit))?;
    super::data::tell_notice(store);
    let after = store.progress().scheduler();
    let mut out = io::stdout().lock();
    match reviews {
        Some(n) => writeln!(
            out,
            "FSRS parameters fitted to {n} of your reviews (desired retention {}):",
            after.retention()
        )?,
        None => writeln!(out, "back to FSRS's default parameters:")?,
    }
    writeln!(out, "  parameter    before     after")?;
    for (i, (old, new)) in before
        .parameters()
        .iter()
        .zip(after.parameters())
        .enumerate()
    {
        let mark = if (old - new).abs() >= 0.000_05 {
            "  *"
        } else {
            ""
        };
        writeln!(out, "  w{i:<9} {old:>8.4}  {new:>8.4}{mark}")?;
    }
    let days = |s: &sancho::progress::Scheduler| {
        let list: Vec<String> = s
            .sample_intervals(Grade::Good, 5)
            .iter()
            .map(u32::to_string)
            .collect();
        list.join(", ")
    };
    writeln!(
        out,
        "A puzzle failed, then solved cleanly on each due date, falls due after (days):"
    )?;
    writeln!(out, "  before: {}", days(&before))?;
    writeln!(out, "  after:  {}", days(&after))?;
    if reviews.is_some() {
        writeln!(
            out,
            "Kept in {}; `sancho progress optimize --reset` goes back to the defaults.",
            store.path().display()
        )?;
    }
    Ok(ExitCode::SUCCESS)
}

/// Runs `work`, turning a panic inside it (a dependency's) into its
/// message, with the panic hook silenced meanwhile so that no backtrace
/// reaches the user.
fn without_panic<T>(work: impl FnOnce() -> T) -> Result<T, String> {
    use std::sync::{Arc, Mutex};
    let message = Arc::new(Mutex::new(None::<String>));
    let seen = Arc::clone(&message);
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        if let Ok(mut slot) = seen.lock() {
            *slot = Some(info.payload_as_str().unwrap_or("a panic").to_owned());
        }
    }));
    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(work));
    std::panic::set_hook(previous);
    result.map_err(|_| {
        message
            .lock()
            .ok()
            .and_then(|mut slot| slot.take())
            .unwrap_or_default()
    })
}

#[cfg(test)]
mod tests {
    use super::without_panic;

    #[test]
    fn a_panic_becomes_its_message_and_the_hook_comes_back() {
        assert_eq!(without_panic(|| 7), Ok(7));
        assert_eq!(
            without_panic(|| -> u8 { panic!("at least one review is required") }),
            Err("at least one review is required".to_owned())
        );
        let formatted = without_panic(|| -> u8 { panic!("{} reviews", 3) });
        assert_eq!(formatted, Err("3 reviews".to_owned()));
    }
}
