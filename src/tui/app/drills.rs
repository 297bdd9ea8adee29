//! The drills menu, the drill screen, the lessons and the pages (lesson
//! text, stats, a drill's summary): their part of [`App::update`].

use super::{App, DrillEntry, View};
use crate::drill::{self, DrillKind, DrillRun, GenOptions, TIMED_COORDINATES_MS};
use crate::notation::Strictness;
use crate::progress::LessonScore;
use crate::train::{DrillDone, Finished};
use crate::tui::action::Action;
use crate::tui::config::{TIMED_COUNT, default_count};
use crate::tui::coords::CoordRow;
use crate::tui::drill::{DrillScreen, Phase};
use crate::tui::input::InputLine;
use crate::tui::strings;
use crate::tui::view::geometry::list_item_at;

impl App {
    pub(super) fn update_drills(&mut self, action: Action) {
        let n = DrillEntry::ALL.len();
        match action {
            Action::Up => self.drill_menu = (self.drill_menu + n - 1) % n,
            Action::Down => self.drill_menu = (self.drill_menu + 1) % n,
            Action::Back => self.view = View::Home,
            // A click selects an item and opens it, as on the home menu.
            Action::Click(_, row) => {
                if let Some(item) = list_item_at(self.size, self.drill_menu, n, row) {
                    self.drill_menu = item;
                    self.update_drills(Action::Select);
                }
            }
            Action::Select => {
                self.notice = None;
                let seed = self.context.seed.wrapping_add(self.drills_started);
                let strictness = self.context.strictness;
                match DrillEntry::ALL[self.drill_menu % n] {
                    // Coordinates open on their options first.
                    DrillEntry::Kind(DrillKind::Coordinates) => self.open_coord_setup(false),
                    DrillEntry::TimedCoordinates => self.open_coord_setup(true),
                    DrillEntry::Kind(kind) => {
                        self.start_drill(kind, seed, default_count(kind), strictness, false);
                    }
                    DrillEntry::Scoresheet => self.open_builtin_scoresheet(seed),
                    DrillEntry::Lessons => self.view = View::Lessons,
                }
            }
            _ => {}
        }
    }

    fn open_coord_setup(&mut self, timed: bool) {
        self.coord_setup.timed = timed;
        self.coord_setup.row = CoordRow::ALL.len() - 1;
        self.view = View::CoordSetup;
    }

    /// The coordinates drill's start screen: ↑ ↓ choose a row, ← → change
    /// it, Enter starts, Esc goes back to the drills.
    pub(super) fn update_coord_setup(&mut self, action: Action) {
        match action {
            Action::Up => self.coord_setup.move_row(-1),
            Action::Down => self.coord_setup.move_row(1),
            Action::Left => self.coord_setup.change(-1),
            Action::Right => self.coord_setup.change(1),
            // A click picks a row (← → then change it); on Start, starts.
            Action::Click(_, row) => {
                let rows = CoordRow::ALL.len();
                if let Some(item) = list_item_at(self.size, self.coord_setup.row, rows, row) {
                    self.coord_setup.row = item;
                    if item == rows - 1 {
                        self.update_coord_setup(Action::Select);
                    }
                }
            }
            Action::Select => {
                let seed = self.context.seed.wrapping_add(self.drills_started);
                let timed = self.coord_setup.timed;
                let count = if timed {
                    TIMED_COUNT
                } else {
                    default_count(DrillKind::Coordinates)
                };
                let strictness = self.context.strictness;
                self.start_drill(DrillKind::Coordinates, seed, count, strictness, timed);
            }
            Action::Back => self.view = View::Drills,
            _ => {}
        }
    }

    pub(super) fn start_drill(
        &mut self,
        kind: DrillKind,
        seed: u64,
        count: usize,
        strictness: Strictness,
        timed: bool,
    ) {
        self.drills_started += 1;
        let options = GenOptions {
            weak_codes: self.context.weak_codes.clone(),
            game: None,
            coordinates: self.coord_setup.options,
            book: Some(drill::game_book()),
        };
        let exercises = drill::generate(kind, seed, count, &options);
        if exercises.is_empty() {
            self.notice = Some(strings::NO_EXERCISES.to_owned());
            self.view = View::Drills;
            return;
        }
        let mut run = DrillRun::new(kind, exercises, strictness)
            .with_lang(self.config.lang.unwrap_or_default());
        // A coordinates run carries its set-up, and the screen the records
        // it is measured against (those before it).
        let mut before = None;
        if kind == DrillKind::Coordinates {
            let setup = self.coord_setup.options.setup(timed);
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
        self.drill = Some(DrillScreen::new(title, run, budget).with_records_before(before));
        self.view = View::Drill;
    }

    pub(super) fn update_drill(&mut self, action: Action) {
        let Some(d) = &mut self.drill else {
            self.view = View::Drills;
            return;
        };
        if d.phase() == Phase::Summary {
            match action {
                Action::Select | Action::Back => self.leave_drill(),
                _ => self.update_page(action),
            }
            return;
        }
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
            if d.phase() == Phase::Summary {
                self.scroll = 0;
            }
            self.collect_drill();
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
                if d.phase() == Phase::Summary {
                    self.scroll = 0;
                }
                self.collect_drill();
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
        if d.phase() == Phase::Summary {
            self.scroll = 0;
        }
        self.collect_drill();
    }

    pub(super) fn leave_drill(&mut self) {
        let from_lesson = self.drill.as_ref().is_some_and(|d| d.lesson().is_some());
        self.drill = None;
        self.view = if from_lesson {
            View::Lessons
        } else {
            View::Drills
        };
    }

    /// Hands a finished drill (and a completed lesson) over once.
    pub(super) fn collect_drill(&mut self) {
        let Some(d) = &mut self.drill else {
            return;
        };
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

    pub(super) fn update_lessons(&mut self, action: Action) {
        let n = drill::lessons().len().max(1);
        match action {
            Action::Up => self.lesson_menu = (self.lesson_menu + n - 1) % n,
            Action::Down => self.lesson_menu = (self.lesson_menu + 1) % n,
            Action::Back => self.view = View::Drills,
            Action::Select => self.open_lesson(self.lesson_menu),
            Action::Click(_, row) => {
                if let Some(item) = list_item_at(self.size, self.lesson_menu, n, row) {
                    self.lesson_menu = item;
                    self.open_lesson(item);
                }
            }
            _ => {}
        }
    }

    pub(super) fn open_lesson(&mut self, index: usize) {
        if index < drill::lessons().len() {
            self.lesson = index;
            self.open_page(View::Lesson);
        }
    }

    pub(super) fn open_page(&mut self, view: View) {
        self.scroll = 0;
        self.view = view;
    }

    /// Scrolling, Enter and Esc on a page (lesson, stats, summary).
    pub(super) fn update_page(&mut self, action: Action) {
        let page = self.size.1.saturating_sub(4).max(1);
        let max = self.page_len();
        match action {
            Action::Up => self.scroll = self.scroll.saturating_sub(1),
            Action::Down => self.scroll = (self.scroll + 1).min(max),
            Action::ScrollUp => self.scroll = self.scroll.saturating_sub(page),
            Action::ScrollDown => self.scroll = self.scroll.saturating_add(page).min(max),
            Action::Back => {
                self.view = match self.view {
                    View::Lesson => View::Lessons,
                    _ => View::Home,
                }
            }
            Action::Select if self.view == View::Lesson => self.start_lesson(),
            Action::Select => self.view = View::Home,
            _ => {}
        }
    }

    /// How far a page may scroll: its length in source lines.
    pub(super) fn page_len(&self) -> u16 {
        let lines = match self.view {
            View::Lesson => self
                .current_lesson()
                .map_or(0, |l| l.text.lines().count() + 4),
            View::Drill => self
                .drill
                .as_ref()
                .map_or(0, |d| d.run().summary().mistakes.len() + 12),
            View::Scoresheet => self.scoresheet.as_ref().map_or(0, |s| {
                let sheet = s.playback().sheet();
                sheet.entries().len() / 2 + sheet.summary().by_code.len() + 10
            }),
            View::Run => self.run.as_ref().map_or(0, |r| r.failed().len() + 16),
            _ => 0,
        };
        u16::try_from(lines).unwrap_or(u16::MAX)
    }

    pub(super) fn start_lesson(&mut self) {
        let Some(lesson) = self.current_lesson() else {
            return;
        };
        let run = DrillRun::new(DrillKind::Write, lesson.drill(), self.context.strictness)
            .with_label(&lesson.id);
        let title = strings::lesson_title(lesson.number, &lesson.title);
        self.drill = Some(DrillScreen::new(title, run, None).for_lesson(&lesson.id));
        self.view = View::Drill;
    }
}
