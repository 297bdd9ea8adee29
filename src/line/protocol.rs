//! Line mode's JSON protocol: every event a script reads, as one type.
//!
//! Each [`LineEvent`] is written as one JSON object on one line, tagged by
//! its `event` key (`{"event": "correct", "san": "Nf3", ...}`). The names
//! and keys are a contract: scripts rely on them, so they are only ever
//! added to, never renamed. Keys that only some runs have (`local`, with
//! `--lang` or `--figurine`) are left out when empty; keys that may be
//! empty by nature (`comment`, `rating_before`) are written as `null`.
//!
//! The snapshot test of every event (`tests/cli/protocol.rs`) holds the
//! shapes.

use serde::Serialize;

use crate::drill::{DrillSummary, SheetSummary};
use crate::modes::StormSummary;
use crate::notation::Diagnostic;
use crate::progress::{CycleSummary, CycleUnderWay, ModeRecords};
use crate::train::SolutionMove;
use crate::train::guess::GuessSummary;

/// One line-mode event.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum LineEvent {
    /// A puzzle is shown (its opponent's opening move follows at once).
    Puzzle(PuzzleShown),
    /// The opponent played a move.
    OpponentMove {
        /// UCI.
        uci: String,
        /// SAN (English letters).
        san: String,
        /// The move in words ("knight from g1 to f3").
        words: String,
        /// The pack's comment on it.
        comment: Option<String>,
        /// The SAN in the user's letters or figurines.
        #[serde(skip_serializing_if = "Option::is_none")]
        local: Option<String>,
    },
    /// The user's move was accepted.
    Correct {
        /// UCI.
        uci: String,
        /// SAN.
        san: String,
        /// The pack's comment on it.
        comment: Option<String>,
        /// Whether it is another move the mate solver proves as good.
        alternative: bool,
        /// How the input departed from canonical SAN.
        diagnostics: Vec<Diagnostic>,
        /// The SAN in the user's letters or figurines.
        #[serde(skip_serializing_if = "Option::is_none")]
        local: Option<String>,
    },
    /// The input was not accepted.
    Wrong {
        /// What was typed.
        input: String,
        /// Why, in words.
        reason: String,
        /// Whether it was a legal move (then it was not the solution).
        legal: bool,
        /// How the input departed from canonical SAN.
        diagnostics: Vec<Diagnostic>,
        /// For an ambiguous input, the moves it could be.
        candidates: Vec<String>,
    },
    /// The first wrong move or hint: the puzzle counts as failed, play
    /// goes on.
    FailedKeepGoing {
        /// `wrong_move` or `hint`.
        reason: &'static str,
        /// The puzzle's failure message.
        message: String,
    },
    /// A rung of the hint ladder.
    Hint(HintShown),
    /// A puzzle solved cleanly (puzzles and sets).
    Solved(Rated<SolvedPuzzle>),
    /// A puzzle played to the end after a slip, left failed, or given up.
    Failed(Rated<FailedPuzzle>),
    /// Why the first legal wrong move failed (only after the end).
    Refutation {
        /// The refuting line, in SAN.
        san: Vec<String>,
        /// The verdict ("mates in 2", "wins a rook").
        verdict: String,
        /// The whole sentence.
        text: String,
        /// The line in the user's letters.
        #[serde(skip_serializing_if = "Option::is_none")]
        local: Option<Vec<String>>,
        /// The sentence in the user's letters.
        #[serde(skip_serializing_if = "Option::is_none")]
        local_text: Option<String>,
    },
    /// An engine was asked why the first legal wrong move failed and its
    /// line shows no short refutation (only after the end).
    NoRefutation {
        /// The wrong move, in SAN.
        san: String,
        /// What the engine saw: "no short refutation found: ...".
        text: String,
        /// The sentence in the user's letters.
        #[serde(skip_serializing_if = "Option::is_none")]
        local_text: Option<String>,
    },
    /// A puzzle passed: `next` before its end, or Streak's one skip.
    Skipped {
        /// The puzzle.
        id: String,
        /// Streak: skips left in the run.
        #[serde(skip_serializing_if = "Option::is_none")]
        skips_left: Option<u32>,
    },
    /// The puzzle's themes, asked for with `themes` (text shows them
    /// only then or when the puzzle ends).
    Themes {
        /// Its themes.
        themes: Vec<String>,
    },
    /// Blind tactics (`play --blind N`): the frozen board, `plies` before
    /// the puzzle, and the moves to read from it (after `puzzle`; the
    /// session's set-up move is not sent again as `opponent_move`).
    Blind {
        /// The plies read.
        plies: u8,
        /// The frozen board's position.
        fen: String,
        /// Who is to move on the frozen board: `white` or `black`.
        to_move: String,
        /// The moves from the frozen board to the puzzle, in order.
        moves: Vec<ReadMove>,
    },
    /// `sancho game`: the game starts.
    GameStart {
        /// The start position.
        fen: String,
        /// The user's colour: `white` or `black`.
        side: String,
        /// Who moves first: `white` or `black`.
        to_move: String,
        /// The endgame being played (`--endgame`), left out otherwise.
        #[serde(skip_serializing_if = "Option::is_none")]
        endgame: Option<EndgameShown>,
        /// Where the position came from (`--puzzle`, `--pgn --ply`), left
        /// out for `--fen` and the starting position.
        #[serde(skip_serializing_if = "Option::is_none")]
        from: Option<String>,
    },
    /// `sancho game`: the user's move, played.
    Played {
        /// UCI.
        uci: String,
        /// SAN (English letters).
        san: String,
        /// The SAN in the user's letters or figurines.
        #[serde(skip_serializing_if = "Option::is_none")]
        local: Option<String>,
    },
    /// `sancho game`: the engine's move.
    EngineMove {
        /// UCI.
        uci: String,
        /// SAN (English letters).
        san: String,
        /// The move in words.
        words: String,
        /// The SAN in the user's letters or figurines.
        #[serde(skip_serializing_if = "Option::is_none")]
        local: Option<String>,
    },
    /// `sancho game`: the game is over.
    GameOver {
        /// `1-0`, `0-1`, `1/2-1/2`, or `*` when the engine failed or a
        /// goal ended the game (a promotion, the move budget).
        result: String,
        /// `checkmate`, `stalemate`, `repetition`, `fifty_moves`,
        /// `insufficient_material`, `resigned`, `engine_failed`,
        /// `promoted` or `move_limit`.
        reason: String,
        /// Whether the user won (null: a draw or no result).
        user_won: Option<bool>,
        /// Every move's SAN, in order.
        moves: Vec<String>,
        /// An endgame's goal judged, left out for a game without a goal
        /// (and when the engine failed: nothing is judged then).
        #[serde(skip_serializing_if = "Option::is_none")]
        goal: Option<GoalJudged>,
    },
    /// The puzzle starts again.
    Retry {
        /// The puzzle.
        id: String,
    },
    /// A plain word that cannot be a move (puzzles, runs and drills).
    UnknownCommand {
        /// What was typed.
        input: String,
        /// The commands of this mode, comma-separated.
        commands: String,
        /// The answer in words.
        text: String,
    },
    /// A command this mode does not have.
    Unavailable {
        /// What was typed.
        input: String,
        /// The command it names.
        command: String,
    },
    /// The end of a puzzle run: how many were played.
    End {
        /// Puzzles finished.
        played: usize,
        /// Solved cleanly.
        solved: usize,
        /// Failed.
        failed: usize,
    },
    /// A lesson's page (its exercises follow).
    Lesson {
        /// `lesson-3`.
        id: String,
        /// 3.
        number: usize,
        /// Its title.
        title: String,
        /// Its text (Markdown).
        text: String,
        /// The text with its moves in the user's letters.
        #[serde(skip_serializing_if = "Option::is_none")]
        local: Option<String>,
    },
    /// A drill's exercise.
    Exercise(ExerciseShown),
    /// A drill's right answer.
    #[serde(rename = "correct")]
    DrillCorrect {
        /// The exercise's place.
        number: usize,
        /// Whether it counts (not after a hint).
        counted: bool,
        /// What was typed.
        answer: String,
        /// What it was understood as.
        san: Option<String>,
        /// The expected answer.
        expected: String,
        /// How the answer departed from canonical SAN.
        diagnostics: Vec<Diagnostic>,
    },
    /// A drill's wrong answer.
    #[serde(rename = "wrong")]
    DrillWrong {
        /// The exercise's place.
        number: usize,
        /// What was typed.
        answer: String,
        /// The expected answer.
        expected: String,
        /// What it was understood as, if anything.
        understood: Option<String>,
        /// Why it is wrong when no diagnostic says it.
        reason: Option<String>,
        /// How the answer departed from canonical SAN.
        diagnostics: Vec<Diagnostic>,
    },
    /// A drill's summary.
    #[serde(rename = "summary")]
    DrillSummary(DrillSummary),
    /// What to type, in a drill.
    Help {
        /// The help.
        text: String,
    },
    /// A drill's clue (the answer then does not count).
    #[serde(rename = "hint")]
    DrillHint {
        /// The clue.
        text: String,
    },
    /// A drill starts again.
    #[serde(rename = "retry")]
    DrillRetry {
        /// In words.
        text: String,
    },
    /// Words for a reader that are no verdict (the scoresheet's board and
    /// sheet, its help).
    Message {
        /// The words.
        text: String,
    },
    /// The scoresheet's game.
    Game {
        /// Its title.
        title: String,
        /// How many moves are to be written.
        moves: usize,
    },
    /// The scoresheet's next move, told.
    Move {
        /// The move number.
        number: u32,
        /// `white` or `black`.
        side: &'static str,
        /// UCI.
        uci: String,
        /// In words.
        words: String,
    },
    /// A line written on the scoresheet, graded.
    Entry {
        /// The move number.
        number: u32,
        /// `white` or `black`.
        side: &'static str,
        /// What was written.
        written: String,
        /// The move in SAN.
        expected: String,
        /// `right`, `non_canonical` or `wrong`.
        grade: &'static str,
        /// How the entry departed from SAN.
        diagnostics: Vec<Diagnostic>,
        /// Why it is wrong.
        reason: Option<String>,
    },
    /// The scoresheet's counts and the sheet.
    #[serde(rename = "summary")]
    SheetSummary {
        /// The counts.
        #[serde(flatten)]
        summary: SheetSummary,
        /// The sheet's rows.
        sheet: Vec<String>,
    },
    /// Guess the move: the game and how it is played.
    GuessGame {
        /// The game's id (`opera-game`, or `game-N` of a file).
        id: String,
        /// Its title.
        title: String,
        /// Whose moves are guessed: `white`, `black` or `both`.
        side: &'static str,
        /// The move number guessing starts at.
        from: u32,
        /// The game's length in moves.
        moves: usize,
        /// Whether an engine judges the moves that are not the game's.
        engine: bool,
    },
    /// Guess the move: a move of the game was played (one not guessed, or
    /// the game's move after a guess).
    GameMove {
        /// The move number.
        number: u32,
        /// `white` or `black`.
        side: &'static str,
        /// SAN.
        san: String,
        /// UCI.
        uci: String,
        /// In words.
        words: String,
        /// The PGN's comment on it.
        comment: Option<String>,
        /// Whether the user guessed it.
        guessed: bool,
        /// The SAN in the user's letters or figurines.
        #[serde(skip_serializing_if = "Option::is_none")]
        local: Option<String>,
    },
    /// Guess the move: the user's turn.
    YourMove {
        /// The move number.
        number: u32,
        /// `white` or `black`.
        side: &'static str,
        /// The position.
        fen: String,
    },
    /// Guess the move: a guess, judged.
    Guessed {
        /// The move number.
        number: u32,
        /// `white` or `black`.
        side: &'static str,
        /// What was typed.
        input: String,
        /// The guess in SAN.
        san: String,
        /// The game's move in SAN.
        game_san: String,
        /// `game_move`, `better_than_game`, `also_good`, `differs` or
        /// `loses_material`.
        verdict: &'static str,
        /// The points it scored.
        points: u32,
        /// With an engine: the game move's evaluation minus the guess's,
        /// in centipawns.
        below_game_cp: Option<i32>,
        /// Why a move that loses material fails: the engine's line.
        reason: Option<String>,
        /// How the input departed from canonical SAN.
        diagnostics: Vec<Diagnostic>,
    },
    /// Guess the move: what the live hint may show for a partial move
    /// (`hint TEXT`), by the puzzle spoiler rule.
    LiveHint {
        /// The text asked about.
        input: String,
        /// The moves it may name (none when only a count may be said).
        moves: Vec<String>,
        /// How many moves fit.
        count: usize,
        /// In words.
        text: String,
    },
    /// Guess the move: the counts, the moments, whether it was saved.
    GuessSummary {
        /// The counts.
        #[serde(flatten)]
        summary: GuessSummary,
        /// Whether the run is on disk.
        saved: bool,
    },
    /// A Woodpecker set's cycle is played.
    SetStart {
        /// The set.
        set: String,
        /// The cycle's number.
        cycle: usize,
        /// Puzzles in the set.
        puzzles: usize,
        /// Done in this cycle so far.
        done: usize,
    },
    /// The set's state when the run ends.
    SetEnd {
        /// The set.
        set: String,
        /// The cycle played.
        cycle: usize,
        /// The cycle's figures, when this run finished it.
        finished: Option<CycleSummary>,
        /// The cycle under way, if one is.
        current: Option<CycleUnderWay>,
        /// The goal, in days, for the next cycle.
        goal_days: Option<u32>,
    },
    /// A Storm run starts.
    StormStart {
        /// Seconds on the clock.
        seconds: u32,
        /// The pool's size.
        puzzles: usize,
    },
    /// A Streak run starts.
    StreakStart {
        /// The pool's size.
        puzzles: usize,
    },
    /// Storm's clock after an answer.
    Clock {
        /// Milliseconds left.
        remaining_ms: u64,
        /// The combo now.
        combo: u32,
        /// Time the combo added.
        bonus_ms: u64,
        /// Time the answer cost.
        penalty_ms: u64,
    },
    /// A puzzle of a run solved.
    #[serde(rename = "solved")]
    RunSolved {
        /// The puzzle.
        id: String,
        /// Storm: its rating.
        #[serde(skip_serializing_if = "Option::is_none")]
        rating: Option<u32>,
        /// Streak: the streak now.
        #[serde(skip_serializing_if = "Option::is_none")]
        streak: Option<u32>,
    },
    /// A wrong move ended a puzzle of a run.
    #[serde(rename = "failed")]
    RunFailed {
        /// The puzzle.
        id: String,
        /// Always `wrong_move`.
        reason: &'static str,
        /// The whole solution's SAN, user's moves and replies.
        solution: Vec<String>,
        /// The whole solution, each move marked as the user's or the reply.
        line: Vec<SolutionMove>,
        /// The solution in the user's letters.
        #[serde(skip_serializing_if = "Option::is_none")]
        local: Option<Vec<String>>,
    },
    /// A Storm run ended.
    StormEnd {
        /// Its summary.
        #[serde(flatten)]
        summary: StormSummary,
        /// Each failed puzzle (`failed` has their ids) with its solution.
        failed_solutions: Vec<FailedSolution>,
        /// `time`, `quit`, `no_puzzles_left` or `end_of_input`.
        reason: &'static str,
        /// The bests after it (`null`: not saved).
        records: Option<ModeRecords>,
    },
    /// A repertoire's training session starts.
    RepertoireStart {
        /// The repertoire.
        repertoire: String,
        /// `white` or `black`: the side the user plays.
        side: &'static str,
        /// Due cards it asks.
        due: usize,
        /// New cards it asks.
        new: usize,
        /// New cards left for later days.
        new_left: usize,
    },
    /// A new line, played out before its cards are asked: `moves` from the
    /// line's start; those from index `from` on are new.
    LineShown {
        /// The moves, each with its comment.
        moves: Vec<CardMove>,
        /// Where the new part starts.
        from: usize,
    },
    /// A repertoire card is asked: the position and the moves that lead to it.
    Card(CardShown),
    /// A right answer to a card.
    CardRight {
        /// UCI.
        uci: String,
        /// SAN.
        san: String,
        /// The repertoire's comment on the move.
        comment: Option<String>,
        /// How the input departed from canonical SAN (a note: still right).
        diagnostics: Vec<Diagnostic>,
        /// The other moves the repertoire accepts here, in SAN.
        others: Vec<String>,
        /// The SAN in the user's letters or figurines.
        #[serde(skip_serializing_if = "Option::is_none")]
        local: Option<String>,
    },
    /// A legal move that is not the repertoire's (`revealed`: the answer
    /// was asked for): graded Again, asked again before the session ends.
    CardWrong {
        /// What was typed (empty when revealed).
        input: String,
        /// The move it was (`null` when revealed).
        san: Option<String>,
        /// The repertoire's moves here, with their comments.
        expected: Vec<CardMove>,
        /// How the input departed from canonical SAN.
        diagnostics: Vec<Diagnostic>,
        /// Whether the answer was asked for (`solution`).
        revealed: bool,
    },
    /// A card's review was recorded: when it is next due.
    CardReview {
        /// Whether the answer was right (Good) or not (Again).
        right: bool,
        /// Whether it was saved (false only without a progress store).
        saved: bool,
        /// When the card is next due (unix seconds; `null`: not saved).
        due: Option<i64>,
        /// The interval in days (`null`: not saved).
        interval_days: Option<u32>,
    },
    /// A repertoire's session ended.
    RepertoireEnd(crate::repertoire::TrainSummary),
    /// A Streak run ended.
    StreakEnd {
        /// Puzzles solved in a row.
        streak: u32,
        /// The puzzle whose mistake ended it.
        failed: Option<String>,
        /// That puzzle with its solution (none: no mistake ended it).
        failed_solutions: Vec<FailedSolution>,
        /// `mistake`, `quit`, `no_puzzles_left` or `end_of_input`.
        reason: &'static str,
        /// The bests after it (`null`: not saved).
        records: Option<ModeRecords>,
    },
}

/// A puzzle failed in a Storm or Streak run, with its solution, as the
/// run's end lists it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FailedSolution {
    /// The puzzle.
    pub id: String,
    /// The whole solution's SAN, the user's moves and the replies.
    pub solution: Vec<String>,
    /// The solution in the user's letters.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub local: Option<Vec<String>>,
}

/// The `exercise` event of a drill: what to answer, and what is shown
/// (one of `uci`, `san`, `square`, `question`, `colour_of`, or a game's
/// `game`, `move_number`, `side` and `uci`).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ExerciseShown {
    /// The drill kind.
    pub kind: &'static str,
    /// Its place (1-based).
    pub number: usize,
    /// How many the drill has.
    pub total: usize,
    /// The position.
    pub fen: String,
    /// The side at the bottom of the board.
    pub orientation: &'static str,
    /// What to do, in words.
    pub prompt: String,
    /// A move shown on the board (write, disambiguation, transcribe).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub uci: Option<String>,
    /// A SAN to read.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub san: Option<String>,
    /// A square shown, to name.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub square: Option<String>,
    /// A square named, to find.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub question: Option<String>,
    /// A square whose colour is asked.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub colour_of: Option<String>,
    /// Transcribe: the game.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub game: Option<String>,
    /// Transcribe: the move's number.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub move_number: Option<u32>,
    /// Transcribe: who plays it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub side: Option<&'static str>,
    /// The notation feature the exercise trains.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub feature: Option<&'static str>,
    /// The disambiguation it needs.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub disambiguation: Option<&'static str>,
}

/// The `puzzle` event.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PuzzleShown {
    /// The puzzle's id.
    pub id: String,
    /// Its start position (before the opponent's opening move).
    pub fen: String,
    /// `white` or `black`: the side the user plays.
    pub to_move: &'static str,
    /// Its title.
    pub title: String,
    /// Its subtitle.
    pub subtitle: String,
    /// Its themes: they give the tactic away, so a client keeps them
    /// hidden until the puzzle ends (or `themes` asks), as the text output
    /// and the full screen do.
    pub themes: Vec<String>,
    /// Its pack difficulty.
    pub difficulty: Option<u8>,
    /// Its Lichess rating.
    pub rating: Option<u32>,
    /// Its place in the list (1-based).
    pub number: usize,
    /// The list's length.
    pub of: usize,
    /// Puzzles solved so far.
    pub solved_count: usize,
    /// "Puzzle 2 of 50 · 1 solved".
    pub header: String,
    /// Whether it is a due review.
    pub review: bool,
}

/// The `hint` event: the rung, and what it shows.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct HintShown {
    /// 1 to 4.
    pub rung: u8,
    /// The hint in words.
    pub text: String,
    /// Rung 2: the piece's square.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub square: Option<String>,
    /// Rung 2: the piece.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub role: Option<&'static str>,
    /// Rung 3: from.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub from: Option<String>,
    /// Rung 3: to.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub to: Option<String>,
    /// Rung 4: the move.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub san: Option<String>,
    /// Rung 4: the move in UCI.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub uci: Option<String>,
    /// Rung 4: the move in the user's letters.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub local: Option<String>,
}

/// A puzzle's result with what saving it did to the rating.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Rated<T> {
    /// The result.
    #[serde(flatten)]
    pub result: T,
    /// Whether it moved the rating.
    pub rated: bool,
    /// The rating before (`null`: not saved).
    pub rating_before: Option<i64>,
    /// The rating after (`null`: not saved).
    pub rating_after: Option<i64>,
    /// Whether it was saved (false only without a progress store).
    pub saved: bool,
}

/// The `solved` event of a puzzle.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SolvedPuzzle {
    /// The puzzle.
    pub id: String,
    /// Its success message.
    pub message: String,
    /// Its title (the `puzzle` event's may have waited for the end).
    pub title: String,
    /// The whole solution with the pack's comments, when the pack keeps
    /// some of them for the end (`solutionComment`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<Vec<SolutionMove>>,
}

/// The `failed` event of a puzzle.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct FailedPuzzle {
    /// The puzzle.
    pub id: String,
    /// What happened, in words.
    pub message: String,
    /// The whole solution's SAN, user's moves and replies.
    pub solution: Vec<String>,
    /// Whether the solution was asked for.
    pub gave_up: bool,
    /// `wrong_move`, `hint` or `gave_up`.
    pub reason: Option<&'static str>,
    /// The whole solution, each move marked as the user's or the reply,
    /// with the pack's comments.
    pub line: Vec<SolutionMove>,
    /// The game the puzzle comes from.
    pub game_url: Option<String>,
    /// The solution in the user's letters.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub local: Option<Vec<String>>,
    /// Its title (the `puzzle` event's may have waited for the end).
    pub title: String,
}

/// A move of a repertoire line, as line mode writes it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CardMove {
    /// SAN.
    pub san: String,
    /// UCI.
    pub uci: String,
    /// Its full-move number.
    pub number: u32,
    /// `white` or `black`.
    pub side: &'static str,
    /// The repertoire's comment on it.
    pub comment: Option<String>,
}

/// The `card` event: a repertoire card asked.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CardShown {
    /// The repertoire.
    pub repertoire: String,
    /// The position asked.
    pub fen: String,
    /// The moves that lead to it, in SAN, from the line's start.
    pub moves: Vec<String>,
    /// The same moves in UCI.
    pub uci: Vec<String>,
    /// The moves as PGN writes them (`1. e4 e5 2. Nf3`).
    pub line: String,
    /// `white` or `black`: the side to move (the user's).
    pub to_move: &'static str,
    /// Never reviewed before this session.
    pub new: bool,
    /// Asked again after a wrong answer.
    pub again: bool,
    /// Its place among the cards answered in this session (1-based).
    pub number: usize,
    /// Cards left after this one.
    pub left: usize,
}

/// One move of a blind puzzle's lead, as [`LineEvent::Blind`] writes it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ReadMove {
    /// UCI.
    pub uci: String,
    /// SAN (English letters).
    pub san: String,
    /// The move in words ("queen from d2 to d1").
    pub words: String,
    /// The SAN in the user's letters or figurines.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub local: Option<String>,
}

/// The endgame `sancho game --endgame` plays, as `game_start` shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct EndgameShown {
    /// Its id (`kqk`).
    pub id: String,
    /// Its title.
    pub title: String,
    /// `mate`, `promote` or `hold`.
    pub goal: String,
    /// The move budget.
    pub moves: u32,
    /// The goal in words.
    pub text: String,
}

/// An endgame's goal judged at the end, as `game_over` shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GoalJudged {
    /// `mate`, `promote` or `hold`.
    pub goal: String,
    /// The move budget.
    pub moves: u32,
    /// Whether it was reached.
    pub achieved: bool,
    /// The user's moves played.
    pub moves_used: u32,
    /// The verdict in words.
    pub text: String,
    /// The endgame's teaching note, for an endgame.
    pub note: Option<String>,
}
