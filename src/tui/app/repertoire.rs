//! The repertoire trainer's part of [`App::update`]: the home menu's
//! "Repertoire" trains each repertoire with cards to ask, in turn.

use super::{App, Screen};
use crate::repertoire::Trainer;
use crate::tui::action::Action;
use crate::tui::input::InputLine;
use crate::tui::repertoire::RepertoireScreen;
use crate::tui::strings;

impl App {
    /// The trainer on the first repertoire from `from` on with cards to
    /// ask today; the home screen with a notice when there is none.
    pub(super) fn open_repertoire(&mut self, from: usize) -> Screen {
        if self.context.repertoires.is_empty() {
            self.notice = Some(strings::NO_REPERTOIRE.to_owned());
            return Screen::Home;
        }
        let found = self
            .context
            .repertoires
            .iter()
            .enumerate()
            .skip(from)
            .find(|(_, (_, plan))| !plan.due.is_empty() || !plan.new.is_empty());
        let Some((index, (rep, plan))) = found else {
            if from == 0 {
                self.notice = Some(strings::NOTHING_DUE.to_owned());
            }
            return Screen::Home;
        };
        let lang = self.config.lang.unwrap_or_default();
        let (trainer, first) = Trainer::new(rep.clone(), plan, lang);
        Screen::Repertoire(Box::new(RepertoireScreen::new(
            trainer,
            first,
            self.context.opened,
            index,
        )))
    }

    pub(super) fn update_repertoire(
        &mut self,
        mut rep: Box<RepertoireScreen>,
        action: Action,
    ) -> Screen {
        if rep.is_finished() {
            return match action {
                Action::Select | Action::Back => self.open_repertoire(rep.index() + 1),
                _ => Screen::Repertoire(rep),
            };
        }
        match action {
            Action::Insert(c) => rep.edit(|l| l.insert(c)),
            Action::Paste(text) => rep.edit(|l| l.paste(&text)),
            Action::Backspace => rep.edit(InputLine::backspace),
            Action::Delete => rep.edit(InputLine::delete),
            Action::Left => rep.edit(InputLine::left),
            Action::Right => rep.edit(InputLine::right),
            Action::Home => rep.edit(InputLine::home),
            Action::End => rep.edit(InputLine::end),
            Action::ClearLine => rep.edit(InputLine::clear),
            Action::DeleteWord => rep.edit(InputLine::delete_word),
            Action::Submit => rep.submit(),
            Action::FlipBoard => rep.flip(),
            Action::Back => rep.stop(),
            _ => {}
        }
        self.collect_repertoire(&mut rep);
        Screen::Repertoire(rep)
    }

    /// Hands each answered card over to record, and once the session is
    /// over keeps what it did not reach for a later visit.
    fn collect_repertoire(&mut self, rep: &mut RepertoireScreen) {
        for done in rep.take_finished() {
            self.hand_over(done);
        }
        if rep.is_finished()
            && let Some((_, plan)) = self.context.repertoires.get_mut(rep.index())
        {
            *plan = rep.left_over();
        }
    }
}
