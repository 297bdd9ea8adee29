//! The command as a good citizen of the shell: what it says without a
//! terminal, completions, the man page, and the config file.

use std::process::{Command, Output, Stdio};

fn sancho(args: &[&str]) -> Output {
    let data = tempfile::tempdir().expect("temp dir");
    Command::new(env!("CARGO_BIN_EXE_sancho"))
        .args(args)
        .env("SANCHO_DATA_DIR", data.path())
        .stdin(Stdio::null())
        .output()
        .expect("run sancho")
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[test]
fn without_a_terminal_the_trainer_says_so_and_suggests_plain() {
    for args in [&[][..], &["play"][..], &["play", "--puzzle", "m1-001"][..]] {
        let out = sancho(args);
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains("not a terminal"), "{args:?}: {err}");
        assert!(err.contains("--plain"), "{args:?}: {err}");
        assert!(!err.contains("os error"), "{args:?}: {err}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
}

#[test]
fn plain_mode_still_runs_without_a_terminal() {
    let out = sancho(&["play", "--plain"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
}
