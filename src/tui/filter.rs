//! The library filter screen's state, and the bridge to the puzzle source.
//!
//! The [`App`](super::App) does no I/O. So the screen edits a [`Filter`]
//! and marks its counts stale; after [`DEBOUNCE_MS`] without a key (less
//! than the gap between two keys of a fast typist: the library answers the
//! screen's filters from precomputed counts in milliseconds) the app
//! returns [`Effect::Library`](super::Effect::Library) with a
//! [`Request::Count`], one request at a time (the one in flight is
//! `App::request`). The runner answers it with [`answer`] and feeds the
//! [`Reply`] back through `App::answer`; `App::serve` does both for tests.
//! Starting to play works the same way with [`Request::Pick`].

use super::action::Action;
use super::effect::Reply;
pub use super::effect::Request;
use super::strings;
use crate::library::{Filter, Library, LibraryError, ThemeCount};
use crate::puzzle::Puzzle;
use crate::train::{Basis, LIBRARY_BATCH, Origin, SelectError, candidates, run_candidates};

/// How long the keys must rest before the counts are recomputed: one
/// runner wake-up and a little, so that a held arrow key does not queue a
/// count per repeat while typing at a normal pace sees counts after each key.
pub const DEBOUNCE_MS: u64 = 60;
/// The rating the pick centres on when no band is set.
pub const DEFAULT_RATING: u16 = 1500;
/// The rating band's lowest and highest values and its step.
pub const RATING_FLOOR: u16 = 400;
/// See [`RATING_FLOOR`].
pub const RATING_CEIL: u16 = 3200;
/// See [`RATING_FLOOR`].
pub const RATING_STEP: u16 = 100;
/// The minimum popularity's step (popularity runs from -100 to 100).
pub const POPULARITY_STEP: i8 = 10;
/// Rows above the themes: rating from, rating to, minimum popularity.
pub const FIELD_ROWS: usize = 3;
/// How far PgUp and PgDn move the highlight.
pub const PAGE: usize = 10;

/// Where the puzzles of the filter screen come from: the lead wraps the
/// opened [`Library`] (which implements it) and passes it to the runner.
pub trait PuzzleSource {
    /// Every theme with its puzzles in total and under `filter`.
    ///
    /// # Errors
    /// Whatever the source fails with.
    fn theme_counts(&self, filter: &Filter) -> Result<Vec<ThemeCount>, LibraryError>;
    /// How many puzzles pass `filter`.
    ///
    /// # Errors
    /// Whatever the source fails with.
    fn count(&self, filter: &Filter) -> Result<u64, LibraryError>;
    /// Up to `limit` puzzles passing `filter`, rated nearest `near` first.
    ///
    /// # Errors
    /// Whatever the source fails with.
    fn pick(&self, filter: &Filter, near: u16, limit: usize) -> Result<Vec<Puzzle>, LibraryError>;
}

impl PuzzleSource for Library {
    fn theme_counts(&self, filter: &Filter) -> Result<Vec<ThemeCount>, LibraryError> {
        Library::theme_counts(self, filter)
    }

    fn count(&self, filter: &Filter) -> Result<u64, LibraryError> {
        Library::count(self, filter)
    }

    fn pick(&self, filter: &Filter, near: u16, limit: usize) -> Result<Vec<Puzzle>, LibraryError> {
        Library::pick(self, filter, near, &|_| false, limit)
    }
}

/// A [`Library`] as the filter screen's source, the way `sancho play`
/// picks (the core's [`candidates`]): the reviews due that pass the filter
/// first, puzzles the user has seen left out, and without a rating band
/// the pick centred on the user's rating. It owns its library (its
/// connection), so that it can live on the [`Worker`](super::Worker)'s
/// thread.
pub struct LibrarySource {
    library: Library,
    basis: Basis,
}

impl LibrarySource {
    /// Picks as the user's `basis` says (its rating when the filter has no
    /// band).
    pub fn new(library: Library, basis: Basis) -> LibrarySource {
        LibrarySource { library, basis }
    }
}

impl PuzzleSource for LibrarySource {
    fn theme_counts(&self, filter: &Filter) -> Result<Vec<ThemeCount>, LibraryError> {
        self.library.theme_counts(filter)
    }

    fn count(&self, filter: &Filter) -> Result<u64, LibraryError> {
        self.library.count(filter)
    }

    fn pick(&self, filter: &Filter, near: u16, limit: usize) -> Result<Vec<Puzzle>, LibraryError> {
        let basis = if filter.rating.is_some() {
            Basis {
                rating: near,
                ..self.basis.clone()
            }
        } else {
            self.basis.clone()
        };
        let origin = Origin::Library(&self.library);
        candidates(origin, filter, &basis, limit).map_err(|e| match e {
            SelectError::Library(e) => e,
            // Only puzzles in memory are checked for unknown themes.
            SelectError::UnknownTheme { theme, .. } => LibraryError::UnknownTheme(theme),
        })
    }
}

/// Puzzles in memory as the filter form's source: the built-in ones when
/// no library is imported (the Sets screen makes a set from them).
pub struct ListSource {
    puzzles: Vec<Puzzle>,
    /// Why the puzzles could not be read, said with each answer.
    error: Option<String>,
}

impl ListSource {
    /// The built-in packs and the starter set.
    pub fn builtin() -> ListSource {
        match crate::puzzle::builtin_packs() {
            Ok(packs) => ListSource::new(packs.into_iter().flat_map(|p| p.puzzles).collect()),
            Err(e) => ListSource {
                puzzles: Vec::new(),
                error: Some(e.to_string()),
            },
        }
    }

    /// These puzzles.
    pub fn new(puzzles: Vec<Puzzle>) -> ListSource {
        ListSource {
            puzzles,
            error: None,
        }
    }

    fn failed(&self) -> Result<(), LibraryError> {
        match &self.error {
            Some(e) => Err(LibraryError::Io {
                context: "reading the built-in puzzles".to_owned(),
                source: std::io::Error::other(e.clone()),
            }),
            None => Ok(()),
        }
    }
}

impl PuzzleSource for ListSource {
    fn theme_counts(&self, filter: &Filter) -> Result<Vec<ThemeCount>, LibraryError> {
        self.failed()?;
        let mut counts: std::collections::BTreeMap<&str, (u64, u64)> =
            std::collections::BTreeMap::new();
        for p in &self.puzzles {
            let kept = filter.matches(p);
            for theme in &p.themes {
                let count = counts.entry(theme.as_str()).or_default();
                count.0 += 1;
                count.1 += u64::from(kept);
            }
        }
        Ok(counts
            .into_iter()
            .map(|(name, (total, filtered))| ThemeCount {
                name: name.to_owned(),
                total,
                filtered,
            })
            .collect())
    }

    fn count(&self, filter: &Filter) -> Result<u64, LibraryError> {
        self.failed()?;
        let n = self.puzzles.iter().filter(|p| filter.matches(p)).count();
        Ok(u64::try_from(n).unwrap_or(u64::MAX))
    }

    fn pick(&self, filter: &Filter, _: u16, limit: usize) -> Result<Vec<Puzzle>, LibraryError> {
        self.failed()?;
        Ok(self
            .puzzles
            .iter()
            .filter(|p| filter.matches(p))
            .take(limit)
            .cloned()
            .collect())
    }
}

/// How a theme takes part in the filter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    /// Not chosen.
    None,
    /// One of the "any of" themes.
    Any,
    /// One of the "all of" themes.
    All,
}

/// What the filter screen asks of the app after a key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FilterNext {
    /// Nothing beyond the state change.
    Stay,
    /// Leave the screen.
    Back,
}

/// The filter being edited and the counts last computed for it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FilterState {
    filter: Filter,
    themes: Vec<ThemeCount>,
    count: Option<u64>,
    counted: Option<Filter>,
    idle_ms: u64,
    selected: usize,
    /// Play was pressed and the pick is not yet asked for.
    pick_wanted: bool,
    /// The request in flight (at most one at a time).
    asked: Option<Request>,
    /// The source's last error, as the screen shows it.
    error: Option<String>,
    /// The digits typed on a rating row, until the row is left.
    typed: Option<String>,
}

impl FilterState {
    /// A state with nothing chosen and nothing counted yet (the first count
    /// is asked for at once).
    pub fn new() -> FilterState {
        FilterState::with_filter(Filter::default())
    }

    /// A state starting from `filter` (the opening can only be set so, and
    /// is shown but not edited on the screen).
    pub fn with_filter(filter: Filter) -> FilterState {
        FilterState {
            filter,
            idle_ms: DEBOUNCE_MS,
            ..FilterState::default()
        }
    }

    /// The filter being edited.
    pub fn filter(&self) -> &Filter {
        &self.filter
    }

    /// The themes with their counts, as last computed.
    pub fn themes(&self) -> &[ThemeCount] {
        &self.themes
    }

    /// How many puzzles matched when last counted (`None` before the first
    /// count).
    pub fn count(&self) -> Option<u64> {
        self.count
    }

    /// Whether the counts shown are for an older filter.
    pub fn stale(&self) -> bool {
        self.counted.as_ref() != Some(&self.filter)
    }

    /// The highlighted row: `0..FIELD_ROWS` are the fields, then the themes.
    pub fn selected(&self) -> usize {
        self.selected
    }

    /// The digits typed on the highlighted rating row, if any (the bound
    /// takes them as soon as they make a rating from [`RATING_FLOOR`] to
    /// [`RATING_CEIL`]).
    pub fn typed(&self) -> Option<&str> {
        self.typed.as_deref()
    }

    /// The source's last error, if the last answer was one.
    pub fn error(&self) -> Option<&str> {
        self.error.as_deref()
    }

    /// How `name` takes part in the filter.
    pub fn mark(&self, name: &str) -> Mark {
        if self.filter.themes_all.iter().any(|t| t == name) {
            Mark::All
        } else if self.filter.themes_any.iter().any(|t| t == name) {
            Mark::Any
        } else {
            Mark::None
        }
    }

    /// The request in flight, if any.
    pub fn request(&self) -> Option<Request> {
        self.asked.clone()
    }

    /// What to ask the source now: a pick once Play was pressed, else the
    /// counts once the keys have rested on a filter not yet counted;
    /// nothing while a request is in flight. What it returns is in flight.
    pub fn next_request(&mut self) -> Option<Request> {
        if self.asked.is_some() {
            return None;
        }
        let request = if self.pick_wanted {
            self.pick_wanted = false;
            let near = self
                .filter
                .rating
                .map_or(DEFAULT_RATING, |(lo, hi)| lo / 2 + hi / 2);
            Request::Pick {
                filter: self.filter.clone(),
                near,
                limit: LIBRARY_BATCH,
            }
        } else if self.stale() && self.idle_ms >= DEBOUNCE_MS {
            Request::Count(self.filter.clone())
        } else {
            return None;
        };
        self.asked = Some(request.clone());
        Some(request)
    }

    /// Time passed without a key.
    pub fn tick(&mut self, ms: u64) {
        self.idle_ms = self.idle_ms.saturating_add(ms);
    }

    /// Takes in the source's counts for `filter`. An answer for an older
    /// filter is kept only while there are no numbers at all (it beats
    /// none); the counts then stay stale and are asked for again.
    pub fn counted(
        &mut self,
        filter: Filter,
        result: Result<(Vec<ThemeCount>, u64), LibraryError>,
    ) {
        if matches!(&self.asked, Some(Request::Count(f)) if *f == filter) {
            self.asked = None;
        }
        let current = filter == self.filter;
        if !current && self.count.is_some() {
            return;
        }
        match result {
            Ok((themes, count)) => {
                self.themes = themes;
                self.count = Some(count);
                self.error = None;
            }
            Err(e) => self.error = Some(e.to_string()),
        }
        self.counted = Some(filter);
        self.clamp();
    }

    /// The pick was answered (either way): stop asking. `error` is what the
    /// screen shows instead of playing.
    pub fn picked(&mut self, error: Option<String>) {
        if matches!(self.asked, Some(Request::Pick { .. })) {
            self.asked = None;
        }
        self.error = error;
    }

    /// Applies a key's action.
    pub fn apply(&mut self, action: &Action) -> FilterNext {
        let before = self.filter.clone();
        let rows = FIELD_ROWS + self.themes.len();
        // Digits on a rating row type its bound; any other key ends the
        // typing (a number out of range is refused, saying why).
        if let (Action::Insert(c), 0 | 1) = (action, self.selected) {
            if c.is_ascii_digit() {
                let typed = self.typed.get_or_insert_with(String::new);
                if typed.len() < 4 {
                    typed.push(*c);
                }
                self.take_typed();
            }
            if self.filter != before {
                self.idle_ms = 0;
            }
            return FilterNext::Stay;
        }
        if let (Action::Backspace, Some(typed)) = (action, self.typed.as_mut()) {
            typed.pop();
            self.take_typed();
            if self.filter != before {
                self.idle_ms = 0;
            }
            return FilterNext::Stay;
        }
        if let Some(typed) = self.typed.take()
            && !typed.is_empty()
            && typed_rating(&typed).is_none()
        {
            self.error = Some(strings::rating_range(&typed, RATING_FLOOR, RATING_CEIL));
            if matches!(action, Action::PlayFiltered) {
                return FilterNext::Stay;
            }
        }
        match action {
            Action::Up => self.selected = self.selected.checked_sub(1).unwrap_or(rows - 1),
            Action::Down => self.selected = (self.selected + 1) % rows,
            Action::ScrollUp => self.selected = self.selected.saturating_sub(PAGE),
            Action::ScrollDown => self.selected = (self.selected + PAGE).min(rows - 1),
            Action::Left => self.step(false),
            Action::Right => self.step(true),
            Action::Select => self.toggle(Mark::Any),
            Action::ToggleAll => self.toggle(Mark::All),
            Action::ResetFilter => self.filter = Filter::default(),
            Action::PlayFiltered => {
                self.pick_wanted = true;
                self.error = None;
            }
            Action::Back => return FilterNext::Back,
            _ => {}
        }
        if self.filter != before {
            self.idle_ms = 0;
        }
        FilterNext::Stay
    }

    /// Sets the highlighted rating bound to the digits typed, once they
    /// make a rating in range (the other bound follows if they would cross).
    fn take_typed(&mut self) {
        let Some(v) = self.typed.as_deref().and_then(typed_rating) else {
            return;
        };
        self.error = None;
        let (mut lo, mut hi) = self.filter.rating.unwrap_or((RATING_FLOOR, RATING_CEIL));
        if self.selected == 0 {
            lo = v;
            hi = hi.max(v);
        } else {
            hi = v;
            lo = lo.min(v);
        }
        self.filter.rating = ((lo, hi) != (RATING_FLOOR, RATING_CEIL)).then_some((lo, hi));
    }

    fn clamp(&mut self) {
        self.selected = self.selected.min(FIELD_ROWS + self.themes.len() - 1);
    }

    /// Left or Right on a field.
    fn step(&mut self, up: bool) {
        match self.selected {
            0 | 1 => {
                let (mut lo, mut hi) = self.filter.rating.unwrap_or((RATING_FLOOR, RATING_CEIL));
                let move_by = |v: u16| {
                    if up {
                        v.saturating_add(RATING_STEP).min(RATING_CEIL)
                    } else {
                        v.saturating_sub(RATING_STEP).max(RATING_FLOOR)
                    }
                };
                if self.selected == 0 {
                    lo = move_by(lo).min(hi);
                } else {
                    hi = move_by(hi).max(lo);
                }
                self.filter.rating = ((lo, hi) != (RATING_FLOOR, RATING_CEIL)).then_some((lo, hi));
            }
            2 => {
                let v = self.filter.min_popularity.unwrap_or(-100);
                let v = if up {
                    v.saturating_add(POPULARITY_STEP).min(100)
                } else {
                    v.saturating_sub(POPULARITY_STEP).max(-100)
                };
                self.filter.min_popularity = (v > -100).then_some(v);
            }
            _ => {}
        }
    }

    /// Space (any of) or `a` (all of) on a theme: in or out.
    fn toggle(&mut self, to: Mark) {
        let Some(name) = self
            .selected
            .checked_sub(FIELD_ROWS)
            .and_then(|i| self.themes.get(i))
            .map(|t| t.name.clone())
        else {
            return;
        };
        let was = self.mark(&name);
        self.filter.themes_any.retain(|t| *t != name);
        self.filter.themes_all.retain(|t| *t != name);
        if was != to {
            match to {
                Mark::Any => self.filter.themes_any.push(name),
                Mark::All => self.filter.themes_all.push(name),
                Mark::None => {}
            }
        }
    }
}

/// A typed rating, if it is one from [`RATING_FLOOR`] to [`RATING_CEIL`].
fn typed_rating(typed: &str) -> Option<u16> {
    typed
        .parse::<u16>()
        .ok()
        .filter(|v| (RATING_FLOOR..=RATING_CEIL).contains(v))
}

/// Answers `request` from `source` (the runner calls it, on the UI thread
/// or a worker).
pub fn answer(source: &dyn PuzzleSource, request: Request) -> Reply {
    match request {
        Request::Count(filter) => {
            let result = source
                .theme_counts(&filter)
                .and_then(|themes| Ok((themes, source.count(&filter)?)));
            Reply::Counted { filter, result }
        }
        Request::Pick {
            filter,
            near,
            limit,
        } => Reply::Picked(source.pick(&filter, near, limit)),
        Request::Pool => Reply::Pool(pool(source)),
    }
}

/// Storm's and Streak's candidates from `source`, drawn as `sancho storm`
/// draws them ([`run_candidates`]).
fn pool(source: &dyn PuzzleSource) -> Result<Vec<Puzzle>, LibraryError> {
    run_candidates(|filter, near, limit| source.pick(filter, near, limit))
}
