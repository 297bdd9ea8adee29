//! Material counted in pawns (1, 3, 3, 5, 9): what a line wins, for mining
//! and for refutations alike.

use shakmaty::{Chess, Color, Position, Role};

/// A piece's value in pawns (the king: 0).
#[must_use]
pub fn value(role: Role) -> i32 {
    match role {
        Role::Pawn => 1,
        Role::Knight | Role::Bishop => 3,
        Role::Rook => 5,
        Role::Queen => 9,
        Role::King => 0,
    }
}

/// Material of `color` minus its opponent's, in pawns (1, 3, 3, 5, 9).
#[must_use]
pub fn balance(pos: &Chess, color: Color) -> i32 {
    let board = pos.board();
    Role::ALL
        .iter()
        .map(|&role| {
            let ours = (board.by_role(role) & board.by_color(color)).count();
            let theirs = (board.by_role(role) & board.by_color(!color)).count();
            value(role) * (i32::try_from(ours).unwrap_or(0) - i32::try_from(theirs).unwrap_or(0))
        })
        .sum()
}
