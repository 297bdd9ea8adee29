//! A file the user names with `--out` (issue 38, fault 11): written
//! through a symbolic link to its target (a dangling one too), an existing
//! file's permissions kept, a new one's as any new file's.

#![cfg(unix)]

use std::os::unix::fs::{PermissionsExt, symlink};

use sancho::export::{WriteError, write_file};

use crate::support::{self, run_with_stdin};

fn mode(path: &std::path::Path) -> u32 {
    std::fs::metadata(path).unwrap().permissions().mode() & 0o777
}

#[test]
fn a_link_is_written_through_and_a_file_keeps_its_permissions() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();

    // A link to an existing file: the target is written, the link stays.
    let target = d.join("target.pgn");
    std::fs::write(&target, "old").unwrap();
    std::fs::set_permissions(&target, std::fs::Permissions::from_mode(0o640)).unwrap();
    let link = d.join("link.pgn");
    symlink(&target, &link).unwrap();
    write_file(&link, b"new").unwrap();
    assert!(
        std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert_eq!(std::fs::read_to_string(&target).unwrap(), "new");
    assert_eq!(mode(&target), 0o640, "the file's permissions are kept");

    // A dangling link: its target is made.
    let dangling = d.join("dangling.pgn");
    symlink("made.pgn", &dangling).unwrap();
    write_file(&dangling, b"made").unwrap();
    assert!(
        std::fs::symlink_metadata(&dangling)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert_eq!(std::fs::read_to_string(d.join("made.pgn")).unwrap(), "made");

    // A new file has the permissions any new file has here, not 0600.
    let plain = d.join("plain");
    std::fs::write(&plain, "x").unwrap();
    let new = d.join("new.pgn");
    write_file(&new, b"x").unwrap();
    assert_eq!(mode(&new), mode(&plain));

    // A directory, or a link to one, is not written over.
    let sub = d.join("sub");
    std::fs::create_dir(&sub).unwrap();
    let to_dir = d.join("to-dir.pgn");
    symlink(&sub, &to_dir).unwrap();
    for path in [&sub, &to_dir] {
        let err = write_file(path, b"x").unwrap_err();
        assert!(matches!(err, WriteError::NotAFile { .. }), "{err}");
    }
}

#[test]
fn game_out_writes_through_a_link() {
    let dir = tempfile::tempdir().unwrap();
    let canned = [(
        "7k/8/5K2/6Q1/8/8/8/8 b - - 1 1".to_owned(),
        vec!["info depth 5 score cp -900 pv h8h7".to_owned()],
    )];
    let engine = support::fake_engine(dir.path(), &canned);
    let target = dir.path().join("games").join("kqk.pgn");
    std::fs::create_dir(dir.path().join("games")).unwrap();
    let link = dir.path().join("out.pgn");
    symlink(&target, &link).unwrap();
    let out = run_with_stdin(
        support::sancho()
            .args(["game", "--plain", "--fen", "7k/8/5K2/8/8/8/8/6Q1 w - - 0 1"])
            .arg("--engine")
            .arg(&engine)
            .arg("--out")
            .arg(&link)
            .arg("--data-dir")
            .arg(dir.path()),
        "Qg5\nQg7#\n",
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    let pgn = std::fs::read_to_string(&target).unwrap();
    assert!(pgn.contains("1. Qg5 Kh7 2. Qg7# 1-0"), "{pgn}");
}
