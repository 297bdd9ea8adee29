//! The pure half of the UCI protocol: reading the engine's `info` and
//! `bestmove` lines into typed values. No process, no clock.
//!
//! Written by hand rather than with `vampirc-uci`: that crate's last release
//! is from 2022, it brings a PEG parser (pest) for the few lines Sancho reads,
//! and its move type does not interoperate with shakmaty 0.30, whose own
//! [`UciMove`] parser is used here for the principal variations.

use std::cmp::Ordering;
use std::fmt;

use shakmaty::uci::UciMove;

/// An evaluation from the side to move's point of view, as UCI reports it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Score {
    /// Centipawns (100 = one pawn).
    Cp(i32),
    /// Mate in this many moves (positive: the side to move mates; negative:
    /// it is mated).
    Mate(i32),
}

impl Score {
    /// Whether the side to move has a forced mate.
    pub fn is_mating(self) -> bool {
        matches!(self, Self::Mate(n) if n > 0)
    }

    /// A number that orders scores: mates beyond any centipawn value,
    /// shorter mates higher.
    pub fn rank(self) -> i64 {
        match self {
            Self::Cp(cp) => i64::from(cp),
            Self::Mate(n) if n > 0 => 1_000_000 - i64::from(n),
            Self::Mate(n) => -1_000_000 - i64::from(n),
        }
    }
}

impl PartialOrd for Score {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Score {
    fn cmp(&self, other: &Self) -> Ordering {
        self.rank().cmp(&other.rank())
    }
}

impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Cp(cp) => write!(f, "{:+.2}", f64::from(*cp) / 100.0),
            Self::Mate(n) => write!(f, "#{n}"),
        }
    }
}

/// One line of a (MultiPV) analysis: its rank, depth, score and moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PvLine {
    /// 1-based rank among the MultiPV lines (1 is the best).
    pub multipv: u32,
    /// The depth the engine reached.
    pub depth: u32,
    /// The evaluation for the side to move.
    pub score: Score,
    /// The principal variation, first move first.
    pub pv: Vec<UciMove>,
}

/// What one `info` line says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Info {
    /// A principal variation with its score.
    Pv(PvLine),
    /// A principal variation holding a word that is no UCI move: the word.
    Unreadable(String),
    /// Anything else: `currmove`, `string`, `nps`, a bound, no score.
    Other,
}

/// What one `info` line says about a principal variation, when it says
/// enough: a score and at least one move, and not a bound (`lowerbound`,
/// `upperbound`), which is a search's intermediate guess.
///
/// Other `info` lines (`currmove`, `string`, `nps`…) give `None`, and so
/// does a line whose moves are not all UCI ([`read_info`] tells that apart).
pub fn parse_info(line: &str) -> Option<PvLine> {
    match read_info(line) {
        Info::Pv(pv) => Some(pv),
        Info::Unreadable(_) | Info::Other => None,
    }
}

/// Reads one `info` line (see [`parse_info`]), telling a principal
/// variation with a word that is no move apart from other lines.
pub fn read_info(line: &str) -> Info {
    let mut tokens = line.split_whitespace();
    if tokens.next() != Some("info") {
        return Info::Other;
    }
    let mut multipv = 1;
    let mut depth = 0;
    let mut score = None;
    let mut pv = Vec::new();
    while let Some(token) = tokens.next() {
        match token {
            "string" | "lowerbound" | "upperbound" => return Info::Other,
            "multipv" => match tokens.next().and_then(|n| n.parse().ok()) {
                Some(n) => multipv = n,
                None => return Info::Other,
            },
            "depth" => match tokens.next().and_then(|n| n.parse().ok()) {
                Some(n) => depth = n,
                None => return Info::Other,
            },
            "score" => {
                let kind = tokens.next();
                let value = tokens.next().and_then(|n| n.parse().ok());
                score = match (kind, value) {
                    (Some("cp"), Some(n)) => Some(Score::Cp(n)),
                    (Some("mate"), Some(n)) => Some(Score::Mate(n)),
                    _ => return Info::Other,
                }
            }
            "pv" => {
                for mv in tokens.by_ref() {
                    match mv.parse::<UciMove>() {
                        Ok(mv) => pv.push(mv),
                        Err(_) => return Info::Unreadable(mv.to_owned()),
                    }
                }
            }
            _ => {}
        }
    }
    match score {
        Some(score) if !pv.is_empty() => Info::Pv(PvLine {
            multipv,
            depth,
            score,
            pv,
        }),
        _ => Info::Other,
    }
}

/// The word after `bestmove`: `None` when the line is not a `bestmove`
/// line, `Some(None)` when nothing follows.
pub fn bestmove_word(line: &str) -> Option<Option<&str>> {
    let mut tokens = line.split_whitespace();
    if tokens.next()? != "bestmove" {
        return None;
    }
    Some(tokens.next())
}

/// The move of a `bestmove` line: `Some(Some(mv))` for a move,
/// `Some(None)` for `(none)` or `0000` (no legal move), `None` when the line
/// is not a `bestmove` line.
pub fn parse_bestmove(line: &str) -> Option<Option<UciMove>> {
    let mut tokens = line.split_whitespace();
    if tokens.next()? != "bestmove" {
        return None;
    }
    Some(tokens.next().and_then(|mv| match mv {
        "(none)" | "0000" => None,
        mv => mv.parse().ok(),
    }))
}

/// The engine's name from an `id name …` line.
pub fn parse_id_name(line: &str) -> Option<&str> {
    line.strip_prefix("id name ").map(str::trim)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn uci(s: &str) -> UciMove {
        s.parse().unwrap()
    }

    #[test]
    fn info_lines_are_read_or_ignored() {
        let line =
            "info depth 18 seldepth 24 multipv 2 score cp -35 nodes 1234 nps 9 pv e7e5 g1f3 b8c6";
        assert_eq!(
            parse_info(line),
            Some(PvLine {
                multipv: 2,
                depth: 18,
                score: Score::Cp(-35),
                pv: vec![uci("e7e5"), uci("g1f3"), uci("b8c6")],
            })
        );
        let mate = parse_info("info depth 5 score mate -2 pv e1e2 d8d2").unwrap();
        assert_eq!((mate.multipv, mate.score), (1, Score::Mate(-2)));
        for ignored in [
            "info depth 3 currmove e2e4 currmovenumber 1",
            "info string NNUE evaluation using nn.nnue",
            "info depth 9 score cp 20 lowerbound pv e2e4",
            "info depth 9 score cp 20",
            "info depth 9 score wdl 1 pv e2e4",
            "info depth x score cp 20 pv e2e4",
            "info depth 9 score cp 20 pv e2e4 nonsense",
            "bestmove e2e4",
        ] {
            assert_eq!(parse_info(ignored), None, "{ignored}");
        }
    }

    #[test]
    fn bestmove_lines() {
        assert_eq!(
            parse_bestmove("bestmove e7e8q ponder a2a1"),
            Some(Some(uci("e7e8q")))
        );
        assert_eq!(parse_bestmove("bestmove (none)"), Some(None));
        assert_eq!(parse_bestmove("bestmove 0000"), Some(None));
        assert_eq!(parse_bestmove("info depth 1"), None);
        assert_eq!(parse_id_name("id name Stockfish 16"), Some("Stockfish 16"));
    }

    #[test]
    fn scores_order_mates_beyond_centipawns() {
        let mut scores = [
            Score::Cp(300),
            Score::Mate(-1),
            Score::Mate(3),
            Score::Cp(-20),
            Score::Mate(1),
            Score::Mate(-4),
        ];
        scores.sort();
        assert_eq!(
            scores,
            [
                Score::Mate(-1),
                Score::Mate(-4),
                Score::Cp(-20),
                Score::Cp(300),
                Score::Mate(3),
                Score::Mate(1),
            ]
        );
        assert_eq!(Score::Mate(-1).to_string(), "#-1");
        assert_eq!(Score::Cp(-35).to_string(), "-0.35");
    }
}
