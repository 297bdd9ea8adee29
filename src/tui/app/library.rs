//! The library filter screen: its part of [`App::update`], and the
//! requests the runner answers from the puzzle source.

use super::{App, View};
use crate::library::Filter;
use crate::library::LibraryError;
use crate::puzzle::Puzzle;
use crate::tui::action::Action;
use crate::tui::filter::{FilterNext, FilterState, PuzzleSource, Request, answer};
use crate::tui::play::Play;
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
        self.library = Some(FilterState::with_filter(filter));
        self
    }

    /// Whether a puzzle library is behind the app.
    pub fn has_library(&self) -> bool {
        self.library.is_some()
    }

    /// The filter screen's state (`None` without a library).
    pub fn filter_state(&self) -> Option<&FilterState> {
        self.library.as_ref()
    }

    /// The library request in flight (asked with
    /// [`Effect::Library`](crate::tui::Effect::Library), not yet answered).
    pub fn request(&self) -> Option<Request> {
        self.library.as_ref().and_then(FilterState::request)
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

    pub(super) fn open_filter(&mut self) {
        if self.library.is_some() {
            self.view = View::Filter;
        } else {
            self.notice = Some(strings::NO_LIBRARY.to_owned());
        }
    }

    pub(super) fn update_filter(&mut self, action: Action) {
        let Some(f) = &mut self.library else {
            self.view = View::Home;
            return;
        };
        if f.apply(&action) == FilterNext::Back {
            self.view = View::Home;
        }
    }

    pub(super) fn picked(&mut self, picked: Result<Vec<Puzzle>, LibraryError>) {
        let Some(f) = &mut self.library else {
            return;
        };
        match picked {
            Ok(puzzles) if !puzzles.is_empty() => {
                f.picked(None);
                self.leave_puzzle();
                self.play = puzzles.first().map(|p| {
                    Play::new(0, p.clone())
                        .with_reply_delay(self.config.reply_delay_ms)
                        .with_lang(self.config.lang.unwrap_or_default())
                });
                self.order = (0..puzzles.len()).collect();
                self.at = 0;
                self.puzzles = puzzles;
                self.builtin = false;
                self.view = View::Puzzle;
            }
            Ok(_) => f.picked(Some(strings::NOTHING_TO_PLAY.to_owned())),
            Err(e) => f.picked(Some(e.to_string())),
        }
    }
}
