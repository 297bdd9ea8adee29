//! `sancho` (no command) and `sancho play`: the trainer, full-screen or in
//! line mode, with every finished puzzle recorded in the progress store.

use std::io;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::bail;
use sancho::config::Pieces;
use sancho::drill;
use sancho::library::{Filter, Library};
use sancho::line::run_puzzles_in;
use sancho::progress::{PuzzleRef, PuzzleSet, Resume, Store};
use sancho::puzzle::{Puzzle, builtin_packs, load_one, load_path};
use sancho::record::source_of;
use sancho::train::blind::{Blind, known_plies};
use sancho::train::{Basis, LIBRARY_BATCH, Origin, candidates};
use sancho::tui;

use super::context::Context;
use super::data::{now, stopwatch};
use super::library::open_library;
use super::record::{Recording, WithSets};

mod args;
mod rated;

pub use args::{DisplayArgs, FilterArgs, PlayArgs, PuzzleSource};
pub use rated::line_mode;
use rated::{rated, replay};

/// Loads the puzzles to play and whether they are the built-in ones:
/// the core's one selector ([`candidates`]) over the built-in packs, a file
/// or the library.
fn puzzles(
    args: &PlayArgs,
    store: Option<&Store>,
    ctx: &Context,
) -> anyhow::Result<(Vec<Puzzle>, bool)> {
    let filter = args.filter();
    let source = match (&args.source, &args.pack) {
        (Some(s), _) => s.clone(),
        (None, Some(path)) => PuzzleSource::File(path.clone()),
        (None, None) => PuzzleSource::Builtin,
    };
    let (puzzles, builtin) = match &source {
        PuzzleSource::Builtin => {
            let all: Vec<Puzzle> = builtin_packs()?
                .into_iter()
                .flat_map(|p| p.puzzles)
                .collect();
            (listed(all, &filter, args, "the built-in puzzles")?, true)
        }
        PuzzleSource::Library => {
            let library = open_library(&ctx.library_path()?)?;
            let picked = match &args.puzzle {
                Some(id) => library.get(id)?.into_iter().collect(),
                None => {
                    let mut basis = Basis::of(store.map(Store::progress), now());
                    if let Some(difficulty) = args.difficulty {
                        basis.rating = difficulty.target(f64::from(basis.rating));
                    }
                    let origin = Origin::Library(&library);
                    candidates(origin, &filter, &basis, LIBRARY_BATCH)?
                }
            };
            if let (Some(id), true) = (&args.puzzle, picked.is_empty()) {
                bail!("no puzzle has the id {id}");
            }
            (picked, false)
        }
        PuzzleSource::File(path) => {
            let loaded = load_file(path, args.puzzle.as_deref())?;
            if loaded.is_empty() && args.puzzle.is_none() {
                bail!("{source} holds no puzzles");
            }
            (listed(loaded, &filter, args, &source.to_string())?, false)
        }
    };
    if puzzles.is_empty() {
        bail!(
            "no puzzle fits: loosen the filters (--theme, --rating, --opening, --min-popularity, --pieces)"
        );
    }
    Ok((blind_only(puzzles, args.blind)?, builtin))
}

/// With `--blind N`, only the puzzles that keep N plies before them (see
/// [`known_plies`]); when none does, why.
fn blind_only(mut puzzles: Vec<Puzzle>, blind: Option<u8>) -> anyhow::Result<Vec<Puzzle>> {
    let Some(plies) = blind else {
        return Ok(puzzles);
    };
    if let [only] = puzzles.as_slice() {
        Blind::new(only, plies)?;
    }
    puzzles.retain(|p| known_plies(p) >= usize::from(plies));
    if puzzles.is_empty() {
        bail!(
            "no puzzle here keeps {plies} plies before it for --blind {plies}: a Lichess puzzle keeps 1 (its set-up move), a puzzle from `sancho mine` the game before it (up to 41); try --blind 1 with --pack a Lichess CSV or --source library, or --pack mined.json"
        );
    }
    Ok(puzzles)
}

/// Puzzles in memory (named `name`), narrowed to `--puzzle` and the
/// filters.
fn listed(
    mut puzzles: Vec<Puzzle>,
    filter: &Filter,
    args: &PlayArgs,
    name: &str,
) -> anyhow::Result<Vec<Puzzle>> {
    if let Some(id) = &args.puzzle {
        puzzles.retain(|p| &p.id == id);
        if puzzles.is_empty() {
            bail!("no puzzle has the id {id}");
        }
        // Only that puzzle is held: "none of the file has the theme" could
        // not be said truly, so the filters only narrow.
        puzzles.retain(|p| filter.matches(p));
        return Ok(puzzles);
    }
    let origin = Origin::List(&puzzles, name);
    Ok(candidates(origin, filter, &Basis::default(), 0)?)
}

/// Loads a puzzle file; with `--puzzle ID`, only that puzzle ([`load_one`]
/// streams a Lichess CSV up to the id and stops there).
pub(super) fn load_file(path: &Path, wanted: Option<&str>) -> anyhow::Result<Vec<Puzzle>> {
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

/// What `sancho play` plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Track {
    /// Rated training (no pack, source, puzzle or filter; or `--weak`).
    Rated,
    /// The puzzles whose last attempt failed, as replays.
    Replay,
    /// A pack, a source or filters, in their order, resumed (as always).
    Listed,
}

impl Track {
    fn of(args: &PlayArgs) -> anyhow::Result<Track> {
        let track = if args.replay_failed {
            Track::Replay
        } else if args.weak
            || (args.pack.is_none()
                && args.source.is_none()
                && args.puzzle.is_none()
                && args.filters.is_empty())
        {
            Track::Rated
        } else {
            Track::Listed
        };
        if track == Track::Listed
            && args.difficulty.is_some()
            && args.source != Some(PuzzleSource::Library)
        {
            bail!(
                "--difficulty is for rated training (`sancho play` with no --pack, --puzzle or filters, \
                 --weak) and --source library"
            );
        }
        Ok(track)
    }
}

/// Plays: line mode with `--plain`, otherwise the trainer opened at `start`.
pub fn play(args: PlayArgs, ctx: &Context, start: tui::Start) -> anyhow::Result<ExitCode> {
    if !args.plain {
        // Before any loading: the answer comes at once.
        super::terminal::require()?;
    }
    let (mut store, notice) = ctx.store_or_warn();
    match Track::of(&args)? {
        Track::Rated => return rated(&args, ctx, store, notice, start),
        Track::Replay => return replay(&args, ctx, store, notice, start),
        Track::Listed => {}
    }
    let (puzzles, builtin) = puzzles(&args, store.as_ref(), ctx)?;
    let plan = plan(&args, store.as_ref(), &puzzles, builtin);
    if args.plain {
        let engine = ctx.engine(args.engine.as_deref());
        let mut refuter = super::mine::Refuter::new(engine);
        let mode = line_mode(&args, ctx);
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
                    .puzzle(
                        puzzle,
                        source_of(puzzle, builtin),
                        outcome,
                        ms,
                        sancho::train::Track::Rated,
                    )
                    .map_err(io::Error::other)?;
                Ok(saved.and_then(|s| s.recorded().cloned()))
            },
            |pos, mv| refuter.refute(pos, mv),
        )?;
        return Ok(ExitCode::SUCCESS);
    }
    Trainer::new(
        &args,
        puzzles,
        plan.listing(),
        builtin,
        store,
        notice,
        ctx,
        start,
    )
    .run(ctx)
}

/// What a mode's own command opens the full screen on (Esc at its end
/// leads to the home screen, which offers everything else).
pub enum Opening {
    /// Nothing of its own: the puzzles, or the home menu.
    Home,
    /// The scoresheet trainer on a game (`sancho drill scoresheet`).
    Scoresheet(sancho::drill::Sheet),
    /// Guess the move, started (`sancho guess`).
    Guess(
        sancho::train::guess::Guess,
        Vec<sancho::train::guess::GuessEvent>,
    ),
    /// The repertoires chosen, at so many new cards a day (`sancho
    /// repertoire train`).
    Repertoire(Vec<sancho::repertoire::Repertoire>, usize),
    /// A position played out against the engine (`sancho game`).
    Game(tui::GameSetup),
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
    /// Rated training's pool, served after `puzzles` one at a time near
    /// the rating (`sancho play` with no pack).
    pub ladder: Option<sancho::train::Ladder>,
    /// Weakness training's pool and themes, for the home menu.
    pub weak: Option<(sancho::train::Ladder, Vec<String>)>,
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

/// Fills what the command line left open in `config` from the settings
/// (the command line wins), takes the file's key bindings, and says what
/// is wrong in the config file: now (through [`Context::settings`]), and
/// again (in the returned notice) once the full screen closes.
fn apply_settings(
    config: &mut tui::Config,
    notice: Option<String>,
    ctx: &Context,
) -> Option<String> {
    let settings = ctx.settings();
    config.keys = tui::Keymap::default().rebind(&settings.keys).0;
    if !config.ascii && !config.figures {
        config.ascii = settings.pieces == Pieces::Letters;
        config.figures = settings.pieces == Pieces::Figures;
    }
    config.large_pieces = settings.pieces == Pieces::Large;
    config.colors = config.colors.or(Some(settings.colors));
    config.reply_delay_ms = config.reply_delay_ms.or(settings.reply_delay_ms);
    config.lang = Some(ctx.trainer_lang());
    config.board = settings.board;
    config.live_hint = settings.live_hint;
    config.confirm_fail = settings.confirm_fail;
    let said = ctx.problems();
    match (notice, said.is_empty()) {
        (notice, true) => notice,
        (None, false) => Some(said.join("\n")),
        (Some(notice), false) => Some(format!("{notice}\n{}", said.join("\n"))),
    }
}

impl Trainer {
    /// The trainer a mode's own command opens at `config`'s start: the
    /// built-in puzzles a step away, the library and the mined pack on the
    /// home menu, results into `store`.
    ///
    /// # Errors
    /// The built-in packs do not read.
    pub fn for_mode(
        ctx: &Context,
        config: tui::Config,
        store: Option<Store>,
        notice: Option<String>,
        engine: Option<PathBuf>,
    ) -> anyhow::Result<Trainer> {
        let puzzles = builtin_packs()?
            .into_iter()
            .flat_map(|p| p.puzzles)
            .collect();
        Ok(Trainer {
            config,
            puzzles,
            order: Vec::new(),
            builtin: true,
            ladder: None,
            weak: None,
            store,
            notice,
            library: ctx.library_if_any(),
            filter: Filter::default(),
            set: None,
            engine,
            mined: ctx.mined_pack(),
        })
    }

    /// The trainer over `puzzles` (in `order`; empty: as they come) as
    /// `play`'s options say, opened at `start`; the config file fills
    /// what the command line leaves open (in [`Trainer::run`]).
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        args: &PlayArgs,
        puzzles: Vec<Puzzle>,
        order: Vec<usize>,
        builtin: bool,
        store: Option<Store>,
        notice: Option<String>,
        ctx: &Context,
        start: tui::Start,
    ) -> Trainer {
        let mut config = tui::Config {
            start,
            blindfold: args.blindfold,
            blind: args.blind,
            ..tui::Config::default()
        };
        args.display.apply(&mut config);
        Trainer {
            config,
            puzzles,
            order,
            builtin,
            ladder: None,
            weak: None,
            store,
            notice,
            library: ctx.library_if_any(),
            filter: args.filter(),
            set: None,
            engine: args.engine.clone(),
            mined: ctx.mined_pack(),
        }
    }

    /// The same trainer serving rated training's `ladder` at
    /// `difficulty` after its puzzles.
    #[must_use]
    pub fn with_ladder(
        mut self,
        ladder: sancho::train::Ladder,
        difficulty: sancho::train::Difficulty,
    ) -> Trainer {
        self.ladder = Some(ladder);
        self.config.difficulty = difficulty;
        self
    }

    /// The same trainer with weakness training's pool and themes for the
    /// home menu (none: no theme is weak yet).
    #[must_use]
    pub fn with_weak(mut self, weak: Option<(sancho::train::Ladder, Vec<String>)>) -> Trainer {
        self.weak = weak;
        self
    }

    /// The same trainer on another track (the course, replays), which
    /// decides how attempts are recorded.
    #[must_use]
    pub fn on_track(mut self, track: sancho::train::Track) -> Trainer {
        self.config.track = track;
        self
    }

    /// Runs the trainer and records everything that finishes in it, the
    /// moment it finishes.
    pub fn run(self, ctx: &Context) -> anyhow::Result<ExitCode> {
        self.run_with(ctx, Opening::Home)
    }

    /// As [`Trainer::run`], opened on a mode's own start (`opening`) rather
    /// than the puzzles or the home menu.
    pub fn run_with(self, ctx: &Context, opening: Opening) -> anyhow::Result<ExitCode> {
        super::terminal::require()?;
        let (mut scoresheet, mut guess, mut repertoires, mut game) = (None, None, None, None);
        match opening {
            Opening::Home => {}
            Opening::Scoresheet(sheet) => scoresheet = Some(sheet),
            Opening::Guess(run, events) => guess = Some((run, events)),
            Opening::Repertoire(chosen, per_day) => repertoires = Some((chosen, per_day)),
            Opening::Game(setup) => game = Some(setup),
        }
        let Trainer {
            mut config,
            puzzles,
            order,
            builtin,
            ladder,
            weak,
            mut store,
            notice,
            library,
            filter,
            set,
            engine,
            mined,
        } = self;
        let notice = apply_settings(&mut config, notice, ctx);
        let engine = sancho::engine::find_engine_here(ctx.engine(engine.as_deref()).as_deref());
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
        // The home menu's Course beside any other track.
        let course = match config.track {
            sancho::train::Track::Course => None,
            _ => {
                let (puzzles, plan) = super::course::course_plan(store.as_ref())?;
                Some((puzzles, plan.listing()))
            }
        };
        // The failed puzzles, for the History screen's replay.
        let replayable = rated::failed_puzzles(store.as_ref(), ctx)
            .map(|(puzzles, sources, _)| {
                puzzles
                    .into_iter()
                    .map(|p| {
                        let builtin = matches!(
                            sources.get(&p.id),
                            Some(sancho::progress::Source::Builtin { .. })
                        );
                        (p, builtin)
                    })
                    .collect()
            })
            .unwrap_or_default();
        // The set being played, for the header.
        let set_header = set.as_ref().map(|set| {
            let stats = set.stats();
            let (cycle, done) = stats
                .current
                .as_ref()
                .map_or((stats.cycles.len() + 1, 0), |c| (c.cycle, c.done));
            tui::SetHeader {
                name: set.name.clone(),
                cycle,
                done,
                size: stats.puzzles,
            }
        });
        let (repertoires, new_per_day) = match repertoires {
            Some(chosen) => chosen,
            None => (
                super::repertoire::open_for_reading(ctx)
                    .map(|store| store.repertoires().to_vec())
                    .unwrap_or_default(),
                super::repertoire::DEFAULT_NEW_PER_DAY,
            ),
        };
        let opened = now();
        let repertoires = repertoires
            .into_iter()
            .map(|rep| {
                let plan = super::repertoire::plan_for(&rep, progress, new_per_day, opened);
                (rep, plan)
            })
            .collect();
        let basis = Basis::of(progress, now());
        let basis = &basis;
        let library_path = library.clone();
        let open = library.map(|path| -> tui::OpenSource<'_> {
            Box::new(move || {
                let library = Library::open(&path)?;
                let source = tui::LibrarySource::new(library, basis.clone());
                Ok(Box::new(source))
            })
        });
        let context = tui::Context {
            builtin,
            order,
            scoresheet,
            guess,
            game,
            records: progress.map(|p| p.mode_records(now())),
            mined,
            course,
            ladder,
            weak,
            replayable,
            set: set_header,
            repertoires,
            opened,
            ..context
        };
        tui::run(
            config,
            puzzles,
            context,
            open,
            filter,
            engine,
            &mut WithSets {
                recording: Recording {
                    store: store.as_mut(),
                    set: set.as_ref(),
                },
                library: library_path,
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
