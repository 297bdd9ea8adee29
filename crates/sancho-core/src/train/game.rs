//! Play out a position against an engine (`sancho game`), once for both
//! shells: [`PlayOut`] takes the user's moves in SAN or UCI, asks the shell
//! for the engine's reply through [`GameEvent::AskEngine`] (the core never
//! calls an engine), and ends the game by shakmaty's rules plus the
//! repetition the position alone cannot know: mate, stalemate, threefold
//! repetition, the fifty-move rule, insufficient material.

use std::collections::HashMap;

use shakmaty::zobrist::Zobrist64;
use shakmaty::{Chess, Color, EnPassantMode, Position, uci::UciMove};

use crate::notation::{
    Lang, MoveText, Rejected, Strictness, bounded_prefix, move_text, resolve_in,
};

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EndReason {
    /// The side to move is mated.
    Checkmate,
    /// The side to move has no legal move and is not in check.
    Stalemate,
    /// The same position came up a third time.
    Repetition,
    /// Fifty moves by each side without a capture or a pawn move.
    FiftyMoves,
    /// Neither side can mate.
    InsufficientMaterial,
    /// The user resigned (or left).
    Resigned,
    /// The engine gave no legal move.
    EngineFailed,
}

impl EndReason {
    /// The reason as JSON names it: `checkmate`, `stalemate`, `repetition`,
    /// `fifty_moves`, `insufficient_material`, `resigned`, `engine_failed`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            EndReason::Checkmate => "checkmate",
            EndReason::Stalemate => "stalemate",
            EndReason::Repetition => "repetition",
            EndReason::FiftyMoves => "fifty_moves",
            EndReason::InsufficientMaterial => "insufficient_material",
            EndReason::Resigned => "resigned",
            EndReason::EngineFailed => "engine_failed",
        }
    }
}

/// How a game ended: the result as PGN writes it and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameEnd {
    /// `1-0`, `0-1` or `1/2-1/2` (`*` when the engine failed).
    pub result: &'static str,
    /// Why.
    pub reason: EndReason,
    /// Whether the user won (`None`: a draw or no result).
    pub user_won: Option<bool>,
}

/// What the game says, in order, for a shell to render.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameEvent {
    /// The user is to move in `fen`.
    YourMove {
        /// The position.
        fen: String,
    },
    /// The user's move, played.
    Played(MoveText),
    /// An input that is no legal move here.
    NotAMove {
        /// What was typed.
        input: String,
        /// Why.
        rejected: Rejected,
    },
    /// The shell asks the engine for its move in `fen` and hands it to
    /// [`PlayOut::engine_move`].
    AskEngine {
        /// The position.
        fen: String,
    },
    /// The engine's move, played.
    EngineMoved(MoveText),
    /// The game is over.
    Over(GameEnd),
}

/// A position played out against an engine.
#[derive(Clone, Debug)]
pub struct PlayOut {
    start: Chess,
    pos: Chess,
    user: Color,
    lang: Lang,
    moves: Vec<MoveText>,
    seen: HashMap<Zobrist64, u8>,
    waiting: bool,
    end: Option<GameEnd>,
}

impl PlayOut {
    /// A game from `start` with the user playing `user`: the user's turn,
    /// or a question for the engine when it is to move first.
    #[must_use]
    pub fn new(start: Chess, user: Color, lang: Lang) -> (PlayOut, Vec<GameEvent>) {
        let mut game = PlayOut {
            pos: start.clone(),
            start,
            user,
            lang,
            moves: Vec::new(),
            seen: HashMap::new(),
            waiting: false,
            end: None,
        };
        game.count_position();
        let mut events = Vec::new();
        game.next(&mut events);
        (game, events)
    }

    /// The user's move, in SAN or UCI (in `lang`'s letters).
    pub fn submit(&mut self, text: &str) -> Vec<GameEvent> {
        let mut events = Vec::new();
        if self.end.is_some() || self.waiting || self.pos.turn() != self.user {
            return events;
        }
        let input = bounded_prefix(text.trim()).to_owned();
        match resolve_in(&self.pos, &input, Strictness::Lenient, self.lang) {
            Ok(resolved) => {
                self.play(resolved.text.clone());
                events.push(GameEvent::Played(resolved.text));
                self.next(&mut events);
            }
            Err(rejected) => events.push(GameEvent::NotAMove { input, rejected }),
        }
        events
    }

    /// The engine's answer to [`GameEvent::AskEngine`]: its move in UCI,
    /// or `None` when it gave none (the game then ends without a result).
    pub fn engine_move(&mut self, uci: Option<&str>) -> Vec<GameEvent> {
        let mut events = Vec::new();
        if !self.waiting {
            return events;
        }
        self.waiting = false;
        let mv = uci
            .and_then(|u| u.parse::<UciMove>().ok())
            .and_then(|u| u.to_move(&self.pos).ok());
        match mv {
            Some(mv) => {
                let text = move_text(&self.pos, mv);
                self.play(text.clone());
                events.push(GameEvent::EngineMoved(text));
                self.next(&mut events);
            }
            None => self.finish(EndReason::EngineFailed, &mut events),
        }
        events
    }

    /// The user resigns (or leaves before the end).
    pub fn resign(&mut self) -> Vec<GameEvent> {
        let mut events = Vec::new();
        if self.end.is_none() {
            self.waiting = false;
            self.finish(EndReason::Resigned, &mut events);
        }
        events
    }

    /// The position now.
    #[must_use]
    pub fn position(&self) -> &Chess {
        &self.pos
    }

    /// The position the game started from.
    #[must_use]
    pub fn start(&self) -> &Chess {
        &self.start
    }

    /// The side the user plays.
    #[must_use]
    pub fn user(&self) -> Color {
        self.user
    }

    /// The moves played, both sides, in order.
    #[must_use]
    pub fn moves(&self) -> &[MoveText] {
        &self.moves
    }

    /// How it ended, once it has.
    #[must_use]
    pub fn end(&self) -> Option<GameEnd> {
        self.end
    }

    /// Whether the shell owes the engine's move.
    #[must_use]
    pub fn is_waiting(&self) -> bool {
        self.waiting
    }

    fn play(&mut self, text: MoveText) {
        self.pos.play_unchecked(text.mv);
        self.moves.push(text);
        self.count_position();
    }

    fn count_position(&mut self) {
        let key = self.pos.zobrist_hash::<Zobrist64>(EnPassantMode::Legal);
        let n = self.seen.entry(key).or_insert(0);
        *n = n.saturating_add(1);
    }

    /// After a move: the end, or who is to move next.
    fn next(&mut self, events: &mut Vec<GameEvent>) {
        let key = self.pos.zobrist_hash::<Zobrist64>(EnPassantMode::Legal);
        let reason = if self.pos.is_checkmate() {
            Some(EndReason::Checkmate)
        } else if self.pos.is_stalemate() {
            Some(EndReason::Stalemate)
        } else if self.pos.is_insufficient_material() {
            Some(EndReason::InsufficientMaterial)
        } else if self.seen.get(&key).copied().unwrap_or(0) >= 3 {
            Some(EndReason::Repetition)
        } else if self.pos.halfmoves() >= 100 {
            Some(EndReason::FiftyMoves)
        } else {
            None
        };
        if let Some(reason) = reason {
            self.finish(reason, events);
            return;
        }
        let fen = crate::puzzle::fen_of(&self.pos);
        if self.pos.turn() == self.user {
            events.push(GameEvent::YourMove { fen });
        } else {
            self.waiting = true;
            events.push(GameEvent::AskEngine { fen });
        }
    }

    fn finish(&mut self, reason: EndReason, events: &mut Vec<GameEvent>) {
        let winner = match reason {
            EndReason::Checkmate => Some(!self.pos.turn()),
            EndReason::Resigned => Some(!self.user),
            _ => None,
        };
        let result = match (reason, winner) {
            (EndReason::EngineFailed, _) => "*",
            (_, Some(Color::White)) => "1-0",
            (_, Some(Color::Black)) => "0-1",
            (_, None) => "1/2-1/2",
        };
        let end = GameEnd {
            result,
            reason,
            user_won: winner.map(|w| w == self.user),
        };
        self.end = Some(end);
        events.push(GameEvent::Over(end));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::parse_fen;

    fn kinds(events: &[GameEvent]) -> Vec<&'static str> {
        events
            .iter()
            .map(|e| match e {
                GameEvent::YourMove { .. } => "your_move",
                GameEvent::Played(_) => "played",
                GameEvent::NotAMove { .. } => "not_a_move",
                GameEvent::AskEngine { .. } => "ask_engine",
                GameEvent::EngineMoved(_) => "engine_moved",
                GameEvent::Over(_) => "over",
            })
            .collect()
    }

    #[test]
    fn the_user_moves_the_engine_is_asked_and_mate_ends_it() {
        // K+Q v K: White mates in two with Qg7#-style play.
        let start = parse_fen("7k/8/5K2/8/8/8/8/6Q1 w - - 0 1").unwrap();
        let (mut game, events) = PlayOut::new(start, Color::White, Lang::EN);
        assert_eq!(kinds(&events), ["your_move"]);
        assert_eq!(kinds(&game.submit("Qz9")), ["not_a_move"]);
        assert_eq!(kinds(&game.submit("Qg5")), ["played", "ask_engine"]);
        // Nothing is taken while the engine is asked.
        assert!(game.submit("Qg7").is_empty());
        assert_eq!(
            kinds(&game.engine_move(Some("h8h7"))),
            ["engine_moved", "your_move"]
        );
        let events = game.submit("Qg7#");
        assert_eq!(kinds(&events), ["played", "over"]);
        let end = game.end().unwrap();
        assert_eq!(
            (end.result, end.reason, end.user_won),
            ("1-0", EndReason::Checkmate, Some(true))
        );
        let sans: Vec<&str> = game.moves().iter().map(|m| m.san.as_str()).collect();
        assert_eq!(sans, ["Qg5", "Kh7", "Qg7#"]);
    }

    #[test]
    fn stalemate_repetition_and_a_failed_engine_end_the_game() {
        // Qg6?? stalemates.
        let start = parse_fen("7k/8/5K2/8/8/8/8/6Q1 w - - 0 1").unwrap();
        let (mut game, _) = PlayOut::new(start.clone(), Color::White, Lang::EN);
        let events = game.submit("Qg6");
        let Some(GameEvent::Over(end)) = events.last() else {
            panic!("{events:?}")
        };
        assert_eq!(
            (end.result, end.reason, end.user_won),
            ("1/2-1/2", EndReason::Stalemate, None)
        );

        // Shuffling: the start position the third time is a draw.
        let (mut game, _) = PlayOut::new(start.clone(), Color::White, Lang::EN);
        for _ in 0..2 {
            game.submit("Qg2");
            game.engine_move(Some("h8h7"));
            game.submit("Qg1");
            game.engine_move(Some("h7h8"));
        }
        assert_eq!(game.end().map(|e| e.reason), Some(EndReason::Repetition));

        // The engine's move is illegal: no result.
        let (mut game, _) = PlayOut::new(start.clone(), Color::White, Lang::EN);
        game.submit("Qg5");
        let events = game.engine_move(Some("0000"));
        assert_eq!(kinds(&events), ["over"]);
        assert_eq!(game.end().map(|e| e.result), Some("*"));

        // The engine moves first when the user plays Black; resigning loses.
        let (mut game, events) = PlayOut::new(start, Color::Black, Lang::EN);
        assert_eq!(kinds(&events), ["ask_engine"]);
        game.resign();
        assert_eq!(
            game.end().map(|e| (e.result, e.user_won)),
            Some(("1-0", Some(false)))
        );
    }
}
