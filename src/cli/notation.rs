//! `sancho resolve`, `hint`, `moves` and `san-strings`.

use std::io::{self, BufRead, BufReader, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::Context;
use clap::Args;
use sancho::drill::parse_games;
use sancho::notation::batch::{self, BatchError, BatchOptions};
use sancho::notation::{
    HintEngine, HintState, Lang, MoveText, Rejected, ResolveError, Resolved, Strictness, hint_in,
    parse_fen, play_movetext, resolve_in, san_strings as all_san_strings,
    san_strings_with_suffixes,
};
use sancho::notation::{HintReport, MoveReport, ResolveReport};
use sancho::notation::{Target, move_label, numbered, translate as translate_moves};
use shakmaty::Chess;

/// Where the position comes from: a FEN, then moves played from it.
#[derive(Debug, Args)]
pub struct PositionArgs {
    /// The position as FEN (default: the starting position).
    #[arg(long)]
    fen: Option<String>,
    /// Moves to play first, in SAN or UCI: "e4 e5 Nf3".
    #[arg(long)]
    moves: Option<String>,
}

impl PositionArgs {
    pub fn position(&self) -> Result<Chess, UsageError> {
        let start = match &self.fen {
            Some(fen) => parse_fen(fen).map_err(|e| UsageError(format!("bad FEN: {e}")))?,
            None => Chess::default(),
        };
        match &self.moves {
            Some(line) => play_movetext(&start, line)
                .map(|(pos, _)| pos)
                .map_err(|e| UsageError(format!("--moves: {e}"))),
            None => Ok(start),
        }
    }
}

/// A message whose SAN strings (those of `moves`) are written in `lang`'s
/// letters or figurines.
fn message<'m>(lang: Lang, message: &str, moves: impl IntoIterator<Item = &'m MoveText>) -> String {
    lang.localize_moves(message, moves.into_iter().map(|m| m.san.as_str()))
}

/// A bad FEN or bad usage: exit status 2 with the message.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct UsageError(String);

/// `sancho resolve`.
#[derive(Debug, Args)]
pub struct ResolveArgs {
    #[command(flatten)]
    position: PositionArgs,
    /// Accept only canonical SAN (for drills that grade notation).
    #[arg(long)]
    strict: bool,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
    /// Resolve every line `FEN<TAB>INPUT` of FILE (`-` for stdin), one JSON object per line.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["input", "fen", "moves"])]
    batch: Option<PathBuf>,
    /// What was typed, e.g. Nf3, 0-0, e8Q, g1f3.
    #[arg(required_unless_present = "batch", allow_hyphen_values = true)]
    input: Option<String>,
}

fn strictness(strict: bool) -> Strictness {
    if strict {
        Strictness::Strict
    } else {
        Strictness::Lenient
    }
}

pub fn resolve(args: ResolveArgs, lang: Lang) -> anyhow::Result<ExitCode> {
    let strictness = strictness(args.strict);
    if let Some(path) = &args.batch {
        return batch(path, strictness, lang);
    }
    let pos = match args.position.position() {
        Ok(pos) => pos,
        Err(e) => return usage(e),
    };
    let input = args.input.unwrap_or_default();
    let result = resolve_in(&pos, &input, strictness, lang);
    let mut out = io::stdout().lock();
    if args.json {
        serde_json::to_writer(&mut out, &report(&input, &result, lang))?;
        writeln!(out)?;
    } else {
        let (diagnostics, moves): (_, Vec<&MoveText>) = match &result {
            Ok(r) => (&r.diagnostics, vec![&r.text]),
            Err(e) => (&e.diagnostics, ambiguous(e)),
        };
        match &result {
            Ok(r) if lang.is_local() => writeln!(
                out,
                "{}  (SAN {}, LAN {}, UCI {})",
                lang.localize(&r.text.san),
                r.text.san,
                lang.localize(&r.text.lan),
                r.text.uci
            )?,
            Ok(r) => writeln!(
                out,
                "{}  (LAN {}, UCI {})",
                r.text.san, r.text.lan, r.text.uci
            )?,
            Err(e) => {
                let message = message(lang, &e.to_string(), moves.iter().copied());
                // "ambiguous: Nbd2 or Nfd2?" already says its status.
                let status = e.error.status();
                if message.starts_with(status) {
                    writeln!(out, "{message}")?
                } else {
                    writeln!(out, "{status}: {message}")?
                }
            }
        }
        for d in diagnostics {
            let message = message(lang, &d.message, moves.iter().copied());
            writeln!(out, "  {}: {message}", d.code)?;
        }
    }
    Ok(if result.is_ok() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// The candidates of an ambiguous answer (none otherwise).
fn ambiguous(rejected: &Rejected) -> Vec<&MoveText> {
    match &rejected.error {
        ResolveError::Ambiguous { candidates } => candidates.iter().collect(),
        _ => Vec::new(),
    }
}

/// The JSON report, with `local` spellings when the style asks for them.
fn report<'a>(
    input: &'a str,
    result: &'a Result<Resolved, Rejected>,
    lang: Lang,
) -> ResolveReport<'a> {
    let report = ResolveReport::new(input, result);
    if lang.is_local() {
        report.localized(&|san| lang.localize(san))
    } else {
        report
    }
}

pub fn usage(e: UsageError) -> anyhow::Result<ExitCode> {
    eprintln!("sancho: {e}");
    Ok(ExitCode::from(2))
}

/// `--batch`: one JSON object per input line ([`sancho::notation::batch`]).
fn batch(path: &Path, strictness: Strictness, lang: Lang) -> anyhow::Result<ExitCode> {
    let (input, _) = super::files::open_input(path, super::files::STREAM_MAX)
        .with_context(|| format!("cannot read {}", path.display()))?;
    let mut reader: Box<dyn BufRead> = Box::new(BufReader::with_capacity(1 << 16, input));
    let mut out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
    let write = |san: &str| lang.localize(san);
    let options = BatchOptions {
        strictness,
        lang,
        local: lang.is_local().then_some(&write as &dyn Fn(&str) -> String),
    };
    batch::run(&mut reader, &mut out, &options).map_err(|e| match e {
        BatchError::Read { .. } => anyhow::Error::new(e).context(path.display().to_string()),
        e => e.into(),
    })?;
    Ok(ExitCode::SUCCESS)
}

/// `sancho hint`.
#[derive(Debug, Args)]
pub struct HintArgs {
    #[command(flatten)]
    position: PositionArgs,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
    /// The partial input, e.g. N, Nb, O-O, e8.
    #[arg(allow_hyphen_values = true, default_value = "")]
    prefix: String,
}

pub fn hint(args: HintArgs, lang: Lang) -> anyhow::Result<ExitCode> {
    let pos = match args.position.position() {
        Ok(pos) => pos,
        Err(e) => return usage(e),
    };
    let hint = hint_in(&HintEngine::new(&pos), &args.prefix, lang);
    let mut out = io::stdout().lock();
    if args.json {
        let report = HintReport::new(&args.prefix, &hint);
        let report = if lang.is_local() {
            report.localized(&|san| lang.localize(san))
        } else {
            report
        };
        serde_json::to_writer(&mut out, &report)?;
        writeln!(out)?;
    } else {
        let names: Vec<String> = hint
            .candidates
            .iter()
            .map(|c| lang.localize(&c.san))
            .collect();
        match &hint.state {
            HintState::Impossible(reason) => writeln!(out, "impossible: {reason}")?,
            state => writeln!(out, "{}: {}", state.name(), names.join(" "))?,
        }
        if hint.state != HintState::Ambiguous {
            for group in hint.groups() {
                writeln!(out, "  {}", group.describe(|san| lang.localize(san)))?;
            }
        }
        for d in &hint.diagnostics {
            let message = message(lang, &d.message, &hint.candidates);
            writeln!(out, "  {}: {message}", d.code)?;
        }
    }
    Ok(match hint.state {
        HintState::Impossible(_) => ExitCode::from(1),
        _ => ExitCode::SUCCESS,
    })
}

/// `sancho moves`.
#[derive(Debug, Args)]
pub struct MovesArgs {
    #[command(flatten)]
    position: PositionArgs,
    /// Print a JSON array of {"uci", "san", "lan"}.
    #[arg(long)]
    json: bool,
}

pub fn moves(args: MovesArgs, lang: Lang) -> anyhow::Result<ExitCode> {
    let pos = match args.position.position() {
        Ok(pos) => pos,
        Err(e) => return usage(e),
    };
    let engine = HintEngine::new(&pos);
    let mut out = io::stdout().lock();
    if args.json {
        let moves: Vec<MoveReport<'_>> = engine
            .moves()
            .iter()
            .map(|m| MoveReport {
                local: lang.is_local().then(|| lang.localize(&m.san)),
                ..MoveReport::from(m)
            })
            .collect();
        serde_json::to_writer(&mut out, &moves)?;
        writeln!(out)?;
    } else {
        for m in engine.moves() {
            let (san, lan) = (lang.localize(&m.san), lang.localize(&m.lan));
            writeln!(out, "{san:8} {lan:10} {}", m.uci)?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// `sancho san-strings`.
#[derive(Debug, Args)]
pub struct SanStringsArgs {
    /// Add a `+` and a `#` copy of each string (29,274 lines).
    #[arg(long)]
    with_suffixes: bool,
}

pub fn san_strings(args: SanStringsArgs) -> anyhow::Result<ExitCode> {
    let mut out = BufWriter::new(io::stdout().lock());
    if args.with_suffixes {
        for s in san_strings_with_suffixes() {
            writeln!(out, "{s}")?;
        }
    } else {
        for s in all_san_strings() {
            writeln!(out, "{s}")?;
        }
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// `sancho translate`.
#[derive(Debug, Args)]
pub struct TranslateArgs {
    /// The language the moves are written in (ISO 639-1).
    #[arg(long, value_name = "CODE", default_value = "en")]
    from: Lang,
    /// The language to write them in (ISO 639-1).
    #[arg(long, value_name = "CODE", default_value = "en")]
    to: Lang,
    /// The moves ("1. e4 e5 2. Sf3"), or `-` to read movetext or PGN from stdin.
    #[arg(allow_hyphen_values = true)]
    movetext: String,
}

/// Translates movetext or PGN: every game, move by move against its
/// position (the FEN tag when there is one). Tags are kept; comments,
/// variations and glyphs are not carried over. An illegal move stops with
/// its number and the reason (exit 1).
pub fn translate(args: TranslateArgs, figurine: bool) -> anyhow::Result<ExitCode> {
    let text = if args.movetext == "-" {
        let bytes = super::files::read_input(Path::new("-"), super::files::TEXT_MAX)
            .context("reading stdin")?;
        match String::from_utf8(bytes) {
            Ok(text) => text,
            Err(e) => {
                let at = e.utf8_error().valid_up_to();
                return usage(UsageError(format!(
                    "stdin is not UTF-8 text (byte {})",
                    at + 1
                )));
            }
        }
    } else {
        args.movetext
    };
    let games = match parse_games(&text) {
        Ok(games) => games,
        Err(e) => return usage(UsageError(format!("cannot read the movetext: {e}"))),
    };
    let target = if figurine {
        Target::Figurine
    } else {
        Target::Lang(args.to)
    };
    let mut out = BufWriter::new(io::stdout().lock());
    for (g, game) in games.iter().enumerate() {
        let start = match game.tag("FEN") {
            Some(fen) => match parse_fen(fen) {
                Ok(pos) => pos,
                Err(e) => return usage(UsageError(format!("game {}: bad FEN tag: {e}", g + 1))),
            },
            None => Chess::default(),
        };
        let moves = match translate_moves(&start, &game.moves, args.from, target) {
            Ok(moves) => moves,
            Err(e) => {
                out.flush()?;
                let game = if games.len() > 1 {
                    format!("game {}, ", g + 1)
                } else {
                    String::new()
                };
                eprintln!(
                    "sancho: {game}move {} {}: {}",
                    move_label(&start, e.number),
                    e.input,
                    e.source
                );
                return Ok(ExitCode::from(1));
            }
        };
        if g > 0 {
            writeln!(out)?;
        }
        for (name, value) in &game.tags {
            let value = value.replace('\\', "\\\\").replace('"', "\\\"");
            writeln!(out, "[{name} \"{value}\"]")?;
        }
        if !game.tags.is_empty() {
            writeln!(out)?;
        }
        let mut movetext = numbered(&start, &moves);
        if let Some(result) = &game.result {
            movetext.push(' ');
            movetext.push_str(result);
        }
        writeln!(out, "{}", wrap(&movetext, 79))?;
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// Breaks `text` at spaces into lines of at most `width` characters.
fn wrap(text: &str, width: usize) -> String {
    let mut out = String::with_capacity(text.len() + text.len() / width);
    let mut line = 0;
    for word in text.split(' ') {
        let len = word.chars().count();
        if line > 0 && line + 1 + len > width {
            out.push('\n');
            line = 0;
        } else if line > 0 {
            out.push(' ');
            line += 1;
        }
        out.push_str(word);
        line += len;
    }
    out
}
