//! The command lines the documents show, held to the real definitions.
//!
//! Every `sancho ...` line of README.md and docs/*.md (in a code block, or
//! in backticks in the prose) is read here:
//!
//! - an example (`sancho play --theme fork`) must parse with [`Cli`], as a
//!   reader who pastes it would run it;
//! - a synopsis (`sancho set new NAME --count N [--theme T]`, with
//!   placeholders, brackets or alternatives) must name a real subcommand,
//!   and each of its options must be one that subcommand takes;
//! - a line the documents show failing on purpose is listed in
//!   [`SHOWN_FAILING`] and must fail.
//!
//! And nothing the README of 0.1.0 showed is lost: each of its command lines
//! (kept in `tests/fixtures/readme-0.1.0-commands.txt`) is in the guide.

use std::path::{Path, PathBuf};

use clap::error::ErrorKind;
use clap::{CommandFactory, Parser};

use super::Cli;

/// Lines the documents show as mistakes, with the error they produce.
const SHOWN_FAILING: &[&str] = &["sancho resolve --puzzle m1-001 Rd8"];

/// Shell words that end the command (a redirection, a pipe, the next command).
const SHELL_STOPS: &[&str] = &[">", ">>", "<", "|", "&&", ";", "2>"];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// README.md and every docs/*.md.
fn documents() -> Vec<(PathBuf, String)> {
    let mut paths = vec![root().join("README.md")];
    let mut docs: Vec<_> = std::fs::read_dir(root().join("docs"))
        .expect("docs/ exists")
        .map(|e| e.expect("a docs entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "md"))
        .collect();
    docs.sort();
    paths.extend(docs);
    paths
        .into_iter()
        .map(|p| {
            let text = std::fs::read_to_string(&p).expect("a readable document");
            (p, text)
        })
        .collect()
}

/// The `sancho` command lines of a Markdown text, each with its line
/// number: code-block lines (after a `$ ` prompt and `VAR=value` prefixes)
/// and code spans of the prose, trailing `# comments` removed, white space
/// collapsed.
fn command_lines(text: &str) -> Vec<(usize, String)> {
    let mut found = Vec::new();
    // The lines of the code block being read, with their numbers.
    let mut block: Option<Vec<(usize, &str)>> = None;
    // The prose, with code blocks blanked, so that spans keep their lines.
    let mut prose = String::new();
    for (n, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            match block.take() {
                Some(lines) => found.extend(block_commands(&lines)),
                None => block = Some(Vec::new()),
            }
        } else if let Some(lines) = &mut block {
            lines.push((n + 1, line.trim()));
        } else {
            prose.push_str(line);
        }
        prose.push('\n');
    }
    let mut rest = prose.as_str();
    let mut offset = 0;
    while let Some(open) = rest.find('`') {
        let after = &rest[open + 1..];
        let Some(close) = after.find('`') else { break };
        let span = &after[..close];
        let line = prose[..offset + open].matches('\n').count() + 1;
        if let Some(command) = command(&span.split_whitespace().collect::<Vec<_>>().join(" ")) {
            found.push((line, command));
        }
        offset += open + close + 2;
        rest = &after[close + 1..];
    }
    found
}

/// The command lines of a code block: in a block with `$ ` prompts, the
/// prompted lines (the others are output); otherwise every line.
fn block_commands(lines: &[(usize, &str)]) -> Vec<(usize, String)> {
    let prompted = lines.iter().any(|(_, l)| l.starts_with("$ "));
    lines
        .iter()
        .filter_map(|&(n, line)| {
            let line = match line.strip_prefix("$ ") {
                Some(prompted) => prompted,
                None if prompted => return None,
                None => line,
            };
            command(line).map(|c| (n, c))
        })
        .collect()
}

/// `line` as a command line, if it runs `sancho`.
fn command(line: &str) -> Option<String> {
    let mut line = line.trim();
    // `NO_COLOR=1 sancho`: the environment is the shell's business.
    while let Some((word, rest)) = line.split_once(' ') {
        let is_assignment = word.split_once('=').is_some_and(|(name, _)| {
            !name.is_empty() && name.chars().all(|c| c.is_ascii_uppercase() || c == '_')
        });
        if !is_assignment {
            break;
        }
        line = rest.trim_start();
    }
    if line != "sancho" && !line.starts_with("sancho ") {
        return None;
    }
    let line = match line.find(" # ") {
        Some(comment) => &line[..comment],
        None => line,
    };
    Some(line.split_whitespace().collect::<Vec<_>>().join(" "))
}

/// A placeholder of a synopsis: `FILE`, `N`, `PACK.json`, `PATH...`.
fn is_placeholder(word: &str) -> bool {
    let stem = word.trim_end_matches("...").trim_end_matches('…');
    let name = stem.split('.').next().unwrap_or(stem);
    !name.is_empty()
        && name.chars().next().is_some_and(|c| c.is_ascii_uppercase())
        && name
            .chars()
            .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_')
        && (name.len() > 1 || word.len() == 1)
}

/// Whether the words are a synopsis rather than a line to run.
fn is_synopsis(words: &[String]) -> bool {
    words.iter().any(|w| {
        w.contains('[') || w.contains(']') || w == "|" || w.ends_with("...") || is_placeholder(w)
    })
}

/// The words up to the first shell operator.
fn words(line: &str) -> Vec<String> {
    let words = shlex::split(line).unwrap_or_else(|| panic!("unbalanced quotes in {line:?}"));
    words
        .into_iter()
        .take_while(|w| !SHELL_STOPS.contains(&w.as_str()) && !w.starts_with('<'))
        .collect()
}

/// The (sub)command the leading words name, and how many words that took.
fn subcommand(words: &[String]) -> (clap::Command, usize) {
    let mut command = Cli::command();
    command.build();
    let mut used = 1;
    for word in &words[1..] {
        match command.find_subcommand(word) {
            Some(sub) => {
                let sub = sub.clone();
                command = sub;
                used += 1;
            }
            None => break,
        }
    }
    (command, used)
}

/// What is wrong with a synopsis, if anything: every `--long` and `-s`
/// option it names must be one its subcommand takes.
fn synopsis_problem(words: &[String]) -> Option<String> {
    let (command, used) = subcommand(words);
    for word in &words[used..] {
        for option in word.split(['[', ']', '|']).filter(|o| o.starts_with('-')) {
            let option = option.split('=').next().unwrap_or(option);
            if option == "-" || option == "--" {
                continue;
            }
            let known = command
                .get_arguments()
                .any(|arg| match option.strip_prefix("--") {
                    Some(long) => {
                        arg.get_long() == Some(long)
                            || arg.get_all_aliases().is_some_and(|a| a.contains(&long))
                    }
                    None => option
                        .strip_prefix('-')
                        .and_then(|s| s.chars().next())
                        .is_some_and(|short| arg.get_short() == Some(short)),
                })
                || matches!(option, "--help" | "-h" | "--version" | "-V");
            if !known {
                return Some(format!("`{}` takes no {option}", command.get_name()));
            }
        }
    }
    None
}

/// What is wrong with a documented command line, if anything.
fn problem(line: &str) -> Option<String> {
    let words = words(line);
    if is_synopsis(&words) || subcommand(&words).1 == words.len() {
        return synopsis_problem(&words);
    }
    match Cli::try_parse_from(&words) {
        Ok(_) => None,
        Err(e) if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) => None,
        Err(e) => Some(e.to_string().lines().next().unwrap_or_default().to_owned()),
    }
}

fn relative(path: &Path) -> String {
    path.strip_prefix(root())
        .unwrap_or(path)
        .display()
        .to_string()
}

#[test]
fn every_documented_command_line_is_one_sancho_takes() {
    let mut wrong = Vec::new();
    let mut checked = 0;
    for (path, text) in documents() {
        for (line, command) in command_lines(&text) {
            checked += 1;
            let problem = problem(&command);
            let shown_failing = SHOWN_FAILING.contains(&command.as_str());
            match (problem, shown_failing) {
                (Some(problem), false) => {
                    wrong.push(format!(
                        "{}:{line}: {command}\n    {problem}",
                        relative(&path)
                    ));
                }
                (None, true) => wrong.push(format!(
                    "{}:{line}: {command}\n    is shown failing, but parses",
                    relative(&path)
                )),
                _ => {}
            }
        }
    }
    assert!(
        checked > 150,
        "only {checked} command lines found: is the reader broken?"
    );
    assert!(
        wrong.is_empty(),
        "{} lines:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}

#[test]
fn the_guide_keeps_every_command_line_of_the_old_readme() {
    let old = std::fs::read_to_string(root().join("tests/fixtures/readme-0.1.0-commands.txt"))
        .expect("the fixture");
    let guide = std::fs::read_to_string(root().join("docs/GUIDE.md")).expect("the guide");
    let guide = guide.split_whitespace().collect::<Vec<_>>().join(" ");
    let lost: Vec<_> = old
        .lines()
        .filter(|line| !line.is_empty() && !guide.contains(line))
        .collect();
    assert!(old.lines().count() > 90, "the fixture lost its lines");
    assert!(
        lost.is_empty(),
        "not in docs/GUIDE.md:\n{}",
        lost.join("\n")
    );
}

#[test]
fn the_reader_finds_blocks_spans_and_synopses() {
    let text = "Run `sancho play\n--plain` or:\n\n```sh\nNO_COLOR=1 sancho  # plain\n```\n\n```\n$ sancho hint Nd\nsancho said: partial\n```\n";
    assert_eq!(
        command_lines(text),
        vec![
            (5, "sancho".to_owned()),
            (9, "sancho hint Nd".to_owned()),
            (1, "sancho play --plain".to_owned()),
        ]
    );
    assert!(is_synopsis(&words("sancho lesson N --plain")));
    assert!(is_synopsis(&words(
        "sancho mine GAMES.pgn [--out PACK.json]"
    )));
    assert!(!is_synopsis(&words("sancho resolve --lang de Sf3")));
    assert!(!is_synopsis(&words(
        "sancho translate --to de \"e4 e5 Ke3\""
    )));
    assert_eq!(
        words("sancho man > sancho.1 && man sancho"),
        ["sancho", "man"]
    );
}

#[test]
fn a_wrong_line_is_caught() {
    assert_eq!(problem("sancho play --theme fork"), None);
    assert!(problem("sancho play --themes fork").is_some());
    assert!(problem("sancho drill KIND [--timed] [--speed N]").is_some());
    assert_eq!(problem("sancho drill KIND [--timed] [--seed N]"), None);
    assert!(problem("sancho reslove").is_some());
}

/// GitHub's anchor for a heading: lower case, punctuation dropped, spaces
/// as hyphens.
fn anchor(heading: &str) -> String {
    heading
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || matches!(c, '-' | '_' | ' '))
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

#[test]
fn the_guide_s_contents_list_every_section_and_nothing_else() {
    let guide = std::fs::read_to_string(root().join("docs/GUIDE.md")).expect("the guide");
    let (head, body) = guide
        .split_once("\n## Contents\n")
        .expect("a Contents section");
    let (contents, body) = body
        .split_once("\n## ")
        .expect("sections after the contents");
    assert!(head.starts_with("# "), "the guide starts with its title");
    let mut in_fence = false;
    let mut headings = Vec::new();
    for line in format!("## {body}").lines() {
        if line.starts_with("```") {
            in_fence = !in_fence;
        } else if !in_fence {
            for (marks, depth) in [("## ", 0), ("### ", 1)] {
                if let Some(title) = line.strip_prefix(marks) {
                    headings.push(format!(
                        "{}- [{title}](#{})",
                        "  ".repeat(depth),
                        anchor(title)
                    ));
                }
            }
        }
    }
    let listed: Vec<String> = contents
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(str::to_owned)
        .collect();
    assert!(
        headings.len() > 40,
        "only {} headings found",
        headings.len()
    );
    let anchors: std::collections::BTreeSet<_> = headings
        .iter()
        .map(|h| h.rsplit_once("](").map(|(_, a)| a))
        .collect();
    assert_eq!(
        anchors.len(),
        headings.len(),
        "two sections share an anchor"
    );
    assert_eq!(listed, headings, "the contents and the headings differ");
}

#[test]
fn the_changelog_has_a_section_for_this_version() {
    let changelog = std::fs::read_to_string(root().join("CHANGELOG.md")).expect("CHANGELOG.md");
    let heading = format!("## [{}] - ", env!("CARGO_PKG_VERSION"));
    let line = changelog
        .lines()
        .find(|l| l.starts_with(&heading))
        .unwrap_or_else(|| panic!("CHANGELOG.md has no `{heading}YYYY-MM-DD` section"));
    let date = &line[heading.len()..];
    let shape: String = date
        .chars()
        .map(|c| if c.is_ascii_digit() { 'D' } else { c })
        .collect();
    assert_eq!(
        shape, "DDDD-DD-DD",
        "{line}: the date is written YYYY-MM-DD"
    );
    assert!(
        changelog.contains("\n## [Unreleased]\n"),
        "CHANGELOG.md keeps an [Unreleased] section for the next change"
    );
}
