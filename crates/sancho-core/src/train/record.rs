//! The one record path: whatever the user finished, in either shell, is
//! recorded by [`record`] in one store write (lock, re-read, merge, write,
//! sync, rename), so that a crash never leaves half a record: an attempt
//! without its set result, a drill without its lesson, a review drill
//! without what it reviewed.

use crate::modes::StormSummary;
use crate::progress::{
    Attempt, GoalRecord, Ids, LessonRecorded, LessonScore, Mode, ModeRun, PlayedGame, Progress,
    SetError, SetRecorded, SetResult, Store, StoreError, Timestamp, played_id,
};
use crate::record::attempt_record;

use super::finished::{DrillDone, Finished, GameDone, PuzzleDone, Rating, Saved};

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
        Finished::Card(review) => {
            progress.insert_card_review(ids.card_review(), review.clone());
            let state = progress
                .repertoire_cards(&review.repertoire)
                .get(&review.card)
                .copied();
            Saved::Card(state)
        }
        Finished::Played(reviews) => {
            let new = reviews
                .iter()
                .filter(|(key, review)| progress.insert_card_review(played_id(key), review.clone()))
                .count();
            Saved::Played { new }
        }
        Finished::Game(done) => {
            progress.insert_game(ids.game(), played_game(done, at));
            Saved::Game(progress.endgame_stats())
        }
    }
}

/// The stored form of a finished game.
fn played_game(done: &GameDone, at: Timestamp) -> PlayedGame {
    PlayedGame {
        at,
        fen: done.fen.clone(),
        side: crate::puzzle::color_word(done.side).to_owned(),
        result: done.end.result.to_owned(),
        reason: done.end.reason.name().to_owned(),
        moves: done.moves.clone(),
        endgame: done.endgame.clone(),
        puzzle: done.puzzle.clone(),
        goal: done.end.verdict.map(|v| GoalRecord {
            kind: v.goal.name().to_owned(),
            moves: v.goal.moves(),
            achieved: v.achieved,
            moves_used: v.moves_used,
            unknown: crate::progress::disk::Extra::default(),
        }),
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
    attempt.rated = attempt.rating.is_some() && done.rating == Rating::Rated && !done.replay;
    attempt.replay = done.replay;
    let solved = attempt.counts_as_solved();
    let recorded = progress.insert_recorded(ids.attempt(&done.puzzle.id), attempt);
    let set = done
        .set
        .as_ref()
        .map(|place| file_in_set(progress, place, solved, done.time_ms, at));
    Saved::Puzzle { recorded, set }
}

/// Files a set puzzle's result in its set and in the cycle its sitting
/// began in, if the set is still the one the puzzle was played from
/// ([`Progress::record_set_result`]).
fn file_in_set(
    progress: &mut Progress,
    place: &super::SetPlace,
    solved: bool,
    time_ms: u64,
    at: Timestamp,
) -> Result<SetRecorded, SetError> {
    let result = SetResult::new(place.index, at, solved, time_ms);
    progress.record_set_result(&place.play, result)
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::drill::DrillSummary;
    use crate::progress::{SetOrigin, SetPuzzle, Source, Unrated};
    use crate::puzzle::{Puzzle, read_lichess};
    use crate::session::SessionResult;
    use crate::train::SetPlace;

    fn puzzle(id: &str) -> Puzzle {
        let csv = format!(
            "PuzzleId,FEN,Moves,Rating,RatingDeviation,Popularity,NbPlays,Themes,GameUrl,OpeningTags\n\
             {id},6k1/p1p2ppp/1pqp2r1/3Q4/8/1P6/P1P2PPP/4RK2 b - - 8 22,c6d5 e1e8,1200,100,50,100,mateIn1,,\n"
        );
        read_lichess(csv.as_bytes(), "test")
            .next()
            .unwrap()
            .unwrap()
    }

    fn done(id: &str, solved: bool, rating: Rating, set: Option<SetPlace>) -> Finished {
        Finished::Puzzle(PuzzleDone {
            puzzle: Box::new(puzzle(id)),
            source: Source::Lichess,
            result: SessionResult {
                solved,
                hints_used: 0,
                solution_shown: false,
                wrong: Vec::new(),
                slips: Vec::new(),
                failure: None,
                blind: None,
            },
            time_ms: 4_000,
            rating,
            set,
            replay: false,
        })
    }

    fn set_of(ids: &[&str], created: Timestamp) -> crate::progress::PuzzleSet {
        let puzzles = ids
            .iter()
            .map(|id| SetPuzzle::new((&Source::Lichess).into(), (*id).to_owned()))
            .collect();
        crate::progress::PuzzleSet::new("w", created, SetOrigin::Library, String::new(), 1, puzzles)
            .unwrap()
    }

    #[test]
    fn a_set_puzzle_and_its_place_in_the_cycle_are_one_change() {
        let mut progress = Progress::new();
        progress
            .add_set(set_of(&["a", "b"], Timestamp(10)))
            .unwrap();
        let place = SetPlace {
            play: progress.set("w").unwrap().play(),
            index: 1,
        };
        let at = Timestamp(1_000);
        let saved = apply(
            &mut progress,
            Ids::new(at, 1),
            &done("b", true, Rating::Rated, Some(place)),
            at,
        );
        let Saved::Puzzle {
            recorded,
            set: Some(Ok(in_set)),
        } = saved
        else {
            panic!("{saved:?}");
        };
        assert!(
            recorded.rated,
            "a first attempt at a rated puzzle moves the rating"
        );
        assert_eq!((in_set.cycle, in_set.done), (1, 1));
        assert_eq!(progress.attempts().len(), 1);
    }

    #[test]
    fn a_result_for_a_set_made_anew_under_its_name_is_not_filed_there() {
        let mut progress = Progress::new();
        progress.add_set(set_of(&["a"], Timestamp(10))).unwrap();
        let place = SetPlace {
            play: progress.set("w").unwrap().play(),
            index: 0,
        };
        progress.remove_set("w").unwrap();
        progress.add_set(set_of(&["a"], Timestamp(99))).unwrap();
        let at = Timestamp(1_000);
        let saved = apply(
            &mut progress,
            Ids::new(at, 1),
            &done("a", false, Rating::Rated, Some(place)),
            at,
        );
        assert!(
            matches!(&saved, Saved::Puzzle { set: Some(Err(SetError::Replaced(name))), .. } if name == "w"),
            "{saved:?}"
        );
        assert_eq!(progress.attempts().len(), 1, "the attempt itself is kept");
        assert!(progress.set("w").unwrap().current().is_none());
    }

    #[test]
    fn a_timed_mode_puzzle_never_moves_the_rating() {
        let mut progress = Progress::new();
        let at = Timestamp(1_000);
        let saved = apply(
            &mut progress,
            Ids::new(at, 1),
            &done("a", true, Rating::Unrated, None),
            at,
        );
        let recorded = saved.recorded().unwrap();
        assert!(!recorded.rated);
        assert_eq!(recorded.rating_before, recorded.rating_after);
    }

    #[test]
    fn an_unrated_puzzle_says_it_has_no_rating_rather_than_blaming_a_repeat() {
        let mut progress = Progress::new();
        let at = Timestamp(1_000);
        let Finished::Puzzle(mut mined) = done("m1", true, Rating::Rated, None) else {
            unreachable!("a puzzle")
        };
        mined.puzzle.rating = None;
        let saved = apply(&mut progress, Ids::new(at, 1), &Finished::Puzzle(mined), at);
        let recorded = saved.recorded().unwrap();
        assert_eq!(recorded.unrated, Some(Unrated::UnratedPuzzle));
        assert!(
            recorded.describe().contains("no rating"),
            "{}",
            recorded.describe()
        );
        let again = apply(
            &mut progress,
            Ids::new(at, 2),
            &done("a", true, Rating::Rated, None),
            at,
        );
        assert!(
            again.recorded().unwrap().rated,
            "a first attempt at a rated puzzle"
        );
        let repeat = apply(
            &mut progress,
            Ids::new(at, 3),
            &done("a", true, Rating::Rated, None),
            at,
        );
        assert_eq!(repeat.recorded().unwrap().unrated, Some(Unrated::Repeat));
    }

    #[test]
    fn a_lesson_is_its_drill_and_its_completion_in_one_change() {
        let summary = |correct| DrillSummary {
            kind: "lesson-1".into(),
            exercises: 5,
            correct,
            accuracy: f64::from(correct) / 5.0,
            time_ms: 10_000,
            ms_per_answer: Some(2_000),
            mistakes: Vec::new(),
            timed_out: false,
            coordinates: None,
            trained: Vec::new(),
        };
        let lesson = |correct| {
            Finished::Drill(DrillDone {
                summary: summary(correct),
                lesson: Some(("lesson-1".into(), 5)),
                trained: Vec::new(),
            })
        };
        let mut progress = Progress::new();
        let at = Timestamp(1_000);
        let Saved::Drill {
            lesson: Some(first),
        } = apply(&mut progress, Ids::new(at, 1), &lesson(3), at)
        else {
            panic!("a lesson's score comes back");
        };
        assert!(!first.completed, "60% does not pass");
        let Saved::Drill {
            lesson: Some(second),
        } = apply(&mut progress, Ids::new(at, 2), &lesson(4), at)
        else {
            panic!("a lesson's score comes back");
        };
        assert!(second.completed, "80% passes");
        assert_eq!(progress.drills().len(), 2);
        assert!(progress.lessons().contains("lesson-1"));
    }

    #[test]
    fn an_endgame_lost_by_stalemate_or_the_budget_is_recorded_as_failed() {
        use crate::notation::{Lang, parse_fen};
        use crate::train::GameDone;
        use crate::train::game::{Goal, PlayOut};
        use shakmaty::Color;
        let kqk = parse_fen("7k/8/5K2/8/8/8/8/6Q1 w - - 0 1").unwrap();
        let goal = Goal::Mate { moves: 1 };
        let mut progress = Progress::new();
        let at = Timestamp(1_000);
        // A stalemate, the one move spent without mate, a mate.
        for (n, mv) in [(1, "Qg6"), (2, "Qg2"), (3, "Qg7#")] {
            let (mut game, _) = PlayOut::with_goal(kqk.clone(), Color::White, Lang::EN, goal);
            game.submit(mv);
            let done = GameDone::of(&game, Some("kqk"), None).unwrap();
            apply(&mut progress, Ids::new(at, n), &Finished::Game(done), at);
        }
        let goals: Vec<(String, bool)> = progress
            .games()
            .map(|(_, g)| (g.reason.clone(), g.goal.as_ref().unwrap().achieved))
            .collect();
        assert_eq!(
            goals,
            [
                ("stalemate".to_owned(), false),
                ("move_limit".to_owned(), false),
                ("checkmate".to_owned(), true),
            ]
        );
        let stats = progress.endgame_stats();
        assert_eq!(
            (stats.attempts, stats.achieved, stats.tried, stats.mastered),
            (3, 1, 1, 1)
        );
    }
}
