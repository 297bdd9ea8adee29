//! Issue 23: the home menu's Sets screen lists, makes (a name, a size and
//! the library screen's filter form) and plays Woodpecker sets; every
//! attempt carries its place in the set, and a finished cycle's summary
//! is on screen. The app's effects are answered as the runner's services
//! answer them: the store's side by `answer_sets`, the filter form's
//! counts from the built-in puzzles, records through `train::record`.

use ratatui::Terminal;
use ratatui::backend::TestBackend;
use sancho::progress::{Store, Timestamp};
use sancho::train::{Finished, Saved, SetPlace};
use sancho::tui::{
    Action, App, Config, Effect, KeyContext, ListSource, MenuItem, Reply, View, answer,
    answer_sets, render,
};

use crate::tui_fit::assert_fits;

const NOW: Timestamp = Timestamp(1_800_000_000);

/// The runner's services, here: the store, the built-in puzzles, and the
/// set places of what was recorded.
struct Services {
    store: Store,
    builtin: ListSource,
    places: Vec<Option<SetPlace>>,
    _dir: tempfile::TempDir,
}

impl Services {
    fn new() -> Services {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(dir.path(), NOW).unwrap().store;
        Services {
            store,
            builtin: ListSource::builtin(),
            places: Vec::new(),
            _dir: dir,
        }
    }

    /// Applies `action` and answers every effect that follows.
    fn act(&mut self, app: &mut App, action: Action) {
        let effects = app.update(action);
        self.serve(app, effects);
    }

    fn serve(&mut self, app: &mut App, effects: Vec<Effect>) {
        let mut queue = std::collections::VecDeque::from(effects);
        while let Some(effect) = queue.pop_front() {
            let reply = match effect {
                Effect::Sets(ask) => Reply::Sets(answer_sets(&mut self.store, None, ask, NOW)),
                Effect::Library(request) => answer(&self.builtin, request),
                Effect::Record(done) => {
                    let Finished::Puzzle(attempt) = &done else {
                        continue;
                    };
                    self.places.push(attempt.set.clone());
                    let saved = sancho::train::record(&mut self.store, &done, NOW).unwrap();
                    let Saved::Puzzle { recorded, set } = saved else {
                        continue;
                    };
                    Reply::Recorded {
                        puzzle_id: attempt.puzzle.id.clone(),
                        recorded,
                        set: set.and_then(Result::ok),
                    }
                }
                _ => continue,
            };
            queue.extend(app.answer(reply));
        }
    }
}

fn text(app: &App, w: u16, h: u16) -> String {
    let mut t = Terminal::new(TestBackend::new(w, h)).unwrap();
    t.draw(|f| render(app, f)).unwrap();
    let buf = t.backend().buffer();
    (0..h)
        .map(|y| (0..w).map(|x| buf[(x, y)].symbol()).collect::<String>())
        .collect::<Vec<_>>()
        .join("\n")
}

fn typed(services: &mut Services, app: &mut App, text: &str) {
    for c in text.chars() {
        services.act(app, Action::Insert(c));
    }
}

/// The home menu's Sets, opened.
fn sets_screen(services: &mut Services) -> App {
    let mut app = App::new(Config::default(), Vec::new());
    let at = MenuItem::ALL
        .iter()
        .position(|&m| m == MenuItem::Sets)
        .unwrap();
    for _ in 0..at {
        app.update(Action::Down);
    }
    services.act(&mut app, Action::Select);
    assert_eq!(app.view(), View::Sets);
    app
}

/// Makes the set `name` of `size` puzzles on the screen, the filter form
/// left as it opens.
fn make_set(services: &mut Services, app: &mut App, name: &str, size: &str) {
    services.act(app, Action::New);
    typed(services, app, name);
    services.act(app, Action::Submit);
    services.act(app, Action::ClearLine);
    typed(services, app, size);
    services.act(app, Action::Submit);
    assert_eq!(app.key_context(), KeyContext::Filter);
    services.act(app, Action::PlayFiltered);
}

/// Gives the puzzle shown up (the result counts as failed).
fn give_up(services: &mut Services, app: &mut App) {
    while app.play().is_some_and(|p| p.outcome().is_none()) {
        services.act(app, Action::ShowSolution);
    }
}

#[test]
fn a_set_made_on_the_screen_is_played_and_its_cycle_summed_up() {
    let mut services = Services::new();
    let mut app = sets_screen(&mut services);
    assert!(
        text(&app, 80, 24).contains("No sets yet"),
        "{}",
        text(&app, 80, 24)
    );

    make_set(&mut services, &mut app, "forks", "2");
    let screen = text(&app, 80, 24);
    assert!(screen.contains("Set forks made: 2 puzzles"), "{screen}");
    assert!(screen.contains("forks"), "{screen}");
    let listed = app.sets_screen().unwrap().sets().unwrap();
    assert_eq!(listed.len(), 1);
    assert_eq!((listed[0].name.as_str(), listed[0].puzzles), ("forks", 2));
    let set = services.store.progress().set("forks").unwrap().clone();
    assert_eq!(
        set.origin,
        sancho::progress::SetOrigin::Builtin,
        "no library: the built-ins"
    );

    // Enter plays it: the header names the set and the cycle.
    services.act(&mut app, Action::Select);
    assert_eq!(app.view(), View::Puzzle);
    let header = app.set_header().unwrap();
    assert_eq!(
        (header.name.as_str(), header.cycle, header.done, header.size),
        ("forks", 1, 0, 2)
    );
    assert!(text(&app, 80, 24).contains("set forks, cycle 1: 0/2"));

    // Each attempt carries its place in the set, and is filed there.
    give_up(&mut services, &mut app);
    let first = app.play().unwrap().puzzle().id.clone();
    let place = services.places[0].clone().expect("a set place");
    assert_eq!((place.play.name.as_str(), place.play.cycle), ("forks", 1));
    assert_eq!(set.puzzles[place.index].puzzle, first);
    assert_eq!(app.set_header().unwrap().done, 1);
    services.act(&mut app, Action::Next);
    give_up(&mut services, &mut app);
    assert!(
        app.cycle_done().is_some(),
        "the last attempt finished the cycle"
    );
    assert_eq!(services.places.len(), 2);
    assert!(services.places.iter().all(Option::is_some));

    // Past the last puzzle: the Sets screen with the cycle in figures.
    services.act(&mut app, Action::Next);
    assert_eq!(app.view(), View::Sets);
    let screen = text(&app, 80, 24);
    for said in [
        "forks: Cycle 1 done: 0/2 solved (0%)",
        "solving, 1 day.",
        "Next cycle: within 1",
    ] {
        assert!(screen.contains(said), "{said}:\n{screen}");
    }
    // The list read again: cycle 2 is next, within a day.
    let stats = services.store.progress().set("forks").unwrap().stats();
    assert_eq!(stats.cycles.len(), 1);
    let row = sancho::tui::strings::set_row(&stats, 5);
    assert_eq!(row, "forks     2     2  0/2       1 day");
    assert!(screen.contains(&row), "{row}\n{screen}");

    // The home menu's Puzzles goes back to what was played before.
    services.act(&mut app, Action::Back);
    assert!(
        !app.playing_set(),
        "the cycle played through ends the sitting"
    );
    services.act(&mut app, Action::Select);
    assert!(app.set_header().is_none());
    assert!(!app.playing_set());
}

/// A set left for the menus is put aside by another track: Storm draws
/// from the puzzles loaded before it, not the set's.
#[test]
fn storm_from_the_menu_leaves_the_set_for_the_puzzles_before_it() {
    let mut services = Services::new();
    let builtin = sancho::content::builtin_packs()
        .unwrap()
        .into_iter()
        .flat_map(|p| p.puzzles)
        .take(3)
        .collect::<Vec<_>>();
    let mut app = App::new(Config::default(), builtin.clone());
    let at = |item| MenuItem::ALL.iter().position(|&m| m == item).unwrap();
    for _ in 0..at(MenuItem::Sets) {
        app.update(Action::Down);
    }
    services.act(&mut app, Action::Select);
    make_set(&mut services, &mut app, "w", "2");
    services.act(&mut app, Action::Select);
    assert!(app.playing_set());
    assert_eq!(app.puzzles().len(), 2);
    services.act(&mut app, Action::Back);
    services.act(&mut app, Action::Back);
    while app.menu_index() != at(MenuItem::Storm) {
        app.update(Action::Up);
    }
    services.act(&mut app, Action::Select);
    assert_eq!(app.view(), View::Run);
    assert!(!app.playing_set());
    assert_eq!(app.puzzles(), &builtin[..]);
}

#[test]
fn a_taken_name_or_a_bad_size_is_said_and_a_set_is_deleted_on_a_second_press() {
    let mut services = Services::new();
    let mut app = sets_screen(&mut services);
    make_set(&mut services, &mut app, "pins", "3");
    services.act(&mut app, Action::New);
    typed(&mut services, &mut app, "pins");
    services.act(&mut app, Action::Submit);
    let screen = text(&app, 80, 24);
    assert!(screen.contains("already a set named \"pins\""), "{screen}");
    services.act(&mut app, Action::ClearLine);
    typed(&mut services, &mut app, "other");
    services.act(&mut app, Action::Submit);
    // The size starts empty: what is typed is the size, not appended to a
    // default.
    typed(&mut services, &mut app, "x0");
    services.act(&mut app, Action::Submit);
    let screen = text(&app, 80, 24);
    assert!(
        screen.contains("0 is not a size: 1 to 2000 puzzles"),
        "{screen}"
    );
    // Back to the name: the size's complaint goes with its step.
    services.act(&mut app, Action::Back);
    assert!(!text(&app, 80, 24).contains("is not a size"));
    services.act(&mut app, Action::Back);
    assert_eq!(app.key_context(), KeyContext::Sets);

    services.act(&mut app, Action::Remove);
    assert!(services.store.progress().set("pins").is_ok(), "asks first");
    assert!(text(&app, 80, 24).contains("Press delete again"));
    services.act(&mut app, Action::Remove);
    assert!(services.store.progress().set("pins").is_err());
    assert!(text(&app, 80, 24).contains("Set pins deleted"));
    assert_eq!(app.sets_screen().unwrap().sets().unwrap().len(), 0);
}

/// Issue 27's check on the Sets screen: the list, a new set's name, its
/// filter form, and a finished cycle.
#[test]
fn the_sets_screen_fits() {
    let mut services = Services::new();
    let mut app = sets_screen(&mut services);
    assert_fits("sets, none", &app, &[]);
    make_set(
        &mut services,
        &mut app,
        "a set name forty characters long: xxxxxx",
        "2",
    );
    make_set(&mut services, &mut app, "forks", "1");
    assert_fits("sets, listed", &app, &[]);
    services.act(&mut app, Action::New);
    typed(&mut services, &mut app, "mates");
    assert_fits("sets, naming", &app, &[]);
    services.act(&mut app, Action::Submit);
    services.act(&mut app, Action::Submit);
    // Enter alone takes the default size.
    assert!(
        matches!(
            app.sets_screen().unwrap().making(),
            Some(sancho::tui::Making::Filter { count: 50, .. })
        ),
        "Enter alone makes a set of 50"
    );
    // The themes list scrolls: those below the window may go.
    let themes: Vec<String> = app
        .sets_screen()
        .unwrap()
        .form()
        .unwrap()
        .themes()
        .iter()
        .flat_map(|t| [t.name.clone(), t.total.to_string(), t.filtered.to_string()])
        .collect();
    let may: Vec<&str> = themes.iter().map(String::as_str).collect();
    assert_fits("sets, filter form", &app, &may);
    services.act(&mut app, Action::Back);
    services.act(&mut app, Action::Back);
    services.act(&mut app, Action::Back);
    services.act(&mut app, Action::Down);
    services.act(&mut app, Action::Select);
    give_up(&mut services, &mut app);
    services.act(&mut app, Action::Next);
    assert_eq!(app.view(), View::Sets);
    assert!(app.sets_screen().unwrap().ended().is_some());
    assert_fits("sets, cycle done", &app, &[]);
}
