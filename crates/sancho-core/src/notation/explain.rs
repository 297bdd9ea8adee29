//! Why a well-formed input matches no legal move.
//!
//! The resolver calls [`explain`] when an input parses but nothing legal
//! fits it. Each candidate piece is walked through the same steps a player
//! would check (can it get there at all, is there something to take, is the
//! square its own, is the way clear, would the king be safe), and the
//! explanation of the candidate that got furthest wins.

use shakmaty::{Bitboard, CastlingSide, Chess, File, Move, Position, Rank, Role, Square, attacks};

use super::types::{CastlingBan, Illegal, MoveSpec, role_name};
use super::write::san;

/// Says why `spec` matches no legal move in `pos`, as precisely as the
/// position allows.
///
/// `attempt` is the input as the user would read it (e.g. `Nf3`); it is
/// quoted in [`Illegal::InCheck`]. If `spec` does match a legal move (a
/// caller error), the answer is a best effort, never a panic.
pub fn explain(pos: &Chess, spec: &MoveSpec, attempt: &str) -> Illegal {
    if pos.legal_moves().is_empty() {
        return Illegal::GameOver {
            checkmate: pos.is_check(),
        };
    }
    if let Some(side) = spec.castle {
        return explain_castle(pos, side);
    }
    let Some(to) = spec.to else {
        return incomplete(pos, spec);
    };
    let role = match mover_role(pos, spec) {
        Ok(role) => role,
        Err(empty) => return empty,
    };
    if let Some(ban) = castle_by_king_step(pos, spec, role, to) {
        return ban;
    }
    if let Some(bishop) = bishop_letter(pos, spec, to) {
        return bishop;
    }
    if pos.our(role).is_empty() {
        return Illegal::NoPiece {
            color: pos.turn(),
            role,
        };
    }
    if cannot_promote(pos, spec, role, to) {
        return Illegal::CannotPromote;
    }
    let attempt = Reading {
        pos,
        spec,
        role,
        to,
        text: attempt,
    };
    attempt.best()
}

/// How far a candidate got towards being legal; later is closer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Stage {
    /// It cannot reach the square even on an empty board.
    Geometry,
    /// Nothing specific explains it (the move may even be legal).
    Unexplained,
    /// A pawn capture onto a square with nothing to take.
    Target,
    /// The destination holds our own piece.
    Own,
    /// Something stands in the way.
    Blocked,
    /// Pseudo-legal, but the king would be left in check.
    KingUnsafe,
    /// Legal as a move; only the notation is off (missing promotion, `x`).
    Notation,
}

/// One reading of an input against one position, with the moving role settled.
struct Reading<'a> {
    pos: &'a Chess,
    spec: &'a MoveSpec,
    role: Role,
    to: Square,
    text: &'a str,
}

impl Reading<'_> {
    /// The explanation of the candidate that got furthest.
    fn best(&self) -> Illegal {
        let mut best: Option<(Stage, Illegal)> = None;
        for from in self.candidates() {
            let verdict = self.judge(from);
            if best.as_ref().is_none_or(|(stage, _)| verdict.0 > *stage) {
                best = Some(verdict);
            }
        }
        match best {
            Some((stage, illegal)) if stage > Stage::Geometry => illegal,
            _ => self.unreachable(),
        }
    }

    /// Our pieces of the role that fit the given departure file and rank.
    fn candidates(&self) -> Bitboard {
        let mut mask = self.pos.our(self.role);
        if let Some(file) = self.spec.from_file {
            mask &= Bitboard::from_file(file);
        }
        if let Some(rank) = self.spec.from_rank {
            mask &= Bitboard::from_rank(rank);
        }
        mask
    }

    /// No candidate can even reach the square.
    fn unreachable(&self) -> Illegal {
        match self.spec.from_square() {
            Some(from) => self.cannot_move(from),
            None => Illegal::NoPieceReaches {
                role: self.role,
                from_file: self.spec.from_file,
                from_rank: self.spec.from_rank,
                to: self.to,
            },
        }
    }

    fn cannot_move(&self, from: Square) -> Illegal {
        Illegal::CannotMove {
            role: self.role,
            from,
            to: self.to,
        }
    }

    /// Walks one candidate through the rules, stopping at the first it breaks.
    fn judge(&self, from: Square) -> (Stage, Illegal) {
        if !self.reaches_on_empty_board(from) {
            return (Stage::Geometry, self.cannot_move(from));
        }
        if let Some(target) = self.pawn_target(from) {
            return (Stage::Target, target);
        }
        if let Some(own) = self.own_piece() {
            return (Stage::Own, own);
        }
        if let Some(blocked) = self.blocked(from) {
            return (Stage::Blocked, blocked);
        }
        let mv = self.to_move(from);
        if !self.pos.is_legal(mv) {
            return self.king_unsafe(from, mv);
        }
        self.notation(from)
    }

    /// Whether a pawn move is meant as a capture: a file change, or an `x`
    /// without a departure file. (`e4xe5` is judged as the push it must be.)
    fn pawn_captures(&self) -> bool {
        match self.spec.from_file {
            Some(file) => file != self.to.file(),
            None => self.spec.capture,
        }
    }

    fn forward(&self) -> i32 {
        self.pos.turn().fold_wb(8, -8)
    }

    fn reaches_on_empty_board(&self, from: Square) -> bool {
        let (to, turn) = (self.to, self.pos.turn());
        match self.role {
            Role::Pawn if self.pawn_captures() => attacks::pawn_attacks(turn, from).contains(to),
            Role::Pawn => {
                let double = from.rank() == turn.relative_rank(Rank::Second)
                    && from.offset(2 * self.forward()) == Some(to);
                from.offset(self.forward()) == Some(to) || double
            }
            Role::Knight => attacks::knight_attacks(from).contains(to),
            Role::Bishop => attacks::bishop_attacks(from, Bitboard::EMPTY).contains(to),
            Role::Rook => attacks::rook_attacks(from, Bitboard::EMPTY).contains(to),
            Role::Queen => attacks::queen_attacks(from, Bitboard::EMPTY).contains(to),
            Role::King => attacks::king_attacks(from).contains(to),
        }
    }

    /// A pawn capture onto an empty square that is not the en passant square.
    fn pawn_target(&self, from: Square) -> Option<Illegal> {
        let board = self.pos.board();
        if self.role != Role::Pawn
            || !self.pawn_captures()
            || board.occupied().contains(self.to)
            || self.pos.maybe_ep_square() == Some(self.to)
        {
            return None;
        }
        let beside = Square::from_coords(self.to.file(), from.rank());
        let their_pawn = board.piece_at(beside) == Some(Role::Pawn.of(!self.pos.turn()));
        if their_pawn && from.rank() == self.pos.turn().relative_rank(Rank::Fifth) {
            return Some(Illegal::EnPassant {
                reason: format!("the pawn on {beside} did not just move two squares"),
            });
        }
        Some(Illegal::NothingToCapture { to: self.to })
    }

    fn own_piece(&self) -> Option<Illegal> {
        let piece = self.pos.board().piece_at(self.to)?;
        (piece.color == self.pos.turn()).then_some(Illegal::OwnPiece {
            to: self.to,
            role: piece.role,
        })
    }

    /// The first piece in the way, seen from the mover.
    fn blocked(&self, from: Square) -> Option<Illegal> {
        let path = match self.role {
            Role::Knight | Role::King => return None,
            Role::Pawn if self.pawn_captures() => return None,
            Role::Pawn => attacks::between(from, self.to).with(self.to),
            _ => attacks::between(from, self.to),
        };
        let board = self.pos.board();
        let at = nearest(path & board.occupied(), from)?;
        Some(Illegal::Blocked {
            role: self.role,
            from,
            to: self.to,
            blocker: board.role_at(at)?,
            at,
        })
    }

    /// The move the spec describes for this candidate (promoting to a queen
    /// when the spec forgot the piece, so that legality can still be judged).
    fn to_move(&self, from: Square) -> Move {
        let ep = self.pos.maybe_ep_square() == Some(self.to);
        if self.role == Role::Pawn && self.pawn_captures() && ep {
            return Move::EnPassant { from, to: self.to };
        }
        let piece = match self.spec.promotion {
            Some(p @ (Role::Knight | Role::Bishop | Role::Rook)) => p,
            _ => Role::Queen,
        };
        let promotion = (self.role == Role::Pawn && self.on_last_rank()).then_some(piece);
        Move::Normal {
            role: self.role,
            from,
            capture: self.pos.board().role_at(self.to),
            to: self.to,
            promotion,
        }
    }

    fn on_last_rank(&self) -> bool {
        self.to.rank() == self.pos.turn().relative_rank(Rank::Eighth)
    }

    /// A pseudo-legal move that would leave the king in check: why.
    fn king_unsafe(&self, from: Square, mv: Move) -> (Stage, Illegal) {
        let (pos, turn) = (self.pos, self.pos.turn());
        let board = pos.board();
        if let Move::EnPassant { .. } = mv {
            let reason = ep_reason(pos, from, self.to);
            return (Stage::KingUnsafe, Illegal::EnPassant { reason });
        }
        if self.role == Role::King {
            let occupied = board.occupied().without(from);
            if let Some(attacker) = pos.king_attackers(self.to, !turn, occupied).first() {
                let illegal = Illegal::IntoCheck {
                    to: self.to,
                    attacker_role: board.role_at(attacker).unwrap_or(Role::Pawn),
                    attacker,
                };
                return (Stage::KingUnsafe, illegal);
            }
        }
        if let Some(checker) = pos.checkers().first() {
            let illegal = Illegal::InCheck {
                checker_role: board.role_at(checker).unwrap_or(Role::Pawn),
                checker,
                attempt: self.text.to_owned(),
            };
            return (Stage::KingUnsafe, illegal);
        }
        let king = board.king_of(turn);
        if let Some((king, pinner)) = king.and_then(|k| pinner(pos, k, from).map(|p| (k, p))) {
            let line = attacks::between(king, pinner).with(pinner);
            if !line.contains(self.to) {
                let illegal = Illegal::Pinned {
                    role: self.role,
                    from,
                    pinner_role: board.role_at(pinner).unwrap_or(Role::Queen),
                    pinner,
                };
                return (Stage::KingUnsafe, illegal);
            }
        }
        (Stage::Unexplained, self.cannot_move(from))
    }

    /// The move is legal as a move: what in the notation is off.
    fn notation(&self, from: Square) -> (Stage, Illegal) {
        let pawn_promotes = self.role == Role::Pawn && self.on_last_rank();
        let empty = !self.pos.board().occupied().contains(self.to);
        let ep = self.pos.maybe_ep_square() == Some(self.to) && self.role == Role::Pawn;
        if pawn_promotes && self.spec.promotion.is_none() {
            (Stage::Notation, Illegal::MustPromote { to: self.to })
        } else if matches!(self.spec.promotion, Some(Role::King | Role::Pawn)) {
            (Stage::Notation, Illegal::CannotPromote)
        } else if self.spec.capture && empty && !ep {
            (Stage::Notation, Illegal::NothingToCapture { to: self.to })
        } else {
            (Stage::Unexplained, self.cannot_move(from))
        }
    }
}

/// The square of `squares` nearest to `origin` (squares on one line).
fn nearest(squares: Bitboard, origin: Square) -> Option<Square> {
    squares.into_iter().min_by_key(|sq| sq.distance(origin))
}

/// The enemy slider pinning the piece on `from` to the king, if any.
fn pinner(pos: &Chess, king: Square, from: Square) -> Option<Square> {
    let board = pos.board();
    let snipers = (attacks::rook_attacks(king, Bitboard::EMPTY) & board.rooks_and_queens())
        | (attacks::bishop_attacks(king, Bitboard::EMPTY) & board.bishops_and_queens());
    (snipers & pos.them())
        .into_iter()
        .find(|&s| attacks::between(king, s) & board.occupied() == Bitboard::from(from))
}

/// Why an en passant capture from `from` to `to` is illegal, in words.
fn ep_reason(pos: &Chess, from: Square, to: Square) -> String {
    let turn = pos.turn();
    let board = pos.board();
    let captured = Square::from_coords(to.file(), from.rank());
    let Some(king) = board.king_of(turn) else {
        return "it would leave your king in check".to_owned();
    };
    let after = board.occupied().without(from).without(captured).with(to);
    let attackers = board.attacks_to(king, !turn, after).without(captured);
    match attackers.first() {
        Some(sq) => {
            let role = role_name(board.role_at(sq).unwrap_or(Role::Pawn));
            if pos.checkers().contains(sq) {
                format!("your king would still be in check from the {role} on {sq}")
            } else {
                format!("it would expose your king to the {role} on {sq}")
            }
        }
        None => "it would leave your king in check".to_owned(),
    }
}

/// The moving role: the piece on a named departure square, or the spec's
/// role (a pawn when none is given).
fn mover_role(pos: &Chess, spec: &MoveSpec) -> Result<Role, Illegal> {
    let Some(from) = spec.from_square() else {
        return Ok(spec.role.unwrap_or(Role::Pawn));
    };
    match pos.board().piece_at(from) {
        Some(piece) if piece.color == pos.turn() => Ok(piece.role),
        _ => Err(Illegal::EmptySquare {
            from,
            color: pos.turn(),
        }),
    }
}

/// A promotion asked of a piece that is not a pawn, or off the last rank.
fn cannot_promote(pos: &Chess, spec: &MoveSpec, role: Role, to: Square) -> bool {
    let last = pos.turn().relative_rank(Rank::Eighth);
    spec.promotion.is_some() && (role != Role::Pawn || to.rank() != last)
}

/// A lower-case `b` read as the b-pawn where only a bishop move works.
fn bishop_letter(pos: &Chess, spec: &MoveSpec, to: Square) -> Option<Illegal> {
    let b_pawn = spec.role.is_none()
        && spec.from_file == Some(File::B)
        && spec.from_rank.is_none()
        && spec.promotion.is_none();
    if !b_pawn {
        return None;
    }
    let bishop = pos.san_candidates(Role::Bishop, to).first().copied()?;
    Some(Illegal::BishopLetter {
        suggestion: san(pos, bishop),
    })
}

/// A king move of two squares from home towards a castling square (`Kg1`,
/// `e1g1`, `e1h1`) is read as castling, and explained as such.
fn castle_by_king_step(pos: &Chess, spec: &MoveSpec, role: Role, to: Square) -> Option<Illegal> {
    let turn = pos.turn();
    let king = pos.board().king_of(turn)?;
    let fits = spec.from_file.is_none_or(|f| f == king.file())
        && spec.from_rank.is_none_or(|r| r == king.rank());
    let home = king == Square::from_coords(File::E, turn.relative_rank(Rank::First))
        || pos.castles().has_color(turn);
    if role != Role::King || !fits || !home || king.distance(to) < 2 || king.rank() != to.rank() {
        return None;
    }
    let side = [CastlingSide::KingSide, CastlingSide::QueenSide]
        .into_iter()
        .find(|&side| side.king_to(turn) == to || pos.castles().rook(turn, side) == Some(to))?;
    castle_ban(pos, side).map(|reason| Illegal::Castling { side, reason })
}

/// Castling that is not legal: the rule that forbids it.
fn explain_castle(pos: &Chess, side: CastlingSide) -> Illegal {
    match castle_ban(pos, side) {
        Some(reason) => Illegal::Castling { side, reason },
        None => {
            // Castling is legal after all: a caller error; say what little we can.
            let turn = pos.turn();
            let from = pos.board().king_of(turn).unwrap_or(Square::E1);
            Illegal::CannotMove {
                role: Role::King,
                from,
                to: side.king_to(turn),
            }
        }
    }
}

/// The first castling rule broken, in the order a player checks them.
fn castle_ban(pos: &Chess, side: CastlingSide) -> Option<CastlingBan> {
    let turn = pos.turn();
    let occupied = pos.board().occupied();
    let (Some(king), Some(rook)) = (pos.board().king_of(turn), pos.castles().rook(turn, side))
    else {
        return Some(CastlingBan::NoRight);
    };
    if let Some(at) = nearest(pos.castles().path(turn, side) & occupied, king) {
        return Some(CastlingBan::Blocked { at });
    }
    if pos.is_check() {
        return Some(CastlingBan::InCheck);
    }
    let king_to = side.king_to(turn);
    let mut through: Vec<Square> = attacks::between(king, king_to).into_iter().collect();
    through.sort_by_key(|sq| sq.distance(king));
    let without_king = occupied.without(king);
    if let Some(at) = through
        .into_iter()
        .find(|&sq| pos.king_attackers(sq, !turn, without_king).any())
    {
        return Some(CastlingBan::ThroughCheck { at });
    }
    let landed = occupied ^ king ^ rook ^ side.rook_to(turn);
    if pos.king_attackers(king_to, !turn, landed).any() {
        return Some(CastlingBan::IntoCheck { at: king_to });
    }
    None
}

/// A spec with neither destination nor castling side (a caller error).
fn incomplete(pos: &Chess, spec: &MoveSpec) -> Illegal {
    let from = spec
        .from_square()
        .or_else(|| pos.board().king_of(pos.turn()))
        .unwrap_or(Square::E1);
    Illegal::CannotMove {
        role: spec.role.unwrap_or(Role::Pawn),
        from,
        to: from,
    }
}

#[cfg(test)]
mod tests;
