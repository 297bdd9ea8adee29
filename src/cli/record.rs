//! The binary's side of the one record path: every shell hands what the
//! user finished to [`Recording::record`], which files a set's puzzle in
//! its set and calls the core's [`train::record`] (one store write), then
//! tells of any damaged file moved aside meanwhile.

use sancho::progress::{PuzzleRef, PuzzleSet, Source, Store};
use sancho::puzzle::Puzzle;
use sancho::session::SessionResult;
use sancho::train::{self, Finished, PuzzleDone, Saved, SetPlace, Track};
use sancho::tui;

use super::data::{now, tell_notice};

/// Where results go: the store (`None`: it could not be opened, and
/// nothing is saved this time) and the set being played, if one is.
pub struct Recording<'a> {
    /// The progress store.
    pub store: Option<&'a mut Store>,
    /// The Woodpecker set whose puzzles are played.
    pub set: Option<&'a PuzzleSet>,
}

impl Recording<'_> {
    /// Records `finished` (a set's puzzle also in its set, in the same
    /// write); `None` without a store.
    ///
    /// # Errors
    /// The store could not write.
    pub fn record(&mut self, finished: &Finished) -> anyhow::Result<Option<Saved>> {
        let Some(store) = self.store.as_deref_mut() else {
            return Ok(None);
        };
        let saved = match (self.set, finished) {
            (Some(set), Finished::Puzzle(done)) if done.set.is_none() => {
                let mut done = done.clone();
                done.set = place_in(set, &done);
                train::record(store, &Finished::Puzzle(done), now())
            }
            _ => train::record(store, finished, now()),
        };
        tell_notice(store);
        Ok(Some(saved?))
    }

    /// Records a puzzle attempt of line mode, on `track` (which decides whether it may be rated).
    ///
    /// # Errors
    /// As [`Recording::record`].
    pub fn puzzle(
        &mut self,
        puzzle: &Puzzle,
        source: Source,
        result: &SessionResult,
        time_ms: u64,
        track: Track,
    ) -> anyhow::Result<Option<Saved>> {
        let (rating, replay) = track.recording();
        let done = PuzzleDone {
            source,
            puzzle: Box::new(puzzle.clone()),
            result: result.clone(),
            time_ms,
            rating,
            set: None,
            replay,
        };
        self.record(&Finished::Puzzle(done))
    }
}

/// Where the attempt's puzzle sits in `set`, if it is one of its puzzles.
/// `set` is the set as the sitting began: its identity and the cycle then
/// under way (or next) are where the result is filed.
fn place_in(set: &PuzzleSet, done: &PuzzleDone) -> Option<SetPlace> {
    let wanted = PuzzleRef::new(done.source.clone(), done.puzzle.id.clone());
    let index = set.puzzles.iter().position(|m| m.puzzle_ref() == wanted)?;
    Some(SetPlace {
        play: set.play(),
        index,
    })
}

impl tui::Recorder for Recording<'_> {
    fn record(&mut self, finished: &Finished) -> anyhow::Result<Option<Saved>> {
        Recording::record(self, finished)
    }

    fn stats(&mut self) -> Option<sancho::progress::Stats> {
        self.store
            .as_ref()
            .map(|store| store.progress().stats(now()))
    }

    fn records(&mut self) -> Option<sancho::progress::ModeRecords> {
        self.store
            .as_ref()
            .map(|store| store.progress().mode_records(now()))
    }
}

/// [`Recording`] behind the full screen: it also answers the Sets screen
/// (`library`: the imported library's path, if there is one; a new set
/// comes from it, else from the built-in puzzles, as `sancho set new`).
pub struct WithSets<'a> {
    /// Where results go.
    pub recording: Recording<'a>,
    /// The imported library, if any.
    pub library: Option<std::path::PathBuf>,
}

impl tui::Recorder for WithSets<'_> {
    fn record(&mut self, finished: &Finished) -> anyhow::Result<Option<Saved>> {
        self.recording.record(finished)
    }

    fn stats(&mut self) -> Option<sancho::progress::Stats> {
        tui::Recorder::stats(&mut self.recording)
    }

    fn records(&mut self) -> Option<sancho::progress::ModeRecords> {
        tui::Recorder::records(&mut self.recording)
    }

    fn sets(&mut self, ask: tui::SetAsk) -> tui::SetAnswer {
        let Some(store) = self.recording.store.as_deref_mut() else {
            return tui::SetAnswer::Failed(tui::strings::SETS_NO_STORE.to_owned());
        };
        let library = match self.library.as_deref().map(sancho::library::Library::open) {
            Some(Ok(library)) => Some(library),
            Some(Err(e)) => return tui::SetAnswer::Failed(e.to_string()),
            None => None,
        };
        let answer = tui::answer_sets(store, library.as_ref(), ask, now());
        tell_notice(store);
        answer
    }
}
