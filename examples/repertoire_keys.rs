//! Times the repertoire trainer's keys on the full screen without
//! criterion (`benches/repertoire.rs` is the criterion bench): the median
//! of a keystroke with a full render at 120×40, and of Enter on a right
//! answer (judged, recorded, the reply played, the next card asked, drawn),
//! beside the puzzle screen's keystroke measured the same way in the same
//! build (its budget).
//!
//! ```text
//! cargo run --release --example repertoire_keys
//! ```

use std::time::Instant;

use ratatui::Terminal;
use ratatui::backend::TestBackend;
use sancho::progress::Timestamp;
use sancho::repertoire::{Plan, Repertoire};
use sancho::tui::{Action, App, Config, Context, Start, render};
use shakmaty::Color;

const WHITE: &str = include_str!("../tests/fixtures/repertoire/white.pgn");
const AT: Timestamp = Timestamp(1_700_000_000);

fn trainer() -> App {
    let mut rep = Repertoire::new("white", Color::White, AT);
    let _ = rep.add_pgn(WHITE.as_bytes(), "white.pgn", AT);
    let plan = Plan::choose(&rep, &Default::default(), AT, 10);
    let context = Context {
        repertoires: vec![(rep, plan)],
        opened: AT,
        ..Context::default()
    };
    let config = Config {
        start: Start::Repertoire,
        ..Config::default()
    };
    let mut app = App::with_context(config, Vec::new(), context);
    app.update(Action::Resize(120, 40));
    app.update(Action::Submit);
    app
}

/// The puzzle screen on one puzzle, as `benches/tui.rs` sets it up.
fn puzzle_screen() -> App {
    const CSV: &str = "PuzzleId,FEN,Moves,Rating,RatingDeviation,Popularity,NbPlays,Themes,GameUrl,OpeningTags\n\
        3IQ26,4r1k1/2Q2ppp/2p2n2/3p4/N7/4r3/P5PP/2q2R1K w - - 0 25,f1c1 e3e1 c1e1 e8e1,400,103,68,178,backRankMate endgame mate mateIn2 short,,\n";
    let puzzles = sancho::puzzle::read_lichess(CSV.as_bytes(), "bench")
        .collect::<Result<Vec<_>, _>>()
        .unwrap_or_default();
    let mut app = App::new(Config::default(), puzzles);
    app.update(Action::Resize(120, 40));
    app.update(Action::Select);
    app.update(Action::Tick(sancho::tui::REPLY_DELAY_MS));
    app
}

fn median(mut v: Vec<u128>) -> u128 {
    v.sort_unstable();
    v[v.len() / 2]
}

fn main() {
    let mut app = trainer();
    let mut terminal = Terminal::new(TestBackend::new(120, 40)).expect("a test terminal");
    let mut keys = Vec::new();
    for i in 0..2000 {
        let action = if i % 4 == 3 {
            Action::ClearLine
        } else {
            Action::Insert(['N', 'f', '3'][i % 4])
        };
        let start = Instant::now();
        app.update(action);
        let _ = terminal.draw(|f| render(&app, f));
        keys.push(start.elapsed().as_micros());
    }
    let mut answers = Vec::new();
    for _ in 0..300 {
        let mut app = trainer();
        app.update(Action::Insert('e'));
        app.update(Action::Insert('4'));
        let start = Instant::now();
        app.update(Action::Submit);
        let _ = terminal.draw(|f| render(&app, f));
        answers.push(start.elapsed().as_micros());
    }
    let mut puzzle = puzzle_screen();
    let mut puzzle_keys = Vec::new();
    for i in 0..2000 {
        let action = if i % 5 == 4 {
            Action::ClearLine
        } else {
            Action::Insert(['R', 'e', '1', '+'][i % 5])
        };
        let start = Instant::now();
        puzzle.update(action);
        let _ = terminal.draw(|f| render(&puzzle, f));
        puzzle_keys.push(start.elapsed().as_micros());
    }
    println!(
        "puzzle screen keystroke + render 120x40: median {} µs",
        median(puzzle_keys)
    );
    println!("keystroke + render 120x40: median {} µs", median(keys));
    println!(
        "answer (Enter) + render 120x40: median {} µs",
        median(answers)
    );
}
