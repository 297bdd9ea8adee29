//! The scoresheet trainer's screen state: the game being played out on the
//! board ([`Playback`]), the line the user writes each move on, and the last
//! entry's grade. Time comes only from [`ScoresheetScreen::tick`].

use shakmaty::Color;

use super::input::InputLine;
use crate::drill::DrillSummary;
use crate::drill::{Playback, Sheet, SheetEntry as Entry};

/// The scoresheet screen.
#[derive(Clone, Debug)]
pub struct ScoresheetScreen {
    playback: Playback,
    input: InputLine,
    /// What the last Enter said when it wrote nothing (the move is not
    /// played yet).
    note: Option<&'static str>,
    reported: bool,
    flipped: bool,
}

/// Said when Enter is pressed on a line while every move played is written.
pub const NOT_PLAYED_YET: &str =
    "That move has not been played yet: write each move after it is made (FIDE Laws 8.1).";

impl ScoresheetScreen {
    /// `sheet`'s game, a move every `pace_ms` (or on Enter on an empty line).
    pub fn new(sheet: Sheet, pace_ms: Option<u64>) -> ScoresheetScreen {
        ScoresheetScreen {
            playback: Playback::new(sheet, pace_ms),
            input: InputLine::default(),
            note: None,
            reported: false,
            flipped: false,
        }
    }

    /// The game being played and the sheet.
    pub fn playback(&self) -> &Playback {
        &self.playback
    }

    /// The line being written.
    pub fn input(&self) -> &InputLine {
        &self.input
    }

    /// The last entry written, with its grade.
    pub fn last_entry(&self) -> Option<&Entry> {
        self.playback.sheet().entries().last()
    }

    /// A note on the last Enter that wrote nothing.
    pub fn note(&self) -> Option<&'static str> {
        self.note
    }

    /// Whether the sheet is over (its summary is shown).
    pub fn is_finished(&self) -> bool {
        self.playback.is_finished()
    }

    /// Runs an edit on the line (while the sheet is being written).
    pub fn edit(&mut self, f: impl FnOnce(&mut InputLine)) {
        if !self.is_finished() {
            f(&mut self.input);
        }
    }

    /// Enter: writes the line for the next move played; on an empty line,
    /// plays the next move now.
    pub fn submit(&mut self) {
        if self.is_finished() {
            return;
        }
        let text = self.input.text();
        self.note = None;
        if text.trim().is_empty() {
            self.playback.play_next();
            return;
        }
        if self.playback.write(&text).is_some() {
            self.input.clear();
        } else {
            self.note = Some(NOT_PLAYED_YET);
        }
    }

    /// Time passed: the next moves are played at the pace.
    pub fn tick(&mut self, ms: u64) {
        if self.playback.tick(ms) {
            self.note = None;
        }
    }

    /// Ends the sheet here (Esc): the summary counts what was written.
    pub fn stop(&mut self) {
        self.playback.stop();
        self.input.clear();
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

    /// The sheet as a drill summary, once, as soon as it is over; `None`
    /// before, afterwards, and for a sheet with no entry.
    pub fn take_finished(&mut self) -> Option<DrillSummary> {
        if self.reported || !self.is_finished() {
            return None;
        }
        self.reported = true;
        let sheet = self.playback.sheet();
        (!sheet.entries().is_empty()).then(|| sheet.drill_summary(self.playback.time_ms()))
    }
}
