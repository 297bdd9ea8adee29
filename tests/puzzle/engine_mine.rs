//! The UCI engine module against fake engines (shell scripts with canned
//! answers), and `sancho mine` end to end. No real engine is needed, except
//! by the one ignored test at the end.

use std::path::{Path, PathBuf};
use std::time::Duration;

use sancho::drill::parse_game;
use sancho::engine::{Engine, EngineError, EngineOptions, Limit, PvLine, Score};
use sancho::mine::{Sides, mine_game};
use sancho::puzzle::{check_pack, parse_fen};
use serde_json::Value;
use shakmaty::Chess;

/// The position after 1.e4 e5 2.Bc4 Nc6 3.Qh5 Nf6: Qxf7 is mate.
const SCHOLAR: &str = "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4";
/// A back-rank mate in one (Ra8#), used as a game's `[FEN]` start.
const BACK_RANK: &str = "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1";

fn options(timeout_ms: u64) -> EngineOptions {
    EngineOptions {
        timeout: Duration::from_millis(timeout_ms),
        depth_timeout: Duration::from_millis(timeout_ms),
        ..EngineOptions::default()
    }
}

/// Writes an executable `/bin/sh` script into `dir`.
#[cfg(unix)]
fn script(dir: &Path, name: &str, body: &str) -> PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let path = dir.join(name);
    std::fs::write(&path, format!("#!/bin/sh\n{body}")).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path
}

/// `text` as a TOML basic string (quotes and backslashes escaped).
#[cfg(unix)]
fn toml_string(text: &str) -> String {
    format!("\"{}\"", text.replace('\\', "\\\\").replace('"', "\\\""))
}

/// A fake UCI engine: the handshake, and for each `(fen, info lines)` the
/// lines it prints after `go` in that position (then `bestmove`); other
/// positions get a bare `bestmove`.
#[cfg(unix)]
fn fake_engine(dir: &Path, canned: &[(&str, &[&str])]) -> PathBuf {
    let mut cases = String::new();
    for (fen, lines) in canned {
        cases.push_str(&format!("      \"{fen}\")\n"));
        for line in *lines {
            cases.push_str(&format!("        echo \"{line}\"\n"));
        }
        cases.push_str("        ;;\n");
    }
    let body = format!(
        r#"fen=""
while IFS= read -r line; do
  case "$line" in
    uci) echo "id name Fake Engine 1"; echo "option name Hash type spin"; echo "uciok" ;;
    isready) echo "readyok" ;;
    quit) exit 0 ;;
    "position fen "*) fen="${{line#position fen }}" ;;
    go*)
      case "$fen" in
{cases}      esac
      echo "bestmove 0000" ;;
  esac
done
"#
    );
    script(dir, "fake-engine", &body)
}

#[cfg(unix)]
#[test]
fn handshake_and_multipv_analysis_with_a_fake_engine() {
    let dir = tempfile::tempdir().unwrap();
    let path = fake_engine(
        dir.path(),
        &[(
            SCHOLAR,
            &[
                "info string NNUE enabled",
                "info depth 4 multipv 1 score cp 900 pv h5f7",
                "info depth 5 multipv 2 score cp -50 pv h5f3 d7d6",
                "info depth 5 multipv 1 score cp 1200 lowerbound pv h5f7",
                "info depth 5 multipv 1 score mate 1 pv h5f7",
                "info depth 5 currmove h5f7 currmovenumber 1",
            ],
        )],
    );
    let mut engine = Engine::start(&path, options(5_000)).unwrap();
    assert_eq!(engine.name(), Some("Fake Engine 1"));
    let lines = engine.analyse(SCHOLAR, 2, Limit::Depth(5)).unwrap();
    let summary: Vec<(u32, Score, String)> = lines
        .iter()
        .map(|l: &PvLine| (l.multipv, l.score, l.pv[0].to_string()))
        .collect();
    assert_eq!(
        summary,
        [
            (1, Score::Mate(1), "h5f7".to_owned()),
            (2, Score::Cp(-50), "h5f3".to_owned())
        ]
    );
    // A position it has nothing to say about: no lines, not an error.
    assert!(
        engine
            .analyse(BACK_RANK, 2, Limit::Movetime(10))
            .unwrap()
            .is_empty()
    );
}

#[cfg(unix)]
#[test]
fn a_hanging_engine_gives_a_timeout_error() {
    let dir = tempfile::tempdir().unwrap();
    let silent = script(dir.path(), "silent", "while read -r line; do :; done\n");
    let err = Engine::start(&silent, options(300)).unwrap_err();
    assert!(
        matches!(
            err,
            EngineError::Timeout {
                expected: "uciok",
                ..
            }
        ),
        "{err:?}"
    );
    assert_eq!(err.to_string(), "the engine gave no uciok within 0.3 s");

    // Answers the handshake, then never finishes a search.
    let stuck = script(
        dir.path(),
        "stuck",
        r#"while IFS= read -r line; do
  case "$line" in
    uci) echo uciok ;;
    isready) echo readyok ;;
    go*) echo "info depth 1 score cp 0 pv e2e4" ;;
  esac
done
"#,
    );
    let mut engine = Engine::start(&stuck, options(300)).unwrap();
    let err = engine.analyse(SCHOLAR, 1, Limit::Depth(30)).unwrap_err();
    assert!(
        matches!(
            err,
            EngineError::Timeout {
                expected: "bestmove",
                ..
            }
        ),
        "{err:?}"
    );
}

#[cfg(unix)]
#[test]
fn a_crashing_engine_gives_a_clear_error() {
    let dir = tempfile::tempdir().unwrap();
    let dead = script(dir.path(), "dead", "exit 3\n");
    let err = Engine::start(&dead, options(5_000)).unwrap_err();
    let text = err.to_string();
    assert!(
        matches!(
            err,
            EngineError::Exited {
                expected: "uciok",
                ..
            }
        ),
        "{err:?}"
    );
    assert!(text.contains("stopped") && text.contains('3'), "{text}");

    let dies_in_search = script(
        dir.path(),
        "dies",
        r#"while IFS= read -r line; do
  case "$line" in
    uci) echo uciok ;;
    isready) echo readyok ;;
    go*) exit 9 ;;
  esac
done
"#,
    );
    let mut engine = Engine::start(&dies_in_search, options(5_000)).unwrap();
    let err = engine.analyse(SCHOLAR, 1, Limit::Depth(5)).unwrap_err();
    assert!(
        matches!(
            err,
            EngineError::Exited {
                expected: "bestmove",
                ..
            }
        ),
        "{err:?}"
    );

    let missing = Engine::start(&dir.path().join("no-such-engine"), options(5_000)).unwrap_err();
    assert!(matches!(missing, EngineError::Spawn { .. }), "{missing:?}");
}

/// Two games: the first with comments, a variation and NAGs, in which White
/// misses Qxf7#; the second from a `[FEN]` position, in which White misses
/// Ra8#. A third game is someone else's.
const GAMES: &str = r#"[Event "Club"]
[Date "2024.05.01"]
[White "Me"]
[Black "Rival"]
[Result "*"]

1. e4 {the usual} e5 2. Bc4 (2. Nf3 Nc6 3. Bb5) Nc6 $1 3. Qh5 Nf6?? $4
4. Qf3 d6 *

[Event "Club"]
[White "Me"]
[Black "Rival"]
[SetUp "1"]
[FEN "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1"]

1. h3 h6 2. Kh2 *

[White "Someone"]
[Black "Else"]

1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qf3 *
"#;

#[cfg(unix)]
fn planted_engine(dir: &Path) -> PathBuf {
    fake_engine(
        dir,
        &[
            (
                SCHOLAR,
                &[
                    "info depth 5 multipv 1 score mate 1 pv h5f7",
                    "info depth 5 multipv 2 score cp -40 pv h5f3 d7d6",
                ],
            ),
            (
                BACK_RANK,
                &[
                    "info depth 5 multipv 1 score mate 1 pv a1a8",
                    "info depth 5 multipv 2 score cp 0 pv h2h3 h7h6",
                ],
            ),
        ],
    )
}

#[cfg(unix)]
#[test]
fn mining_finds_the_planted_tactics_and_writes_a_pack_that_passes_check() {
    let dir = tempfile::tempdir().unwrap();
    let engine = planted_engine(dir.path());
    let pgn = dir.path().join("games.pgn");
    std::fs::write(&pgn, GAMES).unwrap();
    let out = dir.path().join("mined.json");
    let run = crate::support::sancho()
        .arg("mine")
        .arg(&pgn)
        .arg("--engine")
        .arg(&engine)
        .args(["--player", "me", "--movetime", "10", "--quiet", "--out"])
        .arg(&out)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&run.stdout);
    assert!(
        run.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&run.stderr)
    );
    assert!(
        stdout.starts_with("mined 2 puzzles from 2 games"),
        "{stdout}"
    );
    assert!(
        stdout.contains("1 games without \"me\" were passed over"),
        "{stdout}"
    );

    let text = std::fs::read_to_string(&out).unwrap();
    let pack: Value = serde_json::from_str(&text).unwrap();
    let puzzles = pack["puzzles"].as_array().unwrap();
    assert_eq!(puzzles.len(), 2);

    // Opponent first (the Lichess shape): the position before 3...Nf6.
    let first = &puzzles[0];
    assert_eq!(
        first["fen"],
        "r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 3 3"
    );
    assert_eq!(first["toMove"], "white");
    assert_eq!(first["solutionMoves"], serde_json::json!(["h5f7"]));
    let steps = first["solutionSequence"].as_array().unwrap();
    assert_eq!(steps[0]["move"], "g8f6");
    assert_eq!(steps[0]["isUserMove"], false);
    assert_eq!(steps[1]["move"], "h5f7");
    assert_eq!(
        steps[1]["comment"],
        "You played 4.Qf3? here; 4.Qxf7# is checkmate"
    );
    assert_eq!(first["themes"], serde_json::json!(["mate", "mateIn1"]));
    assert_eq!(first["source"]["played"], "Qf3");

    // From the [FEN] tag, at the game's first move: the user moves first.
    let second = &puzzles[1];
    assert_eq!(second["fen"], BACK_RANK);
    assert_eq!(
        second["solutionSequence"][0]["comment"],
        "You played 1.h3? here; 1.Ra8# is checkmate"
    );

    let (findings, summary) = check_pack(&text, "mined.json");
    assert!(findings.is_empty(), "{findings:?}");
    assert_eq!((summary.checked, summary.passed), (2, 2));
    let check = crate::support::sancho()
        .arg("check")
        .arg(&out)
        .output()
        .unwrap();
    assert!(check.status.success());

    // Mining again keeps the pack and replaces the same games' puzzles.
    let again = crate::support::sancho()
        .arg("mine")
        .arg(&pgn)
        .arg("--engine")
        .arg(&engine)
        .args(["--quiet", "--out"])
        .arg(&out)
        .output()
        .unwrap();
    assert!(again.status.success());
    let pack: Value = serde_json::from_str(&std::fs::read_to_string(&out).unwrap()).unwrap();
    let puzzles = pack["puzzles"].as_array().unwrap();
    // Without --player both sides and every game are mined: the third game
    // gives the Scholar's position again, under its own id.
    assert_eq!(puzzles.len(), 3);
    assert_eq!(
        puzzles[0]["solutionSequence"][1]["comment"],
        "Me played 4.Qf3? here; 4.Qxf7# is checkmate"
    );
}

#[test]
fn mining_without_a_usable_engine_says_how_to_get_one() {
    let dir = tempfile::tempdir().unwrap();
    let pgn = dir.path().join("games.pgn");
    std::fs::write(&pgn, GAMES).unwrap();
    let run = crate::support::sancho()
        .arg("mine")
        .arg(&pgn)
        .arg("--engine")
        .arg(dir.path().join("no-such-engine"))
        .arg("--out")
        .arg(dir.path().join("out.json"))
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(stderr.contains("could not start the engine"), "{stderr}");
    assert!(stderr.contains("apt-get install stockfish"), "{stderr}");
    assert!(!dir.path().join("out.json").exists());
}

/// Canned analysis for the pure miner: `(fen, lines)`.
fn canned(table: &[(&str, Vec<PvLine>)]) -> impl FnMut(&Chess) -> Result<Vec<PvLine>, ()> + use<> {
    let table: Vec<(Chess, Vec<PvLine>)> = table
        .iter()
        .map(|(fen, lines)| (parse_fen(fen).unwrap(), lines.clone()))
        .collect();
    move |pos| {
        Ok(table
            .iter()
            .find(|(p, _)| p == pos)
            .map(|(_, lines)| lines.clone())
            .unwrap_or_default())
    }
}

fn pv(multipv: u32, score: Score, moves: &str) -> PvLine {
    PvLine {
        multipv,
        depth: 10,
        score,
        pv: moves.split(' ').map(|m| m.parse().unwrap()).collect(),
    }
}

#[test]
fn a_fork_that_wins_a_rook_is_mined_with_its_themes() {
    let start = "r3k3/8/8/3N4/8/8/8/4K3 w - - 0 1";
    let after_check = "r2k4/2N5/8/8/8/8/8/4K3 w - - 2 2";
    let game = parse_game(&format!(
        "[White \"A\"]\n[Black \"B\"]\n[FEN \"{start}\"]\n\n1. Nc7+ Kd8 2. Nxa8 *\n"
    ))
    .unwrap();
    let analyse = canned(&[
        (
            start,
            vec![
                pv(1, Score::Cp(520), "d5c7 e8d8 c7a8 d8c8"),
                pv(2, Score::Cp(0), "e1e2"),
            ],
        ),
        (
            after_check,
            vec![
                pv(1, Score::Cp(530), "c7a8 d8c8"),
                pv(2, Score::Cp(20), "c7b5"),
            ],
        ),
    ]);
    let mined = mine_game(&game, Sides::Only(shakmaty::Color::White), false, analyse).unwrap();
    assert_eq!(mined.puzzles.len(), 1, "{mined:?}");
    let p = &mined.puzzles[0];
    assert_eq!(p.solution_moves, ["d5c7", "c7a8"]);
    assert_eq!(p.themes, ["advantage", "fork"]);
    assert_eq!(
        p.solution_sequence[0].comment.as_deref(),
        Some("A found 1.Nc7+ here: it wins a rook")
    );
    assert!(sancho::mine::passes_check(p));
}

#[test]
fn lines_that_are_not_clearly_best_or_do_not_deliver_are_not_mined() {
    let game = parse_game(&format!(
        "[White \"A\"]\n[Black \"B\"]\n[FEN \"{BACK_RANK}\"]\n\n1. h3 *\n"
    ))
    .unwrap();
    let cases = [
        // The engine claims mate, but its line does not mate.
        vec![pv(1, Score::Mate(1), "a1a7"), pv(2, Score::Cp(0), "h2h3")],
        // Two moves mate: not an only move.
        vec![pv(1, Score::Mate(1), "a1a8"), pv(2, Score::Mate(2), "a1a7")],
        // 250 cp better, but the second move is also winning big.
        vec![
            pv(1, Score::Cp(600), "a1a8 g8h7"),
            pv(2, Score::Cp(350), "h2h3"),
        ],
        // Better, but nothing is won along the line.
        vec![
            pv(1, Score::Cp(300), "a1a7 h7h6 g1h2 h6h5"),
            pv(2, Score::Cp(0), "h2h3"),
        ],
        // One line only (a forced move is no puzzle).
        vec![pv(1, Score::Mate(1), "a1a8")],
    ];
    for lines in cases {
        let analyse = canned(&[(BACK_RANK, lines.clone())]);
        let mined = mine_game(&game, Sides::Both, false, analyse).unwrap();
        assert!(mined.puzzles.is_empty(), "{lines:?} gave {mined:?}");
        assert_eq!(mined.positions, 1);
    }
}

/// Runs the real engine (Stockfish by default). Not run by the README's
/// test command: `cargo test --test puzzle engine_mine -- --ignored`.
#[test]
#[ignore = "needs a real UCI engine (stockfish on PATH, /usr/games, or SANCHO_ENGINE)"]
fn a_real_engine_finds_a_mate_in_one() {
    let path = sancho::engine::find_engine_here(None)
        .expect("no engine found: install stockfish or set SANCHO_ENGINE");
    let mut engine = Engine::start(&path, EngineOptions::default()).unwrap();
    let lines = engine.analyse(SCHOLAR, 2, Limit::Depth(10)).unwrap();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0].score, Score::Mate(1));
    assert_eq!(lines[0].pv[0].to_string(), "h5f7");
    assert!(!lines[1].score.is_mating() || lines[1].score < lines[0].score);
}

#[test]
fn the_player_is_matched_by_whole_words() {
    use sancho::mine::sides_for;
    use shakmaty::Color;
    let game =
        parse_game("[White \"Carlsen, Magnus\"]\n[Black \"Someone Else\"]\n\n1. e4 *\n").unwrap();
    let table = [
        (Some("carlsen"), Some(Sides::Only(Color::White))),
        (Some("Magnus Carlsen"), Some(Sides::Only(Color::White))),
        (Some("else"), Some(Sides::Only(Color::Black))),
        (Some("me"), None),
        (Some("Carl"), None),
        (Some(" , "), None),
        (None, Some(Sides::Both)),
    ];
    for (player, sides) in table {
        assert_eq!(sides_for(&game, player), sides, "{player:?}");
    }
}

/// 1. Ra8+ Re8 2. Rxe8#; the wrong 1. Ra3?? allows 1... Re1#.
const BACK_RANK_PACK: &str = r#"[{"id": "r1", "fen": "6k1/5ppp/8/8/8/8/4rPPP/R5K1 w - - 0 1",
  "toMove": "white", "solutionMoves": ["a1a8", "a8e8"],
  "solutionSequence": [{"move": "a1a8", "isUserMove": true}, {"move": "e2e8", "isUserMove": false},
                       {"move": "a8e8", "isUserMove": true}]}]"#;

fn play_plain(pack: &Path, data: &Path, input: &str, json: bool) -> String {
    play_plain_with(pack, data, input, json.then_some("--json").as_slice())
}

/// [`play_plain`] with more arguments (`--lang de`, `--figurine`).
fn play_plain_with(pack: &Path, data: &Path, input: &str, more: &[&str]) -> String {
    use std::io::Write;
    let mut child = crate::support::sancho()
        .args(["play", "--plain", "--pack"])
        .arg(pack)
        .args(more)
        .env_remove("SANCHO_ENGINE")
        .env("SANCHO_CONFIG", data.join("no-config.toml"))
        .arg("--data-dir")
        .arg(data)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn line_mode_refutes_a_wrong_move_only_after_the_puzzle_ends() {
    let dir = tempfile::tempdir().unwrap();
    let pack = dir.path().join("pack.json");
    std::fs::write(&pack, BACK_RANK_PACK).unwrap();
    let out = play_plain(&pack, dir.path(), "Ra3\nsolution\n", false);
    let refuted = out
        .find("Why your first try failed: 1. Ra3? Re1#: Black mates in 1.")
        .unwrap_or_else(|| panic!("{out}"));
    let wrong = out.find("Not accepted: Ra3").unwrap();
    let solution = out.find("The solution was Ra8+ Re8 Rxe8#").unwrap();
    assert!(wrong < solution && solution < refuted, "{out}");

    // Finished after the wrong try (which fails it): the refutation comes
    // after the result.
    let out = play_plain(&pack, dir.path(), "Ra3\nRa8+\nRxe8#\n", true);
    let events: Vec<Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let kinds: Vec<&str> = events
        .iter()
        .map(|e| e["event"].as_str().unwrap())
        .collect();
    let at = kinds.iter().position(|&k| k == "refutation").unwrap();
    assert_eq!(kinds[at - 1], "failed", "{kinds:?}");
    assert_eq!(events[at]["san"], serde_json::json!(["Ra3", "Re1#"]));

    // Issue 13's gap: the refutation in the user's letters or figurines,
    // JSON keeping `san` in English.
    let out = play_plain_with(&pack, dir.path(), "Ta3\nsolution\n", &["--lang", "de"]);
    assert!(
        out.contains("Why your first try failed: 1. Ta3? Te1#: Black mates in 1."),
        "{out}"
    );
    assert!(out.contains("The solution was Ta8+ Te8 Txe8#"), "{out}");
    let out = play_plain_with(
        &pack,
        dir.path(),
        "Ra3\nsolution\n",
        &["--figurine", "--json"],
    );
    let refutation: Value = out
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .find(|e| e["event"] == "refutation")
        .unwrap_or_else(|| panic!("{out}"));
    assert_eq!(refutation["san"], serde_json::json!(["Ra3", "Re1#"]));
    assert_eq!(refutation["local"], serde_json::json!(["♖a3", "♖e1#"]));
    assert_eq!(refutation["local_text"], "1. ♖a3? ♖e1#: Black mates in 1");
    let failed: Value = out
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .find(|e| e["event"] == "failed")
        .unwrap_or_else(|| panic!("{out}"));
    assert_eq!(
        failed["solution"],
        serde_json::json!(["Ra8+", "Re8", "Rxe8#"])
    );
    assert_eq!(failed["local"], serde_json::json!(["♖a8+", "♖e8", "♖xe8#"]));

    // No wrong move, or a wrong move the solver cannot refute: nothing said.
    for input in ["Ra8+\nRxe8#\n", "h3\nsolution\n"] {
        let out = play_plain(&pack, dir.path(), input, false);
        assert!(!out.contains("Why your first try failed"), "{out}");
    }
}

#[cfg(unix)]
#[test]
fn line_mode_refutes_with_the_engine_when_one_is_named() {
    let dir = tempfile::tempdir().unwrap();
    // The puzzle: 1. Ra8+; the wrong 1. Rab1? lets the knight fork the
    // rooks, which only an engine shows (no mate).
    let pack = dir.path().join("pack.json");
    std::fs::write(
        &pack,
        r#"[{"id": "f1", "fen": "4k3/8/8/8/4n3/8/8/R4RK1 w - - 0 1", "toMove": "white",
            "solutionMoves": ["a1a8"]}]"#,
    )
    .unwrap();
    let engine = fake_engine(
        dir.path(),
        &[(
            "4k3/8/8/8/4n3/8/8/1R3RK1 b - - 1 1",
            &["info depth 12 multipv 1 score cp 450 pv e4d2 b1b2 d2f1 g1f1 e8d7"],
        )],
    );
    // Named by --engine, or by the config file's `engine` key.
    let config = dir.path().join("config.toml");
    std::fs::write(
        &config,
        format!("engine = {}\n", toml_string(&engine.display().to_string())),
    )
    .unwrap();
    for by_config in [false, true] {
        let mut command = crate::support::sancho();
        command
            .args(["play", "--plain", "--pack"])
            .arg(&pack)
            .arg("--data-dir")
            .arg(dir.path())
            .env_remove("SANCHO_ENGINE");
        if by_config {
            command.env("SANCHO_CONFIG", &config);
        } else {
            command
                .arg("--engine")
                .arg(&engine)
                .env("SANCHO_CONFIG", dir.path().join("none.toml"));
        }
        let mut child = command
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        {
            use std::io::Write;
            let mut stdin = child.stdin.take().unwrap();
            stdin.write_all(b"Rab1\nsolution\n").unwrap();
        }
        let out = child.wait_with_output().unwrap();
        let out = String::from_utf8(out.stdout).unwrap();
        assert!(
            out.contains(
                "Why your first try failed: 1. Rab1? Nd2 2. Rb2 Nxf1: Black wins a rook for a knight."
            ),
            "config: {by_config}: {out}"
        );
    }
    // Without the engine, nothing can be shown for this move.
    let out = play_plain(&pack, dir.path(), "Rab1\nsolution\n", false);
    assert!(!out.contains("Why your first try failed"), "{out}");
}

#[test]
fn taking_back_is_counted_against_what_a_line_wins() {
    // 45... Rxa6 takes the bishop; 46. Rxa6 takes back a rook: the exchange.
    let start = "2k5/R7/Bp5p/r5r1/3N4/2P2K2/PP6/8 b - - 11 45";
    let after = "2k5/R7/rp5p/6r1/3N4/2P2K2/PP6/8 w - - 0 46";
    let game = parse_game(&format!(
        "[White \"W\"]\n[Black \"B\"]\n[FEN \"{start}\"]\n\n45... Rxa6 46. Rxa6 *\n"
    ))
    .unwrap();
    let analyse = canned(&[(
        after,
        vec![
            pv(1, Score::Cp(320), "a7a6 c8b7 a6a1 g5c5"),
            pv(2, Score::Cp(-20), "a7a8"),
        ],
    )]);
    let mined = mine_game(&game, Sides::Only(shakmaty::Color::White), false, analyse).unwrap();
    assert_eq!(mined.puzzles.len(), 1, "{mined:?}");
    let p = &mined.puzzles[0];
    assert_eq!(
        p.solution_sequence[1].comment.as_deref(),
        Some("W found 46.Rxa6 here: it wins material (2 pawns' worth)")
    );
    assert_eq!(p.fen, start);
}

/// Runs `sancho check --engine ENGINE PACK [extra]`: exit code and stdout.
#[cfg(unix)]
fn check_with_engine(engine: &Path, pack: &Path, extra: &[&str]) -> (Option<i32>, String) {
    let out = crate::support::sancho()
        .arg("check")
        .arg("--engine")
        .arg(engine)
        .args(["--movetime", "10"])
        .args(extra)
        .arg(pack)
        .output()
        .unwrap();
    (out.status.code(), String::from_utf8(out.stdout).unwrap())
}

#[cfg(unix)]
#[test]
fn check_with_an_engine_warns_when_the_second_move_is_as_good() {
    // 1. Ra8+ Kd7 2. Rf7+: the user's moves, with Black's reply scripted.
    let start = "4k3/8/8/8/4n3/8/8/R4RK1 w - - 0 1";
    let after_reply = "R7/3k4/8/8/4n3/8/8/5RK1 w - - 2 2";
    let pack_dir = tempfile::tempdir().unwrap();
    let pack = pack_dir.path().join("pack.json");
    std::fs::write(
        &pack,
        format!(
            r#"[{{"id": "e1", "fen": "{start}", "toMove": "white",
                "solutionSequence": [{{"move": "a1a8", "isUserMove": true}},
                    {{"move": "e8d7", "isUserMove": false}}, {{"move": "f1f7", "isUserMove": true}}]}}]"#
        ),
    )
    .unwrap();
    let reply_at = "R3k3/8/8/8/4n3/8/8/5RK1 b - - 1 1";
    // Clearly best everywhere, and Kd7 is the best defence: no finding.
    let sound = tempfile::tempdir().unwrap();
    let engine = fake_engine(
        sound.path(),
        &[
            (
                start,
                &[
                    "info depth 9 multipv 1 score cp 300 pv a1a8",
                    "info depth 9 multipv 2 score cp 40 pv f1e1",
                ],
            ),
            (reply_at, &["info depth 9 multipv 1 score cp -300 pv e8d7"]),
            (
                after_reply,
                &[
                    "info depth 9 multipv 1 score cp 320 pv f1f7",
                    "info depth 9 multipv 2 score mate -3 pv a8a1",
                ],
            ),
        ],
    );
    let (code, out) = check_with_engine(&engine, &pack, &["--strict"]);
    assert_eq!(code, Some(0), "{out}");
    assert!(!out.contains("puzzle e1"), "{out}");
    assert!(
        out.contains("checked 1 puzzles: 1 passed, 0 failed"),
        "{out}"
    );
    // A directory stands for its puzzle files; other files in it are not read.
    std::fs::write(pack_dir.path().join("notes.txt"), "not a puzzle file").unwrap();
    let (code, out) = check_with_engine(&engine, pack_dir.path(), &["--strict"]);
    assert_eq!(code, Some(0), "{out}");
    assert!(
        out.contains("checked 1 puzzles: 1 passed, 0 failed"),
        "{out}"
    );

    // Rfe1 is within two pawns of Ra8+, and Ke7 was a better defence than Kd7.
    let weak = tempfile::tempdir().unwrap();
    let engine = fake_engine(
        weak.path(),
        &[
            (
                start,
                &[
                    "info depth 9 multipv 1 score cp 300 pv a1a8",
                    "info depth 9 multipv 2 score cp 250 pv f1e1",
                ],
            ),
            (reply_at, &["info depth 9 multipv 1 score cp -150 pv e8e7"]),
            (
                after_reply,
                &[
                    "info depth 9 multipv 1 score cp 400 pv f1f7",
                    "info depth 9 multipv 2 score cp -100 pv a8a1",
                ],
            ),
        ],
    );
    let (code, out) = check_with_engine(&engine, &pack, &[]);
    assert_eq!(code, Some(0), "warnings do not fail: {out}");
    let lines: Vec<&str> = out.lines().filter(|l| l.contains("puzzle e1")).collect();
    let name = pack.display();
    assert_eq!(
        lines,
        [
            format!(
                "{name}: warning: puzzle e1, field solutionSequence[0].move: move 1. Ra8+: \
                 not clearly best: Rfe1 (+2.50) is within 2.00 pawns of Ra8+ (+3.00)"
            ),
            format!(
                "{name}: warning: puzzle e1, field solutionSequence[1].move: move 1... Kd7: \
                 the scripted reply (-4.00) is more than 1.00 pawns worse than the best defence Ke7 (-1.50)"
            ),
        ],
        "{out}"
    );
    let (code, out) = check_with_engine(&engine, &pack, &["--strict"]);
    assert_eq!(code, Some(1), "{out}");
    assert!(
        out.contains("checked 1 puzzles: 0 passed, 1 failed"),
        "{out}"
    );
    assert!(!out.contains("warning:"), "{out}");

    // No engine: a clear message and exit 2, before any check.
    let out = crate::support::sancho()
        .args(["check", "--engine"])
        .arg(weak.path().join("no-such-engine"))
        .arg(&pack)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("no UCI engine could be run from"), "{err}");
    assert!(out.stdout.is_empty());
}

#[cfg(unix)]
#[test]
fn check_with_an_engine_restarts_it_when_it_stalls_or_stops_and_goes_on() {
    // Two one-move puzzles (Ra8+ from two positions); the engine fails on
    // the first one's position, then answers the second.
    let first = "4k3/8/8/8/4n3/8/8/R4RK1 w - - 0 1";
    let second = "4k3/8/8/8/8/4n3/8/R4RK1 w - - 0 1";
    let pack_dir = tempfile::tempdir().unwrap();
    let pack = pack_dir.path().join("pack.json");
    std::fs::write(
        &pack,
        format!(
            r#"[{{"id": "a", "fen": "{first}", "toMove": "white", "solutionMoves": ["a1a8"]}},
               {{"id": "b", "fen": "{second}", "toMove": "white", "solutionMoves": ["a1a8"]}}]"#
        ),
    )
    .unwrap();
    let answer = [
        "info depth 9 multipv 1 score cp 300 pv a1a8",
        "info depth 9 multipv 2 score cp 40 pv f1e1",
    ];
    // How the engine fails on the first position: it stops, or it stalls.
    for (how, fails) in [("stops", "exit 3"), ("stalls", "exec sleep 30")] {
        let dir = tempfile::tempdir().unwrap();
        let engine = fake_engine(dir.path(), &[(second, &answer)]);
        // The same engine, failing when asked about the first position.
        let body = std::fs::read_to_string(&engine)
            .unwrap()
            .replacen("#!/bin/sh\n", "", 1)
            .replacen(
                "      case \"$fen\" in\n",
                &format!("      case \"$fen\" in\n      \"{first}\") {fails} ;;\n"),
                1,
            );
        let engine = script(dir.path(), "failing-engine", &body);
        let (code, out) =
            check_with_engine(&engine, &pack, &["--strict", "--engine-timeout", "300"]);
        assert_eq!(code, Some(0), "{how}: {out}");
        let name = pack.display();
        let notes: Vec<&str> = out.lines().filter(|l| l.contains("puzzle a")).collect();
        assert_eq!(notes.len(), 1, "{how}: {out}");
        assert!(
            notes[0].starts_with(&format!(
                "{name}: warning: puzzle a: not checked by the engine: the engine "
            )),
            "{how}: {out}"
        );
        assert!(
            notes[0].ends_with("it was restarted for the next puzzle"),
            "{how}: {out}"
        );
        assert!(
            !out.contains("puzzle b"),
            "{how}: the second is checked: {out}"
        );
        assert!(
            out.contains(
                "checked 2 puzzles: 2 passed, 0 failed, 1 not checked by the engine \
                 (it stalled or stopped and was restarted)"
            ),
            "{how}: {out}"
        );
    }
}

/// A fake engine that completes the handshake and then, on `go`, runs
/// `on_go` (a shell command that takes over its output).
#[cfg(unix)]
fn engine_that_on_go(dir: &Path, name: &str, on_go: &str) -> PathBuf {
    script(
        dir,
        name,
        &format!(
            r#"while IFS= read -r line; do
  case "$line" in
    uci) echo uciok ;;
    isready) echo readyok ;;
    go*) {on_go} ;;
  esac
done
"#
        ),
    )
}

#[cfg(unix)]
#[test]
fn an_engine_that_floods_is_stopped_by_the_deadline_or_the_bound_on_lines() {
    let dir = tempfile::tempdir().unwrap();
    let flood = engine_that_on_go(
        dir.path(),
        "flood",
        r#"exec yes "info depth 1 score cp 0 pv e2e4""#,
    );
    // Bounded only by time: the deadline holds however fast lines arrive.
    let unbounded = EngineOptions {
        max_lines: usize::MAX,
        ..options(300)
    };
    let mut engine = Engine::start(&flood, unbounded.clone()).unwrap();
    let err = engine.analyse(SCHOLAR, 1, Limit::Movetime(50)).unwrap_err();
    assert!(
        matches!(
            err,
            EngineError::Timeout {
                expected: "bestmove",
                ..
            }
        ),
        "{err:?}"
    );
    // With the default bound on lines, that ends it long before a minute.
    let mut engine = Engine::start(&flood, options(60_000)).unwrap();
    let err = engine.analyse(SCHOLAR, 1, Limit::Depth(5)).unwrap_err();
    assert!(
        matches!(
            err,
            EngineError::Flood {
                expected: "bestmove",
                lines: 100_000
            }
        ),
        "{err:?}"
    );
    assert_eq!(
        err.to_string(),
        "the engine wrote more than 100000 lines without bestmove"
    );
    // The handshake has the same deadline.
    let chatty = script(
        dir.path(),
        "chatty",
        "read -r line; exec yes \"option name Noise type check default false\"\n",
    );
    let err = Engine::start(&chatty, unbounded).unwrap_err();
    assert!(
        matches!(
            err,
            EngineError::Timeout {
                expected: "uciok",
                ..
            }
        ),
        "{err:?}"
    );
}

#[cfg(unix)]
#[test]
fn a_line_longer_than_any_uci_line_is_refused_and_never_held_whole() {
    let dir = tempfile::tempdir().unwrap();
    // A line of a megabyte, then a proper answer; and a line that never ends.
    let long = engine_that_on_go(
        dir.path(),
        "long",
        r#"head -c 1000000 /dev/zero | tr '\0' 'x'; echo; echo "bestmove h5f7""#,
    );
    let endless = engine_that_on_go(dir.path(), "endless", "exec cat /dev/zero");
    for engine in [long, endless] {
        let mut engine = Engine::start(&engine, options(60_000)).unwrap();
        let err = engine.analyse(SCHOLAR, 1, Limit::Depth(5)).unwrap_err();
        assert!(
            matches!(
                err,
                EngineError::LineTooLong {
                    expected: "bestmove"
                }
            ),
            "{err:?}"
        );
        assert_eq!(
            err.to_string(),
            "the engine wrote a line longer than 16 KiB while sancho waited for bestmove"
        );
    }
    // Bytes that are not UTF-8 in a line are read, not an end of output.
    let latin1 = engine_that_on_go(
        dir.path(),
        "latin1",
        r#"printf 'info string caf\351\n'; echo "bestmove h5f7""#,
    );
    let mut engine = Engine::start(&latin1, options(5_000)).unwrap();
    assert!(
        engine
            .analyse(SCHOLAR, 1, Limit::Depth(5))
            .unwrap()
            .is_empty()
    );
}

#[cfg(unix)]
#[test]
fn mine_ends_and_check_goes_on_with_a_message_when_the_engine_floods() {
    let dir = tempfile::tempdir().unwrap();
    let flood = engine_that_on_go(
        dir.path(),
        "flood",
        r#"exec yes "info depth 1 multipv 1 score cp 0 pv e2e4""#,
    );
    let pgn = dir.path().join("games.pgn");
    std::fs::write(&pgn, GAMES).unwrap();
    let mine = crate::support::sancho()
        .arg("mine")
        .arg(&pgn)
        .arg("--engine")
        .arg(&flood)
        .args(["--movetime", "50", "--quiet", "--out"])
        .arg(dir.path().join("out.json"))
        .output()
        .unwrap();
    assert!(!mine.status.success());
    let stderr = String::from_utf8_lossy(&mine.stderr);
    assert!(
        stderr.contains("the engine wrote more than 100000 lines without bestmove"),
        "{stderr}"
    );
    let pack = dir.path().join("pack.json");
    std::fs::write(
        &pack,
        format!(
            r#"[{{"id": "s1", "fen": "{SCHOLAR}", "toMove": "white",
                "solutionSequence": [{{"move": "h5f7", "isUserMove": true}}]}}]"#
        ),
    )
    .unwrap();
    let check = crate::support::sancho()
        .arg("check")
        .arg("--engine")
        .arg(&flood)
        .args(["--movetime", "10"])
        .arg(&pack)
        .output()
        .unwrap();
    // `check` restarts an engine that fails and goes on (issue 26): the
    // puzzle is counted as not checked by the engine, with the reason.
    let out = format!(
        "{}{}",
        String::from_utf8_lossy(&check.stdout),
        String::from_utf8_lossy(&check.stderr)
    );
    assert!(
        out.contains("the engine wrote more than 100000 lines without bestmove"),
        "{out}"
    );
    assert!(out.contains("1 not checked by the engine"), "{out}");
}

// ---- `mine`: where it writes, and games that are not UTF-8 (issue 28, items 5 and 11) ----

#[cfg(unix)]
fn mine_into(engine: &Path, pgn: &Path, out: &Path) -> std::process::Output {
    crate::support::sancho()
        .arg("mine")
        .arg(pgn)
        .arg("--engine")
        .arg(engine)
        .args(["--movetime", "10", "--quiet", "--out"])
        .arg(out)
        .output()
        .unwrap()
}

#[cfg(unix)]
#[test]
fn mine_refuses_an_out_that_is_not_a_file_before_mining() {
    let dir = tempfile::tempdir().unwrap();
    let engine = planted_engine(dir.path());
    let pgn = dir.path().join("games.pgn");
    std::fs::write(&pgn, GAMES).unwrap();
    let fifo = dir.path().join("fifo");
    assert!(
        std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap()
            .success()
    );
    for (out, kind) in [
        (Path::new("/dev/full"), "a character device"),
        (fifo.as_path(), "a FIFO (named pipe)"),
        (dir.path(), "a directory"),
    ] {
        let run = mine_into(&engine, &pgn, out);
        assert_eq!(run.status.code(), Some(2));
        assert_eq!(
            String::from_utf8_lossy(&run.stderr),
            format!(
                "sancho: {} is {kind}: `mine --out` writes a pack to a file\n",
                out.display()
            )
        );
        assert!(run.stdout.is_empty());
    }
    assert!(!std::fs::metadata("/dev/full").unwrap().is_file());
}

#[cfg(unix)]
#[test]
fn a_game_that_is_not_utf8_is_read_as_latin1_named_and_mined() {
    let dir = tempfile::tempdir().unwrap();
    let engine = planted_engine(dir.path());
    let pgn = dir.path().join("games.pgn");
    // "Mé" in Latin-1 as White of the first game; the games after it too.
    let mut bytes = GAMES
        .replacen("[White \"Me\"]", "[White \"M\u{e9}\"]", 1)
        .into_bytes();
    let at = bytes.windows(2).position(|w| w == "é".as_bytes()).unwrap();
    bytes.splice(at..at + 2, [0xE9]);
    std::fs::write(&pgn, &bytes).unwrap();
    let out = dir.path().join("mined.json");
    let run = mine_into(&engine, &pgn, &out);
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(run.status.success(), "{stderr}");
    assert_eq!(
        stderr,
        format!(
            "{}:3: the game of line 1 is not UTF-8; read as Latin-1\n",
            pgn.display()
        )
    );
    let stdout = String::from_utf8_lossy(&run.stdout);
    assert!(
        stdout.starts_with("mined 3 puzzles from 3 games"),
        "{stdout}"
    );
    let pack: Value = serde_json::from_str(&std::fs::read_to_string(&out).unwrap()).unwrap();
    assert_eq!(
        pack["puzzles"][0]["solutionSequence"][1]["comment"],
        "M\u{e9} played 4.Qf3? here; 4.Qxf7# is checkmate"
    );
}
