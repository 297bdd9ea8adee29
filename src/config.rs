//! The config file, `config.toml`: its text parsed into [`Settings`].
//!
//! Pure: the caller finds and reads the file (`sancho config path`). A bad
//! value costs only its own key: it is reported as a [`Problem`] with its
//! line and the key keeps its default, so Sancho always starts.

use crate::tui::theme::Colors;

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
}

impl Pieces {
    const NAMES: [(&'static str, Pieces); 3] = [
        ("auto", Pieces::Auto),
        ("figures", Pieces::Figures),
        ("letters", Pieces::Letters),
    ];

    /// The name in the file.
    pub fn name(self) -> &'static str {
        Pieces::NAMES
            .iter()
            .find(|(_, p)| *p == self)
            .map_or("auto", |(n, _)| n)
    }
}

/// The longest reply delay accepted, in milliseconds.
pub const MAX_REPLY_DELAY_MS: u64 = 5_000;

/// What the file sets; each key is its default when absent or bad.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Settings {
    /// `colors`: the colour scheme (the command line's `--colors` wins).
    pub colors: Colors,
    /// `pieces`: figures, letters, or decided by the terminal (`--ascii`
    /// and `--figures` win).
    pub pieces: Pieces,
    /// `reply_delay_ms`: the opponent's pause before replying in a puzzle
    /// (`None`: the built-in half second).
    pub reply_delay_ms: Option<u64>,
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

# Pieces: "auto" (letters on TERM=linux or dumb, figures elsewhere), "figures", "letters".
# The command line's --ascii and --figures win.
# pieces = "auto"

# The opponent's pause before replying in a puzzle, in milliseconds (0 to 5000).
# reply_delay_ms = 500
"#;

/// Parses the file's text: the settings, and every problem found.
pub fn parse(text: &str) -> (Settings, Vec<Problem>) {
    let mut settings = Settings::default();
    let mut problems = Vec::new();
    let table = match text.parse::<toml::Table>() {
        Ok(table) => table,
        // Not TOML as a whole: each line on its own (the file's keys are
        // all one-line), so that a broken line costs only its key.
        Err(_) => {
            let mut table = toml::Table::new();
            for (i, line) in text.lines().enumerate() {
                match line.parse::<toml::Table>() {
                    Ok(part) => table.extend(part),
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
                line: key_line(text, key),
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
            "pieces" => match value
                .as_str()
                .and_then(|v| Pieces::NAMES.iter().find(|(n, _)| *n == v))
            {
                Some((_, pieces)) => settings.pieces = *pieces,
                None => bad(format!(
                    "{value} is not one of \"auto\", \"figures\", \"letters\"; using \"auto\""
                )),
            },
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
            _ => bad("unknown key; known: colors, pieces, reply_delay_ms".to_owned()),
        }
    }
    problems.sort_by_key(|p| p.line);
    (settings, problems)
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
    out
}

/// The line on which a top-level key is set (1 if it cannot be found).
fn key_line(text: &str, key: &str) -> usize {
    text.lines()
        .position(|line| {
            let line = line.trim_start();
            let name = line.split(['=', ' ', '\t']).next().unwrap_or("");
            name.trim_matches('"') == key && line.contains('=')
        })
        .map_or(1, |i| i + 1)
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
        let uncommented: String = DEFAULT_FILE
            .lines()
            .map(|l| {
                l.strip_prefix("# ")
                    .filter(|l| l.contains(" = "))
                    .unwrap_or("")
            })
            .collect::<Vec<_>>()
            .join("\n");
        let (settings, problems) = parse(&uncommented);
        assert_eq!(problems, vec![]);
        assert_eq!(
            settings,
            Settings {
                reply_delay_ms: Some(500),
                ..Settings::default()
            }
        );
    }

    #[test]
    fn every_key_is_read() {
        let text = "colors = \"light\"\npieces = \"letters\"\nreply_delay_ms = 0\n";
        let (settings, problems) = parse(text);
        assert_eq!(problems, vec![]);
        assert_eq!(
            settings,
            Settings {
                colors: Colors::Light,
                pieces: Pieces::Letters,
                reply_delay_ms: Some(0),
            }
        );
        assert_eq!(parse(&render(&settings)).0, settings);
        for (text, colors) in [
            ("colors = \"contrast\"", Colors::Contrast),
            ("colors = \"dark\"", Colors::Dark),
        ] {
            assert_eq!(parse(text).0.colors, colors);
        }
        assert_eq!(parse("pieces = \"figures\"").0.pieces, Pieces::Figures);
    }

    #[test]
    fn a_bad_value_costs_only_its_key_and_says_where() {
        let text =
            "# mine\ncolors = \"light\"\npieces = \"emoji\"\nreply_delay_ms = -3\nsize = 4\n";
        let (settings, problems) = parse(text);
        assert_eq!(settings.colors, Colors::Light);
        assert_eq!(settings.pieces, Pieces::Auto);
        assert_eq!(settings.reply_delay_ms, None);
        let said: Vec<(usize, &str)> = problems.iter().map(|p| (p.line, p.key.as_str())).collect();
        assert_eq!(said, [(3, "pieces"), (4, "reply_delay_ms"), (5, "size")]);
        assert!(
            problems[0]
                .to_string()
                .starts_with("line 3: pieces: \"emoji\" is not one of")
        );
        assert_eq!(parse("reply_delay_ms = 5001").1.len(), 1);
        assert_eq!(parse("colors = 3").1[0].line, 1);
    }

    #[test]
    fn a_line_that_is_not_toml_costs_only_its_key() {
        let (settings, problems) = parse("colors = \"light\"\n\npieces = letters\n");
        assert_eq!(settings.colors, Colors::Light);
        assert_eq!(settings.pieces, Pieces::Auto);
        assert_eq!(problems.len(), 1);
        assert_eq!((problems[0].line, problems[0].key.as_str()), (3, "pieces"));
    }
}
