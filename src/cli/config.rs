//! `sancho config path | show | init`, and the settings the trainer starts
//! with: the file is found and read here, parsed by [`sancho::config`].

use std::io::{ErrorKind, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, bail};
use clap::Subcommand;
use sancho::config::{DEFAULT_FILE, Settings, parse, render};
use sancho::tui;

use super::files::{ReadSmallError, read_small};

/// The environment variable naming the config file (overrides the platform's place).
pub const CONFIG_ENV: &str = "SANCHO_CONFIG";

/// `sancho config ...`.
#[derive(Debug, Subcommand)]
pub enum ConfigCommand {
    /// Print where the config file is looked for (SANCHO_CONFIG, else the platform's config directory).
    Path,
    /// Print the settings in effect, and what is wrong in the file.
    Show,
    /// Write a commented file with every key at its default (never overwrites one).
    Init,
}

/// Where the config file is: `SANCHO_CONFIG`, else `config.toml` in the
/// platform's config directory.
///
/// # Errors
/// No home directory to find the platform's config directory in.
pub fn config_path() -> anyhow::Result<PathBuf> {
    if let Some(path) = std::env::var_os(CONFIG_ENV).filter(|p| !p.is_empty()) {
        return Ok(PathBuf::from(path));
    }
    directories::ProjectDirs::from("", "", "sancho")
        .map(|dirs| dirs.config_dir().join("config.toml"))
        .context("no home directory to find the config file in: set SANCHO_CONFIG")
}

/// The largest config file read: far beyond every key written out.
const MAX_CONFIG_BYTES: u64 = 1024 * 1024;

/// The settings to start with, and what to tell the user about the file
/// (each line names the file and the line). No file: the defaults. Only a
/// regular file of at most a megabyte is read (a FIFO or a device would
/// hang or flood every command, which all read it).
pub fn load() -> (Settings, Vec<String>) {
    let path = match config_path() {
        Ok(path) => path,
        Err(_) => return (Settings::default(), Vec::new()),
    };
    let text = match read_small(&path, MAX_CONFIG_BYTES) {
        Ok(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
        Err(ReadSmallError::Missing) => return (Settings::default(), Vec::new()),
        Err(e) => {
            return (
                Settings::default(),
                vec![format!(
                    "sancho: {} cannot be read ({e}); using the defaults",
                    path.display()
                )],
            );
        }
    };
    let (settings, mut problems) = parse(&text);
    problems.extend(tui::Keymap::default().rebind(&settings.keys).1);
    problems.sort_by_key(|p| p.line);
    let said = problems
        .iter()
        .map(|p| format!("sancho: {} {p}", path.display()))
        .collect();
    (settings, said)
}

/// The settings in effect: the file's, less the key bindings the key map
/// refused (those actions keep their default keys).
fn in_effect(settings: &Settings) -> Settings {
    let refused = tui::Keymap::default().rebind(&settings.keys).1;
    let mut settings = settings.clone();
    settings.keys.retain(|over| {
        let key = format!("keys.{}", over.action);
        !refused.iter().any(|p| p.line == over.line && p.key == key)
    });
    settings
}

/// Runs `sancho config ...`.
///
/// # Errors
/// No config path, or `init` found a file already there or could not write.
pub fn config(command: &ConfigCommand) -> anyhow::Result<ExitCode> {
    let path = config_path()?;
    match command {
        ConfigCommand::Path => say!("{}", path.display())?,
        ConfigCommand::Show => {
            let (settings, problems) = load();
            let mut out = std::io::stdout().lock();
            if path.exists() {
                writeln!(out, "# settings in effect, from {}", path.display())?;
            } else {
                writeln!(out, "# no file at {}: the defaults", path.display())?;
            }
            write!(out, "{}", render(&in_effect(&settings)))?;
            writeln!(
                out,
                "\n# Every action and its keys (id = keys, for [keys]):"
            )?;
            let (keymap, _) = tui::Keymap::default().rebind(&settings.keys);
            for binding in keymap.bindings() {
                let names: Vec<String> = binding
                    .keys
                    .iter()
                    .map(|&k| format!("{:?}", tui::key_name(k)))
                    .collect();
                writeln!(
                    out,
                    "# {} = [{}]  ({})",
                    binding.id,
                    names.join(", "),
                    binding.description
                )?;
            }
            for problem in &problems {
                eprintln!("{problem}");
            }
            if !problems.is_empty() {
                return Ok(ExitCode::from(1));
            }
        }
        ConfigCommand::Init => {
            if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
                std::fs::create_dir_all(dir)
                    .with_context(|| format!("cannot create {}", dir.display()))?;
            }
            let file = std::fs::OpenOptions::new()
                .write(true)
                .create_new(true)
                .open(&path);
            match file {
                Ok(mut file) => {
                    file.write_all(DEFAULT_FILE.as_bytes())
                        .with_context(|| format!("cannot write {}", path.display()))?;
                    say!("wrote {}", path.display())?;
                }
                Err(e) if e.kind() == ErrorKind::AlreadyExists => {
                    bail!("{} already exists: not overwritten", path.display())
                }
                Err(e) => {
                    return Err(e).with_context(|| format!("cannot write {}", path.display()));
                }
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}
