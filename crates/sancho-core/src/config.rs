//! The config file, `config.toml`: its text parsed into [`Settings`].
//!
//! Pure: the caller finds and reads the file (`sancho config path`). A bad
//! value costs only its own key: it is reported as a [`Problem`] with its
//! line and the key keeps its default, so Sancho always starts.

use std::collections::BTreeMap;

use crate::notation::Lang;

mod retention;

pub use retention::Retention;

/// The colour scheme (`--colors`, or `colors` in the config file).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Colors {
    /// For a dark terminal background.
    #[default]
    Dark,
    /// For a light terminal background.
    Light,
    /// Brightest colours on black, every text colour at 7:1 or more.
    Contrast,
}

impl Colors {
    /// Every scheme.
    pub const ALL: [Colors; 3] = [Colors::Dark, Colors::Light, Colors::Contrast];

    /// The name on the command line and in the config file.
    pub fn name(self) -> &'static str {
        match self {
            Colors::Dark => "dark",
            Colors::Light => "light",
            Colors::Contrast => "contrast",
        }
    }

    /// The scheme with this name.
    pub fn from_name(name: &str) -> Option<Colors> {
        Colors::ALL.into_iter().find(|c| c.name() == name)
    }
}

/// A setting whose values are a fixed set of names in the file.
pub trait Named: Copy + PartialEq + 'static {
    /// Every value with its name in the file, the default first.
    const NAMES: &'static [(&'static str, Self)];

    /// The name in the file.
    fn name(self) -> &'static str {
        Self::NAMES
            .iter()
            .find(|(_, v)| *v == self)
            .map_or(Self::NAMES[0].0, |(n, _)| n)
    }

    /// The value of a name, if it is one.
    fn from_name(name: &str) -> Option<Self> {
        Self::NAMES
            .iter()
            .find(|(n, _)| *n == name)
            .map(|&(_, v)| v)
    }

    /// `"a", "b" or "c"`, for messages.
    fn choices() -> String {
        let names: Vec<String> = Self::NAMES
            .iter()
            .map(|(n, _)| format!("\"{n}\""))
            .collect();
        match names.split_last() {
            Some((last, [])) => last.clone(),
            Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
            None => String::new(),
        }
    }
}

/// How pieces are drawn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Pieces {
    /// Figures, unless the terminal looks unable to draw them (`TERM=linux`, `dumb`).
    #[default]
    Auto,
    /// Unicode chess figures always.
    Figures,
    /// Letters (K Q R B N P) always.
    Letters,
    /// Large figures drawn from several characters where a square is at
    /// least 5 cells wide (one figure a square where it is narrower).
    Large,
}

impl Named for Pieces {
    const NAMES: &'static [(&'static str, Pieces)] = &[
        ("auto", Pieces::Auto),
        ("figures", Pieces::Figures),
        ("letters", Pieces::Letters),
        ("large", Pieces::Large),
    ];
}

/// How large the board is drawn: the largest that fits (`auto`), or at most
/// a size, for users who want room for the side panel or a calmer screen.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum BoardSize {
    /// The largest cell that fits the window.
    #[default]
    Auto,
    /// One character a square (3 by 1 cells).
    Small,
    /// 5 by 2 cells a square at most.
    Medium,
    /// 7 by 3 cells a square at most.
    Large,
}

impl Named for BoardSize {
    const NAMES: &'static [(&'static str, BoardSize)] = &[
        ("auto", BoardSize::Auto),
        ("small", BoardSize::Small),
        ("medium", BoardSize::Medium),
        ("large", BoardSize::Large),
    ];
}

/// What the live hint panel says while a puzzle is unsolved. It never gives
/// the answer away (issue 10's rules); `off` says nothing at all, for
/// practising without help.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum LiveHint {
    /// Notation help that keeps the answer secret.
    #[default]
    On,
    /// No live hint during a puzzle (after it ends, as always).
    Off,
}

impl Named for LiveHint {
    const NAMES: &'static [(&'static str, LiveHint)] =
        &[("on", LiveHint::On), ("off", LiveHint::Off)];
}

/// The longest reply delay accepted, in milliseconds.
pub const MAX_REPLY_DELAY_MS: u64 = 5_000;

/// One entry of the `[keys]` table: an action and the keys it goes on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KeyOverride {
    /// The action's id (`puzzle.hint`; `sancho config show` lists them).
    pub action: String,
    /// The keys as written (`F5`, `Ctrl-T`).
    pub keys: Vec<String>,
    /// Its line in the file.
    pub line: usize,
}

/// What the file sets; each key is its default when absent or bad.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Settings {
    /// `colors`: the colour scheme (the command line's `--colors` wins).
    pub colors: Colors,
    /// `pieces`: figures, letters, or decided by the terminal (`--ascii`
    /// and `--figures` win).
    pub pieces: Pieces,
    /// `reply_delay_ms`: the opponent's pause before replying in a puzzle
    /// (`None`: the built-in half second).
    pub reply_delay_ms: Option<u64>,
    /// `board`: how large the board is drawn.
    pub board: BoardSize,
    /// `live_hint`: whether the live hint speaks during a puzzle.
    pub live_hint: LiveHint,
    /// `engine`: the UCI engine for mining and refutations (`--engine`
    /// wins; `None`: `SANCHO_ENGINE`, else `stockfish` on the `PATH`).
    pub engine: Option<std::path::PathBuf>,
    /// `lang`: the piece letters moves are typed and shown in (ISO 639-1;
    /// the command line's `--lang` wins), and `figurine`: whether they are
    /// shown with figurines instead ([`Lang::figurines`]; the command
    /// line's `--figurine` turns it on).
    pub lang: Lang,
    /// `retention`: the desired retention of review scheduling.
    pub retention: Retention,
    /// `[keys]`: actions moved to other keys (checked against the key map
    /// by the interface, which reports clashes).
    pub keys: Vec<KeyOverride>,
}

/// One thing wrong in the file: where, which key, what.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {key}: {message}")]
pub struct Problem {
    /// 1-based line of the key (or of a syntax error).
    pub line: usize,
    /// The key (`syntax` for a file that is not TOML).
    pub key: String,
    /// What is wrong and what is accepted.
    pub message: String,
}

/// The commented file `sancho config init` writes: every key, commented
/// out, at its default.
pub const DEFAULT_FILE: &str = r#"# Sancho's settings. Every key is optional; a commented key shows its default.
# A bad value is reported with its line, and only that key falls back to its default.

# Colour scheme: "dark" (for a dark terminal background), "light", or "contrast".
# The command line's --colors wins.
# colors = "dark"

# Pieces: "auto" (letters on TERM=linux or dumb, figures elsewhere), "figures", "letters",
# or "large" (figures drawn large where a square is at least 5 cells wide; F8 switches).
# The command line's --ascii and --figures win.
# pieces = "auto"

# The opponent's pause before replying in a puzzle, in milliseconds (0 to 5000).
# reply_delay_ms = 500

# Board size: "auto" (the largest that fits), "small", "medium" or "large" (at most).
# board = "auto"

# The live hint during a puzzle: "on" (notation help that never gives the answer
# away) or "off" (no help until the puzzle ends).
# live_hint = "on"

# The UCI engine for `sancho mine` and line mode's refutations (the command line's
# --engine wins). Unset: SANCHO_ENGINE, else stockfish on the PATH or in /usr/games.
# engine = "/usr/games/stockfish"
# Piece letters for typed and shown moves (ISO 639-1: en, de, fr, es, it, pt, nl, cs,
# pl, hu, sv, no, da, fi, ro, is, et, hr): "de" reads and writes Sf3 for Nf3.
# The command line's --lang wins.
# lang = "en"

# Reviews (failed puzzles, notation slips) fall due when the chance of still knowing
# them drops to this (FSRS's desired retention, 0.70 to 0.99): higher means more
# reviews, closer together.
# retention = 0.9
# Moves shown with figurines (♘f3, as FIDE recommends for print) instead of letters;
# input is still typed in the letters of `lang`. The command line's --figurine turns it on.
# figurine = false

# Key bindings: any action of the help (F1) on other keys, as id = key(s)
# (`sancho config show` lists every id).
# Keys are written as the help writes them: F5, Ctrl-T, Enter, Esc, Tab, q.
# [keys]
# puzzle.hint = ["F2", "Ctrl-T"]
# global.quit = "Ctrl-C"
"#;

/// Sets `slot` to the named value of `value`, or says what the names are
/// (and `slot` keeps its default).
fn choice<T: Named>(value: &toml::Value, slot: &mut T, bad: &mut impl FnMut(String)) {
    match value.as_str().and_then(T::from_name) {
        Some(v) => *slot = v,
        None => bad(format!(
            "{value} is not one of {}; using \"{}\"",
            T::choices(),
            T::NAMES[0].0
        )),
    }
}

/// Parses the file's text: the settings, and every problem found.
pub fn parse(text: &str) -> (Settings, Vec<Problem>) {
    let mut settings = Settings::default();
    let mut figurine = false;
    let mut problems = Vec::new();
    let table = match text.parse::<toml::Table>() {
        Ok(table) => table,
        // Not TOML as a whole: each line on its own (the file's keys are
        // all one-line), so that a broken line costs only its key. A key
        // set twice (which TOML forbids) is reported; the last one counts.
        Err(_) => {
            let mut table = toml::Table::new();
            let mut section = String::new();
            let mut set_on: BTreeMap<String, usize> = BTreeMap::new();
            for (i, line) in text.lines().enumerate() {
                let trimmed = line.trim();
                if let Some(name) = trimmed.strip_prefix('[').and_then(|t| t.strip_suffix(']')) {
                    section = name.trim().to_owned();
                    table
                        .entry(section.clone())
                        .or_insert_with(|| toml::Value::Table(toml::Table::new()));
                    continue;
                }
                let mut merge = |into: &mut toml::Table, part: toml::Table, prefix: &str| {
                    let mut merged = Merged {
                        line: i + 1,
                        set_on: &mut set_on,
                        problems: &mut problems,
                    };
                    merged.merge(into, part, prefix);
                };
                match line.parse::<toml::Table>() {
                    Ok(part) if !section.is_empty() => {
                        if let Some(toml::Value::Table(inner)) = table.get_mut(&section) {
                            merge(inner, part, &section);
                        }
                    }
                    Ok(part) => merge(&mut table, part, ""),
                    Err(e) => problems.push(Problem {
                        line: i + 1,
                        key: line.split('=').next().map_or("", str::trim).to_owned(),
                        message: format!(
                            "not valid TOML: {}; using the default",
                            e.message().trim()
                        ),
                    }),
                }
            }
            table
        }
    };
    for (key, value) in &table {
        let mut bad = |message: String| {
            problems.push(Problem {
                line: key_line(text, key).max(1),
                key: key.clone(),
                message,
            });
        };
        match key.as_str() {
            "colors" => match value.as_str().and_then(Colors::from_name) {
                Some(colors) => settings.colors = colors,
                None => bad(format!(
                    "{value} is not one of \"dark\", \"light\", \"contrast\"; using \"dark\""
                )),
            },
            "pieces" => choice(value, &mut settings.pieces, &mut bad),
            "board" => choice(value, &mut settings.board, &mut bad),
            "live_hint" => choice(value, &mut settings.live_hint, &mut bad),
            "reply_delay_ms" => match value
                .as_integer()
                .and_then(|ms| u64::try_from(ms).ok())
                .filter(|&ms| ms <= MAX_REPLY_DELAY_MS)
            {
                Some(ms) => settings.reply_delay_ms = Some(ms),
                None => bad(format!(
                    "{value} is not a whole number of milliseconds from 0 to {MAX_REPLY_DELAY_MS}; using the default"
                )),
            },
            "engine" => match value.as_str().filter(|v| !v.trim().is_empty()) {
                Some(path) => settings.engine = Some(path.into()),
                None => bad(format!(
                    "{value} is not a path to an engine (\"/usr/games/stockfish\"); using the default"
                )),
            },
            "lang" => match value.as_str().map(str::parse::<Lang>) {
                Some(Ok(lang)) => settings.lang = lang,
                Some(Err(e)) => bad(format!("{e}; using \"en\"")),
                None => bad(format!(
                    "{value} is not a language code such as \"de\"; using \"en\""
                )),
            },
            "retention" => match value
                .as_float()
                .or_else(|| value.as_integer().map(|i| i as f64))
                .and_then(Retention::from_value)
            {
                Some(r) => settings.retention = r,
                None => bad(format!(
                    "{value} is not a retention from 0.7 to 0.99 (the chance of recall at which a review falls due); using 0.9"
                )),
            },
            "figurine" => match value.as_bool() {
                Some(on) => figurine = on,
                None => bad(format!("{value} is not true or false; using false")),
            },
            "keys" => match value.as_table() {
                Some(table) => key_overrides(text, "", table, &mut settings.keys, &mut problems),
                None => bad("must be a table: [keys]".to_owned()),
            },
            _ => bad(
                "unknown key; known: colors, pieces, reply_delay_ms, board, live_hint, engine, lang, figurine, retention, [keys]"
                    .to_owned(),
            ),
        }
    }
    settings.lang = settings.lang.with_figurines(figurine);
    problems.sort_by_key(|p| p.line);
    (settings, problems)
}

/// One line's keys being merged into the file's table (when the file is
/// read line by line).
struct Merged<'a> {
    /// The line.
    line: usize,
    /// Where each key (`colors`, `keys.puzzle.hint`) was last set.
    set_on: &'a mut BTreeMap<String, usize>,
    problems: &'a mut Vec<Problem>,
}

impl Merged<'_> {
    /// Merges `part` into `into` (tables key by key, so that
    /// `puzzle.hint` and `puzzle.next` on two lines are both kept); a key
    /// already set is reported with both lines and set again.
    fn merge(&mut self, into: &mut toml::Table, part: toml::Table, prefix: &str) {
        for (name, value) in part {
            let path = if prefix.is_empty() {
                name.clone()
            } else {
                format!("{prefix}.{name}")
            };
            if !into.contains_key(&name) && value.is_table() {
                into.insert(name.clone(), toml::Value::Table(toml::Table::new()));
            }
            match (into.get_mut(&name), value) {
                (Some(toml::Value::Table(held)), toml::Value::Table(inner)) => {
                    self.merge(held, inner, &path);
                }
                (_, value) => {
                    if let Some(first) = self.set_on.insert(path.clone(), self.line) {
                        self.problems.push(Problem {
                            line: self.line,
                            key: path,
                            message: format!(
                                "set again (before on line {first}); this line counts"
                            ),
                        });
                    }
                    into.insert(name, value);
                }
            }
        }
    }
}

/// Collects the `[keys]` entries (`puzzle.hint = "F5"` is a nested table
/// in TOML: its path is the action's name).
fn key_overrides(
    text: &str,
    prefix: &str,
    table: &toml::Table,
    out: &mut Vec<KeyOverride>,
    problems: &mut Vec<Problem>,
) {
    for (name, value) in table {
        let action = if prefix.is_empty() {
            name.clone()
        } else {
            format!("{prefix}.{name}")
        };
        let keys = match value {
            toml::Value::String(key) => Some(vec![key.clone()]),
            toml::Value::Array(items) => items
                .iter()
                .map(|v| v.as_str().map(str::to_owned))
                .collect(),
            toml::Value::Table(inner) => {
                key_overrides(text, &action, inner, out, problems);
                continue;
            }
            _ => None,
        };
        let line = key_line(text, &action).max(key_line(text, name)).max(1);
        match keys {
            Some(keys) => out.push(KeyOverride { action, keys, line }),
            None => problems.push(Problem {
                line,
                key: format!("keys.{action}"),
                message: "must be a key (\"F5\") or a list of keys; keeping the default".to_owned(),
            }),
        }
    }
}

/// The settings as the file would write them (`sancho config show`).
pub fn render(settings: &Settings) -> String {
    let mut out = format!(
        "colors = \"{}\"\npieces = \"{}\"\n",
        settings.colors.name(),
        settings.pieces.name()
    );
    match settings.reply_delay_ms {
        Some(ms) => out.push_str(&format!("reply_delay_ms = {ms}\n")),
        None => out.push_str("# reply_delay_ms: the built-in delay\n"),
    }
    out.push_str(&format!(
        "board = \"{}\"\nlive_hint = \"{}\"\n",
        settings.board.name(),
        settings.live_hint.name()
    ));
    match &settings.engine {
        Some(path) => out.push_str(&format!(
            "engine = {}\n",
            toml::Value::String(path.display().to_string())
        )),
        None => out.push_str("# engine: SANCHO_ENGINE, else stockfish on the PATH\n"),
    }
    out.push_str(&format!("lang = \"{}\"\n", settings.lang));
    out.push_str(&format!("retention = {}\n", settings.retention));
    out.push_str(&format!("figurine = {}\n", settings.lang.figurines()));
    if !settings.keys.is_empty() {
        out.push_str("\n[keys]\n");
        for over in &settings.keys {
            let keys: Vec<String> = over.keys.iter().map(|k| format!("{k:?}")).collect();
            out.push_str(&format!("{} = [{}]\n", over.action, keys.join(", ")));
        }
    }
    out
}

/// The line on which a key is set, the last if it is set twice (the one
/// that counts); 0 if it cannot be found: the caller says line 1 then.
fn key_line(text: &str, key: &str) -> usize {
    text.lines()
        .enumerate()
        .filter(|(_, line)| {
            let line = line.trim_start();
            let name = line.split(['=', ' ', '\t']).next().unwrap_or("");
            name.trim_matches('"') == key && line.contains('=')
        })
        .last()
        .map_or(0, |(i, _)| i + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_empty_file_and_the_default_file_give_the_defaults() {
        for text in ["", DEFAULT_FILE] {
            assert_eq!(parse(text), (Settings::default(), vec![]));
        }
    }

    #[test]
    fn the_default_file_uncommented_is_valid_and_means_the_defaults() {
        let setting = |l: &&str| {
            *l == "[keys]"
                || l.split_once(" = ").is_some_and(|(k, _)| {
                    k.chars()
                        .all(|c| c.is_ascii_lowercase() || c == '_' || c == '.')
                })
        };
        let uncommented: String = DEFAULT_FILE
            .lines()
            .map(|l| l.strip_prefix("# ").filter(setting).unwrap_or(""))
            .collect::<Vec<_>>()
            .join("\n");
        let (settings, problems) = parse(&uncommented);
        assert_eq!(problems, vec![]);
        assert_eq!(
            Settings {
                keys: vec![],
                ..settings.clone()
            },
            Settings {
                reply_delay_ms: Some(500),
                engine: Some("/usr/games/stockfish".into()),
                ..Settings::default()
            }
        );
        let actions: Vec<&str> = settings.keys.iter().map(|k| k.action.as_str()).collect();
        assert_eq!(actions, ["global.quit", "puzzle.hint"]);
        // Broken elsewhere, the [keys] entries still count.
        let broken = format!("{uncommented}\nreply_delay_ms = soon\n");
        let (settings, problems) = parse(&broken);
        assert_eq!(problems.len(), 1, "{problems:?}");
        assert_eq!(settings.keys.len(), 2);
        assert_eq!(settings.reply_delay_ms, Some(500));
    }

    #[test]
    fn every_key_is_read() {
        let text = "colors = \"light\"\npieces = \"letters\"\nreply_delay_ms = 0\n\
                    engine = 'C:\\engines\\sf \"17\".exe'\nlang = \"de\"\n\
                    board = \"small\"\nlive_hint = \"off\"\nretention = 0.85\n";
        let (settings, problems) = parse(text);
        assert_eq!(problems, vec![]);
        assert_eq!(
            settings,
            Settings {
                colors: Colors::Light,
                pieces: Pieces::Letters,
                reply_delay_ms: Some(0),
                board: BoardSize::Small,
                live_hint: LiveHint::Off,
                engine: Some(r#"C:\engines\sf "17".exe"#.into()),
                lang: "de".parse().unwrap(),
                retention: Retention::from_value(0.85).unwrap(),
                keys: vec![],
            }
        );
        assert_eq!(parse(&render(&settings)).0, settings);
        let text = "[keys]\npuzzle.hint = \"F9\"\n\"global.quit\" = [\"Ctrl-Q\", \"Ctrl-C\"]\n";
        let (settings, problems) = parse(text);
        assert_eq!(problems, vec![]);
        assert_eq!(
            settings.keys,
            [
                KeyOverride {
                    action: "global.quit".into(),
                    keys: vec!["Ctrl-Q".into(), "Ctrl-C".into()],
                    line: 3
                },
                KeyOverride {
                    action: "puzzle.hint".into(),
                    keys: vec!["F9".into()],
                    line: 2
                },
            ]
        );
        assert_eq!(parse(&render(&settings)).0.keys.len(), 2);
        for (text, colors) in [
            ("colors = \"contrast\"", Colors::Contrast),
            ("colors = \"dark\"", Colors::Dark),
        ] {
            assert_eq!(parse(text).0.colors, colors);
        }
        assert_eq!(parse("pieces = \"figures\"").0.pieces, Pieces::Figures);
        assert_eq!(parse("pieces = \"large\"").0.pieces, Pieces::Large);
    }

    #[test]
    fn a_bad_value_costs_only_its_key_and_says_where() {
        let text = "# mine\ncolors = \"light\"\npieces = \"emoji\"\nreply_delay_ms = -3\nsize = 4\nengine = 1\n";
        let (settings, problems) = parse(text);
        assert_eq!(settings.colors, Colors::Light);
        assert_eq!(settings.pieces, Pieces::Auto);
        assert_eq!(settings.reply_delay_ms, None);
        assert_eq!(settings.engine, None);
        let said: Vec<(usize, &str)> = problems.iter().map(|p| (p.line, p.key.as_str())).collect();
        assert_eq!(
            said,
            [
                (3, "pieces"),
                (4, "reply_delay_ms"),
                (5, "size"),
                (6, "engine")
            ]
        );
        assert_eq!(parse("engine = \" \"").1.len(), 1);
        assert!(
            problems[0]
                .to_string()
                .starts_with("line 3: pieces: \"emoji\" is not one of")
        );
        assert_eq!(parse("reply_delay_ms = 5001").1.len(), 1);
        assert_eq!(parse("colors = 3").1[0].line, 1);
        let (settings, problems) = parse("board = \"huge\"\nlive_hint = true");
        assert_eq!(
            (settings.board, settings.live_hint),
            (BoardSize::Auto, LiveHint::On)
        );
        let said: Vec<(usize, &str)> = problems.iter().map(|p| (p.line, p.key.as_str())).collect();
        assert_eq!(said, [(1, "board"), (2, "live_hint")]);
        let (settings, problems) = parse("lang = \"xx\"");
        assert_eq!(settings.lang, Lang::EN);
        assert!(
            problems[0].to_string().contains("unknown language"),
            "{}",
            problems[0]
        );
    }

    #[test]
    fn figurine_turns_on_figurines_for_the_chosen_letters() {
        // Either order of the keys: figurines with German input letters.
        for text in [
            "figurine = true\nlang = \"de\"",
            "lang = \"de\"\nfigurine = true",
        ] {
            let (settings, problems) = parse(text);
            assert!(problems.is_empty(), "{problems:?}");
            assert!(settings.lang.figurines(), "{text}");
            assert_eq!(settings.lang.code, "de");
            assert_eq!(settings.lang.localize("Nf3"), "♘f3");
            // `config show` writes it back and reads back the same.
            assert_eq!(parse(&render(&settings)).0.lang, settings.lang);
        }
        let (settings, problems) = parse("figurine = \"yes\"");
        assert!(!settings.lang.figurines());
        assert_eq!(problems[0].key, "figurine");
        assert!(!parse("").0.lang.figurines());
    }

    #[test]
    fn a_line_that_is_not_toml_costs_only_its_key() {
        let (settings, problems) = parse("colors = \"light\"\n\npieces = letters\n");
        assert_eq!(settings.colors, Colors::Light);
        assert_eq!(settings.pieces, Pieces::Auto);
        assert_eq!(problems.len(), 1);
        assert_eq!((problems[0].line, problems[0].key.as_str()), (3, "pieces"));
    }

    #[test]
    fn a_key_set_twice_is_reported_with_both_lines_and_the_last_counts() {
        let said = |problems: &[Problem]| -> Vec<String> {
            problems.iter().map(ToString::to_string).collect()
        };
        let (settings, problems) =
            parse("colors = \"light\"\nboard = \"small\"\ncolors = \"contrast\"\n");
        assert_eq!(settings.colors, Colors::Contrast);
        assert_eq!(settings.board, BoardSize::Small);
        assert_eq!(
            said(&problems),
            ["line 3: colors: set again (before on line 1); this line counts"]
        );
        // In [keys], dotted names on several lines are all kept; a bad value
        // on the line that counts is reported on that line.
        let text = "reply_delay_ms = 10\n[keys]\npuzzle.hint = \"F2\"\n\
                    puzzle.next = \"F3\"\npuzzle.hint = \"F4\"\n";
        let (settings, problems) = parse(&format!("reply_delay_ms = 99999\n{text}"));
        assert_eq!(
            said(&problems),
            [
                "line 2: reply_delay_ms: set again (before on line 1); this line counts",
                "line 6: keys.puzzle.hint: set again (before on line 4); this line counts",
            ]
        );
        assert_eq!(settings.reply_delay_ms, Some(10));
        let keys: Vec<(&str, &[String], usize)> = settings
            .keys
            .iter()
            .map(|k| (k.action.as_str(), k.keys.as_slice(), k.line))
            .collect();
        assert_eq!(
            keys,
            [
                ("puzzle.hint", &["F4".to_owned()][..], 6),
                ("puzzle.next", &["F3".to_owned()][..], 5)
            ]
        );
        let (_, problems) = parse("reply_delay_ms = 10\nreply_delay_ms = 99999\n");
        assert_eq!(
            said(&problems),
            [
                "line 2: reply_delay_ms: set again (before on line 1); this line counts",
                "line 2: reply_delay_ms: 99999 is not a whole number of milliseconds from 0 to 5000; using the default",
            ]
        );
    }
}
