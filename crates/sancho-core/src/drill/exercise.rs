//! One exercise, what the screen shows for it, and how an answer is graded.

use serde::Serialize;
use shakmaty::uci::UciMove;
use shakmaty::{Chess, Color, EnPassantMode, Move, Square, fen::Fen};

use super::DrillKind;
use super::features::{Disambiguation, Feature};
use crate::notation::{
    Code, Diagnostic, Lang, ResolveError, Strictness, color_name, move_text, resolve_in,
};

/// What the screen shows for an exercise, beside the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Show {
    /// A move highlighted on the board (write the move, disambiguation).
    Move {
        /// The move as UCI (`e2e4`, `e7e8n`).
        uci: String,
    },
    /// A SAN string to read (read the move).
    San {
        /// The SAN shown.
        san: String,
    },
    /// A highlighted square to name (coordinates).
    Square {
        /// The highlighted square.
        square: Square,
    },
    /// A square named in a question, to be found on the board (coordinates).
    Question {
        /// The square asked for.
        square: Square,
    },
    /// A square whose colour is asked, with no board (square colour).
    Colour {
        /// The square asked about.
        square: Square,
    },
    /// A move of a famous game (transcribe).
    Game {
        /// The game, e.g. `Morphy – Duke of Brunswick and Count Isouard, Paris 1858`.
        game: String,
        /// The move number of this move.
        move_number: u32,
        /// Who makes the move.
        side: Color,
        /// The move as UCI, highlighted on the board.
        uci: String,
    },
}

/// The answer an exercise expects.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Expected {
    /// A move (compared as a move, never as a string).
    Move(Move),
    /// A square.
    Square(Square),
}

/// One exercise of a drill.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Exercise {
    /// The drill it belongs to.
    pub kind: DrillKind,
    /// The position (the start position for coordinates).
    pub position: Chess,
    /// The position as FEN.
    pub fen: String,
    /// From whose side the board is drawn.
    pub orientation: Color,
    /// The question, in words.
    pub prompt: String,
    /// What the screen shows beside the board.
    pub show: Show,
    /// The expected answer.
    pub expected: Expected,
    /// The notation feature the exercise trains, when it was chosen for one.
    pub feature: Option<Feature>,
    /// The disambiguation the answer needs (disambiguation drills).
    pub disambiguation: Option<Disambiguation>,
}

impl Exercise {
    /// The squares the board highlights: a shown move's from and to squares
    /// (castling: the king's), or the square to name. Empty for a SAN to
    /// read and for a square to find.
    pub fn highlighted(&self) -> Vec<Square> {
        match &self.show {
            Show::Move { uci } | Show::Game { uci, .. } => match uci.parse::<UciMove>() {
                Ok(UciMove::Normal { from, to, .. }) => vec![from, to],
                _ => Vec::new(),
            },
            Show::Square { square } => vec![*square],
            Show::San { .. } | Show::Question { .. } | Show::Colour { .. } => Vec::new(),
        }
    }

    /// A clue that is not the whole answer: the piece that moves and its
    /// square, or the file of the square.
    pub fn clue(&self) -> String {
        match self.expected {
            Expected::Move(mv) => match mv.from() {
                Some(from) => format!(
                    "the {} on {from} moves",
                    crate::notation::role_name(mv.role())
                ),
                None => format!("a {} moves", crate::notation::role_name(mv.role())),
            },
            Expected::Square(_) if self.kind == DrillKind::SquareColour => {
                "a1 is dark, and the colours alternate along every file and rank".to_owned()
            }
            Expected::Square(sq) => format!("the square is on the {}-file", sq.file()),
        }
    }

    /// The expected answer as text: canonical SAN for moves that are
    /// written, UCI for moves that are read, the square's name.
    pub fn expected_text(&self) -> String {
        match self.expected {
            Expected::Move(mv) if self.kind == DrillKind::Read => crate::notation::uci(mv),
            Expected::Move(mv) if self.kind == DrillKind::Vision => {
                let [from, to] = vision_squares(mv);
                format!("{from}{to}")
            }
            Expected::Move(mv) => crate::notation::san(&self.position, mv),
            Expected::Square(sq) if self.kind == DrillKind::SquareColour => {
                colour_word(sq).to_owned()
            }
            Expected::Square(sq) => sq.to_string(),
        }
    }
}

/// What a square-colour answer says: `Some(true)` for light (`light`,
/// `l`, `white`, `w`), `Some(false)` for dark (`dark`, `d`, `black`, `b`),
/// in any case; `None` for anything else.
pub fn colour_answer(answer: &str) -> Option<bool> {
    match answer.trim().to_ascii_lowercase().as_str() {
        "light" | "l" | "white" | "w" => Some(true),
        "dark" | "d" | "black" | "b" => Some(false),
        _ => None,
    }
}

/// `light` or `dark`: the colour of a square.
pub fn colour_word(square: Square) -> &'static str {
    if square.is_light() { "light" } else { "dark" }
}

/// The FEN of a position (en passant square only when a capture is legal).
pub fn fen_of(pos: &Chess) -> String {
    Fen::from_position(pos, EnPassantMode::Legal).to_string()
}

/// The grade of one answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Verdict {
    /// Whether the answer is right.
    pub correct: bool,
    /// Whether a right answer counts in the score (false after a hint).
    pub counted: bool,
    /// The expected answer (canonical SAN, UCI for read drills, or a square).
    pub expected: String,
    /// What the answer was understood as (canonical SAN of the move it
    /// resolved to, or the square), when it was understood at all.
    pub understood: Option<String>,
    /// Every departure from canonical SAN, explained (also on a correct
    /// lenient answer).
    pub diagnostics: Vec<Diagnostic>,
    /// Why the answer is wrong when no diagnostic says it (another move, an
    /// illegal move, not notation).
    pub reason: Option<String>,
    /// The stable codes a wrong answer is recorded under: its diagnostic
    /// codes (notes left out), or [`WRONG_MOVE`] / [`WRONG_SQUARE`] when the
    /// answer is another move or square altogether. Empty when correct.
    pub mistake_codes: Vec<String>,
}

/// The mistake code for an answer that is another move (or no move at all).
pub const WRONG_MOVE: &str = "wrong-move";
/// The mistake code for a coordinates answer naming another square.
pub const WRONG_SQUARE: &str = "wrong-square";

/// The mistake code for a square-colour answer naming the other colour.
pub const WRONG_COLOUR: &str = "wrong-colour";

/// Grades `answer` to `exercise`.
///
/// Written moves (write, disambiguation, transcribe, review) are resolved
/// by the notation engine: in strict mode only canonical SAN of the expected
/// move is correct, in lenient mode any spelling that resolves to it, and the
/// engine's diagnostics explain every departure either way. Read drills take
/// UCI (`e2e4`, `e2 e4`, `e2-e4`); coordinates take a square name.
pub fn grade(exercise: &Exercise, answer: &str, strictness: Strictness) -> Verdict {
    grade_in(exercise, answer, strictness, Lang::EN)
}

/// As [`grade`], with written moves read in `lang`'s piece letters (German
/// `Sf3`; an English letter that is no piece there is explained). The
/// verdict's `expected` and `understood` stay English SAN; its `reason`
/// names moves in `lang`.
pub fn grade_in(exercise: &Exercise, answer: &str, strictness: Strictness, lang: Lang) -> Verdict {
    let expected = exercise.expected_text();
    let (mut v, fallback) = match exercise.expected {
        Expected::Square(square) if exercise.kind == DrillKind::SquareColour => {
            (grade_colour(square, answer, expected), WRONG_COLOUR)
        }
        Expected::Square(square) => (grade_square(square, answer, expected), WRONG_SQUARE),
        Expected::Move(mv) if exercise.kind == DrillKind::Vision => {
            (grade_vision(mv, answer, expected), WRONG_SQUARE)
        }
        Expected::Move(mv) if exercise.kind == DrillKind::Read => (
            grade_read(&exercise.position, mv, answer, expected),
            WRONG_MOVE,
        ),
        Expected::Move(mv) => (
            grade_written(&exercise.position, mv, answer, strictness, lang, expected),
            WRONG_MOVE,
        ),
    };
    if !v.correct {
        v.mistake_codes.extend(
            v.diagnostics
                .iter()
                .filter(|d| !d.code.is_note())
                .map(|d| d.code.as_str().to_owned()),
        );
        if v.mistake_codes.is_empty() {
            v.mistake_codes.push(fallback.to_owned());
        }
    }
    v
}

fn verdict(expected: String) -> Verdict {
    Verdict {
        correct: false,
        counted: true,
        expected,
        understood: None,
        diagnostics: Vec::new(),
        reason: None,
        mistake_codes: Vec::new(),
    }
}

fn grade_square(square: Square, answer: &str, expected: String) -> Verdict {
    let mut v = verdict(expected);
    match answer.trim().to_ascii_lowercase().parse::<Square>() {
        Ok(given) => {
            v.correct = given == square;
            v.understood = Some(given.to_string());
            if !v.correct {
                v.reason = Some(format!("that is {given}; the square is {square}"));
            }
        }
        Err(_) => {
            v.reason = Some(format!(
                "{:?} is not a square: write a file a-h and a rank 1-8, like {square}",
                answer.trim()
            ));
        }
    }
    v
}

/// A square's colour: `light` or `dark` (also `l`, `d`, `white`, `black`,
/// `w`, `b`, in any case).
fn grade_colour(square: Square, answer: &str, expected: String) -> Verdict {
    let mut v = verdict(expected);
    match colour_answer(answer) {
        Some(light) => {
            let word = if light { "light" } else { "dark" };
            v.correct = light == square.is_light();
            v.understood = Some(word.to_owned());
            if !v.correct {
                v.reason = Some(format!("{square} is {}", colour_word(square)));
            }
        }
        None => {
            v.reason = Some(format!(
                "{:?} is not a colour: answer light or dark (l or d)",
                crate::notation::bounded_prefix(answer.trim())
            ));
        }
    }
    v
}

/// `e2 e4`, `e2-e4`, `E2E4` -> `e2e4`.
fn normalise_squares(answer: &str) -> String {
    answer
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '-')
        .collect::<String>()
        .to_ascii_lowercase()
}

fn grade_read(pos: &Chess, mv: Move, answer: &str, expected: String) -> Verdict {
    let mut v = verdict(expected);
    let text = normalise_squares(answer);
    // Castling may also be given as king takes rook (`e1h1`).
    let king_takes_rook = match mv {
        Move::Castle { king, rook } => text == format!("{king}{rook}"),
        _ => false,
    };
    let given = if king_takes_rook {
        Some(mv)
    } else {
        UciMove::from_ascii(text.as_bytes())
            .ok()
            .and_then(|u| u.to_move(pos).ok())
    };
    match given {
        Some(given) => {
            let written = move_text(pos, given);
            v.correct = given == mv;
            if !v.correct {
                v.reason = Some(format!(
                    "{} is {}, not the move shown",
                    written.uci, written.san
                ));
            }
            v.understood = Some(written.san);
        }
        None => {
            v.reason = Some(format!(
                "{:?} is not a legal move given as two squares (from and to, like {})",
                answer.trim(),
                v.expected
            ));
        }
    }
    v
}

/// The from and to squares a move is named by in the vision drill: the
/// king's for castling (`e1g1`).
pub fn vision_squares(mv: Move) -> [Square; 2] {
    match mv {
        Move::Castle { king, rook } => {
            let file = if rook.file() > king.file() {
                shakmaty::File::G
            } else {
                shakmaty::File::C
            };
            [king, Square::from_coords(file, king.rank())]
        }
        other => [other.from().unwrap_or(other.to()), other.to()],
    }
}

/// The two squares of a vision answer (`g1f3`, `g1 f3`, `G1-F3`; a
/// promotion letter after them is allowed and not asked for).
pub fn vision_answer(answer: &str) -> Option<(Square, Square)> {
    let text = normalise_squares(answer);
    let from = text.get(0..2)?.parse().ok()?;
    let to = text.get(2..4)?.parse().ok()?;
    match text.get(4..)? {
        "" | "q" | "r" | "b" | "n" => Some((from, to)),
        _ => None,
    }
}

/// Grades the squares of a move read from its SAN: only where it goes
/// from and to counts (castling: the king's squares, or king takes rook).
fn grade_vision(mv: Move, answer: &str, expected: String) -> Verdict {
    let mut v = verdict(expected);
    let [from, to] = vision_squares(mv);
    match vision_answer(answer) {
        Some((f, t)) => {
            let king_takes_rook =
                matches!(mv, Move::Castle { king, rook } if f == king && t == rook);
            v.correct = (f == from && t == to) || king_takes_rook;
            v.understood = Some(format!("{f}{t}"));
            if !v.correct {
                v.reason = Some(format!(
                    "{f} to {t} is not the move: it goes from {from} to {to}"
                ));
            }
        }
        None => {
            v.reason = Some(format!(
                "{:?} is not two squares: write the from and the to square, like {from}{to}",
                crate::notation::bounded_prefix(answer.trim())
            ));
        }
    }
    v
}

fn grade_written(
    pos: &Chess,
    mv: Move,
    answer: &str,
    strictness: Strictness,
    lang: Lang,
    expected: String,
) -> Verdict {
    let mut v = verdict(expected);
    let local = |san: &str| lang.localize(san);
    match resolve_in(pos, answer, strictness, lang) {
        Ok(resolved) => {
            v.correct = resolved.text.mv == mv;
            v.understood = Some(resolved.text.san.clone());
            if v.correct {
                v.diagnostics = resolved.diagnostics;
            } else {
                v.reason = Some(other_move(&local(&resolved.text.san), &local(&v.expected)));
            }
        }
        Err(rejected) => match rejected.error {
            ResolveError::NotCanonical { canonical } => {
                v.understood = Some(canonical.san.clone());
                if canonical.mv == mv {
                    v.diagnostics = rejected.diagnostics;
                    v.reason = Some(format!("not canonical SAN: write {}", local(&v.expected)));
                } else {
                    v.reason = Some(other_move(&local(&canonical.san), &local(&v.expected)));
                }
            }
            ResolveError::Ambiguous { candidates } => {
                let named = candidates.iter().any(|c| c.mv == mv);
                let error = ResolveError::Ambiguous { candidates };
                v.reason = Some(if named {
                    format!(
                        "{error}: the move shown is {}, which names its piece",
                        local(&v.expected)
                    )
                } else {
                    format!("{error}; the move shown is {}", local(&v.expected))
                });
                // An ambiguous answer is a slip of its own, whichever
                // moves it could be.
                v.mistake_codes
                    .push(Code::MissingDisambiguation.as_str().to_owned());
            }
            ResolveError::ForeignLetter(lesson) => {
                v.reason = Some(lesson);
                v.mistake_codes
                    .push(Code::ForeignLetter.as_str().to_owned());
            }
            error => {
                v.reason = Some(error.to_string());
            }
        },
    }
    v
}

fn other_move(given: &str, expected: &str) -> String {
    format!("{given} is another move; the move shown is {expected}")
}

/// "white" or "black", for prompts.
pub(crate) fn side_name(color: Color) -> &'static str {
    color_name(color)
}
