//! Storm and Streak (their part of [`App::update`]), the home menu's "My
//! games", and the engine's refutations: the parts of the app that hand
//! work to the runner and take its answers back.

use super::{App, MenuItem, Screen};
use crate::engine::EngineError;
use crate::engine::Refuted;
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
    pub(super) fn open_run(&mut self, item: MenuItem, seed: u64) -> Screen {
        if self.has_library() {
            self.pending_run = Some((item, seed));
            self.notice = Some(strings::DRAWING.to_owned());
            self.effects.push(Effect::Library(Request::Pool));
            Screen::Home
        } else {
            // A run draws from the puzzles loaded: those of the track a
            // set took the place of, not the set's.
            self.leave_set();
            self.start_run(item, DEFAULT_SECONDS, seed)
        }
    }

    /// The library's candidates for the run asked for from the home menu:
    /// it starts if the home screen is still shown (with the loaded puzzles
    /// when the library has none in Storm's range).
    pub(super) fn pooled(&mut self, result: Result<Vec<Puzzle>, LibraryError>) {
        let Some((item, seed)) = self.pending_run.take() else {
            return;
        };
        if !matches!(self.screen, Screen::Home) {
            return;
        }
        self.notice = None;
        self.screen = match result {
            Ok(pool) if !pool.is_empty() => {
                self.start_run_over(&pool, false, item, DEFAULT_SECONDS, seed)
            }
            Ok(_) => self.start_run(item, DEFAULT_SECONDS, seed),
            Err(e) => {
                self.notice = Some(e.to_string());
                Screen::Home
            }
        };
    }

    /// Starts a Storm (`seconds` on the clock) or Streak run over the
    /// puzzles loaded, the pool drawn with `seed`.
    pub(super) fn start_run(&mut self, item: MenuItem, seconds: u32, seed: u64) -> Screen {
        let puzzles = std::mem::take(&mut self.puzzles);
        let screen = self.start_run_over(&puzzles, self.builtin, item, seconds, seed);
        self.puzzles = puzzles;
        screen
    }

    /// Starts a run over `puzzles` (`builtin`: where they are recorded from).
    fn start_run_over(
        &mut self,
        puzzles: &[Puzzle],
        builtin: bool,
        item: MenuItem,
        seconds: u32,
        seed: u64,
    ) -> Screen {
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
            return Screen::Home;
        }
        let run = if storm {
            RunScreen::storm(pool, seconds, builtin)
        } else {
            RunScreen::streak(pool, builtin)
        };
        let lang = self.config.lang.unwrap_or_default();
        let (run, done) = run.start(self.config.reply_delay_ms, lang);
        self.hand_over_run(done);
        Screen::Run {
            run: Box::new(run),
            scroll: 0,
        }
    }

    pub(super) fn update_run(
        &mut self,
        mut run: Box<RunScreen>,
        mut scroll: u16,
        action: Action,
    ) -> Screen {
        if run.end().is_some() {
            // The summary: Enter or Esc goes home, where the score stays
            // said until a key is pressed.
            if matches!(action, Action::Back | Action::Select) {
                self.notice = Some(strings::run_notice(&run));
                return Screen::Home;
            }
            // r: the failed puzzles again, as replays.
            let failed = run.failed_puzzles();
            if action == Action::Retry && !failed.is_empty() {
                return self.replay(failed, run.run().builtin());
            }
            self.scroll_page(&mut scroll, failed.len() + 16, &action);
            return Screen::Run { run, scroll };
        }
        let done = match action {
            Action::Insert(c) => edit(&mut run, |l| l.insert(c)),
            Action::Paste(text) => edit(&mut run, |l| l.paste(&text)),
            Action::Backspace => edit(&mut run, InputLine::backspace),
            Action::Delete => edit(&mut run, InputLine::delete),
            Action::Left => edit(&mut run, InputLine::left),
            Action::Right => edit(&mut run, InputLine::right),
            Action::Home => edit(&mut run, InputLine::home),
            Action::End => edit(&mut run, InputLine::end),
            Action::ClearLine => edit(&mut run, InputLine::clear),
            Action::DeleteWord => edit(&mut run, InputLine::delete_word),
            Action::RecallLast => with(&mut run, Play::recall),
            Action::Complete => with(&mut run, Play::complete),
            Action::FlipBoard => with(&mut run, Play::flip),
            Action::Submit => run.submit(),
            Action::Next => run.skip(),
            Action::Back => {
                let done = run.stop();
                if done.is_empty() {
                    // Nothing was played: no summary of nothing.
                    return Screen::Home;
                }
                done
            }
            _ => Vec::new(),
        };
        self.hand_over_run(done);
        Screen::Run { run, scroll }
    }

    /// Hands a run's finished puzzles and its end over; after the end, the
    /// bests are asked for again.
    pub(super) fn hand_over_run(&mut self, done: Vec<Finished>) {
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

    /// The run on screen, in progress or ended (its summary).
    pub fn run(&self) -> Option<&RunScreen> {
        match &self.screen {
            Screen::Run { run, .. } => Some(run),
            _ => None,
        }
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

    /// "My games": asks for the mined pack to be loaded (it opens when it
    /// comes, if the home screen is still shown), or tells how to make one.
    pub(super) fn open_mined(&mut self) -> Screen {
        match &self.context.mined {
            Some(path) => {
                self.pending_load = true;
                self.notice = Some(strings::LOADING_MINED.to_owned());
                self.effects.push(Effect::Load(path.clone()));
            }
            None => self.notice = Some(strings::NO_MINED.to_owned()),
        }
        Screen::Home
    }

    /// The mined pack, loaded: played like `play --pack mined.json`,
    /// puzzles not yet solved first. Dropped if the user has left the home
    /// screen meanwhile.
    pub(super) fn loaded(&mut self, result: Result<Vec<Puzzle>, SourceError>) {
        if !std::mem::take(&mut self.pending_load) || !matches!(self.screen, Screen::Home) {
            return;
        }
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
        self.notice = None;
        self.leave_set();
        if let Some(mut old) = self.paused.take() {
            self.leave_puzzle(&mut old);
        }
        let (unsolved, solved): (Vec<usize>, Vec<usize>) =
            (0..puzzles.len()).partition(|&i| !self.solved.contains(&puzzles[i].id));
        self.order = unsolved.into_iter().chain(solved).collect();
        self.at = 0;
        self.puzzles = puzzles;
        self.builtin = false;
        self.screen = self.open_puzzles();
    }

    /// Asks the engine about the finished puzzle's first wrong move, when
    /// there is an engine and the mate solver proved nothing.
    pub(super) fn ask_refutation(&mut self, play: &Play) {
        if !self.config.engine {
            return;
        }
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
        result: Result<Option<Refuted>, EngineError>,
    ) {
        let Some(play) = self.play_mut() else { return };
        let current =
            play.puzzle().id == puzzle_id && play.outcome().is_some_and(|o| o.attempt == attempt);
        if !current {
            return;
        }
        match result {
            Ok(Some(Ok(refutation))) => play.engine_refuted(refutation),
            Ok(Some(Err(unrefuted))) => play.engine_unrefuted(&unrefuted),
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
