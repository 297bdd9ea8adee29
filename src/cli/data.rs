//! The shell's side of the progress store: which directory, what time it is,
//! and telling the user about recovered damage.

use std::path::PathBuf;
use std::time::{SystemTime, UNIX_EPOCH};

use anyhow::Context;
use sancho::progress::{Store, Timestamp};

/// The environment variable that overrides the data directory.
pub const DATA_DIR_ENV: &str = "SANCHO_DATA_DIR";

/// The data directory: `--data-dir`, else `SANCHO_DATA_DIR`, else the
/// platform's data directory for Sancho (e.g. `~/.local/share/sancho`).
pub fn data_dir(flag: Option<PathBuf>) -> anyhow::Result<PathBuf> {
    if let Some(dir) = flag {
        return Ok(dir);
    }
    if let Some(dir) = std::env::var_os(DATA_DIR_ENV).filter(|d| !d.is_empty()) {
        return Ok(PathBuf::from(dir));
    }
    directories::ProjectDirs::from("", "", "sancho")
        .map(|dirs| dirs.data_dir().to_path_buf())
        .context(
            "no home directory to keep progress in: pass --data-dir DIR or set SANCHO_DATA_DIR",
        )
}

/// Now, as the progress model counts time.
pub fn now() -> Timestamp {
    let secs = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    Timestamp(i64::try_from(secs).unwrap_or(i64::MAX))
}

/// Milliseconds since the call, for the line modes' timings.
pub fn stopwatch() -> impl FnMut() -> u64 {
    let start = std::time::Instant::now();
    move || u64::try_from(start.elapsed().as_millis()).unwrap_or(u64::MAX)
}

/// Tells the user on stderr, as the full screen does when it closes, that a
/// damaged `progress.json` was moved aside during the last store operation.
pub fn tell_notice(store: &mut Store) {
    if let Some(notice) = store.take_notice() {
        eprintln!("sancho: {notice}");
    }
}
