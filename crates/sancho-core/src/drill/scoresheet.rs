//! The scoresheet trainer: a game is played out move by move and the user
//! writes each move as it is played, as on an over-the-board scoresheet
//! (FIDE Laws, Article 8.1: after the move is made, never before). Each
//! entry is graded right, non-canonical (the move, with the notation
//! engine's diagnostics) or wrong; the sheet shows in two columns.
//!
//! Pure: the games come in as text or as the built-in [`Game`]s.

mod playback;

use std::collections::BTreeMap;

use serde::Serialize;
use shakmaty::{Chess, Color, Move, Position};

use super::games::{Game, GameBook};
use super::pgn::{PgnError, parse_games};
use super::run::{DrillSummary, Mistake};
use crate::notation::{
    Code, Diagnostic, Lang, Strictness, move_text, play_movetext, resolve_in, slip_codes,
};
use crate::progress::{DrillResult, Timestamp};

pub use playback::Playback;

/// A game to write down: its title and every position with its move.
#[derive(Clone, Debug, PartialEq)]
pub struct SheetGame {
    /// `White – Black, Site Year` (what the PGN tags give).
    pub title: String,
    /// The players, for `--game NAME`.
    pub players: (String, String),
    /// The position before each move, with the move.
    pub moves: Vec<(Chess, Move)>,
}

/// Why a game cannot be written down.
#[derive(Debug, thiserror::Error)]
pub enum ScoresheetError {
    /// The PGN text could not be read.
    #[error("the PGN cannot be read: {0}")]
    Pgn(#[from] PgnError),
    /// A game's moves do not replay from the start position.
    #[error("game {number} ({title}): {message}")]
    Moves {
        /// 1-based game number in the file.
        number: usize,
        /// Its title.
        title: String,
        /// What the notation engine said.
        message: String,
    },
    /// No game matches `--game`.
    #[error("no game {given:?}: choose a number from 1 to {count} or a player's name ({names})")]
    NoSuchGame {
        /// What was asked for.
        given: String,
        /// How many games there are.
        count: usize,
        /// The games' players, `White – Black`, joined.
        names: String,
    },
    /// The file has no game.
    #[error("the PGN holds no game")]
    Empty,
}

impl SheetGame {
    /// A built-in game.
    pub fn builtin(game: &Game) -> SheetGame {
        let tag = |name| game.pgn.tag(name).unwrap_or("?").to_owned();
        SheetGame {
            title: game.title(),
            players: (tag("White"), tag("Black")),
            moves: game.positions(),
        }
    }

    /// Every game of `book`.
    #[must_use]
    pub fn all_of(book: &GameBook) -> Vec<SheetGame> {
        book.games().iter().map(SheetGame::builtin).collect()
    }

    /// Every game of a PGN text, replayed from the start position.
    ///
    /// # Errors
    /// Unreadable PGN, a game whose moves do not replay, or no game.
    pub fn from_pgn(text: &str) -> Result<Vec<SheetGame>, ScoresheetError> {
        let parsed = parse_games(text)?;
        if parsed.is_empty() {
            return Err(ScoresheetError::Empty);
        }
        parsed
            .iter()
            .enumerate()
            .map(|(i, pgn)| {
                let tag = |name| pgn.tag(name).unwrap_or("?").to_owned();
                let year = tag("Date").split('.').next().unwrap_or("?").to_owned();
                let title = format!(
                    "{} – {}, {} {year}",
                    tag("White"),
                    tag("Black"),
                    tag("Site")
                );
                let (_, moves) =
                    play_movetext(&Chess::default(), &pgn.moves.join(" ")).map_err(|e| {
                        ScoresheetError::Moves {
                            number: i + 1,
                            title: title.clone(),
                            message: e.to_string(),
                        }
                    })?;
                let mut pos = Chess::default();
                let mut pairs = Vec::with_capacity(moves.len());
                for mv in moves {
                    pairs.push((pos.clone(), mv));
                    pos.play_unchecked(mv);
                }
                Ok(SheetGame {
                    title,
                    players: (tag("White"), tag("Black")),
                    moves: pairs,
                })
            })
            .collect()
    }
}

/// The game `key` names: its 1-based number, or a word of a player's name
/// (any case: `morphy`).
///
/// # Errors
/// [`ScoresheetError::NoSuchGame`] listing the choices.
pub fn pick_game<'a>(games: &'a [SheetGame], key: &str) -> Result<&'a SheetGame, ScoresheetError> {
    super::find_game(
        games,
        key,
        |_| None,
        |g| (g.players.0.as_str(), g.players.1.as_str()),
    )
    .ok_or_else(|| ScoresheetError::NoSuchGame {
        given: key.trim().to_owned(),
        count: games.len(),
        names: games
            .iter()
            .map(|g| format!("{} – {}", g.players.0, g.players.1))
            .collect::<Vec<_>>()
            .join("; "),
    })
}

/// How an entry on the sheet is graded.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "grade", rename_all = "snake_case")]
pub enum Grade {
    /// Canonical SAN of the move played.
    Right,
    /// The move played, not written as canonical SAN.
    NonCanonical {
        /// Every departure, explained.
        diagnostics: Vec<Diagnostic>,
    },
    /// Another move, or no move at all.
    Wrong {
        /// Why, in words.
        reason: String,
        /// The notation engine's diagnostics, when it had any.
        diagnostics: Vec<Diagnostic>,
    },
}

/// One entry of the sheet.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Entry {
    /// The move number.
    pub number: u32,
    /// Who moved.
    #[serde(serialize_with = "side_name")]
    pub side: Color,
    /// What the user wrote.
    pub written: String,
    /// The move played, in canonical SAN.
    pub expected: String,
    /// The grade.
    #[serde(flatten)]
    pub grade: Grade,
    /// The notation slips the entry is recorded under: a departure's
    /// codes, or an ambiguous entry's `missing-disambiguation` (empty for a
    /// right entry and for another move written right).
    #[serde(skip)]
    pub slips: Vec<Code>,
}

fn side_name<S: serde::Serializer>(side: &Color, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(crate::notation::color_name(*side))
}

/// A scoresheet being written.
#[derive(Clone, Debug, PartialEq)]
pub struct Sheet {
    game: SheetGame,
    entries: Vec<Entry>,
    count: usize,
    /// The piece letters entries are written in (`Sf3` in German).
    lang: Lang,
}

/// The counts at the end.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SheetSummary {
    /// Entries written.
    pub written: u32,
    /// Right.
    pub right: u32,
    /// The right move, not in canonical SAN.
    pub non_canonical: u32,
    /// Wrong.
    pub wrong: u32,
    /// Diagnostic codes of the non-canonical and wrong entries, with counts.
    pub by_code: BTreeMap<String, u32>,
}

impl Sheet {
    /// A sheet for the first `count` moves of `game` (0: all).
    pub fn new(game: SheetGame, count: usize) -> Sheet {
        let count = if count == 0 {
            game.moves.len()
        } else {
            count.min(game.moves.len())
        };
        Sheet {
            game,
            entries: Vec::new(),
            count,
            lang: Lang::EN,
        }
    }

    /// Entries written in `lang`'s piece letters (`--lang de`: `Sf3`).
    #[must_use]
    pub fn with_lang(mut self, lang: Lang) -> Sheet {
        self.lang = lang;
        self
    }

    /// The piece letters entries are written in.
    pub fn lang(&self) -> Lang {
        self.lang
    }

    /// The game.
    pub fn game(&self) -> &SheetGame {
        &self.game
    }

    /// The move being played now (position before it, the move), or `None`
    /// when the sheet is complete.
    pub fn current(&self) -> Option<&(Chess, Move)> {
        (self.entries.len() < self.count).then(|| self.game.moves.get(self.entries.len()))?
    }

    /// The move number and side of the current move.
    pub fn number(&self) -> (u32, Color) {
        let ply = self.entries.len();
        let number = u32::try_from(ply / 2 + 1).unwrap_or(u32::MAX);
        (
            number,
            if ply.is_multiple_of(2) {
                Color::White
            } else {
                Color::Black
            },
        )
    }

    /// How many moves the sheet takes.
    pub fn len(&self) -> usize {
        self.count
    }

    /// Whether the sheet takes no move at all.
    pub fn is_empty(&self) -> bool {
        self.count == 0
    }

    /// Writes `text` for the current move and grades it; `None` when the
    /// sheet is complete.
    pub fn write(&mut self, text: &str) -> Option<&Entry> {
        let (pos, mv) = self.current()?.clone();
        let (number, side) = self.number();
        let expected = move_text(&pos, mv).san;
        let local = |san: &str| self.lang.localize(san);
        let (grade, slips) = match resolve_in(&pos, text, Strictness::Lenient, self.lang) {
            Ok(r) if r.text.mv == mv => {
                let diagnostics: Vec<Diagnostic> = r.diagnostics;
                let slips = slip_codes(&diagnostics);
                if slips.is_empty() {
                    (Grade::Right, slips)
                } else {
                    (Grade::NonCanonical { diagnostics }, slips)
                }
            }
            Ok(r) => (
                Grade::Wrong {
                    reason: format!(
                        "{} is another move; the move played was {}",
                        local(&r.text.san),
                        local(&expected)
                    ),
                    diagnostics: Vec::new(),
                },
                Vec::new(),
            ),
            Err(rejected) => {
                let slips = rejected.slip_codes();
                (
                    Grade::Wrong {
                        reason: rejected.error.to_string(),
                        diagnostics: rejected.diagnostics,
                    },
                    slips,
                )
            }
        };
        self.entries.push(Entry {
            number,
            side,
            written: text.trim().to_owned(),
            expected,
            grade,
            slips,
        });
        self.entries.last()
    }

    /// The entries so far.
    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    /// The sheet as written, in two columns with move numbers:
    /// ` 1. e4          e5`; a wrong or non-canonical entry is followed by
    /// `*` (see the entries for the grades).
    pub fn rows(&self) -> Vec<String> {
        self.entries
            .chunks(2)
            .map(|pair| {
                let cell = |e: &Entry| {
                    let mark = if e.grade == Grade::Right { "" } else { "*" };
                    format!("{}{mark}", e.written)
                };
                let white = pair.first().map(cell).unwrap_or_default();
                let black = pair.get(1).map(cell).unwrap_or_default();
                let number = pair.first().map_or(0, |e| e.number);
                format!("{number:>3}. {white:<12} {black}")
                    .trim_end()
                    .to_owned()
            })
            .collect()
    }

    /// The record to store: one exercise per entry, right entries
    /// correct, each diagnostic of the others a mistake (with the move's
    /// canonical SAN), ended at `at`.
    pub fn result(&self, at: Timestamp) -> DrillResult {
        self.drill_summary(0).into_result(at)
    }

    /// The sheet as a drill's summary (kind `scoresheet`), taking
    /// `time_ms`: what the full screen hands over to be recorded, the same
    /// record as [`Sheet::result`].
    pub fn drill_summary(&self, time_ms: u64) -> DrillSummary {
        let summary = self.summary();
        let mistakes: Vec<Mistake> = self
            .entries
            .iter()
            .flat_map(|e| {
                e.slips.iter().map(|code| Mistake {
                    code: code.as_str().to_owned(),
                    expected: e.expected.clone(),
                    answer: e.written.clone(),
                })
            })
            .collect();
        DrillSummary {
            kind: "scoresheet".to_owned(),
            exercises: summary.written,
            correct: summary.right,
            accuracy: if summary.written == 0 {
                0.0
            } else {
                f64::from(summary.right) / f64::from(summary.written)
            },
            time_ms,
            ms_per_answer: (summary.written > 0).then(|| time_ms / u64::from(summary.written)),
            mistakes,
            timed_out: false,
            coordinates: None,
            trained: Vec::new(),
        }
    }

    /// The counts so far.
    pub fn summary(&self) -> SheetSummary {
        let mut s = SheetSummary {
            written: 0,
            right: 0,
            non_canonical: 0,
            wrong: 0,
            by_code: BTreeMap::new(),
        };
        for e in &self.entries {
            s.written += 1;
            match &e.grade {
                Grade::Right => s.right += 1,
                Grade::NonCanonical { .. } => s.non_canonical += 1,
                Grade::Wrong { .. } => s.wrong += 1,
            }
            for code in &e.slips {
                *s.by_code.entry(code.as_str().to_owned()).or_default() += 1;
            }
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TWO_GAMES: &str = "[White \"Anna\"]\n[Black \"Ben\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 4. O-O *\n\n\
        [White \"Cleo\"]\n[Black \"Dan\"]\n\n1. d4 d5 2. c4 dxc4 *\n";

    #[test]
    fn a_pgn_with_several_games_is_picked_by_number_or_name() {
        let games = SheetGame::from_pgn(TWO_GAMES).unwrap();
        assert_eq!(games.len(), 2);
        assert_eq!(pick_game(&games, "2").unwrap().players.0, "Cleo");
        assert_eq!(pick_game(&games, "ben").unwrap().players.0, "Anna");
        let err = pick_game(&games, "zed").unwrap_err().to_string();
        assert!(
            err.contains("1 to 2") && err.contains("Anna – Ben; Cleo – Dan"),
            "{err}"
        );
        assert!(SheetGame::from_pgn("1. e4 e6 2. Ke3 Ke7 3. Kf9 *").is_err());
    }

    #[test]
    fn entries_are_right_non_canonical_or_wrong() {
        let games = SheetGame::from_pgn(TWO_GAMES).unwrap();
        let mut sheet = Sheet::new(games[0].clone(), 0);
        assert_eq!(sheet.len(), 7);
        for written in ["e4", "e5", "Ng1f3", "Nc6", "Bb5", "nf6", "0-0"] {
            sheet.write(written).unwrap();
        }
        assert!(sheet.write("e4").is_none(), "the sheet is complete");
        let grades: Vec<&str> = sheet
            .entries()
            .iter()
            .map(|e| match e.grade {
                Grade::Right => "right",
                Grade::NonCanonical { .. } => "non-canonical",
                Grade::Wrong { .. } => "wrong",
            })
            .collect();
        assert_eq!(
            grades,
            [
                "right",
                "right",
                "non-canonical",
                "right",
                "wrong",
                "non-canonical",
                "non-canonical"
            ]
        );
        let s = sheet.summary();
        assert_eq!((s.written, s.right, s.non_canonical, s.wrong), (7, 3, 3, 1));
        assert!(
            s.by_code
                .keys()
                .any(|c| c.contains("castl") || c.contains("zero")),
            "{:?}",
            s.by_code
        );
        assert_eq!(
            sheet.rows(),
            [
                "  1. e4           e5",
                "  2. Ng1f3*       Nc6",
                "  3. Bb5*         nf6*",
                "  4. 0-0*"
            ]
        );
        assert_eq!(sheet.entries()[4].expected, "Bc4");
    }
}
