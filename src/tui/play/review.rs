//! After a puzzle: its themes shown on request, and its solution stepped
//! through on the board (the board and the moves list follow the step).

use shakmaty::Position;

use super::{Play, strings};
use crate::engine::{Refutation, Unrefuted, by_mate};
use crate::session::SolutionStep;

impl Play {
    /// When the puzzle ends: why the first legal wrong move of this attempt
    /// fails, when the mate solver proves it (pure: no engine here).
    pub(super) fn refute_first_wrong(&mut self) {
        self.refutation = self
            .first_wrong
            .as_ref()
            .filter(|(pos, mv)| pos.is_legal(*mv))
            .and_then(|(pos, mv)| by_mate(pos, *mv));
    }

    /// The end-of-puzzle message, with the refutation when there is one.
    pub(super) fn finished(&self, message: &str) -> String {
        match &self.refutation {
            Some(r) => strings::finished(&format!(
                "{message} {}",
                strings::refuted(&self.lang.localize_text(&r.text))
            )),
            None => strings::finished(message),
        }
    }

    /// Why the first wrong move failed: only once the puzzle has ended, and
    /// only when the mate solver proves it.
    pub fn refutation(&self) -> Option<&Refutation> {
        self.refutation.as_ref()
    }

    /// Shows or hides the puzzle's themes (hidden while it is unsolved, as
    /// they hint at the answer).
    pub fn toggle_themes(&mut self) {
        self.themes_shown = !self.themes_shown;
    }

    /// Whether the themes are shown.
    pub fn themes_shown(&self) -> bool {
        self.themes_shown
    }

    /// Once the puzzle has ended, steps through its solution on the board:
    /// `by` moves forward (negative: back), clamped to the line.
    pub fn step(&mut self, by: isize) {
        if self.finish.is_none() || self.line.is_empty() {
            return;
        }
        self.flush();
        let at = self.review.unwrap_or(self.line.len());
        self.review = Some(at.saturating_add_signed(by).min(self.line.len()));
    }

    /// Steps to the start (`false`) or the end (`true`) of the solution.
    pub fn step_to(&mut self, end: bool) {
        if self.finish.is_none() || self.line.is_empty() {
            return;
        }
        self.flush();
        self.review = Some(if end { self.line.len() } else { 0 });
    }

    /// While stepping through the solution: how many of its moves are
    /// shown, and the line.
    pub fn review(&self) -> Option<(usize, &[SolutionStep])> {
        self.review.map(|at| (at, self.line.as_slice()))
    }
}

impl Play {
    /// The first legal wrong move of this attempt and the position it was
    /// played in, once the puzzle has ended (never before: the engine is
    /// asked about it only then).
    pub fn first_wrong(&self) -> Option<(&shakmaty::Chess, shakmaty::Move)> {
        self.finish.as_ref()?;
        self.first_wrong.as_ref().map(|(pos, mv)| (pos, *mv))
    }

    /// The engine's refutation of the first wrong move, after the puzzle
    /// ended: kept, and said in the status line.
    pub fn engine_refuted(&mut self, refutation: Refutation) {
        if self.finish.is_none() || self.refutation.is_some() {
            return;
        }
        self.status.text.push(' ');
        self.status.text.push_str(&strings::refuted(
            &self.lang.localize_text(&refutation.text),
        ));
        self.refutation = Some(refutation);
    }

    /// The engine's line shows no short refutation: said, so that the
    /// user is not left waiting for one.
    pub fn engine_unrefuted(&mut self, unrefuted: &Unrefuted) {
        if self.finish.is_none() || self.refutation.is_some() {
            return;
        }
        self.status.text.push(' ');
        self.status.text.push_str(&strings::unrefuted(
            &self.lang.localize_text(&unrefuted.text()),
        ));
    }

    /// The engine could not answer: said once, plainly.
    pub fn engine_failed(&mut self, why: &str) {
        if self.finish.is_some() {
            self.status.text.push(' ');
            self.status.text.push_str(&strings::engine_failed(why));
        }
    }
}
