//! The puzzle screen: its part of [`App::update`], moving on through the
//! play order, and handing each finished attempt over.

use super::{App, Screen};
use crate::progress::Source;
use crate::puzzle::Puzzle;
use crate::record::source_of;
use crate::train::{Finished, Ladder, PuzzleDone, Track};
use crate::tui::action::Action;
use crate::tui::config::{Config, Context};
use crate::tui::input::InputLine;
use crate::tui::play::{FailKey, Play};
use crate::tui::strings;

impl App {
    /// The puzzle screen: the puzzle left for the menus, else the one the
    /// play order has come to.
    pub(super) fn open_puzzles(&mut self) -> Screen {
        if let Some(play) = self.paused.take() {
            return Screen::Puzzle(play);
        }
        let first = self.upcoming().unwrap_or(0);
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
        let fail_key = match action {
            Action::Hint => Some(FailKey::Hint),
            Action::ShowSolution => Some(FailKey::GiveUp),
            _ => None,
        };
        if let Some(key) = fail_key
            && self.asks_before_failing(&play)
            && play.armed() != Some(key)
        {
            let label = self.key_label(key);
            play.arm(key, strings::confirm_fail(key, &label));
            return Screen::Puzzle(play);
        }
        if !matches!(action, Action::Tick(_) | Action::Resize(..)) {
            play.disarm();
        }
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
            Action::PlayOut if play.finish().is_some() => return self.play_out_puzzle(play),
            Action::ToggleThemes => play.toggle_themes(),
            // Rated training's difficulty, for the puzzles served next
            // (the home menu's ← → change the same setting).
            Action::CycleDifficulty if self.difficulty().is_some() => {
                let d = self.config.difficulty;
                self.config.difficulty = if d.harder() == d {
                    crate::train::Difficulty::ALL[0]
                } else {
                    d.harder()
                };
            }
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

    /// The puzzle the play order has come to (an index into `puzzles`):
    /// the next of the list, else the one rated training serves now,
    /// nearest the rating after the last result at the difficulty.
    fn upcoming(&mut self) -> Option<usize> {
        if let Some(&i) = self.order.get(self.at) {
            return Some(i);
        }
        let rating = self.current_rating();
        let difficulty = self.config.difficulty;
        // Blind tactics serve only puzzles with the plies before them.
        let plies = self.config.blind.map(usize::from);
        let fits = |p: &Puzzle| plies.is_none_or(|n| crate::train::blind::known_plies(p) >= n);
        let rung = self
            .ladder
            .as_mut()?
            .next_fitting(rating, difficulty, fits)?;
        self.puzzles.push(rung.puzzle.clone());
        let i = self.puzzles.len() - 1;
        self.order.push(i);
        Some(i)
    }

    /// The user's rating now: after the last result recorded, else the
    /// stats', else a newcomer's 1500.
    fn current_rating(&self) -> f64 {
        match (&self.rating_change, &self.context.stats) {
            (Some((_, recorded)), _) => recorded.rating_after,
            (None, Some(stats)) => stats.rating.current,
            (None, None) => 1500.0,
        }
    }

    /// Whether a failing key asks first: a rated puzzle still clean, and
    /// the config file has not turned the question off.
    fn asks_before_failing(&self, play: &Play) -> bool {
        self.config.confirm_fail && self.config.track.is_rated() && play.is_clean()
    }

    /// The first key of a failing key's binding, as the help writes it
    /// ("F2").
    fn key_label(&self, key: FailKey) -> String {
        let id = match key {
            FailKey::Hint => "puzzle.hint",
            FailKey::GiveUp => "puzzle.solution",
        };
        self.config
            .keys
            .binding(id)
            .and_then(|b| b.keys.first())
            .map(|&k| crate::tui::keys::key_label(k))
            .unwrap_or_default()
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
        let next = self.upcoming();
        match next.and_then(|i| self.puzzles.get(i).map(|p| (i, p.clone()))) {
            Some((i, p)) => Screen::Puzzle(Box::new(self.new_play(i, p))),
            None if self.playing_set() => self.set_played_through(),
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
            let (rating, replay) = self.config.track.recording();
            self.hand_over(Finished::Puzzle(PuzzleDone {
                puzzle: Box::new(puzzle),
                source,
                result: attempt.outcome,
                time_ms: attempt.time_ms,
                rating,
                set: self.set_place(play.index()),
                replay,
            }));
            self.ask_refutation(play);
        }
    }
}

/// One track's puzzles, shelved while the other is played.
#[derive(Debug)]
pub(crate) struct Lineup {
    track: Track,
    puzzles: Vec<Puzzle>,
    order: Vec<usize>,
    at: usize,
    builtin: bool,
    paused: Option<Box<Play>>,
    ladder: Option<Ladder>,
}

impl Lineup {
    /// A Woodpecker set's puzzles in set order, played in `order`, rated
    /// as `sancho set play` rates them (on a first attempt).
    pub(super) fn of_set(puzzles: Vec<Puzzle>, order: Vec<usize>, builtin: bool) -> Lineup {
        Lineup {
            track: Track::Rated,
            puzzles,
            order,
            at: 0,
            builtin,
            paused: None,
            ladder: None,
        }
    }

    /// A pool served one puzzle at a time on `track` (weakness training).
    pub(super) fn of_pool(track: Track, pool: Ladder, builtin: bool) -> Lineup {
        Lineup {
            track,
            puzzles: Vec::new(),
            order: Vec::new(),
            at: 0,
            builtin,
            paused: None,
            ladder: Some(pool),
        }
    }

    /// The course from `context`, shelved beside the track the trainer
    /// opens on (none when that track is the course itself).
    pub(super) fn course_beside(config: &Config, context: &Context) -> Option<Lineup> {
        let (puzzles, order) = context.course.clone()?;
        if config.track == Track::Course {
            return None;
        }
        let mut order: Vec<usize> = order.into_iter().filter(|&i| i < puzzles.len()).collect();
        if order.is_empty() {
            order = (0..puzzles.len()).collect();
        }
        Some(Lineup {
            track: Track::Course,
            puzzles,
            order,
            at: 0,
            builtin: true,
            paused: None,
            ladder: None,
        })
    }
}

impl App {
    /// The home menu's Puzzles (rated training, else the list the trainer
    /// opened on), Course or Weakness training: the track shown goes on; a
    /// shelved one is taken off the shelf, the one shown put on it with
    /// its puzzle left for the menus.
    pub(super) fn open_track(&mut self, want: Track) -> Screen {
        self.leave_set();
        if self.config.track != want {
            match self.shelved.iter().position(|l| l.track == want) {
                Some(i) => {
                    let mut other = self.shelved.remove(i);
                    self.swap_lineup(&mut other);
                    self.shelved.push(other);
                }
                None if want == Track::Course => {
                    self.notice = Some(strings::NO_COURSE.to_owned());
                    return Screen::Home;
                }
                None if want == Track::Weak => {
                    self.notice = Some(strings::NO_WEAK.to_owned());
                    return Screen::Home;
                }
                None => {}
            }
        }
        self.open_puzzles()
    }

    /// A Storm or Streak run's failed `puzzles` again, as replays (never
    /// rated): the track shown is shelved (an earlier replay is dropped).
    pub(super) fn replay(&mut self, puzzles: Vec<Puzzle>, builtin: bool) -> Screen {
        self.leave_set();
        let mut replays = Lineup {
            track: Track::Replay,
            order: (0..puzzles.len()).collect(),
            puzzles,
            at: 0,
            builtin,
            paused: None,
            ladder: None,
        };
        self.swap_lineup(&mut replays);
        if replays.track != Track::Replay {
            self.shelved.push(replays);
        }
        self.open_puzzles()
    }

    /// Exchanges the puzzles shown (with their place, paused puzzle, pool
    /// and track) with `other`.
    pub(super) fn swap_lineup(&mut self, other: &mut Lineup) {
        std::mem::swap(&mut self.puzzles, &mut other.puzzles);
        std::mem::swap(&mut self.order, &mut other.order);
        std::mem::swap(&mut self.at, &mut other.at);
        std::mem::swap(&mut self.builtin, &mut other.builtin);
        std::mem::swap(&mut self.paused, &mut other.paused);
        std::mem::swap(&mut self.ladder, &mut other.ladder);
        std::mem::swap(&mut self.config.track, &mut other.track);
    }

    /// Which track the puzzles shown are played on.
    pub fn track(&self) -> Track {
        self.config.track
    }
}

impl App {
    /// The History screen: Esc or Enter goes home, the arrows scroll, `r`
    /// replays the failed puzzles loaded here.
    pub(super) fn update_history(&mut self, mut scroll: u16, action: &Action) -> Screen {
        match action {
            Action::Back | Action::Select => return Screen::Home,
            Action::Retry => {
                let failed = self.failed_loaded();
                // One list records under one kind of source: the newest
                // failure's (built-in or not), with the others of its kind.
                let Some(&(_, builtin)) = failed.first() else {
                    self.notice = Some(strings::HISTORY_NONE_LOADED.to_owned());
                    return Screen::Home;
                };
                let puzzles = failed
                    .into_iter()
                    .filter(|(_, b)| *b == builtin)
                    .map(|(p, _)| p)
                    .collect();
                return self.replay(puzzles, builtin);
            }
            _ => {}
        }
        let rows = self
            .context
            .stats
            .as_ref()
            .map_or(0, |s| s.recent.len() + 3);
        self.scroll_page(&mut scroll, rows, action);
        Screen::History { scroll }
    }

    /// The failed puzzles of the history that are loaded here (in the
    /// lists of every track), newest failure first, each once, and whether
    /// each is a built-in one.
    pub fn failed_loaded(&self) -> Vec<(Puzzle, bool)> {
        let Some(stats) = &self.context.stats else {
            return Vec::new();
        };
        let loaded = self
            .puzzles
            .iter()
            .chain(self.shelved.iter().flat_map(|l| l.puzzles.iter()))
            .chain(self.context.replayable.iter().map(|(p, _)| p));
        let loaded: Vec<&Puzzle> = loaded.collect();
        let mut found: Vec<(Puzzle, bool)> = Vec::new();
        for attempt in stats.recent.iter().filter(|a| !a.solved) {
            if found.iter().any(|(p, _)| p.id == attempt.id) {
                continue;
            }
            if let Some(p) = loaded.iter().find(|p| p.id == attempt.id) {
                let builtin = matches!(attempt.puzzle.source, Source::Builtin { .. });
                found.push(((*p).clone(), builtin));
            }
        }
        found
    }
}
