//! A game played out on the board while the sheet is written: each move is
//! played at the pace chosen (time passed in, in milliseconds) or when the
//! user asks for it, and an entry can only be written for a move already
//! played (FIDE Laws 8.1: after the move, never before). The user may fall
//! behind: the moves played and not yet written wait their turn.

use shakmaty::{Chess, Move, Position};

use super::{Entry, Sheet};

/// A sheet with its game being played out.
#[derive(Clone, Debug, PartialEq)]
pub struct Playback {
    sheet: Sheet,
    /// Moves played on the board so far.
    played: usize,
    /// Milliseconds between moves; `None`: the next move on request.
    pace_ms: Option<u64>,
    /// Time since the last move was played.
    since_ms: u64,
    /// Time spent in all.
    time_ms: u64,
    stopped: bool,
}

impl Playback {
    /// `sheet`'s game from its first move (played at once), the next ones
    /// every `pace_ms` or on request.
    pub fn new(sheet: Sheet, pace_ms: Option<u64>) -> Playback {
        let played = usize::from(!sheet.is_empty());
        Playback {
            sheet,
            played,
            pace_ms: pace_ms.filter(|&p| p > 0),
            since_ms: 0,
            time_ms: 0,
            stopped: false,
        }
    }

    /// The sheet as written so far.
    pub fn sheet(&self) -> &Sheet {
        &self.sheet
    }

    /// The pace, when the moves come by themselves.
    pub fn pace_ms(&self) -> Option<u64> {
        self.pace_ms
    }

    /// How many moves have been played on the board.
    pub fn played(&self) -> usize {
        self.played
    }

    /// Time spent, in milliseconds.
    pub fn time_ms(&self) -> u64 {
        self.time_ms
    }

    /// Time passed: at a pace, the next moves are played when it is due.
    /// Returns whether a move was played.
    pub fn tick(&mut self, ms: u64) -> bool {
        if self.is_finished() {
            return false;
        }
        self.time_ms = self.time_ms.saturating_add(ms);
        let Some(pace) = self.pace_ms else {
            return false;
        };
        self.since_ms = self.since_ms.saturating_add(ms);
        let mut moved = false;
        while self.since_ms >= pace && self.played < self.sheet.len() {
            self.since_ms -= pace;
            self.played += 1;
            moved = true;
        }
        if self.played >= self.sheet.len() {
            self.since_ms = 0;
        }
        moved
    }

    /// Plays the next move now (a key press); false when all are played.
    pub fn play_next(&mut self) -> bool {
        if self.stopped || self.played >= self.sheet.len() {
            return false;
        }
        self.played += 1;
        self.since_ms = 0;
        true
    }

    /// Writes `text` for the first move played and not yet written; `None`
    /// when every move played is written (the next is not played yet) or
    /// the sheet is over.
    pub fn write(&mut self, text: &str) -> Option<&Entry> {
        if self.stopped || self.sheet.entries().len() >= self.played {
            return None;
        }
        self.sheet.write(text)
    }

    /// Whether every move played is written and the next is yet to come.
    pub fn waiting(&self) -> bool {
        !self.is_finished() && self.sheet.entries().len() >= self.played
    }

    /// Ends the sheet here (Esc).
    pub fn stop(&mut self) {
        self.stopped = true;
    }

    /// Whether the sheet is over: every move written, or stopped.
    pub fn is_finished(&self) -> bool {
        self.stopped || self.sheet.entries().len() >= self.sheet.len()
    }

    /// The position on the board (after the moves played) and the last
    /// move played.
    pub fn board(&self) -> (Chess, Option<Move>) {
        let moves = &self.sheet.game().moves;
        match self.played.checked_sub(1).and_then(|i| moves.get(i)) {
            Some((pos, mv)) => {
                let mut after = pos.clone();
                after.play_unchecked(*mv);
                (after, Some(*mv))
            }
            None => (Chess::default(), None),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::drill::scoresheet::SheetGame;

    fn playback(pace: Option<u64>) -> Playback {
        let games = SheetGame::from_pgn("1. e4 e5 2. Nf3 Nc6 *").unwrap();
        Playback::new(Sheet::new(games[0].clone(), 0), pace)
    }

    #[test]
    fn at_a_pace_moves_come_by_themselves_and_wait_to_be_written() {
        let mut p = playback(Some(2000));
        assert_eq!(p.played(), 1);
        assert!(p.write("e4").is_some());
        assert!(p.waiting());
        assert!(p.write("e5").is_none(), "not played yet: not written");
        assert!(!p.tick(1999));
        assert!(p.tick(1));
        assert!(p.tick(4000), "two moves in one long tick");
        assert_eq!(p.played(), 4);
        assert!(!p.tick(10_000), "the game is over");
        for m in ["e5", "Nf3", "Nc6"] {
            assert!(p.write(m).is_some());
        }
        assert!(p.is_finished());
        assert_eq!(p.board().1.map(|m| m.to().to_string()), Some("c6".into()));
    }

    #[test]
    fn without_a_pace_the_next_move_comes_on_request() {
        let mut p = playback(None);
        assert!(!p.tick(60_000));
        assert_eq!(p.played(), 1);
        assert!(p.play_next());
        assert_eq!(p.played(), 2);
        p.stop();
        assert!(p.is_finished() && !p.play_next());
    }
}
