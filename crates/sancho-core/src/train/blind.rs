//! Blind tactics (`sancho play --blind N`): the board shows the position
//! N plies before the puzzle and stays frozen; the moves that lead to the
//! puzzle are read, not seen; the user solves from the position in their
//! head, the replies are told, and the board comes back when the puzzle
//! ends. Once for both shells: [`Blind`] starts the puzzle's [`Session`]
//! (marked blind, so the attempt records it) and keeps what the frozen
//! board shows.
//!
//! The plies a puzzle knows before its first position to solve
//! ([`known_plies`]): the game's moves before its FEN (the pack's `lead`,
//! which `sancho mine` writes, up to [`crate::puzzle::MAX_LEAD`]), then the
//! set-up move of a Lichess-shaped puzzle (its line starts with the
//! opponent's move).

use shakmaty::{Chess, Position};

use crate::notation::{MoveText, move_text};
use crate::puzzle::Puzzle;
use crate::session::{Event, Session};

/// The most plies `--blind` takes.
pub const MAX_BLIND: u8 = 40;

/// Why a puzzle cannot be played blind.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BlindError {
    /// Blind with no ply read is the ordinary puzzle.
    #[error("--blind takes 1 to {MAX_BLIND} plies, not 0")]
    Zero,
    /// The puzzle knows fewer plies before it than asked for.
    #[error(
        "--blind {asked} asks for more moves than puzzle {id} keeps before it ({known}; a Lichess puzzle keeps 1: its set-up move; a mined one the game before it)"
    )]
    TooFew {
        /// The puzzle.
        id: String,
        /// The plies asked for.
        asked: u8,
        /// The plies it knows.
        known: usize,
    },
}

/// How many plies before the position to solve `puzzle` knows: its
/// lead's moves, plus 1 when its line starts with the opponent's set-up
/// move.
#[must_use]
pub fn known_plies(puzzle: &Puzzle) -> usize {
    puzzle.lead.as_ref().map_or(0, |l| l.moves.len()) + usize::from(puzzle.opponent_first())
}

/// A puzzle played blind: the frozen board and the moves read from it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Blind {
    plies: u8,
    frozen: Chess,
    lead: Vec<MoveText>,
    /// Whether the lead read the set-up move, which the session plays at
    /// its start (always, when the puzzle has one: it is the last ply read).
    setup_read: bool,
}

impl Blind {
    /// Starts `puzzle` blind, `plies` before its first position to solve:
    /// the blind view, the session (marked blind), and the session's first
    /// events without the moves the lead already read.
    ///
    /// # Errors
    /// `plies` is 0 or more than the puzzle knows ([`known_plies`]).
    pub fn start(puzzle: Puzzle, plies: u8) -> Result<(Blind, Session, Vec<Event>), BlindError> {
        let blind = Blind::new(&puzzle, plies)?;
        let (session, events) = Session::new(puzzle);
        let events = blind.unread(events);
        Ok((blind, session.with_blind(plies), events))
    }

    /// The blind view of `puzzle`, `plies` before its first position to
    /// solve.
    ///
    /// # Errors
    /// As [`Blind::start`].
    pub fn new(puzzle: &Puzzle, plies: u8) -> Result<Blind, BlindError> {
        let known = known_plies(puzzle);
        if plies == 0 {
            return Err(BlindError::Zero);
        }
        if usize::from(plies) > known {
            return Err(BlindError::TooFew {
                id: puzzle.id.clone(),
                asked: plies,
                known,
            });
        }
        // Every move known before the first position to solve: the lead's,
        // then the set-up move; the frozen board is `plies` before its end.
        let (mut pos, mut moves) = match &puzzle.lead {
            Some(l) => (l.start.clone(), l.moves.clone()),
            None => (puzzle.position.clone(), Vec::new()),
        };
        if let Some(setup) = puzzle.solution.first().filter(|m| !m.is_user) {
            moves.push(setup.mv);
        }
        let (before, read) = moves.split_at(known - usize::from(plies));
        for &mv in before {
            pos.play_unchecked(mv);
        }
        let frozen = pos.clone();
        let mut lead = Vec::with_capacity(read.len());
        for &mv in read {
            lead.push(move_text(&pos, mv));
            pos.play_unchecked(mv);
        }
        Ok(Blind {
            plies,
            frozen,
            lead,
            setup_read: puzzle.opponent_first(),
        })
    }

    /// Restarts `session` from the puzzle's start, as [`Session::retry`]
    /// does, without the moves the lead reads.
    pub fn retry(&self, session: &mut Session) -> Vec<Event> {
        let events = session.retry();
        self.unread(events)
    }

    /// The plies read before the puzzle.
    #[must_use]
    pub fn plies(&self) -> u8 {
        self.plies
    }

    /// The position the board shows until the puzzle ends.
    #[must_use]
    pub fn frozen(&self) -> &Chess {
        &self.frozen
    }

    /// The moves from the frozen board to the first position to solve.
    #[must_use]
    pub fn lead(&self) -> &[MoveText] {
        &self.lead
    }

    /// `events` without the opponent's move the lead already read (the
    /// set-up move a session plays at its start; the moves of the game
    /// before the puzzle are not the session's).
    fn unread(&self, events: Vec<Event>) -> Vec<Event> {
        let mut skip = usize::from(self.setup_read);
        events
            .into_iter()
            .filter(|e| match e {
                Event::OpponentMoved { .. } if skip > 0 => {
                    skip -= 1;
                    false
                }
                _ => true,
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::read_pack;

    /// A Lichess-shaped puzzle: Black's set-up move Kh8 allows Re8#.
    fn lichess_shaped() -> Puzzle {
        let text = r#"[{"id":"b1","fen":"6k1/5ppp/8/8/8/8/5PPP/4R1K1 b - - 0 1","toMove":"white",
            "solutionMoves":["e1e8"],
            "solutionSequence":[{"move":"g8h8","isUserMove":false},{"move":"e1e8","isUserMove":true}]}]"#;
        read_pack(text, "test")
            .expect("a pack")
            .puzzles
            .into_iter()
            .next()
            .expect("one")
    }

    #[test]
    fn one_ply_reads_the_set_up_move_and_the_session_does_not_play_it() {
        let puzzle = lichess_shaped();
        let (blind, mut session, events) = Blind::start(puzzle.clone(), 1).expect("blind");
        assert_eq!(blind.frozen(), &puzzle.position);
        let sans: Vec<&str> = blind.lead().iter().map(|m| m.san.as_str()).collect();
        assert_eq!(sans, ["Kh8"]);
        assert!(
            !events
                .iter()
                .any(|e| matches!(e, Event::OpponentMoved { .. })),
            "{events:?}"
        );
        // The session is past the set-up move all the same.
        assert_eq!(session.position(), &puzzle.user_start());
        session.submit("Re8#");
        let outcome = session.outcome().expect("over");
        assert!(outcome.solved);
        assert_eq!(outcome.blind, Some(1));
        // A retry keeps it blind and unread.
        let events = blind.retry(&mut session);
        assert!(
            !events
                .iter()
                .any(|e| matches!(e, Event::OpponentMoved { .. }))
        );
        session.submit("Re8#");
        assert_eq!(session.outcome().map(|o| o.blind), Some(Some(1)));
    }

    /// A mined-shaped puzzle: the Scholar's position before 3...Nf6??, with
    /// the game's first five plies as its lead.
    fn with_lead() -> Puzzle {
        let text = r#"[{"id":"m1","fen":"r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 3 3",
            "toMove":"white","solutionMoves":["h5f7"],
            "solutionSequence":[{"move":"g8f6","isUserMove":false},{"move":"h5f7","isUserMove":true}],
            "lead":{"fen":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                    "moves":["e2e4","e7e5","f1c4","b8c6","d1h5"]}}]"#;
        read_pack(text, "test")
            .expect("a pack")
            .puzzles
            .into_iter()
            .next()
            .expect("one")
    }

    #[test]
    fn a_lead_lets_the_board_freeze_earlier_in_the_game() {
        let puzzle = with_lead();
        assert_eq!(known_plies(&puzzle), 6);
        let sans =
            |blind: &Blind| -> Vec<String> { blind.lead().iter().map(|m| m.san.clone()).collect() };
        // Six: the game's start, every ply read.
        let (blind, mut session, events) = Blind::start(puzzle.clone(), 6).expect("blind");
        assert_eq!(blind.frozen(), &Chess::default());
        assert_eq!(sans(&blind), ["e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6"]);
        assert!(
            !events
                .iter()
                .any(|e| matches!(e, Event::OpponentMoved { .. })),
            "{events:?}"
        );
        assert_eq!(session.position(), &puzzle.user_start());
        session.submit("Qxf7#");
        assert_eq!(
            session.outcome().map(|o| (o.solved, o.blind)),
            Some((true, Some(6)))
        );
        // Three: after 2.Bc4, the last three plies read.
        let blind = Blind::new(&puzzle, 3).expect("blind");
        assert_eq!(sans(&blind), ["Nc6", "Qh5", "Nf6"]);
        assert_eq!(
            crate::puzzle::fen_of(blind.frozen()),
            "rnbqkbnr/pppp1ppp/8/4p3/2B1P3/8/PPPP1PPP/RNBQK1NR b KQkq - 1 2"
        );
        let err = Blind::new(&puzzle, 7).expect_err("too many");
        assert!(err.to_string().contains("(6; "), "{err}");
    }

    #[test]
    fn more_plies_than_known_or_none_are_refused() {
        let puzzle = lichess_shaped();
        assert_eq!(Blind::new(&puzzle, 0), Err(BlindError::Zero));
        let err = Blind::new(&puzzle, 2).expect_err("too many");
        assert_eq!(
            err.to_string(),
            "--blind 2 asks for more moves than puzzle b1 keeps before it (1; a Lichess puzzle keeps 1: its set-up move; a mined one the game before it)"
        );
    }
}
