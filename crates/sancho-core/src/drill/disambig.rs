//! Positions built so that a move needs a file, a rank or a whole square to
//! be named: two or three pieces of a kind (promoted ones included) reach
//! one square, the kings stand legally, and the engine confirms the SAN.

use shakmaty::{
    Bitboard, Board, CastlingMode, Chess, Color, FromSetup, Move, Piece, Position, Rank, Role,
    Setup, Square, attacks,
};

use super::features::{Disambiguation, disambiguation_of};
use crate::notation::san;
use crate::rng::Rng;

/// Tries up to this many random boards before giving up.
const ATTEMPTS: usize = 400;

/// A position and a move of it whose canonical SAN needs exactly `kind`.
pub fn construct(rng: &mut Rng, kind: Disambiguation) -> Option<(Chess, Move)> {
    (0..ATTEMPTS).find_map(|_| attempt(rng, kind))
}

fn random_square(rng: &mut Rng) -> Square {
    Square::new(rng.below(64) as u32)
}

fn pick_square(rng: &mut Rng, set: Bitboard) -> Option<Square> {
    let squares: Vec<Square> = set.into_iter().collect();
    rng.pick(&squares).copied()
}

fn attempt(rng: &mut Rng, kind: Disambiguation) -> Option<(Chess, Move)> {
    let us = if rng.chance(50) {
        Color::White
    } else {
        Color::Black
    };
    let roles: &[Role] = match kind {
        Disambiguation::Square => &[Role::Queen, Role::Knight, Role::Bishop],
        _ => &[Role::Knight, Role::Bishop, Role::Rook, Role::Queen],
    };
    let role = *rng.pick(roles)?;
    let piece = Piece { color: us, role };
    let target = random_square(rng);
    let reach = attacks::attacks(target, piece, Bitboard::EMPTY);
    let mover = pick_square(rng, reach)?;
    let mut movers = vec![mover];
    match kind {
        Disambiguation::File => {
            movers.push(pick_square(
                rng,
                reach & !Bitboard::from_file(mover.file()),
            )?);
            if rng.chance(30) {
                // A third piece of the kind, as after a promotion.
                movers.push(pick_square(rng, reach.without(mover))?);
            }
        }
        Disambiguation::Rank => {
            let same_file = reach & Bitboard::from_file(mover.file());
            movers.push(pick_square(rng, same_file.without(mover))?);
        }
        Disambiguation::Square => {
            let same_file = reach & Bitboard::from_file(mover.file());
            let same_rank = reach & Bitboard::from_rank(mover.rank());
            movers.push(pick_square(rng, same_file.without(mover))?);
            movers.push(pick_square(rng, same_rank.without(mover))?);
        }
    }
    let mut board = Board::empty();
    for &sq in &movers {
        board.set_piece_at(sq, piece);
    }
    if rng.chance(40) {
        let victim = *rng.pick(&[Role::Pawn, Role::Knight, Role::Bishop, Role::Rook])?;
        if victim != Role::Pawn || !matches!(target.rank(), Rank::First | Rank::Eighth) {
            board.set_piece_at(
                target,
                Piece {
                    color: !us,
                    role: victim,
                },
            );
        }
    }
    place_free(
        rng,
        &mut board,
        Piece {
            color: us,
            role: Role::King,
        },
        Bitboard::EMPTY,
    )?;
    let their_king = board
        .king_of(us)
        .map_or(Bitboard::EMPTY, attacks::king_attacks);
    place_free(
        rng,
        &mut board,
        Piece {
            color: !us,
            role: Role::King,
        },
        their_king,
    )?;
    for _ in 0..rng.below(4) {
        let role = *rng.pick(&[
            Role::Pawn,
            Role::Pawn,
            Role::Knight,
            Role::Bishop,
            Role::Rook,
        ])?;
        let color = if rng.chance(50) { us } else { !us };
        let _ = place_free(rng, &mut board, Piece { color, role }, Bitboard::EMPTY);
    }
    let mut setup = Setup::empty();
    setup.board = board;
    setup.turn = us;
    setup.fullmoves = std::num::NonZeroU32::new(30 + rng.below(20) as u32)?;
    let pos = Chess::from_setup(setup, CastlingMode::Standard).ok()?;
    let mv = pos
        .legal_moves()
        .into_iter()
        .find(|m| m.from() == Some(mover) && m.to() == target)?;
    (disambiguation_of(&san(&pos, mv)) == Some(kind)).then_some((pos, mv))
}

/// Puts `piece` on a random empty square (pawns off the back ranks), away
/// from `avoid`.
fn place_free(rng: &mut Rng, board: &mut Board, piece: Piece, avoid: Bitboard) -> Option<()> {
    for _ in 0..64 {
        let sq = random_square(rng);
        let back_rank = matches!(sq.rank(), Rank::First | Rank::Eighth);
        if board.piece_at(sq).is_none()
            && !avoid.contains(sq)
            && !(piece.role == Role::Pawn && back_rank)
        {
            board.set_piece_at(sq, piece);
            return Some(());
        }
    }
    None
}
