//! Storm and Streak (their part of [`App::update`]), the home menu's "My
//! games", and the engine's refutations: the parts of the app that hand
//! work to the runner and take its answers back.

use super::{App, MenuItem, View};
use crate::engine::EngineError;
use crate::engine::Refutation;
use crate::library::LibraryError;
use crate::modes::{DEFAULT_SECONDS, rising_pool, storm_pool};
use crate::progress::ModeRecords;
use crate::puzzle::{Puzzle, SourceError};
use crate::train::Finished;
use crate::tui::action::Action;
use crate::tui::effect::{Effect, Refute, Request};
use crate::tui::input::InputLine;
use crate::tui::play::Play;
use crate::tui::storm::RunScreen;
use crate::tui::strings;

impl App {
    /// The home menu's Storm or Streak: with a library, its puzzles are
    /// asked for first (the run starts when they come); else the puzzles
    /// loaded are played.
    pub(super) fn open_run(&mut self, item: MenuItem, seed: u64) {
        if self.library.is_some() {
            self.pending_run = Some((item, seed));
            self.notice = Some(strings::DRAWING.to_owned());
            self.effects.push(Effect::Library(Request::Pool));
        } else {
            self.start_run(item, DEFAULT_SECONDS, seed);
        }
    }

    /// The library's candidates for the run asked for from the home menu:
    /// it starts if the home screen is still shown (with the loaded puzzles
    /// when the library has none in Storm's range).
    pub(super) fn pooled(&mut self, result: Result<Vec<Puzzle>, LibraryError>) {
        let Some((item, seed)) = self.pending_run.take() else {
            return;
        };
        if self.view != View::Home {
            return;
        }
        self.notice = None;
        match result {
            Ok(pool) if !pool.is_empty() => {
                self.start_run_over(&pool, false, item, DEFAULT_SECONDS, seed);
            }
            Ok(_) => self.start_run(item, DEFAULT_SECONDS, seed),
            Err(e) => self.notice = Some(e.to_string()),
        }
    }

    /// Starts a Storm (`seconds` on the clock) or Streak run over the
    /// puzzles loaded, the pool drawn with `seed`.
    pub(super) fn start_run(&mut self, item: MenuItem, seconds: u32, seed: u64) {
        let puzzles = std::mem::take(&mut self.puzzles);
        self.start_run_over(&puzzles, self.builtin, item, seconds, seed);
        self.puzzles = puzzles;
    }

    /// Starts a run over `puzzles` (`builtin`: where they are recorded from).
    fn start_run_over(
        &mut self,
        puzzles: &[Puzzle],
        builtin: bool,
        item: MenuItem,
        seconds: u32,
        seed: u64,
    ) {
        let ratings: Vec<u32> = puzzles.iter().map(Puzzle::playing_rating).collect();
        let storm = item == MenuItem::Storm;
        let order = if storm {
            storm_pool(&ratings, seed)
        } else {
            rising_pool(&ratings, seed)
        };
        let pool: Vec<Puzzle> = order
            .into_iter()
            .filter_map(|i| puzzles.get(i).cloned())
            .collect();
        if pool.is_empty() {
            self.notice = Some(strings::NO_PUZZLES.to_owned());
            return;
        }
        let run = if storm {
            RunScreen::storm(pool, seconds, builtin)
        } else {
            RunScreen::streak(pool, builtin)
        };
        let lang = self.config.lang.unwrap_or_default();
        let (run, done) = run.start(self.config.reply_delay_ms, lang);
        self.run = Some(run);
        self.hand_over_run(done);
        self.scroll = 0;
        self.view = View::Run;
    }

    pub(super) fn update_run(&mut self, action: Action) {
        let Some(run) = &mut self.run else {
            self.view = View::Home;
            return;
        };
        if run.end().is_some() {
            // The summary: Enter or Esc goes home, where the score stays
            // said until a key is pressed.
            match action {
                Action::Back | Action::Select => {
                    self.notice = Some(strings::run_notice(run));
                    self.view = View::Home;
                }
                Action::Up | Action::Down | Action::ScrollUp | Action::ScrollDown => {
                    self.update_page(action);
                }
                _ => {}
            }
            return;
        }
        let done = match action {
            Action::Insert(c) => edit(run, |l| l.insert(c)),
            Action::Paste(text) => edit(run, |l| l.paste(&text)),
            Action::Backspace => edit(run, InputLine::backspace),
            Action::Delete => edit(run, InputLine::delete),
            Action::Left => edit(run, InputLine::left),
            Action::Right => edit(run, InputLine::right),
            Action::Home => edit(run, InputLine::home),
            Action::End => edit(run, InputLine::end),
            Action::ClearLine => edit(run, InputLine::clear),
            Action::DeleteWord => edit(run, InputLine::delete_word),
            Action::RecallLast => with(run, Play::recall),
            Action::Complete => with(run, Play::complete),
            Action::FlipBoard => with(run, Play::flip),
            Action::Submit => run.submit(),
            Action::Next => run.skip(),
            Action::Back => {
                let done = run.stop();
                if done.is_empty() {
                    // Nothing was played: no summary of nothing.
                    self.view = View::Home;
                }
                done
            }
            _ => Vec::new(),
        };
        self.hand_over_run(done);
    }

    /// Time passed: Storm's clock runs down (and may end the run).
    pub(super) fn tick_run(&mut self, ms: u64) {
        if let Some(run) = &mut self.run {
            let done = run.tick(ms);
            self.hand_over_run(done);
        }
    }

    /// Ends a run in progress (the user quits): it is recorded as it stands.
    pub(super) fn stop_run(&mut self) {
        if let Some(run) = &mut self.run {
            let done = run.stop();
            self.hand_over_run(done);
        }
    }

    /// Hands a run's finished puzzles and its end over; after the end, the
    /// bests are asked for again.
    fn hand_over_run(&mut self, done: Vec<Finished>) {
        for item in done {
            let run_over = matches!(item, Finished::Storm(_) | Finished::Streak { .. });
            self.finished.push(item.clone());
            self.effects.push(Effect::Record(item));
            self.effects.push(if run_over {
                Effect::RefreshRecords
            } else {
                Effect::RefreshStats
            });
        }
    }

    /// The run in progress or just ended.
    pub fn run(&self) -> Option<&RunScreen> {
        self.run.as_ref()
    }

    /// The Storm and Streak bests: those passed in, then the latest
    /// [`Reply::Records`](crate::tui::Reply::Records).
    pub fn records(&self) -> Option<&ModeRecords> {
        self.context.records.as_ref()
    }

    /// Whether a pack mined from the user's games is there to play.
    pub fn has_mined(&self) -> bool {
        self.context.mined.is_some()
    }

    /// "My games": asks for the mined pack to be loaded, or tells how to
    /// make one.
    pub(super) fn open_mined(&mut self) {
        match &self.context.mined {
            Some(path) => self.effects.push(Effect::Load(path.clone())),
            None => self.notice = Some(strings::NO_MINED.to_owned()),
        }
    }

    /// The mined pack, loaded: played like `play --pack mined.json`,
    /// puzzles not yet solved first.
    pub(super) fn loaded(&mut self, result: Result<Vec<Puzzle>, SourceError>) {
        let puzzles = match result {
            Ok(puzzles) if !puzzles.is_empty() => puzzles,
            Ok(_) => {
                self.notice = Some(strings::MINED_EMPTY.to_owned());
                return;
            }
            Err(e) => {
                self.notice = Some(strings::mined_unreadable(&e.reason()));
                return;
            }
        };
        self.leave_puzzle();
        let (unsolved, solved): (Vec<usize>, Vec<usize>) =
            (0..puzzles.len()).partition(|&i| !self.solved.contains(&puzzles[i].id));
        self.order = unsolved.into_iter().chain(solved).collect();
        self.at = 0;
        self.puzzles = puzzles;
        self.builtin = false;
        self.play = None;
        self.open_puzzles();
    }

    /// Asks the engine about the finished puzzle's first wrong move, when
    /// there is an engine and the mate solver proved nothing.
    pub(super) fn ask_refutation(&mut self) {
        if !self.config.engine {
            return;
        }
        let Some(play) = &self.play else { return };
        if play.finish().is_none() || play.refutation().is_some() {
            return;
        }
        if let Some((position, wrong)) = play.first_wrong() {
            self.effects.push(Effect::Refute(Refute {
                puzzle_id: play.puzzle().id.clone(),
                attempt: play.outcome().map_or(1, |o| o.attempt),
                position: position.clone(),
                wrong,
            }));
        }
    }

    /// The engine's answer: shown on the puzzle it is about, if that
    /// attempt is still on screen.
    pub(super) fn refuted(
        &mut self,
        puzzle_id: &str,
        attempt: u32,
        result: Result<Option<Refutation>, EngineError>,
    ) {
        let Some(play) = &mut self.play else { return };
        let current =
            play.puzzle().id == puzzle_id && play.outcome().is_some_and(|o| o.attempt == attempt);
        if !current {
            return;
        }
        match result {
            Ok(Some(refutation)) => play.engine_refuted(refutation),
            Ok(None) => {}
            Err(e) => play.engine_failed(&e.to_string()),
        }
    }
}

fn edit(run: &mut RunScreen, f: impl FnOnce(&mut InputLine)) -> Vec<Finished> {
    run.edit(f);
    Vec::new()
}

fn with(run: &mut RunScreen, f: impl FnOnce(&mut Play)) -> Vec<Finished> {
    run.with_play(f);
    Vec::new()
}
