//! What `sancho mine` says when it found nothing: why, from what the run
//! saw (no game, no game of the player, short games, a shallow search, the
//! first pass), and what to try.

use sancho::engine::Limit;

use super::pool::Search;

/// Games this short on average (in positions searched) are called short.
const SHORT_GAME: usize = 15;

/// What a run of `sancho mine` saw.
#[derive(Debug, Default)]
pub struct Tally {
    /// Games mined.
    pub games: usize,
    /// Positions looked at.
    pub positions: usize,
    /// Positions searched in full.
    pub full_searches: usize,
    /// Puzzles found.
    pub puzzles: usize,
    /// Games that could not be read.
    pub skipped: usize,
    /// Games the named player did not play.
    pub without_player: usize,
}

/// Why nothing was found and what to try, a sentence a line.
pub fn nothing_found(tally: &Tally, search: &Search, scan_nodes: u64) -> Vec<String> {
    let mut why = Vec::new();
    if tally.games == 0 {
        if let (Some(player), true) = (&search.player, tally.without_player > 0) {
            why.push(format!(
                "no puzzle: --player {player:?} matched none of the {} games; every word of the name must be a word of the White or Black tag, in any order (`carlsen` matches \"Carlsen, Magnus\"): try one word of the name as the file spells it, or no --player",
                tally.without_player
            ));
        } else if tally.skipped > 0 {
            why.push(
                "no puzzle: no game of the file could be read (see the messages above)".to_owned(),
            );
        } else {
            why.push("no puzzle: the file holds no game".to_owned());
        }
        return why;
    }
    why.push(
        "no puzzle: a puzzle needs a position where one move wins (a mate, or two pawns or more) and no other move does; careful games have few".to_owned(),
    );
    if tally.positions < SHORT_GAME * tally.games {
        why.push(format!(
            "the games are short ({} positions in {} games): tactics come in the middle game and after; mine longer games, or more of them",
            tally.positions, tally.games
        ));
    }
    match search.full {
        Limit::Depth(depth) if depth < 12 => why.push(format!(
            "the search was shallow (depth {depth}): try --depth 16"
        )),
        Limit::Movetime(ms) if ms < 100 => why.push(format!(
            "each search was short (--movetime {ms}): try --movetime 200 or --depth 16"
        )),
        _ => {}
    }
    if search.scan.is_some() && tally.full_searches < tally.positions {
        why.push(format!(
            "the first pass ({scan_nodes} nodes) found {} of {} positions worth a full search: --scan-nodes 0 searches them all in full (slower)",
            tally.full_searches, tally.positions
        ));
    }
    why.push(
        "more games give more puzzles: a few hundred master games give a few dozen".to_owned(),
    );
    why
}
