//! Rendering: snapshots of each screen, and explicit style assertions for
//! every highlight that carries meaning (snapshots are text only).

use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use sancho::notation::{Hint, HintState, Lang, hint};
use sancho::puzzle::{Puzzle, read_lichess};
use sancho::spoiler::{Policy, shown};
use sancho::tui::view::Board;
use sancho::tui::view::{board_area, hint_lines, puzzle_areas};
use sancho::tui::{Action, App, Config, MIN_HEIGHT, MIN_WIDTH, REPLY_DELAY_MS, render};
use sancho::tui::{SquareMark, Theme};
use shakmaty::Square;

fn back_rank() -> Puzzle {
    let mut p = lichess(
        "3IQ26",
        "4r1k1/2Q2ppp/2p2n2/3p4/N7/4r3/P5PP/2q2R1K w - - 0 25",
        "f1c1 e3e1 c1e1 e8e1",
    );
    p.themes = vec!["backRankMate".into(), "mateIn2".into()];
    p.rating = Some(400);
    p
}

fn app(config: Config) -> App {
    let mut app = App::new(config, vec![back_rank()]);
    app.update(Action::Select);
    app.update(Action::Tick(REPLY_DELAY_MS));
    app
}

fn typed(app: &mut App, text: &str) {
    for c in text.chars() {
        app.update(Action::Insert(c));
    }
}

fn draw(app: &App, w: u16, h: u16) -> Terminal<TestBackend> {
    let mut terminal = Terminal::new(TestBackend::new(w, h)).unwrap();
    terminal.draw(|f| render(app, f)).unwrap();
    terminal
}

/// A puzzle from one Lichess CSV row.
fn lichess(id: &str, fen: &str, moves: &str) -> Puzzle {
    let csv = format!(
        "PuzzleId,FEN,Moves,Rating,RatingDeviation,Popularity,NbPlays,Themes,GameUrl,OpeningTags\n\
         {id},{fen},{moves},400,100,50,100,backRankMate mateIn2,,\n"
    );
    read_lichess(csv.as_bytes(), "test")
        .next()
        .unwrap()
        .unwrap()
}

/// The first cell where `text` starts, scanning rows.
fn find(buf: &Buffer, text: &str) -> Option<(u16, u16)> {
    let area = buf.area;
    for y in area.top()..area.bottom() {
        let row: Vec<&str> = (area.left()..area.right())
            .map(|x| buf[(x, y)].symbol())
            .collect();
        let joined = row.concat();
        if let Some(byte) = joined.find(text) {
            // Count cells before the byte offset.
            let mut bytes = 0;
            for (i, s) in row.iter().enumerate() {
                if bytes == byte {
                    return Some((area.left() + u16::try_from(i).unwrap(), y));
                }
                bytes += s.len();
            }
        }
    }
    None
}

/// The style of a square's centre cell on the puzzle screen.
fn square_style(app: &App, buf: &Buffer, sq: Square) -> (Style, String) {
    let play = app.play().unwrap();
    let [_, body, ..] = puzzle_areas(buf.area);
    let area = board_area(body);
    let board = Board {
        pos: play.shown(),
        bottom: play.bottom(),
        last_move: play.last_move(),
        marks: play.marks(),
        highlights: &[],
        ascii: app.config().ascii,
        large: false,
        theme: Theme::new(app.config().no_color),
    };
    let rect = board.square_rect(area, sq).unwrap();
    let (cx, cy) = (rect.x + rect.width / 2, rect.y + rect.height / 2);
    let around: String = (cx - 1..=cx + 1).map(|x| buf[(x, cy)].symbol()).collect();
    (buf[(cx, cy)].style(), around)
}

fn bg(app: &App, buf: &Buffer, sq: Square) -> Option<Color> {
    square_style(app, buf, sq).0.bg
}

#[test]
fn snapshot_home() {
    let app = App::new(Config::default(), vec![back_rank()]);
    insta::assert_snapshot!(draw(&app, 80, 24).backend());
}

#[test]
fn snapshot_puzzle_with_hint() {
    let mut app = app(Config::default());
    app.update(Action::Hint);
    typed(&mut app, "R");
    insta::assert_snapshot!(draw(&app, 100, 30).backend());
}

#[test]
fn snapshot_puzzle_ascii_no_color_minimum_size() {
    let mut app = app(Config {
        ascii: true,
        no_color: true,
        ..Config::default()
    });
    typed(&mut app, "Re1+");
    app.update(Action::Submit);
    insta::assert_snapshot!(draw(&app, MIN_WIDTH, MIN_HEIGHT).backend());
}

#[test]
fn snapshot_help_overlay() {
    let mut app = app(Config::default());
    app.update(Action::ToggleHelp);
    insta::assert_snapshot!(draw(&app, 100, 30).backend());
}

#[test]
fn snapshot_too_small() {
    let app = app(Config::default());
    insta::assert_snapshot!(draw(&app, 40, 10).backend());
}

#[test]
fn too_small_is_exactly_below_the_minimum() {
    let app = app(Config::default());
    let msg = "make the window at least";
    for (w, h, small) in [
        (MIN_WIDTH, MIN_HEIGHT, false),
        (MIN_WIDTH - 1, MIN_HEIGHT, true),
        (MIN_WIDTH, MIN_HEIGHT - 1, true),
        (1, 1, true),
    ] {
        let t = draw(&app, w, h);
        let found = find(t.backend().buffer(), "make").is_some()
            || t.backend()
                .buffer()
                .content
                .iter()
                .any(|c| c.symbol() == "m");
        if small {
            assert!(found, "{w}x{h}");
        } else {
            assert!(find(t.backend().buffer(), msg).is_none(), "{w}x{h}");
            assert!(find(t.backend().buffer(), "Your move").is_some(), "{w}x{h}");
        }
    }
}

#[test]
fn huge_terminals_cap_the_board() {
    let app = app(Config::default());
    let t = draw(&app, 1000, 300);
    let [_, body, ..] = puzzle_areas(t.backend().buffer().area);
    let board = board_area(body);
    assert_eq!((board.width, board.height), (2 + 8 * 9, 8 * 4 + 1));
    // Extreme shapes draw without overflow, with help and in no-colour mode too.
    for (w, h) in [(u16::MAX, 25), (80, 3000), (MIN_WIDTH, 2000)] {
        for help in [false, true] {
            let mut app = self::app(Config {
                ascii: false,
                no_color: help,
                ..Config::default()
            });
            if help {
                app.update(Action::ToggleHelp);
            }
            draw(&app, w, h);
        }
    }
}

#[test]
fn last_move_and_check_squares_are_highlighted() {
    let mut app = app(Config::default());
    let theme = Theme::new(false);
    let t = draw(&app, 120, 40);
    let buf = t.backend().buffer();
    // Rxc1: f1 (light) and c1 (dark).
    assert_eq!(
        bg(&app, buf, Square::F1),
        theme.square(true, SquareMark::LastMove).bg
    );
    assert_eq!(
        bg(&app, buf, Square::C1),
        theme.square(false, SquareMark::LastMove).bg
    );
    assert_eq!(
        bg(&app, buf, Square::D1),
        theme.square(true, SquareMark::None).bg
    );
    assert_eq!(
        bg(&app, buf, Square::E1),
        theme.square(false, SquareMark::None).bg
    );
    assert_ne!(
        theme.square(true, SquareMark::LastMove).bg,
        theme.square(true, SquareMark::None).bg
    );

    typed(&mut app, "Re1+");
    app.update(Action::Submit);
    let t = draw(&app, 120, 40);
    let buf = t.backend().buffer();
    let check = theme.square(true, SquareMark::Check).bg;
    assert_eq!(
        bg(&app, buf, Square::H1),
        check,
        "the white king on h1 is in check"
    );
    assert_eq!(
        bg(&app, buf, Square::E1),
        theme.square(false, SquareMark::LastMove).bg
    );
    assert_eq!(
        bg(&app, buf, Square::F1),
        theme.square(true, SquareMark::None).bg
    );
}

#[test]
fn hint_squares_are_highlighted() {
    let mut app = app(Config::default());
    let theme = Theme::new(false);
    app.update(Action::Hint);
    let t = draw(&app, 120, 40);
    let buf = t.backend().buffer();
    assert_eq!(
        bg(&app, buf, Square::E3),
        theme.square(false, SquareMark::Hint).bg
    );
    assert_eq!(
        bg(&app, buf, Square::E1),
        theme.square(false, SquareMark::None).bg
    );
    app.update(Action::Hint);
    let t = draw(&app, 120, 40);
    let buf = t.backend().buffer();
    assert_eq!(
        bg(&app, buf, Square::E3),
        theme.square(false, SquareMark::Hint).bg
    );
    assert_eq!(
        bg(&app, buf, Square::E1),
        theme.square(false, SquareMark::Hint).bg
    );
}

#[test]
fn no_color_mode_uses_no_colour_and_keeps_every_highlight() {
    let mut app = app(Config {
        ascii: false,
        no_color: true,
        ..Config::default()
    });
    app.update(Action::Hint);
    typed(&mut app, "Zz");
    let t = draw(&app, 120, 40);
    let buf = t.backend().buffer();
    for cell in &buf.content {
        assert_eq!((cell.fg, cell.bg), (Color::Reset, Color::Reset), "{cell:?}");
    }
    // Last move: bold and brackets; hint: underlined and parentheses.
    let (style, around) = square_style(&app, buf, Square::C1);
    assert!(style.add_modifier.contains(Modifier::BOLD));
    assert_eq!(around, "[♖]");
    let (style, around) = square_style(&app, buf, Square::E3);
    assert!(style.add_modifier.contains(Modifier::UNDERLINED));
    assert_eq!(around, "(♜)");
    // The impossible state is in reverse video.
    let (x, y) = find(buf, "impossible:").unwrap();
    assert!(buf[(x, y)].modifier.contains(Modifier::REVERSED));

    app.update(Action::ClearLine);
    typed(&mut app, "Re1+");
    app.update(Action::Submit);
    let t = draw(&app, 120, 40);
    let (style, around) = square_style(&app, t.backend().buffer(), Square::H1);
    assert!(style.add_modifier.contains(Modifier::REVERSED));
    assert_eq!(around, "!♔!");
}

#[test]
fn hint_panel_colours_follow_the_state() {
    // (typed, panel text, colour)
    let cases = [
        ("R", "partial:", dark().warn),
        ("Re1+", "complete:", dark().good),
        ("Zz", "impossible:", dark().bad),
    ];
    for (text, label, color) in cases {
        let mut app = app(Config::default());
        typed(&mut app, text);
        let t = draw(&app, 120, 40);
        let buf = t.backend().buffer();
        let (x, y) = find(buf, label).unwrap_or_else(|| panic!("{label} not drawn"));
        assert_eq!(buf[(x, y)].fg, color, "{text}");
        // The typed text takes the same colour.
        let (x, y) = find(buf, &format!("> {text}")).unwrap();
        assert_eq!(buf[(x + 2, y)].fg, color, "input {text}");
    }
}

#[test]
fn hint_lines_for_every_state() {
    let pos = back_rank().position;
    let partial = hint(&pos, "R");
    let ambiguous = Hint {
        state: HintState::Ambiguous,
        candidates: hint(&pos, "R").candidates.into_iter().take(2).collect(),
        diagnostics: Vec::new(),
    };
    // (hint, theme, first line contains, style)
    let colour = Theme::new(false);
    let plain = Theme::new(true);
    let cases = [
        (&partial, colour, "partial:", Style::new().fg(dark().warn)),
        (
            &ambiguous,
            colour,
            "ambiguous:",
            Style::new().fg(dark().ambiguous),
        ),
        (
            &ambiguous,
            plain,
            "ambiguous:",
            Style::new().add_modifier(Modifier::UNDERLINED),
        ),
        (&partial, plain, "partial:", Style::new()),
    ];
    let full = |h: &Hint| shown(h, "R", Policy::Full);
    for (hint, theme, text, style) in cases {
        let lines = hint_lines(&full(hint), Lang::EN, theme, 60);
        assert!(lines[0].to_string().contains(text), "{}", lines[0]);
        assert_eq!(lines[0].style, style, "{text}");
    }
    let lines = hint_lines(&full(&ambiguous), Lang::EN, colour, 60);
    assert!(lines[0].to_string().contains(" or "), "{}", lines[0]);
    let narrow = hint_lines(&full(&partial), Lang::EN, colour, 20);
    assert!(narrow[1].to_string().contains("more"), "{}", narrow[1]);
    assert!(narrow[1].width() <= 20);
    // During a puzzle a bare piece letter only says how many fit.
    let secret = hint_lines(
        &shown(&partial, "R", Policy::Unsolved),
        Lang::EN,
        colour,
        60,
    );
    assert_eq!(secret.len(), 1, "no list: {secret:?}");
    assert!(
        secret[0].to_string().contains("rook moves fit"),
        "{}",
        secret[0]
    );
}

#[test]
fn the_empty_hint_gives_its_examples_in_the_users_letters() {
    let empty = hint(&shakmaty::Chess::default(), "");
    let theme = Theme::new(false);
    let english = hint_lines(&shown(&empty, "", Policy::Unsolved), Lang::EN, theme, 80);
    assert!(
        english[0].to_string().contains("(Nf3, exd5, O-O, e8=Q)"),
        "{}",
        english[0]
    );
    let de: Lang = "de".parse().unwrap();
    let german = hint_lines(&shown(&empty, "", Policy::Unsolved), de, theme, 80);
    assert!(
        german[0].to_string().contains("(Sf3, exd5, O-O, e8=D)"),
        "{}",
        german[0]
    );
    let figurines = hint_lines(
        &shown(&empty, "", Policy::Unsolved),
        Lang::EN.with_figurines(true),
        theme,
        80,
    );
    assert!(figurines[0].to_string().contains("♘f3"), "{}", figurines[0]);
}

#[test]
fn flipping_turns_the_board() {
    let mut app = app(Config::default());
    let t = draw(&app, 120, 40);
    let [_, body, ..] = puzzle_areas(Rect::new(0, 0, 120, 40));
    let board = board_area(body);
    // The lowest rank label in the left column.
    let bottom_left = |t: &Terminal<TestBackend>| {
        let buf = t.backend().buffer();
        (board.top()..board.bottom())
            .rev()
            .map(|y| buf[(board.x, y)].symbol().to_owned())
            .find(|s| !s.trim().is_empty())
            .unwrap()
    };
    assert_eq!(
        bottom_left(&t),
        "8",
        "Black's view has rank 8 at the bottom"
    );
    app.update(Action::FlipBoard);
    let t = draw(&app, 120, 40);
    assert_eq!(bottom_left(&t), "1");
}

fn pack_puzzle(id: &str) -> Puzzle {
    let loaded = sancho::puzzle::load_path(std::path::Path::new(
        "tests/fixtures/puzzles/good_pack.json",
    ))
    .unwrap();
    loaded.puzzles.into_iter().find(|p| p.id == id).unwrap()
}

#[test]
fn moves_list_is_numbered_san_with_comments() {
    use sancho::tui::view::move_lines;
    // User first (White): comments go under their full move.
    let mut app = App::new(Config::default(), vec![pack_puzzle("m2-001")]);
    app.update(Action::Select);
    typed(&mut app, "Kb6");
    app.update(Action::Submit);
    app.update(Action::Tick(REPLY_DELAY_MS));
    typed(&mut app, "Rd8#");
    app.update(Action::Submit);
    let lines: Vec<String> = move_lines(app.play().unwrap().history(), 0, Theme::new(false), 80)
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(
        lines,
        [
            "1. Kb6 Kb8",
            "   Takes b7 and c7 away",
            "2. Rd8#",
            "   Checkmate!"
        ]
    );
    // Opponent first (Black): the first move is numbered with dots.
    let mut app = app_with(lichess(
        "CJi0b",
        "6k1/p1p2ppp/1pqp2r1/3Q4/8/1P6/P1P2PPP/4RK2 b - - 8 22",
        "c6d5 e1e8",
    ));
    typed(&mut app, "Re8#");
    app.update(Action::Submit);
    let lines: Vec<String> = move_lines(app.play().unwrap().history(), 0, Theme::new(false), 80)
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(lines, ["22... Qxd5", "23. Re8#"]);
    let t = draw(&app, 120, 40);
    assert!(find(t.backend().buffer(), "22... Qxd5").is_some());
}

fn app_with(puzzle: Puzzle) -> App {
    let mut app = App::new(Config::default(), vec![puzzle]);
    app.update(Action::Select);
    app.update(Action::Tick(REPLY_DELAY_MS));
    app
}

#[test]
fn a_text_hint_marks_no_square() {
    let mut app = app_with(pack_puzzle("m1-001"));
    app.update(Action::Hint);
    let play = app.play().unwrap();
    assert_eq!(
        play.status().text,
        "Hint: Look for back rank weakness Failed, keep going (a hint was used)."
    );
    assert_eq!((play.marks().from, play.marks().to), (None, None));
    app.update(Action::Hint);
    assert_eq!(app.play().unwrap().marks().from, Some(Square::E1));
}

#[test]
fn footer_and_help_come_from_the_keymap() {
    use sancho::tui::KEYMAP;
    use sancho::tui::{Scope, key_label, keys_label};
    let mut app = app(Config::default());
    let t = draw(&app, 120, 40);
    let buf = t.backend().buffer();
    let footer: String = (0..120).map(|x| buf[(x, 39)].symbol()).collect();
    for b in KEYMAP
        .iter()
        .filter(|b| b.footer && matches!(b.scope, Scope::Puzzle | Scope::Global))
    {
        let entry = format!("{} {}", key_label(b.keys[0]), b.short);
        assert!(footer.contains(&entry), "{entry} missing from {footer}");
    }
    app.update(Action::ToggleHelp);
    let t = draw(&app, 120, 40);
    let buf = t.backend().buffer();
    // The difficulty key is listed on rated training only; playing the
    // puzzle out once it is over (tests/tui/tui_game.rs).
    for b in KEYMAP.iter().filter(|b| {
        matches!(
            b.scope,
            Scope::Puzzle | Scope::Edit | Scope::Global | Scope::Help
        ) && b.action != Action::CycleDifficulty
            && b.action != Action::PlayOut
    }) {
        assert!(
            find(buf, b.description).is_some(),
            "{} missing from the help",
            b.description
        );
        assert!(
            find(buf, &keys_label(b)).is_some(),
            "{} missing from the help",
            keys_label(b)
        );
    }
}

#[test]
fn notation_notes_are_styled_and_kept_after_the_last_move() {
    let castling = lichess("fx006", "r3k3/8/8/8/8/8/8/R3K2R b KQq - 0 1", "a8b8 e1g1");
    for (no_color, expected) in [
        (
            false,
            Style::new()
                .fg(dark().accent)
                .add_modifier(Modifier::ITALIC),
        ),
        (true, Style::new().add_modifier(Modifier::ITALIC)),
    ] {
        let mut app = App::new(
            Config {
                ascii: false,
                no_color,
                ..Config::default()
            },
            vec![castling.clone()],
        );
        app.update(Action::Select);
        app.update(Action::Tick(REPLY_DELAY_MS));
        typed(&mut app, "0-0");
        let t = draw(&app, 120, 40);
        let buf = t.backend().buffer();
        let (x, y) = find(buf, "note: 0-0").expect("the note is shown");
        let cell = &buf[(x, y)];
        assert_eq!(
            (cell.fg, cell.modifier),
            (expected.fg.unwrap_or(Color::Reset), expected.add_modifier)
        );
        app.update(Action::Submit);
        // The verdict, then the slip on a line of its own under it.
        let status = app.play().unwrap().status();
        assert!(status.text.contains("O-O is correct"), "{status:?}");
        assert!(!status.text.contains("0-0"), "{status:?}");
        assert!(status.slips.iter().any(|s| s.contains("0-0")), "{status:?}");
        let t = draw(&app, 120, 40);
        let buf = t.backend().buffer();
        let (vx, vy) = find(buf, "O-O is correct").unwrap();
        let (sx, sy) = find(buf, "note: ").expect("the slip is shown");
        assert_eq!((sx, sy), (vx, vy + 1), "the slip starts the next line");
        assert_eq!(
            (buf[(sx, sy)].fg, buf[(sx, sy)].modifier),
            (expected.fg.unwrap_or(Color::Reset), expected.add_modifier)
        );
    }
}

#[test]
fn snapshot_help_overlay_minimum_size() {
    let mut app = app(Config::default());
    app.update(Action::ToggleHelp);
    let t = draw(&app, MIN_WIDTH, MIN_HEIGHT);
    // Every binding is still listed, by its keys.
    use sancho::tui::Scope;
    for b in sancho::tui::KEYMAP.iter().filter(|b| {
        matches!(
            b.scope,
            Scope::Puzzle | Scope::Edit | Scope::Global | Scope::Help
        ) && b.action != Action::CycleDifficulty
            && b.action != Action::PlayOut
    }) {
        let label = sancho::tui::keys_label(b);
        assert!(find(t.backend().buffer(), &label).is_some(), "{label}");
    }
    insta::assert_snapshot!(t.backend());
}

#[test]
fn an_ambiguous_input_names_its_readings_in_magenta() {
    let mut app = app(Config::default());
    typed(&mut app, "Re5");
    assert_eq!(app.play().unwrap().hint().state, HintState::Ambiguous);
    let t = draw(&app, 120, 40);
    let buf = t.backend().buffer();
    let (x, y) = find(buf, "ambiguous: R3e5 or R8e5?").expect("both readings named");
    assert_eq!(buf[(x, y)].fg, dark().ambiguous);
    let mut app = self::app(Config {
        ascii: false,
        no_color: true,
        ..Config::default()
    });
    typed(&mut app, "Re5");
    let t = draw(&app, 120, 40);
    let buf = t.backend().buffer();
    let (x, y) = find(buf, "ambiguous:").unwrap();
    assert!(buf[(x, y)].modifier.contains(Modifier::UNDERLINED));
}

/// The back-rank puzzle with long words to wrap: comments on every move, a
/// long subtitle and a source game.
fn wordy() -> Puzzle {
    let mut p = back_rank();
    p.subtitle = "Black to move: the white king has no air and the back rank is weak".into();
    p.game_url = Some("https://lichess.org/yyPqmXoz/black#49".into());
    let comments = [
        "White takes the queen, and the back rank is left without a defender",
        "The rook checks on the first rank, where the white king has no square to go",
        "Forced: the only piece that can stop the check takes the rook",
        "The second rook mates on the same square: the back rank was never defended",
    ];
    for (m, c) in p.solution.iter_mut().zip(comments) {
        m.comment = Some(c.to_owned());
    }
    p
}

fn screen_text(t: &Terminal<TestBackend>) -> String {
    let buf = t.backend().buffer();
    (0..buf.area.height)
        .map(|y| {
            (0..buf.area.width)
                .map(|x| buf[(x, y)].symbol().to_owned())
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Whether every word of `text` stands whole somewhere on the screen.
fn words_whole(screen: &str, text: &str) -> Vec<String> {
    let words: Vec<&str> = screen.split_whitespace().collect();
    text.split_whitespace()
        .filter(|w| !words.iter().any(|s| s.contains(w)))
        .map(str::to_owned)
        .collect()
}

#[test]
fn snapshot_puzzle_unsolved_at_each_size() {
    for (w, h) in [(120, 40), (80, 24), (MIN_WIDTH, MIN_HEIGHT)] {
        let mut app = App::new(Config::default(), vec![wordy()]);
        app.update(Action::Select);
        app.update(Action::Tick(REPLY_DELAY_MS));
        typed(&mut app, "R");
        let t = draw(&app, w, h);
        let text = screen_text(&t);
        assert!(!text.contains('#'), "no mate sign while unsolved:\n{text}");
        assert!(!text.contains("backRankMate"), "themes hidden:\n{text}");
        insta::assert_snapshot!(format!("puzzle_unsolved_{w}x{h}"), t.backend());
    }
}

#[test]
fn snapshot_solution_stepping_at_each_size() {
    for (w, h) in [(120, 40), (80, 24), (MIN_WIDTH, MIN_HEIGHT)] {
        let mut app = App::new(Config::default(), vec![wordy()]);
        app.update(Action::Select);
        app.update(Action::Tick(REPLY_DELAY_MS));
        app.update(Action::ShowSolution);
        app.update(Action::Home);
        app.update(Action::Right);
        app.update(Action::Right);
        let t = draw(&app, w, h);
        let text = screen_text(&t);
        if (w, h) != (MIN_WIDTH, MIN_HEIGHT) {
            // Nothing cut mid-word: the step's comment, the subtitle, the
            // themes and the game stand whole.
            let p = wordy();
            for whole in [
                p.solution[1].comment.as_deref().unwrap(),
                p.subtitle.as_str(),
                "Themes: backRankMate, mateIn2",
            ] {
                assert!(words_whole(&text, whole).is_empty(), "{whole}:\n{text}");
            }
            assert!(text.contains("lichess.org"), "{text}");
        }
        insta::assert_snapshot!(format!("puzzle_stepping_{w}x{h}"), t.backend());
    }
}

/// The colours of the default scheme (dark, 256 colours), as the screens use them.
fn dark() -> sancho::tui::Palette {
    sancho::tui::Theme::new(false).palette()
}

/// Issue 17: the config file's `board` caps the board's size, and
/// `live_hint = "off"` silences the live hint during a puzzle.
#[test]
fn the_board_size_and_the_live_hint_follow_the_config() {
    use sancho::config::{BoardSize, LiveHint};
    // The rows of the rank labels 8 and 1 are 7 cell heights apart.
    let rank_rows = |board: BoardSize| {
        let app = app(Config {
            ascii: true,
            board,
            ..Config::default()
        });
        let t = draw(&app, 120, 40);
        let text = screen_text(&t);
        let row = |label: &str| {
            text.lines()
                .position(|l| l.starts_with(label))
                .unwrap_or_else(|| panic!("no rank {label}:\n{text}"))
        };
        // Black is to move here, so the board is drawn from Black's side.
        row("8 ").abs_diff(row("1 "))
    };
    assert_eq!(rank_rows(BoardSize::Small), 7);
    assert_eq!(rank_rows(BoardSize::Medium), 14);
    assert!(rank_rows(BoardSize::Auto) > 14, "auto fills the window");

    let mut app = app(Config {
        live_hint: LiveHint::Off,
        ..Config::default()
    });
    typed(&mut app, "R");
    let text = screen_text(&draw(&app, 120, 40));
    assert!(text.contains("Live hint off"), "{text}");
    assert!(!text.contains("rook moves"), "{text}");
}

#[test]
fn a_title_kept_for_the_end_and_a_note_on_another_try() {
    let loaded = sancho::puzzle::load_path(std::path::Path::new(
        "tests/fixtures/puzzles/kept_for_the_end.json",
    ))
    .unwrap();
    let mut app = app_with(loaded.puzzles.into_iter().next().unwrap());
    let screen = screen_text(&draw(&app, 120, 40));
    assert!(
        screen.contains(" Games "),
        "the pack's name until the end:\n{screen}"
    );
    assert!(!screen.contains("Bishop Mates"), "{screen}");
    // Another try the pack speaks of: its note, in the status.
    typed(&mut app, "Nc7");
    app.update(Action::Submit);
    let status = app.play().unwrap().status().text.clone();
    assert!(
        status.starts_with(
            "Nc7 is legal, but not the move here: Nc7 wins material, but there is mate."
        ),
        "{status}"
    );
    for (moves, wait) in [("Qf6+", true), ("Be7#", false)] {
        typed(&mut app, moves);
        app.update(Action::Submit);
        if wait {
            app.update(Action::Tick(REPLY_DELAY_MS));
        }
    }
    app.update(Action::Tick(REPLY_DELAY_MS));
    assert!(app.play().unwrap().finish().is_some());
    let screen = screen_text(&draw(&app, 120, 40));
    assert!(
        screen.contains(" Bishop Mates on e7 "),
        "the title at the end:\n{screen}"
    );
}
