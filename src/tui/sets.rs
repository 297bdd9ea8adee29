//! The Sets screen: Woodpecker sets listed, made (a name, a size and the
//! library screen's filter form) and played; what it asks of the progress
//! store ([`SetAsk`]) and the answers ([`SetAnswer`]).
//!
//! The screen does no I/O: it asks through
//! [`Effect::Sets`](super::Effect::Sets), which the runner hands to the
//! store's thread (the [`Recorder`](super::Recorder)'s
//! [`sets`](super::Recorder::sets)); [`answer_sets`] is what a recorder with a
//! store does there, through the one set path ([`crate::woodpecker`]).

use super::action::Action;
use super::filter::FilterState;
use super::input::InputLine;
use super::strings;
use crate::library::{Filter, Library};
use crate::progress::{CycleSummary, SetStats, Store, Timestamp, check_set_name};
use crate::woodpecker::{self, Candidates, NewSet, Sitting};

/// The size a new set starts at on the screen.
pub const DEFAULT_SIZE: usize = 50;
/// The largest set the screen makes (as `sancho set new --count`).
pub const MAX_SIZE: usize = 2000;

/// What the Sets screen asks of the store's thread.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetAsk {
    /// Every set, in figures.
    List,
    /// Make a set (from the library when one is imported, else the
    /// built-in puzzles, as `sancho set new`).
    New(NewSet),
    /// Find a set's puzzles to play its cycle under way.
    Play(String),
    /// Delete a set (its attempts stay in the progress).
    Delete(String),
}

/// The store's answer to a [`SetAsk`].
#[derive(Clone, Debug, PartialEq)]
pub enum SetAnswer {
    /// The sets, in figures.
    Listed(Vec<SetStats>),
    /// The set was made: its name, its size and the size asked for.
    Made {
        /// The set's name.
        name: String,
        /// How many puzzles it holds.
        size: usize,
        /// How many were asked for (more than `size`: fewer fit).
        wanted: usize,
    },
    /// The set's puzzles, ready to play, and its figures for the header.
    Opened(Box<(Sitting, SetStats)>),
    /// The set was deleted.
    Deleted(String),
    /// What went wrong, as the screen shows it.
    Failed(String),
}

/// What a recorder with a progress store answers to `ask` (`library`: the
/// imported one, if any), at `now`; every change is one store write.
pub fn answer_sets(
    store: &mut Store,
    library: Option<&Library>,
    ask: SetAsk,
    now: Timestamp,
) -> SetAnswer {
    let failed = |e: &dyn std::fmt::Display| SetAnswer::Failed(e.to_string());
    match ask {
        SetAsk::List => SetAnswer::Listed(store.progress().set_stats()),
        SetAsk::New(mut new) => {
            new.created = now;
            match check_set_name(&new.name) {
                Ok(name) => new.name = name.to_owned(),
                Err(e) => return failed(&e),
            }
            if store.progress().set(&new.name).is_ok() {
                return failed(&crate::progress::SetError::Duplicate(new.name));
            }
            let from = library.map_or(Candidates::Builtin, Candidates::Library);
            let set = match woodpecker::make(&new, from) {
                Ok(set) => set,
                Err(e) => return failed(&e),
            };
            let size = set.puzzles.len();
            match store.add_set(set) {
                Ok(Ok(_)) => SetAnswer::Made {
                    name: new.name,
                    size,
                    wanted: new.count,
                },
                Ok(Err(e)) => failed(&e),
                Err(e) => failed(&e),
            }
        }
        SetAsk::Play(name) => {
            let set = match store.progress().set(&name) {
                Ok(set) => set.clone(),
                Err(e) => return failed(&e),
            };
            match woodpecker::load(&set, library) {
                Ok(puzzles) => {
                    SetAnswer::Opened(Box::new((Sitting::new(&set, puzzles), set.stats())))
                }
                Err(e) => failed(&e),
            }
        }
        SetAsk::Delete(name) => match store.record(|p| p.remove_set(&name)) {
            Ok(Ok(removed)) => SetAnswer::Deleted(removed.name),
            Ok(Err(e)) => failed(&e),
            Err(e) => failed(&e),
        },
    }
}

/// Where the making of a new set is.
#[derive(Debug)]
pub enum Making {
    /// Typing its name.
    Name(InputLine),
    /// Typing its size.
    Size {
        /// The name typed.
        name: String,
        /// The size being typed.
        size: InputLine,
    },
    /// Choosing its puzzles on the library screen's filter form.
    Filter {
        /// The name typed.
        name: String,
        /// The size typed.
        count: usize,
        /// The filter form.
        form: Box<FilterState>,
    },
}

/// What the screen asks of the app after a key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetsNext {
    /// Nothing beyond the state change.
    Stay,
    /// Leave for the home screen.
    Back,
    /// Ask the store.
    Ask(SetAsk),
}

/// The Sets screen's state.
#[derive(Debug, Default)]
pub struct SetsScreen {
    /// The sets as last listed (`None`: not yet).
    sets: Option<Vec<SetStats>>,
    selected: usize,
    /// A new set being made.
    making: Option<Making>,
    /// What the last answer said (a set made, an error).
    message: Option<String>,
    /// The cycle just finished, of which set, and the next goal: shown
    /// until a key is pressed.
    ended: Option<(String, CycleSummary, Option<u32>)>,
    /// Delete was pressed once on this set: a second press deletes it.
    armed: Option<String>,
}

impl SetsScreen {
    /// The screen before the sets are listed.
    pub fn new() -> SetsScreen {
        SetsScreen::default()
    }

    /// The screen showing the cycle of `set` just finished and the goal of
    /// the next.
    pub fn after_cycle(set: String, summary: CycleSummary, goal: Option<u32>) -> SetsScreen {
        SetsScreen {
            ended: Some((set, summary, goal)),
            ..SetsScreen::default()
        }
    }

    /// Shows the cycle of `set` just finished and the goal of the next.
    pub fn show_ended(&mut self, set: String, summary: CycleSummary, goal: Option<u32>) {
        self.ended = Some((set, summary, goal));
    }

    /// The sets as last listed (`None`: not yet).
    pub fn sets(&self) -> Option<&[SetStats]> {
        self.sets.as_deref()
    }

    /// The highlighted set.
    pub fn selected(&self) -> usize {
        self.selected
    }

    /// The set being made, if one is.
    pub fn making(&self) -> Option<&Making> {
        self.making.as_ref()
    }

    /// The filter form, while a new set's puzzles are being chosen.
    pub fn form(&self) -> Option<&FilterState> {
        match &self.making {
            Some(Making::Filter { form, .. }) => Some(form),
            _ => None,
        }
    }

    /// [`SetsScreen::form`], to change.
    pub fn form_mut(&mut self) -> Option<&mut FilterState> {
        match &mut self.making {
            Some(Making::Filter { form, .. }) => Some(form),
            _ => None,
        }
    }

    /// The input line being typed (a new set's name or size).
    pub fn input(&self) -> Option<&InputLine> {
        match &self.making {
            Some(Making::Name(line) | Making::Size { size: line, .. }) => Some(line),
            _ => None,
        }
    }

    /// What the last answer said.
    pub fn message(&self) -> Option<&str> {
        self.message.as_deref()
    }

    /// The cycle just finished, of which set, and the next goal in days.
    pub fn ended(&self) -> Option<&(String, CycleSummary, Option<u32>)> {
        self.ended.as_ref()
    }

    /// The set whose deletion waits for a second press.
    pub fn armed(&self) -> Option<&str> {
        self.armed.as_deref()
    }

    /// The filter form asks to pick: the set is to be made instead (the
    /// pick is answered at once, so that the form asks nothing more).
    /// Returns the ask, once the form has asked.
    pub fn take_new(&mut self, filter: Filter, seed: u64) -> Option<SetAsk> {
        let Some(Making::Filter { name, count, form }) = &mut self.making else {
            return None;
        };
        form.picked(None);
        let ask = SetAsk::New(NewSet {
            name: name.clone(),
            count: *count,
            filter,
            seed,
            created: Timestamp(0),
        });
        self.message = Some(strings::set_making(name));
        self.making = None;
        Some(ask)
    }

    /// Takes the store's answer in; returns what to ask next (the list
    /// again after a change).
    pub fn answered(&mut self, answer: SetAnswer) -> Option<SetAsk> {
        match answer {
            SetAnswer::Listed(sets) => {
                self.selected = self.selected.min(sets.len().saturating_sub(1));
                self.sets = Some(sets);
                None
            }
            SetAnswer::Made { name, size, wanted } => {
                self.message = Some(strings::set_made(&name, size, wanted));
                Some(SetAsk::List)
            }
            SetAnswer::Deleted(name) => {
                self.message = Some(strings::set_deleted(&name));
                Some(SetAsk::List)
            }
            SetAnswer::Failed(why) => {
                self.message = Some(why);
                None
            }
            // The app plays it.
            SetAnswer::Opened(_) => None,
        }
    }

    /// Applies a key's action.
    pub fn apply(&mut self, action: &Action) -> SetsNext {
        self.ended = None;
        if self.making.is_some() {
            return self.apply_making(action);
        }
        let armed = self.armed.take();
        let count = self.sets.as_ref().map_or(0, Vec::len);
        let chosen = || {
            self.sets
                .as_ref()
                .and_then(|s| s.get(self.selected))
                .map(|s| s.name.clone())
        };
        match action {
            Action::Up if count > 0 => self.selected = (self.selected + count - 1) % count,
            Action::Down if count > 0 => self.selected = (self.selected + 1) % count,
            Action::Select => {
                if let Some(name) = chosen() {
                    self.message = None;
                    return SetsNext::Ask(SetAsk::Play(name));
                }
            }
            Action::New => {
                self.message = None;
                self.making = Some(Making::Name(InputLine::default()));
            }
            Action::Remove => {
                if let Some(name) = chosen() {
                    if armed.as_deref() == Some(name.as_str()) {
                        self.message = None;
                        return SetsNext::Ask(SetAsk::Delete(name));
                    }
                    self.message = Some(strings::set_delete_confirm(&name));
                    self.armed = Some(name);
                }
            }
            Action::Back => return SetsNext::Back,
            _ => {}
        }
        SetsNext::Stay
    }

    /// A key while a new set is being made.
    fn apply_making(&mut self, action: &Action) -> SetsNext {
        let Some(making) = self.making.take() else {
            return SetsNext::Stay;
        };
        // A step left behind takes its complaint with it.
        if matches!(action, Action::Back) {
            self.message = None;
        }
        self.making = match making {
            Making::Name(mut line) => match action {
                Action::Back => None,
                Action::Submit => match check_set_name(&line.text()) {
                    Ok(name) if self.taken(name) => {
                        self.message =
                            Some(crate::progress::SetError::Duplicate(name.to_owned()).to_string());
                        Some(Making::Name(line))
                    }
                    Ok(name) => {
                        self.message = None;
                        // Empty: Enter alone takes the default, and what
                        // is typed is the size (not appended to a "50").
                        Some(Making::Size {
                            name: name.to_owned(),
                            size: InputLine::default(),
                        })
                    }
                    Err(e) => {
                        self.message = Some(e.to_string());
                        Some(Making::Name(line))
                    }
                },
                other => {
                    edit(&mut line, other, |_| true);
                    Some(Making::Name(line))
                }
            },
            Making::Size { name, mut size } => match action {
                Action::Back => Some(Making::Name({
                    let mut line = InputLine::default();
                    line.set(&name);
                    line
                })),
                Action::Submit => match Some(size.text())
                    .filter(|t| !t.trim().is_empty())
                    .map_or(Ok(DEFAULT_SIZE), |t| t.trim().parse::<usize>())
                {
                    Ok(count) if (1..=MAX_SIZE).contains(&count) => {
                        self.message = None;
                        Some(Making::Filter {
                            name,
                            count,
                            form: Box::new(FilterState::new()),
                        })
                    }
                    _ => {
                        self.message = Some(strings::set_size_range(&size.text(), MAX_SIZE));
                        Some(Making::Size { name, size })
                    }
                },
                other => {
                    edit(&mut size, other, |c| c.is_ascii_digit());
                    Some(Making::Size { name, size })
                }
            },
            Making::Filter {
                name,
                count,
                mut form,
            } => match form.apply(action) {
                super::filter::FilterNext::Back => {
                    let mut size = InputLine::default();
                    size.set(&count.to_string());
                    Some(Making::Size { name, size })
                }
                super::filter::FilterNext::Stay => Some(Making::Filter { name, count, form }),
            },
        };
        SetsNext::Stay
    }

    /// Whether a set listed has `name`.
    fn taken(&self, name: &str) -> bool {
        self.sets
            .as_ref()
            .is_some_and(|sets| sets.iter().any(|s| s.name == name))
    }
}

/// The editing keys on a line that takes only the characters `keep` lets in.
fn edit(line: &mut InputLine, action: &Action, keep: impl Fn(char) -> bool) {
    match action {
        Action::Insert(c) if keep(*c) => line.insert(*c),
        Action::Paste(text) => line.paste(&text.chars().filter(|&c| keep(c)).collect::<String>()),
        Action::Backspace => line.backspace(),
        Action::Delete => line.delete(),
        Action::Left => line.left(),
        Action::Right => line.right(),
        Action::Home => line.home(),
        Action::End => line.end(),
        Action::ClearLine => line.clear(),
        Action::DeleteWord => line.delete_word(),
        _ => {}
    }
}
