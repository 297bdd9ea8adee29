//! The Sets screen's part of [`App::update`]: Woodpecker sets listed,
//! made and played. A set played takes the puzzle screen's lineup (the
//! one shown is put aside and comes back when another track is opened);
//! each attempt carries its place in the set, recorded through the one
//! record path.

use super::puzzles::Lineup;
use super::{App, Screen};
use crate::progress::SetPlay;
use crate::progress::{CycleSummary, SetStats, goal_after};
use crate::train::SetPlace;
use crate::tui::action::Action;
use crate::tui::config::SetHeader;
use crate::tui::effect::{Effect, Request};
use crate::tui::sets::{SetAnswer, SetAsk, SetsNext, SetsScreen};
use crate::woodpecker::Sitting;

/// The set being played: its sitting (where results are filed), and the
/// lineup it took the place of.
#[derive(Debug)]
pub(crate) struct SetPlaying {
    play: SetPlay,
    before: Lineup,
}

impl App {
    /// The Sets screen, asking for the sets.
    pub(super) fn open_sets(&mut self) -> Screen {
        self.effects.push(Effect::Sets(SetAsk::List));
        Screen::Sets(Box::default())
    }

    pub(super) fn update_sets(&mut self, mut sets: Box<SetsScreen>, action: &Action) -> Screen {
        match sets.apply(action) {
            SetsNext::Stay => Screen::Sets(sets),
            SetsNext::Back => Screen::Home,
            SetsNext::Ask(ask) => {
                self.effects.push(Effect::Sets(ask));
                Screen::Sets(sets)
            }
        }
    }

    /// The Sets screen's form asks the puzzle source: its counts go out as
    /// the library screen's do; its pick makes the set instead.
    pub(super) fn sets_request(&mut self) {
        let Screen::Sets(sets) = &mut self.screen else {
            return;
        };
        let Some(request) = sets.form_mut().and_then(|f| f.next_request()) else {
            return;
        };
        match request {
            Request::Pick { filter, .. } => {
                let seed = self.context.seed.wrapping_add(self.runs_started);
                self.runs_started += 1;
                if let Some(ask) = sets.take_new(filter, seed) {
                    self.effects.push(Effect::Sets(ask));
                }
            }
            other => self.effects.push(Effect::Library(other)),
        }
    }

    /// The Sets screen's filter form, while it is shown.
    pub(super) fn sets_form_mut(&mut self) -> Option<&mut crate::tui::filter::FilterState> {
        match &mut self.screen {
            Screen::Sets(sets) => sets.form_mut(),
            _ => None,
        }
    }

    /// Takes the store's answer about sets in.
    pub(super) fn sets_answered(&mut self, answer: SetAnswer) {
        let Screen::Sets(sets) = &mut self.screen else {
            // The user has left the screen: nothing to show, nothing to play.
            return;
        };
        match answer {
            SetAnswer::Opened(opened) => {
                let (sitting, stats) = *opened;
                self.play_set(sitting, &stats);
            }
            other => {
                if let Some(ask) = sets.answered(other) {
                    self.effects.push(Effect::Sets(ask));
                }
            }
        }
    }

    /// Plays `sitting` on the puzzle screen, the set header showing
    /// `stats`' name and the cycle.
    fn play_set(&mut self, sitting: Sitting, stats: &SetStats) {
        self.leave_set();
        let mut lineup = Lineup::of_set(sitting.puzzles, sitting.order, sitting.builtin);
        self.swap_lineup(&mut lineup);
        self.context.set = Some(SetHeader {
            name: stats.name.clone(),
            cycle: sitting.cycle,
            done: sitting.done,
            size: stats.puzzles,
        });
        self.playing_set = Some(SetPlaying {
            play: sitting.play,
            before: lineup,
        });
        self.screen = self.open_puzzles();
    }

    /// Where the puzzle at `index` sits in the set being played, if one is.
    pub(super) fn set_place(&self, index: usize) -> Option<SetPlace> {
        self.playing_set.as_ref().map(|s| SetPlace {
            play: s.play.clone(),
            index,
        })
    }

    /// Stops playing a set, if one is: its puzzle left for the menus is
    /// ended (a failure still counts, in the set), and the lineup it took
    /// the place of comes back.
    pub(super) fn leave_set(&mut self) {
        if self.playing_set.is_none() {
            return;
        }
        if let Some(mut play) = self.paused.take() {
            self.leave_puzzle(&mut play);
        }
        if let Some(mut playing) = self.playing_set.take() {
            self.swap_lineup(&mut playing.before);
        }
        self.context.set = None;
    }

    /// The set's cycle is played through: back to the Sets screen, which
    /// shows the cycle's summary once it is recorded.
    pub(super) fn set_played_through(&mut self) -> Screen {
        let ended = self.context.set.as_ref().and_then(|header| {
            let (_, summary) = self.cycle_done.as_ref()?;
            Some((header.name.clone(), summary.clone()))
        });
        self.leave_set();
        self.effects.push(Effect::Sets(SetAsk::List));
        Screen::Sets(Box::new(match ended {
            Some((name, summary)) => ended_screen(name, summary),
            None => SetsScreen::new(),
        }))
    }

    /// Whether a set is being played.
    pub fn playing_set(&self) -> bool {
        self.playing_set.is_some()
    }

    /// The Sets screen's state, while it is shown.
    pub fn sets_screen(&self) -> Option<&SetsScreen> {
        match &self.screen {
            Screen::Sets(sets) => Some(sets),
            _ => None,
        }
    }

    /// A cycle finished (its last attempt recorded): the Sets screen, if
    /// shown, says so.
    pub(super) fn cycle_finished(&mut self, set: &str, summary: &CycleSummary) {
        if let Screen::Sets(sets) = &mut self.screen {
            let goal = Some(goal_after(summary.days));
            sets.show_ended(set.to_owned(), summary.clone(), goal);
        }
    }
}

/// The Sets screen showing `summary`, the goal of the next cycle after it.
fn ended_screen(name: String, summary: CycleSummary) -> SetsScreen {
    let goal = Some(goal_after(summary.days));
    SetsScreen::after_cycle(name, summary, goal)
}
