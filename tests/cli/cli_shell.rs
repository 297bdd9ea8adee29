//! The command as a good citizen of the shell: what it says without a
//! terminal, completions, the man page, and the config file.

use std::path::Path;
use std::process::{Output, Stdio};

use crate::support;

fn sancho(args: &[&str]) -> Output {
    let data = tempfile::tempdir().expect("temp dir");
    sancho_with(args, &data.path().join("config.toml"))
}

/// Runs sancho with `config` as its config file (and a fresh data directory).
fn sancho_with(args: &[&str], config: &Path) -> Output {
    let data = tempfile::tempdir().expect("temp dir");
    support::sancho()
        .args(args)
        .env("SANCHO_DATA_DIR", data.path())
        .env("SANCHO_CONFIG", config)
        .stdin(Stdio::null())
        .output()
        .expect("run sancho")
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
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

/// Every subcommand, as the completions and the man page must name it.
const SUBCOMMANDS: [&str; 8] = [
    "play",
    "resolve",
    "hint",
    "check",
    "drill",
    "progress",
    "completions",
    "man",
];

#[test]
fn completions_generate_for_every_shell_and_name_the_subcommands() {
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let out = sancho(&["completions", shell]);
        assert_eq!(out.status.code(), Some(0), "{shell}: {}", stderr(&out));
        let script = String::from_utf8(out.stdout).expect("utf-8");
        for sub in SUBCOMMANDS {
            assert!(script.contains(sub), "{shell} completions lack {sub}");
        }
        // Options of a subcommand are completed too.
        assert!(script.contains("plain"), "{shell} completions lack --plain");
    }
    let out = sancho(&["completions", "tcsh"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn the_man_page_is_roff_and_names_every_subcommand() {
    let out = sancho(&["man"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let page = String::from_utf8(out.stdout).expect("utf-8");
    assert!(
        page.starts_with(".ie") || page.contains(".TH sancho"),
        "{page}"
    );
    assert!(page.contains(".SH SUBCOMMANDS"), "{page}");
    for sub in SUBCOMMANDS {
        assert!(page.contains(sub), "man page lacks {sub}");
    }
}

#[test]
fn man_dir_writes_one_page_per_subcommand() {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = sancho(&["man", "--dir", dir.path().to_str().expect("utf-8 path")]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    for page in [
        "sancho.1",
        "sancho-play.1",
        "sancho-resolve.1",
        "sancho-progress-export.1",
    ] {
        let text = std::fs::read_to_string(dir.path().join(page))
            .unwrap_or_else(|e| panic!("{page}: {e}"));
        assert!(text.contains(".TH"), "{page}");
    }
}

#[test]
fn config_path_follows_sancho_config() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("my.toml");
    let out = sancho_with(&["config", "path"], &path);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(stdout(&out).trim(), path.display().to_string());
}

#[test]
fn config_init_writes_the_defaults_once_and_never_overwrites() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("sub").join("config.toml");
    let out = sancho_with(&["config", "init"], &path);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let written = std::fs::read_to_string(&path).expect("written");
    for key in ["colors", "pieces", "reply_delay_ms"] {
        assert!(written.contains(key), "{key} not documented");
    }
    std::fs::write(&path, "colors = \"light\"\n").expect("edit");
    let again = sancho_with(&["config", "init"], &path);
    assert_eq!(again.status.code(), Some(2));
    assert!(
        stderr(&again).contains("already exists"),
        "{}",
        stderr(&again)
    );
    assert_eq!(
        std::fs::read_to_string(&path).expect("kept"),
        "colors = \"light\"\n"
    );
}

#[test]
fn config_show_gives_the_defaults_every_key_and_a_bad_file_by_line() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("config.toml");
    let out = sancho_with(&["config", "show"], &path);
    assert_eq!(out.status.code(), Some(0));
    assert!(
        stdout(&out).contains("colors = \"dark\""),
        "{}",
        stdout(&out)
    );
    assert!(
        stdout(&out).contains("pieces = \"auto\""),
        "{}",
        stdout(&out)
    );

    std::fs::write(
        &path,
        "colors = \"contrast\"\npieces = \"letters\"\nreply_delay_ms = 100\n",
    )
    .expect("write");
    let out = sancho_with(&["config", "show"], &path);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let shown = stdout(&out);
    for line in [
        "colors = \"contrast\"",
        "pieces = \"letters\"",
        "reply_delay_ms = 100",
    ] {
        assert!(shown.contains(line), "{line}: {shown}");
    }

    std::fs::write(&path, "colors = \"light\"\npieces = \"emoji\"\n").expect("write");
    let out = sancho_with(&["config", "show"], &path);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stdout(&out).contains("colors = \"light\""),
        "the good key is kept"
    );
    assert!(
        stdout(&out).contains("pieces = \"auto\""),
        "the bad key is defaulted"
    );
    let err = stderr(&out);
    assert!(
        err.contains(&format!("{} line 2: pieces:", path.display())),
        "{err}"
    );
}

#[test]
fn config_keys_rebind_any_action_and_report_clashes_by_line() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("config.toml");
    std::fs::write(&path, "[keys]\npuzzle.hint = [\"F9\", \"Ctrl-G\"]\n").expect("write");
    let out = sancho_with(&["config", "show"], &path);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let shown = stdout(&out);
    assert!(
        shown.contains("# puzzle.hint = [\"F9\", \"Ctrl-G\"]"),
        "{shown}"
    );
    assert!(shown.contains("# global.quit = [\"Ctrl-C\"]"), "{shown}");

    std::fs::write(&path, "colors = \"light\"\n[keys]\npuzzle.hint = \"F3\"\n").expect("write");
    let out = sancho_with(&["config", "show"], &path);
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    assert!(
        err.contains(&format!(
            "{} line 3: keys.puzzle.hint: clashes with puzzle.solution",
            path.display()
        )),
        "{err}"
    );
    // The clashing action keeps its default keys.
    assert!(
        stdout(&out).contains("# puzzle.hint = [\"F2\", \"Ctrl-T\"]"),
        "{}",
        stdout(&out)
    );

    // Storm and Streak's screen is checked too: Ctrl-C stays quit there.
    std::fs::write(&path, "[keys]\n\"run.play\" = \"Ctrl-C\"\n").expect("write");
    let out = sancho_with(&["config", "show"], &path);
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    assert!(
        err.contains(&format!(
            "{} line 2: keys.run.play: clashes with global.quit on the same screen",
            path.display()
        )),
        "{err}"
    );
    assert!(stdout(&out).contains("# run.play = [\"Enter\"]"));

    // An id from before ids were written down still names its action.
    std::fs::write(&path, "[keys]\n\"edit.delete-←\" = \"F11\"\n").expect("write");
    let out = sancho_with(&["config", "show"], &path);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(
        stdout(&out).contains("# edit.backspace = [\"F11\"]"),
        "{}",
        stdout(&out)
    );
}

#[test]
fn play_options_belong_to_play_only() {
    // Given to another command, a play filter is an error, not ignored.
    for args in [
        &["resolve", "--puzzle", "m1-001", "Rd8"][..],
        &["hint", "--pack", "x.json", "N"][..],
        &["moves", "--theme", "fork"][..],
        &["stats", "--rating", "1200-1600"][..],
        &["check", "--ascii"][..],
        &["--puzzle", "m1-001", "resolve", "Rd8"][..],
    ] {
        let out = sancho(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
        assert!(out.stdout.is_empty(), "{args:?} printed: {}", stdout(&out));
    }
    // --help of another command lists none of them.
    for command in ["resolve", "hint", "stats", "check", "progress"] {
        let help = stdout(&sancho(&[command, "--help"]));
        // Only the option lines count: a description may name another
        // command's option ("export: with --pack, ...").
        let options: Vec<&str> = help
            .lines()
            .map(str::trim_start)
            .filter(|l| l.starts_with('-'))
            .collect();
        for option in ["--pack", "--theme", "--rating", "--puzzle", "--ascii"] {
            assert!(
                !options.iter().any(|l| l.contains(option)),
                "{command} --help lists {option}:\n{help}"
            );
        }
    }
    let help = stdout(&sancho(&["play", "--help"]));
    for option in [
        "--pack", "--theme", "--rating", "--puzzle", "--ascii", "--colors",
    ] {
        assert!(help.contains(option), "play --help lacks {option}");
    }
    // Before `play` or after it, the same options.
    let before = sancho(&["--puzzle", "nope-1", "play", "--plain"]);
    let after = sancho(&["play", "--plain", "--puzzle", "nope-1"]);
    assert_eq!(stderr(&before), stderr(&after));
    assert_eq!(before.status.code(), after.status.code());
    let both = sancho(&["--puzzle", "m1-001", "play", "--puzzle", "m1-002"]);
    assert_eq!(both.status.code(), Some(2));
    assert!(stderr(&both).contains("both sides"), "{}", stderr(&both));
}

#[test]
fn a_file_of_the_wrong_kind_is_named_with_what_to_do_with_it() {
    let dir = tempfile::tempdir().expect("temp dir");
    let pgn = dir.path().join("games.pgn");
    std::fs::write(
        &pgn,
        "[Event \"Casual\"]\n[Site \"?\"]\n\n1. e4 e5 2. Nf3 *\n",
    )
    .unwrap();
    let progress = dir.path().join("progress.json");
    std::fs::write(
        &progress,
        "{\"schema\":1,\"attempts\":[],\"drills\":[],\"lessons\":[]}\n",
    )
    .unwrap();
    let pack = dir.path().join("pack.json");
    std::fs::write(
        &pack,
        "[{\"id\":\"t1\",\"fen\":\"6k1/5ppp/8/8/8/8/5PPP/4R1K1 w - - 0 1\",\"solution\":[\"Re8#\"]}]",
    )
    .unwrap();
    let (pgn, progress, pack) = (
        pgn.to_str().unwrap(),
        progress.to_str().unwrap(),
        pack.to_str().unwrap(),
    );

    for args in [vec!["play", "--plain", "--pack", pgn], vec!["check", pgn]] {
        let out = sancho(&args);
        let err = stderr(&out) + &stdout(&out);
        assert_ne!(out.status.code(), Some(0), "{args:?}");
        assert!(
            err.contains("this is a pgn file of games, not a puzzle file"),
            "{args:?}: {err}"
        );
        assert!(
            err.contains(&format!("sancho drill scoresheet --pgn {pgn}")),
            "{err}"
        );
        assert!(err.contains(&format!("sancho mine {pgn}")), "{err}");
        assert!(!err.contains("json"), "{args:?}: {err}");
    }

    let out = sancho(&["play", "--plain", "--pack", progress]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(
        err.contains("this is a sancho progress file, not a puzzle file"),
        "{err}"
    );
    assert!(
        err.contains(&format!("sancho progress import {progress}")),
        "{err}"
    );

    let out = sancho(&["progress", "import", pack]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(
        err.contains("this is a puzzle pack, not a progress file"),
        "{err}"
    );
    assert!(err.contains(&format!("sancho play --pack {pack}")), "{err}");
    let out = sancho(&["progress", "import", pgn]);
    assert!(stderr(&out).contains("this is a pgn file of games, not a progress file"));
    // A real progress file still imports.
    let out = sancho(&["progress", "import", progress]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
}

#[test]
fn source_takes_builtin_library_or_a_path_and_rating_bands_are_checked() {
    // `builtin` is the built-in packs, not a file of that name.
    let out = sancho(&[
        "play", "--plain", "--source", "builtin", "--theme", "nosuch",
    ]);
    assert!(
        stderr(&out).contains("none of the built-in puzzles has the theme \"nosuch\""),
        "{}",
        stderr(&out)
    );
    // Anything else is a file's path, named in the message.
    let out = sancho(&["play", "--plain", "--source", "/no/such/pack.json"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("cannot read puzzles from /no/such/pack.json"),
        "{}",
        stderr(&out)
    );
    for (band, message) in [
        (
            "1600-1200",
            "1600-1200 is empty: the lower rating comes first",
        ),
        ("abc", "'abc' is not a band such as 1200-1600"),
        ("1200-x", "'x' is not a rating"),
    ] {
        let out = sancho(&["play", "--plain", "--rating", band]);
        assert!(!out.status.success(), "--rating {band}");
        assert!(stderr(&out).contains(message), "{band}: {}", stderr(&out));
    }
}

// ---- One rule for standard output (issue 28, item 7) ----

/// Runs sancho in `data` with `config`, `stdin` fed in, and standard output
/// either captured or a pipe whose reader has already gone.
fn run_into(args: &[&str], data: &Path, config: &Path, stdin: &str, closed: bool) -> Output {
    use std::io::Write;
    let mut command = support::sancho();
    command
        .args(args)
        .env("SANCHO_DATA_DIR", data)
        .env("SANCHO_CONFIG", config)
        .stdin(Stdio::piped())
        .stderr(Stdio::piped());
    if closed {
        let (reader, writer) = std::io::pipe().expect("a pipe");
        drop(reader);
        command.stdout(writer);
    } else {
        command.stdout(Stdio::piped());
    }
    let mut child = command.spawn().expect("run sancho");
    // The command may end before it reads its input: a closed stdin is fine.
    let _ = child
        .stdin
        .take()
        .expect("stdin is piped")
        .write_all(stdin.as_bytes());
    child.wait_with_output().expect("wait for sancho")
}

#[test]
fn every_command_that_writes_to_stdout_ends_quietly_on_a_closed_pipe() {
    const PACK: &str = "tests/fixtures/puzzles/good_pack.json";
    let data = tempfile::tempdir().expect("temp dir");
    let d = data.path();
    let configs = tempfile::tempdir().expect("temp dir");
    let config = configs.path().join("config.toml");
    let setup = run_into(
        &[
            "set", "new", "wp", "--source", PACK, "--count", "2", "--seed", "3",
        ],
        d,
        &config,
        "",
        false,
    );
    assert!(setup.status.success(), "{}", stderr(&setup));
    let played = run_into(
        &["set", "play", "wp", "--plain"],
        d,
        &config,
        "solution\n",
        false,
    );
    assert!(played.status.success(), "{}", stderr(&played));
    let commands: &[(&[&str], &str)] = &[
        (&["resolve", "e4"], ""),
        (&["resolve", "--json", "e4"], ""),
        (&["hint", "N"], ""),
        (&["moves"], ""),
        (&["san-strings"], ""),
        (
            &["translate", "--from", "en", "--to", "de", "1. e4 e5 2. Nf3"],
            "",
        ),
        (&["check", PACK], ""),
        (
            &[
                "solve",
                "--mate",
                "1",
                "--fen",
                "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1",
            ],
            "",
        ),
        (&["lesson"], ""),
        (&["config", "path"], ""),
        (&["config", "show"], ""),
        (&["completions", "bash"], ""),
        (&["completions", "zsh"], ""),
        (&["completions", "fish"], ""),
        (&["man"], ""),
        (&["stats"], ""),
        (&["stats", "--json"], ""),
        (&["progress", "export", "-"], ""),
        (&["progress", "export", "--out", "/dev/stdout"], ""),
        (&["set", "list"], ""),
        (&["set", "list", "--json"], ""),
        (&["play", "--plain", "--pack", PACK], "quit\n"),
        (&["play", "--plain", "--json", "--pack", PACK], "quit\n"),
        (
            &["drill", "write", "--plain", "--seed", "1", "--count", "2"],
            "quit\n",
        ),
        (&["storm", "--plain", "--seed", "1"], "quit\n"),
    ];
    for (args, stdin) in commands {
        // The command writes to standard output (so the test can fail)...
        let open = run_into(args, d, &config, stdin, false);
        assert!(
            !open.stdout.is_empty(),
            "{args:?} wrote nothing: {}",
            stderr(&open)
        );
        // ...and into a closed pipe it ends quietly, with success.
        let closed = run_into(args, d, &config, stdin, true);
        assert_eq!(
            (closed.status.code(), stderr(&closed)),
            (Some(0), String::new()),
            "{args:?} into a closed pipe"
        );
    }
    // `config init` too, which writes the file first.
    let fresh = configs.path().join("fresh.toml");
    let init = run_into(&["config", "init"], d, &fresh, "", true);
    assert_eq!(
        (init.status.code(), stderr(&init)),
        (Some(0), String::new())
    );
    assert!(fresh.is_file());
}

// ---- The config file is read only when it is a small regular file (issue 28, item 5) ----

#[cfg(unix)]
#[test]
fn a_config_that_is_a_fifo_a_device_or_huge_is_refused_and_nothing_hangs() {
    let dir = tempfile::tempdir().expect("temp dir");
    let fifo = dir.path().join("fifo.toml");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .expect("mkfifo");
    assert!(made.success());
    let huge = dir.path().join("huge.toml");
    std::fs::write(&huge, format!("# {}\n", "x".repeat(2 * 1024 * 1024))).expect("write");
    for (config, why) in [
        (
            fifo.as_path(),
            "it is a FIFO (named pipe), not a regular file",
        ),
        (
            Path::new("/dev/zero"),
            "it is a character device, not a regular file",
        ),
        (huge.as_path(), "it is larger than 1024 KiB"),
    ] {
        // Every command reads the config: it goes on with the defaults.
        let out = sancho_with(&["resolve", "e4"], config);
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        assert_eq!(stdout(&out), "e4  (LAN e2-e4, UCI e2e4)\n");
        // `config show` says why.
        let out = sancho_with(&["config", "show"], config);
        assert_eq!(out.status.code(), Some(1));
        assert_eq!(
            stderr(&out),
            format!(
                "sancho: {} cannot be read ({why}); using the defaults\n",
                config.display()
            )
        );
    }
}

// ---- `config show` shows what is in effect (issue 28, item 9) ----

#[test]
fn config_show_leaves_out_the_bindings_it_refused() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("config.toml");
    std::fs::write(
        &path,
        "[keys]\npuzzle.hint = [\"F3\"]\nglobal.quit = [\"a\"]\npuzzle.next = [\"F9\"]\n",
    )
    .expect("write");
    let out = sancho_with(&["config", "show"], &path);
    assert_eq!(out.status.code(), Some(1));
    let shown = stdout(&out);
    let settings = shown
        .split("# Every action")
        .next()
        .expect("the settings come first");
    assert!(
        settings.contains("[keys]\npuzzle.next = [\"F9\"]\n"),
        "{settings}"
    );
    assert!(!settings.contains("puzzle.hint"), "{settings}");
    assert!(!settings.contains("global.quit"), "{settings}");
    // The refused actions are listed with the keys they keep.
    assert!(
        shown.contains("# puzzle.hint = [\"F2\", \"Ctrl-T\"]"),
        "{shown}"
    );
    assert!(shown.contains("# puzzle.next = [\"F9\"]"), "{shown}");
    let err = stderr(&out);
    assert!(err.contains("line 2: keys.puzzle.hint"), "{err}");
    assert!(err.contains("line 3: keys.global.quit"), "{err}");
}

#[test]
fn a_key_set_twice_in_the_config_is_reported_with_its_lines() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("config.toml");
    std::fs::write(
        &path,
        "board = \"small\"\ncolors = \"light\"\nboard = \"large\"\n",
    )
    .expect("write");
    let out = sancho_with(&["config", "show"], &path);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stdout(&out).contains("board = \"large\""),
        "{}",
        stdout(&out)
    );
    assert_eq!(
        stderr(&out),
        format!(
            "sancho: {} line 3: board: set again (before on line 1); this line counts\n",
            path.display()
        )
    );
}

// ---- Where `progress export` writes (issue 28, item 8) ----

#[test]
fn progress_export_writes_to_stdout_through_a_pipe_and_never_over_its_own_lock() {
    let data = tempfile::tempdir().expect("temp dir");
    let d = data.path();
    let config = d.join("config.toml");
    let played = run_into(
        &[
            "play",
            "--plain",
            "--pack",
            "tests/fixtures/puzzles/good_pack.json",
        ],
        d,
        &config,
        "solution\nquit\n",
        false,
    );
    assert!(played.status.success(), "{}", stderr(&played));
    let stored = std::fs::read(d.join("progress.json")).expect("a progress file");
    // `-` and /dev/stdout (a pipe here): the document itself, nothing else.
    for to in ["-", "/dev/stdout"] {
        let out = run_into(&["progress", "export", "--out", to], d, &config, "", false);
        assert_eq!(out.status.code(), Some(0), "{to}: {}", stderr(&out));
        assert_eq!(out.stdout, stored, "{to}");
    }
    // The lock and the document are the store's own: refused, untouched.
    for own in ["progress.lock", "progress.json"] {
        let path = d.join(own);
        let before = std::fs::read(&path).expect("there");
        let out = run_into(
            &["progress", "export", "--out", path.to_str().expect("utf-8")],
            d,
            &config,
            "",
            false,
        );
        assert_eq!(out.status.code(), Some(2));
        assert!(
            stderr(&out).contains("it is one of the progress store's own files"),
            "{}",
            stderr(&out)
        );
        assert_eq!(std::fs::read(&path).expect("there"), before);
    }
    // A teacher's export (--pack) follows the same rules.
    let out = run_into(
        &[
            "progress",
            "export",
            "--pack",
            "tests/fixtures/puzzles/good_pack.json",
            "--student",
            "anna",
            "--out",
            "-",
        ],
        d,
        &config,
        "",
        false,
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let result: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(result["student"], "anna");
    let out = run_into(
        &[
            "progress",
            "export",
            "--pack",
            "tests/fixtures/puzzles/good_pack.json",
            "--out",
            d.join("progress.lock").to_str().expect("utf-8"),
        ],
        d,
        &config,
        "",
        false,
    );
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
}

#[test]
fn global_options_are_one_line_each_in_a_commands_help_and_whole_in_sanchos() {
    for command in ["set", "class", "play", "resolve", "progress"] {
        let help = stdout(&sancho(&[command, "--help"]));
        let (_, global) = help
            .split_once("Global options:")
            .unwrap_or_else(|| panic!("{command} --help has no heading:\n{help}"));
        for option in ["--data-dir", "--lang", "--figurine"] {
            assert!(global.contains(option), "{command}: {option}\n{help}");
        }
        assert!(
            !help.contains("for input and output"),
            "{command} repeats the long text:\n{help}"
        );
    }
    let help = stdout(&sancho(&["--help"]));
    assert_eq!(help.matches("for input and output").count(), 1, "{help}");
    assert!(help.contains("Global options, in full:"), "{help}");
}
