//! Puzzles: the model, the JSON pack format, the Lichess CSV reader, the
//! validator (`check`) and a small mate solver.
//!
//! Everything here is pure: text, bytes and readers come in, values come
//! out. The one exception is [`source`], the I/O edge that opens files for
//! the command line.

pub(crate) mod builtin;
pub(crate) mod check;
mod finding;
mod giveaway;
pub(crate) mod json;
pub(crate) mod lichess;
pub(crate) mod mate;
pub(crate) mod soundness;
pub(crate) mod source;

use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{Chess, Color, Move, Position};

pub use crate::notation::fen::{FenError, parse_fen};
pub use builtin::{BuiltinError, STARTER_NAME, is_csv, read_builtin_packs};
pub use check::{
    CheckOptions, CheckSummary, Dialect, MateClaim, check_csv, check_csv_with, check_pack,
    check_pack_with, check_puzzle, mate_claim,
};
pub use finding::{Finding, Problem, Severity};
pub use json::{
    Pack, PackError, RawLead, RawOtherMove, RawPack, RawPuzzle, RawStep, ShapeError, parse_pack,
    read_pack,
};
pub use lichess::{LichessReader, RowError, RowReason, decompress_if_zst, read_lichess};
pub use mate::{
    Budget, forces_mate, mate_in, mate_in_within, mate_length, mates_in_one, refutation,
};
pub use source::{
    Content, Format, Loaded, MAX_PACK_BYTES, SourceError, check_path, check_path_with,
    detect_format, load_one, load_path, open_puzzle_file, sniff_content,
};

/// One puzzle, in either shape: the user moves first, or the opponent moves
/// first (then the FEN shows the opponent to move and the line starts with
/// the opponent's move).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// Identifier, unique within a pack.
    pub id: String,
    /// Title shown above the board (only once the puzzle ends when
    /// [`Puzzle::title_at_end`]).
    pub title: String,
    /// Whether the title names the pattern to find, so that it is shown only
    /// once the puzzle ends (the pack's `titleAtEnd`); until then
    /// [`Puzzle::shown_title`] gives the pack's name.
    pub title_at_end: bool,
    /// Subtitle (e.g. "Black to move").
    pub subtitle: String,
    /// The start position as written in the source.
    pub fen: String,
    /// The start position, parsed (before the opponent's first move, if any).
    pub position: Chess,
    /// The side the user plays.
    pub user_color: Color,
    /// Theme tags (`mateIn2`, `fork`, …).
    pub themes: Vec<String>,
    /// Difficulty 1..=5 (packs); `None` for Lichess puzzles.
    pub difficulty: Option<u8>,
    /// Lichess Glicko-2 rating.
    pub rating: Option<u32>,
    /// Lichess rating deviation.
    pub rating_deviation: Option<u32>,
    /// Lichess popularity, -100..=100.
    pub popularity: Option<i32>,
    /// Lichess number of plays.
    pub nb_plays: Option<u32>,
    /// Lichess opening tags.
    pub opening_tags: Vec<String>,
    /// The source game (Lichess), with a ply anchor.
    pub game_url: Option<String>,
    /// The solution: opponent's and user's moves in playing order.
    pub solution: Vec<SolutionMove>,
    /// The moves of the game before the puzzle's position (the pack's
    /// `lead`, which `sancho mine` writes), for blind tactics: none for a
    /// Lichess puzzle or a hand-written one.
    pub lead: Option<Lead>,
    /// Hint texts, first to last.
    pub hints: Vec<String>,
    /// Shown when the puzzle is solved.
    pub success_message: Option<String>,
    /// Shown when the puzzle is failed.
    pub failure_message: Option<String>,
    /// Where the puzzle came from: a pack name or a file name.
    pub source: String,
}

/// The moves that led to a puzzle's position in its game: from `start`,
/// `moves` end at the puzzle's FEN (the pack validator checks it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lead {
    /// Where the lead starts.
    pub start: Chess,
    /// Legal moves from `start`, in order.
    pub moves: Vec<Move>,
}

/// The most plies of the game `sancho mine` keeps before a puzzle (as
/// many as `play --blind` reads).
pub const MAX_LEAD: usize = 40;

/// One move of a puzzle's line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SolutionMove {
    /// The move as written in the source.
    pub uci: UciMove,
    /// The move, legal in its position.
    pub mv: Move,
    /// Whether the user plays it (otherwise the opponent does).
    pub is_user: bool,
    /// The source's comment on the move, shown as it is played (so, for an
    /// opponent's move, before the user's next move: it must not give that
    /// move away).
    pub comment: Option<String>,
    /// More about the move, shown only in the solution once the puzzle
    /// has ended (the pack's `solutionComment`): what would give the next
    /// move away during the puzzle.
    pub solution_comment: Option<String>,
    /// For a user move: what to say when the user plays one of these other
    /// moves instead (the pack's `otherMoves`; "that wins too, slowly").
    pub other_moves: Vec<OtherMove>,
}

/// Another move the user may try instead of a user move of the line, with
/// what the puzzle says about it. It is still not the solution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OtherMove {
    /// The move as written in the source.
    pub uci: UciMove,
    /// The move, legal where the line's move is played.
    pub mv: Move,
    /// What is said when it is played.
    pub comment: String,
}

impl SolutionMove {
    /// Everything said about the move once the puzzle has ended: its
    /// comment, then its solution comment.
    pub fn full_comment(&self) -> Option<String> {
        match (&self.comment, &self.solution_comment) {
            (Some(c), Some(s)) => Some(format!("{c} {s}")),
            (Some(c), None) => Some(c.clone()),
            (None, Some(s)) => Some(s.clone()),
            (None, None) => None,
        }
    }

    /// What the puzzle says when the user plays `mv` instead of this move.
    pub fn other_move_comment(&self, mv: Move) -> Option<&str> {
        self.other_moves
            .iter()
            .find(|o| o.mv == mv)
            .map(|o| o.comment.as_str())
    }
}

/// The rating every mode orders, filters and picks an unrated puzzle at
/// (one with neither a Lichess rating nor a pack difficulty, such as a
/// mined one): the rating a new player starts at.
pub const UNRATED_AS: u32 = 1500;

/// The rating a built-in puzzle of difficulty `d` plays at: 1 -> 800,
/// 2 -> 1100, 3 -> 1400, 4 -> 1700, 5 -> 2000 (300 points a step, so that
/// the easiest pack suits a beginner and the hardest a club player).
/// Difficulties outside 1..=5 are clamped into that range.
#[must_use]
pub fn difficulty_rating(d: u8) -> u16 {
    match d.clamp(1, 5) {
        1 => 800,
        2 => 1100,
        3 => 1400,
        4 => 1700,
        _ => 2000,
    }
}

impl Puzzle {
    /// The rating the puzzle is known to play at: its own (Lichess) rating,
    /// else its pack difficulty's ([`difficulty_rating`]); `None` for an
    /// unrated puzzle, which then never moves the user's rating.
    #[must_use]
    pub fn rating_estimate(&self) -> Option<u32> {
        self.rating
            .or_else(|| self.difficulty.map(|d| u32::from(difficulty_rating(d))))
    }

    /// The rating modes order, filter and pick the puzzle by: its
    /// [`rating_estimate`](Puzzle::rating_estimate), else [`UNRATED_AS`].
    /// The one rule for unrated puzzles, wherever puzzles are chosen.
    #[must_use]
    pub fn playing_rating(&self) -> u32 {
        self.rating_estimate().unwrap_or(UNRATED_AS)
    }

    /// Whether the line starts with the opponent's move (the Lichess shape).
    pub fn opponent_first(&self) -> bool {
        self.solution.first().is_some_and(|m| !m.is_user)
    }

    /// The user's moves, in order.
    pub fn user_moves(&self) -> impl Iterator<Item = &SolutionMove> {
        self.solution.iter().filter(|m| m.is_user)
    }

    /// How many moves the user has to find.
    pub fn user_move_count(&self) -> usize {
        self.user_moves().count()
    }

    /// The position after the first `plies` moves of the line.
    pub fn position_after(&self, plies: usize) -> Chess {
        let mut pos = self.position.clone();
        for m in self.solution.iter().take(plies) {
            pos.play_unchecked(m.mv);
        }
        pos
    }

    /// The position the user first sees (after the opponent's first move,
    /// when the puzzle has one).
    pub fn user_start(&self) -> Chess {
        self.position_after(usize::from(self.opponent_first()))
    }

    /// The title to show: [`Puzzle::title`], except that a title kept for
    /// the end ([`Puzzle::title_at_end`]) shows as the puzzle's source (the
    /// pack's name) until the puzzle has `ended`.
    pub fn shown_title(&self, ended: bool) -> &str {
        if self.title_at_end && !ended {
            &self.source
        } else {
            &self.title
        }
    }
}

/// A "White to move" / "Black to move" subtitle.
pub fn to_move_subtitle(color: Color) -> String {
    match color {
        Color::White => "White to move".to_owned(),
        Color::Black => "Black to move".to_owned(),
    }
}

/// Why a puzzle's line cannot be played.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SolutionError {
    /// A move is not UCI at all.
    #[error("move {} ({text:?}) is not a uci move", .index + 1)]
    NotUci {
        /// 0-based index in the line.
        index: usize,
        /// The text.
        text: String,
    },
    /// A move is not legal in its position.
    #[error("move {} ({text}) is not legal in its position ({fen})", .index + 1)]
    Illegal {
        /// 0-based index in the line.
        index: usize,
        /// The UCI text.
        text: String,
        /// The position it was tried in.
        fen: String,
    },
    /// The line is empty.
    #[error("the line has no moves")]
    Empty,
}

impl SolutionError {
    /// The index of the offending move, if any.
    pub fn index(&self) -> Option<usize> {
        match self {
            SolutionError::NotUci { index, .. } | SolutionError::Illegal { index, .. } => {
                Some(*index)
            }
            SolutionError::Empty => None,
        }
    }
}

/// Parses and plays a line of UCI moves from `start`, checking legality in turn.
///
/// `moves` are `(uci text, is_user, comment)` triples.
///
/// # Errors
/// The first move that is not UCI or not legal.
pub fn build_solution<'a>(
    start: &Chess,
    moves: impl IntoIterator<Item = (&'a str, bool, Option<String>)>,
) -> Result<Vec<SolutionMove>, SolutionError> {
    let mut pos = start.clone();
    let mut line = Vec::new();
    for (index, (text, is_user, comment)) in moves.into_iter().enumerate() {
        let uci =
            UciMove::from_ascii(text.trim().as_bytes()).map_err(|_| SolutionError::NotUci {
                index,
                text: text.to_owned(),
            })?;
        let mv = uci.to_move(&pos).map_err(|_| SolutionError::Illegal {
            index,
            text: text.to_owned(),
            fen: fen_of(&pos),
        })?;
        pos.play_unchecked(mv);
        line.push(SolutionMove {
            uci,
            mv,
            is_user,
            comment,
            solution_comment: None,
            other_moves: Vec::new(),
        });
    }
    if line.is_empty() {
        return Err(SolutionError::Empty);
    }
    Ok(line)
}

/// The FEN of a position (for messages).
pub fn fen_of(pos: &Chess) -> String {
    Fen::from_position(pos, shakmaty::EnPassantMode::Legal).to_string()
}

/// The English name of a colour, lower case (`white`, `black`).
pub fn color_word(color: Color) -> &'static str {
    match color {
        Color::White => "white",
        Color::Black => "black",
    }
}
