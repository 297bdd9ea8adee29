//! The state of the drill screen: a [`DrillRun`], the input line, the time
//! spent on the exercise shown, the verdict of the last answer and, at the
//! end, the summary. Time comes only from [`DrillScreen::tick`].

use shakmaty::{Color, File, Rank, Square};

use super::input::InputLine;
use crate::drill::{DrillKind, DrillRun, DrillSummary, Exercise, Show, Verdict};
use crate::progress::CoordRecords;

/// What the drill screen shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// An exercise waits for an answer (beside the previous verdict).
    Asking,
    /// The last exercise's verdict (Enter shows the summary).
    Verdict,
    /// The drill is over: its summary.
    Summary,
}

/// One answered exercise with its verdict.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answered {
    /// The exercise (still shown on the board with its verdict).
    pub exercise: Exercise,
    /// What the user typed.
    pub answer: String,
    /// The grade.
    pub verdict: Verdict,
    /// The piece letters the answer is written back in.
    pub lang: crate::notation::Lang,
}

/// The drill screen's state.
#[derive(Clone, Debug)]
pub struct DrillScreen {
    run: DrillRun,
    title: String,
    lesson: Option<String>,
    budget_ms: Option<u64>,
    spent_ms: u64,
    elapsed_ms: u64,
    input: InputLine,
    last_submitted: Option<String>,
    answered: Option<Answered>,
    previous: Option<Answered>,
    reported: bool,
    flipped: bool,
    cursor: Square,
    records_before: Option<CoordRecords>,
    /// Move vision: the from square picked (by a click or the cursor).
    picked: Option<Square>,
}

impl DrillScreen {
    /// A drill titled `title` (the header shows it). `budget_ms` makes it
    /// timed: it ends when the time on the exercises adds up to the budget.
    pub fn new(title: impl Into<String>, run: DrillRun, budget_ms: Option<u64>) -> DrillScreen {
        let run = match budget_ms {
            Some(b) => run.with_budget(b),
            None => run,
        };
        DrillScreen {
            run,
            title: title.into(),
            lesson: None,
            budget_ms,
            spent_ms: 0,
            elapsed_ms: 0,
            input: InputLine::default(),
            last_submitted: None,
            answered: None,
            previous: None,
            reported: false,
            flipped: false,
            cursor: Square::E4,
            records_before: None,
            picked: None,
        }
    }

    /// A coordinates drill's records before this run (mode, timing and
    /// colour): the summary shows the personal best and the last scores
    /// with this run's added. `None` when the stats are not known.
    #[must_use]
    pub fn with_records_before(mut self, records: Option<CoordRecords>) -> DrillScreen {
        self.records_before = records;
        self
    }

    /// The records with this run added, once it is over, and whether it
    /// set a new personal best (a whole-board run above the old best).
    pub fn records_after(&self) -> Option<(CoordRecords, bool)> {
        let mut records = self.records_before.clone()?;
        let setup = self.run.coordinates()?;
        let summary = self.run.summary();
        if !self.run.is_finished() || summary.exercises == 0 {
            return None;
        }
        let score = summary.correct;
        let new_best = setup.counts_for_best() && records.best.is_none_or(|b| score > b);
        if new_best {
            records.best = Some(score);
        }
        records.runs += 1;
        records.recent.push(score);
        let extra = records
            .recent
            .len()
            .saturating_sub(crate::progress::RECENT_SCORES);
        records.recent.drain(..extra);
        Some((records, new_best))
    }

    /// Whether the board's edge coordinates are hidden (a coordinates
    /// drill set up so).
    pub fn coordinates_hidden(&self) -> bool {
        self.run.coordinates().is_some_and(|s| s.hidden)
    }

    /// Marks the drill as the exercises of the lesson `id`.
    #[must_use]
    pub fn for_lesson(mut self, id: impl Into<String>) -> DrillScreen {
        self.lesson = Some(id.into());
        self
    }

    /// What the screen shows now.
    pub fn phase(&self) -> Phase {
        if self.answered.is_some() {
            Phase::Verdict
        } else if self.run.is_finished() {
            Phase::Summary
        } else {
            Phase::Asking
        }
    }

    /// The exercise on the board: the one asked, or the one just answered.
    pub fn exercise(&self) -> Option<&Exercise> {
        match &self.answered {
            Some(a) => Some(&a.exercise),
            None => self.run.current(),
        }
    }

    /// Runs an edit on the input line (only while an exercise is asked).
    /// A move vision verdict kept on the board gives way to the next
    /// exercise at the first key, which starts its answer.
    pub fn edit(&mut self, f: impl FnOnce(&mut InputLine)) {
        self.dismiss();
        if self.phase() == Phase::Asking {
            f(&mut self.input);
        }
    }

    /// Moves on from a move vision verdict kept on the board (not the
    /// last one, which waits for Enter): it stays beside the next
    /// exercise as the previous answer.
    fn dismiss(&mut self) {
        if self.answered.is_some() && !self.run.is_finished() {
            self.previous = self.answered.take();
        }
    }

    /// Whether a move vision exercise is asked with the input line empty:
    /// then the arrows move the board cursor and Enter picks its square.
    pub fn picking(&self) -> bool {
        self.phase() == Phase::Asking && self.kind() == DrillKind::Vision && self.input.is_empty()
    }

    /// Move vision: the from square picked so far.
    pub fn picked(&self) -> Option<Square> {
        self.picked
    }

    /// Move vision: picks `square` (a click, or Enter on the cursor): the
    /// first is the from square, the second answers with both.
    pub fn pick(&mut self, square: Square) {
        self.dismiss();
        if self.phase() != Phase::Asking || self.kind() != DrillKind::Vision {
            return;
        }
        self.cursor = square;
        match self.picked.take() {
            None => self.picked = Some(square),
            Some(from) => {
                self.input.set(&format!("{from}{square}"));
                self.submit();
            }
        }
    }

    /// Move vision: forgets the square picked (Backspace on an empty line).
    pub fn unpick(&mut self) {
        self.picked = None;
    }

    /// Puts the last submitted answer back on the line.
    pub fn recall(&mut self) {
        if let Some(last) = self.last_submitted.clone() {
            self.edit(|line| line.set(&last));
        }
    }

    /// Enter: checks the typed answer, or moves on from the last verdict
    /// to the summary.
    ///
    /// One Enter per exercise: the verdict is shown beside the next
    /// exercise, which is asked at once (its clock running, the line ready
    /// for its answer), and stays until the next answer is submitted. Only
    /// the last exercise's verdict waits for an Enter, before the summary.
    pub fn submit(&mut self) {
        match self.phase() {
            Phase::Verdict if !self.run.is_finished() => self.dismiss(),
            Phase::Verdict => self.answered = None,
            Phase::Summary => {}
            Phase::Asking => {
                let text = self.input.text();
                if text.trim().is_empty() {
                    return;
                }
                let exercise = self.run.current().cloned();
                let elapsed = self.elapsed_ms;
                self.last_submitted = Some(text.clone());
                self.input.clear();
                self.elapsed_ms = 0;
                self.previous = None;
                if let (Some(verdict), Some(exercise)) = (self.run.answer(&text, elapsed), exercise)
                {
                    self.spent_ms = self.spent_ms.saturating_add(elapsed);
                    let answered = Answered {
                        exercise,
                        answer: crate::notation::bounded_prefix(text.trim()).to_owned(),
                        verdict,
                        lang: self.run.lang(),
                    };
                    // A wrong move vision answer stays on the board, the
                    // right squares shown, until the next key.
                    let keep = self.run.kind() == DrillKind::Vision && !answered.verdict.correct;
                    self.picked = None;
                    if self.run.is_finished() || keep {
                        self.answered = Some(answered);
                    } else {
                        self.previous = Some(answered);
                    }
                }
            }
        }
    }

    /// Time passed: it counts while an exercise waits for its answer; a
    /// timed drill ends when its budget is used up.
    pub fn tick(&mut self, ms: u64) {
        if self.phase() != Phase::Asking {
            return;
        }
        self.elapsed_ms = self.elapsed_ms.saturating_add(ms);
        if let Some(budget) = self.budget_ms
            && self.spent_ms.saturating_add(self.elapsed_ms) > budget
        {
            // An answer after the budget is not counted: it ends the drill.
            let _ = self.run.answer(&self.input.text(), self.elapsed_ms);
            self.input.clear();
            self.elapsed_ms = 0;
            self.spent_ms = budget;
        }
    }

    /// Ends the drill early (Esc); the summary shows what was answered.
    pub fn stop(&mut self) {
        self.run.stop(self.elapsed_ms);
        // The time of the exercise left unanswered is spent: a timed
        // drill's summary says what was left, not the whole budget.
        self.spent_ms = self.spent_ms.saturating_add(self.elapsed_ms);
        self.elapsed_ms = 0;
        self.answered = None;
        self.input.clear();
    }

    /// The summary, once, as soon as the drill is over; `None` before that,
    /// afterwards, and for a drill ended before any answer.
    pub fn take_finished(&mut self) -> Option<DrillSummary> {
        if self.reported || !self.run.is_finished() {
            return None;
        }
        self.reported = true;
        let summary = self.run.summary();
        (summary.exercises > 0).then_some(summary)
    }

    /// Whether a coordinates "Find" exercise is asked: it is answered on
    /// the board (the cursor, or a click), not typed.
    pub fn finding(&self) -> bool {
        self.phase() == Phase::Asking
            && matches!(
                self.run.current().map(|e| &e.show),
                Some(Show::Question { .. })
            )
    }

    /// The board cursor of "Find" exercises (it stays where it was between
    /// exercises, as a mouse pointer would).
    pub fn cursor(&self) -> Square {
        self.cursor
    }

    /// Moves the cursor one square as seen on the screen: `up` and `right`
    /// are +1 (towards the top and the right of the drawn board), `down`
    /// and `left` -1. It stops at the board's edge.
    pub fn move_cursor(&mut self, right: i32, up: i32) {
        if !self.finding() && !self.picking() {
            return;
        }
        let sign = if self.bottom() == Color::White { 1 } else { -1 };
        let file = self.cursor.file().to_u32() as i32 + right * sign;
        let rank = self.cursor.rank().to_u32() as i32 + up * sign;
        if (0..8).contains(&file) && (0..8).contains(&rank) {
            self.cursor = Square::from_coords(File::new(file as u32), Rank::new(rank as u32));
        }
    }

    /// Answers a "Find" exercise with `square` (Enter on the cursor, or a
    /// click); the cursor moves there.
    pub fn choose(&mut self, square: Square) {
        if !self.finding() {
            return;
        }
        self.cursor = square;
        self.input.set(&square.to_string());
        self.submit();
    }

    /// Turns the board around.
    pub fn flip(&mut self) {
        self.flipped = !self.flipped;
    }

    /// The colour at the bottom of the board.
    pub fn bottom(&self) -> Color {
        let side = self.exercise().map_or(Color::White, |e| e.orientation);
        if self.flipped { !side } else { side }
    }

    /// The drill in progress.
    pub fn run(&self) -> &DrillRun {
        &self.run
    }

    /// The drill kind.
    pub fn kind(&self) -> DrillKind {
        self.run.kind()
    }

    /// The header's title.
    pub fn title(&self) -> &str {
        &self.title
    }

    /// The lesson these exercises belong to.
    pub fn lesson(&self) -> Option<&str> {
        self.lesson.as_deref()
    }

    /// The input line.
    pub fn input(&self) -> &InputLine {
        &self.input
    }

    /// The last exercise's answer and verdict, shown before the summary.
    pub fn answered(&self) -> Option<&Answered> {
        self.answered.as_ref()
    }

    /// The answer just given and its verdict, shown while the next exercise
    /// is asked, until the next answer is submitted.
    pub fn previous(&self) -> Option<&Answered> {
        self.previous.as_ref()
    }

    /// The verdict on screen: the previous answer's, or the last one's.
    pub fn shown_verdict(&self) -> Option<&Answered> {
        self.answered.as_ref().or(self.previous.as_ref())
    }

    /// Time on the exercise shown, in milliseconds.
    pub fn elapsed_ms(&self) -> u64 {
        self.elapsed_ms
    }

    /// A timed drill's time left, in milliseconds.
    pub fn remaining_ms(&self) -> Option<u64> {
        self.budget_ms
            .map(|b| b.saturating_sub(self.spent_ms.saturating_add(self.elapsed_ms)))
    }
}
