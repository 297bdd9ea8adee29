//! The library filter screen: its part of [`App::update`], and the
//! requests the runner answers from the puzzle source.

use super::{App, Screen};
use crate::library::Filter;
use crate::library::LibraryError;
use crate::puzzle::Puzzle;
use crate::tui::action::Action;
use crate::tui::filter::{FilterNext, FilterState, PuzzleSource, Request, answer};
use crate::tui::strings;

impl App {
    /// The same app with a puzzle library behind it: the home menu's
    /// "Library" item opens the filter screen (without one it tells how to
    /// import one). The runner does this when it is given a source.
    #[must_use]
    pub fn with_library(self) -> App {
        self.with_library_filter(Filter::default())
    }

    /// Like [`App::with_library`], the filter screen starting from `filter`
    /// (the command line's `--theme`, `--rating`, `--opening`, ...).
    #[must_use]
    pub fn with_library_filter(mut self, filter: Filter) -> App {
        self.library = Some(Box::new(FilterState::with_filter(filter)));
        self
    }

    /// Whether a puzzle library is behind the app.
    pub fn has_library(&self) -> bool {
        self.filter_state().is_some()
    }

    /// The filter screen's state, shown or not (`None` without a library).
    pub fn filter_state(&self) -> Option<&FilterState> {
        match &self.screen {
            Screen::Filter(f) => Some(f),
            _ => self.library.as_deref(),
        }
    }

    /// [`App::filter_state`], to change.
    pub(super) fn filter_mut(&mut self) -> Option<&mut FilterState> {
        match &mut self.screen {
            Screen::Filter(f) => Some(f),
            _ => self.library.as_deref_mut(),
        }
    }

    /// The library request in flight (asked with
    /// [`Effect::Library`](crate::tui::Effect::Library), not yet answered).
    pub fn request(&self) -> Option<Request> {
        if let Some(form) = self.sets_screen().and_then(|s| s.form()) {
            return form.request();
        }
        self.filter_state().and_then(FilterState::request)
    }

    /// Answers the library request in flight, if any, from `source` at
    /// once and takes the answer in. Returns whether there was one. For
    /// tests: the runner does the same from the effects it is given.
    pub fn serve(&mut self, source: &dyn PuzzleSource) -> bool {
        let Some(request) = self.request() else {
            return false;
        };
        self.answer(answer(source, request));
        true
    }

    /// The filter screen, when there is a library; else home, saying how
    /// to import one.
    pub(super) fn open_filter(&mut self) -> Screen {
        match self.library.take() {
            Some(f) => Screen::Filter(f),
            None => {
                self.notice = Some(strings::NO_LIBRARY.to_owned());
                Screen::Home
            }
        }
    }

    pub(super) fn update_filter(
        &mut self,
        mut filter: Box<FilterState>,
        action: &Action,
    ) -> Screen {
        match filter.apply(action) {
            FilterNext::Stay => Screen::Filter(filter),
            FilterNext::Back => {
                self.library = Some(filter);
                Screen::Home
            }
        }
    }

    /// The library's pick: played at once if the filter screen is still
    /// shown (a pick for a screen the user has left is dropped).
    pub(super) fn picked(&mut self, picked: Result<Vec<Puzzle>, LibraryError>) {
        let shown = matches!(self.screen, Screen::Filter(_));
        let Some(f) = self.filter_mut() else {
            return;
        };
        let (first, puzzles) = match picked {
            Ok(puzzles) => match puzzles.first().cloned() {
                Some(first) => {
                    f.picked(None);
                    (first, puzzles)
                }
                None => return f.picked(Some(strings::NOTHING_TO_PLAY.to_owned())),
            },
            Err(e) => return f.picked(Some(e.to_string())),
        };
        if !shown {
            return;
        }
        if let Screen::Filter(f) = std::mem::replace(&mut self.screen, Screen::Home) {
            self.library = Some(f);
        }
        self.leave_set();
        if let Some(mut old) = self.paused.take() {
            self.leave_puzzle(&mut old);
        }
        self.screen = Screen::Puzzle(Box::new(self.new_play(0, first)));
        self.order = (0..puzzles.len()).collect();
        self.at = 0;
        self.puzzles = puzzles;
        self.builtin = false;
    }
}
