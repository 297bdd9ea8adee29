//! Drill and lesson flows through the terminal interface, fed as Actions.

use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use sancho::config::BoardSize;
use sancho::drill::Show;
use sancho::drill::{self, DrillKind, Expected};
use sancho::notation::Strictness;
use sancho::train::{DrillDone, Finished};
use sancho::tui::view::Board;
use sancho::tui::view::drill_board_area;
use sancho::tui::{Action, App, Config, Context, KeyContext, Phase, Start, View, render};
use sancho::tui::{SquareMark, Theme};
use shakmaty::{Color, Square};

fn drill_app(kind: DrillKind, count: usize, timed: bool) -> App {
    let config = Config {
        start: Start::Drill {
            kind,
            seed: 7,
            count,
            strictness: Strictness::Strict,
            timed,
        },
        ..Config::default()
    };
    App::new(config, Vec::new())
}

/// Types `text`; on a coordinates "Find" exercise, moves the board cursor
/// to the square `text` names instead (Enter then chooses it).
fn typed(app: &mut App, text: &str) {
    if app.key_context() == KeyContext::Find {
        let target: Square = text.parse().expect("a square");
        walk_to(app, target);
        return;
    }
    for c in text.chars() {
        app.update(Action::Insert(c));
    }
}

/// Moves the "Find" cursor to `target` with the arrow actions, as seen on
/// the screen (the board may be drawn from Black's side).
fn walk_to(app: &mut App, target: Square) {
    let d = app.drill().unwrap();
    let sign = if d.bottom() == Color::White { 1 } else { -1 };
    let cursor = d.cursor();
    let right = (target.file().to_u32() as i32 - cursor.file().to_u32() as i32) * sign;
    let up = (target.rank().to_u32() as i32 - cursor.rank().to_u32() as i32) * sign;
    let (h, v) = (
        if right > 0 {
            Action::Right
        } else {
            Action::Left
        },
        if up > 0 { Action::Up } else { Action::Down },
    );
    for _ in 0..right.abs() {
        app.update(h.clone());
    }
    for _ in 0..up.abs() {
        app.update(v.clone());
    }
    assert_eq!(app.drill().unwrap().cursor(), target);
}

/// The expected answer of the exercise asked now.
fn expected(app: &App) -> String {
    app.drill()
        .unwrap()
        .run()
        .current()
        .unwrap()
        .expected_text()
}

/// A wrong answer of the same form as the expected one.
fn wrong(app: &App) -> String {
    let exercise = app.drill().unwrap().run().current().unwrap();
    match exercise.expected {
        Expected::Square(sq) if sq.to_string() == "a1" => "h8".to_owned(),
        Expected::Square(_) => "a1".to_owned(),
        Expected::Move(_) => "Ke9".to_owned(),
    }
}

fn text(app: &App, w: u16, h: u16) -> String {
    let mut t = Terminal::new(TestBackend::new(w, h)).unwrap();
    t.draw(|f| render(app, f)).unwrap();
    let buf = t.backend().buffer().clone();
    (0..h)
        .map(|y| (0..w).map(|x| buf[(x, y)].symbol()).collect::<String>())
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn a_drill_with_one_wrong_answer_ends_in_its_summary_and_is_handed_over() {
    for kind in [DrillKind::Coordinates, DrillKind::Write, DrillKind::Read] {
        let mut app = drill_app(kind, 3, false);
        assert_eq!(app.view(), View::Drill, "{kind}");
        assert!(
            matches!(
                app.key_context(),
                KeyContext::Answer { input_empty: true } | KeyContext::Find
            ),
            "{kind}"
        );
        // The first answer is wrong, and took 2 seconds.
        let want = expected(&app);
        let bad = wrong(&app);
        app.update(Action::Tick(2_000));
        typed(&mut app, &bad);
        app.update(Action::Submit);
        // One Enter per exercise: the next one is up at once, beside the verdict.
        let d = app.drill().unwrap();
        assert_eq!(d.phase(), Phase::Asking, "{kind}");
        assert_eq!(d.run().number(), 2);
        let verdict = &d.previous().unwrap().verdict;
        assert!(!verdict.correct);
        assert_eq!(verdict.expected, want);
        let screen = text(&app, 100, 30);
        assert!(screen.contains("Your last answer:"), "{screen}");
        assert!(screen.contains(&format!("Wrong: {bad}")), "{screen}");
        assert!(
            screen.contains(&format!("The answer is {want}")),
            "{screen}"
        );
        for i in 0..2 {
            let answer = expected(&app);
            app.update(Action::Tick(1_000));
            // Typing starts the next answer at once; the verdict stays
            // until the answer is submitted.
            typed(&mut app, &answer);
            assert_eq!(app.drill().unwrap().input().text(), answer);
            if i == 0 {
                let screen = text(&app, 100, 30);
                assert!(screen.contains(&format!("Wrong: {bad}")), "{screen}");
            }
            app.update(Action::Submit);
            assert!(
                app.drill()
                    .unwrap()
                    .shown_verdict()
                    .unwrap()
                    .verdict
                    .correct
            );
        }
        // The last verdict waits for an Enter before the summary.
        assert_eq!(app.drill().unwrap().phase(), Phase::Verdict);
        assert!(text(&app, 100, 30).contains("Enter: the summary."));
        typed(&mut app, "zz");
        assert!(
            app.drill().unwrap().input().is_empty(),
            "nothing left to answer"
        );
        app.update(Action::Submit);
        assert_eq!(app.drill().unwrap().phase(), Phase::Summary);
        assert_eq!(app.key_context(), KeyContext::Page);
        let [Finished::Drill(DrillDone { summary, .. })] = app.finished() else {
            panic!("one drill finished: {:?}", app.finished());
        };
        assert_eq!(summary.kind, kind.as_str());
        assert_eq!((summary.exercises, summary.correct), (3, 2));
        assert_eq!(summary.time_ms, 4_000);
        assert_eq!(summary.ms_per_answer, Some(1_333));
        assert_eq!(summary.mistakes.len(), 1, "{:?}", summary.mistakes);
        assert_eq!(summary.mistakes[0].expected, want);
        assert_eq!(summary.mistakes[0].answer, bad);
        let screen = text(&app, 100, 30);
        assert!(screen.contains("2 of 3 correct (67%)"), "{screen}");
        assert!(screen.contains("1.3 s per answer"), "{screen}");
        assert!(screen.contains(&format!("{bad} → {want}")), "{screen}");
        // Esc goes back to the drills menu; nothing is reported twice.
        app.update(Action::Back);
        assert_eq!(app.view(), View::Drills);
        assert_eq!(app.finished().len(), 1);
    }
}

#[test]
fn a_lenient_answer_is_correct_with_its_notes_shown() {
    let config = Config {
        start: Start::Drill {
            kind: DrillKind::Write,
            seed: 3,
            count: 5,
            strictness: Strictness::Lenient,
            timed: false,
        },
        ..Config::default()
    };
    let mut app = App::new(config, Vec::new());
    let answer = expected(&app);
    // Lower-case piece letters are a classic slip the lenient mode accepts
    // with a note; pawns are written in lower case anyway.
    let sloppy = format!("{answer}!");
    typed(&mut app, &sloppy);
    app.update(Action::Submit);
    let answered = app.drill().unwrap().shown_verdict().unwrap().clone();
    assert!(answered.verdict.correct, "{answered:?}");
    assert!(!answered.verdict.diagnostics.is_empty());
    let screen = text(&app, 100, 30);
    assert!(screen.contains("Accepted, but note:"), "{screen}");
    for d in &answered.verdict.diagnostics {
        let head: String = d.message.chars().take(20).collect();
        assert!(screen.contains(&head), "{head} in {screen}");
    }
}

#[test]
fn esc_ends_a_drill_early_and_reports_what_was_answered() {
    let mut app = drill_app(DrillKind::Coordinates, 5, false);
    app.update(Action::Back);
    assert_eq!(app.drill().unwrap().phase(), Phase::Summary);
    assert!(
        app.finished().is_empty(),
        "nothing answered, nothing recorded"
    );

    let mut app = drill_app(DrillKind::Coordinates, 5, false);
    let answer = expected(&app);
    typed(&mut app, &answer);
    app.update(Action::Submit);
    app.update(Action::Back);
    let [Finished::Drill(DrillDone { summary, .. })] = app.finished() else {
        panic!("{:?}", app.finished());
    };
    assert_eq!((summary.exercises, summary.correct), (1, 1));
}

#[test]
fn the_timed_drill_ends_when_its_30_seconds_are_used() {
    let mut app = drill_app(DrillKind::Coordinates, 50, true);
    let answer = expected(&app);
    app.update(Action::Tick(10_000));
    typed(&mut app, &answer);
    app.update(Action::Submit);
    // A right answer against the clock moves on at once, still shown.
    let d = app.drill().unwrap();
    assert_eq!(d.phase(), Phase::Asking);
    assert_eq!(d.run().number(), 2);
    assert_eq!(d.remaining_ms(), Some(20_000));
    let screen = text(&app, 100, 30);
    assert!(screen.contains("20.0 s"), "{screen}");
    assert!(screen.contains(&format!("Correct: {answer}")), "{screen}");
    // A wrong one moves on at once too: the clock never waits.
    let bad = wrong(&app);
    typed(&mut app, &bad);
    app.update(Action::Submit);
    let d = app.drill().unwrap();
    assert_eq!(d.phase(), Phase::Asking);
    assert_eq!(d.run().number(), 3);
    assert!(!d.previous().unwrap().verdict.correct);
    app.update(Action::Tick(5_000));
    assert_eq!(app.drill().unwrap().remaining_ms(), Some(15_000));
    let screen = text(&app, 100, 30);
    assert!(screen.contains(&format!("Wrong: {bad}")), "{screen}");
    app.update(Action::Tick(15_000));
    assert_eq!(app.drill().unwrap().phase(), Phase::Asking, "not over yet");
    app.update(Action::Tick(1));
    assert_eq!(app.drill().unwrap().phase(), Phase::Summary);
    let [Finished::Drill(DrillDone { summary, .. })] = app.finished() else {
        panic!("{:?}", app.finished());
    };
    assert!(summary.timed_out);
    assert_eq!(
        (summary.exercises, summary.correct, summary.time_ms),
        (2, 1, 30_000)
    );
    assert!(text(&app, 100, 30).contains("Time is up."));
}

#[test]
fn the_menu_opens_every_drill_kind_and_the_lessons() {
    let context = Context {
        weak_codes: vec!["lowercase-piece".to_owned()],
        seed: 11,
        ..Context::default()
    };
    for (downs, title) in [
        (0, "Write the move"),
        (1, "Read the move"),
        (2, "Disambiguation"),
        (3, "Coordinates"),
        (4, "Coordinates, timed"),
        (5, "Square colours"),
        (6, "Move vision"),
        (7, "Transcribe a game"),
        (8, "Review your weak spots"),
    ] {
        let config = Config {
            start: Start::Drills,
            ..Config::default()
        };
        let mut app = App::with_context(config, Vec::new(), context.clone());
        assert_eq!(app.key_context(), KeyContext::Menu);
        for _ in 0..downs {
            app.update(Action::Down);
        }
        app.update(Action::Select);
        // Coordinates open on their options, on the row that starts them.
        if title.starts_with("Coordinates") {
            assert_eq!(app.view(), View::CoordSetup, "{title}");
            assert_eq!(app.key_context(), KeyContext::Menu);
            app.update(Action::Select);
        }
        assert_eq!(app.view(), View::Drill, "{title}");
        let d = app.drill().unwrap();
        assert_eq!(d.title(), title);
        assert!(!d.run().is_empty());
        assert_eq!(d.remaining_ms().is_some(), downs == 4);
        assert!(text(&app, 80, 24).contains(title));
    }
    let mut app = App::new(
        Config {
            start: Start::Drills,
            ..Config::default()
        },
        Vec::new(),
    );
    app.update(Action::Up);
    app.update(Action::Select);
    assert_eq!(app.view(), View::Lessons);
    app.update(Action::Back);
    app.update(Action::Back);
    assert_eq!(app.view(), View::Home);
}

#[test]
fn a_lesson_is_read_then_practised_then_reported_completed() {
    let lesson = &drill::lessons()[0];
    let config = Config {
        start: Start::Lesson(lesson.number),
        ..Config::default()
    };
    let mut app = App::new(config, Vec::new());
    assert_eq!(app.view(), View::Lesson);
    assert_eq!(app.key_context(), KeyContext::Page);
    let page = text(&app, 100, 30);
    assert!(page.contains(&lesson.title), "{page}");
    // Letters are free on the page: j scrolls.
    app.update(Action::Down);
    assert_eq!(app.scroll(), 1);
    app.update(Action::Select);
    assert_eq!(app.view(), View::Drill);
    let n = lesson.exercises.len();
    assert_eq!(app.drill().unwrap().run().len(), n);
    for (i, ex) in lesson.exercises.iter().enumerate() {
        if i == 0 {
            typed(&mut app, "Ke9");
            app.update(Action::Submit);
            app.update(Action::Submit);
            app.update(Action::RecallLast);
            assert_eq!(app.drill().unwrap().input().text(), "Ke9");
            app.update(Action::ClearLine);
            // A wrong answer moves on: the exercise is explained, not repeated.
            continue;
        }
        typed(&mut app, &ex.answer);
        app.update(Action::Submit);
        app.update(Action::Submit);
    }
    let finished = app.finished();
    assert!(
        matches!(finished, [Finished::Drill(DrillDone { summary, lesson: Some((id, size)), .. })]
            if summary.kind == lesson.id && summary.exercises as usize == n
                && summary.correct as usize == n - 1 && *id == lesson.id && *size as usize == n),
        "one record, the drill with its lesson: {finished:?}"
    );
    assert!(app.completed_lessons().contains(&lesson.id));
    app.update(Action::Back);
    assert_eq!(app.view(), View::Lessons);
    let list = text(&app, 100, 30);
    assert!(
        list.contains(&format!("[✓] Lesson 1: {}", lesson.title)),
        "{list}"
    );
    assert!(list.contains("[ ] Lesson 2"), "{list}");
}

#[test]
fn a_lesson_left_early_is_not_completed() {
    let mut app = App::new(
        Config {
            start: Start::Lesson(2),
            ..Config::default()
        },
        Vec::new(),
    );
    app.update(Action::Select);
    let answer = drill::lessons()[1].exercises[0].answer.clone();
    typed(&mut app, &answer);
    app.update(Action::Submit);
    app.update(Action::Back);
    assert_eq!(app.finished().len(), 1, "{:?}", app.finished());
    assert!(matches!(app.finished()[0], Finished::Drill(_)));
    assert!(app.completed_lessons().is_empty());
}

#[test]
fn drill_screens_survive_any_size() {
    let mut app = drill_app(DrillKind::Transcribe, 4, false);
    for (w, h) in [
        (1, 1),
        (59, 18),
        (60, 19),
        (61, 20),
        (300, 120),
        (1000, 400),
    ] {
        let _ = text(&app, w, h);
    }
    app.update(Action::Back);
    for (w, h) in [(60, 19), (1000, 400)] {
        let _ = text(&app, w, h);
    }
}

#[test]
fn help_opens_over_a_drill_and_lists_its_keys() {
    let mut app = drill_app(DrillKind::Write, 2, false);
    // '?' with an empty line opens the help; with text it is typed.
    app.update(Action::ToggleHelp);
    assert_eq!(app.key_context(), KeyContext::Help);
    let screen = text(&app, 100, 40);
    for line in [
        "check the typed answer",
        "end the drill here",
        "clear the line",
    ] {
        assert!(screen.contains(line), "{line} in {screen}");
    }
    assert!(
        !screen.contains("give up and show the solution"),
        "{screen}"
    );
    app.update(Action::Insert('x'));
    assert!(
        app.drill().unwrap().input().is_empty(),
        "keys stay out of the help"
    );
    app.update(Action::Back);
    assert_eq!(app.key_context(), KeyContext::Answer { input_empty: true });
}

#[test]
fn stats_and_pages_go_back_home() {
    let config = Config {
        start: Start::Stats,
        ..Config::default()
    };
    let mut app = App::new(config, Vec::new());
    assert_eq!(app.key_context(), KeyContext::Page);
    app.update(Action::Select);
    assert_eq!(app.view(), View::Home);
    app.update(Action::Down);
    app.update(Action::Down);
    app.update(Action::Select);
    assert_eq!(app.view(), View::Stats);
    app.update(Action::Back);
    assert_eq!(app.view(), View::Home);
}

#[test]
fn a_lesson_with_every_answer_wrong_is_not_completed_and_shows_its_best() {
    let lesson = &drill::lessons()[0];
    let mut app = App::new(
        Config {
            start: Start::Lesson(lesson.number),
            ..Config::default()
        },
        Vec::new(),
    );
    app.update(Action::Select);
    for _ in &lesson.exercises {
        typed(&mut app, "Ke9");
        app.update(Action::Submit);
        app.update(Action::Submit);
    }
    let finished = app.finished();
    assert!(
        matches!(finished, [Finished::Drill(DrillDone { summary, .. })]
            if summary.correct == 0 && summary.exercises as usize == lesson.exercises.len()),
        "the drill is recorded, the lesson is not completed: {finished:?}"
    );
    assert!(app.completed_lessons().is_empty());
    app.update(Action::Back);
    let list = text(&app, 100, 30);
    assert!(list.contains("[ ] Lesson 1"), "{list}");
    assert!(list.contains("best 0%, pass at 80%"), "{list}");
}

/// The index of the first "Find" exercise of the coordinates drill of seed 7.
fn first_find() -> usize {
    drill::generate(DrillKind::Coordinates, 7, 40, &Default::default())
        .iter()
        .position(|e| matches!(e.show, Show::Question { .. }))
        .expect("a Find exercise among 40")
}

/// Answers every exercise before the first "Find" one rightly.
fn up_to_find(count: usize) -> App {
    let mut app = drill_app(DrillKind::Coordinates, count, false);
    while app.key_context() != KeyContext::Find {
        let answer = expected(&app);
        typed(&mut app, &answer);
        app.update(Action::Submit);
    }
    app
}

#[test]
fn find_is_answered_with_the_board_cursor_from_either_side() {
    let mut app = up_to_find(first_find() + 3);
    let d = app.drill().unwrap();
    let bottom = d.bottom();
    let start = d.cursor();
    // No typing on the board: letters are cursor keys or nothing.
    app.update(Action::Insert('e'));
    assert_eq!(app.drill().unwrap().input().text(), "");
    // hjkl and the arrows are the same keys on this screen.
    let key = |c| {
        app.keys().action_for(
            KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE),
            &KeyContext::Find,
        )
    };
    assert_eq!(
        [key('h'), key('j'), key('k'), key('l')],
        [Action::Left, Action::Down, Action::Up, Action::Right].map(Some)
    );
    // "Up" goes up the drawn board: towards rank 8 from White's side.
    app.update(Action::Up);
    let moved = app.drill().unwrap().cursor();
    let step = if bottom == Color::White { 1 } else { -1 };
    assert_eq!(
        moved.rank().to_u32() as i32,
        start.rank().to_u32() as i32 + step
    );
    assert_eq!(moved.file(), start.file());
    // The cursor stops at the edge.
    for _ in 0..10 {
        app.update(Action::Left);
    }
    let edge = app.drill().unwrap().cursor();
    let edge_file = if bottom == Color::White { 0 } else { 7 };
    assert_eq!(edge.file().to_u32(), edge_file);
    // The right square, chosen with Enter, is correct.
    let want: Square = expected(&app).parse().unwrap();
    walk_to(&mut app, want);
    app.update(Action::Submit);
    let d = app.drill().unwrap();
    let verdict = &d.previous().unwrap().verdict;
    assert!(verdict.correct, "{verdict:?}");
    assert_eq!(d.cursor(), want, "the cursor stays where it was");
}

#[test]
fn a_click_on_a_square_answers_find() {
    let mut app = up_to_find(first_find() + 2);
    app.update(Action::Resize(100, 30));
    let want: Square = expected(&app).parse().unwrap();
    let bottom = app.drill().unwrap().bottom();
    // A click off the board does nothing.
    app.update(Action::Click(99, 0));
    assert_eq!(app.key_context(), KeyContext::Find);
    let (x, y) = cell_of(&app, want, bottom);
    app.update(Action::Click(x, y));
    let d = app.drill().unwrap();
    let previous = d.previous().expect("answered by the click");
    assert!(previous.verdict.correct, "{previous:?}");
    assert_eq!(previous.answer, want.to_string());
}

/// The middle cell of `sq` on the drill screen of a 100×30 terminal.
fn cell_of(app: &App, sq: Square, bottom: Color) -> (u16, u16) {
    let area = ratatui::layout::Rect::new(0, 0, 100, 30);
    let ex = app.drill().unwrap().exercise().unwrap();
    let board = Board {
        pos: &ex.position,
        bottom,
        last_move: None,
        marks: Default::default(),
        highlights: &[],
        ascii: false,
        large: false,
        theme: Theme::new(false),
    };
    let rect = board
        .square_rect(drill_board_area(area, BoardSize::Auto), sq)
        .unwrap();
    (rect.x + rect.width / 2, rect.y + rect.height / 2)
}

#[test]
fn a_wrong_find_highlights_both_squares() {
    // The Find exercise is the last: its verdict stays on its own board.
    let mut app = up_to_find(first_find() + 1);
    let want: Square = expected(&app).parse().unwrap();
    let chosen = if want == Square::A1 {
        Square::H8
    } else {
        Square::A1
    };
    walk_to(&mut app, chosen);
    app.update(Action::Submit);
    let d = app.drill().unwrap();
    assert_eq!(d.phase(), Phase::Verdict);
    assert!(!d.answered().unwrap().verdict.correct);
    let bottom = d.bottom();
    let mut t = Terminal::new(TestBackend::new(100, 30)).unwrap();
    t.draw(|f| render(&app, f)).unwrap();
    let buf = t.backend().buffer();
    let theme = Theme::new(false);
    for (sq, mark) in [(chosen, SquareMark::Check), (want, SquareMark::Shown)] {
        let (x, y) = cell_of(&app, sq, bottom);
        assert_eq!(
            buf[(x, y)].bg,
            theme.square(sq.is_light(), mark).bg.unwrap(),
            "{sq} as {mark:?}"
        );
    }
    let screen = text(&app, 100, 30);
    assert!(screen.contains(&format!("Wrong: {chosen}")), "{screen}");
}

#[test]
fn the_square_colour_drill_is_answered_without_a_board() {
    let mut app = drill_app(DrillKind::SquareColour, 3, false);
    assert_eq!(app.key_context(), KeyContext::Answer { input_empty: true });
    let ex = app.drill().unwrap().run().current().unwrap().clone();
    let Show::Colour { square } = ex.show else {
        panic!("{ex:?}")
    };
    let screen = text(&app, 100, 30);
    assert!(
        screen.contains(&format!("Light or dark: {square}")),
        "{screen}"
    );
    // No board: no rank or file labels, no pieces.
    assert!(!screen.contains("a  b  c"), "{screen}");
    assert!(!screen.contains('♚'), "{screen}");
    // The wrong colour, then the right one by its first letter.
    let wrong = if square.is_light() { "dark" } else { "light" };
    typed(&mut app, wrong);
    app.update(Action::Submit);
    let previous = app.drill().unwrap().previous().unwrap().clone();
    assert!(!previous.verdict.correct);
    assert_eq!(previous.verdict.mistake_codes, ["wrong-colour"]);
    let next = expected(&app);
    assert!(next == "light" || next == "dark", "{next}");
    typed(&mut app, &next[..1].to_uppercase());
    app.update(Action::Submit);
    assert!(app.drill().unwrap().previous().unwrap().verdict.correct);
}
