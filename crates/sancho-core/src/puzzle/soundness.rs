//! The stricter claims of `check`: uniqueness, scripted moves and what the
//! comments say, each proved on the board.
//!
//! - Uniqueness by the Lichess standard: no other move forces mate within
//!   the solver's reach ([`REACH`]) where the line's move is the one to
//!   find (another checkmate on the last move is accepted by the trainer).
//! - Scripted moves may not allow a mate in one that the line does not
//!   play, and the replies may not miss a mate in one of their own (the
//!   set-up move may: it is the blunder that makes the puzzle).
//! - Comments: the move a comment names (`Qg8+:`) is the move played, with
//!   its check sign; "forced" and "the only legal move" mean one legal
//!   move; "the only square" means the piece has one square; a move said
//!   to block is legal; a square said to be covered is attacked by a piece
//!   of the kind named, and a piece placed on a square ("the knight on
//!   f6") stands there ([`claims`]); a `smotheredMate` theme means the
//!   mated king has no empty square.
//! - Hints, at the move they are shown ([`hints`]).

use shakmaty::{Chess, Move, Position, Role, Square};

mod claims;
mod hints;

pub(super) use hints::hint_problems;

use super::Puzzle;
use super::color_word;
use super::finding::{Problem, Severity};
use super::mate::{Budget, mate_in_within, mate_length, mates_in_one};
use crate::notation::san;

/// How deep (in the attacker's moves) the solver looks for other mates.
pub const REACH: u32 = 3;

/// How many positions the uniqueness search may visit per user move: past
/// it, a wide-open position counts as unique (unproven either way), so that
/// checking millions of Lichess rows never stalls.
pub const NODES: u64 = 200_000;

fn problem(field: String, severity: Severity, message: String) -> Problem {
    Problem {
        field: Some(field),
        severity,
        message,
    }
}

fn list(pos: &Chess, moves: &[Move]) -> String {
    moves
        .iter()
        .map(|&m| san(pos, m))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Uniqueness and scripted-move findings of a puzzle; `move_field(i)` names
/// the field of line move `i`.
pub(super) fn line_problems(p: &Puzzle, move_field: &dyn Fn(usize) -> String) -> Vec<Problem> {
    let mut problems = Vec::new();
    let mut pos = p.position.clone();
    let last_user = p.solution.iter().rposition(|m| m.is_user);
    // Positions where a scripted move already reported a mate in one.
    let mut reported: Option<usize> = None;
    for (i, m) in p.solution.iter().enumerate() {
        if m.is_user {
            if reported != Some(i) {
                problems.extend(uniqueness(&pos, m.mv, i, Some(i) == last_user, move_field));
            }
        } else {
            // The set-up move (the opponent's first, as in every Lichess
            // puzzle) is the blunder that makes the puzzle: missing a mate
            // of its own is no fault of the puzzle.
            let own = if i == 0 {
                Vec::new()
            } else {
                mates_in_one(&pos)
            };
            if !own.is_empty() && !own.contains(&m.mv) {
                problems.push(problem(
                    move_field(i),
                    Severity::Error,
                    format!(
                        "the scripted move {} misses {}'s own mate in one: {}",
                        san(&pos, m.mv),
                        color_word(pos.turn()),
                        list(&pos, &own)
                    ),
                ));
            }
            let mut after = pos.clone();
            after.play_unchecked(m.mv);
            if let Some(next) = p.solution.get(i + 1).filter(|n| n.is_user) {
                let theirs = mates_in_one(&after);
                if !theirs.is_empty() && !theirs.contains(&next.mv) {
                    problems.push(problem(
                        move_field(i),
                        Severity::Error,
                        format!(
                            "the scripted move {} allows mate in one ({}), which the line does not play",
                            san(&pos, m.mv),
                            list(&after, &theirs)
                        ),
                    ));
                    reported = Some(i + 1);
                }
            }
        }
        pos.play_unchecked(m.mv);
    }
    problems
}

/// Other moves that force mate within [`REACH`] where `mv` is the move to
/// find; a final checkmate may have company.
fn uniqueness(
    pos: &Chess,
    mv: Move,
    i: usize,
    last: bool,
    move_field: &dyn Fn(usize) -> String,
) -> Option<Problem> {
    let mut after = pos.clone();
    after.play_unchecked(mv);
    if last && after.is_checkmate() {
        return None;
    }
    let mut budget = Budget::new(NODES);
    let mut others: Vec<(u32, String)> = mate_in_within(pos, REACH, &mut budget)
        .into_iter()
        .filter(|&m| m != mv)
        .filter_map(|m| mate_length(pos, m, REACH).map(|n| (n, san(pos, m))))
        .collect();
    if others.is_empty() {
        return None;
    }
    // The fastest first; the solver's order (checks, captures) within.
    others.sort_by_key(|(n, _)| *n);
    let shown = 6;
    let mut names: Vec<String> = others
        .iter()
        .take(shown)
        .map(|(n, m)| format!("{m} (mate in {n})"))
        .collect();
    if others.len() > shown {
        names.push(format!("and {} more", others.len() - shown));
    }
    Some(problem(
        move_field(i),
        Severity::Warning,
        format!(
            "other moves than {} also force mate: {}",
            san(pos, mv),
            names.join(", ")
        ),
    ))
}

/// Whether `token` looks like a SAN move (`Qg8+`, `exd5`, `O-O-O#`, `e8=Q`).
pub(super) fn looks_like_san(token: &str) -> bool {
    let t = token.trim_end_matches(['!', '?']);
    let t = t.trim_end_matches(['+', '#']);
    if t == "O-O" || t == "O-O-O" {
        return true;
    }
    let b = t.as_bytes();
    let (body, promo) = match t.split_once('=') {
        Some((body, promo)) => (body.as_bytes(), Some(promo)),
        None => (b, None),
    };
    if promo.is_some_and(|q| !matches!(q, "Q" | "R" | "B" | "N")) || body.len() < 2 {
        return false;
    }
    let (file, rank) = (body[body.len() - 2], body[body.len() - 1]);
    let rest = &body[..body.len() - 2];
    (b'a'..=b'h').contains(&file)
        && (b'1'..=b'8').contains(&rank)
        && rest.len() <= 4
        && rest.iter().enumerate().all(|(k, &c)| match c {
            b'K' | b'Q' | b'R' | b'B' | b'N' => k == 0,
            b'a'..=b'h' | b'1'..=b'8' | b'x' => true,
            _ => false,
        })
}

/// What a comment claims about its move's alternatives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Only {
    /// "forced", "the only legal move": one legal move.
    Move,
    /// "the only square": the piece has one square.
    Square,
}

/// The "only" claim of a comment, if it makes one ("Kh8: forced", "the
/// only legal move", "Kf8: the only square"); "forced mate" and "forced
/// into the corner" are not about the move's alternatives.
pub fn only_claim(comment: &str) -> Option<Only> {
    let lower = comment.to_lowercase();
    let body = match comment.split_once(':') {
        Some((lead, rest)) if looks_like_san(lead.trim()) => rest.trim().to_lowercase(),
        _ => lower.clone(),
    };
    if lower.contains("only square") {
        return Some(Only::Square);
    }
    let forced = body.starts_with("forced") && !body.starts_with("forced mate");
    let only = [
        "the only legal move",
        "only legal reply",
        "only legal answer",
        "the only move",
        "only reply",
    ]
    .iter()
    .any(|s| body.contains(s));
    (forced || only).then_some(Only::Move)
}

/// The comment findings of a puzzle.
pub(super) fn comment_problems(
    p: &Puzzle,
    comment_field: &dyn Fn(usize) -> String,
) -> Vec<Problem> {
    let mut problems = Vec::new();
    let mut pos = p.position.clone();
    for (i, m) in p.solution.iter().enumerate() {
        if let Some(c) = m.comment.as_deref() {
            let played = san(&pos, m.mv);
            if let Some((lead, _)) = c.split_once(':')
                && looks_like_san(lead.trim())
                && lead.trim().trim_end_matches(['!', '?']) != played
            {
                problems.push(problem(
                    comment_field(i),
                    Severity::Error,
                    format!(
                        "the comment names {}, but the move is {played}",
                        lead.trim()
                    ),
                ));
            }
            let mut after = pos.clone();
            after.play_unchecked(m.mv);
            for san in claims::illegal_blocks(c, &pos, &after) {
                problems.push(problem(
                    comment_field(i),
                    Severity::Error,
                    format!(
                        "the comment {c:?} speaks of {san} blocking, but {san} is not a legal move before or after {played}"
                    ),
                ));
            }
            for (roles, squares) in claims::false_covers(c, &pos, &after) {
                problems.push(problem(
                    comment_field(i),
                    Severity::Warning,
                    format!(
                        "the comment {c:?} says {} {} covered, but no {} attacks {} before or after {played}",
                        squares_list(&squares),
                        if squares.len() == 1 { "is" } else { "are" },
                        roles_list(&roles),
                        if squares.len() == 1 { "it" } else { "them" },
                    ),
                ));
            }
            for words in claims::misplaced(c, p.user_color, &[&pos, &after]) {
                problems.push(problem(
                    comment_field(i),
                    Severity::Warning,
                    format!(
                        "the comment {c:?} speaks of {words}, but no such piece stands there before or after {played}"
                    ),
                ));
            }
            let legal = pos.legal_moves();
            match only_claim(c) {
                Some(Only::Move) if legal.len() != 1 => problems.push(problem(
                    comment_field(i),
                    Severity::Error,
                    format!(
                        "the comment {c:?} says {played} is the only move, but {} has {} legal moves: {}",
                        color_word(pos.turn()),
                        legal.len(),
                        list(&pos, &legal)
                    ),
                )),
                Some(Only::Square) => {
                    let same: Vec<Move> = legal
                        .iter()
                        .copied()
                        .filter(|o| o.from() == m.mv.from() && o.role() == m.mv.role())
                        .collect();
                    if same.len() != 1 {
                        problems.push(problem(
                            comment_field(i),
                            Severity::Error,
                            format!(
                                "the comment {c:?} says {played} goes to the only square, but the piece can play {}",
                                list(&pos, &same)
                            ),
                        ));
                    }
                }
                _ => {}
            }
        }
        pos.play_unchecked(m.mv);
    }
    if p.themes.iter().any(|t| t == "smotheredMate") && pos.is_checkmate() {
        problems.extend(smothered(&pos));
    }
    problems
}

fn squares_list(squares: &[Square]) -> String {
    let names: Vec<String> = squares.iter().map(ToString::to_string).collect();
    match names.as_slice() {
        [init @ .., last] if !init.is_empty() => format!("{} and {last}", init.join(", ")),
        _ => names.join(""),
    }
}

/// "rook", "queen or king" (each kind once).
fn roles_list(roles: &[Role]) -> String {
    let mut names: Vec<&str> = Vec::new();
    for &r in roles {
        let name = crate::notation::role_name(r);
        if !names.contains(&name) {
            names.push(name);
        }
    }
    names.join(" or ")
}

/// A `smotheredMate` must leave the mated king no empty square.
fn smothered(pos: &Chess) -> Option<Problem> {
    let king = pos.board().king_of(pos.turn())?;
    let ours = pos.board().by_color(pos.turn());
    let empty: Vec<String> = shakmaty::attacks::king_attacks(king)
        .into_iter()
        .filter(|sq| !ours.contains(*sq))
        .map(|sq| sq.to_string())
        .collect();
    (!empty.is_empty()).then(|| Problem {
        field: Some("themes".to_owned()),
        severity: Severity::Error,
        message: format!(
            "the theme \"smotheredMate\" says the king is smothered, but it has squares its own pieces do not block: {}",
            empty.join(", ")
        ),
    })
}

#[cfg(test)]
mod tests {
    use super::{Only, looks_like_san, only_claim};

    #[test]
    fn san_tokens() {
        for (t, yes) in [
            ("Qg8+", true),
            ("exd5", true),
            ("O-O-O#", true),
            ("e8=Q", true),
            ("Nbd7", true),
            ("R1e4#", true),
            ("Qh4xe1", true),
            ("Not", false),
            ("Black", false),
            ("e9", false),
            ("Kx", false),
        ] {
            assert_eq!(looks_like_san(t), yes, "{t}");
        }
    }

    #[test]
    fn only_claims() {
        for (c, claim) in [
            ("Kh8: forced, the only legal move.", Some(Only::Move)),
            ("Rxg8: forced. Now the rook blocks.", Some(Only::Move)),
            ("Kf8: the only square.", Some(Only::Square)),
            ("bxc6: the only legal answer", Some(Only::Move)),
            ("Ra8: the black king is forced into the corner.", None),
            ("Qh5: forced mate follows.", None),
            ("Kf8: the king must move.", None),
            ("Éléphant: forced", None),
            ("Ke2: FORCED", Some(Only::Move)),
        ] {
            assert_eq!(only_claim(c), claim, "{c}");
        }
    }
}
