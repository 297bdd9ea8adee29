//! The puzzle screen: its part of [`App::update`], moving on through the
//! play order, and handing each finished attempt over.

use super::{App, View};
use crate::record::source_of;
use crate::train::{Finished, PuzzleDone, Rating};
use crate::tui::action::Action;
use crate::tui::input::InputLine;
use crate::tui::play::Play;
use crate::tui::strings;

impl App {
    pub(super) fn open_puzzles(&mut self) {
        if self.play.is_none() {
            let first = self.order.get(self.at).copied().unwrap_or(0);
            match self.puzzles.get(first) {
                Some(p) => {
                    self.play = Some(
                        Play::new(first, p.clone())
                            .with_reply_delay(self.config.reply_delay_ms)
                            .with_lang(self.config.lang.unwrap_or_default()),
                    )
                }
                None => {
                    self.notice = Some(strings::NO_PUZZLES.to_owned());
                    return;
                }
            }
        }
        self.view = View::Puzzle;
    }

    pub(super) fn update_puzzle(&mut self, action: Action) {
        let Some(play) = &mut self.play else {
            self.view = View::Home;
            return;
        };
        match action {
            // Once the puzzle has ended the input is closed: the arrows step
            // through the solution on the board.
            Action::Left if play.finish().is_some() => play.step(-1),
            Action::Right if play.finish().is_some() => play.step(1),
            Action::Home if play.finish().is_some() => play.step_to(false),
            Action::End if play.finish().is_some() => play.step_to(true),
            Action::Insert(c) => play.edit(|l| l.insert(c)),
            Action::Paste(text) => play.edit(|l| l.paste(&text)),
            Action::Backspace => play.edit(InputLine::backspace),
            Action::Delete => play.edit(InputLine::delete),
            Action::Left => play.edit(InputLine::left),
            Action::Right => play.edit(InputLine::right),
            Action::Home => play.edit(InputLine::home),
            Action::End => play.edit(InputLine::end),
            Action::ClearLine => play.edit(InputLine::clear),
            Action::DeleteWord => play.edit(InputLine::delete_word),
            Action::RecallLast => play.recall(),
            Action::Complete => play.complete(),
            Action::Submit if play.finish().is_some() => self.next_puzzle(),
            Action::ToggleThemes => play.toggle_themes(),
            Action::Submit => {
                play.submit();
            }
            Action::Hint => play.ask_hint(),
            Action::ShowSolution => play.give_up(),
            Action::Next => self.next_puzzle(),
            Action::Retry => {
                self.leave_puzzle();
                if let Some(play) = &mut self.play {
                    play.retry();
                }
            }
            Action::FlipBoard => play.flip(),
            Action::Back => self.view = View::Home,
            _ => {}
        }
        self.collect_outcome();
    }

    /// Ends the puzzle being left, if it already counts as failed, and
    /// hands its outcome over (leaving never hides a failure).
    pub(super) fn leave_puzzle(&mut self) {
        if let Some(play) = &mut self.play {
            play.leave();
        }
        self.collect_outcome();
    }

    fn next_puzzle(&mut self) {
        self.leave_puzzle();
        self.at += 1;
        let next = self.order.get(self.at).copied();
        match next.and_then(|i| self.puzzles.get(i).map(|p| (i, p))) {
            Some((i, p)) => {
                self.play = Some(
                    Play::new(i, p.clone())
                        .with_reply_delay(self.config.reply_delay_ms)
                        .with_lang(self.config.lang.unwrap_or_default()),
                )
            }
            None => {
                self.play = None;
                self.view = View::Home;
                self.notice = Some(strings::ALL_DONE.to_owned());
            }
        }
        self.collect_outcome();
    }

    /// Records a finished attempt once.
    pub(super) fn collect_outcome(&mut self) {
        let Some(play) = &self.play else {
            return;
        };
        if let Some(outcome) = play.outcome()
            && self.outcomes.last() != Some(outcome)
        {
            let puzzle = play.puzzle().clone();
            let source = source_of(&puzzle, self.builtin);
            let attempt = outcome.clone();
            if attempt.outcome.solved {
                self.solved.insert(puzzle.id.clone());
            }
            self.rating_change = None;
            self.outcomes.push(attempt.clone());
            self.hand_over(Finished::Puzzle(PuzzleDone {
                puzzle: Box::new(puzzle),
                source,
                result: attempt.outcome,
                time_ms: attempt.time_ms,
                rating: Rating::Rated,
                set: None,
            }));
            self.ask_refutation();
        }
    }
}
