//! The repertoire trainer in full screen (issue 25), driven by Actions:
//! the same session as line mode's flow test (`tests/cli/repertoire.rs`):
//! a new line shown then asked, a sloppy right answer accepted with its
//! note, a slip not graded, a wrong answer asked again before the end;
//! the reviews handed over are the same, and scheduled as puzzles are.

use ratatui::Terminal;
use ratatui::backend::TestBackend;
use sancho::progress::{Card, Grade, Ids, Progress, Timestamp};
use sancho::repertoire::{Plan, Repertoire};
use sancho::train::{Finished, Saved, apply};
use sancho::tui::{Action, App, Config, Context, KeyContext, RepertoirePhase, Start, View, render};
use shakmaty::Color;

const WHITE: &str = include_str!("../fixtures/repertoire/white.pgn");
const OPENED: Timestamp = Timestamp(1_700_000_000);

fn white() -> Repertoire {
    let mut rep = Repertoire::new("white", Color::White, OPENED);
    rep.add_pgn(WHITE.as_bytes(), "white.pgn", OPENED).unwrap();
    rep
}

fn start(repertoires: Vec<(Repertoire, Plan)>, start: Start) -> App {
    let config = Config {
        start,
        ..Config::default()
    };
    let context = Context {
        repertoires,
        opened: OPENED,
        ..Context::default()
    };
    let mut app = App::with_context(config, Vec::new(), context);
    app.update(Action::Resize(80, 24));
    app
}

fn text(app: &App) -> String {
    let mut t = Terminal::new(TestBackend::new(80, 24)).unwrap();
    t.draw(|f| render(app, f)).unwrap();
    let buf = t.backend().buffer().clone();
    (0..24)
        .map(|y| (0..80).map(|x| buf[(x, y)].symbol()).collect::<String>())
        .collect::<Vec<_>>()
        .join("\n")
}

fn typed(app: &mut App, text: &str) {
    for c in text.chars() {
        app.update(Action::Insert(c));
    }
    app.update(Action::Submit);
}

#[test]
fn a_session_in_full_screen_shows_asks_repeats_and_hands_over_reviews() {
    let rep = white();
    let plan = Plan::choose(&rep, &Default::default(), OPENED, 3);
    let mut app = start(vec![(rep, plan)], Start::Repertoire);
    assert_eq!(app.view(), View::Repertoire);
    let screen = app.repertoire().unwrap();
    assert!(matches!(screen.phase(), RepertoirePhase::Showing { .. }));
    let shown = text(&app);
    assert!(shown.contains("A new line to learn"), "{shown}");
    assert!(shown.contains("1. e4 e5"), "{shown}");
    assert!(
        shown.contains("The Italian: the bishop eyes f7."),
        "{shown}"
    );
    insta::assert_snapshot!("repertoire_new_line_shown", shown);

    app.update(Action::Submit);
    assert_eq!(app.key_context(), KeyContext::Answer { input_empty: true });
    typed(&mut app, "e2-e4");
    let right = text(&app);
    assert!(right.contains("Right: e4."), "{right}");
    assert!(right.contains("Note: this is long algebraic"), "{right}");
    assert!(right.contains("The opponent plays e5."), "{right}");
    typed(&mut app, "Nf9");
    assert!(text(&app).contains("Not accepted"), "a slip: not graded");
    typed(&mut app, "Bc4");
    let wrong = text(&app);
    assert!(
        wrong.contains("Bc4 is not your repertoire's move"),
        "{wrong}"
    );
    assert!(wrong.contains("Your repertoire plays Nf3."), "{wrong}");
    insta::assert_snapshot!("repertoire_wrong_answer", wrong);
    typed(&mut app, "Bc4");
    let again = app.repertoire().unwrap().trainer().asked().unwrap().clone();
    assert!(again.again, "the wrong card comes back before the end");
    typed(&mut app, "Nf3");
    let summary = text(&app);
    assert!(
        summary.contains("2 of 3 cards right; 3 new learned."),
        "{summary}"
    );
    assert_eq!(app.key_context(), KeyContext::Page);

    // The same reviews as line mode: right, wrong (with its slip), right.
    let reviews: Vec<_> = app
        .finished()
        .iter()
        .filter_map(|f| match f {
            Finished::Card(r) => Some(r.clone()),
            _ => None,
        })
        .collect();
    let rights: Vec<bool> = reviews.iter().map(|r| r.right).collect();
    assert_eq!(rights, [true, false, true]);
    let slips: Vec<&str> = reviews[1]
        .wrong_inputs
        .iter()
        .map(|w| w.input.as_str())
        .collect();
    assert_eq!(slips, ["Nf9", "Bc4"]);
    // Recorded, the right answer is scheduled as the puzzle scheduler's Good.
    let mut progress = Progress::default();
    let saved = apply(
        &mut progress,
        Ids::new(OPENED, 1),
        &Finished::Card(reviews[0].clone()),
        OPENED,
    );
    let Saved::Card(Some(state)) = saved else {
        panic!("{saved:?}");
    };
    assert_eq!(
        state.card,
        Card::first_in(&progress.scheduler(), Grade::Good, reviews[0].at)
    );

    // Enter: no other repertoire has cards, so the menu; the plan left
    // nothing for a second visit today.
    app.update(Action::Select);
    assert_eq!(app.view(), View::Home);
}

#[test]
fn the_home_entry_says_how_to_add_a_repertoire_or_that_nothing_is_due() {
    let mut app = start(Vec::new(), Start::Home);
    let item = sancho::tui::MenuItem::ALL
        .iter()
        .position(|i| *i == sancho::tui::MenuItem::Repertoire)
        .unwrap();
    for _ in 0..item {
        app.update(Action::Down);
    }
    app.update(Action::Select);
    assert_eq!(app.view(), View::Home);
    assert!(
        app.notice()
            .unwrap()
            .contains("sancho repertoire add FILE.pgn")
    );

    let rep = white();
    let mut app = start(vec![(rep, Plan::default())], Start::Repertoire);
    assert_eq!(app.view(), View::Home);
    assert!(app.notice().unwrap().contains("Nothing to train"));
    app.update(Action::Back);
}

#[test]
fn esc_stops_the_session_and_what_was_not_reached_waits() {
    let rep = white();
    let plan = Plan::choose(&rep, &Default::default(), OPENED, 10);
    let mut app = start(vec![(rep, plan)], Start::Repertoire);
    app.update(Action::Submit);
    typed(&mut app, "e4");
    app.update(Action::Back);
    let summary = text(&app);
    assert!(summary.contains("1 of 1 cards right"), "{summary}");
    assert!(summary.contains("9 cards not reached"), "{summary}");
    // Back in the menu, the entry opens the cards not reached.
    app.update(Action::Back);
    assert_eq!(app.view(), View::Home);
    let item = sancho::tui::MenuItem::ALL
        .iter()
        .position(|i| *i == sancho::tui::MenuItem::Repertoire)
        .unwrap();
    for _ in 0..item {
        app.update(Action::Down);
    }
    app.update(Action::Select);
    assert_eq!(app.view(), View::Repertoire);
    let asked = app.repertoire().unwrap().trainer().asked().unwrap().clone();
    assert_eq!(asked.left + 1, 9, "the nine cards not reached");
}

#[test]
fn the_repertoire_screens_fit_at_80x24_and_120x40() {
    use crate::tui_fit::assert_fits;
    let rep = white();
    let plan = Plan::choose(&rep, &Default::default(), OPENED, 3);
    let mut app = start(vec![(rep, plan)], Start::Repertoire);
    assert_fits("repertoire: a new line shown", &app, &[]);
    app.update(Action::Submit);
    assert_fits("repertoire: a card asked", &app, &[]);
    // The session of the test above: right, wrong, then to the end.
    typed(&mut app, "e4");
    assert_fits("repertoire: a right answer and the reply", &app, &[]);
    typed(&mut app, "Bc4");
    assert!(text(&app).contains("Your repertoire plays Nf3."));
    assert_fits("repertoire: a wrong answer", &app, &[]);
    typed(&mut app, "Bc4");
    typed(&mut app, "Nf3");
    assert_eq!(app.key_context(), KeyContext::Page, "the summary");
    assert_fits("repertoire: the summary", &app, &[]);
}
