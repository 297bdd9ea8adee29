//! Mining puzzles from games: the rules that turn an engine's analysis of a
//! game's positions into puzzles, after the Lichess puzzler.
//!
//! Pure: the analysis comes from a closure (an engine in the shell, canned
//! lines in tests), and the result is a [`MinedPuzzle`] in the JSON pack
//! format, checked by the same validator as `sancho check` before it is
//! kept.
//!
//! A position of the chosen side is a puzzle when the engine's best move is
//! clearly better than its second (mate in at most five against no mate, or
//! at least 200 centipawns better while the second is not also winning
//! big), every later user move of the line is clearly best too, and the
//! line ends in mate or in a material gain of at least two pawns that holds
//! for the rest of the engine's line.
//!
//! [`mine_game_two_pass`] looks at every position cheaply first and
//! searches in full only where [`worth_a_full_search`]; each puzzle keeps
//! the game before it as its `lead` (at most [`MAX_LEAD`] plies) for blind
//! tactics.

use serde::Serialize;
use shakmaty::san::SanPlus;
use shakmaty::{Chess, Color, Move, Position};

use crate::drill::pgn::PgnGame;
use crate::engine::{PvLine, Score};
use crate::material::balance;
use crate::notation::{san, uci};
use crate::puzzle::{MAX_LEAD, check_pack, color_word, fen_of, parse_fen};

mod themes;

use themes::{gain_words, themes};

/// How many MultiPV lines the rules need.
pub const MULTIPV: u32 = 2;

/// Centipawns by which the best move must beat the second.
const GAP_CP: i32 = 200;
/// The second move is "also winning big" from this many centipawns.
const SECOND_WINNING_CP: i32 = 150;
/// The longest mate mined (in the user's moves).
const MAX_MATE: i32 = 5;
/// The longest material line (in the user's moves).
const MAX_USER_MOVES: usize = 5;
/// A decisive material gain, in pawns.
const DECISIVE_GAIN: i32 = 2;

/// One puzzle as written to a pack (the format of `docs/PUZZLE_FORMAT.md`,
/// with a `source` object that says where it came from).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct MinedPuzzle {
    /// `id`: unique within one mining run.
    pub id: String,
    /// `title`: the game.
    pub title: String,
    /// `fen`: the position before the opponent's last move (or the user's
    /// position when the game starts there).
    pub fen: String,
    /// `toMove`: the user's side.
    pub to_move: String,
    /// Themes detected mechanically.
    pub themes: Vec<String>,
    /// The user's moves, UCI.
    pub solution_moves: Vec<String>,
    /// The whole line with the engine's best defence.
    pub solution_sequence: Vec<MinedStep>,
    /// The game's moves before `fen` (at most [`MAX_LEAD`]), for blind
    /// tactics; none when the puzzle starts at the game's start.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lead: Option<MinedLead>,
    /// Where the puzzle came from.
    pub source: MinedSource,
}

/// One step of a mined line.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct MinedStep {
    /// UCI.
    #[serde(rename = "move")]
    pub mv: String,
    /// Whether the user plays it.
    pub is_user_move: bool,
    /// What the game did here (first user move only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub comment: Option<String>,
}

/// A mined puzzle's `lead`: the game from `fen` up to the puzzle's FEN.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MinedLead {
    /// Where the lead starts.
    pub fen: String,
    /// The game's moves from there, UCI.
    pub moves: Vec<String>,
}

/// The game and move a puzzle was mined from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct MinedSource {
    /// `White` tag.
    pub white: String,
    /// `Black` tag.
    pub black: String,
    /// `Event` tag, when present.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub event: Option<String>,
    /// `Date` tag, when present.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub date: Option<String>,
    /// The move as numbered in the game (`23...`).
    pub move_number: String,
    /// What was played in the game, SAN.
    pub played: String,
    /// Whether the game's move was the solution's first move.
    pub found: bool,
}

/// Why a game could not be replayed to its end (the positions before the
/// fault are still mined).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    /// The `[FEN]` tag is not a valid position.
    #[error("the FEN tag is not a valid position: {0}")]
    Fen(String),
    /// A move of the main line is not legal (or not readable).
    #[error("move {number} {text:?} is not legal here")]
    Move {
        /// The move as numbered (`12.`, `12...`).
        number: String,
        /// The move as written.
        text: String,
    },
}

/// Which side of a game to mine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sides {
    /// Both players.
    Both,
    /// One player.
    Only(Color),
}

/// The side a named player had in a game, `None` when they did not play
/// it; with no name, both sides. Every word of the name must be a word of
/// the `White` or `Black` tag, in any case and order (`carlsen` and
/// `Magnus Carlsen` both match `Carlsen, Magnus`; `me` does not match
/// `Someone`).
pub fn sides_for(game: &PgnGame, player: Option<&str>) -> Option<Sides> {
    let Some(player) = player else {
        return Some(Sides::Both);
    };
    let words = |text: &str| -> Vec<String> {
        text.split(|c: char| !c.is_alphanumeric())
            .filter(|w| !w.is_empty())
            .map(str::to_lowercase)
            .collect()
    };
    let needle = words(player);
    let plays = |tag| {
        game.tag(tag).is_some_and(|name| {
            let name = words(name);
            !needle.is_empty() && needle.iter().all(|w| name.contains(w))
        })
    };
    match (plays("White"), plays("Black")) {
        (true, true) => Some(Sides::Both),
        (true, false) => Some(Sides::Only(Color::White)),
        (false, true) => Some(Sides::Only(Color::Black)),
        (false, false) => None,
    }
}

/// A game replayed: its positions and moves, and the fault that stopped it.
#[derive(Clone, Debug)]
pub struct Replay {
    /// `(position, move played there)`, in order.
    pub plies: Vec<(Chess, Move)>,
    /// Why the replay stopped early, if it did.
    pub error: Option<ReplayError>,
}

/// Replays a game's main line from its start (`[FEN]` tag or the initial
/// position).
pub fn replay(game: &PgnGame) -> Replay {
    let mut pos = match game.tag("FEN") {
        Some(fen) => match parse_fen(fen) {
            Ok(pos) => pos,
            Err(e) => {
                return Replay {
                    plies: Vec::new(),
                    error: Some(ReplayError::Fen(e.to_string())),
                };
            }
        },
        None => Chess::default(),
    };
    let mut plies = Vec::with_capacity(game.moves.len());
    for text in &game.moves {
        let mv = text
            .parse::<SanPlus>()
            .ok()
            .and_then(|s| s.san.to_move(&pos).ok());
        let Some(mv) = mv else {
            return Replay {
                plies,
                error: Some(ReplayError::Move {
                    number: number_of(&pos),
                    text: text.clone(),
                }),
            };
        };
        plies.push((pos.clone(), mv));
        pos.play_unchecked(mv);
    }
    Replay { plies, error: None }
}

/// `12.` or `12...`: the number of the move to be played in `pos`.
fn number_of(pos: &Chess) -> String {
    let dots = if pos.turn() == Color::White {
        "."
    } else {
        "..."
    };
    format!("{}{dots}", pos.fullmoves())
}

/// What a candidate line wins.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// Mate in this many user moves.
    Mate(usize),
    /// A material gain.
    Material,
}

/// Whether the best line is clearly better than the second.
fn clearly_best(lines: &[PvLine]) -> Option<Kind> {
    let [best, second, ..] = lines else {
        return None;
    };
    match best.score {
        Score::Mate(n) if (1..=MAX_MATE).contains(&n) && !second.score.is_mating() => {
            usize::try_from(n).ok().map(Kind::Mate)
        }
        Score::Cp(cp)
            if cp >= GAP_CP
                && second.score < Score::Cp(SECOND_WINNING_CP)
                && second.score.rank() <= i64::from(cp - GAP_CP) =>
        {
            Some(Kind::Material)
        }
        _ => None,
    }
}

/// The engine's line as legal moves, stopping at the first illegal one.
fn legal_line(start: &Chess, pv: &[shakmaty::uci::UciMove]) -> Vec<Move> {
    let mut pos = start.clone();
    let mut moves = Vec::new();
    for u in pv {
        let Ok(mv) = u.to_move(&pos) else { break };
        pos.play_unchecked(mv);
        moves.push(mv);
    }
    moves
}

/// How many plies of `line` make the puzzle and the material gain that
/// holds to the end of the line (0 for a mate), or `None` when the line
/// does not end in mate or a decisive gain.
///
/// The gain is counted from `baseline`, the user's material balance before
/// the opponent's last move, so that taking back a piece the opponent just
/// took is not a puzzle.
fn puzzle_length(start: &Chess, line: &[Move], kind: Kind, baseline: i32) -> Option<(usize, i32)> {
    match kind {
        Kind::Mate(n) => {
            let plies = 2 * n - 1;
            let mut pos = start.clone();
            for &mv in line.get(..plies)? {
                pos.play_unchecked(mv);
            }
            pos.is_checkmate().then_some((plies, 0))
        }
        Kind::Material => {
            let me = start.turn();
            let before = baseline.max(balance(start, me));
            let gains: Vec<i32> = line
                .iter()
                .scan(start.clone(), |pos, &mv| {
                    pos.play_unchecked(mv);
                    Some(balance(pos, me) - before)
                })
                .collect();
            (0..gains.len().min(2 * MAX_USER_MOVES))
                .step_by(2)
                .find(|&i| i + 1 < gains.len() && gains[i..].iter().all(|&g| g >= DECISIVE_GAIN))
                .map(|i| (i + 1, gains[i..].iter().copied().min().unwrap_or(0)))
        }
    }
}

/// A position to mine: the position, the game's move there, and the move
/// that led to it (for the opponent-first shape).
pub struct Moment<'a> {
    /// The game's tags.
    pub game: &'a PgnGame,
    /// The position before the opponent's last move, with that move.
    pub before: Option<(&'a Chess, Move)>,
    /// The user's position.
    pub pos: &'a Chess,
    /// What the game played.
    pub played: Move,
    /// The user is the named player (comments say "You").
    pub named_player: bool,
}

/// The puzzle at `moment`, if the engine's lines make one; `analyse` is
/// called again for each later user move to see that it is clearly best.
/// The puzzle is kept only if the validator finds nothing wrong with it.
///
/// # Errors
/// Whatever `analyse` returns.
pub fn puzzle_at<E>(
    moment: &Moment<'_>,
    lines: &[PvLine],
    mut analyse: impl FnMut(&Chess) -> Result<Vec<PvLine>, E>,
) -> Result<Option<MinedPuzzle>, E> {
    let Some(kind) = clearly_best(lines) else {
        return Ok(None);
    };
    let pos = moment.pos;
    let line = legal_line(pos, &lines[0].pv);
    let baseline = moment
        .before
        .map_or(balance(pos, pos.turn()), |(before, _)| {
            balance(before, pos.turn())
        });
    let Some((len, held)) = puzzle_length(pos, &line, kind, baseline) else {
        return Ok(None);
    };
    let line = &line[..len];
    // Every later user move must be clearly best too (the last move of a
    // mate may be any mate: the trainer accepts them all).
    let mut at = pos.clone();
    for (i, &mv) in line.iter().enumerate() {
        let last_mate = matches!(kind, Kind::Mate(_)) && i + 1 == len;
        if i > 0 && i % 2 == 0 && !last_mate {
            let here = analyse(&at)?;
            let best_is_line = here
                .first()
                .and_then(|l| l.pv.first())
                .and_then(|u| u.to_move(&at).ok())
                == Some(mv);
            if !best_is_line || clearly_best(&here).is_none() {
                return Ok(None);
            }
        }
        at.play_unchecked(mv);
    }
    let puzzle = build(moment, line, kind, held);
    Ok(passes_check(&puzzle).then_some(puzzle))
}

fn build(moment: &Moment<'_>, line: &[Move], kind: Kind, held: i32) -> MinedPuzzle {
    let pos = moment.pos;
    let me = pos.turn();
    let game = moment.game;
    let tag = |name| game.tag(name).filter(|v| !v.is_empty() && *v != "?");
    let white = tag("White").unwrap_or("White").to_owned();
    let black = tag("Black").unwrap_or("Black").to_owned();
    let number = number_of(pos);
    let best = san(pos, line[0]);
    let played = san(pos, moment.played);
    let found = moment.played == line[0];
    let who = if moment.named_player {
        "You".to_owned()
    } else if me == Color::White {
        white.clone()
    } else {
        black.clone()
    };
    let what = match kind {
        Kind::Mate(1) => "is checkmate".to_owned(),
        Kind::Mate(n) => format!("forces mate in {n}"),
        Kind::Material => {
            let prior_capture = moment.before.is_some_and(|(_, mv)| mv.is_capture());
            gain_words(pos, line, held, prior_capture)
        }
    };
    let comment = if found {
        format!("{who} found {number}{best} here: it {what}")
    } else {
        format!("{who} played {number}{played}? here; {number}{best} {what}")
    };
    let mut steps = Vec::new();
    if let Some((_, mv)) = moment.before {
        steps.push(MinedStep {
            mv: uci(mv),
            is_user_move: false,
            comment: None,
        });
    }
    for (i, &mv) in line.iter().enumerate() {
        steps.push(MinedStep {
            mv: uci(mv),
            is_user_move: i % 2 == 0,
            comment: (i == 0).then(|| comment.clone()),
        });
    }
    let year = tag("Date")
        .and_then(|d| d.split('.').next())
        .filter(|y| !y.contains('?'));
    let mut title = format!("{white} – {black}");
    if let Some(event) = tag("Event") {
        title.push_str(&format!(", {event}"));
    }
    if let Some(year) = year {
        title.push_str(&format!(" {year}"));
    }
    title.push_str(&format!(", {number}"));
    let start = moment.before.map_or(pos, |(before, _)| before);
    MinedPuzzle {
        id: String::new(),
        title,
        fen: fen_of(start),
        to_move: color_word(me).to_owned(),
        themes: themes(pos, line, kind),
        solution_moves: line.iter().step_by(2).map(|&mv| uci(mv)).collect(),
        solution_sequence: steps,
        lead: None,
        source: MinedSource {
            white,
            black,
            event: tag("Event").map(str::to_owned),
            date: tag("Date").map(str::to_owned),
            move_number: number,
            played,
            found,
        },
    }
}

/// Whether the validator of `sancho check` finds nothing at all (no error,
/// no warning) in the puzzle.
pub fn passes_check(puzzle: &MinedPuzzle) -> bool {
    let mut checked = puzzle.clone();
    if checked.id.is_empty() {
        checked.id = "mined".to_owned();
    }
    let Ok(text) = serde_json::to_string(&[checked]) else {
        return false;
    };
    let (findings, summary) = check_pack(&text, "mined");
    findings.is_empty() && summary.is_ok()
}

/// What mining one game gave.
#[derive(Clone, Debug, Default)]
pub struct GameMined {
    /// The puzzles, in game order.
    pub puzzles: Vec<MinedPuzzle>,
    /// How many positions were analysed.
    pub positions: usize,
    /// How many of them were searched in full (all of them in one pass;
    /// in two, those the scan found worth it).
    pub full_searches: usize,
    /// Why the game could not be replayed to its end, if so.
    pub error: Option<ReplayError>,
}

/// Which search an analysis is for, when a game is mined in two passes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Look {
    /// The cheap first look at every position (a node limit in the shell).
    Scan,
    /// The full search, where the scan saw the evaluation swing, and for
    /// every later move of a puzzle's line.
    Full,
}

/// Centipawns by which the scan's best move must beat its second for the
/// full search to look again: half the puzzle's [`GAP_CP`], since a
/// shallow search sees less of what a move wins.
const SCAN_GAP_CP: i32 = GAP_CP / 2;

/// Whether the scan's lines are worth a full search: the evaluation swings
/// between the best move and the second (a mate the second does not give,
/// or a gap of at least [`SCAN_GAP_CP`] with the best at least that much
/// ahead). A position where the best move does not stand out even at a
/// shallow depth is, in practice, never a puzzle at full depth; the cost of
/// the rare miss is what buys mining several times faster.
#[must_use]
pub fn worth_a_full_search(scan: &[PvLine]) -> bool {
    let [best, second, ..] = scan else {
        return false;
    };
    match best.score {
        Score::Mate(n) if n > 0 => !second.score.is_mating(),
        Score::Cp(cp) => cp >= SCAN_GAP_CP && second.score.rank() <= i64::from(cp - SCAN_GAP_CP),
        Score::Mate(_) => false,
    }
}

/// Mines one game: every position of the chosen sides is analysed with
/// `analyse` (which must give [`MULTIPV`] lines), and the positions that
/// make puzzles become [`MinedPuzzle`]s, with ids unique to the game and
/// ply. After a puzzle, the positions its line covers are skipped.
///
/// # Errors
/// Whatever `analyse` returns.
pub fn mine_game<E>(
    game: &PgnGame,
    sides: Sides,
    named_player: bool,
    mut analyse: impl FnMut(&Chess) -> Result<Vec<PvLine>, E>,
) -> Result<GameMined, E> {
    mine(game, sides, named_player, false, |pos, _| analyse(pos))
}

/// Mines one game in two passes, as the Lichess puzzler does: every
/// position gets `analyse(pos, Look::Scan)`, and only those whose scan is
/// [`worth_a_full_search`] get `analyse(pos, Look::Full)`, which the rules
/// of [`mine_game`] then judge (the later moves of a line are searched in
/// full too). The puzzles are those a full search of every position finds,
/// less the rare one whose best move a shallow search does not single out.
///
/// # Errors
/// Whatever `analyse` returns.
pub fn mine_game_two_pass<E>(
    game: &PgnGame,
    sides: Sides,
    named_player: bool,
    analyse: impl FnMut(&Chess, Look) -> Result<Vec<PvLine>, E>,
) -> Result<GameMined, E> {
    mine(game, sides, named_player, true, analyse)
}

fn mine<E>(
    game: &PgnGame,
    sides: Sides,
    named_player: bool,
    two_pass: bool,
    mut analyse: impl FnMut(&Chess, Look) -> Result<Vec<PvLine>, E>,
) -> Result<GameMined, E> {
    let replay = replay(game);
    let mut mined = GameMined {
        error: replay.error,
        ..GameMined::default()
    };
    let key = game_key(game);
    let mut skip_until = 0;
    for (ply, (pos, played)) in replay.plies.iter().enumerate() {
        let ours = match sides {
            Sides::Both => true,
            Sides::Only(color) => pos.turn() == color,
        };
        if !ours || ply < skip_until {
            continue;
        }
        mined.positions += 1;
        if two_pass && !worth_a_full_search(&analyse(pos, Look::Scan)?) {
            continue;
        }
        mined.full_searches += 1;
        let lines = analyse(pos, Look::Full)?;
        let moment = Moment {
            game,
            before: ply
                .checked_sub(1)
                .map(|p| (&replay.plies[p].0, replay.plies[p].1)),
            pos,
            played: *played,
            named_player,
        };
        if let Some(mut puzzle) = puzzle_at(&moment, &lines, |p| analyse(p, Look::Full))? {
            puzzle.id = format!("{key}-{}", ply + 1);
            // The puzzle's FEN is the position before the opponent's last
            // move (ply - 1), or the game's start.
            puzzle.lead = lead(&replay.plies[..ply.saturating_sub(1)]);
            if !passes_check(&puzzle) {
                puzzle.lead = None;
            }
            skip_until = ply + 2 * puzzle.solution_moves.len();
            mined.puzzles.push(puzzle);
        }
    }
    Ok(mined)
}

/// The last [`MAX_LEAD`] of `plies` (the game before a puzzle's FEN) as a
/// lead, none when there is no move.
fn lead(plies: &[(Chess, Move)]) -> Option<MinedLead> {
    let kept = &plies[plies.len().saturating_sub(MAX_LEAD)..];
    let (start, _) = kept.first()?;
    Some(MinedLead {
        fen: fen_of(start),
        moves: kept.iter().map(|&(_, mv)| uci(mv)).collect(),
    })
}

/// A short stable key for a game (FNV-1a of its identifying tags), so that
/// mining the same game again gives the same ids.
fn game_key(game: &PgnGame) -> String {
    let mut hash: u32 = 0x811c_9dc5;
    for name in ["Event", "Site", "Date", "Round", "White", "Black"] {
        for byte in game.tag(name).unwrap_or("").bytes().chain([0]) {
            hash ^= u32::from(byte);
            hash = hash.wrapping_mul(0x0100_0193);
        }
    }
    for mv in game.moves.iter().take(10) {
        for byte in mv.bytes() {
            hash ^= u32::from(byte);
            hash = hash.wrapping_mul(0x0100_0193);
        }
    }
    format!("game-{hash:08x}")
}
