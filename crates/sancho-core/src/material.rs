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

/// What `winner` won between `before` and `after`, in words: the pieces
/// the other side lost, for those `winner` lost (`a rook for a knight`,
/// `a bishop and a pawn for nothing`); `None` when the other side lost no
/// piece the counts show (a promotion's gain, say).
#[must_use]
pub fn trade(before: &Chess, after: &Chess, winner: Color) -> Option<String> {
    let lost = |side: Color| -> Vec<(Role, u32)> {
        // Queen first, the king left out.
        Role::ALL
            .into_iter()
            .rev()
            .filter(|&role| role != Role::King)
            .filter_map(|role| {
                let count = |pos: &Chess| {
                    let board = pos.board();
                    (board.by_role(role) & board.by_color(side)).count()
                };
                let gone = count(before).saturating_sub(count(after));
                u32::try_from(gone)
                    .ok()
                    .filter(|&n| n > 0)
                    .map(|n| (role, n))
            })
            .collect()
    };
    let gained = lost(!winner);
    if gained.is_empty() {
        return None;
    }
    let given = lost(winner);
    let given = if given.is_empty() {
        "nothing".to_owned()
    } else {
        pieces(&given)
    };
    Some(format!("{} for {given}", pieces(&gained)))
}

/// `a rook`, `two pawns`, `a knight and a pawn`.
fn pieces(list: &[(Role, u32)]) -> String {
    let words: Vec<String> = list
        .iter()
        .map(|&(role, n)| {
            let name = match role {
                Role::Queen => "queen",
                Role::Rook => "rook",
                Role::Bishop => "bishop",
                Role::Knight => "knight",
                Role::Pawn | Role::King => "pawn",
            };
            match n {
                1 => format!("a {name}"),
                2 => format!("two {name}s"),
                3 => format!("three {name}s"),
                n => format!("{n} {name}s"),
            }
        })
        .collect();
    match words.split_last() {
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
        None => String::new(),
    }
}
