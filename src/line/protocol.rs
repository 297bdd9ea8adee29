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

use crate::modes::StormSummary;
use crate::notation::Diagnostic;
use crate::progress::ModeRecords;
use crate::train::SolutionMove;

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
    /// A puzzle passed: `next` before its end, or Streak's one skip.
    Skipped {
        /// The puzzle.
        id: String,
        /// Streak: skips left in the run.
        #[serde(skip_serializing_if = "Option::is_none")]
        skips_left: Option<u32>,
    },
    /// The puzzle starts again.
    Retry {
        /// The puzzle.
        id: String,
    },
    /// A plain word that cannot be a move.
    UnknownCommand {
        /// What was typed.
        input: String,
        /// The commands of this mode, comma-separated.
        commands: String,
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
        /// `time`, `quit`, `no_puzzles_left` or `end_of_input`.
        reason: &'static str,
        /// The bests after it (`null`: not saved).
        records: Option<ModeRecords>,
    },
    /// A Streak run ended.
    StreakEnd {
        /// Puzzles solved in a row.
        streak: u32,
        /// The puzzle whose mistake ended it.
        failed: Option<String>,
        /// `mistake`, `quit`, `no_puzzles_left` or `end_of_input`.
        reason: &'static str,
        /// The bests after it (`null`: not saved).
        records: Option<ModeRecords>,
    },
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
    /// Its themes: a spoiler a client hides until the end.
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
}
