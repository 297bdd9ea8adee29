//! The scoresheet trainer's part of [`App::update`].

use super::{App, View};
use crate::drill::{Sheet, SheetGame};
use crate::train::{DrillDone, Finished};
use crate::tui::action::Action;
use crate::tui::input::InputLine;
use crate::tui::scoresheet::ScoresheetScreen;

impl App {
    /// The scoresheet trainer on a built-in game chosen by `seed`, the
    /// next move on Enter (`sancho drill scoresheet` takes a PGN, a game
    /// and a pace).
    pub(super) fn open_builtin_scoresheet(&mut self, seed: u64) {
        self.drills_started += 1;
        let games = SheetGame::all_of(crate::drill::game_book());
        let index = usize::try_from(seed % games.len().max(1) as u64).unwrap_or(0);
        let Some(game) = games.into_iter().nth(index) else {
            return;
        };
        let sheet = Sheet::new(game, 0).with_lang(self.config.lang.unwrap_or_default());
        self.scoresheet = Some(ScoresheetScreen::new(sheet, None));
        self.view = View::Scoresheet;
    }

    pub(super) fn update_scoresheet(&mut self, action: Action) {
        let Some(s) = &mut self.scoresheet else {
            self.view = View::Drills;
            return;
        };
        if s.is_finished() {
            match action {
                Action::Select | Action::Back => {
                    self.scoresheet = None;
                    self.view = View::Drills;
                }
                _ => self.update_page(action),
            }
            return;
        }
        match action {
            Action::Insert(c) => s.edit(|l| l.insert(c)),
            Action::Paste(text) => s.edit(|l| l.paste(&text)),
            Action::Backspace => s.edit(InputLine::backspace),
            Action::Delete => s.edit(InputLine::delete),
            Action::Left => s.edit(InputLine::left),
            Action::Right => s.edit(InputLine::right),
            Action::Home => s.edit(InputLine::home),
            Action::End => s.edit(InputLine::end),
            Action::ClearLine => s.edit(InputLine::clear),
            Action::DeleteWord => s.edit(InputLine::delete_word),
            Action::Submit => s.submit(),
            Action::FlipBoard => s.flip(),
            Action::Back => s.stop(),
            _ => {}
        }
        self.collect_scoresheet();
    }

    /// Hands a finished sheet over once, recorded as a drill of kind
    /// `scoresheet` (the summary's kind; the [`DrillKind`] is transcribe,
    /// its nearest drill).
    pub(super) fn collect_scoresheet(&mut self) {
        let Some(s) = &mut self.scoresheet else {
            return;
        };
        if s.is_finished() {
            self.scroll = 0;
        }
        if let Some(summary) = s.take_finished() {
            self.hand_over(Finished::Drill(DrillDone {
                summary,
                lesson: None,
                trained: Vec::new(),
            }));
        }
    }
}
