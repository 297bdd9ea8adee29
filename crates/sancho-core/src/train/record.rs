//! The one record path: whatever the user finished, in either shell, is
//! recorded by [`record`] in one store write (lock, re-read, merge, write,
//! sync, rename), so that a crash never leaves half a record: an attempt
//! without its set result, a drill without its lesson, a review drill
//! without what it reviewed.

use crate::modes::StormSummary;
use crate::progress::{
    Attempt, Ids, LessonRecorded, LessonScore, Mode, ModeRun, Progress, PuzzleRef, Recorded,
    SetError, SetRecorded, SetResult, Store, StoreError, Timestamp,
};
use crate::record::attempt_record;

use super::finished::{DrillDone, Finished, PuzzleDone, Rating, Saved};

/// Records `finished`, ended at `at`, in one write of `store`.
///
/// # Errors
/// The store could not write (nothing of `finished` is then on disk).
pub fn record(store: &mut Store, finished: &Finished, at: Timestamp) -> Result<Saved, StoreError> {
    store.record_stamped(at, |progress, ids| apply(progress, ids, finished, at))
}

/// What [`record`] does to the progress document, without the disk: the
/// rules of what is recorded where, testable on a plain [`Progress`].
pub fn apply(progress: &mut Progress, ids: Ids, finished: &Finished, at: Timestamp) -> Saved {
    match finished {
        Finished::Puzzle(done) => puzzle(progress, ids, done, at),
        Finished::Drill(done) => drill(progress, ids, done, at),
        Finished::Storm(summary) => run(progress, ids, storm_run(summary, at), at),
        Finished::Streak {
            solved,
            highest_solved,
        } => {
            let streak = ModeRun {
                mode: Mode::Streak,
                at,
                score: *solved,
                moves: 0,
                accuracy: 0,
                combo_best: 0,
                seconds: 0,
                highest_solved: *highest_solved,
            };
            run(progress, ids, streak, at)
        }
    }
}

fn puzzle(progress: &mut Progress, ids: Ids, done: &PuzzleDone, at: Timestamp) -> Saved {
    let mut attempt: Attempt = attempt_record(
        &done.puzzle,
        done.source.clone(),
        &done.result,
        at,
        done.time_ms,
    );
    if done.rating == Rating::Unrated {
        attempt.rating = None;
    }
    let solved = attempt.counts_as_solved();
    let id = ids.attempt(&done.puzzle.id);
    let (before, rated_before) = (progress.rating().rating, progress.rating_history().len());
    progress.insert_attempt(id.clone(), attempt);
    let recorded = Recorded {
        id,
        rated: progress.rating_history().len() > rated_before,
        rating_before: before,
        rating_after: progress.rating().rating,
    };
    let set = done.set.as_ref().map(|place| {
        let wanted = PuzzleRef::new(done.source.clone(), done.puzzle.id.clone());
        file_in_set(progress, place, &wanted, solved, done.time_ms, at)
    });
    Saved::Puzzle { recorded, set }
}

/// Files a set puzzle's result in its set, if the set is still the one
/// the puzzle was played from (same name, made at the same time) and the
/// puzzle still sits at its place.
fn file_in_set(
    progress: &mut Progress,
    place: &super::SetPlace,
    wanted: &PuzzleRef,
    solved: bool,
    time_ms: u64,
    at: Timestamp,
) -> Result<SetRecorded, SetError> {
    let set = progress.set(&place.name)?;
    let same_set = set.created == place.created
        && set
            .puzzles
            .get(place.index)
            .is_some_and(|p| p.puzzle_ref() == *wanted);
    if !same_set {
        return Err(SetError::Replaced(place.name.clone()));
    }
    let result = SetResult {
        index: place.index,
        at,
        solved,
        time_ms,
    };
    progress.record_set_result(&place.name, result)
}

fn drill(progress: &mut Progress, ids: Ids, done: &DrillDone, at: Timestamp) -> Saved {
    let result = done.summary.clone().into_result(at);
    let id = ids.drill(&result.kind);
    let answered = result.exercises > 0;
    let score = done
        .lesson
        .as_ref()
        .map(|(_, size)| LessonScore::of(result.correct, result.exercises, *size));
    if answered {
        progress.insert_drill(id.clone(), result);
        if !done.trained.is_empty() {
            progress.insert_reviewed(&id, at, done.trained.clone());
        }
    }
    let lesson = done
        .lesson
        .as_ref()
        .zip(score)
        .map(|((lesson, size), score)| {
            if score.passed() {
                progress.complete_lesson(lesson);
            }
            LessonRecorded {
                score,
                best: progress.lesson_best(lesson, *size).unwrap_or(score),
                completed: progress.lessons().contains(lesson),
            }
        });
    Saved::Drill { lesson }
}

fn run(progress: &mut Progress, ids: Ids, run: ModeRun, at: Timestamp) -> Saved {
    progress.insert_run(ids.run(run.mode), run);
    Saved::Run(Box::new(progress.mode_records(at)))
}

/// The record of one Storm run that ended at `at`: its time is the time
/// played, not the clock it started with.
fn storm_run(s: &StormSummary, at: Timestamp) -> ModeRun {
    ModeRun {
        mode: Mode::Storm,
        at,
        score: s.score,
        moves: s.moves,
        accuracy: s.accuracy,
        combo_best: s.combo_best,
        seconds: u32::try_from(s.played_ms.div_ceil(1000)).unwrap_or(u32::MAX),
        highest_solved: s.highest_solved,
    }
}
