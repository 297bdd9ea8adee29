//! `sancho doctor`: the block a user pastes in a bug report says what is
//! really there, and looking never changes anything.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use crate::support;

const PROGRESS_FIXTURE: &str = "tests/fixtures/progress/schema1_sm2.json";
const LICHESS_FIXTURE: &str = "tests/fixtures/puzzles/lichess_small.csv";

/// Sancho with `data` as its data directory, `config` as its config file,
/// and a known terminal environment (no colour variables, `TERM` given).
fn sancho(data: &Path, config: &Path, term: &str) -> Command {
    let mut command = support::sancho();
    command
        .env("SANCHO_DATA_DIR", data)
        .env("SANCHO_CONFIG", config)
        .env("TERM", term)
        .env_remove("COLORTERM")
        .env_remove("NO_COLOR")
        .env_remove("SANCHO_ENGINE")
        .stdin(Stdio::null());
    command
}

fn doctor(command: &mut Command) -> String {
    let out: Output = command.arg("doctor").output().expect("run sancho doctor");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    String::from_utf8(out.stdout).expect("UTF-8")
}

/// The report's line with this label.
fn field<'a>(report: &'a str, label: &str) -> &'a str {
    report
        .lines()
        .find(|l| l.trim_start().starts_with(label))
        .unwrap_or_else(|| panic!("no {label:?} line in:\n{report}"))
}

/// A UCI engine that only says its name.
fn fake_engine(dir: &Path) -> PathBuf {
    let path = dir.join("fakefish");
    std::fs::write(
        &path,
        "#!/bin/sh\nwhile read line; do case \"$line\" in\n\
         uci) echo 'id name FakeFish 1'; echo uciok;;\n\
         isready) echo readyok;;\n quit) exit 0;;\n esac; done\n",
    )
    .unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    path
}

/// Every file under `dir`, with its bytes.
fn snapshot(dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .map(|e| e.unwrap().path())
                .map(|p| {
                    let bytes = std::fs::read(&p).unwrap_or_default();
                    (p, bytes)
                })
                .collect()
        })
        .unwrap_or_default();
    files.sort();
    files
}

#[test]
fn a_fresh_machine_is_described_and_left_as_it_was() {
    let home = tempfile::tempdir().unwrap();
    let data = home.path().join("data");
    let config = home.path().join("config.toml");
    let engine = fake_engine(home.path());
    let report = doctor(sancho(&data, &config, "xterm-256color").env("SANCHO_ENGINE", &engine));

    let first = report.lines().next().unwrap();
    assert!(
        first.starts_with(&format!("sancho {} (", env!("CARGO_PKG_VERSION"))),
        "{first}"
    );
    let data_line = field(&report, "data directory");
    assert!(
        data_line.contains(&data.display().to_string()),
        "{data_line}"
    );
    assert!(data_line.contains("from SANCHO_DATA_DIR"), "{data_line}");
    assert!(data_line.ends_with("does not exist yet"), "{data_line}");
    assert!(field(&report, "progress").contains("none yet"), "{report}");
    assert!(
        field(&report, "library").contains("sancho import"),
        "{report}"
    );
    assert!(
        field(&report, "my games").contains("sancho mine"),
        "{report}"
    );
    let config_line = field(&report, "config file");
    assert!(
        config_line.contains(&config.display().to_string()),
        "{config_line}"
    );
    assert!(config_line.contains("from SANCHO_CONFIG"), "{config_line}");
    assert!(
        config_line.ends_with("not found: the defaults"),
        "{config_line}"
    );
    let engine_line = field(&report, "engine");
    assert!(
        engine_line.contains(&engine.display().to_string()),
        "{engine_line}"
    );
    assert!(engine_line.contains("from SANCHO_ENGINE"), "{engine_line}");
    assert!(engine_line.ends_with("FakeFish 1"), "{engine_line}");
    let terminal = field(&report, "terminal");
    assert!(terminal.contains("TERM=xterm-256color"), "{terminal}");
    assert!(
        terminal.contains("256 colours, chess figures"),
        "{terminal}"
    );
    assert!(
        terminal.contains("neither standard input nor output is a terminal"),
        "{terminal}"
    );
    assert!(field(&report, "colours").starts_with("colours         dark"));

    assert!(!data.exists(), "doctor created the data directory");
    assert!(!config.exists(), "doctor created the config file");
}

#[test]
fn what_the_data_directory_holds_is_counted() {
    let home = tempfile::tempdir().unwrap();
    let data = home.path().join("data");
    let config = home.path().join("config.toml");
    let import = sancho(&data, &config, "xterm")
        .args(["import", LICHESS_FIXTURE])
        .output()
        .unwrap();
    assert!(import.status.success(), "{import:?}");
    std::fs::copy(PROGRESS_FIXTURE, data.join("progress.json")).unwrap();
    let before = snapshot(&data);

    let stats = sancho(&data, &config, "xterm")
        .args(["library", "stats", "--json"])
        .output()
        .unwrap();
    let stats: serde_json::Value = serde_json::from_slice(&stats.stdout).unwrap();
    let fixture: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(PROGRESS_FIXTURE).unwrap()).unwrap();
    let attempts = fixture["attempts"].as_array().unwrap().len();

    let report = doctor(&mut sancho(&data, &config, "xterm"));
    let library = field(&report, "library");
    assert!(
        library.contains(&format!("library.sqlite: {} puzzles", stats["puzzles"])),
        "{library}"
    );
    let progress = field(&report, "progress");
    assert!(
        progress.contains(&format!("progress.json: {attempts} puzzle attempts")),
        "{progress}"
    );
    assert!(!field(&report, "data directory").contains("does not exist"));
    // The schema-1 file would be migrated by a store that writes: doctor
    // only reads.
    assert_eq!(snapshot(&data), before, "doctor changed the data directory");
}

#[test]
fn a_damaged_progress_file_is_reported_and_not_moved() {
    let data = tempfile::tempdir().unwrap();
    let config = data.path().join("config.toml");
    std::fs::write(
        data.path().join("progress.json"),
        "{\"schema\":2,\"attempts\":[",
    )
    .unwrap();
    let before = snapshot(data.path());
    let report = doctor(&mut sancho(data.path(), &config, "xterm"));
    let progress = field(&report, "progress");
    assert!(
        progress.contains("damaged: the file was cut off part way"),
        "{progress}"
    );
    assert_eq!(
        snapshot(data.path()),
        before,
        "doctor moved or wrote a file"
    );
}

#[test]
fn config_problems_and_the_terminal_are_said() {
    let data = tempfile::tempdir().unwrap();
    let config = data.path().join("config.toml");
    std::fs::write(&config, "colors = \"light\"\npieces = \"emoji\"\n").unwrap();
    let report = doctor(&mut sancho(data.path(), &config, "dumb"));
    assert!(
        field(&report, "config file").ends_with("found, 1 problem"),
        "{report}"
    );
    assert!(report.contains("line 2: pieces"), "{report}");
    assert!(field(&report, "colours").contains("light"), "{report}");
    assert!(field(&report, "terminal").contains("no colour, letters for pieces"));

    let report = doctor(sancho(data.path(), &config, "xterm-256color").env("NO_COLOR", "1"));
    assert!(
        field(&report, "terminal").contains("no colour (NO_COLOR)"),
        "{report}"
    );
}

#[test]
fn an_engine_that_is_named_but_missing_or_mute_is_said() {
    let data = tempfile::tempdir().unwrap();
    let config = data.path().join("config.toml");
    let missing = data.path().join("no-such-engine");
    let report = doctor(sancho(data.path(), &config, "xterm").env("SANCHO_ENGINE", &missing));
    assert!(
        field(&report, "engine").ends_with("does not exist"),
        "{report}"
    );

    let mute = data.path().join("mute");
    std::fs::write(&mute, "#!/bin/sh\nexit 0\n").unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&mute, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    let report = doctor(sancho(data.path(), &config, "xterm").env("SANCHO_ENGINE", &mute));
    assert!(
        field(&report, "engine").contains("does not start as a UCI engine"),
        "{report}"
    );
}

#[test]
fn the_long_version_points_at_doctor() {
    let out = support::sancho().arg("--version").output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.starts_with(&format!("sancho {}\n", env!("CARGO_PKG_VERSION"))),
        "{text}"
    );
    assert!(text.contains("sancho doctor"), "{text}");
    let short = support::sancho().arg("-V").output().unwrap();
    assert_eq!(
        String::from_utf8_lossy(&short.stdout),
        format!("sancho {}\n", env!("CARGO_PKG_VERSION"))
    );
}
