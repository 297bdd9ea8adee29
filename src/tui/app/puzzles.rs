//! The puzzle screen: its part of [`App::update`], moving on through the
//! play order, and handing each finished attempt over.

use super::{App, Screen};
use crate::record::source_of;
use crate::train::{Finished, PuzzleDone, Rating};
use crate::tui::action::Action;
use crate::tui::input::InputLine;
use crate::tui::play::Play;
use crate::tui::strings;

impl App {
    /// The puzzle screen: the puzzle left for the menus, else the one the
    /// play order has come to.
    pub(super) fn open_puzzles(&mut self) -> Screen {
        if let Some(play) = self.paused.take() {
            return Screen::Puzzle(play);
        }
        let first = self.order.get(self.at).copied().unwrap_or(0);
        match self.puzzles.get(first) {
            Some(p) => Screen::Puzzle(Box::new(self.new_play(first, p.clone()))),
            None => {
                self.notice = Some(strings::NO_PUZZLES.to_owned());
                Screen::Home
            }
        }
    }

    /// A puzzle to play, as the configuration has it.
    pub(super) fn new_play(&self, index: usize, puzzle: crate::puzzle::Puzzle) -> Play {
        let play = match self.config.blind {
            // A puzzle that keeps too few plies before it is played on the
            // board (`sancho play --blind` keeps only those that do).
            Some(plies) => Play::blind(index, puzzle.clone(), plies)
                .unwrap_or_else(|_| Play::new(index, puzzle)),
            None => Play::new(index, puzzle),
        };
        play.with_reply_delay(self.config.reply_delay_ms)
            .with_lang(self.config.lang.unwrap_or_default())
    }

    pub(super) fn update_puzzle(&mut self, mut play: Box<Play>, action: Action) -> Screen {
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
            Action::Submit if play.finish().is_some() => return self.next_puzzle(play),
            Action::ToggleThemes => play.toggle_themes(),
            Action::Submit => play.submit(),
            Action::Hint => play.ask_hint(),
            Action::ShowSolution => play.give_up(),
            Action::Next => return self.next_puzzle(play),
            Action::Retry => {
                self.leave_puzzle(&mut play);
                play.retry();
            }
            Action::FlipBoard => play.flip(),
            Action::Back => {
                self.paused = Some(play);
                return Screen::Home;
            }
            _ => {}
        }
        self.collect_outcome(&play);
        Screen::Puzzle(play)
    }

    /// Ends the puzzle being left, if it already counts as failed, and
    /// hands its outcome over (leaving never hides a failure).
    pub(super) fn leave_puzzle(&mut self, play: &mut Play) {
        play.leave();
        self.collect_outcome(play);
    }

    /// Leaves `play` for the next puzzle of the order; home once there is
    /// none left.
    fn next_puzzle(&mut self, mut play: Box<Play>) -> Screen {
        self.leave_puzzle(&mut play);
        self.at += 1;
        let next = self.order.get(self.at).copied();
        match next.and_then(|i| self.puzzles.get(i).map(|p| (i, p.clone()))) {
            Some((i, p)) => Screen::Puzzle(Box::new(self.new_play(i, p))),
            None => {
                self.notice = Some(strings::ALL_DONE.to_owned());
                Screen::Home
            }
        }
    }

    /// Records a finished attempt once.
    pub(super) fn collect_outcome(&mut self, play: &Play) {
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
            self.ask_refutation(play);
        }
    }
}
