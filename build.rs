//! Embeds the built-in content in the binary, so that a fresh install has
//! it with no download: every puzzle pack (`puzzles/*.json`, and the
//! Lichess starter set `puzzles/*.csv`), the lesson pages
//! (`assets/lessons/*.md`), the famous games (`assets/games/*.pgn`) and
//! the endgames to play out (`puzzles/endgames/*.json`).
//! The core reads them from the text handed in (`sancho::content`).
//! Adding a pack, a lesson or a game needs no code.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::{env, fs};

fn main() {
    let root = PathBuf::from(env::var("CARGO_MANIFEST_DIR").expect("cargo sets it"));
    let out = PathBuf::from(env::var("OUT_DIR").expect("cargo sets it"));
    embed(
        &root,
        "puzzles",
        &["json", "csv"],
        true,
        &out.join("builtin_packs.rs"),
    );
    embed(
        &root,
        "assets/lessons",
        &["md"],
        false,
        &out.join("lessons.rs"),
    );
    embed(&root, "assets/games", &["pgn"], true, &out.join("games.rs"));
    embed(
        &root,
        "puzzles/endgames",
        &["json"],
        true,
        &out.join("endgames.rs"),
    );
}

/// Writes `target` as a Rust slice of every file in `dir` with one of
/// `extensions`, in file-name order: `(name, text)` pairs when `named`
/// (packs by file name, games by stem), else the texts alone (lessons are
/// numbered by their order).
fn embed(root: &Path, dir: &str, extensions: &[&str], named: bool, target: &Path) {
    let dir = root.join(dir);
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut files: Vec<PathBuf> = fs::read_dir(&dir)
        .map(|entries| {
            entries
                .filter_map(Result::ok)
                .map(|e| e.path())
                .filter(|p| {
                    p.extension()
                        .and_then(|x| x.to_str())
                        .is_some_and(|x| extensions.contains(&x))
                })
                .collect()
        })
        .unwrap_or_default();
    files.sort();
    let mut code = String::from("&[\n");
    for path in &files {
        println!("cargo:rerun-if-changed={}", path.display());
        let text = format!("include_str!({:?})", path.display().to_string());
        if named {
            // Packs are named by file name (`01-mate-in-one.json`), games
            // by stem (`opera-game`).
            let name = if path.extension().is_some_and(|x| x == "pgn") {
                path.file_stem()
            } else {
                path.file_name()
            };
            let name = name.and_then(|n| n.to_str()).unwrap_or_default();
            writeln!(code, "    ({name:?}, {text}),").expect("writing to a string");
        } else {
            writeln!(code, "    {text},").expect("writing to a string");
        }
    }
    code.push(']');
    fs::write(target, code).expect("OUT_DIR is writable");
}
