//! Play out a position against an engine (`sancho game`), once for both
//! shells: [`PlayOut`] takes the user's moves in SAN or UCI, asks the shell
//! for the engine's reply through [`GameEvent::AskEngine`] (the core never
//! calls an engine), and ends the game by shakmaty's rules plus the
//! repetition the position alone cannot know: mate, stalemate, threefold
//! repetition, the fifty-move rule, insufficient material.
//!
//! A game may carry a [`Goal`] (an endgame to win or hold, see
//! [`super::endgame`]): the goal's move budget then ends the game too, and
//! so does a decisive turn the rules of chess would take many more moves
//! to end (a promotion kept, a side left with its bare king against a
//! queen or rook: [`EndReason::Promoted`], [`EndReason::WonMaterial`] and
//! their mirror images); the end carries the goal's [`Verdict`].
//! [`PlayOut::pgn`] writes the game as PGN for `--out`.

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
    /// The user promoted a pawn and the engine's answer did not take the
    /// new piece: a [`Goal::Promote`] game ends there, and a [`Goal::Win`]
    /// game when the engine has no queen.
    Promoted,
    /// The engine promoted a pawn, the user's answer did not take the new
    /// piece, and the user has no queen: a game with a goal ends there (a
    /// hold is lost). When both sides have queened, the game goes on.
    EnginePromoted,
    /// The engine has only its king left and the user a queen or a rook,
    /// with the user to move: a won ending (every such position is a win
    /// in the tablebases). A [`Goal::Win`] or [`Goal::Hold`] game ends
    /// there.
    WonMaterial,
    /// The user has only the king left against the engine's queen or
    /// rook, with the engine to move: a lost ending. A game with a goal
    /// ends there.
    LostMaterial,
    /// The goal's move budget is spent: a mate or promotion not reached in
    /// time fails (the "lost on time"), a position held that long
    /// is held.
    MoveLimit,
}

impl EndReason {
    /// The reason as JSON names it: `checkmate`, `stalemate`, `repetition`,
    /// `fifty_moves`, `insufficient_material`, `resigned`, `engine_failed`,
    /// `promoted`, `engine_promoted`, `won_material`, `lost_material`,
    /// `move_limit`.
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
            EndReason::Promoted => "promoted",
            EndReason::EnginePromoted => "engine_promoted",
            EndReason::WonMaterial => "won_material",
            EndReason::LostMaterial => "lost_material",
            EndReason::MoveLimit => "move_limit",
        }
    }
}

/// Why the rules end a game in `pos` whatever came before it: mate,
/// stalemate, neither side able to mate, or a halfmove clock at 100 (the
/// fifty-move rule); `None` when a game goes on from it. A game cannot
/// start from such a position: it would end before the first move.
#[must_use]
pub fn already_over(pos: &Chess) -> Option<EndReason> {
    if pos.is_checkmate() {
        Some(EndReason::Checkmate)
    } else if pos.is_stalemate() {
        Some(EndReason::Stalemate)
    } else if pos.is_insufficient_material() {
        Some(EndReason::InsufficientMaterial)
    } else if pos.halfmoves() >= 100 {
        Some(EndReason::FiftyMoves)
    } else {
        None
    }
}

/// What an endgame asks of the user, with its move budget: the user's
/// moves, counted from the start position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Goal {
    /// Mate within `moves` of the user's moves.
    Mate {
        /// The budget.
        moves: u32,
    },
    /// Promote a pawn within `moves` of the user's moves and keep the new
    /// piece through the engine's answer (a mate counts too).
    Promote {
        /// The budget.
        moves: u32,
    },
    /// Win within `moves` of the user's moves: mate, promote a pawn and
    /// keep the new piece through the engine's answer, or take the
    /// engine's last piece (its king alone against the user's queen or
    /// rook). For endings where the defender may give up its last piece
    /// rather than be mated or see a pawn promote (Lucena's position,
    /// queen against rook).
    Win {
        /// The budget.
        moves: u32,
    },
    /// Hold: reach a draw, or be still unbeaten when the user has made
    /// `moves` moves and the engine has answered the last. A promotion the
    /// engine keeps, or the user's king left alone against a queen or a
    /// rook, loses it.
    Hold {
        /// The budget.
        moves: u32,
    },
}

impl Goal {
    /// The move budget.
    #[must_use]
    pub fn moves(self) -> u32 {
        match self {
            Goal::Mate { moves }
            | Goal::Promote { moves }
            | Goal::Win { moves }
            | Goal::Hold { moves } => moves,
        }
    }

    /// The goal's kind as JSON and the endgame file name it: `mate`,
    /// `promote`, `win`, `hold`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Goal::Mate { .. } => "mate",
            Goal::Promote { .. } => "promote",
            Goal::Win { .. } => "win",
            Goal::Hold { .. } => "hold",
        }
    }

    /// The goal in words: `Mate within 10 moves.`
    #[must_use]
    pub fn describe(self) -> String {
        match self {
            Goal::Mate { moves } => format!("Mate within {}.", plural(moves)),
            Goal::Promote { moves } => format!("Promote a pawn within {}.", plural(moves)),
            Goal::Win { moves } => format!(
                "Win within {}: mate, promote and keep the new piece, or take the engine's last piece.",
                plural(moves)
            ),
            Goal::Hold { moves } => {
                format!("Hold: reach a draw, or do not lose for {}.", plural(moves))
            }
        }
    }

    /// Whether a game that ended by `reason`, with `user_won`, reached the
    /// goal. A stalemate fails a mate; any draw fails a win; any end but a
    /// loss (or resigning, or a decisive turn against the user) holds a
    /// draw.
    #[must_use]
    pub fn reached(self, reason: EndReason, user_won: Option<bool>) -> bool {
        let mated_them = reason == EndReason::Checkmate && user_won == Some(true);
        match self {
            Goal::Mate { .. } => mated_them,
            Goal::Promote { .. } => mated_them || reason == EndReason::Promoted,
            Goal::Win { .. } => {
                mated_them || matches!(reason, EndReason::Promoted | EndReason::WonMaterial)
            }
            Goal::Hold { .. } => {
                user_won != Some(false)
                    && !matches!(
                        reason,
                        EndReason::Resigned
                            | EndReason::EngineFailed
                            | EndReason::EnginePromoted
                            | EndReason::LostMaterial
                    )
            }
        }
    }
}

/// A goal judged at the end of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Verdict {
    /// The goal.
    pub goal: Goal,
    /// Whether it was reached.
    pub achieved: bool,
    /// The user's moves played.
    pub moves_used: u32,
}

impl Verdict {
    /// The verdict in words: `Goal reached in 7 moves.`, `Goal missed: 10
    /// moves played and the goal not reached.`
    #[must_use]
    pub fn describe(self, reason: EndReason) -> String {
        if self.achieved {
            return match (self.goal, reason) {
                (Goal::Hold { moves }, EndReason::MoveLimit) => {
                    format!("Goal reached: you held for {}.", plural(moves))
                }
                (_, EndReason::WonMaterial) => format!(
                    "Goal reached in {}: the engine has only its king left.",
                    plural(self.moves_used)
                ),
                (Goal::Hold { .. }, _) => {
                    format!("Goal reached: a draw after {}.", plural(self.moves_used))
                }
                _ => format!("Goal reached in {}.", plural(self.moves_used)),
            };
        }
        let why = match reason {
            EndReason::MoveLimit => format!(
                "{} played and the goal not reached",
                plural(self.goal.moves())
            ),
            EndReason::Stalemate => "stalemate is a draw".to_owned(),
            EndReason::Checkmate => "you were mated".to_owned(),
            EndReason::Resigned => "you resigned".to_owned(),
            EndReason::Repetition | EndReason::FiftyMoves | EndReason::InsufficientMaterial => {
                "the game was drawn".to_owned()
            }
            EndReason::EnginePromoted => {
                "the engine promoted a pawn and kept the new piece".to_owned()
            }
            EndReason::LostMaterial => {
                "your king was left alone against a queen or a rook".to_owned()
            }
            EndReason::Promoted | EndReason::WonMaterial | EndReason::EngineFailed => {
                "the game stopped".to_owned()
            }
        };
        format!("Goal missed: {why}.")
    }
}

/// `1 move`, `7 moves`.
fn plural(n: u32) -> String {
    if n == 1 {
        "1 move".to_owned()
    } else {
        format!("{n} moves")
    }
}

/// How a game ended: the result as PGN writes it and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameEnd {
    /// `1-0`, `0-1` or `1/2-1/2` (`*` when the engine failed, or a goal
    /// ended the game before the rules did: a promotion, a bare king, the
    /// move budget).
    pub result: &'static str,
    /// Why.
    pub reason: EndReason,
    /// Whether the user won (`None`: a draw or no result).
    pub user_won: Option<bool>,
    /// The goal's verdict, for a game with a goal (`None` too when the
    /// engine failed: nothing is judged then).
    pub verdict: Option<Verdict>,
}

/// The tags of a game's PGN that the game itself does not know, given by
/// the shell (the date, the players' names with the engine's strength).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PgnTags {
    /// `Event`, e.g. `Sancho game` or the endgame's title.
    pub event: String,
    /// `Site`, `?` when empty.
    pub site: String,
    /// `Date` as PGN writes it (`2026.11.26`), `????.??.??` when empty.
    pub date: String,
    /// `Round`, `-` when empty.
    pub round: String,
    /// The user's name (`White` or `Black` by the user's side).
    pub user: String,
    /// The engine's name with its strength (`Stockfish (level 3)`).
    pub engine: String,
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
    goal: Option<Goal>,
    user_moves: u32,
}

impl PlayOut {
    /// A game from `start` with the user playing `user`: the user's turn,
    /// or a question for the engine when it is to move first.
    #[must_use]
    pub fn new(start: Chess, user: Color, lang: Lang) -> (PlayOut, Vec<GameEvent>) {
        PlayOut::start_with(start, user, lang, None)
    }

    /// A game with a goal: as [`PlayOut::new`], and the goal's budget and
    /// verdict besides (see [`Goal`]).
    #[must_use]
    pub fn with_goal(
        start: Chess,
        user: Color,
        lang: Lang,
        goal: Goal,
    ) -> (PlayOut, Vec<GameEvent>) {
        PlayOut::start_with(start, user, lang, Some(goal))
    }

    fn start_with(
        start: Chess,
        user: Color,
        lang: Lang,
        goal: Option<Goal>,
    ) -> (PlayOut, Vec<GameEvent>) {
        let mut game = PlayOut {
            pos: start.clone(),
            start,
            user,
            lang,
            moves: Vec::new(),
            seen: HashMap::new(),
            waiting: false,
            end: None,
            goal,
            user_moves: 0,
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

    /// The goal, for a game with one.
    #[must_use]
    pub fn goal(&self) -> Option<Goal> {
        self.goal
    }

    /// The user's moves played so far.
    #[must_use]
    pub fn user_moves(&self) -> u32 {
        self.user_moves
    }

    /// The user's moves left in the goal's budget, for a game with a goal.
    #[must_use]
    pub fn moves_left(&self) -> Option<u32> {
        self.goal.map(|g| g.moves().saturating_sub(self.user_moves))
    }

    /// The game as PGN (`--out`): `tags` and the result, `SetUp` and `FEN`
    /// when it did not start from the initial position, the moves in SAN
    /// (a game that is not over is written with `*`).
    #[must_use]
    pub fn pgn(&self, tags: &PgnTags) -> String {
        super::game_pgn::write(self, tags)
    }

    /// Whether the shell owes the engine's move.
    #[must_use]
    pub fn is_waiting(&self) -> bool {
        self.waiting
    }

    fn play(&mut self, text: MoveText) {
        if self.pos.turn() == self.user {
            self.user_moves = self.user_moves.saturating_add(1);
        }
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
        let repeated = self.seen.get(&key).copied().unwrap_or(0) >= 3;
        let reason = already_over(&self.pos)
            .or_else(|| repeated.then_some(EndReason::Repetition))
            .or_else(|| self.goal_end());
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

    /// The end the goal calls once the rules have not ended the game: a
    /// decisive turn (see [`EndReason`]: a promotion kept through the
    /// other side's answer, a bare king against a queen or a rook, judged
    /// with the stronger side to move), then the budget spent (straight
    /// after the user's last move for a mate, after the engine's answer to
    /// it for the other goals).
    fn goal_end(&self) -> Option<EndReason> {
        let goal = self.goal?;
        let user_just_moved = self.pos.turn() != self.user;
        if user_just_moved {
            // A race where both sides queen goes on: only a promotion the
            // user has no queen against decides.
            if self.promoted_and_kept(!self.user) && !self.has_queen(self.user) {
                return Some(EndReason::EnginePromoted);
            }
            if self.stripped(self.user) {
                return Some(EndReason::LostMaterial);
            }
        } else {
            // The promote goal is reached by the promotion itself; a win,
            // when the engine has no queen to answer the new piece.
            let promotes = match goal {
                Goal::Promote { .. } => true,
                Goal::Win { .. } => !self.has_queen(!self.user),
                Goal::Mate { .. } | Goal::Hold { .. } => false,
            };
            if promotes && self.promoted_and_kept(self.user) {
                return Some(EndReason::Promoted);
            }
            let strips = matches!(goal, Goal::Win { .. } | Goal::Hold { .. });
            if strips && self.stripped(!self.user) {
                return Some(EndReason::WonMaterial);
            }
        }
        let spent = self.user_moves >= goal.moves();
        match goal {
            Goal::Mate { .. } if spent && user_just_moved => Some(EndReason::MoveLimit),
            Goal::Promote { .. } | Goal::Win { .. } | Goal::Hold { .. }
                if spent && !user_just_moved =>
            {
                Some(EndReason::MoveLimit)
            }
            _ => None,
        }
    }

    /// Whether `side`'s move before the last one promoted a pawn whose new
    /// piece still stands after the other side's answer.
    fn promoted_and_kept(&self, side: Color) -> bool {
        let Some(index) = self.moves.len().checked_sub(2) else {
            return false;
        };
        let mv = self.moves[index].mv;
        mv.promotion().is_some()
            && self.pos.turn() == side
            && self
                .pos
                .board()
                .color_at(mv.to())
                .is_some_and(|c| c == side)
    }

    /// Whether `side` has a queen.
    fn has_queen(&self, side: Color) -> bool {
        let board = self.pos.board();
        (board.by_color(side) & board.queens()).any()
    }

    /// Whether `side` has only its king left while the other side, to
    /// move, has a queen or a rook: a won ending for the other side.
    fn stripped(&self, side: Color) -> bool {
        let board = self.pos.board();
        let heavy = board.by_color(!side) & (board.queens() | board.rooks());
        self.pos.turn() == !side && board.by_color(side).count() == 1 && heavy.any()
    }

    fn finish(&mut self, reason: EndReason, events: &mut Vec<GameEvent>) {
        let winner = match reason {
            EndReason::Checkmate => Some(!self.pos.turn()),
            EndReason::Resigned => Some(!self.user),
            _ => None,
        };
        let result = match (reason, winner) {
            (
                EndReason::EngineFailed
                | EndReason::Promoted
                | EndReason::EnginePromoted
                | EndReason::WonMaterial
                | EndReason::LostMaterial
                | EndReason::MoveLimit,
                _,
            ) => "*",
            (_, Some(Color::White)) => "1-0",
            (_, Some(Color::Black)) => "0-1",
            (_, None) => "1/2-1/2",
        };
        let user_won = winner.map(|w| w == self.user);
        let verdict = self
            .goal
            .filter(|_| reason != EndReason::EngineFailed)
            .map(|goal| Verdict {
                goal,
                achieved: goal.reached(reason, user_won),
                moves_used: self.user_moves,
            });
        let end = GameEnd {
            result,
            reason,
            user_won,
            verdict,
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

    fn verdict(game: &PlayOut) -> (EndReason, Option<bool>) {
        let end = game.end().unwrap();
        (end.reason, end.verdict.map(|v| v.achieved))
    }

    #[test]
    fn a_goal_is_judged_at_the_end_and_its_budget_ends_the_game() {
        let kqk = parse_fen("7k/8/5K2/8/8/8/8/6Q1 w - - 0 1").unwrap();
        let mate = Goal::Mate { moves: 2 };
        // Mate in two within a budget of two: reached.
        let (mut game, _) = PlayOut::with_goal(kqk.clone(), Color::White, Lang::EN, mate);
        game.submit("Qg5");
        game.engine_move(Some("h8h7"));
        game.submit("Qg7#");
        assert_eq!(verdict(&game), (EndReason::Checkmate, Some(true)));
        assert_eq!(game.end().unwrap().verdict.unwrap().moves_used, 2);

        // A stalemate fails a mate.
        let (mut game, _) = PlayOut::with_goal(kqk.clone(), Color::White, Lang::EN, mate);
        game.submit("Qg6");
        assert_eq!(verdict(&game), (EndReason::Stalemate, Some(false)));

        // The budget spent: the game ends after the user's last move, with
        // no result, and the engine is not asked again.
        let (mut game, _) = PlayOut::with_goal(kqk.clone(), Color::White, Lang::EN, mate);
        game.submit("Qg2");
        assert_eq!(game.moves_left(), Some(1));
        game.engine_move(Some("h8h7"));
        let events = game.submit("Qg1");
        assert_eq!(kinds(&events), ["played", "over"]);
        assert_eq!(verdict(&game), (EndReason::MoveLimit, Some(false)));
        assert_eq!(game.end().unwrap().result, "*");

        // Without a goal there is no verdict.
        let (mut game, _) = PlayOut::new(kqk, Color::White, Lang::EN);
        game.submit("Qg6");
        assert_eq!(verdict(&game), (EndReason::Stalemate, None));
    }

    #[test]
    fn a_win_goal_takes_the_rook_given_up_for_the_pawn() {
        // Lucena's position: after 1. Rd1+ Ke7 2. Rd4 Ke6 3. Kc7 Rc2+ 4.
        // Kb6 Rb2+ 5. Kc6 the defender may give its rook for the pawn:
        // 5... Rxb7 6. Kxb7 leaves rook against king, a won ending.
        let lucena = parse_fen("1K1k4/1P6/8/8/8/8/r7/2R5 w - - 0 1").unwrap();
        let line = [
            ("Rd1+", "d8e7"),
            ("Rd4", "e7e6"),
            ("Kc7", "a2c2"),
            ("Kb6", "c2b2"),
            ("Kc6", "b2b7"),
        ];
        let win = Goal::Win { moves: 15 };
        let (mut game, _) = PlayOut::with_goal(lucena.clone(), Color::White, Lang::EN, win);
        for (mine, theirs) in line {
            assert_eq!(
                kinds(&game.submit(mine)),
                ["played", "ask_engine"],
                "{mine}"
            );
            assert_eq!(
                kinds(&game.engine_move(Some(theirs))),
                ["engine_moved", "your_move"],
                "{theirs}"
            );
        }
        // Kxb7: judged after the engine's answer, with White to move.
        assert_eq!(kinds(&game.submit("Kxb7")), ["played", "ask_engine"]);
        assert_eq!(
            kinds(&game.engine_move(Some("e6e5"))),
            ["engine_moved", "over"]
        );
        assert_eq!(verdict(&game), (EndReason::WonMaterial, Some(true)));
        let end = game.end().unwrap();
        assert_eq!(end.result, "*");
        assert_eq!(
            end.verdict.unwrap().describe(end.reason),
            "Goal reached in 6 moves: the engine has only its king left."
        );

        // A promotion kept wins too; the promote goal would say the same.
        let kept = parse_fen("8/1P1k4/8/8/8/8/r7/1K2R3 w - - 0 1").unwrap();
        let (mut game, _) = PlayOut::with_goal(kept, Color::White, Lang::EN, win);
        game.submit("b8=Q");
        game.engine_move(Some("a2a1"));
        assert_eq!(verdict(&game), (EndReason::Promoted, Some(true)));

        // Without the win goal the same game goes on: a promote goal is
        // not reached by the rook's capture.
        let promote = Goal::Promote { moves: 15 };
        let (mut game, _) = PlayOut::with_goal(lucena, Color::White, Lang::EN, promote);
        for (mine, theirs) in line {
            game.submit(mine);
            game.engine_move(Some(theirs));
        }
        game.submit("Kxb7");
        assert_eq!(
            kinds(&game.engine_move(Some("e6e5"))),
            ["engine_moved", "your_move"]
        );
    }

    #[test]
    fn a_hold_is_lost_to_a_promotion_kept_or_a_bare_king() {
        let hold = Goal::Hold { moves: 20 };
        // The engine queens; the user's answer leaves the queen standing.
        let pawn = parse_fen("8/4P3/8/8/8/k7/8/K7 w - - 0 1").unwrap();
        let (mut game, events) = PlayOut::with_goal(pawn, Color::Black, Lang::EN, hold);
        assert_eq!(kinds(&events), ["ask_engine"]);
        game.engine_move(Some("e7e8q"));
        assert_eq!(kinds(&game.submit("Kb3")), ["played", "over"]);
        assert_eq!(verdict(&game), (EndReason::EnginePromoted, Some(false)));
        let end = game.end().unwrap();
        assert_eq!(
            end.verdict.unwrap().describe(end.reason),
            "Goal missed: the engine promoted a pawn and kept the new piece."
        );

        // Both sides queen (Réti's study): the game goes on.
        let race = parse_fen("8/2P5/8/8/8/6k1/7p/K7 w - - 0 1").unwrap();
        let (mut game, _) = PlayOut::with_goal(race, Color::Black, Lang::EN, hold);
        game.engine_move(Some("c7c8q"));
        assert_eq!(kinds(&game.submit("h1=Q")), ["played", "ask_engine"]);

        // The queen takes the last rook: the user's bare king is lost.
        let rook = parse_fen("k7/8/8/3r4/8/8/8/K2Q4 w - - 0 1").unwrap();
        let (mut game, _) = PlayOut::with_goal(rook.clone(), Color::Black, Lang::EN, hold);
        game.engine_move(Some("d1d5"));
        assert_eq!(kinds(&game.submit("Ka7")), ["played", "over"]);
        assert_eq!(verdict(&game), (EndReason::LostMaterial, Some(false)));

        // The user takes the engine's queen instead: a hold that wins.
        let (mut game, _) = PlayOut::with_goal(rook, Color::Black, Lang::EN, hold);
        game.engine_move(Some("d1d4"));
        game.submit("Rxd4");
        assert_eq!(
            kinds(&game.engine_move(Some("a1b2"))),
            ["engine_moved", "over"]
        );
        assert_eq!(verdict(&game), (EndReason::WonMaterial, Some(true)));
    }

    #[test]
    fn a_promotion_ends_a_promotion_goal_and_a_hold_lasts_its_moves() {
        let kpk = parse_fen("8/4P1k1/8/4K3/8/8/8/8 w - - 0 1").unwrap();
        let (mut game, _) =
            PlayOut::with_goal(kpk, Color::White, Lang::EN, Goal::Promote { moves: 3 });
        assert_eq!(kinds(&game.submit("e8=Q")), ["played", "ask_engine"]);
        let events = game.engine_move(Some("g7h6"));
        assert_eq!(kinds(&events), ["engine_moved", "over"]);
        assert_eq!(verdict(&game), (EndReason::Promoted, Some(true)));
        // A new queen taken at once is no promotion kept: the game goes on.
        let kpk = parse_fen("8/4Pk2/8/8/8/8/P7/K7 w - - 0 1").unwrap();
        let (mut game, _) =
            PlayOut::with_goal(kpk, Color::White, Lang::EN, Goal::Promote { moves: 3 });
        game.submit("e8=Q+");
        assert_eq!(
            kinds(&game.engine_move(Some("f7e8"))),
            ["engine_moved", "your_move"]
        );
        assert_eq!(game.moves_left(), Some(2));

        // Black holds K v K+P for one move: judged after the engine's reply.
        let kpk = parse_fen("4k3/8/4K3/4P3/8/8/8/8 b - - 0 1").unwrap();
        let hold = Goal::Hold { moves: 1 };
        let (mut game, _) = PlayOut::with_goal(kpk.clone(), Color::Black, Lang::EN, hold);
        assert_eq!(kinds(&game.submit("Ke8")), ["not_a_move"]);
        assert_eq!(kinds(&game.submit("Kd8")), ["played", "ask_engine"]);
        let events = game.engine_move(Some("e6f7"));
        assert_eq!(kinds(&events), ["engine_moved", "over"]);
        assert_eq!(verdict(&game), (EndReason::MoveLimit, Some(true)));
        let text = game
            .end()
            .unwrap()
            .verdict
            .unwrap()
            .describe(EndReason::MoveLimit);
        assert_eq!(text, "Goal reached: you held for 1 move.");

        // Resigning fails a hold; a failed engine is not judged.
        let (mut game, _) = PlayOut::with_goal(kpk.clone(), Color::Black, Lang::EN, hold);
        game.resign();
        assert_eq!(verdict(&game), (EndReason::Resigned, Some(false)));
        let (mut game, _) = PlayOut::with_goal(kpk, Color::Black, Lang::EN, hold);
        game.submit("Kd8");
        game.engine_move(None);
        assert_eq!(verdict(&game), (EndReason::EngineFailed, None));
    }
}
