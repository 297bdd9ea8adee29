//! `sancho` (no command) and `sancho play`: the trainer, full-screen or in
//! line mode, with every finished puzzle recorded in the progress store.

use std::collections::HashSet;
use std::io;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::bail;
use sancho::config::Pieces;
use sancho::drill;
use sancho::library::{Filter, Library};
use sancho::line::{Mode, run_puzzles_in};
use sancho::notation::Lang;
use sancho::progress::{Progress, PuzzleRef, PuzzleSet, Resume, Source, Store, difficulty_rating};
use sancho::puzzle::{Puzzle, builtin_packs, load_one, load_path};
use sancho::record::source_of;
use sancho::tui;

use super::data::{now, open_store_noting, stopwatch};
use super::library::{library_path, open_library};
use super::record::Recording;

mod args;

pub(crate) use args::rating_band;
pub use args::{DisplayArgs, PlayArgs, PuzzleSource};

/// How many library puzzles one session takes (reviews due come first).
const LIBRARY_SESSION: usize = 100;

/// Loads the puzzles to play and whether they are the built-in ones.
fn puzzles(
    args: &PlayArgs,
    store: Option<&Store>,
    data_dir: Option<PathBuf>,
) -> anyhow::Result<(Vec<Puzzle>, bool)> {
    let filter = args.filter();
    let source = match (&args.source, &args.pack) {
        (Some(s), _) => s.clone(),
        (None, Some(path)) => PuzzleSource::File(path.clone()),
        (None, None) => PuzzleSource::Builtin,
    };
    let (mut puzzles, builtin) = match &source {
        PuzzleSource::Builtin => {
            let packs = builtin_packs()
                .map_err(|(file, e)| anyhow::anyhow!("built-in pack {file}: {e}"))?;
            let all = packs.into_iter().flat_map(|p| p.puzzles).collect();
            (all, true)
        }
        PuzzleSource::Library => {
            let picked = from_library(&filter, store, data_dir, args.puzzle.as_deref())?;
            (picked, false)
        }
        PuzzleSource::File(path) => (load_file(path, args.puzzle.as_deref())?, false),
    };
    if let Some(id) = &args.puzzle {
        puzzles.retain(|p| &p.id == id);
        if puzzles.is_empty() {
            bail!("no puzzle has the id {id}");
        }
    }
    if source != PuzzleSource::Library {
        if puzzles.is_empty() {
            bail!("{source} holds no puzzles");
        }
        let themes = puzzles
            .iter()
            .flat_map(|p| p.themes.iter().map(String::as_str));
        // With `--puzzle`, only that puzzle was kept (or read): "none of
        // the file has the theme" could not be said truly.
        if let Some(theme) = filter.unknown_theme(themes)
            && args.puzzle.is_none()
        {
            let of = if builtin {
                "the built-in puzzles".to_owned()
            } else {
                source.to_string()
            };
            bail!(
                "none of {of} has the theme {theme:?} (themes are spelt as Lichess does: mateIn2, backRankMate)"
            );
        }
        puzzles.retain(|p: &Puzzle| {
            let themes: Vec<&str> = p.themes.iter().map(String::as_str).collect();
            let tags: Vec<&str> = p.opening_tags.iter().map(String::as_str).collect();
            let rating = p
                .rating
                .or(p.difficulty.map(|d| u32::from(difficulty_rating(d))));
            filter.matches(&themes, rating, p.popularity, &tags)
        });
    }
    if puzzles.is_empty() {
        bail!(
            "no puzzle fits: loosen the filters (--theme, --rating, --opening, --min-popularity)"
        );
    }
    Ok((puzzles, builtin))
}

/// Loads a puzzle file; with `--puzzle ID`, only that puzzle ([`load_one`]
/// streams a Lichess CSV up to the id and stops there).
fn load_file(path: &Path, wanted: Option<&str>) -> anyhow::Result<Vec<Puzzle>> {
    let loaded = match wanted {
        Some(id) => load_one(path, id),
        None => load_path(path),
    }
    .map_err(|e| {
        anyhow::anyhow!(
            "cannot read puzzles from {}: {}",
            path.display(),
            e.reason()
        )
    })?;
    if let (Some(id), [finding]) = (wanted, loaded.skipped.as_slice())
        && loaded.puzzles.is_empty()
        && finding.puzzle_id.as_deref() == Some(id)
    {
        let line = finding
            .line
            .map(|n| format!(" (line {n})"))
            .unwrap_or_default();
        bail!(
            "puzzle {id}{line} in {} does not check out: {}",
            path.display(),
            finding.message
        );
    }
    if !loaded.skipped.is_empty() {
        eprintln!(
            "sancho: skipped {} puzzles that do not check out; `sancho check {}` lists them",
            loaded.skipped.len(),
            path.display()
        );
    }
    Ok(loaded.puzzles)
}

/// What the library's picks need of the user's progress: the rating to
/// centre on, and the Lichess puzzles already attempted (to leave out).
struct PickBasis {
    rating: u16,
    seen: HashSet<String>,
}

impl PickBasis {
    fn of(progress: Option<&Progress>) -> PickBasis {
        let Some(progress) = progress else {
            return PickBasis {
                rating: 1500,
                seen: HashSet::new(),
            };
        };
        PickBasis {
            rating: progress.rating().rating.round().clamp(0.0, 4000.0) as u16,
            seen: progress
                .attempts()
                .filter(|(_, a)| a.puzzle.source == Source::Lichess)
                .map(|(_, a)| a.puzzle.id.clone())
                .collect(),
        }
    }

    fn excludes(&self, id: &str) -> bool {
        self.seen.contains(id)
    }
}

/// Library puzzles: reviews that are due first, then unseen puzzles nearest
/// the user's rating that pass the filter.
fn from_library(
    filter: &Filter,
    store: Option<&Store>,
    data_dir: Option<PathBuf>,
    only: Option<&str>,
) -> anyhow::Result<Vec<Puzzle>> {
    let library = open_library(&library_path(data_dir)?)?;
    if let Some(id) = only {
        return Ok(library.get(id)?.into_iter().collect());
    }
    let progress = store.map(Store::progress);
    let mut puzzles = Vec::new();
    for due in progress.map(|p| p.due_reviews(now())).unwrap_or_default() {
        if due.source != Source::Lichess {
            continue;
        }
        if let Some(p) = library.get(&due.id)? {
            let themes: Vec<&str> = p.themes.iter().map(String::as_str).collect();
            let tags: Vec<&str> = p.opening_tags.iter().map(String::as_str).collect();
            if filter.matches(&themes, p.rating, p.popularity, &tags) {
                puzzles.push(p);
            }
        }
    }
    let basis = PickBasis::of(progress);
    let due: Vec<String> = puzzles.iter().map(|p| p.id.clone()).collect();
    let exclude = |id: &str| basis.excludes(id) || due.iter().any(|d| d == id);
    puzzles.extend(library.pick(filter, basis.rating, &exclude, LIBRARY_SESSION)?);
    Ok(puzzles)
}

/// Opens the store; when that is impossible, says so and plays without
/// saving. The second value is what was said, to repeat after the full
/// screen closes.
fn store_or_warn(data_dir: Option<PathBuf>) -> (Option<Store>, Option<String>) {
    match open_store_noting(data_dir) {
        Ok((store, notice)) => (Some(store), notice),
        Err(e) => {
            let warning =
                format!("sancho: {e:#}\nsancho: your results will not be saved this time");
            eprintln!("{warning}");
            (None, Some(warning))
        }
    }
}

/// Where to start: due reviews, then the first puzzle not yet solved (see
/// [`Progress::resume`]). Puzzles asked for by id, or picked from the
/// library (already due-first and unseen), are played as they come.
fn plan(args: &PlayArgs, store: Option<&Store>, puzzles: &[Puzzle], builtin: bool) -> Resume {
    let library = args.source == Some(PuzzleSource::Library);
    match store {
        Some(store) if args.puzzle.is_none() && !library => {
            let refs: Vec<PuzzleRef> = puzzles
                .iter()
                .map(|p| PuzzleRef::new(source_of(p, builtin), p.id.clone()))
                .collect();
            store.progress().resume(now(), &refs)
        }
        _ => Resume::from_start(puzzles.len()),
    }
}

/// Plays: line mode with `--plain`, otherwise the trainer opened at `start`.
pub fn play(
    args: PlayArgs,
    data_dir: Option<PathBuf>,
    start: tui::Start,
    lang: Option<Lang>,
) -> anyhow::Result<ExitCode> {
    if !args.plain {
        // Before any loading: the answer comes at once.
        super::terminal::require()?;
    }
    let (mut store, notice) = store_or_warn(data_dir.clone());
    let (puzzles, builtin) = puzzles(&args, store.as_ref(), data_dir.clone())?;
    let plan = plan(&args, store.as_ref(), &puzzles, builtin);
    if args.plain {
        let engine = args
            .engine
            .clone()
            .or_else(super::config::configured_engine);
        let mut refuter = super::mine::Refuter::new(engine);
        let mode = Mode {
            json: args.json,
            blindfold: args.blindfold,
            // `--lang`, else the config file's (its problems are told by the trainer).
            lang: lang.unwrap_or_else(|| super::config::load().0.lang),
        };
        run_puzzles_in(
            io::stdin().lock(),
            io::stdout().lock(),
            &puzzles,
            plan,
            mode,
            stopwatch(),
            |puzzle, outcome, ms| {
                let mut recording = Recording {
                    store: store.as_mut(),
                    set: None,
                };
                let saved = recording
                    .puzzle(puzzle, builtin, outcome, ms)
                    .map_err(io::Error::other)?;
                Ok(saved.and_then(|s| s.recorded().cloned()))
            },
            |pos, mv| refuter.refute(pos, mv),
        )?;
        return Ok(ExitCode::SUCCESS);
    }
    // The command line's choices; the config file fills the rest (in
    // `Trainer::run`).
    let mut config = tui::Config {
        start,
        blindfold: args.blindfold,
        lang,
        ..tui::Config::default()
    };
    args.display.apply(&mut config);
    let filter = args.filter();
    Trainer {
        config,
        puzzles,
        order: plan.listing(),
        builtin,
        store,
        notice,
        library: library_if_any(data_dir.clone()),
        filter,
        set: None,
        engine: args.engine.clone(),
        mined: mined_pack(data_dir),
    }
    .run()
}

/// One run of the full-screen trainer and what it needs.
pub struct Trainer {
    /// The start screen and how to draw.
    pub config: tui::Config,
    /// The puzzles for the puzzle screen, in the pack's (or filter's) order.
    pub puzzles: Vec<Puzzle>,
    /// The order to offer them in, as indices (for `sancho play`:
    /// `Resume::listing` of the plan, so the screen resumes where the user
    /// left off and the header keeps the pack's numbers); empty: in order.
    pub order: Vec<usize>,
    /// Whether they are the built-in packs.
    pub builtin: bool,
    /// Where results go (none: the store could not be opened).
    pub store: Option<Store>,
    /// What was said on opening the store, to repeat after the screen closes.
    pub notice: Option<String>,
    /// The offline library's path, for the filter screen, when there is one
    /// that opens (the trainer opens it again on its worker thread).
    pub library: Option<PathBuf>,
    /// The filter the library screen starts from.
    pub filter: Filter,
    /// The Woodpecker set these puzzles are (`sancho set play`): each
    /// finished puzzle is also recorded in the set's cycle.
    pub set: Option<PuzzleSet>,
    /// The engine named on the command line (`--engine`); else the config
    /// file's, else `SANCHO_ENGINE`, else `stockfish` on the PATH refutes
    /// wrong moves once a puzzle ends.
    pub engine: Option<PathBuf>,
    /// The pack mined from the user's games, when there is one ("My games").
    pub mined: Option<PathBuf>,
}

/// `mined.json` in the data directory, if `sancho mine` has written one.
pub fn mined_pack(data_dir: Option<PathBuf>) -> Option<PathBuf> {
    let path = super::data::data_dir(data_dir).ok()?.join("mined.json");
    path.is_file().then_some(path)
}

/// Fills what the command line left open in `config` from the config file
/// (the command line wins), installs the file's key bindings, and says what
/// is wrong in the file: now, and again (in the returned notice) once the
/// full screen closes.
fn apply_settings(
    config: &mut tui::Config,
    notice: Option<String>,
    engine: &mut Option<PathBuf>,
) -> Option<String> {
    let (settings, said) = super::config::load();
    if engine.is_none() {
        engine.clone_from(&settings.engine);
    }
    for line in &said {
        eprintln!("{line}");
    }
    tui::install(tui::rebind(tui::KEYMAP, &settings.keys).0);
    if !config.ascii && !config.figures {
        config.ascii = settings.pieces == Pieces::Letters;
        config.figures = settings.pieces == Pieces::Figures;
    }
    config.colors = config.colors.or(Some(settings.colors));
    config.reply_delay_ms = config.reply_delay_ms.or(settings.reply_delay_ms);
    config.lang = config.lang.or(Some(settings.lang));
    config.board = settings.board;
    config.live_hint = settings.live_hint;
    match (notice, said.is_empty()) {
        (notice, true) => notice,
        (None, false) => Some(said.join("\n")),
        (Some(notice), false) => Some(format!("{notice}\n{}", said.join("\n"))),
    }
}

/// The library in the data directory, if one has been imported and opens.
pub fn library_if_any(data_dir: Option<PathBuf>) -> Option<PathBuf> {
    let path = library_path(data_dir).ok()?;
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

impl Trainer {
    /// Runs the trainer and records everything that finishes in it, the
    /// moment it finishes.
    pub fn run(self) -> anyhow::Result<ExitCode> {
        self.run_on(None)
    }

    /// As [`Trainer::run`], with the sheet `Start::Scoresheet` opens on.
    pub fn run_on(self, scoresheet: Option<sancho::drill::Sheet>) -> anyhow::Result<ExitCode> {
        super::terminal::require()?;
        let Trainer {
            mut config,
            puzzles,
            order,
            builtin,
            mut store,
            notice,
            library,
            filter,
            set,
            mut engine,
            mined,
        } = self;
        let notice = apply_settings(&mut config, notice, &mut engine);
        let engine = sancho::engine::find_engine_here(engine.as_deref());
        let progress = store.as_ref().map(Store::progress);
        let context = tui::Context {
            stats: progress.as_ref().map(|p| p.stats(now())),
            completed_lessons: progress
                .as_ref()
                .map(|p| p.lessons().iter().cloned().collect())
                .unwrap_or_default(),
            weak_codes: progress
                .as_ref()
                .map(|p| drill::review_codes(&p.slip_order(now())))
                .unwrap_or_default(),
            seed: now().0.unsigned_abs(),
            lesson_best: progress
                .map(|p| {
                    drill::lessons()
                        .iter()
                        .filter_map(|l| {
                            let size = u32::try_from(l.exercises.len()).unwrap_or(u32::MAX);
                            Some((l.id.clone(), p.lesson_best(&l.id, size)?))
                        })
                        .collect()
                })
                .unwrap_or_default(),
            solved: progress
                .map(|p| {
                    p.attempts()
                        .filter(|(_, a)| a.is_clean())
                        .map(|(_, a)| a.puzzle.id.clone())
                        .collect()
                })
                .unwrap_or_default(),
            ..tui::Context::default()
        };
        let basis = PickBasis::of(progress);
        let basis = &basis;
        let open = library.map(|path| -> tui::OpenSource<'_> {
            Box::new(move || {
                let library = Library::open(&path)?;
                let source = tui::LibrarySource::new(library, basis.rating)
                    .excluding(|id| basis.excludes(id));
                Ok(Box::new(source))
            })
        });
        let context = tui::Context {
            builtin,
            order,
            scoresheet,
            records: progress.map(|p| p.mode_records(now())),
            mined,
            ..context
        };
        tui::run(
            config,
            puzzles,
            context,
            open,
            filter,
            engine,
            &mut Recording {
                store: store.as_mut(),
                set: set.as_ref(),
            },
        )?;
        // What was said before the full screen hid it, and anything found since.
        if let Some(notice) = notice {
            eprintln!("{notice}");
        }
        if let Some(later) = store.as_mut().and_then(Store::take_notice) {
            eprintln!("sancho: {later}");
        }
        Ok(ExitCode::SUCCESS)
    }
}
