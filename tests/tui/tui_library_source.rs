//! The filter screen on a real (small, synthetic) library through
//! [`LibrarySource`]: the counts it shows are the library's, and a start
//! plays unseen puzzles that pass the filter.

use sancho::library::synth::{HEADER, SynthConfig, synth_rows};
use sancho::library::{Filter, Library, import};
use sancho::train::{Basis, LIBRARY_BATCH};
use sancho::tui::{Action, App, Config, LibrarySource};
use sancho::tui::{DEBOUNCE_MS, FIELD_ROWS, FilterState};

fn state(app: &App) -> &FilterState {
    app.filter_state().unwrap()
}

#[test]
fn a_real_library_through_library_source() {
    let mut text = format!("{HEADER}\n");
    for r in synth_rows(SynthConfig {
        rows: 400,
        seed: 7,
        bad_every: None,
    }) {
        text.push_str(&r.to_csv());
        text.push('\n');
    }
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("library.sqlite");
    import(&db, std::io::Cursor::new(text), "t.csv", |_| {
        std::ops::ControlFlow::Continue(())
    })
    .unwrap();
    let library = Library::open(&db).unwrap();
    let all = library.count(&Filter::default()).unwrap();
    // The most common theme (first on the screen), and five of its
    // puzzles nearest 1500 the user has seen.
    let theme = library.theme_counts(&Filter::default()).unwrap()[0]
        .name
        .clone();
    let filter = Filter {
        themes_any: vec![theme.clone()],
        ..Filter::default()
    };
    let seen: Vec<String> = library
        .pick(&filter, 1500, &|_| false, 5)
        .unwrap()
        .into_iter()
        .map(|p| p.id)
        .collect();
    let basis = Basis {
        rating: 1500,
        seen: seen.iter().cloned().collect(),
        due: Vec::new(),
    };
    let source = LibrarySource::new(Library::open(&db).unwrap(), basis);

    let mut app = App::new(Config::default(), Vec::new()).with_library();
    for _ in 0..3 {
        app.update(Action::Down);
    }
    app.update(Action::Select);
    assert!(app.serve(&source));
    assert_eq!(state(&app).count(), Some(all));
    assert_eq!(state(&app).themes()[0].name, theme);
    app.update(Action::Down);
    app.update(Action::Down);
    app.update(Action::Down);
    assert_eq!(state(&app).selected(), FIELD_ROWS, "the first theme");
    app.update(Action::Select);
    app.update(Action::Tick(DEBOUNCE_MS));
    assert!(app.serve(&source));
    let expected = library.count(&filter).unwrap();
    assert!(expected > 0 && expected < all, "{expected} of {all}");
    assert_eq!(state(&app).count(), Some(expected));
    let row = &state(&app).themes()[0];
    assert_eq!((row.total, row.filtered), (expected, expected));

    app.update(Action::PlayFiltered);
    assert!(app.serve(&source));
    assert!(app.on_puzzle());
    assert_eq!(seen.len(), 5);
    assert_eq!(
        app.puzzles().len() as u64,
        (expected - 5).min(LIBRARY_BATCH as u64)
    );
    for p in app.puzzles() {
        assert!(p.themes.contains(&theme), "{} lacks {theme}", p.id);
        assert!(!seen.contains(&p.id), "{} was seen", p.id);
    }
}

#[test]
fn a_worker_thread_answers_with_its_own_connection() {
    use sancho::tui::{OpenSource, PuzzleSource, Worker};
    use sancho::tui::{Reply, Request};
    let mut text = format!("{HEADER}\n");
    for r in synth_rows(SynthConfig {
        rows: 200,
        seed: 3,
        bad_every: None,
    }) {
        text.push_str(&r.to_csv());
        text.push('\n');
    }
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("library.sqlite");
    import(&db, std::io::Cursor::new(text), "t.csv", |_| {
        std::ops::ControlFlow::Continue(())
    })
    .unwrap();
    let all = Library::open(&db)
        .unwrap()
        .count(&Filter::default())
        .unwrap();
    let missing = dir.path().join("none.sqlite");
    std::thread::scope(|scope| {
        let open: OpenSource<'_> = Box::new(|| {
            let source: Box<dyn PuzzleSource> = Box::new(LibrarySource::new(
                Library::open(&db)?,
                Basis::centred(1500),
            ));
            Ok(source)
        });
        let worker = Worker::spawn(scope, open, sancho::tui::Waker::default());
        assert!(worker.ask(Request::Count(Filter::default())));
        match worker.wait() {
            Some(Reply::Counted { filter, result }) => {
                assert_eq!(filter, Filter::default());
                assert_eq!(result.unwrap().1, all);
            }
            other => panic!("{other:?}"),
        }
        assert!(worker.ask(Request::Pick {
            filter: Filter::default(),
            near: 1500,
            limit: 3,
        }));
        match worker.wait() {
            Some(Reply::Picked(Ok(puzzles))) => assert_eq!(puzzles.len(), 3),
            other => panic!("{other:?}"),
        }
        assert!(worker.answered().is_none(), "one answer per request");

        // A library that does not open: every request says why.
        let broken = Worker::spawn(
            scope,
            Box::new(|| {
                let source: Box<dyn PuzzleSource> = Box::new(LibrarySource::new(
                    Library::open(&missing)?,
                    Basis::centred(1500),
                ));
                Ok(source)
            }),
            sancho::tui::Waker::default(),
        );
        for _ in 0..2 {
            broken.ask(Request::Count(Filter::default()));
            match broken.wait() {
                Some(Reply::Counted { result: Err(e), .. }) => {
                    assert!(e.to_string().contains("opening the library"), "{e}");
                }
                other => panic!("{other:?}"),
            }
        }
    });
}
