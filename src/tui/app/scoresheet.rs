//! The scoresheet trainer's part of [`App::update`].

use super::{App, Screen};
use crate::drill::{Sheet, SheetGame};
use crate::train::{DrillDone, Finished};
use crate::tui::action::Action;
use crate::tui::input::InputLine;
use crate::tui::scoresheet::ScoresheetScreen;

impl App {
    /// The scoresheet trainer on a built-in game chosen by `seed`, the
    /// next move on Enter (`sancho drill scoresheet` takes a PGN, a game
    /// and a pace).
    pub(super) fn open_builtin_scoresheet(&mut self, seed: u64) -> Screen {
        self.drills_started += 1;
        let games = SheetGame::all_of(crate::drill::game_book());
        let index = usize::try_from(seed % games.len().max(1) as u64).unwrap_or(0);
        let Some(game) = games.into_iter().nth(index) else {
            return Screen::Drills;
        };
        let sheet = Sheet::new(game, 0).with_lang(self.config.lang.unwrap_or_default());
        Screen::Scoresheet {
            sheet: Box::new(ScoresheetScreen::new(sheet, None)),
            scroll: 0,
        }
    }

    pub(super) fn update_scoresheet(
        &mut self,
        mut sheet: Box<ScoresheetScreen>,
        mut scroll: u16,
        action: Action,
    ) -> Screen {
        if sheet.is_finished() {
            if matches!(action, Action::Select | Action::Back) {
                return Screen::Drills;
            }
            let written = sheet.playback().sheet();
            let len = written.entries().len() / 2 + written.summary().by_code.len() + 10;
            self.scroll_page(&mut scroll, len, &action);
            return Screen::Scoresheet { sheet, scroll };
        }
        match action {
            Action::Insert(c) => sheet.edit(|l| l.insert(c)),
            Action::Paste(text) => sheet.edit(|l| l.paste(&text)),
            Action::Backspace => sheet.edit(InputLine::backspace),
            Action::Delete => sheet.edit(InputLine::delete),
            Action::Left => sheet.edit(InputLine::left),
            Action::Right => sheet.edit(InputLine::right),
            Action::Home => sheet.edit(InputLine::home),
            Action::End => sheet.edit(InputLine::end),
            Action::ClearLine => sheet.edit(InputLine::clear),
            Action::DeleteWord => sheet.edit(InputLine::delete_word),
            Action::Submit => sheet.submit(),
            Action::FlipBoard => sheet.flip(),
            Action::Back => sheet.stop(),
            _ => {}
        }
        self.collect_scoresheet(&mut sheet);
        Screen::Scoresheet { sheet, scroll }
    }

    /// Hands a finished sheet over once, recorded as a drill of kind
    /// `scoresheet` (the summary's kind; the [`DrillKind`] is transcribe,
    /// its nearest drill).
    ///
    /// [`DrillKind`]: crate::drill::DrillKind
    pub(super) fn collect_scoresheet(&mut self, sheet: &mut ScoresheetScreen) {
        if let Some(summary) = sheet.take_finished() {
            self.hand_over(Finished::Drill(DrillDone {
                summary,
                lesson: None,
                trained: Vec::new(),
            }));
        }
    }
}
