//! Every SAN string that can occur in a legal game of chess.
//!
//! The list is generated from shakmaty's attack tables, never embedded: 9,758
//! strings without check or mate suffixes (29,274 with a `+` and a `#` copy of
//! each), sorted by (length, string) like the published SAN-strings oracle.
//!
//! Pawn and king moves follow directly from the rules. Knight, bishop, rook and
//! queen moves may carry a file, rank or full-square discriminator; whether one
//! can ever be needed is decided per (piece, from, to) by looking at which other
//! squares a rival piece of the same kind could reach the target square from.
//! A rival on the half-line from the target through the moving piece and on to
//! the edge of the board never counts: it is either blocking the move or blocked
//! by the moving piece.
//!
//! [`why_impossible`] turns the same reasoning into a short explanation for a
//! learner who typed a well-formed SAN that no legal game can contain.

use std::collections::HashSet;
use std::sync::OnceLock;

use shakmaty::attacks::{
    between, bishop_attacks, knight_attacks, queen_attacks, ray, rook_attacks,
};
use shakmaty::san::San;
use shakmaty::{Bitboard, Color, File, Rank, Role, Square};

/// Which discriminators a move of a piece from one square to another can need
/// in some legal position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
struct Needs {
    /// A rival on another file can exist: `Nbd2`.
    file: bool,
    /// A rival on the same file can exist: `R1a3`.
    rank: bool,
    /// Rivals on the same file and on the same rank can exist: `Qh4e1`.
    square: bool,
}

/// Squares from which `role` (knight, bishop, rook or queen) reaches `to` on
/// an empty board.
fn reach(role: Role, to: Square) -> Bitboard {
    match role {
        Role::Knight => knight_attacks(to),
        Role::Bishop => bishop_attacks(to, Bitboard::EMPTY),
        Role::Rook => rook_attacks(to, Bitboard::EMPTY),
        _ => queen_attacks(to, Bitboard::EMPTY),
    }
}

/// The squares from `to` through `from` to the edge of the board, both
/// included. For a knight move that is just `from`.
fn half_line(role: Role, to: Square, from: Square) -> Bitboard {
    if role == Role::Knight {
        return Bitboard::from_square(from);
    }
    ray(to, from)
        .into_iter()
        .filter(|&s| !between(s, from).contains(to))
        .collect()
}

/// Decides which discriminators a move `from` -> `to` by `role` can need.
/// `from` must be in `reach(role, to)`.
fn needs(role: Role, from: Square, to: Square) -> Needs {
    let rivals = reach(role, to) & !half_line(role, to, from);
    let same_file = rivals & Bitboard::from_file(from.file());
    let same_rank = rivals & Bitboard::from_rank(from.rank());
    Needs {
        file: (rivals & !Bitboard::from_file(from.file())).any(),
        rank: same_file.any(),
        square: same_file.any() && same_rank.any(),
    }
}

/// Pushes the plain and the capturing form of a piece move.
fn push_both(out: &mut Vec<String>, prefix: &str, to: Square) {
    out.push(format!("{prefix}{to}"));
    out.push(format!("{prefix}x{to}"));
}

/// Knight, bishop, rook and queen moves, with every possible discriminator.
fn piece_sans(out: &mut Vec<String>) {
    for role in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen] {
        let letter = role.upper_char();
        for to in Square::ALL {
            push_both(out, &letter.to_string(), to);
            for from in reach(role, to) {
                let n = needs(role, from, to);
                if n.file {
                    push_both(out, &format!("{letter}{}", from.file().char()), to);
                }
                if n.rank {
                    push_both(out, &format!("{letter}{}", from.rank().char()), to);
                }
                if n.square {
                    push_both(out, &format!("{letter}{from}"), to);
                }
            }
        }
    }
}

/// Pawn pushes, captures and promotions of both colours.
fn pawn_sans(out: &mut Vec<String>) {
    const PROMOTIONS: [char; 4] = ['N', 'B', 'R', 'Q'];
    for color in Color::ALL {
        let forward = color.fold_wb(8, -8);
        for from in Square::ALL {
            if matches!(from.rank(), Rank::First | Rank::Eighth) {
                continue;
            }
            let mut targets: Vec<(Option<File>, Square)> = Vec::new();
            if let Some(to) = from.offset(forward) {
                targets.push((None, to));
                if from.rank() == color.relative_rank(Rank::Second)
                    && let Some(two) = to.offset(forward)
                {
                    targets.push((None, two));
                }
            }
            for to in shakmaty::attacks::pawn_attacks(color, from) {
                targets.push((Some(from.file()), to));
            }
            for (file, to) in targets {
                let body = match file {
                    Some(f) => format!("{}x{to}", f.char()),
                    None => to.to_string(),
                };
                if to.rank() == color.relative_rank(Rank::Eighth) {
                    out.extend(PROMOTIONS.iter().map(|p| format!("{body}={p}")));
                } else {
                    out.push(body);
                }
            }
        }
    }
}

/// King moves and castling.
fn king_sans(out: &mut Vec<String>) {
    for to in Square::ALL {
        push_both(out, "K", to);
    }
    out.push("O-O".to_owned());
    out.push("O-O-O".to_owned());
}

/// Sorts by (length, string) and removes duplicates.
fn sort_san(list: &mut Vec<String>) {
    list.sort_unstable_by(|a, b| a.len().cmp(&b.len()).then_with(|| a.cmp(b)));
    list.dedup();
}

/// Every SAN string (without `+` or `#`) that can occur in a legal game,
/// sorted by (length, string): 9,758 strings, computed once.
///
/// ```
/// let all = sancho_core::notation::san_strings();
/// assert_eq!(all.len(), 9_758);
/// assert_eq!(all[0], "a2");
/// ```
pub fn san_strings() -> &'static [String] {
    static LIST: OnceLock<Vec<String>> = OnceLock::new();
    LIST.get_or_init(|| {
        let mut list = Vec::with_capacity(10_000);
        pawn_sans(&mut list);
        king_sans(&mut list);
        piece_sans(&mut list);
        sort_san(&mut list);
        list
    })
}

/// [`san_strings`] plus a `+` and a `#` copy of each, all sorted by
/// (length, string): 29,274 strings, in the order of the oracle's
/// `san_strings_with_symbols.txt`.
pub fn san_strings_with_suffixes() -> Vec<String> {
    let base = san_strings();
    let mut list = Vec::with_capacity(base.len() * 3);
    for san in base {
        list.push(san.clone());
        list.push(format!("{san}+"));
        list.push(format!("{san}#"));
    }
    sort_san(&mut list);
    list
}

fn lookup() -> &'static HashSet<&'static str> {
    static SET: OnceLock<HashSet<&'static str>> = OnceLock::new();
    SET.get_or_init(|| san_strings().iter().map(String::as_str).collect())
}

/// Whether `san` (exactly as written, without a `+` or `#` suffix) can occur
/// in a legal game. Constant time after the first call.
///
/// ```
/// use sancho_core::notation::is_possible;
/// assert!(is_possible("Nbd2"));
/// assert!(!is_possible("Kee2"));
/// ```
pub fn is_possible(san: &str) -> bool {
    lookup().contains(san)
}

/// Why a well-formed SAN can never occur in a legal game, in words a learner
/// understands.
///
/// A trailing `+` or `#` is ignored. Returns `None` when the move is possible
/// (also when it is a possible move spelled unusually, like `Pe4`), and when
/// `san` is not well-formed SAN at all (shakmaty's parser decides).
///
/// ```
/// use sancho_core::notation::why_impossible;
/// assert_eq!(
///     why_impossible("Kee2"),
///     Some("a king never needs disambiguation: there is only one king")
/// );
/// assert_eq!(why_impossible("Nbd2"), None);
/// ```
pub fn why_impossible(san: &str) -> Option<&'static str> {
    let parsed = San::from_ascii(san.as_bytes()).ok()?;
    if is_possible(&parsed.to_string()) {
        return None;
    }
    match parsed {
        San::Castle(_) => None,
        San::Put { .. } => {
            Some("pieces are dropped onto the board only in crazyhouse, not in chess")
        }
        San::Null => Some("a null move (--) is not a chess move"),
        San::Normal {
            role,
            file,
            rank,
            capture,
            to,
            promotion,
        } => Some(match role {
            _ if promotion.is_some() && role != Role::Pawn => "only pawns promote",
            Role::Pawn => pawn_reason(file, rank, capture, to, promotion),
            Role::King => "a king never needs disambiguation: there is only one king",
            _ => piece_reason(role, file, rank, to),
        }),
    }
}

/// Why a well-formed but impossible pawn move is impossible.
fn pawn_reason(
    file: Option<File>,
    rank: Option<Rank>,
    capture: bool,
    to: Square,
    promotion: Option<Role>,
) -> &'static str {
    let last_rank = matches!(to.rank(), Rank::First | Rank::Eighth);
    if rank.is_some() {
        return "a pawn move never names the rank it comes from: a capture names only the file (exd5)";
    }
    match file {
        None if capture => {
            return "a pawn capture names the file the pawn comes from (exd5)";
        }
        Some(_) if !capture => {
            return "a pawn names the file it comes from only when it captures, with an x (exd5)";
        }
        Some(f) if f.distance(to.file()) != 1 => {
            return "a pawn captures only onto a neighbouring file";
        }
        _ => {}
    }
    match promotion {
        None if last_rank => "a pawn on the last rank must promote (e8=Q)",
        Some(_) if !last_rank => "pawns promote only on the last rank",
        Some(Role::King | Role::Pawn) => {
            "a pawn promotes to a queen, rook, bishop or knight, never to a king or a pawn"
        }
        _ => "a pawn can never move there",
    }
}

/// Why a well-formed but impossible knight, bishop, rook or queen move is
/// impossible. Without a discriminator every such move is possible.
fn piece_reason(role: Role, file: Option<File>, rank: Option<Rank>, to: Square) -> &'static str {
    let mut from_squares = reach(role, to);
    if let Some(f) = file {
        from_squares &= Bitboard::from_file(f);
    }
    if let Some(r) = rank {
        from_squares &= Bitboard::from_rank(r);
    }
    let any_need = |pick: fn(Needs) -> bool| {
        from_squares
            .into_iter()
            .any(|from| pick(needs(role, from, to)))
    };
    match (file, rank) {
        (Some(_), Some(_)) if from_squares.is_empty() => {
            "the piece could not make that move from that square"
        }
        (Some(_), None) if from_squares.is_empty() => {
            "no such piece on that file could ever reach that square"
        }
        (None, Some(_)) if from_squares.is_empty() => {
            "no such piece on that rank could ever reach that square"
        }
        (None, Some(_)) if !any_need(|n| n.rank) => {
            "the rank is written only when two such pieces share a file, which can never happen for this move"
        }
        (Some(_), Some(_)) if !any_need(|n| n.square) => {
            "the full square is written only when another such piece shares the file and another the rank, which can never happen for this move"
        }
        (Some(_), None) => {
            "no other piece could ever need this disambiguation: no such piece on another file could reach that square as well"
        }
        _ => "no other piece could ever need this disambiguation",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn half_line_runs_from_target_through_origin_to_the_edge() {
        let line = half_line(Role::Rook, Square::C3, Square::C5);
        let expected: Bitboard = [Square::C3, Square::C4, Square::C5, Square::C6]
            .into_iter()
            .chain([Square::C7, Square::C8])
            .collect();
        assert_eq!(line, expected);
        assert_eq!(
            half_line(Role::Knight, Square::C3, Square::B1),
            Bitboard::from_square(Square::B1)
        );
    }

    #[test]
    fn needs_matches_known_cases() {
        // A knight on b1 going to d2 can meet a rival on f1, f3, b3, c4 or e4.
        let n = needs(Role::Knight, Square::B1, Square::D2);
        assert!(n.file && n.rank);
        // A knight on b1 going to a3: the only rival square on file b is b5,
        // and no rival reaches a3 from rank 1, so no full square.
        assert!(!needs(Role::Knight, Square::B1, Square::A3).square);
        // A rook on a1 going to e1: no rook on the a-file can reach e1 too.
        assert!(!needs(Role::Rook, Square::A1, Square::E1).rank);
    }

    #[test]
    fn why_impossible_table() {
        let table: &[(&str, Option<&str>)] = &[
            (
                "Kee2",
                Some("a king never needs disambiguation: there is only one king"),
            ),
            (
                "K1e2",
                Some("a king never needs disambiguation: there is only one king"),
            ),
            ("e4=Q", Some("pawns promote only on the last rank")),
            ("e8", Some("a pawn on the last rank must promote (e8=Q)")),
            ("bxa1", Some("a pawn on the last rank must promote (e8=Q)")),
            (
                "axc3",
                Some("a pawn captures only onto a neighbouring file"),
            ),
            (
                "exe5",
                Some("a pawn captures only onto a neighbouring file"),
            ),
            (
                "e8=K",
                Some(
                    "a pawn promotes to a queen, rook, bishop or knight, never to a king or a pawn",
                ),
            ),
            (
                "ed5",
                Some("a pawn names the file it comes from only when it captures, with an x (exd5)"),
            ),
            (
                "xd5",
                Some("a pawn capture names the file the pawn comes from (exd5)"),
            ),
            (
                "e2e4",
                Some(
                    "a pawn move never names the rank it comes from: a capture names only the file (exd5)",
                ),
            ),
            ("e1", Some("a pawn on the last rank must promote (e8=Q)")),
            ("Nf3=Q", Some("only pawns promote")),
            (
                "Nb1b3",
                Some("the piece could not make that move from that square"),
            ),
            (
                "Nf3f3",
                Some("the piece could not make that move from that square"),
            ),
            (
                "Bb1b2",
                Some("the piece could not make that move from that square"),
            ),
            (
                "Bba1",
                Some(
                    "no other piece could ever need this disambiguation: no such piece on another file could reach that square as well",
                ),
            ),
            (
                "Nbb3",
                Some("no such piece on that file could ever reach that square"),
            ),
            (
                "B1e1",
                Some("no such piece on that rank could ever reach that square"),
            ),
            (
                "R2e1",
                Some(
                    "the rank is written only when two such pieces share a file, which can never happen for this move",
                ),
            ),
            (
                "R1e1",
                Some(
                    "the rank is written only when two such pieces share a file, which can never happen for this move",
                ),
            ),
            (
                "Nb1a3",
                Some(
                    "the full square is written only when another such piece shares the file and another the rank, which can never happen for this move",
                ),
            ),
            (
                "N@f3",
                Some("pieces are dropped onto the board only in crazyhouse, not in chess"),
            ),
            ("--", Some("a null move (--) is not a chess move")),
            ("Nf3", None),
            ("Nbd2", None),
            ("Nbd2+", None),
            ("R1a3", None),
            ("Qh4e1", None),
            ("exd6", None),
            ("e8=Q", None),
            ("e8=q", None),
            ("Pe4", None),
            ("O-O-O", None),
            ("Kxe2", None),
            ("hello", None),
            ("", None),
            ("e9", None),
        ];
        for (san, expected) in table {
            assert_eq!(why_impossible(san), *expected, "why_impossible({san:?})");
        }
    }

    #[test]
    fn every_impossible_piece_san_gets_a_reason_and_every_listed_one_none() {
        for san in san_strings() {
            assert_eq!(why_impossible(san), None, "{san}");
        }
        // All syntactically possible discriminated piece moves.
        let mut impossible = 0;
        for letter in ['N', 'B', 'R', 'Q', 'K'] {
            for to in Square::ALL {
                for from in Square::ALL {
                    for disc in [
                        from.file().char().to_string(),
                        from.rank().char().to_string(),
                        from.to_string(),
                    ] {
                        let san = format!("{letter}{disc}{to}");
                        if !is_possible(&san) {
                            impossible += 1;
                            assert!(why_impossible(&san).is_some(), "{san}");
                        }
                    }
                }
            }
        }
        assert!(impossible > 0);
    }
}
