//! `sancho repertoire add | list | show | delete | train` (issue 25): the
//! user's opening repertoires, read from their own PGN and trained card by
//! card, scheduled with FSRS like puzzle reviews.
//!
//! The repertoires live in `repertoire.json` in the data directory (the
//! core's `RepertoireStore`: lock, atomic write, a damaged file set
//! aside); what the user answered lives in the progress store, recorded
//! through the one record path.

use std::io::{self, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Context as _, bail};
use clap::{Args, Subcommand, ValueEnum};
use sancho::line::run_repertoire;
use sancho::notation::color_name;
use sancho::progress::{Progress, Timestamp};
use sancho::repertoire::{
    AddReport, Origin, Plan, Repertoire, RepertoireError, RepertoireStore, Trainer, check_name,
};
use shakmaty::Color;

use super::context::Context;
use super::data::{now, stopwatch, tell_notice};
use super::record::Recording;

/// New cards a day, unless `--new` says otherwise.
pub const DEFAULT_NEW_PER_DAY: usize = 10;

/// `sancho repertoire`.
#[derive(Debug, Subcommand)]
pub enum RepertoireCommand {
    /// Add a PGN file's games, with their variations, to a repertoire
    /// (made if new): the positions where your side is to move become cards.
    Add(AddArgs),
    /// Every repertoire: side, cards, lines, cards due.
    List {
        /// The repertoires as one JSON array.
        #[arg(long)]
        json: bool,
    },
    /// A repertoire's moves as a tree (PGN movetext, variations in brackets).
    Show {
        /// The repertoire's name.
        name: String,
    },
    /// Delete a repertoire (your answers stay in your progress).
    Delete {
        /// The repertoire's name.
        name: String,
    },
    /// Train: due cards first, then new ones (the full screen, or line mode with --plain).
    Train(TrainArgs),
    /// Check your games against your repertoires: where each left the book,
    /// by your own deviation (the card falls due now) or a gap.
    Check(CheckArgs),
}

/// `sancho repertoire check`.
#[derive(Debug, Args)]
pub struct CheckArgs {
    /// The games, as PGN.
    file: PathBuf,
    /// Your name in the games' White and Black tags (any case): each game
    /// is checked against the repertoires of the side you had. Without it,
    /// every game is checked against every repertoire.
    #[arg(long, value_name = "NAME")]
    player: Option<String>,
    /// The games and the summary as one JSON object.
    #[arg(long)]
    json: bool,
}

/// The side a repertoire plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Side {
    /// White's openings.
    White,
    /// Black's defences.
    Black,
}

impl From<Side> for Color {
    fn from(side: Side) -> Color {
        match side {
            Side::White => Color::White,
            Side::Black => Color::Black,
        }
    }
}

/// `sancho repertoire add`.
#[derive(Debug, Args)]
pub struct AddArgs {
    /// The PGN file: one chapter per game, variations allowed.
    file: PathBuf,
    /// The side you play in these lines.
    #[arg(long, value_enum)]
    side: Side,
    /// The repertoire's name (default: the file's stem, `e4` for e4.pgn).
    #[arg(long)]
    name: Option<String>,
}

/// `sancho repertoire train`.
#[derive(Debug, Args)]
pub struct TrainArgs {
    /// The repertoire (default: each in turn, by name).
    name: Option<String>,
    /// New cards a day, at most (default 10).
    #[arg(long, value_name = "N", default_value_t = DEFAULT_NEW_PER_DAY)]
    new: usize,
    /// Line mode: no full screen.
    #[arg(long)]
    plain: bool,
    /// With --plain: every event as one JSON object per line.
    #[arg(long, requires = "plain")]
    json: bool,
}

/// Runs `sancho repertoire ...`.
pub fn repertoire(command: RepertoireCommand, ctx: &Context) -> anyhow::Result<ExitCode> {
    match command {
        RepertoireCommand::Add(args) => add(&args, ctx),
        RepertoireCommand::List { json } => list(json, ctx),
        RepertoireCommand::Show { name } => show(&name, ctx),
        RepertoireCommand::Delete { name } => delete(&name, ctx),
        RepertoireCommand::Train(args) => train(&args, ctx),
        RepertoireCommand::Check(args) => check(&args, ctx),
    }
}

/// Opens the repertoires to change them, telling of a damaged file.
fn open(ctx: &Context) -> anyhow::Result<RepertoireStore> {
    let mut store = RepertoireStore::open(ctx.data_dir()?, now())?;
    tell(&mut store);
    Ok(store)
}

/// Opens the repertoires to read them.
pub fn open_for_reading(ctx: &Context) -> anyhow::Result<RepertoireStore> {
    let mut store = RepertoireStore::open_for_reading(ctx.data_dir()?, now())?;
    tell(&mut store);
    Ok(store)
}

fn tell(store: &mut RepertoireStore) {
    if let Some(notice) = store.take_notice() {
        eprintln!("sancho: {notice}");
    }
    for held in store.held() {
        // Escaped (`{:?}`) and cut short: the name may hold anything.
        let name: String = held.name.chars().take(60).collect();
        let more = if held.name.chars().count() > 60 {
            "…"
        } else {
            ""
        };
        eprintln!(
            "sancho: {} holds a repertoire named {name:?}{more}, which {}; it is kept as it is and left out (rename it in the file to use it)",
            store.path().display(),
            held.problem
        );
    }
}

/// The name a file gives a repertoire: its stem.
fn default_name(file: &Path) -> String {
    file.file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "repertoire".to_owned())
}

fn add(args: &AddArgs, ctx: &Context) -> anyhow::Result<ExitCode> {
    let name = check_name(
        &args
            .name
            .clone()
            .unwrap_or_else(|| default_name(&args.file)),
    )?
    .to_owned();
    let side = Color::from(args.side);
    let shown = args.file.display().to_string();
    // Read whole before the store is locked: a missing file is said
    // without a lock, and a slow or endless stream never holds it.
    let pgn = super::files::read_input(&args.file, super::files::TEXT_MAX)
        .with_context(|| format!("cannot read {}", args.file.display()))?;
    let mut store = open(ctx)?;
    let at = now();
    let (report, created) = store.change(at, |all| {
        let created = !all.iter().any(|r| r.name() == name);
        if created {
            all.push(Repertoire::new(&name, side, at));
        }
        let rep = all
            .iter_mut()
            .find(|r| r.name() == name)
            .ok_or_else(|| RepertoireError::NotFound(name.clone()))?;
        if rep.side() != side {
            return Err(RepertoireError::OtherSide {
                name: name.clone(),
                side: color_name(rep.side()),
            });
        }
        let report =
            rep.add_pgn(pgn.as_slice(), &shown, at)
                .map_err(|source| RepertoireError::Read {
                    path: args.file.clone(),
                    source,
                })?;
        if created && report.games == 0 {
            all.retain(|r| r.name() != name);
        }
        Ok((report, created))
    })?;
    print_report(&shown, &name, side, &report, created)?;
    Ok(if report.rejected.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

/// What `add` did, on stdout; the games not added on stderr.
fn print_report(
    file: &str,
    name: &str,
    side: Color,
    report: &AddReport,
    created: bool,
) -> io::Result<()> {
    let mut out = io::stdout().lock();
    for bad in &report.rejected {
        eprintln!(
            "sancho: {file}: game {} (line {}): {}; nothing of this game was added",
            bad.game, bad.line, bad.error
        );
    }
    if report.games == 0 {
        writeln!(out, "{file}: no game was added")?;
        return Ok(());
    }
    let made = if created { " (new)" } else { "" };
    writeln!(
        out,
        "{file}: {}, {} ({} new), {} added to the repertoire {name}{made}, playing {}",
        plural(report.games, "game"),
        plural(report.lines, "line"),
        report.new_lines,
        plural(report.cards, "new card"),
        color_name(side)
    )?;
    if !report.empty.is_empty() {
        let numbers: Vec<String> = report.empty.iter().map(ToString::to_string).collect();
        writeln!(
            out,
            "games without moves (nothing to add): {}",
            numbers.join(", ")
        )?;
    }
    // A few are worth reading; a file full of them is summed up.
    const SHOWN_DOUBLES: usize = 20;
    for double in report.doubles.iter().take(SHOWN_DOUBLES) {
        writeln!(
            out,
            "two moves for one position, both accepted: {} ({}) and {} ({})",
            double.first.san,
            origin_text(&double.first.origin, &double.first.line),
            double.second.san,
            origin_text(&double.second.origin, &double.second.line),
        )?;
    }
    if report.doubles.len() > SHOWN_DOUBLES {
        writeln!(
            out,
            "and {} more positions with two moves, all accepted (`sancho repertoire show {}` shows them as variations)",
            report.doubles.len() - SHOWN_DOUBLES,
            name
        )?;
    }
    if !report.rejected.is_empty() {
        let n = report.rejected.len();
        let (games, were) = if n == 1 {
            ("game", "was")
        } else {
            ("games", "were")
        };
        writeln!(out, "{n} {games} {were} not added (see above)")?;
    }
    Ok(())
}

fn origin_text(origin: &Origin, line: &str) -> String {
    let line = if line.is_empty() {
        "the start".to_owned()
    } else {
        format!("after {line}")
    };
    match origin {
        Origin::Before => format!("already in the repertoire, {line}"),
        Origin::Game(n) => format!("game {n}, {line}"),
    }
}

/// A repertoire's figures for `list`.
#[derive(Debug, serde::Serialize)]
struct Listed {
    name: String,
    side: &'static str,
    cards: usize,
    lines: usize,
    games: usize,
    /// Cards due now.
    due: usize,
    /// Cards never trained.
    new: usize,
    files: Vec<String>,
}

fn listed(rep: &Repertoire, progress: Option<&Progress>, at: Timestamp) -> Listed {
    let states = progress
        .map(|p| p.repertoire_cards(rep.name()))
        .unwrap_or_default();
    let plan = Plan::choose(rep, &states, at, usize::MAX);
    Listed {
        name: rep.name().to_owned(),
        side: color_name(rep.side()),
        cards: rep.cards().len(),
        lines: rep.line_count(),
        games: rep.added().iter().map(|a| a.games).sum(),
        due: plan.due.len(),
        new: plan.new.len(),
        files: rep.added().iter().map(|a| a.file.clone()).collect(),
    }
}

fn list(json: bool, ctx: &Context) -> anyhow::Result<ExitCode> {
    let store = open_for_reading(ctx)?;
    let progress = ctx.open_store_for_reading().ok();
    let at = now();
    let all: Vec<Listed> = store
        .repertoires()
        .iter()
        .map(|r| listed(r, progress.as_ref().map(|s| s.progress()), at))
        .collect();
    let mut out = io::stdout().lock();
    if json {
        serde_json::to_writer_pretty(&mut out, &all)?;
        writeln!(out)?;
    } else if all.is_empty() {
        writeln!(
            out,
            "no repertoires yet: add one with `sancho repertoire add FILE.pgn --side white|black`"
        )?;
    } else {
        for r in &all {
            writeln!(
                out,
                "{}: plays {}, {} in {} from {}; {} due, {} new",
                r.name,
                r.side,
                plural(r.cards, "card"),
                plural(r.lines, "line"),
                plural(r.games, "game"),
                r.due,
                r.new
            )?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn find<'a>(store: &'a RepertoireStore, name: &str) -> anyhow::Result<&'a Repertoire> {
    store.get(name).ok_or_else(|| {
        let names: Vec<&str> = store.repertoires().iter().map(Repertoire::name).collect();
        if names.is_empty() {
            anyhow::anyhow!(
                "there is no repertoire named {name:?}: there are none yet (`sancho repertoire add FILE.pgn --side white|black`)"
            )
        } else {
            anyhow::anyhow!(
                "there is no repertoire named {name:?}; there are: {}",
                names.join(", ")
            )
        }
    })
}

fn show(name: &str, ctx: &Context) -> anyhow::Result<ExitCode> {
    let store = open_for_reading(ctx)?;
    let rep = find(&store, name)?;
    let mut out = io::stdout().lock();
    // A `;` comment, so that what is written reads back as PGN.
    writeln!(
        out,
        "; {}: plays {}, {} in {}",
        rep.name(),
        color_name(rep.side()),
        plural(rep.cards().len(), "card"),
        plural(rep.line_count(), "line")
    )?;
    write!(out, "{}", rep.pgn())?;
    Ok(ExitCode::SUCCESS)
}

fn delete(name: &str, ctx: &Context) -> anyhow::Result<ExitCode> {
    let mut store = open(ctx)?;
    let removed = store.change(now(), |all| {
        let at = all
            .iter()
            .position(|r| r.name() == name)
            .ok_or_else(|| RepertoireError::NotFound(name.to_owned()))?;
        Ok(all.remove(at))
    })?;
    writeln!(
        io::stdout().lock(),
        "deleted the repertoire {} ({} cards); your answers stay in your progress",
        removed.name(),
        removed.cards().len()
    )?;
    Ok(ExitCode::SUCCESS)
}

fn train(args: &TrainArgs, ctx: &Context) -> anyhow::Result<ExitCode> {
    if !args.plain {
        super::terminal::require()?;
    }
    let repertoires = open_for_reading(ctx)?;
    let chosen: Vec<Repertoire> = match &args.name {
        Some(name) => vec![find(&repertoires, name)?.clone()],
        None => repertoires.repertoires().to_vec(),
    };
    if chosen.is_empty() {
        bail!(
            "no repertoires yet: add one with `sancho repertoire add FILE.pgn --side white|black`"
        );
    }
    let (mut store, notice) = ctx.store_or_warn();
    if !args.plain {
        return repertoire_screen(chosen, args.new, store, notice, ctx);
    }
    let lang = ctx.trainer_lang();
    let mut stdin = io::stdin().lock();
    for rep in chosen {
        let at = now();
        let plan = plan_for(&rep, store.as_ref().map(|s| s.progress()), args.new, at);
        let (trainer, first) = Trainer::new(rep, &plan, lang);
        let summary = run_repertoire(
            &mut stdin,
            io::stdout().lock(),
            trainer,
            first,
            args.json,
            stopwatch(),
            now,
            |finished| {
                let mut recording = Recording {
                    store: store.as_mut(),
                    set: None,
                };
                recording.record(finished).map_err(io::Error::other)
            },
        )?;
        if summary.reason != "done" {
            break;
        }
    }
    if let Some(store) = store.as_mut() {
        tell_notice(store);
    }
    Ok(ExitCode::SUCCESS)
}

/// Today's plan for `rep`: its due cards, and new ones up to `new_per_day`
/// less those already learned today.
pub fn plan_for(
    rep: &Repertoire,
    progress: Option<&Progress>,
    new_per_day: usize,
    at: Timestamp,
) -> Plan {
    let states = progress
        .map(|p| p.repertoire_cards(rep.name()))
        .unwrap_or_default();
    let learned = progress.map_or(0, |p| p.cards_learned_on(rep.name(), at));
    Plan::choose(rep, &states, at, new_per_day.saturating_sub(learned))
}

/// The full-screen trainer on `chosen`, the built-in puzzles a step away.
fn repertoire_screen(
    chosen: Vec<Repertoire>,
    new_per_day: usize,
    store: Option<sancho::progress::Store>,
    notice: Option<String>,
    ctx: &Context,
) -> anyhow::Result<ExitCode> {
    let config = sancho::tui::Config {
        start: sancho::tui::Start::Repertoire,
        ..sancho::tui::Config::default()
    };
    super::play::Trainer::for_mode(ctx, config, store, notice, None)?
        .run_with(ctx, super::play::Opening::Repertoire(chosen, new_per_day))
}

/// `1 game`, `3 games`.
fn plural(n: usize, word: &str) -> String {
    if n == 1 {
        format!("{n} {word}")
    } else {
        format!("{n} {word}s")
    }
}

/// Each repertoire's figures (none when the repertoires cannot be read:
/// why is said on stderr).
pub fn stats(progress: &Progress, ctx: &Context) -> Vec<sancho::progress::RepertoireStats> {
    let store = match open_for_reading(ctx) {
        Ok(store) => store,
        Err(e) => {
            eprintln!("sancho: {e:#}");
            return Vec::new();
        }
    };
    let at = now();
    store
        .repertoires()
        .iter()
        .map(|rep| {
            let keys: Vec<String> = rep.cards().iter().map(|&c| rep.key(c)).collect();
            progress.repertoire_stats(rep.name(), &keys, at)
        })
        .collect()
}

/// The repertoires' block of `sancho stats` (nothing without one).
pub fn write_stats(
    out: &mut impl Write,
    all: &[sancho::progress::RepertoireStats],
) -> io::Result<()> {
    if all.is_empty() {
        return Ok(());
    }
    writeln!(out, "Repertoires")?;
    for r in all {
        let retention = r.retention.map_or_else(
            || "no reviews yet".to_owned(),
            |x| format!("retention {:.0}%", x * 100.0),
        );
        writeln!(
            out,
            "  {}: {} cards, {} known, {} due today, {} learned this week, {retention}",
            r.name, r.cards, r.known, r.due_today, r.learned_this_week
        )?;
    }
    Ok(())
}

/// A game `check` could not read.
#[derive(Debug, serde::Serialize)]
struct Skipped {
    game: usize,
    line: usize,
    error: String,
}

/// Whether `player` had `side` in `game` (names compared in any case).
fn had_side(game: &sancho::drill::PgnGame, player: &str, side: Color) -> bool {
    let tag = if side == Color::White {
        "White"
    } else {
        "Black"
    };
    game.tag(tag)
        .is_some_and(|name| name.trim().eq_ignore_ascii_case(player.trim()))
}

/// What names a game and a card for good: the same game checked again
/// records its deviation once.
fn played_key(rep: &str, card: &str, game: &sancho::drill::PgnGame) -> String {
    let tags: Vec<&str> = ["Event", "Site", "Date", "Round", "White", "Black"]
        .iter()
        .map(|t| game.tag(t).unwrap_or("?"))
        .collect();
    format!("{rep}|{card}|{}|{}", tags.join("|"), game.moves.join(" "))
}

fn check(args: &CheckArgs, ctx: &Context) -> anyhow::Result<ExitCode> {
    use sancho::drill::{PgnReader, ReadGame};
    use sancho::progress::CardReview;
    use sancho::repertoire::{CheckSummary, Left};
    use sancho::train::{Finished, Saved};

    let repertoires = open_for_reading(ctx)?;
    if repertoires.repertoires().is_empty() {
        bail!(
            "no repertoires yet: add one with `sancho repertoire add FILE.pgn --side white|black`"
        );
    }
    let (file, _) = super::files::open_input(&args.file, super::files::STREAM_MAX)
        .with_context(|| format!("cannot read {}", args.file.display()))?;
    let shown = args.file.display().to_string();
    let at = now();
    let mut checks = Vec::new();
    let mut skipped = Vec::new();
    let mut played = Vec::new();
    for (i, read) in PgnReader::new(BufReader::new(file)).enumerate() {
        let ReadGame { line, game, .. } = read.with_context(|| format!("cannot read {shown}"))?;
        let number = i + 1;
        let game = match game {
            Ok(game) => game,
            Err(e) => {
                skipped.push(Skipped {
                    game: number,
                    line,
                    error: e.to_string(),
                });
                continue;
            }
        };
        for rep in repertoires.repertoires() {
            if let Some(player) = &args.player
                && !had_side(&game, player, rep.side())
            {
                continue;
            }
            match rep.check_game(&game, number) {
                Ok(Some(check)) => {
                    if let Left::Deviation { card, .. } = &check.left {
                        let review = CardReview {
                            repertoire: rep.name().to_owned(),
                            card: card.clone(),
                            at,
                            right: false,
                            time_ms: 0,
                            played: true,
                            wrong_inputs: Vec::new(),
                        };
                        played.push((played_key(rep.name(), card, &game), review));
                    }
                    checks.push(check);
                }
                Ok(None) => {}
                Err(e) => {
                    skipped.push(Skipped {
                        game: number,
                        line,
                        error: e.to_string(),
                    });
                    break;
                }
            }
        }
    }
    let summary = CheckSummary::of(&checks);
    let due_now = if played.is_empty() {
        0
    } else {
        let (mut store, _) = ctx.open_store()?;
        let mut recording = Recording {
            store: Some(&mut store),
            set: None,
        };
        match recording.record(&Finished::Played(played))? {
            Some(Saved::Played { new }) => new,
            _ => 0,
        }
    };
    for bad in &skipped {
        eprintln!(
            "sancho: {shown}: game {} (line {}): {}; not checked",
            bad.game, bad.line, bad.error
        );
    }
    let mut out = io::stdout().lock();
    if args.json {
        let value = serde_json::json!({
            "games": checks,
            "summary": summary,
            "skipped": skipped,
            "recorded": due_now,
        });
        serde_json::to_writer_pretty(&mut out, &value)?;
        writeln!(out)?;
        return Ok(ExitCode::SUCCESS);
    }
    for c in &checks {
        let who = format!("game {} ({} - {})", c.game, c.white, c.black);
        let after = if c.line.is_empty() {
            "at the start".to_owned()
        } else {
            format!("after {}", c.line)
        };
        let what = match &c.left {
            Left::Deviation {
                played, expected, ..
            } => format!(
                "you played {played} {after}; your repertoire {} plays {}: the card is due now",
                c.repertoire,
                expected.join(" or ")
            ),
            Left::Gap { played, .. } => format!(
                "{played} {after} is not in your repertoire {}",
                c.repertoire
            ),
            Left::BookEnd => format!(
                "in book to the end of your repertoire {}'s line: {}",
                c.repertoire, c.line
            ),
            Left::GameEnd => format!("in your repertoire {} to its last move", c.repertoire),
        };
        writeln!(out, "{who}: {what}")?;
    }
    writeln!(out)?;
    match summary.average_move {
        None => writeln!(
            out,
            "no game was checked (none started from a repertoire's position{})",
            if args.player.is_some() {
                " with your side"
            } else {
                ""
            }
        )?,
        Some(average) => {
            let cards: std::collections::BTreeSet<&str> = checks
                .iter()
                .filter_map(|c| match &c.left {
                    Left::Deviation { card, .. } => Some(card.as_str()),
                    _ => None,
                })
                .collect();
            let recorded = if summary.deviations == 0 {
                String::new()
            } else if due_now == 0 {
                " (recorded before: these games were checked already)".to_owned()
            } else {
                format!(" ({due_now} newly recorded: those cards are due now)")
            };
            writeln!(
                out,
                "{} checked: in book to move {average:.1} on average; {} on {}{recorded}",
                plural(summary.games, "game"),
                plural(summary.deviations, "deviation"),
                plural(cards.len(), "card"),
            )?;
        }
    }
    if !summary.gaps.is_empty() {
        writeln!(out, "most common gaps:")?;
        for gap in summary.gaps.iter().take(10) {
            let after = if gap.line.is_empty() {
                String::new()
            } else {
                format!(" after {}", gap.line)
            };
            writeln!(
                out,
                "  {}{after}: {}",
                gap.played,
                plural(gap.count, "game")
            )?;
        }
    }
    Ok(ExitCode::SUCCESS)
}
