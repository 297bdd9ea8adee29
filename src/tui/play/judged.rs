//! What one submitted move was, for the modes that end a puzzle on the
//! first mistake (Storm, Streak).

use crate::session::{Event, Wrong};

/// What [`Play::submit`](super::Play::submit) made of the input line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Judged {
    /// No move was played: empty input, not a legal move, or the puzzle
    /// had ended. It costs nothing.
    Refused,
    /// A correct move; the puzzle goes on.
    Correct {
        /// How the input departed from canonical SAN ("0-0 is written O-O").
        notes: Vec<String>,
    },
    /// A correct move that finished the puzzle.
    Solved {
        /// As for `Correct`.
        notes: Vec<String>,
    },
    /// A legal move that is not the solution.
    Wrong,
}

impl Judged {
    /// Reads the session's events for one submitted move.
    pub(super) fn of(events: &[Event]) -> Judged {
        let mut judged = Judged::Refused;
        for event in events {
            match event {
                Event::Correct { diagnostics, .. } => {
                    let notes = diagnostics.iter().map(|d| d.message.clone()).collect();
                    judged = Judged::Correct { notes };
                }
                Event::Solved { .. } | Event::Failed { .. } => {
                    if let Judged::Correct { notes } = judged {
                        judged = Judged::Solved { notes };
                    }
                }
                Event::Wrong {
                    wrong: Wrong::NotSolution { .. },
                    ..
                } => judged = Judged::Wrong,
                _ => {}
            }
        }
        judged
    }

    /// Whether a move was played (right or wrong).
    pub fn moved(&self) -> bool {
        !matches!(self, Judged::Refused)
    }
}

impl super::Play {
    /// The user's moves of the solution, in the letters moves are shown in
    /// (said when a timed mode ends a puzzle on a wrong move).
    pub fn solution_sans(&self) -> Vec<String> {
        self.session
            .solution_line()
            .iter()
            .filter(|s| s.by_user)
            .map(|s| self.lang.localize(&s.text.san))
            .collect()
    }
}
