//! Line mode: a whole drill through in-memory stdin, in JSON and in text.

use std::io::Cursor;

use sancho::drill::{DrillKind, Expected, GenOptions, generate};
use sancho::line::{DrillOptions, run_drill};
use sancho::notation::{Strictness, uci};
use sancho::progress::{Store, Timestamp};
use serde_json::Value;

fn options(kind: DrillKind, count: usize, json: bool) -> DrillOptions {
    DrillOptions {
        seed: 42,
        count,
        json,
        ..DrillOptions::new(kind)
    }
}

/// A clock that advances 1.5 s per reading (shown, answered, shown…).
fn ticking() -> impl FnMut() -> u64 {
    let mut now = 0;
    move || {
        now += 1500;
        now
    }
}

fn events(output: &[u8]) -> Vec<Value> {
    String::from_utf8(output.to_vec())
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{l}: {e}")))
        .collect()
}

#[test]
fn json_drill_with_one_wrong_answer_explained_and_recorded() {
    let exercises = generate(DrillKind::Write, 42, 3, &as_the_binary());
    let mut answers: Vec<String> = exercises.iter().map(|e| e.expected_text()).collect();
    // The first answer is the move in UCI: the right move, not SAN.
    let Expected::Move(mv) = exercises[0].expected else {
        panic!("write drill expects moves")
    };
    answers[0] = uci(mv);
    let input = Cursor::new(answers.join("\n") + "\n");
    let mut output = Vec::new();
    let summary = run_drill(
        input,
        &mut output,
        options(DrillKind::Write, 3, true),
        ticking(),
    )
    .unwrap();
    let events = events(&output);
    let names: Vec<&str> = events
        .iter()
        .map(|e| e["event"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        [
            "exercise", "wrong", "exercise", "correct", "exercise", "correct", "summary"
        ]
    );
    let first = &events[0];
    assert_eq!(first["kind"], "write");
    assert_eq!(first["number"], 1);
    assert_eq!(first["fen"], exercises[0].fen);
    assert_eq!(first["uci"], uci(mv));
    assert!(
        first["prompt"]
            .as_str()
            .unwrap()
            .contains("Write the move in SAN")
    );
    let wrong = &events[1];
    assert_eq!(wrong["answer"], uci(mv));
    assert_eq!(wrong["expected"], exercises[0].expected_text());
    let diagnostics = wrong["diagnostics"].as_array().unwrap();
    assert!(!diagnostics.is_empty(), "{wrong}");
    for d in diagnostics {
        assert!(d["code"].is_string() && d["message"].is_string());
        assert_eq!(d["suggestion"], exercises[0].expected_text());
    }
    assert_eq!(events[3]["san"], exercises[1].expected_text());
    let last = &events[6];
    assert_eq!(last["exercises"], 3);
    assert_eq!(last["correct"], 2);
    assert_eq!(last["time_ms"], 4500);
    assert_eq!(
        last["mistakes"].as_array().unwrap().len(),
        diagnostics.len()
    );

    let result = summary.clone().into_result(Timestamp(1_700_000_000));
    assert_eq!(
        (result.kind.as_str(), result.exercises, result.correct),
        ("write", 3, 2)
    );
    assert_eq!(result.time_ms, 4500);
    assert_eq!(result.mistakes[0].answer, exercises[0].expected_text());
    assert_eq!(
        result.mistakes[0].code,
        diagnostics[0]["code"].as_str().unwrap()
    );

    let dir = tempfile::tempdir().unwrap();
    let mut store = Store::open(dir.path(), Timestamp(1_700_000_000))
        .unwrap()
        .store;
    store.record_drill(result).unwrap();
    let reopened = Store::open(dir.path(), Timestamp(1_700_000_100))
        .unwrap()
        .store;
    let counts = reopened.progress().mistake_counts();
    assert_eq!(counts[0].code, diagnostics[0]["code"].as_str().unwrap());
    assert_eq!(reopened.progress().drills().len(), 1);
}

#[test]
fn end_of_input_ends_early_with_a_summary() {
    let input = Cursor::new("e4\n");
    let mut output = Vec::new();
    let summary = run_drill(
        input,
        &mut output,
        options(DrillKind::Read, 5, true),
        ticking(),
    )
    .unwrap();
    let events = events(&output);
    assert_eq!(events.len(), 4, "exercise, answer, exercise, summary");
    assert_eq!(events[1]["event"], "wrong");
    assert!(events[1]["reason"].is_string());
    assert_eq!(events[3]["event"], "summary");
    assert_eq!(summary.exercises, 1);
    assert_eq!(
        summary.time_ms, 3000,
        "the unanswered exercise's time counts"
    );
}

#[test]
fn plain_text_shows_board_pieces_prompt_and_explanations() {
    let exercises = generate(DrillKind::Write, 42, 2, &as_the_binary());
    let Expected::Move(mv) = exercises[0].expected else {
        panic!()
    };
    let input = Cursor::new(format!("{}\nquit\n", uci(mv)));
    let mut output = Vec::new();
    let mut opts = options(DrillKind::Write, 2, false);
    opts.strictness = Strictness::Strict;
    let summary = run_drill(input, &mut output, opts, ticking()).unwrap();
    let text = String::from_utf8(output).unwrap();
    assert!(text.contains("Exercise 1 of 2 (write)."), "{text}");
    assert!(text.contains("White: K"), "{text}");
    assert!(
        text.contains("   a  b  c") || text.contains("   h  g  f"),
        "{text}"
    );
    assert!(text.contains('['), "the move's squares are marked: {text}");
    assert!(text.contains(&format!(
        "Wrong. The answer is {}.",
        exercises[0].expected_text()
    )));
    assert!(text.contains("Drill over: 0 of 1 correct (0%)"), "{text}");
    assert_eq!(summary.exercises, 1);
}

#[test]
fn timed_coordinates_end_with_a_score() {
    let exercises = generate(DrillKind::Coordinates, 42, 100, &as_the_binary());
    let answers: Vec<String> = exercises.iter().map(|e| e.expected_text()).collect();
    let input = Cursor::new(answers.join("\n"));
    let mut output = Vec::new();
    let mut opts = options(DrillKind::Coordinates, 100, false);
    opts.budget_ms = Some(30_000);
    // Each answer takes 1.5 s: 20 answers fit in 30 s.
    let summary = run_drill(input, &mut output, opts, ticking()).unwrap();
    assert!(summary.timed_out);
    assert_eq!((summary.exercises, summary.correct), (20, 20));
    let text = String::from_utf8(output).unwrap();
    assert!(text.contains("Time is up: score 20."), "{text}");
}

#[test]
fn a_lesson_in_line_mode_completes_and_is_recorded() {
    use sancho::drill::lesson;
    use sancho::line::{lesson_completed, run_lesson};
    let lesson = lesson("lesson-2").unwrap();
    let mut answers: Vec<String> = lesson.drill().iter().map(|e| e.expected_text()).collect();
    answers[0] = answers[0].replace('x', ""); // exd5 -> ed5: missing capture
    let input = Cursor::new(answers.join("\n") + "\n");
    let mut output = Vec::new();
    let summary = run_lesson(
        input,
        &mut output,
        lesson,
        Strictness::Strict,
        true,
        ticking(),
    )
    .unwrap();
    let events = events(&output);
    assert_eq!(events[0]["event"], "lesson");
    assert_eq!(events[0]["id"], "lesson-2");
    assert!(events[0]["text"].as_str().unwrap().contains("exd5"));
    assert_eq!(events[2]["event"], "wrong");
    assert_eq!(events[2]["diagnostics"][0]["code"], "missing-capture");
    assert!(lesson_completed(lesson, &summary));
    assert_eq!(summary.correct as usize, lesson.exercises.len() - 1);

    let dir = tempfile::tempdir().unwrap();
    let mut store = Store::open(dir.path(), Timestamp(10)).unwrap().store;
    store
        .record_drill(summary.into_result(Timestamp(10)))
        .unwrap();
    assert!(store.complete_lesson(&lesson.id).unwrap());
    assert!(store.progress().lessons().contains("lesson-2"));

    // Stopping half-way does not complete it.
    let partial = run_lesson(
        Cursor::new("exd5\n"),
        Vec::new(),
        lesson,
        Strictness::Strict,
        false,
        ticking(),
    )
    .unwrap();
    assert!(!lesson_completed(lesson, &partial));
}

#[test]
fn drill_commands_are_never_graded() {
    let exercises = generate(DrillKind::Write, 42, 3, &as_the_binary());
    let first = exercises[0].expected_text();
    // Help, an unknown word and board are not answers; Solution passes the
    // first exercise; retry starts again; the right answer after a hint is
    // not counted; next skips.
    let input = Cursor::new(format!(
        "HELP\nhello\nBoard\nSolution\nretry\nHint\n{first}\nNext\nquit\n"
    ));
    let mut output = Vec::new();
    let summary = run_drill(
        input,
        &mut output,
        options(DrillKind::Write, 3, false),
        ticking(),
    )
    .unwrap();
    let text = String::from_utf8(output).unwrap();
    assert!(text.contains("Answer with the move in SAN"), "{text}");
    assert!(!text.contains("> >"), "one prompt at a time: {text}");
    assert!(
        text.contains("\"hello\" is not a move or a command. Commands:"),
        "{text}"
    );
    assert!(
        text.contains(&format!("Solution shown. The answer is {first}.")),
        "{text}"
    );
    assert!(text.contains("Starting the drill again."), "{text}");
    assert!(text.contains("Hint: the "), "{text}");
    assert!(text.contains("after a hint it is not counted"), "{text}");
    assert!(text.contains("Skipped. The answer is"), "{text}");
    assert_eq!(
        text.matches("Exercise 1 of 3").count(),
        3,
        "help and hello do not repeat it; board and retry do: {text}"
    );
    // After the retry: exercise 1 (hinted, right) and 2 (skipped).
    assert_eq!((summary.exercises, summary.correct), (2, 0));
    assert!(
        summary.mistakes.is_empty(),
        "no notation was written: {:?}",
        summary.mistakes
    );
}

#[test]
fn a_lesson_page_in_line_mode_is_plain_prose() {
    use sancho::drill::lesson;
    use sancho::line::run_lesson;
    let lesson = lesson("lesson-4").unwrap();
    let mut output = Vec::new();
    run_lesson(
        Cursor::new("quit\n"),
        &mut output,
        lesson,
        Strictness::Strict,
        false,
        ticking(),
    )
    .unwrap();
    let text = String::from_utf8(output).unwrap();
    let page = text.split("Exercise 1").next().unwrap();
    assert!(page.contains("O-O"), "{page}");
    for mark in ['`', '*'] {
        assert!(!page.contains(mark), "{mark} in {page}");
    }
    assert!(!page.lines().any(|l| l.starts_with("- ")), "{page}");
}

#[test]
fn showing_the_board_again_does_not_stop_the_clock() {
    let exercises = generate(DrillKind::Coordinates, 42, 100, &as_the_binary());
    let input: String = exercises
        .iter()
        .map(|e| format!("board\n{}\n", e.expected_text()))
        .collect();
    let mut output = Vec::new();
    let mut opts = options(DrillKind::Coordinates, 100, false);
    opts.budget_ms = Some(30_000);
    // Two readings of 1.5 s per exercise (board, then the answer): 10 fit.
    let summary = run_drill(Cursor::new(input), &mut output, opts, ticking()).unwrap();
    assert!(summary.timed_out);
    assert_eq!((summary.exercises, summary.correct), (10, 10));
}

#[test]
fn square_colours_in_line_mode_are_asked_without_a_board() {
    let exercises = generate(DrillKind::SquareColour, 42, 3, &as_the_binary());
    // light/dark, then the other colour by its letter, then a square: no
    // colour at all (a word such as `blue` is answered with the commands).
    let first = exercises[0].expected_text();
    let second = if exercises[1].expected_text() == "light" {
        "D"
    } else {
        "L"
    };
    let input = Cursor::new(format!("{first}\n{second}\nblue\ne4\n"));
    let mut output = Vec::new();
    let summary = run_drill(
        input,
        &mut output,
        options(DrillKind::SquareColour, 3, false),
        ticking(),
    )
    .unwrap();
    assert_eq!((summary.exercises, summary.correct), (3, 1));
    let text = String::from_utf8(output).unwrap();
    let Expected::Square(sq) = exercises[0].expected else {
        panic!("a square")
    };
    assert!(text.contains(&format!("Is {sq} light or dark?")), "{text}");
    assert!(!text.contains("a  b  c"), "no board drawn: {text}");
    assert!(text.contains("is not a colour"), "{text}");
    assert!(
        text.contains("\"blue\" is not a move or a command"),
        "{text}"
    );

    let mut output = Vec::new();
    run_drill(
        Cursor::new(format!("{first}\n")),
        &mut output,
        options(DrillKind::SquareColour, 1, true),
        ticking(),
    )
    .unwrap();
    let events = events(&output);
    assert_eq!(events[0]["colour_of"], sq.to_string());
    assert_eq!(events[1]["event"], "correct");
}

/// Issue 11: `drill write --lang de --plain` takes German letters (strict:
/// `Sf3` is canonical there) and says the answers in them; the English
/// letter of a piece is a mistake that teaches the German one.
#[test]
fn a_write_drill_in_german_letters() {
    let de: sancho::notation::Lang = "de".parse().unwrap();
    let count = 10;
    let exercises = generate(DrillKind::Write, 42, count, &as_the_binary());
    let piece = exercises
        .iter()
        .position(|e| e.expected_text().starts_with(['N', 'B', 'R', 'Q', 'K']))
        .expect("a piece move among ten");
    let german: Vec<String> = exercises
        .iter()
        .map(|e| de.localize(&e.expected_text()))
        .collect();
    let mut opts = options(DrillKind::Write, count, false);
    opts.strictness = Strictness::Strict;
    opts.lang = de;
    let input = Cursor::new(german.join("\n") + "\n");
    let mut output = Vec::new();
    let summary = run_drill(input, &mut output, opts.clone(), ticking()).unwrap();
    let text = String::from_utf8(output).unwrap();
    assert_eq!(summary.correct, summary.exercises, "{text}");
    assert!(
        text.contains(&format!("Correct: {}.", german[piece])),
        "{text}"
    );
    // The English spelling of that piece move is not German notation.
    let mut answers = german.clone();
    answers[piece] = exercises[piece].expected_text();
    let mut output = Vec::new();
    let summary = run_drill(
        Cursor::new(answers.join("\n") + "\n"),
        &mut output,
        opts,
        ticking(),
    )
    .unwrap();
    let text = String::from_utf8(output).unwrap();
    assert_eq!(summary.correct + 1, summary.exercises, "{text}");
    assert!(text.contains("In German notation the"), "{text}");
}

/// Issue 11: a lesson in German shows its examples' moves in German letters
/// (the prose stays English) and takes the answers in them; JSON keeps
/// `text` in English and adds `local`.
#[test]
fn a_lesson_in_german_writes_its_examples_and_reads_answers_in_german_letters() {
    use sancho::drill::lesson;
    use sancho::line::run_lesson_in;
    use sancho::notation::Lang;
    let de: Lang = "de".parse().unwrap();
    let lesson = lesson("lesson-1").unwrap();
    let answers: Vec<String> = lesson
        .drill()
        .iter()
        .map(|e| de.localize(&e.expected_text()))
        .collect();
    assert!(answers.iter().any(|a| a == "Sf3"), "{answers:?}");
    let input = answers.join("\n") + "\n";
    let mut output = Vec::new();
    let summary = run_lesson_in(
        Cursor::new(input.clone()),
        &mut output,
        lesson,
        Strictness::Strict,
        false,
        ticking(),
        de,
    )
    .unwrap();
    let text = String::from_utf8(output).unwrap();
    assert!(text.contains("Sf3: a knight goes to f3"), "{text}");
    assert!(text.contains("Lc4: a bishop goes to c4"), "{text}");
    assert!(!text.contains("Nf3: a knight"), "{text}");
    assert_eq!(summary.correct as usize, lesson.exercises.len(), "{text}");

    let mut output = Vec::new();
    run_lesson_in(
        Cursor::new(input),
        &mut output,
        lesson,
        Strictness::Strict,
        true,
        ticking(),
        de,
    )
    .unwrap();
    let events = events(&output);
    assert!(events[0]["text"].as_str().unwrap().contains("`Nf3`"));
    assert!(events[0]["local"].as_str().unwrap().contains("`Sf3`"));
}

/// The generator's options as line mode's drills use them: the famous
/// games included (what the runner generates, the test predicts).
fn as_the_binary() -> GenOptions {
    sancho::line::DrillOptions::new(DrillKind::Write).generator
}
