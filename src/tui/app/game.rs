//! A game against the engine's part of [`App::update`]: the home entry's
//! choices, the game itself, the engine's moves coming back, and a
//! finished puzzle played out.

use super::{App, Screen};
use crate::train::Finished;
use crate::tui::action::Action;
use crate::tui::effect::Effect;
use crate::tui::game::{GameScreen, GameSetup, play_out_from};
use crate::tui::game_setup::{GameRow, GameSetupScreen, StartChoice};
use crate::tui::input::InputLine;
use crate::tui::play::Play;
use crate::tui::strings;

impl App {
    /// The game `setup` describes, its engine asked at once when it moves
    /// first.
    pub(super) fn open_game(&mut self, setup: GameSetup) -> Screen {
        let (game, think) = GameScreen::new(setup);
        if let Some(think) = think {
            self.effects.push(Effect::Think(think));
        }
        Screen::Game(Box::new(game))
    }

    /// The home entry's start screen: the standard position, and the last
    /// puzzle's when there is one.
    pub(super) fn open_game_setup(&mut self) -> Screen {
        let mut choices = vec![StartChoice::position(
            "the starting position",
            shakmaty::Chess::default(),
        )];
        if let Some(play) = &self.paused {
            choices.push(puzzle_choice(play));
        }
        // The built-in endgames (embedded: they read, or the build failed).
        if let Ok(endgames) = crate::content::endgames() {
            choices.extend(endgames.iter().map(StartChoice::endgame));
        }
        Screen::GameSetup(Box::new(GameSetupScreen::new(choices, self.no_engine())))
    }

    /// Why no game can be played (no engine), when none can.
    fn no_engine(&self) -> Option<String> {
        (!self.config.engine).then(strings::game::no_engine)
    }

    pub(super) fn update_game_setup(
        &mut self,
        mut setup: Box<GameSetupScreen>,
        action: Action,
    ) -> Screen {
        match action {
            Action::Up => setup.move_row(-1),
            Action::Down => setup.move_row(1),
            Action::Left => setup.change(-1),
            Action::Right => setup.change(1),
            Action::Select if setup.current() != GameRow::Start => setup.move_row(1),
            Action::Select => {
                if let Some(game) = setup.setup(self.config.lang.unwrap_or_default()) {
                    return self.open_game(game);
                }
            }
            Action::Back => return Screen::Home,
            _ => {}
        }
        Screen::GameSetup(setup)
    }

    pub(super) fn update_game(&mut self, mut game: Box<GameScreen>, action: Action) -> Screen {
        if game.is_over() {
            match action {
                Action::Retry => {
                    if let Some(think) = game.restart() {
                        self.effects.push(Effect::Think(think));
                    }
                }
                Action::FlipBoard => game.flip(),
                Action::Back | Action::Select => return Screen::Home,
                _ => {}
            }
            return Screen::Game(game);
        }
        if !matches!(action, Action::Back | Action::Tick(_) | Action::Resize(..)) {
            game.keep_playing();
        }
        match action {
            Action::Insert(c) => game.edit(|l| l.insert(c)),
            Action::Paste(text) => game.edit(|l| l.paste(&text)),
            Action::Backspace => game.edit(InputLine::backspace),
            Action::Delete => game.edit(InputLine::delete),
            Action::Left => game.edit(InputLine::left),
            Action::Right => game.edit(InputLine::right),
            Action::Home => game.edit(InputLine::home),
            Action::End => game.edit(InputLine::end),
            Action::ClearLine => game.edit(InputLine::clear),
            Action::DeleteWord => game.edit(InputLine::delete_word),
            Action::Complete => game.complete(),
            Action::Submit => {
                if let Some(think) = game.submit() {
                    self.effects.push(Effect::Think(think));
                }
            }
            Action::FlipBoard => game.flip(),
            Action::ToggleBoard => game.toggle_board(),
            Action::Words => game.toggle_words(),
            Action::Back => game.resign_or_ask(),
            _ => {}
        }
        self.collect_game(&mut game);
        Screen::Game(game)
    }

    /// The engine's move in a game.
    pub(super) fn engine_moved(
        &mut self,
        asked: u32,
        result: Result<Option<String>, crate::engine::EngineError>,
    ) {
        let screen = std::mem::replace(&mut self.screen, Screen::Home);
        self.screen = match screen {
            Screen::Game(mut game) => {
                game.moved(asked, result.as_ref().map(Option::as_deref));
                self.collect_game(&mut game);
                Screen::Game(game)
            }
            other => other,
        };
    }

    /// A finished game, once: recorded through the one record path, and
    /// written as PGN when `--out` asked for it.
    pub(super) fn collect_game(&mut self, game: &mut GameScreen) {
        if !game.is_over() || game.exported().is_some() {
            return;
        }
        if let Some(done) = game.take_finished() {
            self.hand_over(Finished::Game(done));
        }
        if let Some(path) = game.setup().out.clone() {
            game.set_exported(strings::game::writing(&path));
            self.effects.push(Effect::Export {
                path,
                text: game.pgn(),
            });
        }
    }

    /// What writing a game's PGN did, said on the game screen.
    pub(super) fn exported(
        &mut self,
        path: &std::path::Path,
        result: Result<(), crate::export::WriteError>,
    ) {
        if let Screen::Game(game) = &mut self.screen
            && game.setup().out.as_deref() == Some(path)
        {
            game.set_exported(strings::game::exported(path, result.as_ref().err()));
        }
    }

    /// A finished puzzle played out against the engine, from the position
    /// its board shows (the puzzle's own start when the game is over
    /// there), the user on the puzzle's side; without an engine, the home
    /// entry's start screen on that position, saying how to get one.
    pub(super) fn play_out_puzzle(&mut self, play: Box<Play>) -> Screen {
        let puzzle = play.puzzle();
        let user_start = puzzle.user_start();
        let user = shakmaty::Position::turn(&user_start);
        let start = play_out_from(play.shown(), &user_start);
        let source = format!("puzzle {}", puzzle.id);
        let key = crate::record::puzzle_key(puzzle, self.builtin);
        self.paused = Some(play);
        if !self.config.engine {
            let choice = StartChoice::position(&source, start);
            return Screen::GameSetup(Box::new(GameSetupScreen::new(
                vec![choice],
                self.no_engine(),
            )));
        }
        let mut setup = GameSetup::new(start, user, &source);
        setup.lang = self.config.lang.unwrap_or_default();
        setup.puzzle = Some(key);
        self.open_game(setup)
    }

    /// The game screen, while it is shown.
    pub fn game_screen(&self) -> Option<&GameScreen> {
        match &self.screen {
            Screen::Game(game) => Some(game),
            _ => None,
        }
    }

    /// The home entry's start screen, while it is shown.
    pub fn game_setup_screen(&self) -> Option<&GameSetupScreen> {
        match &self.screen {
            Screen::GameSetup(setup) => Some(setup),
            _ => None,
        }
    }
}

/// The last puzzle's position as a start: where the user is to move.
fn puzzle_choice(play: &Play) -> StartChoice {
    let puzzle = play.puzzle();
    StartChoice::position(&format!("puzzle {}", puzzle.id), puzzle.user_start())
}
