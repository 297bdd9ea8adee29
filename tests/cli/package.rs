//! The published crate builds: every file the build script reads is in
//! `cargo package --list`.
//!
//! The root package has no build script while the core embeds the puzzles
//! itself; the check starts the moment one appears (cargo then sets
//! `OUT_DIR`), and until then the test holds that there is none.
//!
//! What the build script reads is taken from the build script itself, as
//! it ran for this build: the paths it gave cargo with `rerun-if-changed`
//! (a directory stands for every file under it) and the files its generated
//! code embeds with `include_str!`/`include_bytes!`. So the test follows
//! the build script when it embeds another directory.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Every file under `path` (or `path` itself, if it is a file).
fn files_under(path: &Path, into: &mut BTreeSet<PathBuf>) {
    if path.is_dir() {
        for entry in std::fs::read_dir(path).expect("a readable directory") {
            files_under(&entry.expect("a directory entry").path(), into);
        }
    } else if path.is_file() {
        into.insert(path.to_owned());
    }
}

/// The paths in the quoted arguments of `include_str!(...)` and
/// `include_bytes!(...)` in `code`.
fn included(code: &str) -> Vec<PathBuf> {
    let mut paths = Vec::new();
    for macro_name in ["include_str!(", "include_bytes!("] {
        for (at, _) in code.match_indices(macro_name) {
            let rest = &code[at + macro_name.len()..];
            let literal = rest.split(')').next().unwrap_or_default().trim();
            let path: String = serde_json::from_str(literal)
                .unwrap_or_else(|_| panic!("not a plain string literal: {literal}"));
            paths.push(PathBuf::from(path));
        }
    }
    paths
}

/// The files the build script read for this build, relative to the crate:
/// its `rerun-if-changed` paths (kept by cargo in `output`, beside
/// `OUT_DIR`) and the files the code it generated embeds.
fn read_by_build_script(out_dir: &Path) -> BTreeSet<PathBuf> {
    let mut files = BTreeSet::new();
    let output = std::fs::read_to_string(out_dir.with_file_name("output"))
        .expect("the build script's output beside OUT_DIR");
    for line in output.lines() {
        let path = line
            .strip_prefix("cargo::rerun-if-changed=")
            .or_else(|| line.strip_prefix("cargo:rerun-if-changed="));
        if let Some(path) = path {
            files_under(&root().join(path), &mut files);
        }
    }
    for entry in std::fs::read_dir(out_dir).expect("OUT_DIR") {
        let path = entry.expect("an OUT_DIR entry").path();
        if path.extension().is_some_and(|x| x == "rs") {
            let code = std::fs::read_to_string(&path).expect("generated code");
            files.extend(included(&code));
        }
    }
    files
        .into_iter()
        .map(|f| {
            f.strip_prefix(root())
                .unwrap_or_else(|_| panic!("{} is outside the package", f.display()))
                .to_owned()
        })
        .collect()
}

/// The package's files, as `cargo package --list` gives them.
fn packaged() -> BTreeSet<PathBuf> {
    let listed = Command::new(env!("CARGO"))
        .args(["package", "--list", "--allow-dirty", "--offline"])
        .args(["--package", env!("CARGO_PKG_NAME")])
        .current_dir(root())
        .output()
        .expect("run cargo package --list");
    assert!(
        listed.status.success(),
        "cargo package --list failed: {}",
        String::from_utf8_lossy(&listed.stderr)
    );
    String::from_utf8_lossy(&listed.stdout)
        .lines()
        .map(PathBuf::from)
        .collect()
}

#[test]
fn the_package_holds_every_file_the_build_script_reads() {
    let listed = packaged();
    for needed in [
        "Cargo.toml",
        "Cargo.lock",
        "README.md",
        "CHANGELOG.md",
        "LICENSE",
    ] {
        assert!(
            listed.contains(Path::new(needed)),
            "{needed} is not packaged"
        );
    }
    // cargo sets OUT_DIR when, and only when, the package has a build script.
    let Some(out_dir) = option_env!("OUT_DIR") else {
        assert!(
            !root().join("build.rs").exists(),
            "build.rs exists but cargo set no OUT_DIR"
        );
        return;
    };
    let read = read_by_build_script(Path::new(out_dir));
    assert!(!read.is_empty(), "the build script read nothing");
    assert!(
        listed.contains(Path::new("build.rs")),
        "build.rs is not packaged"
    );
    let missing: Vec<_> = read.iter().filter(|f| !listed.contains(*f)).collect();
    assert!(
        missing.is_empty(),
        "read by build.rs but not in the package (see `include` in Cargo.toml): {missing:?}"
    );
}

#[test]
fn embedded_paths_are_read_from_the_generated_code() {
    let code = r#"&[("a.json", include_str!("/x/puzzles/a.json")), (b, include_bytes!("/x/assets/b.pgn"))]"#;
    assert_eq!(
        included(code),
        [
            PathBuf::from("/x/puzzles/a.json"),
            PathBuf::from("/x/assets/b.pgn")
        ]
    );
}
