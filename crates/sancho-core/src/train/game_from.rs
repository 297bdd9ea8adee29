//! Where a played-out game's position comes from besides a FEN: a game of
//! a PGN file after N plies (`sancho game --pgn FILE --ply N`).

use shakmaty::{Chess, Position};

use crate::drill::pgn::PgnGame;
use crate::notation::{parse_fen, play_movetext};

/// Why a PGN game gives no position to play from.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PlyError {
    /// The game's `FEN` tag does not read.
    #[error("the game's FEN tag: {0}")]
    Fen(String),
    /// The game's moves do not replay.
    #[error("the game's moves: {0}")]
    Moves(String),
    /// The game is shorter than asked.
    #[error("ply {ply} is beyond the game: it has {plies} plies (choose 0 to {plies})")]
    Beyond {
        /// The ply asked for.
        ply: usize,
        /// The game's length in plies.
        plies: usize,
    },
    /// The game is over at that ply.
    #[error("the game is over after ply {ply}: choose an earlier ply")]
    Over {
        /// The ply asked for.
        ply: usize,
    },
}

/// The position of `game` after its first `ply` plies (0: its start,
/// the `FEN` tag's position when it has one).
///
/// # Errors
/// A bad `FEN` tag or move, a ply beyond the game, or a position where the
/// game is over.
pub fn position_after_ply(game: &PgnGame, ply: usize) -> Result<Chess, PlyError> {
    let start = match game.tag("FEN") {
        Some(fen) => parse_fen(fen).map_err(|e| PlyError::Fen(e.to_string()))?,
        None => Chess::default(),
    };
    let plies = game.moves.len();
    if ply > plies {
        return Err(PlyError::Beyond { ply, plies });
    }
    let (pos, _) = play_movetext(&start, &game.moves[..ply].join(" "))
        .map_err(|e| PlyError::Moves(e.to_string()))?;
    if pos.is_game_over() {
        return Err(PlyError::Over { ply });
    }
    Ok(pos)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::drill::parse_game;
    use crate::puzzle::fen_of;

    #[test]
    fn a_ply_gives_the_position_and_one_beyond_the_game_is_named() {
        let game =
            parse_game("[Event \"x\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n").unwrap();
        let pos = position_after_ply(&game, 2).unwrap();
        assert_eq!(
            fen_of(&pos),
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
        );
        assert_eq!(
            position_after_ply(&game, 8).unwrap_err().to_string(),
            "ply 8 is beyond the game: it has 7 plies (choose 0 to 7)"
        );
        assert_eq!(
            position_after_ply(&game, 7).unwrap_err(),
            PlyError::Over { ply: 7 }
        );
        let set_up =
            parse_game("[FEN \"7k/8/5K2/8/8/8/8/6Q1 w - - 0 1\"]\n\n1. Qg5 Kh7 *\n").unwrap();
        assert_eq!(
            fen_of(&position_after_ply(&set_up, 1).unwrap()),
            "7k/8/5K2/6Q1/8/8/8/8 b - - 1 1"
        );
    }
}
