//! Storm and Streak (issue 14): the cores driven by a scripted clock, the
//! line-mode runners with scripted answers and times, and the real binary's
//! `storm --plain --json` event shapes.

use std::cell::Cell;

use std::rc::Rc;

use sancho::line::run_timed;
use sancho::modes::{Storm, Streak, StreakStep};
use sancho::puzzle::{Puzzle, builtin_packs};
use sancho::session::Session;
use sancho::train::{Finished, RunEnd, TimedRun};
use serde_json::Value;

use crate::support::{self, Script, run_with_stdin};
use shakmaty::Position;
use shakmaty::uci::UciMove;

// ---- the Storm core, on a scripted clock ----

#[test]
fn storm_combo_bonuses_at_5_12_20_30_then_every_10() {
    let mut storm = Storm::new(180);
    let mut bonuses = Vec::new();
    for n in 1..=50u64 {
        // One correct move a second.
        let change = storm.correct_move(n * 1000).expect("the clock runs");
        if change.bonus_ms > 0 {
            bonuses.push((change.combo, change.bonus_ms));
        }
    }
    assert_eq!(
        bonuses,
        [
            (5, 3_000),
            (12, 5_000),
            (20, 7_000),
            (30, 10_000),
            (40, 10_000),
            (50, 10_000)
        ]
    );
    // 180 s + 45 s of bonuses - 50 s elapsed.
    assert_eq!(storm.remaining_ms(50_000), 175_000);
    assert_eq!(storm.summary().combo_best, 50);
}

#[test]
fn storm_wrong_move_costs_10s_resets_the_combo_and_fails_the_puzzle() {
    let mut storm = Storm::new(180);
    storm.start_puzzle(0);
    for t in [1_000, 2_000, 3_000, 4_000] {
        storm.correct_move(t);
    }
    let change = storm.wrong_move(5_000, "p1").expect("the clock runs");
    assert_eq!((change.penalty_ms, change.combo), (10_000, 0));
    assert_eq!(storm.remaining_ms(5_000), 165_000);
    // The combo starts again: the 5th move after the reset earns the bonus,
    // not the 5th of the run.
    storm.start_puzzle(5_000);
    let bonus: Vec<u64> = (6..=10)
        .map(|s| storm.correct_move(s * 1000).unwrap().bonus_ms)
        .collect();
    assert_eq!(bonus, [0, 0, 0, 0, 3_000]);
    storm.solved(10_000, Some(1450));
    let s = storm.summary();
    assert_eq!((s.score, s.moves, s.accuracy), (1, 10, 90));
    assert_eq!(s.failed, ["p1"]);
    assert_eq!(s.highest_solved, Some(1450));
    // Two puzzles: 5 s and 5 s.
    assert_eq!(s.ms_per_puzzle, 5_000);
}

#[test]
fn storm_ends_at_zero_and_moves_after_it_do_not_count() {
    let mut storm = Storm::new(15);
    storm.wrong_move(1_000, "a").unwrap();
    assert_eq!(storm.remaining_ms(1_000), 4_000);
    assert!(!storm.is_over(4_999));
    assert!(storm.is_over(5_000));
    assert_eq!(storm.correct_move(5_000), None);
    assert_eq!(storm.summary().moves, 1);
    // A penalty that takes the clock below zero ends the run at once.
    let mut storm = Storm::new(15);
    storm.wrong_move(1_000, "a").unwrap();
    storm.wrong_move(2_000, "b").unwrap();
    assert!(storm.is_over(2_000));
    assert_eq!(storm.remaining_ms(2_000), 0);
}

// ---- the Streak core ----

#[test]
fn streak_has_one_skip_and_ends_at_the_first_mistake() {
    let mut streak = Streak::new();
    assert_eq!(streak.solve(), StreakStep::Solved);
    assert!(streak.can_skip());
    assert_eq!(streak.skip(), StreakStep::Skipped);
    assert!(!streak.can_skip());
    assert_eq!(streak.skip(), StreakStep::NoSkipLeft);
    assert_eq!(streak.solve(), StreakStep::Solved);
    assert_eq!(streak.fail("x"), StreakStep::Over);
    assert_eq!(streak.solve(), StreakStep::Over);
    assert_eq!((streak.solved(), streak.failed()), (2, Some("x")));
}

// ---- the line-mode runners, with answers that set the clock ----

fn builtin() -> Vec<Puzzle> {
    builtin_packs()
        .expect("built-in packs load")
        .into_iter()
        .flat_map(|p| p.puzzles)
        .collect()
}

fn solution(p: &Puzzle) -> Vec<String> {
    p.user_moves().map(|m| m.uci.to_string()).collect()
}

/// A legal move that is not the solution's first.
fn wrong_move(p: &Puzzle) -> String {
    let (session, _) = Session::new(p.clone());
    let first = p.user_moves().next().unwrap().mv;
    let mv = session
        .position()
        .legal_moves()
        .into_iter()
        .find(|m| *m != first)
        .expect("another legal move");
    UciMove::from_standard(mv).to_string()
}

fn events(out: &[u8]) -> Vec<Value> {
    String::from_utf8_lossy(out)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect()
}

fn of_kind<'a>(events: &'a [Value], kind: &str) -> Vec<&'a Value> {
    events.iter().filter(|e| e["event"] == kind).collect()
}

#[test]
fn storm_line_mode_keeps_time_on_a_scripted_run() {
    let puzzles = builtin();
    let first = &puzzles[0];
    let second = &puzzles[1];
    let mut script = Vec::new();
    for (k, mv) in solution(first).into_iter().enumerate() {
        script.push((1_000 * (k as u64 + 1), mv));
    }
    let solved_at = script.last().unwrap().0;
    script.push((solved_at + 500, "Ke9".to_owned())); // refused, no cost
    script.push((solved_at + 1_000, wrong_move(second)));
    let clock = Rc::new(Cell::new(0));
    let input = Script::new(&script, clock.clone());
    let mut out = Vec::new();
    let mut finished = Vec::new();
    let run = TimedRun::storm(vec![first.clone(), second.clone()], 60, true);
    let (run, end) = run_timed(
        input,
        &mut out,
        run,
        true,
        || clock.get(),
        |done| {
            if let Finished::Puzzle(p) = done {
                finished.push((p.puzzle.id.clone(), p.result.solved, p.time_ms));
            }
            Ok(None)
        },
        sancho::notation::Lang::EN,
    )
    .unwrap();
    let summary = run.storm_summary().unwrap();
    let events = events(&out);
    assert_eq!(events[0]["event"], "storm_start");
    assert_eq!(events[0]["seconds"], 60);
    let clocks: Vec<u64> = of_kind(&events, "clock")
        .iter()
        .map(|c| c["remaining_ms"].as_u64().unwrap())
        .collect();
    // The clock starts with the first move, at 1 s: that move is at 0.
    let moves = solution(first).len();
    let mut expected: Vec<u64> = (0..moves as u64).map(|k| 60_000 - 1_000 * k).collect();
    expected.push(60_000 - (solved_at - 1_000) - 500);
    expected.push(60_000 - solved_at - 10_000);
    assert_eq!(clocks, expected);
    assert_eq!(of_kind(&events, "solved")[0]["id"], first.id.as_str());
    assert_eq!(of_kind(&events, "failed")[0]["id"], second.id.as_str());
    let end_event = events.last().unwrap();
    assert_eq!(end_event["event"], "storm_end");
    assert_eq!(end_event["score"], 1);
    assert_eq!(end_event["moves"], moves as u64 + 1);
    assert_eq!(end_event["failed"], serde_json::json!([second.id]));
    assert_eq!(end, RunEnd::NoPuzzlesLeft);
    assert_eq!(summary.combo_best, moves as u32);
    assert_eq!(
        finished,
        [
            (first.id.clone(), true, solved_at - 1_000),
            (second.id.clone(), false, 1_000)
        ]
    );
}

#[test]
fn storm_line_mode_ends_when_the_clock_runs_out() {
    let puzzles = builtin();
    let clock = Rc::new(Cell::new(0));
    // Reading the first puzzle for 10 s costs nothing: the clock of this
    // 5 s run starts with the first move. The next answer comes 6 s later,
    // after zero: it does not count.
    let mut script: Vec<(u64, String)> = solution(&puzzles[0])
        .into_iter()
        .map(|mv| (10_000, mv))
        .collect();
    script.push((16_000, solution(&puzzles[1])[0].clone()));
    let first_moves = script.len() as u32 - 1;
    let input = Script::new(&script, clock.clone());
    let mut out = Vec::new();
    let run = TimedRun::storm(puzzles[..2].to_vec(), 5, true);
    let (run, end) = run_timed(
        input,
        &mut out,
        run,
        true,
        || clock.get(),
        |_| Ok(None),
        sancho::notation::Lang::EN,
    )
    .unwrap();
    let summary = run.storm_summary().unwrap();
    assert_eq!(end, RunEnd::Over);
    assert_eq!((summary.moves, summary.score), (first_moves, 1));
    let events = events(&out);
    assert_eq!(
        of_kind(&events, "solved").len(),
        1,
        "the first puzzle counts"
    );
    assert_eq!(events.last().unwrap()["reason"], "time");
}

#[test]
fn streak_line_mode_skips_once_then_ends_at_the_first_mistake() {
    let puzzles = builtin();
    let clock = Rc::new(Cell::new(0));
    let mut script: Vec<(u64, String)> =
        solution(&puzzles[0]).into_iter().map(|m| (0, m)).collect();
    script.push((0, "skip".into())); // puzzle 2 skipped
    script.push((0, "skip".into())); // puzzle 3: no skip left, refused
    script.push((0, wrong_move(&puzzles[2])));
    let input = Script::new(&script, clock.clone());
    let mut out = Vec::new();
    let run = TimedRun::streak(puzzles[..4].to_vec(), true);
    let (run, end) = run_timed(
        input,
        &mut out,
        run,
        true,
        || clock.get(),
        |_| Ok(None),
        sancho::notation::Lang::EN,
    )
    .unwrap();
    assert_eq!(end, RunEnd::Over);
    assert_eq!(run.solved_count(), 1);
    let events = events(&out);
    let skipped = of_kind(&events, "skipped");
    assert_eq!(skipped.len(), 1);
    assert_eq!(skipped[0]["id"], puzzles[1].id.as_str());
    assert_eq!(of_kind(&events, "unavailable").len(), 1);
    let end_event = events.last().unwrap();
    assert_eq!(end_event["event"], "streak_end");
    assert_eq!(end_event["streak"], 1);
    assert_eq!(end_event["failed"], puzzles[2].id.as_str());
    // Issue 23: the end lists the failed puzzle with its whole solution.
    let (session, _) = Session::new(puzzles[2].clone());
    let whole: Vec<String> = session
        .solution_line()
        .iter()
        .map(|s| s.text.san.clone())
        .collect();
    let failed = &end_event["failed_solutions"];
    assert_eq!(failed[0]["id"], puzzles[2].id.as_str());
    assert_eq!(failed[0]["solution"], serde_json::json!(whole));
    // Puzzle 4 was never shown.
    assert_eq!(of_kind(&events, "puzzle").len(), 3);

    // The text summary says it too.
    let clock = Rc::new(Cell::new(0));
    let input = Script::new(&script, clock.clone());
    let mut out = Vec::new();
    let run = TimedRun::streak(puzzles[..4].to_vec(), true);
    run_timed(
        input,
        &mut out,
        run,
        false,
        || clock.get(),
        |_| Ok(None),
        sancho::notation::Lang::EN,
    )
    .unwrap();
    let text = String::from_utf8(out).unwrap();
    let last = text.lines().last().unwrap();
    assert!(
        last.starts_with(&format!("Failed {}: ", puzzles[2].id)),
        "{text}"
    );
    let user_move = session
        .solution_line()
        .iter()
        .find(|s| s.by_user)
        .unwrap()
        .text
        .san
        .clone();
    assert!(last.contains(&user_move), "{text}");
}

/// Issue 11: Streak in German letters: answers are read in them, the
/// failed puzzle's solution is written in them; JSON keeps `solution`
/// English and adds `local`.
#[test]
fn streak_line_mode_reads_and_writes_the_chosen_letters() {
    use sancho::notation::Lang;
    let de: Lang = "de".parse().unwrap();
    let puzzles = builtin();
    // The user's moves of puzzle 1 in German SAN.
    let (session, _) = Session::new(puzzles[0].clone());
    let german: Vec<String> = session
        .solution_line()
        .iter()
        .filter(|s| s.by_user)
        .map(|s| de.localize(&s.text.san))
        .collect();
    let clock = Rc::new(Cell::new(0));
    assert!(
        german
            .iter()
            .any(|m| m.starts_with(['S', 'L', 'T', 'D', 'K'])),
        "{german:?}"
    );
    let mut script: Vec<(u64, String)> = german.into_iter().map(|m| (0, m)).collect();
    script.push((0, wrong_move(&puzzles[1])));
    let input = Script::new(&script, clock.clone());
    let mut out = Vec::new();
    let run = TimedRun::streak(puzzles[..2].to_vec(), true);
    let (run, _) = run_timed(input, &mut out, run, true, || clock.get(), |_| Ok(None), de).unwrap();
    assert_eq!(run.solved_count(), 1, "{}", String::from_utf8_lossy(&out));
    let events = events(&out);
    let failed = of_kind(&events, "failed")[0];
    let (second, _) = Session::new(puzzles[1].clone());
    let english: Vec<String> = second
        .solution_line()
        .iter()
        .map(|s| s.text.san.clone())
        .collect();
    let local: Vec<String> = english.iter().map(|s| de.localize(s)).collect();
    assert_ne!(local, english, "the test needs a piece move");
    assert_eq!(failed["solution"], serde_json::json!(english));
    assert_eq!(failed["local"], serde_json::json!(local));
}

// ---- the real binary ----

fn sancho(args: &[&str], data: &std::path::Path, stdin: &str) -> std::process::Output {
    run_with_stdin(
        support::sancho().args(args).arg("--data-dir").arg(data),
        stdin,
    )
}

#[test]
fn storm_plain_json_writes_the_contracted_events() {
    let dir = tempfile::tempdir().unwrap();
    let args = [
        "storm",
        "--plain",
        "--json",
        "--seconds",
        "90",
        "--seed",
        "3",
    ];
    let out = sancho(&args, dir.path(), "Ke9\nquit\n");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let events = events(&out.stdout);
    assert_eq!(events[0]["event"], "storm_start");
    assert_eq!(events[0]["seconds"], 90);
    let puzzle = &events[1];
    assert_eq!(puzzle["event"], "puzzle");
    for key in [
        "id",
        "fen",
        "to_move",
        "title",
        "subtitle",
        "themes",
        "difficulty",
        "rating",
        "number",
        "of",
        "solved_count",
        "header",
        "review",
    ] {
        assert!(puzzle.get(key).is_some(), "puzzle lacks {key}: {puzzle}");
    }
    let clock = of_kind(&events, "clock");
    assert_eq!(clock.len(), 1);
    assert!(clock[0]["remaining_ms"].as_u64().unwrap() <= 90_000);
    let end = events.last().unwrap();
    assert_eq!(end["event"], "storm_end");
    for key in ["score", "moves", "accuracy", "combo_best", "failed"] {
        assert!(end.get(key).is_some(), "storm_end lacks {key}: {end}");
    }
    assert!(end["failed"].is_array());
    // The same seed, the same pool.
    let again = events_of(&sancho(&args, dir.path(), "quit\n"));
    assert_eq!(again[1]["id"], puzzle["id"]);
}

fn events_of(out: &std::process::Output) -> Vec<Value> {
    events(&out.stdout)
}

#[test]
fn storm_without_a_terminal_points_at_plain_and_exits_2() {
    let dir = tempfile::tempdir().unwrap();
    let out = sancho(&["storm"], dir.path(), "");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--plain"));
}

// ---- records in the progress file ----

#[test]
fn runs_round_trip_and_files_without_them_still_load() {
    use sancho::progress::disk::{decode, encode};
    use sancho::progress::{Mode, ModeRun, Progress, Timestamp};
    let old = br#"{"schema":1,"attempts":[],"drills":[],"lessons":[]}"#;
    let progress = decode(old).expect("a file from before runs loads");
    assert_eq!(progress.runs().count(), 0);
    // Nothing new is written while there are no runs.
    assert!(
        !String::from_utf8(encode(&progress).unwrap())
            .unwrap()
            .contains("runs")
    );
    let run = |at, score| ModeRun {
        mode: Mode::Storm,
        at: Timestamp(at),
        score,
        moves: score + 2,
        accuracy: 80,
        combo_best: score,
        seconds: 180,
        highest_solved: Some(1500),
    };
    let day = 86_400 * 20_000;
    let mut progress = Progress::new();
    progress.insert_run("a".into(), run(day - 10, 30)); // yesterday's record
    progress.insert_run("b".into(), run(day + 10, 12));
    progress.insert_run("c".into(), run(day + 20, 9));
    let streak = ModeRun {
        mode: Mode::Streak,
        ..run(day, 7)
    };
    progress.insert_run("d".into(), streak);
    let back = decode(&encode(&progress).unwrap()).unwrap();
    assert_eq!(back, progress);
    let records = back.mode_records(Timestamp(day + 100));
    assert_eq!(records.storm_runs, 3);
    assert_eq!(records.storm_best.unwrap().score, 30);
    assert_eq!(records.storm_best_today.unwrap().score, 12);
    assert_eq!(records.streak_best, Some(7));
}

#[test]
fn a_storm_run_is_saved_and_shown_in_stats() {
    use shakmaty::fen::Fen;
    use shakmaty::{CastlingMode, Chess};
    let dir = tempfile::tempdir().unwrap();
    let args = [
        "storm",
        "--plain",
        "--json",
        "--seconds",
        "60",
        "--seed",
        "9",
    ];
    let first = events_of(&sancho(&args, dir.path(), "quit\n"));
    assert!(
        first.last().unwrap()["records"].is_null(),
        "no move, no run"
    );
    let fen: Fen = first[1]["fen"].as_str().unwrap().parse().unwrap();
    let mut pos: Chess = fen.into_position(CastlingMode::Standard).unwrap();
    // A Lichess puzzle starts with the opponent's move: answer in the
    // position after it.
    if let Some(reply) = first.iter().find(|e| e["event"] == "opponent_move") {
        let uci: UciMove = reply["uci"].as_str().unwrap().parse().unwrap();
        let mv = uci.to_move(&pos).unwrap();
        pos = pos.play(mv).unwrap();
    }
    let mv = pos.legal_moves()[0];
    let answer = UciMove::from_standard(mv).to_string();
    let run = events_of(&sancho(&args, dir.path(), &format!("{answer}\nquit\n")));
    let end = run.last().unwrap();
    assert_eq!(end["moves"], 1);
    assert_eq!(end["records"]["storm_runs"], 1);
    let stats = support::sancho()
        .args(["stats", "--json", "--data-dir"])
        .arg(dir.path())
        .output()
        .unwrap();
    let stats: Value = serde_json::from_slice(&stats.stdout).unwrap();
    assert_eq!(stats["modes"]["storm_runs"], 1);
    assert_eq!(stats["modes"]["storm_best"]["moves"], 1);
    assert!(stats["puzzles"].is_object(), "the old keys stay");
}

#[test]
fn the_full_screen_modes_take_the_display_flags_of_play() {
    let data = tempfile::tempdir().unwrap();
    for args in [
        &["storm", "--ascii", "--colors", "light"][..],
        &["streak", "--figures", "--colors", "contrast"],
        &["set", "play", "nosuch", "--ascii", "--colors", "dark"],
    ] {
        let out = support::sancho()
            .args(args)
            .arg("--data-dir")
            .arg(data.path())
            .stdin(std::process::Stdio::null())
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        // Parsed: what stops them is the missing terminal or the unknown set.
        assert!(
            !stderr.contains("unexpected argument"),
            "{args:?}: {stderr}"
        );
        assert!(
            stderr.contains("terminal") || stderr.contains("no set"),
            "{args:?}: {stderr}"
        );
    }
    let out = support::sancho()
        .args(["storm", "--colors", "pink"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("dark") && stderr.contains("contrast"),
        "{stderr}"
    );
}

// ---- one scripted Storm run, event by event (issue 22) ----

/// The fixture's puzzles by id: (FEN, UCI moves), the first move being the
/// opponent's.
fn fixture_lines(csv: &str) -> std::collections::HashMap<String, (String, Vec<String>)> {
    csv.lines()
        .skip(1)
        .filter_map(|line| {
            let fields: Vec<&str> = line.split(',').collect();
            let moves = fields.get(2)?.split(' ').map(str::to_owned).collect();
            Some((
                (*fields.first()?).to_owned(),
                ((*fields.get(1)?).to_owned(), moves),
            ))
        })
        .collect()
}

/// A legal move in the puzzle's first position (after the opponent's
/// opening move) that is not the solution's.
fn wrong_uci(fen: &str, moves: &[String]) -> String {
    use shakmaty::fen::Fen;
    use shakmaty::{CastlingMode, Chess};
    let fen: Fen = fen.parse().unwrap();
    let mut pos: Chess = fen.into_position(CastlingMode::Standard).unwrap();
    let opening: UciMove = moves[0].parse().unwrap();
    let opening = opening.to_move(&pos).unwrap();
    pos.play_unchecked(opening);
    let right: UciMove = moves[1].parse().unwrap();
    let right = right.to_move(&pos).unwrap();
    let mv = pos.legal_moves().into_iter().find(|m| *m != right).unwrap();
    UciMove::from_standard(mv).to_string()
}

/// The user's moves in SAN without their `+` or `#` (a slip each time
/// one is due), as a hurried player types them.
fn sloppy_sans(fen: &str, moves: &[String]) -> Vec<String> {
    use shakmaty::fen::Fen;
    use shakmaty::san::San;
    use shakmaty::{CastlingMode, Chess};
    let fen: Fen = fen.parse().unwrap();
    let mut pos: Chess = fen.into_position(CastlingMode::Standard).unwrap();
    let mut sans = Vec::new();
    for (k, uci) in moves.iter().enumerate() {
        let uci: UciMove = uci.parse().unwrap();
        let mv = uci.to_move(&pos).unwrap();
        if k % 2 == 1 {
            sans.push(San::from_move(&pos, mv).to_string());
        }
        pos.play_unchecked(mv);
    }
    sans
}

/// Replaces what depends on the wall clock (milliseconds, timestamps) so
/// that a run's events compare exactly.
fn timeless(mut value: Value) -> Value {
    match &mut value {
        Value::Object(map) => {
            // A stored run's `seconds` is its time played.
            let run = map.contains_key("mode");
            for (key, v) in map.iter_mut() {
                if run && key == "seconds" {
                    *v = Value::from("<time>");
                    continue;
                }
                if [
                    "remaining_ms",
                    "ms_per_puzzle",
                    "at",
                    "time_ms",
                    "played_ms",
                ]
                .contains(&key.as_str())
                    && !v.is_null()
                {
                    *v = Value::from("<time>");
                } else {
                    *v = timeless(v.take());
                }
            }
        }
        Value::Array(items) => {
            for v in items.iter_mut() {
                *v = timeless(v.take());
            }
        }
        _ => {}
    }
    value
}

/// The same scripted Storm run, answered as the puzzles come: the first
/// solved in UCI, the second met with commands, a refused answer and a
/// wrong move, the third solved in sloppy SAN, then quit. Its events
/// (times aside) are the line-mode protocol's contract.
#[test]
fn a_scripted_storm_run_writes_the_contracted_events() {
    use std::io::{BufRead as _, BufReader, Write as _};
    let csv_path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/puzzles/storm_run.csv");
    let lines = fixture_lines(&std::fs::read_to_string(&csv_path).unwrap());
    let data = tempfile::tempdir().unwrap();
    let out = sancho(
        &["import", "--quiet", csv_path.to_str().unwrap()],
        data.path(),
        "",
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mut child = support::sancho()
        .args([
            "storm",
            "--plain",
            "--json",
            "--seed",
            "5",
            "--seconds",
            "600",
        ])
        .arg("--data-dir")
        .arg(data.path())
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let stdout = BufReader::new(child.stdout.take().unwrap());
    let mut events = Vec::new();
    let mut shown = 0;
    for line in stdout.lines() {
        let event: Value = serde_json::from_str(&line.unwrap()).unwrap();
        if event["event"] == "puzzle" {
            let id = event["id"].as_str().unwrap();
            let (fen, moves) = &lines[id];
            let user: Vec<&String> = moves.iter().skip(1).step_by(2).collect();
            let script: Vec<String> = match shown {
                0 => user.iter().map(|m| (*m).clone()).collect(),
                1 => ["Ke9", "board", "hint", "xyzzy", &wrong_uci(fen, moves)]
                    .map(str::to_owned)
                    .to_vec(),
                2 => sloppy_sans(fen, moves),
                _ => vec!["quit".to_owned()],
            };
            shown += 1;
            for answer in script {
                // A closed pipe only means the run has ended.
                let _ = writeln!(stdin, "{answer}");
            }
        }
        events.push(timeless(event));
    }
    assert!(child.wait().unwrap().success());
    let text: Vec<String> = events.iter().map(Value::to_string).collect();
    insta::assert_snapshot!(text.join("\n"));
}
