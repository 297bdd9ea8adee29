//! The options of `sancho` and `sancho play`: what to play and how, and
//! how options given before and after `play` merge.

use std::convert::Infallible;
use std::fmt;
use std::path::PathBuf;
use std::str::FromStr;

use anyhow::bail;
use clap::Args;
use sancho::library::Filter;
use sancho::train::Difficulty;
use sancho::tui;

/// What to play and how; shared by `sancho` and `sancho play`.
/// How the board is drawn, for every command that opens the full screen
/// (`play`, `storm`, `streak`, `set play`); unset, the config file decides.
#[derive(Clone, Copy, Debug, Args, Default, PartialEq, Eq)]
pub struct DisplayArgs {
    /// Draw pieces as letters (K Q R B N P) instead of Unicode figures.
    #[arg(long)]
    pub ascii: bool,
    /// Chess figures even on a terminal that looks unable to draw them (TERM=linux, dumb).
    #[arg(long, conflicts_with = "ascii")]
    pub figures: bool,
    /// The colour scheme: dark (default), light (for a light background) or contrast.
    #[arg(long, value_parser = colors_parser(), value_name = "SCHEME")]
    pub colors: Option<tui::Colors>,
}

/// `--colors`: the schemes by name, each with what it is for.
fn colors_parser() -> impl clap::builder::TypedValueParser<Value = tui::Colors> {
    use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser as _};
    PossibleValuesParser::new(tui::Colors::ALL.map(|c| {
        PossibleValue::new(c.name()).help(match c {
            tui::Colors::Dark => "For a dark terminal background",
            tui::Colors::Light => "For a light terminal background",
            tui::Colors::Contrast => "Brightest colours on black, every text colour at 7:1 or more",
        })
    }))
    .map(|name| tui::Colors::from_name(&name).unwrap_or_default())
}

impl DisplayArgs {
    /// Sets `config`'s looks from the flags given.
    pub fn apply(self, config: &mut tui::Config) {
        config.ascii = self.ascii;
        config.figures = self.figures;
        config.colors = self.colors;
    }
}

/// Which puzzles: the filters of `play` and `set new`.
#[derive(Clone, Debug, Args, Default, PartialEq, Eq)]
pub struct FilterArgs {
    /// Only puzzles with at least one of these themes (comma-separated: fork,pin).
    #[arg(long = "theme", value_name = "THEMES", value_delimiter = ',')]
    pub themes_any: Vec<String>,
    /// Only puzzles with every one of these themes.
    #[arg(long = "all-themes", value_name = "THEMES", value_delimiter = ',')]
    pub themes_all: Vec<String>,
    /// Only puzzles rated in this band, e.g. 1200-1600.
    #[arg(long, value_name = "FROM-TO", value_parser = rating_band)]
    pub rating: Option<(u16, u16)>,
    /// Only puzzles from this opening (a Lichess opening tag, e.g. Sicilian_Defense).
    #[arg(long, value_name = "TAG")]
    pub opening: Option<String>,
    /// Only puzzles at least this popular (-100 to 100).
    #[arg(
        long,
        value_name = "N",
        allow_hyphen_values = true,
        value_parser = clap::value_parser!(i8).range(-100..=100)
    )]
    pub min_popularity: Option<i8>,
    /// Only puzzles with this many pieces on the board (kings and pawns
    /// included), e.g. 3-7 for endings.
    #[arg(long, value_name = "FROM-TO", value_parser = pieces_band)]
    pub pieces: Option<(u8, u8)>,
}

impl FilterArgs {
    /// The filter these options make.
    pub fn filter(&self) -> Filter {
        Filter {
            themes_any: self.themes_any.clone(),
            themes_all: self.themes_all.clone(),
            rating: self.rating,
            opening: self.opening.clone(),
            min_popularity: self.min_popularity,
            pieces: self.pieces,
        }
    }

    /// Whether no filter is given.
    pub fn is_empty(&self) -> bool {
        *self == FilterArgs::default()
    }
}

#[derive(Debug, Args, Default, PartialEq, Eq)]
pub struct PlayArgs {
    /// A puzzle file to play: a JSON pack or a Lichess `.csv` / `.csv.zst` (default: the built-in packs).
    #[arg(long, value_name = "PATH")]
    pub pack: Option<PathBuf>,
    /// Where puzzles come from: `builtin`, `library` (after `sancho import`) or a file's PATH.
    #[arg(long, value_name = "SOURCE")]
    pub source: Option<PuzzleSource>,
    /// Which puzzles.
    #[command(flatten)]
    pub filters: FilterArgs,
    /// Play only the puzzle with this id.
    #[arg(long, value_name = "ID")]
    pub puzzle: Option<String>,
    /// Rated training's distance from your rating: easiest (-600), easier
    /// (-300), normal, harder (+300), hardest (+600) (default: the config
    /// file's `difficulty`, else normal).
    #[arg(long, value_name = "LEVEL")]
    pub difficulty: Option<Difficulty>,
    /// Weakness training: puzzles of your weakest themes (the dashboard's,
    /// `sancho stats --themes`) near your rating.
    #[arg(long, conflicts_with_all = ["pack", "puzzle"])]
    pub weak: bool,
    /// Replay the puzzles whose last attempt failed, newest first (recorded
    /// as replays: they move neither the rating nor the reviews).
    #[arg(long, conflicts_with_all = [
        "pack", "puzzle", "source", "weak", "difficulty", "themes_any", "themes_all",
        "rating", "opening", "min_popularity", "pieces",
    ])]
    pub replay_failed: bool,
    /// How the board is drawn.
    #[command(flatten)]
    pub display: DisplayArgs,
    /// Line mode: no full screen, for screen readers, dumb terminals and scripts.
    #[arg(long)]
    pub plain: bool,
    /// With --plain: every event as one JSON object per line.
    #[arg(long, requires = "plain")]
    pub json: bool,
    /// Blindfold: the puzzle in words (its pieces and the moves since), no board until it ends.
    #[arg(long)]
    pub blindfold: bool,
    /// Blind tactics: the board N plies before the puzzle, frozen; read the moves that lead
    /// to it, then solve it in your head (N: 1 for a Lichess puzzle's set-up move).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(1..=40), conflicts_with = "blindfold")]
    pub blind: Option<u8>,
    /// A UCI engine that says why a wrong move fails, after the puzzle (default: the
    /// config's `engine`, else SANCHO_ENGINE, else `stockfish` on the PATH in the full
    /// screen; without one, only mates the solver proves are shown).
    #[arg(long, value_name = "PATH")]
    pub engine: Option<PathBuf>,
}

/// Where `--source` takes puzzles from. Not a clap `ValueEnum`: besides
/// the two names it takes any file's path, so every text parses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PuzzleSource {
    /// The packs built into the binary (`builtin`).
    Builtin,
    /// The imported library (`library`, after `sancho import`).
    Library,
    /// A JSON pack or Lichess CSV at this path.
    File(PathBuf),
}

impl FromStr for PuzzleSource {
    type Err = Infallible;

    fn from_str(text: &str) -> Result<Self, Infallible> {
        Ok(match text {
            "builtin" => PuzzleSource::Builtin,
            "library" => PuzzleSource::Library,
            path => PuzzleSource::File(PathBuf::from(path)),
        })
    }
}

impl fmt::Display for PuzzleSource {
    /// As given on the command line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PuzzleSource::Builtin => f.write_str("builtin"),
            PuzzleSource::Library => f.write_str("library"),
            PuzzleSource::File(path) => write!(f, "{}", path.display()),
        }
    }
}

/// Why a `--rating` value is not a band.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub(crate) enum BandError {
    /// No `-` between two ratings.
    #[error("'{0}' is not a band such as 1200-1600")]
    Shape(String),
    /// One side is not a rating.
    #[error("'{0}' is not a rating")]
    Rating(String),
    /// The lower rating comes second.
    #[error("{0}-{1} is empty: the lower rating comes first")]
    Empty(u16, u16),
    /// No `-` between two counts of pieces.
    #[error("'{0}' is not a count of pieces such as 3-7")]
    PiecesShape(String),
    /// One side is not a number of pieces.
    #[error("'{0}' is not a number of pieces from 2 to 32")]
    Pieces(String),
    /// The smaller count comes second.
    #[error("{0}-{1} is empty: the smaller count comes first")]
    PiecesEmpty(u8, u8),
}

/// Parses a piece count band such as `3-7` (2 to 32 pieces).
pub(crate) fn pieces_band(text: &str) -> Result<(u8, u8), BandError> {
    let (from, to) = text
        .split_once('-')
        .ok_or_else(|| BandError::PiecesShape(text.to_owned()))?;
    let parse = |t: &str| {
        t.trim()
            .parse::<u8>()
            .ok()
            .filter(|n| (2..=32).contains(n))
            .ok_or_else(|| BandError::Pieces(t.to_owned()))
    };
    let (from, to) = (parse(from)?, parse(to)?);
    if from > to {
        return Err(BandError::PiecesEmpty(from, to));
    }
    Ok((from, to))
}

/// Parses a rating band such as `1200-1600`.
pub(crate) fn rating_band(text: &str) -> Result<(u16, u16), BandError> {
    let (from, to) = text
        .split_once('-')
        .ok_or_else(|| BandError::Shape(text.to_owned()))?;
    let parse = |t: &str| {
        t.trim()
            .parse::<u16>()
            .map_err(|_| BandError::Rating(t.to_owned()))
    };
    let (from, to) = (parse(from)?, parse(to)?);
    if from > to {
        return Err(BandError::Empty(from, to));
    }
    Ok((from, to))
}

impl PlayArgs {
    /// The options of `sancho play`: those given after it, and those given
    /// before it (`sancho --pack P play --plain`); one option on both sides
    /// is an error.
    ///
    /// # Errors
    /// An option given on both sides of `play`.
    pub fn merged(self, before: PlayArgs) -> anyhow::Result<PlayArgs> {
        fn pick<T: PartialEq + Default>(
            after: T,
            before: T,
            name: &'static str,
            twice: &mut Vec<&'static str>,
        ) -> T {
            if after == T::default() {
                return before;
            }
            if before != T::default() {
                twice.push(name);
            }
            after
        }
        let mut twice = Vec::new();
        let t = &mut twice;
        let (f, g) = (self.filters, before.filters);
        let merged = PlayArgs {
            pack: pick(self.pack, before.pack, "--pack", t),
            source: pick(self.source, before.source, "--source", t),
            filters: FilterArgs {
                themes_any: pick(f.themes_any, g.themes_any, "--theme", t),
                themes_all: pick(f.themes_all, g.themes_all, "--all-themes", t),
                rating: pick(f.rating, g.rating, "--rating", t),
                opening: pick(f.opening, g.opening, "--opening", t),
                min_popularity: pick(f.min_popularity, g.min_popularity, "--min-popularity", t),
                pieces: pick(f.pieces, g.pieces, "--pieces", t),
            },
            puzzle: pick(self.puzzle, before.puzzle, "--puzzle", t),
            difficulty: pick(self.difficulty, before.difficulty, "--difficulty", t),
            weak: pick(self.weak, before.weak, "--weak", t),
            replay_failed: pick(
                self.replay_failed,
                before.replay_failed,
                "--replay-failed",
                t,
            ),
            display: DisplayArgs {
                ascii: pick(self.display.ascii, before.display.ascii, "--ascii", t),
                figures: pick(self.display.figures, before.display.figures, "--figures", t),
                colors: pick(self.display.colors, before.display.colors, "--colors", t),
            },
            plain: pick(self.plain, before.plain, "--plain", t),
            json: pick(self.json, before.json, "--json", t),
            blindfold: pick(self.blindfold, before.blindfold, "--blindfold", t),
            blind: pick(self.blind, before.blind, "--blind", t),
            engine: pick(self.engine, before.engine, "--engine", t),
        };
        if !twice.is_empty() {
            bail!(
                "{} given on both sides of `play`: give each option once",
                twice.join(", ")
            );
        }
        if merged.display.ascii && merged.display.figures {
            bail!("--ascii and --figures cannot be used together");
        }
        if merged.blind.is_some() && merged.blindfold {
            bail!("--blind and --blindfold cannot be used together");
        }
        if merged.json && !merged.plain {
            bail!("--json needs --plain");
        }
        let given = |on: bool, name: &'static str| on.then_some(name);
        if merged.replay_failed {
            let others: Vec<&str> = [
                given(merged.pack.is_some(), "--pack"),
                given(merged.source.is_some(), "--source"),
                given(merged.puzzle.is_some(), "--puzzle"),
                given(merged.weak, "--weak"),
                given(merged.difficulty.is_some(), "--difficulty"),
                given(!merged.filters.is_empty(), "the filters"),
            ]
            .into_iter()
            .flatten()
            .collect();
            if !others.is_empty() {
                bail!(
                    "--replay-failed replays the puzzles you failed last: it takes no {}",
                    others.join(", ")
                );
            }
        }
        if merged.weak {
            if merged.pack.is_some() || merged.puzzle.is_some() {
                bail!(
                    "--weak chooses puzzles from the library or the built-ins: it takes no --pack or --puzzle (use --source)"
                );
            }
            if !merged.filters.themes_any.is_empty() || !merged.filters.themes_all.is_empty() {
                bail!(
                    "--weak chooses the themes itself (your weakest); for themes of your own use --theme or --all-themes without it"
                );
            }
        }
        Ok(merged)
    }

    pub(super) fn filter(&self) -> Filter {
        self.filters.filter()
    }
}
