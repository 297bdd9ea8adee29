//! Embeds every built-in puzzle pack (`puzzles/*.json`, and the Lichess
//! starter set `puzzles/*.csv`) in the binary, so a fresh install has them
//! with no download. Adding a pack needs no code.

use std::fmt::Write as _;
use std::path::Path;
use std::{env, fs};

fn main() {
    let dir =
        Path::new(&env::var("CARGO_MANIFEST_DIR").expect("cargo sets it")).join("../../puzzles");
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut files: Vec<_> = fs::read_dir(&dir)
        .map(|entries| {
            entries
                .filter_map(Result::ok)
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|x| x == "json" || x == "csv"))
                .collect()
        })
        .unwrap_or_default();
    files.sort();
    let mut code = String::from("&[\n");
    for path in &files {
        println!("cargo:rerun-if-changed={}", path.display());
        let name = path
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default();
        writeln!(
            code,
            "    ({name:?}, include_str!({:?})),",
            path.display().to_string()
        )
        .expect("writing to a string");
    }
    code.push(']');
    let out = Path::new(&env::var("OUT_DIR").expect("cargo sets it")).join("builtin_packs.rs");
    fs::write(out, code).expect("OUT_DIR is writable");
}
