//! `sancho worksheet`: sheets for the classroom (issue 40). Puzzles chosen
//! with the filters of `play`, a notation drill's exercises, or a blank
//! scoresheet, printed as a PDF (or as text with `--out -`) with an answer
//! key on its own pages.
//!
//! The choice is the shell's (which file, which seed, the library); what
//! goes on the sheet is the core's `worksheet` model; how it looks is
//! `sancho::print`; the file is written by the one `--out` writer.

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::bail;
use clap::Args;
use sancho::drill::{self, CoordOptions, GenOptions};
use sancho::library::Filter;
use sancho::print::{self, Paper};
use sancho::progress::choose_set;
use sancho::puzzle::{Puzzle, builtin_packs};
use sancho::train::{Basis, Origin, candidates};
use sancho::woodpecker::{describe, library_pool};
use sancho::worksheet::{
    Orientation, PaperDrill, PerPage, SheetOptions, Worksheet, drill_sheet, puzzle_sheet,
    scoresheet,
};

use super::context::Context;
use super::data::now;
use super::library::open_library;
use super::play::{FilterArgs, PuzzleSource};

/// The most exercises one sheet may hold: a class set of pages, not a book.
const MAX_COUNT: i64 = 500;

/// `sancho worksheet`.
#[derive(Debug, Args)]
pub struct WorksheetArgs {
    /// Where to write: a PDF file, or `-` for the sheet as text on
    /// standard output (a path ending in .txt gets the text too).
    #[arg(long, value_name = "FILE")]
    out: PathBuf,
    /// Puzzles from this file, in its order: a JSON pack or a Lichess
    /// `.csv` / `.csv.zst` (without --count: the whole file, up to 500).
    #[arg(long, value_name = "PATH", conflicts_with = "source")]
    pack: Option<PathBuf>,
    /// Where puzzles come from: `builtin`, `library` or a file's PATH
    /// (default: the library if imported, else the built-in puzzles).
    #[arg(long, value_name = "SOURCE")]
    source: Option<PuzzleSource>,
    /// Which puzzles.
    #[command(flatten)]
    filters: FilterArgs,
    /// How many puzzles or exercises (default: one page's worth; with
    /// --pack, the whole file).
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=MAX_COUNT))]
    count: Option<u16>,
    /// The seed that chooses the puzzles or makes the exercises (default:
    /// the time); the same seed and options give the same sheet.
    #[arg(long)]
    seed: Option<u64>,
    /// A notation drill's exercises instead of puzzles.
    #[arg(long, value_name = "DRILL", value_parser = named(&PaperDrill::ALL), conflicts_with_all = [
        "pack", "source", "themes_any", "themes_all", "rating", "opening",
        "min_popularity", "pieces", "white_bottom",
    ])]
    drill: Option<PaperDrill>,
    /// A blank FIDE-style scoresheet instead: the event's fields, 60 moves
    /// in two columns, the signatures.
    #[arg(long, conflicts_with_all = [
        "pack", "source", "themes_any", "themes_all", "rating", "opening",
        "min_popularity", "pieces", "white_bottom", "drill", "count", "seed",
        "per_page", "no_key",
    ])]
    scoresheet: bool,
    /// The paper (default: the locale's, by LC_ALL, LC_PAPER or LANG; else
    /// a4).
    #[arg(long, value_name = "SIZE", value_parser = named(&Paper::ALL), ignore_case = true)]
    paper: Option<Paper>,
    /// Diagrams on a page.
    #[arg(long, value_name = "N", default_value = "6", value_parser = named(&PerPage::ALL))]
    per_page: PerPage,
    /// Leave the answer key out.
    #[arg(long)]
    no_key: bool,
    /// The sheet's title (default: one for what it holds).
    #[arg(long, value_name = "TEXT")]
    title: Option<String>,
    /// The date printed in the header (default: a blank to fill in).
    #[arg(long, value_name = "TEXT")]
    date: Option<String>,
    /// Every diagram with White at the bottom, as many books print them
    /// (default: from the side to move, as the trainer shows a puzzle).
    #[arg(long)]
    white_bottom: bool,
}

/// A parser of one of `choices`, by the name each displays as: the help,
/// the error and the completions list the names.
fn named<T>(choices: &[T]) -> impl clap::builder::TypedValueParser<Value = T> + use<T>
where
    T: Copy + Send + Sync + std::fmt::Display + 'static,
{
    use clap::builder::{PossibleValuesParser, TypedValueParser as _};
    let choices = choices.to_vec();
    let names: Vec<String> = choices.iter().map(ToString::to_string).collect();
    PossibleValuesParser::new(names.clone()).map(move |name| {
        let at = names.iter().position(|n| *n == name).unwrap_or(0);
        choices[at]
    })
}

/// Where the sheet goes.
enum Target<'a> {
    /// Text on standard output.
    Stdout,
    /// Text in a file.
    Text(&'a Path),
    /// A PDF file.
    Pdf(&'a Path),
}

impl WorksheetArgs {
    fn target(&self) -> Target<'_> {
        if self.out.as_os_str() == "-" {
            Target::Stdout
        } else if self
            .out
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("txt"))
        {
            Target::Text(&self.out)
        } else {
            Target::Pdf(&self.out)
        }
    }

    fn paper(&self) -> Paper {
        self.paper.unwrap_or_else(|| {
            ["LC_ALL", "LC_PAPER", "LANG"]
                .into_iter()
                .find_map(|name| std::env::var(name).ok().filter(|v| !v.is_empty()))
                .map_or(Paper::A4, |locale| Paper::of_locale(&locale))
        })
    }
}

/// Runs `sancho worksheet`.
pub fn worksheet(args: &WorksheetArgs, ctx: &Context) -> anyhow::Result<ExitCode> {
    for (what, text) in [("--title", &args.title), ("--date", &args.date)] {
        let Some(text) = text else { continue };
        let missing = print::unprintable(text);
        if !missing.is_empty() && matches!(args.target(), Target::Pdf(_)) {
            let list: String = missing.iter().collect();
            eprintln!("sancho: the PDF's standard fonts have no {list} ({what}): printed as ?");
        }
    }
    let mut options = SheetOptions {
        title: args.title.clone(),
        date: args.date.clone(),
        per_page: args.per_page,
        key: !args.no_key,
        lang: ctx.trainer_lang(),
        orientation: if args.white_bottom {
            Orientation::White
        } else {
            Orientation::Solver
        },
        footer: String::new(),
    };
    let (sheet, what) = if args.scoresheet {
        options.footer = format!("Sancho {}", env!("CARGO_PKG_VERSION"));
        (scoresheet(&options), "a scoresheet".to_owned())
    } else if let Some(paper_drill) = args.drill {
        drill_sheet_for(args, paper_drill, options)
    } else {
        puzzles_sheet_for(args, options, ctx)?
    };
    write(args, &sheet, &what, ctx)
}

/// A drill's sheet: `--count` exercises (one page by default) made by the
/// seed.
fn drill_sheet_for(
    args: &WorksheetArgs,
    paper_drill: PaperDrill,
    mut options: SheetOptions,
) -> (Worksheet, String) {
    let count = args.count.map_or(args.per_page.count(), usize::from);
    let seed = seed(args);
    let generator = GenOptions {
        coordinates: CoordOptions {
            hidden: true,
            ..CoordOptions::default()
        },
        book: Some(drill::game_book()),
        ..GenOptions::default()
    };
    let exercises = drill::generate(paper_drill.kind(), seed, count, &generator);
    if exercises.len() < count {
        eprintln!(
            "sancho: {} of the {count} exercises could be made; the sheet holds those",
            exercises.len()
        );
    }
    options.footer = format!(
        "{paper_drill} drill, {} exercises, seed {seed} (sancho worksheet --drill {paper_drill} --count {} --seed {seed})",
        exercises.len(),
        exercises.len()
    );
    let what = format!("{} {paper_drill} exercises", exercises.len());
    (drill_sheet(paper_drill, &exercises, &options), what)
}

fn seed(args: &WorksheetArgs) -> u64 {
    args.seed.unwrap_or_else(|| now().0.unsigned_abs())
}

/// A sheet of puzzles chosen as `args` say.
fn puzzles_sheet_for(
    args: &WorksheetArgs,
    mut options: SheetOptions,
    ctx: &Context,
) -> anyhow::Result<(Worksheet, String)> {
    let filter = args.filters.filter();
    let source = match (&args.source, &args.pack) {
        (Some(source), _) => source.clone(),
        (None, Some(path)) => PuzzleSource::File(path.clone()),
        (None, None) if ctx.library_if_any().is_some() => PuzzleSource::Library,
        (None, None) => PuzzleSource::Builtin,
    };
    let chosen = choose(args, &source, &filter, ctx)?;
    let count = chosen.puzzles.len();
    let filters = describe(&filter);
    let mut from = match &source {
        PuzzleSource::Builtin => "the built-in puzzles".to_owned(),
        PuzzleSource::Library => "the library".to_owned(),
        PuzzleSource::File(path) => path.file_name().map_or_else(
            || path.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        ),
    };
    if !filters.is_empty() {
        from = format!("{from} ({filters})");
    }
    options.footer = match chosen.seed {
        Some(seed) => format!("{count} puzzles from {from}, seed {seed}"),
        None => format!("{count} puzzles from {from}, in its order"),
    };
    if let (Some(seed), None) = (chosen.seed, args.seed) {
        eprintln!("sancho: chosen with seed {seed}: --seed {seed} chooses the same puzzles again");
    }
    let what = format!("{count} puzzles from {from}");
    Ok((puzzle_sheet(&chosen.puzzles, &options), what))
}

/// The puzzles of a sheet, and the seed that drew them (none when a
/// file's first puzzles were taken in order).
struct Chosen {
    puzzles: Vec<Puzzle>,
    seed: Option<u64>,
}

/// Chooses the sheet's puzzles: a file's in its order (the first N, or N
/// drawn by `--seed` and kept in the file's order); the built-in puzzles'
/// or the library's drawn by the seed, easiest first, as a set is.
///
/// # Errors
/// Nothing fits the filters, fewer fit than `--count` asks, the file or
/// the library cannot be read.
fn choose(
    args: &WorksheetArgs,
    source: &PuzzleSource,
    filter: &Filter,
    ctx: &Context,
) -> anyhow::Result<Chosen> {
    let wanted = args.count.map(usize::from);
    let (matching, name) = match source {
        PuzzleSource::File(path) => {
            let loaded = super::play::load_file(path, None)?;
            if loaded.is_empty() {
                bail!("{} holds no puzzles", path.display());
            }
            let name = path.display().to_string();
            let matching = candidates(Origin::List(&loaded, &name), filter, &Basis::default(), 0)?;
            let wanted = match wanted {
                Some(n) => n,
                None if matching.len() > MAX_COUNT as usize => bail!(
                    "{} puzzles of {name} fit: say how many to print with --count (at most {MAX_COUNT})",
                    matching.len()
                ),
                None => matching.len(),
            };
            enough(matching.len(), wanted, &name)?;
            return Ok(match args.seed {
                None => Chosen {
                    puzzles: matching.into_iter().take(wanted).collect(),
                    seed: None,
                },
                Some(seed) => {
                    let mut picked = choose_set(&vec![0; matching.len()], wanted, seed);
                    picked.sort_unstable();
                    Chosen {
                        puzzles: picked.into_iter().map(|i| matching[i].clone()).collect(),
                        seed: Some(seed),
                    }
                }
            });
        }
        PuzzleSource::Builtin => {
            let all: Vec<Puzzle> = builtin_packs()?
                .into_iter()
                .flat_map(|pack| pack.puzzles)
                .collect();
            let name = "the built-in puzzles";
            let origin = Origin::List(&all, name);
            (candidates(origin, filter, &Basis::default(), 0)?, name)
        }
        PuzzleSource::Library => {
            let library = open_library(&ctx.library_path()?)?;
            let count = wanted.unwrap_or(args.per_page.count());
            let near = filter.rating.map_or(1500, |(lo, hi)| lo / 2 + hi / 2);
            let origin = Origin::Library(&library);
            let basis = Basis::centred(near);
            let picked = candidates(origin, filter, &basis, library_pool(count))?;
            (picked, "the library")
        }
    };
    let wanted = wanted.unwrap_or(args.per_page.count());
    enough(matching.len(), wanted, name)?;
    let seed = seed(args);
    let ratings: Vec<u32> = matching.iter().map(Puzzle::playing_rating).collect();
    let puzzles = choose_set(&ratings, wanted, seed)
        .into_iter()
        .map(|i| matching[i].clone())
        .collect();
    Ok(Chosen {
        puzzles,
        seed: Some(seed),
    })
}

/// Refuses a sheet of fewer puzzles than asked for.
fn enough(matching: usize, wanted: usize, name: &str) -> anyhow::Result<()> {
    if matching == 0 {
        bail!(
            "no puzzle of {name} fits the filters: loosen them (--theme, --rating, --opening, --min-popularity, --pieces)"
        );
    }
    if matching < wanted {
        bail!(
            "only {matching} puzzles of {name} fit the filters, not the {wanted} asked for: ask for --count {matching} or fewer, or loosen the filters"
        );
    }
    Ok(())
}

/// Writes the sheet where `--out` says: text on standard output, or a
/// file written whole or not at all.
fn write(
    args: &WorksheetArgs,
    sheet: &Worksheet,
    what: &str,
    ctx: &Context,
) -> anyhow::Result<ExitCode> {
    let lang = ctx.trainer_lang();
    match args.target() {
        Target::Stdout => {
            let mut out = std::io::stdout().lock();
            out.write_all(print::text(sheet, lang).as_bytes())?;
            out.flush()?;
        }
        Target::Text(path) => {
            sancho::export::write_file(path, print::text(sheet, lang).as_bytes())?;
            say!("wrote {}: {what}, as text", path.display())?;
        }
        Target::Pdf(path) => {
            let paper = args.paper();
            let document = print::pdf(sheet, paper);
            sancho::export::write_file(path, &document.bytes)?;
            let key = if sheet.key.is_some() {
                format!(
                    ", the key on {}",
                    pages(document.pages - document.exercise_pages)
                )
            } else {
                String::new()
            };
            say!(
                "wrote {}: {what} on {}{key} ({paper})",
                path.display(),
                pages(document.exercise_pages)
            )?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn pages(n: usize) -> String {
    if n == 1 {
        "1 page".to_owned()
    } else {
        format!("{n} pages")
    }
}
