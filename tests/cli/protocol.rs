//! Line mode's JSON protocol, event by event: one example of every
//! `LineEvent` variant, written as line mode writes it, held by a snapshot.
//! The names and keys are a contract (scripts read them): a change here is
//! a change to the contract, to be made only by adding.

use sancho::drill::{DrillSummary, Mistake, SheetSummary};
use sancho::line::{
    CardMove, CardShown, EndgameShown, ExerciseShown, FailedPuzzle, FailedSolution, GoalJudged,
    HintShown, LineEvent, PuzzleShown, Rated, ReadMove, SolvedPuzzle,
};
use sancho::modes::StormSummary;
use sancho::notation::{Code, Diagnostic};
use sancho::progress::{CycleSummary, CycleUnderWay, Mode, ModeRecords, ModeRun, Timestamp};
use sancho::repertoire::TrainSummary;
use sancho::train::SolutionMove;

fn slip() -> Vec<Diagnostic> {
    vec![Diagnostic::new(
        Code::MissingCheck,
        "this move gives check: write + (Nf6+)",
        "Nf6+",
    )]
}

fn line() -> Vec<SolutionMove> {
    vec![
        SolutionMove {
            san: "h6".into(),
            uci: "h7h6".into(),
            by_user: false,
            comment: None,
        },
        SolutionMove {
            san: "Nf6+".into(),
            uci: "e4f6".into(),
            by_user: true,
            comment: Some("the knight cannot be taken".into()),
        },
    ]
}

fn rated<T>(result: T) -> Rated<T> {
    Rated {
        result,
        rated: true,
        rating_before: Some(1500),
        rating_after: Some(1512),
        saved: true,
    }
}

fn card_moves() -> Vec<CardMove> {
    vec![
        CardMove {
            san: "e5".into(),
            uci: "e7e5".into(),
            number: 1,
            side: "black",
            comment: None,
        },
        CardMove {
            san: "Nf3".into(),
            uci: "g1f3".into(),
            number: 2,
            side: "white",
            comment: Some("attacks e5".into()),
        },
    ]
}

fn run() -> ModeRun {
    ModeRun {
        mode: Mode::Storm,
        at: Timestamp(1_700_000_000),
        score: 12,
        moves: 30,
        accuracy: 90,
        combo_best: 14,
        seconds: 171,
        highest_solved: Some(1804),
    }
}

/// One of every event, in protocol order.
fn every_event() -> Vec<LineEvent> {
    let exercise = ExerciseShown {
        kind: "write",
        number: 1,
        total: 10,
        fen: "8/8/8/8/8/8/8/K6k w - - 0 1".into(),
        orientation: "white",
        prompt: "Write the highlighted move in SAN.".into(),
        uci: Some("a1a2".into()),
        san: None,
        square: None,
        question: None,
        colour_of: None,
        game: None,
        move_number: None,
        side: None,
        feature: Some("piece"),
        disambiguation: None,
    };
    vec![
        LineEvent::Puzzle(PuzzleShown {
            id: "xFMpV".into(),
            fen: "r1b2rk1/p2pqppp/1pnbp3/6N1/3PN3/2PQ4/PP3PPP/2KR1B1R b - - 2 12".into(),
            to_move: "white",
            title: "Lichess puzzle xFMpV".into(),
            subtitle: "White to move".into(),
            themes: vec!["mateIn2".into()],
            difficulty: None,
            rating: Some(1012),
            number: 2,
            of: 12,
            solved_count: 1,
            header: "Puzzle 2 of 12 · 1 solved".into(),
            review: false,
        }),
        LineEvent::OpponentMove {
            uci: "h7h6".into(),
            san: "h6".into(),
            words: "pawn from h7 to h6".into(),
            comment: None,
            local: None,
        },
        LineEvent::Correct {
            uci: "e4f6".into(),
            san: "Nf6+".into(),
            comment: None,
            alternative: false,
            diagnostics: slip(),
            local: Some("Sf6+".into()),
        },
        LineEvent::Wrong {
            input: "Nd2".into(),
            reason: "ambiguous: Nbd2 or Nfd2?".into(),
            legal: false,
            diagnostics: Vec::new(),
            candidates: vec!["Nbd2".into(), "Nfd2".into()],
        },
        LineEvent::FailedKeepGoing {
            reason: "wrong_move",
            message: "Puzzle failed.".into(),
        },
        LineEvent::Hint(HintShown {
            rung: 2,
            text: "move the knight on e4".into(),
            square: Some("e4".into()),
            role: Some("knight"),
            from: None,
            to: None,
            san: None,
            uci: None,
            local: None,
        }),
        LineEvent::Solved(rated(SolvedPuzzle {
            id: "xFMpV".into(),
            message: "Solved!".into(),
            title: "Lichess puzzle xFMpV".into(),
            line: Some(line()),
        })),
        LineEvent::Failed(rated(FailedPuzzle {
            id: "xFMpV".into(),
            message: "The solution was Nf6+ gxf6 Qh7#.".into(),
            solution: vec!["h6".into(), "Nf6+".into()],
            gave_up: true,
            reason: Some("gave_up"),
            line: line(),
            game_url: Some("https://lichess.org/abc#24".into()),
            local: None,
            title: "Lichess puzzle xFMpV".into(),
        })),
        LineEvent::Refutation {
            san: vec!["Qxd5".into(), "Rxd5".into()],
            verdict: "wins the queen".into(),
            text: "Qxd5 Rxd5 wins the queen".into(),
            local: None,
            local_text: None,
        },
        LineEvent::NoRefutation {
            san: "Rf8".into(),
            text: "no short refutation found: the engine rates the position after Rf8 +5.4 \
                   for your opponent, a win that takes longer than 5 moves to show"
                .into(),
            local_text: None,
        },
        LineEvent::Skipped {
            id: "xFMpV".into(),
            skips_left: None,
        },
        LineEvent::Blind {
            plies: 1,
            fen: "6k1/5ppp/8/8/8/8/5PPP/4R1K1 b - - 0 1".into(),
            to_move: "black".into(),
            moves: vec![ReadMove {
                uci: "g8h8".into(),
                san: "Kh8".into(),
                words: "king from g8 to h8".into(),
                local: None,
            }],
        },
        LineEvent::GameStart {
            fen: "7k/8/5K2/8/8/8/8/6Q1 w - - 0 1".into(),
            side: "white".into(),
            to_move: "white".into(),
            endgame: Some(EndgameShown {
                id: "kqk".into(),
                title: "Queen and king against king".into(),
                goal: "mate".into(),
                moves: 15,
                text: "Mate within 15 moves.".into(),
            }),
            from: None,
        },
        LineEvent::Played {
            uci: "g1g5".into(),
            san: "Qg5".into(),
            local: None,
        },
        LineEvent::EngineMove {
            uci: "h8h7".into(),
            san: "Kh7".into(),
            words: "king from h8 to h7".into(),
            local: None,
        },
        LineEvent::GameOver {
            result: "1-0".into(),
            reason: "checkmate".into(),
            user_won: Some(true),
            moves: vec!["Qg5".into(), "Kh7".into(), "Qg7#".into()],
            goal: Some(GoalJudged {
                goal: "mate".into(),
                moves: 15,
                achieved: true,
                moves_used: 2,
                text: "Goal reached in 2 moves.".into(),
                note: Some("Mind the stalemate.".into()),
            }),
        },
        LineEvent::Retry { id: "xFMpV".into() },
        LineEvent::Themes {
            themes: vec!["fork".into(), "middlegame".into()],
        },
        LineEvent::UnknownCommand {
            input: "undo".into(),
            commands: "board, help, quit".into(),
            text: "\"undo\" is not a move or a command. Commands: board, help, quit.".into(),
        },
        LineEvent::Unavailable {
            input: "hint".into(),
            command: "hint".into(),
        },
        LineEvent::End {
            played: 3,
            solved: 2,
            failed: 1,
        },
        LineEvent::Lesson {
            id: "lesson-1".into(),
            number: 1,
            title: "Pieces and pawns".into(),
            text: "A knight is N: Nf3.".into(),
            local: None,
        },
        LineEvent::Exercise(exercise),
        LineEvent::DrillCorrect {
            number: 1,
            counted: true,
            answer: "Ka2".into(),
            san: Some("Ka2".into()),
            expected: "Ka2".into(),
            diagnostics: Vec::new(),
        },
        LineEvent::DrillWrong {
            number: 2,
            answer: "Kb2".into(),
            expected: "Ka2".into(),
            understood: Some("Kb2".into()),
            reason: Some("that is another move".into()),
            diagnostics: Vec::new(),
        },
        LineEvent::DrillSummary(DrillSummary {
            kind: "write".into(),
            exercises: 2,
            correct: 1,
            accuracy: 0.5,
            time_ms: 9_000,
            ms_per_answer: Some(4_500),
            mistakes: vec![Mistake {
                code: "wrong-move".into(),
                expected: "Ka2".into(),
                answer: "Kb2".into(),
            }],
            timed_out: false,
            coordinates: None,
            trained: Vec::new(),
        }),
        LineEvent::Help {
            text: "Answer with the move in SAN.".into(),
        },
        LineEvent::DrillHint {
            text: "Hint: the king.".into(),
        },
        LineEvent::DrillRetry {
            text: "Starting the drill again.".into(),
        },
        LineEvent::Message {
            text: "1. e4 e5".into(),
        },
        LineEvent::Game {
            title: "Opera Game".into(),
            moves: 33,
        },
        LineEvent::Move {
            number: 1,
            side: "white",
            uci: "e2e4".into(),
            words: "pawn from e2 to e4".into(),
        },
        LineEvent::Entry {
            number: 1,
            side: "white",
            written: "e4".into(),
            expected: "e4".into(),
            grade: "right",
            diagnostics: Vec::new(),
            reason: None,
        },
        LineEvent::SheetSummary {
            summary: SheetSummary {
                written: 1,
                right: 1,
                non_canonical: 0,
                wrong: 0,
                by_code: Default::default(),
            },
            sheet: vec!["1. e4".into()],
        },
        LineEvent::SetStart {
            set: "week 1".into(),
            cycle: 2,
            puzzles: 50,
            done: 10,
        },
        LineEvent::SetEnd {
            set: "week 1".into(),
            cycle: 2,
            finished: Some(CycleSummary {
                cycle: 2,
                puzzles: 50,
                solved: 45,
                accuracy: 0.9,
                time_ms: 1_800_000,
                started: Timestamp(1_700_000_000),
                finished: Timestamp(1_700_300_000),
                days: 4,
                goal_days: Some(4),
                times_ms: vec![36_000; 3],
            }),
            current: Some(CycleUnderWay {
                cycle: 3,
                done: 0,
                solved: 0,
                time_ms: 0,
                started: Timestamp(1_700_300_000),
            }),
            goal_days: Some(2),
        },
        LineEvent::StormStart {
            seconds: 180,
            puzzles: 120,
        },
        LineEvent::StreakStart { puzzles: 400 },
        LineEvent::Clock {
            remaining_ms: 171_000,
            combo: 5,
            bonus_ms: 3_000,
            penalty_ms: 0,
        },
        LineEvent::RunSolved {
            id: "xFMpV".into(),
            rating: Some(1012),
            streak: None,
        },
        LineEvent::RunFailed {
            id: "xFMpV".into(),
            reason: "wrong_move",
            solution: vec!["h6".into(), "Nf6+".into()],
            line: line(),
            local: None,
        },
        LineEvent::StormEnd {
            summary: StormSummary {
                seconds: 180,
                score: 12,
                moves: 30,
                accuracy: 90,
                combo_best: 14,
                ms_per_puzzle: 9_000,
                highest_solved: Some(1804),
                failed: vec!["xFMpV".into()],
                played_ms: 170_400,
            },
            failed_solutions: vec![FailedSolution {
                id: "xFMpV".into(),
                solution: vec!["h6".into(), "Nf6+".into(), "gxf6".into(), "Qh7#".into()],
                local: None,
            }],
            reason: "time",
            records: Some(ModeRecords {
                storm_runs: 1,
                storm_best_today: Some(run()),
                storm_best: Some(run()),
                streak_runs: 0,
                streak_best: None,
            }),
        },
        LineEvent::StreakEnd {
            streak: 7,
            failed: Some("xFMpV".into()),
            failed_solutions: vec![FailedSolution {
                id: "xFMpV".into(),
                solution: vec!["h6".into(), "Nf6+".into(), "gxf6".into(), "Qh7#".into()],
                local: Some(vec![
                    "h6".into(),
                    "Cf6+".into(),
                    "gxf6".into(),
                    "Dh7#".into(),
                ]),
            }],
            reason: "mistake",
            records: None,
        },
        LineEvent::GuessGame {
            id: "opera-game".into(),
            title: "Morphy, Paul – Duke Karl of Brunswick and Count Isouard, Paris 1858".into(),
            side: "white",
            from: 1,
            moves: 17,
            engine: true,
        },
        LineEvent::GameMove {
            number: 2,
            side: "white",
            san: "Nf3".into(),
            uci: "g1f3".into(),
            words: "knight from g1 to f3".into(),
            comment: Some("develops".into()),
            guessed: true,
            local: None,
        },
        LineEvent::YourMove {
            number: 3,
            side: "white",
            fen: "rn1qkbnr/ppp2ppp/3p4/4p3/3PP1b1/5N2/PPP2PPP/RNBQKB1R w KQkq - 1 4".into(),
        },
        LineEvent::Guessed {
            number: 4,
            side: "white",
            input: "Bb5+".into(),
            san: "Bb5+".into(),
            game_san: "dxe5".into(),
            verdict: "loses_material",
            points: 0,
            below_game_cp: Some(280),
            reason: Some("4. Bb5+? c6 5. dxe5 cxb5: Black wins a bishop for a pawn".into()),
            diagnostics: Vec::new(),
        },
        LineEvent::LiveHint {
            input: "N".into(),
            moves: Vec::new(),
            count: 2,
            text: "2 knight moves".into(),
        },
        LineEvent::GuessSummary {
            summary: sancho::train::guess::GuessSummary {
                guesses: 17,
                matched: 9,
                also_good: 3,
                better: 1,
                points: 36,
                max_points: 51,
                average_loss_cp: Some(41),
                moments: vec![sancho::train::guess::Moment {
                    number: 4,
                    side: shakmaty::Color::White,
                    guess: "Bb5+".into(),
                    game: "dxe5".into(),
                    verdict: sancho::train::guess::Verdict::LosesMaterial,
                    below_game_cp: Some(280),
                }],
                slips: [("zero-castling".to_owned(), 1)].into_iter().collect(),
                complete: true,
            },
            saved: true,
        },
        LineEvent::RepertoireStart {
            repertoire: "white".into(),
            side: "white",
            due: 2,
            new: 3,
            new_left: 5,
        },
        LineEvent::LineShown {
            moves: card_moves(),
            from: 1,
        },
        LineEvent::Card(CardShown {
            repertoire: "white".into(),
            fen: "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2".into(),
            moves: vec!["e4".into(), "e5".into()],
            uci: vec!["e2e4".into(), "e7e5".into()],
            line: "1. e4 e5".into(),
            to_move: "white",
            new: true,
            again: false,
            number: 1,
            left: 4,
        }),
        LineEvent::CardRight {
            uci: "g1f3".into(),
            san: "Nf3".into(),
            comment: Some("attacks e5".into()),
            diagnostics: Vec::new(),
            others: vec!["Nc3".into()],
            local: None,
        },
        LineEvent::CardWrong {
            input: "Bc4".into(),
            san: Some("Bc4".into()),
            expected: card_moves()[1..].to_vec(),
            diagnostics: Vec::new(),
            revealed: false,
        },
        LineEvent::CardReview {
            right: true,
            saved: true,
            due: Some(1_700_172_800),
            interval_days: Some(2),
        },
        LineEvent::RepertoireEnd(TrainSummary {
            name: "white".into(),
            answered: 5,
            right: 4,
            wrong: 1,
            learned: 3,
            unanswered: 0,
            reason: "done",
        }),
    ]
}

/// The name of an event's variant: a `match` without a wildcard, so that a
/// new variant fails to compile here; give it an example in
/// [`every_event`] beside its arm.
fn variant(event: &LineEvent) -> &'static str {
    match event {
        LineEvent::Puzzle(_) => "Puzzle",
        LineEvent::OpponentMove { .. } => "OpponentMove",
        LineEvent::Correct { .. } => "Correct",
        LineEvent::Wrong { .. } => "Wrong",
        LineEvent::FailedKeepGoing { .. } => "FailedKeepGoing",
        LineEvent::Hint(_) => "Hint",
        LineEvent::Solved(_) => "Solved",
        LineEvent::Failed(_) => "Failed",
        LineEvent::Refutation { .. } => "Refutation",
        LineEvent::NoRefutation { .. } => "NoRefutation",
        LineEvent::Skipped { .. } => "Skipped",
        LineEvent::Blind { .. } => "Blind",
        LineEvent::GameStart { .. } => "GameStart",
        LineEvent::Played { .. } => "Played",
        LineEvent::EngineMove { .. } => "EngineMove",
        LineEvent::GameOver { .. } => "GameOver",
        LineEvent::Retry { .. } => "Retry",
        LineEvent::UnknownCommand { .. } => "UnknownCommand",
        LineEvent::Themes { .. } => "Themes",
        LineEvent::Unavailable { .. } => "Unavailable",
        LineEvent::End { .. } => "End",
        LineEvent::Lesson { .. } => "Lesson",
        LineEvent::Exercise(_) => "Exercise",
        LineEvent::DrillCorrect { .. } => "DrillCorrect",
        LineEvent::DrillWrong { .. } => "DrillWrong",
        LineEvent::DrillSummary(_) => "DrillSummary",
        LineEvent::Help { .. } => "Help",
        LineEvent::DrillHint { .. } => "DrillHint",
        LineEvent::DrillRetry { .. } => "DrillRetry",
        LineEvent::Message { .. } => "Message",
        LineEvent::Game { .. } => "Game",
        LineEvent::Move { .. } => "Move",
        LineEvent::Entry { .. } => "Entry",
        LineEvent::SheetSummary { .. } => "SheetSummary",
        LineEvent::SetStart { .. } => "SetStart",
        LineEvent::SetEnd { .. } => "SetEnd",
        LineEvent::StormStart { .. } => "StormStart",
        LineEvent::StreakStart { .. } => "StreakStart",
        LineEvent::Clock { .. } => "Clock",
        LineEvent::RunSolved { .. } => "RunSolved",
        LineEvent::RunFailed { .. } => "RunFailed",
        LineEvent::StormEnd { .. } => "StormEnd",
        LineEvent::StreakEnd { .. } => "StreakEnd",
        LineEvent::GuessGame { .. } => "GuessGame",
        LineEvent::GameMove { .. } => "GameMove",
        LineEvent::YourMove { .. } => "YourMove",
        LineEvent::Guessed { .. } => "Guessed",
        LineEvent::LiveHint { .. } => "LiveHint",
        LineEvent::GuessSummary { .. } => "GuessSummary",
        LineEvent::RepertoireStart { .. } => "RepertoireStart",
        LineEvent::LineShown { .. } => "LineShown",
        LineEvent::Card(_) => "Card",
        LineEvent::CardRight { .. } => "CardRight",
        LineEvent::CardWrong { .. } => "CardWrong",
        LineEvent::CardReview { .. } => "CardReview",
        LineEvent::RepertoireEnd(_) => "RepertoireEnd",
    }
}

#[test]
fn every_event_has_an_example_and_keeps_its_shape() {
    let events = every_event();
    let mut names: Vec<&str> = events.iter().map(variant).collect();
    names.sort_unstable();
    let count = names.len();
    names.dedup();
    assert_eq!(names.len(), count, "one example each: {names:?}");
    let lines: Vec<String> = events
        .iter()
        .map(|e| {
            let line = serde_json::to_string(e).unwrap();
            assert!(!line.contains('\n'), "one line per event: {line}");
            line
        })
        .collect();
    insta::assert_snapshot!(lines.join("\n"));
}
