//! `sancho mine` at the machine's speed (issue 24): the cheap first pass
//! that decides where the full search looks, the pool of engines that
//! mines games side by side and hands them back in the file's order, and
//! what the command says when it finds nothing. With fake engines only.

use std::path::Path;

use sancho::drill::parse_game;
use sancho::engine::{PvLine, Score};
use sancho::mine::{Look, Sides, mine_game, mine_game_two_pass, worth_a_full_search};
use sancho::puzzle::parse_fen;
use serde_json::Value;
use shakmaty::Chess;

/// A back-rank mate in one (Ra8#).
const BACK_RANK: &str = "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1";
/// The position after 1.e4 e5 2.Bc4 Nc6 3.Qh5 Nf6: Qxf7 is mate.
const SCHOLAR: &str = "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4";

fn pv(multipv: u32, score: Score, moves: &str) -> PvLine {
    PvLine {
        multipv,
        depth: 10,
        score,
        pv: moves.split(' ').map(|m| m.parse().unwrap()).collect(),
    }
}

#[test]
fn the_scan_asks_for_a_full_search_only_where_the_best_move_stands_out() {
    let table = [
        // A mate the second move does not give.
        (
            vec![pv(1, Score::Mate(3), "a1a8"), pv(2, Score::Cp(0), "h2h3")],
            true,
        ),
        // Two mates: no only move.
        (
            vec![pv(1, Score::Mate(1), "a1a8"), pv(2, Score::Mate(4), "a1a7")],
            false,
        ),
        // Mated whatever: nothing to find.
        (
            vec![
                pv(1, Score::Mate(-2), "a1a8"),
                pv(2, Score::Mate(-1), "a1a7"),
            ],
            false,
        ),
        // Half the puzzle's gap is enough at a shallow depth.
        (
            vec![pv(1, Score::Cp(120), "a1a8"), pv(2, Score::Cp(20), "h2h3")],
            true,
        ),
        (
            vec![pv(1, Score::Cp(119), "a1a8"), pv(2, Score::Cp(20), "h2h3")],
            false,
        ),
        // Best far ahead but the second as good: no swing.
        (
            vec![pv(1, Score::Cp(500), "a1a8"), pv(2, Score::Cp(450), "h2h3")],
            false,
        ),
        // A level position.
        (
            vec![pv(1, Score::Cp(30), "a1a8"), pv(2, Score::Cp(10), "h2h3")],
            false,
        ),
        // One line (a forced move) or none.
        (vec![pv(1, Score::Mate(1), "a1a8")], false),
        (vec![], false),
    ];
    for (lines, worth) in table {
        assert_eq!(worth_a_full_search(&lines), worth, "{lines:?}");
    }
}

/// Canned analysis by pass: `(fen, scan lines, full lines)`; every call is
/// logged as `(fen, look)`.
fn canned_by_look(
    table: &[(&str, Vec<PvLine>, Vec<PvLine>)],
    log: &mut Vec<(String, Look)>,
) -> impl FnMut(&Chess, Look) -> Result<Vec<PvLine>, ()> {
    let table: Vec<(Chess, Vec<PvLine>, Vec<PvLine>)> = table
        .iter()
        .map(|(fen, scan, full)| (parse_fen(fen).unwrap(), scan.clone(), full.clone()))
        .collect();
    move |pos, look| {
        log.push((sancho::puzzle::fen_of(pos), look));
        Ok(table
            .iter()
            .find(|(p, _, _)| p == pos)
            .map(|(_, scan, full)| match look {
                Look::Scan => scan.clone(),
                Look::Full => full.clone(),
            })
            .unwrap_or_default())
    }
}

#[test]
fn two_passes_find_the_puzzles_of_one_with_full_searches_only_where_the_scan_swings() {
    // White misses Ra8# at move 1, then the game goes on quietly.
    let game = parse_game(&format!(
        "[White \"A\"]\n[Black \"B\"]\n[FEN \"{BACK_RANK}\"]\n\n1. h3 h6 2. Kh2 Kh7 3. g3 *\n"
    ))
    .unwrap();
    let mate = vec![pv(1, Score::Mate(1), "a1a8"), pv(2, Score::Cp(0), "h2h3")];
    let quiet = vec![pv(1, Score::Cp(20), "g1h2"), pv(2, Score::Cp(10), "g2g3")];
    let after_h3_h6 = "6k1/5pp1/7p/8/8/7P/5PP1/R5K1 w - - 0 2";

    // One pass: the full search everywhere.
    let one = mine_game(&game, Sides::Only(shakmaty::Color::White), false, |pos| {
        Ok::<_, ()>(if sancho::puzzle::fen_of(pos) == BACK_RANK {
            mate.clone()
        } else {
            quiet.clone()
        })
    })
    .unwrap();
    assert_eq!((one.positions, one.full_searches), (3, 3));

    // Two passes: the scan sees the mate at the first move only.
    let mut log = Vec::new();
    let two = mine_game_two_pass(
        &game,
        Sides::Only(shakmaty::Color::White),
        false,
        canned_by_look(
            &[
                (BACK_RANK, mate.clone(), mate.clone()),
                (after_h3_h6, quiet.clone(), quiet.clone()),
            ],
            &mut log,
        ),
    )
    .unwrap();
    assert_eq!(two.puzzles, one.puzzles);
    assert_eq!((two.positions, two.full_searches), (3, 1));
    assert_eq!(
        log.iter().filter(|(_, look)| *look == Look::Full).count(),
        1
    );
    assert_eq!(log[0], (BACK_RANK.to_owned(), Look::Scan));
    assert_eq!(log[1], (BACK_RANK.to_owned(), Look::Full));

    // The full search has the last word: a scan that swings where the full
    // search sees nothing gives no puzzle.
    let mut log = Vec::new();
    let judged = mine_game_two_pass(
        &game,
        Sides::Both,
        false,
        canned_by_look(&[(BACK_RANK, mate.clone(), quiet.clone())], &mut log),
    )
    .unwrap();
    assert!(judged.puzzles.is_empty(), "{judged:?}");
    assert_eq!(judged.full_searches, 1);
}

/// Six games, two of them with a tactic missed (the Scholar's mate and a
/// back-rank mate), so that several engines finish them out of order.
fn six_games() -> String {
    let mut games = String::new();
    for round in 1..=3 {
        games.push_str(&format!(
            "[Event \"Club\"]\n[Round \"{round}\"]\n[White \"Me\"]\n[Black \"Rival {round}\"]\n\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qf3 d6 *\n\n"
        ));
        games.push_str(&format!(
            "[Event \"Club\"]\n[Round \"{round}b\"]\n[White \"Rival {round}\"]\n[Black \"Me\"]\n[FEN \"{BACK_RANK}\"]\n\n1. h3 h6 2. Kh2 *\n\n"
        ));
    }
    games
}

#[cfg(unix)]
fn planted(dir: &Path) -> std::path::PathBuf {
    crate::support::fake_engine(
        dir,
        &[
            (
                SCHOLAR.to_owned(),
                vec![
                    "info depth 5 multipv 1 score mate 1 pv h5f7".to_owned(),
                    "info depth 5 multipv 2 score cp -40 pv h5f3 d7d6".to_owned(),
                ],
            ),
            (
                BACK_RANK.to_owned(),
                vec![
                    "info depth 5 multipv 1 score mate 1 pv a1a8".to_owned(),
                    "info depth 5 multipv 2 score cp 0 pv h2h3 h7h6".to_owned(),
                ],
            ),
        ],
    )
}

#[cfg(unix)]
fn mine(engine: &Path, pgn: &Path, out: &Path, more: &[&str]) -> (bool, String, String) {
    let run = crate::support::sancho()
        .arg("mine")
        .arg(pgn)
        .arg("--engine")
        .arg(engine)
        .args(["--quiet", "--out"])
        .arg(out)
        .args(more)
        .output()
        .unwrap();
    (
        run.status.success(),
        String::from_utf8_lossy(&run.stdout).into_owned(),
        String::from_utf8_lossy(&run.stderr).into_owned(),
    )
}

#[cfg(unix)]
#[test]
fn the_pack_is_the_same_whatever_the_number_of_engines() {
    let dir = tempfile::tempdir().unwrap();
    let engine = planted(dir.path());
    let pgn = dir.path().join("games.pgn");
    std::fs::write(&pgn, six_games()).unwrap();
    let mut packs = Vec::new();
    for threads in ["1", "3", "4"] {
        let out = dir.path().join(format!("mined-{threads}.json"));
        let (ok, stdout, stderr) = mine(&engine, &pgn, &out, &["--threads", threads]);
        assert!(ok, "{stdout}{stderr}");
        assert!(
            stdout.starts_with(&format!(
                "mined 6 puzzles from 6 games (27 positions, 6 searched in full, {threads} engines)"
            )),
            "{stdout}"
        );
        packs.push(std::fs::read_to_string(&out).unwrap());
    }
    assert_eq!(packs[0], packs[1]);
    assert_eq!(packs[0], packs[2]);
    let pack: Value = serde_json::from_str(&packs[0]).unwrap();
    let titles: Vec<&str> = pack["puzzles"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["title"].as_str().unwrap())
        .collect();
    assert_eq!(
        titles,
        [
            "Me – Rival 1, Club, 4.",
            "Rival 1 – Me, Club, 1.",
            "Me – Rival 2, Club, 4.",
            "Rival 2 – Me, Club, 1.",
            "Me – Rival 3, Club, 4.",
            "Rival 3 – Me, Club, 1.",
        ]
    );
}

#[cfg(unix)]
#[test]
fn the_first_pass_spares_the_full_search_and_can_be_turned_off() {
    let dir = tempfile::tempdir().unwrap();
    let engine = planted(dir.path());
    let pgn = dir.path().join("games.pgn");
    std::fs::write(&pgn, six_games()).unwrap();
    let log = dir.path().join("go.log");
    let searches = || {
        std::fs::read_to_string(&log)
            .unwrap_or_default()
            .lines()
            .count()
    };

    let (ok, stdout, _) = mine(
        &engine,
        &pgn,
        &dir.path().join("a.json"),
        &["--threads", "2"],
    );
    assert!(ok);
    assert!(
        stdout.contains("(27 positions, 6 searched in full, 2 engines)"),
        "{stdout}"
    );
    // 27 scans and 6 full searches (a mate in one needs no second look).
    assert_eq!(searches(), 33);

    std::fs::remove_file(&log).unwrap();
    let (ok, stdout, _) = mine(
        &engine,
        &pgn,
        &dir.path().join("b.json"),
        &["--threads", "2", "--scan-nodes", "0"],
    );
    assert!(ok);
    assert!(
        stdout.contains("(27 positions, 27 searched in full, 2 engines)"),
        "{stdout}"
    );
    assert_eq!(searches(), 27);
    assert_eq!(
        std::fs::read_to_string(dir.path().join("a.json")).unwrap(),
        std::fs::read_to_string(dir.path().join("b.json")).unwrap()
    );
}

#[cfg(unix)]
#[test]
fn when_nothing_is_found_mine_says_why_and_what_to_try() {
    let dir = tempfile::tempdir().unwrap();
    let engine = planted(dir.path());
    let silent_dir = dir.path().join("silent");
    std::fs::create_dir(&silent_dir).unwrap();
    let silent = crate::support::fake_engine(&silent_dir, &[]);
    let pgn = dir.path().join("games.pgn");
    std::fs::write(&pgn, six_games()).unwrap();
    let out = dir.path().join("out.json");

    // A player who played no game.
    let (ok, stdout, _) = mine(&engine, &pgn, &out, &["--player", "Kasparov"]);
    assert!(ok);
    assert!(
        stdout.starts_with("mined 0 puzzles from 0 games"),
        "{stdout}"
    );
    assert!(
        stdout.contains("no puzzle: --player \"Kasparov\" matched none of the 6 games"),
        "{stdout}"
    );
    assert!(stdout.contains("or no --player"), "{stdout}");

    // Short games, a short search, and the first pass that passed over them.
    let (ok, stdout, _) = mine(&silent, &pgn, &out, &["--movetime", "20"]);
    assert!(ok);
    let expected = [
        "no puzzle: a puzzle needs a position where one move wins (a mate, or two pawns or more) and no other move does; careful games have few",
        "the games are short (33 positions in 6 games): tactics come in the middle game and after; mine longer games, or more of them",
        "each search was short (--movetime 20): try --movetime 200 or --depth 16",
        "the first pass (2000 nodes) found 0 of 33 positions worth a full search: --scan-nodes 0 searches them all in full (slower)",
        "more games give more puzzles: a few hundred master games give a few dozen",
    ];
    for line in expected {
        assert!(stdout.contains(line), "{line:?} not in {stdout}");
    }

    // A shallow depth; no first pass.
    let (ok, stdout, _) = mine(&silent, &pgn, &out, &["--depth", "6", "--scan-nodes", "0"]);
    assert!(ok);
    assert!(
        stdout.contains("the search was shallow (depth 6): try --depth 16"),
        "{stdout}"
    );
    assert!(!stdout.contains("first pass"), "{stdout}");

    // An empty file.
    let empty = dir.path().join("empty.pgn");
    std::fs::write(&empty, "\n").unwrap();
    let (ok, stdout, _) = mine(&silent, &empty, &out, &[]);
    assert!(ok);
    assert!(
        stdout.contains("no puzzle: the file holds no game"),
        "{stdout}"
    );
}

/// An engine that answers every search with a move that is no move of the
/// position (`a1a1`), or a word that is no UCI move; with `one_of_two`,
/// only the first of the engines started is broken (the others answer
/// nothing at all, as the fake engine does).
#[cfg(unix)]
fn broken_engine(dir: &Path, pv: &str, one_of_two: bool) -> std::path::PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let path = dir.join(format!("broken-{}", pv.replace(' ', "-")));
    let choose = if one_of_two {
        format!(
            "mkdir \"{}\" 2>/dev/null && broken=1",
            dir.join("first").display()
        )
    } else {
        "broken=1".to_owned()
    };
    let body = format!(
        r#"#!/bin/sh
broken=0
{choose}
while IFS= read -r line; do
  case "$line" in
    uci) echo "id name Broken"; echo "uciok" ;;
    isready) echo "readyok" ;;
    quit) exit 0 ;;
    go*)
      if [ "$broken" = 1 ]; then echo "info depth 5 multipv 1 score cp 0 pv {pv}"; fi
      echo "bestmove 0000" ;;
  esac
done
"#
    );
    std::fs::write(&path, body).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path
}

// Issue 38, fault 5: a broken engine was taken for games without puzzles.
#[cfg(unix)]
#[test]
fn an_engine_that_answers_illegal_or_unreadable_moves_is_named_and_mine_fails() {
    let dir = tempfile::tempdir().unwrap();
    let pgn = dir.path().join("games.pgn");
    std::fs::write(&pgn, six_games()).unwrap();
    for (pv, said) in [
        (
            "a1a1",
            "the engine answered a1a1, which is not a legal move in",
        ),
        (
            "Qxf7#",
            "the engine answered \"Qxf7#\" where a move in UCI belongs",
        ),
    ] {
        for one_of_two in [false, true] {
            let run_dir = tempfile::tempdir().unwrap();
            let engine = broken_engine(run_dir.path(), pv, one_of_two);
            let out = run_dir.path().join("out.json");
            let (ok, stdout, stderr) = mine(&engine, &pgn, &out, &["--threads", "2"]);
            assert!(!ok, "{pv} {one_of_two}: {stdout}");
            assert!(stderr.contains(said), "{stderr}");
            assert!(
                stderr.contains(&format!("the engine {} failed", engine.display())),
                "{stderr}"
            );
            assert!(!stdout.contains("no puzzle"), "{stdout}");
        }
    }
}
