//! A position played out against an engine on the full screen: the
//! screen's state around the core's [`PlayOut`] (the one state machine
//! line mode drives too): the line the user types on, the engine's
//! question while it thinks, what its last move was in words, and how the
//! board is shown (turned, or hidden for blindfold play).

use shakmaty::{Chess, Color, Move, Position};

use super::effect::Think;
use super::input::InputLine;
use super::play::complete::completion;
use crate::engine::Strength;
use crate::notation::{HintEngine, Lang, MoveText, hint_in};
use crate::spoiler::{Policy, Shown, shown};
use crate::train::endgame::Endgame;
use crate::train::game::{GameEnd, GameEvent, PgnTags, PlayOut};

/// What a game starts from and how the engine plays it.
#[derive(Clone, Debug, PartialEq)]
pub struct GameSetup {
    /// The position the game starts from.
    pub start: Chess,
    /// The side the user plays.
    pub user: Color,
    /// How strongly the engine plays.
    pub strength: Strength,
    /// How long the engine thinks per move, in milliseconds.
    pub movetime: u64,
    /// No board until the game ends (`--blindfold`).
    pub blindfold: bool,
    /// The letters moves are typed and shown in.
    pub lang: Lang,
    /// Where the position comes from, for the header (`the starting
    /// position`, `puzzle 00sHx`).
    pub source: String,
    /// The built-in endgame played, whose goal is judged at the end.
    pub endgame: Option<Endgame>,
    /// The puzzle the position comes from, as `source:id`, for the record.
    pub puzzle: Option<String>,
    /// Where to write each finished game as PGN (`--out FILE`).
    pub out: Option<std::path::PathBuf>,
    /// The PGN's tags the game does not know (the date, the engine).
    pub tags: PgnTags,
}

impl GameSetup {
    /// A game from `start` with the user playing `user`, against the engine
    /// at full strength.
    #[must_use]
    pub fn new(start: Chess, user: Color, source: &str) -> GameSetup {
        let strength = Strength::Full;
        GameSetup {
            start,
            user,
            strength,
            movetime: strength.movetime(),
            blindfold: false,
            lang: Lang::EN,
            source: source.to_owned(),
            endgame: None,
            puzzle: None,
            out: None,
            tags: PgnTags::default(),
        }
    }

    /// The built-in `endgame`, the user on its side.
    #[must_use]
    pub fn endgame(endgame: &Endgame) -> GameSetup {
        GameSetup {
            endgame: Some(endgame.clone()),
            ..GameSetup::new(endgame.position.clone(), endgame.side, &endgame.title)
        }
    }

    /// The game this setup starts.
    fn start(&self) -> (PlayOut, Vec<GameEvent>) {
        match &self.endgame {
            Some(e) if e.side == self.user => e.start(self.lang),
            _ => PlayOut::new(self.start.clone(), self.user, self.lang),
        }
    }
}

/// One row of the scoresheet: the move number, White's move, Black's
/// (`None`: not played; White's is `…` when the game starts with Black).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SheetRow {
    /// The move number.
    pub number: u32,
    /// White's move in SAN (`…` before a game that starts with Black).
    pub white: String,
    /// Black's move in SAN.
    pub black: Option<String>,
}

/// The game screen.
#[derive(Clone, Debug)]
pub struct GameScreen {
    setup: GameSetup,
    game: PlayOut,
    input: InputLine,
    /// Why the last input was no move here.
    refused: Option<String>,
    /// The engine's last move, in SAN and in words.
    told: Option<(String, String)>,
    /// The last move played, for the board.
    last_move: Option<Move>,
    /// The engine's question, until its answer comes.
    thinking: Option<Think>,
    /// Which question this is (an answer to an older one is dropped).
    asked: u32,
    /// Why the engine gave no move, when it failed.
    engine_error: Option<String>,
    /// The board hidden (blindfold).
    blindfold: bool,
    /// The position in words shown (blindfold).
    words: bool,
    flipped: bool,
    reported: bool,
    /// Esc was pressed once: a second press resigns (a game, an endgame
    /// above all, is recorded lost; one key must not do that by mistake).
    resign_asked: bool,
    /// Where the PGN was written, or why not.
    exported: Option<String>,
}

impl GameScreen {
    /// The game started from `setup`, with the engine's first question
    /// when it moves first.
    #[must_use]
    pub fn new(setup: GameSetup) -> (GameScreen, Option<Think>) {
        let started = setup.start();
        let mut screen = GameScreen {
            blindfold: setup.blindfold,
            flipped: setup.user == Color::Black,
            setup,
            game: started.0,
            input: InputLine::default(),
            refused: None,
            told: None,
            last_move: None,
            thinking: None,
            asked: 0,
            engine_error: None,
            words: false,
            reported: false,
            resign_asked: false,
            exported: None,
        };
        screen.take(started.1);
        let ask = screen.thinking.clone();
        (screen, ask)
    }

    /// The same game again from its start (the board as it was shown).
    pub fn restart(&mut self) -> Option<Think> {
        let (blindfold, flipped, asked) = (self.blindfold, self.flipped, self.asked);
        let (mut fresh, _) = GameScreen::new(self.setup.clone());
        fresh.blindfold = blindfold;
        fresh.flipped = flipped;
        // The question numbers go on, so that a late answer to the old
        // game is dropped.
        fresh.asked = asked;
        if let Some(think) = &mut fresh.thinking {
            fresh.asked = fresh.asked.wrapping_add(1);
            think.asked = fresh.asked;
        }
        *self = fresh;
        self.thinking.clone()
    }

    /// The game.
    pub fn game(&self) -> &PlayOut {
        &self.game
    }

    /// What the game started from.
    pub fn setup(&self) -> &GameSetup {
        &self.setup
    }

    /// The line being typed.
    pub fn input(&self) -> &InputLine {
        &self.input
    }

    /// Why the last input was refused.
    pub fn refused(&self) -> Option<&str> {
        self.refused.as_deref()
    }

    /// The engine's last move: in SAN (`12... Nf6`) and in words.
    pub fn told(&self) -> Option<(&str, &str)> {
        self.told.as_ref().map(|(s, w)| (s.as_str(), w.as_str()))
    }

    /// The last move played.
    pub fn last_move(&self) -> Option<Move> {
        self.last_move
    }

    /// Whether the engine is thinking.
    pub fn is_thinking(&self) -> bool {
        self.thinking.is_some()
    }

    /// Why the engine gave no move, when it failed.
    pub fn engine_error(&self) -> Option<&str> {
        self.engine_error.as_deref()
    }

    /// How it ended, once it has.
    pub fn end(&self) -> Option<GameEnd> {
        self.game.end()
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.game.end().is_some()
    }

    /// Whether the board is hidden: blindfold play, until the game ends.
    pub fn board_hidden(&self) -> bool {
        self.blindfold && !self.is_over()
    }

    /// Whether blindfold play is on.
    pub fn is_blindfold(&self) -> bool {
        self.blindfold
    }

    /// Whether the position in words is shown (blindfold play).
    pub fn words_shown(&self) -> bool {
        self.words && self.board_hidden()
    }

    /// What the live hint shows for the line typed: everything (a free
    /// game has no answer to keep secret), never the engine's opinion.
    pub fn hint(&self) -> Shown {
        let text = self.input.text();
        let engine = HintEngine::new(self.game.position());
        shown(
            &hint_in(&engine, &text, self.setup.lang),
            &text,
            Policy::Full,
        )
    }

    /// Runs an edit on the line (while a move may be typed).
    pub fn edit(&mut self, f: impl FnOnce(&mut InputLine)) {
        if self.may_type() {
            f(&mut self.input);
        }
    }

    fn may_type(&self) -> bool {
        !self.is_over() && self.thinking.is_none()
    }

    /// Tab: completes to the only move the line can become, or the
    /// candidates' common prefix (signs included: nothing is secret).
    pub fn complete(&mut self) {
        if !self.may_type() {
            return;
        }
        let text = self.input.text();
        let lang = self.setup.lang;
        let engine = HintEngine::new(self.game.position());
        let hint = hint_in(&engine, &text, lang);
        let Some(target) = completion(&hint, &text, lang) else {
            return;
        };
        if target != text {
            self.input.set(&target);
        }
    }

    /// Enter: the line as the user's move; returns the engine's question
    /// when it is to reply.
    pub fn submit(&mut self) -> Option<Think> {
        let text = self.input.text();
        if !self.may_type() || text.trim().is_empty() {
            return None;
        }
        let events = self.game.submit(&text);
        self.take(events);
        self.thinking.clone()
    }

    /// The engine's answer to question `asked`: its move in UCI, or why it
    /// gave none (the game then ends without a result).
    pub fn moved(&mut self, asked: u32, result: Result<Option<&str>, &crate::engine::EngineError>) {
        if asked != self.asked || self.thinking.is_none() {
            return;
        }
        self.thinking = None;
        let uci = match result {
            Ok(uci) => uci,
            Err(why) => {
                self.engine_error = Some(why.to_string());
                None
            }
        };
        if uci.is_none() && self.engine_error.is_none() {
            self.engine_error = Some("it gave no legal move".to_owned());
        }
        let events = self.game.engine_move(uci);
        self.take(events);
    }

    /// Esc during the game: the first press asks, the second resigns.
    pub fn resign_or_ask(&mut self) {
        if self.resign_asked {
            self.resign();
        } else {
            self.resign_asked = true;
        }
    }

    /// Whether Esc was pressed once and a second press resigns.
    pub fn resign_asked(&self) -> bool {
        self.resign_asked
    }

    /// Any key but Esc takes the question back.
    pub fn keep_playing(&mut self) {
        self.resign_asked = false;
    }

    /// The user resigns (Esc twice, or leaving before the end).
    pub fn resign(&mut self) {
        self.resign_asked = false;
        self.thinking = None;
        let events = self.game.resign();
        self.take(events);
        self.input.clear();
    }

    /// Hides or shows the board (blindfold play).
    pub fn toggle_board(&mut self) {
        self.blindfold = !self.blindfold;
    }

    /// Shows or hides the position in words (blindfold play).
    pub fn toggle_words(&mut self) {
        self.words = !self.words;
    }

    /// Turns the board around.
    pub fn flip(&mut self) {
        self.flipped = !self.flipped;
    }

    /// The colour at the bottom of the board.
    pub fn bottom(&self) -> Color {
        if self.flipped {
            Color::Black
        } else {
            Color::White
        }
    }

    /// The finished game, once, as soon as it is over, to record (an
    /// endgame always, once judged; another game once the user has moved;
    /// a game the engine failed in never); `None` before and afterwards.
    pub fn take_finished(&mut self) -> Option<crate::train::GameDone> {
        if self.reported {
            return None;
        }
        let end = self.game.end()?;
        self.reported = true;
        let endgame = self.setup.endgame.as_ref().map(|e| e.id.as_str());
        let judged = end.verdict.is_some();
        let played = self.game.user_moves() > 0 && endgame.is_none();
        if !(judged || played) || end.reason == crate::train::game::EndReason::EngineFailed {
            return None;
        }
        crate::train::GameDone::of(&self.game, endgame, self.setup.puzzle.as_deref())
    }

    /// The game as PGN with the setup's tags.
    pub fn pgn(&self) -> String {
        self.game.pgn(&self.setup.tags)
    }

    /// Where the PGN was written, or why not, once it was tried.
    pub fn exported(&self) -> Option<&str> {
        self.exported.as_deref()
    }

    /// What writing the PGN said.
    pub fn set_exported(&mut self, said: String) {
        self.exported = Some(said);
    }

    /// The moves as a scoresheet: a row per move number.
    pub fn sheet(&self) -> Vec<SheetRow> {
        let lang = self.setup.lang;
        let start = self.game.start();
        let mut rows: Vec<SheetRow> = Vec::new();
        let mut number = start.fullmoves().get();
        let mut turn = start.turn();
        for m in self.game.moves() {
            let san = lang.localize(&m.san);
            match turn {
                Color::White => rows.push(SheetRow {
                    number,
                    white: san,
                    black: None,
                }),
                Color::Black => match rows.last_mut() {
                    Some(row) if row.number == number && row.black.is_none() => {
                        row.black = Some(san);
                    }
                    _ => rows.push(SheetRow {
                        number,
                        white: "…".to_owned(),
                        black: Some(san),
                    }),
                },
            }
            if turn == Color::Black {
                number = number.saturating_add(1);
            }
            turn = !turn;
        }
        rows
    }

    /// The move a ply of the game is numbered by: `12.` or `12...`.
    fn numbered(&self, text: &MoveText) -> String {
        let start = self.game.start();
        let plies = self.game.moves().len().saturating_sub(1);
        let offset = usize::from(start.turn() == Color::Black);
        let number = u64::from(start.fullmoves().get()) + ((plies + offset) / 2) as u64;
        let dots = if (plies + offset).is_multiple_of(2) {
            "."
        } else {
            "..."
        };
        format!("{number}{dots} {}", self.setup.lang.localize(&text.san))
    }

    fn take(&mut self, events: Vec<GameEvent>) {
        for event in events {
            match event {
                GameEvent::YourMove { .. } | GameEvent::Over(_) => {}
                GameEvent::Played(text) => {
                    self.refused = None;
                    self.input.clear();
                    self.last_move = Some(text.mv);
                }
                GameEvent::NotAMove { rejected, .. } => {
                    self.refused = Some(rejected.error.to_string());
                }
                GameEvent::AskEngine { fen } => {
                    self.asked = self.asked.wrapping_add(1);
                    self.thinking = Some(Think {
                        asked: self.asked,
                        fen,
                        strength: self.setup.strength,
                        movetime: self.setup.movetime,
                    });
                }
                GameEvent::EngineMoved(text) => {
                    self.last_move = Some(text.mv);
                    self.told = Some((self.numbered(&text), crate::line::describe(&text)));
                }
            }
        }
    }
}

/// The position a finished puzzle is played out from: the one shown on
/// its board (stepped through, or where the solution ended), else, when
/// the game is over there, the puzzle's own start.
#[must_use]
pub fn play_out_from(shown: &Chess, puzzle_start: &Chess) -> Chess {
    if crate::train::game::already_over(shown).is_some() {
        puzzle_start.clone()
    } else {
        shown.clone()
    }
}
