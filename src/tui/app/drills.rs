//! The drills menu, the drill screen, the lessons and the pages (lesson
//! text, stats, a drill's summary): their part of [`App::update`].

use super::{App, Screen};
use crate::drill::{self, DrillKind, DrillRun, GenOptions, Lesson, TIMED_COORDINATES_MS};
use crate::notation::Strictness;
use crate::progress::LessonScore;
use crate::train::{DrillDone, Finished};
use crate::tui::action::Action;
use crate::tui::config::{TIMED_COUNT, default_count};
use crate::tui::coords::{CoordRow, CoordSetupScreen};
use crate::tui::drill::{DrillScreen, Phase};
use crate::tui::input::InputLine;
use crate::tui::strings;
use crate::tui::view::geometry::list_item_at;

/// The drills menu's items.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DrillEntry {
    /// A drill of this kind, untimed.
    Kind(DrillKind),
    /// Coordinates against the clock (30 seconds).
    TimedCoordinates,
    /// The scoresheet trainer on a built-in game (the next move on Enter).
    Scoresheet,
    /// The lesson list.
    Lessons,
}

impl DrillEntry {
    /// Every item, in menu order.
    pub const ALL: [DrillEntry; 11] = [
        DrillEntry::Kind(DrillKind::Write),
        DrillEntry::Kind(DrillKind::Read),
        DrillEntry::Kind(DrillKind::Disambiguation),
        DrillEntry::Kind(DrillKind::Coordinates),
        DrillEntry::TimedCoordinates,
        DrillEntry::Kind(DrillKind::SquareColour),
        DrillEntry::Kind(DrillKind::Vision),
        DrillEntry::Kind(DrillKind::Transcribe),
        DrillEntry::Kind(DrillKind::Review),
        DrillEntry::Scoresheet,
        DrillEntry::Lessons,
    ];
}

impl App {
    pub(super) fn update_drills(&mut self, action: Action) -> Screen {
        let n = DrillEntry::ALL.len();
        match action {
            Action::Up => self.drill_menu = (self.drill_menu + n - 1) % n,
            Action::Down => self.drill_menu = (self.drill_menu + 1) % n,
            Action::Back => return Screen::Home,
            // A click selects an item and opens it, as on the home menu.
            Action::Click(_, row) => {
                if let Some(item) = list_item_at(self.size, self.drill_menu, n, row) {
                    self.drill_menu = item;
                    return self.update_drills(Action::Select);
                }
            }
            Action::Select => {
                self.notice = None;
                let seed = self.context.seed.wrapping_add(self.drills_started);
                let strictness = self.context.strictness;
                return match DrillEntry::ALL[self.drill_menu % n] {
                    // Coordinates open on their options first.
                    DrillEntry::Kind(DrillKind::Coordinates) => self.open_coord_setup(false),
                    DrillEntry::TimedCoordinates => self.open_coord_setup(true),
                    DrillEntry::Kind(kind) => {
                        self.start_drill(kind, seed, default_count(kind), strictness, false)
                    }
                    DrillEntry::Scoresheet => self.open_builtin_scoresheet(seed),
                    DrillEntry::Lessons => Screen::Lessons,
                };
            }
            _ => {}
        }
        Screen::Drills
    }

    /// The coordinates drill's start screen, on the options last set and
    /// its Start row.
    fn open_coord_setup(&self, timed: bool) -> Screen {
        let mut setup = CoordSetupScreen::new(self.coordinates, timed);
        setup.row = CoordRow::ALL.len() - 1;
        Screen::CoordSetup(setup)
    }

    /// The coordinates drill's start screen: ↑ ↓ choose a row, ← → change
    /// it, Enter starts, Esc goes back to the drills.
    pub(super) fn update_coord_setup(
        &mut self,
        mut setup: CoordSetupScreen,
        action: Action,
    ) -> Screen {
        match action {
            Action::Up => setup.move_row(-1),
            Action::Down => setup.move_row(1),
            Action::Left => setup.change(-1),
            Action::Right => setup.change(1),
            // A click picks a row (← → then change it); on Start, starts.
            Action::Click(_, row) => {
                let rows = CoordRow::ALL.len();
                if let Some(item) = list_item_at(self.size, setup.row, rows, row) {
                    setup.row = item;
                    if item == rows - 1 {
                        return self.update_coord_setup(setup, Action::Select);
                    }
                }
            }
            Action::Select => {
                self.coordinates = setup.options;
                let seed = self.context.seed.wrapping_add(self.drills_started);
                let timed = setup.timed;
                let count = if timed {
                    TIMED_COUNT
                } else {
                    default_count(DrillKind::Coordinates)
                };
                let strictness = self.context.strictness;
                return self.start_drill(DrillKind::Coordinates, seed, count, strictness, timed);
            }
            Action::Back => {
                self.coordinates = setup.options;
                return Screen::Drills;
            }
            _ => {}
        }
        Screen::CoordSetup(setup)
    }

    pub(super) fn start_drill(
        &mut self,
        kind: DrillKind,
        seed: u64,
        count: usize,
        strictness: Strictness,
        timed: bool,
    ) -> Screen {
        self.drills_started += 1;
        let options = GenOptions {
            weak_codes: self.context.weak_codes.clone(),
            game: None,
            coordinates: self.coordinates,
            book: Some(drill::game_book()),
        };
        let exercises = drill::generate(kind, seed, count, &options);
        if exercises.is_empty() {
            self.notice = Some(strings::NO_EXERCISES.to_owned());
            return Screen::Drills;
        }
        let mut run = DrillRun::new(kind, exercises, strictness)
            .with_lang(self.config.lang.unwrap_or_default());
        // A coordinates run carries its set-up, and the screen the records
        // it is measured against (those before it).
        let mut before = None;
        if kind == DrillKind::Coordinates {
            let setup = self.coordinates.setup(timed);
            before = self.context.stats.as_ref().map(|s| {
                s.coordinates
                    .iter()
                    .find(|r| r.mode == setup.mode && r.timed == timed && r.colour == setup.colour)
                    .cloned()
                    .unwrap_or_else(|| crate::progress::CoordRecords {
                        mode: setup.mode,
                        timed,
                        colour: setup.colour,
                        runs: 0,
                        best: None,
                        recent: Vec::new(),
                    })
            });
            run = run.with_coordinates(setup);
        }
        let budget = timed.then_some(TIMED_COORDINATES_MS);
        let title = strings::drill_title(kind, timed);
        Screen::Drill {
            drill: Box::new(DrillScreen::new(title, run, budget).with_records_before(before)),
            scroll: 0,
        }
    }

    pub(super) fn update_drill(
        &mut self,
        mut drill: Box<DrillScreen>,
        mut scroll: u16,
        action: Action,
    ) -> Screen {
        if drill.phase() == Phase::Summary {
            if matches!(action, Action::Select | Action::Back) {
                return leave_drill(&drill);
            }
            let len = drill.run().summary().mistakes.len() + 12;
            self.scroll_page(&mut scroll, len, &action);
            return Screen::Drill { drill, scroll };
        }
        self.play_drill(&mut drill, action);
        self.collect_drill(&mut drill);
        Screen::Drill { drill, scroll }
    }

    /// A key on a drill's exercise or verdict.
    fn play_drill(&self, d: &mut DrillScreen, action: Action) {
        if d.finding() {
            match action {
                Action::Up => d.move_cursor(0, 1),
                Action::Down => d.move_cursor(0, -1),
                Action::Left => d.move_cursor(-1, 0),
                Action::Right => d.move_cursor(1, 0),
                Action::Submit => d.choose(d.cursor()),
                Action::Click(column, row) => {
                    if let Some(square) = crate::tui::view::geometry::square_at(
                        self.size,
                        self.config.board,
                        d.bottom(),
                        column,
                        row,
                    ) {
                        d.choose(square);
                    }
                }
                Action::FlipBoard => d.flip(),
                Action::Back => d.stop(),
                _ => {}
            }
            return;
        }
        // Move vision: squares are clicked, or picked with the cursor while
        // the input line is empty.
        if d.kind() == DrillKind::Vision {
            let picking = d.picking();
            let handled = match action {
                Action::Click(column, row) => {
                    if let Some(square) = crate::tui::view::geometry::square_at(
                        self.size,
                        self.config.board,
                        d.bottom(),
                        column,
                        row,
                    ) {
                        d.pick(square);
                    }
                    true
                }
                Action::RecallLast if picking => {
                    d.move_cursor(0, 1);
                    true
                }
                Action::Down if picking => {
                    d.move_cursor(0, -1);
                    true
                }
                Action::Left if picking => {
                    d.move_cursor(-1, 0);
                    true
                }
                Action::Right if picking => {
                    d.move_cursor(1, 0);
                    true
                }
                Action::Backspace if picking => {
                    d.unpick();
                    true
                }
                Action::Submit if picking && d.phase() == Phase::Asking => {
                    d.pick(d.cursor());
                    true
                }
                _ => false,
            };
            if handled {
                return;
            }
        }
        match action {
            Action::Insert(c) => d.edit(|l| l.insert(c)),
            Action::Paste(text) => d.edit(|l| l.paste(&text)),
            Action::Backspace => d.edit(InputLine::backspace),
            Action::Delete => d.edit(InputLine::delete),
            Action::Left => d.edit(InputLine::left),
            Action::Right => d.edit(InputLine::right),
            Action::Home => d.edit(InputLine::home),
            Action::End => d.edit(InputLine::end),
            Action::ClearLine => d.edit(InputLine::clear),
            Action::DeleteWord => d.edit(InputLine::delete_word),
            Action::RecallLast => d.recall(),
            Action::Submit => d.submit(),
            Action::FlipBoard => d.flip(),
            Action::Back => d.stop(),
            _ => {}
        }
    }

    /// Hands a finished drill (and a completed lesson) over once.
    pub(super) fn collect_drill(&mut self, d: &mut DrillScreen) {
        let Some(summary) = d.take_finished() else {
            return;
        };
        let size = u32::try_from(d.run().len()).unwrap_or(u32::MAX);
        let score = LessonScore::of(summary.correct, summary.exercises, size);
        let lesson = d.lesson().map(str::to_owned);
        // What a review drill trained reviews each slip code's card.
        let trained = if d.kind() == DrillKind::Review {
            drill::credited(&summary.trained, &self.context.weak_codes)
        } else {
            Vec::new()
        };
        // One record: the drill, and the lesson it completes when passed.
        self.hand_over(Finished::Drill(DrillDone {
            summary,
            lesson: lesson.clone().map(|id| (id, size)),
            trained,
        }));
        let Some(id) = lesson else {
            return;
        };
        let best = self.context.lesson_best.entry(id.clone()).or_insert(score);
        if score.percent() > best.percent() {
            *best = score;
        }
        // Completed only when passed (80% right), never for answering.
        if score.passed() {
            self.completed.insert(id);
        }
    }

    /// A lesson's best score so far (this session's runs included).
    pub fn lesson_best(&self, id: &str) -> Option<LessonScore> {
        self.context.lesson_best.get(id).copied()
    }

    pub(super) fn update_lessons(&mut self, action: Action) -> Screen {
        let n = drill::lessons().len().max(1);
        match action {
            Action::Up => self.lesson_menu = (self.lesson_menu + n - 1) % n,
            Action::Down => self.lesson_menu = (self.lesson_menu + 1) % n,
            Action::Back => return Screen::Drills,
            Action::Select => return self.open_lesson(self.lesson_menu),
            Action::Click(_, row) => {
                if let Some(item) = list_item_at(self.size, self.lesson_menu, n, row) {
                    self.lesson_menu = item;
                    return self.open_lesson(item);
                }
            }
            _ => {}
        }
        Screen::Lessons
    }

    /// The page of the lesson at `index` in the list.
    pub(super) fn open_lesson(&self, index: usize) -> Screen {
        match drill::lessons().get(index) {
            Some(lesson) => Screen::Lesson { lesson, scroll: 0 },
            None => Screen::Lessons,
        }
    }

    /// A lesson's page: it scrolls, Enter starts its exercises, Esc goes
    /// back to the list.
    pub(super) fn update_lesson(
        &mut self,
        lesson: &'static Lesson,
        mut scroll: u16,
        action: Action,
    ) -> Screen {
        match action {
            Action::Back => Screen::Lessons,
            Action::Select => self.start_lesson(lesson),
            _ => {
                self.scroll_page(&mut scroll, lesson.text.lines().count() + 4, &action);
                Screen::Lesson { lesson, scroll }
            }
        }
    }

    /// A lesson's exercises.
    fn start_lesson(&self, lesson: &'static Lesson) -> Screen {
        let run = DrillRun::new(DrillKind::Write, lesson.drill(), self.context.strictness)
            .with_label(&lesson.id);
        let title = strings::lesson_title(lesson.number, &lesson.title);
        Screen::Drill {
            drill: Box::new(DrillScreen::new(title, run, None).for_lesson(&lesson.id)),
            scroll: 0,
        }
    }
}

/// Leaves a finished drill: to the lessons if it was a lesson's, else to
/// the drills menu.
fn leave_drill(drill: &DrillScreen) -> Screen {
    if drill.lesson().is_some() {
        Screen::Lessons
    } else {
        Screen::Drills
    }
}
