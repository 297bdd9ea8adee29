//! What every command starts from, resolved once in `main`: the data
//! directory, config.toml's settings (read once; what is wrong in it is
//! said once, by the first command that uses them), the languages moves
//! are read and written in, and the paths that live in the data directory.
//! Commands take a `&Context` instead of passing these along one by one.

use std::cell::Cell;
use std::path::{Path, PathBuf};

use sancho::config::Settings;
use sancho::library::Library;
use sancho::notation::Lang;
use sancho::progress::Store;

use super::data::{data_dir, now};
use super::library::LIBRARY_FILE;

/// The shared start of every command.
pub struct Context {
    /// The data directory, or why there is none (no home directory).
    data_dir: Result<PathBuf, String>,
    settings: Settings,
    /// What is wrong in the config file, each naming the file and line.
    problems: Vec<String>,
    told: Cell<bool>,
    /// `--lang`/`--figurine` as given (English by default).
    lang: Lang,
    /// The trainer's and the drills' letters: the command line over the
    /// config file's `lang` and `figurine`.
    trainer_lang: Lang,
}

impl Context {
    /// Resolves the data directory (`--data-dir`, else `SANCHO_DATA_DIR`,
    /// else the platform's) and reads config.toml, once.
    pub fn new(data_flag: Option<PathBuf>, lang: Option<Lang>, figurine: bool) -> Context {
        let (settings, problems) = super::config::load();
        let trainer_lang = lang
            .unwrap_or(settings.lang)
            .with_figurines(figurine || settings.lang.figurines());
        Context {
            data_dir: data_dir(data_flag).map_err(|e| format!("{e:#}")),
            settings,
            problems,
            told: Cell::new(false),
            lang: lang.unwrap_or_default().with_figurines(figurine),
            trainer_lang,
        }
    }

    /// The settings; the first call says what is wrong in the file, on
    /// stderr.
    pub fn settings(&self) -> &Settings {
        if !self.told.replace(true) {
            for line in &self.problems {
                eprintln!("{line}");
            }
        }
        &self.settings
    }

    /// What is wrong in the config file (to say again once the full screen
    /// has closed).
    pub fn problems(&self) -> &[String] {
        &self.problems
    }

    /// The letters `resolve`, `hint` and `moves` read and write
    /// (`--lang`/`--figurine`; English by default).
    pub fn lang(&self) -> Lang {
        self.lang
    }

    /// The letters the trainer, the modes and the drills read and write:
    /// the command line over the config file's.
    pub fn trainer_lang(&self) -> Lang {
        let _ = self.settings();
        self.trainer_lang
    }

    /// The data directory.
    ///
    /// # Errors
    /// There is no home directory to keep progress in.
    pub fn data_dir(&self) -> anyhow::Result<&Path> {
        self.data_dir.as_deref().map_err(|e| anyhow::anyhow!("{e}"))
    }

    /// Opens the store in the data directory, scheduling reviews at the
    /// config's retention; says on stderr if a damaged file was moved aside
    /// and also returns that notice, for a full screen to repeat once it
    /// has closed.
    ///
    /// # Errors
    /// No data directory, or the store cannot be opened.
    pub fn open_store(&self) -> anyhow::Result<(Store, Option<String>)> {
        let opened = Store::open(self.data_dir()?, now())?;
        Ok(self.with_settings(opened))
    }

    /// Opens the store to read it (`stats`, `progress export`): a
    /// read-only data directory is fine.
    ///
    /// # Errors
    /// As [`Context::open_store`].
    pub fn open_store_for_reading(&self) -> anyhow::Result<Store> {
        let opened = Store::open_for_reading(self.data_dir()?, now())?;
        Ok(self.with_settings(opened).0)
    }

    /// Opens the store; when that is impossible, says so and goes on
    /// without saving. The second value is what was said.
    pub fn store_or_warn(&self) -> (Option<Store>, Option<String>) {
        match self.open_store() {
            Ok((store, notice)) => (Some(store), notice),
            Err(e) => {
                let warning =
                    format!("sancho: {e:#}\nsancho: your results will not be saved this time");
                eprintln!("{warning}");
                (None, Some(warning))
            }
        }
    }

    fn with_settings(&self, opened: sancho::progress::Opened) -> (Store, Option<String>) {
        let mut store = opened.store;
        store.set_retention(self.settings().retention);
        let notice = opened.notice.map(|n| format!("sancho: {n}"));
        if let Some(notice) = &notice {
            eprintln!("{notice}");
        }
        (store, notice)
    }

    /// Where the offline library is (whether or not it exists).
    ///
    /// # Errors
    /// No data directory.
    pub fn library_path(&self) -> anyhow::Result<PathBuf> {
        Ok(self.data_dir()?.join(LIBRARY_FILE))
    }

    /// The library, if one has been imported and opens (if it does not,
    /// why is said on stderr).
    pub fn library_if_any(&self) -> Option<PathBuf> {
        let path = self.library_path().ok()?;
        if !path.exists() {
            return None;
        }
        match Library::open(&path) {
            Ok(_) => Some(path),
            Err(e) => {
                eprintln!(
                    "sancho: the library {} cannot be opened: {e}",
                    path.display()
                );
                None
            }
        }
    }

    /// `mined.json` in the data directory, if `sancho mine` has written one.
    pub fn mined_pack(&self) -> Option<PathBuf> {
        let path = self.data_dir().ok()?.join("mined.json");
        path.is_file().then_some(path)
    }

    /// The engine to use: `named` (`--engine`), else the config file's
    /// `engine`; `None` leaves the search of the environment
    /// (`SANCHO_ENGINE`, the `PATH`) to the caller.
    pub fn engine(&self, named: Option<&Path>) -> Option<PathBuf> {
        named
            .map(Path::to_path_buf)
            .or_else(|| self.settings().engine.clone())
    }
}
