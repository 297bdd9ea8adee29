//! The pure core, enforced by the dependency graph: `sancho-core` reaches
//! no terminal, command-line or user-directory crate, directly or through
//! another crate (what `cargo tree -p sancho-core` shows, read here from
//! the committed Cargo.lock so the test needs no cargo run). Reading the
//! clock is refused by clippy's `disallowed-methods` in the core's
//! `clippy.toml`, which this test also checks is in force.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// Crates the core must never reach.
const FORBIDDEN: &[&str] = &["ratatui", "crossterm", "clap", "directories", "anyhow"];

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Each locked package's name and the names of its dependencies.
fn lock_graph() -> BTreeMap<String, Vec<String>> {
    let text = std::fs::read_to_string(root().join("Cargo.lock")).expect("Cargo.lock is committed");
    let lock: toml::Table = text.parse().expect("Cargo.lock is TOML");
    let packages = lock["package"].as_array().expect("a package list");
    packages
        .iter()
        .map(|p| {
            let name = p["name"].as_str().expect("a name").to_owned();
            let deps = p
                .get("dependencies")
                .and_then(toml::Value::as_array)
                .map(|d| {
                    d.iter()
                        // "name version" when two versions are locked.
                        .filter_map(|d| d.as_str()?.split(' ').next().map(str::to_owned))
                        .collect()
                })
                .unwrap_or_default();
            (name, deps)
        })
        .collect()
}

/// Every crate reachable from `start` (itself included).
fn reachable(graph: &BTreeMap<String, Vec<String>>, start: &str) -> BTreeSet<String> {
    let mut seen = BTreeSet::new();
    let mut todo = vec![start.to_owned()];
    while let Some(name) = todo.pop() {
        if seen.insert(name.clone()) {
            todo.extend(graph.get(&name).into_iter().flatten().cloned());
        }
    }
    seen
}

#[test]
fn the_core_reaches_no_terminal_cli_or_directories_crate() {
    let graph = lock_graph();
    let core = reachable(&graph, "sancho-core");
    assert!(
        core.contains("shakmaty"),
        "the walk follows the graph: {core:?}"
    );
    for name in FORBIDDEN {
        assert!(!core.contains(*name), "sancho-core reaches {name}");
    }
    // The binary does reach them: the walk can see them when they are there.
    let shell = reachable(&graph, "sancho");
    for name in ["ratatui", "clap", "directories"] {
        assert!(shell.contains(name), "sancho should reach {name}");
    }
}

#[test]
fn the_core_manifest_names_none_of_them_even_as_a_dev_dependency() {
    let text = std::fs::read_to_string(root().join("crates/sancho-core/Cargo.toml"))
        .expect("the core's manifest");
    let manifest: toml::Table = text.parse().expect("TOML");
    for table in ["dependencies", "dev-dependencies", "build-dependencies"] {
        let Some(deps) = manifest.get(table).and_then(toml::Value::as_table) else {
            continue;
        };
        for name in FORBIDDEN {
            assert!(!deps.contains_key(*name), "{table} names {name}");
        }
    }
}

#[test]
fn clippy_forbids_the_clock_in_the_core() {
    let text = std::fs::read_to_string(root().join("crates/sancho-core/clippy.toml"))
        .expect("the core's clippy.toml");
    let config: toml::Table = text.parse().expect("TOML");
    let paths: Vec<&str> = config["disallowed-methods"]
        .as_array()
        .expect("a list")
        .iter()
        .filter_map(|m| m.get("path")?.as_str())
        .collect();
    for clock in ["std::time::Instant::now", "std::time::SystemTime::now"] {
        assert!(
            paths.contains(&clock),
            "{clock} is not disallowed: {paths:?}"
        );
    }
}
