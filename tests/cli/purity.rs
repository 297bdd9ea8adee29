//! The pure core, enforced: no source file of a core module names a
//! terminal crate, the user's directories or the clock. Time and paths are
//! passed in by the shells (`tui`, `line`, `cli`), so the core stays
//! testable without a terminal and repeatable without a clock
//! (docs/ARCHITECTURE.md, "Pure core, thin shell").

use std::fs;
use std::path::{Path, PathBuf};

/// The core modules, as files (`x.rs`) or directories (`x/`) under `src/`.
const CORE: &[&str] = &[
    "notation", "puzzle", "session", "drill", "progress", "library", "record", "mine", "modes",
    "spoiler", "config",
];

/// What a core file must not contain (outside comments).
const FORBIDDEN: &[&str] = &[
    "ratatui",
    "crossterm",
    "directories",
    "SystemTime::now",
    "Instant::now",
];

/// Deliberate exceptions, as (file under `src/`, forbidden text). Each must
/// be written up in docs/ARCHITECTURE.md. Empty today.
const ALLOWED: &[(&str, &str)] = &[];

/// Every `.rs` file under `path` (or `path` itself).
fn rust_files(path: &Path, out: &mut Vec<PathBuf>) {
    if path.is_dir() {
        for entry in fs::read_dir(path).expect("read a source directory") {
            rust_files(&entry.expect("a directory entry").path(), out);
        }
    } else if path.is_file() && path.extension().is_some_and(|e| e == "rs") {
        out.push(path.to_owned());
    }
}

/// The forbidden texts found in `source`, with their 1-based lines; lines
/// that are only a comment do not count.
fn violations(source: &str) -> Vec<(usize, &'static str)> {
    let mut found = Vec::new();
    for (index, line) in source.lines().enumerate() {
        let code = line.split("//").next().unwrap_or_default();
        for word in FORBIDDEN {
            if code.contains(word) {
                found.push((index + 1, *word));
            }
        }
    }
    found
}

#[test]
fn the_scanner_finds_an_import_and_a_clock_read_but_not_a_comment() {
    let source = "use ratatui::Frame;\n// crossterm is only named here\nlet t = std::time::SystemTime::now();\n";
    assert_eq!(
        violations(source),
        vec![(1, "ratatui"), (3, "SystemTime::now")]
    );
}

#[test]
fn core_modules_use_no_terminal_no_directories_and_no_clock() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut problems = Vec::new();
    for module in CORE {
        let mut files = Vec::new();
        rust_files(&src.join(module), &mut files);
        rust_files(&src.join(format!("{module}.rs")), &mut files);
        assert!(
            !files.is_empty(),
            "core module {module} has no source file: update CORE"
        );
        for file in files {
            let text = fs::read_to_string(&file).expect("read a source file");
            let name = file
                .strip_prefix(&src)
                .expect("under src")
                .to_string_lossy()
                .replace('\\', "/");
            for (line, word) in violations(&text) {
                if !ALLOWED.contains(&(name.as_str(), word)) {
                    problems.push(format!("src/{name}:{line}: {word}"));
                }
            }
        }
    }
    assert!(
        problems.is_empty(),
        "the core must not touch a terminal, directories or the clock:\n{}",
        problems.join("\n")
    );
}
