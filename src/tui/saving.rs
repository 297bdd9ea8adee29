//! The progress store off the UI thread: a [`Saver`] holds the caller's
//! [`Recorder`] on a [`Service`](super::service::Service) thread, records
//! what the user finished in the order it finished, reads the stats and
//! the bests after it, and keeps what could not be saved to try again (with
//! the next result, and once more when the user leaves): nothing finished
//! is dropped because one write failed.

use std::collections::VecDeque;

use super::effect::{Recorder, Reply};
use crate::train::{Finished, Saved};

/// What the store's thread is asked.
#[derive(Debug)]
pub(crate) enum Save {
    /// Record this (and whatever still waits before it).
    Record(Box<Finished>),
    /// Read the stats ([`Reply::Stats`]).
    Stats,
    /// Read the Storm and Streak bests ([`Reply::Records`]).
    Records,
    /// Write a finished game as PGN ([`Reply::Exported`]): on this thread,
    /// so that leaving waits for it as for a record.
    Export {
        /// The file.
        path: std::path::PathBuf,
        /// The PGN.
        text: String,
    },
    /// Answer the Sets screen ([`Reply::Sets`]), after what waits is saved.
    Sets(super::sets::SetAsk),
    /// Try what waits once more (the user leaves); always answered with
    /// [`Reply::Unsaved`].
    Flush,
}

/// The recorder and what waits to be saved.
pub(crate) struct Saver<'r> {
    recorder: &'r mut dyn Recorder,
    waiting: VecDeque<Finished>,
    /// Whether the last write failed (the screen says so until one works).
    failing: bool,
}

impl<'r> Saver<'r> {
    pub(crate) fn new(recorder: &'r mut dyn Recorder) -> Saver<'r> {
        Saver {
            recorder,
            waiting: VecDeque::new(),
            failing: false,
        }
    }

    /// Does what is asked; the replies to feed the app, in order.
    pub(crate) fn serve(&mut self, ask: Save) -> Vec<Reply> {
        match ask {
            Save::Record(done) => {
                self.waiting.push_back(*done);
                self.save(false)
            }
            Save::Flush => self.save(true),
            Save::Export { path, text } => {
                let result = crate::export::write_pgn(&path, &text);
                vec![Reply::Exported { path, result }]
            }
            Save::Stats => self
                .recorder
                .stats()
                .map(|s| Reply::Stats(Box::new(s)))
                .into_iter()
                .collect(),
            Save::Sets(ask) => {
                let mut replies = self.save(false);
                replies.push(Reply::Sets(self.recorder.sets(ask)));
                replies
            }
            Save::Records => self
                .recorder
                .records()
                .map(|r| Reply::Records(Box::new(r)))
                .into_iter()
                .collect(),
        }
    }

    /// Records what waits, in order, until a write fails; says how a
    /// puzzle's rating moved, and whether anything is left unsaved (when
    /// that changed, or always if `tell`).
    fn save(&mut self, tell: bool) -> Vec<Reply> {
        let mut replies = Vec::new();
        let mut error = None;
        while let Some(done) = self.waiting.front() {
            match self.recorder.record(done) {
                Ok(saved) => {
                    replies.extend(recorded(done, saved));
                    self.waiting.pop_front();
                }
                Err(e) => {
                    error = Some(format!("{e:#}"));
                    break;
                }
            }
        }
        let failing = error.is_some();
        if tell || failing || self.failing {
            replies.push(Reply::Unsaved {
                count: self.waiting.len(),
                error,
            });
        }
        self.failing = failing;
        replies
    }
}

/// What the app is told once `done` is saved: a puzzle's rating change.
fn recorded(done: &Finished, saved: Option<Saved>) -> Option<Reply> {
    match (done, saved) {
        (Finished::Puzzle(attempt), Some(Saved::Puzzle { recorded, set })) => {
            Some(Reply::Recorded {
                puzzle_id: attempt.puzzle.id.clone(),
                recorded,
                set: set.and_then(Result::ok),
            })
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::drill::DrillSummary;
    use crate::train::DrillDone;

    fn drill() -> Finished {
        Finished::Drill(DrillDone {
            summary: DrillSummary {
                kind: "write".into(),
                exercises: 1,
                correct: 1,
                accuracy: 1.0,
                time_ms: 900,
                ms_per_answer: Some(900),
                mistakes: Vec::new(),
                timed_out: false,
                coordinates: None,
                trained: Vec::new(),
            },
            lesson: None,
            trained: Vec::new(),
        })
    }

    /// Fails while `fail` says so; counts what it saved.
    struct Flaky {
        fail: bool,
        saved: usize,
    }

    impl Recorder for Flaky {
        fn record(&mut self, _: &Finished) -> anyhow::Result<Option<Saved>> {
            if self.fail {
                anyhow::bail!("disk full");
            }
            self.saved += 1;
            Ok(None)
        }

        fn stats(&mut self) -> Option<crate::progress::Stats> {
            None
        }
    }

    #[test]
    fn what_fails_to_save_is_kept_said_and_saved_with_the_next_one() {
        let mut full = Flaky {
            fail: true,
            saved: 0,
        };
        let mut fixed = Flaky {
            fail: false,
            saved: 0,
        };
        let mut saver = Saver::new(&mut full);
        let unsaved = |replies: &[Reply]| match replies.last() {
            Some(Reply::Unsaved { count, error }) => Some((*count, error.clone())),
            _ => None,
        };
        let replies = saver.serve(Save::Record(Box::new(drill())));
        assert_eq!(unsaved(&replies), Some((1, Some("disk full".into()))));
        let replies = saver.serve(Save::Record(Box::new(drill())));
        assert_eq!(unsaved(&replies), Some((2, Some("disk full".into()))));
        saver.recorder = &mut fixed;
        let replies = saver.serve(Save::Record(Box::new(drill())));
        assert_eq!(unsaved(&replies), Some((0, None)), "all three saved");
        let replies = saver.serve(Save::Record(Box::new(drill())));
        assert!(replies.is_empty(), "nothing more to say: {replies:?}");
        let replies = saver.serve(Save::Flush);
        assert_eq!(unsaved(&replies), Some((0, None)), "a flush always answers");
        drop(saver);
        assert_eq!((full.saved, fixed.saved), (0, 4));
    }
}
