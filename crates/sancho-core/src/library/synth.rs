//! Synthetic Lichess puzzle CSV: realistic in shape, deterministic under a
//! seed, any size. For tests and measurements; the puzzles are not puzzles
//! (the lines are random legal moves), but every field has the real format
//! and plausible distributions.
//!
//! Positions come from random playouts (10–60 plies from the start), then a
//! line of 2–8 legal moves. Ratings are normal-ish around 1500 (400–3000),
//! themes are the real Lichess names at frequencies taken from the real
//! database, opening tags are empty four times in five.

use std::io::{self, Write};

use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Color, EnPassantMode, Position, fen::Fen};

/// The header of a Lichess puzzle CSV.
pub const HEADER: &str =
    "PuzzleId,FEN,Moves,Rating,RatingDeviation,Popularity,NbPlays,Themes,GameUrl,OpeningTags";

/// Tactical themes and how many puzzles in a thousand carry them (from the
/// real database). Phase, length and mate themes are derived separately.
const THEMES: &[(&str, u32)] = &[
    ("fork", 143),
    ("master", 113),
    ("sacrifice", 109),
    ("kingsideAttack", 101),
    ("pin", 66),
    ("discoveredAttack", 62),
    ("attraction", 59),
    ("advancedPawn", 59),
    ("deflection", 57),
    ("backRankMate", 53),
    ("rookEndgame", 51),
    ("defensiveMove", 39),
    ("hangingPiece", 38),
    ("skewer", 31),
    ("exposedKing", 29),
    ("quietMove", 29),
    ("pawnEndgame", 24),
    ("promotion", 23),
    ("queensideAttack", 19),
    ("clearance", 13),
    ("intermezzo", 11),
    ("queenEndgame", 9),
    ("trappedPiece", 9),
    ("bishopEndgame", 9),
    ("masterVsMaster", 9),
    ("capturingDefender", 8),
    ("attackingF2F7", 7),
    ("zugzwang", 7),
    ("queenRookEndgame", 6),
    ("doubleCheck", 6),
    ("knightEndgame", 6),
    ("interference", 6),
    ("smotheredMate", 4),
    ("pillsburysMate", 4),
    ("operaMate", 4),
    ("xRayAttack", 3),
    ("enPassant", 2),
    ("anastasiaMate", 1),
    ("hookMate", 1),
    ("superGM", 1),
    ("epauletteMate", 1),
    ("cornerMate", 1),
    ("doubleBishopMate", 1),
    ("arabianMate", 1),
    ("discoveredCheck", 1),
    ("bodenMate", 1),
    ("killBoxMate", 1),
    ("vukovicMate", 1),
    ("underPromotion", 1),
    ("dovetailMate", 1),
    ("morphysMate", 1),
];

/// Opening families (tags); a variation tag is sometimes added.
const OPENINGS: &[&str] = &[
    "Sicilian_Defense",
    "Queens_Pawn_Game",
    "French_Defense",
    "Italian_Game",
    "Scandinavian_Defense",
    "Caro-Kann_Defense",
    "Queens_Gambit_Declined",
    "English_Opening",
    "Ruy_Lopez",
    "Scotch_Game",
    "Indian_Defense",
    "Kings_Pawn_Game",
    "Philidor_Defense",
    "Vienna_Game",
    "Russian_Game",
    "Pirc_Defense",
];

const VARIATIONS: &[&str] = &["Main_Line", "Other_Variations", "Exchange_Variation"];

const ALPHABET: &[u8] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/// A deliberately bad row, for tests of the importer's checks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BadKind {
    /// The user's first move is not legal.
    IllegalMove,
    /// A move is not UCI at all.
    NotUci,
    /// The FEN is an impossible position (no kings).
    BadFen,
    /// Only the opponent's move.
    TooFewMoves,
    /// The rating is not a number.
    BadRating,
}

impl BadKind {
    const ALL: [BadKind; 5] = [
        BadKind::IllegalMove,
        BadKind::NotUci,
        BadKind::BadFen,
        BadKind::TooFewMoves,
        BadKind::BadRating,
    ];
}

/// What to generate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SynthConfig {
    /// Data rows.
    pub rows: u64,
    /// The seed: the same seed gives the same file.
    pub seed: u64,
    /// Make every n-th row (n ≥ 1) bad, cycling through [`BadKind`]s.
    pub bad_every: Option<u64>,
}

/// One generated row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SynthRow {
    /// 1-based line in the CSV (the header is line 1).
    pub line: u64,
    /// Puzzle id (5 characters, unique within a file).
    pub id: String,
    /// The FEN before the opponent's move.
    pub fen: String,
    /// The line, UCI.
    pub moves: Vec<String>,
    /// Rating as written (a number unless the row is a `BadRating`).
    pub rating: String,
    /// Rating deviation.
    pub rating_deviation: u32,
    /// Popularity, -100..=100.
    pub popularity: i32,
    /// Number of plays.
    pub nb_plays: u32,
    /// Themes.
    pub themes: Vec<&'static str>,
    /// Source game URL with a ply anchor.
    pub game_url: String,
    /// Opening tags, often none.
    pub opening_tags: Vec<String>,
    /// Why the row is bad, when it was made so.
    pub bad: Option<BadKind>,
}

impl SynthRow {
    /// The row as a CSV line (no newline). No field needs quoting.
    pub fn to_csv(&self) -> String {
        format!(
            "{},{},{},{},{},{},{},{},{},{}",
            self.id,
            self.fen,
            self.moves.join(" "),
            self.rating,
            self.rating_deviation,
            self.popularity,
            self.nb_plays,
            self.themes.join(" "),
            self.game_url,
            self.opening_tags.join(" ")
        )
    }

    /// The rating as a number (`None` for a `BadRating` row).
    pub fn rating_value(&self) -> Option<u32> {
        self.rating.parse().ok()
    }
}

/// SplitMix64: small, fast, good enough for test data, and stable across
/// platforms and versions (unlike a dependency's generator).
#[derive(Clone, Debug)]
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (n > 0).
    fn below(&mut self, n: u64) -> u64 {
        ((u128::from(self.next()) * u128::from(n)) >> 64) as u64
    }

    /// Uniform in [0, 1).
    fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// Standard normal (Box–Muller).
    fn normal(&mut self) -> f64 {
        let u = self.unit().max(1e-12);
        let v = self.unit();
        (-2.0 * u.ln()).sqrt() * (std::f64::consts::TAU * v).cos()
    }

    fn chance(&mut self, per_thousand: u32) -> bool {
        self.below(1000) < u64::from(per_thousand)
    }
}

/// An endless-until-`rows` iterator of synthetic rows.
#[derive(Clone, Debug)]
pub struct Synth {
    config: SynthConfig,
    rng: Rng,
    index: u64,
}

/// Starts generating rows for `config`.
pub fn synth_rows(config: SynthConfig) -> Synth {
    Synth {
        config,
        rng: Rng(config.seed ^ 0x5a4c_4e43_4f00_0001),
        index: 0,
    }
}

/// Writes the header and `config.rows` rows to `out`.
///
/// # Errors
/// The writer's.
pub fn write_csv<W: Write>(config: SynthConfig, mut out: W) -> io::Result<()> {
    writeln!(out, "{HEADER}")?;
    for row in synth_rows(config) {
        writeln!(out, "{}", row.to_csv())?;
    }
    out.flush()
}

impl Iterator for Synth {
    type Item = SynthRow;

    fn next(&mut self) -> Option<SynthRow> {
        if self.index >= self.config.rows {
            return None;
        }
        let index = self.index;
        self.index += 1;
        let mut row = make_row(&mut self.rng, index, self.config.seed);
        if let Some(n) = self.config.bad_every.filter(|n| *n > 0)
            && (index + 1).is_multiple_of(n)
        {
            let kind = BadKind::ALL[((index + 1) / n % BadKind::ALL.len() as u64) as usize];
            spoil(&mut row, kind);
        }
        Some(row)
    }
}

/// A unique 5-character id for row `index` (a bijection on 0..62⁵ mixed by
/// the seed, so ids look random but never collide).
fn puzzle_id(index: u64, seed: u64) -> String {
    const SPACE: u64 = 62u64.pow(5);
    // 1_000_003 is prime and coprime with 62⁵ = 2⁵·31⁵.
    let offset = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) % SPACE;
    let mut n = (index % SPACE * 1_000_003 % SPACE + offset) % SPACE;
    let mut id = [0u8; 5];
    for slot in id.iter_mut().rev() {
        *slot = ALPHABET[(n % 62) as usize];
        n /= 62;
    }
    id.iter().map(|&b| char::from(b)).collect()
}

/// A random legal move; with `greed` (per thousand) a capture when there is
/// one, so that playouts can reach endgames.
fn random_move(rng: &mut Rng, pos: &Chess, greed: u32) -> Option<shakmaty::Move> {
    let moves = pos.legal_moves();
    if moves.is_empty() {
        return None;
    }
    if greed > 0 && rng.chance(greed) {
        let captures: Vec<_> = moves.iter().filter(|m| m.is_capture()).collect();
        if !captures.is_empty() {
            return Some(*captures[rng.below(captures.len() as u64) as usize]);
        }
    }
    Some(moves[rng.below(moves.len() as u64) as usize])
}

/// The game phase a row is generated for, at the real database's rates.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    Opening,
    Middlegame,
    Endgame,
}

/// A playout position for `phase` and a legal line from it.
fn position_and_line(rng: &mut Rng, phase: Phase) -> (Chess, usize, Vec<String>) {
    let (min, span, greed) = match phase {
        Phase::Opening => (10, 7, 0),
        Phase::Middlegame => (16, 45, 0),
        Phase::Endgame => (30, 31, 800),
    };
    loop {
        let plies = min + rng.below(span) as usize;
        let mut pos = Chess::default();
        let mut ok = true;
        for _ in 0..plies {
            match random_move(rng, &pos, greed) {
                Some(m) => pos.play_unchecked(m),
                None => {
                    ok = false;
                    break;
                }
            }
        }
        if !ok {
            continue;
        }
        let want = match rng.below(100) {
            0..17 => 2,
            17..67 => 4,
            67..93 => 6,
            _ => 8,
        };
        let start = pos.clone();
        let mut line = Vec::with_capacity(want);
        for _ in 0..want {
            match random_move(rng, &pos, 0) {
                Some(m) => {
                    line.push(m.to_uci(CastlingMode::Standard).to_string());
                    pos.play_unchecked(m);
                }
                None => break,
            }
        }
        if line.len() >= 2 {
            return (start, plies, line);
        }
    }
}

fn make_row(rng: &mut Rng, index: u64, seed: u64) -> SynthRow {
    let phase = match rng.below(100) {
        0..5 => Phase::Opening,
        5..50 => Phase::Middlegame,
        _ => Phase::Endgame,
    };
    let (start, plies, moves) = position_and_line(rng, phase);
    let fen = Fen::from_position(&start, EnPassantMode::Legal).to_string();
    let rating = (1500.0 + 450.0 * rng.normal()).clamp(400.0, 3000.0) as u32;
    let rating_deviation = (74.0 + 15.0 * rng.normal().abs()).min(500.0) as u32;
    let popularity = (100.0 - 25.0 * rng.normal().abs()).clamp(-100.0, 100.0) as i32;
    let nb_plays = (rng.normal() * 1.6 + 6.5).exp().clamp(0.0, 4_000_000.0) as u32;

    let mut themes: Vec<&'static str> = Vec::new();
    themes.push(match phase {
        Phase::Opening => "opening",
        Phase::Middlegame => "middlegame",
        Phase::Endgame => "endgame",
    });
    // Every real puzzle has one evaluation theme: mate, crushing, advantage
    // or (rarely) equality.
    if rng.chance(393) {
        themes.push("mate");
        themes.push(match moves.len() / 2 {
            1 => "mateIn1",
            2 => "mateIn2",
            3 => "mateIn3",
            _ => "mateIn4",
        });
    } else {
        themes.push(match rng.below(1000) {
            0..520 => "crushing",
            520..988 => "advantage",
            _ => "equality",
        });
    }
    themes.push(match moves.len() {
        2 => "oneMove",
        4 => "short",
        6 => "long",
        _ => "veryLong",
    });
    for (name, per_thousand) in THEMES {
        if rng.chance(*per_thousand) {
            themes.push(name);
        }
    }
    themes.sort_unstable();

    let opening_tags = if plies < 30 && rng.chance(450) {
        let family = OPENINGS[rng.below(OPENINGS.len() as u64) as usize];
        let mut tags = vec![family.to_owned()];
        if rng.chance(700) {
            let variation = VARIATIONS[rng.below(VARIATIONS.len() as u64) as usize];
            tags.push(format!("{family}_{variation}"));
        }
        tags
    } else {
        Vec::new()
    };
    let game: String = (0..8)
        .map(|_| char::from(ALPHABET[rng.below(62) as usize]))
        .collect();
    let solver_black = start.turn() == Color::White;
    let game_url = format!(
        "https://lichess.org/{game}{}#{}",
        if solver_black { "/black" } else { "" },
        plies + 1
    );
    SynthRow {
        line: index + 2,
        id: puzzle_id(index, seed),
        fen,
        moves,
        rating: rating.to_string(),
        rating_deviation,
        popularity,
        nb_plays,
        themes,
        game_url,
        opening_tags,
        bad: None,
    }
}

/// Makes a row bad in the given way.
fn spoil(row: &mut SynthRow, kind: BadKind) {
    row.bad = Some(kind);
    match kind {
        BadKind::IllegalMove => {
            // A move that is illegal after the opponent's first move.
            let after = Fen::from_ascii(row.fen.as_bytes())
                .ok()
                .and_then(|f| f.into_position::<Chess>(CastlingMode::Standard).ok())
                .and_then(|mut pos| {
                    let m = UciMove::from_ascii(row.moves[0].as_bytes())
                        .ok()?
                        .to_move(&pos)
                        .ok()?;
                    pos.play_unchecked(m);
                    Some(pos)
                });
            let illegal = ["a1h8", "h8a1", "a8h1", "h1a8", "a1a8", "h1h8", "d1d8"]
                .into_iter()
                .find(|c| {
                    after.as_ref().is_some_and(|pos| {
                        UciMove::from_ascii(c.as_bytes())
                            .ok()
                            .is_none_or(|u| u.to_move(pos).is_err())
                    })
                })
                .unwrap_or("a1h8");
            row.moves[1] = illegal.to_owned();
        }
        BadKind::NotUci => row.moves[1] = "z9z9".to_owned(),
        BadKind::BadFen => row.fen = "8/8/8/8/8/8/8/8 w - - 0 1".to_owned(),
        BadKind::TooFewMoves => row.moves.truncate(1),
        BadKind::BadRating => row.rating = "high".to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_unique_and_five_characters() {
        let mut seen = std::collections::HashSet::new();
        for i in 0..100_000 {
            let id = puzzle_id(i, 42);
            assert_eq!(id.len(), 5);
            assert!(seen.insert(id), "duplicate at {i}");
        }
    }

    #[test]
    fn the_same_seed_gives_the_same_rows_and_another_seed_does_not() {
        let config = SynthConfig {
            rows: 20,
            seed: 7,
            bad_every: None,
        };
        let a: Vec<_> = synth_rows(config).collect();
        let b: Vec<_> = synth_rows(config).collect();
        let c: Vec<_> = synth_rows(SynthConfig { seed: 8, ..config }).collect();
        assert_eq!(a, b);
        assert_ne!(a, c);
    }

    #[test]
    fn fields_are_in_range() {
        let config = SynthConfig {
            rows: 300,
            seed: 1,
            bad_every: None,
        };
        for row in synth_rows(config) {
            let r = row.rating_value().unwrap();
            assert!((400..=3000).contains(&r), "{r}");
            assert!((-100..=100).contains(&row.popularity));
            assert!((2..=8).contains(&row.moves.len()));
            assert!(!row.themes.is_empty());
            assert!(row.game_url.starts_with("https://lichess.org/"));
        }
    }

    #[test]
    fn every_nth_row_is_bad_cycling_through_kinds() {
        let config = SynthConfig {
            rows: 50,
            seed: 3,
            bad_every: Some(5),
        };
        let bad: Vec<_> = synth_rows(config).filter_map(|r| r.bad).collect();
        assert_eq!(bad.len(), 10);
        for kind in BadKind::ALL {
            assert!(bad.contains(&kind), "{kind:?}");
        }
    }
}
