//! Exercise generators, deterministic under a seed.

use shakmaty::{Chess, Color, Move, Position, Role, Square};

use super::DrillKind;
use super::coords::{CoordOptions, coordinates};
use super::disambig::construct;
use super::exercise::{Exercise, Expected, Show, fen_of};
use super::features::{Disambiguation, Feature, disambiguation_of, features_of};
use super::games::{Game, GameBook};
use crate::notation::{role_name, san, uci};
use crate::rng::Rng;

/// What a generator needs besides the kind, the seed and the count.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GenOptions {
    /// Review drills: the user's slip codes, due for review first, then the
    /// most frequent (see [`super::review_codes`]). The drill opens with one
    /// exercise per code in this order, then draws codes weighted by rank.
    /// When none of them names a notation feature, every feature is drilled.
    pub weak_codes: Vec<String>,
    /// Transcription drills: the game id (`opera-game`); by default one is
    /// picked by the seed.
    pub game: Option<String>,
    /// Coordinates drills: find or name, the side, the files and ranks.
    pub coordinates: CoordOptions,
    /// The famous games: transcription drills copy one, the other drills
    /// draw realistic positions from them (`None`: positions from random
    /// playouts only, and no transcription).
    pub book: Option<&'static GameBook>,
}

/// Playouts tried per exercise before falling back on the games.
const PLAYOUTS: usize = 40;
/// Longest playout, in plies.
const MAX_PLIES: usize = 160;

/// `count` exercises of `kind`, the same for the same seed.
///
/// Transcription drills give the first `count` moves of one game (the whole
/// game when `count` is 0 or larger than the game).
pub fn generate(kind: DrillKind, seed: u64, count: usize, options: &GenOptions) -> Vec<Exercise> {
    let salt = DrillKind::ALL.iter().position(|&k| k == kind).unwrap_or(0) as u64;
    let mut rng = Rng::new(seed.wrapping_add(salt.wrapping_mul(0x9E37_79B9)));
    match kind {
        DrillKind::Write | DrillKind::Read | DrillKind::Vision => (0..count)
            .filter_map(|_| {
                let feature = *rng.pick(&Feature::ALL)?;
                let (pos, mv) = find(&mut rng, feature, options.book)?;
                Some(move_exercise(kind, pos, mv, Some(feature)))
            })
            .collect(),
        DrillKind::Review => {
            // First one exercise per code, in the given order (due reviews
            // first), then codes weighted by rank.
            let features = review_features(&options.weak_codes);
            (0..count)
                .filter_map(|i| {
                    let own = options
                        .weak_codes
                        .get(i)
                        .map(|code| Feature::for_mistake(code))
                        .filter(|f| !f.is_empty());
                    let feature = *rng.pick(own.unwrap_or(&features))?;
                    let (pos, mv) = find(&mut rng, feature, options.book)?;
                    Some(move_exercise(kind, pos, mv, Some(feature)))
                })
                .collect()
        }
        DrillKind::Disambiguation => (0..count)
            .filter_map(|_| {
                let need = *rng.pick(&Disambiguation::ALL)?;
                let (pos, mv) = construct(&mut rng, need)?;
                let mut ex = move_exercise(kind, pos, mv, Some(Feature::Disambiguation));
                ex.disambiguation = Some(need);
                ex.prompt = format!(
                    "{} Two or more {}s can go there: name the one that moves as briefly as the rules allow.",
                    ex.prompt,
                    role_name(mv.role())
                );
                Some(ex)
            })
            .collect(),
        DrillKind::Coordinates => {
            let mut previous = None;
            (0..count)
                .map(|_| {
                    let ex = coordinates(&mut rng, previous, &options.coordinates);
                    if let Expected::Square(sq) = ex.expected {
                        previous = Some(sq);
                    }
                    ex
                })
                .collect()
        }
        DrillKind::SquareColour => {
            let mut previous = None;
            (0..count)
                .map(|_| {
                    let ex = square_colour(&mut rng, previous);
                    if let Expected::Square(sq) = ex.expected {
                        previous = Some(sq);
                    }
                    ex
                })
                .collect()
        }
        DrillKind::Transcribe => {
            let book = options.book;
            let chosen = options
                .game
                .as_deref()
                .and_then(|id| book?.game(id))
                .or_else(|| rng.pick(book?.games()));
            chosen.map(|g| transcribe(g, count)).unwrap_or_default()
        }
    }
}

/// The features a review drill trains, weighted by how often (by rank)
/// the user gets each code wrong.
fn review_features(weak: &[String]) -> Vec<Feature> {
    let mut out = Vec::new();
    for (i, code) in weak.iter().enumerate() {
        let weight = weak.len() - i;
        for _ in 0..weight {
            out.extend_from_slice(Feature::for_mistake(code));
        }
    }
    if out.is_empty() {
        out.extend_from_slice(&Feature::ALL);
    }
    out
}

/// A position where the side to move has a move with `feature`.
fn find(rng: &mut Rng, feature: Feature, book: Option<&GameBook>) -> Option<(Chess, Move)> {
    if feature == Feature::Disambiguation && rng.chance(50) {
        let need = *rng.pick(&Disambiguation::ALL)?;
        if let Some(found) = construct(rng, need) {
            return Some(found);
        }
    }
    let pools = book.map_or(&[][..], |b| b.pool(game_pool));
    let pool = pools
        .get(feature_index(feature))
        .map_or(&[][..], Vec::as_slice);
    if !pool.is_empty() && rng.chance(30) {
        return rng.pick(pool).cloned();
    }
    (0..PLAYOUTS)
        .find_map(|_| playout(rng, feature))
        .or_else(|| rng.pick(pool).cloned())
}

fn feature_index(feature: Feature) -> usize {
    Feature::ALL.iter().position(|&f| f == feature).unwrap_or(0)
}

/// Every (position, legal move) of `games`, by feature (built once per
/// [`GameBook`]).
fn game_pool(games: &[Game]) -> Vec<Vec<(Chess, Move)>> {
    let mut pool = vec![Vec::new(); Feature::ALL.len()];
    for game in games {
        for (pos, _) in game.positions() {
            for mv in pos.legal_moves() {
                for f in features_of(mv, &san(&pos, mv)) {
                    pool[feature_index(f)].push((pos.clone(), mv));
                }
            }
        }
    }
    pool
}

/// A random game from the start, steered towards what `feature` needs;
/// returns one of the positions met where a move has it.
fn playout(rng: &mut Rng, feature: Feature) -> Option<(Chess, Move)> {
    let mut pos = Chess::default();
    let mut hits = Vec::new();
    let length = 10 + rng.below(MAX_PLIES - 10);
    for _ in 0..length {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        for &mv in &moves {
            if quick_has(&pos, mv, feature) {
                hits.push((pos.clone(), mv));
            }
        }
        let pawn_bias = matches!(
            feature,
            Feature::Promotion | Feature::UnderPromotion | Feature::EnPassant
        );
        let pawns: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|m| m.role() == Role::Pawn)
            .collect();
        let captures: Vec<Move> = moves.iter().copied().filter(|m| m.is_capture()).collect();
        let mv = if pawn_bias && !pawns.is_empty() && rng.chance(60) {
            *rng.pick(&pawns)?
        } else if !captures.is_empty()
            && rng.chance(if feature == Feature::Castling { 5 } else { 35 })
        {
            *rng.pick(&captures)?
        } else {
            *rng.pick(&moves)?
        };
        pos.play_unchecked(mv);
    }
    rng.pick(&hits).cloned()
}

/// Whether `mv` has `feature`, computing SAN only where needed.
fn quick_has(pos: &Chess, mv: Move, feature: Feature) -> bool {
    match feature {
        Feature::Capture => mv.is_capture(),
        Feature::Castling => mv.is_castle(),
        Feature::Promotion => mv.promotion() == Some(Role::Queen),
        Feature::UnderPromotion => mv.promotion().is_some_and(|r| r != Role::Queen),
        Feature::EnPassant => mv.is_en_passant(),
        Feature::Check | Feature::Mate => {
            let mut after = pos.clone();
            after.play_unchecked(mv);
            after.is_check() && (after.is_checkmate() == (feature == Feature::Mate))
        }
        Feature::Disambiguation => {
            !matches!(mv.role(), Role::Pawn | Role::King)
                && disambiguation_of(&san(pos, mv)).is_some()
        }
    }
}

/// The move in words, without giving its notation away: "the knight on g1
/// goes to f3", "the pawn on e7 goes to e8 and becomes a knight".
pub fn describe_move(pos: &Chess, mv: Move) -> String {
    let side = if pos.turn() == Color::White {
        "White"
    } else {
        "Black"
    };
    match mv {
        Move::Castle { king, rook } => {
            let side_word = if rook.file() > king.file() {
                "kingside"
            } else {
                "queenside"
            };
            format!(
                "{side} castles {side_word}: the king on {king} goes two squares towards the rook on {rook}"
            )
        }
        _ => {
            let from = mv.from().map_or_else(String::new, |f| format!(" on {f}"));
            let promo = mv
                .promotion()
                .map_or_else(String::new, |r| format!(" and becomes a {}", role_name(r)));
            format!(
                "{side}: the {}{from} goes to {}{promo}",
                role_name(mv.role()),
                mv.to()
            )
        }
    }
}

fn move_exercise(kind: DrillKind, pos: Chess, mv: Move, feature: Option<Feature>) -> Exercise {
    let written = san(&pos, mv);
    let (prompt, show) = if kind == DrillKind::Vision {
        (
            format!(
                "{} to move plays {written}: name its from and to squares (type g1f3, or click them on the board).",
                if pos.turn() == Color::White {
                    "White"
                } else {
                    "Black"
                }
            ),
            Show::San { san: written },
        )
    } else if kind == DrillKind::Read {
        let how = if mv.promotion().is_some() {
            "its from and to squares and the new piece's letter (like e7e8n)"
        } else {
            "its from and to squares (like e2e4)"
        };
        (
            format!("Play {written}: type {how}."),
            Show::San { san: written },
        )
    } else {
        (
            format!("{}. Write the move in SAN.", describe_move(&pos, mv)),
            Show::Move { uci: uci(mv) },
        )
    };
    Exercise {
        kind,
        fen: fen_of(&pos),
        orientation: pos.turn(),
        position: pos,
        prompt,
        show,
        expected: Expected::Move(mv),
        feature,
        disambiguation: None,
    }
}

/// A square-colour exercise ("is f6 light or dark?"), never the previous
/// exercise's square's file or rank.
fn square_colour(rng: &mut Rng, previous: Option<Square>) -> Exercise {
    let mut ex = coordinates(rng, previous, &CoordOptions::default());
    let Expected::Square(square) = ex.expected else {
        return ex;
    };
    ex.kind = DrillKind::SquareColour;
    ex.orientation = Color::White;
    ex.prompt = format!("Is {square} light or dark? Answer light or dark (l or d).");
    ex.show = Show::Colour { square };
    ex
}

fn transcribe(game: &Game, count: usize) -> Vec<Exercise> {
    let title = game.title();
    let positions = game.positions();
    let take = if count == 0 { positions.len() } else { count };
    positions
        .into_iter()
        .take(take)
        .map(|(pos, mv)| {
            let number = pos.fullmoves().get();
            let dots = if pos.turn() == Color::White {
                "."
            } else {
                "..."
            };
            Exercise {
                kind: DrillKind::Transcribe,
                fen: fen_of(&pos),
                orientation: Color::White,
                prompt: format!(
                    "{title}, move {number}{dots} {}. Write it in SAN.",
                    describe_move(&pos, mv)
                ),
                show: Show::Game {
                    game: title.clone(),
                    move_number: number,
                    side: pos.turn(),
                    uci: uci(mv),
                },
                expected: Expected::Move(mv),
                position: pos,
                feature: None,
                disambiguation: None,
            }
        })
        .collect()
}
