//! Shell integration: `sancho completions SHELL` and `sancho man`, both
//! generated from the command-line definitions, so they never drift.

use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::Context;
use clap::{Args, CommandFactory};
use clap_complete::Shell;

use super::Cli;

/// `sancho completions SHELL`.
#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell to complete for.
    #[arg(value_enum)]
    pub shell: Shell,
}

/// `sancho man [--dir DIR]`.
#[derive(Debug, Args)]
pub struct ManArgs {
    /// Write sancho.1 and one page per subcommand (sancho-play.1, ...) into
    /// this directory instead of printing sancho.1.
    #[arg(long, value_name = "DIR")]
    pub dir: Option<PathBuf>,
}

/// Prints the completion script for a shell.
///
/// # Errors
/// Writing to standard output failed.
pub fn completions(args: &CompletionsArgs) -> anyhow::Result<ExitCode> {
    // Generated into memory: clap_complete panics on a write error.
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut Cli::command(), "sancho", &mut script);
    let mut out = io::stdout().lock();
    out.write_all(&script)?;
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// Prints the man page, or writes every page into a directory.
///
/// # Errors
/// Writing failed.
pub fn man(args: &ManArgs) -> anyhow::Result<ExitCode> {
    let command = Cli::command();
    match &args.dir {
        None => {
            let mut out = io::stdout().lock();
            write_page(&command, &mut out)?;
            out.flush()?;
        }
        Some(dir) => write_pages(&command, dir)?,
    }
    Ok(ExitCode::SUCCESS)
}

/// The page of one command, in roff: its options, and a SUBCOMMANDS
/// section naming each subcommand with its summary.
fn write_page(command: &clap::Command, out: &mut dyn Write) -> io::Result<()> {
    clap_mangen::Man::new(command.clone()).render(out)
}

/// `dir/sancho.1` and, for each subcommand at any depth,
/// `dir/sancho-sub[-subsub].1`.
fn write_pages(command: &clap::Command, dir: &Path) -> anyhow::Result<()> {
    std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    let mut command = command.clone();
    command.build();
    write_tree(&command, "sancho", dir)
}

fn write_tree(command: &clap::Command, name: &str, dir: &Path) -> anyhow::Result<()> {
    let path = dir.join(format!("{name}.1"));
    let mut file =
        std::fs::File::create(&path).with_context(|| format!("cannot write {}", path.display()))?;
    write_page(&command.clone().name(name.to_owned()), &mut file)
        .with_context(|| format!("cannot write {}", path.display()))?;
    for sub in command.get_subcommands().filter(|s| s.get_name() != "help") {
        write_tree(sub, &format!("{name}-{}", sub.get_name()), dir)?;
    }
    Ok(())
}
