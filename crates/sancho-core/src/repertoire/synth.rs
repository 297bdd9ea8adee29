//! A synthetic repertoire PGN for benches and speed figures (behind the
//! `synth` feature): `games` chapters from the initial position, each a
//! main line of 16 to 30 plies with a variation every few moves and a
//! comment now and then, the moves chosen by a seeded generator among the
//! first legal moves (so that lines share their openings and transpose,
//! as a real repertoire's do).

use std::fmt::Write as _;

use shakmaty::{Chess, Position};

use crate::notation::san;
use crate::rng::Rng;

/// A PGN of `games` chapters, the same for the same `seed`.
#[must_use]
pub fn synth_pgn(games: usize, seed: u64) -> String {
    let mut rng = Rng::new(seed);
    let mut out = String::new();
    for n in 1..=games {
        let _ = write!(out, "[Event \"Chapter {n}\"]\n[Site \"?\"]\n\n");
        let plies = 16 + rng.below(15);
        let line = synth_line(&Chess::default(), plies, &mut rng, 2);
        out.push_str(&line);
        out.push_str(" *\n\n");
    }
    out
}

/// Movetext from `start`: `plies` moves, with variations down to `depth`
/// levels.
fn synth_line(start: &Chess, plies: usize, rng: &mut Rng, depth: u32) -> String {
    let mut pos = start.clone();
    let mut out = String::new();
    for i in 0..plies {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        // The first few legal moves: lines share their starts.
        let pick = rng.below(moves.len().min(if i < 6 { 3 } else { 8 }));
        let mv = moves[pick];
        let number = pos.fullmoves().get();
        if pos.turn().is_white() {
            let _ = write!(out, "{number}. ");
        } else if i == 0 {
            let _ = write!(out, "{number}... ");
        }
        out.push_str(&san(&pos, mv));
        out.push(' ');
        if rng.chance(10) {
            out.push_str("{A plan worth remembering.} ");
        }
        if depth > 0 && i > 1 && rng.chance(20) && moves.len() > pick + 1 {
            let alt = moves[pick + 1];
            let mut alt_pos = pos.clone();
            let alt_san = san(&pos, alt);
            alt_pos.play_unchecked(alt);
            let dots = if pos.turn().is_white() { "." } else { "..." };
            let rest = synth_line(&alt_pos, 2 + rng.below(6), rng, depth - 1);
            // A black move first carries its `N...`, which the variation's
            // own move already has.
            let rest = match rest.split_once(' ') {
                Some((first, tail)) if first.ends_with("...") => tail,
                _ => rest.as_str(),
            };
            let _ = write!(out, "({number}{dots} {alt_san} {}) ", rest.trim());
        }
        pos.play_unchecked(mv);
    }
    out.trim_end().to_owned()
}
