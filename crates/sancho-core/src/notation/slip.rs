//! Learner slips: the common ways of writing a move that are not SAN, read
//! when an input does not resolve, so that the message names the slip and
//! the right form instead of the parser's first stumble.
//!
//! - a move number (`1. e4`, `3...Nf6`): type the move without it;
//! - two moves on one line (`e4 e5`): one move at a time;
//! - descriptive notation (`P-K4`, `N-KB3`, `PxP`): SAN names the square;
//! - another language's piece letter (`Sf3`, `e8=D`) or the old English
//!   `Kt`: the English letter, as `--lang` teaches its own collisions;
//! - castling as a word (`Castles`): `O-O` or `O-O-O`.
//!
//! Check words (`Bb5ch`), `e8(Q)` and `e8/Q` have one sensible reading and
//! resolve with a diagnostic instead (see [`super::parse`]).

use std::fmt;

use shakmaty::{CastlingSide, Chess, File, Position, Rank, Role, Square};

use super::lang::Lang;
use super::parse::parse;
use super::resolve::resolve_plain;
use super::types::{Strictness, role_name};

/// A slip the input makes, with the move it means when that is legal here
/// (canonical SAN).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Slip {
    /// A move number before the move (`1.`, `3...`).
    MoveNumber {
        /// The number as typed (`1.`, `3...`).
        number: String,
        /// What the rest means: the move, or why it is none.
        rest: Result<String, String>,
    },
    /// Two moves (or more) typed on one line.
    TwoMoves {
        /// The first one, when it is a legal move here.
        first: Option<String>,
    },
    /// Descriptive notation (`P-K4`).
    Descriptive {
        /// The input as typed.
        written: String,
        /// The move, when its reading is one legal move here.
        san: Option<String>,
    },
    /// A piece letter of another language (`S` for the knight in German).
    ForeignLetter {
        /// The letter typed.
        letter: char,
        /// A language in which it names a piece.
        lang: Lang,
        /// The piece it names there.
        role: Role,
        /// The move, when that reading is legal here.
        san: Option<String>,
    },
    /// The old English abbreviation `Kt` for the knight.
    OldKnight {
        /// The move, when that reading is legal here.
        san: Option<String>,
    },
    /// Castling written as a word (`Castles`, `castles kingside`).
    CastlingWord {
        /// The castlings the word may mean that are legal here.
        sans: Vec<String>,
    },
}

impl fmt::Display for Slip {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Slip::MoveNumber { number, rest } => match rest {
                Ok(san) => write!(f, "type the move without its number ({number}): {san}"),
                Err(why) => write!(f, "type the move without its number ({number}); {why}"),
            },
            Slip::TwoMoves { first: Some(san) } => write!(
                f,
                "two moves on one line: type one move at a time, here {san}"
            ),
            Slip::TwoMoves { first: None } => {
                f.write_str("two moves on one line: type one move at a time")
            }
            Slip::Descriptive {
                written,
                san: Some(san),
            } => write!(
                f,
                "{written} is descriptive notation; SAN names the destination square: {san}"
            ),
            Slip::Descriptive { written, san: None } => write!(
                f,
                "{written} is descriptive notation; SAN writes the piece letter and the destination square, such as e4 or Nf3"
            ),
            Slip::ForeignLetter {
                letter,
                lang,
                role,
                san,
            } => {
                let english = match role {
                    Role::Pawn => "which SAN leaves out".to_owned(),
                    other => format!("which SAN writes {}", Lang::EN.letter(*other)),
                };
                write!(
                    f,
                    "{letter} is not a piece letter in SAN: in {} notation {letter} is the {}, {english}",
                    lang.name,
                    role_name(*role)
                )?;
                match san {
                    Some(san) => write!(f, ": {san}"),
                    None => Ok(()),
                }
            }
            Slip::OldKnight { san } => {
                f.write_str("Kt is the old English abbreviation for the knight; SAN writes N")?;
                match san {
                    Some(san) => write!(f, ": {san}"),
                    None => Ok(()),
                }
            }
            Slip::CastlingWord { sans } => {
                f.write_str("castling is written O-O (kingside) or O-O-O (queenside)")?;
                match sans.as_slice() {
                    [] => f.write_str(", and neither is legal here"),
                    [one] => write!(f, ": {one}"),
                    _ => f.write_str(": O-O or O-O-O"),
                }
            }
        }
    }
}

/// The slip `input` makes in `pos`, if it makes one the resolver knows.
pub(crate) fn slip(pos: &Chess, input: &str) -> Option<Slip> {
    let text = input.trim();
    move_number(pos, text)
        .or_else(|| castling_word(pos, text))
        .or_else(|| descriptive(pos, text))
        .or_else(|| two_moves(pos, text))
        .or_else(|| old_knight(pos, text))
        .or_else(|| foreign_letter(pos, text))
}

/// Canonical SAN of `text` in `pos`, when it resolves.
fn san_of(pos: &Chess, text: &str) -> Option<String> {
    resolve_plain(pos, text, Strictness::Lenient)
        .ok()
        .map(|r| r.text.san)
}

/// `1. e4`, `1.e4`, `3...Nf6`, `3… Nf6`.
fn move_number(pos: &Chess, text: &str) -> Option<Slip> {
    let digits = text.len() - text.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    if digits == 0 {
        return None;
    }
    let after = text[digits..].trim_start();
    let dots = after.len() - after.trim_start_matches(['.', '…']).len();
    if dots == 0 {
        return None;
    }
    let rest = after[dots..].trim();
    let number = format!("{}{}", &text[..digits], &after[..dots]);
    if rest.is_empty() {
        return Some(Slip::MoveNumber {
            number,
            rest: Err("the move comes after it".to_owned()),
        });
    }
    let rest = match super::resolve::resolve(pos, rest, Strictness::Lenient) {
        Ok(r) => Ok(r.text.san),
        Err(e) => Err(e.to_string()),
    };
    Some(Slip::MoveNumber { number, rest })
}

/// `Castles`, `castle kingside`, `castling (long)`.
fn castling_word(pos: &Chess, text: &str) -> Option<Slip> {
    let lower = text.to_lowercase();
    if !lower.starts_with("castl") {
        return None;
    }
    let has = |words: &[&str]| words.iter().any(|w| lower.contains(w));
    let sides: &[CastlingSide] = if has(&["queen", "long", "q-side", "(q)", "qs", "o-o-o"]) {
        &[CastlingSide::QueenSide]
    } else if has(&["king", "short", "k-side", "(k)", "ks"]) {
        &[CastlingSide::KingSide]
    } else {
        &[CastlingSide::KingSide, CastlingSide::QueenSide]
    };
    let sans = sides
        .iter()
        .map(|side| match side {
            CastlingSide::KingSide => "O-O",
            CastlingSide::QueenSide => "O-O-O",
        })
        .filter_map(|castle| san_of(pos, castle))
        .collect();
    Some(Slip::CastlingWord { sans })
}

/// The file a descriptive square names from its wing and piece (`QB` is
/// the c-file), or both wings' files when the wing is left out (`B3`).
fn descriptive_files(wing: Option<char>, piece: &str) -> Vec<File> {
    let (queen_side, king_side) = match piece {
        "R" => (File::A, File::H),
        "N" | "KT" => (File::B, File::G),
        "B" => (File::C, File::F),
        "" => (File::D, File::E),
        _ => return Vec::new(),
    };
    match (wing, piece) {
        (Some('Q'), "") => vec![File::D],
        (Some('K'), "") => vec![File::E],
        (Some('Q'), _) => vec![queen_side],
        (Some('K'), _) => vec![king_side],
        (None, "") => Vec::new(),
        (None, _) => vec![queen_side, king_side],
        _ => Vec::new(),
    }
}

/// The piece a descriptive letter names (`P`, `N`, `Kt`, `B`, `R`, `Q`, `K`).
fn descriptive_piece(text: &str) -> Option<(Role, &str)> {
    if let Some(rest) = text.strip_prefix("Kt") {
        return Some((Role::Knight, rest));
    }
    let role = match text.chars().next()? {
        'P' => Role::Pawn,
        'N' => Role::Knight,
        'B' => Role::Bishop,
        'R' => Role::Rook,
        'Q' => Role::Queen,
        'K' => Role::King,
        _ => return None,
    };
    Some((role, &text[1..]))
}

/// `P-K4`, `N-KB3`, `Kt-B3`, `PxP`, `Q-R5ch`: a piece letter, a hyphen or
/// an x, then a square or piece named by letters.
fn descriptive(pos: &Chess, text: &str) -> Option<Slip> {
    let body = text.trim_end_matches(['+', '#', '!', '?']);
    let body = ["ch", "mate", "e.p."]
        .iter()
        .find_map(|w| body.strip_suffix(w))
        .unwrap_or(body)
        .trim();
    let (role, rest) = descriptive_piece(body)?;
    let (capture, target) = if let Some(t) = rest.strip_prefix('-') {
        (false, t)
    } else if let Some(t) = rest.strip_prefix(['x', 'X']) {
        (true, t)
    } else {
        return None;
    };
    if !target.starts_with(['K', 'Q', 'R', 'B', 'N', 'P']) {
        return None;
    }
    let written = text.to_owned();
    let moves: Vec<shakmaty::Move> = if capture {
        // PxP: the captures of that kind by that kind.
        let (taken, _) = descriptive_piece(target)?;
        pos.legal_moves()
            .into_iter()
            .filter(|m| m.role() == role && m.capture() == Some(taken))
            .collect()
    } else {
        let target = target.to_ascii_uppercase();
        let digit = target.chars().last().filter(char::is_ascii_digit)?;
        let letters = &target[..target.len() - 1];
        // K4 and Q4 name the king's and queen's files; KB3, QN5 a wing and
        // a piece's file; B3 leaves the wing out.
        let (wing, piece) = match letters.split_at_checked(1) {
            Some((w @ ("K" | "Q"), rest)) => (w.chars().next(), rest),
            _ => (None, letters),
        };
        let rank = digit.to_digit(10)?;
        let rank = if pos.turn().is_white() {
            rank
        } else {
            9 - rank
        };
        let rank = Rank::try_from(rank.checked_sub(1)?).ok()?;
        let squares: Vec<Square> = descriptive_files(wing, piece)
            .into_iter()
            .map(|f| Square::from_coords(f, rank))
            .collect();
        pos.legal_moves()
            .into_iter()
            .filter(|m| m.role() == role && squares.contains(&m.to()) && !m.is_castle())
            .filter(|m| m.promotion().is_none() || m.promotion() == Some(Role::Queen))
            .collect()
    };
    let san = match moves.as_slice() {
        [one] => Some(super::write::san(pos, *one)),
        _ => None,
    };
    Some(Slip::Descriptive { written, san })
}

/// `e4 e5`: two whole moves typed with a space between them (not a move
/// written with a space inside, `N f3`, nor a departure square and its
/// destination, `e2 e4`).
fn two_moves(pos: &Chess, text: &str) -> Option<Slip> {
    let tokens: Vec<&str> = text
        .split_whitespace()
        .filter(|t| {
            !matches!(
                *t,
                "e.p." | "ch" | "+" | "#" | "!" | "?" | "!!" | "??" | "!?" | "?!"
            )
        })
        .collect();
    let [first, second, ..] = tokens.as_slice() else {
        return None;
    };
    let complete = |t: &str| parse(t).is_ok_and(|p| p.spec.to.is_some() || p.spec.castle.is_some());
    if !complete(first) || !complete(second) {
        return None;
    }
    // A square holding one of the mover's pieces, then a square: a move
    // written from square to square.
    if let Ok(square) = first.parse::<Square>()
        && pos.board().color_at(square) == Some(pos.turn())
    {
        return None;
    }
    Some(Slip::TwoMoves {
        first: san_of(pos, first),
    })
}

/// `Ktf3`, `Ktxe5`.
fn old_knight(pos: &Chess, text: &str) -> Option<Slip> {
    let rest = text.strip_prefix("Kt")?;
    if !rest.starts_with(|c: char| matches!(c, 'a'..='h' | '1'..='8' | 'x')) {
        return None;
    }
    Some(Slip::OldKnight {
        san: san_of(pos, &format!("N{rest}")),
    })
}

/// `Sf3` (German knight), `Dxe4`, `e8=D`: a letter that is no English piece
/// letter but names a piece in another language. The first language (in
/// [`Lang::ALL`] order) whose reading is a legal move is named, else the
/// first that has the letter.
fn foreign_letter(pos: &Chess, text: &str) -> Option<Slip> {
    let first = text.chars().next()?;
    // A leading letter, upper case (or a lower-case one that is no file).
    let leading = match first {
        'K' | 'Q' | 'R' | 'B' | 'N' | 'P' | 'O' => None,
        c if c.is_ascii_uppercase() => Some(c),
        c if c.is_ascii_lowercase() && !matches!(c, 'a'..='h' | 'x' | 'o') => {
            Some(c.to_ascii_uppercase())
        }
        _ => None,
    };
    if let Some(letter) = leading {
        let rest = &text[first.len_utf8()..];
        return foreign_reading(pos, letter, |english| match english {
            Some(l) => format!("{l}{rest}"),
            None => rest.to_owned(),
        });
    }
    // A promotion letter: e8=D, e8D, exd8T+.
    let body = text.trim_end_matches(['+', '#', '!', '?']);
    let letter = body.chars().next_back()?;
    let head = &body[..body.len() - letter.len_utf8()];
    let promotes = head.ends_with(['1', '8', '=']) && letter.is_ascii_uppercase();
    if !promotes || matches!(letter, 'K' | 'Q' | 'R' | 'B' | 'N' | 'P' | 'O') {
        return None;
    }
    let head = head.trim_end_matches('=');
    let signs = &text[body.len()..];
    foreign_reading(pos, letter, |english| match english {
        Some(l) => format!("{head}={l}{signs}"),
        None => text.to_owned(),
    })
}

/// The slip for `letter`, trying each language's meaning of it in `read`
/// (given the English letter, or `None` for a pawn).
fn foreign_reading(
    pos: &Chess,
    letter: char,
    read: impl Fn(Option<char>) -> String,
) -> Option<Slip> {
    let readings: Vec<(Lang, Role)> = Lang::ALL
        .iter()
        .filter(|l| !l.is_english())
        .filter_map(|&l| {
            let role = [
                Role::King,
                Role::Queen,
                Role::Rook,
                Role::Bishop,
                Role::Knight,
                Role::Pawn,
            ]
            .into_iter()
            .find(|&r| l.letter(r) == letter)?;
            Some((l, role))
        })
        .collect();
    let (lang, role) = *readings.first()?;
    let english = |role: Role| (role != Role::Pawn).then(|| Lang::EN.letter(role));
    let found = readings
        .iter()
        .find_map(|&(l, r)| san_of(pos, &read(english(r))).map(|san| (l, r, san)));
    Some(match found {
        Some((lang, role, san)) => Slip::ForeignLetter {
            letter,
            lang,
            role,
            san: Some(san),
        },
        None => Slip::ForeignLetter {
            letter,
            lang,
            role,
            san: None,
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn descriptive_squares_read_from_each_side() {
        let start = Chess::default();
        let cases = [
            ("P-K4", Some("e4")),
            ("N-KB3", Some("Nf3")),
            ("Kt-QB3", Some("Nc3")),
            ("N-B3", None),
            ("P-Q4", Some("d4")),
            ("P-QR4", Some("a4")),
        ];
        for (written, san) in cases {
            let slip = descriptive(&start, written);
            assert_eq!(
                slip,
                Some(Slip::Descriptive {
                    written: written.to_owned(),
                    san: san.map(str::to_owned)
                }),
                "{written}"
            );
        }
        // Black counts the ranks from its own side: P-K4 is e5.
        let mut pos = start.clone();
        pos.play_unchecked(shakmaty::Move::Normal {
            role: Role::Pawn,
            from: Square::E2,
            capture: None,
            to: Square::E4,
            promotion: None,
        });
        assert_eq!(
            descriptive(&pos, "P-K4").and_then(|s| match s {
                Slip::Descriptive { san, .. } => san,
                _ => None,
            }),
            Some("e5".to_owned())
        );
        // SAN and long algebraic are never descriptive.
        for san in ["Nf3", "Ng1-f3", "O-O", "Nxe5", "Kd2"] {
            assert_eq!(descriptive(&start, san), None, "{san}");
        }
    }
}
