//! Guess the move's part of [`App::update`].

use super::{App, Screen};
use crate::train::guess::{Guess, GuessGame, GuessOptions};
use crate::train::{DrillDone, Finished};
use crate::tui::action::Action;
use crate::tui::effect::{Effect, Evaluate};
use crate::tui::guess::GuessScreen;
use crate::tui::input::InputLine;

impl App {
    /// Guess the move through a built-in game chosen by `seed`, as White,
    /// judged by the engine when there is one (`sancho guess` chooses the
    /// game, the side and the start).
    pub(super) fn open_builtin_guess(&mut self, seed: u64) -> Screen {
        let book = crate::drill::game_book();
        let games = book.games();
        let index = usize::try_from(seed % games.len().max(1) as u64).unwrap_or(0);
        let Some(game) = games.get(index) else {
            return Screen::Home;
        };
        let options = GuessOptions {
            engine: self.config.engine,
            lang: self.config.lang.unwrap_or_default(),
            ..GuessOptions::default()
        };
        match Guess::new(GuessGame::builtin(game), options) {
            Ok(started) => Screen::Guess {
                guess: Box::new(GuessScreen::new(started)),
                scroll: 0,
            },
            Err(_) => Screen::Home,
        }
    }

    pub(super) fn update_guess(
        &mut self,
        mut guess: Box<GuessScreen>,
        mut scroll: u16,
        action: Action,
    ) -> Screen {
        if guess.is_finished() {
            if matches!(action, Action::Select | Action::Back) {
                return Screen::Home;
            }
            let len = guess.guess().judgements().len() + 20;
            self.scroll_page(&mut scroll, len, &action);
            return Screen::Guess { guess, scroll };
        }
        match action {
            Action::Insert(c) => guess.edit(|l| l.insert(c)),
            Action::Paste(text) => guess.edit(|l| l.paste(&text)),
            Action::Backspace => guess.edit(InputLine::backspace),
            Action::Delete => guess.edit(InputLine::delete),
            Action::Left => guess.edit(InputLine::left),
            Action::Right => guess.edit(InputLine::right),
            Action::Home => guess.edit(InputLine::home),
            Action::End => guess.edit(InputLine::end),
            Action::ClearLine => guess.edit(InputLine::clear),
            Action::DeleteWord => guess.edit(InputLine::delete_word),
            Action::Submit => {
                if let Some((asked, request)) = guess.submit() {
                    self.effects
                        .push(Effect::Evaluate(Evaluate { asked, request }));
                }
            }
            Action::Complete => guess.complete(),
            Action::FlipBoard => guess.flip(),
            Action::Back => guess.stop(),
            _ => {}
        }
        self.collect_guess(&mut guess);
        Screen::Guess { guess, scroll }
    }

    /// The engine's answer about a guess.
    pub(super) fn evaluated(
        &mut self,
        asked: u32,
        result: Result<crate::train::guess::Evaluation, crate::engine::EngineError>,
    ) {
        let screen = std::mem::replace(&mut self.screen, Screen::Home);
        self.screen = match screen {
            Screen::Guess { mut guess, scroll } => {
                if let Some((asked, request)) = guess.evaluated(asked, result.as_ref().ok()) {
                    self.effects
                        .push(Effect::Evaluate(Evaluate { asked, request }));
                }
                self.collect_guess(&mut guess);
                Screen::Guess { guess, scroll }
            }
            other => other,
        };
    }

    /// Hands a finished run over once, recorded as a drill of kind
    /// `guess`.
    pub(super) fn collect_guess(&mut self, guess: &mut GuessScreen) {
        if let Some(summary) = guess.take_finished() {
            self.hand_over(Finished::Drill(DrillDone {
                summary,
                lesson: None,
                trained: Vec::new(),
            }));
        }
    }

    /// The guess-the-move screen, while it is shown.
    pub fn guess_screen(&self) -> Option<&GuessScreen> {
        match &self.screen {
            Screen::Guess { guess, .. } => Some(guess),
            _ => None,
        }
    }
}
