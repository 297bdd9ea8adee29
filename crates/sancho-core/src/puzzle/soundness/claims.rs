//! Two claims a comment makes about the board, checked where it stands
//! (before and after its move):
//!
//! - "blocks": a piece move said to block or interpose (`Ne7, which
//!   blocks`, `blocking with Re8`) must be legal there;
//! - "covers": a square said to be covered, guarded or controlled
//!   (`g6 and h6 are covered by the new rook`) must be attacked by a piece
//!   of a kind the clause names.
//!
//! - "the X on sq": a piece a text places on a square (`the black knight
//!   on f6`, `your rooks on d1 and e1`) must stand there ([`misplaced`]).
//!
//! A clause is read only when it says nothing negative ("cannot cover",
//! "nothing guards", "the only piece"), and the words are read leniently
//! (either position, either side's pieces, any piece kind named, lines
//! seen through the kings): what is flagged is false on the board, never
//! merely unusual.

use shakmaty::san::San;
use shakmaty::{Bitboard, Chess, Color, Position, Role, Square};

use super::looks_like_san;

/// Where one clause ends and the next begins, besides `.`, `;` and
/// brackets: a comma before a new subject ("…, and f7 is Black's own
/// pawn"). A list's own commas ("covers f7, g7 and h7") stay.
const JOINS: [&str; 5] = [", and ", ", while ", ", so ", ", but ", ", which "];

/// The clauses of a comment (a colon after a leading move, `Qf7#: …`,
/// leaves the move in its clause).
fn clauses(comment: &str) -> Vec<&str> {
    let mut out = Vec::new();
    for part in comment.split(['.', ';', '(', ')']) {
        let mut rest = part;
        while let Some((at, len)) = JOINS
            .iter()
            .filter_map(|j| rest.find(j).map(|at| (at, j.len())))
            .min()
        {
            out.push(&rest[..at]);
            rest = &rest[at + len..];
        }
        out.push(rest);
    }
    // "f7 is blocked and h8 is covered": a new subject after "and".
    let out: Vec<&str> = out.into_iter().flat_map(split_at_new_subject).collect();
    out.into_iter()
        .map(str::trim)
        .filter(|c| !c.is_empty())
        .collect()
}

/// `part` cut before each " and " that starts a new subject: a square
/// followed by "is" or "are".
fn split_at_new_subject(part: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = 0;
    let mut from = 0;
    while let Some(at) = part[from..].find(" and ").map(|i| i + from) {
        let next: Vec<&str> = part[at + 5..].split_whitespace().take(2).collect();
        let subject = matches!(next.as_slice(), [sq, verb]
            if square_word(sq).is_some() && matches!(*verb, "is" | "are"));
        if subject {
            out.push(&part[start..at]);
            start = at + 5;
        }
        from = at + 5;
    }
    out.push(&part[start..]);
    out
}

/// The whitespace tokens of a clause without the punctuation around them.
fn tokens(clause: &str) -> impl Iterator<Item = &str> {
    clause.split_whitespace().map(|t| {
        t.trim_start_matches(['(', '"', '\'', '“', '‘'])
            .trim_end_matches([',', ':', '"', '\'', '”', '’', '!', '?'])
    })
}

fn words(clause: &str) -> Vec<String> {
    clause
        .split(|c: char| !c.is_alphanumeric() && c != '\'')
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect()
}

/// Whether a clause says something negative, exclusive or hypothetical,
/// which this reading does not attempt.
fn negated(words: &[String]) -> bool {
    words.iter().any(|w| w == "only") || denied(words)
}

/// Whether a clause denies or supposes ("cannot", "would"); "only" may
/// stay ("blocking with Re8 only delays the end").
fn denied(words: &[String]) -> bool {
    words.iter().any(|w| {
        matches!(
            w.as_str(),
            "no" | "not"
                | "nothing"
                | "cannot"
                | "never"
                | "except"
                | "none"
                | "neither"
                | "nor"
                | "without"
                | "unless"
                | "if"
                | "would"
                | "could"
        ) || w.ends_with("n't")
    })
}

fn piece_word(word: &str) -> Option<Role> {
    Some(match word.to_lowercase().trim_end_matches('s') {
        "king" => Role::King,
        "queen" => Role::Queen,
        "rook" => Role::Rook,
        "bishop" => Role::Bishop,
        "knight" => Role::Knight,
        "pawn" => Role::Pawn,
        _ => return None,
    })
}

/// The square a token is, when it is one (`e7`, `E7`).
fn square_word(token: &str) -> Option<Square> {
    let b = token.as_bytes();
    if b.len() != 2 || !b[0].is_ascii_alphabetic() {
        return None;
    }
    token.to_ascii_lowercase().parse().ok()
}

/// The piece moves a blocking clause says block: those written before the
/// word ("Ne7, which blocks"), or right after its "with" ("blocking with
/// Re8"). Pawn moves are left out: a bare square ("block g7") is a square.
fn blocking_moves(comment: &str) -> Vec<String> {
    let blocking = |t: &str| {
        let t = t.to_lowercase();
        t.starts_with("block") || t.starts_with("interpos")
    };
    let mut out = Vec::new();
    for clause in clauses(comment) {
        let all: Vec<&str> = tokens(clause).collect();
        let Some(at) = all.iter().position(|t| blocking(t)) else {
            continue;
        };
        if denied(&words(clause)) {
            continue;
        }
        let after_with = all[at..]
            .windows(2)
            .filter(|w| w[0].eq_ignore_ascii_case("with"))
            .map(|w| w[1]);
        for t in all[..at].iter().copied().chain(after_with) {
            let piece = t.starts_with(['K', 'Q', 'R', 'B', 'N']) || t.starts_with("O-O");
            if piece && looks_like_san(t) {
                out.push(t.to_owned());
            }
        }
    }
    out
}

/// Whether `san` is a legal move in `pos`.
fn legal(pos: &Chess, san: &str) -> bool {
    let bare = san.trim_end_matches(['+', '#']);
    San::from_ascii(bare.as_bytes())
        .ok()
        .and_then(|s| s.to_move(pos).ok())
        .is_some()
}

/// The moves a "blocks" clause of `comment` names that are legal neither
/// before nor after its move.
pub(super) fn illegal_blocks(comment: &str, before: &Chess, after: &Chess) -> Vec<String> {
    blocking_moves(comment)
        .into_iter()
        .filter(|san| !legal(before, san) && !legal(after, san))
        .collect()
}

/// What a "covers" clause claims: the piece kinds it names, the side whose
/// pieces they are (the one it names, else the side that moved), and the
/// squares said to be covered.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Covers {
    roles: Vec<Role>,
    side: Option<Color>,
    squares: Vec<Square>,
}

/// The claim of a "covers" clause. Squares after "on", "from", "at" or
/// "to", or just before a piece word ("the f6 king"), say where something
/// stands or goes, not what is covered.
fn covered_squares(clause: &str) -> Option<Covers> {
    let w = words(clause);
    let covers = w
        .iter()
        .any(|w| w.starts_with("cover") || w.starts_with("guard") || w.starts_with("control"));
    if !covers || negated(&w) {
        return None;
    }
    let all: Vec<&str> = tokens(clause).collect();
    let mut roles: Vec<Role> = all.iter().filter_map(|t| piece_word(t)).collect();
    for t in &all {
        if t.len() > 2
            && looks_like_san(t)
            && let Ok(San::Normal {
                role, promotion, ..
            }) = San::from_ascii(t.trim_end_matches(['+', '#']).as_bytes())
        {
            roles.push(promotion.unwrap_or(role));
        }
    }
    let mut squares = Vec::new();
    // Whether the list of squares being read says where pieces stand ("the
    // pawns on d3 and h3").
    let mut placing = false;
    for (i, t) in all.iter().enumerate() {
        let Some(sq) = square_word(t) else {
            if !matches!(t.to_ascii_lowercase().as_str(), "and" | "or") {
                placing = false;
            }
            continue;
        };
        let before = i.checked_sub(1).map(|p| all[p].to_ascii_lowercase());
        if matches!(before.as_deref(), Some("on" | "from" | "at" | "to")) {
            placing = true;
        }
        let names_a_piece = all.get(i + 1).is_some_and(|n| piece_word(n).is_some());
        if !placing && !names_a_piece && !squares.contains(&sq) {
            squares.push(sq);
        }
    }
    // "the black rook", "White's queen", "Black's own pawns": a colour
    // that names pieces (not "Black must block").
    let names_side = |colour: &str| {
        w.iter().enumerate().any(|(i, word)| {
            word.starts_with(colour) && w[i + 1..].iter().take(2).any(|n| piece_word(n).is_some())
        })
    };
    let side = match (names_side("white"), names_side("black")) {
        (true, false) => Some(Color::White),
        (false, true) => Some(Color::Black),
        _ => None,
    };
    (!roles.is_empty() && !squares.is_empty()).then_some(Covers {
        roles,
        side,
        squares,
    })
}

/// Whether a piece of `side` of one of `roles` attacks `sq` in `pos`,
/// seeing through the kings (a king cannot flee along the line of the
/// piece that attacks it, so the squares behind it count as covered).
fn attacked_by(pos: &Chess, sq: Square, roles: &[Role], side: Color) -> bool {
    let board = pos.board();
    let kinds = roles
        .iter()
        .fold(Bitboard::EMPTY, |all, &r| all | board.by_role(r));
    let occupied = board.occupied() & !board.kings();
    !(board.attacks_to(sq, side, occupied) & kinds).is_empty()
}

/// The "covers" claims of `comment`, on the move that leads from `before`
/// to `after`, that are false in both positions: (the piece kinds named,
/// the squares none of them attacks).
pub(super) fn false_covers(
    comment: &str,
    before: &Chess,
    after: &Chess,
) -> Vec<(Vec<Role>, Vec<Square>)> {
    clauses(comment)
        .into_iter()
        // A question ("what guards e7 now?") claims nothing.
        .filter(|clause| !clause.ends_with('?'))
        .filter_map(covered_squares)
        .filter_map(|claim| {
            let side = claim.side.unwrap_or(before.turn());
            let covered = |sq: Square| {
                attacked_by(before, sq, &claim.roles, side)
                    || attacked_by(after, sq, &claim.roles, side)
            };
            let uncovered: Vec<Square> = claim
                .squares
                .into_iter()
                .filter(|&sq| !covered(sq))
                .collect();
            (!uncovered.is_empty()).then_some((claim.roles, uncovered))
        })
        .collect()
}

/// Words before a piece that make it a definite one, standing on the
/// board ("the knight on f6"), with the side they name, if any: `your` is
/// the user's (`None` here, resolved by the caller), the colours theirs.
/// An indefinite piece ("a knight on d6 would fork") is a supposition and
/// is not read.
fn definite(word: &str) -> Option<Option<&'static str>> {
    Some(match word {
        "the" | "his" | "its" | "their" => None,
        "your" => Some("your"),
        "white" | "white's" => Some("white"),
        "black" | "black's" => Some("black"),
        "enemy" | "opponent's" => Some("enemy"),
        _ => return None,
    })
}

/// A piece a text places on squares: "the black knight on g8", "your rooks
/// on d1 and e1". `side` is `white`, `black`, `your` or `enemy` when the
/// words name one.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Placed {
    side: Option<&'static str>,
    role: Option<Role>,
    squares: Vec<Square>,
    words: String,
}

/// Every piece `text` places on a square, definite ones only (see
/// [`definite`]); "piece" stands for any kind.
fn placed(text: &str) -> Vec<Placed> {
    let all: Vec<&str> = text.split_whitespace().collect();
    let bare = |t: &str| {
        t.trim_start_matches(['(', '"', '\'', '“', '‘'])
            .trim_end_matches([',', ':', ';', '.', ')', '"', '\'', '”', '’', '!', '?'])
            .to_lowercase()
    };
    let ends_phrase = |t: &str| t.ends_with(['.', ';', ':', ')', '!', '?']);
    let mut out = Vec::new();
    for (i, token) in all.iter().enumerate() {
        let word = bare(token);
        let role = match word.as_str() {
            "piece" | "pieces" => None,
            w => match piece_word(w) {
                Some(role) => Some(role),
                None => continue,
            },
        };
        if ends_phrase(token) || all.get(i + 1).map(|t| bare(t)).as_deref() != Some("on") {
            continue;
        }
        // The determiner and the side, at most two words before ("the
        // black knight", "Black's own queen").
        let before: Vec<String> = all[i.saturating_sub(3)..i]
            .iter()
            .map(|t| bare(t))
            .collect();
        let mut at = before.len();
        while at > 0 && (definite(&before[at - 1]).is_some() || before[at - 1] == "own") {
            at -= 1;
        }
        if !before[at..].iter().any(|w| definite(w).is_some()) {
            continue;
        }
        let side = before[at..].iter().find_map(|w| definite(w).flatten());
        let mut squares = Vec::new();
        let mut j = i + 2;
        while let Some(t) = all.get(j) {
            let Some(sq) = square_word(&bare(t)) else {
                break;
            };
            squares.push(sq);
            if ends_phrase(t) {
                break;
            }
            match all.get(j + 1).map(|t| bare(t)).as_deref() {
                Some("and" | "or") => j += 2,
                _ if t.ends_with(',') => j += 1,
                _ => break,
            }
        }
        if squares.is_empty() {
            continue;
        }
        let last = (j + 1).min(all.len());
        out.push(Placed {
            side,
            role,
            squares,
            words: all[i.saturating_sub(before.len() - at)..last]
                .join(" ")
                .trim_end_matches(['.', ',', ';', ':', '!', '?'])
                .to_owned(),
        });
    }
    out
}

/// The pieces `text` places on squares where none of `positions` has
/// such a piece (of the side named, `your` being `user`), each as the
/// text says it ("the black knight on g8").
pub(super) fn misplaced(text: &str, user: Color, positions: &[&Chess]) -> Vec<String> {
    placed(text)
        .into_iter()
        .filter(|p| {
            let side = match p.side {
                Some("white") => Some(Color::White),
                Some("black") => Some(Color::Black),
                Some("your") => Some(user),
                Some("enemy") => Some(!user),
                _ => None,
            };
            let there = |pos: &Chess| {
                let board = pos.board();
                p.squares.iter().all(|&sq| {
                    board.piece_at(sq).is_some_and(|piece| {
                        side.is_none_or(|c| piece.color == c)
                            && p.role.is_none_or(|r| piece.role == r)
                    })
                })
            };
            !positions.iter().any(|pos| there(pos))
        })
        .map(|p| p.words)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::parse_fen;

    #[test]
    fn what_a_covers_clause_claims() {
        /// A clause and what it claims: the pieces and the squares.
        type Claim = Option<(&'static [Role], &'static [&'static str])>;
        let cases: &[(&str, Claim)] = &[
            (
                "g6 and h6 are covered by the new rook",
                Some((&[Role::Rook], &["g6", "h6"])),
            ),
            (
                "the knight on e6 covers f8",
                Some((&[Role::Knight], &["f8"])),
            ),
            (
                "the queen, protected by the f6 king, covers g4, h4 and h6",
                Some((&[Role::Queen, Role::King], &["g4", "h4", "h6"])),
            ),
            ("Rg7 covers g1 and g2", Some((&[Role::Rook], &["g1", "g2"]))),
            ("Black cannot cover a8 or a7", None),
            ("the rook on c8 is the only piece guarding it", None),
            ("the rook checks along the h-file", None),
        ];
        for (clause, expected) in cases {
            let got = covered_squares(clause).map(|c| (c.roles, c.squares));
            let expected = expected.map(|(roles, squares)| {
                (
                    roles.to_vec(),
                    squares
                        .iter()
                        .map(|s| s.parse().unwrap())
                        .collect::<Vec<Square>>(),
                )
            });
            assert_eq!(got, expected, "{clause}");
        }
    }

    #[test]
    fn a_rook_does_not_cover_a_diagonal_square() {
        // nd-003 after R4g7#: the rook on g7 covers g6, not h6 (which the
        // black rook on c6 attacks: another side's piece does not count).
        let before = parse_fen("6R1/7k/2r4p/8/6R1/7P/5rP1/6K1 w - - 0 2").unwrap();
        let mut after = before.clone();
        after.play_unchecked(
            shakmaty::uci::UciMove::from_ascii(b"g4g7")
                .unwrap()
                .to_move(&before)
                .unwrap(),
        );
        let found = false_covers("g6 and h6 are covered by the new rook", &before, &after);
        assert_eq!(found, vec![(vec![Role::Rook], vec![Square::H6])]);
        assert!(false_covers("g6 and g8 are covered by the rook", &before, &after).is_empty());
        assert!(false_covers("h6 is covered by the black rook", &before, &after).is_empty());
        assert_eq!(
            false_covers(
                "h6 is covered by the rook, and Black must give up",
                &before,
                &after
            )
            .len(),
            1,
            "a colour that names no piece is not the side"
        );
        assert!(false_covers("the rook cannot cover h6", &before, &after).is_empty());
        assert!(
            false_covers("The rook has left g4: what covers h6 now?", &before, &after).is_empty(),
            "a question claims nothing"
        );
    }

    #[test]
    fn a_piece_placed_on_a_square_must_stand_there() {
        // m2-008 at the second move: the black knight stands on f6, not g8.
        let pos =
            parse_fen("r1b1k2r/ppppqppp/5n2/8/1b2P3/2N2Q2/PPP2PPP/R1B1KB1R w KQkq - 0 1").unwrap();
        let white = Color::White;
        assert_eq!(
            misplaced("The black knight on g8 guards e7.", white, &[&pos]),
            ["The black knight on g8"]
        );
        assert!(misplaced("The black knight on f6 guards e7.", white, &[&pos]).is_empty());
        // `your` is the user's side; a list must stand whole.
        assert_eq!(
            misplaced("Your knight on f6 is pinned.", white, &[&pos]),
            ["Your knight on f6"]
        );
        assert!(misplaced("Your rooks on a1 and h1 wait.", white, &[&pos]).is_empty());
        assert_eq!(
            misplaced("the rooks on a1, h1 and e8 wait", white, &[&pos]),
            ["the rooks on a1, h1 and e8"]
        );
        // A supposition or a square that names no piece's place: not read.
        for text in [
            "a knight on d5 would fork",
            "Check from d7 first.",
            "the knight lands on d5",
            "the piece on e4 is a pawn",
        ] {
            assert!(misplaced(text, white, &[&pos]).is_empty(), "{text}");
        }
    }

    #[test]
    fn a_blocking_move_must_be_legal() {
        // Qb8+ against Kg8, the rook on e6 behind the bishop on e7: Re8 cannot block.
        let pos = parse_fen("1Q4k1/4bppp/4r3/8/8/8/5PPP/6K1 b - - 0 1").unwrap();
        assert_eq!(
            illegal_blocks("Blocking with Re8 only delays the end.", &pos, &pos),
            ["Re8"]
        );
        assert!(illegal_blocks("Bf8: the bishop blocks.", &pos, &pos).is_empty());
        assert!(illegal_blocks("Re8 cannot block: it is pinned.", &pos, &pos).is_empty());
    }
}
