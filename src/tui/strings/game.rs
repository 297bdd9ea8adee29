//! The game screen's words (a position played out against the engine).

use crate::train::game::{EndReason, GameEnd};

/// The header's title.
pub const TITLE: &str = "Play out";

/// Said while the engine thinks.
pub const THINKING: &str = "The engine is thinking…";

/// Said after a first Esc during a game.
pub const RESIGN_ASKED: &str =
    "Esc again resigns: the game counts as lost. Any other key plays on.";

/// The board's place while it is hidden.
pub fn hidden(words_key: &str, board_key: &str) -> String {
    format!("Blindfold: no board. {words_key} shows the position in words, {board_key} the board.")
}

/// The scoresheet's heading.
pub const MOVES: &str = "Moves";

/// Who plays what: `You: White · engine: level 3`.
pub fn sides(user: shakmaty::Color, strength: &str) -> String {
    let side = if user.is_white() { "White" } else { "Black" };
    format!("You: {side} · engine: {strength}")
}

/// The engine's move, in SAN then in words: `Engine: 1... e5 (pawn from
/// e7 to e5)`.
pub fn engine_moved(san: &str, words: &str) -> String {
    format!("Engine: {san} ({words})")
}

/// An input that is no move here.
pub fn refused(why: &str) -> String {
    format!("Not a move here: {why}")
}

/// How the game ended, with its result: `Checkmate: you won (1-0).`
pub fn ended(end: GameEnd) -> String {
    let who = match end.user_won {
        Some(true) => "you won",
        Some(false) => "the engine won",
        None => "a draw",
    };
    let why = match end.reason {
        EndReason::Checkmate => format!("Checkmate: {who}"),
        EndReason::Stalemate => format!("Stalemate: {who}"),
        EndReason::Repetition => format!("The same position a third time: {who}"),
        EndReason::FiftyMoves => format!("Fifty moves without a capture or a pawn move: {who}"),
        EndReason::InsufficientMaterial => format!("Neither side can mate: {who}"),
        EndReason::Resigned => "You resigned: the engine won".to_owned(),
        EndReason::EngineFailed => {
            "The engine gave no legal move: the game stops without a result".to_owned()
        }
        EndReason::Promoted => "You promoted a pawn and kept the new piece".to_owned(),
        EndReason::EnginePromoted => "The engine promoted a pawn and kept the new piece".to_owned(),
        EndReason::WonMaterial => "The engine has only its king left: a won ending".to_owned(),
        EndReason::LostMaterial => "Your king is left alone: a lost ending".to_owned(),
        EndReason::MoveLimit => "The goal's moves are played".to_owned(),
    };
    format!("{why} ({}).", end.result)
}

/// An endgame's goal with the moves left: `Mate within 10 moves. 7 left.`
pub fn goal(goal: &str, left: Option<u32>) -> String {
    match left {
        Some(1) => format!("{goal} 1 move left."),
        Some(n) => format!("{goal} {n} moves left."),
        None => goal.to_owned(),
    }
}

/// Why the engine gave no move.
pub fn engine_failed(why: &str) -> String {
    format!("The engine failed: {why}.")
}

/// While the PGN is being written.
pub fn writing(path: &std::path::Path) -> String {
    format!("Writing the game to {}…", path.display())
}

/// What writing the PGN did.
pub fn exported(path: &std::path::Path, error: Option<&crate::export::WriteError>) -> String {
    match error {
        None => format!("The game is written to {}.", path.display()),
        // That one says itself that nothing was written.
        Some(why @ crate::export::WriteError::NotAFile { .. }) => format!("{why}."),
        Some(why) => format!("The game was not written: {why}."),
    }
}

/// The home entry and the finished puzzle's key without an engine (what
/// `sancho game` says too).
pub fn no_engine() -> String {
    format!(
        "Playing out needs a chess engine: {}, or set `engine` in the config file.",
        crate::engine::HOW_TO_GET_ONE
    )
}
