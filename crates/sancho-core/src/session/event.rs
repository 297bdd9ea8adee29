//! What a session tells its UI: events, wrong inputs, hint rungs, why a
//! puzzle failed, the outcome and the solution line to step through.

use shakmaty::{Chess, Color, Role, Square};

use crate::notation::{Code, Diagnostic, MoveText, Rejected};

/// Why a submitted move was not accepted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Wrong {
    /// A legal move, but not the solution. The first one fails the puzzle
    /// (see [`Event::MarkedFailed`]); the position is unchanged.
    NotSolution {
        /// The move, with all its spellings.
        text: MoveText,
        /// What the puzzle says about this move, when it names it (the
        /// pack's `otherMoves`: "that wins too, slowly: find the fastest").
        note: Option<String>,
    },
    /// Not a legal move here at all (or not notation): a notation mistake,
    /// recorded as one, that never fails the puzzle.
    NotLegal(Rejected),
}

/// One rung of the hint ladder.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HintRung {
    /// Rung 1: the puzzle's own hint text for this move.
    Text(String),
    /// Rung 2: the piece to move.
    Piece {
        /// Where it stands.
        square: Square,
        /// What it is.
        role: Role,
    },
    /// Rung 3: where it goes.
    Destination {
        /// Where it stands.
        from: Square,
        /// Where it goes.
        to: Square,
    },
    /// Rung 4: the whole move.
    Move(MoveText),
}

impl HintRung {
    /// The rung's number, 1 to 4.
    pub fn number(&self) -> u8 {
        match self {
            HintRung::Text(_) => 1,
            HintRung::Piece { .. } => 2,
            HintRung::Destination { .. } => 3,
            HintRung::Move(_) => 4,
        }
    }
}

/// Why a puzzle counts as failed (for rating and statistics), as on
/// Lichess: the first of these to happen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FailReason {
    /// A legal move that is not the solution (nor another proven mate).
    WrongMove(MoveText),
    /// A hint was asked for.
    Hint,
    /// The user gave up and was shown the solution.
    GaveUp,
}

impl FailReason {
    /// Why, in words: "Rd7 was tried first", "a hint was used", "the
    /// solution was shown".
    pub fn describe(&self) -> String {
        match self {
            FailReason::WrongMove(text) => format!("{} was tried first", text.san),
            FailReason::Hint => "a hint was used".to_owned(),
            FailReason::GaveUp => "the solution was shown".to_owned(),
        }
    }

    /// A short name for scripts: `wrong_move`, `hint`, `gave_up`.
    pub fn as_str(&self) -> &'static str {
        match self {
            FailReason::WrongMove(_) => "wrong_move",
            FailReason::Hint => "hint",
            FailReason::GaveUp => "gave_up",
        }
    }
}

/// What happened, for the UI.
///
/// A puzzle ends with exactly one of [`Event::Solved`] (a clean solve, the
/// only result that counts as solved), [`Event::Failed`] (played to the end
/// after a wrong move or a hint) or [`Event::GaveUp`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// The puzzle starts from this position.
    Started {
        /// Puzzle id.
        id: String,
        /// The start FEN (before the opponent's first move, if any).
        fen: String,
        /// The side the user plays.
        user_color: Color,
    },
    /// The opponent played a move (already applied; the UI may animate it).
    OpponentMoved {
        /// The move.
        text: MoveText,
        /// The puzzle's comment on it.
        comment: Option<String>,
    },
    /// The user's move was accepted.
    Correct {
        /// The move.
        text: MoveText,
        /// The puzzle's comment on it (none for an accepted alternative).
        comment: Option<String>,
        /// Whether it is another move than the book's that the mate solver
        /// proves mates at least as fast ("also mates"), or another
        /// checkmate on the last move.
        alternative: bool,
        /// How the input departed from canonical SAN (empty for `submit_move`).
        diagnostics: Vec<Diagnostic>,
    },
    /// The user's input was not accepted; the position is unchanged.
    Wrong {
        /// What the user typed (UCI for `submit_move`).
        input: String,
        /// Why.
        wrong: Wrong,
    },
    /// A hint.
    Hint(HintRung),
    /// The puzzle now counts as failed for rating and statistics, but the
    /// user may play on to the end ("failed, keep going"). Sent once per
    /// attempt, right after the [`Event::Wrong`] or [`Event::Hint`] that
    /// caused it.
    MarkedFailed {
        /// Puzzle id.
        id: String,
        /// Why ([`FailReason::WrongMove`] or [`FailReason::Hint`]).
        reason: FailReason,
        /// For a wrong move the puzzle's failure message (or
        /// [`super::DEFAULT_FAILURE`]); for a hint [`super::HINT_COSTS`].
        message: String,
    },
    /// The puzzle is solved cleanly: no wrong legal move, no hint.
    Solved {
        /// Puzzle id.
        id: String,
        /// The success message.
        message: String,
    },
    /// The user played on to the end after the puzzle was marked failed,
    /// or left it before the end once it was ([`super::Session::leave`]).
    Failed {
        /// Puzzle id.
        id: String,
        /// "Finished, but it counts as failed: Rd7 was tried first."
        message: String,
        /// Always empty (the moves are not shown; kept for the shape
        /// scripts know): [`super::Session::solution_line`] has them all.
        solution: Vec<MoveText>,
    },
    /// The user gave up: the rest of the solution has been played on the
    /// board. Never the puzzle's failure text that invites a retry.
    GaveUp {
        /// Puzzle id.
        id: String,
        /// "The solution was Nf7#."
        message: String,
        /// The rest of the solution, user's and opponent's moves.
        solution: Vec<MoveText>,
    },
}

/// The result of a finished session, for the progress store.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SessionResult {
    /// Solved cleanly: no wrong legal move, no hint, no shown solution.
    /// Everything else is recorded as failed.
    pub solved: bool,
    /// The highest hint rung used (0: none).
    pub hints_used: u8,
    /// Whether the solution was shown (given up).
    pub solution_shown: bool,
    /// Every input not accepted as the move (a wrong move, ambiguous,
    /// illegal or unreadable input), with its notation slips.
    pub wrong: Vec<TypedInput>,
    /// Every accepted move typed with a notation slip (`0-0`, `r1e4`, a
    /// missing `+`).
    pub slips: Vec<TypedInput>,
    /// Why it failed, when it did (the first reason).
    pub failure: Option<FailReason>,
    /// Blind tactics: how many plies before the puzzle the user was shown
    /// the board, the rest read as moves (`None`: played on the board).
    pub blind: Option<u8>,
}

/// One input typed in a puzzle that the session keeps: what was typed, its
/// notation slips, the move it was read as and, when it was ambiguous, the
/// moves it could be.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TypedInput {
    /// What was typed (UCI for a move made on the board).
    pub input: String,
    /// Its notation slips, notes (spaces around the move) left out.
    pub codes: Vec<Code>,
    /// The move it was read as, when it was a legal move.
    pub san: Option<String>,
    /// An ambiguous input's candidates, in canonical SAN.
    pub candidates: Vec<String>,
}

/// One move of a puzzle's solution, for stepping through it on the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SolutionStep {
    /// The move.
    pub text: MoveText,
    /// Whether the user plays it (otherwise the opponent does).
    pub by_user: bool,
    /// The pack's comment on it and its solution comment (the whole
    /// line is shown only once the puzzle has ended).
    pub comment: Option<String>,
    /// The position after it.
    pub position: Chess,
}
