//! `sancho doctor`: what Sancho finds on this machine (its version, where
//! the data and the config live and what is in them, the engine, what the
//! terminal can show), in one block a user can paste in a bug report.
//!
//! It only looks: nothing is created, moved or written, not even a damaged
//! `progress.json` (the store moves that aside when a command opens it).

use std::ffi::OsString;
use std::fmt::Write as _;
use std::io::{IsTerminal, Write as _};
use std::path::Path;
use std::process::ExitCode;
use std::time::Duration;

use clap::Args;
use sancho::engine::{Engine, EngineOptions, find_engine_here};
use sancho::library::{Filter, Library};
use sancho::progress::disk::{DecodeError, decode};
use sancho::tui::{Depth, detect};

use super::config::{CONFIG_ENV, config_path};
use super::context::Context;
use super::data::DATA_DIR_ENV;

/// `sancho doctor`.
#[derive(Debug, Args)]
pub struct DoctorArgs {}

/// How long the engine may take to say its name.
const ENGINE_TIMEOUT: Duration = Duration::from_secs(3);

/// Prints the report.
///
/// # Errors
/// Writing to standard output failed.
pub fn doctor(_args: &DoctorArgs, ctx: &Context, data_flag: bool) -> anyhow::Result<ExitCode> {
    let mut out = String::new();
    report(&mut out, ctx, data_flag).expect("writing to a string");
    let mut stdout = std::io::stdout().lock();
    stdout.write_all(out.as_bytes())?;
    stdout.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// The label column's width.
const LABEL: usize = 15;

fn line(out: &mut String, label: &str, text: &str) -> std::fmt::Result {
    writeln!(out, "{label:LABEL$} {text}")
}

fn report(out: &mut String, ctx: &Context, data_flag: bool) -> std::fmt::Result {
    let build = if cfg!(debug_assertions) {
        "debug build"
    } else {
        "release build"
    };
    writeln!(
        out,
        "sancho {} ({build}, {} {})",
        env!("CARGO_PKG_VERSION"),
        std::env::consts::OS,
        std::env::consts::ARCH
    )?;

    let data_from = origin(data_flag, DATA_DIR_ENV, "--data-dir");
    match ctx.data_dir() {
        Ok(dir) => {
            let exists = if dir.is_dir() {
                ""
            } else {
                ": does not exist yet"
            };
            line(
                out,
                "data directory",
                &format!("{} ({data_from}){exists}", dir.display()),
            )?;
            line(out, "  progress", &progress(&dir.join("progress.json")))?;
            line(out, "  library", &library(&dir.join("library.sqlite")))?;
            line(out, "  my games", &mined(&dir.join("mined.json")))?;
        }
        Err(e) => line(out, "data directory", &format!("none: {e}"))?,
    }

    let (settings, problems) = (ctx.settings(), ctx.problems());
    match config_path() {
        Ok(path) => {
            let from = origin(false, CONFIG_ENV, "");
            let state = if path.is_file() {
                match problems.len() {
                    0 => "found".to_owned(),
                    1 => "found, 1 problem".to_owned(),
                    n => format!("found, {n} problems"),
                }
            } else {
                "not found: the defaults".to_owned()
            };
            line(
                out,
                "config file",
                &format!("{} ({from}): {state}", path.display()),
            )?;
            for problem in problems {
                let problem = problem.strip_prefix("sancho: ").unwrap_or(problem);
                line(out, "", problem)?;
            }
        }
        Err(e) => line(out, "config file", &format!("none: {e}"))?,
    }

    line(out, "engine", &engine(settings.engine.as_deref()))?;
    line(out, "terminal", &terminal())?;
    line(
        out,
        "colours",
        &format!(
            "{} (the config file's `colors`; --colors wins)",
            settings.colors.name()
        ),
    )
}

/// Where a directory or file setting came from.
fn origin(flag: bool, env: &str, flag_name: &str) -> String {
    if flag {
        format!("from {flag_name}")
    } else if std::env::var_os(env).is_some_and(|v| !v.is_empty()) {
        format!("from {env}")
    } else {
        "the platform's".to_owned()
    }
}

/// A file's size, as a person reads it.
fn size(path: &Path) -> String {
    let bytes = std::fs::metadata(path).map(|m| m.len()).unwrap_or(0);
    human_size(bytes)
}

fn human_size(bytes: u64) -> String {
    const UNITS: [&str; 4] = ["bytes", "KB", "MB", "GB"];
    let mut value = bytes as f64;
    let mut unit = 0;
    while value >= 1000.0 && unit + 1 < UNITS.len() {
        value /= 1000.0;
        unit += 1;
    }
    if unit == 0 {
        format!("{bytes} bytes")
    } else {
        format!("{value:.1} {}", UNITS[unit])
    }
}

/// `progress.json`: what it holds, read without opening the store.
fn progress(path: &Path) -> String {
    let bytes = match std::fs::read(path) {
        Ok(bytes) => bytes,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            return "progress.json: none yet (the first finished puzzle or drill writes it)"
                .to_owned();
        }
        Err(e) => return format!("progress.json: cannot be read ({e})"),
    };
    match decode(&bytes) {
        Ok(progress) => format!(
            "progress.json: {} puzzle attempts, {} drills, {} lessons completed ({})",
            progress.attempts().len(),
            progress.drills().len(),
            progress.lessons().len(),
            size(path)
        ),
        Err(DecodeError::Damaged(damage)) => format!(
            "progress.json: damaged: {damage} (the next command that records moves it aside and starts afresh)"
        ),
        Err(DecodeError::Newer(schema)) => format!(
            "progress.json: written by a newer Sancho (schema {schema}), which this one will not overwrite"
        ),
    }
}

/// `library.sqlite`: how many puzzles.
fn library(path: &Path) -> String {
    if !path.exists() {
        return "library.sqlite: none (sancho import lichess_db_puzzle.csv.zst)".to_owned();
    }
    match Library::open(path).and_then(|l| l.count(&Filter::default())) {
        Ok(n) => format!("library.sqlite: {n} puzzles ({})", size(path)),
        Err(e) => format!("library.sqlite: cannot be read ({e})"),
    }
}

/// `mined.json`: how many puzzles `sancho mine` found.
fn mined(path: &Path) -> String {
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            return "mined.json: none (sancho mine GAMES.pgn)".to_owned();
        }
        Err(e) => return format!("mined.json: cannot be read ({e})"),
    };
    match sancho::puzzle::read_pack(&text, "mined.json") {
        Ok(pack) => format!("mined.json: {} puzzles", pack.puzzles.len()),
        Err(e) => format!("mined.json: not a puzzle pack ({e})"),
    }
}

/// The engine `mine` and the refutations would use, and its name.
fn engine(configured: Option<&Path>) -> String {
    let env = std::env::var_os("SANCHO_ENGINE").filter(|e| !e.is_empty());
    let Some(path) = find_engine_here(configured) else {
        return "not found on the PATH, in /usr/games or /usr/local/bin: only `mine`, \
                `check --engine` and the engine's refutations need one \
                (apt-get install stockfish, brew install stockfish)"
            .to_owned();
    };
    let from = match (configured, &env) {
        (Some(_), _) => "from the config file's `engine`".to_owned(),
        (None, Some(_)) => "from SANCHO_ENGINE".to_owned(),
        (None, None) => {
            let dir = path.parent().unwrap_or(Path::new(""));
            let on_path = std::env::var_os("PATH")
                .is_some_and(|p| std::env::split_paths(&p).any(|d| d == dir));
            if on_path {
                "found on the PATH".to_owned()
            } else {
                format!("found in {}", dir.display())
            }
        }
    };
    if !path.is_file() {
        return format!("{} ({from}) does not exist", path.display());
    }
    let options = EngineOptions {
        timeout: ENGINE_TIMEOUT,
        ..EngineOptions::default()
    };
    match Engine::start(&path, options) {
        Ok(engine) => format!(
            "{} ({from}): {}",
            path.display(),
            engine.name().unwrap_or("a UCI engine with no name")
        ),
        Err(e) => format!(
            "{} ({from}): does not start as a UCI engine: {e}",
            path.display()
        ),
    }
}

/// What the terminal announces and what the trainer makes of it.
fn terminal() -> String {
    let var = |name| std::env::var_os(name);
    let shown = |name: &str, value: Option<OsString>| match value {
        Some(v) => format!("{name}={}", v.to_string_lossy()),
        None => format!("{name} unset"),
    };
    let term = var("TERM");
    let colorterm = var("COLORTERM");
    let no_color = var("NO_COLOR").filter(|v| !v.is_empty());
    let display = detect(
        term.as_deref().and_then(|t| t.to_str()),
        colorterm.as_deref().and_then(|t| t.to_str()),
    );
    let colours = if no_color.is_some() {
        "no colour (NO_COLOR)"
    } else {
        match display.depth {
            Depth::Indexed => "256 colours",
            Depth::Named => "16 colours",
            Depth::None => "no colour",
        }
    };
    let pieces = if display.letters {
        "letters for pieces"
    } else {
        "chess figures"
    };
    let ends = match (
        std::io::stdin().is_terminal(),
        std::io::stdout().is_terminal(),
    ) {
        (true, true) => match ratatui::crossterm::terminal::size() {
            Ok((w, h)) => format!("a terminal of {w}×{h}"),
            Err(_) => "a terminal".to_owned(),
        },
        (false, true) => "standard input is not a terminal".to_owned(),
        (true, false) => "standard output is not a terminal".to_owned(),
        (false, false) => "neither standard input nor output is a terminal".to_owned(),
    };
    format!(
        "{} {} {}: {colours}, {pieces}; {ends}",
        shown("TERM", term),
        shown("COLORTERM", colorterm),
        shown("NO_COLOR", no_color),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_read_as_a_person_reads_them() {
        assert_eq!(human_size(0), "0 bytes");
        assert_eq!(human_size(999), "999 bytes");
        assert_eq!(human_size(84_200), "84.2 KB");
        assert_eq!(human_size(1_130_000_000), "1.1 GB");
        assert_eq!(human_size(5_000_000_000_000), "5000.0 GB");
    }
}
